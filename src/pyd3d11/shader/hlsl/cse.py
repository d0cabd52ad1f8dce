"""Common-subexpression elimination inside basic blocks for the compiler's instruction list: a repeated
pure ALU operation on unchanged operands becomes a copy of the first result (which optimize.py's copy
propagation then removes). Typical source: address arithmetic such as ``ishl r, i, 2`` computed once
per access of the same groupshared or structured element. Same operations, same operands: bit-exact."""

from __future__ import annotations

from .operands import Ins, Reg

#: operand files an operation may read for its result to be reused (never written by the shader, or
#: temps, whose writes the pass tracks); indexable temps and outputs are left alone
_STABLE = frozenset({"r", "l", "v", "cb", "tb", "icb", "vicp", "vocp", "vpc", "vThreadID", "vThreadGroupID",
                     "vThreadIDInGroup", "vThreadIDInGroupFlattened", "vDomain", "vPrim"})


def _key(a: Reg) -> tuple:
    return (a.file, a.idx, a.rel, a.comps, a.mod, a.imm)


def cse(code: list[Ins]) -> tuple[list[Ins], bool]:
    from .optimize import _CALLS, _reads, _shape, _writes

    out: list[Ins] = []
    avail: dict[tuple, tuple[Reg, set[int]]] = {}  # operation key -> (first result, temps it depends on)
    by_temp: dict[int, set[tuple]] = {}  # temp -> keys whose entry (perhaps a stale one) depends on it
    changed = False
    for ins in code:
        sh = _shape(ins)
        if sh.flow or sh.kind not in ("cw", "dot") or ins.op in _CALLS:
            if sh.flow or sh.kind == "unknown" or ins.op in _CALLS:
                avail.clear()  # a new basic block (or code that may write anything)
                by_temp.clear()
            else:
                _invalidate(avail, by_temp, {t for t, _c in _writes(ins, sh)})
            out.append(ins)
            continue
        dsts = [d for d in ins.args[:sh.nd] if d.file != "null"]
        srcs = ins.args[sh.nd:]
        reusable = (sh.pure and len(dsts) == 1 and dsts[0].file == "r" and dsts[0].rel is None
                    and all(a.file in _STABLE and (a.rel is None or a.rel[0] == "r") for a in srcs))
        key = None
        if reusable:
            d = dsts[0]
            nulls = tuple(i for i, a in enumerate(ins.args[:sh.nd]) if a.file == "null")
            key = (ins.op, ins.suffix, ins.tail, nulls, d.comps, tuple(_key(a) for a in srcs))
            hit = avail.get(key)
            if hit is not None:
                first = hit[0]
                # destination lane c reads source swizzle lane c, so the identity swizzle copies lane for
                # lane (``mov r1.yz, r0.yz`` is the swizzle yzzz: lane y would read z)
                out.append(Ins("mov", [d, Reg("r", first.idx, None, (0, 1, 2, 3))], loc=ins.loc, epos=ins.epos))
                changed = True
                _invalidate(avail, by_temp, {d.idx[0]})
                continue
        written = {t for t, _c in _writes(ins, sh)}
        _invalidate(avail, by_temp, written)
        out.append(ins)
        if key is not None:
            deps = {t for t, _c in _reads(ins, sh)}
            if not deps & written:  # `add r0.x, r0.x, 1` changed its own operand
                avail[key] = (dsts[0], deps | written)
                for t in deps | written:
                    by_temp.setdefault(t, set()).add(key)
    return out, changed


def _invalidate(avail: dict, by_temp: dict[int, set[tuple]], temps: set[int]) -> None:
    """Drops every available operation that depends on one of ``temps`` (the index finds them without a scan
    of all entries; an index entry left by a dropped or replaced operation is checked against the current
    entry's own dependencies)."""
    for t in temps:
        for k in by_temp.pop(t, ()):
            hit = avail.get(k)
            if hit is not None and t in hit[1]:
                del avail[k]
