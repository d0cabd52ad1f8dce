"""What a shader's bytecode requires of the device, checked at every Create*Shader (data + one check).

A shader's D3D_SHADER_REQUIRES_* bits come from its SFI0 chunk (what the compiler recorded) together with
what its program shows (``program_feature_flags``: dcl_globalFlags, UAVs outside PS/CS, UAV registers above
u7, plus an oStencilRef output). Each bit names the device capability it needs; a level without it refuses
the bytecode with E_INVALIDARG and the DEVICE_CREATE<STAGE>SHADER_* message Windows' debug layer uses
(d3d11sdklayers.h: …_DOUBLEFLOATOPSNOTSUPPORTED, …_UAVSNOTSUPPORTED, …_DOUBLEEXTENSIONSNOTSUPPORTED,
…_SHADEREXTENSIONSNOTSUPPORTED). The capabilities are the ones CheckFeatureSupport reports (device_caps.py):
doubles and the 11.1 shader extensions from 11_0, UAVs at every stage and 64 UAV slots at 11_1 (D3D11.1
"UAVs at every shader stage"; seed 003's CreateDomainShader remarks), and none of the optional D3D11.2+/12
features (tiled resources, PS stencil reference, inner coverage, typed UAV loads of additional formats,
ROVs, viewport/RT index from any stage, wave ops, int64, view id, barycentrics, 16-bit ops).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyd3d11.headers import d3dcommon as D

from .device_consts import FL_10_0, FL_11_0, FL_11_1
from .device_structs import reject

#: bit -> (capability test on the caps row, message suffix, what it is)
REQUIREMENTS: dict[int, tuple[Callable[[Any], bool], str, str]] = {
    D.D3D_SHADER_REQUIRES_DOUBLES: (lambda c: c.level >= FL_11_0, "DOUBLEFLOATOPSNOTSUPPORTED",
                                    "double-precision operations (DoublePrecisionFloatShaderOps)"),
    D.D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE: (lambda c: c.level >= FL_11_1, "UAVSNOTSUPPORTED",
                                                "UAVs outside the pixel and compute shaders (feature level 11_1)"),
    D.D3D_SHADER_REQUIRES_64_UAVS: (lambda c: c.level >= FL_11_1, "UAVSNOTSUPPORTED",
                                    "UAV registers above u7 (64 UAV slots, feature level 11_1)"),
    D.D3D_SHADER_REQUIRES_11_1_DOUBLE_EXTENSIONS: (lambda c: c.level >= FL_11_0, "DOUBLEEXTENSIONSNOTSUPPORTED",
                                                   "double division, rcp and fma (ExtendedDoublesShaderInstructions)"),
    D.D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS: (lambda c: c.level >= FL_11_0, "SHADEREXTENSIONSNOTSUPPORTED",
                                                   "msad4 (SAD4ShaderInstructions)"),
    # D3D11_FEATURE_D3D9_SHADOW_SUPPORT: reported from 10_0 (device_caps.py), where comparison filtering is native
    D.D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING: (lambda c: c.level >= FL_10_0, "INVALIDSHADERBYTECODE",
                                                         "10Level9 comparison filtering (D3D9 shadow support)"),
    D.D3D_SHADER_REQUIRES_TILED_RESOURCES: (lambda c: False, "INVALIDSHADERBYTECODE", "tiled resources"),
    D.D3D_SHADER_REQUIRES_STENCIL_REF: (lambda c: False, "INVALIDSHADERBYTECODE",
                                        "a pixel-shader stencil reference (PSSpecifiedStencilRefSupported)"),
    D.D3D_SHADER_REQUIRES_INNER_COVERAGE: (lambda c: False, "INVALIDSHADERBYTECODE", "inner coverage"),
    D.D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS: (lambda c: False, "INVALIDSHADERBYTECODE",
                                                              "typed UAV loads of additional formats"),
    D.D3D_SHADER_REQUIRES_ROVS: (lambda c: False, "INVALIDSHADERBYTECODE", "rasterizer-ordered views"),
    D.D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER: (
        lambda c: False, "INVALIDSHADERBYTECODE", "viewport/render-target array index from any stage"),
    D.D3D_SHADER_REQUIRES_WAVE_OPS: (lambda c: False, "INVALIDSHADERBYTECODE", "wave operations"),
    D.D3D_SHADER_REQUIRES_INT64_OPS: (lambda c: False, "INVALIDSHADERBYTECODE", "64-bit integer operations"),
    D.D3D_SHADER_REQUIRES_VIEW_ID: (lambda c: False, "INVALIDSHADERBYTECODE", "view instancing"),
    D.D3D_SHADER_REQUIRES_BARYCENTRICS: (lambda c: False, "INVALIDSHADERBYTECODE", "barycentrics"),
    D.D3D_SHADER_REQUIRES_NATIVE_16BIT_OPS: (lambda c: False, "INVALIDSHADERBYTECODE", "native 16-bit operations"),
}


def required_flags(container: Any, program: Any) -> int:
    """The D3D_SHADER_REQUIRES_* bits of a shader: SFI0's and its program's."""
    from pyd3d11.shader import ir
    from pyd3d11.shader.dxbc.stat import program_feature_flags

    flags = int(getattr(container, "feature_flags", 0) or 0) | program_feature_flags(program)
    feeds_rasterizer_early = program.program_type in (ir.ProgramType.VERTEX, ir.ProgramType.DOMAIN)  # the GS may always write the two indices
    for inst in program.instructions:
        if inst.opcode == ir.Opcode.DCL_OUTPUT_SIV and feeds_rasterizer_early and inst.extra \
                and (inst.extra[0] & 0xFFFF) in (ir.SystemName.RENDER_TARGET_ARRAY_INDEX,
                                                 ir.SystemName.VIEWPORT_ARRAY_INDEX):
            flags |= D.D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER
        for o in inst.operands:
            if o.type == ir.OperandType.OUTPUT_STENCIL_REF:
                flags |= D.D3D_SHADER_REQUIRES_STENCIL_REF
            elif o.type == ir.OperandType.INNER_COVERAGE:
                flags |= D.D3D_SHADER_REQUIRES_INNER_COVERAGE
    return flags


def check_requirements(caps: Any, container: Any, program: Any, msg_prefix: str) -> None:
    """Refuse (E_INVALIDARG) bytecode needing what the device's level lacks."""
    flags = required_flags(container, program)
    for bit, (available, suffix, what) in REQUIREMENTS.items():
        if flags & bit and not available(caps):
            name = ("DEVICE_" + msg_prefix + suffix) if suffix != "INVALIDSHADERBYTECODE" else msg_prefix + suffix
            raise reject(f"the shader uses {what}, which feature level {caps.name} does not support", name)
