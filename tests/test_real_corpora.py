"""Real programs (issue 15): public D3D11 shader sets compiled as their own build scripts compile them
(pyd3d11.tools.real_corpora), and the compiler rules they exercised.

- The build-script reader is checked on a small git repository written here: what cmd.exe would run for the PC
  build (labels instantiated per ``call`` with ``%1``..``%n``, ``%FXCOPTS%`` expanded, a label for another build
  contributing nothing, fxc lines written out in the main body).
- ``Texture`` is a type name, not a keyword (MicrosoftDocs "Keywords" lists only ``texture``): a declaration may
  name a variable ``Texture``, which then is that variable in its scope (DirectXTK's effects). Cases and expected
  outcomes are from that definition.
- Every DirectXTK and DirectXTex entry compiles when the mirror (/work/.mirror or PYD3D11_MIRROR) is present.
- DirectXTK's BasicEffect VSBasic/PSBasic, compiled as CompileShaders.cmd compiles them, draw a quad whose pixels
  are computed here by hand from the HLSL (both backends).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.errors import D3D11Error
from pyd3d11.headers import d3dcompiler_types as D
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import real_corpora as rc

MIRROR = Path(os.environ.get("PYD3D11_MIRROR", "/work/.mirror"))
FXCOPTS = D.D3DCOMPILE_WARNINGS_ARE_ERRORS | D.D3DCOMPILE_ENABLE_STRICTNESS | D.D3DCOMPILE_DEBUG | \
    D.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR


def _git_repo(tmp_path: Path, files: dict[str, str]) -> rc.GitTree:
    work = tmp_path / "w"
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(work), *cmd], check=True, env=env, capture_output=True)
    return rc.GitTree(work / ".git")


SCRIPT = r"""@echo off
set FXCOPTS=/nologo /WX /Ges /Zi /Zpc /Qstrip_reflect
if %1.==xbox. goto continuexbox
set PCFXC=fxc.exe
:continue
call :CompileShader%1 Effect vs VSMain
call :CompileShader%1 Effect ps PSMain
call :CompileShaderHLSL%1 Plain ps main
set FXC=%PCFXC% other.hlsl %FXCOPTS% /EPS_2D /Tps_4_1 /DMODE=2 /DFLAG "/FhShaders\o.inc"
%FXC%
if NOT %1.==xbox. goto skipxboxonly
call :CompileShaderxbox Effect ps PSXbox
:skipxboxonly
exit /b 0

:CompileShader
set fxc=%PCFXC% "%1.fx" %FXCOPTS% /T%2_4_0 /E%3 "/Fh%CompileShadersOutput%\%1_%3.inc" /Vn%1_%3
set fxc4=%PCFXC% "%1.fx" %FXCOPTS% /T%2_5_0 /DEXTRA /E%3
exit /b

:CompileShaderHLSL
set fxc=%PCFXC% "%1.hlsl" %FXCOPTS% /T%2_4_0 /E%3
exit /b

:CompileShaderxbox
set fxc=%XBOXFXC% "%1.fx" %FXCOPTS% /T%2_5_0 /E%3
exit /b
"""


@pytest.mark.backend_independent
def test_build_script_expanded_as_cmd_runs_it(tmp_path):
    tree = _git_repo(tmp_path, {"Shaders/build.cmd": SCRIPT})
    jobs = rc.script_jobs(tree, "Shaders/build.cmd")
    opts = FXCOPTS  # /Qstrip_reflect and /nologo are no compile flags
    assert [(j.path, j.entry, j.target, j.defines, j.flags) for j in jobs] == [
        ("Shaders/Effect.fx", "VSMain", "vs_4_0", (), opts),
        ("Shaders/Effect.fx", "VSMain", "vs_5_0", (("EXTRA", "1"),), opts),
        ("Shaders/Effect.fx", "PSMain", "ps_4_0", (), opts),
        ("Shaders/Effect.fx", "PSMain", "ps_5_0", (("EXTRA", "1"),), opts),
        ("Shaders/Plain.hlsl", "main", "ps_4_0", (), opts),
        ("Shaders/other.hlsl", "PS_2D", "ps_4_1", (("MODE", "2"), ("FLAG", "1")), opts),
    ]


PROJECT = r"""<?xml version="1.0" encoding="utf-8"?>
<Project DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <ItemDefinitionGroup Condition="'$(Configuration)|$(Platform)'=='Release|x64'">
    <FXCompile>
      <ShaderModel>4.0</ShaderModel>
      <AdditionalIncludeDirectories>..\Kits\Inc;%(AdditionalIncludeDirectories)</AdditionalIncludeDirectories>
    </FXCompile>
  </ItemDefinitionGroup>
  <ItemDefinitionGroup Condition="'$(Configuration)|$(Platform)'=='Debug|x64'">
    <FXCompile><ShaderModel>5.0</ShaderModel></FXCompile>
  </ItemDefinitionGroup>
  <ItemGroup>
    <FxCompile Include="Assets\HS.hlsl">
      <EntryPointName Condition="'$(Configuration)|$(Platform)'=='Release|x64'">BezierHS</EntryPointName>
      <EntryPointName Condition="'$(Configuration)|$(Platform)'=='Debug|x64'">Wrong</EntryPointName>
      <ShaderType Condition="'$(Configuration)|$(Platform)'=='Release|x64'">Hull</ShaderType>
      <ShaderModel Condition="'$(Configuration)|$(Platform)'=='Release|x64'">5.0</ShaderModel>
      <PreprocessorDefinitions Condition="'$(Configuration)|$(Platform)'=='Release|x64'">P=\"integer\";N</PreprocessorDefinitions>
      <TreatWarningAsError Condition="'$(Configuration)|$(Platform)'=='Release|x64'">true</TreatWarningAsError>
    </FxCompile>
    <FxCompile Include="PS.hlsl">
      <ShaderType Condition="'$(Configuration)|$(Platform)'=='Release|x64'">Pixel</ShaderType>
    </FxCompile>
    <FxCompile Include="Lit.hlsl">
      <ShaderType Condition="'$(Configuration)|$(Platform)'=='Release|x64'">Vertex</ShaderType>
      <ShaderModel Condition="'$(Configuration)|$(Platform)'=='Release|x64'">4.0_level_9_3</ShaderModel>
    </FxCompile>
    <FxCompile Include="Header.hlsli"><ExcludedFromBuild>true</ExcludedFromBuild></FxCompile>
    <FxCompile Include="Untyped.hlsl" />
    <FxCompile Include="RootSig.hlsl">
      <ShaderType>Pixel</ShaderType><ShaderModel>5.1</ShaderModel>
    </FxCompile>
  </ItemGroup>
</Project>
"""


@pytest.mark.backend_independent
def test_vcxproj_items_as_msbuild_passes_them(tmp_path):
    """Release|x64 metadata (the item's over the ItemDefinitionGroup's); \" in a define is a quote; items
    excluded from the build, without a ShaderType, or of shader model 5.1 are left out."""
    tree = _git_repo(tmp_path, {"S/P/p.vcxproj": PROJECT})
    jobs = rc.vcxproj_jobs(tree, "S/P/p.vcxproj")
    inc = ("S/Kits/Inc",)  # S/P/../Kits/Inc, folded (real_corpora.normpath)
    assert [(j.path, j.entry, j.target, j.defines, j.flags, j.include_dirs) for j in jobs] == [
        ("S/P/Assets/HS.hlsl", "BezierHS", "hs_5_0", (("P", '"integer"'), ("N", "1")),
         D.D3DCOMPILE_WARNINGS_ARE_ERRORS, inc),
        ("S/P/PS.hlsl", "main", "ps_4_0", (), 0, inc),
        ("S/P/Lit.hlsl", "main", "vs_4_0_level_9_3", (), 0, inc),
    ]


@pytest.mark.backend_independent
def test_git_include_resolves_from_the_including_file(tmp_path):
    """#include searches the folder of the file holding it, then the compiled file's (as fxc does)."""
    tree = _git_repo(tmp_path, {
        "S/main.hlsl": '#include "inc/a.fxh"\nfloat4 main() : SV_Target { return A + B; }\n',
        "S/inc/a.fxh": '#include "b.fxh"\nstatic const float4 A = 1;\n',
        "S/inc/b.fxh": "static const float4 B = 2;\n",
    })
    job = rc.Job("S/main.hlsl", "main", "ps_4_0", (), FXCOPTS)
    assert rc.compile_job(tree, job) is None
    assert tree.read("S/inc/../inc/A.FXH") == tree.read("S/inc/a.fxh")  # Windows paths: case folded
    assert rc.compile_job(tree, rc.Job("S/none.hlsl", "main", "ps_4_0")) == "missing S/none.hlsl"


# --- Texture: a type name a variable may take ------------------------------------------------------------
TEXTURE_NAME_CASES = [
    # (source, compiles) — from the rule: `Texture` is no keyword, `texture` and the D3D10+ object types are
    ("Texture2D<float4> Texture : register(t0); sampler Sampler : register(s0);\n"
     "float4 main(float2 uv : T) : SV_Target { return Texture.Sample(Sampler, uv); }", True),
    ("float4 main() : SV_Target { float4 Texture = 2; return Texture * Texture; }", True),
    ("float4 main(float4 Texture : T) : SV_Target { return Texture * 2; }", True),
    ("cbuffer C { float4 Texture; }; float4 main() : SV_Target { return Texture; }", True),
    ("struct S { float4 Texture; }; S s; float4 main() : SV_Target { return s.Texture; }", True),
    # the name is still the type where no variable shadows it, also after a function whose parameter did
    ("Texture t; float4 main() : SV_Target { return 1; }", True),
    ("float4 f(float4 Texture) { return Texture; } Texture t;\nfloat4 main() : SV_Target { return f(1); }", True),
    # the keywords stay keywords
    ("float4 texture; float4 main() : SV_Target { return texture; }", False),
    ("float4 Texture2D; float4 main() : SV_Target { return Texture2D; }", False),
    ("float4 SamplerState; float4 main() : SV_Target { return SamplerState; }", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,compiles", TEXTURE_NAME_CASES)
def test_texture_is_a_type_name_not_a_keyword(src, compiles):
    if compiles:
        D3DCompile(src, None, "t", None, None, "main", "ps_4_0", FXCOPTS)
    else:
        with pytest.raises(D3D11Error, match="X3000"):
            D3DCompile(src, None, "t", None, None, "main", "ps_4_0", FXCOPTS)


@pytest.mark.backend_independent
def test_texture_variable_is_bound_by_its_name():
    from pyd3d11.d3dcompiler import D3DReflect

    blob = D3DCompile(TEXTURE_NAME_CASES[0][0], None, "t", None, None, "main", "ps_4_0", FXCOPTS)
    r = D3DReflect(blob)
    names = {r.GetResourceBindingDesc(i).Name: r.GetResourceBindingDesc(i).BindPoint
             for i in range(r.GetDesc().BoundResources)}
    assert names == {"Texture": 0, "Sampler": 0}


# --- the corpora -----------------------------------------------------------------------------------------
def _corpus(name: str) -> tuple[rc.GitTree, list[rc.Job]]:
    corpus = rc.CORPORA[name]
    if not (MIRROR / corpus.repo / "repo" / "HEAD").is_file():
        pytest.skip(f"no mirror of {corpus.repo} under {MIRROR}")
    return rc.corpus_jobs(corpus, MIRROR)


COUNTS = {"dxtk": 209, "dxtex": 21, "atg": 22, "atg12": 34}
PART = 24  # entries per test item: the corpus is split so that parallel test workers share it


@pytest.mark.backend_independent
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_corpus_entry_counts(name):
    assert len(_corpus(name)[1]) == COUNTS[name]


@pytest.mark.backend_independent
@pytest.mark.parametrize("name,part", [(n, k) for n, c in sorted(COUNTS.items()) for k in range(-(-c // PART))])
def test_every_corpus_entry_compiles(name, part):
    tree, jobs = _corpus(name)
    failures = [(j.name(), err) for j in jobs[part * PART:(part + 1) * PART] if (err := rc.compile_job(tree, j))]
    assert failures == []


# --- DirectXTK BasicEffect drawn ---------------------------------------------------------------------------
def _basic_effect_cbuffer(diffuse, fog_color, fog_vector, wvp) -> bytes:
    """BasicEffect.fx's Parameters at its packoffsets (c0 DiffuseColor, c13 FogColor, c14 FogVector, c22
    WorldViewProj); /Zpc stores a matrix column by column, so register c22+j holds column j."""
    regs = np.zeros((26, 4), np.float32)
    regs[0] = diffuse
    regs[13, :3] = fog_color
    regs[14] = fog_vector
    regs[22:26] = np.asarray(wvp, np.float32).T
    return regs.tobytes()


def test_basic_effect_draws_hand_computed_pixels():
    from pyd3d11.api.convenience import texture_to_numpy
    from pyd3d11.d3d11 import (
        D3D11_BUFFER_DESC,
        D3D11_INPUT_ELEMENT_DESC,
        D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
        D3D11_SUBRESOURCE_DATA,
        D3D11_TEXTURE2D_DESC,
        D3D11_VIEWPORT,
        DXGI_SAMPLE_DESC,
        D3D11CreateDevice,
    )

    tree, jobs = _corpus("dxtk")
    by_entry = {j.entry: j for j in jobs if j.path.endswith("BasicEffect.fx")}
    blobs = {}
    for entry in ("VSBasic", "PSBasic"):
        j = by_entry[entry]
        assert (j.target, j.flags) == (("vs_4_0" if entry[0] == "V" else "ps_4_0"), FXCOPTS)
        src = tree.read(j.path)
        blobs[entry] = D3DCompile(src, len(src), j.path, list(j.defines), rc.GitInclude(tree, j.path), j.entry,
                                  j.target, j.flags, 0)
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    rgba32f = 2  # DXGI_FORMAT_R32G32B32A32_FLOAT
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=rgba32f,
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 4, 4, 0, 1)])
    # row-vector convention (mul(position, M)): scale x,y by 1/2, then move by (+1/2, +1/2): the model square
    # [-1, 1]^2 lands on clip [0, 1]^2, the render target's top-right quarter (pixels x 2..3, y 0..1)
    wvp = np.array([[0.5, 0, 0, 0], [0, 0.5, 0, 0], [0, 0, 1, 0], [0.5, 0.5, 0, 1]], np.float32)
    diffuse = np.array([0.8, 0.4, 0.2, 0.6], np.float32)
    fog_color = np.array([0.0, 0.5, 1.0], np.float32)
    fog_vector = np.array([0.25, 0.0, 0.0, 0.5], np.float32)  # fog = saturate(x / 4 + 1 / 2) of the model x
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=26 * 16, BindFlags=0x4),
                          D3D11_SUBRESOURCE_DATA(pSysMem=_basic_effect_cbuffer(diffuse, fog_color, fog_vector, wvp)))
    quad = np.array([[-1, -1, 0, 1], [-1, 1, 0, 1], [1, -1, 0, 1], [1, -1, 0, 1], [-1, 1, 0, 1], [1, 1, 0, 1]],
                    np.float32)
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=quad.nbytes, BindFlags=0x1),
                          D3D11_SUBRESOURCE_DATA(pSysMem=quad.tobytes()))
    layout = dev.CreateInputLayout([D3D11_INPUT_ELEMENT_DESC("SV_Position", 0, rgba32f, 0, 0, 0, 0)], 1,
                                   blobs["VSBasic"])
    ctx.IASetInputLayout(layout)
    ctx.IASetVertexBuffers(0, 1, [vb], [16], [0])
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.VSSetShader(dev.CreateVertexShader(blobs["VSBasic"], None))
    ctx.PSSetShader(dev.CreatePixelShader(blobs["PSBasic"], None))
    ctx.VSSetConstantBuffers(0, 1, [cb])
    ctx.PSSetConstantBuffers(0, 1, [cb])
    ctx.Draw(6, 0)
    got = texture_to_numpy(ctx, rt)
    expect = np.zeros((4, 4, 4), np.float32)
    for px in (2, 3):
        model_x = ((px + 0.5) / 4 * 2 - 1 - 0.5) / 0.5  # pixel centre → clip x → model x (-1/2, +1/2)
        fog = min(max(model_x * 0.25 + 0.5, 0.0), 1.0)  # 3/8 and 5/8
        rgb = diffuse[:3] + fog * (fog_color * diffuse[3] - diffuse[:3])  # ApplyFog: lerp(rgb, FogColor * a, f)
        expect[0:2, px] = [*rgb, diffuse[3]]
    np.testing.assert_allclose(got, expect, rtol=0, atol=2e-7)


# --- the legacy SDK's Direct3D 10 samples' effect files (tools/legacy_samples) ------------------------------------
def _legacy():
    from pyd3d11.tools import legacy_samples as ls

    tree = rc.GitTree(MIRROR / ls.REPO / "repo")
    if not tree.exists():
        pytest.skip(f"no mirror of {ls.REPO} under {MIRROR}")
    return ls, tree, ls.jobs(tree)


LEGACY_JOBS = 78  # 67 .fx files of 33 samples; the define sets and fx_4_0/fx_4_1 pairs their C++ can choose


@pytest.mark.backend_independent
def test_legacy_d3d10_sample_jobs_are_found():
    ls, tree, jobs = _legacy()
    assert len(jobs) == LEGACY_JOBS
    # the define sets read from the C++ are jobs of their own
    names = {j.name() for j in jobs}
    assert "Direct3D10/TransparencyAA10.1/TransparencyAA10.1.fx fx_4_1 /D DX10_1_ENABLED=1,MSAA_SAMPLES=8" in names
    assert "Direct3D10/TransparencyAA10.1/TransparencyAA10.1.fx fx_4_0" in names


#: effects per test item: an effect compiles each of its shaders, so the parts are smaller than the corpora's (the
#: two CI workers share them; ProceduralMaterials.fx alone is about a minute)
LEGACY_PART = 8


@pytest.mark.backend_independent
@pytest.mark.parametrize("part", range(-(-LEGACY_JOBS // LEGACY_PART)))
def test_every_legacy_d3d10_effect_compiles(part):
    ls, tree, jobs = _legacy()
    failures = [(j.name(), err) for j in jobs[part * LEGACY_PART:(part + 1) * LEGACY_PART]
                if (err := ls.compile_job(tree, j))]
    assert failures == []


# --- the legacy SDK's Direct3D 9 samples' effect files (tools/legacy_samples --d3d9, fx_2_0) -----------------------
LEGACY_D3D9_JOBS = 66  # 64 .fx files; MultiAnimation's palette define both ways, BasicHLSL with and without /Op
#: jobs that fail today, by the D3D9 shader translation (slot counts, temporaries, constant packing, indexable
#: temporaries; docs/conformance.md "Session 24, helper FX9"): any other failure is a regression
LEGACY_D3D9_KNOWN = {
    "Direct3D/ConfigSystem/main.fx fx_2_0", "Direct3D/DepthOfField/DepthOfField.fx fx_2_0",
    "Direct3D/LocalDeformablePRT/LocalDeformablePRT.fx fx_2_0", "Direct3D/ShadowMap/shadowmap.fx fx_2_0",
}  # (session 32: reflect, HDRFormats and Instancing compile since earlier sessions and are checked again)


@pytest.mark.backend_independent
def test_legacy_d3d9_sample_jobs_are_found():
    ls, tree, _jobs = _legacy()
    jobs = ls.d3d9_jobs(tree)
    assert len(jobs) == LEGACY_D3D9_JOBS
    names = {j.name() for j in jobs}
    assert "Direct3D/PRTDemo/prt.fx fx_2_0 /D NUM_CLUSTERS=1,NUM_PCA=24" in names
    assert "Direct3D/BasicHLSL/BasicHLSL.fx fx_2_0 /Op" in names


@pytest.mark.backend_independent
@pytest.mark.parametrize("part", range(-(-LEGACY_D3D9_JOBS // PART)))
def test_legacy_d3d9_effects_compile(part):
    ls, tree, _jobs = _legacy()
    jobs = ls.d3d9_jobs(tree)[part * PART:(part + 1) * PART]
    failures = [(j.name(), err) for j in jobs if j.name() not in LEGACY_D3D9_KNOWN and (err := ls.compile_job(tree, j))]
    assert failures == []
