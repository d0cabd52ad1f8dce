"""fxc's rules found by round 9 of the effect mutants (issue 15, session 46, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 46, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's; ``OBJECT_ROWS`` hold the facts of fxc's own
objects. The disagreements were found by ``python -m pyd3d11.tools.effect_mutants --binary --salt s46`` and each
rule's extent probed in the DLL (about 700 probe programs); one row per rule case:

* ``SB_OPERATOR_ROWS`` (shader/hlsl/sbops.py, check._sb_type): a state-block value's operators are typed as in a
  function body, at the shader and the fx targets alike -- ``~`` and the bitwise operators take integers (X3082 for
  a float, a string, an object, a float intrinsic's result), the other operators numbers (X3022 for a string or an
  object), an effect object has no member (X3018) or element (X3121), a condition must be numeric and an object arm
  matches no number (X3020);
* ``SB_VALUE_ROWS`` (check._sb_out_arguments / compile_argument_types, effects/fxparse.py, parse_effects.py): an
  ``out`` / ``inout`` parameter given a state constant is X3025 "out parameters require l-value arguments"; a
  global compile's arguments are typed (``f(~arg)`` X3082, ``f(--arg)`` X3025) before the pass that sets the
  shader; a state function's argument calls an undeclared function (X3004) as a value does; a brace value's write
  is X3025; ``++foobar[2]`` types its operand (X3121) before the write;
* ``ANNOTATION_ROWS`` (effects/fxannot.py judge_annotations / read_annotation_list, parser.py skip_annotations,
  parse_funcs.py, fxparse.py): every annotation list is judged where it stands, against the globals declared so
  far, at every target -- a global's, a buffer's, a technique's and a pass's, a parameter's and a function's (after
  its semantics) at the shader targets too: its syntax, modifiers, names (X3004 for a static const declared below),
  conversions (X3017: a vector of fewer components, an object from a number, a state block for a number), a numeric
  constructor's count (X3014) -- before a later declaration's error;
* ``MISC_ROWS``: a Texture2DMS sample count of 0 as an integer is X3020 (parse_types.py); a state expression may
  not read a tbuffer member (X3546) or a global bound to another register set (X4509) where fxc compiles it as an
  expression (effects/fxcompile.py _check_readable); fx_2_0's TRUE / FALSE only as a whole B state's value
  (fx2compile._shader_constants);
* ``OBJECT_ROWS``: a variable of another scalar type than its pass state (a float stencil reference, an int4 blend
  factor) is an FXLVM expression, its constant table carrying the variable's default value (fxcompile, fxexpr);
  fx_2_0's ``PixelShaderConstantB[0] = TRUE``; fx_2_0 describes a row_major RxC annotation as C rows of R
  (fx2compile._annotations);
* ``OPEN_ROWS``: strict xfails, what is found and not built.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.tools.effect_mutants import binary_facts


def _agrees(got: str, expected: str) -> bool:
    """fxc's numberless effect-compiler error ("-") is met by any refusal (tools.effect_mutants.judge)."""
    return got == expected or expected == "-" and got != "ok"


SB_OPERATOR_ROWS = [
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~1.5;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~true;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = -depth;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = +depth;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = !depth;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = !depth;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~depth;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~depth;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth + 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth & 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = 1.5 & 2;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = 2 & 1.5;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = 2 & 1.5;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = true & 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = float2(1,2) & 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~float2(1,2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~gi;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = g & 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(g + 1);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(gi + 1.5);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(gi * 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = -s;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = s + 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~s;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~fun();\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = fun() & 1;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(1 ? 1.5 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(1, 1.5);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~gv.x;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(float)foo;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth ? 1 : 2;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth[0];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth.x;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = depth.x;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3018'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~sin(1);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~sin(1);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~abs(1);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~max(1, 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('DepthStencilState depth;\nsampler sam { Filter = depth ? 1 : 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('DepthStencilState depth;\nsampler sam { Filter = 1 ? depth : 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('string s = "a";\nsampler sam { Filter = s ? 1 : 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('Texture2D t;\nsampler sam { Filter = t ? 1 : 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('string s = "a";\nsampler sam { Filter = s[0]; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    ('float a[2];\nsampler sam { Filter = a & 1; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float2 v;\nsampler sam { Filter = v ? 1 : 2; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('uint u; \nsampler sam { Filter = ~(u && 1.5); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('\nsampler sam { Filter = ~(true + true); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('\nsampler sam { Filter = ~dot(1, 2); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('\nsampler sam { Filter = ~saturate(1); };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
]

SB_VALUE_ROWS = [
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    cat = ~addition(foo, bar) + p * q;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    cat = ~addition(foo, bar) + p * q;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    cat = addition(foo, bar) + p & q;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float4 addition(float4 a, float4 b) { return a + b; }\nsampler sam\n{\n    cat = addition(foo, bar) + p & q;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('sampler sam\n{\n    RandomField = ++foobar[2];\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3121'),
    ('sampler sam\n{\n    RandomField = ++foobar[2];\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3121'),
    ('sampler sam\n{\n    RandomField = --foobar.y;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('sampler sam\n{\n    RandomField = --foobar.y;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3018'),
    ('sampler sam\n{\n    RandomField = ++foobar;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam\n{\n    RandomField = ++foobar;\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('float4 fun(float a[2]) { return 0; }\nsampler sam\n{\n    cat = fun(+foo);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float4 fun(float a[2]) { return 0; }\nsampler sam\n{\n    cat = fun(+foo);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float4 fun(inout float a, float b) { return 0; }\nsampler sam\n{\n    cat = fun(foo, 1);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float4 fun(inout float a, float b) { return 0; }\nsampler sam\n{\n    cat = fun(foo, 1);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('sampler sam\n{\n    MaxAnisotropy = 3;\n    cat = {1, 2};\n    dogs[3] = {1, {2, {4}}, 3, ++any_identifier};\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('sampler sam\n{\n    MaxAnisotropy = 3;\n    cat = {1, 2};\n    dogs[3] = {1, {2, {4}}, 3, ++any_identifier};\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('int stencil = 1;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(~depth, stencil); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('int stencil = 1;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(~depth, stencil); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float stencil = 1;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(!depth, stencil); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('float stencil = 1;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(!depth, stencil); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3022'),
    ('BlendState bs;\ntechnique11 { pass { SetBlendState(bs, float2x(1, 2, 3, 4), 0xf); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('BlendState bs;\ntechnique11 { pass { SetBlendState(bs, float2x(1, 2, 3, 4), 0xf); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3004'),
    ('BlendState bs;\ntechnique11 { pass { SetBlendState(+bs, float4(1, 2, 3, 4), 0xf); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3022'),
    ('BlendState bs;\ntechnique11 { pass { SetBlendState(+bs, float4(1, 2, 3, 4), 0xf); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3022'),
    ('float4 fun(inout float4 a, float4 b) { return 0; }\nsampler sam\n{\n    SetBlendState(fun(foo, bar), p + q, p / q);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float4 fun(inout float4 a, float4 b) { return 0; }\nsampler sam\n{\n    SetBlendState(fun(foo, bar), p + q, p / q);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(--arg1));\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(--arg1));\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(~arg1));\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(~arg1));\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(~arg1));\ntechnique10 t { pass { SetVertexShader(vs1); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3082'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(~arg1));\ntechnique10 t { pass { SetVertexShader(vs1); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3082'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(--arg1));\ntechnique10 t { pass { SetVertexShader(vs1); } }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('float arg1;\nfloat4 mv(uniform float a) : sv_position { return a; }\nVertexShader vs1 = CompileShader(vs_2_0, mv(--arg1));\ntechnique10 t { pass { SetVertexShader(vs1); } }\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3025'),
    ('sampler sam\n{\n    RandomField = ++foobar[2];\n};\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3121'),
    ('sampler sam\n{\n    MaxAnisotropy = 3;\n    cat = {1, 2};\n    dogs[3] = {1, {2, {4}}, 3, ++any_identifier};\n};\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3025'),
]

ANNOTATION_ROWS = [
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = undefined; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = undefined; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_2_0', 0, 'X3004'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < string s = 1; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a[2] = 1; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < float a = {1,2}; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = 1 + ; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = 1 > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3012'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_2_0', 0, 'X3012'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < float4 a = float4(1,2); > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3014'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = g; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3011'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = sin(1); > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = f(); > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3011'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = c; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < Texture2D t = 1; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = a; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3011'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < float2 a = {1, 2, 3}; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = {"s"}; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int a = 1++; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < string s = NULL; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int i = NULL; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('static const int c = 1;\nfloat g;\nfloat f() { return 1; }\nfloat v < int b = 4294967296; > = 0;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float v < int a = undefined; > = 0;\nfloat4 main() : sv_target { return undef2; }', 'ps_4_0', 0, 'X3004'),
    ('float4 main() : sv_target { return undef2; }\nfloat v < int a = undefined; > = 0;', 'ps_4_0', 0, 'X3004'),
    ('float4 main() : sv_target { return 0; }\nfloat v < int a = undefined; > = 0;\nfloat w = ;', 'ps_4_0', 0, 'X3004'),
    ('float v < int a = 1; > = undef3;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('cbuffer cb < int a = undefined; > { float x; }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('cbuffer cb { float x < int a = undefined; >; }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('Texture2D t < int a = undefined; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('technique t { pass p < int a = undefined; > {} }\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v < int a = 1; >;\nfloat v2 < int a = main(); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v < int a = 1; >;\nfloat v2 < int b = later; >;\nstatic const int later = 1;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v : register(c0) < int a = undefined; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v < int a = undefined; >, w < int b = undefined2; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float v < float a = 1.0 / 0; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < int a = 1.5.x; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < int a = {1,2}; > = undef3;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('cbuffer cb < int a = undefined; > { float x; }\nfloat4 main() : sv_target { return 0; }', 'fx_2_0', 0, 'X3004'),
    ('float v < int a = 1; >;\nfloat v2 < int a = main(); >;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3004'),
    ('float v < int a = 1; >;\nfloat v2 < int b = later; >;\nstatic const int later = 1;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3004'),
    ('float v < int a = 1; float4 b = float4(1, 2, 3, 4, 5); >;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3014'),
    ('float4 main() : sv_target < int a = 1; > { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : sv_target < int a = 1; > { return 0; }', 'fx_5_0', 0, 'ok'),
    ('float4 main() < int a = undefined; > { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float4 main() < int a = undefined; > { return 0; }', 'fx_5_0', 0, 'X3004'),
    ('float4 main(float4 p : TEXCOORD < int a = undefined; >) : sv_target { return p; }', 'ps_4_0', 0, 'X3004'),
    ('float4 main(float4 p : TEXCOORD < int a = undefined; >) : sv_target { return p; }', 'fx_5_0', 0, 'X3004'),
    ('float4 main(float4 p : TEXCOORD < int a = 1; >) : sv_target { return p; }', 'ps_4_0', 0, 'ok'),
    ('float f() < int a = undefined; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('float4 main() < int a = 1; > { return 0; }', 'ps_4_0', 0, 'X3503'),
    ('float4 main() < string s = 1; > : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('sampler s < int a = undefined; > = sampler_state { Filter = <ANISOTROPIC>; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('sampler s = sampler_state { Filter = <undefined>; };\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('typedef float F < int a = undefined; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float v <>;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < int a = 1; float4 b = float4(1, 2, 3, 4, 5); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3014'),
    ('float v < float4x4 b = float4x4(1, 2, 3); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3014'),
    ('float v < float2 b = 1.x; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float v < int a = (int)"s"; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < sampler s = 1; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < float3 b = float2(1,2); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < float2 b = float3(1,2,3); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('float v < int a = 1; SamplerState b = a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < int a = 1; SamplerState b = a; >;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float v < int a = 1; PixelShader b = a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < float2 a = {1,2}; float3 b = a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('float v < float2 a = {1,2}; float3 b = a; >;\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'X3017'),
    ('float v < float3 a = {1,2,3}; float2 b = a; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3011'),
    ('float v < float4 a = float4(1); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3014'),
    ('float v < float3 b = float2(1,2).xy; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
]

MISC_ROWS = [
    ('Texture2DMS<float4, 0> t;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('Texture2DMSArray<float, .5> t;\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'X3020'),
    ('Texture2DMS<float4, 0.9> t;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('Texture2DMS<float4, 1.5> t;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('Texture2DMSArray<float, -1> t;\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'ok'),
    ('Texture2DMS<float4, 0u> t;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3020'),
    ('Texture2DMSArray<float, false> t;\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'X3020'),
    ('Texture2DMS<float4, true> t;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'ok'),
    ('Texture2DMSArray<float, 1 - 1> t;\nfloat4 main() : sv_target { return 0; }', 'ps_5_0', 0, 'X3020'),
    ('tbuffer tb { float x; }', 'fx_4_0', 0, 'ok'),
    ('tbuffer tb { float x; }\nDepthStencilState d;\ntechnique10 { pass { SetDepthStencilState(d, x); } }', 'fx_4_0', 0, 'X3546'),
    ('tbuffer tb { float x; }\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'X3546'),
    ('float x : register(b1) = 1.0;', 'fx_4_0', 0, 'ok'),
    ('float x : register(b1) = 1.0;\nDepthStencilState d;\ntechnique10 { pass { SetDepthStencilState(d, x); } }', 'fx_4_0', 0, 'X4509'),
    ('float x : register(b1) = 1.0;\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'X4509'),
    ('float x : register(c1) = 1.0;\nDepthStencilState d;\ntechnique10 { pass { SetDepthStencilState(d, x); } }', 'fx_4_0', 0, 'ok'),
    ('Texture2DMS<float4, .5> t;', 'fx_2_0', 0, 'X3020'),
    ('tbuffer tb { uint x; }\nDepthStencilState d;\ntechnique10 { pass { SetDepthStencilState(d, x + 1); } }', 'fx_4_1', 0, 'X3546'),
    ('tbuffer tb { float4 x; }\nBlendState b;\ntechnique11 { pass { SetBlendState(b, x, 0xffffffff); } }', 'fx_5_0', 0, 'ok'),
    ('float x : register(t3);\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'X4509'),
    ('float x : register(c2) : register(b1);\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'ok'),
    ('cbuffer cb : register(b2) { uint x; }\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'ok'),
    ('float x : register(b1);\nfloat y;\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, y); } }', 'fx_5_0', 0, 'ok'),
    ('tbuffer tb { uint x; }\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'ok'),
    ('tbuffer tb { int x; }\nDepthStencilState d;\ntechnique11 { pass { SetDepthStencilState(d, x); } }', 'fx_5_0', 0, 'ok'),
    ('tbuffer tb { float x; }\nDepthStencilState d;\ntechnique10 { pass { SetDepthStencilState(d, x * 2); } }', 'fx_4_0', 0, 'X3546'),
    ('technique { pass { PixelShaderConstantB[1] = True; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShaderConstantF[0] = TRUE; } }', 'fx_2_0', 0, '-'),
    ('technique { pass { PixelShaderConstantB[0] = {TRUE, 1}; } }', 'fx_2_0', 0, '-'),
]

OPEN_ROWS = [
    # (met in session 47: fxannot.value_type)
    ('float v < float b = max(1); >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3013'),
    ('struct S { int x; };\nfloat v < float b = float4(1,2,3,4).q; >;\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3018'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~(1 ? 1 : 2);\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3093'),
    ('float g; int gi; float2 gv; int2 gvi; string s = "a"; DepthStencilState depth;\nfloat fun() { return 1; }\nint funi() { return 1; }\nsampler sam\n{\n    Filter = ~abs(1);\n};\nfloat4 main() : sv_target { return 0; }', 'fx_5_0', 0, 'ok'),
    ('sampler sam\n{\n    foo = (++sampler)2;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3025'),  # (met: session 48)
]

#: (source, target, the facts of fxc's object: tools.effect_mutants.binary_facts)
OBJECT_ROWS = [
    ('float stencil = 1.0;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(depth, stencil); } }', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'stencil', 0, 'float', 0, None, b'\\x00\\x00\\x80?')", "('object', 'depth', 'DepthStencilState', 0, 'DepthStencil', None, 4294967295, ())", "('state', 'depth', 0, 'DepthEnable', 0, 1, '[(2, 1)]')", "('pass', None, 'foo', 'p0')", '(\'pass state\', \'foo\', \'p0\', \'DS_StencilRef\', 0, 6, "b\'DXBC&U\\\\x8d\\\\x0bo\\\\x87\\\\xb9\\\\x11\\\\r\\\\xcfj\\\\x1f\\\\xb5\\\\xea\\\\x84_\\\\x01\\\\x00\\\\x00\\\\x00\\\\xfc\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00\\\\xb8\\\\x00\\\\x00\\\\x00\\\\xc4\\\\x00\\\\x00\\\\x00CTAB\\\\x84\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00[\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x01\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00X\\\\x00\\\\x00\\\\x000\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x008\\\\x00\\\\x00\\\\x00H\\\\x00\\\\x00\\\\x00stencil\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x01\\\\x00\\\\x01\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x000\\\\x13\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', '(\'pass state\', \'foo\', \'p0\', \'DepthStencilState\', 0, 2, "\'depth\'")']),
    ('int stencil = 1;\nDepthStencilState depth { DepthEnable = TRUE; };\ntechnique10 foo { pass p0 { SetDepthStencilState(depth, stencil); } }', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'stencil', 0, 'int', 0, None, b'\\x01\\x00\\x00\\x00')", "('object', 'depth', 'DepthStencilState', 0, 'DepthStencil', None, 4294967295, ())", "('state', 'depth', 0, 'DepthEnable', 0, 1, '[(2, 1)]')", "('pass', None, 'foo', 'p0')", '(\'pass state\', \'foo\', \'p0\', \'DS_StencilRef\', 0, 2, "\'stencil\'")', '(\'pass state\', \'foo\', \'p0\', \'DepthStencilState\', 0, 2, "\'depth\'")']),
    ('int4 bf = 1;\nBlendState b;\ntechnique11 { pass { SetBlendState(b, bf, 0xffffffff); } }', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'bf', 0, 'int4', 0, None, b'\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00')", "('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, "b\'DXBC!\\\\x809\\\\xa9\\\\xb2\\\\xb0\\\\x14\\\\x17\\\\x1e\\\\x80\\\\x8eu\\\\xb7\\\\x16I\\\\xac\\\\x01\\\\x00\\\\x00\\\\x00\\\\xf8\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00\\\\xb4\\\\x00\\\\x00\\\\x00\\\\xc0\\\\x00\\\\x00\\\\x00CTAB\\\\x80\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00W\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x01\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00T\\\\x00\\\\x00\\\\x000\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x004\\\\x00\\\\x00\\\\x00D\\\\x00\\\\x00\\\\x00bf\\\\x00\\\\xab\\\\x01\\\\x00\\\\x02\\\\x00\\\\x01\\\\x00\\\\x04\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x13\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 4294967295)]')", '(\'pass state\', None, None, \'BlendState\', 0, 2, "\'b\'")']),
    ('uint4 bf = 1;\nBlendState b;\ntechnique11 { pass { SetBlendState(b, bf, 0xffffffff); } }', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'bf', 0, 'uint4', 0, None, b'\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x01\\x00\\x00\\x00')", "('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, "b\'DXBC4\\\\x99e\\\\xdc\\\\x93\\\\xe6\\\\xf7\\\\xd2\\\\xa3\\\\xd3\\\\xce\\\\xff\\\\xaf\\\\n\\\\xcb\\\\x11\\\\x01\\\\x00\\\\x00\\\\x00\\\\xf8\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00\\\\xb4\\\\x00\\\\x00\\\\x00\\\\xc0\\\\x00\\\\x00\\\\x00CTAB\\\\x80\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00W\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x01\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00T\\\\x00\\\\x00\\\\x000\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x004\\\\x00\\\\x00\\\\x00D\\\\x00\\\\x00\\\\x00bf\\\\x00\\\\xab\\\\x01\\\\x00\\\\x02\\\\x00\\\\x01\\\\x00\\\\x04\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?\\\\x00\\\\x00\\\\x80?tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC0\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x10\\\\x13\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 4294967295)]')", '(\'pass state\', None, None, \'BlendState\', 0, 2, "\'b\'")']),
    ('float4x4 m = 2;\nBlendState b;\ntechnique11 { pass { SetBlendState(b, m, 0xffffffff); } }', 'fx_5_0', ["('cbuffer', '$Globals', 64, 0, 4294967295)", "('variable', '$Globals', 'm', 0, 'float4x4', 0, None, b'\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@\\x00\\x00\\x00@')", "('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 6, "b\'DXBCr\\\\xc1\\\\xd57#\\\\xec\\\\x8e$\\\\xd2\\\\xed\\\\xc7\\\\x89q3d\\\\x92\\\\x01\\\\x00\\\\x00\\\\x00\\\\x88\\\\x01\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00,\\\\x00\\\\x00\\\\x00\\\\xe4\\\\x00\\\\x00\\\\x00\\\\xf0\\\\x00\\\\x00\\\\x00CTAB\\\\xb0\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x87\\\\x00\\\\x00\\\\x00\\\\x00\\\\x05XF\\\\x01\\\\x00\\\\x00\\\\x00\\\\x1c\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x84\\\\x00\\\\x00\\\\x000\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x004\\\\x00\\\\x00\\\\x00D\\\\x00\\\\x00\\\\x00m\\\\x00\\\\xab\\\\xab\\\\x03\\\\x00\\\\x03\\\\x00\\\\x04\\\\x00\\\\x04\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@\\\\x00\\\\x00\\\\x00@tx\\\\x00Microsoft (R) HLSL Shader Compiler 10.1\\\\x00\\\\xabCLI4\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00FXLC\\\\x90\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x08\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x01\\\\x00\\\\x00\\\\x10\\\\x01\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x02\\\\x00\\\\x00\\\\x00\\\\x0c\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x04\\\\x00\\\\x00\\\\x00\\\\x03\\\\x00\\\\x00\\\\x00\\\\xf0\\\\xf0\\\\xf0\\\\xf0\\\\x0f\\\\x0f\\\\x0f\\\\x0f\\\\xff\\\\xff\\\\x00\\\\x00\'")', "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 4294967295)]')", '(\'pass state\', None, None, \'BlendState\', 0, 2, "\'b\'")']),
    ('tbuffer tb { float4 x; }\nBlendState b;\ntechnique11 { pass { SetBlendState(b, x, 0xffffffff); } }', 'fx_5_0', ["('cbuffer', 'tb', 16, 1, 4294967295)", "('variable', 'tb', 'x', 0, 'float4', 0, None, None)", "('object', 'b', 'BlendState', 0, 'Blend', None, 4294967295, ())", "('pass', None, None, None)", '(\'pass state\', None, None, \'AB_BlendFactor\', 0, 2, "\'x\'")', "('pass state', None, None, 'AB_SampleMask', 0, 1, '[(3, 4294967295)]')", '(\'pass state\', None, None, \'BlendState\', 0, 2, "\'b\'")']),
    ('technique { pass { PixelShaderConstantB[0] = TRUE; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=157, index=0, value=Fx2Param(type=Fx2Type(ptype=1, pclass=3, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { PixelShaderConstantB[1] = False; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=157, index=1, value=Fx2Param(type=Fx2Type(ptype=1, pclass=3, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique < row_major float3x2 m = {1, 2, 3, 4, 5, 6}; > {}', 'fx_2_0', ["Fx2Technique(name=None, annotations=[Fx2Param(type=Fx2Type(ptype=3, pclass=2, name='m', semantic='', elements=0, rows=2, cols=3, members=[]), value=b'\\x00\\x00\\x80?\\x00\\x00\\x00@\\x00\\x00@@\\x00\\x00\\x80@\\x00\\x00\\xa0@\\x00\\x00\\xc0@', flags=0, annotations=[], sampler_states=None)], passes=[])", '[]']),
    ('technique < row_major float2x3 m = {1, 2, 3, 4, 5, 6}; > {}', 'fx_2_0', ["Fx2Technique(name=None, annotations=[Fx2Param(type=Fx2Type(ptype=3, pclass=2, name='m', semantic='', elements=0, rows=3, cols=2, members=[]), value=b'\\x00\\x00\\x80?\\x00\\x00\\x00@\\x00\\x00@@\\x00\\x00\\x80@\\x00\\x00\\xa0@\\x00\\x00\\xc0@', flags=0, annotations=[], sampler_states=None)], passes=[])", '[]']),
    ('float v < row_major float3x2 m = {1, 2, 3, 4, 5, 6}; >;\ntechnique { pass { } }', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=3, pclass=0, name='v', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\x00\\x00', flags=0, annotations=[Fx2Param(type=Fx2Type(ptype=3, pclass=2, name='m', semantic='', elements=0, rows=2, cols=3, members=[]), value=b'\\x00\\x00\\x80?\\x00\\x00\\x00@\\x00\\x00@@\\x00\\x00\\x80@\\x00\\x00\\xa0@\\x00\\x00\\xc0@', flags=0, annotations=[], sampler_states=None)], sampler_states=None)", 'Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[])])', '[]']),
]


@pytest.mark.parametrize("src,target,flags,expected", SB_OPERATOR_ROWS + SB_VALUE_ROWS + ANNOTATION_ROWS + MISC_ROWS +
                         OPEN_ROWS)
def test_fxc_verdict(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,facts", OBJECT_ROWS)
def test_fxc_object_facts(src: str, target: str, facts: list) -> None:
    data = src.encode()
    blob = dc.D3DCompile(data, len(data), None, None, None, None, target, 0, 0)
    assert binary_facts(bytes(blob.GetBufferPointer()), target) == facts
