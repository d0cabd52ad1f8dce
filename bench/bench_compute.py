#!/usr/bin/env python3
"""Compute benchmark: scenes S4a (saxpy) and S4b (groupshared reduction) of ../shared/bench/peer_bench.py,
run through pyd3d11.pipeline.compute.dispatch directly. Shaders: peer_bench's HLSL_REFERENCE compiled
with pyd3d11's D3DCompile (default) or the same shaders hand-written in assembly (``--shaders asm``).

Same sizes, seeds and byte counts as peer_bench.py: N = 16,777,216 float32; S4a numthreads(256,1,1),
Dispatch(256,256,1), bytes = 12*N; S4b two passes (Dispatch(128,128,1) then Dispatch(1,1,1)), bytes = 4*N.
Peers (peer-results.md, llvmpipe): S4a 4.79 GB/s, S4b 0.505 GB/s.

Usage: python bench/bench_compute.py [--runs 3] [--n N] [--max-lanes L] [--shaders hlsl|asm]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import time
from pathlib import Path

import numpy as np

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

S4_A = 2.0

SAXPY = """cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[1], immediateIndexed
dcl_resource_structured t0, 4
dcl_uav_structured u0, 4
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 256, 1, 1
imad r0.x, vThreadID.y, l(65536), vThreadID.x
ld_structured r0.y, r0.x, l(0), t0.xxxx
ld_structured r1.x, r0.x, l(0), u0.xxxx
mad r0.y, cb0[0].x, r0.y, r1.x
store_structured u0.x, r0.x, l(0), r0.y
ret
"""

REDUCE = """cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_structured t0, 4
dcl_uav_structured u0, 4
dcl_input vThreadGroupID.xy
dcl_input vThreadIDInGroupFlattened
dcl_temps 3
dcl_tgsm_structured g0, 4, 256
dcl_thread_group 256, 1, 1
imad r0.x, vThreadGroupID.y, l({gx}), vThreadGroupID.x
imul null, r0.y, r0.x, l({span})
iadd r0.y, r0.y, vThreadIDInGroupFlattened.x
mov r0.z, l(0.0)
mov r0.w, l(0)
loop
  uge r1.x, r0.w, l({pt})
  breakc_nz r1.x
  imad r1.y, r0.w, l(256), r0.y
  ld_structured r1.z, r1.y, l(0), t0.xxxx
  add r0.z, r0.z, r1.z
  iadd r0.w, r0.w, l(1)
endloop
store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), r0.z
sync_g_t
mov r1.x, l(128)
loop
  ieq r1.y, r1.x, l(0)
  breakc_nz r1.y
  ult r1.y, vThreadIDInGroupFlattened.x, r1.x
  if_nz r1.y
    iadd r1.z, r1.x, vThreadIDInGroupFlattened.x
    ld_structured r1.w, r1.z, l(0), g0.xxxx
    ld_structured r2.x, vThreadIDInGroupFlattened.x, l(0), g0.xxxx
    add r1.w, r1.w, r2.x
    store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), r1.w
  endif
  sync_g_t
  ushr r1.x, r1.x, l(1)
endloop
if_z vThreadIDInGroupFlattened.x
  ld_structured r1.x, l(0), l(0), g0.xxxx
  store_structured u0.x, r0.x, l(0), r1.x
endif
ret
"""


CLOCK = time.perf_counter


def _peer_module():
    p = Path(__file__).resolve().parents[2] / "shared" / "bench" / "peer_bench.py"
    if not p.exists():
        return None
    spec = importlib.util.spec_from_file_location("peer_bench", p)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def compiled(peer, entry: str, defines: dict[str, str] | None = None):
    """The program of peer_bench's HLSL_REFERENCE entry ``entry`` compiled for cs_5_0."""
    # CSReduce reads PER_THREAD / GROUPS_X and the file is type-checked whole (as fxc does): always define them
    defines = {"PER_THREAD": "4", "GROUPS_X": "1", **(defines or {})}
    blob = bytes(D3DCompile(peer.HLSL_REFERENCE, None, "peer_bench.hlsl", defines, None, entry, "cs_5_0"))
    return decode_program(next(c for c in parse_container(blob).chunks if c.fourcc == "SHEX").data)


def structured_buffer(values: np.ndarray) -> ResourceStorage:
    st = ResourceStorage.create(1, 0, values.nbytes, structure_stride=4)
    st.data[:] = np.ascontiguousarray(values).view(np.uint8)
    return st


def view(kind: ViewKind, st: ResourceStorage, n: int) -> ViewDescriptor:
    return ViewDescriptor(kind, st, 0, 1, first_element=0, num_elements=n, element_size=4, structured=True)


def time_frames(frame, runs: int) -> dict:
    t0 = CLOCK()
    frame()
    first = CLOCK() - t0
    # steady frames: a quick first build's O2 rebuild (shader/native/runtime.TIER) swapped in first; a tree
    # from before the tiered builds (vs_llvmpipe.py --baseline) has nothing to wait for
    try:
        from pyd3d11.shader.native import runtime as nrt
        getattr(nrt, "wait_upgrades", lambda: None)()
    except ImportError:  # llvmlite missing: the reference backend has no rebuilds
        pass
    ts = []
    for _ in range(runs):
        t0 = CLOCK()
        frame()
        ts.append(CLOCK() - t0)
    return {"first_ms": round(first * 1e3, 1), "median_ms": round(statistics.median(ts) * 1e3, 1),
            "min_ms": round(min(ts) * 1e3, 1), "runs": runs}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu-time", action="store_true",
                    help="time frames in process CPU time (steadier on a shared, loaded machine)")
    ap.add_argument("--n", type=int, default=1 << 24)
    ap.add_argument("--max-lanes", type=int, default=1 << 20)
    ap.add_argument("--shaders", choices=("hlsl", "asm"), default="hlsl",
                    help="compile peer_bench's HLSL_REFERENCE (default; needs ../shared/bench) or use the "
                         "hand-written assembly")
    args = ap.parse_args()
    global CLOCK
    if args.cpu_time:
        CLOCK = time.process_time
    n = args.n
    peer = _peer_module()
    if peer is not None and n == peer.S4_N:
        x, y = peer.make_s4_data()
    else:
        rng = np.random.default_rng(99)
        x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    kw = {"max_lanes": args.max_lanes}
    hlsl = args.shaders == "hlsl"
    if hlsl and peer is None:
        raise SystemExit("--shaders hlsl needs ../shared/bench/peer_bench.py (use --shaders asm)")

    # ---- S4a saxpy
    prog = compiled(peer, "CSSaxpy") if hlsl else assemble_program(SAXPY)
    xs, ys = structured_buffer(x), structured_buffer(y)
    b = Bindings()
    b.set_cbuffer(0, np.array([S4_A, 0, 0, 0], np.float32))
    b.srvs[0] = view(ViewKind.SRV, xs, n)
    b.uavs[0] = view(ViewKind.UAV, ys, n)
    gy = n // (256 * 256)

    def saxpy():
        dispatch(prog, b, 256, gy, 1, **kw)

    ys.data[:] = y.view(np.uint8)
    saxpy()
    got = ys.data.view(np.float32)
    err = float(np.max(np.abs(got - (np.float32(S4_A) * x + y))))
    tm = time_frames(saxpy, args.runs)
    gbs = 12 * n / (tm["median_ms"] / 1e3) / 1e9
    print(json.dumps({"scene": "S4a", "name": "compute saxpy", "peer": "pyd3d11-reference", **tm,
                      "throughput": round(gbs, 4), "unit": "GB/s", "n": n, "peer_llvmpipe": 4.79,
                      "check": {"max_abs_err": err, "ok": err < 1e-5}, "shaders": args.shaders}))

    # ---- S4b reduce (two dispatches)
    groups = n // 1024
    gx = 128
    if hlsl:
        p1 = compiled(peer, "CSReduce", {"PER_THREAD": "4", "GROUPS_X": str(gx)})
        p2 = compiled(peer, "CSReduce", {"PER_THREAD": str(groups // 256), "GROUPS_X": "1"})
    else:
        p1 = assemble_program(REDUCE.format(gx=gx, span=1024, pt=4))
        p2 = assemble_program(REDUCE.format(gx=1, span=256 * (groups // 256), pt=groups // 256))
    partial = structured_buffer(np.zeros(groups, np.float32))
    result = structured_buffer(np.zeros(1, np.float32))
    b1 = Bindings()
    b1.srvs[0] = view(ViewKind.SRV, xs, n)
    b1.uavs[0] = view(ViewKind.UAV, partial, groups)
    b2 = Bindings()
    b2.srvs[0] = view(ViewKind.SRV, partial, groups)
    b2.uavs[0] = view(ViewKind.UAV, result, 1)

    def reduce():
        dispatch(p1, b1, gx, groups // gx, 1, **kw)
        dispatch(p2, b2, 1, 1, 1, **kw)

    tm = time_frames(reduce, args.runs)
    got = float(result.data.view(np.float32)[0])
    ref = float(np.sum(x, dtype=np.float64))
    rel = abs(got - ref) / ref
    gbs = 4 * n / (tm["median_ms"] / 1e3) / 1e9
    print(json.dumps({"scene": "S4b", "name": "compute reduce", "peer": "pyd3d11-reference", **tm,
                      "throughput": round(gbs, 4), "unit": "GB/s", "n": n,
                      "Gelem/s": round(n / (tm["median_ms"] / 1e3) / 1e9, 4), "peer_llvmpipe": 0.505,
                      "check": {"sum": got, "ref": ref, "rel_err": rel, "ok": rel < 1e-4}, "shaders": args.shaders}))


if __name__ == "__main__":
    main()
