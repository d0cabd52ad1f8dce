"""Shared helpers for the sampler tests (no tests here): build textures as storage bytes, views,
sampler descs, and run small pixel-shader programs through the reference executor."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyd3d11.formats.codecs import encode_region
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

FLT_MAX = 3.4028234663852886e38
RGBA32F = 2
RGBA32U = 3
R32F = 41
R16U = 56
RGBA8 = 28
RGBA8_SRGB = 29
R8G8 = 49
R8_SNORM = 63
R8G8_SINT = 52

# D3D11_SRV_DIMENSION
SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY = 2, 3, 4, 5, 8, 9, 10
WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE = 1, 2, 3, 4, 5


@dataclass
class SamplerDesc:
    Filter: int = 0x15
    AddressU: int = CLAMP
    AddressV: int = CLAMP
    AddressW: int = CLAMP
    MipLODBias: float = 0.0
    MaxAnisotropy: int = 1
    ComparisonFunc: int = 1
    BorderColor: tuple = (0.0, 0.0, 0.0, 0.0)
    MinLOD: float = -FLT_MAX
    MaxLOD: float = FLT_MAX


def make_storage(dim: int, fmt: int, slices: list[list[np.ndarray]], bpe: int) -> ResourceStorage:
    """``slices[s][m]`` = (d, h, w, 4) texels (or (h, w, 4)) of array slice s, mip m; dim = 2/3/4 (1D/2D/3D)."""
    top = np.asarray(slices[0][0])
    if top.ndim == 3:
        top = top[None]
    d, h, w, _ = top.shape
    st = ResourceStorage.create(dim, fmt, w, h if dim != 2 else 1, d if dim == 4 else 1, len(slices[0]), len(slices),
                                1, bpe, 1)
    for s, mips in enumerate(slices):
        for m, lv in enumerate(mips):
            lv = np.asarray(lv)
            if lv.ndim == 3:
                lv = lv[None]
            sub = st.subresource_index(m, s)
            st.subresource_bytes(sub)[:] = encode_region(fmt, lv)
    st.touch()
    return st


def srv(st: ResourceStorage, fmt: int, dimension: int, first_mip: int = 0, mip_count: int | None = None,
        first_slice: int = 0, slice_count: int | None = None, min_lod: float = 0.0) -> ViewDescriptor:
    return ViewDescriptor(ViewKind.SRV, st, fmt, dimension, first_mip,
                          st.mip_levels - first_mip if mip_count is None else mip_count, first_slice,
                          st.array_size - first_slice if slice_count is None else slice_count, min_lod=min_lod)


def run_ps(body: str, inputs: np.ndarray, view=None, sampler=None, decls: str = "", hooks=None,
           active: np.ndarray | None = None, views: dict | None = None) -> np.ndarray:
    """Run ``ps_5_0`` with v0..v2 float4 inputs (N, k*4) and one output o0; returns (N, 4) uint32."""
    text = ("ps_5_0\n" + decls + "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\n"
            "dcl_input_ps linear v2.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n" + body + "\nret\n")
    prog = assemble_program(text)
    b = Bindings()
    if view is not None:
        b.srvs[0] = view
    for k, v in (views or {}).items():
        b.srvs[k] = v
    b.samplers[0] = sampler
    inp = np.asarray(inputs, np.float32)
    n = inp.shape[0]
    regs = np.zeros((3, n, 4), np.float32)
    k = inp.shape[1] // 4
    regs[:k] = inp.reshape(n, k, 4).transpose(1, 0, 2)
    res = run_program(prog, n, inputs=regs, bindings=b, hooks=hooks or TextureSampler(), active=active)
    return res.outputs[0]


def f32(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(np.float32)


def quad_lanes(centers: np.ndarray, dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """2x2 quads (TL, TR, BL, BR) around each centre with coordinate steps dx (right) / dy (down): (4q, k)."""
    c = np.asarray(centers, np.float32)
    out = np.stack([c, c + dx, c + dy, c + dx + dy], axis=1)
    return out.reshape(-1, c.shape[1]).astype(np.float32)


def snap8(x: float) -> tuple[int, float]:
    """Independent 16.8 fixed-point reference: round-half-even of x*256, then (floor, fraction)."""
    q = round(x * 256.0)  # Python round = half to even
    return q // 256, (q % 256) / 256.0


def address_ref(t: int, n: int, mode: int) -> int | None:
    """Spec §7.18.9 pseudocode (None = border)."""
    if 0 <= t <= n - 1:
        return t
    if mode == WRAP:
        return t % n
    if mode == MIRROR:
        if t < 0:
            t = -t - 1
        flip = (t // n) & 1
        t %= n
        return n - t - 1 if flip else t
    if mode == CLAMP:
        return max(0, min(t, n - 1))
    if mode == MIRROR_ONCE:
        if t < 0:
            t = -t - 1
        return max(0, min(t, n - 1))
    return None
