"""Statement-level semantic checks fxc performs before code generation: control paths that miss a
return value (X3507), switch rules of SM4/5 (no empty switch, unique labels, one default, every case
group non-empty and ending in break/return/continue: fxc has no fall-through between non-empty cases
below SM6, X3533)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .types import VOID

if TYPE_CHECKING:
    from .codegen import Codegen


def _const_true(e: A.Node | None) -> bool:
    from .parser import const_eval

    if e is None:
        return True
    v = const_eval(e)
    return v is not None and bool(v)


def _has_break(s: A.Node) -> bool:
    """A break that leaves this loop (not one inside a nested loop/switch)."""
    if isinstance(s, A.Break):
        return True
    if isinstance(s, (A.For, A.While, A.DoWhile, A.Switch)):
        return False
    if isinstance(s, A.Block):
        return any(_has_break(x) for x in s.stmts)
    if isinstance(s, A.If):
        return _has_break(s.then) or (s.other is not None and _has_break(s.other))
    return False


def always_returns(s: A.Node) -> bool:
    if isinstance(s, A.Return):
        return True
    if isinstance(s, A.Block):
        return any(always_returns(x) for x in s.stmts)
    if isinstance(s, A.If):
        return s.other is not None and always_returns(s.then) and always_returns(s.other)
    if isinstance(s, (A.While, A.For)):
        cond = s.cond
        return _const_true(cond) and not _has_break(s.body)
    if isinstance(s, A.DoWhile):
        return always_returns(s.body) or (_const_true(s.cond) and not _has_break(s.body))
    if isinstance(s, A.Switch):
        if not any(None in labels for labels, _ in s.cases):
            return False
        return all(any(always_returns(x) for x in body) for _labels, body in s.cases if body)
    return False


def _terminates(s: A.Node) -> bool:
    """Always leaves the case through break/return/continue (constant if-conditions folded, as fxc)."""
    from .parser import const_eval

    if isinstance(s, (A.Break, A.Return, A.Continue)):
        return True
    if isinstance(s, A.Block):
        return _terminated(s.stmts)
    if isinstance(s, A.If):
        c = const_eval(s.cond)
        if c is not None:
            br = s.then if c else s.other
            return br is not None and _terminates(br)
        return s.other is not None and _terminates(s.then) and _terminates(s.other)
    return False


def _terminated(stmts: list[A.Node]) -> bool:
    return any(_terminates(x) for x in stmts)


def check_switch(cg: Codegen, s: A.Switch) -> None:
    from .parser import const_eval

    if not s.cases:
        raise cg.err(s.pos, "switch statement contains no 'case' or 'default' labels", 3533)
    seen: set[int] = set()
    defaults = 0
    for labels, body in s.cases:
        for lab in labels:
            if lab is None:
                defaults += 1
                if defaults > 1:
                    raise cg.err(s.pos, "multiple 'default' labels in a switch", 3533)
                continue
            v = const_eval(lab)
            if v is not None:
                k = int(v) & 0xFFFFFFFF
                if k in seen:
                    raise cg.err(lab.pos, f"duplicate case value {int(v)}", 3533)
                seen.add(k)
        if cg.major < 6 and not _terminated(body):
            raise cg.err(s.pos, "fall-through between case labels is only allowed for empty cases", 3533)


def check_function(cg: Codegen, f: A.FuncDef) -> None:
    """Checks on one function body before it is generated (entry point or inlined callee)."""
    if f.body is None:
        return
    if f.ret is not VOID and not always_returns(f.body):
        raise cg.err(f.pos, f"'{f.name}': not all control paths return a value", 3507)
