"""The Direct3D 9 shader assembler of ``fx_2_0`` effects' ``asm { ... }`` blocks.

A D3D9 effect may give a shader as assembly (MicrosoftDocs direct3d9 "Effect Format" / "Shader States":
``PixelShader ps = asm { ps_2_0 ... };``, or in a pass ``VertexShader = asm { ... };``); fxc assembles it and
stores the bytecode as it stores a compiled shader. The language is the D3D9 "Asm Shader Reference"
(direct3dhlsl dx9-graphics-reference-asm), its instructions one after another (on lines of their own or not:
each ends after the operands its opcode takes; ``;`` begins a comment to the end of the line) -- the version
(``vs_2_0``, ``vs_2_x``,
``vs_3_0``, ``ps_2_0``, ``ps_2_x``, ``ps_3_0`` and the ``_sw`` ones), ``dcl_usage[N]`` / ``dcl`` / ``dcl_2d|cube|volume`` declarations,
``def`` / ``defi`` / ``defb`` constants and instructions ``op[_comparison][_sat][_pp] dst, src, ...`` with source
negation ``-``, the ``_abs`` modifier, swizzles (one to four of xyzw or rgba, the last repeated) and relative
addressing (``c[a0.x + 5]``, ``c5[a0.x]``, ``v[aL]``). The tokens are the project's D3D9 encoding
(:mod:`..shader.sm2.program`, MicrosoftDocs "Shader Code Format"); fxc writes the assembled program alone: no
comment block, no constant table (its object of DXDecompiler's Internal/Effect_EmbedAssembly.fx).

Not built (NotSupportedError naming it): shader models 1.x (``vs_1_1``, ``ps_1_x``: their modifiers and
``tex*`` instructions), ``phase``, labels and subroutines' ``call``/``label`` forms are encoded as written.
"""

from __future__ import annotations

import re
import struct

from ..errors import NotSupportedError
from ..shader.hlsl.diagnostics import HlslError
from ..shader.sm2 import tokens as T
from ..shader.sm2.program import Dst, Inst, Sm2Program, Src, encode_dst, encode_program, encode_src
from .fx2asmcheck import Sm1Validator, Validator

_VERSIONS = {"vs_1_1": ("vs", 1, 1), "ps_1_1": ("ps", 1, 1), "ps_1_2": ("ps", 1, 2), "ps_1_3": ("ps", 1, 3),
             "ps_1_4": ("ps", 1, 4), "vs_2_0": ("vs", 2, 0), "vs_2_x": ("vs", 2, 1), "vs_3_0": ("vs", 3, 0), "ps_2_0": ("ps", 2, 0),
             "ps_2_x": ("ps", 2, 1), "ps_3_0": ("ps", 3, 0),
             # the software-vertex-processing versions (minor 0xFF: "Asm Shader Reference", vs_2_sw ... ps_3_sw)
             "vs_2_sw": ("vs", 2, 0xFF), "vs_3_sw": ("vs", 3, 0xFF), "ps_2_sw": ("ps", 2, 0xFF),
             "ps_3_sw": ("ps", 3, 0xFF)}
_COMPARE = {name: code for code, name in T.COMPARISONS.items()}
_SAMPLERS = {name: int(t) for t, name in T.SAMPLER_NAMES.items()}
_USAGES = {u.name.lower(): int(u) for u in T.Usage}
_SWZ = {c: i for i, c in enumerate("xyzw")} | {c: i for i, c in enumerate("rgba")}
_NAMED = {"opos": (T.Reg.RASTOUT, 0), "ofog": (T.Reg.RASTOUT, 1), "opts": (T.Reg.RASTOUT, 2), "odepth": (T.Reg.DEPTHOUT, 0),
          "vpos": (T.Reg.MISCTYPE, 0), "vface": (T.Reg.MISCTYPE, 1), "al": (T.Reg.LOOP, 0)}
_PREFIX = [("od", T.Reg.ATTROUT), ("ot", T.Reg.TEXCRDOUT), ("oc", T.Reg.COLOROUT), ("o", T.Reg.TEXCRDOUT),
           ("r", T.Reg.TEMP), ("v", T.Reg.INPUT), ("c", T.Reg.CONST), ("a", T.Reg.ADDR), ("t", T.Reg.ADDR),
           ("s", T.Reg.SAMPLER), ("i", T.Reg.CONSTINT), ("b", T.Reg.CONSTBOOL), ("p", T.Reg.PREDICATE), ("l", T.Reg.LABEL)]
_REGISTER = re.compile(r"([a-z]+)(\d*)$")


class _Line:
    """One line's tokens with a cursor."""

    def __init__(self, toks: list, file: str) -> None:
        self.toks, self.i, self.file = toks, 0, file

    #: (kind, major, minor) of the program being assembled
    version: tuple = ("", 0, 0)

    def invalid_register(self, name: str) -> HlslError:
        tk = self.toks[max(0, min(self.i, len(self.toks)) - 1)]
        return HlslError(tk.pos.file or self.file, tk.pos.line, tk.pos.col, 2005, f"invalid register '{name}'")

    def error(self, msg: str) -> HlslError:
        # the assembler's own error number (d3dcompiler_47 10.1: `mov oC0 r0`, `mov oC0, c0, c1` and a missing operand
        # are X2000 "syntax error : unexpected token" in an fx_2_0 asm block)
        tk = self.toks[min(self.i, len(self.toks) - 1)]
        return HlslError(tk.pos.file or self.file, tk.pos.line, tk.pos.col, 2000, f"asm: {msg}")

    @property
    def tok(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def at(self, text: str) -> bool:
        return self.tok is not None and self.tok.text == text

    def next(self):
        if self.tok is None:
            raise self.error("unexpected end of the instruction")
        self.i += 1
        return self.toks[self.i - 1]

    def expect(self, text: str) -> None:
        if not self.at(text):
            raise self.error(f"expected '{text}'")
        self.next()

    def done(self) -> None:
        if self.tok is not None:
            raise self.error(f"unexpected '{self.tok.text}'")


#: the register files of each version and how many registers each holds, by the name's prefix (MicrosoftDocs
#: "Registers - ps_2_0" ... "vs_3_0", and d3dcompiler_47 10.1's assembler, session 43: a register past them, or of a
#: file the version has not, is X2005 "invalid register 'c32'" -- ``ps_2_0 mov oC0, c32``, ``r12``, ``t8``, ``v2``,
#: ``i0``; vs_2_0 takes c0-c8191; vs_3_0 has no oPos / oD# / oT#, ps_3_0 no t#); the named ones apart (_NAMED_IN).
#: The software versions (``_sw``) are not listed: their limits are the parameter token's (0x7FF)
_FILES = {
    # shader model 1 ("Registers - vs_1_1", "- ps_1_X"; 10.1 takes vs_1_1's c0-c8191 as it does vs_2_0's)
    ("vs", 1, 1): {"c": 8192, "r": 12, "v": 16, "a": 1, "od": 2, "ot": 8},
    ("ps", 1, 1): {"c": 8, "r": 2, "t": 4, "v": 2}, ("ps", 1, 2): {"c": 8, "r": 2, "t": 4, "v": 2},
    ("ps", 1, 3): {"c": 8, "r": 2, "t": 4, "v": 2}, ("ps", 1, 4): {"c": 8, "r": 6, "t": 6, "v": 2},
    ("ps", 2, 0): {"c": 32, "r": 12, "t": 8, "s": 16, "v": 2, "b": 16, "oc": 4},
    ("ps", 2, 1): {"c": 32, "r": 32, "t": 8, "s": 16, "v": 2, "b": 16, "i": 16, "p": 1, "oc": 4},
    ("ps", 3, 0): {"c": 224, "r": 32, "s": 16, "v": 10, "b": 16, "i": 16, "p": 1, "oc": 4},
    ("vs", 2, 0): {"c": 8192, "r": 12, "v": 16, "a": 1, "b": 16, "i": 16, "od": 2, "ot": 8},
    ("vs", 2, 1): {"c": 8192, "r": 32, "v": 16, "a": 1, "b": 16, "i": 16, "p": 1, "od": 2, "ot": 8},
    ("vs", 3, 0): {"c": 8192, "r": 32, "v": 16, "a": 1, "b": 16, "i": 16, "p": 1, "s": 4, "o": 12},
}
#: the named registers a version has (``oPos`` is no vs_3_0 register: X2005)
_NAMED_IN = {"opos": ("vs", (1, 1), (2, 0), (2, 1)), "ofog": ("vs", (1, 1), (2, 0), (2, 1)),
             "opts": ("vs", (1, 1), (2, 0), (2, 1)),
             "odepth": ("ps", (2, 0), (2, 1), (3, 0)), "vpos": ("ps", (3, 0)), "vface": ("ps", (3, 0)),
             "al": ("vs", (2, 0), (2, 1), (3, 0))}


def _register(line: _Line, name: str, kind: str, sm3: bool) -> tuple[int, int]:
    low = name.lower()
    files = _FILES.get(line.version)
    if low in _NAMED:
        allowed = _NAMED_IN.get(low)
        if files is not None and allowed is not None and not (allowed[0] == kind and line.version[1:] in allowed[1:]):
            raise line.invalid_register(name)
        return _NAMED[low]
    m = _REGISTER.match(low)
    if m:
        for prefix, reg in _PREFIX:
            if m.group(1) == prefix:
                num = int(m.group(2) or 0)
                if files is not None and not num < files.get(prefix, 0):
                    raise line.invalid_register(name)
                if prefix == "o" and not sm3 or prefix == "t" and kind != "ps" or prefix == "a" and kind != "vs":
                    break
                if num > 0x7FF and prefix == "c" and files is not None:
                    # c2048-c8191 are the D3DSPR_CONST2-4 register types ("Register Types"), not built here
                    raise NotSupportedError(f"fx_2_0 asm: constant register {name} (past c2047)")
                if num > 0x7FF:  # the parameter token's 11-bit register number
                    raise line.error(f"'{name}': register number out of range")
                return int(reg), num
    if files is not None:
        raise line.invalid_register(name)
    raise line.error(f"'{name}' is no register of this shader")


def _swizzle(line: _Line, text: str) -> tuple[int, int, int, int]:
    if not 1 <= len(text) <= 4 or any(c not in _SWZ for c in text):
        raise line.error(f"bad swizzle '.{text}'")
    comps = [_SWZ[c] for c in text]
    return tuple(comps + [comps[-1]] * (4 - len(comps)))  # type: ignore[return-value]


def _mask(line: _Line) -> int:
    if not line.at("."):
        return 0xF
    line.next()
    text = line.next().text
    idx = [_SWZ.get(c, -1) for c in text]
    if -1 in idx or idx != sorted(set(idx)):
        raise line.error(f"bad write mask '.{text}'")
    return sum(1 << i for i in idx)


def _dst(line: _Line, kind: str, sm3: bool) -> Dst:
    reg, num = _register(line, line.next().text, kind, sm3)
    if line.at(".") and (reg == T.Reg.DEPTHOUT or reg == T.Reg.RASTOUT and num in (1, 2)):
        # oDepth, oFog and oPts are one component (10.1: X2022 "scalar registers cannot be masked" at every version)
        tk = line.tok
        raise HlslError(tk.pos.file or line.file, tk.pos.line, tk.pos.col, 2022, "scalar registers cannot be masked")
    return Dst(reg, num, _mask(line))


#: the source modifiers written after a register's name (MicrosoftDocs "Source Register Modifiers" of ps_1_X:
#: _bias, _bx2, _x2 (ps_1_4), the texld's _dz / _db / _dw / _da), with a negation's code beside each
_SUFFIX_MODS = {"_bias": (T.SrcMod.BIAS, T.SrcMod.BIASNEG), "_bx2": (T.SrcMod.SIGN, T.SrcMod.SIGNNEG),
                "_x2": (T.SrcMod.X2, T.SrcMod.X2NEG), "_dz": (T.SrcMod.DZ, None), "_db": (T.SrcMod.DZ, None),
                "_dw": (T.SrcMod.DW, None), "_da": (T.SrcMod.DW, None)}


def _src(line: _Line, kind: str, sm3: bool) -> Src:
    major = line.version[1]
    comp = major == 1 and kind == "ps" and line.tok is not None and line.tok.text == "1" and \
        line.i + 1 < len(line.toks) and line.toks[line.i + 1].text == "-"
    if comp:  # ps_1_X's complement, ``1-v0``
        line.next()
        line.next()
    neg = line.at("-")
    if neg:
        line.next()
    name = line.next().text
    # ``_abs`` is no modifier of shader model 1 or ps_2_0 (10.1: ``ps_2_0 mov oC0, c0_abs`` is X2005 "invalid
    # register 'c0_abs'"); the ps_1_X modifiers are theirs alone
    absolute = name.lower().endswith("_abs") and line.version not in (("ps", 2, 0),) and major != 1
    if absolute:
        name = name[:-4]
    suffix = next((k for k in _SUFFIX_MODS if name.lower().endswith(k)), None) if major == 1 and kind == "ps" \
        else None
    if suffix is not None:
        name = name[:-len(suffix)]
    rel = None
    offset = None
    if line.at("["):  # c[a0.x + 5], c5[a0.x], v[aL]
        line.next()
        if line.tok is not None and line.tok.kind == "int":
            offset = int(line.next().text, 0)
            line.expect("+")
        rel = _src(line, kind, sm3)
        if line.at("+"):
            line.next()
            offset = int(line.next().text, 0)
        line.expect("]")
    reg, num = _register(line, name, kind, sm3)
    if offset is not None:
        num += offset
    swz = (0, 1, 2, 3)
    if line.at("."):
        line.next()
        swz = _swizzle(line, line.next().text)
    mod = T.SrcMod.ABSNEG if neg and absolute else T.SrcMod.ABS if absolute else T.SrcMod.NEG if neg else T.SrcMod.NONE
    if suffix is not None:
        plain, negated = _SUFFIX_MODS[suffix]
        if neg and negated is None or comp:
            raise NotSupportedError(f"fx_2_0 asm: the source modifiers of '{'1-' if comp else '-'}{name}{suffix}'")
        mod = negated if neg else plain
    elif comp:
        if neg:
            raise NotSupportedError(f"fx_2_0 asm: the source modifiers of '1--{name}'")
        mod = T.SrcMod.COMP
    return Src(reg, num, swz, int(mod), rel)


def _number(line: _Line, integer: bool = False) -> float:
    sign = -1.0 if line.at("-") else 1.0
    if sign < 0:
        line.next()
    tk = line.next()
    if tk.kind not in (("int",) if integer else ("int", "float")):
        raise line.error(f"expected {'an integer' if integer else 'a number'}, not '{tk.text}'")
    return sign * float(tk.text.rstrip("fFhHlLuU") if tk.kind == "float" else int(tk.text.rstrip("uUlL"), 0))


def _dcl(line: _Line, name: str, kind: str, sm3: bool) -> Inst:
    parts = name.lower().split("_")[1:]
    decl, mod = 0, 0
    for p in [x for x in parts if x in ("centroid", "pp")]:
        mod |= T.DSTMOD_CENTROID if p == "centroid" else T.DSTMOD_PARTIALPRECISION
    parts = [x for x in parts if x not in ("centroid", "pp")]
    if len(parts) > 1:
        raise line.error(f"unknown declaration '{name}'")
    if parts and parts[0] in _SAMPLERS:
        if kind == "vs" and line.version[1] < 3:  # no samplers below vs_3_0 (10.1: ``vs_1_1 dcl_2d s0`` X2000)
            raise line.error(f"unknown declaration '{name}'")
        decl = _SAMPLERS[parts[0]] << 27
    elif parts:
        m = re.fullmatch(r"([a-z]+?)(\d*)", parts[0])
        if m is None or m.group(1) not in _USAGES:
            raise line.error(f"unknown declaration '{name}'")
        if int(m.group(2) or 0) > 15:  # the usage index is 4 bits of the dcl token
            raise line.error(f"'{name}': usage index out of range")
        decl = _USAGES[m.group(1)] | int(m.group(2) or 0) << 16
    dst = _dst(line, kind, sm3)
    dst.mod = mod
    return Inst("dcl", dst, decl=decl)


#: shader model 1's instruction sets ("Instructions - vs_1_1", "- ps_1_1, ps_1_2, ps_1_3", "- ps_1_4"; 10.1 fails
#: any other name with X2000 "unexpected token": ``ps_1_1 rcp``, ``ps_1_1 dcl v0``, ``ps_1_4 tex t0``)
_VS11 = frozenset({"add", "dp3", "dp4", "dst", "exp", "expp", "frc", "lit", "log", "logp", "m3x2", "m3x3", "m3x4",
                   "m4x3", "m4x4", "mad", "max", "min", "mov", "mul", "nop", "rcp", "rsq", "sge", "slt", "sub", "def",
                   "dcl"})
#: the ps_1_X texture instructions not built here (NotSupportedError naming them)
_PS1_TEXTURE = frozenset({"texbem", "texbeml", "texdp3", "texdp3tex", "texm3x2depth", "texm3x2pad", "texm3x2tex",
                          "texm3x3", "texm3x3pad", "texm3x3spec", "texm3x3tex", "texm3x3vspec", "texreg2ar",
                          "texreg2gb", "texreg2rgb", "texdepth", "bem"})
_PS11 = frozenset({"add", "cnd", "dp3", "lrp", "mad", "mov", "mul", "nop", "sub", "def", "tex", "texcoord", "texkill"})
_PS1 = {1: _PS11 | _PS1_TEXTURE - {"texdepth", "bem", "texm3x2depth"},
        2: _PS11 | {"dp4", "cmp"} | _PS1_TEXTURE - {"texdepth", "bem", "texm3x2depth"},
        3: _PS11 | {"dp4", "cmp"} | _PS1_TEXTURE - {"texdepth", "bem"},
        4: frozenset({"add", "cmp", "cnd", "dp3", "dp4", "lrp", "mad", "mov", "mul", "nop", "sub", "def", "phase",
                      "texld", "texcrd", "texkill", "texdepth", "bem"})}
#: shader model 1's own opcodes (D3DSIO_CND, _TEXCOORD, _TEX, _PHASE): (code, has a destination, sources); ps_1_4's
#: texld and texcrd take one source (``texld r0, t0``, ``texcrd r0.rgb, t0``), ps_1_1's tex and texcoord none
_SM1_CODES = {"cnd": (80, True, 3), "texcoord": (64, True, 0), "tex": (66, True, 0), "phase": (0xFFFD, False, 0),
              "texcrd": (64, True, 1)}
#: ps_1_X's result shifts (the destination token's bits 24-27: x2 1, x4 2, x8 3, d2 -1, d4 -2, d8 -3)
_SHIFTS = {"x2": 1, "x4": 2, "x8": 3, "d2": 0xF, "d4": 0xE, "d8": 0xD}


def _sm1_instruction(line: _Line, kind: str) -> tuple[Inst, bool]:
    """One shader-model-1 instruction and whether it is co-issued (ps_1_X's ``+``)."""
    coissue = line.at("+")
    if coissue:
        if kind == "vs":
            tk = line.tok
            raise HlslError(tk.pos.file or line.file, tk.pos.line, tk.pos.col, 2027,
                            "instruction coissue is not supported in this shader version")
        line.next()
    name = line.tok.text if line.tok is not None else ""
    low = name.lower()
    parts = low.split("_")
    op, rest = parts[0], parts[1:]
    allowed = _VS11 if kind == "vs" else _PS1[line.version[2]]
    if op not in allowed or kind == "vs" and rest and op != "dcl" or op == "def" and rest:
        raise line.error(f"unknown instruction '{name}'")  # (at the name: X2000 "unexpected token")
    if op in _PS1_TEXTURE:
        raise NotSupportedError(f"fx_2_0 asm: the ps_1_X texture instruction '{name}'")
    if op in ("def", "dcl"):
        return _instruction(line, kind, False), coissue
    line.next()
    mod, shift = 0, 0
    for r in rest:
        if r == "sat":
            mod |= T.DSTMOD_SATURATE
        elif r in _SHIFTS:
            shift = _SHIFTS[r]
        else:
            raise line.error(f"unknown instruction '{name}'")
    if op in _SM1_CODES:
        has_dst, want = _SM1_CODES[op][1:]
    elif op == "texld":  # ps_1_4
        has_dst, want = True, 1
    else:
        info = T.BY_NAME[op]
        has_dst, want = info.dst, info.srcs
    inst = Inst(op)
    for k in range(int(has_dst) + want):
        if k:
            line.expect(",")
        if line.tok is None:
            raise line.error(f"'{name}' takes {want} source operand{'s' if want != 1 else ''}")
        if has_dst and inst.dst is None:
            inst.dst = _dst(line, kind, False)
            inst.dst.mod, inst.dst.shift = mod, shift
        else:
            inst.srcs.append(_src(line, kind, False))
    if (mod or shift) and not has_dst:
        raise line.error(f"'{name}' takes no result modifier")
    return inst, coissue


def _encode_sm1(prog: Sm2Program, coissued: set[int]) -> list[int]:
    """A shader-model-1 program's tokens ("Instruction Token": no length before version 2_0; bit 30 marks a
    co-issued instruction), with the model's own opcodes (_SM1_CODES)."""
    out = [prog.version_token]
    for k, inst in enumerate(prog.instructions):
        code = _SM1_CODES[inst.op][0] if inst.op in _SM1_CODES else T.BY_NAME[inst.op].code
        params: list[int] = []
        if inst.op == "dcl":
            params.append(0x80000000 | (inst.decl or 0))
        if inst.dst is not None:
            params.append(encode_dst(inst.dst))
        params.extend(v & 0xFFFFFFFF for v in inst.values)
        for src in inst.srcs:
            params.extend(encode_src(src, True))
        out.append(code | (inst.controls & 0xFF) << 16 | (0x40000000 if k in coissued else 0))
        out.extend(params)
    out.append(T.END_TOKEN)
    return out


def _instruction(line: _Line, kind: str, sm3: bool) -> Inst:
    name = line.next().text
    low = name.lower()
    if low.startswith("dcl"):
        return _dcl(line, name, kind, sm3)
    if low in ("def", "defi", "defb"):
        dst = _dst(line, kind, sm3)
        values: list[int] = []
        for _ in range(1 if low == "defb" else 4):
            line.expect(",")
            if low == "defb":
                word = line.next().text.lower()
                if word not in ("true", "false"):
                    raise line.error("defb takes true or false")
                values.append(int(word == "true"))
            elif low == "defi":
                values.append(int(_number(line, integer=True)) & 0xFFFFFFFF)
            else:
                values.append(struct.unpack("<I", struct.pack("<f", _number(line)))[0])
        return Inst(low, dst, values=values)
    parts = low.split("_")
    op, controls, mod = parts[0], 0, 0
    rest = parts[1:]
    if op in ("if", "break", "setp") and rest and rest[0] in _COMPARE:
        controls = _COMPARE[rest.pop(0)]
        op = {"if": "ifc", "break": "breakc"}.get(op, op)
    if op in ("texldp", "texldb"):
        op, controls = "texld", T.TEXLD_PROJECT if op == "texldp" else T.TEXLD_BIAS
    for r in rest:
        bit = {"sat": T.DSTMOD_SATURATE, "pp": T.DSTMOD_PARTIALPRECISION, "centroid": T.DSTMOD_CENTROID}.get(r)
        if bit is None:
            raise NotSupportedError(f"fx_2_0 asm: the instruction modifier '_{r}' ({name})") \
                if r in ("x2", "x4", "x8", "d2", "d4", "d8") else line.error(f"unknown instruction '{name}'")
        mod |= bit
    info = T.BY_NAME.get(op)
    if info is None or op in ("dcl", "def", "defi", "defb"):
        raise line.error(f"unknown instruction '{name}'")
    if (info.vs_slots if kind == "vs" else info.ps_slots) is None and not (sm3 and op == "texldl") or \
            op == "texldl" and not sm3:  # (10.1: ``vs_2_0 texldl`` is X2000 at the name)
        raise line.error(f"'{name}' is no {kind} instruction")
    inst = Inst(op, controls=controls)
    # the opcode table says how many operands follow (sincos takes one source at shader model 3: "sincos - vs" /
    # "- ps"), so the instruction ends there: fxc assembles `ps_2_0 mov oC0, c0 mov r0, c1` on one line
    want = 1 if op == "sincos" and sm3 else info.srcs
    for k in range(int(bool(info.dst)) + want):
        if k:
            line.expect(",")
        if line.tok is None:
            raise line.error(f"'{name}' takes {want} source operand{'s' if want != 1 else ''}")
        if info.dst and inst.dst is None:
            inst.dst = _dst(line, kind, sm3)
            inst.dst.mod = mod
        else:
            inst.srcs.append(_src(line, kind, sm3))
    if mod and not info.dst:
        raise line.error(f"'{name}' takes no result modifier")
    return inst


def assemble(lines: list[list], file: str) -> bytes:
    """The bytecode of an asm block given as its tokens, one list per source line (see the module)."""
    # `;` begins a comment to the end of its line, as `//` does (the D3D9 assembler: fxc reads `asm { ps_2_0;
    # mov oC0, c0; }` as an empty program); the instructions need no line of their own (see _instruction)
    toks = []
    for ln in lines:
        cut = next((i for i, t in enumerate(ln) if t.text == ";"), len(ln))
        toks += ln[:cut]
    # no version first (an empty block, a comment only, `mov …`, `ps_9_0`): 10.1's X2001 "shader version expected"
    if not toks:
        raise HlslError(file, 1, 1, 2001, "asm: shader version expected")
    line = _Line(toks, file)
    version = line.next().text.lower()
    if version not in _VERSIONS:
        if version == "ps_1_0":
            raise NotSupportedError(f"fx_2_0 asm: shader model 1 assembly ({version})")
        tk = toks[0]
        raise HlslError(tk.pos.file or file, tk.pos.line, tk.pos.col, 2001, "asm: shader version expected")
    kind, major, minor = _VERSIONS[version]
    line.version = (kind, major, minor)
    prog = Sm2Program(kind, major, minor)
    # the runtime validator's rules (fx2asmcheck.py), as fxc applies them
    check = Sm1Validator(line.version, file) if major == 1 else Validator(line.version, file)
    coissued: set[int] = set()
    while line.tok is not None:
        tok = line.tok
        if major == 1:
            inst, coissue = _sm1_instruction(line, kind)
            if coissue:
                coissued.add(len(prog.instructions))
            prog.instructions.append(inst)
            check.step(inst, tok, coissue)  # type: ignore[call-arg]
        else:
            prog.instructions.append(_instruction(line, kind, major == 3))
            check.step(prog.instructions[-1], tok)
    check.finish(toks[0])
    words = _encode_sm1(prog, coissued) if major == 1 else encode_program(prog)
    return struct.pack(f"<{len(words)}I", *words)


def shader_kind(data: bytes) -> str:
    """'vs' or 'ps' from an assembled program's version token."""
    return "vs" if struct.unpack_from("<I", data)[0] >> 16 == 0xFFFE else "ps"
