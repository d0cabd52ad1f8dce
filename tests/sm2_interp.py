"""A tiny shader-model-2 interpreter for the tests (independent of pyd3d11's SM4 executor and translator).

Semantics from the D3D9 assembly reference pages (MicrosoftDocs win32 desktop-src/direct3dhlsl, "add - vs",
"cmp - ps", "rcp - vs", "rsq - vs", "log - vs", "exp - vs", "frc - vs", "slt - vs", "sge - vs", "lrp - vs",
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

    def __init__(self, prog: Sm2Program, n: int, inputs: dict, consts: np.ndarray,
                 sample: Callable | None = None):
        self.prog, self.n = prog, n
        self.regs: dict[tuple[int, int], np.ndarray] = {k: np.asarray(v, F).copy() for k, v in inputs.items()}
        self.consts = np.array(consts, F)
        self.sample = sample
        self.killed = np.zeros(n, bool)

    def _read(self, s: Src) -> np.ndarray:
        if s.reg == Reg.CONST:
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
        for lane in range(4):
            if d.mask >> lane & 1:
                cur[:, lane] = value[:, lane]

    def run(self) -> Sm2Machine:
        with np.errstate(all="ignore"):
            for inst in self.prog.instructions:
                self._step(inst)
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
        r = self._read
        if op == "mov":
            self._write(d, r(s[0]))
        elif op == "add":
            self._write(d, r(s[0]) + r(s[1]))
        elif op == "sub":
            self._write(d, r(s[0]) - r(s[1]))
        elif op == "mul":
            self._write(d, r(s[0]) * r(s[1]))
        elif op == "mad":
            self._write(d, r(s[0]) * r(s[1]) + r(s[2]))
        elif op == "min":
            self._write(d, np.minimum(r(s[0]), r(s[1])))
        elif op == "max":
            self._write(d, np.maximum(r(s[0]), r(s[1])))
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
            self._write(d, np.where(x == 0, F(-np.inf), np.log2(x)))
        elif op == "frc":
            x = r(s[0])
            self._write(d, x - np.floor(x))
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
        elif op == "texkill":
            v = self.regs[(d.reg, d.num)]
            self.killed |= np.any(v[:, :3] < 0, axis=1)
        elif op == "texld":
            assert self.sample is not None
            self._write(d, self.sample(s[1].num, r(s[0]), inst.controls))
        else:
            raise AssertionError(f"the test interpreter does not model {op}")

    def out(self, reg: int, num: int) -> np.ndarray:
        return self.regs[(reg, num)]


def constants_for(chunk, cbuffers: dict[int, np.ndarray], count: int = 256) -> np.ndarray:
    """c# from the Aon9 chunk's constant-buffer mappings (c0, the position offset, left 0)."""
    c = np.zeros((count, 4), F)
    for buf, start, n, target, _conv in chunk.cb_mappings:
        c[target: target + n] = np.asarray(cbuffers[buf], F).reshape(-1, 4)[start: start + n]
    return c


__all__ = ["Sm2Machine", "constants_for", "TEXTURE", "Reg"]
