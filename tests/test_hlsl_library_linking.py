"""Shader libraries and linking (issue 15): D3DCompile for lib_4_0 / lib_4_1 / lib_5_0, D3DReflectLibrary,
D3DLoadModule, ID3D11ModuleInstance rebinding, ID3D11FunctionLinkingGraph and ID3D11Linker.

Expected values come from the MicrosoftDocs pages (D3D11_LIBRARY_DESC, D3D11_FUNCTION_DESC,
D3D11_PARAMETER_DESC: every parameter's name, semantic, type, class, rows, columns, interpolation mode and
in/out flags read off the HLSL declarations below; "Packaging a shader library" and "Constructing a
function-linking-graph": the graph of the vertex and pixel shaders drawn at the end), pixels worked out by hand.
Where the pages leave a rule open, the rule pyd3d11 applies is the one linker.py's docstring states.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import (
    D3D_RETURN_PARAMETER_INDEX,
    D3DCompile,
    D3DCreateFunctionLinkingGraph,
    D3DCreateLinker,
    D3DLoadModule,
    D3DReflect,
    D3DReflectLibrary,
)
from pyd3d11.errors import S_FALSE, S_OK, D3D11Error, NotSupportedError
from pyd3d11.headers.guids import IID_ID3D11LibraryReflection, IID_ID3D11ShaderReflection

LIB = """
cbuffer VSConstants : register(b0) { float4 uvScale; };
cbuffer PSConstants : register(b1) { float4 tint; };
Texture2D colorMap : register(t0);
SamplerState pointSampler : register(s0);

float4 scaled(float4 v) { return v * tint; }  // not exported: a helper of ColorFunction

export float4 Homogenize(float3 v) { return float4(v, 1.0); }
export void VertexFunction(inout float4 position, inout float2 texcoord) { texcoord *= uvScale.xy; }
export float4 ColorFunction(float2 uv) { return scaled(colorMap.Sample(pointSampler, uv)); }
export float Weights(out int count, nointerpolation uint4 ids : BLENDINDICES, linear centroid float w,
                     row_major float3x2 m, bool flag) { count = 2; return flag ? w : m._11 + ids.x; }
"""

F_IN, F_OUT = 1, 2
SVT_BOOL, SVT_INT, SVT_FLOAT, SVT_UINT = 1, 2, 3, 19
SVC_SCALAR, SVC_VECTOR, SVC_ROWS, SVC_COLUMNS = 0, 1, 2, 3


def compile_lib(src: str = LIB, target: str = "lib_5_0", flags: int = 0) -> bytes:
    return bytes(D3DCompile(src, None, "lib.hlsl", None, None, None, target, flags, 0))


@pytest.fixture(scope="module")
def lib_blob() -> bytes:
    return compile_lib()


def hr(exc_info) -> str:
    return exc_info.value.name


# -- D3DCompile lib_* ------------------------------------------------------------------------------------------


@pytest.mark.backend_independent
@pytest.mark.parametrize(("target", "version"), [("lib_4_0", 0x40), ("lib_4_1", 0x41), ("lib_5_0", 0x50)])
def test_library_targets_compile_and_functions_carry_the_library_version(target, version):
    src = "export float4 Homogenize(float3 v) { return float4(v, 1.0); }"
    refl = D3DReflectLibrary(compile_lib(src, target))
    d = refl.GetFunctionByIndex(0).GetDesc()
    assert d.Version == (0xFFF0 << 16 | version)  # D3D11_SHVER_RESERVED0: the library program type
    assert d.MinFeatureLevel == {0x40: 0xA000, 0x41: 0xA100, 0x50: 0xB000}[version]


@pytest.mark.backend_independent
def test_entry_point_is_not_used_for_a_library_target():
    """A library takes a NULL entry point only: any name is X3713 with D3DERR_INVALIDCALL (d3dcompiler_47 10.1 under
    Wine, session 35: "Entry point cannot be specified for a library (mark library entry points with the export
    keyword)")."""
    src = "export float4 F(float3 v) { return float4(v, 1.0); }"
    b = bytes(D3DCompile(src, None, "l", None, None, None, "lib_5_0"))
    assert D3DReflectLibrary(b).GetDesc().FunctionCount == 1
    with pytest.raises(D3D11Error) as e:
        D3DCompile(src, None, "l", None, None, "main", "lib_5_0")
    assert hr(e) == "D3DERR_INVALIDCALL" and "X3713" in str(e.value)


@pytest.mark.backend_independent
def test_library_desc_counts_exported_functions_only(lib_blob):
    d = D3DReflectLibrary(lib_blob).GetDesc()
    assert d.FunctionCount == 4  # scaled() is not exported
    assert d.Creator  # the compiler's name
    # the library's Flags are 0 whatever the compile flags; each function carries them with NO_PRESHADER (0x100)
    refl = D3DReflectLibrary(compile_lib(LIB, flags=1 << 15))  # D3DCOMPILE_OPTIMIZATION_LEVEL3
    assert refl.GetDesc().Flags == 0
    assert refl.GetFunctionByIndex(0).GetDesc().Flags == (1 << 15) | 0x100
    # a library exporting nothing is X3501 (d3dcompiler_47 10.1, session 47; was a library of 0 functions)
    with pytest.raises(D3D11Error, match="X3501"):
        compile_lib("float f(float a) { return a; }")


@pytest.mark.backend_independent
def test_function_descs_name_parameters_and_return(lib_blob):
    refl = D3DReflectLibrary(lib_blob)
    got = [(f.Name, f.FunctionParameterCount, f.HasReturn)
           for f in (refl.GetFunctionByIndex(i).GetDesc() for i in range(4))]
    assert got == [("Homogenize", 1, True), ("VertexFunction", 2, False), ("ColorFunction", 1, True),
                   ("Weights", 5, True)]
    d = refl.GetFunctionByIndex(0).GetDesc()
    assert not d.Has10Level9VertexShader and not d.Has10Level9PixelShader
    assert d.Creator == refl.GetDesc().Creator


PARAMS = [  # function index, parameter index -> Name, SemanticName, Type, Class, Rows, Columns, Interp, Flags
    (0, 0, ("v", None, SVT_FLOAT, SVC_VECTOR, 1, 3, 0, F_IN)),
    (0, -1, ("Homogenize", None, SVT_FLOAT, SVC_VECTOR, 1, 4, 0, F_OUT)),  # named after the function
    (1, 0, ("position", None, SVT_FLOAT, SVC_VECTOR, 1, 4, 0, F_IN | F_OUT)),
    (1, 1, ("texcoord", None, SVT_FLOAT, SVC_VECTOR, 1, 2, 0, F_IN | F_OUT)),
    (3, 0, ("count", None, SVT_INT, SVC_SCALAR, 1, 1, 0, F_OUT)),
    (3, 1, ("ids", "BLENDINDICES", SVT_UINT, SVC_VECTOR, 1, 4, 1, F_IN)),  # D3D_INTERPOLATION_CONSTANT
    (3, 2, ("w", None, SVT_FLOAT, SVC_SCALAR, 1, 1, 3, F_IN)),  # LINEAR_CENTROID
    (3, 3, ("m", None, SVT_FLOAT, SVC_ROWS, 3, 2, 0, F_IN)),  # row_major: D3D_SVC_MATRIX_ROWS
    (3, 4, ("flag", None, SVT_BOOL, SVC_SCALAR, 1, 1, 0, F_IN)),
    (3, -1, ("Weights", None, SVT_FLOAT, SVC_SCALAR, 1, 1, 0, F_OUT)),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("fi", "pi", "want"), PARAMS)
def test_parameter_descs(lib_blob, fi, pi, want):
    p = D3DReflectLibrary(lib_blob).GetFunctionByIndex(fi).GetFunctionParameter(pi).GetDesc()
    assert (p.Name, p.SemanticName, p.Type, p.Class, p.Rows, p.Columns, p.InterpolationMode, p.Flags) == want


NO = 0xFFFFFFFF
REGISTERS = [  # function, parameter -> FirstInRegister, FirstInComponent, FirstOutRegister, FirstOutComponent
    (0, 0, (0, 0, NO, NO)), (0, -1, (NO, NO, 0, 0)),  # the recorded shape: one in value, the return value
    (1, 0, (0, 0, 0, 0)), (1, 1, (1, 0, 1, 0)),  # inout: on both sides
    # Weights: return out 0; count out 1; ids in 0; w in 1; m (row_major 3x2: 3 registers) in 2; flag in 5
    (3, -1, (NO, NO, 0, 0)), (3, 0, (NO, NO, 1, 0)), (3, 1, (0, 0, NO, NO)), (3, 2, (1, 0, NO, NO)),
    (3, 3, (2, 0, NO, NO)), (3, 4, (5, 0, NO, NO)),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("fi", "pi", "want"), REGISTERS)
def test_parameter_registers(lib_blob, fi, pi, want):
    p = D3DReflectLibrary(lib_blob).GetFunctionByIndex(fi).GetFunctionParameter(pi).GetDesc()
    assert (p.FirstInRegister, p.FirstInComponent, p.FirstOutRegister, p.FirstOutComponent) == want


#: the library d3dcompiler_47's answers were recorded for (thindx's documentation of ID3D11LibraryReflection,
#: ID3D11FunctionReflection and GetFunctionParameter, compiled lib_5_0 with D3DCOMPILE_DEBUG)
RECORDED = """cbuffer ExampleCBuffer { float1 scale; }
export float4 scale4(float4 v) { return v * scale; }
export float4 xyz1(float3 v) { return float4(v, 1.0); }
"""


@pytest.mark.backend_independent
def test_the_recorded_library():
    refl = D3DReflectLibrary(compile_lib(RECORDED, flags=1))  # D3DCOMPILE_DEBUG
    assert (refl.GetDesc().Flags, refl.GetDesc().FunctionCount) == (0, 2)
    scale4, xyz1 = refl.GetFunctionByIndex(0), refl.GetFunctionByIndex(1)
    d = scale4.GetDesc()
    assert d.Version == 4293918800 and d.Flags == 0x101  # Debug | NoPreshader
    got = (d.ConstantBuffers, d.BoundResources, d.InstructionCount, d.TempRegisterCount, d.TempArrayCount,
           d.DefCount, d.DclCount, d.FloatInstructionCount, d.StaticFlowControlCount, d.MovInstructionCount,
           d.MinFeatureLevel, d.RequiredFeatureFlags, d.FunctionParameterCount, d.HasReturn)
    assert got == (1, 1, 2, 0, 0, 0, 2, 1, 1, 0, 0xB000, 0, 1, True)
    assert (xyz1.GetDesc().InstructionCount, xyz1.GetDesc().ConstantBuffers, xyz1.GetDesc().BoundResources) == (3, 0, 0)
    cb = scale4.GetConstantBufferByIndex(0).GetDesc()
    assert (cb.Name, cb.Type, cb.Variables, cb.Size, cb.uFlags) == ("ExampleCBuffer", 0, 1, 16, 0)
    with pytest.raises(D3D11Error) as e:
        scale4.GetConstantBufferByIndex(1).GetDesc()
    assert hr(e) == "E_FAIL"
    b = scale4.GetResourceBindingDesc(0)
    assert (b.Name, b.Type, b.BindPoint, b.BindCount, b.uFlags, b.ReturnType, b.Dimension, b.NumSamples) == \
        ("ExampleCBuffer", 0, 0, 1, 0, 0, 0, 0)
    for bad in (100, 0xFFFFFFFF):
        with pytest.raises(D3D11Error) as e:
            scale4.GetResourceBindingDesc(bad)
        assert hr(e) == "E_INVALIDARG"
    ret, v = scale4.GetFunctionParameter(-1).GetDesc(), scale4.GetFunctionParameter(0).GetDesc()
    assert (ret.Name, ret.SemanticName, ret.Flags, ret.FirstInRegister, ret.FirstOutRegister) == \
        ("scale4", None, F_OUT, NO, 0)
    assert (v.Name, v.Flags, v.FirstInRegister, v.FirstInComponent, v.FirstOutRegister, v.FirstOutComponent) == \
        ("v", F_IN, 0, 0, NO, NO)
    for bad in (-2, 1, -(2 ** 31), 2 ** 31 - 1):
        with pytest.raises(D3D11Error) as e:
            scale4.GetFunctionParameter(bad).GetDesc()
        assert hr(e) == "E_FAIL"


@pytest.mark.backend_independent
def test_column_major_matrix_parameter_class():
    refl = D3DReflectLibrary(compile_lib("export float F(float4x3 m) { return m._11; }"))
    p = refl.GetFunctionByIndex(0).GetFunctionParameter(0).GetDesc()
    assert (p.Class, p.Rows, p.Columns) == (SVC_COLUMNS, 4, 3)


@pytest.mark.backend_independent
def test_out_of_range_lookups_give_invalid_objects(lib_blob):
    refl = D3DReflectLibrary(lib_blob)
    for bad in (4, -1, 99, None):
        fn = refl.GetFunctionByIndex(bad)
        with pytest.raises(D3D11Error) as e:
            fn.GetDesc()
        assert hr(e) == "E_FAIL"
        assert fn.GetVariableByName("tint") is None
        with pytest.raises(D3D11Error):
            fn.GetConstantBufferByIndex(0).GetDesc()
        with pytest.raises(D3D11Error):
            fn.GetFunctionParameter(0).GetDesc()
    vertex = refl.GetFunctionByIndex(1)  # void: no return value
    for bad in (-1, 2, -2):
        with pytest.raises(D3D11Error) as e:
            vertex.GetFunctionParameter(bad).GetDesc()
        assert hr(e) == "E_FAIL"
    with pytest.raises(D3D11Error) as e:
        vertex.GetResourceBindingDesc(1)
    assert hr(e) == "E_INVALIDARG"
    with pytest.raises(D3D11Error) as e:
        vertex.GetResourceBindingDescByName("colorMap")  # ColorFunction's, not VertexFunction's
    assert hr(e) == "E_INVALIDARG"


@pytest.mark.backend_independent
def test_function_constant_buffers_and_resources_are_the_ones_it_uses(lib_blob):
    refl = D3DReflectLibrary(lib_blob)
    homog, vertex, color = (refl.GetFunctionByIndex(i) for i in range(3))
    assert (homog.GetDesc().ConstantBuffers, homog.GetDesc().BoundResources) == (0, 0)
    assert (vertex.GetDesc().ConstantBuffers, vertex.GetDesc().BoundResources) == (1, 1)
    assert vertex.GetConstantBufferByIndex(0).GetDesc().Name == "VSConstants"
    d = color.GetDesc()
    assert (d.ConstantBuffers, d.BoundResources) == (1, 3)  # PSConstants through the helper; texture, sampler
    assert color.GetConstantBufferByName("PSConstants").GetDesc().Size == 16
    assert color.GetVariableByName("tint").GetDesc().Size == 16
    b = color.GetResourceBindingDescByName("colorMap")
    assert (b.Type, b.BindPoint, b.BindCount) == (2, 0, 1)  # D3D_SIT_TEXTURE at its library slot t0
    assert color.GetResourceBindingDescByName("PSConstants").BindPoint == 1
    assert d.InstructionCount > 0 and d.TextureNormalInstructions == 1  # the Sample


@pytest.mark.backend_independent
def test_reflect_library_argument_checks(lib_blob):
    for short in (lib_blob[:20], b""):  # recorded for d3dcompiler_47: empty data is D3DERR_INVALIDCALL
        with pytest.raises(D3D11Error) as e:
            D3DReflectLibrary(short)
        assert hr(e) == "D3DERR_INVALIDCALL"
    from pyd3d11.headers.guids import IID_IUnknown

    with pytest.raises(D3D11Error) as e:
        D3DReflectLibrary(lib_blob, len(lib_blob), IID_IUnknown)  # recorded: E_INVALIDARG
    assert hr(e) == "E_INVALIDARG"
    with pytest.raises(D3D11Error) as e:
        D3DReflectLibrary(lib_blob, len(lib_blob), IID_ID3D11ShaderReflection)
    assert hr(e) == "E_INVALIDARG"
    assert D3DReflectLibrary(lib_blob, len(lib_blob), IID_ID3D11LibraryReflection).GetDesc().FunctionCount == 4
    vs = bytes(D3DCompile("float4 main() : SV_Position { return 0; }", None, "v", None, None, "main", "vs_5_0"))
    for fn in (D3DReflectLibrary, D3DLoadModule):
        with pytest.raises(D3D11Error) as e:
            fn(vs)
        assert hr(e) == "E_FAIL"


@pytest.mark.backend_independent
def test_library_rejections():
    from pyd3d11.errors import ShaderCompileError

    # an exported signature's struct is X3710, a double X3717 -- the return type's first (d3dcompiler_47 10.1,
    # session 48: hlsl/libproto.check_signatures; these were NotSupportedError)
    with pytest.raises(ShaderCompileError, match="X3710: 'F': unsupported type for a library function parameter 's'"):
        compile_lib("struct S { float a; }; export float F(S s) { return s.a; }")
    with pytest.raises(ShaderCompileError, match="X3717: 'F': doubles cannot be used"):
        compile_lib("export double F(double a) { return a; }")
    with pytest.raises(ShaderCompileError) as e:
        compile_lib("export float F(float a) { return a; } export float F(int a) { return a; }")
    assert hr(e) == "E_FAIL"
    with pytest.raises(ShaderCompileError):
        compile_lib("export float F(float a) { return undefined_name; }")
    with pytest.raises(ShaderCompileError) as e:  # no such library target: fxc 10.1's X3506, D3DERR_INVALIDCALL
        compile_lib("export float F(float a) { return a; }", "lib_4_0_level_9_0")
    assert hr(e) == "D3DERR_INVALIDCALL"


LEVEL9_SRC = """Texture2D t; SamplerState s;
export float4 Homogenize(float3 v) { return float4(v, 1.0); }
export float4 Colour(float2 uv) { return t.Sample(s, uv); }
"""


@pytest.mark.backend_independent
@pytest.mark.parametrize(("target", "want"), [
    # (Has10Level9VertexShader, Has10Level9PixelShader) of Homogenize, then of Colour (Sample: pixel shaders only)
    ("lib_4_0_level_9_1", [(True, True), (False, True)]),
    ("lib_4_0_level_9_3", [(True, True), (False, True)]),
    ("lib_4_0_level_9_3_ps_only", [(False, True), (False, True)]),
    ("lib_4_0_level_9_1_vs_only", None),  # Colour cannot be a 10Level9 vertex shader function: compile error
    ("lib_4_0", [(False, False), (False, False)]),
])
def test_level9_libraries(target, want):
    from pyd3d11.errors import ShaderCompileError

    if want is None:
        with pytest.raises(ShaderCompileError) as e:
            compile_lib(LEVEL9_SRC, target)
        assert hr(e) == "E_FAIL"
        return
    refl = D3DReflectLibrary(compile_lib(LEVEL9_SRC, target))
    descs = [refl.GetFunctionByIndex(i).GetDesc() for i in range(2)]
    assert [(d.Has10Level9VertexShader, d.Has10Level9PixelShader) for d in descs] == want
    level = {"9_1": 0x9100, "9_3": 0x9300}.get(target[14:17], 0xA000)
    assert [d.MinFeatureLevel for d in descs] == [level, level]
    assert descs[0].Version == 0xFFF0 << 16 | 0x40


# -- module instances --------------------------------------------------------------------------------------


@pytest.mark.backend_independent
def test_module_instance_bind_results(lib_blob):
    inst = D3DLoadModule(lib_blob, len(lib_blob)).CreateInstance("")
    assert inst.BindConstantBuffer(1, 5, 0) == S_OK
    assert inst.BindConstantBuffer(7, 5, 0) == S_FALSE  # no such source slot
    assert inst.BindConstantBufferByName("VSConstants", 4, 0) == S_OK
    assert inst.BindConstantBufferByName("nothing", 4, 0) == S_FALSE
    assert inst.BindResource(0, 127, 1) == S_OK
    assert inst.BindResourceByName("colorMap", 3, 1) == S_OK
    assert inst.BindSampler(0, 15, 1) == S_OK
    assert inst.BindSamplerByName("pointSampler", 2, 1) == S_OK
    assert inst.BindUnorderedAccessView(0, 1, 1) == S_FALSE  # the library has no UAV
    assert inst.BindUnorderedAccessViewByName("colorMap", 1, 1) == S_FALSE
    assert inst.BindResourceAsUnorderedAccessView(3, 0, 1) == S_FALSE
    for call, args in [("BindConstantBuffer", (1, 14, 0)), ("BindResource", (0, 128, 1)),
                       ("BindResource", (0, 127, 2)), ("BindSampler", (0, 16, 1)),
                       ("BindConstantBuffer", (1, 0, 8))]:  # past the slots; an offset not 16-byte aligned
        with pytest.raises(D3D11Error) as e:
            getattr(inst, call)(*args)
        assert hr(e) == "E_FAIL", (call, args)
    with pytest.raises(D3D11Error) as e:
        inst.BindResource(-1, 0, 1)
    assert hr(e) == "E_INVALIDARG"
    assert inst.BindConstantBuffer(1, 0, 16) == S_OK  # into part of a destination buffer
    with pytest.raises(NotSupportedError):
        inst.BindResourceAsUnorderedAccessView(0, 0, 1)
    with pytest.raises(NotSupportedError):
        inst.BindResourceAsUnorderedAccessViewByName("colorMap", 0, 1)


@pytest.mark.backend_independent
def test_uav_rebinding():
    src = "RWBuffer<uint> outBuf : register(u1); export void Put(uint i, uint v) { outBuf[i] = v; }"
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("ns")
    assert inst.BindUnorderedAccessView(1, 3, 1) == S_OK
    assert inst.BindUnorderedAccessView(0, 3, 1) == S_FALSE
    assert inst.BindUnorderedAccessViewByName("outBuf", 2, 1) == S_OK
    with pytest.raises(D3D11Error):
        inst.BindUnorderedAccessView(1, 64, 1)


# -- the function linking graph ----------------------------------------------------------------------------


def pdesc(name, sem, cols, flags, typ=SVT_FLOAT, cls=SVC_VECTOR, interp=0):
    return D3D11_PARAMETER_DESC(Name=name, SemanticName=sem, Type=typ, Class=cls, Rows=1, Columns=cols,
                                InterpolationMode=interp, Flags=flags)


VS_IN = [pdesc("inputPos", "POSITION0", 3, F_IN), pdesc("inputTex", "TEXCOORD0", 2, F_IN)]
VS_OUT = [pdesc("outputTex", "TEXCOORD0", 2, F_OUT), pdesc("outputPos", "SV_POSITION", 4, F_OUT)]
PS_IN = [pdesc("inputTex", "TEXCOORD0", 2, F_IN), pdesc("inputPos", "SV_POSITION", 4, F_IN)]
PS_OUT = [pdesc("outputColor", "SV_TARGET", 4, F_OUT)]


def vertex_graph(lib):
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature(VS_IN, len(VS_IN))
    vf = g.CallFunction("", lib, "VertexFunction")  # created before the node it takes a value from
    homog = g.CallFunction("", lib, "Homogenize")
    g.PassValue(inp, 0, homog, 0)
    g.PassValue(homog, D3D_RETURN_PARAMETER_INDEX, vf, 0)
    g.PassValue(inp, 1, vf, 1)
    out = g.SetOutputSignature(VS_OUT, len(VS_OUT))
    g.PassValue(vf, 0, out, 1)
    g.PassValue(vf, 1, out, 0)
    return g


def pixel_graph(lib):
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature(PS_IN, len(PS_IN))
    color = g.CallFunction("", lib, "ColorFunction")
    g.PassValue(inp, 0, color, 0)
    out = g.SetOutputSignature(PS_OUT, len(PS_OUT))
    g.PassValueWithSwizzle(color, -1, "xyz", out, 0, "xyz")
    g.PassValueWithSwizzle(inp, 1, "w", out, 0, "w")  # 1/w of SV_Position: 1 for w = 1 vertices
    return g


@pytest.mark.backend_independent
def test_generate_hlsl_orders_calls_by_dependency(lib_blob):
    text = bytes(vertex_graph(D3DLoadModule(lib_blob)).GenerateHlsl(0)).decode()
    assert text.index("Homogenize(") < text.index("VertexFunction(")
    for sem in ("POSITION0", "TEXCOORD0", "SV_POSITION"):
        assert sem in text
    g = D3DCreateFunctionLinkingGraph(0)
    modes = [(1, "nointerpolation"), (4, "noperspective"), (3, "centroid")]  # D3D_INTERPOLATION_MODE
    g.SetInputSignature([pdesc(f"i{k}", f"TEXCOORD{k}", 4, F_IN, interp=m) for k, (m, _) in enumerate(modes)], 3)
    text = bytes(g.GenerateHlsl(0)).decode()
    for k, (_, word) in enumerate(modes):
        assert f"in {word} float4 i{k} : TEXCOORD{k}" in text


#: d3dcompiler_47's GenerateHlsl for this graph, as recorded in thindx's documentation of
#: ID3D11FunctionLinkingGraph (inputs linear, the position output unnamed)
RECORDED_FLG = """float4 xyz1(in float3 v);

void main(in float3 inputPos : POSITION0, in float2 inputTex : TEXCOORD0, in float3 inputNorm : NORMAL0, \
out float2 outputTex : TEXCOORD0, out float3 outputNorm : NORMAL0, out float4 __Output_n2_2 : SV_POSITION)
{
    float4 xyz1_n1_0;
    float3 xyz1_n1_1;
    xyz1_n1_1 = inputPos;
    xyz1_n1_0 = ::xyz1(xyz1_n1_1);
    outputTex = inputTex;
    outputNorm.xy = inputNorm.yx;
    __Output_n2_2 = xyz1_n1_0;
}"""


def recorded_graph():
    lib = D3DLoadModule(compile_lib(RECORDED))
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("inputPos", "POSITION0", 3, F_IN, interp=2),
                               pdesc("inputTex", "TEXCOORD0", 2, F_IN, interp=2),
                               pdesc("inputNorm", "NORMAL0", 3, F_IN, interp=2)], 3)
    xyz1 = g.CallFunction("", lib, "xyz1")
    out = g.SetOutputSignature([pdesc("outputTex", "TEXCOORD0", 2, F_OUT), pdesc("outputNorm", "NORMAL0", 3, F_OUT),
                                pdesc(None, "SV_POSITION", 4, F_OUT)], 3)
    g.PassValue(inp, 0, xyz1, 0)
    g.PassValue(xyz1, D3D_RETURN_PARAMETER_INDEX, out, 2)
    g.PassValue(inp, 1, out, 0)
    g.PassValueWithSwizzle(inp, 2, "yx", out, 1, "xy")
    return g, lib


@pytest.mark.backend_independent
def test_generate_hlsl_is_the_recorded_text():
    g, lib = recorded_graph()
    assert bytes(g.GenerateHlsl(0)).decode().rstrip("\n") == RECORDED_FLG
    assert bytes(D3DCreateFunctionLinkingGraph(0).GenerateHlsl(0)).decode().rstrip("\n") == "void main()\n{\n}"
    linker = D3DCreateLinker()
    linker.UseLibrary(lib.CreateInstance(""))
    vs = bytes(linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0))  # the record links it too
    r = D3DReflect(vs)
    assert [r.GetOutputParameterDesc(i).SemanticName for i in range(3)] == ["TEXCOORD", "NORMAL", "SV_POSITION"]


@pytest.mark.backend_independent
def test_recorded_graph_failures():
    """d3dcompiler_47's recorded E_FAILs: CallFunction of an unknown function or after SetOutputSignature, a
    second value passed to one destination, CreateModuleInstance before SetOutputSignature."""
    lib = D3DLoadModule(compile_lib(RECORDED))
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("inPos", "POSITION0", 4, F_IN, interp=2)], 1)
    with pytest.raises(D3D11Error) as e:
        g.CallFunction("", lib, "nonexistant")
    assert hr(e) == "E_FAIL"
    s4 = g.CallFunction("example_namespace", lib, "scale4")
    with pytest.raises(D3D11Error) as e:
        g.CreateModuleInstance()
    assert hr(e) == "E_FAIL"
    out = g.SetOutputSignature([pdesc("outPos", "SV_POSITION", 4, F_OUT)], 1)
    with pytest.raises(D3D11Error) as e:
        g.CallFunction("", lib, "xyz1")
    assert hr(e) == "E_FAIL"
    g.PassValue(inp, 0, s4, 0)
    with pytest.raises(D3D11Error) as e:
        g.PassValue(inp, 0, s4, 0)
    assert hr(e) == "E_FAIL"
    g.PassValueWithSwizzle(s4, -1, "xyz", out, 0, "xyz")
    with pytest.raises(D3D11Error) as e:
        g.PassValueWithSwizzle(inp, 0, "zw", out, 0, "zw")  # z is already written
    assert hr(e) == "E_FAIL"
    g.PassValueWithSwizzle(inp, 0, "w", out, 0, "a")
    assert "example_namespace::scale4(" in bytes(g.GenerateHlsl(0)).decode()
    # a graph of signatures alone links (recorded): an unnamed input straight to the output
    direct = D3DCreateFunctionLinkingGraph(0)
    i = direct.SetInputSignature([pdesc(None, "POSITION0", 4, F_IN, interp=2)], 1)
    o = direct.SetOutputSignature([pdesc(None, "SV_POSITION", 4, F_OUT)], 1)
    direct.PassValue(i, 0, o, 0)
    assert "__Output_n1_0 = __Input_n0_0;" in bytes(direct.GenerateHlsl(0)).decode()
    linker = D3DCreateLinker()
    linker.UseLibrary(lib.CreateInstance(None))
    assert D3DReflect(bytes(linker.Link(direct.CreateModuleInstance(), "main", "vs_5_0", 0))).GetDesc().InputParameters == 1


@pytest.mark.backend_independent
def test_add_clip_plane_from_cbuffer_checks():
    """d3dcompiler_47's recorded answers (thindx's documentation of ID3D11Linker::AddClipPlaneFromCBuffer)."""
    linker = D3DCreateLinker()

    def add(slot, entry):
        try:
            linker.AddClipPlaneFromCBuffer(slot, entry)
        except D3D11Error as exc:
            return exc.name
        return "S_OK"

    assert [add(0, 0), add(0, 0), add(1, 0), add(14, 0), add(15, 0), add(0, 1), add(0, 4095), add(0, 4096),
            add(0xFFFFFFFF, 0), add(0, 0xFFFFFFFF), add(3, 1), add(3, 2)] == \
        ["S_OK", "E_INVALIDARG", "S_OK", "S_OK", "E_INVALIDARG", "S_OK", "S_OK", "E_INVALIDARG", "E_INVALIDARG",
         "E_INVALIDARG", "S_OK", "E_FAIL"]


@pytest.mark.backend_independent
def test_graph_errors_and_get_last_error(lib_blob):
    lib = D3DLoadModule(lib_blob)
    g = D3DCreateFunctionLinkingGraph(0)
    assert g.GetLastError() is None
    inp = g.SetInputSignature(VS_IN, 2)
    with pytest.raises(D3D11Error) as e:
        g.SetInputSignature(VS_IN, 2)
    assert hr(e) == "E_FAIL"
    assert b"already" in bytes(g.GetLastError())
    assert g.GetLastError() is not None  # GetLastError itself changes nothing
    g.GenerateHlsl(0)
    assert g.GetLastError() is None  # "the error from the last function call": that call succeeded
    with pytest.raises(D3D11Error) as e:
        g.CallFunction("", lib, "scaled")  # not exported
    assert hr(e) == "E_FAIL"
    with pytest.raises(D3D11Error) as e:
        g.CallFunction("", object(), "Homogenize")
    assert hr(e) == "E_INVALIDARG"
    homog = g.CallFunction("", lib, "Homogenize")
    vf = g.CallFunction("", lib, "VertexFunction")
    bad = [(inp, 2, homog, 0), (homog, 0, vf, 0),  # Homogenize's v is an in parameter: no value out of it
           (inp, 0, inp, 0), (inp, 0, homog, -1), (vf, -1, homog, 0),  # void VertexFunction returns nothing
           (inp, 0, homog, 1)]
    for args in bad:
        with pytest.raises(D3D11Error) as e:
            g.PassValue(*args)
        assert hr(e) == "E_INVALIDARG", args
    other = D3DCreateFunctionLinkingGraph(0).SetInputSignature(VS_IN, 2)
    with pytest.raises(D3D11Error) as e:
        g.PassValue(other, 0, homog, 0)
    assert hr(e) == "E_INVALIDARG"
    for ss, ds in [("xyzq", "xyzw"), ("xy", "xyz"), ("", "x"), ("xyzwx", "xyzwx")]:
        with pytest.raises(D3D11Error) as e:
            g.PassValueWithSwizzle(inp, 0, ss, homog, 0, ds)
        assert hr(e) == "E_INVALIDARG"
    g.PassValueWithSwizzle(inp, 0, "rgb", homog, 0, "xyz")
    errors = []
    with pytest.raises(D3D11Error) as e:
        g.CreateModuleInstance(errors)  # no output signature
    assert hr(e) == "E_FAIL" and errors and b"output" in bytes(errors[0])
    out = g.SetOutputSignature(VS_OUT, 2)
    g.PassValue(homog, -1, out, 1)
    with pytest.raises(D3D11Error) as e:
        g.CreateModuleInstance()  # VertexFunction's parameters and outputTex have no value
    assert hr(e) == "E_FAIL"
    with pytest.raises(D3D11Error) as e:
        D3DCreateFunctionLinkingGraph(1)
    assert hr(e) == "E_INVALIDARG"


@pytest.mark.backend_independent
def test_graph_cycle_fails(lib_blob):
    lib = D3DLoadModule(lib_blob)
    g = D3DCreateFunctionLinkingGraph(0)
    g.SetInputSignature(VS_IN, 2)
    a = g.CallFunction("", lib, "VertexFunction")
    b = g.CallFunction("", lib, "VertexFunction")
    g.PassValue(a, 0, b, 0)
    g.PassValue(b, 0, a, 0)
    with pytest.raises(D3D11Error) as e:
        g.GenerateHlsl(0)
    assert hr(e) == "E_FAIL" and b"cycle" in bytes(g.GetLastError())


# -- the linker ------------------------------------------------------------------------------------------------


def bound_instance(lib, ns="", ps_offset=0):
    inst = lib.CreateInstance(ns)
    assert inst.BindConstantBuffer(0, 2, 0) == S_OK  # VSConstants b0 -> b2
    assert inst.BindConstantBuffer(1, 3, ps_offset) == S_OK  # PSConstants b1 -> b3 (+ ps_offset bytes)
    assert inst.BindResource(0, 5, 1) == S_OK  # colorMap t0 -> t5
    assert inst.BindSampler(0, 1, 1) == S_OK  # pointSampler s0 -> s1
    return inst


def slots(blob: bytes) -> dict[str, int]:
    r = D3DReflect(blob)
    return {r.GetResourceBindingDesc(i).Name: r.GetResourceBindingDesc(i).BindPoint
            for i in range(r.GetDesc().BoundResources)}


@pytest.mark.backend_independent
def test_link_places_resources_at_their_destination_slots(lib_blob):
    lib = D3DLoadModule(lib_blob)
    linker = D3DCreateLinker()
    linker.UseLibrary(bound_instance(lib))
    vs = bytes(linker.Link(vertex_graph(lib).CreateModuleInstance(), "main", "vs_5_0", 0))
    ps = bytes(linker.Link(pixel_graph(lib).CreateModuleInstance(), "main", "ps_5_0", 0))
    assert slots(vs) == {"VSConstants": 2}
    assert slots(ps) == {"pointSampler": 1, "colorMap": 5, "PSConstants": 3}
    sig = D3DReflect(vs)
    assert [sig.GetInputParameterDesc(i).SemanticName for i in range(2)] == ["POSITION", "TEXCOORD"]


@pytest.mark.backend_independent
def test_link_errors(lib_blob):
    lib = D3DLoadModule(lib_blob)
    linker = D3DCreateLinker()
    flg = vertex_graph(lib).CreateModuleInstance()
    errors = []
    with pytest.raises(D3D11Error) as e:
        linker.Link(flg, "main", "vs_5_0", 0, errors)  # no library instance for namespace ""
    assert hr(e) == "E_FAIL" and errors
    unbound = lib.CreateInstance("")
    linker.UseLibrary(unbound)
    with pytest.raises(D3D11Error) as e:
        linker.Link(flg, "main", "vs_5_0", 0)  # VSConstants is used but not rebound
    assert hr(e) == "E_FAIL" and "VSConstants" in str(e.value)
    assert unbound.BindConstantBufferByName("VSConstants", 0, 0) == S_OK
    assert D3DReflect(bytes(linker.Link(flg, "main", "vs_5_0", 0))).GetDesc().ConstantBuffers == 1
    with pytest.raises(D3D11Error) as e:
        linker.Link(flg, "VSMain", "vs_5_0", 0)
    assert hr(e) == "E_FAIL"
    with pytest.raises(D3D11Error) as e:
        linker.UseLibrary(flg)  # a graph's instance is no library
    assert hr(e) == "E_INVALIDARG"
    linker.AddClipPlaneFromCBuffer(0, 0)
    with pytest.raises(NotSupportedError):
        linker.Link(flg, "main", "vs_5_0", 0)


@pytest.mark.backend_independent
def test_link_a_library_function_as_entry():
    src = ("cbuffer C { float4 offset; };\n"
           "export float4 VSMain(float3 p : POSITION) : SV_Position { return float4(p, 1) + offset; }")
    lib = D3DLoadModule(compile_lib(src))
    inst = lib.CreateInstance("")
    assert inst.BindConstantBufferByName("C", 6, 0) == S_OK
    vs = bytes(D3DCreateLinker().Link(inst, "VSMain", "vs_5_0", 0))
    assert slots(vs) == {"C": 6}
    with pytest.raises(D3D11Error) as e:
        D3DCreateLinker().Link(inst, "Nope", "vs_5_0", 0)
    assert hr(e) == "E_FAIL"


@pytest.mark.backend_independent
def test_link_namespaces_pick_the_library_instance(lib_blob):
    lib = D3DLoadModule(lib_blob)
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("p", "POSITION", 3, F_IN)], 1)
    h = g.CallFunction("shapes", lib, "Homogenize")
    g.PassValue(inp, 0, h, 0)
    out = g.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT)], 1)
    g.PassValue(h, -1, out, 0)
    mi = g.CreateModuleInstance()
    linker = D3DCreateLinker()
    linker.UseLibrary(lib.CreateInstance("other"))
    with pytest.raises(D3D11Error):
        linker.Link(mi, "main", "vs_5_0", 0)
    linker2 = D3DCreateLinker()
    linker2.UseLibrary(lib.CreateInstance("shapes"))
    assert D3DReflect(bytes(linker2.Link(mi, "main", "vs_4_0", 0))).GetDesc().Version >> 16 == 1  # a vertex shader


# -- drawing with the linked shaders (both backends) ---------------------------------------------------------


@pytest.mark.parametrize("ps_offset", [0, 32])
def test_linked_vertex_and_pixel_shaders_draw_the_expected_pixels(lib_blob, ps_offset):
    """The docs' pattern: library -> module -> instance with rebinding -> vertex and pixel graphs -> Link ->
    CreateVertexShader / CreatePixelShader. A 2x1 target, a 2x1 texture (left red-ish, right blue-ish) read
    with a point sampler; uvScale.x = 0.5 moves both pixels' u into the left texel; tint scales it. With
    ``ps_offset`` 32 the pixel constants are rebound 32 bytes into their destination buffer (cbDstOffset), whose
    first two registers hold values the shader must not read."""
    lib = D3DLoadModule(lib_blob)
    linker = D3DCreateLinker()
    linker.UseLibrary(bound_instance(lib, ps_offset=ps_offset))
    vs = bytes(linker.Link(vertex_graph(lib).CreateModuleInstance(), "main", "vs_5_0", 0))
    ps = bytes(linker.Link(pixel_graph(lib).CreateModuleInstance(), "main", "ps_5_0", 0))

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    f32 = np.float32
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=1, MipLevels=1, ArraySize=1, Format=2,
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))
    texels = np.array([[[0.5, 0.25, 1.0, 1.0], [0.0, 1.0, 0.5, 1.0]]], f32)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=1, MipLevels=1, ArraySize=1, Format=2,
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x8),
                              D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=32))
    verts = np.array([[-1, -1, 0.5, 0, 1], [-1, 3, 0.5, 0, -1], [3, -1, 0.5, 2, 1]], f32)
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=0x1), D3D11_SUBRESOURCE_DATA(pSysMem=verts))

    def cbuf(values):
        data = np.array(values, f32)
        return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=0x4),
                                D3D11_SUBRESOURCE_DATA(pSysMem=data))

    layout = dev.CreateInputLayout([D3D11_INPUT_ELEMENT_DESC("POSITION", 0, 6, 0, 0, 0, 0),  # R32G32B32_FLOAT
                                    D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, 16, 0, 12, 0, 0)], 2, vs)  # R32G32
    ctx.IASetInputLayout(layout)
    ctx.IASetVertexBuffers(0, 1, [vb], [20], [0])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(dev.CreateVertexShader(vs))
    ctx.PSSetShader(dev.CreatePixelShader(ps))
    ctx.VSSetConstantBuffers(2, 1, [cbuf([0.5, 1, 0, 0])])  # the rebound slots, not the library's
    junk = [9.0] * (ps_offset // 4)  # the registers before the offset: never read
    ctx.PSSetConstantBuffers(3, 1, [cbuf([*junk, 2.0, 4.0, 0.5, 0.25])])
    ctx.PSSetShaderResources(5, 1, [dev.CreateShaderResourceView(tex, None)])
    ctx.PSSetSamplers(1, 1, [dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=0, AddressU=3, AddressV=3,
                                                                       AddressW=3, MaxLOD=3.4e38))])
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 2, 1, 0, 1)])
    ctx.Draw(3, 0)
    px = texture_to_numpy(ctx, rt)
    want = np.array([1.0, 1.0, 0.5, 1.0], f32)  # left texel * tint, alpha = SV_Position.w = 1
    np.testing.assert_array_equal(px[0, 0], want)
    np.testing.assert_array_equal(px[0, 1], want)


@pytest.mark.backend_independent
def test_source_slots_are_the_library_wide_ones():
    """Unregistered resources take library slots in declaration order over all exported functions; a function
    using only the second still reports the library's slot (the one Bind* rebinds from)."""
    src = ("Texture2D a; Texture2D b; SamplerState s;\n"
           "export float4 A(float2 uv) { return a.SampleLevel(s, uv, 0); }\n"
           "export float4 B(float2 uv) { return b.SampleLevel(s, uv, 0); }")
    refl = D3DReflectLibrary(compile_lib(src))
    assert refl.GetFunctionByIndex(1).GetResourceBindingDescByName("b").BindPoint == 1
    assert refl.GetFunctionByIndex(1).GetResourceBindingDesc(1).BindPoint == 1  # samplers first, then b
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    assert inst.BindResource(1, 9, 1) == S_OK and inst.BindResource(2, 9, 1) == S_FALSE


INTERFACES = {
    "ID3D11LibraryReflection": ["GetDesc", "GetFunctionByIndex"],
    "ID3D11FunctionReflection": ["GetConstantBufferByIndex", "GetConstantBufferByName", "GetDesc",
                                 "GetFunctionParameter", "GetResourceBindingDesc", "GetResourceBindingDescByName",
                                 "GetVariableByName"],
    "ID3D11FunctionParameterReflection": ["GetDesc"],
    "ID3D11Module": ["CreateInstance"],
    "ID3D11ModuleInstance": ["BindConstantBuffer", "BindConstantBufferByName", "BindResource",
                             "BindResourceAsUnorderedAccessView", "BindResourceAsUnorderedAccessViewByName",
                             "BindResourceByName", "BindSampler", "BindSamplerByName", "BindUnorderedAccessView",
                             "BindUnorderedAccessViewByName"],
    "ID3D11Linker": ["AddClipPlaneFromCBuffer", "Link", "UseLibrary"],
    "ID3D11FunctionLinkingGraph": ["CallFunction", "CreateModuleInstance", "GenerateHlsl", "GetLastError",
                                   "PassValue", "PassValueWithSwizzle", "SetInputSignature", "SetOutputSignature"],
    "ID3D11LinkingNode": [],
}


@pytest.mark.backend_independent
@pytest.mark.parametrize("name", sorted(INTERFACES))
def test_interfaces_have_every_documented_method_and_answer_their_iid(name):
    import pyd3d11.shader.library_reflection as lr
    import pyd3d11.shader.linker as lk
    from pyd3d11.headers import guids

    cls = getattr(lr, name, None) or getattr(lk, name)
    for m in INTERFACES[name]:
        assert callable(getattr(cls, m)), m
    assert cls._iid == getattr(guids, f"IID_{name}")


INTERP = [("", 0), ("linear", 2), ("nointerpolation", 1), ("centroid", 3), ("linear centroid", 3),
          ("noperspective", 4), ("noperspective centroid", 5), ("sample", 6), ("noperspective sample", 7)]


@pytest.mark.backend_independent
def test_interpolation_modes_of_parameters():
    """D3D_INTERPOLATION_MODE from each parameter's HLSL interpolation modifiers (d3dcommon.h values)."""
    params = ", ".join(f"{mods} float p{i}" for i, (mods, _) in enumerate(INTERP))
    refl = D3DReflectLibrary(compile_lib(f"export float F({params}) {{ return p0; }}"))
    fn = refl.GetFunctionByIndex(0)
    assert [fn.GetFunctionParameter(i).GetDesc().InterpolationMode for i in range(len(INTERP))] == \
        [mode for _, mode in INTERP]


@pytest.mark.backend_independent
def test_link_for_level9_targets():
    """Linking for vs/ps_4_0_level_9_x gives the 10Level9 blob (the Aon9 chunk beside the SM4 program)."""
    from pyd3d11.shader.dxbc.container import parse_container

    lib = D3DLoadModule(compile_lib(LEVEL9_SRC, "lib_4_0_level_9_1"))
    inst = lib.CreateInstance("")
    assert inst.BindResourceByName("t", 0, 1) == S_OK and inst.BindSamplerByName("s", 0, 1) == S_OK
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("uv", "TEXCOORD0", 2, F_IN)], 1)
    c = g.CallFunction("", lib, "Colour")
    g.PassValue(inp, 0, c, 0)
    out = g.SetOutputSignature([pdesc("c", "SV_Target", 4, F_OUT)], 1)
    g.PassValue(c, -1, out, 0)
    linker = D3DCreateLinker()
    linker.UseLibrary(inst)
    ps = bytes(linker.Link(g.CreateModuleInstance(), "main", "ps_4_0_level_9_1", 0))
    assert "Aon9" in parse_container(ps)
    assert D3DReflect(ps).GetMinFeatureLevel() == 0x9100


@pytest.mark.backend_independent
@pytest.mark.parametrize("bad", [dict(Type=0), dict(Type=4), dict(Columns=5), dict(Columns=0), dict(Rows=2),
                                 dict(Class=0, Columns=3), dict(Class=9)])
def test_signature_descriptions_that_describe_no_value_are_invalid_args(bad):
    g = D3DCreateFunctionLinkingGraph(0)
    fields = dict(Name="p", SemanticName="TEXCOORD", Type=SVT_FLOAT, Class=SVC_VECTOR, Rows=1, Columns=4, Flags=F_IN)
    fields.update(bad)
    with pytest.raises(D3D11Error) as e:
        g.SetInputSignature([D3D11_PARAMETER_DESC(**fields)], 1)
    assert hr(e) == "E_INVALIDARG"
    good = dict(Name="m", SemanticName="TEXCOORD", Type=SVT_FLOAT, Class=SVC_ROWS, Rows=4, Columns=4, Flags=F_IN)
    assert g.SetInputSignature([D3D11_PARAMETER_DESC(**good)], 1)
    with pytest.raises(NotSupportedError):
        D3DCreateFunctionLinkingGraph(0).SetOutputSignature([D3D11_PARAMETER_DESC(**{**good, "Type": 39})], 1)


@pytest.mark.backend_independent
def test_a_damaged_library_header_is_no_library(lib_blob):
    from pyd3d11.shader.dxbc.container import build_container, parse_container

    chunks = [(c.fourcc, c.data) for c in parse_container(lib_blob)]
    for damage in (b"{}", b"not json", b'{"format": 1, "functions": 3}'):
        blob = build_container([("PLBH", damage)] + chunks[1:])
        with pytest.raises(D3D11Error) as e:
            D3DLoadModule(blob)
        assert hr(e) == "E_FAIL"


@pytest.mark.backend_independent
def test_library_compile_warnings_reach_pperrormsgs():
    msgs = []
    D3DCompile("export float2 F(float4 v) { float2 r = v; return r; }", None, "w.hlsl", None, None, None, "lib_5_0",
               0, 0, msgs)
    assert len(msgs) == 1 and bytes(msgs[0]).startswith(b"w.hlsl(1,")
    assert b"X3206" in bytes(msgs[0])  # implicit truncation, at the user's line, not the wrapper's


SHAPES = "export float4 Homogenize(float3 v) { return float4(v, 1.0); }"
COLOURS = "cbuffer Colours { float4 base; };\nexport float4 Paint(float4 p) { return base + p * 0; }"


@pytest.mark.backend_independent
def test_two_libraries_in_one_link_by_namespace():
    shapes, colours = D3DLoadModule(compile_lib(SHAPES)), D3DLoadModule(compile_lib(COLOURS))
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("p", "POSITION", 3, F_IN)], 1)
    h = g.CallFunction("geo", shapes, "Homogenize")
    c = g.CallFunction("paint", colours, "Paint")
    g.PassValue(inp, 0, h, 0)
    g.PassValue(h, -1, c, 0)
    out = g.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT), pdesc("c", "COLOR", 4, F_OUT)], 2)
    g.PassValue(h, -1, out, 0)
    g.PassValue(c, -1, out, 1)
    mi = g.CreateModuleInstance()
    linker = D3DCreateLinker()
    geo = shapes.CreateInstance("geo")
    paint = colours.CreateInstance("paint")
    assert paint.BindConstantBufferByName("Colours", 7, 0) == S_OK
    linker.UseLibrary(geo)
    linker.UseLibrary(paint)
    assert slots(bytes(linker.Link(mi, "main", "vs_5_0", 0))) == {"Colours": 7}
    swapped = D3DCreateLinker()  # namespaces that do not hold the functions called
    swapped.UseLibrary(shapes.CreateInstance("paint"))
    swapped.UseLibrary(colours.CreateInstance("geo"))
    with pytest.raises(D3D11Error) as e:
        swapped.Link(mi, "main", "vs_5_0", 0)
    assert hr(e) == "E_FAIL"
    clash = D3DCreateLinker()
    clash.UseLibrary(geo)
    other = D3DLoadModule(compile_lib(COLOURS + "\nfloat4 Homogenize(float3 v) { return 0; }"))  # a helper's name
    clash.UseLibrary(other.CreateInstance("paint"))
    with pytest.raises(NotSupportedError, match="Homogenize"):
        clash.Link(mi, "main", "vs_5_0", 0)
    twice = D3DCreateLinker()
    twice.UseLibrary(geo)
    twice.UseLibrary(paint)
    twice.UseLibrary(shapes.CreateInstance("again"))
    with pytest.raises(NotSupportedError, match="two instances"):
        twice.Link(mi, "main", "vs_5_0", 0)


@pytest.mark.backend_independent
def test_two_libraries_with_loose_uniforms_are_refused():
    """Each library's loose uniforms make its own $Globals; compiled together they would merge into one buffer
    whose layout is neither library's, so the link is refused by name (never a wrong layout)."""
    a = D3DLoadModule(compile_lib("float4 unusedA; export float4 A(float4 p) { return p; }"))
    b = D3DLoadModule(compile_lib("float4 gainB; export float4 B(float4 p) { return p * gainB; }"))
    g = D3DCreateFunctionLinkingGraph(0)
    inp = g.SetInputSignature([pdesc("p", "POSITION", 4, F_IN)], 1)
    ca, cb = g.CallFunction("a", a, "A"), g.CallFunction("b", b, "B")
    g.PassValue(inp, 0, ca, 0)
    g.PassValue(ca, -1, cb, 0)
    out = g.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT)], 1)
    g.PassValue(cb, -1, out, 0)
    linker = D3DCreateLinker()
    linker.UseLibrary(a.CreateInstance("a"))
    ib = b.CreateInstance("b")
    assert ib.BindConstantBufferByName("$Globals", 0, 0) == S_OK
    linker.UseLibrary(ib)
    with pytest.raises(NotSupportedError, match="loose uniforms"):
        linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0)
    alone = D3DCreateLinker()  # one library with loose uniforms links: its $Globals keeps its layout
    alone.UseLibrary(ib)
    g2 = D3DCreateFunctionLinkingGraph(0)
    i2 = g2.SetInputSignature([pdesc("p", "POSITION", 4, F_IN)], 1)
    c2 = g2.CallFunction("b", b, "B")
    g2.PassValue(i2, 0, c2, 0)
    o2 = g2.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT)], 1)
    g2.PassValue(c2, -1, o2, 0)
    assert slots(bytes(alone.Link(g2.CreateModuleInstance(), "main", "vs_5_0", 0))) == {"$Globals": 0}


@pytest.mark.backend_independent
def test_link_keeps_the_libraries_matrix_packing():
    """A library compiled with D3DCOMPILE_PACK_MATRIX_ROW_MAJOR keeps row-major matrices in the linked shader
    (the link compiles its source again under that flag); libraries with different packing are refused."""
    src = "cbuffer M { float4x4 world; };\nexport float4 Xform(float4 p) { return mul(p, world); }"
    row = D3DLoadModule(compile_lib(src, flags=0x8))  # D3DCOMPILE_PACK_MATRIX_ROW_MAJOR
    inst = row.CreateInstance("")
    assert inst.BindConstantBufferByName("M", 0, 0) == S_OK
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc("p", "POSITION", 4, F_IN)], 1)
    c = g.CallFunction("", row, "Xform")
    g.PassValue(i, 0, c, 0)
    o = g.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT)], 1)
    g.PassValue(c, -1, o, 0)
    linker = D3DCreateLinker()
    linker.UseLibrary(inst)
    vs = bytes(linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0))
    assert D3DReflect(vs).GetVariableByName("world").GetType().GetDesc().Class == SVC_ROWS
    other = D3DLoadModule(compile_lib("export float4 Id(float4 p) { return p; }", flags=0x10))  # COLUMN_MAJOR
    linker.UseLibrary(other.CreateInstance("col"))
    with pytest.raises(NotSupportedError, match="packing"):
        linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0)


@pytest.mark.backend_independent
def test_disassembling_a_library_is_refused_by_name(lib_blob):
    from pyd3d11.d3dcompiler import D3DDisassemble

    with pytest.raises(NotSupportedError, match="library"):
        D3DDisassemble(lib_blob, len(lib_blob), 0, None)


def test_linked_level9_shaders_draw_on_a_9_1_device():
    """A lib_4_0_level_9_1 library linked for vs/ps_4_0_level_9_1 and drawn on a feature-level 9_1 device:
    the vertex colour (0.25, 0.5, 0.75, 1) times the rebound tint (4, 2, 0, 1) saturates to (1, 1, 0, 1). (The
    pass-through function is PassOn: ``Pass`` is a reserved word, fxc's X3000 -- d3dcompiler_47 10.1, session 35.)"""
    from level9_kit import BIND_CB, Scene

    src = ("cbuffer Tint : register(b0) { float4 tint; };\n"
           "export float4 PassOn(float4 p) { return p; }\n"
           "export float4 Shade(float4 c) { return c * tint; }")
    lib = D3DLoadModule(compile_lib(src, "lib_4_0_level_9_1"))
    inst = lib.CreateInstance("")
    assert inst.BindConstantBufferByName("Tint", 1, 0) == S_OK
    linker = D3DCreateLinker()
    linker.UseLibrary(inst)
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc("pos", "POSITION", 4, F_IN), pdesc("col", "COLOR", 4, F_IN)], 2)
    p = g.CallFunction("", lib, "PassOn")
    g.PassValue(i, 0, p, 0)
    o = g.SetOutputSignature([pdesc("outPos", "SV_Position", 4, F_OUT), pdesc("col", "COLOR0", 4, F_OUT)], 2)
    g.PassValue(p, -1, o, 0)
    g.PassValue(i, 1, o, 1)
    with pytest.raises(D3D11Error) as e:
        g.CreateModuleInstance()  # "col" twice among main's parameters
    assert hr(e) == "E_FAIL" and b"col" in bytes(g.GetLastError())
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc("pos", "POSITION", 4, F_IN), pdesc("col", "COLOR", 4, F_IN)], 2)
    p = g.CallFunction("", lib, "PassOn")
    g.PassValue(i, 0, p, 0)
    o = g.SetOutputSignature([pdesc("outPos", "SV_Position", 4, F_OUT), pdesc("outCol", "COLOR0", 4, F_OUT)], 2)
    g.PassValue(p, -1, o, 0)
    g.PassValue(i, 1, o, 1)
    vs = bytes(linker.Link(g.CreateModuleInstance(), "main", "vs_4_0_level_9_1", 0))
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc("pos", "SV_Position", 4, F_IN), pdesc("col", "COLOR0", 4, F_IN)], 2)
    s = g.CallFunction("", lib, "Shade")
    g.PassValue(i, 1, s, 0)
    o = g.SetOutputSignature([pdesc("c", "SV_Target", 4, F_OUT)], 1)
    g.PassValue(s, -1, o, 0)
    ps = bytes(linker.Link(g.CreateModuleInstance(), "main", "ps_4_0_level_9_1", 0))

    scene = Scene("9_1", shaders=False)
    scene.ctx.VSSetShader(scene.dev.CreateVertexShader(vs, None))
    scene.ctx.PSSetShader(scene.dev.CreatePixelShader(ps, None))
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=2, InputSlot=0, AlignedByteOffset=off,
                                    InputSlotClass=0, InstanceDataStepRate=0) for n, off in (("POSITION", 0), ("COLOR", 16))]
    scene.ctx.IASetInputLayout(scene.dev.CreateInputLayout(els, 2, vs))
    scene.ctx.PSSetConstantBuffers(1, 1, [scene.buffer(np.array([4, 2, 0, 1], np.float32), BIND_CB)])
    scene.ctx.Draw(3, 0)
    img = scene.image()  # RGBA8 UNORM, decoded
    assert (img == np.array([1, 1, 0, 1], np.float32)).all(), img[0, 0]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("params", "ok"), [
    ("in float4 a : A, out float4 a : SV_Position", False),  # the FLG case: an input and an output named alike
    ("float4 a : A, float4 b : B, out float4 o : SV_Position", True),
    ("float4 g : A, out float4 o : SV_Position", True),  # a parameter may shadow a global
])
def test_parameters_of_one_function_are_one_scope(params, ok):
    """X3003 "redefinition" for two parameters of one name (found through the FLG: the compiler accepted it)."""
    from pyd3d11.errors import ShaderCompileError

    src = f"float4 g; void main({params}) {{ o = 1; }}" if ok else f"void main({params}) {{ a = 1; }}"
    if ok:
        D3DCompile(src, None, "p.hlsl", None, None, "main", "vs_5_0")
        return
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "p.hlsl", None, None, "main", "vs_5_0")
    assert "X3003" in str(e.value) and "redefinition of 'a'" in str(e.value)


@pytest.mark.backend_independent
def test_constant_buffer_destination_offset_moves_every_variable():
    """cbDstOffset: the library buffer's variables start that many bytes into the destination buffer."""
    src = "cbuffer P { float4 a; float2 b; float c; };\nexport float4 F(float4 p) { return p * a + b.xyxy + c; }"
    lib = D3DLoadModule(compile_lib(src))
    inst = lib.CreateInstance("")
    assert inst.BindConstantBuffer(0, 2, 48) == S_OK
    g = D3DCreateFunctionLinkingGraph(0)
    i = g.SetInputSignature([pdesc("p", "POSITION", 4, F_IN)], 1)
    c = g.CallFunction("", lib, "F")
    g.PassValue(i, 0, c, 0)
    o = g.SetOutputSignature([pdesc("o", "SV_Position", 4, F_OUT)], 1)
    g.PassValue(c, -1, o, 0)
    linker = D3DCreateLinker()
    linker.UseLibrary(inst)
    r = D3DReflect(bytes(linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0)))
    assert {n: r.GetVariableByName(n).GetDesc().StartOffset for n in "abc"} == {"a": 48, "b": 64, "c": 72}
    assert r.GetResourceBindingDescByName("P").BindPoint == 2
    two = D3DLoadModule(compile_lib("cbuffer Q { float4 q; };\nexport float4 G(float4 p) { return p * q; }"))
    i2 = two.CreateInstance("two")
    assert i2.BindConstantBuffer(0, 2, 0) == S_OK  # the same destination slot as P
    linker.UseLibrary(i2)
    with pytest.raises(NotSupportedError, match="one destination slot"):
        linker.Link(g.CreateModuleInstance(), "main", "vs_5_0", 0)


@pytest.mark.backend_independent
def test_functions_no_one_stage_holds_together_still_make_a_library():
    """A pixel-only function (Sample) beside one returning a matrix: no single wrapper program holds both, so
    the library's slots are the union of each function's (registers given, they agree)."""
    src = ("Texture2D t : register(t3); SamplerState s : register(s2);\n"
           "export float4 Colour(float2 uv) { return t.Sample(s, uv); }\n"
           "export float4x4 Scale(float k, out float4 e) { e = k; return float4x4(k,0,0,0, 0,k,0,0, 0,0,k,0, 0,0,0,1); }")
    refl = D3DReflectLibrary(compile_lib(src))
    assert refl.GetDesc().FunctionCount == 2
    assert refl.GetFunctionByIndex(0).GetResourceBindingDescByName("t").BindPoint == 3
    inst = D3DLoadModule(compile_lib(src)).CreateInstance("")
    assert inst.BindResource(3, 0, 1) == S_OK and inst.BindSampler(2, 0, 1) == S_OK
