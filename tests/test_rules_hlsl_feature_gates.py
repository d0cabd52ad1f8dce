"""Issue 15: what each construct requires of the target (shader model and stage), table-driven.

The expectations below are typed from the documentation, not read from the compiler's table
(shader/hlsl/featuregates.py):

- MicrosoftDocs direct3dhlsl "Intrinsic Functions" (Minimum shader model column) and each function's page
  (its shader-type table): ddx/ddy/fwidth/clip Pixel; ddx_coarse..ddy_fine SM5 Pixel; EvaluateAttribute* SM5
  Pixel; GetRenderTargetSample* ps_4_1; msad4, CheckAccessFullyMapped, Interlocked* SM5; the group barriers
  and AllMemoryBarrier* Compute only (fxc 10.1: X3664 elsewhere), DeviceMemoryBarrier Pixel and Compute (at ps_4_0 too: vkd3d barriers.shader_test; fxc 10.1 compiles it in every stage); Process*TessFactors* Hull only;
  noise tx_1_0 only; asdouble/fma SM5 (double).
- The texture-object pages: Gather ps/vs/gs_4_1; GatherRed/Green/Blue/Alpha and GatherCmp* SM5 (GatherRed: fxc
  compiles it for 4.1, vkd3d gather.shader_test); CalculateLevelOfDetail* 4.1 and pixel only (D3D11.3 §22.5.6
  lod); Sample/SampleBias/SampleCmp pixel only (§22.4.15/16/19); GetSamplePosition 4.1; "TextureCubeArray is
  available in Shader Model 4.1 or higher"; the clamp/status overloads SM5.
- D3D11.3 §18.7.2: cs_4_x has raw and structured UAVs only, a single UAV, no typed UAV, no atomics, no
  append/consume, no doubles; a 4.x pixel shader has no UAV; 16 kB of groupshared memory (32 kB at 5.0);
  numthreads (MicrosoftDocs numthreads page): 4.x X, Y <= 768, Z = 1, X*Y*Z <= 768; 5.0 X, Y <= 1024, Z <= 64,
  X*Y*Z <= 1024.
- MicrosoftDocs "Semantics": SV_Coverage output and SV_SampleIndex 4.1; SV_Coverage input,
  SV_DepthGreaterEqual/LessEqual, SV_StencilRef and SV_GSInstanceID 5.0 (fxc: SV_GSInstanceID from gs_4_0); SV_InnerCoverage (its page: the
  11.3 conservative-rasterization input, with Shader Model 5); the struct page's interpolation modifiers:
  ``sample`` 4.1.
- fxc's documented-recorded exceptions (vkd3d's Windows-verified tests run them at ps_4_0): countbits,
  firstbithigh/low, reversebits, f32tof16/f16tof32, rcp.

Each case names the gates it touches; a target is accepted when none refuses it. The error number is checked
when exactly one gate refuses and fxc's number for it is recorded (None below: accept/reject only).
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.hlsl import featuregates as F
from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent

ALL = ("vs", "hs", "ds", "gs", "ps", "cs")
M40, M41, M50 = (4, 0), (4, 1), (5, 0)


def every(m, *stages):
    return {s: max(m, M50 if s in ("hs", "ds") else M40) for s in (stages or ALL)}


#: name -> (stage -> lowest model, X-number below the model, X-number in a stage without it); from the docs
DOCS: dict[str, tuple[dict, int | None, int | None]] = {
    **{n: (every(M40, "ps"), None, 4532) for n in ("ddx", "ddy", "fwidth", "clip")},
    # below 5.0: X4532 "cannot map expression to ps_4_0 instruction set", not an unknown name (d3dcompiler_47 10.1
    # under Wine, session 36 INTR; the list's minimum is right, fxc's number is the code generator's)
    **{n: (every(M50, "ps"), 4532, 4532) for n in ("ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine")},
    # X3672 "<target> does not support pull-model attribute evaluation" (d3dcompiler_47 10.1 under Wine, session 39
    # ACC: every stage and model but ps_5_x; it was taken for X3004)
    **{n: (every(M50, "ps"), 3672, 3672) for n in ("EvaluateAttributeAtCentroid", "EvaluateAttributeCentroid",
                                                   "EvaluateAttributeAtSample", "EvaluateAttributeSnapped")},
    **{n: (every(M41, "ps"), 3004, 3004) for n in ("GetRenderTargetSampleCount", "GetRenderTargetSamplePosition")},
    "msad4": (every(M50), 3535, None),  # X3535 "vs_4_0 does not support msad4" (fxc 10.1 under Wine, session 36)
    "CheckAccessFullyMapped": (every(M50), 3535, None),  # fxc 10.1's X3535 (session 37; X3004 was inferred)
    "AddUint64": (every(M50), 3535, None),  # no page; fxc 10.1's X3535 (session 40 ACC, test_rules_hlsl_dxc_s40)
    # below 5.0: X3660 "<target> does not support interlocked operations" (d3dcompiler_47 10.1's answer, session 36
    # AUD; X3004 before)
    **{n: (every(M50), 3660, None) for n in ("InterlockedAdd", "InterlockedAnd", "InterlockedCompareExchange",
                                             "InterlockedCompareStore", "InterlockedExchange", "InterlockedMax",
                                             "InterlockedMin", "InterlockedOr", "InterlockedXor")},
    # another stage: X3664 "ps_5_0 does not support thread synchronization operations" (d3dcompiler_47 10.1,
    # session 40; X3000 was inferred)
    **{n: (every(M40, "cs"), None, 3664) for n in ("GroupMemoryBarrier", "GroupMemoryBarrierWithGroupSync",
                                                   "AllMemoryBarrier", "AllMemoryBarrierWithGroupSync",
                                                   "DeviceMemoryBarrierWithGroupSync")},
    # its page: Pixel and Compute, SM5; vkd3d barriers.shader_test (Windows-verified): a ps_4_0 block compiles it;
    # fxc 10.1 compiles it in every stage from 4.0 (session 40)
    "DeviceMemoryBarrier": (every(M40), None, 3000),
    **{f"Process{d}TessFactors{k}": (every(M50, "hs"), None, 4532)
       for d in ("Tri", "Quad", "2DQuad") for k in ("Avg", "Max", "Min")},
    "ProcessIsolineTessFactors": (every(M50, "hs"), None, 4532),
    # below 5.0 d3dcompiler_47 10.1 says "ps_4_0 does not support doubles" (X3651; session 35 INTR)
    "asdouble": (every(M50), 3651, None), "fma": (every(M50), 3651, None),
    **{n: (every(M40), None, None) for n in ("countbits", "firstbithigh", "firstbitlow", "reversebits",
                                             "f32tof16", "f16tof32", "rcp", "mad", "dst")},
    "noise": ({}, None, 4532),  # (d3dcompiler_47 10.1, session 46: X4532 at ps_2_0 .. cs_5_0)
}
METHOD_DOCS = {
    # the numbers below each model are d3dcompiler_47 10.1's (under Wine, session 35): X4532 for gather4 / gather4_c
    # / lod, X3535 "GatherGreen requires shader model 5 or higher" for a channel select
    "Gather": (every(M41), 4532, None), "GatherRed": (every(M41), 4532, None),
    **{n: (every(M50), 3535, None) for n in ("GatherGreen", "GatherBlue", "GatherAlpha")},
    **{n: (every(M50), 4532, None) for n in ("GatherCmp", "GatherCmpRed", "GatherCmpGreen", "GatherCmpBlue",
                                             "GatherCmpAlpha")},
    **{n: (every(M41, "ps"), 4532, 4532) for n in ("CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped")},
    **{n: (every(M40, "ps"), None, 4532) for n in ("Sample", "SampleBias", "SampleCmp")},
    "GetSamplePosition": (every(M41), None, None),
}
OBJECT_DOCS = {
    "TextureCubeArray": (every(M41), 4539, None),  # fxc 10.1: "TextureCubeArray textures aren't supported on this target"
    # below 5.0 a UAV's number depends on the stage (X4585 outside cs, X3666 typed in cs_4_x: recorded from
    # d3dcompiler_47 10.1 in tests/test_rules_hlsl_fxc_audit_s35.py, session 35): the refusal alone here
    **{k: (every(M50), None, None) for k in ("RWBuffer", "RWTexture1D", "RWTexture1DArray", "RWTexture2D",
                                             "RWTexture2DArray", "RWTexture3D")},
    **{k: ({**every(M50), "cs": M40}, None, None) for k in ("RWStructuredBuffer", "RWByteAddressBuffer")},
    **{k: (every(M50), None, None) for k in ("AppendStructuredBuffer", "ConsumeStructuredBuffer")},
}
LANGUAGE_DOCS = {
    "double": (every(M50), 3651, None),
    # X4568 "Sample interpolation usage unsupported on ps_4_0" (d3dcompiler_47 10.1 under Wine, session 39 ACC)
    "sample": ({**every(M40), "ps": M41}, 4568, None),
    # X3514 "gs_4_0 does not allow instancing"; an atomic on a groupshared variable outside compute (an ordinary
    # static there, X3579) X3549 (d3dcompiler_47 10.1 under Wine, session 42 MUT; X3000 was inferred)
    "instance": (every(M50, "gs"), 3514, None),
    # X4570 "gs_4_0 can only emit to 1 stream", X3658 "'main': InputPatch inputs can only be used in hull and
    # geometry (5_0+) shaders" (d3dcompiler_47 10.1, session 41 MUT; X3000 was inferred)
    "streams": (every(M50, "gs"), 4570, None),
    "gs_patch": (every(M50, "gs"), 3658, None),
    "interfaces": (every(M50), 3544, None),
    "groupshared": (every(M40, "cs"), None, 3549),
    # D3D11.3 §18.7.2.8-9: cs_4_x threads write only their own element (store_structured at
    # vThreadIDInGroupFlattened with a literal offset); 5.0 writes anywhere
    "groupshared_any_write": (every(M50, "cs"), 3668, 3000),  # X3668: fxc 10.1 (session 40 ACC)
    "programmable_offset": (every(M50), None, None),
    "feedback_overloads": (every(M50), None, None),
    "buffer_info": (every(M50), 3018, None),
}
SV_DOCS = {
    # ps_4_0's SV_Coverage output: d3dcompiler_47 10.1's X4503 "SV_Coverage not supported on ps_4_0" (session 37,
    # tests/test_rules_hlsl_fxc_sv_outputs_s37.py; X4502 here before, inferred)
    ("SV_COVERAGE", "out"): (M41, 4503), ("SV_SAMPLEINDEX", "in"): (M41, 4502), ("SV_COVERAGE", "in"): (M50, 4502),
    ("SV_DEPTHGREATEREQUAL", "out"): (M50, 4502), ("SV_DEPTHLESSEQUAL", "out"): (M50, 4502),
    ("SV_STENCILREF", "out"): (M50, 4502), ("SV_INNERCOVERAGE", "in"): (M50, None),
}


# --- the table states the documented rules ---------------------------------------------------------------------

@pytest.mark.parametrize("table, docs", [(F.INTRINSICS, DOCS), (F.METHODS, METHOD_DOCS), (F.OBJECTS, OBJECT_DOCS),
                                         (F.LANGUAGE, LANGUAGE_DOCS)], ids=["intrinsics", "methods", "objects",
                                                                            "language"])
def test_every_row_states_its_documented_models_and_numbers(table, docs):
    assert set(table) == set(docs), set(table) ^ set(docs)
    bad = [(k, dict(g.models), g.code, g.stage_code, docs[k]) for k, g in table.items()
           if (dict(g.models), g.code, g.stage_code) != docs[k]]
    assert not bad


def test_pixel_system_values_state_their_documented_models():
    got = {k: (g.models["ps"], g.code) for k, g in F.PS_SYSTEM_VALUES.items()}
    assert got == SV_DOCS
    assert all(set(g.models) == {"ps"} for g in F.PS_SYSTEM_VALUES.values())
    assert not hasattr(F, "GS_INSTANCE_ID")  # fxc takes SV_GSInstanceID at gs_4_x (GS_CASES)


def test_every_row_names_a_source_and_the_docs_minimum_column_is_kept_where_fxc_departs():
    for table in F.all_tables().values():
        for key, g in table.items():
            assert g.source and (g.source.startswith(str(key[0] if isinstance(key, tuple) else key).split("_")[0])
                                 or "§" in g.source or "page" in g.source), key
    # where the compiler accepts below the documented minimum, the row says so (docs=) and cites the evidence
    for n in ("countbits", "firstbithigh", "firstbitlow", "reversebits", "f32tof16", "f16tof32", "rcp"):
        assert F.INTRINSICS[n].docs == M50 and "vkd3d" in F.INTRINSICS[n].source
        assert F.DOCS_INTRINSIC_MINIMUM[n] == 5
    assert F.METHODS["GatherRed"].docs == M50 and "gather.shader_test" in F.METHODS["GatherRed"].source


def test_the_docs_minimum_column_covers_every_gated_intrinsic():
    # the intrinsic-functions table lists 'Minimum shader model' 5 for exactly these of the gated rows
    five = {n for n, m in F.DOCS_INTRINSIC_MINIMUM.items() if m == 5}
    assert {"msad4", "CheckAccessFullyMapped", "ddx_coarse", "EvaluateAttributeSnapped", "InterlockedXor",
            "ProcessIsolineTessFactors", "fma", "asdouble", "countbits", "rcp", "dst", "mad"} <= five
    assert F.DOCS_INTRINSIC_MINIMUM["GetRenderTargetSampleCount"] == 4
    assert F.DOCS_INTRINSIC_MINIMUM["ddx"] == 2 and F.DOCS_INTRINSIC_MINIMUM["clip"] == 1
    # every documented-5 intrinsic that has no row is one whose row would be 'all stages, 5.0' -- none is left
    assert not {n for n in five if n not in F.INTRINSICS}


@pytest.mark.parametrize("major, limits, tgsm", [(4, (768, 768, 1, 768), 16384), (5, (1024, 1024, 64, 1024), 32768)])
def test_compute_limits_per_model(major, limits, tgsm):
    assert F.NUMTHREADS_LIMITS[major] == limits
    assert F.GROUPSHARED_BYTES[major] == tgsm
    assert F.CS4_MAX_UAVS == 1


# --- compiling each construct per profile ----------------------------------------------------------------------

WRAP = {
    "vs": "{decl}\nfloat4 main(float4 p : POSITION, float4 c : COLOR) : SV_Position {{ {body} return p + c; }}",
    "ps": "{decl}\nfloat4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target {{ {body} return p + c; }}",
    "gs": "{decl}\nstruct GV {{ float4 p : SV_Position; }};\n[maxvertexcount(1)] void main(point GV v[1], "
          "inout PointStream<GV> gs_out) {{ float4 p = v[0].p; float4 c = p; {body} GV o; o.p = p + c; "
          "gs_out.Append(o); }}",
    # the result goes to a UAV: a store to groupshared memory nothing reads back is dead code to fxc 10.1, and so
    # is every construct feeding only it (session 36, helper AUD: the derivative rows compiled at cs_5_0 then)
    "cs": "{decl}\nRWStructuredBuffer<float4> cs_keep;\n[numthreads(1, 1, 1)] void main(uint3 tid : "
          "SV_DispatchThreadID) {{ float4 p = tid.xyxy; float4 c = p; {body} cs_keep[0] = p + c; }}",
    # a construct that is a UAV writes it itself (a second UAV would exceed cs_4_x's one slot)
    "cs_uav": "{decl}\n[numthreads(1, 1, 1)] void main(uint3 tid : SV_DispatchThreadID) "
              "{{ float4 p = tid.xyxy; float4 c = p; {body} }}",
}
_HS_DS = "struct CP {{ float4 p : POSITION; }};\nstruct PC {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; }};\n"
WRAP["hs"] = (_HS_DS + "{decl}\nPC pcf(InputPatch<CP, 3> ip) {{ PC o; o.e[0] = 1; o.e[1] = 1; o.e[2] = 1; o.i = 1; "
              "return o; }}\n[domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")] "
              "[outputcontrolpoints(3)] [patchconstantfunc(\"pcf\")]\nCP main(InputPatch<CP, 3> ip, uint i : "
              "SV_OutputControlPointID) {{ float4 p = ip[i].p; float4 c = p; {body} CP o; o.p = p + c; return o; }}")
WRAP["ds"] = (_HS_DS + "{decl}\n[domain(\"tri\")] float4 main(PC pc, float3 uvw : SV_DomainLocation, "
              "const OutputPatch<CP, 3> patch) : SV_Position {{ float4 p = patch[0].p; float4 c = p; {body} "
              "return p + c; }}")
TARGET_STAGES = ("vs", "hs", "ds", "gs", "ps", "cs")
MODELS = (M40, M41, M50)

TEX = "Texture2D tex : register(t0); SamplerState smp : register(s0); SamplerComparisonState cmp : register(s1);"
MS = "Texture2DMS<float4, 4> msr : register(t1);"  # the count: required below 4_1 (test_rules_hlsl_ms_sample_count.py)

#: construct -> (declarations, body, the gates it touches as (table, key))
CASES: dict[str, tuple[str, str, list]] = {
    "ddx": ("", "p.x += ddx(c.x);", [(DOCS, "ddx")]),
    "ddy": ("", "p.x += ddy(c.x);", [(DOCS, "ddy")]),
    "fwidth": ("", "p.x += fwidth(c.x);", [(DOCS, "fwidth")]),
    "clip": ("", "clip(c.x);", [(DOCS, "clip")]),
    **{n: ("", f"p.x += {n}(c.x);", [(DOCS, n)]) for n in ("ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine")},
    "EvaluateAttributeAtCentroid": ("", "p += EvaluateAttributeAtCentroid(c);", [(DOCS, "EvaluateAttributeAtCentroid")]),
    "EvaluateAttributeAtSample": ("", "p += EvaluateAttributeAtSample(c, 1);", [(DOCS, "EvaluateAttributeAtSample")]),
    "EvaluateAttributeSnapped": ("", "p += EvaluateAttributeSnapped(c, int2(1, 1));",
                                 [(DOCS, "EvaluateAttributeSnapped")]),
    "GetRenderTargetSampleCount": ("", "p.x += GetRenderTargetSampleCount();", [(DOCS, "GetRenderTargetSampleCount")]),
    "GetRenderTargetSamplePosition": ("", "p.xy += GetRenderTargetSamplePosition(1);",
                                      [(DOCS, "GetRenderTargetSamplePosition")]),
    "msad4": ("", "p += msad4((uint)c.x, uint2(1, 2), uint4(1, 2, 3, 4));", [(DOCS, "msad4")]),
    "CheckAccessFullyMapped": ("", "p.x += CheckAccessFullyMapped((uint)c.x) ? 1 : 0;",
                               [(DOCS, "CheckAccessFullyMapped")]),
    **{n: ("", f"{n}();", [(DOCS, n)]) for n in ("GroupMemoryBarrier", "GroupMemoryBarrierWithGroupSync",
                                                 "AllMemoryBarrier", "AllMemoryBarrierWithGroupSync",
                                                 "DeviceMemoryBarrier", "DeviceMemoryBarrierWithGroupSync")},
    "ProcessTriTessFactorsAvg": ("", "float3 a; float u, b; ProcessTriTessFactorsAvg(c.xyz, 1, a, u, b); p.x += u;",
                                 [(DOCS, "ProcessTriTessFactorsAvg")]),
    "ProcessIsolineTessFactors": ("", "float a, b; ProcessIsolineTessFactors(c.x, c.y, a, b); p.x += a;",
                                  [(DOCS, "ProcessIsolineTessFactors")]),
    "ProcessQuadTessFactorsMax": ("", "float4 a; float2 u, b; ProcessQuadTessFactorsMax(c, 1, a, u, b); p.x += u.x;",
                                  [(DOCS, "ProcessQuadTessFactorsMax")]),
    "Process2DQuadTessFactorsMin": ("", "float4 a; float2 u, b; Process2DQuadTessFactorsMin(c, p.xy, a, u, b); "
                                    "p.x += u.y;", [(DOCS, "Process2DQuadTessFactorsMin")]),
    "EvaluateAttributeCentroid": ("", "p += EvaluateAttributeCentroid(c);", [(DOCS, "EvaluateAttributeCentroid")]),
    # documented for every stage from shader model 4 (the table's column; no stage table restricts them)
    "printf": ("", 'printf("%f", c.x);', []),
    "errorf": ("", 'errorf("%f", c.x);', []),
    "abort": ("", "abort();", []),
    "asdouble": ("", "p.x += (float)asdouble((uint)c.x, 0x3ff00000u);", [(DOCS, "asdouble")]),
    **{n: ("", f"p.x += (float){n}((uint)c.x);", [(DOCS, n)])
       for n in ("countbits", "firstbithigh", "firstbitlow", "reversebits", "f16tof32")},
    "f32tof16": ("", "p.x += (float)f32tof16(c.x);", [(DOCS, "f32tof16")]),
    "rcp": ("", "p += rcp(c);", [(DOCS, "rcp")]),
    "mad_int": ("", "p.x += (float)mad((int)c.x, 2, 3);", [(DOCS, "mad")]),
    "dst": ("", "p += dst(c, p);", [(DOCS, "dst")]),
    "noise": ("", "p.x += noise(c.xyz);", [(DOCS, "noise")]),
    # atomics on groupshared memory: a compute shader's (and groupshared is compute only)
    "InterlockedAdd_groupshared": ("groupshared uint gsu;", "InterlockedAdd(gsu, 1);",
                                   [(DOCS, "InterlockedAdd"), (LANGUAGE_DOCS, "groupshared")]),
    "InterlockedCompareExchange_groupshared": (
        # (initialised: an atomic returning the old value of groupshared memory nothing wrote is X4000 in fxc 10.1,
        # session 48, tgsmreads.py)
        "groupshared uint gsu = 0;", "uint orig; InterlockedCompareExchange(gsu, 1, 2, orig); p.x += orig;",
        [(DOCS, "InterlockedCompareExchange"), (LANGUAGE_DOCS, "groupshared")]),
    "InterlockedOr_raw_uav": ("RWByteAddressBuffer rb : register(u1);", "rb.InterlockedOr(0, 1);",
                              [(DOCS, "InterlockedOr"), (OBJECT_DOCS, "RWByteAddressBuffer")]),
    # methods
    **{n: (TEX, f"p += tex.{n}(smp, c.xy);", [(METHOD_DOCS, n)])
       for n in ("Gather", "GatherRed", "GatherGreen", "GatherBlue", "GatherAlpha")},
    **{n: (TEX, f"p += tex.{n}(cmp, c.xy, 0.5);", [(METHOD_DOCS, n)])
       for n in ("GatherCmp", "GatherCmpRed", "GatherCmpGreen", "GatherCmpBlue", "GatherCmpAlpha")},
    **{n: (TEX, f"p.x += tex.{n}(smp, c.xy);", [(METHOD_DOCS, n)])
       for n in ("CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped")},
    "Sample": (TEX, "p += tex.Sample(smp, c.xy);", [(METHOD_DOCS, "Sample")]),
    "SampleBias": (TEX, "p += tex.SampleBias(smp, c.xy, 0.5);", [(METHOD_DOCS, "SampleBias")]),
    "SampleCmp": (TEX, "p.x += tex.SampleCmp(cmp, c.xy, 0.5);", [(METHOD_DOCS, "SampleCmp")]),
    "SampleLevel": (TEX, "p += tex.SampleLevel(smp, c.xy, 0);", []),
    "SampleCmpLevelZero": (TEX, "p.x += tex.SampleCmpLevelZero(cmp, c.xy, 0.5);", []),
    "Texture2DMS.Load": (MS, "p += msr.Load(int2(1, 1), 1);", []),
    "GetSamplePosition": (MS, "p.xy += msr.GetSamplePosition(1);", [(METHOD_DOCS, "GetSamplePosition")]),
    "SampleLevel_status": (TEX, "uint st; p += tex.SampleLevel(smp, c.xy, 0, int2(0, 0), st);",
                           [(LANGUAGE_DOCS, "feedback_overloads")]),
    "Gather_runtime_offset": (TEX, "p += tex.Gather(smp, c.xy, int2(c.zw));",
                              [(METHOD_DOCS, "Gather"), (LANGUAGE_DOCS, "programmable_offset")]),
    "Gather_literal_offset": (TEX, "p += tex.Gather(smp, c.xy, int2(1, -2));", [(METHOD_DOCS, "Gather")]),
    # objects
    "TextureCubeArray": ("TextureCubeArray tca : register(t2); SamplerState smp : register(s0);",
                         "p += tca.SampleLevel(smp, c, 0);", [(OBJECT_DOCS, "TextureCubeArray")]),
    "TextureCubeArray_unused": ("TextureCubeArray tca : register(t2);", "", []),
    **{k: (f"{k}<float> uav : register(u1);", f"uav[{idx}] = c.x;", [(OBJECT_DOCS, k)])
       for k, idx in (("RWBuffer", "0"), ("RWTexture1D", "0"), ("RWTexture1DArray", "uint2(0, 0)"),
                      ("RWTexture2D", "uint2(0, 0)"), ("RWTexture2DArray", "uint3(0, 0, 0)"),
                      ("RWTexture3D", "uint3(0, 0, 0)"))},
    # no register: cs_4_x has one UAV slot, so u1 there is fxc's X4509 (d3dcompiler_47 10.1 under Wine, session 36),
    # and a pixel shader's UAV goes after SV_Target by itself
    "RWStructuredBuffer": ("RWStructuredBuffer<float> uav;", "uav[0] = c.x;", [(OBJECT_DOCS, "RWStructuredBuffer")]),
    "RWByteAddressBuffer": ("RWByteAddressBuffer uav;", "uav.Store(0, (uint)c.x);",
                            [(OBJECT_DOCS, "RWByteAddressBuffer")]),
    "AppendStructuredBuffer": ("AppendStructuredBuffer<float> uav : register(u1);", "uav.Append(c.x);",
                               [(OBJECT_DOCS, "AppendStructuredBuffer")]),
    "ConsumeStructuredBuffer": ("ConsumeStructuredBuffer<float> uav : register(u1);", "p.x += uav.Consume();",
                                [(OBJECT_DOCS, "ConsumeStructuredBuffer")]),
    "StructuredBuffer": ("StructuredBuffer<float4> srv : register(t3);", "p += srv[0];", []),
    "ByteAddressBuffer": ("ByteAddressBuffer srv : register(t3);", "p.x += asfloat(srv.Load(0));", []),
    # language
    "double": ("", "double d = c.x; p.x += (float)(d * 2);", [(LANGUAGE_DOCS, "double")]),
    # outside a compute shader fxc drops groupshared (warning X3579) and the written variable is an ordinary one:
    # compiled at every stage and model (d3dcompiler_47 10.1 under Wine, session 36; tests/test_hlsl_groupshared.py)
    "groupshared_write": ("groupshared float gsf;", "gsf = c.x; p.x += gsf;", []),
}


def expectation(gates: list, stage: str, model) -> tuple[bool, int | None]:
    """(accepted, the X-number when exactly one documented gate refuses with a recorded number)."""
    refusals = []
    for table, key in gates:
        models, code, stage_code = table[key]
        if stage not in models:
            refusals.append(stage_code)
        elif model < models[stage]:
            refusals.append(code)
    if not refusals:
        return True, None
    return False, refusals[0] if len(refusals) == 1 else None


def compile_result(src: str, target: str) -> tuple[bool, int | None]:
    try:
        compile_hlsl(src, "gate.hlsl", "main", target)
    except HlslError as exc:
        return False, exc.code
    return True, None


@pytest.mark.parametrize("name", sorted(CASES))
def test_construct_is_accepted_exactly_where_its_documented_gates_allow(name):
    decl, body, gates = CASES[name]
    bad = []
    for stage in TARGET_STAGES:
        uav = stage == "cs" and any(k in decl for k in ("RW", "Append", "Consume"))
        src = WRAP["cs_uav" if uav else stage].format(decl=decl, body=body)
        for model in MODELS if stage not in ("hs", "ds") else (M50,):  # hull and domain shaders are 5.0 stages
            target = f"{stage}_{model[0]}_{model[1]}"
            want_ok, want_code = expectation(gates, stage, model)
            got_ok, got_code = compile_result(src, target)
            if got_ok != want_ok or (want_code is not None and got_code != want_code):
                bad.append(f"{target}: got {'accept' if got_ok else f'X{got_code}'}, want "
                           f"{'accept' if want_ok else 'reject' + (f' X{want_code}' if want_code else '')}")
    assert not bad, bad


PS_SV = {
    ("SV_COVERAGE", "in"): "float4 main(uint v : SV_Coverage) : SV_Target { return v; }",
    ("SV_SAMPLEINDEX", "in"): "float4 main(uint v : SV_SampleIndex) : SV_Target { return v; }",
    ("SV_INNERCOVERAGE", "in"): "float4 main(uint v : SV_InnerCoverage) : SV_Target { return v; }",
    ("SV_COVERAGE", "out"): "float4 main(out uint v : SV_Coverage) : SV_Target { v = 3; return 0; }",
    ("SV_DEPTHGREATEREQUAL", "out"): "float4 main(out float v : SV_DepthGreaterEqual) : SV_Target { v = 0.5; return 0; }",
    ("SV_DEPTHLESSEQUAL", "out"): "float4 main(out float v : SV_DepthLessEqual) : SV_Target { v = 0.5; return 0; }",
    ("SV_STENCILREF", "out"): "float4 main(out uint v : SV_StencilRef) : SV_Target { v = 1; return 0; }",
}


@pytest.mark.parametrize("key", sorted(SV_DOCS))
def test_pixel_system_value_per_model(key):
    need, code = SV_DOCS[key]
    for model in MODELS:
        ok, got = compile_result(PS_SV[key], f"ps_{model[0]}_{model[1]}")
        assert ok == (model >= need), (key, model)
        if not ok and code is not None:
            assert got == code, (key, model, got)


GS_BASE = "struct GV {{ float4 p : SV_Position; }};\n{attr}[maxvertexcount(2)] void main(point GV v[1]{extra}) {{ {body} }}"
GS_CASES = {
    # [instance(n)] and SV_GSInstanceID: 5.0 (X3514 "gs_4_0 does not allow instancing", d3dcompiler_47 10.1 under
    # Wine, session 42 -- X3000 was inferred / X4502)
    "instance": (GS_BASE.format(attr="[instance(2)]", extra=", inout PointStream<GV> s",
                                body="s.Append(v[0]);"), M50, 3514),
    # SV_GSInstanceID without the attribute: every model (d3dcompiler_47 10.1, session 49 -- the Semantics table's
    # "5.0" is not fxc's rule; ``dcl_input vGSInstanceID`` at gs_4_0)
    "SV_GSInstanceID": (GS_BASE.format(attr="", extra=", uint i : SV_GSInstanceID, inout PointStream<GV> s",
                                       body="GV o = v[0]; o.p.x += i; s.Append(o);"), M40, None),
    # a second output stream: 5.0 (4.x has one)
    "streams": (GS_BASE.format(attr="", extra=", inout PointStream<GV> s0, inout PointStream<GV> s1",
                               body="s0.Append(v[0]); s1.Append(v[0]);"), M50, 4570),  # (fxc 10.1, session 41)
    "one_stream": (GS_BASE.format(attr="", extra=", inout PointStream<GV> s0", body="s0.Append(v[0]);"), M40, None),
}


@pytest.mark.parametrize("name", sorted(GS_CASES))
def test_geometry_shader_features_per_model(name):
    src, need, code = GS_CASES[name]
    for model in MODELS:
        ok, got = compile_result(src, f"gs_{model[0]}_{model[1]}")
        assert ok == (model >= need), (name, model, got)
        if not ok and code is not None:
            assert got == code, (name, model, got)


def test_sample_interpolation_is_a_4_1_pixel_input_mode():
    ps = "float4 main(sample float4 c : COLOR) : SV_Target { return c; }"
    assert [compile_result(ps, f"ps_{a}_{b}")[0] for a, b in MODELS] == [False, True, True]
    # a vertex shader's output mode is not interpolated there (the struct page: ignored): any model
    vs = "void main(float4 p : POSITION, out float4 o : SV_Position, out sample float4 c : COLOR) { o = p; c = p; }"
    assert [compile_result(vs, f"vs_{a}_{b}")[0] for a, b in MODELS] == [True, True, True]
    # nointerpolation/integer inputs have no sample mode to gate
    psi = "float4 main(nointerpolation uint c : COLOR) : SV_Target { return c; }"
    assert compile_result(psi, "ps_4_0")[0]


def test_interfaces_are_shader_model_5():
    src = """interface I { float f(); };
class C : I { float k; float f() { return k; } };
I obj;
float4 main() : SV_Target { return obj.f(); }"""
    assert compile_result(src, "ps_5_0") == (True, None)
    assert compile_result(src, "ps_4_1") == (False, 3544)
    assert compile_result(src, "ps_4_0") == (False, 3544)


@pytest.mark.parametrize("n, ok4, ok5", [(4096, True, True), (4097, False, True), (8192, False, True),
                                         (8193, False, False)])
def test_groupshared_bytes_per_model(n, ok4, ok5):
    """D3D11.3 §18.7.2.7: 16 kB of groupshared memory at 4.x, 32 kB at 5.0 (n floats = 4n bytes)."""
    src = (f"groupshared float g[{n}]; RWStructuredBuffer<float> o : register(u0);\n"
           "[numthreads(1, 1, 1)] void main(uint gi : SV_GroupIndex) { g[gi] = 1; o[0] = g[gi + 1]; }")
    assert compile_result(src, "cs_4_0")[0] == ok4
    assert compile_result(src, "cs_4_1")[0] == ok4
    assert compile_result(src, "cs_5_0")[0] == ok5


@pytest.mark.parametrize("x, y, z", [(768, 1, 1), (769, 1, 1), (1, 768, 1), (1, 1, 2), (32, 24, 1), (32, 25, 1),
                                     (1024, 1, 1), (1025, 1, 1), (1, 1, 64), (1, 1, 65), (32, 32, 1), (16, 16, 4),
                                     (16, 16, 5)])
def test_numthreads_limits_per_model(x, y, z):
    """The numthreads page: 4.x X, Y <= 768, Z = 1, X*Y*Z <= 768; 5.0 X, Y <= 1024, Z <= 64, X*Y*Z <= 1024.
    fxc (d3dcompiler_47 10.1 under Wine, session 35) does not hold 4.x to Z = 1: it compiles numthreads(1, 1, 2)
    and (1, 1, 64) at cs_4_0 and checks Z <= 64 at every model (test_rules_hlsl_fxc_verdicts_acc); fxc wins."""
    src = f"[numthreads({x}, {y}, {z})] void main() {{}}"
    ok4 = x <= 768 and y <= 768 and z <= 64 and x * y * z <= 768
    ok5 = x <= 1024 and y <= 1024 and z <= 64 and x * y * z <= 1024
    for target, ok in (("cs_4_0", ok4), ("cs_4_1", ok4), ("cs_5_0", ok5)):
        assert compile_result(src, target) == ((True, None) if ok else (False, 3655)), target


@pytest.mark.parametrize("decls, body, ok4", [
    ("RWStructuredBuffer<float> a : register(u0);", "a[t.x] = 1;", True),
    ("RWStructuredBuffer<float> a : register(u0); RWByteAddressBuffer b : register(u1);",
     "a[t.x] = 1; b.Store(0, 2);", False),
    # a declared second UAV the program never uses is not bound (only used objects count)
    ("RWStructuredBuffer<float> a : register(u0); RWByteAddressBuffer b : register(u1);", "a[t.x] = 1;", True),
])
def test_cs_4_x_uses_a_single_uav(decls, body, ok4):
    """D3D11.3 §18.7.2.5: 'The output is a single UAV'; §18.7.2.2: one UAV bound at a time."""
    src = f"{decls}\n[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID) {{ {body} }}"
    assert compile_result(src, "cs_4_0")[0] == ok4
    assert compile_result(src, "cs_4_1")[0] == ok4
    assert compile_result(src, "cs_5_0")[0]


_CS = "RWStructuredBuffer<float> o : register(u0);\n{decl}\n{helper}[numthreads({n}, 1, 1)] void main({param}) {{ {body} }}"
#: name -> (numthreads X, declarations, helper functions, entry parameter, body, cs_4_x accepts); §18.7.2.8-9:
#: a cs_4_x thread writes only its own region -- the element SV_GroupIndex names -- at literal offsets
TGSM_CS4 = {
    "own_element": (64, "groupshared float g[64];", "", "uint gi : SV_GroupIndex", "g[gi] = gi; o[gi] = g[63 - gi];",
                    True),
    "own_element_int": (64, "groupshared float g[64];", "", "int gi : SV_GroupIndex", "g[gi] = 1; o[gi] = g[0];", True),
    "member_and_literal_index": (64, "struct S { float a; float2 b[2]; }; groupshared S g[64];", "",
                                 "uint gi : SV_GroupIndex", "g[gi].b[1].y = 1; g[gi].a = 2; o[gi] = g[0].b[1].y;",
                                 True),
    "through_a_helper": (64, "groupshared float g[64];", "void put(uint i, float v) { g[i] = v; }\n",
                         "uint gi : SV_GroupIndex", "put(gi, 2); o[gi] = g[0];", True),
    "other_threads_element": (64, "groupshared float g[64];", "", "uint gi : SV_GroupIndex",
                              "g[63 - gi] = 1; o[gi] = g[gi];", False),
    "literal_element": (64, "groupshared float g[64];", "", "uint gi : SV_GroupIndex", "g[0] = 1; o[gi] = g[gi];",
                        False),
    "scalar_from_many_threads": (64, "groupshared float g;", "", "uint gi : SV_GroupIndex", "g = 1; o[gi] = g;",
                                 False),
    "scalar_one_thread": (1, "groupshared float g;", "", "uint gi : SV_GroupIndex", "g = 1; o[gi] = g;", True),
    "index_reassigned": (64, "groupshared float g[64];", "", "uint gi : SV_GroupIndex",
                         "gi = 63 - gi; g[gi] = 1; o[gi] = g[0];", False),
    # ``o[gi]``: fxc 10.1 refuses ``o[0] = g[1]`` at cs_5_0 too, a race (X3694; session 39 ACC), and refuses
    # this one at cs_4_0 / cs_4_1 with its validator's X8000 (the region rule)
    "index_reassigned_in_a_loop": (64, "groupshared float g[64];", "", "uint gi : SV_GroupIndex",
                                   "for (int k = 0; k < 2; k++) { g[gi] = k; gi ^= 1; } o[gi] = g[1];", False),
    "run_time_component": (64, "groupshared float4 g[64];", "", "uint gi : SV_GroupIndex",
                           "g[gi][gi & 3] = 1; o[gi] = g[0].x;", False),
    # the per-thread region (§18.7.2.8 table): 64 threads 256 bytes, 768 threads 16 bytes
    "region_fits": (768, "groupshared float4 g[768];", "", "uint gi : SV_GroupIndex", "g[gi] = 1; o[gi] = g[0].x;",
                    True),
    "region_exceeded": (768, "groupshared float4 g[768]; groupshared float h[768];", "", "uint gi : SV_GroupIndex",
                        "g[gi] = 1; h[gi] = 2; o[gi] = g[0].x + h[1];", False),
}


@pytest.mark.parametrize("name", sorted(TGSM_CS4))
def test_cs_4_x_groupshared_writes_stay_in_the_threads_own_region(name):
    n, decl, helper, param, body, ok4 = TGSM_CS4[name]
    src = _CS.format(n=n, decl=decl, helper=helper, param=param, body=body)
    assert compile_result(src, "cs_5_0") == (True, None)
    for target in ("cs_4_0", "cs_4_1"):
        assert compile_result(src, target)[0] == ok4, target


def test_cs_4_x_region_table():
    """D3D11.3 §18.7.2.8: threads in group -> bytes one thread may write."""
    for threads, most in ((1, 256), (64, 256), (65, 240), (68, 240), (69, 224), (128, 128), (129, 112), (256, 64),
                          (257, 48), (340, 48), (341, 32), (512, 32), (513, 16), (768, 16)):
        assert F.cs4_tgsm_bytes_per_thread(threads) == most, threads
