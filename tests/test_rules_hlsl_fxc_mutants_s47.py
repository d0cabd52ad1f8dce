"""Rules found by mutating the shader-test corpus's programs at shader models 4.0-5.1 and judging the mutants with
fxc (issue 15, session 47, helper MUT, round 12; ``python -m pyd3d11.tools.shader_test_mutants --salt s47a
--min-model 4.0``, session 46's salt ``s46a``, round 11's open items, and the new opt-in operator ``--ops stage``).

Every expected column was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under
Wine, session 47 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error number it
prints (warnings skipped); entry point ``main``, the flags of the row. The rows are probe programs varied around each
cluster of disagreements (most a verdict the rules moved, the rest controls whose verdict they keep), not the
mutants that showed it. MicrosoftDocs ("Variable Syntax", "Function Parameters", "Interpolation Modifiers",
"Stream-Output Object", "HLSL errors and warnings") gives the forms, none of these numbers or orders; fxc's answer is
the rule:

- Uniform objects: a texture, sampler or buffer declared in a cbuffer / tbuffer is a uniform global as one outside:
  ``s++``, ``t = t2``, an out argument are X3025; an element or row of a uniform object array written as a whole
  (``t[0] = t[1]``, ``s[1]++``) is X3025 too -- but for the UAVs with a writable operator[] (RWTexture*, RWBuffer,
  RWStructuredBuffer), which fxc lets code rebind (NotSupportedError here) (assign._uniform_element_write).
- Streams: a stream local takes its own topology and vertex type, declared or assigned (X3017: objcompat); a
  method through a stream local is not modelled (NotSupportedError); a geometry shader's ``uniform Texture2D``
  parameter binds as at vs / ps ("$t").
- Calls no overload takes: fxc judges the last declared (an instance method's first) argument by argument over the
  parameters it has, whatever its count: an input that does not convert X3017, an output's shape or type X3017
  "cannot convert output parameter", a number literal for an output X3025 (overload.judged_refusal).
- Inputs: the same semantic twice must repeat the interpolation modifiers (an integer is nointerpolation unwritten)
  and a matrix's shape at the semantic it starts (X3536); a nointerpolation SV_Position is X4568 where the program
  reads it; a clip distance's X8000 too, after it.
- Bodies: a break / continue in a called function leaves none of its caller's loops nor its early-return loop
  (X3518 / X3519; one after a return in its block is never reached); an ``inout const`` parameter is read-only,
  in functions nothing calls too (X3025); a resource array's index is a scalar (X3120 before X3512); a converting
  cast as an out / inout argument is X4555 once the variable under it holds a value.
- Hull shaders and parameters: a double control point is X3687; a static or prototype-only patch-constant function
  is X3501 "entrypoint not found"; an out parameter's default value is X3113 as the parameter is read.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict as _verdict

#: (source, target, flags, fxc's verdict): uniform objects: in a cbuffer too, X3025 when written; an element of a uniform object array written as a whole X3025 (not a writable-index UAV's)
UNIFORM_OBJECT_ROWS = [
    ('Buffer<float> u[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    u[0]++;\n}\n', 'cs_5_0', 0, 'X3025'),
    ('Texture2D t[2][2];\nfloat4 main() : sv_target\n{\n    t[0] = t[1];\n    return 0;\n}\n', 'ps_5_1', 0, 'X3025'),
    ('Texture2D t[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    int i = 0; t[i] = t[1];\n}\n', 'cs_5_0', 0, 'X3025'),
    ('cbuffer c { Texture2D t; };\nTexture2D t2;\nfloat4 main() : sv_target\n{\n    t = t2;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('cbuffer c { Texture2D t; };\nfloat4 main() : sv_target\n{\n    t++; undeclared = 1;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('Texture2D t[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    (t[0]) = t[1];\n}\n', 'cs_5_0', 0, 'X3025'),
    ('RWByteAddressBuffer b[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    b[0] = b[1];\n}\n', 'cs_5_0', 0, 'X3025'),
    ('AppendStructuredBuffer<float> u[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    u[0] = u[1];\n}\n', 'cs_5_0', 0, 'X3025'),
    ('AppendStructuredBuffer<float> u[2];\nfloat4 main() : sv_target\n{\n    u[0] = u[1];\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('sampler s[2];\nfloat4 main() : sv_target\n{\n    s[0] = s[1];\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('SamplerState u[2];\nfloat4 main() : sv_target\n{\n    u[0]++;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('Texture2D t[2];\nfloat4 main() : sv_target\n{\n    t[0]++;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('ByteAddressBuffer b[2];\nfloat4 main() : sv_target\n{\n    b[0] = b[1];\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('cbuffer c { AppendStructuredBuffer<float> u; };\nAppendStructuredBuffer<float> u2;\nfloat4 main() : sv_target\n{\n    u = u2;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('StructuredBuffer<float> b[2];\nfloat4 main() : sv_target\n{\n    b[0] = b[1];\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('Texture2D t[2];\nfloat4 main() : sv_target\n{\n    Texture2D l[2] = t; l[0] = l[1];\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
    ('ByteAddressBuffer u;\nByteAddressBuffer u2;\n[numthreads(1,1,1)]\nvoid main()\n{\n    u = u2;\n}\n', 'cs_5_0', 0, 'X3025'),
    ('Texture2D t[2];\nfloat4 main() : sv_target\n{\n    t[0] += t[1];\n    return 0;\n}\n', 'ps_4_0', 0, 'X3022'),
    ('SamplerState u;\nSamplerState u2;\nfloat4 main() : sv_target\n{\n    u++;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('Texture2D t[2];\n[numthreads(1,1,1)]\nvoid main()\n{\n    undeclared = 1; t[0] = t[1];\n}\n', 'cs_5_0', 0, 'X3004'),
]

#: (source, target, flags, fxc's verdict): stream locals: their own topology and vertex type (X3017), declared or assigned
STREAM_ROWS = [
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\nvoid f(inout TriangleStream<other> s, gs_data d) { s.Append(d); }\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    f(vout, vin[0]);\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<other> v = vout;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    PointStream<gs_data> v = vout;\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    LineStream<gs_data> v;\n    v = vout;\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    LineStream<gs_data> v;\n    v = vout;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<float4> v;\n    v = vout;\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    LineStream<gs_data> v;\n    v = vout;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<float4> v;\n    vout = v;\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    PointStream<gs_data> v = vout;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<float4> v = vout;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<float4> v;\n    v = vout;\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\nvoid f(inout TriangleStream<gs_data> s, gs_data d) { s.Append(d); }\nvoid f(inout PointStream<float4> s, gs_data d) { }\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    f(vout, vin[0]);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    v = vout;\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    vout = v;\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    vout = v;\n    vout.Append(vin[0]);\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    LineStream<gs_data> v[2];\n    v[0] = vout;\n}\n', 'gs_5_0', 0, 'X3128'),
]

#: (source, target, flags, fxc's verdict): a geometry shader's uniform texture / sampler parameter compiles
GS_UNIFORM_ROWS = [
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t)\n{\n    gs_data d = vin[0]; d.pos += t.Load(0); vout.Append(d);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t)\n{\n    gs_data d = vin[0]; d.pos += t.Load(0); vout.Append(d);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t, uniform SamplerState s)\n{\n    gs_data d = vin[0]; d.pos += t.SampleLevel(s, 0, 0); vout.Append(d);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t, uniform SamplerState s)\n{\n    gs_data d = vin[0]; d.pos += t.SampleLevel(s, 0, 0); vout.Append(d);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t : register(t3))\n{\n    gs_data d = vin[0]; d.pos += t.Load(0); vout.Append(d);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform Texture2D t : register(t3))\n{\n    gs_data d = vin[0]; d.pos += t.Load(0); vout.Append(d);\n}\n', 'gs_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): calls no overload takes: the last declared (an instance method's first) judged argument by argument (X3017 / X3025), else X3013
CALL_ROWS = [
    ('void f(out float x) { x = 1; }\nfloat4 main() : sv_target\n{\n    f(1, 2); undeclared = 1;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('void f(out float3 x) { x = 1; }\nfloat4 main() : sv_target\n{\n    float2 a; f(a, 1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { void f(out float x) { x = 1; } };\nfloat4 main() : sv_target\n{\n    S s; s.f(1, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; };\nvoid f(float2 x, out float y) { y = 0; }\nfloat4 main() : sv_target\n{\n    S s; f(s, 2, 3);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(float3 x, float y) { }\nvoid f(float2 x, out float y, float z) { }\nfloat4 main() : sv_target\n{\n    S s; f(s, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('void f(inout float x) { x = 1; }\nfloat4 main() : sv_target\n{\n    f(1, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('void f(out float2 x, float y) { x = 1; }\nfloat4 main() : sv_target\n{\n    float a; f(a);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(float2 x, float y, float z) { }\nvoid f(float3 x) { }\nfloat4 main() : sv_target\n{\n    S s; f(s, 1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('void f(float x, out float y) { y = 1; }\nvoid f(out float x) { x = 1; }\nfloat4 main() : sv_target\n{\n    f(1, 2, 3);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; };\nvoid f(out float x) { x = 0; }\nfloat4 main() : sv_target\n{\n    S a; f(a, 1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(out float y, float2 x) { y = 0; }\nfloat4 main() : sv_target\n{\n    S s; f(2, s);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct T { float a; };\nstruct S { void f(float x) { } void f(float2 x, float y, float z) { } };\nfloat4 main() : sv_target\n{\n    S s; T t; s.f(t, 1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(out float y, float2 x) { y = 0; }\nfloat4 main() : sv_target\n{\n    S s; f(2, s, 3);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; };\nvoid f(uniform float x) { }\nfloat4 main() : sv_target\n{\n    S s; f(s, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(float3 x) { }\nvoid f(float2 x, float y, float z) { }\nfloat4 main() : sv_target\n{\n    S s; f(s);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('void f(out float x, out float y) { x = 1; y = 1; }\nfloat4 main() : sv_target\n{\n    f(1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct T { float a; };\nstruct S { void f(float2 x) { } };\nfloat4 main() : sv_target\n{\n    S s; T t; s.f(t, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct S { float a; };\nvoid f(float x) { }\nvoid f(float2 x) { }\nfloat4 main() : sv_target\n{\n    S s; f(s, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('void f(out float x, float y) { x = 1; }\nfloat4 main() : sv_target\n{\n    f(1);\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('void f(out float x) { x = 1; }\nfloat g;\nfloat4 main() : sv_target\n{\n    f(g, 1);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; };\nvoid f(out int x) { x = 0; }\nvoid f(float x) { }\nfloat4 main() : sv_target\n{\n    f(1.5);\n    return 0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; };\nvoid f(S x, float y) { }\nvoid f(float x, out float y) { y = 0; }\nfloat4 main() : sv_target\n{\n    S s; f(s, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; };\nvoid f(float2 x, out float y) { y = 0; }\nfloat4 main() : sv_target\n{\n    float a; f(a, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('void f(out float x) { x = 1; }\nvoid f(float2 x) { }\nfloat4 main() : sv_target\n{\n    float a; f(a);\n    return 0;\n}\n', 'ps_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): inputs: X3536 for another interpolation or matrix shape at one semantic; X4568 for a nointerpolation SV_Position read; X8000 of a clip distance where read
INPUT_ROWS = [
    ('float4 main(in float2x2 a : TEXCOORD0, in float2x3 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(nointerpolation float4 c : sv_clipdistance) : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'ok'),
    ('float4 main(float2 a : TEXCOORD0, nointerpolation float2 b : TEXCOORD0) : sv_position { return 0; }\n', 'vs_5_0', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, nointerpolation float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('struct S { float2 a : TEXCOORD0; };\nfloat4 main(S s, centroid float2 b : TEXCOORD0) : sv_target { return 0; }\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, noperspective float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, sample float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(float2 a : TEXCOORD0, centroid float2 b : TEXCOORD0) : sv_position { return 0; }\n', 'vs_4_0', 0, 'X3536'),
    ('float4 main(float2 a : TEXCOORD0, float2x2 b : TEXCOORD0) : sv_position { return 0; }\n', 'vs_5_0', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, linear float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(in float2x2 a[2] : TEXCOORD0, in float2 b : TEXCOORD2) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, linear float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_4_1', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, centroid float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_4_1', 0, 'X3536'),
    ('float4 main(in float2 a : TEXCOORD0, noperspective float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_4_1', 0, 'X3536'),
    ('float4 main(in float2 a[2] : TEXCOORD0, in float2x2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'X3536'),
    ('float4 main(in int2 a : TEXCOORD0, centroid int2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_4_1', 0, 'X3536'),
    ('float4 main(nointerpolation float4 c : sv_clipdistance) : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
    ('float4 main(nointerpolation float4 pos : sv_position) : sv_target\n{\n    float4 x; return x + pos;\n}\n', 'ps_5_0', 0, 'X4000'),
    ('float4 main(linear float4 pos : sv_position) : sv_target\n{\n    return 0;\n}\n', 'ps_4_1', 0, 'ok'),
    ('float4 main(nointerpolation uint c : sv_primitiveid) : sv_target\n{\n    return c;\n}\n', 'ps_4_0', 0, 'ok'),
    ('float4 main(linear float4 pos : sv_position) : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('float4 main(linear float2 a : TEXCOORD0, linear float2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_4_1', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): bodies: break / continue in a called function (X3518 / X3519), inout const (X3025), a resource array's index (X3120), a cast out argument (X4555)
BODY_ROWS = [
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int2 x = 0; f((float)x.y); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    float4 ret = 0; f((int)ret.y); return ret.x;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float2 o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int4 x = 0; f((float2)x.xy); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    uint x = 0; f((float)x); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('uniform float f;\nfloat g() { if (f < 0.5) { break; return 1; } return 0; }\nfloat4 main() : sv_target\n{\n    return g();\n}\n', 'ps_5_0', 0, 'X3518'),
    ('void f(out float o) { o = 1; }\nvoid g(inout float o) { o += 1; }\nuniform float u; uniform int ui;\nfloat4 main() : sv_target\n{\n    int x = ui; for (int i = 0; i < 2; i++) { f((float)x); } return x;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int x[2] = {0,0}; f((float)x[0]); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('float func(inout const float c) { c -= 0.2; return c; }\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('void f(out float2 o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int2 x = 0; f((float2)x); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('Texture2D tex[3];\nuniform int2 n;\nfloat4 main() : sv_target\n{\n    return tex[n].Load(0);\n}\n', 'ps_5_1', 0, 'X3120'),
    ('Texture2D tex[3];\nuniform int1 n;\nfloat4 main() : sv_target\n{\n    return tex[n].Load(0);\n}\n', 'ps_5_0', 0, 'X3120'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int2 x = 0; f((float)(x.y)); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int x = 0; f((float1)x); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('Texture2D tex[3];\nfloat4 main() : sv_target\n{\n    return tex[(int1x1)1].Load(0);\n}\n', 'ps_5_0', 0, 'X3120'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int2x2 x = 0; f((float)x._m00); return 0;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('float func(out float o) { o = 1; return 1; }\nfloat4 main() : sv_target\n{\n    float ret = 0; func((bool)ret); return ret;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('void f(out float o) { o = 1; }\nvoid g(inout float o) { o += 1; }\nuniform float u; uniform int ui;\nfloat4 main() : sv_target\n{\n    int x = ui; f((float)x); return x;\n}\n', 'ps_5_0', 0, 'X4555'),
    ('uniform float4 a[3];\nuniform int2 n;\nfloat4 main() : sv_target\n{\n    return a[n];\n}\n', 'ps_5_1', 0, 'X3120'),
    ('uniform float f;\nfloat4 main() : sv_target\n{\n    if (f < 0.5) { break; return 1; }\nreturn 0;\n}\n', 'ps_5_0', 0, 'X3518'),
    ('uniform float4 a[3];\nuniform int2 n;\nfloat4 main() : sv_target\n{\n    return a[n];\n}\n', 'ps_5_0', 0, 'X3120'),
    ('uniform float f;\nfloat4 main() : sv_target\n{\n    if (f < 0.5) { continue; }\nreturn 0;\n}\n', 'ps_5_0', 0, 'X3519'),
    ('uniform float f;\nfloat g() { for (int i = 0; i < 4; i++) { if (f < i) break; } return 0; }\nfloat4 main() : sv_target\n{\n    return g();\n}\n', 'ps_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): hull shaders and parameters: double control points X3687, a static / prototype patch-constant function X3501, an out parameter's default X3113
HS_PARAM_ROWS = [
    ('float func(float a, in out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    typedef float x = 2.0;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3113'),
    ('float func(float a, out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    typedef float x = 2.0;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3113'),
    ('float func(float a, out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    float x = 08;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3113'),
    ('struct data\n{\n    double4 val : VAL;\n};\nstruct out_data\n{\n    float outval : OUTVAL;\n};\nstruct patch_constant_data\n{\n    float edges[2] : SV_TessFactor;\n};\npatch_constant_data patch_constant(InputPatch<data, 2> patch)\n{\n    return (patch_constant_data)0;\n}\n\n    [domain("isoline")]\n    [outputcontrolpoints(2)]\n    [partitioning("integer")]\n    [outputtopology("point")]\n    [patchconstantfunc("patch_constant")]\nout_data main(InputPatch<data, 2> patch)\n{\n    \n    return (out_data)0;\n}\n', 'hs_5_0', 0, 'X3687'),
    ('float func(float a, inout float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    float x = 08;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3113'),
    ('struct data\n{\n    float4 val : VAL;\n};\nstruct out_data\n{\n    float outval : OUTVAL;\n};\nstruct patch_constant_data\n{\n    float edges[2] : SV_TessFactor;\n};\npatch_constant_data patch_constant();\n\n    [domain("isoline")]\n    [outputcontrolpoints(2)]\n    [partitioning("integer")]\n    [outputtopology("point")]\n    [patchconstantfunc("patch_constant")]\nout_data main()\n{\n    \n    return (out_data)0;\n}\n', 'hs_5_1', 0, 'X3501'),
    ('float func(float a, inout float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    float x = 08;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3113'),
    ('struct data\n{\n    float4 val : VAL;\n};\nstruct out_data\n{\n    float outval : OUTVAL;\n};\nstruct patch_constant_data\n{\n    float edges[2] : SV_TessFactor;\n};\npatch_constant_data patch_constant();\n\n    [domain("isoline")]\n    [outputcontrolpoints(2)]\n    [partitioning("integer")]\n    [outputtopology("point")]\n    [patchconstantfunc("patch_constant")]\nout_data main()\n{\n    \n    return (out_data)0;\n}\n', 'hs_5_0', 0, 'X3501'),
    ('struct data\n{\n    double val : VAL;\n};\nstruct out_data\n{\n    float outval : OUTVAL;\n};\nstruct patch_constant_data\n{\n    float edges[2] : SV_TessFactor;\n};\npatch_constant_data patch_constant()\n{\n    return (patch_constant_data)0;\n}\n\n    [domain("isoline")]\n    [outputcontrolpoints(2)]\n    [partitioning("integer")]\n    [outputtopology("point")]\n    [patchconstantfunc("patch_constant")]\nout_data main(InputPatch<data, 2> patch)\n{\n    \n    return (out_data)0;\n}\n', 'hs_5_0', 0, 'X3687'),
    ('float func(float a, inout float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    typedef float x = 2.0;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3113'),
    ('float func(float a, in out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    float x = 08;\n    return 0;\n}\n', 'ps_4_0', 0, 'X3113'),
    ('float func(float a, in out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{{\n    return 0;\n}}\n', 'ps_5_0', 0, 'X3113'),
    ('float func(float a = 1, out float c = 2);\nfloat4 main() : sv_target { return 0; }\n', 'ps_5_0', 0, 'X3113'),
    ('float func(float a, in out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{{\n    return 0;\n}}\n', 'ps_4_0', 0, 'X3113'),
    ('float func(float a, in out float b = 1.0)\n{\n    b += a;\n    return b;\n}\nfloat4 main() : sv_target\n{\n    float x = 1;\n    return func(1, x);\n}\n', 'ps_5_0', 0, 'X3113'),
    ('float func(float a = 1, out float c = 2);\nfloat4 main() : sv_target { return 0; }\n', 'ps_4_0', 0, 'X3113'),
]

#: (source, target, flags, fxc's verdict): rows the hand mutants of these rules needed (the tables above sampled the probes)
KILL_ROWS = [
    ('struct S { void f(float2 x, out float y, float z) { y = 0; } void f(float3 x) { } };\nfloat4 main() : sv_target\n{\n    S s; s.f(1, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('struct S { void f(float3 x) { } void f(float2 x, out float y, float z) { y = 0; } };\nfloat4 main() : sv_target\n{\n    S s; s.f(1, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3013'),
    ('void f(float3 x) { }\nvoid f(float2 x, out float y, float z) { y = 0; }\nfloat4 main() : sv_target\n{\n    f(1, 2);\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('void f(float3 x) { }\nvoid f(float2 x, out float y, float z) { y = 0; }\nfloat4 main() : sv_target\n{\n    f(1, 2);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('void f(float2 x, out float y, float z) { y = 0; }\nvoid f(float3 x) { }\nfloat4 main() : sv_target\n{\n    f(1, 2);\n    return 0;\n}\n', 'ps_4_0', 0, 'X3013'),
    ('cbuffer c { Texture2D t[2]; };\nfloat4 main() : sv_target\n{\n    t[0] = t[1];\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('cbuffer c { Texture2D t[2]; };\nfloat4 main() : sv_target\n{\n    t[0] = t[1];\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('cbuffer c { Texture2D t[2]; };\nvoid f(out Texture2D x) { }\nfloat4 main() : sv_target\n{\n    f(t[0]);\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('cbuffer c { Texture2D t[2]; };\nvoid f(out Texture2D x) { }\nfloat4 main() : sv_target\n{\n    f(t[0]);\n    return 0;\n}\n', 'ps_5_0', 0, 'X3025'),
    ('float func(inout const float c) { c -= 0.2; return c; }\nfloat4 main() : sv_target\n{\n    float x = 1; func(x);\n    return 0;\n}\n', 'ps_4_0', 0, 'X3025'),
    ('float4 main(in int2 a : TEXCOORD0, nointerpolation int2 b : TEXCOORD0) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('float4 main(in float2x2 a : TEXCOORD0, in float2 b : TEXCOORD1) : sv_target\n{\n    return 0.0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('float4 main(nointerpolation float4 c : sv_clipdistance, nointerpolation float4 pos : sv_position) : sv_target\n{\n    return pos + c;\n}\n', 'ps_5_0', 0, 'X4568'),
    ('uniform float f;\nfloat g() { if (f < 0.5) { return 1; break; } return 0; }\nfloat4 main() : sv_target\n{\n    return g();\n}\n', 'ps_5_0', 0, 'ok'),
    ('uniform float f;\nfloat g() { if (f < 0.5) { break; } return 0; }\nfloat4 main() : sv_target\n{\n    float s = 0; for (int i = 0; i < 4; i++) { s += g(); } return s;\n}\n', 'ps_5_0', 0, 'X3518'),
    ('void f(out float o) { o = 1; }\nfloat4 main() : sv_target\n{\n    int x; f((float)x); return 0;\n}\n', 'ps_5_0', 0, 'ok'),
    ('struct data\n{\n    float4 val : VAL;\n};\nstruct out_data\n{\n    float outval : OUTVAL;\n};\nstruct patch_constant_data\n{\n    float edges[2] : SV_TessFactor;\n};\nstatic patch_constant_data patch_constant()\n{\n    return (patch_constant_data)0;\n}\n\n    [domain("isoline")]\n    [outputcontrolpoints(2)]\n    [partitioning("integer")]\n    [outputtopology("point")]\n    [patchconstantfunc("patch_constant")]\nout_data main()\n{\n    \n    return (out_data)0;\n}\n', 'hs_5_0', 0, 'X3501'),
]

ALL_ROWS = UNIFORM_OBJECT_ROWS + STREAM_ROWS + GS_UNIFORM_ROWS + CALL_ROWS + INPUT_ROWS + BODY_ROWS + HS_PARAM_ROWS + KILL_ROWS


@pytest.mark.parametrize(("src", "target", "flags", "expected"), ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected
