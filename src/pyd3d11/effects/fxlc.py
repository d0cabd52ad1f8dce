"""FXLC: the instruction stream of fxc's effect expression programs -- one definition, read and written here.

fxc writes the same instruction encoding in three places: the preshaders of D3D9 shaders (``PRES``,
:mod:`.fx2pres`), the state expressions of fx_2_0 effects (:mod:`.fx2preshader`, :mod:`.fx2expr`) and the FXLVM
expressions of fx_4_0 / fx_4_1 / fx_5_0 effects (:mod:`.fxlvm`). The ``FXLC`` chunk (a comment block in the D3D9
forms, a DXBC chunk in the FX10 form) holds:

- the instruction count;
- per instruction a token -- the component count in bits 0-2, bits 3-19 zero, the opcode in bits 20-30, bit 31
  the scalar form (input 0 is one component applied to every component of the others) --, the input count, each
  input and then the output;
- an operand as ``(0, table, component offset)``, or, relative (indexed), ``(1, index table, index offset, table,
  offset)``: the value at (index table, index offset) selects the register of ``table`` read from ``offset`` on;
- the end marker 0xF0F0F0F0 0x0F0F0F0F; then the program's end token 0x0000FFFF -- after the comment blocks in
  the D3D9 forms (a token stream), inside the chunk in the FX10 form (fxc's EffectExpressions objects).

Where each rule comes from: the token's fields are DXDecompiler's FxlcToken (bits 0-2, 20-30, 31; it asserts bits
3-19 zero) and agree with every object of fxc in its corpus; the relative operand's order is DXDecompiler's
FxlcOperand (after the flag: the operand printed inside the brackets, then the one printed before them) and fxc's
own listing of Effect_ArrayIndex (``mov c0, c0[c10.x]`` for the words 1, 2, 40, 2, 0: the int parameter ``index``
at c10 selects an element of the float4 array at c0); the end marker is in every fxc object. Tables: 1 the
literals, 2 the parameters / variables, 4 the result, 7 the temporaries.

The opcodes (:data:`OPS`): the D3D9 runtime's set (Wine's d3dx9 preshader.c operation table, which fxc's fx_2_0
and preshader objects use) and the FX10 additions DXDecompiler's FxlcOpcode lists from fxc's objects (integer,
bitwise, conversion and ``movc`` operations, with Wine's d3d10 ``bige``).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

LIT, VAR, OUT, TEMP = 1, 2, 4, 7
END = (0xF0F0F0F0, 0x0F0F0F0F)
PROGRAM_END = 0x0000FFFF

#: opcode -> (name, input count, kind): kind says how the FXLVM evaluator reads the inputs and writes the output --
#: "f" float -> float, "i" int -> int, "u" uint -> uint, "b" bits, or a conversion "xy" (x in, y out); the D3D9
#: machine reads every register as a float
OPS: dict[int, tuple[str, int, str]] = {
    0x100: ("mov", 1, "b"), 0x101: ("neg", 1, "f"), 0x103: ("rcp", 1, "f"), 0x104: ("frc", 1, "f"),
    0x105: ("exp", 1, "f"), 0x106: ("log", 1, "f"), 0x107: ("rsq", 1, "f"), 0x108: ("sin", 1, "f"),
    0x109: ("cos", 1, "f"), 0x10A: ("asin", 1, "f"), 0x10B: ("acos", 1, "f"), 0x10C: ("atan", 1, "f"),
    0x112: ("sqrt", 1, "f"), 0x120: ("ineg", 1, "i"), 0x121: ("not", 1, "u"),
    0x130: ("itof", 1, "if"), 0x131: ("utof", 1, "uf"), 0x132: ("ftoi", 1, "fi"), 0x133: ("ftou", 1, "fu"),
    0x134: ("btof", 1, "bf"), 0x135: ("btoi", 1, "bi"), 0x136: ("itob", 1, "ib"), 0x137: ("ftob", 1, "fb"),
    0x138: ("round", 1, "f"), 0x139: ("floor", 1, "f"), 0x13A: ("ceil", 1, "f"),
    0x200: ("min", 2, "f"), 0x201: ("max", 2, "f"), 0x202: ("lt", 2, "f"), 0x203: ("ge", 2, "f"),
    0x204: ("add", 2, "f"), 0x205: ("mul", 2, "f"), 0x206: ("atan2", 2, "f"), 0x208: ("div", 2, "f"),
    0x210: ("bilt", 2, "i"), 0x211: ("bige", 2, "i"), 0x212: ("bieq", 2, "i"), 0x213: ("bine", 2, "i"),
    0x214: ("buge", 2, "u"), 0x215: ("bult", 2, "u"), 0x216: ("iadd", 2, "i"), 0x219: ("imul", 2, "i"),
    0x21A: ("udiv", 2, "u"), 0x21D: ("imin", 2, "i"), 0x21E: ("imax", 2, "i"), 0x21F: ("umin", 2, "u"),
    0x220: ("umax", 2, "u"), 0x230: ("and", 2, "u"), 0x231: ("or", 2, "u"), 0x233: ("xor", 2, "u"),
    0x234: ("ishl", 2, "i"), 0x235: ("ishr", 2, "i"), 0x236: ("ushr", 2, "u"),
    0x300: ("cmp", 3, "f"), 0x301: ("movc", 3, "b"), 0x500: ("dot", 2, "f"), 0x70E: ("d3ds_dotswiz", -1, "f"),
}
OPCODE = {name: code for code, (name, _n, _k) in OPS.items()}
#: the D3D9 runtime's operations (Wine's d3dx9 preshader.c table): the only ones an FX 2 program holds
FX9_OPCODES = frozenset({0x100, 0x101, 0x103, 0x104, 0x105, 0x106, 0x107, 0x108, 0x109, 0x10A, 0x10B, 0x10C,
                         0x200, 0x201, 0x202, 0x203, 0x204, 0x205, 0x206, 0x208, 0x300, 0x500, 0x70E})
_SCALAR = 0x80000000
_RESERVED = 0x000FFFF8  # bits 3-19


@dataclass(frozen=True)
class Operand:
    """``comps`` components of ``table`` from component ``index`` on; ``rel`` for a relative operand: the
    (table, component offset) of the value that selects the register."""

    table: int
    index: int
    rel: tuple[int, int] | None = None


@dataclass(frozen=True)
class Instruction:
    op: str
    comps: int
    inputs: tuple[Operand, ...]
    output: Operand
    scalar: bool = False

    @property
    def opcode(self) -> int:
        return OPCODE[self.op]


def encode_token(op: str, comps: int, scalar: bool = False) -> int:
    if not 0 <= comps <= 7:
        raise ValueError(f"FXLC instruction of {comps} components (the token holds 0-7)")
    return comps | (OPCODE[op] << 20) | (_SCALAR if scalar else 0)


def decode_token(token: int) -> tuple[str, int, bool]:
    """(operation name, component count, scalar form) of an instruction token (ValueError if malformed)."""
    if token & _RESERVED:
        raise ValueError(f"FXLC token {token:#010x} with bits 3-19 set")
    code = (token >> 20) & 0x7FF
    if code not in OPS:
        raise ValueError(f"unknown FXLC opcode {code:#x}")
    return OPS[code][0], token & 7, bool(token & _SCALAR)


def encode_operand(o: Operand) -> list[int]:
    if o.rel is None:
        return [0, o.table, o.index]
    return [1, o.rel[0], o.rel[1], o.table, o.index]


def encode_instruction(ins: Instruction) -> list[int]:
    words = [encode_token(ins.op, ins.comps, ins.scalar), len(ins.inputs)]
    for o in (*ins.inputs, ins.output):
        words += encode_operand(o)
    return words


def encode(code: list[Instruction] | list[list[int]], program_end: bool = False) -> list[int]:
    """The FXLC body: the count, the instructions (each an :class:`Instruction` or its words), the end marker, and
    with ``program_end`` the program's end token (the FX10 form)."""
    words = [len(code)]
    for ins in code:
        words += encode_instruction(ins) if isinstance(ins, Instruction) else list(ins)
    return [*words, *END, *([PROGRAM_END] if program_end else [])]


def decode(words: list[int]) -> list[Instruction]:
    """The instructions of an FXLC body (from its count on; ValueError if short or malformed)."""
    pos = 1

    def operand() -> Operand:
        nonlocal pos
        flag = words[pos]
        if flag == 0:
            o = Operand(words[pos + 1], words[pos + 2])
            pos += 3
        elif flag == 1:
            o = Operand(words[pos + 3], words[pos + 4], (words[pos + 1], words[pos + 2]))
            pos += 5
        else:
            raise ValueError(f"FXLC operand with relative-addressing flag {flag}")
        return o

    code = []
    try:
        for _ in range(words[0]):
            op, comps, scalar = decode_token(words[pos])
            nin = words[pos + 1]
            pos += 2
            ins = tuple(operand() for _ in range(nin))
            code.append(Instruction(op, comps, ins, operand(), scalar))
    except IndexError:
        raise ValueError("FXLC chunk shorter than its instructions") from None
    return code


# --- the literal tables ----------------------------------------------------------------------------------------
def decode_clit(words: list[int]) -> list[float]:
    """The D3D9 forms' ``CLIT`` body: a count, then that many doubles."""
    if not words or len(words) < 1 + 2 * words[0]:
        raise ValueError("CLIT block shorter than its count")
    return [struct.unpack("<d", struct.pack("<2I", words[1 + 2 * k], words[2 + 2 * k]))[0] for k in range(words[0])]


def encode_clit(values: list[float]) -> list[int]:
    out = [len(values)]
    for x in values:
        out += list(struct.unpack("<2I", struct.pack("<d", x)))
    return out


#: versions of the D3D9 forms' programs: an fx_2_0 state expression, a shader's preshader (``PRES``)
FX_EXPRESSION_VERSION, FX_PRESHADER_VERSION = 0x46580200, 0x46580201
#: a D3D9 comment token's low word (the dword count in the high word)
COMMENT = 0xFFFE


def fourcc(text: bytes) -> int:
    """The four characters as the little-endian dword fxc's comment blocks start with."""
    return struct.unpack("<I", text)[0]


def comment(words: list[int]) -> list[int]:
    """A D3D9 comment block: its token, then ``words``."""
    return [COMMENT | (len(words) << 16), *words]


def d3d9_program(version: int, ctab_words: list[int], literals: list[float], code: list,
                 prsi: list[int] | None = None) -> list[int]:
    """The D3D9 forms' program as tokens: ``version``, the ``CTAB`` comment (``ctab_words`` from its FOURCC on),
    a preshader's ``PRSI`` comment (its output registers), ``CLIT`` (the literals), ``FXLC`` (``code``: encoded
    instructions or Instruction records), the end token -- the order of fxc's objects."""
    words = [version, *comment(ctab_words)]
    if prsi is not None:
        words += comment([fourcc(b"PRSI"), *prsi])
    return words + [*comment([fourcc(b"CLIT"), *encode_clit(literals)]), *comment([fourcc(b"FXLC"), *encode(code)]),
                    PROGRAM_END]


def decode_cli4(data: bytes) -> list[int]:
    """The FX10 form's ``CLI4`` chunk: a count, then that many 32-bit literals (their bits)."""
    n = struct.unpack_from("<I", data)[0]
    if 4 + 4 * n > len(data):
        raise ValueError("CLI4 chunk shorter than its count")
    return list(struct.unpack_from(f"<{n}I", data, 4))


def encode_cli4(values: list[int]) -> bytes:
    """The literals padded with zeros to whole registers of four, as fxc writes them."""
    lits = list(values) + [0] * (-len(values) % 4)
    return struct.pack(f"<{len(lits) + 1}I", len(lits), *lits)
