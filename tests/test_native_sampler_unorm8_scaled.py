"""The 2^24-scaled UNORM8 decode of the native sampler (Session 16, K9: sampler_gen.SampleEmitter._unorm8_scaled)
and the paired texel loads at the row edges.

Definition (D3D11.3 §3.2.3.5): an 8-bit UNORM code c means the float32 ``c / 255`` (correctly rounded); the
filter (§7.18.8, the reference's sampler._combine) lerps such values in float32 as ``(b - a) * f + a`` with
weights f = k/256. The native kernel may decode a tap to ``float32(c / 255) * 2^24`` instead, run the same lerps
and multiply the result by 2^-24 once: scaling by a power of two commutes with every float32 rounding where
nothing overflows or underflows. Tests, expected values from the definition (exact rationals / numpy float32
division), never from the kernel:

* the decode's formula — byte repeated three times, converted, plus one ulp for c > 0 — equals the correctly
  rounded ``c / 255 * 2^24`` for all 256 codes (numpy division and exact rationals), and back-scaled equals
  ``c / 255``; without the ulp or with two copies of the byte it does not;
* the lerp of every pair of codes at every weight k/256 gives the same bits scaled and unscaled;
* which sampling functions take the scaled decode (a table over the key's facts);
* differential runs, native against the reference bit for bit, of 2D textures of widths 1, 2, 3, 5, 8 (each
  mip level's row) under WRAP, MIRROR, CLAMP, BORDER and MIRROR_ONCE, with every lane's footprint interior
  (the paired 8-byte loads), at the left edge, at the right edge, and mixed; codes biased to 0, 1, 127, 128,
  254, 255;
* mutations: the ulp dropped, the scale-back exponent off by one, two byte copies, the scaled decode used
  with a BORDER mode, and the paired loads taken at a wrapped edge — each must make a differential fail.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from test_native_sampler_unorm8 import R8_UNORM, R8G8B8A8_UNORM, _run, _storage
from test_sampler_helpers import BORDER, CLAMP, MIRROR, MIRROR_ONCE, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.shader import native
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_gen  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself (runs once)

F32 = np.float32
SRV_2D = 4
MODES = {"wrap": WRAP, "mirror": MIRROR, "clamp": CLAMP, "border": BORDER, "mirror_once": MIRROR_ONCE}
CODES = np.arange(256, dtype=np.uint32)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _model(c: np.ndarray, copies: int = 3, ulp: bool = True) -> np.ndarray:
    """The kernel's decode in numpy: Q = c repeated ``copies`` times (low bytes), float32(Q), + 1 ulp where c > 0."""
    q = np.zeros_like(c)
    for i in range(copies):
        q |= c << np.uint32(8 * i)
    bits = q.astype(np.int32).astype(F32).view(np.uint32)
    if ulp:
        bits = bits + np.minimum(q, 1).astype(np.uint32)
    return bits.view(F32)


def _round_f32(x: Fraction) -> np.float32:
    """The float32 nearest the exact rational ``x`` (ties to even)."""
    f = F32(float(x))
    cands = [np.nextafter(f, F32(-np.inf)), f, np.nextafter(f, F32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - x), int(np.asarray(v).view(np.uint32)) & 1))


# ---- the formula -------------------------------------------------------------------------------------------

@pytest.mark.backend_independent
def test_decode_is_the_scaled_quotient_for_every_code():
    got = _model(CODES)
    want = (CODES.astype(F32) / F32(255)) * F32(2.0 ** 24)  # numpy's float32 division; x 2^24 is exact
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    exact = [_round_f32(Fraction(int(c) * 2 ** 24, 255)) for c in CODES]  # the definition, in rationals
    assert np.array_equal(got.view(np.uint32), np.array(exact, F32).view(np.uint32))
    back = got * F32(2.0 ** -24)
    assert np.array_equal(back.view(np.uint32), (CODES.astype(F32) / F32(255)).view(np.uint32))
    assert got[0] == 0 and got[255] == F32(2.0 ** 24) and not np.signbit(got[0])


@pytest.mark.backend_independent
def test_truncation_and_tail_argument():
    """float32(Q) is c / 255 * 2^24 truncated to 24 significant bits (exact) and the tail is more than half an
    ulp and never a tie: so the rounded value is the next float up (for 255 the tail is the whole ulp: 2^24)."""
    for c in range(1, 256):
        q = c * 0x010101
        assert float(F32(q)) == q  # Q < 2^24: exact
        v = Fraction(c * 2 ** 24, 255)
        lo = Fraction(float(F32(q)))
        ulp = Fraction(float(np.nextafter(F32(q), F32(np.inf)))) - lo
        tail = (v - lo) / ulp
        assert Fraction(1, 2) < tail < 1 or (c == 255 and tail == 1), c  # 255: 2^24 itself, the next float


@pytest.mark.backend_independent
def test_mutated_formulas_are_wrong():
    want = (CODES.astype(F32) / F32(255)) * F32(2.0 ** 24)
    assert not np.array_equal(_model(CODES, ulp=False).view(np.uint32), want.view(np.uint32))
    assert not np.array_equal(_model(CODES, copies=2).view(np.uint32),
                              ((CODES.astype(F32) / F32(255)) * F32(2.0 ** 16)).view(np.uint32))


@pytest.mark.backend_independent
def test_lerp_commutes_with_the_scale_for_every_pair_and_weight():
    """(b - a) * f + a for every pair of decoded codes and every weight k/256: scaled by 2^24, lerped, scaled back
    equals the unscaled lerp bit for bit (and so do the y lerp and the mip lerp on those results: checked on a
    large random sample)."""
    dec = CODES.astype(F32) / F32(255)
    sdec = _model(CODES)
    a, b = np.meshgrid(np.arange(256), np.arange(256), indexing="ij")
    for k in range(256):
        f = F32(k / 256)
        ref = (dec[b] - dec[a]) * f + dec[a]
        got = ((sdec[b] - sdec[a]) * f + sdec[a]) * F32(2.0 ** -24)
        assert np.array_equal(ref.view(np.uint32), got.view(np.uint32)), k
    rng = np.random.default_rng(5)
    c = rng.integers(0, 256, (8, 400_000))
    c[:, ::7] = rng.choice([0, 1, 254, 255], (8, len(c[0, ::7])))
    fw = [F32(1 / 256) * rng.integers(0, 256, 400_000).astype(F32) for _ in range(7)]

    def trilinear(v, scale):
        def lerp(x, y, f):
            return (y - x) * f + x
        la = lerp(lerp(v[0], v[1], fw[0]), lerp(v[2], v[3], fw[0]), fw[1])
        lb = lerp(lerp(v[4], v[5], fw[2]), lerp(v[6], v[7], fw[2]), fw[3])
        return lerp(la, lb, fw[4]) * scale

    ref = trilinear(dec[c], F32(1))
    got = trilinear(sdec[c], F32(2.0 ** -24))
    assert np.array_equal(ref.view(np.uint32), got.view(np.uint32))


# ---- which functions decode scaled ---------------------------------------------------------------------------

BASE = sampler_gen.SampleKey(op=int(sampler_gen.Op.SAMPLE), dims=2, arrayed=False, mip_linear=True, mag_linear=True,
                             min_linear=True, modes=(WRAP, WRAP), fix_inf=False, res_min=False, quad=True,
                             offsets=(0, 0), sel=(0, 1, 2, 3), cmp=None, ref_unorm=0, reduction=0, cube=False,
                             aniso=0, packed=True, pow2=True, pairs=False)
APPLIES = [  # (key changes, emitter, expected)
    ({}, "sample", True),
    ({"modes": (CLAMP, MIRROR)}, "sample", True),
    ({"modes": (MIRROR_ONCE, WRAP)}, "sample", True),
    ({"mip_linear": False, "mag_linear": False}, "sample", True),  # point taps: a select, then the scale back
    ({"aniso": 16}, "sample", True),  # the anisotropic average sums filter_at's (scaled back) results
    ({"modes": (WRAP, BORDER)}, "sample", False),  # border colours are not scaled
    ({"cmp": 2, "ref_unorm": 8}, "sample", False),
    ({"reduction": sampler_gen.REDUCE_MINIMUM}, "sample", False),
    ({"reduction": sampler_gen.REDUCE_MAXIMUM}, "sample", False),
    ({"packed": False}, "sample", False),
    ({"cube": True}, "cube", False),  # the cube level filter weights its taps itself
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("changes,emitter,expected", APPLIES)
def test_which_functions_decode_scaled(changes, emitter, expected):
    from pyd3d11.pipeline.native.sampler_gen_cube import CubeEmitter

    cls = {"sample": sampler_gen.SampleEmitter, "cube": CubeEmitter}[emitter]
    assert sampler_gen.scaled_decode_applies(replace(BASE, **changes), cls) is expected


@pytest.mark.backend_independent
def test_switch_off_keeps_the_fma_decode(monkeypatch):
    monkeypatch.setattr(sampler_gen, "UNORM8_SCALED", False)
    assert not sampler_gen.scaled_decode_applies(BASE, sampler_gen.SampleEmitter)


# ---- differential at the row edges -------------------------------------------------------------------------

SHADER = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
          "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
          "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
          "sample_l_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v1.w\n"
          "sample_indexable(texture2d)(float,float,float,float) o1.xyzw, v0.xyxx, t0.wzyx, s0\n"
          "sample_d_indexable(texture2d)(float,float,float,float) o2.xyzw, v0.xyxx, t0.xyzw, s0, v1.xyxx, v2.xyxx\n"
          "ret\n")
SPECIAL_CODES = np.array([0, 0, 0, 1, 2, 3, 127, 128, 129, 254, 255, 255, 255], np.uint8)


def _edge_storage(w: int, h: int, fmt: int, rng) -> ResourceStorage:
    st = _storage(3, fmt, (w, h, 1), 1, rng)
    for m in range(st.mip_levels):
        b = st.subresource_bytes(st.subresource_index(m, 0))
        pick = rng.random(b.size) < 0.6
        b[pick] = rng.choice(SPECIAL_CODES, int(pick.sum()))
        if m == 1:
            b[: b.size // 2] = 0  # a black half: every tap's code 0
    st.touch()
    return st


def _edge_inputs(w: int, where: str, n: int, rng) -> np.ndarray:
    """Quads whose x footprint (on the level the LOD picks, mostly level 0) sits ``where``: interior (x0 and
    x0 + 1 inside the row), left (x0 = -1), right (x0 = w - 1), or a mix; v anywhere, sometimes outside [0, 1]."""
    q = n // 4
    m = (w - 1 + 0.5) / w
    if where == "interior" and w >= 2:
        u = rng.uniform(0.5 / w, m, q)
    elif where == "left":
        u = rng.uniform(0.0, 0.5 / w, q) + rng.choice([0.0, 1.0, -1.0, 2.0], q)
    elif where == "right":
        u = rng.uniform(m, 1.0, q) + rng.choice([0.0, 1.0, -1.0], q)
    else:
        u = rng.uniform(-1.5, 2.5, q)
    v = rng.uniform(-0.6, 1.6, q)
    d = F32(2.0) ** rng.uniform(-6, -2, q)  # small derivatives: level 0, some level 1
    regs = np.zeros((3, n, 4), F32)
    base = np.stack([u, v], 1).astype(F32)
    for i, off in enumerate(([0, 0], [1, 0], [0, 1], [1, 1])):  # TL, TR, BL, BR of each quad
        regs[0, i::4, :2] = base + (np.array(off, F32) * d[:, None] * F32(0.25)).astype(F32)
    regs[1, :, :2] = (rng.normal(size=(n, 2)) * F32(2.0) ** -6).astype(F32)
    regs[2, :, :2] = (rng.normal(size=(n, 2)) * F32(2.0) ** -6).astype(F32)
    regs[1, :, 3] = rng.choice([0.0, 0.0, 0.25, 0.5, 1.0, 1.5, 2.5], n)  # explicit LOD: levels and blends
    return regs


EDGE_CASES = [(w, mode, where) for w in (1, 2, 3, 5, 8) for mode in MODES
              for where in ("interior", "left", "right", "mixed") if not (w == 1 and where == "interior")]


def _edge_run(w: int, mode: int, where: str, fmt: int = R8G8B8A8_UNORM, seed: int = 0, max_lod: float = 3.4e38):
    rng = np.random.default_rng(seed + 97 * w + 13 * mode + len(where))
    st = _edge_storage(w, 4, fmt, rng)
    view = srv(st, fmt, SRV_2D)
    assert texture_cache.texture_data(view).unorm8() is not None
    b = Bindings()
    b.srvs[0] = view
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=mode, AddressV=[WRAP, CLAMP, MIRROR][w % 3],
                                BorderColor=(0.3, 1.0, 0.0, 0.7), MaxLOD=max_lod)
    return _run(SHADER, b, _edge_inputs(w, where, 256, rng), expect_native=3)


@pytest.mark.parametrize("w,mode,where", EDGE_CASES, ids=[f"w{w}-{m}-{p}" for w, m, p in EDGE_CASES])
def test_row_edges_every_address_mode_and_width(w, mode, where):
    ref, nat = _edge_run(w, MODES[mode], where)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("fmt", [R8_UNORM])
@pytest.mark.parametrize("mode", ["wrap", "border"])
def test_row_edges_one_channel_format(fmt, mode):
    ref, nat = _edge_run(5, MODES[mode], "mixed", fmt)
    np.testing.assert_array_equal(nat, ref)


# ---- mutations -----------------------------------------------------------------------------------------------

def _differs(monkeypatch, patch, mode: int = WRAP, where: str = "mixed", w: int = 8) -> bool:
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    patch(monkeypatch)
    # MaxLOD 1: no footprint on the last (1x1) mip, whose mutated paired load would read past the texels' end
    ref, nat = _edge_run(w, mode, where, max_lod=1.0)
    return not np.array_equal(ref, nat)


def _decode_variant(copies: int, ulp: bool):
    def dec(g, word, ch):
        n = 4 * g.W
        v8 = f"<{n} x i8>"
        b = g.v(f"bitcast {g.VI} {word} to {v8}")
        idx = []
        for i in range(g.W):
            idx += [f"i32 {4 * i + ch}"] * copies + [f"i32 {n}"] * (4 - copies)
        mask = ", ".join(idx)
        q = g.v(f"shufflevector {v8} {b}, {v8} zeroinitializer, <{n} x i32> <{mask}>")
        q = g.v(f"bitcast {v8} {q} to {g.VI}")
        f = g.v(f"sitofp {g.VI} {q} to {g.VF}")
        if not ulp:
            return f
        one = g.v(f"select {g.VB} {g.v(f'icmp eq {g.VI} {q}, zeroinitializer')}, {g.VI} zeroinitializer, "
                  f"{g.VI} {sampler_gen._is(1)}")
        bits = g.v(f"bitcast {g.VF} {f} to {g.VI}")
        return g.v(f"bitcast {g.VI} {g.v(f'add {g.VI} {bits}, {one}')} to {g.VF}")
    return staticmethod(dec)


def test_mutation_control_unchanged_decode_passes(monkeypatch):
    """The mutation harness itself: the decode re-emitted as written gives the reference's bits."""
    assert not _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_unorm8_scaled",
                                                           _decode_variant(3, True)))


def test_mutation_ulp_dropped_fails(monkeypatch):
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_unorm8_scaled",
                                                       _decode_variant(3, False)))


def test_mutation_two_copies_fails(monkeypatch):
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen.SampleEmitter, "_unorm8_scaled",
                                                       _decode_variant(2, True)))


def test_mutation_scale_back_exponent_fails(monkeypatch):
    assert _differs(monkeypatch, lambda mp: mp.setattr(sampler_gen, "UNORM8_SCALE_EXP", 23))


def test_mutation_scaled_with_border_fails(monkeypatch):
    def patch(mp):
        mp.setattr(sampler_gen, "scaled_decode_applies", lambda key, cls: bool(key.packed))
    assert _differs(monkeypatch, patch, mode=BORDER, where="right", w=5)


@pytest.mark.parametrize("w", [3, 8])
def test_mutation_paired_load_across_the_wrap_fails(monkeypatch, w):
    """Pairing decided without the neighbour check (one 8-byte load per lane even where x0 + 1 wrapped to 0)
    must be caught by the right-edge runs."""
    def patch(mp):
        mp.setattr(sampler_gen.SampleEmitter, "_x_neighbours", staticmethod(lambda g, xs: "true"))
    assert _differs(monkeypatch, patch, mode=WRAP, where="right", w=w)


# ---- the WRAP snap's bound (SampleEmitter.snap, bounded) -----------------------------------------------------

@pytest.mark.backend_independent
def test_wrap_snap_needs_no_clamp_or_nan_rule():
    """The reference's WRAP sequence (sampler_address: u - floor(u), 1 -> 0, non-finite -> 0; times the mip size;
    minus 0.5 for a linear filter; times 256) stays a finite number within +-2^23 for every float32 u and every
    size up to MAX_SIZE, so the native snap may leave out the clamp to +-2^23 and the NaN rule there."""
    u = np.concatenate([np.array([np.nan, np.inf, -np.inf, 3.4e38, -3.4e38, 0.0, -0.0, 1.0, -1.0, 0.99999994,
                                  -0.99999994, 1e-45, -1e-45, 2.0 ** 24 - 1, -(2.0 ** 24) + 0.5], F32),
                        np.random.default_rng(3).standard_normal(100_000).astype(F32) * F32(1e4),
                        np.random.default_rng(4).uniform(-1, 2, 100_000).astype(F32)])
    with np.errstate(invalid="ignore"):
        r = u - np.floor(u)
        r = np.where(r >= F32(1), F32(0), r)
        r = np.where(np.isfinite(r), r, F32(0)).astype(F32)
    for n in (1, 2, 3, 5, 8, 1000, 2 ** 14, sampler_gen.MAX_SIZE):
        for half in (F32(0), F32(0.5)):
            q = ((r * F32(n)).astype(F32) - half).astype(F32) * F32(256)
            assert np.isfinite(q).all() and (np.abs(q) <= F32(2.0 ** 23)).all(), n


def test_views_wider_than_the_bound_call_back():
    """A view wider than MAX_SIZE texels is sampled by the reference (the reason is counted), not compiled."""
    rng = np.random.default_rng(9)
    st = _storage(2, R8_UNORM, (sampler_gen.MAX_SIZE + 1, 1, 1), 1, rng, mips=2)
    b = Bindings()
    b.srvs[0] = srv(st, R8_UNORM, 2)  # SRV_1D
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=WRAP)
    text = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture1d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\n"
            "sample_l_indexable(texture1d)(float,float,float,float) o0.xyzw, v0.xxxx, t0.xyzw, s0, v1.w\nret\n")
    regs = np.zeros((3, 64, 4), F32)
    regs[0, :, 0] = rng.uniform(-2, 3, 64)
    runtime.stats.texture_reasons.clear()
    ref, nat = _run(text, b, regs, expect_native=0)
    np.testing.assert_array_equal(nat, ref)
    assert any(f"above {sampler_gen.MAX_SIZE}" in str(r) for r in runtime.stats.texture_reasons), \
        runtime.stats.texture_reasons
