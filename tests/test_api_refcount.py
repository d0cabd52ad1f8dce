"""COM reference counting as Windows does it (wine-mirror/wine dlls/d3d11/tests/d3d11.c expectations).

Public count (AddRef/Release) vs the runtime's internal count (bindings); device children hold a reference on
their device while publicly alive; getters AddRef; bound state objects outlive a public count of 0 and are
handed out again by Create* with an identical desc. Expected counts are wine's, written out by hand.
"""

import uuid

import pytest

from pyd3d11.api.create_device import D3D11CreateDevice

SDK = 7
FL_9_1, FL_10_0, FL_11_0 = 0x9100, 0xA000, 0xB000
WKPDID_NAME = uuid.UUID("429b8c22-9188-4b0c-8742-acb0bf85c200")


def make(level=FL_11_0, flags=0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, [level], 1, SDK)
    return dev, ctx


def get_refcount(obj) -> int:
    """wine's get_refcount: AddRef then Release, returning the count."""
    obj.AddRef()
    return obj.Release()


def sampler_desc(**kw):
    d = dict(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, MaxLOD=3.402823466e38)  # FLT_MAX (9_x requires it)
    d.update(kw)
    return d


def tex2d(dev, bind):
    return dev.CreateTexture2D(dict(Width=32, Height=32, MipLevels=1, ArraySize=1, Format=28,
                                    SampleDesc=dict(Count=1), Usage=0, BindFlags=bind))


@pytest.mark.parametrize("level", [FL_9_1, FL_10_0, FL_11_0])
def test_state_refcounting_sequence(level):
    # wine test_state_refcounting, step by step.
    dev, ctx = make(level)
    sampler = dev.CreateSamplerState(sampler_desc())
    tmp = dev.CreateSamplerState(sampler_desc())
    assert tmp is sampler
    tmp.Release()
    assert get_refcount(sampler) == 1
    ctx.PSSetSamplers(0, 1, [sampler])
    assert sampler.Release() == 0  # binding took no public reference
    got = ctx.PSGetSamplers(0, 1)[0]
    assert got is sampler and got.Release() == 0  # the getter AddRef'd 0 -> 1
    again = dev.CreateSamplerState(sampler_desc())
    assert again is sampler and again.Release() == 0  # still bound, so the same object comes back

    rs = dev.CreateRasterizerState(dict(FillMode=3, CullMode=3, DepthClipEnable=1))
    ctx.RSSetState(rs)
    assert rs.Release() == 0
    got = ctx.RSGetState()
    assert got is rs and got.Release() == 0

    texture = tex2d(dev, 0x8)
    srv = dev.CreateShaderResourceView(texture)
    texture.Release()
    ctx.PSSetShaderResources(0, 1, [srv])
    assert srv.Release() == 0
    got = ctx.PSGetShaderResources(0, 1)[0]
    assert got is srv and got.Release() == 0

    texture = tex2d(dev, 0x20)
    rtv = dev.CreateRenderTargetView(texture)
    texture.Release()
    ctx.OMSetRenderTargets(1, [rtv], None)
    assert rtv.Release() == 0
    rtvs, dsv = ctx.OMGetRenderTargets(1)
    assert rtvs[0] is rtv and dsv is None and rtv.Release() == 0

    if level >= FL_10_0:
        pred = dev.CreatePredicate(dict(Query=5, MiscFlags=0))
        ctx.SetPredication(pred, True)
        assert pred.Release() == 0
        got, value = ctx.GetPredication()
        assert got is pred and value and got.Release() == 0

    ctx.Release()
    assert dev.Release() == 0  # "Device has 0 references left" although objects are still bound


def test_unbound_state_released_to_zero_is_recreated():
    # wine test_create_sampler_state: 2 -> 1 -> 0; with nothing binding it the object is gone, so the next
    # Create* with the same desc makes a new one (public count 1, no internal references).
    dev, ctx = make()
    s1 = dev.CreateSamplerState(sampler_desc())
    s2 = dev.CreateSamplerState(sampler_desc())
    assert s1 is s2 and s2.Release() == 1 and s1.Release() == 0
    s3 = dev.CreateSamplerState(sampler_desc())
    assert s3 is not s1 and get_refcount(s3) == 1 and s3._intref == 0


def test_bound_state_cache_survives_clear_only_while_bound():
    dev, ctx = make()
    blend = dev.CreateBlendState(dict(RenderTarget=[dict(RenderTargetWriteMask=0xF)]))
    ctx.OMSetBlendState(blend, None, 0xFFFFFFFF)
    assert blend.Release() == 0 and blend._intref == 1
    assert dev.CreateBlendState(dict(RenderTarget=[dict(RenderTargetWriteMask=0xF)])) is blend
    assert blend.Release() == 0
    ctx.ClearState()  # drops the binding: nothing references the object any more
    assert blend._intref == 0
    assert dev.CreateBlendState(dict(RenderTarget=[dict(RenderTargetWriteMask=0xF)])) is not blend


def test_get_immediate_context_refcounts():
    # wine test_get_immediate_context: the first GetImmediateContext raises the device's count by one, a second
    # one hands out the same object without touching the device; releases go 2 -> 1 -> 0.
    dev, _, _ = D3D11CreateDevice(None, 1, None, 0, None, 0, SDK, True, True, None)
    base = get_refcount(dev)
    c1 = dev.GetImmediateContext()
    assert get_refcount(dev) == base + 1
    c2 = dev.GetImmediateContext()
    assert c2 is c1 and get_refcount(dev) == base + 1
    assert c1.Release() == 1 and c2.Release() == 0
    assert get_refcount(dev) == base


def test_child_creation_and_release_move_the_device_count():
    # wine test_create_sampler_state / test_create_shader: creating a child raises the device's count (a second
    # handout of a shared state object does not), GetDevice raises it by exactly one, releasing lowers it.
    dev, ctx = make()
    base = get_refcount(dev)
    s1 = dev.CreateSamplerState(sampler_desc())
    assert get_refcount(dev) == base + 1
    s2 = dev.CreateSamplerState(sampler_desc())
    assert get_refcount(dev) == base + 1
    d = s1.GetDevice()
    assert d is dev and get_refcount(dev) == base + 2
    d.Release()
    s2.Release()
    s1.Release()
    assert get_refcount(dev) == base
    buf = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    assert get_refcount(dev) == base + 1
    assert buf.Release() == 0 and get_refcount(dev) == base


def test_getter_revives_device_reference():
    # A getter handing out an object at public count 0 brings it back to 1, and with it the child's reference
    # on the device (wine test_state_refcounting: device count 0 at the end only after those are released).
    dev, ctx = make()
    base = get_refcount(dev)
    vb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    ctx.IASetVertexBuffers(0, 1, [vb], [16], [0])
    vb.Release()
    assert get_refcount(dev) == base
    got = ctx.IAGetVertexBuffers(0, 1)[0][0]
    assert got is vb and get_refcount(vb) == 1 and get_refcount(dev) == base + 1
    got.Release()
    assert get_refcount(dev) == base


def test_getters_addref_bindings_do_not():
    dev, ctx = make()
    cb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    for _ in range(3):  # rebinding the same object does not stack internal references either
        ctx.VSSetConstantBuffers(0, 1, [cb])
    assert get_refcount(cb) == 1 and cb._intref == 1
    got = ctx.VSGetConstantBuffers(0, 1)[0]
    assert got is cb and get_refcount(cb) == 2
    got.Release()
    ctx.VSSetConstantBuffers(0, 1, [None])
    assert get_refcount(cb) == 1 and cb._intref == 0
    assert ctx.GetDevice() is dev  # GetDevice AddRefs too
    assert dev.Release() >= 1


def test_report_live_objects_shows_public_and_internal_counts():
    dev, ctx = make(flags=0x2)
    dbg = dev.QueryInterface(__import__("pyd3d11.api.debug", fromlist=["ID3D11Debug"]).ID3D11Debug)
    rs = dev.CreateRasterizerState(dict(FillMode=3, CullMode=1, DepthClipEnable=1))
    rs.SetPrivateData(WKPDID_NAME, 4, b"rast")
    ctx.RSSetState(rs)
    rs.Release()
    text = dbg.ReportLiveDeviceObjects(2)
    line = next(x for x in text.splitlines() if "Name: rast" in x)
    assert "Refcount: 0, IntRef: 1" in line  # alive through the binding only
    assert "rast" not in dbg.ReportLiveDeviceObjects(2 | 4)  # RLDO_IGNORE_INTERNAL leaves it out
    summary = dbg.ReportLiveDeviceObjects(1)
    assert "Live Object :" in summary and "rast" not in summary
    ctx.RSSetState(None)
    assert "rast" not in dbg.ReportLiveDeviceObjects(2)  # no reference of either kind left
