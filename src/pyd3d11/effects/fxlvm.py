"""FXLVM: the effect expression machine of the fx_4_0 / fx_4_1 / fx_5_0 targets (data layout and evaluator).

fxc compiles a state assignment whose value is an expression over effect variables (``DepthFunc = i + 2;``,
``BlendEnable[0] = f * g;``) to an ECAT_Expression assignment, and an object selected by an expression index
(``SetDepthStencilState(DepthStencilArray[i * 3 + j], 5)``) to ECAT_ExpressionIndex (FX11
Binary/EffectBinaryFormat.h ECompilerAssignmentType, SIndexedObjectExpression). Either holds a size-prefixed
DXBC container with three chunks (fxc's objects, DXDecompiler's EffectExpressions_4_0/5_0 objects, read
byte by byte):

- ``CTAB``: the D3D9 constant table layout (:mod:`..shader.sm2.ctab`), version ``0x46580400`` / ``0x46580500``
  ('FX' 4.0 / 5.0 by target), flags 0x100 with the compile flags' low bits, target ``tx``, one FLOAT4-set entry per variable read, each given
  ``RegisterCount`` registers of the machine's variable table (the variable's own register layout from its
  start, as its constant buffer holds it: a column-major matrix one register per column, a struct one
  register per member);
- ``CLI4``: a count and that many 32-bit literals (the bits of an int, uint or float), padded to whole
  registers of four;
- ``FXLC``: the instructions, in the encoding every expression program of fxc shares (:mod:`.fxlc`). Tables: 1
  literals, 2 variables, 4 the result, 7 temporaries; an operand of ``n`` components reads the ``n`` consecutive
  components from its index.

Every register holds 32 bits, read as float, int or uint by the operation. The opcode set and the meaning of
each operation: DXDecompiler's ``FxlcOpcode`` (the numbers of fxc's objects) and Wine's d3d10 effect evaluator
(dlls/d3d10/effect.c ``preshader_ops``, written against Windows' d3d10 runtime), with the HLSL definition of
each operation where Wine's code is silent or takes one component only (see :data:`OPS`).

Effects 11 itself never runs these programs: microsoft/FX11 EffectLoad.cpp refuses them at load ("FXLVM
Expressions (complex assignments like myVar[i*2]) are not supported in Effects11.", E_NOTIMPL), and so does
pyd3d11's D3DX11CreateEffectFromMemory; Direct3D 10's effect runtime ran them. This evaluator runs them at Apply
only behind that function's ``evaluate_fxlvm=True`` opt-in (docs/conformance.md "Session 27, helper FXC").
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field

from ..errors import NotSupportedError
from ..shader.sm2 import ctab as C
from . import fxlc
from .fxlc import LIT, OPCODE, OPS, OUT, TEMP, VAR, Instruction, Operand  # noqa: F401 (this module's API)

CTAB_VERSION = {"fx_4_0": 0x46580400, "fx_4_1": 0x46580400, "fx_5_0": 0x46580500}


@dataclass
class Variable:
    """A CTAB entry: the effect variable ``name`` in variable-table registers ``register`` ..
    ``register + count``; ``type`` its constant-table type."""

    name: str
    register: int
    count: int
    type: C.TypeInfo
    #: the variable's initial value as the constant table stores it (``count`` registers of 16 bytes), or None:
    #: fxc's CTAB carries a numeric variable's default (``float stencil = 1.0;`` read by a state expression:
    #: d3dcompiler_47 10.1's objects, session 46 EFX)
    default: bytes | None = None


@dataclass
class Program:
    variables: list[Variable] = field(default_factory=list)
    literals: list[int] = field(default_factory=list)
    code: list[Instruction] = field(default_factory=list)
    #: components of the result the program writes
    result_comps: int = 1
    #: the constant table's flags (read back from a container; :func:`encode` computes them from the compile flags)
    ctab_flags: int = 0x100

    def text(self) -> list[str]:
        """One line per instruction, fxc's listing spelling (``iadd expr.x, i.x, (2)``), for messages."""
        return [f"{i.op} " + ", ".join(_operand_text(self, o, i.comps if not (i.scalar and k == 0) else 1)
                                       for k, o in enumerate((i.output, *i.inputs))) for i in self.code]


def _operand_text(p: Program, o: Operand, n: int) -> str:
    name = {LIT: "lit", VAR: "c", OUT: "expr", TEMP: "r"}.get(o.table, "?")
    if o.table == VAR:
        for v in p.variables:
            if v.register * 4 <= o.index < (v.register + v.count) * 4:
                name = v.name
    return f"{name}[{o.index}:{n}]"


# --- encoding -----------------------------------------------------------------------------------------------
def encode(program: Program, target: str, flags: int | None = None) -> bytes:
    """The DXBC container fxc stores for an expression (without the size prefix of the effect binary);
    ``flags`` the compile flags, whose low 16 bits the constant table records with 0x100 (fxc's objects:
    0x100, 0x104 under /Od -- D3DCOMPILE_SKIP_OPTIMIZATION --, as fx_2_0's preshader tables)."""
    from ..shader.dxbc.container import build_container

    table = C.ConstantTable(CTAB_VERSION[target], "tx", [
        C.Constant(v.name, C.RegisterSet.FLOAT4, v.register, v.count, v.type, v.default) for v in
        sorted(program.variables, key=lambda v: v.name.encode())],
        flags=program.ctab_flags if flags is None else (flags & 0xFFFF) | C.D3DCOMPILE_NO_PRESHADER)
    ctab = b"".join(struct.pack("<I", d) for d in C.encode_ctab(table, share_types=False))[4:]
    code = fxlc.encode(program.code, program_end=True)
    return build_container([("CTAB", ctab), ("CLI4", fxlc.encode_cli4(program.literals)),
                            ("FXLC", struct.pack(f"<{len(code)}I", *code))])


def decode(data: bytes) -> Program:
    """Read an expression container (ValueError on malformed data)."""
    from ..shader.dxbc.container import parse_container

    cont = parse_container(data, verify_checksum=False)
    chunks = {c.fourcc: bytes(c.data) for c in cont.chunks}
    if not {"CTAB", "CLI4", "FXLC"} <= set(chunks):
        raise ValueError("FXLVM container without its CTAB, CLI4 and FXLC chunks")
    ct = chunks["CTAB"]
    ct += b"\0" * (-len(ct) % 4)
    table = C.decode_ctab([struct.unpack("<I", b"CTAB")[0], *struct.unpack(f"<{len(ct) // 4}I", ct)])
    p = Program(ctab_flags=table.flags if table else C.D3DCOMPILE_NO_PRESHADER)
    for c in table.constants if table else []:
        p.variables.append(Variable(c.name, c.register_index, c.register_count, c.type))
    p.literals = fxlc.decode_cli4(chunks["CLI4"])
    fx = chunks["FXLC"]
    p.code = fxlc.decode(list(struct.unpack(f"<{len(fx) // 4}I", fx[:len(fx) // 4 * 4])))
    outs = [i.output.index + (1 if i.op in ("dot", "d3ds_dotswiz") else i.comps) for i in p.code
            if i.output.table == OUT]
    p.result_comps = max(outs, default=1)
    return p


# --- evaluation ---------------------------------------------------------------------------------------------
_MASK = 0xFFFFFFFF


def _f(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & _MASK))[0]


def _bits(x: float) -> int:
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0x7F800000 if x > 0 else 0xFF800000


def _i(bits: int) -> int:
    bits &= _MASK
    return bits - (1 << 32) if bits & 0x80000000 else bits


def _f32(x: float) -> float:
    """Round to float32 (the machine's registers are 32-bit)."""
    return _f(_bits(x))


def _fop(name: str, a: list[float]) -> float:
    x = a[0]
    try:
        if name == "neg":
            return -x
        if name == "rcp":
            return math.inf if x == 0 and math.copysign(1, x) > 0 else -math.inf if x == 0 else 1.0 / x
        if name == "frc":
            return x - math.floor(x) if math.isfinite(x) else math.nan
        if name == "exp":
            return 2.0 ** x
        if name == "log":
            # log2|x|, and -FLT_MAX for 0 as the Direct3D 9 ``log`` instruction defines it (MicrosoftDocs
            # "log - vs"); Wine's 0 for 0 disagrees with fxc, which folds exp(log(x)) to x (its
            # EffectExpressions program: ``rcp`` of the floor where 0 must give inf)
            return -3.4028234663852886e38 if x == 0 else math.log2(abs(x)) if math.isfinite(x) else abs(x)
        if name == "rsq":
            return math.inf if x == 0 else math.nan if x < 0 else 1.0 / math.sqrt(x)
        if name == "sqrt":
            return math.nan if x < 0 else math.sqrt(x)
        if name in ("sin", "cos", "asin", "acos", "atan"):
            return getattr(math, name)(x)
        if name == "round":  # HLSL round: to nearest, half to even (SM4 round_ne)
            return float(round(x)) if math.isfinite(x) else x
        if name in ("floor", "ceil"):
            return float(getattr(math, name)(x)) if math.isfinite(x) else x
        y = a[1]
        if name == "min":
            return min(x, y)
        if name == "max":
            return max(x, y)
        if name == "lt":
            return 1.0 if x < y else 0.0
        if name == "ge":
            return 1.0 if x >= y else 0.0
        if name == "add":
            return x + y
        if name == "mul":
            return x * y
        if name == "atan2":
            return math.atan2(x, y)
        if name == "div":
            if y == 0:
                return math.nan if x == 0 or math.isnan(x) else math.copysign(math.inf, x) * math.copysign(1, y)
            return x / y
        if name == "cmp":  # Direct3D 9 cmp: x >= 0 ? y : z
            return a[1] if x >= 0 else a[2]
    except (ValueError, OverflowError):
        return math.nan
    raise AssertionError(name)


def _iop(name: str, x: int, y: int) -> int:
    if name == "ineg":
        return -x
    if name == "not":
        return ~x
    if name in ("bilt", "bult"):
        return -1 if x < y else 0
    if name in ("bige", "buge"):
        return -1 if x >= y else 0
    if name == "bieq":
        return -1 if x == y else 0
    if name == "bine":
        return -1 if x != y else 0
    if name == "iadd":
        return x + y
    if name == "imul":
        return x * y
    if name == "udiv":  # Wine: UINT_MAX for a zero divisor (SM4 udiv's definition too)
        return x // y if y else _MASK
    if name in ("imin", "umin"):
        return min(x, y)
    if name in ("imax", "umax"):
        return max(x, y)
    if name == "and":
        return x & y
    if name == "or":
        return x | y
    if name == "xor":
        return x ^ y
    if name == "ishl":
        return x << (y & 31)
    if name in ("ishr", "ushr"):
        return x >> (y & 31)
    raise AssertionError(name)


def _conv(name: str, bits: int) -> int:
    if name == "itof":
        return _bits(float(_i(bits)))
    if name == "utof":
        return _bits(float(bits & _MASK))
    if name in ("ftoi", "ftou"):
        x = _f(bits)
        if math.isnan(x):
            return 0
        lo, hi = (-(1 << 31), (1 << 31) - 1) if name == "ftoi" else (0, _MASK)
        return (min(max(int(x) if math.isfinite(x) else (hi if x > 0 else lo), lo), hi)) & _MASK
    if name in ("btof", "btoi"):
        return (_bits(1.0) if name == "btof" else 1) if bits & _MASK else 0
    if name == "itob":
        return _MASK if bits & _MASK else 0
    if name == "ftob":
        return _MASK if _f(bits) != 0 else 0
    raise AssertionError(name)


def component(name: str, comp: list[int]) -> int:
    """One component of a per-component operation (not ``dot`` / ``d3ds_dotswiz``) over its inputs' 32-bit
    patterns; the compiler folds constant loop conditions with it (:mod:`.fxexpr`)."""
    kind = OPS[OPCODE[name]][2]
    if name == "mov":
        return comp[0]
    if name == "movc":
        return comp[1] if comp[0] & _MASK else comp[2]
    if kind == "f":
        return _bits(_f32(_fop(name, [_f(x) for x in comp])))
    if kind == "i":
        return _iop(name, _i(comp[0]), _i(comp[1]) if len(comp) > 1 else 0) & _MASK
    if kind == "u":
        return _iop(name, comp[0] & _MASK, comp[1] & _MASK if len(comp) > 1 else 0) & _MASK
    return _conv(name, comp[0])


def evaluate(program: Program, variables: list[int]) -> list[int]:
    """Run ``program`` over the variable table ``variables`` (32-bit registers components, laid out as its
    CTAB says); returns the result table's components (32-bit patterns)."""
    tables: dict[int, list[int]] = {
        LIT: list(program.literals) + [0] * 4, VAR: list(variables) + [0] * 4,
        OUT: [0] * max(4, program.result_comps), TEMP: []}

    def cell(t: int, k: int) -> int:
        tab = tables.get(t)
        if tab is None:
            raise ValueError(f"FXLVM operand of unknown table {t}")
        return tab[k] if 0 <= k < len(tab) else 0

    def read(o: Operand, n: int) -> list[int]:
        if o.rel is not None:
            # the relative operand appears in no FX10 object of fxc in reach, and Wine's d3d10 evaluator does not
            # run it, so how the machine rounds and bounds its index is not known (:mod:`.fxlc` reads its layout)
            raise NotSupportedError("Effects 11: FXLVM indexed operands (relative addressing)")
        return [cell(o.table, o.index + k) for k in range(n)]

    def write(o: Operand, vals: list[int]) -> None:
        tab = tables[o.table]
        end = o.index + len(vals)
        if len(tab) < end:
            tab.extend([0] * (end - len(tab)))
        tab[o.index:end] = [v & _MASK for v in vals]

    for ins in program.code:
        name, nin, kind = OPS[OPCODE[ins.op]]
        n = ins.comps
        args = [read(o, 1 if (ins.scalar and k == 0) else n) for k, o in enumerate(ins.inputs)]
        args = [a * n if len(a) == 1 and n > 1 else a for a in args]
        if name == "dot":
            write(ins.output, [_bits(_f32(sum(_f32(_f(x) * _f(y)) for x, y in zip(args[0], args[1], strict=True))))])
            continue
        if name == "d3ds_dotswiz":
            half = len(args) // 2
            write(ins.output, [_bits(sum(_f(args[k][0]) * _f(args[k + half][0]) for k in range(half)))])
            continue
        write(ins.output, [component(name, [a[c] for a in args]) for c in range(n)])
    return tables[OUT][:program.result_comps]


def variable_table(program: Program, read_variable) -> list[int]:
    """The variable table of ``program``: ``read_variable(name)`` gives a variable's bytes as its constant
    buffer holds them (registers of 16 bytes from its offset); each entry fills its registers."""
    regs = max((v.register + v.count for v in program.variables), default=0)
    table = [0] * (4 * regs)
    for v in program.variables:
        raw = read_variable(v.name)
        if raw is None:
            raise NotSupportedError(f"Effects 11: FXLVM expression reads '{v.name}', which is no numeric variable")
        raw = bytes(raw)[:16 * v.count]
        raw += b"\0" * (-len(raw) % 4)
        words = struct.unpack(f"<{len(raw) // 4}I", raw)
        table[4 * v.register:4 * v.register + len(words)] = words
    return table


# --- listing ------------------------------------------------------------------------------------------------
#: operations whose literals fxc's listings print as integers (the others as %f floats, ``and``/``or``/``xor`` too:
#: ``and r0.x, r1.x, (1.000000)``, ``(-0.000000)`` for 0x80000000 in its EffectExpressions listing)
_INT_LITERAL_OPS = frozenset({"ineg", "iadd", "imul", "udiv", "imin", "imax", "umin", "umax", "ishl", "ishr",
                              "ushr", "bilt", "bige", "bieq", "bine", "buge", "bult", "movc", "itof", "utof",
                              "itob", "btoi", "btof"})


def _swizzle_text(start: int, n: int) -> str:
    if n == 4 and start == 0:
        return ""
    return "." + "".join("xyzw"[(start + k) % 4] for k in range(n))


def _listing_operand(p: Program, ins: Instruction, o: Operand, n: int) -> str:
    if o.rel is not None:
        base = _listing_operand(p, ins, Operand(o.table, o.index), n)
        return f"{base}[{_listing_operand(p, ins, Operand(*o.rel), 1)}]"
    if o.table == LIT:
        vals = p.literals[o.index:o.index + n] or [0]
        if ins.op in _INT_LITERAL_OPS:
            text = ", ".join(str(v - (1 << 32) if v & 0x80000000 else v) for v in vals)
        else:
            text = ", ".join(f"{struct.unpack('<f', struct.pack('<I', v))[0]:f}" for v in vals)
        return f"({text})"
    sw = _swizzle_text(o.index % 4, n)
    if o.table == TEMP:
        return f"r{o.index // 4}{sw}"
    if o.table == OUT:
        return f"expr{sw}" if o.index < 4 and (n > 1 or o.index == 0) else f"expr{o.index // 4}{sw}"
    for v in p.variables:
        if v.register <= o.index // 4 < v.register + v.count:
            r = o.index // 4 - v.register
            return f"{v.name}{f'[{r}]' if v.count > 1 else ''}{sw}"
    return f"c{o.index // 4}{sw}"


def listing(p: Program) -> list[str]:
    """The program as fxc's effect listings print it inside ``eval( … )``: one instruction a line, registers
    ``r#``, the result ``expr``, variables by name with their register offset, literals in parentheses."""
    lines = []
    for ins in p.code:
        n_out = ins.comps
        parts = [_listing_operand(p, ins, ins.output, n_out)]
        parts += [_listing_operand(p, ins, o, 1 if ins.scalar and k == 0 else ins.comps)
                  for k, o in enumerate(ins.inputs)]
        lines.append(f"{ins.op} " + ", ".join(parts))
    return lines
