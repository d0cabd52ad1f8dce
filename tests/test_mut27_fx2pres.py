"""Direct3D 9 preshaders read and listed (effects/fx2pres.py), session 27 helper MUT (issue 19 item 3).

The FX 2 expression program's instruction token holds the opcode in bits 20..30, the component count in the low
bits and the scalar-form flag in bit 31; each operand is (0, table, offset) or, read relative, (1, index table,
index offset, table, offset) (DXDecompiler's FxlcToken / FxlcOperand). The opcodes are DXDecompiler's FxlcOpcode
enum (read from the mirror); the operations an FX 2 program uses and their listing mnemonics are the D3DX9
runtime's table (Wine d3dx9 preshader.c: mov neg rcp frc exp log rsq sin cos asin acos atan, min max lt ge add mul
atan2 div, cmp, dot, d3ds_dotswiz). Programs are built here from those definitions and read back through the
module's public reader and listing."""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest

from pyd3d11.effects.fx2pres import find_preshader, listing, read_program

pytestmark = pytest.mark.backend_independent  # runs no shader

MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")
ENUM = "src/DXDecompiler/DX9Shader/Bytecode/Fxlvm/FxlcOpcode.cs"
D3DX9_OPS = ["mov", "neg", "rcp", "frc", "exp", "log", "rsq", "sin", "cos", "asin", "acos", "atan", "min", "max",
             "lt", "ge", "add", "mul", "atan2", "div", "cmp", "dot"]
VERSION = 0x46580201
END = 0x0000FFFF


def _enum() -> dict[str, int]:
    if not MIRROR.exists():
        pytest.skip("no DXDecompiler mirror")
    text = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"HEAD:{ENUM}"], check=True,
                          capture_output=True).stdout.decode("utf-8-sig")
    return {m.group(1).lower(): int(m.group(2)) for m in re.finditer(r"(\w+)\s*=\s*(\d+)", text)}


def _fourcc(s: bytes) -> int:
    return struct.unpack("<I", s)[0]


def _comment(fourcc: bytes, body: list[int]) -> list[int]:
    return [((len(body) + 1) << 16) | 0xFFFE, _fourcc(fourcc), *body]


def _program(code: list[int], n: int, literals: list[float] = (), prsi: list[int] = (1, 2, 3)) -> list[int]:
    clit = [len(literals)] + [w for x in literals for w in struct.unpack("<2I", struct.pack("<d", x))]
    return [VERSION, *_comment(b"CLIT", clit), *_comment(b"FXLC", [n, *code]), *_comment(b"PRSI", list(prsi)), END]


def _ins(code: int, comps: int, inputs: list[list[int]], out: list[int], scalar: bool = False) -> list[int]:
    return [(code << 20) | comps | (0x80000000 if scalar else 0), len(inputs), *[w for o in inputs for w in o], *out]


def test_every_d3dx9_operation_lists_by_its_name():
    enum = _enum()
    for name in D3DX9_OPS:
        code = enum[name]
        n_in = 2 if code == 0x500 else code >> 8
        dw = _program(_ins(code, 1, [[0, 2, 4 * k] for k in range(n_in)], [0, 4, 0]), 1)
        prog = read_program(dw)
        assert (prog.instructions[0].opcode, len(prog.instructions[0].inputs)) == (code, n_in)
        assert listing(prog)[1].split()[0] == name, name


def test_operands_tables_and_relative_reads():
    # add c5.yz, c2.xy, r1.zw ; mov r0.x, c3[c7.w].x (tables: 2 parameters c#, 4 shader constants c#, 7 temps r#)
    code = (_ins(0x204, 2, [[0, 2, 8], [0, 7, 6]], [0, 4, 21]) +
            _ins(0x100, 1, [[1, 2, 31, 2, 12]], [0, 7, 0]))
    prog = read_program(_program(code, 2))
    a, b = prog.instructions
    assert (a.comps, a.scalar, [(o.table, o.index) for o in a.inputs], (a.output.table, a.output.index)) == \
        (2, False, [(2, 8), (7, 6)], (4, 21))
    assert (b.inputs[0].table, b.inputs[0].index, b.inputs[0].rel) == (2, 12, (2, 31))
    assert listing(prog)[1:] == ["add c5.yz, c2.xy, r1.zw", "mov r0.x, c3[c7.w].x"]
    assert prog.prsi == [1, 2, 3]  # (the PRSI block's body, exactly its words)


def test_scalar_form_reads_one_component_of_input_zero():
    # mul r0.xyz, c1.w, c2.xyz (scalar form); a literal there is printed once per component
    code = _ins(0x205, 3, [[0, 2, 7], [0, 2, 8]], [0, 7, 0], scalar=True)
    code += _ins(0x205, 2, [[0, 1, 1], [0, 2, 8]], [0, 7, 4], scalar=True)
    code += _ins(0x204, 2, [[0, 2, 4], [0, 1, 0]], [0, 7, 8])
    prog = read_program(_program(code, 3, [0.5, 2.0]))
    assert listing(prog)[1:] == ["mul r0.xyz, c1.w, c2.xyz", "mul r1.xy, (2, 2), c2.xy", "add r2.xy, c1.xy, (0.5, 2)"]


def test_found_only_in_a_d3d9_token_stream_with_a_pres_comment():
    prog = _program(_ins(0x100, 1, [[0, 2, 0]], [0, 4, 0]), 1)
    pres = _comment(b"PRES", prog)
    for version in (0xFFFF0200, 0xFFFE0300):  # ps_2_0, vs_3_0
        words = [version, *_comment(b"CTAB", [0]), *pres, 0x0000FFFF]
        assert find_preshader(struct.pack(f"<{len(words)}I", *words)) == prog
    words = [0x00000200, *pres, 0x0000FFFF]  # not a shader's version token
    assert find_preshader(struct.pack(f"<{len(words)}I", *words)) is None
