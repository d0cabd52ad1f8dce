"""examples/effects/dynamic_shader_linkage_fx11.py (DynamicShaderLinkageFX11.cpp ported line by line, its effect
files unchanged) renders the first frame an independent float64 reference computes.

Media built here: Squid\\squid.sdkmesh is a 200-unit cube turned so three faces show, in the sample's vertex
format (POSITION float3, NORMAL/TANGENT/BINORMAL R10G10B10A2_UNORM holding n / 2 with negative components + 2 —
the VS's R10G10B10A2_UNORM_TO_R32G32B32_FLOAT undoes that —, TEXCOORD R16G16_FLOAT; 28 bytes) whose material
names a solid-colour PNG, and Light Probes\\uffizi_cross.dds a cube map with one solid colour per face. The
reference follows the effect's HLSL (DynamicShaderLinkageFX11_PS.hlsl PSMainWorker, _PSBuffers.h, _LightPSH.h,
_MaterialPSH.h): per face the normal N is constant (the decoded 10-bit normal), so is the eye direction
g_vEyeDir = lookAt - eye, so every term is constant per face:
  Ambient  = material.GetAmbientColor * ambient.IlluminateAmbient(N)   (cAmbientLight: colour * enable;
             cHemiAmbientLight: lerp(ground, colour, (dot(N, up) + 1) / 2))
  Diffuse  = material.GetDiffuseColor * direct.IlluminateDiffuse(N)    (cDirectionalLight: saturate(dot(N, L)))
  Specular = direct.IlluminateSpecular(N, power)                        (pow(max(0, dot(normalize(-E + L),
             normalize(N))), power)) + environment.IlluminateSpecular  (cube(reflect(E, N)) * (1 - dot(-E, N))^3)
  saturate(Ambient + Diffuse + Specular); cAmbientLight's diffuse and specular are 0.
The textured materials multiply m_vColor by the diffuse texel, decoded from sRGB (CDXUTSDKMesh loads diffuse
maps as sRGB); the cube map is UNORM (DXUTCreateShaderResourceViewFromFile). DXUT's back buffer is sRGB: the
expected codes are the sRGB encoding of the linear result. Feature level 10_0 (the shim's default) runs the
statically specialised FeatureLevel10 technique (ambient, directional, environment, plastic textured);
``--forcefeaturelevel 11_0`` the dynamic-linkage FeatureLevel11 technique with the sample's SetClassInstance
choices, or with --bind-interfaces the FeatureLevel11_<material> techniques."""

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
from sdkmesh_writer import single_mesh
from test_examples_effects_fx11 import MIDNIGHT_SRGB, cube_face, srgb_to_linear
from test_examples_tutorials import MIDNIGHT, compare, look_at_lh, perspective_fov_lh, rasterize, rot_x, rot_y, srgb8

from pyd3d11.dxgi import MemorySink

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TEX = (180, 140, 90)  # the diffuse PNG (sRGB-encoded)
FACES = [(250, 40, 40), (40, 250, 40), (40, 40, 250), (200, 200, 40), (40, 200, 200), (200, 40, 200)]
HALF = 100.0
TURN = rot_y(math.radians(35.0)) @ rot_x(math.radians(25.0))
V = np.dtype([("Pos", "<f4", 3), ("Norm", "<u4"), ("Tex", "<f2", 2), ("Tan", "<u4"), ("Bin", "<u4")])
RADIUS = 378.15607  # g_Camera.SetRadius(fObjectRadius, fObjectRadius, fObjectRadius)
LIGHT = np.array([-1.0, 1.0, -1.0]) / math.sqrt(3.0)  # InitApp: XMVector3Normalize(-1, 1, -1)
MATERIALS = {"plastic": ((1, 0, 0.5), 255, False), "plastic-textured": ((1, 0, 0.5), 128, True),
             "rough": ((0, 0.5, 1), 6, False), "rough-textured": ((0, 0.5, 1), 6, True)}


def unorm10(x: float) -> int:
    return int(math.floor(x * 1023 + 0.5))


def pack_dir(v) -> int:
    """A signed direction in R10G10B10A2_UNORM as the sample's meshes hold it (n / 2; negative ones + 2)."""
    f = [c / 2 if c >= 0 else (c + 2) / 2 for c in v]
    return unorm10(f[0]) | unorm10(f[1]) << 10 | unorm10(f[2]) << 20


def unpack_dir(word: int) -> np.ndarray:
    """R10G10B10A2_UNORM to float (D3D11.3 3.2.3.x: n / 1023), then the VS's v * 2, minus 2 where >= 1."""
    v = np.array([(word >> s) & 1023 for s in (0, 10, 20)], float) / 1023 * 2
    return np.where(v >= 1, v - 2, v)


def cube() -> tuple[np.ndarray, np.ndarray]:
    """24 vertices (4 per face, the face normal), 36 indices clockwise seen from outside, turned by TURN."""
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
            nt = n @ TURN[:3, :3]
            for k, c in enumerate(corners):
                verts.append(((c * HALF) @ TURN[:3, :3], pack_dir(nt), (float(k in (1, 2)), float(k in (2, 3))),
                              pack_dir(u), pack_dir(v)))
            a, b, c = corners[0], corners[1], corners[2]
            tri = [(0, 1, 2), (0, 2, 3)] if np.dot(np.cross(b - a, c - a), n) < 0 else [(0, 2, 1), (0, 3, 2)]
            idx += [base + i for t in tri for i in t]
    return np.array(verts, V), np.array(idx)


DECL = [(0, 0, 2, 0, 0, 0), (0, 12, 14, 0, 3, 0), (0, 16, 15, 0, 5, 0), (0, 20, 14, 0, 6, 0), (0, 24, 14, 0, 7, 0)]


def media(tmp: Path) -> Path:
    verts, idx = cube()
    (tmp / "Squid").mkdir()
    (tmp / "Light Probes").mkdir()
    (tmp / "Squid" / "squid.sdkmesh").write_bytes(single_mesh(verts, idx, DECL, diffuse="squid.png"))
    Image.new("RGB", (2, 2), TEX).save(tmp / "Squid" / "squid.png")
    _dds_cube(tmp / "Light Probes" / "uffizi_cross.dds")
    return tmp


def _dds_cube(path: Path, size: int = 64) -> None:
    """A DDS cube map (legacy header, RGBA8 masks), one solid colour per face (FACES)."""
    pf = struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    hdr = struct.pack("<7I", 124, 0x1 | 0x2 | 0x4 | 0x1000, size, size, 0, 0, 1) + b"\0" * 44 + pf + \
        struct.pack("<5I", 0x1000 | 0x8, 0x200 | 0xFC00, 0, 0, 0)
    path.write_bytes(b"DDS " + hdr + b"".join(bytes([*c, 255]) * (size * size) for c in FACES))


def run(tmp: Path, W: int, H: int, monkeypatch, *extra: str):
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_dsl", EXAMPLES / "effects" /
                                                  "dynamic_shader_linkage_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter((1.0, 1.5))
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", "1", "--media", str(media(tmp)), *extra],
                        sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


def reference(W, H, material, hemi, direct, lighting_only, static):
    """The expected frame (linear float64) and the edge-uncertainty mask."""
    colour, power, textured = MATERIALS["plastic-textured" if static else material]
    colour = np.array(colour, float)
    if static:  # FeatureLevel10: PSMainUniform(g_ambientLight, g_directionalLight, g_environmentLight, plastic tex)
        hemi, direct, env, lighting_only = False, True, True, False
    else:
        env = material.startswith("plastic")  # the rough materials bind cAmbientLight to the environment slot
    if lighting_only:  # c*LightingOnlyMaterial: colours 1 (m_vColor 1, 1, 1), the power of its family
        mat_rgb = np.ones(3)
        power = 128 if material.startswith("plastic") else 6
    else:
        mat_rgb = colour * (srgb_to_linear(TEX) if textured else 1.0)
    eye_dir = np.array([0.0, 0.0, RADIUS])  # g_vEyeDir = GetLookAtPt() - GetEyePt()
    E = eye_dir / np.linalg.norm(eye_dir)
    verts, idx = cube()
    view = look_at_lh((0, 0, -RADIUS), (0, 0, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 2.0, 4000.0)
    pos = verts["Pos"].astype(float)
    clip = np.c_[pos, np.ones(len(pos))] @ view @ proj
    attrs = np.zeros((len(verts), 4))
    coords = {}
    for i, word in enumerate(verts["Norm"]):
        N = unpack_dir(int(word))  # world = identity (the camera's world matrix)
        Nn = N / np.linalg.norm(N)
        if hemi:
            t = (N @ [0, 1, 0] + 1) / 2  # lerp(ground 0.05, colour (0.3, 0.3, 0.4), t)
            amb = 0.05 + t * (np.array([0.3, 0.3, 0.4]) - 0.05)
        else:
            amb = np.full(3, 0.1)
        total = mat_rgb * amb
        if direct:
            total = total + mat_rgb * min(1.0, max(0.0, N @ LIGHT))
            h = -E + LIGHT
            h /= np.linalg.norm(h)
            total = total + max(0.0, h @ Nn) ** power
        if env:
            R = E - 2 * (E @ Nn) * Nn
            face, coords[i // 4] = cube_face(R)
            total = total + np.array(FACES[face]) / 255.0 * (1 - (-E @ Nn)) ** 3
        attrs[i, :3] = np.clip(total, 0, 1)
        attrs[i, 3] = i // 4
    image = np.concatenate([np.tile(MIDNIGHT / 255, (H, W, 1)), -np.ones((H, W, 1))], -1)
    unc = rasterize(W, H, clip, attrs, idx.reshape(-1, 3), image, np.ones((H, W)))
    visible = {int(round(f)) for f in np.unique(image[..., 3]) if f >= 0}
    if env:  # each visible face's reflection stays inside one cube face's texel centres
        assert all(coords[f] < 1 - 1.5 / 64 for f in visible), coords
    assert len(visible) == 3
    return image[..., :3], unc


@pytest.mark.parametrize("extra,material,hemi,direct,lonly", [
    ((), "plastic-textured", False, False, False),
    (("--forcefeaturelevel", "11_0"), "plastic-textured", False, False, False),
    (("--forcefeaturelevel", "11_0", "--direct-lighting", "--hemi-ambient", "--material", "rough"), "rough",
     True, True, False),
    (("--forcefeaturelevel", "11_0", "--direct-lighting", "--lighting-only", "--material", "plastic"), "plastic",
     False, True, True),
    (("--forcefeaturelevel", "11_0", "--bind-interfaces", "--material", "rough-textured", "--direct-lighting"),
     "rough-textured", False, True, False),
])
def test_dynamic_shader_linkage_fx11_first_frame(tmp_path, monkeypatch, extra, material, hemi, direct, lonly):
    W, H = 96, 72
    got, mod = run(tmp_path, W, H, monkeypatch, *extra)
    static = "--forcefeaturelevel" not in extra
    want, unc = reference(W, H, material, hemi, direct, lonly, static)
    assert (mod.g_pMaterialIface is None) == static  # no interface variables below feature level 11
    compare(got, srgb8(want), unc, tol=1)
    assert (np.abs(got - MIDNIGHT_SRGB).sum(-1) > 0).sum() > 1000
    assert len({tuple(p) for p in got.reshape(-1, 3).tolist()} - {tuple(MIDNIGHT_SRGB)}) >= 3


SDK_MEDIA = Path(os.environ.get("PYD3D11_SDK_SAMPLES", "/nonexistent"), "Media")


@pytest.mark.skipif(not (SDK_MEDIA / "Squid" / "Squid.sdkmesh").is_file(),
                    reason="set PYD3D11_SDK_SAMPLES to a checkout of walbourn/directx-sdk-samples (with Media)")
@pytest.mark.parametrize("level", [None, "11_0"])
def test_dynamic_shader_linkage_fx11_real_squid(tmp_path, monkeypatch, level):
    """The SDK's own squid (R10G10B10A2 normals, R16G16_FLOAT texcoords, its DDS texture) and, when the checkout
    has it, Light Probes\\uffizi_cross.dds (else the solid-colour cube above): the frame is drawn — the squid
    covers part of it, lit, and the clear colour stays around it."""
    media_dir = tmp_path / "media"
    media_dir.mkdir()
    (media_dir / "Squid").symlink_to(SDK_MEDIA / "Squid", target_is_directory=True)
    probe = SDK_MEDIA / "Light Probes" / "uffizi_cross.dds"
    (media_dir / "Light Probes").mkdir()
    if probe.is_file() and probe.stat().st_size > 1024:  # not a Git LFS pointer
        (media_dir / "Light Probes" / "uffizi_cross.dds").symlink_to(probe)
    else:
        _dds_cube(media_dir / "Light Probes" / "uffizi_cross.dds")
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_dsl_real", EXAMPLES / "effects" /
                                                  "dynamic_shader_linkage_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    sink = MemorySink()
    W, H = 120, 90
    argv = ["--size", str(W), str(H), "--media", str(media_dir), "--direct-lighting"]
    assert mod.wWinMain(argv + (["--forcefeaturelevel", level] if level else []), sink=sink) == 0
    got = sink.last[..., :3].astype(int)
    drawn = np.abs(got - MIDNIGHT_SRGB).sum(-1) > 0
    assert 0.05 * W * H < drawn.sum() < 0.95 * W * H
    assert (got[0, 0] == MIDNIGHT_SRGB).all() and (got[-1, -1] == MIDNIGHT_SRGB).all()
    assert len({tuple(p) for p in got[drawn].tolist()}) > 50  # shaded, not flat
