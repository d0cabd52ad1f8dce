"""Aliased lines on the fused lane (pipeline/native/fused_lines.py) for few lines: one, two and three lines, each
lighting many pixels, byte for byte against the reference pipeline with the fused lane required to run. Every lit
pixel becomes a piece carrying its own line's rows (viewport, viewport index, render-target index): a draw whose
line count happens to equal some small number must not keep the per-line rows unexpanded (the scenes of
tests/test_native_fused_aliased_lines.py draw many lines)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from test_native_fused_aliased_lines import PS_DERIV, _both, _scene, _to_clip  # noqa: E402

from pyd3d11.shader import native  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


@pytest.mark.parametrize("lines", [1, 2, 3])
@pytest.mark.parametrize("ps", ["float", "deriv"])
def test_few_long_lines(lines: int, ps: str):
    rng = np.random.default_rng(lines)
    W, H = 90, 70
    ends = [[5.5 + 7 * k, 3.25 + 3 * k] for k in range(lines) for _ in (0, 1)]
    for k in range(lines):
        ends[2 * k + 1] = [84.5 - 5 * k, 66.75 - 11 * k]
    verts = _to_clip(np.array(ends), W, H, rng)
    shader = {"float": bs.PS_FLOAT, "deriv": PS_DERIV}[ps]
    ref, got = _both(_scene(verts, W, H, shader, fmt=2 if ps == "deriv" else 28, blend="add"))
    assert ref == got
