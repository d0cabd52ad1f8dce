"""The pipeline half of the draw plan (pipeline/native/fused_replay.py, issue 12): a draw of the same api plan
token and arguments as the previous one, whose front end and setup were reused and whose tiles went into a scene,
goes straight to the scene with what that draw derived.

Oracle: the reference backend with both halves of the plan off (every draw's snapshot and path built afresh). The
sequences draw the same draw three times (the second leaves a record, the third takes it), change one thing, and
draw again; every image must be the reference's. What the change touches decides whether the record may be
taken: a per-draw value (blend factor, stencil reference) or resource contents the tiles read when they run
(constant-buffer words, texels) keep it (``REPLAYED``); anything the record holds (a binding: a new token;
vertex/index bytes and vertex-shader constants: the front end's inputs; the sample mask: the merger key; the
texture plan's key) drops it (``NOT_REPLAYED``). Both tables are checked both ways: that a kept record still
shows the change (against the reference), and that the record was taken or not as the rule says.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_draw_plan import BINDING_CASES, REUSE_CASES, TEXELS, _none, _Scene
from test_draw_queue import run_on_threads

from pyd3d11.api import draw_plan
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.pipeline import front_memo
from pyd3d11.pipeline.native import fused, fused_replay
from pyd3d11.shader import native
from pyd3d11.shader.native import pool

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="the replay is the native path's (llvmlite)")]


def _vs_constants(sc):
    vs_cb = np.zeros((32, 4), np.float32)
    vs_cb[0, :2] = (0.125, -0.25)
    vs_cb[1, 0] = 0.5
    sc.ctx.UpdateSubresource(sc.vs_cb, 0, None, vs_cb, 0, 0)


#: the changes after which the third draw's record is taken again (name from test_draw_plan.REUSE_CASES)
REPLAYED = {"blend factor", "stencil reference", "constant buffer contents (UpdateSubresource)",
            "constant buffer contents (Map WRITE_DISCARD)", "texture contents (CopyResource)",
            "texture contents (ClearRenderTargetView)"}
#: changes to what the record holds: the draw after them takes the full path
NOT_REPLAYED = {"sample mask", "vertex buffer contents (UpdateSubresource)",
                # the texture plan's key holds whether a per-resource clamp applies (sampler_gen.SampleKey)
                "resource min LOD (SetResourceMinLOD)",
                "vertex-shader constant buffer contents",
                # another snapshot's draw in between on this thread (a thread keeps one record: its last draw's)
                "texture contents (a deferred context's draw)"}
CASES = REUSE_CASES + [("vertex-shader constant buffer contents", _none, _vs_constants)]


def _sequence(cases, on: bool, backend: str, draws_before: int = 3):
    """Per case, on the scene reset: (image of the last draw before the change, image after it, whether the draw
    after the change took a record, whether the last draw before it did)."""
    draw_plan.ENABLED = fused_replay.ENABLED = on
    native.set_backend(backend)
    fused_replay.drop()
    try:
        out = []
        sc = _Scene()
        for name, prepare, change in cases:
            sc.reset()
            prepare(sc)
            for _ in range(draws_before - 1):
                sc.draw()
            h = fused_replay.hits
            before = sc.draw()
            before_hit = fused_replay.hits > h
            change(sc)
            h = fused_replay.hits
            after = sc.draw()
            out.append((name, before, after, fused_replay.hits > h, before_hit))
        return out
    finally:
        draw_plan.ENABLED = fused_replay.ENABLED = True
        native.set_backend(None)


def test_the_tables_cover_every_case():
    assert {name for name, *_ in CASES} == REPLAYED | NOT_REPLAYED
    assert not REPLAYED & NOT_REPLAYED


@pytest.mark.parametrize("table", ["reuse", "binding"])
def test_one_input_changed_after_a_replayed_draw(table):
    cases = CASES if table == "reuse" else BINDING_CASES
    on = _sequence(cases, True, "native")
    off = _sequence(cases, False, "reference")
    for (name, before, after, hit, before_hit), (_, before_off, after_off, *_) in zip(on, off):
        assert (before, after) == (before_off, after_off), f"{name}: the replay changed the image"
        assert before_off != after_off, f"{name}: the change must show in the image (else this case tests nothing)"
        assert before_hit, f"{name}: the third identical draw did not take the second's record"
        want = table == "reuse" and name in REPLAYED
        assert hit is want, f"{name}: the draw after the change {'took' if hit else 'did not take'} the record"


def test_replayed_draws_count_as_the_full_path_does():
    """Pipeline statistics and occlusion of ten identical draws (eight of them replayed) are the full path's."""
    def counts(on: bool) -> tuple:
        fused_replay.ENABLED = on
        fused_replay.drop()
        native.set_backend("native")
        try:
            sc = _Scene()
            c = sc.ctx
            q = sc.dev.CreateQuery(D3D11_QUERY_DESC(D3D11_QUERY_PIPELINE_STATISTICS, 0))
            occ = sc.dev.CreateQuery(D3D11_QUERY_DESC(D3D11_QUERY_OCCLUSION, 0))
            c.ClearDepthStencilView(sc.dsvs[1.0], D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0)
            h = fused_replay.hits
            c.Begin(q)
            c.Begin(occ)
            for _ in range(10):
                c.DrawIndexed(6, 0, 0)
            c.End(occ)
            c.End(q)
            st = c.GetData(q)
            fields = ("IAVertices", "IAPrimitives", "VSInvocations", "CInvocations", "CPrimitives", "PSInvocations")
            return tuple(int(getattr(st, f)) for f in fields), int(c.GetData(occ)), fused_replay.hits - h
        finally:
            fused_replay.ENABLED = True
            native.set_backend(None)

    on, off = counts(True), counts(False)
    assert on[2] == 8 and off[2] == 0
    assert on[:2] == off[:2]
    assert on[0][5] > 0 and on[1] > 0


def test_a_cleared_variant_cache_drops_the_record():
    """Tests and tools clear the compile caches: a record naming a variant the cache no longer holds is not taken
    (the next draw compiles again, as it would without the record)."""
    native.set_backend("native")
    try:
        sc = _Scene()
        for _ in range(3):
            sc.draw()
        compiled = fused.stats.compiled
        fused._CACHE.clear()
        h = fused_replay.hits
        sc.draw()
        assert fused_replay.hits == h
        assert fused.stats.compiled > compiled or fused.stats.disk_hits
    finally:
        native.set_backend(None)


def test_front_end_reuse_counters_count_replayed_draws():
    native.set_backend("native")
    try:
        sc = _Scene()
        for _ in range(3):
            sc.draw()
        before = front_memo.hits, front_memo.setup_hits, fused_replay.hits
        sc.draw()
        assert (front_memo.hits, front_memo.setup_hits, fused_replay.hits) == tuple(x + 1 for x in before)
    finally:
        native.set_backend(None)


def test_a_command_list_executed_twice_with_new_constants():
    """A deferred context's command list of three identical draws (recorded tokens), executed twice with the pixel
    shader's constants changed in between: each execution shows its own constants (the reference's image)."""
    def run(on: bool, backend: str) -> list:
        draw_plan.ENABLED = fused_replay.ENABLED = on
        fused_replay.drop()
        native.set_backend(backend)
        try:
            sc = _Scene()
            dc = sc.dev.CreateDeferredContext(0)
            sc.bind(dc, sc.rtv, sc.dsvs[1.0])
            for _ in range(3):
                dc.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
                dc.ClearDepthStencilView(sc.dsvs[1.0], D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0)
                dc.DrawIndexed(6, 0, 0)
            cl = dc.FinishCommandList(False)
            images = []
            for color in ([1, 1, 1, 1], [0.25, 1, 0.5, 1]):
                sc.ctx.UpdateSubresource(sc.ps_cb, 0, None, np.array(color, np.float32), 0, 0)
                sc.ctx.ExecuteCommandList(cl, False)
                from pyd3d11.api.convenience import texture_to_numpy
                images.append(texture_to_numpy(sc.ctx, sc.rt, 0).tobytes())
            return images
        finally:
            draw_plan.ENABLED = fused_replay.ENABLED = True
            native.set_backend(None)

    h = fused_replay.hits
    got = run(True, "native")
    assert fused_replay.hits > h  # (the third draw of each execution)
    want = run(False, "reference")
    assert got == want and want[0] != want[1]


def test_two_devices_replaying_on_two_threads():
    """Each thread keeps its own record: two devices on two threads run the reuse table (forwards, backwards)
    with two pool workers and give the reference's images."""
    cases = [CASES, CASES[::-1]]
    want = [[w[:3] for w in _sequence(c, False, "reference")] for c in cases]
    native.set_backend("native")
    pool.set_threads(2)
    try:
        got: list = [None, None]

        def work(i: int) -> None:
            sc = _Scene()
            out = []
            for name, prepare, change in cases[i]:
                sc.reset()
                prepare(sc)
                for _ in range(2):
                    sc.draw()
                before = sc.draw()
                change(sc)
                out.append((name, before, sc.draw()))
            got[i] = out

        h = fused_replay.hits
        errors = run_on_threads(work)
        assert fused_replay.hits > h
    finally:
        pool.set_threads(None)
        native.set_backend(None)
    assert not errors, errors
    for i in range(2):
        assert got[i] == want[i], f"thread {i}"



@pytest.mark.parametrize("module,name,value", [
    (fused, "TILE", 16), (fused, "BATCH", 64), (fused, "ENABLED", False), (fused, "SCENES", False),
    (front_memo, "ENABLED", False), (native, "set_backend", "reference")], ids=lambda v: str(v))
def test_a_changed_switch_drops_the_record(monkeypatch, module, name, value):
    """The process-wide settings the path read (tile and batch sizes choose the variant and kernel; the lane, scenes,
    the front memo, the backend): changed between two identical draws, the second takes the full path — and draws
    the same image."""
    native.set_backend("native")
    try:
        sc = _Scene()
        for _ in range(2):
            sc.draw()
        h = fused_replay.hits
        want = sc.draw()
        assert fused_replay.hits == h + 1
        if name == "set_backend":
            native.set_backend(value)
        else:
            monkeypatch.setattr(module, name, value)
        h = fused_replay.hits
        assert sc.draw() == want
        assert fused_replay.hits == h
    finally:
        native.set_backend(None)


def test_a_replaced_setup_drops_the_record():
    """The record holds only while the front-end entry still keeps the setup it recorded (module docstring: another
    draw — a context on another thread reusing the same front end — may have replaced it through
    ``front_memo.store_setup``): the next draw takes the full path, which leaves a new record."""
    native.set_backend("native")
    try:
        sc = _Scene()
        for _ in range(3):
            sc.draw()
        e = front_memo._last
        assert e is not None and e.setup is not None
        front_memo.store_setup(e.setup[0], tuple(e.setup[1]))  # the same setup, kept as another draw's object
        h = fused_replay.hits
        sc.draw()
        assert fused_replay.hits == h, "a record whose setup was replaced was taken"
        sc.draw()
        assert fused_replay.hits == h + 1, "the full path's draw left no new record"
    finally:
        native.set_backend(None)


def test_a_replayed_draw_takes_its_texture_plan_until_the_texture_changes(monkeypatch):
    """The plan of a sampling draw is built by the full-path draws and again only after its texture's contents
    changed (fused_replay._plan_deps: the storage version); the replayed draws between take the record's."""
    from pyd3d11.pipeline.native import sampler_plan

    builds: list = []
    real = sampler_plan.build_plan

    def counting(*a):
        builds.append(1)
        return real(*a)

    monkeypatch.setattr(sampler_plan, "build_plan", counting)
    native.set_backend("native")
    try:
        sc = _Scene()
        images = [sc.draw() for _ in range(4)]
        first = len(builds)
        assert fused_replay.hits and first <= 2, "the full-path draws build it, the replayed ones take it"
        h = fused_replay.hits
        sc.draw()
        assert len(builds) == first and fused_replay.hits == h + 1
        sc.ctx.UpdateSubresource(sc.tex, 0, None, np.ascontiguousarray(TEXELS[::-1]), 16, 0)
        after = sc.draw()
        assert len(builds) == first + 1 and fused_replay.hits == h + 2
        assert after != images[-1]
    finally:
        native.set_backend(None)
