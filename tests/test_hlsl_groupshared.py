"""Groupshared declarations: only the variables a compute shader uses get a g# register (numbered in
order of use); other stages may declare but not use them."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.dxbc.disasm import disassemble

SRC = """
groupshared float a[64];
groupshared uint b[16];
RWBuffer<uint> o;
[numthreads(16, 1, 1)] void CS(uint i : SV_GroupIndex) { b[i] = i; GroupMemoryBarrierWithGroupSync(); o[i] = b[15 - i]; }
float4 PS(float4 c : C) : SV_Target { return c; }
float4 PSBad(float4 c : C) : SV_Target { return c * a[0]; }
"""


def _decls(entry: str, profile: str) -> list[str]:
    blob = bytes(D3DCompile(SRC, None, "t.hlsl", None, None, entry, profile))
    return [ln for ln in disassemble(blob).splitlines() if ln.startswith("dcl_tgsm")]


def test_only_used_groupshared_variables_are_declared():
    assert _decls("CS", "cs_5_0") == ["dcl_tgsm_structured g0, 4, 16"]
    assert _decls("PS", "ps_5_0") == []


def test_groupshared_use_outside_compute_is_an_error():
    with pytest.raises(ShaderCompileError, match="groupshared"):
        D3DCompile(SRC, None, "t.hlsl", None, None, "PSBad", "ps_5_0")
