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
    SUPER,
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
from .types import INT, UINT, VOID, ArrayType, NumType, ObjectType, StructType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

_C = "xyzw"
_BODY, _END = "$body", "$endbody"
#: D3D11.3 §22.3.51 dcl_interface restriction (1): at most 253 object sites (interface slots) in a shader
#: (D3D11_SHADER_MAX_INTERFACES)
MAX_INTERFACE_SLOTS = 253


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
    #: interface locals (ifacelocals.py): (id(scope), name) -> their IfaceLocal record
    locals: dict[tuple[int, str], Any] = field(default_factory=dict)
    next_slot: int = 0
    next_body: int = 0
    #: sentinel t#/s# register -> (file, object index in the class, slot holding the instance's base): objects
    #: of class instances read through this[] (rewritten to t[rB.x + k] / s[rB.y + k] after each call)
    this_objects: dict[int, tuple[str, int, tuple, Any]] = field(default_factory=dict)
    #: resources of class-instance objects that only this[] reaches (kept, and never found dead: deadres)
    instance_objects: set[str] = field(default_factory=set)


def state(cg: CodegenContext) -> LinkState:
    st = cg.linkage
    if st is None:
        st = cg.linkage = LinkState()
    return st


def snapshot(cg: CodegenContext) -> tuple | None:
    """What a rollback of generated code (unroll.py: a loop regenerated or unrolled instead) must restore:
    the interface slots handed out and the call sites and function bodies numbered since."""
    st = cg.linkage
    if st is None:
        return None
    return st.next_slot, st.next_body, {n: (v, v.first_slot, v.dynamic, list(v.classes), len(v.sites))
                                        for n, v in st.vars.items()}


def rollback(cg: CodegenContext, snap: tuple | None) -> None:
    """Undo what interface calls generated after :func:`snapshot` (their code is being discarded)."""
    st = cg.linkage
    if st is None:
        return
    if snap is None:
        st.vars.clear()
        st.next_slot = st.next_body = 0
        return
    st.next_slot, st.next_body, kept = snap
    for name in [n for n in st.vars if n not in kept]:
        del st.vars[name]
    for name, (v, first, dyn, classes, nsites) in kept.items():
        st.vars[name] = v
        v.first_slot, v.dynamic, v.classes = first, dyn, classes
        del v.sites[nsites:]


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


class NonUniformRelFirst(_RelFirst):
    """``t[rN.c + base] {nonuniform}``: a 5.1 resource-array index NonUniformResourceIndex marks (asm_parser
    reads the tag into the extended operand token's non-uniform bit)."""

    __slots__ = ()

    def render(self, tmap: dict[int, int], dst: bool = False) -> str:
        return super().render(tmap, dst) + " {nonuniform}"


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
    from .featuregates import LANGUAGE, check_gate

    # "HLSL errors and warnings" X3544: abstract interfaces are not supported on the target; interface
    # references must resolve to specific instances (wording inferred)
    check_gate(cg, LANGUAGE["interfaces"], e.pos, "interfaces", "abstract interfaces are not supported on this target")
    var, idx_node = ref
    st = state(cg)
    if var.first_slot < 0:
        if st.next_slot + var.count > MAX_INTERFACE_SLOTS:
            # X4584 ERR_MAX_IFACE_EXCEEDED, "the maximum number of interface pointers was exceeded" (MicrosoftDocs
            # "HLSL errors and warnings"; wording inferred): §22.3.51's 253 object sites
            raise cg.err(e.pos, f"'{var.name}': maximum number of interface pointers ({MAX_INTERFACE_SLOTS}) "
                         "exceeded", 4584)
        var.first_slot = st.next_slot
        st.next_slot += var.count
        var.classes = _implementors(cg, var.iface)
        if not var.classes:  # X3545 ERR_NO_IFACE_METHOD_IMPLS: no classes implement the method
            raise cg.err(e.pos, f"'{var.iface.name}::{e.name}': no classes implement the method", 3545)
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
    from .assign import pin_indices

    # an out/inout argument is an l-value evaluated once, before the call (as inlining.inline_call does)
    outs = {i for m in protos for i, p in enumerate(m.params) if "out" in p.mods or "inout" in p.mods}
    arg_nodes = [pin_indices(cg, a, every=True, designate=True) if i in outs else a for i, a in enumerate(e.args)]
    args = eval_args(cg, arg_nodes)
    proto = pick_method(cg, protos, args, var.iface.name, e.name, e.pos)
    from .objects import has_object

    if has_object(proto.ret):
        # an fcall body cannot hand a binding back: each class's body may return a different resource, and the
        # object is not resolvable at compile time; fxc's verdict on this is not recorded
        from ...errors import NotSupportedError

        raise NotSupportedError(f"'{var.iface.name}::{e.name}': an interface method returning a resource or "
                                "sampler object (called through an interface pointer)")
    params, back = bind_params(cg, proto, args, e.pos)
    result = cg.alloc_slots(proto.ret.slots, var=True) if proto.ret is not VOID else []
    site = len(var.sites)
    bodies: dict[int, int] = {}
    var.sites.append(bodies)
    kc = kstate(cg)
    saved = dict(kc)
    start = len(cg.code)
    cg.code.append(Ins("fcall", [_RelFirst(f"fp{var.first_slot}", (lit, site), rel)], epos=e.pos))
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
    _rewrite_this_objects(cg, start)
    forget_written(cg, start)
    copy_back(cg, arg_nodes, back, e.pos)
    return Val(proto.ret, result)


def _this_value(cg: CodegenContext, cls: ClassType, f: A.FuncDef, slot: int, rel: Any) -> Val:
    """The instance as a value whose members read ``cb[this.x][this.y + k]`` (copied once per body). A class
    with object members also gets its base texture and sampler (this.z, this.w; §22.7.20) copied at the
    body's start, for :func:`this_object` (the copy dominates every use, whatever branch reads the object)."""
    from .codegen import Val, walk

    names = {n.name for n in walk(f.body) if isinstance(n, A.Ident)}
    calls = any(isinstance(n, A.Call) for n in walk(f.body))
    objs = object_members(cls)
    obj_info = None
    # a leaf's first path element other than $super is the member that holds it (a struct or array member
    # names the object only through that member)
    holders = {next((p for p in leaf[4] if p != SUPER), None) for leaf in objs}
    if objs and (calls or names & (holders | {"this"})):
        b = cg.temp()
        cg.emit("mov", Reg("r", (b,), None, (0, 1)), _RelFirst("this", (slot,), rel, (2, 3, 2, 2)))
        obj_info = ("ifacethis", ("r", (b,), None, 0), ("r", (b,), None, 1))
    if cls.slots == 0 or not calls and not (names & (set(cls.member_names()) | {"this"})):
        return Val(cls, [], obj_info)
    t = cg.temp()
    cg.emit("mov", Reg("r", (t,), None, (0, 1)), _RelFirst("this", (slot,), rel, (0, 1, 0, 0)))
    ptr = ("r", (t,), None, 1)
    return Val(cls, [("cbthis", (0, reg), ptr, comp) for reg, comp in cg.cb_slots(cls, 0)], obj_info)


# --- objects of class instances reached through this[] -----------------------------------------------
#: sentinel register numbers standing for this[]-relative objects until a call's code is complete
_SENTINEL = 0x40000000


def object_file(t: ObjectType) -> str:
    """The register file a class's object member is counted in: samplers s#, read-only resources t#,
    writable ones u# (which an interface-implementing class cannot hold: X3090)."""
    from .types import RW_KINDS, SAMPLER_KINDS

    k = t.kind
    if k in SAMPLER_KINDS:
        return "s"
    if k in RW_KINDS or k.startswith(("RW", "Append", "Consume")):
        return "u"
    return "t"


def object_members(cls: StructType) -> list[tuple[Any, ObjectType, str, int, tuple]]:
    """(member name or None, type, file, index within the file, path) of every object leaf of ``cls`` in
    layout order: the base class's (``$super``) first, then the class's own, each file counted on its own
    (fxc's IFCE counts a class's textures and samplers; the instance's k-th texture is t[this.z + k]). The
    name is None for leaves inside member arrays or structs."""
    from .objects import leaves

    out = []
    count = {"t": 0, "s": 0, "u": 0}
    for path, t in leaves(cls):
        f = object_file(t)
        plain = all(p == SUPER for p in path[:-1]) and isinstance(path[-1], str)
        out.append((path[-1] if plain else None, t, f, count[f], path))
        count[f] += 1
    return out


def object_counts(cls: StructType) -> tuple[int, int]:
    """(textures, samplers) of a class: the IFCE class-type row's Texture and Sampler columns."""
    objs = object_members(cls)
    return sum(1 for o in objs if o[2] == "t"), sum(1 for o in objs if o[2] == "s")


def this_object(cg: CodegenContext, cls: ClassType, this: Val, name: str, pos: Any) -> Val:
    """Object member ``name`` of the instance a function body runs for: its register is the instance's
    base plus the member's index, t[this.z + k] / s[this.w + k] (D3D11.3 §7.19.7.2 "this pointers ... the
    base texture index and the base sampler index"; fxc's dxilconv interface1.dxbc). A sentinel register
    stands for it until the call is complete (:func:`_rewrite_this_objects`). An array of objects is a
    table of such registers, element i at k + i, indexed with literal indices as any object array (a
    run-time index is X3512, objects.element)."""
    from ...errors import NotSupportedError
    from .codegen import Resource, Val
    from .objects import REF
    from .values import _DIM

    where = f"{pos.file}({pos.line},{pos.col})"
    prefix: tuple = ()
    c: Any = cls
    ft = None
    while isinstance(c, StructType):  # the member (own first, then the base chain: C++ name hiding)
        own = next((fl for fl in c.fields if fl[0] == name and fl[0] != SUPER), None)
        if own is not None:
            prefix, ft = prefix + (name,), own[1]
            break
        sup = next((fl for fl in c.fields if fl[0] == SUPER), None)
        prefix, c = prefix + (SUPER,), sup[1] if sup is not None else None
    st = state(cg)
    cells = {}
    for _n, t, f, k, path in object_members(cls):
        if path[:len(prefix)] != prefix:
            continue
        if f == "t" and t.kind not in _DIM and t.kind not in _BUFFER_KINDS:
            raise NotSupportedError(f"{where}: '{t.kind}' members of class instances called through an "
                                    f"interface ('{cls.name}::{name}')")
        reg = _SENTINEL + len(st.this_objects)
        res = Resource(f"$this.{name}", t, f, reg, used=True)
        if t.kind == "StructuredBuffer":  # the element size, as a declared structured buffer's (codegen)
            res.stride = (t.elem.slots if t.elem is not None else 4) * 4
        st.this_objects[reg] = (f, k, this.obj[1] if f == "t" else this.obj[2], res)
        cells[path[len(prefix):]] = (res, 0)
    if isinstance(ft, ObjectType):
        return Val(ft, [], cells[()][0])
    # a struct (or an array of structs) holding objects: its numbers are the instance's constant-buffer
    # words at the member's offset, its objects the this[]-relative registers above
    slots: list = []
    if ft.slots:
        off = cls.field_offset(name)[0]
        slots = list(this.slots[off:off + ft.slots])
    return Val(ft, slots, (REF, cells, ()))


#: read-only buffers a class instance may hold besides typed textures/buffers (§22.4: ld_structured / ld_raw)
_BUFFER_KINDS = frozenset({"StructuredBuffer", "ByteAddressBuffer"})


def _indexable(cg: CodegenContext, r: Any) -> str:
    """``_indexable(dim)(return types)`` of a resource (no declaration names it: SM5's extended
    resource-dimension and return-type tokens do, as fxc writes them; a structured buffer's dimension carries
    its stride, a structured or raw buffer's return types are ``mixed``)."""
    decl = cg.resource_decl(r)  # "dcl_resource_<dim> (<types>) t#"
    if decl.startswith("dcl_resource_structured"):
        return f"(structured_buffer, stride={r.stride})(mixed,mixed,mixed,mixed)"
    if decl.startswith("dcl_resource_raw"):
        return "(raw_buffer)(mixed,mixed,mixed,mixed)"
    dim = decl.split(" ", 1)[0][len("dcl_resource_"):]
    types = decl.split("(", 1)[1].split(")", 1)[0] if "(" in decl else ""
    return f"({dim})({types})" if types else f"({dim})"


def _rewrite_this_objects(cg: CodegenContext, start: int) -> None:
    """Turn the sentinel registers of this[]-relative objects in ``cg.code[start:]`` into ``t[rB.x + k]`` /
    ``s[rB.y + k]``; an instruction reading such a texture gets its ``_indexable`` dimension and types."""
    st = state(cg)
    if not st.this_objects:
        return
    for i in range(start, len(cg.code)):
        ins = cg.code[i]
        hit = [a for a in ins.args if a.file in ("t", "s") and a.idx and isinstance(a.idx[0], int)
               and a.idx[0] in st.this_objects]
        if not hit:
            continue
        args = []
        suffix, op = ins.suffix, ins.op
        for a in ins.args:
            got = st.this_objects.get(a.idx[0]) if a.file in ("t", "s") and a.idx and isinstance(a.idx[0], int) \
                else None
            if got is None:
                args.append(a)
                continue
            f, k, rel, res = got
            args.append(_RelFirst(f, (k,), rel, a.comps, a.mod))
            if f == "t" and "_indexable" not in op:
                offs = ""
                if suffix.startswith("_aoffimmi"):
                    offs, suffix = suffix[len("_aoffimmi"):].split(")", 1)
                    offs += ")"
                    op += "_aoffimmi"
                op += "_indexable" + offs + _indexable(cg, res)
        cg.code[i] = Ins(op, args, suffix, ins.tail, ins.loc, ins.epos)
    st.this_objects.clear()


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
            if "out" in p.mods or "inout" in p.mods:  # "HLSL errors and warnings" X3118 (wording inferred)
                raise cg.err(p.pos, f"'{p.name}': interfaces can only be inputs", 3118)
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
    st = state(cg)
    for name, g in cg.globals.items():
        if isinstance(g, CbVar) and (name in names or has_ifaces and isinstance(g.decl.type, ClassType)):
            g.used = g.cb.used = True
        if has_ifaces and isinstance(g, CbVar) and _class_elem(g.decl.type) is not None:
            # an instance's objects are reached through this[] alone: every one keeps its register
            prefix = (name + ".", name + "[")
            for r in cg.resources:
                if isinstance(r, Resource) and r.name.startswith(prefix):
                    r.used = True
                    st.instance_objects.add(r.name)
        elif isinstance(g, Resource) and name in names:
            g.used = True
        elif isinstance(g, tuple) and g and g[0] == "resarray" and name in names:
            for r in g[1]:
                r.used = True


def instance_object_bases(cg: CodegenContext, name: str, cls: ClassType) -> tuple[int, int]:
    """(first t#, first s#) of class instance ``name``'s objects (element 0 of an instance array), the
    IFCE instance row's Texture and Sampler (0xFFFF: none) -- the this[].z / .w a class instance made by
    GetClassInstance carries. The objects of one instance are consecutive registers (add_struct_objects
    declares them in layout order; :func:`check_instance_objects` refuses any other allocation)."""
    from ..dxbc.ifce import NO_SLOT
    from .codegen import Resource

    out = []
    for f in ("t", "s"):
        regs = [r.reg for r in cg.resources if isinstance(r, Resource) and r.file == f and r.reg >= 0 and
                r.name.startswith((name + ".", name + "[")) and r.used]
        out.append(min(regs) if regs else NO_SLOT)
    return out[0], out[1]


def instance_blocks(cg: CodegenContext) -> list[list[Any]]:
    """Per class instance reached through this[] (an instance array as a whole) and per register set, its
    object resources in layout order: allocated as one contiguous block, so this[].z / .w plus the member's
    index (plus the element's count times the class's) names each."""
    from .codegen import Resource

    st = cg.linkage
    if st is None or not st.instance_objects:
        return []
    blocks: dict[tuple[str, str], list] = {}
    for r in sorted(cg.resources, key=lambda r: r.decl_order):
        if isinstance(r, Resource) and r.name in st.instance_objects:
            root = r.name.split(".", 1)[0].split("[", 1)[0]
            blocks.setdefault((root, r.file), []).append(r)
    return list(blocks.values())


def check_instance_objects(cg: CodegenContext) -> None:
    """The objects of each class instance reachable through this[] must be consecutive registers per file,
    in layout order, and instance-array elements a constant stride apart (GetClassInstance adds the class's
    texture/sampler count per element): anything else (an explicit register of another resource splitting
    the block) cannot be described by a this[] base, so it is named instead of binding the wrong object."""
    from ...errors import NotSupportedError
    from .codegen import Resource

    st = cg.linkage
    if st is None or not st.instance_objects:
        return
    by_name = {r.name: r for r in cg.resources if isinstance(r, Resource)}
    for cb in cg.cbufs:
        for cv in cb.vars:
            t, count = cv.decl.type, 1
            while isinstance(t, ArrayType):
                count *= t.count
                t = t.elem
            if not isinstance(t, ClassType) or not object_members(t):
                continue
            from .layout import _leaf_name
            from .objects import leaves

            for f in ("t", "s"):
                regs = [by_name[n].reg for n in (_leaf_name(cv.decl.name, p) for p, lt in leaves(cv.decl.type)
                                                 if object_file(lt) == f) if n in by_name]
                if regs and regs != list(range(regs[0], regs[0] + len(regs))):
                    raise NotSupportedError(f"class instance '{cv.decl.name}': its {f}# objects are not consecutive "
                                            "registers (another resource's register splits them), so no this[] "
                                            "base reaches them")


def _class_elem(t: Any) -> ClassType | None:
    while isinstance(t, ArrayType):
        t = t.elem
    return t if isinstance(t, ClassType) else None


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
                tex, samp = instance_object_bases(cg, cv.decl.name, t)
                instances.append(IfceClassInstance(cv.decl.name, ids[id(t)], cb.slot, cv.offset // 16,
                                                   tex, samp, flag=count))
    # fxc gives a stride only to classes laid out in a constant buffer: instance types and their bases
    # (DynamicShaderLinkage11's listing); a class with object members is laid out too (interface1.dxbc,
    # no instance declared: stride 1 beside its texture and sampler counts; which of the two reasons
    # fxc has is inferred)
    laid_out: set[int] = set()
    for inst in instances:
        c: Any = types[inst.type_id]
        while isinstance(c, ClassType):
            laid_out.add(id(c))
            c = c.base
    rows = []
    for c in types:
        tex, samp = object_counts(c)
        size = (cg.cb_size(c)[0] + 15) // 16 if id(c) in laid_out or tex or samp else 0
        rows.append(IfceClassType(c.name, size, tex, samp))
    out.class_types = rows
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

