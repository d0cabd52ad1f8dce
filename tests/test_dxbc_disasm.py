"""fxc-style disassembly: corpus listings (slimshader .o/.asm pairs) match line for line after whitespace
normalisation; number formatting rules checked on hand-picked values."""

from __future__ import annotations

import re
import struct

import pytest
from conftest import conformance_path
from test_dxbc_program import MAD_VS, read_chunks, words

from pyd3d11.shader.dxbc.disasm import (
    disassemble,
    disassemble_program,
    format_float,
    format_int,
    format_untyped,
)

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

VERSION_RE = re.compile(r"^(ps|vs|gs|hs|ds|cs)_\d_\d")


def norm(line: str) -> str:
    return " ".join(line.split())


def listing_body(text: str) -> list[str]:
    """Lines from the version line on, trailer excluded, ICB continuation rows joined."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if VERSION_RE.match(line))
    body = [norm(line) for line in lines[start:] if not line.startswith("// Approximately")]
    return "\n".join(body).replace(",\n{", ", {").split("\n")


def corpus_pairs():
    root = conformance_path("dxbc-corpus", "slimshader")
    for obj in sorted(root.rglob("*.o")):
        yield obj, obj.with_suffix(".asm")


def test_corpus_program_listing_matches_fxc():
    matched, diffs = 0, []
    for obj, asm in corpus_pairs():
        ch = read_chunks(obj.read_bytes())
        got = listing_body("\n".join(disassemble_program(ch.get("SHEX") or ch["SHDR"])))
        exp = listing_body(asm.read_text(encoding="latin1"))
        if got == exp:
            matched += 1
        else:
            first = next((e, g) for e, g in zip(exp + [""], got + [""]) if e != g)
            diffs.append((obj.name, first))
    assert not diffs, f"{matched} matched; first differences: {diffs[:5]}"
    assert matched >= 119


def test_corpus_trailer_matches_fxc():
    for obj, asm in corpus_pairs():
        got = disassemble(obj.read_bytes()).splitlines()
        exp = asm.read_text(encoding="latin1").splitlines()
        assert got[-1].strip() == exp[-1].strip(), obj
        assert [norm(x) for x in got if VERSION_RE.match(x)] == [norm(x) for x in exp if VERSION_RE.match(x)]


def test_worked_example_listing():
    assert disassemble_program(words(*MAD_VS)) == [
        "vs_5_0",
        "mad o0.xyzw, v1.xyzw, l(0.100000, 0.200000, 0.300000, 0.400000), v0.xyzw",
        "ret ",
    ]


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def test_number_formatting_rules():
    assert format_float(0.1) == "0.100000"
    assert format_float(-0.0) == "-0.000000"
    # 17 significant digits then zeros, as the corpus shows for a huge ICB float
    assert format_float(-6.4921134737738287e32) == "-649211347377382870000000000000000.000000"
    assert format_int(2) == "2" and format_int(0xFFFFFFFE) == "-2"
    assert format_int(0x3F800000) == "0x3f800000" and format_int(15360) == "0x00003c00"
    assert format_untyped(bits(1.0)) == "1.000000"
    assert format_untyped(0x80000000) == "-0.000000"
    assert format_untyped(0x00008000) == "0x00008000"  # denormal pattern -> hex
    assert format_untyped(0x7F800000) == "0x7f800000"  # inf pattern -> hex
    assert format_untyped(248) == "248" and format_untyped(0xFFFFFFFF) == "-1"
