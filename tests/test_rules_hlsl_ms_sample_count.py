"""Multisampled texture types need their sample count below shader model 4.1.

MicrosoftDocs win32 direct3dhlsl, "Texture Type" (dx-graphics-hlsl-to-type): multisampled objects are written
``Texture2DMS<Type, Samples>``; fxc takes the bare ``Texture2DMS<Type>`` from shader model 4.1 on (the sample
count of the bound view is then not part of the declaration: ``dcl_resource_texture2dms(0)``). At ``*_4_0``,
level-9 targets included, a read of such a texture is fxc 10.1's X4539 "Unsized MSAA textures aren't supported on
this target", wherever the type is written (global, parameter, typedef); an unused declaration compiles (session
39 ACC)."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_USE = {
    "Texture2DMS": "t.Load(int2(p.xy), 0)",
    "Texture2DMSArray": "t.Load(int3(p.xy, 0), 0)",
}
_FORMS = {
    "global": "{decl} t;\nfloat4 main(float4 p : SV_Position) : SV_Target {{ return {use}; }}",
    "parameter": "{decl} g;\nfloat4 f({decl} t, float4 p) {{ return {use}; }}\n"
                 "float4 main(float4 p : SV_Position) : SV_Target {{ return f(g, p); }}",
    "typedef": "typedef {decl} MS;\nMS t;\nfloat4 main(float4 p : SV_Position) : SV_Target {{ return {use}; }}",
}
_TARGETS = {"ps_4_0": False, "ps_4_1": True, "ps_5_0": True}


def _compiles(src: str, target: str) -> bool:
    try:
        D3DCompile(src, len(src), "ms.hlsl", None, None, "main", target, 0, 0)
    except ShaderCompileError:
        return False
    return True


@pytest.mark.parametrize("kind", sorted(_USE))
@pytest.mark.parametrize("form", sorted(_FORMS))
@pytest.mark.parametrize("target", sorted(_TARGETS))
def test_bare_multisampled_type_needs_shader_model_4_1(kind: str, form: str, target: str):
    src = _FORMS[form].format(decl=f"{kind}<float4>", use=_USE[kind])
    assert _compiles(src, target) is _TARGETS[target]


@pytest.mark.parametrize("kind", sorted(_USE))
@pytest.mark.parametrize("target", sorted(_TARGETS))
def test_a_stated_sample_count_compiles_everywhere(kind: str, target: str):
    src = _FORMS["global"].format(decl=f"{kind}<float4, 4>", use=_USE[kind])
    assert _compiles(src, target)


def test_the_refusal_names_the_type():
    # fxc 10.1's X4539 where the texture is read (an unused declaration compiles: session 39 ACC,
    # tests/test_rules_hlsl_fxc_verdicts_acc39.py; the X3000 at the declaration was inferred)
    src = _FORMS["global"].format(decl="Texture2DMS<float4>", use=_USE["Texture2DMS"])
    with pytest.raises(ShaderCompileError, match="X4539: Unsized MSAA textures aren't supported on this target"):
        D3DCompile(src, len(src), "ms.hlsl", None, None, "main", "ps_4_0", 0, 0)


# An effect file is parsed once, for the effect's target, whatever profile each CompileShader names: the DirectX
# SDK sample DepthOfField10.1 (walbourn/directx-sdk-legacy-samples, built by D3DX10CreateEffectFromFile with
# "fx_4_1") declares a bare ``Texture2DMS<float>`` and compiles ps_4_0 shaders beside its ps_4_1 ones.
_EFFECT = """Texture2DMS<float> g_ms;
float4 VS(float4 p : POSITION) : SV_Position { return p; }
float4 PS(float4 p : SV_Position, uniform bool ms) : SV_Target
{
    if (ms) return g_ms.Load(int2(p.xy), 0);
    return 1;
}
technique10 T
{
    pass P0 { SetVertexShader(CompileShader(vs_4_0, VS())); SetPixelShader(CompileShader(ps_4_0, PS(false))); }
    pass P1 { SetVertexShader(CompileShader(%(vs)s, VS())); SetPixelShader(CompileShader(%(ps)s, PS(true))); }
}
"""
_EFFECT_TARGETS = {"fx_4_0": ("vs_4_0", "ps_4_0", False), "fx_4_1": ("vs_4_1", "ps_4_1", True),
                   "fx_5_0": ("vs_5_0", "ps_5_0", True)}


@pytest.mark.parametrize("target", sorted(_EFFECT_TARGETS))
def test_an_effect_judges_the_declaration_by_its_own_target(target: str):
    vs, ps, ok = _EFFECT_TARGETS[target]
    src = _EFFECT % {"vs": vs, "ps": ps}
    src = src.replace("technique10", "technique11") if target == "fx_5_0" else src
    try:
        D3DCompile(src, len(src), "ms.fx", None, None, None, target, 0, 0)
    except ShaderCompileError as exc:
        assert not ok, str(exc)
        assert "Texture2DMS needs a sample count" in str(exc)
    else:
        assert ok
