"""The native backend's last texture fallbacks (issue 12, session 21): native == reference bit for bit, the kernel
actually run (no dispatch fallback, no texture callback, counted through runtime.stats), and both equal to values
computed here from the definitions:

- samplepos on a D3D11_CENTER_MULTISAMPLE_PATTERN resource or render target (D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS:
  "Pattern where all of the samples are located at the pixel center"): (0, 0, 0, 0) for every sample index; the
  standard pattern (spec-facts §1.6, transcribed below) for D3D11_STANDARD_MULTISAMPLE_PATTERN and quality 0;
  sampleinfo / GetDimensions' sample count is the count whatever the pattern.
- Reads of an unbound SRV return 0 in every component (the DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET remark: "reads of
  an unbound Shader Resource View are defined to return 0"; the ld page: "Fetching from t# that has nothing bound
  to it returns 0 for all components"; resinfo: 0s, INF for _rcpFloat's sizes): sample / sample_l / _b / _d / _c / _c_lz / lod /
  gather4 (+ _c, _po, _po_c) / ld; the write mask keeps the other components. A sample from a view the sampler
  does not filter (a multisample view) reads 0 too (the reference's rule).
- ld on a cube view: the ld asm page allows "any resource type, other than TextureCube", so a valid program never
  does it; pyd3d11 defines it in both executors as the Texture2DArray the faces are stored as: address (x, y, face
  within the view, mip), 0 outside; immediate offsets on x and y only (never the array axis).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.formats import codecs
from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline import compute
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

U32 = np.uint32
F32 = np.float32
CENTER, STANDARD = 0xFFFFFFFE, 0xFFFFFFFF
#: standard sample patterns, transcribed from spec-facts §1.6 (the spec's figures), in 1/16 pixel
STD = {1: [(0, 0)], 2: [(4, 4), (-4, -4)], 4: [(-2, -6), (6, -2), (-6, 2), (2, 6)],
       8: [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)],
       16: [(1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5), (-2, 6), (0, -7), (-4, -6),
            (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)]}


def _fbits(v: float) -> int:
    return int(F32(v).view(U32))


def _dispatch(prog, srvs: list, lanes: int, backend: str, counted: bool = False) -> np.ndarray:
    """One group of ``lanes`` threads writing 16-byte records to a raw u0; ``counted``: assert the dispatch ran
    natively with every texture op compiled (no fallback, no callback, the native counter moved)."""
    buf = ResourceStorage.create(1, 0, lanes * 64)
    uav = ViewDescriptor(ViewKind.UAV, buf, 39, 1, num_elements=lanes * 16, element_size=4, raw=True)
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks, runtime.stats.texture_native)
    native.set_backend(backend)
    try:
        compute.dispatch(prog, Bindings.of(srvs=srvs, uavs=[uav]), 1, 1, 1, hooks=TextureSampler(False))
    finally:
        native.set_backend(None)
    if counted:
        assert runtime.stats.fallbacks == before[0], runtime.stats.reasons
        assert runtime.stats.texture_callbacks == before[1], runtime.stats.texture_reasons
        assert runtime.stats.texture_native > before[2]
    return buf.data.view(U32).reshape(lanes, 4, 4).copy()


def _both(prog, srvs: list, lanes: int) -> np.ndarray:
    got = _dispatch(prog, srvs, lanes, "native", counted=True)
    ref = _dispatch(prog, srvs, lanes, "reference")
    np.testing.assert_array_equal(got, ref)
    return got


# ---- 1. samplepos / sampleinfo and the pattern ---------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 2, 4, 8, 16, 3, 0])
@pytest.mark.parametrize("quality", [0, STANDARD, CENTER])
def test_sample_positions_from_the_definition(count, quality):
    from pyd3d11.pipeline.native.texel_ms import samplepos_table
    from pyd3d11.shader.exec.memory import sample_positions

    want = ([(0, 0)] * count if quality == CENTER else STD.get(count, [])) if count else []
    assert sample_positions(count, quality) == want
    tab = samplepos_table(count, quality).view(F32)
    assert tab.shape == (len(want) + 1, 4)
    assert tab[:-1].tolist() == [[x / 16, y / 16, 0, 0] for x, y in want]
    assert tab[-1].tolist() == [0, 0, 0, 0]


# per lane i of 18: sample index i - 1 (-1 .. 16); record: samplepos t0 (2DMS), samplepos t1 (2DMS array, swizzled),
# sampleinfo_uint t0 / sampleinfo t1
CS_POS = """cs_5_0
dcl_resource_texture2dms(0) (float,float,float,float) t0
dcl_resource_texture2dmsarray(0) (float,float,float,float) t1
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_temps 4
dcl_thread_group 18, 1, 1
iadd r0.x, vThreadIDInGroupFlattened.x, l(-1)
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
samplepos r1.xyzw, t0.xyzw, r0.x
store_raw u0.xyzw, r3.x, r1.xyzw
samplepos r1.xyzw, t1.yxwz, r0.x
iadd r3.y, r3.x, l(16)
store_raw u0.xyzw, r3.y, r1.xyzw
sampleinfo_uint r2.x, t0.x
sampleinfo r2.y, t1.x
mov r2.zw, l(0, 0, 0, 0)
iadd r3.y, r3.x, l(32)
store_raw u0.xyzw, r3.y, r2.xyzw
ret
"""


def _ms_storage(count: int, quality: int, arr: int = 2) -> ResourceStorage:
    st = ResourceStorage.create(3, 2, 2, 2, 1, 1, arr, count, bytes_per_block=16)
    st.sample_quality = quality  # (the API records DXGI_SAMPLE_DESC.Quality here: api/resources.py)
    return st


@pytest.mark.parametrize("count", [2, 4, 8, 16])
def test_samplepos_of_center_and_standard_resources_in_compute(count):
    prog = assemble_program(CS_POS)
    for q0, q1 in ((CENTER, STANDARD), (STANDARD, CENTER), (0, CENTER)):
        t0, t1 = _ms_storage(count, q0), _ms_storage(count, q1)
        srvs = [ViewDescriptor(ViewKind.SRV, t0, 2, 6), ViewDescriptor(ViewKind.SRV, t1, 2, 7, slice_count=2)]
        got = _both(prog, srvs, 18)
        for i in range(18):
            s = i - 1
            pos = []
            for q in (q0, q1):
                x, y = (0, 0) if q == CENTER or not 0 <= s < count else STD[count][s]
                pos.append([_fbits(x / 16), _fbits(y / 16), 0, 0])
            assert got[i, 0].tolist() == pos[0], (q0, s)
            assert got[i, 1].tolist() == [pos[1][1], pos[1][0], 0, 0], (q1, s)  # swizzle .yxwz
            assert got[i, 2].tolist() == [count, _fbits(count), 0, 0]  # the count, whatever the pattern


PS_RAST = """ps_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 2
ftou r0.xy, v0.xyxx
imad r0.z, r0.y, l(8), r0.x
iadd r0.z, r0.z, l(-1)
sampleinfo_uint r1.x, rasterizer.x
samplepos r1.yz, rasterizer.xxyx, r0.z
mov r1.w, l(0)
mov o0.xyzw, r1.xyzw
samplepos r1.xy, t0.xyxx, r0.z
sampleinfo_uint r1.z, t0.x
mov r1.w, l(0)
mov o1.xyzw, r1.xyzw
ret
"""


def _draw(ps_text: str, srvs: list, backend: str, samples: int = 4, quality: int = 0, size=(8, 2)):
    """A full-target triangle on ``samples``-sample R32G32B32A32 targets of quality ``quality`` (the fused lane);
    returns the two targets as (samples, h, w, 4) uint32."""
    from gfx_util import VS_POS_ATTR, rtv, texture2d, vertex_buffer

    from pyd3d11.pipeline.draw import (
        DrawArgs,
        GraphicsState,
        InputElement,
        OMState,
        RasterizerState,
        StageState,
        VertexBufferBinding,
        Viewport,
        draw,
    )

    w, h = size
    rts = [texture2d(2, w, h, samples=samples), texture2d(2, w, h, samples=samples)]
    verts = np.array([[-1, -1, 0.5, 1, 0, 0, 0, 0], [-1, 3, 0.5, 1, 0, 0, 0, 0], [3, -1, 0.5, 1, 0, 0, 0, 0]], F32)
    om = OMState()
    om.rtvs = [rtv(t) for t in rts] + [None] * 6
    state = GraphicsState(
        topology=4, vertex_buffers=[VertexBufferBinding(vertex_buffer(verts), 32, 0)],
        elements=[InputElement(0, 0xF, 2, 0, 0), InputElement(1, 0xF, 2, 0, 16)],
        vs=StageState(assemble_program(VS_POS_ATTR)),
        ps=StageState(assemble_program(ps_text), Bindings.of(srvs=srvs)),
        rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, w, h, 0, 1)], om=om,
        sample_count=samples, sample_quality=quality, sampling_hooks=TextureSampler())
    native.set_backend(backend)
    try:
        draw(state, DrawArgs(3))
    finally:
        native.set_backend(None)
    return tuple(t.data.view(U32).reshape(samples, h, w, 4).copy() for t in rts)


def _draw_both(ps_text: str, srvs: list, **kw):
    from pyd3d11.pipeline.native import fused

    drawn = fused.stats.fused_draws
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks)
    got = _draw(ps_text, srvs, "native", **kw)
    assert fused.stats.fused_draws == drawn + 1, fused.stats.reasons
    assert (runtime.stats.fallbacks, runtime.stats.texture_callbacks) == before, runtime.stats.texture_reasons
    ref = _draw(ps_text, srvs, "reference", **kw)
    for g, r in zip(got, ref):
        np.testing.assert_array_equal(g, r)
    return got


@pytest.mark.parametrize("rt_quality, tex_quality", [(CENTER, STANDARD), (STANDARD, CENTER), (0, 0)])
def test_rasterizer_samplepos_follows_the_target_pattern(rt_quality, tex_quality):
    """A PS on 4x targets of the given quality (the fused lane): each pixel (x, y) asks for sample 8y + x - 1 of the
    rasterizer and of a 4x texture of its own quality; the outputs are replicated to the 4 samples."""
    got = _draw_both(PS_RAST, [ViewDescriptor(ViewKind.SRV, _ms_storage(4, tex_quality, 1), 2, 6)],
                     quality=rt_quality)
    for y in range(2):
        for x in range(8):
            s = 8 * y + x - 1
            pr = (0, 0) if rt_quality == CENTER or not 0 <= s < 4 else STD[4][s]
            pt = (0, 0) if tex_quality == CENTER or not 0 <= s < 4 else STD[4][s]
            for k in range(4):
                assert got[0][k, y, x].tolist() == [4, _fbits(pr[0] / 16), _fbits(pr[1] / 16), 0], (x, y)
                assert got[1][k, y, x].tolist() == [_fbits(pt[0] / 16), _fbits(pt[1] / 16), 4, 0], (x, y)


def _api_device():
    from hlsl_docs_objects_kit import device

    return device()


def test_center_pattern_through_the_api():
    """CreateTexture2D with SampleDesc (4, D3D11_CENTER_MULTISAMPLE_PATTERN): Texture2DMS[Array].GetSamplePosition
    reads (0, 0) and GetDimensions the count 4 in a CS, on both backends; a PS drawing into a CENTER target reads
    GetRenderTargetSamplePosition (0, 0) and GetRenderTargetSampleCount 4 (a STANDARD target: the 4x pattern)."""
    from hlsl_docs_objects_kit import run_threads

    import pyd3d11.d3d11 as d

    out = {}
    for backend in ("native", "reference"):
        native.set_backend(backend)
        try:
            dev, ctx = _api_device()
            srvs = []
            for quality, arrayed in ((CENTER, False), (CENTER, True), (STANDARD, False)):
                tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(
                    Width=2, Height=2, MipLevels=1, ArraySize=1, Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT,
                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=4, Quality=quality),
                    BindFlags=d.D3D11_BIND_SHADER_RESOURCE | d.D3D11_BIND_RENDER_TARGET))
                view = d.D3D11_SHADER_RESOURCE_VIEW_DESC(
                    Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT, ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY,
                    Texture2DMSArray=d.D3D11_TEX2DMS_ARRAY_SRV(ArraySize=1)) if arrayed else None
                srvs.append(dev.CreateShaderResourceView(tex, view))
            cs = run_threads(dev, ctx, "Texture2DMS<float4> t : register(t0); Texture2DMSArray<float4> a : "
                             "register(t1); Texture2DMS<float4> s : register(t2);",
                             "  uint w, h, n, e, m; t.GetDimensions(w, h, n); a.GetDimensions(w, h, e, m);\n"
                             "  r = asuint(float4(t.GetSamplePosition(q.x), a.GetSamplePosition(q.x)));\n"
                             "  if (q.y) r = uint4(n, m, asuint(s.GetSamplePosition(q.x)));",
                             np.array([[s, y, 0, 0] for y in (0, 1) for s in range(-1, 5)], np.int32), srvs)
            px = {}
            for quality in (CENTER, STANDARD):
                px[quality] = _api_pixels(dev, ctx, quality)
        finally:
            native.set_backend(None)
        out[backend] = (cs, px)
    np.testing.assert_array_equal(out["native"][0], out["reference"][0])
    for q in (CENTER, STANDARD):
        np.testing.assert_array_equal(out["native"][1][q], out["reference"][1][q])
    cs, px = out["native"]
    for row, (s, y) in zip(cs, [(s, y) for y in (0, 1) for s in range(-1, 5)]):
        std = STD[4][s] if 0 <= s < 4 else (0, 0)
        if y == 0:
            assert row.tolist() == [0, 0, 0, 0], s  # both CENTER views: every position (0, 0)
        else:
            assert row.tolist() == [4, 4, _fbits(std[0] / 16), _fbits(std[1] / 16)], s
    for q in (CENTER, STANDARD):
        for yy in range(2):
            for x in range(4):
                s = 4 * yy + x - 1
                std = (0, 0) if q == CENTER or not 0 <= s < 4 else STD[4][s]
                assert px[q][:, yy, x].tolist() == [[4, _fbits(std[0] / 16), _fbits(std[1] / 16), 0]] * 4, (q, s)


def _api_pixels(dev, ctx, quality: int) -> np.ndarray:
    """A full-screen triangle over a 4x2 4-sample R32G32B32A32_UINT target of quality ``quality``; pixel (x, y)
    writes (GetRenderTargetSampleCount(), GetRenderTargetSamplePosition(4y + x - 1), 0)."""
    from hlsl_docs_objects_kit import _FULLSCREEN_VS

    import pyd3d11.d3d11 as d
    from pyd3d11.api.convenience import texture_to_numpy
    from pyd3d11.d3dcompiler import D3DCompile

    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=2, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32G32B32A32_UINT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=4, Quality=quality),
                                                     BindFlags=d.D3D11_BIND_RENDER_TARGET))
    ps_src = ("uint4 main(float4 pos : SV_Position) : SV_Target {\n  int i = int(pos.y) * 4 + int(pos.x) - 1;\n"
              "  return uint4(GetRenderTargetSampleCount(), asuint(GetRenderTargetSamplePosition(i)), 0);\n}\n")
    vs = D3DCompile(_FULLSCREEN_VS, None, "vs.hlsl", None, None, "main", "vs_5_0")
    ps = D3DCompile(ps_src, None, "ps.hlsl", None, None, "main", "ps_5_0")
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=4, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.IASetInputLayout(None)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    return np.asarray(texture_to_numpy(ctx, tex)).reshape(4, 2, 4, 4).astype(U32)


# ---- 2. reads of an unbound SRV ---------------------------------------------------------------------------------
# every destination register starts as a pattern (r9); each op writes a partial, swizzled mask: the masked-off
# components keep the pattern, the written ones read 0
UNBOUND_OPS = [
    "sample_l r1.xz, r0.xyzw, t0.yxzw, s0, r0.w", "sample r1.yw, r0.xyzw, t0.xyzw, s0",
    "sample_b r1.xyzw, r0.xyzw, t0.wzyx, s0, l(1.5)", "sample_d r1.x, r0.xyzw, t0.xyzw, s0, r0.zwzw, r0.wzwz",
    "sample_c r1.xyz, r0.xyzw, t0.xyzw, s1, r0.z", "sample_c_lz r1.w, r0.xyzw, t0.xyzw, s1, r0.z",
    "lod r1.xy, r0.xyzw, t0.yyyy, s0", "gather4 r1.xyzw, r0.xyzw, t0.xyzw, s0.y",
    "gather4_c r1.yz, r0.xyzw, t0.xyzw, s1.x, r0.z", "gather4_po r1.xyzw, r0.xyzw, r2.zwzw, t0.xyzw, s0.x",
    "gather4_po_c r1.zw, r0.xyzw, r2.zwzw, t0.xyzw, s1.x, r0.z", "ld r1.xyzw, r2.xyzw, t0.xyzw",
    "ld_aoffimmi(1,-1,0) r1.yz, r2.xyzw, t0.zzxy", "sample_l r1.xyzw, r0.xyzw, t1.xyzw, s0, r0.w",
    "gather4 r1.xw, r0.xyzw, t1.xyzw, s0.x",
]
CS_UNBOUND = """cs_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_temps 4
dcl_thread_group 16, 1, 1
utof r0.xyzw, vThreadIDInGroupFlattened.xxxx
mad r0.xyzw, r0.xyzw, l(0.13, 0.21, 0.37, 0.05), l(-0.3, -0.2, 0.1, 0.0)
and r2.xyzw, vThreadIDInGroupFlattened.xxxx, l(3, 1, 1, 1)
iadd r1.xyzw, vThreadIDInGroupFlattened.xxxx, l(0x7F800001, 0x11, 0x2222, 0x80000000)
{op}
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
store_raw u0.xyzw, r3.x, r1.xyzw
ret
"""


def _mask(op: str) -> list[int]:
    m = op.split()[1].split(".")[1].rstrip(",")
    return ["xyzw".index(c) for c in m]


@pytest.mark.parametrize("op", UNBOUND_OPS, ids=[o.split()[0] + "-" + o.split()[1].rstrip(",") for o in UNBOUND_OPS])
def test_unbound_srv_reads_zero_natively(op):
    """t0 unbound; t1 bound to a 4x multisample view, which sample / gather do not filter (the reference reads 0)."""
    ms = ResourceStorage.create(3, 2, 2, 2, 1, 1, 1, 4, bytes_per_block=16)
    ms.data[:] = 0x3F
    got = _both(assemble_program(CS_UNBOUND.replace("{op}", op)), [None, ViewDescriptor(ViewKind.SRV, ms, 2, 6)], 16)
    written = _mask(op)
    for i in range(16):
        start = [(i + 0x7F800001) & 0xFFFFFFFF, i + 0x11, i + 0x2222, i + 0x80000000]
        want = [0 if c in written else start[c] for c in range(4)]
        assert got[i, 0].tolist() == want, (op, i)


CS_RESINFO = """cs_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_temps 2
dcl_thread_group 4, 1, 1
ishl r1.x, vThreadIDInGroupFlattened.x, l(6)
resinfo r0.xyzw, vThreadIDInGroupFlattened.x, t0.xyzw
store_raw u0.xyzw, r1.x, r0.xyzw
resinfo_uint r0.xyzw, vThreadIDInGroupFlattened.x, t0.wzyx
iadd r1.y, r1.x, l(16)
store_raw u0.xyzw, r1.y, r0.xyzw
resinfo_rcpFloat r0.xyzw, vThreadIDInGroupFlattened.x, t0.xyzw
iadd r1.y, r1.x, l(32)
store_raw u0.xyzw, r1.y, r0.xyzw
ret
"""


def test_unbound_resinfo_from_the_definition():
    """The resinfo asm page: "Fetching from t# or u# that has nothing bound to it returns 0 for width, height, depth
    or arraysize, and total-mip-count. The _rcpFloat modifier is still honored in this case, thus returning INF"."""
    got = _both(assemble_program(CS_RESINFO), [], 4)
    inf = _fbits(np.inf)
    for i in range(4):
        assert got[i, :3].tolist() == [[0, 0, 0, 0], [0, 0, 0, 0], [inf, inf, inf, 0]]


def test_unbound_srv_in_a_pixel_shader_compiles():
    """The fused lane's PS: sample, gather and ld from unbound t1..t3 read 0, added to the 4x texture's count (so a
    wrong value shows); no callback."""
    ps = """ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2d (float,float,float,float) t2
dcl_resource_texture2d (float,float,float,float) t3
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 3
sample r0.xyzw, v0.xyxx, t1.xyzw, s0
gather4 r1.xyzw, v0.xyxx, t2.xyzw, s0.x
ftou r2.xyzw, v0.xyxy
ld r2.xyzw, r2.xyww, t3.xyzw
sampleinfo r2.w, t0.x
add r0.xyzw, r0.xyzw, r2.wwww
add o0.xyzw, r0.xyzw, r1.xyzw
iadd o1.xyzw, r2.xyzw, l(1, 2, 3, 4)
ret
"""
    got = _draw_both(ps, [ViewDescriptor(ViewKind.SRV, _ms_storage(4, 0, 1), 2, 6)])
    assert (got[0].view(F32) == 4).all()
    assert got[1][..., :3].tolist() == np.broadcast_to(U32([1, 2, 3]), (4, 2, 8, 3)).tolist()
    assert (got[1][..., 3] == _fbits(4) + 4).all()


# ---- 3. ld on cube views ----------------------------------------------------------------------------------------
FACE, MIPS, SLICES = 4, 2, 18  # a 4x4 2-mip texture of 18 slices (three cubes)
# lane (x, y, z) of 6x5x14: address (x - 1, y - 1, z - 1, mip (x + y + z) % 4 - 1); records: ld t0 (cube via a 2D
# array declaration), ld t1 (cube array: faces 6..17, swizzled), ld t2 (declared texturecube) with offsets
CS_CUBE = """cs_5_0
dcl_resource_texture2darray (uint,uint,uint,uint) t0
dcl_resource_texture2darray (uint,uint,uint,uint) t1
dcl_resource_texturecube (uint,uint,uint,uint) t2
dcl_uav_raw u0
dcl_input vThreadIDInGroup.xyz
dcl_input vThreadIDInGroupFlattened
dcl_temps 4
dcl_thread_group 6, 5, 14
iadd r0.xyz, vThreadIDInGroup.xyzx, l(-1, -1, -1, 0)
iadd r1.x, vThreadIDInGroup.x, vThreadIDInGroup.y
iadd r1.x, r1.x, vThreadIDInGroup.z
and r1.x, r1.x, l(3)
iadd r0.w, r1.x, l(-1)
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
ld r2.xyzw, r0.xyzw, t0.xyzw
store_raw u0.xyzw, r3.x, r2.xyzw
ld r2.xyzw, r0.xyzw, t1.wzyx
iadd r3.y, r3.x, l(16)
store_raw u0.xyzw, r3.y, r2.xyzw
ld_aoffimmi(1,-1,1) r2.xyzw, r0.xyzw, t2.xyzw
iadd r3.y, r3.x, l(32)
store_raw u0.xyzw, r3.y, r2.xyzw
ret
"""
CUBE_LANES = [(x, y, z) for z in range(14) for y in range(5) for x in range(6)]


def _cube_texel(st: ResourceStorage, fmt: int, sl: int, mip: int, x: int, y: int) -> list[int]:
    """Texel (x, y) of mip ``mip`` of array slice ``sl`` from the storage bytes (subresource sl * MIPS + mip),
    decoded by the format's codec (integer formats: the integers)."""
    L = st.layout(sl * MIPS + mip)
    bpe = bytes_per_element(fmt)
    off = L.offset + y * L.row_pitch + x * bpe
    v = np.asarray(codecs.decode(fmt, st.data[off:off + bpe].reshape(1, bpe)))[0]
    return v.astype(np.int64).astype(U32).tolist()


@pytest.mark.parametrize("fmt", [30, 3])  # R8G8B8A8_UINT, R32G32B32A32_UINT
def test_ld_on_cube_views_reads_the_faces_as_a_2d_array(fmt):
    st = ResourceStorage.create(3, fmt, FACE, FACE, 1, MIPS, SLICES, 1, bytes_per_block=bytes_per_element(fmt))
    st.data[:] = np.random.default_rng(fmt).integers(0, 256, st.data.size, dtype=np.uint8)
    cube = ViewDescriptor(ViewKind.SRV, st, fmt, 9, mip_count=MIPS, first_slice=0, slice_count=6)
    arr = ViewDescriptor(ViewKind.SRV, st, fmt, 10, mip_count=MIPS, first_slice=6, slice_count=12)
    got = _both(assemble_program(CS_CUBE), [cube, arr, cube], len(CUBE_LANES))
    for i, (tx, ty, tz) in enumerate(CUBE_LANES):
        a = (tx - 1, ty - 1, tz - 1, (tx + ty + tz) % 4 - 1)
        assert got[i, 0].tolist() == _cube_ld(st, fmt, a, 0, 6), a
        assert got[i, 1].tolist() == _cube_ld(st, fmt, a, 6, 12)[::-1], a
        assert got[i, 2].tolist() == _cube_ld(st, fmt, a, 0, 6, 1, -1), a


def _cube_ld(st: ResourceStorage, fmt: int, a: tuple, first: int, count: int, dx: int = 0, dy: int = 0) -> list[int]:
    """ld of address ``a`` = (x, y, face, mip) from a cube view of faces first .. first + count - 1, offsets (dx, dy)
    on x and y only (never the face: the array axis); 0 outside."""
    x, y, z, m = a
    xx, yy = x + dx, y + dy
    if not (0 <= m < MIPS and 0 <= z < count):
        return [0, 0, 0, 0]
    size = FACE >> m
    if not (0 <= xx < size and 0 <= yy < size):
        return [0, 0, 0, 0]
    return _cube_texel(st, fmt, first + z, m, xx, yy)
