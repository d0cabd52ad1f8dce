"""Float and integer arithmetic of the native generator (a mixin of :class:`~.llvm_gen.Gen`): the reference's
FLOAT_OPS / INT_OPS (shader/ops/alu_float.py, alu_int.py) on bit vectors — explicit denormal flushes, the NaN
operand-order rule of fadd/fmul, transcendental sequences through :class:`.llvm_seq.LlvmOps` — and the
constant-operand predicates that let a flush or a NaN guard be skipped where it cannot change a bit.
"""

from __future__ import annotations

import math
import struct

from ..ops.transcendental import SEQUENCES
from . import half_ir
from . import magnitude as mg
from .llvm_seq import LlvmOps


def splat(v: int | str, t: str = "i32") -> str:
    return f"splat ({t} {v})"


class ArithMixin:
    #: float lanes of one vector register of the target (16: AVX-512, 8: AVX2; llvm_gen.generate sets it): the
    #: width of one :meth:`opaque` statement, whose "v" operand must fit one register
    reg_lanes = 16
    #: the inline-assembly register of :meth:`opaque` and its float lanes (llvm_gen.generate sets them from
    #: runtime.vector_register: x86 ``v`` and reg_lanes, AArch64 NEON ``w`` and 4); 0 lanes: reg_lanes
    asm_register = ("v", 0)
    #: the target is x86 with AVX (llvm_gen.generate sets it from the host): :meth:`arith` may emit the guarded
    #: add/mul as the VEX instruction itself (:meth:`x86_arith`)
    x86_ops = False

    # ---- float helpers ------------------------------------------------------------------------------
    def ftz(self, b: str, lanewise: bool = True) -> str:
        """numerics.flush_denorms on bits; a no-op on values already flushed in the run's active lanes
        (``lanewise``: the caller uses each lane for that lane only)."""
        if lanewise and (b in self.flushed or _const_flushed(b)):
            return b
        return self._ftz(b)

    def _ftz(self, b: str) -> str:
        e = self.v(f"and {self.VI} {b}, {splat(0x7F800000)}")
        z = self.v(f"icmp eq {self.VI} {e}, zeroinitializer")
        s = self.v(f"and {self.VI} {b}, {splat(-2147483648)}")
        r = self.v(f"select {self.VB} {z}, {self.VI} {s}, {self.VI} {b}")
        self.flushed.add(r)
        self.mag[r] = mg.flushed_input(self.bound(b))
        return r

    # ---- magnitude bounds (magnitude.py): which output flushes cannot change a bit -----------------------
    def bound(self, b: str) -> mg.Bound:
        """The magnitude bound of bits ``b`` in the run's active lanes (lane-wise readers only, as ``flushed``)."""
        c = _const_float(b)
        if c is not None:
            return mg.constant(c)
        if b == "zeroinitializer":
            return mg.NO_VALUE, True
        got = self.mag.get(b)
        if got is not None:
            return got
        return mg.FLUSHED if b in self.flushed else mg.UNKNOWN

    def in_bound(self, b: str) -> mg.Bound:
        """The bound of ``b`` after the input flush (``ff``)."""
        return mg.flushed_input(self.bound(b))

    def note(self, r: str, bound: mg.Bound) -> str:
        """Record ``r``'s bound (and that it is flushed where the bound rules a denormal out)."""
        self.mag[r] = bound
        if mg.never_denormal(bound):
            self.flushed.add(r)
        return r

    def settle(self, r: str, bound: mg.Bound) -> str:
        """The output flush of a raw IEEE result ``r`` whose magnitude bound is ``bound``: none where the bound
        proves no lane denormal (the flush would be the identity); the flushed result's nonzero values are
        normal."""
        if mg.never_denormal(bound):
            return self.note(r, bound)
        return self.note(self._ftz(r), mg.FLUSHED)

    def arith(self, op: str, x: str, y: str, bx: str = "", by: str = "") -> str:
        """``x op y`` (fadd / fmul) on float vectors under alu_float.nan_first's rule: where ``x`` is a NaN,
        ``x`` quieted; else the operation's own result (a NaN ``y`` quieted). ``bx`` / ``by``: the operands'
        bit vectors as the generator wrote them (constants are recognised there).

        Two LLVM liberties break that rule for a plain instruction: it may commute fadd/fmul (then two NaN
        operands give the second one), and it folds identities (x·1, x·-1, x + -0 → x or -x, on literals and
        on constants it derives through registers, e.g. ``r0 = 0.5·2; r0·x``), leaving a signalling NaN
        unquieted or its sign flipped. So:
        - one operand a constant that is no NaN, zero or ±1 (``plain``): only the other operand can be a NaN,
          and nothing folds: the plain instruction (the constant taken as the second operand);
        - otherwise the first operand passes through an opaque identity (:meth:`opaque`; both operands when a
          constant is involved), and where it is a NaN the second operand is the first one too: x op x is
          ``x`` quieted in either order, and elsewhere order does not matter. A constant LLVM derives for the
          second operand can then only fold inside ``select(x NaN, x op x, x op y)``, where ``x`` is no NaN."""
        if _plain(by):
            return self.v(f"{op} {self.VF} {x}, {y}")
        if _plain(bx):
            return self.v(f"{op} {self.VF} {y}, {x}")
        if self.x86_ops and self.reg_lanes == 8:
            return self.x86_arith(op, x, y)
        cy = _constant(by)
        x = self.opaque(x)
        if cy or _constant(bx):
            y = self.opaque(y)
        xn = self.v(f"fcmp uno {self.VF} {x}, {x}")
        y = self.v(f"select {self.VB} {xn}, {self.VF} {x}, {self.VF} {y}")
        return self.v(f"{op} {self.VF} {x}, {y}")

    def x86_arith(self, op: str, x: str, y: str) -> str:
        """``x op y`` as the x86 instruction itself (VADDPS / VMULPS in an inline-assembly statement, ``x`` its
        first source): the rule of :meth:`arith` is that instruction's own NaN behaviour (Intel SDM Vol. 1 §4.8.3.5,
        table 4-7: a NaN first source is returned quieted, else a NaN second source quieted, else the default
        NaN for an invalid operation), so the statement needs neither the NaN compare nor the select, and LLVM
        can neither commute it nor fold an identity into it (it cannot see into the statement). Rounding is the
        same IEEE round-to-nearest instruction LLVM emits for the plain ``fadd`` / ``fmul``. Two vector
        operations fewer per guarded operation on AVX2 (issue 12: S1z's pixel shader has twelve per eight
        lanes). Each register-wide part of a wider kernel is its own statement (its operands must fit one
        register). AVX2 hosts only (runtime.x86_ops; ``reg_lanes`` 8)."""
        mn = {"fadd": "vaddps", "fmul": "vmulps"}[op]
        R = self.reg_lanes

        def one(t: str, a: str, b: str) -> str:
            # AT&T operand order: "vmulps src2, src1, dst"; $1 (x) is the first source. {vex3}: LLVM's assembler
            # (which parses inline assembly) otherwise swaps the sources of a commutative VEX instruction whose
            # second source is ymm8-15 and first is not, for the 2-byte VEX prefix — making y the first source
            # (tests/test_nan_operand_order.py caught it). "x": ymm0-15, the registers VEX can encode
            return self.v(f'call {t} asm "{{vex3}} {mn} $2, $1, $0", "=x,x,x"({t} {a}, {t} {b}) nounwind memory(none)')

        if self.W <= R:
            return one(self.VF, x, y)
        parts = []
        for h in range(self.W // R):
            lanes = ", ".join(f"i32 {R * h + i}" for i in range(R))
            px, py = (self.v(f"shufflevector {self.VF} {v}, {self.VF} poison, <{R} x i32> <{lanes}>") for v in (x, y))
            parts.append(one(f"<{R} x float>", px, py))
        return self.concat(parts, "float")

    def opaque(self, x: str) -> str:
        """``x`` through an empty inline-assembly statement: the same register, a value LLVM cannot see
        into (no constant folding, no identity folds on it)."""
        reg, R = self.asm_register
        R = R or self.reg_lanes
        if self.W > R:  # wider than one register: each register-wide part through its own statement
            parts = []
            for h in range(self.W // R):
                lanes = ", ".join(f"i32 {R * h + i}" for i in range(R))
                p = self.v(f"shufflevector {self.VF} {x}, {self.VF} poison, <{R} x i32> <{lanes}>")
                parts.append(self.v(f'call <{R} x float> asm "", "={reg},0"(<{R} x float> {p}) nounwind '
                                    'memory(none)'))
            return self.concat(parts, "float")
        return self.v(f'call {self.VF} asm "", "={reg},0"({self.VF} {x}) nounwind memory(none)')

    def concat(self, parts: list[str], t: str) -> str:
        """Equal vectors of element type ``t`` joined in order (a power-of-two count)."""
        n = self.W // len(parts)
        while len(parts) > 1:
            idx = ", ".join(f"i32 {i}" for i in range(2 * n))
            parts = [self.v(f"shufflevector <{n} x {t}> {a}, <{n} x {t}> {b}, <{2 * n} x i32> <{idx}>")
                     for a, b in zip(parts[::2], parts[1::2])]
            n *= 2
        return parts[0]

    def asf(self, b: str) -> str:
        return self.v(f"bitcast {self.VI} {b} to {self.VF}")

    def asi(self, f: str) -> str:
        return self.v(f"bitcast {self.VF} {f} to {self.VI}")

    def ff(self, b: str) -> str:
        """Flushed float view of bits."""
        return self.asf(self.ftz(b))

    def sat(self, b: str) -> str:
        self.intr(f"declare <{self.W} x i32> @llvm.smax.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
        self.intr(f"declare <{self.W} x i32> @llvm.smin.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
        r = self.v(f"call {self.VI} @llvm.smax.v{self.W}i32({self.VI} {b}, {self.VI} zeroinitializer)")
        r = self.v(f"call {self.VI} @llvm.smin.v{self.W}i32({self.VI} {r}, {self.VI} {splat(0x3F800000)})")
        nan = self.v(f"icmp sgt {self.VI} {b}, {splat(0x7F800000)}")
        r = self.v(f"select {self.VB} {nan}, {self.VI} zeroinitializer, {self.VI} {r}")
        # a clamp of a value is 0, 1 or the value: flushed where the value is (a denormal one stays denormal)
        self.mag[r] = mg.saturate(self.bound(b))
        if b in self.flushed or _const_flushed(b) or mg.never_denormal(self.bound(b)):
            self.flushed.add(r)
        return r

    def fun1(self, name: str, t: str | None = None) -> str:
        t = self.VF if t is None else t
        tn = f"v{self.W}f32" if t == self.VF else f"v{self.W}f64"
        self.intr(f"declare {t} @llvm.{name}.{tn}({t})")
        return f"@llvm.{name}.{tn}"

    def float_op(self, name: str, a: list[str]) -> str:  # noqa: C901
        """Reference FLOAT_OPS[name] on bit vectors (alu_float.py)."""
        if name in ("add", "mul", "div"):
            bx, by = self.in_bound(a[0]), self.in_bound(a[1])
            x, y = self.ff(a[0]), self.ff(a[1])
            if name == "div":
                return self.settle(self.asi(self.v(f"fdiv {self.VF} {x}, {y}")), mg.UNKNOWN)
            op = "fadd" if name == "add" else "fmul"
            r = self.asi(self.arith(op, x, y, a[0], a[1]))
            return self.settle(r, mg.add(bx, by) if name == "add" else mg.mul(bx, by))
        if name == "mad":
            bp = mg.mul(self.in_bound(a[0]), self.in_bound(a[1]))
            bz = self.in_bound(a[2])
            x, y, z = self.ff(a[0]), self.ff(a[1]), self.ff(a[2])
            p = self.arith("fmul", x, y, a[0], a[1])
            r = self.asi(self.arith("fadd", p, z, "", a[2]))
            return self.settle(r, mg.add(bp, bz))
        if name in ("min", "max"):
            ab, bb = self.ftz(a[0]), self.ftz(a[1])
            x, y = self.asf(ab), self.asf(bb)
            bn = self.v(f"fcmp uno {self.VF} {y}, {y}")
            an = self.v(f"fcmp uno {self.VF} {x}, {x}")
            if name == "min":
                lt = self.v(f"fcmp olt {self.VF} {x}, {y}")
                gt = self.v(f"fcmp olt {self.VF} {y}, {x}")
                eq = self.v(f"or {self.VI} {ab}, {bb}")
            else:
                lt = self.v(f"fcmp ogt {self.VF} {x}, {y}")
                gt = self.v(f"fcmp ogt {self.VF} {y}, {x}")
                eq = self.v(f"and {self.VI} {ab}, {bb}")
            r = self.v(f"select {self.VB} {gt}, {self.VI} {bb}, {self.VI} {eq}")
            r = self.v(f"select {self.VB} {lt}, {self.VI} {ab}, {self.VI} {r}")
            r = self.v(f"select {self.VB} {an}, {self.VI} {bb}, {self.VI} {r}")
            r = self.v(f"select {self.VB} {bn}, {self.VI} {ab}, {self.VI} {r}")
            # one of the flushed operands, or (equal operands) their bits ORed / ANDed: the same value, or ±0
            return self.note(r, mg.pick(self.in_bound(a[0]), self.in_bound(a[1])))
        if name in ("exp", "sin", "cos", "log", "rsq"):
            bx = self.in_bound(a[0])
            r = self.asi(SEQUENCES[name](LlvmOps(self), self.ff(a[0])))
            if name in ("sin", "cos"):
                return self.settle(r, mg.sincos(bx))  # never a denormal: magnitude.sincos
            return r if name in ("log", "rsq") else self.ftz(r)  # as alu_float: log/rsq never denormal
        if name == "sqrt":
            bx = self.in_bound(a[0])
            r = self.asi(self.v(f"call {self.VF} {self.fun1('sqrt')}({self.VF} {self.ff(a[0])})"))
            return self.note(r, mg.sqrt(bx))
        if name == "rcp":
            q = self.v(f"fdiv {self.VF} {splat('1.0', 'float')}, {self.ff(a[0])}")
            return self.ftz(self.asi(q))
        if name == "frc":
            x = self.ff(a[0])
            fl = self.v(f"call {self.VF} {self.fun1('floor')}({self.VF} {x})")
            return self.asi(self.v(f"fsub {self.VF} {x}, {fl}"))
        if name in ("round_ne", "round_ni", "round_pi", "round_z"):
            fn = {"round_ne": "roundeven", "round_ni": "floor", "round_pi": "ceil", "round_z": "trunc"}[name]
            return self.asi(self.v(f"call {self.VF} {self.fun1(fn)}({self.VF} {self.ff(a[0])})"))
        if name in ("eq", "ne", "lt", "ge"):
            pred = {"eq": "oeq", "ne": "une", "lt": "olt", "ge": "oge"}[name]
            c = self.v(f"fcmp {pred} {self.VF} {self.ff(a[0])}, {self.ff(a[1])}")
            return self.v(f"sext {self.VB} {c} to {self.VI}")
        if name in ("ftoi", "ftou"):
            d = self.v(f"fpext {self.VF} {self.ff(a[0])} to {self.VD}")
            nan = self.v(f"fcmp uno {self.VD} {d}, {d}")
            lo, hi = ("-2147483648.0", "2147483647.0") if name == "ftoi" else ("0.0", "4294967295.0")
            c1 = self.v(f"fcmp olt {self.VD} {d}, {splat(lo, 'double')}")
            d = self.v(f"select {self.VB} {c1}, {self.VD} {splat(lo, 'double')}, {self.VD} {d}")
            c2 = self.v(f"fcmp ogt {self.VD} {d}, {splat(hi, 'double')}")
            d = self.v(f"select {self.VB} {c2}, {self.VD} {splat(hi, 'double')}, {self.VD} {d}")
            d = self.v(f"select {self.VB} {nan}, {self.VD} zeroinitializer, {self.VD} {d}")
            if name == "ftoi":
                return self.v(f"fptosi {self.VD} {d} to {self.VI}")
            q = self.v(f"fptoui {self.VD} {d} to {self.VL}")
            return self.v(f"trunc {self.VL} {q} to {self.VI}")
        if name == "itof":
            return self.note(self.asi(self.v(f"sitofp {self.VI} {a[0]} to {self.VF}")), mg.from_integer())
        if name == "utof":
            return self.note(self.asi(self.v(f"uitofp {self.VI} {a[0]} to {self.VF}")), mg.from_integer())
        if name == "f32tof16":
            return self.f32tof16(self.asi(self.ff(a[0])))
        if name == "f16tof32":
            return self.f16tof32(a[0])
        raise AssertionError(name)

    def f32tof16(self, b: str) -> str:
        """float32 bits → float16 bits (22.13.2), the one native definition: :func:`.half_ir.f32_to_f16`."""
        return half_ir.f32_to_f16(self.v, self.W, b)

    def f16tof32(self, b: str) -> str:
        """float16 bits → float32 bits (22.13.1), exact: :func:`.half_ir.f16_to_f32`."""
        return half_ir.f16_to_f32(self.v, self.W, b)

    # ---- integer helpers ----------------------------------------------------------------------------
    def int_op(self, name: str, a: list[str]) -> str:  # noqa: C901
        def b(pred: str, x: str, y: str) -> str:
            c = self.v(f"icmp {pred} {self.VI} {x}, {y}")
            return self.v(f"sext {self.VB} {c} to {self.VI}")

        def m5(x: str) -> str:
            return self.v(f"and {self.VI} {x}, {splat(31)}")

        def call2(fn: str, x: str, y: str) -> str:
            self.intr(f"declare <{self.W} x i32> @llvm.{fn}.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.{fn}.v{self.W}i32({self.VI} {x}, {self.VI} {y})")

        if name == "iadd":
            return self.v(f"add {self.VI} {a[0]}, {a[1]}")
        if name == "imad":
            p = self.v(f"mul {self.VI} {a[0]}, {a[1]}")
            return self.v(f"add {self.VI} {p}, {a[2]}")
        if name == "mul_lo":
            return self.v(f"mul {self.VI} {a[0]}, {a[1]}")
        if name == "ineg":
            return self.v(f"sub {self.VI} zeroinitializer, {a[0]}")
        if name in ("and", "or", "xor"):
            return self.v(f"{name} {self.VI} {a[0]}, {a[1]}")
        if name == "not":
            return self.v(f"xor {self.VI} {a[0]}, {splat(-1)}")
        if name == "ishl":
            return self.v(f"shl {self.VI} {a[0]}, {m5(a[1])}")
        if name == "ishr":
            return self.v(f"ashr {self.VI} {a[0]}, {m5(a[1])}")
        if name == "ushr":
            return self.v(f"lshr {self.VI} {a[0]}, {m5(a[1])}")
        if name in ("ieq", "ine", "ilt", "ige", "ult", "uge"):
            return b({"ieq": "eq", "ine": "ne", "ilt": "slt", "ige": "sge", "ult": "ult", "uge": "uge"}[name],
                     a[0], a[1])
        if name in ("imin", "imax", "umin", "umax"):
            return call2({"imin": "smin", "imax": "smax", "umin": "umin", "umax": "umax"}[name], a[0], a[1])
        if name in ("ubfe", "ibfe"):
            w, o, s = m5(a[0]), m5(a[1]), a[2]
            sh = "lshr" if name == "ubfe" else "ashr"
            wo = self.v(f"add {self.VI} {w}, {o}")
            lng = self.v(f"icmp ult {self.VI} {wo}, {splat(32)}")
            l1 = self.v(f"sub {self.VI} {splat(32)}, {wo}")
            l1 = self.v(f"and {self.VI} {l1}, {splat(31)}")  # in range where used; keeps the shift defined
            r1 = self.v(f"sub {self.VI} {splat(32)}, {w}")
            r1 = self.v(f"and {self.VI} {r1}, {splat(31)}")
            x = self.v(f"shl {self.VI} {s}, {l1}")
            x = self.v(f"{sh} {self.VI} {x}, {r1}")
            y = self.v(f"{sh} {self.VI} {s}, {o}")
            r = self.v(f"select {self.VB} {lng}, {self.VI} {x}, {self.VI} {y}")
            z = self.v(f"icmp eq {self.VI} {w}, zeroinitializer")
            return self.v(f"select {self.VB} {z}, {self.VI} zeroinitializer, {self.VI} {r}")
        if name == "bfi":
            w, o = m5(a[0]), m5(a[1])
            one = self.v(f"shl {self.VI} {splat(1)}, {w}")
            mk = self.v(f"sub {self.VI} {one}, {splat(1)}")
            mk = self.v(f"shl {self.VI} {mk}, {o}")
            ins = self.v(f"shl {self.VI} {a[2]}, {o}")
            ins = self.v(f"and {self.VI} {ins}, {mk}")
            nm = self.v(f"xor {self.VI} {mk}, {splat(-1)}")
            bs = self.v(f"and {self.VI} {a[3]}, {nm}")
            return self.v(f"or {self.VI} {ins}, {bs}")
        if name == "bfrev":
            self.intr(f"declare <{self.W} x i32> @llvm.bitreverse.v{self.W}i32(<{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.bitreverse.v{self.W}i32({self.VI} {a[0]})")
        if name == "countbits":
            self.intr(f"declare <{self.W} x i32> @llvm.ctpop.v{self.W}i32(<{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.ctpop.v{self.W}i32({self.VI} {a[0]})")
        if name in ("firstbit_hi", "firstbit_lo", "firstbit_shi"):
            x = a[0]
            if name == "firstbit_shi":
                neg = self.v(f"icmp slt {self.VI} {x}, zeroinitializer")
                nx = self.v(f"xor {self.VI} {x}, {splat(-1)}")
                x = self.v(f"select {self.VB} {neg}, {self.VI} {nx}, {self.VI} {x}")
            fn = "cttz" if name == "firstbit_lo" else "ctlz"
            self.intr(f"declare <{self.W} x i32> @llvm.{fn}.v{self.W}i32(<{self.W} x i32>, i1 immarg)")
            c = self.v(f"call {self.VI} @llvm.{fn}.v{self.W}i32({self.VI} {x}, i1 false)")
            z = self.v(f"icmp eq {self.VI} {x}, zeroinitializer")
            return self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {c}")
        if name == "msad":
            acc = a[2]
            for k in range(4):
                r = self.v(f"lshr {self.VI} {a[0]}, {splat(8 * k)}")
                r = self.v(f"and {self.VI} {r}, {splat(255)}")
                s = self.v(f"lshr {self.VI} {a[1]}, {splat(8 * k)}")
                s = self.v(f"and {self.VI} {s}, {splat(255)}")
                d1 = self.v(f"sub {self.VI} {r}, {s}")
                d2 = self.v(f"sub {self.VI} {s}, {r}")
                gt = self.v(f"icmp ugt {self.VI} {r}, {s}")
                d = self.v(f"select {self.VB} {gt}, {self.VI} {d1}, {self.VI} {d2}")
                rz = self.v(f"icmp eq {self.VI} {r}, zeroinitializer")
                d = self.v(f"select {self.VB} {rz}, {self.VI} zeroinitializer, {self.VI} {d}")
                acc = self.v(f"add {self.VI} {acc}, {d}")
            return acc
        raise AssertionError(name)

    def int2(self, name: str, a: list[str]) -> tuple[str, str]:
        if name in ("imul", "umul"):
            ext = "sext" if name == "imul" else "zext"
            x = self.v(f"{ext} {self.VI} {a[0]} to {self.VL}")
            y = self.v(f"{ext} {self.VI} {a[1]} to {self.VL}")
            p = self.v(f"mul {self.VL} {x}, {y}")
            hi = self.v(f"lshr {self.VL} {p}, {splat(32, 'i64')}")
            return self.v(f"trunc {self.VL} {hi} to {self.VI}"), self.v(f"trunc {self.VL} {p} to {self.VI}")
        if name == "udiv":
            z = self.v(f"icmp eq {self.VI} {a[1]}, zeroinitializer")
            safe = self.v(f"select {self.VB} {z}, {self.VI} {splat(1)}, {self.VI} {a[1]}")
            q = self.v(f"udiv {self.VI} {a[0]}, {safe}")
            r = self.v(f"urem {self.VI} {a[0]}, {safe}")
            return (self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {q}"),
                    self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {r}"))
        if name == "uaddc":
            s = self.v(f"add {self.VI} {a[0]}, {a[1]}")
            c = self.v(f"icmp ult {self.VI} {s}, {a[0]}")
            return s, self.v(f"zext {self.VB} {c} to {self.VI}")
        if name == "usubb":
            s = self.v(f"sub {self.VI} {a[0]}, {a[1]}")
            c = self.v(f"icmp ult {self.VI} {a[0]}, {a[1]}")
            return s, self.v(f"zext {self.VB} {c} to {self.VI}")
        raise AssertionError(name)


def _const_flushed(v: str) -> bool:
    """Whether ``v`` is a constant splat (as :func:`splat` writes it) whose value is no float32 denormal."""
    if v == "zeroinitializer":
        return True
    if not (v.startswith("splat (i32 ") and v.endswith(")")):
        return False
    try:
        x = int(v[len("splat (i32 "):-1]) & 0xFFFFFFFF
    except ValueError:
        return False
    return (x & 0x7F800000) != 0 or (x & 0x7FFFFFFF) == 0


def _constant(v: str) -> bool:
    """Whether operand bits ``v`` are a constant (a splat, a vector literal or zeroinitializer)."""
    return v.startswith(("splat (", "<")) or v == "zeroinitializer"


def _plain(v: str) -> bool:
    """A constant splat operand no LLVM fold of fadd/fmul keys on: not a NaN, not ±0 (x + -0 → x) and not
    ±1 (x·1 → x, x·-1 → -x), finite."""
    c = _const_float(v)
    return c is not None and math.isfinite(c) and c != 0.0 and abs(c) != 1.0


def _const_float(v: str) -> float | None:
    """The float32 value of a constant splat operand (as :func:`splat` writes it), else None."""
    if not (v.startswith("splat (i32 ") and v.endswith(")")):
        return None
    try:
        bits = int(v[len("splat (i32 "):-1]) & 0xFFFFFFFF
    except ValueError:
        return None
    return struct.unpack("<f", struct.pack("<I", bits))[0]
