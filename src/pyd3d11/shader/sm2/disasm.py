"""fxc-style listing of a shader-model-2 program (the "// Level9 shader bytecode:" section of D3DDisassemble).

Register names follow the D3D9 assembly reference (r#, v#, c#, a0, t#, s#, oPos, oFog, oPts, oD#, oT#, oC#,
oDepth, i#, b#, aL, p0); fxc prints the 2.1 version as vs_2_x / ps_2_x.
"""

from __future__ import annotations

import struct

from ..dxbc.listing_dialect import hex_literals
from .program import IDENTITY, Dst, Inst, Sm2Program, Src
from .tokens import (
    BY_NAME,
    COMPARISONS,
    DSTMOD_CENTROID,
    DSTMOD_PARTIALPRECISION,
    DSTMOD_SATURATE,
    SAMPLER_NAMES,
    TEXLD_BIAS,
    TEXLD_PROJECT,
    USAGE_NAMES,
    Reg,
    SamplerType,
    SrcMod,
    Usage,
)

_XYZW = "xyzw"
_RASTOUT = {0: "oPos", 1: "oFog", 2: "oPts"}


def register_name(reg: int, num: int, kind: str) -> str:
    """``kind``: 'vs' / 'ps', or 'vs3' / 'ps3' for shader model 3, whose output registers are o# ("Registers -
    vs_3_0": the output register type is the one vs_2_x names oT#)."""
    if reg == Reg.TEXCRDOUT and kind.endswith("3"):
        return f"o{num}"
    if reg == Reg.RASTOUT:
        return _RASTOUT.get(num, f"oRast{num}")
    if reg == Reg.MISCTYPE:  # D3DSMO_POSITION 0, D3DSMO_FACE 1 ("Registers - ps_3_0": vPos, vFace)
        return {0: "vPos", 1: "vFace"}.get(num, f"misc{num}")
    if reg == Reg.DEPTHOUT:
        return "oDepth"
    if reg == Reg.ADDR:
        return f"t{num}" if kind == "ps" else f"a{num}"
    if reg == Reg.LOOP:
        return "aL"
    prefix = {Reg.TEMP: "r", Reg.INPUT: "v", Reg.CONST: "c", Reg.ATTROUT: "oD", Reg.TEXCRDOUT: "oT",
              Reg.CONSTINT: "i", Reg.COLOROUT: "oC", Reg.SAMPLER: "s", Reg.CONSTBOOL: "b", Reg.PREDICATE: "p",
              Reg.LABEL: "l"}.get(Reg(reg) if reg in Reg._value2member_map_ else reg, f"reg{reg}_")
    return f"{prefix}{num}"


def _mask(mask: int) -> str:
    return "" if mask == 0xF else "." + "".join(_XYZW[i] for i in range(4) if mask >> i & 1)


def _swizzle(swz: tuple[int, ...]) -> str:
    if tuple(swz) == IDENTITY:
        return ""
    if len(set(swz)) == 1:
        return "." + _XYZW[swz[0]]
    return "." + "".join(_XYZW[c] for c in swz)


def format_dst(d: Dst, kind: str) -> str:
    return register_name(d.reg, d.num, kind) + _mask(d.mask)


def format_src(s: Src, kind: str) -> str:
    name = register_name(s.reg, s.num, kind)
    if s.rel is not None:
        name += f"[{format_src(s.rel, kind)}]" if s.reg != Reg.CONST else ""
        if s.reg == Reg.CONST:
            name = f"c{s.num}[{format_src(s.rel, kind)}]"
    body = name + _swizzle(s.swizzle)
    mod = SrcMod(s.mod) if s.mod in SrcMod._value2member_map_ else None
    if mod == SrcMod.NEG:
        return "-" + body
    if mod == SrcMod.ABS:
        return name + "_abs" + _swizzle(s.swizzle)
    if mod == SrcMod.ABSNEG:
        return "-" + name + "_abs" + _swizzle(s.swizzle)
    if mod not in (None, SrcMod.NONE):
        return f"{body}_{mod.name.lower()}"
    return body


def _float(bits: int) -> str:
    v = struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if v != v:
        return "1.#QNAN"
    if v in (float("inf"), float("-inf")):
        return "-1.#INF" if v < 0 else "1.#INF"
    text = f"{v:.9g}"
    mant, e, exp = text.partition("e")
    if e:  # the Microsoft C runtime's %g writes at least three exponent digits (d3dcompiler_47 10.1: 1e-006)
        text = f"{mant}e{exp[0]}{exp[1:].zfill(3)}"
    return "-0" if text == "-0" else text


def _dcl(inst: Inst, kind: str) -> str:
    d = inst.dst
    assert d is not None
    tok = inst.decl or 0
    if d.reg == Reg.SAMPLER:
        return f"dcl_{SAMPLER_NAMES.get(SamplerType(tok >> 27 & 0xF), 'unknown')} {format_dst(d, kind)}"
    centroid = "_centroid" if d.mod & DSTMOD_CENTROID else ""  # "dcl_centroid t0.xy" (fxc's AntiAlias listing)
    if kind == "ps" and d.reg in (Reg.ADDR, Reg.INPUT) or d.reg == Reg.MISCTYPE:  # ps_2_x t#/v#, vPos: no usage
        return f"dcl{centroid} {format_dst(d, kind)}"
    usage, index = tok & 0x1F, tok >> 16 & 0xF
    name = USAGE_NAMES.get(Usage(usage), f"usage{usage}") if usage in Usage._value2member_map_ else f"usage{usage}"
    return f"dcl_{name}{index if index else ''}{centroid} {format_dst(d, kind)}"


def instruction_text(inst: Inst, kind: str) -> str:
    if inst.op == "dcl":
        return _dcl(inst, kind)
    if inst.op == "def":
        assert inst.dst is not None
        # D3D_DISASM_PRINT_HEX_LITERALS writes a def's words (defi's integers stay decimal: d3dcompiler_47 10.1)
        value = (lambda v: f"0x{v & 0xFFFFFFFF:08x}") if hex_literals() else _float
        return f"def {format_dst(inst.dst, kind)}, " + ", ".join(value(v) for v in inst.values)
    if inst.op == "defi":
        assert inst.dst is not None
        return f"defi {format_dst(inst.dst, kind)}, " + ", ".join(str(v - (1 << 32) if v >> 31 else v)
                                                                   for v in inst.values)
    name = inst.op
    if name in ("breakc", "ifc", "setp"):  # break_ne, if_lt, setp_ge ...
        name = {"breakc": "break", "ifc": "if"}.get(name, name) + "_" + COMPARISONS.get(inst.controls & 7, "?")
    if name == "texld":
        name = {TEXLD_PROJECT: "texldp", TEXLD_BIAS: "texldb"}.get(inst.controls, "texld")
    if inst.dst is not None:
        if inst.dst.mod & DSTMOD_SATURATE:
            name += "_sat"
        if inst.dst.mod & DSTMOD_PARTIALPRECISION:
            name += "_pp"
        if inst.dst.mod & DSTMOD_CENTROID:
            name += "_centroid"
    ops = ([format_dst(inst.dst, kind)] if inst.dst is not None else []) + [format_src(s, kind) for s in inst.srcs]
    return name + (" " + ", ".join(ops) if ops else "")


def disassemble(prog: Sm2Program, indent: str = "    ", numbering: bool = False, offsets: bool = False) -> list[str]:
    """The listing lines: the version line, then one line per instruction (comment blocks are left out); the
    body of each if / rep / loop block indented two more spaces, its else / end at the block's own level
    (fxc's listings: "rep i0" / "  mul r0.xy, r0, c0" / "endrep"; boolconst "if b0" / "  mul ..." / "else").

    ``numbering`` / ``offsets`` (D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING / _OFFSET; d3dcompiler_47 10.1 under
    Wine, session 40) prefix each instruction line in place of the indent: ``%4d:`` and five spaces, ``0x%08X:``
    and five spaces (the instruction token's byte offset), or both as ``%4d  0x%08X:``. The number is the
    arithmetic slot count before the instruction (listing_slots: a texture load takes the number of the next
    arithmetic instruction); ``def`` / ``dcl`` lines get no number, only the number's width in spaces."""
    kind = prog.kind + ("3" if prog.major >= 3 else "")
    lines = [indent + prog.profile]
    depth = 0
    number = 0
    for i in prog.instructions:
        if i.op == "comment":
            continue
        depth -= i.op in _BLOCK_ENDS
        text = "  " * max(depth, 0) + instruction_text(i, kind)
        if numbering or offsets:
            setup = i.op in _SETUP
            where = f"0x{i.offset:08X}:" if offsets else ""
            if numbering and offsets:
                prefix = (" " * 6 if setup else f"{number:4d}  ") + where
            elif numbering:
                prefix = " " * 5 if setup else f"{number:4d}:"
            else:
                prefix = where
            lines.append(prefix + " " * 5 + text)
            if not setup:
                tex, arith = _slots_of(prog, i)
                number += arith
        else:
            lines.append(indent + text)
        depth += i.op in _BLOCK_STARTS
    return lines


_BLOCK_STARTS = {"if", "ifc", "rep", "loop", "else"}
_BLOCK_ENDS = {"endif", "endrep", "endloop", "else"}
#: setup instructions: no slot, no number in a numbered listing
_SETUP = {"def", "defi", "defb", "dcl"}


def _slots_of(prog: Sm2Program, inst: Inst) -> tuple[int, int]:
    """(texture, arithmetic) slots of one instruction as D3DDisassemble counts them (listing_slots)."""
    from .profile import VS11_SLOTS

    info = BY_NAME[inst.op]
    sm1 = VS11_SLOTS if prog.major == 1 else {}
    n = sm1.get(inst.op, (info.ps_slots if prog.kind == "ps" else info.vs_slots) or 0)
    return (n, 0) if info.kind == "t" and inst.op != "texkill" else (0, n)


def listing_slots(prog: Sm2Program) -> tuple[int, int, int]:
    """(total, texture, arithmetic) slots as D3DDisassemble counts them (d3dcompiler_47 10.1 under Wine, session
    40): each instruction its table slots, a texture load 1 texture slot whatever its form (texldp, texldb, a
    cube map, at ps_2_b and ps_3_0 too) and ``texkill`` an arithmetic one. The compile's limits count ps_2_x
    otherwise (profile.count_slots: texkill 2, texldb 6, ...)."""
    tex = arith = 0
    for inst in prog.instructions:
        if inst.op != "comment":
            t, a = _slots_of(prog, inst)
            tex, arith = tex + t, arith + a
    return tex + arith, tex, arith


def slot_summary(prog: Sm2Program) -> str:
    """fxc's closing line: "approximately N instruction slots used", with the texture / arithmetic split for a
    program that samples, a vs_3_0 ``texldl`` too (none written for one with no texture slot: d3dcompiler_47 10.1
    under Wine, session 40, ps_2_0 / 2_b / 3_0, vs_3_0 and the level 9 Aon9 program alike)."""
    total, tex, arith = listing_slots(prog)
    slots = "1 instruction slot" if total == 1 else f"{total} instruction slots"  # fxc's singular (its listings)
    if tex:
        return f"// approximately {slots} used ({tex} texture, {arith} arithmetic)"
    return f"// approximately {slots} used"


def is_d3d9_bytecode(data: bytes) -> bool:
    """Whether ``data`` starts with a D3D9 vertex / pixel shader version token (not a DXBC container)."""
    if len(data) < 4:
        return False
    word = struct.unpack_from("<I", data, 0)[0]
    return word >> 16 in (0xFFFE, 0xFFFF) and (word >> 8 & 0xFF) in (1, 2, 3)


def _header(table, creator: str) -> list[str]:
    """The creator line and a constant table's Parameters / Registers sections, then a blank line."""
    from .ctab import format_ctab

    lines = ["//", f"// Generated by {table.creator if table is not None else creator}"]
    params = format_ctab(table) if table is not None else []
    if params:
        lines += params[1:] + [""]  # the creator's "//" line above opens the sections
        lines.insert(2, "//")
    return lines


def _preshader_lines(prog) -> list[str]:
    """A PRES preshader's part of the listing, as fxc prints it before the shader's (its BasicHLSL_FX.asm):
    the preshader's own table, ``preshader`` and its instructions, and the instruction count."""
    import struct as _struct

    from ...effects.fx2pres import listing, read_program
    from .ctab import CREATOR, decode_ctab

    for inst in prog.instructions:
        if inst.op == "comment" and inst.values and inst.values[0] == _struct.unpack("<I", b"PRES")[0]:
            pres = read_program(inst.values[1:])
            words = inst.values[1:]
            table = None
            if len(words) > 2 and words[1] & 0xFFFF == 0xFFFE:
                table = decode_ctab(words[2:2 + (words[1] >> 16)])
            text = listing(pres)
            return _header(table, CREATOR) + ["    " + line for line in text] + \
                ["", f"// approximately {len(text) - 1} instruction{'' if len(text) == 2 else 's'} used"]
    return []


def d3d9_listing(data: bytes, instruction_only: bool = False, numbering: bool = False, offsets: bool = False) -> str:
    """fxc's listing of Direct3D 9 bytecode (fxc /dumpbin /Fc; the DXDecompiler corpus's .asm files): a PRES
    preshader's listing first where the shader has one, then the creator line and the CTAB's Parameters /
    Registers sections, a blank line, the program, a blank line and the slot count. ``instruction_only``
    (D3D_DISASM_INSTRUCTION_ONLY): the program lines, a blank line and the slot count (d3dcompiler_47 10.1 under
    Wine, session 40: the header alone is left out)."""
    from .ctab import CREATOR, decode_ctab
    from .program import decode_program

    prog = decode_program(data)
    body = disassemble(prog, numbering=numbering, offsets=offsets)
    if instruction_only:
        return "\n".join(body + ["", slot_summary(prog)]) + "\n"
    table = None
    for inst in prog.instructions:
        if inst.op == "comment":
            table = decode_ctab(inst.values)
            if table is not None:
                break
    lines = _preshader_lines(prog) + _header(table, CREATOR) + body + ["", slot_summary(prog)]
    return "\n".join(lines) + "\n"
