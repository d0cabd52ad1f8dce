"""fxc type-checks an expression as it parses it, left to right, while the code it emits may take another order:
where this compiler's code generator meets a later operand first, the error fxc would meet first is looked up here.

(:func:`methodsig.arguments_first` is the same rule for a built-in method's arguments against its overload match.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: fxc's type rules (its front end's errors); a later phase's error (a target's gate, flow X4000 ...) comes after
#: every type error of the statement
_TYPE_RULES = range(3000, 3500)


def target_first(cg: CodegenContext, target: A.Node, exc: Exception) -> Exception:
    """The error of an assignment whose right side failed (``exc``): the code generator evaluates the right side
    first (C++17's sequencing, :mod:`exprs`), but fxc type-checks the target before it, so a type error of the
    target comes first -- ``m = s.q;`` with ``m`` undeclared is X3004, ``s.q = m;`` X3018, ``m += s.q`` and
    ``m[0] = s.q`` X3004 (d3dcompiler_47 10.1, session 44, helper ACC; DXC builtin-matrix-handle-type). An l-value
    rule (X3025 for a const target) is the assignment's own, judged after both sides: not looked for here.
    Returned for ``raise``."""
    if not isinstance(exc, HlslError):
        return exc
    from .exprs import expr

    try:
        expr(cg, target)
    except HlslError as inner:
        if inner.code in _TYPE_RULES:
            return inner
    except Exception:  # noqa: BLE001 - a target this compiler cannot read (NotSupportedError ...): the first error stands
        pass
    return exc
