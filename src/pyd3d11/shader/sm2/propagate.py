"""Copy propagation of ``mov`` on straight-line shader-model-2 code, for the Direct3D 9 targets (d3d9.py).

The translation writes each SM4 value into a temporary of its own: an array element copied from a constant
(``mov r0.x, c0.x``), a literal operand materialised before an integer multiply (``mov r6, c10`` then
``mul r7.x, c9.x, r6``), a select key of 0 copied before it is squared. Where a later instruction reads
those components, it reads the ``mov``'s source instead ("mov - ps" / "mov - vs": the destination's
components are the source's, swizzled, so reading the source with the swizzles composed reads the same
values), and a ``mov`` no instruction reads any more is dropped. fxc's programs read constants directly in
the arithmetic ("Registers - ps_2_0": c# is readable by every arithmetic instruction, two constant reads
per instruction), which is how the programs fit ps_2_0's 64 arithmetic slots.

A read is rewritten only while neither the ``mov``'s destination components nor its source's components are
overwritten in between, when the composed swizzle is legal for the target (ps_2_0: a replicate or one of its
full swizzles), when the instruction still keeps to the read-port rules, and only in instructions whose
operands have no further rules on register files (texld / texkill coordinates, sincos's constants, matrix
macros reading consecutive registers are left alone). Programs with flow control or predication are left
alone (the liveness here is straight-line, as in peephole.py).
"""

from __future__ import annotations

from .peephole import _COMPONENTWISE, _FLOW, _Liveness, _ports_ok, _reads, _swizzle
from .profile import Level9Profile
from .program import Inst, Src
from .tokens import Reg

#: instructions whose sources may be any register file the read ports allow
_REWRITABLE = _COMPONENTWISE | {"dp3", "dp4", "dp2add", "rcp", "rsq", "exp", "log", "pow", "mova"}


def _source_ok(mov: Inst) -> bool:
    d, (s,) = mov.dst, mov.srcs
    return (d is not None and d.reg == Reg.TEMP and d.mod == 0 and not mov.predicated and s.mod == 0
            and s.rel is None and s.reg in (Reg.CONST, Reg.TEMP))


def propagate_copies(body: list[Inst], prof: Level9Profile) -> list[Inst]:
    """``body`` with the reads of ``mov`` copies rewritten to the copies' sources and the ``mov``s that no
    instruction reads any more removed (see the module's docstring)."""
    if any(i.op in _FLOW or i.predicated for i in body):
        return body
    arbitrary = prof.arbitrary_swizzle or prof.kind == "vs"
    drop: set[int] = set()
    for n, mov in enumerate(body):
        if mov.op != "mov" or len(mov.srcs) != 1 or not _source_ok(mov):
            continue
        d, src = mov.dst, mov.srcs[0]
        assert d is not None
        valid = {k for k in range(4) if d.mask >> k & 1}  # dst lanes still holding the copy
        src_comps = {src.swizzle[k] for k in valid}
        moved = set(valid)
        all_rewritten = True
        for j in range(n + 1, len(body)):
            inst = body[j]
            for i, s in enumerate(inst.srcs):
                if s.rel is not None and s.rel.reg == Reg.TEMP and s.rel.num == d.num:
                    all_rewritten = False
                if s.reg != Reg.TEMP or s.num != d.num:
                    continue
                lanes = {k: s.swizzle[k] for k in _lanes(inst, i)}
                if not set(lanes.values()) & valid:
                    continue  # reads only components the copy no longer holds
                new = _rewritten(inst, s, src, lanes, valid, arbitrary)
                if new is None or not _ports_ok([new if m == i else o for m, o in enumerate(inst.srcs)], prof):
                    all_rewritten = False
                    continue
                inst.srcs[i] = new
            w = inst.dst
            if w is not None and w.reg == Reg.TEMP and inst.op not in ("texkill", "dcl"):
                lanes_w = {k for k in range(4) if w.mask >> k & 1}
                if w.num == d.num:
                    valid -= lanes_w
                if src.reg == Reg.TEMP and w.num == src.num and lanes_w & src_comps:
                    valid = set()  # the source changed: later reads of the copy keep reading the copy
            if not valid:
                break
        if all_rewritten and _Liveness(body).dead_after(n + 1, d.num, moved):
            drop.add(n)
    return [inst for n, inst in enumerate(body) if n not in drop]


def _lanes(inst: Inst, i: int) -> list[int]:
    """The lanes of source ``i`` the instruction reads (before its swizzle), as peephole._reads counts them."""
    identity = Src(Reg.TEMP, 0, (0, 1, 2, 3))
    return sorted(_reads(inst, i, identity))


def _rewritten(inst: Inst, s: Src, src: Src, lanes: dict[int, int], valid: set[int], arbitrary: bool) -> Src | None:
    """A source ``s`` of ``inst`` reading the copy, made to read the copy's source ``src`` instead (None where
    it cannot: another lane's value, an illegal swizzle, an instruction left alone)."""
    if inst.op not in _REWRITABLE or not set(lanes.values()) <= valid:
        return None
    swz = _swizzle({k: src.swizzle[c] for k, c in lanes.items()}, arbitrary)
    if swz is None:
        return None
    return Src(src.reg, src.num, swz, s.mod, None)
