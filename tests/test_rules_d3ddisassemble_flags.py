"""D3DDisassemble's D3D_DISASM_ENABLE_INSTRUCTION_OFFSET and _INSTRUCTION_NUMBERING (fxc's /No and /Ni).

Layout from public D3DDisassemble output (blog and repository listings of shaders disassembled by d3dcompiler_47):
offsets alone -- every program line, the version line included, starts ``0x%08X: `` with the byte offset of its
instruction in the program (``0x00000000: vs_4_0``, ``0x00000008: dcl_constantbuffer ...``, ``0x00000018:
dcl_input v0.xyzw``, ... ``0x00000210: ret``, then ``// Approximately 16 instruction slots used``); offsets and
numbers -- the version line and declarations get six spaces before the offset, instructions their number from 0
right-aligned in four columns and two spaces (``   0  0x0000005C: mov r0.xz, vThreadID.zzzz``, ``  10
0x00000174: ...``, `` 100  0x00000CB8: ...``). The instruction sizes those listings show (a constant-buffer
declaration 16 bytes, ``dcl_input`` 12, ``dcl_output_siv`` 16, ``dcl_temps`` 8, ``dp4`` with a cb operand 32,
a register ``mov`` 20) follow from the token formats (D3D11.3 §22, 4-byte tokens) and are checked here.
Numbering without offsets, colour codes, default values and hexadecimal literals: no public output; refused by
name (NotSupportedError).
"""

from __future__ import annotations

import re

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.compile_api import D3DCompile

#: the blog's Tutorial-style vertex shader (three cb matrices, position and colour)
VS = """cbuffer ConstantBuffer : register(b0) { matrix World; matrix View; matrix Projection; }
struct VS_OUTPUT { float4 Pos : SV_POSITION; float4 Color : COLOR0; };
VS_OUTPUT main(float4 Pos : POSITION, float4 Color : COLOR) {
    VS_OUTPUT o = (VS_OUTPUT)0;
    o.Pos = mul(Pos, World); o.Pos = mul(o.Pos, View); o.Pos = mul(o.Pos, Projection);
    if (Pos.x > 0) o.Color = Color * 2; else o.Color = Color;
    return o; }"""


@pytest.fixture(scope="module")
def blob() -> bytes:
    return bytes(D3DCompile(VS, None, "t.hlsl", None, None, "main", "vs_4_0"))


def _lines(blob: bytes, flags: int) -> list[str]:
    return bytes(dc.D3DDisassemble(blob, len(blob), flags, None)).rstrip(b"\0").decode().splitlines()


def _program(lines: list[str]) -> list[str]:
    return [ln for ln in lines if ln.strip() and not ln.startswith("//")]


def _offsets(blob: bytes) -> list[int]:
    """Byte offsets of every instruction in the program: D3DGetTraceInstructionOffsets (declarations included)
    less the program payload's position in the blob (the version token is at payload offset 0)."""
    offs, _total = dc.D3DGetTraceInstructionOffsets(blob, len(blob), dc.D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE)
    first = offs[0] - 8  # the first instruction follows the version and length tokens
    return [o - first for o in offs]


def test_offsets_prefix_every_program_line(blob):
    plain = _program(_lines(blob, 0))
    lines = _lines(blob, dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET)
    prog = _program(lines)
    assert len(prog) == len(plain)
    offs = [0] + _offsets(blob)
    for ln, text, off in zip(prog, plain, offs, strict=True):
        assert ln == f"0x{off:08X}: {text}"
    # the header comments and the trailer are those of the plain listing
    assert [ln for ln in lines if ln.startswith("//")] == [ln for ln in _lines(blob, 0) if ln.startswith("//")]
    assert lines[-1].startswith("// Approximately")


def test_instruction_sizes_match_the_public_listing(blob):
    prog = _program(_lines(blob, dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET))
    got = [(int(ln[2:10], 16), ln[12:].strip().split(" ")[0]) for ln in prog]
    sizes = {name: nxt[0] - off for (off, name), nxt in zip(got, got[1:], strict=False)}
    assert got[0] == (0, "vs_4_0") and got[1][0] == 8
    assert sizes["dcl_constantbuffer"] == 16 and sizes["dcl_input"] == 12 and sizes["dcl_output_siv"] == 16
    assert sizes["dcl_temps"] == 8 and sizes["dp4"] == 32
    assert prog[-1].endswith(": ret ")


def test_numbers_and_offsets(blob):
    plain = _program(_lines(blob, 0))
    prog = _program(_lines(blob, dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET | dc.D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING))
    offs = [0] + _offsets(blob)
    n = 0
    for ln, text, off in zip(prog, plain, offs, strict=True):
        if text.lstrip().startswith("dcl_") or text == "vs_4_0":
            assert ln == f"      0x{off:08X}: {text}"
        else:
            assert ln == f"{n:4d}  0x{off:08X}: {text}"
            n += 1
    # flow control keeps its indentation after the prefix; instructions are counted, not declarations
    assert any(re.match(r"^ *\d+  0x[0-9A-F]{8}:   mul ", ln) for ln in prog)
    executable, _total = dc.D3DGetTraceInstructionOffsets(blob, len(blob), 0)
    assert n == len(executable)


def test_instruction_only_keeps_the_prefixes(blob):
    flags = dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET | dc.D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING
    only = _lines(blob, flags | dc.D3D_DISASM_INSTRUCTION_ONLY)
    assert only == _program(_lines(blob, flags))


def test_three_digit_numbers_fill_the_field():
    body = "".join(f"r = r * {k}.5 + sin(r);\n" for k in range(40))
    b = bytes(D3DCompile(f"float4 main(float4 p : P) : SV_Target {{ float4 r = p;\n{body} return r; }}", None,
                         "t.hlsl", None, None, "main", "ps_5_0"))
    prog = _program(_lines(b, dc.D3D_DISASM_ENABLE_INSTRUCTION_OFFSET | dc.D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING))
    numbered = [ln for ln in prog if not ln.startswith("      ")]
    assert len(numbered) > 100
    assert numbered[100].startswith(" 100  0x")


@pytest.mark.parametrize("flag", [dc.D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING, dc.D3D_DISASM_ENABLE_COLOR_CODE,
                                  dc.D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS, dc.D3D_DISASM_PRINT_HEX_LITERALS])
def test_layouts_nothing_public_shows_are_refused(blob, flag):
    with pytest.raises(NotSupportedError, match="D3D_DISASM_"):
        dc.D3DDisassemble(blob, len(blob), flag, None)


def test_offsets_on_direct3d9_bytecode_are_refused_by_name():
    """Merge of HL1 (DXBC offsets) and HL3 (D3D9 listings): no public D3D9 listing with offsets exists, so the
    flag is refused by name on D3D9 bytecode instead of being ignored."""
    from pyd3d11.errors import NotSupportedError
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.compiler_tools import D3D_DISASM_ENABLE_INSTRUCTION_OFFSET, disassemble_with_flags

    blob = D3DCompile("float4 main(float4 p:POSITION):POSITION{return p*2;}", None, None, None, None, "main", "vs_2_0")
    data = bytes(blob.GetBufferPointer())
    assert "vs_2_0" in disassemble_with_flags(data, 0, None)
    with pytest.raises(NotSupportedError, match="Direct3D 9"):
        disassemble_with_flags(data, D3D_DISASM_ENABLE_INSTRUCTION_OFFSET, None)
