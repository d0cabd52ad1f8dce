"""Effect-file rules that the Direct3D 10 samples of the legacy DirectX SDK rely on (walbourn/directx-sdk-legacy-samples,
built by ``D3DX10CreateEffectFromFile``; ``tools/legacy_samples`` compiles them all from the mirror):

- a Direct3D 9 ``technique`` block in an fx_4_x / fx_5_0 file is read but is not part of the effect — neither its
  states nor its ``compile vs_2_0`` shaders are built (ContentStreaming, DDSWithoutD3DX, MultiStreamRendering keep
  their D3D9 techniques beside the technique10 ones; vkd3d-shader's effect writer keeps technique version 10 for
  fx_4, 10 and 11 for fx_5, 9 for fx_2);
- ``ConstructGSWithSO`` takes a shader *variable* as well as a CompileShader call: "ShaderVar: a geometry shader or
  vertex shader variable" (MicrosoftDocs "Stream Out Syntax"; AdvancedParticles and Skinning10 stream a vertex
  shader's outputs out with no geometry shader).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.binary import read_effect
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent  # compiles only

_SHADERS = """struct V { float4 p : SV_Position; float4 c : COLOR; };
V VS(float4 p : POSITION) { V o; o.p = p; o.c = p; return o; }
float4 PS(V v) : SV_Target { return v.c; }
float4 VS9(float4 p : POSITION) : POSITION { return p; }
"""
_T9 = "technique Old { pass P0 { VertexShader = compile vs_2_0 VS9(); FillMode = WIREFRAME; } }\n"
_KEYWORD = {"fx_4_0": "technique10", "fx_4_1": "technique10", "fx_5_0": "technique11"}
_PROFILE = {"fx_4_0": "4_0", "fx_4_1": "4_1", "fx_5_0": "5_0"}


def _compile(src: str, target: str):
    return read_effect(bytes(D3DCompile(src, len(src), "t.fx", None, None, None, target, 0, 0)))


def _new(target: str, name: str = "New") -> str:
    m = _PROFILE[target]
    return (f"{_KEYWORD[target]} {name} {{ pass P0 {{ SetVertexShader(CompileShader(vs_{m}, VS())); "
            f"SetPixelShader(CompileShader(ps_{m}, PS())); }} }}\n")


def _techniques(eff) -> list[str]:
    return [t.name for g in eff.groups for t in g.techniques]


@pytest.mark.parametrize("target", sorted(_KEYWORD))
@pytest.mark.parametrize("order", ["d3d9 first", "d3d9 last"])
def test_a_direct3d9_technique_is_no_part_of_a_d3d10_effect(target: str, order: str):
    src = _SHADERS + (_T9 + _new(target) if order == "d3d9 first" else _new(target) + _T9)
    assert _techniques(_compile(src, target)) == ["New"]


@pytest.mark.parametrize("target", sorted(_KEYWORD))
def test_only_direct3d9_techniques_leave_an_effect_without_techniques(target: str):
    assert _techniques(_compile(_SHADERS + _T9, target)) == []


def test_the_direct3d9_technique_name_still_counts_for_redefinition():
    # d3dcompiler_47 10.1's text: "redefinition of 'Old'" (X3003; session 38 EFX, the name space is the globals')
    with pytest.raises(ShaderCompileError, match="redefinition of 'Old'"):
        _compile(_SHADERS + _T9 + _new("fx_4_0", "Old"), "fx_4_0")


def test_a_direct3d9_profile_inside_a_technique10_is_still_refused():
    # d3dcompiler_47 10.1 under Wine (session 39): "Shader model vs_2_0 is not allowed in D3D10 techniques" (this test
    # expected NotSupportedError before: the refusal is fxc's, tests/test_rules_fx_fxc_verdicts_s39.py PROFILE_ROWS)
    src = _SHADERS + "technique10 T { pass P0 { SetVertexShader(CompileShader(vs_2_0, VS9())); } }"
    with pytest.raises(ShaderCompileError, match="Shader model vs_2_0 is not allowed in D3D10 techniques"):
        _compile(src, "fx_4_0")


_SO = _SHADERS + """VertexShader vsOut = CompileShader(vs_4_0, VS());
VertexShader vsArr[2] = { CompileShader(vs_4_0, VS()), CompileShader(vs_4_0, VS9()) };
GeometryShader gsSO = ConstructGSWithSO(%s, "SV_Position.xyzw; COLOR.xyzw");
technique10 T { pass P0 { SetVertexShader(vsOut); SetGeometryShader(gsSO); SetPixelShader(NULL); } }
"""


def _so_shader(eff):
    var = next(v for v in eff.objects if v.name == "gsSO")
    return var.shaders[0]


@pytest.mark.parametrize("source,other", [("vsOut", "vsArr[1]"), ("vsArr[0]", "vsArr[1]"),
                                          ("CompileShader(vs_4_0, VS())", "vsArr[1]")])
def test_construct_gs_with_so_streams_a_vertex_shader_variable_out(source: str, other: str):
    """The stream-output shader is the named vertex shader's bytecode with the declaration: the same bytes as the
    variable's own shader (and not another element's)."""
    eff = _compile(_SO % source, "fx_4_0")
    so = _so_shader(eff)
    vs = next(v for v in eff.objects if v.name == "vsOut").shaders[0]
    arr = next(v for v in eff.objects if v.name == "vsArr")
    assert so.so_decls == ["SV_Position.xyzw; COLOR.xyzw"]
    assert so.bytecode == vs.bytecode == arr.shaders[0].bytecode
    assert so.bytecode != arr.shaders[1].bytecode


@pytest.mark.parametrize("source,match", [
    ("undeclaredVS", "undeclared"),
    ("vsArr[2]", "out of bounds"),
    ("psOut", "not a vertex or geometry shader"),
])
def test_construct_gs_with_so_refuses_what_is_no_vertex_or_geometry_shader(source: str, match: str):
    src = (_SO % source).replace("VertexShader vsOut", "PixelShader psOut = CompileShader(ps_4_0, PS());\n"
                                                        "VertexShader vsOut")
    with pytest.raises(ShaderCompileError, match=match):
        _compile(src, "fx_4_0")


_PASS_CASE = {"fx_2_0": "technique T {{ {kw} P0 {{ VertexShader = compile vs_2_0 VS9(); }} }}",
              "fx_4_0": "technique10 T {{ {kw} P0 {{ SetVertexShader(CompileShader(vs_4_0, VS())); }} }}",
              "fx_5_0": "technique11 T {{ {kw} P0 {{ SetVertexShader(CompileShader(vs_5_0, VS())); }} }}"}


@pytest.mark.parametrize("target", sorted(_PASS_CASE))
@pytest.mark.parametrize("kw", ["pass", "Pass", "PASS"])
def test_pass_is_read_in_any_letter_case(target: str, kw: str):
    """``pass`` is read in any letter case, as ``technique`` is (the legacy SDK's D3D9 sample PIXGameDebugging.fx,
    built by D3DXCreateEffectFromFile: ``Technique Caustic { Pass P0 { … } }``); a shader compile of the same file
    skips the technique in any case too."""
    src = _SHADERS + _PASS_CASE[target].format(kw=kw)
    blob = bytes(D3DCompile(src, len(src), "t.fx", None, None, None, target, 0, 0))
    assert blob[:4] != b"DXBC"
    if target != "fx_2_0":
        assert [p.name for g in read_effect(blob).groups for t in g.techniques for p in t.passes] == ["P0"]
    D3DCompile(src, len(src), "t.fx", None, None, "PS", "ps_4_0", 0, 0)


def test_another_word_is_no_pass():
    with pytest.raises(ShaderCompileError):
        _compile(_SHADERS + "technique10 T { passes P0 { } }", "fx_4_0")
