"""Bytecode validation at Create*Shader (issue 13 item 1): every rule case by case from a table, the
corpus and the compiler's output still pass, and a program-token mutation fuzz whose accepted mutants all
draw or dispatch without an exception.

Expected outcomes come from the D3D11.3 functional spec's limits (§21 constant tables: 4096 temps,
14 constant buffers of 4096 vectors, 128 SRVs, 16 samplers, 8 UAVs (64 at 11_1), 4096-vector immediate
constant buffers, 32 control points, GS max vertex count x output scalars <= 1024, thread-group limits per
compute model) and the token format's grammar (spec-facts §2.6), not from the validator.
"""

from __future__ import annotations

import struct
import time

import numpy as np
import pytest
from conftest import CONFORMANCE

from pyd3d11.api import D3D11CreateDevice
from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.errors import E_FAIL, E_INVALIDARG, D3D11Error, InvalidArgError, NotSupportedError
from pyd3d11.shader import watchdog
from pyd3d11.shader.dxbc.asm import assemble_program, assemble_shader
from pyd3d11.shader.dxbc.checksum import dxbc_checksum
from pyd3d11.shader.dxbc.container import build_container, parse_container
from pyd3d11.shader.dxbc.decoder import as_words, decode_program
from pyd3d11.shader.dxbc.encoder import encode_program
from pyd3d11.shader.dxbc.signature import Signature, build_signature
from pyd3d11.shader.dxbc.validate import validate_program

ROOT = CONFORMANCE / "dxbc-corpus" / "slimshader"
FL_11_0, FL_11_1 = 0xB000, 0xB100

VS = "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
PS = "ps_5_0\ndcl_output o0.xyzw\n"
CS = "cs_5_0\ndcl_thread_group 1, 1, 1\n"
GS = "gs_5_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
HS = ("hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
      "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
      "dcl_tessellator_output_primitive output_triangle_cw\n")
DS = "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"


def _dev(level: int = FL_11_0):
    return D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)[0]


def _create(text: str, level: int = FL_11_0):
    dev = _dev(level)
    head = text.split("\n", 1)[0]
    method = {"vs": "CreateVertexShader", "ps": "CreatePixelShader", "cs": "CreateComputeShader",
              "gs": "CreateGeometryShader", "hs": "CreateHullShader", "ds": "CreateDomainShader"}[head[:2]]
    return getattr(dev, method)(assemble_shader(text))


IFACE_DECLS = ("dcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
               "dcl_interface_dynamicindexed fp0[2][1] = {ft0}\n")

# (name, program text) accepted as valid: the baselines the rejected cases below differ from.
VALID = [
    ("vs", VS + "dcl_temps 1\nmov r0.xyzw, v0.xyzw\nmov o0.xyzw, r0.xyzw\nret\n"),
    ("ps", PS + "mov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n"),
    ("cs", CS + "ret\n"),
    ("gs", GS + "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\nmov o0.xyzw, v[0][0].xyzw\nemit\nret\n"),
    ("ds control point read with its index", DS + "dcl_input vicp[3][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
     "mov o0.xyzw, vicp[2][0].xyzw\nret\n"),
    ("gs per-vertex input read per vertex", GS + "dcl_input v[3][1].xyzw\ndcl_temps 1\n"
     "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\nmov r0.xyzw, v[2][1].xyzw\nmov o0.xyzw, r0.xyzw\nemit\nret\n"),
    ("hs", HS + "hs_fork_phase\ndcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\nmov o0.x, l(1.0)\nret\n"),
    ("ds", DS + "dcl_output_siv o0.xyzw, position\nmov o0.xyzw, l(0, 0, 0, 1.0)\nret\n"),
    ("temps at 4096", VS + "dcl_temps 4096\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("cb13[4096]", VS + "dcl_constantbuffer cb13[4096], immediateIndexed\nmov o0.xyzw, cb13[4095].xyzw\nret\n"),
    ("t127 s15", PS + "dcl_sampler s15, mode_default\ndcl_resource_texture2d (float,float,float,float) t127\n"
     "sample o0.xyzw, l(0, 0, 0, 0), t127.xyzw, s15\nret\n"),
    ("u7", PS + "dcl_uav_raw u7\nstore_raw u7.x, l(0), l(1)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("loops and switch", PS + "dcl_temps 1\nmov r0.x, l(0)\nloop\n  switch r0.x\n  case l(0)\n  break\n"
     "  default\n  break\n  endswitch\n  if_nz r0.x\n  continue\n  else\n  break\n  endif\nendloop\n"
     "mov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("thread group 1024", "cs_5_0\ndcl_thread_group 1024, 1, 1\nret\n"),
    ("thread group 32x32", "cs_5_0\ndcl_thread_group 32, 32, 1\nret\n"),
    ("tgsm 32 KB", CS + "dcl_tgsm_raw g0, 32768\nret\n"),
    ("gs 1024 scalars", GS + "dcl_output_siv o0.xyzw, position\ndcl_maxout 256\nemit\nret\n"),
    ("gs 32 instances x maxout 32", GS + "dcl_output o0.x\ndcl_maxout 32\ndcl_gsinstances 32\nemit\nret\n"),
    # d3dcompiler_47 10.1's own object of a GS whose Append sits in a loop that runs 0 times (session 37, MRUN): no
    # output declarations and no dcl_outputtopology, since no vertex can be emitted
    ("gs that emits nothing, without dcl_outputtopology", GS.replace("dcl_outputtopology trianglestrip\n", "")
     + "dcl_maxout 3\nret\n"),
    ("x# 4095 + r1", VS + "dcl_temps 1\ndcl_indexableTemp x0[4095], 4\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("icb 4096", PS + "dcl_immediateConstantBuffer {" + ", ".join(["{0, 0, 0, 0}"] * 4096) + "}\n"
     "mov o0.xyzw, icb[4095].xyzw\nret\n"),
    ("flow control nested 64 deep", PS + "loop\n" * 64 + "break\nendloop\n" * 64 + "mov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("subroutine", PS + "call l0\nmov o0.xyzw, l(0, 0, 0, 0)\nret\nlabel l0\nret\n"),
    # class-instance objects through this[] (§22.7.20, §7.11; fxc's dxilconv interface1.dxbc): this[r + n],
    # t[r + k] with its dimension in the _indexable token, s[r + k], in a program that declares interfaces
    ("this-relative objects", PS + IFACE_DECLS + "dcl_temps 2\nmov r0.x, l(1)\nfcall fp0[r0.x + 0][0]\n"
     "mov o0.xyzw, r1.xyzw\nret\nlabel fb0\nmov r0.zw, this[r0.x + 0].zzzw\n"
     "sample_indexable(texture2d)(float,float,float,float) r1.xyzw, l(0, 0, 0, 0), t[r0.z + 1].xyzw, s[r0.w + 0]\n"
     "ret\n"),
]

# (name, program text, feature level) that Create*Shader refuses with E_INVALIDARG.
INVALID = [
    # an input read with another index dimension than its declaration (found by the mutant soak, seed 777:
    # a GS reading its per-vertex v[3][1] as plain v1 reached the executor)
    ("gs per-vertex input read without its vertex", GS + "dcl_input v[3][1].xyzw\ndcl_temps 1\n"
     "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\nmov r0.xyzw, v1.xyzw\nmov o0.xyzw, r0.xyzw\nemit\nret\n"),
    ("ps input read with a vertex index", PS + "dcl_input_ps linear v1.xyzw\nmov o0.xyzw, v[0][1].xyzw\nret\n"),
    # (seed 4243, mutant 5495: a DS reading vicp[0] without its control point broke the executor's broadcast)
    ("ds control point read without its index", DS + "dcl_input vicp[3][0].xyzw\ndcl_output_siv o0.xyzw, position\n"
     "mov o0.xyzw, vicp[0].xyzw\nret\n"),
    # register counts and slots past the stage limits
    ("dcl_temps 4097", VS + "dcl_temps 4097\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("dcl_temps 100000000", VS + "dcl_temps 100000000\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("temps + indexable > 4096", VS + "dcl_temps 2\ndcl_indexableTemp x0[4095], 4\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("dcl_output o11534336", VS + "dcl_output o11534336.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("vs input v32", "vs_5_0\ndcl_input v32.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v32.xyzw\nret\n"),
    ("vs_4_0 input v16", "vs_4_0\ndcl_input v16.xyzw\ndcl_output_siv o0.xyzw, position\n"
     "mov o0.xyzw, v16.xyzw\nret\n"),
    ("ps output o8", PS + "dcl_output o8.xyzw\nmov o8.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("cb14", VS + "dcl_constantbuffer cb14[1], immediateIndexed\nmov o0.xyzw, cb14[0].xyzw\nret\n"),
    ("cb257[0]", VS + "dcl_constantbuffer cb257[1], immediateIndexed\nmov o0.xyzw, cb257[0].xyzw\nret\n"),
    ("cb0[4097]", VS + "dcl_constantbuffer cb0[4097], immediateIndexed\nmov o0.xyzw, cb0[0].xyzw\nret\n"),
    ("t128", PS + "dcl_resource_texture2d (float,float,float,float) t128\nld o0.xyzw, l(0, 0, 0, 0), t128.xyzw\n"
     "ret\n"),
    ("s16", PS + "dcl_sampler s16, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
     "sample o0.xyzw, l(0, 0, 0, 0), t0.xyzw, s16\nret\n"),
    ("icb 4097", PS + "dcl_immediateConstantBuffer {" + ", ".join(["{0, 0, 0, 0}"] * 4097) + "}\n"
     "mov o0.xyzw, icb[0].xyzw\nret\n"),
    ("gs maxout x scalars > 1024", GS + "dcl_output_siv o0.xyzw, position\ndcl_maxout 257\nemit\nret\n"),
    ("gs maxout 1025", GS + "dcl_output_siv o0.x, position\ndcl_maxout 1025\nemit\nret\n"),
    ("gs that emits without dcl_outputtopology", GS.replace("dcl_outputtopology trianglestrip\n", "")
     + "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\nmov o0.xyzw, v[0][0].xyzw\nemit\nret\n"),
    ("gs that emits then cuts without dcl_outputtopology", GS.replace("dcl_outputtopology trianglestrip\n", "")
     + "dcl_maxout 3\nemit_then_cut\nret\n"),
    ("gs instances 33", GS + "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\ndcl_gsinstances 33\nret\n"),
    # "dcl_input vGSInstanceID (sm5 - asm)": instance count x dcl_maxOutputVertexCount <= 1024
    ("gs 32 instances x maxout 33", GS + "dcl_output o0.x\ndcl_maxout 33\ndcl_gsinstances 32\nemit\nret\n"),
    ("hs 33 control points", HS.replace("dcl_input_control_point_count 3", "dcl_input_control_point_count 33")
     + "hs_fork_phase\nret\n"),
    ("ds 0 control points", DS.replace("count 3", "count 0") + "dcl_output_siv o0.xyzw, position\nret\n"),
    ("thread group 1025", "cs_5_0\ndcl_thread_group 1025, 1, 1\nret\n"),
    ("thread group z 65", "cs_5_0\ndcl_thread_group 1, 1, 65\nret\n"),
    ("thread group 64x32", "cs_5_0\ndcl_thread_group 64, 32, 1\nret\n"),
    ("thread group 0", "cs_5_0\ndcl_thread_group 0, 1, 1\nret\n"),
    ("cs_4_0 z 2", "cs_4_0\ndcl_thread_group 1, 1, 2\nret\n"),
    ("cs_4_0 769", "cs_4_0\ndcl_thread_group 769, 1, 1\nret\n"),
    ("tgsm 32 KB + 4", CS + "dcl_tgsm_raw g0, 32772\nret\n"),
    ("structure stride 2052", CS + "dcl_uav_structured u0, 2052\nret\n"),
    # declarations before use
    ("r0 without dcl_temps", VS + "mov r0.xyzw, v0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("r1 past dcl_temps 1", VS + "dcl_temps 1\nmov r1.xyzw, v0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("input read not declared", VS + "mov o0.xyzw, v1.xyzw\nret\n"),
    ("output written not declared", VS + "mov o1.xyzw, v0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("cb read not declared", VS + "mov o0.xyzw, cb0[0].xyzw\nret\n"),
    ("cb index past declared size", VS + "dcl_constantbuffer cb0[2], immediateIndexed\nmov o0.xyzw, cb0[2].xyzw\nret\n"),
    ("icb not declared", PS + "mov o0.xyzw, icb[0].xyzw\nret\n"),
    ("x0 not declared", VS + "mov x0[0].xyzw, v0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("x0[4] past size 4", VS + "dcl_indexableTemp x0[4], 4\nmov x0[4].xyzw, v0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("t0 not declared", PS + "ld o0.xyzw, l(0, 0, 0, 0), t0.xyzw\nret\n"),
    ("u0 not declared", CS + "store_raw u0.x, l(0), l(1)\nret\n"),
    ("g0 not declared", CS + "store_raw g0.x, l(0), l(1)\nret\n"),
    ("vThreadID not declared", CS + "dcl_uav_raw u0\nstore_raw u0.x, vThreadID.x, l(1)\nret\n"),
    ("vThreadID in a pixel shader", PS + "dcl_input vThreadID.xyz\nmov o0.xyzw, vThreadID.xyzx\nret\n"),
    ("oDepth in a vertex shader", VS + "dcl_output oDepth\nmov oDepth, l(0.5)\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("gs vertex 3 of a triangle", GS + "dcl_output_siv o0.xyzw, position\ndcl_maxout 3\n"
     "mov o0.xyzw, v[3][0].xyzw\nemit\nret\n"),
    # flow control
    ("loop without endloop", PS + "loop\nbreak\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("endif without if", PS + "endif\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("else without if", PS + "else\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("endloop without loop", PS + "endloop\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("if without endif", PS + "if_nz l(1)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("break outside loop", PS + "break\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("breakc outside loop", PS + "breakc_nz l(1)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("continue in a switch only", PS + "switch l(0)\ncase l(0)\ncontinue\nendswitch\n"
     "mov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("case outside switch", PS + "case l(0)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("default outside switch", PS + "default\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("endswitch without switch", PS + "endswitch\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("switch without endswitch", PS + "switch l(0)\ncase l(0)\nbreak\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("code before first case", PS + "switch l(0)\nmov o0.xyzw, l(0, 0, 0, 0)\ncase l(0)\nbreak\nendswitch\nret\n"),
    ("endloop closes an if", PS + "loop\nif_nz l(1)\nendloop\nendif\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("flow control nested 65 deep", PS + "loop\n" * 65 + "break\nendloop\n" * 65 + "mov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("call of a missing label", PS + "call l3\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("open if before a label", PS + "mov o0.xyzw, l(0, 0, 0, 0)\nif_nz l(1)\nlabel l0\nret\n"),
    # operand types per opcode
    ("sample with a texture as sampler", PS + "dcl_resource_texture2d (float,float,float,float) t0\n"
     "sample o0.xyzw, l(0, 0, 0, 0), t0.xyzw, t0\nret\n"),
    ("immediate destination", PS + "mov l(1.0), l(0)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"),
    ("input as destination", VS + "mov v0.xyzw, l(0, 0, 0, 0)\nmov o0.xyzw, v0.xyzw\nret\n"),
    ("sampler as a value", PS + "dcl_sampler s0, mode_default\nmov o0.xyzw, s0\nret\n"),
    ("sample from a buffer", PS + "dcl_sampler s0, mode_default\ndcl_resource_buffer (float,float,float,float) t0\n"
     "sample o0.xyzw, l(0, 0, 0, 0), t0.xyzw, s0\nret\n"),
    ("ldms from a 2D texture", PS + "dcl_resource_texture2d (float,float,float,float) t0\n"
     "ldms o0.xyzw, l(0, 0, 0, 0), t0.xyzw, l(0)\nret\n"),
    ("temp relative index", VS + "dcl_temps 2\nmov r0.xyzw, r[r1.x].xyzw\nmov o0.xyzw, v0.xyzw\nret\n"),
    # stage declarations
    ("gs without maxvertexcount", GS + "dcl_output_siv o0.xyzw, position\nemit\nret\n"),
    ("cs without thread group", "cs_5_0\nret\n"),
    ("ds without domain", "ds_5_0\ndcl_input_control_point_count 3\ndcl_output_siv o0.xyzw, position\nret\n"),
    ("hs without partitioning", HS.replace("dcl_tessellator_partitioning partitioning_integer\n", "")
     + "hs_fork_phase\nret\n"),
    ("max tessfactor 65", HS + "dcl_hs_max_tessfactor l(65.0)\nhs_fork_phase\nret\n"),
    ("gs declaration in a vertex shader", VS + "dcl_maxout 3\nmov o0.xyzw, v0.xyzw\nret\n"),
    # a relative t#/s# outside a program with interfaces (nothing links it to a slot), or without the dimension
    ("relative t# without interfaces", PS + "dcl_sampler s0, mode_default\ndcl_temps 1\nmov r0.x, l(0)\n"
     "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, l(0, 0, 0, 0), t[r0.x + 0].xyzw, s0\nret\n"),
    ("relative t# without its dimension", PS + IFACE_DECLS + "dcl_sampler s0, mode_default\ndcl_temps 2\n"
     "fcall fp0[0][0]\nmov o0.xyzw, r1.xyzw\nret\nlabel fb0\nmov r0.z, this[0].z\n"
     "sample r1.xyzw, l(0, 0, 0, 0), t[r0.z + 0].xyzw, s0\nret\n"),
]


@pytest.mark.parametrize(("name", "text"), VALID, ids=[v[0] for v in VALID])
def test_valid_programs_create(name, text):
    assert _create(text) is not None


@pytest.mark.parametrize(("name", "text"), INVALID, ids=[v[0] for v in INVALID])
def test_invalid_programs_are_einvalidarg(name, text):
    dev = _dev()
    blob = assemble_shader(text)
    method = {"vs": dev.CreateVertexShader, "ps": dev.CreatePixelShader, "cs": dev.CreateComputeShader,
              "gs": dev.CreateGeometryShader, "hs": dev.CreateHullShader, "ds": dev.CreateDomainShader}[text[:2]]
    with pytest.raises(InvalidArgError) as ei:
        method(blob)
    assert ei.value.hresult == E_INVALIDARG
    assert "invalid shader program" in ei.value.message


def test_uav_slots_follow_the_feature_level():
    """D3D11_PS_CS_UAV_REGISTER_COUNT 8 below 11_1, D3D11_1_UAV_SLOT_COUNT 64 at 11_1."""
    text = PS + "dcl_uav_raw u{n}\nstore_raw u{n}.x, l(0), l(1)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n"
    assert _create(text.format(n=63), FL_11_1) is not None
    with pytest.raises(InvalidArgError):
        _create(text.format(n=64), FL_11_1)
    with pytest.raises(InvalidArgError):
        _create(text.format(n=8), FL_11_0)


def test_message_names_instruction_and_dword():
    prog = assemble_program(PS + "endif\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n")
    words = as_words(encode_program(prog))
    with pytest.raises(InvalidArgError) as ei:
        validate_program(prog, words)
    # dcl_output o0.xyzw is 3 dwords from dword 2: endif is instruction 1 at dword 5
    assert "instruction 1 (endif) at dword 5" in ei.value.message


def _words(text: str) -> list[int]:
    return as_words(encode_program(assemble_program(text)))


def _validate_words(words: list[int]) -> None:
    validate_program(decode_program(words), words)


# Token-level defects the assembler cannot spell: (name, program text, dword index, new value or
# function of the old one). Operand token fields: spec-facts §2.6.
BASE_MOV = PS + "dcl_temps 1\nmov r0.xyzw, l(1.0, 0, 0, 1.0)\nmov o0.xyzw, r0.xyzw\nret\n"


def _find(words: list[int], opcode: int, nth: int = 0) -> int:
    pos, k = 2, 0
    while pos < len(words):
        if words[pos] & 0x7FF == opcode:
            if k == nth:
                return pos
            k += 1
        pos += words[pos] >> 24 & 0x7F
    raise AssertionError("opcode not found")


TOKEN_CASES = [
    # second mov: [opcode, dst o0 token, index, src r0 token, index, ...]
    ("source without component selection (4 comp, mask mode)", 2, lambda t: t & ~(3 << 2)),
    ("source with 1 component on a temp", 2, lambda t: (t & ~3) | 1),
    ("source with N components", 2, lambda t: t | 3),
    ("destination with swizzle mode", 0, lambda t: (t & ~(3 << 2)) | (1 << 2)),
    ("destination with an empty mask", 0, lambda t: t & ~(0xF << 4)),
    ("temp with two indices", 2, lambda t: (t & ~(3 << 20)) | (2 << 20)),
    ("temp with a relative index", 2, lambda t: (t & ~(7 << 22)) | (2 << 22)),
]


@pytest.mark.parametrize(("name", "operand", "edit"), TOKEN_CASES, ids=[c[0] for c in TOKEN_CASES])
def test_token_defects_refused(name, operand, edit):
    w = _words(BASE_MOV)
    _validate_words(w)  # the baseline is valid
    mov = _find(w, 54, 1)
    # operand tokens of `mov o0.xyzw, r0.xyzw`: dst token at +1 (index at +2), src token at +3 (index +4)
    at = mov + 1 + operand
    w[at] = edit(w[at]) & 0xFFFFFFFF
    with pytest.raises(InvalidArgError):
        _validate_words(w)


def test_reserved_control_bits_refused():
    w = _words(BASE_MOV)
    loop = _find(w, 54, 1)
    w[loop] |= 1 << 16  # mov has no control there (saturate is bit 13, precise 19..22)
    with pytest.raises(InvalidArgError):
        _validate_words(w)


def test_unknown_resource_dimension_refused():
    w = _words(PS + "dcl_resource_texture2d (float,float,float,float) t0\nld o0.xyzw, l(0, 0, 0, 0), t0.xyzw\nret\n")
    at = _find(w, 88)
    for dim in (0, 11, 12, 13, 31):  # unknown, raw / structured (own declarations), past the enum
        w2 = list(w)
        w2[at] = (w2[at] & ~(0x1F << 11)) | dim << 11
        with pytest.raises(InvalidArgError):
            _validate_words(w2)


@pytest.mark.skipif(not ROOT.exists(), reason="conformance data not present")
def test_every_corpus_program_validates():
    n = 0
    for p in sorted(ROOT.rglob("*.o")):
        try:
            c = parse_container(p.read_bytes())
            prog = decode_program(c.program)
        except InvalidArgError:  # the one malformed sample is covered by the container tests
            continue
        validate_program(prog, as_words(c.program), 64)
        n += 1
    assert n >= 118


def test_d3ddisassemble_without_program_chunk_is_e_fail():
    blob = build_container([("ISGN", build_signature(Signature("ISGN", [])))])
    with pytest.raises(D3D11Error) as ei:
        D3DDisassemble(blob, len(blob), 0, None)
    assert ei.value.hresult == E_FAIL and not isinstance(ei.value, ValueError)
    with pytest.raises(D3D11Error) as ei:
        D3DDisassemble(b"junk" * 8, 32, 0, None)
    assert ei.value.hresult in (E_FAIL, E_INVALIDARG)


# --- mutation fuzz: program-token mutants into Create*Shader, then a draw or dispatch -------------------

FUZZ_CASES = 300
FUZZ_SEED = 1313
_SPECIAL = (0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 64, 257, 4096, 4097, 100000000, 0xFFFFFFFF)


def _fuzz_seeds(max_dwords: int) -> list[tuple[bytes, int, int]]:
    out = []
    for p in sorted(ROOT.rglob("*.o")):
        b = p.read_bytes()
        try:
            c = parse_container(b)
            decode_program(c.program)
        except Exception:  # noqa: BLE001 - only readable programs seed the fuzz
            continue
        n = int.from_bytes(b[28:32], "little")
        for i in range(n):
            off = int.from_bytes(b[32 + 4 * i:36 + 4 * i], "little")
            if b[off:off + 4] in (b"SHDR", b"SHEX"):
                size = int.from_bytes(b[off + 4:off + 8], "little")
                # data-driven loops of some compute samples run for minutes on the harness's buffers
                if size // 4 <= max_dwords and b"ScatterIDCS" not in str(p).encode():
                    out.append((b, off + 8, size))
    return out


def mutate(rng: np.random.Generator, blob: bytes, off: int, size: int) -> bytes:
    """1-3 program dwords (never the version/length header) flipped, replaced, set to a boundary value
    or given another operand type; the container checksum is repaired so the program parser runs."""
    a = bytearray(blob)
    w = np.frombuffer(bytes(a[off:off + size]), "<u4").copy()
    for _ in range(int(rng.integers(1, 4))):
        i = int(rng.integers(2, len(w)))
        k = int(rng.integers(0, 4))
        if k == 0:
            w[i] ^= np.uint32(1 << int(rng.integers(0, 32)))
        elif k == 1:
            w[i] = np.uint32(rng.integers(0, 2**32))
        elif k == 2:
            w[i] = np.uint32(_SPECIAL[int(rng.integers(0, len(_SPECIAL)))])
        else:
            w[i] = np.uint32((int(w[i]) & ~(0xFF << 12)) | int(rng.integers(0, 43)) << 12)
    a[off:off + size] = w.tobytes()
    a[4:20] = dxbc_checksum(bytes(a))
    return bytes(a)


def run_mutants(n: int, seed: int, max_dwords: int = 400, deadline_s: float = 20.0) -> dict[str, int]:
    """Create each mutant with its stage's Create*Shader; run the accepted ones (a draw built from its
    signatures and RDEF, or a one-group dispatch). Returns counts; raises on any other exception."""
    from test_slimshader_draw import build_draw_blob, stage

    from pyd3d11.pipeline.compute import dispatch
    from pyd3d11.pipeline.draw import draw
    from pyd3d11.pipeline.input_assembler import DrawArgs

    seeds = _fuzz_seeds(max_dwords)
    dev = _dev()
    creators = {0: dev.CreatePixelShader, 1: dev.CreateVertexShader, 2: dev.CreateGeometryShader,
                3: dev.CreateHullShader, 4: dev.CreateDomainShader, 5: dev.CreateComputeShader}
    rng = np.random.default_rng(seed)
    counts = {"refused": 0, "ran": 0, "not_supported": 0, "slow": 0, "timed_out": 0}
    for case in range(n):
        blob, off, size = seeds[case % len(seeds)]
        m = mutate(rng, blob, off, size)
        ptype = int.from_bytes(m[off + 2:off + 4], "little")
        try:
            creators.get(ptype, dev.CreateVertexShader)(m)
        except D3D11Error:
            counts["refused"] += 1
            continue
        c = parse_container(m)
        prog = decode_program(c.program)
        t0 = time.perf_counter()
        try:
            # the shader watchdog (as the device runs every command): a mutated loop bound can make a valid
            # program loop (practically) forever, which no creation-time check can refuse; Windows resets
            with watchdog.watch(deadline_s):
                if ptype == 5:
                    dispatch(prog, stage(c, prog).bindings, 1, 1, 1)
                else:
                    st, verts, _ = build_draw_blob(m)
                    draw(st, DrawArgs(verts))
            counts["ran"] += 1
        except watchdog.ShaderTimeout:
            counts["timed_out"] += 1
        except NotSupportedError:  # a feature not built is reported loudly, never a wrong answer
            counts["not_supported"] += 1
        except Exception as e:
            raise AssertionError(f"mutant {case} (seed {seed}) passed Create*Shader but its draw raised "
                                 f"{type(e).__name__}: {e}") from e
        if time.perf_counter() - t0 > deadline_s + 10:
            counts["slow"] += 1  # past the watchdog's budget with slack: something the watchdog does not see
    return counts


@pytest.mark.skipif(not ROOT.exists(), reason="conformance data not present")
def test_mutants_are_refused_or_draw():
    counts = run_mutants(FUZZ_CASES, FUZZ_SEED)
    assert counts["refused"] + counts["ran"] + counts["not_supported"] + counts["timed_out"] == FUZZ_CASES
    assert counts["slow"] == 0
    # most random token edits break a rule; some (immediates, masks, swizzles) leave a valid program
    assert counts["refused"] > FUZZ_CASES // 2 and counts["ran"] > 5


def _validation_work(n: int) -> int:
    """Python lines the validator executes on a program of ``n`` movs: a count of work, not a run time (issue 19:
    tests assert no run times), the same on every machine."""
    import sys

    body = "mov r0.xyzw, l(1.0, 0, 0, 1.0)\n" * n
    prog = assemble_program(PS + "dcl_temps 1\n" + body + "mov o0.xyzw, r0.xyzw\nret\n")
    lines = 0

    def trace(frame, event, arg):
        nonlocal lines
        if event == "line":
            lines += 1
        return trace

    old = sys.gettrace()
    sys.settrace(trace)
    try:
        validate_program(prog)
    finally:
        sys.settrace(old)
    return lines


def test_validator_is_bounded_by_program_size():
    """The validator's work grows linearly with the program: twice the instructions, at most a little over twice
    the work (a check that rescans the program per instruction would give four times)."""
    small, large = _validation_work(500), _validation_work(1000)
    assert small > 500 and large <= 2.2 * small, (small, large)
    _ = struct  # keep the import for token arithmetic helpers above


def test_uav_register_past_the_levels_slots_is_refused_by_the_level_check():
    """u8 is valid bytecode (64 slots exist from 11_1): at 11_0 the level check refuses it with Windows' message."""
    from pyd3d11.d3d11 import D3D11CreateDevice
    from pyd3d11.d3dcompiler import assemble_shader

    blob = assemble_shader(PS + "dcl_uav_raw u8\nstore_raw u8.x, l(0), l(1)\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n")
    dev, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)
    with pytest.raises(InvalidArgError) as ei:
        dev.CreatePixelShader(blob, None)
    assert "u7" in ei.value.message
    dev1, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xB100], 1, 7)
    dev1.CreatePixelShader(blob, None)


if __name__ == "__main__":  # pragma: no cover - the long mutant soak, outside CI: python tests/test_dxbc_validate.py N SEED
    import sys

    t0 = time.perf_counter()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 777
    print(run_mutants(n, seed, deadline_s=float(sys.argv[3]) if len(sys.argv) > 3 else 10.0),
          f"{time.perf_counter() - t0:.0f} s")
