"""Dispatch wiring, draws, queries, predication and deferred contexts / command lists."""

from __future__ import annotations

import numpy as np
import pytest
from context_testkit import SHADERS, ID3D11Predicate, ID3D11Query, ID3D11SamplerState, buffer, make, msgs, texture, view

from pyd3d11.api.context import ID3D11DeviceContext1
from pyd3d11.errors import D3D11Error, InvalidArgError, InvalidCallError
from pyd3d11.storage import ViewKind

CB, UAV, SRV = 0x4, 0x80, 0x8


@pytest.fixture
def fake_compute(monkeypatch):
    import pyd3d11.pipeline.compute as compute

    calls = []

    def dispatch(program, bindings, x, y=1, z=1, **kw):
        calls.append((program, bindings, (x, y, z)))
        return x * y * z * 8

    monkeypatch.setattr(compute, "dispatch", dispatch)
    return calls


def _q(dev, kind, cls=ID3D11Query):
    q = cls(dev)
    q._desc = {"Query": kind, "MiscFlags": 0}
    return q


def test_dispatch_snapshots_bindings(fake_compute):
    dev, ctx = make()
    prog = object()
    ctx.CSSetShader(SHADERS["CS"](dev, prog))
    cb = buffer(dev, 64 * 16, CB, data=np.arange(64 * 4, dtype=np.uint32))
    ctx.CSSetConstantBuffers1(2, 1, [cb], [16], [32])
    srv = view(dev, ViewKind.SRV, texture(dev, 2, 2))
    uav = view(dev, ViewKind.UAV, buffer(dev, 16, UAV), format=42)
    s = ID3D11SamplerState(dev, "desc")
    ctx.CSSetShaderResources(5, 1, [srv])
    ctx.CSSetUnorderedAccessViews(1, 1, [uav])
    ctx.CSSetSamplers(3, 1, [s])
    ctx.Dispatch(2, 3, 1)
    (p, b, xyz), = fake_compute
    assert p is prog and xyz == (2, 3, 1)
    words = b.cbuffers[2]
    assert words.dtype == np.uint32 and list(words) == list(range(16 * 4, 48 * 4))  # constants 16..47
    assert b.srvs[5] is srv._view and b.uavs[1] is uav._view and b.samplers[3] == "desc"
    assert b.cbuffers[0] is None


def test_dispatch_rules(fake_compute):
    dev, ctx = make()
    ctx.Dispatch(1, 1, 1)  # no shader: dropped
    ctx.CSSetShader(SHADERS["CS"](dev, object()))
    ctx.Dispatch(65536, 1, 1)
    ctx.Dispatch(0, 4, 4)  # zero groups: no-op, no message
    assert fake_compute == [] and len(msgs(dev)) == 2


def test_dispatch_indirect_reads_args_at_execution(fake_compute):
    dev, ctx = make()
    ctx.CSSetShader(SHADERS["CS"](dev, object()))
    args = buffer(dev, 16, 0, misc=0x10, data=np.array([9, 4, 5, 6], np.uint32))
    ctx.DispatchIndirect(args, 4)
    assert fake_compute[-1][2] == (4, 5, 6)
    ctx.DispatchIndirect(args, 8)  # runs past the end
    ctx.DispatchIndirect(buffer(dev, 16, 0), 0)  # no DRAWINDIRECT_ARGS
    assert len(fake_compute) == 1 and len(msgs(dev)) == 2


def test_draw_with_undefined_topology_is_dropped():
    dev, ctx = make()
    ctx.Draw(3, 0)
    ctx.DrawIndexedInstanced(3, 1, 0, 0, 0)
    assert len(msgs(dev)) == 2


def test_queries_lifecycle(fake_compute):
    dev, ctx = make()
    ev = _q(dev, 0)
    with pytest.raises(InvalidCallError):
        ctx.GetData(ev)  # never issued
    ctx.Begin(ev)  # EVENT has no Begin: dropped
    assert len(msgs(dev)) == 1
    ctx.End(ev)
    assert ctx.GetData(ev) is True
    stats = _q(dev, 4)
    ctx.Begin(stats)
    with pytest.raises(InvalidCallError):
        ctx.GetData(stats)  # between Begin and End
    ctx.CSSetShader(SHADERS["CS"](dev, object()))
    ctx.Dispatch(2, 1, 1)
    ctx.End(stats)
    assert ctx.GetData(stats).CSInvocations == 16 and ctx.GetData(stats).VSInvocations == 0
    with pytest.raises(InvalidArgError):
        ctx.GetData(stats, 4)  # wrong DataSize
    assert ctx.GetData(stats, 0) is True


def test_occlusion_timestamp_and_so_queries():
    dev, ctx = make()
    occ, pred = _q(dev, 1), _q(dev, 5, ID3D11Predicate)
    for q in (occ, pred):
        ctx.Begin(q)
        ctx._count("Samples", 0)
        ctx.End(q)
    assert ctx.GetData(occ) == 0 and ctx.GetData(pred) is False
    ctx.Begin(occ)
    ctx._count("Samples", 7)  # the graphics pipeline's counter hook
    ctx.End(occ)
    assert ctx.GetData(occ) == 7
    t1, t2, dj = _q(dev, 2), _q(dev, 2), _q(dev, 3)
    ctx.Begin(dj)
    ctx.End(t1)
    ctx.End(t2)
    ctx.End(dj)
    assert ctx.GetData(t2) >= ctx.GetData(t1)
    assert ctx.GetData(dj).Frequency == 10**9 and not ctx.GetData(dj).Disjoint
    so, ovf = _q(dev, 10), _q(dev, 11)  # SO_STATISTICS_STREAM1 / SO_OVERFLOW_PREDICATE_STREAM1
    ctx.Begin(so)
    ctx.Begin(ovf)
    ctx._count("SO1_NumPrimitivesWritten", 3)
    ctx._count("SO1_PrimitivesStorageNeeded", 5)
    ctx._count("SO0_PrimitivesStorageNeeded", 100)
    ctx.End(so)
    ctx.End(ovf)
    assert (ctx.GetData(so).NumPrimitivesWritten, ctx.GetData(so).PrimitivesStorageNeeded) == (3, 5)
    assert ctx.GetData(ovf) is True


def test_predication_skips_predicated_work():
    dev, ctx = make()
    pred = _q(dev, 5, ID3D11Predicate)
    ctx.Begin(pred)
    ctx._count("Samples", 1)
    ctx.End(pred)  # result TRUE
    t = texture(dev, 1, 1, bind=0x20)
    rtv = view(dev, ViewKind.RTV, t)
    ctx.SetPredication(pred, True)
    ctx.ClearRenderTargetView(rtv, [1, 1, 1, 1])
    assert not t._storage.data.any()
    ctx.SetPredication(pred, False)
    ctx.ClearRenderTargetView(rtv, [1, 1, 1, 1])
    assert (t._storage.data == 255).all()


def test_deferred_context_records_and_replays(fake_compute):
    dev, imm = make()
    dc = ID3D11DeviceContext1(dev, 1)
    assert dc.GetType() == 1
    t = texture(dev, 1, 1, bind=0x20)
    dc.ClearRenderTargetView(view(dev, ViewKind.RTV, t), [1, 0, 0, 1])
    dst = texture(dev, 1, 1)
    dc.CopyResource(dst, t)
    dc.CSSetShader(SHADERS["CS"](dev, object()))
    dc.Dispatch(1, 1, 1)
    assert not t._storage.data.any() and fake_compute == []  # nothing ran yet
    with pytest.raises(InvalidCallError):
        imm.FinishCommandList(False)
    cl = dc.FinishCommandList(False)
    assert dc.CSGetShader() == (None, [])  # state reset (RestoreDeferredContextState FALSE)
    imm.CSSetShader(SHADERS["CS"](dev, object()))
    imm.ExecuteCommandList(cl, True)
    assert list(t._storage.data) == [255, 0, 0, 255] and list(dst._storage.data) == [255, 0, 0, 255]
    assert len(fake_compute) == 1
    assert imm.CSGetShader()[0] is not None  # restored
    imm.ExecuteCommandList(cl, False)
    assert imm.CSGetShader() == (None, [])  # cleared


def test_deferred_map_rules():
    dev, imm = make()
    dc = ID3D11DeviceContext1(dev, deferred=True)
    b = buffer(dev, 16, 0x1, usage=2, cpu=0x10000)
    with pytest.raises(D3D11Error) as e:
        dc.Map(b, 0, 5)  # NO_OVERWRITE before any DISCARD
    assert e.value.hresult == 0x887C0004
    m = dc.Map(b, 0, 4)
    m.pData[:4] = b"\x01\x02\x03\x04"
    with pytest.raises(InvalidCallError):
        dc.FinishCommandList(False)  # still mapped
    dc.Unmap(b, 0)
    assert not b._storage.data.any()
    imm.ExecuteCommandList(dc.FinishCommandList(False), False)
    assert bytes(b._storage.data[:4]) == b"\x01\x02\x03\x04"
    with pytest.raises(InvalidCallError):
        dc.GetData(_q(dev, 0))


def test_deferred_queries_mark_on_execution():
    dev, imm = make()
    dc = ID3D11DeviceContext1(dev, 1)
    ev = _q(dev, 0)
    dc.End(ev)
    cl = dc.FinishCommandList(False)
    with pytest.raises(InvalidCallError):
        imm.GetData(ev)
    imm.ExecuteCommandList(cl, False)
    assert imm.GetData(ev) is True


_CS = """cs_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 4, 1, 1
iadd r0.x, vThreadID.x, cb0[0].x
ishl r0.y, vThreadID.x, l(2)
store_raw u0.x, r0.y, r0.x
ret
"""


def _cs_setup(dev, ctx):
    from pyd3d11.shader.dxbc.asm import assemble_program

    ctx.CSSetShader(SHADERS["CS"](dev, assemble_program(_CS)))
    consts = np.zeros((32, 4), np.uint32)
    consts[16, 0] = 100
    cb = buffer(dev, 32 * 16, CB, data=consts)
    ctx.CSSetConstantBuffers1(0, 1, [cb], [16], [16])  # cb0[0] is constant 16 of the buffer
    out = buffer(dev, 32, UAV, misc=0x20)
    ctx.CSSetUnorderedAccessViews(0, 1, [view(dev, ViewKind.UAV, out, format=39, num_elements=8, flags=1,
                                              raw=True)])
    return cb, out


def test_dispatch_end_to_end_with_constant_buffer_offset():
    dev, ctx = make()
    _cb, out = _cs_setup(dev, ctx)
    stats = _q(dev, 4)
    ctx.Begin(stats)
    ctx.Dispatch(2, 1, 1)
    ctx.End(stats)
    assert list(out._storage.data.view(np.uint32)) == [100 + i for i in range(8)]
    assert ctx.GetData(stats).CSInvocations == 8


def test_deferred_dispatch_reads_constants_when_executed():
    dev, imm = make()
    dc = ID3D11DeviceContext1(dev, 1)
    cb, out = _cs_setup(dev, dc)
    dc.Dispatch(1, 1, 1)
    cl = dc.FinishCommandList(False)
    imm.UpdateSubresource(cb, 0, None, np.full((32, 4), 7, np.uint32), 0, 0)
    imm.ExecuteCommandList(cl, False)
    assert list(out._storage.data.view(np.uint32)) == [7, 8, 9, 10, 0, 0, 0, 0]


def test_deferred_no_overwrite_continues_from_recorded_discard():
    dev, imm = make()
    dc = ID3D11DeviceContext1(dev, 1)
    b = buffer(dev, 8, 0x1, usage=2, cpu=0x10000)
    m = dc.Map(b, 0, 4)
    m.pData[0:4] = b"\x01\x01\x01\x01"
    dc.Unmap(b, 0)
    m = dc.Map(b, 0, 5)
    assert bytes(m.pData[0:4]) == b"\x01\x01\x01\x01"
    m.pData[4:8] = b"\x02\x02\x02\x02"
    dc.Unmap(b, 0)
    imm.ExecuteCommandList(dc.FinishCommandList(False), False)
    assert bytes(b._storage.data) == b"\x01" * 4 + b"\x02" * 4
