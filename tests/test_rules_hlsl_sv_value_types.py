"""System values declared with another type than their own.

Session 35: d3dcompiler_47 10.1 (run under Wine) refuses every such declaration below — the conversion rule this
file first described (from the docs, no fxc record) is gone; the tests now hold fxc's recorded errors.

Sources: MicrosoftDocs direct3dhlsl "Semantics" (the System-Value Semantics table's Type column: SV_Position
float4, SV_VertexID / SV_InstanceID / SV_PrimitiveID / SV_SampleIndex / SV_Coverage uint, SV_Depth float …)
and the D3D11.3 functional spec §23/§24 ("Type:" of each system value): the pipeline produces and consumes
the system value's own type. A parameter declared with another numeric type receives the value by HLSL's
implicit conversion ("Casting and conversion": int/uint <-> float convert the value), so the signature
element records the system value's component type and the code converts: ``uint2 p : SV_Position`` in a
pixel shader is the truncated pixel position (1.5 -> 1), ``float id : SV_VertexID`` the index as a float.
Before this rule the register's bits were read as the declared type (1.5's bits as a uint, 1.07e9).

Expected values: pixel centres of a 2x2 target are 0.5 and 1.5 (D3D11.3 §15.x pixel coordinates), worked out
by hand below. Not covered: SV_IsFrontFace (a bool mask; declared types kept as before) and SV_Target (the
render target's type)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

VS = ("float4 main(uint id : SV_VertexID) : SV_Position {"
      " return float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }")
PS_WHITE = "float4 main() : SV_Target { return 1; }"


def _blob(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))


def _draw(vs_src: str, ps_src: str) -> np.ndarray:
    import pyd3d11.d3d11 as cd

    dev, _lvl, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    vs = dev.CreateVertexShader(_blob(vs_src, "vs_5_0"), None, None)
    ps = dev.CreatePixelShader(_blob(ps_src, "ps_5_0"), None, None)
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetShader(ps, None, 0)
    ctx.Draw(3, 0)
    return texture_to_numpy(ctx, tex)


def _sig_types(blob: bytes, inputs: bool) -> dict[str, int]:
    r = D3DReflect(blob)
    d = r.GetDesc()
    get = r.GetInputParameterDesc if inputs else r.GetOutputParameterDesc
    n = d.InputParameters if inputs else d.OutputParameters
    return {get(i).SemanticName.upper(): get(i).ComponentType for i in range(n)}


#: (program, target, fxc's first error) — d3dcompiler_47 10.1 under Wine, session 35: a system value declared with
#: another type than its own is refused (the sessions before inferred an implicit conversion from the docs; fxc
#: checks the signature's declared types: hlsl/svtypes.py)
REFUSED = [
    ("float4 main(uint2 p : SV_Position) : SV_Target { return float4(p, 0, 1); }", "ps_5_0", "X4576"),
    ("float4 main(int4 p : SV_Position) : SV_Target { return float4(p.xy, p.x - p.y, 1); }", "ps_5_0", "X4576"),
    ("void main(float id : SV_VertexID, out float4 p : SV_Position, out nointerpolation float v : V) {"
     " p = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); v = id + 5; }", "vs_5_0", "X4555"),
    ("int4 main(uint id : SV_VertexID) : SV_Position { return int4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0, 1); }",
     "vs_5_0", "X4576"),
    ("float4 main(int id : SV_VertexID) : SV_Position { return float4(id, 0, 0, 1); }", "vs_5_0", "X4576"),
    ("float4 main(float id : SV_InstanceID) : SV_Position { return float4(id, 0, 0, 1); }", "vs_5_0", "X4555"),
    ("float4 main(half id : SV_VertexID) : SV_Position { return float4(id, 0, 0, 1); }", "vs_5_0", "X4555"),
]


@pytest.mark.parametrize("src,target,code", REFUSED)
def test_system_value_declared_with_another_type_is_refused(src, target, code):
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match=code):
        _blob(src, target)


def test_uint_vertex_id_draws():
    """The documented type compiles and runs (the same record: fxc 10.1 compiles it)."""
    src = "float4 main(uint id : SV_VertexID) : SV_Position { return float4(id, 0, 0, 1); }"
    assert _sig_types(_blob(src, "vs_5_0"), True)["SV_VERTEXID"] == 1
    np.testing.assert_array_equal(_draw(VS, PS_WHITE), np.ones((2, 2, 4), np.float32))


def test_double_system_value_keeps_the_double_rules():
    """A double signature element, a system value's too, is d3dcompiler_47 10.1's X3687 "doubles cannot be used
    as shader inputs or outputs" (recorded under Wine, session 36; NotSupportedError before)."""
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X3687"):
        _blob("float4 main(double id : SV_VertexID) : SV_Position { return float4(id, 0, 0, 1); }", "vs_5_0")


def test_vertex_input_other_than_the_ids_keeps_the_declared_type():
    """At the vertex input only SV_VertexID and SV_InstanceID are generated (D3D11.3 §23.1/§23.3); any other
    element comes from the input layout in the declared type: ``int4 pos : SV_Position`` records SINT32 and
    is read as it is (vkd3d's bool-semantics.shader_test feeds it r32g32-sint data)."""
    src = "float4 main(int4 pos : SV_Position) : SV_Position { return pos; }"
    assert _sig_types(_blob(src, "vs_5_0"), True)["SV_POSITION"] == 2  # D3D_REGISTER_COMPONENT_SINT32
