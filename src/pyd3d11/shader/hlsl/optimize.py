"""Clean-up of the code generator's instruction list before register allocation.

The code generator gives nearly every value its own virtual vec4 temp and gathers operands with
``mov``; this pass removes the copies so that each instruction (one numpy pass over all lanes in the
executor) does real work. Three transformations, repeated until nothing changes:

- **copy propagation** (per component): a plain ``mov`` (no modifier, no ``_sat``) from a temp, an
  input, a constant-buffer element or an immediate into temp components is forwarded into later
  reads of those components while neither side is redefined. State survives structured control flow
  only where it is sound: an ``if``/``else`` arm starts from the state before the ``if``; after
  ``endif``/``endloop``/``endswitch`` (and inside a loop or switch) only copies that nothing in the
  whole construct redefines remain; calls, function bodies and unknown operations forget everything.
  A ``mov`` that re-creates a copy already in place is dropped.
- **dead code elimination**: an instruction without side effects whose written temp components are
  never read anywhere is removed (unread components of per-component operations are masked off).
- **retargeting**: ``op T.c, …; …; mov D.m, T.c`` becomes ``op D.m, …`` when the ``mov`` is the only
  reader of those components of ``T``, both are in one basic block, and ``D`` is neither read nor
  written between them (fxc writes results straight into outputs the same way).

Every transformation keeps the bits each instruction computes (``mov`` is a bit copy, D3D11.3 §22.10
"mov"), so the shader's outputs are unchanged. Operand lanes follow the bytecode rule: destination
lane i reads swizzle lane i, a short swizzle repeats its last component."""

from __future__ import annotations

from collections import defaultdict

from ..dxbc.opcodes import BY_NAME, OpClass
from .operands import Ins, Reg

#: module switch (tests compare outputs with the pass on and off)
ENABLED = True
_MAX_ROUNDS = 6
_ALL = (0, 1, 2, 3)

#: read-only register files whose elements a copy may name as its source (never written by a shader)
_READ_ONLY = frozenset({"v", "cb", "icb", "vicp", "vocp", "vpc", "vThreadID", "vThreadGroupID",
                        "vThreadIDInGroup", "vDomain"})
_CW_CLASSES = frozenset({OpClass.FLOAT, OpClass.INT, OpClass.UINT, OpClass.BIT, OpClass.CONVERT})
_NOT_CW = frozenset({"bufinfo", "resinfo", "sampleinfo", "samplepos", "eval_snapped", "eval_sample_index",
                     "eval_centroid"})
_DOT = {"dp2": 2, "dp3": 3, "dp4": 4}
_PURE_CLASSES = _CW_CLASSES | {OpClass.TEXTURE, OpClass.DOUBLE}
_PURE_MEMORY = frozenset({"ld_raw", "ld_structured", "ld_uav_typed"})
_OPEN = frozenset({"if", "loop", "switch"})
_CLOSE = {"endif": "if", "endloop": "loop", "endswitch": "switch"}
#: operations after which no copy is known (they run code that may write any temp)
_CALLS = frozenset({"fcall", "call", "callc", "label"})


class _Bail(Exception):
    """Unexpected code shape: leave the program as generated."""


class _Shape:
    """What the pass needs to know about one operation."""

    __slots__ = ("nd", "kind", "types", "cls", "pure", "flow")

    def __init__(self, ins: Ins) -> None:
        info = BY_NAME.get("sync" if ins.op.startswith("sync_") else ins.op)
        self.kind = "unknown"
        self.nd = 0
        self.types = ""
        self.cls = None
        self.pure = False
        self.flow = True
        if info is None or info.num_operands != len(ins.args) or info.is_declaration:
            return
        self.nd, self.types, self.cls = info.num_dst, info.operand_types, info.cls
        self.flow = info.cls in (OpClass.FLOW, OpClass.SYNC, OpClass.DEBUG, OpClass.CUSTOM, OpClass.RESERVED)
        if ins.op in _DOT:
            self.kind = "dot"
        elif info.cls in _CW_CLASSES and ins.op not in _NOT_CW and "d" not in self.types:
            self.kind = "cw"
        else:
            self.kind = "other"
        self.pure = (self.nd >= 1 and not self.flow
                     and (info.cls in _PURE_CLASSES or ins.op in _PURE_MEMORY)
                     and all(d.file in ("r", "null") and d.rel is None for d in ins.args[:self.nd]))


def _shape(ins: Ins) -> _Shape:
    return _Shape(ins)


def _padded(r: Reg) -> tuple[int, ...]:
    if not r.comps:
        return _ALL
    c = tuple(r.comps)
    return (c + (c[-1],) * 4)[:4]


def _dst_comps(r: Reg) -> tuple[int, ...]:
    return _ALL if r.comps is None else tuple(r.comps)


def _src_lanes(ins: Ins, sh: _Shape) -> tuple[int, ...]:
    """Destination lanes whose source lanes the operation reads."""
    if sh.kind == "dot":
        return tuple(range(_DOT[ins.op]))
    if sh.kind == "cw":
        lanes: set[int] = set()
        for d in ins.args[:sh.nd]:
            if d.file != "null":
                lanes.update(_dst_comps(d))
        return tuple(sorted(lanes)) or _ALL
    return _ALL


def _reads(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
    """Temp components ``(temp, comp)`` the instruction reads (over-approximated when unsure)."""
    out: list[tuple[int, int]] = []
    for a in ins.args:
        if a.rel is not None and a.rel[0] == "r":
            out.append((a.rel[1][0], a.rel[3]))
    if sh.kind == "unknown":
        for a in ins.args:
            if a.file == "r":
                out += [(a.idx[0], c) for c in _ALL]
        return out
    lanes = _src_lanes(ins, sh)
    for a in ins.args[sh.nd:]:
        if a.file == "r":
            sw = _padded(a)
            out += [(a.idx[0], c) for c in {sw[ln] for ln in lanes}]
    return out


def _writes(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
    return [(d.idx[0], c) for d in ins.args[:sh.nd] if d.file == "r" for c in _dst_comps(d)]


# --- copy propagation ------------------------------------------------------------------------------

class _Copies:
    """Known copies ``(temp, comp) -> source slot``; per temp component, the copies naming it; per
    source slot, the temp components holding it (to find a temp already holding a gathered vector)."""

    __slots__ = ("val", "users", "holders")

    def __init__(self) -> None:
        self.val: dict[tuple[int, int], tuple] = {}
        self.users: dict[tuple[int, int], set] = {}
        self.holders: dict[tuple, set] = {}

    def clone(self) -> _Copies:
        c = _Copies()
        c.val = dict(self.val)
        c.users = {k: set(v) for k, v in self.users.items() if v}
        c.holders = {k: set(v) for k, v in self.holders.items() if v}
        return c

    def kill(self, key: tuple[int, int]) -> None:
        old = self.val.pop(key, None)
        if old is not None:
            self.holders[old].discard(key)
            if old[0] == "r":
                s = self.users.get((old[1][0], old[3]))
                if s:
                    s.discard(key)
        for k in self.users.pop(key, ()):
            slot = self.val.pop(k, None)
            if slot is not None:
                self.holders[slot].discard(k)

    def kill_temps(self, temps: set[int] | None) -> None:
        if temps is None:
            self.val.clear()
            self.users.clear()
            self.holders.clear()
            return
        for key in [k for k in self.val if k[0] in temps]:
            self.kill(key)
        for key in [k for k in self.users if k[0] in temps]:
            for k in list(self.users.get(key, ())):
                self.kill(k)
            self.users.pop(key, None)

    def resolve(self, slot: tuple) -> tuple:
        if slot[0] == "r":
            return self.val.get((slot[1][0], slot[3]), slot)
        return slot

    def record(self, key: tuple[int, int], slot: tuple) -> None:
        self.val[key] = slot
        self.holders.setdefault(slot, set()).add(key)
        if slot[0] == "r":
            self.users.setdefault((slot[1][0], slot[3]), set()).add(key)


def _construct_writes(code: list[Ins]) -> dict[int, set[int] | None]:
    """For each ``if``/``loop``/``switch``: the temps written inside it (None: unknown, e.g. a call)."""
    out: dict[int, set[int] | None] = {}
    stack: list[tuple[int, str]] = []
    acc: list[set[int] | None] = []
    for i, ins in enumerate(code):
        op = ins.op
        if op in _OPEN:
            stack.append((i, op))
            acc.append(set())
            continue
        if op in _CLOSE:
            if not stack or stack[-1][1] != _CLOSE[op]:
                raise _Bail
            start, _ = stack.pop()
            w = acc.pop()
            out[start] = w
            if acc and acc[-1] is not None:
                if w is None:
                    acc[-1] = None
                else:
                    acc[-1] |= w
            continue
        if not acc:
            continue
        sh = _shape(ins)
        if sh.kind == "unknown" or op in _CALLS:
            for k in range(len(acc)):
                acc[k] = None
            continue
        for t, _c in _writes(ins, sh):
            for s in acc:
                if s is not None:
                    s.add(t)
    if stack:
        raise _Bail
    return out


def _rewrite(st: _Copies, reg: Reg, lanes: tuple[int, ...], allow_imm: bool) -> Reg | None:
    """``reg`` reading the copies' sources instead, or None (nothing known / sources differ)."""
    if reg.file != "r" or reg.rel is not None:
        return None
    t = reg.idx[0]
    sw = _padded(reg)
    read = sorted({sw[ln] for ln in lanes})
    res = {}
    known = False
    for c in read:
        s = st.val.get((t, c))
        if s is not None:
            known = True
        res[c] = s if s is not None else ("r", (t,), None, c)
    if not known:
        return None
    keys = {s[:3] for s in res.values()}
    single = reg.comps is not None and len(reg.comps) == 1
    if len(keys) != 1:
        return _holder(st, reg, t, sw, read, res, lanes, single)
    f, idx, rel = keys.pop()
    if f == "l":
        if not allow_imm or reg.mod:
            return None
        if single:
            return Reg("l", imm=(res[sw[0]][3],))
        vals = [0, 0, 0, 0]
        for ln in lanes:
            vals[ln] = res[sw[ln]][3]
        return Reg("l", imm=tuple(vals))
    if single:
        return Reg(f, idx, rel, (res[sw[0]][3],), reg.mod)
    fill = res[read[0]][3]
    lane_set = set(lanes)
    comps = tuple(res[sw[ln]][3] if ln in lane_set else fill for ln in range(4))
    return Reg(f, idx, rel, comps, reg.mod)


def _holder(st: _Copies, reg: Reg, t: int, sw: tuple, read: list[int], res: dict, lanes: tuple[int, ...],
            single: bool) -> Reg | None:
    """Another temp already holding every component read (value numbering of gathered vectors)."""
    if any(res[c] == ("r", (t,), None, c) for c in read):
        return None
    where: dict[int, dict[int, int]] | None = None
    for c in read:
        here: dict[int, dict[int, int]] = {}
        for u, cu in st.holders.get(res[c], ()):
            if u != t:
                here.setdefault(u, {})[c] = cu
        if where is None:
            where = here
        else:
            where = {u: {**m, **here[u]} for u, m in where.items() if u in here}
        if not where:
            return None
    assert where is not None
    u = min(where)
    m = where[u]
    if single:
        return Reg("r", (u,), None, (m[sw[0]],), reg.mod)
    fill = m[read[0]]
    lane_set = set(lanes)
    return Reg("r", (u,), None, tuple(m[sw[ln]] if ln in lane_set else fill for ln in range(4)), reg.mod)


def _copy_slots(ins: Ins) -> list[tuple[int, tuple]] | None:
    """``[(dst comp, source slot)]`` when ``ins`` is a plain copy into a temp, else None."""
    if ins.op != "mov" or ins.suffix or ins.tail or len(ins.args) != 2:
        return None
    d, s = ins.args
    if d.file != "r" or d.rel is not None or d.mod or d.comps is None or s.mod or s.rel is not None:
        return None
    if s.file == "l":
        vals = s.imm
        return [(c, ("l", (), None, vals[c] if len(vals) > 1 else vals[0])) for c in d.comps]
    if s.file != "r" and s.file not in _READ_ONLY:
        return None
    if s.comps is None:
        return None
    sw = _padded(s)
    return [(c, (s.file, tuple(s.idx), None, sw[c])) for c in d.comps]


def _propagate(code: list[Ins]) -> tuple[list[Ins], bool]:
    writes_in = _construct_writes(code)
    st = _Copies()
    stack: list[tuple[str, _Copies, set[int] | None]] = []
    out: list[Ins] = []
    changed = False
    for i, ins in enumerate(code):
        op = ins.op
        sh = _shape(ins)
        # 1. sources read the copies' origins
        if sh.kind != "unknown":
            lanes = _src_lanes(ins, sh)
            new_args = None
            for j in range(sh.nd, len(ins.args)):
                a = ins.args[j]
                letter = sh.types[j]
                if a.file != "r" or letter not in "fiunx":
                    continue
                r = _rewrite(st, a, lanes, allow_imm=letter in "fiu" and not sh.flow)
                if r is not None:
                    if new_args is None:
                        new_args = list(ins.args)
                    new_args[j] = r
            if new_args is not None:
                ins = Ins(ins.op, new_args, ins.suffix, ins.tail)
                changed = True
        # 2. structured control flow
        if op == "if":
            stack.append(("if", st.clone(), writes_in[i]))
        elif op == "else":
            if not stack or stack[-1][0] != "if":
                raise _Bail
            st = stack[-1][1].clone()
        elif op == "endif":
            if not stack or stack[-1][0] != "if":
                raise _Bail
            _, st, w = stack.pop()
            st.kill_temps(w)
        elif op in ("loop", "switch"):
            st.kill_temps(writes_in[i])
            stack.append((op, st.clone(), None))
        elif op in ("case", "default"):
            if not stack or stack[-1][0] != "switch":
                raise _Bail
            st = stack[-1][1].clone()
        elif op in ("endloop", "endswitch"):
            if not stack or stack[-1][0] != _CLOSE[op]:
                raise _Bail
            st = stack.pop()[1]
        elif sh.kind == "unknown" or op in _CALLS:
            st.kill_temps(None)
        else:
            # 3. writes end the copies they overwrite or feed; plain copies are recorded
            copy = _copy_slots(ins)
            if copy is not None:
                t = ins.args[0].idx[0]
                copy = [(c, st.resolve(s)) for c, s in copy]
                keep = [(c, s) for c, s in copy
                        if s != ("r", (t,), None, c) and st.val.get((t, c)) != s]
                if not keep:
                    changed = True
                    continue  # the copy is already in place
                if len(keep) != len(copy):
                    d = ins.args[0]
                    ins = Ins("mov", [Reg("r", d.idx, None, tuple(c for c, _ in keep)), ins.args[1]])
                    changed = True
                for c, _s in keep:
                    st.kill((t, c))
                for c, s in keep:
                    if not (s[0] == "r" and s[1][0] == t and any(s[3] == k for k, _ in keep)):
                        st.record((t, c), s)
            else:
                for key in _writes(ins, sh):
                    st.kill(key)
        out.append(ins)
    return out, changed


# --- dead code elimination -------------------------------------------------------------------------

def _eliminate(code: list[Ins]) -> tuple[list[Ins], bool]:
    n = len(code)
    shapes = [_shape(ins) for ins in code]
    reads = [_reads(ins, sh) for ins, sh in zip(code, shapes, strict=True)]
    readers: dict[tuple[int, int], int] = defaultdict(int)
    writers: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i in range(n):
        for k in reads[i]:
            readers[k] += 1
        if shapes[i].pure:
            for k in _writes(code[i], shapes[i]):
                writers[k].append(i)
    alive = [True] * n
    changed = False
    work = [i for i in range(n) if shapes[i].pure]
    while work:
        i = work.pop()
        if not alive[i]:
            continue
        ins, sh = code[i], shapes[i]
        ws = _writes(ins, sh)
        live = {k for k in ws if readers[k] > 0}
        if live and (len(live) == len(ws) or sh.kind not in ("cw", "dot") or sh.nd != 1):
            continue
        changed = True
        if not live:
            alive[i] = False
            new_reads: list[tuple[int, int]] = []
        else:  # mask off the unread components
            d = ins.args[0]
            comps = tuple(c for c in _dst_comps(d) if (d.idx[0], c) in live)
            ins = Ins(ins.op, [Reg("r", d.idx, None, comps)] + ins.args[1:], ins.suffix, ins.tail)
            code[i] = ins
            new_reads = _reads(ins, sh)
        gone = list(reads[i])
        for k in new_reads:
            gone.remove(k)
        reads[i] = new_reads
        for k in gone:
            readers[k] -= 1
            if readers[k] == 0:
                work.extend(writers[k])
    if not changed:
        return code, False
    return [ins for i, ins in enumerate(code) if alive[i]], True


# --- retargeting -----------------------------------------------------------------------------------

def _barrier(ins: Ins, sh: _Shape) -> bool:
    return sh.kind == "unknown" or sh.flow or ins.op in _CALLS


def _retarget(code: list[Ins]) -> tuple[list[Ins], bool]:
    shapes = [_shape(ins) for ins in code]
    nreads: dict[tuple[int, int], int] = defaultdict(int)
    for ins, sh in zip(code, shapes, strict=True):
        for k in _reads(ins, sh):
            nreads[k] += 1
    last_write: dict[tuple[int, int], int] = {}  # temp component -> its last writer in this block
    last_use: dict[tuple, int] = {}  # (file, idx, comp) -> last instruction reading or writing it
    rel_use: dict[str, int] = {}  # file -> last relative access
    dead: set[int] = set()
    changed = False

    def note(i: int, ins: Ins, sh: _Shape) -> None:
        for j, a in enumerate(ins.args):
            if a.rel is not None:
                rel_use[a.file] = i
                if a.rel[0] == "r":
                    last_use[("r", (a.rel[1][0],), a.rel[3])] = i
            if a.file in ("l", "null") or not a.idx:
                continue
            if j < sh.nd:
                comps = _dst_comps(a)
            elif sh.kind == "unknown":
                comps = _ALL
            else:
                sw = _padded(a)
                comps = {sw[ln] for ln in _src_lanes(ins, sh)}
            for c in comps:
                last_use[(a.file, tuple(a.idx), c)] = i
        for k in _writes(ins, sh):
            last_write[k] = i

    for i, ins in enumerate(code):
        sh = shapes[i]
        if _barrier(ins, sh):
            last_write.clear()
            last_use.clear()
            rel_use.clear()
            continue
        plan = _plan(code, shapes, i, ins, nreads, last_write, last_use, rel_use)
        if plan is None:
            note(i, ins, sh)
            continue
        d = ins.args[0]
        for j, new in plan:
            code[j] = new
            shapes[j] = _shape(new)
            if d.file == "r":
                for c in _dst_comps(new.args[0]):
                    last_write[(d.idx[0], c)] = j
        dead.add(i)
        changed = True
        for c in _dst_comps(d):
            last_use[(d.file, tuple(d.idx), c)] = i
    if not changed:
        return code, False
    return [ins for i, ins in enumerate(code) if i not in dead], True


def _plan(code: list[Ins], shapes: list[_Shape], i: int, mov: Ins, nreads: dict, last_write: dict,
          last_use: dict, rel_use: dict) -> list[tuple[int, Ins]] | None:
    """The defs of ``mov``'s source rewritten to write its destination, or None when unsound."""
    if mov.op != "mov" or mov.suffix or mov.tail or len(mov.args) != 2:
        return None
    d, s = mov.args
    if (s.file != "r" or s.rel is not None or s.mod or d.rel is not None or d.mod or d.comps is None
            or d.file not in ("r", "o") or (d.file == "r" and d.idx[0] == s.idx[0])):
        return None
    t = s.idx[0]
    sw = _padded(s)
    lanes_of: dict[int, list[int]] = defaultdict(list)  # T comp -> destination lanes reading it
    for ln in d.comps:
        lanes_of[sw[ln]].append(ln)
    defs: dict[int, list[int]] = defaultdict(list)  # def index -> T comps
    for c in lanes_of:
        if nreads.get((t, c), 0) != 1:
            return None
        j = last_write.get((t, c))
        if j is None:
            return None
        defs[j].append(c)
    first = min(defs)
    if rel_use.get(d.file, -1) >= first:
        return None
    dkey = (d.file, tuple(d.idx))
    for ln in d.comps:
        if last_use.get((*dkey, ln), -1) > first:  # the first def itself may read D
            return None
    plan = []
    for j, comps in defs.items():
        ins, sh = code[j], shapes[j]
        if sh.nd != 1 or not sh.pure:
            return None
        dd = ins.args[0]
        if dd.file != "r" or dd.idx[0] != t or dd.mod or sorted(_dst_comps(dd)) != sorted(comps):
            return None
        new_lanes = sorted(ln for c in comps for ln in lanes_of[c])
        dst = Reg(d.file, d.idx, None, tuple(new_lanes))
        if sh.kind == "dot":
            plan.append((j, Ins(ins.op, [dst] + ins.args[1:], ins.suffix, ins.tail)))
        elif sh.kind == "cw":
            srcs = []
            for a in ins.args[1:]:
                if a.file == "l":
                    if len(a.imm) == 1:
                        srcs.append(a)
                        continue
                    vals = [0, 0, 0, 0]
                    imm4 = (tuple(a.imm) + (a.imm[-1],) * 4)[:4]
                    for ln in new_lanes:
                        vals[ln] = imm4[sw[ln]]
                    srcs.append(Reg("l", imm=tuple(vals), mod=a.mod))
                elif a.comps is None:
                    return None
                else:
                    p = _padded(a)
                    if len(a.comps) == 1:
                        srcs.append(a)
                        continue
                    fill = p[sw[new_lanes[0]]]
                    lane_set = set(new_lanes)
                    comps4 = tuple(p[sw[ln]] if ln in lane_set else fill for ln in range(4))
                    srcs.append(Reg(a.file, a.idx, a.rel, comps4, a.mod, a.imm))
            plan.append((j, Ins(ins.op, [dst] + srcs, ins.suffix, ins.tail)))
        else:
            if any(sw[ln] != ln for ln in new_lanes):
                return None
            plan.append((j, Ins(ins.op, [dst] + ins.args[1:], ins.suffix, ins.tail)))
    return plan


# --- driver ----------------------------------------------------------------------------------------

def optimize_code(code: list[Ins]) -> list[Ins]:
    """The optimised instruction list (``code`` itself when disabled or when its shape is unexpected)."""
    if not ENABLED or not code:
        return code
    try:
        out = list(code)
        for _ in range(_MAX_ROUNDS):
            out, c1 = _propagate(out)
            out, c2 = _eliminate(out)
            out, c3 = _retarget(out)
            if not (c1 or c2 or c3):
                break
        return out
    except _Bail:
        return code


def optimize_in_place(code: list[Ins]) -> None:
    """Replace the contents of ``code`` (the code generator's list, also read by sigusage.py)."""
    code[:] = optimize_code(code)
