"""ubfe / ibfe compiled by the native backend (D3D11.3 §22.13: width = src0 & 31, offset = src1 & 31; width 0
gives 0; where width + offset < 32 the field is shifted to the top (shl by 32 - width - offset) and back down by
32 - width — logically for ubfe, arithmetically for ibfe; otherwise src2 shifted right by offset). Expected values
come from that pseudocode in Python ints. Seed-18 survivor llvm_arith.py:315 #91 (lshr / ashr swapped): every
case below with width + offset < 32 has the field's top bit set, where the two shifts differ."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _signed(x: int) -> int:
    return x - (1 << 32) if x & 0x80000000 else x


def _bfe(w: int, o: int, s: int, signed: bool) -> int:
    w, o = w & 31, o & 31
    if w == 0:
        return 0
    if w + o < 32:
        top = (s << (32 - w - o)) & 0xFFFFFFFF
        return ((_signed(top) if signed else top) >> (32 - w)) & 0xFFFFFFFF
    return ((_signed(s) if signed else s) >> o) & 0xFFFFFFFF


# (width, offset, src): fields whose top bit is 1 (short, long, at bit 0, just under bit 31), one whose top bit is
# 0, width 0, width + offset >= 32 both ways, and widths / offsets past 31 (masked to 5 bits)
_CASES = [(4, 4, 0x000000F0), (8, 0, 0x00000080), (1, 0, 0x00000001), (1, 7, 0x00000080), (16, 8, 0x00FFFF00),
          (31, 0, 0x40000000), (30, 1, 0x7FFFFFFE), (3, 28, 0x40000000), (5, 3, 0x000000A8), (4, 4, 0x00000070),
          (0, 5, 0xFFFFFFFF), (8, 24, 0x80000000), (20, 20, 0xF0000000), (36, 4, 0x000000F0), (4, 36, 0x000000F0),
          (12, 3, 0x12345678)]
_PS = ("ps_5_0\ndcl_input_ps constant v0.xyz\ndcl_output o0.xy\n"
       "ubfe o0.x, v0.x, v0.y, v0.z\nibfe o0.y, v0.x, v0.y, v0.z\nret\n")


def test_ubfe_ibfe_native():
    n = len(_CASES)
    inputs = np.zeros((1, n, 4), U32)
    inputs[0, :, :3] = np.array(_CASES, np.uint64).astype(U32)
    prog = assemble_program(_PS)
    before = runtime.stats.native_runs
    a = runtime.run_program(prog, n, inputs=inputs)
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    got = np.asarray(a.outputs[0]).view(U32)[:, :2].tolist()
    assert got == [[_bfe(*c, signed=False), _bfe(*c, signed=True)] for c in _CASES]
    ref = np.asarray(reference.run_program(prog, n, inputs=inputs).outputs[0]).view(U32)[:, :2].tolist()
    assert ref == got
