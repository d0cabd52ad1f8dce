"""Shader model 5.1 targets (``*_5_1``): the ranges of a compiled program's registers and its RDEF bindings.

A 5.1 compile runs the 5.0 code generator (the language is 5.0's plus register spaces: MicrosoftDocs
direct3dhlsl "Shader Model 5.1", "Resource binding in HLSL"), then turns the program into the 5.1 register form
(dxbc/sm51.py). Each resource, sampler, UAV and constant buffer variable is one range: an array of objects one
range of consecutive registers, anything else a range of one register, in the space its ``register(x#, spaceN)``
names (space0 otherwise). IDs count the ranges of one register type in (space, lower register) order, the order
of the "Bytecode changes in SM5.1" page's example (tex0 t5 space0 -> T0, tex1 t10 space0 -> T1, tex2 t0 space1
-> T2), which is also the declaration order of its variables; the page states the reflection's bindings and the
declarations are in one order.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...errors import NotSupportedError
from ..dxbc.rdef import Rdef, RdefBinding
from ..dxbc.sm51 import UNBOUNDED, Range
from .cgstate import CodegenContext
from .values import SPACE_STRIDE, Resource

#: D3D_SHADER_INPUT_TYPE -> the register type of its range (D3D_SIT_TBUFFER 1: an SRV range)
_INPUT_FILE = {0: "cb", 1: "t", 3: "s", 2: "t", 5: "t", 7: "t", 4: "u", 6: "u", 8: "u", 9: "u", 10: "u", 11: "u"}


class DynamicElement:
    """An element of a resource array chosen by a run-time index (5.1: "Dynamic indexing using HLSL 5.1"): the
    array's registers from ``elems[0]``'s, plus the temp ``rel`` (a Slot) holding the index. It stands in for a
    Resource where an instruction names the element (memaccess._res_operand / _samp_operand render
    ``t[rN.c + base]``); any other use reads ``reg``, which refuses by name (never the first element)."""

    def __init__(self, elems: list[Resource], rel: tuple, nonuniform: bool = False) -> None:
        self.elems = elems
        self.rel = rel
        #: NonUniformResourceIndex: the operand's extended-token non-uniform bit (spec-facts §2.6, bit 17)
        self.nonuniform = nonuniform

    @property
    def base(self) -> int:
        return self.elems[0].reg

    def __getattr__(self, name: str):
        if name == "reg":
            raise NotSupportedError(f"shader model 5.1: a run-time index into the {self.elems[0].type.kind} array "
                                    f"'{self.elems[0].name.split('[', 1)[0]}' in this operation is not built")
        return getattr(self.elems[0], name)


def dynamic_index(cg, v, iv, pos, nonuniform: bool = False):
    """``tex[i]`` with a run-time ``i`` ("Dynamic indexing using HLSL 5.1"): the element read through a relative
    register index, the flat element number (as uint) in a temp of its own. In an array of arrays, ``tex[i]`` is a
    row chosen at run time, ``("resrow", elements, offset slot, non-uniform)``: the flat offset ``i * row length``, to which the
    next index (literal or not) adds its own, the elements staying the whole array's (one range)."""
    from .codegen import Val
    from .objects import leaf_count
    from .operands import Reg, imm
    from .types import INT, UINT, ArrayType, NumType

    t, elems = v.type, v.obj[1]
    cg.dynamic_resarrays.add(elems[0].name.split("[", 1)[0])
    idx = cg.convert(iv, NumType(UINT), pos).slots[0]
    inner = leaf_count(t.elem) if isinstance(t, ArrayType) else 1
    flat = [idx] if inner == 1 else cg.alu("imul", INT, 1, [[idx], [imm(inner)]], dst_pos=1, ndst=2)
    if v.obj[0] == "resrow":  # the row's run-time offset plus this index; a non-uniform row stays non-uniform
        flat = cg.alu("iadd", INT, 1, [[v.obj[2]], flat])
        nonuniform = nonuniform or v.obj[3]
    if isinstance(t, ArrayType) and isinstance(t.elem, ArrayType):
        return Val(t.elem, [], ("resrow", elems, flat[0], nonuniform))
    tmp = cg.temp()
    cg.emit("mov", Reg("r", (tmp,), None, (0,)), cg.src(flat))
    return Val(elems[0].type, [], DynamicElement(elems, ("r", (tmp,), None, 0), nonuniform))


def add_cb_array(cg, d) -> None:
    """``ConstantBuffer<S> name[N]…[: register(b#[, spaceN])]`` ("Resource binding in HLSL": "a constant buffer
    variable ... of type Foo and size 6", indexed as ``name[i][j].a``): one constant buffer per element, row-major
    from its register, each holding the variable ``name`` of type S; the array is one range (register_ranges) and
    one RDEF constant buffer and binding (rdef_bindings); without register() the array takes the first hole of space0
    it fits in (ResourceBinding.assign_bindings). An unbounded array (``myStuff[][3][8] : register(b2, space3)``, the
    page's example; with register() and D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES, as unbounded resource arrays)
    starts as its first row, the range ``[b#:*]``; a literal index adds the buffers up to it (cb_array_index)."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES
    from .types import ArrayType

    dims, t = [], d.type
    while isinstance(t, ArrayType):
        dims.append(t.count)
        t = t.elem
    unbounded = dims[0] == 0
    if unbounded:
        check_unbounded_allowed(cg, d)
    if unbounded and (d.register is None or not cg.compile_flags & D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES):
        cg.globals[d.name] = ("cbarray", d, None)
        return
    n = 1
    for c in dims[1:] if unbounded else dims:
        n *= c
    cbufs: list = []
    for _ in range(n):
        _new_cb(cg, d, t, cbufs, unbounded, placed=False)
    cg.globals[d.name] = ("cbarray", d, cbufs)


def _new_cb(cg, d, t, cbufs: list, unbounded: bool, placed: bool) -> None:
    """The next buffer of an array of ConstantBuffer<S> (add_cb_array); ``placed``: made while code is generated
    (an unbounded array's literal index), so laid out and bound at once."""
    from . import ast as A
    from .values import CBuf, CbVar

    k = len(cbufs)
    reg = None if d.register is None else d.register + k + d.space * SPACE_STRIDE  # None: placed as one range
    cb = CBuf(f"{d.name}[{k}]", "cbuffer", reg, explicit=reg is not None, pos=d.pos, space=d.space)
    cb.array_name = d.name  # type: ignore[attr-defined]  # one range (register_ranges)
    cb.array_unbounded = unbounded  # type: ignore[attr-defined]
    cb.vars.append(CbVar(A.VarDecl(d.pos, d.name, t), cb))
    if placed:
        cg.layout_cbuffer(cb)
        cb.slot, cb.used = reg, True
    cg.cbufs.append(cb)
    cbufs.append(cb)


def cb_array_index(cg, v, iv, pos):
    """``name[i]`` of an array of ConstantBuffer<S> (add_cb_array): a row, or element ``i``'s S (its buffer's
    variable). A run-time index reads through the buffer index of the operand (cb_array_dynamic)."""
    from .codegen import Val
    from .objects import leaf_count
    from .types import UINT, ArrayType, NumType

    t, cbufs = v.type, v.obj[1]
    if not isinstance(iv.type, NumType):
        raise cg.err(pos, "array index must be a scalar", 3120)
    if not iv.const or len(v.obj) > 2:
        return cb_array_dynamic(cg, v, iv, pos)
    i = cg.convert(iv, NumType(UINT), pos).slots[0][3]
    inner = leaf_count(t.elem) if isinstance(t.elem, ArrayType) else 1
    if t.count == 0:  # unbounded: the buffers up to this row or element
        if (i + 1) * inner > UNBOUNDED_LITERAL_LIMIT:
            raise NotSupportedError(f"shader model 5.1: an unbounded ConstantBuffer<T> array's buffer {i * inner} "
                                    f"(literal indices past {UNBOUNDED_LITERAL_LIMIT - 1}) is not built")
        d = cg.globals[cbufs[0].array_name][1]
        while len(cbufs) < (i + 1) * inner:
            _new_cb(cg, d, cbufs[0].vars[0].decl.type, cbufs, True, placed=True)
    elif i >= t.count:
        raise cg.err(pos, "array index out of bounds", 3504)
    if isinstance(t.elem, ArrayType):
        return Val(t.elem, [], ("cbarray", cbufs[i * inner:(i + 1) * inner]))
    cv = cbufs[i].vars[0]
    cv.used = True
    return cg.global_value(cv)


def cb_array_dynamic(cg, v, iv, pos):
    """``myCB1[i][j].a`` with a run-time index ("Resource binding in HLSL", Constant Buffers): the buffer number
    ``i * row length + j`` in a temp, read as the relative first index of the operand, ``cb[rN.c + first][element]``
    (5.1: ``CB1[rN.c + register][element]``, "Bytecode changes in SM5.1": "index of the constant buffer, offset
    into the particular instance"). A row chosen at run time is ``("cbarray", buffers, offset slot)``."""
    from .codegen import Val, leaf_bases
    from .objects import leaf_count
    from .operands import Reg, imm
    from .types import BOOL, INT, UINT, ArrayType, NumType

    t, cbufs = v.type, v.obj[1]
    idx = cg.convert(iv, NumType(UINT), pos).slots[0]
    inner = leaf_count(t.elem) if isinstance(t.elem, ArrayType) else 1
    flat = [idx] if inner == 1 else cg.alu("imul", INT, 1, [[idx], [imm(inner)]], dst_pos=1, ndst=2)
    if len(v.obj) > 2:
        flat = cg.alu("iadd", INT, 1, [[v.obj[2]], flat])
    if isinstance(t.elem, ArrayType):
        return Val(t.elem, [], ("cbarray", cbufs, flat[0]))
    tmp = cg.temp()
    cg.emit("mov", Reg("r", (tmp,), None, (0,)), cg.src(flat))
    cg.cb_array_slots[cbufs[0].slot] = [cb.slot for cb in cbufs]
    for cb in cbufs:
        cb.vars[0].used = True
    cv = cbufs[0].vars[0]
    rel = ("r", (tmp,), None, 0, "buf")
    slots = [("cb", (cbufs[0].slot, r), rel, c) for r, c in cg.cb_slots(cv.decl.type, cv.offset)]
    bases = leaf_bases(cv.decl.type)
    if BOOL in bases:  # stored 0/1, read as ~0/0 (as Codegen.global_value)
        slots = [cg.alu("ine", INT, 1, [[s], [imm(0)]])[0] if b == BOOL else s for s, b in zip(slots, bases,
                                                                                               strict=True)]
    return Val(cv.decl.type, slots, ("cbvar", cv))


def reg_of(r):
    """What a ("mem", kind, file, reg, ...) value names: the register number, or the run-time-indexed element
    itself (a DynamicElement), rendered by mem_operand."""
    return r if isinstance(r, DynamicElement) else r.reg


def regs_of(r) -> list[int]:
    """The registers an object value may name: its own, or every element of a run-time-indexed array."""
    return [e.reg for e in r.elems] if isinstance(r, DynamicElement) else [r.reg]


def mem_operand(file: str, reg, comps: tuple | None):
    """The operand of a memory access: ``u#`` / ``t#``, or ``u[rN.c + base]`` for a run-time index."""
    from .memaccess import _object_operand
    from .operands import Reg

    if isinstance(reg, int):
        return Reg(file, (reg,), None, comps)
    return _object_operand(reg, comps)


def check_unbounded_allowed(cg, d) -> None:
    """An unbounded array of descriptors (``Texture2D t[]``, ``ConstantBuffer<S> cb[]``: an unbounded descriptor
    table) needs D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES, fxc's /enable_unbounded_descriptor_tables: without
    it fxc refuses the declaration with X3596, "by default, unbounded size descriptor tables are disabled …" (the
    text quoted in microsoft/DirectX-Graphics-Samples issue 509, a 5.1 dynamic-indexing program compiled through
    D3DCompileFromFile without the flag). Raised at the declaration, used or not: X35xx are fxc's declaration
    checks (X3591, a sampler reserved in t#, fires for an unused one too); no record of an unused array."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES

    if not cg.compile_flags & D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES:
        raise cg.err(d.pos, f"'{d.name}': unbounded size descriptor tables are disabled by default; compile with "
                     "/enable_unbounded_descriptor_tables (D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES) or give "
                     "the array a size", 3596)


#: the most elements of an unbounded array a literal index may reach here (each is a Resource of the compiler)
UNBOUNDED_LITERAL_LIMIT = 4096


def add_unbounded(cg, d, order: int) -> None:
    """``Texture2D t[] : register(t3, space1)`` ("Resource binding in HLSL": an unbounded range from its register
    to the end of the space), compiled under D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES (fxc's
    /enable_unbounded_descriptor_tables, DXC issue 1685). The array starts as its element 0; a literal index adds
    the elements up to it (unbounded_element), a run-time one reads through element 0's register. An unbounded array
    of arrays (``tex1[][5][3]``, the page's "Bytecode changes in SM5.1" example) is flattened the same way."""
    from . import ast as A
    from .types import array_leaf

    t = d.type
    check_unbounded_allowed(cg, d)
    if d.register is None:
        raise NotSupportedError("shader model 5.1: an unbounded resource array without register() is not built")
    sub = A.VarDecl(d.pos, f"{d.name}[0]", array_leaf(t), d.mods, None, d.register,
                    inactive_registers=d.inactive_registers, space=d.space)
    cg.add_resource(sub, order)
    first = cg.globals.pop(sub.name)
    cg.globals[d.name] = ("resarray", [first], t, "unbounded")


def check_implicit_array(cg, d) -> None:
    """A global ``T name[]`` with no initialiser at 5.1: only a resource, sampler or UAV array may be unbounded
    ("Resource binding in HLSL": unbounded arrays are descriptor ranges); any other element type (numeric,
    struct, string, effect object) has no size, X3074 "implicit array missing initial value" (fxc /T ps_5_1 on
    DXC's HLSL spec.hlsl, ``extern int arr[];``). Statics and groupshared variables keep their own rules."""
    from .types import EFFECT_KINDS, ArrayType, ObjectType, array_leaf

    t = d.type
    if not (isinstance(t, ArrayType) and t.count == 0) or d.init is not None or d.mods & {"static", "groupshared"}:
        return
    leaf = array_leaf(t)
    if isinstance(leaf, ObjectType) and leaf.kind != "string" and leaf.kind not in EFFECT_KINDS:
        return
    raise cg.err(d.pos, f"'{d.name}': implicit array missing initial value", 3074)


def unbounded_index(cg, v, i: int, pos):
    """``t[i]`` of an unbounded array with a literal ``i``: element ``i``, or for an array of arrays its row ``i``
    (the elements ``i * row length`` on, made when first named)."""
    from .codegen import Val
    from .objects import leaf_count
    from .types import ArrayType

    t, elems = v.type, v.obj[1]
    if not isinstance(t.elem, ArrayType):
        r = unbounded_element(cg, elems, i, pos)
        return Val(r.type, [], r)
    inner = leaf_count(t.elem)
    unbounded_element(cg, elems, (i + 1) * inner - 1, pos)
    return Val(t.elem, [], ("resarray", elems[i * inner:(i + 1) * inner]))


def unbounded_element(cg, elems: list, i: int, pos) -> Resource:
    """Element ``i`` of an unbounded array (add_unbounded), made with those before it when first named."""
    if i >= UNBOUNDED_LITERAL_LIMIT:
        raise NotSupportedError(f"shader model 5.1: an unbounded array's element {i} (literal indices past "
                                f"{UNBOUNDED_LITERAL_LIMIT - 1}) is not built")
    base = elems[0]
    while len(elems) <= i:
        k = len(elems)
        r = Resource(f"{base.name.split('[', 1)[0]}[{k}]", base.type, base.file, reg=base.reg + k,
                     decl_order=base.decl_order, used=True, explicit=True, stride=base.stride, pos=base.pos,
                     space=base.space)
        cg.resources.append(r)
        elems.append(r)
    return elems[i]


def _real(reg: int) -> tuple[int, int]:
    """(register, space) of a compiler register number (values.SPACE_STRIDE)."""
    return reg % SPACE_STRIDE, reg // SPACE_STRIDE


#: register file -> the words of d3dcompiler_47 10.1's X4610 for it
_RANGE_WORDS = {"t": ("SRV", "T"), "u": ("UAV", "U"), "s": ("Sampler", "S"), "cb": ("cbuffer", "CB"), "b": ("cbuffer", "CB")}


def overlap_error(cg: CodegenContext, file: str, low: int, up: int):
    """At 5.1 two used bindings sharing registers of one space are fxc's link-time X4610 "SRV binding ranges overlap
    for range T[1:1]" (d3dcompiler_47 10.1, session 43: textures, samplers, UAVs, cbuffers, arrays; 5.0's X4500
    "overlapping register semantics not yet implemented" is not printed at 5.1); ``low`` / ``up``: the registers
    shared, without the space."""
    from .diagnostics import Pos

    kind, letter = _RANGE_WORDS[file]
    return cg.err(Pos("", 1, 1), f"{kind} binding ranges overlap for range {letter}[{low}:{up}]", 4610)


def _check_array_tails(cg: CodegenContext) -> None:
    """An array of objects is one range of its whole length at 5.1 ("Resource binding in HLSL"); a uniform
    struct's member array binds only the elements up to the last one used (the 5.0 allocation), so the registers
    of its tail may be another object's. fxc fails such a shader at 5.1: vkd3d object-parameters records
    ``struct { sampler unused0; sampler sam[3]; … } input`` with ``input.sam[1]`` used beside a sampler bound
    right after it failing with X4609 "Overflow of resource binding range" (and, with a global sampler there, an
    internal "Sampler s3 already declared")."""
    arrays: dict[str, dict[int, Resource]] = {}
    for r in cg.resources:
        base, sep, tail = r.name.rpartition("[")
        if sep and tail.endswith("]") and tail[:-1].isdigit():
            arrays.setdefault(base, {})[int(tail[:-1])] = r
    for name, by_index in arrays.items():
        elems = [by_index.get(i) for i in range(max(by_index) + 1)]
        bound = [r for r in elems if r is not None and r.reg >= 0]
        if len(bound) == len(elems) or not any(r.used for r in bound) or None in elems:
            continue
        if [r.reg for r in bound] != list(range(bound[0].reg, bound[0].reg + len(bound))):
            continue
        last = bound[0].reg + len(elems) - 1
        mine = {id(r) for r in elems}
        for r in cg.resources:
            if r.used and r.file == bound[0].file and id(r) not in mine and bound[-1].reg < r.reg <= last:
                from .diagnostics import Pos

                low, space = _real(bound[0].reg)
                raise cg.err(Pos("", 1, 1), f"Overflow of resource binding range: '{name}' ({r.file}{low}-"
                                            f"{r.file}{low + len(elems) - 1}, space{space}) reaches '{r.name}'", 4609)


_ROOT = re.compile(r"[^.\[]+")
#: a struct's first used leaf that is an element past the first of a member array (``g.x[1]``)
_LATE_MEMBER = re.compile(r"[^.\[]+\.[^.\[]+\[([1-9]\d*)\]")


def _check_struct_ranges(cg: CodegenContext) -> None:
    """fxc 10.1 binds a uniform struct's objects at 5.1 as one range named by the variable (global or entry
    parameter), which its own binding pass then overflows (d3dcompiler_47 10.1 under Wine, session 40, REFL;
    vkd3d object-parameters calls it a compiler bug): X4609 "Overflow of resource binding range" when the struct's
    used objects are of two register sets (a texture and a sampler read), or when an object of the set of its used
    ones, read and given its register automatically, is placed after it (declared later, or a later entry
    parameter: ``struct S { Texture2D x; }; S g; Texture2D o;`` reading g.x and o). A struct whose first used
    object is an element past the first of a member array (``g.x[1]``) is placed after the others and overflows
    nothing (the member array's own tail is _check_array_tails'). A struct given a register() is left alone: 10.1
    fails it too (``struct { Texture2D tex; sampler sam; } foo : register(t1) : register(s1)``), but the vkd3d
    shader tests, whose expectations are this project's measure, record it compiling at 5.1
    (register-reservations-resources L214), so the compiler they were checked with does not share this case. The
    struct's other reflection (its range's name and count) is not fxc's here."""
    roots: dict[str, list[Resource]] = {}
    for r in cg.resources:
        if "." in r.name and r.used and r.reg >= 0:
            roots.setdefault(_ROOT.match(r.name).group(0), []).append(r)  # type: ignore[union-attr]
    for root, leaves in roots.items():
        if any(r.explicit for r in leaves):
            continue
        files = {r.file for r in leaves}
        late = _LATE_MEMBER.match(leaves[0].name) is not None
        after = None
        if len(files) == 1 and not late:
            last = max(r.decl_order for r in leaves)
            after = next((r for r in cg.resources if r.used and r.reg >= 0 and not r.explicit and r.file in files
                          and r.decl_order > last and _ROOT.match(r.name).group(0) != root), None)  # type: ignore[union-attr]
        if len(files) > 1 or after is not None:
            from .diagnostics import Pos

            why = f"reaches '{after.name}'" if after is not None else "holds objects of two register sets"
            raise cg.err(Pos("", 1, 1), f"Overflow of resource binding range: '{root}' {why}", 4609)


def register_ranges(cg: CodegenContext) -> tuple[dict[str, list[Range]], dict[tuple[str, int], str]]:
    """The ranges of each register type (``s``, ``t``, ``u``, ``cb``) in ID order, and the variable name of each
    ``(type, ID)``. Raises NotSupportedError for what the 5.1 form here does not build."""
    _check_array_tails(cg)
    _check_struct_ranges(cg)
    found: dict[str, list[tuple[int, int, int, int, str]]] = {"s": [], "t": [], "u": [], "cb": []}
    grouped: set[int] = set()
    for name, g in cg.globals.items():
        if not (isinstance(g, tuple) and g[:1] == ("resarray",) and g[3:] != ("alias",)):
            continue
        elems: list[Resource] = [r for r in g[1] if r.used and r.reg >= 0]
        if not elems:
            continue
        if g[3:] == ("unbounded",):  # one range from element 0's register on (add_unbounded)
            first = g[1][0]
            low, space = _real(first.reg)
            found[first.file].append((space, low, UNBOUNDED, first.reg, name))
            grouped.update(id(r) for r in g[1])
            continue
        regs = [r.reg for r in elems]
        if regs == list(range(regs[0], regs[0] + len(regs))) and len({r.file for r in elems}) == 1:
            low, space = _real(regs[0])
            found[elems[0].file].append((space, low, low + len(regs) - 1, regs[0], name))
            grouped.update(id(r) for r in elems)
    ranged = {name for name, g in cg.globals.items() if isinstance(g, tuple) and g[:1] == ("resarray",) and
              any(id(r) in grouped for r in g[1])}
    for name in cg.dynamic_resarrays - ranged:
        # a run-time index reads past its element's register: only an array that is one range may take one
        raise NotSupportedError(f"shader model 5.1: a run-time index into '{name}' (not one register range: a "
                                "struct's member array or registers not consecutive) is not built")
    for r in cg.resources:
        if r.used and r.reg >= 0 and id(r) not in grouped:
            low, space = _real(r.reg)
            found[r.file].append((space, low, low, r.reg, r.name))
    arrays: dict[str, list] = {}
    for cb in cg.cbufs:
        if cb.slot is None or cb.slot < 0 or not cb.used:
            continue
        if getattr(cb, "array_name", None) is not None:  # an array of ConstantBuffer<S>: one range (add_cb_array)
            arrays.setdefault(cb.array_name, []).append(cb)
            continue
        low, space = _real(cb.slot)
        # a tbuffer is read from a t# register (tbuffer.py): a range of one SRV register
        found["t" if cb.kind == "tbuffer" else "cb"].append((space, low, low, cb.slot, cb.name))
    for name, cbs in arrays.items():
        low, space = _real(cbs[0].slot)
        up = UNBOUNDED if cbs[0].array_unbounded else low + len(cbs) - 1
        found["cb"].append((space, low, up, cbs[0].slot, name))
    ranges: dict[str, list[Range]] = {}
    names: dict[tuple[str, int], str] = {}
    for file, items in found.items():
        items.sort()
        for (sp0, _l0, up0, _s0, _n0), (sp1, low1, up1, _s1, _n1) in zip(items, items[1:]):
            if sp0 == sp1 and low1 <= up0:  # two ranges of one space sharing registers (an unbounded one too)
                raise overlap_error(cg, file, low1, min(up0, up1))
        ranges[file] = [Range(i, low, up, space, src) for i, (space, low, up, src, _n) in enumerate(items)]
        for i, item in enumerate(items):
            names[(file, i)] = item[4]
    return ranges, names


def _range_of(ranges: dict[str, list[Range]], file: str, reg: int) -> Range | None:
    return next((r for r in ranges.get(file, ()) if r.holds(reg)), None)


#: D3D_SIT_UAV_RWSTRUCTURED and D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER (d3dcommon.h)
_RW_STRUCTURED, _RW_STRUCTURED_WITH_COUNTER = 6, 11


#: D3D_CT_RESOURCE_BIND_INFO: a structured buffer's description, named by reflect._bind_info_buffers
_BIND_INFO = 3


def rdef_bindings(rdef: Rdef, ranges: dict[str, list[Range]], names: dict[tuple[str, int], str]) -> None:
    """Give ``rdef`` (built with the compiler's register numbers) the 5.1 bindings: one per range, its name the
    variable's, bind point the range's lower register, bind count its length, with its space and ID."""
    out: list[RdefBinding] = []
    seen: dict[tuple[str, int], int] = {}
    for b in rdef.bindings:
        file = _INPUT_FILE.get(b.input_type)
        r = _range_of(ranges, file, b.bind_point) if file is not None else None
        if r is None:
            raise NotSupportedError(f"shader model 5.1: binding '{b.name}' has no register range")
        if (file, r.id) in seen:
            # a range is one declaration: one element's hidden counter makes it dcl_uav_structured_opc (to_sm51),
            # so its binding is RWStructuredBuffer-with-counter as the 5.0 binding of that element is
            at = seen[(file, r.id)]
            if b.input_type == _RW_STRUCTURED_WITH_COUNTER and out[at].input_type == _RW_STRUCTURED:
                out[at] = replace(out[at], input_type=_RW_STRUCTURED_WITH_COUNTER)
            continue
        seen[(file, r.id)] = len(out)
        # an unbounded range's bind count is 0 (the listing's "unbounded"; inferred, no fxc RDEF of one was found)
        count = 0 if r.upper == UNBOUNDED else r.upper - r.lower + 1
        out.append(replace(b, name=names[(file, r.id)], bind_point=r.lower, bind_count=count, space=r.space,
                           id=r.id))
    # an array of ConstantBuffer<S> is one constant buffer description, named as its binding (add_cb_array)
    # (its variable flagged used when any element's is)
    bound = {b.name for b in out}
    kept, firsts = [], {}
    for c in rdef.constant_buffers:
        base, sep, tail = c.name.rpartition("[")
        if sep and tail[:-1].isdigit() and base in bound and c.name not in bound and c.type != _BIND_INFO:
            if base in firsts:
                for v0, v in zip(firsts[base].variables, c.variables, strict=True):
                    v0.flags |= v.flags
                continue
            # the variable of an array's description reflects one element (Elements 1), whatever the array's
            # shape (fxc 10.1 under Wine, session 35: ``ConstantBuffer<S> cbs[2][2]`` too)
            c = firsts[base] = replace(c, name=base, variables=[replace(v, type=replace(v.type, elements=1))
                                                               for v in c.variables])
        kept.append(c)
    rdef.constant_buffers = kept
    # one order for the bindings and the declarations' IDs ("Bytecode changes in SM5.1"): samplers, SRVs, UAVs,
    # constant buffers (the 5.0 table's order of kinds), each by ID
    kinds = {"s": 0, "t": 1, "u": 2, "cb": 3}
    rdef.bindings = sorted(out, key=lambda b: (kinds[_INPUT_FILE[b.input_type]], b.id))
