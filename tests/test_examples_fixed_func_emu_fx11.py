"""examples/effects/fixed_func_emu_fx11.py (FixedFuncEMU.cpp ported line by line, FixedFuncEMU.fx unchanged)
renders frames an independent float64 reference computes from the effect's own math.

Media built here (the SDK's names): BlackHoleRoom\\BlackHoleRoom.sdkmesh a floor quad (y = 0, z to 40, so the
far part is fogged), BlackHoleRoom\\BlackHole.sdkmesh a square at y = 0.05 (turned by g_mBlackHole), misc\\ball.sdkmesh
a cube of half-size 0.25, each with a solid-colour PNG (decoded from sRGB: CDXUTSDKMesh loads diffuse maps as
sRGB), misc\\cookie.dds a solid RGBA8 texture and misc\\hud.dds an 8x8 RGBA8 texture opaque only in its top-left
4x2 texels (both UNORM: DXUTCreateShaderResourceViewFromFile). The reference, from FixedFuncEMU.fx:

* VSScenemain: world, view (cameraPos), projection; fogDist = view-space z; clip distances dot(worldPos,
  g_clipplanes[i]) when g_bEnableClipping (else 1); Gouraud CalcLighting per vertex when g_bEnableLighting (else
  colorD = 1 and colorS = 0): per light Diffuse += max(0, dot(L, N) * Diffuse * atten) + Ambient, Specular +=
  max(0, pow(dot(H, N), 64) * Specular * atten) with H = normalize(normalize(-cameraPos) + L) — the sample mixes
  the view-space position into a world-space half vector; we follow it — atten = 1 / dot(Atten, (1, d, d^2, 0));
  pow(x, 64) is fxc's ``log; mul 64; exp`` with no abs (d3dcompiler_47 10.1's own listing, session 36, with its
  warning X3571): NaN for a half vector facing away, which max(0, NaN * ...) turns into 0 (D3D11.3's
  floating-point rules: min/max return the operand that is not NaN) -- no highlight there (an earlier |x|^64 was
  a guess).
* PSScenemain: fog = clamp((22 - fogDist) / (22 - 12), 0, 1) (FOGMODE_LINEAR, start 12, end 22);
  colour = tex * colorD + colorS + cookie (cookieCoord.z > 0 everywhere below the light); out = fog * colour +
  (1 - fog) * (0.7, 1, 1); clipped where an interpolated clip distance is negative (D3D11.3 §15.4).
* VSScreenSpacemain + PSAlphaTestmain: a full-screen quad, u = x / W, v = y / H, the HUD texel bilinear
  (clamp), discarded where alpha < 0.5; depth off.
* OnFrameMove: ball 0 launches on the first frame at (0, 0.45, 0) with velocity (2.1, 8.1, 0) turned about Y by
  fBlackHoleRads + fBall_Life * 70 degrees; X = Xo + Vo T + 1/2 g T^2 later. On the first frame it sits below
  the clip plane y = 0.8 and is clipped away entirely; a quarter second later it flies above it.
The back buffer is DXUT's sRGB one: expected codes are the sRGB encoding of the linear result (tolerance 1 code,
pixels near edges and the HUD's alpha threshold left out)."""

from __future__ import annotations

import importlib.util
import math
import os
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from sdkmesh_writer import POS_NORM_TEX, single_mesh
from test_examples_effects_fx11 import MIDNIGHT_SRGB, srgb_to_linear
from test_examples_tutorials import MIDNIGHT, compare, look_at_lh, perspective_fov_lh, rasterize, rot_y, srgb8

from pyd3d11.dxgi import MemorySink

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ROOM, HOLE, BALL = (120, 100, 80), (30, 30, 60), (220, 180, 60)  # the PNGs' colours (sRGB-encoded)
COOKIE = (40, 20, 10, 255)
HUD = (250, 230, 40)
V = np.dtype([("Pos", "<f4", 3), ("Norm", "<f4", 3), ("Tex", "<f4", 2)])
FOG_COLOUR = np.array([0.7, 1.0, 1.0])


def quad_y(y: float, x0: float, x1: float, z0: float, z1: float) -> tuple[np.ndarray, np.ndarray]:
    """A horizontal quad facing up (+y), clockwise seen from above."""
    pts = [(x0, y, z0), (x0, y, z1), (x1, y, z1), (x1, y, z0)]
    verts = np.array([(p, (0, 1, 0), (float(i in (2, 3)), float(i in (1, 2)))) for i, p in enumerate(pts)], V)
    return verts, np.array([0, 1, 2, 0, 2, 3])


def cube(half: float) -> tuple[np.ndarray, np.ndarray]:
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
                verts.append((c * half, n, (float(k in (1, 2)), float(k in (2, 3)))))
            a, b, c = corners[0], corners[1], corners[2]
            tri = [(0, 1, 2), (0, 2, 3)] if np.dot(np.cross(b - a, c - a), n) < 0 else [(0, 2, 1), (0, 3, 2)]
            idx += [base + i for t in tri for i in t]
    return np.array(verts, V), np.array(idx)


def dds_rgba(path: Path, texels: np.ndarray) -> None:
    """A DDS 2D texture (legacy header, R8G8B8A8_UNORM masks, one mip) of (h, w, 4) uint8 texels."""
    h, w = texels.shape[:2]
    pf = struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    hdr = struct.pack("<7I", 124, 0x1 | 0x2 | 0x4 | 0x1000, h, w, 0, 0, 1) + b"\0" * 44 + pf + \
        struct.pack("<5I", 0x1000, 0, 0, 0, 0)
    path.write_bytes(b"DDS " + hdr + texels.astype(np.uint8).tobytes())


def hud_texels() -> np.ndarray:
    t = np.zeros((8, 8, 4), np.uint8)
    t[..., :3] = HUD
    t[:2, :4, 3] = 255
    return t


MESHES = {"room": (quad_y(0.0, -6, 6, -6, 40), ROOM), "hole": (quad_y(0.05, -1, 1, -1, 1), HOLE),
          "ball": (cube(0.25), BALL)}


def media(tmp: Path) -> Path:
    (tmp / "BlackHoleRoom").mkdir(exist_ok=True)
    (tmp / "Misc").mkdir(exist_ok=True)
    for name, folder, file in (("room", "BlackHoleRoom", "BlackHoleRoom"), ("hole", "BlackHoleRoom", "BlackHole"),
                               ("ball", "Misc", "ball")):
        (verts, idx), colour = MESHES[name]
        (tmp / folder / f"{file}.sdkmesh").write_bytes(single_mesh(verts, idx, POS_NORM_TEX, diffuse=f"{name}.png"))
        Image.new("RGB", (2, 2), colour).save(tmp / folder / f"{name}.png")
    dds_rgba(tmp / "Misc" / "cookie.dds", np.tile(np.array(COOKIE, np.uint8), (4, 4, 1)))
    dds_rgba(tmp / "Misc" / "hud.dds", hud_texels())
    return tmp


def run(tmp: Path, W: int, H: int, times, monkeypatch):
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_ffe", EXAMPLES / "effects" /
                                                  "fixed_func_emu_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter(times)
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", str(len(times) - 1), "--media", str(media(tmp))],
                        sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


def lights() -> list[tuple[np.ndarray, ...]]:
    """OnD3D11CreateDevice's 8 lights: the 3x3 grid without its centre, alternating two colour sets."""
    out = []
    for y in range(3):
        for x in range(3):
            if x != 1 or y != 1:
                pos = np.array([3.0 * (-1 + x), 5.65, 5.0 * (-1 + y)])
                if len(out) % 2 == 0:
                    out.append((pos, np.array([0.2, 0.2, 0.2, 1]), np.array([0.5, 0.5, 0.5, 1]),
                                np.array([0.03, 0.03, 0.03, 0])))
                else:
                    out.append((pos, np.array([0, 0.15, 0.2, 1]), np.array([0.15, 0.25, 0.3, 1]),
                                np.array([0, 0.02, 0.03, 0])))
    return out


def calc_lighting(n_world, p_world, p_camera):
    diffuse, specular = np.zeros(4), np.zeros(4)
    for pos, dif, spec, amb in lights():
        to_light = pos - p_world
        atten = 1.0 / (1.0 * 1 + 0 * np.linalg.norm(to_light))  # Atten = (1, 0, 0, 0)
        ldir = to_light / np.linalg.norm(to_light)
        h = -p_camera / np.linalg.norm(p_camera) + ldir
        h /= np.linalg.norm(h)
        diffuse += np.maximum(0, (ldir @ n_world) * dif * atten) + amb
        d = h @ n_world
        # pow: exp(64 log d) -- NaN for d < 0, and max(0, NaN) is 0
        specular += np.where(d < 0, 0.0, np.maximum(0, np.where(d < 0, 0.0, d) ** 64 * spec * atten))
    return diffuse, specular


def camera(W, H):
    at = np.array([0.0, 2.0, 0.0])
    eye0 = np.array([0.0, 2.3, -8.5])
    eye = at - (at - eye0) / np.linalg.norm(at - eye0) * 9.0  # SetRadius(9, 1, 15), FrameMove
    return look_at_lh(eye, at, (0, 1, 0)), perspective_fov_lh(math.pi / 4, W / H, 0.1, 100.0)


def reference(W, H, fTimes):
    """The last frame of OnFrameMove/OnD3D11FrameRender at the given times (linear float64) and the mask of
    uncertain pixels."""
    view, proj = camera(W, H)
    cookie = np.array(COOKIE[:3]) / 255.0
    # OnFrameMove, frame by frame: only ball 0 launches within 0.3 s
    life = 3.05 / 2.1
    t_launch = fTimes[0]
    t_now = fTimes[-1]
    a = math.radians(70.0) * t_launch + math.radians(life * 70.0)
    vel = np.array([2.1 * math.cos(a), 8.1, -2.1 * math.sin(a)])  # (2.1, 8.1, 0) by XMMatrixRotationY(a)
    T = t_now - t_launch
    ball_pos = np.array([0, 0.45, 0]) + vel * T + 0.5 * np.array([0, -9.8, 0]) * T * T
    hole_rot = rot_y(math.radians(70.0) * t_now)
    b = math.radians(70.0) * t_now
    planes = np.array([[0, 1, 0, -0.8],
                       [0.707 * math.cos(b), 0.707, -0.707 * math.sin(b), 0.7],
                       [-0.707 * math.cos(b), 0.707, 0.707 * math.sin(b), 0.7]])
    image = np.concatenate([np.tile(MIDNIGHT / 255, (H, W, 1)), np.zeros((H, W, 1))], -1)  # rgb, fog distance
    depth = np.ones((H, W))
    unc = np.zeros((H, W), bool)
    drawn = {}
    ball_world = np.eye(4)
    ball_world[3, :3] = ball_pos  # XMMatrixTranslation
    for name, world, lit in (("room", np.eye(4), False), ("hole", hole_rot, False), ("ball", ball_world, True)):
        (verts, idx), colour = MESHES[name]
        pos = np.c_[verts["Pos"].astype(float), np.ones(len(verts))] @ world
        cam = pos @ view
        clip = cam @ proj
        tex = srgb_to_linear(colour)
        attrs = np.zeros((len(verts), 4 + 3))
        for i in range(len(verts)):
            if lit:
                n = verts["Norm"][i].astype(float) @ world[:3, :3]
                d, s = calc_lighting(n / np.linalg.norm(n), pos[i, :3], cam[i, :3])
                attrs[i, :3] = tex * d[:3] + s[:3] + cookie
                attrs[i, 4:] = pos[i] @ planes.T
            else:
                attrs[i, :3] = tex + cookie
                attrs[i, 4:] = 1.0
            attrs[i, 3] = cam[i, 2]  # fogDist
        if lit and (attrs[:, 4:] < 0).all(axis=0).any():
            drawn[name] = False  # entirely behind one clip plane
            continue
        assert not lit or (attrs[:, 4:] > 0).all(), "a partly clipped ball: the reference does not model it"
        layer = np.zeros((H, W, 7))
        before = depth.copy()
        unc |= rasterize(W, H, clip, attrs, idx.reshape(-1, 3), layer, depth)
        hit = depth < before
        fog = np.clip((22.0 - layer[..., 3]) / (22.0 - 12.0), 0, 1)[..., None]
        image[hit, :3] = (fog * layer[..., :3] + (1 - fog) * FOG_COLOUR)[hit]
        drawn[name] = bool(hit.any())
    # the HUD quad: u = x / W, v = y / H at pixel centres; bilinear alpha (clamp); alpha test 0.5
    alpha = hud_texels()[..., 3] / 255.0
    ys, xs = np.mgrid[0:H, 0:W] + 0.5
    tu = np.clip(xs / W * 8 - 0.5, 0, 7)
    tv = np.clip(ys / H * 8 - 0.5, 0, 7)
    x0, y0 = np.floor(tu).astype(int), np.floor(tv).astype(int)
    x1, y1 = np.minimum(x0 + 1, 7), np.minimum(y0 + 1, 7)
    fx, fy = tu - x0, tv - y0
    a_px = (alpha[y0, x0] * (1 - fx) + alpha[y0, x1] * fx) * (1 - fy) + (alpha[y1, x0] * (1 - fx) +
                                                                          alpha[y1, x1] * fx) * fy
    keep = a_px >= 0.5
    image[keep, :3] = np.array(HUD) / 255.0
    unc |= np.abs(a_px - 0.5) < 0.06
    return image[..., :3], unc, drawn


@pytest.mark.parametrize("times,ball_seen", [((1.0, 1.5), False), ((1.0, 1.5, 1.75), True)])
def test_fixed_func_emu_fx11_frame(tmp_path, monkeypatch, times, ball_seen):
    W, H = 96, 72
    got, mod = run(tmp_path, W, H, times, monkeypatch)
    want, unc, drawn = reference(W, H, [t - times[0] for t in times[1:]])
    assert drawn["room"] and drawn["hole"] and drawn.get("ball", False) == ball_seen
    assert (mod.g_balls[0].dStartTime >= 0) and all(b.dStartTime < 0 for b in mod.g_balls[1:])
    compare(got, srgb8(want), unc, tol=1)
    hud = srgb8(np.array(HUD) / 255.0)
    assert (np.abs(got - hud).max(-1) == 0).sum() > 0.1 * W * H  # the alpha-tested HUD corner
    assert (np.abs(got - MIDNIGHT_SRGB).max(-1) == 0).sum() > 0  # sky above the room's far edge


SDK_MEDIA = Path(os.environ.get("PYD3D11_SDK_SAMPLES", "/nonexistent"), "Media")


@pytest.mark.skipif(not (SDK_MEDIA / "BlackHoleRoom").is_dir(),
                    reason="set PYD3D11_SDK_SAMPLES to a checkout of walbourn/directx-sdk-samples (with Media)")
def test_fixed_func_emu_fx11_real_media(monkeypatch):
    """The SDK's own room, black hole, ball, HUD and cookie: frames render (the HUD's opaque texels over the
    scene, the room shaded and fogged), with balls launched as the sample does."""
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_ffe_real", EXAMPLES / "effects" /
                                                  "fixed_func_emu_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter((1.0, 1.5, 1.9, 2.3))
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    W, H = 120, 90
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", "3", "--media", str(SDK_MEDIA)], sink=sink) == 0
    got = sink.last[..., :3].astype(int)
    assert sum(b.dStartTime >= 0 for b in mod.g_balls) == 3  # one launch per frame (0.4 s > 0.3 s apart)
    assert len({tuple(p) for p in got.reshape(-1, 3).tolist()}) > 500
    assert (np.abs(got - MIDNIGHT_SRGB).max(-1) == 0).mean() < 0.2  # the room fills most of the view
