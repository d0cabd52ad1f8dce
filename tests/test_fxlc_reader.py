"""One FXLC reader and writer for every expression program of fxc (effects/fxlc.py).

The rules and their sources (the expected values are written here from them, not taken from the code):

- the instruction token: component count in bits 0-2, bits 3-19 zero, opcode in bits 20-30, bit 31 the scalar
  form -- DXDecompiler's FxlcToken (DecodeValue(0, 2), (20, 30), (31, 31); it asserts bits 3-19 zero);
- the relative operand: ``1, index table, index offset, table, offset`` -- DXDecompiler's FxlcOperand reads the
  operand it prints inside the brackets first, and fxc's own listing of Effect_ArrayIndex prints
  ``mov c0, c0[c10.x]`` for the words ``1, 2, 40, 2, 0`` (the float4 array at c0, its int index at c10);
- the opcode numbers and names -- DXDecompiler's FxlcOpcode enum (the numbers of fxc's objects), read from the
  mirror, with Wine's d3d10 ``bilt 0x210`` / ``bige 0x211`` where the enum has no 0x210 and names 0x211 ``Bilt``
  (no fxc object in reach holds either: see docs/conformance.md, Session 27 helper FXC);
- the end marker 0xF0F0F0F0 0x0F0F0F0F, and in the FX10 chunk the end token 0xFFFF -- every fxc object.
"""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest

from pyd3d11.effects import fx2pres, fxlc, fxlvm
from pyd3d11.errors import NotSupportedError

pytestmark = pytest.mark.backend_independent

MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")

#: Effect_ArrayIndex's FXLC body (fxc 10.1, DXDecompiler ShadersDX9; the same words as tests/test_fx2_pres.py's
#: ARRAY_INDEX object): one ``mov`` of four components, input relative c0[c10.x], output the result table
ARRAY_INDEX_FXLC = [1, 0x10000004, 1, 1, 2, 40, 2, 0, 0, 4, 0, 0xF0F0F0F0, 0x0F0F0F0F]


@pytest.mark.parametrize("opcode,comps,scalar", [(0x204, 3, True), (0x100, 4, False), (0x500, 1, False),
                                                 (0x70E, 1, False), (0x301, 7, True)])
def test_token_fields(opcode, comps, scalar):
    token = comps | opcode << 20 | (1 << 31 if scalar else 0)
    name = fxlc.OPS[opcode][0]
    assert fxlc.encode_token(name, comps, scalar) == token
    assert fxlc.decode_token(token) == (name, comps, scalar)


@pytest.mark.parametrize("bit", [3, 10, 19])
def test_token_reserved_bits_are_malformed(bit):
    with pytest.raises(ValueError, match="bits 3-19"):
        fxlc.decode_token(0x10000001 | 1 << bit)


def test_unknown_opcode_and_relative_flag_are_malformed():
    with pytest.raises(ValueError, match="opcode"):
        fxlc.decode_token(0x7FF << 20 | 1)
    bad = list(ARRAY_INDEX_FXLC)
    bad[3] = 2
    with pytest.raises(ValueError, match="relative-addressing flag 2"):
        fxlc.decode(bad)
    with pytest.raises(ValueError, match="shorter"):
        fxlc.decode(ARRAY_INDEX_FXLC[:8])


def test_relative_operand_layout():
    (ins,) = fxlc.decode(ARRAY_INDEX_FXLC)
    assert ins.op == "mov" and ins.comps == 4 and not ins.scalar
    assert ins.inputs == (fxlc.Operand(2, 0, rel=(2, 40)),)  # c0 indexed by c10.x
    assert ins.output == fxlc.Operand(4, 0)
    assert fxlc.encode([ins]) == ARRAY_INDEX_FXLC


def _fx10_container(fxlc_words: list[int]) -> bytes:
    """An FXLVM container around an FXLC body (the CTAB of one variable ``a`` of 11 registers)."""
    from pyd3d11.shader.sm2 import ctab as C

    p = fxlvm.Program(variables=[fxlvm.Variable("a", 0, 11, C.TypeInfo(1, 3, 1, 4, 11))])
    raw = fxlvm.encode(p, "fx_5_0")
    from pyd3d11.shader.dxbc.container import build_container, parse_container

    chunks = [(c.fourcc, bytes(c.data)) for c in parse_container(raw, verify_checksum=False).chunks]
    body = struct.pack(f"<{len(fxlc_words) + 1}I", *fxlc_words, fxlc.PROGRAM_END)
    return build_container([(f, body if f == "FXLC" else d) for f, d in chunks])


def test_both_machines_read_the_relative_operand_alike():
    """The D3D9 preshader reader and the FXLVM reader decode the same words to the same operand (session 26 had
    the FXLVM reader take the index for the base and the base for the index)."""
    pres = fx2pres.read_program([0x46580201, 0xFFFE | (len(ARRAY_INDEX_FXLC) + 1) << 16,
                                 struct.unpack("<I", b"FXLC")[0], *ARRAY_INDEX_FXLC, 0xFFFF])
    fx10 = fxlvm.decode(_fx10_container(ARRAY_INDEX_FXLC))
    assert pres.instructions == fx10.code
    assert fx2pres.listing(pres)[1] == "mov c0, c0[c10.x]"  # fxc's listing
    assert fxlvm.listing(fx10) == ["mov expr, a[0][a[10].x]"]


def test_fxlvm_evaluator_refuses_the_relative_operand():
    """No FX10 object of fxc in reach holds one and Wine's d3d10 does not run it: its index rounding and bounds
    are unknown, so the evaluator names it rather than guess."""
    p = fxlvm.decode(_fx10_container(ARRAY_INDEX_FXLC))
    with pytest.raises(NotSupportedError, match="indexed operands"):
        fxlvm.evaluate(p, [0] * 44)


def test_fx10_chunk_ends_with_the_program_end_token():
    p = fxlvm.Program(literals=[7], code=[fxlc.Instruction("mov", 1, (fxlc.Operand(1, 0),), fxlc.Operand(4, 0))])
    from pyd3d11.shader.dxbc.container import parse_container

    chunks = {c.fourcc: bytes(c.data) for c in parse_container(fxlvm.encode(p, "fx_4_0"), verify_checksum=False).chunks}
    words = list(struct.unpack(f"<{len(chunks['FXLC']) // 4}I", chunks["FXLC"]))
    assert words == [1, 0x10000001, 1, 0, 1, 0, 0, 4, 0, 0xF0F0F0F0, 0x0F0F0F0F, 0xFFFF]
    assert chunks["CLI4"] == struct.pack("<5I", 4, 7, 0, 0, 0)  # padded to a register


def test_literal_tables():
    assert fxlc.encode_clit([0.5, -2.0]) == [2, *struct.unpack("<2I", struct.pack("<d", 0.5)),
                                             *struct.unpack("<2I", struct.pack("<d", -2.0))]
    assert fxlc.decode_clit(fxlc.encode_clit([0.5, -2.0])) == [0.5, -2.0]
    with pytest.raises(ValueError):
        fxlc.decode_clit([2, 0, 0])
    assert fxlc.decode_cli4(fxlc.encode_cli4([1, 2])) == [1, 2, 0, 0]


def _git(path: str) -> str | None:
    r = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"HEAD:{path}"], capture_output=True)
    return r.stdout.decode("utf-8-sig") if r.returncode == 0 else None


def test_opcodes_are_dxdecompilers():
    text = _git("src/DXDecompiler/DX9Shader/Bytecode/Fxlvm/FxlcOpcode.cs")
    if text is None:
        pytest.skip("no DXDecompiler mirror")
    enum = {int(v): n.lower() for n, v in re.findall(r"(\w+) = (\d+)", text)}
    ours = {code: name for code, (name, _n, _k) in fxlc.OPS.items()}
    # Wine's d3d10 evaluator: 0x210 bilt, 0x211 bige; DXDecompiler has no 0x210 and calls 0x211 "Bilt"
    assert enum.pop(0x211) == "bilt" and ours.pop(0x211) == "bige" and ours.pop(0x210) == "bilt"
    assert ours == enum
    assert fxlc.FX9_OPCODES <= set(fxlc.OPS)
