"""Per-invocation executor state: register files, execution mask and its control-flow stack.

Internal layout (component-major, so one component of one register over all lanes is contiguous):
``r`` temps (regs, 4, N), ``v`` inputs (regs, 4, N), ``o`` outputs (regs, 4, N), ``x[i]`` indexable
temps (size, 4, N). The public :class:`ExecResult` converts outputs to (regs, N, 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass(slots=True, eq=False)
class Frame:
    """One control-flow stack entry. ``kind`` is 'if', 'loop', 'switch' or 'call'."""

    kind: str
    saved: np.ndarray  # lanes to restore when the construct ends
    other: np.ndarray | None = None  # if: lanes for the else branch; switch: lanes not yet matched
    cont: np.ndarray | None = None  # loop: lanes that executed `continue` this iteration
    sel: np.ndarray | None = None  # switch selector (uint32 per lane)
    pc: int = 0  # loop: first body op; call: return address


@dataclass(slots=True, eq=False)
class ExecState:
    n: int
    r: np.ndarray
    v: np.ndarray
    o: np.ndarray
    x: dict[int, np.ndarray]
    mask: np.ndarray
    cb: list[np.ndarray]
    icb: np.ndarray
    bindings: Any
    sv: dict[int, np.ndarray]  # operand type → (4, N) uint32 system-value register
    special_out: dict[int, np.ndarray]  # operand type → (1, N) (oDepth, oMask, oStencilRef)
    tgsm: dict[int, np.ndarray] = field(default_factory=dict)  # g# → flat uint32 words (groups*words)
    tgsm_words: dict[int, int] = field(default_factory=dict)
    lane_group: np.ndarray | None = None  # lane → group index within the batch (compute)
    discarded: np.ndarray | None = None
    discard_ran: bool = False  # a discard op has run (else ``discarded`` is all False: no scan needed)
    stack: list[Frame] = field(default_factory=list)
    full: bool = True  # mask is all-true (fast, unmasked writes)
    any: bool = True
    lane_ids: np.ndarray | None = None
    hooks: Any = None
    uav_touched: set = field(default_factory=set)
    count: int = 0  # active lanes in ``mask``
    act: np.ndarray | None = None  # cached indices of the active lanes (None: not computed yet)
    memo: dict = field(default_factory=dict)  # per-run caches (e.g. groupshared base word per lane)
    blend: Any = False  # cached blend_mask() result (False: not computed for this mask)
    helper: np.ndarray | None = None  # (N,) bool pixel-shader helper lanes: run, but no memory side effects

    def set_mask(self, m: np.ndarray) -> None:
        self.mask = m
        cnt = int(np.count_nonzero(m))
        self.count = cnt
        self.any = cnt > 0
        self.full = cnt == self.n
        self.act = None
        self.blend = False

    def blend_mask(self) -> np.ndarray | None:
        """For a fragmented mask, the mask as uint32 all-ones/zeros words, so masked stores can select
        bits branch-free (numpy's masked copy mispredicts on every other lane of a scattered mask);
        None when the mask comes in long runs (the masked copy is fastest then)."""
        b = self.blend
        if b is False:
            m = self.mask
            runs = int(np.count_nonzero(m[1:] != m[:-1])) if m.size > 1 else 0
            b = np.negative(m.astype(np.uint32)) if runs * 32 > m.size else None
            self.blend = b
        return b

    def active_lanes(self) -> np.ndarray:
        """Indices of the active lanes (ascending), computed once per mask."""
        a = self.act
        if a is None:
            a = self.act = np.flatnonzero(self.mask)
        return a

    def quiet(self) -> np.ndarray | None:
        """(N,) bool lanes whose memory writes, atomics and counter updates must not take effect: helper
        lanes and lanes that executed ``discard`` (D3D11.3 §16.13, §22.17.8); None when there are none."""
        d = self.discarded
        if self.discard_ran and d is not None and d.any():
            return d if self.helper is None else d | self.helper
        return self.helper

    def effect_lanes(self) -> np.ndarray | None:
        """Indices of the lanes whose memory writes take effect (active and not quiet); None when that is
        every lane."""
        q = self.quiet()
        if q is None:
            return None if self.full else self.active_lanes()
        return np.flatnonzero(self.mask & ~q)

    def remove_lanes(self, lanes: np.ndarray, upto: int) -> None:
        """Take ``lanes`` out of every frame above stack index ``upto`` (break/continue/ret)."""
        keep = ~lanes
        for f in self.stack[upto + 1:]:
            f.saved = f.saved & keep
            if f.other is not None:
                f.other = f.other & keep
            if f.cont is not None:
                f.cont = f.cont & keep


@dataclass(slots=True, eq=False)
class ExecResult:
    """What one run returns. ``outputs`` is (regs, N, 4) uint32; ``depth``/``coverage_mask``/
    ``stencil_ref`` are (N,) uint32 or None when the program does not write them; ``discarded`` is (N,)
    bool; ``emitted`` is reserved for the geometry stage."""

    outputs: np.ndarray
    depth: np.ndarray | None
    coverage_mask: np.ndarray | None
    stencil_ref: np.ndarray | None
    discarded: np.ndarray
    state: ExecState | None = None
