"""Effect variables: each setter writes the constant-buffer bytes the D3D11 packing rules (functional spec
"Constant Buffer packing": 16-byte registers, arrays one element per register, column_major matrices one
column per register) and FX11's documented conversions put there, read back from the D3D buffer that
``Pass.Apply`` binds; getters read them back. Offsets below are worked out by hand from those rules."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from pyd3d11 import quick_device, texture_to_numpy
from pyd3d11.effects import D3DX11_EFFECT_VARIABLE_ANNOTATION, D3DX11CompileEffectFromMemory
from pyd3d11.errors import E_FAIL, E_INVALIDARG, D3D11Error

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

SRC = r"""
struct S { float a; float3 b; };
cbuffer cb
{
    float f;                    // c0.x   (0)
    int i;                      // c0.y   (4)
    uint u;                     // c0.z   (8)
    bool b;                     // c0.w   (12)
    float fa[3];                // c1.x c2.x c3.x   (16, 32, 48)
    float3 v3;                  // c3.yzw (52): fits after the array's last element
    int4 iv;                    // c4     (64)
    float4x4 mc;                // c5..c8, one column per register (80)
    row_major float4x4 mr;      // c9..c12, one row per register (144)
    float3x2 m32;               // c13..c14.xyz: 2 columns of 3, 28 bytes (208)
    row_major float2x3 r23;     // 28 bytes do not fit c14.w: c15..c16.xyz, 2 rows of 3 (240)
    float2 va[2];               // c17.xy c18.xy (272, 288)
    float4x4 marr[2];           // c19..c26 (304, 368)
    S s;                        // c27.x, c27.yzw (432)
    bool ba[2];                 // c28.x c29.x (448, 464)
};
cbuffer cbDefaults
{
    float4 d4 = float4(1, 2, 3, 4);     // c0
    float2x2 md = { 1, 2, 3, 4 };       // c1..c2 (column-major: (1,3) then (2,4))
    int di[2] = { 7, -8 };              // c3.x c4.x
};
float g_annotated < float UIMax = 2.5; string UIName = "Annotated"; int Steps[2] = { 3, 4 }; > = 0.5;
float4 VS(float4 p : POSITION) : SV_Position { return p * f + d4 * g_annotated; }
technique11 T { pass P { SetVertexShader(CompileShader(vs_5_0, VS())); SetPixelShader(NULL); } }
"""


@pytest.fixture
def fx():
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(SRC, len(SRC), "vars.fx", None, None, 0, 0, dev)
    return eff, ctx


def cb_bytes(eff, ctx, slot_name="cb") -> bytes:
    eff.GetTechniqueByIndex(0).GetPassByIndex(0).Apply(0, ctx)
    cbs = ctx.VSGetConstantBuffers(0, 3)
    want = eff.GetConstantBufferByName(slot_name).GetConstantBuffer()
    buf = next(b for b in cbs if b is want)
    return bytes(np.asarray(texture_to_numpy(ctx, buf)).view(np.uint8))


def f32(data: bytes, off: int) -> float:
    return struct.unpack_from("<f", data, off)[0]


def i32(data: bytes, off: int) -> int:
    return struct.unpack_from("<i", data, off)[0]


def u32(data: bytes, off: int) -> int:
    return struct.unpack_from("<I", data, off)[0]


def var(eff, name):
    v = eff.GetVariableByName(name)
    assert v.IsValid()
    return v


# --- scalars: FX11 CopyScalarValue conversions ----------------------------------------------------------------
SCALAR_CASES = [
    # (variable, setter, value, offset, reader, stored)
    ("f", "SetFloat", 1.5, 0, f32, 1.5),
    ("f", "SetInt", 7, 0, f32, 7.0),
    ("f", "SetBool", True, 0, f32, 1.0),
    ("i", "SetInt", -5, 4, i32, -5),
    ("i", "SetFloat", -2.7, 4, i32, -2),          # truncation toward zero
    ("i", "SetBool", True, 4, i32, 1),
    ("u", "SetInt", 42, 8, u32, 42),
    ("u", "SetFloat", 3.9, 8, u32, 3),
    ("b", "SetBool", True, 12, u32, 0xFFFFFFFF),  # effect bools are stored as -1 / 0
    ("b", "SetInt", 5, 12, u32, 0xFFFFFFFF),
    ("b", "SetFloat", 0.0, 12, u32, 0),
    ("b", "SetBool", False, 12, u32, 0),
]


@pytest.mark.parametrize("name,setter,value,off,reader,stored", SCALAR_CASES,
                         ids=[f"{c[0]}.{c[1]}({c[2]})" for c in SCALAR_CASES])
def test_scalar_setters_store_converted_values(fx, name, setter, value, off, reader, stored):
    eff, ctx = fx
    getattr(var(eff, name).AsScalar(), setter)(value)
    assert reader(cb_bytes(eff, ctx), off) == stored


def test_scalar_getters_convert(fx):
    eff, _ = fx
    f, i, b = var(eff, "f").AsScalar(), var(eff, "i").AsScalar(), var(eff, "b").AsScalar()
    f.SetFloat(2.75)
    assert (f.GetFloat(), f.GetInt(), f.GetBool()) == (2.75, 2, True)
    i.SetInt(-3)
    assert (i.GetInt(), i.GetFloat(), i.GetBool()) == (-3, -3.0, True)
    b.SetBool(True)
    assert (b.GetBool(), b.GetInt(), b.GetFloat()) == (True, 1, 1.0)


def test_scalar_arrays_one_register_per_element(fx):
    eff, ctx = fx
    fa = var(eff, "fa").AsScalar()
    fa.SetFloatArray([1.0, 2.0, 3.0], 0, 3)
    fa.SetFloatArray(np.array([9.0], np.float32), 2, 1)
    data = cb_bytes(eff, ctx)
    assert [f32(data, o) for o in (16, 32, 48)] == [1.0, 2.0, 9.0]
    assert [f32(data, o) for o in (20, 24, 28)] == [0.0, 0.0, 0.0]  # the rest of each register untouched
    assert fa.GetFloatArray(0, 3) == [1.0, 2.0, 9.0]
    out = [0.0, 0.0]
    fa.GetFloatArray(out, 1, 2)  # C-style: fills the caller's buffer
    assert out == [2.0, 9.0]
    ba = var(eff, "ba").AsScalar()
    ba.SetBoolArray([True, False], 0, 2)
    data = cb_bytes(eff, ctx)
    assert (u32(data, 448), u32(data, 464)) == (0xFFFFFFFF, 0)


@pytest.mark.parametrize("offset,count", [(2, 2), (3, 1), (0, 4)])
def test_array_range_outside_the_variable_is_invalidarg(fx, offset, count):
    eff, _ = fx
    with pytest.raises(D3D11Error) as e:
        var(eff, "fa").AsScalar().SetFloatArray([0.0] * count, offset, count)
    assert e.value.hresult == E_INVALIDARG


def test_element_and_member_variables(fx):
    eff, ctx = fx
    var(eff, "fa").GetElement(1).AsScalar().SetFloat(5.0)
    s = var(eff, "s")
    s.GetMemberByName("a").AsScalar().SetFloat(-1.0)
    s.GetMemberByIndex(1).AsVector().SetFloatVector([4.0, 5.0, 6.0, 99.0])
    data = cb_bytes(eff, ctx)
    assert f32(data, 32) == 5.0
    assert [f32(data, 432 + 4 * k) for k in range(4)] == [-1.0, 4.0, 5.0, 6.0]
    assert not var(eff, "fa").GetElement(3).IsValid()
    assert not s.GetMemberByName("zz").IsValid()
    assert s.GetMemberByIndex(1).GetDesc().Name == "b"


# --- vectors ----------------------------------------------------------------------------------------------------
def test_vectors_write_their_component_count(fx):
    eff, ctx = fx
    var(eff, "v3").AsVector().SetFloatVector([1.0, 2.0, 3.0, 4.0])
    var(eff, "iv").AsVector().SetIntVector([1, -2, 3, -4])
    var(eff, "va").AsVector().SetFloatVectorArray([1, 2, 0, 0, 3, 4, 0, 0], 0, 2)
    data = cb_bytes(eff, ctx)
    assert [f32(data, 52 + 4 * k) for k in range(3)] == [1.0, 2.0, 3.0]
    assert f32(data, 48) == 0.0  # c3.x is fa[2]'s, untouched
    assert [i32(data, 64 + 4 * k) for k in range(4)] == [1, -2, 3, -4]
    assert [f32(data, o) for o in (272, 276, 280, 288, 292)] == [1.0, 2.0, 0.0, 3.0, 4.0]
    assert var(eff, "v3").AsVector().GetFloatVector()[:3] == [1.0, 2.0, 3.0]
    assert var(eff, "va").AsVector().GetFloatVectorArray(1, 1)[:2] == [3.0, 4.0]


# --- matrices ---------------------------------------------------------------------------------------------------
M = np.arange(1, 17, dtype=np.float32).reshape(4, 4)  # M[r][c] = 4r + c + 1


def regs(data: bytes, off: int, n: int) -> np.ndarray:
    return np.frombuffer(data[off:off + 16 * n], "<f4").reshape(n, 4)


def test_matrix_packing(fx):
    eff, ctx = fx
    var(eff, "mc").AsMatrix().SetMatrix(M)
    var(eff, "mr").AsMatrix().SetMatrix(M)
    var(eff, "m32").AsMatrix().SetMatrix(M)
    var(eff, "r23").AsMatrix().SetMatrix(M)
    data = cb_bytes(eff, ctx)
    np.testing.assert_array_equal(regs(data, 80, 4), M.T)        # column c in register c
    np.testing.assert_array_equal(regs(data, 144, 4), M)         # row r in register r
    np.testing.assert_array_equal(regs(data, 208, 2)[:, :3], M[:3, :2].T)  # float3x2: 2 columns of 3 rows
    np.testing.assert_array_equal(regs(data, 240, 2)[:, :3], M[:2, :3])    # row_major float2x3: 2 rows of 3


def test_matrix_transpose_setters(fx):
    eff, ctx = fx
    var(eff, "mc").AsMatrix().SetMatrixTranspose(M)
    var(eff, "mr").AsMatrix().SetMatrixTranspose(M)
    data = cb_bytes(eff, ctx)
    np.testing.assert_array_equal(regs(data, 80, 4), M)
    np.testing.assert_array_equal(regs(data, 144, 4), M.T)


def test_matrix_getters_round_trip(fx):
    eff, _ = fx
    for name in ("mc", "mr"):
        m = var(eff, name).AsMatrix()
        m.SetMatrix(M)
        np.testing.assert_array_equal(m.GetMatrix(), M)
        np.testing.assert_array_equal(m.GetMatrixTranspose(), M.T)
    m32 = var(eff, "m32").AsMatrix()
    m32.SetMatrix(M)
    got = m32.GetMatrix()
    np.testing.assert_array_equal(got[:3, :2], M[:3, :2])
    assert not got[3].any() and not got[:, 2:].any()


def test_matrix_arrays(fx):
    eff, ctx = fx
    mats = np.stack([M, M * 2])
    var(eff, "marr").AsMatrix().SetMatrixArray(mats, 0, 2)
    data = cb_bytes(eff, ctx)
    np.testing.assert_array_equal(regs(data, 304, 4), M.T)
    np.testing.assert_array_equal(regs(data, 368, 4), (M * 2).T)
    np.testing.assert_array_equal(var(eff, "marr").AsMatrix().GetMatrixArray(1, 1)[0], M * 2)
    with pytest.raises(D3D11Error) as e:
        var(eff, "marr").AsMatrix().SetMatrixArray(mats, 1, 2)
    assert e.value.hresult == E_INVALIDARG


# --- defaults, raw values, descriptions ---------------------------------------------------------------------
def test_initialisers_are_the_starting_values(fx):
    eff, ctx = fx
    data = cb_bytes(eff, ctx, "cbDefaults")
    np.testing.assert_array_equal(regs(data, 0, 1)[0], [1, 2, 3, 4])
    np.testing.assert_array_equal(regs(data, 16, 2)[:, :2], [[1, 3], [2, 4]])  # column-major float2x2
    assert (i32(data, 48), i32(data, 64)) == (7, -8)
    assert var(eff, "g_annotated").AsScalar().GetFloat() == 0.5


def test_raw_values(fx):
    eff, ctx = fx
    v = var(eff, "iv")
    v.SetRawValue(struct.pack("<2i", 11, 12), 4, 8)
    assert [i32(cb_bytes(eff, ctx), 64 + 4 * k) for k in range(4)] == [0, 11, 12, 0]
    assert v.GetRawValue(4, 8) == struct.pack("<2i", 11, 12)
    with pytest.raises(D3D11Error) as e:
        v.SetRawValue(b"\0" * 8, 12, 8)
    assert e.value.hresult == E_INVALIDARG


def test_variable_and_type_descs(fx):
    eff, _ = fx
    d = var(eff, "mc").GetDesc()
    assert (d.Name, d.BufferOffset, d.Annotations) == ("mc", 80, 0)
    t = var(eff, "m32").GetType().GetDesc()
    # float3x2 column-major: 2 registers, 16 * (2 - 1) + 4 * 3 bytes unpacked, 24 packed
    assert (t.TypeName, t.Rows, t.Columns, t.Elements, t.UnpackedSize, t.PackedSize, t.Stride) == (
        "float3x2", 3, 2, 0, 28, 24, 32)
    t = var(eff, "fa").GetType().GetDesc()
    assert (t.Elements, t.UnpackedSize, t.PackedSize, t.Stride) == (3, 36, 12, 16)
    assert var(eff, "s").GetType().GetDesc().Members == 2
    assert var(eff, "s").GetType().GetMemberName(1) == "b"
    n = eff.GetDesc().GlobalVariables
    names = {eff.GetVariableByIndex(k).GetDesc().Name for k in range(n)}
    assert names == {"f", "i", "u", "b", "fa", "v3", "iv", "mc", "mr", "m32", "r23", "va", "marr", "s", "ba", "d4", "md",
                     "di", "g_annotated"}
    assert not eff.GetVariableByIndex(n).IsValid()
    assert var(eff, "f").GetParentConstantBuffer().GetDesc().Name == "cb"


def test_annotations(fx):
    eff, _ = fx
    v = var(eff, "g_annotated")
    assert v.GetDesc().Annotations == 3
    a = v.GetAnnotationByName("UIMax")
    assert a.IsValid() and a.AsScalar().GetFloat() == 2.5
    assert a.GetDesc().Flags & D3DX11_EFFECT_VARIABLE_ANNOTATION
    assert v.GetAnnotationByName("UIName").AsString().GetString() == "Annotated"
    assert v.GetAnnotationByIndex(2).AsScalar().GetIntArray(0, 2) == [3, 4]
    assert not v.GetAnnotationByName("Missing").IsValid()
    with pytest.raises(D3D11Error) as e:
        a.AsScalar().SetFloat(1.0)  # annotations are read-only
    assert e.value.hresult == E_FAIL


# --- the invalid variable ---------------------------------------------------------------------------------------
def test_missing_names_return_the_invalid_variable(fx):
    eff, _ = fx
    bad = eff.GetVariableByName("nope")
    assert bad is not None and not bad.IsValid()
    assert not bad.AsMatrix().IsValid() and not eff.GetVariableBySemantic("NOPE").IsValid()
    assert not eff.GetVariableByIndex(999).IsValid()
    assert not eff.GetConstantBufferByName("nope").IsValid()
    with pytest.raises(D3D11Error) as e:
        bad.AsMatrix().SetMatrix(M)
    assert e.value.hresult == E_FAIL
    with pytest.raises(D3D11Error) as e:
        bad.GetDesc()
    assert e.value.hresult == E_FAIL


@pytest.mark.parametrize("name,ok", [("f", "AsScalar"), ("v3", "AsVector"), ("mc", "AsMatrix"), ("s", None)])
def test_as_interfaces_match_the_type(fx, name, ok):
    eff, _ = fx
    v = var(eff, name)
    for method in ("AsScalar", "AsVector", "AsMatrix", "AsString", "AsShaderResource", "AsSampler", "AsBlend",
                   "AsShader", "AsConstantBuffer", "AsUnorderedAccessView", "AsRasterizer", "AsDepthStencil",
                   "AsRenderTargetView", "AsDepthStencilView"):
        assert getattr(v, method)().IsValid() == (method == ok), method


# --- object variables -------------------------------------------------------------------------------------------
OBJ_SRC = r"""
Texture2D g_texs[3];
RWTexture2D<float4> g_uav;
SamplerState g_samp { Filter = MIN_MAG_MIP_POINT; };
string g_names[2] = { "first", "second" };
technique11 T { pass { } }
"""


def test_object_variable_round_trips():
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(OBJ_SRC, len(OBJ_SRC), "obj.fx", None, None, 0, 0, dev)
    texs = eff.GetVariableByName("g_texs").AsShaderResource()
    a, b = object(), object()  # any view object; the variable only stores it until Apply
    texs.SetResourceArray([a, b], 1, 2)
    assert texs.GetResourceArray(0, 3) == [None, a, b]
    assert texs.GetElement(2).AsShaderResource().GetResource() is b
    texs.GetElement(0).AsShaderResource().SetResource(b)
    assert texs.GetResource() is b
    with pytest.raises(D3D11Error) as e:
        texs.SetResourceArray([a, b], 2, 2)
    assert e.value.hresult == E_INVALIDARG
    uav = eff.GetVariableByName("g_uav").AsUnorderedAccessView()
    uav.SetUnorderedAccessView(a)
    assert uav.GetUnorderedAccessView() is a
    samp = eff.GetVariableByName("g_samp").AsSampler()
    mine = dev.CreateSamplerState(samp.GetBackingStore(0))
    own = samp.GetSampler(0)
    samp.SetSampler(0, mine)
    assert samp.GetSampler(0) is mine
    samp.UndoSetSampler(0)
    assert samp.GetSampler(0) is own
    with pytest.raises(D3D11Error) as e:
        samp.GetSampler(1)
    assert e.value.hresult == E_INVALIDARG
    names = eff.GetVariableByName("g_names").AsString()
    assert names.GetString() == "first" and names.GetStringArray(1, 1) == ["second"]
    assert names.GetElement(1).AsString().GetString() == "second"
