"""Intrinsics that fxc expands into instruction sequences: hyperbolic and inverse trigonometric
functions, lit, dst, fwidth, modf, frexp/ldexp, determinant (fxc's expansions), and the legacy ``tex*`` sampling
functions (sampler1D/2D/3D/CUBE objects bound as t#+s# pairs of the same number).

Sequences follow the HLSL reference definitions (MicrosoftDocs win32 direct3dhlsl intrinsic pages);
the inverse-trigonometric polynomials are the classic minimax approximations fxc uses (Abramowitz &
Stegun 4.4.45 for acos/asin; atan2 and atan as fxc expands them, see _atan2)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...errors import NotSupportedError
from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
from . import ast as A
from .codegen import Resource, Val, f2b
from .constprop import carries_canonical
from .exprs import coerce_pair, numeric
from .featuregates import INTRINSICS, check_gate
from .legacytex import record_use
from .operands import Reg, dimm, imm, is_imm
from .types import FLOAT, INT, UINT, NumType, ObjectType, concrete
from .values import b2f

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_F = NumType(FLOAT)
_LOG2E = 1.4426950408889634
_HALF_PI = 1.5707963267948966
_PI = 3.141592653589793
NAMES = {"sinh", "cosh", "tanh", "asin", "acos", "atan", "atan2", "lit", "dst", "fwidth", "modf", "frexp", "ldexp",
         "tex1D", "tex2D", "tex3D", "texCUBE", "tex2Dproj", "tex2Dlod", "tex2Dbias", "tex2Dgrad", "tex1Dgrad",
         "tex3Dgrad", "tex1Dlod", "tex3Dlod", "GetRenderTargetSampleCount", "GetRenderTargetSamplePosition",
         # the rest of the reference's legacy sampling list ("Intrinsic Functions": tex1Dbias ... texCUBEproj)
         "tex1Dbias", "tex1Dproj", "tex3Dbias", "tex3Dproj", "texCUBEbias", "texCUBEgrad", "texCUBElod",
         "texCUBEproj"}


def _k(v: float, n: int) -> list:
    return [imm(f2b(v))] * n


def _d(v: float, n: int) -> list:
    """An expansion's constant that fxc keeps in double when it folds (operands.DoubleImm, session 46)."""
    return [dimm(v)] * n


def _fvals(cg: CodegenContext, args: list[Val], pos) -> list[Val]:
    from .intrinsics import _fv

    return [_fv(cg, a, pos) for a in args]


def _exp_e(cg: CodegenContext, x: list, n: int, scale: float = 1.0) -> list:
    return cg.alu("exp", FLOAT, n, [cg.alu("mul", FLOAT, n, [x, _d(_LOG2E * scale, n)])])


def _mad(cg: CodegenContext, n: int, srcs: list, mods: list | None = None) -> list:
    """An expansion's ``a * b + c``. fxc writes it as a multiply and an add, which its optimiser fuses into one
    ``mad`` when they run and folds one by one, each rounded, when the operands are constants (d3dcompiler_47 10.1,
    session 46: ``acos`` of 93 constant locals fits only the polynomial's steps, ``p * s`` and the negative
    argument's term each rounded, with the constants in double -- operands.DoubleImm)."""
    mods = mods or ["", "", ""]
    if all(is_imm(s) for sl in srcs for s in sl[:n]) and carries_canonical(cg) and not (cg.d3d9 or cg.level9):
        return cg.alu("add", FLOAT, n, [cg.alu("mul", FLOAT, n, srcs[:2], mods[:2]), srcs[2]], ["", mods[2]])
    return cg.alu("mad", FLOAT, n, srcs, mods)


def _acos(cg: CodegenContext, x: list, n: int) -> list:
    """acos(x) as fxc expands it (its listings; Abramowitz & Stegun 4.4.45's polynomial in |x|):

        s = sqrt(-|x| + 1),  p = ((-0.0187293|x| + 0.0742610)|x| - 0.2121144)|x| + 1.5707288   (mads)
        acos = p·s + (x < -x ? (s·p)·-2 + π : 0)                                               (mad)

    the negative-argument term (π - 2·p·s, so the sum is π - p·s) masked by the compare, as fxc writes it."""
    s = cg.alu("sqrt", FLOAT, n, [cg.alu("add", FLOAT, n, [x, _k(1.0, n)], ["-abs", ""])])
    p = _mad(cg, n, [x, _d(-0.0187293, n), _d(0.0742610, n)], ["abs", "", ""])
    p = _mad(cg, n, [p, x, _d(-0.2121144, n)], ["", "abs", ""])
    p = _mad(cg, n, [p, x, _d(1.5707288, n)], ["", "abs", ""])
    q = _mad(cg, n, [cg.alu("mul", FLOAT, n, [p, s]), _k(-2.0, n), _d(_PI, n)])
    neg = cg.alu("lt", FLOAT, n, [x, x], ["", "-"])
    return _mad(cg, n, [p, s, cg.alu("and", UINT, n, [neg, q])])


#: fxc's atan polynomial in t² (odd minimax, t in [0, 1]); its immediates are these rounded to float32, its folds
#: read the decimals as doubles (``_d``: 180 atan and 96 atan2 probes of constant locals, session 46)
#: (fxc's listings print them as 0.020835, -0.085133, 0.180141, -0.330299, 0.999866, 1.570796, -3.141593; the
#: decompiled listings of fxc objects give the float32 values 0.0208350997 … 0.999866009, 1.57079637, -3.14159274)
_ATAN_POLY = (0.0208351, -0.085133, 0.180141, -0.3302995, 0.999866)


def _atan2(cg: CodegenContext, y: list, x: list, n: int) -> list:
    """atan2(y, x) as fxc expands it (its listings: the de-facto definition programs are written against):

        t = min(|x|, |y|) * (1 / max(|x|, |y|)),  p = poly(t·t) (mad chain)
        r = t·p + (|x| < |y| ? (t·p)·-2 + π/2 : 0)          (mad; the swap term an ``and`` of the compare)
        r = r + (x < -x ? -π : 0)
        atan2 = (min(y, x) < -min(y, x) and max(y, x) >= -max(y, x)) ? -r : r

    Bit for bit with fxc's objects, NaN arguments included (min/max return the other operand, so a NaN
    argument beside a negative one still flips the sign as fxc's does). atan(x): :func:`_atan`."""
    from .intrinsics import _same_value

    if _same_value(cg, y, x):
        # atan2(x, x): fxc 10.1 folds min(|x|, |x|) / max(|x|, |x|) to 1 (so 0, inf and NaN give the quotient 1
        # too: its object holds the constants the chain below computes, session 37 INTR)
        t = _k(1.0, n)
    else:
        mn = cg.alu("min", FLOAT, n, [y, x], ["abs", "abs"])
        mx = cg.alu("max", FLOAT, n, [y, x], ["abs", "abs"])
        t = cg.alu("mul", FLOAT, n, [mn, cg.alu("div", FLOAT, n, [_k(1.0, n), mx])])
    t2 = cg.alu("mul", FLOAT, n, [t, t])
    p = _atan_poly(cg, t2, n)
    q = cg.alu("mul", FLOAT, n, [t, p])
    swap = cg.alu("lt", FLOAT, n, [x, y], ["abs", "abs"])
    fix = cg.alu("and", UINT, n, [swap, _mad(cg, n, [q, _k(-2.0, n), _d(_HALF_PI, n)])])
    r = _mad(cg, n, [t, p, fix])
    xneg = cg.alu("lt", FLOAT, n, [x, x], ["", "-"])
    r = cg.alu("add", FLOAT, n, [r, cg.alu("and", UINT, n, [xneg, _d(-_PI, n)])])
    lo = cg.alu("min", FLOAT, n, [y, x])
    hi = cg.alu("max", FLOAT, n, [y, x])
    flip = cg.alu("and", UINT, n, [cg.alu("ge", FLOAT, n, [hi, hi], ["", "-"]), cg.alu("lt", FLOAT, n, [lo, lo], ["", "-"])])
    return cg.alu("movc", FLOAT, n, [flip, cg.op("mov", n, [r], ["-"]), r])


def _atan_poly(cg: CodegenContext, t2: list, n: int) -> list:
    """fxc's odd-polynomial factor of atan in t² (Horner, one ``mad`` per coefficient of _ATAN_POLY)."""
    p = _mad(cg, n, [t2, _d(_ATAN_POLY[0], n), _d(_ATAN_POLY[1], n)])
    for c in _ATAN_POLY[2:]:
        p = _mad(cg, n, [t2, p, _d(c, n)])
    return p


def _atan(cg: CodegenContext, x: list, n: int) -> list:
    """atan(x) as fxc expands it: :func:`_atan2` with the second argument 1, its constant parts folded
    (1 < -1 is false, so no -π term; max(x, 1) >= -max(x, 1) always holds, so the flip is min(x, 1) < 0)."""
    one = _k(1.0, n)
    mn = cg.alu("min", FLOAT, n, [x, one], ["abs", ""])
    mx = cg.alu("max", FLOAT, n, [x, one], ["abs", ""])
    t = cg.alu("mul", FLOAT, n, [cg.alu("div", FLOAT, n, [one, mx]), mn])
    t2 = cg.alu("mul", FLOAT, n, [t, t])
    p = _atan_poly(cg, t2, n)
    q = cg.alu("mul", FLOAT, n, [p, t])
    swap = cg.alu("lt", FLOAT, n, [one, x], ["", "abs"])
    fix = cg.alu("and", UINT, n, [swap, _mad(cg, n, [q, _k(-2.0, n), _d(_HALF_PI, n)])])
    r = _mad(cg, n, [t, p, fix])
    lo = cg.alu("min", FLOAT, n, [x, one])
    flip = cg.alu("lt", FLOAT, n, [lo, lo], ["", "-"])
    return cg.alu("movc", FLOAT, n, [flip, cg.op("mov", n, [r], ["-"]), r])


def math_intrinsic(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos) -> Val:  # noqa: C901
    def need(k: int) -> None:
        if len(args) != k:
            raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)

    if name.startswith("tex"):
        return legacy_tex(cg, name, args, pos)
    if name.startswith("GetRenderTarget"):
        # the pages' signatures (uint GetRenderTargetSampleCount(); float2 GetRenderTargetSamplePosition(int))
        # are type rules, checked before the stage and model limit, in a function nothing calls too
        need(0 if name == "GetRenderTargetSampleCount" else 1)
        i = cg.convert(args[0], NumType(INT), pos) if args else None
        msg = "'{name}': requires a pixel shader of model 4.1 or later"
        if cg.d3d9 or cg.level9:
            # fxc 10.1 knows them at every stage there (session 44, D9): the count is a uint it cannot show to be
            # at least 0 (X3548, uintrange.py), the position an instruction the target lacks (X4532, translation)
            if i is None:
                from .uintrange import defer, refusal

                defer(cg, refusal(cg, pos))
        else:
            check_gate(cg, INTRINSICS[name], pos, name, msg, msg)
        dst = cg.temp()
        if i is None:
            cg.emit("sampleinfo", Reg("r", (dst,), None, (0,)), Reg("rasterizer", (), None, (0,)), suffix="_uint")
            return Val(NumType(UINT, 1, 1, "v"), [("r", (dst,), None, 0)])
        cg.emit("samplepos", Reg("r", (dst,), None, (0, 1)), Reg("rasterizer", (), None, (0, 1, 0, 0)),
                cg.src(i.slots))
        return Val(NumType(FLOAT, 1, 2, "v"), [("r", (dst,), None, c) for c in range(2)])
    if name in ("sinh", "cosh", "tanh"):
        need(1)
        (v,) = _fvals(cg, args, pos)
        n = len(v.slots)
        if name == "tanh":
            # fxc 10.1's expansion at every target and flag (its listings, session 37): t = x·log2 e,
            # p = 2^t, m = 2^-t, tanh = (p - m) · (1 / (p + m)). Past |x| ≈ 88.7 p is inf and the product
            # inf · 0 is NaN in fxc's object too. An argument that is a literal expression folds to the function's
            # value (litfold.py, also at /Od); a constant held by a variable is this sequence's instructions
            # folded one by one (instfold.py: ``float x = 100; tanh(x)`` is NaN in fxc's object, session 43). Below
            # shader model 4, where neither applies, every constant lane folds to the function's value (session 37)
            if (cg.d3d9 or cg.level9) and all(is_imm(s) for s in v.slots):
                return Val(v.type, [imm(f2b(math.tanh(b2f(s[3])))) for s in v.slots])
            t = cg.alu("mul", FLOAT, n, [v.slots, _d(_LOG2E, n)])
            p = cg.alu("exp", FLOAT, n, [t])
            m = cg.alu("exp", FLOAT, n, [t], ["-"])
            den = cg.alu("add", FLOAT, n, [m, p])
            num = cg.alu("add", FLOAT, n, [m, p], ["-", ""])
            r = cg.alu("div", FLOAT, n, [_k(1.0, n), den])
            return Val(v.type, cg.alu("mul", FLOAT, n, [num, r]))
        ep = _exp_e(cg, v.slots, n)
        em = _exp_e(cg, v.slots, n, -1.0)
        s = cg.alu("add", FLOAT, n, [ep, em], ["", "-" if name == "sinh" else ""])
        return Val(v.type, cg.alu("mul", FLOAT, n, [s, _k(0.5, n)]))
    if name in ("asin", "acos"):
        need(1)
        (v,) = _fvals(cg, args, pos)
        n = len(v.slots)
        a = _acos(cg, v.slots, n)
        if name == "acos":
            return Val(v.type, a)
        # fxc: asin(x) = -acos(x) + π/2 (one add of the negated acos)
        return Val(v.type, cg.alu("add", FLOAT, n, [a, _d(_HALF_PI, n)], ["-", ""]))
    if name == "atan":
        need(1)
        (v,) = _fvals(cg, args, pos)
        n = len(v.slots)
        return Val(v.type, _atan(cg, v.slots, n))
    if name == "atan2":
        need(2)
        y, x, rt = coerce_pair(cg, *_fvals(cg, args, pos), pos, intrinsic=True)
        return Val(rt, _atan2(cg, y.slots, x.slots, rt.n))
    if name == "lit":
        need(3)
        for a in args:
            t = numeric(cg, a, pos)
            if t.n != 1:
                raise cg.err(pos, "'lit': no matching 3 parameter intrinsic function", 3013)
        ndl, ndh, m = (x.slots[0] for x in _fvals(cg, args, pos))
        diff = cg.alu("max", FLOAT, 1, [[ndl], [imm(0)]])
        from .refactor import fold_constant_pow, pow_by_multiplies

        # the specular power is pow(n·h, m) as the pow intrinsic builds it (fxc 10.1's lit(x, y, 3) multiplies:
        # lit(0, 3, 3).z is 27 exactly, lit(0, -0, 3).z is -0; session 37 INTR)
        spec = fold_constant_pow(cg, 1, [ndh], [m]) or pow_by_multiplies(cg, 1, [ndh], [m])
        if spec is None:
            spec = cg.alu("exp", FLOAT, 1, [cg.alu("mul", FLOAT, 1, [cg.alu("log", FLOAT, 1, [[ndh]]), [m]])])
        # fxc 10.1 (its ps_4_0 / ps_5_0 listings, session 37 INTR): the specular term only where n·l >= 0 and
        # n·h >= 0 (``ge``, ``and``), so a NaN n·l or n·h gives 0, as the page's "(n·l < 0) || (n·h < 0) ? 0"
        # does not say
        ok = cg.alu("and", UINT, 1, [cg.alu("ge", FLOAT, 1, [[ndl], [imm(0)]]),
                                     cg.alu("ge", FLOAT, 1, [[ndh], [imm(0)]])])
        spec = cg.alu("movc", FLOAT, 1, [ok, spec, [imm(0)]])
        one = imm(f2b(1.0))
        return Val(NumType(FLOAT, 1, 4, "v"), [one, diff[0], spec[0], one])
    if name == "dst":
        need(2)
        for a in args:
            t = numeric(cg, a, pos)
            if t.shape == "m" or t.shape == "v" and t.n != 4:
                raise cg.err(pos, "'dst': no matching 2 parameter intrinsic function", 3013)
        bases = {concrete(x.type.base) for x in args if isinstance(x.type, NumType)}
        if len(bases) == 1 and bases <= {INT, UINT}:
            # dst of ints / uints keeps the integer type, computed with imul (fxc 10.1's listing: ``imul null,
            # o0, r0.xwyx, r0.xyxw`` with r0 = (1, a, _, b); its type probe names int4 / uint4; session 37 INTR)
            it = NumType(next(iter(bases)), 1, 4, "v")
            a, b = (cg.convert(x, it, pos) for x in args)
            y = cg.alu("imul", INT, 1, [[a.slots[1]], [b.slots[1]]], dst_pos=1, ndst=2)
            return Val(it, [imm(1), y[0], a.slots[2], b.slots[3]])
        a, b = (cg.convert(x, NumType(FLOAT, 1, 4, "v"), pos) for x in _fvals(cg, args, pos))
        y = cg.alu("mul", FLOAT, 1, [[a.slots[1]], [b.slots[1]]])
        return Val(NumType(FLOAT, 1, 4, "v"), [imm(f2b(1.0)), y[0], a.slots[2], b.slots[3]])
    if name == "fwidth":
        need(1)
        (v,) = _fvals(cg, args, pos)
        n = len(v.slots)
        dx = cg.alu("deriv_rtx", FLOAT, n, [v.slots])
        dy = cg.alu("deriv_rty", FLOAT, n, [v.slots])
        return Val(v.type, cg.alu("add", FLOAT, n, [dx, dy], ["abs", "abs"]))
    if name == "modf":
        need(2)
        from .assign import assign_to

        t = numeric(cg, args[0], pos)
        n = t.n
        if concrete(t.base) in (INT, UINT):
            # the integral part is the integer itself and the fraction a float 0 (fxc 10.1: modf(int, out int)
            # is float-typed, its listing ``mov o0.x, l(0)``; session 37 INTR)
            assign_to(cg, arg_nodes[1], args[0], pos)
            return Val(t.with_base(FLOAT), [imm(0)] * n)
        (v,) = _fvals(cg, args[:1], pos)
        ip = cg.alu("round_z", FLOAT, n, [v.slots])
        assign_to(cg, arg_nodes[1], Val(v.type, ip), pos)
        return Val(v.type, cg.alu("add", FLOAT, n, [v.slots, ip], ["", "-"]))
    if name == "ldexp":
        need(2)
        x, e, rt = coerce_pair(cg, *_fvals(cg, args, pos), pos, intrinsic=True)
        return Val(rt, cg.alu("mul", FLOAT, rt.n, [x.slots, cg.alu("exp", FLOAT, rt.n, [e.slots])]))
    if name == "frexp":
        need(2)
        from .assign import assign_to

        (v,) = _fvals(cg, args[:1], pos)
        n = len(v.slots)
        # the frexp page says shader model 3 (vs_3_0, ps_3_0) and ps_2_x only, but d3dcompiler_47 10.1 compiles it
        # at every level-9 and Direct3D 9 target (ps/vs_4_0_level_9_1, vs_4_0_level_9_3, ps_2_0, vs_2_0; under Wine,
        # session 36, tests/test_level9_float_bits.py), in the log form below shader model 4, the bit form above
        if cg.level9 or cg.d3d9:
            m, e = _frexp_log(cg, v.slots, n)
            assign_to(cg, arg_nodes[1], Val(v.type, e), pos)
            return Val(v.type, m)
        bits = cg.alu("and", UINT, n, [v.slots, [imm(0x7F800000)] * n])
        nz = cg.alu("ne", FLOAT, n, [v.slots, [imm(0)] * n])
        ex = cg.alu("ishr", INT, n, [bits, [imm(23)] * n])
        ex = cg.alu("iadd", INT, n, [ex, [imm(-126 & 0xFFFFFFFF)] * n])
        ex = cg.alu("and", UINT, n, [ex, nz])
        assign_to(cg, arg_nodes[1], Val(v.type, cg.alu("itof", INT, n, [ex])), pos)
        # fxc 10.1 (ps_5_0 listing: bfi 23, 0, x, 0x3f000000) keeps no sign: frexp(-2) is 0.5 (session 37 INTR)
        mant = cg.alu("and", UINT, n, [v.slots, [imm(0x007FFFFF)] * n])
        mant = cg.alu("or", UINT, n, [mant, [imm(0x3F000000)] * n])
        return Val(v.type, cg.alu("and", UINT, n, [mant, nz]))
    raise cg.err(pos, f"undeclared identifier '{name}'", 3004)


def _frexp_log(cg: CodegenContext, x: list, n: int) -> tuple[list, list]:
    """frexp below shader model 4, fxc's own sequence at every level-9 and Direct3D 9 target (d3dcompiler_47
    10.1's ps_2_0, ps_2_x, ps_3_0 and vs_2_0 listings, under Wine, session 36): e = ceil(log2(|x| + (x == 0))),
    m = x * rcp(exp2(e)). It departs from the page's [0.5, 1) where log2|x| is an integer (a power of two gives
    m = +-1) -- fxc's answer, kept. The SM4 program of a level-9 target computes the same."""
    ax = cg.op("mov", n, [x], ["abs"])
    z = cg.alu("movc", FLOAT, n, [cg.alu("eq", FLOAT, n, [x, _k(0.0, n)]), _k(1.0, n), _k(0.0, n)])
    lg = cg.alu("log", FLOAT, n, [cg.alu("add", FLOAT, n, [ax, z])])
    e = cg.alu("add", FLOAT, n, [cg.op("frc", n, [lg], ["-"]), lg])
    return cg.alu("mul", FLOAT, n, [x, cg.alu("rcp", FLOAT, n, [cg.alu("exp", FLOAT, n, [e])])]), e


def determinant_vectors(s: list, n: int, node: A.Node | None) -> list[list]:
    """The n vectors of an n x n matrix (``s``: its elements row by row; ``node``: the argument's expression) that
    fxc 10.1 expands a determinant over: its rows or its columns, which round differently.

    fxc works on the matrix in the form its optimiser holds it (the DLL's values and listings, session 40): a
    matrix built of row vectors -- a constructor whose every row is a run of consecutive lanes of one register or
    literals (``float3x3(a.xyz, b.xyz, c.xyz)``, ``(a.yzw, ...)``, ``(a.x, a.y, a.z, ...)``, a computed row) -- and
    a ``row_major`` matrix are expanded over their rows; a column-major one (a constant buffer's or an input's
    default) over its columns, det(M^T); a ``transpose`` of a matrix held in registers reads the same registers (the
    other way round: rows of the result), and anything computed elementwise (``m * 2.5``,
    ``mul(m, n)``, ``-m``, an element assigned, a constructor with a swizzled row such as ``a.zyx``) is held by
    columns. A variable shows its form in its elements' registers: rows that are whole input or constant-buffer
    registers are rows, else columns."""
    rows = [s[r * n:(r + 1) * n] for r in range(n)]
    cols = [[s[r * n + c] for r in range(n)] for c in range(n)]
    return rows if _held_by_rows(s, n, node) else cols


def _held_by_rows(s: list, n: int, node: A.Node | None) -> bool:
    rows = [s[r * n:(r + 1) * n] for r in range(n)]
    if isinstance(node, A.Construct):
        def run(v: list) -> bool:
            if all(is_imm(x) for x in v):
                return True
            return len({x[:3] for x in v}) == 1 and [x[3] - v[0][3] for x in v] == list(range(n))

        return all(run(v) for v in rows)
    return all(v[0][0] in ("v", "cb") and len({x[:3] for x in v}) == 1 and [x[3] for x in v] == list(range(n))
               for v in rows)


#: fxc 10.1's 4x4 determinant (its listing of ``determinant(float4x4)``; the same words at ps_4_0, /Od, IEEE
#: strictness and level 9's SM4 program): for each
#: cofactor j, q = V2[c]*V3[a] - V2[a]*V3[c] (the second product a ``mul``, the first a ``mad`` less it) over the
#: three lanes other than j, the sign folded into the lane order; cofactor j = dp3(q, V1[e]); det = dp4(cof, V0)
_DET4 = (("wyz", "zwy", "yzw"), ("zwx", "wxz", "xzw"), ("wxy", "ywx", "xyw"), ("yzx", "zxy", "xyz"))


def determinant4(cg: CodegenContext, v: list[list]) -> list:
    """The determinant of the 4x4 matrix whose storage vectors are ``v`` (determinant_vectors), in fxc's order."""
    from .intrinsics import dot

    def pick(vec: list, swz: str) -> list:
        return [vec["xyzw".index(ch)] for ch in swz]

    cof = []
    for a, c, e in _DET4:
        p = cg.alu("mul", FLOAT, 3, [pick(v[2], a), pick(v[3], c)])
        q = cg.alu("mad", FLOAT, 3, [pick(v[2], c), pick(v[3], a), p], ["", "", "-"])
        cof += dot(cg, q, pick(v[1], e))
    return dot(cg, cof, v[0])


#: the texture a legacy sample reads and its coordinate count. Direct3D 9 has no 1D texture (D3DRESOURCETYPE: 2D,
#: volume and cube textures only; tex1D reads a 2D texture's first row), and fxc keeps that at SM4+: tex1D* samples
#: a Texture2D at (u, 0.5) with (d, 0) derivatives (fxc 10.1's Texture_Legacy.o of DXDecompiler's corpus: all six
#: tex1D forms on ``dcl_resource_texture2d``, ``mov r3.y, l(0.5)``, gradients' ``mov r1.y, l(0)``)
_LEGACY_DIM = {"1D": ("Texture2D", 1), "2D": ("Texture2D", 2), "3D": ("Texture3D", 3), "CUBE": ("TextureCube", 3)}


def _legacy_mismatch(name: str, key: str, sk: str, args: list[Val]) -> bool:
    """Whether a tex* overload fails its arguments (X3013): a sampler of another dimension, or a coordinate
    vector of fewer components than the form reads (``tex2D(s, (float1)t)``, ``tex2Dlod(s, t.xy)``)."""
    want = 4 if name[3 + len(key):] in ("proj", "lod", "bias") else _LEGACY_DIM[key][1]
    short = [a for a in args[1:] if isinstance(a.type, NumType) and a.type.shape != "s" and a.type.n < want]
    return bool(sk.startswith("sampler") and sk not in ("sampler", "sampler_state") and sk[7:].upper() != key or short)


def legacy_tex(cg: CodegenContext, name: str, args: list[Val], pos) -> Val:
    """texND[proj|lod|bias|grad](sampler, coord[, ddx, ddy]): sample t#/s# of the sampler's number."""
    key = next((k for k in _LEGACY_DIM if name[3:].startswith(k)), None)
    # (sampler, coord); texND and texNDgrad also take (sampler, coord, ddx, ddy)
    nargs = (4,) if name.endswith("grad") else (2, 4) if key is not None and name == "tex" + key else (2,)
    from .samplerarg import MESSAGE, NO_SAMPLER

    if key is None or len(args) not in nargs or not isinstance(args[0].type, ObjectType) or \
            not isinstance(args[0].obj, Resource) and args[0].obj is not NO_SAMPLER:
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
    if args[0].obj is NO_SAMPLER:  # no one sampler (samplerarg.legacy_sampler_value): X3538 once the overload fits
        if _legacy_mismatch(name, key, args[0].type.kind, args):
            raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
        if cg.deferred_gate_error is None:
            from .uintrange import stamp

            cg.deferred_gate_error = stamp(cg, cg.err(pos, MESSAGE, 3538))
        return Val(NumType(FLOAT, 1, 4, "v"), [imm(0)] * 4)
    if not cg.d3d9 and not cg.compile_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY:
        # every shader-model-4+ target, 4_0_level_9_x and 5.1 included, refuses them outside backwards
        # compatibility once an overload is chosen (a wrong argument count is still X3013; a SamplerState is taken
        # for the sampler), wherever codegen reaches (an unused local's initialiser too; not an uncalled function
        # or a branch folded away): fxc 10.1, session 35. The overload is chosen first -- a sampler of another
        # dimension or a coordinate of fewer components (``tex2D(s, (float1)t)``, ``tex2Dlod(s, t.xy)``) is X3013 --
        # and the refusal waits for the type rules of the whole program (a later undeclared name is X3004), before
        # the doubles' phase (fxc 10.1, session 42 MUT: Codegen.deferred_gate_error)
        if _legacy_mismatch(name, key, args[0].obj.type.kind, args):
            raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
        if cg.deferred_gate_error is None:
            from .uintrange import stamp

            # (stamped: a run-time resource-array index met before it is fxc's X3512 first, compiler.gate_or_index)
            cg.deferred_gate_error = stamp(cg, cg.err(pos, "DX9-style intrinsics are disabled when not in dx9 "
                                                           "compatibility mode.", 3523))
        return Val(NumType(FLOAT, 1, 4, "v"), [imm(0)] * 4)
    kind, dims = _LEGACY_DIM[key]
    # a Direct3D 9 target keeps the 1D sampler (its constant table records D3DXPT_SAMPLER1D; the SM2 translation
    # reads it as a 2D sampler at v = 0.5 itself)
    row_1d = key == "1D" and not cg.d3d9
    if key == "1D" and cg.d3d9:
        kind = "Texture1D"
    suffix = name[3 + len(key):]
    s = args[0].obj
    sk = s.type.kind
    if sk.startswith("sampler") and sk not in ("sampler", "sampler_state") and sk[7:].upper() != key:
        raise cg.err(pos, f"'{name}': sampler type mismatch", 3013)
    # the texture bears the sampler's name in RDEF (fxc 10.1: Texture_Legacy's tex0..tex4 and Unity fog_test's
    # _MainTex are each listed as a sampler and a texture of one name)
    texs = [r for r in cg.resources if r.file == "t" and r.legacy_sampler is s]
    tex = next((r for r in texs if r.type.kind == kind), None)
    if texs and tex is None:
        if cg.d3d9 and (texs[0].type.kind == "Texture1D" or kind == "Texture1D"):
            # fxc 10.1 compiles tex1D beside tex2D of one sampler at the Direct3D 9 targets (a 1D sampler is 2D
            # there; session 49): its constant table's sampler type is not known here
            raise NotSupportedError(f"'{s.name}': tex1D beside another dimension of one sampler at a Direct3D 9 "
                                    "target")
        # a Direct3D 9 target judges the dimensions on the code left after dead-code removal (legacytex.
        # check_dimensions' X4539 when two of them are read), the other targets on every read code generation
        # meets (legacytex.dimension_abort): a texture of its own for each
        tex = Resource(s.name, ObjectType(kind, NumType(FLOAT, 1, 4, "v")), "t", s.reg, used=True, explicit=True,
                       legacy_sampler=s)
        cg.resources.append(tex)
    if tex is None:
        tex = Resource(s.name, ObjectType(kind, NumType(FLOAT, 1, 4, "v")), "t", s.reg, used=True, explicit=True,
                       legacy_sampler=s)
        cg.resources.append(tex)
    f4 = NumType(FLOAT, 1, 4, "v")
    fd = NumType(FLOAT, 1, dims, "v") if dims > 1 else _F
    extra: list[Reg] = []
    if suffix in ("proj", "lod", "bias"):
        c4 = cg.convert(args[1], f4, pos)
        w = c4.slots[3]
        if suffix == "proj":
            coord = cg.alu("div", FLOAT, dims, [c4.slots[:dims], [w] * dims])
            if cg.code and cg.code[-1].op == "div":
                from dataclasses import replace

                cg.code[-1] = replace(cg.code[-1], projective=True)  # (twovalued.py: texldp's division)
            op = "sample"
        else:
            coord = c4.slots[:dims]
            op = "sample_l" if suffix == "lod" else "sample_b"
            extra.append(cg.src([w]))
    else:
        coord = cg.convert(args[1], fd, pos).slots
        op = "sample"
        if len(args) == 4 or suffix == "grad":
            if len(args) != 4:
                raise cg.err(pos, f"'{name}': no matching intrinsic overload", 3013)
            op = "sample_d"
            for g in args[2:4]:
                extra.append(cg.src(cg.convert(g, fd, pos).slots + ([imm(0)] if row_1d else [])))
    if row_1d:  # a one-row 2D texture (see _LEGACY_DIM): v = 0.5, its derivatives 0
        coord = [coord[0], imm(f2b(0.5))]
    if op in ("sample", "sample_b") and cg.stage != "ps":
        # tex*, tex*bias, tex*proj take their level of detail from screen-space derivatives: each page's
        # "yes (pixel shader only)" at every model, the sample / sample_b instructions being pixel-shader ones
        # (D3D11.3 §22.4.15-§22.4.16; D3D9 texld / texldb / texldp are ps instructions): the X4532 of the
        # Sample / SampleBias methods (featuregates.METHODS). tex*lod and tex*grad stay in every stage.
        from .check import unmappable
        from .intrinsics import judged_after_dead_code

        if not judged_after_dead_code(cg):
            raise unmappable(cg, pos, lookup=True)
        # at 4.0+ only where the sample survives dead-code removal, after X4000 (intrinsics.check_pixel_ops_elsewhere;
        # d3dcompiler_47 10.1, session 49: an unread ``tex2D(s, uv)`` compiles at vs_4_0 / vs_5_0 in compatibility
        # mode, a read one beside an uninitialised read is X4000, beside a literal index out of range X3504)
        cg.pixel_ops_elsewhere.append((pos, frozenset({(op, ())}), False, unmappable(cg, pos, lookup=True)))
    dst = cg.temp()
    t_op = Reg("t", (tex.reg,), None, (0, 1, 2, 3))
    record_use(cg, s, tex, t_op, key)  # t# given once the body is known (legacytex.py)
    cg.emit(op, Reg("r", (dst,), None, (0, 1, 2, 3)), cg.src(coord), t_op, Reg("s", (s.reg,)), *extra)
    return Val(f4, [("r", (dst,), None, c) for c in range(4)])
