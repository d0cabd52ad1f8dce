"""Run-time values as fxc's objects compute them -- round 4 (issue 15, session 42, helper MRUN).

Every expected word here is d3dcompiler_47 10.1's (Microsoft's DLL under Wine, tools/wine_d3dcompiler), recorded in
session 42 from its objects run on the reference executor; a skip-guarded test re-checks samples live.

1. fxc's front end folds a math intrinsic whose arguments are literal expressions in double precision with its C
   runtime's functions (hlsl/litfold.py): ``asin(0.0)`` is 0 (ours was the lowering polynomial's 6.76e-5),
   ``cos(1e20)`` 0.7640 (ours 1.0), ``pow(1.#INF, -0.0)`` 1 (ours NaN), ``fmod(0.5, 0)`` NaN (ours 0),
   ``sqrt(1e-40)`` 1e-20 (the literal is not flushed while it is a double), ``smoothstep(0, -1, 0.1)`` 1 (the
   piecewise definition), ``sqrt(2.0) * sqrt(2.0)`` 2.0. ``data/hlsl_values_s42.json``: 5,015 calls of 27 unary, 7
   binary and 4 ternary intrinsics on special and ordinary literals (+-0, +-0.5, +-1, 1e20, 1e-40, +-inf, NaN,
   3.4e38, ...) and of dot / length / distance on literal vectors, each stored by a cs_5_0 program into a
   structured buffer; the word is what fxc's object stores. Before this rule 3,920 of them agreed (NaN payloads
   aside); after it 5,007 (the 8 XFAIL rows; 7 since session 44 folds normalize, 6 since session 47 folds sign). A NaN is compared as a NaN (D3D11 leaves its payload open; the rule gives fxc's default
   NaN 0xffc00000 and its runtime's domain-error NaN, but a NaN argument's payload is not followed).
2. FORM_ROWS: where the fold applies -- casts, constructors, swizzles, /Od, nested calls, literal arithmetic around
   a call -- and where it does not (a local variable: fxc's back end folds the instructions, not modelled here).
3. A wholly constant value returned by the entry point, and a constant stored into an entry out parameter, are
   written as fxc's optimiser carries constants: -0 and denormals as +0 (constprop.canonical_return; ``return -0.0;``,
   ``return float4(-0.0, 1, -0.0, 2);``, ``b = a; b.y = -0.0;`` write +0, ``return float4(-0.0, -0.0, -0.0, a.w);``
   keeps -0, /Od keeps every -0). ZERO_ROWS: fxc's output words of lane 0; before the rule 32 of the 42 agreed.
4. ``pow`` of a base that is zero in every lane (0.0, -0.0, 0, 1e-40) with a run-time exponent is the constant +0
   in fxc's object, also at /Od (intrinsics._i_pow; log/mul/exp gives NaN at exponent 0 and inf below); a base with
   a non-zero lane keeps the sequence, a variable holding 0 folds only when optimising. POW_ROWS: before 17 of the
   32 agreed, after 28 (the 4 strict xfails: fxc's /Od pow(x, 0 / 1 / 2) is 1 / x / x * x as when optimising).
5. ``sin`` / ``cos`` of a local holding a constant are folded by fxc's back end as the C function in double of
   the float32 value, rounded once (``float x = 1e20; cos(x)`` is 0.754259, the executor's sequence gives 1.0;
   ``sin(3.0)`` 0x3e1081c3, the sequence one ulp above): SINCOS_ROWS, 11 of 32 agreed in session 42 (recorded,
   not built); built in session 43 (hlsl/instfold.py, with exp / log / sqrt / rsq / mad: 32 of 32;
   tests/test_rules_hlsl_values_s43.py). At /Od fxc runs the instruction on the local (SINCOS_OD_ROWS: 32 of 32).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.tools import optdiff, wine_d3dcompiler
from pyd3d11.tools.fxc_oracle import _reference_backend

#: the words are stored constants: run once, on the reference executor
pytestmark = pytest.mark.backend_specific

_LIVE = wine_d3dcompiler.unavailable_reason()
ROWS: list[tuple[str, int]] = [(e, int(w, 16)) for e, w in
                               json.loads((Path(__file__).parent / "data" / "hlsl_values_s42.json").read_text())]

#: rows where ours still differs from fxc (not NaN against NaN), with the reason; each must still differ
XFAIL = {
    "exp(-1e20)": "fxc's folded exp of a huge negative argument is 1 + x (-1e20), not 0: its runtime's, not followed",
    "reflect(float3(0.1,0.2,0.3), float3(0.6,0.8,0.0)).x": "reflect: fxc's fold one ulp apart (not built)",
    "determinant(float2x2(0.1,0.2,0.3,0.7))": "determinant: fxc's fold two ulps apart (not built)",
    "isnan(0.0/0.0)": "fxc folds isnan of 0.0/0.0 to false (not built)",
    "lit(0.5, 0.7, 3.0).z": "lit: fxc's fold one ulp apart (not built)",
    "refract(float3(0.6,0.8,0.0), float3(0,1,0), 0.7).x": "refract: fxc's fold one ulp apart (not built)",
}

_CHUNK = 48  # stores per program (the executor's structured buffer holds 48 elements)


def _source(exprs: list[str], pre: str = "") -> str:
    body = "\n".join(f"    u[{i}] = {e};" for i, e in enumerate(exprs))
    return (f"RWStructuredBuffer<float> u : register(u0);\n{pre}\n[numthreads(1, 1, 1)] void main()\n{{\n{body}\n}}\n")


def _words(blob: bytes, n: int) -> list[int]:
    with _reference_backend():
        res = optdiff._run_all([blob], 4, 0, 1, False)[0]
    return [int(w) for w in np.asarray(res["UAV#0 word"]).ravel().view(np.uint32)[:n]]


def _ours(src: str, flags: int = 0) -> bytes:
    return optdiff._compile(src.encode(), "s42.hlsl", "main", "cs_5_0", None, None, flags, True)


def _nan(w: int) -> bool:
    return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)


def _agree(a: int, b: int) -> bool:
    return a == b or (_nan(a) and _nan(b))


@pytest.mark.parametrize("chunk", range(math.ceil(len(ROWS) / _CHUNK)))
def test_literal_intrinsic_calls_fold_as_fxc(chunk: int) -> None:
    rows = ROWS[chunk * _CHUNK:(chunk + 1) * _CHUNK]
    got = _words(_ours(_source([e for e, _ in rows])), len(rows))
    wrong = [f"{e}: ours {g:08x} fxc {w:08x}" for (e, w), g in zip(rows, got) if not _agree(g, w) and e not in XFAIL]
    fixed = [e for (e, w), g in zip(rows, got) if _agree(g, w) and e in XFAIL]
    assert not wrong, "\n".join(wrong)
    assert not fixed, f"now as fxc (remove from XFAIL): {fixed}"


#: (declarations, expression, flags, fxc's stored word): the forms around a call that fold or do not
FORM_ROWS = [
    ("", "sqrt(1e-40f)", 0, 0x1e3ce508),
    ("", "sqrt((float)1e-40)", 0, 0x1e3ce508),
    ("", "sqrt(0.9f)", 0, 0x3f72dce9),
    ("", "sqrt((float)0.9)", 0, 0x3f72dce9),
    ("", "sqrt(0.45*2)", 0, 0x3f72dce9),
    ("", "sqrt(0.9f*1)", 0, 0x3f72dce9),
    ("", "sqrt(float2(0.9,0.1)).x", 0, 0x3f72dce9),
    ("", "sqrt(float(0.9))", 0, 0x3f72dce9),
    ("", "sqrt(0.9h)", 0, 0x3f72dce9),
    ("", "sqrt(-(-0.9))", 0, 0x3f72dce9),
    ("", "sqrt(1e-40 + 0)", 0, 0x1e3ce508),
    ("", "sqrt(float2(0.9, 1e-40)).y", 0, 0x1e3ce508),
    ("", "sqrt((float2)0.9).y", 0, 0x3f72dce9),
    ("", "sqrt(float2(0.9,0.1).yx).y", 0, 0x3f72dce9),
    ("", "asin(0.5).xx.y", 0, 0x3f060a92),
    # a scalar's swizzle inside the call (litfold's broadcast of one component; a survivor of the mutation run)
    ("", "sqrt(asin(0.5).xx).y", 0, 0x3f393def),
    ("", "sqrt((0.9).xx).y", 0, 0x3f72dce9),
    ("", "sqrt((1e-40).xxx).z", 0, 0x1e3ce508),
    ("", "asin((half)0.5)", 0, 0x3f060a92),
    ("", "asin((min16float)0.5)", 0, 0x3f060a92),
    ("", "asin(0.5) + 0.0", 0, 0x3f060a92),
    ("", "asin(asin(0.5))", 0, 0x3f0d12e5),
    ("", "asin(0.5) * 6.0", 0, 0x40490fdb),
    ("", "sqrt(2.0) * sqrt(2.0)", 0, 0x40000000),
    ("", "sqrt(2.0) * sqrt(2.0) - 2.0", 0, 0x26000000),
    ("", "sin(1.0) * sin(1.0) + cos(1.0) * cos(1.0) - 1.0", 0, 0x00000000),
    ("", "pow(float2(2, 3), 2).y", 0, 0x41100000),
    ("", "sqrt(2)", 0, 0x3fb504f3),
    ("", "sqrt((float)(int)2.9)", 0, 0x3fb504f3),
    ("", "sqrt(true)", 0, 0x3f800000),
    # a ternary operator is not folded in double (the float value's root)
    ("", "sqrt(0.9 > 0.5 ? 0.9 : 0.1)", 0, 0x3f72dce8),
    # /Od: the front end folds all the same
    ("", "asin(0.0)", 4, 0x00000000),
    ("", "sqrt(0.9)", 4, 0x3f72dce9),
    ("", "sqrt(2.0) * sqrt(2.0)", 4, 0x40000000),
    ("", "cos(1e20)", 4, 0x3f439390),
    ("", "exp(-88.0)", 4, 0x00000000),
    # a user function of an intrinsic's name is not the intrinsic
    ("float sqrt2(float x) { return x; }", "sqrt2(0.9)", 0, 0x3f666666),
]


#: forms through variables: fxc's back end folds the lowered instructions (its own float arithmetic)
VARIABLE_ROWS = [
    ("static const float x = 0.9;", "sqrt(x)", 0x3f72dce9, "static const"),
    ("static const float x = 0.0;", "asin(x)", 0x00000000, "static const"),
    ("static const float x = 1e-40;", "sqrt(x)", 0x1e3ce508, "static const"),
]


@pytest.mark.parametrize("pre,expr,flags,word", FORM_ROWS)
def test_forms_around_a_call_fold_as_fxc(pre: str, expr: str, flags: int, word: int) -> None:
    got = _words(_ours(_source([expr], pre), flags), 1)[0]
    assert _agree(got, word), f"ours {got:08x} fxc {word:08x}"


@pytest.mark.parametrize("pre,expr,word,why", VARIABLE_ROWS)
def test_static_const_arguments_kept_in_double(pre: str, expr: str, word: int, why: str) -> None:
    """A static const's literal value is its exact double (constlit.py, session 46; strict xfails until then)."""
    got = _words(_ours(_source([expr], pre)), 1)[0]
    assert _agree(got, word), f"ours {got:08x} fxc {word:08x}"


@pytest.mark.skipif(_LIVE is not None, reason=f"d3dcompiler_47 under Wine: {_LIVE}")
def test_rows_are_the_dlls_answers() -> None:
    """Every 50th row of the table and every form row, compiled by the DLL now, store the recorded word."""
    dll = wine_d3dcompiler.shared()
    sample = ROWS[::50]
    for i in range(0, len(sample), _CHUNK):
        rows = sample[i:i + _CHUNK]
        r = dll.compile(_source([e for e, _ in rows]).encode(), "cs_5_0", "main")
        assert r.ok, r.messages
        got = _words(r.blob, len(rows))
        bad = [e for (e, w), g in zip(rows, got) if not _agree(g, w)]
        assert not bad, bad
    for pre, expr, flags, word in FORM_ROWS:
        r = dll.compile(_source([expr], pre).encode(), "cs_5_0", "main", flags)
        assert r.ok, r.messages
        assert _agree(_words(r.blob, 1)[0], word), (pre, expr, flags)


#: (ps_4_0 source, flags, fxc's words of o0 and o1 in lane 0, inputs of seed 0)
ZERO_ROWS = [
    ('float4 main(float4 a : A) : SV_Target { return -0.0; }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return -0.0; }', 4, (('80000000', '80000000', '80000000', '80000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, 1, -0.0, 2); }', 0, (('00000000', '3f800000', '00000000', '40000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, 1, -0.0, 2); }', 4, (('80000000', '3f800000', '80000000', '40000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return ceil(-0.5); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return ceil(-0.5); }', 4, (('80000000', '80000000', '80000000', '80000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-(0.0), 1, 1, 1); }', 0, (('00000000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-(0.0), 1, 1, 1); }', 4, (('80000000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(sqrt(-0.0), 1, 1, 1); }', 0, (('00000000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(sqrt(-0.0), 1, 1, 1); }', 4, (('80000000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, -0.0, -0.0, a.w); }', 0, (('80000000', '80000000', '80000000', 'bfd38d02'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, -0.0, -0.0, a.w); }', 4, (('80000000', '80000000', '80000000', 'bfd38d02'),)),
    ('float4 main(float4 a : A) : SV_Target { if (a.x > 0) return float4(-0.0, 1, 1, 1); return a; }', 0, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'),)),
    ('float4 main(float4 a : A) : SV_Target { if (a.x > 0) return float4(-0.0, 1, 1, 1); return a; }', 4, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'),)),
    ('float4 main(float4 a : A) : SV_Target { if (a.x > 0) return -0.0; return 1.0; }', 0, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { if (a.x > 0) return -0.0; return 1.0; }', 4, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = a; b.y = -0.0; return a; }', 0, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'), ('bff8d172', '00000000', '00000002', 'bfd38d02'))),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = a; b.y = -0.0; return a; }', 4, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'), ('bff8d172', '80000000', '00000002', 'bfd38d02'))),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = -0.0; return a; }', 0, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'), ('00000000', '00000000', '00000000', '00000000'))),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = -0.0; return a; }', 4, (('bff8d172', '3fc14b78', '00000002', 'bfd38d02'), ('80000000', '80000000', '80000000', '80000000'))),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = float4(-0.0, 1, 2, 3); return -0.0; }', 0, (('00000000', '00000000', '00000000', '00000000'), ('00000000', '3f800000', '40000000', '40400000'))),
    ('float4 main(float4 a : A, out float4 b : SV_Target1) : SV_Target { b = float4(-0.0, 1, 2, 3); return -0.0; }', 4, (('80000000', '80000000', '80000000', '80000000'), ('80000000', '3f800000', '40000000', '40400000'))),
    ('float main(float4 a : A) : SV_Target { return -0.0; }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float main(float4 a : A) : SV_Target { return -0.0; }', 4, (('80000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return 1e-40; }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return 1e-40; }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-1e-40, 1, 2, 3); }', 0, (('00000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-1e-40, 1, 2, 3); }', 4, (('80000000', '3f800000', '40000000', '40400000'),)),
    ('struct O { float4 c : SV_Target0; float4 d : SV_Target1; }; O main(float4 a : A) { O o; o.c = -0.0; o.d = a; return o; }', 0, (('00000000', '00000000', '00000000', '00000000'), ('bff8d172', '3fc14b78', '00000002', 'bfd38d02'))),
    ('struct O { float4 c : SV_Target0; float4 d : SV_Target1; }; O main(float4 a : A) { O o; o.c = -0.0; o.d = a; return o; }', 4, (('80000000', '80000000', '80000000', '80000000'), ('bff8d172', '3fc14b78', '00000002', 'bfd38d02'))),
    ('struct O { float4 c : SV_Target0; float4 d : SV_Target1; }; O main(float4 a : A) { O o = { -0.0, 1, 2, 3, -0.0, 5, 6, 7 }; return o; }', 0, (('00000000', '3f800000', '40000000', '40400000'), ('00000000', '40a00000', '40c00000', '40e00000'))),
    ('struct O { float4 c : SV_Target0; float4 d : SV_Target1; }; O main(float4 a : A) { O o = { -0.0, 1, 2, 3, -0.0, 5, 6, 7 }; return o; }', 4, (('80000000', '3f800000', '40000000', '40400000'), ('80000000', '40a00000', '40c00000', '40e00000'))),
    ('int4 main(float4 a : A) : SV_Target { return int4(-2147483647 - 1, 0, 0, 0); }', 0, (('80000000', '00000000', '00000000', '00000000'),)),
    ('int4 main(float4 a : A) : SV_Target { return int4(-2147483647 - 1, 0, 0, 0); }', 4, (('80000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return asfloat(0x80000000u); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return asfloat(0x80000000u); }', 4, (('80000000', '80000000', '80000000', '80000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(asfloat(0x80000000u), 1, 2, 3); }', 0, (('00000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(asfloat(0x80000000u), 1, 2, 3); }', 4, (('80000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, 1, 2, 3) + 0; }', 0, (('00000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { return float4(-0.0, 1, 2, 3) + 0; }', 4, (('00000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { float4 r = float4(-0.0, 1, 2, 3); return r; }', 0, (('00000000', '3f800000', '40000000', '40400000'),)),
    ('float4 main(float4 a : A) : SV_Target { float4 r = float4(-0.0, 1, 2, 3); return r; }', 4, (('80000000', '3f800000', '40000000', '40400000'),)),
]


def _outputs(blob: bytes) -> tuple:
    with _reference_backend():
        res = optdiff._run_all([blob], 4, 0, 2, False)[0]
    return tuple(tuple(f"{int(x):08x}" for x in np.asarray(res[k]).view(np.uint32).reshape(-1, 4)[0])
                 for k in ("o0", "o1") if k in res)


@pytest.mark.parametrize("src,flags,words", ZERO_ROWS)
def test_constant_outputs_write_zero_as_fxc(src: str, flags: int, words: tuple) -> None:
    got = _outputs(optdiff._compile(src.encode(), "s42.hlsl", "main", "ps_4_0", None, None, flags, True))
    assert got == words


@pytest.mark.skipif(_LIVE is not None, reason=f"d3dcompiler_47 under Wine: {_LIVE}")
def test_zero_rows_are_the_dlls_answers() -> None:
    dll = wine_d3dcompiler.shared()
    for src, flags, words in ZERO_ROWS[::3] + [getattr(r, "values", r) for r in POW_ROWS[::3]]:
        r = dll.compile(src.encode(), "ps_4_0", "main", flags)
        assert r.ok, r.messages
        assert _outputs(r.blob) == words, (src, flags)


_OD_POW = pytest.mark.xfail(strict=True, reason="fxc expands pow(x, 0 / 1 / 2) into 1 / x / x * x at /Od too; here "
                                                "refactor.pow_by_multiplies is off at /Od (not built)")

#: (ps_4_0 source, flags, fxc's words of o0 in lane 0, inputs of seed 0)
POW_ROWS = [
    ('float4 main(float4 a : A) : SV_Target { float e = 0; return pow(a - 1, e); }', 0, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { float e = 0; return pow(a - 1, e); }', 4, (('ffc00000', '3f800000', 'ffc00000', 'ffc00000'),)),
    ('float4 main(float4 a : A) : SV_Target { float z = 0; return pow(z, a); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { float z = 0; return pow(z, a); }', 4, (('7f800000', '00000000', 'ffc00000', '7f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(-0.0, a); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(-0.0, a); }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(0, a); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(0, a); }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(0.0, a); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(0.0, a); }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(1.0, a); }', 0, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(1.0, a); }', 4, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(1e-40, a); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(1e-40, a); }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, -0.0); }', 0, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    pytest.param(*('float4 main(float4 a : A) : SV_Target { return pow(a - 1, -0.0); }', 4, (('3f800000', '3f800000', '3f800000', '3f800000'),)), marks=_OD_POW),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 0); }', 0, (('3f800000', '3f800000', '3f800000', '3f800000'),)),
    pytest.param(*('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 0); }', 4, (('3f800000', '3f800000', '3f800000', '3f800000'),)), marks=_OD_POW),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 0.5); }', 0, (('ffc00000', '3f36d75f', 'ffc00000', 'ffc00000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 0.5); }', 4, (('ffc00000', '3f36d75f', 'ffc00000', 'ffc00000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 1); }', 0, (('c03c68b9', '3f0296f0', 'bf800000', 'c029c681'),)),
    pytest.param(*('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 1); }', 4, (('c03c68b9', '3f0296f0', 'bf800000', 'c029c681'),)), marks=_OD_POW),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 2); }', 0, (('410aa9fb', '3e853b49', '3f800000', '40e12f60'),)),
    pytest.param(*('float4 main(float4 a : A) : SV_Target { return pow(a - 1, 2); }', 4, (('410aa9fb', '3e853b49', '3f800000', '40e12f60'),)), marks=_OD_POW),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, float4(0, 3.5, 0, 2)); }', 0, (('ffc00000', '3dc22a26', 'ffc00000', 'ffc00000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(a - 1, float4(0, 3.5, 0, 2)); }', 4, (('ffc00000', '3dc22a26', 'ffc00000', 'ffc00000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(float4(0, 0, 0, 0), a - 1); }', 0, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(float4(0, 0, 0, 0), a - 1); }', 4, (('00000000', '00000000', '00000000', '00000000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(float4(0, 2, 0, 1), a); }', 0, (('7f800000', '40364b04', 'ffc00000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { return pow(float4(0, 2, 0, 1), a); }', 4, (('7f800000', '40364b04', 'ffc00000', '3f800000'),)),
    ('float4 main(float4 a : A) : SV_Target { static float2 G = float2(0, 3.5); return pow(a.xyxy - 1, G.xyxy); }', 0, (('ffc00000', '3dc22a26', 'ffc00000', '3dc22a26'),)),
    ('float4 main(float4 a : A) : SV_Target { static float2 G = float2(0, 3.5); return pow(a.xyxy - 1, G.xyxy); }', 4, (('ffc00000', '3dc22a26', 'ffc00000', '3dc22a26'),)),
]


@pytest.mark.parametrize("src,flags,words", POW_ROWS)
def test_pow_of_a_zero_base_as_fxc(src: str, flags: int, words: tuple) -> None:
    got = _outputs(optdiff._compile(src.encode(), "s42.hlsl", "main", "ps_4_0", None, None, flags, True))
    assert got == words


#: (statements of a cs_5_0 body, fxc's stored word of u[0])
SINCOS_ROWS = [
    ('float x = 0.1; u[0] = sin(x);', 0x3dcc7577),
    ('float x = 0.3096; u[0] = sin(x);', 0x3e9bfeb6),
    ('float x = 1.0; u[0] = sin(x);', 0x3f576aa4),
    ('float x = 2.0; u[0] = sin(x);', 0x3f68c7b7),
    ('float x = 3.0; u[0] = sin(x);', 0x3e1081c3),
    ('float x = 10.0; u[0] = sin(x);', 0xbf0b44f8),
    ('float x = 100.0; u[0] = sin(x);', 0xbf01a12e),
    ('float x = 1e5; u[0] = sin(x);', 0x3d126d55),
    ('float x = 1e20; u[0] = sin(x);', 0x3f281569),
    ('float x = -2.5; u[0] = sin(x);', 0xbf193578),
    ('float x = 1.5; u[0] = sin(x);', 0x3f7f5bd5),
    ('float x = 0.9; u[0] = sin(x);', 0x3f48881d),
    ('float x = 88.0; u[0] = sin(x);', 0x3d10fdd0),
    ('float x = 3.4e38; u[0] = sin(x);', 0xbe79f163),
    ('float x = -1e20; u[0] = sin(x);', 0xbf281569),
    ('float x = 1e-3; u[0] = sin(x);', 0x3a83126e),
    ('float x = 0.1; u[0] = cos(x);', 0x3f7eb898),
    ('float x = 0.3096; u[0] = cos(x);', 0x3f73d420),
    ('float x = 1.0; u[0] = cos(x);', 0x3f0a5140),
    ('float x = 2.0; u[0] = cos(x);', 0xbed51133),
    ('float x = 3.0; u[0] = cos(x);', 0xbf7d7026),
    ('float x = 10.0; u[0] = cos(x);', 0xbf56cd64),
    ('float x = 100.0; u[0] = cos(x);', 0x3f5cc0ee),
    ('float x = 1e5; u[0] = cos(x);', 0xbf7fd61c),
    ('float x = 1e20; u[0] = cos(x);', 0x3f411723),
    ('float x = -2.5; u[0] = cos(x);', 0xbf4d17bf),
    ('float x = 1.5; u[0] = cos(x);', 0x3d90deaa),
    ('float x = 0.9; u[0] = cos(x);', 0x3f1f21d5),
    ('float x = 88.0; u[0] = cos(x);', 0x3f7fd6ed),
    ('float x = 3.4e38; u[0] = cos(x);', 0x3f7841ca),
    ('float x = -1e20; u[0] = cos(x);', 0x3f411723),
    ('float x = 1e-3; u[0] = cos(x);', 0x3f7ffff8),
]


#: SINCOS_ROWS this compiler does not meet: none since session 43 (hlsl/instfold.py folds sincos of a constant as
#: fxc's optimiser does; the 21 rows that were strict xfails here pass)
SINCOS_NOT_BUILT: frozenset[str] = frozenset()


@pytest.mark.parametrize("body,word", [
    pytest.param(*r, marks=pytest.mark.xfail(strict=True, reason="fxc folds a constant's sincos by the C function in "
                                              "double; here the executor's sequence (not built)"))
    if r[0] in SINCOS_NOT_BUILT else r for r in SINCOS_ROWS])
def test_sincos_of_a_constant_local_folds_as_fxc(body: str, word: int) -> None:
    src = f"RWStructuredBuffer<float> u : register(u0);\n[numthreads(1, 1, 1)] void main() {{ {body} }}\n"
    got = _words(_ours(src), 1)[0]
    assert got == word, f"ours {got:08x} fxc {word:08x}"


#: (statements, fxc's stored word at /Od: its ``sincos`` run on the executor)
SINCOS_OD_ROWS = [
    ('float x = 0.1; u[0] = sin(x);', 0x3dcc7577),
    ('float x = 0.3096; u[0] = sin(x);', 0x3e9bfeb7),
    ('float x = 1.0; u[0] = sin(x);', 0x3f576aa4),
    ('float x = 2.0; u[0] = sin(x);', 0x3f68c7b7),
    ('float x = 3.0; u[0] = sin(x);', 0x3e1081c4),
    ('float x = 10.0; u[0] = sin(x);', 0xbf0b44f7),
    ('float x = 100.0; u[0] = sin(x);', 0xbf01a12e),
    ('float x = 1e5; u[0] = sin(x);', 0x3d126e03),
    ('float x = 1e20; u[0] = sin(x);', 0xbf800000),
    ('float x = -2.5; u[0] = sin(x);', 0xbf193579),
    ('float x = 1.5; u[0] = sin(x);', 0x3f7f5bd4),
    ('float x = 0.9; u[0] = sin(x);', 0x3f48881c),
    ('float x = 88.0; u[0] = sin(x);', 0x3d10fdcf),
    ('float x = 3.4e38; u[0] = sin(x);', 0x3f800000),
    ('float x = -1e20; u[0] = sin(x);', 0x3f800000),
    ('float x = 1e-3; u[0] = sin(x);', 0x3a83126d),
    ('float x = 0.1; u[0] = cos(x);', 0x3f7eb898),
    ('float x = 0.3096; u[0] = cos(x);', 0x3f73d420),
    ('float x = 1.0; u[0] = cos(x);', 0x3f0a5140),
    ('float x = 2.0; u[0] = cos(x);', 0xbed51132),
    ('float x = 3.0; u[0] = cos(x);', 0xbf7d7025),
    ('float x = 10.0; u[0] = cos(x);', 0xbf56cd64),
    ('float x = 100.0; u[0] = cos(x);', 0x3f5cc0ed),
    ('float x = 1e5; u[0] = cos(x);', 0xbf7fd61c),
    ('float x = 1e20; u[0] = cos(x);', 0x3f800000),
    ('float x = -2.5; u[0] = cos(x);', 0xbf4d17c0),
    ('float x = 1.5; u[0] = cos(x);', 0x3d90deab),
    ('float x = 0.9; u[0] = cos(x);', 0x3f1f21d5),
    ('float x = 88.0; u[0] = cos(x);', 0x3f7fd6ee),
    ('float x = 3.4e38; u[0] = cos(x);', 0xbf800000),
    ('float x = -1e20; u[0] = cos(x);', 0xbf800000),
    ('float x = 1e-3; u[0] = cos(x);', 0x3f7ffff8),
]


@pytest.mark.parametrize("body,word", SINCOS_OD_ROWS)
def test_sincos_of_a_constant_local_at_od_runs_the_instruction(body: str, word: int) -> None:
    src = f"RWStructuredBuffer<float> u : register(u0);\n[numthreads(1, 1, 1)] void main() {{ {body} }}\n"
    got = _words(_ours(src, 4), 1)[0]
    assert got == word, f"ours {got:08x} fxc {word:08x}"
