"""examples/effects/tutorial11.py (Tutorial11 of the SDK's Direct3D11TutorialsFX11, its effect file unchanged)
renders the frame an independent float64 reference computes: the camera and world matrices written out from
DirectXMath's formulas (tests/test_examples_tutorials.py), Tutorial11.fx's lighting
(texel * saturate(dot(mul(Norm, (float3x3)World), vLightDir)), alpha 1, Waviness 0) per face, the same
rasterisation rules and the FLOAT -> UNORM8 rule."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np

from pyd3d11.dxgi import MemorySink

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_examples_tutorials import (  # noqa: E402
    MIDNIGHT,
    compare,
    look_at_lh,
    perspective_fov_lh,
    rasterize,
    rot_x,
    rot_y,
    unorm8,
)


def run_tutorial11(w, h, times, monkeypatch):
    sys.path.insert(0, str(EXAMPLES / "tutorials"))
    spec = importlib.util.spec_from_file_location("pyd3d11_example_fx_tutorial11", EXAMPLES / "effects" /
                                                  "tutorial11.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    seq = iter(times)
    monkeypatch.setattr(sys.modules["winshim"], "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(w), str(h), "--frames", str(len(times))], sink=sink) == 0
    return sink.last[..., :3].astype(int), mod


def test_tutorial11_effect_frame(monkeypatch):
    W, H = 96, 72
    t = 0.7
    got, mod = run_tutorial11(W, H, (1.0, 1.0 + t), monkeypatch)
    world = rot_x(math.radians(-90.0)) @ rot_y(math.radians(60.0 * t))
    view = look_at_lh((0, 3, -800), (0, 1, 0), (0, 1, 0))
    proj = perspective_fov_lh(math.pi / 4, W / H, 0.1, 5000.0)
    vertices, indices = mod.cube_mesh(mod.MESH_HALF_EXTENT)
    pos = vertices["Pos"].astype(float)
    clip = np.c_[pos, np.ones(len(pos))] @ world @ view @ proj
    light = np.array([-0.577, 0.577, -0.577])
    normals = vertices["Norm"].astype(float) @ world[:3, :3]
    lit = np.clip(normals @ light, 0.0, 1.0)
    texel = np.array(mod.DIFFUSE_TEXEL[:3]) / 255.0
    colours = lit[:, None] * texel[None, :]
    image = np.tile(MIDNIGHT / 255, (H, W, 1))
    depth = np.ones((H, W))
    unc = rasterize(W, H, clip, colours, indices.reshape(-1, 3).astype(int), image, depth)
    compare(got, unorm8(image), unc, tol=1)
    shades = {tuple(p) for p in got.reshape(-1, 3).tolist()} - {tuple(MIDNIGHT)}
    assert len(shades) >= 2  # two faces lit differently are in view
    assert (np.abs(got - MIDNIGHT).sum(-1) > 0).sum() > 1000
