"""The ``Aon9`` chunk of 4_0_level_9_x shaders: the shader-model-2 program a 10Level9 driver runs.

fxc's ``*_4_0_level_9_1`` targets emit vs_2_0 / ps_2_0 programs and ``*_4_0_level_9_3`` targets vs_2_x /
ps_2_x (version 2.1). Chunk layout (public reverse-engineering of fxc's output, e.g. the DXDecompiler project's
Level9ShaderChunk reader; fxc's own listings name the tables): a 36-byte header -- u32 size, the D3D9 version
token of the program, u32 program size in bytes, u32 program offset, then five (u16 count, u16 offset) pairs
for the constant-buffer mappings (12 bytes each: u16 buffer, u16 start register, u16 register count, u16 target
c#, four u8 data conversions 0 FLT / 1 BOOL / 2 INT / 3 UINT), loop-register mappings (8 bytes: u16 buffer,
u16 source register, u16 component, u16 target i#: the integer constant a ``rep`` reads its count from),
a table left unused,
sampler mappings (4 bytes: u8 source resource t#, u8 source sampler s#, u8 target sampler, u8 0) and
runtime-generated constant mappings (4 bytes: u16 description -- 0 the vertex shader position offset -- and u16
target c#) -- offsets from the start of the chunk data -- followed by the program's tokens.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from . import listing_dialect

FL_9_1, FL_9_3 = 0x9100, 0x9300
HEADER_SIZE = 36
#: the level the DLL's GetMinFeatureLevel answers, with S_FALSE, for a version token it knows but maps to no level
LEVEL_UNKNOWN = 0xFFFFFFFF
#: D3D_FEATURE_LEVEL of the program's own version token, (type, major, minor) -> level, as d3dcompiler_47 10.1's
#: GetMinFeatureLevel answers (session 46: fxc's level-9 objects with the program's first token patched, the
#: checksum rewritten; 80 tokens). A table of the DLL's answers, not a documented rule: 2.1 is 9_3 for both types,
#: ps 2.4 and vs 2.3 too; the SM4/SM5 majors map as their models do; a token missing here is E_INVALIDARG.
_TOKEN_LEVELS: dict[tuple[int, int, int], int] = {
    **{(t, 2, 0): FL_9_1 for t in (0xFFFE, 0xFFFF)},
    **{(t, 2, 1): FL_9_3 for t in (0xFFFE, 0xFFFF)},
    (0xFFFF, 2, 4): FL_9_3, (0xFFFE, 2, 3): FL_9_3,
    **{(t, 4, 0): 0xA000 for t in (0xFFFE, 0xFFFF)}, **{(t, 4, 1): 0xA100 for t in (0xFFFE, 0xFFFF)},
    **{(t, 5, m): 0xB000 for t in (0xFFFE, 0xFFFF) for m in (0, 1)},
    **{(t, v >> 8, v & 0xFF): LEVEL_UNKNOWN for t in (0xFFFE, 0xFFFF) for v in (0x000, 0x100, 0x202, 0x2FF, 0x300)},
    **{(0xFFFF, 1, m): LEVEL_UNKNOWN for m in (1, 2, 3, 4)}, (0xFFFE, 1, 1): LEVEL_UNKNOWN,
    (0xFFFF, 2, 3): LEVEL_UNKNOWN,
}
RUNTIME_CONSTANT_NAMES = {0: "Vertex Shader position offset"}
CONVERSION_NAMES = {0: "FLT", 1: "BOOL", 2: "INT", 3: "UINT"}


@dataclass
class Aon9Chunk:
    version: int  # the D3D9 version token
    program: bytes  # the SM2 token stream
    #: (buffer, start register, register count, target c#, (4 conversions))
    cb_mappings: list[tuple[int, int, int, int, tuple[int, int, int, int]]] = field(default_factory=list)
    #: (source resource, source sampler, target sampler)
    sampler_mappings: list[tuple[int, int, int]] = field(default_factory=list)
    #: (description, target c#)
    runtime_constants: list[tuple[int, int]] = field(default_factory=list)
    loop_mappings: list[bytes] = field(default_factory=list)

    @property
    def level(self) -> int:
        return FL_9_3 if self.version & 0xFF >= 1 else FL_9_1


def header_version(version: int) -> int:
    """The version token fxc writes in the chunk's header: the program's type at 2.0, whatever the program's
    own token says (d3dcompiler_47 10.1: every ``*_4_0_level_9_3`` object's header reads 2.0 where its
    program is 2.1; the runtime's level comes from the program's token, ``program_level``)."""
    return (version & 0xFFFF0000) | 0x0200


def build_aon9(chunk: Aon9Chunk) -> bytes:
    cbs = b"".join(struct.pack("<4H4B", b, s, n, t, *conv) for b, s, n, t, conv in chunk.cb_mappings)
    loops = b"".join(chunk.loop_mappings)
    smp = b"".join(struct.pack("<4B", r, s, t, 0) for r, s, t in chunk.sampler_mappings)
    rtc = b"".join(struct.pack("<2H", d, t) for d, t in chunk.runtime_constants)
    off_cb = HEADER_SIZE
    off_loop = off_cb + len(cbs)
    off_unk = off_loop + len(loops)
    off_smp = off_unk
    off_rtc = off_smp + len(smp)
    off_prog = off_rtc + len(rtc)
    total = off_prog + len(chunk.program)
    header = struct.pack("<4I10H", total, header_version(chunk.version), len(chunk.program), off_prog,
                         len(chunk.cb_mappings), off_cb, len(chunk.loop_mappings), off_loop, 0, off_unk,
                         len(chunk.sampler_mappings), off_smp, len(chunk.runtime_constants), off_rtc)
    return header + cbs + loops + smp + rtc + chunk.program


def parse_aon9(data: bytes) -> Aon9Chunk:
    """Parse the chunk data; ValueError when the header is not self-consistent."""
    data = bytes(data)
    if len(data) < HEADER_SIZE:
        raise ValueError("Aon9 chunk shorter than its header")
    _size, version, psize, poff = struct.unpack_from("<4I", data, 0)
    pairs = struct.unpack_from("<10H", data, 16)
    if version >> 16 not in (0xFFFE, 0xFFFF) or poff + psize > len(data) or poff < HEADER_SIZE:
        raise ValueError("Aon9 header does not describe a shader-model-2 program")

    def table(i: int, size: int) -> list[bytes]:
        n, off = pairs[2 * i], pairs[2 * i + 1]
        if off + n * size > len(data):
            raise ValueError("Aon9 mapping table past the end of the chunk")
        return [data[off + k * size: off + (k + 1) * size] for k in range(n)]

    program = data[poff: poff + psize]
    # ``version`` is the program's own token (the header's is fxc's fixed 2.0: header_version)
    out = Aon9Chunk(struct.unpack_from("<I", program)[0] if len(program) >= 4 else version, program)
    for rec in table(0, 12):
        b, s, n, t, *conv = struct.unpack("<4H4B", rec)
        out.cb_mappings.append((b, s, n, t, tuple(conv)))  # type: ignore[arg-type]
    out.loop_mappings = table(1, 8)
    out.sampler_mappings = [tuple(rec[:3]) for rec in table(3, 4)]  # type: ignore[misc]
    out.runtime_constants = [struct.unpack("<2H", rec) for rec in table(4, 4)]  # type: ignore[misc]
    return out


def reflectable(chunk: bytes) -> bool:
    """d3dcompiler_47 10.1's D3DReflect refuses (E_INVALIDARG) an object whose Aon9 chunk is shorter than the
    36-byte header, names a program of fewer than 4 bytes, or puts the program's first word past the chunk's end
    (session 46, fxc's objects with the chunk cut or its header words patched: the chunk's size word, the
    header's version token, the mapping tables' counts and offsets are not checked; the program may run past
    the chunk)."""
    data = bytes(chunk)
    if len(data) < HEADER_SIZE:
        return False
    _size, _version, psize, poff = struct.unpack_from("<4I", data, 0)
    return psize >= 4 and poff + 4 <= len(data)


def program_level(chunk: bytes) -> int | None:
    """GetMinFeatureLevel of an Aon9 chunk payload as d3dcompiler_47's reflection reads it: the 32-bit word at
    the header's program offset (the program's own version token, not the header's) looked up in
    ``_TOKEN_LEVELS``; a zero word is 10_0 (the DLL's answer; an SM4 pixel-shader token's type); None where
    the DLL fails with E_INVALIDARG, ``LEVEL_UNKNOWN`` where it answers S_FALSE."""
    data = bytes(chunk)
    if len(data) < 16:
        return None
    poff = struct.unpack_from("<I", data, 12)[0]
    if poff + 4 > len(data):
        return None
    token = struct.unpack_from("<I", data, poff)[0]
    if token == 0:
        return 0xA000
    return _TOKEN_LEVELS.get((token >> 16, (token >> 8) & 0xFF, token & 0xFF))


def aon9_level(chunk: bytes | None) -> int | None:
    """D3D_FEATURE_LEVEL of an Aon9 chunk payload (None for no chunk): ``program_level``'s, or (for a chunk
    whose program token is not a version the DLL knows) the first D3D9 version token found in it; 9_1 when
    none is found."""
    if chunk is None:
        return None
    data = bytes(chunk)
    level = program_level(data)
    if level is not None:
        return level
    for (word,) in struct.iter_unpack("<I", data[: len(data) // 4 * 4]):
        if word >> 16 in (0xFFFE, 0xFFFF) and (word >> 8) & 0xFF == 2:
            return FL_9_3 if word & 0xFF >= 1 else FL_9_1
    return FL_9_1


def format_aon9(chunk: Aon9Chunk, numbering: bool = False, offsets: bool = False) -> list[str]:
    """The mapping tables and the program listing, as fxc's D3DDisassemble prints them before the SM4 code
    (``numbering`` / ``offsets``: its lines prefixed as a Direct3D 9 listing's, offsets counted from the
    embedded program's version token: sm2.disasm.disassemble)."""
    from ..sm2.disasm import disassemble, slot_summary
    from ..sm2.program import decode_program

    lines: list[str] = []
    if chunk.cb_mappings or chunk.loop_mappings:
        lines += ["//", "// Constant buffer to DX9 shader constant mappings:", "//"]
    if chunk.loop_mappings:
        lines += ["// Target Reg Buffer  Source Reg Component",
                  "// ---------- ------- ---------- ---------"]
        for rec in chunk.loop_mappings:
            b, s, comp, t = struct.unpack("<4H", rec)
            lines.append(f"// i{t:<9} cb{b:<5} {s:>10} {comp:>9}")
        lines.append("//")
    if chunk.cb_mappings:
        lines += ["// Target Reg Buffer  Start Reg # of Regs        Data Conversion",
                  "// ---------- ------- --------- --------- ----------------------"]
        for b, s, n, t, conv in chunk.cb_mappings:
            names = ",".join(f"{CONVERSION_NAMES.get(c, '?'):>4}" for c in conv)
            lines.append(f"// c{t:<9} cb{b:<5} {s:>9} {n:>9}  ({names})")
        lines.append("//")
    if chunk.sampler_mappings:
        lines += ["//", "// Sampler/Resource to DX9 shader sampler mappings:", "//",
                  "// Target Sampler Source Sampler  Source Resource",
                  "// -------------- --------------- ----------------"]
        for r, s, t in sorted(chunk.sampler_mappings, key=lambda m: m[2]):
            row = f"// s{t:<13} s{s:<14} t{r:<16}"  # d3dcompiler_47 10.1 keeps the padding (listing_dialect)
            lines.append(row if listing_dialect.current().padded_aon9_rows else row.rstrip())
        lines.append("//")
    if chunk.runtime_constants:
        lines += ["//", "// Runtime generated constant mappings:", "//",
                  "// Target Reg                               Constant Description",
                  "// ---------- --------------------------------------------------"]
        for d, t in chunk.runtime_constants:
            lines.append(f"// c{t:<9} {RUNTIME_CONSTANT_NAMES.get(d, f'constant {d}'):>50}")
        lines.append("//")
    prog = decode_program(chunk.program)
    # a blank line between the program and its slot count, as in a Direct3D 9 listing (d3dcompiler_47 10.1 under
    # Wine, session 40; no fxc 9.30 listing of a level 9 object is at hand)
    lines += ["//", "// Level9 shader bytecode:", "//"] + disassemble(prog, numbering=numbering, offsets=offsets) + \
        ["", slot_summary(prog)]
    return lines
