"""Constant arrays indexed at run time live in the immediate constant buffer, as fxc puts them
(``dcl_immediateConstantBuffer``, read as ``icb[r#.x + n]``; spec 22.3.33). Without it every
dynamic read of a ``static const float C[11][11]`` becomes a select chain over all its elements.

Layout: every innermost element (a scalar or a vector of up to four components) takes one row,
components from .x, so an element of an outer array is a run of rows with a constant stride."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .operands import Slot, imm, is_imm
from .types import DOUBLE, INT, ArrayType, NumType, Type, array_leaf

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

#: D3D11_REQ_IMMEDIATE_CONSTANT_BUFFER_ELEMENT_COUNT (4096 rows of 4 words)
MAX_ROWS = 4096


def _leaf(t: Type) -> NumType | None:
    t = array_leaf(t)
    if isinstance(t, NumType) and t.shape != "m" and t.base != DOUBLE and t.n <= 4:
        return t
    return None


def constant_element(cg: CodegenContext, v: Val, et: Type, count: int, i: Slot) -> Val | None:
    """Element ``i`` (a run-time index) of the constant array value ``v`` read from the immediate
    constant buffer; None when ``v`` is not a constant array of scalars/vectors (the caller selects)."""
    from .codegen import Val

    leaf = _leaf(et)
    if leaf is None or not v.slots or not all(is_imm(s) for s in v.slots) or count < 2:
        return None
    n = leaf.n
    if len(v.slots) % n:
        return None
    words = tuple(s[3] for s in v.slots)
    table = cg.icb.rows
    placed = cg.icb.placed
    base = placed.get((words, n))
    if base is None:  # a row of an array already placed (C[2][i] after C[j][i]) reuses its rows
        for (w2, n2), b2 in placed.items():
            if n2 == n and len(w2) > len(words):
                for off in range(0, len(w2) - len(words) + 1, n):
                    if w2[off:off + len(words)] == words:
                        base = b2 + off // n
                        break
            if base is not None:
                break
    if base is None:
        new = [tuple(list(words[k:k + n]) + [0] * (4 - n)) for k in range(0, len(words), n)]
        if len(table) + len(new) > MAX_ROWS:
            return None
        base = len(table)
        table.extend(new)
        placed[(words, n)] = base
    per_elem = et.slots // n
    ri = i
    if per_elem != 1:
        ri = cg.alu("imul", INT, 1, [[i], [imm(per_elem)]], dst_pos=1, ndst=2)[0]
    ri = cg.scalar_temp_slot(ri)
    return Val(et, [("icb", (base + k // n,), ri, k % n) for k in range(et.slots)])


def icb_decl(cg: CodegenContext) -> list[str]:
    table = cg.icb.rows
    if not table:
        return []
    body = ",\n".join("{ " + ", ".join(f"0x{w:08x}" for w in r) + " }" for r in table)
    return ["dcl_immediateConstantBuffer { " + body + " }"]


def indexable_slots(cg: CodegenContext, t: ArrayType) -> list[Slot]:
    """Slots of a new indexable temp x# holding array ``t``. Arrays of scalars/vectors (any nesting)
    give every innermost element its own register, so each index level is a register stride and a
    run-time index becomes relative addressing (fxc's layout); other element types pack their slots
    four to a register per element."""
    xr = len(cg.indexable)
    leaf = _leaf(t)
    if leaf is not None:
        n = leaf.n
        count = t.slots // n
        cg.indexable[xr] = count
        return [("x", (xr, k // n), None, k % n) for k in range(t.slots)]
    epr = (t.elem.slots + 3) // 4
    cg.indexable[xr] = t.count * epr
    return [("x", (xr, e * epr + j // 4), None, j % 4) for e in range(t.count) for j in range(t.elem.slots)]
