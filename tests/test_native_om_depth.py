"""Native output merger vs the numpy one for depth/stencil (D3D11.3 §17.8-17.13): every comparison function on
every depth format, every stencil op in each of the fail / depth-fail / pass slots with every stencil function,
two-sided stencil, read/write masks, read-only views, the viewport depth clamp, early-tested fragments,
occlusion counts — identical target bytes and sample counts, batches with repeated pixels."""

from __future__ import annotations

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, ds_desc, face, fragments, rt_blend, run_both, target

from pyd3d11.pipeline.native import om_gen, om_runtime
from pyd3d11.pipeline.output_merger import OMState, OutputMerger

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


DS_FORMATS = [20, 40, 45, 55]  # D32_FLOAT_S8X24_UINT, D32_FLOAT, D24_UNORM_S8_UINT, D16_UNORM
FUNCS = range(1, 9)  # D3D11_COMPARISON_NEVER .. ALWAYS
STENCIL_OPS = range(1, 9)  # KEEP, ZERO, REPLACE, INCR_SAT, DECR_SAT, INVERT, INCR, DECR


def _om(desc, ref=0x5A, blend=None) -> OMState:
    return OMState(blend=blend or blend_desc([rt_blend(True, 5, 6)]), depth_stencil=desc, stencil_ref=ref)


@pytest.mark.parametrize("fmt", DS_FORMATS)
@pytest.mark.parametrize("func", FUNCS)
def test_depth_func_format(func, fmt):
    rng = np.random.default_rng(func * 100 + fmt)
    for write in (True, False):
        res = run_both(_om(ds_desc(True, write, func)), [target(28, rng)], target(fmt, rng),
                       [fragments(rng, 200, 1), fragments(rng, 100, 1, distinct=True)])
        assert_same(res)


def _stencil_values(st, rng) -> None:
    """Stencil bytes near the wrap points (0, 1, 254, 255) and the reference value."""
    bpe = st.bytes_per_block
    pos = 3 if bpe == 4 else 4
    vals = np.array([0, 1, 254, 255, 0x5A, 0x5B, 0xA5, 0x0F], np.uint8)
    st.data[pos::bpe] = vals[rng.integers(0, vals.size, st.data.size // bpe)]


@pytest.mark.parametrize("fmt", [45, 20])
@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("op", STENCIL_OPS)
def test_stencil_op_func(op, func, fmt):
    """Op ``op`` as the fail op, the next as depth-fail, the one after as pass; the back face rotates them."""
    rng = np.random.default_rng(op * 1000 + func * 10 + fmt)
    nxt = lambda k: (op - 1 + k) % 8 + 1  # noqa: E731
    front = face(op, nxt(1), nxt(2), func)
    back = face(nxt(3), nxt(4), nxt(5), (func + 2) % 8 + 1)
    ds = target(fmt, rng)
    _stencil_values(ds, rng)
    desc = ds_desc(True, True, 2 + op % 6, True, rm=[0xFF, 0x0F, 0xF3][op % 3], wm=[0xFF, 0xF0, 0x3C][func % 3],
                   front=front, back=back)
    assert_same(run_both(_om(desc), [target(28, rng)], ds, [fragments(rng, 200, 1), fragments(rng, 60, 1)]))


@pytest.mark.parametrize("flags", [1, 2, 3])
def test_read_only_views(flags):
    """D3D11_DSV_READ_ONLY_DEPTH / _STENCIL: the test runs, the plane is not written."""
    rng = np.random.default_rng(flags)
    desc = ds_desc(True, True, 2, True, front=face(3, 4, 7, 8))
    ds = target(45, rng)
    res = run_both(_om(desc), [target(28, rng)], ds, [fragments(rng, 200, 1)], dsv_flags=flags)
    assert_same(res)
    word = res[1][1].view(np.uint32)
    old = ds.data.view(np.uint32)
    if flags & 1:
        assert np.array_equal(word & 0xFFFFFF, old & 0xFFFFFF)
    if flags & 2:
        assert np.array_equal(word >> 24, old >> 24)


@pytest.mark.parametrize("fmt", DS_FORMATS)
def test_viewport_depth_clamp(fmt):
    """Depth is clamped to [MinDepth, MaxDepth] before the test and the write (§17.10), NaN to MinDepth."""
    rng = np.random.default_rng(fmt)
    assert_same(run_both(_om(ds_desc(True, True, 4)), [target(28, rng)], target(fmt, rng),
                         [fragments(rng, 200, 1, vp=(0.25, 0.75))]))


def test_stencil_only_and_no_stencil_plane():
    rng = np.random.default_rng(11)
    desc = ds_desc(False, True, 2, True, front=face(2, 3, 4, 6))
    assert_same(run_both(_om(desc), [target(28, rng)], target(45, rng), [fragments(rng, 200, 1)]))
    # StencilEnable on a format without stencil: depth only
    desc = ds_desc(True, True, 3, True, front=face(2, 3, 4, 6))
    assert_same(run_both(_om(desc), [target(28, rng)], target(40, rng), [fragments(rng, 200, 1)]))


def test_depth_only_no_render_target():
    rng = np.random.default_rng(12)
    assert_same(run_both(_om(ds_desc(True, True, 2)), [], target(45, rng), [fragments(rng, 300, 0)]))


def test_pretested_fragments_skip_the_test():
    """[earlydepthstencil]: the fragments arrive tested; the merger writes colours only."""
    rng = np.random.default_rng(13)
    f = fragments(rng, 200, 1)
    f.pretested = True
    ds = target(45, rng)
    res = run_both(_om(ds_desc(True, True, 1)), [target(28, rng)], ds, [f])  # NEVER would reject everything
    assert_same(res)
    assert np.array_equal(res[1][1], ds.data)


def test_a2c_with_depth_counts_samples():
    rng = np.random.default_rng(14)
    om = _om(ds_desc(True, True, 8, True, front=face(4, 5, 3, 8)), blend=blend_desc([rt_blend(False)], a2c=True))
    res = run_both(om, [target(28, rng)], target(20, rng), [fragments(rng, 300, 1)])
    assert_same(res)
    assert res[1][2] > 0


def test_two_sided_stencil_needs_the_face():
    desc = ds_desc(True, True, 2, True, front=face(2, 2, 2, 8), back=face(3, 3, 3, 8))
    key = om_gen.om_key(OMState(depth_stencil=desc), [None] * 8, 45, 1)
    assert om_gen.om_needs_face(key)
    same = om_gen.om_key(OMState(depth_stencil=ds_desc(True, True, 2, True)), [None] * 8, 45, 1)
    assert not om_gen.om_needs_face(same)


def test_unsupported_states_fall_back_with_reasons():
    """Sample counts above 16 and R9G9B9E5 / BC / sub-sampled targets are not built natively: om_key None,
    the numpy merger runs, the fallback is counted with its reason."""
    assert om_gen.om_key(OMState(), [28] + [None] * 7, None, 32) is None
    for fmt in (67, 71, 68):  # R9G9B9E5_SHAREDEXP, BC1_UNORM, R8G8_B8G8_UNORM
        assert om_gen.om_key(OMState(), [fmt] + [None] * 7, None, 1) is None
    rng = np.random.default_rng(15)
    before = om_runtime.stats.fallbacks
    res = run_both(OMState(), [target(67, rng)], None, [fragments(rng, 50, 1)], expect_native=False)
    assert_same(res)
    assert om_runtime.stats.fallbacks > before and om_runtime.stats.reasons


def test_fallback_midway_keeps_native_writes():
    """A batch the native merger cannot take (per-fragment viewport range) after native ones: the numpy
    merger continues from memory, so the earlier native writes are kept."""
    rng = np.random.default_rng(16)
    f1 = fragments(rng, 100, 1)
    f2 = fragments(rng, 100, 1)
    f2.vp_min = rng.choice(np.array([0.0, 0.5], np.float32), 100)
    f3 = fragments(rng, 100, 1)
    res = run_both(_om(ds_desc(True, True, 4, True, front=face(4, 4, 7, 8))), [target(28, rng)], target(45, rng),
                   [f1, f2, f3], expect_native=False)
    assert_same(res)


def test_debug_subclass_stays_numpy():
    class Spy(OutputMerger):
        pass

    from pyd3d11.shader import native
    native.set_backend("native")
    try:
        m = Spy(OMState(), 1)
        assert m._native is None and m.targets is not None
    finally:
        native.set_backend(None)


def test_debug_layer_reports_an_output_merger_fallback_once(monkeypatch):
    """A draw the native merger leaves to the numpy one (here: om_key made to refuse every state) gets one
    INFO message per reason on a debug device, worded like the shader backend's (so Windows-message
    comparisons skip it)."""
    from test_api_draw_validation import Scene

    from pyd3d11.pipeline.native import fused_select
    from pyd3d11.shader import native

    native.set_backend("native")
    monkeypatch.setattr(om_gen, "om_key", lambda *a, **k: None)
    # the fused lane memoises om_key per state: an earlier test's entry for the same state would skip the patch
    monkeypatch.setattr(fused_select, "_OM_KEYS", {})
    try:
        s = Scene()
        for _ in range(2):
            s.ctx.Draw(3, 0)
        q = s.queue
        notes = [q.GetMessage(i) for i in range(q.GetNumStoredMessages())
                 if "output merger" in q.GetMessage(i).pDescription]
        assert len(notes) == 1 and int(notes[0].Severity) == 3  # INFO
        assert "not built natively" in notes[0].pDescription and "native shader backend" in notes[0].pDescription
        assert s.messages() == []  # filtered like the shader backend's notes
    finally:
        native.set_backend(None)


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("fmt", DS_FORMATS)
def test_msaa_per_sample_depth_stencil_and_blend(samples, fmt):
    """MSAA targets: every sample of the coverage tested against its own depth and stencil and blended into its
    own plane (§17.x per-sample OM), with alpha-to-coverage's n-step mask and a partial sample mask."""
    rng = np.random.default_rng(samples * 100 + fmt)
    desc = ds_desc(True, True, 2 + samples % 5, True, front=face(4, 3, 7, 8), back=face(5, 6, 2, 7))
    for a2c in (False, True):
        om = _om(desc, blend=blend_desc([rt_blend(True, 5, 6), rt_blend(True, 3, 9, 4)], a2c=a2c))
        om.sample_mask = 0xFFFFFFFF if not a2c else 0b10110111
        res = run_both(om, [target(28, rng, samples=samples), target(2, rng, samples=samples)],
                       target(fmt, rng, samples=samples),
                       [fragments(rng, 200, 2, samples=samples), fragments(rng, 90, 2, distinct=True, samples=samples)])
        assert_same(res)
