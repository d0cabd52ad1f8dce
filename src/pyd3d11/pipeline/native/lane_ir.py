"""LLVM IR emission over lanes: vector arithmetic, masked memory access and the DXGI channel codecs.

The output merger (om_gen.py) and the typed-UAV emitter (uav_gen.py) both emit W-lane IR that encodes and
decodes render-target / UAV channels exactly as formats/codecs.py and formats/numerics.py do (D3D11.3 §3.2
data conversion: FLOAT -> UNORM/SNORM rounding, sRGB, float16/11/10); this module is that shared emitter, so
one definition of each codec serves both.
"""

from __future__ import annotations

import os
import struct
from functools import cache

import numpy as np

from ...formats import numerics as nx
from ...shader.native import half_ir

#: UNORM encode in float64 (LaneIR.unorm_f64) instead of round_scaled's integer form (A/B: PYD3D11_OM_UNORM_F64=0)
UNORM_F64 = os.environ.get("PYD3D11_OM_UNORM_F64", "1") != "0"
#: UNORM encode of up to 16 bits in float32 with two fused multiply-adds (LaneIR.unorm_fma) where the host has
#: them (A/B: PYD3D11_OM_UNORM_FMA=0)
UNORM_FMA = os.environ.get("PYD3D11_OM_UNORM_FMA", "1") != "0"
#: UNORM encode of 2..16 bits as one fused multiply-add onto 2^23 (LaneIR.unorm_magic_bits) where the host has it
#: (A/B: PYD3D11_OM_UNORM_MAGIC=0 takes unorm_fma)
UNORM_MAGIC = os.environ.get("PYD3D11_OM_UNORM_MAGIC", "1") != "0"
#: the UNORM encode of a value proven NaN or in [-0, 1] skips the clamp's minps (om_gen.unit_output; A/B and mutation
#: checks: PYD3D11_OM_UNIT_CLAMP=0)
UNIT_CLAMP = os.environ.get("PYD3D11_OM_UNIT_CLAMP", "1") != "0"


@cache
def host_fma() -> bool:
    """Whether the host's vector unit has fused multiply-add (the target machine is the host's: runtime)."""
    from ...shader.native import runtime as rt

    return "+fma" in rt.host_features()


@cache
def host_avx() -> bool:
    """Whether the host is an x86 with AVX: its 256-bit MAXPS/MINPS are then emitted directly (LaneIR.maxps)."""
    from ...shader.native import runtime as rt

    return rt._init_llvm().get_process_triple().startswith(("x86_64", "i686", "i386")) and \
        "+avx" in rt.host_features()


@cache
def hide_compares() -> bool:
    """Whether LaneIR's float compares go through :meth:`LaneIR.hidden_mask`: on hosts other than x86, whose
    back ends may fold a compare-and-select into a min/max instruction of other signalling-NaN rules (x86's
    MAXPS / MINPS are the select's rule exactly). ``PYD3D11_LANE_HIDE_COMPARES`` = 1 / 0 forces it (tests)."""
    env = os.environ.get("PYD3D11_LANE_HIDE_COMPARES")
    if env is not None:
        return env != "0"
    from ...shader.native import runtime as rt

    return not rt._init_llvm().get_process_triple().startswith(("x86_64", "i686", "i386"))


def _vector_register() -> tuple[str, int]:
    from ...shader.native import runtime as rt

    return rt.vector_register()


def fconst(v: float) -> str:
    """An LLVM float literal of the float32 value ``v`` (hex of its double widening)."""
    d = float(np.float32(v))
    return f"0x{struct.unpack('<Q', struct.pack('<d', d))[0]:016X}"


def dconst(v: float) -> str:
    return f"0x{struct.unpack('<Q', struct.pack('<d', float(v)))[0]:016X}"


SUFFIX = {"i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "float": "f32"}
SIZES = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "float": 4}


@cache
def _srgb_thresholds() -> list[float]:
    t = nx._srgb_thresholds(8)  # the reference's own decision points (float_to_srgb)
    return [float(v) for v in t] + [float("nan")]  # padded to 256: NaN is never <= x


@cache
def _srgb_decode() -> list[float]:
    return [float(v) for v in nx.srgb_to_float(np.arange(256), 8)]


def _farray(vals: list[float]) -> str:
    return "[" + ", ".join(f"float {fconst(v) if v == v else '0x7FF8000000000000'}" for v in vals) + "]"


class LaneIR:
    """Emits SSA lines over ``w`` lanes (``<w x T>`` vectors; w = 1 for a one-by-one path). ``prefix`` names
    the module-level globals it adds (codec tables) and ``decls`` collects the intrinsic declarations and
    globals the caller emits once per module."""

    def __init__(self, w: int, prefix: str, decls: set[str]) -> None:
        self.w, self.prefix, self.decls = w, prefix, decls
        self.lines: list[str] = []
        self.n = 0

    # types and values
    def t(self, s: str) -> str:
        return f"<{self.w} x {s}>"

    def sp(self, s: str, v) -> str:
        """A splat constant of type ``s``."""
        if s == "float":
            v = fconst(v) if v == v else "0x7FF8000000000000"  # NaN: the quiet NaN 0x7FC00000
        elif s == "double":
            v = dconst(v)
        return f"splat ({s} {v})"

    def v(self, s: str) -> str:
        self.n += 1
        r = f"%v{self.n}"
        self.lines.append(f"  {r} = {s}")
        return r

    def e(self, s: str) -> None:
        self.lines.append("  " + s)

    def sel(self, c: str, ty: str, a: str, b: str) -> str:
        return self.v(f"select {self.t('i1')} {c}, {self.t(ty)} {a}, {self.t(ty)} {b}")

    def fcmp(self, pred: str, a: str, b: str) -> str:
        c = self.v(f"fcmp {pred} {self.t('float')} {a}, {b}")
        return self.hidden_mask(c) if hide_compares() else c

    def hidden_mask(self, c: str) -> str:
        """The <w x i1> mask ``c`` through empty inline-assembly statements (one vector register each): LLVM's
        AArch64 back end turns ``select (fcmp ogt x, C), x, C`` into FMAXNM (FMINNM for olt), which returns a
        NaN for a signalling NaN ``x`` where the select gives C -- so a float -> UNORM encode of 0x7F800001 came
        out 0xFFFF instead of 0 (tests/test_native_typed_uav.py under qemu-aarch64, session 45). A mask LLVM
        cannot relate to the compared values keeps the select a compare and a bit-select (hide_compares)."""
        reg, lanes = _vector_register()
        si = self.cast("sext", c, "i1", "i32")
        if self.w == 1:  # one lane: a general register
            x = self.v(f"bitcast <1 x i32> {si} to i32")
            x = self.v(f'call i32 asm "", "=r,0"(i32 {x}) nounwind memory(none)')
            return self.icmp("ne", "i32", self.v(f"bitcast i32 {x} to <1 x i32>"), "zeroinitializer")
        n = min(lanes, self.w)
        parts = []
        for h in range(self.w // n):
            idx = "<" + ", ".join(f"i32 {n * h + j}" for j in range(n)) + ">"
            p = si if n == self.w else self.v(f"shufflevector {self.t('i32')} {si}, {self.t('i32')} poison, "
                                             f"<{n} x i32> {idx}")
            parts.append(self.v(f'call <{n} x i32> asm "", "={reg},0"(<{n} x i32> {p}) nounwind memory(none)'))
        return self.icmp("ne", "i32", self._concat(parts, n, "i32"), "zeroinitializer")

    def _concat(self, parts: list[str], width: int, elem: str) -> str:
        """Equal vectors of ``width`` ``elem`` lanes joined pairwise, in order, back to one vector."""
        while len(parts) > 1:
            cat = "<" + ", ".join(f"i32 {i}" for i in range(2 * width)) + ">"
            parts = [self.v(f"shufflevector <{width} x {elem}> {parts[j]}, <{width} x {elem}> {parts[j + 1]}, "
                            f"<{2 * width} x i32> {cat}") for j in range(0, len(parts), 2)]
            width *= 2
        return parts[0]

    def icmp(self, pred: str, ty: str, a: str, b: str) -> str:
        return self.v(f"icmp {pred} {self.t(ty)} {a}, {b}")

    def bop(self, op: str, ty: str, a: str, b: str) -> str:
        return self.v(f"{op} {self.t(ty)} {a}, {b}")

    def cast(self, op: str, a: str, src: str, dst: str) -> str:
        return self.v(f"{op} {self.t(src)} {a} to {self.t(dst)}")

    def band(self, a: str, b: str) -> str:
        return self.bop("and", "i1", a, b)

    # memory
    def ptrs(self, base: str, off64: str) -> str:
        """Per-lane addresses ``base + off64`` (off64: <W x i64> byte offsets)."""
        return self.v(f"getelementptr i8, ptr {base}, {self.t('i64')} {off64}")

    def gather(self, ty: str, ptrs: str, m: str, stride: int | None = None) -> str:
        """Per-lane loads ``*ptrs`` where ``m``. ``stride``: the lanes address pixels ``stride`` bytes apart in
        a target (a subclass may load such lanes as rows: om_gen's quad bodies)."""
        s = SUFFIX[ty]
        fn = f"@llvm.masked.gather.v{self.w}{s}.v{self.w}p0"
        self.decls.add(f"declare {self.t(ty)} {fn}({self.t('ptr')}, i32 immarg, {self.t('i1')}, {self.t(ty)})")
        return self.v(f"call {self.t(ty)} {fn}({self.t('ptr')} {ptrs}, i32 1, {self.t('i1')} {m}, "
                      f"{self.t(ty)} zeroinitializer)")

    def scatter(self, ty: str, val: str, ptrs: str, m: str, stride: int | None = None) -> None:
        s = SUFFIX[ty]
        fn = f"@llvm.masked.scatter.v{self.w}{s}.v{self.w}p0"
        self.decls.add(f"declare void {fn}({self.t(ty)}, {self.t('ptr')}, i32 immarg, {self.t('i1')})")
        self.e(f"call void {fn}({self.t(ty)} {val}, {self.t('ptr')} {ptrs}, i32 1, {self.t('i1')} {m})")

    def lane_load(self, arr: str, ty: str, size: int, index: str) -> str:
        """Load W consecutive elements ``arr[index ..]`` (index: i64 element index)."""
        p = self.v(f"getelementptr {ty}, ptr {arr}, i64 {index}")
        return self.v(f"load {self.t(ty)}, ptr {p}, align {size}")

    def splat_of(self, ty: str, scalar: str) -> str:
        ins = self.v(f"insertelement {self.t(ty)} poison, {ty} {scalar}, i64 0")
        return self.v(f"shufflevector {self.t(ty)} {ins}, {self.t(ty)} poison, {self.t('i32')} zeroinitializer")

    # float helpers: reference semantics
    def _x86_minmax(self, op: str, a: str, b: str) -> str:
        """x86 MAXPS / MINPS of ``a`` and ``b`` eight lanes at a time (the AVX intrinsic on each eight-lane part)."""
        ft = self.t("float")
        fn = f"@llvm.x86.avx.{op}.ps.256"
        self.decls.add(f"declare <8 x float> {fn}(<8 x float>, <8 x float>)")
        if self.w == 8:
            return self.v(f"call <8 x float> {fn}(<8 x float> {a}, <8 x float> {b})")
        parts = []
        for k in range(0, self.w, 8):
            idx = "<" + ", ".join(f"i32 {k + j}" for j in range(8)) + ">"
            ab = [v if v.startswith("splat (") else
                  self.v(f"shufflevector {ft} {v}, {ft} poison, <8 x i32> {idx}") for v in (a, b)]
            parts.append(self.v(f"call <8 x float> {fn}(<8 x float> {ab[0]}, <8 x float> {ab[1]})"))
        return self._concat(parts, 8, "float")

    def maxps(self, a: str, b: str) -> str:
        """``a > b ? a : b`` (an ordered compare: a NaN in either operand, or equal operands, give ``b``) — the
        x86 MAXPS rule, emitted as that instruction on AVX hosts. LLVM forms it from this select by itself for
        eight-lane vectors, but not for the sixteen-lane merger body (a vector split in two registers), where
        it emits a compare and a mask instead: one instruction more per eight lanes."""
        if host_avx() and self.w % 8 == 0:
            return self._x86_minmax("max", a, b)
        return self.sel(self.fcmp("ogt", a, b), "float", a, b)

    def minps(self, a: str, b: str) -> str:
        """``a < b ? a : b`` (ordered: NaN or equal -> ``b``), the x86 MINPS rule (see maxps)."""
        if host_avx() and self.w % 8 == 0:
            return self._x86_minmax("min", a, b)
        return self.sel(self.fcmp("olt", a, b), "float", a, b)

    def clip(self, x: str, lo: str, hi: str) -> str:
        """np.clip(x, lo, hi): NaN stays, -0 stays (max keeps its first operand on ties): ``x < lo ? lo : x``
        is maxps(lo, x) and ``a > hi ? hi : a`` is minps(hi, a), the same predicates."""
        return self.minps(hi, self.maxps(lo, x))

    def fsub1(self, x: str) -> str:
        return self.bop("fsub", "float", self.sp("float", 1.0), x)

    def asi(self, x: str) -> str:
        return self.cast("bitcast", x, "float", "i32")

    def asf(self, x: str) -> str:
        return self.cast("bitcast", x, "i32", "float")

    def min_max(self, a: str, b: str, is_min: bool) -> str:
        """blend._min_max: one NaN operand -> the other; both NaN -> a; ties of zeros -> -0 (min) / +0 (max)."""
        lt = self.fcmp("olt" if is_min else "ogt", a, b)
        r = self.sel(lt, "float", a, b)
        eq = self.fcmp("oeq", a, b)
        ai, bi = self.asi(a), self.asi(b)
        tie = self.asf(self.bop("or" if is_min else "and", "i32", ai, bi))
        r = self.sel(eq, "float", tie, r)
        nb = self.fcmp("uno", b, b)
        r = self.sel(nb, "float", a, r)
        na = self.fcmp("uno", a, a)
        return self.sel(self.band(na, self.bop("xor", "i1", nb, self.sp("i1", "true"))), "float", b, r)

    def min_prop(self, a: str, b: str) -> str:
        """blend._min_nan: a NaN operand wins (a first); ties of zeros -> -0."""
        lt = self.fcmp("olt", a, b)
        r = self.sel(lt, "float", a, b)
        eq = self.fcmp("oeq", a, b)
        tie = self.asf(self.bop("or", "i32", self.asi(a), self.asi(b)))
        r = self.sel(eq, "float", tie, r)
        r = self.sel(self.fcmp("uno", b, b), "float", b, r)
        return self.sel(self.fcmp("uno", a, a), "float", a, r)

    # codecs
    def f16_to_f32(self, h: str) -> str:
        """float16 codes → float32 values (numerics.f16_to_f32): :func:`half_ir.f16_to_f32`."""
        return self.asf(half_ir.f16_to_f32(self.v, self.w, h))

    def f32_to_f16(self, x: str) -> str:
        """numerics.f32_to_f16(x, 'rtz') as i32 codes: :func:`half_ir.f32_to_f16`."""
        return half_ir.f32_to_f16(self.v, self.w, self.asi(x))

    def div_odd(self, c: str, m: int) -> str:
        """float32(c / m) correctly rounded — the reference's float32 division — for an integer ``c`` (as
        double) with |c| <= 2^16 and an odd ``m`` < 2^16, computed as one double multiply by 1/m and one
        rounding to float32 (no divider). Exact: c/m is never a float32 rounding midpoint (a dyadic
        rational; m is odd), and lies at least 2^-24/m relative from one, far beyond the double product's
        error (< 2^-51 relative), so both round to the same float32 (tests/test_native_om_quads.py checks
        every code)."""
        d = self.bop("fmul", "double", c, self.sp("double", 1.0 / m))
        return self.cast("fptrunc", d, "double", "float")

    def div_fma(self, code: str, m: int) -> str:
        """float32(c) / m for a UNORM code c of up to 16 bits (m = 2^n - 1) without the divider: q0 = c * (1/m)
        rounded, the remainder r = fma(-q0, m, c), then fma(r, 1/m, q0) (one Newton correction of the quotient,
        Markstein's scheme). Four vector operations per eight lanes where div_odd's float64 product takes ten
        on AVX2; the result is the correctly rounded quotient for every code of every width up to 16 bits on
        the hardware (tests/test_native_om_encode.py runs this code over all of them against numpy's float32
        division, the reference's numerics.unorm_to_float)."""
        ft = self.t("float")
        fma = f"@llvm.fma.v{self.w}f32"
        self.decls.add(f"declare {ft} {fma}({ft}, {ft}, {ft})")
        c = self.cast("uitofp", code, "i32", "float")
        inv = self.sp("float", float(np.float32(1.0 / m)))
        q0 = self.bop("fmul", "float", c, inv)
        nq0 = self.v(f"fneg {ft} {q0}")
        r = self.v(f"call {ft} {fma}({ft} {nq0}, {ft} {self.sp('float', float(m))}, {ft} {c})")
        return self.v(f"call {ft} {fma}({ft} {r}, {ft} {inv}, {ft} {q0})")

    def div_split(self, code: str, m: int) -> str:
        """float32(c) / m for a UNORM code c of up to 16 bits (m = 2^n - 1), correctly rounded, in three vector
        operations: fma(c, H, c * L) with H = float32(1/m) and L = float32(1/m - H) (1/m to about 2^-48).

        Why it is exact: q = c/m is 0, 1 or not dyadic (m is odd), so q is never a float32 rounding midpoint;
        a midpoint mu (a multiple of ulp(q)/2) differs from it by |c * 2^j - D * m| / (m * 2^j) >= ulp(q) / (2m)
        >= q * 2^-25 / m > q * 2^-41. The fused multiply-add rounds once the exact c*H + float32(c*L), which is
        q + c*(H + L - 1/m) + (float32(c*L) - c*L): within q * 2^-47 of q, so no midpoint lies between the two
        and both round to the same float32 (tests/test_native_om_encode.py: every code of every width up to
        16 bits against numpy's float32 division, the reference's numerics.unorm_to_float)."""
        from fractions import Fraction

        ft = self.t("float")
        fma = f"@llvm.fma.v{self.w}f32"
        self.decls.add(f"declare {ft} {fma}({ft}, {ft}, {ft})")
        hi = np.float32(1.0 / m)
        lo = np.float32(float(Fraction(1, m) - Fraction(float(hi))))
        c = self.cast("uitofp", code, "i32", "float")
        low = self.bop("fmul", "float", c, self.sp("float", float(lo)))
        return self.v(f"call {ft} {fma}({ft} {c}, {ft} {self.sp('float', float(hi))}, {ft} {low})")

    def decode(self, ch, code: str) -> str:
        """One channel's i32 code -> float32 as formats/codecs.decode."""
        if ch.kind == "unorm":
            if UNORM_FMA and ch.bits <= 16 and host_fma():
                return self.div_split(code, (1 << ch.bits) - 1)
            return self.div_odd(self.cast("uitofp", code, "i32", "double"), (1 << ch.bits) - 1)
        if ch.kind == "snorm":
            s = self.bop("ashr", "i32", self.bop("shl", "i32", code, self.sp("i32", 32 - ch.bits)),
                         self.sp("i32", 32 - ch.bits))
            f = self.div_odd(self.cast("sitofp", s, "i32", "double"), (1 << (ch.bits - 1)) - 1)
            return self.sel(self.fcmp("olt", f, self.sp("float", -1.0)), "float", self.sp("float", -1.0), f)
        if ch.kind == "srgb":
            g = f"@{self.prefix}_srgb_dec"
            self.decls.add(f"{g} = internal constant [256 x float] {_farray(_srgb_decode())}")
            idx = self.cast("zext", code, "i32", "i64")
            p = self.v(f"getelementptr [256 x float], ptr {g}, i64 0, {self.t('i64')} {idx}")
            return self.gather("float", p, self.sp("i1", "true"))
        if ch.bits == 32:
            return self.asf(code)
        if ch.bits == 16:
            return self.f16_to_f32(code)
        # float11 / float10 (numerics._small_float_to_f32): exponent and mantissa moved into a float16
        mb = ch.bits - 5
        h = self.bop("or", "i32", self.bop("shl", "i32", self.bop("lshr", "i32", code, self.sp("i32", mb)), self.sp("i32", 10)),
                     self.bop("shl", "i32", self.bop("and", "i32", code, self.sp("i32", (1 << mb) - 1)),
                              self.sp("i32", 10 - mb)))
        return self.f16_to_f32(h)

    def round_scaled(self, x: str, m: int, signed: bool) -> str:
        """The reference's FLOAT -> UNORM (``signed``: SNORM) conversion of float32 ``x`` with scale ``m`` =
        2^n - 1 (2^(n-1) - 1), as an i32 code (SNORM: two's complement, not yet cut to n bits), in integer
        arithmetic on the float's bits — no float64, no divider.

        Definition (numerics.float_to_unorm / float_to_snorm, §3.2.3.4 / §3.2.3.6): NaN -> 0; clamp to [0, 1]
        ([-1, 1]); scale by m; add 0.5 (SNORM: +-0.5 away from zero); truncate — i.e. round half up (half away
        from zero) of |x| * m, the value being exact in float64.
        Here, for a magnitude a = M * 2^(e - 150) (M the 24-bit significand with its leading one, e the
        biased exponent): a * m = v / 2^(s + 1) with v = M * m and s = 149 - e, and
        floor(v / 2^(s+1) + 1/2) = (floor(v / 2^s) + 1) >> 1 (halving and flooring commute with the + 1).
        Magnitudes below 2^-(1 + bitlen(m)) give a * m < 1/2, code 0 (denormals among them); at or above it
        s <= 23 + bitlen(m), so the shift stays inside the word: i32 for m < 2^8 (v < 2^32), i64 above.
        Magnitudes >= 1 (infinities) give m. tests/test_native_om_encode.py compares every float32 in
        [-1, 1] (8-bit) and every decision boundary of every width with the reference."""
        c32 = lambda v: self.sp("i32", v)  # noqa: E731
        bits = self.asi(x)
        a = self.bop("and", "i32", bits, c32(0x7FFFFFFF)) if signed else bits
        e_min = 126 - m.bit_length()
        # NaN (positive bits; negative ones are below any bound as signed words) -> 0, then the magnitude
        # clamped as a signed word into [2^(e_min - 127), 1.0]: 2^(e_min - 127) * m < 1/2 codes 0 like every
        # smaller or negative input, and 1.0 codes m like every larger one (infinity included). Inside the
        # bounds the shift below stays within [22, 23 + bitlen(m)].
        a = self.sel(self.icmp("sgt", "i32", a, c32(0x7F800000)), "i32", c32(0), a)
        a = self.sel(self.icmp("slt", "i32", a, c32(e_min << 23)), "i32", c32(e_min << 23), a)
        a = self.sel(self.icmp("sgt", "i32", a, c32(0x3F800000)), "i32", c32(0x3F800000), a)
        wide = m >= 256
        it = "i64" if wide else "i32"
        mant = self.bop("or", "i32", self.bop("and", "i32", a, c32(0x7FFFFF)), c32(0x800000))
        sh = self.bop("sub", "i32", c32(149), self.bop("lshr", "i32", a, c32(23)))
        if wide:
            mant = self.cast("zext", mant, "i32", "i64")
            sh = self.cast("zext", sh, "i32", "i64")
        v = self.bop("mul", it, mant, self.sp(it, m))
        t = self.bop("lshr", it, v, sh)
        q = self.bop("lshr", it, self.bop("add", it, t, self.sp(it, 1)), self.sp(it, 1))
        if wide:
            q = self.cast("trunc", q, "i64", "i32")
        if signed:
            q = self.sel(self.icmp("slt", "i32", bits, c32(0)), "i32", self.bop("sub", "i32", c32(0), q), q)
        return q

    def unorm_f64(self, x: str, m: int) -> str:
        """numerics.float_to_unorm with scale ``m`` = 2^n - 1 (n <= 24) done as the reference does it, in
        float64: NaN -> 0 and the clamp to [0, 1] in float32 (both exact), then x * m + 0.5 and a truncation.
        The product of a 24-bit significand and an n-bit integer has at most 48 significant bits and adding
        0.5 to a value below 2^24 keeps it below 2^53 ulp-free, so both float64 steps are exact and the
        truncation sees the same value as numpy's (§3.2.3.6). Fewer instructions than round_scaled's integer
        form on vector units with a float64 convert (tests/test_native_om_encode.py: every float32 in [-1, 1]
        and every decision boundary). The truncation is a signed convert: the value lies in [0.5, 2^24 - 0.5],
        where it equals the unsigned one, and AVX2 has no unsigned float64 -> i32 convert (LLVM widens fptoui to
        two converts, a subtract and a select per vector: a fifth of the S5 blend body on the 2-core EPYC)."""
        pos = self.sel(self.fcmp("ogt", x, self.sp("float", 0.0)), "float", x, self.sp("float", 0.0))  # NaN -> 0
        c = self.sel(self.fcmp("olt", pos, self.sp("float", 1.0)), "float", pos, self.sp("float", 1.0))
        d = self.cast("fpext", c, "float", "double")
        d = self.bop("fadd", "double", self.bop("fmul", "double", d, self.sp("double", float(m))),
                     self.sp("double", 0.5))
        return self.cast("fptosi", d, "double", "i32")

    def unorm_fma(self, x: str, m: int) -> str:
        """numerics.float_to_unorm with scale ``m`` = 2^n - 1 (n <= 16) exactly, in float32: after the same
        NaN -> 0 and clamp to [0, 1], y = x * m + 0.5 is a real in [0.5, m + 0.5] and the code is floor(y).
        t = fma(x, m, 0.5) is y rounded once; rounding to nearest is monotonic and every integer up to 2^24 is
        a float32, so floor(y) <= trunc(t) = k <= floor(y) + 1. r = fma(x, m, 0.5 - k) (0.5 - k exact) is
        y - k rounded once, and rounding keeps the sign of a non-zero value (y - k is a multiple of 2^-149,
        x's granularity, so it cannot round to zero): k - 1 where r < 0, else k. Seven vector operations per
        eight lanes where the float64 form (unorm_f64) takes twelve on AVX2 (S5's blend body on the 2-core
        EPYC); tests/test_native_om_encode.py checks every float32 in [0, 1] for 8 bits and every decision
        boundary up to 16 against exact fractions."""
        fma = f"@llvm.fma.v{self.w}f32"
        self.decls.add(f"declare {self.t('float')} {fma}({self.t('float')}, {self.t('float')}, {self.t('float')})")
        c = self.minps(self.maxps(x, self.sp("float", 0.0)), self.sp("float", 1.0))  # NaN -> 0 (maxps: NaN -> b)
        ft = self.t("float")
        t = self.v(f"call {ft} {fma}({ft} {c}, {ft} {self.sp('float', float(m))}, {ft} {self.sp('float', 0.5)})")
        k = self.cast("fptosi", t, "float", "i32")
        back = self.bop("fsub", "float", self.sp("float", 0.5), self.cast("sitofp", k, "i32", "float"))
        r = self.v(f"call {ft} {fma}({ft} {c}, {ft} {self.sp('float', float(m))}, {ft} {back})")
        below = self.fcmp("olt", r, self.sp("float", 0.0))
        return self.bop("add", "i32", k, self.cast("sext", below, "i1", "i32"))

    def unorm_magic_bits(self, x: str, m: int, unit: bool = False) -> str:
        """numerics.float_to_unorm with scale ``m`` = 2^n - 1 (2 <= n <= 16), exactly, as the i32 bits
        0x4B000000 + code (the caller masks the code out, or shifts the constant out of its word).

        After NaN -> 0 and the clamp to [0, 1] (maxps / minps: the same selects), the definition's code is
        floor(c*m + 1/2). That equals round-half-even(c*m): the two differ only where c*m is a half-integer
        whose upward neighbour is odd; c*m = (2j+1)/2 with c dyadic makes m divide 2j+1 (m odd), and
        c <= 1 leaves 2j+1 = m, i.e. c = 1/2, where both give (m+1)/2 = 2^(n-1), even for n >= 2. The
        fused multiply-add fma(c, m, 2^23) rounds the exact 2^23 + c*m once, to nearest even, in the binade
        [2^23, 2^24) whose spacing is 1 (c*m <= 2^16 - 1): it is 2^23 + round-half-even(c*m), whose bits are
        0x4B000000 + the code. Three vector operations per eight lanes (max, min, fma) where unorm_fma takes
        nine (tests/test_native_om_encode.py: every float32 in [0, 1] for 8 bits, every decision boundary of
        every width 2..16 against exact fractions).

        ``unit``: the caller proved ``x`` is a NaN or in [-0, 1] (om_gen.unit_output): the clamp's upper bound then
        changes nothing (maxps already maps NaN and -0 to +0), so only the maxps is emitted."""
        fma = f"@llvm.fma.v{self.w}f32"
        ft = self.t("float")
        self.decls.add(f"declare {ft} {fma}({ft}, {ft}, {ft})")
        c = self.maxps(x, self.sp("float", 0.0))  # NaN -> 0 (maxps: NaN -> b)
        if not (unit and UNIT_CLAMP):
            c = self.minps(c, self.sp("float", 1.0))
        t = self.v(f"call {ft} {fma}({ft} {c}, {ft} {self.sp('float', float(m))}, {ft} {self.sp('float', 2.0 ** 23)})")
        return self.asi(t)

    def magic_ok(self, ch) -> bool:
        """Whether :meth:`encode` of ``ch`` may be replaced by :meth:`unorm_magic_bits` (UNORM, 2..16 bits, FMA)."""
        return ch.kind == "unorm" and UNORM_MAGIC and UNORM_FMA and 2 <= ch.bits <= 16 and host_fma()

    def encode(self, ch, x: str) -> str:
        """float32 -> the channel's i32 code as formats/codecs.encode."""
        if ch.kind == "unorm":
            if self.magic_ok(ch):
                return self.bop("and", "i32", self.unorm_magic_bits(x, (1 << ch.bits) - 1),
                                self.sp("i32", (1 << ch.bits) - 1))
            if UNORM_FMA and ch.bits <= 16 and host_fma():
                return self.unorm_fma(x, (1 << ch.bits) - 1)
            if UNORM_F64 and ch.bits <= 24:
                return self.unorm_f64(x, (1 << ch.bits) - 1)
            return self.round_scaled(x, (1 << ch.bits) - 1, signed=False)
        if ch.kind == "snorm":
            code = self.round_scaled(x, (1 << (ch.bits - 1)) - 1, signed=True)
            return self.bop("and", "i32", code, self.sp("i32", (1 << ch.bits) - 1))
        if ch.kind == "srgb":
            g = f"@{self.prefix}_srgb_enc"
            self.decls.add(f"{g} = internal constant [256 x float] {_farray(_srgb_thresholds())}")
            f = self.sel(self.fcmp("uno", x, x), "float", self.sp("float", 0.0), x)
            pos = self.sp("i32", 0)
            for step in (128, 64, 32, 16, 8, 4, 2, 1):
                idx = self.cast("zext", self.bop("add", "i32", pos, self.sp("i32", step - 1)), "i32", "i64")
                p = self.v(f"getelementptr [256 x float], ptr {g}, i64 0, {self.t('i64')} {idx}")
                t = self.gather("float", p, self.sp("i1", "true"))
                pos = self.sel(self.fcmp("ole", t, f), "i32", self.bop("add", "i32", pos, self.sp("i32", step)), pos)
            return pos
        if ch.bits == 32:
            return self.asi(x)
        if ch.bits == 16:
            return self.f32_to_f16(x)
        # float11 / float10 (numerics._f32_to_small_float): negatives (not NaN) -> 0, float16 round toward
        # zero, low mantissa bits dropped, NaN kept NaN
        mb = ch.bits - 5
        isnan = self.fcmp("uno", x, x)
        neg = self.band(self.icmp("slt", "i32", self.asi(x), self.sp("i32", 0)),
                        self.bop("xor", "i1", isnan, self.sp("i1", "true")))
        h = self.bop("and", "i32", self.f32_to_f16(self.sel(neg, "float", self.sp("float", 0.0), x)),
                     self.sp("i32", 0x7FFF))
        code = self.bop("lshr", "i32", h, self.sp("i32", 10 - mb))
        nm = self.bop("and", "i32", code, self.sp("i32", (1 << mb) - 1))
        nan = self.bop("or", "i32", self.sel(self.icmp("eq", "i32", nm, self.sp("i32", 0)), "i32",
                                             self.sp("i32", 1 << (mb - 1)), nm), self.sp("i32", 31 << mb))
        return self.sel(isnan, "i32", nan, code)

def channel_code(B, ch, words: list[str]) -> str:
    """One channel's raw code from its format's 32-bit words (uav_gen reads typed UAVs the same way)."""
    v = words[ch.word]
    if ch.shift:
        v = B.bop("lshr", "i32", v, B.sp("i32", ch.shift))
    if ch.bits < 32:
        v = B.bop("and", "i32", v, B.sp("i32", (1 << ch.bits) - 1))
    return v


def word_type(ws: int) -> str:
    """The LLVM integer type of a format word of ``ws`` bytes."""
    return {1: "i8", 2: "i16", 4: "i32"}[ws]
