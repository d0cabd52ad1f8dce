"""examples/effects/instancing_fx11.py (Instancing.cpp ported line by line, Instancing.fx unchanged) renders the
first frame an independent float64 reference computes from the effect's own math.

Media built here under the SDK's names: CloudBox\\skysphere.sdkmesh a 2000-unit cube seen from inside,
IslandScene\\island.sdkmesh a 1200-unit square at y = 0 facing up, trees\\tree.sdkmesh a 160 x 500 quad facing
the camera, IslandScene\\islandtop_opt.sdkmesh a square for the grass, each (but the grass top) with a
solid-colour PNG (decoded from sRGB: CDXUTSDKMesh loads diffuse maps as sRGB); 4x4 RGBA8 DDS files for the leaf
and grass texture arrays (the grass coverage map, slice 4, all zero: no blade grows), and data\\leaves5.mtx with
one leaf whose matrix collapses the quad to a point (no leaf pixel). So the frame is the skybox and the
instanced islands and trees (--trees 4: the centred instance and CreateRandomTreeMatrices' first three random
ones, two of them in view about 12,000 units away — where the depth attenuation is strong —, recomputed here
from the MSVC rand sequence srand(100) and the sample's formulas):

* RenderSkybox: VSSkymain with the view's translation removed (XMVectorSelect keeps row 3's w), depth off:
  the sky texel everywhere.
* RenderInstancedVertLighting: per instance i, P = (pos, 1) * mTransform_i, colour = CalcLighting(N * (float3x3)
  mTransform_i, (P * view).z) * (1 - saturate(pos.y / 2400)) with CalcLighting = (1 - 0.23 z / 10^4) *
  (sum over the 4 lights of saturate(dot(direction.xyz, N)) * colour + ambient) + (0.15, 0.2, 0.3) z / 10^4
  (g_lights / g_ambient of cimmutable; dot of a float4 with a float3 uses xyz); PSScenemain: texel * colour.
  Depth LESS with writes, back faces (counter-clockwise) culled.
DXUT's back buffer is sRGB: the expected codes are the sRGB encoding of the linear result (tolerance 1 code;
pixels near triangle edges left out)."""

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
from test_examples_effects_fx11 import srgb_to_linear
from test_examples_tutorials import compare, look_at_lh, perspective_fov_lh, rasterize, srgb8

from pyd3d11.dxgi import MemorySink

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SKY, ISLAND, TREE = (110, 150, 210), (120, 100, 60), (90, 60, 40)
V = np.dtype([("Pos", "<f4", 3), ("Norm", "<f4", 3), ("Tex", "<f4", 2)])
LIGHTS = [((0.620275, 0.683659, 0.384537), (0.75, 0.599, 0.405)), ((0.063288, -0.987444, 0.144735),
          (0.192, 0.273, 0.275)), ((0.23007, 0.785579, -0.574422), (0.300, 0.292, 0.223)),
          ((-0.620275, -0.683659, -0.384537), (0.0, 0.0, 0.1))]
AMBIENT = np.array([0.4945, 0.465, 0.5])


def quad(corners, normal) -> tuple[np.ndarray, np.ndarray]:
    """Four corners (in order round the quad) and the normal; triangles wound clockwise seen from the side the
    normal points to (D3D's front faces)."""
    c = np.array(corners, float)
    verts = np.array([(p, normal, (float(i in (1, 2)), float(i in (2, 3)))) for i, p in enumerate(c)], V)
    # D3D's left-handed space: a triangle is clockwise seen from the side its numpy cross(b - a, c - a) points to
    tri = [(0, 1, 2), (0, 2, 3)] if np.dot(np.cross(c[1] - c[0], c[2] - c[0]), normal) > 0 else [(0, 2, 1),
                                                                                                (0, 3, 2)]
    return verts, np.array([i for t in tri for i in t])


def sky_cube(half: float) -> tuple[np.ndarray, np.ndarray]:
    """A cube whose faces are front faces seen from inside."""
    verts, idx = [], []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = np.zeros(3)
            n[axis] = sign
            u = np.zeros(3)
            u[(axis + 1) % 3] = 1.0
            v = np.cross(n, u)
            q, qi = quad([(n - u - v) * half, (n + u - v) * half, (n + u + v) * half, (n - u + v) * half], -n)
            idx += list(qi + len(verts))
            verts += list(q)
    return np.array(verts, V), np.array(idx)


MESHES = {
    "sky": sky_cube(1000.0),
    "island": quad([(-600, 0, -600), (-600, 0, 600), (600, 0, 600), (600, 0, -600)], (0, 1, 0)),
    "tree": quad([(-80, 0, 0), (-80, 500, 0), (80, 500, 0), (80, 0, 0)], (0, 0, 1)),
    "top": quad([(-200, 10, -200), (-200, 10, 200), (200, 10, 200), (200, 10, -200)], (0, 1, 0)),
}


def dds_rgba(path: Path, rgba, size: int = 4) -> None:
    pf = struct.pack("<8I", 32, 0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    hdr = struct.pack("<7I", 124, 0x1 | 0x2 | 0x4 | 0x1000, size, size, 0, 0, 1) + b"\0" * 44 + pf + \
        struct.pack("<5I", 0x1000, 0, 0, 0, 0)
    path.write_bytes(b"DDS " + hdr + bytes(rgba) * (size * size))


def media(tmp: Path) -> Path:
    for d in ("CloudBox", "IslandScene", "trees", "data"):
        (tmp / d).mkdir(exist_ok=True)
    for name, (folder, file), colour in (("sky", ("CloudBox", "skysphere"), SKY),
                                         ("island", ("IslandScene", "island"), ISLAND),
                                         ("tree", ("trees", "tree"), TREE), ("top", ("IslandScene", "islandtop_opt"),
                                                                             None)):
        verts, idx = MESHES[name]
        tex = f"{name}.png" if colour else ""
        (tmp / folder / f"{file}.sdkmesh").write_bytes(single_mesh(verts, idx, POS_NORM_TEX, diffuse=tex))
        if colour:
            Image.new("RGB", (2, 2), colour).save(tmp / folder / tex)
    for leaf in ("green", "olive", "dark"):
        dds_rgba(tmp / "trees" / f"leaf_v3_{leaf}_tex.dds", (60, 140, 40, 255))
    for grass in ("grass_v1_basic", "grass_v2_light", "grass_v3_dark", "dry_flowers_v1"):
        dds_rgba(tmp / "IslandScene" / f"{grass}_tex.dds", (80, 160, 60, 255))
    dds_rgba(tmp / "IslandScene" / "grass_guide_v3_tex.dds", (0, 0, 0, 0))  # no coverage anywhere
    collapsed = np.zeros((4, 4), np.float32)
    collapsed[3, 3] = 1.0
    (tmp / "data" / "leaves5.mtx").write_bytes(struct.pack("<I", 1) + collapsed.tobytes() + struct.pack("<f", 1.0))
    return tmp


def run(tmp: Path, W: int, H: int, monkeypatch, *extra: str):
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_inst", EXAMPLES / "effects" /
                                                  "instancing_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter((1.0, 1.5))
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", "1", "--media", str(media(tmp)), *extra],
                        sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


def tree_matrices(n: int) -> list[np.ndarray]:
    """CreateRandomTreeMatrices: srand(100); MSVC rand (x = x * 214013 + 2531011, bits 16..30); RPercent =
    ((rand() % 20000) - 10000) / 10000; rotation about Y by RPercent * pi, then the translation."""
    state = 100

    def rand():
        nonlocal state
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        return (state >> 16) & 0x7FFF

    def rpercent():
        return ((rand() % 20000) - 10000) / 10000.0

    out = [np.eye(4)]
    for _ in range(1, n):
        x = -(rpercent() * 140.0) * 100.0
        y = (rpercent() * 20.0 - 10.0) * 100.0
        z = -(15.0 + abs(rpercent()) * 200.0) * 100.0
        a = rpercent() * math.pi
        m = np.array([[math.cos(a), 0, -math.sin(a), 0], [0, 1, 0, 0], [math.sin(a), 0, math.cos(a), 0],
                      [x, y, z, 1.0]])
        out.append(m)
    return out


def reference(W, H, trees):
    eye, at = np.array([100.0, 400.0, 2000.0]), np.array([0.0, 0.0, -2000.0])
    view = look_at_lh(eye, at, (0, 1, 0))
    proj = perspective_fov_lh(53.4 * math.pi / 180, W / H, 20.0, 30000.0)
    image = np.tile(srgb_to_linear(SKY), (H, W, 1))  # the skybox covers the frame, depth off
    depth = np.ones((H, W))
    unc = np.zeros((H, W), bool)
    drawn = {}
    for name, colour in (("island", ISLAND), ("tree", TREE)):
        verts, idx = MESHES[name]
        tex = srgb_to_linear(colour)
        pos = np.c_[verts["Pos"].astype(float), np.ones(len(verts))]
        drawn[name] = 0
        for m in tree_matrices(trees):
            world = pos @ m
            vpos = world @ view
            attrs = np.zeros((len(verts), 3))
            for i in range(len(verts)):
                n = verts["Norm"][i].astype(float) @ m[:3, :3]
                c = sum(min(1.0, max(0.0, float(np.dot(d, n)))) * np.array(col) for d, col in LIGHTS)
                att = vpos[i, 2] / 10000.0
                lit = (1 - att * 0.23) * (c + AMBIENT) + np.array([0.15, 0.2, 0.3]) * att
                lit = lit * (1 - min(1.0, max(0.0, verts["Pos"][i][1] / 2400.0)))
                attrs[i] = tex * lit
            before = depth.copy()
            unc |= rasterize(W, H, world @ view @ proj, attrs, idx.reshape(-1, 3), image, depth)
            drawn[name] += int((depth < before).sum())
    return image, unc, drawn


@pytest.mark.parametrize("trees", [1, 4])
def test_instancing_fx11_first_frame(tmp_path, monkeypatch, trees):
    W, H = 96, 72
    got, mod = run(tmp_path, W, H, monkeypatch, "--trees", str(trees), "--grass-coverage", "3")
    want, unc, drawn = reference(W, H, trees)
    assert drawn["island"] > 150 and drawn["tree"] > 80
    assert mod.g_dwNumLeaves == 1 and mod.g_iNumTreesToDraw == trees
    np.testing.assert_allclose(mod.g_treeInstanceMatrices[:trees], np.array(tree_matrices(trees)), rtol=1e-5,
                               atol=1e-2)
    compare(got, srgb8(want), unc, tol=1)
    sky = srgb8(srgb_to_linear(SKY))
    assert (np.abs(got - sky).max(-1) <= 1).sum() > 0.2 * W * H


SDK_MEDIA = Path(os.environ.get("PYD3D11_SDK_SAMPLES", "/nonexistent"), "Media")
REAL = ["CloudBox/skysphere.sdkmesh", "CloudBox/sky_v2b_tex.dds", "IslandScene/island.sdkmesh",
        "IslandScene/island_v1_tex.dds", "IslandScene/islandtop_opt.sdkmesh", "IslandScene/grass_turf_v2_tex.dds",
        "IslandScene/grass_v1_basic_tex.dds", "IslandScene/grass_v2_light_tex.dds",
        "IslandScene/grass_v3_dark_tex.dds", "IslandScene/dry_flowers_v1_tex.dds",
        "IslandScene/grass_guide_v3_tex.dds", "trees/leaf_v3_green_tex.dds", "trees/leaf_v3_olive_tex.dds",
        "trees/leaf_v3_dark_tex.dds", "trees/bark_v1_tex.dds", "Data/leaves5.mtx"]


def _real(rel: str) -> Path | None:
    p = next((q for q in SDK_MEDIA.glob("*/*") if q.relative_to(SDK_MEDIA).as_posix().lower() == rel.lower()), None)
    return p if p is not None and p.stat().st_size > 1024 else None  # not a Git LFS pointer


@pytest.mark.skipif(not SDK_MEDIA.is_dir() or any(_real(r) is None for r in REAL),
                    reason="set PYD3D11_SDK_SAMPLES to a checkout of walbourn/directx-sdk-samples (with Media)")
def test_instancing_fx11_real_media(tmp_path, monkeypatch):
    """The SDK's sky sphere, island, island top, leaf instances (data\\leaves5.mtx), leaf and grass texture arrays
    and (when the checkout has it) tree: the frame is drawn — sky, islands, leaves and grass blades."""
    for rel in REAL:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).symlink_to(_real(rel))
    tree = _real("trees/tree.sdkmesh")
    if tree is not None:
        (tmp_path / "trees" / "tree.sdkmesh").symlink_to(tree)
    else:  # a trunk standing in for a missing tree mesh
        verts, idx = MESHES["tree"]
        (tmp_path / "trees" / "tree.sdkmesh").write_bytes(single_mesh(verts, idx, POS_NORM_TEX,
                                                                      diffuse="bark_v1_tex.dds"))
    sys.path.insert(0, str(EXAMPLES / "samples"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_inst_real", EXAMPLES / "effects" /
                                                  "instancing_fx11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    sink = MemorySink()
    W, H = 96, 72
    assert mod.wWinMain(["--size", str(W), str(H), "--media", str(tmp_path), "--trees", "2", "--grass-coverage",
                         "2"], sink=sink) == 0
    got = sink.last[..., :3].astype(int)
    assert mod.g_dwNumLeaves > 1000  # the leaf instances of leaves5.mtx
    assert len({tuple(p) for p in got.reshape(-1, 3).tolist()}) > 300
    assert (got.max(-1) == 0).mean() < 0.05  # the sky sphere covers the black clear
