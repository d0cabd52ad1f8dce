"""fxc's folding of an operation and its inverse: float/integer conversions (when refactoring is allowed) and
reciprocals (whenever it optimises).

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

- Reciprocals (session 37, the same probing): ``rcp(rcp(x))``, ``1 / (1 / x)`` and the mixed forms (a ``div``
  of an all-1.0 literal is a reciprocal) are ``x`` -- ``mov``, keeping the first's source modifiers and the
  second's saturate -- under IEEE strictness and ``precise`` too (``mov [precise]``); /Od keeps both. A
  modifier or a saturate between the two keeps them (``rcp(-rcp(a))``, ``rcp(saturate(rcp(a)))``), and so does
  ``2 / (2 / a)``. With refactoring allowed ``x * rcp(x)`` is 1 and ``rsq(x) * rsq(x)`` is ``div 1, x``
  (also ``x * 1`` where such a fold leaves the 1). vkd3d's rcp.shader_test, ``rcp(rcp(f))``, returns ``f``
  exactly in fxc's object.

The passes are forward walks over the structured code, as optimize.py's copy propagation: a fact "temp
component = conversion of this source component" holds until the temp or the source is written, survives
into an ``if``'s branches and is dropped past the construct for temps written inside it."""

from __future__ import annotations

from .operands import Ins, Reg

#: the second conversion -> (the first conversion it undoes, the single instruction both become)
_INVERSE = {"itof": ("ftoi", "round_z"), "ftoi": ("itof", "mov"), "ftou": ("utof", "mov")}
#: conversions whose results are recorded (the first of a pair)
_FIRST = frozenset(v[0] for v in _INVERSE.values())
#: a reciprocal of a reciprocal (``rcp`` or ``div`` of 1.0: _as_rcp) is its source
_RECIPROCAL = {"rcp": ("rcp", "mov")}
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
        """``key`` is written: its own fact and every fact read from it (or indexed by it) end."""
        self.val.pop(key, None)
        t, c = key
        for k in [k for k, f in self.val.items() if (f[1] == "r" and f[2][0] == t and f[4] == c) or
                  (_index_slot(f) is not None and _index_slot(f)[1][0] == t and _index_slot(f)[3] == c)]:
            del self.val[k]

    def kill_temps(self, temps: set[int] | None) -> None:
        if temps is None:
            self.val.clear()
            return
        for k in [k for k, f in self.val.items() if k[0] in temps or (f[1] == "r" and f[2][0] in temps) or
                  (_index_slot(f) is not None and _index_slot(f)[1][0] in temps)]:
            del self.val[k]


def _index_slot(f: tuple) -> tuple | None:
    """The temp component indexing a fact's ``icb[r#.c + n]`` source (recorded as the index ``(n, slot)``), or None."""
    return f[2][1] if f[1] == "icb" and len(f[2]) == 2 else None


def _record(facts: _Facts, ins: Ins, dst_comps: tuple[int, ...], sw: tuple[int, ...], indexed: bool = False) -> None:
    """Note that ``ins`` (a first conversion) left its source's components in its temp's; ``indexed``: also from an
    ``icb[r#.c + n]`` read (fxc removes ``ftou(utof(EU[i]))`` of a static const array at a run-time index too:
    ``(uint)(float)EU[i]`` of 0x7FFFFFFF is 0x7FFFFFFF, d3dcompiler_47 10.1, session 47 MRUN)."""
    d, s = ins.args[0], ins.args[1]
    t = d.idx[0]
    idx = s.idx if type(s) is Reg else ()
    if type(s) is Reg and s.rel is not None and indexed and s.file == "icb" and s.rel[0] == "r" and \
            s.rel[2] is None and len(s.idx) == 1:
        if s.rel[1][0] == t and s.rel[3] in dst_comps:
            return  # the conversion overwrites its own index
        idx = (s.idx[0], s.rel)
    elif ins.suffix or type(s) is not Reg or s.rel is not None or (s.file != "r" and s.file not in _STABLE):
        return
    if ins.suffix:
        return
    if s.file == "r" and s.idx[0] == t and any(sw[c] in dst_comps for c in dst_comps):
        return  # the conversion overwrites a component it read: that source value is gone
    for c in dst_comps:
        facts.val[(t, c)] = (ins.op, s.file, idx, s.mod, sw[c])


def _fold(facts: _Facts, ins: Ins, dst_comps: tuple[int, ...], sw: tuple[int, ...],
          table: dict[str, tuple[str, str]] = _INVERSE) -> Ins | None:
    """The single instruction a conversion of a conversion's result (an operation of ``table``'s undoing the
    one that wrote its source) becomes, or None."""
    first, single = table[ins.op]
    s = ins.args[1]
    if type(s) is not Reg or s.file != "r" or s.rel is not None or s.mod:
        return None  # an integer modifier (ineg) between the two conversions keeps both
    if single == "mov" and ins.suffix and table is _INVERSE:
        return None  # (no saturated conversion exists; rcp_sat of rcp is fxc's mov_sat)
    found = [facts.val.get((s.idx[0], sw[c])) for c in dst_comps]
    if any(f is None or f[0] != first for f in found):
        return None
    if len({f[1:4] for f in found}) != 1:
        return None  # lanes from different registers: one instruction cannot read them
    _, file, idx, mod, _c = found[0]
    rel = _index_slot(found[0])
    if rel is not None:
        idx = (idx[0],)
    comps = [0, 0, 0, 0]
    for c, f in zip(dst_comps, found, strict=True):
        comps[c] = f[4]
    for c in range(4):
        if c not in dst_comps:
            comps[c] = found[0][4]
    src = Reg(file, idx, rel, (comps[dst_comps[0]],) if s.comps is not None and len(s.comps) == 1 else tuple(comps),
              mod)
    return Ins(single, [ins.args[0], src], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)


def _conversion_step(facts: _Facts, ins: Ins) -> Ins:
    from .optimize import _dst_comps, _padded

    if ins.op in _INVERSE and len(ins.args) == 2 and ins.args[0].rel is None and ins.args[1].file == "r":
        new = _fold(facts, ins, _dst_comps(ins.args[0]), _padded(ins.args[1]))
        if new is not None:
            return new
    return ins


def _conversion_record(facts: _Facts, ins: Ins) -> None:
    from .optimize import _dst_comps, _padded

    d = ins.args[0] if ins.args else None
    if ins.op in _FIRST and len(ins.args) == 2 and d.file == "r" and d.rel is None:
        # an element of an immediate constant buffer at a run-time index too: ``(float)(int)EF[i]`` of a static
        # const float table is ``round_z icb[r0.x + 0].x`` in fxc's object (d3dcompiler_47 10.1, session 48: +inf
        # stays +inf, NaN NaN, -0 -0, 3e9 3e9; session 47's note of x86 conversions there did not hold up)
        _record(facts, ins, _dst_comps(d), _padded(ins.args[1]), indexed=True)


#: temp components an instruction before the one :func:`_walk` is at writes (program order, whatever the path)
_WRITTEN: set[tuple[int, int]] = set()


def _walk(code: list[Ins], step, record) -> tuple[list[Ins], bool]:
    """The forward walk of the module docstring: ``step(facts, ins)`` gives the instruction to keep (``ins``
    itself or its rewrite), ``record(facts, ins)`` notes what the kept instruction leaves in its temps."""
    from .optimize import _CALLS, _CLOSE, _Bail, _construct_writes, _shape, _writes

    writes_in = _construct_writes(code)
    facts = _Facts()
    stack: list[tuple[str, _Facts, set[int] | None]] = []
    out: list[Ins] = []
    changed = False
    _WRITTEN.clear()
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
            new = step(facts, ins)
            if new is not ins:
                ins = new
                changed = True
            for key in _writes(ins, _shape(ins)):
                facts.kill(key)
                _WRITTEN.add(key)
            record(facts, ins)
        out.append(ins)
    return out, changed


def fold_conversion_pairs(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` with fxc's conversion-pair rewrites (the module docstring); (code, changed). Run only when
    refactoring is allowed (optimize.optimize_code's ``refactor``)."""
    if not any(ins.op in _INVERSE for ins in code):
        return code, False
    return _walk(code, _conversion_step, _conversion_record)


# --- reciprocals ------------------------------------------------------------------------------------------------
_ONE = 0x3F800000


def _as_rcp(ins: Ins) -> Ins:
    """``div d, l(1.0, ...), x`` seen as ``rcp d, x``: fxc folds ``1 / x`` and ``rcp(x)`` alike."""
    if (ins.op == "div" and len(ins.args) == 3 and ins.args[1].file == "l" and not ins.args[1].mod
            and ins.args[1].imm and all(w == _ONE for w in ins.args[1].imm) and not ins.tail):
        return Ins("rcp", [ins.args[0], ins.args[2]], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)
    return ins


def _same_source(f: tuple | None, file: str, idx: tuple, mod: str, comp: int) -> bool:
    return f is not None and f[1:] == (file, idx, mod, comp)


def _reciprocal_step(facts: _Facts, ins: Ins, refactor: bool) -> Ins:
    """rcp(rcp(x)) = x always (fxc 10.1 folds it under IEEE strictness and ``precise`` too); with refactoring
    allowed also x · rcp(x) = 1 and rsq(x) · rsq(x) = 1 / x (module docstring)."""
    from .optimize import _dst_comps, _padded

    view = _as_rcp(ins)
    if view.op == "rcp" and len(view.args) == 2 and view.args[0].rel is None and view.args[1].file == "r":
        new = _fold(facts, view, _dst_comps(view.args[0]), _padded(view.args[1]), _RECIPROCAL)
        return ins if new is None else new
    if not refactor or ins.op != "mul" or ins.suffix or ins.tail or len(ins.args) != 3 or ins.args[0].rel is not None:
        return ins
    d, a, b = ins.args
    if type(a) is not Reg or type(b) is not Reg or a.rel is not None or b.rel is not None:
        return ins
    for x, y in ((a, b), (b, a)):
        if x.file == "l" and not x.mod and x.imm and all(w == _ONE for w in x.imm) and \
                (y.file != "r" or all((y.idx[0], c) in _WRITTEN for c in {_padded(y)[k] for k in _dst_comps(d)})):
            # x · 1 = x (refactor.py's identity) where a fold above left the 1: ``rcp(rcp(a)) * rcp(a) * a``;
            # not of a value nothing has written yet (fxc judges ``float y; return y * 1;`` / ``y / 1`` X4000 first)
            return Ins("mov", [d, y], loc=ins.loc, epos=ins.epos)
    lanes = _dst_comps(d)
    sa, sb = _padded(a), _padded(b)
    for x, y, sx, sy in ((a, b, sa, sb), (b, a, sb, sa)):
        if x.file == "r" and not x.mod and (y.file == "r" or y.file in _STABLE) and all(
                _same_source(facts.val.get((x.idx[0], sx[c])), y.file, y.idx, y.mod, sy[c])
                and facts.val[(x.idx[0], sx[c])][0] == "rcp" for c in lanes):
            one = tuple(_ONE if c in lanes else 0 for c in range(4))
            return Ins("mov", [d, Reg("l", imm=one)], loc=ins.loc, epos=ins.epos)
    if a.file == "r" and b.file == "r" and not a.mod and not b.mod:
        fa = [facts.val.get((a.idx[0], sa[c])) for c in lanes]
        fb = [facts.val.get((b.idx[0], sb[c])) for c in lanes]
        if all(f is not None and g is not None and f[0] == "rsq" and f == g for f, g in zip(fa, fb, strict=True)) \
                and len({f[1:4] for f in fa}) == 1:
            comps = [fa[0][4]] * 4
            for c, f in zip(lanes, fa, strict=True):
                comps[c] = f[4]
            src = Reg(fa[0][1], fa[0][2], None, tuple(comps), fa[0][3])
            return Ins("div", [d, Reg("l", imm=(_ONE,) * 4), src], loc=ins.loc, epos=ins.epos)
    return ins


def _reciprocal_record(facts: _Facts, ins: Ins) -> None:
    from .optimize import _dst_comps, _padded

    view = _as_rcp(ins)
    d = view.args[0] if view.args else None
    if view.op in ("rcp", "rsq") and len(view.args) == 2 and d.file == "r" and d.rel is None:
        _record(facts, view, _dst_comps(d), _padded(view.args[1]))


def fold_reciprocal_pairs(code: list[Ins], refactor: bool = False) -> tuple[list[Ins], bool]:
    """``code`` with fxc's reciprocal rewrites; (code, changed). Run whenever the optimiser runs (not /Od):
    ``rcp(rcp(x))`` is ``x`` also under IEEE strictness; ``refactor`` adds ``x · rcp(x) = 1`` and
    ``rsq(x) · rsq(x) = 1 / x``."""
    if not any(ins.op in ("rcp", "rsq", "div", "mul") for ins in code):
        return code, False
    return _walk(code, lambda facts, ins: _reciprocal_step(facts, ins, refactor), _reciprocal_record)
