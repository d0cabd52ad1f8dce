"""A ``const`` variable as fxc's front end reads it: the exact value of its literal initialiser (issue 15, session 46,
helper MRUN).

d3dcompiler_47 10.1 substitutes a ``static const`` global, a ``const`` local or a ``static const`` local whose
initialiser is a literal expression (litfold.literal_values: literals, ``+ - * /``, casts, constructors, swizzles,
the intrinsics litfold folds; an initialiser list of them; another such variable) by that expression's double
value wherever the variable meets other literal arithmetic -- not by the float32 the variable stores. Evidence
(its objects run on the reference executor, every /O level and /Od alike; tests/test_rules_hlsl_values_s46.py):
``static const float v = 16777217.0; v - 16777216.0`` is 1.0 (float32 16777217 is 16777216: ours gave 0),
``static const float v = 0.1; v * 3.0 - 0.3`` 5.55e-17, ``static const float v = 1e-40; v * 1e30`` 1e-10 (no
flush), ``static const float v = 1e20; cos(v)`` cos of the double 1e20 (0x3f439390), ``static const float v =
sqrt(2.0); v * v - 2.0`` 4.44e-16; a nested ``static const float w = v - 16777216.0`` is 1.0; ``static const int
v = 16777217; v - 16777216.0`` 1.0; ``static const float2 v = float2(16777217.0, 1); v.x - 16777216.0`` and
``static const float v[2] = {16777217.0, 1}; v[0] - 16777216.0`` 1.0. Not so: a plain local or ``static`` copy
(``float w = v; w - 16777216.0`` is 0), an ``asfloat`` initialiser (no literal expression), a uniform; the variable
stored alone is its float32 (``u[0] = v``; a denormal stores 0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import ast as A
from .types import DOUBLE, FLOAT, INT, UINT, ArrayType, NumType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext


@dataclass(frozen=True)
class ConstLiteral:
    """The double values of a const variable's literal initialiser, component by component (an array's elements
    one after another, ``elem`` components each; None for a scalar or vector), and whether they are floats."""

    values: tuple[float, ...]
    floats: bool
    elem: int | None = None


def _converted(values: list[float], base: str) -> list[float] | None:
    """The values as the declared component type holds them: a float type keeps the double, an integer type its
    truncation (the integer literal ``16777217`` stays exact); other types are not substituted."""
    if base in (FLOAT, DOUBLE):
        return values
    if base in (INT, UINT) and all(math.isfinite(x) for x in values):
        out = [float(math.trunc(x)) for x in values]
        if base == UINT and any(x < 0 for x in out):
            return None  # a negative value's uint wrap is not probed
        return out
    return None


def _shape_values(cg: CodegenContext, init: A.Node, n: int) -> list[float] | None:
    """The ``n`` literal values of one scalar / vector initialiser (a single value widens, a longer vector is cut as
    the implicit truncation cuts it), None where a part is no literal expression."""
    from .litfold import literal_values

    if isinstance(init, A.InitList):
        vals: list[float] = []
        for item in init.items:
            got = _shape_values(cg, item, 0)
            if got is None:
                return None
            vals += got
        return vals if n == 0 or len(vals) == n else None
    r = literal_values(cg, init)
    if r is None:
        return None
    if n == 0:
        return r[0]
    if len(r[0]) == 1:
        return r[0] * n
    return r[0][:n] if len(r[0]) >= n else None


def const_literal(cg: CodegenContext, d: A.VarDecl, t) -> ConstLiteral | None:
    """The literal value fxc's front end substitutes for the ``const`` variable ``d`` of type ``t``, or None."""
    if "const" not in d.mods or d.init is None:
        return None
    elem = None
    if isinstance(t, ArrayType):
        if not isinstance(t.elem, NumType) or t.elem.shape == "m" or not isinstance(d.init, A.InitList):
            return None
        num, elem = t.elem, t.elem.n
        vals = _shape_values(cg, d.init, 0)
        if vals is None or len(vals) != elem * t.count:
            return None
    elif isinstance(t, NumType) and t.shape != "m":
        num = t
        vals = _shape_values(cg, d.init, t.n)
    else:
        return None
    if vals is None:
        return None
    base = concrete(num.base)
    vals = _converted(vals, base)
    return None if vals is None else ConstLiteral(tuple(vals), base in (FLOAT, DOUBLE), elem)


def _variable(cg: CodegenContext, name: str):
    """The variable ``name`` names here, without the side effects of a lookup (a name no scope holds: None)."""
    for sc in reversed(cg.scopes):
        if name in sc:
            return sc[name]
    return None


def _literal_of(v) -> ConstLiteral | None:
    from .values import Val

    return v.literal if isinstance(v, Val) else None


def substituted(cg: CodegenContext, e: A.Node) -> tuple[list[float], bool] | None:
    """(values, holds a float) of ``e`` when it names a const variable with a literal value (an element of a const
    array at a literal index included), as litfold.literal_values returns them; None otherwise."""
    if isinstance(e, A.Ident):
        lit = _literal_of(_variable(cg, e.name))
        if lit is None or lit.elem is not None:
            return None
        return list(lit.values), lit.floats
    if isinstance(e, A.Index) and isinstance(e.a, A.Ident):
        from .litfold import literal_values

        lit = _literal_of(_variable(cg, e.a.name))
        k = literal_values(cg, e.index)
        if lit is None or lit.elem is None or k is None or len(k[0]) != 1 or k[1]:
            return None
        i = int(k[0][0])
        if not 0 <= i < len(lit.values) // lit.elem:
            return None
        return list(lit.values[i * lit.elem:(i + 1) * lit.elem]), lit.floats
    return None


def domain_argument(cg: CodegenContext, e: A.Node, zero: bool) -> bool:
    """Whether ``e``, an argument of ``rsqrt`` / ``sqrt`` / ``log`` / ``log2`` / ``log10``, is a bare const variable
    whose value is negative (or, with ``zero`` -- rsqrt's case --, a zero): outside the function's domain. fxc's front
    end does not fold such a call from the exact value (``static const float DN = -1e-40; sqrt(DN)`` is 0 in its
    object and ``log(DN)`` -inf, not the double's NaN; ``static const float NZ = -0.0; rsqrt(NZ)`` +inf where
    ``rsqrt(-0.0)`` is -inf; at /Od -0, -inf, -inf: the instruction on the stored float32), though it folds a
    literal's domain error and a positive denormal's value (``rsqrt`` of a static const 1e-40 is 1e20, ``sqrt(NZ)``
    -0). The call is then left to the instructions, as before (session 46: 60 probes of 21 intrinsics on -0, -1e-40
    and 1e-40)."""
    got = substituted(cg, e)
    return got is not None and any(x < 0 or (zero and x == 0) for x in got[0])
