"""fxc's known-positive rule for ``uint`` below shader model 4 (X3548).

The Direct3D 9 targets and 4_0_level_9_x hold integers in float registers, so an unsigned value is only
representable when it is not negative. d3dcompiler_47 10.1 (probed under Wine, session 36; the table in
tests/test_rules_hlsl_uint_known_positive.py) refuses, with X3548 "in <target> uints can only be used with
known-positive values, use int if possible", every operation that makes a ``uint`` out of a value it cannot
show to be at least 0, and a ``uint`` division by a divisor it cannot show to be above 0:

- a conversion to ``uint`` (a cast or an implicit one) of a float, half or int value: ``(uint)a.x``,
  ``(uint)ci``, ``(uint)-2`` refused; ``(uint)abs(a.x)``, ``(uint)saturate(x)``, ``(uint)max(a.x, 0)``,
  ``(uint)(a.x * a.x)``, ``(uint)(cos(a.x) + 1)`` compile;
- a ``uint`` subtraction or negation whose result may be negative: ``cu - 1``, ``5 - cu``, ``x--``, ``-cu``
  (``cu - cu`` folds to 0 and compiles); every ``uint`` value is at least 0 by this rule, ``uint`` inputs and
  constants included;
- ``a / b`` in ``uint`` unless b is above 0 (``cu / 3``, ``cu / (cu + 1)`` compile, ``cu / cu`` does not);
  ``a % b`` unless b is one known value above 0 (``a % 7`` compiles, ``a % ((uint)abs(y) + 1)`` does not; ``x % x``
  folds);
- hex and octal literals past INT_MAX are unsigned, as in C: ``uint u = 0xfffffffe`` compiles, ``uint u =
  4294967294`` does not.

What fxc can show follows interval arithmetic over its own lowering of each operation (its answers fit no
simpler rule): ``floor(x)`` is ``x - frac(x)`` there, so ``(uint)floor(abs(a.x))`` is refused while
``ceil`` (``x + frac(-x)``) passes; ``round`` widens both ends, ``trunc`` is unknown (not folded even of a
literal); ``lerp`` (``a + t*(b - a)``), a quotient by a value that may be 0, ``rcp`` of such a value, ``log`` of
one, ``?:`` of an unknown value, a value known only through an ``if`` are unknown; ``sqrt``, ``exp``, ``frac``,
``length``, ``x * x`` / ``dot(x, x)`` of one operand, ``smoothstep``, ``step`` are known. A value known only by its
sign (SIGN_ONLY: abs of an unknown value, sqrt, exp, frac, a square) converts, but lifts no ``max`` with an unknown
value, as an interval does. Each result slot's interval is kept like nanprops' marks: set by the
code generator's operations on fresh temps, passed on by a variable's ``mov`` within straight code, dropped by any
other write and, for variables, by flow control. The interval arithmetic itself is intervals.py's
(its FLOAT table), which races.py shares.
"""

from __future__ import annotations

import math
import struct
from dataclasses import replace
from typing import TYPE_CHECKING

from . import ast as A
from .intervals import FLOAT, INF, POINT, SIGN_ONLY, SIGN_ONLY_OPS, UINT_RANGE, UNKNOWN, add, exact, modified, mul
from .nanprops import last_write, reg_slot, temp_destination
from .operands import Ins, Slot
from .types import FLOAT as FLOAT_T
from .types import INT, UINT, NumType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: how an operation reads its literal operands: as float, signed or unsigned integers
_UNSIGNED = frozenset({"utof", "udiv", "umax", "umin", "ult", "uge", "ushr"})
_SIGNED = frozenset({"iadd", "imul", "imad", "ineg", "imax", "imin", "itof", "ishl", "ishr", "ieq", "ine", "ilt",
                     "ige", "and", "or", "xor", "not"})
_FLOW = frozenset({"if", "else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch", "call",
                   "callc", "label", "break", "breakc", "continue", "continuec", "ret", "retc"})


def active(cg: CodegenContext) -> bool:
    return bool(cg.d3d9 or cg.level9)


def _number(word: int, kind: str) -> float:
    word &= 0xFFFFFFFF
    if kind == "u":
        return float(word)
    if kind == "i":
        return float(word - (1 << 32) if word >> 31 else word)
    f = struct.unpack("<f", struct.pack("<I", word))[0]
    return f


def _kind(op: str) -> str:
    return "u" if op in _UNSIGNED else "i" if op in _SIGNED else "f"


def slot_range(cg: CodegenContext, s: Slot, kind: str = "f") -> tuple[float, float]:
    """The interval fxc knows the value in ``s`` to lie in (UNKNOWN when nothing)."""
    f = s[0]
    if f == "l":
        v = _number(s[3], "u" if kind == "i" and s[3] in cg.unsigned_literals else kind)
        return UNKNOWN if math.isnan(v) else (v, v)
    if s[2] is not None:
        return UNKNOWN
    if f == "r":
        got = cg.ranges.get((s[1][0], s[3]))
        if got is None:
            return UNKNOWN
        entry, pos, ins = got
        if pos >= len(cg.code) or cg.code[pos] is not ins:
            return UNKNOWN  # the write that set it was taken back (a trial generation rolled back)
        if entry[0] == "l":
            return slot_range(cg, entry, kind)
        return entry
    if s in cg.uint_slots:
        return UINT_RANGE
    return UNKNOWN


def _result(cg: CodegenContext, name: str, srcs: list, mods: list[str], i: int, dst_pos: int) -> tuple:
    r = _interval(cg, name, srcs, mods, i, dst_pos)
    if not exact(r) or r == UNKNOWN:
        return r
    if name in SIGN_ONLY_OPS and r[0] != r[1]:  # (of a known value: folded, that value)
        if name != "frc" and exact(modified(slot_range(cg, srcs[0][i], "f"), mods[0])) if i < len(srcs[0]) \
                else False:
            return r
        return (r[0], INF, False) if r[0] >= 0 else UNKNOWN
    if name in ("max", "imax", "umax", "min", "imin", "umin", "movc", "sincos"):
        return r  # (their own rules say how exact they are)
    lanes = range(int(name[2])) if name in ("dp2", "dp3", "dp4") else [i]
    kind = _kind(name)
    for k, x in enumerate(srcs):
        for lane in lanes:
            if lane < len(x) and not exact(modified(slot_range(cg, x[lane], kind), mods[k] if k < len(mods) else "")):
                return (r[0], INF, False) if r[0] >= 0 else UNKNOWN  # (the lower bound kept: x + 1 is above 0)
    return r


def _interval(cg: CodegenContext, name: str, srcs: list, mods: list[str], i: int, dst_pos: int) -> tuple:
    kind = _kind(name)

    def src(k: int) -> tuple[float, float]:
        x = srcs[k]
        if i >= len(x):
            return UNKNOWN
        return modified(slot_range(cg, x[i], kind), mods[k] if k < len(mods) else "")

    def same(j: int, k: int) -> bool:
        return (i < len(srcs[j]) and i < len(srcs[k]) and _origin(cg, srcs[j][i]) == _origin(cg, srcs[k][i])
                and (mods[j] if j < len(mods) else "").strip("-") == (mods[k] if k < len(mods) else "").strip("-"))

    if name in POINT and srcs and all(exact(src(k)) and src(k)[0] == src(k)[1] for k in range(len(srcs))):
        # every operand one known value: fxc folds the operation (frac(0.5), round(abs(0.5)), sin(0))
        got = POINT[name](*[src(k)[0] for k in range(len(srcs))], dst_pos)
        if math.isfinite(got):
            return got, got
    if name == "iadd" and i < len(srcs[0]) and i < len(srcs[1]):
        # x - x of one integer variable or constant: fxc folds it to 0 (``switch (i4.y - i4.y)``, ``(uint)(i -
        # i)`` compile below SM 4, session 38); not of a float (NaN), nor of two computed values (``(int)v.x -
        # (int)v.x``, ``i*2 - i*2`` are X3548: fxc computes each one)
        oa, ob = _origin(cg, srcs[0][i]), _origin(cg, srcs[1][i])
        ma, mb = (mods[0] if mods else "") or "", (mods[1] if len(mods) > 1 else "") or ""
        plain = oa[0] in ("r", "cb", "v") if oa == ob else ob[0] in ("r", "cb", "v") if oa == (
            "ineg", "", False, 0, ob) else oa[0] in ("r", "cb", "v") and ob == ("ineg", "", False, 0, oa)
        if plain and (oa != ob or {ma, mb} == {"", "-"}) and (oa == ob or not ma and not mb):
            return 0.0, 0.0
    if name in ("mul", "imul"):
        a = src(0)
        if same(0, 1) and not exact(a):
            return SIGN_ONLY
        return mul(a, src(1), same(0, 1))
    if name in ("mad", "imad"):
        return add(mul(src(0), src(1), same(0, 1)), src(2))
    if name in ("max", "imax", "umax") and i < len(srcs[0]) and i < len(srcs[1]) and not any(mods):
        oa, ob = _origin(cg, srcs[0][i]), _origin(cg, srcs[1][i])
        if ("ineg", "", False, 0, oa) == ob or ("ineg", "", False, 0, ob) == oa:
            return SIGN_ONLY  # max(x, -x): an integer's abs
    if name in ("dp2", "dp3", "dp4"):
        total = (0.0, 0.0)
        for lane in range(int(name[2])):
            a = modified(slot_range(cg, srcs[0][lane], "f"), mods[0]) if lane < len(srcs[0]) else UNKNOWN
            b = modified(slot_range(cg, srcs[1][lane], "f"), mods[1]) if lane < len(srcs[1]) else UNKNOWN
            sq = lane < len(srcs[0]) and lane < len(srcs[1]) and srcs[0][lane] == srcs[1][lane]
            total = add(total, mul(a, b, sq))
        return total
    if name == "and":
        # a mask with a literal that is not negative (bool -> 0 / 1 or 0 / 1.0f) is between 0 and the literal
        for k in (0, 1):
            if i < len(srcs[k]) and srcs[k][i][0] == "l" and not srcs[k][i][3] >> 31:
                return 0.0, float(srcs[k][i][3])
        return UNKNOWN
    transfer = FLOAT.get(name)  # (the operations whose interval follows from their operands' alone)
    return UNKNOWN if transfer is None else transfer([src(k) for k in range(len(srcs))], dst_pos)


#: conversions and moves, whose results fxc's CSE takes for one value when their operand is one value ((float)ci *
#: (float)ci squares one conversion; two floor(x), two sin(x) of one x are different values there)
_ONE_INSTRUCTION = frozenset({"mov", "itof", "utof", "ftoi", "ftou", "ineg"})


def note_op(cg: CodegenContext, name: str, srcs: list, mods: list[str] | None, sat: bool, out: list[Slot],
            dst_pos: int = 0) -> None:
    """The intervals of the fresh temps ``out`` that cg.op wrote with ``name`` (the instruction is the last
    one emitted that writes each)."""
    mods = mods or [""] * len(srcs)
    for i, o in enumerate(out):
        if name == "dp2" or name == "dp3" or name == "dp4":
            r = _result(cg, name, srcs, mods, 0, dst_pos)
        else:
            r = _result(cg, name, srcs, mods, i, dst_pos)
        if sat:
            r = (min(max(r[0], 0.0), 1.0), min(max(r[1], 0.0), 1.0))
        wrote = _set(cg, o, r)
        if wrote is not None and name in _ONE_INSTRUCTION and len(srcs) == 1 and i < len(srcs[0]):
            cg.ranges[("origin", o[1][0], o[3])] = ((name, mods[0], sat, dst_pos, _origin(cg, srcs[0][i])),) + wrote


def _set(cg: CodegenContext, o: Slot, r: tuple) -> tuple | None:
    """Keep interval ``r`` for fresh temp component ``o``; returns (position, instruction) of its write."""
    t = o[1][0]
    wrote = last_write(cg, t)
    if wrote is not None and r != UNKNOWN:
        cg.ranges[(t, o[3])] = (r,) + wrote
    else:
        cg.ranges.pop((t, o[3]), None)
    return wrote


def note_emit(cg: CodegenContext, ins: Ins) -> None:
    """An instruction is emitted: the temp components it writes lose their intervals, except that a plain
    ``mov`` passes its source's on (a variable's store); flow control drops every variable's interval (another
    path may write it)."""
    ranges = cg.ranges
    op = ins.op
    if op in _FLOW:
        for k in [k for k in ranges if k[0] in cg.var_temps or k[0] == "origin" and k[1] in cg.var_temps]:
            del ranges[k]
        _reapply(cg)  # a loop's counters keep theirs (loop_counters)
        return
    dest = temp_destination(ins)
    if dest is None:
        return
    t, comps = dest
    src = ins.args[1] if op == "mov" and len(ins.args) == 2 and not ins.suffix else None
    if op in ("dp2", "dp3", "dp4") and len(ins.args) == 3 and len(comps) == 1:
        # (intrinsics.dot emits its dp# itself, not through cg.op)
        n = int(op[2])
        lanes = [[reg_slot(ins.args[k], lane) for lane in range(n)] for k in (1, 2)]
        if None not in lanes[0] + lanes[1]:
            r = _result(cg, op, lanes, [ins.args[1].mod or "", ins.args[2].mod or ""], 0, 0)
            if ins.suffix == "_sat":
                r = (min(max(r[0], 0.0), 1.0), min(max(r[1], 0.0), 1.0))
            if r != UNKNOWN:
                ranges[(t, comps[0])] = (r, len(cg.code) - 1, ins)
                return
        ranges.pop((t, comps[0]), None)
        return
    for lane, c in enumerate(comps):
        entry = None
        slot = reg_slot(src, lane) if src is not None else None
        if slot is not None and slot[0] == "l":
            entry = slot if not src.mod else None  # (a literal: read later by the kind its reader wants)
        elif slot is not None and slot[0] in ("r", "cb"):
            r = modified(slot_range(cg, slot), src.mod or "")
            entry = None if r == UNKNOWN else r
        ranges.pop(("origin", t, c), None)
        if entry is None:
            ranges.pop((t, c), None)
        else:
            ranges[(t, c)] = (entry, len(cg.code) - 1, ins)


def _origin(cg: CodegenContext, s: Slot):
    """What the value in ``s`` is made of, for telling two operands one value (fxc's CSE: ``(float)ci *
    (float)ci`` squares one conversion): a fresh temp written by a one-operand operation is that operation of its
    operand's origin; anything else is itself."""
    if s[0] == "r" and s[2] is None:
        got = cg.ranges.get(("origin", s[1][0], s[3]))
        if got is not None:
            key, pos, ins = got
            if pos < len(cg.code) and cg.code[pos] is ins:
                return key
    return s


def refusal(cg: CodegenContext, pos):
    if pos is None:
        from .diagnostics import Pos

        pos = Pos("", 1, 1)
    target = cg.d3d9 or cg.level9
    return cg.err(pos, f"in {target} uints can only be used with known-positive values, use int if possible", 3548)


def defer(cg: CodegenContext, err) -> None:
    """Keep ``err``, a refusal of the legacy targets' phase, to be raised after the type rules.

    d3dcompiler_47 10.1 (under Wine, session 37, helper INTR) reports X3548 (this module), X3543 (``asint`` /
    ``asuint`` below shader model 4) and X3704 (``f16tof32`` / ``f32tof16`` there) in one phase with a double's
    X3684 / X3651, the first met in evaluation order (:func:`stamp`: ``(uint)a.y`` before ``asint(a.x)`` is X3548,
    the other order X3543), after every type rule of the file (``f32tof16(x); S s = 1;`` is X3017, an undeclared
    name in an uncalled function X3004) and a min-precision local's X3703 at the Direct3D 9 targets, and before
    the model refusals judged last (a coarse/fine derivative's X4532). The compiler raises the first one kept
    (compiler._compile_hlsl, ``cg.deferred_legacy_error``)."""
    if cg.deferred_legacy_error is None:
        cg.deferred_legacy_error = stamp(cg, err)


def stamp(cg: CodegenContext, err):
    """Mark ``err`` as met now by the code generation, which evaluates as fxc does (operands before their
    operation, arguments before their call, statements in order): d3dcompiler_47 10.1 reports the legacy phase's
    refusals and a double's in the order it meets them, not by source position (session 44, D9: ``(double)(uint)
    a.x`` is X3548, ``asdouble((uint)a.x, 1)`` X3548, ``(float)(double)a.x + (uint)a.y`` X3684)."""
    cg.refusal_clock += 1
    err.met = cg.refusal_clock
    return err


def earliest(*errs):
    """The first met of ``errs`` (None ignored; one never met -- a double made and not yet read, doubles.py --
    after all met ones), or None."""
    found = [e for e in errs if e is not None]
    return min(found, key=lambda e: getattr(e, "met", None) or float("inf")) if found else None


#: the minimum-precision integer types: below shader model 4 fxc computes them as floats (min16uint_values)
MIN_INTS = frozenset({"min16uint", "min16int", "min12int"})


def min16uint_values(cg: CodegenContext, *operands: list[Slot]) -> bool:
    """Whether the operands (their slots) are minimum-precision integers, which the known-positive rule does not
    judge: fxc computes min16uint / min16int / min12int below shader model 4 as the floats they are held in, so
    neither a conversion into min16uint (``(min16uint)-1``, ``(min16uint)var.x``, ``(min16uint)gi[0]``) nor a
    subtraction, negation, division or remainder of such values (``(min16uint)var.x / 2``, ``m - 1``, ``-m``,
    ``m % (min16uint)var.y``, ``gu[0] / gk[1]``) is X3548; such a value made a ``uint`` (``(uint)m``, ``uint u =
    m``, ``m * u``, ``gu[0] / 2u``, ``countbits(m)``, a switch on it) is judged as the float it is -- ``(uint)gu[1]``
    and ``(uint)((min16uint)var.x / 2)`` are X3548, ``(uint)((min16uint)abs(var.x) / 2)`` compiles (d3dcompiler_47
    10.1, session 48: ps_2_0 / ps_3_0 / ps_4_0_level_9_1). Literals take their partner's kind."""
    slots = [s for o in operands for s in o if s[0] != "l"]
    return bool(slots) and all(s in cg.min_int_slots for s in slots)


def signed_min_ints(cg: CodegenContext, *operands: list[Slot]) -> bool:
    """Whether an operation on these slots is computed as a signed int's: below shader model 4 fxc computes
    min16uint exactly as int (and min16int): its listing of ``(min16uint)var.x`` is a truncation toward zero kept
    negative (ftoi, no clamp to 0), ``m / 3`` and ``m % 3`` the signed division and remainder, ``abs(m)`` an abs,
    ``(float)(min16uint)4000000000`` -294967296 -- the same instructions, operation by operation, as for int at
    ps_2_0 / ps_3_0 / vs_2_0 and in both parts of a 4_0_level_9_x object (d3dcompiler_47 10.1, session 49)."""
    return active(cg) and min16uint_values(cg, *operands)


def convert_min_ints(cg: CodegenContext, v, to, held: bool):
    """``v`` (already shaped) converted to ``to``'s base, a minimum-precision unsigned value below shader model 4
    as an int (signed_min_ints): a float made a min16uint truncates toward zero as ftoi does (``(min16uint)-2.5`` is
    -2, where ftou clamps to 0), a held min16uint made a float converts as itof (``(min16uint)4000000000`` is
    -294967296.0 as a float)."""
    from .codegen import Val

    frm = concrete(v.type.base)
    if not active(cg):
        return cg.convert_base(v, to.base)
    if frm == FLOAT_T and to.prec == "min16uint" and concrete(to.base) == UINT:
        out = Val(v.type.with_base(to.base), cg.convert_base(v, INT).slots)
    else:
        if held and frm == UINT and concrete(to.base) == FLOAT_T:
            v = Val(v.type.with_base(INT), v.slots)
        out = cg.convert_base(v, to.base)
    if to.prec in MIN_INTS and isinstance(out.type, NumType):
        # the value keeps its spelled type: ``(min16uint)3`` is a min16uint constant, not a typed uint literal
        # (``m / (min16uint)3`` is a min16uint division, where ``m / 3u`` converts m to uint)
        out = Val(replace(out.type, prec=to.prec), out.slots)
    return out


def keep_min_ints(cg: CodegenContext, mark: bool, slots: list[Slot]) -> list[Slot]:
    """Note ``slots`` as minimum-precision integer values where ``mark`` (min16uint_values)."""
    if mark and active(cg):
        cg.min_int_slots.update(s for s in slots if s[0] != "l")
    return slots


def note_min_int_quotient(cg: CodegenContext, a: list[Slot], b: list[Slot], out: list[Slot]) -> None:
    """The intervals of a quotient of minimum-precision integers: a float division's (fxc divides the floats they
    are held in), so ``(uint)((min16uint)var.x / 2)`` stays X3548 and ``(uint)((min16uint)abs(var.x) / 2)``
    compiles (the udiv's own interval would be at least 0 whatever was divided)."""
    from .intervals import FLOAT as TRANSFER

    for i, o in enumerate(out):
        if i < len(a) and i < len(b) and o[0] != "l":
            _set(cg, o, TRANSFER["div"]([slot_range(cg, a[i], "i"), slot_range(cg, b[i], "i")], 0))


def note_min_int_remainder(cg: CodegenContext, a: list[Slot], b: list[Slot], out: list[Slot]) -> None:
    """The intervals of a remainder of minimum-precision integers below shader model 4: by a constant, the float
    remainder's, which takes the dividend's sign (fxc picks the divisor's sign by the dividend's: ``cmp x, 3, -3``)
    -- ``(uint)((min16uint)abs(var.x) % 2)`` compiles, ``(uint)((min16uint)var.x % 2)`` is X3548; by a run-time
    divisor none is known (``(uint)((min16uint)abs(var.x) % (min16uint)abs(var.y))`` X3548; d3dcompiler_47 10.1,
    session 49)."""
    for i, o in enumerate(out):
        if i < len(a) and i < len(b) and o[0] != "l" and b[i][0] == "l":
            r = slot_range(cg, a[i], "i")
            _set(cg, o, (0.0 if r[0] >= 0 else -INF, INF if r[1] > 0 else 0.0))


def note_min_int_sign(cg: CodegenContext, a: list[Slot], out: list[Slot]) -> None:
    """The intervals of ``sign`` of a minimum-precision integer below shader model 4 (an int's sign: -1, 0, 1),
    0 or 1 where the argument is known not to be negative: ``(uint)(sign((min16uint)abs(var.x)) + 1)`` compiles
    (d3dcompiler_47 10.1, session 49)."""
    for i, o in enumerate(out):
        if i < len(a) and o[0] != "l":
            r = slot_range(cg, a[i], "i")
            _set(cg, o, (0.0 if r[0] >= 0 else -1.0, 1.0 if r[1] > 0 else 0.0))


def min_int_operands(cg: CodegenContext, *vals) -> bool:
    """Whether an operation of these values (Vals) is one of minimum-precision integers: each is held in slots
    noted as such (min16uint_values), typed so (a cast constant, ``(min16uint)3``) or an untyped literal, and
    one at least is not a literal; a typed full-precision literal (``2u``) makes it a uint operation."""
    from .types import LIT_INT

    seen = False
    for v in vals:
        t = v.type
        if isinstance(t, NumType) and t.prec in MIN_INTS:
            seen = True
        elif all(s[0] == "l" for s in v.slots):
            if not (isinstance(t, NumType) and t.base == LIT_INT):
                return False
        elif min16uint_values(cg, v.slots):
            seen = True
        else:
            return False
    return seen


def note_constant_slots(cg: CodegenContext, t, slots: list[Slot]) -> None:
    """A constant buffer member's slots: a uint member's are at least 0 (uint_slots); a minimum-precision
    integer member's are floats of unknown sign (min16uint_values)."""
    leaves = _leaf_kinds(t)
    if len(leaves) != len(slots):
        return
    for s, (base, prec) in zip(slots, leaves, strict=True):
        if prec in MIN_INTS:
            keep_min_ints(cg, True, [s])
        elif base == UINT:
            cg.uint_slots.add(s)


def _leaf_kinds(t) -> list[tuple[str, str | None]]:
    """(base, spelled precision) of each numeric slot of ``t`` (components.flat_numeric keeps no precision)."""
    from .types import ArrayType, NumType, StructType

    if isinstance(t, NumType):
        return [(t.base, t.prec)] * t.slots
    if isinstance(t, ArrayType):
        return _leaf_kinds(t.elem) * t.count
    if isinstance(t, StructType):
        return [k for f in t.fields for k in _leaf_kinds(f[1])]
    from .components import flat_numeric

    return [(x.base, None) for x in flat_numeric(t)]


def check_not_negative(cg: CodegenContext, slots: list[Slot], kind: str, pos) -> None:
    """X3548 unless every slot is known to hold a value of at least 0 (a value made into a uint)."""
    if active(cg) and any(slot_range(cg, s, kind)[0] < 0 for s in slots):
        defer(cg, refusal(cg, pos))


def check_made_uint(cg: CodegenContext, src, to, slots: list[Slot], held: bool, pos) -> None:
    """A value converted to a full-precision uint (codegen.convert): a float's, an int's or a minimum-precision
    integer's must be known not to be negative (X3548) -- a held min16uint as the float it is (``held``), a
    min16uint constant as the int it is held as (``(uint)(min16uint)-5`` X3548, session 49)."""
    if concrete(to.base) != UINT or to.prec == "min16uint":
        return
    typed = src.prec in MIN_INTS
    if concrete(src.base) in (FLOAT_T, INT) or held or typed:
        check_not_negative(cg, slots, "i" if concrete(src.base) == INT and not held or not held and typed else "f",
                           pos)


def check_constructor(cg: CodegenContext, t, flat: list, bases: list[str], pos) -> None:
    """A uint constructor's arguments are made uints as a cast makes them: X3548 unless each float or int component
    (a minimum-precision integer's as the float it is) is known not to be negative -- ``uint4(u)``, ``uint(u.x)``,
    ``uint4(gi, 1, 2, 3)``, ``uint4(-1, 1, 1, 1)``, ``uint2x2(u)`` refused, ``uint4(abs(u))``, ``uint4(saturate(u))``,
    ``uint4(true, 1, 1, 1)``, ``uint4(gu, 1, 2, 3)`` and ``uint4(u > 0)`` compile (d3dcompiler_47 10.1, session
    48: ps_2_0 / ps_3_0 / ps_4_0_level_9_1; was compiled: the constructor converted without the rule)."""
    if not active(cg) or concrete(t.base) != UINT or t.prec == "min16uint":
        return
    for s, b in zip(flat, bases, strict=True):
        if isinstance(s, tuple) and s and isinstance(s[0], tuple):
            continue  # (a double's slot pair: the double rules judge it)
        held = min16uint_values(cg, [s])
        if concrete(b) in (FLOAT_T, INT) or held:
            check_not_negative(cg, [s], "i" if concrete(b) == INT and not held else "f", pos)


def check_divisor(cg: CodegenContext, slots: list[Slot], pos, remainder: bool = False) -> None:
    """X3548 unless every slot of a uint divisor is known to be above 0 -- for a remainder (``%``), known to be one
    value above 0: fxc refuses ``a % b`` with ``b = (uint)abs(y) + 1``, which it divides by."""
    if not active(cg):
        return
    for s in slots:
        r = slot_range(cg, s, "u")
        if r[0] <= 0 or remainder and not (exact(r) and r[0] == r[1]):
            defer(cg, refusal(cg, pos))
            return


# --- loop counters ---------------------------------------------------------------------------------------------
def _step_of(n: A.Node, name: str) -> int | None:
    """+1 / -1 where ``n`` steps variable ``name`` by a literal that is not negative (``k++``, ``--k``, ``k += 2``,
    ``k -= 1``), 0 where it writes ``name`` otherwise, None where it does not write it."""
    from .constprop import root_name
    from .parser import const_eval

    if isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
        if root_name(n.a) != name:
            return None
        return (1 if n.op == "++" else -1) if isinstance(n.a, A.Ident) else 0
    if isinstance(n, A.Assign) and root_name(n.target) == name:
        v = const_eval(n.value) if n.op in ("+=", "-=") and isinstance(n.target, A.Ident) else None
        if v is None or not math.isfinite(v) or v < 0:
            return 0
        return 1 if n.op == "+=" else -1
    return None


def _lower_bound(cond: A.Node | None, name: str) -> float | None:
    """The least value of ``name`` for which ``cond`` (``k >= L``, ``k > L``, ``L <= k``, ``L < k`` of a literal
    L) holds, for an integer ``name``; None for any other condition."""
    from .parser import const_eval

    if not isinstance(cond, A.Binary) or cond.op not in (">=", ">", "<=", "<"):
        return None
    var, lit, op = (cond.a, cond.b, cond.op) if isinstance(cond.a, A.Ident) else (cond.b, cond.a,
                                                                                  {"<=": ">=", "<": ">"}.get(cond.op))
    if not isinstance(var, A.Ident) or var.name != name or op not in (">=", ">"):
        return None
    v = const_eval(lit)
    if v is None or not math.isfinite(v):
        return None
    return math.floor(v) + 1 if op == ">" else math.ceil(v)


def loop_counters(cg: CodegenContext, s: A.Node) -> dict[tuple[int, int], tuple[float, float]]:
    """The intervals a ``for`` / ``while`` loop's integer counters keep inside its body, computed before the
    loop's ``loop`` instruction from what is known on entry.

    fxc knows a counter below shader model 4 (d3dcompiler_47 10.1 under Wine, session 38: ``for (int k = 0; k < 3;
    k++) switch (k)``, ``for (int k = 0; k < i; k++) (uint)k`` at vs_2_0, a ``while`` loop stepping k from 0, ``for
    (int k = 2; k >= 0; k--)`` compile; a counter from -1 is X3548): a counter only ever stepped up by literals
    keeps the least value it entered with; one only stepped down by the ``for`` statement's step keeps the
    condition's lower bound (``k >= 0``) and the greatest value it entered with. Any other write leaves it
    unknown, as a variable under flow control is."""
    from .codegen import walk
    from .constprop import assigned_names
    from .types import INT, UINT, NumType, concrete

    if not active(cg) or not isinstance(s, (A.For, A.While)):
        return {}
    out: dict[tuple[int, int], tuple[float, float]] = {}
    for name in assigned_names(cg, s):
        try:
            v = cg.lookup(name, s.pos)
        except Exception:  # not a plain variable (a global, an object): no counter
            continue
        if not isinstance(v.type, NumType) or v.type.n != 1 or concrete(v.type.base) not in (INT, UINT) or \
                len(v.slots) != 1 or v.slots[0][0] != "r" or v.slots[0][2] is not None:
            continue
        steps = [(n, d) for n in walk(s) if (d := _step_of(n, name)) is not None]
        dirs = {d for _, d in steps}
        lo, hi = slot_range(cg, v.slots[0], "u" if concrete(v.type.base) == UINT else "i")
        if dirs == {1} and lo > -INF:
            r = (lo, INF)
        elif dirs == {-1} and isinstance(s, A.For) and [n for n, _ in steps] == [s.step]:
            bound = _lower_bound(s.cond, name)
            if bound is None:
                continue
            r = (bound, max(hi, bound))
        else:
            continue
        t, c = v.slots[0][1][0], v.slots[0][3]
        out[(t, c)] = r
    return out


def enter_loop(cg: CodegenContext, counters: dict[tuple[int, int], tuple[float, float]]) -> None:
    """The loop's body starts: its counters take their intervals (kept again after each flow instruction inside
    the body, which drops other variables' intervals: note_emit)."""
    stack = cg.loop_counter_ranges
    stack.append(counters)
    _reapply(cg)


def leave_loop(cg: CodegenContext, counters: dict) -> None:
    stack = cg.loop_counter_ranges
    if stack and stack[-1] is counters:
        stack.pop()


def _reapply(cg: CodegenContext) -> None:
    if not cg.code:
        return
    for counters in cg.loop_counter_ranges:
        for key, r in counters.items():
            cg.ranges[key] = (r, len(cg.code) - 1, cg.code[-1])
