"""fxc's optimiser's folds of the transcendental instructions and ``mad`` on constants (issue 15, session 43 MRUN).

When d3dcompiler_47 10.1 optimises, an instruction whose operands are all constants (a local holding a value, a
static, the result of an earlier fold) is evaluated by its own C runtime in double precision on the float32
operands and rounded to float32 once -- not by the instruction's hardware sequence the executor runs (ops.fold,
ops.alu_float). Evidence (its objects run on the reference executor, tests/test_rules_hlsl_values_s43.py):

* ``sincos``: C's sin / cos of the operand (``float x = 1e20; sin(x)`` 0x3f281569, the executor's sequence -1.0;
  ``sin(3.0)`` 0x3e1081c3, the sequence one ulp above); ``tan`` is its sin and cos folded so and divided in float;
* ``exp`` / ``log``: 2^x and log2(x) (``exp2(1.5)`` 0x403504f3, the sequence one ulp above);
* ``sqrt`` / ``rsq``: sqrt(x) and 1 / sqrt(x) rounded once (``rsqrt(0.9)`` 0x3f86ec81, the sequence 0x3f86ec82);
* ``mad``: a * b + c rounded once (``float x = -1.660566, y = 0.6248846, z = 1.790836; mad(x, y, z)`` 0x3f40d001,
  two roundings give 0x3f40d000), while ``x * y + z`` folds as a multiply and an add, each rounded;
* ``add`` / ``mul`` / ``div`` of float32 operands fold as float32 arithmetic (the executor's: not changed here).

A variable holding -0 or a denormal holds +0 (``rsqrt`` of a local -0.0 is +inf, ``sqrt`` of -1e-40 is +0: fxc's
optimiser carries such constants as +0, constprop.known_value); a denormal operand is a zero of its sign, a result
below the normal range a zero of its sign (values.f2b). A NaN
result of a domain error (the log, square root or reciprocal root of a negative number) is the runtime's
0xffc10000, and so is every NaN result of ``sincos`` (``sin(1.#INF)``; also of a NaN operand); a NaN operand of
the other instructions is kept (fxc's object holds the operand's NaN).

The same objects show fxc also keeping the constants of its own intrinsic expansions in double (``asin``'s pi/2,
``log``'s ln 2: ``asin`` of a local 0 is 6.75479e-5, pi/2 in double minus the polynomial's float32 1.5707288; ours
with a float32 pi/2 was 6.75917e-5). The expansions write such constants as :class:`operands.DoubleImm` (a float32
immediate that keeps its double) and :func:`fold_double` folds ``add`` / ``mul`` / ``mad`` of constants with one of
them in double, rounded once (session 46).

At /Od fxc folds none of this (it runs the instruction on the local: the executor's value), and below shader model
4 it was not probed; the callers apply this only when optimising at shader model 4 and later."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from .litfold import _add, _mul
from .operands import DoubleImm
from .values import b2f, f2b

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: the runtime's NaN for a domain error (d3dcompiler_47 10.1's folds: ``log2``, ``sqrt``, ``rsqrt`` of -2.5)
_DOMAIN_NAN = 0xFFC10000


def _operand(w: int) -> float:
    """A constant operand: a denormal is a zero of its sign (a variable's -0 and denormals reach here as +0 already:
    constprop.known_value; a static const's keep the sign, ``sqrt`` of a static const -1e-45 is -0 in fxc's object,
    tests/test_rules_hlsl_intrinsics_s18.py)."""
    return math.copysign(0.0, b2f(w)) if w & 0x7F800000 == 0 else b2f(w)


def _sin_cos(fn, x: float) -> int:
    if not math.isfinite(x):
        return _DOMAIN_NAN
    return f2b(fn(x))


def _exp2(x: float) -> int:
    if x != x:
        return -1
    if x >= 1024:
        return f2b(math.inf)
    return f2b(2.0 ** x) if x > -1100 else 0


def _log2(x: float) -> int:
    if x != x:
        return -1
    if x < 0:
        return _DOMAIN_NAN
    return f2b(-math.inf) if x == 0 else f2b(math.log2(x))


def _sqrt(x: float) -> int:
    if x != x:
        return -1
    return _DOMAIN_NAN if x < 0 else f2b(math.sqrt(x))


def _rsq(x: float) -> int:
    if x != x:
        return -1
    if x < 0:
        return _DOMAIN_NAN
    return f2b(math.inf) if x == 0 else f2b(1.0 / math.sqrt(x))


_UNARY = {"sin": lambda x: _sin_cos(math.sin, x), "cos": lambda x: _sin_cos(math.cos, x), "exp": _exp2,
          "log": _log2, "sqrt": _sqrt, "rsq": _rsq}

#: the instructions this module folds
NAMES = frozenset(_UNARY) | {"mad"}


def _mad(a: int, b: int, c: int) -> int:
    x, y, z = _operand(a), _operand(b), _operand(c)
    if x != x or y != y or z != z:
        return -1
    r = _add(_mul(x, y), z)  # (litfold's double arithmetic: inf * 0 and inf - inf are NaN)
    return 0xFFC00000 if r != r else f2b(r)  # (a NaN made here is x86's default NaN)


def fold_abs(word: int, negate: bool) -> int:
    """The word of ``|x|`` (``-|x|`` when ``negate``) of a constant as fxc's optimiser folds the modifier (session
    44): ``x > 0 ? x : -x``, so a zero -- a local 0, -0 or denormal, which it carries as +0 -- is -0 (``float x =
    0; abs(x)`` 0x80000000 and ``-abs(x)`` +0, also ``length`` of one component and ``abs((float)i)``; every /O
    level and IEEE strictness; at /Od the instruction runs: +0). A literal call is litfold's fabs (+0)."""
    x = _operand(word)
    if x != x:
        r = word ^ 0x80000000  # x > 0 is false: a NaN's sign flips
    else:
        r = f2b(x if x > 0 else -x)
    return r ^ 0x80000000 if negate else r


def modified_word(word: int, mod: str) -> int:
    """A float literal's word with its source modifier applied as fxc's optimiser folds it (|x| of a zero is -0)."""
    if not mod:
        return word
    if mod in ("abs", "-abs"):
        return fold_abs(word, mod == "-abs")
    return word ^ 0x80000000


def fxc_fold(name: str, vals: list[np.ndarray]) -> np.ndarray | None:
    """fxc's folded words of ``name`` on the uint32 operand words ``vals`` (one array per source), or None when
    ``name`` is not one of :data:`NAMES` or some lane keeps its operation (a NaN operand of exp / log / sqrt / rsq
    / mad: the caller folds those lanes by the executor's arithmetic, which keeps the NaN)."""
    if name not in NAMES:
        return None
    if name == "mad":
        if len(vals) != 3:
            return None
        out = [_mad(int(a), int(b), int(c)) for a, b, c in zip(*vals)]
    else:
        if len(vals) != 1:
            return None
        out = [_UNARY[name](_operand(int(w))) for w in vals[0]]
    if any(w < 0 for w in out):
        return None
    return np.array(out, np.uint32)


def _double_operand(slot, mod: str) -> float | None:
    """A constant operand of :func:`fold_double` as a double: an expansion's constant its double value, another
    immediate its float32 value (:func:`_operand`); ``mod`` a float source modifier. None for a NaN (the caller
    folds it by the executor's arithmetic, which keeps the NaN)."""
    x = slot.value if isinstance(slot, DoubleImm) else _operand(slot[3])
    if x != x:
        return None
    if "abs" in mod:
        x = b2f(fold_abs(f2b(x), False)) if x == 0 else abs(x)  # fxc's |x| of a constant: x > 0 ? x : -x
    return -x if mod.startswith("-") else x


def fold_double(name: str, n: int, srcs: list[list], mods: list[str] | None) -> list[int] | None:
    """The words of ``add`` / ``mul`` / ``mad`` over ``n`` lanes of immediates ``srcs`` (float modifiers ``mods``)
    when some operand is an expansion's double constant (:class:`operands.DoubleImm`): computed in double and
    rounded to float32 once, as fxc's optimiser folds them (d3dcompiler_47 10.1, session 46: ``float x = 0.9;
    exp(x)`` is 0x401d6a23 -- x * log2 e in double --, a float32 log2 e gives ...22; ``log(1e-3)`` 0xc0dd0c54, not
    ...55; ``degrees`` / ``radians`` / ``log10`` / ``asin``'s pi/2 alike). None when no operand carries a double,
    an operand is not an immediate, or a lane holds a NaN operand."""
    if name not in ("add", "mul", "mad") or not any(isinstance(s, DoubleImm) for sl in srcs for s in sl[:n]):
        return None
    mods = mods or [""] * len(srcs)
    if any(m not in ("", "-", "abs", "-abs") for m in mods) or not all(s[0] == "l" for sl in srcs for s in sl[:n]):
        return None
    out = []
    for k in range(n):
        ops = [_double_operand(sl[k], m) for sl, m in zip(srcs, mods, strict=True)]
        if any(x is None for x in ops):
            return None
        r = _add(ops[0], ops[1]) if name == "add" else _mul(ops[0], ops[1])
        if name == "mad":
            r = _add(r, ops[2])
        out.append(0xFFC00000 if r != r else f2b(r))  # (a NaN made here is x86's default NaN)
    return out


def masked_double(n: int, srcs: list[list]) -> list | None:
    """``and`` of a constant compare mask and an expansion's double constant (the ``x < -x ? -pi : 0`` term of
    ``atan2``): the lanes the mask keeps hold the :class:`operands.DoubleImm` itself, so the add after it folds in
    double (d3dcompiler_47 10.1, session 46: ``atan2(4.755064, -2.105984)`` of constant locals is 0x3ffe6e10, a
    float32 -pi gives ...11). None unless both operands are immediates and one of them carries a double."""
    if len(srcs) != 2 or not all(s[0] == "l" for sl in srcs for s in sl[:n]):
        return None
    for mask, k in (srcs, srcs[::-1]):
        if any(isinstance(s, DoubleImm) for s in k[:n]) and all(m[3] in (0, 0xFFFFFFFF) for m in mask[:n]):
            return [k[i] if mask[i][3] else ("l", (), None, 0) for i in range(n)]
    return None


#: float operations whose modified constant operands fold while the code is generated (fxc mode, session 46)
_MODDED_FOLDS = frozenset({"add", "mul", "mad", "div", "min", "max", "sqrt", "rsq", "exp", "log", "frc", "lt", "ge",
                           "eq", "ne"})


def emission_fold(cg: CodegenContext, name: str, base: str, n: int, srcs: list[list], mods: list[str] | None,
                  sat: bool, try_fold: Callable) -> list | None:
    """The result slots of an operation fxc's optimiser folds that Codegen.alu folds while it generates code (when
    it optimises at shader model 4 and later), or None: an ``add`` / ``mul`` / ``mad`` with an expansion's double
    constant folds in double (:func:`fold_double`; under IEEE strictness fxc folds with its float32 value: ``cosh``
    / ``exp`` / ``degrees`` of constant locals), an ``and`` of a compare's mask keeps the double
    (:func:`masked_double`), and a float operation on modified constants folds now, as the optimiser would fold it
    (:func:`modified_word`: |x| of a zero is -0), so the folds after it -- an expansion's double constant among
    them -- meet constants (``asin`` of a local 0: its -acos(x) + pi/2). ``try_fold`` is Codegen.try_fold."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS
    from .constprop import carries_canonical

    if sat or not carries_canonical(cg) or cg.d3d9 or cg.level9:
        return None
    if name in ("add", "mul", "mad") and not cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS:
        words = fold_double(name, n, srcs, mods)
        if words is not None:
            return [("l", (), None, w) for w in words]
    if name == "and" and not mods:
        return masked_double(n, srcs)
    if mods and any(mods) and name in _MODDED_FOLDS and all(s[0] == "l" for sl in srcs for s in sl[:n]):
        return try_fold(name, base, n, [[("l", (), None, modified_word(s[3], m)) for s in sl[:n]]
                                        for sl, m in zip(srcs, mods, strict=True)])
    return None
