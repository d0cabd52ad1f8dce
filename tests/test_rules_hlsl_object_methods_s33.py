"""Resource-object methods per object type, argument shape and shader model: accept/reject (issue 15, session 33).

Rows written from Microsoft's HLSL reference only (MicrosoftDocs/win32, desktop-src/direct3dhlsl), never from
the compiler. This file adds the per-type rows that tests/test_hlsl_object_model_table.py,
tests/test_hlsl_object_methods.py and the test_hlsl_docs_objects_*.py files leave out: those check each method
mostly on Texture2D; here every texture type gets each method its page lists, with the location / offset /
gradient widths of the page's "argument type is dependent on the texture-object type" tables.

Pages and what is taken from them:

- dx-graphics-hlsl-to-sample.md, -samplebias.md, -samplegrad.md (and -samplelevel.md, same tables): any texture
  type except Texture2DMS/Texture2DMSArray; Location float (1D), float2 (1DArray, 2D), float3 (2DArray, 3D,
  Cube), float4 (CubeArray); Offset int (1D, 1DArray), int2 (2D, 2DArray), int3 (3D), "not supported" for
  TextureCube/TextureCubeArray; SampleGrad's DDX/DDY float (1D, 1DArray), float2 (2D, 2DArray), float3 (3D,
  Cube, CubeArray); Sample/SampleBias only ps_4_0/ps_4_1, SampleGrad/SampleLevel every stage; "TextureCubeArray
  is available in Shader Model 4.1 or higher".
- dx-graphics-hlsl-to-samplecmp.md (SampleCmpLevelZero's page: "identical to calling SampleCmp on mipmap level 0
  only"): S is a SamplerComparisonState; any texture type except Texture2DMS, Texture2DMSArray and Texture3D;
  Location as Sample.
- dx-graphics-hlsl-to-gather.md: Texture2D, Texture2DArray, TextureCube, TextureCubeArray only; vs/ps/gs_4_1;
  offset int2 for 2D/2DArray, "not supported" for the cubes. GatherRed..Alpha / GatherCmp* (sm5 pages):
  shader model 5; GatherCmp* take a SamplerComparisonState.
- CalculateLevelOfDetail (ps_4_1): any type except the multisampled ones; x is float1 (1D, 1DArray), float2
  (2D, 2DArray), float3 (3D, Cube, CubeArray).
- dx-graphics-hlsl-to-load.md: not TextureCube/TextureCubeArray; Location int2 (Texture1D, Texture2DMS), int3
  (Texture1DArray, Texture2D, Texture2DMSArray), int4 (Texture2DArray, Texture3D); Offset int (1D, 1DArray),
  int2 (2D, 2DArray, 2DMS, 2DMSArray), int3 (3D); SampleIndex only for the multisampled types.
- dx-graphics-hlsl-to-getdimensions.md: the overload table (every type, with and without MipLevel, uint and
  float outputs; Texture2DMS (Width, Height, Samples), Texture2DMSArray (Width, Height, Elements, Samples), no
  MipLevel for them); vs/ps/gs_4_0.
- GetSamplePosition (Texture2DMS / Texture2DMSArray, 4.1); the SM5 object pages for RWBuffer/RWTexture* (Load,
  GetDimensions, Operator[]; typed UAVs: shader model 5), RWStructuredBuffer (IncrementCounter /
  DecrementCounter), AppendStructuredBuffer (Append, GetDimensions), ConsumeStructuredBuffer (Consume,
  GetDimensions), ByteAddressBuffer (Load/Load2/3/4, status overloads "Minimum Shader Model 5"),
  RWByteAddressBuffer (Store/Store2/3/4, Interlocked*; "Compute Shaders on Downlevel Hardware": cs_4_x has raw
  and structured UAVs but no atomics, append/consume or counters).

A narrower location vector than the page's is refused (no implicit vector widening); a scalar would splat and a
wider vector truncate, so neither is used as a reject row. Rows a page leaves open (a cube offset at shader
model 5, where a third/fifth argument is the clamp overload's; a multisampled Load without SampleIndex, "optional"
on the Load page) are left out and listed in docs/conformance.md (session 33, helper OBJ).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

# --- texture types: the pages' per-type argument widths --------------------------------------------------------
#: type -> (location width, offset width or None, SampleGrad gradient width, Load location width or None,
#:          CalculateLevelOfDetail width, GetDimensions outputs without the mip level, first model)
TEX = {
    "Texture1D": (1, 1, 1, 2, 1, ("w",), (4, 0)),
    "Texture1DArray": (2, 1, 1, 3, 1, ("w", "e"), (4, 0)),
    "Texture2D": (2, 2, 2, 3, 2, ("w", "h"), (4, 0)),
    "Texture2DArray": (3, 2, 2, 4, 2, ("w", "h", "e"), (4, 0)),
    "Texture3D": (3, 3, 3, 4, 3, ("w", "h", "d"), (4, 0)),
    "TextureCube": (3, None, 3, None, 3, ("w", "h"), (4, 0)),
    "TextureCubeArray": (4, None, 3, None, 3, ("w", "h", "e"), (4, 1)),
}
GATHER_TYPES = {"Texture2D", "Texture2DArray", "TextureCube", "TextureCubeArray"}
CMP_TYPES = set(TEX) - {"Texture3D"}


def _f(n: int) -> str:
    return {1: "p.x", 2: "p.xy", 3: "p.xyz", 4: "p"}[n]


def _i(n: int) -> str:
    return {1: "1", 2: "int2(1, -1)", 3: "int3(1, 0, -1)"}[n]


def _li(n: int) -> str:
    return {2: "int2(1, 0)", 3: "int3(1, 0, 0)", 4: "int4(1, 0, 0, 0)"}[n]


def _at(first, need):
    """Models from the later of ``first`` (the type's) and ``need`` (the method's)."""
    return max(first, need)


PS_TARGETS = ("ps_4_0", "ps_4_1", "ps_5_0")
ANY_TARGETS = ("vs_4_0", "vs_4_1", "vs_5_0", "ps_4_0", "ps_4_1", "ps_5_0")

#: rows: (id, declarations, statement, accepted-from model or None, targets, targets left out)
ROWS: list[tuple] = []


def _row(rid, decl, stmt, need, targets=PS_TARGETS, skip=()):
    ROWS.append((rid, decl, stmt, need, targets, tuple(skip)))


for T, (loc, off, grad, load, lodw, dims, first) in TEX.items():
    S = f"{T} t; SamplerState s; SamplerComparisonState c;"
    L = _f(loc)
    # Sample / SampleBias: pixel shaders (Sample page: "not supported in a vertex shader")
    _row(f"{T}-sample", S, f"r = t.Sample(s, {L});", first)
    _row(f"{T}-sample_bias", S, f"r = t.SampleBias(s, {L}, 0.5);", first)
    _row(f"{T}-sample_level", S, f"r = t.SampleLevel(s, {L}, 1.0);", first, ANY_TARGETS)
    g = _f(grad)
    _row(f"{T}-sample_grad", S, f"r = t.SampleGrad(s, {L}, {g}, {g});", first, ANY_TARGETS)
    if off is not None:
        o = _i(off)
        _row(f"{T}-sample_offset", S, f"r = t.Sample(s, {L}, {o});", first)
        _row(f"{T}-sample_bias_offset", S, f"r = t.SampleBias(s, {L}, 0.5, {o});", first)
        _row(f"{T}-sample_level_offset", S, f"r = t.SampleLevel(s, {L}, 1.0, {o});", first, ANY_TARGETS)
        _row(f"{T}-sample_grad_offset", S, f"r = t.SampleGrad(s, {L}, {g}, {g}, {o});", first, ANY_TARGETS)
    else:
        # "not supported" for the cubes; at 5.0 the extra argument would be the clamp / status of the SM5
        # overloads, which this page does not cover: 4.x only
        o = "int3(1, 0, 0)"
        for m, a in (("Sample", ""), ("SampleBias", ", 0.5"), ("SampleLevel", ", 1.0")):
            _row(f"{T}-{m.lower()}_offset_refused", S, f"r = t.{m}(s, {L}{a}, {o});", None, skip=("ps_5_0",))
        _row(f"{T}-sample_grad_offset_refused", S, f"r = t.SampleGrad(s, {L}, {g}, {g}, {o});", None,
             skip=("ps_5_0",))
    # "The texture offsets need to be static" (Sample / SampleBias / SampleGrad pages; Load: "needs to be static")
    if off is not None:
        ro = {1: "k", 2: "int2(k, 0)", 3: "int3(k, 0, 0)"}[off]
        K = f"{S} int k;"
        _row(f"{T}-sample_runtime_offset", K, f"r = t.Sample(s, {L}, {ro});", None)
        _row(f"{T}-sample_level_runtime_offset", K, f"r = t.SampleLevel(s, {L}, 0, {ro});", None, ANY_TARGETS)
        _row(f"{T}-sample_grad_runtime_offset", K, f"r = t.SampleGrad(s, {L}, {g}, {g}, {ro});", None, ANY_TARGETS)
        _row(f"{T}-load_runtime_offset", f"{T} t; int k;", f"r = t.Load({_li(load)}, {ro});", None, ANY_TARGETS)
    if off is not None and off >= 3:
        _row(f"{T}-sample_narrow_offset", S, f"r = t.Sample(s, {L}, {_i(off - 1)});", None)
        _row(f"{T}-load_narrow_offset", f"{T} t;", f"r = t.Load({_li(load)}, {_i(off - 1)});", None, ANY_TARGETS)
    if grad >= 3:
        _row(f"{T}-sample_grad_narrow_gradient", S, f"r = t.SampleGrad(s, {L}, p.xy, p.xy);", None, ANY_TARGETS)
    if lodw >= 3:
        _row(f"{T}-lod_narrow_location", S, "r = t.CalculateLevelOfDetail(s, p.xy);", None)
    # a narrower location is no overload (the page's width)
    if loc >= 3:
        _row(f"{T}-sample_narrow_location", S, f"r = t.Sample(s, {_f(loc - 1)});", None)
        _row(f"{T}-sample_level_narrow_location", S, f"r = t.SampleLevel(s, {_f(loc - 1)}, 0);", None, ANY_TARGETS)
    # SampleCmp / SampleCmpLevelZero: a comparison sampler, no Texture3D
    # comparison sampling of Texture1DArray / Texture2DArray needs 4.1 in every stage (d3dcompiler_47 10.1 under
    # Wine, session 35: X4532 at 4.0; the page's footnote; TextureCube and the non-array kinds compile at 4.0)
    arr_cmp_skip = ("ps_4_0", "vs_4_0") if T == "TextureCubeArray" else ()
    cmp_need = max(first, (4, 1)) if T in ("Texture1DArray", "Texture2DArray") else first
    if T in CMP_TYPES:
        _row(f"{T}-sample_cmp", S, f"r = t.SampleCmp(c, {L}, 0.5);", cmp_need, skip=arr_cmp_skip)
        _row(f"{T}-sample_cmp_lz", S, f"r = t.SampleCmpLevelZero(c, {L}, 0.5);", cmp_need, ANY_TARGETS,
             skip=arr_cmp_skip)
        _row(f"{T}-sample_cmp_plain_sampler", S, f"r = t.SampleCmp(s, {L}, 0.5);", None)
        _row(f"{T}-sample_cmp_lz_plain_sampler", S, f"r = t.SampleCmpLevelZero(s, {L}, 0.5);", None, ANY_TARGETS)
        if off is not None:
            _row(f"{T}-sample_cmp_offset", S, f"r = t.SampleCmp(c, {L}, 0.5, {_i(off)});", cmp_need,
                 skip=arr_cmp_skip)
            _row(f"{T}-sample_cmp_lz_offset", S, f"r = t.SampleCmpLevelZero(c, {L}, 0.5, {_i(off)});", cmp_need,
                 ANY_TARGETS, skip=arr_cmp_skip)
    # Gather family
    if T in GATHER_TYPES:
        _row(f"{T}-gather", S, f"r = t.Gather(s, {L});", _at(first, (4, 1)), ANY_TARGETS)
        for ch in ("Red", "Green", "Blue", "Alpha"):
            # GatherRed at 4.1: the page says shader model 5, fxc compiles it as plain gather4 (featuregates.py,
            # docs=(5, 0)): left out
            _row(f"{T}-gather_{ch.lower()}", S, f"r = t.Gather{ch}(s, {L});", (5, 0), ANY_TARGETS,
                 skip=("vs_4_1", "ps_4_1") if ch == "Red" else ())
        if loc >= 3:
            _row(f"{T}-gather_narrow_location", S, f"r = t.Gather(s, {_f(loc - 1)});", None, ANY_TARGETS)
        _row(f"{T}-gather_cmp", S, f"r = t.GatherCmp(c, {L}, 0.5);", (5, 0), ANY_TARGETS)
        _row(f"{T}-gather_cmp_green", S, f"r = t.GatherCmpGreen(c, {L}, 0.5);", (5, 0), ANY_TARGETS)
        _row(f"{T}-gather_cmp_plain_sampler", S, f"r = t.GatherCmp(s, {L}, 0.5);", None, ANY_TARGETS)
        if off is not None:
            _row(f"{T}-gather_offset", S, f"r = t.Gather(s, {L}, {_i(off)});", _at(first, (4, 1)), ANY_TARGETS)
            _row(f"{T}-gather_blue_offset", S, f"r = t.GatherBlue(s, {L}, {_i(off)});", (5, 0), ANY_TARGETS)
        else:
            _row(f"{T}-gather_offset_refused", S, f"r = t.Gather(s, {L}, int3(1, 0, 0));", None,
                 ("vs_4_1", "ps_4_1"))
    elif T != "Texture3D" and T != "Texture1D":  # 1D and 3D: test_hlsl_object_model_table
        _row(f"{T}-gather_refused", S, f"r = t.Gather(s, {L});", None, ANY_TARGETS)
        _row(f"{T}-gather_red_refused", S, f"r = t.GatherRed(s, {L});", None, ANY_TARGETS)
    # CalculateLevelOfDetail(Unclamped): ps_4_1, the location without an array index
    _row(f"{T}-lod", S, f"r = t.CalculateLevelOfDetail(s, {_f(lodw)});", _at(first, (4, 1)))
    _row(f"{T}-lod_unclamped", S, f"r = t.CalculateLevelOfDetailUnclamped(s, {_f(lodw)});", _at(first, (4, 1)))
    # Load: the location carries the mip level
    if load is not None:
        _row(f"{T}-load", f"{T} t;", f"r = t.Load({_li(load)});", first, ANY_TARGETS)
        _row(f"{T}-load_offset", f"{T} t;", f"r = t.Load({_li(load)}, {_i(off)});", first, ANY_TARGETS)
        if load >= 3:
            _row(f"{T}-load_narrow_location", f"{T} t;", f"r = t.Load({_li(load - 1)});", None, ANY_TARGETS)
        _row(f"{T}-load_sample_index_refused", f"{T} t;", f"r = t.Load({_li(load)}, 1, {_i(off)});", None,
             ANY_TARGETS)
    # GetDimensions: every overload of the table, uint and float outputs
    for ty in ("uint", "float"):
        names = ", ".join(dims)
        decl = f"{ty} w, h, d, e, n;"
        total = " + ".join(dims)
        # a TextureCubeArray's float overload has no element count: reading it is d3dcompiler_47 10.1's X4598
        # (session 37, tests/test_rules_hlsl_fxc_objects_s37.py; these rows compiled before, inferred)
        refused = ty == "float" and T == "TextureCubeArray"
        _row(f"{T}-get_dimensions_{ty}", f"{T} t;", f"{decl} t.GetDimensions({names}); r = {total};",
             None if refused else first, ANY_TARGETS)
        _row(f"{T}-get_dimensions_mip_{ty}", f"{T} t;",
             f"{decl} t.GetDimensions(1, {names}, n); r = {total} + n;", None if refused else first, ANY_TARGETS)
    # the outputs without the level, plus one: no overload (levels come only with a MipLevel input)
    if T in ("Texture1DArray", "Texture2DArray", "TextureCube"):  # the others: GETDIM_BAD there
        extra = ", ".join((*dims, "n"))
        _row(f"{T}-get_dimensions_levels_without_mip", f"{T} t;", f"uint w, h, d, e, n; t.GetDimensions({extra});",
             None, ANY_TARGETS)
    # no sample position / sample subscript on a single-sampled texture
    _row(f"{T}-get_sample_position_refused", f"{T} t;", "r.xy = t.GetSamplePosition(0);", None, ANY_TARGETS)

# mips[][] on the types the object-method tests do not take it through (Texture2D there)
for T, addr in (("Texture1D", "1"), ("Texture1DArray", "uint2(1, 0)"), ("Texture2DArray", "uint3(1, 0, 0)"),
                ("Texture3D", "uint3(1, 0, 0)")):
    _row(f"{T}-mips", f"{T} t;", f"r = t.mips[1][{addr}];", (4, 0), ANY_TARGETS)
_row("Texture3D-mips_narrow_address", "Texture3D t;", "r = t.mips[0][uint2(0, 0)];", None, ANY_TARGETS)
_row("TextureCubeArray-mips_refused", "TextureCubeArray t;", "r = t.mips[0][uint3(0, 0, 0)];", None,
     ("vs_4_1", "vs_5_0"))

# --- multisampled textures --------------------------------------------------------------------------------------
for T, loc, dims in (("Texture2DMS", 2, "w, h, n"), ("Texture2DMSArray", 3, "w, h, e, n")):
    D = f"{T}<float4, 4> t; SamplerState s; SamplerComparisonState c;"
    L = _f(loc)
    for m, args in (("Sample", f"s, {L}"), ("SampleBias", f"s, {L}, 0.5"), ("SampleLevel", f"s, {L}, 0"),
                    ("SampleGrad", f"s, {L}, p.xy, p.xy"), ("SampleCmp", f"c, {L}, 0.5"),
                    ("SampleCmpLevelZero", f"c, {L}, 0.5"), ("Gather", f"s, {L}"), ("GatherRed", f"s, {L}"),
                    ("CalculateLevelOfDetail", "s, p.xy")):
        if (T, m) in (("Texture2DMS", "Sample"), ("Texture2DMS", "Gather")):
            continue  # test_hlsl_object_methods.MISSING_METHODS
        _row(f"{T}-{m.lower()}_refused", D, f"r = t.{m}({args});", None)
    for ty in ("uint", "float"):
        _row(f"{T}-get_dimensions_{ty}", D, f"{ty} w, h, e, n; t.GetDimensions({dims}); r = {dims.replace(',', ' +')};",
             (4, 0), ANY_TARGETS)
    # no MipLevel overload for the multisampled types
    _row(f"{T}-get_dimensions_mip_refused", D, f"uint w, h, e, n, l; t.GetDimensions(0, {dims}, l);", None,
         ANY_TARGETS)
    _row(f"{T}-load_runtime_offset", f"{D} int k;", f"r = t.Load({_li(loc)}, 1, int2(k, 0));", None, ANY_TARGETS)
    if loc == 3:  # Texture2DMS: ms_load_offset there
        _row(f"{T}-load_offset", D, f"r = t.Load({_li(loc)}, 2, int2(1, 0));", (4, 0), ANY_TARGETS)
        _row(f"{T}-load_narrow_location", D, "r = t.Load(int2(0, 0), 1);", None, ANY_TARGETS)
_row("Texture2DMSArray-get_sample_position", "Texture2DMSArray<float4, 4> t;", "r.xy = t.GetSamplePosition(1);",
     (4, 1), ANY_TARGETS)
_row("Texture2DMSArray-sample_subscript", "Texture2DMSArray<float4, 4> t;", "r = t.sample[1][uint3(0, 0, 1)];",
     (4, 0), ANY_TARGETS)
_row("Texture2DMS-mips_refused", "Texture2DMS<float4, 4> t;", "r = t.mips[0][uint2(0, 0)];", None, ANY_TARGETS)

# --- read-only buffers ------------------------------------------------------------------------------------------
BAB = "ByteAddressBuffer b;"
for n, w in (("", "x"), ("2", "xy"), ("3", "xyz"), ("4", "xyzw")):
    _row(f"ByteAddressBuffer-load{n}", BAB, f"r.{w} = asfloat(b.Load{n}(4));", (4, 0), ANY_TARGETS)
    _row(f"ByteAddressBuffer-load{n}_status", BAB, f"uint st; r.{w} = asfloat(b.Load{n}(4, st)); r.w += st;",
         (5, 0), ANY_TARGETS)
_row("StructuredBuffer-increment_counter_refused", "StructuredBuffer<float4> b;", "r.x = b.IncrementCounter();",
     None, ANY_TARGETS)
_row("StructuredBuffer-append_refused", "StructuredBuffer<float4> b;", "b.Append(p);", None, ANY_TARGETS)
_row("Buffer-load_two_args_refused", "Buffer<float4> b;", "r = b.Load(1, 2);", None, ("vs_4_0", "ps_4_0"))

# --- UAV objects: compute 4.0 / 5.0 and ps_5_0 ------------------------------------------------------------------
UAV_TARGETS = ("cs_4_0", "cs_4_1", "cs_5_0", "ps_5_0")
TYPED = (5, 0)  # typed UAVs: shader model 5 (cs_4_x: raw and structured only)
for T, w in (("RWBuffer", 1), ("RWTexture1D", 1), ("RWTexture1DArray", 2), ("RWTexture2D", 2),
             ("RWTexture2DArray", 3), ("RWTexture3D", 3)):
    D = f"{T}<float4> u;"
    a = {1: "1", 2: "int2(1, 0)", 3: "int3(1, 0, 0)"}[w]
    _row(f"{T}-load", D, f"r = u.Load({a}); u[{a}] = r;", TYPED, UAV_TARGETS)
    _row(f"{T}-load_status", D, f"uint st; r = u.Load({a}, st); r.x += st; u[{a}] = r;", TYPED, UAV_TARGETS)
    if w >= 3:
        _row(f"{T}-load_narrow_location", D, f"u[{a}] = u.Load(int2(0, 0));", None, UAV_TARGETS)
    _row(f"{T}-sample_level_refused", f"{D} SamplerState s;", f"u[{a}] = u.SampleLevel(s, {_f(max(w, 1))}, 0);",
         None, UAV_TARGETS)
    _row(f"{T}-mips_refused", D, f"u[{a}] = u.mips[0][{a}];", None, UAV_TARGETS)
    dims = {"RWBuffer": "w", "RWTexture1D": "w", "RWTexture1DArray": "w, e", "RWTexture2D": "w, h",
            "RWTexture2DArray": "w, h, e", "RWTexture3D": "w, h, d"}[T]
    # a buffer's GetDimensions takes uint outputs only: fxc's X3013 "no matching 1 parameter intrinsic method" for
    # float ones (RWBuffer and Buffer, every target: d3dcompiler_47 10.1 under Wine, session 39)
    _row(f"{T}-get_dimensions_float", D, f"float w, h, d, e; u.GetDimensions({dims}); u[{a}] = w;",
         None if T == "RWBuffer" else TYPED, UAV_TARGETS)
    if T != "RWBuffer":
        # no MipLevel overload for a UAV (the RW pages: GetDimensions(Width[, Height][, Elements/Depth]))
        _row(f"{T}-get_dimensions_mip_refused", D,
             f"uint w, h, d, e, n; u.GetDimensions(0, {dims}, n); u[{a}] = w;", None, UAV_TARGETS)

RWS = "RWStructuredBuffer<float4> u;"
_row("RWStructuredBuffer-decrement_counter", RWS, "u[u.DecrementCounter()] = p;", (5, 0), UAV_TARGETS)
_row("RWStructuredBuffer-load", RWS, "u[0] = u.Load(1) + u[2];", (4, 0), UAV_TARGETS)
_row("RWStructuredBuffer-load_status", RWS, "uint st; r = u.Load(1, st); r.x += st; u[0] = r;", (5, 0),
     UAV_TARGETS)
_row("RWStructuredBuffer-get_dimensions", RWS, "uint n, s; u.GetDimensions(n, s); u[0] = n + s;", (5, 0),
     UAV_TARGETS)
_row("RWStructuredBuffer-append_refused", RWS, "u.Append(p);", None, UAV_TARGETS)
_row("RWStructuredBuffer-consume_refused", RWS, "u[0] = u.Consume();", None, UAV_TARGETS)
APP = "AppendStructuredBuffer<float4> u;"
CON = "ConsumeStructuredBuffer<float4> u; RWStructuredBuffer<float4> o;"
_row("AppendStructuredBuffer-get_dimensions", APP, "uint n, s; u.GetDimensions(n, s); u.Append(n + s);", (5, 0),
     UAV_TARGETS)
_row("AppendStructuredBuffer-consume_refused", APP, "u.Append(u.Consume());", None, UAV_TARGETS)
_row("AppendStructuredBuffer-subscript_refused", APP, "u.Append(u[0]);", None, UAV_TARGETS)
_row("AppendStructuredBuffer-counter_refused", APP, "u.Append(u.IncrementCounter());", None, UAV_TARGETS)
_row("ConsumeStructuredBuffer-get_dimensions", CON, "uint n, s; u.GetDimensions(n, s); o[0] = u.Consume() + n + s;",
     (5, 0), UAV_TARGETS)
_row("ConsumeStructuredBuffer-append_refused", CON, "u.Append(p); o[0] = p;", None, UAV_TARGETS)
_row("ConsumeStructuredBuffer-subscript_refused", CON, "o[0] = u[0];", None, UAV_TARGETS)

RWB = "RWByteAddressBuffer u;"
for n, v in (("", "1"), ("2", "uint2(1, 2)"), ("3", "uint3(1, 2, 3)"), ("4", "uint4(1, 2, 3, 4)")):
    _row(f"RWByteAddressBuffer-store{n}", RWB, f"u.Store{n}(16, {v});", (4, 0), UAV_TARGETS)
    _row(f"RWByteAddressBuffer-load{n}", RWB, f"u.Store{n}(16, u.Load{n}(0));", (4, 0), UAV_TARGETS)
    _row(f"RWByteAddressBuffer-load{n}_status", RWB, f"uint st; u.Store{n}(16, u.Load{n}(0, st) + st);", (5, 0),
         UAV_TARGETS)
for op in ("Add", "And", "Or", "Xor", "Min", "Max"):
    _row(f"RWByteAddressBuffer-interlocked_{op.lower()}", RWB, f"uint o; u.Interlocked{op}(0, 5, o); u.Store(4, o);",
         (5, 0), UAV_TARGETS)
_row("RWByteAddressBuffer-interlocked_exchange", RWB, "uint o; u.InterlockedExchange(0, 5, o); u.Store(4, o);",
     (5, 0), UAV_TARGETS)
_row("RWByteAddressBuffer-interlocked_compare_exchange", RWB,
     "uint o; u.InterlockedCompareExchange(0, 1, 5, o); u.Store(4, o);", (5, 0), UAV_TARGETS)
_row("RWByteAddressBuffer-interlocked_compare_store", RWB, "u.InterlockedCompareStore(0, 1, 5);", (5, 0),
     UAV_TARGETS)
# the page's InterlockedExchange / InterlockedCompareExchange have an out original_value (no two-argument form)
_row("RWByteAddressBuffer-interlocked_exchange_no_original", RWB, "u.InterlockedExchange(0, 5);", None,
     UAV_TARGETS)
_row("RWByteAddressBuffer-interlocked_compare_exchange_no_original", RWB, "u.InterlockedCompareExchange(0, 1, 5);",
     None, UAV_TARGETS)
_row("RWByteAddressBuffer-subscript_refused", RWB, "u[0] = 1;", None, UAV_TARGETS)
_row("RWByteAddressBuffer-store_status_refused", RWB, "uint st; u.Store(0, 1, st);", None, UAV_TARGETS)

# --- argument counts, argument kinds and result shapes (the pages' syntax blocks and return values) ------------
T2S = "Texture2D t; SamplerState s; SamplerComparisonState c;"
MS4 = "Texture2DMS<float4, 4> t;"
MSA4 = "Texture2DMSArray<float4, 4> t;"
EXTRA = [
    # the result is the template type ("The texture's template type" / "matches the type in the Object
    # declaration"): a float2 object's result does not widen to float4
    ("result_template_type_sample", "Texture2D<float2> t; SamplerState s;", "r = t.Sample(s, p.xy);", None),
    ("result_template_type_sample_xy", "Texture2D<float2> t; SamplerState s;", "r.xy = t.Sample(s, p.xy);", (4, 0)),
    ("result_template_type_buffer_load", "Buffer<float2> t;", "r = t.Load(0);", None),
    ("result_template_type_buffer_index", "Buffer<float2> t;", "r = t[0];", None),
    ("result_template_type_structured_load", "StructuredBuffer<float2> t;", "r = t.Load(0);", None),
    # Gather: "A four-component vector ... whose type is the same as the texture's template type"
    ("gather_result_four_components_int", "Texture2D<int> t; SamplerState s;", "r = t.Gather(s, p.xy);", (4, 1)),
    ("gather_result_four_components_float2", "Texture2D<float2> t; SamplerState s;", "r = t.Gather(s, p.xy);",
     (4, 1)),
    ("gather_green_result_four_components", "Texture2D<float2> t; SamplerState s;",
     "r = t.GatherGreen(s, p.xy);", (5, 0)),
    # GetSamplePosition returns a float2
    ("sample_position_result_float2", MS4, "r = t.GetSamplePosition(0);", None),
    ("sample_position_no_index", MS4, "r.xy = t.GetSamplePosition();", None),
    ("sample_position_two_args", MS4, "r.xy = t.GetSamplePosition(0, 1);", None),
    # status overloads of the multisampled Load: shader model 5
    ("ms_load_status", MS4, "uint st; r = t.Load(int2(0, 0), 1, int2(0, 0), st); r.x += st;", (5, 0)),
    ("ms_array_load_status", MSA4, "uint st; r = t.Load(int3(0, 0, 0), 1, int2(0, 0), st); r.x += st;", (5, 0)),
    ("ms_array_sample_narrow_address", MSA4, "r = t.sample[0][uint2(0, 0)];", None),
    ("ms_load_too_many", MS4, "r = t.Load(int2(0, 0), 1, 1, 1);", None),
    # GetDimensions' outputs are [out]: no literal
    ("get_dimensions_literal_output", "Texture2D t;", "uint w, h; t.GetDimensions(w, 3);", None),
    ("get_dimensions_literal_outputs", "Texture2D t;", "t.GetDimensions(0, 1, 2, 3);", None),
    # missing arguments: Location / LOD / bias / gradients / compare value are not optional
    ("sample_no_location", T2S, "r = t.Sample(s);", None),
    ("sample_arguments_swapped", T2S, "r = t.Sample(p.xy, s);", None),
    ("sample_texture_as_sampler", "Texture2D t; Texture2D s;", "r = t.Sample(s, p.xy);", None),
    ("sample_bias_no_bias", T2S, "r = t.SampleBias(s, p.xy);", None),
    ("sample_level_no_level", T2S, "r = t.SampleLevel(s, p.xy);", None),
    ("sample_grad_one_gradient", T2S, "r = t.SampleGrad(s, p.xy, p.xy);", None),
    ("sample_cmp_no_compare_value", T2S, "r = t.SampleCmp(c, p.xy);", None),
    ("load_no_location", "Texture2D t;", "r = t.Load();", None),
    ("load_sample_index_on_texture2d", "Texture2D t;", "r = t.Load(int3(0, 0, 0), int2(0, 0), 1);", None),
    ("structured_load_two_args", "StructuredBuffer<float4> t;", "r = t.Load(0, 0);", None),
    # Gather's four-offset forms belong to GatherRed..Alpha / GatherCmp* on 2D textures only
    ("gather_four_offsets", T2S, "r = t.Gather(s, p.xy, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));", None),
    ("gather_red_four_offsets_cube", "TextureCube t; SamplerState s;",
     "r = t.GatherRed(s, p.xyz, int3(0, 0, 0), int3(0, 0, 0), int3(0, 0, 0), int3(0, 0, 0));", None),
    ("gather_red_four_offsets_cube_array", "TextureCubeArray t; SamplerState s;",
     "r = t.GatherRed(s, p, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));", None),
    ("gather_cmp_red_four_offsets_array", "Texture2DArray t; SamplerComparisonState c;",
     "r = t.GatherCmpRed(c, p.xyz, 0.5, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));", (5, 0)),
    ("lod_status_refused", T2S, "uint st; r = t.CalculateLevelOfDetail(s, p.xy, st);", None),
]
for rid, decl, body, need in EXTRA:
    _row(rid, decl, body, need, ("ps_4_0", "ps_4_1", "ps_5_0"))

UAV_EXTRA = [
    ("consume_result_template_type", "ConsumeStructuredBuffer<float2> u; RWStructuredBuffer<float4> o;",
     "o[0] = u.Consume();", None),
    ("append_no_value", "AppendStructuredBuffer<float4> u;", "u.Append();", None),
    ("append_two_values", "AppendStructuredBuffer<float4> u;", "u.Append(p, p);", None),
    ("consume_with_argument", "ConsumeStructuredBuffer<float4> u; RWStructuredBuffer<float4> o;",
     "o[0] = u.Consume(1);", None),
    ("increment_counter_with_argument", "RWStructuredBuffer<float4> u;", "u[u.IncrementCounter(1)] = p;", None),
    ("store4_narrow_value", RWB, "u.Store4(0, uint3(1, 2, 3));", None),
    ("store3_narrow_value", RWB, "u.Store3(0, uint2(1, 2));", None),
    ("store2_extra_argument", RWB, "u.Store2(0, uint2(1, 2), 1);", None),
    ("interlocked_add_literal_original", RWB, "u.InterlockedAdd(0, 1, 2);", None),
    ("interlocked_compare_store_original", RWB, "uint o; u.InterlockedCompareStore(0, 1, 2, o);", None),
    ("rw_texture2d_get_dimensions_one_output", "RWTexture2D<float4> u;",
     "uint w; u.GetDimensions(w); u[uint2(0, 0)] = w;", None),
    ("rw_buffer_get_dimensions_two_outputs", "RWBuffer<float4> u;", "uint w, h; u.GetDimensions(w, h); u[0] = w;",
     None),
    ("rw_structured_get_dimensions_one_output", RWS, "uint n; u.GetDimensions(n); u[0] = n;", None),
    ("rw_texture_load_with_offset", "RWTexture2D<float4> u;", "u.Load(int2(0, 0), int2(0, 0));", None),
]
for rid, decl, body, need in UAV_EXTRA:
    _row(rid, decl, body, need, UAV_TARGETS)


def _source(decl: str, body: str, target: str) -> str:
    stage = target[:2]
    if stage == "cs":
        # r goes to a UAV, as the other stages return it: fxc 10.1 removes a call whose result nothing uses before
        # judging whether the target has its instruction (session 36, helper AUD); a row declaring a UAV of its
        # own keeps the body as it is (cs_4_x has one UAV slot)
        uav = any(k in decl for k in ("RW", "Append", "Consume"))
        keep = ("", "") if uav else ("RWStructuredBuffer<float4> keep_;\n", " keep_[0] = r;")
        return (f"{decl}\n{keep[0]}[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{\n"
                f"float4 p = float4(id, 1); float4 r = 0; {body}{keep[1]} }}")
    if stage == "gs":
        return (f"{decl}\nstruct V {{ float4 p : SV_Position; }};\n[maxvertexcount(1)] void main(point V i[1], "
                f"inout PointStream<V> st_) {{ float4 p = i[0].p; float4 r = 0; {body} V v; v.p = r; st_.Append(v); }}")
    if stage in ("hs", "ds"):
        head = (f"{decl}\nstruct P {{ float4 p : POSITION; }};\n"
                "struct C { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n")
        if stage == "ds":
            return (head + '[domain("tri")] float4 main(C cc_, float3 uvw : SV_DomainLocation, '
                    f"const OutputPatch<P, 3> q) : SV_Position {{ float4 p = q[0].p; float4 r = 0; {body} return r; }}")
        # the statement in the patch-constant function (a hull shader's control-point phase takes the rest)
        return (head + f"C pc(InputPatch<P, 3> ip) {{ float4 p = ip[0].p; float4 r = 0; {body} C o_; "
                "o_.e[0] = o_.e[1] = o_.e[2] = r.x; o_.i = r.y; return o_; }\n"
                '[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] '
                '[patchconstantfunc("pc")] P main(InputPatch<P, 3> ip, uint i : SV_OutputControlPointID) '
                "{ return ip[i]; }")
    sem, ret = ("SV_Position", "SV_Target") if stage == "ps" else ("POSITION", "SV_Position")
    return f"{decl}\nfloat4 main(float4 p : {sem}) : {ret} {{ float4 r = 0; {body} return r; }}"


def _accepted(need, target: str) -> bool:
    if need is None:
        return False
    if need == (4, 0) and target.startswith("cs_4"):
        return True
    return (int(target[3]), int(target[5])) >= need


_CASES = [(row, tg) for row in ROWS for tg in row[4] if tg not in row[5]]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row,target", _CASES, ids=[f"{r[0]}-{t}" for r, t in _CASES])
def test_object_method_rows(row, target):
    rid, decl, body, need = row[:4]
    src = _source(decl, body, target)
    if _accepted(need, target):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    else:
        with pytest.raises(ShaderCompileError) as e:
            D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        assert "syntax error" not in e.value.errors  # refused for the row, not for the scaffolding


#: the rows that run in every stage (their vs_* targets), again in the other stages of the same models
OTHER_STAGES = ("cs_4_0", "cs_4_1", "cs_5_0", "gs_4_0", "gs_4_1", "gs_5_0", "hs_5_0", "ds_5_0")
_STAGE_CASES = [(row, tg) for row in ROWS if row[4] is ANY_TARGETS for tg in OTHER_STAGES
                if "vs" + tg[2:] not in row[5]]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row,target", _STAGE_CASES, ids=[f"{r[0]}-{t}" for r, t in _STAGE_CASES])
def test_object_method_rows_in_the_other_stages(row, target):
    test_object_method_rows(row, target)


@pytest.mark.backend_independent
def test_row_ids_are_unique():
    ids = [r[0] for r in ROWS]
    assert len(ids) == len(set(ids))


# --- values: the float GetDimensions overloads of the multisampled types (the uint ones run in
# test_hlsl_object_methods.test_get_dimensions_of_multisampled_textures) -----------------------------------------
def test_multisampled_get_dimensions_float_outputs():
    from test_hlsl_object_methods import _device, _run_cs, _tex2d

    dev, ctx = _device()
    ms = dev.CreateShaderResourceView(_tex2d(dev, 6, 4, 1, 1, samples=4), None)
    msa = dev.CreateShaderResourceView(_tex2d(dev, 5, 3, 1, 2, samples=2), None)
    src = """
    Texture2DMS<float4> a : register(t0);
    Texture2DMSArray<float4> b : register(t1);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        float w, h, s, w2, h2, e2, s2;
        a.GetDimensions(w, h, s);
        b.GetDimensions(w2, h2, e2, s2);
        o.Store4(0, asuint(float4(w, h, s, w2))); o.Store3(16, asuint(float3(h2, e2, s2)));
    }"""
    # Width, Height, (Elements,) NumberOfSamples of the resource, as floats
    assert _run_cs(dev, ctx, src, [ms, msa], 7).view(np.float32).tolist() == [6, 4, 4, 5, 3, 2, 2]


# --- values: SampleCmpLevelZero on the 1D and array types the compare tests do not run (Texture2D there) ---------
@pytest.mark.parametrize("kind", ["Texture1D", "Texture1DArray", "Texture2DArray"])
def test_sample_cmp_level_zero_per_type(kind):
    """SampleCmp page: the result is 1 where the comparison of the compare value against the texel passes, else 0
    (point filtering: one texel); D3D11_COMPARISON_LESS passes when the source (the compare value) is less than
    the destination (the texel). The array slice is the location's last component (rounded, clamped)."""
    from test_hlsl_object_methods import _device, _run_cs

    from pyd3d11.d3d11 import (
        D3D11_BIND_SHADER_RESOURCE,
        D3D11_COMPARISON_LESS,
        D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
        D3D11_SAMPLER_DESC,
        D3D11_SUBRESOURCE_DATA,
        D3D11_TEXTURE1D_DESC,
        D3D11_TEXTURE2D_DESC,
        D3D11_TEXTURE_ADDRESS_CLAMP,
    )
    from pyd3d11.dxgi import DXGI_FORMAT_R32_FLOAT, DXGI_SAMPLE_DESC

    dev, ctx = _device()
    W, H, SL = 8, (2 if kind == "Texture2DArray" else 1), (1 if kind == "Texture1D" else 2)
    # texel (slice k, row y, column x) = (x + 8y) / 16 + k / 2
    tex = (np.arange(SL)[:, None, None] / 2 + (np.arange(W)[None, None, :] + 8 * np.arange(H)[None, :, None]) / 16)
    tex = tex.astype(np.float32)
    data = [D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(tex[k]), SysMemPitch=4 * W) for k in range(SL)]
    if kind == "Texture2DArray":
        res = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=SL, Format=DXGI_FORMAT_R32_FLOAT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE), data)
    else:
        res = dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(
            Width=W, MipLevels=1, ArraySize=SL, Format=DXGI_FORMAT_R32_FLOAT,
            BindFlags=D3D11_BIND_SHADER_RESOURCE), data)
    ctx.CSSetSamplers(0, 1, [dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP,
        AddressV=D3D11_TEXTURE_ADDRESS_CLAMP, AddressW=D3D11_TEXTURE_ADDRESS_CLAMP,
        ComparisonFunc=D3D11_COMPARISON_LESS, MaxLOD=3.4e38))])
    # (x, y, slice, compare value) per output word
    probes = [(x, y, k, cv) for k in range(SL) for y in range(H) for x in (0, 3, 5, 7) for cv in (0.2, 0.7)]
    loc = {"Texture1D": "(x + 0.5) / 8", "Texture1DArray": "float2((x + 0.5) / 8, k)",
           "Texture2DArray": "float3((x + 0.5) / 8, (y + 0.5) / 2, k)"}[kind]
    body = "".join(f"{{ float x = {x}, y = {y}, k = {k}; o.Store({4 * i}, asuint(t.SampleCmpLevelZero(c, {loc}, {cv}))); }}\n"
                   for i, (x, y, k, cv) in enumerate(probes))
    src = f"""{kind} t : register(t0); SamplerComparisonState c : register(s0); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {{
    {body} }}"""
    got = _run_cs(dev, ctx, src, [dev.CreateShaderResourceView(res, None)], len(probes)).view(np.float32)
    want = [1.0 if np.float32(cv) < tex[k, y, x] else 0.0 for x, y, k, cv in probes]
    assert got.tolist() == want
