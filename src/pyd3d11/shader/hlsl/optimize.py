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

import os
from collections import defaultdict
from dataclasses import replace
from functools import partial

import numpy as np

from ..dxbc.opcodes import BY_NAME, OpClass
from ..ops.fold import fold_alu
from .instfold import fxc_fold
from .instfold import modified_word as _modified
from .operands import Ins, Reg

#: module switch (tests compare outputs with the pass on and off; PYD3D11_HLSL_NO_OPT=1 turns it off
#: in tools and subprocesses, e.g. to tell an optimiser bug from a code generator bug)
ENABLED = not os.environ.get("PYD3D11_HLSL_NO_OPT")
_MAX_ROUNDS = 6
_ALL = (0, 1, 2, 3)

#: read-only register files whose elements a copy may name as its source (never written by a shader)
_READ_ONLY = frozenset({"v", "cb", "tb", "icb", "vicp", "vocp", "vpc", "vThreadID", "vThreadGroupID",
                        "vThreadIDInGroup", "vDomain"})
_CW_CLASSES = frozenset({OpClass.FLOAT, OpClass.INT, OpClass.UINT, OpClass.BIT, OpClass.CONVERT})
_NOT_CW = frozenset({"bufinfo", "resinfo", "sampleinfo", "samplepos", "eval_snapped", "eval_sample_index",
                     "eval_centroid"})
_DOT = {"dp2": 2, "dp3": 3, "dp4": 4}
_PURE_CLASSES = _CW_CLASSES | {OpClass.TEXTURE, OpClass.DOUBLE}
#: the status forms (D3D11.2 tiled-resource feedback: a second temp destination) only read memory as well
_PURE_MEMORY = frozenset({"ld_raw", "ld_structured", "ld_uav_typed", "ld_raw_s", "ld_structured_s", "ld_uav_typed_s"})
_OPEN = frozenset({"if", "loop", "switch"})
_CLOSE = {"endif": "if", "endloop": "loop", "endswitch": "switch"}
#: operations after which no copy is known (they run code that may write any temp)
_CALLS = frozenset({"fcall", "call", "callc", "label"})


class _Bail(Exception):
    """Unexpected code shape: leave the program as generated."""


class _Shape:
    """What the pass needs to know about one operation (shared, immutable once built)."""

    __slots__ = ("nd", "kind", "types", "cls", "pure", "flow", "maybe_pure")

    def __init__(self, op: str, nargs: int) -> None:
        info = BY_NAME.get("sync" if op.startswith("sync_") else op)
        self.kind = "unknown"
        self.nd = 0
        self.types = ""
        self.cls = None
        self.pure = self.maybe_pure = False
        self.flow = True
        if info is None or info.num_operands != nargs or info.is_declaration:
            return
        self.nd, self.types, self.cls = info.num_dst, info.operand_types, info.cls
        self.flow = info.cls in (OpClass.FLOW, OpClass.SYNC, OpClass.DEBUG, OpClass.CUSTOM, OpClass.RESERVED)
        if op in _DOT:
            self.kind = "dot"
        elif info.cls in _CW_CLASSES and op not in _NOT_CW and "d" not in self.types:
            self.kind = "cw"
        else:
            self.kind = "other"
        # pure when, besides, every destination is a temp (checked per instruction)
        self.maybe_pure = (self.nd >= 1 and not self.flow
                           and (info.cls in _PURE_CLASSES or op in _PURE_MEMORY))


_SHAPES: dict[tuple[str, int, bool], _Shape] = {}


#: during an optimisation run (optimize_code): id(ins) -> (ins, its shape); every pass asks each instruction's shape
#: again. Outside a run (uninit.py, ifacevarying.py ask too) nothing is kept: nothing would clear it.
_SHAPE_OF: dict[int, tuple] | None = None


def _shape(ins: Ins) -> _Shape:
    memo = _SHAPE_OF
    if memo is None:
        return _shape_of(ins)
    m = memo.get(id(ins))
    if m is not None and m[0] is ins:
        return m[1]
    sh = _shape_of(ins)
    memo[id(ins)] = (ins, sh)
    return sh


def _shape_of(ins: Ins) -> _Shape:
    n = len(ins.args)
    key = (ins.op, n, False)
    sh = _SHAPES.get(key)
    if sh is None:
        sh = _SHAPES[key] = _Shape(ins.op, n)
    if sh.maybe_pure and all(d.file in ("r", "null") and d.rel is None for d in ins.args[:sh.nd]):
        key = (ins.op, n, True)
        pure = _SHAPES.get(key)
        if pure is None:
            pure = _SHAPES[key] = _Shape(ins.op, n)
            pure.pure = True
        return pure
    return sh


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


#: per optimisation run: id(ins) -> (ins, reads, writes); holding ``ins`` keeps its id unique
_MEMO: dict[int, tuple] = {}


def _memo(ins: Ins, sh: _Shape) -> tuple:
    m = _MEMO.get(id(ins))
    if m is None or m[0] is not ins:
        m = _MEMO[id(ins)] = (ins, _reads_of(ins, sh), _writes_of(ins, sh))
    return m


def _reads(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
    return _memo(ins, sh)[1]


def _writes(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
    return _memo(ins, sh)[2]


def _reads_of(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
    """Temp components ``(temp, comp)`` the instruction reads (over-approximated when unsure)."""
    out: list[tuple[int, int]] = []
    for a in ins.args:
        out += _rel_reads(a)
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


def _rel_reads(a: Reg) -> list[tuple[int, int]]:
    """Temp components an operand's relative index reads. Operand kinds of linkage.py render more
    than one component of the index temp (``cb[rT.x + 0][rT.y + k]``): all four count."""
    if a.rel is None or a.rel[0] != "r":
        return []
    t = a.rel[1][0]
    if type(a) is not Reg or a.file == "cbthis":
        return [(t, c) for c in _ALL]
    return [(t, a.rel[3])]


def _writes_of(ins: Ins, sh: _Shape) -> list[tuple[int, int]]:
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


def _rewrite(st: _Copies, reg: Reg, lanes: tuple[int, ...], allow_imm: bool, fold_mod: bool = False) -> Reg | None:
    """``reg`` reading the copies' sources instead, or None (nothing known / sources differ); ``fold_mod``: a
    modified read of a literal takes the literal with the float modifier applied (:func:`_modified`)."""
    if reg.file != "r" or reg.rel is not None or type(reg) is not Reg:
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
        # fxc's optimiser folds a float modifier into the literal (``|x|`` of a local 0 is l(-0): _modified)
        if not allow_imm or (reg.mod and not fold_mod):
            return None
        if single:
            return Reg("l", imm=(_modified(res[sw[0]][3], reg.mod),))
        vals = [0, 0, 0, 0]
        for ln in lanes:
            vals[ln] = _modified(res[sw[ln]][3], reg.mod)
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
            here.setdefault(u, {})[c] = cu
        if where is None:
            where = here
        else:
            where = {u: {**m, **here[u]} for u, m in where.items() if u in here}
        if not where:
            return None
    assert where is not None
    u = min(where)  # the oldest temp (t itself holds them too): every reader agrees on one
    if u == t:
        return None
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
    if type(s) is not Reg or type(d) is not Reg:
        return None
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


#: integer operations that return one operand unchanged when the other is this immediate:
#: op -> (identity value, operand positions the identity may take)
_IDENTITY = {"iadd": (0, (0, 1)), "or": (0, (0, 1)), "xor": (0, (0, 1)), "and": (0xFFFFFFFF, (0, 1)),
             "imul": (1, (0, 1)), "ishl": (0, (1,)), "ushr": (0, (1,)), "ishr": (0, (1,))}


def _as_move(ins: Ins, lanes: tuple[int, ...]) -> Ins | None:
    """``iadd d, a, l(0)`` and the like as the bit copy ``mov d, a`` (exact for integers)."""
    rule = _IDENTITY.get(ins.op)
    if rule is None or ins.suffix or ins.tail:
        return None
    value, where = rule
    if ins.op == "imul":  # imul hi, lo, a, b: only the low half wanted
        if len(ins.args) != 4 or ins.args[0].file != "null":
            return None
        dst, srcs = ins.args[1], ins.args[2:]
    else:
        if len(ins.args) != 3:
            return None
        dst, srcs = ins.args[0], ins.args[1:]
    mask = 31 if ins.op in ("ishl", "ushr", "ishr") else 0xFFFFFFFF
    for k in where:
        c, other = srcs[k], srcs[1 - k]
        if c.file != "l" or c.mod or other.mod or other.file == "l":
            continue
        imm4 = (tuple(c.imm) + (c.imm[-1],) * 4)[:4]
        if all(imm4[ln] & mask == value for ln in lanes):
            return Ins("mov", [dst, other], loc=ins.loc, epos=ins.epos)
    return None


#: an operand value that decides the result whatever the other is (exact bit rules)
_ABSORB = {"and": 0, "or": 0xFFFFFFFF}


def _as_constant(ins: Ins, lanes: tuple[int, ...]) -> Ins | None:
    """``and d, a, l(0)`` as ``mov d, l(0)``; ``or d, a, l(0xffffffff)`` as all ones (fxc folds ``0 && x``,
    the shape a ``#define FLAG 0`` condition leaves)."""
    if ins.suffix or ins.tail or len(ins.args) != 3 or ins.args[0].file != "r" or ins.args[0].comps is None:
        return None
    value = _ABSORB[ins.op]
    for c in ins.args[1:]:
        if c.file != "l" or c.mod:
            continue
        imm4 = (tuple(c.imm) + (c.imm[-1],) * 4)[:4]
        if all(imm4[ln] == value for ln in lanes):
            return Ins("mov", [ins.args[0], Reg("l", imm=tuple(value if ln in lanes else 0 for ln in range(4)))], loc=ins.loc, epos=ins.epos)
    return None


_FOLD_SAT = frozenset({"add", "mul", "div", "mad", "min", "max", "exp", "log", "sqrt", "rsq", "rcp", "frc",
                       "round_ne", "round_ni", "round_pi", "round_z", "itof", "utof", "f16tof32", "mov"})


def _foldable(op: str, nsrc: int) -> bool:
    """A one-result operation of the executor's ALU tables taking ``nsrc`` sources."""
    from ..ops.alu_float import FLOAT_OPS
    from ..ops.alu_int import INT_OPS

    return (op in FLOAT_OPS and FLOAT_OPS[op][0] == nsrc) or (op in INT_OPS and INT_OPS[op][:2] == (nsrc, 1))


#: float operations whose literal operands' source modifiers fxc's optimiser folds with them
_MOD_FOLDS = frozenset({"mov", "add", "mul", "mad", "div", "min", "max", "sqrt", "rsq", "exp", "log", "frc"})


def _fold(ins: Ins, sh: _Shape) -> Ins | None:
    """A per-component operation on immediates as ``mov dst, l(result)``, computed by the executor's
    own arithmetic (pyd3d11.shader.exec), so the folded program gives the same bits."""
    if sh.kind != "cw" or sh.nd != 1 or ins.tail or ins.args[0].file != "r" or ins.args[0].comps is None:
        return None
    srcs = ins.args[1:]
    # fxc's optimiser folds a float operation whose literal operands carry modifiers too (``distance(x, y)`` of two
    # locals holding 0 is |0 - 0| folded: -0, instfold.fold_abs; session 44); elsewhere a modifier keeps it
    modded = _FXC_FOLDS and ins.op in _MOD_FOLDS
    if not srcs or any(a.file != "l" or (a.mod and not modded) for a in srcs):
        return None
    if ins.suffix not in ("", "_sat") or (ins.suffix and ins.op not in _FOLD_SAT):
        return None
    from ..ops.alu_float import saturate

    if ins.op == "mov" and not ins.suffix and not srcs[0].mod:
        return None
    if ins.op != "mov" and not _foldable(ins.op, len(srcs)):
        return None
    d = ins.args[0]
    lanes = list(d.comps)
    vals = [np.array([_modified((tuple(a.imm) + (a.imm[-1],) * 4)[ln], a.mod) for ln in lanes], np.uint32)
            for a in srcs]
    res = fxc_fold(ins.op, vals) if _FXC_FOLDS else None  # fxc's optimiser's folds in double (instfold.py)
    if res is None:
        res = vals[0] if ins.op == "mov" else fold_alu(ins.op, vals)
    if ins.suffix:
        with np.errstate(all="ignore"):
            res = saturate(res)
    out = [0, 0, 0, 0]
    for ln, v in zip(lanes, res.tolist(), strict=True):
        out[ln] = int(v) & 0xFFFFFFFF
    return Ins("mov", [d, Reg("l", imm=tuple(out))], loc=ins.loc, epos=ins.epos)


def _div_as_mul(ins: Ins) -> Ins | None:
    """``div d, x, l(c)`` as ``mul d, x, l(1/c)``: fxc divides by a constant through a multiply by its float32
    reciprocal (the corpus' VarianceShadows11 blur: ``dep /= 3.0`` is ``mul r, l(0.333333)``), so the bits
    are those of the product. The reciprocal comes from the executor's own div, like every fold. Under IEEE
    strictness fxc keeps the ``div [precise]`` (d3dcompiler_47 10.1's listings, session 40: ``c / 20`` and
    smoothstep's ``1 / (b - a)`` stay divisions; so does a ``precise`` variable's quotient, not tracked here)."""
    if _IEEE or len(ins.args) != 3 or ins.tail or ins.suffix not in ("", "_sat") or ins.exact:
        return None
    x, c = ins.args[1], ins.args[2]
    if c.file != "l" or c.mod or x.file == "l":
        return None
    imm4 = (tuple(c.imm) + (c.imm[-1],) * 4)[:4]
    one = np.full(4, 0x3F800000, np.uint32)
    rcp = fold_alu("div", [one, np.array(imm4, np.uint32)])
    if rcp is None:
        return None
    return Ins("mul", [ins.args[0], x, Reg("l", imm=tuple(int(v) for v in rcp.tolist()))], suffix=ins.suffix,
               loc=ins.loc, epos=ins.epos)


#: whether the float identities of refactor.py apply to this run (set by optimize_code: not under
#: D3DCOMPILE_IEEE_STRICTNESS or ``precise``; /Od does not optimise at all)
_REFACTOR = False
#: whether this run folds the transcendental instructions and ``mad`` as fxc's optimiser does at shader model 4 and
#: later (instfold.py: C's functions in double, rounded once) rather than by the executor's sequences (set by
#: optimize_code's ``fxc_folds``)
_FXC_FOLDS = False
#: whether this run compiles under D3DCOMPILE_IEEE_STRICTNESS (set by optimize_code: divisions by a constant stay)
_IEEE = False
_ZERO_BITS = frozenset({0x00000000, 0x80000000})


def _zero_lanes(st: _Copies, a: Reg, n: int) -> set[int]:
    """The lanes among the first ``n`` of source ``a`` known to hold +0 or -0 (a literal, or a temp's copy of one;
    a modifier keeps a zero a zero)."""
    if a.rel is not None or type(a) is not Reg:
        return set()
    sw = _padded(a)
    if a.file == "l":
        imm4 = (tuple(a.imm) + (a.imm[-1],) * 4)[:4]
        return {ln for ln in range(n) if imm4[ln] in _ZERO_BITS}
    if a.file != "r":
        return set()
    out = set()
    for ln in range(n):
        s = st.val.get((a.idx[0], sw[ln]))
        if s is not None and s[0] == "l" and s[3] in _ZERO_BITS:
            out.add(ln)
    return out


def _dot_without_zero_terms(ins: Ins, st: _Copies) -> Ins | None:
    """``dp3 d, a, b`` with a lane of ``a`` or ``b`` known to be 0 as the dot product of the other lanes (``dp2``,
    a ``mul``, or ``mov d, l(0)``): refactor.py's ``x * 0 = 0`` inside a dot product. fxc's DirectXTK
    BasicEffect VSBasicOneLight: ``mul(specular, lightSpecular)`` with two zero rows of the 3x3 matrix is
    one ``mul r0.xyz, r0.xxxx, cb0[9].xyzx`` (the zero rows' terms, NaN or not, are gone)."""
    if not _REFACTOR or ins.tail or len(ins.args) != 3:
        return None
    n = _DOT[ins.op]
    d, a, b = ins.args
    zero = _zero_lanes(st, a, n) | _zero_lanes(st, b, n)
    if not zero:
        return None
    keep = [ln for ln in range(n) if ln not in zero]
    if not keep:
        return Ins("mov", [d, Reg("l", imm=(0, 0, 0, 0))], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)

    def pick(r: Reg) -> Reg:
        if r.file == "l":
            imm4 = (tuple(r.imm) + (r.imm[-1],) * 4)[:4]
            vals = [imm4[ln] for ln in keep]
            return Reg("l", imm=tuple((vals + [vals[-1]] * 4)[:4]), mod=r.mod)
        sw = _padded(r)
        comps = [sw[ln] for ln in keep]
        return replace(r, comps=tuple((comps + [comps[-1]] * 4)[:4]))

    op = {1: "mul", 2: "dp2", 3: "dp3"}[len(keep)]
    return Ins(op, [d, pick(a), pick(b)], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)


def _propagate(code: list[Ins]) -> tuple[list[Ins], bool]:
    writes_in = _construct_writes(code)
    st = _Copies()
    stack: list[tuple[str, _Copies, set[int] | None]] = []
    out: list[Ins] = []
    changed = False
    written: set[tuple[int, int]] = set()  # temp components some earlier instruction writes (program order)
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
                r = _rewrite(st, a, lanes, allow_imm=letter in "fiu" and (not sh.flow or op in _CONDITIONAL),
                             fold_mod=_FXC_FOLDS and op in _MOD_FOLDS and letter == "f")
                if r is not None:
                    if new_args is None:
                        new_args = list(ins.args)
                    new_args[j] = r
            if new_args is not None:
                ins = replace(ins, args=new_args)
                changed = True
            if ins.op in _ABSORB:
                mv = _as_constant(ins, lanes)
                if mv is not None:
                    ins, sh = mv, _shape(mv)
                    changed = True
            if ins.op in _IDENTITY and all(k in written for k in _reads_of(ins, sh)):
                # an identity on a value nothing has written yet (an undefined local) stays an operation: fxc
                # judges X4000 first (``int y; return y * 1;`` / ``y + 0``: d3dcompiler_47 10.1, session 45)
                mv = _as_move(ins, lanes)
                if mv is not None:
                    ins, sh = mv, _shape(mv)
                    changed = True
            if ins.op in _DOT:
                mv = _dot_without_zero_terms(ins, st)
                if mv is not None:
                    ins, sh = mv, _shape(mv)
                    lanes = _src_lanes(ins, sh)
                    changed = True
            if ins.op == "div":
                mv = _div_as_mul(ins)
                if mv is not None:
                    ins, sh = mv, _shape(mv)
                    changed = True
            if sh.kind == "cw" and ins.args and all(a.file == "l" for a in ins.args[sh.nd:]):
                mv = _fold(ins, sh)
                if mv is not None:
                    ins, sh = mv, _shape(mv)
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
                    ins = Ins("mov", [Reg("r", d.idx, None, tuple(c for c, _ in keep)), ins.args[1]], loc=ins.loc, epos=ins.epos)
                    changed = True
                for c, _s in keep:
                    st.kill((t, c))
                for c, s in keep:
                    if not (s[0] == "r" and s[1][0] == t and any(s[3] == k for k, _ in keep)):
                        st.record((t, c), s)
            else:
                for key in _writes(ins, sh):
                    st.kill(key)
        written.update(_writes_of(ins, _shape(ins)))
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
    # stores into an indexable temp array that nothing reads (e.g. an unused static const table)
    x_read = {a.idx[0] for ins, sh in zip(code, shapes, strict=True)
              for a in (ins.args if sh.kind == "unknown" else ins.args[sh.nd:]) if a.file == "x"}
    for i in range(n):
        sh = shapes[i]
        if (sh.maybe_pure and sh.nd == 1 and code[i].args[0].file == "x"
                and code[i].args[0].idx[0] not in x_read):
            alive[i] = False
            changed = True
            for k in reads[i]:
                readers[k] -= 1
                if readers[k] == 0:
                    work.extend(writers[k])
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
            ins = replace(ins, args=[Reg("r", d.idx, None, comps)] + ins.args[1:])
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


# --- dead stores (liveness over the structured control-flow graph) ---------------------------------

_CTRL = frozenset({"if", "else", "endif", "loop", "endloop", "break", "breakc", "continue", "continuec",
                   "ret", "retc", "switch", "case", "default", "endswitch", "$body", "$endbody"})
_EXIT, _EXIT_ALL = -1, -2  # program end (no temp live) / function-body return (every temp live)


def _bits(keys: list[tuple[int, int]]) -> int:
    m = 0
    for t, c in keys:
        m |= 1 << (t * 4 + c)
    return m


def _successors(code: list[Ins]) -> dict[int, list[int]]:
    """Targets of every control instruction (instruction indices, _EXIT or _EXIT_ALL)."""
    n = len(code)
    match: dict[int, int] = {}  # if/else/loop/switch/$body -> closing (or else) index
    stack: list[int] = []
    cases: dict[int, list[int]] = defaultdict(list)
    owner: dict[int, list[int]] = {}  # control instruction -> enclosing construct openers (innermost last)
    for i, ins in enumerate(code):
        op = ins.op
        if op in ("if", "loop", "switch", "$body"):
            owner[i] = list(stack)
            stack.append(i)
            continue
        if op == "else":
            if not stack or code[stack[-1]].op != "if":
                raise _Bail
            match[stack[-1]] = i
            stack[-1] = i
            continue
        if op in ("endif", "endloop", "endswitch", "$endbody"):
            want = {"endif": ("if", "else"), "endloop": ("loop",), "endswitch": ("switch",),
                    "$endbody": ("$body",)}[op]
            if not stack or code[stack[-1]].op not in want:
                raise _Bail
            match[stack.pop()] = i
            continue
        if op in ("case", "default"):
            if not stack or code[stack[-1]].op != "switch":
                raise _Bail
            cases[stack[-1]].append(i)
        if op in _CTRL:
            owner[i] = list(stack)
    if stack:
        raise _Bail

    def after(j: int) -> int:
        return j + 1 if j + 1 < n else _EXIT

    succ: dict[int, list[int]] = {}
    for i, ins in enumerate(code):
        op = ins.op
        if op not in _CTRL:
            continue
        encl = owner.get(i, [])
        in_body = any(code[k].op == "$body" for k in encl)
        if op == "if":
            j = match[i]
            succ[i] = [after(i), after(j) if code[j].op == "else" else j]
        elif op == "else":
            succ[i] = [match[i]]
        elif op in ("break", "breakc"):
            k = next((k for k in reversed(encl) if code[k].op in ("loop", "switch")), None)
            if k is None:
                raise _Bail
            succ[i] = [after(match[k])] + ([after(i)] if op == "breakc" else [])
        elif op in ("continue", "continuec"):
            k = next((k for k in reversed(encl) if code[k].op == "loop"), None)
            if k is None:
                raise _Bail
            succ[i] = [after(k)] + ([after(i)] if op == "continuec" else [])
        elif op == "endloop":
            k = next(k for k, v in match.items() if v == i)
            succ[i] = [after(k)]
        elif op in ("ret", "retc"):
            succ[i] = [_EXIT_ALL if in_body else _EXIT] + ([after(i)] if op == "retc" else [])
        elif op == "switch":
            cs = cases[i]
            has_default = any(code[c].op == "default" for c in cs)
            succ[i] = cs + ([] if has_default else [match[i]])
        elif op == "$body":
            succ[i] = [after(match[i])]
        elif op == "$endbody":
            succ[i] = [_EXIT_ALL]
        else:  # endif, case, default, endswitch
            succ[i] = [after(i)]
    return succ


def _dead_stores(code: list[Ins]) -> tuple[list[Ins], bool]:
    """Remove (or mask off) writes of temp components that no path reads before they are rewritten."""
    if any(ins.op in ("call", "callc", "label") for ins in code):
        return code, False
    succ = _successors(code)
    shapes = [_shape(ins) for ins in code]
    rd = [_bits(_reads(ins, sh)) for ins, sh in zip(code, shapes, strict=True)]
    wr = [_bits(_writes(ins, sh)) if sh.kind != "unknown" else 0 for ins, sh in zip(code, shapes, strict=True)]
    all_bits = 0
    for m in rd:
        all_bits |= m
    for i, ins in enumerate(code):
        if ins.op == "fcall":  # the body may read any temp
            rd[i] = all_bits
    # blocks: each control instruction alone, the runs between them
    starts = sorted({0} | {i for i, ins in enumerate(code) if ins.op in _CTRL}
                    | {i + 1 for i, ins in enumerate(code) if ins.op in _CTRL and i + 1 < len(code)})
    ends = starts[1:] + [len(code)]
    block_of = {s: b for b, s in enumerate(starts)}
    nb = len(starts)
    bsucc: list[list[int]] = []
    gen = [0] * nb
    kill = [0] * nb
    for b in range(nb):
        s, e = starts[b], ends[b]
        last = e - 1
        targets = succ.get(last, [e if e < len(code) else _EXIT])
        bsucc.append([t if t < 0 else block_of[t] for t in targets])
        g = k = 0
        for i in range(e - 1, s - 1, -1):
            g = rd[i] | (g & ~wr[i])
            k |= wr[i]
        gen[b], kill[b] = g, k
    live_in = [0] * nb
    exit_val = {_EXIT: 0, _EXIT_ALL: all_bits}
    changed = True
    while changed:
        changed = False
        for b in range(nb - 1, -1, -1):
            out = 0
            for t in bsucc[b]:
                out |= exit_val[t] if t < 0 else live_in[t]
            new = gen[b] | (out & ~kill[b])
            if new != live_in[b]:
                live_in[b] = new
                changed = True
    removed: set[int] = set()
    for b in range(nb):
        live = 0
        for t in bsucc[b]:
            live |= exit_val[t] if t < 0 else live_in[t]
        for i in range(ends[b] - 1, starts[b] - 1, -1):
            sh, w = shapes[i], wr[i]
            if sh.pure and w and not w & live:
                removed.add(i)
                continue
            if sh.pure and w & ~live and sh.nd == 1 and sh.kind in ("cw", "dot"):
                d = code[i].args[0]
                comps = tuple(c for c in _dst_comps(d) if live >> (d.idx[0] * 4 + c) & 1)
                code[i] = replace(code[i], args=[Reg("r", d.idx, None, comps)] + code[i].args[1:])
                removed.add(-1)  # marks a change
                sh = shapes[i] = _shape(code[i])
                w = _bits(_writes(code[i], sh))
                rd[i] = _bits(_reads(code[i], sh))
            live = (live & ~w) | rd[i]
    if not removed:
        return code, False
    return [ins for i, ins in enumerate(code) if i not in removed], True


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
                for t, c in _rel_reads(a):
                    last_use[("r", (t,), c)] = i
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
    if mov.op != "mov" or mov.suffix not in ("", "_sat") or mov.tail or len(mov.args) != 2:
        return None
    sat = mov.suffix == "_sat"  # folds into defs that saturate a float result themselves
    d, s = mov.args
    if type(d) is not Reg or type(s) is not Reg:
        return None
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
        suffix = ins.suffix
        if sat:
            info = BY_NAME[ins.op]
            if (suffix not in ("", "_sat") or not info.has_saturate or sh.kind not in ("cw", "dot")
                    or info.dst_types != "f"):
                return None
            suffix = "_sat"
        new_lanes = sorted(ln for c in comps for ln in lanes_of[c])
        dst = Reg(d.file, d.idx, None, tuple(new_lanes))
        if sh.kind == "dot":
            plan.append((j, replace(ins, args=[dst] + ins.args[1:], suffix=suffix)))
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
                    srcs.append(type(a)(a.file, a.idx, a.rel, comps4, a.mod, a.imm))
            plan.append((j, replace(ins, args=[dst] + srcs, suffix=suffix)))
        else:
            if any(sw[ln] != ln for ln in new_lanes):
                return None
            plan.append((j, replace(ins, args=[dst] + ins.args[1:])))
    return plan


# --- driver ----------------------------------------------------------------------------------------

# --- branches on immediates -------------------------------------------------------------------------

#: flow operations whose single source is a condition (tested against zero per the _z / _nz suffix)
_CONDITIONAL = frozenset({"if", "breakc", "continuec", "retc", "discard"})
_UNCONDITIONAL = {"breakc": "break", "continuec": "continue", "retc": "ret"}


def _taken(ins: Ins) -> bool | None:
    """Whether a conditional operation on an immediate is taken (None: the condition is not one)."""
    if ins.op not in _CONDITIONAL or len(ins.args) != 1 or ins.args[0].file != "l":
        return None
    a = ins.args[0]
    lane = a.comps[0] if a.comps else 0
    v = (tuple(a.imm) + (a.imm[-1],) * 4)[:4][lane] if len(a.imm) > 1 else a.imm[0]
    return (v != 0) == (ins.suffix == "_nz")


def _constant_branches(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``if`` on an immediate keeps the arm it takes; a never-taken ``breakc``/``continuec``/``retc``/
    ``discard`` goes, an always-taken ``breakc``/``continuec``/``retc`` becomes unconditional (after
    copy propagation has put the literal of ``#define FLAG 0`` conditions in place)."""
    drop: set[int] = set()
    repl: dict[int, Ins] = {}
    for i, ins in enumerate(code):
        taken = _taken(ins)
        if taken is None or i in drop:
            continue
        if ins.op != "if":
            if not taken:
                drop.add(i)
            elif ins.op in _UNCONDITIONAL:
                repl[i] = Ins(_UNCONDITIONAL[ins.op], [], loc=ins.loc, epos=ins.epos)
            continue
        depth, els, end = 0, None, None
        for j in range(i + 1, len(code)):
            op = code[j].op
            if op in _OPEN:
                depth += 1
            elif op in _CLOSE:
                if depth == 0:
                    end = j
                    break
                depth -= 1
            elif op == "else" and depth == 0:
                els = j
        if end is None or code[end].op != "endif":
            raise _Bail
        drop.update((i, end))
        if taken and els is not None:
            drop.update(range(els, end))
        elif not taken:
            drop.update(range(i, els + 1 if els is not None else end))
    if not drop and not repl:
        return code, False
    return [repl.get(i, ins) for i, ins in enumerate(code) if i not in drop], True


def _empty_branches(code: list[Ins]) -> tuple[list[Ins], bool]:
    """An ``if`` whose arms hold no instruction goes with its ``else``/``endif`` (its condition is then dead
    unless something else reads it), and an empty ``else`` arm goes; fxc emits neither, and the code the
    X4000 check judges (uninit.py) is the code after dead code is removed, so a value read only by such a
    condition is not a use."""
    drop: set[int] = set()
    for i in range(len(code) - 1):
        op, nxt = code[i].op, code[i + 1].op
        if op == "if" and nxt == "endif":
            drop.update((i, i + 1))
        elif op == "if" and nxt == "else" and i + 2 < len(code) and code[i + 2].op == "endif":
            drop.update((i, i + 1, i + 2))
        elif op == "else" and nxt == "endif" and i not in drop:
            drop.add(i)
    if not drop:
        return code, False
    return [ins for i, ins in enumerate(code) if i not in drop], True


def _unreachable(code: list[Ins]) -> tuple[list[Ins], bool]:
    """The instructions after an unconditional ``break`` / ``continue`` / ``ret`` up to the end of their arm (the next
    ``else`` / ``case`` / ``default`` / end of the construct around them) never run and go: fxc removes them
    (d3dcompiler_47 10.1 under Wine, session 42: ``float m = 0; while (m) { c = foo; }`` is generated here as
    ``loop / break / mov … cb0 / endloop`` and fxc's object holds no loop and binds no constant buffer; the loop
    left holding only its ``break`` is then swept, adce.py)."""
    if any(ins.op in _CALLS or ins.op.startswith("$") for ins in code):
        return code, False  # subroutine bodies follow a ``ret``; the hull shader's phase markers
    out: list[Ins] = []
    skipping, nest = False, 0
    for ins in code:
        op = ins.op
        if skipping:
            if op in _OPEN:
                nest += 1
            elif nest == 0 and op in ("else", "endif", "case", "default", "endloop", "endswitch"):
                skipping = False
            elif op in _CLOSE:
                nest -= 1
            if skipping:
                continue
        out.append(ins)
        if op in ("break", "continue", "ret") and not ins.suffix:
            skipping, nest = True, 0
    if len(out) == len(code):
        return code, False
    return out, True


def optimize_code(code: list[Ins], refactor: bool = False, ieee: bool = False, finite: bool = False,
                  fxc_folds: bool = False) -> list[Ins]:
    """The optimised instruction list (``code`` itself when disabled or when its shape is unexpected);
    ``refactor``: the float identities fxc applies when refactoring is allowed (refactor.py); ``ieee``: compiled
    under IEEE strictness (a division by a constant stays one); ``finite``: a target X4579 judges, where a constant
    chain is not gathered into a non-finite constant until the check has run (nonfinite.gather_after_check);
    ``fxc_folds``: constants of sincos / exp / log / sqrt / rsq / mad fold as fxc's do (instfold.py)."""
    global _REFACTOR, _SHAPE_OF, _IEEE, _FXC_FOLDS
    if not ENABLED or not code:
        return code
    _MEMO.clear()
    _SHAPE_OF = {}
    _REFACTOR = refactor
    _IEEE = ieee
    _FXC_FOLDS = fxc_folds
    try:
        out = list(code)
        from .adce import sweep
        from .convpairs import fold_conversion_pairs, fold_reciprocal_pairs
        from .cse import cse
        from .dotforms import fold_doubled_dots, form_dots, order_dot_lanes

        # sweep: values that only feed themselves around loops (adce.py)
        passes = (cse, _propagate, _eliminate, _dead_stores, sweep, _retarget, _constant_branches, _empty_branches,
                  _unreachable)
        # fxc's rcp(rcp(x)) = x (also under IEEE strictness), x * rcp(x) = 1 and rsq(x)^2 = 1/x (convpairs.py)
        passes = (partial(fold_reciprocal_pairs, refactor=refactor), *passes)
        if refactor:  # fxc's round_z for (float)(int)x and the like (convpairs.py); dot forms (dotforms.py)
            from .constchain import fold_constant_chains

            # (x * K1) * K2 = x * (K1 * K2), (x + K1) + K2 likewise (constchain.py)
            passes = (fold_conversion_pairs, partial(fold_constant_chains, finite=finite), form_dots, fold_doubled_dots,
                      *passes,
                      order_dot_lanes)
        # each pass is a function of the code alone: one that changed nothing at some version of the code would
        # change nothing again while no other pass has changed it since (the rounds give the same code, the same
        # number of rounds, without those runs — most of the round that finds the fixed point)
        version = 0
        clean_at: dict = {}  # pass -> the version of the code it last ran on and left unchanged
        for _ in range(_MAX_ROUNDS):
            changed = False
            for run_pass in passes:
                if clean_at.get(run_pass) == version:
                    continue
                out, c = run_pass(out)
                if c:
                    version += 1
                    changed = True
                else:
                    clean_at[run_pass] = version
            if not changed:
                break
        return out
    except _Bail:
        return code
    finally:
        _MEMO.clear()
        _SHAPE_OF = None
        _REFACTOR = False
        _IEEE = False
        _FXC_FOLDS = False


def optimize_in_place(code: list[Ins], indexable: dict[int, int] | None = None,
                      refactor: bool = False, ieee: bool = False, finite: bool = False,
                      fxc_folds: bool = False) -> dict[int, int] | None:
    """Replace the contents of ``code`` (the code generator's list, also read by sigusage.py); drop
    the indexable temp arrays (``indexable``: x# -> size, edited in place) no instruction uses any
    more and number the others from x0 in order, as fxc declares them. Returns the new number of each kept x#
    (None: ``indexable`` not edited)."""
    code[:] = optimize_code(code, refactor, ieee, finite, fxc_folds)
    if not ENABLED or indexable is None:
        return None
    used = {a.idx[0] for ins in code for a in ins.args if a.file == "x"}
    keep = [x for x in indexable if x in used]
    renum = {old: new for new, old in enumerate(sorted(keep))}
    sizes = {renum[x]: indexable[x] for x in keep}
    indexable.clear()
    indexable.update(dict(sorted(sizes.items())))
    if all(o == nw for o, nw in renum.items()):
        return renum
    for i, ins in enumerate(code):
        if any(a.file == "x" for a in ins.args):
            args = [type(a)(a.file, (renum[a.idx[0]], *a.idx[1:]), a.rel, a.comps, a.mod, a.imm)
                    if a.file == "x" else a for a in ins.args]
            code[i] = replace(ins, args=args)
    return renum
