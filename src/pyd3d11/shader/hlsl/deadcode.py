"""Type checks of code in a branch the compiler prunes as constant (``if (false) { … }``).

fxc type-checks every statement of a function before it folds constants: ``if (false) return float4(1, 2, 3);``
is X3014, ``if (false) { undeclared = 1; }`` X3004, ``if (false) { const float a = 1; a = 2; }`` X3025, also
where the condition is a ``static const`` or a local whose value is known (``float x = 0; if (x) …``), and the
``else`` of a constant-true condition (d3dcompiler_47 10.1 under Wine, session 38). The rules of a later phase
pass in such code as they do in a function nothing calls: an uninitialised read, a ``discard`` or a sample in a
vertex shader, a ``break`` outside a loop, a double at 4.0, a constant division by zero or an index out of range.

Code generation here folds the condition and generates only the branch taken (unroll.gen_if). The branch left
out is recorded with its function (:func:`pruned`); after a successful compile, a function that holds a branch
never generated is generated once more in a throw-away code generator as uncalled.py does for the functions
nothing calls (its parameters bound to unknown values, a probe at ps_5_0 and at cs_5_0, the stage-independent
type rules of uncalled.TYPE_RULE_CODES), with each constant branch now generated too (:func:`check_now`); an
error counts when both probes report it inside one of the recorded branches."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError

if TYPE_CHECKING:
    from .cgstate import CodegenContext

PosKey = tuple  # (file, line, column) of a statement


def _key(node: A.Node) -> PosKey:
    return node.pos.file, node.pos.line, node.pos.col


def span(node: A.Node) -> tuple[PosKey, PosKey]:
    """The first and last (file, line, column) of the nodes under ``node``: an error between them is inside it."""
    from .codegen import walk

    keys = [_key(n) for n in walk(node) if n.pos is not None and n.pos.file == node.pos.file]
    return min(keys), max(keys)


def _function_key(cg: CodegenContext) -> tuple | None:
    """uncalled.func_key of the function being generated (an inlined one, else the entry point)."""
    from .uncalled import func_key

    if not cg.func_ctx:
        return None
    ctx = cg.func_ctx[-1]
    if ctx.get("fdef") is not None:
        return func_key(ctx["fdef"])
    pos = ctx.get("pos")
    if ctx.get("entry") and pos is not None:
        return cg.entry, pos.file, pos.line, pos.col
    return None


def generated(cg: CodegenContext, node: A.Node | None) -> None:
    """Note a branch generated (taken, or kept behind a run-time condition): an inlined function called twice
    may prune it in one call and keep it in the other, where the code generation checked it."""
    if node is not None:
        _state(cg)[1].add(_key(node))


def pruned(cg: CodegenContext, node: A.Node | None) -> None:
    """Note a branch left out because its condition folded; in a probe, check it at once (check_now)."""
    if node is None:
        return
    if cg.probe_skip is not None:
        check_now(cg, node)
        return
    fkey = _function_key(cg)
    if fkey is not None:
        _state(cg)[0].setdefault(_key(node), (fkey, node))


def _state(cg: CodegenContext) -> tuple[dict, set]:
    return cg.dead_branches


def check_now(cg: CodegenContext, node: A.Node) -> None:
    """Generate a pruned branch of a probed function behind a run-time ``if`` and throw its code away; a type
    error in it propagates (the probe judges it), any other failure is the later phase's and passes."""
    from .operands import imm
    from .uncalled import is_type_error
    from .unroll import _rollback, _snapshot

    snap = _snapshot(cg)
    try:
        cg.emit("if", cg.src([imm(0xFFFFFFFF)]), suffix="_nz")
        cg.scoped(node)
        cg.emit("endif")
    except HlslError as exc:
        if is_type_error(exc):
            raise
    except Exception:  # noqa: BLE001, S110 - an unbuilt path or a later phase's rule proves nothing here
        pass
    finally:
        _rollback(cg, snap)


def check_dead_branches(cg: CodegenContext, make_codegen: Callable[[str, int, int], CodegenContext],
                        memo_key: tuple | None = None) -> None:
    """Raise the first type error inside a branch the compile of ``cg`` pruned and never generated (module doc).

    A function's probe has the outcome uncalled.py's has (the same generation of the body, every constant
    branch checked), so the two share its memo (``memo_key``: see uncalled.check_uncalled)."""
    from . import uncalled

    dead, live = cg.dead_branches
    if not dead:
        return
    by_func: dict[tuple, list[tuple[PosKey, PosKey]]] = {}
    for key, (fkey, node) in dead.items():
        if key not in live:
            by_func.setdefault(fkey, []).append(span(node))
    found: list[HlslError] = []
    for fkey, spans in by_func.items():
        # (not the entry point's: a program hook may edit it for this compile, as uncalled.py leaves it out)
        mk = None if memo_key is None or fkey[0] == cg.entry else (memo_key, fkey)
        if mk is not None and mk in uncalled._MEMO:
            exc = uncalled._MEMO[mk]
        else:
            exc = uncalled._both_stages(make_codegen, fkey, {})
            if mk is not None:
                if len(uncalled._MEMO) > 4096:
                    uncalled._MEMO.clear()
                uncalled._MEMO[mk] = exc
        if exc is not None and any(lo <= (exc.file, exc.line, exc.col) <= hi for lo, hi in spans):
            found.append(exc)
    if found:
        raise uncalled._copied(min(found, key=lambda e: (e.line, e.col)))
