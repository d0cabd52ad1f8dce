"""The d3dcompiler functions around compiled bytecode that are neither compiling nor reflection:
D3DDisassemble's flags, D3DDisassembleRegion, D3DGetTraceInstructionOffsets, D3DCompressShaders /
D3DDecompressShaders; the shader-linking functions (D3DReflectLibrary, D3DLoadModule, D3DCreateLinker,
D3DCreateFunctionLinkingGraph) are re-exported from library_reflection.py and linker.py.

Offsets are byte offsets into the data passed (the DXBC container), the "byte offset into the binary
shader data" of the D3DDisassembleRegion page; StartByteOffset and the trace offsets use the same origin
so one function's output feeds the other.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Any

from ..errors import D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, D3D11Error, NotSupportedError, error_for
from ..headers.d3dcompiler_types import (
    D3D_COMPRESS_SHADER_KEEP_ALL_PARTS,
    D3D_DISASM_ENABLE_COLOR_CODE,
    D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS,
    D3D_DISASM_ENABLE_INSTRUCTION_CYCLE,
    D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING,
    D3D_DISASM_ENABLE_INSTRUCTION_OFFSET,
    D3D_DISASM_INSTRUCTION_ONLY,
    D3D_DISASM_PRINT_HEX_LITERALS,
    D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE,
    D3DCOMPILER_STRIP_DEBUG_INFO,
    D3DCOMPILER_STRIP_TEST_BLOBS,
)
from .blob import ID3DBlob, blob_bytes, container_fault, read_container
from .dxbc.checksum import dxbc_checksum
from .dxbc.container import DxbcContainer
from .dxbc.opcodes import OPCODES, OpClass
from .ir import Opcode

__all__ = [
    "D3D_SHADER_DATA",
    "D3DCompressShaders",
    "D3DCreateFunctionLinkingGraph",
    "D3DCreateLinker",
    "D3DDecompressShaders",
    "D3DDisassembleRegion",
    "D3DGetTraceInstructionOffsets",
    "D3DLoadModule",
    "D3DReflectLibrary",
    "disassemble_with_flags",
]

_DISASM_ALL = 0xFF
#: Flags whose output format no public material shows (colour codes): refused by name rather than printed in an
#: invented layout. PRINT_HEX_LITERALS writes every literal word as ``0x%08x`` (d3dcompiler_47 10.1 under Wine,
#: session 40: an instruction's l()/d() operands, the immediate constant buffer, a Direct3D 9 ``def``;
#: declarations' values and the header's default values unchanged). ENABLE_INSTRUCTION_OFFSET and ENABLE_INSTRUCTION_NUMBERING are
#: built alone and together (public D3DDisassemble listings show all three layouts:
#: disasm.positioned_program_lines). ENABLE_DEFAULT_VALUE_PRINTS ("Enable the output of default values") adds
#: the ``//      = 0x...`` line under each initialised constant of the header, as fxc's /Fc listings print it
#: (the corpus' Direct3D10 CubeMapGS listing); without it the header leaves them out.
_DISASM_UNBUILT = {
    D3D_DISASM_ENABLE_COLOR_CODE: "D3D_DISASM_ENABLE_COLOR_CODE",
}


#: the first dword of an Effects 10/11 binary (effects/model.py VERSION_TAGS: fx_4_0, fx_4_1, fx_5_0)
_EFFECT_TAGS = tuple(struct.pack("<I", tag) for tag in (0xFEFF1001, 0xFEFF1011, 0xFEFF2001))


def _check_disasm_flags(flags: int, method: str) -> None:
    # d3dcompiler_47 10.1 under Wine (session 37): a bit above PRINT_HEX_LITERALS and ENABLE_INSTRUCTION_CYCLE
    # (whose page says "No effect") are D3DERR_INVALIDCALL, for D3DDisassemble and D3DDisassembleRegion alike
    if flags & ~_DISASM_ALL or flags & D3D_DISASM_ENABLE_INSTRUCTION_CYCLE:
        raise error_for(D3DERR_INVALIDCALL, f"D3D_DISASM flags 0x{flags:X} refused", method)
    for bit, name in _DISASM_UNBUILT.items():
        if flags & bit:
            raise NotSupportedError(f"{method} with {name}", method)


def _container(data: bytes, method: str, family: str = "blob") -> DxbcContainer:
    """The container checks of ``family`` (blob.read_container: the HRESULTs d3dcompiler_47 returns for each
    fault), then the chunks."""
    return read_container(data, None, method, family)[1]


def source_bytes(pSrcData: Any, SrcDataSize: int | None) -> bytes:  # noqa: N803
    """The ``SrcDataSize`` bytes a C caller passes (all of them when the size is left out). NULL data and a size
    of 0 are no data: each function then fails as it fails for an empty buffer, never by reading the whole
    buffer (a size of 0 was taken as "left out")."""
    if pSrcData is None:
        return b""
    data = blob_bytes(pSrcData)
    return data if SrcDataSize is None else data[:SrcDataSize]


def disassemble_with_flags(data: bytes, flags: int, comments: str | None, method: str = "D3DDisassemble") -> str:
    """D3DDisassemble's listing under its D3D_DISASM_* flags (the D3DDisassemble / D3DDisassembleRegion pages):
    INSTRUCTION_ONLY drops the comment header and the slot-count trailer, leaving the version line and the
    program; ENABLE_INSTRUCTION_CYCLE has no effect ("No effect"); DISABLE_DEBUG_INFO has nothing to remove
    (pyd3d11 listings carry no source-line debug information); ENABLE_INSTRUCTION_OFFSET and
    ENABLE_INSTRUCTION_NUMBERING, alone or together, prefix the program lines
    (disasm.positioned_program_lines)."""
    from .dxbc.disasm import disassemble, disassemble_program, positioned_program_lines
    from .dxbc.listing_dialect import D3DCOMPILER_47, writing_hex_literals
    from .sm2.disasm import d3d9_listing, is_d3d9_bytecode

    _check_disasm_flags(flags, method)
    if not data:
        raise error_for(E_INVALIDARG, "a size of 0", method)  # NULL is D3DDisassemble's D3DERR_INVALIDCALL
    numbering = bool(flags & D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING)
    offsets = bool(flags & D3D_DISASM_ENABLE_INSTRUCTION_OFFSET)
    positions = numbering if numbering or offsets else None
    from .hlsl.library import read_library

    if data[:4] in _EFFECT_TAGS:
        # an Effects 10/11 binary: d3dcompiler_47 lists a technique/pass view of it (its fx_4_x/fx_5_0 objects
        # are DXBC containers with an FX10 chunk, listed too); that listing is not built
        raise NotSupportedError(f"{method} of an effect (fx_4_0/fx_4_1/fx_5_0 binary)", method)
    if data[:4] == b"DXBC" and read_library(data) is not None:
        # a shader library (hlsl/library.py): fxc lists each function; that listing is not built
        raise NotSupportedError(f"{method} of a shader library (lib_* blob)", method)
    with writing_hex_literals(bool(flags & D3D_DISASM_PRINT_HEX_LITERALS)):
        try:
            if is_d3d9_bytecode(data):  # Direct3D 9 bytecode (vs_2_0 ... ps_3_0 targets): fxc's D3D9 listing
                text = d3d9_listing(data, bool(flags & D3D_DISASM_INSTRUCTION_ONLY), numbering, offsets)
            elif flags & D3D_DISASM_INSTRUCTION_ONLY:
                container = _container(data, method, "disassemble")
                if container.program is None:
                    raise error_for(E_FAIL, "container has no SHDR/SHEX chunk", method)
                lines = disassemble_program(container.program, D3DCOMPILER_47) if positions is None else \
                    positioned_program_lines(container.program, numbering, offsets, D3DCOMPILER_47)
                text = "\n".join(lines) + "\n"
            else:
                if "FX10" in _container(data, method, "disassemble"):
                    raise NotSupportedError(f"{method} of an effect (a container with an FX10 chunk)", method)
                text = disassemble(data, positions, offsets, bool(flags & D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS),
                                   D3DCOMPILER_47)
        except NotSupportedError:
            raise
        except D3D11Error as e:
            raise error_for(E_FAIL, e.message, method) from None
        except ValueError as e:
            raise error_for(E_FAIL, str(e), method) from None
    if comments and not flags & D3D_DISASM_INSTRUCTION_ONLY:
        text = _with_comments(text, comments, 2 if is_d3d9_bytecode(data) else 3)
    return text


# -- instruction offsets ----------------------------------------------------------------------------------


def _program_chunk(data: bytes, method: str) -> tuple[int, bytes]:
    """(byte offset of the SHDR/SHEX payload in ``data``, payload) of data read_container has checked."""
    count = int.from_bytes(data[28:32], "little")
    offsets = struct.unpack_from(f"<{count}I", data, 32)
    for off in offsets:
        if data[off:off + 4] in (b"SHDR", b"SHEX"):
            size = int.from_bytes(data[off + 4:off + 8], "little")
            return off + 8, data[off + 8:off + 8 + size]
    raise error_for(E_FAIL, "the blob has no SHDR/SHEX chunk", method)


def _instructions(data: bytes, method: str) -> list[tuple[int, int, Any]]:
    """Every instruction as (byte offset in the program, end offset, instruction): d3dcompiler_47 10.1 counts
    D3DGetTraceInstructionOffsets' offsets from the program's first token, as the offset listing prints them
    (recorded under Wine, session 37)."""
    from .dxbc.decoder import decode_program_positions

    _base, payload = _program_chunk(data, method)
    try:
        spans = decode_program_positions(payload)
    except D3D11Error as e:
        raise error_for(E_FAIL, e.message, method) from None
    return [(4 * s, 4 * e, inst) for s, e, inst in spans]


def _executable(inst: Any) -> bool:
    """Declarations, ``hs_decls`` and customdata (immediate constants, comments) are the non-executable code;
    everything else, the hull shader's phase markers included, is an instruction a trace steps through (as
    d3dcompiler_47 10.1 counts them, recorded under Wine, session 37; its numbered listing agrees)."""
    return OPCODES[inst.opcode].cls not in (OpClass.DECL, OpClass.CUSTOM) and inst.opcode != Opcode.HS_DECLS


def D3DGetTraceInstructionOffsets(pSrcData: Any, SrcDataSize: int | None, Flags: int = 0,  # noqa: N802,N803
                                  StartInstIndex: int = 0, NumInsts: int | None = None) -> tuple[list[int], int]:
    """The byte offsets of ``NumInsts`` instructions from index ``StartInstIndex`` and the total instruction
    count (the C function's ``pOffsets`` and ``pTotalInsts``). Without
    D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE only executable instructions are counted and indexed.
    Fewer offsets come back when the range runs past the end (the page: "the actual number of offsets");
    ``NumInsts`` None means to the end. Unknown flags: E_INVALIDARG (inferred; one flag is defined)."""
    method = "D3DGetTraceInstructionOffsets"
    if Flags & ~D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE:
        raise error_for(E_INVALIDARG, f"unknown flags 0x{Flags:X}", method)
    data = read_container(pSrcData, SrcDataSize, method)[0]
    insts = _instructions(data, method)
    if not Flags & D3D_GET_INST_OFFSETS_INCLUDE_NON_EXECUTABLE:
        insts = [i for i in insts if _executable(i[2])]
    total = len(insts)
    start = max(0, int(StartInstIndex))
    stop = total if NumInsts is None else min(total, start + max(0, int(NumInsts)))
    return [off for off, _, _ in insts[start:stop]], total


def D3DDisassembleRegion(pSrcData: Any, SrcDataSize: int | None, Flags: int = 0,  # noqa: N802,N803
                         szComments: str | None = None, StartByteOffset: int = 0,
                         NumInsts: int | None = None) -> tuple[ID3DBlob, int]:
    """The listing of ``NumInsts`` instructions from byte ``StartByteOffset`` of the program, and the byte offset
    where it stopped (``pFinishByteOffset``), as d3dcompiler_47 10.1 answers (recorded under Wine, session 37;
    the page says neither): D3DDisassemble's whole header and trailer around the region (none under
    D3D_DISASM_INSTRUCTION_ONLY); offsets count from the program's first token, the version line being the
    entry at 0 (8 bytes); the region starts at the first entry at or after the offset (one inside an
    instruction starts at the next); the offset and numbering flags prefix its lines as in a whole listing
    (dxbc/disasm.py disassemble_region). ``NumInsts`` None: to the end."""
    from .dxbc.disasm import disassemble_region
    from .dxbc.listing_dialect import writing_hex_literals

    method = "D3DDisassembleRegion"
    _check_disasm_flags(Flags, method)
    for bit, name in _DISASM_UNBUILT.items():
        if Flags & bit:
            raise NotSupportedError(f"{method} with {name}", method)
    data = read_container(pSrcData, SrcDataSize, method, "region")[0]
    container = _container(data, method)
    if container.program is None:
        raise error_for(E_FAIL, "the blob has no SHDR/SHEX chunk", method)
    numbering = bool(Flags & D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING)
    offsets = bool(Flags & D3D_DISASM_ENABLE_INSTRUCTION_OFFSET)
    header = not Flags & D3D_DISASM_INSTRUCTION_ONLY
    count = len(data) if NumInsts is None else int(NumInsts)
    with writing_hex_literals(bool(Flags & D3D_DISASM_PRINT_HEX_LITERALS)):
        try:
            text, finish = disassemble_region(container, int(StartByteOffset), count,
                                              numbering if numbering or offsets else None, offsets, header)
        except D3D11Error as e:
            raise error_for(E_FAIL, e.message, method) from None
    if szComments and header:
        text = _with_comments(text, szComments, 3)
    return ID3DBlob(text.encode() + b"\0"), finish


def _with_comments(text: str, comments: str, after: int) -> str:
    """``szComments`` as d3dcompiler_47 10.1 places it (recorded under Wine, session 37): verbatim, no newline
    added, before line ``after`` of the header (after "//", "// Generated by ...", "//" of a DXBC listing; after
    the two lines of a Direct3D 9 one)."""
    lines = text.split("\n")
    return "\n".join(lines[:after]) + "\n" + comments + "\n".join(lines[after:])


# -- compressed shader sets -------------------------------------------------------------------------------


@dataclass
class D3D_SHADER_DATA:  # noqa: N801 - d3dcompiler.h name
    """d3dcompiler.h D3D_SHADER_DATA: one shader of a D3DCompressShaders set."""

    pBytecode: Any = None  # noqa: N815
    BytecodeLength: int | None = None  # noqa: N815


#: pyd3d11's container for a compressed set. Windows' layout is undocumented, so a set compressed here
#: is read back here only, and Windows' sets fail with E_FAIL (recognised as not ours, never misread).
_SET_MAGIC = b"PYCS"
_SET_VERSION = 1


def _shader_bytes(item: Any, method: str) -> bytes:
    if isinstance(item, D3D_SHADER_DATA):
        if item.pBytecode is None:
            raise error_for(E_INVALIDARG, "D3D_SHADER_DATA with a NULL pBytecode", method)
        data = blob_bytes(item.pBytecode)
        if item.BytecodeLength is not None:
            if item.BytecodeLength > len(data):
                raise error_for(E_INVALIDARG, f"BytecodeLength {item.BytecodeLength} exceeds the data", method)
            data = data[:item.BytecodeLength]
        return data
    if item is None:
        raise error_for(E_INVALIDARG, "NULL shader data", method)
    return blob_bytes(item)


def D3DCompressShaders(uNumShaders: int, pShaderData: Any, uFlags: int = 0) -> ID3DBlob:  # noqa: N802,N803
    """Pack ``uNumShaders`` compiled shaders (D3D_SHADER_DATA or bytes) into one compressed blob.

    Each shader must be a valid DXBC container (the header checks of the other blob functions). Without
    D3D_COMPRESS_SHADER_KEEP_ALL_PARTS the parts a device does not need to create the shader — debug
    information and the compiler's test blobs (D3DStripShader's DEBUG_INFO and TEST_BLOBS) — are dropped
    (inferred from the flag's name); with it every chunk is kept byte for byte. No shaders: E_INVALIDARG
    (inferred). As d3dcompiler_47 10.1 answers (recorded under Wine, session 37): an unknown flag is E_FAIL; a
    shader's bytes are not checked as a container -- data that is none is stored as given -- but a stored
    checksum that does not match the bytes it covers is E_FAIL."""
    method = "D3DCompressShaders"
    if uFlags & ~D3D_COMPRESS_SHADER_KEEP_ALL_PARTS:
        raise error_for(E_FAIL, f"unknown flags 0x{uFlags:X}", method)
    items = list(pShaderData or ())
    if uNumShaders <= 0 or pShaderData is None:
        raise error_for(E_INVALIDARG, "no shaders to compress", method)
    if uNumShaders > len(items):
        raise error_for(E_INVALIDARG, f"uNumShaders {uNumShaders} but {len(items)} shaders passed", method)
    from .blob import D3DStripShader

    out = [_SET_MAGIC, struct.pack("<II", _SET_VERSION, uNumShaders)]
    for item in items[:uNumShaders]:
        data = _shader_bytes(item, method)
        total = int.from_bytes(data[24:28], "little") if len(data) >= 32 else 0
        if 32 <= total <= len(data) and dxbc_checksum(data[:total]) != data[4:20]:
            raise error_for(E_FAIL, "a shader's DXBC checksum does not match its bytes", method)
        if not uFlags & D3D_COMPRESS_SHADER_KEEP_ALL_PARTS and container_fault(data, len(data)) is None:
            data = bytes(D3DStripShader(data, len(data), D3DCOMPILER_STRIP_DEBUG_INFO | D3DCOMPILER_STRIP_TEST_BLOBS))
        packed = zlib.compress(data, 9)
        out.append(struct.pack("<II", len(data), len(packed)) + packed)
    return ID3DBlob(b"".join(out))


def _read_set(data: bytes, method: str) -> list[bytes]:
    if len(data) < 12 or data[:4] != _SET_MAGIC:
        raise error_for(E_FAIL, "not a compressed shader set written by D3DCompressShaders", method)
    version, count = struct.unpack_from("<II", data, 4)
    if version != _SET_VERSION:
        raise error_for(E_FAIL, f"compressed set version {version}", method)
    pos, out = 12, []
    for i in range(count):
        if pos + 8 > len(data):
            raise error_for(E_FAIL, f"compressed set truncated at shader {i}", method)
        size, packed = struct.unpack_from("<II", data, pos)
        pos += 8
        try:
            shader = zlib.decompress(data[pos:pos + packed])
        except zlib.error:
            raise error_for(E_FAIL, f"shader {i} of the set is corrupt", method) from None
        if len(shader) != size:
            raise error_for(E_FAIL, f"shader {i} of the set is corrupt", method)
        out.append(shader)
        pos += packed
    return out


def D3DDecompressShaders(pSrcData: Any, SrcDataSize: int | None, uNumShaders: int, uStartIndex: int = 0,  # noqa: N802,N803
                         pIndices: Any = None, uFlags: int = 0) -> tuple[list[ID3DBlob | None], int]:
    """``uNumShaders`` shaders of a set from D3DCompressShaders (``ppShaders``) and how many were
    decompressed (``pTotalShaders``). With ``pIndices`` the shaders are those indices, otherwise the
    ``uNumShaders`` from ``uStartIndex``; an index past the set leaves its slot None (C's NULL) and is not
    counted. Nonzero ``uFlags`` ("no flags are defined"): E_INVALIDARG (inferred)."""
    method = "D3DDecompressShaders"
    if uFlags:
        raise error_for(E_INVALIDARG, f"no flags are defined, got 0x{uFlags:X}", method)
    data = source_bytes(pSrcData, SrcDataSize)
    if not data:
        raise error_for(D3DERR_INVALIDCALL, "no data", method)
    shaders = _read_set(data, method)
    if pIndices is not None:
        indices = [int(i) for i in list(pIndices)[:uNumShaders]]
        if len(indices) < uNumShaders:
            raise error_for(E_INVALIDARG, f"pIndices holds {len(indices)} of {uNumShaders} indices", method)
    else:
        indices = list(range(uStartIndex, uStartIndex + uNumShaders))
    out: list[ID3DBlob | None] = [ID3DBlob(shaders[i]) if 0 <= i < len(shaders) else None for i in indices]
    return out, sum(1 for b in out if b is not None)


# -- shader linking (library_reflection.py, linker.py) ---------------------------------------------------------

from .library_reflection import D3DReflectLibrary  # noqa: E402
from .linker import D3DCreateFunctionLinkingGraph, D3DCreateLinker, D3DLoadModule  # noqa: E402
