"""Peak memory of the extreme draws of issue 13 point 4, each scenario in a fresh process.

Reports, per scenario: peak traced Python/numpy allocations during the call (tracemalloc; the resources
created before the measurement are not counted), the process's peak resident set (ru_maxrss, resources
and interpreter included) and process CPU time.

    PYTHONPATH=src python bench/extreme_memory.py [--backend reference|native] [--size 16384] [SCENARIO ...]

Scenarios: ``clear_draw`` (ClearRenderTargetView + a full-screen triangle into a size x size RGBA8 target),
``draw_ffffffff`` (Draw(0xFFFFFFFF) of one repeated vertex), ``instances`` (100,000 instances of a
full-screen triangle into 64 x 64), ``strip_adj`` (a 1,000,000-vertex triangle strip with adjacency).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import tracemalloc

VS = """
float4 main(float4 p : POS) : SV_Position { return p; }
"""
VS_ID = """
float4 main(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0.5, 1);
}
"""
VS_CONST = "float4 main() : SV_Position { return float4(0, 0, 0.5, 1); }"
VS_STRIP = """
float4 main(uint id : SV_VertexID) : SV_Position {
    float t = (id % 4096) / 4096.0;
    return float4(t * 0.01, (id & 1) * 0.01, 0.5, 1);
}
"""
PS = "float4 main(float4 p : SV_Position) : SV_Target { return float4(p.x / 65536, p.y / 65536, 0.5, 1); }"


def _device(size: int, fmt: int = 28):
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC, D3D11_VIEWPORT, DXGI_SAMPLE_DESC, D3D11CreateDevice

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=size, Height=size, MipLevels=1, ArraySize=1, Format=fmt,
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))
    rtv = dev.CreateRenderTargetView(tex, None)
    ctx.OMSetRenderTargets(1, [rtv], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=size, Height=size, MinDepth=0, MaxDepth=1)])
    return dev, ctx, tex, rtv


def _shaders(dev, ctx, vs_src: str) -> None:
    from pyd3d11.d3dcompiler import D3DCompile

    vs = D3DCompile(vs_src, None, None, None, None, "main", "vs_4_0", 0, 0)
    ps = D3DCompile(PS, None, None, None, None, "main", "ps_4_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))


def scenario(name: str, size: int) -> dict:
    if name == "clear_draw":
        dev, ctx, tex, rtv = _device(size)
        _shaders(dev, ctx, VS_ID)
        ctx.IASetPrimitiveTopology(4)

        def call():
            ctx.ClearRenderTargetView(rtv, (0.25, 0.5, 0.75, 1.0))
            ctx.Draw(3, 0)
            ctx.Flush()
        check = lambda: _corner(ctx, tex)  # noqa: E731
    elif name == "draw_ffffffff":
        dev, ctx, tex, rtv = _device(8)
        _shaders(dev, ctx, VS_CONST)
        ctx.IASetPrimitiveTopology(4)

        def call():
            ctx.Draw(0xFFFFFFFF, 0)
            ctx.Flush()
        check = lambda: None  # noqa: E731
    elif name == "instances":
        dev, ctx, tex, rtv = _device(64)
        _shaders(dev, ctx, VS_ID)
        ctx.IASetPrimitiveTopology(4)

        def call():
            ctx.DrawInstanced(3, 100_000, 0, 0)
            ctx.Flush()
        check = lambda: _corner(ctx, tex)  # noqa: E731
    elif name == "strip_adj":
        dev, ctx, tex, rtv = _device(64)
        _shaders(dev, ctx, VS_STRIP)
        ctx.IASetPrimitiveTopology(13)

        def call():
            ctx.Draw(1_000_000, 0)
            ctx.Flush()
        check = lambda: None  # noqa: E731
    else:
        raise SystemExit(f"unknown scenario {name}")
    c0 = time.process_time()
    tracemalloc.start()
    call()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    cpu = time.process_time() - c0
    out = {"scenario": name, "size": size, "traced_peak_mib": round(peak / 2**20, 1),
           "maxrss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
           "cpu_s": round(cpu, 1)}
    px = check()
    if px is not None:
        out["pixel_0_0"] = px
    return out


def _corner(ctx, tex):
    """Bytes of texel (0, 0) (the RGBA8 codes), read from the resource's memory without a decoded copy."""
    return [int(v) for v in tex._storage.data[:4]]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", default="reference", choices=("reference", "native"))
    ap.add_argument("--size", type=int, default=16384)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("scenarios", nargs="*", default=["clear_draw", "draw_ffffffff", "instances", "strip_adj"])
    a = ap.parse_args()
    if a.child:
        print(json.dumps(scenario(a.scenarios[0], a.size)))
        return
    env = dict(os.environ, PYD3D11_BACKEND=a.backend)
    for s in a.scenarios:
        r = subprocess.run([sys.executable, __file__, "--child", "--size", str(a.size), s], env=env,
                           capture_output=True, text=True)
        line = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else f"rc {r.returncode}: {r.stderr[-400:]}"
        print(a.backend, line, flush=True)


if __name__ == "__main__":
    main()
