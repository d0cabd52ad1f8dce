"""What fxc's unroller knows of a float loop condition's operands: the interval a value lies in.

A plain ``[unroll]`` whose condition is a float comparison known only at run time copies the body, each copy under
the condition, until the condition folds to false -- or to fxc's limit, X3511 "unable to unroll loop, loop does not
appear to terminate in a timely manner (1024 iterations)". The fold uses the operands' ranges: d3dcompiler_47 10.1
(session 46) unrolls ``for (int j = 0; j < saturate(p.x); j++)`` (one copy: ``1 < saturate(x)`` is false) and
``j < frac(p.x) * 4`` (four), and refuses ``j < p.x``, ``j < f.x`` of a constant buffer, ``j < t.Sample(...).x``,
``while (p.x < 4) p += 1``.

The intervals here are closed and over-approximate (``frac`` is taken as [0, 1]); a comparison is judged false only
when no pair of values in its operands' intervals satisfies it, and a NaN never does (every ordered comparison of a
NaN is false), so the copies ended by this judgement are copies the program would never run. What it does not know
(a local computed at run time, a loaded value, most intrinsics) is unknown, and the loop goes to the limit.
"""

from __future__ import annotations

import math
import struct
from typing import TYPE_CHECKING

from . import ast as A
from .operands import is_imm
from .values import scoped

if TYPE_CHECKING:
    from .cgstate import CodegenContext

Interval = tuple[float, float]

#: intrinsics whose result lies in a fixed interval whatever the argument (NaN aside: saturate(NaN) is 0)
_FIXED = {"saturate": (0.0, 1.0), "frac": (0.0, 1.0), "sin": (-1.0, 1.0), "cos": (-1.0, 1.0)}


def _imm_value(cg: CodegenContext, e: A.Ident) -> float | None:
    """The value of a scalar variable the code generator holds as a constant (a counter of the copy being made)."""
    from .types import FLOAT, INT, UINT, NumType, concrete

    if not any(e.name in sc for sc in cg.scopes):
        return None
    start = len(cg.code)
    v = cg.expr(e)  # its value as the constant propagation knows it (no code for a read)
    if len(cg.code) != start:
        return None
    t = getattr(v, "type", None)
    if not isinstance(t, NumType) or t.n != 1 or len(v.slots) != 1 or not is_imm(v.slots[0]):
        return None
    bits = v.slots[0][3] & 0xFFFFFFFF
    base = concrete(t.base)
    if base == FLOAT:
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    if base == INT:
        return float(bits - (1 << 32) if bits >> 31 else bits)
    if base == UINT:
        return float(bits)
    return None


def _mul(a: Interval, b: Interval) -> Interval | None:
    products = [x * y for x in a for y in b]
    if any(math.isnan(p) for p in products):  # 0 * inf
        return None
    return min(products), max(products)


def bounds(cg: CodegenContext, e: A.Node) -> Interval | None:
    """The interval the value of ``e`` lies in (its first component for a swizzle of a known vector), or None."""
    if isinstance(e, A.Literal):
        if isinstance(e.value, bool) or not isinstance(e.value, (int, float)):
            return None
        return (float(e.value), float(e.value))
    if isinstance(e, A.Ident):
        v = _imm_value(cg, e)
        return None if v is None or math.isnan(v) else (v, v)
    if isinstance(e, A.Cast):
        return bounds(cg, e.a)
    if isinstance(e, A.Member) and isinstance(e.a, A.Call) and e.a.name in _FIXED:
        return _FIXED[e.a.name]  # ``saturate(p).x``: each component lies in the interval
    if isinstance(e, A.Unary) and e.op in ("-", "+"):
        r = bounds(cg, e.a)
        return None if r is None else r if e.op == "+" else (-r[1], -r[0])
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*"):
        a, b = bounds(cg, e.a), bounds(cg, e.b)
        if a is None or b is None:
            return None
        if e.op == "+":
            lo, hi = a[0] + b[0], a[1] + b[1]
        elif e.op == "-":
            lo, hi = a[0] - b[1], a[1] - b[0]
        else:
            return _mul(a, b)
        return None if math.isnan(lo) or math.isnan(hi) else (lo, hi)
    if isinstance(e, A.Call):
        if e.name in _FIXED and len(e.args) == 1:
            return _FIXED[e.name]
        if e.name in ("min", "max") and len(e.args) == 2:
            a, b = bounds(cg, e.args[0]), bounds(cg, e.args[1])
            f = min if e.name == "min" else max
            if a is not None and b is not None:
                return f(a[0], b[0]), f(a[1], b[1])
            known = a or b
            if known is None:
                return None
            # min(x, k) is at most k whatever x is; max(x, k) at least k
            return (-math.inf, known[1]) if e.name == "min" else (known[0], math.inf)
    return None


def false_by_bounds(cg: CodegenContext, cond: A.Node) -> bool:
    """Whether the comparison ``cond`` is false for every value its operands' intervals allow (NaN included)."""
    if isinstance(cond, A.Binary) and cond.op == "&&":
        return false_by_bounds(cg, cond.a) or false_by_bounds(cg, cond.b)
    if isinstance(cond, A.Binary) and cond.op == "||":
        return false_by_bounds(cg, cond.a) and false_by_bounds(cg, cond.b)
    if not isinstance(cond, A.Binary) or cond.op not in ("<", "<=", ">", ">=", "=="):
        return False
    a, b = bounds(cg, cond.a), bounds(cg, cond.b)
    if a is None or b is None:
        return False
    if cond.op == "<":
        return a[0] >= b[1]
    if cond.op == "<=":
        return a[0] > b[1]
    if cond.op == ">":
        return a[1] <= b[0]
    if cond.op == ">=":
        return a[1] < b[0]
    return a[1] < b[0] or b[1] < a[0]


def never_folds(cg: CodegenContext, s: A.Node) -> bool:
    """Whether the float comparison of loop ``s`` stays unknown on every copy: a side with no interval that reads no
    variable the loop may set to another value than a run-time one (assigned with ``=`` or through an ``out``
    argument; ``+=``, ``*=``, ``++`` of a run-time value keep it one). fxc's copies then run to its limit (X3511),
    answered here without making them. A condition of ``&&`` / ``||`` or a bool variable is not judged."""
    from .constprop import assigned_names, root_name

    cond = s.cond
    if not isinstance(cond, A.Binary) or cond.op not in ("<", "<=", ">", ">=", "==", "!="):
        return False
    unknown = [x for x in (cond.a, cond.b) if bounds(cg, x) is None]
    if not unknown:
        return False
    parts = [s.body] + ([s.step] if getattr(s, "step", None) is not None else [])
    assigned: set[str] = set()
    plain: set[str] = set()
    stepped: set[str] = set()
    for part in parts:
        assigned |= assigned_names(cg, part)
        for n in A.walk(part):
            if isinstance(n, A.Assign):
                (plain if n.op == "=" else stepped).add(root_name(n.target))
            elif isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
                stepped.add(root_name(n.a))
            elif isinstance(n, A.DeclStmt):
                plain |= {d.name for d in n.decls}
    resettable = assigned - (stepped - plain)
    return all(not ({n.name for n in A.walk(x) if isinstance(n, A.Ident)} & resettable) for x in unknown)



def reads_local_static(cg: CodegenContext, s: A.Node) -> bool:
    """Whether the loop condition reads a function-local ``static`` (``do static float a = 1; while (a < 0);``):
    fxc folds such a static's value, this project does not, so the loop is left to the general rules."""
    statics = [id(v) for v in cg.local_statics.values()]
    for n in A.walk(s.cond):
        if isinstance(n, A.Ident):
            v = scoped(cg.scopes, n.name)
            if v is not None and id(v) in statics:
                return True
    return False


#: nodes after which a later copy may end the loop or refuse what the first copy did not (a jump, an inner loop or
#: switch, a subscript that may fall out of range, a method, a conversion that may meet a negative value)
_UNALIKE = (A.Break, A.Continue, A.Return, A.Discard, A.For, A.While, A.DoWhile, A.Switch, A.Index, A.MethodCall,
            A.Cast, A.Construct, A.AsmBlock)


def alike_copies(cg: CodegenContext, s: A.Node) -> bool:
    """Whether every copy of loop ``s`` after its first generates what the first did but for constants nothing reads:
    no node of ``_UNALIKE``, no user function, no ``/``, ``%`` or shift, and the variables the loop changes are read
    only as the accumulators of their own compound assignments or steps (``r += ddx(c)``, ``r.x *= 2``, ``k++``). Such copies can neither
    end the loop nor refuse (X3504, X3548, X4010 depend on a value), so a condition that never folds runs them to
    fxc's limit -- the answer :func:`unroll._unroll_copies` gives without making them."""
    from .constprop import assigned_names, root_name

    parts = [s.body] + ([s.step] if getattr(s, "step", None) is not None else [])
    changed: set[str] = set()
    for part in parts:
        changed |= assigned_names(cg, part)
    targets: set[int] = set()
    for n in A.walk(s.body):
        if isinstance(n, _UNALIKE) or isinstance(n, A.Call) and n.name in cg.funcs:
            return False
        if isinstance(n, A.Binary) and n.op in ("/", "%", "<<", ">>"):
            return False
        if isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
            if not isinstance(n.a, A.Ident) or not _accumulator(cg, n.a.name):
                return False
            targets.add(id(n.a))
        if isinstance(n, A.Assign):
            t = n.target
            while isinstance(t, A.Member):
                t = t.a
            if n.op == "=" or not isinstance(t, A.Ident) or not _accumulator(cg, root_name(n.target)):
                return False
            targets.add(id(t))
    return not any(isinstance(n, A.Ident) and id(n) not in targets and n.name in changed for n in A.walk(s.body))


def _accumulator(cg: CodegenContext, name: str) -> bool:
    """A local whose own steps no copy refuses: a float or int (a uint only from shader model 4, where no copy's
    negative value is X3548)."""
    from .types import FLOAT, INT, UINT, NumType

    v = next((sc[name] for sc in reversed(cg.scopes[1:]) if name in sc), None)
    kinds = (FLOAT, INT) if cg.d3d9 or cg.level9 else (FLOAT, INT, UINT)
    return v is not None and isinstance(v.type, NumType) and v.type.base in kinds
