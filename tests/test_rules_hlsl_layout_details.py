"""Constant-buffer reach rules of hlsl/layout.py that session 10's mutation run (scripts/mutate.py, seed 6) found
unpinned.

Sources:
* D3D11_SHADER_VARIABLE_DESC.uFlags D3D_SVF_USED ("the variable is used by this shader"); a hull shader is one
  shader of two phases, so a variable its control-point function reads in live code is used (fxc's hull shaders in
  ../shared/conformance/dxbc-corpus flag the patch-constant function's variables the same way:
  test_hlsl_cbuffer_rules' DecalTessellation11/SubD11 cases);
* ``dcl_constantbuffer cbN[size]`` declares the registers the shader may read (D3D11.3 §5.1 / the
  ``dcl_constantBuffer`` reference); code that reaches class-instance data through ``this`` can read any instance
  in the buffer, so the declaration covers the whole buffer (the layout of test_hlsl_classes' SHADES: g_off.neg
  in c4.x, five registers)."""

from __future__ import annotations

import re

import pytest
from test_hlsl_cbuffer_rules import cbuffers, compile_
from test_hlsl_classes import SHADES

from pyd3d11.shader.dxbc.disasm import disassemble

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_HS_CP = """
cbuffer cbA : register(b0) { float4 cp_gain; float4 cp_unused; };
cbuffer cbB : register(b1) { float tess; float pad; };
struct cp { float4 pos : POS; };
struct pcd { float edges[2] : SV_TessFactor; };
pcd patch_constant(InputPatch<cp, 2> p) { pcd o; o.edges[0] = tess; o.edges[1] = tess; return o; }
[domain("isoline")] [outputcontrolpoints(2)] [partitioning("integer")] [outputtopology("line")]
[patchconstantfunc("patch_constant")]
cp main(InputPatch<cp, 2> p, uint i : SV_OutputControlPointID) { cp o; o.pos = p[i].pos * cp_gain; return o; }
"""


def test_hull_control_point_function_reads_are_used():
    cbs = cbuffers(compile_(_HS_CP, "hs_5_0"))
    assert [v[:4] for v in cbs["cbA"][1]] == [("cp_gain", 0, 16, True), ("cp_unused", 16, 16, False)]
    assert [v[:4] for v in cbs["cbB"][1]] == [("tess", 0, 4, True), ("pad", 4, 4, False)]


def test_class_instance_buffer_is_declared_whole():
    text = disassemble(compile_(SHADES, "ps_5_0"))
    assert re.search(r"^dcl_constantbuffer cb2\[5\], \w+$", text, re.M), text
