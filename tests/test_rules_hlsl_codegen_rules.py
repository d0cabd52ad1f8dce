"""Code-generation rules of the HLSL compiler that no other table pinned (found as survivors of codegen.py's mutation
run, scripts/mutate.py): dynamic indexing by values outside temps, the domain shader's output signature, the patch
size range, and where texture buffers bind.

Sources, per table: MicrosoftDocs direct3dhlsl "Array indexing" (any integer expression indexes an array; the SM4/5
relative index operand is a temp component, so a constant-buffer or input value is copied to one first — the value
read must not change); "Domain Shader" / "Shader Signatures" (a domain shader's outputs are its return value and its
``out`` parameters, each with its semantic); "InputPatch"/"OutputPatch" (``N``: 1 to 32 control points);
"register" and "Shader Constants" (``tbuffer`` lives in the ``t`` register set, ``cbuffer`` in ``b``: separate sets,
so a texture buffer never takes a constant buffer's slot; an unbound buffer gets the lowest free slot of its set)."""

from __future__ import annotations

import struct

import pytest
from test_rules_hlsl_types import run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str, target: str, entry: str = "main") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, entry, target)


# --- dynamic indexing by a value that is not in a temp register -------------------------------------------------
#: the index comes from the constant buffer (cb1: J = 0, 1, 2, 3 in four dwords); each expression reads the element
#: J of an array whose element k is 10 * (k + 1) (+ k for the matrix rows); expected = that element
DYN_DECLS = """cbuffer D : register(b1) { uint J0; uint J1; uint J2; uint J3; uint4 tab[4]; };
static const uint stab[4] = { 10, 20, 30, 40 };
uint loc(uint j) { uint a[4] = { 10, 20, 30, 40 }; return a[j]; }
"""
DYN_CB = struct.pack("<4I", 0, 1, 2, 3) + struct.pack("<16I", *[10 * (k + 1) + (c if c else 0)
                                                                 for k in range(4) for c in range(4)])
DYN_CASES = [(f"loc(J{j})", 10 * (j + 1)) for j in range(4)] + \
            [(f"stab[J{j}]", 10 * (j + 1)) for j in range(4)] + \
            [(f"tab[J{j}].y", 10 * (j + 1) + 1) for j in range(4)] + \
            [(f"tab[J{j}][J{3 - j}]", 10 * (j + 1) + (3 - j)) for j in range(4)]


def test_dynamic_index_from_constant_buffer_values():
    out = run_words([e for e, _ in DYN_CASES], DYN_DECLS, cb1=DYN_CB)
    assert [int(w) for w in out] == [v for _, v in DYN_CASES]


# --- the domain shader's output signature: return value and out parameters ----------------------------------------
DS_HEAD = """struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
"""
DS_CASES = [
    # (entry, expected output signature: (semantic, index) in order)
    ("""[domain("tri")] float4 main(PC p, float3 uvw : SV_DomainLocation, OutputPatch<CP, 3> op,
        out float2 tc : TEXCOORD3) : SV_Position { tc = uvw.xy; return op[0].pos * uvw.x; }""",
     [("SV_Position", 0), ("TEXCOORD", 3)]),
    ("""[domain("tri")] void main(PC p, float3 uvw : SV_DomainLocation, OutputPatch<CP, 3> op,
        out float4 pos : SV_Position, out float c : COLOR1) { pos = op[1].pos; c = uvw.z; }""",
     [("SV_Position", 0), ("COLOR", 1)]),
    # an early return: every path writes the outputs
    ("""[domain("tri")] float4 main(PC p, float3 uvw : SV_DomainLocation, OutputPatch<CP, 3> op,
        out float f : FOG) : SV_Position { f = 1; if (uvw.x > 0.5) return op[0].pos; f = 2; return op[2].pos; }""",
     [("SV_Position", 0), ("FOG", 0)]),
]


@pytest.mark.parametrize("entry,sig", DS_CASES)
def test_domain_shader_outputs_are_return_and_out_parameters(entry, sig):
    refl = D3DReflect(_compile(DS_HEAD + entry, "ds_5_0"))
    n = refl.GetDesc().OutputParameters
    got = sorted((refl.GetOutputParameterDesc(i).SemanticName, refl.GetOutputParameterDesc(i).SemanticIndex)
                 for i in range(n))
    assert got == sorted(sig)


# --- InputPatch / OutputPatch sizes: 1..32 ------------------------------------------------------------------------
def _hs(n: int) -> str:
    return f"""struct CP {{ float4 pos : POSITION; }};
struct PC {{ float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; }};
PC pc(InputPatch<CP, {n}> ip) {{ PC o; o.e[0] = o.e[1] = o.e[2] = o.e[3] = ip[0].pos.x; o.i[0] = o.i[1] = 1; return o; }}
[domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(4)] [patchconstantfunc("pc")]
CP main(InputPatch<CP, {n}> ip, uint i : SV_OutputControlPointID) {{ return ip[0]; }}"""


@pytest.mark.parametrize("n", [1, 2, 16, 31, 32])
def test_patch_sizes_in_range_compile(n):
    blob = _compile(_hs(n), "hs_5_0")
    assert D3DReflect(blob).GetDesc().InputParameters == 1
    assert D3DReflect(blob).GetNumInterfaceSlots() == 0


@pytest.mark.parametrize("n", [33, 64])
def test_patch_sizes_beyond_32_are_refused(n):
    with pytest.raises(ShaderCompileError):
        _compile(_hs(n), "hs_5_0")


# --- texture buffers bind in the t set; constant buffers in the b set ----------------------------------------------
TBUFFER_CASES = [
    # (declarations, used names, expected {name: bind point})
    ("tbuffer T { float4 x; };", "x", {"T": 0}),                                          # lowest free t#
    ("Texture2D tex : register(t0); tbuffer T { float4 x; };", "x + tex.Load(int3(0, 0, 0))", {"T": 1, "tex": 0}),
    ("tbuffer T : register(t0) { float4 x; }; cbuffer C { float4 y; };", "x + y", {"T": 0, "C": 0}),
    ("tbuffer T : register(t1) { float4 x; }; cbuffer C { float4 y; }; cbuffer E { float4 z; };", "x + y + z",
     {"T": 1, "C": 0, "E": 1}),
    ("cbuffer C : register(b0) { float4 y; }; tbuffer T { float4 x; };", "x + y", {"T": 0, "C": 0}),
]


@pytest.mark.parametrize("decls,use,binds", TBUFFER_CASES)
def test_tbuffer_and_cbuffer_register_sets(decls, use, binds):
    src = decls + f"\nfloat4 main() : SV_Target {{ return {use}; }}"
    refl = D3DReflect(_compile(src, "ps_5_0"))
    for name, slot in binds.items():
        assert refl.GetResourceBindingDescByName(name).BindPoint == slot, name


# --- static globals without an initialiser are zero ------------------------------------------------------------------
#: MicrosoftDocs direct3dhlsl "Variable Syntax" (static: "If the declaration does not include an initializer, the
#: value is set to zero"); read before any write, each kind of static global gives 0
STATIC_ZERO = ["(uint)sz", "asuint(sv.x) | asuint(sv.w)", "(uint)sb", "(uint)(sm._m11 + sm._m00)", "sa[2]",
               "(uint)ss.b.y"]
STATIC_DECLS = """struct SS { float a; int2 b; };
static uint sz; static float4 sv; static bool sb; static float2x2 sm; static uint sa[3]; static SS ss;
"""


def test_static_globals_without_initialiser_are_zero():
    assert [int(w) for w in run_words(STATIC_ZERO, STATIC_DECLS)] == [0] * len(STATIC_ZERO)


# --- session 10 survivors (mutate.py seed 6) ---------------------------------------------------------------------
# A groupshared array of scalars is declared structured with a 4-byte stride and one element per scalar: fxc's
# listings in ../shared/conformance/dxbc-corpus (ComputeShaderSort11 BitonicSort, ``groupshared unsigned int
# shared_data[512]`` -> ``dcl_tgsm_structured g0, 4, 512``; HDRToneMappingCS11 ReduceTo1DCS, ``groupshared float
# accum[...]`` -> ``dcl_tgsm_structured g0, 4, ...``)
@pytest.mark.parametrize(("decl", "n"), [("uint shared_data[512]", 512), ("float accum[64]", 64), ("int k[3]", 3)])
def test_groupshared_scalar_array_is_structured_stride_4(decl, n):
    from pyd3d11.shader.dxbc.disasm import disassemble

    name = decl.split()[1].split("[")[0]
    src = (f"groupshared {decl}; RWBuffer<float> o;\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) "
           f"{{ {name}[i] = i; GroupMemoryBarrierWithGroupSync(); o[i] = {name}[0]; }}")
    text = disassemble(bytes(_compile(src, "cs_5_0")))
    assert f"dcl_tgsm_structured g0, 4, {n}" in text.splitlines(), text


# An array dimension is any positive literal: a one-element local array compiles and holds its element
# (MicrosoftDocs "Variable Syntax": ``[Array_Size]``)
def test_one_element_local_array():
    out = run_words(["one(5u)", "one(9u)"], "uint one(uint v) { uint a[1]; a[0] = v * 2; return a[0] + 1; }")
    assert [int(w) for w in out] == [11, 19]
