"""Rules behind the three seed-21 mutation survivors left undecided in session 17 (optimize #580, #672,
signatures #217); each test breaks under its mutant.

- Indexable temps: fxc declares the x# arrays a shader keeps numbered from x0 in order, and every
  instruction names a declared array (sm5 ``dcl_indexableTemp`` page: "x#" index of a declared array). An
  array dropped as unused renumbers the ones after it (optimize.optimize_in_place).
- Immediates: a component-wise instruction's immediate operand holds 0 in the lanes its destination mask
  leaves out, as fxc's listings print them (``add r0.xy, v0.xyxx, l(1.000000, 2.000000, 0.000000,
  0.000000)``); the copy-propagation pass that moves a def onto its ``mov``'s destination rebuilds the
  immediate per destination lane and must keep that.
- Signatures: an element of a 32-bit float type that is not ``float`` itself — ``half``, which is float on
  SM 4/5 (MicrosoftDocs "Scalar Types") — has D3D_REGISTER_COMPONENT_FLOAT32 (3) as its component type.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_hlsl_optimizer_regressions import _run_ps

from pyd3d11.d3dcompiler import D3DCompile, D3DReflect
from pyd3d11.shader.dxbc.disasm import disassemble

D3D_REGISTER_COMPONENT_FLOAT32 = 3

TWO_ARRAYS = """
float4 main(float4 a : A, uint i : I) : SV_Target {
    float4 unused[4] = {a, a * 2, a * 3, a * 4};
    float4 used[4] = {a, a + 1, a + 2, a + 3};
    float4 t = unused[i];
    return used[i];
}"""


def _listing(src: str, target: str = "ps_5_0") -> list[str]:
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))
    return [ln for ln in disassemble(blob).splitlines() if not ln.startswith("//")]


@pytest.mark.backend_independent
def test_indexable_arrays_after_a_dropped_one_are_renumbered_from_x0():
    lines = _listing(TWO_ARRAYS)
    declared = sorted(int(m) for ln in lines for m in re.findall(r"dcl_indexableTemp x(\d+)\[", ln))
    assert declared == list(range(len(declared))) and declared
    used = {int(m) for ln in lines if not ln.startswith("dcl_") for m in re.findall(r"\bx(\d+)\[", ln)}
    assert used <= set(declared)


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_indexable_array_after_a_dropped_one_reads_its_own_elements(index: int):
    a = [0.5, 1.5, -2.0, 4.0]
    ins = {0: a, 1: list(np.array([index, 0, 0, 0], np.uint32).view(np.float32))}
    out = _run_ps(TWO_ARRAYS, ins, optimise=True, target="ps_5_0")
    assert np.array_equal(out, np.float32(a) + np.float32(index))


@pytest.mark.backend_independent
@pytest.mark.parametrize("ret", [
    "float4(t, 0.5, 0.25)", "float4(0.5, t, 0.25)", "float4(0.5, 0.25, t)", "float4(t.x, 0.5, 0.25, t.y)",
    "float4(t.yx, 0.5, 0.25)", "float4(t.y, 0.5, 0.25, t.x)", "float4(0.5, 0.25, t.yx)",
])
def test_immediates_written_to_the_output_hold_zero_outside_the_destination_mask(ret: str):
    src = f"float4 main(float2 a : A) : SV_Target {{ float2 t = a + float2(1, 2); return {ret}; }}"
    checked = 0
    for ln in _listing(src):
        m = re.match(r"(\w+) o0\.([xyzw]+), .*\bl\(([^)]*)\)", ln)
        if not m or m.group(1) not in ("add", "mov"):
            continue
        vals = [float(v) for v in m.group(3).split(",")]
        assert len(vals) == 4, ln
        assert all(v == 0.0 for c, v in zip("xyzw", vals) if c not in m.group(2)), ln
        checked += 1
    assert checked == 2  # the add of t and the mov of the two constants


@pytest.mark.backend_independent
@pytest.mark.parametrize("t", ["half", "half2", "half4", "float4"])
def test_half_signature_elements_are_float32(t: str):
    src = f"{t} main(float4 a : A) : SV_Target {{ return ({t})a; }}"
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    assert D3DReflect(blob).GetOutputParameterDesc(0).ComponentType == D3D_REGISTER_COMPONENT_FLOAT32
    src_in = f"float4 main({t} h : H) : SV_Target {{ return (float4)h.x; }}"
    blob = bytes(D3DCompile(src_in, None, "t.hlsl", None, None, "main", "ps_5_0"))
    assert D3DReflect(blob).GetInputParameterDesc(0).ComponentType == D3D_REGISTER_COMPONENT_FLOAT32


@pytest.mark.backend_independent
@pytest.mark.parametrize("src, target, code", [
    ("int4 main(float4 a : A) : SV_Position { return (int4)a; }", "vs_5_0", "X4576"),
    ("bool4 main(float4 a : A) : SV_Position { return (bool4)a; }", "vs_5_0", "X4576"),
    ("void main(float4 a : A, out float4 p : SV_Position, out int c : SV_ClipDistance) { p = a; c = 1; }", "vs_5_0",
     "X4576"),
    ("uint main(float4 a : A) : SV_Depth { return (uint)a.x; }", "ps_5_0", "X8000"),
])
def test_float_system_values_declared_integer_are_refused(src: str, target: str, code: str):
    """SV_Position, SV_ClipDistance and SV_Depth are float values: an element declared int/uint/bool is refused by
    d3dcompiler_47 10.1 (recorded under Wine, session 35; a conversion was assumed from the docs before)."""
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match=code):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
