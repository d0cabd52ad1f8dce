"""pyd3d11.d3d11_x: ID3D11DeviceContextX fast resources (seed 002). Every rule of the
SetFastResourcesIntoBatch page is tested, and the effect of SetFastResources / resource batches is proved equal
to the equivalent D3D11 Set* calls draw for draw (the two images are compared after every draw)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3d11_x import (
    D3D11X_CREATE_DEVICE_PARAMETERS,
    D3D11X_DESCRIPTOR_SAMPLER_STATE,
    D3D11X_MAKE_OFFSET,
    D3D11X_MAKE_OFFSET_AND_STRIDE,
    D3D11X_MAKE_STRIDE,
    D3D11X_SET_FAST,
    D3D11XCreateDeviceX,
    ID3D11DeviceContextX,
)
from pyd3d11.d3dcompiler import D3DCompile

F = D3D11X_SET_FAST
RGBA8, RGBA32F, RG32F = 28, 2, 16
BIND_VB, BIND_CB, BIND_SRV, BIND_RT = 0x1, 0x4, 0x8, 0x20
W = 8

VS = """cbuffer VC : register(b1) { float4 vscale; };
struct VOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
VOut main(float4 pos : POSITION, float2 uv : TEXCOORD) { VOut o; o.pos = float4(pos.xy * vscale.xy, 0.5, 1); o.uv = uv; return o; }"""
PS = """Texture2D t : register(t2); SamplerState s : register(s3); cbuffer PC : register(b0) { float4 tint; };
float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return t.Sample(s, uv) * tint; }"""


def _c(src, target):
    return D3DCompile(src, None, None, None, None, "main", target, 0, 0)


class Rig:
    """One device (plain or X) with the shaders, a target and the resources both paths bind."""

    def __init__(self, x: bool):
        if x:
            self.dev, self.ctx = D3D11XCreateDeviceX(D3D11X_CREATE_DEVICE_PARAMETERS(Version=1, Flags=0x2))
        else:
            self.dev, _, self.ctx = D3D11CreateDevice(None, 1, None, 0x2, [0xB100], 1, 7)  # noqa: F405
        vsb = _c(VS, "vs_5_0")
        self.ctx.VSSetShader(self.dev.CreateVertexShader(vsb, None))
        self.ctx.PSSetShader(self.dev.CreatePixelShader(_c(PS, "ps_5_0"), None))
        els = [D3D11_INPUT_ELEMENT_DESC("POSITION", 0, RGBA32F, 0, 0, 0, 0),  # noqa: F405
               D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, RG32F, 0, 16, 0, 0)]  # noqa: F405
        self.ctx.IASetInputLayout(self.dev.CreateInputLayout(els, 2, vsb))
        self.ctx.IASetPrimitiveTopology(4)
        self.rt = self.tex(W, W, RGBA32F, BIND_RT)
        self.ctx.OMSetRenderTargets(1, [self.dev.CreateRenderTargetView(self.rt)], None)
        self.ctx.RSSetViewports(1, [D3D11_VIEWPORT(Width=W, Height=W, MinDepth=0, MaxDepth=1)])  # noqa: F405
        rng = np.random.default_rng(7)
        self.tex_bytes = rng.integers(0, 256, (16, 16, 4), dtype=np.uint8)
        self.texture = self.tex(16, 16, RGBA8, BIND_SRV, self.tex_bytes)
        self.srv = self.dev.CreateShaderResourceView(self.texture)
        self.sampler = self.dev.CreateSamplerState(D3D11_SAMPLER_DESC(  # noqa: F405
            Filter=0, AddressU=1, AddressV=1, AddressW=1, MaxAnisotropy=1, ComparisonFunc=1, MaxLOD=3.402823466e38))
        tri = [[-1, -1, 0, 1, 0, 1], [-1, 3, 0, 1, 0, -1], [3, -1, 0, 1, 2, 1]]
        self.vb_data = np.array([[9] * 6] * 2 + tri + [[9] * 6], np.float32)  # two junk vertices in front
        self.vb = self.buf(self.vb_data, BIND_VB)
        self.cb_data = np.array([0.5, 1, 0.25, 1, 1, 0.5, 1, 1, 1, 1, 1, 1, 0.75, 0.75, 0.75, 1], np.float32)
        self.tint = self.buf(self.cb_data, BIND_CB)
        self.scale = self.buf(np.array([1, 1, 0, 0, 0.5, 0.5, 0, 0], np.float32), BIND_CB)

    def tex(self, w, h, fmt, bind, data=None):
        desc = D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,  # noqa: F405
                                    SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind)  # noqa: F405
        init = None if data is None else D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes(), SysMemPitch=w * 4)  # noqa: F405
        return self.dev.CreateTexture2D(desc, init)

    def buf(self, data, bind, usage=0, cpu=0):
        data = np.ascontiguousarray(data)
        return self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, Usage=usage,  # noqa: F405
                                                       CPUAccessFlags=cpu), D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405

    def draw(self):
        self.ctx.ClearRenderTargetView(self.ctx.OMGetRenderTargets(1)[0][0], (0, 0, 0, 0))
        self.ctx.Draw(3, 0)
        return texture_to_numpy(self.ctx, self.rt)


def _set_path(r, tint_first=0, vb_offset=48, scale_slot_data=None):
    r.ctx.IASetVertexBuffers(0, 1, [r.vb], [24], [vb_offset])
    r.ctx.VSSetConstantBuffers(1, 1, [r.scale if scale_slot_data is None else scale_slot_data])
    r.ctx.PSSetConstantBuffers(0, 1, [r.tint])
    r.ctx.PSSetShaderResources(2, 1, [r.srv])
    r.ctx.PSSetSamplers(3, 1, [r.sampler])


def test_device_x_contexts_are_context_x():
    dev, ctx = D3D11XCreateDeviceX()
    assert isinstance(ctx, ID3D11DeviceContextX)
    assert isinstance(dev.CreateDeferredContextX(0), ID3D11DeviceContextX)
    assert dev.GetFeatureLevel() == 0xB100


def test_macros_pack_offset_low_48_bits_and_stride_high_16():
    assert D3D11X_MAKE_STRIDE(24) == 24 << 48
    assert D3D11X_MAKE_OFFSET(0x123) == 0x123
    assert D3D11X_MAKE_OFFSET(-256) == (1 << 48) - 256  # 48-bit two's complement
    assert D3D11X_MAKE_OFFSET_AND_STRIDE(48, 24) == (24 << 48) | 48


def test_set_fast_resources_equals_set_calls_draw_for_draw():
    a, b = Rig(False), Rig(True)
    _set_path(a)
    b.ctx.SetFastResources(F.D3D11X_SET_FAST_IA_VB_WITH_OFFSET, 0, b.vb, D3D11X_MAKE_OFFSET_AND_STRIDE(48, 24),
                           F.D3D11X_SET_FAST_VS, 1, b.scale, 0,
                           F.D3D11X_SET_FAST_PS, 0, b.tint, 0,
                           F.D3D11X_SET_FAST_PS, 2, b.srv, 0,
                           F.D3D11X_SET_FAST_PS, 3, b.sampler, 0)
    img_a, img_b = a.draw(), b.draw()
    assert np.any(img_a != 0) and np.array_equal(img_a, img_b)
    # second draw: rebind only the tint, through an offset (the buffer read from byte 32), against a buffer
    # holding those bytes bound the D3D11 way
    a.ctx.PSSetConstantBuffers(0, 1, [a.buf(a.cb_data[8:], BIND_CB)])
    b.ctx.SetFastResources(F.D3D11X_SET_FAST_PS_WITH_OFFSET, 0, b.tint, D3D11X_MAKE_OFFSET(32))
    img_a2, img_b2 = a.draw(), b.draw()
    assert not np.array_equal(img_a, img_a2) and np.array_equal(img_a2, img_b2)
    # third draw: the vertex buffer without offset via IA_VB (stride only) against IASetVertexBuffers offset 0
    a.ctx.IASetVertexBuffers(0, 1, [a.buf(a.vb_data[2:], BIND_VB)], [24], [0])
    b.ctx.SetFastResources(F.D3D11X_SET_FAST_IA_VB, 0, b.buf(b.vb_data[2:], BIND_VB), D3D11X_MAKE_STRIDE(24))
    assert np.array_equal(a.draw(), b.draw())


def test_several_pairs_in_one_set_fill_consecutive_slots():
    r = Rig(True)
    cbs = [r.buf(np.full(4, i, np.float32), BIND_CB) for i in range(3)]
    r.ctx.SetFastResources(F.D3D11X_SET_FAST_GS, 4, cbs[0], 0, cbs[1], 0, cbs[2], 0)
    assert r.ctx.GSGetConstantBuffers(4, 3) == cbs


def test_batch_equals_set_calls():
    a, b = Rig(False), Rig(True)
    _set_path(a)
    b.ctx.BeginResourceBatch(batch := bytearray(64), 64)
    b.ctx.SetFastResourcesIntoBatch(F.D3D11X_SET_FAST_IA_VB_WITH_OFFSET, 0, b.vb, D3D11X_MAKE_OFFSET_AND_STRIDE(48, 24),
                                    F.D3D11X_SET_FAST_VS, 1, b.scale, 0)
    b.ctx.SetFastResourcesIntoBatch(F.D3D11X_SET_FAST_PS, 0, b.tint, 0, F.D3D11X_SET_FAST_PS, 2, b.srv, 0,
                                    F.D3D11X_SET_FAST_PS, 3, D3D11X_DESCRIPTOR_SAMPLER_STATE(b.sampler), 0)
    used, needed = b.ctx.EndResourceBatch()
    assert used == needed > 0
    assert b.ctx.PSGetShaderResources(2, 1) == [None]  # recorded, not applied
    b.ctx.SetResourceBatch(batch, used)
    assert np.array_equal(a.draw(), b.draw())


def test_batch_buffer_too_small_reports_size_needed():
    r = Rig(True)
    r.ctx.BeginResourceBatch(bytearray(4), 4)
    r.ctx.SetFastResourcesIntoBatch(F.D3D11X_SET_FAST_PS, 0, r.tint, 0)
    used, needed = r.ctx.EndResourceBatch()
    assert used == 0 and needed > 4


def test_texture_view_offset_reads_shifted_bytes():
    a, b = Rig(False), Rig(True)
    _set_path(a)
    _set_path(b)
    shifted = np.zeros(a.tex_bytes.size, np.uint8)
    shifted[:-256] = a.tex_bytes.reshape(-1)[256:]
    a.ctx.PSSetShaderResources(2, 1, [a.dev.CreateShaderResourceView(a.tex(16, 16, RGBA8, BIND_SRV,
                                                                          shifted.reshape(16, 16, 4)))])
    b.ctx.SetFastResources(F.D3D11X_SET_FAST_PS_WITH_OFFSET, 2, b.srv, 256)
    assert np.array_equal(a.draw(), b.draw())


def test_negative_constant_buffer_offset_reads_zeros_before_the_start():
    a, b = Rig(False), Rig(True)
    _set_path(a)
    _set_path(b)
    a.ctx.PSSetConstantBuffers(0, 1, [a.buf(np.zeros(4, np.float32), BIND_CB)])
    b.ctx.SetFastResources(F.D3D11X_SET_FAST_PS_WITH_OFFSET, 0, b.tint, D3D11X_MAKE_OFFSET(-16))
    img = b.draw()
    assert np.array_equal(a.draw(), img) and not np.any(img)


# --- rules: each broken rule drops the whole call, state untouched ------------------------------------------

def _dropped(r, *args):
    before = (r.ctx.PSGetConstantBuffers(0, 14), r.ctx.PSGetShaderResources(0, 4), r.ctx.PSGetSamplers(0, 16),
              r.ctx.IAGetVertexBuffers(0, 1)[0])
    from pyd3d11.api import ID3D11InfoQueue

    q = r.dev.QueryInterface(ID3D11InfoQueue)
    q.ClearStoredMessages()
    r.ctx.SetFastResources(*args)
    after = (r.ctx.PSGetConstantBuffers(0, 14), r.ctx.PSGetShaderResources(0, 4), r.ctx.PSGetSamplers(0, 16),
             r.ctx.IAGetVertexBuffers(0, 1)[0])
    return before == after and q.GetNumStoredMessages() == 1


@pytest.mark.parametrize("kind,last", [("cb", 13), ("sampler", 15), ("srv", 127), ("vb", 31)])
def test_slot_ranges_per_kind(kind, last):
    r = Rig(True)
    obj = {"cb": r.tint, "sampler": r.sampler, "srv": r.srv, "vb": r.vb}[kind]
    st = F.D3D11X_SET_FAST_IA_VB if kind == "vb" else F.D3D11X_SET_FAST_PS
    packed = D3D11X_MAKE_STRIDE(24) if kind == "vb" else 0
    assert _dropped(r, st, last + 1, obj, packed)
    r.ctx.SetFastResources(st, last, obj, packed)
    got = {"cb": lambda: r.ctx.PSGetConstantBuffers(last, 1)[0], "sampler": lambda: r.ctx.PSGetSamplers(last, 1)[0],
           "srv": lambda: r.ctx.PSGetShaderResources(last, 1)[0],
           "vb": lambda: r.ctx.IAGetVertexBuffers(last, 1)[0][0]}[kind]()
    assert got is obj


def test_null_resource_never_allowed():
    r = Rig(True)
    assert _dropped(r, F.D3D11X_SET_FAST_PS, 0, None, 0)


def test_dynamic_resources_refused():
    r = Rig(True)
    dyn = r.buf(np.zeros(4, np.float32), BIND_CB, usage=2, cpu=0x10000)
    assert _dropped(r, F.D3D11X_SET_FAST_PS, 0, dyn, 0)


def test_offset_and_stride_must_be_zero_without_offset_variant():
    r = Rig(True)
    assert _dropped(r, F.D3D11X_SET_FAST_PS, 0, r.tint, 16)
    assert _dropped(r, F.D3D11X_SET_FAST_IA_VB, 0, r.vb, D3D11X_MAKE_OFFSET_AND_STRIDE(16, 24))


def test_srv_offsets_multiple_of_256_and_textures_only():
    r = Rig(True)
    assert _dropped(r, F.D3D11X_SET_FAST_PS_WITH_OFFSET, 2, r.srv, 128)
    sbuf = r.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=1024, BindFlags=BIND_SRV))  # noqa: F405
    bview = r.dev.CreateShaderResourceView(sbuf, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=RGBA32F, ViewDimension=1, Buffer=D3D11_BUFFER_SRV(0, 64)))  # noqa: F405
    assert _dropped(r, F.D3D11X_SET_FAST_PS_WITH_OFFSET, 2, bview, 256)
    r.ctx.SetFastResources(F.D3D11X_SET_FAST_PS, 2, bview, 0)  # a buffer view without offset is fine
    assert r.ctx.PSGetShaderResources(2, 1)[0] is bview


def test_samplers_take_no_offset_and_set_type_must_be_the_enum():
    r = Rig(True)
    assert _dropped(r, F.D3D11X_SET_FAST_PS_WITH_OFFSET, 3, r.sampler, 0)
    assert _dropped(r, 4, 0, r.tint, 0)  # a plain int cannot start a parameter set


def test_one_bad_set_drops_the_whole_call():
    r = Rig(True)
    assert _dropped(r, F.D3D11X_SET_FAST_PS, 0, r.tint, 0, F.D3D11X_SET_FAST_PS, 14, r.tint, 0)
    # a vertex buffer given as a constant buffer (no D3D11_BIND_CONSTANT_BUFFER) also drops the whole call
    assert _dropped(r, F.D3D11X_SET_FAST_PS, 0, r.tint, 0, F.D3D11X_SET_FAST_PS, 1, r.vb, 0)


def test_object_type_selects_what_is_set():
    r = Rig(True)
    r.ctx.SetFastResources(F.D3D11X_SET_FAST_VS, 5, r.tint, 0, F.D3D11X_SET_FAST_VS, 5, r.srv, 0,
                           F.D3D11X_SET_FAST_VS, 5, r.sampler, 0)
    assert r.ctx.VSGetConstantBuffers(5, 1)[0] is r.tint
    assert r.ctx.VSGetShaderResources(5, 1)[0] is r.srv
    assert r.ctx.VSGetSamplers(5, 1)[0] is r.sampler
    # with the IA types a buffer is a vertex buffer
    r.ctx.SetFastResources(F.D3D11X_SET_FAST_IA_VB, 3, r.vb, D3D11X_MAKE_STRIDE(16))
    assert r.ctx.IAGetVertexBuffers(3, 1)[0][0] is r.vb and r.ctx.IAGetVertexBuffers(3, 1)[1][0] == 16
