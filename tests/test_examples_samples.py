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
from test_examples_tutorials import look_at_lh, perspective_fov_lh, rasterize  # noqa: E402

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
    return np.floor(np.clip(red, 0, 1) * 255 + 0.5).astype(int), unc, cov


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
