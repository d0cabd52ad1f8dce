"""Assignment and l-values: simple and compound assignment, aggregate copies and their refusals, dynamic component and
memory writes (HLSL reference: MicrosoftDocs win32 direct3dhlsl dx-graphics-hlsl-operators, Assignment Operators;
fxc 10.1's l-value rules as recorded in the tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
from . import ast as A
from . import objects
from .check import const_groupshared
from .diagnostics import HlslError
from .exprs import (
    _designating,
    _has_side_effects,
    _indexed_resource,
    _is_nonuniform_mark,
    _target_has_side_effects,
    _val,
    expr,
    index,
    member,
    static_member_key,
    swizzle_indices,
)
from .operands import imm, is_imm
from .types import (
    DOUBLE,
    INT,
    RW_KINDS,
    UINT,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
)
from .values import scoped

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


# --- assignment ---------------------------------------------------------------------------------------
def _aggregate(t: Type) -> bool:
    return isinstance(t, (ArrayType, StructType)) and not isinstance(t, ObjectType)



def designated_argument(cg: CodegenContext, arg: A.Node) -> A.Node:
    """An out/inout argument pinned (:func:`pin_indices` with ``every`` and ``designate``). A prefix step or an
    assignment passed there that writes an array element (``f(++a[0])``, ``modf(x, (a[1] = 3))``, ``++a[1].x``)
    is fxc's "internal error: l-value expected" (no error number; d3dcompiler_47 10.1 under Wine, session 37) at
    shader model 4 and above and the level-9 targets, where a vector or matrix component (``++v[1]``,
    ``++m[1].x``) and a whole variable compile; the Direct3D 9 targets compile all of them."""
    pinned = pin_indices(cg, arg, every=True, designate=True)
    if cg.d3d9 is None and _designating(arg) and _writes_array_element(cg, pinned):
        raise cg.err(arg.pos, "l-value expected", 0)
    return pinned


def _writes_array_element(cg: CodegenContext, node: A.Node) -> bool:
    """Whether ``node`` indexes an array variable itself (``a[1]``, ``a[1].x``); an array member of a struct
    (``s.a[1]``) is not one: fxc compiles ``f(++s.a[1])`` (d3dcompiler_47 10.1 under Wine, session 37)."""
    first = None
    while isinstance(node, (A.Member, A.Index)):
        first = node
        node = node.a
    if not isinstance(node, A.Ident) or not isinstance(first, A.Index):
        return False
    try:
        return isinstance(cg.lookup(node.name, node.pos).type, ArrayType)
    except HlslError:
        return False


def pin_indices(cg: CodegenContext, target: A.Node, every: bool = False, designate: bool = False) -> A.Node:
    """``target`` with each index expression that has side effects evaluated now, once: the l-value of an
    assignment or step is read and written by the one evaluation the language defines (MicrosoftDocs
    "Operators": HLSL's operators are C's; ``a[k++] += 1`` adds to one element and steps ``k`` once).

    ``every``: pin every index (an out/inout argument). The argument is an l-value evaluated once, before
    the call, and the copy-back writes that element: ``f(i, a[i])`` with ``inout int i`` writes the element
    ``i`` named at the call, not the one ``i`` names afterwards (clang's HLSL FunctionCalls design: the
    out-parameter temporary is written back to the argument's l-value; DXC and vkd3d alike).

    ``designate``: ``target`` is written (an assignment's left side, the operand of ``++``/``--``, an out/inout
    argument). A prefix ``++``/``--`` or an assignment (``=``, ``op=``) there is carried out now and the
    variable it wrote is returned, which the write then names: C++'s rule ([expr.pre.incr], [expr.ass]: the
    result "is an lvalue referring to the left operand"), which fxc keeps — d3dcompiler_47 10.1 compiles
    ``++a = b``, ``(a += b) = c``, ``(++v).x = 1``, ``--(++a)`` and ``f(++a)`` for an inout parameter, and
    rejects the postfix ``a++ = b`` and a conditional ``(c ? a : b) = 1`` (X3025; test_rules_hlsl_fxc_verdicts_acc)."""
    if designate and isinstance(target, A.Unary) and target.op in ("++", "--"):
        inner = pin_indices(cg, target.a, True, True)
        expr(cg, A.Unary(target.pos, target.op, inner))
        return inner
    if designate and isinstance(target, A.Assign):
        value = target.value
        if _target_has_side_effects(target.target):
            # the right side first, as in an assignment's own evaluation (expr_raw)
            rv = expr(cg, value)
            if rv.slots and not rv.const and not isinstance(rv.type, ObjectType):
                rv = _val(rv.type, cg.materialize_force(rv.slots), rv.obj)
            value = A.Evaluated(value.pos, rv)
        inner = pin_indices(cg, target.target, True, True)
        expr(cg, A.Assign(target.pos, target.op, inner, value))
        return inner
    if isinstance(target, A.Index):
        base = pin_indices(cg, target.a, every, designate)
        idx = target.index
        if _is_nonuniform_mark(cg, idx):
            # the mark stays on the index (index() reads it there); what it marks is pinned like any index
            inner = pin_indices(cg, A.Index(target.pos, base, idx.args[0]), every).index
            if inner is not idx.args[0]:
                idx = A.Call(idx.pos, idx.name, [inner])
        elif (every and not isinstance(idx, (A.Evaluated, A.Literal))) or _has_side_effects(idx):
            v = expr(cg, idx)
            if not v.const:  # the index as it is now, whatever the rest of the expression writes
                v = _val(v.type, cg.materialize_force(v.slots), v.obj)
            idx = A.Evaluated(idx.pos, v)
        if base is target.a and idx is target.index:
            return target
        return A.Index(target.pos, base, idx)
    if isinstance(target, A.Member):
        base = pin_indices(cg, target.a, every, designate)
        return target if base is target.a else A.Member(target.pos, base, target.name)
    return target


def check_aggregate_assignment(cg: CodegenContext, src: Type, dst: Type, pos) -> None:
    """Implicit conversion of an assignment where an array or struct is involved. fxc (DXC SemaHLSL
    more-operators.hlsl, X3017 each): an aggregate never converts implicitly to or from a scalar, vector or
    matrix (``ints = ari1``, ``ari1 = ints``, ``floats = ari1``; a cast does it); between aggregates the
    component counts must be equal (``ari1 = ari2``, ``f3_ss = mixed_ss``, both ways) and so must the
    component types (``farr23 = arr23``: int[2][3] to float[2][3]). Same-count aggregates of one component
    type convert (conversions-between-type-shapes: S2 {int a, b} to int[2] and back)."""
    if not (_aggregate(src) or _aggregate(dst)) or src == dst:
        return
    if not isinstance(src, (NumType, ArrayType, StructType)) or not isinstance(dst, (NumType, ArrayType, StructType)):
        return  # internal flat values, objects: not an aggregate conversion of the language
    from .codegen import flat_numeric
    from .objects import holds_objects
    from .overload import type_spelling as name

    if holds_objects(src) or holds_objects(dst):
        # aggregates holding objects convert only component for component, object for object of one kind
        # (DXC object-operators.hlsl: fxc's X3017 for ``bools = mixed_ss`` and ``f3_ss = mixed_ss``)
        from .objects import components

        ca, cb = components(src), components(dst)
        if ca != cb:
            raise cg.err(pos, f"{_refusal(len(ca), len(cb))} from '{name(src)}' to '{name(dst)}'", 3017)
        return

    a, b = flat_numeric(src), flat_numeric(dst)
    if not (_aggregate(src) and _aggregate(dst)):
        # a lone scalar never becomes a struct or an array: "cannot convert" although it is the smaller
        # side (``ari1 = ints``, ``f3_ss = bools``)
        scalar_in = isinstance(src, NumType) and src.n == 1
        how = "cannot convert" if scalar_in or a is None or b is None else _refusal(len(a), len(b))
        raise cg.err(pos, f"{how} from '{name(src)}' to '{name(dst)}'", 3017)
    if a is None or b is None:
        return  # objects inside: the object rules decide
    if len(a) != len(b) or any(concrete(x.base) != concrete(y.base) for x, y in zip(a, b, strict=True)):
        raise cg.err(pos, f"{_refusal(len(a), len(b))} from '{name(src)}' to '{name(dst)}'", 3017)


def object_aggregate_refusal(src: Type, dst: Type) -> str:
    """The X3017 text of assigning ``src`` to an object-bearing ``dst`` whose objects it cannot supply
    (object-operators.hlsl: ``mixed_ss = f3_ss`` "cannot implicitly convert from 'struct f3_s' to 'struct
    mixed_s'"): the wording by component counts, objects counted as components."""
    from .objects import components
    from .overload import type_spelling

    how = _refusal(len(components(src)), len(components(dst)))
    return f"{how} from '{type_spelling(src)}' to '{type_spelling(dst)}'"


def _refusal(n_src: int, n_dst: int) -> str:
    """fxc's wording of an assignment's X3017 between aggregates, inferred from every such record in DXC
    SemaHLSL more-operators.hlsl and object-operators.hlsl: "cannot implicitly convert" when the destination
    has more components than the source (``ari2 = ari1``, ``i22 = ari1``, ``mixed_ss = f3_ss``), "cannot
    convert" when it has as many or fewer (``farr23 = arr23``, ``ari1 = ari2``, ``f3_ss = mixed_ss``)."""
    return "cannot implicitly convert" if n_dst > n_src else "cannot convert"


def assign_to(cg: CodegenContext, target: A.Node, v: Val, pos, direct: bool = False) -> Val | None:
    """Store ``v`` into ``target``; returns the stored value for memory targets (so the assignment
    expression needs no read-back), None otherwise. ``direct``: the target of an assignment operator
    (``=``, ``op=``, ``++``/``--``), where a converting cast is fxc's code-generation error X4555; an
    out/inout argument through one stays X3025."""
    if objects.assign(cg, target, v, pos):  # locals holding textures/samplers: rebinding, not a store
        return None
    try:
        lv = lvalue(cg, target)
    except HlslError as exc:
        if exc.code != 4555 or direct:
            raise
        raise HlslError(exc.file, exc.line, exc.col, 3025, "l-value specifies const object") from None
    if isinstance(lv, tuple) and lv[0] == "mem":
        from .memaccess import mem_store

        mem_store(cg, lv[1], v, pos)
        t = lv[1].type
        return cg.convert(v, t, pos) if isinstance(t, NumType) else None
    if isinstance(lv, tuple) and lv[0] == "memswz":
        # swizzled write into UAV/TGSM memory: read-modify-write of the whole element
        from .memaccess import mem_load, mem_store

        base, comps = lv[1], lv[2]
        if len(set(comps)) != len(comps):
            raise cg.err(pos, "l-value specifies const object", 3025)
        t = base.type
        if base.obj[1] == "typed" and base.obj[2] != "t" and len(comps) < t.n:
            # a typed UAV store writes the whole element (store_uav_typed): fxc refuses a write of some of its
            # components (ERR_TYPED_UAV_WRITE_MASK_MISMATCH, recorded for `State[b].z = 0` on a float4 UAV)
            raise cg.err(pos, "typed UAV stores must write all declared components.", 4596)
        cv = cg.convert(v, NumType(t.base, 1, len(comps), "v") if len(comps) > 1 else NumType(t.base), pos)
        cur = list(mem_load(cg, base).slots) if len(comps) < t.n else [None] * t.slots
        w = 2 if t.base == DOUBLE else 1  # a double component is a slot pair
        for i, c in enumerate(comps):
            cur[c * w:(c + 1) * w] = cv.slots[i * w:(i + 1) * w]
        mem_store(cg, base, _val(t, cur), pos)
        return cv
    if lv[0] == "dynsel":
        return _assign_dynamic_component(cg, lv[1], lv[2], lv[3], lv[4], v, pos)
    if lv[0] == "memdyn":  # a matrix row in memory picked at run time: each component at its word
        from .memaccess import mem_store

        _, bv, first, stride, count = lv[:5]
        comps = lv[5] if len(lv) > 5 else list(range(count))  # a swizzle of the row: ``gs_m[i].zx = v``
        if len(set(comps)) != len(comps):
            raise cg.err(pos, "l-value specifies const object", 3025)
        vt = NumType(bv.type.base, 1, len(comps), "v") if len(comps) > 1 else NumType(bv.type.base)
        cv = cg.convert(v, vt, pos)
        w = 2 if bv.type.base == DOUBLE else 1  # a double component is a slot pair
        for i, k in enumerate(comps):
            word = cg.alu("iadd", INT, 1, [first, [imm(k * stride)]]) if k else first
            target = _mem_word_at(cg, bv, word)
            if target is None:
                raise NotImplementedError("a run-time row of a matrix in this memory as an assignment destination")
            mem_store(cg, target[1], _val(NumType(bv.type.base), list(cv.slots[w * i:w * i + w])), pos)
        return cv
    t, slots = lv
    check_aggregate_assignment(cg, v.type, t, pos)
    cv = cg.convert(v, t, pos)
    if cg.d3d9 or cg.level9:
        from .doubles import holds_double, read_double

        if holds_double(t):  # a variable takes a double: where the legacy targets refuse it (doubles.read_double)
            read_double(cg, pos)
    for s in slots:
        if s[0] not in ("r", "o", "x", "oDepth", "oMask", "oDepthGE", "oDepthLE", "oStencilRef"):
            raise cg.err(pos, "l-value specifies const object", 3025)
    if len(set(slots)) != len(slots):
        raise cg.err(pos, "l-value specifies const object", 3025)
    src = cv.slots
    if any(s[:3] in {d[:3] for d in slots} for s in src if not is_imm(s)):
        src = cg.materialize_force(src)
    cg.store(slots, src)
    return None


def _assign_dynamic_component(cg: CodegenContext, t: Type, slots: list, iv: Val, path: tuple, v: Val,
                              pos) -> None:
    """``vec[i] = v`` (or ``arr[i] = v`` for an array held in plain temps, ``m[i] = row`` for a local matrix,
    whose slots hold logical rows whatever its packing) with a run-time ``i``, then ``path``: the members,
    swizzles and further indices applied to the picked element (``m[i][j] = v``, ``m[i].yz = v``,
    ``a[i].x = v``, ``m[i].zyx[j] = v``). Every candidate destination becomes ``movc(picked, v, old)`` (fxc
    does the same select, or spills the value to an indexable temp, after unrolling the loop)."""
    for s in slots:
        if s[0] not in ("r", "o", "x"):
            raise cg.err(pos, "l-value specifies const object", 3025)
    et, count = _element_of(cg, t, pos)
    idx = cg.convert(iv, NumType(INT), pos).slots
    conds = [cg.alu("ieq", INT, 1, [idx, [imm(c)]]) for c in range(count)]
    es = len(slots) // count
    groups = [list(slots[c * es:(c + 1) * es]) for c in range(count)]
    for kind, arg, at in path:
        if kind == "member":  # a swizzle of the picked row/element, or a member of a picked struct
            picked = [member(cg, _val(et, g), arg, at) for g in groups]
            et, groups = picked[0].type, [list(p.slots) for p in picked]
        elif arg.const:  # a literal index into the picked element: the same sub-element of every candidate
            picked = [index(cg, _val(et, g), A.Evaluated(at, arg), at) for g in groups]
            et, groups = picked[0].type, [list(p.slots) for p in picked]
        else:  # a run-time index again: every (candidate, sub-element) pair is a candidate
            sub, n = _element_of(cg, et, at)
            w = len(groups[0]) // n
            if isinstance(arg.type, NumType) and arg.type.shape == "v":
                raise cg.err(at, "invalid type for index - index must be a scalar", 3120)
            jdx = cg.convert(arg, NumType(INT), at).slots
            jeq = [cg.alu("ieq", INT, 1, [jdx, [imm(k)]]) for k in range(n)]
            conds = [cg.alu("and", UINT, 1, [cr, je]) for cr in conds for je in jeq]
            groups = [g[k * w:(k + 1) * w] for g in groups for k in range(n)]
            et = sub
    if len(set(groups[0])) != len(groups[0]) or any(s[0] not in ("r", "o", "x") for s in groups[0]):
        raise cg.err(pos, "l-value specifies const object", 3025)  # ``m[i].xx = v``: a repeated component
    check_aggregate_assignment(cg, v.type, et, pos)
    cv = cg.convert(v, et, pos).slots
    new, targets = [], []
    for eq, g in zip(conds, groups, strict=True):
        for k, dst in enumerate(g):
            new.append(cg.alu("movc", UINT, 1, [eq, [cv[k]], [dst]])[0])
            targets.append(dst)
    cg.store(targets, cg.materialize_force(new))
    return None


def _element_of(cg: CodegenContext, t: Type, pos) -> tuple[Type, int]:
    """What one run-time index into ``t`` picks, and how many there are: an array's element, a matrix's
    logical row, a vector's component (index()'s rules for the read)."""
    if isinstance(t, ArrayType):
        return t.elem, t.count
    if isinstance(t, NumType) and not isinstance(t, StructType) and t.shape == "m":
        return NumType(t.base, 1, t.cols, "v"), t.rows
    if isinstance(t, NumType) and not isinstance(t, StructType) and t.shape == "v":
        return NumType(t.base), t.n
    raise cg.err(pos, "array, matrix, vector, or indexable object type expected in index expression", 3121)


def _object_array(v: Val) -> bool:
    """``v`` is a global array of bound objects: a resource array, or (declared in a cbuffer) a table of them."""
    return isinstance(v.obj, tuple) and bool(v.obj) and v.obj[0] == "resarray" or objects.is_ref(v)


def _uniform_object(cg: CodegenContext, name: str, v: Val) -> bool:
    """Whether ``name`` (read as ``v``) is a uniform global object: no local or static of the name, and the global
    a bound resource or resource array -- one declared in a cbuffer / tbuffer too (``cbuffer c { sampler s; }``:
    ``s++``, ``t = t2``, ``f(t)`` of an out parameter are fxc 10.1's X3025 as for a global outside one; session 47)."""
    from .codegen import Resource
    from .layout import global_var_decls

    if any(name in sc for sc in cg.scopes) or not (isinstance(v.obj, Resource) or _object_array(v)):
        return False
    decl = next((d for d in global_var_decls(cg.prog) if d.name == name), None)
    return decl is not None and "static" not in decl.mods  # a static object may be written


#: the object kinds whose uniform globals fxc 10.1 lets code write (``u = u2`` rebinds, ``u++``, an out argument):
#: the UAVs with a writable operator[] -- not the byte-address, append and consume buffers (session 47 probes)
_WRITABLE_UNIFORM_KINDS = RW_KINDS | {"RWStructuredBuffer"}


def refuse_uav_rebinding(v: Val) -> None:
    """A uniform UAV of :data:`_WRITABLE_UNIFORM_KINDS` written as a whole (``u = u2``, ``u++``, an out argument):
    fxc 10.1 compiles it, ``u`` then naming ``u2``'s resource; this compiler rebinds no global: NotSupportedError
    (was X3025, and an element's ``u[0] = u[1]`` was dropped)."""
    t = v.type
    while isinstance(t, ArrayType):
        t = t.elem
    if isinstance(t, ObjectType) and t.kind in _WRITABLE_UNIFORM_KINDS:
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError(f"HLSL: writing the uniform {t.kind} itself (fxc rebinds the global)")


def _holds_writable_uav(t: Type) -> bool:
    """``t`` is a struct (or an array of them) one of whose members, at any depth, is a UAV of
    :data:`_WRITABLE_UNIFORM_KINDS`: fxc 10.1 does not make a global of that type implicitly constant -- ``bar.a =
    1``, ``bar.b++``, ``bar = bar2``, ``bar.t = t2`` compile where ``S`` holds a RWBuffer / RWTexture* /
    RWStructuredBuffer, nested, in an array of structs or in a cbuffer too, and stay X3025 where it holds only
    textures, samplers, buffers, byte-address, append or consume buffers (session 48 probes at ps_5_0)."""
    from .uavcopy import holds_writable_uav

    while isinstance(t, ArrayType):
        t = t.elem
    return isinstance(t, StructType) and holds_writable_uav(t)


def refuse_writable_struct(v: Val) -> None:
    """A write of a uniform global struct that holds a writable-index UAV (:func:`_holds_writable_uav`): fxc
    compiles it on the shader's own copy of the value and the bindings (``bar = bar2; bar.u[0] = 1`` stores into
    ``bar2.u``'s register, listing checked); this compiler builds no such copy: NotSupportedError (was X3025)."""
    if _holds_writable_uav(v.type):
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("HLSL: writing a uniform struct that holds a UAV (fxc writes a copy of the global)")


def _object_member_store_base(cg: CodegenContext, e: A.Node):
    """The object a subscript store writes through when ``e`` names a member object of a uniform global struct
    (``bar.u[xy] = v``, ``bar[1].s.u[0] += 1``, ``InterlockedAdd(bar.u[0], 1)``): the store goes through the
    member's own operator[] and writes no part of the global, which fxc 10.1 compiles whatever else the struct
    holds (session 48; session 47's uniform-object rule had read it as a write of ``bar``: X3025). None when
    ``e`` is no such member."""
    node, member_seen = e, False
    while isinstance(node, (A.Member, A.Index)):
        member_seen = member_seen or isinstance(node, A.Member)
        node = node.a
    if not member_seen or not isinstance(node, A.Ident) or scoped(cg.scopes, node.name) is not None:
        return None
    root = cg.lookup(node.name, node.pos)
    if not (objects.is_ref(root) and objects.has_object(root.type)):
        return None
    v = expr(cg, e)
    return v if isinstance(v.type, ObjectType) or objects.is_ref(v) and isinstance(v.type, ArrayType) else None


def _uniform_element_write(cg: CodegenContext, e: A.Index, root: A.Ident) -> bool:
    """Whether ``e`` (indices only down to ``root``) writes an element or a row of a uniform global object array
    as a whole (``t[0] = t[1]``, ``s[1]++``, ``t[0][1] = x`` of ``Texture2D t[2][2]``) -- not a store through the
    object's own operator[] (``u[0][xy] = v``). fxc 10.1 refuses it, X3025 "global variables are implicitly
    constant", in a cbuffer too, for every kind but :data:`_WRITABLE_UNIFORM_KINDS` (session 47 probes at ps_4_0,
    ps_5_0, ps_5_1 and cs_5_0; was compiled, the element rebound)."""
    if cg.requested_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY or any(root.name in sc for sc in cg.scopes):
        return False
    v = cg.lookup(root.name, root.pos)
    if not _object_array(v) or not _uniform_object(cg, root.name, v):
        return False
    t, node = v.type, e
    while isinstance(node, A.Index):
        if not isinstance(t, ArrayType):
            return False  # a subscript of the object itself
        t, node = t.elem, node.a
    if node is not root:
        return False  # a member's element (``bar[1].u[0] = v``): the member's lvalue judges the element under it
    refuse_uav_rebinding(_val(t, []))
    refuse_writable_struct(_val(t, []))
    return True


def _const_global_object(cg: CodegenContext, name: str) -> bool:
    """Whether ``name`` is a global declared ``const`` that holds objects (``const RWBuffer<uint> u;``): an
    element written through its operator[] is fxc 10.1's X3025 "l-value specifies const object" (session 39)."""
    decl = next((d for d in cg.prog.decls if getattr(d, "name", None) == name), None)
    return decl is not None and "const" in getattr(decl, "mods", ()) and objects.holds_objects(decl.type)


def _single_components(cg: CodegenContext, parts: list, pos) -> None:
    """A swizzle written through a later one names each component once: ``ret.xx.x = 1``, ``ret.xxy.y = 1``,
    ``ret.wzyx.zyx.xx.x = 0.4`` are X3025 "l-value specifies const object" though the last swizzle picks one
    component (d3dcompiler_47 10.1, session 45; ``ret.xyz.xy.x = 1`` compiles)."""
    if len(set(parts)) != len(parts):
        raise cg.err(pos, "l-value specifies const object", 3025)


def lvalue(cg: CodegenContext, e: A.Node, atomic: bool = False):
    """The storage ``e`` names for a write (``atomic``: an Interlocked* destination, which a const object's element
    may be: fxc 10.1 compiles ``InterlockedAdd(l[0], 1)`` on a ``const RWBuffer<uint> l``)."""
    if isinstance(e, A.Ident):
        v = cg.lookup(e.name, e.pos)
        if v.obj is not None and isinstance(v.obj, tuple) and v.obj[0] == "cbvar":
            # fxc's wording for a uniform global (DXC const-default test, fxc-error X3025)
            raise cg.err(e.pos, "global variables are implicitly constant, enable compatibility mode to allow "
                         "modification", 3025)
        if not cg.requested_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY and _uniform_object(cg, e.name, v):
            if _const_global_object(cg, e.name):  # no copy for a const one (uavcopy.py): fxc 10.1's X3025
                raise cg.err(e.pos, "l-value specifies const object", 3025)
            refuse_uav_rebinding(v)
            refuse_writable_struct(v)
            # a uniform object (texture, sampler, buffer, or an array of them) is a global like a uniform value:
            # assigned, stepped or an element written, fxc 10.1's X3025 (session 36 AUD; before, an assignment
            # compiled and ++/-- was not built) -- unless the caller passes /Gec, as for any global (fxc compiles
            # vkd3d hard-copy-prop's ``t1 = t2`` under backcompat)
            raise cg.err(e.pos, "global variables are implicitly constant, enable compatibility mode to allow "
                         "modification", 3025)
        if v.readonly:
            raise cg.err(e.pos, "l-value specifies const object", 3025)
        if v.obj is not None and isinstance(v.obj, tuple) and v.obj[0] in ("tgsm", "mem"):
            return ("mem", v)  # a groupshared global, or a member of an instance in memory (classes.member_scope)
        return (v.type, v.slots)
    if isinstance(e, A.Member):
        base = lvalue(cg, e.a)
        if isinstance(base, tuple) and len(base) == 2 and isinstance(base[0], StructType):
            key = static_member_key(cg, base[0], e.name)
            if key is not None:
                return lvalue(cg, A.Ident(e.pos, key))
        if isinstance(base, tuple) and base[0] == "mem":
            bv = base[1]
            if isinstance(bv.type, NumType) and not isinstance(bv.type, StructType):
                return ("memswz", bv, swizzle_indices(cg, bv.type, e.name, e.pos))
            return ("mem", member(cg, bv, e.name, e.pos))
        if isinstance(base, tuple) and base[0] == "memswz":  # a swizzle of a row/swizzle in memory
            bv, comps = base[1], base[2]
            _single_components(cg, comps, e.pos)
            view = NumType(bv.type.base, 1, len(comps), "v") if len(comps) > 1 else NumType(bv.type.base)
            return ("memswz", bv, [comps[k] for k in swizzle_indices(cg, view, e.name, e.pos)])
        if isinstance(base, tuple) and base[0] == "memdyn":  # a swizzle of a row in memory picked at run time
            _, bv, first, stride, count = base[:5]
            prev = base[5] if len(base) > 5 else list(range(count))
            view = NumType(bv.type.base, 1, len(prev), "v") if len(prev) > 1 else NumType(bv.type.base)
            return ("memdyn", bv, first, stride, count, [prev[k] for k in swizzle_indices(cg, view, e.name, e.pos)])
        if base[0] == "dynsel":  # a swizzle/member of an element picked at run time (``m[i].yz = v``)
            return base[:4] + (base[4] + (("member", e.name, e.pos),),)
        t, slots = base
        _single_components(cg, slots if isinstance(e.a, A.Member) else [], e.pos)
        sub = member(cg, _val(t, slots), e.name, e.pos)
        return (sub.type, sub.slots)
    if isinstance(e, A.Index):
        root = e.a
        while isinstance(root, (A.Index, A.Member)):
            root = root.a
        if isinstance(root, A.Ident) and _uniform_element_write(cg, e, root):
            raise cg.err(e.pos, "global variables are implicitly constant, enable compatibility mode to allow "
                         "modification", 3025)
        if isinstance(root, A.Ident):  # an element of a read-only value (const array, input patch)
            rv = scoped(cg.scopes, root.name)
            # a const object's element (``const RWBuffer<uint> l = u; l[0] = 1;``) is X3025, an atomic on it compiles
            const_obj = rv is None and _const_global_object(cg, root.name) or \
                rv is not None and getattr(rv, "readonly", False) and objects.holds_objects(rv.type)
            if (getattr(rv, "readonly", False) or rv is None and const_groupshared(cg, root.name) or const_obj) and \
                    not (atomic and const_obj):
                raise cg.err(e.pos, "l-value specifies const object", 3025)
        with _indexed_resource(cg, e):
            v = expr_for_index_base(cg, e.a, store=not atomic)
        if isinstance(v, tuple) and v[0] == "memdyn":
            return _mem_dynamic_component(cg, v, [], expr(cg, e.index), e.pos)
        if isinstance(v, tuple) and v[0] == "dynsel":
            # ``m[i][j]`` / ``a[i].yzw[j]`` under a run-time ``i``: a part of each candidate, picked by ``j``
            return v[:4] + (v[4] + (("index", expr(cg, e.index), e.pos),),)
        if isinstance(v, tuple) and (v[0] == "memswz" or (
                v[0] == "mem" and isinstance(v[1].type, NumType) and not isinstance(v[1].type, StructType)
                and v[1].type.shape != "s")):
            return _mem_component_lvalue(cg, v, e.index, e.pos)
        if isinstance(v, tuple) and v[0] == "mem":
            return ("mem", index(cg, v[1], e.index, e.pos))
        if isinstance(v.type, ObjectType):
            from .texsub import is_subscript

            if is_subscript(v):  # t.mips[l] / t.mips[l][p]: read-only (fxc's two wordings, by depth)
                raise cg.err(e.pos, "global variables are implicitly constant, enable compatibility mode to allow "
                             "modification" if len(v.obj) == 3 else "l-value specifies const object", 3025)
            r = index(cg, v, e.index, e.pos)
            return ("mem", r)
        t, slots = v.type, v.slots
        in_regs = (isinstance(t, ArrayType) and 0 < t.count <= 8 and 0 < len(slots) <= 32
                   and all(s[0] in ("r", "o") for s in slots))
        vec = isinstance(t, NumType) and not isinstance(t, StructType) and t.shape in ("v", "m")
        # fxc rejects a run-time index into a vector or matrix here (X3500) unless it sits in a loop, which fxc
        # unrolls so the index becomes a literal (unroll.gen_loop does the same on this X3500); a loop that
        # cannot unroll is kept, and the write becomes a per-element select (``cg.select_writes``). An array is
        # addressable in fxc (an indexable temp), so one held in plain temps (an out/inout array parameter)
        # takes the select anywhere, in a loop or not
        if (vec and cg.select_writes and any(lp["kind"] == "loop" for lp in cg.loops)) or in_regs:
            iv = expr(cg, e.index)
            if not iv.const:
                return ("dynsel", t, slots, iv, ())
        # an array whose elements a run-time index cannot address in place (its elements irregularly laid out in
        # an indexable temp, e.g. an array member of a struct element: ``s[1].arr[i] = v``, ``s[j].arr[i] += v``)
        # is still an array, which fxc addresses: the write becomes the per-element select too
        picked_array = isinstance(t, ArrayType) and not in_regs and bool(slots) and all(
            s[0] in ("r", "o", "x") for s in slots)
        idx_node = e.index
        if picked_array:
            iv = expr(cg, e.index)
            idx_node = A.Evaluated(e.index.pos, iv)
        sub = index(cg, _val(t, slots), idx_node, e.pos)
        if any(s[0] == "l" for s in sub.slots) or (sub.slots and sub.slots[0][0] == "r" and
                                                      sub.slots[0] not in slots):
            if picked_array and not iv.const:
                return ("dynsel", t, slots, iv, ())
            # fxc's wording (d3dcompiler_47 10.1 under Wine, session 36: ``v[k.x] = 10`` on a float4 local); the
            # flag lets a loop retry the write unrolled (unroll._is_dynamic_write)
            err = cg.err(e.pos, "array reference cannot be used as an l-value; not natively addressable", 3500)
            err.dynamic_write = True
            raise err
        return (sub.type, sub.slots)
    if isinstance(e, A.Cast):
        # a cast that only re-views the same components (same component types, same count: float[4] as
        # float4, a struct as another of identical layout, float as float) designates its operand's storage
        # and may be assigned or passed to out/inout; a converting cast is a value (hlsl-specs proposal
        # "Disallow all explicit conversions in inout parameters" describes this legacy rule)
        from .overload import flat_components

        inner = lvalue(cg, e.a)
        if isinstance(inner, tuple) and inner[0] == "mem" and isinstance(inner[1].type, NumType) and \
                not isinstance(inner[1].type, StructType) and inner[1].type == e.type:
            # the same rule for an element in UAV or groupshared memory: a cast to its own type designates it
            # (DXC's atomic_cast passes ``InterlockedOr((uint)buffer[0], …)`` on an RWBuffer<uint>; its
            # atomic_cast1 rejects the converting ``(int)buffer[0]``)
            return inner
        if isinstance(inner, tuple) and inner[0] == "mem" and isinstance(inner[1].type, StructType):
            # a derived struct/class in groupshared memory re-viewed as a base: its leading ``$super`` member
            # (DXC groupshared-base-cast.hlsl passes ``(Base)gs_derived`` to an inout Base parameter; the
            # register-held case is the re-view rule below)
            from .classes import SUPER
            from .memaccess import mem_member

            bv = inner[1]
            while bv.type is not e.type and isinstance(bv.type, StructType) and bv.type.fields and \
                    bv.type.fields[0][0] == SUPER:
                bv = mem_member(cg, bv, 0, bv.type.fields[0][1])  # $super: the first member, offset 0
            if bv.type is e.type:
                return ("mem", bv)
        if isinstance(inner, tuple) and len(inner) == 2 and not isinstance(inner[0], str):
            t, slots = inner
            fa, fb = flat_components(t), flat_components(e.type)
            # a struct re-views only as a struct (a struct cast to float4 is a value). A truncating re-view
            # (int4 as int3, float[4] as float[2], a derived struct as its base) names the leading components:
            # DXC's SemaHLSL more-operators.hlsl keeps ``((int3)i4).x = 1`` next to the converting
            # ``((float4)i4).x = 1`` that it notes as fxc's X4555.
            if fa is not None and fb is not None and fb and fa[:len(fb)] == fb and len(slots) == len(fa) and \
                    isinstance(t, StructType) == isinstance(e.type, StructType):
                return (e.type, list(slots)[:len(fb)])
        # a converting cast: fxc's code generator refuses it (X4555; DXC more-operators records fxc passing
        # ``((float4)i4).x = 1`` in a function nothing calls, so it is no type-check error); a cast that is
        # no conversion at all (int2 -> int3) is the type checker's X3017 first (the same file)
        expr(cg, e)
        raise cg.err(e.pos, "cannot use casts on l-values", 4555)
    if isinstance(e, A.Construct) and isinstance(e.type, NumType) and not isinstance(e.type, StructType) \
            and e.type.shape in ("s", "v"):
        # a vector constructor of l-values designates their components in order: fxc assigns through
        # ``float4(dxSize, dx) = ddx(...)`` (the DirectX SDK's ParallaxOcclusionMapping.fx, compiled by fxc
        # 9.x-10.1 at ps_2_0 and ps_3_0); each argument keeps its storage, so none may convert (the cast rule)
        slots: list = []
        for a in e.args:
            inner = lvalue(cg, a)
            if not (isinstance(inner, tuple) and len(inner) == 2 and isinstance(inner[0], NumType)
                    and not isinstance(inner[0], StructType) and inner[0].base == e.type.base):
                raise cg.err(a.pos, "cannot use casts on l-values", 4555)
            slots += list(inner[1])
        if len(slots) != e.type.n:
            raise cg.err(e.pos, "cannot use casts on l-values", 4555)
        return (e.type, slots)
    raise cg.err(e.pos, "l-value specifies const object", 3025)


def _mem_word_at(cg: CodegenContext, bv: Val, word: list) -> tuple | None:
    """``("mem", scalar)`` naming the word ``word`` (a run-time slot) of ``bv``'s element: structured memory takes
    a run-time word offset (store_structured's byte offset is a register), groupshared a moved base; other
    storage (typed UAV elements) has no per-component address (None)."""
    info = bv.obj
    if info[0] == "tgsm":
        info = ("mem", "tgsm", "g", info[1], imm(0), 0)
    _, kind, file, reg, base, off = info
    st = NumType(bv.type.base)
    if kind == "struct" or (kind == "tgsm" and reg in cg.tgsm_elem):
        if isinstance(off, tuple):
            return ("mem", _val(st, [], ("mem", kind, file, reg, base,
                                        ("dyn", cg.alu("iadd", INT, 1, [[off[1]], word])[0], off[2]))))
        return ("mem", _val(st, [], ("mem", kind, file, reg, base, ("dyn", word[0], off))))
    if kind == "tgsm" and not isinstance(off, tuple):
        return ("mem", _val(st, [], ("mem", kind, file, reg, cg.alu("iadd", INT, 1, [[base], word])[0], off)))
    return None


def _mem_dynamic_component(cg: CodegenContext, v: tuple, rows: list[list[int]], iv: Val, pos) -> tuple:
    """``vec[i]`` / ``m[r]`` / ``m[r][c]`` in UAV or groupshared memory with a run-time index, as a destination
    (fxc addresses the component: store_structured takes a register byte offset). The selected components must
    lie at evenly spaced words (a vector, a matrix row or column in either majority, a constant-index row of
    one): a scalar becomes one memory component (a double: its two words) at the computed offset; a matrix row a
    ``("memdyn", base, first word, stride, count)`` that the next subscript or the row store resolves. A typed
    UAV element is stored whole: one component chosen at run time is X4596 (the element of a one-component type is
    the element itself)."""
    bv = v[1]
    if v[0] == "memdyn":
        first, stride = v[2], v[3]
        k = cg.convert(iv, NumType(UINT), pos, uint_check=False).slots
        if len(v) > 5:  # an index into a swizzle of the row: the swizzle names the component
            if not iv.const:
                raise NotImplementedError("a run-time index into a swizzle of a memory row picked at run time as an "
                                          "assignment destination")
            if k[0][3] >= len(v[5]):
                raise cg.err(pos, "array index out of bounds", 3504)
            k = [imm(v[5][k[0][3]])]
        word = cg.alu("iadd", INT, 1, [first, cg.alu("imul", INT, 1, [k, [imm(stride)]], dst_pos=1, ndst=2)])
        lv = _mem_word_at(cg, bv, word)
        if lv is not None:
            return lv
        raise NotImplementedError("a run-time index into a vector or matrix of this memory as an assignment "
                                  "destination")
    from .memaccess import mem_words

    words = [mem_words(cg, bv, r) for r in rows]
    starts = [w[0] for w in words]
    width = len(rows[0])
    evenly = all(len(w) == width for w in words) and \
        len({b - a for a, b in zip(starts, starts[1:])}) <= 1 and \
        all(len({b - a for a, b in zip(w, w[1:])}) <= 1 for w in words) and \
        len({(w[1] - w[0]) if len(w) > 1 else 0 for w in words}) == 1
    if not evenly:
        raise NotImplementedError("a run-time index into a vector or matrix in UAV or groupshared memory as an "
                                  "assignment destination (components not evenly spaced)")
    step = starts[1] - starts[0] if len(starts) > 1 else 0
    k = cg.convert(iv, NumType(UINT), pos, uint_check=False).slots
    first = cg.alu("iadd", INT, 1, [cg.alu("imul", INT, 1, [k, [imm(step)]], dst_pos=1, ndst=2), [imm(starts[0])]])
    if width == 1:
        lv = _mem_word_at(cg, bv, first)
        if lv is None and bv.obj[1] == "typed":
            # store_uav_typed writes whole elements, so which component the index picks does not matter to what
            # the destination can be: the literal-index form's rules apply (assign "memswz": X4596 unless the
            # element has one component, which is then stored whole; an Interlocked destination refused as such)
            return ("memswz", bv, [0])
        if lv is None:
            raise NotImplementedError("a run-time index into this memory's element as an assignment destination")
        return lv
    inner = words[0][1] - words[0][0]
    return ("memdyn", bv, first, inner, width)


def _mem_component_lvalue(cg: CodegenContext, v: tuple, idx_node: A.Node, pos) -> tuple:
    """``m[r]`` / ``v[i]`` / ``m[r][c]`` of a vector or matrix held in UAV or groupshared memory, as an
    assignment or atomic destination: the components it designates (``("memswz", base, logical
    components)``, what a swizzle of that memory gives), so the store writes them and nothing else moves.
    A run-time index selects among components in memory; it is not built (NotSupportedError)."""
    if v[0] == "memswz":
        bv, comps = v[1], list(v[2])
        rows = [[c] for c in comps]
    else:
        bv = v[1]
        t = bv.type
        rows = ([[r * t.cols + c for c in range(t.cols)] for r in range(t.rows)] if t.shape == "m"
                else [[c] for c in range(t.n)])
    iv = expr(cg, idx_node)
    if isinstance(iv.type, NumType) and iv.type.shape == "v":
        raise cg.err(pos, "invalid type for index - index must be a scalar", 3120)
    if not iv.const:
        return _mem_dynamic_component(cg, v, rows, iv, pos)
    i = cg.convert(iv, NumType(UINT), pos, uint_check=False).slots[0][3]
    if i >= len(rows):
        raise cg.err(pos, "array index out of bounds", 3504)
    return ("memswz", bv, rows[i])


def _object_subscript(cg: CodegenContext, e: A.Node) -> bool:
    """``obj.mips`` / ``obj.sample`` (possibly already subscripted) on a named object: these read through
    the object's own subscript values, never through storage."""
    while isinstance(e, A.Index):
        e = e.a
    if not (isinstance(e, A.Member) and e.name in ("mips", "sample") and isinstance(e.a, A.Ident)):
        return False
    for sc in reversed(cg.scopes):
        if e.a.name in sc:
            return isinstance(getattr(sc[e.a.name], "type", None), ObjectType)
    g = cg.globals.get(e.a.name)
    return isinstance(getattr(g, "type", None), ObjectType)


def _resarray_root(cg: CodegenContext, e: A.Node) -> bool:
    """``e`` subscripts (through indices only) a name bound to a resource array."""
    while isinstance(e, A.Index):
        e = e.a
    if not isinstance(e, A.Ident):
        return False
    lk = cg.lookup(e.name, e.pos)
    return isinstance(lk.obj, tuple) and lk.obj[:1] == ("resarray",)


def expr_for_index_base(cg: CodegenContext, e: A.Node, store: bool = False):
    """The base a written subscript indexes; ``store``: a plain store, not an Interlocked destination (a resource
    array's run-time index is X3500 there, exprs.index)."""
    if _object_subscript(cg, e):
        return expr(cg, e)
    if isinstance(e, (A.Ident, A.Member, A.Index)):
        if isinstance(e, A.Ident):
            lk = cg.lookup(e.name, e.pos)
            # objects and arrays of objects keep their bindings (their slots are empty)
            if isinstance(lk.type, ObjectType) or (isinstance(lk.obj, tuple) and lk.obj[:1] == ("resarray",)) or \
                    objects.is_ref(lk):
                return lk
        if isinstance(e, A.Index) and _resarray_root(cg, e):
            # an element (or a row) of a resource array, bound by literal indices: the outer subscript indexes
            # that resource (``uavs[1][0][i] = v``)
            return index(cg, expr_for_index_base(cg, e.a), e.index, e.pos, store=store)
        member_object = _object_member_store_base(cg, e)
        if member_object is not None:
            return member_object
        lv = lvalue(cg, e)
        if isinstance(lv, tuple) and lv[0] in ("mem", "memswz", "memdyn"):
            return lv
        if lv[0] == "dynsel":
            return lv  # an element picked at run time, indexed again (``m[i][j] = v``, ``a[i].yz[j] = v``)
        if isinstance(lv[0], ObjectType) or (isinstance(lv[0], ArrayType) and objects.has_object(lv[0])):
            # an object held by a local struct/array (``cb.buf[i] = …``): its binding is in the local's
            # object table, which the value read resolves; storage slots hold none
            return expr(cg, e)
        return _val(lv[0], lv[1])
    return expr(cg, e)
