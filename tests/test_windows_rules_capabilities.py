"""Issue 14 item 14: shaders that need a capability the device reports off are refused (E_INVALIDARG), and
CreateDeferredContext fails with DXGI_ERROR_INVALID_CALL on a SINGLETHREADED device.

The capability table is written out here from d3dcommon.h's D3D_SHADER_REQUIRES_* bits and what this device
reports per feature level in CheckFeatureSupport (D3D11_FEATURE_DOUBLES, D3D11_OPTIONS, OPTIONS1-3): a blob
whose SFI0 chunk asks for a capability the device reports off is refused at every Create*Shader call; the
needs that show in the program (SV_RenderTargetArrayIndex / SV_ViewportArrayIndex written by a vertex or
domain shader, SV_StencilRef, SV_InnerCoverage) are refused even without SFI0.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, assemble_shader
from pyd3d11.errors import InvalidArgError, InvalidCallError
from pyd3d11.shader.dxbc.container import build_container, parse_container
from pyd3d11.shader.dxbc.stat import build_sfi0

FL_10_0, FL_10_1, FL_11_0, FL_11_1 = 0xA000, 0xA100, 0xB000, 0xB100
LEVELS = (FL_10_0, FL_10_1, FL_11_0, FL_11_1)
ALL, FL11, FL111, NONE = set(LEVELS), {FL_11_0, FL_11_1}, {FL_11_1}, set()

# D3D_SHADER_REQUIRES_* bit -> the feature levels at which this device reports the capability
SFI0_TABLE = [
    (0x0001, "DOUBLES", FL11),  # D3D11_FEATURE_DOUBLES.DoublePrecisionFloatShaderOps
    (0x0002, "EARLY_DEPTH_STENCIL", ALL),  # not a capability
    (0x0004, "UAVS_AT_EVERY_STAGE", FL111),
    (0x0008, "64_UAVS", FL111),
    (0x0010, "MINIMUM_PRECISION", ALL),  # min precision runs at full precision anywhere
    (0x0020, "11_1_DOUBLE_EXTENSIONS", FL11),  # D3D11_OPTIONS.ExtendedDoublesShaderInstructions
    (0x0040, "11_1_SHADER_EXTENSIONS", FL11),  # D3D11_OPTIONS.SAD4ShaderInstructions
    (0x0080, "LEVEL_9_COMPARISON_FILTERING", ALL),
    (0x0100, "TILED_RESOURCES", NONE),  # OPTIONS1.TiledResourcesTier 0
    (0x0200, "STENCIL_REF", NONE),  # OPTIONS2.PSSpecifiedStencilRefSupported 0
    (0x0400, "INNER_COVERAGE", NONE),  # OPTIONS2.ConservativeRasterizationTier 0
    (0x0800, "TYPED_UAV_LOAD_ADDITIONAL_FORMATS", NONE),  # OPTIONS2.TypedUAVLoadAdditionalFormats 0
    (0x1000, "ROVS", NONE),  # OPTIONS2.ROVsSupported 0
    (0x2000, "VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER", NONE),  # OPTIONS3
]

VS = "float4 main(float4 p : POSITION) : SV_Position { return p; }"
PS = "float4 main() : SV_Target { return 1; }"


def _device(level: int, flags: int = 0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, [level], 1, 7)  # noqa: F405
    return dev, ctx


def _with_sfi0(blob: bytes, flags: int) -> bytes:
    chunks = [c for c in parse_container(blob) if c.fourcc != "SFI0"]
    return build_container([*chunks, ("SFI0", build_sfi0(flags))])


@pytest.mark.parametrize("bit, name, levels", SFI0_TABLE, ids=[r[1] for r in SFI0_TABLE])
@pytest.mark.parametrize("level", LEVELS)
def test_sfi0_requirement_per_level(bit, name, levels, level):
    dev, _ = _device(level)
    vs = _with_sfi0(D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0), bit)
    ps = _with_sfi0(D3DCompile(PS, None, None, None, None, "main", "ps_4_0", 0, 0), bit)
    if level in levels:
        dev.CreateVertexShader(vs, None)
        dev.CreatePixelShader(ps, None)
    else:
        with pytest.raises(InvalidArgError):
            dev.CreateVertexShader(vs, None)
        with pytest.raises(InvalidArgError):
            dev.CreatePixelShader(ps, None)


# (CheckFeatureSupport feature, struct field, SFI0 bit it gates): refusal and report must agree
REPORTS = [(1, "DoublePrecisionFloatShaderOps", 0x1), (5, "ExtendedDoublesShaderInstructions", 0x20),
           (5, "SAD4ShaderInstructions", 0x40), (10, "TiledResourcesTier", 0x100),
           (14, "PSSpecifiedStencilRefSupported", 0x200), (14, "ConservativeRasterizationTier", 0x400),
           (14, "TypedUAVLoadAdditionalFormats", 0x800), (14, "ROVsSupported", 0x1000),
           (15, "VPAndRTArrayIndexFromAnyShaderFeedingRasterizer", 0x2000)]


@pytest.mark.parametrize("feature, field, bit", REPORTS)
@pytest.mark.parametrize("level", LEVELS)
def test_refusal_agrees_with_check_feature_support(feature, field, bit, level):
    dev, _ = _device(level)
    reported = bool(getattr(dev.CheckFeatureSupport(feature), field))
    vs = _with_sfi0(D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0), bit)
    try:
        dev.CreateVertexShader(vs, None)
        accepted = True
    except InvalidArgError:
        accepted = False
    assert accepted == reported


ARRAY_INDEX_VS = """vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, {name}
mov o0.xyzw, v0.xyzw
mov o1.x, l(1)
ret
"""
ARRAY_INDEX_GS = """gs_4_0
dcl_input_siv v[3][0].xyzw, position
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, {name}
dcl_maxout 3
mov o0.xyzw, v[0][0].xyzw
mov o1.x, l(1)
emit
ret
"""
ARRAY_INDEX_DS = """ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_input vDomain.xyz
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, {name}
mov o0.xyzw, vDomain.xyzx
mov o1.x, l(1)
ret
"""
NAMES = ["rendertarget_array_index", "viewport_array_index"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_vertex_shader_array_index_output_is_refused(name, level):
    dev, _ = _device(level)
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(assemble_shader(ARRAY_INDEX_VS.format(name=name)), None)


@pytest.mark.parametrize("name", NAMES)
def test_domain_shader_array_index_output_is_refused(name):
    dev, _ = _device(FL_11_0)
    with pytest.raises(InvalidArgError):
        dev.CreateDomainShader(assemble_shader(ARRAY_INDEX_DS.format(name=name)), None)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_geometry_shader_array_index_output_is_accepted(name, level):
    dev, _ = _device(level)
    dev.CreateGeometryShader(assemble_shader(ARRAY_INDEX_GS.format(name=name)), None)


def test_hlsl_vertex_shader_writing_render_target_array_index_is_refused():
    src = """struct O { float4 p : SV_Position; uint rt : SV_RenderTargetArrayIndex; };
             O main(float4 p : POSITION) { O o; o.p = p; o.rt = 1; return o; }"""
    blob = D3DCompile(src, None, None, None, None, "main", "vs_5_0", 0, 0)
    dev, _ = _device(FL_11_1)
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(blob, None)


def test_pixel_shader_writing_stencil_ref_is_refused():
    ps = """ps_5_0
dcl_output oStencilRef
mov oStencilRef, l(1)
ret
"""
    dev, _ = _device(FL_11_0)
    with pytest.raises(InvalidArgError):
        dev.CreatePixelShader(assemble_shader(ps), None)


# --- deferred contexts -------------------------------------------------------------------------------------------

SINGLETHREADED = 0x1


@pytest.mark.parametrize("level", LEVELS)
def test_create_deferred_context_on_singlethreaded_device_is_invalid_call(level):
    dev, _ = _device(level, SINGLETHREADED)
    with pytest.raises(InvalidCallError) as e:
        dev.CreateDeferredContext(0)
    assert e.value.hresult == 0x887A0001
    with pytest.raises(InvalidCallError):
        dev.CreateDeferredContext1(0)


@pytest.mark.parametrize("level", LEVELS)
def test_create_deferred_context_on_a_free_threaded_device_works(level):
    dev, _ = _device(level)
    assert dev.CreateDeferredContext(0).GetType() == 1  # D3D11_DEVICE_CONTEXT_DEFERRED
    with pytest.raises(InvalidArgError):
        dev.CreateDeferredContext(1)  # ContextFlags reserved: E_INVALIDARG


# UAVs outside the pixel and compute shaders, and UAV slots 8-63, exist from 11_1 (UAVS_AT_EVERY_STAGE,
# 64_UAVS): the program shows them even without an SFI0 chunk.
UAV_VS = """vs_5_0
dcl_uav_raw u{slot}
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
store_raw u{slot}.x, l(0), l(1)
mov o0.xyzw, v0.xyzw
ret
"""
UAV_CS = """cs_5_0
dcl_uav_raw u{slot}
dcl_thread_group 1, 1, 1
store_raw u{slot}.x, l(0), l(1)
ret
"""
UAV_PS = """ps_5_0
dcl_uav_raw u{slot}
dcl_output o0.xyzw
store_raw u{slot}.x, l(0), l(1)
mov o0.xyzw, l(1, 1, 1, 1)
ret
"""


@pytest.mark.parametrize("stage, src, slot, levels", [
    ("VS", UAV_VS, 1, {FL_11_1}),
    ("CS", UAV_CS, 7, {FL_11_0, FL_11_1}),
    ("CS", UAV_CS, 8, {FL_11_1}),
    ("CS", UAV_CS, 63, {FL_11_1}),
    ("PS", UAV_PS, 1, {FL_11_0, FL_11_1}),
    ("PS", UAV_PS, 20, {FL_11_1}),
])
@pytest.mark.parametrize("level", [FL_11_0, FL_11_1])
def test_uav_stage_and_slot_needs(stage, src, slot, levels, level):
    dev, _ = _device(level)
    blob = assemble_shader(src.format(slot=slot))
    create = {"VS": dev.CreateVertexShader, "CS": dev.CreateComputeShader, "PS": dev.CreatePixelShader}[stage]
    if level in levels:
        create(blob, None)
    else:
        with pytest.raises(InvalidArgError):
            create(blob, None)
