"""Calls through interface pointers (SM5 dynamic linkage, D3D11.3 spec 7.19 / 22.7.19-20): interface
slots, ``fcall``, function bodies and tables, and what fxc records about them (IFCE chunk, the
``$ThisPointer`` RDEF buffer, the RD11 interface-slot count).

Every interface variable the shader calls through gets ``count`` consecutive interface slots, numbered
in order of first call (fxc: DynamicShaderLinkage11_PS's material pointer, declared last but called
first, is slot 0). Each call site ``fcall fp#[i][site]`` has one function body per class implementing
the interface, generated where the call is: the body's code is emitted right after the ``fcall`` between
markers, so register allocation sees it at the call (values live across the call stay out of its
registers) and :func:`ordered_code` moves it behind the main program as ``label fb#`` ... ``ret``.
A body reaches its instance's data through ``this[slot]`` (x = constant buffer, y = vector offset):
``cb[r.x + 0][r.y + k]``.

Class type IDs follow fxc's listings: slot by slot, the classes implementing that slot's interface not
yet numbered, most recently declared first; then any other class."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import ast as A
from .classes import (
    ClassType,
    InterfaceType,
    bind_params,
    class_types,
    copy_back,
    eval_args,
    gen_method_body,
    is_interface_type,
    pick_method,
)
from .operands import Ins, Reg
from .types import INT, UINT, VOID, ArrayType, NumType, StructType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

_C = "xyzw"
_BODY, _END = "$body", "$endbody"


@dataclass(eq=False)
class IfaceVar:
    name: str
    iface: InterfaceType
    count: int  # interface slots (array size; 1 for a single pointer)
    is_array: bool
    decl_order: int
    first_slot: int = -1
    dynamic: bool = False
    #: an entry-point parameter (D3D_SVF_INTERFACE_PARAMETER: bound by the caller, e.g. an effect's
    #: BindInterfaces, rather than by a global's name)
    param: bool = False
    classes: list[ClassType] = field(default_factory=list)
    sites: list[dict[int, int]] = field(default_factory=list)  # per call site: id(class) -> fb#
    tables: list[int] = field(default_factory=list)  # ft# per class (filled by linkage_decls)


@dataclass(eq=False)
class LinkState:
    vars: dict[str, IfaceVar] = field(default_factory=dict)
    #: interface locals (ifacelocals.py): (id(scope), name) -> (interface, control depth at declaration)
    locals: dict[tuple[int, str], tuple[InterfaceType, int]] = field(default_factory=dict)
    next_slot: int = 0
    next_body: int = 0


def state(cg: CodegenContext) -> LinkState:
    st = cg.linkage
    if st is None:
        st = cg.linkage = LinkState()
    return st


def used_vars(cg: CodegenContext) -> list[IfaceVar]:
    """Interface variables called through, in slot order."""
    st = cg.linkage
    return sorted((v for v in st.vars.values() if v.first_slot >= 0), key=lambda v: v.first_slot) if st else []


# --- register operands that the generic Reg cannot express -------------------------------------------
class _RelFirst(Reg):
    """``name[rN.c + a][b...]`` (relative first index: fp#[r + i][site], this[r + n])."""

    __slots__ = ()

    def temps(self) -> list[int]:
        return [self.rel[1][0]] if self.rel is not None and self.rel[0] == "r" else []

    def render(self, tmap: dict[int, int], dst: bool = False) -> str:
        first, *rest = self.idx
        if self.rel is not None:
            r = self.rel
            rn = tmap.get(r[1][0], r[1][0])
            s = f"{self.file}[r{rn}.{_C[r[3]]} + {first}]"
        else:
            s = f"{self.file}[{first}]"
        s += "".join(f"[{v}]" for v in rest)
        if self.comps is not None:
            s += "." + "".join(_C[c] for c in self.comps)
        return s


class _ThisCb(Reg):
    """``cb[rT.x + 0][rT.y + k]``: the constant buffer and vector offset come from a ``this[]`` copy."""

    __slots__ = ()

    def render(self, tmap: dict[int, int], dst: bool = False) -> str:
        r = self.rel
        t = tmap.get(r[1][0], r[1][0])
        s = f"cb[r{t}.{_C[self.idx[0]]} + 0][r{t}.{_C[r[3]]} + {self.idx[1]}]"
        if self.comps is not None:
            s += "." + "".join(_C[c] for c in self.comps)
        return {"-": f"-{s}", "abs": f"|{s}|", "-abs": f"-|{s}|"}.get(self.mod, s)


# --- interface references and calls -------------------------------------------------------------------
def interface_ref(cg: CodegenContext, node: A.Node) -> tuple[IfaceVar, A.Node | None] | None:
    """(variable, index expression) when ``node`` names a global interface pointer (or an element)."""
    idx = None
    if isinstance(node, A.Index):
        idx, node = node.index, node.a
    if not isinstance(node, A.Ident) or any(node.name in sc for sc in cg.scopes[1:]):
        return None
    g = cg.globals.get(node.name)
    if not (isinstance(g, tuple) and g and g[0] == "iface"):
        return None
    st = state(cg)
    var = st.vars.get(node.name)
    if var is None:
        d = g[1]
        t = d.type
        arr = isinstance(t, ArrayType)
        it = t.elem if arr else t
        param = len(g) > 2 and g[2] == "param"
        # parameters list before the globals, in parameter order
        order = g[3] - 1_000_000 if param else next(i for i, x in enumerate(cg.prog.decls) if x is d)
        var = st.vars[node.name] = IfaceVar(node.name, it, t.count if arr else 1, arr, order, param=param)
    if (idx is None) == var.is_array:
        raise cg.err(node.pos, f"'{node.name}': interface arrays are called through an element", 3000)
    return var, idx


def _implementors(cg: CodegenContext, it: InterfaceType) -> list[ClassType]:
    return [c for c in reversed(class_types(cg)) if c.implements(it)]


def _matching(cls: ClassType, proto: A.FuncDef, pos: Any, cg: CodegenContext) -> A.FuncDef:
    from .overload import signature

    sig = signature(proto)
    found = cls.find_methods(proto.name)
    if found is not None:
        for f in found[1]:
            if signature(f) == sig and f.body is not None:
                return f
    raise cg.err(pos, f"'{cls.name}' does not implement '{proto.name}' of interface", 3000)


def interface_call(cg: CodegenContext, ref: tuple[IfaceVar, A.Node | None], e: A.MethodCall) -> Val:
    """``iface.Method(args)`` / ``ifaces[i].Method(args)``: fcall plus one body per implementing class."""
    from .codegen import Val
    from .constprop import forget_written
    from .constprop import state as kstate

    if cg.major < 5:
        raise cg.err(e.pos, "interfaces require shader model 5", 3000)
    var, idx_node = ref
    st = state(cg)
    if var.first_slot < 0:
        var.first_slot = st.next_slot
        st.next_slot += var.count
        var.classes = _implementors(cg, var.iface)
        if not var.classes:
            raise cg.err(e.pos, f"no class implements interface '{var.iface.name}'", 3000)
    protos = var.iface.methods.get(e.name)
    if not protos:
        raise cg.err(e.pos, f"'{e.name}': no matching method on interface '{var.iface.name}'", 3018)
    lit, rel = 0, None
    if idx_node is not None:
        from .exprs import expr

        iv = expr(cg, idx_node)
        if not isinstance(iv.type, NumType) or iv.type.n != 1:
            raise cg.err(idx_node.pos, "interface array index must be a scalar", 3000)
        iv = cg.convert_base(iv, INT if concrete(iv.type.base) != UINT else UINT)
        if iv.const:
            lit = iv.slots[0][3]
            if lit >= var.count:
                raise cg.err(idx_node.pos, f"array index {lit} out of bounds", 3504)
        else:
            rel = cg.scalar_temp_slot(iv.slots[0])
            var.dynamic = True
    args = eval_args(cg, e.args)
    proto = pick_method(cg, protos, args, var.iface.name, e.name, e.pos)
    params, back = bind_params(cg, proto, args, e.pos)
    result = cg.alloc_slots(proto.ret.slots, var=True) if proto.ret is not VOID else []
    site = len(var.sites)
    bodies: dict[int, int] = {}
    var.sites.append(bodies)
    kc = kstate(cg)
    saved = dict(kc)
    start = len(cg.code)
    cg.code.append(Ins("fcall", [_RelFirst(f"fp{var.first_slot}", (lit, site), rel)]))
    for cls in var.classes:
        impl = _matching(cls, proto, e.pos, cg)
        fb = bodies[id(cls)] = st.next_body
        st.next_body += 1
        kc.clear()
        kc.update(saved)
        cg.code.append(Ins(_BODY, [], tail=str(fb)))
        this = _this_value(cg, cls, impl, var.first_slot + lit, rel)
        gen_method_body(cg, impl, cls, this, params, result, e.pos, through_interface=True)
        cg.emit("ret")
        cg.code.append(Ins(_END, []))
    kc.clear()
    kc.update(saved)
    forget_written(cg, start)
    copy_back(cg, e.args, back, e.pos)
    return Val(proto.ret, result)


def _this_value(cg: CodegenContext, cls: ClassType, f: A.FuncDef, slot: int, rel: Any) -> Val:
    """The instance as a value whose members read ``cb[this.x][this.y + k]`` (copied once per body)."""
    from .codegen import Val, walk

    if cls.slots == 0:
        return Val(cls, [])
    names = {n.name for n in walk(f.body) if isinstance(n, A.Ident)}
    calls = any(isinstance(n, A.Call) for n in walk(f.body))
    if not calls and not (names & (set(cls.member_names()) | {"this"})):
        return Val(cls, [])
    t = cg.temp()
    cg.emit("mov", Reg("r", (t,), None, (0, 1)), _RelFirst("this", (slot,), rel, (0, 1, 0, 0)))
    ptr = ("r", (t,), None, 1)
    return Val(cls, [("cbthis", (0, reg), ptr, comp) for reg, comp in cg.cb_slots(cls, 0)])


# --- listing ----------------------------------------------------------------------------------------------
def ordered_code(code: list[Ins]) -> list[Ins]:
    """The instructions in listing order: main program, then the function bodies by number."""
    main, bodies = split_bodies(code)
    for _k, body in bodies:
        main += body
    return main


def split_bodies(code: list[Ins]) -> tuple[list[Ins], list[tuple[int, list[Ins]]]]:
    """(the main program's instructions, (number, ``label fb#`` + body) of each function body by number)."""
    main: list[Ins] = []
    bodies: dict[int, list[Ins]] = {}
    stack: list[list[Ins]] = [main]
    for ins in code:
        if ins.op == _BODY:
            cur: list[Ins] = [Ins("label", [], tail=f"fb{ins.tail}")]
            bodies[int(ins.tail)] = cur
            stack.append(cur)
            continue
        if ins.op == _END:
            stack.pop()
            continue
        if any(a.file == "cbthis" for a in ins.args):
            ins = Ins(ins.op, [_ThisCb(a.file, a.idx, a.rel, a.comps, a.mod, a.imm) if a.file == "cbthis" else a
                               for a in ins.args], ins.suffix, ins.tail)
        stack[-1].append(ins)
    return main, [(k, bodies[k]) for k in sorted(bodies)]


def linkage_decls(cg: CodegenContext) -> list[str]:
    """dcl_function_body / dcl_function_table / dcl_interface (fxc's order and numbering)."""
    st = cg.linkage
    if st is None or not st.next_body:
        return []
    lines = [f"dcl_function_body fb{k}" for k in range(st.next_body)]
    ft = 0
    ifaces = []
    for var in used_vars(cg):
        var.tables = []
        for cls in var.classes:
            fbs = ", ".join(f"fb{site[id(cls)]}" for site in var.sites)
            lines.append(f"dcl_function_table ft{ft} = {{{fbs}}}")
            var.tables.append(ft)
            ft += 1
        kind = "dcl_interface_dynamicindexed" if var.dynamic else "dcl_interface"
        tabs = ", ".join(f"ft{k}" for k in var.tables)
        ifaces.append(f"{kind} fp{var.first_slot}[{var.count}][{len(var.sites)}] = {{{tabs}}}")
    return lines + ifaces


def entry_interface_params(cg: CodegenContext, f: A.FuncDef) -> None:
    """The entry point's interface-typed parameters become interface pointers named by the parameter (they
    shadow a global of the same name inside the shader). Calls through them use interface slots like global
    pointers; reflection flags them D3D_SVF_INTERFACE_PARAMETER, which is how the Effects 11 runtime pairs
    them, in order, with the arguments of ``BindInterfaces`` / ``CompileShader``."""
    for i, p in enumerate(f.params):
        if is_interface_type(p.type):
            if "out" in p.mods or "inout" in p.mods:
                raise cg.err(p.pos, f"'{p.name}': interface parameters cannot be out parameters", 3000)
            d = A.VarDecl(p.pos, p.name, p.type)
            cg.globals[p.name] = ("iface", d, "param", i)


def prepare(cg: CodegenContext, fdef: A.FuncDef | None = None) -> None:
    """Before bindings are assigned: class instances are reachable through any interface pointer, so
    with interfaces in use every class-typed constant-buffer variable (and its buffer) is kept, and
    the globals the classes' methods name are marked used. Interfaces are in use when the code the entry
    point reaches names an interface pointer (a global or an interface parameter of the entry point): a
    shader of the same source that calls through none keeps no class instances (an effect's vertex shader
    next to its dynamically linked pixel shader)."""
    from .codegen import CbVar, Resource, walk
    from .layout import referenced_names, shader_roots

    cts = class_types(cg)
    if not cts:
        return
    ifaces = {n for n, g in cg.globals.items() if isinstance(g, tuple) and g and g[0] == "iface"}
    if fdef is not None:
        reached = referenced_names(cg, shader_roots(cg, fdef))[0] | {p.name for p in fdef.params}
        ifaces &= reached
        instances = any(isinstance(cg.globals.get(n), CbVar) and isinstance(cg.globals[n].decl.type, ClassType)
                        for n in reached)
        if not ifaces and not instances:
            return  # no class is reachable: the methods' globals are not the shader's
    has_ifaces = bool(ifaces)
    names: set[str] = set()
    seen: set[int] = set()
    stack = [f for c in cts for fl in c.methods.values() for f in fl if f.body is not None]
    while stack:
        f = stack.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        for n in walk(f.body):
            if isinstance(n, A.Ident):
                names.add(n.name)
            elif isinstance(n, A.Call) and n.name in cg.funcs:
                stack.extend(x for x in cg.funcs[n.name] if x.body is not None)
    for name, g in cg.globals.items():
        if isinstance(g, CbVar) and (name in names or has_ifaces and isinstance(g.decl.type, ClassType)):
            g.used = g.cb.used = True
        elif isinstance(g, Resource) and name in names:
            g.used = True
        elif isinstance(g, tuple) and g and g[0] == "resarray" and name in names:
            for r in g[1]:
                r.used = True


# --- reflection -------------------------------------------------------------------------------------------
def type_ids(cg: CodegenContext) -> list[ClassType]:
    out: list[ClassType] = []
    for var in used_vars(cg):
        out += [c for c in var.classes if c not in out]
    out += [c for c in reversed(class_types(cg)) if c not in out]
    return out


def build_ifce(cg: CodegenContext):
    """The IFCE chunk (class types, class instances, interface slots), or None without interfaces."""
    from ..dxbc.ifce import Ifce, IfceClassInstance, IfceClassType, IfceSlot

    vars_ = used_vars(cg)
    if not vars_:
        return None
    types = type_ids(cg)
    ids = {id(c): i for i, c in enumerate(types)}
    out = Ifce()
    instances = []
    for cb in cg.cbufs:
        if cb.slot < 0 or not cb.used:
            continue
        for cv in cb.vars:
            t, count = cv.decl.type, 1
            while isinstance(t, ArrayType):  # an array of instances: one row, its element count in the u16
                count *= t.count               # fxc writes 1 for a single instance (ifce.py; inferred)
                t = t.elem
            if isinstance(t, ClassType) and id(t) in ids:
                instances.append(IfceClassInstance(cv.decl.name, ids[id(t)], cb.slot, cv.offset // 16,
                                                   flag=count))
    # fxc gives a stride only to classes laid out in a constant buffer: instance types and their bases
    laid_out: set[int] = set()
    for inst in instances:
        c: Any = types[inst.type_id]
        while isinstance(c, ClassType):
            laid_out.add(id(c))
            c = c.base
    out.class_types = [IfceClassType(c.name, (cg.cb_size(c)[0] + 15) // 16 if id(c) in laid_out else 0)
                       for c in types]
    out.class_instances = instances
    for var in vars_:
        out.slots.append(IfceSlot(var.count, [ids[id(c)] for c in var.classes], list(var.tables)))
    return out


def rdef_additions(cg: CodegenContext, rdef: Any) -> None:
    """``$ThisPointer`` (D3D_CT_INTERFACE_POINTERS) after $Globals, and the RD11 interface-slot count."""
    from ..dxbc.rdef import RdefConstantBuffer, RdefType, RdefVariable, default_rd11

    vars_ = used_vars(cg)
    if not vars_:
        return
    rdef.rd11 = default_rd11(rdef.target)[:7] + (sum(v.count for v in vars_),)
    variables = []
    for var in sorted(vars_, key=lambda v: v.decl_order):
        cls = RdefType(6, 0, 1, 0, 0, name=var.iface.name, member_list=True)
        t = RdefType(7, 37, 1, 4, var.count if var.is_array else 0, name=var.iface.name, sub_type=cls)
        # D3D_SVF_USED | D3D_SVF_INTERFACE_POINTER (| D3D_SVF_INTERFACE_PARAMETER)
        variables.append(RdefVariable(var.name, var.first_slot, var.count, 6 | (8 if var.param else 0), t))
    this_cb = RdefConstantBuffer("$ThisPointer", variables, 16, 0, 2)
    at = 1 if rdef.constant_buffers and rdef.constant_buffers[0].name == "$Globals" else 0
    rdef.constant_buffers.insert(at, this_cb)


def rdef_class_type(cg: CodegenContext, t: StructType, rt: Any, convert) -> None:
    """A class's RDEF type also names its base class and the interfaces it declares."""
    if isinstance(t, ClassType):
        sup = next((f[1] for f in t.fields if f[0] == "$super"), None)
        if sup is not None:
            rt.base_class = convert(cg, sup)
        rt.interfaces = [RdefIface(i.name) for i in t.interfaces]


def RdefIface(name: str):  # noqa: N802 - mirrors the RDEF record it builds
    from ..dxbc.rdef import RdefType

    return RdefType(6, 0, 1, 0, 0, name=name, member_list=True)

