"""Pixel-shader helper lanes (D3D11.3 §16.12, §16.13): lanes of a 2x2 quad that no primitive covers run
the shader so derivatives and implicit-LOD sampling see all four lanes, but their UAV stores, atomics and
append/consume counter updates never take effect; lanes that executed ``discard`` behave the same from
then on. Everything goes through the public API with HLSL shaders; expected values come from the
analytic attribute (linear in pixel coordinates) or from the render target's covered pixels."""

from __future__ import annotations

import numpy as np
from test_audit_pipeline import _read_buffer, _rt, _setup_draw

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403

W = H = 16
SENTINEL = 0xDEADBEEF
# attribute a = (KA*x + KB*y, KC*x + KD*y) in pixel coordinates: its screen derivatives are constant
KA, KB, KC, KD = 2.0, 0.5, -1.5, 3.0

# A slanted triangle (pixel coordinates) whose edges cut many 2x2 quads; depth grows with x.
VS = f"""
struct O {{ float4 pos : SV_Position; float2 a : A; }};
O main(uint vid : SV_VertexID) {{
    float2 p = vid == 0 ? float2(1.3, 0.7) : (vid == 1 ? float2(14.6, 3.2) : float2(4.1, 15.4));
    O o;
    o.pos = float4(p.x / {W / 2:.1f} - 1.0, 1.0 - p.y / {H / 2:.1f}, p.x / {W:.1f}, 1.0);
    o.a = float2({KA} * p.x + {KB} * p.y, {KC} * p.x + {KD} * p.y);
    return o;
}}"""


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return dev, ctx


def _buffer_uav(dev, n: int, stride: int, flags: int = 0, raw: bool = False):
    """A structured (or raw) UAV buffer of ``n`` elements, every word initialised to SENTINEL (or 0 raw)."""
    words = np.full(n * stride // 4, 0 if raw else SENTINEL, np.uint32)
    misc = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS if raw else D3D11_RESOURCE_MISC_BUFFER_STRUCTURED
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=n * stride, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=misc, StructureByteStride=0 if raw else stride),
                           D3D11_SUBRESOURCE_DATA(pSysMem=words.tobytes()))
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS if raw else DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n * stride // 4 if raw else n,
                                Flags=D3D11_BUFFER_UAV_FLAG_RAW if raw else flags)))
    return buf, uav


def _read(dev, ctx, res, nbytes: int) -> np.ndarray:
    return _read_buffer(dev, ctx, res, nbytes).view(np.uint32)


def _counter(dev, ctx, uav) -> int:
    dst = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=0))
    ctx.CopyStructureCount(dst, 0, uav)
    return int(_read(dev, ctx, dst, 4)[0])


def _texture_words(dev, ctx, tex) -> np.ndarray:
    """(H, W) uint32 texels of an R32 target or UAV texture, read back through a staging copy."""
    desc = tex.GetDesc()
    desc.Usage, desc.BindFlags, desc.CPUAccessFlags = D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ
    staging = dev.CreateTexture2D(desc, None)
    ctx.CopyResource(staging, tex)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    rows = np.frombuffer(m.pData, np.uint8).reshape(H, -1)[:, : W * 4].copy()
    ctx.Unmap(staging, 0)
    return rows.view(np.uint32)


def _rt_covered(dev, ctx, tex) -> np.ndarray:
    """(H, W) bool: pixels the draw wrote to the R32_FLOAT target (cleared to 0, the PS returns 1)."""
    return _texture_words(dev, ctx, tex).view(np.float32) == 1.0


def _draw(dev, ctx, ps: str, uavs, srvs=(), samplers=(), early_depth=None):
    """Draws the triangle into a 16x16 R32_FLOAT target with ``uavs`` from u1; returns the covered mask.
    ``early_depth``: clear value of a D32 depth buffer tested with LESS (None: no depth buffer)."""
    tex, rtv = _rt(dev, ctx, W, H, fmt=DXGI_FORMAT_R32_FLOAT)
    dsv = None
    if early_depth is not None:
        ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D32_FLOAT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
        dsv = dev.CreateDepthStencilView(ds, None)
        ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH, early_depth, 0)
        ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS)), 0)
    _setup_draw(dev, ctx, [rtv], W, H, VS, ps, dsv=dsv, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    if srvs:
        ctx.PSSetShaderResources(0, len(srvs), list(srvs))
    if samplers:
        ctx.PSSetSamplers(0, len(samplers), list(samplers))
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [rtv], dsv, 1, len(uavs), list(uavs), None)
    ctx.Draw(3, 0)
    return _rt_covered(dev, ctx, tex)


def _partial_quad_pixels(cov: np.ndarray) -> np.ndarray:
    """Covered pixels whose 2x2 quad holds at least one uncovered (helper) pixel."""
    q = cov.reshape(H // 2, 2, W // 2, 2).all(axis=(1, 3))
    return cov & ~np.repeat(np.repeat(q, 2, 0), 2, 1)


# ----------------------------------------------------------------------------------- (a) derivatives
PS_DERIV = f"""
RWStructuredBuffer<float4> o : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {{
    uint2 p = uint2(pos.xy);
    // a computed value (not an input register): helper lanes must really execute for it to be right
    float2 b = a * 2.0 + pos.xy;
    o[p.y * {W} + p.x] = float4(ddx(b.x), ddy(b.x), ddx_fine(b.y), ddy_fine(b.y));
    return 1;
}}"""


def test_derivatives_with_uav_writes_are_analytic_at_triangle_edges():
    dev, ctx = _device()
    buf, uav = _buffer_uav(dev, W * H, 16)
    cov = _draw(dev, ctx, PS_DERIV, [uav])
    edge = _partial_quad_pixels(cov)
    assert cov.sum() > 40 and edge.sum() > 10  # the draw really exercises quads with helper lanes
    out = _read(dev, ctx, buf, W * H * 16).reshape(H, W, 4)
    got = out[cov].view(np.float32)
    want = np.float32([2 * KA + 1, 2 * KB, 2 * KC, 2 * KD + 1])  # d(pos.x)/dx = d(pos.y)/dy = 1
    np.testing.assert_allclose(got, np.broadcast_to(want, got.shape), rtol=0, atol=4e-3)
    # helper lanes computed the same derivatives but stored nothing
    assert (out[~cov] == SENTINEL).all()


PS_LOD = f"""
Texture2D<float> t : register(t0);
SamplerState s : register(s0);
RWStructuredBuffer<float> o : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {{
    uint2 p = uint2(pos.xy);
    // d(uv)/dx = (KA, KC) / 64 * 64 texels; |KC|*... the longest axis gives the LOD (point mip filter)
    o[p.y * {W} + p.x] = t.Sample(s, a / 64.0);
    return 1;
}}"""


def test_implicit_lod_sample_with_uav_writes_picks_the_same_mip_at_edges():
    dev, ctx = _device()
    # 64x64 R32_FLOAT, mip level i holds the value i everywhere
    sizes = [64 >> i for i in range(7)]
    data = [D3D11_SUBRESOURCE_DATA(pSysMem=np.full((s, s), i, np.float32).tobytes(), SysMemPitch=4 * s)
            for i, s in enumerate(sizes)]
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=64, Height=64, MipLevels=7, ArraySize=1, Format=DXGI_FORMAT_R32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE), data)
    smp = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
        AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP, MaxLOD=3.4e38))
    buf, uav = _buffer_uav(dev, W * H, 4)
    cov = _draw(dev, ctx, PS_LOD, [uav], srvs=[dev.CreateShaderResourceView(tex, None)], samplers=[smp])
    # uv = a/64 on a 64-texel texture: texel-space derivatives (KA, KC) along x and (KB, KD) along y.
    # LOD = log2(max(|d/dx|, |d/dy|)) = log2(max(hypot(2, -1.5), hypot(0.5, 3))) ~ 1.6; point mip -> round
    rho = max(np.hypot(KA, KC), np.hypot(KB, KD))
    want = float(np.floor(np.log2(rho) + 0.5))
    out = _read(dev, ctx, buf, W * H * 4).reshape(H, W).view(np.float32)
    assert _partial_quad_pixels(cov).sum() > 10
    assert (out[cov] == want).all(), np.unique(out[cov])
    assert (out.view(np.uint32)[~cov] == SENTINEL).all()


# ------------------------------------------------------------------------------ (b) helpers never write
def test_interlocked_add_counts_exactly_the_covered_pixels():
    dev, ctx = _device()
    cnt, ucnt = _buffer_uav(dev, 4, 4, raw=True)
    orig, uorig = _buffer_uav(dev, W * H, 4)
    ps = f"""
    RWByteAddressBuffer c : register(u1);
    RWStructuredBuffer<uint> o : register(u2);
    float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {{
        uint2 p = uint2(pos.xy);
        uint before;
        c.InterlockedAdd(0, 1, before);
        c.InterlockedAdd(4, 1);
        o[p.y * {W} + p.x] = before;
        return float4(1, ddx(a.x), 0, 0);
    }}"""
    cov = _draw(dev, ctx, ps, [ucnt, uorig])
    n = int(cov.sum())
    assert _partial_quad_pixels(cov).sum() > 0
    words = _read(dev, ctx, cnt, 16)
    assert words[:2].tolist() == [n, n]
    o = _read(dev, ctx, orig, W * H * 4).reshape(H, W)
    # each covered pixel received a distinct pre-value 0..n-1; helper lanes took none of them
    assert sorted(o[cov].tolist()) == list(range(n))
    assert (o[~cov] == SENTINEL).all()


def test_increment_counter_and_append_count_only_covered_pixels():
    dev, ctx = _device()
    rw, urw = _buffer_uav(dev, W * H, 4, flags=D3D11_BUFFER_UAV_FLAG_COUNTER)
    ap, uap = _buffer_uav(dev, W * H, 4, flags=D3D11_BUFFER_UAV_FLAG_APPEND)
    ps = f"""
    RWStructuredBuffer<uint> r : register(u1);
    AppendStructuredBuffer<uint> q : register(u2);
    float4 main(float4 pos : SV_Position) : SV_Target {{
        uint2 p = uint2(pos.xy);
        uint id = p.y * {W} + p.x;
        r[r.IncrementCounter()] = id;
        q.Append(id + 1000);
        return 1;
    }}"""
    cov = _draw(dev, ctx, ps, [urw, uap])
    n = int(cov.sum())
    ids = np.flatnonzero(cov.reshape(-1))
    assert _partial_quad_pixels(cov).sum() > 0
    assert _counter(dev, ctx, urw) == n and _counter(dev, ctx, uap) == n
    r = _read(dev, ctx, rw, W * H * 4)
    q = _read(dev, ctx, ap, W * H * 4)
    assert sorted(r[:n].tolist()) == ids.tolist() and (r[n:] == SENTINEL).all()
    assert sorted(q[:n].tolist()) == (ids + 1000).tolist() and (q[n:] == SENTINEL).all()


def _coverage() -> np.ndarray:
    """The triangle's covered pixels, from a plain draw (no UAVs, no depth, no discard)."""
    dev, ctx = _device()
    return _draw(dev, ctx, "float4 main(float4 pos : SV_Position) : SV_Target { return 1; }", [])


def test_writes_after_discard_are_dropped_but_earlier_ones_land():
    dev, ctx = _device()
    cnt, ucnt = _buffer_uav(dev, 4, 4, raw=True)
    ps = """
    RWByteAddressBuffer c : register(u1);
    float4 main(float4 pos : SV_Position) : SV_Target {
        c.InterlockedAdd(0, 1);
        if (uint(pos.x) & 1)
            discard;
        c.InterlockedAdd(4, 1);
        return 1;
    }"""
    survivors = _draw(dev, ctx, ps, [ucnt])
    cov = _coverage()
    even = (np.arange(W)[None, :] % 2 == 0)
    assert (survivors == (cov & even)).all()
    # every covered pixel ran the first add; only the pixels that did not discard ran the second (§16.13)
    assert _read(dev, ctx, cnt, 8).tolist() == [int(cov.sum()), int((cov & even).sum())]


PS_EARLY = """
RWByteAddressBuffer c : register(u1);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {
    c.InterlockedAdd(0, 1);
    c.Store(4 + 4 * (uint(pos.y) * 16 + uint(pos.x)), asuint(ddx(a.x * 2.0 + pos.x)));
    return 1;
}"""


def test_late_depth_failures_still_write_uavs():
    # without [earlydepthstencil] every covered pixel runs with its side effects, depth failures too (§16.12.2)
    dev, ctx = _device()
    cnt, ucnt = _buffer_uav(dev, 1 + W * H, 4, raw=True)
    passed = _draw(dev, ctx, PS_EARLY, [ucnt], early_depth=0.45)
    cov = _coverage()
    assert 0 < passed.sum() < cov.sum()
    words = _read(dev, ctx, cnt, 4 * (1 + W * H))
    assert words[0] == cov.sum()
    d = words[1:].reshape(H, W)
    np.testing.assert_allclose(d[cov].view(np.float32), 2 * KA + 1, rtol=0, atol=4e-3)
    assert (d[~cov] == 0).all()


def test_early_depth_failures_are_helpers():
    # [earlydepthstencil]: pixels failing the test only run as helpers (§16.12.1): no writes, but they
    # still feed the derivatives of their passing quad neighbours
    dev, ctx = _device()
    cnt, ucnt = _buffer_uav(dev, 1 + W * H, 4, raw=True)
    passed = _draw(dev, ctx, PS_EARLY.replace("float4 main", "[earlydepthstencil] float4 main"), [ucnt],
                   early_depth=0.45)
    cov = _coverage()
    assert 0 < passed.sum() < cov.sum()
    assert not (passed & ~cov).any()
    # passing pixels whose quad has a covered lane that failed the test: those lanes must be helpers
    q = (cov & ~passed).reshape(H // 2, 2, W // 2, 2).any(axis=(1, 3))
    assert (passed & np.repeat(np.repeat(q, 2, 0), 2, 1)).any()
    words = _read(dev, ctx, cnt, 4 * (1 + W * H))
    assert words[0] == passed.sum()
    d = words[1:].reshape(H, W)
    np.testing.assert_allclose(d[passed].view(np.float32), 2 * KA + 1, rtol=0, atol=4e-3)
    assert (d[~passed] == 0).all()


def _uint_texture_uav(dev):
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_UNORDERED_ACCESS),
        [D3D11_SUBRESOURCE_DATA(pSysMem=np.full((H, W), SENTINEL, np.uint32).tobytes(), SysMemPitch=4 * W)])
    return tex, dev.CreateUnorderedAccessView(tex, None)


def test_typed_stores_typed_atomics_and_consume_skip_helper_lanes():
    dev, ctx = _device()
    t1, u1 = _uint_texture_uav(dev)
    t2, u2 = _uint_texture_uav(dev)
    n_items = W * H
    src, usrc = _buffer_uav(dev, n_items, 4, flags=D3D11_BUFFER_UAV_FLAG_APPEND)
    ps = f"""
    RWTexture2D<uint> a : register(u1);
    RWTexture2D<uint> b : register(u2);
    ConsumeStructuredBuffer<uint> c : register(u3);
    float4 main(float4 pos : SV_Position) : SV_Target {{
        uint2 p = uint2(pos.xy);
        uint old;
        InterlockedExchange(b[p], p.y * {W} + p.x, old);
        c.Consume();
        a[p] = old == {SENTINEL}u ? 1u : 2u;
        return 1;
    }}"""
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0, [], None, 3, 1, [usrc], [n_items])  # counter = n_items
    cov = _draw(dev, ctx, ps, [u1, u2, usrc])
    n = int(cov.sum())
    ids = (np.arange(H)[:, None] * W + np.arange(W)[None, :]).astype(np.uint32)
    a = _texture_words(dev, ctx, t1)
    b = _texture_words(dev, ctx, t2)
    assert _partial_quad_pixels(cov).sum() > 0
    assert (a[cov] == 1).all() and (a[~cov] == SENTINEL).all()
    assert (b[cov] == ids[cov]).all() and (b[~cov] == SENTINEL).all()
    assert _counter(dev, ctx, usrc) == n_items - n


# ---------------------------------------------------------------------------- executor-level contract
def test_run_program_helpers_compute_but_never_write():
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    prog = assemble_program("""ps_5_0
dcl_uav_raw u0
dcl_input_ps constant v0.x
dcl_output o0.xy
dcl_temps 1
imm_atomic_iadd r0.x, u0, l(0), v0.x
iadd o0.x, r0.x, l(100)
imul null, o0.y, v0.x, l(3)
store_raw u0.x, l(4), v0.x
""")
    st = ResourceStorage.create(1, 0, 8)
    view = ViewDescriptor(ViewKind.UAV, st, 0, 2, num_elements=2, element_size=4, raw=True)
    b = Bindings()
    b.uavs[0] = view
    vals = np.array([5, 7, 11, 13, 17, 19, 23, 29], np.uint32)
    helpers = np.array([0, 1, 0, 0, 1, 1, 0, 1], bool)
    res = run_program(prog, 8, inputs={0: np.stack([vals] * 4, 1)}, bindings=b, helpers=helpers)
    words = st.data.view(np.uint32)
    real = vals[~helpers]
    assert words[0] == real.sum()
    assert words[1] in real.tolist()  # some non-helper lane's store landed (the last lane is a helper)
    pre = np.concatenate([[0], np.cumsum(real)[:-1]])  # serial pre-values in lane order
    out = res.outputs[0]
    assert out[~helpers, 0].tolist() == (pre + 100).tolist()
    assert (out[helpers, 0] == 100).all()  # helper lanes' immediate atomic returned 0
    assert out[:, 1].tolist() == (vals * 3).tolist()  # ALU ran on every lane
