"""The bits of an integer value fxc's optimiser knows, and the float zeros it makes of them (issue 15, session 48 MRUN).

d3dcompiler_47 10.1 (under Wine, probed with cs_5_0 programs storing the word into a structured buffer; the table is
tests/test_rules_hlsl_values_s48.py) follows which bits of an integer value are known to be 0 or 1, and a value it
then reads as a float whose exponent bits are all known 0 -- a zero or a denormal whatever the unknown bits are -- is
the float constant +0 in its object (its float arithmetic flushes denormals, and it writes every zero as +0):

- ``asfloat(x & 0x7FFFFF)``, ``asfloat(x & 0x807FFFFF)`` (the sign unknown: still +0), ``asfloat(x & 0xFF | 0x100)``,
  ``asfloat(countbits(x))``, ``asfloat(f32tof16(a))``, ``asfloat(x >> 9)``, ``asfloat(min(x, 0x7FFFFF))``,
  ``asfloat((x & 0xFF) * (y & 0xFF))``, ``asfloat(uint(a > 0) * 19u)``, ``asfloat(~(x | 0xFFFFFF00))``,
  ``asfloat(c ? 3u : 0x80000000u)`` store +0 where the run-time value is a denormal (ours stored its bits);
  an integer taken back from such a float is 0 (``v %= asint(asfloat(c ? 19 : 70))`` is X4010 "divide by zero");
- a float ``?:`` whose operands both have a zero exponent: ``c ? asfloat(x & 0xFF) : -0.0`` is +0;
- not: ``asfloat(x / 512u)`` (a quotient's bits are not followed), ``asfloat(firstbitlow(x))`` (-1 when x is 0),
  ``asfloat(asint(x) >> 9)`` (the sign bit unknown), ``asfloat((x & 0xFFF) * (y & 0xFFF))`` (past 0x7FFFFF),
  ``c ? -0.0 : a.y``; nor at /Od (the instructions run) or at the Direct3D 9 / level-9 targets (not probed).

The bits are kept per fresh temp component as the code generator emits (cg.op, like nanprops' marks and uintrange's
intervals): set by an operation, passed on by a variable's ``mov``, dropped by any other write and, for variables,
by other flow control; after an ``if`` a variable keeps the bits both its paths leave (fxc joins them: ``k = x &
0xFF; if (c) k = 5;`` makes ``asfloat(k)`` +0). A loop ends every variable's bits (fxc's answer there not probed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .nanprops import last_write
from .operands import Ins, Slot, imm

if TYPE_CHECKING:
    from .cgstate import CodegenContext

M = 0xFFFFFFFF
#: a float's exponent field: all 0 is a zero or a denormal
EXPONENT = 0x7F800000
UNKNOWN = (0, 0)
_FLOW = frozenset({"if", "else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch", "call",
                   "callc", "label", "break", "breakc", "continue", "continuec", "ret", "retc"})


def active(cg: CodegenContext) -> bool:
    from .constprop import carries_canonical

    return carries_canonical(cg) and not (cg.d3d9 or cg.level9)


def slot_bits(cg: CodegenContext, s: Slot) -> tuple[int, int]:
    """(known-zero mask, known-one mask) of the word in ``s``."""
    if s[0] == "l":
        return ~s[3] & M, s[3] & M
    if s[0] != "r" or s[2] is not None:
        return UNKNOWN
    got = cg.zero_bits.get((s[1][0], s[3]))
    if got is None:
        return UNKNOWN
    bits, pos, ins = got
    if pos >= len(cg.code) or cg.code[pos] is not ins:
        return UNKNOWN  # the write that set them was taken back (a trial generation rolled back)
    return bits


def _bound(kz: int) -> int:
    """The largest unsigned word the known-zero mask allows."""
    return ~kz & M


def _below(bound: int) -> int:
    """The known-zero mask of a word at most ``bound`` (the bits above its highest)."""
    return M & ~((1 << bound.bit_length()) - 1) if bound <= M else 0


def _trailing(kz: int) -> int:
    n = 0
    while n < 32 and kz >> n & 1:
        n += 1
    return n


def _shift_amount(s: Slot) -> int | None:
    return s[3] & 31 if s[0] == "l" else None


def _rev(x: int) -> int:
    return int(f"{x & M:032b}"[::-1], 2)


def _result(name: str, ops: list[tuple[int, int]], srcs: list[Slot], dst_pos: int) -> tuple[int, int]:  # noqa: C901
    """What fxc knows of the result of ``name`` from what it knows of its operands (``srcs``: this lane's)."""
    if name == "and":
        (za, oa), (zb, ob) = ops
        return za | zb, oa & ob
    if name == "or":
        (za, oa), (zb, ob) = ops
        return za & zb, oa | ob
    if name == "xor":
        (za, oa), (zb, ob) = ops
        return (za & zb) | (oa & ob), (za & ob) | (oa & zb)
    if name == "not":
        return ops[0][1], ops[0][0]
    if name == "bfrev":
        return _rev(ops[0][0]), _rev(ops[0][1])
    if name == "countbits":
        return _below(32), 0
    if name == "f32tof16":
        return 0xFFFF0000, 0
    if name == "movc":  # either operand (the condition's bits say nothing of which)
        (zb, ob), (zc, oc) = ops[1], ops[2]
        return zb & zc, ob & oc
    if name in ("ishl", "ushr", "ishr"):
        n = _shift_amount(srcs[1])
        z, o = ops[0]
        if n is None:  # a run-time amount: a right shift keeps a word whose sign is 0 at most that word
            return UNKNOWN if name == "ishl" else (_below(_bound(z)), 0)
        if name == "ishl":
            return ((z << n) | ((1 << n) - 1)) & M, (o << n) & M
        top = M & ~(M >> n)
        if name == "ushr" or z >> 31 & 1:
            return (z >> n) | top, o >> n
        if o >> 31 & 1:
            return z >> n, (o >> n) | top
        return z >> n & (M >> n), o >> n & (M >> n)
    if name in ("umin", "umax", "imin", "imax"):
        (za, oa), (zb, ob) = ops
        z, o = za & zb, oa & ob  # the result is one of the two
        if name == "umin":
            z |= _below(min(_bound(za), _bound(zb)))
        elif name == "umax":
            z |= _below(max(_bound(za), _bound(zb)))
        return z, o
    if name == "iadd":
        (za, _), (zb, _) = ops
        return _below(_bound(za) + _bound(zb)), 0
    if name == "imul" and dst_pos == 1:  # the low 32 bits
        (za, _), (zb, _) = ops
        tz = min(32, _trailing(za) + _trailing(zb))
        return _below(_bound(za) * _bound(zb)) | ((1 << tz) - 1), 0
    if name == "udiv" and dst_pos == 1:
        # the remainder is below a divisor known not to be 0 (a known-one bit: a literal, ``y | 1``); of one that
        # may be 0 it may be 0xFFFFFFFF, and fxc bounds it by nothing else -- not by the dividend: ``asfloat(0u %
        # y)``, ``asfloat((x & 0xFF) % (y | 1))`` and ``asfloat(x % (y & 0xFF))`` keep their words, ``asfloat(x %
        # ((y & 0xFF) | 1))`` is +0 (session 49)
        (zb, ob) = ops[1]
        return (_below(_bound(zb) - 1), 0) if ob else UNKNOWN
    return UNKNOWN


def note_op(cg: CodegenContext, name: str, srcs: list, mods: list[str] | None, out: list[Slot],
            dst_pos: int = 0) -> None:
    """The known bits of the fresh temps ``out`` that cg.op wrote with ``name``."""
    if not active(cg):
        return
    table = cg.zero_bits
    plain = not mods or all(not m for m in mods)  # (an integer negation or |x| is not followed)
    for i, o in enumerate(out):
        bits = UNKNOWN
        if plain and all(i < len(x) for x in srcs):
            lane = [x[i] for x in srcs]
            bits = _result(name, [slot_bits(cg, s) for s in lane], lane, dst_pos)
        t = o[1][0]
        wrote = last_write(cg, t)
        if wrote is not None and bits != UNKNOWN:
            table[(t, o[3])] = (bits,) + wrote
        else:
            table.pop((t, o[3]), None)


def note_emit(cg: CodegenContext, ins: Ins) -> None:
    """An instruction is emitted: the temp components it writes lose their bits, except that a plain ``mov``
    passes its source's on (a variable's store); flow control drops every variable's bits (another path may
    write it)."""
    table = cg.zero_bits
    if ins.op in ("if", "else", "endif") and active(cg):
        _join(cg, ins)
        return
    if not table and ins.op != "mov":
        return
    if ins.op in _FLOW:
        _drop_variables(cg)
        return
    from .nanprops import reg_slot, temp_destination

    dest = temp_destination(ins)
    if dest is None:
        return
    t, comps = dest
    src = ins.args[1] if ins.op == "mov" and len(ins.args) == 2 and not ins.suffix and not ins.args[1].mod else None
    for lane, c in enumerate(comps):
        slot = reg_slot(src, lane) if src is not None else None
        bits = slot_bits(cg, slot) if slot is not None and active(cg) else UNKNOWN
        if bits == UNKNOWN:
            table.pop((t, c), None)
        else:
            table[(t, c)] = (bits, len(cg.code) - 1, ins)


def _drop_variables(cg: CodegenContext) -> None:
    for k in [k for k in cg.zero_bits if k[0] in cg.var_temps]:
        del cg.zero_bits[k]


def _variables(cg: CodegenContext) -> dict[tuple[int, int], tuple[int, int]]:
    """The bits known now of the variables' temp components."""
    out = {}
    for k in [k for k in cg.zero_bits if k[0] in cg.var_temps]:
        bits = slot_bits(cg, ("r", (k[0],), None, k[1]))
        if bits != UNKNOWN:
            out[k] = bits
    return out


def _join(cg: CodegenContext, ins: Ins) -> None:
    """An ``if`` / ``else`` / ``endif``: a variable's bits after the ``if`` are those both paths leave it with
    (fxc, session 48: ``uint k = x & 0xFF; if (c) k = 5;`` makes ``asfloat(k)`` +0, ``if (c) k = y`` does not).
    The frames live under the key ``("if",)``; one whose ``if`` a rolled-back trial generation took away ends
    every variable's bits."""
    table, pos = cg.zero_bits, len(cg.code) - 1
    stack = table.setdefault(("if",), [])
    if ins.op == "if":
        stack.append([pos, ins, _variables(cg), None])
        return
    frame = stack[-1] if stack else None
    if frame is None or frame[0] >= len(cg.code) or cg.code[frame[0]] is not frame[1]:
        stack.clear()
        _drop_variables(cg)
        return
    now = _variables(cg)
    _drop_variables(cg)
    if ins.op == "else":  # the second path starts from what held before the ``if``
        frame[3] = now
        for k, bits in frame[2].items():
            table[k] = (bits, pos, ins)
        return
    stack.pop()
    other = frame[3] if frame[3] is not None else frame[2]
    for k in now.keys() & other.keys():
        bits = (now[k][0] & other[k][0], now[k][1] & other[k][1])
        if bits != UNKNOWN:
            table[k] = (bits, pos, ins)


def float_values(cg: CodegenContext, slots: list[Slot]) -> list[Slot]:
    """``slots`` read as floats: a word whose exponent bits fxc knows to be 0 is the constant +0."""
    if not active(cg):
        return slots
    return [imm(0) if s[0] != "l" and slot_bits(cg, s)[0] & EXPONENT == EXPONENT else s for s in slots]
