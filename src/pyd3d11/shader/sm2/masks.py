"""Comparisons and the instructions that consume their masks in the SM4 -> shader-model-2 translation (a mixin
of translate._Translator): ``lt`` / ``ge`` / ``eq`` / ``ne`` as 1.0 / 0.0 (``slt`` / ``sge`` in a vertex shader,
``cmp`` of a difference in a pixel shader), ``movc`` as a select, and ``and`` / ``or`` / ``not`` of masks as
products / maxima / ``1 - m``. SM4 masks are 0 / 0xFFFFFFFF; shader model 2 has no bit pattern, so a value used
both as a mask and as a number is fxc's X4532 (``_x4532``).
"""

from __future__ import annotations

from .. import ir
from .base import ONE, ZERO, O, T, _mask_of, _unsupported
from .program import IDENTITY, Dst, Src
from .tokens import Reg, SrcMod


class MaskOps:
    """Needs the translator's ``masks``, ``known``, ``known_int``, ``known_mask``, ``materialized``, ``intf``,
    ``kind``, ``src``, ``dst``, ``tmp``, ``emit``, ``cscalar``, ``instruction``, ``_is_mask``, ``_known_lane``,
    ``_int_like``, ``_def_int``, ``_int_output``, ``_vs_select`` and ``_x4532``."""

    def _set_masks(self, d0: ir.Operand, is_mask: bool) -> None:
        if d0.type != T.TEMP:
            return
        for lane in d0.written():
            key = (d0.register, lane)
            self.known.pop(key, None)
            self.known_int.discard(key)
            self.known_mask.discard(key)
            self.materialized.discard(key)
            self.intf.discard(key)
            if is_mask:  # inside a flattened branch: a mask where the branch runs (merged at endif)
                self.masks.add((d0.register, lane))
            else:
                self.masks.discard((d0.register, lane))

    def _require_mask(self, o: ir.Operand, lanes: tuple[int, ...], what: str) -> None:
        if not self._is_mask(o, lanes):
            raise _unsupported(f"{what} on a value that is not a comparison result or a bool constant")

    def _compare(self, kind: str, ops: list[ir.Operand], as_int: bool = False) -> None:
        d0 = ops[0]
        if d0.type != T.TEMP and not self._int_output(d0):
            raise self._x4532("a comparison result's bit pattern written to an output (asfloat)")
        lanes = d0.written()
        a, b = self.src(ops[1], lanes=lanes, as_int=as_int), self.src(ops[2], lanes=lanes, as_int=as_int)
        d = self.dst(d0)
        one, zero = self.cscalar(ONE), self.cscalar(ZERO)
        if self.kind == "vs":
            if kind in ("lt", "ge"):
                self.emit("slt" if kind == "lt" else "sge", d, [a, b])
            else:
                t1, t2 = self.tmp(), self.tmp()
                op = "sge" if kind == "eq" else "slt"
                self.emit(op, Dst(Reg.TEMP, t1, d.mask), [a, b])
                self.emit(op, Dst(Reg.TEMP, t2, d.mask), [b, a])
                self.emit("mul" if kind == "eq" else "add", d, [Src(Reg.TEMP, t1), Src(Reg.TEMP, t2)])
        else:
            t = self.tmp()
            self.emit("add", Dst(Reg.TEMP, t, d.mask), [a, Src(b.reg, b.num, b.swizzle, b.mod ^ SrcMod.NEG)])
            if kind in ("lt", "ge"):  # cmp: src0 >= 0 ? src1 : src2
                self.emit("cmp", d, [Src(Reg.TEMP, t), zero if kind == "lt" else one, one if kind == "lt" else zero])
            else:
                self.emit("abs", Dst(Reg.TEMP, t, d.mask), [Src(Reg.TEMP, t)])
                self.emit("cmp", d, [Src(Reg.TEMP, t, IDENTITY, SrcMod.NEG), one if kind == "eq" else zero,
                                     zero if kind == "eq" else one])
        self._set_masks(d0, True)

    def _movc(self, ops: list[ir.Operand], sat: bool) -> None:
        d0 = ops[0]
        lanes = d0.written()
        known = [self._known_lane(ops[1], ln) for ln in lanes]
        if all(k is not None for k in known):  # a condition decided at compile time: plain moves
            for pick, src_op in ((True, ops[2]), (False, ops[3])):
                sel = [ln for ln, k in zip(lanes, known) if (k != 0) == pick]
                if sel:
                    part = ir.Operand(d0.type, d0.num_components, d0.selection, _mask_of(sel), d0.swizzle,
                                      d0.indices, d0.values, d0.modifier)
                    self.instruction(ir.Instruction(O.MOV, [part, src_op], controls=int(sat) << 2))
            return
        self._require_mask(ops[1], lanes, "movc")
        a_mask = [ops[2].type == T.TEMP and (ops[2].register, ops[2].components()[ln]) in self.masks for ln in lanes]
        b_mask = [ops[3].type == T.TEMP and (ops[3].register, ops[3].components()[ln]) in self.masks for ln in lanes]
        ops = list(ops)
        if all(a_mask) != all(b_mask):  # a mask and a constant true / false: the constant as 1.0 / 0.0
            k = 3 if all(a_mask) else 2
            truth = self._truth_constant(ops[k], lanes)
            if truth is not None:
                ops[k] = truth
                a_mask, b_mask = [True] * len(lanes), [True] * len(lanes)
            elif all(a_mask) and self._is_mask(ops[3], lanes) or all(b_mask) and self._is_mask(ops[2], lanes):
                a_mask, b_mask = [True] * len(lanes), [True] * len(lanes)  # a bool constant (1.0 / 0.0)
        both = all(a_mask) and all(b_mask)
        if not both and (any(a_mask) or any(b_mask)):
            raise self._x4532("one value both a comparison result and a number (a reinterpreted bit pattern)")
        ints = self._def_int(lanes) or self._int_like(ops[2], lanes) or self._int_like(ops[3], lanes)
        if ints and not self._def_int(lanes):
            for o in ops[2:4]:
                if not (self._int_like(o, lanes) or self._is_zero(o, lanes)):
                    raise self._x4532("one value both an integer and a float (asint / asfloat)")
        if both and d0.type != T.TEMP and not self._int_output(d0):
            raise self._x4532("a comparison result's bit pattern written to an output (asfloat)")
        if ints and d0.type != T.TEMP and not self._int_output(d0):
            raise self._x4532("an integer's bit pattern written to a float output (asfloat)")
        c = self.src(ops[1], True, lanes)
        if ints:
            a, b = self.src(ops[2], lanes=lanes, as_int=True), self.src(ops[3], lanes=lanes, as_int=True)
        else:
            a, b = self.src(ops[2], True, lanes), self.src(ops[3], True, lanes)
        d = self.dst(d0, sat)
        if self.kind == "ps":  # -c >= 0 exactly when c == 0
            self.emit("cmp", d, [Src(c.reg, c.num, c.swizzle, SrcMod.NEG), b, a])
        else:  # c * a + (1 - c) * b with a, b made finite first (see _flush_selects): exact for c in {0, 1}
            self._vs_select(d, c, a, b)
        self._set_masks(d0, both)
        if ints and d0.type == T.TEMP:
            self.intf.update((d0.register, ln) for ln in lanes)

    def _truth_constant(self, o: ir.Operand, lanes: tuple[int, ...]) -> ir.Operand | None:
        """An immediate (or known value) that is 0 or 0xFFFFFFFF on ``lanes`` -- HLSL's false / true as SM4
        masks -- as the 1.0 / 0.0 immediate of the mask form here; None for any other operand."""
        words = [self._known_lane(o, ln) for ln in lanes]
        if any(w not in (0, 0xFFFFFFFF) for w in words):
            return None
        vals = [0] * 4
        for ln, w in zip(lanes, words):
            vals[ln] = ONE if w else ZERO
        return ir.Operand(T.IMMEDIATE32, 4, ir.SelectionMode.MASK, values=vals)

    def _and_known_lanes(self, d0: ir.Operand, m: ir.Operand, one: ir.Operand, lanes: tuple[int, ...]) -> bool:
        """``and d, m, 1.0`` (a bool vector made floats) where some lanes of ``m`` are bools known at compile time
        (``bool4(u.x, 1, 0, u.y)``: the SM4 code moves l(0, -1, 0, 0) into r0.yz beside two comparisons): those
        lanes are the constants 1.0 / 0.0, the others the comparisons' masks. True where it wrote them; fxc
        compiles these at ps_2_0 / ps_3_0 / 4_0_level_9_x (d3dcompiler_47 10.1, session 48)."""
        if m.type != T.TEMP:
            return False
        known = {ln: self._known_lane(m, ln) for ln in lanes}
        fixed = [ln for ln in lanes if known[ln] is not None and known[ln] & 0xFFFFFFFF in (0, 0xFFFFFFFF)
                 and not self._is_mask(m, (ln,))]
        rest = tuple(ln for ln in lanes if ln not in fixed)
        if not fixed or rest and not self._is_mask(m, rest):
            return False
        vals = [ZERO] * 4
        for ln in fixed:
            vals[ln] = ONE if known[ln] & 0xFFFFFFFF else ZERO  # type: ignore[operator]
        for sel, src in ((fixed, ir.Operand(T.IMMEDIATE32, 4, ir.SelectionMode.MASK, values=vals)), (rest, None)):
            if not sel:
                continue
            part = ir.Operand(d0.type, d0.num_components, d0.selection, _mask_of(list(sel)), d0.swizzle, d0.indices,
                              d0.values, d0.modifier)
            if src is not None:
                self.instruction(ir.Instruction(O.MOV, [part, src]))
            else:
                self._logic(O.AND, [part, m, one])
        return True

    def _logic(self, op: int, ops: list[ir.Operand]) -> None:
        d0 = ops[0]
        lanes = d0.written()
        if op == O.NOT:
            if not self._is_mask(ops[1], lanes):
                raise self._x4532("bitwise not on numbers")
            self._require_mask(ops[1], lanes, "not")
            self.emit("add", self.dst(d0), [Src(*self._neg(self.src(ops[1], True, lanes))), self.cscalar(ONE)])
            self._set_masks(d0, True)
            return
        x, y = ops[1], ops[2]
        if op == O.AND:
            for m, imm in ((x, y), (y, x)):  # mask & asuint(1.0): the bool -> float conversion
                if imm.type == T.IMMEDIATE32:
                    words = imm.values if len(imm.values) == 4 else imm.values * 4
                    if all(words[imm.components()[ln]] == ONE for ln in lanes):
                        if self._and_known_lanes(d0, m, imm, lanes):
                            return
                        self._require_mask(m, lanes, "and")
                        self.emit("mov", self.dst(d0), [self.src(m, True, lanes)])
                        self._set_masks(d0, False)
                        return
        if op == O.AND and self._is_mask(x, lanes) != self._is_mask(y, lanes):
            m, v = (x, y) if self._is_mask(x, lanes) else (y, x)
            self._and_mask(d0, m, v, lanes)
            return
        if not self._is_mask(x, lanes) and not self._is_mask(y, lanes):
            raise self._x4532(f"bitwise {ir.Opcode(op).name.lower()} on "
                          "numbers")
        self._require_mask(x, lanes, ir.Opcode(op).name.lower())
        self._require_mask(y, lanes, ir.Opcode(op).name.lower())
        self.emit("mul" if op == O.AND else "max", self.dst(d0), [self.src(x, True, lanes), self.src(y, True, lanes)])
        self._set_masks(d0, True)

    def _and_mask(self, d0: ir.Operand, m: ir.Operand, v: ir.Operand, lanes: tuple[int, ...]) -> None:
        """``and d, mask, v``: every bit of v where the mask is 0xFFFFFFFF, 0 where it is 0 -- mask ? v : 0.
        v = 1 (the integer) makes the mask the integer 1 / 0; otherwise v keeps its kind (an integer stays one;
        a float's bits are the float)."""
        ints = self._int_like(v, lanes)
        if ints and all(self._known_lane(v, ln) == 1 for ln in lanes):  # mask & 1: the integer 1 / 0
            self.emit("mov", self.dst(d0), [self.src(m, True, lanes)])
        else:
            c = self.src(m, True, lanes)
            a = self.src(v, lanes=lanes, as_int=ints)
            d = self.dst(d0)
            if self.kind == "ps":  # -c >= 0 (c == 0): 0, else v
                self.emit("cmp", d, [Src(c.reg, c.num, c.swizzle, c.mod ^ SrcMod.NEG), self.cscalar(ZERO), a])
            else:
                self._vs_select(d, c, a, self.cscalar(ZERO))
        if d0.type != T.TEMP and ints and not self._int_output(d0):
            raise self._x4532("an integer's bit pattern written to a float output (asfloat)")
        self._set_masks(d0, False)
        if ints and d0.type == T.TEMP:
            self.intf.update((d0.register, ln) for ln in lanes)

    @staticmethod
    def _is_zero(o: ir.Operand, lanes: tuple[int, ...]) -> bool:
        if o.type != T.IMMEDIATE32:
            return False
        words = o.values if len(o.values) == 4 else o.values * 4
        return all(words[o.components()[ln]] == 0 for ln in lanes)

    @staticmethod
    def _neg(s: Src) -> tuple:
        return (s.reg, s.num, s.swizzle, s.mod ^ SrcMod.NEG, s.rel)  # a relative read stays relative
