"""Pull-model evaluation (``eval_snapped`` / ``eval_sample_index`` / ``eval_centroid``, D3D11.3 §16.5) for pixel
shaders on the fused lane (issue 12), on single- and multisampled targets, at pixel and sample frequency.

The kernel calls back into the reference for these instructions (host ops); the hooks here hand the reference's
closure a :class:`~pyd3d11.pipeline.pull_model.PullModel` of the lanes of the running batch, built from the
fused lane's own lane buffers (pixel, piece, raster coverage: fused_gen's ``lx`` / ``ly`` / ``lp`` and ``lc``,
or ``lrc`` at sample frequency) and the draw's Interpolator, so each value is the one the reference pipeline
computes for the same lane (draw._PixelContext.shade builds the same model from its quads).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..pull_model import PullModel, PullModelHooks
from ..rasterizer import sample_offsets
from ..shader_io import input_decls


class FusedPullHooks:
    """Sampling hooks of one fused-lane worker plus ``evaluate`` over the lanes of its current batch."""

    def __init__(self, state: Any, key: Any, interp: Any, bufs: dict, host: Any) -> None:
        self.base = state.sampling_hooks
        self.interp = interp
        self.bufs = bufs
        self.v0 = host.v.ctypes.data  # the kernel tile's lane offset is read from the ExecState's view of v
        self.offsets = np.asarray(key.samples, np.int64) if key.samples else sample_offsets(1)
        self.sample_mask = 0xFFFFFFFF if key.forced else int(state.om.sample_mask)  # TIR: SampleMask ignored
        self.modes = {d.register: d.interpolation for d in input_decls(state.ps.program)}
        self.raster = bufs["lrc"] if key.sample_freq else bufs["lc"]

    def __getattr__(self, name: str) -> Any:  # sample, … come from the draw's hooks
        if self.base is None:
            raise AttributeError(name)
        return getattr(self.base, name)

    def evaluate(self, st: Any, inst: Any, srcs: list) -> np.ndarray:
        # the host callback's registers are views of the batch buffers at the kernel tile's first lane
        # (runtime._Host._run: v[..., tb:tb + L]); the lane buffers are indexed the same way
        tb = (st.v.ctypes.data - self.v0) // st.v.itemsize
        n = st.n
        b = self.bufs
        lanes = slice(tb, tb + n)
        model = PullModel(self.interp, b["lp"][lanes][::4].astype(np.int64),
                          b["lx"][lanes].astype(np.int64).reshape(-1, 4), b["ly"][lanes].astype(np.int64).reshape(-1, 4),
                          self.raster[lanes].astype(np.uint32), self.offsets, self.sample_mask, self.modes)
        return PullModelHooks(None, model).evaluate(st, inst, srcs)
