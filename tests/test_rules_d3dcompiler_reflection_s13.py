"""Session 13 (issue 15): reflection rules as Windows' d3dcompiler answers them.

* SFI0 bit 0x2 and ID3D11ShaderReflection::GetRequiresFlags. The SFI0 chunk holds D3D_SHADER_REQUIRES_*
  flags, but bit 0x2 is also the "compute shaders plus raw and structured buffers via shader 4.x" feature
  (DXC's DxilConstants.h ShaderFeatureInfo_ComputeShadersPlusRawAndStructuredBuffersViaShader4X = 0x2):
  fxc writes it for a vs_4_0 reading a StructuredBuffer (the corpus' ParticleDraw_VS.o, whose listing names
  no requirement) and not for its cs_4_0 shaders with raw/structured buffers, while a d3dcompiler_47 listing
  of an [earlydepthstencil] ps_5_0 names "Early depth-stencil". GetRequiresFlags clears the chunk's bit and
  sets EARLY_DEPTH_STENCIL from dcl_globalFlags forceEarlyDepthStencil (DXC's
  DxilShaderReflection::GetRequiresFlags).
* The invalid reflection objects: a member-type lookup that finds nothing returns the invalid type
  (GetDesc E_FAIL), never NULL; the invalid type's own type getters return the invalid type (DXC's
  CInvalidSRType); GetMemberTypeName past the members is NULL.

Expected values come from those definitions, not from the code under test.
"""

from __future__ import annotations

import struct

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import E_FAIL, D3D11Error
from pyd3d11.shader.dxbc.container import build_container, parse_container

pytestmark = pytest.mark.backend_independent  # compile and reflection only

REQUIRES_EARLY_DEPTH_STENCIL = 0x2
SFI0_VIA_4_X = 0x2

VS_SB = "StructuredBuffer<float4> b; float4 main(uint i : SV_VertexID) : SV_Position { return b[i]; }"
VS_RAW = "ByteAddressBuffer b; float4 main(uint i : SV_VertexID) : SV_Position { return asfloat(b.Load4(i)); }"
PS_SB = "StructuredBuffer<float4> b; float4 main(float4 p : SV_Position) : SV_Target { return b[(uint)p.x]; }"
GS_SB = """StructuredBuffer<float4> b; struct V { float4 p : SV_Position; };
[maxvertexcount(1)] void main(point V i[1], inout PointStream<V> s) { V o; o.p = b[0]; s.Append(o); }"""
CS_SB = """StructuredBuffer<float4> b; RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = b[i]; }"""
PS_PLAIN = "float4 main(float4 p : SV_Position) : SV_Target { return p; }"
PS_EARLY = "[earlydepthstencil] float4 main(float4 p : SV_Position) : SV_Target { return p; }"
PS_DOUBLE = "cbuffer K { double d; }; float4 main() : SV_Target { return (float)(d * d); }"


def _compile(src: str, target: str) -> bytes:
    return bytes(dc.D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0))


def _sfi0(blob: bytes) -> int | None:
    data = parse_container(blob).get("SFI0")
    return None if data is None else struct.unpack_from("<Q", data)[0]


# (source, target, the SFI0 chunk's flags or None for no chunk, GetRequiresFlags)
SFI0_CASES = [
    (VS_SB, "vs_4_0", SFI0_VIA_4_X, 0),
    (VS_SB, "vs_4_1", SFI0_VIA_4_X, 0),
    (VS_RAW, "vs_4_0", SFI0_VIA_4_X, 0),
    (PS_SB, "ps_4_0", SFI0_VIA_4_X, 0),
    (GS_SB, "gs_4_0", SFI0_VIA_4_X, 0),
    (CS_SB, "cs_4_0", None, 0),  # a 4.x compute shader is not marked
    (VS_SB, "vs_5_0", None, 0),  # shader model 5 has the buffers natively
    (PS_SB, "ps_5_0", None, 0),
    (PS_PLAIN, "ps_4_0", None, 0),
    # d3dcompiler_47 10.1 under Wine (session 38) writes no SFI0 for it; its GetRequiresFlags reads the global flag
    (PS_EARLY, "ps_5_0", None, REQUIRES_EARLY_DEPTH_STENCIL),
    (PS_DOUBLE, "ps_5_0", 0x1, 0x1),
]


@pytest.mark.parametrize("src,target,sfi0,requires", SFI0_CASES)
def test_sfi0_and_requires_flags(src, target, sfi0, requires):
    blob = _compile(src, target)
    assert _sfi0(blob) == sfi0
    assert dc.D3DReflect(blob).GetRequiresFlags() == requires


@pytest.mark.parametrize("src,target,note", [
    (PS_EARLY, "ps_5_0", True), (VS_SB, "vs_4_0", False), (PS_SB, "ps_4_0", False), (PS_PLAIN, "ps_5_0", False)])
def test_listing_names_early_depth_stencil_at_sm5_only(src, target, note):
    text = bytes(dc.D3DDisassemble(_compile(src, target))).decode()
    assert ("//       Early depth-stencil\n" in text) == note
    assert ("// Note: shader requires additional functionality:" in text) == note


def _with_sfi0(blob: bytes, flags: int | None) -> bytes:
    """The blob with its SFI0 chunk replaced (None: removed), re-checksummed."""
    chunks = [(c.fourcc, c.data) for c in parse_container(blob).chunks if c.fourcc != "SFI0"]
    if flags is not None:
        chunks.insert(len(chunks) - 1, ("SFI0", struct.pack("<Q", flags)))
    return build_container(chunks)


# foreign blobs: (program, SFI0 written into the container, GetRequiresFlags expected)
FOREIGN = [
    (PS_PLAIN, 0x2, 0),  # the chunk's 0x2 alone is not EARLY_DEPTH_STENCIL
    (PS_PLAIN, 0x3, 0x1),
    (PS_PLAIN, 0x12, 0x10),
    (PS_PLAIN, 0x2004, 0x2004),
    (PS_EARLY, None, REQUIRES_EARLY_DEPTH_STENCIL),
    (PS_EARLY, 0x2, REQUIRES_EARLY_DEPTH_STENCIL),
    (PS_EARLY, 0x10, 0x10 | REQUIRES_EARLY_DEPTH_STENCIL),
]


@pytest.mark.parametrize("src,sfi0,requires", FOREIGN)
def test_requires_flags_of_foreign_sfi0(src, sfi0, requires):
    blob = _with_sfi0(_compile(src, "ps_5_0"), sfi0)
    assert dc.D3DReflect(blob).GetRequiresFlags() == requires


def test_corpus_vs_4_0_structured_buffer():
    """fxc's own blob: SFI0 0x2 for a vs_4_0 reading a StructuredBuffer; our compile of its source agrees."""
    from conftest import conformance_path

    folder = conformance_path("dxbc-corpus", "slimshader", "Sdk", "Direct3D11", "NBodyGravityCS11")
    fxc = (folder / "ParticleDraw_VS.o").read_bytes()
    src = (folder / "ParticleDraw.hlsl").read_bytes()
    ours = bytes(dc.D3DCompile(src, None, "ParticleDraw.hlsl", None, None, "VSParticleDraw", "vs_4_0", 0, 0))
    assert _sfi0(fxc) == _sfi0(ours) == SFI0_VIA_4_X
    assert dc.D3DReflect(fxc).GetRequiresFlags() == dc.D3DReflect(ours).GetRequiresFlags() == 0


# -- the invalid type ----------------------------------------------------------------------------------------

TYPES = """struct S { float a; float3 b; };
cbuffer K { float4 v; S s; };
float4 main() : SV_Target { return v + s.a + s.b.x; }"""


@pytest.fixture(scope="module")
def refl():
    return dc.D3DReflect(_compile(TYPES, "ps_5_0"))


def _is_invalid(t) -> bool:
    with pytest.raises(D3D11Error) as exc:
        t.GetDesc()
    return exc.value.hresult == E_FAIL


INVALID_LOOKUPS = [
    ("s", lambda t: t.GetMemberTypeByIndex(2)),
    ("s", lambda t: t.GetMemberTypeByIndex(0xFFFFFFFF)),
    ("s", lambda t: t.GetMemberTypeByName("c")),
    ("s", lambda t: t.GetMemberTypeByName(None)),
    ("s", lambda t: t.GetMemberTypeByName("A")),  # names compare case-sensitively
    ("v", lambda t: t.GetMemberTypeByIndex(0)),  # a vector has no members
    ("v", lambda t: t.GetMemberTypeByName("x")),
    ("nope", lambda t: t),  # an unknown variable's type
    ("nope", lambda t: t.GetMemberTypeByIndex(0)),
    ("nope", lambda t: t.GetMemberTypeByName("a")),
    ("nope", lambda t: t.GetSubType()),
    ("nope", lambda t: t.GetBaseClass()),
    ("nope", lambda t: t.GetInterfaceByIndex(0)),
    ("s", lambda t: t.GetMemberTypeByIndex(9).GetMemberTypeByIndex(0)),
]


@pytest.mark.parametrize("var,lookup", INVALID_LOOKUPS)
def test_failed_type_lookups_give_the_invalid_type(refl, var, lookup):
    t = lookup(refl.GetVariableByName(var).GetType())
    assert t is not None and _is_invalid(t)


def test_found_members_and_null_answers(refl):
    t = refl.GetVariableByName("s").GetType()
    assert [t.GetMemberTypeName(i) for i in range(3)] == ["a", "b", None]
    assert (t.GetMemberTypeByName("b").GetDesc().Offset, t.GetMemberTypeByIndex(1).GetDesc().Name) == (4, "float3")
    # a valid type without a base class, subtype or interface answers NULL
    assert t.GetBaseClass() is None and t.GetSubType() is None and t.GetInterfaceByIndex(0) is None
    assert t.IsEqual(refl.GetVariableByName("s").GetType()) and not t.IsEqual(refl.GetVariableByName("v").GetType())
    bad = refl.GetVariableByName("nope").GetType()
    # the invalid type: no interfaces, every member name "$Invalid" (DXC's CInvalidSRType; Wine's d3dcompiler_47)
    assert bad.GetNumInterfaces() == 0 and bad.GetMemberTypeName(0) == bad.GetMemberTypeName(7) == "$Invalid"
    assert not t.IsEqual(bad) and not t.IsOfType(bad) and not t.ImplementsInterface(bad)  # S_FALSE
    for ask in (lambda: bad.IsEqual(t), lambda: bad.IsOfType(t), lambda: bad.ImplementsInterface(t)):
        with pytest.raises(D3D11Error) as exc:  # asked of the invalid type: E_FAIL
            ask()
        assert exc.value.hresult == E_FAIL
    assert refl.GetVariableByName("nope").GetInterfaceSlot(0) == 0xFFFFFFFF


# -- D3D11_SHADER_DESC of a foreign blob: every counter read from its STAT dword ------------------------------

#: the STAT chunk's dword order (spec-facts §2.5: "same order as D3D11_SHADER_DESC counters") -> what reports it
STAT_ORDER = [
    "InstructionCount", "TempRegisterCount", "DefCount", "DclCount", "FloatInstructionCount", "IntInstructionCount",
    "UintInstructionCount", "StaticFlowControlCount", "DynamicFlowControlCount", "MacroInstructionCount",
    "TempArrayCount", "ArrayInstructionCount", "CutInstructionCount", "EmitInstructionCount",
    "TextureNormalInstructions", "TextureLoadInstructions", "TextureCompInstructions", "TextureBiasInstructions",
    "TextureGradientInstructions", "GetMovInstructionCount()", "GetMovcInstructionCount()",
    "GetConversionInstructionCount()", "GetBitwiseInstructionCount()", "InputPrimitive", "GSOutputTopology",
    "GSMaxOutputVertexCount", None, None, "IsSampleFrequencyShader()",  # gather and lod counts: no reader
    # shader model 5 only
    "cGSInstanceCount", "cControlPoints", "HSOutputPrimitive", "HSPartitioning", "TessellatorDomain",
    "cBarrierInstructions", "cInterlockedInstructions", "cTextureStoreInstructions",
]


def _with_stat(blob: bytes, values: list[int]) -> bytes:
    chunks = [(c.fourcc, struct.pack(f"<{len(values)}I", *values) if c.fourcc == "STAT" else c.data)
              for c in parse_container(blob).chunks]
    return build_container(chunks)


def _read(refl, what: str) -> int:
    if what.endswith("()"):
        return int(getattr(refl, what[:-2])())
    return getattr(refl.GetDesc(), what)


@pytest.mark.parametrize("dwords", [37, 29])
def test_foreign_stat_counters(dwords):
    values = [1000 + 7 * i for i in range(dwords)]
    values[28] = 1  # the sample-frequency flag is a boolean
    refl = dc.D3DReflect(_with_stat(_compile(PS_PLAIN, "ps_5_0"), values))
    for i, what in enumerate(STAT_ORDER):
        if what is None:
            continue
        expect = values[i] if i < dwords else 0  # a 4.x STAT has no shader-model-5 counters
        assert _read(refl, what) == expect, (i, what)
    assert refl.GetGSInputPrimitive() == values[23]


# -- D3DReflect for ID3D12ShaderReflection (d3dcompiler_47) -------------------------------------------------------

BINDINGS = """Texture2D t : register(t3); SamplerState s : register(s1); cbuffer C : register(b2) { float4 k; };
Buffer<uint> b : register(t5);
float4 main(float4 p : SV_Position) : SV_Target { return t.Sample(s, p.xy) + k + b[0]; }"""


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_d3d12_reflection_binding_descs(target):
    """d3d12shader.h's D3D12_SHADER_INPUT_BIND_DESC adds Space and uID; below shader model 5.1 every resource is
    in space 0 and its ID is its bind point (RDEF records neither before 5.1)."""
    from pyd3d11.headers.guids import IID_ID3D12ShaderReflection

    blob = _compile(BINDINGS, target)
    r11, r12 = dc.D3DReflect(blob), dc.D3DReflect(blob, None, IID_ID3D12ShaderReflection)
    n = r11.GetDesc().BoundResources
    assert n == r12.GetDesc().BoundResources == 4
    for i in range(n):
        d11, d12 = r11.GetResourceBindingDesc(i), r12.GetResourceBindingDesc(i)
        assert not hasattr(d11, "Space") and not hasattr(d11, "uID")
        for f in ("Name", "Type", "BindPoint", "BindCount", "uFlags", "ReturnType", "Dimension", "NumSamples"):
            assert getattr(d12, f) == getattr(d11, f)
        assert (d12.Space, d12.uID) == (0, d11.BindPoint)
        assert r12.GetResourceBindingDescByName(d11.Name) == d12
    assert {r11.GetResourceBindingDesc(i).Name: r11.GetResourceBindingDesc(i).BindPoint for i in range(n)} == \
        {"t": 3, "s": 1, "C": 2, "b": 5}


def test_d3d12_reflection_interface_identity():
    from pyd3d11.errors import InvalidArgError
    from pyd3d11.headers.guids import IID_ID3D11ShaderReflection, IID_ID3D12ShaderReflection

    blob = _compile(PS_PLAIN, "ps_5_0")
    r = dc.D3DReflect(blob)
    assert r.QueryInterface(IID_ID3D12ShaderReflection) is r  # the same object answers both IIDs
    assert dc.D3DReflect(blob, None, IID_ID3D12ShaderReflection).QueryInterface(IID_ID3D11ShaderReflection)
    with pytest.raises(InvalidArgError):  # any other IID: E_INVALIDARG (d3dcompiler_46+)
        dc.D3DReflect(blob, None, "5a58797d-a72c-478d-8ba2-efc6b0efe88f")


# -- D3D11_SHADER_DESC.Flags: the compile's D3DCOMPILE_* flags with NO_PRESHADER ---------------------------------

D3DCOMPILE_NO_PRESHADER = 0x100


@pytest.mark.parametrize("flags", [
    0, dc.D3DCOMPILE_DEBUG, dc.D3DCOMPILE_SKIP_OPTIMIZATION, dc.D3DCOMPILE_ENABLE_STRICTNESS,
    dc.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, dc.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR,
    dc.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR, dc.D3DCOMPILE_OPTIMIZATION_LEVEL3, dc.D3DCOMPILE_OPTIMIZATION_LEVEL0,
    dc.D3DCOMPILE_IEEE_STRICTNESS, dc.D3DCOMPILE_PARTIAL_PRECISION, dc.D3DCOMPILE_AVOID_FLOW_CONTROL,
    dc.D3DCOMPILE_DEBUG | dc.D3DCOMPILE_SKIP_OPTIMIZATION,
])
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_desc_flags_record_the_compile_flags(flags, target):
    """fxc's RDEF flags word: its objects in the corpus hold 0x100 (D3DCOMPILE_NO_PRESHADER) and, for the two
    BasicHLSL11 shaders compiled with ENABLE_BACKWARDS_COMPATIBILITY (0x1000), 0x1100."""
    blob = bytes(dc.D3DCompile(PS_PLAIN.encode(), None, "t.hlsl", None, None, "main", target, flags, 0))
    assert dc.D3DReflect(blob).GetDesc().Flags == D3DCOMPILE_NO_PRESHADER | flags


def test_desc_flags_keep_every_bit_the_compile_takes():
    """Flags from bit 16 up are kept too (WARNINGS_ARE_ERRORS 0x40000 here); RESOURCES_MAY_ALIAS outside cs_5_0 /
    cs_5_1 is refused before the source is read (X3719, D3DERR_INVALIDCALL). d3dcompiler_47 10.1, session 47 (was
    an inference: the low 16 bits only)."""
    from pyd3d11.errors import D3DERR_INVALIDCALL, D3D11Error

    flags = dc.D3DCOMPILE_WARNINGS_ARE_ERRORS | dc.D3DCOMPILE_DEBUG
    blob = bytes(dc.D3DCompile(PS_PLAIN.encode(), None, "t.hlsl", None, None, "main", "ps_5_0", flags, 0))
    assert dc.D3DReflect(blob).GetDesc().Flags == D3DCOMPILE_NO_PRESHADER | flags
    with pytest.raises(D3D11Error) as exc:
        dc.D3DCompile(PS_PLAIN.encode(), None, "t.hlsl", None, None, "main", "ps_5_0",
                      flags | dc.D3DCOMPILE_RESOURCES_MAY_ALIAS, 0)
    assert exc.value.hresult & 0xFFFFFFFF == D3DERR_INVALIDCALL and "X3719" in str(exc.value)


# -- arguments C could not pass: HRESULTs and invalid objects, never a Python error --------------------------------

NOT_AN_INDEX = [None, -1, "0", 1.0, 2**32]


@pytest.mark.parametrize("index", NOT_AN_INDEX)
def test_reflection_indices_that_are_no_uint(refl, index):
    """A UINT index parameter: a negative number is a huge one, anything but an integer names nothing. Getters
    of objects answer the invalid object, the Get*Desc methods E_INVALIDARG, GetMemberTypeName NULL."""
    from pyd3d11.errors import E_INVALIDARG

    s = refl.GetVariableByName("s").GetType()
    for obj in (refl.GetConstantBufferByIndex(index), refl.GetConstantBufferByIndex(0).GetVariableByIndex(index),
                s.GetMemberTypeByIndex(index)):
        assert _is_invalid(obj)
    assert s.GetMemberTypeName(index) is None and s.GetInterfaceByIndex(index) is None
    assert refl.GetVariableByName("v").GetInterfaceSlot(index) == 0xFFFFFFFF
    for call in (refl.GetResourceBindingDesc, refl.GetInputParameterDesc, refl.GetOutputParameterDesc,
                 refl.GetPatchConstantParameterDesc):
        with pytest.raises(D3D11Error) as exc:
            call(index)
        assert exc.value.hresult == E_INVALIDARG


@pytest.mark.parametrize("name", [None, 5, 2.5])
def test_blob_file_names_that_are_no_path(tmp_path, name):
    """D3DReadFileToBlob / D3DWriteBlobToFile with a NULL (or non-path) file name: E_INVALIDARG, which is
    HRESULT_FROM_WIN32(ERROR_INVALID_PARAMETER)."""
    from pyd3d11.errors import E_INVALIDARG

    for call in (lambda: dc.D3DReadFileToBlob(name), lambda: dc.D3DWriteBlobToFile(b"abc", name, True)):
        with pytest.raises(D3D11Error) as exc:
            call()
        assert exc.value.hresult == E_INVALIDARG
    path = tmp_path / "b.bin"  # a real path still works both ways
    dc.D3DWriteBlobToFile(b"abc", str(path), True)
    assert bytes(dc.D3DReadFileToBlob(str(path))) == b"abc"


# --- session 13, helper MU2: rules the seed-14 mutation round found unpinned ---------------------------------

VS_9X = "float4 main(float4 p : POSITION) : SV_Position { return p; }"
PS_9X = "float4 main(float4 c : COLOR) : SV_Target { return c; }"

# (target, D3D_FEATURE_LEVEL): GetMinFeatureLevel is the Aon9 chunk's level for 4_0_level_9_x blobs
# (9_1 for the 2_0 profiles, 9_3 for 2_x), else 10_0 for 4_0, 10_1 for 4_1, 11_0 for 5_0 (d3dcommon.h values)
MIN_LEVEL_CASES = [
    ("vs_4_0_level_9_1", 0x9100), ("vs_4_0_level_9_3", 0x9300),
    ("ps_4_0_level_9_1", 0x9100), ("ps_4_0_level_9_3", 0x9300),
    ("vs_4_0", 0xA000), ("ps_4_0", 0xA000), ("vs_4_1", 0xA100), ("ps_4_1", 0xA100),
    ("vs_5_0", 0xB000), ("ps_5_0", 0xB000),
]


@pytest.mark.parametrize("target,level", MIN_LEVEL_CASES)
def test_min_feature_level_by_profile(target, level):
    src = VS_9X if target.startswith("vs") else PS_9X
    assert dc.D3DReflect(_compile(src, target)).GetMinFeatureLevel() == level


# numthreads(x, y, z) -> GetThreadGroupSize: the C method returns x*y*z and writes x, y, z (our tuple: total first)
GROUP_CASES = [(1, 1, 1), (2, 3, 5), (7, 1, 1), (1, 4, 1), (1, 1, 64), (16, 16, 4)]


@pytest.mark.parametrize("x,y,z", GROUP_CASES)
def test_thread_group_size(x, y, z):
    blob = _compile(f"[numthreads({x}, {y}, {z})] void main() {{}}", "cs_5_0")
    assert dc.D3DReflect(blob).GetThreadGroupSize() == (x * y * z, x, y, z)


CB_TEX = "cbuffer K { float4 a; float2 b; }; float4 main() : SV_Target { return a + b.xyxy; }"


@pytest.mark.parametrize("target", ["ps_4_0", "ps_4_1"])
def test_sm4_variable_texture_sampler_slots(target):
    """SM4 RDEF variables carry no texture/sampler slots: D3D11_SHADER_VARIABLE_DESC reads StartTexture and
    StartSampler -1 (none) and TextureSize, SamplerSize 0."""
    cb = dc.D3DReflect(_compile(CB_TEX, target)).GetConstantBufferByIndex(0)
    for i in range(2):
        d = cb.GetVariableByIndex(i).GetDesc()
        assert (d.StartTexture, d.TextureSize, d.StartSampler, d.SamplerSize) == (0xFFFFFFFF, 0, 0xFFFFFFFF, 0)


def test_program_chunk_with_a_ragged_tail():
    """A program chunk whose size is no multiple of 4 is read as its whole tokens (the ragged tail ignored),
    not refused with a raw exception."""
    blob = _compile("[numthreads(2, 3, 5)] void main() {}", "cs_5_0")
    chunks = [(c.fourcc, c.data + b"\0\0" if c.fourcc in ("SHEX", "SHDR") else c.data)
              for c in parse_container(blob).chunks]
    refl = dc.D3DReflect(build_container(chunks))
    assert refl.GetThreadGroupSize() == (30, 2, 3, 5)
    assert refl.GetRequiresFlags() == 0
