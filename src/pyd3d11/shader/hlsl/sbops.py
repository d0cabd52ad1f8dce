"""The operators of an effect state-block value, typed as fxc types them (check._sb_type's operator part).

d3dcompiler_47 10.1 type-checks a state value (a sampler's, a state object's or a pass's entry, a state function's
argument) with the expression rules of a function body before the effect compiler reads the state (session 46, EFX;
tests/test_rules_effects_fxc_s46.py SB_OPERATOR_ROWS), at the shader targets and the fx targets alike:

* ``~`` and the bitwise operators (``&``, ``|``, ``^``, ``<<``, ``>>``) take integers: a float, a string or an
  object operand is X3082 "int or unsigned int type required" (``~1.5``, ``1.5 & 2``, ``~g`` of a float global,
  ``~sin(1)``, ``depth & 1`` of a DepthStencilState; ``~true``, ``~abs(1)``, ``1.5 % 2`` compile);
* the other unary and arithmetic operators take numbers: a string or an object is X3022 "scalar, vector, or matrix
  expected" (``-depth``, ``!depth``, ``s + 1``); comparisons and the comma take anything (``depth == depth``);
* the result of an operator, an intrinsic of the float family and a conditional carries its base on
  (``~(g + 1)``, ``~(gi + 1.5)``, ``~(1, 1.5)``, ``~length(1)`` X3082; ``~(gi * 2)``, ``~(gi < 1)`` compile);
* an effect object or a string has no member (``depth.x`` X3018) and no element (``depth[0]`` X3121); a condition
  that is no number, or an object arm beside a number, is X3020.
A name that is no earlier global stays a ``const int`` (check._sb_type).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .types import BOOL, EFFECT_KINDS, INT, LIT_INT, UINT, NumType, ObjectType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_INTEGER_BASES = {BOOL, INT, UINT, LIT_INT}
BITWISE = {"&", "|", "^", "<<", ">>"}
_COMPARE = {"<", ">", "<=", ">=", "==", "!="}
#: intrinsics whose result is a float whatever their numeric arguments (``~sin(1)`` is X3082; ``abs`` and ``max``
#: keep an integer argument's type: ``~abs(1)`` compiles)
FLOAT_INTRINSICS = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2",
                    "log", "log2", "log10", "sqrt", "rsqrt", "rcp", "pow", "frac", "floor", "ceil", "round", "trunc",
                    "saturate", "lerp", "smoothstep", "degrees", "radians", "normalize", "fmod", "ldexp"}
_SCALAR_FLOAT_INTRINSICS = {"length", "distance"}


def _integer(t: NumType) -> bool:
    return t.base in _INTEGER_BASES


def _need_integer(cg: CodegenContext, e: A.Node, t: Type | None) -> None:
    if t is not None and not (isinstance(t, NumType) and _integer(t)):
        raise cg.err(e.pos, "int or unsigned int type required", 3082)


def _need_number(cg: CodegenContext, e: A.Node, t: Type | None) -> None:
    if t is not None and not isinstance(t, NumType):
        raise cg.err(e.pos, "scalar, vector, or matrix expected", 3022)


def _promote(a: NumType, b: NumType, base: str | None = None) -> NumType | None:
    """The type of an elementwise operation of ``a`` and ``b`` (None where the shapes do not say it simply)."""
    if base is None:
        if _integer(a) and _integer(b):
            base = UINT if UINT in (a.base, b.base) else INT
        else:
            base = next((x.base for x in (a, b) if not _integer(x)), "float")
    if a.shape == "s" or a.n == 1:
        return b.with_base(base)
    if b.shape == "s" or b.n == 1:
        return a.with_base(base)
    if a.shape == b.shape == "v":
        return NumType(base, 1, min(a.cols, b.cols), "v")
    return a.with_base(base) if a == b.with_base(a.base) else None


def unary_type(cg: CodegenContext, e: A.Unary, t: Type | None) -> Type | None:
    """``-x``, ``+x``, ``!x``, ``~x`` of an operand of type ``t`` (None: unknown)."""
    if e.op == "~":
        _need_integer(cg, e, t)
    else:
        _need_number(cg, e, t)
    if not isinstance(t, NumType):
        return None
    return t.with_base(BOOL) if e.op == "!" else t


def binary_type(cg: CodegenContext, e: A.Binary, a: Type | None, b: Type | None) -> Type | None:
    """``a op b``: the operand errors (the left operand's first), then the result's type."""
    if e.op in _COMPARE:
        return a.with_base(BOOL) if isinstance(a, NumType) and isinstance(b, NumType) and \
            _promote(a, b) is not None else None
    if e.op in BITWISE:
        _need_integer(cg, e, a)
        _need_integer(cg, e, b)
    else:
        _need_number(cg, e, a)
        _need_number(cg, e, b)
    if not (isinstance(a, NumType) and isinstance(b, NumType)):
        return None
    return _promote(a, b, BOOL if e.op in ("&&", "||") else None)


def ternary_type(cg: CodegenContext, e: A.Ternary, cond: Type | None, a: Type | None,
                 b: Type | None) -> Type | None:
    """``c ? a : b``: a condition that is no number is X3020 "conditional must be numeric" (``depth ? 1 : 2``, a
    string, a texture), an object arm beside a number X3020 "type mismatch between conditional values"; else the
    arms' common type."""
    if cond is not None and not isinstance(cond, NumType):
        raise cg.err(e.pos, "conditional must be numeric", 3020)
    if a is not None and b is not None and isinstance(a, NumType) != isinstance(b, NumType):
        raise cg.err(e.pos, "type mismatch between conditional values", 3020)
    return _promote(a, b) if isinstance(a, NumType) and isinstance(b, NumType) else None


def effect_object(t: Type | None) -> bool:
    """An effect object or a string: no member, no element (``depth.x`` X3018, ``depth[0]`` X3121; a texture's
    element is another rule, X3120)."""
    return isinstance(t, ObjectType) and (t.kind in EFFECT_KINDS or t.kind == "string")


def intrinsic_type(name: str, args: list[Type | None]) -> Type | None:
    """The result type of an intrinsic of the float family over numeric arguments (None for the others)."""
    if not args or not all(isinstance(a, NumType) for a in args):
        return None
    first = args[0]
    assert isinstance(first, NumType)
    if name in _SCALAR_FLOAT_INTRINSICS:
        return NumType("float")
    if name in FLOAT_INTRINSICS:
        return first.with_base("float")
    return None
