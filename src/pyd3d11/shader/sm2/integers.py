"""Integer arithmetic of the SM4 -> shader-model-2 translation (a mixin of translate._Translator).

10Level9 hardware has no integers: an integer computed in the shader is held as the float of the same value
(exact below 2^24). Here: integer add / mul / mad / neg / min / max, shifts (by constants and by amounts
computed in the shader), comparisons, conversions (ftoi / ftou / itof / utof), unsigned division and
remainder, and round_z / round_ne from frc -- each as float instructions that give the integer result exactly.
"""

from __future__ import annotations

from .. import ir
from .base import ONE, ZERO, O, T, _mask_of
from .fold import f32_bits
from .program import IDENTITY, Dst, Src
from .tokens import Reg, SrcMod


class IntegerArithmetic:
    """Needs the translator's ``emit``, ``src``, ``dst``, ``tmp``, ``cscalar``, ``const``, ``kind``, ``intf``,
    ``_scalar``, ``_neg``, ``_compare``, ``_set_masks``, ``_known_lane``, ``_int_output`` and ``_x4532``."""

    def _int_op(self, inst: ir.Instruction) -> None:
        """Integer instructions on values computed in the shader, in floats of the same value (exact below
        2^24): add / mul / mad / neg / min / max, shifts by constants, comparisons, conversions."""
        op, ops, sat = inst.opcode, inst.operands, inst.saturate
        if op == O.UDIV:
            self._udiv(inst)
            return
        if op in (O.IMUL, O.UMUL):
            if ops[0].type != T.NULL:
                raise self._x4532("the high half of a 64-bit product (imul/umul hi)")
            ops = [ops[1], *ops[2:]]
        d0 = ops[0]
        lanes = d0.written()
        is_int = True
        if op in (O.IADD, O.IMUL, O.UMUL, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.IMAD, O.UMAD, O.INEG):
            srcs = [self.src(o, lanes=lanes, as_int=True) for o in ops[1:]]
            name = {O.IADD: "add", O.IMUL: "mul", O.UMUL: "mul", O.IMIN: "min", O.IMAX: "max", O.UMIN: "min",
                    O.UMAX: "max", O.IMAD: "mad", O.UMAD: "mad", O.INEG: "mov"}[op]
            if op == O.INEG:
                srcs = [Src(*self._neg(srcs[0]))]
            self.emit(name, self.dst(d0), srcs)
        elif op in (O.ISHL, O.ISHR, O.USHR):  # USHR: the values are non-negative integers here (floats of them)
            scale = self._shift_scale(ops[2], lanes, d0.mask, left=op == O.ISHL)
            a = self.src(ops[1], lanes=lanes, as_int=True)
            if op == O.ISHL:  # a << k = a * 2^k
                self.emit("mul", self.dst(d0), [a, scale])
            else:  # arithmetic shift right = floor(a / 2^k)
                t, f = self.tmp(), self.tmp()
                self.emit("mul", Dst(Reg.TEMP, t, d0.mask), [a, scale])
                self.emit("frc", Dst(Reg.TEMP, f, d0.mask), [Src(Reg.TEMP, t)])
                self.emit("add", self.dst(d0), [Src(Reg.TEMP, t), Src(Reg.TEMP, f, IDENTITY, SrcMod.NEG)])
        elif op in (O.IEQ, O.INE, O.ILT, O.IGE, O.ULT, O.UGE):
            kind = {O.IEQ: "eq", O.INE: "ne", O.ILT: "lt", O.IGE: "ge", O.ULT: "lt", O.UGE: "ge"}[op]
            self._compare(kind, ops, as_int=True)
            return
        elif op in (O.ITOF, O.UTOF):
            self.emit("mov", self.dst(d0, sat), [self.src(ops[1], lanes=lanes, as_int=True)])
            is_int = False
        else:  # FTOI / FTOU: truncate toward zero (FTOU also clamps negatives to 0)
            f = self.src(ops[1], lanes=lanes)
            m = d0.mask
            t, u, v, w = self.tmp(), self.tmp(), self.tmp(), self.tmp()
            self.emit("frc", Dst(Reg.TEMP, t, m), [f])
            self.emit("add", Dst(Reg.TEMP, u, m), [f, Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG)])  # floor
            zero, one = self.cscalar(ZERO), self.cscalar(ONE)
            if self.kind == "ps":  # + 1 where f < 0 and not whole
                self.emit("cmp", Dst(Reg.TEMP, v, m), [f, zero, one])
                self.emit("cmp", Dst(Reg.TEMP, w, m), [Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG), zero, Src(Reg.TEMP, v)])
            else:
                self.emit("slt", Dst(Reg.TEMP, v, m), [f, zero])
                self.emit("slt", Dst(Reg.TEMP, w, m), [zero, Src(Reg.TEMP, t)])
                self.emit("mul", Dst(Reg.TEMP, w, m), [Src(Reg.TEMP, v), Src(Reg.TEMP, w)])
            if op == O.FTOU:
                self.emit("add", Dst(Reg.TEMP, u, m), [Src(Reg.TEMP, u), Src(Reg.TEMP, w)])
                self.emit("max", self.dst(d0), [Src(Reg.TEMP, u), zero])
            else:
                self.emit("add", self.dst(d0), [Src(Reg.TEMP, u), Src(Reg.TEMP, w)])
        # an integer written to a float output is asfloat's: its value, as fxc's Aon9 code writes it (translate.py)
        self._set_masks(d0, False)
        if is_int and d0.type == T.TEMP:
            self.intf.update((d0.register, ln) for ln in lanes)

    def _shift_scale(self, amount: ir.Operand, lanes: tuple[int, ...], mask: int, left: bool) -> Src:
        """2^k (left shifts) or 2^-k (right shifts) per lane, k = the shift amount's low 5 bits (D3D11.3 ishl /
        ishr / ushr: "only the least significant 5 bits of src1 are used"). Amounts known now give a def
        constant; an amount computed in the shader (an integer held as the float of its value) gives
        k = 32 * frc(n / 32) -- n mod 32, which is the low 5 bits in two's complement for negative n too, every
        step exact in float32 -- and 2^k from ``exp`` (shader model 2's full-precision 2^x, "exp - ps" / "exp -
        vs": exact for the integer k on the reference interpreter; the docs guarantee 21 bits)."""
        known = [self._known_lane(amount, ln) for ln in lanes]
        if all(v is not None for v in known):
            vals = [ONE] * 4
            for ln, v in zip(lanes, known):
                vals[ln] = f32_bits(2.0 ** ((v & 31) if left else -(v & 31)))  # type: ignore[operator]
            return Src(Reg.CONST, self.const(tuple(vals)), IDENTITY)  # type: ignore[arg-type]
        n = self.src(amount, lanes=lanes, as_int=True)
        k, p = self.tmp(), self.tmp()
        self.emit("mul", Dst(Reg.TEMP, k, mask), [n, self.cscalar(0x3D000000)])  # n / 32
        self.emit("frc", Dst(Reg.TEMP, k, mask), [Src(Reg.TEMP, k)])
        self.emit("mul", Dst(Reg.TEMP, k, mask), [Src(Reg.TEMP, k), self.cscalar(0x42000000)])  # * 32
        self._scalar("exp", Dst(Reg.TEMP, p, mask), Src(Reg.TEMP, k, IDENTITY, 0 if left else SrcMod.NEG))
        return Src(Reg.TEMP, p)

    def _round(self, op: int, d0: ir.Operand, x: Src, sat: bool) -> None:
        """round_z (toward zero) and round_ne (to nearest, ties to even) -- "round_z / round_ne (sm4 - asm)" --
        from shader model 2's frc: fl = x - frc(x) is floor(x) and frc(x) is exact in float32, so
        round_z = fl + (x < 0 and frc(x) > 0), round_ne = fl + (frc(x) > 0.5 or frc(x) == 0.5 and fl is odd),
        fl odd exactly when frc(fl / 2) = 0.5. Exact for every finite x (for |x| >= 2^23, frc(x) = 0)."""
        m = d0.mask
        fr, fl, up, t = self.tmp(), self.tmp(), self.tmp(), self.tmp()
        zero, one, half = self.cscalar(ZERO), self.cscalar(ONE), self.cscalar(0x3F000000)
        self.emit("frc", Dst(Reg.TEMP, fr, m), [x])
        self.emit("add", Dst(Reg.TEMP, fl, m), [x, Src(Reg.TEMP, fr, IDENTITY, SrcMod.NEG)])
        R = Src(Reg.TEMP, fr)
        if op == O.ROUND_Z:  # up = (x < 0) * (frc > 0)
            if self.kind == "ps":
                self.emit("cmp", Dst(Reg.TEMP, t, m), [x, zero, one])
                self.emit("cmp", Dst(Reg.TEMP, up, m), [Src(Reg.TEMP, fr, IDENTITY, SrcMod.NEG), zero, Src(Reg.TEMP, t)])
            else:
                self.emit("slt", Dst(Reg.TEMP, t, m), [x, zero])
                self.emit("slt", Dst(Reg.TEMP, up, m), [zero, R])
                self.emit("mul", Dst(Reg.TEMP, up, m), [Src(Reg.TEMP, t), Src(Reg.TEMP, up)])
        else:
            odd = self.tmp()
            self.emit("mul", Dst(Reg.TEMP, odd, m), [Src(Reg.TEMP, fl), half])
            self.emit("frc", Dst(Reg.TEMP, odd, m), [Src(Reg.TEMP, odd)])
            self.emit("add", Dst(Reg.TEMP, odd, m), [Src(Reg.TEMP, odd), Src(Reg.TEMP, odd)])  # 1 where fl is odd
            self.emit("add", Dst(Reg.TEMP, t, m), [R, Src(*self._neg(half))])  # frc - 0.5
            if self.kind == "ps":
                self.emit("cmp", Dst(Reg.TEMP, up, m), [Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG), zero, one])  # > 0.5
                self.emit("abs", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t)])
                self.emit("cmp", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG), Src(Reg.TEMP, odd), zero])
            else:
                self.emit("slt", Dst(Reg.TEMP, up, m), [zero, Src(Reg.TEMP, t)])  # frc > 0.5
                e2 = self.tmp()
                self.emit("sge", Dst(Reg.TEMP, e2, m), [Src(Reg.TEMP, t), zero])
                self.emit("sge", Dst(Reg.TEMP, t, m), [zero, Src(Reg.TEMP, t)])
                self.emit("mul", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t), Src(Reg.TEMP, e2)])  # frc == 0.5
                self.emit("mul", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t), Src(Reg.TEMP, odd)])
            self.emit("add", Dst(Reg.TEMP, up, m), [Src(Reg.TEMP, up), Src(Reg.TEMP, t)])
        self.emit("add", self.dst(d0, sat), [Src(Reg.TEMP, fl), Src(Reg.TEMP, up)])
        self._set_masks(d0, False)

    def _udiv(self, inst: ir.Instruction) -> None:
        """udiv q, r, a, b on non-negative integers held as floats: q = floor(a * rcp(b)), then one correction
        each way so that 0 <= r = a - q * b < b however rcp rounds (exact for values below 2^24). Dividing by 0
        (0xFFFFFFFF in SM4) has no float equivalent."""
        dq, dr, a_op, b_op = inst.operands
        lanes = tuple(sorted(set(dq.written() if dq.type != T.NULL else ()) | set(dr.written() if dr.type != T.NULL
                                                                                   else ())))
        a, b = self.src(a_op, lanes=lanes, as_int=True), self.src(b_op, lanes=lanes, as_int=True)
        m = _mask_of(lanes)
        q, r, t = self.tmp(), self.tmp(), self.tmp()
        self._scalar("rcp", Dst(Reg.TEMP, t, m), b)
        self.emit("mul", Dst(Reg.TEMP, q, m), [a, Src(Reg.TEMP, t)])
        self.emit("frc", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, q)])
        self.emit("add", Dst(Reg.TEMP, q, m), [Src(Reg.TEMP, q), Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG)])
        zero, one = self.cscalar(ZERO), self.cscalar(ONE)
        for step in (-1, 1):  # r < 0: q -= 1; then r >= b: q += 1
            self.emit("mul", Dst(Reg.TEMP, r, m), [Src(Reg.TEMP, q), b])
            self.emit("add", Dst(Reg.TEMP, r, m), [a, Src(Reg.TEMP, r, IDENTITY, SrcMod.NEG)])
            if step < 0:  # t = (r < 0)
                if self.kind == "ps":
                    self.emit("cmp", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, r), zero, one])
                else:
                    self.emit("slt", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, r), zero])
                self.emit("add", Dst(Reg.TEMP, q, m), [Src(Reg.TEMP, q), Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG)])
            else:  # t = (r - b >= 0)
                self.emit("add", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, r), Src(*self._neg(b))])
                if self.kind == "ps":
                    self.emit("cmp", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t), one, zero])
                else:
                    self.emit("sge", Dst(Reg.TEMP, t, m), [Src(Reg.TEMP, t), zero])
                self.emit("add", Dst(Reg.TEMP, q, m), [Src(Reg.TEMP, q), Src(Reg.TEMP, t)])
        self.emit("mul", Dst(Reg.TEMP, r, m), [Src(Reg.TEMP, q), b])
        self.emit("add", Dst(Reg.TEMP, r, m), [a, Src(Reg.TEMP, r, IDENTITY, SrcMod.NEG)])
        for d0, v in ((dq, q), (dr, r)):
            if d0.type == T.NULL:
                continue
            if d0.type != T.TEMP and not self._int_output(d0):
                raise self._x4532("an integer's bit pattern written to a float output (asfloat)")
            self.emit("mov", self.dst(d0), [Src(Reg.TEMP, v)])
            self._set_masks(d0, False)
            if d0.type == T.TEMP:
                self.intf.update((d0.register, ln) for ln in d0.written())

