"""Codegen-side operands (rendered as fxc assembly text for the shared assembler) and value slots.

A *slot* is one 32-bit scalar location: ``(file, idx, rel, comp)`` where ``file`` is a register file
('r', 'v', 'o', 'cb', 'x', 'icb', special names like 'vThreadID') or 'l' for an immediate (then
``comp`` holds the bit pattern), ``idx`` the index tuple and ``rel`` an optional scalar temp slot
added to the last index (relative addressing; a 5th field of ``rel`` names another dimension, e.g. 0 for
the vertex index of ``v[vertex][register]``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Slot = tuple  # (file, idx, rel, comp)
_C = "xyzw"


def imm(bits: int) -> Slot:
    return ("l", (), None, bits & 0xFFFFFFFF)


def is_imm(s: Slot) -> bool:
    return s[0] == "l"


class DoubleImm(tuple):
    """An immediate of an intrinsic's expansion that also carries the double it stands for (pi/2, ln 2, log2 e,
    180/pi ...). It equals, hashes and renders as the float32 immediate ``imm(f2b(value))``; only the folds of
    fxc's optimiser read ``value`` (instfold.fold_double): d3dcompiler_47 10.1 keeps its expansions' constants in
    double, so ``float x = 0.9; exp(x)`` folds x * log2 e in double, rounded once (session 46 MRUN)."""

    value: float


def dimm(value: float) -> Slot:
    """The immediate ``value`` rounded to float32 that keeps ``value`` for fxc's folds (:class:`DoubleImm`)."""
    from .values import f2b

    s = DoubleImm(imm(f2b(value)))
    s.value = value
    return s


@dataclass(slots=True)
class Reg:
    file: str
    idx: tuple = ()
    rel: Slot | None = None
    comps: tuple | None = None  # src: swizzle; dst: written components; None: no selector
    mod: str = ""  # '', '-', 'abs', '-abs'
    imm: tuple = ()

    def temps(self) -> list[int]:
        out = [self.idx[0]] if self.file == "r" else []
        if self.rel is not None and self.rel[0] == "r":
            out.append(self.rel[1][0])
        return out

    def render(self, tmap: dict[int, int], dst: bool = False) -> str:
        if self.file == "l":
            body = ", ".join(f"0x{v:08x}" for v in self.imm)
            s = f"l({body})"
        elif self.file == "null":
            return "null"
        else:
            idx = list(self.idx)
            if self.file == "r":
                idx[0] = tmap.get(idx[0], idx[0])
            if self.file in ("v", "vicp", "vocp") and len(idx) == 2:  # per-vertex input v[vertex][reg]
                head, rest = self.file, idx
            elif self.file in ("r", "v", "o", "t", "s", "u", "g", "m", "vpc"):
                head = f"{self.file}{idx[0]}"
                rest = idx[1:]
            elif self.file == "cb" and self.rel is not None and self.rel[4:5] == ("buf",):
                # 5.1: the buffer of a ConstantBuffer<T> array chosen at run time, ``cb[rN.c + first][element]``
                r = self.rel
                rn = tmap.get(r[1][0], r[1][0]) if r[0] == "r" else r[1][0]
                head, rest = f"cb[{r[0]}{rn}.{_C[r[3]]} + {idx[0]}]", idx[1:]
            elif self.file in ("cb", "tb", "x"):
                head = f"{self.file}{idx[0]}"
                rest = idx[1:]
            else:
                head, rest = self.file, idx
            parts = []
            # the relative index applies to the last dimension unless the slot names one (5th field)
            rel_dim = (self.rel[4] if len(self.rel) > 4 else len(rest) - 1) if self.rel is not None else -1
            if rel_dim == "buf":  # rendered in the head
                rel_dim = -1
            for k, v in enumerate(rest):
                if k == rel_dim:
                    r = self.rel
                    rn = tmap.get(r[1][0], r[1][0]) if r[0] == "r" else r[1][0]
                    parts.append(f"[{r[0]}{rn}.{_C[r[3]]} + {v}]")
                else:
                    parts.append(f"[{v}]")
            s = head + "".join(parts)
            if self.comps is not None:
                s += "." + "".join(_C[c] for c in self.comps)
        if self.mod == "-":
            s = "-" + s
        elif self.mod == "abs":
            s = f"|{s}|"
        elif self.mod == "-abs":
            s = f"-|{s}|"
        return s


@dataclass(slots=True)
class Ins:
    op: str
    args: list[Reg]
    suffix: str = ""  # text placed right after the mnemonic, e.g. '_sat', '(1,0,0)'
    tail: str = ""  # raw text appended after the operands
    #: source (file, line) of the statement that emitted it (debug information, /Zi); passes that rebuild an
    #: instruction may drop it, and the line table then carries the previous instruction's forward
    loc: tuple | None = field(default=None, compare=False)
    #: the innermost expression being evaluated when it was emitted (a Pos; X4000 places its message there);
    #: passes that rebuild an instruction drop it
    epos: Any = field(default=None, compare=False)
    #: a ``div`` that must stay a division (optimize._div_as_mul leaves it): a definition's own quotient, e.g.
    #: the tessellation helpers' average (tessfactors.py), not a source division fxc strength-reduces
    exact: bool = field(default=False, compare=False)
    #: tex*proj's division of the coordinate by its w (intrinsics_math): fxc's texldp divides in the sampler, so a
    #: select of two constants as w is no infinite literal there (twovalued.py)
    projective: bool = field(default=False, compare=False)

    def render(self, tmap: dict[int, int]) -> str:
        ops = ", ".join(a.render(tmap) for a in self.args)
        s = f"{self.op}{self.suffix}"
        if ops:
            s += " " + ops
        if self.tail:
            s += (", " if ops else " ") + self.tail
        return s
