"""Intrinsics with a fixed signature and a stage limit: the signature is a type rule, checked first.

MicrosoftDocs direct3dhlsl: AllMemoryBarrier, AllMemoryBarrierWithGroupSync, DeviceMemoryBarrier,
DeviceMemoryBarrierWithGroupSync, GroupMemoryBarrier and GroupMemoryBarrierWithGroupSync are
``void <name>(void)``; GetRenderTargetSampleCount is ``uint GetRenderTargetSampleCount()`` and
GetRenderTargetSamplePosition ``float2 GetRenderTargetSamplePosition(int Index)``, pixel shaders of model 4.1 and
later. A call with another argument count or an argument that converts to no parameter matches no overload —
fxc's X3013 "no matching N parameter intrinsic function", reported in any stage and in a function nothing calls
(fxc type-checks every body before code generation); an undeclared name among the arguments is X3004.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_specific

BARRIERS = ["AllMemoryBarrier", "AllMemoryBarrierWithGroupSync", "DeviceMemoryBarrier",
            "DeviceMemoryBarrierWithGroupSync", "GroupMemoryBarrier", "GroupMemoryBarrierWithGroupSync"]

_DECLS = "Texture2D t;\n"


def _errors(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
    except ShaderCompileError as e:
        return e.errors
    return ""


def _cs(body: str) -> str:
    return _DECLS + f"[numthreads(1, 1, 1)] void main() {{ float4 r = 0; {body} }}"


def _ps(body: str) -> str:
    return _DECLS + f"float4 main() : SV_Target {{ float4 r = 0; {body} return r; }}"


def _vs(body: str) -> str:
    return _DECLS + f"float4 main() : SV_Position {{ float4 r = 0; {body} return r; }}"


def _uncalled(body: str) -> str:
    return _DECLS + f"float4 f() {{ float4 r = 0; {body} return r; }}\nfloat4 main() : SV_Target {{ return 0; }}"


def test_barriers_without_arguments_compile_in_a_compute_shader_and_an_uncalled_function():
    body = " ".join(f"{n}();" for n in BARRIERS)
    assert _errors(_cs(body), "cs_5_0") == ""
    assert _errors(_uncalled(body), "ps_5_0") == ""


@pytest.mark.parametrize("where", ["cs", "uncalled"])
@pytest.mark.parametrize("args, code", [("1", "X3013"), ("t", "X3013"), ("1, 2", "X3013"), ("nope", "X3004")])
@pytest.mark.parametrize("name", BARRIERS)
def test_a_barrier_takes_no_arguments(name, args, code, where):
    body = f"{name}({args});"
    src, target = (_cs(body), "cs_5_0") if where == "cs" else (_uncalled(body), "ps_5_0")
    errs = _errors(src, target)
    assert f"error {code}" in errs, errs


_RT_OK = "r.x += GetRenderTargetSampleCount(); r.xy += GetRenderTargetSamplePosition(0);"


@pytest.mark.parametrize("target", ["ps_4_1", "ps_5_0"])
def test_render_target_queries_compile_in_pixel_shaders_from_4_1(target):
    assert _errors(_ps(_RT_OK), target) == ""


def test_render_target_queries_compile_in_an_uncalled_function():
    assert _errors(_uncalled(_RT_OK), "ps_5_0") == ""


@pytest.mark.parametrize("src, target", [(_ps(_RT_OK), "ps_4_0"), (_vs(_RT_OK), "vs_5_0")])
def test_render_target_queries_outside_a_4_1_pixel_shader_fail(src, target):
    assert "error X" in _errors(src, target)


@pytest.mark.parametrize("where", ["ps", "vs", "uncalled"])
@pytest.mark.parametrize("call, code", [
    ("GetRenderTargetSampleCount(1)", "X3013"),
    ("GetRenderTargetSampleCount(t)", "X3013"),
    ("GetRenderTargetSamplePosition()", "X3013"),
    ("GetRenderTargetSamplePosition(0, 1)", "X3013"),
    ("GetRenderTargetSamplePosition(t)", "X3013"),
    ("GetRenderTargetSamplePosition(nope)", "X3004"),
])
def test_render_target_query_signatures_come_first_in_every_context(call, code, where):
    body = f"r.x += {call}.x;"
    src, target = {"ps": (_ps(body), "ps_5_0"), "vs": (_vs(body), "vs_5_0"),
                   "uncalled": (_uncalled(body), "ps_5_0")}[where]
    errs = _errors(src, target)
    assert f"error {code}" in errs, errs
