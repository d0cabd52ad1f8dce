"""Assembler for fxc's SM4/SM5 listing text: ``assemble_program`` (text -> IR) and ``assemble_shader``
(text -> complete DXBC blob). Header comments are ignored by ``assemble_program``; ``assemble_shader``
takes signatures/RDEF from them when the container engineer's ``parse_listing_header`` exists, else
synthesises them from the declarations.
"""

from __future__ import annotations

import re
import struct

from ...errors import InvalidArgError
from .. import ir
from ..ir import Opcode as O
from ..ir import OperandType as T
from . import asm_syntax as S
from .asm_parser import (
    _GLOBAL_FLAGS,
    _INTERP,
    _MESSAGE_IDS,
    _RESOURCE_DIM,
    _SAMPLER_MODE,
    _SYSTEM_NAME,
    _VERSION_RE,
    _bad,
    _lookup,
    _OperandParser,
    _paren_groups,
    _return_type_token,
    _split_mnemonic,
    parse_number,
    split_top,
)
from .opcodes import BY_NAME, OpInfo

_GS_IN = S.invert(S.GS_INPUT_PRIMITIVE)
_GS_OUT = S.invert(S.GS_OUTPUT_TOPOLOGY)
_DOMAIN = S.invert(S.TESS_DOMAIN)
_PART = S.invert(S.TESS_PARTITIONING)
_TESS_OUT = S.invert(S.TESS_OUTPUT)
_SYNC = {s: bit for bit, s in S.SYNC_FLAGS}
_RESINFO = {"_rcpfloat": 1, "_uint": 2}


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """Non-comment lines (comments after // removed), ICB blocks joined into one line."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip() if not raw.lstrip().startswith(("printf", "errorf")) else raw.strip()
        if not line:
            continue
        if pending is not None:
            pending = (pending[0], pending[1] + " " + line)
            if pending[1].count("{") <= pending[1].count("}"):
                out.append(pending)
                pending = None
            continue
        if line.startswith("dcl_immediateConstantBuffer") and line.count("{") > line.count("}"):
            pending = (no, line)
            continue
        out.append((no, line))
    if pending is not None:
        raise _bad("unterminated dcl_immediateConstantBuffer", pending[0])
    return out


def _resolve(mnemonic: str, line: int) -> tuple[OpInfo, ir.Instruction, list[str]]:
    """Mnemonic with suffixes -> (row, instruction with controls/extended tokens, unparsed groups)."""
    base, groups, tail = _paren_groups(mnemonic)
    inst = ir.Instruction(0)
    low = base.lower()
    # texture suffixes
    offsets = None
    dim = None
    rtype = None
    if "_aoffimmi" in low or "_indexable" in low:
        has_off = "_aoffimmi" in low
        has_idx = "_indexable" in low
        low = low.replace("_aoffimmi", "").replace("_indexable", "")
        g = list(groups)
        if has_off:
            if not g:
                raise _bad("_aoffimmi needs (u,v,w)", line)
            offsets = [int(v) for v in g.pop(0).split(",")]
        if has_idx:
            if not g:
                raise _bad("_indexable needs (dimension)", line)
            dim = g.pop(0)
            if g:
                rtype = g.pop(0)
        groups = g
        low += tail.lower()
        tail = ""
    info = BY_NAME.get(low)
    controls = 0
    if info is None:
        # strip suffixes one at a time from the end: _sat, _nz/_z, resinfo/sampleinfo return types, sync flags
        name = low
        while info is None:
            m = re.search(r"_(sat|nz|z|uint|rcpfloat|uglobal|ugroup|g|t)$", name)
            if not m:
                break
            suf = m.group(0)
            name = name[: m.start()]
            if suf == "_sat":
                controls |= 1 << 2
            elif suf == "_nz":
                controls |= 1 << 7
            elif suf == "_z":
                pass
            elif suf in _RESINFO and name in ("resinfo", "sampleinfo", "samplepos"):
                controls |= _RESINFO[suf] if name == "resinfo" else 1
            elif suf in _SYNC:
                controls |= _SYNC[suf]
            info = BY_NAME.get(name)
            if info is not None and info.name in ("sampleinfo", "samplepos") and suf == "_uint":
                pass
    if info is None:
        raise _bad(f"unknown instruction {mnemonic!r}", line)
    inst.opcode = info.opcode
    inst.controls = controls
    if offsets is not None:
        if len(offsets) != 3:
            raise _bad("_aoffimmi takes 3 offsets", line)
        tok = 1
        for i, v in enumerate(offsets):
            tok |= (v & 0xF) << (9 + 4 * i)
        inst.extended.append(tok)
    if dim is not None:
        m = re.fullmatch(r"\s*([a-z0-9_]+)\s*(?:,\s*stride\s*=\s*(\d+))?\s*", dim)
        if not m or m.group(1) not in _RESOURCE_DIM:
            raise _bad(f"bad resource dimension ({dim})", line)
        inst.extended.append(2 | _RESOURCE_DIM[m.group(1)] << 6 | int(m.group(2) or 0) << 11)
    if rtype is not None:
        inst.extended.append(3 | _return_type_token(rtype, line) << 6)
    return info, inst, groups


def _operand_list(info: OpInfo, text: str, line: int, parser: _OperandParser, is_dcl: bool) -> list[ir.Operand]:
    items = split_top(text) if text else []
    types = info.operand_types
    untyped_ops = info.opcode in (O.MOV, O.MOVC, O.SWAPC, O.DMOV, O.DMOVC)
    out = []
    for i, item in enumerate(items):
        role = "dcl" if is_dcl else ("dst" if i < info.num_dst else "src")
        vtype = "x" if untyped_ops else (types[i] if i < len(types) else "x")
        out.append(parser.operand(item, role, vtype))
    return out


#: a shader-model-5.1 range in a declaration: ``T1[2:9]``, ``U0[0:*]``, ``CB0[1:1][2]`` (disasm.range_declaration)
_RANGE_DECL = re.compile(r"\b(T|S|U|CB)(\d+)\[(\d+):(\d+|\*)\](?:\[(\d+)\])?")
_SPACE_SUFFIX = re.compile(r",\s*space\s*=\s*(\d+)\s*$")


def _range_declaration(mnemonic: str, args: str, line: int, parser: _OperandParser) -> ir.Instruction | None:
    """A 5.1 declaration (``dcl_resource_texture2d (float,float,float,float) T1[2:9], space=1``): the 5.0 form's
    controls and dwords with the 3-D ``[ID][lower][upper]`` operand (4 components, xyzw) and the space after the
    other dwords (a constant buffer's size first): "Bytecode changes in SM5.1"."""
    rng, space = _RANGE_DECL.search(args), _SPACE_SUFFIX.search(args)
    if rng is None or space is None:
        return None
    prefix, rid, low, up, size = rng.groups()
    stand_in = {"T": "t0", "S": "s0", "U": "u0", "CB": f"cb0[{size or 0}]"}[prefix]
    inst = _declaration(mnemonic, (args[:rng.start()] + stand_in + args[rng.end():space.start()]).strip(), line,
                        parser)
    if inst is None or len(inst.operands) != 1:
        raise _bad(f"{mnemonic} takes no register range", line)
    upper = 0xFFFFFFFF if up == "*" else int(up)
    idx = [ir.Index(ir.IndexRep.IMMEDIATE32, v) for v in (int(rid), int(low), upper)]
    inst.operands = [ir.Operand(inst.operands[0].type, 4, ir.SelectionMode.SWIZZLE, indices=idx)]
    inst.extra = [*([int(size or 0)] if prefix == "CB" else []), *inst.extra, int(space.group(1))]
    return inst


def _declaration(mnemonic: str, args: str, line: int, parser: _OperandParser) -> ir.Instruction | None:
    """Declarations with their own syntax; None when the generic path applies."""
    m_low = mnemonic.lower()
    if "space" in args and _RANGE_DECL.search(args):
        return _range_declaration(mnemonic, args, line, parser)
    items = split_top(args) if args else []

    def dcl_op(text: str) -> ir.Operand:
        return parser.operand(text, "dcl")

    def ints(vals: list[str]) -> list[int]:
        try:
            return [int(v, 0) for v in vals]
        except ValueError:
            raise _bad(f"expected integers in {args!r}", line) from None

    if m_low == "dcl_globalflags":
        flags = 0
        for f in args.split("|"):
            f = f.strip().lower()
            if f:
                if f not in _GLOBAL_FLAGS:
                    raise _bad(f"unknown global flag {f!r}", line)
                flags |= _GLOBAL_FLAGS[f]
        return ir.Instruction(O.DCL_GLOBALFLAGS, controls=flags)
    if m_low == "dcl_constantbuffer":
        op = dcl_op(items[0])
        op.num_components, op.selection, op.swizzle = 4, ir.SelectionMode.SWIZZLE, (0, 1, 2, 3)
        dyn = len(items) > 1 and items[1].strip().lower() == "dynamicindexed"
        return ir.Instruction(O.DCL_CONSTANTBUFFER, [op], controls=int(dyn))
    if m_low == "dcl_sampler":
        mode = _lookup(items[1] if len(items) > 1 else "mode_default", _SAMPLER_MODE, "sampler mode", line)
        return ir.Instruction(O.DCL_SAMPLER, [dcl_op(items[0])], controls=mode)
    m = re.fullmatch(r"dcl_(resource|uav_typed)_([a-z0-9]+)((?:_glc|_rov)*)(?:\((\d+)\))?", m_low)
    if m and m.group(2) not in ("raw", "structured"):
        kind, dimname, flags, samples = m.groups()
        if dimname not in _RESOURCE_DIM:
            raise _bad(f"unknown resource dimension {dimname!r}", line)
        c = _RESOURCE_DIM[dimname] | int(samples or 0) << 5
        if "_glc" in flags:
            c |= 1 << 5
        if "_rov" in flags:
            c |= 1 << 6
        rt_match = re.match(r"^\(([^)]*)\)\s*(.*)$", args)
        if not rt_match:
            raise _bad("resource declaration needs (return types) and a register", line)
        rt = _return_type_token(rt_match.group(1), line)
        opc = O.DCL_RESOURCE if kind == "resource" else O.DCL_UAV_TYPED
        return ir.Instruction(opc, [dcl_op(rt_match.group(2))], controls=c, extra=[rt])
    m = re.fullmatch(r"dcl_uav_(raw|structured)((?:_glc|_rov|_opc)*)", m_low)
    if m:
        c = (1 << 5 if "_glc" in m.group(2) else 0) | (1 << 6 if "_rov" in m.group(2) else 0)
        c |= 1 << 12 if "_opc" in m.group(2) else 0
        opc = O.DCL_UAV_RAW if m.group(1) == "raw" else O.DCL_UAV_STRUCTURED
        return ir.Instruction(opc, [dcl_op(items[0])], controls=c, extra=ints(items[1:]))
    simple = {"dcl_resource_raw": O.DCL_RESOURCE_RAW, "dcl_resource_structured": O.DCL_RESOURCE_STRUCTURED,
              "dcl_tgsm_raw": O.DCL_TGSM_RAW, "dcl_tgsm_structured": O.DCL_TGSM_STRUCTURED}
    if m_low in simple:
        return ir.Instruction(simple[m_low], [dcl_op(items[0])], extra=ints(items[1:]))
    if m_low == "dcl_indexrange":
        op_text, _, count = args.rpartition(" ")
        return ir.Instruction(O.DCL_INDEXRANGE, [dcl_op(op_text)], extra=ints([count]))
    if m_low in ("dcl_input_ps", "dcl_input_ps_siv", "dcl_input_ps_sgv"):
        opc = {"dcl_input_ps": O.DCL_INPUT_PS, "dcl_input_ps_siv": O.DCL_INPUT_PS_SIV,
               "dcl_input_ps_sgv": O.DCL_INPUT_PS_SGV}[m_low]
        words = items[0].split()
        mode_text = " ".join(words[:-1])
        mode = _lookup(mode_text, _INTERP, "interpolation mode", line) if mode_text else (
            1 if opc == O.DCL_INPUT_PS_SGV else 0)
        inst = ir.Instruction(opc, [dcl_op(words[-1])], controls=mode)
        if opc != O.DCL_INPUT_PS:
            inst.extra = [_lookup(items[1], _SYSTEM_NAME, "system value", line)]
        return inst
    sv = {"dcl_input_sgv": O.DCL_INPUT_SGV, "dcl_input_siv": O.DCL_INPUT_SIV, "dcl_output_sgv": O.DCL_OUTPUT_SGV,
          "dcl_output_siv": O.DCL_OUTPUT_SIV}
    if m_low in sv:
        return ir.Instruction(sv[m_low], [dcl_op(items[0])],
                              extra=[_lookup(items[1], _SYSTEM_NAME, "system value", line)])
    if m_low in ("dcl_input", "dcl_output", "dcl_stream"):
        opc = {"dcl_input": O.DCL_INPUT, "dcl_output": O.DCL_OUTPUT, "dcl_stream": O.DCL_STREAM}[m_low]
        return ir.Instruction(opc, [dcl_op(items[0])])
    counts = {"dcl_temps": O.DCL_TEMPS, "dcl_maxout": O.DCL_MAXOUT, "dcl_gsinstances": O.DCL_GS_INSTANCE_COUNT,
              "dcl_hs_fork_phase_instance_count": O.DCL_HS_FORK_PHASE_INSTANCE_COUNT,
              "dcl_hs_join_phase_instance_count": O.DCL_HS_JOIN_PHASE_INSTANCE_COUNT,
              "dcl_thread_group": O.DCL_THREAD_GROUP}
    if m_low in counts:
        return ir.Instruction(counts[m_low], extra=ints(items))
    if m_low == "dcl_indexabletemp":
        m = re.fullmatch(r"x(\d+)\s*\[\s*(\d+)\s*\]\s*,\s*(\d+)", args)
        if not m:
            raise _bad(f"bad dcl_indexableTemp {args!r}", line)
        return ir.Instruction(O.DCL_INDEXABLETEMP, extra=[int(g) for g in m.groups()])
    enum_ctl = {"dcl_inputprimitive": (O.DCL_GS_INPUT_PRIMITIVE, _GS_IN),
                "dcl_outputtopology": (O.DCL_GS_OUTPUT_TOPOLOGY, _GS_OUT),
                "dcl_tessellator_domain": (O.DCL_TESS_DOMAIN, _DOMAIN),
                "dcl_tessellator_partitioning": (O.DCL_TESS_PARTITIONING, _PART),
                "dcl_tessellator_output_primitive": (O.DCL_TESS_OUTPUT_PRIMITIVE, _TESS_OUT)}
    if m_low in enum_ctl:
        opc, table = enum_ctl[m_low]
        return ir.Instruction(opc, controls=_lookup(args, table, m_low, line))
    if m_low in ("dcl_input_control_point_count", "dcl_output_control_point_count"):
        opc = O.DCL_INPUT_CONTROL_POINT_COUNT if m_low.startswith("dcl_input") else O.DCL_OUTPUT_CONTROL_POINT_COUNT
        return ir.Instruction(opc, controls=ints(items)[0])
    if m_low == "dcl_hs_max_tessfactor":
        m = re.fullmatch(r"(?:l\()?\s*([^)]*?)\s*\)?", args)
        return ir.Instruction(O.DCL_HS_MAX_TESSFACTOR, extra=[parse_number(m.group(1) if m else args, "f")])
    if m_low == "dcl_function_body":
        return ir.Instruction(O.DCL_FUNCTION_BODY, extra=[_id(args, "fb", line)])
    if m_low == "dcl_function_table":
        m = re.fullmatch(r"ft(\d+)\s*=\s*\{(.*)\}", args)
        if not m:
            raise _bad(f"bad dcl_function_table {args!r}", line)
        bodies = [_id(b, "fb", line) for b in split_top(m.group(2)) if b]
        return ir.Instruction(O.DCL_FUNCTION_TABLE, extra=[int(m.group(1)), len(bodies), *bodies])
    if m_low in ("dcl_interface", "dcl_interface_dynamicindexed"):
        m = re.fullmatch(r"fp(\d+)\s*\[\s*(\d+)\s*\]\s*\[\s*(\d+)\s*\]\s*=\s*\{(.*)\}", args)
        if not m:
            raise _bad(f"bad dcl_interface {args!r}", line)
        tables = [_id(t, "ft", line) for t in split_top(m.group(4)) if t]
        return ir.Instruction(O.DCL_INTERFACE, controls=int(m_low.endswith("dynamicindexed")),
                              extra=[int(m.group(1)), int(m.group(3)), int(m.group(2)) << 16 | len(tables), *tables])
    if m_low == "dcl_immediateconstantbuffer":
        body = args.strip()
        if not (body.startswith("{") and body.endswith("}")):
            raise _bad("dcl_immediateConstantBuffer needs { {…}, … }", line)
        rows = re.findall(r"\{([^{}]*)\}", body[1:-1])
        data: list[int] = []
        for r in rows:
            vals = [v for v in split_top(r) if v]
            if len(vals) != 4:
                raise _bad("each immediate constant buffer row has 4 values", line)
            data += [parse_number(v) for v in vals]
        return ir.Instruction(O.CUSTOMDATA, controls=ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER, extra=data)
    if m_low in _MESSAGE_IDS:
        return _shader_message(m_low, args, line, parser)
    return None


def _id(text: str, prefix: str, line: int) -> int:
    m = re.fullmatch(prefix + r"(\d+)", text.strip())
    if not m:
        raise _bad(f"expected {prefix}#, got {text!r}", line)
    return int(m.group(1))


def _shader_message(name: str, args: str, line: int, parser: _OperandParser) -> ir.Instruction:
    m = re.match(r'^"((?:[^"\\]|\\.)*)"\s*(.*)$', args)
    if not m:
        raise _bad(f"{name} needs a quoted format string", line)
    fmt = m.group(1).encode("latin1")
    rest = m.group(2).strip()
    ops = [parser.operand(t, "src") for t in split_top(rest.lstrip(","))] if rest else []
    from .encoder import encode_operand

    op_words: list[int] = []
    for o in ops:
        encode_operand(o, op_words)
    nwords = (len(fmt) + 4) // 4
    raw = fmt + b"\0" * (nwords * 4 - len(fmt))
    text_words = list(struct.unpack(f"<{nwords}I", raw))
    data = [_MESSAGE_IDS[name], 1, len(fmt), len(ops), len(op_words), *op_words, *text_words]
    return ir.Instruction(O.CUSTOMDATA, controls=ir.CustomDataClass.SHADER_MESSAGE, extra=data)


def assemble_instruction(text: str, line: int = 0) -> ir.Instruction:
    """One listing line (declaration or instruction) to an IR instruction."""
    parser = _OperandParser(line)
    mnemonic, args = _split_mnemonic(text.strip())
    precise = 0
    pm = re.match(r"^\[precise(?:\(([xyzw]+)\))?\]\s*(.*)$", args)
    if pm:
        precise = sum(1 << "xyzw".index(c) for c in (pm.group(1) or "xyzw"))
        args = pm.group(2)
    decl = _declaration(mnemonic, args, line, parser)
    if decl is not None:
        return decl
    info, inst, groups = _resolve(mnemonic, line)
    if groups:
        raise _bad(f"unexpected ({groups[0]}) in {mnemonic!r}", line)
    inst.controls |= precise << 8
    is_dcl = info.is_declaration
    if info.opcode == O.INTERFACE_CALL:
        # fcall fp#[array][function]: the last index is the function-table slot dword
        m = re.fullmatch(r"(.*)\[\s*(\d+)\s*\]\s*", args)
        if not m:
            raise _bad(f"bad fcall operand {args!r}", line)
        inst.extra = [int(m.group(2))]
        args = m.group(1)
    inst.operands = _operand_list(info, args, line, parser, is_dcl)
    if len(inst.operands) != info.num_operands:
        raise _bad(f"{info.name} takes {info.num_operands} operands, got {len(inst.operands)}", line)
    if info.opcode == O.LABEL and inst.operands and inst.operands[0].type == T.LABEL:
        pass
    return inst


def assemble_program(text: str) -> ir.Program:
    """Parse an fxc-style listing (version line, declarations, instructions) into an IR program."""
    lines = _logical_lines(text)
    if not lines:
        raise _bad("empty listing: no version line")
    no, first = lines[0]
    m = _VERSION_RE.match(first.strip().lower())
    if not m:
        raise _bad(f"expected a version line such as vs_5_0, got {first!r}", no)
    ptype = S.PROGRAM_PREFIX.index(m.group(1))
    prog = ir.Program(ir.ProgramType(ptype), int(m.group(2)), int(m.group(3)))
    for no, line in lines[1:]:
        try:
            prog.instructions.append(assemble_instruction(line, no))
        except InvalidArgError:
            raise
        except (ValueError, IndexError, KeyError, TypeError, AttributeError) as exc:
            raise _bad(f"cannot parse {line!r} ({exc})", no) from None
    return prog


def assemble_program_tokens(text: str) -> bytes:
    """The SHDR/SHEX payload for a listing."""
    from .encoder import encode_program

    return encode_program(assemble_program(text))


def assemble_shader(text: str) -> bytes:
    """A complete DXBC blob for a listing (program chunk + signatures + RDEF + STAT [+ SFI0])."""
    from .asm_container import build_shader_blob

    return build_shader_blob(text, assemble_program(text))


__all__ = ["assemble_instruction", "assemble_program", "assemble_program_tokens", "assemble_shader"]
