"""The Direct3D 9 shader validator's rules for ``asm { }`` blocks of shader models 2.0 and 3.0 (fx2asm.py).

fxc assembles an effect's asm block and then validates the program as the Direct3D 9 runtime's shader validator
does, one instruction after another and then the program as a whole; the first rule broken is the error (its
own X5xxx number at each shader version). The rules are those of the MicrosoftDocs "Asm Shader Reference"
pages (direct3dhlsl dx9-graphics-reference-asm): "Registers - ps_2_0" ... "- vs_3_0" (which registers must be
declared with ``dcl``, which read before written, how many constant registers one instruction may read), "dcl"
and "def" (they come before the instructions), "rcp" / "rsq" / "exp" / "log" / "pow" ("src must use a replicate
swizzle"), "Source Register Swizzling" (ps_2_0's five swizzles), "Pixel Shader Output Registers" / "oC#"
(written once, with ``mov``, the whole register, no swizzle or modifier, no gaps; ps_2_0 must write oC0) and
"oDepth" (a replicate swizzle). Where the pages say no more -- which of the rules each version keeps, their
order, their error numbers -- d3dcompiler_47 10.1's answers are the rule (session 44, helper EFX: every rule
probed at ps_2_0, ps_2_x, ps_3_0, vs_2_0, vs_2_x and vs_3_0):

* per instruction: its sources' swizzles (ps_2_0's selector X5202, then a scalar instruction's replicate swizzle
  X5422 / X5793 / X5794 / X5795), a texld's coordinate register at ps_2_x and below (X5192) and its sampler's
  declaration (X5203 / X5576 / X5577), then what each source reads -- a ps_2_0 temporary's components must be
  written (X5204), an input's declared (ps_2_x and below X5546 for v# and t#, ps_3_0 X5984, vs_2_x and below X5702,
  vs_3_0 X5703) --, then the constant registers it reads (one, ps X5213 / X5584, vs X5393 / X5752; vs_2_x reads
  at most two constants at all, X5366), then its destination (an oC#: ps_2_x and below X5406 not a mov, X5408 a
  swizzle, X5407 a modifier, X5512 _sat, X5410 a partial mask, ps_2_0 X5411 written twice; oDepth: a replicate
  swizzle X5414 / X6062, ps_2_0 X5416 written twice; vs_3_0 o#: declared components X5704);
* a ``def`` / ``dcl`` after another instruction (X5378 / X5215, X5729 / X5297, X5730 / X6020, X5731 / X5623),
  a register declared twice (X5219, X5301 / X5769, X5632, X5633), a vs_2_x input declared with a mask (X5800);
* the program: ps_2_0 writes oC0 (X5405) and its oC# without a gap (X5573).

The software versions (``_sw``) are not validated (the runtime takes their programs unchecked).
"""

from __future__ import annotations

from ..shader.hlsl.diagnostics import HlslError
from ..shader.sm2 import tokens as T
from ..shader.sm2.lanes import SCALAR_OPS
from ..shader.sm2.profile import PS20_SWIZZLES  # besides the replicates ("Source Register Swizzling - ps_2_0")
from ..shader.sm2.program import Inst, Src

_PS20, _PS2X, _PS30 = ("ps", 2, 0), ("ps", 2, 1), ("ps", 3, 0)
_VS20, _VS2X, _VS30 = ("vs", 2, 0), ("vs", 2, 1), ("vs", 3, 0)
#: the error numbers of each version: def late, dcl late, declared twice (sampler), declared twice (other),
#: replicate swizzle, sampler undeclared, different constants, input undeclared
_NUMBERS = {
    _PS20: (5378, 5215, 5219, 5219, 5422, 5203, 5213, 5546),
    _PS2X: (5378, 5215, 5219, 5219, 5422, 5203, 5213, 5546),
    _PS30: (5729, 5297, 5769, 5301, 5793, 5576, 5584, 5984),
    _VS20: (5730, 6020, 5632, 5632, 5794, 5577, 5393, 5702),
    _VS2X: (5730, 6020, 5632, 5632, 5794, 5577, 5393, 5702),
    _VS30: (5731, 5623, 5633, 5633, 5795, 5577, 5752, 5703),
}
#: instructions whose sources must select one component ("rcp", "rsq", "exp", "log", "expp", "logp", "pow"; the
#: first source of "sincos")
#: how many components of its (swizzled) source each instruction reads when it does not read them per component
_READS_FIRST = {"dp3": 3, "nrm": 3, "crs": 3, "texkill": 3, "dp4": 4, "m4x4": 4, "m4x3": 4, "m3x4": 3,
                "m3x3": 3, "m3x2": 3, "texldl": 4, "texldd": 4}
#: instructions that read no register for a value (flow control: not validated here)
_FLOW = frozenset({"if", "ifc", "else", "endif", "rep", "endrep", "loop", "endloop", "break", "breakc", "breakp",
                   "call", "callnz", "ret", "label", "setp", "nop"})


def _err(tok, file: str, code: int, msg: str) -> HlslError:
    return HlslError(tok.pos.file or file, tok.pos.line, tok.pos.col, code, msg)


def _is_replicate(s: Src) -> bool:
    return len(set(s.swizzle)) == 1


def _read_components(inst: Inst, k: int, samplers: dict[int, int]) -> set[int]:
    """The source components (after the swizzle) instruction ``inst`` reads of its source ``k``."""
    s = inst.srcs[k]
    op = inst.op
    if op in SCALAR_OPS or op == "sincos" and k == 0:
        return {s.swizzle[0]}
    if op == "dp2add":
        return {s.swizzle[0]} if k == 2 else {s.swizzle[0], s.swizzle[1]}
    if op == "texld" and k == 0:
        if inst.controls:  # texldp / texldb read the fourth component too
            return set(s.swizzle)
        kind = samplers.get(inst.srcs[1].num) if len(inst.srcs) > 1 else None
        return set(s.swizzle[:2]) if kind == T.SamplerType.TEX_2D else set(s.swizzle[:3])
    if op in _READS_FIRST and k == 0:
        return set(s.swizzle[:_READS_FIRST[op]])
    if op in _READS_FIRST or op in ("texld", "sincos"):
        return set(s.swizzle)
    mask = inst.dst.mask if inst.dst is not None else 0xF
    return {s.swizzle[c] for c in range(4) if mask >> c & 1}


class Validator:
    """The validator of one program, fed each instruction as it is assembled: fxc validates an instruction before
    it reads the next (d3dcompiler_47 10.1: ``ps_2_0 mov oC0, r0 foo r0`` and ``mov oC0, r0 mov oC0, c32`` are
    X5204, the first instruction's error, not the second's X2000 / X2005), and the program at its end."""

    def __init__(self, version: tuple, file: str) -> None:
        self.version, self.file = version, file
        self.numbers = _NUMBERS.get(version)
        self.written: dict[tuple[int, int], int] = {}  # (register type, number) -> components written
        self.declared: dict[tuple[int, int], int] = {}  # inputs / outputs -> components declared
        self.samplers: dict[int, int] = {}  # sampler number -> its texture type
        self.colors: set[int] = set()
        self.depth = False
        self.body = False
        self.last = None

    def step(self, inst: Inst, tok) -> None:
        """Validate one instruction (``tok``: its first token)."""
        if self.numbers is None:
            return
        self.last = tok
        version, file = self.version, self.file
        def_late, dcl_late, twice_sampler, twice, replicate, no_sampler, consts, undeclared = self.numbers
        kind = version[0]
        written, declared, samplers = self.written, self.declared, self.samplers
        if inst.op in ("def", "defi", "defb", "dcl"):
            if self.body:
                raise _err(tok, file, dcl_late if inst.op == "dcl" else def_late,
                           "def and dcl instructions must appear before other instructions")
            if inst.op == "dcl" and inst.dst is not None:
                d = inst.dst
                key = (int(d.reg), d.num)
                if d.reg == T.Reg.SAMPLER:
                    if d.num in samplers:
                        raise _err(tok, file, twice_sampler, f"Sampler s{d.num} already declared")
                    samplers[d.num] = (inst.decl or 0) >> 27
                    return
                if key in declared and (version[1] != 3 or declared[key] & d.mask):  # 3.0: components overlap
                    raise _err(tok, file, twice, f"Register {d.num} has already been declared")
                if kind == "vs" and version[1] == 2 and d.reg == T.Reg.INPUT and d.mask != 0xF:
                    raise _err(tok, file, 5800, "dcl must specify full writemask in this shader version for v# "
                                                "registers")
                declared[key] = declared.get(key, 0) | d.mask
            return
        self.body = True
        if inst.op in _FLOW:
            return
        _check_sources(inst, tok, file, version, replicate)
        if inst.op == "texld" and version[:2] == ("ps", 2) and len(inst.srcs) > 1 and \
                inst.srcs[0].reg not in (T.Reg.TEMP, T.TEXTURE):
            raise _err(tok, file, 5192, "First source parameter for texld must be temp (r#) or texture coordinate "
                                        "input(t#) register.")
        for s in inst.srcs:
            if s.reg == T.Reg.SAMPLER and s.num not in samplers:
                raise _err(tok, file, no_sampler, f"Sampler register s{s.num} has not been declared.")
        reads = [(s, _read_components(inst, k, samplers)) for k, s in enumerate(inst.srcs)]
        if inst.op == "texkill" and inst.dst is not None:  # its operand is a destination token it reads (.xyz)
            d = inst.dst
            reads.append((Src(d.reg, d.num), {0, 1, 2}))
        for s, comps in reads:
            if s.reg == T.Reg.SAMPLER or s.rel is not None:
                continue
            need = sum(1 << c for c in comps)
            key = (int(s.reg), s.num)
            if s.reg == T.Reg.TEMP and version == _PS20 and need & ~written.get(key, 0):
                raise _err(tok, file, 5204, f"Read of uninitialized components in r{s.num}")
            if s.reg == T.Reg.INPUT or s.reg == T.TEXTURE and kind == "ps":
                have = declared.get(key, 0)
                if (have == 0 if kind == "vs" and version[1] == 2 else need & ~have):
                    raise _err(tok, file, undeclared, f"Components of register {s.num} being read, but not "
                                                      "declared")
        _check_constants(inst, tok, file, version, consts)
        d = inst.dst
        if d is None or inst.op == "texkill":
            return
        if d.reg == T.Reg.COLOROUT and kind == "ps" and version[1] == 2:
            _check_color_write(inst, tok, file, version, d.num in self.colors)
            self.colors.add(d.num)
        elif d.reg == T.Reg.DEPTHOUT and kind == "ps":
            if inst.op == "mov" and inst.srcs and not _is_replicate(inst.srcs[0]):
                raise _err(tok, file, 5414 if version[1] == 2 else 6062, "Source parameter for instruction "
                           "writing to oDepth must use a replicate source swizzle")
            if self.depth and version == _PS20:
                raise _err(tok, file, 5416, "oDepth already written.")
            self.depth = True
        elif d.reg == T.Reg.TEXCRDOUT and version == _VS30 and d.mask & ~declared.get((int(d.reg), d.num), 0):
            raise _err(tok, file, 5704, f"Attempt to write undeclared components of output register o{d.num}")
        key = (int(d.reg), d.num)
        written[key] = written.get(key, 0) | d.mask

    def finish(self, end_tok) -> None:
        """The program's rules, at its end: ps_2_0 writes oC0 and its oC# without a gap."""
        if self.version != _PS20:
            return
        tok = self.last or end_tok
        if 0 not in self.colors:
            raise _err(tok, self.file, 5405, "Pixel shader must minimally write to oC0 (with a mov instruction).")
        if self.colors != set(range(max(self.colors) + 1)):
            raise _err(tok, self.file, 5573, "When a ps_2_0 shader writes to oCn, it must write to all of oC(n-1) "
                                             "down to oC0 (no gaps).")


def _check_sources(inst: Inst, tok, file: str, version: tuple, replicate: int) -> None:
    """ps_2_0's source selectors, then the scalar instructions' replicate swizzles."""
    for s in inst.srcs:
        if version == _PS20 and s.reg != T.Reg.SAMPLER and not _is_replicate(s) and \
                tuple(s.swizzle) not in PS20_SWIZZLES:
            raise _err(tok, file, 5202, "(Source param) Invalid source selector")
    scalar = inst.srcs if inst.op in SCALAR_OPS else inst.srcs[:1] if inst.op == "sincos" and version[1] == 2 else []
    for s in scalar:
        if not _is_replicate(s):
            raise _err(tok, file, replicate, f"{inst.op} requires replicate swizzle for source parameter(s)")


def _check_constants(inst: Inst, tok, file: str, version: tuple, code: int) -> None:
    """One constant register a instruction (the same one read twice is one); vs_2_x reads at most two constants in
    all (X5366 first)."""
    # (sincos's second and third sources at shader model 2 are its fixed constants: ``sincos r0.xy, c0.x, c1, c2``)
    srcs = inst.srcs[:1] if inst.op == "sincos" and version[1] == 2 else inst.srcs
    consts = [s for s in srcs if s.reg == T.Reg.CONST and s.rel is None]
    if version[0] == "vs" and version[1] == 2 and len(consts) > 2:
        raise _err(tok, file, 5366, "More than 2 constants (even identical ones) cannot be read by an instruction.")
    different = len({s.num for s in consts})
    if different > 1:
        raise _err(tok, file, code, f"{different} different constant registers (c#) read by instruction.")


def _check_color_write(inst: Inst, tok, file: str, version: tuple, again: bool) -> None:
    """ps_2_0 / ps_2_x write an oC# with a mov of one whole register, unswizzled and unmodified (ps_2_0: once)."""
    d = inst.dst
    if inst.op != "mov":
        raise _err(tok, file, 5406, "oCn registers may only be written using the mov instruction.")
    src = inst.srcs[0]
    if tuple(src.swizzle) != (0, 1, 2, 3):
        raise _err(tok, file, 5408, "Source parameter for instruction writing to oCn cannot use swizzles.")
    if src.mod:
        raise _err(tok, file, 5407, "Source parameter for instruction writing to oCn cannot use a modifier.")
    if d.mod & T.DSTMOD_SATURATE:
        raise _err(tok, file, 5512, "Write to oCn register cannot use _sat instruction modifier.")
    if d.mask != 0xF:
        raise _err(tok, file, 5410, "Write to oCn register must use full writemask.")
    if again and version == _PS20:
        raise _err(tok, file, 5411, f"oC{d.num} already written. (oCn registers can only be written at most once "
                                    "each)")


class Sm1Validator:
    """The validator of a shader-model-1 program (vs_1_1, ps_1_1 ... ps_1_4), fed as Validator is. The rules are the
    MicrosoftDocs pages' ("Registers - vs_1_1" / "- ps_1_X": which registers are read before written; "Source
    Register Modifiers" and "Source Register Swizzling - ps_1_X": none on constants, ps_1_1-1_3 take the alpha
    replicate and .b in the alpha pipe alone, ps_1_4 any replicate; "Destination Register Write Masks" (ps_1_1-1_3:
    .rgb, .a or all); "Instruction Modifiers" (ps_1_1-1_3 shift by x2, x4, d2); "cnd - ps" (ps_1_1-1_3 test r0.a);
    "Instruction Pairing" (a co-issued pair writes the color and the alpha apart); "def"; vs_1_1 writes oPos whole,
    a0 only as a0.x, oFog / oPts with a replicate swizzle) with d3dcompiler_47 10.1's numbers and order (session 44):
    per instruction its sources' modifiers and swizzles, their reads, its constants (ps: at most two different,
    vs_1_1 one), its destination; at the end r0 (ps) or oPos (vs) written whole."""

    #: ps_1_1-1_3 / ps_1_4: def late, r0 unwritten, uninitialised read, constant modifier, swizzle, constants,
    #: co-issue
    _PS = {False: (5063, 5090, 5036, 5539, 5027, 5049, 5080), True: (5155, 5185, 5121, 5097, 5116, 5134, 5172)}

    def __init__(self, version: tuple, file: str) -> None:
        self.version, self.file = version, file
        self.kind = version[0]
        self.ps14 = version == ("ps", 1, 4)
        self.written: dict[tuple[int, int], int] = {}
        self.body = False
        self.declared: set[int] = set()
        self.last = None
        self.prev: Inst | None = None

    def _need(self, tok, s: Src, comps: set[int], code: int) -> None:
        need = sum(1 << c for c in comps)
        if need & ~self.written.get((int(s.reg), s.num), 0):
            raise _err(tok, self.file, code, f"Read of uninitialized components in register {s.num}")

    def step(self, inst: Inst, tok, coissue: bool = False) -> None:
        self.last = tok
        if self.kind == "vs":
            self._vs(inst, tok)
        else:
            self._ps(inst, tok, coissue)
        self.prev = inst

    def _ps(self, inst: Inst, tok, coissue: bool) -> None:
        file = self.file
        def_late, _, uninit, const_mod, swz_code, consts, pair = self._PS[self.ps14]
        if inst.op == "def":
            if self.body:
                raise _err(tok, file, def_late, "Const declaration (def) must appear before other instructions.")
            return
        self.body = True
        if inst.op in ("nop", "phase"):
            return
        d = inst.dst
        if coissue and self.prev is not None and self.prev.dst is not None and \
                (self.prev.dst.mask not in (0x7, 0x8) or d is not None and d.mask not in (0x7, 0x8)):
            raise _err(tok, file, pair, "Co-issued instruction cannot write all components - must write either alpha "
                                        "or color")
        for s in inst.srcs:
            if s.reg == T.Reg.CONST and s.mod:
                raise _err(tok, file, const_mod, "Modifiers are not allowed on constants for ps_1_x.")
            if not self.ps14 and s.mod in (T.SrcMod.X2, T.SrcMod.X2NEG):
                raise _err(tok, file, 5025, "Invalid src mod.")
            swz = tuple(s.swizzle)
            if self.ps14:
                if swz != (0, 1, 2, 3) and not _is_replicate(s):
                    raise _err(tok, file, swz_code, "(Source param) Invalid source selector.")
            elif swz == (2, 2, 2, 2) and (d is None or d.mask != 0x8):
                raise _err(tok, file, 5026, "Src selector .b is only valid for instructions that occur in the alpha "
                                            "pipe.")
            elif swz not in ((0, 1, 2, 3), (3, 3, 3, 3), (2, 2, 2, 2)):
                raise _err(tok, file, swz_code, "Invalid src swizzle.")
        if inst.op == "cnd" and not self.ps14:
            s = inst.srcs[0]
            if not (s.reg == T.Reg.TEMP and s.num == 0 and tuple(s.swizzle) == (3, 3, 3, 3)):
                raise _err(tok, file, 5059, "First source for cnd instruction must be 'r0.a'.")
        texture = inst.op in ("texld", "texcrd")
        for k, s in enumerate(inst.srcs):
            if s.reg == T.TEXTURE and self.ps14 and not texture:
                raise _err(tok, file, 5112, "(Source param) Texture coordinate registers (t#) are not available to "
                                            "arithmetic instructions.")
            if s.reg == T.Reg.TEMP or s.reg == T.TEXTURE and not self.ps14:
                self._need(tok, s, _read_components(inst, k, {}), uninit)
        different = len({s.num for s in inst.srcs if s.reg == T.Reg.CONST})
        if different > 2:
            raise _err(tok, file, consts, f"{different} different constant registers (c#) read by instruction.")
        if d is None:
            return
        if not self.ps14:
            if d.shift in (3, 0xD, 0xE):  # x2, x4 and d2 alone ("Instruction Modifiers - ps_1_X")
                raise _err(tok, file, 5045, "Invalid dst shift.")
            if d.mask not in (0x7, 0x8, 0xF):
                raise _err(tok, file, 5046, "Dest write mask must be .rgb, .a, or .rgba (all).")
        elif inst.op == "texcrd" and d.mask not in (0x3, 0x7):
            raise _err(tok, file, 5126, "texcrd must use .xyz(=.rgb) destination writemask.")
        if inst.op == "texkill":
            return
        key = (int(d.reg), d.num)
        self.written[key] = self.written.get(key, 0) | d.mask

    def _vs(self, inst: Inst, tok) -> None:
        file = self.file
        if inst.op in ("def", "dcl"):
            if self.body:
                raise _err(tok, file, 6020 if inst.op == "dcl" else 5337,
                           "def and dcl instructions must appear before other instructions")
            if inst.op == "dcl" and inst.dst is not None:
                if inst.dst.num in self.declared:
                    raise _err(tok, file, 5632, f"Register v{inst.dst.num} has already been declared.")
                self.declared.add(inst.dst.num)
                self.written[(int(inst.dst.reg), inst.dst.num)] = 0xF
            return
        self.body = True
        if inst.op == "nop":
            return
        for k, s in enumerate(inst.srcs):
            if s.rel is not None:
                self._need(tok, s.rel, {s.rel.swizzle[0]}, 5326)
            if s.reg in (T.Reg.TEMP, T.Reg.INPUT):
                comps = {s.swizzle[3]} if inst.op in SCALAR_OPS else _read_components(inst, k, {})
                if inst.op == "lit":
                    comps = {s.swizzle[0], s.swizzle[1], s.swizzle[3]}
                self._need(tok, s, comps, 5326)
        if len({s.num for s in inst.srcs if s.reg == T.Reg.CONST and s.rel is None}) > 1:
            raise _err(tok, file, 5346, "2 different constant registers (c#) read by instruction.")
        d = inst.dst
        if d is None:
            return
        if d.reg == T.Reg.ADDR and d.mask != 0x1:
            raise _err(tok, file, 5328, "Format for address register must be a0.x.")
        if d.reg == T.Reg.RASTOUT and d.num in (1, 2) and inst.op == "mov" and not _is_replicate(inst.srcs[0]):
            raise _err(tok, file, 5430, "When writing to scalar output register, mov instruction must use replicate "
                                        "swizzle on source parameter(s)")
        key = (int(d.reg), d.num)
        self.written[key] = self.written.get(key, 0) | d.mask

    def finish(self, end_tok) -> None:
        tok = self.last or end_tok
        if self.kind == "vs":
            pos = self.written.get((int(T.Reg.RASTOUT), 0), 0)
            if pos == 0:
                raise _err(tok, self.file, 5351, "Vertex shader must write all four components (xyzw) of oPos output "
                                                 "register.")
            if pos != 0xF:
                raise _err(tok, self.file, 5350, "Vertex shader must minimally write all four components (xyzw) of "
                                                 "oPos output register.")
            return
        if self.written.get((int(T.Reg.TEMP), 0), 0) != 0xF:
            raise _err(tok, self.file, self._PS[self.ps14][1], "r0 must be written by shader.")
