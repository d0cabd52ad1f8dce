"""SM4 program -> shader-model-2 program: the ``Aon9`` chunk's content for the 4_0_level_9_x targets.

The runtime executes the SM4 program; this translation is what a 10Level9 driver would run, so it must mean
the same. Covered: the float ALU (mov / add / mul / mad / min / max / dp2-4 / frc / rcp / rsq / sqrt / exp /
log / div / floor / ceil / sincos), float comparisons and the ``movc`` / ``and`` / ``or`` / ``not`` / ``ieq 0``
that consume their masks (a mask is 1.0 / 0.0 in SM2); integers -- computed in the shader, int / uint / bool
constants (the Aon9 per-component conversions), integer inputs, outputs and table words -- kept as floats of
the same value (``intf``, types.py), with unsigned division emulated; ``sample`` / ``sample_b`` /
``sample_c(_lz)`` / ``sample_d`` (texld / texldb / shadow texld / texldd; Texture1D as a 2D sampler at
v = 0.5; one D3D9 sampler per texture/sampler pair), ``discard`` (texkill), ``deriv_rt*`` (dsx / dsy at 9_3);
register arrays (constants, immediate tables, x# temporaries) indexed by shader values through a0 (vertex
constants) or selects. Flow control is flow.py. Bit-level operations are fxc's X4532; what is left raises
NotSupportedError naming it. Comparisons and the instructions reading their masks are masks.py.

Register mapping (this project's, recorded in the chunk's tables): VS input v# -> v# declared
``dcl_texcoord#``; VS output o# -> oT# and the position output through a temporary, finished with the
10Level9 position fix-up ``mad oPos.xy, rP.w, c0, rP`` / ``mov oPos.zw, rP`` (c0 = the runtime-generated
"Vertex Shader position offset"); PS input v# -> t#; PS output SV_Target# -> oC#, SV_Depth -> oDepth, both
written once at the end from temporaries; constant buffer registers -> c# ranges (the chunk's constant-buffer
mappings, after c0 in vertex shaders; a buffer indexed by a register is mapped whole); immediates and the
immediate constant buffer -> ``def`` constants; texture t#/sampler s# -> s#. Legalisation follows the
target: ps_2_0 has no arbitrary swizzle (lowered to replicate moves), vs_2_0 no ``_sat`` (max/min) and no
``cmp``; every instruction keeps to the read ports and reads per instruction of its register files.
"""
from __future__ import annotations

import dataclasses
import functools

from .. import ir
from ..hlsl.diagnostics import HlslError
from .base import (
    _BITS,
    _COMPARE,
    _DIRECT,
    _INT_OPS,
    _INV_TWO_PI,
    _NO_DST,
    _NO_SM2,
    _PI,
    _SAMPLER_DIMS,
    _SCALAR,
    _SINCOSCONST1,
    _SINCOSCONST2,
    _TWO_DST,
    _TWO_PI,
    _UTILITY,
    MINUS_ONE,
    ONE,
    REP_COUNT,
    ZERO,
    CbMapping,
    O,
    SamplerMapping,
    T,
    Translation,
    _mask_of,
    _no_sm2,
    _unsupported,
    position_read_first,
)
from .calls import inline_calls
from .congruence import IndexResidues, index_residues
from .flow import FlowControl, number_pred_cache
from .fold import FOLD, f32_bits, s32
from .integers import IntegerArithmetic
from .kinds import OTHER, Kinds
from .lanes import lanes_read
from .liveness import Locality
from .masks import MaskOps
from .peephole import _FLOW  # flow control: a copy made before one is not known to hold after it
from .profile import PS20_SWIZZLES, Level9Profile
from .program import IDENTITY, Dst, Inst, Sm2Program, Src
from .rewrite import float_sign_bits, one_trip_loops, pair_sincos, sign_of_xor
from .sampling import Sm3Sampling
from .selects import PredicatedWrites
from .static_branch import BoolBranches
from .tokens import DSTMOD_SATURATE, TEXTURE, Reg, SamplerType, SrcMod, Usage
from .types import BOOL, FLT, INT, UINT, ShaderTypes

__all__ = ["CbMapping", "SamplerMapping", "Translation", "translate"]

#: the Direct3D 9 vertex targets without texture lookups ("Texture Sampling" at vs_3_0 only: texldl)
VS_WITHOUT_TEXTURES = frozenset({"vs_1_1", "vs_2_0", "vs_2_a"})
_SAMPLE_OPS = frozenset({O.SAMPLE, O.SAMPLE_L, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D, O.GATHER4})


#: instructions reading their sources as unsigned integers
_UNSIGNED_READS = {O.ULT, O.UGE, O.UMIN, O.UMAX, O.UDIV, O.USHR, O.UTOF}
#: the bitwise operations and the operand value that decides their result alone
_ABSORBING = {O.AND: 0, O.OR: 0xFFFFFFFF}


@functools.cache
def _swizzle_plan(op: str, lanes: tuple[int, ...], swizzle: tuple[int, ...], unmodified: bool) -> tuple | str | None:
    """How a source swizzle reads the lanes ``op`` reads, as ps_2_0 allows (_Translator._legal_swizzle): "keep"
    (as it is), an allowed swizzle that agrees on those lanes, or None (the components are moved to a temp)."""
    comps = [swizzle[lane] for lane in lanes]
    if op == "texld":
        return "keep" if swizzle == IDENTITY and unmodified else None
    if len(set(comps)) == 1:
        return (comps[0],) * 4
    # any allowed swizzle that agrees on the lanes read
    return next((a for a in PS20_SWIZZLES if all(a[lane] == c for lane, c in zip(lanes, comps))), None)


class _Translator(FlowControl, BoolBranches, IntegerArithmetic, Sm3Sampling, PredicatedWrites, MaskOps):
    def __init__(self, prog: ir.Program, prof: Level9Profile, file: str, types: ShaderTypes | None = None,
                 prefer_rep: bool = False, no_mapped_counts: bool = False, bool_branches: str | None = None):
        self.p, self.prof, self.kind, self.file = prog, prof, prof.kind, file
        #: counted loops become rep loops instead of being unrolled (the retry when unrolled code is too long)
        self.prefer_rep = prefer_rep
        #: a loop bounded by a constant-buffer int becomes a 255-count rep left with break_comp instead of a rep
        #: whose count the runtime loads (the D3D9 targets, when that int is also read as a value: sm2/d3d9.py)
        self.no_mapped_counts = no_mapped_counts
        #: branches on bool constants become ``if b#`` where possible (the D3D9 targets: static_branch.py):
        #: "sampling" those whose parts sample a texture, "all" every one (compiles without optimization)
        self.bool_branches = bool_branches
        self.bool_maps: list[tuple[int, int, int, int]] = []  # (buffer, register, component, b#)
        self.bool_tests: dict[tuple[int, int], tuple[int, int, int, bool]] = {}  # temp comp -> bool it tests
        self.static_ifs = 0  # open ``if b#`` blocks
        self.static_flow = 0  # if b# / else emitted (vs_2_x's static flow count)
        self.types = types if types is not None else ShaderTypes()
        self.body: list[Inst] = []
        self.decls: list[Inst] = []
        #: input register -> (temporary holding its copy, body index up to which it is known to hold): _read_ports'
        #: reusable copies
        self._input_copies: dict[tuple[int, int], tuple[int, int]] = {}
        self._input_read_counts: dict[tuple[int, int], int] | None = None
        self.defs: dict[tuple[int, int, int, int], int] = {}
        self.def_order: list[tuple[tuple[int, int, int, int], int]] = []
        self.cb_maps: list[CbMapping] = []
        self.cb_target: dict[tuple[int, int], int] = {}
        self.samplers: dict[int, SamplerMapping] = {}
        self.masks: set[tuple[int, int]] = set()  # (temp, component) holding a comparison mask (1.0 / 0.0)
        self.scratch = 0
        self.max_scratch = 0
        #: (factors, body length when computed): the product _write_pred left in PRED_CACHE_REG, a number
        #: outside the translation's own that assemble() turns into the lowest one the program leaves free (a
        #: program with loops keeps the translation's numbering: no register is added where it is not used)
        self.pred_cache: tuple[tuple, int] | None = None
        self.complements: dict[int, int] = {}  # branch predicate temp p with p.x + p.y == 1 -> its then part's start
        self._a0_read: tuple[int, Src] | None = None  # the last a0-relative read, the body length after its mova
        self.resources: dict[int, int] = {}
        self.pos_out: int | None = None
        # the signature's position and face inputs, declared or not (an unread input has no dcl: hlsl/iodecls.py)
        self.pos_in: int | None = self.types.position_in if self.kind == "ps" else None
        self.uses_vpos = False  # ps_3_0 reads vPos (prof.vpos)
        #: the SV_IsFrontFace input register (ps_3_0: vFace, prof.vface)
        self.face_in: int | None = self.types.face_in if self.kind == "ps" and prof.vface else None
        self.uses_vface = False
        self.out_temps: dict[int, int] = {}
        self.depth_temp: int | None = None
        self.has_if = False
        #: the current execution predicate (a temp component holding 1.0 / 0.0) inside flattened branches
        self.pred: Src | None = None
        self.pending: list[tuple[Dst, int]] = []  # predicated writes: (final destination, scratch computed)
        self.written: set[tuple[int, int, int]] = set()  # (reg type, num, lane) written so far
        self.zero_init: set[tuple[int, int, int]] = set()  # read-before-written by a predicated select
        #: temp components whose value is known at compile time (raw bits): loop counters, folded int math
        self.known: dict[tuple[int, int], int] = {}
        self.materialized: set[tuple[int, int]] = set()  # known components also present in the SM2 temp
        #: known components whose value is an integer (kinds.py): stored as the float of that value
        self.known_int: set[tuple[int, int]] = set()
        #: known components whose value is a comparison mask (kinds.py): stored as 1.0 / 0.0
        self.known_mask: set[tuple[int, int]] = set()
        self.kinds: Kinds | None = None
        #: per open flattened branch: [its current predicate, the keys folded under it] (_fold, forget_folded)
        self.branch_folds: list[list] = []
        self.select_outs: set[int] = set()  # ids of the Insts whose results are vs selects (finite: _vs_select)
        self.locality = Locality([])  # which temp writes need no predication (run() analyses the program)
        self.residues: IndexResidues = index_residues([])  # set per program (walk): relative indices' residues
        self.cur: ir.Instruction | None = None  # the SM4 instruction being translated (its kinds)
        #: temp components holding an integer, represented in SM2 as the float of the same value (exact below
        #: 2^24, as on 10Level9 hardware, which has no integers)
        self.intf: set[tuple[int, int]] = set()
        self.icb: list[tuple[int, int, int, int]] = []
        self.icb_values: list[tuple[int, ...]] = []  # the rows as def constants (integer columns converted)
        self.icb_ints: set[tuple[int, int]] = set()  # (row, column) words holding integers
        self.icb_base: int | None = None
        self.cb_sizes: dict[int, int] = {}
        self.dynamic_cbs: set[int] = set()
        #: loops (id of their ``loop`` instruction) translated as shader-model-2 ``rep`` loops instead of unrolled
        self.dynamic_loops: set[int] = set()
        self.rep_depth = 0
        self.uses_rep = False
        #: temp components the enclosing rep loops use as integers (a ``mov`` of an immediate into one is an int)
        self.rep_ints: set[tuple[int, int]] = set()
        self.loop_maps: list[tuple[int, int, int, int]] = []
        self.int_defs: list[tuple[int, int]] = []  # (i#, count) of rep loops with a literal count
        self.rep_reg = 15  # the i# register holding REP_COUNT (mapped loop counts take i0 upwards)
        self.x_size: dict[int, int] = {}  # x# register -> elements
        self.one_d: set[int] = set()  # Texture1D t# registers (sampled as 2D textures of height 1)
        #: t# registers of an integer element type (sint / uint): a sample of one reads the texel's value, an integer
        #: held as a float like every integer here (fxc 10.1 compiles ``Texture2D<int4>``'s Sample at ps_3_0; D9 s44)
        self.int_resources: set[int] = set()
        self.unsupported_textures: set[int] = set()  # t# of a type with no D3D9 sampler (DCL_RESOURCE below)
        self.dead_reg: int | None = None
        self.returned = False  # some lanes have returned: every later write is predicated on the others
        self.sub_walks = 0
        #: per open rep loop with a continue: [register (x = continued this iteration, y = 1 - x), used yet]
        self.skips: list[list] = []
        #: skip register -> (the temps of the factors its y started from, body index after that start)
        self.skip_covers: dict[int, tuple[frozenset[int], int]] = {}
        #: per open skip region (a switch with breaks from its cases, an unrolled loop with run-time breaks): the
        #: temp components folded while some lanes had left, forgotten when the region ends
        self.skip_folded: list[set[tuple[int, int]]] = [set()]
        self.switch_breaks: list[list] = []  # the open switch groups' entries of ``skips`` (breaks from a branch)
        self.x_base: dict[int, int] = {}  # x# register -> the temp of its element 0
        self.sel_regs: list[int] = []

    # --- setup -------------------------------------------------------------------------------
    def prepass(self) -> None:
        ntemps = 0
        cb_regs: dict[int, set[int]] = {}
        out_written: dict[int, int] = {}
        for inst in self.p.instructions:
            op = inst.opcode
            if op == O.DCL_TEMPS:
                ntemps = inst.extra[0]
            elif op == O.DCL_CONSTANTBUFFER:
                self.cb_sizes[inst.operands[0].indices[0].value] = inst.operands[0].indices[1].value
            elif op == O.CUSTOMDATA and inst.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER:
                w = inst.extra
                self.icb = [tuple(w[i: i + 4]) for i in range(0, len(w) // 4 * 4, 4)]  # type: ignore[misc]
                # a table column of small-integer bit patterns (denormals / NaNs as floats: never an HLSL float
                # literal) holds integers: stored as floats of their values like every integer here
                self.icb_ints = {(r, c) for r, row in enumerate(self.icb) for c, v in enumerate(row)
                                 if v and (v < 0x00800000 or v >= 0xFF800000)}
                self.icb_values = [tuple(f32_bits(float(s32(v))) if (r, c) in self.icb_ints else v
                                         for c, v in enumerate(row)) for r, row in enumerate(self.icb)]
            elif op == O.DCL_RESOURCE:
                dim = inst.controls & 0x1F
                if inst.extra and inst.extra[0] & 0xF in (3, 4):  # the return type token: sint, uint
                    self.int_resources.add(inst.operands[0].register)
                if dim == ir.ResourceDimension.TEXTURE1D:
                    # D3D9 has no 1D sampler type (D3DSAMPLER_TEXTURE_TYPE: 2d / cube / volume); a 1D texture
                    # there is a 2D texture of height 1, read at v = 0.5, the centre of its one row (exact under
                    # every address mode and filter). Inferred: 9_x devices cannot create 1D textures (10Level9
                    # ID3D11Device Methods), so this program is what the chunk carries for completeness.
                    self.one_d.add(inst.operands[0].register)
                    self.resources[inst.operands[0].register] = SamplerType.TEX_2D
                    continue
                if dim == ir.ResourceDimension.BUFFER:
                    # a tbuffer declared, its reads folded away (``ddx(u)`` is 0: fxc compiles it); a read one is
                    # X3546 in the front end (hlsl/tbuffer.py), a Buffer's ld X4532 below
                    continue
                if dim not in _SAMPLER_DIMS:
                    # a texture type the target has no sampler for (Texture1DArray, Texture2DArray, TextureCubeArray,
                    # Texture2DMS): refused where an instruction uses it -- a sample X4545 "Unsupported texture
                    # type for ps_3_0" (:meth:`unsupported_texture`), a Load the ld's X4532; unused it compiles
                    # (d3dcompiler_47 10.1 under Wine, session 44, D9: ps_2_0 / ps_3_0 / 9_1 / 9_3)
                    self.unsupported_textures.add(inst.operands[0].register)
                    continue
                self.resources[inst.operands[0].register] = _SAMPLER_DIMS[dim]
            elif op == O.DCL_OUTPUT_SIV and self.kind == "vs":
                if inst.extra and inst.extra[0] == ir.SystemName.POSITION:
                    self.pos_out = inst.operands[0].register
                else:
                    raise HlslError(self.file, 1, 1, 4502, f"{self.prof.target}: only SV_Position is a valid "
                                    "system-value output of a feature level 9_x vertex shader")
            elif op in (O.DCL_INPUT_SGV, O.DCL_INPUT_SIV) and self.kind == "vs" and inst.extra \
                    and inst.extra[0] == ir.SystemName.POSITION:
                pass  # a vertex input named SV_Position is an ordinary input the input assembler feeds
            elif op == O.DCL_INPUT_PS_SGV and self.prof.vface and inst.extra \
                    and inst.extra[0] == ir.SystemName.IS_FRONT_FACE:
                self.face_in = inst.operands[0].register
            elif op in (O.DCL_INPUT_SGV, O.DCL_INPUT_SIV, O.DCL_INPUT_PS_SGV, O.DCL_OUTPUT_SGV):
                raise HlslError(self.file, 1, 1, 4502, f"{self.prof.target}: system value "
                                f"{ir.SystemName(inst.extra[0]).name if inst.extra else '?'} is not available at "
                                "feature level 9_x")
            elif op == O.DCL_INPUT_PS_SIV:
                if inst.extra and inst.extra[0] == ir.SystemName.POSITION:
                    self.pos_in = inst.operands[0].register
                else:
                    raise HlslError(self.file, 1, 1, 4502, f"{self.prof.target}: system value "
                                    f"{ir.SystemName(inst.extra[0]).name} is not available at feature level 9_x")
            elif op == O.DCL_INDEXABLETEMP:
                self.x_size[inst.extra[0]] = inst.extra[1]
            elif self.kind == "vs" and op in _SAMPLE_OPS and self.prof.target in VS_WITHOUT_TEXTURES:
                # vs_1_1 / vs_2_0 / vs_2_a have no texture instruction at all: fxc's back end refuses any lookup
                # left after dead-code removal, X4545 without a position (d3dcompiler_47 10.1, session 40:
                # tex2Dlod, SampleLevel, an array element's; vs_3_0 has texldl)
                raise HlslError("", 0, 0, 4545, f"{self.prof.target} target does not support texture lookups")
            elif op in _SAMPLE_OPS and len(inst.operands) > 2 and inst.operands[2].type == T.RESOURCE:
                self.unsupported_texture(inst.operands[2])  # before the texlod's X4532 (DCL_RESOURCE above)
                if op in (O.SAMPLE_C, O.SAMPLE_C_LZ) and "level_9" not in self.prof.target:
                    # SampleCmp / SampleCmpLevelZero at ps_2_0 / ps_3_0: fxc 10.1 has no comparison sampling there
                    # (X4532; the level-9 targets map it to texld of a shadow sampler; session 44, D9)
                    raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: cannot map expression to "
                                    f"{'pixel' if self.kind == 'ps' else 'vertex'} shader instruction set")
            if op in _NO_SM2 and not (op == O.SAMPLE_L and self.prof.texldl):
                raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: {ir.Opcode(op).name.lower()} has no "
                                f"shader model 2 equivalent (cannot map expression to {self.prof.sm2} instruction set)")
            elif op in (O.SAMPLE, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D) and any(inst.texel_offset):
                raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: texel offsets have no shader model 2 "
                                "equivalent")
            if not (O.DCL_RESOURCE <= op <= O.DCL_GLOBALFLAGS):
                for o in inst.operands:
                    self._collect(o, cb_regs)
            if op < O.DCL_RESOURCE or op > O.DCL_GLOBALFLAGS:
                for o in inst.operands[:1]:
                    if o.type in (T.OUTPUT, T.OUTPUT_DEPTH):
                        key = -1 if o.type == T.OUTPUT_DEPTH else o.register
                        out_written[key] = out_written.get(key, 0) | o.mask
            if op == O.IF:
                self.has_if = True
        base = 1 if self.kind == "vs" else 0
        for buf in sorted(cb_regs):
            # the registers read, each once, in order (a register-indexed buffer: all of them, one block of c#
            # the index addresses); one mapping per run of consecutive registers with the same per-component
            # conversions -- fxc's tables (a published ps_4_0_level_9_1 listing maps cb1 registers 3 and 5 of
            # an int3 array as two one-register mappings to c2 and c3, skipping the unread 1, 2 and 4)
            for r in sorted(cb_regs[buf]):
                conv = self.types.conversions(buf, r)
                last = self.cb_maps[-1] if self.cb_maps else None
                if last is not None and last.buffer == buf and last.conversions == conv \
                        and last.start + last.count == r:
                    last.count += 1
                else:
                    self.cb_maps.append(CbMapping(buf, r, 1, base, conv))
                self.cb_target[(buf, r)] = base
                base += 1
        self.next_const = base
        self.out_written = out_written
        nxt = ntemps
        for xr, size in sorted(self.x_size.items()):  # x# elements live in temps of their own
            self.x_base[xr] = nxt
            nxt += size
        self.sel_regs = [nxt, nxt + 1, nxt + 2]  # a source operand's value selected from x# elements
        nxt += 3 if self.x_size else 0
        code = [i.opcode for i in self.p.instructions if not (O.DCL_RESOURCE <= i.opcode <= O.DCL_GLOBALFLAGS)
                and i.opcode != O.CUSTOMDATA]
        if O.RETC in code or O.RET in code[:-1]:  # early returns: x = returned (0 / 1), y = still running
            self.dead_reg = nxt
            nxt += 1
        if self.kind == "vs" and self.pos_out is not None:
            self.pos_temp = nxt
            nxt += 1
        if self.kind == "vs" and self.has_if:  # oT# are write-only: predicated writes need temporaries
            for reg in sorted(out_written):
                if reg != self.pos_out and 0 <= reg < self.prof.outputs:
                    self.out_temps[reg] = nxt
                    nxt += 1
        if self.kind == "ps":
            for reg in sorted(out_written):
                if reg == -1:
                    self.depth_temp = nxt
                elif reg >= self.prof.outputs:
                    raise HlslError(self.file, 1, 1, 4510, f"{self.prof.target}: SV_Target{reg} exceeds the "
                                    f"{self.prof.outputs} color outputs (oC0-oC{self.prof.outputs - 1})")
                else:
                    self.out_temps[reg] = nxt
                nxt += 1
        self.scratch_base = nxt

    def _collect(self, o: ir.Operand, cb_regs: dict[int, set[int]]) -> None:
        for n, idx in enumerate(o.indices):
            if idx.rel is not None:
                if o.type == T.CONSTANT_BUFFER and n == 1:  # indexed by a register: map the whole buffer
                    buf = o.indices[0].value
                    self.dynamic_cbs.add(buf)
                    cb_regs.setdefault(buf, set()).update(range(self.cb_sizes.get(buf, 1)))
                    continue
                if o.type in (T.IMMEDIATE_CONSTANT_BUFFER, T.INDEXABLE_TEMP):
                    continue
                raise _unsupported("relative register addressing")
        if o.type == T.CONSTANT_BUFFER and o.indices[1].rel is None:
            cb_regs.setdefault(o.indices[0].value, set()).add(o.indices[1].value)

    # --- registers -----------------------------------------------------------------------------
    def texcoord(self, reg: int) -> int:
        """The oT# (vertex shader output) / t# (pixel shader input) of SM4 register ``reg``: its number less the
        SV_Position register below it -- fxc's published vs_4_0_level_9_1 listing (DXDecompiler's
        Level9_Test_VS_9_0.asm: o1-o3 after the position o0 are oT0-oT2) and lib_4_0_level_9_1 listing
        (LibraryTest_4_Level_9_1_PS.asm: no position, v#/o# -> t#/oT# unchanged); the same rule on both sides keeps
        a vertex shader's oT# the pixel shader's t#. (d3d9._ps_texcoords inverts the pixel shader's numbering.)"""
        if self.kind == "vs":
            return reg - 1 if self.pos_out is not None and self.pos_out < reg else reg
        # ps_3_0's VFACE (vFace) holds no v# either
        return reg - sum(1 for r in (self.pos_in, self.face_in) if r is not None and r < reg)

    def tmp(self) -> int:
        n = self.scratch_base + self.scratch
        self.scratch += 1
        self.max_scratch = max(self.max_scratch, self.scratch)
        return n

    def const(self, words: tuple[int, int, int, int]) -> int:
        words = tuple(w & 0xFFFFFFFF for w in words)  # type: ignore[assignment]
        if words not in self.defs:
            self.defs[words] = self.next_const
            self.def_order.append((words, self.next_const))
            self.next_const += 1
        return self.defs[words]

    def cscalar(self, word: int) -> Src:
        """A replicated scalar constant: 0, 1 and -1 share one register (c#.x/.y/.z), so an instruction
        selecting between them reads one constant register (ps_2_0 and vs_2_0 have one read port)."""
        if word in _UTILITY:
            return Src(Reg.CONST, self.const(_UTILITY), (_UTILITY.index(word),) * 4)
        return Src(Reg.CONST, self.const((word,) * 4))

    def src(self, o: ir.Operand, mask_ok: bool = False, lanes: tuple[int, ...] = (0, 1, 2, 3),
            as_int: bool = False) -> Src:
        """``as_int``: the instruction reads integers; immediates and known values are converted to the floats
        of the same value, temporaries must hold integers (``intf``)."""
        swz = o.components()
        if o.type == T.TEMP and any((o.register, swz[lane]) in self.known for lane in lanes):
            comps = {swz[lane] for lane in lanes}
            if all((o.register, c) in self.known for c in comps):  # wholly known: read it as a def constant
                vals = tuple(self.known[(o.register, swz[lane])] if lane in lanes else 0 for lane in range(4))
                if mask_ok and not as_int and all((o.register, swz[ln]) in self.known_mask for ln in lanes):
                    vals = tuple(self._known_word(o.register, swz[ln]) if ln in lanes else 0 for ln in range(4))
                if as_int and mask_ok and all((o.register, swz[ln]) in self.known_int for ln in lanes):
                    as_int = True  # an integer copied (mov / movc): the float of its value
                if as_int:
                    vals = tuple(f32_bits(float(s32(v))) for v in vals)
                    o = ir.Operand(T.IMMEDIATE32, 4, ir.SelectionMode.MASK, values=list(vals), modifier=o.modifier)
                    s = Src(Reg.CONST, self.const(vals), IDENTITY)  # type: ignore[arg-type]
                    return self._modified(s, o, lanes)
                o = ir.Operand(T.IMMEDIATE32, 4, ir.SelectionMode.MASK, values=list(vals), modifier=o.modifier)
                swz = IDENTITY
            else:  # partly known: store the known components into the register first
                need = sorted(c for c in comps if (o.register, c) in self.known
                              and (o.register, c) not in self.materialized)
                if need:
                    self._materialize(o.register, need)
        if o.type == T.TEMP:
            s = Src(Reg.TEMP, o.register, swz)
            if as_int and all((o.register, swz[ln]) in self.masks for ln in lanes):
                return self._mask_as_int(s, o)
            if not mask_ok and any((o.register, swz[lane]) in self.masks for lane in lanes):
                raise self._x4532("a comparison result's bit pattern used as a number")
            ints = [(o.register, swz[lane]) in self.intf for lane in lanes]
            if as_int and not all(ints) and self.kinds is not None and self.cur is not None and any(
                    self.kinds.read_evidence(self.cur, o.register, swz[ln]) & OTHER for ln in lanes):
                raise self._x4532("a float's bit pattern read as an integer (asint)")
            if as_int and not all(ints):
                raise _unsupported("integer arithmetic on values that are not integers computed in the shader "
                                   "(integer inputs, integer constant-buffer values, reinterpreted bits)")
            # an integer read as a float with no conversion is asfloat (the only HLSL that makes one: asint and
            # the bitwise operators are refused below shader model 4): fxc's Aon9 code reads the integer's value,
            # the float its register holds (d3dcompiler_47 10.1 under Wine, session 36: asfloat(i) * x at 9_1)
        elif o.type == T.INPUT and o.register == self.face_in and self.kind == "ps":
            # "Registers - ps_3_0": vFace is a float, negative for a back-facing primitive, otherwise front
            # facing; the D3D9 source declares VFACE as a float and compares its sign, which the SM4 program
            # reads as a float (compat.py names it SV_IsFrontFace only to carry it through the SM4 program)
            self.uses_vface = True
            face = Src(Reg.MISCTYPE, 1, tuple(0 for _ in swz))
            if not as_int and not any((o.register, swz[ln]) in self.types.inputs for ln in lanes):
                return self._modified(face, o, lanes)
            # SV_IsFrontFace declared bool / int / uint (its D3D11 value 0xFFFFFFFF front facing, 0 back facing):
            # the comparison mask of "front facing", 1.0 / 0.0 here, is max(sign, 0) of vFace's sign (-1 / +1
            # after _face_sign), read as any mask is (-1 / 0 as an integer: _mask_as_int)
            if not as_int and not mask_ok:
                raise self._x4532("an integer input's bit pattern read as a float (asfloat)")
            t = self.tmp()
            self.emit("max", Dst(Reg.TEMP, t, 0x1), [face, self.cscalar(ZERO)])
            s = Src(Reg.TEMP, t, (0, 0, 0, 0))
            return self._mask_as_int(s, o) if as_int else self._modified(s, o, lanes)
        elif o.type == T.INPUT:
            ints = [(o.register, swz[lane]) in self.types.inputs for lane in lanes]
            if as_int and not all(ints):
                raise self._x4532("a float input read as an integer (asint)")
            if self.kind == "vs":  # (an integer input read as a float: asfloat, its value -- as for temps above)
                s = Src(Reg.INPUT, o.register, swz)
            else:
                if o.register == self.pos_in and self.prof.vpos:
                    # "Registers - ps_3_0": vPos holds the pixel's (x, y); a read of its z / w is the validator's
                    # X5631 on the final program, unless validation is skipped (sm2/vpos.py)
                    self.uses_vpos = True
                    return self._modified(Src(Reg.MISCTYPE, 0, swz), o, lanes)
                if o.register == self.pos_in:
                    raise HlslError(self.file, 1, 1, 4502, f"{self.prof.target}: SV_Position cannot be read in "
                                    "a feature level 9_x pixel shader")
                tn = self.texcoord(o.register)
                if tn >= self.prof.inputs:
                    raise HlslError(self.file, 1, 1, 4510, f"{self.prof.target}: input register v{o.register} "
                                    f"exceeds the {self.prof.inputs} texture coordinates t0-t{self.prof.inputs - 1}")
                # an integer texture coordinate is the interpolated float itself, unrounded: fxc's ps_2_0 / ps_3_0
                # code for ``int2 a : TEXCOORD0`` reads t0 as it is (d3dcompiler_47 10.1 under Wine, session 38:
                # ``mov r0.xy, t0``, also for an int beside a float of one semantic); level 9 refuses integer pixel
                # shader inputs (X4568, signatures.py), so only the Direct3D 9 targets reach here with one
                s = Src(TEXTURE, tn, swz)
        elif o.type == T.CONSTANT_BUFFER:
            convs = self._cb_conversions(o, lanes)
            if as_int and not convs <= {INT, UINT}:
                raise self._x4532("a float or bool constant read as an integer (asint)")
            if not as_int and not mask_ok and BOOL in convs:
                raise self._x4532("a bool constant's bit pattern read as a float (asfloat)")
            if mask_ok and len(convs) > 1 and BOOL in convs:
                raise _unsupported("one move of bool and non-bool constants")
            buf, idx = o.indices[0].value, o.indices[1]
            if idx.rel is None:
                s = Src(Reg.CONST, self.cb_target[(buf, idx.value)], swz)
            else:
                s = self._indexed(idx, lambda k: self.cb_target.get((buf, k)), self.cb_sizes.get(buf, 0),
                                  lambda k: self.cb_target[(buf, 0)] + k, swz)
        elif o.type == T.IMMEDIATE_CONSTANT_BUFFER:
            kinds = self._icb_kinds(o, lanes)
            if as_int and "float" in kinds:
                raise self._x4532("a float table value read as an integer (asint)")
            idx = o.indices[0]
            rows = self.icb_values
            s = self._indexed(idx, lambda k: self.const(rows[k]) if 0 <= k < len(rows) else None,
                              len(rows), lambda k: self._icb_block() + k, swz)
        elif o.type == T.IMMEDIATE32:
            vals = tuple(o.values) if len(o.values) == 4 else (o.values[0],) * 4
            if as_int:
                vals = tuple(f32_bits(float(s32(v))) for v in vals)
            s = Src(Reg.CONST, self.const(vals), IDENTITY)  # type: ignore[arg-type]
        else:
            raise _unsupported(f"operand type {T(o.type).name.lower()}")
        return self._modified(s, o, lanes)

    def _mask_as_int(self, s: Src, o: ir.Operand) -> Src:
        """A comparison result read as an integer: SM4's mask is 0xFFFFFFFF / 0 (D3D11.3: comparisons write
        0xFFFFFFFF for true), here 1.0 / 0.0 -- as a signed integer -1 / 0, i.e. the negated mask; read by an
        unsigned instruction 4294967295, whose nearest float 2^32 is what utof gives (the mask times 2^32)."""
        neg = o.modifier in (ir.Modifier.NEG, ir.Modifier.ABSNEG)
        absolute = o.modifier in (ir.Modifier.ABS, ir.Modifier.ABSNEG)
        if self.cur is not None and self.cur.opcode in _UNSIGNED_READS:
            t = self.tmp()
            self.emit("mul", Dst(Reg.TEMP, t), [Src(s.reg, s.num, s.swizzle), self.cscalar(0x4F800000)])
            return Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG if neg else 0)
        # -mask; |-mask| = mask; -(-mask) = mask; -|-mask| = -mask
        return Src(s.reg, s.num, s.swizzle, 0 if (neg and not absolute) or (absolute and not neg) else SrcMod.NEG)

    def _cb_conversions(self, o: ir.Operand, lanes: tuple[int, ...]) -> set[int]:
        """The Aon9 data conversions of the constant components ``o`` reads on ``lanes`` (a register-indexed
        read: those of its base register, the first element of the array it indexes -- HLSL leaves reads
        outside the array undefined)."""
        buf, reg = o.indices[0].value, o.indices[1].value
        swz = o.components()
        return {self.types.cb.get((buf, reg, swz[lane]), FLT) for lane in lanes}

    def _typed_int(self, o: ir.Operand, lanes: tuple[int, ...]) -> bool:
        """``o`` reads integers delivered as floats of their value: INT / UINT constants, integer VS inputs."""
        if o.type == T.CONSTANT_BUFFER:
            return self._cb_conversions(o, lanes) <= {INT, UINT}
        if o.type == T.INPUT:
            swz = o.components()
            return all((o.register, swz[lane]) in self.types.inputs for lane in lanes)
        if o.type == T.IMMEDIATE_CONSTANT_BUFFER:
            return self._icb_kinds(o, lanes) == {"int"}
        return False

    def _icb_kinds(self, o: ir.Operand, lanes: tuple[int, ...]) -> set[str]:
        """'int' / 'float' for the table words ``o`` reads (zero is both; a register-indexed read: those of
        the row it is known to read, else of its base row, the first element of the array it indexes).
        A word of a small-integer bit pattern (a denormal or NaN as a float: never an HLSL float literal) is
        an integer, stored as the float of its value like every integer here."""
        idx = o.indices[0]
        row = idx.value
        if idx.rel is not None:
            known = self._known_lane(idx.rel, 0)
            row += s32(known) if known is not None else 0
        out = set()
        for lane in lanes:
            c = o.components()[lane]
            if 0 <= row < len(self.icb) and self.icb[row][c]:
                out.add("int" if (row, c) in self.icb_ints else "float")
        return out

    def _int_output(self, o: ir.Operand) -> bool:
        """``o`` is an output register whose written components are declared integers or bools (written as floats
        of their value; a comparison's mask as 1.0 / 0.0): fxc 10.1 writes a pixel shader's ``bool4`` / ``uint4`` /
        ``int4`` color as its cmp's 1 / 0 too (session 46, D9: ``bool4 main() : SV_Target { return f; }`` at
        ps_2_0 and level 9)."""
        return o.type == T.OUTPUT and all((o.register, ln) in self.types.outputs for ln in o.written())

    def _is_mask(self, o: ir.Operand, lanes: tuple[int, ...]) -> bool:
        """``o`` holds 1.0 / 0.0 truth values: comparison results, or BOOL constants (converted by the runtime)."""
        if o.type == T.TEMP:
            return all((o.register, o.components()[ln]) in self.masks or (o.register, o.components()[ln]) in
                       self.known_mask for ln in lanes)
        if o.type == T.CONSTANT_BUFFER and o.modifier == ir.Modifier.NONE:
            return self._cb_conversions(o, lanes) == {BOOL}
        return False

    def _modified(self, s: Src, o: ir.Operand, lanes: tuple[int, ...]) -> Src:
        if o.modifier == ir.Modifier.NEG:
            s.mod = SrcMod.NEG
        elif o.modifier in (ir.Modifier.ABS, ir.Modifier.ABSNEG):
            t = self.tmp()
            self.emit("abs", Dst(Reg.TEMP, t, _mask_of(lanes)), [s])
            s = Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG if o.modifier == ir.Modifier.ABSNEG else 0)
        return s

    def _indexed(self, idx: ir.Index, static, size: int, dynamic_base, swz) -> Src:
        """A register-indexed constant read: an index known at compile time (unrolled loops) reads that
        register; one computed in a vertex shader goes through a0 (``mova``, vs_2_0's relative addressing)."""
        rel = idx.rel
        assert rel is not None
        known = self._known_lane(rel, 0)
        if known is not None:
            k = idx.value + s32(known)
            reg = static(k) if 0 <= k < size else None
            if reg is None:
                raise _unsupported(f"a constant read out of its buffer's range (index {k})")
            return Src(Reg.CONST, reg, swz)
        if self.kind != "vs":  # ps_2_0 / ps_2_x have no relative addressing: select among the registers
            # an index below the base would read before the array: rows from the base on
            # (and keys the index cannot take, by its residue: congruence.py)
            res = self.residues.of(rel)
            cands = [(k - idx.value, Src(Reg.CONST, static(k))) for k in range(max(idx.value, 0), size)
                     if static(k) is not None and res.admits(k - idx.value)]
            comps = _mask_of(set(swz))
            r = self.tmp()
            self._select_chain(r, rel, cands, comps)
            return Src(Reg.TEMP, r, swz)
        a = self.src(rel, lanes=(0,), as_int=True)
        if self._a0_read is not None:  # a0 is one register: a read not made yet (T[i] + U[j]) is copied first
            pos, s = self._a0_read
            if not any(r.rel is not None and r.rel.reg == Reg.ADDR for i in self.body[pos:] for r in i.srcs):
                t = self.tmp()
                self.body.append(Inst("mov", Dst(Reg.TEMP, t), [Src(s.reg, s.num, IDENTITY, 0, s.rel)]))
                s.reg, s.num, s.rel = Reg.TEMP, t, None  # the operand already handed out now reads the copy
        self.body.append(Inst("mova", Dst(Reg.ADDR, 0, 0x1), [Src(a.reg, a.num, (a.swizzle[0],) * 4, a.mod)]))
        s = Src(Reg.CONST, dynamic_base(idx.value), swz, 0, Src(Reg.ADDR, 0, (0, 0, 0, 0)))
        self._a0_read = (len(self.body), s)
        return s

    def _select_chain(self, r: int, rel: ir.Operand, cands: list[tuple[int, Src]], m: int) -> None:
        """r.m = the candidate whose key equals the integer ``rel`` (0 when none does): how shader model 2
        reads a register array at an index computed in the shader where it has no relative addressing (pixel
        shaders' c#, every r#). Per candidate, ps: ``cmp`` on -(i - key)^2 >= 0; vs: (i >= key) * (key >= i)
        as the select predicate (vs_2_0 has no cmp)."""
        ri = self.src(rel, lanes=(0,), as_int=True)
        ri = Src(ri.reg, ri.num, (ri.swizzle[0],) * 4, ri.mod)
        t = self.tmp()
        self.emit("mov", Dst(Reg.TEMP, r, m), [self.cscalar(ZERO)])
        for key, cand in cands:
            k = self.cscalar(f32_bits(float(key)))
            if self.kind == "ps":
                self.emit("add", Dst(Reg.TEMP, t, 0x1), [ri, Src(*self._neg(k))])
                self.emit("mul", Dst(Reg.TEMP, t, 0x1), [Src(Reg.TEMP, t, (0,) * 4), Src(Reg.TEMP, t, (0,) * 4)])
                self.emit("cmp", Dst(Reg.TEMP, r, m), [Src(Reg.TEMP, t, (0,) * 4, SrcMod.NEG), cand, Src(Reg.TEMP, r)])
            else:
                self.emit("sge", Dst(Reg.TEMP, t, 0x1), [ri, k])
                self.emit("sge", Dst(Reg.TEMP, t, 0x2), [k, ri])
                self.emit("mul", Dst(Reg.TEMP, t, 0x1), [Src(Reg.TEMP, t, (0,) * 4), Src(Reg.TEMP, t, (1,) * 4)])
                self._vs_select(Dst(Reg.TEMP, r, m), Src(Reg.TEMP, t, (0,) * 4), cand, Src(Reg.TEMP, r))

    def _resolve_indexable(self, inst: ir.Instruction) -> ir.Instruction:
        """x# operands become the temps of their elements: an index known now names one element; a source
        indexed by a value known only when the shader runs reads a select over every element (_select_chain);
        a destination so indexed is fxc's X3500 (shader model 2 cannot address r# by a register)."""
        if not any(o.type == T.INDEXABLE_TEMP for o in inst.operands):
            return inst
        ndst = 0 if inst.opcode in _NO_DST else (2 if inst.opcode in _TWO_DST else 1)
        ops, sel = [], 0
        for i, o in enumerate(inst.operands):
            if o.type != T.INDEXABLE_TEMP:
                ops.append(o)
                continue
            xr, idx = o.indices[0].value, o.indices[1]
            size, base = self.x_size[xr], self.x_base[xr]
            k = idx.value
            if idx.rel is not None:
                known = self._known_lane(idx.rel, 0)
                if known is None:
                    if i < ndst:
                        raise HlslError(self.file, 1, 1, 3500, f"{self.prof.target}: array reference cannot be "
                                        "used as an l-value; not natively addressable")
                    reg = self.sel_regs[sel]
                    sel += 1
                    comps = sorted(set(o.components()))
                    cands = []
                    # elements whose key the index cannot take (its residue: congruence.py) are not candidates
                    reach = [e for e in range(size) if self.residues.of(idx.rel).admits(e - idx.value)]
                    for e in reach:
                        for c in comps:
                            if (Reg.TEMP, base + e, c) not in self.written and (base + e, c) not in self.known:
                                self.zero_init.add((Reg.TEMP, base + e, c))  # never written: reads 0
                        el = ir.Operand(T.TEMP, 4, ir.SelectionMode.SWIZZLE, swizzle=IDENTITY,
                                        indices=[ir.Index(value=base + e)])
                        cands.append((e - idx.value, self.src(el, True, tuple(comps))))
                    self._select_chain(reg, idx.rel, cands, _mask_of(comps))
                    for c in comps:
                        key = (reg, c)
                        self.known.pop(key, None)
                        self.materialized.discard(key)
                        self.written.add((Reg.TEMP, reg, c))
                        elems = [(base + e, c) for e in reach]
                        self.intf.discard(key)
                        self.masks.discard(key)
                        if all(el in self.intf for el in elems):
                            self.intf.add(key)
                        if all(el in self.masks for el in elems):
                            self.masks.add(key)
                    ops.append(dataclasses.replace(o, type=T.TEMP, indices=[ir.Index(value=reg)]))
                    continue
                k += s32(known)
            if not 0 <= k < size:
                raise _unsupported(f"an indexable temporary read or written outside its {size} elements (x{xr}[{k}])")
            ops.append(dataclasses.replace(o, type=T.TEMP, indices=[ir.Index(value=base + k)]))
        return dataclasses.replace(inst, operands=ops)

    def _icb_block(self) -> int:
        """The immediate constant buffer as consecutive def constants (for a0-relative reads)."""
        if self.icb_base is None:
            self.icb_base = self.next_const
            for row in self.icb_values:
                self.def_order.append((row, self.next_const))
                self.next_const += 1
        return self.icb_base

    def dst(self, o: ir.Operand, sat: bool = False) -> Dst:
        mod = DSTMOD_SATURATE if sat else 0
        if o.type == T.TEMP:
            if self.locality.unpredicated(self.cur, o.register, o.mask):  # no skipping lane reads it again
                return Dst(Reg.TEMP, o.register, o.mask, mod)
            return self._predicated(Dst(Reg.TEMP, o.register, o.mask, mod))
        if o.type == T.OUTPUT:
            if self.kind == "vs":
                if o.register == self.pos_out:
                    return self._predicated(Dst(Reg.TEMP, self.pos_temp, o.mask, mod))
                if self.texcoord(o.register) >= self.prof.outputs:
                    raise HlslError(self.file, 1, 1, 4510, f"{self.prof.target}: output register o{o.register} "
                                    f"exceeds the {self.prof.outputs} texture coordinates oT0-oT7")
                if o.register not in self.out_temps:
                    return Dst(Reg.TEXCRDOUT, self.texcoord(o.register), o.mask, mod)
            return self._predicated(Dst(Reg.TEMP, self.out_temps[o.register], o.mask, mod))
        if o.type == T.OUTPUT_DEPTH:
            assert self.depth_temp is not None
            return self._predicated(Dst(Reg.TEMP, self.depth_temp, 0xF, mod))
        if o.type == T.NULL:
            return Dst(Reg.TEMP, self.tmp(), 0xF, mod)
        raise _unsupported(f"destination type {T(o.type).name.lower()}")

    def _materialize(self, reg: int, comps: list[int]) -> None:
        """Store known components into their SM2 temp: integers (kinds.py) as the floats of their values, the
        rest as their bits."""
        vals = tuple(self._known_word(reg, c) for c in range(4))
        self.body.append(Inst("mov", Dst(Reg.TEMP, reg, _mask_of(comps)),
                              [Src(Reg.CONST, self.const(vals))]))  # type: ignore[arg-type]
        self.written.update((Reg.TEMP, reg, c) for c in comps)
        self.materialized.update((reg, c) for c in comps)
        self.intf.update((reg, c) for c in comps if (reg, c) in self.known_int)
        self.masks.update((reg, c) for c in comps if (reg, c) in self.known_mask)

    def _known_word(self, reg: int, c: int) -> int:
        """A known component as the SM2 register holds it: integers as floats of their values, masks as
        1.0 / 0.0, anything else its bits."""
        v = self.known.get((reg, c), 0)
        if (reg, c) in self.known_mask:
            return ONE if v else ZERO
        return f32_bits(float(s32(v))) if (reg, c) in self.known_int else v

    def _def_mask(self, lanes) -> bool:
        """The SM4 instruction being translated writes comparison masks on ``lanes`` (kinds.py)."""
        return self.kinds is not None and self.cur is not None and all(self.kinds.is_mask(self.cur, ln)
                                                                       for ln in lanes)

    def _def_int(self, lanes) -> bool:
        """The SM4 instruction being translated writes integers on ``lanes`` (kinds.py)."""
        return self.kinds is not None and self.cur is not None and all(self.kinds.is_int(self.cur, ln)
                                                                       for ln in lanes)

    # --- emission with legalisation ------------------------------------------------------------
    def emit(self, op: str, d: Dst | None, srcs: list[Src], controls: int = 0) -> None:
        if d is not None and d.mod & DSTMOD_SATURATE and self.kind == "vs":
            t = self.tmp()
            self.emit(op, Dst(Reg.TEMP, t, d.mask), srcs, controls)  # vs_2_0 has no _sat: clamp with max/min
            self.emit("max", Dst(Reg.TEMP, t, d.mask), [Src(Reg.TEMP, t), self.cscalar(ZERO)])
            self.emit("min", Dst(d.reg, d.num, d.mask), [Src(Reg.TEMP, t), self.cscalar(ONE)])
            return
        srcs = [Src(s.reg, s.num, s.swizzle, s.mod, s.rel) for s in srcs]
        if not self.prof.arbitrary_swizzle:
            for i, s in enumerate(srcs):
                srcs[i] = self._legal_swizzle(op, i, s, d)
        self._read_ports(op, srcs)
        self.body.append(Inst(op, d, srcs, controls))
        if d is not None:
            self.written.update((d.reg, d.num, lane) for lane in range(4) if d.mask >> lane & 1)

    def _lanes_read(self, op: str, i: int, d: Dst | None) -> tuple[int, ...]:
        return lanes_read(op, i, d.mask if d is not None else None)  # the one definition: sm2/lanes.py

    def _legal_swizzle(self, op: str, i: int, s: Src, d: Dst | None) -> Src:
        if s.reg == Reg.SAMPLER:
            return s
        lanes = self._lanes_read(op, i, d)
        if op in ("rcp", "rsq", "exp", "log"):
            return s  # replicate swizzles by construction
        plan = _swizzle_plan(op, lanes, tuple(s.swizzle), s.mod == 0)
        if plan is not None:
            return s if plan == "keep" else Src(s.reg, s.num, plan, s.mod, s.rel)
        comps = [s.swizzle[lane] for lane in lanes]
        t = self.tmp()
        for c in sorted(set(comps)):
            m = _mask_of(lane for lane, cc in zip(lanes, comps) if cc == c)
            self.body.append(Inst("mov", Dst(Reg.TEMP, t, m), [Src(s.reg, s.num, (c,) * 4, 0, s.rel)]))
        return Src(Reg.TEMP, t, IDENTITY, 0 if op == "texld" else s.mod)

    def _input_reads(self) -> dict[tuple[int, int], int]:
        """How often the SM4 program reads each input register, keyed as the shader-model-2 register it becomes
        (v# of a vertex shader; t# of a pixel shader, :meth:`texcoord`)."""
        if self._input_read_counts is None:
            counts: dict[tuple[int, int], int] = {}
            for inst in self.p.instructions:
                for o in inst.operands:
                    if o.type == T.INPUT and o.register is not None:
                        key = (Reg.INPUT, o.register) if self.kind == "vs" else (TEXTURE, self.texcoord(o.register))
                        counts[key] = counts.get(key, 0) + 1
            self._input_read_counts = counts
        return self._input_read_counts

    def _live_copy(self, s: Src) -> int | None:
        """A temporary still holding the full copy of input register ``s`` that :meth:`_read_ports` made: no
        instruction since wrote it, and no flow control came between (a copy made in one branch is not the
        other's)."""
        entry = self._input_copies.get((s.reg, s.num))
        if entry is None or s.rel is not None:
            return None
        t, at = entry
        for k in range(at, len(self.body)):  # only what was emitted since the last look (linear overall)
            inst = self.body[k]
            if inst.op in _FLOW or (inst.dst is not None and inst.dst.reg == Reg.TEMP and inst.dst.num == t):
                del self._input_copies[(s.reg, s.num)]
                return None
        self._input_copies[(s.reg, s.num)] = (t, len(self.body))
        return t

    def _read_ports(self, op: str, srcs: list[Src]) -> None:
        """Copy operands into temporaries until every register file keeps to its read ports and reads.

        Input registers are read-only ("ps_2_0 Registers": t# and v#, R): a copy stays good until its temporary
        is written again, so an instruction over the limit first reads an input through a copy made earlier,
        and when a copy is still needed it is made of the input the program reads most (the one most likely to
        be read beside another input again: a lighting shader's normal against each light vector)."""
        if len(srcs) < 2:
            return  # one operand keeps to every file's one port and one read
        for reg, ports, reads in self.prof.read_ports:
            if self._fits([s for s in srcs if s.reg == reg], ports, reads):
                continue
            idx = [i for i, s in enumerate(srcs) if s.reg == reg]
            inputs = reg in (TEXTURE, Reg.INPUT) and not (self.kind == "vs" and reg == TEXTURE)
            if inputs:
                for i in idx:
                    t = self._live_copy(srcs[i])
                    if t is not None:
                        srcs[i] = Src(Reg.TEMP, t, srcs[i].swizzle, srcs[i].mod)
                idx = [i for i in idx if srcs[i].reg == reg]
                # keep the least-read inputs, copy the most-read ones (stable: operand order among equals)
                counts = self._input_reads()
                idx.sort(key=lambda i: counts.get((srcs[i].reg, srcs[i].num), 0))
            seen: list[int | tuple[int, str]] = []
            count = 0
            for i in idx:
                s = srcs[i]
                key = s.num if s.rel is None else (s.num, "rel")
                if (key in seen or len(seen) < ports) and (reads is None or count < reads):
                    if key not in seen:
                        seen.append(key)
                    count += 1
                    continue
                t = self.tmp()
                self.body.append(Inst("mov", Dst(Reg.TEMP, t), [Src(s.reg, s.num, IDENTITY, 0, s.rel)]))
                self.written.update((Reg.TEMP, t, lane) for lane in range(4))
                if inputs and s.rel is None:
                    self._input_copies[(s.reg, s.num)] = (t, len(self.body))
                srcs[i] = Src(Reg.TEMP, t, s.swizzle, s.mod)

    @staticmethod
    def _fits(srcs: list[Src], ports: int, reads: int | None) -> bool:
        if len(srcs) < 2:
            return True
        keys = {s.num if s.rel is None else (s.num, "rel") for s in srcs}
        return len(keys) <= ports and (reads is None or len(srcs) <= reads)

    # --- instructions --------------------------------------------------------------------------
    def run(self) -> Translation:
        decls = [i for i in self.p.instructions if O.DCL_RESOURCE <= i.opcode <= O.DCL_GLOBALFLAGS]
        code = float_sign_bits(sign_of_xor(pair_sincos(one_trip_loops(inline_calls(
            [i for i in self.p.instructions if not (O.DCL_RESOURCE <= i.opcode <= O.DCL_GLOBALFLAGS)])))))
        self.p = dataclasses.replace(self.p, instructions=decls + code)
        if self.kind == "ps" and not self.prof.vpos:
            position_read_first(decls, code, self.prof.target, self.file)  # X4502 before the code's X4532
        self.prepass()
        body = [i for i in self.p.instructions if not (O.DCL_RESOURCE <= i.opcode <= O.DCL_GLOBALFLAGS)]
        self.kinds = Kinds(body)
        self.locality = Locality(body)
        self.residues = index_residues(body)
        for reg, t in sorted(self.out_temps.items()):
            if self.out_written.get(reg, 0) != 0xF:  # partially written outputs read as 0 elsewhere
                self.body.append(Inst("mov", Dst(Reg.TEMP, t), [self.cscalar(ZERO)]))
                self.written.update((Reg.TEMP, t, lane) for lane in range(4))
        self.walk(body)
        self.finish()
        return self.assemble()

    # --- control flow: flow.py
    def _known_lane(self, o: ir.Operand, lane: int) -> int | None:
        """The compile-time bits lane ``lane`` of a source reads (None when not known or modified)."""
        if o.modifier != ir.Modifier.NONE:
            return None
        c = o.components()[lane]
        if o.type == T.IMMEDIATE32:
            return o.values[c] if len(o.values) == 4 else o.values[0]
        if o.type == T.TEMP:
            return self.known.get((o.register, c))
        return None

    def begin_skip_region(self) -> list:
        """A "still running" register (y: 0 where a lane left, else 1; _skip_rest), set where the region starts:
        to 1, or to the product of the "still running" factors around it (FlowControl._running_factors), which
        it then stands for while none of them is written."""
        outer = self._running_factors()
        brk = [self.scratch_base, False]
        self.scratch_base += 1
        y = Dst(Reg.TEMP, brk[0], 0x2)
        if not outer:
            self.emit("mov", y, [self.cscalar(ONE)])
        else:
            self.emit("mul" if len(outer) > 1 else "mov", y, outer[:2])
            for f in outer[2:]:
                self.emit("mul", y, [Src(Reg.TEMP, brk[0], (1,) * 4), f])
            self.skip_covers[brk[0]] = (frozenset(f.num for f in self._running_factors(False)), len(self.body))
        self.skips.append(brk)
        self.skip_folded.append(set())
        return brk

    def end_skip_region(self, brk: list) -> None:
        """The region's lanes run together again: values folded while some had left are no longer uniform."""
        self.skips.remove(brk)
        self.skip_covers.pop(brk[0], None)
        self.scratch_base -= 1
        for key in self.skip_folded.pop():
            self.known.pop(key, None)
            self.known_int.discard(key)
            self.known_mask.discard(key)
            self.materialized.discard(key)

    def _fold(self, inst: ir.Instruction) -> bool:
        """Evaluate an instruction whose inputs are all known at compile time (integer arithmetic on loop
        counters, conversions, comparisons, moves of constants); its result becomes known."""
        fn = FOLD.get(inst.opcode)
        if fn is None or not inst.operands or inst.saturate or self.rep_depth or self.static_ifs:
            return False  # inside a rep loop (static branch) the code runs for every iteration (either value)
        scope = self.branch_folds[-1] if self.branch_folds else None
        if self.pred is not None and (scope is None or scope[0] is not self.pred):
            return False  # a switch case's predicate: not folded
        d0, srcs = inst.operands[0], inst.operands[1:]
        if inst.opcode in (O.IMUL, O.UMUL):
            # imul / umul null, lo, a, b: the low half is the 32-bit product; a written high half is not folded
            # (the sm2 code has none: _int_op's X4532). Unfolded, ``for (k = 0; k * k < 5; k++)`` stayed a
            # run-time loop (X3511) where fxc unrolls it
            if d0.type != T.NULL:
                return False
            d0, srcs = inst.operands[1], inst.operands[2:]
        if d0.type != T.TEMP:
            return False
        results = {}
        for lane in d0.written():
            args = [self._known_lane(o, lane) for o in srcs]
            absorbing = _ABSORBING.get(inst.opcode)
            if absorbing is not None and absorbing in args:  # x & 0 = 0, x | ~0 = ~0 whatever x holds
                results[lane] = absorbing
                continue
            if any(a is None for a in args):
                return False
            results[lane] = fn(*args) & 0xFFFFFFFF
        skipped = any(used for _, used in self.skips) or self.pred is not None
        if skipped:
            # some lanes left a switch case or an unrolled loop: they keep their values, so the write is made
            # (predicated) as well; the value stays known while those lanes' results do not matter, until the
            # skip's region ends (end_skip_region)
            self.instruction(inst)
        else:
            self._set_masks(d0, False)
        for lane, v in results.items():
            key = (d0.register, lane)
            self.known[key] = v
            if self._def_int((lane,)):
                self.known_int.add(key)
            elif self._def_mask((lane,)) and v in (0, 0xFFFFFFFF):
                self.known_mask.add(key)
            if skipped:
                self.materialized.add(key)
                self.skip_folded[-1].add(key)
                if self.pred is not None:  # known for the branch's lanes only: forgotten where the part ends
                    scope[1].add(key)  # type: ignore[index]
        return True

    def forget_folded(self, keys: set[tuple[int, int]]) -> None:
        """Values folded inside a part of a flattened branch: known for that part's lanes only (the others kept
        their register, and the write was made predicated), so unknown where the part ends."""
        for key in keys:
            self.known.pop(key, None)
            self.known_int.discard(key)
            self.known_mask.discard(key)
            self.materialized.discard(key)
        keys.clear()

    def instruction(self, inst: ir.Instruction) -> None:
        op = inst.opcode
        ops = inst.operands
        sat = inst.saturate
        if op in _DIRECT or op == O.MOV:
            d0 = ops[0]
            lanes = d0.written() if op not in (O.DP3, O.DP4) else ((0, 1, 2) if op == O.DP3 else (0, 1, 2, 3))
            mask_ok = op == O.MOV and d0.type == T.TEMP and not sat
            int_imm = op == O.MOV and mask_ok and ops[1].type == T.IMMEDIATE32 and (self._def_int(lanes) or (
                self.rep_depth > 0 and all((d0.register, ln) in self.rep_ints for ln in lanes)))
            if op == O.MOV and mask_ok and ops[1].type == T.TEMP and self._def_int(lanes) and all(
                    (ops[1].register, ops[1].components()[ln]) in self.known_int for ln in lanes):
                int_imm = True  # known integers copied: the floats of their values
            if mask_ok and not int_imm and ops[1].type == T.IMMEDIATE32 and self._def_mask(lanes) and all(
                    self._known_lane(ops[1], ln) in (0, 0xFFFFFFFF) for ln in lanes):
                # a bool literal the kind analysis finds used only as a mask (inside a rep loop, where nothing
                # is folded: ``bool done = false;`` then ``done = done || c``): its 1.0 / 0.0 mask form
                words = [ONE if ln in lanes and self._known_lane(ops[1], ln) else ZERO for ln in range(4)]
                self.emit("mov", self.dst(d0), [Src(Reg.CONST, self.const(tuple(words)))])
                self._set_masks(d0, True)
                self.intf.difference_update((d0.register, ln) for ln in lanes)
                return
            to_int_out = op == O.MOV and self._int_output(d0)
            srcs = [self.src(o, mask_ok, lanes, as_int=int_imm or to_int_out) for o in ops[1:]]
            d = self.dst(d0, sat)
            self.emit("mov" if op == O.MOV else _DIRECT[op], d, srcs)
            w = d0.written()
            self._set_masks(d0, mask_ok and (self._is_mask(ops[1], w) or ops[1].type == T.TEMP and any(
                (ops[1].register, ops[1].components()[ln]) in self.masks for ln in w)))
            if mask_ok and (ops[1].type == T.TEMP and all((ops[1].register, ops[1].components()[ln]) in self.intf
                                                          for ln in w) or self._typed_int(ops[1], w) or int_imm):
                self.intf.update((d0.register, ln) for ln in w)
        elif op == O.DP2:
            a, b = self.src(ops[1], lanes=(0, 1)), self.src(ops[2], lanes=(0, 1))
            d = self.dst(ops[0], sat)
            if self.kind == "ps":
                self.emit("dp2add", d, [a, b, self.cscalar(ZERO)])
            else:
                t = self.tmp()
                self.emit("mul", Dst(Reg.TEMP, t, 0x3), [a, b])
                self.emit("add", d, [Src(Reg.TEMP, t, (0,) * 4), Src(Reg.TEMP, t, (1,) * 4)])
            self._set_masks(ops[0], False)
        elif op in _SCALAR or op == O.SQRT:
            d0 = ops[0]
            x = ops[1]
            if op in (O.LOG, O.RSQ, O.SQRT) and x.modifier != ir.Modifier.NONE:
                # shader model 2's log and rsq read the absolute value of their source ("log - ps": "a scalar
                # source whose sign bit is ignored"; "rsq - ps/vs": "the absolute value is taken before
                # processing"; sqrt is rcp(rsq)): a sign modifier (|x|, -|x|, -x) changes nothing, so no abs
                x = dataclasses.replace(x, modifier=ir.Modifier.NONE)
            s = self.src(x, lanes=d0.written())
            d = self.dst(d0, sat)
            if op == O.SQRT:  # sqrt(x) = 1 / rsq(x) (rsq(0) = inf, rcp(inf) = 0)
                t = self.tmp()
                self._scalar("rsq", Dst(Reg.TEMP, t, d.mask), s)
                self._scalar("rcp", d, Src(Reg.TEMP, t))
            else:
                self._scalar(_SCALAR[op], d, s)
            self._set_masks(d0, False)
        elif op == O.DIV:
            d0 = ops[0]
            a, b = self.src(ops[1], lanes=d0.written()), self.src(ops[2], lanes=d0.written())
            t = self.tmp()
            self._scalar("rcp", Dst(Reg.TEMP, t, d0.mask), b)
            self.emit("mul", self.dst(d0, sat), [a, Src(Reg.TEMP, t)])
            self._set_masks(d0, False)
        elif op in (O.ROUND_NI, O.ROUND_PI):
            d0 = ops[0]
            x = self.src(ops[1], lanes=d0.written())
            t = self.tmp()
            if op == O.ROUND_NI:  # floor(x) = x - frc(x)
                self.emit("frc", Dst(Reg.TEMP, t, d0.mask), [x])
                self.emit("add", self.dst(d0, sat), [x, Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG)])
            else:  # ceil(x) = x + frc(-x)
                self.emit("frc", Dst(Reg.TEMP, t, d0.mask), [Src(x.reg, x.num, x.swizzle, x.mod ^ SrcMod.NEG)])
                self.emit("add", self.dst(d0, sat), [x, Src(Reg.TEMP, t)])
            self._set_masks(d0, False)
        elif op in (O.ROUND_Z, O.ROUND_NE):
            self._round(op, ops[0], self.src(ops[1], lanes=ops[0].written()), sat)
        elif op in _COMPARE:
            self._compare(_COMPARE[op], ops)
        elif op == O.MOVC:
            self._movc(ops, sat)
        elif op in (O.AND, O.OR, O.NOT):
            self._logic(op, ops)
        elif op in (O.UMAX, O.UMIN, O.IMAX, O.IMIN) and all(self._is_mask(o, ops[0].written()) for o in ops[1:3]):
            # min / max / clamp of bools: on the 0 / 0xFFFFFFFF masks umax and imin are or, umin and imax and
            self._logic(O.OR if op in (O.UMAX, O.IMIN) else O.AND, ops)
        elif op in (O.IEQ, O.INE) and any(self._is_zero(o, ops[0].written()) for o in ops[1:]) and any(
                self._is_mask(o, ops[0].written()) for o in ops[1:]):
            # mask == 0 is "not mask", mask != 0 the mask itself
            m = ops[1] if self._is_zero(ops[2], ops[0].written()) else ops[2]
            self._require_mask(m, ops[0].written(), ir.Opcode(op).name.lower())
            s = self.src(m, True, ops[0].written())
            if op == O.IEQ:
                self.emit("add", self.dst(ops[0]), [Src(*self._neg(s)), self.cscalar(ONE)])
            else:
                self.emit("mov", self.dst(ops[0]), [s])
            self._set_masks(ops[0], True)
        elif op in _INT_OPS:
            self._int_op(inst)
        elif op == O.DISCARD:
            self._discard(inst)
        elif op == O.SINCOS:
            self._sincos(inst)
        elif op == O.SAMPLE_L and self.prof.texldl:  # shader model 3 (D3D9 vs_3_0 / ps_3_0)
            self.texldl(inst)
        elif op in (O.SAMPLE, O.SAMPLE_B, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_D):
            if op == O.SAMPLE_D and not (self.prof.gradients or self.prof.texldd):
                # fxc emits texldd and its validator refuses it, in the order the code meets it (after a ddx
                # before it: X4532; before one after it), session 45; ps_2_b compiles it
                raise HlslError(self.file, 1, 1, 5190, f"Instruction not supported by version {self.prof.sm2} "
                                "pixel shader.")
            self._sample(inst)
        elif op in (O.DERIV_RTX, O.DERIV_RTY, O.DERIV_RTX_COARSE, O.DERIV_RTY_COARSE):
            if not self.prof.gradients:
                raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: derivative instructions (ddx/ddy) "
                                "need ps_4_0_level_9_3 (D3DPS20CAPS_GRADIENTINSTRUCTIONS)")
            d0 = ops[0]
            s = self.src(ops[1], lanes=d0.written())
            self.emit("dsx" if op in (O.DERIV_RTX, O.DERIV_RTX_COARSE) else "dsy", self.dst(d0, sat), [s])
            self._set_masks(d0, False)
        elif op in (O.IF, O.ELSE, O.ENDIF, O.LOOP, O.ENDLOOP, O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC,
                    O.SWITCH, O.CASE, O.DEFAULT, O.ENDSWITCH, O.RETC, O.CALL, O.CALLC, O.LABEL):
            raise _unsupported("flow control (if / loop / switch / call)")
        elif op == O.NOP:
            return
        else:
            name = ir.Opcode(op).name.lower() if op in ir.Opcode._value2member_map_ else str(op)
            if op in _BITS:
                raise self._x4532(f"the bit-level {name} instruction")
            if op in FOLD:
                raise _unsupported(f"the {name} instruction on values known only when the shader runs (integer "
                                   "arithmetic on shader inputs, dynamic loop counters)")
            raise _unsupported(f"the {name} instruction (integer, bitwise and other non-float operations)")

    def _x4532(self, what: str) -> HlslError:
        return _no_sm2(self.prof.target, self.prof.sm2, self.file, what)

    def _int_like(self, o: ir.Operand, lanes: tuple[int, ...]) -> bool:
        """An operand that reads integers: temps holding them, or immediates / known values whose bits are
        small integers (denormal or NaN patterns as floats, never an HLSL float literal)."""
        if o.type == T.TEMP and all((o.register, o.components()[ln]) in self.intf for ln in lanes):
            return True
        if self._typed_int(o, lanes):
            return True
        words = [self._known_lane(o, ln) for ln in lanes]
        if any(w is None for w in words):
            return False
        return any(w for w in words) and all(w < 0x00800000 or w >= 0xFF800000 for w in words)  # type: ignore[operator]

    def _scalar(self, name: str, d: Dst, s: Src) -> None:
        """SM2's rcp/rsq/exp/log read one component and write it to every masked lane: one per source comp."""
        by_comp: dict[int, int] = {}
        for lane in range(4):
            if d.mask >> lane & 1:
                c = s.swizzle[lane]
                by_comp[c] = by_comp.get(c, 0) | 1 << lane
        for c, m in by_comp.items():
            self.emit(name, Dst(d.reg, d.num, m, d.mod), [Src(s.reg, s.num, (c,) * 4, s.mod)])

    def _sincos(self, inst: ir.Instruction) -> None:
        """SM2 sincos takes an angle in [-pi, pi] and the D3DSINCOSCONST1/2 registers ("sincos - ps"/"- vs") and
        reads one replicated component: every source component read is reduced at once with the documented
        mad / frc / mad sequence (3 slots for up to four angles), then one sincos per component gives both its
        sine (.y) and cosine (.x), so ``tan``'s paired sincos (rewrite.pair_sincos) evaluates each angle once."""
        d_sin, d_cos, src_op = inst.operands
        lanes = tuple(sorted(set(d_sin.written() if d_sin.type != T.NULL else ())
                             | set(d_cos.written() if d_cos.type != T.NULL else ())))
        x = self.src(src_op, lanes=lanes)
        comps = sorted({x.swizzle[ln] for ln in lanes})
        k = self.const((_PI, 0x3F000000, _TWO_PI, _INV_TWO_PI))
        c1, c2 = self.const(_SINCOSCONST1), self.const(_SINCOSCONST2)
        t, cm = self.tmp(), _mask_of(comps)
        # component c of the angles in t.c: an identity read of the components used is legal in every profile
        self.emit("mad", Dst(Reg.TEMP, t, cm), [Src(x.reg, x.num, IDENTITY, x.mod, x.rel), Src(Reg.CONST, k, (3,) * 4),
                                                Src(Reg.CONST, k, (1,) * 4)])
        self.emit("frc", Dst(Reg.TEMP, t, cm), [Src(Reg.TEMP, t)])
        self.emit("mad", Dst(Reg.TEMP, t, cm), [Src(Reg.TEMP, t), Src(Reg.CONST, k, (2,) * 4),
                                                Src(Reg.CONST, k, (0,) * 4, SrcMod.NEG)])
        sin_t, cos_t = self.tmp(), self.tmp()
        for comp in comps:
            at = _mask_of(ln for ln in lanes if x.swizzle[ln] == comp)
            u = self.tmp()
            # its operands are fixed by definition (two constant registers): no read-port legalisation
            self.body.append(Inst("sincos", Dst(Reg.TEMP, u, 0x3), [Src(Reg.TEMP, t, (comp,) * 4),
                                                                   Src(Reg.CONST, c1), Src(Reg.CONST, c2)]))
            self.written.update((Reg.TEMP, u, c) for c in range(2))
            if d_sin.type != T.NULL:
                self.emit("mov", Dst(Reg.TEMP, sin_t, at), [Src(Reg.TEMP, u, (1,) * 4)])
            if d_cos.type != T.NULL:
                self.emit("mov", Dst(Reg.TEMP, cos_t, at), [Src(Reg.TEMP, u, (0,) * 4)])
        for d0, t in ((d_sin, sin_t), (d_cos, cos_t)):
            if d0.type != T.NULL:
                self.emit("mov", self.dst(d0, inst.saturate), [Src(Reg.TEMP, t)])
                self._set_masks(d0, False)

    def _discard(self, inst: ir.Instruction) -> None:
        if self.kind != "ps":
            raise _unsupported("discard outside a pixel shader")
        o = inst.operands[0]
        known = self._known_lane(o, 0)
        eff = self._write_pred()
        if known is not None and eff is None:
            if (known != 0) == inst.test_nonzero:  # unconditional discard: kill with a constant -1
                t = self.tmp()
                self.emit("mov", Dst(Reg.TEMP, t), [self.cscalar(MINUS_ONE)])
                self.body.append(Inst("texkill", Dst(Reg.TEMP, t)))
            return
        if known is not None:
            k = self.cscalar(ONE if (known != 0) == inst.test_nonzero else ZERO)
        else:
            self._require_mask(o, (0,), "discard")
            c = self.src(o, True, (0,))
            k = Src(c.reg, c.num, (c.swizzle[0],) * 4)
            if not inst.test_nonzero:  # kill when c == 0: k = 1 - c
                t = self.tmp()
                self.emit("add", Dst(Reg.TEMP, t), [Src(k.reg, k.num, k.swizzle, SrcMod.NEG), self.cscalar(ONE)])
                k = Src(Reg.TEMP, t)
        t = self.tmp()
        if eff is not None:  # only where the enclosing branch runs (and the lane has not returned)
            self.emit("mul", Dst(Reg.TEMP, t), [k, eff])
            k = Src(Reg.TEMP, t)
        self.emit("mov", Dst(Reg.TEMP, t), [Src(k.reg, k.num, k.swizzle, SrcMod.NEG)])  # kill where k = 1
        self.body.append(Inst("texkill", Dst(Reg.TEMP, t)))

    # --- end -------------------------------------------------------------------------------------
    def finish(self) -> None:
        self.scratch = 0
        if self.kind == "vs":
            for reg, t in sorted(self.out_temps.items()):
                self.body.append(Inst("mov", Dst(Reg.TEXCRDOUT, self.texcoord(reg), self.out_written.get(reg, 0xF)),
                                      [Src(Reg.TEMP, t)]))
            if self.pos_out is not None:
                p = self.pos_temp
                self.body.append(Inst("mad", Dst(Reg.RASTOUT, 0, 0x3), [Src(Reg.TEMP, p, (3, 3, 3, 3)),
                                                                        Src(Reg.CONST, 0), Src(Reg.TEMP, p)]))
                self.body.append(Inst("mov", Dst(Reg.RASTOUT, 0, 0xC), [Src(Reg.TEMP, p)]))
        else:
            for reg, t in sorted(self.out_temps.items()):
                self.body.append(Inst("mov", Dst(Reg.COLOROUT, reg), [Src(Reg.TEMP, t)]))
            if self.depth_temp is not None:
                self.body.append(Inst("mov", Dst(Reg.DEPTHOUT, 0), [Src(Reg.TEMP, self.depth_temp, (0, 0, 0, 0))]))

    def assemble(self) -> Translation:
        init: dict[tuple[int, int], int] = {}
        for reg, num, lane in self.zero_init:  # registers a flattened branch selects from before any write
            init[(reg, num)] = init.get((reg, num), 0) | 1 << lane
        zero = [Inst("mov", Dst(reg, num, m), [self.cscalar(ZERO)]) for (reg, num), m in sorted(init.items())]
        decls: list[Inst] = []
        if self.kind == "vs":
            used = sorted({s.num for i in self.body for s in i.srcs if s.reg == Reg.INPUT})
            for r in used:
                decls.append(Inst("dcl", Dst(Reg.INPUT, r), decl=Usage.TEXCOORD | r << 16))
            for sm in sorted(self.samplers.values(), key=lambda m: m.target):  # vs_3_0 texldl only
                decls.append(Inst("dcl", Dst(Reg.SAMPLER, sm.target), decl=int(sm.sampler_type) << 27))
        else:
            used_t: dict[int, int] = {}
            for i in self.body:
                for s in i.srcs:
                    if s.reg == TEXTURE:
                        used_t[s.num] = used_t.get(s.num, 0) | _mask_of(set(s.swizzle))
            if self.uses_vpos:
                decls.append(Inst("dcl", Dst(Reg.MISCTYPE, 0, 0x3), decl=0))
            if self.uses_vface:  # "dcl vFace": the register alone, no mask
                decls.append(Inst("dcl", Dst(Reg.MISCTYPE, 1, 0xF), decl=0))
            for r, m in sorted(used_t.items()):
                decls.append(Inst("dcl", Dst(TEXTURE, r, m), decl=0))
            for sm in sorted(self.samplers.values(), key=lambda m: m.target):
                decls.append(Inst("dcl", Dst(Reg.SAMPLER, sm.target), decl=int(sm.sampler_type) << 27))
        for words, reg in self.def_order:
            decls.append(Inst("def", Dst(Reg.CONST, reg), values=list(words)))
        for reg, count in self.int_defs:
            decls.append(Inst("defi", Dst(Reg.CONSTINT, reg), values=[count, 0, 0, 0]))
        if self.uses_rep:  # "rep - ps": the iteration count is i#.x, at most 255
            decls.append(Inst("defi", Dst(Reg.CONSTINT, self.rep_reg), values=[REP_COUNT, 0, 0, 0]))
        number_pred_cache(self.body)
        prog = Sm2Program(self.kind, 2, self.prof.minor, decls + zero + self.body)
        out = Translation(prog, self.cb_maps, list(self.samplers.values()))
        if self.kind == "vs" and self.pos_out is not None:
            out.runtime_constants.append((0, 0))
        out.loop_mappings = list(self.loop_maps)
        out.bool_mappings = list(self.bool_maps)
        return out


def translate(program: ir.Program, prof: Level9Profile, file: str = "",
              types: ShaderTypes | None = None, prefer_rep: bool = False,
              no_mapped_counts: bool = False, bool_branches: str | None = None) -> Translation:
    """The shader-model-2 program (and the Aon9 mapping tables) equivalent to ``program`` under ``prof``;
    ``types``: the integer / bool constants and inputs (types.py; none when omitted); ``prefer_rep``: keep
    counted loops as rep loops rather than unrolling them; ``bool_branches``: branches on bool constants as
    ``if b#`` (static_branch.py; the D3D9 targets)."""
    return _Translator(program, prof, file, types, prefer_rep, no_mapped_counts, bool_branches).run()

