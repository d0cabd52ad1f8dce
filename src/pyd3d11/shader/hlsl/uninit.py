"""Outputs copied from values the shader never defined.

A struct member that is never assigned (``O.f4SMC`` of ContactHardeningShadows11's shadow-map vertex
shader) lives in temp components that no instruction writes; its ``mov o#, r#`` would copy whatever
the register allocator left there. fxc writes nothing for such components: the output stays declared
in the signature but undeclared in the code, so the OSGN "never written" mask lists them
(ContactHardeningShadows11_VSSM.o: TEXTURE1 with mask xyzw). This pass masks those lanes off output
moves and deletes moves left with none."""

from __future__ import annotations

from .operands import Ins, Reg
from .optimize import _copy_slots, _dst_comps, _padded, _shape, _writes_of


def defined_components(code: list[Ins]) -> set[tuple[int, int]]:
    """Temp components that hold a value the shader computed: written by an operation other than a plain
    copy of a temp, or copied from such a component (without optimisation an undefined member travels
    through copies before it reaches its output)."""
    copies: list[tuple[tuple[int, int], tuple[int, int]]] = []
    defined: set[tuple[int, int]] = set()
    for ins in code:
        moved = _copy_slots(ins)
        if moved is not None:
            t = ins.args[0].idx[0]
            for c, src in moved:
                if src[0] == "r":
                    copies.append(((t, c), (src[1][0], src[3])))
                else:
                    defined.add((t, c))
            continue
        defined.update(_writes_of(ins, _shape(ins)))
    changed = True
    while changed:
        changed = False
        for dst, src in copies:
            if src in defined and dst not in defined:
                defined.add(dst)
                changed = True
    return defined


def drop_undefined_output_moves(code: list[Ins]) -> bool:
    """Edit ``code`` in place; True when a lane or an instruction was removed."""
    written = defined_components(code)
    changed = False
    out: list[Ins] = []
    for ins in code:
        if ins.op == "mov" and not ins.suffix and len(ins.args) == 2:
            d, s = ins.args
            if d.file == "o" and d.rel is None and s.file == "r" and s.rel is None and not s.mod:
                lanes = tuple(d.comps) if d.comps is not None else (0, 1, 2, 3)
                sw = _padded(s)
                keep = [c for c in lanes if (s.idx[0], sw[c]) in written]
                if len(keep) < len(lanes):
                    changed = True
                    if not keep:
                        continue
                    ins = Ins("mov", [Reg(d.file, d.idx, None, tuple(keep)), s], ins.suffix, ins.tail, ins.loc, ins.epos)
        out.append(ins)
    code[:] = out
    return changed


def written_outputs(code: list[Ins]) -> set[int]:
    return {d.idx[0] for ins in code for d in ins.args[:_shape(ins).nd] if d.file == "o" and d.idx}


def written_output_components(code: list[Ins]) -> set[tuple[int, int]]:
    """Every (o# register, component) some instruction of ``code`` writes."""
    return {(d.idx[0], c) for ins in code for d in ins.args[:_shape(ins).nd] if d.file == "o" and d.idx
            for c in _dst_comps(d)}


def drop_unwritten_output_decls(code: list[Ins], decls: list[str]) -> list[str]:
    """Undefined-only outputs lose their ``dcl_output`` (system-value outputs stay declared)."""
    before = written_outputs(code)
    if not drop_undefined_output_moves(code):
        return decls
    gone = before - written_outputs(code)
    return [ln for ln in decls if not any(ln.startswith(f"dcl_output o{r}.") for r in gone)]


def warn_incomplete_outputs(cg, code: list[Ins] | None = None) -> None:
    """fxc's warning X3578 "Output value '<entry>' is not completely initialized" (MicrosoftDocs "HLSL errors
    and warnings"; the wording is fxc's as recorded for DXC issue 2419's ``uint sum = sum; return sum;``).

    Rule, as implemented: a component of the entry point's return value (a struct member, a vector lane)
    that no instruction of the shader ever defines — never assigned, or copied only from components never
    assigned — is an output the shader leaves undefined, so fxc warns once, at the entry point. A component
    assigned on some paths only is not this warning (that is "potentially uninitialized", X4000, not built
    for numeric locals). Inferred where no fxc record says: the position is the entry's definition; out
    parameters of the entry are judged the same way, each once, named and placed at the parameter (OpenSubdiv
    issue 354 records fxc's ``warning X3578: Output value 'output' is not completely initialized`` at the name
    of a domain shader's ``out OutputVertex output``). A hull shader's phases are judged together (``code``:
    every phase's instructions; temps are numbered across phases): the control-point function's value is named
    after the entry, the patch-constant function's after that function (inferred: unrecorded)."""
    if not cg.entry_returns and not cg.gs.appends:
        return
    code = cg.code if code is None else code
    defined = defined_components(reachable(code))
    if cg.level9 is not None:  # below 4.0 an undefined output is an error (d3d9outputs.py)
        from .d3d9outputs import uninitialized_output_error

        refused = uninitialized_output_error(cg, code, defined)
        if refused is not None:
            raise refused
    before = _defined_before(code) if cg.gs.appends else None
    for pos, slots, name, emit in cg.gs.appends:
        # d3dcompiler_47 10.1 (session 37, tests/test_rules_hlsl_fxc_sv_outputs_s37.py): a vertex variable appended to
        # a geometry shader's stream with a component no path writes before that Append is X4000 there (SV_Position
        # or not; a write after an earlier Append does not count for it)
        at = next((k for k, ins in enumerate(code) if ins is emit), None)
        bits = before[at] if before is not None and at is not None else None
        if any(s[0] == "r" and s[2] is None and ((s[1][0], s[3]) not in defined if bits is None else
                                                 not bits >> (s[1][0] * 4 + s[3]) & 1) for s in slots):
            raise cg.err(pos, f"variable '{name}' used without having been completely initialized", 4000)
    #: per output value (its position and name), the slots no return of it has written so far, and its elements
    never: dict[tuple, tuple[set[int], list]] = {}
    array_gap = None
    for i, (pos, slots, name) in enumerate(cg.entry_returns):  # one value's returns share a position: one warning
        gaps = {j for j, s in enumerate(slots) if s[0] == "r" and s[2] is None and (s[1][0], s[3]) not in defined}
        if gaps and i in cg.entry_array_outs:
            # d3dcompiler_47 10.1 (session 37, tests/test_rules_hlsl_fxc_sv_outputs_s37.py): an out-parameter array
            # is copied out whole at each return, so a return where part of it is never written reads it: X4000
            # (there, not X3578), at every target, before any X4580
            if array_gap is None:
                array_gap = cg.err(cg.entry_array_outs[i], f"variable '{name}' used without having been completely "
                                                           "initialized", 4000)
            continue
        if gaps:
            cg.warn(pos, 3578, f"Output value '{name}' is not completely initialized")
        if (pos, name) in never:
            never[(pos, name)][0].intersection_update(gaps)
        else:
            never[(pos, name)] = (gaps, cg.entry_output_svs.get(i) or [])
    if array_gap is not None:
        raise array_gap
    sv_unwritten = []  # (position, value name, the element as spelled)
    for (pos, name), (gaps, svs) in never.items():
        spelled = next((svs[j] for j in sorted(gaps) if j < len(svs) and svs[j] is not None), None)
        if spelled is not None:
            sv_unwritten.append((pos, name, spelled))
    if sv_unwritten and cg.major >= 4 and cg.level9 is None and cg.d3d9 is None:
        # d3dcompiler_47 10.1 (session 37, tests/test_rules_hlsl_fxc_sv_outputs_s37.py): after every X3578, each
        # value whose never-written components include a system-interpreted element's (SV_Position, clip / cull
        # distances, the array indices, SV_Depth, SV_Coverage, SV_StencilRef, tess factors; not SV_Target nor
        # SV_DepthGreaterEqual / LessEqual) is X4580, naming that value's first such element as spelled. A
        # component one return of the value writes is written (X3578 is judged per return, X4580 per value; the
        # "Semantics" page is silent). fxc prints one X4580 per value; the first is raised.
        pos, name, spelled = sv_unwritten[0]
        raise cg.err(pos, f"Output variable {name} contains a system-interpreted value ({spelled}) which must be "
                          "written in every execution path of the shader.  Unconditional initialization may help.",
                     4580)
    if cg.late_output_error is not None:
        raise cg.late_output_error


#: instructions that end the block they stand in (what follows up to its end never runs; a ``ret`` is left out:
#: a hull shader's phases follow one another in one list; after a ``continue`` fxc 10.1 still counts a write,
#: ``for (…) { continue; o = p; }`` compiles)
_JUMPS = frozenset({"break"})
_ENDS = frozenset({"else", "endif", "endloop", "endswitch", "case", "default"})


def reachable(code: list[Ins]) -> list[Ins]:
    """``code`` without what follows an unconditional ``break`` up to the end of its block: no path runs it. fxc
    judges the outputs its optimiser leaves written (d3dcompiler_47 10.1, session 39 MUT: ``while (false) { o = p;
    }`` leaves an SV_Position never written, X4580, as ``if (false) o = p;`` does; an ``if`` on a literal, ``[branch]``
    too, is folded before any code is made, unroll.gen_if)."""
    out: list[Ins] = []
    depth = 0  # nesting inside the construct being skipped
    skipping = False
    for ins in code:
        op = ins.op
        if skipping:
            if op in ("if", "loop", "switch"):
                depth += 1
                continue
            if depth and op in ("endif", "endloop", "endswitch"):
                depth -= 1
                continue
            if depth or op not in _ENDS:
                continue
            skipping = False
        out.append(ins)
        if op in _JUMPS and not ins.args:
            skipping, depth = True, 0
    return out


def _defined_before(code: list[Ins]) -> list[int | None] | None:
    """Per instruction, the temp components (bit ``t * 4 + c``) that some path from the program start defines
    before it runs (None: unreachable); None when the code's shape is not understood. A plain copy defines its
    destination only where its source is defined, so an undefined value keeps being undefined through copies."""
    from .optimize import _EXIT, _EXIT_ALL, _Bail, _successors

    try:
        succ = _successors(code)
    except _Bail:
        return None
    n = len(code)
    before: list[int | None] = [None] * n
    if not n:
        return before
    before[0] = 0
    work = [0]
    while work:
        i = work.pop()
        d = before[i]
        ins = code[i]
        moved = _passed_slots(ins)
        if moved is not None:
            t = ins.args[0].idx[0]
            for c, src in moved:
                bit = 1 << (t * 4 + c)
                if src[0] != "r" or d >> (src[1][0] * 4 + src[3]) & 1:
                    d |= bit
                else:
                    d &= ~bit
        else:
            sh = _shape(ins)
            if sh.kind == "unknown":  # not understood: every temp it names counts as defined
                for a in ins.args:
                    if a.file == "r" and a.idx:
                        d |= 0xF << (a.idx[0] * 4)
            else:
                for t, c in _writes_of(ins, sh):
                    d |= 1 << (t * 4 + c)
        for j in succ.get(i, [i + 1 if i + 1 < n else _EXIT]):
            if j in (_EXIT, _EXIT_ALL):
                continue
            old = before[j]
            new = d if old is None else old | d
            if new != old:
                before[j] = new
                work.append(j)
    return before


#: the conversions fxc hands an undefined value through as it does a copy (d3dcompiler_47 10.1 under Wine, session
#: 38, tests/test_rules_hlsl_fxc_mutants_s38.py): ``int4 i; return i;`` into a float output, ``(int4)f``,
#: ``(uint4)f``, ``(float4)u``, a bool's 0.0 / 1.0 and a double's ``(float)d`` compile where only the output takes
#: the value (X3578's concern); computing with the converted value (``(uint4)f + 1``, ``float4 c = i; c * 2``) is
#: X4000 for the variable it came from
_CONVERSIONS = frozenset({"itof", "utof", "ftoi", "ftou", "dtof"})
_FLOAT_ONE = 0x3F800000


def _conversion_source(ins: Ins) -> Reg | None:
    """The converted operand of a conversion instruction without modifiers (``itof`` and its kin, ``dtof``, and a
    bool's ``and`` with 1.0), else None."""
    if ins.suffix or ins.tail or not ins.args or type(ins.args[0]) is not Reg or ins.args[0].mod:
        return None
    if ins.op in _CONVERSIONS and len(ins.args) == 2:
        src = ins.args[1]
    elif ins.op == "and" and len(ins.args) == 3:
        ones = [a for a in ins.args[1:] if type(a) is Reg and a.file == "l" and set(a.imm) == {_FLOAT_ONE}]
        if len(ones) != 1:
            return None
        src = ins.args[2] if ins.args[1] is ones[0] else ins.args[1]
    else:
        return None
    if type(src) is not Reg or src.file != "r" or src.mod or src.rel is not None or src.comps is None:
        return None
    return src


def _passed_slots(ins: Ins) -> list[tuple[int, tuple]] | None:
    """_copy_slots, and a conversion's lanes into a temp (``_conversion_source``; a ``dtof`` lane comes from its
    double's low word)."""
    moved = _copy_slots(ins)
    if moved is not None:
        return moved
    src = _conversion_source(ins)
    d = ins.args[0] if src is not None else None
    if d is None or d.file != "r" or d.rel is not None or d.comps is None:
        return None
    sw = _padded(src)
    if ins.op == "dtof":
        return [(c, ("r", tuple(src.idx), None, sw[2 * k])) for k, c in enumerate(d.comps) if 2 * k < 4]
    return [(c, ("r", tuple(src.idx), None, sw[c])) for c in d.comps]


def _plain_move(ins: Ins) -> bool:
    """A ``mov`` without modifiers into any register: it passes a value on (to a temp, an output, an indexable
    temp) without using it."""
    if ins.op != "mov" or ins.suffix or len(ins.args) != 2:
        return False
    s = ins.args[1]
    return not getattr(s, "mod", "")


def check_uninitialized_reads(cg, code: list[Ins] | None = None) -> None:
    """fxc's error X4000 "variable '<name>' used without having been completely initialized" (MicrosoftDocs "HLSL
    errors and warnings": ERR_READ_BEFORE_WRITE, "The specified variable is used without having been completely
    initialized"; wording and cases as recorded for DXC issue 2419 and its fix, PR 2424).

    Rule, as implemented (the records: ``uint sum; sum++;`` and an uninitialised local passed to a function
    that shifts it are X4000; a local read only in its own initialiser and returned, or a struct returned with
    members never assigned, are the output warning X3578 instead; a conditionally initialised local gets no
    diagnostic): judged on the code after copies are folded and dead code removed, a component of a numeric
    local declared without an initialiser that no path from the program start defines, read by an operation
    other than a plain copy (arithmetic, a condition, an address, a memory store), is X4000 for that local.
    A copy carries the undefined value on (a parameter, another local); a copy into an output is X3578's
    concern. The position is the start of the expression whose operation is the first such read (``Ins.epos``;
    DXC issue 5040's fxc range starts at ``b`` of ``b.Load(X)``), else its statement. Shader model 5.1 warns and
    fails otherwise (X4575 / X8000, below: d3dcompiler_47 10.1, session 45). Inferred where no record
    says: a loop whose later iterations define the value before the read
    is not X4000 (fxc's test orders instructions linearly; unrecorded); a hull shader's phases are judged one
    by one (``code``: one phase's instructions);
    the "use of potentially uninitialized variable" warning fxc gives in some conditional cases is not built
    (PR 2424 records no diagnostic for conditional initialisation)."""
    code = cg.code if code is None else code
    if _self_initialised_arrays(cg):
        code = without_dead_array_stores(code)
    _check_unwritten_arrays(cg, code)
    from .tgsmreads import check_unwritten_groupshared

    check_unwritten_groupshared(cg, code)  # a compute shader's groupshared read before any write (X4575)
    check_local_arrays(cg, code)
    if not cg.uninit_locals:
        return
    origin: dict[tuple[int, int], int] = {}
    for k, (_name, _pos, slots) in enumerate(cg.uninit_locals):
        for s in slots:
            if s[0] == "r" and s[2] is None:
                origin.setdefault((s[1][0], s[3]), k)
    code = cg.code if code is None else code
    through_copies(code, origin)  # a copy of a local's undefined component is that local's too
    before = _defined_before(code)
    if before is None:
        return
    from .diagnostics import Pos
    from .optimize import _reads_of

    sm51 = (cg.major, cg.minor) == (5, 1)
    first_whole = first_partial = None  # 5.1: the first read of a wholly / partly undefined operand
    warned: set[int] = set()
    for i, ins in enumerate(code):
        d = before[i]
        if d is None or _plain_move(ins) or _conversion_source(ins) is not None:
            continue
        sh = _shape(ins)
        if sh.kind == "unknown":
            continue
        for t, c in _reads_of(ins, sh):
            k = origin.get((t, c))
            if k is None or d >> (t * 4 + c) & 1:
                continue
            name, pos, _slots = cg.uninit_locals[k]
            loc = ins.loc
            if ins.epos is not None:
                pos = ins.epos
            elif loc is not None and len(loc) == 3:
                pos = Pos(loc[0], loc[1], loc[2])
            if not sm51:
                # below 5.1 an address is no exception: ``uint X; return b.Load(X);`` is X4000 at ps_4_0 /
                # ps_5_0 / cs_5_0 (d3dcompiler_47 10.1, session 45; DXC issue 5040's X4575 record is 5.1's)
                raise cg.err(pos, f"variable '{name}' used without having been completely initialized", 4000)
            if k not in warned:
                warned.add(k)
                cg.warn(pos, 4000, f"use of potentially uninitialized variable ({name})")
            if _partly_defined(cg, ins, sh, t, c, origin, d):
                first_partial = first_partial or pos
            else:
                first_whole = first_whole or pos
    # at 5.1 fxc warns X4000 for each such local and then fails on a read of an operand no write reached at all,
    # X4575 "reading uninitialized value" (``float4 r; return r * p;``, ``r.x = p.x; return r.y * 2;``, an address:
    # DXC issue 5040's ``b.Load(X)``); an operand of which a write reached other components is left to the
    # validator, X8000 "source component 2 in temp r0 not initialized" (``r.xy = p.xy; return dot(r, p);``) --
    # after every X4575 of the program (d3dcompiler_47 10.1 under Wine, session 45)
    if first_whole is not None:
        raise cg.err(first_whole, "reading uninitialized value", 4575)
    if first_partial is not None:
        raise cg.err(first_partial, "Validation Error: source component not initialized", 8000)


def _partly_defined(cg, ins: Ins, sh, t: int, c: int, origin: dict, defined: int) -> bool:
    """Whether the source operand of ``ins`` that reads undefined component ``c`` of temp ``t`` also reads a
    component that holds a value (one that is no never-written local's, or one written before). A buffer's
    ``ld`` address is its first component alone (fxc's ``ld r0, r0.xxxx, t0``; this code generator's operand
    also carries the mip level a texture's would)."""
    from .optimize import _src_lanes

    lanes = _src_lanes(ins, sh)
    for a in ins.args[sh.nd:]:
        if a.file != "r" or not a.idx or a.idx[0] != t:
            continue
        comps = {_padded(a)[ln] for ln in lanes}
        if ins.op in ("ld", "ld_s") and a is ins.args[2 if ins.op == "ld_s" else 1] and _buffer_operand(cg, ins):
            comps = {_padded(a)[0]}
        if c not in comps:
            continue
        return any(origin.get((t, o)) is None or defined >> (t * 4 + o) & 1 for o in comps)
    return False


def _buffer_operand(cg, ins: Ins) -> bool:
    """Whether the resource an ``ld`` reads is a Buffer / RWBuffer (an address of one component)."""
    res = ins.args[-1]
    return any(r.file == res.file and r.reg == (res.idx[0] if res.idx else -1) and "Buffer" in r.type.kind
               for r in cg.resources)


def _check_unwritten_arrays(cg, code: list[Ins]) -> None:
    """A groupshared array outside a compute shader (fxc drops the storage class, warning X3579) holds nothing until
    written. In program order (d3dcompiler_47 10.1 under Wine, session 36; tests/test_hlsl_groupshared.py
    OUTSIDE_CS): an element read at a literal index before any write of the array is warning X4000 "use of
    potentially uninitialized variable ((unknown))" then error X4575 "reading uninitialized value"; one read after
    other elements were written (at literal indices) is X4000 "variable '<name>' used without having been
    completely initialized"; a read at a run-time index before any write is the warning alone, and after a write
    at a run-time index every element counts as written."""
    names = {x: name for name, _pos, xs in cg.uninit_arrays for x in xs}
    decl_pos = {x: pos for _name, pos, xs in cg.uninit_arrays for x in xs}
    if not names:
        return
    some: set[int] = set()  # x# registers written at all
    every: set[int] = set()  # x# registers written at a run-time index
    elems: set[tuple[int, int]] = set()  # (x#, element) written at a literal index
    for ins in code:
        if not ins.args:
            continue
        for a in ins.args[1:]:
            if getattr(a, "file", None) != "x" or not a.idx or a.idx[0] not in names:
                continue
            x = a.idx[0]
            pos = ins.epos or decl_pos[x]
            if a.rel is not None:
                if x not in some:
                    cg.warn(pos, 4000, "use of potentially uninitialized variable ((unknown))")
            elif x not in every and (x, a.idx[1]) not in elems:
                if x in some:
                    raise cg.err(pos, f"variable '{names[x]}' used without having been completely initialized", 4000)
                cg.warn(pos, 4000, "use of potentially uninitialized variable ((unknown))")
                raise cg.err(pos, "reading uninitialized value", 4575)
        d = ins.args[0]
        if getattr(d, "file", None) == "x" and d.idx and d.idx[0] in names:
            some.add(d.idx[0])
            if d.rel is not None:
                every.add(d.idx[0])
            else:
                elems.add((d.idx[0], d.idx[1]))


def _lanes_read(ins: Ins, k: int) -> set[int]:
    """The components operand ``k`` of ``ins`` supplies to the lanes the operation computes."""
    from .optimize import _src_lanes

    sh = _shape(ins)
    sw = _padded(ins.args[k])
    return {sw[lane] for lane in _src_lanes(ins, sh)} if sh.kind in ("cw", "dot") else set(sw)


def _passes_on(ins: Ins) -> bool:
    """A ``mov`` (saturated or not) without a source modifier: it hands a value on without computing with it."""
    return ins.op == "mov" and len(ins.args) == 2 and not ins.args[1].mod and ins.suffix in ("", "_sat")


_OPENS = frozenset({"if", "loop", "switch"})
_ENDS_BLOCK = frozenset({"endif", "endloop", "endswitch"})


def _self_initialised_arrays(cg) -> set[int]:
    """The x# of local arrays read in their own initialisers: codegen lists the undefined elements the initialiser
    reads in ``uninit_locals`` under the array's own name and position."""
    undefined = {(name, pos) for name, pos, _slots in cg.uninit_locals}
    return {x for name, pos, xs in cg.uninit_local_arrays if (name, pos) in undefined for x in xs}


def without_dead_array_stores(code: list[Ins]) -> list[Ins]:
    """``code`` less the computations that reach nothing: stores into an indexable temp's element no later
    instruction reads, and what only such stores use. fxc keeps an array indexed only by literals in temps, where
    its dead-code removal drops them before it judges undefined reads (``float u[2] = { a.x, u[0] + 1 }; return
    u[0];`` compiles, d3dcompiler_47 10.1, session 46); this compiler's indexable temps keep every store. Element-
    precise backwards in program order: a read at a run-time index keeps the whole array, a store inside a block
    kills nothing; code with a loop is returned whole (its back edges are not followed)."""
    from .optimize import _CTRL, _src_lanes

    if any(ins.op == "loop" for ins in code):
        return code
    live_r: set[tuple[int, int]] = set()
    live_x: set[tuple[int, int, int]] = set()
    whole: set[int] = set()  # arrays read at a run-time index
    dead: set[int] = set()
    depth = 0
    for i in range(len(code) - 1, -1, -1):
        ins = code[i]
        if ins.op in ("endif", "endswitch"):
            depth += 1
        elif ins.op in ("if", "switch"):
            depth -= 1
        sh = _shape(ins)
        nd = sh.nd if sh.kind != "unknown" else 0
        dests = ins.args[:nd]
        removable = bool(nd) and ins.op not in _CTRL and sh.maybe_pure and all(
            d.file == "null" or d.file in ("r", "x") and d.idx and (d.file == "r" or d.rel is None) for d in dests)
        if removable:
            keys_r = [(d.idx[0], c) for d in dests if d.file == "r" for c in _dst_comps(d)]
            keys_x = [(d.idx[0], d.idx[1], c) for d in dests if d.file == "x" for c in _dst_comps(d)]
            if not any(k in live_r for k in keys_r) and not any(k in live_x or k[0] in whole for k in keys_x):
                dead.add(i)
                continue
            if depth == 0:
                live_r.difference_update(keys_r)
                live_x.difference_update(keys_x)
        lanes = _src_lanes(ins, sh) if sh.kind != "unknown" else _ALL_LANES
        for k, a in enumerate(ins.args):
            if a.rel is not None and a.rel[0] == "r":
                live_r.add((a.rel[1][0], a.rel[3]))
            if k < nd or not a.idx:
                continue
            sw = _padded(a)
            comps = {sw[ln] for ln in lanes}
            if a.file == "r":
                live_r.update((a.idx[0], c) for c in comps)
            elif a.file == "x":
                if a.rel is not None or len(a.idx) < 2:
                    whole.add(a.idx[0])
                else:
                    live_x.update((a.idx[0], a.idx[1], c) for c in comps)
    return [ins for i, ins in enumerate(code) if i not in dead] if dead else code


_ALL_LANES = (0, 1, 2, 3)


def check_local_arrays(cg, code: list[Ins]) -> None:
    """fxc's diagnostics for a local array declared without an initialiser, judged in program order on the optimised
    code at shader model 4 and later (d3dcompiler_47 10.1 under Wine, session 37; tests/test_hlsl_fxc_uninit_s37.py;
    MicrosoftDocs "HLSL errors and warnings" names X4000 and X4575 without these cases):

    - once some element has been written at a literal index, reading a component of an element that no earlier
      write reached is error X4000 "variable '<name>' used without having been completely initialized", even a
      plain copy into an output (``u[0] = a; return u[1];``, ``float4 u[2]; u[0].xy = a; return u[0];``); a write
      at a run-time index counts for every element, and after any write a read at a run-time index is accepted;
    - before any write, a read is warning X4000 "use of potentially uninitialized variable ((unknown))"; the value
      may be copied on (into an output, another variable or array: ``return u[1];`` compiles), but an operation
      that computes with it, a select or a condition is error X4575 "reading uninitialized value"
      (``u[1] * a``, ``-u[1]``, ``c ? u[1] : 1``, ``r += u[i]`` in a loop, ``v = u; return v[1] + a;``).

    At the Direct3D 9 targets (also at /Od) every read of a component no earlier write reached -- a plain copy,
    a read at a run-time index while some element is not completely written -- is error X4000 (``float u[2];
    return u[1];``, ``u[0] = a; return u[(int)a];``). Reads the optimiser removed (dead code, ``u[1] * 0``) are
    not judged; at /Od fxc 10.1 judges nothing at shader model 4 and later. The 4_0_level_9_x targets judge as
    the Direct3D 9 ones, except that a pixel shader's plain copy (at a literal index) into its return value is X3508 "'<entry>':
    Top-level return value is not completely initialized" there."""
    if not cg.uninit_local_arrays:
        return
    legacy = bool(cg.d3d9 or cg.level9)
    from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION

    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and not legacy:
        return
    names = {x: name for name, _pos, xs in cg.uninit_local_arrays for x in xs}
    decl_pos = {x: pos for _name, pos, xs in cg.uninit_local_arrays for x in xs}
    some: set[int] = set()  # arrays written at all
    every: set[int] = set()  # arrays written at a run-time index
    elems: set[tuple[int, int, int]] = set()  # (x#, element, component) written at a literal index
    tainted: set[tuple] = set()  # ("r", temp, comp) / ("x", x#, element, comp) holding a never-written value
    selfinit = _self_initialised_arrays(cg)
    # a self-initialised array's component is defined once a literal-index write reaches it outside any block, or
    # inside the blocks still open (``frames``: one set per open if arm / loop / switch)
    defined: set[tuple[int, int, int]] = set()
    frames: list[set[tuple[int, int, int]]] = []
    for ins in code:
        if selfinit and (ins.op in _OPENS or ins.op in _ENDS_BLOCK or ins.op in ("else", "case", "default")):
            if ins.op in ("else", "case", "default") and frames:
                frames[-1] = set()
            elif ins.op in _OPENS:
                frames.append(set())
            elif frames:
                frames.pop()
        if not ins.args:
            continue
        sh = _shape(ins)
        nd = max(sh.nd, 1) if sh.kind != "unknown" else 1
        pos = ins.epos
        unknown_read = False
        for k in range(nd, len(ins.args)):
            a = ins.args[k]
            if a.file == "r" and a.idx:
                if any(("r", a.idx[0], c) in tainted for c in _lanes_read(ins, k)):
                    unknown_read = True
                continue
            if a.file != "x" or not a.idx:
                continue
            x = a.idx[0]
            comps = _lanes_read(ins, k)
            if x in selfinit and not legacy:  # (the Direct3D 9 / level-9 rule below judges those: X3508 first)
                size = cg.indexable.get(x, 0) if a.rel is not None else 0
                wanted = [(x, e, c) for e in range(size) for c in comps] if a.rel is not None else \
                    [(x, a.idx[1], c) for c in comps]
                if any(w not in defined and not any(w in f for f in frames) for w in wanted):
                    raise cg.err(pos or decl_pos[x],
                                 f"variable '{names[x]}' used without having been completely initialized", 4000)
                continue
            if x in names and legacy:
                if x in every:
                    continue
                size = cg.indexable.get(x, 0) if a.rel is not None else 0
                wanted = [(x, e, c) for e in range(size) for c in comps] if a.rel is not None else \
                    [(x, a.idx[1], c) for c in comps]
                if any(w not in elems for w in wanted):
                    if not cg.d3d9 and cg.stage == "ps" and a.rel is None and _passes_on(ins) and \
                            ins.args[0].file == "o":
                        raise cg.err(pos or decl_pos[x], f"'{cg.entry}': Top-level return value is not completely "
                                                         "initialized", 3508)
                    raise cg.err(pos or decl_pos[x],
                                 f"variable '{names[x]}' used without having been completely initialized", 4000)
                continue
            if x in names:
                if a.rel is not None:
                    if x not in some:
                        cg.warn(pos or decl_pos[x], 4000, "use of potentially uninitialized variable ((unknown))")
                        unknown_read = True
                    continue
                if x in every:
                    pass
                elif x in some:
                    if any((x, a.idx[1], c) not in elems for c in comps):
                        raise cg.err(pos or decl_pos[x],
                                     f"variable '{names[x]}' used without having been completely initialized", 4000)
                else:
                    cg.warn(pos or decl_pos[x], 4000, "use of potentially uninitialized variable ((unknown))")
                    unknown_read = True
                    continue
            if a.rel is None and any(("x", x, a.idx[1], c) in tainted for c in comps):
                unknown_read = True
        if unknown_read and not _passes_on(ins):
            raise cg.err(pos or decl_pos[next(iter(names))], "reading uninitialized value", 4575)
        for d in ins.args[:nd] if sh.kind != "unknown" else ins.args[:1]:
            lanes = _dst_comps(d)
            if d.file == "r" and d.idx:
                for c in lanes:
                    (tainted.add if unknown_read else tainted.discard)(("r", d.idx[0], c))
            elif d.file == "x" and d.idx:
                x = d.idx[0]
                some.add(x)
                if d.rel is not None:
                    every.add(x)
                    continue
                if x in selfinit:
                    (frames[-1] if frames else defined).update((x, d.idx[1], c) for c in lanes)
                for c in lanes:
                    elems.add((x, d.idx[1], c))
                    (tainted.add if unknown_read else tainted.discard)(("x", x, d.idx[1], c))


def through_copies(code: list, origin: dict) -> None:
    """Extend ``origin`` ((temp, component) -> what it came from) to every temp component a copy (``mov``-like:
    _passed_slots) fills from one already in it, to a fixpoint."""
    changed = True
    while changed:
        changed = False
        for ins in code:
            moved = _passed_slots(ins)
            if moved is None:
                continue
            t = ins.args[0].idx[0]
            for c, src in moved:
                if src[0] == "r" and (src[1][0], src[3]) in origin and (t, c) not in origin:
                    origin[(t, c)] = origin[(src[1][0], src[3])]
                    changed = True
