#!/usr/bin/env python3
"""Texture-sampling benchmark: scene S3 of ../shared/bench/peer_bench.py run through the reference
executor with pyd3d11.pipeline.sampler.TextureSampler as the sampling hook.

1024x1024 RGBA8 UNORM texture with its full mip chain from make_s3_texture, MIN_MAG_MIP_LINEAR, WRAP;
the pixel shader takes 4 samples at uv*1.25, uv*1.75+(0.13,0.29), uv*2.5+(0.37,0.61),
uv*3.5+(0.71,0.05) and averages them. 1024*1024 lanes in 2x2 quads (no rasterizer: the uv of each
pixel centre is given directly). Peer (peer-results.md, llvmpipe): 51.7 Mpixels/s.

Usage: python bench/bench_sampler.py [--runs 3] [--size 1024]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import time
from pathlib import Path

import numpy as np

from pyd3d11.formats.codecs import encode_region
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

PS = """ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
dcl_temps 3
mul r0.xy, v0.xyxx, l(1.250000, 1.250000, 0.000000, 0.000000)
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, r0.xyxx, t0.xyzw, s0
mad r0.xy, v0.xyxx, l(1.750000, 1.750000, 0.000000, 0.000000), l(0.130000, 0.290000, 0.000000, 0.000000)
sample_indexable(texture2d)(float,float,float,float) r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mad r0.xy, v0.xyxx, l(2.500000, 2.500000, 0.000000, 0.000000), l(0.370000, 0.610000, 0.000000, 0.000000)
sample_indexable(texture2d)(float,float,float,float) r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mad r0.xy, v0.xyxx, l(3.500000, 3.500000, 0.000000, 0.000000), l(0.710000, 0.050000, 0.000000, 0.000000)
sample_indexable(texture2d)(float,float,float,float) r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mul o0.xyzw, r1.xyzw, l(0.250000, 0.250000, 0.250000, 0.250000)
ret
"""


class _Sampler:
    Filter = 0x15
    AddressU = AddressV = AddressW = 1
    MipLODBias = 0.0
    MaxAnisotropy = 1
    ComparisonFunc = 1
    BorderColor = (0.0, 0.0, 0.0, 0.0)
    MinLOD = -3.402823466e38
    MaxLOD = 3.402823466e38


CLOCK = time.perf_counter


def _peer_bench():
    path = Path(__file__).resolve().parents[2] / "shared" / "bench" / "peer_bench.py"
    spec = importlib.util.spec_from_file_location("peer_bench", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def quad_uv(size: int) -> np.ndarray:
    """(size*size, 4) float32 inputs: pixel-centre uv (v up, as QUAD_VERTS maps it) in 2x2 quad lane order."""
    qy, qx, ly, lx = np.meshgrid(np.arange(size // 2), np.arange(size // 2), np.arange(2), np.arange(2),
                                 indexing="ij")
    x = (qx * 2 + lx).ravel()
    y = (qy * 2 + ly).ravel()
    out = np.zeros((size * size, 4), np.float32)
    out[:, 0] = (x + 0.5) / size
    out[:, 1] = 1.0 - (y + 0.5) / size
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu-time", action="store_true",
                    help="time frames in process CPU time (steadier on a shared, loaded machine)")
    ap.add_argument("--size", type=int, default=1024)
    args = ap.parse_args()
    global CLOCK
    if args.cpu_time:
        CLOCK = time.process_time
    levels = _peer_bench().make_s3_texture(size=args.size)
    st = ResourceStorage.create(3, 28, args.size, args.size, 1, len(levels), 1, 1, 4, 1)
    for m, lv in enumerate(levels):
        st.subresource_bytes(m)[:] = encode_region(28, lv[None].astype(np.float32) / 255.0)
    st.touch()
    b = Bindings()
    b.srvs[0] = ViewDescriptor(ViewKind.SRV, st, 28, 4, 0, len(levels))
    b.samplers[0] = _Sampler()
    prog = assemble_program(PS)
    n = args.size * args.size
    inputs = quad_uv(args.size)[None]
    hooks = TextureSampler()
    t0 = CLOCK()
    res = run_program(prog, n, inputs=inputs, bindings=b, hooks=hooks)
    first = CLOCK() - t0
    times = []
    for _ in range(args.runs):
        t0 = CLOCK()
        res = run_program(prog, n, inputs=inputs, bindings=b, hooks=hooks)
        times.append(CLOCK() - t0)
    med = statistics.median(times)
    out = res.outputs[0].view(np.float32)
    check = (np.clip(out, 0, 1) * 255).mean(axis=0).round(3).tolist()
    print(json.dumps({"scene": "S3", "first_ms": round(first * 1e3, 1), "median_ms": round(med * 1e3, 1),
                      "mpixels_per_s": round(n / med / 1e6, 3), "gsamples_per_s": round(4 * n / med / 1e9, 4),
                      "peer_llvmpipe_mpixels_per_s": 51.7, "check_rgba": check}))


if __name__ == "__main__":
    main()
