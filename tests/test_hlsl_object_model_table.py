"""Resource-object methods per shader model and stage: one table, written from the definitions (issue 15).

Each row is an object declaration, a statement using it, and the lowest model at which each stage has it
(None: never). The table is data written here from these sources, never from the compiler:

- D3D11.3 functional spec ch. 22: ``sample``/``sample_b``/``sample_c`` and ``lod`` are Pixel Shader
  instructions (§22.4.15, §22.4.16, §22.4.19, §22.5.6); ``sample_l``/``sample_d``/``sample_c_lz``/``ld``/
  ``resinfo`` run in every stage (§22.1.2.2); ``lod`` and ``gather4`` are D3D10.1 instructions, ``bufinfo``,
  ``gather4_c``/``gather4_po`` and the gather channel select D3D11 ones ("New instructions for D3D11"); the
  ``_s`` (status) forms are tiled-resource ones (D3D11.2); cs_4_x "takes the VS_4_0 instruction set" plus raw
  and structured loads/stores, one raw or structured UAV, and "the absence of atomic operations,
  append/consume, or typed UAV access" (§18.7.2.5); TextureCubeArray is D3D10.1 (§5.x "[D3D10.1]
  TextureCubeArray resources added"); "[D3D10.1] ld2dms: (1) sampleIndex does not have to be a literal" (so a
  4.0 multisample load takes a literal sample index).
- MicrosoftDocs direct3dhlsl: the Sample/SampleBias/SampleCmp pages (pixel shaders; SampleCmp and
  SampleCmpLevelZero on 1D, 2D and cube textures and their arrays, no Texture3D — as DXC's intrinsic table); Gather (4.1), the
  GatherRed..Alpha/GatherCmp* pages (shader model 5); CalculateLevelOfDetail (ps_4_1); the status and clamp
  overloads ("Minimum Shader Model 5"); the 4.x GetDimensions page (texture objects only: Texture1D..
  Texture2DMSArray, vs/ps/gs_4_0) and the shader model 5 Buffer page ("Buffer type as it exists in Shader Model
  4 plus resource variables and buffer info"); the to-type page (a Texture2DMS sample count may be left out
  from 4.1 on); the RW*/Append/Consume/counter pages (shader model 5; RWByteAddressBuffer and
  RWStructuredBuffer also in cs_4_x, "Compute Shaders on Downlevel Hardware").

Only accept/reject is asserted (the shared shader tests measure nothing else); a refusal must be a compile
error, never NotSupportedError or an internal error.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent

TARGETS = ("ps_4_0", "ps_4_1", "ps_5_0", "vs_4_0", "vs_4_1", "vs_5_0", "cs_4_0", "cs_4_1", "cs_5_0")

ALL40 = {"ps": (4, 0), "vs": (4, 0), "cs": (4, 0)}
ALL41 = {"ps": (4, 1), "vs": (4, 1), "cs": (4, 1)}
ALL50 = {"ps": (5, 0), "vs": (5, 0), "cs": (5, 0)}
PS40 = {"ps": (4, 0)}
PS41 = {"ps": (4, 1)}
PS50 = {"ps": (5, 0)}
#: UAV rows: the pixel and compute stages of shader model 5 (vs_5_0 UAVs are the 11.1 option: not asserted)
UAV50 = {"ps": (5, 0), "cs": (5, 0), "vs": "skip"}
#: raw and structured UAVs: also cs_4_x (§18.7.2.5)
RAWUAV = {"ps": (5, 0), "cs": (4, 0), "vs": "skip"}

T2 = "Texture2D t; SamplerState s;"
T2A = "Texture2DArray t; SamplerState s;"
TC = "TextureCube t; SamplerState s;"
TCA = "TextureCubeArray t; SamplerState s;"
T2C = "Texture2D t; SamplerComparisonState s;"
MS4 = "Texture2DMS<float4, 4> t;"
MS = "Texture2DMS<float4> t;"
BUF = "Buffer<float4> t;"
SB = "StructuredBuffer<float4> t;"
BAB = "ByteAddressBuffer t;"

#: (id, declarations, statement (``p`` is a float4, ``r`` the float4 result), models per stage)
TABLE = [
    # implicit-LOD sampling: pixel shaders only
    ("sample", T2, "r = t.Sample(s, p.xy);", PS40),
    ("sample_offset", T2, "r = t.Sample(s, p.xy, int2(1, -1));", PS40),
    ("sample_clamp", T2, "r = t.Sample(s, p.xy, int2(1, 1), 1.0);", PS50),
    ("sample_status", T2, "uint st; r = t.Sample(s, p.xy, int2(1, 1), 1.0, st); r.x += st;", PS50),
    ("sample_bias", T2, "r = t.SampleBias(s, p.xy, 0.5);", PS40),
    ("sample_bias_clamp", T2, "r = t.SampleBias(s, p.xy, 0.5, int2(0, 1), 2.0);", PS50),
    ("sample_cmp", T2C, "r = t.SampleCmp(s, p.xy, 0.5);", PS40),
    ("sample_cmp_3d", "Texture3D t; SamplerComparisonState s;", "r = t.SampleCmp(s, p.xyz, 0.5);", {}),
    ("sample_cmp_level_zero_3d", "Texture3D t; SamplerComparisonState s;", "r = t.SampleCmpLevelZero(s, p.xyz, 0.5);",
     {}),
    ("sample_cmp_cube", "TextureCube t; SamplerComparisonState s;", "r = t.SampleCmp(s, p.xyz, 0.5);", PS40),
    ("sample_cube", TC, "r = t.Sample(s, p.xyz);", PS40),
    ("sample_cube_array", TCA, "r = t.Sample(s, p);", PS41),
    # explicit-LOD sampling: every stage
    ("sample_level", T2, "r = t.SampleLevel(s, p.xy, 1.0);", ALL40),
    ("sample_level_offset", T2, "r = t.SampleLevel(s, p.xy, 1.0, int2(-8, 7));", ALL40),
    ("sample_level_status", T2, "uint st; r = t.SampleLevel(s, p.xy, 1.0, int2(0, 0), st); r.x += st;", ALL50),
    ("sample_grad", T2, "r = t.SampleGrad(s, p.xy, p.zw, p.wz);", ALL40),
    ("sample_grad_clamp", T2, "r = t.SampleGrad(s, p.xy, p.zw, p.wz, int2(1, 1), 0.5);", ALL50),
    ("sample_cmp_level_zero", T2C, "r = t.SampleCmpLevelZero(s, p.xy, 0.5);", ALL40),
    # comparison sampling of a texture array: 4.1 in every stage (d3dcompiler_47 10.1 under Wine, session 35: X4532)
    ("sample_cmp_level_zero_array", "Texture2DArray t; SamplerComparisonState s;",
     "r = t.SampleCmpLevelZero(s, p.xyz, 0.5, int2(1, 0));", ALL41),
    ("sample_level_cube_array", TCA, "r = t.SampleLevel(s, p, 0);", ALL41),
    # gather4 (10.1) and its D3D11 forms
    ("gather", T2, "r = t.Gather(s, p.xy);", ALL41),
    ("gather_offset", T2, "r = t.Gather(s, p.xy, int2(1, 1));", ALL41),
    ("gather_array", T2A, "r = t.Gather(s, p.xyz);", ALL41),
    ("gather_cube", TC, "r = t.Gather(s, p.xyz);", ALL41),
    ("gather_cube_array", TCA, "r = t.Gather(s, p);", ALL41),
    ("gather_green", T2, "r = t.GatherGreen(s, p.xy);", ALL50),
    ("gather_alpha_four_offsets", T2, "r = t.GatherAlpha(s, p.xy, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));",
     ALL50),
    ("gather_cmp", T2C, "r = t.GatherCmp(s, p.xy, 0.5);", ALL50),
    ("gather_cmp_blue", T2C, "r = t.GatherCmpBlue(s, p.xy, 0.5, int2(1, 1));", ALL50),
    ("gather_runtime_offset", "Texture2D t; SamplerState s; int2 o;", "r = t.Gather(s, p.xy, o);", ALL50),
    ("gather_status", T2, "uint st; r = t.Gather(s, p.xy, int2(0, 0), st); r.x += st;", ALL50),
    ("gather_1d", "Texture1D t; SamplerState s;", "r = t.Gather(s, p.x);", {}),
    ("gather_3d", "Texture3D t; SamplerState s;", "r = t.Gather(s, p.xyz);", {}),
    # lod: ps_4_1
    ("lod", T2, "r = t.CalculateLevelOfDetail(s, p.xy);", PS41),
    ("lod_unclamped", T2, "r = t.CalculateLevelOfDetailUnclamped(s, p.xy);", PS41),
    # ld / resinfo: every stage; status 5.0
    ("load", T2, "r = t.Load(int3(0, 0, 0));", ALL40),
    ("load_offset", T2, "r = t.Load(int3(0, 0, 1), int2(-1, 1));", ALL40),
    ("load_status", T2, "uint st; r = t.Load(int3(0, 0, 0), int2(0, 0), st); r.x += st;", ALL50),
    ("subscript", T2, "r = t[uint2(1, 2)];", ALL40),
    ("mips", T2, "r = t.mips[1][uint2(0, 0)];", ALL40),
    ("load_3d", "Texture3D t;", "r = t.Load(int4(0, 0, 0, 0));", ALL40),
    ("load_1d_array", "Texture1DArray t;", "r = t.Load(int3(0, 1, 0), 1);", ALL40),
    ("get_dimensions_tex2d", T2, "uint w, h; t.GetDimensions(w, h); r = w + h;", ALL40),
    ("get_dimensions_tex2d_mip_float", T2, "float w, h, n; t.GetDimensions(1, w, h, n); r = w + h + n;", ALL40),
    ("get_dimensions_cube_array", TCA, "uint w, h, e, n; t.GetDimensions(0, w, h, e, n); r = w + h + e + n;",
     ALL41),
    # multisampled textures: ld2dms everywhere; samplepos/sampleinfo 10.1; the sample count optional from 4.1
    ("ms_load", MS4, "r = t.Load(int2(0, 0), 1);", ALL40),
    ("ms_load_offset", MS4, "r = t.Load(int2(0, 0), 1, int2(1, 0));", ALL40),
    ("ms_sample_subscript", MS4, "r = t.sample[2][uint2(0, 0)];", ALL40),
    ("ms_subscript", MS4, "r = t[uint2(0, 0)];", ALL40),
    ("ms_sample_position", MS4, "r.xy = t.GetSamplePosition(1);", ALL41),
    ("ms_no_count", MS, "r = t.Load(int2(0, 0), 0);", ALL41),
    # ld2dms's sample index is a literal at 4.0 (ch. 22 "[D3D10.1] ld2dms: (1) sampleIndex does not have to be a
    # literal"); a loop counter is one once the loop unrolls
    ("ms_load_runtime_index", "Texture2DMS<float4, 4> t; uint i;", "r = t.Load(int2(0, 0), i);", ALL41),
    ("ms_sample_runtime_index", "Texture2DMS<float4, 4> t; uint i;", "r = t.sample[i][uint2(0, 0)];", ALL41),
    ("ms_load_unrolled_index", MS4, "for (int k = 0; k < 4; k++) r += t.Load(int2(0, 0), k);", ALL40),
    ("ms_array_load", "Texture2DMSArray<float4, 2> t;", "r = t.Load(int3(0, 0, 1), 1);", ALL40),
    # buffers: ld everywhere; bufinfo and the status forms 5.0
    ("buffer_load", BUF, "r = t.Load(3);", ALL40),
    ("buffer_subscript", BUF, "r = t[3];", ALL40),
    ("buffer_status", BUF, "uint st; r = t.Load(3, st); r.x += st;", ALL50),
    ("buffer_get_dimensions", BUF, "uint n; t.GetDimensions(n); r = n;", ALL50),
    ("structured_load", SB, "r = t[2] + t.Load(1);", ALL40),
    ("structured_status", SB, "uint st; r = t.Load(1, st); r.x += st;", ALL50),
    ("structured_get_dimensions", SB, "uint n, s; t.GetDimensions(n, s); r = n + s;", ALL50),
    ("byte_address_load", BAB, "r = t.Load4(16) + t.Load(0);", ALL40),
    ("byte_address_status", BAB, "uint st; r = t.Load2(8, st).xyxy; r.x += st;", ALL50),
    ("byte_address_get_dimensions", BAB, "uint n; t.GetDimensions(n); r = n;", ALL50),
    # UAVs
    ("rw_texture_store", "RWTexture2D<float4> u;", "u[uint2(0, 0)] = p;", UAV50),
    ("rw_texture_load", "RWTexture2D<float> u;", "r = u[uint2(1, 0)]; u[uint2(0, 0)] = 1;", UAV50),
    ("rw_buffer_store", "RWBuffer<float4> u;", "u[1] = p;", UAV50),
    ("rw_texture_get_dimensions", "RWTexture3D<float4> u;", "uint a, b, c; u.GetDimensions(a, b, c); u[uint3(a, b, c)] = 0;",
     UAV50),
    ("rw_byte_address_store", "RWByteAddressBuffer u;", "u.Store2(8, asuint(p.xy));", RAWUAV),
    ("rw_structured_store", "RWStructuredBuffer<float4> u;", "u[1] = p;", RAWUAV),
    ("rw_byte_address_atomic", "RWByteAddressBuffer u;", "uint o; u.InterlockedAdd(0, 1, o); u.Store(4, o);", UAV50),
    ("rw_byte_address_get_dimensions", "RWByteAddressBuffer u;", "uint n; u.GetDimensions(n); u.Store(0, n);", UAV50),
    ("rw_structured_counter", "RWStructuredBuffer<float4> u;", "u[u.IncrementCounter()] = p;", UAV50),
    ("append", "AppendStructuredBuffer<float4> u;", "u.Append(p);", UAV50),
    ("consume", "ConsumeStructuredBuffer<float4> u; RWStructuredBuffer<float4> o;", "o[0] = u.Consume();", UAV50),
]

#: rows whose compute form has its own output (a second UAV would exceed cs_4_x's one)
_WRITES = {row[0] for row in TABLE if row[3] in (UAV50, RAWUAV)}


def _source(decl: str, body: str, stage: str, own_output: bool) -> str:
    if stage == "cs":
        out = "" if own_output else "RWByteAddressBuffer out_ : register(u0);"
        tail = "" if own_output else "out_.Store4(0, asuint(r));"
        return (f"{decl}\n{out}\n[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{\n"
                f"float4 p = float4(id, 1); float4 r = 0; {body} {tail} }}")
    sem = "SV_Position" if stage == "ps" else "POSITION"
    ret = "SV_Target" if stage == "ps" else "SV_Position"
    return f"{decl}\nfloat4 main(float4 p : {sem}) : {ret} {{ float4 r = 0; {body} return r; }}"


def _accepted(models: dict, target: str):
    stage, major, minor = target[:2], int(target[3]), int(target[5])
    need = models.get(stage)
    if need == "skip":
        return None
    return need is not None and (major, minor) >= need


_CASES = [(row, tg) for row in TABLE for tg in TARGETS if _accepted(row[3], tg) is not None]


@pytest.mark.parametrize("row,target", _CASES, ids=[f"{r[0]}-{t}" for r, t in _CASES])
def test_method_models(row, target):
    name, decl, body, models = row
    src = _source(decl, body, target[:2], name in _WRITES)
    if _accepted(models, target):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    else:
        with pytest.raises(ShaderCompileError):
            D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def test_table_size():
    assert len(TABLE) == 76 and len(_CASES) == 651
