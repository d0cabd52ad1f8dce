"""Session 18, helper MU8: rules of the library target and the linker that the seed-23 mutation sample showed
unpinned (shader/hlsl/library.py, shader/linker.py). Each expected value comes from the rule's definition:
d3dcommon.h's D3D_SHADER_INPUT_TYPE (which register set a resource kind lives in), D3D11_PARAMETER_DESC's
Rows / Columns (1 to 4: HLSL has no larger vector or matrix), ID3D11ModuleInstance::Bind*'s slot ranges, and
library.py's documented blob layout (a function's wrapper takes the in / inout parameters as inputs)."""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403 - D3D11_PARAMETER_DESC
from pyd3d11.d3dcompiler import (
    D3DCompile,
    D3DCreateFunctionLinkingGraph,
    D3DCreateLinker,
    D3DLoadModule,
    D3DReflect,
)
from pyd3d11.errors import S_FALSE, S_OK, D3D11Error
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.hlsl.library import read_library

F_IN, F_OUT = 1, 2
SVT_FLOAT = 3
SVC_VECTOR, SVC_ROWS, SVC_COLUMNS = 1, 2, 3


def compile_lib(src: str, target: str = "lib_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "lib.hlsl", None, None, None, target, 0, 0))


def pdesc(name, sem, cols, flags, cls=SVC_VECTOR, rows=1):
    return D3D11_PARAMETER_DESC(Name=name, SemanticName=sem, Type=SVT_FLOAT, Class=cls, Rows=rows, Columns=cols,
                                InterpolationMode=0, Flags=flags)


@pytest.mark.backend_independent
@pytest.mark.parametrize("cls", [SVC_ROWS, SVC_COLUMNS])
@pytest.mark.parametrize("rows, cols, ok", [(4, 4, True), (1, 4, True), (4, 1, True), (5, 4, False), (4, 5, False),
                                            (0, 4, False), (4, 0, False), (5, 5, False)])
def test_matrix_descriptions_have_one_to_four_rows_and_columns(cls, rows, cols, ok):
    """A matrix value has 1..4 rows and 1..4 columns (HLSL's matrix types); a description beyond that describes
    no value: E_INVALIDARG, whichever of the two is out of range."""
    g = D3DCreateFunctionLinkingGraph(0)
    d = pdesc("m", "TEXCOORD", cols, F_IN, cls=cls, rows=rows)
    if ok:
        assert g.SetInputSignature([d], 1)
    else:
        with pytest.raises(D3D11Error) as e:
            g.SetInputSignature([d], 1)
        assert e.value.name == "E_INVALIDARG"


#: D3D_SHADER_INPUT_TYPE (d3dcommon.h) -> the register set the resource is bound in: constant buffers b,
#: tbuffers / textures / (byte-address) structured buffers t, samplers s, every UAV kind u
RESOURCE_KINDS = [
    ("cbuffer CB { float4 k; };", "k.x", "b"),
    ("tbuffer TB { float4 tk; };", "tk.x", "t"),
    ("Buffer<float> r;", "r[i]", "t"),
    ("StructuredBuffer<float> r;", "r[i]", "t"),
    ("ByteAddressBuffer r;", "asfloat(r.Load(i * 4))", "t"),
    ("RWBuffer<float> r;", "r[i]", "u"),
    ("RWStructuredBuffer<float> r;", "r[i]", "u"),
    ("RWByteAddressBuffer r;", "asfloat(r.Load(i * 4))", "u"),
    ("AppendStructuredBuffer<float> r;", "(r.Append(1.0), 0.0)", "u"),
    ("ConsumeStructuredBuffer<float> r;", "r.Consume()", "u"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl, use, kind", RESOURCE_KINDS, ids=[k[0].split()[0] for k in RESOURCE_KINDS])
def test_library_resources_rebind_in_their_register_set(decl, use, kind):
    """ID3D11ModuleInstance rebinds a UAV of any kind with BindUnorderedAccessView, a shader resource with
    BindResource, a constant buffer with BindConstantBuffer; the other register sets have no such slot
    (S_FALSE)."""
    if "Append" in decl:
        src = f"{decl}\nexport void F(uint i) {{ r.Append(float(i)); }}"
    else:
        src = f"{decl}\nexport float F(uint i) {{ return {use}; }}"
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    want = {k: (S_OK if k == kind else S_FALSE) for k in "btu"}
    assert inst.BindConstantBuffer(0, 3, 0) == want["b"]
    assert inst.BindResource(0, 3, 1) == want["t"]
    assert inst.BindUnorderedAccessView(0, 3, 1) == want["u"]
    name = "CB" if kind == "b" else "TB" if decl.startswith("tbuffer") else "r"
    by_name = {"b": inst.BindConstantBufferByName, "t": inst.BindResourceByName,
               "u": inst.BindUnorderedAccessViewByName}
    for k, call in by_name.items():
        args = (name, 4, 0) if k == "b" else (name, 4, 1)
        assert call(*args) == want[k], k


@pytest.mark.backend_independent
def test_function_blob_inputs_are_the_in_and_inout_parameters():
    """library.py's blob layout: a function's PLBF wrapper reads the function's in and inout parameters from
    its input signature (one element each) and writes the return value, out and inout parameters to its
    output signature; an out parameter is no input."""
    src = "export float F(float a, out float b, inout float2 c, out float4 d, float3 e) { b = a; d = 1; c += e.xy; return a; }"
    lib = read_library(compile_lib(src))
    assert lib is not None
    desc = D3DReflect(lib.functions[0].blob).GetDesc()
    assert (desc.InputParameters, desc.OutputParameters) == (3, 4)  # a, c, e / return, b, c, d


@pytest.mark.backend_independent
@pytest.mark.parametrize("src_slot, count, want", [(0, 1, S_FALSE), (0, 2, S_OK), (1, 1, S_OK), (2, 1, S_FALSE),
                                                   (0, 3, S_OK), (2, 2, S_FALSE)])
def test_a_bind_range_rebinds_when_any_slot_of_it_is_the_libraries(src_slot, count, want):
    """BindResource(src, dst, count) covers source slots src .. src + count - 1: S_OK when the library uses any of
    them (here only t1), S_FALSE when none."""
    src = "Texture2D tex : register(t1); SamplerState s;\nexport float4 F(float2 uv) { return tex.SampleLevel(s, uv, 0); }"
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    assert inst.BindResource(src_slot, 4, count) == want


@pytest.mark.backend_independent
def test_a_bind_range_moves_the_slot_inside_it():
    """A range bound from t0 with count 2 moves the library's t1 to the destination's second slot."""
    src = "Texture2D tex : register(t1); SamplerState s;\nexport float4 F(float2 uv : TEXCOORD0) : SV_Target { return tex.SampleLevel(s, uv, 0); }"
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    assert inst.BindResource(0, 6, 2) == S_OK and inst.BindSampler(0, 0, 1) == S_OK
    ps = bytes(D3DCreateLinker().Link(inst, "F", "ps_5_0", 0))
    r = D3DReflect(ps)
    binds = {r.GetResourceBindingDesc(i).Name: r.GetResourceBindingDesc(i).BindPoint for i in range(r.GetDesc().BoundResources)}
    assert binds["tex"] == 7


@pytest.mark.backend_independent
def test_optional_arguments_default_to_zero():
    """The Python binding's defaults are the documented neutral values: cbDstOffset 0 (the buffer at the start of
    the destination), D3DCreateFunctionLinkingGraph's reserved uFlags 0."""
    src = "cbuffer C { float4 k; };\nexport float4 F() { return k; }"
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    assert inst.BindConstantBuffer(0, 5) == S_OK
    assert inst.BindConstantBufferByName("C", 5) == S_OK
    g = D3DCreateFunctionLinkingGraph()
    assert g.SetInputSignature([pdesc("p", "TEXCOORD", 4, F_IN)], 1)


@pytest.mark.backend_independent
def test_a_link_without_libraries_compiles_without_debug_information():
    """A graph of signatures alone links with no library: the link's compile flags are the libraries' meaning
    flags, none here -- in particular no D3DCOMPILE_DEBUG (which would add the debug chunk)."""
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc(None, "POSITION0", 4, F_IN)], 1)
    o = g.SetOutputSignature([pdesc(None, "SV_POSITION", 4, F_OUT)], 1)
    g.PassValue(i, 0, o, 0)
    vs = bytes(D3DCreateLinker().Link(g.CreateModuleInstance(), "main", "vs_5_0", 0))
    fourccs = [c.fourcc for c in parse_container(vs)]
    assert "SHEX" in fourccs and "PYDB" not in fourccs
