"""The size of a texel offset and of a gradient per texture type (seed-18 survivor: intrinsics._GRAD_DIMS).

Rule (the reference pages of Sample, SampleGrad and Load: the Offset parameter is ``int`` for Texture1D and
Texture1DArray, ``int2`` for Texture2D[Array], ``int3`` for Texture3D; SampleGrad's DDX / DDY are ``float`` for the
1-D textures, ``float2`` for the 2-D ones; the array index takes no offset and no gradient). In the bytecode an
immediate offset is the instruction's ``aoffimmi(u,v,w)`` field (D3D11.3 functional spec §22.4.12: the components
a texture does not have are 0), and a gradient operand carries only the texture's own components.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _accesses(src: str) -> list[str]:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    return [ln.strip() for ln in text.splitlines() if ln.strip().startswith(("sample", "ld"))]


# (texture type, call on t, the opcode token expected)
_OFFSETS = [
    ("Texture1D", "Sample(s, p.x, 1)", "sample_aoffimmi(1,0,0)"),
    ("Texture1D", "Sample(s, p.x, -3)", "sample_aoffimmi(-3,0,0)"),
    ("Texture1D", "Load(int2(p.x, 0), 2)", "ld_aoffimmi(2,0,0)"),
    ("Texture1D", "SampleLevel(s, p.x, 0, 5)", "sample_l_aoffimmi(5,0,0)"),
    ("Texture1DArray", "Sample(s, p.xy, 1)", "sample_aoffimmi(1,0,0)"),
    ("Texture1DArray", "Load(int3(p.xy, 0), -2)", "ld_aoffimmi(-2,0,0)"),
    ("Texture2D", "Sample(s, p.xy, int2(1, 2))", "sample_aoffimmi(1,2,0)"),
    ("Texture2DArray", "Sample(s, p.xyz, int2(-1, 3))", "sample_aoffimmi(-1,3,0)"),
    ("Texture3D", "Sample(s, p.xyz, int3(1, 2, 3))", "sample_aoffimmi(1,2,3)"),
]


@pytest.mark.parametrize(("tex", "call", "opcode"), _OFFSETS)
def test_offset_has_the_texture_dimension(tex: str, call: str, opcode: str) -> None:
    src = f"{tex} t; SamplerState s;\nfloat4 main(float4 p : SV_Position) : SV_Target {{ return t.{call}; }}"
    acc = _accesses(src)
    assert len(acc) == 1 and acc[0].split(" ")[0] == opcode, acc


# (texture type, coordinate, gradient expression, the gradient's components). A 1-D gradient is one scalar
# immediate; the components a 2-D immediate prints past its second are padding the instruction does not read.
_GRADIENTS = [
    ("Texture1D", "p.x", "0.25", [0.25]),
    ("Texture1DArray", "p.xy", "0.25", [0.25]),
    ("Texture2D", "p.xy", "float2(0.25, 0.5)", [0.25, 0.5]),
    ("Texture2DArray", "p.xyz", "float2(0.25, 0.5)", [0.25, 0.5]),
]


@pytest.mark.parametrize(("tex", "coord", "grad", "comps"), _GRADIENTS)
def test_gradient_has_the_texture_dimension(tex: str, coord: str, grad: str, comps: list[float]) -> None:
    src = (f"{tex} t; SamplerState s;\nfloat4 main(float4 p : SV_Position) : SV_Target "
           f"{{ return t.SampleGrad(s, {coord}, {grad}, {grad}); }}")
    acc = _accesses(src)
    assert len(acc) == 1 and acc[0].startswith("sample_d "), acc
    ops = acc[0].split(", l(")[1:]
    assert len(ops) == 2, acc
    for op in ops:
        vals = [float(v) for v in op.rstrip(")").split(",")]
        if len(comps) == 1:
            assert vals == comps, acc
        else:
            assert vals[:len(comps)] == comps, acc
