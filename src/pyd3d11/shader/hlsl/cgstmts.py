"""Statements: blocks and scopes, if/loops/switch, break/continue/discard, return through inlined calls (HLSL reference:
MicrosoftDocs win32 direct3dhlsl dx-graphics-hlsl-flow-control and each statement's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from . import deadcode, uintrange
from .diagnostics import HlslError
from .operands import Reg, Slot, imm, is_imm
from .types import (
    BOOL,
    INT,
    UINT,
    VOID,
    ArrayType,
    NumType,
    StructType,
    concrete,
)
from .values import (
    Val,
)

#: the function attributes fxc reads on an entry point (MicrosoftDocs: numthreads, the tessellation and
#: geometry attributes, earlydepthstencil, clipplanes); a duplicate of one of them is X3524
_FUNCTION_ATTRIBUTES = frozenset({"numthreads", "maxvertexcount", "instance", "domain", "partitioning",
                                  "outputtopology", "outputcontrolpoints", "patchconstantfunc", "maxtessfactor",
                                  "earlydepthstencil", "clipplanes"})

if TYPE_CHECKING:
    pass



class StatementLowering:
    """Codegen's statement half: each HLSL statement lowered to structured SM4/5 control flow."""

    # --- statements ------------------------------------------------------------------------------------
    def block(self, stmts: list[A.Node]) -> None:
        self.scopes.append({})
        if self.wants_debug_info:
            from .debuginfo import last_line

            self.debug.scope_ends.append(last_line(stmts))
        try:
            for k, s in enumerate(stmts):
                if isinstance(s, (A.Break, A.Continue)) and any(isinstance(x, A.Return) for x in stmts[:k]):
                    continue  # never reached: fxc 10.1 judges no break there (``{ return 1; break; }``; session 47)
                self.stmt(s)
                if self.func_ctx and (self.func_ctx[-1].get("done") or self._entry_ended()):
                    # an inlined body returned on every path, or the entry point at its top level: the rest is
                    # never run (ret below) and only type-checked, as fxc checks dead code (deadcode.py)
                    if k + 1 < len(stmts):
                        deadcode.pruned(self, A.Block(stmts[k + 1].pos, list(stmts[k + 1:])))
                    break
        finally:
            self.scopes.pop()
            if self.wants_debug_info:
                self.debug.scope_ends.pop()

    def _entry_ended(self) -> bool:
        """Whether the entry point being generated returned through no run-time branch (ret below)."""
        ctx = self.func_ctx[-1]
        return bool(ctx.get("entry")) and ctx.get("pos") is not None and id(ctx["pos"]) in self.ended_entries

    def _own_loops(self) -> list[dict]:
        """The loops and switches a ``break`` / ``continue`` here may leave: those of the function being generated,
        not its caller's nor the one-pass loop of its early return (inlining._inlined_body): fxc 10.1's X3518 /
        X3519 for ``float g() { if (c) { break; return 1; } return 0; }`` called, as in the entry point (session 47;
        was a break out of that loop)."""
        base = self.func_ctx[-1].get("loops_base", 0) if self.func_ctx else 0
        return [x for x in self.loops[base:] if not x.get("fence")]

    def stmt(self, s: A.Node) -> None:
        """One statement; the instructions it emits carry its source line (debug information)."""
        saved = self.debug.cur_loc
        if not isinstance(s, A.Block):
            # (file, line, column): the debug line table reads the first two; X4000 places its message with all
            self.debug.cur_loc = (s.pos.file, s.pos.line, s.pos.col)
        try:
            if self.probe_skip is not None and isinstance(s, (A.ExprStmt, A.DeclStmt)):
                self.probe_skip(self._stmt, s)
            else:
                self._stmt(s)
        finally:
            self.debug.cur_loc = saved

    def _stmt(self, s: A.Node) -> None:  # noqa: C901 - one dispatch
        conflict = getattr(s, "attrs", {}).get("$conflict") if isinstance(s, (A.If, A.Switch, A.While, A.DoWhile,
                                                                                A.For)) else None
        if conflict is not None:  # an attribute list fxc refuses where the statement is compiled (X3524)
            raise self.err(conflict[0], conflict[1], 3524)
        if isinstance(s, A.Block):
            self.block(s.stmts)
        elif isinstance(s, A.DeclStmt):
            for d in s.decls:
                if "static" in d.mods and d.name in self.scopes[-1]:
                    continue
                self.declare_local(d, self.scopes[-1])
        elif isinstance(s, A.ExprStmt):
            if s.expr is not None:
                from .discarded import discard

                discard(self, s.expr)  # its outermost operation dropped, as fxc does (discarded.py)
        elif isinstance(s, A.If):
            from .unroll import gen_if

            gen_if(self, s)
        elif isinstance(s, (A.While, A.DoWhile, A.For)):
            from .unroll import gen_loop  # constant propagation + fxc-style unrolling

            gen_loop(self, s)
        elif isinstance(s, A.Switch):
            self.switch(s)
        elif isinstance(s, A.Break):
            if not self._own_loops():
                if self.probe_skip is not None:  # a later phase's rule: a type check reads on (typepass.py)
                    return
                raise self.err(s.pos, "break must be inside a loop or switch", 3518)
            self.emit("break")
        elif isinstance(s, A.Continue):
            lp = next((x for x in reversed(self._own_loops()) if x["kind"] == "loop"), None)
            if lp is None:
                if self.probe_skip is not None:
                    return
                raise self.err(s.pos, "continue must be inside a loop", 3519)
            if self.loops[-1]["kind"] != "loop":
                raise self.err(s.pos, "continue cannot be used in a switch", 3708)
            if lp["step"] is not None:
                self.expr(lp["step"])
            if lp["pre_continue"] is not None:
                self.break_unless(self.cond_slot(lp["pre_continue"]))
            self.emit("continue")
        elif isinstance(s, A.Return):
            self.ret(s)
        elif isinstance(s, A.Discard):
            if self.stage != "ps":
                # fxc's X4532 "cannot map expression to gs_5_0 instruction set", found as the code is emitted: after
                # every other error, a geometry shader's X4592 too (d3dcompiler_47 10.1, session 43; compiler.py)
                if self.unmapped_stage_error is None:
                    from .check import unmappable

                    self.unmapped_stage_error = unmappable(self, s.pos)
                return
            self.emit("discard", Reg("l", imm=(0xFFFFFFFF,)), suffix="_nz")
        else:
            raise self.err(s.pos, f"unsupported statement {type(s).__name__}", 3000)

    def scoped(self, s: A.Node) -> None:
        self.scopes.append({})
        try:
            self.stmt(s)
        finally:
            self.scopes.pop()

    def break_unless(self, c: Slot) -> None:
        if is_imm(c):
            if not c[3]:
                self.emit("break")
            return
        self.emit("breakc", self.src([c]), suffix="_z")

    def after_loop(self) -> None:
        """Inside an inlined function with early returns, leave enclosing constructs once returned."""
        if len(self.func_ctx) > 1 and self.func_ctx[-1].get("flag") is not None and \
                self.func_ctx[-1]["depth"] <= len(self.loops):
            self.emit("breakc", self.src([self.func_ctx[-1]["flag"]]), suffix="_nz")

    def switch(self, s: A.Switch) -> None:
        from .check import check_switch

        # fxc's order (d3dcompiler_47 10.1, session 45): the selector's own errors (an undeclared name), the labels'
        # (X3020 of ``case n:``), the case bodies' type rules, then, as the switch is reduced, a selector that is no
        # scalar -- ``switch (v.yw) { case 0: return nothere; }`` is X3004, a later statement's error after X3019 --
        # and the fall-through rule's X3533 after the function's type rules (a later undeclared name first), as
        # a duplicate label's X3532 (check_switch)
        sel = self.expr(s.expr)
        late = None
        try:
            check_switch(self, s)
        except HlslError as exc:
            if exc.code != 3533:
                raise
            late = exc
        bad = None
        if _one_component_aggregate(sel):
            bad = self.err(s.pos, "could not cast condition to boolean", 3020)
        elif not isinstance(sel.type, NumType) or isinstance(sel.type, StructType) or sel.type.n != 1:
            # a vector, matrix, object or longer array: X3019 "scalar value expected" (d3dcompiler_47 10.1, session
            # 40; X3020 before)
            bad = self.err(s.pos, "scalar value expected", 3019)
        if bad is not None:
            _case_type_errors(self, s)
            raise bad
        if late is not None:
            from .uintrange import defer

            defer(self, late)
        if (self.d3d9 or self.level9) and (concrete(sel.type.base) not in (UINT, BOOL) or
                                            uintrange.min16uint_values(self, sel.slots)):
            # below shader model 4 fxc makes the selector a uint, so the known-positive rule judges it (X3548 "uints
            # can only be used with known-positive values"): ``switch (f)``, ``switch (i)``, ``switch (-1)``,
            # ``switch (i + 1)``, ``switch ((int)f)`` and a loop counter from -1 are refused; ``switch (abs(f))``,
            # ``switch (2.5)``, ``switch (abs(i))``, ``switch (max(i, 0))``, ``switch (i * i)``, a local holding 3,
            # a loop counter from 0 and a uint or bool compile (d3dcompiler_47 10.1 under Wine, sessions 37 and 38,
            # at ps_2_0 / ps_3_0 / vs_2_0 / vs_3_0 / 4_0_level_9_x; vkd3d switch.shader_test's float selector
            # failing below SM 4 is this rule's case); a min16uint selector is the float it is held in (session 48)
            sel = self.convert(sel, NumType(UINT), s.expr.pos)
        sel = self.convert_base(sel, INT if concrete(sel.type.base) != UINT else UINT)
        from .parser import const_eval
        from .unroll import fold_switch

        if is_imm(sel.slots[0]) and fold_switch(self, s, sel.slots[0][3]):
            return
        self.emit("switch", self.src(sel.slots))
        self.loops.append({"kind": "switch"})
        def labels_of(labels: list) -> None:
            for lab in labels:
                if lab is None:
                    self.emit("default")
                else:
                    from .constexpr import to_int

                    v = const_eval(lab)
                    if v is None:
                        lv = self.expr(lab)
                        if not lv.const:
                            raise self.err(lab.pos, "case labels must be literal integers", 3020)
                        v = lv.slots[0][3]
                    self.emit("case", Reg("l", imm=(to_int(v) & 0xFFFFFFFF,)))
        from .unroll import gen_switch_cases

        # fallthrough into a non-empty next case isn't expressible; fxc requires break anyway
        gen_switch_cases(self, s, labels_of)
        self.loops.pop()
        self.emit("endswitch")
        self.after_loop()

    def ret(self, s: A.Return) -> None:
        ctx = self.func_ctx[-1]
        val = None
        if s.value is not None and ctx.get("result_iface") is not None:
            from .ifacelocals import bind_return

            bind_return(self, ctx, s.value, s.pos)
        elif s.value is not None and ctx.get("result_obj") is not None:
            from . import objects

            objects.store(self, ctx["result_obj"], self.expr(s.value), s.pos)
        elif s.value is not None:
            v = self.expr(s.value)
            if ctx["ret"] is VOID:  # after the value's own type rules (check.check_function holds the error)
                mine, held = self.err(s.pos, "void functions cannot return a value", 3079), self.void_return_error
                raise held if held is not None and (held.file, held.line, held.col) == \
                    (mine.file, mine.line, mine.col) else mine
            # a return converts as an assignment does: a struct or array never returns as a vector (d3dcompiler_47
            # 10.1, session 35: ``return s;`` of an S {float4 a;} from a float4 function is X3017)
            from .assign import check_aggregate_assignment

            check_aggregate_assignment(self, v.type, ctx["ret"], s.pos)
            val = self.convert(v, ctx["ret"], s.pos)
            if self.d3d9 or self.level9:
                from .doubles import holds_double, read_double

                if ctx["ret"] is not VOID and holds_double(ctx["ret"]):  # a double returned (doubles.read_double)
                    read_double(self, s.pos)
        elif ctx["ret"] is not VOID:
            raise self.err(s.pos, "non-void functions must return a value", 3080)
        if ctx.get("entry"):
            if _straight(self.code, -1):  # every run returns here (check.check_end_reachable)
                self.ended_entries.add(id(ctx["pos"]))
            if val is not None:
                from .constprop import canonical_return

                val = canonical_return(self, val)
            self.write_entry_outputs(val, s.pos)
            self.emit("ret")
            return
        if val is not None:
            self.store(ctx["result"], val.slots)
        if ctx.get("tail"):
            return
        straight = _straight(self.code, ctx.get("fence"))
        if straight:
            ctx["ended"] = True  # the function's end is never reached (check.check_end_reachable)
        if not ctx.get("returned") and straight:
            # the first return of an inlined body, reached through no run-time branch (constant conditions
            # fold; a constant switch keeps one case): every call returns here, so the value stays a known
            # constant and nothing after it is generated (as fxc folds ``f(3)`` before resolving an index)
            ctx["done"] = True
        ctx["returned"] = True
        self.store([ctx["flag"]], [imm(0xFFFFFFFF)])
        self.emit("break")

    def cond_slot(self, e: A.Node, arms: tuple = ()) -> Slot:
        """The condition ``e`` as one bool slot. ``arms``: an if statement's then / else statements, whose type
        errors fxc reports before the condition's shape (X3019 / X3020; d3dcompiler_47 10.1, session 46: ``if (v)
        { float y = undeclared; }`` of a float2 v is X3004, ``if (v) return 1;`` in a void function X3079; a loop's
        condition is judged before its body)."""
        from .odbool import test_operand

        v = test_operand(self, e, condition=True)
        if _one_component_aggregate(v):
            raise _arms_first(self, arms, self.err(e.pos, "could not cast condition to boolean", 3020))
        if not isinstance(v.type, NumType):
            raise _arms_first(self, arms, self.err(e.pos, "conditional expression must be a scalar", 3019))
        if v.type.n != 1:  # fxc: conditions are not truncated like return values; a vector is an error
            raise _arms_first(self, arms, self.err(e.pos, f"conditional expression must be a scalar, not '{v.type}'",
                                                   3019))
        return self.convert_base(Val(NumType(v.type.base), v.slots), BOOL).slots[0]


def _arms_first(cg: StatementLowering, arms: tuple, exc: HlslError) -> HlslError:
    """The first type error (or X3079, check.check_function) of an if statement's arms, generated in order
    though the compile fails, else ``exc`` (the condition's shape: cond_slot)."""
    from .uncalled import is_type_error

    for part in arms:
        if part is None:
            continue
        try:
            cg.scoped(part)
        except HlslError as found:
            if is_type_error(found) or found.code == 3079:
                return found
            break
        except Exception:  # noqa: BLE001 - an arm this compiler cannot generate proves nothing of its types
            break
    return exc


def _one_component_aggregate(v: Val) -> bool:
    """An array or structure of one component as a condition or switch selector: fxc's X3020 "could not cast
    condition to boolean" (``float f[1]``, ``struct { float a; }``, ``S s[1]``), where a longer one, a vector, a
    matrix or an object is X3019 (d3dcompiler_47 10.1, session 40: every condition form)."""
    return isinstance(v.type, (ArrayType, StructType)) and len(v.slots) == 1


def _straight(code: list, fence: int | None) -> bool:
    """Whether the code after the one-pass loop at ``fence`` has no construct left open (every ``if``,
    ``loop`` and ``switch`` opened since has closed): a statement generated now runs on every pass."""
    if fence is None:
        return False
    depth = 0
    for ins in code[fence + 1:]:
        if ins.op in ("if", "loop", "switch"):
            depth += 1
        elif ins.op in ("endif", "endloop", "endswitch"):
            depth -= 1
    return depth == 0


def _case_type_errors(cg, s: A.Switch) -> None:
    """Raise the first type-rule error of a refused switch's case bodies (generated on trial, then rolled back)."""
    from .uncalled import is_type_error
    from .unroll import _rollback, _snapshot

    snap = _snapshot(cg)
    cg.scopes = [*cg.scopes, {}]
    cg.loops.append({"kind": "switch"})
    found = None
    try:
        for _labels, body in s.cases:
            cg.block(body)
    except HlslError as exc:
        found = exc if is_type_error(exc) else None
    finally:
        _rollback(cg, snap)
    if found is not None:
        raise found
