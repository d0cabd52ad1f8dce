"""fxc-style disassembly of an SM4/SM5 program (the instruction part of fxc's listing).

``disassemble_program`` gives the version line, declarations and instructions as fxc prints them;
``disassemble`` adds the container engineer's header comment block and the instruction-slot trailer.
Formatting rules were learned from fxc listings (slimshader corpus).
"""

from __future__ import annotations

import struct
from decimal import ROUND_HALF_UP, Context, Decimal

import numpy as np

from .. import ir
from ..ir import Opcode as O
from ..ir import OperandType as T
from . import asm_syntax as S
from . import listing_dialect
from .decoder import decode_program
from .listing_dialect import ListingDialect
from .opcodes import OPCODES, SAMPLE_CTRL, OpClass

# mov-like instructions: fxc prints their immediates untyped and without spaces after commas
_UNTYPED = {O.MOV, O.MOVC, O.SWAPC, O.DMOV, O.DMOVC, O.STORE_STRUCTURED, O.STORE_RAW, O.STORE_UAV_TYPED}
_INDENT_OPEN = {O.IF, O.LOOP, O.SWITCH}
_INDENT_CLOSE = {O.ENDIF, O.ENDLOOP, O.ENDSWITCH}
INT_DECIMAL_LIMIT = 10000  # fxc prints integers up to this magnitude in decimal, larger ones in hex


_MICRO = Decimal("0.000001")
_EXACT = Context(prec=400)  # every digit of a double's value (at most 309 before the point)


def format_float(value: float) -> str:
    """``%f`` as fxc's C runtime prints it: at most 17 significant digits, the rest zeros (fxc 9.30; d3dcompiler_47
    10.1 prints the exact decimal value, listing_dialect)."""
    if value != value:
        # the CRT's NaNs (d3dcompiler_47 10.1 under Wine, session 40): a negative one (0xffc00000, 0xffc10000, ...)
        # is "-1.#IND00", a positive one "1.#QNAN0"
        return "-1.#IND00" if struct.unpack("<Q", struct.pack("<d", value))[0] >> 63 else "1.#QNAN0"
    if value in (float("inf"), float("-inf")):
        return "-1.#INF00" if value < 0 else "1.#INF00"
    if abs(value) < 1e17 or listing_dialect.current().exact_floats:  # d3dcompiler_47's CRT prints every digit
        # the CRT rounds an exact tie away from zero (130560.0078125 is 130560.007813; Python's %f rounds it to
        # even: d3dcompiler_47 10.1 under Wine, session 40)
        return f"{Decimal(value).quantize(_MICRO, rounding=ROUND_HALF_UP, context=_EXACT):f}"
    mant, exp = f"{abs(value):.16e}".split("e")
    digits = mant.replace(".", "")
    text = digits + "0" * (int(exp) - 16)
    return ("-" if value < 0 else "") + text + ".000000"


def _f32(bits: int) -> float:
    return float(np.uint32(bits).view(np.float32))


def _s32(bits: int) -> int:
    return bits - (1 << 32) if bits & 0x80000000 else bits


def format_int(bits: int) -> str:
    s = _s32(bits)
    if -INT_DECIMAL_LIMIT <= s <= INT_DECIMAL_LIMIT:
        return str(s)
    return f"0x{bits:08x}"


def format_untyped(bits: int) -> str:
    """fxc's guess for raw 32-bit values: small integers, normal floats (and ±0), else hex."""
    s = _s32(bits)
    if -INT_DECIMAL_LIMIT <= s <= INT_DECIMAL_LIMIT:
        return str(s)
    exp = bits >> 23 & 0xFF
    if exp == 0xFF or (exp == 0 and bits & 0x7FFFFF):
        return f"0x{bits:08x}"
    return format_float(_f32(bits))


def format_value(bits: int, vtype: str) -> str:
    if vtype == "f":
        return format_float(_f32(bits))
    if vtype in "iu":
        return format_int(bits)
    return format_untyped(bits)


def _mask(mask: int) -> str:
    return "".join(S.COMPONENTS[i] for i in range(4) if mask >> i & 1)


def format_index(idx: ir.Index) -> str:
    if idx.rel is None:
        return str(idx.value)
    # fxc prints a pure relative index as "+ 0" too
    return f"{format_operand(idx.rel)} + {idx.value}"


#: register files that shader model 5.1 addresses by range: fxc's 5.1 listings name them in capitals, by range ID
#: (``T0[5]``, ``S1[5]``, ``U0[0]``, ``CB0[0][3]``: d3dcompiler_47 disassemblies of cs/ps_5_1 objects)
_RANGE_PREFIX = {T.RESOURCE: "T", T.SAMPLER: "S", T.UNORDERED_ACCESS_VIEW: "U", T.CONSTANT_BUFFER: "CB"}


def is_range_operand(op: ir.Operand) -> bool:
    """Whether ``op`` is in shader model 5.1's range form: a sampler, resource or UAV with two or three indices,
    a constant buffer with three (SM4/5.0 use one and two: "Bytecode changes in SM5.1")."""
    n = len(op.indices)
    return op.type in _RANGE_PREFIX and (n == 3 or (n == 2 and op.type != T.CONSTANT_BUFFER))


def _range_bound(v: int) -> str:
    return "*" if v == 0xFFFFFFFF else str(v)


def range_declaration(op: ir.Operand) -> str:
    """``T0[5:5]`` / ``T1[10:*]``: a 5.1 declaration's ID and register range."""
    i = op.indices
    return f"{_RANGE_PREFIX[op.type]}{i[0].value}[{i[1].value}:{_range_bound(i[2].value)}]"


def _register(op: ir.Operand) -> str:
    prefix = S.REGISTER_PREFIX.get(op.type, f"reg{int(op.type)}")
    if not op.indices:
        return prefix
    if is_range_operand(op):
        return f"{_RANGE_PREFIX[op.type]}{op.indices[0].value}" + "".join(
            f"[{format_index(i)}]" for i in op.indices[1:])
    first = op.indices[0]
    bracket = (first.rel is not None or op.type in S.BRACKETED_FILES
               or op.type == T.IMMEDIATE_CONSTANT_BUFFER
               or (op.type == T.INPUT and len(op.indices) == 2))
    text = f"{prefix}[{format_index(first)}]" if bracket else f"{prefix}{first.value}"
    return text + "".join(f"[{format_index(i)}]" for i in op.indices[1:])


def _components(op: ir.Operand) -> str:
    if op.num_components != 4:
        return ""
    if op.selection == ir.SelectionMode.MASK:
        m = _mask(op.mask)
        return "." + m if m else ""
    if op.selection == ir.SelectionMode.SWIZZLE:
        return "." + "".join(S.COMPONENTS[c] for c in op.swizzle)
    return "." + S.COMPONENTS[op.swizzle[0]]


def _hex_word(bits: int) -> str:
    return f"0x{bits & 0xFFFFFFFF:08x}"


def format_immediate(op: ir.Operand, vtype: str = "x", untyped: bool = False) -> str:
    sep = "," if untyped else ", "
    if listing_dialect.hex_literals():
        # D3D_DISASM_PRINT_HEX_LITERALS (d3dcompiler_47 10.1 under Wine, session 40): every word of the operand,
        # a double's two halves low word first and the unused halves of a d() included
        return ("d(" if op.type == T.IMMEDIATE64 else "l(") + sep.join(_hex_word(v) for v in op.values) + ")"
    if op.type == T.IMMEDIATE64:
        vals = [struct.unpack("<d", struct.pack("<II", op.values[i], op.values[i + 1]))[0]
                for i in range(0, len(op.values) - 1, 2)]
        # each value with its "l" (d3dcompiler_47 10.1 under Wine, session 40: ``d(2.500000l, 0.000000l)``)
        return "d(" + ", ".join(format_float(v) + "l" for v in vals) + ")"  # ", " in dmov too
    if untyped:
        vtype = "x"
    return "l(" + sep.join(format_value(v, vtype) for v in op.values) + ")"


#: operand kinds that hold no value of a precision (a resource, sampler, label...): never given a "{p as q}" tag
_NO_VALUE = frozenset({T.SAMPLER, T.RESOURCE, T.LABEL, T.NULL, T.STREAM, T.FUNCTION_BODY, T.FUNCTION_TABLE,
                       T.INTERFACE, T.UNORDERED_ACCESS_VIEW, T.THREAD_GROUP_SHARED_MEMORY})


def _precision_name(p: int) -> str:
    return "def32" if not p else S.MIN_PRECISION.get(p, f"min{p}")


def format_operand(op: ir.Operand, vtype: str = "x", untyped: bool = False, used_as: int | None = None) -> str:
    """One operand in fxc syntax (register, indices, components, modifiers, immediates).

    Minimum precision (the D3D11.1 extended operand token, bits 14-16): ``{min16f}`` after the register and
    inside ``|...|``, as fxc prints it (``|r2.xyzw {min16f}|``). ``used_as``: the precision of the instruction
    reading this source (its destination's); where the two differ and either is a minimum precision the tag
    reads ``{def32 as min16f}`` / ``{min16f as def32}`` (fxc's listings as quoted by 3Dmigoto's assembler)."""
    if op.type in (T.IMMEDIATE32, T.IMMEDIATE64):
        body = format_immediate(op, vtype, untyped)
    else:
        body = _register(op) + _components(op)
    own = op.min_precision
    if used_as is not None and used_as != own and op.type not in _NO_VALUE:
        body += " {" + _precision_name(own) + " as " + _precision_name(used_as) + "}"
    elif own:
        body += " {" + _precision_name(own) + "}"
    if op.modifier == ir.Modifier.NEG:
        body = "-" + body
    elif op.modifier == ir.Modifier.ABS:
        body = f"|{body}|"
    elif op.modifier == ir.Modifier.ABSNEG:
        body = f"-|{body}|"
    if op.nonuniform:
        body += " {nonuniform}"
    return body


def _return_types(tok: int) -> str:
    return "(" + ",".join(S.RETURN_TYPE.get(tok >> (4 * i) & 0xF, "?") for i in range(4)) + ")"


def _tex_suffix(inst: ir.Instruction) -> str:
    # fxc order: _aoffimmi_indexable(u,v,w)(dim)(types)
    text = ""
    offsets = any(t & 0x3F == ir.ExtendedOpcodeType.SAMPLE_CONTROLS for t in inst.extended)
    dim = inst.resource_dim
    if offsets:
        text += "_aoffimmi"
    if dim is not None:
        text += "_indexable"
    if offsets:
        u, v, w = inst.texel_offset
        text += f"({u},{v},{w})"
    if dim is not None:
        name = S.RESOURCE_DIMENSION.get(dim[0], f"dim{dim[0]}")
        text += f"({name}, stride={dim[1]})" if dim[0] == 12 else f"({name})"
    rt = inst._ext(ir.ExtendedOpcodeType.RESOURCE_RETURN_TYPE)
    if rt is not None:
        text += _return_types(rt >> 6)
    return text


def _declaration(inst: ir.Instruction, name: str) -> str | None:
    """Text of a declaration whose syntax differs from the generic `name operands` form."""
    op = inst.opcode
    c = inst.controls
    ops = inst.operands
    x = inst.extra
    o0 = format_operand(ops[0]) if ops else ""
    if ops and len(ops[0].indices) == 3 and ops[0].type in _RANGE_PREFIX and x:
        return _range_decl_text(inst, name)
    if op == O.DCL_GLOBALFLAGS:
        flags = [n for bit, n in S.GLOBAL_FLAGS if c & bit]
        return f"{name} " + " | ".join(flags)
    if op == O.DCL_CONSTANTBUFFER:
        o0 = _register(ops[0])
        if listing_dialect.current().upper_cb_declaration and o0.startswith("cb"):
            o0 = "CB" + o0[2:]
        return f"{name} {o0}, " + ("dynamicIndexed" if c & 1 else "immediateIndexed")
    if op == O.DCL_SAMPLER:
        return f"{name} {o0}, {S.SAMPLER_MODE.get(c & 0xF, c & 0xF)}"
    if op in (O.DCL_RESOURCE, O.DCL_UAV_TYPED):
        dim = S.RESOURCE_DIMENSION.get(c & 0x1F, f"dim{c & 0x1F}")
        base = "dcl_resource" if op == O.DCL_RESOURCE else "dcl_uav_typed"
        text = f"{base}_{dim}"
        if op == O.DCL_RESOURCE and (c & 0x1F) in (4, 9):
            text += f"({c >> 5 & 0x7F})"
        if op == O.DCL_UAV_TYPED:
            text += _uav_flags(c)
        return f"{text} {_return_types(x[0]) if x else ''} {o0}"
    if op in (O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED):
        text = name + _uav_flags(c) + f" {o0}"
        return text + (f", {x[0]}" if op == O.DCL_UAV_STRUCTURED and x else "")
    if op == O.DCL_RESOURCE_STRUCTURED:
        return f"{name} {o0}, {x[0] if x else 0}" + (" " if listing_dialect.current().trailing_spaces else "")
    if op in (O.DCL_TGSM_RAW, O.DCL_TGSM_STRUCTURED, O.DCL_INDEXRANGE):
        sep = " " if op == O.DCL_INDEXRANGE else ", "
        return f"{name} {o0}" + "".join(f"{sep if i == 0 else ', '}{v}" for i, v in enumerate(x))
    if op in (O.DCL_INPUT_PS, O.DCL_INPUT_PS_SIV):
        mode = S.INTERPOLATION.get(c & 0xF, "")
        text = f"{name} {mode} {o0}" if mode else f"{name} {o0}"
        return text + (f", {S.SYSTEM_NAME.get(x[0] & 0xFFFF, x[0])}" if op == O.DCL_INPUT_PS_SIV and x else "")
    if op == O.DCL_INPUT_PS_SGV and listing_dialect.current().sgv_interpolation and S.INTERPOLATION.get(c & 0xF):
        o0 = f"{S.INTERPOLATION[c & 0xF]} {o0}"
    if op in (O.DCL_INPUT_SGV, O.DCL_INPUT_SIV, O.DCL_INPUT_PS_SGV, O.DCL_OUTPUT_SGV, O.DCL_OUTPUT_SIV):
        return f"{name} {o0}, {S.SYSTEM_NAME.get(x[0] & 0xFFFF, x[0]) if x else '?'}"
    if op == O.DCL_TEMPS or op in (O.DCL_MAXOUT, O.DCL_GS_INSTANCE_COUNT, O.DCL_HS_FORK_PHASE_INSTANCE_COUNT,
                                    O.DCL_HS_JOIN_PHASE_INSTANCE_COUNT):
        return f"{name} {x[0] if x else 0}"
    if op == O.DCL_INDEXABLETEMP:
        return f"{name} x{x[0]}[{x[1]}], {x[2]}" if len(x) >= 3 else name
    if op == O.DCL_GS_INPUT_PRIMITIVE:
        return f"{name} {S.GS_INPUT_PRIMITIVE.get(c & 0x3F, c & 0x3F)} "
    if op == O.DCL_GS_OUTPUT_TOPOLOGY:
        return f"{name} {S.GS_OUTPUT_TOPOLOGY.get(c & 0x7F, c & 0x7F)} "
    if op in (O.DCL_INPUT_CONTROL_POINT_COUNT, O.DCL_OUTPUT_CONTROL_POINT_COUNT):
        return f"{name} {c & 0x3F}"
    if op == O.DCL_TESS_DOMAIN:
        return f"{name} {S.TESS_DOMAIN.get(c & 3, c & 3)}"
    if op == O.DCL_TESS_PARTITIONING:
        return f"{name} {S.TESS_PARTITIONING.get(c & 7, c & 7)}"
    if op == O.DCL_TESS_OUTPUT_PRIMITIVE:
        return f"{name} {S.TESS_OUTPUT.get(c & 7, c & 7)}"
    if op == O.DCL_HS_MAX_TESSFACTOR:
        return f"{name} l({format_float(_f32(x[0]))})" if x else name
    if op == O.DCL_THREAD_GROUP:
        return f"{name} " + ", ".join(str(v) for v in x)
    if op == O.DCL_FUNCTION_BODY:
        return f"{name} fb{x[0]}" if x else name
    if op == O.DCL_FUNCTION_TABLE:
        return f"{name} ft{x[0]} = {{" + ", ".join(f"fb{v}" for v in x[2:]) + "}" if len(x) >= 2 else name
    if op == O.DCL_INTERFACE:
        if len(x) < 3:
            return name
        text = name + ("_dynamicindexed" if c & 1 else "")
        return (f"{text} fp{x[0]}[{x[2] >> 16}][{x[1]}] = {{" + ", ".join(f"ft{v}" for v in x[3:]) + "}")
    return None


def _range_decl_text(inst: ir.Instruction, name: str) -> str:
    """A shader-model-5.1 declaration of a range: fxc's 5.1 listing forms (``dcl_constantbuffer CB0[0:0][1],
    immediateIndexed, space=0``, ``dcl_resource_raw T0[0:0], space=0``, ``dcl_uav_typed_buffer (uint,uint,uint,uint)
    U0[0:0], space=0``, ``dcl_sampler s0[5:5], mode_default, space=0``): the 5.0 text with the range in place of
    the register and the space (the last dword) after it."""
    op, c, x = inst.opcode, inst.controls, inst.extra
    rng = range_declaration(inst.operands[0])
    space = f", space={x[-1]}"
    if op == O.DCL_CONSTANTBUFFER:
        size = x[0] if len(x) > 1 else 0
        return f"{name} {rng}[{size}], " + ("dynamicIndexed" if c & 1 else "immediateIndexed") + space
    if op == O.DCL_SAMPLER:
        return f"{name} {rng}, {S.SAMPLER_MODE.get(c & 0xF, c & 0xF)}" + space
    if op in (O.DCL_RESOURCE, O.DCL_UAV_TYPED):
        dim = S.RESOURCE_DIMENSION.get(c & 0x1F, f"dim{c & 0x1F}")
        text = ("dcl_resource" if op == O.DCL_RESOURCE else "dcl_uav_typed") + f"_{dim}"
        if op == O.DCL_RESOURCE and (c & 0x1F) in (4, 9):
            text += f"({c >> 5 & 0x7F})"
        if op == O.DCL_UAV_TYPED:
            text += _uav_flags(c)
        rt = _return_types(x[0]) + " " if len(x) > 1 else ""
        return f"{text} {rt}{rng}" + space
    if op in (O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED):
        text = name + _uav_flags(c) + f" {rng}"
        return text + (f", {x[0]}" if op == O.DCL_UAV_STRUCTURED and len(x) > 1 else "") + space
    if op == O.DCL_RESOURCE_STRUCTURED:
        return f"{name} {rng}, {x[0] if len(x) > 1 else 0}" + space
    return f"{name} {rng}" + space


def _uav_flags(c: int) -> str:
    text = "_glc" if c >> 5 & 1 else ""
    if c >> 6 & 1:
        text += "_rov"
    if c >> 12 & 1:
        text += "_opc"
    return text


def _customdata(inst: ir.Instruction, indent: str) -> list[str]:
    cls = inst.controls
    data = inst.extra
    if cls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER:
        rows = []
        for i in range(0, len(data), 4):
            word = _hex_word if listing_dialect.hex_literals() else format_untyped
            rows.append("{ " + ", ".join(word(v) for v in data[i : i + 4]) + "}")
        if not rows:
            return [indent + "dcl_immediateConstantBuffer { }"]
        pad = " " * len("dcl_immediateConstantBuffer { ")
        lines = [indent + "dcl_immediateConstantBuffer { " + rows[0]]
        lines += [indent + pad + r for r in rows[1:]]
        for i in range(len(lines) - 1):
            lines[i] += ","
        lines[-1] += " }"
        return lines
    if cls == ir.CustomDataClass.SHADER_MESSAGE and len(data) >= 5:
        return [indent + _shader_message(data)]
    return [indent + f"customdata class {cls}, {len(data)} dwords"]


def _shader_message(data: list[int]) -> str:
    msg_id, _style, nchars, nops, oplen = data[:5]
    name = S.MESSAGE_IDS.get(msg_id, f"message_{msg_id:#x}")
    from .decoder import _Reader

    rd = _Reader(data)
    p, end = 5, 5 + oplen
    operands = []
    for _ in range(nops):
        o, p = rd.operand(p, end, 0)
        operands.append(format_operand(o))
    raw = struct.pack(f"<{len(data) - end}I", *data[end:])[:nchars]
    text = raw.decode("latin1")
    return f'{name} "{text}"' + "".join(", " + o for o in operands)


#: operand types compared for a precision tag: a double and a resource's returned value are floats, signed and
#: unsigned integers one kind
_KIND = {"f": "f", "d": "f", "n": "f", "i": "i", "u": "i"}
#: a shift's amount: never tagged
_SHIFTS = frozenset({O.ISHL, O.ISHR, O.USHR})
#: comparisons write a mask: no source of theirs is tagged
_COMPARISONS = frozenset(getattr(O, n) for n in ("LT", "GE", "EQ", "NE", "ILT", "IGE", "IEQ", "INE", "ULT", "UGE",
                                                 "DLT", "DGE", "DEQ", "DNE") if hasattr(O, n))


def _same_kind(op: O, types: str, i: int) -> bool:
    """Whether source ``i`` takes the destination's kind of value, so that a precision of its own other than the
    instruction's is written ``{min16u as min16i}``: a float/integer conversion's source (ftou, utof, itof, utod,
    dtou), a comparison's sources, movc's condition, ld's address and a shift's amount get none
    (d3dcompiler_47 10.1 under Wine, session 40: ``ishl r2.x {min16u}, cb0[1].x {min16u}, cb0[0].y``, ``ld r1.xyzw
    {min16f}, r1.xyzw {min16u}, t0.xyzw``; dtof's double source and firstbit_shi's keep it, ``{def32 as min16f}``,
    ``{min16u as def32}``; ``ilt r2.y, cb0[1].w {min16i}, l(3)``). Untyped operands keep it."""
    if op in _SHIFTS and i == 2 or op in _COMPARISONS:
        return False
    if not types or i >= len(types):
        return True
    dst, src = _KIND.get(types[0]), _KIND.get(types[i])
    return dst is None or src is None or dst == src


def instruction_text(inst: ir.Instruction) -> str:
    """The instruction's line (without indentation) as fxc prints it."""
    info = OPCODES[inst.opcode]
    name = info.name
    decl = _declaration(inst, name) if info.cls == OpClass.DECL else None
    if decl is not None:
        return decl
    op = inst.opcode
    if op == O.SYNC:
        name += "".join(s for bit, s in S.SYNC_FLAGS if inst.controls & bit)
    if info.has_saturate and inst.saturate:
        name += "_sat"
    if info.has_test:
        name += "_nz" if inst.test_nonzero else "_z"
    if info.flags & SAMPLE_CTRL:
        name += _tex_suffix(inst)
    if op == O.RESINFO:
        name += S.RESINFO_SUFFIX.get(inst.return_type_control, "")
    elif op in (O.SAMPLE_INFO, O.SAMPLE_POS) and inst.return_type_control == 1:
        name += "_uint"
    if inst.precise_mask and info.cls != OpClass.DECL:
        name += f" [precise({_mask(inst.precise_mask)})]"
    untyped = op in _UNTYPED
    types = info.operand_types
    # the instruction's precision is its (first) destination's; a source of another precision says so
    nd = info.num_dst
    used_as = inst.operands[0].min_precision if nd and inst.operands and \
        inst.operands[0].type not in _NO_VALUE else None
    if nd > 1 and inst.operands[0].type == T.NULL:
        # a null first result (imul / udiv / uaddc keeping one result) leaves the instruction at full precision
        # (d3dcompiler_47 10.1: ``imul null, r2.x {min16i}, r2.w {min16i as def32}, cb0[4].y``)
        used_as = 0
    parts = [format_operand(o, types[i] if i < len(types) else "x", untyped,
                            used_as if i >= nd and _same_kind(op, types, i) else None)
             for i, o in enumerate(inst.operands)]
    if op == O.INTERFACE_CALL and inst.extra and parts:
        parts[0] += f"[{inst.extra[0]}]"
    if op == O.SYNC and not listing_dialect.current().trailing_spaces:
        return name
    return f"{name} " + ", ".join(parts)


def disassemble_program(program: ir.Program | bytes, dialect: ListingDialect | None = None) -> list[str]:
    """Version line, declarations and instructions, indented as fxc does (in ``dialect``; None: the one in
    force, listing_dialect)."""
    if not isinstance(program, ir.Program):
        program = decode_program(program)
    with listing_dialect.writing(dialect):
        lines = [f"{S.PROGRAM_PREFIX[program.program_type]}_{program.major}_{program.minor}"]
        for inst_lines in instruction_lines(program.instructions):
            lines += inst_lines
    return lines


def positioned_program_lines(code: bytes, numbering: bool, offsets: bool = True,
                             dialect: ListingDialect | None = None) -> list[str]:
    """The program lines under D3D_DISASM_ENABLE_INSTRUCTION_OFFSET (``offsets``) and/or
    D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING (``numbering``), in the layouts public D3DDisassemble output shows.

    Offsets: every line prefixed with its instruction's byte offset in the program (``0x%08X: ``; the version
    token is at 0, the first declaration at 8). Numbering: executable instructions are counted from 0 in a
    four-wide field, followed by two spaces before an offset (``   0  0x0000005C: mov ...``) or by ``: ``
    alone (``   0: mov ...``, the layout of a d3dcompiler_47 listing of a ps_5_0 with numbering only); the
    version line and the declarations get six spaces in their place. Nesting indentation follows the prefix.
    Continuation lines of one instruction (an immediate constant buffer's rows) are padded to the prefix's
    width (inferred: no public listing shows one). d3dcompiler_47 10.1 (``numbered_phases``) numbers the hull
    shader's phase markers too and leaves continuation rows unpadded (recorded under Wine, session 37)."""
    with listing_dialect.writing(dialect):
        return _positioned_program_lines(code, numbering, offsets)


def _positioned_program_lines(code: bytes, numbering: bool, offsets: bool) -> list[str]:
    if not (numbering or offsets):
        return disassemble_program(decode_program(code))
    return [ln for _start, _end, lines in program_entries(code, numbering, offsets) for ln in lines]


def program_entries(code: bytes, numbering: bool = False, offsets: bool = False,
                    indent_from: int = 0) -> list[tuple[int, int, list[str]]]:
    """The program's listing as entries ``(byte offset, end offset, lines)``: the version line (offset 0, the
    version and length tokens) and then each instruction, offsets counted from the program's first token (as
    D3D_DISASM_ENABLE_INSTRUCTION_OFFSET prints them and D3DDisassembleRegion takes them), with the
    prefixes of :func:`positioned_program_lines`. Flow-control indentation starts again at entry
    ``indent_from`` (a region's first: d3dcompiler_47 indents a region from its own start)."""
    from .decoder import decode_program_positions

    unnumbered = (OpClass.DECL, OpClass.CUSTOM) if listing_dialect.current().numbered_phases else \
        (OpClass.DECL, OpClass.HS_PHASE, OpClass.CUSTOM)
    spans = decode_program_positions(code)
    program = decode_program(code)
    lead = " " * 6 if numbering else ""

    def where(word: int) -> str:
        return f"0x{4 * word:08X}: " if offsets else ""

    version = f"{S.PROGRAM_PREFIX[program.program_type]}_{program.major}_{program.minor}"
    # the version line is an entry of its own at offset 0 whose end d3dcompiler_47 reports as 0: a region of it
    # alone finishes at 0 (recorded under Wine, session 37)
    entries = [(0, 0, [f"{lead}{where(0)}{version}"])]
    count = 0
    insts = [i for _s, _e, i in spans]
    cut = max(indent_from - 1, 0)
    for (start, end, inst), inst_lines in zip(spans, instruction_lines(insts[:cut]) + instruction_lines(insts[cut:]),
                                              strict=True):
        if numbering and OPCODES[inst.opcode].cls not in unnumbered and inst.opcode != O.HS_DECLS:
            head = f"{count:4d}  {where(start)}" if offsets else f"{count:4d}: "
            count += 1
        else:
            head = f"{lead}{where(start)}"
        pad = "" if listing_dialect.current().numbered_phases else " " * len(head)
        entries.append((4 * start, 4 * end, [head + inst_lines[0]] + [pad + ln for ln in inst_lines[1:]]))
    return entries


def instruction_lines(instructions: list[ir.Instruction]) -> list[list[str]]:
    """The listing lines of each instruction, indented by its flow-control depth (fxc's two spaces per
    level); one list per instruction so a region of the program can be printed alone."""
    out: list[list[str]] = []
    depth = 0
    for inst in instructions:
        op = inst.opcode
        if op in _INDENT_CLOSE or op == O.ELSE:
            depth = max(depth - 1, 0)
        indent = "  " * depth
        out.append(_customdata(inst, indent) if op == O.CUSTOMDATA else [indent + instruction_text(inst)])
        if op in _INDENT_OPEN or op == O.ELSE:
            depth += 1
    return out


def _instruction_slots(container: object, program: ir.Program) -> int:
    stats = getattr(container, "stats", None)
    if stats is not None and getattr(stats, "InstructionCount", None) is not None:
        return int(stats.InstructionCount)
    return sum(1 for i in program.instructions if OPCODES[i.opcode].cls not in (OpClass.DECL, OpClass.HS_PHASE,
                                                                                OpClass.CUSTOM))


def disassemble(blob: bytes | object, positions: bool | None = None, offsets: bool = True,
                default_values: bool = True, dialect: ListingDialect | None = None) -> str:
    """Full fxc-style listing of a DXBC blob (or a parsed container): header, program, trailer.
    ``positions`` None: plain program lines; False / True: program lines with byte offsets (``offsets``),
    True adding instruction numbers (:func:`positioned_program_lines`). ``default_values``: the constants'
    initial values in the header (fxc's /Fc listing prints them: D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS).
    ``dialect``: fxc 9.30's text (the default, None) or d3dcompiler_47's (listing_dialect)."""
    with listing_dialect.writing(dialect or listing_dialect.FXC_9_30):
        return _disassemble(blob, positions, offsets, default_values)[0]


def _disassemble(blob: bytes | object, positions: bool | None, offsets: bool, default_values: bool,
                 region: tuple[int, int] | None = None, header: bool = True) -> tuple[str, int]:
    """The listing and, for a ``region`` (first byte offset, instruction count), the offset where it ends."""
    from .container import parse_container

    container = parse_container(bytes(blob), verify_checksum=False) if isinstance(
        blob, (bytes, bytearray, memoryview)) else blob
    code = container.program  # type: ignore[attr-defined]
    if code is None:
        raise ValueError("container has no SHDR/SHEX chunk")
    program = decode_program(code)
    from .listing_header import format_listing_header

    lines = list(format_listing_header(container, default_values)) if header else []
    if "Aon9" in container and header:  # 4_0_level_9_x: the mapping tables and the SM2 program before the SM4 code
        from .aon9 import format_aon9, parse_aon9

        try:
            lines += format_aon9(parse_aon9(container.get("Aon9")),  # type: ignore[attr-defined]
                                 bool(positions), offsets and positions is not None)
        except ValueError:
            lines += ["//", "// Level9 shader bytecode: (unreadable Aon9 chunk)", "//"]
    finish = 0
    if region is not None:
        entries = program_entries(code, bool(positions), offsets and positions is not None)
        # the version line is chosen by any offset inside its two tokens (0-7), an instruction by an offset at or
        # before its first byte -- one inside an instruction starts at the next (recorded under Wine, session 37)
        first = 0 if region[0] < 8 else next((i for i, e in enumerate(entries) if i and e[0] >= region[0]),
                                             len(entries))
        entries = program_entries(code, bool(positions), offsets and positions is not None, first)
        chosen = entries[first:first + max(0, region[1])]
        lines += [ln for _s, _e, entry_lines in chosen for ln in entry_lines]
        # nothing chosen: 0 for a count of 0, the program's end for a start past it (recorded under Wine)
        finish = chosen[-1][1] if chosen else (0 if region[1] <= 0 else entries[-1][1])
    else:
        lines += disassemble_program(program) if positions is None else positioned_program_lines(code, positions,
                                                                                                  offsets)
    if header:
        lines.append(f"// Approximately {_instruction_slots(container, program)} instruction slots used")
    return "".join(ln + "\n" for ln in lines), finish


def disassemble_region(blob: bytes | object, start: int, count: int, positions: bool | None = None,
                       offsets: bool = True, header: bool = True,
                       dialect: ListingDialect | None = None) -> tuple[str, int]:
    """D3DDisassembleRegion's listing as d3dcompiler_47 10.1 writes it (recorded under Wine, session 37): the
    whole header, then the ``count`` entries of :func:`program_entries` from the first one at or after byte
    ``start`` of the program (the version line is the entry at 0, chosen by offsets 0-7), then the slot-count trailer (``header``
    False: the entries alone, D3D_DISASM_INSTRUCTION_ONLY); and the byte offset where the region ends (the
    next entry's, the program's end past the last)."""
    with listing_dialect.writing(dialect or listing_dialect.D3DCOMPILER_47):
        return _disassemble(blob, positions, offsets, True, (start, count), header)
