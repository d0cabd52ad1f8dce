"""fxc's rules found by round 8 of the effect mutants (issue 15, session 45, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 45, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's; ``OBJECT_ROWS`` hold the facts of fxc's own
objects. The disagreements were found by ``python -m pyd3d11.tools.effect_mutants --binary --salt s45`` and each
rule's extent probed in the DLL (about 900 probe programs); one row per rule case:

* ``LEXER_ROWS`` (shader/hlsl/lexer.py ``_dropped_literal``, parse_exprs.py): an integer literal without a suffix
  whose value needs more than 32 bits yields no token (``return 4294967296;`` is ``return ;``: X3080; ``return
  4294967296 + 1;`` compiles); with a suffix it is its low 32 bits (``4294967297u``);
* ``MIN_PRECISION_ROWS`` (effects/fxcompile.py ``_check_pass_signatures``): a pass that sets a graphics shader whose
  signatures carry minimum precision (ISG1 / OSG1) fails with no message; a compute shader, a shader no pass sets,
  one whose minimum precision folds away compile;
* ``PASS_STATE_ROWS`` (fxcompile.py ``_assignments``, ``_object_value``, ``_compile_shader``): a pass state takes no
  index ("State 'PixelShader' is not indexed"); an inline shader of another kind ("Attempting to assign an
  incompatible inline shader": a vs for the GeometryShader state too, outside ConstructGSWithSO); an array
  variable named whole ("Non-array right-hand type expected", a sampler's Texture too);
* ``SO_DECL_ROWS`` (effects/sodecl.py): ConstructGSWithSO's declaration strings as ID3D10Effect::ParseSODecl reads
  them (entries split at ';' with its white space, the output slot's digits and range, the mask a run of xyzw or
  rgba), a declaration that is no string literal ("StreamOut declarations must be a literal string"), and the
  second argument is never the rasterized stream;
* ``NULL_STRING_ROWS`` (fxcompile.py, binary.py): fx_4 / fx_5 null strings (``string s = NULL;``, ``{NULL}``,
  annotations) compile (were NotSupportedError); ``null`` names nothing (X3004);
* ``FX2_STATE_ROWS`` (effects/fx2compile.py): fx_2_0's SetVertexShader / SetPixelShader take any integer expression
  for NULL; an enumerated state's ``|`` chain of value names folds (a name elsewhere X3517); the shader-constant
  states (VertexShaderConstantF[i] ...) are built (were NotSupportedError);
* ``LOCAL_ANNOTATION_ROWS`` (effects/fxannot.py ``check_local_annotations``, parser.py): a local's annotation list is
  read and judged (syntax, X3006, X3012, X3003, X3004, X3017, X3011) before its X3040;
* ``MISC_ROWS``: a constant buffer's static const is readable in an annotation (fxannot.static_const_names); an
  effect compiles a static function (fxcompile._bind_uniforms); a call's or constructor's argument list takes no
  trailing comma (parse_exprs.parse_args: X3000 at ')');
* ``MEMBER_AND_PS1X_ROWS``: a struct member's annotation list is judged before its X3040 as a local's
  (parse_types.py), a local's modifier errors before its X3040 (parser.py); fx_2_0's ``compile ps_1_x`` is X3539
  as D3DCompile's target (fx2compile._compile_shader);
* ``FRAGMENT_ROWS`` (parse_exprs.py, check.py, fxcompile.py, fx2compile.py): ``compile_fragment profile f()`` is
  read and checked as a compile (X3041, X3004, X3013; X3064 in a function body) and a fragment variable is left
  out of the effect at every fx target;
* ``MUTANT_ROWS``: rows added for the mutants of the rules that the first table let live (SetVertexShader's
  integer typing, the output slot's limit 255, an enum chain's unknown operand);
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


LEXER_ROWS = [
    ('float4 main() : sv_target { float x = 4294967296; return x; }', 'fx_2_0', 0, 'X3000'),
    ('float4 main() : sv_target { return 4294967295; }', 'fx_5_0', 0, 'ok'),
    ('float4 main() : sv_target { return 4294967296; }', 'fx_2_0', 0, 'X3080'),
    ('float4 main() : sv_target { return 4294967295; }', 'fx_2_0', 0, '-'),
    ('float4 main() : sv_target { return 99999999999999999999; }', 'fx_2_0', 0, 'X1004'),
    ('float4 main() : sv_target { return 1 + 4294967296; }', 'fx_2_0', 0, 'X3000'),
    ('float4 main() : sv_target { return 4294967296u; }', 'fx_5_0', 0, 'ok'),
    ('float4 main() : sv_target { return 0x100000000; }', 'fx_2_0', 0, 'X3080'),
    ('float4 main() : sv_target { return 4294967296u; }', 'fx_2_0', 0, '-'),
    ('float4 main() : sv_target { return 99999999999999999999; }', 'fx_5_0', 0, 'X1004'),
    ('float4 main() : sv_target { return (4294967296); }', 'fx_2_0', 0, 'X3000'),
    ('float4 main() : sv_target { return 4294967296 + 1; }', 'fx_5_0', 0, 'ok'),
    ('float4 main() : sv_target { return 4294967296u; }', 'ps_4_0', 0, 'ok'),
    ('float4 main() : sv_target { return -4294967296; }', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target { return 18446744073709551616 1; }', 'ps_4_0', 0, 'X1004'),
]

MIN_PRECISION_ROWS = [
    ('[numthreads(1,1,1)] void CSm(min16uint3 i : SV_DispatchThreadID) { }\ntechnique11 { pass { SetComputeShader(CompileShader(cs_5_0, CSm())); } }', 'fx_5_0', 0, 'ok'),
    ('min16float4 fun() : sv_target { return 1; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(); } }', 'fx_5_0', 0, '-'),
    ('float4 fun(uniform min16float4 a) : sv_target { return a; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(1); } }', 'fx_5_0', 0, 'ok'),
    ('min16float4 fun() : COLOR { return 1; }\ntechnique { pass { PixelShader = compile ps_2_0 fun(); } }', 'fx_2_0', 0, 'X3703'),
    ('min16float4 fun() : sv_target { return 1; }\ntechnique10 T { pass P { PixelShader = compile ps_5_0 fun(); } }', 'fx_5_0', 0, '-'),
    ('float4 fun() : sv_target { min16float4 a = 1; return a; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(); } }', 'fx_5_0', 0, 'ok'),
    ('min16float4 fun() : sv_target { return 1; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0_level_9_1 fun(); } }', 'fx_5_0', 0, '-'),
    ('float4 fun(float4 a : COLOR) : sv_target { return (min16float4)a; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(); } }', 'fx_5_0', 0, 'ok'),
    ('float4 fun(min16float4 a : COLOR) : sv_target { return a; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(); } }', 'fx_5_0', 0, '-'),
    ('min16float4 fun() : sv_target { return 1; }\nPixelShader p = CompileShader(ps_4_0, fun());', 'fx_4_0', 0, 'ok'),
    ('min16float4 g;\nfloat4 fun() : sv_target { return 1; }\ntechnique10 T { pass P { PixelShader = compile ps_4_0 fun(); } }', 'fx_4_0', 0, '-'),
    ('min16float4 fun() : sv_target { return 1; }\nPixelShader p = compile ps_4_0 fun();\ntechnique10 { pass { } }', 'fx_4_0', 0, 'ok'),
    ('min16float4 fun() : sv_target { return 1; }\nPixelShader p = compile ps_4_0 fun();\ntechnique10 { pass { SetPixelShader(p); } }', 'fx_4_0', 0, '-'),
    ('min16float4 fun() : sv_target { return 1; }\nPixelShader p = compile ps_4_0 fun();\nfloat4 x;', 'fx_4_0', 0, 'ok'),
    ('min16float4 VSm(float4 p : POSITION) : SV_Position { return p; }\ntechnique10 { pass { SetVertexShader(CompileShader(vs_4_0, VSm())); } }', 'fx_4_1', 0, '-'),
    ('struct GSv { min16float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw");', 'fx_4_1', 0, 'ok'),
    ('min16float4 PSm() : SV_Target { return 1; }\ntechnique10 { pass { SetPixelShader(CompileShader(ps_4_0, PSm())); } }', 'fx_4_1', 0, '-'),
    ('min16float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nVertexShader v[2] = {CompileShader(vs_4_0, VSm()), NULL};\ntechnique10 { pass { SetVertexShader(v[1]); } }', 'fx_4_1', 0, 'ok'),
    ('struct GSv { min16float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { SetGeometryShader(CompileShader(gs_4_0, GSm())); } }', 'fx_4_1', 0, '-'),
    ('min16float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nVertexShader v = CompileShader(vs_4_0, VSm());\nstring s = "x";', 'fx_4_1', 0, 'ok'),
    ('struct GSv { min16float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw");\ntechnique10 { pass { SetGeometryShader(g); } }', 'fx_4_1', 0, '-'),
]

PASS_STATE_ROWS = [
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { PixelShader[0] = compile ps_4_0 PSm(); } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { RenderTargetView[0] = NULL; } }', 'fx_4_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { SetGeometryShader(CompileShader(gs_4_0, GSm())); } }', 'fx_4_0', 0, 'ok'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = CompileShader(vs_4_0, VSm());', 'fx_4_0', 0, 'X3017'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { PixelShader[1] = compile ps_4_0 PSm(); } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { RenderTargetView[8] = NULL; } }', 'fx_4_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { SetGeometryShader(ConstructGSWithSO(CompileShader(vs_4_0, VSm()), "SV_Position.xy")); } }', 'fx_4_0', 0, 'ok'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = CompileShader(vs_4_0, VSm());\ntechnique10 { pass { SetGeometryShader(g); } }', 'fx_4_0', 0, 'X3017'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { VertexShader[0] = NULL; } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { DepthStencilView[0] = NULL; } }', 'fx_4_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nVertexShader v[2];\ntechnique10 { pass { SetVertexShader(v[0]); } }', 'fx_4_0', 0, 'ok'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { DS_StencilRef[0] = 1; } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { DepthStencilState[0] = NULL; } }', 'fx_4_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { DS_StencilRef[1] = 1; } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { BlendState[0] = NULL; } }', 'fx_4_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { AB_BlendFactor[0] = float4(1,1,1,1); } }', 'fx_4_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { PixelShader[0] = compile ps_4_0 PSm(); } }', 'fx_5_0', 0, '-'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { RenderTargetView[0] = NULL; } }', 'fx_5_0', 0, 'X3000'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\ntechnique10 { pass { SetGeometryShader(CompileShader(gs_4_0, GSm())); } }', 'fx_5_0', 0, 'ok'),
    ('float4 VSm(float4 p : POSITION) : SV_Position { return p; }\nfloat4 PSm() : SV_Target { return 1; }\nstruct GSv { float4 p : SV_Position; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = CompileShader(vs_4_0, VSm());', 'fx_5_0', 0, 'X3017'),
]

SO_DECL_ROWS = [
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzwx");', 'fx_4_0', 0, '-'),
    pytest.param('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nstatic const string s = "SV_Position";\nstring s2 = "SV_Position";\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position" + 1);', 'fx_4_0', 0, 'X3022', marks=pytest.mark.xfail(strict=True, reason="a string operand in ConstructGSWithSO's declaration is fxc's X3022 as it parses (open: here the declaration check's X3000)")),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzwx");\nfloat4 x = undefined_name;', 'fx_4_0', 0, 'X3004'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.yz");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xz");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.rgba");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzx");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.q");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xy ; SV_Position.zw");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.XYZW");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "0:SV_Position");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "a:SV_Position");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "3:SV_Position");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "$SKIP.3");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "4:SV_Position");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), " SV_Position . xy ");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "$SKIP.xyz");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xy.z");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "$SKIP");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position:3");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "$skip.xy");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xg");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "Foo.xyzw");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.stuv");', 'fx_4_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw");', 'fx_5_0', 0, 'ok'),
]

NULL_STRING_ROWS = [
    ('string s2[2] = {"a", NULL};', 'fx_4_0', 0, 'ok'),
    ('string s2[2] = {NULL, NULL};', 'fx_5_0', 0, 'ok'),
    ('technique11 < string a[2] = {"a", NULL}; > {}', 'fx_5_0', 0, 'ok'),
    ('technique11 < string a = {NULL}; > {}', 'fx_5_0', 0, 'ok'),
    ('technique11 < string a = null; > {}', 'fx_5_0', 0, 'X3004'),
    ('string s = null;', 'fx_5_0', 0, 'X3004'),
    ('string s = (NULL);', 'fx_5_0', 0, 'ok'),
]

FX2_STATE_ROWS = [
    ('technique { pass { SetVertexShader(0); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShader = 1; } }', 'fx_2_0', 0, '-'),
    ('technique { pass { SetVertexShader(1, 2); } }', 'fx_2_0', 0, 'X3000'),
    ('technique { pass { SetVertexShader(1); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShader = 0; } }', 'fx_2_0', 0, '-'),
    ('technique { pass { SetFoo(1); } }', 'fx_2_0', 0, 'X3000'),
    ('technique { pass { SetVertexShader(7); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(1.5); } }', 'fx_2_0', 0, '-'),
    ('technique { pass { SetVertexShader(); } }', 'fx_2_0', 0, 'X3000'),
    ('technique { pass { SetPixelShader(1); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetGeometryShader(1); } }', 'fx_2_0', 0, '-'),
    ('technique { pass { SetVertexShader(-1); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(true); } }', 'fx_2_0', 0, '-'),
    ('technique { pass { SetVertexShader(NULL); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { Wrap0 = U | V; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { ColorWriteEnable = RED + GREEN; } }', 'fx_2_0', 0, 'X3517'),
    ('technique { pass { Wrap0 = U | NOTANAME; } }', 'fx_2_0', 0, '-'),
    ('Texture2D t = null; technique {}', 'fx_2_0', 0, 'X3004'),
    ('Texture2D t = 0; technique {}', 'fx_2_0', 0, 'X3017'),
    ('technique { pass { ColorWriteEnable = RED | GREEN; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { ColorWriteEnable = ~RED; } }', 'fx_2_0', 0, 'X3517'),
    ('Texture2D t[2] = {NULL, NULL}; technique {}', 'fx_2_0', 0, '-'),
    ('technique { pass { Wrap0 = U | 4; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { ColorWriteEnable = (RED | GREEN) & RED; } }', 'fx_2_0', 0, 'X3517'),
    ('technique { pass { CullMode = CW | CCW; } }', 'fx_2_0', 0, 'ok'),
    ('Texture2D t = NULL; technique {}', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShaderConstantI[0] = {1, 2, 3, 4}; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShaderConstantF[2] = float4(1, 2, 3, 4); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShaderConstantF[2] = {1, 2, 3, 4}; } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { VertexShaderConstantF[2] = 5; } }', 'fx_2_0', 0, 'ok'),
]

LOCAL_ANNOTATION_ROWS = [
    ('float4 main() : sv_target\n{\n    float var < int a = 1 > = 0; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target\n{\n    float var < Texture2D t = NULL; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3040'),
    ('float4 main() : sv_target\n{\n    float var < int a = "s"; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3017'),
    ('float4 main() : sv_target\n{\n    float var < int a <<= 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3012'),
    ('float4 main() : sv_target\n{\n    float var < int a = undefined; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3004'),
    ('float4 main() : sv_target\n{\n    float var < extern int a = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3006'),
    ('float4 main() : sv_target\n{\n    float var < int a = 1; int a = 2; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3003'),
    ('float4 main() : sv_target\n{\n    float var < float4 v = float4(1, 2); > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3014'),
    ('float4 main() : sv_target\n{\n    float var < int SamplerState = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target\n{\n    float var < int a = 1 > 0; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3040'),
    ('float4 main() : sv_target\n{\n    float var < string s = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3017'),
    ('float4 main() : sv_target\n{\n    float var < int a; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3012'),
    ('float4 main() : sv_target\n{\n    float var < int a = undefined; > = 0;\n    return 0;\n}', 'fx_5_0', 0, 'X3004'),
    ('float4 main() : sv_target\n{\n    float var < extern int a = 1; > = 0;\n    return 0;\n}', 'fx_5_0', 0, 'X3006'),
    ('float4 main() : sv_target\n{\n    float var < int a = 1; int a = 2; > = 0;\n    return 0;\n}', 'fx_5_0', 0, 'X3003'),
    ('float4 main() : sv_target\n{\n    float var < int shared = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3000'),
    ('float4 main() : sv_target\n{\n    float var < Texture2D t = NULL; > = 0;\n    return 0;\n}', 'fx_5_0', 0, 'X3040'),
    ('float4 main() : sv_target\n{\n    float var < int a[] = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3017'),
]

MISC_ROWS = [
    ('cbuffer cb_t { static const int b = 123; };\ntechnique < int a = b; > {}', 'fx_2_0', 0, 'ok'),
    ('cbuffer cb_t { static const int b = 123; };\ntechnique11 < int a = b; > {}', 'fx_5_0', 0, 'ok'),
    ('cbuffer cb_t { static const float4 b = {1,2,3,4}; };\ntechnique10 < float4 a = b * 2; > {}', 'fx_4_0', 0, 'ok'),
    ('cbuffer cb_t { const int b = 123; };\ntechnique11 < int a = b; > {}', 'fx_5_0', 0, 'X3011'),
    ('tbuffer cb_t { static const int b = 123; };\ntechnique11 < int a = b; > {}', 'fx_5_0', 0, 'ok'),
    ('cbuffer cb_t { static const int b = 123; };\ntechnique < int a = b; > { pass { } }', 'fx_2_0', 0, 'ok'),
    ('const static float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'X3501'),
    ('static float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'X3501'),
    ('const float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'ok'),
    ('static float4 fun() : sv_target { return 1; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun(); } }', 'fx_4_0', 0, 'ok'),
    ('const static float4 fun() : sv_target { return 1; }\ntechnique10 { pass { PixelShader = compile ps_4_0 fun(); } }', 'fx_4_0', 0, 'ok'),
    ('static const float4 f() { return 1; }\nfloat4 main() : sv_target { return f(); }', 'ps_4_0', 0, 'ok'),
    ('extern float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'X3006'),
    ('uniform float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'X3047'),
    ('volatile float4 main() : sv_target { return 1; }', 'ps_4_0', 0, 'ok'),
]

MUTANT_ROWS = [
    ('technique { pass { SetVertexShader(1.0); } }', 'fx_2_0', 0, '-'),
    ('static const int k = 3; technique { pass { SetVertexShader(k); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(1u); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader((int)1.5); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(int(2)); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(2 * 3); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(0x10); } }', 'fx_2_0', 0, 'ok'),
    ('int k; technique { pass { SetVertexShader(k); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader((1)); } }', 'fx_2_0', 0, 'ok'),
    ('technique { pass { SetVertexShader(1 > 0); } }', 'fx_2_0', 0, '-'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "255:X");', 'fx_4_0', 0, 'ok'),
    ('struct GSv { float4 p : SV_Position; float2 t : TEXCOORD3; };\n[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }\nGeometryShader g = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "256:X");', 'fx_4_0', 0, '-'),
    ('technique { pass { Wrap0 = U | NOTANAME; } }', 'fx_2_0', 0, '-'),
    ('technique { pass { Wrap0 = U | true; } }', 'fx_2_0', 0, 'ok'),
]

FRAGMENT_ROWS = [
    ('float4 VSm(float4 p : POSITION) : POSITION { return p; }\nvertexfragment vf_m = compile_fragment vs_2_0 VSm();', 'fx_5_0', 0, 'ok'),
    ('float4 VSm(float4 p : POSITION) : POSITION { return p; }\nvertexfragment vf_m = compile_fragment vs_2_0 VSx();\ntechnique {}', 'fx_2_0', 0, 'X3004'),
    ('float4 VSm(float4 p : POSITION) : POSITION { return p; }\nvertexfragment vf_m = compile_fragment vs_9_9 VSm();\ntechnique {}', 'fx_2_0', 0, 'X3041'),
    ('float4 VSm(float4 p : POSITION) : POSITION { return p; }\nvertexfragment vf_m = compile_fragment vs_2_0 VSm(1);\ntechnique {}', 'fx_2_0', 0, 'X3013'),
    ('float4 VSm(float4 p : POSITION) : POSITION { return p; }\nfloat4 main() : COLOR { vertexfragment vf_m = compile_fragment vs_2_0 VSm(); return 0; }\ntechnique {}', 'fx_2_0', 0, 'X3064'),
]

MEMBER_AND_PS1X_ROWS = [
    ('struct s\n{\n    float4 f < int a = 1 >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('struct s\n{\n    float4 f < int a = 1; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3040'),
    ('struct s\n{\n    float4 f < extern int a = 1; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3006'),
    ('struct s\n{\n    float4 f < int a = "s"; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3017'),
    ('struct s\n{\n    float4 f < int a; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3012'),
    ('struct s\n{\n    float4 f < int a = undefined; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3004'),
    ('struct s\n{\n    float4 f < int a = 1; int a = 2; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3003'),
    ('float4 main() : sv_target\n{\n    uniform float var < int a = 1; > = 0;\n    return 0;\n}', 'ps_4_0', 0, 'X3047'),
    ('struct s\n{\n    float4 f < int SamplerState = 1; >;\n    float4 g;\n};\nfloat4 main() : sv_target { return 0; }', 'ps_4_0', 0, 'X3000'),
    ('float4 PSm() : COLOR { return 1; }\ntechnique { pass { PixelShader = compile ps_1_1 PSm(); } }', 'fx_2_0', 0, 'X3539'),
    ('float4 VSm() : POSITION { return 1; }\ntechnique { pass { VertexShader = compile vs_1_1 VSm(); } }', 'fx_2_0', 0, 'ok'),
    ('float4 PSm() : COLOR { return 1; }\nPixelShader p = compile ps_1_1 PSm();', 'fx_2_0', 0, '-'),
    ('float4 PSm() : COLOR { return 1; }\ntechnique { pass { PixelShader = compile ps_1_1 PSx(); } }', 'fx_2_0', 0, 'X3004'),
    ('float4 PSm() : COLOR { return 1; }\ntechnique { pass { PixelShader = compile ps_1_5 PSm(); } }', 'fx_2_0', 0, 'X3041'),
]

OPEN_ROWS = [
    ('float var < int a = undefined; > = 0;\nfloat4 main() : sv_target\n{\n    return 0;\n}', 'ps_4_0', 0, 'X3004'),
]

#: (source, target, the facts of fxc's object: tools.effect_mutants.binary_facts)
OBJECT_ROWS = [
    ('string s = NULL;', 'fx_5_0', ["('object', 's', 'String', 0, 'String', None, 4294967295, (None,))"]),
    ('string s2[2] = {"a", NULL};', 'fx_5_0', ["('object', 's2', 'String', 2, 'String', None, 4294967295, ('a', None))"]),
    ('technique11 < string a[2] = {"a", NULL}; > {}', 'fx_5_0', []),
    ('float4 v < string a = NULL; >;', 'fx_5_0', ["('cbuffer', '$Globals', 16, 0, 4294967295)", "('variable', '$Globals', 'v', 0, 'float4', 0, None, None)"]),
    ('technique { pass { VertexShaderConstantF[2] = float4(1, 2, 3, 4); } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=148, index=2, value=Fx2Param(type=Fx2Type(ptype=3, pclass=3, name='', semantic='', elements=0, rows=1, cols=4, members=[]), value=b'\\x00\\x00\\x80?\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { VertexShaderConstant2[0] = float2x4(1,2,3,4,5,6,7,8); } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=153, index=0, value=Fx2Param(type=Fx2Type(ptype=3, pclass=3, name='', semantic='', elements=0, rows=4, cols=2, members=[]), value=b'\\x00\\x00\\x80?\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { PixelShaderConstantB[0] = {true, false}; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=157, index=0, value=Fx2Param(type=Fx2Type(ptype=1, pclass=3, name='', semantic='', elements=0, rows=1, cols=2, members=[]), value=b'\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { VertexShaderConstantI[0] = 1.5; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=150, index=0, value=Fx2Param(type=Fx2Type(ptype=2, pclass=3, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { PixelShaderConstantB[0] = 2; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=157, index=0, value=Fx2Param(type=Fx2Type(ptype=1, pclass=3, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { VertexShaderConstantF[2] = 5; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=148, index=2, value=Fx2Param(type=Fx2Type(ptype=3, pclass=3, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\xa0@', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('technique { pass { Wrap0 = U | 4; } }', 'fx_2_0', ["Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=31, index=0, value=Fx2Param(type=Fx2Type(ptype=2, pclass=2, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x05\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('int k; technique { pass { SetVertexShader(k); } }', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=2, pclass=0, name='k', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", "Fx2Technique(name=None, annotations=[], passes=[Fx2Pass(name=None, annotations=[], states=[Fx2State(operation=146, index=0, value=Fx2Param(type=Fx2Type(ptype=2, pclass=2, name='', semantic='', elements=0, rows=1, cols=1, members=[]), value=b'\\x00\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None))])])", '[]']),
    ('Texture2D t = NULL; technique {}', 'fx_2_0', ["Fx2Param(type=Fx2Type(ptype=7, pclass=4, name='t', semantic='', elements=0, rows=0, cols=0, members=[]), value=b'\\x01\\x00\\x00\\x00', flags=0, annotations=[], sampler_states=None)", 'Fx2Technique(name=None, annotations=[], passes=[])', '[]']),
]


@pytest.mark.parametrize("src,target,flags,expected",
                         LEXER_ROWS + MIN_PRECISION_ROWS + PASS_STATE_ROWS + SO_DECL_ROWS + NULL_STRING_ROWS +
                         FX2_STATE_ROWS + LOCAL_ANNOTATION_ROWS + MISC_ROWS + MEMBER_AND_PS1X_ROWS + FRAGMENT_ROWS +
                         MUTANT_ROWS + OPEN_ROWS)
def test_fxc_verdict(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,facts", OBJECT_ROWS)
def test_object_says_what_fxc_object_says(src: str, target: str, facts: list) -> None:
    data = src.encode()
    blob = bytes(dc.D3DCompile(data, len(data), "t.fx", None, None, None, target, 0, 0).GetBufferPointer())
    assert binary_facts(blob, target) == facts
