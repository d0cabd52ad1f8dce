"""``mul`` of a vector and a matrix whose needed rows/columns are not registers: a linear combination
of the matrix registers instead of one dot product per result component (fxc's choice: dp# when the
dot operand is one register — mul(v, column_major M), mul(row_major M, v) — else mul + mad over the
registers, second term first: ``mul r, v.y, m1; mad r, v.x, m0, r; mad r, v.z, m2, r; …``). Besides
matching fxc's operation order (so results round like Windows'), it needs no gathering moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .operands import Slot, is_imm
from .types import FLOAT

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_ONE = 0x3F800000  # 1.0f: v.x * m + acc with v.x == 1 is exactly m + acc


def _one_register(slots: list[Slot]) -> bool:
    return not any(is_imm(s) for s in slots) and len({s[:3] for s in slots}) == 1


def combine_registers(cg: CodegenContext, a: list[Slot], b: list[Slot], vec_left: bool, ar: int, ac: int, bc: int,
                      k: int) -> list[Slot] | None:
    """Result slots of mul(vector, matrix) (``vec_left``) or mul(matrix, vector) as a register
    combination, or None when the dot products read whole registers (or the terms do not)."""
    if vec_left:  # out[j] = sum_x v[x] * M[x][j]
        v, n = a[:k], bc
        dots = [[b[x * bc + j] for x in range(k)] for j in range(n)]
        terms = [[b[x * bc + j] for j in range(n)] for x in range(k)]
    else:  # out[i] = sum_x M[i][x] * v[x]
        v, n = b[:k], ar
        dots = [[a[i * ac + x] for x in range(k)] for i in range(n)]
        terms = [[a[i * ac + x] for i in range(n)] for x in range(k)]
    if all(_one_register(d) for d in dots) or not all(_one_register(t) for t in terms) or n > 4:
        return None
    order = [1, 0, *range(2, k)] if k >= 2 else [0]
    acc = cg.alu("mul", FLOAT, n, [[v[order[0]]] * n, terms[order[0]]])
    for x in order[1:]:
        if is_imm(v[x]) and v[x][3] == _ONE:
            acc = cg.alu("add", FLOAT, n, [acc, terms[x]])
        else:
            acc = cg.alu("mad", FLOAT, n, [[v[x]] * n, terms[x], acc])
    return acc
