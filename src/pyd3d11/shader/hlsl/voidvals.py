"""The value of a void call (``f()`` of a ``void f()``, ``clip(x)``, ``InterlockedAdd(...)``, a barrier) used as a
value, judged as d3dcompiler_47 10.1 judges it (issue 15, session 43, helper MUT; probed under Wine, the rows in
tests/test_rules_hlsl_fxc_mutants_s43.py -- the MicrosoftDocs "Functions" and "Casting" pages say nothing of it).

fxc takes void for a non-numeric operand, as an object is:

* an operator's operand: the arithmetic, relational and logical operators X3022 "scalar, vector, or matrix
  expected", the bit operators X3082, ``==`` / ``!=`` X3020 "type mismatch" (exprs.check_operand_kinds' table);
* a numeric constructor's argument: X3017 "cannot convert from 'object type' to 'numeric type'" (an object's
  too);
* an intrinsic's argument: no overload takes it, X3013 "'sin': no matching 1 parameter intrinsic function";
* an index: X3120 "invalid type for index" (an object's too);
* an explicit cast to a numeric, struct or array type passes the type check and fails fxc's code generation with
  the numberless "internal error: invalid sequence/cast expression" -- after every type rule of the file (a later
  undeclared name is X3004), in the phase of a double's refusal (the first in source order: ``(double)1`` at
  ps_4_0 before it is X3684, an atomic's X3660 inside it first), not in a branch folded away nor in a function
  nothing calls; ``(void)f()`` is no cast at all (compiled), while ``(void)1`` stays X3017.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .types import VOID, ObjectType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .values import Val


def is_void(v: Val) -> bool:
    """A void call's value (a folded compound assignment's VOID carries its marker in ``obj``: not one)."""
    return v.type is VOID and v.obj is None


def check_constructor_arguments(cg: CodegenContext, args: list[Val], pos) -> None:
    """X3017 for a numeric constructor's void or object argument."""
    if any(is_void(a) or isinstance(a.type, ObjectType) for a in args):
        raise cg.err(pos, "cannot convert from 'object type' to 'numeric type'", 3017)


def check_intrinsic_arguments(cg: CodegenContext, name: str, args: list[Val], pos) -> None:
    """X3013 for an intrinsic called with a void value."""
    if any(is_void(a) for a in args):
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)


def check_index(cg: CodegenContext, iv: Val, pos) -> None:
    """X3120 for a void or object index."""
    if is_void(iv) or isinstance(iv.type, ObjectType):
        raise cg.err(pos, "invalid type for index - index must be a scalar, or a vector with the correct number "
                          "of dimensions", 3120)


def cast_of_void(cg: CodegenContext, t: Type, pos) -> Val:
    """``(t)f()`` of a void ``f``: the deferred numberless internal error (module doc), and a zero of ``t`` for the
    code that follows (never emitted: the compile fails)."""
    from .operands import imm
    from .uintrange import defer
    from .values import Val

    defer(cg, cg.err(pos, "invalid sequence/cast expression", 0))
    return Val(t, [imm(0)] * t.slots)
