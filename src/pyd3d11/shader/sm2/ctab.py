"""The ``CTAB`` constant table fxc writes as the first comment block of Direct3D 9 shader bytecode (data layout).

Layout (MicrosoftDocs win32 desktop-src/direct3d9: D3DXSHADER_CONSTANTTABLE, D3DXSHADER_CONSTANTINFO,
D3DXSHADER_TYPEINFO, D3DXSHADER_STRUCTMEMBERINFO, D3DXREGISTER_SET; every offset counts from the start of the
D3DXSHADER_CONSTANTTABLE structure, which follows the comment token and the FOURCC ``CTAB``):

- D3DXSHADER_CONSTANTTABLE: Size (28), Creator (string offset), Version (the shader's version token),
  Constants (count), ConstantInfo (offset of the array), Flags, Target (string offset) -- seven DWORDs;
- D3DXSHADER_CONSTANTINFO (20 bytes): Name, WORD RegisterSet, WORD RegisterIndex, WORD RegisterCount,
  WORD Reserved, TypeInfo, DefaultValue;
- D3DXSHADER_TYPEINFO (16 bytes): WORD Class, Type, Rows, Columns, Elements, StructMembers, DWORD
  StructMemberInfo;
- D3DXSHADER_STRUCTMEMBERINFO (8 bytes): Name, TypeInfo.

The order of the pieces inside the block (encode_ctab) follows fxc's objects (DXDecompiler's ShadersDX9 test
objects); readers use the offsets only. A default value is RegisterCount float4 registers (16 bytes each: a
float3 is padded with 0, a scalar fills .x). fxc lists the constants sorted by name
(byte order, as the "Parameters" section of its listings shows) and records the compile flags with
D3DCOMPILE_NO_PRESHADER (0x100) set -- every stand-alone object in that corpus carries 0x100, 0x104 under /Od
(inferred); the shaders inside its fx_2_0 effects carry 0x20000000 instead (sm2/d3d9.py, preshader.py).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

CREATOR = "Microsoft (R) HLSL Shader Compiler 10.1"
FOURCC = b"CTAB"
HEADER_SIZE = 28
D3DCOMPILE_NO_PRESHADER = 0x100
#: the flag fxc's tables carry in an fx_2_0 effect: its shaders' (with preshaders on, instead of NO_PRESHADER),
#: its preshaders' and its state-value expression programs' (with NO_PRESHADER)
FLAG_EFFECT = 0x20000000


class RegisterSet:
    """D3DXREGISTER_SET."""

    BOOL, INT4, FLOAT4, SAMPLER = 0, 1, 2, 3


#: D3DXREGISTER_SET -> the register letter of the listings
SET_LETTER = {RegisterSet.BOOL: "b", RegisterSet.INT4: "i", RegisterSet.FLOAT4: "c", RegisterSet.SAMPLER: "s"}
#: D3DXPARAMETER_CLASS
CLASS_SCALAR, CLASS_VECTOR, CLASS_MATRIX_ROWS, CLASS_MATRIX_COLUMNS, CLASS_OBJECT, CLASS_STRUCT = range(6)
#: D3DXPARAMETER_TYPE names as the listings spell them (the numbers are D3DXPARAMETER_TYPE's)
TYPE_NAMES = {0: "void", 1: "bool", 2: "int", 3: "float", 4: "string", 5: "texture", 6: "texture1D",
              7: "texture2D", 8: "texture3D", 9: "textureCUBE", 10: "sampler", 11: "sampler1D", 12: "sampler2D",
              13: "sampler3D", 14: "samplerCUBE"}


@dataclass
class TypeInfo:
    cls: int
    type: int
    rows: int = 1
    columns: int = 1
    elements: int = 1
    members: list[tuple[str, TypeInfo]] = field(default_factory=list)

    def spelling(self) -> str:
        """The type as fxc's "Parameters" listing prints it (float4, float4x4, sampler2D, struct ...)."""
        if self.cls == CLASS_STRUCT:
            return "struct"
        base = TYPE_NAMES.get(self.type, "?")
        if self.cls == CLASS_VECTOR:
            return f"{base}{self.columns}"
        if self.cls in (CLASS_MATRIX_ROWS, CLASS_MATRIX_COLUMNS):
            major = "row_major " if self.cls == CLASS_MATRIX_ROWS else ""
            return f"{major}{base}{self.rows}x{self.columns}"
        return base


@dataclass
class Constant:
    name: str
    register_set: int
    register_index: int
    register_count: int
    type: TypeInfo
    default_value: bytes | None = None


@dataclass
class ConstantTable:
    version: int
    target: str
    constants: list[Constant] = field(default_factory=list)
    flags: int = D3DCOMPILE_NO_PRESHADER
    creator: str = CREATOR


def _type_key(t: TypeInfo) -> tuple:
    return (t.cls, t.type, t.rows, t.columns, t.elements, tuple((n, _type_key(m)) for n, m in t.members))


def encode_ctab(table: ConstantTable, share_types: bool = True) -> list[int]:
    """The comment block's DWORDs after the comment token: ``CTAB`` then the table. After the header and the
    ConstantInfo array come, per constant in table order, its name (strings unaligned), its type and its default
    value (structures 4-byte aligned, padding 0xAB); equal types and equal default values are written once and
    shared -- as in fxc's objects (DepthOfField's LightAmbient and LightDiffuse share one float4 type and one
    default; mWorld, mWorldView, mWorldViewProjection one float4x4 type). ``share_types=False``: every constant
    and member writes its own type, as fxc's FXLVM tables of the fx_4/fx_5 targets do (effects/fxlvm.py)."""
    n = len(table.constants)
    body = bytearray(HEADER_SIZE + 20 * n)
    types: dict[tuple, int] = {}
    defaults: dict[bytes, int] = {}

    def align() -> None:
        body.extend(b"\xab" * (-len(body) % 4))

    def add_string(text: str) -> int:
        off = len(body)
        body.extend(text.encode() + b"\0")
        return off

    def add_type(t: TypeInfo) -> int:
        key = _type_key(t) if share_types else id(t)
        if key in types:
            return types[key]
        members = [(add_string(m_name), add_type(m_type)) for m_name, m_type in t.members]
        align()
        members_at = len(body) if members else 0
        for name_off, type_off in members:
            body.extend(struct.pack("<2I", name_off, type_off))
        off = len(body)
        body.extend(struct.pack("<6HI", t.cls, t.type, t.rows, t.columns, t.elements, len(t.members), members_at))
        types[key] = off
        return off

    infos: list[tuple[int, int, int]] = []  # (name offset, type offset, default offset) per constant
    for c in table.constants:
        name_off = add_string(c.name)
        align()
        type_off = add_type(c.type)
        default_off = 0
        if c.default_value:
            if c.default_value not in defaults:
                align()
                defaults[c.default_value] = len(body)
                body.extend(c.default_value)
            default_off = defaults[c.default_value]
        infos.append((name_off, type_off, default_off))
    target_off = add_string(table.target)
    creator_off = add_string(table.creator)
    align()
    struct.pack_into("<7I", body, 0, HEADER_SIZE, creator_off, table.version, n, HEADER_SIZE if n else 0,
                     table.flags, target_off)
    for i, (c, (name_off, type_off, default_off)) in enumerate(zip(table.constants, infos, strict=True)):
        struct.pack_into("<I4H2I", body, HEADER_SIZE + 20 * i, name_off, c.register_set, c.register_index,
                         c.register_count, 0, type_off, default_off)
    data = FOURCC + bytes(body)
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def decode_ctab(dwords: list[int]) -> ConstantTable | None:
    """The table of a comment block (its DWORDs after the comment token), or None when it is no CTAB block;
    ValueError when an offset points outside the block."""
    data = struct.pack(f"<{len(dwords)}I", *dwords)
    if data[:4] != FOURCC:
        return None
    body = data[4:]
    if len(body) < HEADER_SIZE:
        raise ValueError("CTAB block shorter than its header")

    def string(off: int) -> str:
        if not 0 <= off < len(body):
            raise ValueError("CTAB string offset outside the block")
        end = body.find(b"\0", off)
        return body[off: end if end >= 0 else len(body)].decode("latin-1")

    def type_at(off: int, depth: int = 0) -> TypeInfo:
        if depth > 32 or off + 16 > len(body):
            raise ValueError("CTAB type offset outside the block")
        cls, typ, rows, cols, elems, nmem, mem_off = struct.unpack_from("<6HI", body, off)
        t = TypeInfo(cls, typ, rows, cols, elems)
        for k in range(nmem):
            if mem_off + 8 * (k + 1) > len(body):
                raise ValueError("CTAB member offset outside the block")
            name_off, type_off = struct.unpack_from("<2I", body, mem_off + 8 * k)
            t.members.append((string(name_off), type_at(type_off, depth + 1)))
        return t

    _size, creator, version, count, info_off, flags, target = struct.unpack_from("<7I", body, 0)
    if info_off + 20 * count > len(body):
        raise ValueError("CTAB constant array outside the block")
    table = ConstantTable(version, string(target), flags=flags, creator=string(creator))
    for i in range(count):
        name, rset, rindex, rcount, _res, type_off, _default = struct.unpack_from("<I4H2I", body, info_off + 20 * i)
        table.constants.append(Constant(string(name), rset, rindex, rcount, type_at(type_off)))
    return table


def format_ctab(table: ConstantTable) -> list[str]:
    """The "Parameters" and "Registers" sections of fxc's listing of D3D9 bytecode: parameters in table order
    (by name), registers by register set (b, i, c, s as fxc orders them: bools, ints, floats, samplers) then
    number."""
    if not table.constants:
        return []
    lines = ["//", "// Parameters:", "//"]
    for c in table.constants:
        t = c.type
        arr = f"[{t.elements}]" if t.elements > 1 else ""
        lines.append(f"//   {t.spelling()} {c.name}{arr};")
    lines += ["//", "//", "// Registers:", "//"]
    width = max(12, *(len(c.name) for c in table.constants))  # fxc pads the name column to 12 at least
    lines.append(f"//   {'Name':<{width}} Reg   Size")
    lines.append(f"//   {'-' * width} ----- ----")
    for c in sorted(table.constants, key=lambda c: (c.register_set, c.register_index)):
        reg = f"{SET_LETTER.get(c.register_set, '?')}{c.register_index}"
        lines.append(f"//   {c.name:<{width}} {reg:<5} {c.register_count:>4}")
    lines.append("//")
    return lines
