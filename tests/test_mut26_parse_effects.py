"""Session 26 (helper MUT): the effect syntax a shader target reads (shader/hlsl/parse_effects.py), pinned from
MicrosoftDocs "Effect Technique Syntax (Direct3D 11)": the state functions' argument lists are those of the API
calls they name — SetBlendState(pBlendState, BlendFactor, SampleMask) as OMSetBlendState, SetDepthStencilState(state,
StencilRef) as OMSetDepthStencilState, SetRasterizerState(state) as RSSetState, SetXXXShader(Shader) for the six
stages, and "SetRenderTargets(RTV0, DSV) ... SetRenderTargets(RTV0, ..., RTV7, DSV)" (2 to 9 arguments; the
project's name for it is OMSetRenderTargets). A wrong count or an unknown function is an error (X3000) when a shader
target compiles the file; a right count compiles."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

#: function -> the argument counts its API call takes
COUNTS = {"SetBlendState": {3}, "SetDepthStencilState": {2}, "SetRasterizerState": {1}, "SetVertexShader": {1},
          "SetDomainShader": {1}, "SetHullShader": {1}, "SetGeometryShader": {1}, "SetPixelShader": {1},
          "SetComputeShader": {1}, "OMSetRenderTargets": set(range(2, 10))}


def _compile(entry: str) -> None:
    src = ("float4 main() : SV_Target { return 1; }\n"
           f"technique11 T {{ pass P {{ {entry} }} }}\n")
    D3DCompile(src, len(src), "t.fx", None, None, "main", "ps_5_0", 0, 0)


@pytest.mark.parametrize("func", sorted(COUNTS))
def test_state_function_argument_counts(func):
    got = {}
    for n in range(0, 11):
        args = ", ".join(["0"] * n)
        try:
            _compile(f"{func}({args});")
            got[n] = True
        except ShaderCompileError as e:
            assert "X3000" in str(e) and "parameter count mismatch" in str(e)  # fxc 10.1's words
            got[n] = False
    assert {n for n, ok in got.items() if ok} == COUNTS[func]


@pytest.mark.parametrize("func", ["SetBlendStates", "SetShader", "Frobnicate"])
def test_an_unknown_state_function_is_x3000(func):
    with pytest.raises(ShaderCompileError, match="X3000.*Unrecognized FX function call"):
        _compile(f"{func}(0);")


@pytest.mark.parametrize("entry", [
    "ColorArg1[0] = Texture;",   # D3DTA_TEXTURE's state name (the DirectX SDK's ConfigSystem main.fx), not the type
    "ColorArg2[1] = texture;",
    "StencilRef = 1;",           # one-token values of other kinds stay expressions
    "BlendFactor = 1.5;",
    "StencilRef = 2 + 3;",
])
def test_one_token_state_values(entry):
    _compile(entry)


def test_texture_followed_by_more_is_an_expression():
    # d3dcompiler_47 10.1 compiles it at ps_5_0 (a technique's values are read, not judged, at a shader target;
    # session 35 EFX, with the DX8 typedef TEXTURE found in any letter case): the expression parses
    _compile("ColorArg1[0] = Texture + 1;")


@pytest.mark.parametrize("entry", ["StencilRef = );", "StencilRef = ,;", "StencilRef = ];"])
def test_a_one_token_value_that_is_no_expression_is_a_syntax_error(entry):
    with pytest.raises(ShaderCompileError):
        _compile(entry)
