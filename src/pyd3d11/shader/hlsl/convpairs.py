"""fxc's folding of a float/integer conversion and its inverse, when refactoring is allowed.

d3dcompiler_47 10.1's listings (session 36, probed under Wine) show three rewrites, none of them made under
/Od (D3DCOMPILE_SKIP_OPTIMIZATION) or IEEE strictness, where both conversions stay (``[precise]`` there):

- ``itof(ftoi(x))`` -- ``(float)(int)x`` -- is ``round_z x``. The two differ where ``ftoi`` saturates or
  loses the sign: for -1 < x < 0 ``round_z`` gives -0 (the pair +0), for NaN it gives NaN (the pair 0),
  and past 2^31 it keeps the value (the pair INT_MAX/INT_MIN converted back). fxc writes ``round_z`` for
  scalars and vectors (lanes of one source register in any swizzle), through temporaries, across an
  ``if`` or out of a loop, with the source's float modifiers (``round_z o0.x, |v0.x|``), and with the
  ``itof``'s saturate (``round_z_sat``); an integer modifier on the ``itof``'s source (``itof o0.x,
  -r0.x``) keeps the pair, and so does a ``uint`` in the middle (``ftou`` + ``utof``, or ``ftoi`` +
  ``utof``).
- ``ftoi(itof(i))`` -- ``(int)(float)i`` -- is ``i`` (``mov``), although ``itof`` rounds integers past
  2^24; ``ftou(utof(u))`` likewise. The mixed pairs (``ftoi(utof)``, ``ftou(itof)``) and a saturated
  ``itof`` in between stay.

The pass is a forward walk over the structured code, as optimize.py's copy propagation: a fact "temp
component = conversion of this source component" holds until the temp or the source is written, survives
into an ``if``'s branches and is dropped past the construct for temps written inside it."""

from __future__ import annotations

from .operands import Ins, Reg

#: the second conversion -> (the first conversion it undoes, the single instruction both become)
_INVERSE = {"itof": ("ftoi", "round_z"), "ftoi": ("itof", "mov"), "ftou": ("utof", "mov")}
#: conversions whose results are recorded (the first of a pair)
_FIRST = frozenset(v[0] for v in _INVERSE.values())
#: register files no instruction writes (a fact reading them lasts until its own temp is written)
_STABLE = frozenset({"v", "cb", "icb", "vicp", "vocp", "vpc", "vThreadID", "vThreadGroupID",
                     "vThreadIDInGroup", "vThreadIDInGroupFlattened", "vPrim", "vCoverage", "vGSInstanceID",
                     "vOutputControlPointID", "vDomain", "vForkInstanceID", "vJoinInstanceID"})


class _Facts:
    """``(temp, comp) -> (op, file, idx, mod, comp)``: the temp component holds ``op`` of that source
    component (read with modifier ``mod``)."""

    __slots__ = ("val",)

    def __init__(self, val: dict | None = None) -> None:
        self.val: dict[tuple[int, int], tuple] = dict(val or {})

    def clone(self) -> _Facts:
        return _Facts(self.val)

    def kill(self, key: tuple[int, int]) -> None:
        """``key`` is written: its own fact and every fact read from it end."""
        self.val.pop(key, None)
        t, c = key
        for k in [k for k, f in self.val.items() if f[1] == "r" and f[2][0] == t and f[4] == c]:
            del self.val[k]

    def kill_temps(self, temps: set[int] | None) -> None:
        if temps is None:
            self.val.clear()
            return
        for k in [k for k, f in self.val.items() if k[0] in temps or (f[1] == "r" and f[2][0] in temps)]:
            del self.val[k]


def _record(facts: _Facts, ins: Ins, dst_comps: tuple[int, ...], sw: tuple[int, ...]) -> None:
    d, s = ins.args[0], ins.args[1]
    t = d.idx[0]
    if ins.suffix or type(s) is not Reg or s.rel is not None or (s.file != "r" and s.file not in _STABLE):
        return
    if s.file == "r" and s.idx[0] == t and any(sw[c] in dst_comps for c in dst_comps):
        return  # the conversion overwrites a component it read: that source value is gone
    for c in dst_comps:
        facts.val[(t, c)] = (ins.op, s.file, s.idx, s.mod, sw[c])


def _fold(facts: _Facts, ins: Ins, dst_comps: tuple[int, ...], sw: tuple[int, ...]) -> Ins | None:
    """The single instruction a conversion of a conversion's result becomes, or None."""
    first, single = _INVERSE[ins.op]
    s = ins.args[1]
    if type(s) is not Reg or s.file != "r" or s.rel is not None or s.mod:
        return None  # an integer modifier (ineg) between the two conversions keeps both
    if single == "mov" and ins.suffix:
        return None
    found = [facts.val.get((s.idx[0], sw[c])) for c in dst_comps]
    if any(f is None or f[0] != first for f in found):
        return None
    if len({f[1:4] for f in found}) != 1:
        return None  # lanes from different registers: one instruction cannot read them
    _, file, idx, mod, _c = found[0]
    comps = [0, 0, 0, 0]
    for c, f in zip(dst_comps, found, strict=True):
        comps[c] = f[4]
    for c in range(4):
        if c not in dst_comps:
            comps[c] = found[0][4]
    src = Reg(file, idx, None, (comps[dst_comps[0]],) if s.comps is not None and len(s.comps) == 1 else tuple(comps),
              mod)
    return Ins(single, [ins.args[0], src], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)


def fold_conversion_pairs(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` with fxc's conversion-pair rewrites (the module docstring); (code, changed). Run only when
    refactoring is allowed (optimize.optimize_code's ``refactor``)."""
    from .optimize import _CALLS, _CLOSE, _Bail, _construct_writes, _dst_comps, _padded, _shape, _writes

    if not any(ins.op in _INVERSE for ins in code):
        return code, False
    writes_in = _construct_writes(code)
    facts = _Facts()
    stack: list[tuple[str, _Facts, set[int] | None]] = []
    out: list[Ins] = []
    changed = False
    for i, ins in enumerate(code):
        op = ins.op
        if op == "if":
            stack.append(("if", facts.clone(), writes_in[i]))
        elif op == "else":
            if not stack or stack[-1][0] != "if":
                raise _Bail
            facts = stack[-1][1].clone()
        elif op == "endif":
            if not stack or stack[-1][0] != "if":
                raise _Bail
            _, facts, w = stack.pop()
            facts.kill_temps(w)
        elif op in ("loop", "switch"):
            facts.kill_temps(writes_in[i])
            stack.append((op, facts.clone(), None))
        elif op in ("case", "default"):
            if not stack or stack[-1][0] != "switch":
                raise _Bail
            facts = stack[-1][1].clone()
        elif op in ("endloop", "endswitch"):
            if not stack or stack[-1][0] != _CLOSE[op]:
                raise _Bail
            facts = stack.pop()[1]
        else:
            sh = _shape(ins)
            if sh.kind == "unknown" or op in _CALLS:
                facts.kill_temps(None)
                out.append(ins)
                continue
            if op in _INVERSE and len(ins.args) == 2 and ins.args[0].rel is None and ins.args[1].file == "r":
                new = _fold(facts, ins, _dst_comps(ins.args[0]), _padded(ins.args[1]))
                if new is not None:
                    ins = new
                    changed = True
            for key in _writes(ins, _shape(ins)):
                facts.kill(key)
            d = ins.args[0] if ins.args else None
            if ins.op in _FIRST and len(ins.args) == 2 and d.file == "r" and d.rel is None:
                _record(facts, ins, _dst_comps(d), _padded(ins.args[1]))
        out.append(ins)
    return out, changed
