"""The vs_1_1 compile target (Direct3D 9 vertex shader model 1.1): the vs_2_0 program, restricted.

The HLSL front end and the level-9 translation build the program as for vs_2_0 with no flow control at all
(the profile's static flow depth is 0: every loop unrolled, every branch flattened, as for ps_2_0); d3d9.py
then hands the vs_2_0 instructions to :func:`lower`, which rewrites what vs_1_1 lacks into what it has.

Sources (MicrosoftDocs win32, desktop-src/direct3dhlsl):

- "Instructions - vs_1_1": the instruction set -- add, dcl, def, dp3, dp4, dst, exp (10 slots), expp, frc
  (3 slots), lit, log (10 slots), logp, m3x2 (2), m3x3 (3), m3x4 (4), m4x3 (3), m4x4 (4), mad, max, min, mov,
  mul, nop, rcp, rsq, sge, slt, sub, each other one 1 slot; "Vertex Shader Differences" lists abs, crs, lrp,
  mova, nrm, pow, sgn, sincos, defb / defi and every flow-control instruction as new in vs_2_0, and gives
  vs_1_1 128 instruction slots;
- "Registers - vs_1_1": r0-r11 (3 read ports), v0-v15 (1 read port, declared), c# (1 read port, as many as
  D3DCAPS9.MaxVertexShaderConst, at least 96 -- the 96 this target compiles against), a0 with its .x
  component only; outputs oPos, oFog, oPts, oD0-oD1, oT0-oT7;
- "Address Register" and "mov - vs": vs_1_1 writes a0.x with ``mov``, rounding to the nearest integer (as
  vs_2_0's mova does), and reads constants as ``c[a0.x + n]``;
- "expp - vs": in vs_1_1 ``expp`` returns (2^floor(v), v - floor(v), 2^v partial precision, 1) for the
  replicated source v -- its .y is an exact fraction in one slot;
- "frc - vs": vs_1_1's frc writes .y or .xy only; "Vertex Shader Source Register Modifiers": negate only.

fxc's code shape for sin / cos at vs_1_1 is taken from its listing of the CompiledEffect sample
(MicrosoftDocs "Using Effects" / "Effect Compiler Tool" pages: ``fxc /T vs_1_1``): the angle scaled by 1/2pi
plus 0.25 (sin) or 0.5 (cos), its fraction from ``expp .y``, mapped back to [-pi, pi) by ``mad`` with 2pi and
-pi, then cos of that as a degree-10 even polynomial in Horner form on the constants
(-2.52398507e-07, 2.47609005e-05, -0.00138883968, 0.0416666418, -0.5, 1) -- sin(x) being cos(x - pi/2). fxc's
own register allocation is not knowable; this module's sequence is 9 slots for sin, and 6 for cos, whose
vs_2_0 angle is already in [-pi, pi] (the reduction fxc's listing shows is the translation's, before sincos). ``abs`` becomes
``max x, -x``; ``lrp`` an ``add`` and a ``mad``; ``frc`` ``expp`` (and a ``mov`` for a component other than
y); ``mova`` ``mov a0.x``, with a second ``mov`` where the vs_2_0 program read another a0 component.
Programs needing anything else vs_1_1 lacks fail with fxc's X4532 ("cannot map expression to vs_1_1
instruction set").
"""

from __future__ import annotations

import math
import struct

from ..hlsl.diagnostics import HlslError
from .lanes import lanes_read, mask_lanes
from .profile import _VS_PORTS, Level9Profile
from .program import Dst, Inst, Src
from .tokens import Reg, SrcMod

#: the vs_1_1 limits ("Registers - vs_1_1", "Vertex Shader Differences"): 128 slots, 12 temporaries, 96
#: constants, 16 inputs, 8 texture-coordinate outputs, no samplers, no flow control
VS11 = Level9Profile("vs_1_1", "vs", "vs_1_1", 0, 0, 128, None, None, 12, 96, 16, 8, 0, None, True, False, 0, 0,
                     _VS_PORTS)

#: "Instructions - vs_1_1": every instruction of the set (dcl / def: setup)
VS11_OPS = frozenset({"add", "dcl", "def", "dp3", "dp4", "dst", "exp", "expp", "frc", "lit", "log", "logp",
                      "m3x2", "m3x3", "m3x4", "m4x3", "m4x4", "mad", "max", "min", "mov", "mul", "nop", "rcp",
                      "rsq", "sge", "slt", "sub", "comment"})

#: fxc's sin / cos constants (its CompiledEffect vs_1_1 listing): (1/2pi, sin shift, -, -),
#: (2pi, -pi, c2, c0), the Horner coefficients c10, c8, c6, c4 of cos t = 1 - t^2/2 + ... on [-pi, pi)
_TURNS = (1 / (2 * math.pi), 0.25, 0.0, 0.0)
_RANGE = (2 * math.pi, -math.pi, -0.5, 1.0)
_POLY = (-2.52398507e-07, 2.47609005e-05, -0.00138883968, 0.0416666418)

_X, _Y, _Z, _W = 0, 1, 2, 3


def _words(values: tuple[float, ...]) -> list[int]:
    return list(struct.unpack("<4I", struct.pack("<4f", *values)))


def _rep(s: Src, comp: int) -> Src:
    """``s`` read as its component ``comp`` (after its own swizzle) replicated."""
    return Src(s.reg, s.num, (s.swizzle[comp],) * 4, s.mod, s.rel)


def _neg(s: Src) -> Src:
    mod = {SrcMod.NONE: SrcMod.NEG, SrcMod.NEG: SrcMod.NONE}.get(SrcMod(s.mod))
    if mod is None:
        raise ValueError(f"source modifier {s.mod} in a vs_1_1 program")
    return Src(s.reg, s.num, s.swizzle, int(mod), s.rel)


def _temp(num: int, comp: int) -> Src:
    return Src(Reg.TEMP, num, (comp,) * 4)



def _reads(inst: Inst) -> set[int]:
    return {s.num for s in inst.srcs if s.reg == Reg.TEMP}


def _live_after(body: list[Inst]) -> list[set[tuple[int, int]]]:
    """The temporary components (register, component) live after each instruction of straight-line code: read
    later before a write of them (the lanes each source reads: lanes.lanes_read)."""
    out: list[set[tuple[int, int]]] = [set() for _ in body]
    live: set[tuple[int, int]] = set()
    for i in range(len(body) - 1, -1, -1):
        out[i] = set(live)
        inst = body[i]
        if inst.op in ("comment", "dcl", "def"):
            continue
        d = inst.dst
        if d is not None and d.reg == Reg.TEMP:
            live -= {(d.num, k) for k in mask_lanes(d.mask)}
        mask = d.mask if d is not None else None
        for n, src in enumerate(inst.srcs):
            if src.reg == Reg.TEMP:
                live |= {(src.num, src.swizzle[k]) for k in lanes_read(inst.op, n, mask)}
    return out


def _cannot_map(file: str, what: str) -> HlslError:
    return HlslError(file, 1, 1, 4532, f"cannot map expression to vs_1_1 instruction set ({what})")


class _Lowering:
    def __init__(self, body: list[Inst], first_const: int, temps: int, file: str):
        self.body, self.file, self.temps = body, file, temps
        self.live = _live_after(body)
        self.next_const = first_const
        self.defs: dict[tuple[float, ...], int] = {}
        self.out: list[Inst] = []
        #: a0 component -> the value the vs_2_0 program's mova wrote there (a replicated source)
        self.a0: dict[int, Src] = {}
        self.a0_x_holds: int | None = None  # which vs_2_0 a0 component a0.x holds now

    def const(self, values: tuple[float, ...]) -> int:
        if values not in self.defs:
            self.defs[values] = self.next_const
            self.next_const += 1
        return self.defs[values]

    def scratch(self, i: int, inst: Inst) -> int:
        """A temporary no value lives in across instruction ``i`` (nor read or written by it, nor holding a
        pending a0 component's value)."""
        busy = {num for num, _c in self.live[i]} | _reads(inst) | {
            s.num for s in self.a0.values() if s.reg == Reg.TEMP}
        if inst.dst is not None and inst.dst.reg == Reg.TEMP:
            busy.add(inst.dst.num)
        for t in range(self.temps):
            if t not in busy:
                return t
        raise HlslError(self.file, 1, 1, 4509, f"vs_1_1: the program needs more than {self.temps} temporary "
                                               "registers (r0-r11) to expand its vs_2_0 instructions")

    def emit(self, op: str, dst: Dst, srcs: list[Src]) -> None:
        self.out.append(Inst(op, dst, srcs))

    def run(self) -> list[Inst]:
        values = {i.dst.num: struct.unpack("<4f", struct.pack("<4I", *i.values)) for i in self.body
                  if i.op == "def"}
        skip = 0
        for i, inst in enumerate(self.body):
            if skip:
                skip -= 1
                continue
            if inst.op == "log" and self.integer_power(i, values):
                skip = 2
                continue
            self.step(i, inst)
        defs = [Inst("def", Dst(Reg.CONST, num), values=_words(v)) for v, num in self.defs.items()]
        return defs + self.out

    def step(self, i: int, inst: Inst) -> None:
        op, d = inst.op, inst.dst
        if inst.predicated:
            raise _cannot_map(self.file, "predication")
        self.address(inst)
        if op == "mova":
            self.mova(inst)
        elif op == "abs":  # |x| = max(x, -x): "max - vs" returns src0 where src0 >= src1
            s = inst.srcs[0]
            s = Src(s.reg, s.num, s.swizzle, SrcMod.NONE, s.rel)
            self.emit("max", d, [s, _neg(s)])
        elif op == "lrp":  # "lrp - vs": dest = src0 * (src1 - src2) + src2
            a, b, c = inst.srcs
            t = self.scratch(i, inst)
            self.emit("add", Dst(Reg.TEMP, t, d.mask), [b, _neg(c)])
            self.emit("mad", d, [a, Src(Reg.TEMP, t), c])
        elif op == "sincos":
            self.sincos(i, inst)
        elif op == "frc":
            self.frc(i, inst)
        elif op == "nrm":  # "nrm - vs": src * rsq(dot(src.xyz, src.xyz))
            s = inst.srcs[0]
            t = self.scratch(i, inst)
            self.emit("dp3", Dst(Reg.TEMP, t, 1 << _W), [s, s])
            self.emit("rsq", Dst(Reg.TEMP, t, 1 << _W), [_temp(t, _W)])
            self.emit("mul", d, [s, _temp(t, _W)])
        elif op == "pow":  # "pow - vs": 2^(src1 * log2|src0|) on replicated sources
            s0, s1 = inst.srcs
            t = self.scratch(i, inst)
            self.emit("log", Dst(Reg.TEMP, t, 1 << _W), [s0])
            self.emit("mul", Dst(Reg.TEMP, t, 1 << _W), [_temp(t, _W), s1])
            self.emit("exp", d, [_temp(t, _W)])
        elif op in VS11_OPS:
            self.out.append(inst)
        elif op in ("rep", "endrep", "loop", "endloop", "if", "ifc", "else", "endif", "break", "breakc",
                    "call", "callnz", "label", "ret", "defi", "defb"):
            raise _cannot_map(self.file, f"{op}: vs_1_1 has no flow control")
        else:
            raise _cannot_map(self.file, op)

    def integer_power(self, i: int, values: dict[int, tuple[float, ...]]) -> bool:
        """``log t, x`` / ``mul u, t, n`` / ``exp d, u`` (pow(x, n), n a literal whole number 2-64, its
        intermediate values read nowhere else) as square-and-multiply ``mul``s of |x| (the ``log`` reads |x|:
        "log - vs"): the two 10-slot macros of vs_1_1 otherwise. fxc's own listing for such a pow is not known
        here; ConfigSystem's vertex shader says its "power is hardcoded to not exceed inst limit" (pow(x, 40)
        four times within vs_1_1's 128 slots), which multiplication allows and the macros do not."""
        if i + 2 >= len(self.body):
            return False
        lg, ml, ex = self.body[i: i + 3]
        if ml.op != "mul" or ex.op != "exp" or lg.dst.reg != Reg.TEMP or ml.dst.reg != Reg.TEMP:
            return False
        t = (lg.dst.num, mask_lanes(lg.dst.mask)[0])
        u = (ml.dst.num, mask_lanes(ml.dst.mask)[0])
        ops = [(s.reg, s.num, s.swizzle[mask_lanes(ml.dst.mask)[0]], s.mod) for s in ml.srcs]
        k = next((o for o in ops if o[0] == Reg.CONST), None)
        if k is None or (Reg.TEMP, t[0], t[1], SrcMod.NONE) not in ops or k[1] not in values or k[3]:
            return False
        n = values[k[1]][k[2]]
        e = ex.srcs[0]
        if not (n == int(n) and 2 <= n <= 64) or (e.reg, e.num, e.swizzle[0]) != (Reg.TEMP, *u) or e.mod \
                or (t != u and t in self.live[i + 1]) or u in self.live[i + 2] or lg.srcs[0].rel is not None:
            return False
        scratch = self.scratch(i + 2, Inst("mul", ex.dst, [lg.srcs[0], *ex.srcs]))
        x = _rep(lg.srcs[0], _X)
        x = Src(x.reg, x.num, x.swizzle, SrcMod.NONE)
        acc = Dst(Reg.TEMP, scratch, 1 << _Y)
        base = x
        if int(n) % 2:  # an even power of x is one of |x|
            self.emit("max", Dst(Reg.TEMP, scratch, 1 << _X), [x, _neg(x)])
            base = _temp(scratch, _X)
        bits = bin(int(n))[3:]  # after the leading 1: square, then multiply by the base where the bit is set
        steps: list[tuple[Src, Src]] = []
        cur = base
        for bit in bits:
            steps.append((cur, cur))
            cur = _temp(scratch, _Y)
            if bit == "1":
                steps.append((cur, base))
        for k2, (a, b) in enumerate(steps):
            self.emit("mul", ex.dst if k2 == len(steps) - 1 else acc, [a, b])
        return True

    def address(self, inst: Inst) -> None:
        """Constants read ``c[a0.k + n]``: vs_1_1 has a0.x only, so a read through another vs_2_0 component
        first moves that component's value into a0.x; a write of a register some a0 component's value is
        still to be read from ends that component (a later read of it cannot be mapped)."""
        for s in inst.srcs:
            if s.rel is None:
                continue
            k = s.rel.swizzle[0]
            if self.a0_x_holds != k:
                src = self.a0.get(k)
                if src is None:
                    raise _cannot_map(self.file, f"a0.{'xyzw'[k]} read after its value was overwritten")
                self.emit("mov", Dst(Reg.ADDR, 0, 1 << _X), [src])
                self.a0_x_holds = k
            s.rel = Src(Reg.ADDR, 0, (_X,) * 4)
        d = inst.dst
        if d is not None and inst.op not in ("mova", "dcl", "def", "comment"):
            for k, src in list(self.a0.items()):
                if (src.reg, src.num) == (d.reg, d.num) and d.mask >> src.swizzle[0] & 1:
                    del self.a0[k]

    def mova(self, inst: Inst) -> None:
        s = inst.srcs[0]
        for k in mask_lanes(inst.dst.mask):
            self.a0[k] = _rep(s, k)
        if inst.dst.mask & 1:
            self.emit("mov", Dst(Reg.ADDR, 0, 1 << _X), [self.a0[_X]])
            self.a0_x_holds = _X
        elif self.a0_x_holds in mask_lanes(inst.dst.mask):
            self.a0_x_holds = None  # a0.x holds the old value of a component just rewritten

    def frc(self, i: int, inst: Inst) -> None:
        """frc through ``expp``'s .y (the exact fraction, one slot): a lone .y of a temporary directly; other
        components through a scratch register, y last, then one ``mov`` into the destination."""
        d, s = inst.dst, inst.srcs[0]
        lanes = mask_lanes(d.mask)
        if lanes == (_Y,) and d.reg == Reg.TEMP:
            self.emit("expp", Dst(Reg.TEMP, d.num, 1 << _Y), [_rep(s, _Y)])
            return
        t = self.scratch(i, inst)
        if len(lanes) == 1:
            self.emit("expp", Dst(Reg.TEMP, t, 1 << _Y), [_rep(s, lanes[0])])
            self.emit("mov", d, [_temp(t, _Y)])
            return
        for k in sorted(lanes, key=lambda k: k == _Y):  # y last: each other lane moves out of .y first
            self.emit("expp", Dst(Reg.TEMP, t, 1 << _Y), [_rep(s, k)])
            if k != _Y:
                self.emit("mov", Dst(Reg.TEMP, t, 1 << k), [_temp(t, _Y)])
        self.emit("mov", d, [Src(Reg.TEMP, t)])

    def sincos(self, i: int, inst: Inst) -> None:
        """vs_2_0 ``sincos d.{x|y|xy}, angle`` (x = cos, y = sin, the angle in [-pi, pi]) as fxc's vs_1_1
        expansion, per component, in one scratch register: .x the angle where it must be copied, .y the
        fraction, .w t then t^2, .z the polynomial."""
        d, a = inst.dst, _rep(inst.srcs[0], _X)
        t = self.scratch(i, inst)
        if a.reg == Reg.CONST or (a.reg == Reg.TEMP and a.num == d.num):
            # one constant register per instruction ("Registers - vs_1_1"), and the first result must not
            # overwrite the angle the second one reads
            self.emit("mov", Dst(Reg.TEMP, t, 1 << _X), [a])
            a = _temp(t, _X)
        turns, rng, poly = self.const(_TURNS), self.const(_RANGE), self.const(_POLY)
        w, z = _temp(t, _W), _temp(t, _Z)
        # the translation writes both results; a component nothing reads later is not computed (6 or 9 slots)
        lanes = [k for k in mask_lanes(d.mask) if (d.num, k) in self.live[i]] or mask_lanes(d.mask)[:1]
        for lane in lanes:
            if lane == _X:
                # cos: vs_2_0's angle is in [-pi, pi] already ("sincos - vs"), the polynomial's own range
                self.emit("mul", Dst(Reg.TEMP, t, 1 << _W), [a, a])
            else:
                # sin x = cos(x - pi/2): a quarter turn back, then into [-pi, pi) again (fxc's + 0.25 turn)
                self.emit("mad", Dst(Reg.TEMP, t, 1 << _W), [a, Src(Reg.CONST, turns, (_X,) * 4),
                                                              Src(Reg.CONST, turns, (_Y,) * 4)])
                self.emit("expp", Dst(Reg.TEMP, t, 1 << _Y), [w])
                self.emit("mad", Dst(Reg.TEMP, t, 1 << _W), [_temp(t, _Y), Src(Reg.CONST, rng, (_X,) * 4),
                                                              Src(Reg.CONST, rng, (_Y,) * 4)])
                self.emit("mul", Dst(Reg.TEMP, t, 1 << _W), [w, w])
            self.emit("mad", Dst(Reg.TEMP, t, 1 << _Z), [w, Src(Reg.CONST, poly, (_X,) * 4),
                                                          Src(Reg.CONST, poly, (_Y,) * 4)])
            self.emit("mad", Dst(Reg.TEMP, t, 1 << _Z), [w, z, Src(Reg.CONST, poly, (_Z,) * 4)])
            self.emit("mad", Dst(Reg.TEMP, t, 1 << _Z), [w, z, Src(Reg.CONST, poly, (_W,) * 4)])
            self.emit("mad", Dst(Reg.TEMP, t, 1 << _Z), [w, z, Src(Reg.CONST, rng, (_Z,) * 4)])
            self.emit("mad", Dst(d.reg, d.num, 1 << lane), [w, z, Src(Reg.CONST, rng, (_W,) * 4)])


def lower(body: list[Inst], first_const: int, file: str, temps: int = 12) -> list[Inst]:
    """The vs_1_1 form of a vs_2_0 program body (straight-line code; its constants numbered below
    ``first_const``): the new ``def`` constants first, numbered from ``first_const``. Raises X4532 for what
    vs_1_1 cannot express, X4509 where an expansion finds no free temporary."""
    return _Lowering(body, first_const, temps, file).run()


def check(body: list[Inst], file: str) -> None:
    """The vs_1_1 rules :func:`lower` relies on, checked on its result: the instruction set, a0.x written by
    mov and read as the only relative address, frc's masks, replicate swizzles for the scalar instructions."""
    for inst in body:
        if inst.op not in VS11_OPS:
            raise _cannot_map(file, inst.op)
        d = inst.dst
        if d is not None and d.reg == Reg.ADDR and (inst.op != "mov" or d.mask != 1 << _X):
            raise _cannot_map(file, f"{inst.op} writing a0")
        if inst.op == "frc" and d.mask not in (0x2, 0x3):
            raise _cannot_map(file, "frc writes .y or .xy")
        for s in inst.srcs:
            if s.rel is not None and (s.rel.reg != Reg.ADDR or s.rel.swizzle[0] != _X):
                raise _cannot_map(file, "relative addressing other than c[a0.x + n]")
            if s.mod not in (SrcMod.NONE, SrcMod.NEG):
                raise _cannot_map(file, f"source modifier {s.mod}")
