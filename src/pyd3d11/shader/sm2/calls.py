"""Subroutines of an SM4 program (``call`` / ``callc`` / ``label``) inlined for the level-9 translation.

The HLSL compiler (fxc and this project's) inlines every function, so a program from D3DCompile never calls;
bytecode assembled by other means may. Shader model 2.x has ``call`` / ``callnz`` / ``label`` ("call - ps",
"callnz - ps": ps_2_x static flow control, call depth 1 at ps_2_0-class parts, none in ps_2_0 / vs_2_0 at
9_1) but the translation flattens flow control anyway (flow.py), so a call becomes its subroutine's body in
place -- the same program for every target:

- ``call l#``: the body of ``label l#`` up to its last ``ret``;
- ``callc_z / callc_nz c, l#``: that body inside ``if_z / if_nz c`` ... ``endif``;
- a subroutine that returns before its end: its body as the default case of a switch (run once), each such
  ``ret`` a ``break`` (``retc`` a ``breakc``) -- "ret (sm4 - asm)": "if within a subroutine, return to the instruction after the
  call"; a return nested in the subroutine's own loops or switches cannot be expressed that way and stays
  NotSupportedError;
- "call (sm4 - asm)" / "callc (sm4 - asm)": subroutines nest 32 deep and "if there are already 32 entries on
  the return address stack and a call is issued, the call is skipped over" -- so a call 33 levels deep is
  dropped; "recursion is not permitted" -- a recursive call is refused (NotSupportedError names it).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..dxbc.asm import assemble_instruction
from .base import _unsupported

O = ir.Opcode
T = ir.OperandType
MAX_CALL_DEPTH = 32  # "call (sm4 - asm)": "Subroutines can nest 32 deep"


def inline_calls(body: list[ir.Instruction]) -> list[ir.Instruction]:
    """``body`` (the program's instructions after its declarations) with every call replaced by its
    subroutine; the subroutines themselves removed. A body without labels is returned unchanged."""
    first = next((i for i, inst in enumerate(body) if inst.opcode == O.LABEL), None)
    if first is None:
        if any(inst.opcode in (O.CALL, O.CALLC) for inst in body):
            raise _unsupported("a call of a label the program does not define")
        return body
    subs: dict[int, list[ir.Instruction]] = {}
    current: list[ir.Instruction] | None = None
    for inst in body[first:]:
        if inst.opcode == O.LABEL:
            current = subs.setdefault(inst.operands[0].register, [])
        elif current is not None:
            current.append(inst)
    return _expand(body[:first], subs, ())


def _expand(code: list[ir.Instruction], subs: dict[int, list[ir.Instruction]],
            chain: tuple[int, ...]) -> list[ir.Instruction]:
    out: list[ir.Instruction] = []
    for inst in code:
        if inst.opcode not in (O.CALL, O.CALLC):
            out.append(inst)
            continue
        target = inst.operands[-1]
        if target.type != T.LABEL or target.register not in subs:
            raise _unsupported("a call of a label the program does not define")
        n = target.register
        if n in chain:
            raise _unsupported(f"a recursive call of l{n} (SM4 forbids recursion)")
        if len(chain) >= MAX_CALL_DEPTH:
            continue  # the return address stack is full: the call is skipped over
        sub = _as_block(subs[n], n)
        inlined = _expand(sub, subs, chain + (n,))
        if inst.opcode == O.CALLC:
            out.append(dataclasses.replace(inst, opcode=O.IF, operands=[inst.operands[0]]))
            out += inlined
            out.append(ir.Instruction(O.ENDIF))
        else:
            out += inlined
    return out


def _as_block(sub: list[ir.Instruction], n: int) -> list[ir.Instruction]:
    """The subroutine's instructions as straight-line code of the caller (see the module docstring)."""
    code: list[ir.Instruction] = []
    depth = 0
    for inst in sub:  # a ret outside any construct ends the subroutine: what follows it never runs
        if inst.opcode == O.RET and depth == 0:
            break
        depth += inst.opcode in (O.IF, O.LOOP, O.SWITCH)
        depth -= inst.opcode in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH)
        code.append(inst)
    if not any(inst.opcode in (O.RET, O.RETC) for inst in code):
        return code
    # a switch with only a default case runs its code once, and a break anywhere in it (outside nested loops
    # and switches) leaves it: the subroutine's returns become those breaks
    out = [assemble_instruction("switch l(0)"), assemble_instruction("default")]
    depth = 0
    for inst in code:
        if inst.opcode in (O.LOOP, O.SWITCH):
            depth += 1
        elif inst.opcode in (O.ENDLOOP, O.ENDSWITCH):
            depth -= 1
        if inst.opcode in (O.RET, O.RETC):
            if depth:
                raise _unsupported(f"a return from l{n} inside the subroutine's own loop or switch")
            inst = dataclasses.replace(inst, opcode=O.BREAK if inst.opcode == O.RET else O.BREAKC)
        out.append(inst)
    out += [assemble_instruction("break"), assemble_instruction("endswitch")]
    return out
