"""Optional device capabilities a shader needs, refused at creation when the device reports them off.

A shader blob records what it needs in its SFI0 chunk (D3D_SHADER_REQUIRES_* bits, d3dcommon.h); the
runtime refuses a shader whose needs the device does not report (E_INVALIDARG), e.g. an
SV_RenderTargetArrayIndex / SV_ViewportArrayIndex output from a vertex or domain shader without
D3D11_FEATURE_DATA_D3D11_OPTIONS3.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer, or SV_StencilRef
without D3D11_FEATURE_DATA_D3D11_OPTIONS2.PSSpecifiedStencilRefSupported. Blobs may lack SFI0 (hand
assembled, older compilers), so the needs that show in the program itself are read from it too.

The table below is data: (SFI0 bit, what the device reports for it, the feature named in the refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyd3d11.errors import InvalidArgError
from pyd3d11.headers import d3dcommon as H
from pyd3d11.shader import ir

from . import device_consts as C
from .caps import FeatureLevelCaps

OT = ir.OperandType
SN = ir.SystemName

# SFI0 bit -> (does the device support it at these caps, the D3D11_FEATURE_DATA field that reports it).
# Must agree with CheckFeatureSupport (device_caps.py), which answers the same questions.
REQUIREMENTS: dict[int, tuple[Callable[[FeatureLevelCaps], bool], str]] = {
    H.D3D_SHADER_REQUIRES_DOUBLES: (lambda c: c.level >= C.FL_11_0, "D3D11_FEATURE_DOUBLES"),
    H.D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE: (lambda c: c.level >= C.FL_11_1,
                                                 "UAVs at every shader stage (feature level 11_1)"),
    H.D3D_SHADER_REQUIRES_64_UAVS: (lambda c: c.level >= C.FL_11_1, "64 UAV slots (feature level 11_1)"),
    H.D3D_SHADER_REQUIRES_11_1_DOUBLE_EXTENSIONS: (lambda c: c.level >= C.FL_11_0,
                                                   "D3D11_OPTIONS.ExtendedDoublesShaderInstructions"),
    H.D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS: (lambda c: c.level >= C.FL_11_0,
                                                   "D3D11_OPTIONS.SAD4ShaderInstructions"),
    H.D3D_SHADER_REQUIRES_TILED_RESOURCES: (lambda c: False, "D3D11_OPTIONS1.TiledResourcesTier"),
    H.D3D_SHADER_REQUIRES_STENCIL_REF: (lambda c: False, "D3D11_OPTIONS2.PSSpecifiedStencilRefSupported"),
    H.D3D_SHADER_REQUIRES_INNER_COVERAGE: (lambda c: False, "D3D11_OPTIONS2.ConservativeRasterizationTier"),
    H.D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS: (lambda c: False,
                                                              "D3D11_OPTIONS2.TypedUAVLoadAdditionalFormats"),
    H.D3D_SHADER_REQUIRES_ROVS: (lambda c: False, "D3D11_OPTIONS2.ROVsSupported"),
    H.D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER: (
        lambda c: False, "D3D11_OPTIONS3.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer"),
}

# Stages other than the GS that may feed the rasterizer (the GS always may write the two indices).
_VS, _DS = 1, 4
_ARRAY_INDEX_NAMES = (SN.RENDER_TARGET_ARRAY_INDEX, SN.VIEWPORT_ARRAY_INDEX)


_PS, _CS = 0, 5
_UAV_DECLS = (ir.Opcode.DCL_UAV_TYPED, ir.Opcode.DCL_UAV_RAW, ir.Opcode.DCL_UAV_STRUCTURED)
_UAV_SLOTS_11_0 = 8  # D3D11_PS_CS_UAV_REGISTER_COUNT; 11_1 has 64


def program_requirements(program_type: int, program: ir.Program) -> int:
    """D3D_SHADER_REQUIRES_* bits that show in the program (whatever its SFI0 says)."""
    need = 0
    for inst in program.instructions:
        if inst.opcode in _UAV_DECLS:
            if program_type not in (_PS, _CS):
                need |= H.D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE
            if inst.operands and inst.operands[0].indices and inst.operands[0].indices[-1].value >= _UAV_SLOTS_11_0:
                need |= H.D3D_SHADER_REQUIRES_64_UAVS
        if inst.opcode == ir.Opcode.DCL_OUTPUT_SIV and program_type in (_VS, _DS) and inst.extra \
                and (inst.extra[0] & 0xFFFF) in _ARRAY_INDEX_NAMES:
            need |= H.D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER
        for op in inst.operands:
            if op.type == OT.OUTPUT_STENCIL_REF:
                need |= H.D3D_SHADER_REQUIRES_STENCIL_REF
            elif op.type == OT.INNER_COVERAGE:
                need |= H.D3D_SHADER_REQUIRES_INNER_COVERAGE
    return need


def unsupported_requirement(caps: FeatureLevelCaps, program_type: int, program: ir.Program,
                            sfi0_flags: int) -> str | None:
    """The first capability the shader needs and the device reports off (None: all present)."""
    need = int(sfi0_flags) | program_requirements(program_type, program)
    for bit, (supported, name) in REQUIREMENTS.items():
        if need & bit and not supported(caps):
            return name
    return None


def check(caps: FeatureLevelCaps, parsed: Any) -> str | None:
    """:func:`unsupported_requirement` for a ParsedShader (api/shaders.py)."""
    try:
        flags = parsed.container.feature_flags
    except InvalidArgError:  # a malformed SFI0 chunk: judged by the bytecode checks, not here
        flags = 0
    return unsupported_requirement(caps, parsed.program_type, parsed.program, flags)
