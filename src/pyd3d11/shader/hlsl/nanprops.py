"""What fxc assumes a float value cannot be -- NaN, infinite -- and the comparisons it folds from that.

With refactoring allowed (not under /Od or IEEE strictness) d3dcompiler_47 10.1 folds ``x == x``, ``x >= x``,
``x <= x`` (true), ``x != x`` and ``isnan(x)`` (false) when it takes x for "not NaN", ``isfinite(x)`` (true) when
it takes x for "finite" and ``isinf(x)`` (false) when it takes x for "not infinite" -- whatever x holds at run
time: a NaN shader input still gives ``isnan`` false. Probed origin by origin and chain by chain under Wine
(session 36; tests/test_hlsl_fxc_exec_s36.py records the tables), its answers fit a magnitude level per value --
0 bounded (``sin``, ``frac``, a saturate, a literal of magnitude <= 1), 1 "small" (a float shader input or
constant-buffer member, a larger literal, ``itof``, ``rsq``), 2 finite, 3 perhaps infinite -- with a may-be-NaN
flag and a not-infinite flag beside it:

- ``mul``: the levels add (``a*b`` finite, ``a*b*b`` perhaps infinite); a factor of level 3 makes it
  may-be-NaN (inf * 0: ``a*b*b*b``) unless the other is a non-zero literal (``rcp(a) * 2`` is not NaN);
  ``add``: the larger level, one more when both are >= 1 (``a+b`` finite, ``a*b+c`` perhaps infinite), a
  literal addend counting 0; may-be-NaN when both are level 3; an operand that may be NaN gives nothing;
- ``dp#``: the largest lane product plus one, may-be-NaN from a lane of level >= 2 (fxc keeps ``dot`` of
  two input vectors' ``isnan``, no lane rule being sure short of that);
- ``min``/``max``: the level when both are <= 1, else 3; may-be-NaN only when both are;
- ``rcp``, ``exp``, a texture or typed-buffer load: level 3, not NaN (the load) or as the operand;
- ``sin``/``cos``: level 0, NaN as the operand; ``frac``: level 0, may be NaN; a saturate: level 0;
- nothing for ``div`` (a quotient), ``sqrt``, ``log``, ``asfloat`` of an integer, a structured-buffer load, a
  derivative, ``f16tof32``, a ``movc`` (the ``?:`` operator), a variable's register after a branch or loop.

Folded: ``isnan``-like comparisons when not may-be-NaN, ``isfinite`` at level <= 2 (NaN or not: fxc folds
``isfinite(frac(x))``), ``isinf`` when the not-infinite flag holds (bounded origins and ``itof``, through
``add``/``mul``/``min``/``max`` of such values). fxc folds more than this inside loops and switches (it keeps the
value from before the loop: an unsound choice not followed here); where the model is unsure it keeps the
instruction, the side on which our answer is the IEEE one.

Only the code generator's fresh temps keep their marks across flow control (one instruction writes each); a
variable's register keeps them within straight code, from its last ``mov``; any other write drops them
(Codegen.emit), and a mark whose instruction was taken back (a trial generation rolled back) is not read."""

from __future__ import annotations

import math
import struct
from typing import TYPE_CHECKING

import numpy as np

from .operands import Ins, Slot

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: the marks of a value: bits 0-1 the level (0 bounded .. 3 perhaps infinite), MAY_NAN, NOT_INF; a value with
#: nothing assumed (level 3, may be NaN) is absent from Codegen.fmarks
LEVEL, MAY_NAN, NOT_INF, NONZERO = 3, 4, 8, 16
UNKNOWN = LEVEL | MAY_NAN
#: what a comparison needs: isnan-like (not MAY_NAN), isfinite (level <= 2), isinf (NOT_INF)
NOT_NAN, FINITE = 64, 128

_KEEP = frozenset({"mov", "round_ne", "round_ni", "round_pi", "round_z"})
_LEVEL3 = frozenset({"rcp", "exp"})
_DOT = {"dp2": 2, "dp3": 3, "dp4": 4}
_FLOW = frozenset({"else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch", "call", "callc",
                   "label"})
_LOADS = frozenset({"sample", "sample_l", "sample_b", "sample_d", "ld", "ld_ms", "gather4", "gather4_po",
                    "sample_indexable", "sample_l_indexable", "sample_b_indexable", "sample_d_indexable",
                    "ld_indexable", "ld_ms_indexable"})


def literal_marks(word: int, addend: bool = False) -> int:
    """A literal: level 0 when its magnitude is at most 1 (or as an addend), else 1; NaN and infinities
    are what they are."""
    f = struct.unpack("<f", struct.pack("<I", word & 0xFFFFFFFF))[0]
    if math.isnan(f):
        return UNKNOWN
    if math.isinf(f):
        return LEVEL | NONZERO
    return (0 if addend or abs(f) <= 1 else 1) | NOT_INF | (NONZERO if f != 0 else 0)


def slot_marks(cg: CodegenContext, s: Slot, addend: bool = False) -> int:
    """The marks of one operand slot (UNKNOWN: nothing assumed); ``addend``: a literal added."""
    f = s[0]
    if f == "l":
        return literal_marks(s[3], addend)
    if s[2] is not None:
        return UNKNOWN
    if f == "r":
        got = cg.fmarks.get((s[1][0], s[3]))
        if got is None or (cg.linkage is not None and cg.linkage.next_body):
            return UNKNOWN  # interface call bodies (linkage.py) are alternatives appended apart from emit
        m, pos, ins, _op = got
        if pos >= len(cg.code) or cg.code[pos] is not ins:
            return UNKNOWN  # the write that set it was taken back (a trial generation rolled back)
        return m
    if f == "cb":
        return 1 if s in cg.float_cb_slots else UNKNOWN
    if f == "v" and len(s[1]) == 1:
        reg, c = s[1][0], s[3]
        for e in cg.inputs:
            if e.reg == reg and e.mask >> c & 1:
                return 1 if e.ctype == 3 else UNKNOWN
    return UNKNOWN


def holds(cg: CodegenContext, s: Slot, what: str) -> bool:
    """Whether fxc takes the value in ``s`` for not NaN / finite / not infinite (NOT_NAN, FINITE, NOT_INF)."""
    m = slot_marks(cg, s)
    if what == NOT_NAN:
        return not m & MAY_NAN
    if what == FINITE:
        return m & LEVEL <= 2
    return bool(m & NOT_INF)


def reg_slot(r, lane: int) -> Slot | None:
    """The slot lane ``lane`` of source operand ``r`` (a Reg) reads (a literal's word as an immediate slot), or
    None for an indexed operand or a literal without words."""
    if r.file == "l":
        return ("l", (), None, r.imm[lane] if lane < len(r.imm) else r.imm[-1]) if r.imm else None
    if r.rel is not None or not r.idx:
        return None
    comps = r.comps if r.comps else (0, 1, 2, 3)
    return (r.file, tuple(r.idx), None, comps[lane] if lane < len(comps) else comps[-1])


def temp_destination(ins) -> tuple[int, tuple[int, ...]] | None:
    """The temp register ``ins`` writes directly (an ``r#`` without a relative index) and the components it writes,
    or None: the one destination the per-instruction value passes (uintrange, floatranges, zerobits) track."""
    if not ins.args:
        return None
    d = ins.args[0]
    if d.file != "r" or d.rel is not None or not d.idx:
        return None
    return d.idx[0], tuple(d.comps) if d.comps is not None else (0, 1, 2, 3)


def _reg_marks(cg: CodegenContext, r, lane: int) -> int:
    """The marks of lane ``lane`` of source operand ``r`` (a Reg)."""
    s = reg_slot(r, lane)
    return UNKNOWN if s is None else slot_marks(cg, s)


def note_emit(cg: CodegenContext, ins: Ins) -> None:
    """An instruction is emitted: the temp components it writes lose their marks, except that a ``mov``
    passes its source's on (a variable's store), a texture load's are level 3 not NaN, a saturate's level 0
    and a ``dp#`` gets the dot-product rule. Flow control ends the marks that another path could
    contradict: a variable's register (a branch or the loop's next pass may write it) and any mark not
    set by a fresh temp's own operation (cg.op)."""
    from .optimize import _shape

    marks = cg.fmarks
    op = ins.op
    if op in _FLOW:  # an ``if`` keeps them: its first branch runs after what came before
        for k in [k for k, v in marks.items() if k[0] in cg.var_temps or not v[3]]:
            del marks[k]
        return
    load = op in _LOADS
    if not marks and not load and op != "mov":
        return
    nd = _shape(ins).nd if ins.args else 0
    for d in ins.args[:nd]:
        if d.file == "r" and d.rel is None:
            t = d.idx[0]
            for c in (d.comps if d.comps is not None else range(4)):
                if ins.suffix == "_sat":
                    m = NOT_INF
                elif load:
                    m = 3
                elif op == "mov" and nd == 1 and len(ins.args) == 2:
                    m = _reg_marks(cg, ins.args[1], c)
                elif op in _DOT and len(ins.args) == 3:  # intrinsics.dot emits it itself
                    m = _dot([(_reg_marks(cg, ins.args[1], k), _reg_marks(cg, ins.args[2], k))
                              for k in range(_DOT[op])])
                else:
                    m = UNKNOWN
                if m != UNKNOWN:
                    marks[(t, c)] = (m, len(cg.code) - 1, ins, False)
                else:
                    marks.pop((t, c), None)


def note_op(cg: CodegenContext, name: str, srcs: list[list[Slot]], mods: list[str] | None, sat: bool,
            out: list[Slot]) -> None:
    """Marks of the fresh temps ``out`` that cg.op wrote with ``name``."""
    for i, o in enumerate(out):
        if sat:
            m = NOT_INF
        elif name == "div" and len(srcs) == 2 and i < len(srcs[1]) and srcs[1][i][0] == "l":
            # fxc divides by a literal through a multiply by its reciprocal (optimize._div_as_mul)
            m = _mul(slot_marks(cg, srcs[0][i]), literal_marks(_reciprocal_word(srcs[1][i][3])))
        else:
            ops = [slot_marks(cg, x[i], addend=name == "add") if i < len(x) else UNKNOWN for x in srcs]
            m = _result(name, ops)
        _set(cg, o, m)


def last_write(cg: CodegenContext, t: int) -> tuple[int, Ins] | None:
    """(position, instruction) of the last of the latest instructions that writes temp ``t`` (cg.op's, just
    emitted), or None (uintrange.py keeps its intervals the same way)."""
    code = cg.code
    for j in range(len(code) - 1, max(-1, len(code) - 9), -1):
        if any(a.file == "r" and a.idx and a.idx[0] == t for a in code[j].args[:2]):
            return j, code[j]
    return None


def _set(cg: CodegenContext, o: Slot, m: int) -> None:
    """Mark a fresh temp component that one of the last instructions wrote."""
    t = o[1][0]
    wrote = last_write(cg, t)
    if wrote is not None and m != UNKNOWN:
        cg.fmarks[(t, o[3])] = (m,) + wrote + (True,)
    else:
        cg.fmarks.pop((t, o[3]), None)


def _reciprocal_word(word: int) -> int:
    f = struct.unpack("<f", struct.pack("<I", word & 0xFFFFFFFF))[0]
    with np.errstate(all="ignore"):
        r = np.float32(1) / np.float32(f)
    return int(np.array(r, np.float32).view(np.uint32))


def _mul(x: int, y: int) -> int:
    if (x | y) & MAY_NAN:
        return UNKNOWN  # fxc keeps even isfinite of frac(a) * b
    lx, ly = x & LEVEL, y & LEVEL
    nan = lx == 3 and not y & NONZERO or ly == 3 and not x & NONZERO  # inf * 0 (not by a non-zero literal)
    return min(3, lx + ly) | (MAY_NAN if nan else 0) | (x & y & NOT_INF)


def _add(x: int, y: int) -> int:
    if (x | y) & MAY_NAN:
        return UNKNOWN
    lx, ly = x & LEVEL, y & LEVEL
    level = min(3, max(lx, ly) + (1 if min(lx, ly) >= 1 else 0))
    nan = (x | y) & MAY_NAN or (lx == 3 and ly == 3)
    return level | (MAY_NAN if nan else 0) | (x & y & NOT_INF)


def _dot(lanes: list[tuple[int, int]]) -> int:
    prods = [_mul(x, y) for x, y in lanes]
    top = max(p & LEVEL for p in prods)
    nan = any(p & MAY_NAN for p in prods) or (top >= 2 and len(prods) > 1)
    ni = all(p & NOT_INF for p in prods)
    return min(3, top + (1 if len(prods) > 1 else 0)) | (MAY_NAN if nan else 0) | (NOT_INF if ni else 0)


def _result(name: str, ops: list[int]) -> int:
    """The marks of ``name`` over operands of marks ``ops`` (the module docstring's rules)."""
    if name in ("itof", "utof"):
        return 1 | NOT_INF
    if not ops:
        return UNKNOWN
    x = ops[0]
    if name in _KEEP:
        return x
    if name == "mul" and len(ops) == 2:
        return _mul(x, ops[1])
    if name == "add" and len(ops) == 2:
        return _add(x, ops[1])
    if name == "mad" and len(ops) == 3:
        return _add(_mul(x, ops[1]), ops[2])
    if name in ("min", "max") and len(ops) == 2:
        y = ops[1]
        top = max(x & LEVEL, y & LEVEL)
        return (top if top <= 1 else 3) | (x & y & MAY_NAN) | (x & y & NOT_INF)
    if name in _LEVEL3:
        return 3 | (x & MAY_NAN)
    if name == "rsq":
        return 1 if not x & MAY_NAN else UNKNOWN
    if name == "sincos":
        return NOT_INF | (x & MAY_NAN)
    if name == "frc":
        return NOT_INF | MAY_NAN
    return UNKNOWN
