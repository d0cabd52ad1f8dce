"""CheckFeatureSupport tells the truth (issue 16 item 4): every field of every D3D11_FEATURE_* structure, at
every feature level 9_1 … 11_1, is compared with what the API does when the behaviour the field promises is
exercised. A probe returns the value the field must have given the observed behaviour. Fields that promise
nothing an application can observe (informative: they describe the driver or its memory) are listed in
``INFORMATIVE`` with the reason, and checked against their documented value for this device.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
from level9_kit import FL, PS, RGBA8, RGBA32F, VS, Scene, compile_, level9_blob

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import D3D11Error

LEVELS = list(FL)
FLT_MAX = 3.402823466e38
BIND_VB, BIND_CB, BIND_SRV, BIND_RT, BIND_DS, BIND_UAV = 0x1, 0x4, 0x8, 0x20, 0x40, 0x80
DYNAMIC, STAGING, CPU_WRITE, CPU_READ = 2, 3, 0x10000, 0x20000
MAP_WRITE_DISCARD, MAP_WRITE_NO_OVERWRITE = 4, 5
D16_UNORM, R32_FLOAT = 55, 41


def _works(fn) -> int:
    try:
        return 0 if fn() is False else 1
    except D3D11Error:
        return 0


def _scene(level):
    return Scene(level, shaders=False)


# --- probes (each returns the value the field must report) ------------------------------------------------

def p_concurrent_creates(s):
    errors = []

    def make():
        try:
            for _ in range(20):
                s.buffer(np.zeros(4, np.float32), BIND_VB)
        except Exception as e:  # noqa: BLE001 - any failure means concurrent creates are not safe
            errors.append(e)
    ts = [threading.Thread(target=make) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return int(not errors)


def _cs(s, src, target="cs_5_0"):
    return s.dev.CreateComputeShader(compile_(src, target), None)


def p_doubles(s):
    return _works(lambda: _cs(s, "RWStructuredBuffer<uint> u; [numthreads(1,1,1)] void main() "
                                 "{ double d = asdouble(u[0], u[1]); u[2] = (uint)(d * 2.0); }"))


def p_cs_4_x(s):
    return _works(lambda: _cs(s, "RWByteAddressBuffer u; [numthreads(1,1,1)] void main() { u.Store(0, 1); }",
                              "cs_4_0"))


def p_logic_op(s):
    d = D3D11_BLEND_DESC1()  # noqa: F405
    d.RenderTarget[0].LogicOpEnable = True
    d.RenderTarget[0].LogicOp = 4  # D3D11_LOGIC_OP_COPY
    d.RenderTarget[0].RenderTargetWriteMask = 0xF
    return _works(lambda: s.dev.CreateBlendState1(d))


def _rs1(s, fsc):
    return s.dev.CreateRasterizerState1(D3D11_RASTERIZER_DESC1(FillMode=3, CullMode=1, DepthClipEnable=True,  # noqa: F405
                                                               ForcedSampleCount=fsc))


def p_forced_sample_count(s):
    return _works(lambda: _rs1(s, 4))


def p_forced_sample_count_one(s):
    return _works(lambda: _rs1(s, 1))


def p_discard_apis(s):
    tex = s.texture(4, 4, RGBA8, BIND_RT)
    s.clear_messages()
    s.ctx.DiscardResource(tex)
    s.ctx.DiscardView(s.dev.CreateRenderTargetView(tex))
    return int(not s.ids())


def p_update_copy_flags(s):
    tex = s.texture(4, 4, RGBA8, BIND_SRV)
    data = np.full(64, 7, np.uint8)
    s.ctx.UpdateSubresource1(tex, 0, None, data.tobytes(), 16, 64, 0x2)  # D3D11_COPY_DISCARD
    from pyd3d11.api.convenience import texture_to_numpy

    return int(np.allclose(texture_to_numpy(s.ctx, tex), 7 / 255))


def p_clear_view(s):
    s.ctx.ClearView(s.rtv, (1.0, 0.0, 0.0, 1.0), None, 0)
    return int(bool(np.all(s.image()[..., 0] == 1.0)))


def p_copy_with_overlap(s):
    data = np.arange(16, dtype=np.uint32)
    buf = s.buffer(data, BIND_VB)
    s.ctx.CopySubresourceRegion1(buf, 0, 4, 0, 0, buf, 0, D3D11_BOX(0, 0, 0, 32, 1, 1), 0)  # noqa: F405
    st = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=STAGING, CPUAccessFlags=CPU_READ))  # noqa: F405
    s.ctx.CopyResource(st, buf)
    m = s.ctx.Map(st, 0, 1, 0)
    out = np.frombuffer(bytes(m.pData), np.uint32).copy()
    s.ctx.Unmap(st, 0)
    return int(list(out[:10]) == [0, 0, 1, 2, 3, 4, 5, 6, 7, 9])


def p_cb_partial_update(s):
    cb = s.buffer(np.zeros(8, np.float32), BIND_CB)
    s.ctx.UpdateSubresource1(cb, 0, D3D11_BOX(16, 0, 0, 32, 1, 1), np.ones(4, np.float32).tobytes(), 0, 0, 0)  # noqa: F405
    st = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=32, Usage=STAGING, CPUAccessFlags=CPU_READ))  # noqa: F405
    s.ctx.CopyResource(st, cb)
    m = s.ctx.Map(st, 0, 1, 0)
    out = np.frombuffer(bytes(m.pData), np.float32).copy()
    s.ctx.Unmap(st, 0)
    return int(list(out) == [0, 0, 0, 0, 1, 1, 1, 1])


def p_cb_offsetting(s):
    cb = s.buffer(np.zeros(64, np.float32), BIND_CB)
    s.ctx.PSSetConstantBuffers1(0, 1, [cb], [16], [16])
    return int(s.ctx.PSGetConstantBuffers1(0, 1)[1:] == ([16], [16]))


def _map_no_overwrite(s, bind, misc=0):
    buf = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=DYNAMIC, BindFlags=bind,  # noqa: F405
                                               CPUAccessFlags=CPU_WRITE, MiscFlags=misc, StructureByteStride=0))
    s.ctx.Map(buf, 0, MAP_WRITE_DISCARD, 0)
    s.ctx.Unmap(buf, 0)
    s.ctx.Map(buf, 0, MAP_WRITE_NO_OVERWRITE, 0)
    s.ctx.Unmap(buf, 0)


def p_map_no_overwrite_cb(s):
    return _works(lambda: _map_no_overwrite(s, BIND_CB))


def p_map_no_overwrite_srv(s):
    return _works(lambda: _map_no_overwrite(s, BIND_SRV, 0x20))


def p_sad4(s):
    return _works(lambda: _cs(s, "RWStructuredBuffer<uint4> u; [numthreads(1,1,1)] void main() "
                                 "{ u[1] = msad4(u[0].x, u[0].yz, u[2]); }"))


def p_extended_doubles(s):
    return _works(lambda: _cs(s, "RWStructuredBuffer<uint> u; [numthreads(1,1,1)] void main() "
                                 "{ double d = asdouble(u[0], u[1]); double e = asdouble(u[2], u[3]); "
                                 "u[4] = (uint)(d / e); }"))


def p_extended_sharing(s):
    # Sharing beyond 2D non-mipmapped textures: a shared buffer.
    return _works(lambda: s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=BIND_VB, MiscFlags=0x2)))  # noqa: F405


def p_non_pow2(s):
    return _works(lambda: s.texture(6, 6, RGBA8, BIND_SRV, mips=2))


def p_depth_compare(s):
    def make():
        s.dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=0x95, AddressU=1, AddressV=1, AddressW=1,  # noqa: F405
                                                    MaxAnisotropy=1, ComparisonFunc=4, MaxLOD=FLT_MAX))
    return _works(make)


def p_tiled(s):
    return _works(lambda: s.texture(4, 4, RGBA8, BIND_SRV, misc=0x40000))


def p_minmax_filter(s):
    return _works(lambda: s.dev.CreateSamplerState(D3D11_SAMPLER_DESC(  # noqa: F405
        Filter=0x115, AddressU=1, AddressV=1, AddressW=1, MaxAnisotropy=1, ComparisonFunc=1, MaxLOD=FLT_MAX)))


def p_clear_view_depth(s):
    tex = s.texture(4, 4, D16_UNORM, BIND_DS)  # a depth-only format every level has
    dsv = s.dev.CreateDepthStencilView(tex)
    s.ctx.ClearDepthStencilView(dsv, 1, 0.0, 0)
    s.ctx.ClearView(dsv, (0.5, 0, 0, 0), None, 0)
    st = s.texture(4, 4, D16_UNORM, 0, usage=STAGING, cpu=CPU_READ)
    s.ctx.CopyResource(st, tex)
    m = s.ctx.Map(st, 0, 1, 0)
    v = int(np.frombuffer(bytes(m.pData), np.uint16)[0])
    s.ctx.Unmap(st, 0)
    return int(abs(v - 32768) <= 1)


def p_map_default_buffer(s):
    buf = s.buffer(np.zeros(4, np.float32), BIND_VB)
    return _works(lambda: (s.ctx.Map(buf, 0, 1, 0), s.ctx.Unmap(buf, 0)))


def p_map_default_texture(s):
    tex = s.texture(4, 4, RGBA8, BIND_SRV)
    return _works(lambda: (s.ctx.Map(tex, 0, 1, 0), s.ctx.Unmap(tex, 0)))


def p_simple_instancing(s):
    vs = level9_blob(compile_(VS, "vs_4_0")) if s.level < FL["10_0"] else compile_(VS, "vs_4_0")
    els = [D3D11_INPUT_ELEMENT_DESC("POSITION", 0, RGBA32F, 0, 0, 0, 0),  # noqa: F405
           D3D11_INPUT_ELEMENT_DESC("COLOR", 0, RGBA32F, 1, 0, 1, 1)]  # noqa: F405
    return _works(lambda: s.dev.CreateInputLayout(els, 2, vs))


def p_stencil_ref(s):
    return _works(lambda: s.dev.CreatePixelShader(compile_(
        "float4 main(float4 p : SV_Position, out uint r : SV_StencilRef) : SV_Target { r = 3; return p; }",
        "ps_5_0"), None))


def p_typed_uav_load_additional(s):
    from pyd3d11.api.device_formats import format_support2

    return int(bool(format_support2(10, s.level) & 0x40))  # R16G16B16A16_FLOAT typed UAV load


def p_conservative(s):
    return _works(lambda: s.dev.CreateRasterizerState2(D3D11_RASTERIZER_DESC2(  # noqa: F405
        FillMode=3, CullMode=1, DepthClipEnable=True, ConservativeRaster=1)))


def p_shared_nv12(s):
    return _works(lambda: s.texture(4, 4, 103, BIND_SRV, misc=0x2))  # DXGI_FORMAT_NV12


PROBES = {
    ("D3D11_FEATURE_DATA_THREADING", "DriverConcurrentCreates"): p_concurrent_creates,
    ("D3D11_FEATURE_DATA_DOUBLES", "DoublePrecisionFloatShaderOps"): p_doubles,
    ("D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS", "ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x"):
        p_cs_4_x,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "OutputMergerLogicOp"): p_logic_op,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "UAVOnlyRenderingForcedSampleCount"): p_forced_sample_count,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "DiscardAPIsSeenByDriver"): p_discard_apis,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "FlagsForUpdateAndCopySeenByDriver"): p_update_copy_flags,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "ClearView"): p_clear_view,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "CopyWithOverlap"): p_copy_with_overlap,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "ConstantBufferPartialUpdate"): p_cb_partial_update,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "ConstantBufferOffsetting"): p_cb_offsetting,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "MapNoOverwriteOnDynamicConstantBuffer"): p_map_no_overwrite_cb,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "MapNoOverwriteOnDynamicBufferSRV"): p_map_no_overwrite_srv,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "MultisampleRTVWithForcedSampleCountOne"): p_forced_sample_count_one,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "SAD4ShaderInstructions"): p_sad4,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "ExtendedDoublesShaderInstructions"): p_extended_doubles,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS", "ExtendedResourceSharing"): p_extended_sharing,
    ("D3D11_FEATURE_DATA_D3D9_OPTIONS", "FullNonPow2TextureSupport"): p_non_pow2,
    ("D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT", "SupportsDepthAsTextureWithLessEqualComparisonFilter"): p_depth_compare,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS1", "TiledResourcesTier"): p_tiled,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS1", "MinMaxFiltering"): p_minmax_filter,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS1", "ClearViewAlsoSupportsDepthOnlyFormats"): p_clear_view_depth,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS1", "MapOnDefaultBuffers"): p_map_default_buffer,
    ("D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT", "SimpleInstancingSupported"): p_simple_instancing,
    ("D3D11_FEATURE_DATA_D3D9_OPTIONS1", "FullNonPow2TextureSupported"): p_non_pow2,
    ("D3D11_FEATURE_DATA_D3D9_OPTIONS1", "DepthAsTextureWithLessEqualComparisonFilterSupported"): p_depth_compare,
    ("D3D11_FEATURE_DATA_D3D9_OPTIONS1", "SimpleInstancingSupported"): p_simple_instancing,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "PSSpecifiedStencilRefSupported"): p_stencil_ref,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "TypedUAVLoadAdditionalFormats"): p_typed_uav_load_additional,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "ConservativeRasterizationTier"): p_conservative,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "TiledResourcesTier"): p_tiled,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "MapOnDefaultTextures"): p_map_default_texture,
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS4", "ExtendedNV12SharedTextureSupported"): p_shared_nv12,
}

#: Fields with no behaviour to exercise, their value for this device and why.
INFORMATIVE = {
    ("D3D11_FEATURE_DATA_THREADING", "DriverCommandLists"): (0, "command lists are the runtime's (emulated); "
                                                             "deferred contexts work either way"),
    ("D3D11_FEATURE_DATA_ARCHITECTURE_INFO", "TileBasedDeferredRenderer"): (0, "describes the GPU architecture"),
    ("D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT", "PixelShaderMinPrecision"): (
        0, "min-precision types run at 32 bits, which the field allows"),
    ("D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT", "AllOtherShaderStagesMinPrecision"): (
        0, "min-precision types run at 32 bits, which the field allows"),
    ("D3D11_FEATURE_DATA_MARKER_SUPPORT", "Profile"): (0, "no hardware GPU profiling marker"),
    ("D3D11_FEATURE_DATA_D3D9_OPTIONS1", "TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported"): (
        1, "a cube face RTV with a 2D depth buffer is not refused at any level"),
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "ROVsSupported"): (0, "ROVs need shader model 5.1, which no Create*Shader "
                                                            "accepts"),
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "StandardSwizzle"): (0, "no 64KB standard-swizzle texture layout"),
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", "UnifiedMemoryArchitecture"): (1, "system memory is the GPU's memory"),
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS3", "VPAndRTArrayIndexFromAnyShaderFeedingRasterizer"): (
        0, "such shaders are refused at creation (shader_requirements)"),
    ("D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT", "MaxGPUVirtualAddressBitsPerResource"): (
        32, "resource sizes are bounded by UINT ByteWidth"),
    ("D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT", "MaxGPUVirtualAddressBitsPerProcess"): (
        47, "a 64-bit process's user address space"),
    ("D3D11_FEATURE_DATA_SHADER_CACHE", "SupportFlags"): (0, "no driver shader cache"),
    ("D3D11_FEATURE_DATA_D3D11_OPTIONS5", "SharedResourceTier"): (0, "tier 0: the basic sharing of api/sharing.py"),
    ("D3D11_FEATURE_DATA_DISPLAYABLE", "DisplayableTexture"): (0, "no displayable surfaces"),
    ("D3D11_FEATURE_DATA_DISPLAYABLE", "SharedResourceTier"): (0, "no displayable surfaces"),
}

#: D3D11_FEATURE values answered without an input struct, with their structure names.
FEATURES = {0: "D3D11_FEATURE_DATA_THREADING", 1: "D3D11_FEATURE_DATA_DOUBLES",
            4: "D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS", 5: "D3D11_FEATURE_DATA_D3D11_OPTIONS",
            6: "D3D11_FEATURE_DATA_ARCHITECTURE_INFO", 7: "D3D11_FEATURE_DATA_D3D9_OPTIONS",
            8: "D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT", 9: "D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT",
            10: "D3D11_FEATURE_DATA_D3D11_OPTIONS1", 11: "D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT",
            12: "D3D11_FEATURE_DATA_MARKER_SUPPORT", 13: "D3D11_FEATURE_DATA_D3D9_OPTIONS1",
            14: "D3D11_FEATURE_DATA_D3D11_OPTIONS2", 15: "D3D11_FEATURE_DATA_D3D11_OPTIONS3",
            16: "D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT", 17: "D3D11_FEATURE_DATA_D3D11_OPTIONS4",
            18: "D3D11_FEATURE_DATA_SHADER_CACHE", 19: "D3D11_FEATURE_DATA_D3D11_OPTIONS5",
            20: "D3D11_FEATURE_DATA_DISPLAYABLE"}


def _fields(struct_name):
    import dataclasses

    import pyd3d11.headers as h

    return [f.name for f in dataclasses.fields(getattr(h, struct_name))]


ALL_FIELDS = [(f, FEATURES[f], name) for f in FEATURES for name in _fields(FEATURES[f])]


def test_every_field_has_a_probe_or_a_reason():
    missing = [(s, n) for _, s, n in ALL_FIELDS if (s, n) not in PROBES and (s, n) not in INFORMATIVE]
    assert missing == []


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("feature,struct,field", ALL_FIELDS, ids=[f"{s[19:]}.{n}" for _, s, n in ALL_FIELDS])
def test_field_agrees_with_behaviour(level, feature, struct, field):
    s = _scene(level)
    reported = int(getattr(s.dev.CheckFeatureSupport(feature), field))
    if (struct, field) in INFORMATIVE:
        assert reported == INFORMATIVE[(struct, field)][0]
        return
    observed = PROBES[(struct, field)](s)
    assert reported == observed, f"{struct}.{field} reports {reported}, the API behaves as {observed}"


@pytest.mark.parametrize("level", LEVELS)
def test_format_support2_shareable_agrees_with_shared_creation(level):
    s = _scene(level)
    for fmt in (RGBA8, 87, 10, R32_FLOAT):
        try:
            bits = s.dev.CheckFeatureSupport(3, D3D11_FEATURE_DATA_FORMAT_SUPPORT2(InFormat=fmt)).OutFormatSupport2  # noqa: F405
        except D3D11Error:
            continue
        shareable = bool(bits & 0x400) and not (s.level < FL["10_0"] and fmt in (28, 29))
        got = _works(lambda fmt=fmt: s.texture(4, 4, fmt, BIND_SRV, misc=0x2))
        assert got == int(shareable), (level, fmt)


def test_large_constant_buffers_at_every_level():
    # CreateBuffer remarks (D3D11.1): larger than 4096 constants is emulated at 9_x, always there on new drivers.
    for level in LEVELS:
        s = _scene(level)
        assert s.buffer(np.zeros(4096 * 4 + 64, np.float32), BIND_CB) is not None


def test_update_subresource_cannot_partially_update_a_constant_buffer():
    s = _scene("11_1")
    cb = s.buffer(np.zeros(8, np.float32), BIND_CB)
    s.ctx.UpdateSubresource(cb, 0, D3D11_BOX(16, 0, 0, 32, 1, 1), np.ones(4, np.float32).tobytes(), 0, 0)  # noqa: F405
    assert s.texts()  # dropped with a message
    _ = PS


@pytest.mark.parametrize("level", ["10_1", "11_0"])
def test_clear_view_below_11_1_reports_clearview_notsupported(level):
    from level9_kit import mid

    s = _scene(level)
    s.ctx.ClearView(s.rtv, (1.0, 0.0, 0.0, 1.0), None, 0)
    assert mid("DEVICE_CLEARVIEW_NOTSUPPORTED") in s.ids() and not np.any(s.image())
