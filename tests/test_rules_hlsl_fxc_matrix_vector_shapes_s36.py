"""Issue 15 (session 36, helper INTR): matrices of one row or one column beside vectors — the shapes fxc gives
operators, comparisons, ``mul`` and the texture methods' vector parameters.

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 36
(tools/wine_d3dcompiler.py), in tests/data/fxc10_matrix_vector_shapes_s36.json: each row is (family, target,
program, fxc's answer). The probe assigns a value to a struct (``S_ r = …``): fxc's X3017 names the value's type
("cannot convert from 'const float1x4' to 'struct S_'"), or the first error number; ``transpose(x)`` (X3013 for
a vector) and ``x._m00`` (X3018 for a vector) tell a matrix from a vector, since fxc spells a one-row matrix as
the vector of its columns. The programs were generated to cover the rules:

- ``operator-shape``: every pair of scalar / vector / 1xN / Nx1 / NxM kinds through ``+ * < && ?: % ||``. The
  operand of fewer components gives the shape, the left one on a tie (float1x4 + float4 a 1x4, float4 + float1x4
  a float4, float4 + float3x1 a 3x1); two one-component operands take the left's shape (float1x1 + float a 1x1,
  float1 + float1x1 a float1); comparisons and logical operators give a one-row shape as a vector (a 1x1 as a
  bool); ``&&``/``||`` of a multi-row matrix truncated to one row is X3020.
- ``modifier-class``: a one-row matrix beside an operand of another class — a literal, a uniform global, a const
  value (an expression's result, a const local, a static const), a variable (locals, parameters, uniform
  parameters, statics) — acts as a vector: ``m14 * 1``, ``cm14 * f``, ``m14 * -b``, ``cm14 * k4`` are float4
  while ``m14 * f``, ``cm14 * c4``, ``(m14 * b) * float4(1, 2, 3, 4)`` stay float1x4; a column keeps its shape.
- ``mul``: every pair of twelve kinds; mul(float, float1) is a float1, a matrix or float1 location X3013.
- ``sample-location``: Sample/SampleLevel/SampleGrad/SampleBias of five texture kinds take a scalar or a vector of at
  least the location's components; a shorter vector (float1 for float2) or any matrix is X3013 "no matching N
  parameter intrinsic method".

Types are compared by class (half/min-precision spelled as float/int/uint here; fxc's 'const' dropped; a one-row
matrix spelled as fxc spells it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

pytestmark = pytest.mark.backend_independent  # compile-only

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_matrix_vector_shapes_s36.json").read_text())
HEADER: str = DATA["header"]
ROWS: list[list[str]] = DATA["rows"]
FAMILIES = sorted({r[0] for r in ROWS})
_ERROR = re.compile(r"error (X\d+)")
_TYPE = re.compile(r"cannot (?:implicitly )?convert from '(?:const )?([^']+)' to 'struct S_'")


def answer(source: str) -> str:
    """``ok``, ``T:<type>`` (an X3017 naming the struct probe's value) or the first error number."""
    try:
        D3DCompile(source.encode(), None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        return _reading(str(exc))


def _reading(text: str) -> str:
    """An error text as the table records it (``T:<type>`` or the first error number)."""
    errors = _ERROR.findall(text)
    m = _TYPE.search(text)
    if errors[:1] == ["X3017"] and m:
        return "T:" + m.group(1)
    return errors[0] if errors else "fail"


def type_class(a: str) -> str:
    """fxc's spelling and this compiler's compared: 'half'/'min16float' as float, one-row matrices as vectors."""
    if not a.startswith("T:"):
        return a
    t = a[2:].replace("const ", "")
    t = re.sub(r"^(half|min16float|min10float)", "float", t)
    m = re.fullmatch(r"([a-z]+)1x(\d)", t)
    return "T:" + (m.group(1) + m.group(2) if m else t)


@pytest.mark.parametrize("family", FAMILIES)
def test_shapes_match_fxc(family: str):
    bad = []
    for fam, _target, source, want in ROWS:
        if fam != family:
            continue
        got = answer(HEADER + source)
        if type_class(got) != type_class(want):
            bad.append(f"fxc {want}, ours {got}: {source.strip()[60:200]}")
    assert not bad, "\n".join(bad[:12]) + f"\n({len(bad)} rows)"


def test_table_shape():
    assert len(ROWS) == 2465
    assert FAMILIES == ["modifier-class", "mul", "operator-shape", "sample-location"]


def test_rules_hold_in_the_recorded_answers():
    """The rules as the data state them (a check on the table itself, independent of the compiler)."""
    by = {r[2]: r[3] for r in ROWS}
    head = "float4 main(float4 p : TEXCOORD, uniform float1x4 pm) : SV_Target { "
    mv = "float1x4 a = (float1x4)p.x; float4 b = (float4)p.x; "
    assert by[head + mv + "S_ r = transpose(a + b); return 0; }\n"] == "T:float4x1"  # a matrix
    vm = "float4 a = (float4)p.x; float1x4 b = (float1x4)p.x; "
    assert by[head + vm + "S_ r = transpose(a + b); return 0; }\n"] == "X3013"  # a vector


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 25th recorded row is asked again."""
    check_live_table([(HEADER + source, target, 0, want) for _family, target, source, want in ROWS[::25]],
                     verdict=lambda r: "ok" if r.ok else _reading(r.messages))
