"""Native output merger vs the numpy one (pipeline/native/om_gen.py; D3D11.3 §17.1-17.6): every blend factor x
blend op x colour format x write mask, random source colours including NaN, +-inf, denormals, values > 1 and < 0,
batches with repeated pixels (a later fragment blends over an earlier one) — identical target bytes."""

from __future__ import annotations

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, color_bits, fragments, rt_blend, run_both, target

from pyd3d11.pipeline import blend as bl
from pyd3d11.pipeline.native import om_gen, om_runtime
from pyd3d11.pipeline.output_merger import OMState

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


# R8G8B8A8_UNORM(_SRGB), B8G8R8A8_UNORM(_SRGB), R32G32B32A32_FLOAT, R16G16B16A16_FLOAT, R32_FLOAT, R10G10B10A2_UNORM
FORMATS = [28, 29, 87, 91, 2, 10, 41, 24]
# further layouts the generic channel code covers: B8G8R8X8 (X bits), R8G8B8A8_SNORM, R16G16_FLOAT, R8_UNORM,
# A8_UNORM, B5G6R5 (16-bit words), R16G16B16A16_UNORM, R16G16B16A16_SNORM, R11G11B10_FLOAT, B4G4R4A4_UNORM
MORE_FORMATS = [88, 31, 34, 61, 65, 85, 11, 13, 26, 115]
FACTORS = [bl.ZERO, bl.ONE, bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.DEST_ALPHA,
           bl.INV_DEST_ALPHA, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.SRC_ALPHA_SAT, bl.BLEND_FACTOR,
           bl.INV_BLEND_FACTOR, bl.SRC1_COLOR, bl.INV_SRC1_COLOR, bl.SRC1_ALPHA, bl.INV_SRC1_ALPHA]
OPS = [bl.OP_ADD, bl.OP_SUBTRACT, bl.OP_REV_SUBTRACT, bl.OP_MIN, bl.OP_MAX]
# the alpha-channel factor of each kind (§17.2 allows no *_COLOR factor for alpha)
ALPHA = {bl.SRC_COLOR: bl.SRC_ALPHA, bl.INV_SRC_COLOR: bl.INV_SRC_ALPHA, bl.DEST_COLOR: bl.DEST_ALPHA,
         bl.INV_DEST_COLOR: bl.INV_DEST_ALPHA, bl.SRC1_COLOR: bl.SRC1_ALPHA, bl.INV_SRC1_COLOR: bl.INV_SRC1_ALPHA}
BLEND_FACTOR = tuple(np.array([0.25, 1.5, -0.5, 0.75], np.float32))


def _state(rts, bf=BLEND_FACTOR, **kw) -> OMState:
    return OMState(blend=blend_desc(rts, **kw), blend_factor=bf)


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("k", range(len(FACTORS)))
def test_factor_op_format_mask(k, op):
    """Source factor FACTORS[k], destination factor the next one, colour and alpha op ``op`` (alpha factors
    their alpha forms), on eight targets of the eight formats at once; write masks cycle through all 16."""
    rng = np.random.default_rng(1000 + 10 * k + op)
    src, dst = FACTORS[k], FACTORS[(k + 1) % len(FACTORS)]
    rts = [rt_blend(True, src, dst, op, ALPHA.get(src, src), ALPHA.get(dst, dst), OPS[(OPS.index(op) + i) % 5],
                    mask=(8 * k + 3 * op + i) % 16) for i in range(8)]
    stores = [target(f, rng) for f in FORMATS]
    assert_same(run_both(_state(rts), stores, None, [fragments(rng, 150, 8), fragments(rng, 150, 8, distinct=True)]))


@pytest.mark.parametrize("fmt", MORE_FORMATS)
@pytest.mark.parametrize("blend", [False, True])
def test_more_formats(fmt, blend):
    rng = np.random.default_rng(fmt * 2 + blend)
    rts = [rt_blend(blend, bl.SRC_ALPHA, bl.INV_SRC_COLOR, bl.OP_ADD, bl.DEST_ALPHA, bl.INV_SRC1_ALPHA, bl.OP_SUBTRACT,
                    mask=0xF if i == 0 else 0b0101) for i in range(2)]
    stores = [target(fmt, rng), target(fmt, rng)]
    assert_same(run_both(_state(rts), stores, None, [fragments(rng, 200, 2), fragments(rng, 64, 2)]))


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_blend_stores_source(fmt):
    """Blending off: the clamped (UNORM/SRGB) source encoded; float formats keep every bit incl. NaN, denormals."""
    rng = np.random.default_rng(fmt)
    assert_same(run_both(_state([rt_blend(False)]), [target(fmt, rng)], None, [fragments(rng, 300, 1)]))


def test_same_pixel_many_times_in_order():
    """200 fragments on 4 pixels with a non-commutative blend (dst * 0.5 + src): the result depends on order."""
    rng = np.random.default_rng(7)
    frags = fragments(rng, 200, 1, w=2, h=2, specials=False)
    rts = [rt_blend(True, bl.ONE, bl.BLEND_FACTOR, bl.OP_ADD, bl.ONE, bl.BLEND_FACTOR, bl.OP_ADD)]
    for fmt in (2, 28, 10):
        st = target(fmt, rng, 2, 2)
        res = run_both(_state(rts, bf=(0.5, 0.5, 0.5, 0.5)), [st], None, [frags])
        assert_same(res)
    # and the order is the serial one: replaying fragment by fragment in numpy gives the same bytes
    st = target(2, rng, 2, 2)
    ref = st.data.view(np.float32).reshape(2, 2, 4).copy()
    src = frags.colors[0].view(np.float32)
    for i in range(200):
        if frags.coverage[i]:
            ref[frags.y[i], frags.x[i]] = src[i] + ref[frags.y[i], frags.x[i]] * np.float32(0.5)
    (_, _, _), (nat, _, _) = run_both(_state(rts, bf=(0.5, 0.5, 0.5, 0.5)), [st], None, [frags])
    np.testing.assert_array_equal(nat[0].view(np.float32).reshape(2, 2, 4), ref)


def test_independent_blend_off_uses_rt0():
    """IndependentBlendEnable FALSE: every target uses RenderTarget[0] (§17.4)."""
    rng = np.random.default_rng(3)
    rts = [rt_blend(True, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, mask=0b1011)] + [rt_blend(False, mask=0)] * 3
    stores = [target(f, rng) for f in (28, 2, 10, 24)]
    assert_same(run_both(_state(rts, independent=False), stores, None, [fragments(rng, 200, 4)]))


def test_undeclared_outputs_untouched():
    """A target whose o# the shader does not declare is left alone (§16.9.1): written_targets."""
    rng = np.random.default_rng(4)
    stores = [target(28, rng), target(28, rng)]
    res = run_both(_state([rt_blend(False)] * 2), stores, None, [fragments(rng, 100, 2)], written=0b01)
    assert_same(res)
    assert np.array_equal(res[1][0][1], stores[1].data)


def test_alpha_to_coverage_and_sample_mask():
    rng = np.random.default_rng(5)
    st = target(28, rng)
    assert_same(run_both(_state([rt_blend(False)], a2c=True), [st], None, [fragments(rng, 200, 1)]))
    om = _state([rt_blend(False)])
    om.sample_mask = 0xFFFFFFFE  # bit 0 clear: the one sample is never written
    res = run_both(om, [st], None, [fragments(rng, 200, 1)])
    assert_same(res)
    assert np.array_equal(res[1][0][0], st.data) and res[1][2] == 0


def test_omask_overrides_alpha_to_coverage():
    rng = np.random.default_rng(6)
    f = fragments(rng, 200, 1)
    f.omask = (rng.random(200) < 0.5).astype(np.uint32)
    assert_same(run_both(_state([rt_blend(False)], a2c=True), [target(28, rng)], None, [f]))


def test_blend_factor_specials():
    """A blend factor of NaN / inf / denormal / > 1 (clamped per target format, not for float formats)."""
    rng = np.random.default_rng(8)
    for bits in ([0x7FC00000, 0x7F800000, 1, 0x3FC00000], [0xFF800000, 0x80000000, 0x40000000, 0xBF000000]):
        bf = tuple(np.array(bits, np.uint32).view(np.float32))
        rts = [rt_blend(True, bl.BLEND_FACTOR, bl.INV_BLEND_FACTOR, bl.OP_ADD, bl.BLEND_FACTOR, bl.INV_BLEND_FACTOR,
                        bl.OP_REV_SUBTRACT)] * 4
        stores = [target(f, rng) for f in (28, 2, 10, 91)]
        assert_same(run_both(_state(rts, bf=bf), stores, None, [fragments(rng, 100, 4)]))


def test_min_max_signed_zero_and_nan_rules():
    """MIN/MAX (§17.3 with the min/max instruction's rules): a NaN operand gives the other one, min(-0, +0) = -0,
    max = +0 — the same for any batch length (numpy's fmin/fmax are not)."""
    a = np.array([-0.0, 0.0, np.nan, 1.0, np.nan], np.float32)
    b = np.array([0.0, -0.0, 2.0, np.nan, np.nan], np.float32)
    for n in (1, 16, 64):
        aa, bb = np.tile(a, n), np.tile(b, n)
        mn = bl._min_max(aa, bb, True)[:5].view(np.uint32)
        mx = bl._min_max(aa, bb, False)[:5].view(np.uint32)
        assert list(mn[:4]) == [0x80000000, 0x80000000, 0x40000000, 0x3F800000] and np.isnan(mn[4:].view(np.float32)).all()
        assert list(mx[:4]) == [0, 0, 0x40000000, 0x3F800000]
    rng = np.random.default_rng(9)
    f = fragments(rng, 120, 1, specials=False)
    col = f.colors[0].view(np.float32)
    col[::3] = -0.0
    col[1::3] = np.nan
    st = target(2, rng)
    st.data.view(np.float32)[::5] = 0.0
    st.data.view(np.float32)[1::5] = -0.0
    for op in (bl.OP_MIN, bl.OP_MAX):
        assert_same(run_both(_state([rt_blend(True, 2, 2, op, 2, 2, op)]), [st], None, [f]))


def test_mutating_one_factor_is_caught(monkeypatch):
    """The differential test sees a one-factor mistake in the emitter: SRC_ALPHA and INV_SRC_ALPHA swapped."""
    rng = np.random.default_rng(10)
    rts = [rt_blend(True, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD)]
    frags = [fragments(rng, 100, 1, specials=False)]
    st = target(28, rng)
    assert_same(run_both(_state(rts), [st], None, frags))
    swapped = type("bl", (), {k: getattr(bl, k) for k in dir(bl) if not k.startswith("__")})
    swapped.SRC_ALPHA, swapped.INV_SRC_ALPHA = bl.INV_SRC_ALPHA, bl.SRC_ALPHA
    monkeypatch.setattr(om_gen, "bl", swapped)
    om_gen._generate.cache_clear()
    monkeypatch.setattr(om_runtime, "_COMPILED", {})
    try:
        with pytest.raises(AssertionError, match="differ"):
            assert_same(run_both(_state(rts), [st], None, frags))
    finally:
        om_gen._generate.cache_clear()


def test_color_bits_cover_specials():
    b = color_bits(np.random.default_rng(0), (4000,))
    f = b.view(np.float32)
    assert np.isnan(f).any() and np.isinf(f).any() and ((b & 0x7F800000) == 0).any() and (f > 1).any() and (f < 0).any()


# R8G8B8A8_UINT, R8G8B8A8_SINT, R32_UINT, R32G32B32A32_SINT, R16G16_UINT, R10G10B10A2_UINT, R16_SINT, R32G32_UINT
INT_FORMATS = [30, 32, 42, 4, 36, 25, 59, 17]


@pytest.mark.parametrize("logic", [None, *range(16)])
def test_integer_formats_logic_ops(logic):
    """UINT/SINT targets: the PS bits clamped into the channel range, no blending (BlendEnable ignored), the
    16 logic ops (§17.7) on the stored codes, write masks; random bits include out-of-range values."""
    rng = np.random.default_rng(500 + (logic or 0))
    rts = []
    for i in range(8):
        d = rt_blend(i % 2 == 0, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, mask=(3 * i + (logic or 0)) % 16)
        d.LogicOpEnable = logic is not None
        d.LogicOp = logic or 0
        rts.append(d)
    stores = [target(f, rng) for f in INT_FORMATS]
    frags = [fragments(rng, 150, 8, specials=False), fragments(rng, 100, 8)]
    for f in frags:  # integer bits: small, large, negative
        pick = rng.random(f.colors.shape) < 0.5
        f.colors[pick] = rng.choice(np.array([0, 1, 127, 128, 255, 256, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFF,
                                              0x80000000, 0xFFFFFF80, 0xFFFFFFFF], np.uint32), int(pick.sum()))
    assert_same(run_both(_state(rts), stores, None, frags))


def test_logic_op_ignored_on_float_formats():
    """LogicOpEnable on a UNORM / float target: the reference merger applies logic ops to integer targets only."""
    rng = np.random.default_rng(600)
    d = rt_blend(False)
    d.LogicOpEnable, d.LogicOp = True, 10
    assert_same(run_both(_state([d, d]), [target(28, rng), target(2, rng)], None, [fragments(rng, 100, 2)]))


def test_two_mergers_in_one_module():
    """om_parts: two merger functions (sRGB globals and intrinsics included) link into one LLVM module."""
    from pyd3d11.shader.native import runtime as rt
    llvm = rt._init_llvm()
    keys = [om_gen.om_key(_state([rt_blend(True, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, mask=m)]), [29] + [None] * 7, None, 1)
            for m in (0xF, 0x7)]
    parts = [om_gen.om_parts(k) for k in keys]
    assert parts[0][2] != parts[1][2]
    text = "\n".join(sorted(parts[0][0] | parts[1][0])) + "\n" + parts[0][1] + parts[1][1]
    llvm.parse_assembly(text).verify()
    single, name = om_gen.om_function(keys[0])
    assert name == parts[0][2] and parts[0][1] in single


@pytest.mark.parametrize("fmt", [28, 2, 10])
def test_no_blend_state_is_the_default_state(fmt):
    """No blend state bound (OMSetBlendState(NULL)): the default D3D11_BLEND_DESC — blending off,
    RenderTargetWriteMask D3D11_COLOR_WRITE_ENABLE_ALL — so every channel of the source is stored, exactly as
    with that desc given explicitly; native and numpy mergers alike."""
    rng = np.random.default_rng(70 + fmt)
    store, frags = target(fmt, rng), [fragments(rng, 200, 1)]
    none = run_both(OMState(blend=None), [store], None, frags)
    assert_same(none)
    explicit = run_both(_state([rt_blend(False, mask=0xF)]), [store], None, frags)
    assert np.array_equal(none[1][0][0], explicit[1][0][0])
    assert not np.array_equal(none[1][0][0], store.data)  # the fragments changed the target
