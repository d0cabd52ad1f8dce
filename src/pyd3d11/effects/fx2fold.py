"""Intrinsic calls folded in ``fx_2_0`` parameter initial values.

A D3D9 effect parameter's initial value is stored in the effect, so it must be known when the effect is compiled;
fxc evaluates intrinsic functions of constant arguments there (the DirectX SDK's CompiledEffect.fx declares
``float3 g_LightDir = normalize(float3(1.0f, 1.0f, -1.0f));`` and fxc's object stores 0.57735, 0.57735, -0.57735).
:func:`fold_intrinsics` replaces each call of a math intrinsic of MicrosoftDocs "Intrinsic Functions (DirectX HLSL)"
whose arguments are constant by a float constructor of its value, computed per component as that page defines the
function; anything else is left for :func:`constexpr.const_value`, which reports it as no literal expression.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from ..shader.hlsl import ast as A
from ..shader.hlsl.constexpr import const_value
from ..shader.hlsl.types import NumType


def _per(f: Callable[..., float]) -> Callable[..., list[float]]:
    """A component-wise intrinsic: scalar arguments broadcast to the widest argument."""

    def g(*args: list[float]) -> list[float]:
        n = max(len(a) for a in args)
        if any(len(a) not in (1, n) for a in args):
            raise ValueError("mismatched sizes")
        return [f(*(a[i] if len(a) > 1 else a[0] for a in args)) for i in range(n)]
    return g


def _dot(a: list[float], b: list[float]) -> list[float]:
    a, b = (a * len(b), b) if len(a) == 1 else (a, b * len(a)) if len(b) == 1 else (a, b)  # a scalar broadcasts
    if len(a) != len(b):
        raise ValueError("mismatched sizes")
    return [sum(x * y for x, y in zip(a, b, strict=True))]


def _normalize(v: list[float]) -> list[float]:
    n = math.sqrt(_dot(v, v)[0])
    return [x / n for x in v]


def _cross(a: list[float], b: list[float]) -> list[float]:
    if len(a) != 3 or len(b) != 3:
        raise ValueError("cross needs float3")
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _sign(x: float) -> float:
    return float((x > 0) - (x < 0))


#: intrinsic name -> (argument count, evaluation on component lists)
INTRINSICS: dict[str, tuple[int, Callable[..., list[float]]]] = {
    "normalize": (1, _normalize),
    "length": (1, lambda v: [math.sqrt(_dot(v, v)[0])]),
    "dot": (2, _dot),
    "cross": (2, _cross),
    "distance": (2, lambda a, b: [math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)))]),
    "abs": (1, _per(abs)),
    "sqrt": (1, _per(math.sqrt)),
    "rsqrt": (1, _per(lambda x: 1 / math.sqrt(x))),
    "rcp": (1, _per(lambda x: 1 / x)),
    "sin": (1, _per(math.sin)),
    "cos": (1, _per(math.cos)),
    "tan": (1, _per(math.tan)),
    "asin": (1, _per(math.asin)),
    "acos": (1, _per(math.acos)),
    "atan": (1, _per(math.atan)),
    "atan2": (2, _per(math.atan2)),
    "exp": (1, _per(math.exp)),
    "exp2": (1, _per(lambda x: 2.0 ** x)),
    "log": (1, _per(math.log)),
    "log2": (1, _per(math.log2)),
    "log10": (1, _per(math.log10)),
    "pow": (2, _per(lambda x, y: x ** y)),
    "floor": (1, _per(math.floor)),
    "ceil": (1, _per(math.ceil)),
    "frac": (1, _per(lambda x: x - math.floor(x))),
    "round": (1, _per(lambda x: float(math.floor(x + 0.5)))),
    "trunc": (1, _per(math.trunc)),
    "sign": (1, _per(_sign)),
    "min": (2, _per(min)),
    "max": (2, _per(max)),
    "clamp": (3, _per(lambda x, lo, hi: min(max(x, lo), hi))),
    "saturate": (1, _per(lambda x: min(max(x, 0.0), 1.0))),
    "lerp": (3, _per(lambda a, b, s: a + s * (b - a))),
    "step": (2, _per(lambda y, x: 1.0 if x >= y else 0.0)),
    "radians": (1, _per(math.radians)),
    "degrees": (1, _per(math.degrees)),
}


def _components(node: A.Node, consts: dict) -> list[float] | None:
    """A constant argument's components (a scalar or vector of at most four), or None."""
    n = _width(node, consts)
    if not 1 <= n <= 4:
        return None
    cv = const_value(NumType("float") if n == 1 else NumType("float", 1, n, "v"), node, consts)
    return None if cv is None else [float(x) for x in cv.vals]


def _width(node: A.Node, consts: dict) -> int:
    """The component count an argument has as written (constructors, folded calls, literals, constants)."""
    if isinstance(node, A.Construct) and isinstance(node.type, NumType):
        return node.type.rows * node.type.cols if node.type.shape == "m" else node.type.cols
    if isinstance(node, A.Ident) and node.name in consts:
        return len(consts[node.name].vals)
    if isinstance(node, (A.Unary,)):
        return _width(node.a, consts)
    if isinstance(node, A.Binary):
        return max(_width(node.a, consts), _width(node.b, consts))
    return 1


def fold_intrinsics(node: A.Node | None, consts: dict) -> A.Node | None:
    """``node`` with every foldable intrinsic call replaced by its value (innermost first); see the module."""
    if node is None:
        return None
    if isinstance(node, A.Node):
        changes = {}
        for f in dataclasses.fields(node):
            v = getattr(node, f.name)
            if isinstance(v, A.Node):
                nv = fold_intrinsics(v, consts)
            elif isinstance(v, list):
                nv = [fold_intrinsics(x, consts) if isinstance(x, A.Node) else x for x in v]
                nv = v if all(a is b for a, b in zip(nv, v, strict=True)) else nv
            else:
                continue
            if nv is not v:
                changes[f.name] = nv
        if changes:
            node = dataclasses.replace(node, **changes)
    if isinstance(node, A.Call) and node.name in INTRINSICS and len(node.args) == INTRINSICS[node.name][0]:
        args = [_components(a, consts) for a in node.args]
        if all(a is not None for a in args):
            try:
                vals = INTRINSICS[node.name][1](*args)
            except (ValueError, ZeroDivisionError, OverflowError):
                return node
            lits = [A.Literal(node.pos, float(x), "float") for x in vals]
            if len(lits) == 1:
                return lits[0]
            return A.Construct(node.pos, NumType("float", 1, len(lits), "v"), lits)
    return node
