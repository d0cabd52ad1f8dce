"""Run-time agreement with the real fxc's objects (issue 15, session 35, helper EXEC).

Expected values are d3dcompiler_47 10.1's: verdicts and error numbers recorded from Microsoft's DLL run under Wine
(tools/wine_d3dcompiler) in session 35, and values computed here in numpy from the instruction sequence fxc's own
listing shows. Two rules came out of tools/fxc_oracle ``--real --gen`` (tools/hlsl_gen programs compiled by both
compilers and run side by side on the reference executor):

1. A write through a run-time index into a vector or matrix inside a loop (unroll.py ``_forced_unroll``): fxc
   unrolls the loop whatever its bound. Copies under a run-time condition are guarded; the unroll ends where the
   condition folds to false or where a constant index falls outside the vector (a literal loop's copy there is
   X3504); 1024 copies is X3511; an index still run-time in the copies is X3500 (literal bound) or X3511 "forced to
   unroll loop, but unrolling failed" (run-time bound); ``[loop]`` is X3531. Arrays are addressable and need none of
   it. The ``for`` page (MicrosoftDocs direct3dhlsl dx-graphics-hlsl-for) says only that ``unroll`` is attempted
   and ``loop`` forbids it; the rule's extent is the DLL's.
2. The ``%`` operator on floats (divisions.fmod_operator): fxc 10.1 writes ``mul p, x, y; ge s, p, -p;
   movc y', s, y, -y; div r, 1, y'; mul q, r, x; frc f, q; mul out, y', f``; the ``fmod`` intrinsic keeps
   ``div d, x, y; ge; frc |d|; movc; mul`` (both seen in the DLL's listing of one shader). The two differ in the
   last bits for about a quarter of random operands, so the operator's rows below are ones where they do.
"""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import wine_d3dcompiler

_PS = ("float4 main(int4 i : TEXCOORD0, float4 a : TEXCOORD1) : SV_Target {{ float4 v = a; float4x4 m = 0; "
       "float4 arr[4] = {{a, a, a, a}}; {body} return v + m[1] + arr[2]; }}")

#: (body, d3dcompiler_47 10.1's first error number, None when it compiles) at ps_5_0, recorded under Wine
VERDICTS = [
    ("v[i.x & 3] = 1;", "X3500"),
    ("m[i.x & 3] = a;", "X3500"),
    ("m[1][i.x & 3] = a.x;", "X3500"),
    ("arr[i.x & 3] = a;", None),
    ("arr[i.x & 3][i.y & 3] = 1;", "X3500"),
    ("for (int k = 0; k < 4; k++) v[k] = k;", None),
    ("for (int k = 0; k < 8; k++) v[k] = k;", "X3504"),
    ("for (int k = 0; k < 4; k++) v[i.x & 3] = k;", "X3500"),
    ("for (int k = 0; k < 100; k++) v[k & 3] += k;", None),
    ("for (int k = 0; k < 2000; k++) v[k & 3] += k;", "X3511"),
    ("for (int k = 0; k < i.y; k++) v[k] = k;", None),
    ("for (int k = 0; k < i.y; k++) v[k + 1] = k;", None),
    ("for (int k = 0; k < i.y; k++) v[k & 3] = k;", "X3511"),
    ("for (int k = 0; k < (i.y & 3); k++) v[k] = k;", None),
    ("for (int k = 0; k < i.y; k++) if (i.x) v[k] = k;", None),
    ("for (int k = 0; k < i.y; k++) { v[k] = k; if (k == i.x) break; }", None),
    ("for (int k = 0; k < i.y; k++) { if (k == i.x) break; v[k] = k; }", "X3511"),
    ("for (int k = 0; k < 4; k++) if (k == i.x) v[k] = k;", None),
    ("int k = 0; while (k < i.y) { v[k] = k; k++; }", None),
    ("int k = 0; while (k < i.y) { v[k & 3] = k; k++; }", "X3511"),
    ("int k = 0; do { v[k] = k; k++; } while (k < i.y);", None),
    ("[loop] for (int k = 0; k < 4; k++) v[k] = k;", "X3531"),
    ("[loop] for (int k = 0; k < i.y; k++) arr[k & 3] = k;", None),
    ("for (int k = 0; k < i.y; k++) m[k] = k;", None),
    ("for (int k = 0; k < i.y; k++) m[k & 3] = k;", "X3511"),
    ("for (int k = 0; k < i.y; k++) m[i.x & 3][k] = k;", "X3511"),
    ("for (int k = 0; k < i.y; k++) m[k][i.x & 3] = k;", "X3511"),
    ("for (int k = 0; k < i.y; k++) arr[(i.x + k) & 3] = k;", None),
    ("for (int k = 0; k < i.y; k++) arr[(i.x + k) & 3].y = k;", None),
    ("for (int k = 0; k < i.y; k++) arr[(i.x + k) & 3][k] = k;", None),
    ("for (int j = 0; j < i.y; j++) for (int k = 0; k < 4; k++) v[k] += j;", None),
    ("for (int j = 0; j < 4; j++) for (int k = 0; k < i.y; k++) v[j] += k;", None),
    ("for (int j = 0; j < i.y; j++) for (int k = 0; k < i.z; k++) v[k] += j;", None),
    ("for (int k = 0; k < i.y; k++) v += k;", None),
    ("for (int k = 0; k < i.y; k++) v.x += v[k & 3];", None),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("body", "code"), VERDICTS, ids=[b for b, _ in VERDICTS])
def test_runtime_index_write_in_a_loop_verdicts(body, code):
    src = _PS.format(body=body)
    if code is None:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        return
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert code in e.value.errors, e.value.errors


# --- the values the guarded copies compute (HLSL semantics, computed here) ---------------------------------
_Q = [[0, 0, 0, 0], [1, 2, 0, 1], [2, 1, 1, 3], [3, 3, 0, 4], [0, 1, 1, 2]]  # q.x, q.y, q.z flag, q.w count


def _vec_cases() -> list[Case]:
    def model(q, fn):
        v = [100, 101, 102, 103]
        fn(v, q)
        return v

    def counted(v, q):
        for k in range(q[3]):
            v[k] = 10 + k

    def flagged(v, q):
        for k in range(q[3]):
            if q[2]:
                v[k] = 20 + k

    def early(v, q):
        for k in range(q[3]):
            v[k] = 30 + k
            if k == q[0]:
                break

    def shifted(v, q):
        for k in range(min(q[3], 3)):
            v[k + 1] += k + 1

    def nested(v, q):
        for j in range(q[1] % 3):
            for k in range(4):
                v[k] += j + k

    def while_form(v, q):
        k = 0
        while k < q[3]:
            v[k] = 40 + k
            k += 1

    def do_form(v, q):
        k = 0
        while True:
            v[k] += 50
            k += 1
            if not k < q[3]:
                break

    init = "  int4 v = int4(100, 101, 102, 103);\n"
    rows = [
        ("counted", "for (int k = 0; k < q.w; k++) v[k] = 10 + k;", counted),
        ("flagged", "for (int k = 0; k < q.w; k++) if (q.z) v[k] = 20 + k;", flagged),
        ("early_break", "for (int k = 0; k < q.w; k++) { v[k] = 30 + k; if (k == q.x) break; }", early),
        ("shifted", "for (int k = 0; k < min(q.w, 3); k++) v[k + 1] += k + 1;", shifted),
        ("nested", "for (int j = 0; j < q.y % 3; j++) for (int k = 0; k < 4; k++) v[k] += j + k;", nested),
        ("while", "int k = 0; while (k < q.w) { v[k] = 40 + k; k++; }", while_form),
        ("do_while", "int k = 0; do { v[k] += 50; k++; } while (k < q.w);", do_form),
    ]
    out = []
    for name, stmt, fn in rows:
        params = [q for q in _Q if name != "do_while" or q[3] >= 1]  # a do body runs once: q.w 0 still writes v[0]
        out.append(Case(name, init + "  " + stmt + "\n  r = (uint4)v;\n", params,
                        [model(q, fn) for q in params], runtime_only="the run-time bound is the point"))
    return out


VEC_CASES = _vec_cases()


@pytest.mark.parametrize("case", VEC_CASES, ids=[c.name for c in VEC_CASES])
def test_guarded_copies_compute_the_loop(case):
    run_case(case)


# --- the float % operator ----------------------------------------------------------------------------------
F32 = np.float32


def fxc_percent(x: float, y: float) -> np.float32:
    """fxc 10.1's ``x % y`` sequence in float32 (frc is x - floor(x), D3D11.3 §22.10 frc)."""
    with np.errstate(all="ignore"):
        x, y = F32(x), F32(y)
        p = x * y
        ys = y if p >= -p else -y
        q = (F32(1) / ys) * x
        return ys * (q - np.floor(q))


def fxc_fmod(x: float, y: float) -> np.float32:
    """The ``fmod`` intrinsic's sequence: ``d = x / y``; ``frc(|d|)`` signed as d; times y."""
    with np.errstate(all="ignore"):
        x, y = F32(x), F32(y)
        d = x / y
        f = abs(d) - np.floor(abs(d))
        return (f if d >= -d else -f) * y


#: operand pairs (float32 bits) where the two sequences round differently (found by a random search; each row is
#: asserted to differ below, so the table cannot silently lose its point)
PERCENT_ROWS = [(0xC20836F2, 0x40B89829), (0xC21D71B3, 0xBF6E173F), (0xC2926221, 0xBFF807E0),
                (0xC287BD3C, 0x4116604A), (0x404DAD8B, 0xC0F5D894), (0x4212A129, 0x40B7BDF7),
                (0xC276B4FD, 0x40C18358), (0xC28BCA42, 0xBEB62528)]


def _bits(x) -> float:
    return float(np.array([x], np.uint32).view(np.float32)[0])


def test_percent_rows_tell_the_sequences_apart():
    for a, b in PERCENT_ROWS:
        x, y = _bits(a), _bits(b)
        assert fxc_percent(x, y).view(np.uint32) != fxc_fmod(x, y).view(np.uint32)


def _percent_case() -> Case:
    params = [[a, b, 0, 0] for a, b in PERCENT_ROWS]
    expect = []
    for a, b in PERCENT_ROWS:
        x, y = _bits(a), _bits(b)
        expect.append([int(fxc_percent(x, y).view(np.uint32)), int(fxc_fmod(x, y).view(np.uint32)),
                       int(fxc_percent(x, 3.0).view(np.uint32)), int(fxc_percent(-x, y).view(np.uint32))])
    body = ("  float x = asfloat(q.x), y = asfloat(q.y);\n"
            "  r = uint4(asuint(x % y), asuint(fmod(x, y)), asuint(x % 3.0), asuint(-x % y));\n")
    return Case("percent", body, params, expect)


def test_float_percent_is_fxcs_reciprocal_sequence():
    run_case(_percent_case())


# --- the live DLL (skipped where it is not installed) ------------------------------------------------------
_LIVE = wine_d3dcompiler.unavailable_reason()


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_recorded_verdicts_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for body, code in VERDICTS:
        got = real.compile(_PS.format(body=body), "ps_5_0", "main")
        assert got.ok == (code is None), body
        if code is not None:
            assert code in got.messages, (body, got.messages)


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_percent_and_guarded_copies_match_the_live_objects():
    """fxc's objects and ours run on the reference executor on the same random inputs (tools/fxc_oracle)."""
    from pyd3d11.tools import fxc_oracle

    real = wine_d3dcompiler.shared()
    srcs = ["float4 main(float4 a : A, float4 b : B) : SV_Target { return (a % b) + fmod(a, b.yxwz) + a.x % 3.0; }",
            _PS.format(body="for (int k = 0; k < i.y; k++) v[k] = k + a.x;"),
            _PS.format(body="for (int k = 0; k < i.y; k++) { v[k] = k; if (k == i.x) break; }")]
    for n, src in enumerate(srcs):
        out, detail = fxc_oracle.real_outcome(real, fxc_oracle.Source(f"s{n}", src.encode(), "t.hlsl", "main",
                                                                     "ps_5_0"), (0, 1))
        assert out in ("same", "nanbits", "flushed"), (src, out, detail)


# --- a value against itself: fxc's refactoring identities ---------------------------------------------------
_NAN = float("nan")
_INF = float("inf")
#: the input a = (0, 1.5, +inf, NaN) per component
_A = np.array([0.0, 1.5, _INF, _NAN], np.float32)

#: (expression, result with refactoring allowed -- fxc 10.1's listing is ``mov o0, l(...)`` for the folded ones --,
#: result with /Od or IEEE strictness, where fxc keeps the instructions and IEEE arithmetic decides; None: not
#: asserted). ``x == x``, ``x != x``, ``x >= x``, ``isnan`` and ``isfinite`` are not here: fxc folds them for a
#: shader input like ``a`` but not for a value from ``asfloat``, a quotient or ``sqrt`` (refactor._SELF_COMPARE)
IDENTITIES = [
    ("a / a", [1, 1, 1, 1], [_NAN, 1, _NAN, _NAN]),
    ("a - a", [0, 0, 0, 0], [0, 0, _NAN, _NAN]),
    ("a % a", [0, 0, 0, 0], None),
    ("0 / a", [0, 0, 0, 0], [_NAN, 0, 0, _NAN]),
    ("a * 0 / a", [0, 0, 0, 0], None),
    ("(float4)(a < a)", [0, 0, 0, 0], [0, 0, 0, 0]),
    ("(float4)(a > a)", [0, 0, 0, 0], [0, 0, 0, 0]),
    ("(float4)isinf(a)", [0, 0, 1, 0], [0, 0, 1, 0]),
    ("min(a, a)", [0, 1.5, _INF, _NAN], [0, 1.5, _INF, _NAN]),
    ("(float4)(asuint(a) % asuint(a))", [4294967296.0, 0, 0, 0], [4294967296.0, 0, 0, 0]),  # urem kept: 0 % 0
    ("(float4)(asuint(a) / asuint(a))", [1, 1, 1, 1], [4294967296.0, 1, 1, 1]),
    ("(float4)(asint(a) / asint(a))", [1, 1, 1, 1], None),
    ("a / -a", [_NAN, -1, _NAN, _NAN], [_NAN, -1, _NAN, _NAN]),  # other modifiers: a division in fxc too
    ("a.xyzw / a.yxzw", [0, _INF, _NAN, _NAN], None),  # other components: a division
]


def _run_ps(expr: str, flags: int) -> np.ndarray:
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools.optdiff import _program

    src = f"float4 main(float4 a : A) : SV_Target {{ return {expr}; }}"
    p = _program(bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags))))
    inputs = np.zeros((32, 1, 4), np.uint32)
    inputs[0, 0] = _A.view(np.uint32)
    return run_program(p, 1, inputs=inputs, bindings=Bindings()).outputs[0][0].view(np.float32)


def _same(got: np.ndarray, want: list) -> bool:
    w = np.array(want, np.float32)
    return bool(np.all((got == w) | (np.isnan(got) & np.isnan(w))))


@pytest.mark.parametrize(("expr", "folded", "kept"), IDENTITIES, ids=[e for e, _, _ in IDENTITIES])
def test_same_value_identities(expr, folded, kept):
    got = _run_ps(expr, 0)
    assert _same(got, folded), (expr, got)
    if kept is not None:
        for flags in (1 << 2, 1 << 13):  # D3DCOMPILE_SKIP_OPTIMIZATION, D3DCOMPILE_IEEE_STRICTNESS
            got = _run_ps(expr, flags)
            assert _same(got, kept), (expr, hex(flags), got)


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_identities_against_the_live_objects():
    """fxc's own objects of the same shaders, run on the reference executor, give the recorded values."""
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools.optdiff import _program

    real = wine_d3dcompiler.shared()
    for expr, folded, kept in IDENTITIES:
        for flags, want in ((0, folded), (1 << 2, kept)):
            if want is None:
                continue
            src = f"float4 main(float4 a : A) : SV_Target {{ return {expr}; }}"
            got = real.compile(src, "ps_5_0", "main", flags)
            inputs = np.zeros((32, 1, 4), np.uint32)
            inputs[0, 0] = _A.view(np.uint32)
            out = run_program(_program(got.blob), 1, inputs=inputs, bindings=Bindings()).outputs[0][0]
            assert _same(out.view(np.float32), want), (expr, flags, out.view(np.float32))
