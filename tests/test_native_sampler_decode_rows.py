"""Session 17 (K11, issue 12: S3) changes to native sampling, each keeping the reference's bits:

* the 2^24-scaled UNORM8 decode forms the float32 after Q = c * 0x010101 by one fused multiply-add,
  ``fma(Q, 3 * 2^-25, Q)`` (SampleEmitter._unorm8_scaled). Definition (D3D11.3 §3.2.3.5): a code c means float32
  ``c / 255`` correctly rounded; scaled by 2^24 that is the float after float32(Q) for c > 0 and +0 for c = 0
  (Session 16's argument, tests/test_native_sampler_unorm8_scaled.py). Checked here for all 256 codes in exact
  rational arithmetic, with the margin (the added amount is strictly between half an ulp and one and a half)
  and constants that fail;
* the rows of a bilinear footprint are loaded from one extracted index per lane where every lane has the
  same offset from its first row to each later row (SampleEmitter._fetch_rows; an A/B switch, off by default,
  so every differential runs with it on and off): differential runs, native
  against the reference bit for bit, of 2D / 2D array / 3D views where the offsets agree (interior
  footprints, one LOD) and where they do not (rows wrapped or clamped at the bottom, lanes on different mips);
* the level filters and the mip blend run one register-wide slice of the lanes at a time
  (SampleEmitter._sliced_filter): the same runs at kernel widths 8, 16, 32 and 64, packed UNORM8 and float
  texels, trilinear / point-mip / minimum / maximum filters.

Mutations, each of which must make a differential fail: the offset check dropped, a later row read one texel
off, every slice filtered from the first slice's lanes, the decode's constant 2^-23.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from test_native_sampler_unorm8 import R8G8B8A8_UNORM, R32G32B32A32_FLOAT, _run, _storage
from test_sampler_helpers import CLAMP, MIRROR, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.shader import native
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_gen  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself (runs once)

F32 = np.float32
SRV_2D, SRV_2DARRAY, SRV_3D = 4, 5, 8


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


@pytest.fixture(params=["rows", "default"])
def rows(request, monkeypatch):
    """Shared row loads switched on (``PYD3D11_NATIVE_SHARED_ROWS=1``) or the default (off)."""
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(sampler_gen, "SHARED_ROWS", request.param == "rows")
    return request.param


def _round_f32(x: Fraction) -> np.float32:
    """The float32 nearest the exact rational ``x`` (ties to even)."""
    f = F32(float(x))
    cands = [np.nextafter(f, F32(-np.inf)), f, np.nextafter(f, F32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - x), int(np.asarray(v).view(np.uint32)) & 1))


def _fma_decode(c: int, const: Fraction) -> np.float32:
    """fma(Q, const, Q) with Q = c * 0x010101: the exact Q + Q * const rounded once (IEEE fusedMultiplyAdd)."""
    q = Fraction(c * 0x010101)
    return _round_f32(q + q * const)


# ---- the decode ----------------------------------------------------------------------------------------------

@pytest.mark.backend_independent
def test_fma_next_float_is_the_scaled_quotient_for_every_code():
    const = Fraction(float(F32(sampler_gen.UNORM8_NEXT)))
    assert const == Fraction(3, 2 ** 25)  # a float32 constant, exactly
    for c in range(256):
        want = _round_f32(Fraction(c * 2 ** 24, 255))  # the definition: c / 255 correctly rounded, x 2^24
        got = _fma_decode(c, const)
        assert got.view(np.uint32) == want.view(np.uint32), c
        assert got * F32(2.0 ** -24) == F32(c) / F32(255)  # numpy's float32 division, back-scaled
    assert not np.signbit(_fma_decode(0, const))  # +0 for code 0


@pytest.mark.backend_independent
def test_fma_next_float_margin():
    """The added amount Q * 3 * 2^-25 is strictly between half an ulp of Q and one and a half (so one rounding
    lands on the next float, also at a binade's end) for every code but 0."""
    for c in range(1, 256):
        q = c * 0x010101
        ulp = Fraction(float(np.nextafter(F32(q), F32(np.inf)))) - q
        x = Fraction(q) * Fraction(3, 2 ** 25) / ulp
        assert Fraction(1, 2) < x < Fraction(3, 2), c


@pytest.mark.backend_independent
@pytest.mark.parametrize("const", [Fraction(1, 2 ** 23), Fraction(1, 2 ** 26), Fraction(0)])
def test_other_constants_are_wrong(const):
    wrong = [c for c in range(256)
             if _fma_decode(c, const) != _round_f32(Fraction(c * 2 ** 24, 255))]
    assert wrong


# ---- differential: shared row loads and sliced filters ---------------------------------------------------------

SHADERS = {
    "texture2d": "xyxx", "texture2darray": "xyzx", "texture3d": "xyzx",
}
VIEWS = {  # name: (storage dim, view dim, size, layers, shader dim)
    "2d": (3, SRV_2D, (16, 16, 1), 1, "texture2d"),
    "2dodd": (3, SRV_2D, (13, 7, 1), 1, "texture2d"),
    "2darray": (3, SRV_2DARRAY, (8, 8, 1), 3, "texture2darray"),
    "3d": (4, SRV_3D, (8, 4, 8), 1, "texture3d"),
}


def _shader(dim: str) -> str:
    t = f"({dim})(float,float,float,float)"
    c = SHADERS[dim]
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"sample_indexable{t} o0.xyzw, v0.{c}, t0.xyzw, s0\n"
            f"sample_l_indexable{t} o1.xyzw, v0.{c}, t0.wzyx, s0, v1.w\nret\n")


def _inputs(n: int, where: str, rng, size: tuple) -> np.ndarray:
    """Quads over the texture: ``interior`` footprints on level 0 / 1 with one explicit LOD per run (the rows'
    offsets agree in every lane), ``edges`` with coordinates across the bottom / back edges and varied LODs
    (they do not), ``mixed`` half of each."""
    q = n // 4
    w, h, d = size
    if where == "interior":
        c = np.stack([rng.uniform(1.0 / n, 1 - 2.0 / n, q) if n > 2 else np.full(q, 0.5) for n in (w, h, d)], 1)
    else:
        c = rng.uniform(-0.3, 1.3, (q, 3))
        if where == "mixed":
            c[: q // 2] = rng.uniform(0.2, 0.6, (q // 2, 3))
    c = c.astype(F32)
    step = (F32(1.0) / F32(max(w, h, d))) * F32(rng.choice([0.3, 0.9, 1.4]))  # LOD about -1.7 .. 0.5
    v = np.zeros((2, n, 4), F32)
    for i, off in enumerate(([0, 0], [1, 0], [0, 1], [1, 1])):  # TL, TR, BL, BR
        v[0, i::4, 0] = c[:, 0] + F32(off[0]) * step
        v[0, i::4, 1] = c[:, 1] + F32(off[1]) * step
        v[0, i::4, 2] = c[:, 2]
    if where == "interior":
        v[1, :, 3] = rng.choice([0.0, 0.25, 0.5, 0.75])  # one LOD for every lane
    else:
        v[1, :, 3] = rng.choice([0.0, 0.3, 0.6, 1.0, 1.4, 2.5], n)
    return v


FILTERS = {"trilinear": 0x15, "mip_point": 0x14, "minimum": 0x115, "maximum": 0x195}
CASES = [(view, fmt, filt, where) for view in VIEWS for fmt in ("unorm8", "float")
         for filt in FILTERS for where in ("interior", "edges", "mixed")
         if fmt == "unorm8" or view == "2d" or (view == "3d" and filt in ("trilinear", "mip_point"))]


def _case_run(view: str, fmt: str, filt: str, where: str, seed: int = 0):
    sdim, vdim, size, layers, dim = VIEWS[view]
    f = R8G8B8A8_UNORM if fmt == "unorm8" else R32G32B32A32_FLOAT
    rng = np.random.default_rng(seed + 31 * len(view) + 7 * len(where) + FILTERS[filt])
    st = _storage(sdim, f, size, layers, rng)
    if fmt == "float":  # finite texels in [-2, 2] (the float formats' own rules are tested elsewhere)
        for s in range(layers):
            for m in range(st.mip_levels):
                b = st.subresource_bytes(st.subresource_index(m, s)).view(F32)
                b[:] = rng.uniform(-2, 2, b.size).astype(F32)
        st.touch()
    view_desc = srv(st, f, vdim)
    assert (texture_cache.texture_data(view_desc).unorm8() is not None) == (fmt == "unorm8")
    b = Bindings()
    b.srvs[0] = view_desc
    b.samplers[0] = SamplerDesc(Filter=FILTERS[filt], AddressU=WRAP, AddressV=[WRAP, CLAMP, MIRROR][len(view) % 3],
                                AddressW=CLAMP)
    return _run(_shader(dim), b, _inputs(256, where, rng, size), expect_native=2)


# every case at the pixel kernels' default AVX2 width (32: four register-wide slices) with shared rows on and off,
# the trilinear and minimum ones also at 64 (rows off) and 8 (one register: no slicing; 2D)
WIDE_CASES = [(*c, "32", r) for c in CASES for r in (True, False)] + \
    [(*c, "64", False) for c in CASES if c[2] in ("trilinear", "minimum")] + \
    [(*c, "8", False) for c in CASES if c[2] == "trilinear" and c[0] == "2d"]


@pytest.mark.parametrize("view,fmt,filt,where,width,rows_on", WIDE_CASES,
                         ids=[f"{v}-{f}-{fl}-{w}-w{n}{'-rows' if r else ''}" for v, f, fl, w, n, r in WIDE_CASES])
def test_rows_and_slices_equal_the_reference(monkeypatch, view, fmt, filt, where, width, rows_on):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    monkeypatch.setattr(runtime, "_KERNELS", {})  # (the switch is not part of the kernel cache's key)
    monkeypatch.setattr(sampler_gen, "SHARED_ROWS", rows_on)
    ref, nat = _case_run(view, fmt, filt, where)
    np.testing.assert_array_equal(nat, ref)


CMP_CASES = [(filt, where, width) for filt in (0x95, 0x94) for where in ("interior", "edges")
             for width in ("32", "64")]


@pytest.mark.parametrize("filt,where,width", CMP_CASES, ids=[f"{f:#x}-{w}-w{n}" for f, w, n in CMP_CASES])
def test_comparison_filters_slice_their_reference(monkeypatch, rows, filt, where, width):
    """sample_c / sample_c_lz (comparison trilinear and point-mip): the per-lane reference value is sliced with
    the taps (each slice compares its own lanes)."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    rng = np.random.default_rng(filt + len(where))
    st = _storage(3, R8G8B8A8_UNORM, (16, 16, 1), 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, R8G8B8A8_UNORM, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=filt, ComparisonFunc=[2, 4, 7][len(where) % 3], AddressU=WRAP,
                                AddressV=CLAMP)
    t = "(texture2d)(float,float,float,float)"
    text = ("ps_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"sample_c_indexable{t} o0.xyzw, v0.xyxx, t0.xxxx, s0, v1.x\n"
            f"sample_c_lz_indexable{t} o1.xyzw, v0.xyxx, t0.xxxx, s0, v1.x\nret\n")
    regs = _inputs(256, where, rng, (16, 16, 1))
    regs[1, :, 0] = rng.integers(0, 256, 256) / F32(255)  # references equal to texel codes (ties) ...
    regs[1, ::3, 0] = rng.uniform(-0.2, 1.2, 256)[::3]  # ... and between them
    ref, nat = _run(text, b, regs, expect_native=2)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("rows_on,sliced", [(True, True), (True, False), (False, False)])
def test_switches_give_the_same_bits(monkeypatch, rows_on, sliced):
    """The A/B switches (PYD3D11_NATIVE_SHARED_ROWS / _SLICED_FILTER) change the code, not the results (the
    default, rows off and slices on, is every other test's)."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(sampler_gen, "SHARED_ROWS", rows_on)
    monkeypatch.setattr(sampler_gen, "SLICED_FILTER", sliced)
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", "32")
    for view in ("2d", "3d"):
        ref, nat = _case_run(view, "unorm8", "trilinear", "mixed")
        np.testing.assert_array_equal(nat, ref)


# ---- mutations -----------------------------------------------------------------------------------------------

def _differs(monkeypatch, patch, runs) -> bool:
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", "32")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(sampler_gen, "SHARED_ROWS", True)
    patch(monkeypatch)
    for args in runs:
        ref, nat = _case_run(*args)
        if not np.array_equal(ref, nat):
            return True
    return False


RUNS = [("2d", "unorm8", "trilinear", "interior"), ("3d", "unorm8", "trilinear", "interior"),
        ("2d", "unorm8", "trilinear", "edges"), ("3d", "unorm8", "trilinear", "edges")]


def test_mutation_control_passes(monkeypatch):
    """The harness itself: nothing patched, every run equal."""
    assert not _differs(monkeypatch, lambda mp: None, RUNS)


def test_mutation_offset_check_dropped_fails(monkeypatch):
    orig = sampler_gen.SampleEmitter._row_steps

    def no_check(g, idxs):
        steps, _ = orig(g, idxs)
        return steps, "true"
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_row_steps",
                                                       staticmethod(no_check)), RUNS[2:])


def test_mutation_later_row_off_by_one_fails(monkeypatch):
    orig = sampler_gen.SampleEmitter._row_steps

    def off(g, idxs):
        steps, uni = orig(g, idxs)
        return [g.v(f"add i32 {s}, 1") for s in steps], uni
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_row_steps",
                                                       staticmethod(off)), RUNS[:2])


def test_mutation_slices_from_the_first_fails(monkeypatch):
    """Every register-wide slice filtered from the first slice's lanes (and weights)."""
    orig = sampler_gen.SampleEmitter._sliced_filter

    def first_only(self, g, fa, fb, lin, wb, use):
        out = orig(self, g, fa, fb, lin, wb, use)
        R = runtime.register_lanes()
        if g.W <= R:
            return out
        lanes = ", ".join(f"i32 {i % R}" for i in range(g.W))
        return [g.v(f"shufflevector {g.VF} {o}, {g.VF} poison, <{g.W} x i32> <{lanes}>") for o in out]
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_sliced_filter", first_only),
                    RUNS[:1])


def test_mutation_decode_constant_fails(monkeypatch):
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen, "UNORM8_NEXT", 2.0 ** -23), RUNS[:1])
