"""examples/tutorials: the SDK's Direct3D11Tutorials 01-07 and BasicCompute11, ported line by line, each
rendering (or computing) its first frame; the expected images are computed here independently — a float64
numpy rasterisation of the same geometry with the camera matrices written out from DirectXMath's documented
formulas, the fixed-function rules (clockwise front faces, back faces culled, pixel centres, later triangles
over earlier ones or a LESS depth test), perspective-correct interpolation and the FLOAT -> UNORM8 rule.
Pixels within a small band of a triangle edge are left out: which side of the edge a centre falls on there
depends on float32 rounding in the vertex shader."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.dxgi import MemorySink

TUTORIALS = Path(__file__).resolve().parents[1] / "examples" / "tutorials"
MIDNIGHT = np.array([25, 25, 112])


def load(name):
    sys.path.insert(0, str(TUTORIALS))
    spec = importlib.util.spec_from_file_location(f"pyd3d11_example_{name}", TUTORIALS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(name, w, h, times=(1.0,), monkeypatch=None):
    """Run the port for len(times) frames with GetTickCount64 reading ``times``; returns the last frame."""
    mod = load(name)
    winshim = sys.modules["winshim"]
    seq = iter(times)
    if monkeypatch is not None:
        monkeypatch.setattr(winshim, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(w), str(h), "--frames", str(len(times))], sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


# -- an independent reference rasteriser ----------------------------------------------------------------

def rot_y(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1.0]])


def rot_x(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1.0]])


def rot_z(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, s, 0, 0], [-s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1.0]])


def translate(x, y, z):
    m = np.eye(4)
    m[3, :3] = (x, y, z)
    return m


def scale(x, y, z):
    return np.diag([x, y, z, 1.0])


def look_at_lh(eye, at, up):
    eye, at, up = (np.asarray(v, float) for v in (eye, at, up))
    zaxis = (at - eye) / np.linalg.norm(at - eye)
    xaxis = np.cross(up, zaxis)
    xaxis /= np.linalg.norm(xaxis)
    yaxis = np.cross(zaxis, xaxis)
    m = np.eye(4)
    m[:3, 0], m[:3, 1], m[:3, 2] = xaxis, yaxis, zaxis
    m[3, :3] = (-xaxis @ eye, -yaxis @ eye, -zaxis @ eye)
    return m


def perspective_fov_lh(fov, aspect, zn, zf):
    h = 1 / math.tan(fov / 2)
    q = zf / (zf - zn)
    return np.array([[h / aspect, 0, 0, 0], [0, h, 0, 0], [0, 0, q, 1], [0, 0, -q * zn, 0]])


CUBE_POS = np.array([(-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1), (-1, -1, -1), (1, -1, -1), (1, -1, 1),
                     (-1, -1, 1)], float)
CUBE_IDX = np.array([3, 1, 0, 2, 1, 3, 0, 5, 4, 1, 5, 0, 3, 4, 7, 0, 4, 3, 1, 6, 5, 2, 6, 1, 2, 7, 6, 3, 7, 2,
                     6, 4, 5, 7, 4, 6]).reshape(12, 3)


def rasterize(W, H, clip, attrs, tris, image, depth=None, band=0.02):
    """Draw triangles (clip-space positions, per-vertex attributes) into ``image`` (H, W, C) in order; returns
    the mask of pixels whose coverage is uncertain (within ``band`` pixels of an edge)."""
    ys, xs = np.mgrid[0:H, 0:W] + 0.5
    uncertain = np.zeros((H, W), bool)
    for tri in tris:
        c = clip[tri]
        if (c[:, 3] <= 0).any():
            continue
        ndc = c[:, :3] / c[:, 3:4]
        sx, sy = (ndc[:, 0] + 1) * W / 2, (1 - ndc[:, 1]) * H / 2
        area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0])
        if area <= 0:  # counter-clockwise on screen: a back face, culled
            continue
        e = []
        for i in range(3):
            a, b = (i + 1) % 3, (i + 2) % 3
            ei = ((sx[b] - sx[a]) * (ys - sy[a]) - (sy[b] - sy[a]) * (xs - sx[a])) / area
            e.append(ei)
        lengths = [math.hypot(sx[(i + 2) % 3] - sx[(i + 1) % 3], sy[(i + 2) % 3] - sy[(i + 1) % 3]) for i in range(3)]
        dist = [e[i] * area / lengths[i] for i in range(3)]  # distance in pixels to each edge
        inside = (dist[0] > band) & (dist[1] > band) & (dist[2] > band)
        near = np.zeros_like(inside)
        for i in range(3):
            near |= (np.abs(dist[i]) <= band) & (dist[(i + 1) % 3] > -band) & (dist[(i + 2) % 3] > -band)
        bary = np.stack(e, -1)  # screen-space barycentrics
        pw = bary / c[:, 3]
        pw /= pw.sum(-1, keepdims=True)
        z = bary @ ndc[:, 2]
        if depth is not None:
            inside &= z < depth
            depth[inside] = z[inside]
        value = pw @ attrs[tri]
        image[inside] = value[inside]
        uncertain |= near
    return uncertain


def unorm8(img):
    return np.floor(np.clip(img, 0, 1) * 255 + 0.5).astype(int)


def srgb8(img):
    """Linear values as an 8-bit sRGB render target stores them (DXUT's R8G8B8A8_UNORM_SRGB back buffer): the
    sRGB transfer function of IEC 61966-2-1 (D3D11.3 functional spec 3.2.3, FLOAT -> SRGB) on the clamped value,
    rounded to the nearest code."""
    c = np.clip(np.asarray(img, float), 0, 1)
    enc = np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055)
    return np.floor(enc * 255 + 0.5).astype(int)


def compare(got, expected, uncertain, tol=1, min_fraction=0.9):
    ok = ~uncertain
    diff = np.abs(got - expected).max(-1)
    assert ok.mean() >= min_fraction
    bad = ok & (diff > tol)
    assert not bad.any(), f"{bad.sum()} pixels differ, e.g. at {np.argwhere(bad)[:3].tolist()}"


# -- the tutorials ---------------------------------------------------------------------------------------

def test_tutorial01_clears_midnight_blue():
    got, _ = run("tutorial01", 32, 24)
    assert (got == MIDNIGHT).all()  # 0.098039225 * 255 + 0.5 -> 25; 0.43921572 -> 112


@pytest.mark.parametrize("name", ["tutorial02", "tutorial03"])
def test_triangle_tutorials(name):
    W, H = 64, 48
    got, _ = run(name, W, H)
    clip = np.array([(0, 0.5, 0.5, 1), (0.5, -0.5, 0.5, 1), (-0.5, -0.5, 0.5, 1)], float)
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    unc = rasterize(W, H, clip, np.tile([1.0, 1.0, 0.0], (3, 1)), [np.array([0, 1, 2])], image)
    compare(got, unorm8(image), unc, tol=0)
    assert (got == [255, 255, 0]).all(-1).sum() == 384  # half of 32 x 24 pixels: the triangle's area


CUBE_COLOURS = np.array([(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (0, 0, 0)],
                        float)


def cube_clip(world, W, H):
    view = look_at_lh((0, 1, -5), (0, 1, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 2, W / H, 0.01, 100.0)
    return np.c_[CUBE_POS, np.ones(8)] @ world @ view @ proj


@pytest.mark.parametrize("times", [(1.0,), (1.0, 1.7)])  # the first frame (t = 0), and a later one (t = 0.7)
def test_tutorial04_spinning_cube(monkeypatch, times):
    W, H, t = 96, 72, times[-1] - times[0]
    got, _ = run("tutorial04", W, H, times, monkeypatch)
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    unc = rasterize(W, H, cube_clip(rot_y(t), W, H), CUBE_COLOURS, CUBE_IDX, image)
    compare(got, unorm8(image), unc, tol=1)
    assert (np.abs(got - MIDNIGHT).sum(-1) > 0).sum() > 300  # the cube is there


def test_tutorial05_two_cubes_with_depth(monkeypatch):
    W, H, t = 96, 72, 0.9
    got, _ = run("tutorial05", W, H, (1.0, 1.0 + t), monkeypatch)
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    depth = np.ones((H, W))
    unc = rasterize(W, H, cube_clip(rot_y(t), W, H), CUBE_COLOURS, CUBE_IDX, image, depth)
    world2 = scale(0.3, 0.3, 0.3) @ rot_z(-t) @ translate(-4, 0, 0) @ rot_y(-2 * t)  # scale, spin, move, orbit
    unc |= rasterize(W, H, cube_clip(world2, W, H), CUBE_COLOURS, CUBE_IDX, image, depth)
    compare(got, unorm8(image), unc, tol=1)


@pytest.mark.parametrize("flag", [[], ["--raw"]])
def test_basic_compute11_adds_the_arrays(flag, capsys):
    mod = load("basic_compute11")
    assert mod.main(flag) == 0
    assert "Verifying against CPU result...succeeded" in capsys.readouterr().out
    n = np.arange(1024)
    assert np.array_equal(mod.g_result["i"], 2 * n) and np.array_equal(mod.g_result["f"], 2.0 * n)


# the 24-vertex cube of Tutorials 06/07: four vertices a face, faces +Y -Y -X +X -Z +Z
FACE_POS = np.array([
    (-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1), (-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1),
    (-1, -1, 1), (-1, -1, -1), (-1, 1, -1), (-1, 1, 1), (1, -1, 1), (1, -1, -1), (1, 1, -1), (1, 1, 1),
    (-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)], float)
FACE_NORMALS = np.repeat([(0, 1, 0), (0, -1, 0), (-1, 0, 0), (1, 0, 0), (0, 0, -1), (0, 0, 1)], 4, axis=0)
FACE_IDX = np.array([3, 1, 0, 2, 1, 3, 6, 4, 5, 7, 4, 6, 11, 9, 8, 10, 9, 11, 14, 12, 13, 15, 12, 14,
                     19, 17, 16, 18, 17, 19, 22, 20, 21, 23, 20, 22]).reshape(12, 3)


def test_tutorial06_lighting(monkeypatch):
    W, H, t = 96, 72, 0.6
    got, _ = run("tutorial06", W, H, (1.0, 1.0 + t), monkeypatch)
    view = look_at_lh((0, 4, -10), (0, 1, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 0.01, 100.0)
    world = rot_y(t)
    lights = np.array([(-0.577, 0.577, -0.577, 1.0), tuple(np.array([0, 0, -1.0, 1]) @ rot_y(-2 * t))])
    colours = np.array([(0.5, 0.5, 0.5), (0.5, 0.0, 0.0)])
    normals = (np.c_[FACE_NORMALS, np.ones(24)] @ world)[:, :3]  # mul(float4(Norm, 1), World).xyz
    lit = sum(np.clip((normals @ lights[i, :3])[:, None] * colours[i], 0, 1) for i in range(2))
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    depth = np.ones((H, W))
    clip = np.c_[FACE_POS, np.ones(24)] @ world @ view @ proj
    unc = rasterize(W, H, clip, lit, FACE_IDX, image, depth)
    for m in range(2):
        light_world = scale(0.2, 0.2, 0.2) @ translate(*(5 * lights[m, :3]))
        clip_m = np.c_[FACE_POS, np.ones(24)] @ light_world @ view @ proj
        unc |= rasterize(W, H, clip_m, np.tile(colours[m], (24, 1)), FACE_IDX, image, depth)
    compare(got, unorm8(image), unc, tol=1)
    assert (np.abs(got - [128, 0, 0]).sum(-1) <= 1).sum() > 0 or (np.abs(got - [128, 128, 128]).sum(-1) <= 1).sum()


FACE_UV = np.array([(1, 0), (0, 0), (0, 1), (1, 1), (0, 0), (1, 0), (1, 1), (0, 1), (0, 1), (1, 1), (1, 0), (0, 0),
                    (1, 1), (0, 1), (0, 0), (1, 0), (0, 1), (1, 1), (1, 0), (0, 0), (1, 1), (0, 1), (0, 0), (1, 0)],
                   float)


def bilinear_wrap(tex, uv):
    """D3D's LINEAR filter with WRAP addressing on one level: texel centres at (i + 0.5) / size."""
    h, w = tex.shape[:2]
    x, y = uv[..., 0] * w - 0.5, uv[..., 1] * h - 0.5
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = (x - x0)[..., None], (y - y0)[..., None]

    def at(i, j):
        return tex[j % h, i % w]

    return (at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy
            + at(x0 + 1, y0 + 1) * fx * fy)


def dds_rgba(texels):
    """A legacy-header A8B8G8R8 DDS file built from the DDS documentation (magic, 124-byte header)."""
    import struct

    h, w = texels.shape[:2]
    head = b"DDS " + struct.pack("<7I", 124, 0x1007 | 0x8, h, w, w * 4, 0, 1) + bytes(44)
    head += struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000) + struct.pack("<5I", 0x1000, 0, 0,
                                                                                                    0, 0)
    return head + texels.astype(np.uint8).tobytes()


def test_tutorial07_texture_and_constant_buffers(monkeypatch, tmp_path):
    W, H, t = 96, 72, 0.4
    tex = np.zeros((8, 8, 4))
    tex[..., 0] = np.linspace(0, 255, 8)[None, :]  # red ramps along u, green along v: bilinear keeps ramps linear
    tex[..., 1] = np.linspace(255, 0, 8)[:, None]
    tex[..., 2] = 128
    tex[..., 3] = 255
    tex = np.round(tex)
    path = tmp_path / "ramp.dds"
    path.write_bytes(dds_rgba(tex))
    mod = load("tutorial07")
    winshim = sys.modules["winshim"]
    seq = iter((1.0, 1.0 + t))
    monkeypatch.setattr(winshim, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", "2", "--texture", str(path)], sink=sink) == 0
    got = sink.last[..., :3].astype(int)
    view = look_at_lh((0, 3, -6), (0, 1, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 0.01, 100.0)
    clip = np.c_[FACE_POS, np.ones(24)] @ rot_y(t) @ view @ proj
    uv_img = np.full((H, W, 2), np.nan)
    depth = np.ones((H, W))
    unc = rasterize(W, H, clip, FACE_UV, FACE_IDX, uv_img, depth)
    mesh = np.array([(math.sin(t) + 1) / 2, (math.cos(3 * t) + 1) / 2, (math.sin(5 * t) + 1) / 2])
    covered = ~np.isnan(uv_img[..., 0])
    expected = np.tile(MIDNIGHT / 255, (H, W, 1))
    # texels are UNORM8 codes: sample, scale to [0, 1], modulate by vMeshColor
    sampled = bilinear_wrap(tex / 255.0, np.nan_to_num(uv_img))[..., :3]
    expected[covered] = (sampled * mesh)[covered]
    # across the wrap seam (u or v within half a texel of 0 or 1) the filter mixes the far edge: left out
    uvw = np.nan_to_num(uv_img, nan=0.5) * 8
    seam = ((uvw < 0.6) | (uvw > 7.4)).any(-1) & covered
    compare(got, unorm8(expected), unc | seam, tol=2, min_fraction=0.8)
    assert covered.sum() > 500
