"""Early returns of a function that returns objects, moved to tail position.

An early ``return`` is generated as a break out of a one-pass loop (inlining.run_inlined_body), so an object
returned that way is bound under run-time control flow and cannot be resolved after the call (X3500),
even when the condition is a compile-time constant: ``Texture2D pick(bool k) { if (k) return a; return
b; }`` called as ``pick(true)``. fxc inlines the call and folds the condition before it resolves the object.
Rewriting ``if (c) S; rest`` as ``if (c) { S } else { rest }`` when S always returns (and ``rest`` after
both branches when neither does) leaves every return at the end of a branch; a constant condition then
selects one branch (unroll.gen_if) and the object resolves, while a run-time one still binds under control
flow and stays X3500, fxc's verdict for an object that depends on the path taken.
"""

from __future__ import annotations

from . import ast as A


def _has_return(n: A.Node) -> bool:
    from .codegen import walk

    return any(isinstance(x, A.Return) for x in walk(n))


def always_returns(stmts: list[A.Node]) -> bool:
    """Every path through ``stmts`` ends in a return that is the last statement of its branch."""
    if not stmts:
        return False
    last = stmts[-1]
    if any(_has_return(s) for s in stmts[:-1]):
        return False
    if isinstance(last, A.Return):
        return True
    if isinstance(last, A.Block):
        return always_returns(last.stmts)
    if isinstance(last, A.If):
        return last.other is not None and always_returns([last.then]) and always_returns([last.other])
    return False


def tail_only(stmts: list[A.Node]) -> bool:
    """The returns in ``stmts`` all stand at the end of a branch that ends the body (none inside a loop or
    switch, none followed by more statements)."""
    if not stmts:
        return True
    if any(_has_return(s) for s in stmts[:-1]):
        return False
    last = stmts[-1]
    if isinstance(last, A.Block):
        return tail_only(last.stmts)
    if isinstance(last, A.If):
        return tail_only([last.then]) and (last.other is None or tail_only([last.other]))
    return isinstance(last, A.Return) or not _has_return(last)


def tailify(stmts: list[A.Node]) -> list[A.Node] | None:
    """``stmts`` with its returns moved to tail position, or None where that needs more than splitting
    ``if`` statements (a return inside a loop or a switch, a branch that returns on some paths only)."""
    for i, s in enumerate(stmts):
        if not _has_return(s):
            continue
        pre, rest = stmts[:i], stmts[i + 1:]
        if isinstance(s, A.Return):
            return [*pre, s]  # what follows a return is never run
        if isinstance(s, A.Block):
            if not _hides(s.stmts, rest):  # its statements may run on into ``rest`` (same names throughout)
                return tailify([*pre, *s.stmts, *rest])
            inner = tailify(s.stmts)
            if inner is None or not always_returns(inner):
                return None
            return [*pre, A.Block(s.pos, inner)]
        if isinstance(s, A.If):
            then = _branch(s.then, rest, s.pos)
            other = _branch(s.other, rest, s.pos)
            if then is None or other is None:
                return None
            return [*pre, A.If(s.pos, s.cond, then, other, s.attrs)]
        return None
    return stmts


def _hides(block: list[A.Node], rest: list[A.Node]) -> bool:
    """Whether running ``rest`` inside ``block``'s scope could change what a name means: the block declares
    a name that ``rest`` reads or declares again."""
    from .codegen import walk

    declared = {d.name for s in block if isinstance(s, A.DeclStmt) for d in s.decls}
    if not declared:
        return False
    named = {n.name for s in rest for n in walk(s) if isinstance(n, A.Ident)}
    named |= {d.name for s in rest for n in walk(s) if isinstance(n, A.DeclStmt) for d in n.decls}
    return bool(declared & named)


def _branch(branch: A.Node | None, rest: list[A.Node], pos) -> A.Block | None:
    """One branch of an ``if`` followed by the statements after the ``if`` (dropped where it returns).
    A branch block whose names would hide names of ``rest`` stays a block of its own, so that they keep
    their scope; it must then return on every path or on none."""
    if branch is None or not (isinstance(branch, A.Block) and _hides(branch.stmts, rest)):
        flat = [] if branch is None else branch.stmts if isinstance(branch, A.Block) else [branch]
        out = tailify([*flat, *rest])
        return None if out is None else A.Block(pos, out)
    own = tailify([branch])
    if own is None:
        return None
    if always_returns(own):
        return A.Block(pos, own)
    if any(_has_return(s) for s in own):
        return None
    after = tailify(rest)
    if after is None:
        return None
    return A.Block(pos, [*own, *after])
