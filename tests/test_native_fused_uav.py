"""Pixel shaders that write UAVs on the fused native lane (issue 12), byte for byte against the reference
pipeline, with the fused lane required to run (or, for order-dependent shaders, required to stay off it with the
reason fused_uav.py names).

D3D11.3 §5.3.9 / §16.12 / §16.13: a pixel shader's UAV writes happen for every invocation that is neither a
helper lane nor discarded (helper lanes run for derivatives only; their stores and atomics are dropped);
without [earlydepthstencil] the shader runs before the depth test, so pixels that then fail it still write
their UAVs. The order of UAV writes between invocations is undefined in D3D; this project defines it as the
reference's. Order-independent shaders (one commutative atomic per slot; one typed store per pixel at the
pixel's own address) take the fused lane and must equal the reference whatever the lane's tile order; the others
stay on the reference, counted. Scenes: several overlapping triangles at different depths (2x2 quads cut at
their edges give helper lanes), a discard pattern, derivatives feeding the stored values, depth testing with
writes, 1 and 4 samples, no render target at all (UAV-only rendering, the viewport bounds the raster)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_audit_pipeline import _compile
from test_pipeline_helper_lanes import _buffer_uav, _read

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused, fused_uav
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

W, H = 40, 24

VS = f"""
struct O {{ float4 pos : SV_Position; float2 a : A; }};
O main(uint vid : SV_VertexID) {{
    uint t = vid / 3, k = vid % 3;
    float2 base = float2(1.3 + 7.1 * t, 0.7 + 2.9 * t);
    float2 p = k == 0 ? base : (k == 1 ? base + float2(27.6, 4.5 + t) : base + float2(5.8 - 2 * t, 19.7));
    O o;
    o.pos = float4(p.x / {W / 2:.1f} - 1.0, 1.0 - p.y / {H / 2:.1f}, 0.9 - 0.2 * t + p.x / 400.0, 1.0);
    o.a = p;
    return o;
}}"""

# one typed store per pixel at the pixel's own address, a discard pattern, quad derivatives in the value
PS_PIXEL_STORE = """
RWTexture2D<float4> tx : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {
    uint2 p = uint2(pos.xy);
    float d = ddx_fine(a.x * a.y) + ddy_coarse(a.y);
    if (((p.x * 5 + p.y * 3) % 7) == 0) discard;
    tx[p] = float4(a.x / 40.0, a.y / 24.0, d / 64.0, pos.z);
    return float4(a.x / 40.0, 0.25, 0.5, 1.0);
}"""

# commutative atomics only (one operation per slot): a counter, a max, or-masks, a typed-texture add
PS_ATOMICS = """
RWByteAddressBuffer c : register(u1);
RWByteAddressBuffer m : register(u2);
RWTexture2D<uint> t : register(u3);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {
    uint2 p = uint2(pos.xy);
    uint d = asuint(ddx_fine(a.x) + ddy_fine(a.y));
    if (((p.x * 3 + p.y * 5) % 5) == 0) discard;
    c.InterlockedAdd(0, 1);
    c.InterlockedAdd(4 + 4 * (p.x % 4), p.y + (d & 7));
    m.InterlockedOr(4 * (p.y % 8), 1u << (p.x % 32));
    InterlockedAdd(t[uint2(p.x / 3, p.y / 2)], p.x + 1);
    return float4(0.5, a.y / 24.0, 0.0, 1.0);
}"""

PS_ORDERED = {
    # name: (HLSL, the counted reason's beginning)
    "atomic with result": ("""
RWByteAddressBuffer c : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target {
    uint before; c.InterlockedAdd(0, 1, before); c.Store(4 + 4 * (before % 8), before); return 1;
}""", "pixel shader UAV atomics with results"),
    "store at a computed address": ("""
RWByteAddressBuffer c : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target { c.Store(4 * (uint(pos.x) % 8), uint(pos.y)); return 1; }""",
                                    "pixel shader UAV stores to addresses not provably one per pixel"),
    "typed store off the pixel": ("""
RWTexture2D<float> tx : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target { tx[uint2(pos.x / 2, pos.y)] = pos.x; return 1; }""",
                                  "pixel shader UAV stores to addresses not provably one per pixel"),
    "two stores to one slot": ("""
RWTexture2D<float> tx : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {
    uint2 p = uint2(pos.xy); tx[p] = a.x; if (a.y > 9.0) tx[p] = a.y; return 1;
}""", "pixel shader UAV stores to addresses not provably one per pixel"),
    "reads what it writes": ("""
RWByteAddressBuffer c : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target { c.InterlockedMax(0, c.Load(4) + uint(pos.x)); return 1; }""",
                             "pixel shader reads a UAV it writes"),
    "mixed atomics": ("""
RWByteAddressBuffer c : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target {
    c.InterlockedAdd(0, uint(pos.x)); c.InterlockedOr(0, uint(pos.y)); return 1;
}""", "pixel shader mixes different atomics"),
    "counter": ("""
RWStructuredBuffer<uint> s : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target { s[s.IncrementCounter() % 64] = uint(pos.x); return 1; }""",
                "pixel shader UAV atomics with results"),
    "earlydepthstencil": ("""
RWByteAddressBuffer c : register(u1);
[earlydepthstencil]
float4 main(float4 pos : SV_Position) : SV_Target { c.InterlockedAdd(0, 1); return 1; }""",
                          "pixel shader writes UAVs under [earlydepthstencil]"),
}


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_11_1], 1,
                                    D3D11_SDK_VERSION)
    return dev, ctx


def _texture(dev, fmt, samples=1, bind=D3D11_BIND_UNORDERED_ACCESS, w=W, h=H):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=samples),
        BindFlags=bind), None)


def _bytes(dev, ctx, tex) -> np.ndarray:
    desc = tex.GetDesc()
    if desc.SampleDesc.Count > 1:
        # every sample's bytes: the storage itself (a copy to staging cannot take a multisampled texture)
        return np.asarray(tex._storage.data).copy()
    desc.Usage, desc.BindFlags, desc.CPUAccessFlags = D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ
    st = dev.CreateTexture2D(desc, None)
    ctx.CopyResource(st, tex)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    out = np.frombuffer(m.pData, np.uint8)[: desc.Height * m.RowPitch].copy()
    ctx.Unmap(st, 0)
    return out


def _scene(ps_src: str, uavs: list, samples: int = 1, target: bool = True, depth: bool = False,
           triangles: int = 4, sample_mask: int = 0xFFFFFFFF):
    """Draw ``triangles`` overlapping triangles with ``ps_src``; ``uavs`` lists (kind, size/format) from u1 on.
    Returns every written byte (target, depth, UAVs) and the occlusion count."""
    dev, ctx = _device()
    views, outs = [], []
    for kind, arg in uavs:
        if kind == "raw":
            buf, uav = _buffer_uav(dev, arg, 4, raw=True)
            outs.append(("raw", buf, arg * 4))
        elif kind == "tex array":
            tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=W, Height=H, MipLevels=1, ArraySize=2, Format=arg, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
            uav = dev.CreateUnorderedAccessView(tex, None)
            outs.append(("tex", tex, None))
        elif kind == "structured":
            buf, uav = _buffer_uav(dev, arg, 4, flags=D3D11_BUFFER_UAV_FLAG_COUNTER)
            outs.append(("raw", buf, arg * 4))
        else:
            tex = _texture(dev, arg)
            uav = dev.CreateUnorderedAccessView(tex, None)
            if arg == DXGI_FORMAT_R32_UINT:
                ctx.ClearUnorderedAccessViewUint(uav, [7, 7, 7, 7])
            else:
                ctx.ClearUnorderedAccessViewFloat(uav, [-1.0, -1.0, -1.0, -1.0])
            outs.append(("tex", tex, None))
        views.append(uav)
    rtvs, dsv = [], None
    rt = ds = None
    if target:
        rt = _texture(dev, DXGI_FORMAT_R8G8B8A8_UNORM, samples, D3D11_BIND_RENDER_TARGET)
        rtvs = [dev.CreateRenderTargetView(rt, None)]
        ctx.ClearRenderTargetView(rtvs[0], [0.1, 0.2, 0.3, 0.4])
    if depth:
        ds = _texture(dev, DXGI_FORMAT_D32_FLOAT, samples, D3D11_BIND_DEPTH_STENCIL)
        dsv = dev.CreateDepthStencilView(ds, None)
        ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH, 0.8, 0)
        ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS)), 0)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    v = _compile(VS, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(v, len(v), None), None, 0)
    p = _compile(ps_src, "ps_5_0")
    ctx.PSSetShader(dev.CreatePixelShader(p, len(p), None), None, 0)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    ctx.OMSetBlendState(None, None, sample_mask)
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(len(rtvs), rtvs, dsv, 1, len(views), views, [0] * len(views))
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION))
    ctx.Begin(q)
    ctx.Draw(3 * triangles, 0)
    ctx.End(q)
    out = {"occlusion": np.array([ctx.GetData(q)])}
    for i, (kind, res, n) in enumerate(outs):
        out[f"u{i + 1}"] = _read(dev, ctx, res, n) if kind == "raw" else _bytes(dev, ctx, res)
    if rt is not None:
        out["rt"] = _bytes(dev, ctx, rt)
    if ds is not None:
        out["ds"] = _bytes(dev, ctx, ds)
    return out


def _both(run, expect_fused: bool = True):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = run()
        native.set_backend("native")
        fused.stats.reset()
        got = run()
    if expect_fused:
        assert fused.stats.fused_draws == 1 and not fused.stats.fallbacks, fused.stats.reasons
    assert ref.keys() == got.keys()
    for name in ref:
        np.testing.assert_array_equal(got[name], ref[name], err_msg=name)
    return ref


# with no target the sample count is the rasterizer's (one sample): that row has no 4-sample form
@pytest.mark.parametrize("samples,target,depth", [(1, True, False), (1, True, True), (1, False, False),
                                                  (4, True, False), (4, True, True)])
def test_pixel_addressed_store_fused_equals_reference(samples, target, depth):
    ref = _both(lambda: _scene(PS_PIXEL_STORE, [("tex", DXGI_FORMAT_R32G32B32A32_FLOAT)], samples, target, depth))
    texels = ref["u1"].view(np.float32).reshape(H, -1)[:, : 4 * W].reshape(H, W, 4)
    written = texels[:, :, 3] != -1.0  # the clear; the shader stores pos.z there (in (0, 1))
    assert 200 < written.sum() < W * H - 50  # overlapping triangles, the discard pattern left holes


@pytest.mark.parametrize("samples", [1, 4])
def test_commutative_atomics_fused_equal_reference(samples):
    ref = _both(lambda: _scene(PS_ATOMICS, [("raw", 8), ("raw", 8), ("tex", DXGI_FORMAT_R32_UINT)], samples,
                               depth=True))
    assert ref["u1"][0] > 200  # one count per live, non-discarded, non-helper invocation


def test_partial_sample_mask_keeps_helper_rule():
    # pixel frequency: the invocation's UAV writes follow raster coverage, not SampleMask (§16.12)
    _both(lambda: _scene(PS_ATOMICS, [("raw", 8), ("raw", 8), ("tex", DXGI_FORMAT_R32_UINT)], 4,
                         sample_mask=0x5))


@pytest.mark.parametrize("name", sorted(PS_ORDERED))
def test_order_dependent_shaders_stay_on_the_reference(name):
    src, reason = PS_ORDERED[name]
    kind = [("structured", 64)] if "IncrementCounter" in src else \
        [("tex", DXGI_FORMAT_R32_FLOAT)] if "RWTexture2D" in src else [("raw", 16)]
    _both(lambda: _scene(src, kind, depth=name == "earlydepthstencil"), expect_fused=False)
    assert fused.stats.fused_draws == 0
    assert any(r.startswith(reason) for r in fused.stats.reasons), fused.stats.reasons


def test_pixel_store_on_an_array_view_stays_on_the_reference():
    # x and y are the pixel's, but the view is an array: its slice component is not checked, so no proof
    src = """
RWTexture2DArray<float> b : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target { b[uint3(pos.xy, a.x > 9)] = pos.y; return 1; }"""
    _both(lambda: _scene(src, [("tex array", DXGI_FORMAT_R32_FLOAT)]), expect_fused=False)
    assert fused.stats.fused_draws == 0
    assert any(r.startswith("pixel shader pixel-addressed UAV store on a view") for r in fused.stats.reasons)


# --- the classifier's rules, case by case, on assembly (no draw) ---------------------------------------------

_HEAD = """ps_5_0
dcl_uav_typed_texture2d (float,float,float,float) u1
dcl_uav_raw u2
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
"""

_CLASSIFY = [
    # (body, fused?) — each row guards one rule of fused_uav's docstring
    ("ftou r0.xy, v0.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", True),
    ("ftoi r0.xy, v0.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", True),
    ("ftou r0.xy, v0.yxyy\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),  # x and y swapped
    ("ftou r0.xy, v0.xyxx\nstore_uav_typed u1.xyzw, r0.yxxx, v1.xyxy\n", False),  # swizzled wrong way
    ("ftou r0.xy, v0.xyxx\niadd r0.x, r0.x, l(1)\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),  # 2 defs
    ("ftou r0.xy, v1.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),  # not SV_Position
    ("ftou r0.xy, -v0.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),  # modifier
    ("lt r1.x, v1.x, l(3.0)\nif_nz r1.x\nftou r0.xy, v0.xyxx\nendif\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n",
     False),  # definition inside a branch
    ("ftou r0.xy, v0.xyxx\nloop\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\nbreak\nendloop\n", False),  # in a loop
    ("ftou r0.xy, v0.xyxx\nlt r1.x, v1.x, l(3.0)\nif_nz r1.x\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\nendif\n",
     True),  # a conditional store is still one per invocation
    ("lt r1.x, v1.x, l(3.0)\nif_nz r1.x\nmov r1.y, l(1.0)\nendif\nftou r0.xy, v0.xyxx\n"
     "store_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", True),  # a block before the definition: back at the top level
    ("ftou r1.zw, v0.xxxy\nmov r0.xy, r1.zwzz\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", True),  # moved
    ("ftou r1.zw, v0.xxxy\nmov_sat r0.xy, r1.zwzz\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),
    ("ftou r1.zw, v0.xxxy\nmov r0.xy, r1.wzww\nstore_uav_typed u1.xyzw, r0.xyyy, v1.xyxy\n", False),  # swapped
    ("atomic_iadd u2, l(0), l(1)\natomic_iadd u2, l(4), l(2)\n", True),
    ("atomic_umax u2, l(0), l(1)\natomic_umin u2, l(4), l(2)\n", False),
    ("atomic_cmp_store u2, l(0), l(1), l(2)\n", False),
    ("imm_atomic_or r0.x, u2, l(0), l(1)\n", False),
    ("atomic_xor u2, l(0), l(1)\nld_raw r0.x, l(0), u2.xxxx\n", False),
    ("atomic_and u2, l(0), l(1)\nstore_raw u2.x, l(4), l(1)\n", False),
]


@pytest.mark.parametrize("body,ok", _CLASSIFY)
def test_classifier_rules(body, ok):
    prog = assemble_program(_HEAD + body + "mov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n")
    assert (fused_uav.order_reason(prog) is None) == ok, fused_uav.order_reason(prog)


def test_typed_uav_writes_by_callback_drop_helper_lanes(monkeypatch):
    # with no native texture plan the typed stores and atomics run the reference's closures through the kernel's
    # callback (runtime._Host): helper and discarded lanes must stay quiet there too (§16.12 / §16.13)
    from pyd3d11.shader.native import runtime as nrt

    monkeypatch.setattr(nrt, "texture_plan", lambda *a, **k: None)
    _both(lambda: _scene(PS_PIXEL_STORE, [("tex", DXGI_FORMAT_R32G32B32A32_FLOAT)], 4))
    _both(lambda: _scene(PS_ATOMICS, [("raw", 8), ("raw", 8), ("tex", DXGI_FORMAT_R32_UINT)]))


@pytest.mark.parametrize("threads", [1, 3])
def test_pixel_stores_on_several_workers_equal_reference(monkeypatch, threads):
    # pixel-addressed stores run their tiles on several workers (each texel belongs to one tile); atomics keep one
    from pyd3d11.shader.native import pool

    monkeypatch.setattr(fused, "WORK_PER_WORKER", 16)
    monkeypatch.setattr(fused, "TILE", 8)
    before = pool.threads()
    pool.set_threads(threads)
    try:
        _both(lambda: _scene(PS_PIXEL_STORE, [("tex", DXGI_FORMAT_R8G8B8A8_UNORM)], 1, depth=True))
        _both(lambda: _scene(PS_ATOMICS, [("raw", 8), ("raw", 8), ("tex", DXGI_FORMAT_R32_UINT)], 1))
    finally:
        pool.set_threads(before)


def test_classifier_finds_sv_position_among_other_inputs():
    # SV_Position declared after another input (v1 here): the pixel address is ftou of v1, not of v0
    head = _HEAD.replace("dcl_input_ps_siv linear noperspective v0.xy, position\ndcl_input_ps linear v1.xy\n",
                         "dcl_input_ps linear v0.xy\ndcl_input_ps_siv linear noperspective v1.xy, position\n")
    tail = "mov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n"
    on_pos = assemble_program(head + "ftou r0.xy, v1.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v0.xyxy\n" + tail)
    on_attr = assemble_program(head + "ftou r0.xy, v0.xyxx\nstore_uav_typed u1.xyzw, r0.xyyy, v0.xyxy\n" + tail)
    assert fused_uav.order_reason(on_pos) is None
    assert fused_uav.order_reason(on_attr) is not None
