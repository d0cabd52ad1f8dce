"""Names fxc's SM4/SM5 listing uses for registers, declarations and enums (shared by disasm and asm).

Learned from fxc listings (slimshader corpus) and the token enums of D3D12TokenizedProgramFormat.hpp.
"""

from __future__ import annotations

from ..ir import OperandType as T

COMPONENTS = "xyzw"

# Register-file prefixes. Files whose operands carry no index print the bare name.
REGISTER_PREFIX: dict[int, str] = {
    T.TEMP: "r",
    T.INPUT: "v",
    T.OUTPUT: "o",
    T.INDEXABLE_TEMP: "x",
    T.SAMPLER: "s",
    T.RESOURCE: "t",
    T.CONSTANT_BUFFER: "cb",
    T.IMMEDIATE_CONSTANT_BUFFER: "icb",
    T.LABEL: "l",
    T.INPUT_PRIMITIVEID: "vPrim",
    T.OUTPUT_DEPTH: "oDepth",
    T.NULL: "null",
    T.RASTERIZER: "rasterizer",
    T.OUTPUT_COVERAGE_MASK: "oMask",
    T.STREAM: "m",
    T.FUNCTION_BODY: "fb",
    T.FUNCTION_TABLE: "ft",
    T.INTERFACE: "fp",
    T.FUNCTION_INPUT: "fi",
    T.FUNCTION_OUTPUT: "fo",
    T.OUTPUT_CONTROL_POINT_ID: "vOutputControlPointID",
    T.INPUT_FORK_INSTANCE_ID: "vForkInstanceID",
    T.INPUT_JOIN_INSTANCE_ID: "vJoinInstanceID",
    T.INPUT_CONTROL_POINT: "vicp",
    T.OUTPUT_CONTROL_POINT: "vocp",
    T.INPUT_PATCH_CONSTANT: "vpc",
    T.INPUT_DOMAIN_POINT: "vDomain",
    T.THIS_POINTER: "this",
    T.UNORDERED_ACCESS_VIEW: "u",
    T.THREAD_GROUP_SHARED_MEMORY: "g",
    T.INPUT_THREAD_ID: "vThreadID",
    T.INPUT_THREAD_GROUP_ID: "vThreadGroupID",
    T.INPUT_THREAD_ID_IN_GROUP: "vThreadIDInGroup",
    T.INPUT_COVERAGE_MASK: "vCoverage",
    T.INPUT_THREAD_ID_IN_GROUP_FLATTENED: "vThreadIDInGroupFlattened",
    T.INPUT_GS_INSTANCE_ID: "vGSInstanceID",
    T.OUTPUT_DEPTH_GREATER_EQUAL: "oDepthGE",
    T.OUTPUT_DEPTH_LESS_EQUAL: "oDepthLE",
    T.CYCLE_COUNTER: "vCycleCounter",
    T.OUTPUT_STENCIL_REF: "oStencilRef",
    T.INNER_COVERAGE: "vInnerCoverage",
}
# fxc prints these register files with the first index in brackets even when it is immediate
BRACKETED_FILES = {T.THIS_POINTER, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT}

PROGRAM_PREFIX = ("ps", "vs", "gs", "hs", "ds", "cs")

RESOURCE_DIMENSION = {
    0: "unknown", 1: "buffer", 2: "texture1d", 3: "texture2d", 4: "texture2dms", 5: "texture3d",
    6: "texturecube", 7: "texture1darray", 8: "texture2darray", 9: "texture2dmsarray",
    10: "texturecubearray", 11: "raw_buffer", 12: "structured_buffer",
}
RETURN_TYPE = {1: "unorm", 2: "snorm", 3: "sint", 4: "uint", 5: "float", 6: "mixed", 7: "double",
               8: "continued", 9: "unused"}
SAMPLER_MODE = {0: "mode_default", 1: "mode_comparison", 2: "mode_mono"}
INTERPOLATION = {
    0: "", 1: "constant", 2: "linear", 3: "linear centroid", 4: "linear noperspective",
    5: "linear noperspective centroid", 6: "linear sample", 7: "linear noperspective sample",
}
SYSTEM_NAME = {
    0: "undefined", 1: "position", 2: "clip_distance", 3: "cull_distance", 4: "rendertarget_array_index",
    5: "viewport_array_index", 6: "vertex_id", 7: "primitive_id", 8: "instance_id", 9: "is_front_face",
    10: "sampleIndex", 11: "finalQuadUeq0EdgeTessFactor", 12: "finalQuadVeq0EdgeTessFactor",
    13: "finalQuadUeq1EdgeTessFactor", 14: "finalQuadVeq1EdgeTessFactor", 15: "finalQuadUInsideTessFactor",
    16: "finalQuadVInsideTessFactor", 17: "finalTriUeq0EdgeTessFactor", 18: "finalTriVeq0EdgeTessFactor",
    19: "finalTriWeq0EdgeTessFactor", 20: "finalTriInsideTessFactor", 21: "finalLineDetailTessFactor",
    22: "finalLineDensityTessFactor",
}
GLOBAL_FLAGS = [
    (0x1, "refactoringAllowed"), (0x2, "enableDoublePrecisionFloatOps"), (0x4, "forceEarlyDepthStencil"),
    (0x8, "enableRawAndStructuredBuffers"), (0x10, "skipOptimization"), (0x20, "enableMinimumPrecision"),
    (0x40, "enable11_1DoubleExtensions"), (0x80, "enable11_1ShaderExtensions"),
    (0x100, "allResourcesBound"),  # D3D12_SB_GLOBAL_FLAG_ALL_RESOURCES_BOUND (1 << 19), shader model 5.1
]
GS_INPUT_PRIMITIVE = {1: "point", 2: "line", 3: "triangle", 6: "lineadj", 7: "triangleadj",
                      **{7 + n: f"patch{n}" for n in range(1, 33)}}
GS_OUTPUT_TOPOLOGY = {1: "pointlist", 2: "linelist", 3: "linestrip", 4: "trianglelist", 5: "trianglestrip",
                      10: "linelistadj", 11: "linestripadj", 12: "trianglelistadj", 13: "trianglestripadj"}
TESS_DOMAIN = {1: "domain_isoline", 2: "domain_tri", 3: "domain_quad"}
TESS_PARTITIONING = {1: "partitioning_integer", 2: "partitioning_pow2", 3: "partitioning_fractional_odd",
                     4: "partitioning_fractional_even"}
TESS_OUTPUT = {1: "output_point", 2: "output_line", 3: "output_triangle_cw", 4: "output_triangle_ccw"}
# sync flags in fxc's print order
SYNC_FLAGS = [(0x8, "_uglobal"), (0x4, "_ugroup"), (0x2, "_g"), (0x1, "_t")]
MIN_PRECISION = {1: "min16f", 2: "min2_8f", 4: "min16i", 5: "min16u"}
RESINFO_SUFFIX = {0: "", 1: "_rcpFloat", 2: "_uint"}
# shader-message customdata (printf/errorf): message ids of D3D11_SB_SHADER_MESSAGE_ID
MESSAGE_IDS = {0x00200102: "printf", 0x00200103: "errorf"}


def invert(d: dict[int, str]) -> dict[str, int]:
    return {v: k for k, v in d.items() if v}
