"""Native output merger, whole-row reads and writes (pipeline/native/om_gen.py ``_Body.rmw``, ``OMContext.rows_w`` /
``rows_h``): a quad row whose bytes are exactly its pixels (one element per pixel) is loaded whole and stored
whole, the lanes not written keeping the bytes just read — the same memory contents as the masked row load and
store (D3D11.3 §17: the serial merger's result byte for byte). The partly covered layouts do it only for groups
whose every row lies inside the bounds the caller promises (the fused rasterizer: the least size of the bound
views); with bounds 0 they keep masked rows.

Expected values come from the numpy merger (pipeline/output_merger.py), not from the native code; the bound
check is tested against memory itself: targets whose last byte is followed by an inaccessible page, with quad rows
that would reach past it, run in a child process (a whole-row access past the end is a crash there)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, ds_desc, face, rt_blend, run_both, target
from test_native_om_quads import quad_fragments

from pyd3d11.pipeline.native import om_gen, om_runtime
from pyd3d11.pipeline.output_merger import OMState

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

#: colour formats of 1, 2 and 4 bytes a pixel (one element: whole rows) and of 8 and 16 (several: masked rows)
COLOR_FORMATS = [28, 87, 61, 56, 41, 24, 49, 34, 10, 2]
DS_FORMATS = [20, 40, 45, 55]
SIZES = [(14, 10), (13, 9)]  # even; odd (quads at the last column and row reach one pixel past the target)


@pytest.fixture
def bounds(monkeypatch):
    """Make NativeBatch promise row bounds as the fused rasterizer does: ``set(w, h)`` (None: the targets' size)."""
    got = {"wh": None}
    orig = om_runtime.NativeBatch.__init__

    def init(self, key, rt_bases, ds_base, blend_factor, stencil_ref):
        orig(self, key, rt_bases, ds_base, blend_factor, stencil_ref)
        self.ctx.rows_w, self.ctx.rows_h = got["wh"]

    monkeypatch.setattr(om_runtime.NativeBatch, "__init__", init)

    def set_(w: int, h: int) -> None:
        got["wh"] = (w, h)

    return set_


def _blend(enable: bool, mask: int = 0xF) -> OMState:
    rt = rt_blend(enable, 5, 6, 1, 5, 6, 1, mask)  # SRC_ALPHA / INV_SRC_ALPHA: reads the destination
    return OMState(blend=blend_desc([rt]), blend_factor=(0.25, 1.5, -0.5, 0.75))


@pytest.mark.parametrize("fmt", COLOR_FORMATS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("enable,mask", [(True, 0xF), (False, 0xF), (False, 0b0101)])
def test_colour_rows_whole(bounds, fmt, size, enable, mask):
    w, h = size
    bounds(w, h)
    rng = np.random.default_rng(fmt * 16 + w + enable * 4 + mask)
    frags = [quad_fragments(rng, 48, 1, w=w, h=h, pairs_share=0.45, quads_share=0.5, cover=0.55),
             quad_fragments(rng, 24, 1, w=w, h=h, cover=1.0)]
    assert_same(run_both(_blend(enable, mask), [target(fmt, rng, w, h)], None, frags))


@pytest.mark.parametrize("fmt", DS_FORMATS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("func", [2, 4, 7])
def test_depth_stencil_rows_whole(bounds, fmt, size, func):
    """Depth test and write with stencil ops (D32_FLOAT_S8X24's stencil byte: several elements a pixel, masked)."""
    w, h = size
    bounds(w, h)
    rng = np.random.default_rng(fmt * 10 + func + w)
    st = face(fail=4, zfail=5, pss=7, func=func)
    desc = ds_desc(True, True, func, stencil=True, front=st, back=face(fail=2, zfail=6, pss=3, func=8))
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=desc, stencil_ref=0x5A)
    frags = [quad_fragments(rng, 48, 1, w=w, h=h, pairs_share=0.45, quads_share=0.5, cover=0.55),
             quad_fragments(rng, 32, 1, w=w, h=h, cover=1.0)]
    assert_same(run_both(om, [target(28, rng, w, h)], target(fmt, rng, w, h), frags))


@pytest.mark.parametrize("wh", [(0, 0), (6, 10), (14, 4), (1 << 30, 1 << 30)])
def test_any_promised_bounds_give_the_same_bytes(bounds, wh):
    """Bounds smaller than the target (groups past them keep masked rows) or none give the same result; so do
    bounds past the target here (one thread, every row inside the array: whole rows are the same memory)."""
    bounds(*wh)
    rng = np.random.default_rng(wh[0] + wh[1])
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=ds_desc(True, True, 2))
    frags = [quad_fragments(rng, 64, 1, w=14, h=10, pairs_share=0.45, quads_share=0.5, cover=0.55)]
    assert_same(run_both(om, [target(28, rng, 14, 10)], target(45, rng, 14, 10), frags))


@pytest.mark.parametrize("samples", [2, 4])
def test_msaa_rows_whole(bounds, samples):
    bounds(13, 9)
    rng = np.random.default_rng(100 + samples)
    om = OMState(blend=blend_desc([rt_blend(True, 5, 6)]), depth_stencil=ds_desc(True, True, 2),
                 sample_mask=0xFFFFFFFF)
    frags = [quad_fragments(rng, 40, 1, w=13, h=9, samples=samples)]
    assert_same(run_both(om, [target(28, rng, 13, 9, samples)], target(45, rng, 13, 9, samples), frags))


_GUARD_CHILD = textwrap.dedent("""
    import ctypes, mmap, sys
    import numpy as np
    from pyd3d11.pipeline.native import om_gen, om_runtime
    from pyd3d11.pipeline.output_merger import OMState
    from native_om_util import ds_desc
    W, H, fmt, bpe, ds_fmt, bw, bh = (int(a) for a in sys.argv[1:8])
    PAGE = mmap.PAGESIZE
    libc = ctypes.CDLL(None)
    libc.mprotect.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    keep = []

    def guarded(nbytes):
        # nbytes ending exactly where an inaccessible page begins
        pages = -(-nbytes // PAGE) + 1
        m = mmap.mmap(-1, pages * PAGE)
        buf = np.frombuffer(m, np.uint8)
        base = buf.ctypes.data
        assert libc.mprotect(base + (pages - 1) * PAGE, PAGE, 0) == 0
        keep.append((m, buf))
        start = (pages - 1) * PAGE - nbytes
        return buf[start:start + nbytes]

    col = guarded(W * H * bpe)
    dep = guarded(W * H * 4) if ds_fmt else None
    state = OMState(depth_stencil=ds_desc(True, True, 8) if ds_fmt else None)
    key = om_gen.om_key(state, [fmt] + [None] * 7, ds_fmt or None, 1)
    fn = om_runtime.compiled(key)
    ctx = om_gen.OMContext()
    ctx.rt[0], ctx.rt_pitch[0] = col.ctypes.data, W * bpe
    if dep is not None:
        ctx.ds, ctx.ds_pitch = dep.ctypes.data, W * 4
    ctx.vp_min, ctx.vp_max = 0.0, 1.0
    ctx.rows_w, ctx.rows_h = bw, bh
    # groups reaching the last column and row: a pair whose last column is W - 1 and quads at the last pixel
    # (their second column / row outside the target), covered only where the pixel exists
    xs, ys = [], []
    dx, dy = [0, 1, 0, 1, 2, 3, 2, 3], [0, 0, 1, 1, 0, 0, 1, 1]
    xs += [W - 4 + d for d in dx]; ys += [H - 2 + d for d in dy]
    xs += [W - 3 + d for d in dx]; ys += [H - 2 + d for d in dy]  # its last column outside, on the last row too
    xs += [W - 4 + d for d in dx]; ys += [H - 1 + d for d in dy]  # its second row outside
    for qa, qb in (((W - 1, H - 1), (0, 0)), ((0, 0), (W - 1, H - 1)), ((W - 1, 0), (0, H - 1)),
                   ((2, H - 1), (W - 1, 2)), ((W - 1, H - 2), (0, 0)), ((0, 2), (W - 1, H - 2))):
        for (qx, qy) in (qa, qb):
            xs += [qx, qx + 1, qx, qx + 1]; ys += [qy, qy, qy + 1, qy + 1]
    x = np.array(xs, np.int32); y = np.array(ys, np.int32)
    inside = (x < W) & (y < H)
    cov = inside.astype(np.uint32)
    n = x.size
    z = np.full(n, 0.5, np.float32)
    colors = np.full((4, n), 0x3F000000, np.uint32)
    alive = inside.astype(np.int8)
    fn(ctypes.addressof(ctx), n, x.ctypes.data, y.ctypes.data, cov.ctypes.data, z.ctypes.data, colors.ctypes.data,
       alive.ctypes.data)
    # every covered pixel written (0.5 -> 128 per UNORM8 channel, or the format's code), nothing else touched
    img = col.reshape(H, W * bpe)
    print("ok", int(img[H - 1, (W - 1) * bpe]), int(img[0, 0]))
""")


@pytest.mark.parametrize("size", [(13, 9), (14, 10)])
@pytest.mark.parametrize("fmt,bpe,ds_fmt", [(28, 4, 45), (61, 1, 0), (10, 8, 0), (56, 2, 45)])
def test_rows_never_reach_past_the_target(size, fmt, bpe, ds_fmt):
    """Targets that end where an inaccessible page begins, bounds = the target size: pairs and quads at the last
    column and row (for odd sizes their second column or row lies outside) must not be read or written whole
    past the end — a crash in the child — and the covered pixels are written."""
    w, h = size
    here = Path(__file__).resolve().parent
    env_path = f"{here.parent / 'src'}:{here}"
    r = subprocess.run([sys.executable, "-c", _GUARD_CHILD, str(w), str(h), str(fmt), str(bpe), str(ds_fmt),
                        str(w), str(h)], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": env_path})
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert r.stdout.split()[0] == "ok"
    if fmt == 28:
        assert r.stdout.split()[1:] == ["128", "128"]


def test_merger_ir_has_whole_row_bodies():
    """The partly covered bodies with whole rows exist and the dispatcher reads the bounds from OMContext."""
    key = om_gen.om_key(OMState(depth_stencil=ds_desc(True, True, 2)), [28] + [None] * 7, 45, 1)
    text, name = om_gen.om_function(key)
    assert f"@{name}_qr(" in text and f"@{name}_dr(" in text
    assert f"i64 {om_gen.OMContext.rows_w.offset}" in text and f"i64 {om_gen.OMContext.rows_h.offset}" in text


# --- the fused path: the bounds it promises ------------------------------------------------------

def _view(w: int, h: int):
    layout = SimpleNamespace(width=w, height=h)
    storage = SimpleNamespace(layout=lambda _i: layout, subresource_index=lambda _m, _s: 0)
    return SimpleNamespace(storage=storage, first_mip=0, first_slice=0)


@pytest.mark.backend_independent
@pytest.mark.parametrize("rts,ds,tile,want", [
    ([(13, 9)], None, 64, (13, 9)),
    ([(13, 9), (20, 7)], (16, 16), 64, (13, 7)),  # the least width and height over every view written
    ([(40, 24)], (38, 30), 8, (38, 24)),
    ([], (33, 5), 64, (33, 5)),
    ([(13, 9)], None, 7, (0, 0)),  # an odd tile edge: quads could straddle two threads' tiles
    ([], None, 64, (0, 0)),
])
def test_fused_row_bounds(rts, ds, tile, want):
    from pyd3d11.pipeline.native import fused

    om = SimpleNamespace(rtvs=[_view(*s) for s in rts] + [None] * (8 - len(rts)),
                         dsv=_view(*ds) if ds else None)
    okey = SimpleNamespace(rts=tuple(["rk"] * len(rts) + [None] * (8 - len(rts))), ds="dk" if ds else None)
    ctx = om_gen.OMContext()
    fused._set_row_bounds(ctx, om, okey, tile)
    assert (ctx.rows_w, ctx.rows_h) == want


@pytest.mark.parametrize("size", [(37, 23), (41, 9), (32, 16)])
@pytest.mark.parametrize("threads", [1, 2])
def test_fused_small_triangles_at_target_edges(size, threads):
    """Small triangles all over odd- and even-sized targets (many reaching the last column and row) through the
    fused path with alpha blending and a depth test: the whole reference pipeline's bytes."""
    import om_row_rmw_scenes as sc

    sc.check(size, threads)


def test_guard_page_control():
    """The control of the test above: bounds one pixel past a 13x9 target let the partly covered groups at its last
    column read whole rows past its end, which the inaccessible page turns into a crash of the child — so the
    child's page really guards, and its groups really take the whole-row bodies when the bounds allow."""
    here = Path(__file__).resolve().parent
    r = subprocess.run([sys.executable, "-c", _GUARD_CHILD, "13", "9", "28", "4", "45", "14", "10"],
                       capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": f"{here.parent / 'src'}:{here}", "PYD3D11_OM_ROW_RMW": "1"})
    assert r.returncode != 0 and "ok" not in r.stdout.split()
