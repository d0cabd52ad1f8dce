"""Differential harness of the native output merger (pipeline/native/om_gen.py) against the numpy one: the
same PixelFragments batch applied to two copies of the same targets, one per backend; the targets' bytes must
be identical."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline.output_merger import OMState, OutputMerger, PixelFragments
from pyd3d11.shader import native
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

if not native.available():  # pragma: no cover - depends on the install
    pytest.skip("llvmlite not installed", allow_module_level=True)

from pyd3d11.pipeline.native import om_runtime  # noqa: E402

W, H = 16, 8

F32 = {"nan": 0x7FC00000, "inf": 0x7F800000, "-inf": 0xFF800000, "den": 0x00000001, "-den": 0x80400000,
       "zero": 0, "-zero": 0x80000000}
SPECIAL = np.array([0x7FC00000, 0x7F800000, 0xFF800000, 0x00000001, 0x80400000, 0, 0x80000000,
                    *np.array([1.5, -0.25, 2.0, 1.0, 0.5, 65504.0, 1e30, -1e30, 1e-8, 0.999, 0.0031], np.float32)
                    .view(np.uint32)], np.uint32)


def color_bits(rng: np.random.Generator, shape, specials: bool = True) -> np.ndarray:
    """float32 bits: mostly uniform [0, 1), some in [-0.5, 1.5), a share of special values (NaN, +-inf,
    denormals, +-0, > 1, < 0, huge)."""
    v = rng.random(shape, dtype=np.float32)
    v = np.where(rng.random(shape) < 0.3, v * np.float32(2) - np.float32(0.5), v).astype(np.float32)
    bits = v.view(np.uint32).copy()
    if specials:
        pick = rng.random(shape) < 0.2
        bits[pick] = SPECIAL[rng.integers(0, SPECIAL.size, int(pick.sum()))]
    return bits


def target(fmt: int, rng: np.random.Generator, w: int = W, h: int = H, samples: int = 1) -> ResourceStorage:
    """A 2D texture of random bytes (NaN payloads, SNORM's second -1.0 code, X bits included)."""
    st = ResourceStorage.create(3, fmt, w, h, 1, 1, 1, samples, bytes_per_block=bytes_per_element(fmt))
    st.data[:] = rng.integers(0, 256, st.data.size, dtype=np.uint8)
    return st


DEPTH = {20, 40, 45, 55}  # D32_FLOAT_S8X24_UINT, D32_FLOAT, D24_UNORM_S8_UINT, D16_UNORM


def rtv(st: ResourceStorage) -> ViewDescriptor:
    return ViewDescriptor(ViewKind.RTV, st, st.format, 6 if st.sample_count > 1 else 4, slice_count=1)


def dsv(st: ResourceStorage, flags: int = 0) -> ViewDescriptor:
    return ViewDescriptor(ViewKind.DSV, st, st.format, 5 if st.sample_count > 1 else 3, slice_count=1, flags=flags)


def rt_blend(enable=False, src=2, dst=1, op=1, src_a=2, dst_a=1, op_a=1, mask=0xF):
    return SimpleNamespace(BlendEnable=enable, LogicOpEnable=False, SrcBlend=src, DestBlend=dst, BlendOp=op,
                           SrcBlendAlpha=src_a, DestBlendAlpha=dst_a, BlendOpAlpha=op_a, LogicOp=0,
                           RenderTargetWriteMask=mask)


def blend_desc(rts, independent=True, a2c=False):
    rts = list(rts) + [rt_blend()] * (8 - len(rts))
    return SimpleNamespace(AlphaToCoverageEnable=a2c, IndependentBlendEnable=independent, RenderTarget=rts)


def face(fail=1, zfail=1, pss=1, func=8):
    return SimpleNamespace(StencilFailOp=fail, StencilDepthFailOp=zfail, StencilPassOp=pss, StencilFunc=func)


def ds_desc(depth=True, write=True, func=2, stencil=False, rm=0xFF, wm=0xFF, front=None, back=None):
    front = front or face()
    return SimpleNamespace(DepthEnable=depth, DepthWriteMask=1 if write else 0, DepthFunc=func,
                           StencilEnable=stencil, StencilReadMask=rm, StencilWriteMask=wm, FrontFace=front,
                           BackFace=back or front)


def fragments(rng: np.random.Generator, n: int, regs: int = 2, distinct: bool = False, w: int = W, h: int = H,
              vp=(0.0, 1.0), specials: bool = True, samples: int = 1) -> PixelFragments:
    if distinct:
        n = min(n, w * h)
        lin = rng.permutation(w * h)[:n]
    else:
        lin = rng.integers(0, w * h, n)  # repeats: later fragments must see earlier writes
    x, y = (lin % w).astype(np.int64), (lin // w).astype(np.int64)
    z = rng.random((n, samples), dtype=np.float32)
    zs = np.array([-0.5, 1.5, 0.0, 1.0, np.nan, 1e-40, -0.0], np.float32)
    pick = rng.random((n, samples)) < 0.15
    z[pick] = zs[rng.integers(0, zs.size, int(pick.sum()))]
    cov = rng.integers(0, 1 << samples, n).astype(np.uint32) if samples > 1 else (rng.random(n) < 0.9).astype(np.uint32)
    return PixelFragments(
        x=x, y=y, slice=np.zeros(n, np.int64), coverage=cov,
        depth=z, front=rng.random(n) < 0.5, colors=color_bits(rng, (regs, n, 4), specials),
        vp_min=np.full(n, vp[0], np.float32), vp_max=np.full(n, vp[1], np.float32))


def copy_storage(st: ResourceStorage) -> ResourceStorage:
    c = ResourceStorage.create(3, st.format, st.layout(0).width, st.layout(0).height, 1, 1, 1, st.sample_count,
                               bytes_per_block=st.bytes_per_block)
    c.data[:] = st.data
    return c


def run_both(om: OMState, rt_stores: list, ds_store, frags: list[PixelFragments], *, dsv_flags: int = 0,
             written: int = 0xFF, expect_native: bool = True):
    """Apply ``frags`` with the numpy merger and with the native one on copies of the stores; returns
    ((rt bytes, ds bytes, samples passed) numpy, the same native)."""
    results = []
    for backend in ("reference", "native"):
        rts = [copy_storage(s) if s is not None else None for s in rt_stores]
        ds = copy_storage(ds_store) if ds_store is not None else None
        state = OMState(rtvs=[rtv(s) if s is not None else None for s in rts] + [None] * (8 - len(rts)),
                        dsv=dsv(ds, dsv_flags) if ds is not None else None, blend=om.blend,
                        blend_factor=om.blend_factor, sample_mask=om.sample_mask, depth_stencil=om.depth_stencil,
                        stencil_ref=om.stencil_ref)
        native.set_backend(backend)
        try:
            before = om_runtime.stats.batches
            with np.errstate(all="ignore"):
                stores = [s for s in rts + [ds] if s is not None]
                m = OutputMerger(state, stores[0].sample_count if stores else 1, written)
                for f in frags:
                    m.process(f)
                m.finish()
            if backend == "native" and expect_native:
                assert om_runtime.stats.batches - before == len(frags), om_runtime.stats.reasons
        finally:
            native.set_backend(None)
        results.append(([s.data.copy() if s is not None else None for s in rts],
                        ds.data.copy() if ds is not None else None, m.samples_passed))
    return results


def assert_same(results) -> None:
    (rr, rd, rp), (nr, nd, np_) = results
    for i, (a, b) in enumerate(zip(rr, nr)):
        if a is not None:
            bad = np.nonzero(a != b)[0]
            assert bad.size == 0, f"RT{i}: {bad.size} bytes differ, first at {bad[:8]}: ref {a[bad[:8]]} native {b[bad[:8]]}"
    if rd is not None:
        bad = np.nonzero(rd != nd)[0]
        assert bad.size == 0, f"DS: {bad.size} bytes differ at {bad[:8]}: ref {rd[bad[:8]]} native {nd[bad[:8]]}"
    assert rp == np_, (rp, np_)
