"""AMD GPUOpen Direct3D 11 corpora for :mod:`pyd3d11.tools.real_corpora` (``--corpus forwardplus11`` etc.).

Two kinds of build, each read from the repository at run time:

- **fxc batch files** (:func:`batch_jobs`): the GPUOpen-Effects libraries (ShadowFX, GeometryFX, TressFX 3.1, and
  their shared ``amd_lib``) build their shaders with ``fxc_compile_*.bat`` scripts whose outputs (``/Fh`` headers)
  are committed and ``#include``d by the library's C++. A script is run as cmd.exe runs it from its own folder:
  ``SET NAME=value`` stores the expanded value (a later ``SET`` of the same name replaces it), every other line has
  its ``%NAME%`` references expanded, and a line whose first word is ``fxc``/``fxc.exe`` (any folder; quoted or
  not) is an fxc command line, parsed by :func:`pyd3d11.tools.fxc.parse_args`. A ``/P`` line only preprocesses
  and compiles nothing; lines starting with ``@``, ``echo``, ``rem``, ``cd``, ``if``, ``pause`` run no compiler.
- **AMD::ShaderCache** (:data:`SHADER_CACHE`): the GPUOpen-LibrariesAndSDKs samples (and the GPUOpen-Effects
  libraries' sample programs) compile at run time through AMD_SDK's ``ShaderCache::AddShader(ppShader, type,
  target, entry, file, numMacros, macros, …)``, which runs ``fxc /T target /O1 /E entry /D NAME=value … file`` on
  the file in the sample's ``src/Shaders`` folder (ShaderCache.cpp, the Release build: ``/O1``, no other flag).
  The macro values are set in the C++ around each call, often in loops; they are read by hand into a table of
  :class:`CacheCall` rows, one per ``AddShader`` call site (named by the shader pointer it fills), every value the
  loop gives a job. :func:`shader_cache_jobs` checks the table against the C++: every ``AddShader`` call site
  must have its row with the same target, entry point and file, so a sample whose C++ changes fails loudly.
  AMD_SDK's own Sprite shaders are compiled by ``AMD::CompileShaderFromFile`` (``D3DCompileFromFile`` with flags
  0, vs_4_0/ps_4_0) for the HUD every sample draws: they are jobs of each ``*_sdk`` row set.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

from pyd3d11.tools.fxc import parse_args, split_response
from pyd3d11.tools.real_corpora import GitTree, Job, expand_names, normpath

_SET = re.compile(r"^\s*set\s+([^=\s]+)=(.*)$", re.I)
_NO_COMPILER = ("@", "echo", "rem", "::", "cd", "if", "pause", "goto", "exit", "setlocal", "endlocal")


def batch_jobs(tree: GitTree, script: str) -> list[Job]:
    """Every fxc compile of one sequential batch file (see the module docstring), in the script's order."""
    raw = tree.read(script)
    if raw is None:
        raise FileNotFoundError(script)
    folder = str(PurePosixPath(script).parent)
    env: dict[str, str] = {}
    jobs: list[Job] = []
    for line in raw.decode("utf-8", "replace").splitlines():
        m = _SET.match(line)
        if m:
            env[m.group(1).upper()] = expand_names(m.group(2).strip(), env)
            continue
        stripped = line.strip()
        if not stripped or stripped.lower().startswith(_NO_COMPILER):
            continue
        argv = split_response(expand_names(stripped, env))
        if not argv or argv[0].replace("\\", "/").rsplit("/", 1)[-1].lower() not in ("fxc", "fxc.exe"):
            continue
        if any(a in ("/P", "-P") for a in argv[1:]):
            continue  # preprocess only
        opts = parse_args(argv[1:])
        dirs = tuple(normpath(f"{folder}/{d}") for d in opts["I"])
        jobs.append(Job(normpath(f"{folder}/{opts['file']}"), opts["E"], opts["T"], tuple(opts["D"]),
                        opts["flags"], include_dirs=dirs))
    return jobs


# --- AMD::ShaderCache samples ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class CacheCall:
    """One ``AddShader`` call site and every macro set the C++ around it passes."""

    var: str  #: the shader pointer the call fills (``&m_pLightCullCS[...]`` → ``m_pLightCullCS``)
    target: str
    entry: str
    file: str  #: in the sample's shader folder
    defines: tuple[tuple[tuple[str, str], ...], ...] = ((),)


def _sets(*names: str, values: Iterator[tuple[int, ...]] | list[tuple[int, ...]]) -> tuple:
    return tuple(tuple((n, str(v)) for n, v in zip(names, vals, strict=True)) for vals in values)


def _grid(*sizes: list[int]) -> list[tuple[int, ...]]:
    """Nested C++ loops, the outer first."""
    out: list[tuple[int, ...]] = [()]
    for values in sizes:
        out = [o + (v,) for o in out for v in values]
    return out


MSAA = [1, 2, 4]  #: g_nMSAASampleCount of ForwardPlus11 and TiledLighting11 (NUM_MSAA_SETTINGS 3)

_FORWARDPLUS11 = (
    CacheCall("g_pScenePositionOnlyVS", "vs_5_0", "RenderScenePositionOnlyVS", "ForwardPlus11.hlsl"),
    CacheCall("g_pScenePositionAndTexVS", "vs_5_0", "RenderScenePositionAndTexVS", "ForwardPlus11.hlsl"),
    CacheCall("g_pSceneVS", "vs_5_0", "RenderSceneVS", "ForwardPlus11.hlsl"),
    # USE_ALPHA_TEST, USE_LIGHT_CULLING: (0,1) (1,1) (0,0) (1,0), one call each
    CacheCall("g_pScenePS", "ps_5_0", "RenderScenePS", "ForwardPlus11.hlsl",
              _sets("USE_ALPHA_TEST", "USE_LIGHT_CULLING", values=[(0, 1)])),
    CacheCall("g_pScenePSAlphaTest", "ps_5_0", "RenderScenePS", "ForwardPlus11.hlsl",
              _sets("USE_ALPHA_TEST", "USE_LIGHT_CULLING", values=[(1, 1)])),
    CacheCall("g_pScenePSNoCull", "ps_5_0", "RenderScenePS", "ForwardPlus11.hlsl",
              _sets("USE_ALPHA_TEST", "USE_LIGHT_CULLING", values=[(0, 0)])),
    CacheCall("g_pScenePSNoCullAlphaTest", "ps_5_0", "RenderScenePS", "ForwardPlus11.hlsl",
              _sets("USE_ALPHA_TEST", "USE_LIGHT_CULLING", values=[(1, 0)])),
    CacheCall("g_pScenePSAlphaTestOnly", "ps_5_0", "RenderSceneAlphaTestOnlyPS", "ForwardPlus11.hlsl"),
    CacheCall("g_pDebugDrawNumLightsPerTileRadarColorsPS", "ps_5_0", "DebugDrawNumLightsPerTileRadarColorsPS",
              "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("g_pDebugDrawNumLightsPerTileGrayscalePS", "ps_5_0", "DebugDrawNumLightsPerTileGrayscalePS",
              "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("g_pLightCullCS", "cs_5_0", "CullLightsCS", "ForwardPlus11Tiling.hlsl",
              _sets("USE_DEPTH_BOUNDS", values=[(1,)])),
    CacheCall("g_pLightCullCSMSAA", "cs_5_0", "CullLightsCS", "ForwardPlus11Tiling.hlsl",
              _sets("USE_DEPTH_BOUNDS", values=[(2,)])),
    CacheCall("g_pLightCullCSNoDepth", "cs_5_0", "CullLightsCS", "ForwardPlus11Tiling.hlsl",
              _sets("USE_DEPTH_BOUNDS", values=[(0,)])),
    # ForwardPlusUtil.cpp
    CacheCall("m_pDebugDrawPointLightsVS", "vs_5_0", "DebugDrawPointLightsVS", "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawPointLightsPS", "ps_5_0", "DebugDrawPointLightsPS", "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawSpotLightsVS", "vs_5_0", "DebugDrawSpotLightsVS", "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawSpotLightsPS", "ps_5_0", "DebugDrawSpotLightsPS", "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileVS", "vs_5_0", "DebugDrawLegendForNumLightsPerTileVS",
              "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileGrayscalePS", "ps_5_0",
              "DebugDrawLegendForNumLightsPerTileGrayscalePS", "ForwardPlus11DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileRadarColorsPS", "ps_5_0",
              "DebugDrawLegendForNumLightsPerTileRadarColorsPS", "ForwardPlus11DebugDraw.hlsl"),
)

_TILED_LIGHTING11 = (
    # CommonUtil.cpp
    CacheCall("m_pSceneBlendedVS", "vs_5_0", "RenderBlendedVS", "Transparency.hlsl"),
    CacheCall("m_pSceneBlendedDepthVS", "vs_5_0", "RenderBlendedDepthVS", "Transparency.hlsl"),
    CacheCall("m_pSceneBlendedPS", "ps_5_0", "RenderBlendedPS", "Transparency.hlsl",
              _sets("SHADOWS_ENABLED", values=[(0,)])),
    CacheCall("m_pSceneBlendedPSShadows", "ps_5_0", "RenderBlendedPS", "Transparency.hlsl",
              _sets("SHADOWS_ENABLED", values=[(1,)])),
    # macro array [VPLS_ENABLED, BLENDED_PASS]: (0, 0) twice, (1, 0) twice, (1, 1) twice
    *(CacheCall(var, "ps_5_0", f"DebugDrawNumLightsPerTile{kind}PS", "DebugDraw.hlsl",
                _sets("VPLS_ENABLED", "BLENDED_PASS", values=[vals]))
      for var, kind, vals in (
          ("m_pDebugDrawNumLightsPerTileRadarColorsPS", "RadarColors", (0, 0)),
          ("m_pDebugDrawNumLightsPerTileGrayscalePS", "Grayscale", (0, 0)),
          ("m_pDebugDrawNumLightsAndVPLsPerTileRadarColorsPS", "RadarColors", (1, 0)),
          ("m_pDebugDrawNumLightsAndVPLsPerTileGrayscalePS", "Grayscale", (1, 0)),
          ("m_pDebugDrawNumLightsPerTileForTransparencyWithVPLsEnabledRadarColorsPS", "RadarColors", (1, 1)),
          ("m_pDebugDrawNumLightsPerTileForTransparencyWithVPLsEnabledGrayscalePS", "Grayscale", (1, 1)))),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileVS", "vs_5_0", "DebugDrawLegendForNumLightsPerTileVS",
              "DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileRadarColorsPS", "ps_5_0",
              "DebugDrawLegendForNumLightsPerTileRadarColorsPS", "DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawLegendForNumLightsPerTileGrayscalePS", "ps_5_0",
              "DebugDrawLegendForNumLightsPerTileGrayscalePS", "DebugDraw.hlsl"),
    CacheCall("m_pFullScreenVS", "vs_5_0", "FullScreenQuadVS", "Common.hlsl"),
    CacheCall("m_pFullScreenPS", "ps_5_0", "FullScreenBlitPS", "Common.hlsl",
              _sets("NUM_MSAA_SAMPLES", values=_grid(MSAA))),
    CacheCall("m_pLightCullCSForBlendedObjects", "cs_5_0", "CullLightsCS", "TilingForward.hlsl",
              _sets("TILED_CULLING_COMPUTE_SHADER_MODE", "NUM_MSAA_SAMPLES", values=_grid([4], MSAA))),
    # ForwardPlusUtil.cpp
    CacheCall("m_pScenePositionOnlyVS", "vs_5_0", "RenderScenePositionOnlyVS", "Forward.hlsl"),
    CacheCall("m_pScenePositionAndTexVS", "vs_5_0", "RenderScenePositionAndTexVS", "Forward.hlsl"),
    CacheCall("m_pSceneForwardVS", "vs_5_0", "RenderSceneForwardVS", "Forward.hlsl"),
    CacheCall("m_pSceneAlphaTestOnlyPS", "ps_5_0", "RenderSceneAlphaTestOnlyPS", "Forward.hlsl"),
    CacheCall("m_pSceneForwardPS", "ps_5_0", "RenderSceneForwardPS", "Forward.hlsl",
              _sets("USE_ALPHA_TEST", "SHADOWS_ENABLED", "VPLS_ENABLED", values=_grid([0, 1], [0, 1], [0, 1]))),
    CacheCall("m_pLightCullCS", "cs_5_0", "CullLightsCS", "TilingForward.hlsl",
              _sets("TILED_CULLING_COMPUTE_SHADER_MODE", "NUM_MSAA_SAMPLES", values=_grid([0, 1], MSAA))),
    # LightUtil.cpp
    CacheCall("m_pDebugDrawPointLightsVS", "vs_5_0", "DebugDrawPointLightsVS", "DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawPointLightsPS", "ps_5_0", "DebugDrawPointLightsPS", "DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawSpotLightsVS", "vs_5_0", "DebugDrawSpotLightsVS", "DebugDraw.hlsl"),
    CacheCall("m_pDebugDrawSpotLightsPS", "ps_5_0", "DebugDrawSpotLightsPS", "DebugDraw.hlsl"),
    # RSMRenderer.cpp
    CacheCall("m_pRSMVS", "vs_5_0", "RSMVS", "RSM.hlsl"),
    CacheCall("m_pRSMPS", "ps_5_0", "RSMPS", "RSM.hlsl"),
    CacheCall("m_pGenerateSpotVPLsCS", "cs_5_0", "GenerateVPLsCS", "GenerateVPLs.hlsl",
              _sets("SPOT_LIGHTS", values=[(1,)])),
    CacheCall("m_pGeneratePointVPLsCS", "cs_5_0", "GenerateVPLsCS", "GenerateVPLs.hlsl",
              _sets("SPOT_LIGHTS", values=[(0,)])),
    # TiledDeferredUtil.cpp (MAX_NUM_GBUFFER_RENDER_TARGETS 5: NUM_GBUFFER_RTS runs 2..5)
    CacheCall("m_pSceneDeferredBuildGBufferVS", "vs_5_0", "RenderSceneToGBufferVS", "Deferred.hlsl"),
    CacheCall("m_pSceneDeferredBuildGBufferPS", "ps_5_0", "RenderSceneToGBufferPS", "Deferred.hlsl",
              _sets("USE_ALPHA_TEST", "NUM_GBUFFER_RTS", values=_grid([0, 1], [2, 3, 4, 5]))),
    CacheCall("m_pLightCullAndShadeCS", "cs_5_0", "CullLightsAndDoLightingCS", "TilingDeferred.hlsl",
              _sets("TILED_CULLING_COMPUTE_SHADER_MODE", "SHADOWS_ENABLED", "NUM_MSAA_SAMPLES", "NUM_GBUFFER_RTS",
                    "LIGHTS_PER_TILE_MODE", values=_grid([2, 3], [0, 1], MSAA, [2, 3, 4, 5], [0]))),
    CacheCall("m_pDebugDrawNumLightsPerTileCS", "cs_5_0", "CullLightsAndDoLightingCS", "TilingDeferred.hlsl",
              _sets("TILED_CULLING_COMPUTE_SHADER_MODE", "SHADOWS_ENABLED", "NUM_MSAA_SAMPLES", "NUM_GBUFFER_RTS",
                    "LIGHTS_PER_TILE_MODE",
                    values=[(m, 0, s, 2, lp) for m, lp, s in _grid([2, 3], [1, 2], MSAA)])),
)


def _gpu_particles11() -> tuple[CacheCall, ...]:
    """GPUParticleSystem.cpp's AddShader calls, run as the C++ runs them: one ``Macro defines[32]`` array, zeroed
    once, whose slots are renamed per permutation while their values stay what an earlier permutation stored (the
    STREAKS / USE_GEOMETRY_SHADER / CHEAP / NOLIGHTING / CULLMAXZ / USE_VIEW_FRUSTUM_PLANES / COARSE_CULLING_ENABLED
    names get no value of their own: 0, or a tile count left in that slot), then GPUParticles11.cpp's scene
    shaders. Enums: StreaksOn 0 of 2, UseGS 1 of 2, NoLighting/CheapLighting/FullLighting 0/1/2, CullMaxZ 0 of 2,
    FrustumCull 0 of 2, four coarse-culling modes with g_NumCoarseTiles {0,0} {4,2} {8,8} {16,8}."""
    slots = [["", 0] for _ in range(32)]
    calls: dict[str, list[tuple[tuple[str, str], ...]]] = {}
    order: list[tuple[str, str, str, str]] = []

    def add(var: str, target: str, entry: str, file: str, n: int = 0) -> None:
        if var not in calls:
            calls[var] = []
            order.append((var, target, entry, file))
        calls[var].append(tuple((slots[k][0], str(slots[k][1])) for k in range(n)))

    def name(k: int, text: str, value: int | None = None) -> int:
        slots[k][0] = text
        if value is not None:
            slots[k][1] = value
        return k + 1

    tiles = [(0, 0), (4, 2), (8, 8), (16, 8)]
    add("m_pCSInitDeadList", "cs_5_0", "CS_InitDeadList", "InitDeadList.hlsl")
    add("m_pCSEmit", "cs_5_0", "CS_Emit", "ParticleEmit.hlsl")
    for i in range(2):  # StreakMode
        for j in range(2):  # BillboardMode
            n = name(0, "STREAKS") if i == 0 else 0
            n = name(n, "USE_GEOMETRY_SHADER") if j == 1 else n
            add("m_pVS", "vs_5_0", "VS_StructuredBuffer", "ParticleRender.hlsl", n)
    for i in range(2):
        n = name(0, "USE_GEOMETRY_SHADER") if i == 1 else 0
        add("m_pCSSimulate", "cs_5_0", "CS_Simulate", "ParticleSimulation.hlsl", n)
    add("m_pCSResetParticles", "cs_5_0", "CS_Reset", "ParticleSimulation.hlsl")
    for i in range(2):
        n = name(0, "STREAKS") if i == 0 else 0
        n = name(n, "USE_GEOMETRY_SHADER")
        add("m_pGS", "gs_5_0", "GS", "ParticleRender.hlsl", n)
        n -= 1
        add("m_pRasterizedPS", "ps_5_0", "PS_Billboard", "ParticleRender.hlsl", n)
        n = name(n, "CHEAP")
        add("m_pRasterizedPS", "ps_5_0", "PS_Billboard", "ParticleRender.hlsl", n)
        name(n - 1, "NOLIGHTING")
        add("m_pRasterizedPS", "ps_5_0", "PS_Billboard", "ParticleRender.hlsl", n)
    for j in range(3):  # QualityMode
        for sl in range(2):
            n = name(0, "CHEAP") if j == 1 else name(0, "NOLIGHTING") if j == 0 else 0
            n = name(n, "STREAKS") if sl == 0 else n
            add("m_pTiledRenderingCS", "cs_5_0", "FrontToBack", "TiledRendering.hlsl", n)
    for k in range(2):  # ZCullingMode
        for sl in range(2):  # CullingMode
            for i in range(2):
                n = name(0, "CULLMAXZ") if k == 0 else 0
                n = name(n, "USE_VIEW_FRUSTUM_PLANES") if sl == 0 else n
                if i == 1:
                    tx, ty = tiles[i]
                    n = name(n, "COARSE_CULLING_ENABLED")
                    n = name(n, "NUM_COARSE_CULLING_TILES_X", tx)
                    n = name(n, "NUM_COARSE_CULLING_TILES_Y", ty)
                    n = name(n, "NUM_COARSE_TILES", tx * ty)
                add("m_pCullingCS", "cs_5_0", "Culling", "CullingCS.hlsl", n)
    add("m_pTileComplexityCS", "cs_5_0", "Overdraw", "TiledRendering.hlsl")
    for i in range(1, 4):
        tx, ty = tiles[i]
        n = name(0, "NUM_COARSE_CULLING_TILES_X", tx)
        n = name(n, "NUM_COARSE_CULLING_TILES_Y", ty)
        n = name(n, "NUM_COARSE_TILES", tx * ty)
        add("m_pCoarseCullingCS", "cs_5_0", "CoarseCulling", "CoarseCullingCS.hlsl", n)
    add("m_pQuadVS", "vs_5_0", "QuadVS", "ParticleRenderQuad.hlsl")
    add("m_pQuadPS", "ps_5_0", "QuadPS", "ParticleRenderQuad.hlsl")
    out = [CacheCall(v, t, e, f, tuple(calls[v])) for v, t, e, f in order]
    out += [CacheCall(v, t, e, f) for v, t, e, f in (
        ("g_pTerrainVS", "vs_5_0", "TerrainVS", "Terrain.hlsl"), ("g_pTerrainPS", "ps_5_0", "TerrainPS", "Terrain.hlsl"),
        ("g_pTankVS", "vs_5_0", "VS_RenderScene", "RenderScene.hlsl"),
        ("g_pTankPS", "ps_5_0", "PS_RenderScene", "RenderScene.hlsl"),
        ("g_pSkyPS", "ps_5_0", "PS_Sky", "RenderScene.hlsl"), ("g_pQuadVS", "vs_5_0", "FSQuadVS", "FullscreenQuad.hlsl"),
        ("g_pQuadPS", "ps_5_0", "FSQuadPS", "FullscreenQuad.hlsl"))]
    return tuple(out)


@dataclass(frozen=True)
class CacheSample:
    sources: str  #: regular expression over repository paths: the C++ files whose AddShader calls are the table
    shaders: str  #: the folder of the shader files (ShaderCache's ``..\src\Shaders`` of the sample)
    calls: tuple[CacheCall, ...]
    sdk: str | None = None  #: AMD_SDK's folder: its Sprite shaders (compiled for the HUD) are jobs too
    #: compiles the C++ makes itself: (file, entry, target, defines), checked against the calls ``direct_call``
    #: finds in the C++ (groups ``entry``, ``target`` or a ShaderType ``type``, and ``file`` where the call names
    #: the file by a literal)
    direct: tuple[tuple[str, str, str, tuple[tuple[str, str], ...]], ...] = ()
    direct_flags: int = 0  #: the D3DCOMPILE_* flags of those compiles
    direct_call: str = (r'D3DCompileFromFile\s*\(\s*L"[^"]*?(?P<file>[^"\\\\]+)"\s*,\s*\w+\s*,\s*\w+\s*,\s*'
                        r'"(?P<entry>\w+)"\s*,\s*"(?P<target>\w+)"\s*,\s*0\s*,')


#: AMD::CompileShaderFromFile(L"..\\src\\Shaders\\file", entry, target, &blob, defines): D3DCompileFromFile with
#: the standard include handler and flags 0 (AMD_SDK HelperFunctions.cpp)
AMD_COMPILE_FROM_FILE = (r'CompileShaderFromFile\s*\(\s*L"[^"]*?(?P<file>[^"\\\\]+)"\s*,\s*"(?P<entry>\w+)"\s*,\s*'
                         r'"(?P<target>\w+)"')
#: GeometryFX_Sample.cpp's CompileShader(device, &shader, "..\\src\\Shaders\\file", AMD::ShaderType::T, entry):
#: D3DCompile of the file's text with the standard include handler, flags 0, the target by its switch
GEOMETRYFX_COMPILE = (r'CompileShader\s*\(\s*DXUTGetD3D11Device\(\)\s*,[^,]+,\s*"[^"]*?(?P<file>[^"\\\\]+)"\s*,\s*'
                      r'AMD::ShaderType::(?P<type>\w+)\s*,\s*"(?P<entry>\w+)"')
_TYPE_TARGETS = {"Compute": "cs_5_0", "Geometry": "gs_5_0", "Pixel": "ps_5_0", "Hull": "hs_5_0", "Domain": "ds_5_0",
                 "Vertex": "vs_5_0"}


SHADER_CACHE: dict[str, CacheSample] = {
    "forwardplus11": CacheSample(r"^forwardplus11/src/[^/]+\.cpp$", "forwardplus11/src/Shaders", _FORWARDPLUS11,
                                 "amd_sdk"),
    "tiledlighting11": CacheSample(r"^tiledlighting11/src/[^/]+\.cpp$", "tiledlighting11/src/Shaders",
                                   _TILED_LIGHTING11, "amd_sdk"),
    # SortLib.cpp compiles its four bitonic-sort shaders itself, flags 0, SORT_SIZE 512 where it passes macros
    "gpuparticles11": CacheSample(r"^gpuparticles11/src/[^/]+\.cpp$", "gpuparticles11/src/Shaders",
                                  _gpu_particles11(), "amd_sdk", direct=(
                                      ("SortStepCS2.hlsl", "BitonicSortStep", "cs_5_0", ()),
                                      ("SortInnerCS.hlsl", "BitonicInnerSort", "cs_5_0", (("SORT_SIZE", "512"),)),
                                      ("SortCS.hlsl", "BitonicSortLDS", "cs_5_0", (("SORT_SIZE", "512"),)),
                                      ("InitSortArgsCS.hlsl", "InitDispatchArgs", "cs_5_0", ()))),
    # the GPUOpen-Effects libraries' sample programs (the libraries themselves: fxc batch files)
    "shadowfx_sample": CacheSample(r"^amd_shadowfx11_sample/src/[^/]+\.cpp$", "amd_shadowfx11_sample/src/Shaders", (),
                                   "framework/d3d11/amd_sdk", direct_call=AMD_COMPILE_FROM_FILE, direct=tuple(
                                       ("ShadowFX_Sample.hlsl", e, t, ()) for e, t in (
                                           ("VS_RenderScene", "vs_5_0"), ("PS_RenderShadowMap", "ps_5_0"),
                                           ("VS_RenderShadowMap", "vs_5_0"), ("PS_RenderShadowedScene", "ps_5_0"),
                                           ("PS_DepthPassScene", "ps_5_0"), ("PS_DepthAndNormalPassScene", "ps_5_0")))),
    "geometryfx_sample": CacheSample(r"^amd_geometryfx_sample/src/[^/]+\.cpp$", "amd_geometryfx_sample/src/Shaders",
                                     (), "framework/d3d11/amd_sdk", direct_call=GEOMETRYFX_COMPILE, direct=(
                                         ("GeometryFX_Sample.hlsl", "FullscreenVS", "vs_5_0", ()),
                                         ("GeometryFX_Sample.hlsl", "FullscreenPS", "ps_5_0", ()))),
    # TressFX 3.1.1's viewer: SceneRender.cpp (SHADOW_BLUR_RADIUS 6, SHADOW_BLUR_PRECISION 1 in SceneRender.h; the
    # fourth macro slot is renamed HORIZ -> VERT between the two blur passes); it also compiles two stream-out VS
    "tressfx31_viewer": CacheSample(r"^amd_tressfx_viewer/src/[^/]+\.cpp$", "amd_tressfx_viewer/src/Shaders", (
        *(CacheCall(v, "vs_5_0", e, "SceneRender.hlsl") for v, e in (
            ("m_pVSStreamOutVerts", "StreamOutVS"), ("m_pVSStreamOutSkinned", "SkinStreamOutVS"),
            ("m_pVSScene", "SceneVS"), ("m_pVSGenerateSceneSM", "VS_GenerateSceneSM"), ("m_pVSSkinning", "SkinningVS"),
            ("m_pVSGenerateSkinnedSM", "VS_GenerateSkinnedSM"), ("m_pVSScreenQuad", "VS_ScreenQuad"))),
        CacheCall("m_pPSRenderScene", "ps_5_0", "PS_RenderScene", "SceneRender.hlsl"),
        CacheCall("m_pPSRenderSceneShadow", "ps_5_0", "PS_RenderSceneShadow", "SceneRender.hlsl"),
        CacheCall("m_pHorizontalBlurPS", "ps_5_0", "PSFilterX", "GaussianFilter.hlsl",
                  _sets("GAUSSIAN_FILTER", "KERNEL_RADIUS", "USE_APPROXIMATE_FILTER", "HORIZ", values=[(1, 6, 1, 1)])),
        CacheCall("m_pVerticalBlurPS", "ps_5_0", "PSFilterY", "GaussianFilter.hlsl",
                  _sets("GAUSSIAN_FILTER", "KERNEL_RADIUS", "USE_APPROXIMATE_FILTER", "VERT", values=[(1, 6, 1, 1)]))),
        "framework/d3d11/amd_sdk", direct=(("SceneRender.hlsl", "SkinStreamOutVS", "vs_5_0", ()),
                                           ("SceneRender.hlsl", "StreamOutVS", "vs_5_0", ()))),
    # DepthOfFieldFX_Sample.cpp's CompileShader(file, entry, target): D3DCompileFromFile, no include handler,
    # D3DCOMPILE_DEBUG; the first two name the file through a local pFilename (DepthOfFieldFX_Sample.hlsl)
    "depthoffieldfx_sample": CacheSample(
        r"^amd_depthoffieldfx_sample/src/[^/]+\.cpp$", "amd_depthoffieldfx_sample/src/Shaders", (),
        "framework/d3d11/amd_sdk", direct_flags=0x1,
        direct_call=r'CompileShader\s*\(\s*(?:L"[^"]*?(?P<file>[^"\\\\]+)"|pFilename)\s*,\s*"(?P<entry>\w+)"\s*,\s*'
                    r'"(?P<target>\w+)"',
        direct=(("DepthOfFieldFX_Sample.hlsl", "VS_RenderModel", "vs_5_0", ()),
                ("DepthOfFieldFX_Sample.hlsl", "PS_RenderModel", "ps_5_0", ()),
                ("DepthOfFieldFX_CsCalcDOF.hlsl", "CalcDOF", "cs_5_0", ()),
                ("DepthOfFieldFX_CsCalcDOF.hlsl", "DebugVisDOF", "cs_5_0", ()))),
}

#: AMD_SDK Sprite.cpp: ``AMD::CompileShaderFromFile(L"..\\..\\AMD_SDK\\src\\Shaders\\Sprite.hlsl", entry, profile)``
SPRITE = (("VsSprite", "vs_4_0"), ("VsSpriteBorder", "vs_4_0"), ("PsSprite", "ps_4_0"), ("PsSpriteMS", "ps_4_0"),
          ("PsSpriteAsDepth", "ps_4_0"), ("PsSpriteAsDepthMS", "ps_4_0"), ("PsSpriteBorder", "ps_4_0"),
          ("PsSpriteUntextured", "ps_4_0"), ("PsSpriteVolume", "ps_4_0"))

_ADD_SHADER = re.compile(r"AddShader\s*\(\s*\(\s*ID3D11DeviceChild\s*\*\*\s*\)\s*&\s*(\w+)[^,]*,\s*[\w:]+\s*,\s*"
                         r'L"(\w+)"\s*,\s*L"(\w+)"\s*,\s*L"([^"]+)"')
def _code(text: str) -> str:
    """C++ text without its comments (a commented-out call compiles nothing)."""
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)


def cpp_calls(tree: GitTree, pattern: str, call: re.Pattern = _ADD_SHADER) -> list[tuple[str, ...]]:
    """The argument groups of every ``call`` (by default ``AddShader``: var, target, entry, file) in the C++ files
    matching ``pattern``, comments left out."""
    out = []
    for name in tree.names():
        if re.search(pattern, name):
            out.extend(call.findall(_code((tree.read(name) or b"").decode("latin-1"))))
    return out


def _direct_calls(tree: GitTree, sample: CacheSample) -> list[tuple[str, str, str]]:
    found = []
    for name in tree.names():
        if re.search(sample.sources, name):
            for m in re.finditer(sample.direct_call, _code((tree.read(name) or b"").decode("latin-1"))):
                g = m.groupdict()
                found.append((g.get("file") or "", g["entry"], g.get("target") or _TYPE_TARGETS[g["type"]]))
    return sorted(found)


def shader_cache_jobs(tree: GitTree, sample: CacheSample) -> list[Job]:
    """The compiles of one ShaderCache sample (see the module docstring); ValueError when the table and the
    sample's C++ disagree."""
    found = sorted(set(cpp_calls(tree, sample.sources)))
    table = sorted({(c.var, c.target, c.entry, c.file) for c in sample.calls})
    if found != table:
        missing = sorted(set(found) - set(table))
        extra = sorted(set(table) - set(found))
        raise ValueError(f"ShaderCache table differs from the C++: not in the table {missing}, not in the C++ {extra}")
    found_direct = _direct_calls(tree, sample)
    table_direct = sorted((f if (f, e, t) in found_direct else "", e, t) for f, e, t, _ in sample.direct)
    if found_direct != sorted(table_direct):
        raise ValueError(f"D3DCompileFromFile table differs from the C++: the C++ compiles {found_direct}")
    jobs = []
    for c in sample.calls:
        for defs in c.defines:
            jobs.append(Job(f"{sample.shaders}/{c.file}", c.entry, c.target, defs, 0))
    jobs.extend(Job(f"{sample.shaders}/{f}", e, t, d, sample.direct_flags) for f, e, t, d in sample.direct)
    if sample.sdk:
        sprite_cpp = _code((tree.read(f"{sample.sdk}/src/Sprite.cpp") or b"").decode("latin-1"))
        calls = [(m["entry"], m["target"]) for m in re.finditer(AMD_COMPILE_FROM_FILE, sprite_cpp)]
        if calls != list(SPRITE):
            raise ValueError(f"AMD_SDK Sprite.cpp compiles {calls}, the table says {SPRITE}")
        jobs.extend(Job(f"{sample.sdk}/src/Shaders/Sprite.hlsl", e, t, (), 0) for e, t in SPRITE)
    return jobs
