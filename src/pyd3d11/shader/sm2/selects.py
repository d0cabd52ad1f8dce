"""Writes inside flattened flow control: computed into a scratch register, then selected into their register
where the branch runs (translate.py's _Translator mixes this in).

A pixel shader selects with ``cmp`` ("cmp - ps"); a vertex shader has no cmp (vs_2_0) and selects with
p * a + (1 - p) * b for p in {0, 1}, exact once both values are finite: the values are clamped to +-FLT_MAX
first ("max - vs" / "min - vs": src0 >= src1 ? src0 : src1, so a NaN becomes the bound).
"""

from __future__ import annotations

from .base import _FLT_MAX
from .lanes import lanes_read, mask_lanes
from .peephole import _FLOW
from .program import Dst, Inst, Src
from .tokens import Reg, SrcMod

#: how far back _selected_last looks for the last writes of a select's old value (a bound on its cost)
_SELECT_LOOKBACK = 256


class PredicatedWrites:
    """Needs the translator's ``body``, ``pending``, ``known``, ``materialized``, ``written``, ``zero_init``,
    ``select_outs``, ``kind``, ``tmp``, ``emit``, ``cscalar``, ``_gated``, ``_write_pred`` and ``_materialize``."""

    def _predicated(self, d: Dst) -> Dst:
        """Inside a flattened branch (or after some lanes returned), compute into a scratch register and
        select it into ``d`` afterwards."""
        if not self._gated():
            return d
        if d.reg == Reg.TEMP:  # the select reads the old value: known components must be in the register
            need = [ln for ln in mask_lanes(d.mask) if (d.num, ln) in self.known
                    and (d.num, ln) not in self.materialized]
            if need:
                self._materialize(d.num, need)
        t = self.tmp()
        self.pending.append((Dst(d.reg, d.num, d.mask), t))
        return Dst(Reg.TEMP, t, d.mask, d.mod)

    def _flush_selects(self) -> None:
        pending, self.pending = self.pending, []
        assert self._gated() or not pending
        eff = self._write_pred() if pending else None
        for final, t in pending:
            for lane in mask_lanes(final.mask):
                if (final.reg, final.num, lane) not in self.written:
                    self.zero_init.add((final.reg, final.num, lane))
            p = Src(eff.reg, eff.num, eff.swizzle)  # type: ignore[union-attr]
            old = Src(final.reg, final.num)
            then_p = self._complement(eff) if self.kind == "ps" else None
            if then_p is not None:
                # the else part of a branch whose two predicates sum to 1: p.y > 0 exactly where p.x == 0, so
                # select on p.x with the operands swapped (p.y itself is then often unread), and a then-part
                # select of these lanes that nothing reads since becomes a plain write (the value is chosen here)
                self._unselect_then(final, then_p)
                self.emit("cmp", final, [Src(then_p.reg, then_p.num, then_p.swizzle, SrcMod.NEG),
                                         Src(Reg.TEMP, t), old])
            elif self.kind == "ps":  # cmp: -p >= 0 (p == 0) keeps the old value, else the branch's
                self.emit("cmp", final, [Src(p.reg, p.num, p.swizzle, SrcMod.NEG), old, Src(Reg.TEMP, t)])
            else:  # p * new + (1 - p) * old, exact for p in {0, 1} once both values are finite: the branch
                # ran on every lane, so lanes that skip it may hold inf / NaN there (log(0), rcp(0)), and 0 * inf
                # is NaN. max(x, -FLT_MAX) then min(.., FLT_MAX) makes any value finite ("max - vs": src0 >= src1
                # ? src0 : src1, so a NaN src0 yields src1); a non-finite result of a taken branch becomes
                # +-FLT_MAX -- the one difference from the SM4 program, documented.
                self._vs_select(final, p, Src(Reg.TEMP, t), old)

    def _complement(self, eff: Src) -> Src | None:
        """The then predicate p.x where ``eff`` is the else predicate p.y of a flattened branch entered with no
        predicate around it (flow._enter_branch: p.x = c, p.y = 1 - c for a comparison mask c in {0, 1}, so
        exactly one of them is 1), read alone (no "still running" factor)."""
        if eff.reg != Reg.TEMP or eff.num not in self.complements or tuple(eff.swizzle) != (1,) * 4 or eff.mod:
            return None
        return Src(Reg.TEMP, eff.num, (0,) * 4)

    def _unselect_then(self, final: Dst, then_p: Src) -> None:
        """The else part's select of ``final`` (every lane of its mask) chooses between the two parts' values
        everywhere the branch runs, so a then-part select ``cmp final, -p.x, final, T`` of lanes inside that mask
        may write T unconditionally (``mov``): where p.x == 0 the else select overwrites it. Only where no
        instruction between reads or writes those lanes of ``final`` (the else lanes would otherwise see T where
        they read the entry value) and no flow control comes between."""
        start = self.complements[then_p.num]
        read: set[int] = set()  # lanes of final read / written by the instructions after the one looked at
        written: set[int] = set()
        for i in range(len(self.body) - 1, start - 1, -1):
            inst = self.body[i]
            if inst.op in _FLOW or inst.op.startswith(("break", "if")) or inst.predicated:
                return
            d = inst.dst
            if d is not None and d.reg == final.reg and d.num == final.num:
                lanes = set(mask_lanes(d.mask))
                if (self._is_then_select(inst, then_p) and not d.mod and d.mask & ~final.mask == 0
                        and not lanes & (read | written)):
                    self.body[i] = Inst("mov", Dst(d.reg, d.num, d.mask), [inst.srcs[2]])
                    written |= lanes
                    continue
                written |= lanes
            for k, s in enumerate(inst.srcs):
                if s.reg == final.reg and s.num == final.num:
                    read |= {s.swizzle[ln] for ln in lanes_read(inst.op, k, d.mask if d is not None else None)}

    @staticmethod
    def _is_then_select(inst: Inst, then_p: Src) -> bool:
        """``cmp d, -p.x, d, T``: _flush_selects' select of a then-part write (the old value read in place)."""
        if inst.op != "cmp" or len(inst.srcs) != 3:
            return False
        c, old, _ = inst.srcs
        lanes = mask_lanes(inst.dst.mask)
        return (c.reg == then_p.reg and c.num == then_p.num and c.mod == SrcMod.NEG and c.rel is None
                and all(c.swizzle[ln] == then_p.swizzle[0] for ln in lanes)
                and old.reg == inst.dst.reg and old.num == inst.dst.num and not old.mod and old.rel is None
                and all(old.swizzle[ln] == ln for ln in lanes))

    def _vs_select(self, d: Dst, p: Src, a: Src, b: Src) -> None:
        """d = p ? a : b for p in {0, 1} without cmp (vs_2_0): p * a' + (b' - p * b') with a', b' = a, b clamped
        to +-FLT_MAX (max then min, "max - vs" / "min - vs" also turn NaN into the bound)."""
        big, nbig = self.cscalar(_FLT_MAX), self.cscalar(_FLT_MAX | 0x80000000)
        m = d.mask
        ta, tb = self.tmp(), self.tmp()
        if self._selected_last(b, m):  # b is finite: b' = b, and p * a' + (b - p * b) is two mads
            self.emit("max", Dst(Reg.TEMP, ta, m), [a, nbig])
            self.emit("min", Dst(Reg.TEMP, ta, m), [Src(Reg.TEMP, ta), big])
            self.emit("mad", Dst(Reg.TEMP, tb, m), [Src(p.reg, p.num, p.swizzle, p.mod ^ SrcMod.NEG), b, b])
            self.emit("mad", d, [p, Src(Reg.TEMP, ta), Src(Reg.TEMP, tb)])
            self.select_outs.add(id(self.body[-1]))
            return
        for reg, v in ((ta, a), (tb, b)):
            self.emit("max", Dst(Reg.TEMP, reg, m), [v, nbig])
            self.emit("min", Dst(Reg.TEMP, reg, m), [Src(Reg.TEMP, reg), big])
        self.emit("mul", Dst(Reg.TEMP, ta, m), [p, Src(Reg.TEMP, ta)])
        self.emit("mad", Dst(Reg.TEMP, tb, m), [Src(p.reg, p.num, p.swizzle, p.mod ^ SrcMod.NEG), Src(Reg.TEMP, tb),
                                                Src(Reg.TEMP, tb)])
        self.emit("add", d, [Src(Reg.TEMP, ta), Src(Reg.TEMP, tb)])
        self.select_outs.add(id(self.body[-1]))

    def _selected_last(self, b: Src, mask: int) -> bool:
        """Every lane of ``mask`` of the temp ``b`` was last written, on the straight path back to it, by a
        vertex-shader select (_vs_select): a sum of products of values clamped to +-FLT_MAX by 0 and 1, so
        finite, and clamping it again changes nothing. A flow-control instruction or a lane not found in the
        last _SELECT_LOOKBACK instructions answers False (the clamp stays)."""
        if b.reg != Reg.TEMP or b.rel is not None or b.mod:
            return False
        lanes = {b.swizzle[ln] for ln in mask_lanes(mask)}
        for inst in reversed(self.body[-_SELECT_LOOKBACK:]):
            if inst.op in _FLOW:
                return False
            d = inst.dst
            if d is None or d.reg != Reg.TEMP or d.num != b.num or inst.op == "texkill":
                continue
            hit = {ln for ln in lanes if d.mask >> ln & 1}
            if hit and id(inst) not in self.select_outs:
                return False
            lanes -= hit
            if not lanes:
                return True
        return False
