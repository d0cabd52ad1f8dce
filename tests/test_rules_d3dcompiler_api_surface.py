"""The d3dcompiler API surface, function by function and method by method, from the d3dcompiler.h pages of
MicrosoftDocs/win32 (desktop-src/direct3dhlsl) and the ID3D11ShaderReflection* pages (desktop-src/direct3d11).

Expected values are computed independently of the code under test: instruction offsets by walking the
DXBC container and the SM4 token stream as the functional spec lays them out (header dword 7 = chunk count,
chunk offsets from byte 32; opcode in bits 0-10, instruction length in bits 24-30, customdata's length in
the next dword), listings against D3DDisassemble's own full listing (a region is a slice of it).
"""

from __future__ import annotations

import struct

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, D3D11Error, NotSupportedError

PS = b"""
cbuffer C { float4 k; };
Texture2D t; SamplerState s;
float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  float4 r = k;
  [branch] if (uv.x > 0.5) r += t.Sample(s, uv);
  return r;
}"""

CLASSES = b"""
interface ILight { float3 L(); };
interface IOther { float3 M(); };
class Base : ILight { float3 c; float3 L() { return c; } };
class Derived : Base { float3 e; float3 L() { return c * 2 + e; } };
class Lone : IOther { float3 f; float3 M() { return f; } };
ILight g_light;
IOther g_other;
cbuffer cb { Derived d; Base b; Lone n; float4 plain; };
float4 main() : SV_Target { return float4(g_light.L() + g_other.M(), 1) + plain; }
"""


def _compile(src: bytes = PS, target: str = "ps_4_0", flags: int = 0) -> bytes:
    return bytes(dc.D3DCompile(src, len(src), None, None, None, "main", target, flags, 0))


@pytest.fixture(scope="module")
def ps() -> bytes:
    return _compile()


# -- inventory: every function of d3dcompiler.h the docs list ------------------------------------------------

BUILT = ["D3DCompile", "D3DCompile2", "D3DCompileFromFile", "D3DPreprocess", "D3DDisassemble",
         "D3DDisassembleRegion", "D3DGetTraceInstructionOffsets", "D3DCompressShaders", "D3DDecompressShaders",
         "D3DReflect", "D3DGetBlobPart", "D3DSetBlobPart", "D3DStripShader", "D3DGetDebugInfo",
         "D3DGetInputSignatureBlob", "D3DGetOutputSignatureBlob", "D3DGetInputAndOutputSignatureBlob",
         "D3DCreateBlob", "D3DReadFileToBlob", "D3DWriteBlobToFile",
         # session 18 (issue 15): shader libraries and linking (tests/test_hlsl_library_linking.py)
         "D3DReflectLibrary", "D3DLoadModule", "D3DCreateLinker", "D3DCreateFunctionLinkingGraph"]


@pytest.mark.parametrize("name", BUILT)
def test_documented_function_exists(name):
    assert callable(getattr(dc, name))


REFLECTION_METHODS = {
    "ID3D11ShaderReflection": [
        "GetBitwiseInstructionCount", "GetConstantBufferByIndex", "GetConstantBufferByName",
        "GetConversionInstructionCount", "GetDesc", "GetGSInputPrimitive", "GetInputParameterDesc",
        "GetMinFeatureLevel", "GetMovcInstructionCount", "GetMovInstructionCount", "GetNumInterfaceSlots",
        "GetOutputParameterDesc", "GetPatchConstantParameterDesc", "GetRequiresFlags", "GetResourceBindingDesc",
        "GetResourceBindingDescByName", "GetThreadGroupSize", "GetVariableByName", "IsSampleFrequencyShader"],
    "ID3D11ShaderReflectionType": [
        "GetBaseClass", "GetDesc", "GetInterfaceByIndex", "GetMemberTypeByIndex", "GetMemberTypeByName",
        "GetMemberTypeName", "GetNumInterfaces", "GetSubType", "ImplementsInterface", "IsEqual", "IsOfType"],
    "ID3D11ShaderReflectionVariable": ["GetBuffer", "GetDesc", "GetInterfaceSlot", "GetType"],
    "ID3D11ShaderReflectionConstantBuffer": ["GetDesc", "GetVariableByIndex", "GetVariableByName"],
}


@pytest.mark.parametrize("iface,method", [(i, m) for i, ms in REFLECTION_METHODS.items() for m in ms])
def test_documented_reflection_method_exists(iface, method):
    assert callable(getattr(getattr(dc, iface), method))


# -- D3DGetTraceInstructionOffsets ---------------------------------------------------------------------------


def _walk(blob: bytes) -> list[tuple[int, int]]:
    """(byte offset in the program, opcode) of every instruction, walked by hand. d3dcompiler_47 10.1 counts
    D3DGetTraceInstructionOffsets' and D3DDisassembleRegion's offsets from the program's first token (recorded
    under Wine, session 37; this walk gave offsets in the blob before)."""
    count = struct.unpack_from("<I", blob, 28)[0]
    for off in struct.unpack_from(f"<{count}I", blob, 32):
        if blob[off:off + 4] in (b"SHDR", b"SHEX"):
            base = off + 8
            break
    length = struct.unpack_from("<I", blob, base + 4)[0]
    pos, out = 2, []
    while pos < length:
        tok = struct.unpack_from("<I", blob, base + 4 * pos)[0]
        op = tok & 0x7FF
        n = struct.unpack_from("<I", blob, base + 4 * pos + 4)[0] if op == 53 else tok >> 24 & 0x7F
        out.append((4 * pos, op))
        pos += n
    return out


def _is_decl(op: int) -> bool:
    """Non-executable opcodes (d3d11TokenizedProgramFormat.hpp numbering): customdata 53, the SM4
    declarations 88-106, hs_decls 113, the SM5 declarations 143-162 and dcl_gsinstances 206. The hull
    shader's phase markers 114-116 are counted as instructions by d3dcompiler_47 10.1 (recorded under Wine,
    session 37; they were listed here as non-executable)."""
    return op == 53 or 88 <= op <= 106 or op == 113 or 143 <= op <= 162 or op == 206


def test_trace_offsets_executable_only(ps):
    walked = _walk(ps)
    expect = [off for off, op in walked if not _is_decl(op)]
    offsets, total = dc.D3DGetTraceInstructionOffsets(ps, len(ps), 0, 0, 1000)
    assert offsets == expect and total == len(expect)


def test_trace_offsets_include_non_executable(ps):
    walked = _walk(ps)
    offsets, total = dc.D3DGetTraceInstructionOffsets(ps, len(ps), dc.D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE,
                                                      0, 1000)
    assert offsets == [off for off, _ in walked] and total == len(walked)


@pytest.mark.parametrize("start,num", [(0, 1), (1, 2), (3, 100), (7, 1), (8, 5), (100, 1), (2, 0)])
def test_trace_offsets_window(ps, start, num):
    full, total = dc.D3DGetTraceInstructionOffsets(ps, len(ps), 0, 0, 1000)
    part, total2 = dc.D3DGetTraceInstructionOffsets(ps, len(ps), 0, start, num)
    assert part == full[start:start + num] and total2 == total


# session 37: data without the DXBC tag is D3DERR_INVALIDCALL, d3dcompiler_47 10.1's answer under Wine
# (tests/test_rules_d3dcompiler_api_s37.py; this row said E_FAIL)
@pytest.mark.parametrize("data,hr", [(b"", D3DERR_INVALIDCALL), (b"JUNK" * 10, D3DERR_INVALIDCALL)])
def test_trace_offsets_bad_data(data, hr):
    with pytest.raises(D3D11Error) as ei:
        dc.D3DGetTraceInstructionOffsets(data, len(data), 0, 0, 1)
    assert ei.value.hresult == hr


def test_trace_offsets_unknown_flag(ps):
    with pytest.raises(D3D11Error) as ei:
        dc.D3DGetTraceInstructionOffsets(ps, len(ps), 2, 0, 1)
    assert ei.value.hresult == E_INVALIDARG


# -- D3DDisassemble flags and D3DDisassembleRegion -------------------------------------------------------------


def _listing(blob: bytes, flags: int = 0) -> list[str]:
    return bytes(dc.D3DDisassemble(blob, len(blob), flags, None)).rstrip(b"\0").decode().splitlines()


def _program_lines(listing: list[str]) -> list[str]:
    """The instruction lines of a full listing: after the version line, no comments, no blanks."""
    body = [ln for ln in listing if ln.strip() and not ln.startswith("//")]
    return body[1:]


def test_disassemble_instruction_only_is_listing_without_comments(ps):
    full = _listing(ps)
    only = _listing(ps, dc.D3D_DISASM_INSTRUCTION_ONLY)
    assert only == [ln for ln in full if ln.strip() and not ln.startswith("//")]
    assert not any(ln.startswith("//") for ln in only)


# PS initialises no constant, so default-value printing adds nothing to its listing
@pytest.mark.parametrize("flag", [dc.D3D_DISASM_DISABLE_DEBUG_INFO, dc.D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS])
def test_disassemble_flags_without_effect(ps, flag):
    assert _listing(ps, flag) == _listing(ps)


@pytest.mark.parametrize("flags", [dc.D3D_DISASM_ENABLE_INSTRUCTION_CYCLE, 0x100, 0x200, 0x1000, 0x10000])
@pytest.mark.parametrize("fn", ["D3DDisassemble", "D3DDisassembleRegion"])
def test_cycle_flag_and_unknown_bits_are_invalid_calls(ps, flags, fn):
    """d3dcompiler_47 10.1 under Wine (session 37): ENABLE_INSTRUCTION_CYCLE (the page: "No effect") and every
    bit above PRINT_HEX_LITERALS are D3DERR_INVALIDCALL for both functions."""
    with pytest.raises(D3D11Error) as ei:
        if fn == "D3DDisassemble":
            dc.D3DDisassemble(ps, len(ps), flags, None)
        else:
            dc.D3DDisassembleRegion(ps, len(ps), flags, None, 0, 1)
    assert ei.value.hresult == D3DERR_INVALIDCALL


@pytest.mark.parametrize("flag,fn", [
    # PRINT_HEX_LITERALS is built since session 40 (d3dcompiler_47 10.1's rows: test_rules_reflect_fxc_s40.py)
    (flag, fn) for flag in (dc.D3D_DISASM_ENABLE_COLOR_CODE,)
    for fn in ("D3DDisassemble", "D3DDisassembleRegion")])
def test_disassemble_unbuilt_flags_refused_by_name(ps, flag, fn):
    with pytest.raises(NotSupportedError) as ei:
        if fn == "D3DDisassemble":
            dc.D3DDisassemble(ps, len(ps), flag, None)
        else:
            dc.D3DDisassembleRegion(ps, len(ps), flag, None, 0, 1)
    assert "D3D_DISASM_" in str(ei.value)


def _region(blob: bytes, start: int, num: int, flags: int = 0, comments=None) -> tuple[list[str], int]:
    b, finish = dc.D3DDisassembleRegion(blob, len(blob), flags, comments, start, num)
    return bytes(b).rstrip(b"\0").decode().splitlines(), finish


# D3DDisassembleRegion as d3dcompiler_47 10.1 answers (recorded under Wine, session 37; these tests described the
# project's earlier region, a header-less slice at blob offsets): the whole header and trailer of D3DDisassemble
# around the region (none under INSTRUCTION_ONLY), offsets counted from the program's first token, the version
# line an entry of its own, the region starting at the first instruction at or after the offset.
_ONLY = dc.D3D_DISASM_INSTRUCTION_ONLY


def test_region_whole_program_is_the_listing(ps):
    lines, finish = _region(ps, 0, 10_000)
    assert lines == _listing(ps)
    walked = _walk(ps)
    assert finish == walked[-1][0] + 4  # `ret` is one dword


@pytest.mark.parametrize("first,num", [(0, 1), (2, 3), (9, 2), (10, 100), (5, 0)])
def test_region_slice(ps, first, num):
    walked = _walk(ps)
    body = _program_lines(_listing(ps))  # one line per instruction in this shader (no customdata)
    assert len(body) == len(walked)
    lines, finish = _region(ps, walked[first][0], num, _ONLY)
    # a region is indented from its own start: its first line has no flow-control indentation
    assert [ln.strip() for ln in lines] == [ln.strip() for ln in body[first:first + num]]
    assert not lines or not lines[0].startswith(" ")
    nxt = first + min(num, len(walked) - first)
    # a region of no instruction finishes at 0 (the DLL's answer)
    assert finish == (0 if num == 0 else walked[nxt][0] if nxt < len(walked) else walked[-1][0] + 4)
    full, finish2 = _region(ps, walked[first][0], num)
    listing = _listing(ps)
    head = listing[:listing.index(_listing(ps, _ONLY)[0])]
    assert full == head + lines + [listing[-1]] and finish2 == finish


def test_region_of_the_version_line(ps):
    """Offsets 0-7 (the version and length tokens) choose the version line; a region of it alone finishes at 0."""
    version = _listing(ps, _ONLY)[0]
    for start in (0, 4, 7):
        assert _region(ps, start, 1, _ONLY) == ([version], 0)
    assert _region(ps, 8, 1, _ONLY)[0] == [_program_lines(_listing(ps))[0]]


def test_region_flags(ps):
    assert _region(ps, 0, 5, dc.D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS) == _region(ps, 0, 5)
    walked = _walk(ps)
    lines, _ = _region(ps, walked[2][0], 2, _ONLY | dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET)
    assert lines == _listing(ps, _ONLY | dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET)[3:5]


def test_region_comments_inside_the_header(ps):
    lines, _ = _region(ps, 0, 2, comments="hello")
    plain = _region(ps, 0, 2)[0]
    assert lines[:3] == plain[:3] and lines[3] == "hello" + plain[3] and lines[4:] == plain[4:]
    assert _region(ps, 0, 2, _ONLY, comments="hello") == _region(ps, 0, 2, _ONLY)


def test_region_offset_inside_an_instruction(ps):
    walked = _walk(ps)
    lines, finish = _region(ps, walked[3][0] + 4, 1, _ONLY)
    assert lines == [_program_lines(_listing(ps))[4]] and finish == walked[5][0]


def test_region_and_trace_offsets_agree(ps):
    offsets, _ = dc.D3DGetTraceInstructionOffsets(ps, len(ps), 0, 0, 1000)
    for i, off in enumerate(offsets[:-1]):
        _, finish = dc.D3DDisassembleRegion(ps, len(ps), 0, None, off, 1)
        assert finish <= offsets[i + 1]


# -- D3DCompressShaders / D3DDecompressShaders -------------------------------------------------------------


@pytest.fixture(scope="module")
def three() -> list[bytes]:
    return [_compile(), _compile(target="ps_5_0"),
            _compile(b"float4 main(float4 p : POSITION) : SV_Position { return p * 2; }", "vs_4_0")]


def test_compress_round_trip_keep_all_parts(three):
    data = [dc.D3D_SHADER_DATA(b, len(b)) for b in three]
    packed = dc.D3DCompressShaders(3, data, dc.D3D_COMPRESS_SHADER_KEEP_ALL_PARTS)
    out, total = dc.D3DDecompressShaders(packed, len(packed), 3, 0, None, 0)
    assert total == 3 and [bytes(b) for b in out] == three


@pytest.mark.parametrize("num,start,indices,expect", [
    (1, 1, None, [1]), (2, 1, None, [1, 2]), (2, 0, [2, 0], [2, 0]), (2, 2, None, [2, None]),
    (1, 0, [5], [None])])
def test_decompress_selection(three, num, start, indices, expect):
    packed = dc.D3DCompressShaders(3, three, dc.D3D_COMPRESS_SHADER_KEEP_ALL_PARTS)
    out, total = dc.D3DDecompressShaders(packed, len(packed), num, start, indices, 0)
    assert [bytes(b) if b is not None else None for b in out] == [three[i] if i is not None else None
                                                                  for i in expect]
    assert total == sum(i is not None for i in expect)


def test_compress_without_keep_all_parts_drops_debug_info():
    dbg = _compile(flags=dc.D3DCOMPILE_DEBUG)
    packed = dc.D3DCompressShaders(1, [dbg], 0)
    (out,), _ = dc.D3DDecompressShaders(packed, len(packed), 1, 0, None, 0)
    assert bytes(dc.D3DGetBlobPart(out, len(out), dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB, 0)) == \
        bytes(dc.D3DGetBlobPart(dbg, len(dbg), dc.D3D_BLOB_OUTPUT_SIGNATURE_BLOB, 0))
    with pytest.raises(D3D11Error):
        dc.D3DGetDebugInfo(out, len(out))
    assert _listing(bytes(out), dc.D3D_DISASM_INSTRUCTION_ONLY) == _listing(dbg, dc.D3D_DISASM_INSTRUCTION_ONLY)


@pytest.mark.parametrize("num,data,flags", [(0, [b"x"], 0), (2, None, 0), (3, ["a", "b"], 0), (1, [None], 0)])
def test_compress_bad_arguments(three, num, data, flags):
    if data is not None:
        data = [three[0] if d == "a" or d == "b" else d for d in data]
    with pytest.raises(D3D11Error) as ei:
        dc.D3DCompressShaders(num, data, flags)
    assert ei.value.hresult in (E_INVALIDARG,)


def test_compress_unknown_flag_and_non_shader(three):
    """d3dcompiler_47 10.1 under Wine (session 37; this test said E_INVALIDARG and E_FAIL): an unknown flag is
    E_FAIL; bytes that are no container are compressed as given, a container whose checksum fails is E_FAIL."""
    with pytest.raises(D3D11Error) as ei:
        dc.D3DCompressShaders(1, three, 2)
    assert ei.value.hresult == E_FAIL
    for flags in (0, dc.D3D_COMPRESS_SHADER_KEEP_ALL_PARTS):
        packed = bytes(dc.D3DCompressShaders(1, [b"JUNK" * 10], flags))
        assert dc.D3DDecompressShaders(packed, len(packed), 1, 0, None, 0)[0][0] == b"JUNK" * 10
        bad = bytearray(three[0])
        bad[-1] ^= 1
        with pytest.raises(D3D11Error) as ei:
            dc.D3DCompressShaders(1, [bytes(bad)], flags)
        assert ei.value.hresult == E_FAIL


def test_decompress_bad_input(three):
    packed = bytes(dc.D3DCompressShaders(1, three, 0))
    with pytest.raises(D3D11Error) as ei:
        dc.D3DDecompressShaders(packed, len(packed), 1, 0, None, 1)
    assert ei.value.hresult == E_INVALIDARG
    with pytest.raises(D3D11Error) as ei:
        dc.D3DDecompressShaders(three[0], len(three[0]), 1, 0, None, 0)  # a shader, not a compressed set
    assert ei.value.hresult == E_FAIL
    with pytest.raises(D3D11Error) as ei:
        dc.D3DDecompressShaders(packed[:-5], len(packed) - 5, 1, 0, None, 0)
    assert ei.value.hresult == E_FAIL


# -- D3DPreprocess ppErrorMsgs, D3DCompile2 secondary data ---------------------------------------------------


def test_preprocess_error_blob():
    errs: list = []
    with pytest.raises(D3D11Error) as ei:
        # #error ends preprocessing (d3dcompiler_47 10.1, session 35: E_FAIL); fxc reports most other preprocessor
        # errors and returns S_OK with its text (an #if without its expression: X1500, S_OK)
        dc.D3DPreprocess(b"#error stop\n", None, "x.hlsl", None, None, errs)
    assert ei.value.hresult == E_FAIL
    text = bytes(errs[0]).decode()
    assert text.startswith("x.hlsl(") and ": error: stop" in text  # (fxc's #error has no number: session 38)


def test_preprocess_warning_blob_on_success():
    errs: list = []
    out = dc.D3DPreprocess(b"#pragma nonsense_pragma\nint a;\n", None, "w.hlsl", None, None, errs)
    assert b"int a ; " in bytes(out)  # (fxc's text: each token followed by a space, d3dcompiler_47 10.1, session 37)
    assert "w.hlsl(1,1): warning X3568:" in bytes(errs[0]).decode()


def test_preprocess_no_messages_when_clean():
    errs: list = []
    dc.D3DPreprocess(b"int a;\n", None, "c.hlsl", None, None, errs)
    assert errs == []


def test_compile2_without_secondary_data_is_compile(ps):
    b = dc.D3DCompile2(PS, len(PS), None, None, None, "main", "ps_4_0", 0, 0, 0, None, 0)
    assert bytes(b) == ps


@pytest.mark.parametrize("flags", [dc.D3DCOMPILE_SECDATA_MERGE_UAV_SLOTS, dc.D3DCOMPILE_SECDATA_PRESERVE_TEMPLATE_SLOTS,
                                   dc.D3DCOMPILE_SECDATA_REQUIRE_TEMPLATE_MATCH])
def test_compile2_secondary_data_not_supported(ps, flags):
    with pytest.raises(NotSupportedError):
        dc.D3DCompile2(PS, len(PS), None, None, None, "main", "ps_4_0", 0, 0, flags, ps, len(ps))


# -- ID3D11ShaderReflectionType::IsOfType / ImplementsInterface ---------------------------------------------


@pytest.fixture(scope="module")
def classes():
    r = dc.D3DReflect(_compile(CLASSES, "ps_5_0"))
    return {n: r.GetVariableByName(n).GetType() for n in ("d", "b", "n", "plain")}


@pytest.mark.parametrize("a,b,expect", [("d", "b", True), ("b", "d", False), ("d", "d", True), ("b", "b", True),
                                        ("n", "b", False), ("plain", "b", False), ("plain", "plain", True)])
def test_is_of_type(classes, a, b, expect):
    assert classes[a].IsOfType(classes[b]) is expect


def test_is_of_type_invalid(classes):
    invalid = dc.D3DReflect(_compile(CLASSES, "ps_5_0")).GetVariableByName("nope").GetType()
    assert classes["d"].IsOfType(invalid) is False
    with pytest.raises(D3D11Error) as ei:  # asked of the invalid type: E_FAIL (DXC's CInvalidSRType)
        invalid.IsOfType(classes["d"])
    assert ei.value.hresult == E_FAIL


@pytest.mark.parametrize("cls,iface_of,expect", [("b", "b", True), ("d", "b", True), ("n", "b", False),
                                                 ("n", "n", True), ("d", "n", False), ("b", "n", False)])
def test_implements_interface(classes, cls, iface_of, expect):
    iface = classes[iface_of].GetInterfaceByIndex(0)
    assert classes[cls].ImplementsInterface(iface) is expect


# -- failure text of a compile as a whole -------------------------------------------------------------------


@pytest.mark.parametrize("entry", ["nope", "Main"])
def test_missing_entry_point_message(entry):
    errs: list = []
    with pytest.raises(D3D11Error) as ei:
        dc.D3DCompile(b"float4 main() : SV_Target { return 0; }", None, "f.hlsl", None, None, entry, "ps_4_0", 0, 0,
                      errs)
    assert ei.value.hresult == E_FAIL
    # no source position: Visual Studio's FxCompile shows it as "FXC : error X3501: 'main': entrypoint not found"
    assert bytes(errs[0]).decode().strip() == f"error X3501: '{entry}': entrypoint not found"
