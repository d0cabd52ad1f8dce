"""Real programs (issue 15), session 24: the readers behind the AMD GPUOpen and MiniEngine corpora of
pyd3d11.tools.real_corpora, and a few representative jobs of each corpus where its mirror is present.

- fxc batch files run as cmd.exe runs them (tools/real_corpora_amd.batch_jobs): ``SET`` stores the expanded value
  and a later ``SET`` replaces it, ``%NAME%`` is expanded on each line, the first word ``fxc``/``fxc.exe`` (in any
  folder, quoted or not) starts an fxc command line, ``/P`` only preprocesses, ``REM``/``echo``/``cd``/``if``
  lines run no compiler, paths are relative to the script's folder.
- Visual Studio property sheets: FxCompile item definitions of an ``<Import>``ed ``.props`` apply where the import
  stands (MSBuild evaluates in document order, a later definition overriding); an import or ImportGroup for
  another configuration, or naming an MSBuild property, is not read.
- AMD::ShaderCache tables are checked against the C++: every ``AddShader`` call site outside comments must have its
  row (same target, entry, file), or the corpus refuses to run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_real_corpora import _git_repo

from pyd3d11.headers import d3dcompiler_types as D
from pyd3d11.tools import real_corpora as rc
from pyd3d11.tools import real_corpora_amd as amd

MIRROR = Path(os.environ.get("PYD3D11_MIRROR", "/work/.mirror"))


BATCH = r"""@echo off
REM fxc /T ps_5_0 /E commented ..\a.hlsl
set windows_sdk=10
set fxc_exe=%ProgramFiles(x86)%\Windows Kits\%windows_sdk%\bin\x86\fxc.exe
if exist .\fxc.exe set fxc_exe=.\fxc.exe
echo --- Using "%fxc_exe%" ---
"%fxc_exe%" /nologo /DMODE=1 /E VS /T vs_5_0 /Fh ..\inc\VS.inc /Vn VS_Data ../Lib.hlsl
SET FXC_PS=fxc.exe /nologo ..\Lib.hlsl /T ps_5_0 /O1 /E PS /DKIND=0
SET ABRV=PS_KIND0
%FXC_PS% /Fh ..\inc\%ABRV%_A.inc /Vn %ABRV%_A_Data /DSIZE=7
SET FXC_PS=fxc.exe /nologo ..\Lib.hlsl /T ps_5_0 /O3 /E PS /DKIND=1
%FXC_PS% /Fh ..\inc\%ABRV%_B.inc /DSIZE=9 /I ..\common
fxc /E PS /O1 /P preprocessed.hlsl ..\Lib.hlsl
fxc ..\Other.hlsl /T cs_5_0 /E CS /Zi
cd "%startdir%"
pause
"""


@pytest.mark.backend_independent
def test_batch_file_expanded_as_cmd_runs_it(tmp_path):
    tree = _git_repo(tmp_path, {"lib/src/Shaders/build/all.bat": BATCH})
    jobs = amd.batch_jobs(tree, "lib/src/Shaders/build/all.bat")
    lib = "lib/src/Shaders/Lib.hlsl"
    assert [(j.path, j.entry, j.target, j.defines, j.flags, j.include_dirs) for j in jobs] == [
        (lib, "VS", "vs_5_0", (("MODE", "1"),), 0, ()),
        (lib, "PS", "ps_5_0", (("KIND", "0"), ("SIZE", "7")), 0, ()),
        # the second SET replaced the first: /O3 and KIND=1 (and the include folder, from the script's folder)
        (lib, "PS", "ps_5_0", (("KIND", "1"), ("SIZE", "9")), D.D3DCOMPILE_OPTIMIZATION_LEVEL3,
         ("lib/src/Shaders/common",)),
        ("lib/src/Shaders/Other.hlsl", "CS", "cs_5_0", (), D.D3DCOMPILE_DEBUG, ()),
    ]


SHEET = r"""<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <ItemDefinitionGroup>
    <FxCompile><ShaderType>Compute</ShaderType><ShaderModel>5.0</ShaderModel></FxCompile>
  </ItemDefinitionGroup>
</Project>
"""
RELEASE_SHEET = r"""<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <ItemDefinitionGroup><FxCompile><EnableDebuggingInformation>true</EnableDebuggingInformation></FxCompile>
  </ItemDefinitionGroup>
</Project>
"""
DEBUG_SHEET = SHEET.replace("<ShaderType>Compute</ShaderType><ShaderModel>5.0</ShaderModel>",
                            "<ShaderModel>4.0</ShaderModel><DisableOptimizations>true</DisableOptimizations>")
SHEET_PROJECT = r"""<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <Import Project="$(VCTargetsPath)\Microsoft.Cpp.props" />
  <ImportGroup Condition="'$(Configuration)|$(Platform)'=='Release|x64'" Label="PropertySheets">
    <Import Project="$(UserRootDir)\Microsoft.Cpp.$(Platform).user.props" />
    <Import Project="..\Sheets\Release.props" />
    <Import Project="..\Sheets\Common.props" />
  </ImportGroup>
  <ImportGroup Condition="'$(Configuration)|$(Platform)'=='Debug|x64'" Label="PropertySheets">
    <Import Project="..\Sheets\Debug.props" />
  </ImportGroup>
  <ItemGroup>
    <FxCompile Include="Shaders\BlurCS.hlsl" />
    <FxCompile Include="Shaders\PresentPS.hlsl"><ShaderType>Pixel</ShaderType></FxCompile>
  </ItemGroup>
  <ItemDefinitionGroup><FxCompile><EntryPointName>main</EntryPointName></FxCompile></ItemDefinitionGroup>
</Project>
"""


@pytest.mark.backend_independent
def test_vcxproj_reads_imported_property_sheets(tmp_path):
    tree = _git_repo(tmp_path, {"E/Core/Core.vcxproj": SHEET_PROJECT, "E/Sheets/Common.props": SHEET,
                                "E/Sheets/Release.props": RELEASE_SHEET, "E/Sheets/Debug.props": DEBUG_SHEET})
    jobs = rc.vcxproj_jobs(tree, "E/Core/Core.vcxproj")
    assert [(j.path, j.entry, j.target, j.flags) for j in jobs] == [
        ("E/Core/Shaders/BlurCS.hlsl", "main", "cs_5_0", D.D3DCOMPILE_DEBUG),
        ("E/Core/Shaders/PresentPS.hlsl", "main", "ps_5_0", D.D3DCOMPILE_DEBUG),
    ]


PROPS_PROJECT = r"""<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup Label="Globals">
    <SharedContentDir>$([MSBuild]::GetDirectoryNameOfFileAbove($(MSBuildThisFileDirectory), LICENSE))\Shared</SharedContentDir>
    <GameDir>$(SharedContentDir)\Game</GameDir>
  </PropertyGroup>
  <PropertyGroup Condition="'$(Configuration)|$(Platform)'=='Debug|x64'"><GameDir>Wrong</GameDir></PropertyGroup>
  <ItemDefinitionGroup><FxCompile><ShaderModel>5.0</ShaderModel></FxCompile></ItemDefinitionGroup>
  <ItemGroup>
    <FxCompile Include="$(GameDir)\PS.hlsl"><ShaderType>Pixel</ShaderType></FxCompile>
    <FxCompile Include="Local\VS.hlsl"><ShaderType>Vertex</ShaderType>
      <AdditionalIncludeDirectories>$(SharedContentDir)\Inc;$(VCInstallDir)\x;%(AdditionalIncludeDirectories)</AdditionalIncludeDirectories>
    </FxCompile>
  </ItemGroup>
</Project>
"""


@pytest.mark.backend_independent
def test_vcxproj_expands_msbuild_properties(tmp_path):
    """$(Name) from the project's PropertyGroups (a property through another, the applying configuration's),
    $(MSBuildThisFileDirectory), and $([MSBuild]::GetDirectoryNameOfFileAbove(dir, file)) — the nearest folder at
    or above dir holding file — as MSBuild evaluates them; a toolset property (here $(VCInstallDir)) is not known
    and its include folder is left out."""
    tree = _git_repo(tmp_path, {"LICENSE": "x", "Samples/Game/cpp/Game.vcxproj": PROPS_PROJECT})
    jobs = rc.vcxproj_jobs(tree, "Samples/Game/cpp/Game.vcxproj")
    assert [(j.path, j.target, j.include_dirs) for j in jobs] == [
        ("Shared/Game/PS.hlsl", "ps_5_0", ()),
        ("Samples/Game/cpp/Local/VS.hlsl", "vs_5_0", ("Shared/Inc",)),
    ]


CPP = r"""
void Build(AMD::ShaderCache& cache)
{
    AMD::ShaderCache::Macro m[1];
    cache.AddShader( (ID3D11DeviceChild**)&m_pVS, AMD::ShaderCache::SHADER_TYPE_VERTEX, L"vs_5_0", L"MainVS",
        L"Scene.hlsl", 0, NULL, &m_pLayout, Layout, ARRAYSIZE( Layout ) );
    for( int i = 0; i < 2; i++ ) {
        m[0].m_iValue = i;
        cache.AddShader( (ID3D11DeviceChild**)&m_pPS[i], AMD::ShaderCache::SHADER_TYPE_PIXEL, L"ps_5_0", L"MainPS",
            L"Scene.hlsl", 1, m, NULL, NULL, 0 );
    }
    // cache.AddShader( (ID3D11DeviceChild**)&m_pOld, AMD::ShaderCache::SHADER_TYPE_PIXEL, L"ps_5_0", L"Old", L"Old.hlsl",
    /* cache.AddShader( (ID3D11DeviceChild**)&m_pOlder, AMD::ShaderCache::SHADER_TYPE_PIXEL, L"ps_5_0", L"X", L"X.hlsl", */
    D3DCompileFromFile( L"..\\src\\Shaders\\Sort.hlsl", defs, nullptr, "SortCS", "cs_5_0", 0, 0, &blob, &err );
}
"""
CALLS = (amd.CacheCall("m_pVS", "vs_5_0", "MainVS", "Scene.hlsl"),
         amd.CacheCall("m_pPS", "ps_5_0", "MainPS", "Scene.hlsl", amd._sets("ALPHA", values=[(0,), (1,)])))


@pytest.mark.backend_independent
def test_shader_cache_table_checked_against_the_cpp(tmp_path):
    tree = _git_repo(tmp_path, {"s/src/Sample.cpp": CPP})
    sample = amd.CacheSample(r"^s/src/[^/]+\.cpp$", "s/src/Shaders", CALLS,
                             direct=(("Sort.hlsl", "SortCS", "cs_5_0", (("SORT_SIZE", "512"),)),))
    jobs = amd.shader_cache_jobs(tree, sample)
    assert [(j.path, j.entry, j.target, j.defines, j.flags) for j in jobs] == [
        ("s/src/Shaders/Scene.hlsl", "MainVS", "vs_5_0", (), 0),
        ("s/src/Shaders/Scene.hlsl", "MainPS", "ps_5_0", (("ALPHA", "0"),), 0),
        ("s/src/Shaders/Scene.hlsl", "MainPS", "ps_5_0", (("ALPHA", "1"),), 0),
        ("s/src/Shaders/Sort.hlsl", "SortCS", "cs_5_0", (("SORT_SIZE", "512"),), 0),
    ]
    # a row missing, a row the C++ does not have, or a direct compile the table lacks: refused
    with pytest.raises(ValueError, match="not in the table"):
        amd.shader_cache_jobs(tree, amd.CacheSample(sample.sources, sample.shaders, CALLS[:1], direct=sample.direct))
    wrong = amd.CacheCall("m_pVS", "vs_4_0", "MainVS", "Scene.hlsl")
    with pytest.raises(ValueError, match="not in the C"):
        amd.shader_cache_jobs(tree, amd.CacheSample(sample.sources, sample.shaders, (wrong, CALLS[1]),
                                                    direct=sample.direct))
    with pytest.raises(ValueError, match="D3DCompileFromFile"):
        amd.shader_cache_jobs(tree, amd.CacheSample(sample.sources, sample.shaders, CALLS))


# --- the corpora (skipped without the mirrors) -------------------------------------------------------------------
#: corpus -> its job count (every compile its build or its C++ makes; see docs/conformance.md, session 24 GPU)
COUNTS = {"forwardplus11": 29, "tiledlighting11": 124, "gpuparticles11": 57, "shadowfx": 1008, "geometryfx": 23,
          "depthoffieldfx": 27, "tressfx31": 51, "miniengine": 142, "d3d12samples": 40, "dxtk12": 198,
          "faceworks": 15, "hbaoplus": 44, "uwp": 80}
SAMPLE = 6  #: jobs compiled per corpus in the test (evenly spread); tools/real_corpora runs them all
#: ShadowFX's filtering permutations are its largest shaders (seconds each): fewer of them here
SAMPLES = {"shadowfx": 3}


def _corpus(name: str) -> tuple[rc.GitTree, list[rc.Job]]:
    corpus = rc.CORPORA[name]
    tree = rc.GitTree(rc.git_dir(MIRROR, corpus.repo), corpus.rev)
    if not tree.exists():
        pytest.skip(f"no mirror of {corpus.repo} under {MIRROR}")
    return rc.corpus_jobs(corpus, MIRROR)


@pytest.mark.backend_independent
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_corpus_jobs_found(name):
    assert len(_corpus(name)[1]) == COUNTS[name]


@pytest.mark.backend_independent
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_representative_corpus_jobs_compile(name):
    tree, jobs = _corpus(name)
    n = SAMPLES.get(name, SAMPLE)
    step = max(1, len(jobs) // n)
    picked = jobs[::step][:n]
    failures = [(j.name(), err) for j in picked if (err := rc.compile_job(tree, j))]
    assert failures == []
