"""The shader-model-2 program IR and its D3D9 token encoder / decoder.

Token layouts (MicrosoftDocs "Shader Code Format" and the token pages it links): the version token
(0xFFFE/0xFFFF << 16 | major << 8 | minor), instruction tokens (opcode [15:0], opcode-specific controls [23:16],
length of the instruction in tokens after this one [27:24], predicated [28]), destination parameter tokens
(register number [10:0], register type [30:28] | [12:11] << 3, write mask [19:16], result modifier [23:20],
shift [27:24], bit 31 set), source parameter tokens (number [10:0], type as above, relative addressing [13],
swizzle [23:16] two bits per component, source modifier [27:24], bit 31 set), the dcl usage / sampler-type
token, comment tokens (0xFFFE | dword count << 16) and the end token 0x0000FFFF.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .tokens import BY_CODE, BY_NAME, COMMENT_OPCODE, END_TOKEN, PS_VERSION_PREFIX, VS_VERSION_PREFIX, Reg

IDENTITY = (0, 1, 2, 3)


@dataclass(slots=True)
class Dst:
    reg: int
    num: int
    mask: int = 0xF
    mod: int = 0
    shift: int = 0


@dataclass(slots=True)
class Src:
    reg: int
    num: int
    swizzle: tuple[int, int, int, int] = IDENTITY
    mod: int = 0
    rel: Src | None = None  # relative-addressing register (vs: a0.x), the token after this one


@dataclass(slots=True)
class Inst:
    """One instruction. ``op`` is the D3D9 mnemonic ('comment' for a comment block); ``decl`` the raw usage /
    sampler-type token of ``dcl``; ``values`` the four raw dwords of ``def`` (or a comment's dwords)."""

    op: str
    dst: Dst | None = None
    srcs: list[Src] = field(default_factory=list)
    controls: int = 0
    decl: int | None = None
    values: list[int] = field(default_factory=list)
    predicated: bool = False
    #: byte offset of the instruction token in the decoded bytecode (-1: built, not decoded); D3DDisassemble's
    #: D3D_DISASM_ENABLE_INSTRUCTION_OFFSET prints it
    offset: int = field(default=-1, compare=False)


@dataclass(slots=True)
class Sm2Program:
    kind: str  # 'vs' or 'ps'
    major: int
    minor: int
    instructions: list[Inst] = field(default_factory=list)

    @property
    def version_token(self) -> int:
        prefix = VS_VERSION_PREFIX if self.kind == "vs" else PS_VERSION_PREFIX
        return prefix << 16 | self.major << 8 | self.minor

    @property
    def profile(self) -> str:
        """The listing name fxc prints: vs_2_0 / ps_2_0, and vs_2_x / ps_2_x for version 2.1."""
        return f"{self.kind}_{self.major}_{'x' if self.minor == 1 and self.major == 2 else self.minor}"


def _type_bits(reg: int) -> int:
    return (reg & 7) << 28 | (reg >> 3 & 3) << 11


def _type_of(tok: int) -> int:
    return (tok >> 28 & 7) | (tok >> 11 & 3) << 3


def encode_dst(d: Dst) -> int:
    return 0x80000000 | _type_bits(d.reg) | (d.num & 0x7FF) | (d.mask & 0xF) << 16 | (d.mod & 0xF) << 20 | (
        d.shift & 0xF) << 24


def encode_src(s: Src, sm1: bool = False) -> list[int]:
    """``sm1``: shader model 1 ("Shader Relative Addressing": the relative-addressing token follows only from
    vs_2_0 on; vs_1_1's bit 13 means c[a0.x + n] alone)."""
    swz = sum((c & 3) << (2 * i) for i, c in enumerate(s.swizzle))
    tok = 0x80000000 | _type_bits(s.reg) | (s.num & 0x7FF) | swz << 16 | (s.mod & 0xF) << 24
    if s.rel is None:
        return [tok]
    return [tok | 1 << 13] if sm1 else [tok | 1 << 13, *encode_src(s.rel)]


def decode_dst(tok: int) -> Dst:
    return Dst(_type_of(tok), tok & 0x7FF, tok >> 16 & 0xF, tok >> 20 & 0xF, tok >> 24 & 0xF)


def encode_program(prog: Sm2Program) -> list[int]:
    """The token stream (version token ... end token). Shader model 1 ("Instruction Token": bits 24-27 and 28
    reserved, 0, before version 2_0) writes no instruction length: a reader counts the opcode's parameters."""
    out = [prog.version_token]
    sm1 = prog.major < 2
    for inst in prog.instructions:
        if inst.op == "comment":
            out.append(COMMENT_OPCODE | len(inst.values) << 16)
            out.extend(inst.values)
            continue
        info = BY_NAME[inst.op]
        params: list[int] = []
        if inst.op == "dcl":
            params.append(0x80000000 | (inst.decl or 0))
        if inst.dst is not None:
            params.append(encode_dst(inst.dst))
        if inst.op in ("def", "defi", "defb"):
            params.extend(v & 0xFFFFFFFF for v in inst.values)
        for s in inst.srcs:
            params.extend(encode_src(s, sm1))
        if sm1:
            out.append(info.code | (inst.controls & 0xFF) << 16)
            out.extend(params)
            continue
        if len(params) > 15:
            raise ValueError(f"{inst.op}: {len(params)} parameter tokens do not fit the 4-bit length field")
        out.append(info.code | (inst.controls & 0xFF) << 16 | len(params) << 24 | int(inst.predicated) << 28)
        out.extend(params)
    out.append(END_TOKEN)
    return out


def to_bytes(tokens: list[int]) -> bytes:
    return struct.pack(f"<{len(tokens)}I", *tokens)


def decode_program(data: bytes | list[int]) -> Sm2Program:
    """Parse a token stream (bytes or dwords) back into the IR; raises ValueError on malformed input."""
    toks = list(struct.unpack(f"<{len(data) // 4}I", bytes(data)[: len(data) // 4 * 4])) if isinstance(
        data, (bytes, bytearray, memoryview)) else list(data)
    if not toks:
        raise ValueError("empty shader-model-2 program")
    ver = toks[0]
    if ver >> 16 not in (VS_VERSION_PREFIX, PS_VERSION_PREFIX):
        raise ValueError(f"not a D3D9 version token: {ver:#010x}")
    prog = Sm2Program("vs" if ver >> 16 == VS_VERSION_PREFIX else "ps", ver >> 8 & 0xFF, ver & 0xFF)
    i = 1
    while i < len(toks):
        tok = toks[i]
        if tok == END_TOKEN:
            return prog
        if tok & 0xFFFF == COMMENT_OPCODE:
            n = tok >> 16 & 0x7FFF
            prog.instructions.append(Inst("comment", values=toks[i + 1: i + 1 + n], offset=4 * i))
            i += 1 + n
            continue
        info = BY_CODE.get(tok & 0xFFFF)
        if info is None:
            raise ValueError(f"unknown D3D9 opcode {tok & 0xFFFF} at token {i}")
        n = _sm1_length(info) if prog.major < 2 else tok >> 24 & 0xF
        params = toks[i + 1: i + 1 + n]
        if len(params) != n:
            raise ValueError("truncated instruction")
        if any(not t >> 31 for t in params) and info.name not in ("def", "defi", "defb"):
            raise ValueError(f"{info.name}: a parameter token without bit 31 set")
        inst = Inst(info.name, controls=tok >> 16 & 0xFF, predicated=bool(tok >> 28 & 1), offset=4 * i)
        need = int(info.name == "dcl") + int(info.dst)
        if n < need:
            raise ValueError(f"{info.name}: {n} parameter tokens, {need} needed")
        p = 0
        if info.name == "dcl":
            inst.decl = params[0] & 0x7FFFFFFF
            p = 1
        if info.dst:
            inst.dst = decode_dst(params[p])
            p += 1
        if info.name in ("def", "defi", "defb"):
            inst.values = params[p:]
            p = n
        while p < n:
            s, p = _decode_src(params, p, prog.major < 2)
            inst.srcs.append(s)
        prog.instructions.append(inst)
        i += 1 + n
    raise ValueError("shader-model-2 program without an end token")


def _sm1_length(info) -> int:
    """The parameter tokens of a shader-model-1 instruction, which carries no length: the usage token and the
    register of ``dcl``, the register and four values of ``def``, else the destination and the sources (one
    token each: vs_1_1's relative addressing adds none)."""
    if info.name == "dcl":
        return 2
    if info.name == "def":
        return 5
    return int(info.dst) + info.srcs


def _decode_src(params: list[int], p: int, sm1: bool = False) -> tuple[Src, int]:
    if p >= len(params):
        raise ValueError("relative-addressing token missing")
    tok = params[p]
    s = Src(_type_of(tok), tok & 0x7FF, tuple(tok >> (16 + 2 * c) & 3 for c in range(4)), tok >> 24 & 0xF)  # type: ignore[arg-type]
    p += 1
    if tok >> 13 & 1:
        if sm1:
            s.rel = Src(Reg.ADDR, 0, (0, 0, 0, 0))  # vs_1_1: c[a0.x + n], the address register implied
        else:
            s.rel, p = _decode_src(params, p)
    return s, p
