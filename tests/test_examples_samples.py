"""examples/samples: SDK samples beyond the tutorials, ported line by line (issue 17 item 7), each rendering its
first frame in a test against an image computed here independently.

SimpleBezier11 (tessellation): the expected image evaluates the four bicubic Bezier patches of the Mobius strip
in float64 from the Bernstein basis at the domain points a uniform tessellation with N segments per side has
(integer partitioning at factor 8, fractional_even at 16 and fractional_odd at 15 all give N uniform segments,
D3D11.3 §11.7), triangulates that grid itself, and rasterises it with tests/test_examples_tutorials.py's float64
rasteriser (depth LESS, as DXUT's default depth-stencil state, no culling), interpolating world position and
normal perspective-correctly; the pixel shader's |N·L| red is applied per pixel. Pixels near triangle edges are
left out (float32 rounding decides them), and the shading may differ by the interpolation of the normal over the
hardware's choice of diagonals, so the tolerance is a few 8-bit steps.
"""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.dxgi import MemorySink

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_examples_tutorials import look_at_lh, perspective_fov_lh, rasterize, srgb8  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[1] / "examples" / "samples"


def load(name: str):
    sys.path.insert(0, str(SAMPLES))
    spec = importlib.util.spec_from_file_location(f"pyd3d11_sample_{name}", SAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bernstein(t):
    s = 1 - t
    return np.stack([s ** 3, 3 * t * s * s, 3 * t * t * s, t ** 3], -1)


def d_bernstein(t):
    s = 1 - t
    return np.stack([-3 * s * s, 3 * s * s - 6 * t * s, 6 * t * s - 3 * t * t, 3 * t * t], -1)


def bezier_image(control: np.ndarray, n: int, W: int, H: int):
    eye = np.array([1.0, 1.5, -3.5])
    vp = look_at_lh(eye, (0, 0, 0), (0, 1, 0)) @ perspective_fov_lh(math.pi / 4, W / H, 0.1, 20.0)
    t = np.linspace(0, 1, n + 1)
    bu, bv, du, dv = bernstein(t), bernstein(t), d_bernstein(t), d_bernstein(t)
    positions, attrs, tris = [], [], []
    for patch in control.reshape(-1, 4, 4, 3):  # [v][u] control points
        pos = np.einsum("jv,iu,vuc->jic", bv, bu, patch)  # (v, u, 3)
        tan = np.einsum("jv,iu,vuc->jic", bv, du, patch)
        bit = np.einsum("jv,iu,vuc->jic", dv, bu, patch)
        nrm = np.cross(tan, bit)
        nrm /= np.linalg.norm(nrm, axis=-1, keepdims=True)
        base = sum(len(p) for p in positions)
        positions.append(pos.reshape(-1, 3))
        attrs.append(np.concatenate([pos.reshape(-1, 3), nrm.reshape(-1, 3), np.ones(((n + 1) ** 2, 1))], 1))
        for j in range(n):
            for i in range(n):
                a, b, c, d = (base + j * (n + 1) + i, base + j * (n + 1) + i + 1, base + (j + 1) * (n + 1) + i,
                              base + (j + 1) * (n + 1) + i + 1)
                tris += [(a, b, d), (a, d, c)]
    pos = np.concatenate(positions)
    clip = np.c_[pos, np.ones(len(pos))] @ vp
    sx = clip[:, 0] / clip[:, 3]
    sy = -clip[:, 1] / clip[:, 3]
    oriented = []
    for tri in tris:  # no culling: give the reference rasteriser every triangle clockwise on screen
        a, b, c = tri
        area = (sx[b] - sx[a]) * (sy[c] - sy[a]) - (sx[c] - sx[a]) * (sy[b] - sy[a])
        oriented.append(np.array(tri if area > 0 else (a, c, b)))
    img = np.zeros((H, W, 7))
    depth = np.ones((H, W))
    unc = rasterize(W, H, clip, np.concatenate(attrs), oriented, img, depth)
    wp, nn, cov = img[..., :3], img[..., 3:6], img[..., 6] > 0.5
    nn = nn / np.maximum(np.linalg.norm(nn, axis=-1, keepdims=True), 1e-30)
    light = wp - eye
    light /= np.maximum(np.linalg.norm(light, axis=-1, keepdims=True), 1e-30)
    red = np.where(cov, np.abs((nn * light).sum(-1)), 0.0)
    return srgb8(red), unc, cov  # DXUT's back buffer is R8G8B8A8_UNORM_SRGB


@pytest.mark.parametrize("partition, subdivs", [("integer", 8), ("fractional_even", 16), ("fractional_odd", 15)])
def test_simple_bezier11_first_frame(partition, subdivs):
    W, H = 96, 72
    mod = load("simple_bezier11")
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--partition", partition, "--subdivs", str(subdivs)],
                        sink=sink) == 0
    got = sink.last[..., :3].astype(int)
    want, unc, cov = bezier_image(mod.g_MobiusStrip["m_vPosition"].astype(np.float64), subdivs, W, H)
    assert (got[..., 1] == 0).all() and (got[..., 2] == 0).all()  # float4(1, 0, 0, 1) * |N.L|: red only
    ok = ~unc
    assert ok.mean() > 0.85
    assert cov.sum() > 600  # the strip covers a good part of the frame (edge-band pixels excluded)
    diff = np.abs(got[..., 0] - want)
    bad = ok & (diff > 6)
    assert bad.sum() <= 0.005 * ok.sum(), f"{bad.sum()} pixels differ, e.g. {np.argwhere(bad)[:3].tolist()}"
    assert np.abs(got[..., 0][ok] - want[ok]).mean() < 0.3  # a factor-4 mesh gives 0.66, factor 2 gives 3.4


# -- NBodyGravityCS11 (compute + geometry shader) --------------------------------------------------------------
#
# Independent computation: the Microsoft C runtime's rand() (LCG 214013 / 2531011, bits 16..30), the sample's
# LoadParticles, one explicit-Euler n-body step in float64 (softened gravity, dt 0.1, damping 1; the CS's phantom
# bodies cancel exactly), and the sprites: the GS's camera-facing quads of radius 10, rasterised with the tutorials'
# float64 rasteriser, sampled bilinearly (clamp) from the radial-falloff stand-in texture, coloured
# lerp((1, .1, .1, 1), (1, 1, .2, 1), |accel| / 9) and added with SRC_ALPHA / ONE.

def _msvc_rand(seed: int):
    state = seed & 0xFFFFFFFF
    while True:
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        yield (state >> 16) & 0x7FFF


def nbody_initial(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    r = _msvc_rand(seed)

    def pct():
        return np.float32((next(r) % 10000) - 5000) / np.float32(5000.0)

    pos, vel = np.zeros((n, 3)), np.zeros((n, 3))
    spread = np.float32(400.0)
    for k, (cx, vz) in enumerate(((200.0, -20.0), (-200.0, 20.0))):
        for i in range(n // 2):
            d = np.full(3, spread, np.float32)
            while float((d * d).sum(dtype=np.float32)) > spread * spread:
                d = np.array([pct() * spread, pct() * spread, pct() * spread], np.float32)
            pos[k * (n // 2) + i] = np.array([cx, 0, 0], np.float32) + d
            vel[k * (n // 2) + i] = (0, 0, vz)
    return pos, vel


def nbody_step(pos: np.ndarray, vel: np.ndarray):
    soft2 = 0.00125 ** 2
    mass = 6.67300e-11 * 10000.0 * 10000.0 * 10000.0
    r = pos[None, :, :] - pos[:, None, :]  # r[i, j] = pos[j] - pos[i]
    d2 = (r * r).sum(-1) + soft2
    accel = (r * (mass / d2 ** 1.5)[..., None]).sum(1)
    vel = vel + accel * 0.1
    return pos + vel * 0.1, vel, np.linalg.norm(accel, axis=1)


def sprites_image(pos: np.ndarray, amag: np.ndarray, W: int, H: int, texels: np.ndarray):
    eye = np.array([-800.0, 1600.0, -1200.0])
    view = look_at_lh(eye, (0, 0, 0), (0, 1, 0))
    vp = view @ perspective_fov_lh(math.pi / 4, W / H, 10.0, 500000.0)
    inv_view3 = np.linalg.inv(view)[:3, :3]
    corners = np.array([(-1, 1, 0), (1, 1, 0), (-1, -1, 0), (1, -1, 0)], float) * 10.0
    uvs = np.array([(0, 0), (1, 0), (0, 1), (1, 1)], float)
    tex = texels.astype(np.float64) / 255.0
    size = tex.shape[0]
    out = np.zeros((H, W, 3))
    unc = np.zeros((H, W), bool)
    for p, m in zip(pos, amag):
        colour = np.array([1.0, 0.1, 0.1, 1.0]) + (np.array([1.0, 1.0, 0.2, 1.0]) - [1.0, 0.1, 0.1, 1.0]) * (m / 9)
        world = corners @ inv_view3 + p
        clip = np.c_[world, np.ones(4)] @ vp
        img = np.zeros((H, W, 3))
        unc |= rasterize(W, H, clip, np.c_[uvs, np.ones(4)], [np.array([0, 1, 2]), np.array([1, 3, 2])], img)
        hit = img[..., 2] > 0.5
        if not hit.any():
            continue
        u = np.clip(img[..., 0][hit] * size - 0.5, 0, size - 1)
        v = np.clip(img[..., 1][hit] * size - 0.5, 0, size - 1)
        x0, y0 = np.floor(u).astype(int), np.floor(v).astype(int)
        x1, y1 = np.minimum(x0 + 1, size - 1), np.minimum(y0 + 1, size - 1)
        fx, fy = (u - x0)[:, None], (v - y0)[:, None]
        s = (tex[y0, x0] * (1 - fx) + tex[y0, x1] * fx) * (1 - fy) + (tex[y1, x0] * (1 - fx) + tex[y1, x1] * fx) * fy
        src = s * colour
        out[hit] += src[:, :3] * src[:, 3:4]  # SRC_ALPHA, ONE
    return srgb8(out), unc  # DXUT's sRGB back buffer: blending is linear, the stored codes sRGB


def test_nbody_gravity_cs11_first_frame():
    W, H, n, seed = 320, 240, 300, 7
    mod = load("nbody_gravity_cs11")
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--particles", str(n), "--seed", str(seed)], sink=sink) == 0
    pos0, vel0 = nbody_initial(n, seed)
    pos1, vel1, amag = nbody_step(pos0, vel0)
    # the compute shader's step (the buffers were swapped: PosVelo0 holds the new state)
    got_state = mod.g_pParticlePosVelo0._storage.data.view(np.float32).reshape(-1, 8)[:n].astype(np.float64)
    np.testing.assert_allclose(got_state[:, :3], pos1, rtol=1e-5, atol=1e-3)
    np.testing.assert_allclose(got_state[:, 4:7], vel1, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(got_state[:, 7], amag, rtol=1e-3, atol=1e-6)
    # the sprites
    want, unc = sprites_image(pos1, amag, W, H, mod.particle_texels())
    got = sink.last[..., :3].astype(int)
    ok = ~unc
    lit = want.max(-1) > 0
    assert lit.sum() > 200  # the galaxies are there
    diff = np.abs(got - want).max(-1)
    # blending re-quantises to 8 bits after every sprite (§17.4), the expectation once: a step per overlap
    assert (ok & (diff > 3)).sum() <= 0.002 * ok.sum(), np.argwhere(ok & (diff > 3))[:5].tolist()
    # (uncertain pixels, left out: also those on the diagonal the quad's two triangles share, which the reference
    # rasteriser leaves to neither)
    assert abs(int(got[ok].sum()) - int(want[ok].sum())) <= 0.01 * want[ok].sum()
