"""Fixed-function fast paths of issue 12: what they may skip is decided by rules tested here, and
the results equal the general path's (no timing here; bit_identity covers whole scenes)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from gfx_util import R8G8B8A8_UNORM, draw_pos_attr, read, rtv, texture2d

from pyd3d11.formats import codecs
from pyd3d11.pipeline import draw as draw_mod
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.pipeline.shader_io import read_input_components
from pyd3d11.shader.dxbc.asm import assemble_program

HEAD = """ps_5_0
dcl_constantbuffer cb0[4], dynamicIndexed
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_input_ps linear v3.xyzw
dcl_output o0.xyzw
dcl_temps 2
"""


@pytest.mark.parametrize("body,expected", [
    ("mov o0.xyzw, l(0,0,0,0)\n", {}),  # declared, never read
    ("mov o0.xy, v1.xyxx\n", {1: 0b0011}),  # swizzle names x and y
    ("mov o0.x, v2.w\n", {2: 0b1000}),  # select-1
    ("dp3 o0.x, v1.xyzx, v3.zzzz\n", {1: 0b0111, 3: 0b0100}),
    ("mov o0.xyzw, v1.xyzw\nadd o0.x, v1.x, v2.y\n", {1: 0b1111, 2: 0b0010}),
    ("mov r0.x, cb0[v3.y + 0].x\nmov o0.xyzw, r0.xxxx\n", {3: 0b0010}),  # an input in a relative index
    ("ftoi r1.x, v3.x\nmov o0.xyzw, v[r1.x + 1].xyzw\n", None),  # dynamically indexed input
])
def test_read_input_components(body, expected):
    extra = "dcl_indexrange v1.xyzw 3\n" if "v[" in body else ""
    prog = assemble_program(HEAD + extra + body + "ret\n")
    assert read_input_components(prog) == expected


def _verts(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pos = rng.uniform(-1.2, 1.2, (24, 4))
    pos[:, 3] = rng.uniform(0.5, 2, 24)
    pos[:, :3] *= pos[:, 3:]
    return np.concatenate([pos, rng.uniform(-0.2, 1.2, (24, 4))], 1).astype(np.float32)


@pytest.mark.parametrize("ps", [
    "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.zzzz\nret\n",
    "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xyzw, position\ndcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\nmul o0.xyzw, v0.wzww, v1.xxxy\nret\n",
    "ps_4_0\ndcl_input_ps_siv linear noperspective v0.xyzw, position\ndcl_output o0.xyzw\n"
    "mul o0.xyzw, v0.xyxy, l(0.01, 0.02, 0.03, 0.04)\nret\n",
])
def test_partial_interpolation_equals_full(monkeypatch, ps):
    def render():
        t = texture2d(R8G8B8A8_UNORM, 24, 20)
        draw_pos_attr(_verts(3), [rtv(t)], ps=ps)
        return read(t)

    fast = render()
    monkeypatch.setattr(draw_mod, "read_input_components", lambda program: None)  # every declared input
    assert np.array_equal(fast, render())
    assert np.any(fast != 0)


# Formats, and whether every stored element survives decode -> encode unchanged.
ROUNDTRIP = [
    (28, True), (29, True), (87, True), (91, True), (61, True), (65, True), (30, True), (32, True),
    (10, True), (11, True), (12, True), (34, True), (54, True), (56, True), (57, True),
    (31, False),  # SNORM: -128 and -127 both decode to -1.0 (§3.2.3.3), -1.0 encodes to -127
    (13, False), (88, False),  # R16G16B16A16_SNORM; B8G8R8X8_UNORM: the X byte is not stored back
    (2, False), (41, False),  # 32-bit channels: not enumerable, so not claimed
    (24, False), (85, False), (26, False), (67, False), (71, False),  # packed fields, shared exponent, BC1
]


@pytest.mark.parametrize("fmt,exact", ROUNDTRIP)
def test_roundtrip_exact(fmt, exact):
    assert codecs.roundtrip_exact(fmt) is exact


@pytest.mark.parametrize("fmt", [f for f, e in ROUNDTRIP if e])
def test_roundtrip_exact_formats_keep_random_elements(fmt):
    from pyd3d11.formats.table import format_info
    bpe = format_info(fmt).bytes_per_block
    e = np.random.default_rng(fmt).integers(0, 256, (4096, bpe), dtype=np.uint8)
    with np.errstate(all="ignore"):
        assert np.array_equal(codecs.encode(fmt, codecs.decode(fmt, e)), e)


def test_snorm_counterexample():
    e = np.array([[0x80, 0x81, 0x00, 0x7F]], np.uint8)
    assert codecs.encode(31, codecs.decode(31, e)).tolist() == [[0x81, 0x81, 0x00, 0x7F]]


def _blend_om() -> OMState:
    class RT:
        BlendEnable = True
        SrcBlend, DestBlend, BlendOp = 5, 6, 1
        SrcBlendAlpha, DestBlendAlpha, BlendOpAlpha = 5, 6, 1
        RenderTargetWriteMask = 0xF
        LogicOpEnable = False

    class BD:
        AlphaToCoverageEnable = False
        IndependentBlendEnable = False
        RenderTarget = [RT()] * 8
    om = OMState()
    om.blend = BD()
    return om


@pytest.mark.parametrize("fmt", [28, 29, 10, 31])
def test_target_sees_writes_between_draws(fmt):
    """A write to a target's bytes between draws (a copy, Map, clear) is what the next draw blends
    against: the same as drawing into a fresh target holding those bytes. (The numpy merger once kept
    targets decoded between draws; it now reads memory in place, and this guards any future cache.)"""
    def scene(fresh: bool):
        t = texture2d(fmt, 24, 20)
        t.data[:] = np.random.default_rng(1).integers(0, 256, t.data.size, dtype=np.uint8)
        for k in range(3):
            if k == 2 and fresh:
                t2 = texture2d(fmt, 24, 20)
                t2.data[:] = t.data
                t = t2
            draw_pos_attr(_verts(10 + k), [rtv(t)], om=_blend_om())
            if k == 1:
                t.data[::7] = 0x3C  # a write outside the pipeline (no version bump needed)
        return bytes(t.data)

    with np.errstate(all="ignore"):
        assert scene(True) == scene(False)


# --- blending: the whole-pixel pass equals the per-equation definition (§17.5, §17.6) ---------------
def _reference_factor(kind, s, s1, d, bf, channel):
    """Factor ``kind`` for one channel (0..3) straight from the D3D11_BLEND table."""
    one = np.float32(1)
    a_of = {3: 3, 4: 4, 9: 7, 10: 8, 16: 18, 17: 19}  # *_COLOR used for alpha reads the alpha
    c = channel
    table = {
        1: lambda: np.zeros_like(s[:, 0]), 2: lambda: np.ones_like(s[:, 0]),
        3: lambda: s[:, c], 4: lambda: one - s[:, c], 5: lambda: s[:, 3], 6: lambda: one - s[:, 3],
        7: lambda: d[:, 3], 8: lambda: one - d[:, 3], 9: lambda: d[:, c], 10: lambda: one - d[:, c],
        11: lambda: _min_nan(s[:, 3], one - d[:, 3]) if c < 3 else np.ones_like(s[:, 0]),
        14: lambda: np.full_like(s[:, 0], bf[c]), 15: lambda: np.full_like(s[:, 0], one - bf[c]),
        16: lambda: s1[:, c], 17: lambda: one - s1[:, c], 18: lambda: s1[:, 3], 19: lambda: one - s1[:, 3],
    }
    if c == 3 and kind in a_of:
        kind = a_of[kind]
    return table[kind]().astype(np.float32)


def _reference_blend(rt, s, s1, d, bf):
    out = np.empty_like(s)
    for c in range(4):
        sk, dk, op = (rt.SrcBlend, rt.DestBlend, rt.BlendOp) if c < 3 else \
            (rt.SrcBlendAlpha, rt.DestBlendAlpha, rt.BlendOpAlpha)
        a = s[:, c] * _reference_factor(sk, s, s1, d, bf, c)
        b = d[:, c] * _reference_factor(dk, s, s1, d, bf, c)
        if op == 1:
            out[:, c] = a + b
        elif op == 2:
            out[:, c] = a - b
        elif op == 3:
            out[:, c] = b - a
        else:  # min / max ignore the factors
            out[:, c] = _min_max_rule(s[:, c], d[:, c], op == 4)
    # a blended NaN is stored as the quiet NaN 0x7FC00000 (which NaN an operation on two NaNs gives is
    # undefined; pyd3d11 defines it once for both backends)
    return np.where(np.isnan(out), np.uint32(0x7FC00000).view(np.float32), out)


def _min_max_rule(a, b, is_min):
    """Element by element: a NaN operand gives the other (both NaN: a); min(-0, +0) = -0 and max(-0, +0) = +0
    (spec-facts §1 min/max: "-0 recommended"); else the smaller / larger."""
    out = np.empty_like(a)
    for i, (x, y) in enumerate(zip(a.tolist(), b.tolist())):
        if y != y:
            r = x
        elif x != x:
            r = y
        elif x == y:
            r = (-0.0 if (math.copysign(1, x) < 0 or math.copysign(1, y) < 0) else 0.0) if x == 0 and is_min else \
                (0.0 if (math.copysign(1, x) > 0 or math.copysign(1, y) > 0) else -0.0) if x == 0 else x
        else:
            r = min(x, y) if is_min else max(x, y)
        out[i] = r
    return out


def _min_nan(a, b):
    """SRC_ALPHA_SAT's min(As, 1 - Ad): a NaN operand is the result, min(-0, +0) = -0."""
    out = np.empty_like(a)
    for i, (x, y) in enumerate(zip(a.tolist(), b.tolist())):
        if x != x or y != y:
            r = x if x != x else y
        elif x == y == 0:
            r = -0.0 if (math.copysign(1, x) < 0 or math.copysign(1, y) < 0) else 0.0
        else:
            r = min(x, y)
        out[i] = r
    return out


def test_blend_matches_reference_equations():
    from types import SimpleNamespace

    from pyd3d11.pipeline import blend as bl
    rng = np.random.default_rng(5)
    n = 64
    vals = np.array([0, 1, 0.5, 0.25, -0.5, 2.0, np.nan, np.inf, -0.0, 1e-39], np.float32)
    s, s1, d = (rng.choice(vals, (n, 4)).astype(np.float32) for _ in range(3))
    s[:32], d[:32] = rng.random((32, 4), np.float32), rng.random((32, 4), np.float32)
    bf = np.array([0.3, 0.6, 0.9, 0.45], np.float32)
    color = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19]
    alpha = [1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19]
    wide = 0
    for k in range(600):
        if k < 200:  # colour kinds paired with their own alpha kind: the whole-pixel pass
            sk, dk = rng.choice(color, 2)
            op = int(rng.integers(1, 6))
            a_of = {3: 5, 4: 6, 9: 7, 10: 8, 16: 18, 17: 19}
            rt = SimpleNamespace(SrcBlend=sk, DestBlend=dk, BlendOp=op, SrcBlendAlpha=a_of.get(sk, sk),
                                 DestBlendAlpha=a_of.get(dk, dk), BlendOpAlpha=op)
        else:
            rt = SimpleNamespace(SrcBlend=rng.choice(color), DestBlend=rng.choice(color), BlendOp=rng.integers(1, 6),
                                 SrcBlendAlpha=rng.choice(alpha), DestBlendAlpha=rng.choice(alpha),
                                 BlendOpAlpha=rng.integers(1, 6))
        wide += bl.four_wide(rt)
        with np.errstate(all="ignore"):
            got = bl.blend(rt, s, s1, d, bf)
            want = _reference_blend(rt, s, s1, d, bf)
        assert np.array_equal(got, want, equal_nan=True), rt
        assert np.array_equal(np.signbit(got), np.signbit(want)), rt
    assert wide >= 200  # the fast pass was exercised


@pytest.mark.parametrize("bits", [16, 24])
def test_depth_quantize_is_the_unorm_rule(bits):
    """UNORM depth codes: NaN -> 0, clamp to [0, 1], floor(z * (2^n - 1) + 0.5) (§3.2.3.6, §17.11),
    computed here exactly with Python fractions for special and random float32 values."""
    from fractions import Fraction

    from pyd3d11.pipeline.depth_stencil import DepthStencilTarget
    special = [0.0, -0.0, 1.0, 0.5, -1.0, 2.0, np.inf, -np.inf, np.nan, 1e-45, 1e-38, 0.99999994, 5.9604645e-08]
    z = np.concatenate([np.array(special, np.float32),
                        np.random.default_rng(bits).random(2000).astype(np.float32)])
    for k in range(1, 40):  # values next to each rounding threshold (k - 0.5) / (2^n - 1)
        t = np.float32((k - 0.5) / ((1 << bits) - 1))
        z = np.append(z, [np.nextafter(t, np.float32(0)), t, np.nextafter(t, np.float32(1))]).astype(np.float32)
    target = DepthStencilTarget(None, 45 if bits == 24 else 55, np.zeros(1), None, bits)
    got = target.quantize(z)
    scale = (1 << bits) - 1
    for v, g in zip(z.tolist(), got.tolist()):
        x = 0.0 if v != v else min(max(v, 0.0), 1.0)
        assert g == int(Fraction(x) * scale + Fraction(1, 2)), v


def test_plane_setup_equals_einsum():
    """The interpolator's plane setup (weights @ attributes, barycentric planes x quantities) gives
    the bits of the einsum contractions it replaced, special values included."""
    from types import SimpleNamespace

    from pyd3d11.pipeline.interpolate import Interpolator
    rng = np.random.default_rng(8)
    vals = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, -np.nan, 1e-300, 3.0, 0.1])
    P = 20000
    for special in (False, True):
        pick = (lambda shape: rng.choice(vals, shape)) if special else rng.standard_normal
        bp, w = pick((P, 3, 3)), pick((P, 3, 3))
        attr = pick((1, P * 3, 4)).astype(np.float32).view(np.uint32)
        pieces = SimpleNamespace(bary_planes=bp, source=np.arange(P), weights=w, inv_w=pick((P, 3)))
        it = Interpolator(pieces, np.arange(P * 3).reshape(P, 3), attr)
        with np.errstate(all="ignore"):
            got_v = it._vertex_attr(0)
            src = attr[0][np.arange(P * 3).reshape(P, 3)].view(np.float32).astype(np.float64)
            assert np.array_equal(got_v.view(np.uint64), np.einsum("pij,pjc->pic", w, src).view(np.uint64))
            q = pick((P, 3, 4))
            assert np.array_equal(it.plane(q).view(np.uint64), np.einsum("pvc,pv...->p...c", bp, q).view(np.uint64))


def test_kept_targets_do_not_keep_resources_alive(monkeypatch):
    import gc
    import weakref

    from pyd3d11.pipeline.native import fused, om_runtime
    monkeypatch.setattr(om_runtime, "ENABLED", False)  # the numpy merger's cache (the native one keeps none)
    monkeypatch.setattr(fused, "ENABLED", False)  # nor does the fused lane, which writes target memory directly
    t = texture2d(R8G8B8A8_UNORM, 16, 16)
    draw_pos_attr(_verts(4), [rtv(t)])
    ref = weakref.ref(t)
    del t
    gc.collect()
    assert ref() is None  # nothing the merger keeps holds the resource


@pytest.mark.parametrize("n", [1, 7, 232, 1442])
def test_blend_min_max_signalling_nan_yields_other_operand(n):
    """MIN/MAX blend ops with a NaN operand give the other operand (§17.6 via §22.10.10 min/max),
    signalling NaNs (e.g. from an sNaN half-float in the target) included, at any batch size/stride."""
    from pyd3d11.pipeline import blend as bl
    snan = np.array([0x7FB66000, 0xFF800001, 0x7FC00000], np.uint32).view(np.float32)  # 2 signalling, 1 quiet
    rng = np.random.default_rng(n)
    s = rng.random((n, 4)).astype(np.float32)
    d = rng.random((n, 4)).astype(np.float32)
    k = rng.integers(0, n, 3)
    d[k, 3] = snan
    d[k[:1], 0] = snan[:1]
    for op in (bl.OP_MIN, bl.OP_MAX):
        r = bl.apply_op(op, s[:, 3:], None, d[:, 3:], None)
        assert not np.isnan(r).any()
        want = np.where(np.isnan(d[:, 3:]), s[:, 3:], np.minimum(s[:, 3:], d[:, 3:]) if op == bl.OP_MIN
                        else np.maximum(s[:, 3:], d[:, 3:]))
        assert np.array_equal(r, want)
        r = bl.apply_op(op, d[:, :3], None, s[:, :3], None)  # NaN as the first operand
        assert not np.isnan(r).any()


@pytest.mark.parametrize("n", [1, 3, 7, 8, 16, 33, 1000])
def test_unorm_encode_of_signalling_nan_is_zero(n):
    """§3.2.3.6: NaN -> 0 for every NaN, signalling ones included, at any array length or stride."""
    from pyd3d11.formats import numerics as nx
    nans = np.array([0x7FA00000, 0xFF800001, 0x7FC00000, 0xFFFFFFFF], np.uint32).view(np.float32)
    a = np.random.default_rng(n).random((n, 4)).astype(np.float32)
    a[n // 2, :] = nans
    for bits in (8, 16, 24):
        assert nx.float_to_unorm(a, bits)[n // 2].tolist() == [0, 0, 0, 0]
        assert nx.float_to_unorm(a[:, 1:2], bits)[n // 2].tolist() == [0]
    assert codecs.encode(28, a)[n // 2].tolist() == [0, 0, 0, 0]
