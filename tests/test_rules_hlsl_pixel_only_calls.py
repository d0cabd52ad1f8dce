"""Pixel-only calls (the implicit-LOD sampling methods, clip and the derivatives) in other stages, and the
type rules that come before that limit: the sampler argument's kind, argument counts and types.

From the reference pages of the Texture2D methods (MicrosoftDocs direct3dhlsl "Sample", "SampleBias",
"SampleCmp", "SampleCmpLevelZero", "SampleGrad", "SampleLevel", "Gather", "GatherCmp",
"CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped"): the *Cmp methods take a SamplerComparisonState,
the others a SamplerState. The kind is part of the overload, so the wrong kind is fxc's X3013 "no matching
… intrinsic method" — a type rule, reported in every stage and in a function nothing calls (fxc type-checks
every body; DXC SemaHLSL hlsl/objects/texture/CalculateLODWithSamplerComparisonState records the
comparison-sampler CalculateLevelOfDetail as an error before SM 6.8). The methods with an implicit LOD
(sample, sample_b, sample_c, lod: D3D11.3 §22.4.15, 22.4.16, 22.4.19 "Stage(s): Pixel Shader") are X4532
in another stage — a code-generation error, so found after the type check and never in an uncalled function.

clip, ddx, ddy, ddx_coarse, ddy_coarse, ddx_fine, ddy_fine and fwidth: each page's shader-type table lists
Pixel only (D3D11.3: discard and deriv_rt* are pixel-shader instructions), each takes one numeric argument
(scalar, vector or matrix of float). In another stage a well-typed call is X4532; an object argument or another
argument count matches no overload (X3013) and an undeclared name is X3004, in every stage and in a function
nothing calls.
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


PIXEL_ONLY = ["clip", "ddx", "ddy", "ddx_coarse", "ddy_coarse", "ddx_fine", "ddy_fine", "fwidth"]


def _use(name: str, args: str) -> str:
    return f"{name}({args});" if name == "clip" else f"r += {name}({args});"


def test_pixel_only_intrinsics_compile_in_a_pixel_shader_and_an_uncalled_function():
    # a scalar, a vector and a matrix argument each
    body = " ".join(f"{n}(uv.x); {n}(uv); {n}(m);" if n == "clip" else
                    f"r.x += {n}(uv.x); r.xy += {n}(uv); r.xy += {n}(m)[1];" for n in PIXEL_ONLY)
    body = "float2x2 m = float2x2(uv, uv); " + body
    assert _errors(_ps(body), "ps_5_0") == ""
    assert _errors(_uncalled(body), "ps_5_0") == ""


@pytest.mark.parametrize("name", PIXEL_ONLY)
def test_pixel_only_intrinsic_in_a_vertex_shader_is_x4532(name):
    # the result reaches the output (r.xy: a float2 added to all of r is fxc's X3017 first, d3dcompiler_47
    # 10.1 under Wine, session 35); fxc judges X4532 on the code left after dead-code removal
    body = f"{name}(uv);" if name == "clip" else f"r.xy += {name}(uv);"
    assert "error X4532" in _errors(_vs(body), "vs_5_0")


@pytest.mark.parametrize("where", ["ps", "vs", "uncalled"])
@pytest.mark.parametrize("args, code", [("t", "X3013"), ("", "X3013"), ("uv, uv", "X3013"),
                                        ("nope", "X3004")])
@pytest.mark.parametrize("name", PIXEL_ONLY)
def test_pixel_only_intrinsic_type_rules_come_first_in_every_context(name, args, code, where):
    body = _use(name, args)
    src, target = {"ps": (_ps(body), "ps_5_0"), "vs": (_vs(body), "vs_5_0"),
                   "uncalled": (_uncalled(body), "ps_5_0")}[where]
    errs = _errors(src, target)
    assert f"error {code}" in errs, errs
