"""Draws whose tiles keep running after the Draw call returns (pipeline/native/fused.py queue_pending, issue 12).

With the draw queue a fused-lane draw's tile work is left on the worker threads when its Draw returns; the next
draw sets itself up meanwhile and joins it before its own tiles start, so every pixel still sees the primitives
in submission order (D3D11.3 §3.4). Anything else that could see or change what the tiles touch joins first:
every api call other than draws and state setters, a predicated draw, and any read or replacement of a target
storage's bytes (ResourceStorage.data). The pixel-shader invocations and samples the queued tiles add are
counted when they are joined.

Oracle: the same api calls on the reference backend. Every case runs natively with 1, 2 and 3 worker threads
(with one thread the draws still collect into scenes, pipeline/native/scene.py) and must give the reference's bytes
and counters. The scenes are order-dependent (alpha blending, depth LESS_EQUAL with writes), many draws overlap, their triangles cross the clip planes and half are
back-facing and culled, and one set is snapped to 64-pixel tile corners so top-left ties fall on tile edges.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused
from pyd3d11.shader import native
from pyd3d11.shader.native import pool

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 150, 130  # 3 x 3 tiles of 64 pixels

VS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""
PS = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
# colour = attribute * cb0[0] (a constant buffer changed between draws)
PS_CB = """ps_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mul o0.xyzw, v1.xyzw, cb0[0].xyzw
ret
"""
# colour = attribute + the texel of t0 under the pixel (a target of an earlier draw read as a texture)
PS_TEX = """ps_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ld r0.xyzw, r0.xyzw, t0.xyzw
mad o0.xyzw, r0.xyzw, l(0.5,0.5,0.5,0.5), v1.xyzw
ret
"""


def _triangles(seed: int, n: int, snap: bool = False) -> np.ndarray:
    """(n * 3, 8) float32 vertices: clip position, colour with alpha 0.2..0.9."""
    rng = np.random.default_rng(seed)
    v = np.empty((n * 3, 8), np.float32)
    v[:, 0:2] = rng.uniform(-1.3, 1.3, (n * 3, 2))
    v[:, 2] = rng.uniform(0.0, 1.0, n * 3)
    v[:, 3] = rng.uniform(0.6, 1.4, n * 3)
    v[rng.random(n * 3) < 0.05, 3] = -0.5  # behind the eye: clipped
    v[:, 4:7] = rng.uniform(0.0, 1.0, (n * 3, 3))
    v[:, 7] = rng.uniform(0.2, 0.9, n * 3)
    if snap:
        # screen positions on tile corners and edges (w = 1: no perspective shift)
        px = rng.integers(0, 4, n * 3) * 64 + rng.choice([0, 0, 1, -1], n * 3) * 0.5
        py = rng.integers(0, 4, n * 3) * 64
        v[:, 3] = 1.0
        v[:, 0] = 2.0 * px / W - 1.0
        v[:, 1] = 1.0 - 2.0 * py / H
    return v


class _Scene:
    def __init__(self, verts: np.ndarray):
        self.dev, _, self.ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
        dev, c = self.dev, self.ctx
        self.rt, self.rtv = self.target()
        self.rt2, self.rtv2 = self.target()
        self.srv = dev.CreateShaderResourceView(self.rt, None)
        self.ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D32_FLOAT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL))
        self.dsv = dev.CreateDepthStencilView(self.ds, None)
        self.vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                                   D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(verts)))
        self.cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_DYNAMIC,
                                                     BindFlags=D3D11_BIND_CONSTANT_BUFFER,
                                                     CPUAccessFlags=D3D11_CPU_ACCESS_WRITE),
                                   D3D11_SUBRESOURCE_DATA(pSysMem=np.ones(4, np.float32)))
        vs = assemble_shader(VS)
        c.IASetInputLayout(dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                     D3D11_INPUT_PER_VERTEX_DATA, 0),
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16,
                                     D3D11_INPUT_PER_VERTEX_DATA, 0)], 2, vs, len(vs)))
        c.IASetVertexBuffers(0, 1, [self.vb], [32], [0])
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        c.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
        self.ps = {k: self._ps(t) for k, t in (("plain", PS), ("cb", PS_CB), ("tex", PS_TEX))}
        c.PSSetShader(self.ps["plain"], None, 0)
        c.PSSetConstantBuffers(0, 1, [self.cb])
        c.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        c.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_BACK, DepthClipEnable=True)))
        rtb = D3D11_RENDER_TARGET_BLEND_DESC(
            BlendEnable=True, SrcBlend=D3D11_BLEND_SRC_ALPHA, DestBlend=D3D11_BLEND_INV_SRC_ALPHA,
            BlendOp=D3D11_BLEND_OP_ADD, SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_INV_SRC_ALPHA,
            BlendOpAlpha=D3D11_BLEND_OP_ADD, RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)
        c.OMSetBlendState(dev.CreateBlendState(D3D11_BLEND_DESC(
            RenderTarget=[rtb] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7)), [1.0] * 4, 0xFFFFFFFF)
        c.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL,
            DepthFunc=D3D11_COMPARISON_LESS_EQUAL)), 0)
        c.OMSetRenderTargets(1, [self.rtv], self.dsv)
        c.ClearRenderTargetView(self.rtv, [0.1, 0.2, 0.3, 0.4])
        c.ClearRenderTargetView(self.rtv2, [0.0, 0.0, 0.0, 0.0])
        c.ClearDepthStencilView(self.dsv, D3D11_CLEAR_DEPTH, 0.8, 0)

    def target(self):
        tex = self.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1),
            BindFlags=D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        return tex, self.dev.CreateRenderTargetView(tex, None)

    def _ps(self, text):
        b = assemble_shader(text)
        return self.dev.CreatePixelShader(b, len(b), None)

    def set_cb(self, rgba):
        m = self.ctx.Map(self.cb, 0, D3D11_MAP_WRITE_DISCARD, 0)
        m.as_array(np.float32)[:4] = rgba
        self.ctx.Unmap(self.cb, 0)

    def result(self) -> bytes:
        return (texture_to_numpy(self.ctx, self.rt, 0).tobytes() + texture_to_numpy(self.ctx, self.rt2, 0).tobytes()
                + texture_to_numpy(self.ctx, self.ds, 0).tobytes())


def _many_draws(sc: _Scene, n_tri: int) -> None:
    """Draws of 1..9 triangles each, some repeated back to back (the front end and geometry reused)."""
    c, start = sc.ctx, 0
    rng = np.random.default_rng(7)
    while start < n_tri:
        k = int(min(rng.integers(1, 10), n_tri - start))
        for _ in range(1 + int(rng.integers(0, 3) == 0)):
            c.Draw(3 * k, 3 * start)
        start += k


def _cb_between(sc: _Scene, n_tri: int) -> None:
    sc.ctx.PSSetShader(sc.ps["cb"], None, 0)
    for i in range(0, n_tri, 4):
        sc.set_cb([0.3 + 0.05 * (i % 7), 1.0 - 0.04 * (i % 11), 0.5, 1.0 - 0.03 * (i % 5)])  # Map between draws
        sc.ctx.Draw(12, 3 * i)


def _target_then_texture(sc: _Scene, n_tri: int) -> None:
    c = sc.ctx
    c.Draw(3 * (n_tri // 2), 0)  # into rt
    c.OMSetRenderTargets(1, [sc.rtv2], None)  # rt stops being a target ...
    c.PSSetShaderResources(0, 1, [sc.srv])  # ... and is read by the next draw
    c.PSSetShader(sc.ps["tex"], None, 0)
    c.Draw(3 * (n_tri // 2), 3 * (n_tri // 2))


def _update_between(sc: _Scene, n_tri: int) -> None:
    for i in range(0, n_tri, 5):
        c = sc.ctx
        c.Draw(15, 3 * i)
        moved = _triangles(99 + i, 5)
        c.UpdateSubresource(sc.vb, 0, None, moved, moved.nbytes, 0)  # the vertices the next draw reads
        c.Draw(15, 0)


CASES = {"many draws": _many_draws, "map between draws": _cb_between,
         "target then texture": _target_then_texture, "update between draws": _update_between}


def _run(backend: str, threads: int, case, verts: np.ndarray, n_tri: int, peek: bool = False):
    native.set_backend(backend)
    pool.set_threads(threads)
    try:
        sc = _Scene(verts)
        q = sc.dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
        occ = sc.dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION))
        sc.ctx.Begin(q)
        sc.ctx.Begin(occ)
        case(sc, n_tri)
        peeked = queued = None
        if peek:
            queued = fused.queued()
            peeked = bytes(sc.rt._storage.data) + bytes(sc.ds._storage.data)  # no api call in between
        sc.ctx.End(occ)
        sc.ctx.End(q)
        stats = sc.ctx.GetData(q)
        counts = (stats.PSInvocations, stats.CInvocations, stats.CPrimitives, stats.IAPrimitives,
                  sc.ctx.GetData(occ))
        return sc.result(), counts, peeked, queued
    finally:
        pool.set_threads(None)
        native.set_backend(None)


@pytest.mark.parametrize("snap", [False, True], ids=["clipped", "tile-edge ties"])
@pytest.mark.parametrize("name", list(CASES))
def test_queued_draws_match_the_reference(name, snap):
    n_tri = 60
    verts = _triangles(3 + snap, n_tri, snap)
    want, want_counts, _, _ = _run("reference", 1, CASES[name], verts, n_tri)
    for threads in (1, 2, 3):
        got, counts, _, _ = _run("native", threads, CASES[name], verts, n_tri)
        assert got == want, f"{threads} threads"
        assert counts == want_counts, f"{threads} threads"


def test_a_queued_draw_is_finished_before_its_target_bytes_are_read():
    n_tri = 60
    verts = _triangles(5, n_tri)
    _, _, want, _ = _run("reference", 1, _many_draws, verts, n_tri, peek=True)
    _, _, got, queued = _run("native", 2, _many_draws, verts, n_tri, peek=True)
    assert queued, "the last draw's tiles must still be queued for the case to guard anything"
    assert got == want


def test_predication_sees_queued_draws():
    """An occlusion predicate over queued draws decides the next draw (§ SetPredication): counted first."""
    results = []
    for backend, threads in (("reference", 1), ("native", 2), ("native", 3)):
        native.set_backend(backend)
        pool.set_threads(threads)
        try:
            sc = _Scene(_triangles(11, 40))
            pred = sc.dev.CreatePredicate(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION_PREDICATE))
            sc.ctx.Begin(pred)
            _many_draws(sc, 40)
            sc.ctx.End(pred)
            sc.ctx.OMSetRenderTargets(1, [sc.rtv2], None)
            sc.ctx.SetPredication(pred, False)  # draw only when the predicate is true (samples passed)
            sc.ctx.Draw(60, 0)
            sc.ctx.SetPredication(None, False)
            results.append(sc.result())
        finally:
            pool.set_threads(None)
            native.set_backend(None)
    assert results[1] == results[0] and results[2] == results[0]
    assert results[0][W * H * 4:2 * W * H * 4] != bytes(W * H * 4), "the predicated draw must draw"


def test_the_queue_is_used_and_can_be_turned_off(monkeypatch):
    n_tri = 30
    verts = _triangles(13, n_tri)
    on = _run("native", 2, _many_draws, verts, n_tri, peek=True)
    monkeypatch.setattr(fused, "QUEUE_DRAWS", False)
    off = _run("native", 2, _many_draws, verts, n_tri, peek=True)
    assert on[3] and not off[3]
    assert on[:3] == off[:3]


def run_on_threads(work, n: int = 2) -> list:
    """Run ``work(i)`` for i < n, each on its own thread, all at once; the exceptions they raised."""
    import threading

    errors: list = []

    def guarded(i: int) -> None:
        try:
            work(i)
        except BaseException as e:  # noqa: BLE001 - returned to the test
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def _reference_images(verts: list, n_tri: int) -> list:
    """Each vertex set's _many_draws image on the reference backend (the oracle of the two-thread tests)."""
    native.set_backend("reference")
    try:
        want = []
        for v in verts:
            sc = _Scene(v)
            _many_draws(sc, n_tri)
            want.append(sc.result())
        return want
    finally:
        native.set_backend(None)


def test_two_devices_drawing_on_two_threads():
    """Draws of two devices on two threads share the one queue: each joins the other's queued tiles before
    queueing its own; both images are the reference's."""
    n_tri = 40
    verts = [_triangles(21, n_tri), _triangles(22, n_tri, snap=True)]
    want = _reference_images(verts, n_tri)
    native.set_backend("native")
    pool.set_threads(2)
    try:
        got: list = [None, None]

        def work(i: int) -> None:
            sc = _Scene(verts[i])
            for _ in range(3):
                sc.ctx.ClearRenderTargetView(sc.rtv, [0.1, 0.2, 0.3, 0.4])
                sc.ctx.ClearDepthStencilView(sc.dsv, D3D11_CLEAR_DEPTH, 0.8, 0)
                _many_draws(sc, n_tri)
            got[i] = sc.result()

        errors = run_on_threads(work)
    finally:
        pool.set_threads(None)
        native.set_backend(None)
    assert not errors, errors
    assert got == want


def test_a_scene_opened_by_another_thread_meanwhile_is_not_dropped(monkeypatch):
    """Thread B's draw joins the queue, then opens its own scene; thread A's draws, run in exactly that gap,
    must neither be lost (a scene of A's replaced by B's before it ran) nor run unjoined: the check, the join
    and the opening are one critical section, so A's draws wait for B's to be added. The gap is forced: B's
    Scene construction starts A's whole draw sequence and waits (at most 1 s) for it to end; A reads its
    images only after B's draws."""
    import threading

    n_tri = 40
    verts = [_triangles(31, n_tri), _triangles(32, n_tri, snap=True)]
    want = _reference_images(verts, n_tri)
    native.set_backend("native")
    pool.set_threads(2)
    a_go, a_done, b_done = threading.Event(), threading.Event(), threading.Event()
    real_scene = fused.Scene
    b_ident: list = []

    def scene(*args):  # B's first scene: A draws everything before B's scene is made the open one
        if threading.get_ident() in b_ident and not a_go.is_set():
            a_go.set()
            a_done.wait(1.0)
        return real_scene(*args)

    monkeypatch.setattr(fused, "Scene", scene)
    try:
        scenes = [_Scene(v) for v in verts]
        got: list = [None, None]

        def work(i: int) -> None:
            try:
                if i == 0:
                    a_go.wait(10.0)
                else:
                    b_ident.append(threading.get_ident())
                _many_draws(scenes[i], n_tri)
                (a_done if i == 0 else b_done).set()
                if i == 0:
                    b_done.wait(10.0)  # A's result joins only after B's scene has replaced whatever was open
                got[i] = scenes[i].result()
            finally:  # (a failing thread does not keep the other waiting)
                a_done.set()
                b_done.set()

        errors = run_on_threads(work)
    finally:
        pool.set_threads(None)
        native.set_backend(None)
    assert a_go.is_set(), "B's draw must have opened a scene for the case to guard anything"
    assert not errors, errors
    assert got[0] == want[0] and got[1] == want[1]


def test_queued_tiles_keep_their_compiled_code_alive():
    """The queued draw's tiles hold the kernel and fused modules they run: a cache dropping them meanwhile (a
    cleared cache, a test, a benchmark's cold-start measurement) must not free machine code under running tiles."""
    import gc
    import weakref

    from pyd3d11.shader.native import runtime as nrt

    n_tri = 60
    verts = _triangles(5, n_tri)
    want = _run("reference", 1, _many_draws, verts, n_tri)[0]
    native.set_backend("native")
    pool.set_threads(2)
    try:
        sc = _Scene(verts)
        _many_draws(sc, n_tri)
        assert fused.queued(), "the last draw's tiles must still be queued for the case to guard anything"
        key = nrt.program_key(sc.ps["plain"]._program)
        kernels = [weakref.ref(k) for kk, k in nrt._KERNELS.items() if kk[0] == key and not isinstance(k, str)]
        modules = [weakref.ref(m) for m in fused._MODULES.values()]
        assert kernels and modules
        nrt._KERNELS.clear()
        fused._CACHE.clear()
        fused._MODULES.clear()
        gc.collect()
        if fused.queued():  # the tiles may have finished already; while queued, their code must be alive
            assert any(r() is not None for r in kernels)
            assert any(r() is not None for r in modules)
        assert sc.result() == want
    finally:
        pool.set_threads(None)
        native.set_backend(None)
