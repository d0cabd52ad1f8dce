"""fxc's assembler validation, compile forms and shader-variable operands, round 7 of the effect mutants (issue 15,
session 44, helper EFX).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 44, through
``pyd3d11.tools.wine_d3dcompiler``: every expected column below is the DLL's answer (its first ``error X####``, "ok",
or "-" for fxc's numberless D3DX effect-compiler errors, which any refusal of ours matches, as
``tools.effect_mutants.judge`` counts them), never this project's. The disagreements were found by ``python -m
pyd3d11.tools.effect_mutants`` (the fresh salt ``s44``) and the rules' extent probed in the DLL; one row per rule case:

* ``ASM_VALIDATION_ROWS`` (effects/fx2asmcheck.py, fx2asm.py): an ``asm { }`` block is validated as the Direct3D 9
  runtime's shader validator does (MicrosoftDocs "Asm Shader Reference": the registers pages, "dcl", "def", "rcp"
  and the other scalar instructions, "Source Register Swizzling", the output registers' pages), each instruction as
  it is assembled, with each version's own error number -- ps_2_0's uninitialised temporaries X5204, undeclared
  inputs X5546 / X5984 / X5702 / X5703, samplers X5203 / X5576 / X5577, replicate swizzles X5422 / X5793 / X5794 /
  X5795, one constant register per instruction X5213 / X5584 / X5393 / X5752, oC# and oDepth writes (X5405 - X5416,
  X5512, X5573, X6062), vs_3_0's output declarations X5704, def / dcl order and doubles; shader model 1 (vs_1_1,
  ps_1_1 - ps_1_4; was NotSupportedError) is assembled -- its instruction sets (X2000), register files (X2005),
  modifiers, co-issue -- and validated (X5036 / X5121 / X5326 reads, X5090 / X5185 r0, X5350 / X5351 oPos, X5046
  masks, X5539 / X5097 constant modifiers, X5025 - X5027 / X5116 swizzles, X5045 shifts, X5049 / X5134 / X5346
  constants, X5059 cnd, X5080 / X5172 co-issue, X5328 a0, X5430 oFog); scalar registers take no mask (X2022);
* ``COMPILE_FORM_ROWS`` (shader/hlsl/parse_effects.py, parse_exprs.py): ``CompileShader(profile, f(args))`` as fxc's
  grammar reads it -- a word that is no call where the call stands is X3000 "invalid compiler flag" (``(vs_4_0,
  VSm)``, ``(VSm, 1)``, ``(VSm.x)``), no call at all or a non-word a syntax error, ``compile vs_4_0 VSm;`` too --, and
  ``ConstructGSWithSO`` takes two or six arguments (else X3000 "parameter count mismatch", after its arguments'
  own X3004), at the fx targets and ps_5_0 alike;
* ``SHADER_OPERAND_ROWS`` (shader/hlsl/shaderobj.py ``misuse`` / ``named_in``): an operator on a shader variable or
  NULL in a state value, a state function's argument or a global's initialiser is fxc's type error as it parses
  (``SetVertexShader(-vs1)`` X3022, ``~vs1`` X3082, ``(float)vs1`` X3017), in fx_2_0's left-out ``technique10`` and
  at ps_5_0 too (was compiled, or X3000 / X3017 later);
* ``OBJECT_LITERAL_ROWS`` (parse_effects.py ``object_literal``, parser.py): a compile or an ``asm { }`` block in a
  function body is X3064 as fxc reduces it -- after its own checks (the compile's X3013, the block's assembly and
  validation: X2000, X5405) and the statements before it, before the rest of its statement (a local's X3040 / X3017,
  a syntax error after it, a conditional's X3020; an asm block was compiled at fx_5_0);
* ``ANNOTATION_SELF_ROWS`` (effects/fxannot.py): an annotation's value naming the annotation itself is X3011 "value
  must be a literal expression" (was X3004, an undeclared name);
* ``SM1_WORDS``: the assembled shader-model-1 programs' words, byte-equal with fxc's object.
"""

from __future__ import annotations

import struct

import pytest
from fxc_record_helpers import mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.effects.fx2binary import read_fx2

#: the functions the compile-form rows name
_GS_PRE = """float4 VSm(float4 p : POSITION) : SV_Position { return p; }
struct GSv { float4 p : SV_Position; };
[maxvertexcount(1)] void GSm(point GSv i[1], inout PointStream<GSv> s) { s.Append(i[0]); }
"""
#: the shader variables the operand rows name
_OBJ_PRE = """float4 VSm(float4 p : POSITION) : SV_Position { return p; }
float4 fun() : sv_target { return 0; }
VertexShader vs1 = CompileShader(vs_4_0, VSm());
PixelShader ps1 = CompileShader(ps_4_0, fun());
"""
_MAIN = "float4 main() : SV_Target { return 0; }"


def _gs(rest: str, target: str, expected: str, main: bool = False) -> tuple[str, str, int, str]:
    return _GS_PRE + rest + (_MAIN if main else ""), target, 0, expected


def _obj(rest: str, target: str, expected: str) -> tuple[str, str, int, str]:
    return _OBJ_PRE + rest + _MAIN, target, 0, expected


def _body(body: str, target: str, expected: str) -> tuple[str, str, int, str]:
    return _OBJ_PRE + "float4 main() : SV_Target { " + body + " return 0; }", target, 0, expected


def _asm(body: str, expected: str) -> tuple[str, str, int, str]:
    kind = "Vertex" if body.startswith("vs") else "Pixel"
    return f"technique t {{ pass p {{ {kind}Shader = asm {{ {body} }}; }} }}", "fx_2_0", 0, expected


def _agrees(got: str, expected: str) -> bool:
    """fxc's numberless effect-compiler error ("-") is met by any refusal (tools.effect_mutants.judge)."""
    return got == expected or expected == "-" and got != "ok"


COMPILE_FORM_ROWS = [
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw", "SV_Position.xyzw");\ntechnique < float a[] = {1, 2}; > {}', 'fx_2_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw");\ntechnique < float a[] = {1, 2}; > {}', 'fx_4_0', 'ok'),
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()));\ntechnique < float a[] = {1, 2}; > {}', 'fx_5_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw", NULL, NULL, NULL, 0);\ntechnique < float a[] = {1, 2}; > {}', 'fx_2_0', 'ok'),
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "SV_Position.xyzw", 1, 2);\ntechnique < float a[] = {1, 2}; > {}', 'fx_4_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO(CompileShader(gs_4_0, GSm()), "a", "b", "c", "d", 1, 2);\ntechnique < float a[] = {1, 2}; > {}', 'fx_5_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO(1, 2, 3);\ntechnique < float a[] = {1, 2}; > {}', 'fx_2_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO();\ntechnique < float a[] = {1, 2}; > {}', 'fx_4_0', 'X3000'),
    _gs('GeometryShader g_m = ConstructGSWithSO(nothere, 2, 3);\ntechnique < float a[] = {1, 2}; > {}', 'fx_5_0', 'X3004'),
    _gs('technique11 T_m { pass P_m { SetVertexShader(CompileShader(vs_4_0, VSm)); } }', 'fx_2_0', 'X3000'),
    _gs('VertexShader vv = CompileShader(vs_4_0, VSm);', 'fx_4_0', 'X3000'),
    _gs('technique11 T_m { pass P_m { SetVertexShader(CompileShader(vs_4_0, VSm, 1)); } }', 'fx_5_0', 'X3000'),
    _gs('VertexShader vv = CompileShader(vs_4_0, VSm, 1);', 'fx_2_0', 'X3000'),
    _gs('technique11 T_m { pass P_m { SetVertexShader(CompileShader(vs_4_0, nothere)); } }', 'fx_4_0', 'X3000'),
    _gs('VertexShader vv = CompileShader(vs_4_0, nothere);', 'fx_5_0', 'X3000'),
    _gs('technique11 T_m { pass P_m { SetVertexShader(CompileShader(vs_4_0, 1)); } }', 'fx_2_0', 'X3000'),
    _gs('VertexShader vv = CompileShader(vs_4_0, 1);', 'fx_4_0', 'X3000'),
    _gs('technique11 T_m { pass P_m { SetVertexShader(CompileShader(vs_4_0)); } }', 'fx_5_0', 'X3000'),
    _gs('VertexShader vv = CompileShader(vs_4_0, (VSm()));\n', 'fx_4_0', 'X3000', main=True),
]

SHADER_OPERAND_ROWS = [
    _obj('technique10 T { pass P { SetVertexShader(-vs1); } }\n', 'fx_2_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader(+vs1); } }\n', 'fx_4_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader(!vs1); } }\n', 'fx_5_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader(~vs1); } }\n', 'ps_5_0', 'X3082'),
    _obj('technique10 T { pass P { SetVertexShader(vs1 + 1); } }\n', 'fx_2_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader(vs1 * vs1); } }\n', 'fx_4_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader((float)vs1); } }\n', 'fx_5_0', 'X3017'),
    _obj('technique10 T { pass P { SetVertexShader(-(vs1)); } }\n', 'ps_5_0', 'X3022'),
    _obj('technique10 T { pass P { SetVertexShader(vs1++); } }\n', 'fx_2_0', 'X3025'),
]

ASM_VALIDATION_ROWS = [
    _asm('ps_1_1 rcp r0, c0', 'X2000'),
    _asm('ps_1_1 mov r0, c8', 'X2005'),
    _asm('ps_1_1 mov r0, v0_x2', 'X5025'),
    _asm('ps_1_1 mov r0, c0.b', 'X5026'),
    _asm('ps_1_1 mov r0, c0.g', 'X5027'),
    _asm('ps_1_1 mov r0, r1', 'X5036'),
    _asm('ps_1_1 mov_d8 r0, v0', 'X5045'),
    _asm('ps_1_1 mov r0.x, v0', 'X5046'),
    _asm('ps_1_1 mad r0, c0, c1, c2', 'X5049'),
    _asm('ps_1_1 cnd r0, v0, v0, c0', 'X5059'),
    _asm('ps_1_1 mov r0, c0 def c1, 1, 0, 0, 1', 'X5063'),
    _asm('ps_1_1 mov r0, v0 + mov r0.a, c0', 'X5080'),
    _asm('ps_1_1', 'X5090'),
    _asm('ps_1_1 mov r0, -c0', 'X5539'),
    _asm('ps_1_1 mov r0, 1-v0', 'ok'),
    _asm('ps_1_3 texld r0, t0', 'X2000'),
    _asm('ps_1_3 mov r2, c0 mov r0, c0', 'X2005'),
    _asm('ps_1_3 mov r0, v0_x2', 'X5025'),
    _asm('ps_1_3 mov r0, c0.b', 'X5026'),
    _asm('ps_1_3 mov r0, c0.g', 'X5027'),
    _asm('ps_1_3 mov r0, t3', 'X5036'),
    _asm('ps_1_3 mov_d8 r0, v0', 'X5045'),
    _asm('ps_1_3 mov r0.x, v0', 'X5046'),
    _asm('ps_1_3 mad r0, c0, c1, c2', 'X5049'),
    _asm('ps_1_3 cnd r0, v0, v0, c0', 'X5059'),
    _asm('ps_1_3 mov r0, c0 def c1, 1, 0, 0, 1', 'X5063'),
    _asm('ps_1_3 mov r0, v0 + mov r0.a, c0', 'X5080'),
    _asm('ps_1_3 mov r0.a, c0', 'X5090'),
    _asm('ps_1_3 mov r0, 1-c0', 'X5539'),
    _asm('ps_1_3 mov r0, 1-v0', 'ok'),
    _asm('ps_1_4 rcp r0, c0', 'X2000'),
    _asm('ps_1_4 mov r0, v2', 'X2005'),
    _asm('ps_1_4 mov r0, -c0', 'X5097'),
    _asm('ps_1_4 mov r0, t0', 'X5112'),
    _asm('ps_1_4 mov r0, c0.wzyx', 'X5116'),
    _asm('ps_1_4 mov r0, r1', 'X5121'),
    _asm('ps_1_4 texcrd r0, t0', 'X5126'),
    _asm('ps_1_4 mad r0, c0, c1, c2', 'X5134'),
    _asm('ps_1_4 mov r0, c0 def c1, 1, 0, 0, 1', 'X5155'),
    _asm('ps_1_4 mov r0, v0 + mov r0.a, c0', 'X5172'),
    _asm('ps_1_4 mov r0.a, c0', 'X5185'),
    _asm('ps_1_4 mov r0, 1-v0', 'ok'),
    _asm('ps_2_0 foo r0 mov oC0, r0', 'X2000'),
    _asm('ps_2_0 mov oC0, c0_abs', 'X2005'),
    _asm('ps_2_0 mov oC0, c0 mov oDepth.x, c0.x', 'X2022'),
    _asm('ps_2_0 texld r0, c0, s0 mov oC0, c0', 'X5192'),
    _asm('ps_2_0 mov r0, c0.xy mov oC0, r0', 'X5202'),
    _asm('ps_2_0 texld r0, t0, s0', 'X5203'),
    _asm('ps_2_0 mov oC0, r11', 'X5204'),
    _asm('ps_2_0 add oC0, c0, c1', 'X5213'),
    _asm('ps_2_0 mov r0, c0 dcl v0 mov oC0, c0', 'X5215'),
    _asm('ps_2_0 dcl v0 dcl v0 mov oC0, c0', 'X5219'),
    _asm('ps_2_0 mov oC0, c0 def c0, 1,0,0,1', 'X5378'),
    _asm('ps_2_0', 'X5405'),
    _asm('ps_2_0 mov r0, c0 add oC0, c0, r0', 'X5406'),
    _asm('ps_2_0 mov oC0, -c0', 'X5407'),
    _asm('ps_2_0 mov oC0, c0.x', 'X5408'),
    _asm('ps_2_0 mov oC0.x, c0', 'X5410'),
    _asm('ps_2_0 mov oC0, c0 mov oC0, c0', 'X5411'),
    _asm('ps_2_0 mov oDepth, c0', 'X5414'),
    _asm('ps_2_0 mov oC0, c0 mov oDepth, c0.x mov oDepth, c0.x', 'X5416'),
    _asm('ps_2_0 exp r0, c0 mov oC0, r0', 'X5422'),
    _asm('ps_2_0 mov_sat oC0, c0', 'X5512'),
    _asm('ps_2_0 mov oC0, t0', 'X5546'),
    _asm('ps_2_0 mov oC0, c0 mov oC2, c0', 'X5573'),
    _asm('ps_2_0 mov r0, c0.wzyx mov oC0, r0', 'ok'),
    _asm('ps_2_x mov oC0, c0 mov oDepth.x, c0.x', 'X2022'),
    _asm('ps_2_x texld r0, c0, s0 mov oC0, c0', 'X5192'),
    _asm('ps_2_x texld r0, r1, s0 mov oC0, c0', 'X5203'),
    _asm('ps_2_x add r0, c0, c1 mov oC0, c0', 'X5213'),
    _asm('ps_2_x mov r0, c0 dcl v0 mov oC0, c0', 'X5215'),
    _asm('ps_2_x dcl v0 dcl v0 mov oC0, c0', 'X5219'),
    _asm('ps_2_x mov r0, c0 def c1, 1, 1, 1, 1 mov oC0, c0', 'X5378'),
    _asm('ps_2_x add oC0, c0, r0', 'X5406'),
    _asm('ps_2_x mov oC0, -c0', 'X5407'),
    _asm('ps_2_x mov oC0, c0.x', 'X5408'),
    _asm('ps_2_x mov oC0.x, c0', 'X5410'),
    _asm('ps_2_x mov oC0, c0 mov oDepth, c0', 'X5414'),
    _asm('ps_2_x rcp r0, c0 mov oC0, c0', 'X5422'),
    _asm('ps_2_x mov_sat oC0, c0', 'X5512'),
    _asm('ps_2_x mov oC0, v0', 'X5546'),
    _asm('ps_2_x mov r0, r1 mov oC0, c0', 'ok'),
    _asm('ps_3_0 mov r0, t0 mov oC0, c0', 'X2005'),
    _asm('ps_3_0 mov oC0, c0 mov oDepth.x, c0.x', 'X2022'),
    _asm('ps_3_0 mov r0, c0 dcl_texcoord v0', 'X5297'),
    _asm('ps_3_0 dcl_texcoord v0 dcl_texcoord v0 mov oC0, c0', 'X5301'),
    _asm('ps_3_0 texld r0, c0, s0 mov oC0, c0', 'X5576'),
    _asm('ps_3_0 add r0, c0, c1 mov oC0, c0', 'X5584'),
    _asm('ps_3_0 mov r0, c0 def c1, 1, 1, 1, 1', 'X5729'),
    _asm('ps_3_0 dcl_2d s0 dcl_2d s0 mov oC0, c0', 'X5769'),
    _asm('ps_3_0 rcp r0, c0 mov oC0, c0', 'X5793'),
    _asm('ps_3_0 mov oC0, v0', 'X5984'),
    _asm('ps_3_0 mov oC0, c0 mov oDepth, c0', 'X6062'),
    _asm('ps_3_0 mov oC0.x, c0', 'ok'),
    _asm('vs_1_1 mov_sat oPos, c0', 'X2000'),
    _asm('vs_1_1 mov oPos, c8192', 'X2005'),
    _asm('vs_1_1 mov oFog.x, c0.x mov oPos, c0', 'X2022'),
    _asm('vs_1_1 mov oPos, c0 + mov oD0, c0', 'X2027'),
    _asm('vs_1_1 mov oPos, r0', 'X5326'),
    _asm('vs_1_1 mov a0, c0 mov oPos, c0', 'X5328'),
    _asm('vs_1_1 mov oPos, c0 def c1, 1, 1, 1, 1', 'X5337'),
    _asm('vs_1_1 add r0, c0, c1 mov oPos, c0', 'X5346'),
    _asm('vs_1_1 mov oPos.xy, c0', 'X5350'),
    _asm('vs_1_1', 'X5351'),
    _asm('vs_1_1 mov oFog, c0 mov oPos, c0', 'X5430'),
    _asm('vs_1_1 dcl_position v0 dcl_position v0 mov oPos, v0', 'X5632'),
    _asm('vs_1_1 mov oPos, c0 dcl_position v0', 'X6020'),
    _asm('vs_1_1 dcl_position v0 mov oPos, v0.x', 'ok'),
    _asm('vs_2_0 texldl r0, c0, s0', 'X2000'),
    _asm('vs_2_0 mov o0, c0', 'X2005'),
    _asm('vs_2_0 mad r0, c0, c1, c2', 'X5366'),
    _asm('vs_2_0 add r0, c0, c1', 'X5393'),
    _asm('vs_2_0 dcl_position v0 dcl_position v0', 'X5632'),
    _asm('vs_2_0 mov r0, v0', 'X5702'),
    _asm('vs_2_0 mov r0, c0 def c1, 1,1,1,1', 'X5730'),
    _asm('vs_2_0 rcp r0, c0', 'X5794'),
    _asm('vs_2_0 dcl_position v0.xy mov r0, v0', 'X5800'),
    _asm('vs_2_0 mov r0, c0 dcl_position v0', 'X6020'),
    _asm('vs_2_0 sincos r0.xy, c0.x, c1, c2', 'ok'),
    _asm('vs_2_x texldl r0, c0, s0', 'X2000'),
    _asm('vs_2_x mov o0, c0', 'X2005'),
    _asm('vs_2_x mad r0, c0, c1, c2', 'X5366'),
    _asm('vs_2_x add r0, c0, c1', 'X5393'),
    _asm('vs_2_x dcl_position v0 dcl_position v0', 'X5632'),
    _asm('vs_2_x mov r0, v0', 'X5702'),
    _asm('vs_2_x mov r0, c0 def c1, 1, 1, 1, 1', 'X5730'),
    _asm('vs_2_x rcp r0, c0', 'X5794'),
    _asm('vs_2_x dcl_position v0.xy mov r0, v0', 'X5800'),
    _asm('vs_2_x mov r0, c0 dcl_position v0', 'X6020'),
    _asm('vs_2_x mov r0, r1', 'ok'),
    _asm('vs_3_0 mov oPos, c0', 'X2005'),
    _asm('vs_3_0 texldl r0, c0, s0', 'X5577'),
    _asm('vs_3_0 mov r0, c0 dcl_position v0', 'X5623'),
    _asm('vs_3_0 dcl_position v0 dcl_position v0', 'X5633'),
    _asm('vs_3_0 mov r0, v0', 'X5703'),
    _asm('vs_3_0 mov o0, c0', 'X5704'),
    _asm('vs_3_0 mov r0, c0 def c1, 1, 1, 1, 1', 'X5731'),
    _asm('vs_3_0 add r0, c0, c1', 'X5752'),
    _asm('vs_3_0 rcp r0, c0', 'X5795'),
    _asm('vs_3_0 dcl_position v0.xy mov r0.xy, v0', 'ok'),
    _asm('ps_2_0 mov r0.xyz, c0 dp3 r1, r0, c0 mov oC0, r1', 'ok'),
    _asm('ps_2_0 dcl_2d s0 mov r1.xy, c0 texld r0, r1, s0 mov oC0, r0', 'ok'),
    _asm('ps_2_0 mov oC1, c0', 'X5405'),
    _asm('ps_1_1 mov r0, c0.a', 'ok'),
    _asm('vs_1_1 mov r0.w, c0 rcp r1, r0 mov oPos, c0', 'ok'),
    _asm('ps_2_0 dcl t0.xy dcl t0.zw mov oC0, c0', 'X5219'),
    _asm('vs_3_0 dcl_texcoord0 o0.xy dcl_texcoord1 o0.zw mov o0, c0', 'ok'),
    _asm('ps_2_0 mov r0, c0 texkill r1', 'X5204'),
    _asm('ps_1_1 mov r2, c0 mov r0, c0', 'X2005'),
    _asm('vs_1_1 dcl_2d s0 mov oPos, c0', 'X2000'),
    _asm('ps_2_x mov oC0, c0 mov oC0, c0', 'ok'),
    _asm('ps_1_1 add r0, c0, c1', 'ok'),
]

OBJECT_LITERAL_ROWS = [
    _body('PixelShader p1 < string s = "a"; > = compile ps_2_0 fun();', 'fx_4_0', 'X3064'),
    _body('RasterizerState p1 = compile ps_2_0 fun();', 'fx_5_0', 'X3064'),
    _body('PixelShader p1 = compile ps_2_0 fun() + ;', 'ps_5_0', 'X3064'),
    _body('float x = 1 + (compile ps_2_0 fun());', 'fx_2_0', 'X3064'),
    _body('PixelShader p1 = asm { ps_2_0 mov oC0, c0 };', 'fx_5_0', 'X3064'),
    _body('PixelShader p1 = asm { ps_2_0 mov oC0, c0 };', 'ps_5_0', 'X3064'),
    _body('float x = nothere; PixelShader p1 = compile ps_2_0 fun();', 'fx_5_0', 'X3004'),
    _body('PixelShader p1 = asm { ps_2_0 mov r0, c0 };', 'ps_2_0', 'X5405'),
    _body('PixelShader p1 = asm { ps_2_0 foo r0 };', 'fx_5_0', 'X2000'),
    _body('PixelShader p1 = 1 ? compile ps_2_0 fun() : NULL;', 'fx_2_0', 'X3064'),
    _body('float4 y = 1; y = compile ps_2_0 fun() + ;', 'ps_2_0', 'X3064'),
    _body('PixelShader p1 < int a = 1; > = NULL;', 'fx_5_0', 'X3040'),
    _body('PixelShader p1 = compile ps_2_0 fun(1);', 'ps_5_0', 'X3013'),
]

#: an annotation's own name is in scope in its value (effects/fxannot.py): X3011, not X3004
ANNOTATION_SELF_ROWS = [
    ("technique < int a = a; int b = a; > {}", "fx_2_0", 0, "X3011"),
    ("technique t < float4 v = float4(v.x, 1, 2, 3); > {}", "fx_4_0", 0, "X3011"),
    ("technique t { pass < string s = s; > {} }", "fx_5_0", 0, "X3011"),
    ("technique < int a = b; int b = 1; > {}", "fx_5_0", 0, "X3004"),
]

#: shader-model-1 programs and fxc's words for them (the pass's shader object, version token to end token)
SM1_WORDS = [
    ("ps_1_1 mov r0, c0", "0101ffff0100000000000f800000e4a0ffff0000"),
    ("ps_1_1 mov r0.rgb, v0 + mov r0.a, c0", "0101ffff01000000000007800000e49001000040000008800000e4a0ffff0000"),
    ("ps_1_4 texld r0, t0", "0401ffff4200000000000f800000e4b0ffff0000"),
    ("ps_1_1 mov_x2 r0, v0_bx2", "0101ffff0100000000000f810000e494ffff0000"),
    ("vs_1_1 dcl_position v0 mov oPos, v0", "0101feff1f0000000000008000000f900100000000000fc00000e490ffff0000"),
    ("ps_1_4 phase mov r0, c0", "0401fffffdff00000100000000000f800000e4a0ffff0000"),
    ("ps_1_1 mov_sat r0, 1-v0", "0101ffff0100000000001f800000e496ffff0000"),
]


@pytest.mark.parametrize("src,target,flags,expected", ASM_VALIDATION_ROWS)
def test_asm_validation(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,flags,expected", COMPILE_FORM_ROWS)
def test_compile_forms(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,flags,expected", SHADER_OPERAND_ROWS)
def test_shader_variable_operands(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,flags,expected", OBJECT_LITERAL_ROWS)
def test_object_literals_in_functions(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("src,target,flags,expected", ANNOTATION_SELF_ROWS)
def test_annotation_reads_its_own_name(src: str, target: str, flags: int, expected: str) -> None:
    assert _agrees(mutant_verdict(src, target, flags), expected)


@pytest.mark.parametrize("body,words", SM1_WORDS)
def test_shader_model_1_words(body: str, words: str) -> None:
    src = _asm(body, "ok")[0].encode()
    eff = read_fx2(bytes(dc.D3DCompile(src, len(src), "t.fx", None, None, None, "fx_2_0", 0, 0).GetBufferPointer()))
    ((usage, data),) = [(r.usage, r.data) for r in eff.resources]
    assert usage == 0 and bytes(data).hex() == words and struct.unpack_from("<I", data)[0] >> 16 in (0xFFFE, 0xFFFF)
