"""The type of the texel-offset argument of Sample* and Load.

Each method's reference page (MicrosoftDocs direct3dhlsl, e.g. "Sample (DirectX HLSL Texture Object)", "Load
(DirectX HLSL Texture Object)") gives the offset parameter as an int vector of the texture's coordinate
dimension without the array index: int for Texture1D[Array], int2 for Texture2D[Array], int3 for Texture3D. The
argument converts to that type like any parameter (HLSL "Type Conversions": a scalar is replicated, a longer
vector truncated with warning X3206). An object argument matches no overload: X3013 "'Sample': no matching 3
parameter intrinsic method" for every method and texture kind, called or not (d3dcompiler_47 10.1 under Wine,
session 38, all 30 cases; this file said X3017 before the method-argument rule of session 38). The conversion is a type rule, found
before the literal-range rule (X4566, values in [-8, 7]) and in a function nothing calls; the converted value
is what the instruction's ``_aoffimmi(u,v,w)`` encodes (unused components 0, D3D11.3 §22.4.15)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_specific

# kind, coordinate for Sample, location for Load, offset dimension
KINDS = [
    ("Texture1D", "0.5", "int2(0, 0)", 1),
    ("Texture1DArray", "float2(0.5, 0)", "int3(0, 0, 0)", 1),
    ("Texture2D", "float2(0.5, 0.5)", "int3(0, 0, 0)", 2),
    ("Texture2DArray", "float3(0.5, 0.5, 0)", "int4(0, 0, 0, 0)", 2),
    ("Texture3D", "float3(0.5, 0.5, 0.5)", "int4(0, 0, 0, 0)", 3),
]


def _src(kind: str, call: str, where: str) -> str:
    decls = f"{kind} t; SamplerState ss;\n"
    if where == "ps":
        return decls + f"float4 main() : SV_Target {{ return {call}; }}"
    return decls + f"float4 f() {{ return {call}; }}\nfloat4 main() : SV_Target {{ return 0; }}"


def _calls(coord: str, loc: str, off: str) -> list[str]:
    return [f"t.Sample(ss, {coord}, {off})", f"t.SampleLevel(ss, {coord}, 0, {off})", f"t.Load({loc}, {off})"]


def _listing(src: str) -> str:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


@pytest.mark.parametrize("where", ["ps", "uncalled"])
@pytest.mark.parametrize("kind, coord, loc, n", KINDS)
def test_an_object_offset_is_x3013(kind, coord, loc, n, where):
    for call in _calls(coord, loc, "ss"):
        with pytest.raises(ShaderCompileError) as ei:
            D3DCompile(_src(kind, call, where), None, "t.hlsl", None, None, "main", "ps_5_0")
        assert "error X3013" in ei.value.errors, call


@pytest.mark.parametrize("kind, coord, loc, n", KINDS)
def test_a_scalar_offset_is_replicated_to_the_offset_dimension(kind, coord, loc, n):
    want = "_aoffimmi({},{},{})".format(*([-3] * n + [0] * (3 - n)))
    for call in _calls(coord, loc, "-3"):
        assert want in _listing(_src(kind, call, "ps")), call


@pytest.mark.parametrize("kind, coord, loc, n", KINDS)
def test_a_longer_offset_is_truncated_to_the_offset_dimension(kind, coord, loc, n):
    want = "_aoffimmi({},{},{})".format(*([1, -2, 3][:n] + [0] * (3 - n)))
    for call in _calls(coord, loc, "int4(1, -2, 3, 4)"):
        assert want in _listing(_src(kind, call, "ps")), call


@pytest.mark.parametrize("kind, coord, loc, n", KINDS)
def test_an_offset_outside_minus_8_to_7_is_x4566(kind, coord, loc, n):
    for off in ("8", "-9"):
        for call in _calls(coord, loc, off):
            with pytest.raises(ShaderCompileError) as ei:
                D3DCompile(_src(kind, call, "ps"), None, "t.hlsl", None, None, "main", "ps_5_0")
            assert "error X4566" in ei.value.errors, call
