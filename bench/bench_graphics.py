#!/usr/bin/env python3
"""Graphics benchmark: scenes S1, S1z, S2, S3, S5 of ../shared/bench/peer_bench.py through the public API.

Same sizes, counts, seeds and timing rules as peer_bench.py: 1024x1024 RGBA8 target cleared every frame,
frame = clear + all draws (a synchronous device: the calls returning), setup outside the timed region,
first frame reported separately, then warm-up and timed runs (median). Shaders: the HLSL_REFERENCE
shaders of peer_bench.py compiled with pyd3d11's D3DCompile (default, ``--shaders hlsl``), or the same
shaders hand-written in assembly (``--shaders asm``: measures what the compiler's code costs).

Peers on this machine (peer-results.md, llvmpipe, 2 threads): S1 1067 Mpix/s, S1z 288 Mpix/s,
S2 3.42 Mtri/s, S3 51.7 Mpix/s, S5 801 Mpix/s; softpipe: S1 3.62, S1z 3.53, S2 0.037, S3 0.276, S5 23.9.

Usage: python bench/bench_graphics.py [--scenes S1z,S2,S3,S5] [--runs 3] [--warmup 1] [--shaders hlsl|asm]
                                   [--profile [N]] [--cpu-time] [--latency]

--latency: also the first-draw latency of a new pixel shader (process CPU ms, disk cache off): ``new_ps_ms``
(its kernel compiled), ``new_ps_variant_ms`` (its kernel and a new fused pipeline variant whose rasterizer and
merger modules exist: a new shader under the same pipeline state) and ``new_ps_cold_variant_ms`` (every module
of the variant compiled too: a new shader under a new output-merger state).
--profile: instead of timing, run each scene's frame once with a single draw (S1/S1z/S5 normally
repeat theirs) under cProfile (process CPU time) after one warm frame, and print the top N functions by own time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import time
from pathlib import Path

import numpy as np

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, assemble_shader
from pyd3d11.dxgi import *  # noqa: F403

PEER = Path(__file__).resolve().parents[2] / "shared" / "bench" / "peer_bench.py"
W = H = 1024

VS_QUAD = """vs_4_0
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
mov o0.xy, v0.xyxx
mov o0.zw, l(0,0,0,1.0)
mov o1.xy, v1.xyxx
ret
"""

PS_FILL = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 3
mul r0.xy, v1.xyxx, l(6.2831853, 6.2831853, 0, 0)
sincos r1.x, null, r0.x
sincos null, r1.y, r0.y
mul r1.x, r1.x, r1.y
mul r0.z, r0.x, l(3.0)
mad r0.z, r0.y, l(2.0), r0.z
sincos r1.y, null, r0.z
mul r1.z, r1.x, r1.y
mad r1.xyz, r1.xyzx, l(0.5, 0.5, 0.5, 0), l(0.5, 0.5, 0.5, 0)
dp3 r2.x, r1.xyzx, l(0.299, 0.587, 0.114, 0)
mad r1.xyz, r1.xyzx, r2.xxxx, l(0.1, 0.2, 0.3, 0)
mul r2.y, r2.x, l(12.0)
mad r2.y, v1.x, l(5.0), r2.y
sincos null, r2.y, r2.y
mad r2.y, r2.y, l(0.25), l(0.75)
mul_sat o0.xyz, r1.xyzx, r2.yyyy
mov o0.w, l(1.0)
ret
"""

VS_MESH = """vs_4_0
dcl_constantbuffer cb0[4], immediateIndexed
dcl_input v0.xyz
dcl_input v1.xyz
dcl_output_siv o0.xyzw, position
dcl_output o1.xyz
dcl_temps 1
mov r0.xyz, v0.xyzx
mov r0.w, l(1.0)
dp4 o0.x, cb0[0].xyzw, r0.xyzw
dp4 o0.y, cb0[1].xyzw, r0.xyzw
dp4 o0.z, cb0[2].xyzw, r0.xyzw
dp4 o0.w, cb0[3].xyzw, r0.xyzw
mov o1.xyz, v1.xyzx
ret
"""

_L = np.array([0.3, 0.5, 0.8], np.float32)
_L = _L / np.float32(np.sqrt(np.float32((_L * _L).sum())))
PS_DIFFUSE = f"""ps_4_0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 1
dp3 r0.x, v1.xyzx, v1.xyzx
rsq r0.x, r0.x
mul r0.xyz, r0.xxxx, v1.xyzx
dp3 r0.x, r0.xyzx, l({_L[0]:.9g}, {_L[1]:.9g}, {_L[2]:.9g}, 0)
max r0.x, r0.x, l(0.0)
mad r0.x, r0.x, l(0.85), l(0.15)
mul o0.xyz, r0.xxxx, l(0.8, 0.7, 0.6, 0)
mov o0.w, l(1.0)
ret
"""

PS_TEX = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 3
mul r0.xy, v1.xyxx, l(1.25, 1.25, 0, 0)
sample r1.xyzw, r0.xyxx, t0.xyzw, s0
mad r0.xy, v1.xyxx, l(1.75, 1.75, 0, 0), l(0.13, 0.29, 0, 0)
sample r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mad r0.xy, v1.xyxx, l(2.5, 2.5, 0, 0), l(0.37, 0.61, 0, 0)
sample r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mad r0.xy, v1.xyxx, l(3.5, 3.5, 0, 0), l(0.71, 0.05, 0, 0)
sample r2.xyzw, r0.xyxx, t0.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
mul o0.xyzw, r1.xyzw, l(0.25, 0.25, 0.25, 0.25)
ret
"""

PS_BLEND = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, l(0, 0, 0.5, 0.1)
ret
"""


CLOCK = time.perf_counter


def load_peer():
    spec = importlib.util.spec_from_file_location("peer_bench", PEER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


#: values for the macros peer_bench's CSReduce reads (any values: graphics entries do not use them)
REDUCE_DEFINES = {"PER_THREAD": "4", "GROUPS_X": "1"}


class Scene:
    def __init__(self, peer, shaders: str = "hlsl"):
        self.peer = peer
        self.hlsl = shaders == "hlsl"
        self.device, _, self.ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
        dev = self.device
        self.rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET))
        self.rtv = dev.CreateRenderTargetView(self.rt, None)
        ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D24_UNORM_S8_UINT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL))
        self.dsv = dev.CreateDepthStencilView(ds, None)
        quad = peer.QUAD_VERTS
        self.quad_vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=quad.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                                        D3D11_SUBRESOURCE_DATA(pSysMem=quad))
        vs = self.blob("VSQuad", "vs_4_0", VS_QUAD)
        self.vs_quad = dev.CreateVertexShader(vs, len(vs), None)
        self.il_quad = dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC(*self.semantic("POSITION", 0), DXGI_FORMAT_R32G32_FLOAT, 0, 0,
                                     D3D11_INPUT_PER_VERTEX_DATA, 0),
            D3D11_INPUT_ELEMENT_DESC(*self.semantic("TEXCOORD", 1), DXGI_FORMAT_R32G32_FLOAT, 0, 8,
                                     D3D11_INPUT_PER_VERTEX_DATA, 0),
        ], 2, vs, len(vs))
        self.vp = D3D11_VIEWPORT(0, 0, W, H, 0, 1)
        # peer_bench's timing rule: a frame includes waiting for its completion (glFinish there). Draws may
        # return before their tiles finish (pipeline/native/fused.py's draw queue): an event query waits
        self.done = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_EVENT))

    def finish(self) -> None:
        """Wait until the GPU work issued so far is complete (ID3D11Query event, as a D3D11 program does)."""
        self.ctx.End(self.done)
        while not self.ctx.GetData(self.done):
            pass

    def blob(self, entry: str, profile: str, asm: str) -> bytes:
        """The reference shader ``entry``: compiled from peer_bench's HLSL, or the hand-written assembly."""
        if self.hlsl:
            # CSReduce in the same source reads the PER_THREAD / GROUPS_X macros; the file is type-checked whole
            # (as fxc does), so every compile defines them
            return bytes(D3DCompile(self.peer.HLSL_REFERENCE, None, "peer_bench.hlsl", REDUCE_DEFINES, None, entry,
                                    profile))
        return assemble_shader(asm)

    def semantic(self, name: str, slot: int) -> tuple[str, int]:
        """Input-layout semantic of vertex element ``slot``: the HLSL's, or the assembler's TEXCOORD<slot>."""
        if self.hlsl:
            return name, 0
        return "TEXCOORD", slot

    def ps(self, entry: str, text: str):
        b = self.blob(entry, "ps_4_0", text)
        return self.device.CreatePixelShader(b, len(b), None)

    def begin(self, depth=False):
        c = self.ctx
        c.ClearRenderTargetView(self.rtv, [0.0, 0.0, 0.0, 1.0])
        c.OMSetRenderTargets(1, [self.rtv], self.dsv if depth else None)
        c.RSSetViewports(1, [self.vp])

    def bind_quad(self, ps):
        c = self.ctx
        c.IASetInputLayout(self.il_quad)
        c.IASetVertexBuffers(0, 1, [self.quad_vb], [16], [0])
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        c.VSSetShader(self.vs_quad, None, 0)
        c.PSSetShader(ps, None, 0)

    def no_cull(self):
        rs = self.device.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True))
        self.ctx.RSSetState(rs)

    def image(self):
        from pyd3d11.api.convenience import texture_to_numpy
        return texture_to_numpy(self.ctx, self.rt, 0)


def frame_s1(sc: Scene, depth: bool):
    ps = sc.ps("PSFill", PS_FILL)
    sc.no_cull()
    dss = sc.device.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(DepthEnable=False))

    def frame():
        sc.begin(depth)
        sc.ctx.OMSetDepthStencilState(dss, 0)
        sc.bind_quad(ps)
        for _ in range(sc.peer.S1_DRAWS):
            sc.ctx.Draw(6, 0)
        sc.finish()
    return frame, sc.peer.S1_DRAWS * W * H / 1e6, "Mpixels/s"


def frame_s2(sc: Scene):
    dev, c = sc.device, sc.ctx
    mesh = sc.peer.make_s2_mesh()
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=mesh.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=mesh))
    mvp = np.ascontiguousarray(sc.peer.s2_mvp(gl_depth=False), np.float32)
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=mvp))
    vsb = sc.blob("VSMesh", "vs_4_0", VS_MESH)
    vs = dev.CreateVertexShader(vsb, len(vsb), None)
    il = dev.CreateInputLayout([
        D3D11_INPUT_ELEMENT_DESC(*sc.semantic("POSITION", 0), DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                 D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC(*sc.semantic("NORMAL", 1), DXGI_FORMAT_R32G32B32_FLOAT, 0, 12,
                                 D3D11_INPUT_PER_VERTEX_DATA, 0),
    ], 2, vsb, len(vsb))
    ps = sc.ps("PSDiffuse", PS_DIFFUSE)
    sc.no_cull()
    dss = dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS))

    def frame():
        sc.begin(True)
        c.ClearDepthStencilView(sc.dsv, D3D11_CLEAR_DEPTH, 1.0, 0)
        c.OMSetDepthStencilState(dss, 0)
        c.IASetInputLayout(il)
        c.IASetVertexBuffers(0, 1, [vb], [24], [0])
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        c.VSSetShader(vs, None, 0)
        c.VSSetConstantBuffers(0, 1, [cb])
        c.PSSetShader(ps, None, 0)
        c.Draw(mesh.shape[0], 0)
        sc.finish()
    return frame, sc.peer.S2_TRIS / 1e6, "Mtriangles/s"


def frame_s3(sc: Scene):
    dev = sc.device
    levels = sc.peer.make_s3_texture()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=1024, Height=1024, MipLevels=len(levels), ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=lv, SysMemPitch=lv.shape[1] * 4) for lv in levels])
    srv = dev.CreateShaderResourceView(tex, None)
    samp = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_LINEAR, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
        AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP,
        ComparisonFunc=D3D11_COMPARISON_NEVER, MaxLOD=3.402823466e38))
    ps = sc.ps("PSTex", PS_TEX)
    sc.no_cull()

    def frame():
        sc.begin(False)
        sc.bind_quad(ps)
        sc.ctx.PSSetShaderResources(0, 1, [srv])
        sc.ctx.PSSetSamplers(0, 1, [samp])
        sc.ctx.Draw(6, 0)
        sc.finish()
    return frame, W * H / 1e6, "Mpixels/s"


def frame_s5(sc: Scene):
    dev = sc.device
    ps = sc.ps("PSBlend", PS_BLEND)
    rtb = D3D11_RENDER_TARGET_BLEND_DESC(
        BlendEnable=True, SrcBlend=D3D11_BLEND_SRC_ALPHA, DestBlend=D3D11_BLEND_INV_SRC_ALPHA,
        BlendOp=D3D11_BLEND_OP_ADD, SrcBlendAlpha=D3D11_BLEND_SRC_ALPHA, DestBlendAlpha=D3D11_BLEND_INV_SRC_ALPHA,
        BlendOpAlpha=D3D11_BLEND_OP_ADD, RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)
    bs = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[rtb] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7))
    sc.no_cull()

    def frame():
        sc.begin(False)
        sc.ctx.OMSetBlendState(bs, [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF)
        sc.bind_quad(ps)
        for _ in range(sc.peer.S5_DRAWS):
            sc.ctx.Draw(6, 0)
        sc.finish()
    return frame, sc.peer.S5_DRAWS * W * H / 1e6, "Mpixels/s"


SCENES = {
    "S1": lambda sc: frame_s1(sc, False),
    "S1z": lambda sc: frame_s1(sc, True),
    "S2": frame_s2,
    "S3": frame_s3,
    "S5": frame_s5,
}


def profile(peer, scenes: list[str], top: int, shaders: str) -> None:
    import cProfile
    import pstats

    peer.S1_DRAWS = peer.S5_DRAWS = 1
    for name in scenes:
        sc = Scene(peer, shaders)
        frame, _, _ = SCENES[name](sc)
        frame()  # warm: shader translation, caches
        prof = cProfile.Profile(time.process_time)  # CPU time: steadier on a loaded machine
        prof.enable()
        frame()
        prof.disable()
        print(f"=== {name} (one draw) ===")
        pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def shader_latency(frame) -> dict:
    """First-draw latency of a new pixel shader, in process CPU time less the CPU of background O2 rebuilds
    (reported as ``*_background_upgrade_ms``; issue 12's target: <= 150 ms): one frame
    with the compiled pixel-shader kernels dropped (a new shader: lowering, code generation with its texture
    plan, LLVM optimisation and machine code), then one with the fused pipeline variants dropped too (a new
    shader whose inputs/outputs need a new variant: its batch module is compiled, the rasterizer and merger
    modules of the same state are reused), then one with every module dropped (cold: also the rasterizer and
    merger compiled), each minus a warm frame. The disk cache is off for all.
    Needs the native backend; the scene is warm before."""
    import os

    from pyd3d11.pipeline.native import fused
    from pyd3d11.shader import ir
    from pyd3d11.shader.native import runtime as nrt

    def warm() -> float:
        nrt.wait_upgrades()  # O2 rebuilds of quick first builds (runtime.TIER) stay out of the base frames
        best = float("inf")
        for _ in range(2):
            t0 = time.process_time()
            frame()
            best = min(best, time.process_time() - t0)
        return best

    def drop_ps() -> None:
        for key, k in list(nrt._KERNELS.items()):
            if not isinstance(k, str) and k.lw.program_type == ir.ProgramType.PIXEL:
                del nrt._KERNELS[key]

    saved = os.environ.get("PYD3D11_NATIVE_DISK_CACHE")
    os.environ["PYD3D11_NATIVE_DISK_CACHE"] = "0"
    out = {}
    try:
        for name, drop_variants in (("new_ps_ms", 0), ("new_ps_variant_ms", 1), ("new_ps_cold_variant_ms", 2),
                                    ("new_ps_cold_sampler_ms", 3)):
            base = warm()
            drop_ps()
            if drop_variants:
                fused._CACHE.clear()
            if drop_variants >= 2:
                fused._MODULES.clear()
            if drop_variants == 3:  # the sampling functions too (a texture/sampler setup this process never used)
                getattr(nrt, "_SHARED", {}).clear()
            c0 = nrt.stats.compile_seconds
            bg_clock = getattr(nrt, "upgrader_cpu_seconds", lambda: 0.0)
            u0 = bg_clock()
            t0 = time.process_time()
            frame()
            spent = time.process_time() - t0 - base
            # O2 rebuilds of quick first builds run on a low-priority background thread while the draws go on: they
            # do not delay the first draw, so they are reported beside the latency rather than inside it
            bg = bg_clock() - u0
            out[name] = round((spent - bg) * 1e3, 1)
            out[name.replace("_ms", "_background_upgrade_ms")] = round(bg * 1e3, 1)
            out[name.replace("_ms", "_kernel_wall_ms")] = round((nrt.stats.compile_seconds - c0) * 1e3, 1)
    finally:
        if saved is None:
            del os.environ["PYD3D11_NATIVE_DISK_CACHE"]
        else:
            os.environ["PYD3D11_NATIVE_DISK_CACHE"] = saved
    return out


def _wait_upgrades() -> None:
    try:
        from pyd3d11.shader.native import runtime as nrt
    except ImportError:  # llvmlite missing: the reference backend has no rebuilds
        return
    # a tree from before the tiered builds (vs_llvmpipe.py --baseline) has nothing to wait for
    getattr(nrt, "wait_upgrades", lambda: None)()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenes", default="S1z,S2,S3,S5")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu-time", action="store_true",
                    help="time frames in process CPU time (steadier on a shared, loaded machine)")
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--shaders", choices=("hlsl", "asm"), default="hlsl",
                    help="compile peer_bench's HLSL_REFERENCE (default) or use the hand-written assembly")
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0,
                    help="profile one single-draw frame per scene; print the top N (default 30)")
    ap.add_argument("--latency", action="store_true",
                    help="also report the first-draw latency of a new pixel shader (CPU ms; native backend)")
    args = ap.parse_args()
    if args.profile:
        profile(load_peer(), args.scenes.split(","), args.profile, args.shaders)
        return
    global CLOCK
    if args.cpu_time:
        CLOCK = time.process_time
    peer = load_peer()
    for name in args.scenes.split(","):
        sc = Scene(peer, args.shaders)
        frame, work, unit = SCENES[name](sc)
        t0 = CLOCK()
        frame()
        first = CLOCK() - t0
        for _ in range(args.warmup):
            frame()
        _wait_upgrades()  # steady state: quick first builds replaced by their O2 builds (runtime.TIER)
        times = []
        for _ in range(args.runs):
            t0 = CLOCK()
            frame()
            times.append(CLOCK() - t0)
        med = statistics.median(times)
        img = sc.image().astype(np.float64)
        if img.dtype != np.uint8 and img.max() <= 1.0:
            img = img * 255.0
        check = [round(float(v), 2) for v in img.reshape(-1, img.shape[-1]).mean(axis=0)]
        row = {"scene": name, "median_ms": round(med * 1e3, 1), "min_ms": round(min(times) * 1e3, 1),
               "first_ms": round(first * 1e3, 1), "runs": args.runs,
               "throughput": round(work / med, 3), "unit": unit, "check_mean_rgba": check,
               "shaders": args.shaders}
        if args.latency:
            row.update(shader_latency(frame))
        print(json.dumps(row))


if __name__ == "__main__":
    main()
