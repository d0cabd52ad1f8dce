"""fxc's rules found by round 12 of the effect mutants (issue 15, session 49, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 49, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX / effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's. The disagreements were found by ``python -m
pyd3d11.tools.effect_mutants --binary --salt s48b`` (round 11's unfitted sample) and ``--salt s49``, and each rule's
extent probed in the DLL (about 450 probe programs); one row per rule case:

* ``REDUCED_VALUE_ROWS`` (effects/fxparse._salvage_reduced_values, parse_effects._state_block_entries,
  salvage.salvage_program / _check_state_values): the expressions of a state block that fxc reduced before the
  block's syntax error -- a state function's argument, a value cut short -- are typed by the state-value rules
  first (``SetBlendState(addition(foo, …), p + q, p / q;`` X3013, ``float4(5, 6, 7, NULL, NULL, 0xf0;`` X3017),
  in passes and state blocks at every fx target and at ps_4_0 (``Filter = float2(1, 2).xyz 2;`` X3018);
* ``CONSTRUCT_OBJECT_ROWS`` (check._sb_type): a numeric constructor given NULL or an object (sampler, texture,
  shader, string variable) in a state value is X3017 "cannot convert from 'object type' to 'numeric type'",
  before its component count;
* ``WRITE_OPERAND_ROWS`` (fxparse._check_state_value / _write_error, statecalls.intrinsic_count_error): the operand
  of a ``++`` / ``--`` is typed before the write -- an intrinsic's count (``sin(1, 2)++`` X3013), a constructor's
  (``float4(1,2,3,4,5)++`` X3014), a user function's argument (``++fun(foo)`` of ``fun(float p[2])`` X3017);
* ``GROUP_SEMICOLON_ROWS`` (fxparse._technique_body, parse_effects.parse_technique): a technique inside an
  ``fxgroup`` takes no ``;`` after its ``}`` (X3000); a top-level technique or group may;
* ``INLINE_KIND_ROWS`` (fxcompile._compile_shader): a pass's inline shader of another kind is refused once it
  compiled -- its own errors first (``PixelShader = compile gs_4_0 fun();`` X3514, ``compile vs_4_0_level_9_1``
  of an sv_target output X4502);
* ``ANNOTATION_BRACE_ROWS`` (effects/fxannot._typed_items): an annotation's brace items are typed as fxc reduces
  them, in order (``{1, ~float2(2, 3), 4}`` X3082, ``{1, -"s", 2, 3}`` X3022, ``{~1.5, undeclared}`` X3082 but
  ``{undeclared, ~1.5}`` X3004), at every fx target and at ps_4_0;
* ``CALL_CONVERSION_ROWS`` (sbops.argument_conversion_error, compileargs.call_conversion_error): a user
  function's call in a state value converts its arguments in order to the parameters of the function's last
  declaration before its count: NULL or a string for a number is X3017;
* ``COMPILE_WRITE_ROWS`` (fxparse._check_compile_argument_names): a write in a global compile's arguments is X3025
  where it stands, before later names and the uniform count;
* ``PASS_SCOPE_ROWS`` (parse_stmts.parse_block's ``close``, check._sb_local): a technique's pass after a function
  sees none of the function's parameters (``p.xyzw.x`` is the state constant's X3018);
* ``BRACE_ONE_ROWS`` (fxcompile._numeric_value): a state object's value in braces of one item is the item, a named
  value too (``DepthEnable = {TRUE};``, ``{{TRUE}}``, ``FillMode = {WIREFRAME};`` compile; two items are refused);
* ``BUFFER_OBJECT_ROWS`` (fxcompile._left_out): a cbuffer's or tbuffer's member of an object kind the target
  leaves out (a compute / hull / domain shader, a UAV at fx_4_x) is left out as such a global is, no "Only numeric
  variables" error; a kind the effect keeps stays refused;
* ``OPEN_ROWS``: found, not built (strict xfails).
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict


def _agrees(got: str, expected: str) -> bool:
    """fxc's numberless effect-compiler error ("-") is met by any refusal (tools.effect_mutants.judge)."""
    return got == expected or expected == "-" and got != "ok"

REDUCED_VALUE_ROWS = [
    ('float4 addition(float4 a, float4 b) { return a + b; }\ntechnique11 { pass { SetBlendState(addition(foo, float4(0, 0, 0, 0), p + q, p / q); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\ntechnique11 { pass { SetBlendState(addition(foo, float4(0, 0, 0, 0), p + q, p / q); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    SetBlendState(addition(foo, float4(0, 0, 0, 0), p + q, p / q);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    SetBlendState(addition(foo, float4(0, 0, 0, 0), p + q, p / q);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
    ('technique11 { pass { SetBlendState(1-1, float4(5, 6, 7, NULL, NULL, 0xf0); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('technique11 { pass { SetBlendState(1-1, float4(5, 6, 7, NULL, NULL, 0xf0); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('technique11 { pass { SetBlendState(1-1, float4(5, 6, 7, NULL), 0xf0 2); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\ntechnique11 { pass { SetBlendState(NULL, addition(1), 1 +); } }\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3013'),
    ('float4 fun(float p[2]) { return 0; }\ntechnique11 { pass { SetPixelShader(fun(foo); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('technique11 { pass { SetBlendState(NULL, float4(1,2,3,4), 1) 2; } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3000'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = addition(foo, 1, 2) 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = (addition(1)) 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
    ('sampler sam { Filter = float2(1,2).xyz 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('sampler sam { Filter = 1 + "s" 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float4 fun(float p[2]) { return 0; }\nsampler sam { Filter = fun(foo) 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('sampler sam { Filter = float2x2(1,2) 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3014'),
    ('sampler sam { Filter = foo.xyzw.x 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = addition(1, 2) +; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = addition(foo, 1, 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('sampler s = sampler_state { Filter = float2(1,2).xyz 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float4 main() : sv_target { sampler s { Filter = float4(1, NULL) 2; }; return 0; }', 'ps_5_0', 0, 'X3017'),
    ('float4 main() : sv_target { float z = 1; sampler s { Filter = z.xyz 2; }; return 0; }', 'ps_5_0', 0, 'X3018'),
    ('sampler s { Filter = float2(1,2).xyz; };\nfloat x = ;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('sampler s { Filter = float4(1, NULL); };\nfloat4 main() : sv_target { return 0 +; }', 'ps_4_0', 0, 'X3017'),
    ('sampler sam { Filter = max(1) 2; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
]

CONSTRUCT_OBJECT_ROWS = [
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, NULL); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(NULL, 1, 2, 3, 4); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, ss); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, ss); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, ss); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, tx); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, psv); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, st); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float2(1, 2, NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float2x2(1, 2, 3, NULL); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float(NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = int2(NULL, NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, NULL).x; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, "s"); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\nsampler sam { Filter = float4(1, 2, 3, 4); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\ntechnique11 { pass { SetBlendState(NULL, float4(1, 2, 3, NULL), 1); } }', 'fx_5_0', 0, 'X3017'),
    ('SamplerState ss; Texture2D tx; PixelShader psv; string st = "a";\ntechnique11 { pass { SetBlendState(NULL, float4(1, ss), 1); } }', 'fx_5_0', 0, 'X3017'),
]

WRITE_OPERAND_ROWS = [
    ('sampler sam { Filter = sin(1, 2)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('sampler sam { Filter = sin(1, 2)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3013'),
    ('float f { foo = max(1)++; };', 'fx_5_0', 0, 'X3013'),
    ('sampler sam { Filter = float4(1,2,3,4,5)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3014'),
    ('sampler sam { Filter = float4(1,2,3,4,5)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3014'),
    ('float4 fun(float p[2]) { return 0; }\nsampler sam { Filter = ++fun(foo); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 fun(float p[2]) { return 0; }\nsampler sam { Filter = ++fun(foo); };\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3017'),
    ('float4 fun(float p[2]) { return 0; }\nsampler sam { Filter = fun(1)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = addition(1)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam { Filter = ++addition(1, 2); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('sampler sam { Filter = float4(1, 2, 3, 4)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('sampler sam { Filter = ++sin(1); };\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3025'),
    ('sampler sam { Filter = sin(1, 2)++; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
]

GROUP_SEMICOLON_ROWS = [
    ('fxgroup g { technique10 { pass { VertexShader = NULL; } }; }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3000'),
    ('fxgroup g { technique11 t { pass { VertexShader = NULL; } }; technique11 u { pass { VertexShader = NULL; } } }\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3000'),
    ('fxgroup g { technique11 t { pass { VertexShader = NULL; } } ; }\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3000'),
    ('fxgroup g { technique11 t { pass { VertexShader = NULL; } } };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'ok'),
    ('technique11 t { pass { VertexShader = NULL; } };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'ok'),
    ('technique10 t { pass { VertexShader = NULL; } };;\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'ok'),
    ('technique11 t { pass { VertexShader = NULL; }; }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3000'),
    ('fxgroup g { technique11 t { pass { VertexShader = NULL; } }; }\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'X3000'),
    ('fxgroup g { technique11 t { pass { VertexShader = NULL; } } };\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'ok'),
    ('technique t { pass { VertexShader = NULL; } };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'ok'),
]

INLINE_KIND_ROWS = [
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { PixelShader = compile gs_4_0 fun(); } }', 'fx_5_0', 0, 'X3514'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { PixelShader = compile gs_4_0 fun(); } }', 'fx_4_1', 0, 'X3514'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { PixelShader = compile vs_4_0 vsf(); } }', 'fx_5_0', 0, '-'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { PixelShader = compile vs_4_0_level_9_1 fun(); } }', 'fx_4_0', 0, 'X4502'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { VertexShader = compile ps_4_0 fun(); } }', 'fx_4_0', 0, '-'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { SetPixelShader(CompileShader(vs_4_0, vsf())); } }', 'fx_5_0', 0, '-'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { SetGeometryShader(CompileShader(vs_4_0, vsf())); } }', 'fx_4_0', 0, '-'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { SetPixelShader(CompileShader(gs_4_0, fun())); } }', 'fx_5_0', 0, 'X3514'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { GeometryShader = compile vs_4_0 fun(); } }', 'fx_5_0', 0, 'X4502'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { PixelShader = compile vs_4_0 fun(nothere); } }', 'fx_4_0', 0, 'X3013'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\ntechnique10 T { pass P { VertexShader = compile ps_4_0 vsf(); } }', 'fx_5_0', 0, 'X4502'),
    ('float4 fun(float4 a : COLOR0) : sv_target { return a; }\nfloat4 vsf(float4 a : POSITION) : SV_Position { return a; }\nVertexShader p = compile vs_4_0_level_9_1 fun();', 'fx_5_0', 0, 'X4502'),
]

ANNOTATION_BRACE_ROWS = [
    ('technique < float4 a = {1, ~float2(2, 3), 4}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('technique < float4 a = {1, ~float2(2, 3), 4}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3082'),
    ('technique < float4 a = {1, ~float2(2, 3), 4}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3082'),
    ('technique < float4 a = {1, ~float2(2, 3), 4}; > {}\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('technique < float4 a = {1, ~1.5, 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3082'),
    ('technique < float4 a = {1, -"s", 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3022'),
    ('technique < float4 a = {1, float2(1,2).xyz, 2}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3018'),
    ('technique < float4 a = {1, float2(1,2).xyz, 2}; > {}\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('technique < float4 a = {1, max(1), 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3013'),
    ('technique < float4 a = {1, max(1), 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('technique < float4 a = {{1, ~1.5}, 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('technique < float4 a = {1, 1 + "s", 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('technique < float4 a = {~1.5, undeclared, 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('technique < float4 a = {~1.5, undeclared, 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3082'),
    ('technique < float4 a = {undeclared, ~1.5, 2, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3004'),
    ('technique < float4 a = {1, ~2, 3, 4}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'ok'),
    ('technique < float4 a = {1, float2(1, 2) + 1, 3}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'ok'),
    ('float4 g < float4 a = {1, ~float2(2, 3), 4}; >;\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3082'),
    ('float4 g < float4 a = {1, ~float2(2, 3), 4}; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('technique < float a[2] = {1, ~1.5}; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3082'),
]

CALL_CONVERSION_ROWS = [
    ('float4 ovx(Texture2D t, float b) { return b; }\nfloat4 ovx(float a) { return a; }\nsampler sam { Filter = ovx(NULL, 1, 2); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 ovx(Texture2D t, float b) { return b; }\nfloat4 ovx(float a) { return a; }\nsampler sam { Filter = ovx(NULL, 1, 2); };', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(foo, NULL, p + q, p / q); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(foo, NULL, p + q, p / q); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(foo, NULL, p + q, p / q); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(NULL); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, 2, NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition("s", 1, 2); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, "s", 2); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, 2, 3); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(NULL, 1); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(NULL, 1); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = ov(NULL, 1, 2); };\nfloat4 main() : sv_target { return 0; }', 'fx_4_1', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = ov(NULL, 1, 2); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = ov(NULL); };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, 2, "s"); };\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3013'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, NULL, 3)++; };\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nfloat4 ov(float a) { return a; }\nfloat4 ov(float2 a, float b) { return a.x; }\nsampler sam { Filter = addition(1, NULL, 3)++; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    SetBlendState(addition(foo, NULL, p + q, p / q);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_4_0', 0, 'X3017'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\ntechnique11 { pass { SetBlendState(NULL, addition(NULL, 1), 1); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
]

COMPILE_WRITE_ROWS = [
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(++aa, bb));', 'fx_5_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(++aa, bb));', 'fx_2_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(aa, ++bb));', 'fx_4_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(nothere, ++aa));', 'fx_5_0', 0, 'X3004'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(++aa, nothere));', 'fx_4_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(++aa, nothere));', 'fx_2_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(aa = 1, bb));', 'fx_5_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(++aa));', 'fx_4_1', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(aa, bb--, 3));', 'fx_2_0', 0, 'X3025'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\nPixelShader ps1 = CompileShader(ps_2_0, main(aa, bb));', 'fx_5_0', 0, 'X3013'),
    ('float aa, bb;\nfloat4 main(uniform float a, float b) : sv_target { return a; }\ntechnique10 { pass { PixelShader = compile ps_4_0 main(++aa, bb); } }', 'fx_4_0', 0, 'X3025'),
]

PASS_SCOPE_ROWS = [
    ('float4 fun(float4 p) { return p; }\ntechnique11 { pass { Foo = p.xyzw.x; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float4 fun(float4 p) { return p; }\ntechnique11 { pass { Foo = p.xyzw.x; } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3018'),
    ('float4 fun(float4 p) { return p; }\ntechnique11 { pass { Foo = p.x; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float4 fun(float2 p) { return p.x; }\ntechnique11 { pass { Foo = p + "s"; } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float4 main() : sv_target { float4 z = 1; sampler s { Filter = z.xyzw.x; }; return 0; }', 'ps_5_0', 0, 'ok'),
]

BRACE_ONE_ROWS = [
    ('DepthStencilState d { DepthEnable = {TRUE}; };\ntechnique10 { pass { } }', 'fx_5_0', 0, 'ok'),
    ('DepthStencilState d { DepthEnable = {{TRUE}}; };\ntechnique10 { pass { } }', 'fx_4_0', 0, 'ok'),
    ('RasterizerState r { FillMode = {WIREFRAME}; };\ntechnique10 { pass { } }', 'fx_5_0', 0, 'ok'),
    ('DepthStencilState d { DepthEnable = {TRUE, FALSE}; };\ntechnique10 { pass { } }', 'fx_5_0', 0, '-'),
]

BUFFER_OBJECT_ROWS = [
    ('tbuffer tb_t { ComputeShader cs; float4 f; };\ntechnique10 { pass { } }', 'fx_4_1', 0, 'ok'),
    ('cbuffer cb_t { HullShader hs; float4 f; };\ntechnique10 { pass { } }', 'fx_4_0', 0, 'ok'),
    ('cbuffer cb_t { RWTexture2D<float4> rw; };\ntechnique10 { pass { } }', 'fx_4_0', 0, 'ok'),
    ('tbuffer tb_t { PixelShader ps; };\ntechnique10 { pass { } }', 'fx_4_1', 0, '-'),
    ('tbuffer tb_t { ComputeShader cs; };\ntechnique11 { pass { } }', 'fx_5_0', 0, '-'),
]

OPEN_ROWS = [
    # met on main in session 49 by another helper's rule: a struct missing its `;` declares a variable
    ('struct S { float a; }\nS s;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3003'),
    pytest.param('float4 fun(float p[2]) { return 0; }\ntechnique11 { pass { SetBlendState(NULL, p + 1, 1); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3517',
                 marks=pytest.mark.xfail(strict=True, reason="open: a pass value naming a function's parameter is fxc's FXLVM X3517 'undefined variable'; the blend-factor's 'not a literal' here")),
    pytest.param('technique < int float = 0; float float = 1.0; > {}\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3000',
                 marks=pytest.mark.xfail(strict=True, reason="open: an annotation named with a type word makes the word an identifier, so `float float` is X3000 'unrecognized identifier'; X3003 here")),
    pytest.param('float4 main() : sv_target { return 0; }\nDepthStencilState dss1\n{\n    RandomField = foobar.y;\n};\nstring s_m = 1;', 'fx_5_0', 0, 'X3018',
                 marks=pytest.mark.xfail(strict=True, reason="open: a state value's type error (X3018) before a later string global's initialiser X3017 (source order of the two checks)")),
    pytest.param('Texture tex1[2];\ntechnique\n{\n}', 'fx_2_0', 0, '-',
                 marks=pytest.mark.xfail(strict=True, reason="open: fx_2_0 refuses a texture array (D3DX 'Arrays must be either numeric, structure, string or shader'); compiled here")),
]


@pytest.mark.parametrize("src,target,flags,expected", REDUCED_VALUE_ROWS + CONSTRUCT_OBJECT_ROWS + WRITE_OPERAND_ROWS + GROUP_SEMICOLON_ROWS + INLINE_KIND_ROWS + ANNOTATION_BRACE_ROWS + CALL_CONVERSION_ROWS + COMPILE_WRITE_ROWS + PASS_SCOPE_ROWS + BRACE_ONE_ROWS + BUFFER_OBJECT_ROWS + OPEN_ROWS)
def test_fxc_verdict(src: str, target: str, flags: int, expected: str) -> None:
    got = mutant_verdict(src, target, flags)
    assert _agrees(got, expected), f"{target}: ours {got}, fxc {expected}"
