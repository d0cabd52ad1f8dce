"""examples/samples/particles_gs.py (ParticlesGS of the SDK's legacy samples, its fx_4_0 effect unchanged): the
stream-output particle system after N frames and the last frame, against an independent simulation.

Independent computation, from ParticlesGS.fx and ParticlesGS.cpp: the Microsoft C runtime's rand() (LCG 214013 /
2531011, bits 16..30) filling the 1024-texel random texture with (rand() % 10000) - 5000; RandomDir(o) = the texel
floor(frac((T + o) / 300) * 1024) (point sampling, wrap); the GS handlers per particle type in buffer order
(launcher: emit a shell when its timer is out, then itself; shell: 100 ember1s and |x| * 15 ember2s when out, else
move; ember1/3: move while alive; ember2: 10 ember3s when out, else move; moving = pos += vel dt, vel += g dt,
timer -= dt), in float32; then each particle drawn as the GS's camera-facing quad (radius and colour by type),
textured with the stand-in particle texture (bilinear, clamp), added with SRC_ALPHA / ONE onto black."""

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
F = np.float32
LAUNCHER, SHELL, EMBER1, EMBER2, EMBER3 = range(5)


def load():
    sys.path.insert(0, str(SAMPLES))
    spec = importlib.util.spec_from_file_location("pyd3d11_sample_particles_gs", SAMPLES / "particles_gs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def random_texture(seed: int) -> np.ndarray:
    state = seed & 0xFFFFFFFF
    out = []
    for _ in range(1024 * 4):
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        out.append(float(((state >> 16) & 0x7FFF) % 10000 - 5000))
    return np.array(out, F).reshape(1024, 4)


class Sim:
    """The AdvanceParticles GS over a particle list [(pos, vel, timer, type)] in float32."""

    def __init__(self, seed: int):
        self.tex = random_texture(seed)
        self.margins: list[float] = []  # how close each timer decision came to 0

    def rdir(self, t: F, offset: float) -> np.ndarray:
        u = F(F(t + F(offset)) / F(300.0))
        u = u - np.floor(u)
        v = self.tex[int(np.floor(u * 1024)) % 1024, :3]
        return (v / np.sqrt(F(v @ v))).astype(F)

    def step(self, parts: list, t: float, dt: float) -> list:
        t, dt = F(t), F(dt)
        g = np.array([0, -9.8, 0], F) * dt
        out = []

        def move(p):
            pos, vel, timer, typ = p
            out.append(((pos + vel * dt).astype(F), (vel + g).astype(F), F(timer - dt), typ))

        for pos, vel, timer, typ in parts:
            self.margins.append(abs(float(timer)))
            if typ == LAUNCHER:
                if timer <= 0:
                    r = self.rdir(t, typ)
                    out.append(((pos + vel * dt).astype(F), (vel + r * F(8)).astype(F), F(3.0 + r[1] * F(0.5)),
                                SHELL))
                    timer = F(F(0.4) + r[0] * F(0.4))
                else:
                    timer = F(timer - dt)
                out.append((pos, vel, timer, typ))
            elif typ == SHELL:
                if timer <= 0:
                    r = np.zeros(3, F)
                    for i in range(100):
                        r = self.rdir(t, typ + i)
                        out.append(((pos + vel * dt).astype(F), (vel + r * F(15)).astype(F), F(2.5), EMBER1))
                    i = 0
                    while i < abs(float(r[0])) * 15.0:
                        r = self.rdir(t, typ + i)
                        out.append(((pos + vel * dt).astype(F), (vel + r * F(10)).astype(F),
                                    F(1.5 + F(0.4) * r[0]), EMBER2))
                        i += 1
                else:
                    move((pos, vel, timer, typ))
            elif typ in (EMBER1, EMBER3):
                if timer > 0:
                    move((pos, vel, timer, typ))
            elif typ == EMBER2:
                if timer <= 0:
                    for i in range(10):
                        out.append(((pos + vel * dt).astype(F), (vel + self.rdir(t, typ + i) * F(10)).astype(F),
                                    F(2.0), EMBER3))
                else:
                    move((pos, vel, timer, typ))
        return out


def sprite_style(p) -> tuple[np.ndarray, float]:
    """VSScenemain: (colour, radius) by type."""
    _, _, timer, typ = p
    if typ == LAUNCHER:
        return np.array([1, 0.1, 0.1, 1.0]), 1.0
    if typ == SHELL:
        return np.array([0.1, 1, 1, 1.0]), 1.0
    if typ == EMBER1:
        return np.array([1, 1, 0.1, 1.0]) * (float(timer) / 2.5), 1.5
    if typ == EMBER2:
        return np.array([1, 0.1, 1, 1.0]), 1.5
    return np.array([1, 0.1, 0.1, 1.0]) * (float(timer) / 2.0), 1.5


def render(parts: list, W: int, H: int, texels: np.ndarray):
    at = np.array([0.0, 70.0, 0.0])
    eye0 = np.array([0.0, 0.0, -170.0])
    eye = at - (at - eye0) / np.linalg.norm(at - eye0) * 170.0  # CModelViewerCamera: the radius is clamped to 170
    view = look_at_lh(eye, at, (0, 1, 0))
    vp = view @ perspective_fov_lh(math.pi / 4, W / H, 0.1, 5000.0)
    inv_view3 = np.linalg.inv(view)[:3, :3]
    corners = np.array([(-1, 1, 0), (1, 1, 0), (-1, -1, 0), (1, -1, 0)], float)
    uvs = np.array([(0, 1), (1, 1), (0, 0), (1, 0)], float)  # g_texcoords
    tex = texels.astype(np.float64) / 255.0
    size = tex.shape[0]
    out = np.zeros((H, W, 3))
    unc = np.zeros((H, W), bool)
    for p in parts:
        colour, radius = sprite_style(p)
        world = (corners * radius) @ inv_view3 + p[0].astype(float)
        clip = np.c_[world, np.ones(4)] @ vp
        img = np.zeros((H, W, 3))
        # the strip (0, 1, 2), (2, 1, 3)
        unc |= rasterize(W, H, clip, np.c_[uvs, np.ones(4)], [np.array([0, 1, 2]), np.array([2, 1, 3])], img)
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


def read_particles(mod, buf) -> np.ndarray:
    """The particles DrawAuto would draw from ``buf``: a staging copy's bytes up to the BufferFilledSize the
    SO-statistics query reports as written (NumPrimitivesWritten points of the last advance)."""
    ctx = sys.modules["dxut"].S.context
    dev = sys.modules["dxut"].S.device
    filled = ctx._so_filled.get(id(buf._storage), 0)
    desc = buf.GetDesc()
    desc.Usage, desc.BindFlags, desc.CPUAccessFlags, desc.MiscFlags = 3, 0, 0x20000, 0  # STAGING, CPU read
    st = dev.CreateBuffer(desc, None)
    ctx.CopyResource(st, buf)
    m = ctx.Map(st, 0, 1, 0)
    data = np.frombuffer(bytes(m.pData)[:filled], np.uint8).copy()
    ctx.Unmap(st, 0)
    return data.view(mod.PARTICLE_VERTEX)


@pytest.mark.parametrize("frames", [8, 36])
def test_particles_gs_stream_output_and_frame(tmp_path, monkeypatch, frames):
    W, H, seed, dt = 320, 240, 11, 0.1
    mod = load()
    times = [1.0 + dt * k for k in range(frames + 1)]
    seq = iter(times)
    monkeypatch.setattr(sys.modules["dxut"].S, "clock", lambda: next(seq))
    sink = MemorySink()
    assert mod.wWinMain(["--size", str(W), str(H), "--frames", str(frames), "--seed", str(seed), "--media",
                         str(tmp_path)], sink=sink) == 0
    sim = Sim(seed)
    parts = [(np.zeros(3, F), np.array([0, 40, 0], F), F(0), LAUNCHER)]
    for k in range(1, frames + 1):
        parts = sim.step(parts, times[k] - times[0], times[k] - times[k - 1])
    assert min(m for m in sim.margins if m != 0.0) > 1e-4  # no timer decision within rounding of 0 (the seed is 0)
    got = read_particles(mod, mod.g_pParticleDrawFrom)
    assert [int(t) for t in got["Type"]] == [p[3] for p in parts]
    np.testing.assert_allclose(got["pos"], np.array([p[0] for p in parts]), rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(got["vel"], np.array([p[1] for p in parts]), rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(got["Timer"], np.array([p[2] for p in parts]), rtol=1e-4, atol=1e-4)
    if frames > 30:  # the first shell has burst into embers
        assert sum(p[3] == EMBER1 for p in parts) >= 100
    want, unc = render(parts, W, H, mod.particle_texels())
    frame = sink.last[..., :3].astype(int)
    ok = ~unc
    assert (want.max(-1) > 0).sum() >= 2 * len(parts)  # every sprite covers pixels
    diff = np.abs(frame - want).max(-1)
    # additive blending re-quantises to 8 bits after every sprite, the expectation once: a step per overlap
    assert (ok & (diff > 3)).sum() <= 0.003 * ok.sum(), np.argwhere(ok & (diff > 3))[:5].tolist()
    assert abs(int(frame[ok].sum()) - int(want[ok].sum())) <= 0.02 * want[ok].sum() + 50
