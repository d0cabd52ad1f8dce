"""Float identities fxc applies when refactoring is allowed (the default; D3DCOMPILE_IEEE_STRICTNESS and
D3DCOMPILE_SKIP_OPTIMIZATION turn it off): ``x * 1 = x``, ``x * 0 = 0``, ``x + 0 = x`` (and ``mad``
with a 0 or 1 factor).

They are not IEEE-exact — ``x * 1`` skips the denormal flush of ``mul``, ``x * 0`` is 0 even for NaN and
infinities, ``-0 + 0`` stays -0 — but they are what fxc's code does: NBodyGravityCS11's ParticleDraw_GS
drops ``position.z * g_mInvView[2]`` (z is 0) and reads one register of the constant buffer less, and
the cubic filter weights of ContactHardeningShadows11 (constant 0/1 matrices) collapse the same way.
A program compiled here should compute what fxc's would, so the compiler folds them too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS, D3DCOMPILE_SKIP_OPTIMIZATION
from .operands import Slot, imm, is_imm
from .types import FLOAT

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_ZERO = frozenset({0x00000000, 0x80000000})
_ONE = 0x3F800000


def _all_imm(slots: list[Slot], values) -> bool:
    return bool(slots) and all(is_imm(s) and s[3] in values for s in slots)


def uses_precise(cg: CodegenContext) -> bool:
    """Whether the source declares anything ``precise`` (D3D11.3 §22.19.2: precise results must not be
    refactored). Which computations feed a precise value is not tracked, so one such declaration turns
    the identities off for the whole shader (the safe side)."""
    if cg.precise_seen is None and not cg.prog.mentions_precise:
        cg.precise_seen = False
    if cg.precise_seen is None:
        from . import ast as A
        from .codegen import walk

        def precise(n: object) -> bool:
            if isinstance(n, (A.VarDecl, A.Param)):
                return "precise" in n.mods
            fields = getattr(getattr(n, "type", None), "fields", None) if isinstance(n, A.TypeDecl) else None
            return any(len(f) > 3 and "precise" in f[3] for f in fields or ())

        cg.precise_seen = any(precise(n) for n in walk(cg.prog))
    return cg.precise_seen


def refactoring_allowed(cg: CodegenContext) -> bool:
    """Whether fxc's float identities apply: neither IEEE strictness nor /Od, and nothing ``precise``."""
    return not cg.compile_flags & (D3DCOMPILE_IEEE_STRICTNESS | D3DCOMPILE_SKIP_OPTIMIZATION) and not uses_precise(cg)


def refactor_identity(cg: CodegenContext, name: str, n: int, srcs: list[list[Slot]]) -> list[Slot] | None:
    """The result slots of ``add``/``mul``/``mad`` on ``srcs`` when a factor or addend is an identity
    literal in every component, of ``div`` by a literal whose reciprocal flushes to 0 (:func:`_reciprocal_flushes`),
    else None."""
    if cg.compile_flags & (D3DCOMPILE_IEEE_STRICTNESS | D3DCOMPILE_SKIP_OPTIMIZATION) or uses_precise(cg):
        return None
    if reads_undefined(cg, [s for sl in srcs for s in sl[:n]]):
        # fxc judges a read of an undefined local (X4000) before its optimiser applies these identities: ``float y;
        # return y * 0;`` / ``y * 1`` / ``y + 0`` / ``mad(y, 0, a)`` / ``y / 1`` are X4000 (d3dcompiler_47 10.1,
        # session 45); the operation stays for uninit.check_uninitialized_reads (dead, it is swept unjudged)
        return None
    if name == "mad" and len(srcs) == 3 and all(len(x) >= n for x in srcs):
        a, b, c = srcs
        for x, y in ((a, b), (b, a)):
            if _all_imm(x[:n], _ZERO):
                return list(c[:n])
            if _all_imm(x[:n], {_ONE}):
                return cg.alu("add", FLOAT, n, [y[:n], c[:n]])
        return None
    if len(srcs) != 2:
        return None
    a, b = srcs
    if len(a) < n or len(b) < n:
        return None
    if name == "div":
        return [imm(0)] * n if _reciprocal_flushes(b[:n]) and not all(is_imm(s) for s in a[:n]) else None
    for x, y in ((a, b), (b, a)):
        if name == "mul" and _all_imm(x[:n], {_ONE}):
            return list(y[:n])
        if name == "mul" and _all_imm(x[:n], _ZERO):
            return [imm(0)] * n
        if name == "add" and _all_imm(x[:n], _ZERO):
            return list(y[:n])
    return None


def _integer_zero_product(cg: CodegenContext, name: str, n: int, srcs: list[list[Slot]], dst_pos: int) -> bool:
    """``imul``'s low half with a factor literal 0 in every lane: fxc's front end folds it to 0 when it optimises at
    shader model 4 and later, before it judges undefined reads (``int y; return y * 0;``, ``0 * y``, ``y * 0u``
    compile; ``y * 1`` and ``y + 0`` are X4000; /Od and ps_3_0 keep the product: X4000; d3dcompiler_47 10.1,
    session 45), and its object holds ``mov o0, l(0)`` for a defined ``k * 0`` too."""
    if name != "imul" or dst_pos != 1 or len(srcs) != 2 or cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION \
            or cg.d3d9 or cg.level9:
        return False
    return any(len(x) >= n and _all_imm(x[:n], {0}) for x in srcs)


def reads_undefined(cg: CodegenContext, slots: list[Slot]) -> bool:
    """Whether one of ``slots`` is a component of a local declared without initialiser (``cg.uninit_locals``) that
    no instruction generated so far writes: its value is undefined here, in program order (uninit.py's order).

    An element of a local array declared without initialiser or read in its own initialiser
    (``cg.uninit_local_arrays``) at a literal index counts alike, and so does a temp a plain ``mov`` last wrote from
    such an element while it was unwritten: ``float u[2]; u[0] = a.x; return u[1] * 0;``, ``float u[2] = { a.x,
    u[0] }; return u[1] * 0;`` and ``float k = u[1]; return k * 0;`` after it are X4000 (d3dcompiler_47 10.1,
    session 47: fxc judges the element before its x * 0 identity, as for a scalar); a store at a run-time index may
    write any element. An array no instruction has written yet is not judged (``float u[2]; return u[1] * 0;``
    compiles: fxc has no storage for it, its reads are "(unknown)", session 37's rows)."""
    arrays = {x for _n, _p, xs in cg.uninit_local_arrays for x in xs}
    elements = {(s[1], s[3]) for s in slots if s[0] == "x" and s[2] is None and s[1][0] in arrays}
    temps = {(s[1][0], s[3]) for s in slots if s[0] == "r" and s[2] is None}
    locals_ = {(s[1][0], s[3]) for _n, _p, sl in cg.uninit_locals for s in sl if s[0] == "r" and s[2] is None}
    wanted = temps & locals_
    if not wanted and not elements and not (arrays and temps):
        return False
    scan = _scan(cg)
    if wanted - scan.writes:
        return True
    if not arrays:
        return False
    return any(scan.unwritten(e) for e in elements) or any(t in scan.copies for t in temps)


class _UndefinedScan:
    """What the instructions generated so far write, kept across calls of :func:`reads_undefined` and extended by the
    instructions added since (each call scanned the whole program before: quadratic in a long unrolled shader).
    ``code``: the list scanned, ``marks``: the instruction objects at its end, to see a rollback (unroll.py)."""

    def __init__(self) -> None:
        self.code: list | None = None
        self.prologue = 0
        self.done = 0
        self.last: Any = None
        self.writes: set[tuple[int, int]] = set()  # every temp component written
        self.stored: set[int] = set()  # the arrays some instruction writes
        self.anywhere: set[int] = set()  # ... at a run-time index
        self.written: set[tuple] = set()  # (element index, component) written at a literal index
        self.copies: dict[tuple[int, int], tuple] = {}  # temp component -> the unwritten element its value holds

    def unwritten(self, e: tuple) -> bool:
        return e[0][0] in self.stored and e[0][0] not in self.anywhere and e not in self.written

    def feed(self, ins: Any) -> None:
        from .optimize import _dst_comps, _shape, _writes_of

        if not ins.args:
            return
        sh = _shape(ins)
        writes = _writes_of(ins, sh)
        self.writes.update(writes)
        tainted = _tainted_lanes(ins, sh, self.unwritten, self.copies) if sh.kind == "cw" else {}
        for w in writes:
            self.copies.pop(w, None)
        self.copies.update(tainted)
        for d in ins.args[:sh.nd]:
            if d.file == "x":
                self.stored.add(d.idx[0])
                if d.rel is not None:
                    self.anywhere.add(d.idx[0])
                else:
                    self.written.update((tuple(d.idx), c) for c in _dst_comps(d))


def _scan(cg: CodegenContext) -> _UndefinedScan:
    """The scan of ``cg``'s static prologue and code, brought up to date (started again after a rollback)."""
    scan = cg.undefined_scan
    code, pro = cg.code, cg.static_prologue
    if scan is None or scan.code is not code or scan.prologue != len(pro) or scan.done > len(code) or \
            (scan.done and code[scan.done - 1] is not scan.last):
        scan = _UndefinedScan()
        scan.code, scan.prologue = code, len(pro)
        for ins in pro:
            scan.feed(ins)
        cg.undefined_scan = scan
    for ins in code[scan.done:]:
        scan.feed(ins)
    scan.done = len(code)
    scan.last = code[-1] if code else None
    return scan


def _tainted_lanes(ins: Any, sh: Any, unwritten: Any, copies: dict) -> dict:
    """The temp components a component-wise instruction writes from an unwritten array element or from a temp
    holding one (``float k = u[1];``, ``-u[1]``, ``a * k``, ``float2(u[1], u[0]).x``: fxc's X4000 under a later
    identity, session 47), each with that element."""
    from .optimize import _dst_comps

    out: dict = {}
    for d in ins.args[:sh.nd]:
        if d.file != "r":
            continue
        for c in _dst_comps(d):
            for a in ins.args[sh.nd:]:
                if a.comps is None or len(a.comps) != 4 or a.rel is not None:
                    continue
                lane = a.comps[c]
                e = (tuple(a.idx), lane) if a.file == "x" else copies.get((a.idx[0], lane)) if a.file == "r" else None
                if e is not None and (a.file == "r" or unwritten(e)):
                    out[(d.idx[0], c)] = e
                    break
    return out


def _reciprocal_flushes(divisor: list[Slot]) -> bool:
    """Whether every lane of ``divisor`` is a literal whose float32 reciprocal is 0 or a denormal (flushed to 0): an
    infinity, or a magnitude above 2^126 (``x / 1e39``, ``x / -asfloat(0x7f800000u)``, ``x / 8.6e37``; not ``x /
    8.5e37``, whose reciprocal is normal). fxc divides by a constant through a multiply by its reciprocal
    (optimize._div_as_mul), so the quotient is ``x * 0``, which its ``x * 0 = 0`` identity folds to +0 whatever x
    holds (d3dcompiler_47 10.1 under Wine, session 39 GEN: ``mov o0, l(0,0,0,0)``; found as the harness's ``ours
    -inf, fxc +inf`` of ``v /= y / -inf``, gen7003 cs_5_0); a vector divisor with another lane keeps its multiply."""
    if not divisor or not all(is_imm(s) for s in divisor):
        return False
    words = np.array([s[3] for s in divisor], np.uint32).view(np.float32)
    if np.isnan(words).any():
        return False
    with np.errstate(divide="ignore", over="ignore"):
        rcp = np.float32(1.0) / words
    return bool((np.abs(rcp) < np.float32(2.0 ** -126)).all())


#: comparisons of a value with itself that fxc folds whatever the value (true: ~0)
_SELF_COMPARE = {"lt": 0, "ieq": 0xFFFFFFFF, "ige": 0xFFFFFFFF, "uge": 0xFFFFFFFF, "ine": 0, "ilt": 0, "ult": 0}
#: the float ``eq`` / ``ge`` / ``ne`` of a value with itself (``x == x``, ``x <= x``, ``isnan``): folded only where
#: fxc takes the value for not NaN (nanprops.py, session 36)
_SELF_COMPARE_NOT_NAN = {"eq": 0xFFFFFFFF, "ge": 0xFFFFFFFF, "ne": 0}


def same_value_identity(cg: CodegenContext, name: str, n: int, srcs: list[list[Slot]], mods: list[str] | None,
                        dst_pos: int = 0) -> list[Slot] | None:
    """fxc's identities on a value against itself, and on a zero dividend, when refactoring is allowed
    (d3dcompiler_47 10.1's listings, session 35; /Od and IEEE strictness keep the instructions): ``x / x = 1``
    (float ``div``; ``udiv``'s quotient), ``x - x = 0``, ``min(x, x) = max(x, x) = x``, ``x < x`` false,
    ``0 / x = 0`` (float) -- even where x is 0, an infinity or NaN, whose IEEE answers differ (fxc folds these
    for a value of any origin; ``x == x``, ``x != x``, ``x >= x`` only for a value it takes for not NaN). "The same value" is the same register components with the same
    modifiers (``a / -a`` stays a division, as in fxc's listing); None when no identity applies. An integer
    product with a literal 0 factor is 0 (:func:`_integer_zero_product`)."""
    if _integer_zero_product(cg, name, n, srcs, dst_pos):
        return [imm(0)] * n
    if len(srcs) != 2 or not refactoring_allowed(cg):
        return None
    a, b = srcs[0][:n], srcs[1][:n]
    if len(a) < n or len(b) < n:
        return None
    ma, mb = ((mods or []) + ["", ""])[:2]
    same = a == b and ma == mb and not any(is_imm(x) for x in a)
    if name == "div" and same:
        return [imm(_ONE)] * n
    if name == "div" and not ma and _all_imm(a, _ZERO) and not any(is_imm(x) for x in b):
        return [imm(0)] * n
    if name == "udiv" and same and dst_pos == 0:
        return [imm(1)] * n
    if name in ("add", "iadd") and a == b and {ma, mb} == {"", "-"} and not any(is_imm(x) for x in a):
        return [imm(0)] * n
    if name in ("min", "max", "imin", "imax", "umin", "umax") and same and not ma:
        return list(a)
    if name in _SELF_COMPARE and same:
        return [imm(_SELF_COMPARE[name])] * n
    if name in _SELF_COMPARE_NOT_NAN and same:
        from .nanprops import NOT_NAN, holds

        if all(holds(cg, s, NOT_NAN) for s in a):
            return [imm(_SELF_COMPARE_NOT_NAN[name])] * n
    return None


#: pow(x, k) for a literal k that fxc writes as multiplies, and the grouping it uses (fxc's own objects):
#: k = 2 ``x·x`` (SlimShader SubD11_PS, ``pow(saturate(…), 2)``); k = 3 ``x·(x·x)`` (FluidCS11 ForceCS_*,
#: ``pow(density / g_fRestDensity, 3)``: mul t, y, y; mad r, y, t, -1); k = 4 ``(x·x)·(x·x)`` (VarianceShadows11
#: RenderVarianceScene_PS, ``pow(p_max, 4)``: mul r, r, r twice); k = 5 ``x·((x·x)·(x·x))`` (DirectXTK PBRCommon
#: ``pow(1.f - x, 5.f)``: mul t, x, x; mul t, t, t; mul r, x, t); a scalar k = 100 stays log/mul/exp
#: (DecalTessellation11_PS). d3dcompiler_47 10.1's listings (session 40) give the whole rule: an integer k is
#: square-and-multiply from the lowest bit (the running product times the next square: ``pow(x, 7)`` is
#: ``(x·x²)·x⁴``, ``pow(x, 15)`` ``((x·x²)·x⁴)·x⁸``), a negative one ``1 / x^|k|`` (``div``), while the multiplies
#: number at most 2n + 1 for an n-component pow (n + 1 for a negative k; the DLL at n = 1..4: pow(x, 8) of a
#: scalar is 3 multiplies, pow(x, 9) log/mul/exp; pow(x, 100) of a float4 8 multiplies, pow(x, 63) 10 -- a fitted
#: bound: fxc's cost model is not documented); k = 0 is 1, k = 1 is x, k = 0.5 ``1 / rsq(x)`` and k = -0.5 ``rsq(x)``.
_POW_MUL_LIMIT = (lambda n: 2 * n + 1, lambda n: n + 1)


def pow_by_multiplies(cg: CodegenContext, n: int, x: list[Slot], k: list[Slot]) -> list[Slot] | None:
    """The slots of ``pow(x, k)`` as fxc writes it for a literal ``k`` (the same in every component) when that is
    not log/mul/exp (_POW_MUL_LIMIT's comment; refactoring allowed, as refactor_identity), else None."""
    legacy = cg.d3d9 or cg.level9
    # Below shader model 4 the expansion is not an optimisation: d3dcompiler_47 10.1 writes pow(x, 2) as mul,
    # pow(x, -0.5) as rsq and pow(x, 0.5) as rsq / rcp at ps_2_0 under /Od and IEEE strictness too, and its
    # known-positive rule (X3548) judges those forms under every flag ((uint)pow(x, 3), (uint)pow(x, -1) are
    # refused at /Od; test_rules_hlsl_d3d9_s41 pow_ranges)
    if not legacy and (cg.compile_flags & (D3DCOMPILE_IEEE_STRICTNESS | D3DCOMPILE_SKIP_OPTIMIZATION)
                       or uses_precise(cg)):
        return None
    if len(k) < n or not all(is_imm(s) for s in k[:n]) or len({s[3] for s in k[:n]}) != 1:
        return None
    e = float(np.array(k[0][3], np.uint32).view(np.float32))
    one = [imm(0x3F800000)] * n
    if e == 0.0:
        return one
    if e == 1.0:
        return list(x[:n])
    if e in (0.5, -0.5):
        r = cg.alu("rsq", FLOAT, n, [x[:n]])
        if e < 0:
            return r
        q = cg.alu("div", FLOAT, n, [one, r])
        if legacy:
            # fxc judges pow(x, 0.5) as sqrt(x) (known not negative: (uint)pow(x, 0.5) compiles, while
            # (uint)(1 / rsqrt(abs(x))) and (uint)pow(x, -0.5) are X3548; max(x, pow(saturate(x), 0.5)) compiles,
            # sqrt's exact interval), though it writes rsq / div (level 9's 4.0 part) or rsq / rcp (ps_2_0)
            from . import uintrange

            uintrange.note_op(cg, "sqrt", [x[:n]], None, False, q)
        return q
    if not e.is_integer() or abs(e) > 1 << 24:
        return None
    m = int(abs(e))
    if (m.bit_length() - 1) + (bin(m).count("1") - 1) > _POW_MUL_LIMIT[e < 0](n):
        return None
    result, p = None, list(x[:n])
    while True:
        if m & 1:
            result = p if result is None else cg.alu("mul", FLOAT, n, [result, p])
        m >>= 1
        if not m:
            break
        p = cg.alu("mul", FLOAT, n, [p, p])
    return result if e > 0 else cg.alu("div", FLOAT, n, [one, result])


def _f32_flushed(v: np.ndarray) -> np.ndarray:
    """float64 values rounded to float32, denormals flushed to a zero of their sign (D3D11.3 3.1.3.2)."""
    with np.errstate(all="ignore"):
        f = v.astype(np.float32)
    return np.where(np.abs(f) < np.float32(2.0 ** -126), np.copysign(np.float32(0), f), f).astype(np.float32)


def fold_constant_pow(cg: CodegenContext, n: int, x: list[Slot], k: list[Slot]) -> list[Slot] | None:
    """``pow(x, k)`` of literal, non-negative ``x`` and literal ``k`` folded as fxc folds it: each step of its
    log/mul/exp sequence correctly rounded to float32 -- ``exp2(f32(f32(log2 x) · k))``. The evidence is
    SlimShader SubD11_PS: ``ColorGamma(float3(0.706, 0.641, 0.63) …)`` (``pow(c, 2.2f)``) are icb words
    0x3eee08e1, 0x3ec077b2, 0x3eb946a7, one ulp below float64 pow of the same floats, and all eight of its
    non-trivial colours match this sequence. /Od folds nothing (fxc's dxbc2dxil half_rcp object keeps
    ``rcp`` of a literal); a negative base keeps the run-time sequence (no object shows one)."""
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:
        return None
    if len(x) < n or len(k) < n or not all(is_imm(s) for s in x[:n] + k[:n]):
        return None
    xs = np.array([s[3] for s in x[:n]], np.uint32).view(np.float32)
    ks = np.array([s[3] for s in k[:n]], np.uint32).view(np.float32)
    if not (xs >= 0).all():  # NaN or negative
        return None
    with np.errstate(all="ignore"):
        lg = _f32_flushed(np.log2(xs.astype(np.float64)))
        p = _f32_flushed(lg.astype(np.float64) * ks.astype(np.float64))
        r = _f32_flushed(np.exp2(p.astype(np.float64)))
    return [imm(int(w)) for w in r.view(np.uint32)]


def fold_constant_normalize(cg: CodegenContext, x: list[Slot]) -> list[Slot] | None:
    """``normalize(x)`` of a literal vector folded as fxc folds it: in double precision, ``x / sqrt(x·x)``
    rounded once to float32. The evidence is SlimShader SubD11_PS: its four ``normalize(float3(…))`` light
    directions are icb words that this gives for all twelve components, while the float32 sequence
    (dp3, rsq, mul) is one ulp off in two of them (0xbe8ee179 / 0x3f61d0c1 for 0xbe8ee17a / 0x3f61d0c2).
    Not under /Od (which folds nothing); a zero, infinite or NaN vector keeps the run-time sequence."""
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION or not x or not all(is_imm(s) for s in x):
        return None
    v = np.array([s[3] for s in x], np.uint32).view(np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        n = np.sqrt(np.sum(v * v))
    if not np.isfinite(n) or n == 0 or not np.isfinite(v).all():
        return None
    return [imm(int(w)) for w in _f32_flushed(v / n).view(np.uint32)]
