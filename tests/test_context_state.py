"""Bound-state Set*/Get* methods of ID3D11DeviceContext1 and ClearState."""

from __future__ import annotations

import pytest
from context_testkit import (
    SHADERS,
    ID3D11BlendState,
    ID3D11DepthStencilState,
    ID3D11InputLayout,
    ID3D11Predicate,
    ID3D11RasterizerState,
    ID3D11SamplerState,
    buffer,
    make,
    msgs,
    texture,
    view,
)

from pyd3d11.api.com import ID3D11DeviceChild
from pyd3d11.storage import ViewKind


class ID3D11ClassInstance(ID3D11DeviceChild):
    """A stand-in class instance (the real one needs a linkage and a compiled class)."""

STAGES = ["VS", "HS", "DS", "GS", "PS", "CS"]
CB, VB, IB, SO, SRVB, RT, DS, UAVB = 0x4, 0x1, 0x2, 0x10, 0x8, 0x20, 0x40, 0x80


@pytest.mark.parametrize("stage", STAGES)
def test_stage_constant_buffers_set_get(stage):
    dev, ctx = make()
    a, b = buffer(dev, 64, CB), buffer(dev, 64, CB)
    getattr(ctx, f"{stage}SetConstantBuffers")(3, 2, [a, b])
    assert getattr(ctx, f"{stage}GetConstantBuffers")(2, 4) == [None, a, b, None]
    # wine test_state_refcounting: binding takes no public reference (only an internal one); the getter
    # AddRefs what it returns. creation + getter's AddRef = 2 public, 1 internal.
    assert a._refcount == 2 and a._intref == 1


@pytest.mark.parametrize("stage", STAGES)
def test_stage_srvs_samplers_shader(stage):
    dev, ctx = make()
    t = texture(dev, 4, 4)
    srv = view(dev, ViewKind.SRV, t)
    s = ID3D11SamplerState(dev)
    sh = SHADERS[stage](dev)
    getattr(ctx, f"{stage}SetShaderResources")(127, 1, [srv])
    getattr(ctx, f"{stage}SetSamplers")(15, 1, [s])
    getattr(ctx, f"{stage}SetShader")(sh, None, 0)
    assert getattr(ctx, f"{stage}GetShaderResources")(126, 2) == [None, srv]
    assert getattr(ctx, f"{stage}GetSamplers")(15, 1) == [s]
    assert getattr(ctx, f"{stage}GetShader")() == (sh, [])


@pytest.mark.parametrize("method,start,num,limit", [
    ("PSSetConstantBuffers", 13, 2, 14), ("VSSetShaderResources", 127, 2, 128), ("CSSetSamplers", 16, 1, 16)])
def test_out_of_range_slots_drop_whole_call(method, start, num, limit):
    dev, ctx = make()
    objs = {"PSSetConstantBuffers": lambda: buffer(dev, 16, CB),
            "VSSetShaderResources": lambda: view(dev, ViewKind.SRV, texture(dev, 2, 2)),
            "CSSetSamplers": lambda: ID3D11SamplerState(dev)}[method]
    items = [objs() for _ in range(num)]
    getattr(ctx, method)(start, num, items)
    getter = getattr(ctx, method.replace("Set", "Get"))
    assert all(x is None for x in getter(max(0, start - 1), 1))
    assert items[0]._refcount == 1 and items[0]._intref == 0
    assert any(method in t and "dropped" in t for t in msgs(dev))


def test_wrong_object_type_is_dropped():
    dev, ctx = make()
    ctx.PSSetShader(SHADERS["VS"](dev))
    assert ctx.PSGetShader() == (None, [])
    ctx.PSSetConstantBuffers(0, 1, [buffer(dev, 16, VB)])  # no CONSTANT_BUFFER bind flag
    assert ctx.PSGetConstantBuffers(0, 1) == [None]
    rtv = view(dev, ViewKind.RTV, texture(dev, 2, 2, bind=RT))
    ctx.PSSetShaderResources(0, 1, [rtv])
    assert ctx.PSGetShaderResources(0, 1) == [None]
    assert len(msgs(dev)) == 3


def test_constant_buffers1_rules():
    dev, ctx = make()
    b = buffer(dev, 4096 * 16, CB)
    ctx.VSSetConstantBuffers1(0, 1, [b], [32], [16])
    bufs, first, num = ctx.VSGetConstantBuffers1(0, 2)
    assert bufs == [b, None] and first == [32, 0] and num == [16, 0]
    for f, n in ((8, 16), (16, 20), (0, 4112), (0, 0)):  # not multiples of 16 / too many / zero
        ctx.VSSetConstantBuffers1(0, 1, [None])
        ctx.VSSetConstantBuffers1(0, 1, [b], [f], [n])
        assert ctx.VSGetConstantBuffers(0, 1) == [None], (f, n)
    # plain SetConstantBuffers resets the range to the whole buffer
    ctx.VSSetConstantBuffers(0, 1, [b])
    assert ctx.VSGetConstantBuffers1(0, 1)[1:] == ([0], [4096])


@pytest.mark.parametrize("level", [0x9100, 0xA000, 0xB000])
def test_constant_buffer_offsets_below_11_1(level):
    # Emulated by the runtime at 9_x and supported by new drivers at 10_0+ (VSSetConstantBuffers1 remarks).
    dev, ctx = make(level)
    b = buffer(dev, 1024, CB)
    ctx.PSSetConstantBuffers1(0, 1, [b], [16], [16])
    assert ctx.PSGetConstantBuffers1(0, 1)[1:] == ([16], [16])


def test_vertex_and_index_buffers():
    dev, ctx = make()
    vb = buffer(dev, 64, VB)
    ctx.IASetVertexBuffers(31, 1, [vb], [12], [4])
    assert ctx.IAGetVertexBuffers(30, 2) == ([None, vb], [0, 12], [0, 4])
    ctx.IASetVertexBuffers(32, 1, [vb], [12], [0])  # slot 32 does not exist
    assert len(msgs(dev)) == 1
    ib = buffer(dev, 64, IB)
    ctx.IASetIndexBuffer(ib, 57, 2)
    assert ctx.IAGetIndexBuffer() == (ib, 57, 2)
    ctx.IASetIndexBuffer(ib, 28, 0)  # R8G8B8A8 is not an index format
    ctx.IASetIndexBuffer(ib, 42, 2)  # R32_UINT offset must be 4-aligned
    assert ctx.IAGetIndexBuffer() == (ib, 57, 2)
    assert len(msgs(dev)) == 3


def test_vertex_slots_limit_10_0():
    dev, ctx = make(0xA000)
    ctx.IASetVertexBuffers(16, 1, [buffer(dev, 16, VB)], [4], [0])
    assert ctx.IAGetVertexBuffers(16, 1)[0] == [None]


def test_topology_and_layout():
    dev, ctx = make()
    ctx.IASetPrimitiveTopology(4)
    ctx.IASetPrimitiveTopology(6)  # not a topology
    assert ctx.IAGetPrimitiveTopology() == 4
    ctx.IASetPrimitiveTopology(33 + 31)
    assert ctx.IAGetPrimitiveTopology() == 64
    lay = ID3D11InputLayout(dev)
    ctx.IASetInputLayout(lay)
    assert ctx.IAGetInputLayout() is lay


def test_viewports_and_scissors():
    dev, ctx = make()
    ctx.RSSetViewports(2, [dict(TopLeftX=1, TopLeftY=2, Width=30, Height=40, MinDepth=0.25, MaxDepth=0.75),
                           dict(Width=8, Height=8, MaxDepth=1)])
    vps = ctx.RSGetViewports()
    assert [(v.TopLeftX, v.Width, v.MinDepth, v.MaxDepth) for v in vps] == [(1, 30, 0.25, 0.75), (0, 8, 0, 1)]
    assert len(ctx.RSGetViewports(3)) == 3 and ctx.RSGetViewports(3)[2].Width == 0
    ctx.RSSetViewports(1, [dict(Width=8, Height=8, MinDepth=0.9, MaxDepth=0.1)])  # MinDepth > MaxDepth
    ctx.RSSetViewports(17, [dict(Width=1, Height=1)] * 17)
    assert len(ctx.RSGetViewports()) == 2 and len(msgs(dev)) == 2
    ctx.RSSetScissorRects(1, [dict(left=1, top=2, right=3, bottom=4)])
    r = ctx.RSGetScissorRects()[0]
    assert (r.left, r.top, r.right, r.bottom) == (1, 2, 3, 4)


def test_blend_depth_rasterizer_state():
    dev, ctx = make()
    bs, ds, rs = ID3D11BlendState(dev), ID3D11DepthStencilState(dev), ID3D11RasterizerState(dev)
    ctx.OMSetBlendState(bs, [0.5, 0.25, 1, 0], 0xF0)
    assert ctx.OMGetBlendState() == (bs, [0.5, 0.25, 1.0, 0.0], 0xF0)
    ctx.OMSetBlendState(None, None, 0xFFFFFFFF)
    assert ctx.OMGetBlendState() == (None, [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF)
    ctx.OMSetDepthStencilState(ds, 7)
    assert ctx.OMGetDepthStencilState() == (ds, 7)
    ctx.RSSetState(rs)
    assert ctx.RSGetState() is rs
    ctx.RSSetState(bs)  # wrong type: dropped
    assert ctx.RSGetState() is rs


def test_render_targets_and_dsv():
    dev, ctx = make()
    t1, t2 = texture(dev, 8, 8, bind=RT), texture(dev, 8, 8, bind=RT)
    d = texture(dev, 8, 8, format=45, bind=DS)
    r1, r2 = view(dev, ViewKind.RTV, t1), view(dev, ViewKind.RTV, t2)
    dsv = view(dev, ViewKind.DSV, d)
    ctx.OMSetRenderTargets(2, [r1, r2], dsv)
    assert ctx.OMGetRenderTargets(3) == ([r1, r2, None], dsv)
    ctx.OMSetRenderTargets(2, [r1, r1], None)  # the same view twice: dropped
    small = view(dev, ViewKind.RTV, texture(dev, 4, 4, bind=RT))
    ctx.OMSetRenderTargets(1, [small], dsv)  # size mismatch with the DSV: dropped
    assert ctx.OMGetRenderTargets(2) == ([r1, r2], dsv)
    ctx.OMSetRenderTargets(9, [r1] + [None] * 8, None)
    assert len(msgs(dev)) == 3
    ctx.OMSetRenderTargets(1, [r2], None)
    assert ctx.OMGetRenderTargets(2) == ([r2, None], None)


def test_rtv_and_uav_keep_sentinels_and_start_slot():
    dev, ctx = make()
    r = view(dev, ViewKind.RTV, texture(dev, 8, 8, bind=RT))
    u1 = view(dev, ViewKind.UAV, buffer(dev, 64, UAVB))
    u2 = view(dev, ViewKind.UAV, buffer(dev, 64, UAVB))
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [r], None, 1, 2, [u1, u2], None)
    assert ctx.OMGetRenderTargetsAndUnorderedAccessViews(1, 0, 4) == ([r], None, [None, u1, u2, None])
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0xFFFFFFFF, None, None, 3, 1, [u1], None)  # keep RTVs
    assert ctx.OMGetRenderTargetsAndUnorderedAccessViews(1, 0, 4) == ([r], None, [None, None, None, u1])
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0, [], None, 0, 0xFFFFFFFF, None, None)  # keep UAVs
    assert ctx.OMGetRenderTargetsAndUnorderedAccessViews(1, 3, 1) == ([None], None, [u1])
    n = len(msgs(dev))
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0, [], None, 63, 2, [u1, u2], None)  # past slot 63: dropped
    assert len(msgs(dev)) == n + 1
    assert ctx.OMGetRenderTargetsAndUnorderedAccessViews(1, 3, 1) == ([None], None, [u1])
    # UAVStartSlot < NumRTVs: bound anyway (the method page only says "should"), with a warning
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [r], None, 0, 1, [u2], None)
    assert len(msgs(dev)) == n + 2
    assert ctx.OMGetRenderTargetsAndUnorderedAccessViews(1, 0, 4) == ([r], None, [u2, None, None, None])


def test_uav_slot_count_11_0():
    dev, ctx = make(0xB000)
    u = view(dev, ViewKind.UAV, buffer(dev, 64, UAVB))
    ctx.CSSetUnorderedAccessViews(8, 1, [u])
    assert ctx.CSGetUnorderedAccessViews(8, 1) == []  # getters return the slots the level has (issue 13 item 4)
    ctx.CSSetUnorderedAccessViews(7, 1, [u])
    assert ctx.CSGetUnorderedAccessViews(7, 1) == [u]


def test_uav_initial_counts():
    dev, ctx = make()
    b = buffer(dev, 64, UAVB, misc=0x40, stride=4)
    u = view(dev, ViewKind.UAV, b, format=0, flags=0x2, structured=True)
    u._view.counter[0] = 9
    ctx.CSSetUnorderedAccessViews(0, 1, [u], [0xFFFFFFFF])
    assert u._view.counter[0] == 9
    ctx.CSSetUnorderedAccessViews(0, 1, [u], [-1])
    assert u._view.counter[0] == 9
    ctx.CSSetUnorderedAccessViews(0, 1, [u], [5])
    assert u._view.counter[0] == 5
    plain = view(dev, ViewKind.UAV, buffer(dev, 64, UAVB), format=42)
    plain._view.counter[0] = 3
    ctx.CSSetUnorderedAccessViews(1, 1, [plain], [0])  # no APPEND/COUNTER flag: counts ignored
    assert plain._view.counter[0] == 3


def test_so_targets():
    dev, ctx = make()
    b = buffer(dev, 64, SO)
    ctx.SOSetTargets(1, [b], [0])
    assert ctx.SOGetTargets(2) == [b, None]
    ctx.SOSetTargets(5, [b] * 5, [0] * 5)
    ctx.SOSetTargets(1, [buffer(dev, 64, VB)], [0])
    assert ctx.SOGetTargets(1) == [b] and len(msgs(dev)) == 2


def test_predication_and_class_instances():
    dev, ctx = make()
    p = ID3D11Predicate(dev)
    ctx.SetPredication(p, True)
    assert ctx.GetPredication() == (p, True)
    sh = SHADERS["PS"](dev)
    inst = ID3D11ClassInstance(dev)  # ppClassInstances is ID3D11ClassInstance* (a sampler is dropped)
    ctx.PSSetShader(sh, [ID3D11SamplerState(dev)], 1)
    assert ctx.PSGetShader() == (None, [])
    ctx.PSSetShader(sh, [inst], 1)
    assert ctx.PSGetShader() == (sh, [inst])


def test_clear_state_resets_everything_and_releases():
    dev, ctx = make()
    cb = buffer(dev, 64, CB)
    ctx.PSSetConstantBuffers(0, 1, [cb])
    ctx.IASetPrimitiveTopology(4)
    ctx.OMSetBlendState(ID3D11BlendState(dev), [0, 0, 0, 0], 1)
    ctx.OMSetDepthStencilState(ID3D11DepthStencilState(dev), 3)
    ctx.RSSetViewports(1, [dict(Width=2, Height=2, MaxDepth=1)])
    ctx.CSSetUnorderedAccessViews(0, 1, [view(dev, ViewKind.UAV, buffer(dev, 64, UAVB))])
    # wine test_state_refcounting: a binding does not raise the public refcount; the runtime's internal
    # reference is what ClearState drops.
    assert cb._refcount == 1 and cb._intref == 1
    ctx.ClearState()
    assert cb._refcount == 1 and cb._intref == 0
    assert ctx.PSGetConstantBuffers(0, 1) == [None]
    assert ctx.IAGetPrimitiveTopology() == 0
    assert ctx.OMGetBlendState() == (None, [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF)
    assert ctx.OMGetDepthStencilState() == (None, 0)
    assert ctx.RSGetViewports() == []
    assert ctx.CSGetUnorderedAccessViews(0, 1) == [None]


def test_context_basics():
    dev, ctx = make()
    assert ctx.GetType() == 0 and ctx.GetContextFlags() == 0
    assert ctx.GetDevice() is dev
    ctx.Flush()


def test_snapshot_shares_no_list_with_the_live_state():
    """Every list field of BoundState and of each StageState — found from the dataclass fields, so a field added
    later is covered too — is a separate list in a snapshot (a recorded command must not see later binds)."""
    from dataclasses import fields

    from pyd3d11.api.context_state import BoundState

    live = BoundState()
    snap = live.snapshot()
    for f in fields(live):
        v = getattr(live, f.name)
        if isinstance(v, list):
            assert getattr(snap, f.name) is not v and getattr(snap, f.name) == v, f.name
    for k, st in live.stages.items():
        for f in fields(st):
            v = getattr(st, f.name)
            if isinstance(v, list):
                assert getattr(snap.stages[k], f.name) is not v, (k, f.name)
