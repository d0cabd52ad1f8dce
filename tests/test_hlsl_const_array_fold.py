"""Local arrays initialised with constants fold as fxc folds them: until something writes the array, an element
read with a literal index is the constant it holds, so it may be a texel offset (which must resolve to an integer
literal, X4566) and folds into any constant expression (DXC's legalize_sample_offset/sample-offset-imm-test04:
``int2 offset[2] = {int2(0, 1), int2(1, 0)}`` and ``int2(offset[1].x, offset[0].y)`` as a SampleLevel offset).

The rule is kept sound: a write with a literal index replaces that element's known value, a write with a run-time
index forgets the whole array, branches keep what both paths agree on and loops forget what they write; the
executed tests check the values read after each kind of write on both backends."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

_SAMPLE = """Texture2D t : register(t0); SamplerState s : register(s0);
float4 main(float2 uv : UV, uint k : K) : SV_Target {{
  {decl}
  return t.Sample(s, uv, {offset});
}}"""


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


#: (declarations, offset expression, the literal offset fxc's rule gives)
FOLDS = [
    ("int2 o[2] = { int2(0, 1), int2(1, 0) };", "int2(o[1].x, o[0].y)", (1, 1)),  # DXC sample-offset-imm-test04
    ("int2 o[2] = { int2(0, 1), int2(1, 0) };", "o[1]", (1, 0)),
    ("int o[3] = { -2, 3, 7 };", "int2(o[0] + o[1], o[2] - 8)", (1, -1)),
    ("int o[3] = { -2, 3, 7 };", "int2(o[0] * o[1] + 4, o[2] >> 1)", (-2, 3)),
    ("static const int2 o[2] = { int2(-8, 7), int2(2, 2) };", "o[0] + o[1] - int2(0, 2)", (-6, 7)),
    ("const int2 o[2] = { int2(-1, -2), int2(3, 4) };", "o[1].yx - 4", (0, -1)),
    ("int2 o[2][2] = { int2(1, 2), int2(3, 4), int2(5, 6), int2(-7, -8) };", "o[1][1] + o[0][1]", (-4, -4)),
    ("struct P { int2 d; float w; }; P o[2] = { { int2(2, 3), 0.5 }, { int2(-3, 1), 1.0 } };", "o[1].d", (-3, 1)),
    ("int2 o[2] = { int2(0, 1), int2(1, 0) }; o[1] = int2(4, -4);", "o[1]", (4, -4)),  # a literal-index write
    ("int2 o[2] = { int2(0, 1), int2(1, 0) }; o[0].y += 2;", "o[0]", (0, 3)),
    ("int2 o[2] = { int2(0, 1), int2(1, 0) }; int2 p = o[1] * 3;", "p", (3, 0)),
    ("float2 o[2] = { float2(1.9, -1.9), float2(2, 2) };", "(int2)o[0]", (1, -1)),
    # a run-time-indexed write forgets only the array it writes
    ("int2 o[2] = { int2(0, 1), int2(1, 0) }; int p[3] = { 0, 0, 0 }; p[k] = 5;", "o[1]", (1, 0)),
]


def _offsets(listing: str) -> tuple[int, int]:
    import re

    m = re.search(r"sample_aoffimmi\((-?\d+),(-?\d+),(-?\d+)\)", listing)
    assert m, listing
    return int(m.group(1)), int(m.group(2))


@pytest.mark.backend_independent
@pytest.mark.parametrize(("decl", "offset", "expect"), FOLDS)
def test_literal_index_reads_of_constant_initialised_arrays_are_literal_offsets(decl, offset, expect):
    blob = _compile(_SAMPLE.format(decl=decl, offset=offset))
    assert _offsets(disassemble(blob)) == expect


#: writes after which the element is no longer known: the offset is a run-time value again (X4566)
UNKNOWN = [
    "int2 o[2] = { int2(0, 1), int2(1, 0) }; o[k] = int2(2, 2);",  # a run-time-indexed write: any element
    "int2 o[2] = { int2(0, 1), int2(1, 0) }; if (uv.x > 0) o[1] = int2(2, 2);",  # the paths disagree
    "int2 o[2] = { int2(0, 1), int2(1, 0) }; [loop] for (uint i = 0; i < k; i++) o[1].x += 1;",
    "int2 o[2] = { int2(0, 1), int2(1, 0) }; o[1] = int2(uv);",
    # a run-time-indexed write in one case of a run-time switch: after the switch, any element may have changed
    "int2 o[2] = { int2(0, 1), int2(1, 0) }; switch (k) { case 0: o[k + 1] = int2(2, 2); break; default: break; }",
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", UNKNOWN)
def test_written_elements_are_not_folded(decl):
    with pytest.raises(D3D11Error, match="X4566"):
        _compile(_SAMPLE.format(decl=decl, offset="o[1]"))


@pytest.mark.backend_independent
def test_agreeing_branches_keep_the_value():
    src = _SAMPLE.format(decl="int2 o[2] = { int2(0, 1), int2(1, 0) }; if (uv.x > 0) o[1] = int2(2, 2); "
                              "else o[1] = int2(2, 2);", offset="o[1]")
    assert _offsets(disassemble(_compile(src))) == (2, 2)


_VALUES = """
uint4 main(uint4 k : K) : SV_Target {
  int a[4] = { 10, 20, 30, 40 };
  int b[3] = { 1, 2, 3 };
  int c[2] = { 5, 6 };
  int d[2] = { 7, 8 };
  a[k.x] = 99;                                   // run-time index: any element
  if (k.y != 0) b[1] = 50;                       // one path only
  [loop] for (uint i = 0; i < k.z; i++) c[1] += 2;
  d[0] = d[1] * 2;                               // literal index: known again
  return uint4(a[1] + a[2] * 1000, b[1], c[1], d[0] + a[0] * 100);
}"""


def test_executed_reads_after_writes():
    """Values read after each kind of write, on the selected backend, against the rule evaluated by hand."""
    k = np.array([[1, 0, 3, 0], [2, 1, 0, 0], [0, 0, 1, 0], [3, 1, 2, 0]], np.uint32)
    res = run_program(blob_program(_compile(_VALUES)), len(k), inputs={0: k}, bindings=Bindings())
    got = res.outputs[0].view(np.int32)
    for lane, (x, y, z, _w) in enumerate(k):
        a = [10, 20, 30, 40]
        a[x] = 99
        b1 = 50 if y else 2
        c1 = 6 + 2 * z
        assert got[lane].tolist() == [a[1] + a[2] * 1000, b1, c1, 16 + a[0] * 100]
