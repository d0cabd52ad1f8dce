"""Struct machinery: zero defaults, nesting, unions, as_struct, struct_copy, struct_key."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import pyd3d11.headers as H
from pyd3d11.headers import as_struct, struct_copy, struct_key

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def test_zero_defaults_and_nesting():
    d = H.D3D11_TEXTURE2D_DESC()
    assert (d.Width, d.Height, d.MipLevels, d.ArraySize, d.Format, d.Usage, d.BindFlags) == (0, 0, 0, 0, 0, 0, 0)
    assert isinstance(d.SampleDesc, H.DXGI_SAMPLE_DESC) and (d.SampleDesc.Count, d.SampleDesc.Quality) == (0, 0)
    # a fresh nested instance per struct
    assert H.D3D11_TEXTURE2D_DESC().SampleDesc is not d.SampleDesc
    b = H.D3D11_BLEND_DESC()
    assert len(b.RenderTarget) == 8
    assert all(isinstance(rt, H.D3D11_RENDER_TARGET_BLEND_DESC) for rt in b.RenderTarget)
    assert len({id(rt) for rt in b.RenderTarget}) == 8
    s = H.D3D11_SAMPLER_DESC()
    assert s.BorderColor == [0.0] * 4 and s.MinLOD == 0.0 and isinstance(s.MaxLOD, float)
    sub = H.D3D11_SUBRESOURCE_DATA()
    assert sub.pSysMem is None and sub.SysMemPitch == 0 and sub.SysMemSlicePitch == 0


def test_slots():
    d = H.D3D11_BUFFER_DESC()
    with pytest.raises(AttributeError):
        d.NotAField = 1  # slotted: typos are errors


def test_field_names_and_order():
    names = [f.name for f in dataclasses.fields(H.D3D11_BUFFER_DESC)]
    assert names == ["ByteWidth", "Usage", "BindFlags", "CPUAccessFlags", "MiscFlags", "StructureByteStride"]
    names = [f.name for f in dataclasses.fields(H.D3D11_INPUT_ELEMENT_DESC)]
    assert names == ["SemanticName", "SemanticIndex", "Format", "InputSlot", "AlignedByteOffset", "InputSlotClass",
                     "InstanceDataStepRate"]
    assert [f.name for f in dataclasses.fields(H.D3D11_BOX)] == ["left", "top", "front", "right", "bottom", "back"]
    assert [f.name for f in dataclasses.fields(H.D3D11_RECT)] == ["left", "top", "right", "bottom"]
    assert [f.name for f in dataclasses.fields(H.D3D11_MAPPED_SUBRESOURCE)] == ["pData", "RowPitch", "DepthPitch"]
    srv = [f.name for f in dataclasses.fields(H.D3D11_SHADER_RESOURCE_VIEW_DESC)]
    assert srv == ["Format", "ViewDimension", "Buffer", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray",
                   "Texture2DMS", "Texture2DMSArray", "Texture3D", "TextureCube", "TextureCubeArray", "BufferEx"]
    sd = [f.name for f in dataclasses.fields(H.D3D11_SHADER_DESC)]
    assert sd.count("InstructionCount") == 1 and len(sd) == 38 and sd[-1] == "cTextureStoreInstructions"
    sp = [f.name for f in dataclasses.fields(H.D3D11_SIGNATURE_PARAMETER_DESC)]
    assert sp == ["SemanticName", "SemanticIndex", "Register", "SystemValueType", "ComponentType", "Mask",
                  "ReadWriteMask", "Stream", "MinPrecision"]


def test_scalar_union_aliases():
    b = H.D3D11_BUFFER_SRV(ElementOffset=12, ElementWidth=3)
    assert (b.FirstElement, b.NumElements) == (12, 3)
    b.FirstElement = 7
    assert b.ElementOffset == 7
    with pytest.raises(TypeError):
        H.D3D11_BUFFER_SRV(FirstElement=1, ElementOffset=2)
    rtv = as_struct(H.D3D11_BUFFER_RTV, {"ElementOffset": 5})
    assert rtv.FirstElement == 5


def test_as_struct_nested_dicts():
    d = as_struct(H.D3D11_TEXTURE2D_DESC, {"Width": 4, "Height": 2, "SampleDesc": {"Count": 4},
                                           "BindFlags": H.D3D11_BIND_RENDER_TARGET})
    assert isinstance(d, H.D3D11_TEXTURE2D_DESC)
    assert (d.Width, d.Height, d.SampleDesc.Count, d.SampleDesc.Quality, d.MipLevels) == (4, 2, 4, 0, 0)
    b = as_struct(H.D3D11_BLEND_DESC, {"RenderTarget": [{"BlendEnable": 1, "SrcBlend": H.D3D11_BLEND_SRC_ALPHA}]})
    assert len(b.RenderTarget) == 8
    assert b.RenderTarget[0].BlendEnable == 1 and b.RenderTarget[0].SrcBlend == 5
    assert b.RenderTarget[1] == H.D3D11_RENDER_TARGET_BLEND_DESC()
    s = as_struct(H.D3D11_SAMPLER_DESC, {"BorderColor": (1.0, 0.5)})
    assert s.BorderColor == [1.0, 0.5, 0.0, 0.0]
    srv = as_struct(H.D3D11_SHADER_RESOURCE_VIEW_DESC,
                    {"ViewDimension": 4, "Texture2D": {"MipLevels": 1}, "Buffer": H.D3D11_BUFFER_SRV(NumElements=9)})
    assert srv.Texture2D.MipLevels == 1 and srv.Buffer.NumElements == 9


def test_as_struct_passthrough_and_none():
    d = H.D3D11_BUFFER_DESC(ByteWidth=16)
    assert as_struct(H.D3D11_BUFFER_DESC, d) is d
    assert as_struct(H.D3D11_BUFFER_DESC, None) is None


@pytest.mark.parametrize("value, key", [
    ({"ByteWidht": 4}, "ByteWidht"),
    ({"SampleDesc": {"Cuont": 1}}, "Cuont"),
    ({"SampleDesc": 3}, "SampleDesc"),
])
def test_as_struct_rejects_bad_keys(value, key):
    cls = H.D3D11_TEXTURE2D_DESC if "SampleDesc" in value else H.D3D11_BUFFER_DESC
    with pytest.raises(TypeError, match=key):
        as_struct(cls, value)


def test_as_struct_rejects_bad_arrays_and_types():
    with pytest.raises(TypeError, match=r"RenderTarget\[0\].*Blend"):
        as_struct(H.D3D11_BLEND_DESC, {"RenderTarget": [{"Blend": 1}]})
    with pytest.raises(TypeError, match="at most 8"):
        as_struct(H.D3D11_BLEND_DESC, {"RenderTarget": [{}] * 9})
    with pytest.raises(TypeError, match="D3D11_BUFFER_DESC"):
        as_struct(H.D3D11_BUFFER_DESC, 42)
    with pytest.raises(TypeError):
        as_struct(H.D3D11_BUFFER_DESC, H.D3D11_TEXTURE1D_DESC())


def test_struct_copy_is_deep_for_structs_shallow_for_buffers():
    data = np.zeros(4, np.uint8)
    s = H.D3D11_SUBRESOURCE_DATA(pSysMem=data, SysMemPitch=4)
    c = struct_copy(s)
    assert c == s and c is not s and c.pSysMem is data
    b = H.CD3D11_BLEND_DESC(H.D3D11_DEFAULT)
    b2 = struct_copy(b)
    b2.RenderTarget[3].BlendEnable = 1
    assert b.RenderTarget[3].BlendEnable == 0
    assert b2.RenderTarget is not b.RenderTarget


def test_struct_key_equal_for_equal_descs():
    a = H.CD3D11_RASTERIZER_DESC(H.D3D11_DEFAULT)
    b = H.D3D11_RASTERIZER_DESC(FillMode=3, CullMode=3, DepthClipEnable=1)
    assert struct_key(a) == struct_key(b)
    assert hash(struct_key(a)) == hash(struct_key(b))
    assert struct_key(H.CD3D11_BLEND_DESC(H.D3D11_DEFAULT)) == struct_key(H.CD3D11_BLEND_DESC(H.D3D11_DEFAULT))


def test_struct_key_differs_on_any_nested_field():
    base = H.CD3D11_BLEND_DESC(H.D3D11_DEFAULT)
    k0 = struct_key(base)
    for i in range(8):
        for f in dataclasses.fields(H.D3D11_RENDER_TARGET_BLEND_DESC):
            d = struct_copy(base)
            setattr(d.RenderTarget[i], f.name, getattr(d.RenderTarget[i], f.name) + 1)
            assert struct_key(d) != k0, (i, f.name)
    ds = H.CD3D11_DEPTH_STENCIL_DESC(H.D3D11_DEFAULT)
    d2 = struct_copy(ds)
    d2.BackFace.StencilPassOp = H.D3D11_STENCIL_OP_INCR
    assert struct_key(d2) != struct_key(ds)
    s = H.CD3D11_SAMPLER_DESC(H.D3D11_DEFAULT)
    s2 = struct_copy(s)
    s2.BorderColor[2] = 0.0
    assert struct_key(s2) != struct_key(s)


def test_struct_key_float_semantics():
    a = H.D3D11_RASTERIZER_DESC(DepthBiasClamp=0.0)
    b = H.D3D11_RASTERIZER_DESC(DepthBiasClamp=-0.0)
    assert struct_key(a) != struct_key(b)  # the C structs differ bitwise
    # values that round to the same float32 are the same FLOAT field in C
    c = H.D3D11_RASTERIZER_DESC(DepthBiasClamp=0.1)
    d = H.D3D11_RASTERIZER_DESC(DepthBiasClamp=float(np.float32(0.1)))
    assert struct_key(c) == struct_key(d)
    n1 = H.D3D11_SAMPLER_DESC(MipLODBias=float("nan"))
    n2 = H.D3D11_SAMPLER_DESC(MipLODBias=float("nan"))
    assert struct_key(n1) == struct_key(n2)


def test_struct_key_distinguishes_struct_types_and_unhashables():
    assert struct_key(H.D3D11_QUERY_DESC()) != struct_key(H.D3D11_COUNTER_DESC())
    a = np.zeros(3)
    k = struct_key(H.D3D11_SUBRESOURCE_DATA(pSysMem=a))
    assert hash(k) is not None


def test_dxgi_structs():
    sc = H.DXGI_SWAP_CHAIN_DESC()
    assert isinstance(sc.BufferDesc, H.DXGI_MODE_DESC) and isinstance(sc.BufferDesc.RefreshRate, H.DXGI_RATIONAL)
    assert sc.OutputWindow is None
    ad = H.DXGI_ADAPTER_DESC1()
    assert ad.Description == "" and isinstance(ad.AdapterLuid, H.LUID)
    sc1 = as_struct(H.DXGI_SWAP_CHAIN_DESC1, {"Width": 8, "SampleDesc": {"Count": 1}})
    assert sc1.Width == 8 and sc1.SampleDesc.Count == 1


def test_shader_macro():
    m = H.D3D_SHADER_MACRO(Name="FOO", Definition="1")
    assert (m.Name, m.Definition) == ("FOO", "1")
    assert H.D3D_SHADER_MACRO().Name is None
