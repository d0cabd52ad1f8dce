"""Issue 15 (session 45, the lead): an effect's integer default value from an integer initialiser keeps its bits.

Recorded from d3dcompiler_47 10.1 under Wine (fx_2_0 parameters: the stored default's four bytes), after session
45 made hexadecimal and octal literals ``uint`` (parse_exprs, helper MRUN): an initialiser of integer literals and
operators converts to ``int`` / ``uint`` by its bits (foldinit._integer_only); only a float value goes through the
host conversion of out-of-range floats (``int a = 3000000000.0;``: test_rules_effects_fxc_s38 / s42).
"""

from __future__ import annotations

import struct

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.effects.fx2binary import read_fx2

pytestmark = pytest.mark.backend_independent

# (initialiser of ``g``, the four bytes fxc stores as little-endian u32)
ROWS = [
    ("int g = 4294967295;", 0xFFFFFFFF),
    ("int g = 4294967295u;", 0xFFFFFFFF),
    ("int g = 0xffffffff;", 0xFFFFFFFF),
    ("int g = 0xffffffffu;", 0xFFFFFFFF),
    ("int g = 0xfffffffe + 1;", 0xFFFFFFFF),
    ("int g = 037777777777;", 0xFFFFFFFF),
    ("int g = 0xffffffff / 2;", 0x7FFFFFFF),
    ("uint g = 0xffffffff;", 0xFFFFFFFF),
    ("int g = (int)0xffffffff;", 0xFFFFFFFF),
    ("int g = -0x1;", 0xFFFFFFFF),
    ("float g = 0x7fffffff;", 0x4F000000),
]


@pytest.mark.parametrize(("decl", "word"), ROWS)
def test_integer_default_bits_as_fxc_stores_them(decl: str, word: int):
    src = (decl + "\ntechnique t { pass {} }").encode()
    blob = bytes(dc.D3DCompile(src, len(src), "t.fx", None, None, None, "fx_2_0", 0, 0).GetBufferPointer())
    params = read_fx2(blob).parameters
    assert struct.unpack("<I", params[0].value[:4])[0] == word
