"""SM4 idioms rewritten for the level-9 translation, before it runs (the executed SM4 program is not changed).

Shader model 2 registers hold floats only, so an SM4 sequence that reads a value's bits has no direct SM2 form;
where such a sequence only asks a question floats can answer, it is rewritten into float / mask instructions
that give the same result (each function states its exactness), and where two SM4 instructions are one SM2
macro they are paired:

- :func:`pair_sincos`: ``tan``'s sine and cosine of one angle as one ``sincos`` ("sincos - ps": one 8-slot macro
  gives both);
- :func:`sign_of_xor`: signed division's sign fix-up (``xor`` + ``ilt 0``) as the xor of two sign masks;
- :func:`float_sign_bits`: isinf / isfinite (|x|'s bits compared with a float's bits) and copysign (tanh);
- :func:`one_trip_loops`: a ``loop`` no path runs twice (the HLSL compiler's form of a function's early
  returns) as a one-case ``switch``, which the translation flattens where the target has no loops.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..dxbc.asm import assemble_instruction
from .fold import match_blocks

O = ir.Opcode


def _overlaps(dst: ir.Operand, src: ir.Operand) -> bool:
    """Whether ``src`` reads a component ``dst`` writes (same register file and register)."""
    if dst.type == ir.OperandType.NULL or dst.type != src.type or dst.indices != src.indices:
        return False
    return bool(set(dst.written()) & set(src.components()))


def pair_sincos(body: list[ir.Instruction]) -> list[ir.Instruction]:
    """Adjacent ``sincos d, null, x`` / ``sincos null, e, x`` (in either order, same source, same controls) as one
    ``sincos d, e, x``: what ``tan`` compiles to. Shader model 2's ``sincos`` macro computes both in one
    instruction (8 slots, "sincos - ps"), so the level-9 program then reduces and evaluates each angle once. Not
    paired when the first writes what the second reads or both write one component (the order would matter)."""
    out: list[ir.Instruction] = []
    i = 0
    while i < len(body):
        a = body[i]
        b = body[i + 1] if i + 1 < len(body) else None
        if (b is not None and a.opcode == O.SINCOS and b.opcode == O.SINCOS and a.controls == b.controls
                and not a.extended and not b.extended and a.operands[2] == b.operands[2]):
            na = [op.type == ir.OperandType.NULL for op in a.operands[:2]]
            nb = [op.type == ir.OperandType.NULL for op in b.operands[:2]]
            if na in ([False, True], [True, False]) and nb == [not na[0], not na[1]]:
                da = a.operands[0] if not na[0] else a.operands[1]
                db = b.operands[0] if not nb[0] else b.operands[1]
                clash = (da.type == db.type and da.indices == db.indices
                         and set(da.written()) & set(db.written()))
                if not _overlaps(da, a.operands[2]) and not clash:
                    sin_d = a.operands[0] if not na[0] else b.operands[0]
                    cos_d = a.operands[1] if not na[1] else b.operands[1]
                    out.append(ir.Instruction(O.SINCOS, [sin_d, cos_d, a.operands[2]], a.controls))
                    i += 2
                    continue
        out.append(a)
        i += 1
    return out


_FLOW_OPS = {O.IF, O.ELSE, O.ENDIF, O.LOOP, O.ENDLOOP, O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC, O.SWITCH,
             O.CASE, O.DEFAULT, O.ENDSWITCH, O.RET, O.RETC, O.CALL, O.CALLC, O.LABEL}
_TWO_DSTS = {O.SINCOS, O.IMUL, O.UMUL, O.UDIV, O.SWAPC}


def _reads_reg(o: ir.Operand, reg: int, comps: set[int] | None = None) -> bool:
    """Whether ``o`` (or one of its relative indices) may read r``reg`` (any of ``comps`` when given; a source
    is taken to read every component its swizzle names, whatever the destination mask)."""
    if o.type == ir.OperandType.TEMP and o.register == reg and (comps is None or set(o.components()) & comps):
        return True
    return any(ix.rel is not None and _reads_reg(ix.rel, reg, comps) for ix in o.indices)


def _dead_after(body: list[ir.Instruction], start: int, reg: int, comps: set[int]) -> bool:
    """Whether r``reg``'s ``comps`` are overwritten before any read from ``start`` on (straight-line code only:
    flow control ends the search with False; the program's end with True)."""
    left = set(comps)
    for inst in body[start:]:
        if inst.opcode in _FLOW_OPS:
            return inst.opcode == O.RET and not any(i.opcode in (O.LOOP, O.CALL, O.CALLC, O.LABEL, O.IF,
                                                                 O.SWITCH) for i in body)
        ndst = 2 if inst.opcode in _TWO_DSTS else (1 if inst.operands else 0)
        dsts, srcs = inst.operands[:ndst], inst.operands[ndst:]
        if any(_reads_reg(s, reg, left) for s in srcs) or any(_reads_reg(ix.rel, reg, left) for d in dsts
                                                             for ix in d.indices if ix.rel is not None):
            return False
        for d in dsts:
            if d.type == ir.OperandType.TEMP and d.register == reg:
                left -= set(d.written())
        if not left:
            return True
    return True


def _zero(o: ir.Operand, lanes: tuple[int, ...]) -> bool:
    if o.type != ir.OperandType.IMMEDIATE32 or o.modifier != ir.Modifier.NONE:
        return False
    comps = o.components()
    return all((o.values[comps[ln]] if len(o.values) == 4 else o.values[0]) == 0 for ln in lanes)


def _composed(o: ir.Operand, swz: tuple[int, ...]) -> ir.Operand:
    """``o`` read through a further swizzle: lane l reads what lane ``swz[l]`` of ``o`` read."""
    comps = o.components()
    if o.type == ir.OperandType.IMMEDIATE32:
        vals = o.values if len(o.values) == 4 else o.values * 4
        return ir.Operand(o.type, 4, ir.SelectionMode.MASK, values=[vals[comps[s]] for s in swz])
    new = tuple(comps[s] for s in swz)
    return ir.Operand(o.type, o.num_components, ir.SelectionMode.SWIZZLE, swizzle=new, indices=o.indices,  # type: ignore[arg-type]
                      modifier=o.modifier)


def sign_of_xor(body: list[ir.Instruction]) -> list[ir.Instruction]:
    """``xor t, a, b`` read only by the next instruction's ``ilt m, t, 0`` (``ige m, t, 0``) -- the sign fix-up
    of signed division, whose SM4 form asks whether a and b have different (the same) signs -- rewritten to the
    same masks without the bit pattern: ``ilt t, a, 0``, ``ilt m, b, 0``, ``ine m, t, m`` (``ieq``). Exact: the
    sign bit of a ^ b is sign(a) ^ sign(b), and ine / ieq of two masks is their xor / its complement. Left alone
    unless t is dead afterwards, b does not read t's components (the new first instruction writes them), and m (a temp) does not overlap t's components."""
    out: list[ir.Instruction] = []
    i = 0
    while i < len(body):
        a = body[i]
        b = body[i + 1] if i + 1 < len(body) else None
        if b is not None and a.opcode == O.XOR and b.opcode in (O.ILT, O.IGE) and not a.controls and \
                not b.controls and len(b.operands) == 3:
            t, x, y = a.operands
            m, tr, z = b.operands
            lanes = m.written()
            tw = set(t.written())
            ok = (t.type == ir.OperandType.TEMP and m.type == ir.OperandType.TEMP and tr.type == ir.OperandType.TEMP
                  and tr.register == t.register and tr.modifier == ir.Modifier.NONE and not tr.indices[1:]
                  and all(tr.components()[ln] in tw for ln in lanes) and _zero(z, lanes)
                  and not _reads_reg(y, t.register, tw)
                  and x.type != ir.OperandType.IMMEDIATE64 and y.type != ir.OperandType.IMMEDIATE64
                  and not (m.register == t.register and set(lanes) & tw)
                  and _dead_after(body, i + 2, t.register, tw))
            if ok:
                zero = ir.Operand(ir.OperandType.IMMEDIATE32, 1, ir.SelectionMode.MASK, values=[0])
                m_src = ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.SWIZZLE, swizzle=(0, 1, 2, 3),
                                   indices=m.indices)
                out.append(ir.Instruction(O.ILT, [t, x, zero]))
                out.append(ir.Instruction(O.ILT, [m, _composed(y, tr.components()), zero]))
                out.append(ir.Instruction(O.INE if b.opcode == O.ILT else O.IEQ, [m, tr, m_src]))
                i += 2
                continue
        out.append(a)
        i += 1
    return out


def _imm_words(o: ir.Operand, lanes: tuple[int, ...]) -> list[int] | None:
    """The immediate words ``o`` gives ``lanes`` (None for anything but an unmodified 32-bit immediate)."""
    if o.type != ir.OperandType.IMMEDIATE32 or o.modifier != ir.Modifier.NONE:
        return None
    comps = o.components()
    return [(o.values[comps[ln]] if len(o.values) == 4 else o.values[0]) for ln in lanes]


def _reads_written(src: ir.Operand, dst: ir.Operand, lanes: tuple[int, ...]) -> bool:
    """``src`` is a plain read of r(dst) taking, on ``lanes``, only components ``dst`` wrote."""
    return (src.type == ir.OperandType.TEMP == dst.type and src.register == dst.register and not src.indices[1:]
            and src.modifier == ir.Modifier.NONE and all(src.components()[ln] in dst.written() for ln in lanes))


def _imm_of(words: list[int], lanes: tuple[int, ...]) -> ir.Operand:
    vals = [0] * 4
    for ln, w in zip(lanes, words):
        vals[ln] = w
    return ir.Operand(ir.OperandType.IMMEDIATE32, 4, ir.SelectionMode.MASK, values=vals)


#: integer comparisons of |x|'s bit pattern with a non-negative, non-NaN float's bits, and the float comparisons
#: that decide the same for every float |x| (NaN's patterns lie above +inf's: unequal, not less -- as the
#: float comparisons of a NaN answer)
_BITS_TO_FLOAT_CMP = {O.IEQ: O.EQ, O.INE: O.NE, O.ULT: O.LT}


def float_sign_bits(body: list[ir.Instruction]) -> list[ir.Instruction]:
    """Two bit-level idioms on floats, rewritten for the level-9 translation (shader model 2 registers hold
    floats only) into float operations deciding the same; the SM4 program itself is not changed:

    - ``and t, x, 0x7FFFFFFF`` (|x|'s bits) then ``ieq / ine / ult m, t, K`` with K the bits of a float in
      [0, +inf] -- isinf (K = +inf, ieq), isfinite (ult) -- becomes ``mov t, |x|`` and ``eq / ne / lt m, t, K``
      (against +inf: ``lt m, FLT_MAX, t`` / ``ge m, FLT_MAX, t``): for non-negative floats the order of the bit
      patterns is the order of the values;
    - ``and t, x, 0x80000000`` then ``or u, t, K`` (K a non-negative float's bits: copysign(K, x), tanh's
      saturated sign) becomes ``ge t, x, 0`` and ``movc u, t, K, -K`` when t is dead afterwards. Not exact for
      x = -0 or a NaN (+K here): shader model 2 has no operation that observes a zero's sign.
    A value read as an integer elsewhere still meets the translation's kind check (X4532)."""
    out: list[ir.Instruction] = []
    i = 0
    while i < len(body):
        a = body[i]
        b = body[i + 1] if i + 1 < len(body) else None
        if b is not None and a.opcode == O.AND and not a.controls and not b.controls and len(a.operands) == 3 \
                and a.operands[0].type == ir.OperandType.TEMP and len(b.operands) == 3:
            t, x, k = a.operands
            if _imm_words(x, t.written()) is not None:  # the immediate first: and is commutative
                x, k = k, x
            words = _imm_words(k, t.written())
            lanes = b.operands[0].written()
            if words is not None and set(words) == {0x7FFFFFFF} and b.opcode in _BITS_TO_FLOAT_CMP \
                    and _reads_written(b.operands[1], t, lanes):
                kw = _imm_words(b.operands[2], lanes)
                if kw is not None and all(w <= 0x7F800000 for w in kw):
                    absx = dataclasses.replace(x, modifier=ir.Modifier.ABS)  # |x| of x, -x, |x| and -|x| alike
                    out.append(ir.Instruction(O.MOV, [t, absx]))
                    if set(kw) == {0x7F800000} and b.opcode in (O.IEQ, O.ULT):
                        # |x| == +inf as FLT_MAX < |x|, |x| < +inf as FLT_MAX >= |x| (NaN false either way):
                        # no infinity in a def constant (shader model 2 need not represent one)
                        fmax = _imm_of([0x7F7FFFFF] * len(lanes), lanes)
                        out.append(ir.Instruction(O.LT if b.opcode == O.IEQ else O.GE,
                                                  [b.operands[0], fmax, b.operands[1]]))
                    else:
                        out.append(ir.Instruction(_BITS_TO_FLOAT_CMP[b.opcode], [b.operands[0], b.operands[1],
                                                                                b.operands[2]]))
                    i += 2
                    continue
            if words is not None and set(words) == {0x80000000} and b.opcode == O.OR \
                    and _reads_written(b.operands[1], t, lanes) and x.modifier == ir.Modifier.NONE:
                kw = _imm_words(b.operands[2], lanes)
                u = b.operands[0]
                if kw is not None and all(w < 0x7F800000 for w in kw) and u.type == ir.OperandType.TEMP \
                        and _dead_after(body, i + 2, t.register, set(t.written()) - (
                            set(u.written()) if u.register == t.register else set())):
                    zero = ir.Operand(ir.OperandType.IMMEDIATE32, 1, ir.SelectionMode.MASK, values=[0])
                    out.append(ir.Instruction(O.GE, [t, x, zero]))
                    out.append(ir.Instruction(O.MOVC, [u, b.operands[1], _imm_of(kw, lanes),
                                                       _imm_of([w | 0x80000000 for w in kw], lanes)]))
                    i += 2
                    continue
        out.append(a)
        i += 1
    return out


def one_trip_loops(body: list[ir.Instruction]) -> list[ir.Instruction]:
    """``loop … break endloop`` whose last instruction at its own level is an unconditional ``break`` and which
    no ``continue`` targets, as ``switch l(0) default … endswitch``: control reaches ``endloop`` only through
    that instruction, so the body runs once, and each ``break``/``breakc`` of the loop leaves it as it leaves the
    switch (a switch with only a default runs its code once; nested loops and switches keep their own breaks).
    The HLSL compiler lowers early returns from inlined functions to such loops; ps_2_0 and the vertex targets
    have no loop a value computed in the shader can leave, while the switch is flattened (translate.py)."""
    blocks = match_blocks(body)
    once = {i: end for i, (_else, end) in blocks.items() if body[i].opcode == O.LOOP and _runs_once(body, i, end)}
    ends = set(once.values())
    out: list[ir.Instruction] = []
    for i, inst in enumerate(body):
        if i in once:
            out += [assemble_instruction("switch l(0)"), assemble_instruction("default")]
        elif i in ends:
            out.append(assemble_instruction("endswitch"))
        else:
            out.append(inst)
    return out


def _runs_once(body: list[ir.Instruction], start: int, end: int) -> bool:
    """Whether the loop body[start..end] ends with a break of its own level and no continue targets it."""
    if end - 1 <= start or body[end - 1].opcode != O.BREAK:
        return False
    constructs: list[int] = []  # opcodes of the constructs open inside the loop
    for inst in body[start + 1:end]:
        if inst.opcode in (O.LOOP, O.SWITCH, O.IF):
            constructs.append(inst.opcode)
        elif inst.opcode in (O.ENDLOOP, O.ENDSWITCH, O.ENDIF):
            constructs.pop()
        elif inst.opcode in (O.CONTINUE, O.CONTINUEC) and O.LOOP not in constructs:
            return False  # its innermost loop is this one (a switch does not take a continue)
    return not constructs  # balanced, so the break before endloop is at the loop's own level

