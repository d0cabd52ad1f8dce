"""The d3dcompiler blob functions, argument errors, D3D11Reflect and the D3DCompile flags that change the output,
from the d3dcompiler.h pages (MicrosoftDocs sdk-api d3dcompiler: D3DGetBlobPart, D3DSetBlobPart, D3DStripShader,
D3DGet*SignatureBlob, D3DGetDebugInfo, D3DCreateBlob, the D3D_BLOB_PART and D3DCOMPILER_STRIP_FLAGS enums) and
direct3dhlsl's "D3DCOMPILE Constants" and "D3D11Reflect function" pages (issue 15, session 34, helper API).

The pages define the parts and flags but name no failure codes beyond "one of the Direct3D 11 return codes"; the
codes asserted for failures are the project's rules recorded in shader/blob.py (``check_dxbc_header``: no data
D3DERR_INVALIDCALL, a tag other than DXBC E_FAIL; a part the blob lacks E_FAIL; an unknown part or nonzero Flags
D3DERR_INVALIDCALL). What the tests hold to is that every bad argument ends in an HRESULT, and that NULL data and a
size of 0 are the same "no data" everywhere.

Which part each blob kind holds follows from the chunks the compiler writes for it: every shader its input and
output signatures, a hull or domain shader its patch-constant signature, a ``*_4_0_level_9_*`` shader its
Direct3D 9 program (D3D_BLOB_LEGACY_SHADER), a D3DCOMPILE_DEBUG compile its debug information, and only
D3DSetBlobPart private data.
"""

from __future__ import annotations

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, D3D11Error, ShaderCompileError
from pyd3d11.headers.guids import IID_ID3D11ShaderReflection
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.reflection import global_flags

pytestmark = pytest.mark.backend_independent  # compiles, parses and reflects; runs no shader

VS = "float4 main(float4 p : POSITION, float2 t : TEXCOORD0) : SV_Position { return p + t.x; }"
PS = "float4 main(float4 p : SV_Position) : SV_Target { return p; }"
CS = "RWBuffer<float> b; [numthreads(1, 1, 1)] void main() { b[0] = 1; }"
GS = """struct V { float4 p : SV_Position; };
[maxvertexcount(2)] void main(point V v[1], inout LineStream<V> s) { s.Append(v[0]); s.Append(v[0]); }"""
HS = """struct CP { float4 p : POS; }; struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")] CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }"""
DS = """struct CP { float4 p : POS; }; struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")] float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> op) : SV_Position
{ return op[0].p * uvw.x + op[1].p * uvw.y + op[2].p * uvw.z; }"""

#: blob kind -> (source, target, compile flags)
KINDS = {
    "vs": (VS, "vs_5_0", 0), "ps": (PS, "ps_5_0", 0), "cs": (CS, "cs_5_0", 0), "gs": (GS, "gs_5_0", 0),
    "hs": (HS, "hs_5_0", 0), "ds": (DS, "ds_5_0", 0), "ps40": (PS, "ps_4_0", 0),
    "level9": ("float4 main(float4 c : COLOR) : SV_Target { return c; }", "ps_4_0_level_9_1", 0), "debug": (PS, "ps_5_0", dc.D3DCOMPILE_DEBUG),
}
_CACHE: dict[str, bytes] = {}


def blob(kind: str) -> bytes:
    if kind == "private":  # a shader carrying private data set by D3DSetBlobPart
        return bytes(dc.D3DSetBlobPart(blob("ps"), None, dc.D3D_BLOB_PRIVATE_DATA, 0, b"mine", 4))
    if kind not in _CACHE:
        src, target, flags = KINDS[kind]
        _CACHE[kind] = bytes(dc.D3DCompile(src.encode(), None, "s34.hlsl", None, None, "main", target, flags, 0))
    return _CACHE[kind]


def chunks(data: bytes) -> list[str]:
    return [c.fourcc for c in parse_container(bytes(data)).chunks]


# -- D3D_BLOB_PART per blob kind ------------------------------------------------------------------------------------

ALL_KINDS = [*KINDS, "private"]
_SIGNATURED = {"vs", "ps", "cs", "gs", "hs", "ds", "ps40", "level9", "debug", "private"}
#: part -> the kinds that hold it (every other kind: E_FAIL)
HOLDERS = {
    dc.D3D_BLOB_INPUT_SIGNATURE_BLOB: _SIGNATURED,
    dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB: _SIGNATURED,
    dc.D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB: _SIGNATURED,
    dc.D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB: {"hs", "ds"},
    dc.D3D_BLOB_ALL_SIGNATURE_BLOB: {"hs", "ds"},  # all three signatures, so only where a patch constant one is
    # the debug information is the PDB part (SPDB), as in fxc's /Zi objects; DEBUG_INFO (SDBG) is in none
    # (d3dcompiler_47 10.1, session 49)
    dc.D3D_BLOB_DEBUG_INFO: set(),
    dc.D3D_BLOB_LEGACY_SHADER: {"level9"},
    dc.D3D_BLOB_XNA_PREPASS_SHADER: set(),
    dc.D3D_BLOB_XNA_SHADER: set(),
    dc.D3D_BLOB_PDB: {"debug"},
    dc.D3D_BLOB_PRIVATE_DATA: {"private"},
    dc.D3D_BLOB_ROOT_SIGNATURE: set(),
    dc.D3D_BLOB_DEBUG_NAME: set(),
    dc.D3D_BLOB_TEST_ALTERNATE_SHADER: set(),
    dc.D3D_BLOB_TEST_COMPILE_DETAILS: set(),
    dc.D3D_BLOB_TEST_COMPILE_PERF: set(),
    dc.D3D_BLOB_TEST_COMPILE_REPORT: set(),
}


def test_blob_part_values():
    """D3D_BLOB_PART's values (d3dcompiler.h): 0-12 in the page's order, the test parts from 0x8000."""
    assert [dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB,
            dc.D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB, dc.D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB,
            dc.D3D_BLOB_ALL_SIGNATURE_BLOB, dc.D3D_BLOB_DEBUG_INFO, dc.D3D_BLOB_LEGACY_SHADER,
            dc.D3D_BLOB_XNA_PREPASS_SHADER, dc.D3D_BLOB_XNA_SHADER, dc.D3D_BLOB_PDB, dc.D3D_BLOB_PRIVATE_DATA,
            dc.D3D_BLOB_ROOT_SIGNATURE, dc.D3D_BLOB_DEBUG_NAME] == list(range(13))
    assert [dc.D3D_BLOB_TEST_ALTERNATE_SHADER, dc.D3D_BLOB_TEST_COMPILE_DETAILS, dc.D3D_BLOB_TEST_COMPILE_PERF,
            dc.D3D_BLOB_TEST_COMPILE_REPORT] == [0x8000, 0x8001, 0x8002, 0x8003]


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize("part", list(HOLDERS))
def test_blob_part_per_kind(kind: str, part: int):
    data = blob(kind)
    if kind in HOLDERS[part]:
        out = bytes(dc.D3DGetBlobPart(data, len(data), part, 0))
        assert out
    else:
        with pytest.raises(D3D11Error) as e:
            dc.D3DGetBlobPart(data, len(data), part, 0)
        assert e.value.hresult == E_FAIL


#: signature part -> the chunk groups of the container it returns, in order
SIGNATURE_CHUNKS = {
    dc.D3D_BLOB_INPUT_SIGNATURE_BLOB: [("ISGN", "ISG1")],
    dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB: [("OSGN", "OSG5", "OSG1")],
    dc.D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB: [("ISGN", "ISG1"), ("OSGN", "OSG5", "OSG1")],
    dc.D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB: [("PCSG", "PSG1")],
    dc.D3D_BLOB_ALL_SIGNATURE_BLOB: [("ISGN", "ISG1"), ("OSGN", "OSG5", "OSG1"), ("PCSG", "PSG1")],
}


@pytest.mark.parametrize(("kind", "part"), [(k, p) for p in SIGNATURE_CHUNKS for k in ("vs", "ps", "gs", "hs", "ds", "cs")
                                             if k in HOLDERS[p]])
def test_signature_parts_are_containers_of_those_chunks(kind: str, part: int):
    """A signature part is a DXBC container (valid checksum: parse_container verifies it) holding the blob's own
    signature chunks byte for byte, nothing else; the part of a part is the part again."""
    data = blob(kind)
    out = bytes(dc.D3DGetBlobPart(data, None, part, 0))
    whole = parse_container(data)
    got = parse_container(out)
    expected = [whole.get_first(group) for group in SIGNATURE_CHUNKS[part]]
    assert [(c.fourcc, bytes(c.data)) for c in got.chunks] == [(c.fourcc, bytes(c.data)) for c in expected]
    assert bytes(dc.D3DGetBlobPart(out, None, part, 0)) == out


@pytest.mark.parametrize(("function", "part"), [
    ("D3DGetInputSignatureBlob", dc.D3D_BLOB_INPUT_SIGNATURE_BLOB),
    ("D3DGetOutputSignatureBlob", dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB),
    ("D3DGetInputAndOutputSignatureBlob", dc.D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB),
    ("D3DGetDebugInfo", dc.D3D_BLOB_DEBUG_INFO),
])
@pytest.mark.parametrize("kind", ["vs", "debug", "hs"])
def test_older_getters_are_blob_part(function: str, part: int, kind: str):
    """The D3DGet*SignatureBlob pages: "Instead use D3DGetBlobPart with the D3D_BLOB_..._BLOB value"; the same
    answer, failures included."""
    data = blob(kind)
    try:
        expected = bytes(dc.D3DGetBlobPart(data, None, part, 0))
    except D3D11Error as e:
        with pytest.raises(D3D11Error) as got:
            getattr(dc, function)(data, len(data))
        assert got.value.hresult == e.hresult
        return
    assert bytes(getattr(dc, function)(data, len(data))) == expected


def test_private_data_round_trip():
    """D3DSetBlobPart "currently only supports the D3D_BLOB_PRIVATE_DATA value": what is set is what
    D3DGetBlobPart(D3D_BLOB_PRIVATE_DATA) returns; setting again replaces it."""
    data = blob("private")
    assert bytes(dc.D3DGetBlobPart(data, None, dc.D3D_BLOB_PRIVATE_DATA, 0)) == b"mine"
    again = bytes(dc.D3DSetBlobPart(data, None, dc.D3D_BLOB_PRIVATE_DATA, 0, b"other data", 10))
    assert bytes(dc.D3DGetBlobPart(again, None, dc.D3D_BLOB_PRIVATE_DATA, 0)) == b"other data"
    assert chunks(again).count("PRIV") == 1


@pytest.mark.parametrize("part", [13, 100, 0x7FFF, 0x8004, 0xFFFF])
def test_unknown_parts_are_invalid_calls(part: int):
    with pytest.raises(D3D11Error) as e:
        dc.D3DGetBlobPart(blob("ps"), None, part, 0)
    assert e.value.hresult == D3DERR_INVALIDCALL


@pytest.mark.parametrize("flags", [1, 2, 0x80000000])
def test_blob_part_flags_must_be_zero(flags: int):
    """Flags: "Currently, no flags are defined"."""
    with pytest.raises(D3D11Error) as e:
        dc.D3DGetBlobPart(blob("ps"), None, dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, flags)
    assert e.value.hresult == D3DERR_INVALIDCALL


# -- D3DStripShader per flag --------------------------------------------------------------------------------------

def test_strip_flag_values():
    assert [dc.D3DCOMPILER_STRIP_REFLECTION_DATA, dc.D3DCOMPILER_STRIP_DEBUG_INFO, dc.D3DCOMPILER_STRIP_TEST_BLOBS,
            dc.D3DCOMPILER_STRIP_PRIVATE_DATA, dc.D3DCOMPILER_STRIP_ROOT_SIGNATURE] == [1, 2, 4, 8, 0x10]


#: flag -> chunks it removes (the parts the flag names: reflection = RDEF and its statistics STAT, debug
#: information = the D3D_BLOB_DEBUG_INFO part, private data = D3D_BLOB_PRIVATE_DATA)
STRIPPED = {
    0: set(),
    dc.D3DCOMPILER_STRIP_REFLECTION_DATA: {"RDEF", "STAT"},
    dc.D3DCOMPILER_STRIP_DEBUG_INFO: {"SPDB"},
    dc.D3DCOMPILER_STRIP_TEST_BLOBS: set(),
    dc.D3DCOMPILER_STRIP_PRIVATE_DATA: {"PRIV"},
    dc.D3DCOMPILER_STRIP_ROOT_SIGNATURE: set(),
}


@pytest.mark.parametrize("flag", list(STRIPPED))
@pytest.mark.parametrize("kind", ["vs", "hs", "level9", "debug", "private"])
def test_strip_removes_exactly_the_flagged_parts(flag: int, kind: str):
    data = blob(kind)
    out = bytes(dc.D3DStripShader(data, len(data), flag))
    assert chunks(out) == [c for c in chunks(data) if c not in STRIPPED[flag]]
    kept = {c.fourcc: bytes(c.data) for c in parse_container(data).chunks}
    assert all(kept[c.fourcc] == bytes(c.data) for c in parse_container(out).chunks)


@pytest.mark.parametrize("kind", ["vs", "debug", "private"])
def test_strip_flags_combine(kind: str):
    data = blob(kind)
    every = sum(STRIPPED)
    out = bytes(dc.D3DStripShader(data, None, every))
    assert chunks(out) == [c for c in chunks(data) if c not in set().union(*STRIPPED.values())]
    # the stripped parts are gone for D3DGetBlobPart too, the signatures stay
    with pytest.raises(D3D11Error):
        dc.D3DGetBlobPart(out, None, dc.D3D_BLOB_PDB, 0)
    with pytest.raises(D3D11Error):
        dc.D3DGetBlobPart(out, None, dc.D3D_BLOB_PRIVATE_DATA, 0)
    assert dc.D3DGetBlobPart(out, None, dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, 0)


def test_stripped_reflection_describes_no_buffers():
    """With its RDEF stripped a shader still reflects (signatures and instruction counts come from other chunks)
    but names no constant buffer or resource."""
    src = "cbuffer c { float4 k; }; float4 main(float4 p : SV_Position) : SV_Target { return p * k; }"
    data = bytes(dc.D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0))
    out = bytes(dc.D3DStripShader(data, None, dc.D3DCOMPILER_STRIP_REFLECTION_DATA))
    r = dc.D3DReflect(out)
    assert (r.GetDesc().ConstantBuffers, r.GetDesc().BoundResources, r.GetDesc().InputParameters) == (0, 0, 1)
    with pytest.raises(D3D11Error):
        r.GetConstantBufferByName("c").GetDesc()


# -- argument errors: NULL, zero size, garbage --------------------------------------------------------------------

def _blob_call(name: str):
    ps = blob("ps")
    return {
        "D3DReflect": lambda d, n: dc.D3DReflect(d, n),
        "D3D11Reflect": lambda d, n: dc.D3D11Reflect(d, n),
        "D3DGetBlobPart": lambda d, n: dc.D3DGetBlobPart(d, n, dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, 0),
        "D3DGetInputSignatureBlob": lambda d, n: dc.D3DGetInputSignatureBlob(d, n),
        "D3DGetOutputSignatureBlob": lambda d, n: dc.D3DGetOutputSignatureBlob(d, n),
        "D3DGetInputAndOutputSignatureBlob": lambda d, n: dc.D3DGetInputAndOutputSignatureBlob(d, n),
        "D3DGetDebugInfo": lambda d, n: dc.D3DGetDebugInfo(d, n),
        "D3DStripShader": lambda d, n: dc.D3DStripShader(d, n, dc.D3DCOMPILER_STRIP_REFLECTION_DATA),
        "D3DSetBlobPart": lambda d, n: dc.D3DSetBlobPart(d, n, dc.D3D_BLOB_PRIVATE_DATA, 0, b"x", 1),
        "D3DGetTraceInstructionOffsets": lambda d, n: dc.D3DGetTraceInstructionOffsets(d, n, 0, 0, 4),
        "D3DDisassembleRegion": lambda d, n: dc.D3DDisassembleRegion(d, n, 0, None, 0, 1),
        "D3DReflectLibrary": lambda d, n: dc.D3DReflectLibrary(d, n),
        "D3DLoadModule": lambda d, n: dc.D3DLoadModule(d, n),
    }[name], ps


NO_DATA_FUNCTIONS = ["D3DReflect", "D3D11Reflect", "D3DGetBlobPart", "D3DGetInputSignatureBlob",
                     "D3DGetOutputSignatureBlob", "D3DGetInputAndOutputSignatureBlob", "D3DGetDebugInfo",
                     "D3DStripShader", "D3DSetBlobPart", "D3DGetTraceInstructionOffsets", "D3DDisassembleRegion",
                     "D3DReflectLibrary", "D3DLoadModule"]


@pytest.mark.parametrize("name", NO_DATA_FUNCTIONS)
@pytest.mark.parametrize("how", ["null", "empty", "size 0", "size 0 of null"])
def test_no_data_is_invalid_call(name: str, how: str):
    """NULL data and a size of 0 are no data: D3DERR_INVALIDCALL, never the whole buffer read, never a Python
    error (a size of 0 was taken as "left out" by the disassembly functions, and NULL was E_INVALIDARG for
    D3DReflect and the blob functions while an empty buffer was D3DERR_INVALIDCALL)."""
    call, ps = _blob_call(name)
    data, size = {"null": (None, None), "empty": (b"", None), "size 0": (ps, 0), "size 0 of null": (None, 0)}[how]
    with pytest.raises(D3D11Error) as e:
        call(data, size)
    # session 37: d3dcompiler_47 10.1 under Wine answers a non-NULL pointer with a size of 0 to
    # D3DDisassembleRegion with E_INVALIDARG (tests/test_rules_d3dcompiler_api_s37.py RECORDED_FAULTS "size 0")
    region_empty = name == "D3DDisassembleRegion" and how in ("empty", "size 0")
    assert e.value.hresult == (E_INVALIDARG if region_empty else D3DERR_INVALIDCALL)


@pytest.mark.parametrize("data", [None, b"", "size 0"])
def test_disassemble_no_data_is_no_shader(data):
    """D3DDisassemble of no data: NULL D3DERR_INVALIDCALL, a size of 0 E_INVALIDARG -- d3dcompiler_47 10.1's
    answers under Wine (session 37; this test expected E_FAIL, the project's earlier choice)."""
    args = (blob("ps"), 0) if data == "size 0" else (data, None)
    with pytest.raises(D3D11Error) as e:
        dc.D3DDisassemble(*args, 0, None)
    assert e.value.hresult == (D3DERR_INVALIDCALL if data is None else E_INVALIDARG)


def _garbage(kind: str) -> bytes:
    ps = bytearray(blob("ps"))
    if kind == "tag":  # right size field, wrong tag
        ps[:4] = b"DXBX"
    elif kind == "version":
        ps[20:24] = (2).to_bytes(4, "little")
    elif kind == "size field":
        ps[24:28] = (len(ps) + 4).to_bytes(4, "little")
    elif kind == "chunk offset":
        ps[32:36] = (len(ps) + 100).to_bytes(4, "little")
    elif kind == "text":
        return b"float4 main() : SV_Target { return 0; }"
    elif kind == "truncated":
        return bytes(ps[:40])
    return bytes(ps)


@pytest.mark.parametrize("name", NO_DATA_FUNCTIONS + ["D3DDisassemble"])
@pytest.mark.parametrize("kind", ["tag", "version", "size field", "chunk offset", "text", "truncated"])
def test_garbage_ends_in_an_hresult(name: str, kind: str):
    """Malformed containers fail with an HRESULT (D3D11Error), never a raw Python exception."""
    data = _garbage(kind)
    call = (lambda d, n: dc.D3DDisassemble(d, n, 0, None)) if name == "D3DDisassemble" else _blob_call(name)[0]
    with pytest.raises(D3D11Error) as e:
        call(data, len(data))
    assert e.value.hresult < 0 or e.value.hresult & 0x80000000


@pytest.mark.parametrize("name", ["D3DGetBlobPart", "D3DStripShader", "D3DSetBlobPart"])
def test_a_tag_other_than_dxbc_is_invalid_call(name: str):
    """d3dcompiler_47 10.1 under Wine (session 37, RECORDED_FAULTS "tag DXBD"): D3DERR_INVALIDCALL (this test
    expected E_FAIL, Wine's reimplementation's answer)."""
    data = _garbage("tag")
    with pytest.raises(D3D11Error) as e:
        _blob_call(name)[0](data, len(data))
    assert e.value.hresult == D3DERR_INVALIDCALL


# -- D3D11Reflect -----------------------------------------------------------------------------------------------------

def test_d3d11reflect_is_d3dreflect_for_the_11_interface():
    """direct3dhlsl "D3D11Reflect function": "a wrapper for the D3DReflect compiler function" that "can retrieve only
    a ID3D11ShaderReflection interface"."""
    data = blob("hs")
    a, b = dc.D3D11Reflect(data, len(data)), dc.D3DReflect(data, len(data), IID_ID3D11ShaderReflection)
    assert isinstance(a, dc.ID3D11ShaderReflection)
    assert a.GetDesc() == b.GetDesc()
    assert [a.GetPatchConstantParameterDesc(i) for i in range(2)] == [b.GetPatchConstantParameterDesc(i) for i in range(2)]


# -- D3DCreateBlob --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 17, 4096])
def test_create_blob(size: int):
    """D3DCreateBlob: "Number of bytes in the blob"; GetBufferSize answers it, the buffer is writable."""
    b = dc.D3DCreateBlob(size)
    assert b.GetBufferSize() == size and len(bytes(b)) == size
    if size:
        b.GetBufferPointer()[0] = 0x5A
        assert bytes(b)[0] == 0x5A


# -- D3DCompile flags that change the output ------------------------------------------------------------------------

FLAG_SRC = """cbuffer c { float4 k; }; Texture2D t; SamplerState s;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return t.Sample(s, uv) * k + k.x * uv.y; }"""


def _flags_compile(flags: int, target: str = "ps_5_0", src: str = FLAG_SRC) -> bytes:
    return bytes(dc.D3DCompile(src.encode(), None, "s34.hlsl", None, None, "main", target, flags, 0))


#: global flags of dcl_globalFlags, as reflection.global_flags reads them (token bits 11-23 shifted to 0)
REFACTORING_ALLOWED, SKIP_OPTIMIZATION, ALL_RESOURCES_BOUND = 0x1, 0x10, 0x100


@pytest.mark.parametrize(("flags", "target", "expected"), [
    (0, "ps_5_0", REFACTORING_ALLOWED),
    (dc.D3DCOMPILE_IEEE_STRICTNESS, "ps_5_0", 0),  # "avoids optimizations that may break IEEE rules"
    (dc.D3DCOMPILE_SKIP_OPTIMIZATION, "ps_5_0", REFACTORING_ALLOWED | SKIP_OPTIMIZATION),
    # d3dcompiler_47 10.1 under Wine (session 38): a 4.0 pixel shader declares neither flag; 4.1 declares both
    (dc.D3DCOMPILE_SKIP_OPTIMIZATION, "ps_4_0", 0),
    (dc.D3DCOMPILE_SKIP_OPTIMIZATION, "ps_4_1", REFACTORING_ALLOWED | SKIP_OPTIMIZATION),
    (dc.D3DCOMPILE_ALL_RESOURCES_BOUND, "ps_5_1", REFACTORING_ALLOWED | ALL_RESOURCES_BOUND),
    (0, "ps_5_1", REFACTORING_ALLOWED),
    (dc.D3DCOMPILE_SKIP_OPTIMIZATION, "ps_5_1", REFACTORING_ALLOWED | SKIP_OPTIMIZATION),
    (dc.D3DCOMPILE_ALL_RESOURCES_BOUND, "ps_5_0", REFACTORING_ALLOWED),  # "Only applies to ... Shader Model 5.1"
    (dc.D3DCOMPILE_ALL_RESOURCES_BOUND | dc.D3DCOMPILE_IEEE_STRICTNESS, "ps_5_1", ALL_RESOURCES_BOUND),
])
def test_flags_in_the_program_global_flags(flags: int, target: str, expected: int):
    """dcl_globalFlags per the D3DCOMPILE constants page: refactoringAllowed unless IEEE strictness, skipOptimization
    under /Od at shader model 5, allResourcesBound (D3D12_SB_GLOBAL_FLAG_ALL_RESOURCES_BOUND, bit 19) under
    /all_resources_bound at 5.1."""
    program = parse_container(_flags_compile(flags, target)).program
    assert global_flags(program) == expected


def test_all_resources_bound_is_listed():
    listing = bytes(dc.D3DDisassemble(_flags_compile(dc.D3DCOMPILE_ALL_RESOURCES_BOUND, "ps_5_1"), None, 0,
                                      None)).decode()
    assert "dcl_globalFlags refactoringAllowed | allResourcesBound" in listing


def test_debug_adds_the_debug_part_only():
    """D3DCOMPILE_DEBUG: "insert debug file/line/type/symbol information into the output code" -- the
    D3D_BLOB_PDB part appears (D3DGetDebugInfo, the SDBG part, fails on both, as on fxc's objects: d3dcompiler_47
    10.1, session 49); the program itself is the same."""
    plain, debug = _flags_compile(0), _flags_compile(dc.D3DCOMPILE_DEBUG)
    assert dc.D3DGetBlobPart(debug, None, dc.D3D_BLOB_PDB, 0)
    for obj in (plain, debug):
        with pytest.raises(D3D11Error):
            dc.D3DGetDebugInfo(obj, None)
    with pytest.raises(D3D11Error):
        dc.D3DGetBlobPart(plain, None, dc.D3D_BLOB_PDB, 0)
    assert parse_container(plain).program == parse_container(debug).program


def test_skip_optimization_keeps_more_instructions():
    """D3DCOMPILE_SKIP_OPTIMIZATION: "skip optimization steps" -- never fewer instructions than the default."""
    src = "cbuffer c { float4 k; }; float4 main() : SV_Target { float4 a = k * 2; float4 b = a * 0.5; return b + 0; }"
    default = dc.D3DReflect(_flags_compile(0, src=src)).GetDesc().InstructionCount
    od = dc.D3DReflect(_flags_compile(dc.D3DCOMPILE_SKIP_OPTIMIZATION, src=src)).GetDesc().InstructionCount
    assert od > default


WARNING_SRC = "float4 main(float4 p : SV_Position) : SV_Target { float3 t = p; return float4(t, 1); }"


def test_warnings_are_errors():
    """D3DCOMPILE_WARNINGS_ARE_ERRORS (/WX): "treat all warnings as errors" -- a source that compiles with warning
    X3206 (implicit truncation) fails with E_FAIL under the flag, the warning reported as an error."""
    messages: list = []
    dc.D3DCompile(WARNING_SRC.encode(), None, "w.hlsl", None, None, "main", "ps_5_0", 0, 0, messages)
    assert "warning X3206" in bytes(messages[0]).decode()
    messages.clear()
    with pytest.raises(ShaderCompileError) as e:
        dc.D3DCompile(WARNING_SRC.encode(), None, "w.hlsl", None, None, "main", "ps_5_0",
                      dc.D3DCOMPILE_WARNINGS_ARE_ERRORS, 0, messages)
    assert e.value.hresult == E_FAIL
    assert "error X3206" in bytes(messages[0]).decode()


@pytest.mark.parametrize("flags", [0, dc.D3DCOMPILE_DEBUG, dc.D3DCOMPILE_SKIP_OPTIMIZATION,
                                   dc.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR, dc.D3DCOMPILE_PARTIAL_PRECISION,
                                   dc.D3DCOMPILE_AVOID_FLOW_CONTROL, dc.D3DCOMPILE_ENABLE_STRICTNESS,
                                   dc.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, dc.D3DCOMPILE_IEEE_STRICTNESS,
                                   dc.D3DCOMPILE_OPTIMIZATION_LEVEL0, dc.D3DCOMPILE_OPTIMIZATION_LEVEL3])
def test_shader_desc_flags_record_the_compile_flags(flags: int):
    """D3D11_SHADER_DESC.Flags: "Shader compilation/parse flags" -- the compile's D3DCOMPILE_* bits (with
    NO_PRESHADER, as fxc writes them: docs/conformance.md session 13)."""
    assert dc.D3DReflect(_flags_compile(flags)).GetDesc().Flags == flags | dc.D3DCOMPILE_NO_PRESHADER


def test_backwards_compatibility_accepts_half_globals():
    """D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY: "enable older shaders to compile to 5_0 targets" -- a global
    ``half`` (X3650 otherwise, docs/features.md D3DCompile row) compiles under it."""
    src = "half h; float4 main() : SV_Target { return h; }"
    with pytest.raises(ShaderCompileError):
        _flags_compile(0, src=src)
    assert _flags_compile(dc.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, src=src)


# -- D3DCompile's parameters ------------------------------------------------------------------------------------------

TARGET_SOURCES = {
    "vs_5_0": "float4 main() : SV_Position { return 0; }",
    "ps_4_0": "float4 main() : SV_Target { return 0; }",
    "cs_5_0": "[numthreads(1, 1, 1)] void main() {}",
    "vs_4_0_level_9_1": "float4 main() : SV_Position { return 0; }",
    "ps_2_0": "float4 main() : COLOR { return 0; }",
}


@pytest.mark.parametrize("target", list(TARGET_SOURCES))
def test_a_shader_target_needs_an_entry_point(target: str):
    """pEntrypoint: "For all other shader profiles [than fx_*], a valid pEntrypoint is required" -- NULL is
    D3DERR_INVALIDCALL with fxc's "D3DCompile: pEntrypoint pointer is invalid" (d3dcompiler_47 10.1 under Wine,
    session 35; E_INVALIDARG before), an empty or unknown name is fxc's X3501 "entrypoint not found" (E_FAIL)."""
    src = TARGET_SOURCES[target].encode()
    with pytest.raises(D3D11Error) as e:
        dc.D3DCompile(src, None, None, None, None, None, target, 0, 0)
    assert e.value.hresult == 0x8876086C  # D3DERR_INVALIDCALL
    assert "D3DCompile: pEntrypoint pointer is invalid" in str(e.value)
    for name in ("", "nope"):
        messages: list = []
        with pytest.raises(ShaderCompileError) as e:
            dc.D3DCompile(src, None, None, None, None, name, target, 0, 0, messages)
        assert e.value.hresult == E_FAIL and f"error X3501: '{name}': entrypoint not found" in bytes(messages[0]).decode()
    assert dc.D3DCompile(src, None, None, None, None, "main", target, 0, 0)


@pytest.mark.parametrize(("target", "src"), [
    ("fx_5_0", "float4 main() : SV_Target { return 0; } technique11 T { pass P { SetPixelShader(CompileShader(ps_5_0, "
               "main())); } }"),
    ("fx_4_0", "float4 main() : SV_Target { return 0; } technique10 T { pass P { SetPixelShader(CompileShader(ps_4_0, "
               "main())); } }"),
    ("lib_5_0", "export float f(float x) { return x * 2; }"),
])
def test_effect_and_library_targets_ignore_the_entry_point(target: str, src: str):
    """"When you compile using a fx profile ... D3DCompile ignores pEntrypoint": NULL, empty and unknown names give
    the same bytes. A library takes only NULL: any name, "" included, is X3713 with D3DERR_INVALIDCALL
    (d3dcompiler_47 10.1 under Wine, session 35: "Entry point cannot be specified for a library")."""
    if target.startswith("lib"):
        assert dc.D3DCompile(src.encode(), None, "x.fx", None, None, None, target, 0, 0)
        for e in ("", "nope"):
            with pytest.raises(D3D11Error) as err:
                dc.D3DCompile(src.encode(), None, "x.fx", None, None, e, target, 0, 0)
            assert err.value.hresult == 0x8876086C and "error X3713" in str(err.value)
        return
    blobs = {bytes(dc.D3DCompile(src.encode(), None, "x.fx", None, None, e, target, 0, 0)) for e in (None, "", "nope")}
    assert len(blobs) == 1


@pytest.mark.parametrize("flags2", [dc.D3DCOMPILE_EFFECT_CHILD_EFFECT, dc.D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, 0xFF])
def test_shader_targets_ignore_flags2(flags2: int):
    """Flags2: "When you compile a shader and not an effect file, D3DCompile ignores Flags2"."""
    src = FLAG_SRC.encode()
    plain = bytes(dc.D3DCompile(src, None, "f.hlsl", None, None, "main", "ps_5_0", 0, 0))
    assert bytes(dc.D3DCompile(src, None, "f.hlsl", None, None, "main", "ps_5_0", 0, flags2)) == plain


def test_d3dcompile2_without_secondary_data_is_d3dcompile():
    """D3DCompile2's page: the difference is the optional secondary-data parameters; without them the same bytes."""
    src = FLAG_SRC.encode()
    assert bytes(dc.D3DCompile2(src, None, "f.hlsl", None, None, "main", "ps_5_0", 0, 0, 0, None, 0)) == \
        bytes(dc.D3DCompile(src, None, "f.hlsl", None, None, "main", "ps_5_0", 0, 0))


# -- the blob object, the smallest container, the keyword forms -----------------------------------------------------

def test_blob_reference_counts():
    """ID3DBlob is an IUnknown: AddRef and Release return the new reference count (a new blob holds one)."""
    b = dc.D3DCreateBlob(4)
    assert (b.AddRef(), b.AddRef(), b.Release(), b.Release(), b.Release()) == (2, 3, 2, 1, 0)


def test_a_container_of_no_chunks():
    """The 32-byte header alone (chunk count 0) is a well-formed container: it has no part (E_FAIL, not the
    short-header D3DERR_INVALIDCALL), strips to itself, and takes private data."""
    from pyd3d11.shader.dxbc.container import build_container

    empty = bytes(build_container([]))
    assert len(empty) == 32
    with pytest.raises(D3D11Error) as e:
        dc.D3DGetBlobPart(empty, None, dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, 0)
    assert e.value.hresult == E_FAIL
    assert bytes(dc.D3DStripShader(empty, None, dc.D3DCOMPILER_STRIP_REFLECTION_DATA)) == empty
    assert chunks(dc.D3DSetBlobPart(empty, None, dc.D3D_BLOB_PRIVATE_DATA, 0, b"p", 1)) == ["PRIV"]


def test_keyword_forms():
    """The Python spellings without a size: D3DGetBlobPart(data, Part=...) (Flags 0 by default) and
    D3DStripShader(data, uStripFlags=...)."""
    data = blob("ps")
    assert bytes(dc.D3DGetBlobPart(data, Part=dc.D3D_BLOB_INPUT_SIGNATURE_BLOB)) == \
        bytes(dc.D3DGetBlobPart(data, len(data), dc.D3D_BLOB_INPUT_SIGNATURE_BLOB, 0))
    assert "RDEF" not in chunks(dc.D3DStripShader(data, uStripFlags=dc.D3DCOMPILER_STRIP_REFLECTION_DATA))
    # two positional arguments are (data, flags); the data alone strips nothing
    assert "RDEF" not in chunks(dc.D3DStripShader(data, dc.D3DCOMPILER_STRIP_REFLECTION_DATA))
    assert chunks(dc.D3DStripShader(data)) == chunks(data)


# -- D3DReadFileToBlob / D3DWriteBlobToFile ---------------------------------------------------------------------------

#: HRESULT_FROM_WIN32 of the CreateFile errors (winerror.h)
FILE_NOT_FOUND, PATH_NOT_FOUND, ACCESS_DENIED, FILE_EXISTS = 0x80070002, 0x80070003, 0x80070005, 0x80070050


def test_file_round_trip(tmp_path):
    path = tmp_path / "shader.cso"
    dc.D3DWriteBlobToFile(blob("ps"), str(path), True)
    assert bytes(dc.D3DReadFileToBlob(str(path))) == blob("ps")


@pytest.mark.parametrize(("case", "hresult"), [("missing file", FILE_NOT_FOUND), ("missing folder", PATH_NOT_FOUND),
                                               ("a folder", ACCESS_DENIED)])
def test_read_file_errors(tmp_path, case: str, hresult: int):
    """D3DReadFileToBlob opens an existing file (CreateFile OPEN_EXISTING): a missing file is ERROR_FILE_NOT_FOUND,
    a missing folder on the path ERROR_PATH_NOT_FOUND, a folder ERROR_ACCESS_DENIED."""
    path = {"missing file": tmp_path / "none.cso", "missing folder": tmp_path / "no" / "none.cso",
            "a folder": tmp_path}[case]
    with pytest.raises(D3D11Error) as e:
        dc.D3DReadFileToBlob(str(path))
    assert e.value.hresult & 0xFFFFFFFF == hresult


def test_write_file_errors(tmp_path):
    """bOverwrite FALSE keeps an existing file (CREATE_NEW: ERROR_FILE_EXISTS, the file unchanged); a missing folder
    is ERROR_PATH_NOT_FOUND."""
    path = tmp_path / "x.cso"
    path.write_bytes(b"old")
    with pytest.raises(D3D11Error) as e:
        dc.D3DWriteBlobToFile(blob("ps"), str(path), False)
    assert e.value.hresult & 0xFFFFFFFF == FILE_EXISTS and path.read_bytes() == b"old"
    with pytest.raises(D3D11Error) as e:
        dc.D3DWriteBlobToFile(blob("ps"), str(tmp_path / "no" / "x.cso"), True)
    assert e.value.hresult & 0xFFFFFFFF == PATH_NOT_FOUND


# -- D3DCOMPILE_EFFECT_* -----------------------------------------------------------------------------------------------

EFFECT_SRC = """shared cbuffer S { float4 k; }; float4 v;
BlendState B { BlendEnable[0] = %s; };
float4 main() : SV_Target { return k + v; }
technique11 T { pass P { SetPixelShader(CompileShader(ps_5_0, main())); SetBlendState(B, float4(0, 0, 0, 0), 0xFFFFFFFF); } }
"""


def _effect(target: str, flags2: int, state: str = "TRUE") -> bytes:
    src = EFFECT_SRC % state
    if target != "fx_5_0":
        src = src.replace("technique11", "technique10").replace("ps_5_0", "ps_4_0")
    return bytes(dc.D3DCompile(src.encode(), None, "e.fx", None, None, None, target, 0, flags2))


def test_effect_flag_values():
    """The D3DCOMPILE_EFFECT constants page: CHILD_EFFECT (1 << 0), ALLOW_SLOW_OPS (1 << 1)."""
    assert (dc.D3DCOMPILE_EFFECT_CHILD_EFFECT, dc.D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS) == (1, 2)


def test_child_effect():
    """CHILD_EFFECT: "Effect pools are supported by Effects 10 (FX10) but not by Effects 11": at fx_4_x a child effect
    is a binary FX11 refuses, so it is not built (NotSupportedError, E_NOTIMPL); at fx_5_0 fxc ignores /Gch (its
    *_5_0_Child objects equal the plain ones: docs/conformance.md session 26 FX11)."""
    assert _effect("fx_5_0", dc.D3DCOMPILE_EFFECT_CHILD_EFFECT) == _effect("fx_5_0", 0)
    with pytest.raises(D3D11Error) as e:
        _effect("fx_4_0", dc.D3DCOMPILE_EFFECT_CHILD_EFFECT)
    assert e.value.hresult == 0x80004001  # E_NOTIMPL


def test_allow_slow_ops():
    """ALLOW_SLOW_OPS: "Performance mode disallows mutable state objects by preventing non-literal expressions from
    appearing in state object definitions" -- a state computed from a variable fails without the flag, compiles with
    it; a literal state compiles either way."""
    assert _effect("fx_5_0", 0, "TRUE") and _effect("fx_5_0", dc.D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, "TRUE")
    with pytest.raises(ShaderCompileError):
        _effect("fx_5_0", 0, "v.x > 0")
    assert _effect("fx_5_0", dc.D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, "v.x > 0")
