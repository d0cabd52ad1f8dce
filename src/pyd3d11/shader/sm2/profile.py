"""The 4_0_level_9_x compile targets and the shader-model-2 limits each one compiles against (data).

Sources: MicrosoftDocs win32 desktop-src/direct3dhlsl "Specifying Compiler Targets" (Direct3D 9.1, 9.2 and 9.3
feature levels: ps_4_0_level_9_1 like ps_2_0 with 64 arithmetic + 32 texture instructions, 12 temporaries and
4 levels of dependent reads; ps_4_0_level_9_3 like ps_2_x with 512 instructions, 32 temporaries, static flow
depth 4, dynamic flow depth 24, arbitrary swizzle, gradient instructions, predication, no dependent-read and
no texture-instruction limit; vs_4_0_level_9_1 like vs_2_0 with 256 instructions, 12 temporaries, static flow
depth 1; vs_4_0_level_9_3 like vs_2_a with 256 instructions, 32 temporaries, static flow depth 4, predication);
"Registers - ps_2_0" / "Registers - vs_2_0" (register counts and read ports); "ps_2_0 Instructions" /
"Instructions - vs_2_0" (slot counts, tokens.py). fxc's error X5608 (too many arithmetic slots for ps_2_0)
is quoted from its message; the other error numbers are this project's (fxc's are not documented).

Flow control is d3dcompiler_47 10.1's, not the page's (session 44, probed under Wine): ps_4_0_level_9_3 compiles
no flow control, as ps_2_a / ps_2_b do -- a loop it cannot unroll is X3511, ``[branch]`` X3528 -- and
vs_4_0_level_9_3 compiles vs_2_a's dynamic flow control (a loop ending on a value computed per vertex compiles).
"""

from __future__ import annotations

from dataclasses import dataclass

from .program import Sm2Program
from .tokens import BY_NAME, Reg

FL_9_1, FL_9_3 = 0x9100, 0x9300


@dataclass(frozen=True)
class Level9Profile:
    target: str
    kind: str  # 'vs' / 'ps'
    sm2: str  # the shader model 2 profile fxc emits (listing name)
    minor: int  # version token minor: 0 for 2_0, 1 for 2_x
    feature_level: int
    max_slots: int
    max_arith: int | None  # ps_2_0 splits its 96 slots into 64 arithmetic + 32 texture
    max_tex: int | None
    temps: int
    consts: int  # float constant registers c#
    inputs: int  # v# (vs) / t# (ps) registers
    outputs: int  # oT# (vs) / oC# (ps) registers
    samplers: int
    dependent_reads: int | None  # ps_2_0: 4 levels; None = no limit
    arbitrary_swizzle: bool
    gradients: bool  # dsx / dsy (D3DPS20CAPS_GRADIENTINSTRUCTIONS)
    static_flow_depth: int
    dynamic_flow_depth: int
    #: (file, read ports, reads per instruction or None): an instruction may read at most ``ports`` distinct
    #: registers of a file, and at most ``reads`` operands from it
    read_ports: tuple[tuple[int, int, int | None], ...]
    #: texldl (SampleLevel / tex*lod) in pixel and vertex shaders: shader model 3 (the D3D9 vs_3_0 / ps_3_0
    #: targets, sm2/d3d9.py); no level-9 target has it
    texldl: bool = False
    #: a pixel shader reads SV_Position (VPOS) from vPos (the misc register 0, x and y only): ps_3_0
    vpos: bool = False
    #: a pixel shader reads SV_IsFrontFace (VFACE) from vFace (the misc register 1, a float whose sign is the
    #: facing: "Registers - ps_3_0"): ps_3_0
    vface: bool = False
    #: a plain texld reads only as many coordinate components as its texture has ("texld - ps_2_0 and up": 2D
    #: u, v; cube / volume u, v, w), so a temporary written on those lanes alone is a coordinate (fxc writes
    #: r0.xy before ``texld r1, r0, s0``): the D3D9 pixel-shader targets (sm2/d3d9.py); the level-9 programs keep
    #: every coordinate lane written
    coords_by_dimension: bool = False
    #: texldd (SampleGrad / tex*grad) without dsx / dsy: ps_2_b, where d3dcompiler_47 10.1 compiles it (session 45);
    #: ps_2_0 and ps_4_0_level_9_1 emit it and refuse it as its validator does (X5190, translate.py)
    texldd: bool = False


# "Registers - ps_2_0" / "ps_2_x" and "Registers - vs_2_0" / "vs_2_x": read ports and reads per instruction
_PS_PORTS = ((Reg.TEMP, 3, None), (Reg.CONST, 1, 2), (Reg.ADDR, 1, 1), (Reg.INPUT, 1, None), (Reg.SAMPLER, 1, 1))
_VS_PORTS = ((Reg.TEMP, 3, None), (Reg.CONST, 1, 2), (Reg.INPUT, 1, None))
#: the full source swizzles ps_2_0 accepts besides the replicates ("Source Register Swizzling", ps column 2_0)
PS20_SWIZZLES = ((0, 1, 2, 3), (1, 2, 0, 3), (2, 0, 1, 3), (3, 2, 1, 0))

PROFILES: dict[str, Level9Profile] = {p.target: p for p in (
    Level9Profile("ps_4_0_level_9_1", "ps", "ps_2_0", 0, FL_9_1, 96, 64, 32, 12, 32, 8, 4, 16, 4,
                  False, False, 0, 0, _PS_PORTS),
    Level9Profile("ps_4_0_level_9_3", "ps", "ps_2_x", 1, FL_9_3, 512, None, None, 32, 32, 8, 4, 16, None,
                  True, True, 0, 0, _PS_PORTS),
    Level9Profile("vs_4_0_level_9_1", "vs", "vs_2_0", 0, FL_9_1, 256, None, None, 12, 256, 16, 8, 0, None,
                  True, False, 1, 0, _VS_PORTS),
    Level9Profile("vs_4_0_level_9_3", "vs", "vs_2_x", 1, FL_9_3, 256, None, None, 32, 256, 16, 8, 0, None,
                  True, False, 4, 24, _VS_PORTS),
)}


#: the instruction slots of "Instructions - vs_1_1" that differ from vs_2_0's (tokens.OPCODES): exp / log 10,
#: frc 3, lit 1
VS11_SLOTS = {"exp": 10, "log": 10, "frc": 3, "lit": 1}


def count_slots(prog: Sm2Program) -> tuple[int, int, int]:
    """(total, texture, arithmetic) instruction slots, from the per-instruction slot table. ps_2_x as
    ps_4_0_level_9_3 uses it has D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT, where "ps_2_x Instructions" (notes 1-4)
    counts texkill 2, texld 1 (4 on a cube map), texldb 6, texldp 3 (4 on a cube map)."""
    from .tokens import TEXLD_BIAS, TEXLD_PROJECT

    cubes = {i.dst.num for i in prog.instructions if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER
             and (i.decl or 0) >> 27 & 0xF == 3}
    notexlimit = prog.kind == "ps" and (prog.minor >= 1 or prog.major >= 3)  # ps_2_x / ps_3_0
    sm1 = VS11_SLOTS if prog.major == 1 else {}
    tex = arith = 0
    for inst in prog.instructions:
        if inst.op == "comment":
            continue
        info = BY_NAME[inst.op]
        n = sm1.get(inst.op, (info.ps_slots if prog.kind == "ps" else info.vs_slots) or 0)
        if notexlimit and inst.op == "texkill":
            n = 2
        elif notexlimit and inst.op == "texld":
            cube = inst.srcs[1].num in cubes
            n = {TEXLD_BIAS: 6, TEXLD_PROJECT: 4 if cube else 3}.get(inst.controls, 4 if cube else 1)
        if info.kind == "t":
            tex += n
        else:
            arith += n
    return tex + arith, tex, arith


def limit_errors(prog: Sm2Program, prof: Level9Profile, constants: bool = True) -> list[tuple[int, str]]:
    """Every limit of ``prof`` the program exceeds, as (error number, fxc-style message); ``constants=False``: not
    the float constants' (a Direct3D 9 target's are judged where they are allocated, sm2/d3d9.py)."""
    errs: list[tuple[int, str]] = []
    total, tex, arith = count_slots(prog)
    if prof.max_arith is not None and arith > prof.max_arith:
        errs.append((5608, f"Compiled shader code uses too many arithmetic instruction slots ({arith}). "
                           f"Max. allowed by the target ({prof.sm2}) is {prof.max_arith}."))
    if prof.max_tex is not None and tex > prof.max_tex:
        errs.append((5607, f"Compiled shader code uses too many texture instruction slots ({tex}). "
                           f"Max. allowed by the target ({prof.sm2}) is {prof.max_tex}."))
    if total > prof.max_slots:
        errs.append((5609, f"Compiled shader code uses too many instruction slots ({total}). "
                           f"Max. allowed by the target ({prof.sm2}) is {prof.max_slots}."))
    used: dict[int, int] = {}
    for inst in prog.instructions:
        regs = ([inst.dst] if inst.dst is not None else []) + list(inst.srcs)
        for r in regs:
            used[r.reg] = max(used.get(r.reg, -1), r.num)
    if used.get(Reg.TEMP, -1) + 1 > prof.temps:
        errs.append((4509, f"{prof.sm2}: the program needs {used[Reg.TEMP] + 1} temporary registers; the "
                           f"target has {prof.temps}"))
    if constants and used.get(Reg.CONST, -1) + 1 > prof.consts:
        errs.append((4507, f"maximum {prof.sm2} constant register index ({prof.consts}) exceeded"))
    return errs


def dependent_read_depth(prog: Sm2Program, by_dimension: bool = False) -> int:
    """The deepest chain of texture reads: a texld's level is 1 + the deepest texld result its coordinate
    was computed from (through any arithmetic); coordinates from t#/c# are level 0 ("ps_2_0": 4 levels).
    ``by_dimension``: a texld's coordinate counts only the components its texture uses (2D: u, v; cube /
    volume: 3 -- "texld - ps_2_0 and up"), for the D3D9 targets, whose coordinates may be written partly
    (sm2/peephole.py); the level-9 programs count all four."""
    dims = {i.dst.num: 2 if (i.decl or 0) >> 27 & 0xF == 2 else 3 for i in prog.instructions
            if by_dimension and i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER}
    depth: dict[tuple[int, int, int], int] = {}
    deepest = 0
    for inst in prog.instructions:
        if inst.op in ("comment", "dcl", "def") or inst.dst is None:
            continue
        reads = 0
        for s in inst.srcs:
            if s.reg == Reg.TEMP:
                reads = max([reads] + [depth.get((Reg.TEMP, s.num, c), 0) for c in set(s.swizzle)])
        if inst.op == "texld":
            lanes = range(dims.get(inst.srcs[1].num, 4) if not inst.controls else 4)
            reads = 1 + max((depth.get((Reg.TEMP, inst.srcs[0].num, c), 0) for c in lanes), default=0) \
                if inst.srcs[0].reg == Reg.TEMP else 1
            deepest = max(deepest, reads)
        for lane in range(4):
            if inst.dst.mask >> lane & 1:
                depth[(inst.dst.reg, inst.dst.num, lane)] = reads
    return deepest


def profile_errors(prog: Sm2Program, prof: Level9Profile, by_dimension: bool = False,
                   d3d9: bool = False) -> list[tuple[int, str]]:
    """Every rule of ``prof`` the translated program breaks (limits, dependent reads, gradients);
    ``by_dimension``: see dependent_read_depth; ``d3d9``: a Direct3D 9 target's final program, whose float
    constants sm2/d3d9.py judges (constant_slots, validator_constant_error)."""
    errs = limit_errors(prog, prof, constants=not d3d9)
    if prof.dependent_reads is not None:
        d = dependent_read_depth(prog, by_dimension)
        if d > prof.dependent_reads:
            errs.append((4121, f"{prof.sm2}: texture reads are {d} levels dependent; the target allows "
                               f"{prof.dependent_reads}"))
    if not prof.gradients and any(i.op in ("dsx", "dsy") or i.op == "texldd" and not prof.texldd
                                  for i in prog.instructions):
        errs.append((4532, f"{prof.sm2}: gradient instructions need D3DPS20CAPS_GRADIENTINSTRUCTIONS"))
    return errs
