"""examples/effects/tutorial12.py and tutorial13.py (Direct3D11TutorialsFX11, effect files unchanged, over
examples/samples/dxut.py and CDXUTSDKMesh) render the first frame an independent float64 reference computes.

The media are built here: Tiny\\tiny.sdkmesh is a 400-unit cube (tests/sdkmesh_writer.py, packed from
SDKmesh.h) whose material names a solid-colour PNG, and Lobby\\LobbyCube.dds a cube map with one solid colour
per face (a DDS written here from the DDS header documentation). The references follow the effects' HLSL:

* Tutorial12.fx: ``saturate(dot(N, L)) * diffuse + envmap(reflect(mul(N, (float3x3)View), (0,0,-1)))``,
  alpha 1. On a cube N is constant per face, so is the reflection vector, and a solid face of the cube map
  samples to its colour: the colour is constant per face. The diffuse texel is decoded from sRGB (DXUT's
  resource cache loads diffuse maps with forceSRGB); the cube map is UNORM (DXUTCreateShaderResourceViewFromFile).
* Tutorial13.fx with Explode = 0: the GS splits each triangle into three around its centre, the centre vertex
  carrying the face normal ``normalize(cross(p1 - p0, p2 - p0))`` of the world-space positions, and appends the
  triangle reversed with negated normals; the PS lights ``saturate(dot(N_interpolated, L))`` — linear in N, so
  dot(N, L) is interpolated per vertex here and saturated per pixel.
Cube-map faces are chosen by the major axis of the direction (D3D11.3 functional spec, 7.18.2 TextureCube
addressing: +X, -X, +Y, -Y, +Z, -Z)."""

from __future__ import annotations

import importlib.util
import math
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from sdkmesh_writer import POS_NORM_TEX, single_mesh
from test_examples_tutorials import MIDNIGHT, compare, look_at_lh, perspective_fov_lh, rasterize, rot_x, rot_y, srgb8

from pyd3d11.dxgi import MemorySink

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LIGHT = np.array([-0.577, 0.577, -0.577])
SKIN = (200, 160, 100)  # the diffuse PNG's colour (sRGB-encoded)
FACES = [(250, 40, 40), (40, 250, 40), (40, 40, 250), (200, 200, 40), (40, 200, 200), (200, 40, 200)]
HALF = 200.0
# DXUT's back buffer is R8G8B8A8_UNORM_SRGB (DXUT.cpp DXUTApplyDefaultDeviceSettings): the shaders' linear
# results are stored sRGB-encoded, so a frame holds what a screen shows — the midnight-blue clear is (88, 88, 177)
MIDNIGHT_SRGB = srgb8(MIDNIGHT / 255)
V = np.dtype([("Pos", "<f4", 3), ("Norm", "<f4", 3), ("Tex", "<f4", 2)])


def cube() -> tuple[np.ndarray, np.ndarray]:
    """24 vertices (4 per face with the face normal), 36 indices clockwise seen from outside."""
    verts, idx = [], []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = np.zeros(3)
            n[axis] = sign
            u = np.zeros(3)
            u[(axis + 1) % 3] = 1.0
            v = np.cross(n, u)
            corners = [n - u - v, n + u - v, n + u + v, n - u + v]
            base = len(verts)
            for k, c in enumerate(corners):
                verts.append((c * HALF, n, (float(k in (1, 2)), float(k in (2, 3)))))
            a, b, c = corners[0], corners[1], corners[2]
            # clockwise seen from outside in D3D's left-handed space: cross(b - a, c - a) points inward
            tri = [(0, 1, 2), (0, 2, 3)] if np.dot(np.cross(b - a, c - a), n) < 0 else [(0, 2, 1), (0, 3, 2)]
            idx += [base + i for t in tri for i in t]
    return np.array(verts, V), np.array(idx)


def dds_cube(path: Path, size: int = 64) -> None:
    """A DDS cube map (legacy header, 32-bit RGBA masks = R8G8B8A8_UNORM, all six faces, one mip)."""
    pf = struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    hdr = struct.pack("<7I", 124, 0x1 | 0x2 | 0x4 | 0x1000, size, size, 0, 0, 1) + b"\0" * 44 + pf + \
        struct.pack("<5I", 0x1000 | 0x8, 0x200 | 0xFC00, 0, 0, 0)
    assert len(hdr) == 124
    faces = b"".join(bytes([*c, 255]) * (size * size) for c in FACES)
    path.write_bytes(b"DDS " + hdr + faces)


def media(tmp: Path) -> Path:
    verts, idx = cube()
    (tmp / "Tiny").mkdir()
    (tmp / "Lobby").mkdir()
    (tmp / "Tiny" / "tiny.sdkmesh").write_bytes(single_mesh(verts, idx, POS_NORM_TEX, diffuse="skin.png"))
    Image.new("RGB", (2, 2), SKIN).save(tmp / "Tiny" / "skin.png")
    dds_cube(tmp / "Lobby" / "LobbyCube.dds")
    return tmp


def run(name: str, tmp: Path, W: int, H: int, times, monkeypatch, *extra: str):
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location(f"pyd3d11_example_fx_{name}", EXAMPLES / "effects" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter(times)
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", str(len(times) - 1), "--media",
                         str(tmp if (tmp / "Tiny").is_dir() else media(tmp)),
                         *extra], sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


def srgb_to_linear(c):
    c = np.asarray(c, float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def camera(W, H, t):
    world = rot_x(math.radians(-90.0)) @ rot_y(math.radians(60.0 * t))
    view = look_at_lh((0, 3, -800), (0, 1, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 0.1, 5000.0)
    return world, view, proj


def cube_face(d):
    """The TextureCube face a direction selects (major axis) and the largest face coordinate |minor / major|
    (in [0, 1]; texels past the last texel centre, 1 - 1/size, blend with the next face: D3D11 cube filtering
    is seamless)."""
    a = np.abs(d)
    axis = int(np.argmax(a))
    return 2 * axis + (0 if d[axis] > 0 else 1), np.sort(a)[-2] / a[axis]


@pytest.mark.parametrize("t", [0.7, 2.2])
def test_tutorial12_first_frame(tmp_path, monkeypatch, t):
    W, H = 96, 72
    got, _ = run("tutorial12", tmp_path, W, H, (1.0, 1.0 + t), monkeypatch)
    world, view, proj = camera(W, H, t)
    verts, idx = cube()
    pos = verts["Pos"].astype(float)
    clip = np.c_[pos, np.ones(len(pos))] @ world @ view @ proj
    diffuse = srgb_to_linear(SKIN)
    colours = np.zeros((len(verts), 4))  # RGB and which mesh face (to know the visible ones)
    coords = {}
    for i, n in enumerate(verts["Norm"].astype(float)):
        nw = n @ world[:3, :3]
        lit = np.clip(nw @ LIGHT, 0, 1)
        vn = nw @ view[:3, :3]
        r = vn - 2 * np.dot(vn, [0, 0, -1.0]) * np.array([0, 0, -1.0])  # HLSL reflect(i, n) = i - 2 dot(i,n) n
        face, coords[i // 4] = cube_face(r)
        colours[i, :3] = diffuse * lit + np.array(FACES[face]) / 255.0
        colours[i, 3] = i // 4
    image = np.concatenate([np.tile(MIDNIGHT / 255, (H, W, 1)), -np.ones((H, W, 1))], -1)
    depth = np.ones((H, W))
    unc = rasterize(W, H, clip, colours, idx.reshape(-1, 3), image, depth)
    visible = {int(round(f)) for f in np.unique(image[..., 3]) if f >= 0}
    # the chosen times keep each visible face's reflection inside one cube-map face's texel centres
    assert all(coords[f] < 1 - 1.5 / 64 for f in visible), coords
    compare(got, srgb8(image[..., :3]), unc, tol=1)
    assert len(visible) >= 2
    assert (np.abs(got - MIDNIGHT_SRGB).sum(-1) > 0).sum() > 1000


@pytest.mark.parametrize("explode", [0.0, 20.0])
def test_tutorial13_first_frame(tmp_path, monkeypatch, explode):
    W, H = 96, 72
    t = 0.7
    got, mod = run("tutorial13", tmp_path, W, H, (1.0, 1.0 + t), monkeypatch, "--explode", str(explode))
    assert mod.g_fExplode == pytest.approx(explode)
    world, view, proj = camera(W, H, t)
    verts, idx = cube()
    wpos = np.c_[verts["Pos"].astype(float), np.ones(len(verts))] @ world
    wnrm = verts["Norm"].astype(float) @ world[:3, :3]
    out_pos, out_lit, tris = [], [], []

    def emit(p, n):
        out_pos.append(p)
        out_lit.append(np.dot(n, LIGHT))
        return len(out_pos) - 1

    for tri in idx.reshape(-1, 3):
        p = wpos[tri]
        fn = np.cross(p[1, :3] - p[0, :3], p[2, :3] - p[0, :3])
        fn /= np.linalg.norm(fn)
        amt = np.r_[fn * explode, 0.0]
        centre = np.r_[p[:, :3].mean(0) + fn * explode, 1.0] + amt  # centerPos += n*Explode, then + ExplodeAmt
        for i in range(3):
            j = (i + 1) % 3
            tris.append([emit(p[i] + amt, wnrm[tri[i]]), emit(p[j] + amt, wnrm[tri[j]]), emit(centre, fn)])
        tris.append([emit(p[k] + amt, -wnrm[tri[k]]) for k in (2, 1, 0)])
    clip = np.array(out_pos) @ view @ proj
    image = np.zeros((H, W, 2))
    image[..., 1] = -1  # marks the background
    depth = np.ones((H, W))
    attrs = np.c_[np.array(out_lit), np.zeros(len(out_lit))]
    unc = rasterize(W, H, clip, attrs, tris, image, depth)
    covered = image[..., 1] == 0
    lit = np.clip(image[..., 0], 0, 1)
    want = np.where(covered[..., None], lit[..., None] * srgb_to_linear(SKIN)[None, None, :], MIDNIGHT / 255)
    compare(got, srgb8(want), unc, tol=1)
    assert covered.sum() > 1000
    if explode:  # the pyramid sides mix the vertex normals with the face normal: shading varies inside a face
        assert len({tuple(p) for p in got[covered & ~unc].tolist()}) > 6


# --- Tutorial14: application-set depth-stencil / rasterizer states, FX blend techniques, FX stencil pass -------
MARBLE = (200, 100, 50, 128)  # the stand-in MarbleClouds.dds texel (RGBA8 UNORM)
NORMTEST = (30, 220, 90, 255)  # the stand-in NormTest.dds texel


def dds_2d(path: Path, rgba, size: int = 8) -> None:
    """A DDS 2D texture of one colour (legacy header, R8G8B8A8_UNORM masks, one mip)."""
    pf = struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    hdr = struct.pack("<7I", 124, 0x1 | 0x2 | 0x4 | 0x1000, size, size, 0, 0, 1) + b"\0" * 44 + pf + \
        struct.pack("<5I", 0x1000, 0, 0, 0, 0)
    path.write_bytes(b"DDS " + hdr + bytes(rgba) * (size * size))


def media14(tmp: Path) -> Path:
    media(tmp)
    (tmp / "Misc").mkdir()
    dds_2d(tmp / "Misc" / "MarbleClouds.dds", MARBLE)
    dds_2d(tmp / "Misc" / "normtest.dds", NORMTEST)  # the SDK's file name is lower case; the sample asks NormTest
    return tmp


class Target:
    """Colour, depth and stencil of the frame, drawn triangle by triangle (D3D11.3 functional spec: top-left
    rule approximated by an uncertainty band, depth compared with z/w interpolated linearly in screen space,
    stencil ops §17.x)."""

    def __init__(self, W, H):
        self.W, self.H = W, H
        self.colour = np.tile(MIDNIGHT / 255, (H, W, 1))
        self.depth = np.ones((H, W))
        self.stencil = np.zeros((H, W), int)
        self.unc = np.zeros((H, W), bool)
        ys, xs = np.mgrid[0:H, 0:W] + 0.5
        self.xs, self.ys = xs, ys

    def triangle(self, clip, cull, depth_on, stencil, colour_fn, band=0.02, depth_func="less"):
        """clip: (3, 4); cull: 'none'/'front'/'back'; stencil: None or (fail_op, pass_op, func, ref);
        depth_func: 'less' or 'greater' (D3D11_COMPARISON_LESS / _GREATER: source compared with the stored value)."""
        ndc = clip[:, :3] / clip[:, 3:4]
        sx, sy = (ndc[:, 0] + 1) * self.W / 2, (1 - ndc[:, 1]) * self.H / 2
        area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0])
        if area == 0 or (cull == "back" and area < 0) or (cull == "front" and area > 0):
            return
        e, dist = [], []
        for i in range(3):
            a, b = (i + 1) % 3, (i + 2) % 3
            ei = ((sx[b] - sx[a]) * (self.ys - sy[a]) - (sy[b] - sy[a]) * (self.xs - sx[a])) / area
            e.append(ei)
            dist.append(ei * abs(area) / math.hypot(sx[b] - sx[a], sy[b] - sy[a]))
        inside = (dist[0] > band) & (dist[1] > band) & (dist[2] > band)
        near = np.zeros_like(inside)
        for i in range(3):
            near |= (np.abs(dist[i]) <= band) & (dist[(i + 1) % 3] > -band) & (dist[(i + 2) % 3] > -band)
        self.unc |= near
        z = np.stack(e, -1) @ ndc[:, 2]
        if not depth_on:
            zpass = np.ones_like(inside)
        else:
            zpass = (z < self.depth) if depth_func == "less" else (z > self.depth)
        if stencil is not None:
            fail_op, pass_op, func, ref = stencil
            spass = (self.stencil != ref) if func == "not_equal" else np.ones_like(inside)
            inc_fail = inside & spass & ~zpass if fail_op == "incr" else np.zeros_like(inside)
            inc_pass = inside & spass & zpass if pass_op == "incr" else np.zeros_like(inside)
            self.stencil[inc_fail | inc_pass] += 1
            draw = inside & spass & zpass
        else:
            draw = inside & zpass
        if depth_on:
            self.depth[draw] = z[draw]
        self.colour[draw] = colour_fn(self.colour[draw])


# the sample's tables: depth on, depth func, stencil on, depth-fail op, pass op; cull per rasterizer mode
DS_MODES = [(False, "less", False, None, None), (True, "less", False, None, None), (True, "greater", False, None, None),
            (False, "less", True, "incr", None), (True, "less", True, "incr", None), (True, "greater", True, "incr", None),
            (False, "less", True, None, "incr"), (True, "less", True, None, "incr"), (True, "greater", True, None, "incr")]
CULL_MODES = ["none", "front", "back"]


def tutorial14_reference(W, H, t, ds, rast, quad):
    world, view, proj = camera(W, H, t)
    depth_on, func, stencil_on, fail_op, pass_op = DS_MODES[ds]
    cull = CULL_MODES[rast]
    st = ("incr" if fail_op else None, "incr" if pass_op else None, "always", 0) if stencil_on else None
    tg = Target(W, H)
    verts, idx = cube()
    pos = verts["Pos"].astype(float)
    clip = np.c_[pos, np.ones(len(pos))] @ world @ view @ proj
    diffuse = srgb_to_linear(SKIN)
    for tri in idx.reshape(-1, 3):
        n = verts["Norm"][tri[0]].astype(float) @ world[:3, :3]  # mul(Norm, World): the 3x3 part
        c = diffuse * np.clip(n @ LIGHT, 0, 1)
        tg.triangle(clip[tri], cull, depth_on, st, lambda dst, c=c: np.broadcast_to(c, dst.shape), depth_func=func)
    # the quad: World = Scaling(150, 150, 1), the technique's blend, the scene's depth-stencil and cull
    qpos = np.array([(-1, 1, 0, 1), (1, 1, 0, 1), (-1, -1, 0, 1), (1, -1, 0, 1)], float)
    qclip = qpos @ np.diag([150.0, 150.0, 1.0, 1.0]) @ view @ proj
    src = np.array(MARBLE, float) / 255
    blend = [lambda d: np.broadcast_to(src[:3], d.shape),  # Solid
             lambda d: src[:3] * src[3] + d,  # SRC_ALPHA, ONE, ADD
             lambda d: src[:3] * src[3] - d,  # SRC_ALPHA, ONE, SUBTRACT (src - dest)
             lambda d: src[:3] * src[:3] + d,  # SRC_COLOR, ONE, ADD
             lambda d: src[:3] * src[:3] - d][quad]
    for tri in ([0, 1, 2], [2, 1, 3]):
        tg.triangle(qclip[tri], cull, depth_on, st, lambda d: np.clip(blend(d), 0, 1), depth_func=func)
    # RenderWithStencil: clip-space quad, depth off, stencil NOT_EQUAL 0 (no writes), NoBlending, scene cull
    n_rgb = np.array(NORMTEST[:3], float) / 255
    for tri in ([0, 1, 2], [2, 1, 3]):
        tg.triangle(qpos[tri], cull, False, (None, None, "not_equal", 0),
                    lambda d: np.broadcast_to(n_rgb, d.shape))
    return srgb8(tg.colour), tg.unc, tg.stencil


@pytest.mark.parametrize("ds,rast,quad", [(0, 0, 0), (7, 2, 1), (4, 0, 2), (6, 0, 3), (1, 1, 4), (2, 1, 0), (8, 0, 2)])
def test_tutorial14_first_frame(tmp_path, monkeypatch, ds, rast, quad):
    W, H, t = 96, 72, 0.7
    media14(tmp_path)
    got, mod = run("tutorial14", tmp_path, W, H, (1.0, 1.0 + t), monkeypatch, "--depth-stencil", str(ds),
                   "--rasterizer", str(rast), "--quad", str(quad))
    assert (mod.g_eSceneDepthStencilMode, mod.g_eSceneRasterizerMode, mod.g_eQuadRenderMode) == (ds, rast, quad)
    want, unc, stencil = tutorial14_reference(W, H, t, ds, rast, quad)
    compare(got, want, unc, tol=1)
    depth_on, func, stencil_on, _, pass_op = DS_MODES[ds]
    # the depth buffer is cleared to 1.0, so with depth GREATER no scene pixel passes and nothing is incremented
    if stencil_on and pass_op and not (depth_on and func == "greater"):  # incremented where drawn: NormTest there
        assert (stencil > 0).sum() > 500
        assert (np.abs(got - srgb8(np.array(NORMTEST[:3]) / 255)).max(-1) <= 1).sum() > 500


# --- BasicHLSLFX11: per-vertex lights, vertex animation, a feature level 9_2 device with level-9 shaders ------
@pytest.mark.parametrize("lights,scale", [(1, 1.0), (2, 1.5)])
def test_basic_hlsl_fx11_first_frame(tmp_path, monkeypatch, lights, scale):
    W, H, t = 96, 72, 0.7
    got, mod = run("basic_hlsl_fx11", tmp_path, W, H, (1.0, 1.0 + t), monkeypatch, "--lights", str(lights),
                   "--light-scale", str(scale))
    assert sys.modules["dxut"].S.device.GetFeatureLevel() == 0x9200  # D3D_FEATURE_LEVEL_9_2
    centre = np.array([0.25767413, -28.503521, 111.00689])
    trans = np.eye(4)
    trans[3, :3] = -centre
    world = trans @ rot_y(math.pi) @ rot_x(math.pi / 2)
    radius = 378.15607 * 3.0  # CModelViewerCamera.SetRadius: the eye sits at that distance from the origin
    view = look_at_lh((0, 0, -radius), (0, 0, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 2.0, 4000.0)
    # the light directions as the shader reads them: SetRawValue copies three packed float3s (36 bytes) into
    # float3 g_LightDir[3], whose elements are 16 bytes apart
    dirs = [(math.sin(2 * math.pi * i / 3 - math.pi / 6), 0.0, -math.cos(2 * math.pi * i / 3 - math.pi / 6))
            for i in range(3)]
    raw = np.zeros(12)
    raw[:9] = np.array(dirs).reshape(-1)
    light_dir = [raw[4 * i:4 * i + 3] for i in range(3)]
    verts, idx = cube()
    pos = verts["Pos"].astype(float)
    nrm = verts["Norm"].astype(float)
    pulse = (math.sin(t + 5.5) + 0.5) * 5  # bAnimate: vPos += vNormal * (sin(g_fTime + 5.5) + 0.5) * 5
    clip = np.c_[pos + nrm * pulse, np.ones(len(pos))] @ world @ view @ proj
    nw = nrm @ world[:3, :3]
    nw /= np.linalg.norm(nw, axis=1, keepdims=True)
    diffuse = sum(scale * np.maximum(0.0, nw @ light_dir[i]) for i in range(lights))  # material diffuse 1, ambient 0
    colours = diffuse[:, None] * srgb_to_linear(SKIN)[None, :]
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    depth = np.ones((H, W))
    unc = rasterize(W, H, clip, colours, idx.reshape(-1, 3), image, depth)
    compare(got, srgb8(image), unc, tol=1)
    assert (np.abs(got - MIDNIGHT_SRGB).sum(-1) > 0).sum() > 300
    assert len({tuple(p) for p in got.reshape(-1, 3).tolist()} - {tuple(MIDNIGHT_SRGB)}) >= 2
