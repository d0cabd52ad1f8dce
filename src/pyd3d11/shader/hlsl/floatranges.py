"""The value ranges fxc's optimiser follows at shader model 4 and 5, and the ``min`` / ``max`` they decide (issue 15,
session 49 MRUN).

d3dcompiler_47 10.1 (under Wine, probed with cs_5_0 programs through their listings and stored words; the table is
tests/test_rules_hlsl_values_s49.py) knows an interval for each float value it computes and removes a ``min`` /
``max`` whose operands' intervals decide it, keeping the operand that wins -- written as a constant where that
interval is one value:

- ``max(-1.0, abs(x))`` is ``abs(x)`` (so a NaN ``x`` stores NaN, where the instruction would give -1),
  ``min(1.0, saturate(x))`` is ``saturate(x)``, ``max(saturate(y), -abs(x))`` is ``saturate(y)``,
  ``min(0.5, abs(x) + 1.0)`` is 0.5; ties decide too (``max(-1.0, abs(x) - 1.0)``, ``min(2.0, saturate(x) * 2.0)``);
- the zeros are one value: ``min(-0.0, abs(x))``, ``min(abs(x), -0.0)`` and ``max(-0.0, -abs(x))`` are the
  constant +0, so ``1.0 / min(-0.0, abs(x))`` is +inf;
- not decided: ``max(1.0, abs(x))``, ``max(a.y, -abs(x))``, ``max(abs(x), abs(y))``, ``max(-0.4, abs(x) - 0.5)``,
  ``max(-1.0, sin(x) + cos(y))`` (the sum is in [-2, 2]), a value of unknown sign.

The intervals (plain interval arithmetic over the real numbers, NaN never considered, -0 = +0):
``abs`` [0, inf), ``-abs`` (-inf, 0], a saturate [0, 1], ``frac`` [0, 1], ``sin`` / ``cos`` [-1, 1] (narrower of a
known narrow operand), ``sqrt`` and ``exp`` of anything [0, inf) (their ends' values of a known interval),
``rsqrt`` [0, inf), ``x * x`` / ``dot(v, v)`` / ``mad(x, x, c)`` of one operand the square's, ``utof`` [0, 2^32],
``itof`` [-2^31, 2^31] (so ``min(3e38, x % (float)i)`` is the remainder: NaN where i is 0),
the four roundings the ends rounded, ``+`` / ``*`` / ``mad`` / ``min`` / ``max`` / a select's two operands by their
intervals, a quotient by its operands' signs (``abs(x) / abs(y)`` not negative; by an interval above 0 the ends'
quotients), ``rcp`` of an interval above 0, ``log`` of one above 0; nothing for ``rcp`` / ``log`` of a value that
may be 0 (``max(-1.0, rcp(abs(x)))`` is kept), ``f16tof32``, ``asfloat``, an integer mask, a load, a
variable after flow control (fxc turns a short ``if`` into a select first: not followed here).

Under IEEE strictness fxc removes only the ``min`` / ``max`` whose winning operand cannot be NaN -- a constant or a
saturate (``min(-1.0, abs(x))`` is -1, ``min(1.0, saturate(x))`` saturate(x), ``max(-1.0, abs(x))`` and ``max(-2.0,
sin(x))`` are kept); at /Od none (the instructions run). Below shader model 4 uintrange.py keeps its own intervals
(fxc's X3548 analysis of the legacy targets, whose rules differ: ``exp(x) - 1`` is unknown there).

The intervals are kept per fresh temp component as the code generator emits (cg.op / cg.emit, like zerobits'
bits), in cg.ranges under ``("fr", temp, component)`` keys (uintrange uses that dict only below shader model 4).
"""

from __future__ import annotations

import math
import struct
from typing import TYPE_CHECKING

from .intervals import INF, add, hull_max, hull_min, mul, sincos
from .nanprops import last_write, reg_slot, temp_destination
from .operands import Ins, Slot, imm

if TYPE_CHECKING:
    from .cgstate import CodegenContext

UNKNOWN = (-INF, INF, False)
TWO32 = 4294967296.0
#: frac's upper end: below 1 (the largest float32 under 1), so ``(int)frac(x)`` is 0 while ``min(1.0, frac(x))``
#: is still decided
BELOW_ONE = 0.99999994
_FLOW = frozenset({"if", "else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch", "call",
                   "callc", "label", "break", "breakc", "continue", "continuec", "ret", "retc"})


def active(cg: CodegenContext) -> bool:
    from .constprop import carries_canonical

    return not (cg.d3d9 or cg.level9) and carries_canonical(cg)


def _ieee(cg: CodegenContext) -> bool:
    from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS

    return bool(cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS)


def _float(word: int) -> float:
    return struct.unpack("<f", struct.pack("<I", word & 0xFFFFFFFF))[0]


def slot_range(cg: CodegenContext, s: Slot) -> tuple[float, float, bool]:
    """(lo, hi, known not NaN) of the float value in ``s``: UNKNOWN when nothing is known."""
    if s[0] == "l":
        v = _float(s[3])
        return UNKNOWN if math.isnan(v) else (v, v, True)
    if s[0] != "r" or s[2] is not None:
        return UNKNOWN
    got = cg.ranges.get(("fr", s[1][0], s[3]))
    if got is None:
        return UNKNOWN
    r, pos, ins = got
    if pos >= len(cg.code) or cg.code[pos] is not ins:
        return UNKNOWN  # the write that set it was taken back (a trial generation rolled back)
    return r


def _modified(r: tuple, mod: str) -> tuple:
    """An operand's interval after its source modifier."""
    lo, hi, nn = r
    if "abs" in mod:
        lo, hi = (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
    if mod.startswith("-"):
        lo, hi = -hi, -lo
    return lo, hi, nn


def _q(x: float, y: float) -> float:
    q = x / y if math.isfinite(y) else 0.0 * x if math.isfinite(x) else x
    return 0.0 if math.isnan(q) else q


def _signs_quotient(a: tuple, b: tuple) -> tuple[float, float]:
    if b[0] > 0:  # a divisor above 0: the ends' quotients
        return (_q(a[0], b[1]) if a[0] >= 0 else _q(a[0], b[0])), (_q(a[1], b[0]) if a[1] >= 0 else _q(a[1], b[1]))
    if b[0] >= 0:  # a divisor not negative (perhaps 0): the dividend's sign
        if a[0] >= 0:
            return 0.0, INF
        if a[1] <= 0:
            return -INF, 0.0
    return -INF, INF


def _rounded(f, r: tuple) -> tuple[float, float]:
    return (f(r[0]) if math.isfinite(r[0]) else r[0]), (f(r[1]) if math.isfinite(r[1]) else r[1])


def _interval(cg: CodegenContext, name: str, srcs: list, mods: list[str], i: int, dst_pos: int) -> tuple:
    def src(k: int) -> tuple:
        x = srcs[k]
        return _modified(slot_range(cg, x[i]), mods[k] or "") if i < len(x) else UNKNOWN

    def same(j: int, k: int) -> bool:
        return i < len(srcs[j]) and i < len(srcs[k]) and srcs[j][i] == srcs[k][i] and \
            (mods[j] or "").strip("-") == (mods[k] or "").strip("-")

    if name == "mov":
        return src(0)[:2]
    if name == "add":
        return add(src(0), src(1))
    if name == "mul":
        return mul(src(0), src(1), same(0, 1))
    if name == "mad":
        return add(mul(src(0), src(1), same(0, 1)), src(2))
    if name == "div":
        return _signs_quotient(src(0), src(1))
    if name in ("min", "max"):
        return (hull_min if name == "min" else hull_max)(src(0), src(1))
    if name == "movc":
        a, b = src(1), src(2)
        return min(a[0], b[0]), max(a[1], b[1])
    if name == "frc":
        return 0.0, BELOW_ONE
    if name == "sincos":
        r = src(0)
        return sincos((r[0], r[1]) if math.isfinite(r[0]) and math.isfinite(r[1]) else (-INF, INF), dst_pos)
    if name == "sqrt":
        r = src(0)
        return (math.sqrt(r[0]) if r[0] > 0 else 0.0), (math.sqrt(r[1]) if 0 <= r[1] < INF else INF)
    if name == "exp":
        r = src(0)
        return (2.0 ** r[0] if r[0] > -150 else 0.0), (2.0 ** r[1] if r[1] < 128 else INF)
    if name == "rsq":
        r = src(0)
        return ((1.0 / math.sqrt(r[1]) if r[1] < INF else 0.0), 1.0 / math.sqrt(r[0])) if r[0] > 0 else (0.0, INF)
    if name == "rcp":
        r = src(0)
        return ((1.0 / r[1] if r[1] < INF else 0.0), 1.0 / r[0]) if r[0] > 0 and r[0] < INF else (-INF, INF)
    if name == "log":
        r = src(0)
        return (math.log2(r[0]), (math.log2(r[1]) if r[1] < INF else INF)) if r[0] > 0 and r[0] < INF else (-INF, INF)
    if name in ("round_ni", "round_pi", "round_ne", "round_z"):
        f = {"round_ni": math.floor, "round_pi": math.ceil, "round_ne": round, "round_z": math.trunc}[name]
        return _rounded(lambda v: float(f(v)), src(0))
    if name == "utof":
        return 0.0, TWO32
    if name == "itof":  # (``max(-3e9, (float)i)`` is removed, ``max(-2147483000.0, (float)i)`` kept)
        return -TWO32 / 2, TWO32 / 2
    return -INF, INF


def _note(cg: CodegenContext, o: Slot, r: tuple) -> None:
    t = o[1][0]
    wrote = last_write(cg, t)
    if wrote is not None and (r[0] > -INF or r[1] < INF or r[2]):
        cg.ranges[("fr", t, o[3])] = (r,) + wrote
    else:
        cg.ranges.pop(("fr", t, o[3]), None)


def note_op(cg: CodegenContext, name: str, srcs: list, mods: list[str] | None, sat: bool, out: list[Slot],
            dst_pos: int = 0) -> None:
    """The intervals of the fresh temps ``out`` that cg.op wrote with ``name`` (below shader model 4: uintrange's)."""
    if cg.d3d9 or cg.level9:
        from . import uintrange

        uintrange.note_op(cg, name, srcs, mods, sat, out, dst_pos)
        return
    if not active(cg):
        return
    mods = mods or [""] * len(srcs)
    for i, o in enumerate(out):
        lo, hi = _interval(cg, name, srcs, mods, i, dst_pos)[:2]
        if sat:  # a saturate is in [0, 1] and never NaN
            lo, hi = min(max(lo, 0.0), 1.0), min(max(hi, 0.0), 1.0)
        _note(cg, o, (lo, hi, sat or name == "mov" and i < len(srcs[0]) and slot_range(cg, srcs[0][i])[2]))


def note_emit(cg: CodegenContext, ins: Ins) -> None:
    """An instruction is emitted: the temp components it writes lose their intervals, except that a plain ``mov``
    (a variable's store) passes its source's on and a dot product of one vector with itself is not negative; flow
    control ends every variable's interval (below shader model 4: uintrange's)."""
    if cg.d3d9 or cg.level9:
        from . import uintrange

        uintrange.note_emit(cg, ins)
        return
    if not active(cg):
        return
    ranges = cg.ranges
    if ins.op in _FLOW:
        for k in [k for k in ranges if k[0] == "fr" and k[1] in cg.var_temps]:
            del ranges[k]
        return
    dest = temp_destination(ins)
    if dest is None:
        return
    t, comps = dest
    op = ins.op
    if op in ("dp2", "dp3", "dp4") and len(ins.args) == 3 and len(comps) == 1:
        n = int(op[2])
        total: tuple = (0.0, 0.0)
        for lane in range(n):
            a, b = reg_slot(ins.args[1], lane), reg_slot(ins.args[2], lane)
            if a is None or b is None:
                total = (-INF, INF)
                break
            ra = _modified(slot_range(cg, a), ins.args[1].mod or "")
            rb = _modified(slot_range(cg, b), ins.args[2].mod or "")
            sq = a == b and (ins.args[1].mod or "").strip("-") == (ins.args[2].mod or "").strip("-")
            total = add(total, mul(ra, rb, sq))
        if ins.suffix == "_sat":
            total = (min(max(total[0], 0.0), 1.0), min(max(total[1], 0.0), 1.0))
        r = (total[0], total[1], ins.suffix == "_sat")
        if r[0] > -INF or r[1] < INF or r[2]:
            ranges[("fr", t, comps[0])] = (r, len(cg.code) - 1, ins)
        else:
            ranges.pop(("fr", t, comps[0]), None)
        return
    src = ins.args[1] if op == "mov" and len(ins.args) == 2 and not ins.suffix else None
    for lane, c in enumerate(comps):
        slot = reg_slot(src, lane) if src is not None else None
        r = _modified(slot_range(cg, slot), src.mod or "") if slot is not None else UNKNOWN
        if r[0] > -INF or r[1] < INF or r[2]:
            ranges[("fr", t, c)] = (r, len(cg.code) - 1, ins)
        else:
            ranges.pop(("fr", t, c), None)


def _const(v: float) -> Slot:
    """The constant fxc writes for a value an interval holds alone (a zero is +0)."""
    return imm(0 if v == 0 else struct.unpack("<I", struct.pack("<f", v))[0])


def decided(cg: CodegenContext, name: str, a: list[Slot], b: list[Slot]) -> list[Slot | None] | None:
    """Per lane of float ``min`` / ``max`` (``name``) of ``a`` and ``b``, the result fxc's intervals decide, or None
    for a lane they leave to the instruction; None when no lane is decided."""
    if not active(cg):
        return None
    ieee = _ieee(cg)
    out: list[Slot | None] = []
    for x, y in zip(a, b, strict=True):
        rx, ry = slot_range(cg, x), slot_range(cg, y)
        if name == "min":
            pick = x if rx[1] <= ry[0] else y if ry[1] <= rx[0] else None
        else:
            pick = x if rx[0] >= ry[1] else y if ry[0] >= rx[1] else None
        if pick is not None:
            r = rx if pick is x else ry
            if ieee and not r[2]:
                pick = None  # (under IEEE strictness only a winner that cannot be NaN)
            elif r[0] == r[1]:
                pick = _const(r[0])
        out.append(pick)
    return out if any(p is not None for p in out) else None


def truncated(cg: CodegenContext, name: str, slots: list[Slot]) -> list[Slot] | None:
    """``ftoi`` / ``ftou`` (``name``) of ``slots`` where fxc's intervals make lanes one integer: those lanes the
    constant, the others converted; None when no lane is one integer.

    d3dcompiler_47 10.1 (session 49): ``(int)(sin(x) * 0.25)``, ``(int)frac(x)``, ``(uint)(saturate(x) * 0.5)``,
    ``(int)(saturate(x) - 0.9)``, ``(int)rsqrt(abs(x) + 2.0)``, ``(int)(exp(-abs(x)) * 0.5)`` are the constant 0
    (a division by them is X4010 "division by zero"); ``(int)saturate(x)`` and ``(int)cos(x)`` (an end at 1 or -1)
    are not."""
    if not active(cg):
        return None
    vals: list[int | None] = []
    for s in slots:
        lo, hi, _ = slot_range(cg, s) if s[0] != "l" else UNKNOWN
        v = None
        if math.isfinite(lo) and math.isfinite(hi) and math.trunc(lo) == math.trunc(hi):
            v = math.trunc(lo)
            if not (-(1 << 31) <= v < (1 << 31) if name == "ftoi" else 0 <= v < (1 << 32)):
                v = None
        vals.append(v)
    if all(v is None for v in vals):
        return None
    left = [s for s, v in zip(slots, vals, strict=True) if v is None]
    done = iter(cg.alu(name, "float", len(left), [left]) if left else [])
    return [imm(v & 0xFFFFFFFF) if v is not None else next(done) for v in vals]
