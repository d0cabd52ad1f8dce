"""Scene binning across draws (pipeline/native/scene.py, fused.py ``_scene_draw``; issue 12).

Consecutive fused-lane draws collect into a scene whose tiles each run through every draw of the scene in
submission order. D3D11.3 §3.4 requires each pixel to see the primitives in submission order; tiles are
disjoint, so the result must be the reference's for every thread count and scene size. A draw that writes what
an earlier draw of the scene reads through a view (or reads what it writes) cannot share its scene: a tile's
draws run before later tiles' draws, so a read of another tile's pixels would see a later draw's writes.

Oracle: the same api calls on the reference backend (bytes of both colour targets and the depth buffer, the
pipeline statistics and the occlusion count). Every case runs natively with 1, 2 and 3 threads and scenes of 2
and 64 draws. The mutation tests at the end show that the cases see a scene that runs its draws out of order and
one that ignores the view hazards.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_draw_queue import _Scene, _triangles

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused, scene
from pyd3d11.shader import native
from pyd3d11.shader.native import pool

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 150, 130  # test_draw_queue's target: 3 x 3 tiles of 64 pixels

# colour = attribute + half the texel of t0 at the pixel mirrored through the target's centre: a tile reads
# the pixels of another tile
PS_FAR = """ps_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
iadd r0.xy, -r0.xyxx, l(149, 129, 0, 0)
mov r0.zw, l(0,0,0,0)
ld r0.xyzw, r0.xyzw, t0.xyzw
mad o0.xyzw, r0.xyzw, l(0.5,0.5,0.5,0.5), v1.xyzw
ret
"""


def _big_triangles(seed: int, n: int) -> np.ndarray:
    """(n * 3, 8) vertices of large triangles covering most of the target (every tile in most draws)."""
    rng = np.random.default_rng(seed)
    v = np.empty((n * 3, 8), np.float32)
    corners = np.array([[-1.2, -1.2], [3.0, -1.2], [-1.2, 3.0]], np.float32)
    for i in range(n):
        flip = rng.random() < 0.5
        c = corners * (-1 if flip else 1) + rng.uniform(-0.3, 0.3, (3, 2))
        v[3 * i:3 * i + 3, 0:2] = c if not flip else c[::-1]  # front-facing either way
    v[:, 2] = rng.uniform(0.0, 1.0, n * 3)
    v[:, 3] = 1.0
    v[:, 4:7] = rng.uniform(0.0, 1.0, (n * 3, 3))
    v[:, 7] = rng.uniform(0.2, 0.9, n * 3)
    return v


def _no_cull(sc: _Scene) -> None:
    sc.ctx.RSSetState(sc.dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))


def _overlapping(sc: _Scene, n: int) -> None:
    """Many full-screen-ish blended draws with depth LESS_EQUAL: every tile runs every draw."""
    _no_cull(sc)
    for i in range(n):
        sc.ctx.Draw(3, 3 * i)


def _blend_only(sc: _Scene, n: int) -> None:
    """The same without depth (S5's case: blending alone orders the draws)."""
    _no_cull(sc)
    sc.ctx.OMSetRenderTargets(1, [sc.rtv], None)
    for i in range(n):
        sc.ctx.Draw(3, 3 * i)


def _state_changes(sc: _Scene, n: int) -> None:
    """Blend state, blend factor, viewport, scissor, depth state and targets change between queued draws."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    rtb = D3D11_RENDER_TARGET_BLEND_DESC(
        BlendEnable=True, SrcBlend=D3D11_BLEND_BLEND_FACTOR, DestBlend=D3D11_BLEND_INV_SRC_COLOR,
        BlendOp=D3D11_BLEND_OP_REV_SUBTRACT, SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_ONE,
        BlendOpAlpha=D3D11_BLEND_OP_MAX, RenderTargetWriteMask=0xB)
    other = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[rtb] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7))
    scissor_rs = dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ScissorEnable=True))
    ds_greater = dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_GREATER))
    for i in range(n):
        k = i % 6
        if k == 1:
            c.OMSetBlendState(other, [0.25 + 0.1 * (i % 3), 0.5, 0.75, 1.0], 0xFFFFFFFF)
        elif k == 2:
            c.RSSetViewports(1, [D3D11_VIEWPORT(10 + i, 5, W - 30, H - 20, 0.1, 0.9)])
        elif k == 3:
            c.RSSetState(scissor_rs)
            c.RSSetScissorRects(1, [D3D11_RECT(20 + i, 30, 120, 64 + i)])
        elif k == 4:
            c.OMSetRenderTargets(1, [sc.rtv2], sc.dsv if i % 4 else None)
            c.OMSetDepthStencilState(ds_greater, 0)
        elif k == 5:
            c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
            _no_cull(sc)
            c.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        c.Draw(3, 3 * i)


def _far_ps(sc: _Scene):
    b = assemble_shader(PS_FAR)
    return sc.dev.CreatePixelShader(b, len(b), None)


def _read_after_write(sc: _Scene, n: int) -> None:
    """Draws into rt2, then draws into rt reading rt2's pixels of other tiles (a texture the scene writes)."""
    c = sc.ctx
    _no_cull(sc)
    c.OMSetRenderTargets(1, [sc.rtv2], None)
    for i in range(n // 2):
        c.Draw(3, 3 * i)
    c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
    c.PSSetShaderResources(0, 1, [sc.dev.CreateShaderResourceView(sc.rt2, None)])
    c.PSSetShader(_far_ps(sc), None, 0)
    for i in range(n // 2, n):
        c.Draw(3, 3 * i)


def _write_after_read(sc: _Scene, n: int) -> None:
    """Draws into rt2 reading rt's pixels of other tiles, then draws into rt (a target the scene reads)."""
    c = sc.ctx
    _no_cull(sc)
    c.OMSetRenderTargets(1, [sc.rtv2], None)
    c.PSSetShaderResources(0, 1, [sc.srv])
    c.PSSetShader(_far_ps(sc), None, 0)
    for i in range(n // 2):
        c.Draw(3, 3 * i)
    c.PSSetShader(sc.ps["plain"], None, 0)
    c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)  # rt is no longer read by the shader (unbound as a view) ...
    for i in range(n // 2, n):
        c.Draw(3, 3 * i)  # ... and written while the earlier draws' tiles that read it may still be queued


def _copy_between(sc: _Scene, n: int) -> None:
    """CopyResource, UpdateSubresource of a target and Map of a constant buffer between queued draws."""
    c = sc.ctx
    _no_cull(sc)
    c.PSSetShader(sc.ps["cb"], None, 0)
    for i in range(n):
        if i % 5 == 2:
            c.CopyResource(sc.rt2, sc.rt)
        if i % 5 == 3:
            patch = np.full((16, 16, 4), 40 + i, np.uint8)
            c.UpdateSubresource(sc.rt, 0, D3D11_BOX(60, 60, 0, 76, 76, 1), patch, 64, 0)
        if i % 5 == 4:
            sc.set_cb([0.2 + 0.03 * i, 0.9, 0.5, 1.0 - 0.02 * i])
        c.Draw(3, 3 * i)


def _queries_between(sc: _Scene, n: int) -> None:
    """An occlusion query over some queued draws read back between draws, and a predicated draw."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    occ = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION))
    pred = dev.CreatePredicate(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION_PREDICATE))
    for i in range(n):
        if i == n // 3:
            c.Begin(occ)
            c.Begin(pred)
        c.Draw(3, 3 * i)
        if i == 2 * n // 3:
            c.End(occ)
            c.End(pred)
            got = c.GetData(occ)
            assert got is not None
            c.SetPredication(pred, True)  # draw only when nothing passed: the next draw is skipped
            c.Draw(3, 0)
            c.SetPredication(None, False)
            v = np.full((W * H,), int(got) & 0xFF, np.uint32).view(np.uint8).reshape(H, W, 4)
            c.UpdateSubresource(sc.rt2, 0, None, np.ascontiguousarray(v), W * 4, 0)


CASES = {"overlapping": _overlapping, "blend only": _blend_only, "state changes": _state_changes,
         "read after write": _read_after_write, "write after read": _write_after_read,
         "copy between": _copy_between, "queries between": _queries_between}
N = 24


def _run(backend: str, threads: int, case, verts: np.ndarray, n: int = N):
    native.set_backend(backend)
    pool.set_threads(threads)
    try:
        sc = _Scene(verts)
        q = sc.dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
        occ = sc.dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION))
        sc.ctx.Begin(q)
        sc.ctx.Begin(occ)
        case(sc, n)
        sc.ctx.End(occ)
        sc.ctx.End(q)
        st = sc.ctx.GetData(q)
        counts = (st.PSInvocations, st.CInvocations, st.CPrimitives, sc.ctx.GetData(occ))
        return sc.result(), counts
    finally:
        pool.set_threads(None)
        native.set_backend(None)


def _verts(case_name: str) -> np.ndarray:
    return _big_triangles(31 + len(case_name), N)


@pytest.mark.parametrize("draws", [2, 64])
@pytest.mark.parametrize("name", list(CASES))
def test_scenes_match_the_reference(name, draws, monkeypatch):
    verts = _verts(name)
    want = _run("reference", 1, CASES[name], verts)
    monkeypatch.setattr(fused, "SCENE_DRAWS", draws)
    for threads in (1, 2, 3):
        fused.stats.reset()
        got = _run("native", threads, CASES[name], verts)
        assert fused.stats.scene_draws > 0, "the case must put draws into scenes"
        assert got[0] == want[0], f"{threads} threads"
        assert got[1] == want[1], f"{threads} threads"


def test_scenes_hold_many_draws():
    """Without joins in between, 24 draws on one grid make few scenes (SCENE_DRAWS each)."""
    verts = _verts("overlapping")
    fused.stats.reset()
    _run("native", 2, _blend_only, verts)
    assert fused.stats.scene_draws == N
    assert fused.stats.scenes <= -(-N // fused.SCENE_DRAWS)


def test_random_small_draws_in_scenes(monkeypatch):
    """test_draw_queue's scene of many small draws (clipped, culled, tile-edge ties) in scenes of 5 draws."""
    from test_draw_queue import _many_draws

    monkeypatch.setattr(fused, "SCENE_DRAWS", 5)
    for snap in (False, True):
        verts = _triangles(41 + snap, 60, snap)
        want = _run("reference", 1, _many_draws, verts, 60)
        for threads in (1, 3):
            assert _run("native", threads, _many_draws, verts, 60) == want


def test_scenes_can_be_turned_off(monkeypatch):
    verts = _verts("overlapping")
    on = _run("native", 2, _overlapping, verts)
    monkeypatch.setattr(fused, "SCENES", False)
    fused.stats.reset()
    off = _run("native", 2, _overlapping, verts)
    assert fused.stats.scene_draws == 0
    assert on == off


def _mixed_sizes(sc: _Scene, n: int) -> None:
    """Small draws (a scene of them runs on one worker) and large ones (a scene on every worker) interleaved:
    a large draw cannot join a one-worker scene, a small one joins any."""
    _no_cull(sc)
    for i in range(n):
        if i % 3 == 2:
            sc.ctx.Draw(3, 3 * i)  # large
        else:
            sc.ctx.Draw(3, 3 * (N + i))  # small (the vertices after the large triangles)


def test_small_and_large_draws_interleaved(monkeypatch):
    verts = np.concatenate([_big_triangles(77, N), _triangles(78, N)])
    verts[3 * N:, 3] = 1.0  # small triangles in front of the eye (none clipped away entirely)
    verts[3 * N:, 0:2] = verts[3 * N:, 0:2] * 0.1 + np.repeat(np.random.default_rng(5).uniform(-0.8, 0.8, (N, 2)),
                                                              3, 0)
    want = _run("reference", 1, _mixed_sizes, verts)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 64)
    # this target has 19,500 pixels: "small" made to mean under 2,000 covered-rectangle pixels
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 2000)
    for threads in (1, 2, 3):
        fused.stats.reset()
        assert _run("native", threads, _mixed_sizes, verts) == want, f"{threads} threads"
        assert fused.stats.scene_draws == N
        if threads > 1:
            assert fused.stats.scenes > 1, "large draws after small ones open scenes on every worker"


# --- the cases see what they guard ---------------------------------------------------------------------------

def test_a_scene_running_its_draws_out_of_order_is_seen(monkeypatch):
    """Mutation: each scene's draws reversed before its tiles run — the overlapping case must notice."""
    verts = _verts("overlapping")
    want = _run("reference", 1, _overlapping, verts)
    real = scene.Scene.launch

    def reversed_launch(self, prev=None):
        if self.job is None:
            self.entries.reverse()
        return real(self, prev)

    monkeypatch.setattr(scene.Scene, "launch", reversed_launch)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 64)
    assert _run("native", 1, _overlapping, verts) != want


@pytest.mark.parametrize("name", ["write after read", "read after write"])
def test_a_view_hazard_starts_a_new_scene(name, monkeypatch):
    """The draws after the switch cannot join the scene of the draws before it (with scenes of 64 draws: two
    scenes). Mutation: the draws' view reads hidden from the check — write after read then shares one scene
    (the native sampler reads a decoded copy of the texture taken when the draw is set up, so the image stays
    right there; the check guards views read in place). Read after write is also guarded by
    ResourceStorage.data: binding the texture reads its bytes, which runs the scene first."""
    verts = _verts(name)
    want = _run("reference", 1, CASES[name], verts)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 64)
    fused.stats.reset()
    assert _run("native", 1, CASES[name], verts) == want
    assert fused.stats.scenes == 2 and fused.stats.scene_draws == N
    monkeypatch.setattr(fused, "_ps_reads", lambda state: [])
    fused.stats.reset()
    assert _run("native", 1, CASES[name], verts) == want
    assert fused.stats.scenes == (1 if name == "write after read" else 2)


# --- a launched scene runs while the next one collects (fused._beside_launched, queue_pending) -------------------

def _finish_points(monkeypatch, overlap: bool, draws: int, per_scene: int, chain: bool = False):
    """(image and counts of _blend_only's draws, the scene draws collected when each scene was finished)."""
    monkeypatch.setattr(fused, "SCENE_DRAWS", per_scene)
    monkeypatch.setattr(fused, "SCENE_OVERLAP", overlap)
    monkeypatch.setattr(fused, "SCENE_CHAIN", chain)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)  # scenes on every worker (a one-worker scene is joined at once)
    points: list[int] = []
    real = scene.Scene.finish

    def finish(self):
        points.append(fused.stats.scene_draws)
        real(self)

    monkeypatch.setattr(scene.Scene, "finish", finish)
    fused.stats.reset()
    got = _run("native", 2, _blend_only, _verts("overlapping"), draws)
    monkeypatch.setattr(scene.Scene, "finish", real)
    return got, points


def test_a_launched_scene_runs_while_the_next_one_collects(monkeypatch):
    """Scenes of 4 draws, 12 draws: with the overlap, scene k (draws 4k..4k+3) is finished only when scene k+1 is
    full and launched (8, then 12 draws collected) and the last at the read; without it, at the draw that filled
    it. The bytes and counts are the reference's either way. (Without chained scenes: with them see
    test_a_full_scene_chains_after_the_running_one.)"""
    want = _run("reference", 1, _blend_only, _verts("overlapping"), 12)
    got, points = _finish_points(monkeypatch, True, 12, 4)
    assert got == want
    assert points == [8, 12, 12]
    got, points = _finish_points(monkeypatch, False, 12, 4)
    assert got == want
    assert points == [4, 8, 12]


def test_a_full_scene_chains_after_the_running_one(monkeypatch):
    """With chained scenes (fused.SCENE_CHAIN), scene k+1 starts when it is full without finishing scene k (its
    tiles wait tile by tile); scene k is finished when scene k+2 is launched (two run at most): scenes of 4, 12
    draws — scene 1 at 12 (scene 3 launched), then scenes 2 and 3 at the read. Every scene after the first was
    chained. Same bytes and counts as the reference."""
    want = _run("reference", 1, _blend_only, _verts("overlapping"), 12)
    fused.stats.reset()
    got, points = _finish_points(monkeypatch, True, 12, 4, chain=True)
    assert got == want
    assert points == [12, 12, 12]
    assert fused.stats.chained_scenes == 2
    assert fused.stats.chained_at_join == 0  # (every scene full: nothing left open at the read)


@pytest.mark.parametrize("threads", [2, 3])
def test_the_open_scene_chains_at_the_join(monkeypatch, threads):
    """10 draws in scenes of 4: scene 2 is chained when full; the read finds scene 2 running and scene 3 (2
    draws) open, and starts scene 3 chained after scene 2 before waiting (fused.join_queued), instead of after
    all of scene 2. Same bytes and counts as the reference; each scene finished once, in order; a callback
    waiting for the queue (fused.after_queued) runs once."""
    want = _run("reference", 1, _blend_only, _verts("overlapping"), 10)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 4)
    monkeypatch.setattr(fused, "SCENE_OVERLAP", True)
    monkeypatch.setattr(fused, "SCENE_CHAIN", True)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    finished, called = [], []
    real_finish, real_case = scene.Scene.finish, _blend_only

    def finish(self):  # (recorded when done: a chained scene finishes the one before it first)
        was = self.finished
        real_finish(self)
        if not was:
            finished.append(len(self.entries))

    def case(sc, n):
        real_case(sc, n)
        fused.after_queued(lambda: called.append(1))

    monkeypatch.setattr(scene.Scene, "finish", finish)
    fused.stats.reset()
    got = _run("native", threads, case, _verts("overlapping"), 10)
    assert got == want
    assert fused.stats.chained_scenes == 2 and fused.stats.chained_at_join == 1
    assert finished == [4, 4, 2]
    assert called == [1]


def _read_launched_target(sc: _Scene, n: int) -> None:
    """_read_after_write with the view and shader made before the draws (creating them joins the queue): draws into rt2 fill
    and launch scenes, then, with state setters only in between, draws into rt read rt2 through the view."""
    c = sc.ctx
    _no_cull(sc)
    srv2 = sc.dev.CreateShaderResourceView(sc.rt2, None)
    far = _far_ps(sc)
    c.OMSetRenderTargets(1, [sc.rtv2], None)
    for i in range(n // 2):
        c.Draw(3, 3 * i)
    c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
    c.PSSetShaderResources(0, 1, [srv2])
    c.PSSetShader(far, None, 0)
    for i in range(n // 2, n):
        c.Draw(3, 3 * i)


def test_a_draw_reading_the_launched_scenes_target_waits_for_it(monkeypatch):
    """Scenes of 2 draws: the first draw reading rt2 comes while the scene that wrote rt2 last runs; it waits for
    that scene before its tiles are set up, and stays in the fused lane. The bytes and counts are the
    reference's. (Two guards make it wait: reading the view's bytes while the draw is prepared joins the pending
    writes, and _beside_launched refuses to open a scene beside one writing what the draw reads; the first
    comes first on this path, so removing the second alone changes nothing here.)"""
    verts = _verts("read after write")
    want = _run("reference", 1, _read_launched_target, verts)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 2)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    points: list[int] = []
    real = scene.Scene.finish

    def finish(self):
        points.append(fused.stats.scene_draws)
        real(self)

    monkeypatch.setattr(scene.Scene, "finish", finish)
    for threads in (1, 2, 3):
        fused.stats.reset()
        points.clear()
        assert _run("native", threads, _read_launched_target, verts) == want, f"{threads} threads"
        assert fused.stats.scene_draws == N
        assert "scene finished while the draw was set up" not in fused.stats.reasons
        # the scene of draws 11-12 (the last into rt2) finished before draw 13, which reads rt2, was added;
        # the scenes before it when the next one was launched (overlap; one thread: no worker thread to run a
        # launched scene, which is joined at once; chained scenes: scene k when scene k+2 is launched, two running)
        assert points[:6] == ([2, 4, 6, 8, 10, 12] if threads == 1 else [6, 8, 10, 12, 12, 12]), points
