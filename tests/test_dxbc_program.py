"""Decoder/encoder of the SM4/SM5 tokenized program (spec-facts §2.6): hand-built token forms and the
fxc corpus round trip (decode -> encode gives the same bytes)."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.encoder import encode_program
from pyd3d11.shader.dxbc.opcodes import BY_NAME, OPCODES, OpClass

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

CORPUS = ("dxbc-corpus", "slimshader")


def read_chunks(blob: bytes) -> dict[str, bytes]:
    """Tiny private DXBC chunk reader (spec-facts §2.1), independent of the container module."""
    assert blob[:4] == b"DXBC"
    count = struct.unpack_from("<I", blob, 28)[0]
    out = {}
    for i in range(count):
        off = struct.unpack_from("<I", blob, 32 + 4 * i)[0]
        size = struct.unpack_from("<I", blob, off + 4)[0]
        out[blob[off : off + 4].decode("latin1")] = blob[off + 8 : off + 8 + size]
    return out


def corpus_programs():
    root = conformance_path(*CORPUS)
    files = sorted(root.rglob("*.o"))
    assert len(files) >= 119
    for f in files:
        ch = read_chunks(f.read_bytes())
        yield f, ch.get("SHEX") or ch["SHDR"]


def words(*w: int) -> bytes:
    return struct.pack(f"<{len(w)}I", *w)


def f32(x: float) -> int:
    return int(np.float32(x).view(np.uint32))


# vs_5_0 `mad o0.xyzw, v1.xyzw, l(0.1,0.2,0.3,0.4), v0.xyzw` then `ret` (spec-facts §2.6 worked example)
MAD_VS = [0x00010050, 15, 0x0C000032, 0x001020F2, 0, 0x00101E46, 1, 0x00004002,
          f32(0.1), f32(0.2), f32(0.3), f32(0.4), 0x00101E46, 0, 0x0100003E]


def test_worked_example_decodes_field_by_field():
    p = decode_program(words(*MAD_VS))
    assert (p.program_type, p.major, p.minor) == (ir.ProgramType.VERTEX, 5, 0)
    mad, ret = p.instructions
    assert mad.opcode == ir.Opcode.MAD and ret.opcode == ir.Opcode.RET
    dst, a, b, c = mad.operands
    assert dst.type == ir.OperandType.OUTPUT and dst.selection == ir.SelectionMode.MASK and dst.mask == 0xF
    assert [i.value for i in dst.indices] == [0]
    assert a.type == ir.OperandType.INPUT and a.selection == ir.SelectionMode.SWIZZLE
    assert a.swizzle == (0, 1, 2, 3) and a.register == 1
    assert b.type == ir.OperandType.IMMEDIATE32 and b.num_components == 4
    assert b.values == [f32(0.1), f32(0.2), f32(0.3), f32(0.4)]
    assert c.register == 0 and not mad.saturate and mad.extra == []


def test_worked_example_encodes_back():
    assert encode_program(decode_program(words(*MAD_VS))) == words(*MAD_VS)


def test_numpy_input_accepted():
    p = decode_program(np.array(MAD_VS, dtype=np.uint32))
    assert len(p.instructions) == 2


def test_encoder_computes_lengths_for_hand_built_ir():
    dst = ir.Operand(ir.OperandType.OUTPUT, 4, ir.SelectionMode.MASK, 0xF, indices=[ir.Index(value=0)])
    v1 = ir.Operand(ir.OperandType.INPUT, 4, ir.SelectionMode.SWIZZLE, indices=[ir.Index(value=1)])
    imm = ir.Operand(ir.OperandType.IMMEDIATE32, 4, mask=0, values=[f32(0.1), f32(0.2), f32(0.3), f32(0.4)])
    v0 = ir.Operand(ir.OperandType.INPUT, 4, ir.SelectionMode.SWIZZLE, indices=[ir.Index(value=0)])
    prog = ir.Program(ir.ProgramType.VERTEX, 5, 0, [ir.Instruction(ir.Opcode.MAD, [dst, v1, imm, v0]),
                                                      ir.Instruction(ir.Opcode.RET)])
    assert encode_program(prog) == words(*MAD_VS)


def test_saturate_modifier_and_select1():
    # add_sat r0.x, -r1.y, |v2.z|   (controls bit 13; extended operand token type 1, modifier [13:6])
    toks = [0x00000050, 0, 0x07002000 | 0, 0x00100012, 0,
            0x8010001A | 0, 0x00000041, 1,  # r1.y select_1 (comp 1 -> bits 5:4 = 01), neg
            0x8010102A, 0x00000081, 2,  # v2.z select_1, abs
            0x0100003E]
    toks[1] = len(toks)
    toks[2] = 0x00002000 | (10 << 24)  # add, saturate, length 10
    p = decode_program(words(*toks))
    add = p.instructions[0]
    assert add.saturate and add.opcode == ir.Opcode.ADD
    d, a, b = add.operands
    assert d.written() == (0,)
    assert a.selection == ir.SelectionMode.SELECT_1 and a.components() == (1, 1, 1, 1)
    assert a.modifier == ir.Modifier.NEG and a.type == ir.OperandType.TEMP
    assert b.modifier == ir.Modifier.ABS and b.components() == (2, 2, 2, 2) and b.type == ir.OperandType.INPUT
    assert encode_program(p) == words(*toks)


def test_relative_index_and_two_dims():
    # mov r0.xyzw, cb1[r2.x + 3].xyzw : index dim 2, idx0 imm32, idx1 imm32+relative
    rel = 0x00100000 | 0x0000000A | (1 << 20)  # r2.x select_1 comp 0, temp, 1-D
    cb = 0x00208E46 | (3 << 25)  # cb, 2-D, swizzle xyzw, idx1 rep 3
    toks = [0x00000040, 0, 0x09000036, 0x001000F2, 0, cb, 1, 3, rel, 2, 0x0100003E]
    toks[1] = len(toks)
    p = decode_program(words(*toks))
    src = p.instructions[0].operands[1]
    assert src.type == ir.OperandType.CONSTANT_BUFFER and len(src.indices) == 2
    assert src.indices[0].value == 1 and src.indices[0].rep == ir.IndexRep.IMMEDIATE32
    i1 = src.indices[1]
    assert i1.rep == ir.IndexRep.IMMEDIATE32_PLUS_RELATIVE and i1.value == 3
    assert i1.rel.type == ir.OperandType.TEMP and i1.rel.register == 2 and i1.rel.components()[0] == 0
    assert encode_program(p) == words(*toks)


def test_imm64_index_and_value():
    # dmov r0.xy, d(1.0) style 64-bit immediate (1 double = 2 dwords) into an idx with IMMEDIATE64 rep
    dst = 0x00100032 | (1 << 22)  # r#, mask xy, index rep 1 (imm64)
    toks = [0x00050050, 0, 0x070000C7, dst, 0, 7, 0x00005001, 0, 0x3FF00000, 0x0100003E]
    toks[1] = len(toks)
    p = decode_program(words(*toks))
    d, s = p.instructions[0].operands
    assert d.indices[0].rep == ir.IndexRep.IMMEDIATE64 and d.indices[0].value == 7
    assert s.type == ir.OperandType.IMMEDIATE64 and s.values == [0, 0x3FF00000]
    assert encode_program(p) == words(*toks)


def test_declarations_store_extra_dwords():
    toks = [0x00050050, 0,
            0x02000068, 5,  # dcl_temps 5
            0x0400009B, 8, 4, 1,  # dcl_thread_group 8, 4, 1
            0x04000069, 0, 6, 4,  # dcl_indexableTemp x0[6], 4
            0x04001858, 0x00107000, 2, 0x00005555,  # dcl_resource_texture2d (float x4) t2
            0x0400009E | (1 << 23), 0x0011E000, 1, 16,  # dcl_uav_structured u1, 16, with counter bit
            0x0500005F | 0, 0x0010100F, 3,  # placeholder dcl_input (fixed below)
            0x0100003E]
    toks[20:23] = [0x0300005F, 0x001010F2, 3]  # dcl_input v3.xyzw (mask mode)
    toks[1] = len(toks)
    p = decode_program(words(*toks))
    temps, tg, itemp, res, uav, inp, _ = p.instructions
    assert temps.opcode == ir.Opcode.DCL_TEMPS and temps.extra == [5] and temps.operands == []
    assert tg.extra == [8, 4, 1]
    assert itemp.extra == [0, 6, 4]
    assert res.controls & 0x1F == ir.ResourceDimension.TEXTURE2D and res.extra == [0x5555]
    assert res.operands[0].type == ir.OperandType.RESOURCE and res.operands[0].register == 2
    assert uav.extra == [16] and uav.controls >> 12 & 1 == 1
    assert inp.operands[0].register == 3 and inp.operands[0].mask == 0xF
    assert encode_program(p) == words(*toks)


def test_customdata_icb_and_fcall_and_long_dcl_interface():
    toks = [0x00050050, 0,
            0x00001835, 6, 1, 2, 3, 4,  # dcl_immediateConstantBuffer, class 3, 1 vec4
            0x80000092, 7, 0, 2, 0x00010003 | 0, 0, 1,  # dcl_interface long form (length dword 7)
            0x05000078, 5, 0x00013000 | (2 << 20), 0, 0,  # fcall fp0[0][5]: function index first
            0x0100003E]
    toks[1] = len(toks)
    # fix the interface fields: id 0, table size 2, (array len 1 << 16 | table len 2), 2 table entries
    toks[8:15] = [0x80000092, 7, 0, 2, 0x00010002, 0, 1]
    p = decode_program(words(*toks))
    icb, iface, fcall, _ = p.instructions
    assert icb.opcode == ir.Opcode.CUSTOMDATA and icb.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER
    assert icb.extra == [1, 2, 3, 4]
    assert iface.opcode == ir.Opcode.DCL_INTERFACE and iface.extra == [0, 2, 0x00010002, 0, 1]
    assert fcall.extra == [5] and fcall.operands[0].type == ir.OperandType.INTERFACE
    assert [i.value for i in fcall.operands[0].indices] == [0, 0]
    assert encode_program(p) == words(*toks)


def test_sample_with_extended_opcode_tokens():
    # sample_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) r0.xyzw, v0.xy, t0.xyzw, s0
    samp_ctrl = 0x80000001 | (0xF << 9)  # offsets u=-1, chained
    dim = 0x80000002 | (3 << 6)
    rt = 0x00000003 | (0x5555 << 6)
    toks = [0x00000050, 0, 0x8C000045, samp_ctrl, dim, rt, 0x001000F2, 0, 0x00101046, 0, 0x00107E46, 0,
            0x00106000, 0, 0x0100003E]
    toks[1] = len(toks)
    p = decode_program(words(*toks))
    s = p.instructions[0]
    assert s.texel_offset == (-1, 0, 0)
    assert s.resource_dim == (3, 0) and s.resource_return_type == (5, 5, 5, 5)
    assert len(s.operands) == 4
    assert encode_program(p) == words(*toks)


@pytest.mark.parametrize(
    "toks, needle",
    [
        ([0x00010050], "shorter"),
        ([0x00010050, 9, 0x0100003E], "length"),
        ([0x00010050, 3, 0x0000003E], "zero-length"),
        ([0x00010050, 3, 0x020000EF], "unknown opcode"),
        ([0x00010050, 3, 0x0100006B], "unknown opcode"),  # reserved 107
        ([0x00010050, 4, 0x05000036, 0x001000F2], "past"),
        ([0x00010050, 5, 0x05000036, 0x001000F2, 0], "past"),
        ([0x00060050, 2], "program type"),
        ([0x00010050, 4, 0x00000035, 1], "customdata"),
        ([0x00010050, 5, 0x03000036, 0x001000FE, 0], "selection"),
        ([0x00010050, 3, 0x8100003E], "extended"),
    ],
)
def test_malformed_programs_raise_invalidarg(toks, needle):
    with pytest.raises(InvalidArgError, match=needle):
        decode_program(words(*toks))


def test_bytes_not_multiple_of_four():
    with pytest.raises(InvalidArgError):
        decode_program(b"\x50\x00\x01\x00\x02\x00")


def test_relative_nesting_limit():
    # each relative index nests another TEMP operand with a relative index: deeper than the limit
    rel = 0x00100000 | 0x0000000A | (1 << 20) | (2 << 22)
    body = [0x00100012 | (1 << 20) | (2 << 22)] + [rel] * 10 + [0x0010000A | (1 << 20), 0]
    toks = [0x00010050, 0, ((1 + len(body)) << 24) | 0x68] + body
    toks[1] = len(toks)
    # dcl_temps has no operands: use mov with relative dst and l(0) source instead
    body = [0x00100012 | (1 << 20) | (2 << 22)] + [rel] * 10 + [0x0010000A | (1 << 20), 0, 0x00004001, 0]
    toks = [0x00010050, 0, ((1 + len(body)) << 24) | 0x36] + body
    toks[1] = len(toks)
    with pytest.raises(InvalidArgError, match="nested"):
        decode_program(words(*toks))


def test_opcode_table_rows():
    assert len(OPCODES) == 236
    assert [o.opcode for o in OPCODES] == list(range(236))
    # counts from DirectXShaderCompiler ShaderBinary.cpp (spec-facts §2.7)
    expected = {"mad": 4, "imul": 4, "sincos": 3, "swapc": 5, "sample_d": 6, "gather4_po_c": 6, "bfi": 5,
                "imm_atomic_cmp_exch": 5, "ld": 3, "ldms": 4, "resinfo": 3, "ld_structured": 4,
                "sample_d_cl_s": 8, "dcl_temps": 0, "dcl_resource": 1, "fcall": 1}
    for name, n in expected.items():
        assert BY_NAME[name].num_operands == n, name
    assert BY_NAME["imul"].num_dst == 2 and BY_NAME["imul"].operand_types == "iiii"
    assert BY_NAME["ftoi"].operand_types == "if" and BY_NAME["dadd"].cls == OpClass.DOUBLE
    assert BY_NAME["add"].has_saturate and not BY_NAME["iadd"].has_saturate
    assert BY_NAME["if"].has_test and BY_NAME["dcl_temps"].is_declaration


def test_corpus_round_trip_bytes():
    n = 0
    for path, code in corpus_programs():
        prog = decode_program(code)
        assert encode_program(prog) == code, path
        n += 1
    assert n >= 119
