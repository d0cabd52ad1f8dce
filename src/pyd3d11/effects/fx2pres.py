"""fxc's preshaders of compiled Direct3D 9 shaders (``PRES``): read and listed (shader/sm2/preshader.py writes).

With preshaders on (fxc's default inside fx_2_0 effects; its stand-alone shaders have none), fxc moves the
instructions of a shader that read only parameters out of the shader into a preshader the effect runtime evaluates
on the CPU when the shader's parameters change; the shader then reads their results as constants. The preshader
is a comment block ``PRES`` in the shader's token stream (after its CTAB) holding an FX 2.1 expression program:
the version token 0x46580201, then comment blocks CTAB (the parameters it reads), CLIT (the literal table,
doubles), FXLC (the instructions, read by :mod:`.fxlc`, the one definition of their encoding) and PRSI (the shader
registers it writes: the output-register offset and count, then a mapping list; fields after DXDecompiler's
PrsiToken), and the end token. Its output table
(4) is the shader's float constants (``c#``).

Since session 32 the project writes them too, for the shaders of fx_2_0 effects (shader/sm2/preshader.py;
docs/conformance.md "Session 32, helper PRE"); this module recognises preshaders and prints them in fxc's listing
form (``preshader`` then ``add r0.x, c2.x, (5.5)`` ..., as fxc's /Fc listings show them; checked line for line
against the listings of DXDecompiler's ShadersDX9 corpus in tests/test_fx2_pres.py).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from . import fxlc
from .fxlc import FX9_OPCODES, Instruction, Operand, decode, decode_clit

FX_PRESHADER_VERSION = fxlc.FX_PRESHADER_VERSION
_TABLE_PREFIX = {2: "c", 4: "c", 7: "r"}


@dataclass
class FxProgram:
    version: int
    literals: list[float] = field(default_factory=list)
    instructions: list[Instruction] = field(default_factory=list)
    ctab: list[int] = field(default_factory=list)
    prsi: list[int] = field(default_factory=list)


def _comments(dw: list[int], i: int) -> tuple[dict[int, list[int]], int]:
    """The comment blocks from ``i`` on: fourcc -> body after the fourcc; and the index after them."""
    out: dict[int, list[int]] = {}
    while i < len(dw) and dw[i] & 0xFFFF == fxlc.COMMENT:
        n = (dw[i] >> 16) & 0x7FFF
        body = dw[i + 1:i + 1 + n]
        if body:
            out.setdefault(body[0], body[1:])
        i += 1 + n
    return out, i


def find_preshader(shader: bytes) -> list[int] | None:
    """The FX program of a D3D9 shader's PRES comment (its DWORDs from the version token), or None."""
    dw = list(struct.unpack(f"<{len(shader) // 4}I", shader[:len(shader) // 4 * 4]))
    if not dw or dw[0] >> 16 not in (0xFFFE, 0xFFFF):
        return None
    blocks, _ = _comments(dw, 1)
    body = blocks.get(fxlc.fourcc(b"PRES"))
    return body if body and body[0] == FX_PRESHADER_VERSION else None


def read_program(dw: list[int]) -> FxProgram:
    """An FX expression program (a preshader's or a state's, versions 0x4658xxxx) from its DWORDs."""
    if dw[0] >> 16 != 0x4658:
        raise ValueError(f"not an FX expression program: version {dw[0]:#x}")
    blocks, _ = _comments(dw, 1)
    prog = FxProgram(dw[0], ctab=blocks.get(fxlc.fourcc(b"CTAB"), []), prsi=blocks.get(fxlc.fourcc(b"PRSI"), []))
    prog.literals = decode_clit(blocks.get(fxlc.fourcc(b"CLIT"), [0]))
    prog.instructions = decode(blocks.get(fxlc.fourcc(b"FXLC"), [0]))
    if any(i.opcode not in FX9_OPCODES for i in prog.instructions):
        raise ValueError("an FX10 operation in an FX 2 expression program")
    return prog


def _number(x: float) -> str:
    """A literal as fxc's listings print it: nine significant digits, a three-digit exponent."""
    text = f"{x:.9g}"
    if "e" in text:
        mant, exp = text.split("e")
        text = f"{mant}e{exp[0]}{int(exp[1:]):03d}"
    return text


def _operand(prog: FxProgram, o: Operand, comps: int, broadcast: bool = False) -> str:
    if o.table == 1:
        # the runtime reads consecutive literals, one for a scalar-form input 0, which fxc prints repeated
        vals = [prog.literals[o.index]] * comps if broadcast else prog.literals[o.index:o.index + comps]
        return "(" + ", ".join(_number(v) for v in vals) + ")"
    prefix = _TABLE_PREFIX.get(o.table, f"t{o.table}_")
    reg, first = divmod(o.index, 4)
    mask = "" if comps == 4 and first == 0 else "." + "".join("xyzw"[(first + c) % 4] for c in range(comps))
    if o.rel is not None:
        itable, ioff = o.rel
        return f"{prefix}{reg}[{_TABLE_PREFIX.get(itable, 't')}{ioff // 4}.{'xyzw'[ioff % 4]}]{mask}"
    return f"{prefix}{reg}{mask}"


def listing(prog: FxProgram) -> list[str]:
    """fxc's listing of a preshader: ``preshader`` then one line per instruction, the output first; an input of
    the scalar form is one component (a literal there printed once per component of the instruction)."""
    out = ["preshader"]
    for ins in prog.instructions:
        name = ins.op
        ops = [_operand(prog, ins.output, ins.comps)]
        for k, o in enumerate(ins.inputs):
            first = ins.scalar and k == 0
            ops.append(_operand(prog, o, 1 if first and o.table != 1 else ins.comps, broadcast=first))
        out.append(f"{name} {', '.join(ops)}")
    return out
