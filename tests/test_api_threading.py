"""The free-threaded device, deferred contexts recording in parallel and ID3D11Multithread (issue 13 item 5).

Microsoft docs ("Introduction to Multithreading in Direct3D 11"): ID3D11Device methods are free-threaded;
each deferred context is used by one thread and records independently; the immediate context is single
threaded unless ID3D11Multithread protection is on ("By default, multithread protection is turned off",
ID3D11Multithread remarks; the interface is queried from the immediate context). Every test repeats its
work over many iterations and checks results that are fixed in advance, so a lost update or a torn cache
shows up as a wrong count or a wrong object.
"""

from __future__ import annotations

import sys
import threading
import time

import numpy as np
import pytest

from pyd3d11.d3d11 import (
    D3D11_CREATE_DEVICE_DEBUG,
    D3D11_SDK_VERSION,
    D3D_DRIVER_TYPE_HARDWARE,
    D3D11CreateDevice,
    ID3D11InfoQueue,
)
from pyd3d11.errors import NoInterfaceError

THREADS = 8
RGBA8 = 28  # DXGI_FORMAT_R8G8B8A8_UNORM
BIND_RT = 0x20


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, D3D11_CREATE_DEVICE_DEBUG, None,
                                    D3D11_SDK_VERSION)
    return dev, ctx


@pytest.fixture(autouse=True)
def _switch_often():
    """Make the interpreter switch threads every few bytecodes, so an unguarded read-modify-write races."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(old)


def _run(target, n=THREADS):
    """Start ``n`` threads on ``target(i)`` together (a barrier) and re-raise the first failure."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def body(i):
        try:
            barrier.wait()
            target(i)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread
            errors.append(e)

    ts = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise errors[0]


def _sampler(i):
    return dict(Filter=0x15, AddressU=1 + i % 5, AddressV=1, AddressW=1, MaxAnisotropy=1, ComparisonFunc=1,
                MaxLOD=float(i))


@pytest.mark.parametrize("rep", range(3))
def test_state_object_cache_from_8_threads(rep):
    # identical descs give one object (CreateSamplerState remarks) whose count is the number of creations
    dev, _ = _device()
    per_thread = 40  # every thread creates the same 40 new descs in the same order: creations collide
    got: list[list] = [[] for _ in range(THREADS)]

    def work(t):
        for k in range(per_thread):
            got[t].append(dev.CreateSamplerState(_sampler(k)))

    _run(work)
    objects: dict[int, set] = {}
    counts: dict[int, int] = {}
    for t in range(THREADS):
        for k, obj in enumerate(got[t]):
            key = k
            objects.setdefault(key, set()).add(id(obj))
            counts[key] = counts.get(key, 0) + 1
    assert all(len(ids) == 1 for ids in objects.values())
    for t in range(THREADS):
        for k, obj in enumerate(got[t]):
            assert obj._refcount == counts[k] == THREADS
            assert obj.GetDesc().MaxLOD == float(k)


@pytest.mark.parametrize("rep", range(3))
def test_create_and_release_from_8_threads_keeps_counts(rep):
    # each child holds one reference on its device while its own count is above 0
    dev, _ = _device()
    base = dev.AddRef() - 1
    dev.Release()
    per_thread = 20
    made: list[list] = [[] for _ in range(THREADS)]

    def work(t):
        for k in range(per_thread):
            data = np.full(16, t * 100 + k, np.uint32)
            b = dev.CreateBuffer(dict(ByteWidth=64, BindFlags=0x8), dict(pSysMem=data))
            v = dev.CreateShaderResourceView(b, dict(Format=42, ViewDimension=1, Buffer=dict(FirstElement=0,
                                                                                              NumElements=16)))
            made[t].append((b, v, t * 100 + k))
            if k % 2:
                v.Release()

    _run(work)
    live = sum(1 for t in range(THREADS) for k in range(per_thread) for _ in range(1 if k % 2 else 2))
    assert dev.AddRef() - 1 == base + live
    dev.Release()
    for t in range(THREADS):
        for b, _v, value in made[t]:
            assert (b._storage.data.view(np.uint32) == value).all()


@pytest.mark.parametrize("rep", range(3))
def test_info_queue_counts_every_message_from_8_threads(rep):
    dev, _ = _device()
    q = dev.QueryInterface(ID3D11InfoQueue)
    q.SetMessageCountLimit(100000)
    n = 150

    def work(t):
        for k in range(n):
            q.AddApplicationMessage(3, f"thread {t} message {k}")

    _run(work)
    assert q.GetNumStoredMessages() == THREADS * n
    assert q.GetNumMessagesAllowedByStorageFilter() == THREADS * n
    texts = {q.GetMessage(i).pDescription.split(" [")[0] for i in range(THREADS * n)}
    assert texts == {f"thread {t} message {k}" for t in range(THREADS) for k in range(n)}


@pytest.mark.parametrize("rep", range(3))
def test_deferred_contexts_record_in_parallel(rep):
    # each thread records into its own deferred context; the immediate context replays the lists in order
    dev, ctx = _device()
    size = 4
    textures = [dev.CreateTexture2D(dict(Width=size, Height=size, MipLevels=1, ArraySize=1, Format=RGBA8,
                                         SampleDesc=dict(Count=1), BindFlags=BIND_RT)) for _ in range(THREADS)]
    rtvs = [dev.CreateRenderTargetView(t) for t in textures]
    lists: list = [None] * THREADS
    steps = 30

    def work(t):
        dc = dev.CreateDeferredContext(0)
        for k in range(steps):
            dc.ClearRenderTargetView(rtvs[t], [t / 255, k / 255, 128 / 255, 1.0])
            row = np.full(size, (t << 24) | k, np.uint32)
            dc.UpdateSubresource(textures[t], 0, dict(left=0, top=k % size, front=0, right=size,
                                                      bottom=k % size + 1, back=1), row, size * 4, 0)
        lists[t] = dc.FinishCommandList(False)

    _run(work)
    for cl in lists:
        ctx.ExecuteCommandList(cl, False)
    for t, tex in enumerate(textures):
        px = tex._storage.data.view(np.uint32).reshape(size, size)
        last = steps - 1
        # the last clear covered every texel; the updates after it wrote the rows of k = last
        assert (px[last % size] == ((t << 24) | last)).all()
        cleared = np.array([t, last, 128, 255], np.uint8).view(np.uint32)[0]
        assert all((px[r] == cleared).all() for r in range(size) if r != last % size)


def test_multithread_interface_defaults_and_identity():
    dev, ctx = _device()
    from pyd3d11.api.threading_model import ID3D11Multithread

    mt = ctx.QueryInterface(ID3D11Multithread)
    assert mt is ctx.QueryInterface(ID3D11Multithread)
    assert mt.GetMultithreadProtected() is False  # off by default (ID3D11Multithread remarks)
    assert mt.SetMultithreadProtected(True) is False  # returns the previous setting
    assert mt.SetMultithreadProtected(True) is True
    assert mt.GetMultithreadProtected() is True
    dc = dev.CreateDeferredContext(0)
    with pytest.raises(NoInterfaceError):
        dc.QueryInterface(ID3D11Multithread)
    mt.Leave()  # a Leave without Enter does nothing


def test_multithread_enter_blocks_other_threads_immediate_calls():
    dev, ctx = _device()
    from pyd3d11.api.threading_model import ID3D11Multithread

    mt = ctx.QueryInterface(ID3D11Multithread)
    mt.SetMultithreadProtected(True)
    tex = dev.CreateTexture2D(dict(Width=1, Height=1, MipLevels=1, ArraySize=1, Format=RGBA8,
                                   SampleDesc=dict(Count=1), BindFlags=BIND_RT))
    rtv = dev.CreateRenderTargetView(tex)
    done = threading.Event()

    def other():
        ctx.ClearRenderTargetView(rtv, [1.0, 1.0, 1.0, 1.0])
        done.set()

    mt.Enter()
    mt.Enter()  # re-entrant for the owner
    th = threading.Thread(target=other)
    th.start()
    ctx.ClearRenderTargetView(rtv, [0.0, 0.0, 0.0, 0.0])  # the owner keeps using the context
    mt.Leave()
    time.sleep(0.2)
    assert not done.is_set()  # still inside the critical section
    assert tex._storage.data.tolist() == [0, 0, 0, 0]
    mt.Leave()
    th.join(10)
    assert done.is_set() and tex._storage.data.tolist() == [255, 255, 255, 255]


@pytest.mark.parametrize("rep", range(2))
def test_shared_immediate_context_calls_are_whole(rep):
    # with protection on, 8 threads issuing clears + copies through one immediate context never interleave
    # inside a call: every texel of a cleared target holds one thread's colour
    dev, ctx = _device()
    from pyd3d11.api.threading_model import ID3D11Multithread

    ctx.QueryInterface(ID3D11Multithread).SetMultithreadProtected(True)
    size = 8
    tex = dev.CreateTexture2D(dict(Width=size, Height=size, MipLevels=1, ArraySize=1, Format=RGBA8,
                                   SampleDesc=dict(Count=1), BindFlags=BIND_RT))
    rtv = dev.CreateRenderTargetView(tex)
    copies = [dev.CreateTexture2D(dict(Width=size, Height=size, MipLevels=1, ArraySize=1, Format=RGBA8,
                                       SampleDesc=dict(Count=1))) for _ in range(THREADS)]

    def work(t):
        for _ in range(20):
            ctx.ClearRenderTargetView(rtv, [t / 255, 0.0, 0.0, 1.0])
            ctx.CopyResource(copies[t], tex)
            px = copies[t]._storage.data.view(np.uint32)
            assert len(set(px.tolist())) == 1

    _run(work)


@pytest.mark.parametrize("rep", range(2))
def test_deferred_draws_recorded_in_parallel(rep):
    # 8 threads record full draws (shared shaders, layout and vertex-buffer layout; own colours and targets);
    # executed afterwards, each target holds exactly its thread's colour
    from test_api_draw import PS_COLOR, R32G32B32A32_FLOAT, VS_POS_COLOR, buffer, verts

    from pyd3d11.d3d11 import D3D11_INPUT_ELEMENT_DESC
    from pyd3d11.d3dcompiler import assemble_shader

    dev, ctx = _device()
    vsb = assemble_shader(VS_POS_COLOR)
    layout = dev.CreateInputLayout([D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, R32G32B32A32_FLOAT, 0, 0, 0, 0),
                                    D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, R32G32B32A32_FLOAT, 0, 16, 0, 0)],
                                   2, vsb)
    vs, ps = dev.CreateVertexShader(vsb), dev.CreatePixelShader(assemble_shader(PS_COLOR))
    colours = [(t / 8, 1 - t / 8, 0.5, 1.0) for t in range(THREADS)]
    vbs = [buffer(dev, verts([-1, -1, 0.5, 1, *c], [-1, 3, 0.5, 1, *c], [3, -1, 0.5, 1, *c]), 0x1) for c in colours]
    targets = [dev.CreateTexture2D(dict(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=R32G32B32A32_FLOAT,
                                        SampleDesc=dict(Count=1), BindFlags=BIND_RT)) for _ in range(THREADS)]
    rtvs = [dev.CreateRenderTargetView(t) for t in targets]
    lists: list = [None] * THREADS

    def work(t):
        dc = dev.CreateDeferredContext(0)
        for _ in range(3):
            dc.OMSetRenderTargets(1, [rtvs[t]], None)
            dc.RSSetViewports(1, [dict(Width=4, Height=4, MaxDepth=1)])
            dc.IASetInputLayout(layout)
            dc.IASetVertexBuffers(0, 1, [vbs[t]], [32], [0])
            dc.IASetPrimitiveTopology(4)
            dc.VSSetShader(vs)
            dc.PSSetShader(ps)
            dc.Draw(3, 0)
        lists[t] = dc.FinishCommandList(False)

    _run(work)
    for cl in lists:
        ctx.ExecuteCommandList(cl, False)
    for t, tex in enumerate(targets):
        px = tex._storage.data.view(np.float32).reshape(4, 4, 4)
        np.testing.assert_array_equal(px, np.broadcast_to(np.array(colours[t], np.float32), (4, 4, 4)))
