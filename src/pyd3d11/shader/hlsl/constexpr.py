"""Parse-time constant evaluation for array sizes: literals, arithmetic, casts, and reads of earlier
``const`` variables with constant initialisers (scalars, vectors, matrices, arrays, structs), including
indexing, member access and swizzles.

fxc accepts any expression that folds to a constant as an array dimension (vkd3d
array-size-expr.shader_test: ``float a[(2 + 1) * 2]``, ``float b[size]`` with ``static const int size``,
``float c[arr[idx]]``, ``float d[s.m[1]._13_22_21.zxy.z]``); a float result is truncated to an integer.
Values here are flat lists of Python numbers in slot order, the layout :mod:`.types` uses for ``slots``."""

from __future__ import annotations

import math
import re

from . import ast as A
from .types import ArrayType, NumType, StructType, Type

_SWZ_XYZW = re.compile(r"^[xyzw]{1,4}$|^[rgba]{1,4}$")
_SWZ_MAT0 = re.compile(r"^(_m[0-3][0-3])+$")
_SWZ_MAT1 = re.compile(r"^(_[1-4][1-4])+$")


class _NotConst(Exception):
    pass


class ConstValue:
    """A constant with its HLSL type (None for a bare literal/scalar) and flat scalar values."""

    __slots__ = ("type", "vals")

    def __init__(self, type_: Type | None, vals: list):
        self.type = type_
        self.vals = vals


def _slots(t: Type) -> int:
    return t.slots if isinstance(t, (NumType, ArrayType, StructType)) else 1


def to_int(v: float | int | bool, base: str = "int") -> int:
    """A parse-time value converted to ``base`` (int/uint) as the instructions convert (22.13.3 ftoi / 22.13.4 ftou:
    toward zero; NaN → 0, +INF → the largest value, -INF → the smallest): a folded ``(int)(1.#INF)`` or a
    case label computed as NaN gets a number instead of raising from Python's int(). Finite values truncate
    as before."""
    if isinstance(v, float) and not math.isfinite(v):
        if v != v:
            return 0
        if base == "uint":
            return 0xFFFFFFFF if v > 0 else 0
        return 0x7FFFFFFF if v > 0 else -0x80000000
    return int(v)


def _num(v: float | int | bool, base: str | None) -> float | int:
    if base in ("float", "double", "half"):
        return float(v)
    if base in ("int", "uint"):
        return to_int(v, base)
    if base == "bool":  # any non-zero value is true, 1 (``bool4(5, 6, 0, 8)`` is 1, 1, 0, 1 as a state value too)
        return int(bool(v))
    if isinstance(v, bool):
        return int(v)
    return v


def _flatten_init(n: A.Node, consts: dict, calls: bool = False) -> list:
    if isinstance(n, A.InitList):
        out: list = []
        for x in n.items:
            out += _flatten_init(x, consts, calls)
        return out
    return _eval(n, consts, calls).vals


def const_value(t: Type, init: A.Node, consts: dict, calls: bool = False) -> ConstValue | None:
    """The value of a ``const`` declaration of type ``t`` initialised by ``init``, or None. ``calls``: math
    intrinsics of constants fold (:func:`eval_const`'s)."""
    try:
        vals = _flatten_init(init, consts, calls)
    except _NotConst:
        return None
    n = _slots(t)
    if len(vals) == 1 and n > 1 and not isinstance(init, A.InitList):
        vals = vals * n  # scalar splat
    if len(vals) < n:
        return None
    bases = leaf_bases(t)
    return ConstValue(t, [_num(v, b) for v, b in zip(vals[:n], bases, strict=False)])


def leaf_bases(t: Type) -> list:
    """The scalar base type of each slot of ``t`` in initialiser order (None for a non-numeric leaf)."""
    if isinstance(t, NumType):
        return [t.base] * t.slots
    if isinstance(t, ArrayType):
        return leaf_bases(t.elem) * t.count
    if isinstance(t, StructType):
        out: list = []
        for f in t.fields:
            out += leaf_bases(f[1])
        return out
    return [None]


#: the unary operators on constants (C: ``!`` gives 0/1, ``~`` works on the integer)
UNARY = {"-": lambda x: -x, "+": lambda x: x, "!": lambda x: int(not x), "~": lambda x: ~int(x)}


def fold_binary(op: str, a, b):
    """``a op b`` on parse-time constants with C's rules (integer division truncates toward zero, ``%`` takes the
    dividend's sign), or None when it is not a constant (a zero divisor, an unknown operator). The one definition
    for array dimensions, case labels and attribute arguments (parser.const_eval and :func:`eval_const`)."""
    try:
        return _binop(op, a, b)
    except (_NotConst, TypeError, ValueError, OverflowError):
        return None


def _binop(op: str, a, b):
    if op == "/":
        if isinstance(a, int) and isinstance(b, int):
            if b == 0:
                raise _NotConst
            q = abs(a) // abs(b)  # C division truncates toward zero
            return q if (a >= 0) == (b >= 0) else -q
        return a / b if b else (float("inf") if a > 0 else float("-inf") if a < 0 else float("nan"))
    if op == "%":
        if not b:
            raise _NotConst
        if isinstance(a, int) and isinstance(b, int):
            r = abs(a) % abs(b)
            return r if a >= 0 else -r
        import math

        return math.fmod(a, b)
    table = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
             "<<": lambda: int(a) << int(b), ">>": lambda: int(a) >> int(b), "&": lambda: int(a) & int(b),
             "|": lambda: int(a) | int(b), "^": lambda: int(a) ^ int(b), "==": lambda: int(a == b),
             "!=": lambda: int(a != b), "<": lambda: int(a < b), ">": lambda: int(a > b),
             "<=": lambda: int(a <= b), ">=": lambda: int(a >= b), "&&": lambda: int(bool(a) and bool(b)),
             "||": lambda: int(bool(a) or bool(b))}
    if op not in table:
        raise _NotConst
    return table[op]()


def _member(v: ConstValue, name: str) -> ConstValue:
    t = v.type
    if isinstance(t, StructType):
        info = t.field_offset(name)
        if info is None:
            raise _NotConst
        off, ft, _sem = info
        return ConstValue(ft, v.vals[off:off + _slots(ft)])
    base = t.base if isinstance(t, NumType) else None
    if isinstance(t, NumType) and t.shape == "m":
        if _SWZ_MAT0.match(name):
            pairs = [(int(p[1]), int(p[2])) for p in name[1:].split("_")]
        elif _SWZ_MAT1.match(name):
            pairs = [(int(p[0]) - 1, int(p[1]) - 1) for p in name[1:].split("_")]
        else:
            raise _NotConst
        idx = []
        for r, c in pairs:
            if r >= t.rows or c >= t.cols:
                raise _NotConst
            idx.append(r * t.cols + c)
    elif _SWZ_XYZW.match(name):
        comps = "xyzw" if name[0] in "xyzw" else "rgba"
        idx = [comps.index(ch) for ch in name]
        if max(idx) >= len(v.vals):
            raise _NotConst
    else:
        raise _NotConst
    vals = [v.vals[i] for i in idx]
    rt = NumType(base, 1, len(vals), "v") if base and len(vals) > 1 else (NumType(base) if base else None)
    return ConstValue(rt, vals)


def _index(v: ConstValue, i: int) -> ConstValue:
    t = v.type
    if isinstance(t, ArrayType):
        n = _slots(t.elem)
        if not 0 <= i < t.count:
            raise _NotConst
        return ConstValue(t.elem, v.vals[i * n:(i + 1) * n])
    if isinstance(t, NumType) and t.shape == "m":
        if not 0 <= i < t.rows:
            raise _NotConst
        return ConstValue(NumType(t.base, 1, t.cols, "v"), v.vals[i * t.cols:(i + 1) * t.cols])
    if isinstance(t, NumType) and t.shape == "v":
        if not 0 <= i < t.cols:
            raise _NotConst
        return ConstValue(NumType(t.base), [v.vals[i]])
    raise _NotConst


def _eval(e: A.Node, consts: dict, calls: bool = False) -> ConstValue:  # noqa: C901 - one dispatch over node kinds
    if isinstance(e, A.Literal):
        if isinstance(e.value, bool):
            return ConstValue(NumType("bool"), [int(e.value)])
        if isinstance(e.value, (int, float)):
            return ConstValue(None, [e.value])
        raise _NotConst
    if isinstance(e, A.Ident):
        v = consts.get(e.name)
        if v is None:
            raise _NotConst
        return v
    if isinstance(e, A.Unary):
        a = _eval(e.a, consts, calls)
        if e.op not in UNARY:
            raise _NotConst
        return ConstValue(a.type, [UNARY[e.op](x) for x in a.vals])
    if isinstance(e, A.Binary):
        a, b = _eval(e.a, consts, calls), _eval(e.b, consts, calls)
        # a one-component operand broadcasts, on either side (per-component math)
        if len(a.vals) == 1 and len(b.vals) > 1:
            a = ConstValue(b.type, a.vals * len(b.vals))
        elif len(b.vals) == 1 and len(a.vals) > 1:
            b = ConstValue(a.type, b.vals * len(a.vals))
        n = min(len(a.vals), len(b.vals))
        return ConstValue(a.type if len(a.vals) >= len(b.vals) else b.type,
                          [_binop(e.op, x, y) for x, y in zip(a.vals[:n], b.vals[:n], strict=False)])
    if isinstance(e, A.Comma):
        # every operand folds, the last is the value: ``float c[(1, 2)]`` holds 2, ``(k, 3)`` of a static const k
        # too, of a static k (no constant) X3058 (d3dcompiler_47 10.1, session 47: DXC DXIsenseTest's dimension)
        vals = [_eval(x, consts, calls) for x in e.items]
        return vals[-1]
    if isinstance(e, A.Ternary):
        c = _eval(e.cond, consts, calls)
        return _eval(e.a if c.vals[0] else e.b, consts, calls)
    if isinstance(e, A.Cast):
        a = _eval(e.a, consts, calls)
        n = _slots(e.type)
        vals = a.vals * n if len(a.vals) == 1 else a.vals
        if len(vals) < n:
            raise _NotConst
        bases = leaf_bases(e.type)
        return ConstValue(e.type, [_num(v, b) for v, b in zip(vals[:n], bases, strict=False)])
    if isinstance(e, A.Construct) and isinstance(e.type, NumType):
        vals = []
        for x in e.args:
            vals += _eval(x, consts, calls).vals
        n = e.type.slots
        if len(vals) == 1:
            vals = vals * n
        if len(vals) != n:
            raise _NotConst
        return ConstValue(e.type, [_num(v, e.type.base) for v in vals])
    if isinstance(e, A.Member):
        return _member(_eval(e.a, consts, calls), e.name)
    if isinstance(e, A.Index):
        i = _eval(e.index, consts, calls)
        if len(i.vals) != 1:
            raise _NotConst
        return _index(_eval(e.a, consts, calls), int(i.vals[0]))
    if isinstance(e, A.Call) and calls:
        # a math intrinsic of constant arguments, folded as fxc's front end folds it (litfold): an array dimension
        # or a template count may be one (``float v[max(1, 2)]``, ``vector<float, clamp(7, 1, 4)>``; d3dcompiler_47
        # 10.1, session 43, helper ACC); an intrinsic it does not fold (``asint(2)``) or a function is no constant
        from .litfold import fold_values

        if e.name == "round" and len(e.args) == 1:
            # here fxc's front end rounds halves away from zero, C's round(): ``float v[round(2.5)]`` holds 3,
            # ``round(0.5)`` 1, ``round(2.49999)`` 2 (d3dcompiler_47 10.1, session 44: the dimension probed by its
            # initialiser's count); its value fold in code is another rule (litfold leaves round to the instruction)
            return ConstValue(None, [math.copysign(math.floor(abs(v) + 0.5), v)
                                     for v in _eval(e.args[0], consts, calls).vals])
        vals = fold_values(e.name, [_eval(x, consts, calls).vals for x in e.args])
        if vals is None:
            raise _NotConst
        return ConstValue(None, vals)
    raise _NotConst


def literal_components(e: A.Node) -> int | None:
    """How many components the literal expression ``e`` has (``1 + 2`` one, ``float2(1, 2)`` two), or None when it
    is not a literal expression (it names a variable)."""
    try:
        return len(_eval(e, {}).vals)
    except (_NotConst, TypeError, ValueError, OverflowError, IndexError):
        return None


def eval_const(e: A.Node, consts: dict, scalar: bool = False, calls: bool = False) -> int | float | None:
    """The scalar value of ``e`` (first component of a one-component result), or None when not constant.
    ``scalar``: a one-component vector or matrix does not count (array dimensions, see :func:`dimension_ops_ok`);
    ``calls``: math intrinsics of constants fold (array dimensions and template counts)."""
    try:
        v = _eval(e, consts, calls)
    except (_NotConst, TypeError, ValueError, OverflowError, IndexError):
        return None
    if len(v.vals) != 1:
        return None
    if scalar and isinstance(v.type, NumType) and v.type.shape != "s":
        return None
    return v.vals[0]


# fxc does not fold a conditional or an assignment in an array dimension ("X3058: array dimensions must
# be literal scalar expressions"): DXC's SemaHLSL const-expr.hlsl records it for `c ? 3 : 4` over every
# comparison and over `&&`/`||` as the condition, and for `u_var = 3`, while + - * / % << >> & | ^ and the
# unary operators fold there. A bare comparison is not recorded either way and stays accepted.


def dimension_ops_ok(e: A.Node) -> bool:
    """Whether the operators of an array-dimension expression are ones fxc folds there."""
    if isinstance(e, (A.Ternary, A.Assign, A.Postfix)):
        return False
    if isinstance(e, A.Comma):  # folded operand by operand (_eval)
        return all(dimension_ops_ok(x) for x in e.items)
    if isinstance(e, A.Call):  # an intrinsic call folds (eval_const's ``calls``; session 43, helper ACC)
        return all(dimension_ops_ok(x) for x in e.args)
    if isinstance(e, A.Binary):
        return dimension_ops_ok(e.a) and dimension_ops_ok(e.b)
    if isinstance(e, A.Unary):
        return e.op not in ("++", "--") and dimension_ops_ok(e.a)
    if isinstance(e, A.Cast):
        return dimension_ops_ok(e.a)
    return True
