"""Run-time indices into float vectors and float matrix rows, computed as fxc computes them: with the rows of
an identity matrix that it keeps in the immediate constant buffer (issue 15, session 38).

d3dcompiler_47 10.1's listings (shader model 4.0 and 5.0, every stage, optimised and /Od alike):

* ``v[i]`` of a float vector of 2-4 components (a local, an input, a constant-buffer vector, an element of a
  local array) is ``dpN r, v, icb[i].x…`` where icb rows 0-3 hold the identity;
* ``m[i]`` of a float matrix held in temps is the weighted sum of its rows: ``mul acc, row0, icb[i].xxxx``,
  then ``mad acc, icb[i].kkkk, rowk, acc`` for each further row; under /Od each product is a ``mul`` and the
  sum starts with ``add acc, acc, l(0)`` (so -0 is +0 there); a column_major constant-buffer matrix takes a
  ``dp4`` of each column register with the identity row (the same sum of exact products, no ``+ 0``); a
  row_major one addresses the row register (``cb0[r0.x + 12]``) and stays a plain selection here;
* ``m[i][j]`` is the row, then the vector rule.

The products are by 0 and 1, so they are exact, but they are not a selection: another lane (row) holding an
infinity or a NaN makes the result NaN (``inf * 0``), a denormal is flushed by the multiply, and a -0 picked
becomes +0 when another lane's product is +0. Integer and bool vectors use a mask (``and`` / ``or``: an
exact selection) and a vector of literals an integer mask too; the ``movc`` chain of exprs.dynamic_pick stays
for those, for doubles and below shader model 4 (the level-9 and Direct3D 9 translations)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from .icb import MAX_ROWS
from .operands import Reg, Slot, imm, is_imm

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_ONE = 0x3F800000
#: the identity's 16 words, row by row (the key icb.constant_element places constant arrays under)
IDENTITY = tuple(_ONE if r == c else 0 for r in range(4) for c in range(4))


def applies(cg: CodegenContext, slots: list[Slot]) -> bool:
    """Whether a run-time index into ``slots`` (a float vector or matrix value) takes fxc's identity form:
    shader model 4.0 or later (not the level-9 / Direct3D 9 translations) and not a value of literals alone."""
    return cg.major >= 4 and not cg.level9 and not cg.d3d9 and not all(is_imm(s) for s in slots)


def _identity_row(cg: CodegenContext, i: Slot) -> tuple[int, Slot] | None:
    """(first icb row of the identity, placing it once; the index as a temp component)."""
    placed = cg.icb.placed
    base = placed.get((IDENTITY, 4))
    if base is None:
        if len(cg.icb.rows) + 4 > MAX_ROWS:
            return None
        base = len(cg.icb.rows)
        cg.icb.rows.extend(tuple(IDENTITY[r * 4:r * 4 + 4]) for r in range(4))
        placed[(IDENTITY, 4)] = base
    return base, cg.scalar_temp_slot(i)


def vector_component(cg: CodegenContext, slots: list[Slot], i: Slot) -> list[Slot] | None:
    """Component ``i`` of the float vector ``slots`` (2-4 lanes) as ``dpN v, icb[i]``; None where the rule
    does not apply (the caller selects)."""
    n = len(slots)
    if not 2 <= n <= 4 or not applies(cg, slots):
        return None
    row = _identity_row(cg, i)
    if row is None:
        return None
    base, ri = row
    e = [("icb", (base,), ri, k) for k in range(n)]
    t = cg.temp()
    cg.emit(f"dp{n}", Reg("r", (t,), None, (0,)), cg.src(slots), cg.src(e))
    return [("r", (t,), None, 0)]


def _row_registers(slots: list[Slot], rows: int, cols: int) -> bool:
    """Whether every row of the matrix value lies in one register (a row_major constant-buffer matrix)."""
    return all(len({s[:3] for s in slots[r * cols:(r + 1) * cols]}) == 1 for r in range(rows))


def matrix_row(cg: CodegenContext, slots: list[Slot], rows: int, cols: int, i: Slot) -> list[Slot] | None:
    """Row ``i`` of the float matrix ``slots`` (row by row, ``rows`` x ``cols``) as the identity-weighted sum
    of its rows; None where fxc selects (a row_major constant-buffer matrix) or the rule does not apply."""
    if rows < 2 or not applies(cg, slots):
        return None
    files = {s[0] for s in slots}
    if files == {"cb"} and _row_registers(slots, rows, cols):
        return None  # cb0[r0.x + n]: relative addressing of the row register, an exact selection
    row = _identity_row(cg, i)
    if row is None:
        return None
    base, ri = row

    def e(k: int) -> list[Slot]:
        return [("icb", (base,), ri, k)] * cols

    def r(k: int) -> list[Slot]:
        return slots[k * cols:(k + 1) * cols]

    acc = cg.op("mul", cols, [r(0), e(0)])
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and files != {"cb"}:
        acc = cg.op("add", cols, [acc, [imm(0)] * cols])
        for k in range(1, rows):
            acc = cg.op("add", cols, [acc, cg.op("mul", cols, [r(k), e(k)])])
        return acc
    for k in range(1, rows):
        acc = cg.op("mad", cols, [e(k), r(k), acc])
    return acc
