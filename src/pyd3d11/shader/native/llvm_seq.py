"""The operation interface of shader/ops/transcendental.py, emitting LLVM IR (vectors of the generator's width).

Each method emits exactly the IEEE operation its numpy twin (``transcendental.NumpyOps``) performs — plain
``fadd``/``fsub``/``fmul``/``fdiv`` without fast-math flags (so LLVM neither contracts them into FMAs nor
reassociates), ``llvm.sqrt``/``llvm.roundeven``/``llvm.floor``, bit casts and integer operations — so the
sequences give the same bits on both backends.
"""

from __future__ import annotations


def _splat(v: int, t: str = "i32") -> str:
    return f"splat ({t} {v})"


class LlvmOps:
    """Values are SSA names; ``types`` remembers each one's vector type."""

    def __init__(self, gen) -> None:
        self.g = gen
        self.types: dict[str, str] = {}
        # the generator's vector width (8, or 16 where AVX-512 is used)
        self.VI, self.VF, self.VB = gen.VI, gen.VF, gen.VB
        #: transcendental._sin_reduced may leave out its +-INF -> default NaN select: on x86 (gen.x86_ops) the
        #: sequence's own operations give that NaN. sin: t = x*(1/pi) + M and k = t - M are +-INF, k*P1 is INF of
        #: x's sign and x - k*P1 = INF - INF is the invalid operation's default NaN 0xFFC00000 (Intel SDM Vol. 1
        #: §4.8.3.7, "real indefinite"); cos: h*P1 - x likewise. Every later step has that NaN as its only NaN
        #: operand (r - k*P2, r*r, the polynomial, r*(1 + ...)), which x86 returns as it is, whatever the operand
        #: order; the sign XOR adds t's lowest significand bit, 0 for an infinity; the clamp's compares are false
        #: for a NaN. So the result already is 0xFFC00000 (tests/test_native_x86_ops.py checks +-INF natively)
        self.inf_gives_default_nan = bool(getattr(gen, "x86_ops", False))

    def _v(self, t: str, s: str) -> str:
        name = self.g.v(s)
        self.types[name] = t
        return name

    def _fn(self, name: str) -> str:
        self.g.intr(f"declare {self.VF} @llvm.{name}.v{self.g.W}f32({self.VF})")
        return f"@llvm.{name}.v{self.g.W}f32"

    def f(self, bits: int) -> str:
        return self._v(self.VF, f"bitcast {self.VI} {_splat(int(bits) - (1 << 32) if bits >= 1 << 31 else bits)} to {self.VF}")

    def i(self, v: int) -> str:
        return self._v(self.VI, f"add {self.VI} {_splat(v)}, zeroinitializer")

    def _f2(self, op: str, a: str, b: str) -> str:
        return self._v(self.VF, f"{op} {self.VF} {a}, {b}")

    def add(self, a, b):
        return self._f2("fadd", a, b)

    def sub(self, a, b):
        return self._f2("fsub", a, b)

    def mul(self, a, b):
        return self._f2("fmul", a, b)

    def div(self, a, b):
        return self._f2("fdiv", a, b)

    def sqrt(self, a):
        return self._v(self.VF, f"call {self.VF} {self._fn('sqrt')}({self.VF} {a})")

    def rint(self, a):
        return self._v(self.VF, f"call {self.VF} {self._fn('roundeven')}({self.VF} {a})")

    def floor(self, a):
        return self._v(self.VF, f"call {self.VF} {self._fn('floor')}({self.VF} {a})")

    def neg(self, a):
        return self.from_bits(self._v(self.VI, f"xor {self.VI} {self.bits(a)}, {_splat(-0x80000000)}"))

    def abs(self, a):
        return self.from_bits(self._v(self.VI, f"and {self.VI} {self.bits(a)}, {_splat(0x7FFFFFFF)}"))

    def _fc(self, pred: str, a: str, b: str) -> str:
        return self._v(self.VB, f"fcmp {pred} {self.VF} {a}, {b}")

    def gt(self, a, b):
        return self._fc("ogt", a, b)

    def lt(self, a, b):
        return self._fc("olt", a, b)

    def eq(self, a, b):
        return self._fc("oeq", a, b)

    def isnan(self, a):
        return self._fc("uno", a, a)

    def bor(self, a, b):
        return self._v(self.VB, f"or {self.VB} {a}, {b}")

    def select(self, c, a, b):
        t = self.types.get(a) or self.types.get(b, self.VF)  # untyped: the float input
        return self._v(t, f"select {self.VB} {c}, {t} {a}, {t} {b}")

    def bits(self, a):
        return self._v(self.VI, f"bitcast {self.VF} {a} to {self.VI}")

    def from_bits(self, a):
        return self._v(self.VF, f"bitcast {self.VI} {a} to {self.VF}")

    def _i2(self, op: str, a: str, b: str) -> str:
        return self._v(self.VI, f"{op} {self.VI} {a}, {b}")

    def iadd(self, a, b):
        return self._i2("add", a, b)

    def isub(self, a, b):
        return self._i2("sub", a, b)

    def iand(self, a, b):
        return self._i2("and", a, b)

    def ior(self, a, b):
        return self._i2("or", a, b)

    def ixor(self, a, b):
        return self._i2("xor", a, b)

    def shl(self, a, n: int):
        return self._v(self.VI, f"shl {self.VI} {a}, {_splat(n)}")

    def lshr(self, a, n: int):
        return self._v(self.VI, f"lshr {self.VI} {a}, {_splat(n)}")

    def ugt(self, a, b):
        return self._v(self.VB, f"icmp ugt {self.VI} {a}, {b}")

    def ftoi(self, a):
        # only called on integral values well inside int32 (the sequences guard NaN first)
        return self._v(self.VI, f"fptosi {self.VF} {a} to {self.VI}")

    def itof(self, a):
        return self._v(self.VF, f"sitofp {self.VI} {a} to {self.VF}")
