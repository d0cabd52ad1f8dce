"""Rules found by mutating the shader-test corpus's programs at shader models 4.0-5.1 and judging the mutants with
fxc (issue 15, session 49, helper MUT, round 14; ``python -m pyd3d11.tools.shader_test_mutants --salt s49a
--min-model 4.0``, the opt-in ``--ops stage`` operator, and session 48's open items).

Every expected column was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under
Wine, session 49 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error number it
prints (warnings skipped); entry point ``main``, the flags of the row. The rows are probe programs varied around each
cluster (the rule's extent and its order against the other errors), not the mutants that showed it; the value rows
hold the word fxc's object stores, run on the reference executor. MicrosoftDocs ("Variable Syntax", "Functions")
gives the forms, none of these numbers; fxc's answer is the rule:

- Writes of a uniform global that is or holds a UAV with a writable operator[] (RWBuffer, RWTexture*,
  RWStructuredBuffer; alone, an array, a struct member at any depth, in a cbuffer): ``u = q``, ``u[1] = q``,
  ``bar = bar2``, ``bar.u = q``, ``bar.a = 1``, an out argument compile on the shader's own copy of the global (the
  numbers read from the constant buffer, the objects bound as the global's; a later ``u[0] = 1`` stores into
  ``q``'s register -- fxc's listings compared): uavcopy.py (were NotSupportedError). A ``const`` one stays X3025,
  one rebound in a branch X3669, another kind or element type X3017.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import VALUE_CBUFFER, group_mismatches
from fxc_record_helpers import mutant_verdict as _verdict

#: (source, target, flags, fxc's verdict): writes of uniform globals holding a RWBuffer / RWTexture* / RWStructuredBuffer compile on a copy; const stays X3025; a branch's rebinding X3669
UAV_COPY_ROWS = [
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.a = 1; return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.a.x += 1; return bar.a.xyxy + bar.b; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar, bar2;\nfloat4 main() : sv_target { bar = bar2; bar.u[0] = 1; return bar.b; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar; RWBuffer<float> q;\nfloat4 main() : sv_target { bar.u = q; bar.u[0] = bar.a.x; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nfloat4 main(float4 v : V) : sv_target { if (v.x > 0) u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'X3669'),
    ('RWBuffer<float> u[2], q;\nfloat4 main() : sv_target { u[1] = q; u[1][0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nvoid f(out RWBuffer<float> o) { o = q; }\nfloat4 main() : sv_target { f(u); u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\n[numthreads(1,1,1)] void main() { bar.b = 3; bar.u[0] = bar.b; }', 'cs_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\ncbuffer cb { S bar; }\nfloat4 main() : sv_target { bar.a = 1; return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar[2];\nfloat4 main() : sv_target { bar[1].a = 1; return bar[1].a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.a = 1; return bar.a.xyxy; }', 'ps_4_0', 0, 'X3090'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.a = 1; return bar.a.xyxy; }', 'ps_5_1', 0, 'ok'),
    ('RWTexture2D<float4> u, q;\nfloat4 main() : sv_target { u = q; u[int2(0,0)] = 1; return 0; }', 'ps_5_1', 0, 'ok'),
    ('RWStructuredBuffer<float4> u, q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { for (int i = 0; i < 3; i++) { bar.a.x += bar.b; } return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main(uint k : K) : sv_target { [loop] for (uint i = 0; i < k; i++) { bar.a.x += bar.b; } return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nvoid g() { bar.a = 2; }\nfloat4 main() : sv_target { g(); return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat f() { return bar.a.y; }\nfloat4 main() : sv_target { bar.a.y = 5; return f(); }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; RWBuffer<float> u; }; S bar; Texture2D q;\nfloat4 main() : sv_target { bar.t = q; return bar.t.Load(int3(0,0,0)); }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0x1000, 'ok'),
    ('uniform RWBuffer<float> u; RWBuffer<float> q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('extern RWBuffer<float> u; RWBuffer<float> q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.a = 1; bar.u[0] = 2; return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main(float4 v : V) : sv_target { if (v.x > 0) bar.a = v.xy; return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar; RWBuffer<float> q;\nfloat4 main(float4 v : V) : sv_target { if (v.x > 0) bar.u = q; bar.u[0] = 1; return 0; }', 'ps_5_0', 0, 'X3669'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar = (S)0; return 0; }', 'ps_5_0', 0, 'X3017'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nvoid f(inout float2 s) { s.x = 1; }\nfloat4 main() : sv_target { f(bar.a); return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('RWTexture2D<float4> u, q;\nfloat4 main() : sv_target { u = q; u[int2(0,0)] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u[2];\nfloat4 main() : sv_target { u[0] = u[1]; u[0][0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u[2], q[2];\nfloat4 main() : sv_target { u = q; u[1][0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u; RWBuffer<uint> q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'X3017'),
    ('RWBuffer<float> u; Buffer<float> q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'X3017'),
    ('RWBuffer<float> u;\nfloat4 main() : sv_target { u = 0; return 0; }', 'ps_5_0', 0, 'X3017'),
    ('RWBuffer<float> u;\nfloat4 main() : sv_target { u += 1; return 0; }', 'ps_5_0', 0, 'X3022'),
    ('RWBuffer<float> u, q;\n[numthreads(1,1,1)] void main() { u = q; u[0] = 1; }', 'cs_4_0', 0, 'X3666'),
    ('RWStructuredBuffer<float> u, q;\n[numthreads(1,1,1)] void main() { u = q; u[0] = 1; }', 'cs_4_0', 0, 'ok'),
    ('const RWBuffer<float> u; RWBuffer<float> q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; RWBuffer<float> u; }; const S bar;\nfloat4 main() : sv_target { bar.a = 1; return bar.a; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nvoid f(out S s) { s = bar; }\nfloat4 main() : sv_target { f(bar); return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
]

#: (text before the entry point, body storing u[0], flags, the word fxc's object stores): the copy's values
_COPY_PRE = "struct S { float4 v; RWStructuredBuffer<float> w; float k; };\nS bar, bar2;\nRWStructuredBuffer<float> q;\n"
COPY_VALUE_ROWS = [
    (_COPY_PRE, "bar.v.x += 1; u[0] = bar.v.x;", 0, 0xbf6efc04),
    (_COPY_PRE, "bar.v = a; u[0] = bar.v.y;", 0, 0xbf0e8a2c),
    (_COPY_PRE, "u[0] = bar.v.z + bar.k;", 0, 0x00000000),
    (_COPY_PRE, "bar = bar2; u[0] = bar.v.z + bar.k;", 0, 0xbffeef8e),
    (_COPY_PRE, "bar.v.w = a.w * 2; u[0] = bar.v.w;", 0, 0x00000000),
    (_COPY_PRE, "bar.w = q; bar.w[0] = 7; u[0] = q[0];", 0, 0x40e00000),
    (_COPY_PRE, "u[0] = bar2.k;", 0, 0xbffeef8e),
]

ALL_ROWS = UAV_COPY_ROWS


@pytest.mark.parametrize(("src", "target", "flags", "expected"), ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected


def test_copy_values_as_fxc_stores_them() -> None:
    bad, _met = group_mismatches(COPY_VALUE_ROWS, "uavcopy.hlsl", VALUE_CBUFFER)
    assert not bad
