"""FXLVM instruction encoding (effects/fxlvm.py), session 27 helper MUT (issue 19 item 3).

The opcode of each operation is DXDecompiler's FxlcOpcode enum (src/DXDecompiler/DX9Shader/Bytecode/Fxlvm/
FxlcOpcode.cs, read from the mirror, an independent reading of fxc's objects): an instruction written by the
encoder carries that number in bits 20..30 of its token, and reading it back names the operation again. The
input count is the opcode's class (0x1xx one input, 0x2xx two, 0x3xx three, dot two). One disagreement is left
out: the enum has ``Bilt = 529`` and no ``bige``, where this project (after Wine's d3d10 evaluator) has bilt 0x210
and bige 0x211 — not decidable from these sources.

The float -> int conversions saturate at the integer range, as the shader model 4 instructions of those names are
defined (MicrosoftDocs direct3dhlsl "ftoi (sm4 - asm)": inputs are clamped to the int range before conversion;
"ftou": to the uint range) — the FXLVM reading of them this project's evaluator follows; checked at the bounds."""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest

from pyd3d11.effects import fxlvm as L

pytestmark = pytest.mark.backend_independent  # runs no shader

MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")
ENUM = "src/DXDecompiler/DX9Shader/Bytecode/Fxlvm/FxlcOpcode.cs"


def _enum() -> dict[str, int]:
    if not MIRROR.exists():
        pytest.skip("no DXDecompiler mirror")
    text = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"HEAD:{ENUM}"], check=True,
                          capture_output=True).stdout.decode("utf-8-sig")
    return {m.group(1).lower(): int(m.group(2)) for m in re.finditer(r"(\w+)\s*=\s*(\d+)", text)}


def _inputs(code: int) -> int:
    return 2 if code == 0x500 else code >> 8


def _fxlc_words(blob: bytes) -> list[int]:
    from pyd3d11.shader.dxbc.container import parse_container

    fx = next(bytes(c.data) for c in parse_container(blob, verify_checksum=False).chunks if c.fourcc == "FXLC")
    return list(struct.unpack(f"<{len(fx) // 4}I", fx))


def test_every_opcode_is_dxdecompilers_and_reads_back():
    enum = _enum()
    enum.pop("bilt")  # (the one disagreement: see the module docstring)
    checked = 0
    for name, code in sorted(enum.items(), key=lambda kv: kv[1]):
        if name == "d3ds_dotswiz":
            continue  # (variable input count; its code is checked below)
        n = _inputs(code)
        ins = L.Instruction(name, 1, tuple(L.Operand(L.LIT, k) for k in range(n)), L.Operand(L.OUT, 0))
        blob = L.encode(L.Program(literals=[0, 0, 0, 0], code=[ins]), "fx_5_0")
        words = _fxlc_words(blob)
        assert (words[1] >> 20) & 0x7FF == code, name
        assert words[2] == n, name
        back = L.decode(blob).code
        assert [(i.op, len(i.inputs)) for i in back] == [(name, n)], name
        checked += 1
    assert checked == len(enum) - 1 == 54
    assert L.OPCODE["d3ds_dotswiz"] == enum["d3ds_dotswiz"]


def _run(op: str, x: int) -> int:
    p = L.Program(literals=[x, 0, 0, 0], code=[L.Instruction(op, 1, (L.Operand(L.LIT, 0),), L.Operand(L.OUT, 0))])
    return L.evaluate(p, [])[0]


def _fb(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


@pytest.mark.parametrize("op,x,want", [
    ("ftoi", 3.0e9, 0x7FFFFFFF), ("ftoi", -3.0e9, 0x80000000), ("ftoi", 2147483520.0, 2147483520),
    ("ftoi", -2147483648.0, 0x80000000), ("ftoi", -7.75, (-7) & 0xFFFFFFFF),
    ("ftou", 5.0e9, 0xFFFFFFFF), ("ftou", -1.0, 0), ("ftou", 4294967040.0, 4294967040),
])
def test_float_to_integer_conversions_saturate(op, x, want):
    assert _run(op, _fb(x)) == want
