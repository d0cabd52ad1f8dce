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
from ..shader.sm2.program import Dst, Inst, Sm2Program, Src, encode_program

_VERSIONS = {"vs_2_0": ("vs", 2, 0), "vs_2_x": ("vs", 2, 1), "vs_3_0": ("vs", 3, 0), "ps_2_0": ("ps", 2, 0),
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
    ("ps", 2, 0): {"c": 32, "r": 12, "t": 8, "s": 16, "v": 2, "b": 16, "oc": 4},
    ("ps", 2, 1): {"c": 32, "r": 32, "t": 8, "s": 16, "v": 2, "b": 16, "i": 16, "p": 1, "oc": 4},
    ("ps", 3, 0): {"c": 224, "r": 32, "s": 16, "v": 10, "b": 16, "i": 16, "p": 1, "oc": 4},
    ("vs", 2, 0): {"c": 8192, "r": 12, "v": 16, "a": 1, "b": 16, "i": 16, "od": 2, "ot": 8},
    ("vs", 2, 1): {"c": 8192, "r": 32, "v": 16, "a": 1, "b": 16, "i": 16, "p": 1, "od": 2, "ot": 8},
    ("vs", 3, 0): {"c": 8192, "r": 32, "v": 16, "a": 1, "b": 16, "i": 16, "p": 1, "s": 4, "o": 12},
}
#: the named registers a version has (``oPos`` is no vs_3_0 register: X2005)
_NAMED_IN = {"opos": ("vs", (2, 0), (2, 1)), "ofog": ("vs", (2, 0), (2, 1)), "opts": ("vs", (2, 0), (2, 1)),
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
    return Dst(reg, num, _mask(line))


def _src(line: _Line, kind: str, sm3: bool) -> Src:
    neg = line.at("-")
    if neg:
        line.next()
    name = line.next().text
    absolute = name.lower().endswith("_abs")
    if absolute:
        name = name[:-4]
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
    if (info.vs_slots if kind == "vs" else info.ps_slots) is None and not (sm3 and op == "texldl"):
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
        if re.fullmatch(r"(vs_1_1|ps_1_[0-4])", version):
            raise NotSupportedError(f"fx_2_0 asm: shader model 1 assembly ({version})")
        tk = toks[0]
        raise HlslError(tk.pos.file or file, tk.pos.line, tk.pos.col, 2001, "asm: shader version expected")
    kind, major, minor = _VERSIONS[version]
    line.version = (kind, major, minor)
    prog = Sm2Program(kind, major, minor)
    while line.tok is not None:
        prog.instructions.append(_instruction(line, kind, major == 3))
    words = encode_program(prog)
    return struct.pack(f"<{len(words)}I", *words)


def shader_kind(data: bytes) -> str:
    """'vs' or 'ps' from an assembled program's version token."""
    return "vs" if struct.unpack_from("<I", data)[0] >> 16 == 0xFFFE else "ps"
