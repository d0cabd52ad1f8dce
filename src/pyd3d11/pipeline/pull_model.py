"""Pull-model attribute evaluation for the pixel shader (D3D11.3 §16.5; eval_* §22.4.23–22.4.25).

``eval_snapped``, ``eval_sample_index`` and ``eval_centroid`` evaluate a declared PS input at a location the
instruction chooses. Only the declaration's constant / linear / linear-noperspective choice is honoured;
centroid and sample modifiers are ignored (§16.5). Locations:

* snapped: pixel centre + (x, y) offset whose 4 least-significant bits are a signed 4-bit count of
  1/16 pixel (so 0x8 = -8/16 = -0.5 pixel), §16.5.2 "16x16 offset grid";
* sample index: the raster pattern's sample position (out-of-range indices are undefined: centre);
* centroid: the same rule as centroid interpolation (§3.5.5).

The executor routes these opcodes to ``hooks.evaluate(state, instruction, srcs)`` — see
:class:`PullModelHooks` and ``shader.exec.reference._evaluate``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..shader import ir
from .interpolate import Interpolator, centroid_offsets, lane_location
from .rasterizer import SUBPIXEL_ONE

IM = ir.InterpolationMode
OP = ir.Opcode
_PERSPECTIVE = (IM.UNDEFINED, IM.LINEAR, IM.LINEAR_CENTROID, IM.LINEAR_SAMPLE)


def snapped_offsets(offset_bits: np.ndarray) -> np.ndarray:
    """(N, 2) int offsets from eval_snapped's int2 -> (N, 2) offsets in 1/256 pixel (signed 4-bit, 1/16 px)."""
    v = np.asarray(offset_bits).astype(np.int64) & 0xF
    v = np.where(v >= 8, v - 16, v)
    return v * (SUBPIXEL_ONE // 16)


class PullModel:
    """Where the lanes of one PS batch are and how to evaluate their inputs anywhere in the pixel.

    ``tq`` (Q,) pieces of the quads, ``px``/``py`` (Q, 4) lane pixels, ``coverage`` (Q*4,) raster coverage,
    ``offsets`` (S, 2) raster sample pattern (1/256 px), ``modes`` register -> declared interpolation mode.
    """

    def __init__(self, interp: Interpolator, tq: np.ndarray, px: np.ndarray, py: np.ndarray,
                 coverage: np.ndarray, offsets: np.ndarray, sample_mask: int, modes: dict[int, int]):
        self.interp, self.tq, self.px, self.py = interp, tq, px, py
        self.coverage, self.offsets, self.sample_mask, self.modes = coverage, offsets, sample_mask, modes

    def evaluate_at(self, register: int, off: np.ndarray) -> np.ndarray:
        """(N, 4) uint32 bits of input ``register`` at per-lane offsets ``off`` (N, 2) in 1/256 px."""
        mode = self.modes.get(register, IM.LINEAR)
        if mode == IM.CONSTANT:
            return self.interp.flat(register, self.tq)
        x, y = lane_location(self.px, self.py, off.reshape(-1, 4, 2))
        return self.interp.attribute(register, self.tq, x, y, mode in _PERSPECTIVE)

    def snapped(self, register: int, offset_xy: np.ndarray) -> np.ndarray:
        return self.evaluate_at(register, snapped_offsets(offset_xy))

    def at_sample(self, register: int, index: np.ndarray) -> np.ndarray:
        S = self.offsets.shape[0]
        idx = np.asarray(index).astype(np.int64)
        off = np.where((idx < S)[:, None], self.offsets[np.minimum(idx, S - 1)], 0)
        return self.evaluate_at(register, off)

    def centroid(self, register: int) -> np.ndarray:
        return self.evaluate_at(register, centroid_offsets(self.coverage, self.sample_mask, self.offsets))


class PullModelHooks:
    """Sampling hooks plus ``evaluate`` for eval_* (delegates ``sample`` to the texture sampler)."""

    def __init__(self, base: Any, model: PullModel):
        self.base = base
        self.model = model

    def __getattr__(self, name: str) -> Any:  # sample, gs_emitter, … come from the wrapped hooks
        if self.base is None:
            raise AttributeError(name)
        return getattr(self.base, name)

    def evaluate(self, st: Any, inst: ir.Instruction, srcs: list[np.ndarray]) -> np.ndarray:
        """(4, N) uint32 result of one eval_* over all lanes; ``srcs`` are the (4, N) uint32 bits of the
        non-attribute sources (offset or sample index), the attribute is ``inst.operands[1]``."""
        attr = inst.operands[1]
        if attr.type != ir.OperandType.INPUT or any(ix.rel is not None for ix in attr.indices):
            raise NotSupportedError("pull-model evaluation of indexed or non-input operands")
        reg = attr.indices[-1].value
        m = self.model
        if inst.opcode == OP.EVAL_SNAPPED:
            bits = m.snapped(reg, np.stack([srcs[0][0], srcs[0][1]], 1).view(np.int32))
        elif inst.opcode == OP.EVAL_SAMPLE_INDEX:
            bits = m.at_sample(reg, srcs[0][0])
        else:
            bits = m.centroid(reg)
        return np.ascontiguousarray(bits.T)


def uses_pull_model(program: ir.Program) -> bool:
    return any(i.opcode in (OP.EVAL_SNAPPED, OP.EVAL_SAMPLE_INDEX, OP.EVAL_CENTROID) for i in program.instructions)
