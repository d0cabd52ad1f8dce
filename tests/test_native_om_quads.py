"""Native output merger, quad fast paths (pipeline/native/om_gen.py ``_Body.PAIR`` / ``_Body.QUADS``): eight lanes
that are two 2x2 quads side by side, or two quads anywhere that do not overlap — the fused rasterizer's lane
order — read and write their target pixels with masked row loads/stores instead of a gather/scatter. The result must be the serial merger's, byte for byte, for
every colour and depth format the native merger takes (D3D11.3 §17): partial coverage, discarded lanes, pairs
at target edges, pairs repeated over the same pixels (later lanes blend over earlier ones), groups that are not
quad pairs mixed in, MSAA planes. Also the exactness claim behind the divider-free UNORM/SNORM decode."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, color_bits, ds_desc, face, rt_blend, run_both, target

from pyd3d11.pipeline import blend as bl
from pyd3d11.pipeline.native import om_gen, om_runtime
from pyd3d11.pipeline.output_merger import OMState, PixelFragments

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

QW, QH = 14, 10  # even sizes: quad pairs reach the last column and row
DX = np.array([0, 1, 0, 1, 2, 3, 2, 3])
DY = np.array([0, 0, 1, 1, 0, 0, 1, 1])

# every colour layout of test_native_om_blend (UNORM/SNORM/sRGB/float/packed, 1/2/4/8/16-byte pixels)
COLOR_FORMATS = [28, 29, 87, 91, 2, 10, 41, 24, 88, 31, 34, 61, 65, 85, 11, 13, 26, 115]
INT_FORMATS = [30, 32, 57, 59, 62, 38, 36, 42, 12, 3]  # R8G8B8A8_UINT/SINT, R16_UINT/SINT, R8_UINT, R16G16_SINT/UINT, R32_UINT, R16G16B16A16_UINT, R32G32B32A32_UINT
DS_FORMATS = [20, 40, 45, 55]


def quad_fragments(rng: np.random.Generator, groups: int, regs: int, *, w: int = QW, h: int = QH, samples: int = 1,
                   pairs_share: float = 0.5, quads_share: float = 0.35, cover: float = 0.8) -> PixelFragments:
    """``groups`` groups of eight lanes: a share ``pairs_share`` are quad pairs at random even positions (some
    at the right and bottom edges, some over pixels an earlier group wrote), a share ``quads_share`` two quads
    at independent positions (odd ones too; some overlapping, which must take the one-by-one path), the
    others random pixels."""
    xs, ys = [], []
    for _ in range(groups):
        u = rng.random()
        if u < pairs_share:
            x0 = int(rng.integers(0, (w - 2) // 2)) * 2
            y0 = int(rng.integers(0, h // 2)) * 2
            if rng.random() < 0.2:
                x0 = w - 4  # the pair ends at the last column
            if rng.random() < 0.2:
                y0 = h - 2
            xs.append(x0 + DX)
            ys.append(y0 + DY)
        elif u < pairs_share + quads_share:
            xa, ya = int(rng.integers(0, w - 1)), int(rng.integers(0, h - 1))
            if rng.random() < 0.3:  # near the first quad: overlapping or touching
                xb = min(max(xa + int(rng.integers(-2, 3)), 0), w - 2)
                yb = min(max(ya + int(rng.integers(-2, 3)), 0), h - 2)
            else:
                xb, yb = int(rng.integers(0, w - 1)), int(rng.integers(0, h - 1))
            xs.append(np.concatenate([xa + DX[:4], xb + DX[:4]]))
            ys.append(np.concatenate([ya + DY[:4], yb + DY[:4]]))
        else:
            lin = rng.integers(0, w * h, 8)
            xs.append(lin % w)
            ys.append(lin // w)
    x = np.concatenate(xs).astype(np.int64)
    y = np.concatenate(ys).astype(np.int64)
    n = x.size
    z = rng.random((n, samples), dtype=np.float32)
    if samples > 1:
        cov = rng.integers(0, 1 << samples, n).astype(np.uint32)
    else:
        cov = (rng.random(n) < cover).astype(np.uint32)
    return PixelFragments(x=x, y=y, slice=np.zeros(n, np.int64), coverage=cov, depth=z, front=rng.random(n) < 0.5,
                          colors=color_bits(rng, (regs, n, 4)), vp_min=np.zeros(n, np.float32),
                          vp_max=np.ones(n, np.float32))


def _blend_state(enable: bool, mask: int = 0xF) -> OMState:
    rt = rt_blend(enable, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, mask)
    return OMState(blend=blend_desc([rt]), blend_factor=(0.25, 1.5, -0.5, 0.75))


@pytest.mark.parametrize("fmt", COLOR_FORMATS)
@pytest.mark.parametrize("enable,mask", [(True, 0xF), (False, 0xF), (True, 0b1010), (False, 0b0100)])
def test_colour_formats(fmt, enable, mask):
    rng = np.random.default_rng(fmt * 8 + enable * 4 + mask)
    frags = [quad_fragments(rng, 40, 1), quad_fragments(rng, 24, 1, cover=1.0)]
    assert_same(run_both(_blend_state(enable, mask), [target(fmt, rng, QW, QH)], None, frags))


@pytest.mark.parametrize("fmt", INT_FORMATS)
def test_integer_formats(fmt):
    rng = np.random.default_rng(fmt)
    rt = rt_blend(False, mask=0b1011)
    rt.LogicOpEnable, rt.LogicOp = True, 10  # XOR: reads the destination
    om = OMState(blend=blend_desc([rt]))
    assert_same(run_both(om, [target(fmt, rng, QW, QH)], None, [quad_fragments(rng, 40, 1)]))


def test_every_factor_on_rgba8():
    """The common format with every blend factor and op: the row loads feed each destination factor."""
    rng = np.random.default_rng(77)
    factors = [bl.ZERO, bl.ONE, bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.DEST_ALPHA,
               bl.INV_DEST_ALPHA, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.SRC_ALPHA_SAT, bl.BLEND_FACTOR,
               bl.INV_BLEND_FACTOR]
    alpha = {bl.SRC_COLOR: bl.SRC_ALPHA, bl.INV_SRC_COLOR: bl.INV_SRC_ALPHA, bl.DEST_COLOR: bl.DEST_ALPHA,
             bl.INV_DEST_COLOR: bl.INV_DEST_ALPHA}
    for i, f in enumerate(factors):
        g = factors[(i + 5) % len(factors)]
        op = (bl.OP_ADD, bl.OP_SUBTRACT, bl.OP_REV_SUBTRACT, bl.OP_MIN, bl.OP_MAX)[i % 5]
        rts = [rt_blend(True, f, g, op, alpha.get(f, f), alpha.get(g, g), op)]
        om = OMState(blend=blend_desc(rts), blend_factor=(0.25, 1.5, -0.5, 0.75))
        assert_same(run_both(om, [target(28, rng, QW, QH)], None, [quad_fragments(rng, 30, 1)]))


@pytest.mark.parametrize("fmt", DS_FORMATS)
@pytest.mark.parametrize("func", [2, 4, 6, 8])
def test_depth_stencil_formats(fmt, func):
    """Depth (and stencil where the format has it) through the row loads: D32_FLOAT_S8X24's stencil byte sits 4
    bytes into an 8-byte pixel (a strided row access)."""
    rng = np.random.default_rng(fmt * 10 + func)
    st = face(fail=4, zfail=5, pss=7, func=func)
    desc = ds_desc(True, True, func, stencil=True, front=st, back=face(fail=2, zfail=6, pss=3, func=8))
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=desc, stencil_ref=0x5A)
    frags = [quad_fragments(rng, 40, 1), quad_fragments(rng, 40, 1, cover=1.0)]
    assert_same(run_both(om, [target(28, rng, QW, QH)], target(fmt, rng, QW, QH), frags))


@pytest.mark.parametrize("samples", [2, 4])
def test_msaa_planes(samples):
    rng = np.random.default_rng(samples)
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=ds_desc(True, True, 2),
                 sample_mask=0xFFFFFFFF)
    frags = [quad_fragments(rng, 30, 1, samples=samples)]
    assert_same(run_both(om, [target(28, rng, QW, QH, samples)], target(45, rng, QW, QH, samples), frags))


def test_pairs_repeated_over_the_same_pixels():
    """Every group the same quad pair: each group blends over the previous one's writes."""
    rng = np.random.default_rng(5)
    f = quad_fragments(rng, 20, 1, pairs_share=1.0, quads_share=0.0, cover=1.0)
    f.x[:] = np.tile(4 + DX, 20)
    f.y[:] = np.tile(2 + DY, 20)
    assert_same(run_both(_blend_state(True), [target(28, rng, QW, QH)], None, [f]))


@pytest.mark.parametrize("layout,swapped", [("PAIR", ((0, 1, 5, 4), (2, 3, 6, 7))),
                                             ("QUADS", ((0, 1), (2, 3), (5, 4), (6, 7)))])
def test_row_order_mutation_is_caught(monkeypatch, layout, swapped):
    """The tests see each fast path: with two lanes of a row swapped in the emitter's layout the bytes differ."""
    rng = np.random.default_rng(9)
    share = {"PAIR": (1.0, 0.0), "QUADS": (0.0, 1.0)}[layout]
    frags = [quad_fragments(rng, 40, 1, pairs_share=share[0], quads_share=share[1])]
    st = target(28, rng, QW, QH)
    assert_same(run_both(_blend_state(True), [st], None, frags))
    monkeypatch.setattr(om_gen._Body, layout, swapped)
    om_gen._generate.cache_clear()
    monkeypatch.setattr(om_runtime, "_COMPILED", {})
    try:
        with pytest.raises(AssertionError, match="differ"):
            assert_same(run_both(_blend_state(True), [st], None, frags))
    finally:
        om_gen._generate.cache_clear()


def test_overlapping_quads_keep_lane_order():
    """Two quads of one group over the same pixels (a later triangle's quad): the second must see the first's
    write, so the group takes the one-by-one path (the overlap test of the QUADS layout)."""
    rng = np.random.default_rng(12)
    f = quad_fragments(rng, 30, 1, pairs_share=0.0, quads_share=1.0, cover=1.0)
    for g in range(30):
        dx, dy = int(rng.integers(-1, 2)), int(rng.integers(-1, 2))
        f.x[g * 8 + 4:g * 8 + 8] = np.clip(f.x[g * 8] + dx, 0, QW - 2) + DX[:4]
        f.y[g * 8 + 4:g * 8 + 8] = np.clip(f.y[g * 8] + dy, 0, QH - 2) + DY[:4]
    assert_same(run_both(_blend_state(True), [target(28, rng, QW, QH)], None, [f]))


@pytest.mark.parametrize("bits", range(1, 17))
def test_division_free_decode_is_exact(bits):
    """om_gen._Body.div_odd: float32(c * (1/m) in double) equals the float32 division c / m (§3.2.3.5's UNORM
    and SNORM conversions as the reference evaluates them) for every code of every width up to 16 bits."""
    m = (1 << bits) - 1
    c = np.arange(0, m + 1, dtype=np.float64)
    assert np.array_equal((c * (1.0 / m)).astype(np.float32).view(np.uint32),
                          (c.astype(np.float32) / np.float32(m)).view(np.uint32))
    if bits >= 2:
        ms = (1 << (bits - 1)) - 1
        s = np.arange(-(ms + 1), ms + 1, dtype=np.float64)
        assert np.array_equal((s * (1.0 / ms)).astype(np.float32).view(np.uint32),
                              (s.astype(np.float32) / np.float32(ms)).view(np.uint32))


# ---- fully covered quad pairs (om_gen ``_f`` body: no per-lane masks) ----

@pytest.mark.parametrize("fmt", COLOR_FORMATS)
@pytest.mark.parametrize("enable,mask", [(True, 0xF), (False, 0xF), (True, 0b0110)])
def test_fully_covered_pairs(fmt, enable, mask):
    """Every group a quad pair with all eight lanes covered (the unmasked body), some over pixels an earlier
    pair wrote and at the target's last column and row; the serial merger's bytes."""
    rng = np.random.default_rng(fmt * 7 + mask)
    f = quad_fragments(rng, 40, 1, pairs_share=1.0, quads_share=0.0, cover=1.0)
    assert_same(run_both(_blend_state(enable, mask), [target(fmt, rng, QW, QH)], None, [f]))


@pytest.mark.parametrize("fmt", DS_FORMATS)
@pytest.mark.parametrize("func", [2, 4, 8])
def test_fully_covered_pairs_depth(fmt, func):
    """Fully covered pairs through a depth test: the test removes lanes after the unmasked entry, so the
    writes stay masked by the lanes that passed."""
    rng = np.random.default_rng(fmt * 11 + func)
    f = quad_fragments(rng, 40, 1, pairs_share=1.0, quads_share=0.0, cover=1.0)
    st = OMState(blend=blend_desc([rt_blend(True, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.ONE, bl.ZERO,
                                            bl.OP_ADD)]), depth_stencil=ds_desc(func=func))
    assert_same(run_both(st, [target(28, rng, QW, QH)], target(fmt, rng, QW, QH), [f]))


@pytest.mark.parametrize("dead", [0, 3, 5, 7])
def test_fully_covered_pair_with_a_dead_lane(dead):
    """A covered quad pair with one lane not alive (discarded by the shader, or past the batch end) must not take
    the unmasked body: the target equals the serial merger's over the other seven lanes."""
    rng = np.random.default_rng(dead)
    f = quad_fragments(rng, 6, 1, pairs_share=1.0, quads_share=0.0, cover=1.0)
    _assert_dead_lane_run(rng, f, dead, 8, QW, QH)  # the same lane of every pair


# ---- four quads side by side (om_gen ``_F`` body: sixteen lanes, two rows of eight pixels) ----

DX16 = np.concatenate([DX, DX + 4])
DY16 = np.concatenate([DY, DY])
RW, RH = 22, 10  # rows of eight pixels at even x up to 14 (the last one ends at the last column)


def row_fragments(rng: np.random.Generator, runs: int, *, cover: float = 1.0, shift: float = 0.3,
                  samples: int = 1) -> PixelFragments:
    """``runs`` runs of four quads side by side (the fused rasterizer's lane order along a covered row), some
    over pixels an earlier run wrote, some at the last column and row; a share ``shift`` of the runs is preceded
    by one lone quad pair elsewhere (eight lanes), so runs also start at lanes that are not multiples of 16."""
    xs, ys = [], []
    for _ in range(runs):
        if rng.random() < shift:
            x0, y0 = int(rng.integers(0, (RW - 4) // 2)) * 2, int(rng.integers(0, RH // 2)) * 2
            xs.append(x0 + DX)
            ys.append(y0 + DY)
        x0 = int(rng.integers(0, (RW - 8) // 2 + 1)) * 2
        y0 = int(rng.integers(0, RH // 2)) * 2
        if rng.random() < 0.2:
            x0 = RW - 8
        if rng.random() < 0.2:
            y0 = RH - 2
        xs.append(x0 + DX16)
        ys.append(y0 + DY16)
    x = np.concatenate(xs).astype(np.int64)
    y = np.concatenate(ys).astype(np.int64)
    n = x.size
    cov = (rng.random(n) < cover).astype(np.uint32) if samples == 1 else \
        rng.integers(0, 1 << samples, n).astype(np.uint32)
    return PixelFragments(x=x, y=y, slice=np.zeros(n, np.int64), coverage=cov,
                          depth=rng.random((n, samples), dtype=np.float32), front=rng.random(n) < 0.5,
                          colors=color_bits(rng, (2, n, 4)), vp_min=np.zeros(n, np.float32),
                          vp_max=np.ones(n, np.float32))


@pytest.mark.parametrize("fmt", COLOR_FORMATS)
@pytest.mark.parametrize("enable,mask", [(True, 0xF), (False, 0xF), (True, 0b0110)])
def test_rows_of_four_quads(fmt, enable, mask):
    """Runs of sixteen fully covered lanes (the wide body), and runs with a lane uncovered (the eight-lane
    paths), over every colour layout: the serial merger's bytes."""
    rng = np.random.default_rng(fmt * 11 + mask + enable)
    frags = [row_fragments(rng, 30), row_fragments(rng, 20, cover=0.97)]
    assert_same(run_both(_blend_state(enable, mask), [target(fmt, rng, RW, RH)], None, frags))


@pytest.mark.parametrize("fmt", DS_FORMATS)
def test_rows_of_four_quads_with_depth_stencil(fmt):
    """The wide body with a depth/stencil test removing lanes (masked row stores of sixteen lanes)."""
    rng = np.random.default_rng(fmt + 500)
    st = face(fail=4, zfail=5, pss=7, func=4)
    desc = ds_desc(True, True, 2, stencil=True, front=st, back=face(fail=2, zfail=6, pss=3, func=8))
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=desc, stencil_ref=0x5A)
    frags = [row_fragments(rng, 30), row_fragments(rng, 30, shift=0.0)]
    assert_same(run_both(om, [target(28, rng, RW, RH)], target(fmt, rng, RW, RH), frags))


def test_every_factor_in_rows_of_four_quads():
    rng = np.random.default_rng(78)
    factors = [bl.ZERO, bl.ONE, bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.DEST_ALPHA,
               bl.INV_DEST_ALPHA, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.SRC_ALPHA_SAT, bl.BLEND_FACTOR,
               bl.INV_BLEND_FACTOR]
    for i, f in enumerate(factors):
        g = factors[(i + 4) % len(factors)]
        op = (bl.OP_ADD, bl.OP_SUBTRACT, bl.OP_REV_SUBTRACT, bl.OP_MIN, bl.OP_MAX)[i % 5]
        om = OMState(blend=blend_desc([rt_blend(True, f, g, op, f, g, op)]), blend_factor=(0.25, 1.5, -0.5, 0.75))
        assert_same(run_both(om, [target(28, rng, RW, RH)], None, [row_fragments(rng, 20)]))


def test_row_of_four_quads_order_mutation_is_caught(monkeypatch):
    """The tests see the wide body: with two lanes of a row swapped in its layout the bytes differ."""
    rng = np.random.default_rng(19)
    frags = [row_fragments(rng, 30)]
    st = target(28, rng, RW, RH)
    assert_same(run_both(_blend_state(True), [st], None, frags))
    monkeypatch.setattr(om_gen._Body, "ROW4", ((0, 1, 4, 5, 8, 9, 13, 12), (2, 3, 6, 7, 10, 11, 14, 15)))
    om_gen._generate.cache_clear()
    monkeypatch.setattr(om_runtime, "_COMPILED", {})
    try:
        with pytest.raises(AssertionError, match="differ"):
            assert_same(run_both(_blend_state(True), [st], None, frags))
    finally:
        om_gen._generate.cache_clear()


@pytest.mark.parametrize("dead", [0, 5, 9, 15])
def test_row_of_four_quads_with_a_dead_lane(dead):
    """Sixteen covered lanes in the wide body's layout with one lane not alive (discarded, or past the batch end)
    must not take the wide body's unmasked stores: the target equals the serial merger's over the other lanes.
    Its dispatcher test (om_gen._wide_check) folds the lanes' position, coverage and alive tests into words and a
    byte compare; each must keep the run out of the wide body."""
    rng = np.random.default_rng(40 + dead)
    f = row_fragments(rng, 12, shift=0.0)
    _assert_dead_lane_run(rng, f, dead, 16, RW, RH)


def _assert_dead_lane_run(rng, f, dead: int, period: int, w: int, h: int) -> None:
    """Lane ``dead`` of every ``period`` lanes not alive: the compiled merger, called on all lanes with the alive
    bytes, must leave the target as the serial merger does over the alive lanes only."""
    n = f.x.size
    alive = np.ones(n, np.int8)
    alive[dead::period] = 0
    keep = alive.astype(bool)
    st = _blend_state(True)
    tgt = target(28, rng, w, h)
    sub = PixelFragments(x=f.x[keep], y=f.y[keep], slice=f.slice[keep], coverage=f.coverage[keep],
                         depth=f.depth[keep], front=f.front[keep], colors=f.colors[:, keep],
                         vp_min=f.vp_min[keep], vp_max=f.vp_max[keep])
    (want, _, _), _ = run_both(st, [tgt], None, [sub])
    fn = om_runtime.compiled(om_gen.om_key(st, [28] + [None] * 7, None, 1))
    got = tgt.data.copy()
    row = got.reshape(h, w * 4)
    ctx = om_gen.OMContext()
    ctx.rt[0] = row.ctypes.data
    ctx.rt_pitch[0] = w * 4
    x = np.ascontiguousarray(f.x, np.int32)
    y = np.ascontiguousarray(f.y, np.int32)
    cov = np.ascontiguousarray(f.coverage, np.uint32)
    col = np.ascontiguousarray(f.colors[:1].transpose(0, 2, 1))
    fn(ctypes.addressof(ctx), n, x.ctypes.data, y.ctypes.data, cov.ctypes.data, cov.ctypes.data, col.ctypes.data,
       alive.ctypes.data)
    assert np.array_equal(got, want[0])
