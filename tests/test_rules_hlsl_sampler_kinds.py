"""The sampler argument of the texture sampling methods, by kind and by stage.

From the reference pages of the Texture2D methods (MicrosoftDocs direct3dhlsl "Sample", "SampleBias",
"SampleCmp", "SampleCmpLevelZero", "SampleGrad", "SampleLevel", "Gather", "GatherCmp",
"CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped"): the *Cmp methods take a SamplerComparisonState,
the others a SamplerState. The kind is part of the overload, so the wrong kind is fxc's X3013 "no matching
… intrinsic method" — a type rule, reported in every stage and in a function nothing calls (fxc type-checks
every body; DXC SemaHLSL hlsl/objects/texture/CalculateLODWithSamplerComparisonState records the
comparison-sampler CalculateLevelOfDetail as an error before SM 6.8). The methods with an implicit LOD
(sample, sample_b, sample_c, lod: D3D11.3 §22.4.15, 22.4.16, 22.4.19 "Stage(s): Pixel Shader") are X4532
in another stage — a code-generation error, so found after the type check and never in an uncalled function.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_specific

# method, its arguments after the sampler, comparison sampler?, implicit LOD (pixel shaders only)?
METHODS = [
    ("Sample", "uv", False, True),
    ("SampleBias", "uv, 0.5", False, True),
    ("SampleCmp", "uv, 0.5", True, True),
    ("SampleCmpLevelZero", "uv, 0.5", True, False),
    ("SampleGrad", "uv, uv, uv", False, False),
    ("SampleLevel", "uv, 0", False, False),
    ("Gather", "uv", False, False),
    ("GatherCmp", "uv, 0.5", True, False),
    ("CalculateLevelOfDetail", "uv", False, True),
    ("CalculateLevelOfDetailUnclamped", "uv", False, True),
]

_DECLS = "Texture2D t; SamplerState ss; SamplerComparisonState sc;\n"


def _call(name: str, rest: str, cmp: bool) -> str:
    return f"t.{name}({'sc' if cmp else 'ss'}, {rest})"


def _ps(body: str) -> str:
    return _DECLS + f"float4 main(float2 uv : UV) : SV_Target {{ float4 r = 0; {body} return r; }}"


def _vs(body: str) -> str:
    return _DECLS + f"float4 main(float2 uv : UV) : SV_Position {{ float4 r = 0; {body} return r; }}"


def _uncalled(body: str) -> str:
    return _DECLS + (f"float4 f(float2 uv) {{ float4 r = 0; {body} return r; }}\n"
                     "float4 main(float2 uv : UV) : SV_Target { return 0; }")


def _errors(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
    except ShaderCompileError as e:
        return e.errors
    return ""


def test_the_documented_sampler_kinds_compile_in_a_pixel_shader_and_an_uncalled_function():
    body = " ".join(f"r += {_call(n, rest, cmp)};" for n, rest, cmp, _ in METHODS)
    assert _errors(_ps(body), "ps_5_0") == ""
    assert _errors(_uncalled(body), "ps_5_0") == ""


def test_methods_without_implicit_lod_compile_in_a_vertex_shader():
    body = " ".join(f"r += {_call(n, rest, cmp)};" for n, rest, cmp, lod in METHODS if not lod)
    assert _errors(_vs(body), "vs_5_0") == ""


@pytest.mark.parametrize("name, rest, cmp", [(n, r, c) for n, r, c, lod in METHODS if lod])
def test_implicit_lod_methods_in_a_vertex_shader_are_x4532(name, rest, cmp):
    assert "error X4532" in _errors(_vs(f"r += {_call(name, rest, cmp)};"), "vs_5_0")


@pytest.mark.parametrize("where", ["ps", "vs", "uncalled"])
@pytest.mark.parametrize("name, rest, cmp", [(n, r, c) for n, r, c, _ in METHODS])
def test_the_other_sampler_kind_is_x3013_in_every_context(name, rest, cmp, where):
    body = f"r += {_call(name, rest, not cmp)};"
    src, target = {"ps": (_ps(body), "ps_5_0"), "vs": (_vs(body), "vs_5_0"),
                   "uncalled": (_uncalled(body), "ps_5_0")}[where]
    errs = _errors(src, target)
    assert "error X3013" in errs, errs
