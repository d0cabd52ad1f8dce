"""A write inside a state block that fails to parse: fxc reports it before the syntax error.

d3dcompiler_47 10.1 checks a state value's operators as its grammar reduces them, so a write it has reduced --
``++`` / ``--`` either side, ``=`` or a compound assignment, in an entry's value, a state function's argument or a
brace item -- is X3025 "l-value specifies const object" even where the value then fails to parse (session 48 EFX:
``Filter = (++foo)2;``, ``Filter = ++foo +;``, ``Filter = (++foo;``, ``Filter = {(++foo) 2};``,
``SetPixelShader(++foo 2);`` at ps_4_0, fx_2_0 and fx_5_0; ``(-foo)2`` stays the syntax error), and before a
later entry's parse-time error (``Filter = ++foo; SetFoo(1);``, ``Other = bar();``). The parser logs each
expression as it completes it (``Parser.expr_log``, in reduction order); the first logged write stands.
"""

from __future__ import annotations

from collections.abc import Callable

from . import ast as A
from .diagnostics import HlslError


def _written(n: A.Node) -> A.Node | None:
    if isinstance(n, A.Assign):
        return n.target
    if isinstance(n, A.Postfix) or isinstance(n, A.Unary) and n.op in ("++", "--"):
        return n.a
    return None


def reduced_write(log: list[A.Node], is_local: Callable[[str], bool], exc: HlslError) -> HlslError | None:
    """X3025 at the first write of ``log`` (expressions in the order completed) to no local of the function the
    block stands in (a local's block may write it: ``float b { foo = zero++; };`` compiles) that fxc reduced before
    ``exc``, the block's error, i.e. that ends before it: a syntax error comes after every logged expression,
    another parse-time error (a later entry's unknown state function, object cast or undeclared call: ``Filter =
    ++foo; SetFoo(1);`` is X3025) after the writes that end before it (``--bar()``: the call's X3004 stands). An
    element's or a member's ``++`` is typed first (check._sb_type), so it is left to the checks after the parse."""
    for n in log:
        target = _written(n)
        if target is None or isinstance(target, A.Ident) and is_local(target.name):
            continue
        if isinstance(target, (A.Index, A.Member)) and not isinstance(n, A.Assign):
            continue
        end = getattr(n, "end", None) or (n.pos.line, n.pos.col)
        if exc.file == n.pos.file and (exc.line, exc.col) > end:
            return HlslError(n.pos.file, n.pos.line, n.pos.col, 3025, "l-value specifies const object")
    return None
