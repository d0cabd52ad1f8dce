"""HLSL interfaces and classes (SM5 dynamic shader linkage): their types, their parsing, and method
calls on concrete class values (inlined like free functions, with ``this`` and the members in scope).

Calls through interface pointers (``fcall`` and the function bodies/tables) are :mod:`.linkage`.

Layout follows fxc (visible in the DynamicShaderLinkage11 listing's RDEF): a class is a struct whose
first member, when it derives from another class, is ``$super`` (the base class value), so inherited
members keep the base class layout; ``interface`` types have no data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import ast as A
from .attributed import check_attributed_declaration, not_a_function
from .diagnostics import HlslError
from .namespaces import members_first
from .objects import has_object
from .operands import imm
from .types import BOOL, VOID, ArrayType, NumType, ObjectType, StructType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val
    from .parser import Parser

SUPER = "$super"


@dataclass(eq=False)
class InterfaceType(Type):
    """``interface I { prototypes };`` (no data: 0 slots)."""

    name: str = ""
    methods: dict[str, list[A.FuncDef]] = field(default_factory=dict)
    order: int = 0

    @property
    def slots(self) -> int:  # type: ignore[override]
        return 0

    def __str__(self) -> str:
        return self.name


@dataclass(eq=False, slots=True)
class ClassType(StructType):
    """``class C : Base, I1, I2 { members; methods };`` A struct whose first field is ``$super`` when it
    has a base class; member lookup walks the base chain (a derived member shadows an inherited one)."""

    base: ClassType | None = None
    interfaces: list[InterfaceType] = field(default_factory=list)
    methods: dict[str, list[A.FuncDef]] = field(default_factory=dict)
    order: int = 0
    #: the keyword that declared it: ``class``, or ``struct`` for a struct with methods (a ConstantBuffer<C> of a
    #: class is fxc's X3594, of such a struct a buffer: parse_sm51)
    keyword: str = "class"

    def field_offset(self, name: str) -> tuple[int, Type, str | None] | None:
        off = 0
        sup = None
        for fname, ftype, sem, _m in self.fields:
            if fname == name and fname != SUPER:
                return off, ftype, sem
            if fname == SUPER:
                sup = (off, ftype)
            off += ftype.slots
        if sup is not None and isinstance(sup[1], StructType):
            got = sup[1].field_offset(name)
            if got is not None:
                return sup[0] + got[0], got[1], got[2]
        return None

    def member_names(self) -> list[str]:
        """Every data member visible in a method (own members first, then inherited ones)."""
        out = [f[0] for f in self.fields if f[0] != SUPER]
        sup = next((f[1] for f in self.fields if f[0] == SUPER), None)
        if isinstance(sup, ClassType):
            out += [n for n in sup.member_names() if n not in out]
        elif isinstance(sup, StructType):  # a class may derive from a plain struct
            out += [f[0] for f in sup.fields if f[0] not in out]
        return out

    def implements(self, iface: InterfaceType) -> bool:
        c: ClassType | None = self
        while c is not None:
            if iface in c.interfaces:
                return True
            c = c.base
        return False

    def find_methods(self, name: str) -> tuple[ClassType, list[A.FuncDef]] | None:
        """The most derived class declaring ``name`` and its overloads (C++ name hiding)."""
        c: ClassType | None = self
        while c is not None:
            if name in c.methods:
                return c, c.methods[name]
            c = c.base
        return None


# --- parsing ---------------------------------------------------------------------------------------
def _member_attributes(p: Parser) -> dict:
    """A method's attribute lists (``[Foo(1)] float f()``, ``[]``): read as a function's -- an argument naming
    nothing declared X3004, one attribute twice X3524 -- and ignored (d3dcompiler_47 10.1, session 43, helper ACC;
    attributed.py says what may follow them)."""
    attrs = p.parse_attributes()
    if p.attribute_lists:
        check_attributed_declaration(p)
    return attrs


def parse_type_decl(p: Parser, mods: set, pos: Any) -> list[A.Node]:
    """``interface``/``class`` (or ``struct`` with methods) declaration (optionally followed by variables), at
    global scope or in a function.

    fxc type-checks a class's methods once the whole class is reduced: a syntax error inside it leaves its methods
    unchecked (``int fn() { return this.i; } int operator+(int);`` is X3000 at ``operator``, a ``return undeclared;``
    before it too, a method's own syntax error; d3dcompiler_47 10.1, session 46), so nothing read in it is salvaged
    for the type rules (salvage.py: neither as the enclosing function's statements nor as a function of its own)."""
    try:
        return _parse_type_decl(p, mods, pos)
    except HlslError as exc:
        exc.salvage = []
        for attr in ("salvage_top", "salvage_vars"):
            exc.__dict__.pop(attr, None)
        raise


def _parse_type_decl(p: Parser, mods: set, pos: Any) -> list[A.Node]:
    kw = p.next().text
    name_tok = p.decl_name(scope="" if p.block_depth else "global")
    order = sum(1 for t in p.types.values() if isinstance(t, (InterfaceType, ClassType)))
    if kw == "interface":
        # MicrosoftDocs "HLSL errors and warnings" (codes and descriptions; wordings inferred): X3107 interfaces
        # can't inherit from other types, X3104 interfaces can't contain data, X3105 interface methods can't be
        # static, X3106 (ERR_NO_INTERFACE_METHOD_BODIES) no method bodies in an interface
        it = InterfaceType(name=name_tok.text, order=order)
        if p.at(":"):
            raise p.error(f"'{it.name}': interfaces cannot inherit from other types", p.tok, 3107)
        p.types[it.name] = it
        p.expect("{")
        while not p.accept("}"):
            fpos = p.tok.pos
            attrs = _member_attributes(p)
            mod_tok = p.tok
            fmods = p.parse_mods()
            if "static" in fmods:
                raise p.error(f"'{it.name}': interface methods cannot be static", mod_tok, 3105)
            ret = p.parse_type()
            if not (p.tok.kind == "id" and p.peek().text == "("):
                raise p.error(f"'{it.name}': interfaces cannot contain data", p.tok, 3104)
            f = parse_method(p, ret, fmods, attrs, fpos, it.name)
            if f.body is not None:
                raise p.error(f"'{it.name}::{f.name}': interface methods cannot have a body", code=3106)
            it.methods.setdefault(f.name, []).append(f)
        p.expect(";")
        return [A.TypeDecl(pos, it)]
    ct = ClassType(name_tok.text, order=order, keyword=kw)
    if p.accept(":"):
        # one concrete base (struct or class) and any number of interfaces ("Interfaces and Classes"); fxc's
        # X3094 "base type is not a struct, class or interface" (DXC builtin-types-no-inheritance.hlsl's fxc
        # record) and X3095 multiple concrete base types (DXC cpp-errors.hlsl's wording)
        concrete = False
        while True:
            p.check_base_token()  # ``: vector<float, 4>``, ``: Texture2D``, ``: ~a``: X3000 there (fxc 10.1)
            bt = p.next()
            b = p.types.get(bt.text)
            if isinstance(b, InterfaceType):
                ct.interfaces.append(b)
            elif isinstance(b, StructType):
                if concrete:
                    raise p.error("multiple concrete base types specified", bt, 3095)
                concrete = True
                ct.base = b if isinstance(b, ClassType) else None
                ct.fields.append((SUPER, b, None, frozenset()))
            else:
                raise p.error("base type is not a struct, class or interface", bt, 3094)
            if not p.accept(","):
                break
    p.types[ct.name] = ct
    p.expect("{")
    mark, ns_mark = len(p.member_consts), len(p.ns_resolved)
    while not p.accept("}"):
        fpos = p.tok.pos
        attrs = _member_attributes(p)
        attributed = p.attribute_lists
        fmods = p.parse_mods()
        type_tok = p.tok
        ftype = p.parse_type()
        fmods |= p.post_type_mods()
        p.check_type_mods(fmods, ftype, type_tok)
        if p.tok.kind == "id" and p.peek().text == "(":
            # a method takes a function's modifier rules (DXC varmods-syntax's class C: extern X3006,
            # uniform X3047, precise const X3025, interpolation conflicts X3048, in/out X3000)
            p.check_mods("function", fmods, p.tok.text, p.tok.pos)
            f = parse_method(p, ftype, fmods, attrs, fpos, ct.name)
            add_method(p, ct, f)
            continue
        if attributed:  # an attributed data member (attributed.py)
            raise not_a_function(p)
        while True:
            ftok = p.tok
            fname = p.decl_name().text
            p.check_mods("field", fmods, fname, ftok.pos)
            ft = p._apply_major(p.parse_array_suffix(ftype), fmods)
            a = ft
            while isinstance(a, ArrayType):  # no initialiser can size a member (as for struct members)
                if a.count == 0:
                    raise p.error(f"'{ct.name}::{fname}': array dimensions of struct/class members must be "
                                  "explicit", ftok, 3072)
                a = a.elem
            check_not_member(p, ft, ct.name, fname, ftok)
            check_not_containing(p, ft, ct, fname, ftok)
            if any(x[0] == fname for x in ct.fields):
                raise p.error(f"redefinition of '{fname}'", code=3003)
            sem = None
            while p.accept(":"):  # semantics (a struct with methods can still be a shader input/output)
                p.reject_packoffset()
                sem = p.ident().text
            if not p.check_static_member(ct.name, fname, fmods, ftok, ft):
                ct.fields.append((fname, ft, sem, frozenset(fmods)))
            if not p.accept(","):
                break
        p.expect(";")
    p.end_member_consts(mark)
    members_first(p, ct, ns_mark)
    _no_writable_objects(p, ct, name_tok)
    _implements_its_interfaces(p, ct, name_tok)
    if p.accept(";"):
        return [A.TypeDecl(pos, ct)]
    return [A.TypeDecl(pos, ct)] + p.parse_var_list(ct, mods, pos)


def check_not_containing(p: Parser, ft: Type, owner: StructType, name: str, tok: Any) -> None:
    """MicrosoftDocs "HLSL errors and warnings" X3111: types can't contain members of their own type (also as
    array elements; wording inferred)."""
    while isinstance(ft, ArrayType):
        ft = ft.elem
    if ft is owner:
        raise p.error(f"'{owner.name}::{name}': types cannot contain members of their own type", tok, 3111)


def _implements_its_interfaces(p: Parser, ct: ClassType, tok: Any) -> None:
    """Every method of every interface a class lists is declared by the class or a base class with the same
    parameters (the method may be defined outside the class later): else X3108, "the class doesn't implement
    the specified method"; one of the same parameters but another return type is X3109, "the return type
    doesn't match the overridden method" (MicrosoftDocs "HLSL errors and warnings"; wordings inferred)."""
    from .overload import _type_key, signature

    for iface in ct.interfaces:
        for name, protos in iface.methods.items():
            found = ct.find_methods(name)
            for proto in protos:
                sig = signature(proto)
                impl = next((f for f in (found[1] if found else []) if signature(f) == sig), None)
                if impl is None:
                    raise p.error(f"'{ct.name}': class does not implement '{iface.name}::{name}'", tok, 3108)
                if _type_key(impl.ret) != _type_key(proto.ret):
                    raise p.error(f"'{ct.name}::{name}': return type does not match the overridden method of "
                                  f"'{iface.name}'", tok, 3109)


def _no_writable_objects(p: Parser, ct: ClassType, tok: Any) -> None:
    """MicrosoftDocs "HLSL errors and warnings" X3090: no writable textures or UAVs can be members of
    compound types with interface inheritance (dxilconv's interface1.hlsl, built by fxc, keeps its
    RWStructuredBuffer member commented out as "not allowed"; its samplers and textures compile). The
    message wording is inferred."""
    from .linkage import object_file
    from .objects import leaves

    c: ClassType | None = ct
    inherits = False
    while c is not None:
        inherits = inherits or bool(c.interfaces)
        c = c.base
    if inherits and any(object_file(t) == "u" for _path, t in leaves(ct)):
        raise p.error(f"'{ct.name}': no writable textures or UAVs can be members of compound types with "
                      "interface inheritance", tok, 3090)


def bind_static_members(p: Parser, ct: StructType, f: A.FuncDef) -> None:
    """A method body names the static data members of its type (and of its base types) unqualified, as C++
    class scope allows: such an identifier becomes the ``Owner::name`` global the out-of-class definition
    makes (DXC's CodeGenSPIRV static_member_var.hlsl: ``uint Func() { return Val; }`` over ``static const
    uint Val;``). A parameter or a local of the same name shadows the member: then nothing is renamed."""
    from .codegen import walk

    if f.body is None:
        return
    owners: dict[str, str] = {}
    t: Type | None = ct
    while isinstance(t, StructType):
        for (owner, name) in p.static_members:
            if owner == t.name:
                owners.setdefault(name, owner)
        t = next((fl[1] for fl in t.fields if fl[0] == SUPER), None)
    if not owners:
        return
    shadowed = {prm.name for prm in f.params}
    nodes = list(walk(f.body))
    shadowed |= {n.name for n in nodes if isinstance(n, A.VarDecl)}
    for n in nodes:
        if isinstance(n, A.Ident) and n.name in owners and n.name not in shadowed:
            n.name = f"{owners[n.name]}::{n.name}"


def add_method(p: Parser, ct: ClassType, f: A.FuncDef) -> None:
    """Record a method; a definition completes an earlier prototype of the same signature (parameter types and
    usages as functions overload: overload.signature)."""
    from .overload import signature

    bind_static_members(p, ct, f)
    sig = signature(f)
    lst = ct.methods.setdefault(f.name, [])
    for i, g in enumerate(lst):
        if signature(g) == sig:
            if g.body is not None and f.body is not None:
                raise p.error(f"redefinition of '{ct.name}::{f.name}'", code=3003)  # fxc 10.1 (session 40 ACC)
            if f.body is not None:
                lst[i] = f
            return
    lst.append(f)


def parse_method(p: Parser, ret: Type, mods: set, attrs: dict, pos: Any, owner: str = "") -> A.FuncDef:
    """A method's declaration or definition: the function parser, its name declared no global; ``owner``: the
    type's name (fxc's messages name the method by it)."""
    outer, p.method_owner = getattr(p, "method_owner", None), owner or True
    try:
        return p.parse_function(ret, mods, attrs, pos)
    finally:
        p.method_owner = outer


def parse_method_definition(p: Parser, ret: Type, mods: set, attrs: dict, pos: Any) -> list[A.Node]:
    """``float3 C::Method(...) { ... }`` at global scope."""
    ct_tok = p.next()
    ct = p.types.get(ct_tok.text)
    p.expect("::")
    if isinstance(ct, InterfaceType):  # X3106 (ERR_NO_INTERFACE_METHOD_BODIES; wording inferred)
        raise p.error(f"'{ct_tok.text}': interface methods cannot have a body", ct_tok, 3106)
    if not isinstance(ct, ClassType):
        raise p.error(f"'{ct_tok.text}': not a class", ct_tok, 3000)
    c = ct
    while c is not None:  # the class's members (and its bases') hide a namespace's names (namespaces.py)
        p.ns_locals.update(fld[0] for fld in c.fields)
        c = c.base
    f = parse_method(p, ret, mods, attrs, pos, ct.name)
    from .overload import signature

    if not any(signature(g) == signature(f) for g in ct.methods.get(f.name, [])):
        # X3126: the specified method didn't match any prototype in the class ("HLSL errors and warnings";
        # wording inferred)
        raise p.error(f"'{ct.name}::{f.name}': method does not match any prototype in the class", code=3126)
    add_method(p, ct, f)
    return []


# --- codegen: method calls on class values ----------------------------------------------------------
def class_types(cg: CodegenContext) -> list[ClassType]:
    return [d.type for d in cg.prog.decls if isinstance(d, A.TypeDecl) and isinstance(d.type, ClassType)]


def pick_method(cg: CodegenContext, overloads: list[A.FuncDef], args: list[Val], owner: str, name: str,
                pos: Any, arg_nodes: list[A.Node] | None = None) -> A.FuncDef:
    """The overload a call with ``args`` selects: the free-function rules (overload.best: exact match before
    promotion before conversion, per argument) applied to a class's or interface's methods of one name
    ("Interfaces and Classes": methods are declared as functions are); X3013 without a viable one, X3067 when
    two rank equal. ``arg_nodes`` (a class's method): without a viable one the first declared is judged as a
    function's last is (overload.judged_refusal; d3dcompiler_47 10.1, session 47: ``s.f(t, 1)`` of ``f(float)``,
    ``f(float2, float, float)`` names float, the other order float2)."""
    from .overload import best, judged_refusal

    found = best(overloads, [a.type for a in args])
    if not found and arg_nodes is not None and overloads:
        refused = judged_refusal(cg, f"{owner}::{name}", pos, overloads[0], [a.type for a in args], arg_nodes)
        if refused is not None:
            raise refused
    if not found:
        raise cg.err(pos, f"'{owner}::{name}': no matching {len(args)} parameter method", 3013)
    if len(found) > 1:
        raise cg.err(pos, f"'{owner}::{name}': ambiguous function call", 3067)
    return found[0]


def bind_params(cg: CodegenContext, f: A.FuncDef, args: list[Val], pos: Any) -> tuple[list[Val], list[tuple[int, Val]]]:
    """Parameter locals (stored with the converted arguments) and the out/inout copy-backs."""
    from .codegen import Val

    locals_: list[Val] = []
    back: list[tuple[int, Val]] = []
    for i, prm in enumerate(f.params):
        a = args[i] if i < len(args) else cg.init_value(prm.default, prm.type, pos)  # type: ignore[arg-type]
        if isinstance(prm.type, ObjectType):
            locals_.append(a)
            continue
        loc = Val(prm.type, cg.alloc_slots(prm.type.slots, var=True))
        if "out" not in prm.mods or "inout" in prm.mods:
            cg.store(loc.slots, cg.convert(a, prm.type, pos).slots)
        if "out" in prm.mods or "inout" in prm.mods:
            back.append((i, loc))
        locals_.append(loc)
    return locals_, back


def member_scope(cg: CodegenContext, cls: ClassType, this: Val, f: A.FuncDef,
                 through_interface: bool = False) -> dict[str, Any]:
    """``this`` and the data members a method body names, as values (bools made ~0/0 like cb reads);
    ``through_interface``: the body is a function body called through an interface pointer (linkage.py)."""
    from .codegen import Val, walk
    from .exprs import member

    names = {n.name for n in walk(f.body) if isinstance(n, A.Ident)}
    scope: dict[str, Any] = {}
    if "this" in names:
        scope["this"] = this
    for name in cls.member_names():
        if name in names:
            if isinstance(this.obj, tuple) and this.obj and this.obj[0] == "ifacethis":
                t = cls.field_offset(name)
                if t is not None and has_object(t[1]):
                    # a body called through an interface reads its instance's objects at the texture /
                    # sampler base this[] supplies (linkage.this_object)
                    from .linkage import this_object

                    v = this_object(cg, cls, this, name, f.pos)
                    if v.slots:  # the numbers of a struct member beside its objects: bools as ~0/0 masks
                        v = Val(v.type, _bools_to_mask(cg, v), v.obj)
                    scope[name] = v
                    continue
            v = member(cg, this, name, f.pos)
            if isinstance(v.obj, tuple) and v.obj and v.obj[0] in ("mem", "tgsm"):
                # an instance in groupshared (or UAV) memory: the member stays a memory reference, so the
                # method's reads load it and its writes store it (they were lost when read into registers)
                scope[name] = v
                continue
            if has_object(v.type):
                # a texture/sampler member keeps its binding (dxilconv interface1.hlsl, fxc-built), as does a
                # struct member holding objects (``S inner() { return s; }`` returns those bindings)
                scope[name] = v
                continue
            if this.obj is None or this.obj[0] != "cbvar":  # global_value converted the bools already
                v = Val(v.type, _bools_to_mask(cg, v), None)
            scope[name] = v
    return scope


def _bools_to_mask(cg: CodegenContext, v: Val) -> list:
    from .codegen import leaf_bases

    bases = leaf_bases(v.type) if not isinstance(v.type, NumType) else [v.type.base] * len(v.slots)
    if BOOL not in bases or all(s[0] == "r" for s in v.slots):
        return v.slots
    return [cg.alu("ine", "int", 1, [[s], [imm(0)]])[0] if b == BOOL and s[0] != "r" else s
            for s, b in zip(v.slots, bases, strict=True)]


def gen_method_body(cg: CodegenContext, f: A.FuncDef, cls: ClassType, this: Val, params: list[Val],
                    result: list, pos: Any, through_interface: bool = False, result_obj: Val | None = None) -> None:
    """Generate ``f``'s body (inlined) storing its return value into ``result``; a method returning objects
    binds them into ``result_obj`` (objects.new_local) instead, as an inlined free function does."""
    from .check import check_function
    from .inlining import _has_early_return, run_inlined_body
    from .uncalled import func_key

    check_function(cg, f)
    cg.called_funcs.add(func_key(f))  # (uncalled.py probes the methods nothing calls)
    scope: dict[str, Any] = member_scope(cg, cls, this, f, through_interface)
    for prm, v in zip(f.params, params, strict=False):
        scope[prm.name] = v
    body = f.body.stmts  # type: ignore[union-attr]
    early = _has_early_return(body)
    ctx = {"ret": f.ret, "result": result, "tail": not early, "flag": None, "depth": 0, "class": (cls, this),
           "result_obj": result_obj}
    saved_scopes, saved_loops = cg.scopes, cg.loops
    cg.scopes = [cg.scopes[0], scope]
    cg.loops = []
    key = f"{cls.name}::{f.name}"
    if key in cg.call_stack:
        raise cg.err(pos, f"'{key}': recursive functions are not allowed", 3500)
    try:
        run_inlined_body(cg, body, ctx, early, key, 1 << 30)  # methods see every global function
    finally:
        cg.scopes, cg.loops = saved_scopes, saved_loops
    from .check import check_end_reachable

    check_end_reachable(cg, f, bool(ctx.get("done") or ctx.get("ended")))


def eval_args(cg: CodegenContext, args: list[A.Node]) -> list[Val]:
    from .exprs import expr

    return [expr(cg, a) for a in args]


def copy_back(cg: CodegenContext, arg_nodes: list[A.Node], back: list[tuple[int, Val]], pos: Any) -> None:
    from .assign import assign_to

    for i, loc in back:
        assign_to(cg, arg_nodes[i], loc, pos)


def call_on_class(cg: CodegenContext, this: Val, name: str, arg_nodes: list[A.Node], pos: Any) -> Val:
    """``obj.Method(args)`` on a class value (global instance, local, ``this``): inlined."""
    from .codegen import Val

    cls = this.type
    assert isinstance(cls, ClassType)
    found = cls.find_methods(name)
    if found is None:
        from .objmethods import no_methods

        raise no_methods(cg, cls, name, arg_nodes, pos)  # X3088 "struct C does not have method 'func'"
    from .assign import pin_indices

    # an out/inout argument is an l-value evaluated once, before the call (as for a free function: inlining)
    outs = {i for m in found[1] for i, p in enumerate(m.params) if "out" in p.mods or "inout" in p.mods}
    arg_nodes = [pin_indices(cg, a, every=True, designate=True) if i in outs else a for i, a in enumerate(arg_nodes)]
    args = eval_args(cg, arg_nodes)
    f = pick_method(cg, found[1], args, cls.name, name, pos, arg_nodes)
    if f.body is None:
        raise cg.err(pos, f"'{cls.name}::{name}': function is declared but not defined", 3080)
    params, back = bind_params(cg, f, args, pos)
    from . import objects

    # a method returning objects (alone, in a struct or an array) returns their bindings, resolved at compile
    # time through the inlining as a free function's are (``s.tex().Sample(...)``, ``b.get().Consume()``)
    result_obj = objects.new_local(cg, f.ret) if f.ret is not VOID and objects.holds_objects(f.ret) else None
    result = result_obj.slots if result_obj is not None else \
        cg.alloc_slots(f.ret.slots, var=True) if f.ret is not VOID else []
    gen_method_body(cg, f, cls, this, params, result, pos, result_obj=result_obj)
    copy_back(cg, arg_nodes, back, pos)
    if result_obj is not None:
        return objects.resolve(cg, result_obj, pos, f"{cls.name}::{name}")
    return Val(f.ret, result)


def current_class(cg: CodegenContext) -> tuple[ClassType, Val] | None:
    """(class, this) of the innermost method being generated, if any."""
    for ctx in reversed(cg.func_ctx):
        if "class" in ctx:
            return ctx["class"]
        if ctx.get("entry"):
            return None
    return None


def try_call(cg: CodegenContext, e: A.Call) -> Val | None:
    """An unqualified call inside a method that names a method of the class: ``this.Method(...)``."""
    if "::" in e.name:
        return qualified_call(cg, e)
    cur = current_class(cg)
    if cur is None or cur[0].find_methods(e.name) is None:
        return None
    return call_on_class(cg, cur[1], e.name, e.args, e.pos)


def try_method_call(cg: CodegenContext, e: A.MethodCall) -> Val | None:
    """Hook for ``obj.Method(...)``: interface pointers (fcall) and class values (inlined)."""
    from . import linkage

    ref = linkage.interface_ref(cg, e.obj)
    if ref is not None:
        return linkage.interface_call(cg, ref, e)
    if isinstance(e.obj, A.Ident):
        # a local (or ``this``) by its registers: an identifier read would put in the constants known
        # for its members, and methods may assign members
        for sc in reversed(cg.scopes):
            if e.obj.name in sc:
                v = sc[e.obj.name]
                from .ifacelocals import call_choice, check_bound, is_choice, note_read

                check_bound(cg, e.obj.name, v, e.pos)
                note_read(cg, sc, e.obj.name)
                if is_choice(v):  # a value chosen at run time: dispatch on its selector
                    return call_choice(cg, v, e)
                if isinstance(getattr(v, "obj", None), tuple) and v.obj and v.obj[0] == "ifaceptr":
                    return linkage.interface_call(cg, v.obj[1], e)  # a parameter bound to a pointer
                if isinstance(getattr(v, "type", None), ClassType):
                    return call_on_class(cg, v, e.name, e.args, e.pos)
                break
    return None


def interface_arg(cg: CodegenContext, node: A.Node) -> Val:
    """The value an interface-typed function parameter binds to: a global interface pointer (or a constant
    element of a pointer array) as a reference, a parameter already bound to one, or a class value (a
    class instance: calls through the parameter then inline that class's methods)."""
    from . import linkage
    from .codegen import Val
    if isinstance(node, A.Ident):
        for sc in reversed(cg.scopes[1:]):
            if node.name in sc:
                v = sc[node.name]
                if isinstance(v.type, (InterfaceType, ClassType)):
                    from .ifacelocals import note_read

                    note_read(cg, sc, node.name)
                    return v
                break
    ref = linkage.interface_ref(cg, node)
    if ref is not None:
        var, idx = ref
        if idx is not None and not isinstance(idx, (A.Literal, A.Evaluated)):
            # an element chosen at run time (``W(g_lights[i])``, ``I l = g_lights[i];``): the index is taken
            # now, into a register of its own (a later change of ``i`` does not move the reference); calls
            # through it are dynamically indexed fcalls (``fcall fp#[r.x + 0]``)
            from .exprs import expr

            iv = expr(cg, idx)
            if isinstance(iv.type, NumType) and iv.type.n == 1 and not iv.const:
                keep = cg.alloc_slots(1, var=True)
                cg.store(keep, iv.slots)
                iv = Val(iv.type, keep)
            ref = (var, A.Evaluated(idx.pos, iv))
        return Val(var.iface, [], ("ifaceptr", ref))
    from .exprs import expr

    return expr(cg, node)


def is_class_value(v: Val) -> bool:
    return isinstance(v.type, ClassType)


def is_interface_type(t: Type) -> bool:
    while isinstance(t, ArrayType):
        t = t.elem
    return isinstance(t, InterfaceType)


def check_not_member(p: Parser, t: Type, owner: str, name: str, tok: Any) -> None:
    """MicrosoftDocs "HLSL errors and warnings": X3110 "Interfaces can't be members" (of a struct or class;
    an interface pointer is an interface slot of the shader, not data). Wording inferred."""
    if is_interface_type(t):
        raise p.error(f"'{owner}::{name}': interfaces cannot be members", tok, 3110)


# --- parser helpers (class-related lookahead and specifiers) ---------------------------------------
def is_elaborated(p: Parser, k: int = 0) -> bool:
    """``class C`` / ``interface I`` at token ``k`` naming a declared type rather than defining one (no ``{``
    or base list follows the name)."""
    return p.peek(k + 1).kind == "id" and p.peek(k + 2).text not in ("{", ":")


def parse_elaborated(p: Parser) -> Type:
    """An elaborated type specifier, as ``struct S`` is one: dxilconv's interface1.hlsl (built by
    ``fxc /T ps_5_0``) declares ``interface IFace I[253];``. ``class`` names a class or a struct (one kind of
    tag, as in C++), ``interface`` an interface; any other name is a syntax error at it."""
    kw = p.next().text
    name_tok = p.ident()
    t = p.types.get(name_tok.text)
    if kw == "interface" and isinstance(t, InterfaceType) or \
            kw == "class" and isinstance(t, StructType) and t.name == name_tok.text:
        return t
    raise p.error(None, name_tok)


def static_method(p: Parser, owner: str, name: str) -> bool:
    """Whether ``owner::name`` is a static member function of class-like type ``owner``."""
    ct = p.types.get(owner)
    found = ct.find_methods(name) if isinstance(ct, ClassType) else None
    return found is not None and any("static" in f.mods for f in found[1])


def member_method(p: Parser, owner: str, name: str) -> bool:
    """Whether ``owner::name`` names a (non-static) method of class ``owner`` or of one of its bases."""
    ct = p.types.get(owner)
    found = ct.find_methods(name) if isinstance(ct, ClassType) else None
    return found is not None and not all("static" in f.mods for f in found[1])


def qualified_call(cg: CodegenContext, e: A.Call) -> Val | None:
    """``Base::Method(args)`` inside a method of a class deriving from ``Base`` (or of ``Base`` itself): the
    method ``Base`` declares or inherits, called on the ``Base`` part of ``this`` -- the class's leading
    ``$super`` chain, so the same registers / constant-buffer data -- without dispatch (C++ qualified call;
    DXC classes/parent_method.hlsl). Outside such a method there is no object (X3000 here; the function
    checks already answer X3004 for the name)."""
    from .codegen import Val

    owner_name, _, name = e.name.partition("::")
    owner = next((c for c in class_types(cg) if c.name == owner_name), None)
    if owner is None:
        return None
    cur = current_class(cg)
    c = cur[0] if cur is not None else None
    while c is not None and c is not owner:
        c = c.base
    if cur is None or c is None:
        raise cg.err(e.pos, f"'{e.name}': a non-static method needs an object of its class", 3000)
    this = cur[1]
    part = Val(owner, this.slots[:owner.slots], this.obj)
    return call_on_class(cg, part, name, e.args, e.pos)


def derives_class(p: Parser) -> bool:
    """``struct B : A {`` where A has methods: B is a class too, inheriting them (DXC structCast2.hlsl calls
    ``b.Init(…)`` that ``struct A`` declares on a ``struct B : A``); so is a struct listing an interface or more
    than one base (DXC cpp-errors.hlsl: ``struct my_struct_4 : my_interface { };`` is accepted), whose base list
    parse_type_decl checks."""
    if p.peek(2).text != ":":
        return False
    k, bases = 3, []
    while p.peek(k).kind != "eof" and p.peek(k).text not in ("{", ";"):
        if p.peek(k).text != ",":
            bases.append(p.types.get(p.peek(k).text))
        k += 1
    return len(bases) > 1 or any(isinstance(b, (ClassType, InterfaceType)) for b in bases)
