"""The values a loop of a literal trip count leaves behind, as fxc's front end knows them (issue 15, session 40 GEN).

d3dcompiler_47 10.1 runs a loop whose condition folds on every pass -- ``int w = 4; do { ... } while (--w > 0);``,
``for (i = 0; i < 4; i++) k += 2;``, a ``while`` counting down -- while it folds constants, under ``[loop]`` and at
/Od as well, so a variable's value after such a loop is a constant to it: ``u / (uint)w`` after the ``do`` above is
X4010 "Unsigned integer divide by zero" (gen v4 seeds 40034 / 40037 ps_5_0; session 39's seed 45 was the same
thing for X3512). It stops after 254 evaluations of the condition (``do`` 254 passes folds, ``for`` 254 does not),
and knows nothing after a loop left by a run-time ``break`` or holding a ``return`` under a run-time condition, nor
of an array element's value (only temps: locals, vector components, statics), nor after a loop holding another
loop (whose own exit values are known inside the body) unless it runs once, nor after one marked ``[fastopt]``.

This project keeps such a loop a loop (its values are the same); before generating it, :func:`trial` runs the
loop's copies (unroll._unroll) on a snapshot, keeps the constants the copies leave in the variables' temps and
rolls everything back; :func:`apply` puts them into constant propagation after the real loop, so later folds and
X4010 see what fxc sees. A loop the copier cannot run (a ``continue``, a run-time condition, a copy that raises)
gives nothing (fxc does know some of those: ``continue`` loops, breaks on a folded condition -- not built).
MicrosoftDocs "for Statement" / "do-while Statement" say nothing of this; the rule is the DLL's answer to the
probes recorded in tests/test_rules_hlsl_gen_s40.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from . import constprop as cp
from .diagnostics import HlslError

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .operands import Slot

#: most evaluations of the loop's condition fxc's front end folds (d3dcompiler_47 10.1: a ``do`` of 254 passes
#: is known after it, one of 255 and a ``for`` of 254 passes -- 255 evaluations -- are not)
MAX_CONDITIONS = 254


def _returns(body: A.Node) -> bool:
    """Whether ``body`` holds a ``return`` (any: the one under a run-time condition leaves nothing known)."""
    from .codegen import walk

    return any(isinstance(n, A.Return) for n in walk(body))


def trial(cg: CodegenContext, s: A.Node) -> dict[Slot, int]:
    """The variable-temp components the loop ``s`` leaves holding constants when every pass folds its condition
    (nothing else is changed: code, constants, warnings and counters are rolled back)."""
    from .unroll import _attr, _holds_loop, _rollback, _RunTimeExit, _snapshot, _unroll

    if cg.probe_skip is not None or _returns(s.body) or _attr(s, "fastopt") is not None:
        return {}
    # a loop holding another loop is known after it only when it runs once (fxc's X3557 "loop only executes for 1
    # iteration(s), forcing loop to unroll": gen v4 seed 40034 ps_5_0); two copies at most tell
    nested = _holds_loop(s.body)
    if cg.linkage is not None:
        return {}  # interface calls: their locals' bookkeeping (ifacelocals) is not part of a rollback; not built
    snap = _snapshot(cg)
    start = len(cg.code)
    saved = (len(cg.warnings), cg.unrolled_iterations, cg.deferred_legacy_error, set(cg.var_temps))
    known: dict[Slot, int] = {}
    try:
        # (copies past the last condition fxc folds leave nothing known: the trial stops there instead of
        # running on to the copier's 1,024 -- the same answer, a quarter of the copies for an endless loop)
        if _unroll(cg, s, 2 if nested else MAX_CONDITIONS + 1):
            passes = cg.unrolled_iterations - saved[1]
            if passes == 1 if nested else passes + (not isinstance(s, A.DoWhile)) <= MAX_CONDITIONS:
                written = cp.written_slots(cg.code[start:])
                known = {k: v for k, v in cp.state(cg).items()
                         if k in written and k[0] == "r" and k[1][0] in saved[3]}
    except (HlslError, NotImplementedError, _RunTimeExit):  # a copy the real loop does not make (an index past
        known = {}  # the end, ...), or (two copies at most) a condition known only at run time
    finally:
        _rollback(cg, snap)
        del cg.warnings[saved[0]:]
        cg.unrolled_iterations, cg.deferred_legacy_error = saved[1], saved[2]
    return known


def apply(cg: CodegenContext, known: dict[Slot, int]) -> None:
    """After the real loop: its variables hold the constants the trial found (the same passes ran)."""
    cp.state(cg).update(known)
