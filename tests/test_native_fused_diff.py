"""Fused native pixel pipeline (pipeline/native/fused.py) against the reference pipeline, byte for byte.

The oracle is the whole reference path (``PYD3D11_BACKEND=reference``: numpy rasterizer, interpolation,
reference executor, layered numpy output merger). Every case draws the same scene twice from the same
seeded target contents and compares the bytes of every target; each case also checks that the fused lane
actually ran (its draw counter moved), so a silent fallback cannot pass for agreement.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific, pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)
    pool.set_threads(None)


def _both(fn, expect_fused: bool = True, oracle: str = "reference"):
    """(oracle bytes, fused bytes) of ``fn()``; asserts the fused lane ran when ``expect_fused``. The oracle
    is the reference backend, or ("unfused") the native backend with the fused lane switched off."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if oracle == "reference":
            native.set_backend("reference")
            ref = fn()
        else:
            native.set_backend("native")
            fused.ENABLED = False
            try:
                ref = fn()
            finally:
                fused.ENABLED = True
        native.set_backend("native")
        before = fused.stats.fused_draws
        got = fn()
        native.set_backend(None)
    if expect_fused:
        assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons}"
    return ref, got


def _diff(a: bytes, b: bytes) -> str:
    x, y = np.frombuffer(a, np.uint8), np.frombuffer(b, np.uint8)
    bad = np.nonzero(x != y)[0]
    return f"{bad.size} bytes differ, first at {bad[:8].tolist()}"


# --- the bit-identity scenes --------------------------------------------------------------------

@pytest.mark.parametrize("group", ["formats", "blends", "depth", "inputs", "bench"])
def test_bitid_scenes_fused_equal_reference(group):
    # "bench": the S1z/S2/S3/S5 frames of bench_graphics.py (S3 samples textures through host callbacks)
    # Oracle: the existing draw path on the same backend (the fused lane switched off), so this isolates the
    # fused lane; the randomized tests below compare against the whole reference backend.
    if group == "bench" and not bs.bench_available():
        pytest.skip("../shared/bench/peer_bench.py (the bench scenes' data) is not present")
    ref, got = _both(bs.GROUPS[group], oracle="unfused")
    assert ref.keys() == got.keys()
    bad = [k for k in ref if ref[k] != got[k]]
    assert not bad, bad


# --- randomized scenes ----------------------------------------------------------------------------

PS_DISCARD = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_temps 1
lt r0.x, v1.x, l(0.35)
discard_nz r0.x
mov o0.xyzw, v1.wzyx
ret
"""

# Derivatives: coarse ddx/ddy of perspective-interpolated inputs across the 2x2 quad (helper lanes
# included), so the partial quads of triangle edges are exercised.
PS_DERIV = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_temps 2
deriv_rtx_coarse r0.xyzw, v1.xyzw
deriv_rty_coarse r1.xyzw, v2.xyzw
mad r0.xyzw, r0.xyzw, l(8.0, 8.0, 8.0, 8.0), r1.xyzw
add o0.xyzw, r0.xyzw, v1.xyzw
ret
"""

# Flat (constant) inputs, SV_IsFrontFace, SV_PrimitiveID and SV_Position.
PS_SYSV = """ps_4_0
dcl_input_ps constant v1.xy
dcl_input_ps linear noperspective v2.zw
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps_sgv v3.x, is_front_face
dcl_input_ps_sgv constant v4.x, primitive_id
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v4.x
mul r0.x, r0.x, l(0.03125)
and r0.y, v3.x, l(0x3f000000)
mad r0.zw, v0.xxxy, l(0, 0, 0.01, 0.02), v2.zzzw
add r0.z, r0.z, v0.z
mul r0.w, r0.w, v0.w
mov o0.xy, v1.xyxx
mov o0.zw, r0.xxxz
add o0.x, o0.x, r0.y
add o0.y, o0.y, r0.w
ret
"""

# System-value operands: vCoverage (coverage ANDed with SampleMask) and vPrim.
PS_SVOPS = """ps_5_0
dcl_input vCoverage
dcl_input vPrim
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, vCoverage.x
utof r0.y, vPrim.x
mul r0.y, r0.y, l(0.0625)
mov o0.xy, r0.xyxx
mov o0.zw, v1.zzzw
ret
"""

PIXEL_SHADERS = {"float": bs.PS_FLOAT, "pos": bs.PS_POS, "partial": bs.PS_PARTIAL, "discard": PS_DISCARD,
                 "deriv": PS_DERIV, "sysv": PS_SYSV, "svops": PS_SVOPS}
RT_FORMATS = (28, 29, 87, 91, 2, 31, 10, 24, 26, 85, 30, 4)
DS_FORMATS = (45, 40, 55, 20)


def _pixel_vertices(rng, W: int, H: int, n: int) -> np.ndarray:
    """Triangles whose corners lie on the half-pixel grid (samples exactly on edges: top-left rule cases),
    sharing edges (fans around common points), some degenerate and some partly or wholly off screen."""
    out = []
    while len(out) < n * 3:
        kind = rng.integers(0, 5)
        if kind == 0:  # a fan of triangles around a centre: shared edges
            c = rng.integers(0, 2 * W) / 2, rng.integers(0, 2 * H) / 2
            ring = [(rng.integers(-2 * W, 4 * W) / 4, rng.integers(-2 * H, 4 * H) / 4) for _ in range(4)]
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                out += [c, a, b]
        elif kind == 1:  # axis-aligned quad as two triangles: horizontal and vertical edges
            x0, x1 = sorted(rng.integers(-4, 2 * W + 4, 2) / 2)
            y0, y1 = sorted(rng.integers(-4, 2 * H + 4, 2) / 2)
            out += [(x0, y0), (x1, y0), (x0, y1), (x0, y1), (x1, y0), (x1, y1)]
        elif kind == 2:  # degenerate: repeated vertex or collinear
            p = rng.uniform(0, W), rng.uniform(0, H)
            q = rng.uniform(0, W), rng.uniform(0, H)
            out += [p, q, q] if rng.integers(2) else [p, q, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)]
        else:  # arbitrary subpixel positions, up to well off screen
            out += [(rng.uniform(-0.5 * W, 1.5 * W), rng.uniform(-0.5 * H, 1.5 * H)) for _ in range(3)]
    xy = np.array(out[: n * 3], np.float64)
    pos = np.empty((n * 3, 4))
    pos[:, 0] = xy[:, 0] / W * 2 - 1
    pos[:, 1] = 1 - xy[:, 1] / H * 2
    pos[:, 2] = rng.uniform(-0.05, 1.05, n * 3)
    pos[:, 3] = 1.0
    w = rng.uniform(0.5, 2.0, (n * 3, 1))
    pos *= np.where(rng.random((n * 3, 1)) < 0.5, w, 1.0)  # some perspective (same screen position)
    attr = rng.uniform(-0.25, 1.25, (n * 3, 8))
    return np.concatenate([pos, attr], 1).astype(np.float32)


def _random_blend(rng) -> dict:
    if rng.random() < 0.3:
        return dict(RenderTargetWriteMask=int(rng.integers(0, 16)))
    factors = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19]
    alpha_factors = [1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19]
    return dict(BlendEnable=True, SrcBlend=int(rng.choice(factors)), DestBlend=int(rng.choice(factors)),
                BlendOp=int(rng.integers(1, 6)), SrcBlendAlpha=int(rng.choice(alpha_factors)),
                DestBlendAlpha=int(rng.choice(alpha_factors)), BlendOpAlpha=int(rng.integers(1, 6)),
                RenderTargetWriteMask=int(rng.integers(1, 16)))


def _random_scene(seed: int, ps_text: str | None = None):
    rng = np.random.default_rng(seed)
    W, H = int(rng.integers(20, 150)), int(rng.integers(20, 120))
    verts = _pixel_vertices(rng, W, H, int(rng.integers(4, 40)))
    ps_name = list(PIXEL_SHADERS)[seed % len(PIXEL_SHADERS)]
    fmt = int(rng.choice(RT_FORMATS))
    blend = _random_blend(rng)
    if fmt in (30, 4) and rng.random() < 0.6:  # integer targets: logic ops (blending does not apply)
        blend = dict(LogicOpEnable=True, LogicOp=int(rng.integers(0, 16)), RenderTargetWriteMask=int(rng.integers(1, 16)))
    blend_factor = tuple(float(x) for x in rng.uniform(-0.2, 1.2, 4))
    ds_fmt = int(rng.choice(DS_FORMATS)) if rng.random() < 0.7 else None
    func = int(rng.integers(1, 9))
    write = int(rng.integers(0, 2))
    cull = int(rng.integers(1, 4))
    scissor = None
    if rng.random() < 0.3:
        x0, y0 = int(rng.integers(0, W // 2)), int(rng.integers(0, H // 2))
        scissor = (x0, y0, x0 + int(rng.integers(1, W)), y0 + int(rng.integers(1, H)))
    mrt = rng.random() < 0.2

    def scene() -> bytes:
        t = texture2d(fmt, W, H)
        bs._fill(t, seed)
        targets = [t]
        if mrt:
            t2 = texture2d(28, W, H)
            bs._fill(t2, seed + 1)
            targets.append(t2)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**blend), bs._rt_desc(**BLEND_ALPHA)])
        om.blend_factor = blend_factor
        d = None
        if ds_fmt is not None:
            d = texture2d(ds_fmt, W, H)
            bs._clear_depth(d, float(rng_depth))
            om.depth_stencil = bs._ds_desc(func=func, write=write)
        bs._draw(verts, [rtv(x) for x in targets], ps_text or PIXEL_SHADERS[ps_name], om=om,
                 depth=dsv(d) if d is not None else None, cull=cull, scissor=scissor, size=(W, H))
        return bs._bytes(*targets, *([d] if d is not None else []))

    rng_depth = rng.uniform(0.2, 0.9)
    return scene


BLEND_ALPHA = bs.BLENDS["alpha"]


@pytest.mark.parametrize("seed", range(36))
def test_random_scenes_fused_equal_reference(seed):
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)


# Reads SV_Position's z and w only: no attribute plane, so the 1/w plane is the piece's first plane (index 0 in
# fused_gen.plane_layout; a mutation treating index 0 as "no 1/w plane" survived the scenes above)
PS_POS_ONLY = """ps_4_0
dcl_input_ps_siv linear noperspective v0.zw, position
dcl_output o0.xyzw
mov o0.xyzw, v0.wzwz
ret
"""


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_position_only_pixel_shader(seed):
    ref, got = _both(_random_scene(seed, PS_POS_ONLY))
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("seed", [3, 10])
def test_small_tiles_and_batches(monkeypatch, seed):
    # Tiles of 16 pixels and batches of 64 lanes: many tiles per draw and many pixel-shader batches per
    # tile (the batch boundary falls inside triangles); the result cannot change.
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 64)
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)


def test_many_small_triangles_with_depth():
    # The S2 shape: thousands of overlapping small triangles, depth tested, spread over many tiles.
    def scene() -> bytes:
        rng = np.random.default_rng(5)
        n = 2000
        c = rng.uniform(-1, 1, (n, 1, 2))
        p = c + rng.uniform(-0.06, 0.06, (n, 3, 2))
        pos = np.concatenate([p, rng.uniform(0, 1, (n, 1, 1)).repeat(3, 1), np.ones((n, 3, 1))], 2).reshape(-1, 4)
        verts = np.concatenate([pos, rng.uniform(0, 1, (n * 3, 8))], 1).astype(np.float32)
        t, d = texture2d(28, 300, 200), texture2d(45, 300, 200)
        bs._clear_depth(d)
        om = OMState()
        om.depth_stencil = bs._ds_desc(func=4)
        bs._draw(verts, [rtv(t)], bs.PS_FLOAT, om=om, depth=dsv(d), size=(300, 200))
        return bs._bytes(t, d)

    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("seed", [1, 7])
def test_thread_count_independent(monkeypatch, seed):
    # 16-pixel tiles and a worker per candidate pixel: every worker thread gets tiles, even in small scenes.
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "WORK_PER_WORKER", 1)
    scene = _random_scene(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("native")
        outs = []
        for n in (1, 2, 4):
            pool.set_threads(n)
            outs.append(scene())
    assert outs[0] == outs[1] == outs[2]


def test_centroid_in_a_sample_frequency_shader_is_fused():
    # centroid inputs of a sample-frequency shader on a 4x MSAA target (outside the fused set until session 11;
    # visible fallbacks: test_states_outside_the_fused_set_fall_back_with_their_reason)
    ps = """ps_4_1
dcl_input_ps linear sample v1.xy
dcl_input_ps linear centroid v1.zw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""

    def scene() -> bytes:
        t = texture2d(28, 16, 16, 4)
        bs._draw(bs._vertices(1, 3), [rtv(t)], ps, samples=4, size=(16, 16))
        return bs._bytes(t)

    ref, got = _both(scene)  # session 11: fused (the pixel's raster coverage gives the centroid)
    assert ref == got


def test_reference_backend_never_takes_fused_lane():
    native.set_backend("reference")
    before = (fused.stats.fused_draws, fused.stats.fallbacks)
    t = texture2d(28, 16, 16)
    bs._draw(bs._vertices(1, 3), [rtv(t)], bs.PS_FLOAT, size=(16, 16))
    assert (fused.stats.fused_draws, fused.stats.fallbacks) == before


@pytest.mark.parametrize("discard", [False, True])
def test_draw_statistics_equal_reference(discard):
    # PSInvocations (covered lanes, before discard) and the occlusion count (samples that passed the depth
    # test, after discard) are the reference's.
    from gfx_util import draw_pos_attr

    rng = np.random.default_rng(4)
    verts = np.concatenate([_pixel_vertices(rng, 90, 70, 30)[:, :4], rng.uniform(0, 1, (90, 4))], 1)
    verts = np.ascontiguousarray(verts, np.float32)

    def run():
        t, d = texture2d(28, 90, 70), texture2d(45, 90, 70)
        bs._clear_depth(d, 0.6)
        om = OMState()
        om.depth_stencil = bs._ds_desc(func=2)
        ps = PS_DISCARD.replace("v2.xyzw", "v2.x").replace("v1.wzyx", "v1.xyzw") if discard else None
        s = draw_pos_attr(verts, [rtv(t)], depth=dsv(d), om=om, ps=ps)
        return (s.ps_invocations, s.samples_passed), bs._bytes(t, d)

    native.set_backend("reference")
    ref = run()
    native.set_backend("native")
    before = fused.stats.fused_draws
    got = run()
    assert fused.stats.fused_draws > before
    assert ref == got
    assert ref[0][0] > ref[0][1] > 0  # depth rejections (and discards) make the two counts differ


# --- the selection rules, case by case ---------------------------------------------------------------
# Each state outside the fused set runs the reference pipeline (same bytes as the reference backend) and is
# counted under its reason in pipeline.native.stats.

# (oDepth and oMask are fused since session 11, tests/test_native_fused_special_out.py; oStencilRef is not)
PS_ODEPTH = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oStencilRef
mov o0.xyzw, v1.xyzw
mov oStencilRef, l(2)
ret
"""
PS_EARLY_Z = """ps_5_0
dcl_globalFlags forceEarlyDepthStencil
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
PS_EARLY_Z_DISCARD = """ps_5_0
dcl_globalFlags forceEarlyDepthStencil
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
lt r0.x, v1.y, l(0.4)
discard_nz r0.x
mov o0.xyzw, v1.xyzw
ret
"""
PS_SAMPLE_FREQ = """ps_4_1
dcl_input_ps linear sample v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
PS_UAV = """ps_5_0
dcl_uav_raw u1
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
store_raw u1.x, l(0), l(1)
mov o0.xyzw, v1.xyzw
ret
"""


def _fallback_scene(case: str):
    W, H = 24, 20
    verts = bs._vertices(2, 6)

    def scene() -> bytes:
        samples = 4 if case == "msaa" else 1
        t = texture2d(28, W, H, samples, array=2 if case == "array" else 1)
        bs._fill(t, 3)
        stores = [t]
        kw: dict = {"size": (W, H)}
        ps = bs.PS_FLOAT
        om = OMState()
        if case in ("odepth", "early_z", "sizes"):
            d = texture2d(45, W + 8 if case == "sizes" else W, H)
            bs._clear_depth(d, 0.5)
            om.depth_stencil = bs._ds_desc(func=2)
            kw["depth"] = dsv(d)
            stores.append(d)
        ps = {"odepth": PS_ODEPTH, "early_z": PS_EARLY_Z_DISCARD, "sample_freq": PS_SAMPLE_FREQ, "uav": PS_UAV}.get(case, ps)
        bs._draw(verts, [] if case == "no_targets" else [rtv(t)], ps, om=om, samples=samples,
                 topology={"lines": 2, "points": 1}.get(case, 4), fill=2 if case == "wireframe" else 3, **kw)
        return bs._bytes(*stores)

    return scene


FALLBACKS = {
    "odepth": "pixel shader writes oStencilRef",
    "early_z": "[earlydepthstencil] with discard or alpha to coverage",
    "uav": "pixel shader UAV stores to addresses not provably one per pixel (their order is the reference's)",
    "array": "a multi-slice target view, or one whose sample count is not the draw's",
    "sizes": "targets of different sizes",
    "no_targets": "no render-target or depth-stencil view (the raster area is the viewport alone)",
}


@pytest.mark.parametrize("case", list(FALLBACKS))
def test_states_outside_the_fused_set_fall_back_with_their_reason(case):
    reason = FALLBACKS[case]
    before = fused.stats.reasons.get(reason, 0)
    ref, got = _both(_fallback_scene(case), expect_fused=False)
    assert fused.stats.reasons.get(reason, 0) > before, fused.stats.reasons
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("case", ["wireframe", "lines", "msaa", "sample_freq"])
def test_aliased_lines_wireframe_edges_and_msaa_are_fused(case):
    # without MultisampleEnable, lines and wireframe edges are rasterized as fragments; their lit pixels take
    # the lane as one-pixel pieces (pipeline/native/fused_lines.py; tests/test_native_fused_aliased_lines.py);
    # multisampled targets and sample-frequency shaders (tests/test_native_fused_msaa.py)
    ref, got = _both(_fallback_scene(case))
    assert ref == got, _diff(ref, got)


def test_counters_are_visible_at_the_package():
    from pyd3d11.pipeline import native as pipeline_native

    assert pipeline_native.stats is fused.stats


@pytest.mark.parametrize("func", [2, 5, 8])
def test_early_depth_stencil_without_discard_is_fused(func):
    # [earlydepthstencil] with no discard, oDepth/oMask, UAV writes or alpha to coverage tests and updates the
    # same samples as a late test: the fused lane merges it late, with the reference's bytes.
    rng = np.random.default_rng(func)
    verts = _pixel_vertices(rng, 40, 30, 24)

    def scene() -> bytes:
        t, d = texture2d(28, 40, 30), texture2d(45, 40, 30)
        bs._fill(t, 1)
        bs._clear_depth(d, 0.5)
        om = OMState()
        om.depth_stencil = bs._ds_desc(func=func, stencil=True, sfail=3, dfail=4, spass=7, sfunc=6)
        bs._draw(verts, [rtv(t)], PS_EARLY_Z, om=om, depth=dsv(d), stencil_ref=3, size=(40, 30))
        return bs._bytes(t, d)

    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("seed", [2, 5])
def test_pixel_shader_outputs_copied_when_the_kernel_calls_back(monkeypatch, seed):
    """A pixel shader that calls back into the reference (texture ops no native emitter compiles) writes its
    outputs in its own per-register layout, which the fused lane copies into the merger's (zero-filling the
    registers the shader does not write); forced here for ordinary scenes: the result cannot change."""
    from pyd3d11.shader.native import runtime as nrt

    monkeypatch.setattr(nrt, "needs_host", lambda lw, plan=None: True)
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)


# A texture op that calls back into the reference (no native plan) reading an input register above v0 directly:
# the callback views the fused lane's input buffer through numpy, the kernels through fixed strides; both must
# agree on its layout (fused.py's buffer shapes).
PS_CALLBACK_INPUT = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v2.zwzz, t0.xyzw, s0
add o0.xyzw, r0.xyzw, v1.wzyx
ret
"""


def _callback_scene():
    from pyd3d11.api.convenience import texture_to_numpy
    from pyd3d11.d3d11 import (
        D3D11_BIND_RENDER_TARGET,
        D3D11_BIND_SHADER_RESOURCE,
        D3D11_BIND_VERTEX_BUFFER,
        D3D11_BUFFER_DESC,
        D3D11_COMPARISON_NEVER,
        D3D11_FILTER_MIN_MAG_MIP_LINEAR,
        D3D11_INPUT_ELEMENT_DESC,
        D3D11_INPUT_PER_VERTEX_DATA,
        D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
        D3D11_SAMPLER_DESC,
        D3D11_SDK_VERSION,
        D3D11_SUBRESOURCE_DATA,
        D3D11_TEXTURE2D_DESC,
        D3D11_TEXTURE_ADDRESS_WRAP,
        D3D11_VIEWPORT,
        D3D_DRIVER_TYPE_HARDWARE,
        D3D11CreateDevice,
    )
    from pyd3d11.d3dcompiler import assemble_shader
    from pyd3d11.dxgi import DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_SAMPLE_DESC

    vs_text = ("vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input v2.xyzw\ndcl_output_siv o0.xyzw, position\n"
               "dcl_output o1.xyzw\ndcl_output o2.xyzw\nmov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\n"
               "mov o2.xyzw, v2.xyzw\nret\n")
    rng = np.random.default_rng(17)
    n = 12
    verts = np.empty((n * 3, 12), np.float32)
    verts[:, 0:2] = rng.uniform(-1.2, 1.2, (n * 3, 2))
    verts[:, 2] = 0.5
    verts[:, 3] = rng.uniform(0.7, 1.3, n * 3)
    verts[:, 4:12] = rng.uniform(-2.0, 2.0, (n * 3, 8))
    texels = rng.uniform(0.0, 1.0, (8, 8, 4)).astype(np.float32)

    def scene() -> bytes:
        dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
        W = H = 40
        rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1,
                                                      Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                      SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                      BindFlags=D3D11_BIND_RENDER_TARGET))
        tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=1, ArraySize=1,
                                                       Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                       SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                       BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                  [D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=8 * 16)])
        vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                              D3D11_SUBRESOURCE_DATA(pSysMem=verts))
        vs = assemble_shader(vs_text)
        ps = assemble_shader(PS_CALLBACK_INPUT)
        ctx.IASetInputLayout(dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", i, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16 * i,
                                     D3D11_INPUT_PER_VERTEX_DATA, 0) for i in range(3)], 3, vs, len(vs)))
        ctx.IASetVertexBuffers(0, 1, [vb], [48], [0])
        ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
        ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
        ctx.PSSetShaderResources(0, 1, [dev.CreateShaderResourceView(tex, None)])
        ctx.PSSetSamplers(0, 1, [dev.CreateSamplerState(D3D11_SAMPLER_DESC(
            Filter=D3D11_FILTER_MIN_MAG_MIP_LINEAR, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
            AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP,
            ComparisonFunc=D3D11_COMPARISON_NEVER, MaxLOD=3.402823466e38))])
        ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        rtv_ = dev.CreateRenderTargetView(rt, None)
        ctx.OMSetRenderTargets(1, [rtv_], None)
        ctx.ClearRenderTargetView(rtv_, [0.25, 0.5, 0.75, 1.0])
        ctx.Draw(n * 3, 0)
        return texture_to_numpy(ctx, rt).tobytes()

    return scene


def test_callback_instruction_reads_input_registers_in_the_lane_layout(monkeypatch):
    from pyd3d11.shader.native import runtime as nrt

    monkeypatch.setattr(nrt, "texture_plan", lambda lw, bindings, hooks: None)  # the sample calls back
    ref, got = _both(_callback_scene())
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("ref", [0x5A, 0x00, 0x1FF])
def test_stencil_reference_value_reaches_the_fused_merger(ref):
    # §17.8 depth-stencil: the stencil test compares (StencilRef & ReadMask) with (stored & ReadMask); REPLACE writes
    # StencilRef (its low 8 bits, §17.9). Stored stencil: 0x5A on even rows, 0x00 on odd rows; EQUAL, pass INCR,
    # fail REPLACE: a covered pixel whose stencil equals ref & 0xFF becomes that + 1, every other covered pixel ref.
    W, H = 16, 8
    full = np.array([[x, y, 0.5, 1] + [0.5] * 8 for x, y in ((-1, -1), (-1, 3), (3, -1))], np.float32)

    def scene() -> bytes:
        t, d = texture2d(28, W, H), texture2d(45, W, H)
        bs._fill(t, 1)
        words = np.full((H, W), round(0.75 * 0xFFFFFF), np.uint32)
        words[0::2] |= np.uint32(0x5A << 24)
        d.data.view(np.uint32)[:] = words.reshape(-1)
        om = OMState()
        om.depth_stencil = bs._ds_desc(func=8, write=0, stencil=True, sfail=3, dfail=1, spass=7, sfunc=3)
        bs._draw(full, [rtv(t)], bs.PS_FLOAT, om=om, depth=dsv(d), stencil_ref=ref, size=(W, H))
        return bs._bytes(t, d)

    a, b = _both(scene)
    assert a == b, _diff(a, b)
    st = np.frombuffer(b[-W * H * 4:], np.uint32).reshape(H, W) >> 24
    r8 = ref & 0xFF
    want = np.where(np.arange(H)[:, None] % 2 == 0, 0x5A, 0x00) * np.ones((1, W), np.int64)
    want = np.where(want == r8, (want + 1) & 0xFF, r8)
    assert np.array_equal(st, want)


PS_WRITES_DEPTH = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oDepth
if_nz v1.x
  mov oDepth, l(0.5)
endif
mov o0.xyzw, v1.xyzw
ret
"""


def test_one_unsupported_draw_counts_one_fallback():
    # the counters are per draw: one draw outside the fused set is one fallback, under its one reason
    native.set_backend("native")
    try:
        t = texture2d(28, 16, 16, 4)
        before, reasons = fused.stats.fallbacks, dict(fused.stats.reasons)
        # (session 10: multisampling is fused now; session 11: oDepth too, unless stored under flow control)
        bs._draw(bs._vertices(1, 3), [rtv(t)], PS_WRITES_DEPTH, size=(16, 16))
        key = "oDepth / oMask written under flow control"
        assert fused.stats.fallbacks == before + 1
        assert fused.stats.reasons.get(key, 0) == reasons.get(key, 0) + 1
    finally:
        native.set_backend(None)


PS_POS_COVERAGE = """ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input vCoverage
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.03, 0.05, 0, 0)
utof r0.z, vCoverage.x
mul o0.xyz, r0.xyzx, v1.xyzx
mov o0.w, l(1.0)
ret
"""


def test_coverage_input_next_to_the_position_register():
    # vCoverage (an input of its own kind, register-less) and SV_Position in v0: only the INPUT declarations are
    # interpolated registers; the coverage is the covered-sample mask (1 without multisampling, §16.3.2)
    W, H = 24, 20
    verts = bs._vertices(4, 6, lo=0.2, hi=1.0)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, 2)
        bs._draw(verts, [rtv(t)], PS_POS_COVERAGE, size=(W, H))
        return bs._bytes(t)

    a, b = _both(scene)
    assert a == b, _diff(a, b)
