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
exact selection) and a vector of literals an integer mask too; the ``movc`` chain of dynamic_pick stays
for those, for doubles and below shader model 4 (the level-9 and Direct3D 9 translations). dynamic_element picks
the form of a run-time array index (immediate constant buffer, relative addressing, the chain)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from .diagnostics import HlslError
from .icb import MAX_ROWS
from .operands import Reg, Slot, imm, is_imm
from .types import INT, UINT

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val
    from .types import NumType, Type

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


#: most elements a movc chain selects from: an array that could not go to the immediate constant buffer
#: (4096 rows) and has more elements than the 4096 temp registers (D3D11_COMMONSHADER_TEMP_REGISTER_COUNT)
#: could hold as rows is refused, as fxc refuses it, instead of emitting tens of thousands of movc
MAX_PICK_ROWS = 4096


def dynamic_pick(cg: CodegenContext, slots: list, count: int, size: int, i: Slot, rt: NumType, pos=None) -> Val:
    """Select element ``i`` of a register-resident value with a movc chain."""
    from .codegen import Val

    if count * -(-size // 4) > MAX_PICK_ROWS:
        raise HlslError(pos.file if pos else "", pos.line if pos else 1, pos.col if pos else 1, 4505,
                        "maximum temp register index exceeded")
    res = [imm(0)] * size
    for k in range(count):
        c = cg.alu("ieq", INT, 1, [[i], [imm(k)]])
        res = cg.alu("movc", UINT, size, [c * size, slots[k * size:(k + 1) * size], res])
    return Val(rt, res)


#: per-vertex input arrays (``v[vertex][register]``): GS inputs, HS/DS input and output patches
_VERTEX_FILES = frozenset({"v", "vicp", "vocp"})


def _vertex_element(cg: CodegenContext, v: Val, es: int, count: int, i: Slot, files: set) -> list | None:
    """Element ``i`` of a patch or GS input array with a run-time index as relative addressing of the
    vertex index (``v[r0.x + 0][1]``, as fxc writes SubD11's ``p[Prefixes[i] + k]``) instead of a
    ``movc`` chain over every vertex; None when ``v`` is not such an array (element e = element 0 with
    the vertex index moved by e, no relative index yet)."""
    if len(files) != 1 or not files <= _VERTEX_FILES or count < 2:
        return None
    first = v.slots[:es]
    if any(len(s[1]) != 2 or s[2] is not None for s in v.slots):
        return None
    if any(s != (f[0], (f[1][0] + e,) + f[1][1:], None, f[3])
           for e in range(count) for s, f in zip(v.slots[e * es:(e + 1) * es], first, strict=True)):
        return None
    rel = cg.scalar_temp_slot(i) + (0,)  # 5th field: the relative index applies to dimension 0
    return [(f[0], f[1], rel, f[3]) for f in first]


_REGULAR: dict[tuple, bool] = {}  # _regular_elements' answers: a global array is indexed many times


def _regular_elements(slots: tuple, es: int, count: int, stride: int) -> bool:
    """Whether element e of an array value (``count`` elements of ``es`` slots) is element 0 moved by e * stride
    registers (same register file and components): one relative-indexed operand can then read any element."""
    key = (slots, es, count, stride)
    hit = _REGULAR.get(key)
    if hit is None:
        first = slots[:es]
        hit = stride > 0 and all(
            s[:2] == (f[0], f[1][:-1] + (f[1][-1] + e * stride,)) and s[2:] == f[2:]
            for e in range(count) for s, f in zip(slots[e * es:(e + 1) * es], first, strict=True))
        if len(_REGULAR) > 4096:
            _REGULAR.clear()
        _REGULAR[key] = hit
    return hit


def dynamic_element(cg: CodegenContext, v: Val, et: Type, count: int, i: Slot, pos) -> Val:
    """Element ``i`` (a run-time index) of an array value: a constant array's immediate-constant-buffer row
    (icb.py), a patch / GS input array's relative vertex index, relative addressing of a register file whose
    elements lie at a regular stride, else a movc chain (dynamic_pick)."""
    from .codegen import Val
    from .icb import constant_element

    es = et.slots
    ce = constant_element(cg, v, et, count, i)
    if ce is not None:
        return ce
    files = {s[0] for s in v.slots}
    vertex = _vertex_element(cg, v, es, count, i, files)
    if vertex is not None:
        return Val(et, vertex)
    if files <= {"x", "cb", "tb", "icb"} and len(files) == 1:
        first = v.slots[:es]
        stride = v.slots[es][1][-1] - first[0][1][-1] if count > 1 else 1
        if not _regular_elements(tuple(v.slots), es, count, stride):
            return dynamic_pick(cg, v.slots, count, es, i, et, pos)  # type: ignore[arg-type]
        ri = i
        if stride != 1:
            ri = cg.alu("imul", INT, 1, [[i], [imm(stride)]], dst_pos=1, ndst=2)[0]
        base_idx = [s for s in first]
        if any(s[2] is not None for s in base_idx):
            add = cg.alu("iadd", INT, 1, [[base_idx[0][2]], [ri]])[0]
            ri = add
        ri = cg.scalar_temp_slot(ri)
        out = [(s[0], s[1], ri, s[3]) for s in first]
        if "cb" in files:
            for s in first:  # the highest register this read can reach (layout.cb_reads)
                key = (s[1][0], s[1][-1])
                last, step = cg.cb_reach.get(key, (0, stride))
                cg.cb_reach[key] = (max(last, s[1][-1] + (count - 1) * stride), min(step, stride))
        return Val(et, out)
    return dynamic_pick(cg, v.slots, count, es, i, et, pos)  # type: ignore[arg-type]
