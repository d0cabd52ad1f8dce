"""fxc's front-end folding of math intrinsics on literal arguments (issue 15, session 42 MRUN).

d3dcompiler_47 10.1 evaluates a call such as ``asin(0.5)``, ``cos(1e20)``, ``pow(1.#INF, -0.0)`` or
``fmod(0.5, 0)`` whose arguments are literals (and literal arithmetic, casts, constructors, swizzles and other
such calls over them) before any instruction exists: in double precision, from the literals' decimal values, with
the C library's functions and C's special cases, and rounds the result to float32 once (a denormal result to a
zero of its sign, values.f2b). Its object then holds that constant, also at /Od. The instruction sequences this
compiler lowers the calls to (and that the executor runs) give other values on constants: ``asin(0.0)`` is the
polynomial's 6.76e-5 (fxc 0), ``acos(0)`` 0x3fc90da4 (fxc pi/2), ``cos(1e20)`` 1.0 (fxc 0.7640),
``pow(1.#INF, -0.0)`` NaN (fxc 1), ``fmod(0.5, 0)`` 0 (fxc NaN), ``sqrt(1e-40)`` 0 (fxc 1e-20: the literal is not
flushed while it is a double), ``sqrt(2.0) * sqrt(2.0)`` 0x3fffffff (fxc 2.0: the product is folded in double too).

Evidence: the constants in fxc's objects of 2,400 literal calls (tests/test_rules_hlsl_values_s42.py); each
function below was checked against them. The arithmetic is fxc's own (its C runtime's functions), so the functions
here are Python's math module (the same IEEE double functions) with the special cases fxc's results show.

Not folded here (fxc's folded value differs from this model or was not probed): a ternary operator (fxc folds
``0.9 > 0.5 ? 0.9 : 0.1`` as a float value), local variables and ``const`` variables (fxc folds a ``static const``
in double too; not built), cross / reflect / refract / determinant / lit / isnan (one-ulp or
special-value differences), round and trunc (fxc's are the instructions' folds: ``trunc(1e20)`` is
-2147483648, ``round(0.5)`` 1 and ``round(2.5)`` 2), sign (an int result), the Direct3D 9 and level-9 targets (not probed)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import ast as A
from .operands import imm, is_imm
from .types import BOOL, DOUBLE, FLOAT, INT, LIT_FLOAT, LIT_INT, UINT, NumType, concrete
from .values import Val, f2b

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_INF = math.inf
_NAN = math.nan
_SWIZZLE = {c: i for i, c in enumerate("xyzw")} | {c: i for i, c in enumerate("rgba")}
_FLOAT_BASES = frozenset({FLOAT, LIT_FLOAT, DOUBLE})


def _mul(a: float, b: float) -> float:
    if (a == 0 and math.isinf(b)) or (b == 0 and math.isinf(a)):
        return _NAN
    return a * b


def _add(a: float, b: float) -> float:
    if math.isinf(a) and math.isinf(b) and a != b:
        return _NAN
    return a + b


def _div(a: float, b: float) -> float:
    if b == 0:
        if a == 0 or a != a:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)
    if math.isinf(a) and math.isinf(b):
        return _NAN
    return a / b


def _c(fn: Callable[..., float], odd: bool = False) -> Callable[..., float]:
    """A math-module function with C's answers where Python raises: a domain error is NaN, an overflow the
    infinity of the result's sign (C99 F.9; ``odd``: the argument's sign, ``sinh(-1e20)`` is -inf)."""
    def call(*xs: float) -> float:
        if any(x != x for x in xs):
            return _NAN
        try:
            return fn(*xs)
        except ValueError:
            return _NAN
        except OverflowError:
            return math.copysign(_INF, xs[0]) if odd else _INF
    return call


def _pow(x: float, y: float) -> float:
    """C's pow (C99 F.9.4.4): pow(x, ±0) is 1 for every x, pow(±0, y < 0) an infinity, pow(-inf, y) by y's
    parity. A tiny exponent (below float32's normal range) gives 1 for every finite non-zero x in fxc's fold
    (``pow(-0.5, 1e-40)`` is 1, not C's NaN); a zero or an infinity of either sign gives C's answer for a
    positive x (``pow(-0.0, 1e-40)`` +0, ``pow(0, -1e-40)`` +inf, ``pow(-1.#INF, -1e-40)`` +0)."""
    if 0 < abs(y) < 2.0 ** -126 and x == x:
        if x == 0 or math.isinf(x):
            return _INF if (y > 0) == math.isinf(x) else 0.0
        return 1.0
    if y == 0:
        return 1.0
    if x != x or y != y:
        return 1.0 if x == 1 else _NAN
    odd = float(y).is_integer() and abs(y) < 2.0 ** 53 and int(y) % 2 == 1
    if x == 0:
        if y < 0:
            return math.copysign(_INF, x) if odd else _INF
        return math.copysign(0.0, x) if odd else 0.0
    try:
        return math.pow(x, y)
    except ValueError:
        return _NAN
    except OverflowError:
        return -_INF if x < 0 and odd else _INF


def _fmod(x: float, y: float) -> float:
    if x != x or y != y or math.isinf(x) or y == 0:
        return _NAN
    return math.fmod(x, y)


def _ldexp(x: float, e: float) -> float:
    """fxc's ldexp of constants is x * 2^e in double (``ldexp(0, 1e20)`` is 0 * inf, NaN)."""
    if e != e or x != x:
        return _NAN
    if e > 2000:
        return _mul(x, _INF)
    if e < -2000:
        return _mul(x, 0.0)
    return x * 2.0 ** e


def _frac(x: float) -> float:
    if math.isinf(x):
        return 0.0  # fxc: frac(1.#INF) and frac(-1.#INF) are 0
    return x - _floor(x) if x == x else _NAN  # frac(-0.0) is -0 - -0, +0


def _floor(x: float) -> float:
    return x if not math.isfinite(x) or x == 0 else float(math.floor(x))


def _ceil(x: float) -> float:
    if not math.isfinite(x) or x == 0:
        return x
    r = float(math.ceil(x))
    return math.copysign(0.0, x) if r == 0 else r


def _sign(x: float) -> float:
    return 1.0 if x > 0 else -1.0 if x < 0 else 0.0


def _saturate(x: float) -> float:
    return 0.0 if x != x else min(max(x, 0.0), 1.0) if x != 0 else x


def _smoothstep(lo: float, hi: float, x: float) -> float:
    """fxc's fold is the piecewise definition: 0 below ``lo``, 1 from ``hi`` on (``smoothstep(0, -1, 0.1)`` is 1,
    where the run-time formula's saturate gives 0), else t * t * (3 - 2t) of t = (x - lo) / (hi - lo)."""
    if x < lo:
        return 0.0
    if x >= hi:
        return 1.0
    t = _div(_add(x, -lo), _add(hi, -lo))
    return _mul(_mul(t, t), _add(3.0, _mul(-2.0, t)))


def _to_f32(x: float) -> float:
    """A value rounded to float32 with a denormal as a zero of its sign (mad's arguments)."""
    import numpy as np

    with np.errstate(over="ignore"):
        v = float(np.float32(x))
    return math.copysign(0.0, v) if v != 0 and abs(v) < 2.0 ** -126 else v


def _mad(a: float, b: float, c: float) -> float:
    """mad's arguments are float32 values (``mad(1e-40, 1e20, 0)`` is 0: the denormal is flushed), the product
    and sum in double."""
    return _add(_mul(_to_f32(a), _to_f32(b)), _to_f32(c))


#: name -> (arity, component function); each applies per component (scalars broadcast)
_ELEMENTWISE: dict[str, tuple[int, Callable[..., float]]] = {
    "asin": (1, _c(math.asin)), "acos": (1, _c(math.acos)), "atan": (1, _c(math.atan)),
    "sin": (1, _c(math.sin)), "cos": (1, _c(math.cos)), "tan": (1, _c(math.tan)),
    "sinh": (1, _c(math.sinh, odd=True)), "cosh": (1, _c(math.cosh)), "tanh": (1, _c(math.tanh)),
    "exp": (1, _c(math.exp)), "exp2": (1, _c(lambda x: 2.0 ** x)),
    "log": (1, _c(lambda x: -_INF if x == 0 else math.log(x))),
    "log2": (1, _c(lambda x: -_INF if x == 0 else math.log2(x))),
    "log10": (1, _c(lambda x: -_INF if x == 0 else math.log10(x))),
    "sqrt": (1, _c(lambda x: x if x == 0 or x == _INF else math.sqrt(x))),
    "rsqrt": (1, _c(lambda x: math.copysign(_INF, x) if x == 0 else 0.0 if x == _INF else 1.0 / math.sqrt(x))),
    "degrees": (1, lambda x: _mul(x, 180.0 / math.pi)), "radians": (1, lambda x: _mul(x, math.pi / 180.0)),
    "frac": (1, _frac), "floor": (1, _floor), "ceil": (1, _ceil),
    "abs": (1, abs), "sign": (1, _sign), "saturate": (1, _saturate),
    "pow": (2, _pow), "fmod": (2, _fmod), "atan2": (2, _c(math.atan2)), "ldexp": (2, _ldexp),
    # fxc: the second argument when they compare equal (min(0.0, -0.0) is -0.0, min(-0.0, 0.0) is 0.0)
    "min": (2, lambda a, b: a if a < b else b), "max": (2, lambda a, b: a if a > b else b),
    "step": (2, lambda a, x: 1.0 if x >= a else 0.0),
    "lerp": (3, lambda a, b, t: _add(a, _mul(t, _add(b, -a)))),
    "clamp": (3, lambda x, lo, hi: lo if x < lo else hi if x > hi else x),
    "smoothstep": (3, _smoothstep), "mad": (3, _mad),
}


def _dot(a: list[float], b: list[float]) -> float:
    acc = 0.0
    for x, y in zip(a, b):
        acc = _add(acc, _mul(x, y))
    return acc


#: name -> (arity, function of the whole argument vectors to one value)
_REDUCING: dict[str, tuple[int, Callable[..., float]]] = {
    "dot": (2, _dot),
    "length": (1, lambda a: math.sqrt(_dot(a, a)) if _dot(a, a) == _dot(a, a) else _NAN),
    "distance": (2, lambda a, b: _REDUCING["length"][1]([_add(x, -y) for x, y in zip(a, b)])),
}



def _normalize(a: list[float]) -> list[float]:
    """x / sqrt(x . x) of each component in double (session 44): ``normalize(float3(0.1, 0.3, 0.7)).y`` is
    0x3ec7f85d (the float32 dp / rsq / mul sequence ...5e), ``(1e20, 1e20, 0)`` 0.7071 (no float32 overflow),
    ``(1e-40, 0)`` (1, 0) (a double literal is not flushed), also at /Od; a vector of length 0 is itself
    (``normalize(float2(-0.0, -0.0))`` keeps both -0: fxc's object, where x / 0 would be NaN); an infinite
    component gives inf / inf, NaN, and the others 0."""
    n = _REDUCING["length"][1](a)
    if n == 0:
        return list(a)
    return [_div(x, n) for x in a]


#: name -> function of the one argument vector to a vector of its width
_VECTOR: dict[str, Callable[[list[float]], list[float]]] = {"normalize": _normalize}

#: every intrinsic this module folds
NAMES = frozenset(_ELEMENTWISE) | frozenset(_REDUCING) | frozenset(_VECTOR)


#: the NaN fxc's C runtime returns for an argument outside a function's domain (``asin(2)``, ``log(-1)``,
#: ``pow(-2, 0.5)``); every other NaN of its folds, an operation's, is x86's default NaN 0xffc00000
_DOMAIN_NAN = {"asin": 0x7FC10000} | dict.fromkeys(("acos", "log", "log2", "log10", "sqrt", "rsqrt", "pow"),
                                                   0xFFC10000)
_DEFAULT_NAN = 0xFFC00000


def _bits(name: str, v: float, args: list[float]) -> int:
    if v == v:
        return f2b(v)
    if name in _DOMAIN_NAN and all(a == a for a in args):
        return _DOMAIN_NAN[name]
    return _DEFAULT_NAN


def _is_float_type(t: object) -> bool:
    return isinstance(t, NumType) and concrete(t.base) in _FLOAT_BASES


def negate_uint(x: float) -> float:
    """``-x`` of a uint constant as fxc's front end folds it in double: negated, then converted to 32 bits through a
    signed conversion and read back unsigned -- out of the int range the conversion's "indefinite" 0x80000000
    (x86 cvttsd2si). d3dcompiler_47 10.1 (session 45 MRUN): ``-0x1 * 1.0`` 4294967295.0, ``-(-0x1) * 1.0``
    2147483648.0 (not 1.0), ``-017 / 2.0`` 2147483640.5 rounded."""
    v = -x
    return float(int(v) % 0x100000000) if -2147483648.0 <= v < 2147483648.0 else 2147483648.0


def uint_literal(e: A.Node) -> bool:
    """A ``uint`` literal (``1u``, ``0x1``, ``017``: parse_exprs.parse_primary), under any unary +/-."""
    while isinstance(e, A.Unary) and e.op in ("-", "+"):
        e = e.a
    return isinstance(e, A.Literal) and e.base == UINT


def literal_values(cg: CodegenContext, e: A.Node) -> tuple[list[float], bool] | None:
    """(double values of the components, holds a float) of an expression fxc's front end folds in double: numeric
    literals, unary +/-, ``+ - * /`` (not of two integer operands: integer arithmetic), casts and constructors of
    float types, swizzles, and calls of :data:`NAMES` over such expressions, a const variable holding one
    (constlit.py: its exact value); None for anything else."""
    if isinstance(e, (A.Ident, A.Index)):
        from .constlit import substituted

        return substituted(cg, e)
    if isinstance(e, A.Literal):
        if e.base in (LIT_FLOAT, FLOAT, DOUBLE) and isinstance(e.value, (int, float)):
            return [float(e.value)], True
        if e.base in (LIT_INT, INT, UINT) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return [float(e.value)], False
        return None
    if isinstance(e, A.Unary) and e.op in ("-", "+"):
        r = literal_values(cg, e.a)
        if r is not None and e.op == "-" and uint_literal(e.a):
            # the negation of a uint is a uint (fxc's X3092 "unary negate of unsigned value is still unsigned"):
            # ``-0x1 + 0.5`` is 4294967296.0, ``2.0 * -0x1`` 8589934592.0 (d3dcompiler_47 10.1, session 45 MRUN)
            return [negate_uint(x) for x in r[0]], r[1]
        return None if r is None else ([-x for x in r[0]] if e.op == "-" else r[0], r[1])
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*", "/"):
        a, b = literal_values(cg, e.a), literal_values(cg, e.b)
        if a is None or b is None or not (a[1] or b[1]):
            return None
        xs, ys = _broadcast([a[0], b[0]])
        if xs is None or (e.op == "/" and any(y == 0 for y in ys)):
            return None
        op = {"+": _add, "-": lambda x, y: _add(x, -y), "*": _mul, "/": _div}[e.op]
        return [op(x, y) for x, y in zip(xs, ys)], True
    if isinstance(e, A.Cast) and _is_float_type(e.type) and e.type.shape != "m":
        r = literal_values(cg, e.a)
        if r is None:
            return None
        n = e.type.n
        if len(r[0]) == 1:
            return r[0] * n, True
        return (r[0][:n], True) if len(r[0]) >= n else None
    if isinstance(e, A.Construct) and _is_float_type(e.type) and e.type.shape != "m":
        vals: list[float] = []
        for a in e.args:
            r = literal_values(cg, a)
            if r is None:
                return None
            vals += r[0]
        return (vals, True) if len(vals) == e.type.n else None
    if isinstance(e, A.Member) and all(c in _SWIZZLE for c in e.name) and 0 < len(e.name) <= 4:
        r = literal_values(cg, e.a)
        if r is None:
            return None
        idx = [_SWIZZLE[c] for c in e.name]
        if len(r[0]) == 1 and all(i == 0 for i in idx) and e.name[0] in "xr":
            return r[0] * len(idx), r[1]
        return ([r[0][i] for i in idx], r[1]) if max(idx) < len(r[0]) else None
    if isinstance(e, A.Call) and e.name in NAMES and e.name not in cg.funcs:
        got = _fold(cg, e.name, e.args)
        # sign's value is an int (``sign(-1.0) / 2`` is an integer division)
        return None if got is None else (got, e.name != "sign")
    return None


def _broadcast(groups: list[list[float]]) -> tuple[list[float], ...] | tuple[None, ...]:
    n = max(len(g) for g in groups)
    if any(len(g) not in (1, n) for g in groups):
        return (None,) * len(groups)
    return tuple(g * n if len(g) == 1 else g for g in groups)


def _fold(cg: CodegenContext, name: str, arg_nodes: list[A.Node]) -> list[float] | None:
    spec = _ELEMENTWISE.get(name) or _REDUCING.get(name) or ((1, _VECTOR[name]) if name in _VECTOR else None)
    if spec is None or len(arg_nodes) != spec[0]:
        return None
    from .constlit import domain_argument

    if name in ("rsqrt", "sqrt", "log", "log2", "log10") and any(domain_argument(cg, a, name == "rsqrt")
                                                                 for a in arg_nodes):
        return None  # a bare const argument outside the domain: left to the instructions (constlit.domain_argument)
    args = [literal_values(cg, a) for a in arg_nodes]
    if any(a is None for a in args):
        return None
    return fold_values(name, [a[0] for a in args])  # type: ignore[index]


def fold_values(name: str, groups: list[list[float]]) -> list[float] | None:
    """``name`` applied to constant argument vectors as fxc's front end folds it (module doc), or None where this
    module does not fold it (also the parser's array dimensions and template counts: constexpr.eval_const)."""
    if name in _VECTOR:
        return _VECTOR[name](groups[0]) if len(groups) == 1 and groups[0] else None
    spec = _ELEMENTWISE.get(name) or _REDUCING.get(name)
    if spec is None or len(groups) != spec[0] or not all(groups):
        return None
    if name in _REDUCING:
        if name != "length" and len({len(g) for g in groups}) != 1:
            return None
        return [spec[1](*groups)]
    cols = _broadcast(groups)
    if cols[0] is None:
        return None
    return [spec[1](*xs) for xs in zip(*cols)]


def fold_call(cg: CodegenContext, name: str, arg_nodes: list[A.Node], res: Val) -> Val:
    """``res`` (the handler's value of the call) with fxc's folded constants where every argument is a literal
    expression and the result is float (shader model 4 and later); else ``res`` unchanged."""
    t = res.type
    if name == "sign":
        return _fold_sign(cg, arg_nodes, res)
    if name not in NAMES or cg.d3d9 or cg.level9 or not isinstance(t, NumType) or t.base == DOUBLE or \
            concrete(t.base) != FLOAT or len(res.slots) != t.n:
        return res
    vals = _fold(cg, name, arg_nodes)
    if vals is None or len(vals) not in (1, t.n):
        return res
    if len(vals) == 1:
        vals = vals * t.n
    args = [x for a in arg_nodes for x in (literal_values(cg, a) or ([], False))[0]]
    return Val(t, [imm(_bits(name, v, args)) for v in vals])


def _fold_sign(cg: CodegenContext, arg_nodes: list[A.Node], res: Val) -> Val:
    """``sign`` of a literal expression is its double's sign, an int: a denormal is not flushed (d3dcompiler_47
    10.1, session 47 MRUN: ``sign(-1e-40)`` is -1, ``sign(1e-40 * 1e-30)`` 1, ``sign(float2(-1e-40, 1e-40))`` (-1, 1),
    at /Od too; the ``lt`` instructions of the run-time sequence flush it to 0). A plain local holding the literal
    is not folded (``float k = -1e-40; sign(k)`` is 0)."""
    t = res.type
    if cg.d3d9 or cg.level9 or not isinstance(t, NumType) or concrete(t.base) != INT or len(res.slots) != t.n:
        return res
    vals = _fold(cg, "sign", arg_nodes)
    if vals is None or len(vals) not in (1, t.n):
        return res
    return Val(t, [imm(int(v) & 0xFFFFFFFF) for v in (vals * t.n if len(vals) == 1 else vals)])


def fold_scalar(cg: CodegenContext, e: A.Node) -> int | None:
    """The float32 bits of a scalar literal expression holding a folded call (``sqrt(2.0) * sqrt(2.0)`` is 2.0:
    the product is taken in double too), or None."""
    if cg.d3d9 or cg.level9:
        return None
    r = literal_values(cg, e)
    if r is None or not r[1] or len(r[0]) != 1:
        return None
    return _bits("", r[0][0], [])




DOUBLE_CMP = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
              "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}


def literal_compare(cg: CodegenContext, e: A.Binary) -> int | None:
    """The bool word of a comparison of two scalar float literal expressions (a const variable's literal value among
    them: constlit.py), compared as their doubles, as fxc's front end folds it (d3dcompiler_47 10.1, session 46:
    ``16777217.0 > 16777216.0`` is true and ``16777217.0 == 16777216.0`` false, though both are 16777216 in float32;
    ``0.1f == 0.1`` true: a suffix does not round the literal); None for anything else."""
    a, b = literal_values(cg, e.a), literal_values(cg, e.b)
    if a is None or b is None or len(a[0]) != 1 or len(b[0]) != 1 or not (a[1] or b[1]):
        return None
    return 0xFFFFFFFF if DOUBLE_CMP[e.op](a[0][0], b[0][0]) else 0


def literal_double(e: A.Node, cg: CodegenContext) -> tuple[float, bool] | None:
    """(value, holds a float literal) of an expression made only of numeric literals, ``+ - * /`` and unary
    minus, evaluated in double precision from the literals' decimal values; None for anything else, or where
    an operation of two integer operands (integer arithmetic: ``7/2`` is 3) or a division by zero occurs. A const
    variable holding a literal value is that value (constlit.py: ``static const float v = 16777217.0; v -
    16777216.0`` is 1.0 in fxc's object)."""
    if isinstance(e, (A.Ident, A.Index)):
        from .constlit import substituted

        got = substituted(cg, e)
        return None if got is None or len(got[0]) != 1 else (got[0][0], got[1])
    if isinstance(e, A.Literal):
        if e.base in (LIT_FLOAT, FLOAT):
            return float(e.value), True
        if e.base in (LIT_INT, INT, UINT) and isinstance(e.value, int):
            return float(e.value), False
        return None
    if isinstance(e, A.Unary) and e.op in ("-", "+"):
        r = literal_double(e.a, cg)
        if r is not None and e.op == "-" and uint_literal(e.a):  # a uint stays one (litfold.negate_uint)
            return negate_uint(r[0]), r[1]
        return None if r is None else ((-r[0] if e.op == "-" else r[0]), r[1])
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*", "/"):
        a, b = literal_double(e.a, cg), literal_double(e.b, cg)
        if a is None or b is None or not (a[1] or b[1]) or (e.op == "/" and b[0] == 0):
            return None
        x, y = a[0], b[0]
        return {"+": x + y, "-": x - y, "*": x * y, "/": x / y if e.op == "/" else 0.0}[e.op], True
    return None


def fold_literal_binary(cg: CodegenContext, e: A.Binary, v: Val) -> Val:
    """The value ``v`` of the binary expression ``e`` as fxc's front end folds literals (exprs.expr_raw). Float
    literal arithmetic folds as fxc folds it: in double precision from the literals' decimal values,
    rounded to float32 once. DirectXTK Utilities.fxh ``pow(abs(color), 1/2.2f)``: fxc's ToneMap PS_SRGB object
    multiplies by 0x3ee8ba2f (float32(1/2.2)); one float32 rounding per literal and operation gives
    0x3ee8ba2e (1/float32(2.2f)), one ulp below."""
    t = v.type
    if isinstance(t, NumType) and t.shape == "s" and concrete(t.base) == BOOL and len(v.slots) == 1 and \
            is_imm(v.slots[0]) and e.op in ("==", "!=", "<", "<=", ">", ">="):
        bits = literal_compare(cg, e)  # float literal expressions compare as doubles (litfold.py)
        return v if bits is None else Val(t, [imm(bits)])
    if not (isinstance(t, NumType) and t.shape == "s" and concrete(t.base) == FLOAT and len(v.slots) == 1
            and is_imm(v.slots[0])):
        return v
    r = literal_double(e, cg)
    if r is None or not r[1]:
        bits = fold_scalar(cg, e)  # an operand is a folded intrinsic call (``sqrt(2.0) * sqrt(2.0)`` is 2.0)
        return v if bits is None else Val(t, [imm(bits)])
    return Val(t, [imm(f2b(r[0]))])
