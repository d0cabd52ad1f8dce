"""Scenes on several workers: the per-worker words of a scene draw (pipeline/native/worker_rows.py) and results
independent of the thread count (issue 12).

Every worker of a scene runs every draw of it, each with its own lane buffers and scratch, so a draw needs one T
array and one pixel-shader argument array per worker. worker_rows.py builds the other workers' words from the
first worker's as matrices. What they must hold follows from what the tile code reads: the worker's own lane
buffers in every T slot (the buffer set's addresses), the address of the worker's own two counter words and of
its own argument array, and in the argument array the draw's own words (constant buffers, views, texture plan:
the first worker's) except the slots that name the worker's scratch and lane buffers (runtime._scratch_args
and fused._thread_args: r, x, masks, v, o, active, discarded, helpers, the system-value arrays).

Oracle for the images: the same api calls on the reference backend (D3D11.3 §3.4: each pixel sees the
primitives in submission order, so the bytes do not depend on how tiles are spread over threads). Every case
runs with 1, 2, 3 and 8 threads with scenes on every worker (WORK_PER_WORKER = 1: this 150 x 130 target is
below the default's one-worker bound, so without it the scenes would run on one worker only). A draw that
samples what an earlier draw of the scene rendered, a pixel-shader UAV write, a copy, a readback or a query
between draws must finish the queued scene first: the cases count the scenes that implies.
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest
from test_draw_queue import _Scene
from test_scene_binning import CASES, _big_triangles, _far_ps, _no_cull, _run

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused, fused_gen, scene, worker_rows
from pyd3d11.shader import native

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 150, 130
N = 24
THREADS = (1, 2, 3, 8)

# a pixel-shader UAV write (typed, at the pixel: its texel is the pixel's own) besides the colour output
PS_UAV = """ps_5_0
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
mul r0.z, v1.x, l(255.0)
ftou r0.z, r0.z
store_uav_typed u1.xyzw, r0.xyyy, r0.zzzz
mov o0.xyzw, v1.xyzw
ret
"""
# colour = attribute + the UAV texture's value at the pixel mirrored through the centre (read as a texture)
PS_FAR_UINT = """ps_4_0
dcl_resource_texture2d (uint,uint,uint,uint) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ftoi r0.xy, v0.xyxx
iadd r0.xy, -r0.xyxx, l(149, 129, 0, 0)
mov r0.zw, l(0,0,0,0)
ld r0.xyzw, r0.xyzw, t0.xyzw
utof r0.x, r0.x
mad o0.xyzw, r0.xxxx, l(0.002,0.003,0.001,0.0), v1.xyzw
ret
"""


def _uav_between(sc: _Scene, n: int) -> None:
    """Blended draws, a draw writing a UAV texture from its pixel shader, more blended draws, then draws
    sampling that texture at other tiles' pixels (the UAV's writes must all be done first)."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32_UINT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE))
    uav = dev.CreateUnorderedAccessView(tex, None)
    srv = dev.CreateShaderResourceView(tex, None)
    b = assemble_shader(PS_UAV)
    ps_uav = dev.CreatePixelShader(b, len(b), None)
    b = assemble_shader(PS_FAR_UINT)
    ps_far = dev.CreatePixelShader(b, len(b), None)
    plain = sc.ps["plain"]
    for i in range(n // 3):
        c.Draw(3, 3 * i)
    c.OMSetRenderTargetsAndUnorderedAccessViews(1, [sc.rtv], sc.dsv, 1, 1, [uav], [0])
    c.PSSetShader(ps_uav, None, 0)
    c.Draw(3, 3 * (n // 3))
    c.OMSetRenderTargetsAndUnorderedAccessViews(1, [sc.rtv], sc.dsv, 1, 1, [None], [0])
    c.PSSetShader(plain, None, 0)
    for i in range(n // 3 + 1, 2 * n // 3):
        c.Draw(3, 3 * i)
    c.PSSetShaderResources(0, 1, [srv])
    c.PSSetShader(ps_far, None, 0)
    for i in range(2 * n // 3, n):
        c.Draw(3, 3 * i)


def _rt_then_srv_then_rt(sc: _Scene, n: int) -> None:
    """Draws into rt2; draws into rt sampling rt2 far away; draws into rt2 again (rt2 written while the draws
    reading it may be queued) and draws into rt sampling it once more."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    srv2 = dev.CreateShaderResourceView(sc.rt2, None)
    far = _far_ps(sc)
    plain = sc.ps["plain"]
    q = n // 4
    for k in range(2):
        c.PSSetShaderResources(0, 1, [None])
        c.PSSetShader(plain, None, 0)
        c.OMSetRenderTargets(1, [sc.rtv2], None)
        for i in range(2 * k * q, (2 * k + 1) * q):
            c.Draw(3, 3 * i)
        c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
        c.PSSetShaderResources(0, 1, [srv2])
        c.PSSetShader(far, None, 0)
        for i in range((2 * k + 1) * q, (2 * k + 2) * q):
            c.Draw(3, 3 * i)


def _readback_between(sc: _Scene, n: int) -> None:
    """Blended draws with the target's bytes read back (Map of a staging copy) after every fifth draw."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    st = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=D3D11_USAGE_STAGING, CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    sums = []
    for i in range(n):
        c.Draw(3, 3 * i)
        if i % 5 == 4:
            c.CopyResource(st, sc.rt)
            m = c.Map(st, 0, D3D11_MAP_READ, 0)
            sums.append(int(np.asarray(m.as_array(np.uint8)).astype(np.int64).sum()))
            c.Unmap(st, 0)
    # what was read between draws goes into the result: rt2's first bytes
    v = np.zeros((H, W, 4), np.uint8)
    v.reshape(-1)[:8 * len(sums)] = np.asarray(sums, np.uint64).view(np.uint8)
    c.UpdateSubresource(sc.rt2, 0, None, v, W * 4, 0)


MORE = {"uav between": _uav_between, "rt then srv then rt": _rt_then_srv_then_rt,
        "readback between": _readback_between}
ALL = {**CASES, **MORE}


def _verts(name: str) -> np.ndarray:
    return _big_triangles(53 + len(name), N)


@pytest.mark.parametrize("name", list(ALL))
def test_every_thread_count_gives_the_reference_bytes(name, monkeypatch):
    verts = _verts(name)
    want = _run("reference", 1, ALL[name], verts)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)  # scenes on every worker
    monkeypatch.setattr(fused, "SCENE_DRAWS", 5)
    for threads in THREADS:
        fused.stats.reset()
        got = _run("native", threads, ALL[name], verts)
        assert fused.stats.scene_draws > 0, "the case must put draws into scenes"
        assert got[0] == want[0], f"{threads} threads"
        assert got[1] == want[1], f"{threads} threads"


@pytest.mark.parametrize("name", list(ALL))
def test_every_tile_split_into_quarters_gives_the_reference_bytes(name, monkeypatch):
    """Scene.split_tiles forced to every tile (by default only a scene's last ones, one a worker, are quarters):
    the quarters of the partial tiles reach past the target, each quarter clips every piece to its rectangle,
    and the bytes stay the reference's at 2, 3 and 8 threads."""
    verts = _verts(name)
    want = _run("reference", 1, ALL[name], verts)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 5)
    monkeypatch.setattr(scene.Scene, "split_tiles", lambda self: self.n_tiles if self.workers > 1 else 0)
    for threads in (2, 3, 8):
        fused.stats.reset()
        got = _run("native", threads, ALL[name], verts)
        assert fused.stats.scene_draws > 0, "the case must put draws into scenes"
        assert got == want, f"{threads} threads"


def test_split_tiles_one_a_worker_where_each_worker_has_four():
    """The default split: the last ``workers`` tiles, where the scene has at least four tiles a worker, more than
    one worker and a tile edge that halves into whole quads."""
    def split(workers, tiles, edge=64):
        return scene.Scene((edge, 1, 1), tiles, workers).split_tiles()

    assert [split(w, 16) for w in (1, 2, 3, 4, 5)] == [0, 2, 3, 4, 0]
    assert split(16, 256) == 16 and split(16, 63) == 0 and split(2, 9, edge=62) == 0 and split(2, 9, edge=60) == 2


@pytest.mark.parametrize("name", ["uav between", "rt then srv then rt"])
def test_hazards_finish_the_scene_before(name, monkeypatch):
    """With scenes of 64 draws (none full), only a hazard ends a scene: the UAV-writing draw (which takes the
    draw-by-draw lane: UAV writes are finished within the draw call) and the draws sampling a texture written by
    the scene before. Scenes: uav between — the 8 draws before the UAV draw, then the 7 after it with the 8
    sampling the UAV texture (which none of them writes: one scene of 15); rt then srv then rt — rt2, rt sampling rt2, rt2 again, rt sampling it again (4). The
    bytes stay the reference's."""
    verts = _verts(name)
    want = _run("reference", 1, ALL[name], verts)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 64)
    points: list[int] = []
    real = scene.Scene.finish

    def finish(self):
        points.append(len(self))
        real(self)

    monkeypatch.setattr(scene.Scene, "finish", finish)
    for threads in (1, 3, 8):
        fused.stats.reset()
        points.clear()
        assert _run("native", threads, ALL[name], verts) == want, f"{threads} threads"
        want_sizes = [8, 15] if name == "uav between" else [6, 6, 6, 6]
        assert points == want_sizes, (threads, points)
        assert fused.stats.scene_draws == sum(want_sizes)


def _words(addr: int, n: int) -> np.ndarray:
    return np.frombuffer((ctypes.c_int64 * n).from_address(addr), np.int64).copy()


@pytest.mark.parametrize("seeded", [False, True])
@pytest.mark.parametrize("threads", [2, 3, 8])
def test_each_workers_words_name_its_own_buffers(threads, seeded, monkeypatch):
    """Capture the scenes' entries at launch and read every worker's T words and argument words back from
    their addresses: T is the worker's buffer set's T words except the counter slot (its own two words after
    the array) and the argument slot; the arguments are worker 0's words except the slots naming scratch and
    lane buffers, which hold that worker's set's arrays."""
    verts = _verts("overlapping")
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 4)
    seen: list = []
    real = scene.Scene.launch

    def launch(self, prev=None):
        if self.job is None:
            seen.append(self)
            self.checked = _check_scene(self)
        return real(self, prev)

    monkeypatch.setattr(scene.Scene, "launch", launch)
    if seeded:
        # sets an earlier kernel of the same lane layout used: their scratch holds arrays of other sizes under
        # the same names (what a CI worker's earlier tests leave in the free sets)
        real_take = fused._take_buffers

        def take(key):
            bufs = real_take(key)
            sc = bufs.setdefault("scratch", {})
            for name in ("r", "x", "masks"):
                sc.setdefault((name, 3), np.zeros(3 + 64, np.uint32))
            return bufs

        monkeypatch.setattr(fused, "_take_buffers", take)
    want = _run("reference", 1, CASES["state changes"], verts)
    assert _run("native", threads, CASES["state changes"], verts) == want
    assert seen and all(sc.checked for sc in seen)
    assert any(sc.workers == threads for sc in seen)


def _check_scene(sc) -> int:
    """Check one collected scene's words (see the test); returns the worker-draw pairs checked."""
    sl = fused_gen.slots().t
    checked = 0
    for e in sc.entries:
        kernel = next((k for k in e.keep if type(k).__name__ == "Kernel"), None)
        bk = next(k for (k, w) in sc.buffers if w == 0)
        addrs = e.t_addrs
        assert len(addrs) == sc.workers
        a0 = None
        for w in range(sc.workers):
            bufs = sc.buffers[(bk, w)]
            nT = bufs["T"].shape[0]
            T = _words(addrs[w], nT + 2)
            for name, i in sl.items():
                if name not in ("count", "ps_args"):
                    assert T[i] == bufs["T"][i], (w, name)
            assert T[sl["count"]] == addrs[w] + 8 * nT  # its own counter words, right after its T words
            if kernel is None:
                assert T[sl["ps_args"]] == 0
                continue
            slots = kernel.layout.slots
            A = _words(int(T[sl["ps_args"]]), max(1, len(slots)))
            own = {"v": bufs["v"], "o": bufs["o"], "active": bufs["active"], "discarded": bufs["disc"],
                   "helpers": bufs["helpers"]}
            for name, arr in own.items():
                if name in slots:
                    assert A[slots[name]] == arr.ctypes.data, (w, name)
            # a set keeps one scratch array per (name, size) across the kernels that used it (runtime._scratch):
            # the word names one of this set's arrays of that name (the kernel's size), never another set's
            scratch = bufs.get("scratch", {})
            for name in {n for n, _words_n in scratch}:
                if name in slots:
                    mine = {arr.ctypes.data for (n, _), arr in scratch.items() if n == name}
                    assert A[slots[name]] in mine, (w, name)
            if a0 is None:
                a0 = A
            else:
                per_worker = {slots[n] for n in list(own) + [k for k, _ in scratch] if n in slots}
                per_worker |= {i for n, i in slots.items() if n.startswith(("sv", "so"))}
                for n, i in slots.items():
                    if i not in per_worker:
                        assert A[i] == a0[i], (w, n)  # the draw's own words: the first worker's
            checked += 1
    return checked


def test_the_rows_are_built_once_a_scene(monkeypatch):
    """A scene's draws of one variant share the other workers' fixed words (worker_rows.Rows): at most one build a
    scene per (buffer layout, kernel), however many draws it holds, and a later scene that takes the same buffer
    sets back reuses them (they depend only on the sets and the kernel)."""
    verts = _verts("blend only")
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 8)
    builds: list = []
    real = worker_rows.Rows.__init__

    def init(self, *a):
        builds.append(1)
        real(self, *a)

    monkeypatch.setattr(worker_rows.Rows, "__init__", init)
    fused.stats.reset()
    _run("native", 3, CASES["blend only"], verts)
    assert fused.stats.scene_draws == N
    assert fused.stats.scenes == N // 8
    assert 1 <= len(builds) <= fused.stats.scenes


# --- chained scenes: no barrier between consecutive scenes (fused.SCENE_CHAIN, scene.py's tile flags) ------------

def test_a_chained_tile_waits_for_the_same_tile_of_the_scene_before():
    """The scene driver itself, on a thread: with the previous scene's counts [4, 3, 4] (tile 1 three quarters
    done) it does tile 0, then waits at tile 1 (tile 2 not started) until that count reaches 4, then finishes;
    each tile's own count is 4 once its draws ran (here none: the order of the counts is what is checked).
    Without previous counts nothing waits."""
    import threading
    import time

    from pyd3d11.shader.native.runtime import address

    run, _engine, yield_fn = scene._driver()

    def words(prev, split=0, tiles=3):
        ctr = np.zeros(1, np.int64)
        mine = np.zeros(tiles, np.int32)
        S = np.array([0, tiles, address(ctr), address(mine), 0 if prev is None else address(prev), yield_fn, split],
                     np.int64)
        return S, ctr, mine

    prev = np.array([4, 3, 4], np.int32)
    S, ctr, mine = words(prev)
    th = threading.Thread(target=run, args=(address(S),))
    th.start()
    deadline = time.monotonic() + 5
    while mine[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    assert th.is_alive() and mine.tolist() == [4, 0, 0]
    prev[1] = 4
    th.join(5)
    assert not th.is_alive() and mine.tolist() == [4, 4, 4]
    S, ctr, mine = words(None)
    run(address(S))
    assert mine.tolist() == [4, 4, 4]
    # the last two of five tiles split: three whole tiles then eight quarters, each adding 1 to its tile's count
    S, ctr, mine = words(None, split=2, tiles=5)
    run(address(S))
    assert mine.tolist() == [4, 4, 4, 4, 4] and int(ctr[0]) == 3 + 8 + 1  # (+1: the call that found none left)


_QUARTER_SEEN = """
define void @seen(ptr %D, ptr %T, i64 %tile) {
entry:
  %n = atomicrmw add ptr %D, i64 1 seq_cst
  %slot = add i64 %n, 1
  %p = getelementptr i64, ptr %D, i64 %slot
  store i64 %tile, ptr %p, align 8
  ret void
}
"""


def test_split_tiles_reach_the_tile_functions_as_quarters():
    """The tile argument the driver passes: the tile's index, the quarter (1-4) in bits 32.. for the split ones;
    every quarter of every split tile once, the others whole (0 above bit 32)."""
    from pyd3d11.shader.native import runtime as rt
    from pyd3d11.shader.native.runtime import address

    engine, _ = rt.o2_engine(rt._init_llvm(), _QUARTER_SEEN)
    fn = engine.get_function_address("seen")
    run, _engine, yield_fn = scene._driver()
    D = np.zeros(64, np.int64)
    ctr = np.zeros(1, np.int64)
    mine = np.zeros(6, np.int32)
    S = np.array([1, 6, address(ctr), address(mine), 0, yield_fn, 2, fn, address(D), 0], np.int64)
    run(address(S))
    seen = sorted(int(x) for x in D[1:1 + int(D[0])])
    want = sorted([0, 1, 2, 3] + [t | (q << 32) for t in (4, 5) for q in (1, 2, 3, 4)])
    assert seen == want and mine.tolist() == [4] * 6


@pytest.mark.parametrize("name", ["overlapping", "blend only", "state changes", "rt then srv then rt"])
def test_chained_scenes_give_the_bytes_of_unchained_ones(name, monkeypatch):
    """Scenes of 3 draws on every worker, 2, 3 and 8 threads: with the chain most scenes start while the one
    before runs, and the bytes and counts are the reference's (per-pixel order: a tile of scene k+1 runs after
    the same tile of scene k, D3D11.3 §3.4)."""
    verts = _verts(name)
    want = _run("reference", 1, ALL[name], verts)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    monkeypatch.setattr(fused, "SCENE_DRAWS", 3)
    monkeypatch.setattr(fused, "SCENE_CHAIN", True)
    for threads in (2, 3, 8):
        fused.stats.reset()
        assert _run("native", threads, ALL[name], verts) == want, f"{threads} threads"
        assert fused.stats.chained_scenes > 0


def test_a_scene_reading_what_the_running_scene_writes_is_not_chained(monkeypatch):
    """Scene.chains_after refuses a scene whose pixel shaders read a target of the running scene, or that
    writes what the running scene reads (a tile reads other tiles' pixels); a different tile grid; a running
    scene without worker threads."""
    from types import SimpleNamespace

    a, b = object(), object()

    def sc(grid, targets, reads, workers=2, futures=True, finished=False):
        s = scene.Scene(grid, 9, workers)
        s.target_ids, s.read_ids = {id(t) for t in targets}, {id(t) for t in reads}
        s.job = SimpleNamespace(has_workers=lambda: futures)
        s.finished = finished
        return s

    g = (64, 150, 130)
    prev = sc(g, [a], [])
    assert sc(g, [a], []).chains_after(prev)
    assert not sc(g, [b], [a]).chains_after(prev)  # reads what prev writes
    assert not sc(g, [b], []).chains_after(sc(g, [a], [b]))  # writes what prev reads
    assert not sc((64, 150, 131), [a], []).chains_after(prev)  # another grid
    assert not sc(g, [a], []).chains_after(sc(g, [a], [], futures=False))
    assert not sc(g, [a], [], workers=1).chains_after(prev)
    assert not sc(g, [a], []).chains_after(sc(g, [a], [], finished=True))
