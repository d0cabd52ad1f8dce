"""Which constant buffers and globals fxc reflects: helpers for the code generator's collection,
usage marking and binding passes (rules read from fxc listings of the SDK samples in the
dxbc-corpus)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import ast as A

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def global_var_decls(prog: A.Program) -> Iterator[A.VarDecl]:
    """Every global variable declaration in source order, including those written inside a cbuffer
    (a ``static`` member of a cbuffer is an ordinary static global for fxc)."""
    for d in prog.decls:
        if isinstance(d, A.VarDecl):
            yield d
        elif isinstance(d, A.CBufferDecl):
            yield from d.members


def shader_roots(cg: CodegenContext, fdef: A.FuncDef) -> list[A.FuncDef]:
    """The functions whose code a shader contains: the entry point and, for a hull shader, its
    patch-constant function (whose constant buffers fxc reflects as used)."""
    roots = [fdef]
    if cg.stage == "hs":
        v = cg.entry_attrs.get("patchconstantfunc")
        if v and len(v) == 1 and isinstance(v[0], A.Literal) and isinstance(v[0].value, str):
            roots += [f for f in cg.funcs.get(v[0].value, []) if f.body is not None]
    return roots


def referenced_names(cg: CodegenContext, roots: list[A.FuncDef]) -> tuple[set[str], set[str]]:
    """(identifiers the code reachable from ``roots`` names, including those read by the initialisers of
    the statics it names and by the functions those initialisers call (``static B b = MakeB();``, whose
    code runs at the start of the shader); the functions reached)."""
    from .classes import ClassType
    from .codegen import walk

    seen: set[str] = set()
    stack = list(roots)
    names: set[str] = set()
    inits = {d.name: d for d in global_var_decls(cg.prog) if d.init is not None}
    walked: set[str] = set()
    # class methods by name: a method call (``obj.m()``, ``m()`` inside a method, ``Base::m()``) reaches every
    # method of that name (the object's class is not known here; an over-approximation that only marks
    # globals a method of that name reads) -- their globals were missed (cb slot -1 in the listing)
    methods: dict[str, list[A.FuncDef]] = {}
    for d in cg.prog.decls:
        if isinstance(d, A.TypeDecl) and isinstance(d.type, ClassType):
            for name, fl in d.type.methods.items():
                methods.setdefault(name, []).extend(f for f in fl if f.body is not None)
    method_ids = {id(f) for fl in methods.values() for f in fl}
    # a vertex shader's [clipplanes(...)] arguments are read by its clip distances (entryattrs)
    clip_args = cg.entry_attrs.get("clipplanes") if cg.stage == "vs" else None

    def visit(node: A.Node) -> None:
        if isinstance(node, A.Ident):
            names.add(node.name)
        elif isinstance(node, A.Call) and node.name in cg.funcs:
            stack.extend(x for x in cg.funcs[node.name] if x.body is not None)
        if isinstance(node, (A.Call, A.MethodCall)) and methods:
            stack.extend(methods.get(node.name.rsplit("::", 1)[-1], ()))

    for arg in clip_args or ():
        for node in walk(arg):
            visit(node)
    done: set[int] = set()  # each function once; overloads share a name, so they are told apart by identity
    while True:
        while stack:
            f = stack.pop()
            if id(f) in done:
                continue
            done.add(id(f))
            if id(f) not in method_ids:
                seen.add(f.name)
            _walk_scoped(f, visit)
        pending = [n for n in inits if n in names and n not in walked]  # statics' initialisers may read
        if not pending:                                                  # uniforms, statics and functions
            return names, seen
        for n in pending:
            walked.add(n)
            for node in walk(inits[n].init):
                visit(node)


def _walk_scoped(f: A.FuncDef, visit) -> None:
    """``visit`` every node of ``f``, except the identifiers that name one of its parameters or a local declared
    before them in an enclosing block: those do not read the global of that name (DXC's dxbc2dxil ``double3``:
    ``bool b1;`` at file scope and ``bool b1 = t1 == t2;`` in main -- fxc's object has no $Globals). A ``for``
    initialiser's declarations hide the global inside the loop only (whether fxc's older scoping lets them
    outlive it is not modelled: counting the global as read there keeps a buffer, it never loses one), and a
    declaration's own initialiser still reads the global."""
    def scan(n, scopes: list[set[str]]) -> None:
        if isinstance(n, A.Ident):
            if not any(n.name in sc for sc in scopes):
                visit(n)
            return
        if isinstance(n, A.Block):
            inner = scopes + [set()]
            for st in n.stmts:
                scan(st, inner)
            return
        if isinstance(n, A.DeclStmt):
            visit(n)
            for d in n.decls:
                scan(d, scopes)
                if scopes:
                    scopes[-1].add(d.name)
            return
        if isinstance(n, A.For):
            visit(n)
            inner = scopes + [set()]
            for part in (n.init, n.cond, n.step, n.body):
                scan(part, inner)
            inner[-1].clear()
            return
        if isinstance(n, A.Node):
            visit(n)
            for v in vars(n).values():
                if isinstance(v, (A.Node, list, tuple, dict)):
                    scan(v, scopes)
        elif isinstance(n, (list, tuple)):
            for v in n:
                scan(v, scopes)
        elif isinstance(n, dict):
            for v in n.values():
                scan(v, scopes)

    visit(f)
    for prm in f.params:
        scan(prm, [])
    scan(f.body, [{prm.name for prm in f.params}])


def _final_code(cg: CodegenContext) -> list:
    return [ph["code"] for _, ph in cg.tess.hs_phases] if cg.stage == "hs" else [cg.code]


@dataclass(slots=True)
class CbReads:
    """What the final code reads from constant buffers (layout.cb_reads)."""

    words: dict[int, set[tuple[int, int]]]  # slot -> (register, component) pairs it can read
    dynamic: set[int]  # slots read with a run-time register index (``cb0[r0.x + 4]``)
    through_this: bool  # some read picks its buffer at run time (class instance data via ``this``)


def cb_reads(cg: CodegenContext, codes: list | None = None) -> CbReads:
    """The constant-buffer reads of the final code (``codes``: these instruction lists instead). A
    dynamically indexed read reaches every element of the indexed array (dynpick.dynamic_element records
    the last register and the element stride); one whose array is unknown reaches the rest of the buffer."""
    sizes = {cb.slot: max(1, cb.size // 16) for cb in cg.cbufs}
    out = CbReads({}, set(), False)
    for code in _final_code(cg) if codes is None else codes:
        for ins in code:
            for a in ins.args:
                if a.file == "cbthis" or (a.file == "cb" and len(a.idx) != 2):
                    out.through_this = True  # class instance data (linkage.py)
                    continue
                if a.file != "cb":
                    continue
                slot, reg = a.idx
                comps = set(a.comps) if a.comps else {0, 1, 2, 3}
                if a.rel is not None and a.rel[4:5] == ("buf",):  # 5.1: any buffer of its array (sm51.cb_array_index)
                    for s in cg.cb_array_slots.get(slot, [slot]):
                        out.words.setdefault(s, set()).update((reg, c) for c in comps)
                    continue
                if a.rel is None:
                    regs: range | list[int] = [reg]
                else:
                    out.dynamic.add(slot)
                    last, stride = cg.cb_reach.get((slot, reg), (sizes.get(slot, 1) - 1, 1))
                    regs = range(reg, last + 1, stride)
                out.words.setdefault(slot, set()).update((r, c) for r in regs for c in comps)
    return out


def cb_declarations(cg: CodegenContext) -> dict[int, tuple[int, bool]]:
    """Per constant-buffer slot read by the final code: (registers to declare in ``dcl_constantbuffer
    cbN[size]``, whether it is dynamically indexed). The size is one past the highest register the code
    can read, as fxc declares it (a buffer bound smaller than the whole declaration but covering this
    still draws without the debug layer's CONSTANT_BUFFER_TOO_SMALL warning); a buffer no code reads is
    declared ``[1]`` (absent here); one holding class instances is whole when code reaches instance data
    through ``this``."""
    reads = cb_reads(cg)
    out = {slot: (max(r for r, _ in rs) + 1, slot in reads.dynamic) for slot, rs in reads.words.items()}
    if reads.through_this:
        for cb in cg.cbufs:
            if any(has_class_instance(v.decl.type) for v in cb.vars):
                out[cb.slot] = (max(1, cb.size // 16), cb.slot in reads.dynamic)
    return out


def has_class_instance(t) -> bool:
    from .classes import ClassType
    from .types import array_leaf

    return isinstance(array_leaf(t), ClassType)


def mark_read_cb_variables(cg: CodegenContext) -> None:
    """fxc flags a constant-buffer variable used when the optimised code reads any of its bytes: a
    variable referenced only by code the optimiser removed (the untaken side of ``if (FLAG && …)``
    with FLAG 0: CascadedShadowMaps11 m_fCascadeBlendArea) is reflected unused. Class instances keep
    the flag they got (their data is reached through ``this``).

    A hull shader's variable that its control-point function names takes the flag of the control-point
    phase alone, as if fxc reflected that function first and added the patch-constant function's
    variables after: SubD11_HS/SubD11_HS_4444 flag ``g_TanM`` unused — named by the control-point
    function, whose live code never reads it, and read only by the patch-constant phases — while
    ``g_fCi``, named by the patch-constant function alone, is flagged used. Every other hull shader of
    the corpus agrees (their control-point functions name no constant)."""
    reads = cb_reads(cg).words
    cp_reads: dict[int, set[tuple[int, int]]] = {}
    if cg.stage == "hs" and cg.tess.hs_phases:
        cp_reads = cb_reads(cg, [cg.tess.hs_phases[0][1]["code"]]).words

    def read(v, rs: dict[int, set[tuple[int, int]]]) -> bool:
        size, _ = cg.cb_size(v.decl.type)
        return any(v.offset <= r * 16 + c * 4 < v.offset + size for r, c in rs.get(v.cb.slot, ()))

    for cb in cg.cbufs:
        if cb.kind == "cbuffer" and not cb.used:
            # a buffer the code does not read (deadres.dead_buffers) or never named: none of its variables is read
            for v in cb.vars:
                v.used = False
            continue
        if cb.kind != "cbuffer" or cb.slot < 0:
            continue
        for v in cb.vars:
            if v.used and not has_class_instance(v.decl.type):
                v.used = read(v, cp_reads if v.decl.name in cg.tess.cp_names else reads)
    # A tbuffer's variables: fxc flags, for each element its code loads, only the variable holding the first
    # component the load reads -- `tbuffer T { float a; float b; float c; }` read whole flags a alone, `return
    # c + b;` b alone (fxc 10.1 under Wine, session 35: tests/test_rules_hlsl_fxc_layout_tbuffer.py). Judged on
    # the components the generated code reads of each element (tbuffer.lower_tbuffer_reads).
    tb_reads: dict[int, set[tuple[int, int]]] = cg.tb_reads
    for cb in cg.cbufs:
        if cb.kind != "tbuffer" or cb.slot < 0 or not cb.used:
            continue
        first: dict[int, int] = {}
        for r, c in tb_reads.get(cb.slot, ()):
            first[r] = min(c, first.get(r, c))
        loads = {cb.slot: set(first.items())}
        for v in cb.vars:
            if v.used:
                v.used = read(v, loads)


def check_packoffset_objects(cg: CodegenContext) -> None:
    """A sampler declared in a cbuffer with ``packoffset`` but no ``register`` cannot be bound: fxc
    rejects it once the shader uses it (vkd3d cbuffer.shader_test, samplers with packoffset). Below shader model
    5.1 an object's offset with a component other than x is X3530 "register or offset bind c1.y not valid"
    (d3dcompiler_47 10.1 under Wine, session 36). At 5.1 fxc refuses every object member with ``packoffset`` (X3591
    "incorrect bind semantic"), but the shared corpus's cbuffer.shader_test expects those sections to compile at
    every model from 4.0 (its L609/L642/L655/L666/L827, checked at 5.1 by the compile-only runner): the corpus's
    expectation is kept, and the 5.1 refusal is not built."""
    from .codegen import Resource, holds_objects

    for d in cg.prog.decls:
        if not isinstance(d, A.CBufferDecl):
            continue
        for m in d.members:
            if m.packoffset is not None and holds_objects(m.type) and (cg.major, cg.minor) < (5, 1):
                if m.packoffset[1]:  # an object's offset names a whole register (c1, c1.x)
                    comp = "xyzw"[m.packoffset[1]]
                    raise cg.err(m.pos, f"register or offset bind c{m.packoffset[0]}.{comp} not valid", 3530)
            r = cg.globals.get(m.name)
            if m.packoffset is not None and m.register is None and isinstance(r, Resource) and r.used and \
                    r.file == "s":  # a texture's packoffset is ignored (its t register is allocated as usual)
                if (cg.major, cg.minor) == (5, 1):  # (X3591 as for every packoffset object, its used sampler too)
                    raise cg.err(m.pos, "incorrect bind semantic", 3591)
                # below 5.1 fxc's binding refusal, after the body's errors as the target's other resource refusals
                # (d3dcompiler_47 10.1, session 46: a body's X3025 / X3014 / X3013 first; cg_resources.assign_bindings)
                if cg.deferred_target_error is None:
                    cg.deferred_target_error = cg.err(
                        m.pos, f"invalid register semantic 'c{m.packoffset[0]}', or variable must be bound to multiple "
                               "register banks (s register binding required)", 4509)


def _leaf_name(base: str, path: tuple) -> str:
    return base + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def check_compound_objects(cg: CodegenContext, t, name: str, pos) -> None:
    """X3090 "<target> does not allow textures or samplers to be members of compound types": below shader model
    5 (4_0, 4_1, the level-9 and the Direct3D 9 targets) a global -- used or not, a cbuffer member too -- or an
    entry-point parameter whose struct type (or array of it) holds an object. Locals and other functions'
    parameters of such a type compile, as do arrays of objects (fxc 10.1 under Wine, session 35:
    tests/test_rules_hlsl_fxc_layout_bindings.py; the D3D9 targets, vs/ps 2.0 and 3.0, session 38:
    tests/test_rules_hlsl_fxc_d3d9_s38.py, a PixelShader member too)."""
    from .objects import has_object
    from .types import StructType, array_leaf

    if cg.major < 5 and isinstance(array_leaf(t), StructType) and has_object(t):
        target = cg.d3d9 or cg.level9 or f"{cg.stage}_{cg.major}_{cg.minor}"
        raise cg.err(pos, f"{target} does not allow textures or samplers to be members of compound types", 3090)


def add_struct_objects(cg: CodegenContext, d: A.VarDecl, order: int) -> int:
    """A uniform struct holding objects (``struct apple { float2 a; Texture2D tex; float b; } bar;``,
    global or cbuffer member): its numbers live in the constant buffer (objects take no space there) and
    each object leaf is a resource of its own named by its path (``bar.tex``). Returns the next
    declaration order."""
    from .objects import has_object, leaves, struct_leaf_register

    if not has_object(d.type):
        return order
    check_compound_objects(cg, d.type, d.name, d.pos)
    for path, t in leaves(d.type):
        cg.add_resource(A.VarDecl(d.pos, _leaf_name(d.name, path), t, d.mods, None,
                                  struct_leaf_register(d, path, t), space=d.space), order)
        order += 1
    struct_object_blocks(cg, d)
    return order


def struct_object_blocks(cg: CodegenContext, d: A.VarDecl) -> None:
    """Below shader model 5.1 a uniform struct's objects of one register set are one contiguous range, as an
    entry parameter's are (objects.add_param_objects): ``struct { Texture2D a; Texture2D b; } g;`` with only
    ``g.b`` read binds g.b at t1 and leaves t0 to the undeclared g.a; a sampler range ends at the last sampler
    read (d3dcompiler_47 10.1 under Wine, session 39; tests/test_rules_d3dcompiler_refl_s39.py). Leaves with
    their own register stay where they are; class instances keep linkage.instance_blocks."""
    from .classes import ClassType
    from .codegen import Resource
    from .objects import leaves
    from .types import array_leaf

    if (cg.major, cg.minor) >= (5, 1) or cg.d3d9 is not None or isinstance(array_leaf(d.type), ClassType):
        return
    blocks: dict[str, list] = {}
    for path, _t in leaves(d.type):
        r = cg.globals.get(_leaf_name(d.name, path))
        if isinstance(r, Resource) and not r.explicit:
            blocks.setdefault(r.file, []).append(r)
    cg.reserved_blocks.extend(b for b in blocks.values() if len(b) > 1)


def struct_object_ref(cg: CodegenContext, d: A.VarDecl) -> tuple | None:
    """The object table (see :mod:`.objects`) of a uniform struct holding objects: each leaf path bound
    to the resource :func:`add_struct_objects` made for it; None for plain numeric variables."""
    from .codegen import Resource
    from .objects import REF, has_object, leaves

    if not has_object(d.type):
        return None
    cells = {}
    for path, _t in leaves(d.type):
        r = cg.globals.get(_leaf_name(d.name, path))
        if isinstance(r, Resource):
            cells[path] = (r, 0)
    return (REF, cells, ())



def mark_struct_objects(cg: CodegenContext, funcs: list[A.FuncDef]) -> None:
    """Mark used the resources of uniform structs that ``funcs`` read: ``bar.tex`` through a member
    chain, or every object of ``bar`` where ``bar`` itself is used whole (passed, copied)."""
    from .codegen import Resource, walk

    struct_res = [r for r in cg.resources if isinstance(r, Resource) and ("." in r.name or "[" in r.name)]
    if not struct_res:
        return
    from .objects import _chain

    # each reference's longest member / constant-index chain (``bar.tex[1]``, ``bar[1].tex``; a run-time index
    # reaches every element): a leaf is used when its path and the chain's lie on one line. ``bar.tex[1]`` leaves
    # bar.tex[0] unused (fxc 10.1 binds only bar.tex[1], session 39), a bare ``bar`` reaches all.
    prefixes: set[str] = set()
    inner: set[int] = set()
    for f in funcs:
        for node in walk(f):
            if id(node) in inner or not isinstance(node, (A.Member, A.Index, A.Ident)):
                continue
            sub = node
            while isinstance(sub, (A.Member, A.Index)):
                sub = sub.a
                inner.add(id(sub))
            c = _chain(node)
            if c is not None:
                prefixes.add(_leaf_name(c[0], c[1]))
    for r in struct_res:
        if any(r.name == p or r.name.startswith((p + ".", p + "[")) or p.startswith((r.name + ".", r.name + "["))
               for p in prefixes):
            r.used = True
