"""fxc's race-condition errors of a compute shader: X3695 (groupshared memory) and X3694 (a UAV).

d3dcompiler_47 10.1 refuses a write that every thread of a group makes to one address with a value that may
differ between the threads: "race condition writing to shared memory detected, consider making this write
conditional." (X3695, a ``groupshared`` variable) and "... writing to shared resource detected ..." (X3694, a
UAV); the same value written by every thread is only a warning (X3584 / X3583, not modelled). MicrosoftDocs "HLSL
errors and warnings" lists neither number; the rule below is fxc's answer to the probes recorded in
tests/test_rules_hlsl_fxc_verdicts_acc39.py (session 39, helper ACC; DXC's RaceCond, cs.groupshared,
vecCombineSel, res_select, group_share_inout, addrspacecast):

* the address is the same for the whole group: built from literals, constant buffers and SV_GroupID, or folded
  to one value (``g[gi / 64]`` in a group of 64 threads: fxc knows SV_GroupIndex is below the group's size);
* the value may differ: SV_GroupIndex, any SV_GroupThreadID or SV_DispatchThreadID component (fxc does not use
  the ``numthreads`` dimensions there: the ``.z`` of a one-deep group counts), anything loaded from groupshared
  memory (a ``const groupshared`` one excepted) or a UAV (whatever the address; not its size), a structured or raw load of an SRV (a typed ``ld`` or a sample at a
  group-uniform address is uniform), an atomic's returned value, whatever is computed from those, and a value
  chosen under a thread-dependent condition (``c ? 0 : a``, ``if (gi == 3) v = 1;``) unless every path gives the
  same constant; ``gi * 0``, ``gi - gi``, ``gi >> 7``, ``min(gi, 0)`` fold to one value and do not race;
* the write is unconditional: not inside an ``if`` / ``switch`` on a thread-dependent condition, not after a
  ``return`` under one, and not inside a loop that is still a loop (fxc unrolls ``[unroll]`` loops first and then
  finds the race). A condition every thread shares does not guard, nor does a barrier, nor a condition on an SRV's
  structured load (``if (sb[0] == 0)``: a value that races but no guard), while one on groupshared memory does;
* a group of one thread (``[numthreads(1, 1, 1)]``) never races, nor does an atomic (Interlocked*) or an append.

The pass runs on the code as generated (before copy folding and the dead-groupshared sweep: fxc refuses the
write even when nothing reads the variable again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .intervals import U32 as _U32
from .intervals import U32_OPS
from .operands import Reg
from .optimize import _dst_comps, _padded, _shape

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: stores judged (their address operands follow the destination; the value is the last operand)
_STORES = {"store_raw": 1, "store_structured": 2, "store_uav_typed": 1}
#: loads whose result may differ between threads whatever the address
_MEMORY_LOADS = ("ld_structured", "ld_raw", "ld_uav_typed")
#: instructions that read a resource's description, not its memory
_DESCRIPTION_READS = ("bufinfo", "resinfo", "sampleinfo", "samplepos")
_MESSAGES = {"g": ("race condition writing to shared memory detected, consider making this write conditional.", 3695),
             "u": ("race condition writing to shared resource detected, consider making this write conditional.",
                   3694)}
#: how a value varies between the threads of a group: not at all, as an SRV's structured / raw load does (a value
#: that races, a condition that guards nothing), or with the thread (a thread id, shared memory: races and guards)
UNIFORM, DATA, THREAD = 0, 1, 2

Key = tuple  # (file, (index,)) of a register; its four components are tracked apart


class _State:
    """Per register component: how it varies (``level``), its known unsigned range (``rng``, (lo, hi)) and, for a
    value loaded from memory, the location it came from (``reload``)."""

    def __init__(self) -> None:
        self.level: dict[tuple, int] = {}
        self.rng: dict[tuple, tuple[int, int]] = {}
        self.reload: dict[tuple, tuple] = {}

    def copy(self) -> _State:
        s = _State()
        s.level, s.rng, s.reload = dict(self.level), dict(self.rng), dict(self.reload)
        return s

    def merge(self, other: _State) -> None:
        """Join two paths: the stronger variation, the union of the ranges, a location both agree on."""
        for k in set(self.level) | set(other.level):
            self.level[k] = max(self.level.get(k, UNIFORM), other.level.get(k, UNIFORM))
        for k in list(self.rng):
            o = other.rng.get(k)
            if o is None:
                del self.rng[k]
            else:
                self.rng[k] = (min(self.rng[k][0], o[0]), max(self.rng[k][1], o[1]))
        for k in list(self.reload):
            if other.reload.get(k) != self.reload[k]:
                del self.reload[k]


def _key(a: Reg) -> Key:
    return (a.file, tuple(a.idx[:1]))


class _Block:
    """An open if / switch / loop: its condition's variation, its entry state, the paths that left it, the
    registers written inside."""

    __slots__ = ("kind", "cond", "entry", "paths", "written", "has_default")

    def __init__(self, kind: str, cond: int, entry: _State) -> None:
        self.kind, self.cond, self.entry = kind, cond, entry
        self.paths: list[_State] = []
        self.written: set[Key] = set()
        self.has_default = False


class _Scan:
    def __init__(self, cg: CodegenContext, threads: int) -> None:
        self.cg = cg
        self.threads = threads
        self.state = _State()
        self.blocks: list[_Block] = []
        self.diverged = False  # a thread-dependent return happened: every later write is conditional
        self.prev_op = ""
        #: groupshared registers of ``const groupshared`` variables: their initial values, the same for all threads
        const_names = {getattr(d, "name", None) for d in cg.prog.decls if "const" in getattr(d, "mods", ())}
        self.const_g = {g for name, (g, _stride, _t) in cg.tgsm.items() if name in const_names}

    # --- operands ---------------------------------------------------------------------------------------------
    def _input(self, file: str, comp: int) -> tuple[int, tuple[int, int] | None] | None:
        if file == "vThreadIDInGroupFlattened":
            return THREAD, (0, self.threads - 1)
        if file in ("vThreadIDInGroup", "vThreadID"):
            return THREAD, None
        if file == "vThreadGroupID":
            return UNIFORM, None
        return None

    def _slot_level(self, slot) -> int:
        """A relative index's register component (``cb0[r1.x + 2]``, ``x0[r2.y]``)."""
        file, idx, comp = slot[0], slot[1], slot[3] if len(slot) > 3 and slot[3] is not None else 0
        inp = self._input(file, comp)
        if inp is not None:
            return inp[0]
        return self.state.level.get(((file, tuple(idx[:1])), comp), UNIFORM)

    def lanes(self, a: Reg) -> list[tuple[int, tuple[int, int] | None]]:
        """(variation, unsigned range or None) of the value operand ``a`` supplies to each destination lane."""
        sw = _padded(a)
        rel = self._slot_level(a.rel) if a.rel is not None else UNIFORM
        if a.file == "l":
            vals = list(a.imm) if len(a.imm) == 4 else list(a.imm) * 4
            if a.comps is not None and len(a.imm) == 4:
                vals = [a.imm[c] for c in sw]
            if a.mod:
                return [(UNIFORM, None)] * 4
            return [(UNIFORM, (v & _U32, v & _U32)) for v in vals[:4]]
        out = []
        for c in sw:
            inp = self._input(a.file, c)
            if inp is not None:
                lvl, rng = inp
            elif a.file in ("r", "x"):
                k = (_key(a), c)
                lvl, rng = self.state.level.get(k, UNIFORM), self.state.rng.get(k) if a.file == "r" else None
            elif a.file in ("g", "u"):
                lvl, rng = THREAD, None
            else:  # constant buffers, the immediate constant buffer, SRVs
                lvl, rng = UNIFORM, None
            if a.mod or rel:
                rng = None
            out.append((max(lvl, rel), rng))
        return out

    def _level(self, args: list[Reg]) -> int:
        return max((lv for a in args if a.file != "null" for lv, _ in self.lanes(a)), default=UNIFORM)

    def _guarded(self) -> bool:
        return self.diverged or any(b.cond == THREAD for b in self.blocks)

    def _control(self) -> int:
        return max((b.cond for b in self.blocks), default=UNIFORM)

    def _write(self, d: Reg, lanes: list[tuple[int, tuple[int, int] | None]], reload: list | None = None) -> None:
        """Record destination ``d``'s new lanes."""
        if d.file not in ("r", "x"):
            return
        rel = self._slot_level(d.rel) if d.rel is not None else UNIFORM
        control = THREAD if self.diverged else self._control()
        key = _key(d)
        for c in _dst_comps(d):
            lvl, rng = lanes[c]
            if rng is not None and rng[0] == rng[1]:
                lvl = UNIFORM  # folded to one value
            lvl = max(lvl, control)
            if d.file == "x":  # an indexable array accumulates (its elements are not told apart)
                lvl = max(lvl, rel, self.state.level.get((key, c), UNIFORM))
                rng = None
            self.state.level[(key, c)] = lvl
            if rng is None or d.rel is not None:
                self.state.rng.pop((key, c), None)
            else:
                self.state.rng[(key, c)] = rng
            loc = reload[c] if reload is not None and d.file == "r" else None
            if loc is not None:
                self.state.reload[(key, c)] = loc
            else:
                self.state.reload.pop((key, c), None)
        for b in self.blocks:
            b.written.add(key)

    @staticmethod
    def _location(ins) -> tuple | None:
        """The literal address of a memory load or store (None for a computed one)."""
        n = 2 if "structured" in ins.op else 1
        addr = ins.args[1:1 + n]
        if any(a.file != "l" for a in addr):
            return None
        return tuple(a.imm for a in addr)

    # --- the walk ---------------------------------------------------------------------------------------------
    def run(self) -> None:
        for ins in self.cg.code:
            err = self.step(ins)
            if err is not None:
                raise err
            self.prev_op = ins.op

    def _innermost_loop(self) -> _Block | None:
        return next((b for b in reversed(self.blocks) if b.kind == "loop"), None)

    def step(self, ins):  # noqa: C901 - one branch per kind of instruction
        op, args = ins.op, ins.args
        if op in ("if", "switch", "loop"):
            cond = UNIFORM if op == "loop" else self._level(args)
            self.blocks.append(_Block(op, cond, self.state.copy()))
        elif op == "else" and self.blocks:
            b = self.blocks[-1]
            b.paths.append(self.state)
            self.state = b.entry.copy()
        elif op in ("case", "default") and self.blocks:
            b = self.blocks[-1]
            b.has_default |= op == "default"
            if self.prev_op in ("break", "ret"):  # the previous case's path ends here; a new one starts
                b.paths.append(self.state)
                self.state = b.entry.copy()
        elif op in ("endif", "endswitch", "endloop") and self.blocks:
            self._close(self.blocks.pop())
        elif op in ("breakc", "continuec", "retc"):
            lvl = self._level(args)
            if op == "retc" and lvl == THREAD:
                self.diverged = True
            loop = self._innermost_loop()
            if op != "retc" and loop is not None:
                loop.cond = max(loop.cond, lvl)
        elif op in ("break", "continue"):
            # a break under conditions inside its loop makes the loop's exit depend on them (a switch's break
            # only leaves the switch)
            for i in range(len(self.blocks) - 1, -1, -1):
                b = self.blocks[i]
                if b.kind == "loop" or b.kind == "switch" and op == "break":
                    if b.kind == "loop":
                        b.cond = max([b.cond] + [o.cond for o in self.blocks[i + 1:]])
                    break
        elif op == "ret":
            if any(b.cond == THREAD for b in self.blocks):
                self.diverged = True
        elif op in _STORES:
            return self._store(ins)
        elif op.startswith(("atomic_", "imm_atomic_")):
            if op.startswith("imm_atomic_"):
                self._write(args[0], [(THREAD, None)] * 4)
        elif args:
            self._compute(ins)
        return None

    def _close(self, b: _Block) -> None:
        """Join the block's paths; a register written on paths a thread-dependent condition chose varies after
        it unless every path left the same constant in it."""
        paths = b.paths + [self.state]
        if b.kind == "if" and len(b.paths) == 0 or b.kind == "switch" and not b.has_default:
            paths.append(b.entry)  # the path that skips the block
        joined = paths[0].copy()
        for p in paths[1:]:
            joined.merge(p)
        self.state = joined
        if b.kind == "loop":  # one pass over the body: a range it computed need not hold after more iterations
            for key in b.written:
                for c in range(4):
                    joined.rng.pop((key, c), None)
        if b.cond == UNIFORM:
            return
        for key in b.written:
            for c in range(4):
                rng = joined.rng.get((key, c))
                if rng is None or rng[0] != rng[1]:
                    joined.level[(key, c)] = max(joined.level.get((key, c), UNIFORM), b.cond)

    def _compute(self, ins) -> None:
        op, args = ins.op, ins.args
        sh = _shape(ins)
        nd = max(sh.nd, 1)
        dsts, srcs = args[:nd], [a for a in args[nd:] if a.file != "null"]
        if op.startswith(_MEMORY_LOADS) and srcs:
            res = srcs[-1]
            if res.file in ("g", "u") or op.startswith(("ld_structured", "ld_raw")):
                loc = self._location(ins)
                reload = None
                if loc is not None and res.file in ("g", "u"):
                    reload = [(res.file, tuple(res.idx), loc, c) for c in _padded(res)]
                lvl = max(THREAD if res.file in ("g", "u") else DATA, self._level(srcs[:-1]))
                if res.file == "g" and res.idx and res.idx[0] in self.const_g:
                    lvl = self._level(srcs[:-1])  # a const groupshared value is every thread's (fxc: X3584 only)
                self._write(dsts[0], [(lvl, None)] * 4, reload)
                return
        if sh.kind == "cw" or op in ("imul", "umul", "udiv"):
            per = [self.lanes(s) for s in srcs]
            lanes = [(max(p[k][0] for p in per) if per else UNIFORM, _fold(op, srcs, [p[k][1] for p in per], k,
                                                                             self.state.reload))
                     for k in range(4)]
            reload = None
            if op == "mov" and len(srcs) == 1 and srcs[0].file == "r" and not srcs[0].mod:
                key, sw = _key(srcs[0]), _padded(srcs[0])
                reload = [self.state.reload.get((key, sw[k])) for k in range(4)]
            elif op == "ineg" and srcs[0].file == "r" and not srcs[0].mod:
                # remembered as the negation of its source lane, so that ``x - x`` folds (an iadd of the two)
                key, sw = _key(srcs[0]), _padded(srcs[0])
                reload = [("neg", key, sw[k]) for k in range(4)]
            # the folded range is the quotient's (udiv's first destination) or the low product's (imul's second)
            ranged = 0 if op == "udiv" else len(dsts) - 1
            for i, d in enumerate(dsts):
                self._write(d, lanes if i == ranged else [(lv, None) for lv, _ in lanes], reload)
            return
        if op.startswith(_DESCRIPTION_READS):
            # a UAV's size is every thread's: only the operands beside the resource count (d3dcompiler_47 10.1,
            # session 45 MRUN: ``s.GetDimensions(n, st); o[0] = n;`` of a RWStructuredBuffer, a RWByteAddressBuffer's
            # GetDimensions, warn X3583 only)
            srcs = [a for a in srcs if a.file not in ("u", "g")]
        lvl = self._level(srcs)
        for d in dsts:
            self._write(d, [(lvl, None)] * 4)

    def _store(self, ins):
        n_addr = _STORES[ins.op]
        dst, addr, value = ins.args[0], ins.args[1:1 + n_addr], ins.args[-1]
        if dst.file not in _MESSAGES or self._guarded() or self._innermost_loop() is not None:
            return None
        for a in addr:
            for lvl, rng in self.lanes(a)[:1] if a.comps is not None and len(a.comps) == 1 else self.lanes(a):
                if lvl != UNIFORM and not (rng is not None and rng[0] == rng[1]):
                    return None
        lanes = self.lanes(value)
        loc = self._location(ins)
        written = list(_dst_comps(dst)) if ins.op != "store_uav_typed" else [0, 1, 2, 3]
        if value.file == "r" and loc is not None and ins.op != "store_uav_typed":
            key, sw = _key(value), _padded(value)
            # the components a partial write (``h.y = v``, ``m[1][2] = v``) loads from this very location and stores
            # back unchanged: fxc writes only what changes (so this pass misses the whole self-copy ``h = h``, which
            # fxc refuses)
            written = [c for c in written
                       if self.state.reload.get((key, sw[c])) != (dst.file, tuple(dst.idx), loc, c)]
        if not any(lanes[c][0] != UNIFORM and not (lanes[c][1] and lanes[c][1][0] == lanes[c][1][1])
                   for c in written):
            return None
        msg, code = _MESSAGES[dst.file]
        return self.cg.err(ins.epos, msg, code)


def _fold(op: str, srcs: list[Reg], rngs: list, lane: int, negs: dict | None = None) -> tuple[int, int] | None:
    """The unsigned range of ``op``'s result lane from its operands' (None where unknown): the transfer functions
    of intervals.U32_OPS, and ``x - x`` of one value, which needs the operands themselves."""
    if op == "mov" and len(rngs) == 1:
        return rngs[0]
    if op == "iadd" and len(srcs) == 2 and srcs[0].file == srcs[1].file == "r" and srcs[0].idx == srcs[1].idx and \
            _padded(srcs[0])[lane] == _padded(srcs[1])[lane] and {srcs[0].mod, srcs[1].mod} == {"", "-"}:
        return (0, 0)  # x - x
    if op == "iadd" and len(srcs) == 2 and negs is not None and not srcs[0].mod and not srcs[1].mod:
        a, b = ((_key(s), _padded(s)[lane]) for s in srcs)
        if negs.get(b) == ("neg",) + a or negs.get(a) == ("neg",) + b:
            return (0, 0)  # x + (-x), the negation computed apart
    transfer = U32_OPS.get(op)
    if transfer is None or len(rngs) != 2:
        return None
    return transfer(rngs[0], rngs[1])


def check_races(cg: CodegenContext) -> None:
    """Raise X3695 / X3694 for a compute shader's first racing write (see the module docstring)."""
    if cg.stage != "cs" or not cg.numthreads:
        return
    x, y, z = cg.numthreads
    if x * y * z <= 1:
        return
    _Scan(cg, x * y * z).run()
