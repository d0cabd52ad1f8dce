"""examples/demo.py end to end: HLSL -> DXBC -> VS/rasterizer/PS/depth/OM -> texture, checked against geometry and
lighting computed here in numpy from the demo's inputs (vertices, matrices, light), not from the renderer."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import pyd3d11

DEMO_PATH = Path(__file__).resolve().parents[1] / "examples" / "demo.py"
W, H, ANGLE = 128, 96, 0.6
EYE = np.array([0, 1.5, -5], np.float64)  # the demo's camera (look_at_lh eye)


def _load_demo():
    spec = importlib.util.spec_from_file_location("pyd3d11_demo", DEMO_PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


demo = _load_demo()


def _render(**kw) -> np.ndarray:
    _device, context, rt = demo.render(W, H, ANGLE, **kw)
    img = pyd3d11.texture_to_numpy(context, rt)
    assert img.shape == (H, W, 4) and img.dtype == np.float32
    return img


@pytest.fixture(scope="module")
def frame() -> np.ndarray:
    return _render()


def _unorm8(x) -> np.ndarray:
    """FLOAT -> UNORM8 by the spec rule (clamp, x255, round to nearest), computed here."""
    return np.floor(np.clip(np.asarray(x, np.float32), 0, 1) * np.float32(255) + np.float32(0.5)).astype(np.int64)


def _face_of_pixel(img: np.ndarray) -> np.ndarray:
    """Face index by chromaticity (texture and light are grey, so colour/max(colour) is the face tint); -1 = none."""
    rgb = img[..., :3].astype(np.float64)
    mx = rgb.max(-1)
    chroma = rgb / np.maximum(mx, 1e-6)[..., None]
    d2 = ((chroma[:, :, None, :] - demo.FACE_TINTS[None, None].astype(np.float64)) ** 2).sum(-1)
    face = d2.argmin(-1)
    face[(d2.min(-1) > 0.02) | (mx < 10 / 255)] = -1
    return face


def _world_faces():
    world, view, proj = demo.scene_matrices(W, H, ANGLE)
    normals = np.array([n for n, _u, _v in demo.FACES], np.float64) @ world[:3, :3].astype(np.float64)
    front = np.einsum("ij,ij->i", normals, normals - EYE) < 0  # the face centre is its normal on the unit cube
    return world, view, proj, normals, front


def _projected_corners() -> np.ndarray:
    world, view, proj = demo.scene_matrices(W, H, ANGLE)
    corners = np.array([[x, y, z, 1] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], np.float64)
    clip = corners @ (world.astype(np.float64) @ view @ proj)
    ndc = clip[:, :2] / clip[:, 3:]
    return np.stack([(ndc[:, 0] + 1) / 2 * W, (1 - ndc[:, 1]) / 2 * H], axis=1)


def _hull(points: np.ndarray) -> np.ndarray:
    """Convex hull (Andrew's monotone chain), counter-clockwise."""
    pts = sorted(map(tuple, points))

    def half(seq):
        out: list = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return np.array(lower[:-1] + upper[:-1])


def test_background_is_the_clear_colour_at_the_corners(frame):
    expected = _unorm8(demo.CLEAR_COLOR)
    got = np.round(frame * 255).astype(np.int64)
    for y, x in ((0, 0), (0, W - 1), (H - 1, 0), (H - 1, W - 1)):
        np.testing.assert_array_equal(got[y, x], expected)


def test_silhouette_matches_projected_cube(frame):
    bg = np.all(frame == frame[0, 0], axis=-1)
    covered = int((~bg).sum())
    hull = _hull(_projected_corners())
    x, y = hull[:, 0], hull[:, 1]
    area = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    perimeter = np.sum(np.hypot(np.diff(x, append=x[0]), np.diff(y, append=y[0])))
    assert area > 1500  # the cube fills a good part of the frame
    # pixel-centre sampling of a convex polygon misses or adds at most about half a pixel along its outline
    assert abs(covered - area) <= 0.5 * perimeter, (covered, area, perimeter)
    # and the covered pixels lie inside the hull's bounding box
    ys, xs = np.nonzero(~bg)
    assert xs.min() >= np.floor(x.min()) and xs.max() <= np.ceil(x.max())
    assert ys.min() >= np.floor(y.min()) and ys.max() <= np.ceil(y.max())


def test_every_foreground_pixel_belongs_to_a_front_face(frame):
    *_m, normals, front = _world_faces()
    assert front.sum() == 3  # this view shows three faces
    face = _face_of_pixel(frame)
    bg = np.all(frame == frame[0, 0], axis=-1)
    assert np.all(face[~bg] >= 0)
    for f in range(6):
        count = int((face == f).sum())
        if front[f]:
            assert count > 150, (f, count)
        else:
            assert count == 0, (f, count)


def test_depth_buffer_alone_hides_back_faces(frame):
    """With culling off, only the D24S8 depth test keeps back faces (drawn later or earlier) hidden."""
    *_m, _n, front = _world_faces()
    no_cull = _face_of_pixel(_render(cull_back=False))
    assert not np.isin(no_cull, np.nonzero(~front)[0]).any()
    np.testing.assert_array_equal(no_cull, _face_of_pixel(frame))
    # control: without the depth test a back face drawn later does show through
    no_depth = _face_of_pixel(_render(cull_back=False, depth_test=False))
    assert np.isin(no_depth, np.nonzero(~front)[0]).sum() > 100


def test_lambert_lighting_and_checkerboard_texture(frame):
    *_m, normals, front = _world_faces()
    light = demo.LIGHT_DIR.astype(np.float64) / np.linalg.norm(demo.LIGHT_DIR)
    face = _face_of_pixel(frame)
    levels = []
    for f in np.nonzero(front)[0]:
        lum = frame[..., :3].max(-1)[face == f].astype(np.float64)  # the tint's largest channel is 1.0
        n = normals[f] / np.linalg.norm(normals[f])
        lit = demo.AMBIENT + (1 - demo.AMBIENT) * max(0.0, float(n @ light))
        dark = lit * 90 / 255  # the checkerboard's dark squares
        # both squares of the checkerboard show, at the Lambert level of this face
        assert np.mean(np.abs(lum - lit) < 2.5 / 255) > 0.2, (f, lit)
        assert np.mean(np.abs(lum - dark) < 2.5 / 255) > 0.2, (f, dark)
        levels.append(lit)
    assert max(levels) - min(levels) > 0.2  # the faces are lit differently


def test_main_writes_png(tmp_path, monkeypatch):
    pytest.importorskip("PIL")
    from PIL import Image

    monkeypatch.setattr(demo, "render", lambda: demo.__dict__["_orig_render"](W, H, ANGLE))
    out = tmp_path / "cube.png"
    assert demo.main(["demo.py", str(out)]) == 0
    png = np.asarray(Image.open(out))
    assert png.shape == (H, W, 3)  # save_png writes what an opaque window shows: no alpha
    np.testing.assert_array_equal(png[0, 0], _unorm8(demo.CLEAR_COLOR)[:3])


demo._orig_render = demo.render
