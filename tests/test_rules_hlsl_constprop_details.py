"""Constant propagation must never change what a program computes (found as survivors of constprop.py's mutation
run, scripts/mutate.py): a variable written inside a loop — directly, through an ``inout``/``out`` argument of a
user function or an intrinsic, through a static global, through a function that changes a static global — holds
after the loop the value the loop's run-time iterations left, not the value known before it.

Source: the language semantics (MicrosoftDocs direct3dhlsl "for Statement", "while Statement", "Functions":
``inout`` parameters are copied back at return; static globals keep their value across calls); the loop counts come
from the constant buffer (U0 = 3, I1 = 2), so no compile-time unrolling can know them. Expected values are the
closed forms of each loop, computed here."""

from __future__ import annotations

import math

import pytest
from test_rules_hlsl_types import VALS, run_words

U0 = VALS["U0"]  # 3 iterations
I1 = VALS["I1"]  # 2

DECLS = """static int sg;
static int counter;
void bump() { counter += 2; }
void inc(inout int a) { a += 2; }
void set9(out int a) { a = 9; }
uint loop_direct() { int x = 1; for (uint i = 0; i < U0; i++) x = x + 2; return (uint)x; }
uint loop_inout() { int x = 1; for (uint i = 0; i < U0; i++) inc(x); return (uint)x; }
uint loop_out() { int x = 1; for (uint i = 0; i < U0; i++) set9(x); return (uint)x; }
uint loop_static() { sg = 1; for (uint i = 0; i < U0; i++) sg += 2; return (uint)sg; }
uint loop_static_call() { counter = 1; for (uint i = 0; i < U0; i++) bump(); return (uint)counter; }
uint loop_while() { int x = 1; uint i = 0; while (i < U0) { x *= 2; i++; } return (uint)x; }
uint loop_sincos() { float s = 5, c = 5; for (uint i = 0; i < U0; i++) sincos(0.0, s, c); return (uint)(s * 10 + c); }
uint loop_vector() { int4 v = int4(1, 1, 1, 1); for (uint i = 0; i < U0; i++) v += int4(1, 2, 3, 4);
                     return (uint)(v.x * 1000 + v.y * 100 + v.z * 10 + v.w); }
uint loop_switch() { int x = 1; switch (I1) { case 2: x = 5; break; default: x = 6; break; } return (uint)x; }
int early(inout int a) { a = 2; if (I1 > 0) { a = 4; return 1; } a = 8; return 3; }
uint read_inout() { int x = 1; int y = 0; for (uint i = 0; i < U0; i++) { y = x; inc(x); } return (uint)y; }
uint read_out() { int x = 1; int y = 0; for (uint i = 0; i < U0; i++) { y = y * 10 + x; set9(x); } return (uint)y; }
uint read_static() { sg = 1; int y = 0; for (uint i = 0; i < U0; i++) { y = sg; sg += 2; } return (uint)y; }
uint read_sincos() { float s = 5, c = 5; float y = 0; for (uint i = 0; i < U0; i++) { y = y * 10 + c; sincos(0.0, s, c); }
                     return (uint)y; }
uint after_early() { int x = 0; int r = early(x); return (uint)(x * 10 + r); }
void addto(int a, inout int b) { b += a; }
void addto(float a, float b) { }
int twice(int a) { a *= 2; return a; }
uint read_mixed() { int x = 3; int y = 1; int z = 0; for (uint i = 0; i < U0; i++) { z = y; addto(x, y); }
                    return (uint)(z * 100 + y * 10 + x); }
uint read_in() { int x = 3; int y = 0; for (uint i = 0; i < U0; i++) y += twice(x); return (uint)(y * 10 + x); }
"""

CASES = [
    ("loop_direct()", 1 + 2 * U0),
    ("loop_inout()", 1 + 2 * U0),
    ("loop_out()", 9),
    ("loop_static()", 1 + 2 * U0),
    ("loop_static_call()", 1 + 2 * U0),
    ("loop_while()", 2 ** U0),
    ("loop_sincos()", int(math.sin(0.0) * 10 + math.cos(0.0))),
    ("loop_vector()", (1 + U0) * 1000 + (1 + 2 * U0) * 100 + (1 + 3 * U0) * 10 + (1 + 4 * U0)),
    ("loop_switch()", 5 if I1 == 2 else 6),
    ("after_early()", 4 * 10 + 1),
    # the variable is read before the loop body writes it: every pass after the first sees the body's write
    ("read_inout()", 1 + 2 * (U0 - 1)),
    ("read_out()", int("1" + "9" * (U0 - 1))),
    ("read_static()", 1 + 2 * (U0 - 1)),
    ("read_sincos()", int("5" + "1" * (U0 - 1))),
    # an argument in an inout position of some overload is written (y); one in an in position is not (x)
    ("read_mixed()", (1 + 3 * (U0 - 1)) * 100 + (1 + 3 * U0) * 10 + 3),
    # an ``in`` parameter is the callee's copy: changing it leaves the caller's variable as it was
    ("read_in()", 6 * U0 * 10 + 3),
]


def test_values_written_in_loops_and_branches_survive_propagation():
    out = run_words([e for e, _ in CASES], DECLS)
    assert [int(w) for w in out] == [v for _, v in CASES]


def test_geometry_input_element_passed_to_inout_is_a_writable_copy():
    """A geometry shader's input array parameter (``triangle V v[3]``, not an InputPatch) is an ``in`` parameter:
    a local copy the function may change (MicrosoftDocs "Function Parameters": in is copied in; the callee may
    modify its copy), so passing an element to an ``inout`` parameter compiles (only InputPatch elements are const:
    test_rules_hlsl_readonly_inputs)."""
    from pyd3d11.shader.compile_api import D3DCompile

    gs = """struct V { float4 p : SV_Position; float4 c : COLOR; };
void scale(inout float4 p) { p *= 2; }
[maxvertexcount(1)] void main(triangle V v[3], inout PointStream<V> s) {
    for (uint i = 0; i < 3; i++) scale(v[i].c);
    V o = v[0]; s.Append(o); }"""
    D3DCompile(gs, None, "t.hlsl", None, None, "main", "gs_5_0")


def test_geometry_input_element_as_a_methods_out_argument_is_a_writable_copy():
    """The same rule through a method's ``out`` parameters (Texture2D.GetDimensions: "out UINT Width, out UINT
    Height"): the element written is the copy, and the appended vertex carries the dimensions."""
    import re

    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.dxbc.disasm import disassemble

    gs = """struct V { float4 p : SV_Position; uint2 d : D; };
Texture2D t;
[maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {
    t.GetDimensions(v[0].d.x, v[0].d.y); s.Append(v[0]); }"""
    text = disassemble(bytes(D3DCompile(gs, None, "t.hlsl", None, None, "main", "gs_5_0")))
    dims = re.search(r"resinfo_uint (r\d+)\.", text)
    assert dims, text
    assert re.search(rf"mov o1\.xy, {dims.group(1)}\.xy", text), text


@pytest.mark.backend_independent
def test_an_in_argument_keeps_its_known_value_inside_a_loop():
    """A ``static const`` flag passed down to a helper as an ``in`` argument inside a loop is still known in the
    helper, so its dead branch is removed before the shader model is judged (MicrosoftDocs "Functions": ``in``
    copies the value; the DirectX SDK sample HDAO10.1, built for fx_4_0 devices, calls ``Texture2D.Gather`` —
    shader model 4.1 — only under such a flag from ps_4_0 code in a loop). The same call with the flag true is
    refused: the rule is the shader model's, not a blanket acceptance."""
    from pyd3d11.errors import ShaderCompileError
    from pyd3d11.shader.compile_api import D3DCompile

    src = """Texture2D t; SamplerState s; uint n;
static const bool GATHER = %s;
float4 fetch(float2 uv, bool g) { if (g) return t.Gather(s, uv); return t.Sample(s, uv); }
float4 main(float4 p : SV_Position) : SV_Target
{ float4 r = 0; for (uint i = 0; i < n; i++) r += fetch(p.xy + i, GATHER); return r; }"""
    D3DCompile(src % "false", None, "t.hlsl", None, None, "main", "ps_4_0")
    D3DCompile(src % "true", None, "t.hlsl", None, None, "main", "ps_4_1")
    with pytest.raises(ShaderCompileError, match="X4532"):  # fxc 10.1's number for gather4 below 4.1 (session 35)
        D3DCompile(src % "true", None, "t.hlsl", None, None, "main", "ps_4_0")


@pytest.mark.backend_independent
def test_a_function_local_static_const_is_a_constant_in_every_inlined_call():
    """A ``static const`` local is initialised once and never written (MicrosoftDocs "Variable Syntax": static
    locals keep their value between calls; const forbids writes), so an unrolled loop bounded by it gives literal
    texel offsets in every call of the function — the first call sitting in one arm of an ``if`` included
    (AMD's TiledLighting11 FilterShadow: ``static const int kernelLevel = 2`` bounds ``[unroll]`` loops whose
    counters are SampleCmpLevelZero offsets). A plain ``static`` local is still no constant."""
    from pyd3d11.errors import ShaderCompileError
    from pyd3d11.shader.compile_api import D3DCompile

    src = """Texture2D t; SamplerComparisonState s; float4 c;
float filt(float3 uv)
{
    float r = 0;
    %s int K = 2;
    static const int W = 2 * K + 1;
    [unroll] for (int i = -K; i <= K; i++)
        [unroll] for (int j = -K; j <= K; j++) r += t.SampleCmpLevelZero(s, uv.xy, uv.z, int2(i, j));
    return r / (W * W);
}
float4 main(float3 uv : T) : SV_Target
{
    float r = 0;
    if (c.x > 0) r = filt(uv);
    return r + filt(uv.yxz);
}"""
    D3DCompile(src % "static const", None, "t.hlsl", None, None, "main", "ps_5_0")
    with pytest.raises(ShaderCompileError, match="X4566|offset"):
        D3DCompile(src % "static", None, "t.hlsl", None, None, "main", "ps_5_0")
