"""Read/write hazard rules: outputs unbind overlapping inputs; inputs bound while output are refused."""

from __future__ import annotations

from context_testkit import buffer, make, msgs, texture, view

from pyd3d11.storage import ViewKind

RT, SRV, UAV, VB, CB, SO, DS = 0x20, 0x8, 0x80, 0x1, 0x4, 0x10, 0x40


def test_rtv_unbinds_srvs_on_every_stage():
    dev, ctx = make()
    t = texture(dev, 4, 4, bind=RT | SRV)
    srv = view(dev, ViewKind.SRV, t)
    for st in ("VS", "PS", "CS"):
        getattr(ctx, f"{st}SetShaderResources")(2, 1, [srv])
    ctx.OMSetRenderTargets(1, [view(dev, ViewKind.RTV, t)], None)
    for st in ("VS", "PS", "CS"):
        assert getattr(ctx, f"{st}GetShaderResources")(2, 1) == [None]
    assert sum("Forcing" in m for m in msgs(dev)) == 3


def test_subresource_granularity():
    dev, ctx = make()
    t = texture(dev, 4, 4, mips=2, array=2, bind=RT | SRV)
    srv_mip1 = view(dev, ViewKind.SRV, t, first_mip=1, mips=1)
    srv_slice1 = view(dev, ViewKind.SRV, t, first_slice=1, slices=1)
    ctx.PSSetShaderResources(0, 2, [srv_mip1, srv_slice1])
    ctx.OMSetRenderTargets(1, [view(dev, ViewKind.RTV, t, first_mip=0, first_slice=0, slices=1)], None)
    assert ctx.PSGetShaderResources(0, 2) == [srv_mip1, srv_slice1]  # mip 0 slice 0 is in neither
    ctx.OMSetRenderTargets(1, [view(dev, ViewKind.RTV, t, first_mip=1, first_slice=1, slices=1)], None)
    assert ctx.PSGetShaderResources(0, 2) == [None, None]


def test_srv_of_bound_output_is_refused():
    dev, ctx = make()
    t = texture(dev, 4, 4, bind=RT | SRV)
    ctx.OMSetRenderTargets(1, [view(dev, ViewKind.RTV, t)], None)
    srv = view(dev, ViewKind.SRV, t)
    other = view(dev, ViewKind.SRV, texture(dev, 4, 4))
    ctx.PSSetShaderResources(0, 2, [srv, other])
    assert ctx.PSGetShaderResources(0, 2) == [None, other]
    assert "still bound on output" in msgs(dev)[-1]


def test_uav_unbinds_buffer_inputs_and_refuses_vb():
    dev, ctx = make()
    b = buffer(dev, 64, VB | CB | UAV)
    ctx.IASetVertexBuffers(0, 1, [b], [4], [0])
    ctx.VSSetConstantBuffers(1, 1, [b])
    ctx.CSSetUnorderedAccessViews(0, 1, [view(dev, ViewKind.UAV, b, format=42)])
    assert ctx.IAGetVertexBuffers(0, 1)[0] == [None]
    assert ctx.VSGetConstantBuffers(1, 1) == [None]
    ctx.IASetVertexBuffers(0, 1, [b], [4], [0])
    assert ctx.IAGetVertexBuffers(0, 1)[0] == [None]


def test_cs_uav_and_om_outputs_exclude_each_other():
    dev, ctx = make()
    t = texture(dev, 4, 4, bind=RT | UAV)
    u = view(dev, ViewKind.UAV, t)
    ctx.CSSetUnorderedAccessViews(0, 1, [u])
    ctx.OMSetRenderTargets(1, [view(dev, ViewKind.RTV, t)], None)
    assert ctx.CSGetUnorderedAccessViews(0, 1) == [None]
    ctx.CSSetUnorderedAccessViews(0, 1, [u])
    assert ctx.OMGetRenderTargets(1)[0] == [None]


def test_so_target_unbinds_vertex_buffer():
    dev, ctx = make()
    b = buffer(dev, 64, VB | SO)
    ctx.IASetVertexBuffers(3, 1, [b], [4], [0])
    ctx.SOSetTargets(1, [b], [0])
    assert ctx.IAGetVertexBuffers(3, 1)[0] == [None]


def test_read_only_dsv_allows_srv():
    dev, ctx = make()
    t = texture(dev, 4, 4, format=44, bind=DS | SRV)
    ro = view(dev, ViewKind.DSV, t, format=45, flags=0x3)
    srv = view(dev, ViewKind.SRV, t, format=46)
    ctx.PSSetShaderResources(0, 1, [srv])
    ctx.OMSetRenderTargets(0, [], ro)
    assert ctx.PSGetShaderResources(0, 1) == [srv]
    ctx.OMSetRenderTargets(0, [], view(dev, ViewKind.DSV, t, format=45))
    assert ctx.PSGetShaderResources(0, 1) == [None]
