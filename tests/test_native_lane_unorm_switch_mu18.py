"""lane_ir.LaneIR.encode's choice of UNORM conversion (pipeline/native/lane_ir.py): with fused multiply-add off, the
float64 form (unorm_f64) is taken only while its switch UNORM_F64 (PYD3D11_OM_UNORM_F64) is on and the width is at
most 24 bits; otherwise the integer form (round_scaled), which by its docstring uses no float64. Seed-18 survivor
lane_ir.py:451 #182 ("and" -> "or"): the switch was ignored. All paths give the same codes (test_native_om_encode
checks each); this checks that the switch selects the path it names."""

from __future__ import annotations

import pytest

from pyd3d11.pipeline.native import lane_ir, om_gen
from pyd3d11.pipeline.native.lane_ir import LaneIR

pytestmark = pytest.mark.backend_specific  # a native code generator's output text


def _ir(bits: int) -> str:
    B = LaneIR(8, "enc", set())
    x = B.lane_load("%in", "float", 4, "%i")
    B.encode(om_gen.Channel(0, 0, 0, bits, "unorm"), x)
    return "\n".join(B.lines)


@pytest.mark.parametrize("bits", [2, 8, 10, 16, 24])
@pytest.mark.parametrize("f64", [False, True])
def test_unorm_f64_switch_selects_the_path(monkeypatch, bits, f64):
    monkeypatch.setattr(lane_ir, "UNORM_FMA", False)
    monkeypatch.setattr(lane_ir, "UNORM_F64", f64)
    assert ("double" in _ir(bits)) == f64
