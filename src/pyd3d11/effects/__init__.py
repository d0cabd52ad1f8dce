"""Effects 11 for pyd3d11 (microsoft/FX11's API: ``d3dx11effect.h``).

``D3DCompile(..., "fx_5_0")`` (also ``fx_4_0``/``fx_4_1``) produces the FX11 effect binary;
:func:`D3DX11CreateEffectFromMemory` reads it into an :class:`ID3DX11Effect` bound to a device;
:func:`D3DX11CompileEffectFromMemory` / :func:`D3DX11CompileEffectFromFile` do both. Out-parameters
become return values (``ppEffect``), as everywhere in pyd3d11."""

from .descs import (
    D3DX11_DEFAULT,
    D3DX11_EFFECT_CLONE_FORCE_NONSINGLE,
    D3DX11_EFFECT_DESC,
    D3DX11_EFFECT_RUNTIME_VALID_FLAGS,
    D3DX11_EFFECT_SHADER_DESC,
    D3DX11_EFFECT_SINGLE_THREADED,
    D3DX11_EFFECT_TYPE_DESC,
    D3DX11_EFFECT_VARIABLE_ANNOTATION,
    D3DX11_EFFECT_VARIABLE_DESC,
    D3DX11_EFFECT_VARIABLE_EXPLICIT_BIND_POINT,
    D3DX11_GROUP_DESC,
    D3DX11_PASS_DESC,
    D3DX11_PASS_SHADER_DESC,
    D3DX11_TECHNIQUE_DESC,
)
from .runtime import (
    D3DX11CompileEffectFromFile,
    D3DX11CompileEffectFromMemory,
    D3DX11CreateEffectFromFile,
    D3DX11CreateEffectFromMemory,
    ID3DX11Effect,
    ID3DX11EffectGroup,
    ID3DX11EffectPass,
    ID3DX11EffectTechnique,
)
from .variables import (
    ID3DX11EffectBlendVariable,
    ID3DX11EffectConstantBuffer,
    ID3DX11EffectDepthStencilVariable,
    ID3DX11EffectDepthStencilViewVariable,
    ID3DX11EffectMatrixVariable,
    ID3DX11EffectRasterizerVariable,
    ID3DX11EffectRenderTargetViewVariable,
    ID3DX11EffectSamplerVariable,
    ID3DX11EffectScalarVariable,
    ID3DX11EffectShaderResourceVariable,
    ID3DX11EffectShaderVariable,
    ID3DX11EffectStringVariable,
    ID3DX11EffectType,
    ID3DX11EffectUnorderedAccessViewVariable,
    ID3DX11EffectVariable,
    ID3DX11EffectVectorVariable,
)

__all__ = [
    "D3DX11CompileEffectFromFile", "D3DX11CompileEffectFromMemory", "D3DX11CreateEffectFromFile",
    "D3DX11CreateEffectFromMemory", "ID3DX11Effect", "ID3DX11EffectGroup", "ID3DX11EffectPass",
    "ID3DX11EffectTechnique", "ID3DX11EffectBlendVariable", "ID3DX11EffectConstantBuffer",
    "ID3DX11EffectDepthStencilVariable", "ID3DX11EffectDepthStencilViewVariable", "ID3DX11EffectMatrixVariable",
    "ID3DX11EffectRasterizerVariable", "ID3DX11EffectRenderTargetViewVariable", "ID3DX11EffectSamplerVariable",
    "ID3DX11EffectScalarVariable", "ID3DX11EffectShaderResourceVariable", "ID3DX11EffectShaderVariable",
    "ID3DX11EffectStringVariable", "ID3DX11EffectType", "ID3DX11EffectUnorderedAccessViewVariable",
    "ID3DX11EffectVariable", "ID3DX11EffectVectorVariable",
    "D3DX11_EFFECT_DESC", "D3DX11_GROUP_DESC", "D3DX11_TECHNIQUE_DESC", "D3DX11_PASS_DESC",
    "D3DX11_PASS_SHADER_DESC", "D3DX11_EFFECT_VARIABLE_DESC", "D3DX11_EFFECT_TYPE_DESC",
    "D3DX11_EFFECT_SHADER_DESC", "D3DX11_EFFECT_VARIABLE_ANNOTATION", "D3DX11_EFFECT_VARIABLE_EXPLICIT_BIND_POINT",
    "D3DX11_EFFECT_SINGLE_THREADED", "D3DX11_EFFECT_RUNTIME_VALID_FLAGS", "D3DX11_EFFECT_CLONE_FORCE_NONSINGLE",
    "D3DX11_DEFAULT",
]
