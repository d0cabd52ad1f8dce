"""D3DCompile flags and the global flags of compiled programs: warnings (ppErrorMsgs,
WARNINGS_ARE_ERRORS), IEEE_STRICTNESS, [earlydepthstencil], raw/structured buffers below SM5, 11.1
shader extensions."""

from __future__ import annotations

import re
import struct

import pytest

from pyd3d11.d3dcompiler import (
    D3DCOMPILE_IEEE_STRICTNESS,
    D3DCOMPILE_WARNINGS_ARE_ERRORS,
    D3DCompile,
)
from pyd3d11.errors import E_FAIL, ShaderCompileError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.disasm import disassemble

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

TRUNCATING = "float4 v; float3 main() : SV_Target { float3 x = v; return x; }"


def _compile(src: str, profile: str = "ps_5_0", flags: int = 0, msgs: list | None = None) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile, flags, 0, msgs))


def _global_flags(blob: bytes) -> list[str]:
    line = next((ln for ln in disassemble(blob).splitlines() if ln.startswith("dcl_globalFlags")), "")
    return line.replace("dcl_globalFlags", "").replace(" ", "").split("|") if line else []


def _sfi0(blob: bytes) -> int:
    chunk = next((c for c in parse_container(blob).chunks if c.fourcc == "SFI0"), None)
    return struct.unpack_from("<I", chunk.data)[0] if chunk else 0


def test_implicit_truncation_is_a_warning_returned_in_the_message_blob():
    msgs: list = []
    blob = _compile(TRUNCATING, msgs=msgs)
    assert parse_container(blob).chunks  # compiled
    assert len(msgs) == 1
    assert re.fullmatch(r"t\.hlsl\(1,\d+\): warning X3206: implicit truncation of vector type",
                        bytes(msgs[0]).decode().strip())
    msgs.clear()
    _compile("float4 v; float3 main() : SV_Target { return (float3)v; }", msgs=msgs)
    assert msgs == []  # an explicit cast does not warn


def test_warnings_are_errors_fails_the_compile():
    msgs: list = []
    with pytest.raises(ShaderCompileError) as info:
        _compile(TRUNCATING, flags=D3DCOMPILE_WARNINGS_ARE_ERRORS, msgs=msgs)
    assert info.value.hresult == E_FAIL
    assert "X3206" in info.value.errors and "implicit truncation" in info.value.errors
    assert "X3206" in bytes(msgs[0]).decode()


def test_refactoring_allowed_unless_ieee_strictness():
    src = "float4 v; float4 main() : SV_Target { return v * 2 + 1; }"
    assert _global_flags(_compile(src)) == ["refactoringAllowed"]
    assert _global_flags(_compile(src, flags=D3DCOMPILE_IEEE_STRICTNESS)) == []


def test_earlydepthstencil_forces_early_depth_stencil():
    blob = _compile("[earlydepthstencil] float4 main() : SV_Target { return 1; }")
    assert _global_flags(blob) == ["refactoringAllowed", "forceEarlyDepthStencil"]
    # no SFI0 bit: d3dcompiler_47 10.1's object has none (under Wine, session 38); the requirement is read from the
    # global flag, as its D3DReflect does
    assert not _sfi0(blob) & 0x2
    from pyd3d11.d3dcompiler import D3DReflect

    assert D3DReflect(blob).GetRequiresFlags() == 0x2  # D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL


@pytest.mark.parametrize(("profile", "expect"), [("vs_4_0", True), ("vs_5_0", False), ("cs_4_0", False)])
def test_structured_buffers_below_sm5_need_the_raw_and_structured_flag(profile: str, expect: bool):
    entry = "[numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = b[i]; }" \
        if profile.startswith("cs") else "float4 main(uint i : SV_VertexID) : SV_Position { return b[i]; }"
    decls = "StructuredBuffer<float4> b;" + (" RWStructuredBuffer<float4> o;" if profile.startswith("cs") else "")
    flags = _global_flags(_compile(decls + entry, profile))
    assert ("enableRawAndStructuredBuffers" in flags) == expect


def test_msad4_declares_the_11_1_shader_extensions():
    blob = _compile("uint4 main(uint4 a : A) : SV_Target { return msad4(a.x, a.yz, a); }")
    assert "enable11_1ShaderExtensions" in _global_flags(blob)
    assert _sfi0(blob) & 0x40  # D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS


LEGACY = """struct V { float4 p : POSITION; float2 t : TEXCOORD0; };
V vs(V i) { return i; }
float4 ps(float4 p : POSITION, float2 t : TEXCOORD0, out float d : DEPTH) : COLOR { d = 0.5; return float4(t, p.xy); }"""


def _sig(blob: bytes, inputs: bool) -> list[tuple[str, int]]:
    from pyd3d11.d3dcompiler import D3DReflect

    r = D3DReflect(blob)
    n = r.GetDesc().InputParameters if inputs else r.GetDesc().OutputParameters
    get = r.GetInputParameterDesc if inputs else r.GetOutputParameterDesc
    return [(get(i).SemanticName, get(i).SystemValueType) for i in range(n)]


def test_backwards_compatibility_maps_the_d3d9_semantics_to_system_values():
    from pyd3d11.d3dcompiler import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as COMPAT

    vs_plain = bytes(D3DCompile(LEGACY, None, "t.hlsl", None, None, "vs", "vs_4_0"))
    assert _sig(vs_plain, False) == [("POSITION", 0), ("TEXCOORD", 0)]
    vs = bytes(D3DCompile(LEGACY, None, "t.hlsl", None, None, "vs", "vs_4_0", COMPAT))
    assert _sig(vs, True) == [("POSITION", 0), ("TEXCOORD", 0)]  # a vertex attribute stays one
    assert _sig(vs, False) == [("SV_Position", 1), ("TEXCOORD", 0)]  # D3D_NAME_POSITION
    with pytest.raises(ShaderCompileError, match="COLOR"):
        D3DCompile(LEGACY, None, "t.hlsl", None, None, "ps", "ps_4_0")
    ps = bytes(D3DCompile(LEGACY, None, "t.hlsl", None, None, "ps", "ps_4_0", COMPAT))
    assert _sig(ps, True) == [("SV_Position", 1), ("TEXCOORD", 0)]
    assert _sig(ps, False) == [("SV_Target", 64), ("SV_Depth", 65)]  # D3D_NAME_TARGET, D3D_NAME_DEPTH


@pytest.mark.parametrize(("target", "hr"), [
    # vs_2_0 ... ps_3_0 are built since session 10 (tests/test_hlsl_d3d9_targets.py), vs_1_1 since session 33
    # (tests/test_sm2_vs11.py); tx_1_0 is not. The lib_* targets are built since session 18 (issue 15:
    # tests/test_hlsl_library_linking.py); fx_2_0 since session 23 (tests/test_effects_fx2.py)
    ("tx_1_0", "E_NOTIMPL"),
    # documented d3dcompiler_47 targets (Specifying Compiler Targets; Shader Models vs Shader Profiles) not
    # built: E_NOTIMPL naming them, never "invalid target" (the *_5_1 targets are built since session 21:
    # tests/test_hlsl_sm51.py)
    ("vs_3_sw", "E_NOTIMPL"), ("ps_2_sw", "E_NOTIMPL"),
    ("vs_4_0_level_9_0", "E_NOTIMPL"), ("ps_4_0_level_9_0", "E_NOTIMPL"),
    # unrecognised: X3506 with D3DERR_INVALIDCALL (d3dcompiler_47 10.1 under Wine, session 35; the whole table is
    # tests/test_rules_d3dcompiler_targets_s35.py)
    ("xs_4_0", "D3DERR_INVALIDCALL"), ("ps_6_0", "D3DERR_INVALIDCALL"), ("ps_5_2", "D3DERR_INVALIDCALL"),
    ("PS_5_0", "D3DERR_INVALIDCALL"),
])
def test_targets_d3dcompiler_knows_but_we_do_not_build_are_e_notimpl(target: str, hr: str):
    from pyd3d11.errors import D3D11Error

    with pytest.raises(D3D11Error) as info:
        D3DCompile("float4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None, "main", target)
    assert info.value.name == hr and target in str(info.value)


def test_skip_optimization_marks_sm5_programs_and_keeps_the_code_unoptimised():
    from pyd3d11.d3dcompiler import D3DCOMPILE_SKIP_OPTIMIZATION as OD

    src = "float4 v; float4 main() : SV_Target { float4 a = v; float4 b = a; return b * 2; }"
    assert _global_flags(_compile(src, "ps_5_0", OD)) == ["refactoringAllowed", "skipOptimization"]
    # d3dcompiler_47 10.1 under Wine (session 38): /Od is declared from 4.1; a 4.0 pixel shader declares no flags
    assert _global_flags(_compile(src, "ps_4_1", OD)) == ["refactoringAllowed", "skipOptimization"]
    assert _global_flags(_compile(src, "ps_4_0", OD)) == []

    def count(flags: int) -> int:
        listing = disassemble(_compile(src, "ps_5_0", flags))
        return sum(1 for ln in listing.splitlines() if ln and not ln.startswith(("//", "dcl_", "ps_")))
    assert count(OD) > count(0)
