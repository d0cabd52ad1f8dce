"""Local variables of interface type (MicrosoftDocs direct3dhlsl "Interfaces and Classes": an interface
instance refers to a class instance chosen by the application at run time; SM5 dynamic linkage).

A local interface variable names what it was last given: a global interface pointer (or a constant element
of a pointer array) -- calls through it then go through that pointer's function tables (``fcall``,
linkage.py) -- or a class instance, whose methods are then inlined. D3D11's interface slots belong to the
global pointers, so a local can only ever stand for one of the values it was given somewhere; while every
assignment so far ran unconditionally, which one is known at compile time and a call goes straight to it.

A value chosen at run time -- ``c ? g1 : g2``, or an assignment under run-time control flow (a non-constant
``if``, a ``[loop]``, a ``switch``) -- keeps the same meaning: the call goes to the object the variable holds
when the call runs. Each local therefore has a selector register holding the index of its current value
among the values it was ever given (its candidates); a call made while the value is not known at compile
time is a ``switch`` on the selector with one case per candidate, each the call through that candidate.
(fxc accepts such code with warning X3572, "Interface references must resolve to non-varying objects";
MicrosoftDocs "HLSL errors and warnings"; call_choice gives it at each such call. Its code shape is not
recorded; this one is inferred.) Selector
writes nothing reads are removed as dead code, so code that never chooses at run time is unchanged.

A run-time loop carries a value given late in its body back to the reads at its top (the next iteration):
before the loop is generated, the values its body (condition, step) assigns to interface locals declared
outside it are added to their candidates and those locals become chosen at run time from the loop's top
(:func:`seed_loop`), so a call before the assignment dispatches over every value it can meet. An element of a
pointer array with a run-time index gets its index register then, filled by the assignment. A value that
cannot be known before the loop runs (any other expression) and is given after a read of the local in the
same loop is named (NotSupportedError), never compiled to the stale value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import ast as A
from .operands import imm

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

CHOICE = "ifacechoice"


@dataclass(eq=False)
class IfaceLocal:
    """One interface local: its interface, the control depth of its declaration, the values it was given
    (candidates, in first-assignment order), its selector register and the code positions of calls made
    through it while its value was chosen at run time."""

    iface: Any
    depth: int
    sel: tuple
    cands: list = field(default_factory=list)
    #: code positions where the local's value was read (a call through it, an argument, a copy)
    calls: list[int] = field(default_factory=list)
    #: code position of the declaration (loops opened before it do not carry its values around)
    start: int = 0
    #: id(assigned node) -> candidate prepared before a run-time loop (seed_loop): a pointer-array element
    #: whose run-time index the assignment stores into the candidate's index register
    seeds: dict = field(default_factory=dict)
    #: code positions of the run-time loops whose every assignment to the local seed_loop prepared
    seeded_at: set = field(default_factory=set)

    def index(self, v: Val) -> int:
        """The candidate number of ``v`` (added when new): pointers compare by slot reference, class
        instances by their storage."""
        key = _key(v)
        for i, c in enumerate(self.cands):
            if _key(c) == key:
                return i
        self.cands.append(v)
        return len(self.cands) - 1


def _key(v: Val) -> Any:
    obj = getattr(v, "obj", None)
    if isinstance(obj, tuple) and obj and obj[0] == "ifaceptr":
        var, idx = obj[1]
        if isinstance(idx, A.Evaluated) and idx.value.const:
            return ("ptr", id(var), idx.value.slots[0][3])
        return ("ptr", id(var), None if idx is None else idx.value if isinstance(idx, A.Literal) else id(idx))
    return ("inst", id(v.type), tuple(v.slots))


def _records(cg: CodegenContext) -> dict:
    from . import linkage

    return linkage.state(cg).locals


def bind_value(cg: CodegenContext, node: A.Node, iface, pos) -> Val:
    """What an interface-typed variable takes from ``node``: a pointer of the same interface or a class
    instance implementing it; anything else cannot convert (X3017, fxc's conversion error; the exact
    wording for interfaces is inferred)."""
    from .classes import ClassType, InterfaceType, interface_arg

    v = interface_arg(cg, node)
    if is_choice(v):
        if v.type is not iface:
            raise cg.err(pos, f"cannot convert from '{v.type}' to '{iface}'", 3017)
        return v
    t = v.type
    if isinstance(t, InterfaceType) and t is iface or isinstance(t, ClassType) and t.implements(iface):
        return v
    raise cg.err(pos, f"cannot convert from '{t}' to '{iface}'", 3017)


def is_choice(v: Any) -> bool:
    obj = getattr(v, "obj", None)
    return isinstance(obj, tuple) and bool(obj) and obj[0] == CHOICE


def _select_index(cg: CodegenContext, rec: IfaceLocal, node: A.Node, pos, in_select: bool = False) -> tuple:
    """A slot holding ``rec``'s candidate number of the value ``node`` gives: an immediate for a single
    value, a ``movc`` for ``c ? a : b`` (both sides are bound; the condition picks one at run time), a
    remapping of another local's selector for a local whose value is chosen at run time. ``?:`` selects
    between interface pointers (or interface locals): a class instance operand is X3020 as for any struct.
    (No fxc record of ``?:`` on interface pointers: accepted here, inferred.)"""
    from .classes import ClassType
    from .types import UINT

    if isinstance(node, A.Ternary):
        c = cg.cond_slot(node.cond)
        a = _select_index(cg, rec, node.a, pos, True)
        b = _select_index(cg, rec, node.b, pos, True)
        return cg.alu("movc", UINT, 1, [[c], [a], [b]])[0]
    v = _bind(cg, rec, node, pos)
    if in_select and isinstance(v.type, ClassType):
        # a class instance is a struct value, and ?: takes no struct operands (fxc's X3020, DXC
        # vector-conditional's records for UDT operands; exprs.select): only interface pointers select
        raise cg.err(node.pos, "type mismatch between conditional values", 3020)
    if not is_choice(v):
        return imm(rec.index(v))
    other: IfaceLocal = v.obj[1]
    mine = [rec.index(c) for c in other.cands]
    if mine == list(range(len(mine))):
        return other.sel
    out = imm(mine[0])
    for j in range(1, len(mine)):
        eq = cg.alu("ieq", UINT, 1, [[other.sel], [imm(j)]])[0]
        out = cg.alu("movc", UINT, 1, [[eq], [imm(mine[j])], [out]])[0]
    return out


def _give(cg: CodegenContext, scope: dict, name: str, rec: IfaceLocal, node: A.Node, pos) -> Val:
    """Store ``node``'s value into the local: the selector always; the compile-time value when it is one
    value given at the declaration's control depth, else the local's value is chosen at run time."""
    from .codegen import Val
    from .objects import _depth

    single = not isinstance(node, A.Ternary)
    known = len(rec.cands)
    v = _bind(cg, rec, node, pos) if single else None
    if v is not None and is_choice(v):
        single = False
    idx = _select_index(cg, rec, node, pos) if not single else imm(rec.index(v))
    new = len(rec.cands) > known
    if new or _depth(cg) != rec.depth or not single:
        _check_loop(cg, name, rec, new)
    cg.store([rec.sel], [idx])
    if single and _depth(cg) == rec.depth:
        scope[name] = v
    else:
        scope[name] = Val(rec.iface, [], (CHOICE, rec))
    return scope[name]


def _check_loop(cg: CodegenContext, name: str, rec: IfaceLocal, new: bool) -> None:
    """A value given inside a run-time loop (opened after the local's declaration) that an earlier read of
    the local sits in, where seed_loop did not prepare the loop (or the value is ``new``, not among the
    candidates): that read would have to dispatch over a value given later in the loop (next iteration):
    not built."""
    from pyd3d11.errors import NotSupportedError

    open_loops: list[int] = []
    for i, ins in enumerate(cg.code):
        if ins.op == "loop":
            open_loops.append(i)
        elif ins.op == "endloop" and open_loops:
            open_loops.pop()
    open_loops = [i for i in open_loops if i >= rec.start]
    if not open_loops or not new and open_loops[0] in rec.seeded_at:
        return
    if any(c > open_loops[0] for c in rec.calls):
        raise NotSupportedError(f"interface local '{name}' given a value in a loop after a read of it in the same "
                                "loop, where the value is not known before the loop runs (the read would "
                                "dispatch on a value given later)")


def _bind(cg: CodegenContext, rec: IfaceLocal, node: A.Node, pos) -> Val:
    """bind_value, or the candidate seed_loop prepared for ``node`` (its index stored now)."""
    from .types import INT, UINT, NumType, concrete

    seeded = rec.seeds.get(id(node))
    if seeded is None:
        return bind_value(cg, node, rec.iface, pos)
    iv = cg.expr(node.index)
    if not isinstance(iv.type, NumType) or iv.type.n != 1:
        raise cg.err(node.index.pos, "interface array index must be a scalar", 3000)
    iv = cg.convert_base(iv, INT if concrete(iv.type.base) != UINT else UINT)
    keep = seeded.obj[1][1].value.slots
    cg.store(keep, iv.slots)
    return seeded


def note_read(cg: CodegenContext, scope: dict, name: str) -> None:
    """The local ``name`` of ``scope`` (when it is an interface local) is read here (for _check_loop)."""
    rec = _records(cg).get((id(scope), name))
    if rec is not None:
        rec.calls.append(len(cg.code))


def _local(cg: CodegenContext, name: str) -> tuple[dict, IfaceLocal] | None:
    for sc in reversed(cg.scopes[1:]):
        if name in sc:
            rec = _records(cg).get((id(sc), name))
            return (sc, rec) if rec is not None else None
    return None


def _seed_value(cg: CodegenContext, rec: IfaceLocal, node: A.Node) -> bool:
    """Add the value(s) ``node`` can give to ``rec``'s candidates without generating code; False when that
    value is only known once the loop runs."""
    from . import linkage
    from .codegen import Val
    from .diagnostics import HlslError
    from .types import INT, NumType

    if isinstance(node, A.Ternary):
        return _seed_value(cg, rec, node.a) and _seed_value(cg, rec, node.b)
    if isinstance(node, A.Index) and not isinstance(node.index, A.Literal):
        if id(node) in rec.seeds:
            return True
        ref = linkage.interface_ref(cg, node)
        if ref is None or ref[0].iface is not rec.iface:
            return False
        keep = cg.alloc_slots(1, var=True)
        v = Val(ref[0].iface, [], ("ifaceptr", (ref[0], A.Evaluated(node.index.pos, Val(NumType(INT), keep)))))
        rec.seeds[id(node)] = v
        rec.index(v)
        return True
    if not isinstance(node, (A.Ident, A.Index)):
        return False
    if isinstance(node, A.Ident):
        other = _local(cg, node.name)
        if other is not None and other[1].iface is rec.iface:
            # another interface local: every value it may hold in the loop (seed_loop repeats until no
            # candidate list grows, so one assigned later in the loop contributes its values too)
            for c in list(other[1].cands):
                rec.index(c)
            return True
    mark = len(cg.code)
    try:
        v = bind_value(cg, node, rec.iface, node.pos)
    except (HlslError, NotImplementedError):  # a wrong value is reported where it is given, in order
        del cg.code[mark:]
        return False
    if len(cg.code) != mark:  # evaluating it generated code: not a value known before the loop
        del cg.code[mark:]
        return False
    for c in (v.obj[1].cands if is_choice(v) else [v]):
        rec.index(c)
    return True


def seed_loop(cg: CodegenContext, s: A.Node) -> None:
    """Before the run-time loop ``s``: each interface local declared outside it that its body, condition or
    step assigns gets the assigned values as candidates and is chosen at run time from the loop's top on,
    so reads before the assignment see the values later iterations carry (see the module docstring)."""
    from .codegen import Val, walk

    parts = [p for p in (getattr(s, "body", None), getattr(s, "cond", None), getattr(s, "step", None))
             if p is not None]
    nodes = [n for p in parts for n in walk(p)]
    declared = {n.name for n in nodes if isinstance(n, A.VarDecl)}
    assigns = sorted((n for n in nodes if isinstance(n, A.Assign) and n.op == "=" and isinstance(n.target, A.Ident)
                      and n.target.name not in declared), key=lambda n: (n.pos.line, n.pos.col))
    marked: dict[int, tuple[dict, str, IfaceLocal]] = {}
    failed: set[int] = set()
    for _ in range(len(assigns) + 1):  # copies between locals assigned in the loop: until nothing grows
        grew = False
        for n in assigns:
            found = _local(cg, n.target.name)
            if found is None:
                continue
            sc, rec = found
            cg.kconst.pop(rec.sel, None)  # the selector is written in the loop: not a known constant at its top
            if sc[n.target.name].obj is None:  # never given before the loop: a read first is X4000 as before
                continue
            before = len(rec.cands)
            if _seed_value(cg, rec, n.value):
                marked[id(rec)] = (sc, n.target.name, rec)
                grew |= len(rec.cands) > before
            else:
                failed.add(id(rec))
        if not grew:
            break
    here = len(cg.code)  # the loop instruction's position
    for key, (sc, name, rec) in marked.items():
        if key in failed:
            continue  # a value known only in the loop: _check_loop names it if a read precedes it
        rec.seeded_at.add(here)
        if len(rec.cands) > 1:
            sc[name] = Val(rec.iface, [], (CHOICE, rec))


def declare(cg: CodegenContext, d: A.VarDecl, scope: dict) -> Val:
    """``I l = g_i;`` / ``I l = g_classInstance;`` / ``I l = c ? a : b;`` / ``I l;`` (unbound until given)."""
    from .codegen import Val
    from .objects import _depth

    sel = cg.alloc_slots(1, var=True)[0]
    rec = IfaceLocal(d.type, _depth(cg), sel, start=len(cg.code))
    _records(cg)[(id(scope), d.name)] = rec
    scope[d.name] = Val(d.type, [], None)
    if d.init is not None:
        return _give(cg, scope, d.name, rec, d.init, d.pos)
    return scope[d.name]


def assign(cg: CodegenContext, target: A.Node, value: A.Node, pos) -> Val | None:
    """``l = x`` for an interface local ``l``: it names ``x`` from here on. None when ``target`` is not an
    interface local."""
    if not isinstance(target, A.Ident):
        return None
    for sc in reversed(cg.scopes[1:]):
        if target.name in sc:
            rec = _records(cg).get((id(sc), target.name))
            if rec is None:
                return None
            return _give(cg, sc, target.name, rec, value, pos)
    return None


def check_bound(cg: CodegenContext, name: str, v: Val, pos) -> None:
    """A call through an interface local that was never given an instance: fxc's X4000 for a variable
    used before it is assigned (as for object locals, objects.py)."""
    from .classes import InterfaceType

    if isinstance(v.type, InterfaceType) and v.obj is None:
        raise cg.err(pos, f"'{name}': variable used without having been completely initialized", 4000)


def call_choice(cg: CodegenContext, v: Val, e: A.MethodCall) -> Val:
    """``l.Method(args)`` while ``l``'s value is chosen at run time: ``switch`` on its selector, one case per
    candidate, each the call through that candidate (an ``fcall`` of its pointer, or its class's method
    inlined), the result stored into one place. Arguments are evaluated once, before the switch."""
    from .codegen import Val
    from .constprop import forget_written
    from .constprop import state as kstate
    from .types import VOID

    rec: IfaceLocal = v.obj[1]
    if len(rec.cands) == 1:
        return _call_one(cg, rec.cands[0], e)
    # MicrosoftDocs "HLSL errors and warnings": X3572 WAR_VARYING_INTERFACE, "Interface references must
    # resolve to non-varying objects" -- fxc warns and compiles; the message is the page's description
    # (fxc's exact wording is not recorded), at the call
    cg.warn(e.pos, 3572, "Interface references must resolve to non-varying objects")
    start = len(cg.code)
    rec.calls.append(start)
    args = [A.Evaluated(a.pos, cg.expr(a)) if _is_in_only(cg, rec, e, i) else a for i, a in enumerate(e.args)]
    call = A.MethodCall(e.pos, e.obj, e.name, args)
    protos = rec.iface.methods.get(e.name) or []
    ret = protos[0].ret if protos else VOID
    result = cg.alloc_slots(ret.slots, var=True) if ret is not VOID else []
    kc = kstate(cg)
    saved = dict(kc)
    cg.emit("switch", cg.src([rec.sel]))
    cg.loops.append({"kind": "switch"})
    for i, c in enumerate(rec.cands):
        kc.clear()
        kc.update(saved)
        cg.emit("case", Reg_l(i))
        got = _call_one(cg, c, call)
        if result:
            cg.store(result, cg.convert(got, ret, e.pos).slots)
        cg.emit("break")
    cg.loops.pop()
    cg.emit("endswitch")
    kc.clear()
    kc.update(saved)
    forget_written(cg, start)
    return Val(ret, result)


def _is_in_only(cg: CodegenContext, rec: IfaceLocal, e: A.MethodCall, i: int) -> bool:
    """Argument ``i`` is evaluated once before the dispatch unless the method's parameter is out/inout (an
    l-value each case writes back)."""
    protos = rec.iface.methods.get(e.name) or []
    for f in protos:
        if i < len(f.params) and ("out" in f.params[i].mods or "inout" in f.params[i].mods):
            return False
    return True


def Reg_l(i: int) -> Any:  # noqa: N802 - an immediate operand, as the switch statement's case labels are
    from .operands import Reg

    return Reg("l", imm=(i & 0xFFFFFFFF,))


def _call_one(cg: CodegenContext, c: Val, e: A.MethodCall) -> Val:
    from . import linkage
    from .classes import call_on_class

    obj = getattr(c, "obj", None)
    if isinstance(obj, tuple) and obj and obj[0] == "ifaceptr":
        return linkage.interface_call(cg, obj[1], e)
    return call_on_class(cg, c, e.name, e.args, e.pos)


def result_record(cg: CodegenContext, iface) -> dict:
    """What a call of a function returning ``iface`` collects from its ``return`` statements: the value
    (``val``) and, for returns under run-time control flow, a selector as an interface local has."""
    from .objects import _depth

    return {"val": None, "rec": IfaceLocal(iface, _depth(cg), cg.alloc_slots(1, var=True)[0]), "scope": {}}


def bind_return(cg: CodegenContext, ctx: dict, value: A.Node, pos) -> None:
    """``return x;`` in a function returning an interface: the call names ``x`` (a pointer or a class
    instance), as an interface local does; returns under run-time control flow (an ``if`` on a shader value,
    a loop, an early return's once-loop) store the selector, and the call's value is chosen at run time."""
    r = ctx["result_iface"]
    r["val"] = _give(cg, r["scope"], "$return", r["rec"], value, pos)
