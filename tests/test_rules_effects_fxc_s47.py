"""fxc's rules found by round 10 of the effect mutants (issue 15, session 47, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 47, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's; ``OBJECT_ROWS`` hold the facts of fxc's own
objects. The disagreements were found by ``python -m pyd3d11.tools.effect_mutants --binary --salt s47`` and each
rule's extent probed in the DLL (about 1,100 probe programs); one row per rule case:

* ``COMPILE_ORDER_ROWS`` (effects/fxparse.py _check_compile_counts): a compile's argument names (X3004) and its
  count against the function's uniform parameters (X3013) come before an operator applied to the compile (X3022 /
  X3082 / X3017), in a pass, a state block and a global's initialiser;
* ``STATE_NAME_ROWS`` (parse_effects.state_name, parser.lexer_keyword / PASS_REFUSED_WORDS): the first state
  name of a variable's own block (``sampler s { … }``, ``DepthStencilState d { … }``) is no keyword of fxc's
  lexer (X3000: the shader, texture and buffer types, ``sampler``, ``stateblock``); the later names, a pass's and
  a ``sampler_state { … }`` block's read the object words as names; the modifiers, statements and stream / patch
  types are no state name anywhere;
* ``ANNOTATION_ROWS`` (effects/fxannot.py value_type / _check_writes): an annotation's value is typed with the
  compiler's expression rules (sbops, check._sb_swizzle, statecalls.COUNTS): a write X3025 in evaluation order,
  a number for an object or a string for a number X3017, a static const string for a string compiles, an
  intrinsic's count X3013, a struct constructor X3037, a swizzle X3018, operators X3022 / X3082 / X3020;
  fx_2_0 keeps a row_major annotation's minimum precision (its D3DX error);
* ``GLOBAL_MODIFIER_ROWS`` (parser._early_global_mods): a global's modifier conflicts (in / out X3000, inline
  X3055, X3007, X3010, volatile X3008, X3048) are reported as its name is read, before its annotations,
  initialiser or state block;
* ``NULL_AND_ORDER_ROWS``: only ``NULL`` is the null object (``null`` / ``Null`` X3004: initshape._check_object,
  fxcompile); ``T x = sampler_state { … }`` of another type reads the block (its syntax X3000, a call's X3004)
  before its X3017 (parser); a state value fxc folds while it parses that holds a conditional is X3093
  (sbops.constant_conditional); an integer intrinsic of constants folds in an fx state value (fxcompile,
  constexpr's ``calls``); fx_2_0's ``Texture`` as a block's first state name is no keyword (fx2compile);
* ``STATE_VALUE_ROWS`` (check._sb_swizzle, sbops.index_bounds, effects/fxfuncs.py): a matrix in a state value takes only
  its own ``_mRC`` / ``_RC`` swizzles (X3018), a static const's constant index past its end is X3030;
* ``MUTANT_ROWS``: the cases mutation testing showed missing -- an operator's result shape read by a swizzle
  (sbops._promote, unary / binary / ternary results), a static const's index at 0 and a non-const static's;
* ``OBJECT_ROWS``: a state constant beyond the float range is an infinity; a folded intrinsic keeps its
  arguments' scalar type (``sign`` int); ConstructGSWithSO's NULL declaration
  is offset 0 of a GeometryShaderSO object; a bool constructor's values are 0 / 1; a pass state's cast of a
  constant is FXLVM code (a ``mov`` of the value in the state's type), a state object's folds; fx_2_0's ``string
  s = NULL;`` and a static const string as a string annotation.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.tools.effect_mutants import binary_facts


def _agrees(got: str, expected: str) -> bool:
    """fxc's numberless effect-compiler error ("-") is met by any refusal (tools.effect_mutants.judge)."""
    return got == expected or expected == "-" and got != "ok"


COMPILE_ORDER_ROWS = [
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique { pass { cat = !compile ps_2_0 fun(1, 2, 3); } }', 'fx_2_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique { pass { cat = !compile ps_2_0 fun(foo, 2, 3); } }', 'fx_2_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = -CompileShader(ps_2_0, main(foobar));', 'fx_2_0', 0, 'X3004'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 f = 1; BlendState b { foo = -compile ps_2_0 fun(1,2,3); };', 'fx_2_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { cat = ~compile ps_2_0 fun(1, 2, 3); } }', 'fx_4_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = ~CompileShader(ps_2_0, main(foobar));', 'fx_4_0', 0, 'X3004'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { cat = compile ps_2_0 fun(1, 2, 3) + 1; } }', 'fx_4_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { cat = -compile ps_2_0 fun(1); } }', 'fx_5_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = (float)CompileShader(ps_2_0, fun(1,2,3));', 'fx_5_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = -CompileShader(ps_2_0, main(1, 2));', 'fx_5_0', 0, 'X3013'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { cat = -compile ps_2_0 nofun(1); } }', 'fx_5_0', 0, 'X3004'),
]

STATE_NAME_ROWS = [
    ('sampler sam { VertexShader = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { sampler = 1; };', 'fx_4_0', 0, 'X3000'),
    ('DepthStencilState d { sampler = 1; };', 'fx_4_0', 0, 'X3000'),
    ('sampler sam { texture = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Texture = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('DepthStencilState d { Texture2D = 1; };', 'fx_4_0', 0, 'X3000'),
    ('sampler sam { stateblock = 1; };', 'fx_4_0', 0, 'X3000'),
    ('technique10 { pass { texture = NULL; } }', 'fx_4_0', 0, '-'),
    ('technique10 { pass { VertexShader = NULL; } }', 'fx_4_0', 0, 'ok'),
    ('sampler sam { pixelshader = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { RWTexture2D = 1; };', 'fx_5_0', 0, 'X3000'),
    ('sampler sam { uniform = 1; };', 'fx_5_0', 0, 'X3000'),
    ('DepthStencilState sam { typedef = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('DepthStencilState sam { RasterizerOrderedBuffer = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { PointStream = 1; };', 'fx_5_0', 0, 'X3000'),
    ('texture tx; sampler s = sampler_state { texture = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'ok'),
    ('texture tx; sampler s = sampler_state { VertexShader = 1; };\ntechnique { pass { } }', 'fx_4_0', 0, '-'),
    ('texture tx; DepthStencilState s = sampler_state { stateblock = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'ok'),
    ('texture tx; sampler s[2] = { sampler_state { Texture2D = 1; }, sampler_state { } };\nfloat4 main() : COLOR { return 0; }', 'ps_4_0', 0, 'X4502'),
    ('texture tx; sampler s { sampler = <tx>; };\ntechnique { pass { } }', 'fx_4_0', 0, 'X3000'),
    ('texture tx; sampler s = sampler_state { uniform = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'X3000'),
    ('texture tx; sampler s = sampler_state { texture = <tx>; };\ntechnique { pass { } }', 'fx_2_0', 0, 'ok'),
    ('texture tx; sampler s = sampler_state { TEXTURE = <tx>; };\ntechnique { pass { } }', 'fx_2_0', 0, 'ok'),
    ('sampler sam { foo = 1; texture = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam { foo = 1; uniform = 1; };', 'fx_5_0', 0, 'X3000'),
    ('DepthStencilState d { foo = 1; VertexShader = 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float2 f { { PixelShader = 1; }, { foo = 1; } };', 'fx_5_0', 0, 'ok'),
    ('float f { Sampler = 1; sampler = 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam\n{\n    pixelShader = 20;\n    PixelShader = 25;\n    VertexShader = 30;\n    vertexshader = 35;\n};\n\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler s = sampler_state { static = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'X3000'),
    ('sampler s = sampler_state { InputPatch = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'X3000'),
    ('sampler s = sampler_state { point = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'ok'),
    ('sampler s = sampler_state { triangle = 1; };\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 0, 'X3000'),
]

ANNOTATION_ROWS = [
    ('float v < int a = 1; int b = ++a; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3025'),
    ('float v < int a = 1; int b = a++; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3025'),
    ('float v < int a = 1; int b = (a = 2); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float v < int a = 1; int b[2] = ++a; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3025'),
    ('float g2 = 1;\nfloat v < int b = ++g2; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3025'),
    ('float v < int b = ++undeclared; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v < int a = 1; int b = -a + ++a; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3025'),
    ('float v < int a = 1; int b = ++a + undeclared; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float v < int a = 1; int b = ++a; int c = undeclared; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3025'),
    ('float v < int a = 1; string b = ++a; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3025'),
    ('static const int b = 123;\nfloat v < PixelShader a = b; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < texture a = b; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3017'),
    ('static const float4 b = 1;\nfloat v < VertexShader a = b; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const string b = "s";\nfloat v < int a = b; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < string a = b; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < string a = b; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < PixelShader a = b + 1; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < PixelShader a = -b; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3017'),
    ('static const int b = 123;\nfloat v < sampler a = b; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3017'),
    ('static const float2 b = 1;\nfloat v < float3 a = b; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int b = 1;\nfloat v < PixelShader a = (b); >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3017'),
    ('\nfloat v < float b = max(1); >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3013'),
    ('\nfloat v < float b = max(1); >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3013'),
    ('struct S { int x; };\nfloat v < float b = S(1); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3037'),
    ('struct S { int x; };\nfloat v < float b = S(1); >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3037'),
    ('\nfloat v < float b = 1 + "s"; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3022'),
    ('\nfloat v < float b = float2(1,2).xyz; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('\nfloat v < float b = "s" ? 1 : 2; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('\nfloat v < int b = 1.5 & 2; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3082'),
    ('static const float4 k = 1;\nfloat v < float b = k.w; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('\nfloat v < float4 b = (float2(1,2) + 1).xyzw; >;\ntechnique10 { pass { } }', 'fx_5_0', 0, 'X3018'),
    ('\nfloat v < float b = float3(1,2,3).zyx.w; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('\nfloat v < float3 b = float2(1,2) * 2; >;\ntechnique { pass { } }', 'fx_2_0', 0, 'X3017'),
    ('\nfloat v < float4 b = float4(1,2,3,4).xy; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('technique < row_major min10float3x2 m = {1, 2, 3, 4, 5, 6}; > {}', 'fx_2_0', 0, '-'),
    ('technique < row_major min16int3x2 m = {1, 2, 3, 4, 5, 6}; > { pass {} }', 'fx_2_0', 0, '-'),
]

GLOBAL_MODIFIER_ROWS = [
    ('volatile float f { foo = (sampler)bar; };', 'fx_5_0', 0, 'X3008'),
    ('volatile float f = 1 +;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3008'),
    ('in float2 arr[2] { {}, {} };', 'fx_2_0', 0, 'X3000'),
    ('inline float f { foo = (sampler)bar; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3055'),
    ('volatile float f < int a = undeclared; >;', 'fx_5_0', 0, 'X3008'),
    ('volatile float f : register(c0) = 1 +;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3008'),
    ('precise float f { foo = (sampler)bar; };', 'fx_5_0', 0, 'X3000'),
    ('extern static float f = 1 +;', 'fx_5_0', 0, 'X3007'),
    ('uniform static float f { foo = (sampler)bar; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3007'),
    ('extern groupshared float f = 1 +;', 'fx_5_0', 0, 'X3010'),
    ('nointerpolation linear float f = 1 +;', 'fx_5_0', 0, 'X3048'),
    ('volatile float f[2] = 1 +;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3008'),
]

NULL_AND_ORDER_ROWS = [
    ('Texture3D tex7 = Null;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('Texture3D tex7[2] = {null, NULL};', 'fx_5_0', 0, 'X3004'),
    ('string s = null;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('Texture3D tex7 = null;', 'fx_5_0', 0, 'X3004'),
    ('Texture3D s = sampler_state { foo = float; };', 'fx_5_0', 0, 'X3000'),
    ('Texture3D s = sampler_state { foo = bar(); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float f = sampler_state { foo = ; };', 'fx_2_0', 0, 'X3000'),
    ('int gi;\nsampler sam\n{\n    Filter = (0 ? 1 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3093'),
    ('int gi;\nsampler sam\n{\n    Filter = 1 + (1 ? 1 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3093'),
    ('int gi;\nsampler sam\n{\n    Filter = (1 ? gi : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, '-'),
    ('int gi;\nsampler sam\n{\n    Filter = gi + (1 ? 1 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('int gi;\nsampler sam\n{\n    Filter = float2(1 ? 1 : 2, 3).x;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3093'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~abs(1);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = abs(-1) | 2;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(1 ? 1 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3093'),
    ('texture t1; sampler s { texture = <t1>; MinFilter = Point; }; technique T { pass P { } }', 'fx_2_0', 0, 'X3000'),
    ('texture t1; sampler s { Texture = <t1>; MinFilter = Point; }; technique T { pass P { } }', 'fx_2_0', 0, 'ok'),
]

STATE_VALUE_ROWS = [
    ('float1x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec.w;\n};', 'fx_5_0', 0, 'X3018'),
    ('float4x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec.x;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float1x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._m00;\n};', 'fx_5_0', 0, '-'),
    ('float1x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._m10;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float1x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._14;\n};', 'fx_5_0', 0, '-'),
    ('float1x4 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._21;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float2x2 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._m11_m00;\n};', 'fx_5_0', 0, '-'),
    ('float2x2 vec;\nDepthStencilState dss1\n{\n    RandomField = vec._m22;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[90];\n};', 'fx_5_0', 0, 'X3030'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[3];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3030'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[2];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[-1];\n};', 'fx_5_0', 0, 'X3030'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[1+2];\n};', 'fx_5_0', 0, 'X3030'),
    ('const static float4 v;\nDepthStencilState dss1\n{\n    RandomField = v[4];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3030'),
    ('const static float4x4 m;\nDepthStencilState dss1\n{\n    RandomField = m[4];\n};', 'fx_5_0', 0, 'X3030'),
]

MUTANT_ROWS = [
    ('float v < float b = (1 + float2(1,2)).xyz; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float v < float b = (float2(1,2) + float3(1,2,3)).z; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float v < float b = (float2(1,2) * float1(2)).y; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < float b = (float1(2) * float3(1,2,3)).z; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < float b = (1 ? float2(1,2) : 3).y; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < float b = (float2(1,2) && float3(1,2,3)).z; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float v < float b = (-float2(1,2)).z; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('const static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[0];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static float4 arr[3];\nDepthStencilState dss1\n{\n    RandomField = arr[3];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('const static float2x3 m;\nDepthStencilState dss1\n{\n    RandomField = m[2];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3030'),
    ('\nfloat v < int a = 1; int b = sin(1) + ++a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('\nfloat v < int a = 1; int b = foo() + ++a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('static const float3 k = 1;\nfloat v < float3 a = k; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static const float k = 1;\nfloat v < float3 a = k; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
]

OBJECT_ROWS = [
    ('technique11 { pass { SetBlendState(NULL, float4(5, 6, 7, 1e40), 0xf0); SetDepthStencilState(NULL, -1e40); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'AB_BlendFactor', 0, 1, '[(1, 5.0), (1, 6.0), (1, 7.0), (1, inf)]')", "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 240)]')", "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'DS_StencilRef', 0, 1, '[(1, -inf)]')", "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')"]),
    ('SamplerState s { MaxLOD = 1e39; MipLODBias = -1e40; };', 'fx_5_0', ["('object', 's', 'SamplerState', 0, 'Sampler', None, 4294967295, ())", "('state', 's', 0, 'MaxLOD', 0, 1, '[(1, inf)]')", "('state', 's', 0, 'MipLODBias', 0, 1, '[(1, -inf)]')"]),
    ('struct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), NULL);', 'fx_5_0', ["('object', 'g_m', 'GeometryShader', 0, 'GeometryShaderSO', None, 4294967295, ())", "('shader', 'g_m', 0, ('shader', True, (), 0, ()))"]),
    ('struct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique11 { pass { SetGeometryShader(ConstructGSWithSO(CompileShader(gs_4_0, GSm()), NULL)); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'GeometryShader', 0, 7, ('shader', True, (), 0, ()))"]),
    ('struct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xy", NULL, NULL, NULL, 0);', 'fx_5_0', ["('object', 'g_m', 'GeometryShader', 0, 'GeometryShader5', None, 4294967295, ())", "('shader', 'g_m', 0, ('shader', True, ('SV_Position.xy', '', '', ''), 0, ()))"]),
    ('technique11 { pass { SetBlendState(NULL, bool4(5, 6, 0, 8), 0xf0); SetDepthStencilState(NULL, bool(-3)); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'AB_BlendFactor', 0, 1, '[(4, 1), (4, 1), (4, 0), (4, 1)]')", "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 240)]')", "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'DS_StencilRef', 0, 1, '[(4, 1)]')", "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')"]),
    ('BlendState b { BlendEnable[0] = bool(5); RenderTargetWriteMask[0] = bool(3); };', 'fx_5_0', ["('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('state', 'b', 0, 'BlendEnable', 0, 1, '[(4, 1)]')", "('state', 'b', 0, 'RenderTargetWriteMask', 0, 1, '[(4, 1)]')"]),
    ('technique11 { pass { SetDepthStencilState(NULL, (int)-5.5); SetBlendState(NULL, (float4)-5, (float)-2); } }', 'fx_5_0', ["('pass', None, None, None)", '(\'pass state\', None, None, \'DS_StencilRef\', 0, 6, \'b"DXBC\\\\x92\\\\xee\\\\x17\\\'\\\\x10U\\\\xd7\\\\xcb\\\\x07\\\\x14\\\\n_sYzq\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\xfb\\\\xff\\\\xff\\\\xff\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00"\')', "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, "b\'DXBC$\\\\x18\\\\xf0ge6j\\\\xc5\\\\xcf\\\\xb5\\\\x86\\\\xaf\\\\xd4\\\\x8a\\\\xf9\\\\xa0\\\\x01\\\\x00\\\\x00\\\\x000\\\\x01\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xa0\\\\xc0\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC\\\\x90\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', '(\'pass state\', None, None, \'AB_SampleMask\', 0, 6, \'b\\\'DXBC\\\\xa8\\\\x94&\\\\x02\\\\xd35\\\\xed "S@\\\\xb5\\\\x91I\\\\x91\\\\xfe\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\\\'\')', "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')"]),
    ('technique11 { pass { SetBlendState(NULL, (int4)float4(-1.5, 2, 0.5, 4), (bool)5.5); } }', 'fx_5_0', ["('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, "b\'DXBC\\\\x7f\\\\x88\\\\xfc\\\\xa7@\\\\x89\\\\xd7,\\\\x8f\\\\xa5\\\\r\\\\xd9E\\\\xec\\\\xe6\\\\x17\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80\\\\xbf\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80@FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', '(\'pass state\', None, None, \'AB_SampleMask\', 0, 6, "b\'DXBCI\\\\x13~|=\\\\xdb\\\\x16INL%\\\\t.\\\\x1bM\\\\n\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')"]),
    ('technique11 { pass { SetBlendState(NULL, (bool4)float4(5, 0, 2, 1.5), (uint)-5); SetDepthStencilState(NULL, (float2)float2(1,2)); } }', 'fx_5_0', ["('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, \'b\\\'DXBC\\\\xc8\\\\x12\\\\x1f\\\\xb4\\\\xde;\\\\xc5\\\\xea\\\\xeb"h\\\\xd6\\\\xd4\\\\x08~.\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\\\'\')', '(\'pass state\', None, None, \'AB_SampleMask\', 0, 6, \'b"DXBC\\\\x92\\\\xee\\\\x17\\\'\\\\x10U\\\\xd7\\\\xcb\\\\x07\\\\x14\\\\n_sYzq\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\xfb\\\\xff\\\\xff\\\\xff\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00"\')', "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')", '(\'pass state\', None, None, \'DS_StencilRef\', 0, 6, "b\'DXBCI\\\\x13~|=\\\\xdb\\\\x16INL%\\\\t.\\\\x1bM\\\\n\\\\x01\\\\x00\\\\x00\\\\x00\\\\xd0\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00|\\\\x00\\\\x00\\\\x00\\\\x98\\\\x00\\\\x00\\\\x00CTABH\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x1f\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x14\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')"]),
    ('SamplerState s { BorderColor = (float4)1; MaxLOD = (int)2.5; Filter = (uint)21; MipLODBias = (bool)-2; MaxAnisotropy = (float)-3.5; };', 'fx_5_0', ["('object', 's', 'SamplerState', 0, 'Sampler', None, 4294967295, ())", "('state', 's', 0, 'BorderColor', 0, 1, '[(1, 1.0), (1, 1.0), (1, 1.0), (1, 1.0)]')", "('state', 's', 0, 'MaxLOD', 0, 1, '[(2, 2)]')", "('state', 's', 0, 'Filter', 0, 1, '[(3, 21)]')", "('state', 's', 0, 'MipLODBias', 0, 1, '[(4, 1)]')", "('state', 's', 0, 'MaxAnisotropy', 0, 1, '[(1, -3.5)]')"]),
    ('technique11 { pass { SetDepthStencilState(NULL, (int)5.5 + 1); SetBlendState(NULL, -(float4)2, 1); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'DS_StencilRef', 0, 1, '[(2, 6)]')", "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'AB_BlendFactor', 0, 1, '[(1, -2.0), (1, -2.0), (1, -2.0), (1, -2.0)]')", "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(2, 1)]')", "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')"]),
    ('SamplerState s { Filter = ~abs(1); MaxLOD = abs(-1.5); MinLOD = max(1, 2); MipLODBias = sign(-3); MaxAnisotropy = abs(-1) | 2; };', 'fx_5_0', ["('object', 's', 'SamplerState', 0, 'Sampler', None, 4294967295, ())", "('state', 's', 0, 'Filter', 0, 1, '[(2, -2)]')", "('state', 's', 0, 'MaxLOD', 0, 1, '[(1, 1.5)]')", "('state', 's', 0, 'MinLOD', 0, 1, '[(2, 2)]')", "('state', 's', 0, 'MipLODBias', 0, 1, '[(2, -1)]')", "('state', 's', 0, 'MaxAnisotropy', 0, 1, '[(2, 3)]')"]),
    ('technique11 { pass { SetDepthStencilState(NULL, abs(-3)); SetBlendState(NULL, abs(float4(-1, 2, -3, 4)), max(1, 7)); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'DS_StencilRef', 0, 1, '[(2, 3)]')", "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'AB_BlendFactor', 0, 1, '[(1, 1.0), (1, 2.0), (1, 3.0), (1, 4.0)]')", "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(2, 7)]')", "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')"]),
    ('string s_m = NULL; string t = "x";\ntechnique < string a = NULL; > { pass { } }', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=4, pclass=4, name='s_m', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", "Fx2Param(type=Fx2Type(ptype=4, pclass=4, name='t', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x02\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", "Fx2Technique(name=None, annotations=[Fx2Param(type=Fx2Type(ptype=4, pclass=4, name='a', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x03\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)], passes=[Fx2Pass(name=None, annotations=[], states=[])])", "['x']"]),
    ('static const string b = "s";\nfloat v < string a = b; >;\ntechnique < string c = b; > { pass { } }', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=3, pclass=0, name='v', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\x00\\x00', flags=0, annotations=[Fx2Param(type=Fx2Type(ptype=4, pclass=4, name='a', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)], sampler_states=None)", "Fx2Technique(name=None, annotations=[Fx2Param(type=Fx2Type(ptype=4, pclass=4, name='c', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x02\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)], passes=[Fx2Pass(name=None, annotations=[], states=[])])", "['s', 's']"]),
    ('static const string b = "s";\nfloat v < string a = b; >;\ntechnique11 < string c = b; > { pass { } }', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'v', 0, 'float', 0, None, None)", "('pass', None, None, None)"]),
]


@pytest.mark.parametrize("src,target,flags,expected", COMPILE_ORDER_ROWS + STATE_NAME_ROWS + ANNOTATION_ROWS +
                         GLOBAL_MODIFIER_ROWS + NULL_AND_ORDER_ROWS + STATE_VALUE_ROWS + MUTANT_ROWS)
def test_fxc_verdict(src: str, target: str, flags: int, expected: str) -> None:
    got = mutant_verdict(src, target, flags)
    assert _agrees(got, expected), f"{target}: ours {got}, fxc {expected}"


@pytest.mark.parametrize("src,target,facts", OBJECT_ROWS)
def test_fxc_object_facts(src: str, target: str, facts: list) -> None:
    data = src.encode()
    blob = dc.D3DCompile(data, len(data), None, None, None, None, target, 0, 0)
    assert binary_facts(bytes(blob.GetBufferPointer()), target) == facts
