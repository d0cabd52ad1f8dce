"""A tiny shader-model-2 interpreter for the tests (independent of pyd3d11's SM4 executor and translator).

Semantics from the D3D9 assembly reference pages (MicrosoftDocs win32 desktop-src/direct3dhlsl, "add - vs",
"cmp - ps", "min - vs", "max - vs", "rcp - vs", "rsq - vs", "log - vs", "exp - vs", "frc - vs", "slt - vs", "sge - vs", "lrp - vs",
"dp2add - ps", "texkill - ps", "texld - ps_2_0 and up"): every register is a float4; sources apply the swizzle
then the modifier; destinations write the masked lanes, saturating with ``_sat``; rcp/rsq/exp/log read one
(replicated) component; rcp(0) = +inf, rsq reads |x|, log reads |x| and log(0) = -inf; cmp selects src1 where
src0 >= 0; texkill discards the pixel when any of x, y, z is negative.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pyd3d11.shader.sm2.program import Sm2Program, Src
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg, SrcMod

F = np.float32


class Sm2Machine:
    """Runs one program over N lanes. ``inputs``: {(reg type, num): (N, 4) float32}; ``consts``: (count, 4)
    float32 (``def`` overrides); ``sample(sampler, coords (N, 4), controls) -> (N, 4)``."""

    #: log(0). The "log - vs" / "log - ps" pages define it as -FLT_MAX; this interpreter has used -inf (the SM4
    #: value) since it was written, and its tests keep that; tests of the D3D9 value set F(-3.4028235e38)
    LOG_ZERO = F(-np.inf)

    def __init__(self, prog: Sm2Program, n: int, inputs: dict, consts: np.ndarray,
                 sample: Callable | None = None, iconsts: dict | None = None, bconsts: dict | None = None):
        self.prog, self.n = prog, n
        self.regs: dict[tuple[int, int], np.ndarray] = {k: np.asarray(v, F).copy() for k, v in inputs.items()}
        self.consts = np.array(consts, F)
        self.sample = sample
        self.killed = np.zeros(n, bool)
        self.iconst: dict[int, np.ndarray] = {k: np.asarray(v, np.int32) for k, v in (iconsts or {}).items()}
        self.bconst: dict[int, bool] = {k: bool(v) for k, v in (bconsts or {}).items()}  # b#: set by the app
        self.active = np.ones(n, bool)

    def _read(self, s: Src) -> np.ndarray:
        if s.reg == Reg.CONST and s.rel is not None:  # c[a0.c + n]: per-lane register ("mova - vs")
            a = self.regs[(s.rel.reg, s.rel.num)][:, s.rel.swizzle[0]].astype(np.int64)
            idx = s.num + a
            assert np.all((idx >= 0) & (idx < len(self.consts))), "relative constant read out of range"
            v = self.consts[idx].astype(F)
        elif s.reg == Reg.CONST:
            v = np.broadcast_to(self.consts[s.num], (self.n, 4)).astype(F)
        else:
            v = self.regs.get((s.reg, s.num))
            if v is None:
                raise AssertionError(f"read of unwritten register {s.reg}/{s.num}")
        v = v[:, list(s.swizzle)]
        if s.mod == SrcMod.NEG:
            v = -v
        elif s.mod == SrcMod.ABS:
            v = np.abs(v)
        elif s.mod == SrcMod.ABSNEG:
            v = -np.abs(v)
        elif s.mod != SrcMod.NONE:
            raise AssertionError(f"source modifier {s.mod} not modelled")
        return v.astype(F)

    def _write(self, d, value: np.ndarray) -> None:
        value = np.asarray(value, F)
        if value.ndim == 1:
            value = np.repeat(value[:, None], 4, axis=1)
        if d.mod & 1:
            value = np.clip(np.nan_to_num(value, nan=0.0), 0, 1).astype(F)
        cur = self.regs.setdefault((d.reg, d.num), np.full((self.n, 4), np.nan, F))
        on = self.active
        for lane in range(4):
            if d.mask >> lane & 1:
                cur[on, lane] = value[on, lane]

    def run(self) -> Sm2Machine:
        """Straight-line code plus rep / endrep / break / break_comp ("rep - ps": the loop runs i#.x times;
        "break - ps" leaves the innermost loop; "break_comp - ps" does where ``src0 comp src1`` holds on the
        lane's replicated components). A lane that breaks stops executing until its loop ends."""
        insts = self.prog.instructions
        self.active = np.ones(self.n, bool)
        loops: list[list] = []  # [first body index, iterations left, lanes active at the loop's start]
        #: [lanes active at the if, the condition, lanes still running at the end of the then-part]
        ifs: list[list] = []
        pc = 0
        with np.errstate(all="ignore"):
            while pc < len(insts):
                inst = insts[pc]
                if inst.op == "rep":
                    count = int(self.iconst[inst.srcs[0].num][0])
                    assert 0 <= count <= 255, "rep count outside [0, 255]"
                    if count == 0:  # skip to the matching endrep
                        depth = 1
                        while depth:
                            pc += 1
                            depth += {"rep": 1, "endrep": -1}.get(insts[pc].op, 0)
                        pc += 1
                        continue
                    loops.append([pc + 1, count, self.active.copy()])
                elif inst.op == "endrep":
                    top = loops[-1]
                    top[1] -= 1
                    if top[1] > 0 and self.active.any():
                        pc = top[0]
                        continue
                    self.active = top[2]
                    loops.pop()
                elif inst.op == "if":  # "if bool - vs / ps": the then-part runs when b# is true (every lane)
                    (b,) = inst.srcs
                    assert b.reg == Reg.CONSTBOOL and b.num in self.bconst, "if reads an unset bool register"
                    cond = np.full(self.n, self.bconst[b.num])
                    ifs.append([self.active.copy(), cond, None])
                    self.active = self.active & cond
                elif inst.op == "ifc":  # "if_comp - ps": the then-part runs where src0 comp src1 holds
                    a, b = self._read(inst.srcs[0])[:, 0], self._read(inst.srcs[1])[:, 0]
                    cond = {1: a > b, 2: a == b, 3: a >= b, 4: a < b, 5: a != b, 6: a <= b}[inst.controls & 7]
                    ifs.append([self.active.copy(), cond, None])
                    self.active = self.active & cond
                elif inst.op == "else":
                    top = ifs[-1]
                    top[2] = self.active.copy()
                    self.active = top[0] & ~top[1]
                elif inst.op == "endif":  # lanes that broke out of a loop inside stay stopped
                    saved, cond, then_alive = ifs.pop()
                    self.active = self.active | (saved & ~cond if then_alive is None else then_alive)
                elif inst.op in ("break", "breakc"):
                    assert loops, "break outside a loop"
                    if inst.op == "break":
                        self.active = np.zeros(self.n, bool)
                    else:
                        a, b = self._read(inst.srcs[0])[:, 0], self._read(inst.srcs[1])[:, 0]
                        cond = {1: a > b, 2: a == b, 3: a >= b, 4: a < b, 5: a != b, 6: a <= b}[inst.controls & 7]
                        self.active = self.active & ~cond
                else:
                    self._step(inst)
                pc += 1
        assert not loops, "rep without endrep"
        assert not ifs, "if without endif"
        return self

    def _scalar_src(self, s: Src) -> np.ndarray:
        assert len(set(s.swizzle)) == 1, "rcp/rsq/exp/log need a replicate swizzle"
        return self._read(s)[:, 0]

    def _step(self, inst) -> None:
        op, d, s = inst.op, inst.dst, inst.srcs
        if op in ("comment", "dcl"):
            return
        if op == "def":
            self.consts[d.num] = np.array(inst.values, np.uint32).view(F)
            return
        if op == "defi":
            self.iconst[d.num] = np.array(inst.values, np.uint32).view(np.int32)
            return
        r = self._read
        if op == "mov" and d.reg == Reg.ADDR and self.prog.kind == "vs":
            # vs_1_1 writes a0.x with mov ("mov - vs", "Address Register": rounded to the nearest integer)
            assert self.prog.major == 1 and d.mask == 1, "mov to a0 is vs_1_1's (a0.x), mova the later models'"
            self._write(d, np.floor(r(s[0]) + F(0.5)))
        elif op == "mov":
            self._write(d, r(s[0]))
        elif op == "add":
            self._write(d, r(s[0]) + r(s[1]))
        elif op == "sub":
            self._write(d, r(s[0]) - r(s[1]))
        elif op == "mul":
            self._write(d, r(s[0]) * r(s[1]))
        elif op == "mad":
            self._write(d, r(s[0]) * r(s[1]) + r(s[2]))
        elif op == "min":  # "min - vs": (src0 < src1) ? src0 : src1
            a, b = r(s[0]), r(s[1])
            self._write(d, np.where(a < b, a, b))
        elif op == "max":  # "max - vs": (src0 >= src1) ? src0 : src1
            a, b = r(s[0]), r(s[1])
            self._write(d, np.where(a >= b, a, b))
        elif op == "dp3":
            self._write(d, np.sum(r(s[0])[:, :3] * r(s[1])[:, :3], axis=1, dtype=F))
        elif op == "dp4":
            self._write(d, np.sum(r(s[0]) * r(s[1]), axis=1, dtype=F))
        elif op == "dp2add":
            a, b = r(s[0]), r(s[1])
            self._write(d, a[:, 0] * b[:, 0] + a[:, 1] * b[:, 1] + r(s[2])[:, 0])
        elif op == "rcp":
            x = self._scalar_src(s[0])
            self._write(d, np.where(x == 0, F(np.inf), F(1) / x))
        elif op == "rsq":
            x = np.abs(self._scalar_src(s[0]))
            self._write(d, np.where(x == 0, F(np.inf), F(1) / np.sqrt(x)))
        elif op == "exp":
            self._write(d, np.exp2(self._scalar_src(s[0])))
        elif op == "log":
            x = np.abs(self._scalar_src(s[0]))
            self._write(d, np.where(x == 0, self.LOG_ZERO, np.log2(x)))
        elif op == "expp" and self.prog.major == 1:  # "expp - vs", vs_1_1: (2^floor(v), v - floor(v), 2^v, 1)
            v = self._scalar_src(s[0])
            fl = np.floor(v)
            self._write(d, np.stack([np.exp2(fl), v - fl, np.exp2(v), np.ones_like(v)], axis=1))
        elif op == "expp":  # vs_2_0 and up: 2^v (partial precision) in every component
            self._write(d, np.exp2(self._scalar_src(s[0])))
        elif op == "frc":
            x = r(s[0])
            self._write(d, x - np.floor(x))
        elif op == "mova":  # vs_2_0: round to the nearest integer
            self._write(d, np.floor(r(s[0]) + F(0.5)))
        elif op == "abs":
            self._write(d, np.abs(r(s[0])))
        elif op == "slt":
            self._write(d, (r(s[0]) < r(s[1])).astype(F))
        elif op == "sge":
            self._write(d, (r(s[0]) >= r(s[1])).astype(F))
        elif op == "cmp":
            self._write(d, np.where(r(s[0]) >= 0, r(s[1]), r(s[2])))
        elif op == "lrp":
            a, b, c = r(s[0]), r(s[1]), r(s[2])
            self._write(d, a * (b - c) + c)
        elif op == "sincos":  # ps_2_0 / vs_2_0: x = cos, y = sin of the replicated angle; z undefined
            a = self._scalar_src(s[0])
            # shader model 3 (vs_3_0 / ps_3_0) takes the angle alone ("sincos - vs", "sincos - ps")
            assert d.reg == Reg.TEMP and d.mask in (1, 2, 3) and (len(s) == 1 if self.prog.major >= 3 else (
                s[1].reg == s[2].reg == Reg.CONST and s[1].num != s[2].num))
            assert np.all(np.abs(a) <= np.float32(np.pi) * 1.0001), "sincos angle outside [-pi, pi]"
            cur = self.regs.setdefault((d.reg, d.num), np.full((self.n, 4), np.nan, F))
            on = self.active
            if d.mask & 1:
                cur[on, 0] = np.cos(a)[on]
            if d.mask & 2:
                cur[on, 1] = np.sin(a)[on]
            cur[on, 2] = np.nan
        elif op == "texkill":
            v = self.regs[(d.reg, d.num)]
            self.killed |= self.active & np.any(v[:, :3] < 0, axis=1)
        elif op == "texld":
            assert self.sample is not None
            self._write(d, self.sample(s[1].num, r(s[0]), inst.controls))
        elif op == "texldl":  # shader model 3 ("texldl - ps"): the level of detail is the coordinate's w
            assert self.sample is not None
            self._write(d, self.sample(s[1].num, r(s[0]), "texldl"))
        elif op == "texldd":  # ps_2_x: explicit gradients in src2 / src3
            assert self.sample is not None
            self._write(d, self.sample(s[1].num, r(s[0]), inst.controls, r(s[2]), r(s[3])))
        else:
            raise AssertionError(f"the test interpreter does not model {op}")

    def out(self, reg: int, num: int) -> np.ndarray:
        return self.regs[(reg, num)]


def constants_for(chunk, cbuffers: dict[int, np.ndarray], count: int = 256) -> np.ndarray:
    """c# from the Aon9 chunk's constant-buffer mappings (c0, the position offset, left 0), each component
    converted as its mapping says -- what a 10Level9 runtime does when it uploads a constant buffer: FLT (0)
    copies the bits, BOOL (1) writes 1.0 for any nonzero dword, INT (2) / UINT (3) the float of the signed /
    unsigned 32-bit value."""
    c = np.zeros((count, 4), F)
    for buf, start, n, target, conv in chunk.cb_mappings:
        bits = np.ascontiguousarray(cbuffers[buf]).view(np.uint32).reshape(-1, 4)[start: start + n]
        for comp, kind in enumerate(conv):
            col = bits[:, comp]
            c[target: target + n, comp] = {0: col.view(F), 1: (col != 0).astype(F), 2: col.view(np.int32).astype(F),
                                           3: col.astype(F)}[kind]
    return c


def int_constants_for(chunk, cbuffers: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """i# from the Aon9 loop-register mappings: i#.x = the 32-bit signed integer at (buffer, register,
    component), clamped to 0-255 (the range of a rep / loop count, "rep - vs")."""
    import struct

    out = {}
    for rec in chunk.loop_mappings:
        buf, reg, comp, target = struct.unpack("<4H", rec)
        v = int(np.ascontiguousarray(cbuffers[buf]).view(np.int32).reshape(-1, 4)[reg, comp])
        out[target] = np.array([min(max(v, 0), 255), 0, 0, 0], np.int32)
    return out


__all__ = ["Sm2Machine", "constants_for", "int_constants_for", "TEXTURE", "Reg"]


# --- an independent validator: the D3D9 rules a 10Level9 driver's shader model 2 validation applies ----------

#: (read ports, reads per instruction) per register file: "Registers - ps_2_0", "Registers - vs_2_0"
_PORTS = {"ps": {Reg.TEMP: (3, None), Reg.CONST: (1, 2), TEXTURE: (1, 1), Reg.INPUT: (1, None),
                 Reg.SAMPLER: (1, 1)},
          "vs": {Reg.TEMP: (3, None), Reg.CONST: (1, 2), Reg.INPUT: (1, None)}}
_PS20_FULL = {(0, 1, 2, 3), (1, 2, 0, 3), (2, 0, 1, 3), (3, 2, 1, 0)}  # "Source Register Swizzling", ps_2_0
_VS_ONLY = {"slt", "sge", "lit", "dst", "mova", "sgn"}
#: flow-control instructions per target: ps_2_0 has none; ps_2_x (ps_4_0_level_9_3: static and dynamic flow
#: control) rep / if bool / call and break, break_comp, if_comp; vs_2_0 and the level-9 vs_2_x (static flow
#: control only, "Specifying Compiler Targets") loop / rep / if bool / call, no break ("Instructions - vs_2_0",
#: "ps_2_x Instructions", "vs_2_x Instructions")
_FLOW_ALL = {"call", "callnz", "loop", "endloop", "rep", "endrep", "if", "ifc", "else", "endif", "break", "breakc",
             "label", "ret"}
_FLOW_OK = {("ps", 0): set(), ("ps", 1): {"rep", "endrep", "if", "ifc", "else", "endif", "break", "breakc", "call",
                                          "callnz", "label", "ret"},
            ("vs", 0): {"call", "callnz", "loop", "endloop", "rep", "endrep", "if", "else", "endif", "label", "ret"},
            # vs_2_a / vs_3_0: dynamic flow control too ("if_comp - vs", "break_comp - vs": 2_x, 3_0)
            ("vs", 1): {"call", "callnz", "loop", "endloop", "rep", "endrep", "if", "ifc", "else", "endif", "break",
                        "breakc", "label", "ret"}}
_STATIC_DEPTH = {("ps", 1): 4, ("vs", 0): 1, ("vs", 1): 4}  # loop / rep nesting ("... flow control nesting")
#: "Flow Control Nesting Limits" (vs_2_0, vs_2_x): if bool, its else, rep, loop, call, callnz bool count against a
#: static flow count of 16; vs_3_0 and "Flow Control Limitations" (ps_2_x, ps_3_0): if bool nests 24 deep
_STATIC_FLOW_COUNT, _STATIC_NESTING = 16, 24
_BLOCK_OPEN = {"if": "if", "ifc": "if", "rep": "rep", "loop": "loop"}
_BLOCK_CLOSE = {"endif": "if", "endrep": "rep", "endloop": "loop"}
_PS_ONLY = {"cmp", "dp2add", "texld", "texkill", "dsx", "dsy", "texldd"}
_GRADIENT_OPS = {"dsx", "dsy", "texldd"}  # ps_2_x with D3DPS20CAPS_GRADIENTINSTRUCTIONS only
_SCALAR_OPS = {"rcp", "rsq", "exp", "log"}  # and sincos's angle (checked with its other rules)
_WRITE_ONLY = {Reg.RASTOUT, Reg.ATTROUT, Reg.TEXCRDOUT, Reg.COLOROUT, Reg.DEPTHOUT}


def _lanes_read(op: str, i: int, mask: int) -> set[int]:
    if op in ("dp4", "texld", "texldb", "texkill", "texldd"):
        return {0, 1, 2, 3}
    if op == "dp3":
        return {0, 1, 2}
    if op == "dp2add":
        return {0, 1} if i < 2 else {0}
    if op in _SCALAR_OPS:
        return {0}
    return {lane for lane in range(4) if mask >> lane & 1}


def validate(prog: Sm2Program, mapped_ints: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """Problems a D3D9 shader validator would report for ``prog`` (empty when it is valid); ``mapped_ints``:
    the i# registers the runtime loads (the Aon9 loop-register mappings)."""
    errs: list[str] = []
    kind = prog.kind
    sampler_dims = {i.dst.num: 2 if (i.decl or 0) >> 27 & 0xF == 2 else 3 for i in prog.instructions
                    if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER}
    # shader model 3 has every 2.x capability (D3D9 targets vs_3_0 / ps_3_0): checked with the 2.x rules
    level = 1 if prog.major >= 3 else min(prog.minor, 1)
    arbitrary = level >= 1  # ps_2_x: the level-9 profile has D3DPS20CAPS_ARBITRARYSWIZZLE
    written: set[tuple[int, int, int]] = set()
    depth = 0
    ints: set[int] = set(mapped_ints)
    blocks: list[list] = []  # open blocks: [kind, is if bool, else seen] ("An if block cannot straddle a loop")
    static_flow = 0
    for n, inst in enumerate(prog.instructions):
        op = inst.op
        if op in _BLOCK_OPEN:
            blocks.append([_BLOCK_OPEN[op], op == "if", False])
            if op == "if" and (len(inst.srcs) != 1 or inst.srcs[0].reg != Reg.CONSTBOOL):
                errs.append(f"{n}: if needs a constant bool register b#")
            static_flow += op in ("if", "rep", "loop")
            if op == "if" and (kind == "ps" or prog.major >= 3) and sum(b[1] for b in blocks) > _STATIC_NESTING:
                errs.append(f"{n}: if bool nested deeper than {_STATIC_NESTING}")
        elif op == "else":
            if not blocks or blocks[-1][0] != "if" or blocks[-1][2]:
                errs.append(f"{n}: else without its if")
            else:
                blocks[-1][2] = True
                static_flow += blocks[-1][1]
        elif op in _BLOCK_CLOSE:
            if not blocks or blocks[-1][0] != _BLOCK_CLOSE[op]:
                errs.append(f"{n}: {op} does not close the innermost block")
            else:
                blocks.pop()
        elif op in ("call", "callnz"):
            static_flow += 1
        if kind == "vs" and prog.major == 2 and static_flow > _STATIC_FLOW_COUNT and op in ("if", "else", "rep", "loop",
                                                                                          "call", "callnz"):
            errs.append(f"{n}: static flow count above {_STATIC_FLOW_COUNT}")
        if op in ("comment", "dcl", "def", "defi"):
            if op == "def":
                written.update((Reg.CONST, inst.dst.num, c) for c in range(4))
            if op == "defi":
                ints.add(inst.dst.num)
                if not 0 <= inst.values[0] <= 255:
                    errs.append(f"{n}: defi loop count outside [0, 255]")
            continue
        if op in _FLOW_ALL and op not in _FLOW_OK[(kind, level)]:
            errs.append(f"{n}: {op} is not available in {prog.profile}")
        if op in ("rep", "loop"):
            depth += 1
            if depth > _STATIC_DEPTH.get((kind, level), 0):
                errs.append(f"{n}: loops nested {depth} deep")
            if inst.srcs[0].reg != Reg.CONSTINT or inst.srcs[0].num not in ints:
                errs.append(f"{n}: rep needs a defined integer constant register")
        elif op in ("endrep", "endloop"):
            depth -= 1
            if depth < 0:
                errs.append(f"{n}: {op} without its loop")
        elif op in ("break", "breakc") and depth == 0:
            errs.append(f"{n}: {op} outside a loop")
        if any(s.reg == Reg.MISCTYPE and s.num == 1 for s in inst.srcs) and op not in ("setp", "ifc", "breakc"):
            # "Registers - ps_3_0": the face register only as the condition of setp_comp, if_comp, break_comp
            errs.append(f"{n}: vFace read by {op}")
        if op == "breakc" and any(len(set(s.swizzle)) != 1 for s in inst.srcs):
            errs.append(f"{n}: break_comp needs replicate swizzles")
        if kind == "ps" and op in _VS_ONLY or kind == "vs" and op in _PS_ONLY:
            errs.append(f"{n}: {op} is not a {kind}_2_0 instruction")
        if op in _GRADIENT_OPS and not arbitrary:
            errs.append(f"{n}: {op} needs ps_2_x gradient instructions")
        if kind == "vs" and inst.dst is not None and inst.dst.mod & 1:
            errs.append(f"{n}: vs_2_0 has no _sat")
        files: dict[int, list[int]] = {}
        for i, s in enumerate(inst.srcs):
            files.setdefault(s.reg, []).append(s.num)
            if s.reg in _WRITE_ONLY:
                errs.append(f"{n}: output register read")
            if op in _SCALAR_OPS and len(set(s.swizzle)) != 1:
                errs.append(f"{n}: {op} needs a replicate swizzle")
            if kind == "ps" and not arbitrary and s.reg != Reg.SAMPLER and len(set(s.swizzle)) != 1 \
                    and tuple(s.swizzle) not in _PS20_FULL:
                errs.append(f"{n}: swizzle {s.swizzle} needs an arbitrary-swizzle target")
            if op in ("texld", "texldd") and i == 0 and (tuple(s.swizzle) != (0, 1, 2, 3) or s.mod or s.reg not in (Reg.TEMP,
                                                                                                       TEXTURE) + (
                    (Reg.INPUT,) if prog.major >= 3 else ())):  # ps_3_0 inputs are v#
                errs.append(f"{n}: texld coordinates must be an unswizzled, unmodified r# or t#")
            if s.reg == Reg.TEMP:
                mask = inst.dst.mask if inst.dst is not None else 0xF
                lanes = _lanes_read(op, i, mask)
                if op == "texld" and i == 0 and not inst.controls:  # "texld - ps_2_0 and up": a plain texld
                    # uses as many coordinates as its texture has (2D: u, v; cube / volume: 3) -- fxc writes r0.xy
                    # before texld r1, r0, s0 (its ParallaxOcclusionMapping listing)
                    lanes = set(range(sampler_dims.get(inst.srcs[1].num, 4)))
                for lane in lanes:
                    if (Reg.TEMP, s.num, s.swizzle[lane]) not in written:
                        errs.append(f"{n}: r{s.num}.{'xyzw'[s.swizzle[lane]]} read before it is written")
        if op == "sincos" and prog.major >= 3:  # "sincos - vs" (vs_3_0): dst, src.{x|y|z|w} only
            if len(inst.srcs) != 1 or inst.dst.mask not in (1, 2, 3):
                errs.append(f"{n}: sincos operands")
        elif op == "sincos":  # src1 / src2 are two constant registers by definition, not read-port limited
            if not (inst.srcs[1].reg == inst.srcs[2].reg == Reg.CONST and inst.dst.mask in (1, 2, 3)):
                errs.append(f"{n}: sincos operands")
            files.pop(Reg.CONST, None)
        for reg, nums in files.items():
            ports, reads = _PORTS[kind].get(reg, (1, 1))
            if len(set(nums)) > ports or reads is not None and len(nums) > reads:
                errs.append(f"{n}: register file {reg} read {nums}: {ports} port(s), {reads} read(s)")
        if op in ("texld", "texldd") and inst.dst.reg != Reg.TEMP:
            errs.append(f"{n}: texld writes a temporary register")
        if inst.dst is not None and op != "texkill":
            written.update((inst.dst.reg, inst.dst.num, c) for c in range(4) if inst.dst.mask >> c & 1)
        if op == "texkill" and not all((Reg.TEMP, inst.dst.num, c) in written for c in range(3)) \
                and inst.dst.reg == Reg.TEMP:
            errs.append(f"{n}: texkill of an unwritten register")
    if depth:
        errs.append("a loop without its end")
    if blocks:
        errs.append("a block without its end")
    return errs


def texcoord_index(reg: int, position: int | None) -> int:
    """The oT# a vertex shader's SM4 output register ``reg`` (the t# a pixel shader's input register) becomes
    when ``position`` is the SV_Position register: fxc's published listings number them by register less the
    position below (vs_4_0_level_9_1 in DXDecompiler's Level9_Test_VS_9_0.asm: o1, o2, o3 -> oT0, oT1, oT2 with
    the position in o0; lib_4_0_level_9_1 without a position: v#/o# unchanged)."""
    return reg - 1 if position is not None and position < reg else reg


def position_register(sm4, output: bool) -> int | None:
    """The SV_Position register an SM4 program declares as an output (vs) or input (ps), if any."""
    from pyd3d11.shader import ir

    ops = (ir.Opcode.DCL_OUTPUT_SIV,) if output else (ir.Opcode.DCL_INPUT_PS_SIV, ir.Opcode.DCL_INPUT_SIV)
    return next((i.operands[0].register for i in sm4.instructions if i.opcode in ops and i.extra
                 and i.extra[0] == 1), None)
