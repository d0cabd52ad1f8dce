"""fxc's X3696 "infinite loop detected - loop never exits".

d3dcompiler_47 10.1 refuses a loop that does something and has no way out: ``while (true) { i++; }``,
``for (;;) { v.x += 1; }``, ``int i = 0; while (i < 10) { v += 1; }`` (a condition that folds to true) and a
compute shader's ``while (true) { u[0] = 1; }`` are X3696, whatever the body computes and whether or not its
result is used; a loop with an empty body (``while (true) {}``, ``do {} while (i < 10)``) compiles (fxc drops it
with warning X3557 "loop doesn't seem to do anything"), and so does one left by a ``break`` or a ``return``
anywhere in its body (a break of an inner loop or a switch excepted; a ``discard`` is no exit). MicrosoftDocs "HLSL errors and
warnings" does not list the number; the rule is fxc's answer to the probes recorded in
tests/test_rules_hlsl_fxc_verdicts_acc39.py (session 39, helper ACC; DXC's cf.do.plain, cf.for.plain,
cf.while.continue).

The check runs on the code as generated, where a constant loop condition has already been folded away (the loop
then holds no conditional break).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagnostics import Pos

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_OPENERS = ("loop", "switch", "if")
_CLOSERS = {"endloop": "loop", "endswitch": "switch", "endif": "if"}
#: instructions that leave the whole program (so any enclosing loop)
#: (a ``discard`` does not: ``while (true) { discard; }`` is X3696)
_LEAVE_PROGRAM = ("ret", "retc")


def check_endless_loops(cg: CodegenContext) -> None:
    """Raise X3696 at the first loop (in program order) with a body and no exit (module docstring)."""
    #: open blocks: [kind, start index, left by a break / return / discard (loops), has a body]
    stack: list[list] = []
    for i, ins in enumerate(cg.code):
        op = ins.op
        if op in _OPENERS:
            if stack:
                stack[-1][3] = True
            stack.append([op, i, False, False])
            continue
        if op in _CLOSERS:
            if not stack:
                continue
            kind, start, exits, body = stack.pop()
            if kind == "loop" and body and not exits:
                raise cg.err(_position(cg, start), "infinite loop detected - loop never exits", 3696)
            continue
        if not stack:
            continue
        stack[-1][3] = True
        if op.startswith(_LEAVE_PROGRAM):
            for b in stack:
                if b[0] == "loop":
                    b[2] = True
        elif op in ("break", "breakc"):
            # the innermost loop or switch is left; only a loop's break is an exit for the loop
            for b in reversed(stack):
                if b[0] in ("loop", "switch"):
                    b[2] = True
                    break


def _position(cg: CodegenContext, start: int) -> Pos:
    """The loop's place: its ``loop`` instruction's expression or statement line, else the first in its body that
    has one (the file's first line where none has)."""
    for ins in cg.code[start:]:
        if ins.epos is not None:
            return ins.epos
        if ins.loc is not None:
            return Pos(ins.loc[0], ins.loc[1], 1)
    return Pos("", 1, 1)
