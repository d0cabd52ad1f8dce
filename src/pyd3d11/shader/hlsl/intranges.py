"""How many copies fxc's unroller makes of a plain ``[unroll]`` loop whose integer condition is known only at run time.

d3dcompiler_47 10.1 (probed session 47, the lead) copies such a loop, each copy under the condition, while the value
ranges it knows leave the condition possibly true, and refuses past 1,023 copies -- X3511 "unable to unroll loop,
loop does not appear to terminate in a timely manner (1024 iterations)". So ``for (uint j = gi; j < 256; j += 64)``
of a ``[numthreads(64, 2, 1)]`` thread's SV_GroupIndex (0..127) makes 4 copies and compiles, ``j < 65536`` there
makes 1,024 and fails; ``for (int j = c; j < 10; j++)`` of a constant buffer's ``int c`` fails (the counter may
start anywhere), as do ``j = max(c, 0)`` (stepping [0, 2^31 - 1] leaves the type: the whole range again) and
``uint k = gi; while (k > 0) k--`` (0 - 1 wraps); ``j < (u & 15)``, ``j < min(c, 8)``, ``j < c % 100``,
``j < countbits(u)``, ``for (int j = 300; j >= (int)gi; j--)`` and ``j < c`` with a body's ``if (j > gi) break;``
compile. The ranges it knows, modelled here:

- a literal, a constant, a bool (0..1); a compute shader's thread indices from ``[numthreads(x, y, z)]``:
  SV_GroupIndex 0..xyz-1, SV_GroupThreadID 0..n-1 per component, SV_GroupID 0..65534 (D3D11's 65,535 groups a
  dimension), SV_DispatchThreadID 0..65535n-1; every other input, constant-buffer value, cast from a float or
  ``abs`` / ``firstbithigh`` result: the whole type (int -2^31..2^31-1, uint 0..2^32-1);
- ``+ - *`` of ranges (a result leaving its type is the whole type), ``/ % >> <<`` by a literal, ``&`` with a
  non-negative side, ``min`` / ``max`` / ``clamp``, ``countbits`` (0..32), casts that keep the range, ``?:``; a
  quotient is narrowed only of a dividend in 0 .. 2^31 - 1 and a shifted range keeps no lower bound (session 48:
  ``u / 2^30`` and ``(gt.x + 8) << 1``'s lower bound are fxc's whole type / 0).

A loop is judged when one variable (the counter) changes in it, by one step of a literal (``j++``, ``j -= 2``,
``j = j + 4``) or one scaling by a literal (``j *= 2``, ``j = 3 * j``, ``j <<= 1``, ``j /= 2``: session 48) a pass, and nothing else the condition or a top-level ``if (C) break;`` reads changes; its start is its
initialiser's range (a ``for`` declaration or assignment, or the one declaration of a local of the entry point that
nothing but the loop assigns). The copies end where the condition is false for every pair of values, or a top-level
break's condition true for every one. Anything else is not judged (None): the caller keeps its older rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .operands import is_imm
from .types import BOOL, INT, LIT_INT, UINT, NumType, concrete
from .values import scoped

if TYPE_CHECKING:
    from .cgstate import CodegenContext

INT_MIN, INT_MAX, UINT_MAX = -(1 << 31), (1 << 31) - 1, (1 << 32) - 1
_WHOLE = {INT: (INT_MIN, INT_MAX), UINT: (0, UINT_MAX), BOOL: (0, 1)}
#: D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
_MAX_GROUPS = 65535

Range = tuple[str, int, int]  # (int / uint / bool, lowest, highest)


class _NotJudged(Exception):
    """A value or loop shape this model does not know: the loop is left to the older rules."""


def _fit(kind: str, lo: int, hi: int) -> Range:
    """``[lo, hi]`` in ``kind``'s 32 bits: a range the type cannot hold wraps modulo 2^32 as a whole where it stays
    one range (fxc: ``(u & 15) - 20`` is 2^32 - 20 .. 2^32 - 5, so ``j < 300`` from there makes no copy), else it is
    the whole type (``k = gi; k--``: -1 .. 126 as a uint is 0 .. 2^32 - 1)."""
    whole = _WHOLE[kind]
    if kind == BOOL or hi - lo >= 1 << 32:
        return (kind, lo, hi) if whole[0] <= lo <= hi <= whole[1] else (kind, *whole)
    shift = (lo - whole[0]) >> 32 << 32
    lo, hi = lo - shift, hi - shift
    return (kind, lo, hi) if hi <= whole[1] else (kind, *whole)


def _as(kind: str, r: Range) -> Range:
    """``r`` converted to ``kind`` (bool -> 0 / 1; a range the other type cannot hold is that type's whole range)."""
    if kind == BOOL:
        return (BOOL, 0, 1) if r[1] <= 0 <= r[2] or r[1] != r[2] else (BOOL, 1, 1)
    return _fit(kind, r[1], r[2])


def _int_kind(t: object) -> str:
    if not isinstance(t, NumType) or t.n != 1 and t.shape != "v":
        raise _NotJudged
    base = concrete(t.base)
    if base not in _WHOLE:
        raise _NotJudged
    return base


def _arith_kind(a: Range, b: Range) -> str:
    return UINT if UINT in (a[0], b[0]) else INT


class _Model:
    def __init__(self, cg: CodegenContext, s: A.Node, changing: set[str]):
        self.cg = cg
        self.loop = s
        self.changing = changing
        self.counter: tuple[str, Range] | None = None
        entry = cg.entry_outputs
        self.entry = entry[0] if entry is not None and len(cg.func_ctx) <= 1 else None

    # --- values -------------------------------------------------------------------------------------------------
    def value(self, e: A.Node, depth: int = 0) -> Range:
        if depth > 16:
            raise _NotJudged
        d = depth + 1
        if isinstance(e, A.Literal):
            if e.base in (LIT_INT, INT):
                return _fit(INT if e.value <= INT_MAX else UINT, e.value, e.value)
            if e.base in (UINT, BOOL):
                v = int(e.value)
                return (e.base, v, v)
            raise _NotJudged
        if isinstance(e, A.Ident):
            return self._name(e.name, None, d)
        if isinstance(e, A.Member) and isinstance(e.a, A.Ident) and len(e.name) == 1 and e.name in "xyzwrgba":
            return self._name(e.a.name, "xyzwrgba".index(e.name) % 4, d)
        if isinstance(e, A.Cast):
            kind = _int_kind(e.type)
            try:
                inner = self.value(e.a, d)
            except _NotJudged:
                if isinstance(e.type, NumType) and _reads_only_fixed(e.a, self.changing):
                    return (kind, *_WHOLE[kind])  # (int) of a float: any value of the type
                raise
            return _as(kind, inner)
        if isinstance(e, A.Unary) and e.op == "-":
            r = self.value(e.a, d)
            return _fit(r[0] if r[0] != BOOL else INT, -r[2], -r[1])
        if isinstance(e, A.Binary):
            return self._binary(e, d)
        if isinstance(e, A.Ternary):
            a, b = self.value(e.a, d), self.value(e.b, d)
            kind = _arith_kind(a, b)
            a, b = _as(kind, a), _as(kind, b)
            return (kind, min(a[1], b[1]), max(a[2], b[2]))
        if isinstance(e, A.Call) and e.name not in self.cg.funcs:
            return self._intrinsic(e, d)
        raise _NotJudged

    def _name(self, name: str, comp: int | None, d: int) -> Range:
        if self.counter is not None and name == self.counter[0] and comp is None:
            return self.counter[1]
        if name in self.changing:
            raise _NotJudged
        cg = self.cg
        v = scoped(cg.scopes, name)
        if v is None:
            g = cg.globals.get(name)
            decl = getattr(g, "decl", None)
            if decl is None or comp is None and getattr(decl.type, "n", 0) != 1:
                raise _NotJudged
            kind = _int_kind(decl.type)
            return (kind, *_WHOLE[kind])  # a constant buffer's value: any of its type
        kind = _int_kind(v.type)
        slot = v.slots[comp or 0] if len(v.slots) > (comp or 0) else None
        if slot is not None and is_imm(slot) and (comp is not None or len(v.slots) == 1):
            bits = slot[3] & 0xFFFFFFFF
            val = bits - (1 << 32) if kind == INT and bits >> 31 else bits
            return (kind, val, val) if kind != BOOL else (BOOL, int(bool(bits)), int(bool(bits)))
        if self.entry is None:
            raise _NotJudged
        param = next((p for p in self.entry.params if p.name == name), None)
        if param is not None and not _assigned_outside(cg, self.entry.body, name, None):
            return self._input(param, kind, comp)
        decl = _single_declaration(self.entry.body, name)
        if decl is None or decl.init is None or _assigned_outside(cg, self.entry.body, name, None):
            raise _NotJudged
        if comp is not None:
            raise _NotJudged
        return _as(kind, self.value(decl.init, d))

    def _input(self, p: A.Param, kind: str, comp: int | None) -> Range:
        """An entry input's range: a compute shader's thread indices are bounded by [numthreads]."""
        n = self.cg.numthreads
        sem = (p.semantic or "").upper()
        if n is not None and sem in ("SV_GROUPINDEX", "SV_GROUPTHREADID", "SV_GROUPID", "SV_DISPATCHTHREADID"):
            if sem == "SV_GROUPINDEX":
                hi = n[0] * n[1] * n[2] - 1
            elif comp is None:
                raise _NotJudged
            elif sem == "SV_GROUPTHREADID":
                hi = n[comp] - 1
            elif sem == "SV_GROUPID":
                hi = _MAX_GROUPS - 1
            else:
                hi = _MAX_GROUPS * n[comp] - 1
            return _fit(kind, 0, hi)
        if comp is None and getattr(p.type, "n", 1) != 1:
            raise _NotJudged
        return (kind, *_WHOLE[kind])

    def _binary(self, e: A.Binary, d: int) -> Range:
        if e.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
            return (BOOL, 0, 1)
        a, b = self.value(e.a, d), self.value(e.b, d)
        kind = _arith_kind(a, b)
        a, b = _as(kind, a), _as(kind, b)
        whole = (kind, *_WHOLE[kind])
        if e.op in ("+", "-", "*"):
            if e.op == "+":
                return _fit(kind, a[1] + b[1], a[2] + b[2])
            if e.op == "-":
                return _fit(kind, a[1] - b[2], a[2] - b[1])
            corners = [x * y for x in a[1:] for y in b[1:]]
            return _fit(kind, min(corners), max(corners))
        k = b[1] if b[1] == b[2] else None
        if e.op == "/" and k is not None and k > 0:
            # fxc narrows a quotient only of a dividend known to lie in 0 .. 2^31 - 1: ``(u & 0x7FFFFFFF) / 2^29`` is
            # 0 .. 3, ``u / 2^30``, ``(u & 0x80000000) / 2^30`` and ``c / 2^30`` of an int are the whole type
            if 0 <= a[1] and a[2] <= INT_MAX:
                return _fit(kind, a[1] // k, a[2] // k)
            return whole
        if e.op == "%" and k is not None and k > 0:
            if a[1] >= 0:
                return (kind, 0 if a[2] >= k else a[1], min(a[2], k - 1))
            return _fit(kind, -(k - 1), k - 1)
        if e.op == ">>" and k is not None and 0 <= k < 32:
            return (kind, a[1] >> k, a[2] >> k)
        if e.op == "<<" and k is not None and 0 <= k < 32:
            if a[1] != a[2]:  # fxc keeps no lower bound of a shifted range: ``(gt.x + 8) << 1`` is 0 .. 142, and
                if a[1] < 0:  # one that may be negative is the whole type (``((int)gt.x - 8) << 1``)
                    return whole
                a = (kind, 0, a[2])
            if kind == UINT and a[2] << k > UINT_MAX:
                return (kind, 0, UINT_MAX >> k << k)  # (the low k bits are 0: ``j = u << 4; j < 10`` compiles)
            return _fit(kind, a[1] << k, a[2] << k)
        if e.op == "&":
            tops = [r[2] for r in (a, b) if r[1] >= 0]
            return (kind, 0, min(tops)) if tops else whole
        if e.op in ("|", "^", "/", "%", ">>", "<<"):
            return whole
        raise _NotJudged

    def _intrinsic(self, e: A.Call, d: int) -> Range:
        if e.name == "countbits" and len(e.args) == 1:
            self.value(e.args[0], d)
            return (UINT, 0, 32)
        if e.name in ("min", "max", "clamp") and len(e.args) == (3 if e.name == "clamp" else 2):
            rs = [self.value(x, d) for x in e.args]
            kind = UINT if any(r[0] == UINT for r in rs) else INT
            rs = [_as(kind, r) for r in rs]
            if e.name == "clamp":  # max(min(x, hi), lo) as fxc expands it
                top = (kind, min(rs[0][1], rs[2][1]), min(rs[0][2], rs[2][2]))
                return (kind, max(top[1], rs[1][1]), max(top[2], rs[1][2]))
            pick = min if e.name == "min" else max
            return (kind, pick(rs[0][1], rs[1][1]), pick(rs[0][2], rs[1][2]))
        if e.name in ("abs", "firstbithigh", "firstbitlow", "reversebits") and len(e.args) == 1:
            kind = _arith_kind(self.value(e.args[0], d), (INT, 0, 0))
            return (kind, *_WHOLE[kind])  # (not narrowed by fxc: ``j < abs(c)`` is X3511)
        raise _NotJudged

    # --- conditions ---------------------------------------------------------------------------------------------
    def always(self, c: A.Node, want: bool) -> bool:
        """Whether condition ``c`` has the value ``want`` for every value in the ranges."""
        if isinstance(c, A.Unary) and c.op == "!":
            return self.always(c.a, not want)
        if isinstance(c, A.Binary) and c.op in ("&&", "||"):
            every = (c.op == "&&") == want
            parts = (self.always(c.a, want), self.always(c.b, want))
            return all(parts) if every else any(parts)
        if not isinstance(c, A.Binary) or c.op not in ("<", "<=", ">", ">=", "==", "!="):
            raise _NotJudged
        a, b = self.value(c.a), self.value(c.b)
        kind = _arith_kind(a, b)
        a, b = _as(kind, a), _as(kind, b)
        op = c.op if want else {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}[c.op]
        return {"<": a[2] < b[1], "<=": a[2] <= b[1], ">": a[1] > b[2], ">=": a[1] >= b[2],
                "==": a[1] == a[2] == b[1] == b[2], "!=": a[2] < b[1] or a[1] > b[2]}[op]


def _reads_only_fixed(e: A.Node, changing: set[str]) -> bool:
    return not any(isinstance(n, A.Ident) and n.name in changing for n in A.walk(e))


def _single_declaration(body: A.Node, name: str) -> A.VarDecl | None:
    decls = [d for st in A.walk(body) if isinstance(st, A.DeclStmt) for d in st.decls if d.name == name]
    return decls[0] if len(decls) == 1 else None


def _assigned_outside(cg: CodegenContext, body: A.Node, name: str, inside: A.Node | None) -> bool:
    """Whether ``name`` may be assigned in ``body`` outside the subtree ``inside``."""
    from .constprop import assigned_names

    if inside is None:
        return name in assigned_names(cg, body)
    skip = {id(n) for n in A.walk(inside)}
    writers = (A.Assign, A.Postfix, A.Unary, A.Call, A.MethodCall)
    return any(isinstance(n, writers) and id(n) not in skip and name in assigned_names(cg, n) for n in A.walk(body))


#: a step scaling the counter by a literal each pass (``j *= 2``, ``j = j << 1``, ``j /= 4``, ``j >>= 1``)
_SCALING = {"*=": "*", "/=": "/", "<<=": "<<", ">>=": ">>"}


def _int_literal(v: A.Node) -> bool:
    return isinstance(v, A.Literal) and v.base in (LIT_INT, INT, UINT)


def _step(e: A.Node) -> tuple[str, int | None, A.Node | None] | None:
    """``(counter, delta, None)`` of a counter's step by a literal difference, ``(counter, None, value)`` of a step
    scaling it by a literal (``value``: the counter's next value as an expression of it), None for any other
    expression."""
    if isinstance(e, A.ExprStmt):
        e = e.expr
    if isinstance(e, (A.Postfix, A.Unary)) and e.op in ("++", "--") and isinstance(e.a, A.Ident):
        return e.a.name, 1 if e.op == "++" else -1, None
    if not isinstance(e, A.Assign) or not isinstance(e.target, A.Ident):
        return None
    name, v = e.target.name, e.value
    if e.op in _SCALING and _int_literal(v):
        return name, None, A.Binary(e.pos, _SCALING[e.op], e.target, v)
    sign = 1
    if isinstance(v, A.Unary) and v.op == "-" and isinstance(v.a, A.Literal):
        v, sign = v.a, -1  # (``k += -1``)
    if e.op in ("+=", "-=") and _int_literal(v):
        return name, sign * (v.value if e.op == "+=" else -v.value), None
    if e.op != "=" or not isinstance(v, A.Binary):
        return None
    if v.op in ("+", "-") and isinstance(v.a, A.Ident) and v.a.name == name and _int_literal(v.b):
        return name, v.b.value if v.op == "+" else -v.b.value, None
    if v.op == "+" and isinstance(v.b, A.Ident) and v.b.name == name and _int_literal(v.a):
        return name, v.a.value, None
    if v.op in ("*", "/", "<<", ">>") and isinstance(v.a, A.Ident) and v.a.name == name and _int_literal(v.b) or \
            v.op == "*" and isinstance(v.b, A.Ident) and v.b.name == name and _int_literal(v.a):
        return name, None, v
    return None


def _counter(cg: CodegenContext, s: A.Node) -> tuple[_Model, str, int | None, A.Node | None, A.Node] | None:
    """The model of loop ``s`` (a ``for`` or ``while``), its counter's name, step (:func:`_step`'s delta and value)
    and step statement: one variable the condition reads, changed once a pass by a literal and nowhere else in the
    body; None for any other loop."""
    from .constprop import assigned_names

    if not isinstance(s, (A.For, A.While)) or s.cond is None:
        return None
    body = s.body.stmts if isinstance(s.body, A.Block) else [s.body]
    read = {n.name for n in A.walk(s.cond) if isinstance(n, A.Ident)}
    steps = [s.step] if isinstance(s, A.For) and s.step is not None else \
        [st for st in body if _step(st) and _step(st)[0] in read]
    if len(steps) != 1 or _step(steps[0]) is None:
        return None
    name, delta, scaled = _step(steps[0])  # type: ignore[misc]
    changing = assigned_names(cg, s.body) | ({name} if isinstance(s, A.For) else set())
    if any(name in assigned_names(cg, st) for st in body if st is not steps[0]):
        return None  # the counter changes elsewhere too
    return _Model(cg, s, changing), name, delta, scaled, steps[0]


def unroll_copies(cg: CodegenContext, s: A.Node, limit: int) -> int | None:
    """The copies fxc makes of the plain ``[unroll]`` loop ``s`` (a ``for`` or ``while``) before its integer
    condition is false for every value the ranges allow -- ``limit + 1`` where that takes more than ``limit`` --
    or None where the model does not judge the loop."""
    found = _counter(cg, s)
    if found is None:
        return None
    model, name, delta, scaled, step = found
    body = s.body.stmts if isinstance(s.body, A.Block) else [s.body]
    try:
        start = _start(model, s, name)
        breaks = [(body.index(st) > body.index(step) if step in body else False, st.cond) for st in body
                  if isinstance(st, A.If) and st.other is None and _is_break(st.then)]
        kind = start[0]
        cur = start
        for n in range(limit + 1):
            model.counter = (name, cur)
            if model.always(s.cond, False):
                return n
            nxt = _fit(kind, cur[1] + delta, cur[2] + delta) if delta is not None else _as(kind, model.value(scaled))
            for after, c in breaks:
                model.counter = (name, nxt if after else cur)
                if model.always(c, True):
                    return n + 1
            if nxt[1:] == _WHOLE[kind] and cur[1:] == nxt[1:]:
                return limit + 1  # the whole type again: no later copy knows more
            cur = nxt
        return limit + 1
    except _NotJudged:
        return None


#: what a copy of a loop may hold for :func:`endless_without_refusal` (no jump, call, subscript, method, division or
#: switch -- a switch on a negative counter is X3548 at the legacy targets: nothing but the casts judged there can
#: refuse in one copy and not in another)
_PLAIN = (A.Block, A.ExprStmt, A.DeclStmt, A.Assign, A.Binary, A.Unary, A.Postfix, A.Ident, A.Literal, A.Member,
          A.Cast, A.Ternary, A.If)


def endless_without_refusal(cg: CodegenContext, s: A.Node, limit: int) -> bool:
    """Whether fxc's copies of the loop ``s``, whose condition folds on every copy (its counter's value known),
    run past ``limit`` with no copy converting a negative value to a ``uint`` (X3548 below shader model 4): the
    counter's values over all those copies make every ``(uint)`` cast's operand at least 0, and the body holds
    nothing else that could refuse in one copy and not another (``_PLAIN`` nodes only, no uint variable, literal or
    constructor, no ``/ % << >>``). fxc's answer is then the endless loop's X3511 (unroll._judge_unrolled, d3dcompiler_47
    10.1, session 39: ``for (int k = 3; k > 0; k++) v += (uint)(k - 1)``), given here without the 1,024 copies."""
    from .types import NumType

    found = _counter(cg, s)
    if found is None or unroll_copies(cg, s, limit) != limit + 1:
        return False
    model, name, delta, _scaled, _step_node = found
    if delta is None:
        return False  # (a scaled counter: the copies are made)
    for n in A.walk(s.body):
        if not isinstance(n, _PLAIN) or isinstance(n, A.Binary) and n.op in ("/", "%", "<<", ">>"):
            return False
        if isinstance(n, A.Literal) and n.base == UINT:
            return False
        if isinstance(n, A.Ident) and n.name != name:
            v = scoped(cg.scopes, n.name)
            t = getattr(v, "type", None) if v is not None else getattr(getattr(cg.globals.get(n.name), "decl", None),
                                                                          "type", None)
            if not isinstance(t, NumType) or concrete(t.base) == UINT:
                return False
    try:
        first = _start(model, s, name)
        if first[1] != first[2]:
            return False
        lo, hi = sorted((first[1], first[1] + delta * (limit + 1)))
        model.counter = (name, _fit(first[0], lo, hi))
        for n in A.walk(s.body):
            if isinstance(n, A.Cast) and isinstance(n.type, NumType) and concrete(n.type.base) == UINT and \
                    model.value(n.a)[1] < 0:
                return False
    except _NotJudged:
        return False
    return True


def _is_break(st: A.Node) -> bool:
    return isinstance(st, A.Break) or isinstance(st, A.Block) and len(st.stmts) == 1 and isinstance(st.stmts[0],
                                                                                                    A.Break)


def _start(model: _Model, s: A.Node, name: str) -> Range:
    """The counter's range as the loop starts."""
    init = getattr(s, "init", None)
    if isinstance(init, A.DeclStmt):
        d = next((x for x in init.decls if x.name == name), None)
        if d is not None:
            if d.init is None:
                raise _NotJudged
            return _as(_int_kind(d.type), model.value(d.init))
    # a counter declared before the loop: its value now, known as a constant or from its one declaration (read by
    # a model in which the counter itself is not among the names the loop changes)
    model = _Model(model.cg, s, model.changing - {name})
    if isinstance(init, A.ExprStmt) and isinstance(init.expr, A.Assign) and init.expr.op == "=" and \
            isinstance(init.expr.target, A.Ident) and init.expr.target.name == name:
        v = scoped(model.cg.scopes, name)
        if v is None:
            raise _NotJudged
        return _as(_int_kind(v.type), model.value(init.expr.value))
    if init is not None:
        raise _NotJudged
    entry = model.entry
    v = scoped(model.cg.scopes, name)
    if v is not None and len(v.slots) == 1 and is_imm(v.slots[0]):
        return model._name(name, None, 1)
    if entry is None or _assigned_outside(model.cg, entry.body, name, s):
        raise _NotJudged
    decl = _single_declaration(entry.body, name)
    if decl is None or decl.init is None:
        raise _NotJudged
    return _as(_int_kind(decl.type), model.value(decl.init))
