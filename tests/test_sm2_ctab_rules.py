"""The CTAB constant table of D3D9 bytecode read back: register-set letters, type spellings and the reader's bounds.

Sources: the d3dx9shader structure pages (MicrosoftDocs win32 desktop-src/direct3d9): D3DXSHADER_CONSTANTTABLE
(seven DWORDs, every offset counted from its start), D3DXSHADER_CONSTANTINFO (20 bytes: Name, WORD RegisterSet,
RegisterIndex, RegisterCount, Reserved, TypeInfo, DefaultValue), D3DXSHADER_TYPEINFO (16 bytes: WORD Class, Type,
Rows, Columns, Elements, StructMembers, DWORD StructMemberInfo), D3DXSHADER_STRUCTMEMBERINFO (8 bytes: Name,
TypeInfo); the enums D3DXREGISTER_SET (BOOL 0, INT4 1, FLOAT4 2, SAMPLER 3), D3DXPARAMETER_CLASS (SCALAR 0 ..
STRUCT 5) and D3DXPARAMETER_TYPE (VOID 0, BOOL 1, INT 2, FLOAT 3, STRING 4, TEXTURE 5, TEXTURE1D 6, TEXTURE2D 7,
TEXTURE3D 8, TEXTURECUBE 9, SAMPLER 10, SAMPLER1D 11, SAMPLER2D 12, SAMPLER3D 13, SAMPLERCUBE 14); the "Comment
Token" and "Version Token" pages for the blob around the table. The listing's register letters are those of the
D3D9 register names (b#, i#, c#, s#). The blobs here are built by this file's own writer from those pages, so the
disassembler and pyd3d11's reader are checked against tables fxc could have written (bool registers, sampler1D,
strings) that pyd3d11's compiler does not produce.
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.shader.sm2.ctab import decode_ctab

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

BOOL_SET, INT_SET, FLOAT_SET, SAMPLER_SET = 0, 1, 2, 3  # D3DXREGISTER_SET
SCALAR, VECTOR, MATRIX_ROWS, MATRIX_COLUMNS, OBJECT, STRUCT = range(6)  # D3DXPARAMETER_CLASS
#: D3DXPARAMETER_TYPE -> (class of a constant of that type, the HLSL spelling of the type)
PARAMETER_TYPES = {1: (SCALAR, "bool"), 2: (SCALAR, "int"), 3: (SCALAR, "float"), 4: (OBJECT, "string"),
                   5: (OBJECT, "texture"), 6: (OBJECT, "texture1D"), 7: (OBJECT, "texture2D"),
                   8: (OBJECT, "texture3D"), 9: (OBJECT, "textureCUBE"), 10: (OBJECT, "sampler"),
                   11: (OBJECT, "sampler1D"), 12: (OBJECT, "sampler2D"), 13: (OBJECT, "sampler3D"),
                   14: (OBJECT, "samplerCUBE")}


def _type(cls: int, typ: int, rows: int = 1, cols: int = 1, elems: int = 1, members=()) -> dict:
    return {"class": cls, "type": typ, "rows": rows, "cols": cols, "elements": elems, "members": list(members)}


def write_ctab(constants: list[tuple[str, int, int, int, dict]], target: str = "ps_2_0") -> bytes:
    """The table (after the FOURCC) of ``constants`` = (name, register set, index, count, type): the header, the
    ConstantInfo array, then per constant its name, its struct members and its type, each structure 4-byte aligned."""
    n = len(constants)
    out = bytearray(28 + 20 * n)

    def put(data: bytes) -> int:
        out.extend(b"\0" * (-len(out) % 4))
        at = len(out)
        out.extend(data)
        return at

    def put_type(t: dict) -> int:
        members = [(put(name.encode() + b"\0"), put_type(mt)) for name, mt in t["members"]]
        table = put(b"".join(struct.pack("<2I", a, b) for a, b in members)) if members else 0
        return put(struct.pack("<6HI", t["class"], t["type"], t["rows"], t["cols"], t["elements"], len(members), table))

    for k, (name, rset, index, count, t) in enumerate(constants):
        name_at = put(name.encode() + b"\0")
        struct.pack_into("<I4H2I", out, 28 + 20 * k, name_at, rset, index, count, 0, put_type(t), 0)
    target_at = put(target.encode() + b"\0")
    creator_at = put(b"test writer\0")
    out.extend(b"\0" * (-len(out) % 4))
    struct.pack_into("<7I", out, 0, 28, creator_at, 0xFFFF0200, n, 28, 0x100, target_at)
    return bytes(out)


def as_dwords(table: bytes) -> list[int]:
    data = b"CTAB" + table
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def ps20_blob(table: bytes) -> bytes:
    """ps_2_0 bytecode: the version token, the CTAB comment (token 0xFFFE with the DWORD count in bits 16-30), a
    ``mov oC0, c0`` and the end token."""
    words = as_dwords(table)
    mov = [0x02000001, 0x800F0800, 0xA0E40000]  # mov oC0, c0 (D3DSIO_MOV, 2 parameter tokens; oC0; c0.xyzw)
    return struct.pack(f"<{3 + len(words) + len(mov)}I", 0xFFFF0200, 0xFFFE | len(words) << 16, *words, *mov,
                       0x0000FFFF)


def listing(blob: bytes) -> list[str]:
    return bytes(D3DDisassemble(blob, None, 0, None)).decode().rstrip("\0").splitlines()


# --- the listing of a table: register letters per D3DXREGISTER_SET, type spellings per D3DXPARAMETER_TYPE ----
def test_listing_names_each_register_set_by_its_letter_in_set_order():
    """Registers: bools (b#), ints (i#), floats (c#), samplers (s#), in D3DXREGISTER_SET order whatever the
    table's (name) order."""
    consts = [("aS", SAMPLER_SET, 1, 1, _type(OBJECT, 12)), ("bC", FLOAT_SET, 3, 2, _type(VECTOR, 3, 1, 4, 2)),
              ("cI", INT_SET, 2, 1, _type(SCALAR, 2)), ("dB", BOOL_SET, 5, 1, _type(SCALAR, 1))]
    lines = listing(ps20_blob(write_ctab(consts)))
    regs = [line.split() for line in lines[lines.index("// Registers:") + 4:] if line.startswith("//   ")]
    assert regs == [["//", "dB", "b5", "1"], ["//", "cI", "i2", "1"], ["//", "bC", "c3", "2"], ["//", "aS", "s1", "1"]]


@pytest.mark.parametrize("typ", sorted(PARAMETER_TYPES))
def test_listing_spells_each_parameter_type(typ: int):
    cls, spelling = PARAMETER_TYPES[typ]
    rset = SAMPLER_SET if 10 <= typ <= 14 else FLOAT_SET
    lines = listing(ps20_blob(write_ctab([("v", rset, 0, 1, _type(cls, typ))])))
    assert f"//   {spelling} v;" in lines


@pytest.mark.parametrize(("cls", "typ", "rows", "cols", "spelling"), [
    (VECTOR, 3, 1, 4, "float4"), (VECTOR, 2, 1, 3, "int3"), (VECTOR, 1, 1, 2, "bool2"),
    (MATRIX_COLUMNS, 3, 4, 4, "float4x4"), (MATRIX_ROWS, 3, 3, 4, "row_major float3x4"),
    (MATRIX_COLUMNS, 2, 2, 3, "int2x3")])
def test_listing_spells_vectors_and_matrices(cls: int, typ: int, rows: int, cols: int, spelling: str):
    lines = listing(ps20_blob(write_ctab([("v", FLOAT_SET, 0, rows, _type(cls, typ, rows, cols))])))
    assert f"//   {spelling} v;" in lines


def test_compiled_float_and_sampler1d_constants_are_listed_by_their_types():
    """fxc records a sampler1D as D3DXPT_SAMPLER1D (D3D9 samples it through a 2D declaration: dcl_2d)."""
    src = ("sampler1D s1; sampler2D s2; float4 k; float3x4 m;\n"
           "float4 main(float3 t : TEXCOORD0) : COLOR { return tex1D(s1, t.x) + tex2D(s2, t.xy) * k + mul(m, t).x; }")
    lines = listing(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0)))
    for decl in ("sampler1D s1", "sampler2D s2", "float4 k", "float3x4 m"):
        assert f"//   {decl};" in lines
    assert "    dcl_2d s0" in lines


# --- pyd3d11's reader: members, bounds -------------------------------------------------------------------
def test_reader_reads_every_struct_member():
    """StructMemberInfo is an array of 8-byte D3DXSHADER_STRUCTMEMBERINFO entries, one per member."""
    members = [("a", _type(SCALAR, 3)), ("bb", _type(VECTOR, 3, 1, 3)), ("ccc", _type(VECTOR, 2, 1, 4))]
    table = decode_ctab(as_dwords(write_ctab([("s", FLOAT_SET, 0, 3, _type(STRUCT, 0, 1, 8, 1, members))])))
    (c,) = table.constants
    assert [(n, t.cls, t.type, t.columns) for n, t in c.type.members] == [("a", 0, 3, 1), ("bb", 1, 3, 3),
                                                                          ("ccc", 1, 2, 4)]


def test_reader_reads_compiled_struct_members():
    src = ("struct L { float3 dir; float4 col; float w; }; L light;\n"
           "float4 main(float3 t : TEXCOORD0) : COLOR { return light.col * dot(t, light.dir) * light.w; }")
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0))
    n = struct.unpack_from("<I", blob, 4)[0] >> 16 & 0x7FFF
    table = decode_ctab(list(struct.unpack_from(f"<{n}I", blob, 8)))
    (c,) = table.constants
    assert [name for name, _ in c.type.members] == ["dir", "col", "w"]


def _one_struct_table() -> tuple[bytearray, int, int]:
    """A table with one struct constant of one float member; (bytes, type offset, member array offset)."""
    table = bytearray(write_ctab([("s", FLOAT_SET, 0, 1, _type(STRUCT, 0, 1, 1, 1, [("m", _type(SCALAR, 3))]))]))
    type_at = struct.unpack_from("<I", table, 28 + 12)[0]
    members_at = struct.unpack_from("<I", table, type_at + 12)[0]
    return table, type_at, members_at


def test_reader_accepts_offsets_up_to_the_last_byte_of_the_block():
    """Every offset inside the block is read: a string at the block's first byte (offset 0: the Size DWORD, 28,
    then zeros, reads as "\\x1c") and a member array that ends exactly at the block's end."""
    table, type_at, members_at = _one_struct_table()
    struct.pack_into("<I", table, 24, 0)  # Target -> offset 0
    assert decode_ctab(as_dwords(bytes(table))).target == "\x1c"
    table += table[members_at: members_at + 8]  # the member array copied to the very end of the block
    struct.pack_into("<I", table, type_at + 12, len(table) - 8)
    (c,) = decode_ctab(as_dwords(bytes(table))).constants
    assert [n for n, _ in c.type.members] == ["m"]


@pytest.mark.parametrize("where", ["string", "type", "member array", "member array tail", "cycle"])
def test_reader_refuses_offsets_outside_the_block(where: str):
    """decode_ctab raises ValueError for an offset that points outside the block (and for a type that contains
    itself, which no finite table can describe)."""
    table, type_at, members_at = _one_struct_table()
    end = len(table)
    if where == "string":
        struct.pack_into("<I", table, 24, end)
    elif where == "type":
        struct.pack_into("<I", table, 28 + 12, end - 8)  # 16-byte TypeInfo from 8 bytes before the end
    elif where == "member array":
        struct.pack_into("<I", table, type_at + 12, end)
    elif where == "member array tail":
        struct.pack_into("<I", table, type_at + 12, end - 4)  # the 8-byte entry from 4 bytes before the end
    else:
        struct.pack_into("<I", table, members_at + 4, type_at)  # the member's type is the struct itself
    with pytest.raises(ValueError, match="CTAB"):
        decode_ctab(as_dwords(bytes(table)))
