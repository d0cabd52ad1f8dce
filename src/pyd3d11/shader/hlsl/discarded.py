"""An expression statement's value, which nothing reads: what fxc leaves of it.

d3dcompiler_47 10.1 (under Wine, session 44, helper D9) does not generate the outermost operation of an expression
statement whose value is discarded; its operands are generated. So the refusals of its optimiser phase that this
operation alone would meet are not reported: at ps_3_0 / ps_4_0_level_9_1 ``(uint)a.y;``, ``asint(a.y);``,
``(double)a.x;`` and ``(float)(double)a.x;`` compile while ``(uint)a.y + 1;`` and ``(double)a.x + (uint)a.y;`` are
X3548 (an operand's conversion); at ps_4_0 ``(double)a.x;`` compiles while ``(double)a.x + 1;`` and
``(float)(double)a.x;`` are X3684 (the operand's conversion to double). A double value made by an operand and never
read is no refusal at the legacy targets (doubles.read_double): ``(double)a.x + 1;`` compiles at ps_3_0. Nor is
the dropped operation's zero divisor (X4010, session 47): ``1 / 0;`` compiles, ``int k = 1 / 0;`` does not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import ast as A

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: intrinsics with no effect whose own refusal is of the deferred phase (X3543, X3704, X3548 of their result)
_PURE_INTRINSICS = frozenset({"asint", "asuint", "asfloat", "f16tof32", "f32tof16", "countbits", "reversebits",
                              "firstbitlow", "firstbithigh", "abs", "max", "min", "asdouble",
                              "GetRenderTargetSampleCount"})
_UNARY = frozenset({"-", "+", "!", "~"})


def _operands(cg: CodegenContext, e: A.Node) -> list[str] | None:
    """The fields of ``e`` holding operands generated before its own operation, or None where ``e`` is not an
    operation dropped here (an assignment, a call of a function, ++ / --, an object's method)."""
    if isinstance(e, A.Cast):
        return ["a"]
    if isinstance(e, A.Unary) and e.op in _UNARY:
        return ["a"]
    if isinstance(e, A.Binary):
        return ["a", "b"]
    if isinstance(e, A.Call) and e.name in _PURE_INTRINSICS and e.name not in cg.funcs and \
            not any(e.name in sc for sc in cg.scopes) and len(e.args) < 3:
        return ["args"]
    if isinstance(e, A.MethodCall) and e.name.startswith(("Load", "Sample", "Gather")) and len(e.args) < 4:
        return []  # a resource read (objmethods.reads_unsigned: ``tu.Sample(s, p.xy);`` compiles at ps_3_0)
    return None


def _evaluated(cg: CodegenContext, n: A.Node) -> A.Node:
    return A.Evaluated(n.pos, cg.expr(n))


def discard(cg: CodegenContext, e: A.Node) -> None:
    """Generate the expression statement ``e``: its operands as usual, its outermost operation with the deferred
    refusals it alone meets (uintrange.defer, doubles.check_profile) taken back."""
    held = (cg.deferred_legacy_error, cg.deferred_double_error)
    fields = _operands(cg, e)
    if fields is None:
        cg.expr(e)
    else:
        done: dict[str, Any] = {}
        for f in fields:
            v = getattr(e, f)
            done[f] = [_evaluated(cg, x) for x in v] if isinstance(v, list) else _evaluated(cg, v)
        kept = (cg.deferred_legacy_error, cg.deferred_double_error)
        met = getattr(kept[1], "met", None)  # (a waiting double read by the operation dropped stays unread)
        oob = cg.deferred_oob_error
        cg.expr(replace(e, **done))
        if cg.deferred_oob_error is not oob and cg.deferred_oob_error.code == 4010:
            cg.deferred_oob_error = oob  # the dropped division's zero divisor (``1 / 0;``, ``(int)p.x / 0;`` compile)
        legacy = cg.deferred_legacy_error
        if isinstance(e, A.Call) and e.args and legacy is not kept[0] and legacy is not None and legacy.code == 3548:
            # an intrinsic's arguments are converted to its parameters' types as operands (``f16tof32(ci);``,
            # ``max(cu, -1);``, ``countbits(ci);`` are X3548), its own refusal dropped (``asint(a.y);``,
            # ``asdouble(cu, cu);`` compile)
            kept = (legacy, kept[1])
        cg.deferred_legacy_error, cg.deferred_double_error = kept
        if kept[1] is not None:
            kept[1].met = met
    double = cg.deferred_double_error
    if (cg.d3d9 or cg.level9) and double is not held[1] and double is not None and \
            getattr(double, "met", None) is None:
        cg.deferred_double_error = held[1]  # a double made for the discarded value and never read
