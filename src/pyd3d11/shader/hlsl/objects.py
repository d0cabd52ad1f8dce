"""Objects (textures, samplers, buffers, UAVs) held in local variables, struct fields and local arrays.

HLSL objects are not data: every use must resolve at compile time to one resource binding (D3D11 has no
resource indexing below SM5.1). A local that contains objects therefore keeps, beside its numeric
registers, a table *cells* mapping each object leaf (a path of field names and literal indices) to the
binding it holds; assignments update the table and reads look it up. A read of a leaf that was never
assigned is fxc's "used without having been completely initialized" (X4000); a run-time index into an
array of objects cannot be resolved (X3512). A binding assigned under run-time control flow is only
usable inside that control flow (outside it the reference would depend on the path taken)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError, Pos
from .objcompat import objects_compatible
from .types import (
    BUFFER_KINDS,
    EFFECT_KINDS,
    RW_KINDS,
    SAMPLER_KINDS,
    TEXTURE_KINDS,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    array_leaf,
    leaf_count,  # (re-exported: its callers import it from this module)
)
from .values import SPACE_STRIDE, CBuf

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

REF = "objref"


def has_object(t: Type) -> bool:
    if isinstance(t, ObjectType):
        return True
    if isinstance(t, ArrayType):
        return has_object(t.elem)
    if isinstance(t, StructType):
        return any(has_object(f[1]) for f in t.fields)
    return False


def is_ref(v: Any) -> bool:
    return isinstance(getattr(v, "obj", None), tuple) and len(v.obj) == 3 and v.obj[0] == REF


def _depth(cg: CodegenContext) -> int:
    """Run-time control-flow nesting at the current point of the generated code."""
    d = 0
    for ins in cg.code:
        if ins.op in ("if", "loop", "switch"):
            d += 1
        elif ins.op in ("endif", "endloop", "endswitch"):
            d -= 1
    return d


def settle(cg: CodegenContext, v: Val) -> None:
    """Mark the bindings held by ``v`` as made at the current control-flow depth: they were assigned in code
    that runs on every path to here (an inlined body's one-pass loop left by its only, unconditional
    return)."""
    cells, base = v.obj[1], v.obj[2]
    here = _depth(cg)
    for key, (binding, depth) in list(cells.items()):
        if key[:len(base)] == base and depth > here:
            cells[key] = (binding, here)


def leaves(t: Type, path: tuple = ()) -> list[tuple[tuple, ObjectType]]:
    """Object leaves of ``t`` in declaration order."""
    if isinstance(t, ObjectType):
        return [(path, t)]
    if isinstance(t, ArrayType):
        return [x for i in range(t.count) for x in leaves(t.elem, path + (i,))]
    if isinstance(t, StructType):
        return [x for f in t.fields for x in leaves(f[1], path + (f[0],))]
    return []


def new_local(cg: CodegenContext, t: Type) -> Val:
    """Storage for a local of an object-bearing type: numeric registers plus an empty binding table."""
    from .codegen import Val

    n = t.slots
    if n and isinstance(t, ArrayType):
        epr = (t.elem.slots + 3) // 4
        xr = len(cg.indexable)
        cg.indexable[xr] = t.count * epr
        slots = [("x", (xr, e * epr + j // 4), None, j % 4) for e in range(t.count) for j in range(t.elem.slots)]
    else:
        slots = cg.alloc_slots(n, var=True) if n else []
    return Val(t, slots, (REF, {}, ()))


def is_null(n: A.Node | None) -> bool:
    """``NULL`` (the "Keywords" page: the null object value) where no variable of that name is declared."""
    return isinstance(n, A.Ident) and n.name == "NULL"


def set_null(cg: CodegenContext, dst: Val) -> None:
    """``obj = NULL``: every object leaf of ``dst`` holds no binding again (a later read is X4000)."""
    cells, base = dst.obj[1], dst.obj[2]
    for path, _t in leaves(dst.type):
        cells.pop(base + path, None)


def declare_local(cg: CodegenContext, d: A.VarDecl, scope: dict) -> Val:
    from .check import check_object_array_braces

    check_object_array_braces(cg, d)  # 5.1: no brace list of several objects for an array (X3017)
    v = new_local(cg, d.type)
    scope[d.name] = v
    if d.init is not None and is_null(d.init) and not any("NULL" in sc for sc in cg.scopes) and \
            "NULL" not in cg.globals:
        return v
    if d.init is not None:
        if isinstance(d.init, A.InitList):
            _init_list(cg, v, d.init, d.pos)
        else:
            store(cg, v, cg.expr(d.init), d.pos)
    return v


def _flat_items(cg: CodegenContext, n: A.Node, out: list) -> None:
    if isinstance(n, A.InitList):
        for x in n.items:
            _flat_items(cg, x, out)
    else:
        out.append(cg.expr(n))


def _init_list(cg: CodegenContext, v: Val, init: A.InitList, pos) -> None:
    """``{tex, tex, 1.0, 2.0, 3.0}``: objects fill the object leaves in order, numbers the numeric ones."""
    from .codegen import Val, component_bases, component_units

    items: list = []
    _flat_items(cg, init, items)
    objs: list = []
    units: list = []  # (base, slots) per numeric component: a double is one component in two slots
    for it in items:
        if isinstance(it.type, ObjectType):
            objs.append(it)
            continue
        for path, _t in leaves(it.type):
            objs.append(read(cg, it, path, pos))
        units += component_units(it.type, it.slots)
    targets = leaves(v.type)
    nums = component_bases(v.type)
    if len(objs) != len(targets) or len(units) != len(nums):
        raise cg.err(pos, f"initializer does not match type: expected {len(nums) + len(targets)} components, "
                          f"got {len(units) + len(objs)}", 3017)
    for (path, t), o in zip(targets, objs, strict=True):
        if isinstance(o.type, ObjectType):
            cg.convert(o, t, pos)  # each object leaf takes its own kind and element type (objcompat.py)
        _set(cg, v, path, o, pos)
    out: list = []
    for (b, comp), lt in zip(units, nums, strict=True):
        out += cg.convert_base(Val(NumType(b), comp), lt).slots
    if out:
        cg.store(v.slots, out)


def _set(cg: CodegenContext, v: Val, path: tuple, o: Val, pos) -> None:
    cells, base = v.obj[1], v.obj[2]
    if not isinstance(o.type, ObjectType) or o.obj is None or is_ref(o):
        raise cg.err(pos, f"cannot convert from '{o.type}' to an object", 3017)
    cells[base + path] = (o.obj, _depth(cg))


def read(cg: CodegenContext, v: Val, path: tuple, pos, name: str = "") -> Val:
    """The object at ``path`` inside the object-bearing value ``v`` (X4000 when never assigned)."""
    from .codegen import Val

    t = v.type
    for p in path:
        t = t.elem if isinstance(t, ArrayType) else t.field_offset(p)[1]  # type: ignore[union-attr]
    cells, base = v.obj[1], v.obj[2]
    got = cells.get(base + path)
    if got is None:
        if (cg.major, cg.minor) == (5, 1):  # fxc 10.1 at 5.1: X4575 (a Load, GetDimensions; session 44, REFL)
            raise _unbound(cg.err(pos, UNASSIGNED_51, 4575), t)
        raise _unbound(cg.err(pos, f"'{name or 'object'}': variable used without having been completely initialized",
                              4000), t)
    binding, depth = got
    if binding is CONFLICT or depth > _depth(cg):
        # fxc's object operand stays a run-time value its bytecode validator refuses (merge_if_arms)
        raise _unbound(cg.err(pos, "D3D11 Internal Compiler Error: Invalid Bytecode: Invalid operand type "
                                   f"('{name or 'object'}' holds an object chosen by run-time control flow)", 8000), t)
    return Val(t, [], binding)


def _unbound(exc: HlslError, t: Type) -> HlslError:
    """``exc`` (an object read that names no one binding) marked with the object's type: a sampler argument turns
    it into X3538 (samplerarg.py)."""
    exc.unbound_object = t  # type: ignore[attr-defined]
    return exc


#: the message of an unassigned object's read at shader model 5.1 (:func:`unassigned_read`)
UNASSIGNED_51 = "reading uninitialized value"


def unassigned_read(exc: HlslError) -> bool:
    """Whether ``exc`` is :func:`read`'s error for an object variable never assigned."""
    return (exc.code == 4000 and exc.message.endswith("': variable used without having been completely initialized")) \
        or (exc.code == 4575 and exc.message == UNASSIGNED_51)


#: the binding of an object cell whose value depends on the path taken (several objects reach it)
CONFLICT: Any = ("conflict",)


def _object_cells(cg: CodegenContext) -> list[dict]:
    """The binding tables of every object-bearing variable visible here (locals, a function's statics, the
    global static object variables of static_object_variable -- declared into the outermost scope by
    init_statics --, the objects the functions being inlined return)."""
    found: dict[int, dict] = {}
    values = [v for sc in cg.scopes for v in sc.values()] + list(cg.local_statics.values()) + _results(cg)
    for v in values:
        if is_ref(v):
            found.setdefault(id(v.obj[1]), v.obj[1])
    return list(found.values())


def _results(cg: CodegenContext) -> list:
    """The objects the inlined functions being generated return (inlining.py's ``result_obj``)."""
    return [ctx["result_obj"] for ctx in cg.func_ctx if ctx.get("result_obj") is not None]


def cells_before_if(cg: CodegenContext) -> list[tuple[dict, dict]]:
    """Each visible binding table with a copy of its entries, taken before an ``if``'s arms are generated."""
    return [(c, dict(c)) for c in _object_cells(cg)]


def restart_arm(snap: list[tuple[dict, dict]]) -> list[dict]:
    """The tables as the first arm left them; each table is put back to its state before the ``if``, the state
    the second arm starts from."""
    after = []
    for cells, before in snap:
        after.append(dict(cells))
        cells.clear()
        cells.update(before)
    return after


def merge_if_arms(cg: CodegenContext, snap: list[tuple[dict, dict]], after_then: list[dict],
                  ends: tuple[bool, bool], flat: bool) -> None:
    """The object each cell holds after an ``if`` (called after its endif), as fxc resolves it (d3dcompiler_47
    10.1 under Wine, session 44, REFL): the objects the arms leave, an arm that ends in a return contributing
    none and an unassigned (undefined) value ignored, resolve to that object when they are all one
    (``Texture2D lt; if (c) lt = t; return lt.Load(i);`` binds t; also ``lt = t; if (c) lt = t;``, both arms t,
    ``lt = u; if (c) lt = t; else return 0;``; a function's result returned in both arms: ``if (c > 0) return a;
    return a;``); different objects stay a run-time choice, fxc's internal error
    X8000 where read (``lt = t; if (c) lt = u;``, ``if (c) lt = t; else lt = u;``), as does an undefined one
    beside an object where the if stays a branch (not ``flat``: [branch], /Od and shader model 5.1 unless
    [flatten]; ``[branch] if (c) lt = t;``). At /Od an arm's return is not followed (``ends`` both false). A loop
    or a switch that assigns one keeps it a run-time choice too (X8000, :func:`read`)."""
    here = _depth(cg)
    results = {id(v.obj[1]) for v in _results(cg)}
    for (cells, before), then_cells in zip(snap, after_then, strict=True):
        else_cells = dict(cells)
        # a function's returned objects leave by its returns (tailret.py puts them at the ends of the arms)
        stops = (False, False) if id(cells) in results else ends
        for key in set(before) | set(then_cells) | set(else_cells):
            old = before.get(key)
            arms = [c.get(key) for c, end in ((then_cells, stops[0]), (else_cells, stops[1])) if not end]
            if not arms or all(a == old for a in (then_cells.get(key), else_cells.get(key))):
                continue
            objs: list = []
            for a in arms:
                if a is not None and not any(a[0] is o for o in objs):
                    objs.append(a[0])
            if len(objs) == 1 and (flat or None not in arms) and objs[0] is not CONFLICT:
                cells[key] = (objs[0], here)
            elif objs:
                cells[key] = (CONFLICT, here)
            else:
                cells.pop(key, None)


def resolve(cg: CodegenContext, v: Val, pos, name: str = "") -> Val:
    """A value read from a variable: plain object locals become their binding."""
    if is_ref(v) and isinstance(v.type, ObjectType):
        return read(cg, v, (), pos, name)
    return v


def member(cg: CodegenContext, v: Val, name: str, pos) -> Val:
    """``s.f`` on an object-bearing struct value."""
    from .codegen import Val

    t = v.type
    info = t.field_offset(name) if isinstance(t, StructType) else None
    if info is None:
        raise cg.err(pos, f"'{name}': invalid subscript", 3018)
    off, ft, _sem = info
    sub = Val(ft, v.slots[off:off + ft.slots], (REF, v.obj[1], v.obj[2] + (name,)) if has_object(ft) else None)
    return resolve(cg, sub, pos, name)


def _literal_index(cg: CodegenContext, idx: Val, pos) -> int:
    """A constant index as the element number it names: converted to uint as any index is (a float
    ``2.0`` is element 2; a negative int wraps past every bound)."""
    return int(cg.convert(idx, NumType(UINT), pos).slots[0][3])


def element(cg: CodegenContext, v: Val, idx: Val, pos) -> Val:
    """``a[i]`` on an object-bearing array value: ``i`` must be a compile-time constant."""
    from .codegen import Val

    t = v.type
    if not idx.const or not isinstance(idx.type, NumType):
        raise cg.err(pos, "array index into objects must be a literal expression", 3512)
    i = _literal_index(cg, idx, pos)
    if not 0 <= i < t.count:  # type: ignore[union-attr]
        raise cg.err(pos, "array index out of bounds", 3504)
    es = t.elem.slots  # type: ignore[union-attr]
    et = t.elem  # type: ignore[union-attr]
    sub = Val(et, v.slots[i * es:(i + 1) * es], (REF, v.obj[1], v.obj[2] + (i,)) if has_object(et) else None)
    return resolve(cg, sub, pos)


def target(cg: CodegenContext, e: A.Node) -> Val | None:
    """The object-bearing storage an assignment target names (None: not such a target)."""
    from .exprs import expr

    if isinstance(e, A.Ident):
        for sc in reversed(cg.scopes):
            if e.name in sc:
                v = sc[e.name]
                return v if is_ref(v) else None
        return None
    if isinstance(e, A.Member):
        b = target(cg, e.a)
        if b is None or not isinstance(b.type, StructType):
            return None
        from .codegen import Val

        info = b.type.field_offset(e.name)
        if info is None or not has_object(info[1]):
            return None
        off, ft, _ = info
        return Val(ft, b.slots[off:off + ft.slots], (REF, b.obj[1], b.obj[2] + (e.name,)))
    if isinstance(e, A.Index):
        b = target(cg, e.a)
        if b is None or not isinstance(b.type, ArrayType):
            return None
        from .codegen import Val

        iv = expr(cg, e.index)
        if not iv.const and (cg.major, cg.minor) < (5, 1) and isinstance(iv.type, NumType):
            # a store through a run-time index into a local array holding objects (an array of structs too) is
            # fxc 10.1's X3500 below 5.1 (a read's index stays X3512; session 49 probes at 4.0 / 4.1 / 5.0)
            root = e
            while isinstance(root, (A.Index, A.Member)):
                root = root.a
            raise cg.err(root.pos, "array reference cannot be used as an l-value; not natively addressable", 3500)
        if not iv.const or not isinstance(iv.type, NumType):
            raise cg.err(e.pos, "array index into objects must be a literal expression", 3512)
        i = _literal_index(cg, iv, e.pos)
        if not 0 <= i < b.type.count:
            raise cg.err(e.pos, "array index out of bounds", 3504)
        es = b.type.elem.slots
        return Val(b.type.elem, b.slots[i * es:(i + 1) * es], (REF, b.obj[1], b.obj[2] + (i,)))
    return None


def store(cg: CodegenContext, dst: Val, src: Val, pos) -> None:
    """Copies the objects (and numbers) of ``src`` into the object-bearing storage ``dst``."""
    if isinstance(dst.type, ObjectType):
        if isinstance(src.type, ObjectType):
            cg.convert(src, dst.type, pos)  # the kind and element type must match (objcompat.py): X3017
        _set(cg, dst, (), resolve(cg, src, pos), pos)
        return
    src_objs: list[Val]
    if is_ref(src):
        src_objs = [read(cg, src, p, pos) for p, _t in leaves(src.type)]
    elif isinstance(src.obj, tuple) and src.obj[:1] == ("resarray",):
        from .codegen import Val

        src_objs = [Val(r.type, [], r) for r in src.obj[1]]
    elif isinstance(src.obj, tuple) and src.obj[:1] == ("resrow",):  # sm51.dynamic_index
        from ...errors import NotSupportedError

        raise NotSupportedError("shader model 5.1: a row of a resource array chosen at run time, copied or passed "
                                "whole, is not built")
    else:
        from .assign import object_aggregate_refusal

        raise cg.err(pos, object_aggregate_refusal(src.type, dst.type), 3017)
    dl = leaves(dst.type)
    if len(dl) != len(src_objs) or any(not objects_compatible(o.type, t) for o, (_p, t) in zip(src_objs, dl,
                                                                                                  strict=False)):
        from .assign import object_aggregate_refusal

        raise cg.err(pos, object_aggregate_refusal(src.type, dst.type), 3017)
    for (p, _t), o in zip(dl, src_objs, strict=True):
        _set(cg, dst, p, o, pos)
    if dst.slots:
        cg.store(dst.slots, cg.convert(src, dst.type, pos).slots)


def assign_null(cg: CodegenContext, e: A.Node, value: A.Node, pos) -> bool:
    """``target = NULL`` on object-bearing storage (False: not such an assignment)."""
    if not is_null(value) or any("NULL" in sc for sc in cg.scopes) or "NULL" in cg.globals:
        return False
    t = target(cg, e)
    if t is None:
        return False
    set_null(cg, t)
    return True


def assign(cg: CodegenContext, e: A.Node, v: Val, pos) -> bool:
    """``target = v`` when the target holds objects; False when it is an ordinary target."""
    t = target(cg, e)
    if t is None:
        return False
    store(cg, t, v, pos)
    return True


_BINDABLE = TEXTURE_KINDS | RW_KINDS | BUFFER_KINDS | SAMPLER_KINDS


def holds_objects(t: Type) -> bool:
    """Locals that get a binding table: resource/sampler objects, alone or inside arrays and structs
    (streams, patches and effect objects keep their own handling)."""
    if isinstance(t, ObjectType):
        return t.kind in _BINDABLE
    return has_object(t) and all(k.kind in _BINDABLE for _p, k in leaves(t))


def _render_targets(cg: CodegenContext) -> int:
    """One past the highest SV_Target index the entry point writes (0 when none). fxc numbers a pixel
    shader's unreserved UAVs from there: its objects in DXC's dxilconv dxbc2dxil corpus (getdim, raw_buf1,
    struct_buf1, bufinfo: one SV_Target, the first RW resource at u1), as OMSetRenderTargetsAndUnordered-
    AccessViews requires UAVStartSlot >= NumRTVs. The outputs are flattened by the signature's own rule
    (``elem_list``: a struct's semantic numbering its members, arrays, matrices); an output that rule refuses
    is reported when the signature is bound, so it counts for nothing here."""
    from .overload import entry_definition
    from .sysvalues import MAX_TARGET_INDEX

    entry = entry_definition(cg)
    if entry is None:
        return 0
    outs = [(entry.ret, entry.semantic, "return")] + \
        [(prm.type, prm.semantic, prm.name) for prm in entry.params if "out" in prm.mods or "inout" in prm.mods]
    top = -1
    for t, sem, name in outs:
        if t is VOID:
            continue
        try:
            elems = cg.elem_list(t, sem, entry.pos, name)
        except HlslError:
            continue
        top = max([top] + [idx for _lt, base, idx, _m in elems if base.upper() == "SV_TARGET"])
    # an index past SV_Target7 is refused by the signature (X4502); never a range of 2^32 slots here
    return min(top, MAX_TARGET_INDEX) + 1


def allocate_registers(cg: CodegenContext) -> None:
    """t#/s#/u# for used resources without a reservation, in declaration order, lowest free register
    first; an array takes one contiguous range (all its registers once any element is used). A
    reservation in another register set that passed the declaration's check (cg_resources: a texture in s#,
    a sampler in t#, an array's or a struct member's in any) is ignored while the object is unused; once it is
    used, d3dcompiler_47 10.1 (session 35) fails a sampler's (X4509, "s register binding required") and binds
    any other object as if it had no reservation; a used sampler's is X4509 at the Direct3D 9 targets too (a lone
    ``sampler2D s : register(t5)`` read by tex2D), whose other objects keep X3530 (regclass.py)."""
    from .deadres import drop_dead

    drop_dead(cg)  # used by name only in code that generated nothing (deadres.py)
    from .regclass import wrong_set_message

    for r, pos, reservation in cg.bad_reservations:
        if not r.used:
            continue
        if r.file == "s":  # the Direct3D 9 targets too (d3dcompiler_47 10.1, session 41: ps_2_0 / ps_3_0 / vs_3_0)
            raise cg.err(pos, f"invalid register semantic '{reservation}', or variable must be bound to multiple "
                              "register banks (s register binding required)", 4509)
        if cg.d3d9 is not None:
            raise cg.err(pos, wrong_set_message(r.name, r.type.kind, reservation[0]), 3530)
    # At shader model 5.1 an unused object's register(…) reserves nothing: fxc 10.1 (session 38, REFL) gives the
    # next automatic t#/s#/u# (and tbuffer) that register; below 5.1 the reservation stands, used or not
    sm51 = (cg.major, cg.minor) >= (5, 1)
    used_arrays = {id(r) for g in cg.globals.values() if isinstance(g, tuple) and g[:1] == ("resarray",)
                   and any(x.used for x in g[1]) for r in g[1]}
    taken = {f: {r.reg for r in cg.resources if r.explicit and r.file == f
                 and (not sm51 or r.used or id(r) in used_arrays)} for f in "tsu"}
    taken["t"] |= {cb.reg for cb in cg.cbufs if cb.kind == "tbuffer" and cb.explicit
                   and (not sm51 or cb.used)}  # register(t#) tbuffers
    # a pixel shader's UAVs share slots with its render targets: u# start after them (Direct3D 11's
    # OMSetRenderTargetsAndUnorderedAccessViews: "For pixel shaders, UAVStartSlot should be equal to the number of
    # render-target views being bound"). Shader model 5.1 is Direct3D 12's, whose UAVs are bound apart from the
    # render targets: fxc 10.1's ps_5_1 RasterOrderViews.o (DXDecompiler's corpus) puts its first UAV at u0
    # beside an SV_Target output
    if cg.stage == "ps" and (cg.major, cg.minor) < (5, 1):
        taken["u"] |= set(range(_render_targets(cg)))
    group: dict[int, list] = {}
    arrays: set[int] = set()  # elements of a declared object array (not a class instance's block)
    for g in cg.globals.values():
        if isinstance(g, tuple) and g[:1] == ("resarray",) and g[3:] != ("alias",):  # an alias array: no block
            for r in g[1]:
                group[id(r)] = g[1]
                arrays.add(id(r))
    from .linkage import instance_blocks

    for blk in instance_blocks(cg):  # a class instance's objects, one block per set (this[] bases)
        for r in blk:
            group[id(r)] = blk
    partial: set[int] = set()  # ranges whose unused members reserve a register without being declared
    for blk in cg.reserved_blocks:
        for r in blk:
            group[id(r)] = blk
            partial.add(id(r))
    done: set[int] = set()
    # A tbuffer is bound as a shader resource (a t# register) and placed with the textures in declaration order:
    # fxc 10.1's DynamicIndexing.o / DuplicateNames.o put a tbuffer declared before a StructuredBuffer at t0 and
    # the buffer at t1 (DXC likewise allocates a TextureBuffer among the SRVs in declaration order). A tbuffer and
    # the object declared right after it share a decl_order: the tbuffer, declared first, sorts first.
    tbuffers = [cb for cb in cg.cbufs if cb.kind == "tbuffer" and not cb.explicit and cb.used]
    order = sorted([*cg.resources, *tbuffers], key=lambda r: (r.decl_order, not isinstance(r, CBuf)))
    if cg.d3d9 is None and (cg.major, cg.minor) < (5, 1):
        # Below shader model 5.1 fxc places samplers by their variable's sampler count, the largest first, ties in
        # declaration order (entry parameters after the globals): ``sampler a; sampler b[3];`` binds b at s0-s2
        # and a at s3, an entry parameter ``sampler s[2]`` goes before a global ``sampler g``; the count is the
        # variable's whole one (a range that ends at its last used sampler still sorts by it). Textures and
        # UAVs keep declaration order. d3dcompiler_47 10.1 under Wine, 4_0 / 4_1 / 5_0 and level 9 alike
        # (session 39; tests/test_rules_d3dcompiler_refl_s39.py); the register sets are independent, so sorting
        # the whole list moves nothing else.
        order.sort(key=lambda r: -len(group.get(id(r), (r,))) if getattr(r, "file", None) == "s" else 0)
        # and its automatically placed tbuffers before every other t# object, whatever the declaration order:
        # ``Buffer<float4> b; Texture2D t; tbuffer T {…}`` binds T at t0, b at t1, t at t2 at 4_0 / 5_0 (d3dcompiler_47
        # 10.1 under Wine, session 42, tests/test_rules_reflect_fxc_s42.py; at 5.1 they go after the others: not built)
        order.sort(key=lambda r: not isinstance(r, CBuf))
    from .deadres import LATE

    late = {name[len(LATE):] for name in cg.dead_resources if name.startswith(LATE)} if sm51 else set()
    deferred: list[list] = []

    def place(block: list) -> None:
        free = taken[block[0].file]
        n = 0
        while any(n + i in free for i in range(len(block))):
            n += 1
        for i, x in enumerate(block):
            x.reg = n + i
            # a texture or UAV array keeps its whole range reserved, but fxc declares and binds (RDEF) only the
            # elements read (deadres.py; fxc 10.1 under Wine, session 35)
            x.used = x.used or (id(x) not in partial and id(x) not in arrays)
            free.add(n + i)

    for r in order:
        if isinstance(r, CBuf):  # one t# register, the lowest free
            n = 0
            while n in taken["t"]:
                n += 1
            r.slot = n
            taken["t"].add(n)
            continue
        if r.explicit or id(r) in done:
            continue
        block = group.get(id(r), [r])
        done.update(id(x) for x in block)
        if not any(x.used for x in block):
            continue
        last = max(i for i, x in enumerate(block) if x.used)
        if r.file == "s" and not (sm51 and id(r) in arrays):
            block = block[:last + 1]  # a sampler array reserves only up to its last used element (fxc; 5.1: all)
        if id(r) in arrays and r.name.split("[", 1)[0] in late:
            deferred.append(block)
            continue
        place(block)
    if deferred:
        _place_late(cg, order, group, deferred, place)


#: the first-pass bind point of an array fxc leaves unplaced (an unsigned -1: every other one sorts before it)
_UNPLACED = 0xFFFFFFFF


def _place_late(cg: CodegenContext, order: list, group: dict, deferred: list[list], place) -> None:
    """Shader model 5.1's second pass (d3dcompiler_47 10.1 under Wine, session 40, REFL): an object array whose
    lowest element read is not element 0 gets no register in the first pass (``Texture2D a[4]; Texture2D t;``
    read at ``a[2]`` and ``t`` binds t at t0 and a at t1-t4, where ``a[0]`` read binds a first). The used objects of
    each register set, in declaration order, are then sorted by their first-pass bind point with the C runtime's
    qsort (crtsort.py), those unplaced carrying one key, and the unplaced ones take the lowest free range in the
    order the sort leaves them: two such arrays alone come out in reverse declaration order. The sort is fitted to
    the recorded programs (142 of 148 random ones, 9 of 11 written to vary it): where several arrays are
    unplaced, their relative order in fxc sometimes differs from this model's."""
    from .crtsort import crt_qsort

    waiting = {id(b[0]): b for b in deferred}
    seen: set[int] = set()
    for file in "stu":
        items: list[tuple[int, list]] = []
        for r in order:
            if isinstance(r, CBuf) or getattr(r, "file", None) != file or id(r) in seen:
                continue
            block = group.get(id(r), [r])
            seen.update(id(x) for x in block)
            if not any(x.used for x in block):
                continue
            head = block[0]
            items.append((_UNPLACED if id(head) in waiting else head.reg, waiting.get(id(head), block)))
        for point, block in crt_qsort(items, key=lambda it: it[0]):
            if point == _UNPLACED:
                place(block)


#: the t#/s#/u# registers a shader model 4.x / 5.0 target has (D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT 128,
#: D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT 16, D3D11_1_UAV_SLOT_COUNT 64) and fxc's words for each
_SLOTS = {"t": (128, "texture"), "s": (16, "sampler"), "u": (64, "UAV")}
#: fxc's number for an array element past the last register (the first element being within)
_PAST_END = {"t": 4565, "s": 4510, "u": 4585}


def check_register_limits(cg: CodegenContext) -> None:
    """A used object bound past its register set's last slot below shader model 5.1 (fxc 10.1 under Wine, session 35;
    tests/test_rules_hlsl_fxc_layout_registers.py): X4509 "maximum texture register index exceeded, target has 128
    slots, manual bind to slot t128 failed" where its own reservation is past the end (a tbuffer's t# too, at 5.1
    as well), X4565 / X4510 / X4585 "maximum ps_5_0 texture (sampler, UAV) register index (128) exceeded" for an element of an
    array that starts within. An unused object is not judged; UAVs are judged at shader model 5.0 only."""
    if cg.d3d9 is not None:
        return
    sm51 = (cg.major, cg.minor) >= (5, 1)
    for cb in cg.cbufs:
        # at 5.1 a register of space N > 0 is numbered N * SPACE_STRIDE + register inside the compiler (values.py)
        if cb.kind != "tbuffer" or not cb.explicit or not cb.used or cb.reg is None:
            continue
        reg = cb.reg % SPACE_STRIDE if sm51 else cb.reg
        if reg >= 128:
            raise cg.err(cb.pos, "maximum texture register index exceeded, target has 128 slots, manual bind to "
                                 f"slot t{reg} failed", 4509)
    if sm51:
        return
    for r in sorted(cg.resources, key=lambda r: r.decl_order):
        if not r.used or r.file not in _SLOTS or (r.file == "u" and cg.major < 5):
            continue
        limit, word = _SLOTS[r.file]
        if r.reg < limit:
            continue
        k = int(r.name.rsplit("[", 1)[1][:-1]) if r.name.endswith("]") and "[" in r.name else 0
        if r.reg - k < limit and r.file in _PAST_END:
            target = cg.level9 or f"{cg.stage}_{cg.major}_{cg.minor}"
            raise cg.err(r.pos, f"maximum {target} {word} register index ({limit}) exceeded", _PAST_END[r.file])
        raise cg.err(r.pos, f"maximum {word} register index exceeded, target has {limit} slots, manual bind to slot "
                            f"{r.file}{r.reg} failed", 4509)


def check_register_overlaps(cg: CodegenContext) -> None:
    """Two used objects reserved at one register of a set: fxc X4500 "overlapping register semantics not yet
    implemented 't1'" (a texture or UAV array counts with its whole range once any element is used, as the
    allocation takes it). Sampler arrays are left out: fxc binds only their used elements, which deadres.py
    tells by register and so cannot separate from another sampler on the same register. Unused objects
    reserve nothing. Run on the final generation, where usage follows dead-code removal (deadres.py; a
    resource read only by dead code that shares its register with a live one still counts as used)."""
    check_register_limits(cg)
    group: dict[int, list] = {}
    for g in cg.globals.values():
        if isinstance(g, tuple) and g[:1] == ("resarray",) and g[3:] != ("alias",):
            for x in g[1]:
                group[id(x)] = g[1]
    owner: dict[tuple[str, int], str] = {}
    for r in sorted(cg.resources, key=lambda r: r.decl_order):
        if not r.explicit:
            continue
        block = group.get(id(r), [r])
        if not any(x.used for x in block) or (r.file == "s" and len(block) > 1):
            continue  # a sampler array's used elements are not known here once another sampler shares one
        decl = r.name.split("[", 1)[0]
        key = (r.file, r.reg)
        if owner.setdefault(key, decl) != decl:
            if (cg.major, cg.minor) >= (5, 1):  # X4610 there (sm51.overlap_error)
                from .sm51 import overlap_error

                raise overlap_error(cg, r.file, r.reg % SPACE_STRIDE, r.reg % SPACE_STRIDE)
            raise cg.err(r.pos or Pos("", 1, 1), f"overlapping register semantics not yet implemented "
                                                 f"'{r.file}{r.reg}'", 4500)


def patch_as_array(d: A.VarDecl) -> A.VarDecl:
    """Outside a tessellation entry point's parameters a patch object is an array of its control-point
    type (a global one is a uniform array in $Globals, of any size)."""
    t = d.type
    if isinstance(t, ObjectType) and t.kind in ("InputPatch", "OutputPatch") and t.elem is not None and \
            t.samples > 0:
        import dataclasses

        return dataclasses.replace(d, type=ArrayType(t.elem, t.samples))
    return d


def select(cg: CodegenContext, c: Val, a: Val, b: Val, pos) -> Val:
    """``cond ? objA : objB``: both operands must be objects of one type; the result must still name one
    binding at compile time (a constant condition, or both operands bound to the same resource)."""
    a, b = resolve(cg, a, pos), resolve(cg, b, pos)
    if not (isinstance(a.type, ObjectType) and isinstance(b.type, ObjectType)) or str(a.type) != str(b.type):
        raise cg.err(pos, f"cannot implicitly convert from '{b.type}' to '{a.type}'", 3020)
    if not isinstance(c.type, NumType) or c.type.n != 1:
        raise cg.err(pos, "conditional expression must be a scalar", 3020)
    from .codegen import Val

    if c.const:
        return a if cg.convert_base(Val(NumType(c.type.base), c.slots), "bool").slots[0][3] else b
    if a.obj is b.obj:
        return a
    # fxc keeps the choice a run-time operand its bytecode validator refuses (``Texture2D l = c ? a : b;
    # l.Load(i)``: X8000, d3dcompiler_47 10.1, session 44; a subscript of it is X3669, exprs._indexed_resource)
    raise _unbound(cg.err(pos, "D3D11 Internal Compiler Error: Invalid Bytecode: Invalid operand type (an object "
                               "chosen by run-time control flow)", 8000), a.type)


def compare(cg: CodegenContext, op: str, a: Val, b: Val, pos) -> Val:
    """``objA == objB`` / ``!=``: fxc accepts equality between two objects of one type (DXC object-operators
    and more-operators record fxc-pass for sampler states, X3020 against any other type). Every object
    names one binding at compile time, so the answer is a constant: equal when both name the same one."""
    from .codegen import Val
    from .operands import imm
    from .types import BOOL

    a, b = resolve(cg, a, pos), resolve(cg, b, pos)
    if str(a.type) != str(b.type):
        raise cg.err(pos, "type mismatch", 3020)
    if a.type.kind in EFFECT_KINDS or a.type.kind in ("string", "null"):
        # two shader / state objects, strings or NULLs: fxc 10.1's numberless "internal error: compilation aborted
        # unexpectedly" where the comparison is generated (``return g == h;``, ``NULL != NULL``; a bare ``NULL ==
        # NULL;`` compiles) -- which uses reach code generation is not known here (session 45)
        raise NotSupportedError(f"'{op}' between two '{a.type}' values")
    same = a.obj is b.obj
    return Val(NumType(BOOL), [imm(0xFFFFFFFF if same == (op == "==") else 0)])


# --- objects among the entry point's parameters --------------------------------------------------------
_PARAM_ORDER = 1 << 20  # after every global: fxc allocates the entry point's parameters last


def _chain(n: A.Node) -> tuple[str, tuple] | None:
    """``a.b[1].c`` -> ("a", ("b", 1, "c")); a run-time index ends the path (everything below it)."""
    from .parser import const_eval

    path: list = []
    while True:
        if isinstance(n, A.Member):
            path.insert(0, n.name)
            n = n.a
        elif isinstance(n, A.Index):
            i = const_eval(n.index)
            path[:] = [int(i)] + path if isinstance(i, (int, float)) and not isinstance(i, bool) else []
            n = n.a
        elif isinstance(n, A.Ident):
            return n.name, tuple(path)
        else:
            return None


def _param_uses(f: A.FuncDef, name: str) -> list[tuple]:
    """Leaf-path prefixes of parameter ``name`` that the body reads (the longest member/index chain of each
    reference; a bare reference, e.g. passing the whole struct on, is the empty prefix)."""
    from .codegen import walk

    inner: set[int] = set()
    uses: list[tuple] = []
    for node in walk(f.body):
        if id(node) in inner or not isinstance(node, (A.Member, A.Index, A.Ident)):
            continue
        c = _chain(node)
        if c is None or c[0] != name:
            continue
        sub = node
        while isinstance(sub, (A.Member, A.Index)):
            sub = sub.a
            inner.add(id(sub))
        uses.append(c[1])
    return uses


def _param_needed(f: A.FuncDef, uniform_only: bool = False) -> list[A.Param]:
    return [p for p in f.params if holds_objects(p.type) and not ("out" in p.mods or "inout" in p.mods)
            and ("uniform" in p.mods or not uniform_only)]


def add_param_objects(cg: CodegenContext, f: A.FuncDef, uniform_only: bool = False) -> None:
    """Object leaves of entry-point parameters (``Texture2D t``, ``sampler s``, ``struct {Texture2D t;
    sampler s[3];} in``) are uniform resources named by their path (``in.s[1]``), allocated after the
    globals in parameter order. Once one leaf of a register set is used, the parameter reserves one
    contiguous range of that set: every texture/UAV leaf, but samplers only up to the last used one
    (fxc; unused leaves inside the range are neither declared nor reflected). ``uniform_only``: a geometry
    shader's, whose other parameters are its primitive and streams (gs.uniform_param)."""
    from .codegen import Resource
    from .layout import _leaf_name

    cg.param_objects = {}
    order = _PARAM_ORDER
    from .layout import check_compound_objects

    for p in _param_needed(f, uniform_only):
        check_compound_objects(cg, p.type, p.name, p.pos)
        uses = _param_uses(f, p.name)
        cells: dict = {}
        blocks: dict[str, list] = {}
        # a parameter declared ``uniform`` binds as "$name" (``uniform Texture2D t`` reflects "$t", ``Texture2D t``
        # "t": fxc 10.1 under Wine, session 35; tests/test_rules_hlsl_fxc_layout_bindings.py)
        prefix = "$" if "uniform" in p.mods else ""
        for path, t in leaves(p.type):
            name = prefix + _leaf_name(p.name, path)
            cg.add_resource(A.VarDecl(p.pos, name, t, frozenset()), order)
            order += 1
            r = cg.globals.pop(name)
            if not isinstance(r, Resource):
                continue
            # a use reaches the leaf it names or lies within (``b[0]`` of a Buffer parameter indexes the object)
            r.used = any(path[:len(u)] == u or u[:len(path)] == path for u in uses)
            cells[path] = (r, 0)
            blocks.setdefault(r.file, []).append(r)
        cg.param_objects[p.name] = cells
        for block in blocks.values():
            # the whole range: allocate_registers ends a sampler range at its last used sampler and sorts the
            # samplers by their variable's whole sampler count
            if any(r.used for r in block):
                cg.reserved_blocks.append(block)


def param_value(cg: CodegenContext, p: A.Param, v: Val) -> Val:
    """The entry point's view of parameter ``p``: numbers from the signature, objects bound to the
    resources :func:`add_param_objects` made."""
    from .codegen import Val

    cells = cg.param_objects.get(p.name)
    if cells is None:
        return v
    if isinstance(p.type, ObjectType):
        got = cells.get(())
        return Val(p.type, [], got[0] if got else None)
    return Val(p.type, v.slots, (REF, dict(cells), ()))


def _components(t: Type, path: tuple = ()) -> list[tuple]:
    """Components of ``t`` in HLSL order: ("n",) for a number, ("o", path, kind) for an object."""
    if isinstance(t, ObjectType):
        return [("o", path, t.kind)]
    if isinstance(t, ArrayType):
        return [c for i in range(t.count) for c in _components(t.elem, path + (i,))]
    if isinstance(t, StructType):
        return [c for f in t.fields for c in _components(f[1], path + (f[0],))]
    return [("n",)] * t.slots if isinstance(t, NumType) else []


def components(t: Type) -> list[tuple]:
    """The component kinds of ``t`` in order ("n" for a number, an object's kind), without paths."""
    return [c[:1] if c[0] == "n" else (c[0], c[2]) for c in _components(t)]


def cast(cg: CodegenContext, v: Val, t: Type, pos) -> Val:
    """``(T) x`` between object-bearing aggregates: component-wise (truncating), objects must meet objects of
    the same kind at the same component index; the result carries the bindings of ``x``."""
    from .codegen import Val

    src, dst = _components(v.type), _components(t)
    if len(src) < len(dst) or any(a[0] != b[0] or a[0] == "o" and a[2] != b[2]
                                  for a, b in zip(src, dst, strict=False)):
        raise cg.err(pos, f"cannot convert from '{v.type}' to '{t}'", 3017)
    cells = {b[1]: (read(cg, v, a[1], pos).obj, _depth(cg)) for a, b in zip(src, dst, strict=False)
             if a[0] == "o"}
    slots = cg.convert(Val(v.type, v.slots), t, pos, explicit=True).slots if t.slots else []
    return Val(t, slots, (REF, cells, ()))


def _file_of(t: ObjectType) -> str:
    k = t.kind
    if k in SAMPLER_KINDS or k.startswith("sampler"):
        return "s"
    return "u" if k.startswith(("RW", "Append", "Consume")) else "t"


def struct_leaf_register(d: A.VarDecl, path: tuple, t: ObjectType) -> tuple | None:
    """The reservation of one object leaf of a uniform struct ``d`` (``} foo : register(t1) : register(s1)``):
    the k-th leaf of a register set takes the set's base + k. A leaf whose set the struct does not reserve,
    while it reserves another, keeps a reservation of the wrong set: an error once that leaf is used
    (X3530, :func:`allocate_registers`)."""
    res = {r[0]: r for r in d.registers if r[0] in "tsu"}
    if not res:
        return None
    f = _file_of(t)
    if f not in res:
        return next(iter(res.values()))
    k = 0
    for p, lt in leaves(d.type):
        if p == path:
            break
        k += _file_of(lt) == f
    return (f, res[f][1] + k)


# --- static object variables ---------------------------------------------------------------------------------
def static_object_alias(cg: CodegenContext, d: A.VarDecl) -> Any:
    """``static Texture2D t = g;`` (or ``= g[1]`` with a constant index): a static object variable is no
    resource of its own but another name for the global it is initialised from, so the shader binds and
    reflects ``g`` (a static variable has no register; fxc's resource table lists only uniform globals).
    A static object array takes one such name per element (``static Texture2D a[2] = {t1, t0};`` or
    ``= g`` for a global array) and becomes a resource array of those globals."""
    from .codegen import Resource

    if "static" in d.mods and isinstance(d.type, ArrayType) and isinstance(array_leaf(d.type), ObjectType) \
            and d.init is not None:
        return _static_object_array_alias(cg, d)
    if "static" not in d.mods or not isinstance(d.type, ObjectType) or d.init is None:
        return None
    init = d.init
    if isinstance(init, A.Ident):
        g = cg.globals.get(init.name)
        return g if isinstance(g, Resource) and g.type == d.type else None
    if isinstance(init, A.Index) and isinstance(init.a, A.Ident):
        from .parser import const_eval

        arr = cg.globals.get(init.a.name)
        k = const_eval(init.index)
        if isinstance(arr, tuple) and arr[0] == "resarray" and isinstance(k, int) and 0 <= k < len(arr[1]):
            g = arr[1][k]
            return g if isinstance(g, Resource) and g.type == d.type else None
    return None


def static_object_variable(cg: CodegenContext, d: A.VarDecl) -> bool:
    """``static Texture2D st;`` (no initialiser) at global scope: a variable holding an object, like a local one,
    not a resource of its own. An assignment gives it a global (``st = t2;`` in any function binds and reflects
    t2, the last one assigned where several are; DXC's new_noop_resource_var ``my_uav = uav;``), a read before
    any assignment is X4000 (d3dcompiler_47 10.1 under Wine, session 44, REFL). An array of them too (``static
    Texture2D sa[2]; sa[1] = u;`` binds u at t0)."""
    leaf = array_leaf(d.type) if isinstance(d.type, ArrayType) else d.type
    if "static" not in d.mods or d.init is not None or not isinstance(leaf, ObjectType):
        return False
    return leaf.kind in _BINDABLE


def _static_object_array_alias(cg: CodegenContext, d: A.VarDecl) -> tuple:
    """The resource-array value of a static object array whose initialiser names global objects."""
    from .codegen import Resource, Val

    t = d.type
    leaf = array_leaf(t)
    items: list[A.Node] = []
    stack: list[A.Node] = [d.init]
    while stack:  # brace nesting is flattened, as for any initialiser
        n = stack.pop(0)
        if isinstance(n, A.InitList):
            stack[:0] = list(n.items)
        elif isinstance(n, A.Ident) and isinstance(cg.globals.get(n.name), tuple) and \
                cg.globals[n.name][0] == "resarray":
            items += [A.Evaluated(n.pos, Val(leaf, [], e)) for e in cg.globals[n.name][1]]
        else:
            items.append(n)
    elems = []
    for n in items:
        g = n.value.obj if isinstance(n, A.Evaluated) else \
            static_object_alias(cg, A.VarDecl(d.pos, d.name, leaf, d.mods, init=n))
        other = cg.globals.get(n.name) if isinstance(n, A.Ident) else None
        if g is None and isinstance(other, Resource):  # a global object of another type
            raise cg.err(n.pos, f"cannot convert from '{other.type}' to '{leaf}'", 3017)
        if not isinstance(g, Resource):
            from ...errors import NotSupportedError

            raise NotSupportedError(f"static object array '{d.name}' initialised from something other than "
                                    "global objects of its element type")
        elems.append(g)
    if len(elems) != leaf_count(t):
        raise cg.err(d.pos, f"initializer does not match type: expected {leaf_count(t)} components, got "
                              f"{len(elems)}", 3017)
    # "alias": the elements are independent globals, not one register block (objects.allocate_registers)
    return ("resarray", elems, t, "alias")
