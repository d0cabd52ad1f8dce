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

from .fold import _alu
from .lanes import lanes_read
from .peephole import _COMPONENTWISE, _FLOW, _Liveness, _ports_ok, _reads, _swizzle
from .profile import Level9Profile
from .program import Dst, Inst, Src
from .tokens import TEXTURE, Reg, SrcMod

#: instructions whose sources may be any register file the read ports allow
_REWRITABLE = _COMPONENTWISE | {"dp3", "dp4", "dp2add", "rcp", "rsq", "exp", "log", "pow", "mova"}


def _source_ok(mov: Inst, kind: str) -> bool:
    """Copies of constants, temporaries and input registers (read-only: "Registers - ps_2_0" / "- vs_2_0", v#
    and a pixel shader's t# are read by every arithmetic instruction, within the read ports _ports_ok checks;
    register type 3 is a vertex shader's address register, never copied from)."""
    d, (s,) = mov.dst, mov.srcs
    files = (Reg.CONST, Reg.TEMP, Reg.INPUT) + ((TEXTURE,) if kind == "ps" else ())
    return (d is not None and d.reg == Reg.TEMP and d.mod == 0 and not mov.predicated and s.mod == 0
            and s.rel is None and s.reg in files)


def propagate_copies(body: list[Inst], prof: Level9Profile) -> list[Inst]:
    """``body`` with the reads of ``mov`` copies rewritten to the copies' sources and the ``mov``s that no
    instruction reads any more removed (see the module's docstring)."""
    if any(i.op in _FLOW or i.predicated for i in body):
        return body
    arbitrary = prof.arbitrary_swizzle or prof.kind == "vs"
    drop: set[int] = set()
    # one liveness table for the whole pass: a rewritten read at j makes the entries at and before j stale, so
    # ``valid`` moves past j and the next query recomputes only that stretch (a table per mov was quadratic)
    live = _Liveness(body)
    for n, mov in enumerate(body):
        if mov.op != "mov" or len(mov.srcs) != 1 or not _source_ok(mov, prof.kind):
            continue
        d, src = mov.dst, mov.srcs[0]
        assert d is not None
        valid = {k for k in range(4) if d.mask >> k & 1}  # dst lanes still holding the copy
        src_comps = {src.swizzle[k] for k in valid}
        src_bits = sum(1 << c for c in src_comps)  # (the scan below tests a write against them as a mask)
        src_temp = src.reg == Reg.TEMP
        num = d.num
        moved = set(valid)
        all_rewritten = True
        for j in range(n + 1, len(body)):
            inst = body[j]
            for i, s in enumerate(inst.srcs):
                rel = s.rel
                if rel is not None and rel.reg == Reg.TEMP and rel.num == num:
                    all_rewritten = False
                if s.num != num or s.reg != Reg.TEMP:
                    continue
                lanes = {k: s.swizzle[k] for k in _lanes(inst, i)}
                if not set(lanes.values()) & valid:
                    continue  # reads only components the copy no longer holds
                # a mov of an input's copy stays a mov of the copy: reading the input in place saves nothing there,
                # and the copy's one register lets the peephole merge the movs of its lanes (a texture
                # coordinate's .x / .yzw written from its copy's .x / .y become one mov of the input's .xy)
                inputs_mov = inst.op == "mov" and src.reg not in (Reg.CONST, Reg.TEMP)
                new = None if inputs_mov else _rewritten(inst, s, src, lanes, valid, arbitrary)
                if new is None or not _ports_ok([new if m == i else o for m, o in enumerate(inst.srcs)], prof):
                    all_rewritten = False
                    continue
                inst.srcs[i] = new
                live.valid = max(live.valid, j + 1)
            w = inst.dst
            if w is not None and w.reg == Reg.TEMP and inst.op not in ("texkill", "dcl"):
                if w.num == num:
                    valid -= {k for k in range(4) if w.mask >> k & 1}
                if src_temp and w.num == src.num and w.mask & src_bits:
                    valid = set()  # the source changed: later reads of the copy keep reading the copy
            if not valid:
                break
        if all_rewritten and live.dead_after(n + 1, d.num, moved):
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


_ONE = 0x3F800000  # 1.0


def _finite(w: int) -> bool:
    return (w >> 23) & 0xFF != 0xFF


#: the component-wise arithmetic evaluated on def constants' 32-bit words by the executors' own arithmetic
#: (sm2/fold.py's ``_alu``: ops.fold.fold_alu, its rounding, denormal flushing and NaN rule) -- "add - ps",
#: "mul - ps", "mad - ps", "max - ps", "min - ps", "cmp - ps": src0 >= 0 ? src1 : src2, "slt - vs" / "sge - vs":
#: 1.0 or 0.0, "mov - ps"
_EVAL = {
    "mov": lambda a: a,
    "add": _alu("add"),
    "mul": _alu("mul"),
    "mad": _alu("mad"),
    "max": _alu("max"),
    "min": _alu("min"),
    "cmp": lambda a, b, c: b if _alu("ge")(a, 0) else c,
    "slt": lambda a, b: _ONE if _alu("lt")(a, b) else 0,
    "sge": lambda a, b: _ONE if _alu("ge")(a, b) else 0,
}


def fold_constants(body: list[Inst], first_free: int) -> list[Inst]:
    """Component-wise arithmetic whose every source is known -- a ``def`` constant, or a temp component last
    written from one -- becomes a ``mov`` from a new ``def`` (numbered from ``first_free``) holding its result,
    computed in float32 as the instruction would; copy propagation then reads that constant in place. Only
    finite results are folded; straight-line code only."""
    if any(i.op in _FLOW or i.predicated for i in body):
        return body
    defs = {i.dst.num: [w & 0xFFFFFFFF for w in i.values] for i in body if i.op == "def" and i.dst is not None}
    by_value: dict[tuple[int, ...], int] = {tuple(i.values): i.dst.num for i in body
                                             if i.op == "def" and i.dst is not None}
    temps: dict[tuple[int, int], int] = {}  # temp components holding a known value (its word)

    def value(s: Src, k: int) -> int | None:
        c = s.swizzle[k]
        if s.rel is not None or s.mod not in (0, SrcMod.NEG):
            return None
        v = defs[s.num][c] if s.reg == Reg.CONST and s.num in defs else (
            temps.get((s.num, c)) if s.reg == Reg.TEMP else None)
        return None if v is None else v ^ 0x80000000 if s.mod == SrcMod.NEG else v

    new_defs: list[Inst] = []
    out: list[Inst] = []
    nxt = first_free
    for inst in body:
        fn = _EVAL.get(inst.op)
        d = inst.dst
        lanes = [k for k in range(4) if d is not None and d.mask >> k & 1]
        results: dict[int, int] = {}
        if fn is not None and d is not None and d.reg == Reg.TEMP and not d.mod:
            for k in lanes:
                args = [value(s, k) for s in inst.srcs]
                if any(a is None for a in args):
                    break
                v = fn(*args) & 0xFFFFFFFF
                if not _finite(v):
                    break
                results[k] = v
        if d is not None and d.reg == Reg.TEMP:
            for k in lanes:
                temps.pop((d.num, k), None)
        if len(results) != len(lanes) or not lanes:
            out.append(inst)
            continue
        for k, v in results.items():
            temps[(d.num, k)] = v
        if inst.op == "mov" and inst.srcs[0].reg == Reg.CONST:
            out.append(inst)  # already a constant's copy
            continue
        words = [results.get(k, 0) for k in range(4)]
        key = tuple(words)
        num = by_value.get(key)
        if num is None:
            num, nxt = nxt, nxt + 1
            by_value[key] = num
            defs[num] = list(words)
            new_defs.append(Inst("def", Dst(Reg.CONST, num), [], values=list(words)))
        out.append(Inst("mov", d, [Src(Reg.CONST, num, (0, 1, 2, 3))]))
    return new_defs + out


#: instructions computing each destination lane from the same lane of the sources, with no side effect
_PURE = set(_EVAL) | {"abs", "frc", "lrp", "dp3", "dp4", "dp2add", "rcp", "rsq", "exp", "log", "pow"}


def _holder(result: dict[int, tuple], lanes: list[int], where: dict[tuple, set[tuple[int, int]]]) -> Src | None:
    """A temporary read that gives the values ``result`` in ``lanes``: one register holding each in the lane
    itself (read as it is), or, for one lane, holding it in any component (a replicate swizzle, legal at every
    target: "Source Register Swizzling")."""
    homes = set.intersection(*({num for num, c in where.get(result[k], ()) if c == k} for k in lanes))
    if homes:
        return Src(Reg.TEMP, min(homes), (0, 1, 2, 3))
    if len(lanes) == 1 and where.get(result[lanes[0]]):
        num, c = min(where[result[lanes[0]]])
        return Src(Reg.TEMP, num, (c,) * 4)
    return None


def eliminate_common(body: list[Inst]) -> list[Inst]:
    """Value numbering of straight-line code: each component a temporary holds is a value; a read-only register's
    component (c#, v#, t#) is one, and an instruction of the operations above computes, per written lane, the
    value of its operation, destination mask and modifier applied to the values its sources hold in the lanes it
    reads ("lanes.py": a lane the operation does not read does not count) -- the same operation on the same
    values is the same value, wherever the operands sit ("mov - vs": a copy holds its source's values). An
    instruction whose values some temporary still holds, each in the lane it writes, is dropped when that is its
    own destination, else becomes a ``mov`` from that temporary (which copy propagation then removes); the code
    that computed its operands may then be dead (remove_dead_code). So a computation repeated from values an
    earlier one also reached -- its intermediate registers reused in between -- is found in one pass
    (LocalDeformablePRT's VS selects IndexArray[NumBones - 1] three times: one select). Straight-line code
    only."""
    if any(i.op in _FLOW or i.predicated for i in body):
        return body
    held: dict[tuple[int, int], tuple] = {}  # (temp, component) -> the value it holds
    where: dict[tuple, set[tuple[int, int]]] = {}  # value -> the (temp, component)s holding it
    numbers: dict[tuple, int] = {}  # (operation, mask, modifiers, the values read) -> its number
    fresh = [0]

    literals = {i.dst.num: i.values for i in body if i.op == "def" and i.dst is not None}

    def value(reg: int, num: int, comp: int) -> tuple:
        if reg == Reg.CONST and num in literals:  # a def's component is its bits, in whichever register or lane
            return ("k", literals[num][comp])
        if reg != Reg.TEMP:
            return ("r", reg, num, comp)
        v = held.get((num, comp))
        if v is None:  # read before any write here (an input of the block): a value of its own
            fresh[0] += 1
            v = held[(num, comp)] = ("u", fresh[0])
            where.setdefault(v, set()).add((num, comp))
        return v

    def write(num: int, comp: int, v: tuple) -> None:
        old = held.get((num, comp))
        if old is not None:
            where[old].discard((num, comp))
        held[(num, comp)] = v
        where.setdefault(v, set()).add((num, comp))

    out: list[Inst] = []
    for inst in body:
        d = inst.dst
        if d is None or d.reg != Reg.TEMP:
            out.append(inst)
            continue
        lanes = [k for k in range(4) if d.mask >> k & 1]
        copy = inst.op == "mov" and d.mod == 0 and d.shift == 0 and inst.srcs[0].mod == 0 \
            and inst.srcs[0].rel is None
        if copy:
            s = inst.srcs[0]
            result = {k: value(s.reg, s.num, s.swizzle[k]) for k in lanes}
            if all(held.get((d.num, k)) == result[k] for k in lanes):
                continue  # a copy of what the register holds
        elif inst.op in _PURE and all(s.rel is None for s in inst.srcs):
            if inst.op in _COMPONENTWISE:  # lane k from the sources' lane k: a value per lane, wherever it sits
                keys = {k: (inst.op, d.mod, d.shift, tuple((s.mod, value(s.reg, s.num, s.swizzle[k]))
                                                           for s in inst.srcs)) for k in lanes}
            else:  # dp3 / dp4 / dp2add, and the scalar operations: one value in every written lane
                key = (inst.op, d.mod, d.shift, tuple(
                    (s.mod, tuple(value(s.reg, s.num, s.swizzle[k]) for k in lanes_read(inst.op, i, d.mask)))
                    for i, s in enumerate(inst.srcs)))
                keys = dict.fromkeys(lanes, key)
            result = {k: ("v", numbers.setdefault(keys[k], len(numbers))) for k in lanes}
            if all(held.get((d.num, k)) == result[k] for k in lanes):
                continue  # the register already holds the result
            src = _holder(result, lanes, where)
            if src is not None:
                inst = Inst("mov", d, [src])
        else:  # anything else writes values of its own ("sincos - vs" at 2_0 / 2_x: x, y and z undefined but
            # for the lanes it writes)
            fresh[0] += 1
            lanes = sorted(set(lanes) | ({0, 1, 2} if inst.op == "sincos" else set()))
            result = {k: ("u", fresh[0], k) for k in lanes}
        out.append(inst)
        for k in lanes:
            write(d.num, k, result[k])
    return out
