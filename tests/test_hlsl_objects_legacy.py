"""Object variables, D3D9-style sampling under backwards compatibility and CheckAccessFullyMapped (issue 15,
objects).

Sources: MicrosoftDocs direct3dhlsl "CheckAccessFullyMapped" (``bool CheckAccessFullyMapped(in uint
status)``, shader model 5, the status of a tiled-resource access: D3D11.2 residency; it compiles to
``check_access_fully_mapped`` and makes the program require tiled resources, which this device refuses at
shader creation); "tex2D (DirectX HLSL)" and the /Gec compatibility mode
(D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY): each sampler gets the texture fxc makes for it, textures take t#
in order of first use, one contiguous range per sampler variable sized to its highest element used, from the
lowest t# no reservation holds, before the shader's own unreserved textures (vkd3d's Windows-verified
sampler.shader_test: samC[2], samB[0], samA used in that order read t2, t3, t4); "Keywords": NULL initialises object variables.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as GEC
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str, target: str = "ps_5_0", flags: int = 0):
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags)


def _listing(src: str, flags: int = 0) -> str:
    blob = _compile(src, flags=flags)
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


def _sample_regs(listing: str) -> list[tuple[int, int]]:
    """(t#, s#) of each sample instruction, in program order."""
    return [(int(t), int(s)) for t, s in re.findall(r"^\s*sample\S* [^,]+, [^,]+, t(\d+)\.\w+, s(\d+)", listing, re.M)]


# --- CheckAccessFullyMapped ------------------------------------------------------------------------------
def test_check_access_fully_mapped_compiles_and_requires_tiled_resources():
    from pyd3d11.d3d11 import D3D11_SDK_VERSION, D3D_DRIVER_TYPE_HARDWARE, D3D11CreateDevice
    from pyd3d11.errors import D3D11Error
    from pyd3d11.shader.dxbc.container import parse_container

    blob = _compile("float4 main(uint s : S) : SV_Target { return CheckAccessFullyMapped(s); }")
    listing = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert re.search(r"^\s*check_access_fully_mapped r\d\.x, v0\.x", listing, re.M), listing
    assert parse_container(bytes(blob)).feature_flags & 0x100  # D3D_SHADER_REQUIRES_TILED_RESOURCES
    dev, _fl, _ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    with pytest.raises(D3D11Error) as ei:  # TiledResourcesTier 0: no shader object from it
        dev.CreatePixelShader(blob, len(blob), None)
    assert ei.value.hresult == 0x80070057  # E_INVALIDARG


@pytest.mark.parametrize("call,target,code", [
    # shader model 5 only: d3dcompiler_47 10.1's X3535 (session 37, recorded under Wine; X3004 was inferred)
    ("CheckAccessFullyMapped(s)", "ps_4_1", "X3535"),
    ("CheckAccessFullyMapped()", "ps_5_0", "X3013"),
    ("CheckAccessFullyMapped(s, s)", "ps_5_0", "X3013"),
    ("CheckAccessFullyMapped(tx)", "ps_5_0", "X3013"),
    ("CheckAccessFullyMapped((float2x2)0)", "ps_5_0", "X3013"),
])
def test_check_access_fully_mapped_type_errors(call, target, code):
    with pytest.raises(ShaderCompileError) as info:
        _compile(f"Texture2D tx; float4 main(uint s : S) : SV_Target {{ return {call}; }}", target)
    assert f"error {code}" in info.value.errors


def test_load_with_status_writes_the_status_operand():
    listing = _listing("Texture2D t; float4 main() : SV_Target { uint st; float4 r = t.Load(int3(0, 0, 0), int2(0, 0), "
                       "st); return r * CheckAccessFullyMapped(st); }")
    m = re.search(r"^\s*ld_s\S* r\d\.xyzw, (r\d\.x), ", listing, re.M)
    assert m, listing
    assert re.search(rf"^\s*check_access_fully_mapped r\d\.x, {re.escape(m.group(1))}", listing, re.M), listing


# --- D3D9-style samplers under /Gec ----------------------------------------------------------------------
def test_legacy_textures_in_order_of_first_use():
    src = ("sampler samA; sampler samB[2]; sampler samC[3];\nfloat4 main(float2 uv : UV) : SV_Target "
           "{ return tex2D(samC[2], uv) + tex2D(samB[0], uv) + tex2D(samA, uv); }")
    assert [t for t, _s in _sample_regs(_listing(src, GEC))] == [2, 3, 4]


def test_legacy_textures_before_the_declared_textures():
    """Session 26: the legacy textures come first and the shader's unreserved textures move up past them
    (vkd3d-shader's sort_synthetic_separated_samplers_first and its combined-samplers test, recorded against
    d3dcompiler_47: ``10 * tex.Sample(sam, uv) + tex2D(sam, uv)`` reads sam's texture at t0, tex at t1); a
    reservation keeps its register. Before, the legacy textures took the registers the others left free."""
    src = ("sampler s1; sampler s2; Texture2D tx; SamplerState ss;\nfloat4 main(float2 uv : UV) : SV_Target "
           "{ return tx.Sample(ss, uv) + tex2D(s2, uv) + tex2D(s1, uv); }")
    regs = _sample_regs(_listing(src, GEC))
    assert [t for t, _s in regs] == [2, 0, 1]  # s2's texture, then s1's, then tx
    assert len({s for _t, s in regs}) == 3  # three distinct samplers
    src = ("Texture2D tex; sampler sam;\nfloat4 main(float2 uv : UV) : SV_Target "
           "{ return 10 * tex.Sample(sam, uv) + tex2D(sam, uv); }")
    assert _sample_regs(_listing(src, GEC)) == [(1, 0), (0, 0)]
    src = ("Texture2D tex; sampler sam[2]; Texture2D arr[2]; Texture2D kept : register(t1);\n"
           "float4 main(float2 uv : UV) : SV_Target { return tex.Sample(sam[0], uv) + tex2D(sam[1], uv) + "
           "arr[1].Sample(sam[0], uv) + kept.Sample(sam[0], uv); }")
    # sam's two textures need two free registers: t2-t3 (t1 is reserved); tex t0; arr one range t4-t5
    assert [t for t, _s in _sample_regs(_listing(src, GEC))] == [0, 3, 5, 1]


@pytest.mark.parametrize("fn,coord", [("tex1D", "uv.x"), ("tex2D", "uv.xy"), ("tex3D", "uv"), ("texCUBE", "uv")])
def test_each_legacy_sampling_function_samples(fn, coord):
    kind = {"tex1D": "sampler1D", "tex2D": "sampler2D", "tex3D": "sampler3D", "texCUBE": "samplerCUBE"}[fn]
    regs = _sample_regs(_listing(f"{kind} s;\nfloat4 main(float3 uv : UV) : SV_Target {{ return {fn}(s, {coord}); }}",
                                 GEC))
    assert regs == [(0, 0)]


def test_sampler_state_initialiser_is_accepted_and_ignored_for_registers():
    src = ("texture tex0; sampler s = sampler_state { Texture = <tex0>; Filter = MIN_MAG_MIP_LINEAR; };\n"
           "float4 main(float2 uv : UV) : SV_Target { return tex2D(s, uv); }")
    assert _sample_regs(_listing(src, GEC)) == [(0, 0)]


# --- object variables -----------------------------------------------------------------------------------
@pytest.mark.parametrize("decl", ["Texture2D t = NULL;", "SamplerState s = NULL; Texture2D t;",
                                  "RWTexture2D<float> t = NULL;"])
def test_null_initialises_object_globals(decl):
    _compile(decl + "\nfloat4 main() : SV_Target { return 0; }")


def test_object_in_a_struct_is_bound_by_its_path():
    r = D3DReflect(_compile("struct S { Texture2D t; float f; }; S s;\n"
                            "float4 main() : SV_Target { return s.t.Load(0) * s.f; }"))
    names = [r.GetResourceBindingDesc(i).Name for i in range(r.GetDesc().BoundResources)]
    assert "s.t" in names


def test_object_reference_chosen_at_run_time_is_an_error():
    # fxc's validator refuses the run-time object operand: internal error X8000 (d3dcompiler_47 10.1 under Wine,
    # session 44, this source; X3500 here before)
    with pytest.raises(ShaderCompileError, match="X8000"):
        _compile("Texture2D a; Texture2D b;\nfloat4 main(uint i : I) : SV_Target "
                 "{ Texture2D t = a; if (i) t = b; return t.Load(0); }")


@pytest.mark.parametrize("kind", ["Texture2DMS", "Texture2DMSArray", "RWBuffer", "RWTexture1D", "RWTexture1DArray",
                                  "RWTexture2D", "RWTexture2DArray", "RWTexture3D", "RasterizerOrderedTexture2D"])
def test_types_that_need_template_arguments(kind):
    # DXC SemaHLSL indexing-operator: fxc's X3000 "syntax error: unexpected token 'g_…_err'" for the bare name
    with pytest.raises(ShaderCompileError) as info:
        _compile(f"{kind} g_err;\nfloat4 main() : SV_Target {{ return 0; }}")
    assert "error X3000: syntax error: unexpected token 'g_err'" in info.value.errors


@pytest.mark.parametrize("kind", ["Buffer", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture3D",
                                  "TextureCube", "TextureCubeArray"])
def test_types_with_a_default_element(kind):
    _compile(f"{kind} g;\nfloat4 main() : SV_Target {{ return 0; }}")
