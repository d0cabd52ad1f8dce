"""Typed UAV loads on SM5 ("Typed Unordered Access View Loads", Direct3D 11.3 features): a load from a typed UAV
whose element type is one 32-bit component (R32_FLOAT/UINT/SINT views, D3D11.0) needs nothing; any other element
type compiles (fxc 10: DXC's dxbc2dxil corpus loads ``RWBuffer<min16int3>`` under ``fxc /T ps_5_0``) and marks the
shader D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS ("For typed UAVs, the HLSL flag is ..."). A device
without D3D11_FEATURE_DATA_D3D11_OPTIONS2.TypedUAVLoadAdditionalFormats refuses to create such a shader
(test_audit_pipeline); a store alone needs no flag."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.headers.d3dcommon import D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS as FLAG
from pyd3d11.shader.dxbc.container import parse_container

pytestmark = pytest.mark.backend_independent  # compiles only

#: element type -> needs the additional-formats flag (one 32-bit component or not)
ELEMENTS = [("float", False), ("int", False), ("uint", False), ("float1", False), ("unorm float", False),
            ("snorm float", False), ("min16float", False), ("float2", True), ("float3", True), ("float4", True),
            ("int2", True), ("uint4", True), ("unorm float4", True), ("snorm float2", True), ("min16int3", True)]
#: (declaration, coordinate type)
KINDS = [("RWBuffer", "uint"), ("RWTexture1D", "uint"), ("RWTexture1DArray", "uint2"), ("RWTexture2D", "uint2"),
         ("RWTexture2DArray", "uint3"), ("RWTexture3D", "uint3")]


def _sfi0(blob: bytes) -> int:
    for c in parse_container(blob).chunks:
        if c.fourcc == "SFI0":
            return int(np.frombuffer(bytes(c.data)[:8], np.uint64)[0])
    return 0


def _flag(src: str, profile: str = "cs_5_0") -> bool:
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))
    return bool(_sfi0(blob) & FLAG)


@pytest.mark.parametrize(("elem", "needs"), ELEMENTS)
def test_the_flag_follows_the_element_type(elem: str, needs: bool):
    """Every UAV dimension, read by subscript and by Load (with and without status), in one shader per element
    type; the flag is set exactly when the element is not one 32-bit component."""
    decls = "\n".join(f"{k}<{elem}> u{i} : register(u{i + 1});" for i, (k, _c) in enumerate(KINDS))
    reads = " + ".join(f"(float)u{i}[({c})id.x].x" for i, (_k, c) in enumerate(KINDS))  # .x: scalars too
    src = f"""{decls}
RWByteAddressBuffer o : register(u0);
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{
  uint s;
  float v = {reads} + (float)u3.Load(id.xy).x + (float)u0.Load(id.x, s).x + s;
  o.Store(0, asuint(v));
}}"""
    assert _flag(src) == needs


@pytest.mark.parametrize("profile", ["cs_5_0", "ps_5_0"])
def test_the_docs_example_compiles_with_the_flag(profile: str):
    src = """RWTexture2D<float4> uav1 : register(u1); uint2 coord;
float4 ps(float4 p : SV_Position) : SV_Target { return uav1.Load(coord); }
RWByteAddressBuffer o : register(u0);
[numthreads(1, 1, 1)] void cs() { o.Store4(0, asuint(uav1.Load(coord))); }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, profile[:2], profile))
    assert _sfi0(blob) & FLAG


def test_stores_and_single_component_loads_need_no_flag():
    src = """RWTexture2D<float4> a : register(u1); RWBuffer<uint> b : register(u2);
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { a[id.xy] = b[id.x]; b[id.x + 1] = 2; }"""
    assert not _flag(src)


def test_compound_assignment_loads_the_element():
    """``u[i] += 1`` reads the element first: a float4 typed UAV needs the flag (it was fxc 9's X3676)."""
    assert _flag("RWTexture2D<float4> u; [numthreads(1, 1, 1)] void main() { u[uint2(0, 0)] += 1; }")
