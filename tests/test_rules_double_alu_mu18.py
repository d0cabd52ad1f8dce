"""dtof of a NaN double (D3D11.3 §22.14 leaves the bits open; alu_double's rule, as x86's conversion and IEEE 754
§6.2.3's payload preservation: the sign, the quiet bit, and the payload's 23 high bits, i.e. double bits 51..29
into float bits 22..0 — nothing else). Seed-18 survivor alu_double.py:97 #34: the sign mask must take double bit 63
only, not also bit 32."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import runtime
from pyd3d11.shader.ops.alu_double import dtof


def _expected(w: int) -> int:
    return ((w >> 63) << 31) | 0x7FC00000 | ((w >> 29) & 0x7FFFFF)


# payloads with bit 32 set and bit 29 clear, and the reverse, and bits outside 51..29 only
_NANS = [0x7FF8000100000000, 0x7FF0000100000000, 0xFFF8000100000000, 0xFFF0000300000001, 0x7FF8000020000000,
         0x7FF80000FFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x7FF0000000000001, 0x7FF4000100000000, 0xFFF8000080000000]


@pytest.mark.backend_independent
@pytest.mark.parametrize("w", _NANS)
def test_dtof_nan_payload(w):
    x = np.array([w, w], np.uint64).view(np.float64)
    got = np.asarray(dtof(x)).astype(np.uint32)
    assert got.tolist() == [_expected(w)] * 2


_DTOF_PS = "ps_5_0\ndcl_input_ps constant v0.xy\ndcl_output o0.x\ndtof o0.x, v0.xyxy\nret\n"


@pytest.mark.backend_specific
@pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)")
def test_dtof_nan_payload_native(monkeypatch):
    """The native backend follows the same rule (the reference is its oracle), every result bit."""
    monkeypatch.setattr(runtime, "STRICT", True)
    words = np.array(_NANS, np.uint64)
    inputs = np.zeros((1, len(_NANS), 4), np.uint32)
    inputs[0, :, 0] = (words & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    inputs[0, :, 1] = (words >> np.uint64(32)).astype(np.uint32)
    prog = assemble_program(_DTOF_PS)
    before = runtime.stats.native_runs
    try:
        out = runtime.run_program(prog, len(_NANS), inputs=inputs)
    finally:
        native.set_backend(None)
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    assert np.asarray(out.outputs[0]).view(np.uint32)[:, 0].tolist() == [_expected(w) for w in _NANS]
