"""Texture and buffer objects at run time (issue 15, session 18, helper HL20). Expected values from the object
pages of MicrosoftDocs direct3dhlsl (each object's Load / Sample* / Gather* / GetDimensions / Operator[] /
mips / sample pages) and the instructions of the D3D11.3 functional spec they lower to:

* Load (ld, §22.4.6): integer texel coordinates plus the mip level in the last component (array index
  before it); a texel offset (-8..7) is added to the coordinates, not to the array index; any coordinate,
  array index or mip level out of range returns 0 in every component; ``t[pos]`` is mip 0,
  ``t.mips[m][pos]`` mip m; Buffer<T>.Load / ``buf[i]`` out of range → 0;
* GetDimensions (resinfo / bufinfo / sampleinfo, resinfo page): the width/height/depth of the mip asked for,
  the array size, the total mip count whatever mip is asked; a mip level past the last returns 0 sizes but
  still the mip count; an unbound resource returns 0 everywhere; float outputs are the same numbers;
  RWStructuredBuffer returns its element count and stride, (RW)ByteAddressBuffer its size in bytes;
* Sample / SampleLevel / SampleBias / SampleGrad (sample*, §22.4.x, point filtering, wrap addressing): the
  level of detail is log2 of the texel footprint from the derivatives (screen-space for Sample and
  SampleBias, the given gradients for SampleGrad), plus the bias; offsets shift texels at the chosen level;
* Gather / GatherRed/Green/Blue/Alpha (gather4, gather4_po; Texture2D.Gather pages): the 2x2 footprint's
  texels in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0) of one channel (a missing alpha reads 1 — here the
  texture's own alpha 7); the four-offset forms take component k from the footprint shifted by offset k;
* SampleCmp / SampleCmpLevelZero / GatherCmp* (sample_c, sample_c_lz, gather4_c): 1 where ``ref OP texel``
  (comparison LESS: ref < texel), else 0, per texel before filtering;
* RWByteAddressBuffer Load/Load2/3/4 and Store/Store2/3/4 (ld_raw / store_raw pages): "Out of bounds
  addressing on u# means nothing is written to the out of bounds memory; any part that is in bounds is
  written correctly" — a Store2 straddling the end writes its first word; an out-of-range read returns 0
  per component; RWStructuredBuffer element / member out of range: read 0, write dropped; typed UAV
  writes out of range are dropped (§5.3 "out of bounds" rules of the UAV instructions);
* register assignment of unbound (no ``register``) textures: in declaration order among the used ones,
  after an explicit reservation; an array takes consecutive registers.

Not covered (the harness has no such resources, or the device rejects the form): 1D textures, cube-array
and multisampled data, the ``status`` overloads (they need the tiled-resources capability the runner's
device lacks: CreateComputeShader fails, as on Windows).
"""

from __future__ import annotations

import pytest
from hlsl_rules_s18_kit import probe_failures, shader_test_blocks

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile


def _tex(w: int, h: int, levels: int, layers: int = 1, depth: int = 1) -> str:
    """Texel (x, y, level, 10 * layer + 100 * z) of every subresource, level by level, layer by layer."""
    out = []
    for lv in range(levels):
        lw, lh, ld = max(w >> lv, 1), max(h >> lv, 1), max(depth >> lv, 1)
        for layer in range(layers):
            for z in range(ld):
                out.append("    ".join(f"{float(x)} {float(y)} {float(lv)} {float(layer * 10 + z * 100)}"
                                       for y in range(lh) for x in range(lw)))
    return "\n".join(out)


#: (expression, expected float4)
LOAD_ROWS = [
    ("t2d.Load(int3(1, 1, 0))", (1, 1, 0, 0)), ("t2d.Load(int3(1, 0, 1))", (1, 0, 1, 0)),
    ("t2d.Load(int3(3, 0, 0), int2(-1, 1))", (2, 1, 0, 0)), ("t2d.Load(int3(4 * one, 0, 0))", (0, 0, 0, 0)),
    ("t2d.Load(int3(0, 2 * one, 0))", (0, 0, 0, 0)), ("t2d.Load(int3(0, 0, 2 * one))", (0, 0, 0, 0)),
    ("t2d.Load(int3(-1 * one, 0, 0))", (0, 0, 0, 0)), ("t2d.Load(int3(3, 0, 0), int2(1, 0))", (0, 0, 0, 0)),
    ("t2d[uint2(2, 1)]", (2, 1, 0, 0)), ("t2d.mips[1][uint2(1, 0)]", (1, 0, 1, 0)),
    ("t2d.mips[one][uint2(1, 0)]", (1, 0, 1, 0)), ("t2d.mips[0][uint2(5, 0)]", (0, 0, 0, 0)),
    ("t2d.mips[2 * one][uint2(0, 0)]", (0, 0, 0, 0)),
    ("t2da.Load(int4(1, 1, 2, 0))", (1, 1, 0, 20)), ("t2da.Load(int4(1, 0, 1, 1))", (1, 0, 1, 10)),
    ("t2da.Load(int4(0, 0, 3 * one, 0))", (0, 0, 0, 0)), ("t2da[uint3(3, 1, 1)]", (3, 1, 0, 10)),
    ("t2da.mips[1][uint3(1, 0, 2)]", (1, 0, 1, 20)), ("t2da.Load(int4(0, 0, 1, 0), int2(2, 1))", (2, 1, 0, 10)),
    ("t3d.Load(int4(1, 1, 1, 0))", (1, 1, 0, 100)), ("t3d.Load(int4(0, 0, 0, 1))", (0, 0, 1, 0)),
    ("t3d[uint3(1, 0, 1)]", (1, 0, 0, 100)), ("t3d.Load(int4(0, 0, 2 * one, 0))", (0, 0, 0, 0)),
    ("t3d.Load(int4(0, 0, 0, 0), int3(1, 1, 1))", (1, 1, 0, 100)), ("t3d.mips[1][uint3(0, 0, 0)]", (0, 0, 1, 0)),
    ("buf.Load(2)", (2, 0, 0, 0)), ("buf[3]", (3, 0, 0, 0)), ("buf.Load(4 * one)", (0, 0, 0, 0)),
    ("buf[9 * one]", (0, 0, 0, 0)),
]
#: (statements leaving the result in r, expected float4)
DIMENSION_ROWS = [
    ("t2d.GetDimensions(0, w, h, l); r = float4(w, h, l, 0);", (4, 2, 2, 0)),
    ("t2d.GetDimensions(1, w, h, l); r = float4(w, h, l, 0);", (2, 1, 2, 0)),
    ("t2d.GetDimensions(5 * one, w, h, l); r = float4(w, h, l, 0);", (0, 0, 2, 0)),
    ("t2d.GetDimensions(w, h); r = float4(w, h, 0, 0);", (4, 2, 0, 0)),
    ("t2d.GetDimensions(one, fw, fh, fl); r = float4(fw, fh, fl, 0);", (2, 1, 2, 0)),
    ("t2d.GetDimensions(fw, fh); r = float4(fw, fh, 0, 0);", (4, 2, 0, 0)),
    ("t2da.GetDimensions(0, w, h, e, l); r = float4(w, h, e, l);", (4, 2, 3, 2)),
    ("t2da.GetDimensions(w, h, e); r = float4(w, h, e, 0);", (4, 2, 3, 0)),
    ("t2da.GetDimensions(1, fw, fh, fe, fl); r = float4(fw, fh, fe, fl);", (2, 1, 3, 2)),
    ("t2da.GetDimensions(2 * one, w, h, e, l); r = float4(w, h, e, l);", (0, 0, 0, 2)),
    ("t3d.GetDimensions(0, w, h, d, l); r = float4(w, h, d, l);", (2, 2, 2, 2)),
    ("t3d.GetDimensions(1, w, h, d, l); r = float4(w, h, d, l);", (1, 1, 1, 2)),
    ("t3d.GetDimensions(fw, fh, fd); r = float4(fw, fh, fd, 0);", (2, 2, 2, 0)),
    ("buf.GetDimensions(w); r = float4(w, 0, 0, 0);", (4, 0, 0, 0)),
    ("tcube.GetDimensions(0, w, h, l); r = float4(w, h, l, 0);", (2, 2, 1, 0)),
    ("tcube.GetDimensions(w, h); r = float4(w, h, 0, 0);", (2, 2, 0, 0)),
    ("ums.GetDimensions(w, h, s); r = float4(w, h, s, 0);", (0, 0, 0, 0)),
    ("unbound.GetDimensions(0, w, h, l); r = float4(w, h, l, 0);", (0, 0, 0, 0)),
    ("rwt.GetDimensions(w, h); r = float4(w, h, 0, 0);", (3, 2, 0, 0)),
    ("sb.GetDimensions(w, s); r = float4(w, s, 0, 0);", (3, 8, 0, 0)),
    ("bab.GetDimensions(w); r = float4(w, 0, 0, 0);", (64, 0, 0, 0)),
]


def _load_text() -> str:
    rows = LOAD_ROWS + DIMENSION_ROWS
    n = len(rows) + 1
    body = [f"    uo[{i}] = {e};" for i, (e, _) in enumerate(LOAD_ROWS)]
    body += [f"    {{ {e} uo[{len(LOAD_ROWS) + j}] = r; }}" for j, (e, _) in enumerate(DIMENSION_ROWS)]
    body.append(f"    uint w0; uo.GetDimensions(w0); uo[{n - 1}] = float4(w0, 0, 0, 0);")
    probes = [f"probe uav 0 ({i}) rgba ({', '.join(str(float(v)) for v in exp)})" for i, (_, exp) in enumerate(rows)]
    probes.append(f"probe uav 0 ({n - 1}) rgba ({float(n)}, 0.0, 0.0, 0.0)")
    return f"""[require]
shader model >= 5.0

[uav 0]
format r32g32b32a32-float
size (buffer, {n})
{' '.join(['0.0'] * (4 * n))}

[uav 1]
format r32g32b32a32-float
size (2d, 3, 2)
{' '.join(['0.0'] * 24)}

[uav 2]
stride 8
size (buffer, 3)
0 0 0 0 0 0

[uav 3]
format r32-typeless
size (raw_buffer, 16)
{' '.join(['0'] * 16)}

[srv 0]
size (2d, 4, 2)
levels 2
{_tex(4, 2, 2)}

[srv 1]
size (2darray, 4, 2, 3)
levels 2
{_tex(4, 2, 2, layers=3)}

[srv 2]
size (3d, 2, 2, 2)
levels 2
{_tex(2, 2, 2, depth=2)}

[srv 3]
format r32g32b32a32-float
size (buffer, 4)
0.0 0.0 0.0 0.0 1.0 0.0 0.0 0.0 2.0 0.0 0.0 0.0 3.0 0.0 0.0 0.0

[srv 4]
size (cube, 2)
{' '.join(['1.0'] * (4 * 4 * 6))}

[compute shader]
RWBuffer<float4> uo : register(u0);
RWTexture2D<float4> rwt : register(u1);
RWStructuredBuffer<uint2> sb : register(u2);
RWByteAddressBuffer bab : register(u3);
Texture2D t2d : register(t0);
Texture2DArray t2da : register(t1);
Texture3D t3d : register(t2);
Buffer<float4> buf : register(t3);
TextureCube tcube : register(t4);
Texture2DMS<float4> ums : register(t5);
Texture2D unbound : register(t6);
uniform int one;
    [numthreads(1, 1, 1)]
void main()
{{
    uint w, h, l, e, d, s;
    float fw, fh, fl, fe, fd;
    float4 r;
{chr(10).join(body)}
}}

[test]
uniform 0 int 1
dispatch 1 1 1
{chr(10).join(probes)}
"""


def test_load_getdimensions_every_object():
    assert probe_failures(shader_test_blocks(_load_text())) == []


#: (expression, pixel, expected (level-0 texels read (x, y, 0, 0) as their channel values below))
SAMPLE_ROWS = [
    ("t0.SampleLevel(s, float2(0.375, 0.125), 0)", (0, 0), (1, 0, 0, 0)),
    ("t0.SampleLevel(s, float2(0.375, 0.125), 1)", (0, 0), (0, 0, 1, 0)),
    ("t0.SampleLevel(s, float2(0.375, 0.125), 0, int2(1, 1))", (0, 0), (2, 1, 0, 0)),
    ("t0.SampleLevel(s, float2(0.375, 0.125), 0, int2(-2, 0))", (0, 0), (3, 0, 0, 0)),
    ("t0.Sample(s, pos.xy / 4)", (0, 0), (0, 0, 0, 0)), ("t0.Sample(s, pos.xy / 4)", (1, 0), (1, 0, 0, 0)),
    ("t0.Sample(s, pos.xy / 2)", (0, 0), (0, 0, 1, 0)), ("t0.Sample(s, pos.xy / 2)", (1, 0), (1, 0, 1, 0)),
    ("t0.Sample(s, pos.xy / 4, int2(-1, 0))", (1, 0), (0, 0, 0, 0)),
    ("t0.Sample(s, pos.xy / 4, int2(0, 2))", (1, 1), (1, 3, 0, 0)),
    ("t0.SampleBias(s, pos.xy / 4, 1.0)", (1, 0), (0, 0, 1, 0)),
    ("t0.SampleBias(s, pos.xy / 4, 1.0)", (3, 0), (1, 0, 1, 0)),
    ("t0.SampleBias(s, pos.xy / 4, 1.0, int2(1, 0))", (1, 0), (1, 0, 1, 0)),
    ("t0.SampleGrad(s, float2(0.375, 0.125), float2(0.5, 0), float2(0, 0.5))", (0, 0), (0, 0, 1, 0)),
    ("t0.SampleGrad(s, float2(0.375, 0.125), float2(0.5, 0), float2(0, 0.5), int2(1, 0))", (0, 0), (1, 0, 1, 0)),
    ("t0.SampleGrad(s, float2(0.375, 0.125), float2(0.25, 0), float2(0, 0.25))", (0, 0), (1, 0, 0, 0)),
]
#: (expression, pixel, expected float4 as is)
GATHER_ROWS = [
    ("t0.Gather(s, float2(0.5, 0.5))", (0, 0), (21, 22, 12, 11)),
    ("t0.GatherRed(s, float2(0.5, 0.5))", (0, 0), (21, 22, 12, 11)),
    ("t0.Gather(s, float2(0.5, 0.5), int2(1, 0))", (0, 0), (22, 23, 13, 12)),
    ("t0.GatherGreen(s, float2(0.5, 0.5))", (0, 0), (121, 122, 112, 111)),
    ("t0.GatherBlue(s, float2(0.5, 0.5), int2(-1, -1))", (0, 0), (210, 211, 201, 200)),
    ("t0.GatherAlpha(s, float2(0.5, 0.5))", (0, 0), (7, 7, 7, 7)),
    ("t0.GatherRed(s, float2(0.5, 0.5), int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1))", (0, 0), (21, 23, 22, 22)),
    ("t0.GatherGreen(s, float2(0.5, 0.5), int2(-1, 0), int2(0, 0), int2(0, 0), int2(0, -1))", (0, 0),
     (120, 122, 112, 101)),
    # a run-time offset (gather4_po): its low 6 bits, signed (gather4_po page: range -32..31); o = (1, 63)
    ("t0.Gather(s, float2(0.5, 0.5), int2(o.x, 0))", (0, 0), (22, 23, 13, 12)),
    ("t0.Gather(s, float2(0.5, 0.5), int2(o.y, 0))", (0, 0), (20, 21, 11, 10)),
    ("t1.SampleCmpLevelZero(cs, float2(0.375, 0.125), 0.05).xxxx", (0, 0), (1, 1, 1, 1)),
    ("t1.SampleCmpLevelZero(cs, float2(0.375, 0.125), 0.05, int2(-1, 0)).xxxx", (0, 0), (0, 0, 0, 0)),
    ("t1.SampleCmp(cs, pos.xy / 4, 0.05).xxxx", (1, 0), (1, 1, 1, 1)),
    ("t1.SampleCmp(cs, pos.xy / 4, 0.05, int2(-1, 0)).xxxx", (1, 0), (0, 0, 0, 0)),
    ("t1.GatherCmp(cs, float2(0.5, 0.5), 0.5)", (0, 0), (1, 1, 0, 0)),
    ("t1.GatherCmpRed(cs, float2(0.5, 0.5), 0.5)", (0, 0), (1, 1, 0, 0)),
    ("t1.GatherCmp(cs, float2(0.5, 0.5), 0.5, int2(0, -1))", (0, 0), (0, 0, 0, 0)),
    ("t1.GatherCmpRed(cs, float2(0.5, 0.5), 0.5, int2(0, 0), int2(0, 0), int2(1, 0), int2(-1, 0))", (0, 0),
     (1, 1, 0, 0)),
]


def _texel0(x: int, y: int) -> tuple:
    return (x + 10 * y, 100 + x + 10 * y, 200 + x + 10 * y, 7)


def _sample_text() -> str:
    def level(lv: int, w: int, h: int) -> str:
        rows = []
        for y in range(h):
            rows.append("    ".join(" ".join(str(float(c)) for c in
                                            (_texel0(x, y) if lv == 0 else (x, y, lv, 0))) for x in range(w)))
        return "\n".join(rows)

    rows = SAMPLE_ROWS + GATHER_ROWS
    cases = "\n".join(f"        case {i}: return {e};" for i, (e, _, _) in enumerate(rows))
    tests = []
    for i, (_e, px, exp) in enumerate(rows):
        if i < len(SAMPLE_ROWS) and exp[2] == 0:
            exp = _texel0(exp[0], exp[1])
        tests.append(f"[test]\nuniform 0 int {i}\ndraw quad\nprobe ({px[0]}, {px[1]}) rgba "
                     f"({', '.join(str(float(v)) for v in exp)})\n")
    shadow = "\n".join("    ".join(str((x + 4 * y) / 16) for x in range(4)) for y in range(4))
    return f"""[require]
shader model >= 5.0

[rtv 0]
format r32g32b32a32-float
size (2d, 4, 4)

[sampler 0]
filter point point point
address wrap wrap wrap

[sampler 1]
filter point point point
address clamp clamp clamp
comparison less

[srv 0]
size (2d, 4, 4)
levels 3
{level(0, 4, 4)}
{level(1, 2, 2)}
{level(2, 1, 1)}

[srv 1]
format r32-float-shadow
size (2d, 4, 4)
{shadow}

[pixel shader]
Texture2D t0 : register(t0);
Texture2D t1 : register(t1);
SamplerState s : register(s0);
SamplerComparisonState cs : register(s1);
uniform int sel;
uniform int2 o;
float4 main(float4 pos : sv_position) : sv_target
{{
    switch (sel)
    {{
{cases}
        default: return -1;
    }}
}}

[test]
uniform 1 int 1
uniform 2 int 63
""" + "\n".join(tests)


def test_sample_gather_compare_families():
    assert probe_failures(shader_test_blocks(_sample_text())) == []


UAV_TEST = """[require]
shader model >= 5.0

[uav 0]
format r32-typeless
size (raw_buffer, 16)
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16

[uav 1]
stride 12
size (buffer, 3)
100 101 102 103 104 105 106 107 108

[uav 2]
format r32-uint
size (buffer, 20)
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0

[uav 3]
format r32-uint
size (2d, 2, 2)
0 0 0 0

[compute shader]
RWByteAddressBuffer b : register(u0);
struct S { uint a; uint2 bc; };
RWStructuredBuffer<S> sb : register(u1);
RWBuffer<uint> o : register(u2);
RWTexture2D<uint> t : register(u3);
uniform uint one;
    [numthreads(1, 1, 1)]
void main()
{
    uint4 l4 = b.Load4(4);
    uint3 l3 = b.Load3(32);
    uint2 l2 = b.Load2(56);
    o[0] = l4.x; o[1] = l4.w; o[2] = l3.z; o[3] = l2.y;
    o[4] = b.Load(60 + 4 * one);
    o[5] = b.Load4(56).z;
    o[6] = sb[1].bc.y;
    o[7] = sb[3 * one].a;
    o[8] = b.Load(8 * one);
    o[11] = b.Load4(52 * one).y;
    b.Store4(16, uint4(50, 51, 52, 53));
    b.Store3(36, uint3(60, 61, 62));
    b.Store2(60, uint2(70, 71));
    b.Store(0, 80);
    b.Store(64 * one, 81);
    sb[2].bc = uint2(90, 91);
    sb[3 * one].a = 99;
    o[100 * one] = 5;
    t[uint2(2, 0) * one] = 7;
    t[uint2(0, 2) * one] = 9;
    t[uint2(1, 1)] = 8;
    uint w;
    sb.GetDimensions(w, o[9]);
    o[10] = w;
}

[test]
uniform 0 uint 1
dispatch 1 1 1
probe uav 2 (0) u32(2)
probe uav 2 (1) u32(5)
probe uav 2 (2) u32(11)
probe uav 2 (3) u32(16)
probe uav 2 (4) u32(0)
probe uav 2 (5) u32(0)
probe uav 2 (6) u32(105)
probe uav 2 (7) u32(0)
probe uav 2 (8) u32(3)
probe uav 2 (9) u32(12)
probe uav 2 (10) u32(3)
probe uav 2 (11) u32(15)
probe uav 2 (19) u32(0)
probe uav 0 (0) u32(80)
probe uav 0 (1) u32(2)
probe uav 0 (4) u32(50)
probe uav 0 (7) u32(53)
probe uav 0 (8) u32(9)
probe uav 0 (9) u32(60)
probe uav 0 (11) u32(62)
probe uav 0 (12) u32(13)
probe uav 0 (14) u32(15)
probe uav 0 (15) u32(70)
probe uav 1 (6) u32(106)
probe uav 1 (7) u32(90)
probe uav 1 (8) u32(91)
probe uav 3 (0, 0) u32(0)
probe uav 3 (1, 0) u32(0)
probe uav 3 (0, 1) u32(0)
probe uav 3 (1, 1) u32(8)
"""


def test_raw_structured_typed_uav_widths_and_bounds():
    """Load2/3/4 and Store2/3/4 per word; out-of-range words read 0 ("Out of bounds addressing on u#/t# of any
    given 32-bit component returns 0 for that component": ld_raw page) and are not written (store_raw page)."""
    assert probe_failures(shader_test_blocks(UAV_TEST)) == []


ORDER_TEST = """[require]
shader model >= 4.0

[srv 0]
size (2d, 1, 1)
0.0 0.0 0.0 0.0

[srv 1]
size (2d, 1, 1)
1.0 1.0 1.0 1.0

[srv 2]
size (2d, 1, 1)
2.0 2.0 2.0 2.0

[srv 3]
size (2d, 1, 1)
3.0 3.0 3.0 3.0

[pixel shader]
Texture2D unused0;
Texture2D tb;
Texture2D unused1;
Texture2D ta;
float4 main() : sv_target
{
    return float4(ta.Load(int3(0, 0, 0)).x, tb.Load(int3(0, 0, 0)).x, 0, 0);
}

[test]
draw quad
probe (0, 0) rgba (1.0, 0.0, 0.0, 0.0)

[pixel shader]
Texture2D t0 : register(t1);
Texture2D tx;
Texture2D ty;
float4 main() : sv_target
{
    return float4(ty.Load(int3(0, 0, 0)).x, tx.Load(int3(0, 0, 0)).x, t0.Load(int3(0, 0, 0)).x, 0);
}

[test]
draw quad
probe (0, 0) rgba (2.0, 0.0, 1.0, 0.0)

[pixel shader]
Texture2D ta;
Texture2D tb;
Texture2D tc[2];
float4 main() : sv_target
{
    return float4(tc[1].Load(int3(0, 0, 0)).x, tb.Load(int3(0, 0, 0)).x, 0, 0);
}

[test]
draw quad
probe (0, 0) rgba (2.0, 0.0, 0.0, 0.0)
"""


def test_texture_register_order_with_unused_declarations():
    for sm in ("4", "5"):
        assert probe_failures(shader_test_blocks(ORDER_TEST, sm)) == []


#: a read-only object refuses every writing method and every write: ByteAddressBuffer's page lists GetDimensions
#: and Load/Load2/3/4 only (the Store forms were an assembler crash before session 18: "u-1" operand), and the
#: atomics and assignments through SRVs are fxc's X3025 "l-value specifies const object"
READ_ONLY_WRITES = [
    # fxc 10.1: "ByteAddressBuffer<uint> object does not have method 'Store'" (X3088; recorded under Wine, session 35)
    ("ByteAddressBuffer b;", "b.Store(0, 1);", "X3088"), ("ByteAddressBuffer b;", "b.Store2(0, uint2(1, 2));", "X3088"),
    ("ByteAddressBuffer b;", "b.Store3(0, uint3(1, 2, 3));", "X3088"), ("ByteAddressBuffer b;", "b.Store4(0, 1);", "X3088"),
    ("ByteAddressBuffer b;", "uint o; b.InterlockedAdd(0, 1, o);", "X3025"),
    ("StructuredBuffer<uint> b;", "b[0] = 1;", "X3025"), ("StructuredBuffer<uint> b;", "InterlockedAdd(b[0], 1);", "X3549"),
    # an SRV element as an atomic's destination: fxc 10.1's X3549 "interlocked targets must be groupshared or UAV
    # elements" (Wine, session 42; X3025 was inferred), after the type rules
    ("Buffer<uint> b;", "InterlockedAdd(b[0], 1);", "X3549"), ("Texture2D<uint> b;", "b[uint2(0, 0)] = 1;", "X3025"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("decl", "stmt", "code"), READ_ONLY_WRITES)
def test_read_only_objects_refuse_writes(decl, stmt, code):
    src = f"{decl}\nfloat4 main() : sv_target\n{{\n    {stmt}\n    return 0;\n}}\n"
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert code in e.value.errors, e.value.errors


@pytest.mark.backend_independent
def test_rw_byte_address_buffer_keeps_its_stores():
    src = "RWByteAddressBuffer b;\nfloat4 main() : sv_target\n{\n    b.Store2(0, uint2(1, 2));\n    return 0;\n}\n"
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
