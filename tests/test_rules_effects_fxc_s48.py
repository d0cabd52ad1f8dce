"""fxc's rules found by round 11 of the effect mutants (issue 15, session 48, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 48, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX / effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's; ``OBJECT_ROWS`` hold the facts of fxc's own
objects. The disagreements were found by ``python -m pyd3d11.tools.effect_mutants --binary --salt s48`` (and
``--salt s47``) and each rule's extent probed in the DLL (about 1,000 probe programs); one row per rule case:

* ``STATE_WORD_ROWS`` (parse_effects.state_word, parse_exprs.parse_primary, parser.PASS_REFUSED_WORDS): inside a
  state value the object, shader and texture words (``sampler``, ``texture``, ``Texture2D``, ``RWBuffer``,
  ``pixelshader``, ``TriangleStream``, ``stateblock``, ``geometryshader``, ``linear``) are names, as they are
  state names (``sampler + 1`` compiles, ``++sampler`` X3025, ``sampler[0]`` X3121, ``sampler(1)`` X3004); the
  other keywords of fxc's lexer are X3000 there and as any operand (``return pass + 1;``); ``TriangleStream`` is a
  state name, ``line`` / ``lineadj`` / ``triangleadj`` are not;
* ``REDUCED_WRITE_ROWS`` (sbwrites.py): a write fxc reduced before a state block's syntax error, or before a later
  entry's parse-time error, is X3025;
* ``REDUCTION_ORDER_ROWS`` (effects/fxparse.py _reduction_order): a state value's call and write errors in the
  order fxc reduces them (``--bar()`` X3004, ``bar(++x)`` X3025);
* ``OBJECT_INIT_ROWS`` (effects/fxobjnames.py, fxfuncs, initshape, objinit, shaderobj.declared_variables): an
  effect object's initialiser names only what is declared above it (X3004, ``null`` too), a texture's, sampler's or
  string's value is typed as at the shader targets (X3017 / X3011; ``sampler s = s;`` X3011), a cbuffer's shader
  member is a name (X3011), a struct holding objects counts its initialiser (X3017) and types its compiles;
* ``PASS_NAME_ROWS`` (fxcompile): two passes of one name in a technique the effect keeps;
* ``STRING_CAST_ROWS`` (sbcasts.py, check._sb_type): a string cast or constructed to a number in a state value is
  X3017, a string literal an operator's operand X3022 (``SetPixelShader(-"s")`` was a raw TypeError), a cast to an
  object type a conversion (``(string)1``, ``(BlendState)1`` X3017; ``(BlendState)NULL`` compiles);
* ``BOOL_STEP_ROWS`` (exprs._no_bool_lvalue): ``++`` / ``--`` of a bool that is no l-value is X3025 before X3020;
* ``TRAILING_WORD_ROWS`` (parse_effects.trailing_value_word): a state value of one integer literal may be followed
  by one name (``MaxAnisotropy = 1ll;``);
* ``STRING_BRACE_ROWS`` (nullvalue.null_or_string): a numeric brace list's string item is read as a NULL item;
* ``COMPILE_ORDER_ROWS`` (compileargs.py, parse_effects.check_compile_call, fxparse): a compile's string / NULL
  argument X3017 before the uniform count, argument names X3004 before the profile's X3041 outside a state block,
  the count X3013 before a compile of another shader kind's X3017;
* ``ARRAY_DIM_ROWS`` (parse_types.parse_array_suffix): an array dimension's range (X3059) is judged at its ``]``;
* ``MIN_PRECISION_ROWS`` (fxcompile._numeric_value): a minimum-precision constructor or cast in a pass state is
  X3703, in a state object's block no literal;
* ``OPEN_ROWS``: found, not built (strict xfails);
* ``OBJECT_ROWS``: NULL in every fx_5_0 state slot and object variable (facts equal), a string item's brace list.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.tools.effect_mutants import binary_facts


def _agrees(got: str, expected: str) -> bool:
    """fxc's numberless effect-compiler error ("-") is met by any refusal (tools.effect_mutants.judge)."""
    return got == expected or expected == "-" and got != "ok"


STATE_WORD_ROWS = [
    ('sampler sam { Filter = ++sampler; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = sampler[0]; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    ('sampler sam { Filter = texture + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam { Filter = RWBuffer + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam { Filter = TriangleStream + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam { Filter = stateblock + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler sam { Filter = sampler2D + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = PointStream + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = compile + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = CompileShader + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = String + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = lineadj + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = float + 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = (sampler)2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = Texture2D[0]; };', 'fx_4_0', 0, 'X3121'),
    ('technique10 { pass { Filter = ++Texture3D; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler s = sampler_state { Filter = Texture2D[0]; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    ('technique11 { pass { SetPixelShader(++sampler); } }', 'fx_5_0', 0, 'X3025'),
    ('sampler sam { Filter = {++texture, 1}; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('technique { pass { MinFilter[0] = ++TEXTURE; } }', 'fx_2_0', 0, 'X3025'),
    ('technique10 { pass { TriangleStream = 1; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('technique10 { pass { line = 1; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler s = sampler_state { triangleadj = 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target { return pass + 1; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target { return PixelShader + 1; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target { return CompileShader + 1; }', 'ps_4_0', 0, 'X3000'),
]

REDUCED_WRITE_ROWS = [
    ('sampler sam { Filter = (++foo)2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = foo++ 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = (--foo) +; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = (++foo; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = {(++foo) 2}; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = (-foo)2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler sam { Filter = (--foo) +; };', 'fx_5_0', 0, 'X3025'),
    ('sampler sam { Filter = {(++foo) 2}; };', 'fx_5_0', 0, 'X3025'),
    ('technique { pass { MinFilter[0] = ++foo +; } }', 'fx_2_0', 0, 'X3025'),
    ('technique11 { pass { SetPixelShader(foo++ 2); } }', 'fx_5_0', 0, 'X3025'),
    ('technique11 { pass { SetPixelShader((-foo)2); } }', 'fx_5_0', 0, 'X3000'),
    ('float4 main() : sv_target { float zero = 0; float b { foo = zero++ +; }; return 0; }', 'fx_5_0', 0, 'X3000'),
    ('sampler sam { Filter = ++foo; MinLOD = 1 +; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = ++foo; SetFoo(1); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam { Filter = ++foo; Other = bar(); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
]

REDUCTION_ORDER_ROWS = [
    ('float f { foo = --bar(); };', 'fx_5_0', 0, 'X3004'),
    ('float f { foo = --bar(); };\ntechnique { pass {} }', 'fx_2_0', 0, 'X3004'),
    ('float f { foo = bar(++x); };', 'fx_5_0', 0, 'X3025'),
    ('technique11 { pass { SetPixelShader(--bar()); } }', 'fx_5_0', 0, 'X3004'),
    ('float f { foo = (x = bar()); };', 'fx_5_0', 0, 'X3004'),
    ('float f { foo = bar() + ++x; };', 'fx_5_0', 0, 'X3004'),
    ('float f { foo = {--bar(), 1}; };', 'fx_5_0', 0, 'X3004'),
]

OBJECT_INIT_ROWS = [
    ('PixelShader p = null;', 'fx_5_0', 0, 'X3004'),
    ('SamplerState s = null;\ntechnique { pass {} }', 'fx_2_0', 0, 'X3004'),
    ('SamplerState s = foo;', 'fx_5_0', 0, 'X3004'),
    ('Texture2D t[2] = {NULL, foo};', 'fx_5_0', 0, 'X3004'),
    ('Texture2D t = (Texture2D)foo;', 'fx_5_0', 0, 'X3004'),
    ('Texture2D t = q; Texture2D q;', 'fx_5_0', 0, 'X3004'),
    ('PixelShader p = q; PixelShader q;', 'fx_5_0', 0, 'X3004'),
    ('Texture2D t = foo; float a; float a;', 'fx_5_0', 0, 'X3004'),
    ('sampler s = foo + 1;\ntechnique { pass {} }', 'fx_2_0', 0, 'X3004'),
    ('Texture2D t = sin(1);', 'fx_5_0', 0, 'X3017'),
    ('float4 f() { return 0; } Texture2D t = f();', 'fx_5_0', 0, 'X3017'),
    ('static const float K = 1; Texture2D t = K;', 'fx_5_0', 0, 'X3017'),
    ('Texture2D q; Texture2D t = q;', 'fx_5_0', 0, 'X3011'),
    ('Texture2D q; Texture3D t = q;', 'fx_5_0', 0, 'X3017'),
    ('string q = "a"; string s = q;', 'fx_4_0', 0, 'X3011'),
    ('sampler t = sin(1);\ntechnique { pass {} }', 'fx_2_0', 0, 'X3017'),
    ('sampler s = s;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3011'),
    ('Texture2D t = (Texture2D)0;', 'fx_5_0', 0, 'X3017'),
    ('Texture2D t = (Texture2D)1.5;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 main() : sv_target { return 0; }\ntbuffer tb_t\n{\n    PixelShader ps1 = CompileShader(ps_2_0, main());\n};\nPixelShader ps2 = ps1;', 'fx_5_0', 0, 'X3011'),
    ('float4 main() : sv_target { return 0; }\nPixelShader ps1 = CompileShader(ps_2_0, main());\ntbuffer tb_t\n{\n    PixelShader ps2 = ps1;\n};', 'fx_4_0', 0, 'X3011'),
    ('float4 main() : sv_target { return 0; }\ncbuffer tb_t\n{\n    PixelShader ps1 = CompileShader(ps_2_0, main());\n};\nPixelShader ps2 = ps1;', 'ps_4_0', 0, 'X3011'),
    ('cbuffer tb_t\n{\n    VertexShader vs;\n};\nPixelShader ps2 = vs;', 'fx_5_0', 0, 'X3017'),
    ('float f;\nfloat4 foo(uniform float r) : sv_target { return r; }\nstruct apple\n{\n    float4 f;\n    PixelShader ps[2];\n} a = {1, 2, 3, 4, compile ps_4_0 foo(f * f)};', 'fx_5_0', 0, 'X3017'),
    ('float f;\nfloat4 foo(uniform float r) : sv_target { return r; }\nstruct apple\n{\n    float4 f;\n    PixelShader ps;\n} a = {1, 2, 3, 4, compile ps_4_0 foo(~f * f)};', 'fx_4_0', 0, 'X3082'),
    ('struct s\n{\n    Texture t;\n    float4 f;\n};\ns var = {0};\ntechnique {}', 'fx_2_0', 0, 'X3017'),
    ('struct s { Texture2D t; float4 f; };\ns var = {NULL, 1, 2, 3, 4};', 'fx_5_0', 0, '-'),
    ('struct s { Texture2D t; float4 f; };\ns var[2] = {NULL, 1, 2, 3, 4};', 'fx_5_0', 0, 'X3017'),
    ('struct s { Texture2D t; float4 f; };\ns var = {NULL, 1, 2, 3, foo};', 'fx_5_0', 0, 'X3004'),
    ('struct s { string t; float f; };\ns var = {"a"};', 'fx_4_0', 0, 'X3017'),
]

PASS_NAME_ROWS = [
    ('technique10 T0 { pass P0 { } pass P0 { } }', 'fx_4_0', 0, '-'),
    ('technique11 T0 { pass P0 { } pass P0 { } }', 'fx_5_0', 0, '-'),
    ('technique11 T0 { pass P0 { } pass p0 { } }', 'fx_5_0', 0, 'ok'),
    ('technique11 T0 { pass P0 { } } technique11 T1 { pass P0 { } }', 'fx_5_0', 0, 'ok'),
    ('technique11 T0 { pass P0 { } pass P0 { } }', 'fx_4_0', 0, 'ok'),
    ('technique T0 { pass P0 { } pass P1 { } pass P0 { } }', 'fx_2_0', 0, 'ok'),
    ('fxgroup g { technique11 T0 { pass P0 { } pass P0 { } } }', 'fx_5_0', 0, '-'),
    ('technique10 T0 { pass P0 { } pass P0 { } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
]

STRING_CAST_ROWS = [
    ('sampler sam { Filter = (int)"s"; };', 'fx_5_0', 0, 'X3017'),
    ('sampler sam { Filter = (int)"s"; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('sampler sam { Filter = (int2)"s"; };', 'fx_5_0', 0, 'X3017'),
    ('sampler sam { Filter = int("s"); };', 'fx_5_0', 0, 'X3017'),
    ('technique { pass { foo = (int)"s"; } }', 'fx_2_0', 0, 'X3017'),
    ('float4 main() : sv_target { float b { foo = (int)"s"; }; return 0; }', 'ps_4_0', 0, 'X3017'),
    ('sampler sam { Filter = undeclaredfn() + (int)"s"; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('technique11 { pass { SetPixelShader(-"s"); } }', 'fx_5_0', 0, 'X3022'),
    ('technique11 { pass { SetPixelShader("s"-1); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('sampler s { foo = (string)1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('sampler s { foo = (BlendState)1; };', 'fx_5_0', 0, 'X3017'),
    ('sampler s { foo = (BlendState)NULL; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler s { foo = (string)"s"; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
]

BOOL_STEP_ROWS = [
    ('bool var4 = --true;\ntechnique { pass {} }', 'fx_2_0', 0, 'X3025'),
    ('float4 main() : sv_target { bool b = true++; return 0; }', 'ps_4_0', 0, 'X3025'),
    ('static const bool k = true;\nfloat4 main() : sv_target { bool b = --k; return 0; }', 'ps_4_0', 0, 'X3025'),
    ('bool g;\nfloat4 main() : sv_target { bool b = --g; return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float4 main() : sv_target { bool b = true; --b; return 0; }', 'ps_4_0', 0, 'X3020'),
    ('float4 main() : sv_target { bool b = (true += 1); return 0; }', 'ps_4_0', 0, 'X3020'),
]

TRAILING_WORD_ROWS = [
    ('float f\n{\n    MaxAnisotropy = 1ll;\n};', 'fx_5_0', 0, 'ok'),
    ('float f { MaxAnisotropy = 1 foo; };\ntechnique { pass {} }', 'fx_2_0', 0, 'ok'),
    ('sampler s { MaxAnisotropy = 0x1 sampler; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('technique10 { pass { MaxAnisotropy = 1u float; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('sampler s { MaxAnisotropy = 1.5 foo; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler s { MaxAnisotropy = 1 foo bar; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler s { MaxAnisotropy = 1 uniform; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('SamplerState s { MaxAnisotropy = 4 foo; };', 'fx_5_0', 0, '-'),
]

STRING_BRACE_ROWS = [
    ('float2 var2 = {0.2f,"s"};\ntechnique { pass {} }', 'fx_2_0', 0, 'ok'),
    ('float2 var2 = {0.2f,"s"};', 'fx_4_1', 0, 'ok'),
    ('float2 var2 = {0.2f,"s"};\nfloat4 main() : sv_target { return var2.xyxy; }', 'ps_4_0', 0, 'ok'),
    ('float2 var2 = {1, 2, "s"};', 'fx_5_0', 0, 'X3017'),
    ('float2 var2 = {1, (float)"s"};', 'fx_5_0', 0, 'X3017'),
]

COMPILE_ORDER_ROWS = [
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun("s", 2, 3); } }', 'fx_4_0', 0, 'X3017'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nPixelShader p = CompileShader(ps_4_0, fun("s", 2, 3));', 'fx_4_0', 0, 'X3017'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique { pass { PixelShader = compile ps_2_0 fun("s"); } }', 'fx_2_0', 0, 'X3017'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique11 { pass { PixelShader = compile ps_4_0 fun(NULL, 2, 3); } }', 'fx_5_0', 0, 'X3017'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun(1, 2, 3, "s"); } }', 'fx_4_0', 0, 'X3013'),
    ('string q = "x";\nfloat4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nPixelShader p = CompileShader(ps_4_0, fun(q, 2, 3));', 'fx_5_0', 0, 'X3017'),
    ('float4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_6_0, main(foobar));', 'fx_4_0', 0, 'X3004'),
    ('float4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = compile ps_6_0 main(foobar);', 'fx_2_0', 0, 'X3004'),
    ('float4 main(uniform float a) : sv_target { return a; }\nsampler s { foo = CompileShader(ps_6_0, main(foobar)); };', 'fx_5_0', 0, 'X3041'),
    ('float4 main(uniform float a) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_6_0, nomain(1));', 'fx_4_0', 0, 'X3041'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(vs_4_0_level_9_1, main(aa, bb));', 'fx_5_0', 0, 'X3013'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(vs_4_0, main(aa));', 'fx_5_0', 0, 'X3017'),
    ('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun("s", 2, 3, 4); } }', 'fx_4_0', 0, 'X3017'),
]

ARRAY_DIM_ROWS = [
    ('float2 arr[0b1];\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float2 arr[0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float2 arr[0];\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3059'),
]

MIN_PRECISION_ROWS = [
    ('technique11 { pass { SetBlendState(NULL, min16float4(5, 6, 7, 8), 0xf0); } }', 'fx_5_0', 0, 'X3703'),
    ('technique10 { pass { SetDepthStencilState(NULL, 2 + (min16uint)3); } }', 'fx_4_0', 0, 'X3703'),
    ('SamplerState s { MaxLOD = min16float(2); };', 'fx_5_0', 0, '-'),
    ('technique11 { pass { SetBlendState(NULL, half4(5, 6, 7, 8), 0xf0); } }', 'fx_5_0', 0, 'ok'),
]

OPEN_ROWS = [
    # met in session 49 (the salvage types a failed block's reduced expressions: salvage.salvage_program)
    ('sampler sam { Filter = (++foo[0]) 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    pytest.param('string q = "a"; sampler s { foo = (int)q; };', 'fx_5_0', 0, 'X3017',
                 marks=pytest.mark.xfail(strict=True, reason='open: a string variable cast in a state value: X3004 of the unknown state first here')),
    pytest.param('static const float2 k = {1, "s"};', 'fx_5_0', 0, 'ok',
                 marks=pytest.mark.xfail(strict=True, reason="open: a static's brace list with a string item: the code generator counts it")),
    # met in session 49 (statecalls.intrinsic_count_error before the write)
    ('float f { foo = sin(1, 2)++; };', 'fx_5_0', 0, 'X3013'),
    pytest.param('float4 fun(uniform float2x2 a, float4 b, uniform float4 c) : sv_target { return b; }\ntechnique11 { pass { PixelShader = compile ps_4_0 fun(float3(1,2,3), 2, 3); } }', 'fx_5_0', 0, 'X3017',
                 marks=pytest.mark.xfail(strict=True, reason="open: a compile's numeric argument of another shape: the count first here")),
    pytest.param('float4 fun(uniform float4 a, float4 b, uniform float4 c) : sv_target { return a + b + c; }\nfloat4 fun(uniform float a) : sv_target { return a; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun("s", 2, 3); } }', 'fx_4_0', 0, 'X3017',
                 marks=pytest.mark.xfail(strict=True, reason="open: an overloaded function's compile: which overload fxc converts to is not probed to its extent")),
]

OBJECT_ROWS = [
    ('technique11 { pass { VertexShader = NULL; PixelShader = NULL; GeometryShader = NULL; HullShader = NULL; DomainShader = NULL; ComputeShader = NULL; } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'VertexShader', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'PixelShader', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'GeometryShader', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'HullShader', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'DomainShader', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'ComputeShader', 0, 1, '[(2, 0)]')"]),
    ('technique11 { pass { SetBlendState(NULL, float4(0,0,0,0), 0xffffffff); SetDepthStencilState(NULL, 0); SetRasterizerState(NULL); } }', 'fx_5_0', ["('pass', None, None, None)", "('pass state', None, None, 'AB_BlendFactor', 0, 1, '[(1, 0.0), (1, 0.0), (1, 0.0), (1, 0.0)]')", "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 4294967295)]')", "('pass state', None, None, 'BlendState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'DS_StencilRef', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'DepthStencilState', 0, 1, '[(2, 0)]')", "('pass state', None, None, 'RasterizerState', 0, 1, '[(2, 0)]')"]),
    ('SamplerState s { Texture = NULL; Filter = NULL; }; BlendState b { BlendEnable[0] = NULL; }; RasterizerState r { FillMode = NULL; }; DepthStencilState d { DepthEnable = NULL; };', 'fx_5_0', ["('object', 's', 'SamplerState', 0, 'Sampler', None, 4294967295, ())", "('state', 's', 0, 'Texture', 0, 1, '[(2, 0)]')", "('state', 's', 0, 'Filter', 0, 1, '[(2, 0)]')", "('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('state', 'b', 0, 'BlendEnable', 0, 1, '[(2, 0)]')", "('object', 'r', 'RasterizerState', 0, 'Rasterizer', None, 4294967295, ())", "('state', 'r', 0, 'FillMode', 0, 1, '[(2, 0)]')", "('object', 'd', 'DepthStencilState', 0, 'DepthStencil', None, 4294967295, ())", "('state', 'd', 0, 'DepthEnable', 0, 1, '[(2, 0)]')"]),
    ('BlendState b = NULL; RasterizerState r = NULL; DepthStencilState ds = NULL; SamplerState s = NULL; Texture2D t = NULL; Buffer<float4> bf = NULL; RWTexture2D<float4> rw = NULL; PixelShader p[2] = { NULL, NULL };', 'fx_5_0', ["('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('object', 'r', 'RasterizerState', 0, 'Rasterizer', None, 4294967295, ())", "('object', 'ds', 'DepthStencilState', 0, 'DepthStencil', None, 4294967295, ())", "('object', 's', 'SamplerState', 0, 'Sampler', None, 4294967295, ())", "('object', 't', 'Texture2D', 0, 'Texture2D', None, 4294967295, ())", "('object', 'bf', 'Buffer', 0, 'Buffer', None, 4294967295, ())", "('object', 'rw', 'RWTexture2D', 0, 'RWTexture2D', None, 4294967295, ())", "('object', 'p', 'PixelShader', 2, 'PixelShader', None, 4294967295, ())", "('shader', 'p', 0, ('shader', False, (), 0, ()))", "('shader', 'p', 1, ('shader', False, (), 0, ()))"]),
    ('float2 var2 = {0.5f,"s"}; int3 v3 = {1, "abc", 2}; float f1 = {"x"};\ntechnique11 { pass {} }', 'fx_5_0', ["('cbuffer', '$Globals', 32, 0, 4294967295)", "('variable', '$Globals', 'var2', 0, 'float2', 0, None, None)", "('variable', '$Globals', 'v3', 16, 'int3', 0, None, None)", "('variable', '$Globals', 'f1', 28, 'float', 0, None, None)", "('pass', None, None, None)"]),
    ('float2 var2 = {0.5f,"s"}; int3 v3 = {1, "abc", 2};\ntechnique { pass {} }', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=3, pclass=1, name='var2', semantic='', elements=0, rows=1, cols=2, members=[]), value=b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", "Fx2Param(type=Fx2Type(ptype=2, pclass=1, name='v3', semantic='', elements=0, rows=1, cols=3, members=[]), value=b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", 'Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[])])', '[]']),
]


@pytest.mark.parametrize("src,target,flags,expected", STATE_WORD_ROWS + REDUCED_WRITE_ROWS + REDUCTION_ORDER_ROWS + OBJECT_INIT_ROWS + PASS_NAME_ROWS + STRING_CAST_ROWS + BOOL_STEP_ROWS + TRAILING_WORD_ROWS + STRING_BRACE_ROWS + COMPILE_ORDER_ROWS + ARRAY_DIM_ROWS + MIN_PRECISION_ROWS + OPEN_ROWS)
def test_fxc_verdict(src: str, target: str, flags: int, expected: str) -> None:
    got = mutant_verdict(src, target, flags)
    assert _agrees(got, expected), f"{target}: ours {got}, fxc {expected}"


@pytest.mark.parametrize("src,target,facts", OBJECT_ROWS)
def test_fxc_object_facts(src: str, target: str, facts: list) -> None:
    data = src.encode()
    blob = dc.D3DCompile(data, len(data), None, None, None, None, target, 0, 0)
    assert binary_facts(bytes(blob.GetBufferPointer()), target) == facts
