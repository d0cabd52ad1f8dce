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
- An out / inout argument written through a scalar or vector constructor (``f(int(r))``, ``h(float2(r.x, q))``)
  is a cast of each argument (inlining._copy_back_construct; were X3025): each argument takes its components of
  the value back, converted; one of another base type that holds a value the program wrote before the call is
  X4555 "cannot use casts on l-values" (the cast rule of session 47), one that holds none compiles; ``int(r +
  1)`` / ``int(1)`` stay X3025.
- Local arrays holding objects (objects.target): below 5.1 a store through a run-time index into one (an array of
  structs too) is X3500 "array reference cannot be used as an l-value; not natively addressable" (was X3512,
  which a read's index stays). At 5.1 fxc refuses a second element store into a local object array (X3500);
  the shared corpus (object-references.shader_test) expects those to compile, so the project keeps compiling
  them (strict xfails).
- A cast right after a prefix ``++`` / ``--`` (``++(int)x``, ``--(struct apple)f``, ``++(int[4])m``) is X3000
  "syntax error": that operand is no cast expression in fxc's grammar (parse_exprs._prefix_cast_token names
  the token fxc names; were compiled or X4555). ``-(int)f``, ``!(bool)f``, ``++((int)x)``, ``++int(x)`` compile.
- Redefinitions fxc reports as it parses, before a syntax error later in the file or in the body: a global
  function body of an earlier definition's signature (parse_funcs._second_definition; codegen's check judged it
  only after the whole file parsed), a declarator after a struct definition named like a type (``struct S {
  ... } S g;``, ``... } S;``: parser.py; were X3000 or compiled): X3003 "redefinition of".
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import VALUE_CBUFFER, group_mismatches
from fxc_record_helpers import mutant_verdict as _verdict

#: (source, target, flags, fxc's verdict): writes of uniform globals holding a RWBuffer / RWTexture* / RWStructuredBuffer compile on a copy; const stays X3025; a branch's rebinding X3669
UAV_COPY_ROWS = [
    # (recorded in session 48, tests/test_rules_hlsl_fxc_mutants_s48.py: the kinds fxc keeps constant get no copy)
    ('RWByteAddressBuffer u, q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; Texture2D u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
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
    ('RWBuffer<float> u, q;\n[numthreads(1,1,1)] void main() { u = q; u[0] = 1; }', 'cs_4_0', 0, 'X3666'),
    ('RWStructuredBuffer<float> u, q;\n[numthreads(1,1,1)] void main() { u = q; u[0] = 1; }', 'cs_4_0', 0, 'ok'),
    ('const RWBuffer<float> u; RWBuffer<float> q;\nfloat4 main() : sv_target { u = q; u[0] = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; RWBuffer<float> u; }; const S bar;\nfloat4 main() : sv_target { bar.a = 1; return bar.a; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nvoid f(out S s) { s = bar; }\nfloat4 main() : sv_target { f(bar); return bar.a.xyxy; }', 'ps_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): an out / inout argument written through a scalar or vector constructor is a cast of each argument (X4555 where the argument converts and holds a value; converted back where it holds none)
CONSTRUCT_OUT_ROWS = [
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float4 r = 0; f(int(r.x)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float4 r = 0; f((int)r.x); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r; f(int(r)); return r; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = v.x; f(int(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int r = 0; f(int(r)); return r; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { uint r = 0; f(int(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { f(int(v.x)); return v; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { f(int(1)); return v; }', 'ps_5_0', 0, 'X3025'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; f(int1(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; f(int(r + 1)); return r; }', 'ps_5_0', 0, 'X3025'),
    ('void g(inout int o) { o += 1; }\nfloat4 main(float4 v : V) : sv_target { float4 r = 0; g(int(r.x)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void g(inout int o) { o += 1; }\nfloat k;\nfloat4 main(float4 v : V) : sv_target { g(int(k)); return 0; }', 'ps_5_0', 0, 'X4555'),
    ('void g(inout int o) { o += 1; }\nfloat4 main(float4 v : V) : sv_target { float r = v.x; g(int(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void g(inout int o) { o += 1; }\nfloat4 main(float4 v : V) : sv_target { g(int(v.x)); return v; }', 'ps_5_0', 0, 'X4555'),
    ('void g(inout int o) { o += 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; g(int1(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int2 r = 0; h(float2(r)); return r.xyxy; }', 'ps_5_0', 0, 'X4555'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int2 r = 0; h(float2(r.x, r.y)); return r.xyxy; }', 'ps_5_0', 0, 'X4555'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float2 r = 0; h(float2(r)); return r.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int4 r = 0; h(float2(r.xy)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float4 r = 0; f(int(r.x)); f(int(r.y)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nstatic float k = 1;\nfloat4 main(float4 v : V) : sv_target { f(int(k)); return k; }', 'ps_5_0', 0, 'X4555'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int2 r; h(float2(r.x, r.y)); return r.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { int2 r; h(float2(r)); return r.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nint k;\nfloat4 main(float4 v : V) : sv_target { f((int)k); return 0; }', 'ps_5_0', 0, 'X3025'),
    ('void f(out int o) { o = 1; }\nfloat k;\nfloat4 main(float4 v : V) : sv_target { f((int)k); return 0; }', 'ps_5_0', 0, 'X3025'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r; f(int(r)); return r; }', 'ps_4_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float2 r = 0; f(int(r)); return r.xyxy; }', 'ps_5_0', 0, 'X3014'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; int q; h(float2(r, q)); return r; }', 'ps_5_0', 0, 'ok'),
    ('void h(out float2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0, q = 0; h(float2(r, q)); return r + q; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r; f(int(int(r))); return r; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; f(int((float)r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r = 0; f((int)float(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r; f(int(r)); f(int(r)); return r; }', 'ps_5_0', 0, 'X4555'),
    ('void f(out int o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float r; f(int(r)); return r; }', 'vs_5_0', 0, 'X4502'),
    ('void f(out int2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float2 r; f(int2(r)); return r.xyxy; }', 'ps_5_0', 0, 'ok'),
    ('void f(out int2 o) { o = 1; }\nfloat4 main(float4 v : V) : sv_target { float2 r = 0; f(int2(r)); return r.xyxy; }', 'ps_5_0', 0, 'X4555'),
    ('void g(inout int o) { o += 1; }\nfloat4 main(float4 v : V) : sv_target { float r; g(int(r)); return r; }', 'ps_5_0', 0, 'X4000'),
    pytest.param(*('void f(out int o) { o = 1; }\nint k;\nfloat4 main(float4 v : V) : sv_target { f(int(k)); return 0; }', 'ps_5_0', 0, 'ok'), marks=pytest.mark.xfail(strict=True, reason="a constructor of a uniform global as an out argument: fxc writes a copy (same type) or X4555; X3025 here (the call's out-argument rule judges first)")),
    pytest.param(*('void f(out int o) { o = 1; }\nfloat k;\nfloat4 main(float4 v : V) : sv_target { f(int(k)); return 0; }', 'ps_5_0', 0, 'X4555'), marks=pytest.mark.xfail(strict=True, reason="a constructor of a uniform global as an out argument: fxc writes a copy (same type) or X4555; X3025 here (the call's out-argument rule judges first)")),
]

#: (source, target, flags, fxc's verdict): a store through a run-time index into a local array holding objects is X3500 below 5.1 (a read's index stays X3512)
OBJECT_ARRAY_ROWS = [
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[(int)v.x] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_0', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    a = b[(int)v.x];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_0', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    return b[(int)v.x].Sample(sam, v.xy);\n}', 'ps_4_0', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    Texture2D c[2][2];\n    c[0][(int)v.x] = t_good;\n    a = c[0][0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_0', 0, 'X3500'),
    ('struct S { Texture2D t; };\nTexture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    S s[2];\n    s[(int)v.x].t = t_good;\n    a = s[0].t;\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_0', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[(int)v.x] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_1', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    a = b[(int)v.x];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_1', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    return b[(int)v.x].Sample(sam, v.xy);\n}', 'ps_4_1', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    Texture2D c[2][2];\n    c[0][(int)v.x] = t_good;\n    a = c[0][0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_1', 0, 'X3500'),
    ('struct S { Texture2D t; };\nTexture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    S s[2];\n    s[(int)v.x].t = t_good;\n    a = s[0].t;\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_4_1', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[(int)v.x] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_0', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    a = b[(int)v.x];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_0', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    b[0] = t_good; b[1] = t_bad;\n    return b[(int)v.x].Sample(sam, v.xy);\n}', 'ps_5_0', 0, 'X3512'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    Texture2D c[2][2];\n    c[0][(int)v.x] = t_good;\n    a = c[0][0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_0', 0, 'X3500'),
    ('struct S { Texture2D t; };\nTexture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    S s[2];\n    s[(int)v.x].t = t_good;\n    a = s[0].t;\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_0', 0, 'X3500'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D b[2] = {t_good, t_bad};\n    return b[1].Sample(sam, v.xy);\n}', 'ps_5_1', 0, 'X3017'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    S s[2];\n    s[0].t = t_good;\n    s[1].t = t_bad;\n    return s[0].t.Sample(sam, v.xy);\n}', 'ps_5_1', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D b[2];\n    b[0] = t_good;\n    b[1] = t_bad;\n    return b[0].Sample(sam, v.xy);\n}', 'ps_5_0', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D b[2];\n    b[0] = t_good;\n    b[1] = t_bad;\n    return b[0].Sample(sam, v.xy) + undefined_thing;\n}', 'ps_5_1', 0, 'X3004'),
    ('Texture2D t_good, t_bad;\nfloat4 g() { Texture2D b[2]; b[0] = t_good; b[1] = t_bad; return b[1].Load(int3(0,0,0)); }\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    return 0;\n}', 'ps_5_1', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    int4 co = {0, 0, 0, 0};\n    b[(int) co.x + (int) co.y] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_1', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    int k = 0;\n    b[k] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_1', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    int k = 0;\n    b[0] = t_good; b[1] = t_bad;\n    a = b[k];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_0', 0, 'ok'),
    ('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    static const int k = 0;\n    b[k] = t_good;\n    a = b[0];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_1', 0, 'ok'),
    pytest.param(*('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D b[2];\n    b[0] = t_good;\n    b[1] = t_bad;\n    return 0;\n}', 'ps_5_1', 0, 'X3500'), marks=pytest.mark.xfail(strict=True, reason="fxc refuses a second element store into a local object array at 5.1 (X3500); the shared corpus's object-references.shader_test expects those programs to compile at 5.1, and the project keeps the corpus")),
    pytest.param(*('Texture2D t_good, t_bad;\nsampler sam;\nstruct S { Texture2D t; float f; };\nstruct R { Texture2D t[2]; };\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D b[2][2];\n    b[0][0] = t_good;\n    b[1][1] = t_bad;\n    return b[0][0].Sample(sam, v.xy);\n}', 'ps_5_1', 0, 'X3500'), marks=pytest.mark.xfail(strict=True, reason="fxc refuses a second element store into a local object array at 5.1 (X3500); the shared corpus's object-references.shader_test expects those programs to compile at 5.1, and the project keeps the corpus")),
    pytest.param(*('Texture2D t_good, t_bad;\nsampler sam;\nfloat4 main(float4 v : TEXCOORD) : sv_target\n{\n    Texture2D a, b[2];\n    int k = 0;\n    b[0] = t_good; b[1] = t_bad;\n    a = b[k];\n    return a.Sample(sam, float2(0, 0));\n}', 'ps_5_1', 0, 'X3500'), marks=pytest.mark.xfail(strict=True, reason="fxc refuses a second element store into a local object array at 5.1 (X3500); the shared corpus's object-references.shader_test expects those programs to compile at 5.1, and the project keeps the corpus")),
]

#: (source, target, flags, fxc's verdict): a cast right after a prefix ++ / -- is a syntax error (X3000), at every target; -(int)f, ++((int)x), ++int(x) compile
PREFIX_CAST_ROWS = [
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++(int)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    --(float)f;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    x = -(int)f;\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    x = !(bool)f;\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++((int)x);\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++(x);\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    x = ++(int)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++ (int) x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++(int2)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++int(x);\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    x = --(int)(f);\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++(int)x;\n    return x + f;\n}', 'ps_4_0', 0, 'X3000'),
    ('float4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2;\n    ++(int)x;\n    return x + f;\n}', 'ps_5_1', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    a = --(struct apple) fa;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    a = --(apple) fa;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = ++(myint)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    arr = --(int[4]) mat;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = ++(const int)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    ++(vector<int, 1>)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    ++(Texture2D)t;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    ++(x) + 1;\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = ++(x);\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = --(int)(f) * 2;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = - -(int)f;\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = -++(int)x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    ++ ( int ) x ;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = (--(x));\n    return x + f;\n}', 'ps_5_0', 0, 'ok'),
    ('struct apple { float4 aa; };\ntypedef int myint;\nTexture2D t;\nfloat4 main(float4 v : V) : sv_target {\n    int x = 1; float f = 2; float fa[4] = {1, 2, 3, 4}; apple a; int arr[4]; float2x2 mat = 1;\n    x = (++(int1)x).x;\n    return x + f;\n}', 'ps_5_0', 0, 'X3000'),
]

#: (source, target, flags, fxc's verdict): redefinitions fxc reports as it parses, before a later syntax error: a function body of an earlier signature, a declarator after a struct named like a type
PARSE_REDEFINITION_ROWS = [
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\nout float4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg)\n{\n    return 0.1\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3000'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg);\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3000'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int b)\n{\n    return 0.2;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(uint arg)\n{\n    return 0.2;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3000'),
    ('struct S { float a; }\nS f() { return (S)0; }\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('struct S { float a; }\nS S() { return (S)0; }\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('struct S { float a; }\nS g;\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat h() { return 1 }\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nstatic float func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\nfloat g() { return 1 }\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return undefined_x;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('float func(int arg)\n{\n    return 0.1;\n}\nfloat4 main() : sv_target\n{\n    return undefined_x;\n}\nfloat func(int arg)\n{\n    return 0.1;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('struct T { float b; };\nstruct S { float a; }\nT g;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('struct S { float a; }\nS;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('struct S { float a; }\nS = 1;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('struct S { float a; }\nS, q;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
    ('typedef float T;\nstruct S { float a; }\nT g;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3003'),
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

ALL_ROWS = UAV_COPY_ROWS + CONSTRUCT_OUT_ROWS + OBJECT_ARRAY_ROWS + PREFIX_CAST_ROWS + \
    PARSE_REDEFINITION_ROWS


@pytest.mark.parametrize(("src", "target", "flags", "expected"), ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected


def test_copy_values_as_fxc_stores_them() -> None:
    bad, _met = group_mismatches(COPY_VALUE_ROWS, "uavcopy.hlsl", VALUE_CBUFFER)
    assert not bad
