"""The conditional operator on two matrix operands of different sizes (session 16, helper MU6: exprs.py #266 of the
seed-19 round, ``tb.rows <= ta.rows`` made ``<``, survived every guard file).

Rule: the two values of ``?:`` are brought to one type like a binary operator's operands; between matrices that
type exists only by truncation, and hlsl-specs' conversion rules (Conv.vtrunc, "Vector and matrix truncation")
allow ``matrix<T, R, C>`` to become ``matrix<T, r, c>`` only when ``r <= R`` and ``c <= C``. So the pair is
accepted exactly when one operand is no larger than the other in *both* dimensions (equal rows or equal columns
included); otherwise fxc reports the type mismatch as error X3020 (its number as the project records it, the
same one ``a + b`` gives). Every pair of the 15 matrix shapes from 1x2 to 4x4 (1x1 left out: it converts like a
scalar) is compiled with a scalar condition: 225 programs, expectations from the rule above."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compiles only (checked by tests/conftest.py)

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if (r, c) != (1, 1)]


def _errors(src: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    except ShaderCompileError as exc:
        return exc.errors
    return ""


def _fits(small: tuple[int, int], big: tuple[int, int]) -> bool:
    return small[0] <= big[0] and small[1] <= big[1]


@pytest.mark.parametrize("a", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
def test_matrix_operands_of_a_conditional(a):
    wrong = []
    for b in SHAPES:
        ok = _fits(a, b) or _fits(b, a)
        src = (f"float c; float{a[0]}x{a[1]} x; float{b[0]}x{b[1]} y;\n"
               "float4 main() : SV_Target { return (c ? x : y)._m00; }\n")
        err = _errors(src)
        if ok and err or not ok and "error X3020:" not in err:
            wrong.append((b, ok, err))
    assert not wrong, wrong


def test_the_table_has_both_outcomes_at_equal_rows_and_equal_columns():
    """The cases a strict comparison in either dimension would get wrong are in the table: equal rows with fewer
    columns (2x3 / 2x2) and equal columns with fewer rows (3x2 / 2x2) are accepted; 3x2 / 2x3 is not."""
    assert _fits((2, 2), (2, 3)) and _fits((2, 2), (3, 2)) and not (_fits((3, 2), (2, 3)) or _fits((2, 3), (3, 2)))
    for a, b in (((2, 3), (2, 2)), ((2, 2), (2, 3)), ((3, 2), (2, 2)), ((3, 1), (3, 2)), ((4, 4), (4, 1))):
        src = (f"float c; float{a[0]}x{a[1]} x; float{b[0]}x{b[1]} y;\n"
               "float4 main() : SV_Target { return (c ? x : y)._m00; }\n")
        assert _errors(src) == "", (a, b)
