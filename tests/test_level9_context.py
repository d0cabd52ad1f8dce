"""The 10Level9 ID3D11DeviceContext table (MicrosoftDocs "10Level9 ID3D11DeviceContext Methods"; seed 001),
row by row: at the levels a row names the call is dropped (or limited) with the debug-layer message, and at
the next level up the same call does what D3D11 does. Expected message ids come from d3d11sdklayers.h's
D3D10L9 range (0x100000…) where the row has one.
"""

from __future__ import annotations

import numpy as np
import pytest
from level9_kit import (
    BIND_CB,
    BIND_DS,
    BIND_IB,
    BIND_RT,
    BIND_SRV,
    BIND_VB,
    COLOR,
    FL,
    POINTLIST,
    PS,
    R16_UINT,
    R32_UINT,
    RGBA8,
    RGBA16F,
    RGBA32F,
    TRIANGLELIST,
    VS,
    Scene,
    compile_,
    level9_blob,
    mid,
)

from pyd3d11.api.level_rules import RULES
from pyd3d11.d3d11 import *  # noqa: F403

L9 = ["9_1", "9_2", "9_3"]
STAGING, DEFAULT = 3, 0
CPU_READ = 0x20000


def _sampler(dev):
    return dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=0x15, AddressU=1, AddressV=1, AddressW=1,  # noqa: F405
                                                     MaxAnisotropy=1, ComparisonFunc=1, MaxLOD=3.402823466e38))


def _srv(s):
    tex = s.texture(4, 4, RGBA8, BIND_SRV)
    return s.dev.CreateShaderResourceView(tex)


def _cb(s):
    return s.buffer(np.zeros(16, np.float32), BIND_CB)


# --- stages a level lacks: binding an object is dropped, binding NULL is fine ----------------------------

_FOREIGN = {}


def _foreign_shader(kind):
    """A shader object of ``kind`` made on an 11_0 device (a 9_x/10_x device cannot create one)."""
    if kind not in _FOREIGN:
        dev, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)  # noqa: F405
        src = {"CS": ("[numthreads(1,1,1)] void main() {}", "cs_5_0", dev.CreateComputeShader),
               "GS": ("struct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V i[1], "
                      "inout PointStream<V> o) { o.Append(i[0]); }", "gs_5_0", dev.CreateGeometryShader)}
        if kind in src:
            text, target, create = src[kind]
            _FOREIGN[kind] = create(compile_(text, target), None)
    return _FOREIGN.get(kind)


@pytest.mark.parametrize("level", L9)
@pytest.mark.parametrize("stage", ["CS", "GS", "HS", "DS"])
@pytest.mark.parametrize("what", ["ConstantBuffers", "Samplers", "ShaderResources"])
def test_unsupported_stage_bindings_dropped_at_9_x(level, stage, what):
    s = Scene(level)
    obj = {"ConstantBuffers": _cb, "Samplers": lambda s: _sampler(s.dev), "ShaderResources": _srv}[what](s)
    s.clear_messages()
    getattr(s.ctx, f"{stage}Set{what}")(0, 1, [obj])
    assert s.level_rule_hit()
    assert getattr(s.ctx, f"{stage}Get{what}")(0, 1) == [None]
    s.clear_messages()
    getattr(s.ctx, f"{stage}Set{what}")(0, 1, [None])  # unbinding is allowed
    assert not s.level_rule_hit()


@pytest.mark.parametrize("level", ["10_0", "10_1"])
@pytest.mark.parametrize("stage", ["HS", "DS"])
def test_hs_ds_bindings_dropped_at_10_x_kept_at_11_0(level, stage):
    for lv, dropped in ((level, True), ("11_0", False)):
        s = Scene(lv)
        cb = _cb(s)
        s.clear_messages()
        getattr(s.ctx, f"{stage}SetConstantBuffers")(0, 1, [cb])
        assert s.level_rule_hit() is dropped
        assert (getattr(s.ctx, f"{stage}GetConstantBuffers")(0, 1) == [None]) is dropped


@pytest.mark.parametrize("level", L9)
@pytest.mark.parametrize("stage", ["CS", "GS"])
def test_unsupported_shader_set_dropped_at_9_x(level, stage):
    s = Scene(level)
    sh = _foreign_shader(stage)
    getattr(s.ctx, f"{stage}SetShader")(sh, None, 0)
    assert s.level_rule_hit()
    if stage == "GS":
        assert mid("GEOMETRY_SHADER_NOT_SUPPORTED") in s.ids()
    assert getattr(s.ctx, f"{stage}GetShader")()[0] is None


@pytest.mark.parametrize("level", L9)
def test_vs_samplers_and_resources_dropped_at_9_x(level):
    s = Scene(level)
    smp, srv = _sampler(s.dev), _srv(s)
    s.clear_messages()
    s.ctx.VSSetSamplers(0, 1, [smp])
    s.ctx.VSSetShaderResources(0, 1, [srv])
    assert s.ids() == [mid("VSSETSAMPLERS_NOT_SUPPORTED"), mid("VSSHADERRESOURCES_NOT_SUPPORTED")]
    assert s.ctx.VSGetSamplers(0, 1) == [None] and s.ctx.VSGetShaderResources(0, 1) == [None]
    # PS samplers and resources work at every 9_x level
    s.ctx.PSSetSamplers(0, 1, [smp])
    s.ctx.PSSetShaderResources(0, 1, [srv])
    assert s.ctx.PSGetSamplers(0, 1)[0] is smp and s.ctx.PSGetShaderResources(0, 1)[0] is srv


def test_vs_samplers_accepted_at_10_0():
    s = Scene("10_0")
    smp = _sampler(s.dev)
    s.ctx.VSSetSamplers(0, 1, [smp])
    assert s.ctx.VSGetSamplers(0, 1)[0] is smp and not s.level_rule_hit()


@pytest.mark.parametrize("level", L9)
def test_dispatch_drawauto_copystructurecount_clearuav_dropped_at_9_x(level):
    s = Scene(level)
    s.ctx.Dispatch(1, 1, 1)
    s.ctx.DispatchIndirect(None, 0)
    s.ctx.DrawAuto()
    s.ctx.CopyStructureCount(None, 0, None)
    s.ctx.ClearUnorderedAccessViewFloat(None, (0, 0, 0, 0))
    s.ctx.ClearUnorderedAccessViewUint(None, (0, 0, 0, 0))
    ids = s.ids()
    assert ids[:3] == [mid("DEVICE_DISPATCH_UNSUPPORTED"), mid("DEVICE_DISPATCHINDIRECT_UNSUPPORTED"),
                       mid("STREAM_OUT_NOT_SUPPORTED")]
    assert sum("10Level9 rule" in t for t in s.texts()) == 6


@pytest.mark.parametrize("level", L9)
def test_predication_and_stream_output_dropped_at_9_x(level):
    s = Scene(level)
    other, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)  # noqa: F405
    pred = other.CreatePredicate(D3D11_QUERY_DESC(Query=5))  # noqa: F405
    s.ctx.SetPredication(pred, False)
    assert s.level_rule_hit()
    assert s.ctx.GetPredication()[0] is None
    s.clear_messages()
    s.ctx.SetPredication(None, False)
    assert not s.level_rule_hit()


# --- draws ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", L9)
def test_draw_instanced_not_supported_at_9_x(level):
    s = Scene(level)
    s.ctx.DrawInstanced(3, 1, 0, 0)
    assert mid("DRAWINSTANCED_NOT_SUPPORTED") in s.ids()
    assert not s.rendered()


@pytest.mark.parametrize("level,dropped", [("9_1", True), ("9_2", True), ("9_3", False)])
def test_draw_indexed_instanced_below_9_3(level, dropped):
    s = Scene(level)
    s.ctx.IASetIndexBuffer(s.buffer(np.array([0, 1, 2], np.uint16), BIND_IB), R16_UINT, 0)
    s.ctx.DrawIndexedInstanced(3, 1, 0, 0, 0)
    assert (mid("DRAWINDEXEDINSTANCED_NOT_SUPPORTED_BELOW_9_3") in s.ids()) is dropped
    assert s.rendered() is not dropped


@pytest.mark.parametrize("level", [*L9, "10_0", "10_1"])
def test_indirect_draws_dropped_below_11_0(level):
    s = Scene(level)
    s.ctx.DrawInstancedIndirect(None, 0)
    s.ctx.DrawIndexedInstancedIndirect(None, 0)
    assert sum("10Level9 rule" in t for t in s.texts()) == 2


def test_indirect_draws_pass_the_level_rule_at_11_0():
    s = Scene("11_0")
    s.ctx.DrawInstancedIndirect(None, 0)
    assert not s.level_rule_hit()


@pytest.mark.parametrize("level,limit", [("9_1", 65535), ("9_2", 1048575), ("9_3", 1048575)])
def test_draw_primitive_count_limit(level, limit):
    s = Scene(level)
    s.ctx.IASetPrimitiveTopology(POINTLIST)
    s.ctx.VSSetShader(None)  # the limit is checked before the draw runs: no need to run the vertices
    s.ctx.Draw(limit + 1, 0)
    assert s.level_rule_hit()
    s.clear_messages()
    s.ctx.Draw(limit, 0)
    assert not s.level_rule_hit()


@pytest.mark.parametrize("level,limit", [("9_1", 65534), ("9_2", 1048575), ("9_3", 1048575)])
def test_draw_indexed_index_value_limit(level, limit):
    s = Scene(level)
    if level == "9_1":
        ib_ok, ib_bad, fmt = np.array([0, 1, 2], np.uint16), np.array([0, 1, limit + 1], np.uint16), R16_UINT
    else:
        ib_ok, ib_bad, fmt = np.array([0, 1, 2], np.uint32), np.array([0, 1, limit + 1], np.uint32), R32_UINT
    s.ctx.IASetIndexBuffer(s.buffer(ib_bad, BIND_IB), fmt, 0)
    s.ctx.DrawIndexed(3, 0, 0)
    assert s.level_rule_hit() and not s.rendered()
    s.clear_messages()
    s.ctx.IASetIndexBuffer(s.buffer(ib_ok, BIND_IB), fmt, 0)
    s.ctx.DrawIndexed(3, 0, 0)
    assert not s.level_rule_hit() and s.rendered()


@pytest.mark.parametrize("level", L9)
def test_indexed_point_lists_not_supported_at_9_x(level):
    s = Scene(level)
    s.ctx.IASetIndexBuffer(s.buffer(np.array([0, 1, 2], np.uint16), BIND_IB), R16_UINT, 0)
    s.ctx.IASetPrimitiveTopology(POINTLIST)
    s.ctx.DrawIndexed(3, 0, 0)
    assert mid("DRAWINDEXED_POINTLIST_UNSUPPORTED") in s.ids()
    s.clear_messages()
    s.ctx.Draw(3, 0)  # non-indexed point lists are fine
    assert not s.level_rule_hit()


@pytest.mark.parametrize("stage,limit", [("PS", 32), ("VS", 255)])
def test_shader_constant_count_limit_at_9_x(stage, limit):
    for n, dropped in ((limit + 1, True), (limit, False)):
        s = Scene("9_1")
        if stage == "PS":
            src = (f"cbuffer C : register(b0) {{ float4 k[{n}]; }};\n"
                   "float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target "
                   f"{{ return col + k[{n - 1}]; }}")
            sh = s.dev.CreatePixelShader(level9_blob(compile_(src, "ps_4_0")), None)
            s.ctx.PSSetShader(sh)
        else:
            src = (f"cbuffer C : register(b0) {{ float4 k[{n}]; }};\n"
                   "struct VOut { float4 pos : SV_Position; float4 col : COLOR0; };\n"
                   "VOut main(float4 pos : POSITION, float4 col : COLOR) "
                   f"{{ VOut o; o.pos = pos; o.col = col + k[{n - 1}]; return o; }}")
            s.ctx.VSSetShader(s.dev.CreateVertexShader(level9_blob(compile_(src, "vs_4_0")), None))
        cb = s.buffer(np.zeros(4 * n, np.float32), BIND_CB)
        getattr(s.ctx, f"{stage}SetConstantBuffers")(0, 1, [cb])
        s.clear_messages()
        s.ctx.Draw(3, 0)
        assert s.level_rule_hit() is dropped
        assert s.rendered() is not dropped


# --- state rows ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("level,dropped", [("9_1", True), ("9_2", False), ("9_3", False)])
def test_index_buffer_r32_only_from_9_2(level, dropped):
    s = Scene(level)
    ib = s.buffer(np.array([0, 1, 2], np.uint32), BIND_IB)
    s.ctx.IASetIndexBuffer(ib, R32_UINT, 0)
    assert (mid("DEVICE_IASETINDEXBUFFER_FORMAT_INVALID") in s.ids()) is dropped
    assert (s.ctx.IAGetIndexBuffer()[0] is None) is dropped


@pytest.mark.parametrize("level,dropped", [(lv, True) for lv in L9] + [("10_0", False)])
@pytest.mark.parametrize("topology", [10, 11, 12, 13])
def test_adjacency_topologies_unsupported_at_9_x(level, dropped, topology):
    s = Scene(level, shaders=False)
    s.ctx.IASetPrimitiveTopology(topology)
    assert (mid("DEVICE_IASETPRIMITIVETOPOLOGY_ADJACENCY_UNSUPPORTED") in s.ids()) is dropped
    assert (s.ctx.IAGetPrimitiveTopology() == TRIANGLELIST) is dropped


@pytest.mark.parametrize("level,dropped", [(lv, True) for lv in L9] + [("10_0", False)])
def test_sample_mask_zero_refused_at_9_x(level, dropped):
    s = Scene(level, shaders=False)
    s.ctx.OMSetBlendState(None, None, 0)
    assert (mid("SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO") in s.ids()) is dropped
    assert (s.ctx.OMGetBlendState()[2] == 0xFFFFFFFF) is dropped


@pytest.mark.parametrize("level,limit", [("9_1", 1), ("9_2", 1), ("9_3", 4)])
def test_render_target_count(level, limit):
    s = Scene(level, shaders=False)
    rtvs = [s.dev.CreateRenderTargetView(s.texture(4, 4, RGBA8, BIND_RT)) for _ in range(limit + 1)]
    s.ctx.OMSetRenderTargets(limit + 1, rtvs, None)
    assert mid("OMSETRENDERTARGETS_TOO_MANY_RENDER_TARGETS") in s.ids()
    s.clear_messages()
    s.ctx.OMSetRenderTargets(limit, rtvs[:limit], None)
    assert not s.ids()
    assert s.ctx.OMGetRenderTargets(limit)[0][limit - 1] is rtvs[limit - 1]


def test_render_targets_of_differing_bit_depths_refused_at_9_3():
    s = Scene("9_3", shaders=False)
    a = s.dev.CreateRenderTargetView(s.texture(4, 4, RGBA8, BIND_RT))
    b = s.dev.CreateRenderTargetView(s.texture(4, 4, RGBA16F, BIND_RT))
    c = s.dev.CreateRenderTargetView(s.texture(4, 4, RGBA8, BIND_RT))
    s.ctx.OMSetRenderTargets(2, [a, b], None)
    assert mid("OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS") in s.ids()
    s.clear_messages()
    s.ctx.OMSetRenderTargets(2, [a, c], None)  # same depth: fine
    assert not s.ids()


@pytest.mark.parametrize("level", L9)
def test_ps_shader_resources_limited_to_8(level):
    s = Scene(level, shaders=False)
    srv = _srv(s)
    s.ctx.PSSetShaderResources(8, 1, [srv])
    assert s.level_rule_hit() and s.ctx.PSGetShaderResources(8, 1) == [None]
    s.clear_messages()
    s.ctx.PSSetShaderResources(7, 1, [srv])
    assert not s.level_rule_hit() and s.ctx.PSGetShaderResources(7, 1)[0] is srv


def test_ps_shader_resources_slot_8_fine_at_10_0():
    s = Scene("10_0", shaders=False)
    srv = _srv(s)
    s.ctx.PSSetShaderResources(8, 1, [srv])
    assert s.ctx.PSGetShaderResources(8, 1)[0] is srv


@pytest.mark.parametrize("level", L9)
def test_ps_samplers_limited_to_16(level):
    s = Scene(level, shaders=False)
    s.ctx.PSSetSamplers(15, 2, [None, None])
    assert mid("PSSETSAMPLERS_TOO_MANY_SAMPLERS") in s.ids()


@pytest.mark.parametrize("level", L9)
def test_only_zeroth_viewport_and_scissor_at_9_x(level):
    s = Scene(level, shaders=False)
    vp = D3D11_VIEWPORT(Width=2, Height=2, MinDepth=0, MaxDepth=1)  # noqa: F405
    s.ctx.RSSetViewports(2, [vp, vp])
    s.ctx.RSSetScissorRects(2, [D3D11_RECT(0, 0, 1, 1), D3D11_RECT(0, 0, 1, 1)])  # noqa: F405
    assert s.ids() == [mid("DEVICE_RSSETVIEWPORTS_TOO_MANY_VIEWPORTS"), mid("DEVICE_RSSETSCISSORRECTS_TOO_MANY_SCISSORS")]
    assert len(s.ctx.RSGetViewports()) == 1 and s.ctx.RSGetScissorRects() == []


@pytest.mark.parametrize("level,dropped", [(lv, True) for lv in L9] + [("10_0", False), ("11_0", False)])
def test_negative_viewport_origin_fails_at_9_x(level, dropped):
    s = Scene(level, shaders=False)
    s.ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=-1, TopLeftY=0, Width=4, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
    assert (mid("DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT") in s.ids()) is dropped
    assert (s.ctx.RSGetViewports()[0].TopLeftX == 0) is dropped


@pytest.mark.parametrize("level,shader_level,ok", [("9_1", "9_1", True), ("9_1", "9_3", False),
                                                     ("9_2", "9_3", False), ("9_3", "9_1", True),
                                                     ("9_3", "9_3", True)])
@pytest.mark.parametrize("kind", ["VS", "PS"])
def test_level9_shader_profiles(level, shader_level, ok, kind):
    s = Scene(level, shaders=False)
    # a shader the 9_x device may create is made there; one it refuses comes from an 11_0 device
    other = s.dev if ok else D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)[0]  # noqa: F405
    blob = level9_blob(compile_(VS if kind == "VS" else PS, "vs_4_0" if kind == "VS" else "ps_4_0"), shader_level)
    create = other.CreateVertexShader if kind == "VS" else other.CreatePixelShader
    sh = create(blob, None)
    getattr(s.ctx, f"{kind}SetShader")(sh)
    assert s.level_rule_hit() is not ok
    assert (getattr(s.ctx, f"{kind}GetShader")()[0] is sh) is ok


@pytest.mark.parametrize("level", L9)
def test_non_level9_shader_refused_by_set_shader(level):
    s = Scene(level, shaders=False)
    other, _, _ = D3D11CreateDevice(None, 1, None, 0, [0xA000], 1, 7)  # noqa: F405
    sh = other.CreateVertexShader(compile_(VS, "vs_4_0"), None)
    s.ctx.VSSetShader(sh)
    assert s.level_rule_hit() and s.ctx.VSGetShader()[0] is None


# --- clears and copies -----------------------------------------------------------------------------------

@pytest.mark.parametrize("level,all_slices", [("9_1", False), ("9_3", False), ("10_0", True)])
def test_clear_rtv_of_cube_clears_first_slice_only_at_9_x(level, all_slices):
    s = Scene(level, shaders=False)
    cube = s.texture(4, 4, RGBA8, BIND_RT | BIND_SRV, misc=0x4, array=6)
    rtv = s.dev.CreateRenderTargetView(cube, D3D11_RENDER_TARGET_VIEW_DESC(  # noqa: F405
        Format=RGBA8, ViewDimension=5, Texture2DArray=D3D11_TEX2D_ARRAY_RTV(0, 0, 6)))  # noqa: F405
    s.ctx.ClearRenderTargetView(rtv, (1, 1, 1, 1))
    from pyd3d11.api.convenience import texture_to_numpy

    faces = [texture_to_numpy(s.ctx, cube, subresource=i) for i in range(6)]
    assert np.all(faces[0] == 1.0)
    assert all(np.all(f == 1.0) for f in faces[1:]) is all_slices
    assert all(np.all(f == 0.0) for f in faces[1:]) is not all_slices


def _staging2d(s, fmt=RGBA8):
    return s.texture(4, 4, fmt, 0, usage=STAGING, cpu=CPU_READ)


@pytest.mark.parametrize("level", L9)
@pytest.mark.parametrize("method", ["CopyResource", "CopySubresourceRegion"])
def test_copy_rules_at_9_x(level, method):
    s = Scene(level, shaders=False)

    def copy(dst, src):
        s.clear_messages()
        if method == "CopyResource":
            s.ctx.CopyResource(dst, src)
        else:
            s.ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, None)
        return s.ids()

    # Texture3D within GPU memory
    a, b = s.texture3d(4, RGBA8, BIND_SRV), s.texture3d(4, RGBA8, BIND_SRV)
    assert mid("COPYRESOURCE_ONLY_TEXTURE_2D_WITHIN_GPU_MEMORY") in copy(a, b)
    # Texture3D readback
    st3 = s.texture3d(4, RGBA8, 0, usage=STAGING, cpu=CPU_READ)
    assert mid("COPYRESOURCE_NO_TEXTURE_3D_READBACK") in copy(st3, a)
    # SRV-only texture readback; a render target + SRV texture reads back fine
    srv_only = s.texture(4, 4, RGBA8, BIND_SRV, usage=DEFAULT)
    assert mid("COPYRESOURCE_NO_TEXTURE_ONLY_READBACK") in copy(_staging2d(s), srv_only)
    rt = s.texture(4, 4, RGBA8, BIND_RT | BIND_SRV)
    assert copy(_staging2d(s), rt) == []
    # Texture2D and buffers within GPU memory are fine
    assert copy(s.texture(4, 4, RGBA8, BIND_RT), rt) == []
    assert copy(s.buffer(np.zeros(4, np.float32), BIND_VB), s.buffer(np.ones(4, np.float32), BIND_VB)) == []


@pytest.mark.parametrize("level", L9)
def test_mipmapped_volume_textures_cannot_be_region_copied(level):
    s = Scene(level, shaders=False)
    a = s.texture3d(4, RGBA8, 0, usage=STAGING, cpu=CPU_READ, mips=2)
    b = s.texture3d(4, RGBA8, 0, usage=STAGING, cpu=CPU_READ, mips=2)
    s.ctx.CopySubresourceRegion(a, 0, 0, 0, 0, b, 0, None)
    assert s.level_rule_hit()


def test_copy_rules_do_not_apply_at_10_0():
    s = Scene("10_0", shaders=False)
    a, b = s.texture3d(4, RGBA8, BIND_SRV), s.texture3d(4, RGBA8, BIND_SRV)
    s.ctx.CopyResource(a, b)
    srv_only = s.texture(4, 4, RGBA8, BIND_SRV)
    s.ctx.CopyResource(_staging2d(s), srv_only)
    assert s.ids() == []


def test_every_rule_names_a_context_method_and_levels():
    from pyd3d11.api.context import ID3D11DeviceContext1

    for r in RULES:
        assert hasattr(ID3D11DeviceContext1, r.method), r.method
        assert getattr(ID3D11DeviceContext1, r.method)._level_rules, r.method
        assert r.levels and r.levels <= {FL[k] for k in FL}
        assert (r.check is None) != (r.limit is None)


def test_rules_also_gate_deferred_contexts():
    s = Scene("9_1")
    assert s.dev  # deferred contexts cannot be created at 9_x? the table still applies to the immediate one
    s.ctx.DrawInstanced(3, 1, 0, 0)
    assert not s.rendered()
    _ = (BIND_DS, COLOR, RGBA32F)
