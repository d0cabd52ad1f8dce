"""CreateBuffer / CreateTexture1D/2D/3D: validation (HRESULT + no side effects) and initial data layout."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api import D3D11CreateDevice, ID3D11InfoQueue
from pyd3d11.errors import InvalidArgError

VB, IB, CB, SRV, SO, RT, DS, UAV = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80
DEFAULT, IMMUTABLE, DYNAMIC, STAGING = 0, 1, 2, 3
W, R = 0x10000, 0x20000
GENMIPS, CUBE, RAW, STRUCT, INDIRECT = 0x1, 0x4, 0x20, 0x40, 0x10
RGBA8, RGBA8_TL, BC1, D24S8, R32F = 28, 27, 71, 45, 41


def dev_at(level=0xB000, flags=0):
    return D3D11CreateDevice(None, 1, None, flags, [level], 1, 7)[0]


@pytest.fixture
def dev():
    return dev_at(flags=0x2)


def buf(**kw):
    d = dict(ByteWidth=64, Usage=DEFAULT, BindFlags=VB, CPUAccessFlags=0, MiscFlags=0, StructureByteStride=0)
    d.update(kw)
    return d


def tex2d(**kw):
    d = dict(Width=16, Height=16, MipLevels=1, ArraySize=1, Format=RGBA8, SampleDesc=dict(Count=1, Quality=0),
             Usage=DEFAULT, BindFlags=SRV, CPUAccessFlags=0, MiscFlags=0)
    d.update(kw)
    return d


def live(dev):
    return len(dev._live_children())


# -- buffers -------------------------------------------------------------------------------------

VALID_BUFFERS = [
    buf(),
    buf(BindFlags=0),  # DEFAULT with no binds is a plain copy source/target
    buf(Usage=DYNAMIC, CPUAccessFlags=W, BindFlags=VB | SRV),
    buf(Usage=STAGING, CPUAccessFlags=R | W, BindFlags=0),
    buf(BindFlags=CB, ByteWidth=4096 * 16),
    buf(BindFlags=SRV | UAV, MiscFlags=STRUCT, StructureByteStride=16),
    buf(BindFlags=SRV, MiscFlags=RAW),
    buf(BindFlags=UAV, MiscFlags=INDIRECT),
    buf(BindFlags=VB | IB | SO | SRV),
]


@pytest.mark.parametrize("desc", VALID_BUFFERS)
def test_valid_buffers(dev, desc):
    b = dev.CreateBuffer(desc)
    assert b.GetDesc().ByteWidth == desc["ByteWidth"]
    assert b._storage.data.size == desc["ByteWidth"] and not b._storage.data.any()


INVALID_BUFFERS = [
    (buf(ByteWidth=0), "ByteWidth"),
    (buf(Usage=7), "Usage"),
    (buf(BindFlags=0x100000), "BindFlags"),
    (buf(CPUAccessFlags=W), "CPUAccessFlags"),  # DEFAULT + CPU access
    (buf(Usage=DYNAMIC, CPUAccessFlags=R), "CPUAccessFlags"),
    (buf(Usage=DYNAMIC, CPUAccessFlags=W, BindFlags=UAV), "DYNAMIC"),
    (buf(Usage=DYNAMIC, CPUAccessFlags=W, BindFlags=SO), "DYNAMIC"),
    (buf(Usage=STAGING, CPUAccessFlags=R, BindFlags=VB), "STAGING"),
    (buf(Usage=STAGING, CPUAccessFlags=0, BindFlags=0), "STAGING"),
    (buf(Usage=IMMUTABLE), "pInitialData"),
    (buf(BindFlags=CB, ByteWidth=40), "multiple of 16"),
    (buf(BindFlags=CB | VB, ByteWidth=64), "CONSTANT_BUFFER"),
    (buf(BindFlags=SRV, MiscFlags=STRUCT, StructureByteStride=0), "StructureByteStride"),
    (buf(BindFlags=SRV, MiscFlags=STRUCT, StructureByteStride=6), "StructureByteStride"),
    (buf(BindFlags=SRV, MiscFlags=STRUCT, StructureByteStride=4096, ByteWidth=8192), "StructureByteStride"),
    (buf(BindFlags=SRV, MiscFlags=STRUCT, StructureByteStride=24), "multiple of StructureByteStride"),
    (buf(BindFlags=SRV, MiscFlags=STRUCT | RAW, StructureByteStride=16), "exclusive"),
    (buf(BindFlags=VB, MiscFlags=RAW), "ALLOW_RAW_VIEWS"),
    (buf(BindFlags=DS), "DEPTH_STENCIL"),  # RT buffers are valid on Windows (wine test_create_buffer)
    (buf(MiscFlags=CUBE), "texture-only"),
    (buf(MiscFlags=0x40000), "tiled"),
    (buf(MiscFlags=0x8), "unknown"),
]


@pytest.mark.parametrize("desc,field", INVALID_BUFFERS)
def test_invalid_buffers_fail_without_side_effects(dev, desc, field):
    before = live(dev)
    with pytest.raises(InvalidArgError) as e:
        dev.CreateBuffer(desc, dict(pSysMem=bytes(desc["ByteWidth"] or 1)) if desc["Usage"] != IMMUTABLE else None)
    assert e.value.hresult == 0x80070057 and field in str(e.value)
    assert live(dev) == before
    # validation-only form gives the same verdict
    with pytest.raises(InvalidArgError):
        dev.CreateBuffer(desc, None, None)


def test_constant_buffer_size_limit_lifted_at_11_1():
    d = dev_at(0xB100)
    assert d.CreateBuffer(buf(BindFlags=CB, ByteWidth=4096 * 16 * 2)).GetDesc().ByteWidth == 4096 * 32


def test_feature_level_gates_for_buffers():
    d93 = dev_at(0x9300)
    with pytest.raises(InvalidArgError):
        d93.CreateBuffer(buf(BindFlags=SO))
    with pytest.raises(InvalidArgError):
        d93.CreateBuffer(buf(BindFlags=SRV, MiscFlags=STRUCT, StructureByteStride=16))


def test_buffer_initial_data_and_validate_only(dev):
    data = np.arange(16, dtype=np.float32)
    b = dev.CreateBuffer(buf(Usage=IMMUTABLE), dict(pSysMem=data))
    assert b._storage.data.view(np.float32).tolist() == list(range(16))
    with pytest.raises(InvalidArgError):
        dev.CreateBuffer(buf(), dict(pSysMem=bytes(10)))
    before = live(dev)
    assert dev.CreateBuffer(buf(), None, None) is None
    assert live(dev) == before


def test_failed_create_reports_messages(dev):
    q = dev.QueryInterface(ID3D11InfoQueue)
    q.ClearStoredMessages()
    with pytest.raises(InvalidArgError):
        dev.CreateBuffer(buf(ByteWidth=0))
    texts = [q.GetMessage(i).pDescription for i in range(q.GetNumStoredMessages())]
    assert any("CREATEBUFFER_INVALIDDIMENSIONS" in t and "#66" in t for t in texts)
    assert any("#69: CREATEBUFFER_INVALIDARG_RETURN" in t for t in texts)


def test_get_desc_is_a_copy(dev):
    b = dev.CreateBuffer(buf())
    d = b.GetDesc()
    d.ByteWidth = 1
    assert b.GetDesc().ByteWidth == 64
    assert b.GetType() == 1
    b.SetEvictionPriority(0xC8000000)
    assert b.GetEvictionPriority() == 0xC8000000


# -- textures ------------------------------------------------------------------------------------

def test_mip_chain_resolution(dev):
    t = dev.CreateTexture2D(tex2d(Width=20, Height=5, MipLevels=0))
    assert t.GetDesc().MipLevels == 5  # 20 -> 10 -> 5 -> 2 -> 1
    assert [L.width for L in t._storage.subresources] == [20, 10, 5, 2, 1]
    assert [L.height for L in t._storage.subresources] == [5, 2, 1, 1, 1]
    with pytest.raises(InvalidArgError) as e:
        dev.CreateTexture2D(tex2d(Width=20, Height=5, MipLevels=6))
    assert "MipLevels" in str(e.value)


INVALID_TEX2D = [
    (tex2d(Format=0), "Format"),
    (tex2d(Width=0), "Width"),
    (tex2d(Width=16385), "exceeds"),
    (tex2d(ArraySize=2049), "ArraySize"),
    (tex2d(MiscFlags=CUBE, ArraySize=4), "multiple of 6"),
    (tex2d(MiscFlags=CUBE, ArraySize=6, Height=8), "square"),
    (tex2d(MiscFlags=GENMIPS, BindFlags=SRV), "GENERATE_MIPS"),
    (tex2d(BindFlags=DS), "DEPTH_STENCIL"),  # RGBA8 cannot be a depth buffer
    (tex2d(Format=D24S8, BindFlags=DS | RT), "DEPTH_STENCIL"),
    (tex2d(Format=BC1, BindFlags=RT), "RENDER_TARGET"),
    (tex2d(Format=BC1, Width=6, Height=8), "multiples of 4"),
    (tex2d(SampleDesc=dict(Count=0)), "SampleDesc"),
    (tex2d(SampleDesc=dict(Count=1, Quality=1)), "Quality"),
    (tex2d(SampleDesc=dict(Count=3), BindFlags=RT), "SampleDesc"),
    (tex2d(SampleDesc=dict(Count=4), BindFlags=RT, MipLevels=2), "MipLevels"),
    (tex2d(SampleDesc=dict(Count=4), BindFlags=SRV), "RENDER_TARGET or DEPTH_STENCIL"),
    (tex2d(SampleDesc=dict(Count=4), BindFlags=RT | UAV), "UNORDERED_ACCESS"),
    (tex2d(Usage=DYNAMIC, CPUAccessFlags=W, BindFlags=RT), "DYNAMIC"),
    (tex2d(Usage=STAGING, CPUAccessFlags=R, BindFlags=SRV), "STAGING"),
    (tex2d(BindFlags=VB), "buffer-only"),
    (tex2d(MiscFlags=STRUCT), "buffer-only"),
]


@pytest.mark.parametrize("desc,field", INVALID_TEX2D)
def test_invalid_texture2d(dev, desc, field):
    before = live(dev)
    with pytest.raises(InvalidArgError) as e:
        dev.CreateTexture2D(desc)
    assert field in str(e.value)
    assert live(dev) == before


def test_valid_texture_variants(dev):
    dev.CreateTexture2D(tex2d(MiscFlags=CUBE, ArraySize=12))
    dev.CreateTexture2D(tex2d(MiscFlags=GENMIPS, BindFlags=SRV | RT, MipLevels=0))
    ms = dev.CreateTexture2D(tex2d(SampleDesc=dict(Count=4, Quality=0), BindFlags=RT | SRV))
    assert ms._storage.sample_count == 4 and ms._storage.data.size == 16 * 16 * 4 * 4
    dev.CreateTexture2D(tex2d(SampleDesc=dict(Count=4, Quality=0xFFFFFFFF), BindFlags=RT))
    dev.CreateTexture2D(tex2d(Format=RGBA8_TL, BindFlags=SRV | RT | UAV))
    dev.CreateTexture2D(tex2d(Format=44, BindFlags=DS | SRV))  # R24G8_TYPELESS
    bc = dev.CreateTexture2D(tex2d(Format=BC1, Width=16, Height=8, MipLevels=0))
    assert [L.row_pitch for L in bc._storage.subresources] == [32, 16, 8, 8, 8]


def test_feature_level_texture_limits():
    d91 = dev_at(0x9100)
    d91.CreateTexture2D(tex2d(Width=2048, Height=2048))
    with pytest.raises(InvalidArgError):
        d91.CreateTexture2D(tex2d(Width=4096, Height=4))
    with pytest.raises(InvalidArgError):
        d91.CreateTexture2D(tex2d(ArraySize=2))
    d100 = dev_at(0xA000)
    with pytest.raises(InvalidArgError):
        d100.CreateTexture2D(tex2d(MiscFlags=CUBE, ArraySize=12))  # cube arrays need 10_1
    with pytest.raises(InvalidArgError):
        d100.CreateTexture2D(tex2d(Format=98))  # BC7 needs 11_0
    with pytest.raises(InvalidArgError):
        d100.CreateTexture2D(tex2d(BindFlags=UAV))


def test_texture2d_initial_data_respects_pitch(dev):
    w, h = 3, 2
    pitch = 16  # padded rows
    src = np.zeros((h, pitch), np.uint8)
    for y in range(h):
        src[y, :w * 4] = np.arange(w * 4) + 100 * y
    t = dev.CreateTexture2D(tex2d(Width=w, Height=h), [dict(pSysMem=src, SysMemPitch=pitch)])
    got = t._storage.subresource_bytes(0).reshape(h, w * 4)
    assert (got == src[:, :w * 4]).all()
    with pytest.raises(InvalidArgError):
        dev.CreateTexture2D(tex2d(Width=w, Height=h), [dict(pSysMem=src, SysMemPitch=8)])  # pitch < row
    with pytest.raises(InvalidArgError):
        dev.CreateTexture2D(tex2d(Width=w, Height=h), [dict(pSysMem=src[:1], SysMemPitch=pitch)])  # too short


def test_texture_mips_and_arrays_initial_data_order(dev):
    # subresource = mip + slice * MipLevels; fill each with its own index
    subs = []
    sizes = [(4, 4), (2, 2), (1, 1)] * 2
    for i, (w, h) in enumerate(sizes):
        subs.append(dict(pSysMem=np.full(w * h * 4, i, np.uint8), SysMemPitch=w * 4))
    t = dev.CreateTexture2D(tex2d(Width=4, Height=4, MipLevels=3, ArraySize=2), subs)
    for i in range(6):
        assert (t._storage.subresource_bytes(i) == i).all()
    with pytest.raises(InvalidArgError):
        dev.CreateTexture2D(tex2d(Width=4, Height=4, MipLevels=3, ArraySize=2), subs[:5])


def test_texture3d_and_1d(dev):
    w, h, d = 2, 2, 3
    slice_pitch = 32
    src = np.zeros(slice_pitch * d, np.uint8)
    for z in range(d):
        src[z * slice_pitch:z * slice_pitch + w * h * 4] = z + 1
    t = dev.CreateTexture3D(dict(Width=w, Height=h, Depth=d, MipLevels=1, Format=RGBA8, BindFlags=SRV),
                            dict(pSysMem=src, SysMemPitch=w * 4, SysMemSlicePitch=slice_pitch))
    got = t._storage.subresource_bytes(0).reshape(d, -1)
    assert [int(got[z].min()) for z in range(d)] == [1, 2, 3] and t.GetType() == 4
    with pytest.raises(InvalidArgError):
        dev.CreateTexture3D(dict(Width=4096, Height=1, Depth=1, MipLevels=1, Format=RGBA8, BindFlags=SRV))
    with pytest.raises(InvalidArgError):
        dev.CreateTexture3D(dict(Width=4, Height=4, Depth=4, MipLevels=1, Format=D24S8, BindFlags=DS))
    t1 = dev.CreateTexture1D(dict(Width=8, MipLevels=0, ArraySize=3, Format=R32F, BindFlags=SRV),
                             [dict(pSysMem=np.full(8 >> m, s * 10 + m, np.float32)) for s in range(3)
                              for m in range(4)])
    assert t1.GetDesc().MipLevels == 4 and t1.GetType() == 2
    assert t1._storage.subresource_bytes(5).view(np.float32).tolist() == [11.0] * 4


def test_immutable_texture_needs_data(dev):
    with pytest.raises(InvalidArgError):
        dev.CreateTexture2D(tex2d(Usage=IMMUTABLE))
    t = dev.CreateTexture2D(tex2d(Usage=IMMUTABLE, Width=1, Height=1), dict(pSysMem=b"\1\2\3\4", SysMemPitch=4))
    assert t._storage.data.tolist() == [1, 2, 3, 4]
