"""Loops, ifs and switches with constant propagation, and fxc-style loop unrolling.

fxc unrolls a loop when ``[unroll]`` asks for it, and also when the loop body needs compile-time
values that only unrolling provides: a write through a run-time index into a non-array value
(X3500), a texel offset, a resource-array index or a 4.0 multisample index built from the loop counter. This module generates
a loop as a ``loop ... endloop`` first; when that fails for one of those reasons (or ``[unroll]`` is
given) it rolls the generated code back and emits the body once per iteration instead, with the
counter a known constant in each copy (see :mod:`.constprop`). Loops whose trip count is not a
compile-time constant stay loops (and the original error stands)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import ast as A
from . import constattrs, d3d9minprec, deadcode, exitvalues
from . import constprop as cp
from .check import TEXEL_OFFSET_ERROR
from .constexpr import to_int
from .diagnostics import HlslError
from .intranges import endless_without_refusal, unroll_copies
from .objects import cells_before_if, merge_if_arms, restart_arm
from .operands import is_imm
from .unrollbounds import alike_copies, false_by_bounds, never_folds, reads_local_static
from .values import scoped

if TYPE_CHECKING:
    from collections.abc import Callable

    from .cgstate import CodegenContext
    from .operands import Slot

#: most iterations / instructions an implicit or forced unroll may produce (fxc gives up similarly)
MAX_ITERATIONS = 1023
MAX_INSTRUCTIONS = 200_000
#: unrolled iterations one compilation may emit over all loops, nested ones and retried ones included:
#: each costs about a millisecond of codegen, so nested [unroll] loops (1000 x 1000) stop within seconds
#: instead of running for minutes
MAX_TOTAL_ITERATIONS = 4096


class _CannotUnroll(Exception):
    pass


class _RunTimeExit(Exception):
    """An ``[unroll(n)]`` met an exit condition known only at run time: retried with guarded copies."""


def needs_unroll(exc: BaseException) -> bool:
    """Errors that fxc avoids by unrolling the enclosing loop."""
    if isinstance(exc, HlslError):
        return _is_dynamic_write(exc) or exc.code in (3512, TEXEL_OFFSET_ERROR[0]) or \
            getattr(exc, "wants_literal", False)  # a 4.0 ld2dms sample index (texops.literal_sample_index)
    return False


def _attr(s: A.Node, name: str):
    for k, v in getattr(s, "attrs", {}).items():
        if k.lower() == name:
            return v if v is not None else []
    return None


def _judge_count(cg: CodegenContext, arg: A.Node) -> None:
    """``[unroll(n)]``'s count as fxc judges it once the loop is compiled (d3dcompiler_47 10.1, session 43, helper
    ACC; round 6 of DXC's SemaHLSL corpora left it open): an integer count whose value is not known at compile time
    -- a uniform global (``const`` too) or cbuffer member, a parameter, a local set from an input, ``-N``,
    ``(int)a.x`` -- is X3084 "non-literal parameter(s) found for attribute unroll", a bool one (``true``) X3084
    "cannot match attribute unroll, non-uint parameters found"; a literal, a ``static const``, a ``static`` or a
    local holding a constant count, and a float (ignored) compile. A loop of an uncalled function is not judged. The
    refusal comes after the type rules of the file (a later undeclared name is X3004 first): uintrange.defer."""
    from .exprs import expr
    from .types import BOOL, INT, UINT, NumType, concrete
    from .uintrange import defer

    snap = _snapshot(cg)
    try:
        v = expr(cg, arg)
    except HlslError:
        return  # the names were judged by the parser; anything else is the loop's own error
    finally:
        _rollback(cg, snap)
    t = v.type
    if not isinstance(t, NumType) or concrete(t.base) not in (INT, UINT, BOOL):
        return
    if concrete(t.base) == BOOL:
        defer(cg, cg.err(arg.pos, "cannot match attribute unroll, non-uint parameters found", 3084))
    elif not v.const:
        defer(cg, cg.err(arg.pos, "non-literal parameter(s) found for attribute unroll", 3084))


# --- state snapshots for rollback ------------------------------------------------------------------
# The inlined-call stacks (func_ctx, call_stack, func_index_stack) are not part of a snapshot: inlining.run_inlined_body
# pops what it pushes in a ``finally``, so they are back at their length whenever a rollback happens.
def _snapshot(cg: CodegenContext) -> tuple:
    from . import linkage

    # (a geometry shader's Append records point at instructions: those of rolled-back code go with it -- a trial
    # copy's Appends left behind read as X4000 at the real loop's, exitvalues.trial)
    return (len(cg.code), set(cg.indexable), dict(cp.state(cg)), len(cg.loops), cg.scopes, len(cg.scopes),
            linkage.snapshot(cg), len(cg.gs.appends))


def _rollback(cg: CodegenContext, snap: tuple) -> None:
    from . import linkage

    ncode, xregs, known, nloops, scopes, nscopes, links, nappends = snap
    linkage.rollback(cg, links)
    del cg.code[ncode:]
    del cg.gs.appends[nappends:]
    for x in [x for x in cg.indexable if x not in xregs]:
        del cg.indexable[x]
    cg.kconst = dict(known)
    del cg.loops[nloops:]
    cg.scopes = scopes
    del cg.scopes[nscopes:]


# --- if / switch -------------------------------------------------------------------------------------
def gen_if(cg: CodegenContext, s: A.If) -> None:
    for part in (s.then, s.other):
        if isinstance(part, A.DeclStmt):
            _unbind(cg, part)  # ``if (c) float a = 1;``
    d3d9minprec.note_early_return(cg, s)  # (the D3D9 validator's mark of its condition)
    c = cg.cond_slot(s.cond, (s.then, s.other))
    if "branch" in s.attrs and not is_imm(c) and not _can_branch(cg, s.cond):
        from .uintrange import defer

        # d3dcompiler_47 10.1 (under Wine, session 44, D9): X3528 where the [branch] is met, in order with the
        # optimiser's X3548 / X3684 (those of the condition first, of the arms and the statements after it later)
        defer(cg, cg.err(s.pos, "can't use flow control on this profile", 3528))
    if is_imm(c):  # its attributes go to the ifs / switches of the part it keeps (X3524)
        constattrs.pass_on(cg, s, s.then if c[3] else s.other)
    if is_imm(c) and ("branch" not in s.attrs or cg.major >= 4 and cg.level9 is None and cg.d3d9 is None):
        # the branch left out is still type-checked, as fxc checks it before folding (deadcode.py); at shader model
        # 4+ a [branch] on a literal is folded the same way: its later-phase errors (an index out of bounds, a
        # run-time resource index, a continue in a switch) are not fxc's (d3dcompiler_47 10.1, session 39 MUT)
        taken, left = (s.then, s.other) if c[3] else (s.other, s.then)
        deadcode.generated(cg, taken)
        if taken is not None:
            cg.stmt(taken)
        deadcode.pruned(cg, left)
        return
    deadcode.generated(cg, s.then)
    deadcode.generated(cg, s.other)
    entry = dict(cp.state(cg))
    objects_before = cells_before_if(cg)  # the objects variables hold: merged after the arms (objects.py)
    cg.emit("if", cg.src([c]), suffix="_nz")
    cg.scoped(s.then)
    after_then = cp.state(cg)
    objects_after_then = restart_arm(objects_before)
    cg.kconst = dict(entry)
    if s.other is not None:
        cg.emit("else")
        cg.scoped(s.other)
    cg.kconst = cp.merge(after_then, cp.state(cg))
    cg.emit("endif")
    from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION

    od = bool(cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION)
    # fxc flattens the if (an undefined object then drops out of the select) unless [branch], /Od or shader model
    # 5.1 keep it a branch, where [flatten] still flattens; /Od follows no return out of an arm
    flat = "flatten" in s.attrs or ("branch" not in s.attrs and not od and (cg.major, cg.minor) != (5, 1))
    ends = (False, False) if od else (_ends_in_return(s.then), _ends_in_return(s.other))
    merge_if_arms(cg, objects_before, objects_after_then, ends, flat)


#: the SM4 instructions that take gradients of their operands (the implicit-derivative samples, ddx / ddy, fwidth)
_GRADIENT_OPS = frozenset({"deriv_rtx", "deriv_rty", "sample", "sample_b"})


def _gradient_in_loop(cg: CodegenContext, s: A.Node, start: int) -> None:
    """ps_3_0 has gradients only outside a loop that a break leaves ("loops with break"): d3dcompiler_47 10.1 (under
    Wine, session 44, D9) refuses a ddx / ddy / fwidth / Sample / tex2D inside a loop whose count is not a literal
    -- X3526 "can't use gradient instructions in loops with break" under [loop], X3511 (the unrolling it then
    needs fails: "loop does not appear to terminate in a timely manner (1024 iterations)") without it; ``[loop] for
    (int i = 0; i < 4; i++) r += ddx(p);`` (a rep loop), SampleLevel / tex2Dlod (no gradient) and a gradient after
    the loop compile. A ``ddx`` of a uniform counts though it is 0."""
    if not any(ins.op.split("_sat")[0] in _GRADIENT_OPS for ins in cg.code[start:]) or _counted(s):
        return
    from .uintrange import defer

    if _attr(s, "loop") is not None:
        defer(cg, cg.err(s.pos, "can't use gradient instructions in loops with break, try adding [unroll] attribute "
                                "to the loop", 3526))
    else:
        defer(cg, cg.err(s.pos, "unable to unroll loop, loop does not appear to terminate in a timely manner (1024 "
                                "iterations), use the [unroll(n)] attribute to force an exact higher number", 3511))


def _literal_bound(s: A.Node) -> bool:
    """A ``for`` whose condition compares its counter with a literal."""
    from .parser import const_eval

    c = getattr(s, "cond", None)
    if not isinstance(s, A.For) or not isinstance(c, A.Binary) or c.op not in ("<", "<=", ">", ">=", "!="):
        return False
    return isinstance(c.a, A.Ident) and const_eval(c.b) is not None or \
        isinstance(c.b, A.Ident) and const_eval(c.a) is not None


def _counted(s: A.Node) -> bool:
    """A ``for`` whose counter runs to a literal bound with no break or return in its body (a ``rep`` loop)."""
    if not _literal_bound(s):
        return False
    from .codegen import walk

    return not any(isinstance(n, (A.Break, A.Return)) for n in walk(s.body))


def _can_branch(cg: CodegenContext, cond: A.Node) -> bool:
    """Whether the target has a branch for a ``[branch] if`` on ``cond`` (not a compile-time constant): the pixel
    targets below ps_3_0 (ps_2_0 / 2_a / 2_b, ps_4_0_level_9_1 / 9_3) and vs_1_1 have none, vs_2_0 and
    vs_4_0_level_9_1 only the static one, on a uniform bool (``cb`` or ``!cb``: "if bool - vs"); fxc's X3528
    "can't use flow control on this profile" elsewhere (d3dcompiler_47 10.1, session 44, D9: ``[branch] if (p.x >
    0)``, ``[branch] if (c.x > 0)`` of a uniform float, and at ps_2_0 ``[branch] if (cb)``; ps_3_0, vs_2_a, vs_3_0
    and vs_4_0_level_9_3 branch)."""
    from .types import BOOL, NumType

    target = cg.d3d9 or cg.level9
    if target is None:
        return True
    if cg.stage == "ps":
        return target == "ps_3_0"
    if target in ("vs_2_0", "vs_4_0_level_9_1"):
        while isinstance(cond, A.Unary) and cond.op == "!":
            cond = cond.a
        if not isinstance(cond, A.Ident) or any(cond.name in sc for sc in cg.scopes):
            return False
        decl = getattr(cg.globals.get(cond.name), "decl", None)  # a constant-buffer variable (values.CbVar)
        t = getattr(decl, "type", None)
        return isinstance(t, NumType) and t.base == BOOL and t.n == 1
    return target != "vs_1_1"


def _ends_in_return(part: A.Node | None) -> bool:
    """Whether an arm's last statement is a return (its path does not reach the end of the ``if``)."""
    while isinstance(part, A.Block) and part.stmts:
        part = part.stmts[-1]
    return isinstance(part, A.Return)


# --- loops -------------------------------------------------------------------------------------------
def gen_loop(cg: CodegenContext, s: A.Node) -> None:
    """``for`` / ``while`` / ``do``: unrolled when forced or needed (and possible), else a loop.

    A variable declared in a ``for`` initialiser belongs to the scope that holds the loop, as in
    pre-standard C++ and in fxc: it stays visible after the loop, and declaring the same name there
    again (a second ``for (int i …)``) replaces it with warning X3078."""
    if isinstance(s, A.DoWhile) and isinstance(s.body, A.DeclStmt):
        s_decls = s.body.decls
        names = [d.name for d in s_decls if "static" not in d.mods]  # (a static stays bound: a global's storage)
        s = _hoist_do_declaration(cg, s)
        snap = _snapshot(cg)
        done = False
        if _attr(s, "loop") is None:  # (fxc keeps a [loop]; a [fastopt] one unless it runs once)
            cg.scopes.append({})
            passes = cg.unrolled_iterations
            try:
                done = _unroll(cg, s, None)
            except HlslError:
                done = False
            finally:
                cg.scopes.pop()
            done = done and (_attr(s, "fastopt") is None or cg.unrolled_iterations - passes <= 1)
        if not done:
            # a loop fxc cannot unroll keeps no binding for the variables after it: "internal error: invalid access
            # of unbound variable" where one is read (session 38; Codegen.lookup)
            _rollback(cg, snap)
            _gen_loop(cg, s)
            for name in names:
                cg.scopes[-1].pop(name, None)
            _unbind(cg, A.DeclStmt(s.pos, [d for d in s_decls if d.name in names]))
        return
    body = getattr(s, "body", None)
    if isinstance(body, A.DeclStmt):
        _unbind(cg, body)  # ``while (c) float a = 1;``: read after the loop, fxc's internal error (Codegen.lookup)
    _gen_loop(cg, s)


def _runtime_bound(cg: CodegenContext, s: A.Node) -> bool:
    """Whether the loop's condition compares a variable with a global's value (a constant-buffer name, member or
    element: no literal, no call, no local) -- the loops this project then copies to fxc's limit (X3511). A bound
    fxc folds on the way (``j < min(c, 8)``, ``j < c && j < 8``, a thread id's range: ``k = gi; k < 256``, an outer
    loop's counter: ``j <= i`` under ``for (i = 0; i < 3; i++)``, DXC's nested_unroll_fail) compiles in fxc. The
    integer conditions the value ranges of intranges.py judge (a start known only at run time, ``for (j = c; j < 10;
    j++)``, X3511 in fxc) do not come here; this shape rule is for the rest."""
    from .parser import const_eval

    c = getattr(s, "cond", None)
    if not isinstance(c, A.Binary) or c.op not in ("<", "<=", ">", ">=", "!="):
        return False

    def plain(e: A.Node) -> bool:  # a global's value read as it is
        if isinstance(e, A.Cast):
            return plain(e.a)
        root = e
        while isinstance(root, (A.Member, A.Index)):
            if isinstance(root, A.Index) and const_eval(root.index) is None:
                return False
            root = root.a
        return isinstance(root, A.Ident) and (not any(root.name in sc for sc in cg.scopes) or
                                              _entry_input(cg, root.name) or _copied_bound(cg, root.name, plain))

    a, b = c.a, c.b
    return isinstance(a, A.Ident) and plain(b) and const_eval(b) is None or \
        isinstance(b, A.Ident) and plain(a) and const_eval(a) is None


def _copied_bound(cg: CodegenContext, name: str, plain: Callable[[A.Node], bool]) -> bool:
    """Whether ``name`` is a local of the entry point initialised once, never assigned after, from a value known
    only at run time: an input or constant-buffer value (``plain``), a copy of one, or one of those plus, minus or
    times a literal -- ``int m = n; [unroll] for (i = 0; i < m; i++)``, ``m = n + 1``, ``m = k`` of a constant
    buffer's k are X3511 as ``i < n`` is (d3dcompiler_47 10.1, session 46); a bound fxc folds on the way
    (``min(n, 4)``) is not such a value."""
    entry = cg.entry_outputs
    from .codegen import walk

    if entry is None or name in cp.assigned_names(cg, entry[0].body) and not _self_updates(walk(entry[0].body), name):
        return False
    decl = [d for st in walk(entry[0].body) if isinstance(st, A.DeclStmt) for d in st.decls if d.name == name]
    from .types import NumType

    if len(decl) != 1 or decl[0].init is None or not isinstance(decl[0].type, NumType) or decl[0].type.n != 1:
        return False

    def runtime(e: A.Node) -> bool:
        if isinstance(e, A.Binary) and e.op in ("+", "-", "*"):
            from .parser import const_eval

            return runtime(e.a) and const_eval(e.b) is not None or runtime(e.b) and const_eval(e.a) is not None
        return isinstance(e, (A.Ident, A.Member, A.Index, A.Cast)) and plain(e)

    return runtime(decl[0].init)


def _self_updates(nodes, name: str) -> bool:
    """Whether no write of ``name`` gives it a constant: an update (``m++``, ``--m``, ``m += 2``, ``m *= 3``,
    ``m += k``, ``m = m + 1``) leaves the copy a run-time value, so ``int m = n; m++;`` bounds an ``[unroll]`` loop
    as ``n`` does (X3511; d3dcompiler_47 10.1, session 47); a plain ``m = 3`` is a value fxc folds first
    (compiled)."""
    from .parser import const_eval

    return not any(isinstance(n, A.Assign) and n.op == "=" and isinstance(n.target, A.Ident) and
                   n.target.name == name and const_eval(n.value) is not None for n in nodes)


def _entry_input(cg: CodegenContext, name: str) -> bool:
    """Whether ``name`` is the entry point's input parameter (its working copy of an input register): a bound read
    from it is known only at run time, as a constant buffer's (``[unroll] for (i = 0; i < n; i++)`` with ``int n :
    A`` or ``i < a.x`` is fxc's X3511; d3dcompiler_47 10.1, session 43, helper ACC)."""
    v = scoped(cg.scopes, name)
    slots = getattr(v, "slots", None) or []
    entry = cg.entry_outputs
    if entry is None or name in cp.assigned_names(cg, entry[0].body):  # ``n = 3;`` first: fxc folds the bound
        return False
    return bool(slots) and all(isinstance(x, tuple) and x in cg.input_origin for x in slots)


def _unbind(cg: CodegenContext, s: A.DeclStmt) -> None:
    """Names an unbraced declaration as a loop's or branch's body leaves without a binding after it: fxc reads
    them with its numberless "internal error: invalid access of unbound variable" (session 38)."""
    cg.unbound_names = cg.unbound_names | {d.name for d in s.decls}


def _gen_loop(cg: CodegenContext, s: A.Node) -> None:
    if isinstance(s, A.For) and s.init is not None:
        if isinstance(s.init, A.DeclStmt):
            for d in s.init.decls:
                if d.name in cg.scopes[-1]:
                    cg.warn(d.pos, 3078, f"'{d.name}': loop control variable conflicts with a previous "
                            "declaration in the outer scope; most recent declaration will be used")
        cg.stmt(s.init)
    cg.scopes.append({})
    ends = None  # (_first_pass_return: marks the function ended once the loop is generated)
    try:
        # a probe of an uncalled function (uncalled.py) looks for type errors, which do not depend on values:
        # its loops are generated once, unrolled only where a loop cannot be generated otherwise
        force = _attr(s, "unroll") if cg.probe_skip is None else None
        exact = None
        if force:
            _judge_count(cg, force[0])
            from .parser import const_eval

            v = const_eval(force[0])
            exact = int(v) if v is not None and math.isfinite(v) else None  # unroll(NaN): no count
        if force is not None:
            plain_unroll = not force or exact == 0  # [unroll], [unroll(0)]: no count (a const variable's is one)
            if exact == 0:  # [unroll(0)] is a plain [unroll] to fxc (DXC's unroll/count_zero: X3511 as without)
                exact = None
            try:
                done = _unroll(cg, s, exact, forced=True, plain=plain_unroll)
            except _RunTimeExit:
                done = _unroll(cg, s, exact, forced=True, guarded=True, plain=plain_unroll)
            ranges = unroll_copies(cg, s, MAX_ITERATIONS) if not done and plain_unroll else None
            if not done and plain_unroll and not _targets_loop(s.body, A.Continue) and \
                    (_runtime_bound(cg, s) if ranges is None else ranges > MAX_ITERATIONS):
                # (the value ranges of an integer condition decide where they can: intranges.py)
                # a plain [unroll] whose condition is known only at run time: fxc copies the body, each copy under
                # the condition, until the condition folds to false (a bound that becomes constant, an
                # unconditional break) or its 1,024 copies run out -- X3511 "unable to unroll loop, loop does not
                # appear to terminate in a timely manner (1024 iterations)" (d3dcompiler_47 10.1, session 39 ACC:
                # ``[unroll] for (j = 0; j < c; j++)``, a ``while``, a start from a constant buffer; DXC's
                # unroll/fail, count_zero, pound_line, switch_unroll_bound)
                done = _unroll(cg, s, None, forced=True, guarded=True, runaway=ranges is not None)
            if done:
                return
        ends = _first_pass_return(cg, s)
        known = exitvalues.trial(cg, s)  # the values fxc's front end knows after the loop (X4010 and folds)
        snap = _snapshot(cg)
        try:
            legacy = cg.deferred_legacy_error
            start = len(cg.code)
            _emit_loop(cg, s)
            if legacy is None and cg.deferred_legacy_error is not None:
                _judge_unrolled(cg, s, snap)
            if cg.d3d9 == "ps_3_0" and not ends:  # (a loop its first pass leaves: no loop to fxc)
                _gradient_in_loop(cg, s, start)
            elif (cg.d3d9 or cg.level9) in ("ps_2_0", "ps_2_a", "ps_2_b", "ps_4_0_level_9_1") and \
                    _runtime_bound(cg, s):
                # these pixel targets have no loop: one whose condition compares its counter with a uniform or an
                # input (``i < (int)c.x``, ``i < ci``) cannot be unrolled either -- X3511 where the loop is met, in
                # order with the optimiser's other refusals (a later [branch]'s X3528, a gradient's X4532 in it;
                # fxc 10.1, session 44, D9). Other loops are left to the sm2 translation, which unrolls those whose
                # count it knows (its breaks predicated). (ps_4_0_level_9_3 refuses them too in fxc -- X3511 for 4
                # of test_level9_ints_loops' 6 LOOP_PS sources -- but its rep / break_comp form is kept: open)
                from .uintrange import defer

                defer(cg, cg.err(s.pos, "unable to unroll loop, loop does not appear to terminate in a timely "
                                        "manner (1024 iterations) or unrolled loop is too large, use the [unroll(n)] "
                                        "attribute to force an exact higher number", 3511))
            exitvalues.apply(cg, known)
        except (HlslError, NotImplementedError) as exc:
            if _attr(s, "loop") is not None and force is None and _is_dynamic_write(exc):
                # fxc would have to unroll the loop for the write; [loop] forbids it (d3dcompiler_47 10.1)
                raise HlslError(s.pos.file, s.pos.line, s.pos.col, 3531,
                                "can't unroll loops marked with loop attribute") from exc
            if _attr(s, "loop") is not None or force is not None or not needs_unroll(exc):
                raise
            _rollback(cg, snap)
            if _is_dynamic_write(exc) and _forced_unroll(cg, s):
                return
            try:
                if _unroll(cg, s, None):
                    return
            except HlslError as again:
                if not _is_dynamic_write(again):
                    raise
                _rollback(cg, snap)  # unrolled, the index is still a run-time value (``m[q.x].y = k``)
            if not _is_dynamic_write(exc):
                raise
            # a loop that cannot unroll keeps its run-time-index writes as per-candidate selects (HL9/HL10;
            # fxc itself would report X3511 "unable to unroll loop" here)
            cg.select_writes += 1
            try:
                _emit_loop(cg, s)
            finally:
                cg.select_writes -= 1
    except BaseException:
        ends = None
        raise
    finally:
        cg.scopes.pop()
        if ends is not None:
            ends()


def _judge_unrolled(cg: CodegenContext, s: A.Node, snap: tuple) -> None:
    """A loop whose body made a value fxc cannot show to be at least 0 into a uint (X3548, deferred) below shader
    model 4: fxc unrolls a loop whose copies fold before it makes that check, so each copy sees its counter's
    literal value (d3dcompiler_47 10.1 under Wine, session 39: ``for (int k = 3; k != 0; k--) (uint)k``, a step
    by ``k += -1`` or ``k = k + 1``, a second step in the body, ``while`` loops stepping down, a float or vector
    component counter, ``(uint)(2 - k)`` for k below 3 compile at vs/ps 2.0 / 3.0 and level 9, also under
    ``[loop]``; a counter that runs past fxc's 1,024 copies keeps X3548 / X3511). The trial copies judge the
    verdict only: the loop is generated again as it was, and the refusal is dropped where no copy made one."""
    err = cg.deferred_legacy_error
    if err is None or err.code != 3548 or _targets_loop(s.body, A.Continue):
        return
    if str(cg.d3d9).endswith("_3_0") and _holds_loop(s.body):
        # vs_3_0 / ps_3_0 have loops of their own: there fxc keeps a loop that holds another one, so its counter
        # is not known in the inner body (``for (k = 3; k != 0; k--) for (j = 0; j < 2; j++) (uint)(k - j)``:
        # X3548 at the 3.0 targets, compiled at ps_2_0 and level 9)
        return
    _rollback(cg, snap)
    cg.deferred_legacy_error = None
    passes = cg.unrolled_iterations
    if endless_without_refusal(cg, s, MAX_ITERATIONS):
        # every copy folds its condition and none can refuse: the trial's answer without its 1,024 copies
        copied, endless = True, _limit_error(s)
    else:
        copied, endless = _trial_copies(cg, s, passes)
    clean = copied and cg.deferred_legacy_error is None
    if clean and endless is not None and _attr(s, "loop") is None:
        _rollback(cg, snap)
        raise endless  # (now: the loop generated again would only reach it after translating 64K copies)
    _rollback(cg, snap)
    cg.deferred_legacy_error = None
    _emit_loop(cg, s)
    if clean:
        cg.deferred_legacy_error = None
    elif cg.deferred_legacy_error is None:
        cg.deferred_legacy_error = err


def _trial_copies(cg: CodegenContext, s: A.Node, passes: int) -> tuple[bool, HlslError | None]:
    """The judging trial of :func:`_judge_unrolled`: whether the copies ran (to their end or fxc's limit) and the
    endless loop's X3511 where they reached the limit."""
    endless = None
    try:
        # (forced: past fxc's copy limit it is X3511, not False; the first copy making a refusal ends the trial)
        copied = _unroll(cg, s, None, forced=True, stop_on_refusal=True)
    except HlslError as exc:
        # copies that fold for ever without a refusal: fxc's answer is the endless loop's X3511 ("loop does not
        # appear to terminate"; ``for (k = 0; k < 3; k -= 1) (uint)(2 - k)``), at every legacy target; a copy
        # that made a negative uint first is X3548 (``(uint)k`` there)
        copied = exc.code == 3511
        endless = exc if copied else None
    finally:
        cg.unrolled_iterations = passes
    return copied, endless


def _holds_loop(body: A.Node) -> bool:
    from .codegen import walk

    return any(isinstance(n, (A.For, A.While, A.DoWhile)) for n in walk(body))


def _hoist_do_declaration(cg: CodegenContext, s: A.DoWhile) -> A.DoWhile:
    """fxc declares the variables of a ``do`` loop whose body is one unbraced declaration in the scope that holds
    the loop: ``do float a = 1; while (false); return a;`` compiles and returns 1, and a later ``float a`` is a
    redefinition (d3dcompiler_47 10.1 under Wine, session 38; a braced body's variables end with it, X3004 after
    the loop, and fxc refuses an unbraced declaration as the body of ``while``, ``for`` or ``if`` with its
    numberless "invalid access of unbound variable" where the name is read after it, as for a do loop that stays
    a loop: gen_loop). The declaration is made here, before the loop, and the body keeps its initialisers as
    assignments, run on every pass; a ``const`` or ``static`` variable or a brace-list initialiser, which no
    assignment stands for, is declared whole before the loop (they compile in fxc too)."""
    from dataclasses import replace

    decls = s.body.decls
    if any("const" in d.mods or "static" in d.mods or isinstance(d.init, A.InitList) for d in decls):
        cg.stmt(s.body)
        return replace(s, body=A.Block(s.body.pos, []))
    cg.stmt(A.DeclStmt(s.body.pos, [replace(d, init=None) for d in decls]))
    sets: list[A.Node] = [A.ExprStmt(d.init.pos, A.Assign(d.init.pos, "=", A.Ident(d.pos, d.name), d.init))
                          for d in decls if d.init is not None]
    return replace(s, body=A.Block(s.body.pos, sets))


def _first_pass_return(cg: CodegenContext, s: A.Node) -> Callable[[], None] | None:
    """A loop kept as a loop whose first pass surely runs (its condition folds to true with the constants known
    at its top: ``for (int i = 0; i < 2; ++i)``, ``float i = 0; while (i < 2)``) and surely returns before any
    break or continue ends the function's reachable paths there, as a return reached straight does
    (cgstmts.ret): fxc judges X3507 after folding, so ``for (int i = 0; i < 2; ++i) { return x; }`` ends a
    function and ``for (int i = 0; i < n; ++i) { return x; }`` with a uniform ``n`` does not (d3dcompiler_47
    10.1 under Wine, session 36). Judged at the loop's top; returns what marks the function ended, which the
    caller runs once the loop is generated: marked before, the entry point's body would count as ended inside
    the loop too, and the statements after the loop body's first one -- its return among them -- would be
    left out as dead code (``while (true) { v *= 2; return v; }`` was an empty loop, session 39)."""
    from .cgstmts import _straight
    from .check import returns_on_first_pass

    if not cg.func_ctx:
        return None
    entry = bool(cg.func_ctx[-1].get("entry"))
    if not returns_on_first_pass(s.body, endless=not entry, loops_ok=not entry or isinstance(s, A.DoWhile)):
        return None
    if not isinstance(s, A.DoWhile) and s.cond is not None:
        snap = _snapshot(cg)
        try:
            c = cg.cond_slot(s.cond)
        except HlslError:
            return None  # the loop's own generation reports it
        finally:
            _rollback(cg, snap)
        if not (is_imm(c) and c[3]):
            return None
    ctx = cg.func_ctx[-1]
    if entry:
        if _straight(cg.code, -1):
            return lambda: cg.ended_entries.add(id(ctx["pos"]))
    elif not ctx.get("tail") and _straight(cg.code, ctx.get("fence")):
        return lambda: ctx.__setitem__("ended", True)
    return None


def _forced_unroll(cg: CodegenContext, s: A.Node) -> bool:
    """fxc's answer to a write through a run-time index into a vector or matrix inside a loop (probed with
    d3dcompiler_47 10.1, session 35): the loop is unrolled whatever its bound, each copy guarded by the
    loop's condition when that is known only at run time (``breakc_z`` out of a once-loop). Unrolling ends
    where the condition folds to false, or at the copy whose constant index falls outside the vector (that
    iteration and the rest are dropped: ``for (k = 0; k < n; k++) v[k] = …`` gives four guarded copies);
    after 1024 copies it is X3511 ("loop does not appear to terminate in a timely manner (1024
    iterations)": ``v[k & 3]`` under a run-time bound, a literal bound of 2000); an index still not a
    constant in the copies is the write's X3500 (fxc adds X3511 "forced to unroll loop, but unrolling
    failed"). False (nothing emitted) where this unroller does not go: a ``continue`` aimed at the loop."""
    if _targets_loop(s.body, A.Continue):
        return False
    saved = cg.unroll_met_runtime
    cg.unroll_met_runtime = False
    snap = _snapshot(cg)
    try:
        # copies without a guard while the condition folds (no once-loop around them); guarded ones otherwise
        # (a literal loop's copy past the vector's end is X3504 "literal loop terminated early due to out of
        # bounds array access"; only copies under a run-time condition end there quietly)
        return _unroll(cg, s, None, forced=True) or \
            _unroll(cg, s, None, forced=True, guarded=True, stop_out_of_range=True)
    except HlslError as exc:
        if not _is_dynamic_write(exc):
            raise
        runtime = cg.unroll_met_runtime
        # fxc checks the body's types before it unrolls: an error there (a repeated or missing component of the
        # destination, X3025 / X3018) is its answer, so the body is generated once as a loop to find one
        _rollback(cg, snap)
        cg.select_writes += 1
        try:
            _emit_loop(cg, s)
        finally:
            cg.select_writes -= 1
        _rollback(cg, snap)
        if not runtime:
            raise
        # under a run-time bound fxc's copies never end (the index never goes out of range): it reports the
        # failed unroll alone, without the write's X3500
        err = HlslError(s.pos.file, s.pos.line, s.pos.col, 3511, "forced to unroll loop, but unrolling failed.")
        err.dynamic_write = True  # an enclosing loop may still unroll and make the index a literal
        raise err from exc
    finally:
        cg.unroll_met_runtime = saved


def _is_dynamic_write(exc: BaseException) -> bool:
    """The X3500 of a write through a run-time index into a vector, matrix or register-held array (or the
    X3511 :func:`_forced_unroll` made of it)."""
    return isinstance(exc, HlslError) and ((exc.code == 3500 and "dynamic index" in str(exc))
                                           or getattr(exc, "dynamic_write", False))


def _emit_loop(cg: CodegenContext, s: A.Node) -> None:
    """A real loop; the constants its body writes are dropped at its top (first from the assigned
    names, then, should the generated code write more, by regenerating without them). Each regeneration
    starts with at least one known constant fewer, so this ends after at most len(kconst) of them."""
    cp.drop_names(cg, cp.assigned_names(cg, s))
    from .ifacelocals import seed_loop

    seed_loop(cg, s)  # interface locals the body reassigns are chosen at run time from the loop's top
    while True:
        snap = _snapshot(cg)
        entry = dict(cp.state(cg))
        start = len(cg.code)
        _loop_body(cg, s)
        w = cp.written_slots(cg.code[start:])
        stale = [k for k in entry if k in w]
        if not stale:
            cg.kconst = {k: v for k, v in entry.items() if k not in w}
            cg.after_loop()
            return
        _rollback(cg, snap)
        for k in stale:
            del cg.kconst[k]


def _loop_body(cg: CodegenContext, s: A.Node) -> None:
    from . import uintrange

    counters = uintrange.loop_counters(cg, s)  # what fxc knows of the counters below shader model 4
    cg.emit("loop")
    if isinstance(s, A.DoWhile):
        cg.loops.append({"kind": "loop", "step": None, "pre_continue": s.cond})
        cg.scoped(s.body)
        cg.break_unless(cg.cond_slot(s.cond))
    else:
        step = s.step if isinstance(s, A.For) else None
        cg.loops.append({"kind": "loop", "step": step, "pre_continue": None})
        if s.cond is not None:
            cg.break_unless(cg.cond_slot(s.cond))
        uintrange.enter_loop(cg, counters)
        try:
            cg.scoped(s.body)
            if step is not None:
                cg.expr(step)
        finally:
            uintrange.leave_loop(cg, counters)
    cg.loops.pop()
    cg.emit("endloop")


def _targets_loop(body: A.Node, kind: type) -> bool:
    """Whether ``body`` holds a ``break``/``continue`` (``kind``) aimed at the enclosing loop."""
    stack = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, kind):
            return True
        if isinstance(n, (A.For, A.While, A.DoWhile)) or (kind is A.Break and isinstance(n, A.Switch)):
            continue
        if isinstance(n, A.Node):
            stack.extend(v for v in vars(n).values() if isinstance(v, (A.Node, list, tuple)))
        elif isinstance(n, (list, tuple)):
            stack.extend(n)
    return False


def _exits(code: list) -> bool:
    """Whether an iteration's code leaves unconditionally (a ``break``/``ret`` outside any construct). The
    ``ret`` ending an interface call's function body (between linkage's body markers) returns from that body
    only: it is not the iteration's."""
    depth = 0
    for ins in code:
        if ins.op in ("if", "loop", "switch", "$body"):
            depth += 1
        elif ins.op in ("endif", "endloop", "endswitch", "$endbody"):
            depth -= 1
        elif depth == 0 and ins.op in ("break", "ret"):
            return True
    return False


def _straight(code: list) -> bool:
    """Whether ``code`` (one copy's body so far) has no ``break``/``continue``/``ret`` on the way: fxc ends a
    run-time-bounded unroll at an out-of-range index also under an ``if`` of its own (``if (c) v[k] = …``),
    but not after a run-time exit (``if (k == n) break; v[k] = …`` runs to its 1024-copy X3511)."""
    return not any(ins.op.startswith(("break", "continue", "ret")) for ins in code)


def _unroll(cg: CodegenContext, s: A.Node, exact: int | None, forced: bool = False, guarded: bool = False,
            stop_out_of_range: bool = False, stop_on_refusal: bool = False, plain: bool = False,
            runaway: bool = False) -> bool:
    """The copies' indices out of bounds raise X3504 at once (exprs.out_of_bounds defers it elsewhere): a
    literal loop's copies end on it, and an unroll that fails on it falls back as before."""
    cg.strict_bounds += 1
    try:
        return _unroll_copies(cg, s, exact, forced, guarded, stop_out_of_range, stop_on_refusal, plain, runaway)
    finally:
        cg.strict_bounds -= 1


def _limit_error(s: A.Node) -> HlslError:
    """fxc's X3511 for copies that reach its limit (1,024) with the condition still true or unknown."""
    return HlslError(s.pos.file, s.pos.line, s.pos.col, 3511,
                     "unable to unroll loop, loop does not appear to terminate in a timely manner "
                     f"({MAX_ITERATIONS + 1} iterations) or unrolled loop is too large, use the [unroll(n)] attribute "
                     "to force an exact higher number")


def _runaway(cg: CodegenContext, s: A.Node, start: int, known: bool) -> bool:
    """Whether guarded copies of ``s`` (one made, from code index ``start``) would reach the copy limit: the
    condition never folds (``known``: the value ranges said so before the copies, intranges.py; else
    unrollbounds.never_folds) and every later copy is like the first (alike_copies), within the instruction and
    whole-shader budgets that would otherwise stop them first with another X3511."""
    return (len(cg.code) - start) * (MAX_ITERATIONS + 1) <= MAX_INSTRUCTIONS and \
        cg.unrolled_iterations + MAX_ITERATIONS <= MAX_TOTAL_ITERATIONS and (known or never_folds(cg, s)) and \
        alike_copies(cg, s)


def _unroll_copies(cg: CodegenContext, s: A.Node, exact: int | None, forced: bool = False, guarded: bool = False,
                   stop_out_of_range: bool = False, stop_on_refusal: bool = False, plain: bool = False,
                   runaway: bool = False) -> bool:
    """Emit the body once per iteration while the condition folds to a constant; False (nothing
    emitted) when it does not, when a ``continue`` targets the loop or when it runs too long.
    ``[unroll(n)]`` emits at most n iterations and drops the rest, as fxc does (unroll.shader_test);
    a forced ``[unroll]`` past fxc's iteration limit is X3511.

    ``[unroll(n)]`` goes on past a condition known only at run time: the count is "the maximum number of
    times the loop is to execute" (the ``for`` statement page), so the first such condition raises
    :class:`_RunTimeExit` and the caller retries with ``guarded``, where that iteration's copy starts with
    ``breakc_z`` out of a once-loop around the copies, up to n copies or a condition that folds to false.
    A plain ``[unroll]`` (``plain``) whose condition is a float comparison known only at run time goes on the same
    way, its copies ended by the operands' ranges (_float_test); one with an integer condition stays a loop:
    MiniEngine's ParticleTileCullingCS, built with fxc, has ``[unroll] for (uint C = GI; C < …; C += …)``, which
    fxc bounds by the thread index's range."""
    if _targets_loop(s.body, A.Continue):
        return False
    snap = _snapshot(cg)
    start = len(cg.code)
    wrap = guarded or _targets_loop(s.body, A.Break)  # breaks leave a once-loop around the copies
    try:
        if wrap:
            cg.emit("loop")
            cg.loops.append({"kind": "loop", "step": None, "pre_continue": None})
        n = 0
        first = True
        judged = False  # the condition's never_folds asked (once, at its first run-time evaluation)
        while True:
            it_snap = _snapshot(cg) if stop_out_of_range else None
            if not (isinstance(s, A.DoWhile) and first):
                if s.cond is not None:
                    c = cg.cond_slot(s.cond)
                    if not is_imm(c):
                        floats = plain and _float_test(cg, c) and not reads_local_static(cg, s)
                        if exact is None and not guarded and not floats:
                            raise _CannotUnroll  # a loop (fxc's behaviour: see below)
                        if stop_out_of_range:
                            cg.unroll_met_runtime = True
                        if not guarded:
                            _rollback(cg, snap)
                            raise _RunTimeExit
                        if floats and false_by_bounds(cg, s.cond):
                            break  # its operands' ranges end the loop here (unrollbounds.py)
                        if floats and not judged and exact is None and never_folds(cg, s):
                            # the copies would run to the limit: fxc's answer without making them
                            raise HlslError(s.pos.file, s.pos.line, s.pos.col, 3511,
                                            "unable to unroll loop, loop does not appear to terminate in a timely "
                                            f"manner ({MAX_ITERATIONS + 1} iterations)")
                        if not floats and n == 1 and exact is None and _runaway(cg, s, start, runaway):
                            raise _limit_error(s)  # the copies would run to the limit, each like the first
                        judged = True
                        cg.break_unless(c)  # this copy and the rest run only while the condition holds
                    elif not c[3]:
                        break
            first = False
            if exact is not None and n >= exact:
                break
            if exact is None and n >= MAX_ITERATIONS:
                if forced:
                    raise _limit_error(s)
                raise _CannotUnroll
            if len(cg.code) - start > MAX_INSTRUCTIONS:
                if guarded:  # no loop to fall back to: fxc's "or unrolled loop is too large"
                    raise HlslError(s.pos.file, s.pos.line, s.pos.col, 3511,
                                    f"unable to unroll loop, loop does not appear to terminate in a timely manner "
                                    f"({n} iterations) or unrolled loop is too large, use the [unroll(n)] "
                                    "attribute to force an exact higher number")
                raise _CannotUnroll
            total = cg.unrolled_iterations + 1
            cg.unrolled_iterations = total
            if total > MAX_TOTAL_ITERATIONS:
                if forced:
                    raise HlslError(s.pos.file, s.pos.line, s.pos.col, 3511,
                                    "unable to unroll loop, the unrolled loops of this shader exceed "
                                    f"{MAX_TOTAL_ITERATIONS} iterations; use [loop] or a smaller [unroll(n)]")
                raise _CannotUnroll
            n += 1
            it = len(cg.code)
            try:
                cg.scoped(s.body)
            except HlslError as oob:
                if it_snap is None or oob.code != 3504:
                    raise
                if not _straight(cg.code[it:]):  # past a run-time exit fxc copies on to its limit
                    raise HlslError(s.pos.file, s.pos.line, s.pos.col, 3511,
                                    "unable to unroll loop, loop does not appear to terminate in a timely manner "
                                    f"({MAX_ITERATIONS + 1} iterations)") from oob
                # a constant index out of range in code every run of the copy reaches: fxc takes the copy
                # to be past the loop's end and stops there (one under a condition of its own is not)
                _rollback(cg, it_snap)
                break
            if _exits(cg.code[it:]):
                break
            if isinstance(s, A.For) and s.step is not None:
                cg.expr(s.step)
            if stop_on_refusal and cg.deferred_legacy_error is not None:
                raise _CannotUnroll  # (a trial's answer is known: _judge_unrolled)
        if wrap:
            cg.loops.pop()
            cg.emit("break")
            cg.emit("endloop")
            cp.forget_written(cg, start)
            cg.after_loop()
        return True
    except _CannotUnroll:
        _rollback(cg, snap)
        return False


#: the float comparisons of the instruction set (an integer one may be bounded by what fxc knows of its operands)
_FLOAT_TESTS = frozenset({"lt", "ge", "eq", "ne", "dlt", "dge", "deq", "dne"})


def _float_test(cg: CodegenContext, c: Slot) -> bool:
    """Whether the loop condition ``c`` (a run-time value) was just computed by a float or double comparison: a
    plain ``[unroll]`` copies its body under such a condition until the operands' ranges make it false
    (unrollbounds.py) or to fxc's limit, X3511 (d3dcompiler_47 10.1, session 46: ``[unroll] while (p.x < 4) p += 1``,
    ``for (j = 0; j < p.x; j++)``, a ``do``-``while`` alike; ``j < saturate(p.x)`` unrolls once). An integer
    condition stays a loop here unless _runtime_bound judges it: fxc unrolls one whose operands' ranges end it
    (``j < min(c, 8)``, a thread index's ``k = gi; k < 256``, ``n = x & 7``), ranges this project does not track for
    integers at shader model 4/5."""
    if not cg.code:
        return False
    last = cg.code[-1]
    if last.op not in _FLOAT_TESTS or not last.args:
        return False
    dst = last.args[0]
    return dst.file == c[0] and tuple(dst.idx) == tuple(c[1]) and c[2] is None and \
        (dst.comps is None or c[3] in dst.comps)


#: switch attributes that ask for a real switch (fxc keeps a [branch]ed ``if`` on a constant as well)
_KEEP_SWITCH = frozenset({"branch", "forcecase", "call"})


def _strip_break(body: list) -> list | None:
    """``body`` without the ``break`` that ends it (also at the end of a trailing block); None when it
    does not end in one."""
    if not body:
        return None
    last = body[-1]
    if isinstance(last, A.Break):
        return body[:-1]
    if isinstance(last, A.Block):
        inner = _strip_break(last.stmts)
        return None if inner is None else body[:-1] + [A.Block(last.pos, inner)]
    return None


def fold_switch(cg: CodegenContext, s: A.Switch, value: int) -> bool:
    """A switch on a constant selector emits only the case it selects, as ``if`` on a constant emits only
    the branch taken: fxc folds both before it resolves object references, so a local object assigned in
    the selected case is that resource (DXC's legal-examples 13-switch-stmt-const-ok, a static const
    selector). The selected case runs through empty cases to its body; the fold is skipped (a real switch
    is emitted) when that body leaves the switch other than by a final ``break`` or falls off its end into
    another case, and when an attribute asks for a real switch."""
    from .parser import const_eval

    if set(s.attrs) & _KEEP_SWITCH:
        return False
    want = value & 0xFFFFFFFF
    chosen = default = None
    for k, (labels, _body) in enumerate(s.cases):
        for lab in labels:
            if lab is None:
                default = k
                continue
            v = const_eval(lab)
            if v is None:
                lv = cg.expr(lab)
                if not lv.const:
                    return False
                v = lv.slots[0][3]
            if to_int(v) & 0xFFFFFFFF == want and chosen is None:
                chosen = k
    k = chosen if chosen is not None else default
    if k is None:
        _prune_cases(cg, s, None)
        return True  # no case matches and there is no default: the switch does nothing
    while k < len(s.cases) - 1 and not s.cases[k][1]:
        k += 1  # empty cases fall through to the next body
    body = s.cases[k][1]
    stripped = _strip_break(body)
    if stripped is None:
        if k != len(s.cases) - 1 and not _leaves(body):
            return False
        stripped = body
    if _targets_loop(stripped, A.Break):
        return False
    _case_body(cg, stripped)
    _prune_cases(cg, s, k)
    return True


def _prune_cases(cg: CodegenContext, s: A.Switch, taken: int | None) -> None:
    """The case bodies a constant selector leaves out are still type-checked (deadcode.py): fxc 10.1 refuses
    ``switch (1) { case 0: return float4(1, 2, 3); default: return 0; }`` (X3014)."""
    for j, (_labels, body) in enumerate(s.cases):
        if body:
            block = A.Block(body[0].pos, list(body))
            if j == taken:
                deadcode.generated(cg, block)
            else:
                deadcode.pruned(cg, block)


def _case_body(cg: CodegenContext, stmts: list) -> None:
    """The case a constant selector takes, in the scope that holds the switch: fxc gives a switch body no scope of
    its own, so ``switch (0) { case 0: int one = 1; break; } return one;`` compiles and a case's ``int one`` beside
    an outer ``one`` is X3003 (d3dcompiler_47 10.1 under Wine, session 36; decls.py). Under a run-time selector a
    case's variable read where its declaration may not have run is fxc's "internal error: invalid access of
    unbound variable" (E_FAIL): those cases keep scopes of their own here (X3004, a refusal too)."""
    for s in stmts:
        cg.stmt(s)
        if cg.func_ctx and cg.func_ctx[-1].get("done"):
            break  # an inlined body returned on every path (Codegen.block)


def _leaves(body: list) -> bool:
    """Whether ``body`` ends in a statement that leaves it (return, continue, discard)."""
    return bool(body) and isinstance(body[-1], (A.Return, A.Continue, A.Discard))


def gen_switch_cases(cg: CodegenContext, s: A.Switch, emit_case) -> None:
    """The case bodies of a switch: each starts from the state at the switch; after it, the entries
    any case wrote are dropped."""
    entry = dict(cp.state(cg))
    start = len(cg.code)
    for labels, body in s.cases:
        cg.kconst = dict(entry)
        emit_case(labels)
        cg.block(body)  # a case's declarations stay in it: fxc's own use of one on another path is an internal error
    cg.kconst = entry
    cp.forget_written(cg, start)

