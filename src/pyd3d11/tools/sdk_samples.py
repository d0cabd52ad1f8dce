"""``python -m pyd3d11.tools.sdk_samples SAMPLES_DIR [-v]``

Compiles every shader entry point of Microsoft's DirectX SDK samples (the public repository
walbourn/directx-sdk-samples, fetched separately; never part of this repository) with our D3DCompile,
as the samples' C++ sources (D3DCompileFromFile / DXUTCompileFromFile calls with their defines, flags
and profiles) and BC6HBC7EncoderCS/Shaders/CompileShaders.cmd compile them. The samples'
``*_4_0_level_9_1`` compiles (BasicHLSL11, SimpleSample11, XAudio2Sound3D and the DXUT GUI shader embedded in
DXUTgui.cpp) are :func:`level9_jobs`.

The shader entry points named by the samples' effect files (``CompileShader( vs_4_0, F() )`` in a
technique) are compiled on their own as well, as ``fxc /T vs_4_0 /E F file.fx`` would, and each effect
file is compiled whole for ``fx_5_0`` (what D3DX11CompileEffectFromFile does).

Some of those stand-alone compiles are ones fxc refuses too (:data:`FXC_REFUSES`): an effect may name an entry
point whose uniform parameters only its technique supplies. Such a job passes when our compiler refuses it with
the same error; it is counted apart ("refused, as fxc").

Prints one line per failing compile and ``N/M compile``; the exit code is 1 when any fails (a
feature reported as not built, E_NOTIMPL, is counted apart).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pyd3d11.headers import d3dcompiler_types as D

STRICT = D.D3DCOMPILE_ENABLE_STRICTNESS
COMPAT = D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY


@dataclass(frozen=True)
class Job:
    path: str
    entry: str
    target: str
    defines: tuple[tuple[str, str], ...] = field(default=())
    flags: int = 0
    #: the error fxc gives for this compile (None: fxc compiles it)
    expect_error: str | None = None

    def name(self) -> str:
        d = ",".join(f"{k}={v}" for k, v in self.defines)
        return f"{self.path}:{self.entry}/{self.target}" + (f"[{d}]" if d else "")


def _simple(path: str, pairs: list[tuple[str, str]], flags: int = STRICT,
            defines: tuple[tuple[str, str], ...] = ()) -> list[Job]:
    return [Job(path, e, t, defines, flags) for e, t in pairs]


def jobs() -> Iterator[Job]:
    """Every compile the samples make (file paths relative to the samples' root)."""
    at = "AdaptiveTessellationCS40/"
    yield from _simple(at + "ScanCS.hlsl", [("CSScanInBucket", "cs_4_0"), ("CSScanBucketResult", "cs_4_0"),
                                            ("CSScanAddBucketResult", "cs_4_0")])
    for mode in ("D3D11_TESSELLATOR_PARTITIONING_INTEGER", "D3D11_TESSELLATOR_PARTITIONING_POW2",
                 "D3D11_TESSELLATOR_PARTITIONING_FRACTIONAL_ODD", "D3D11_TESSELLATOR_PARTITIONING_FRACTIONAL_EVEN"):
        d = (("g_partitioning", mode),)
        yield Job(at + "TessellatorCS40_NumVerticesIndicesCS.hlsl", "CSNumVerticesIndices", "cs_4_0", d, STRICT)
        yield Job(at + "TessellatorCS40_TessellateVerticesCS.hlsl", "CSTessellationVertices", "cs_4_0", d, STRICT)
        yield Job(at + "TessellatorCS40_TessellateIndicesCS.hlsl", "CSTessellationIndices", "cs_4_0", d, STRICT)
    yield Job(at + "TessellatorCS40_EdgeFactorCS.hlsl", "CSEdgeFactor", "cs_4_0", (), STRICT)
    yield Job(at + "TessellatorCS40_ScatterIDCS.hlsl", "CSScatterVertexTriIDIndexID", "cs_4_0", (), STRICT)
    yield Job(at + "TessellatorCS40_ScatterIDCS.hlsl", "CSScatterIndexTriIDIndexID", "cs_4_0", (), STRICT)
    yield from _simple(at + "Render.hlsl", [("RenderVS", "vs_4_0"), ("RenderBaseVS", "vs_4_0"), ("RenderPS", "ps_4_0")])
    # CompileShaders.cmd: /WX /Ges /Zpc, cs_5_0 and cs_4_0 with EMULATE_F16C
    bc = "BC6HBC7EncoderCS/Shaders/"
    bc_flags = STRICT | D.D3DCOMPILE_WARNINGS_ARE_ERRORS | D.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR
    for f, e in (("BC7Encode", "TryMode456CS"), ("BC7Encode", "TryMode137CS"), ("BC7Encode", "TryMode02CS"),
                 ("BC7Encode", "EncodeBlockCS"), ("BC6HEncode", "TryModeG10CS"), ("BC6HEncode", "TryModeLE10CS"),
                 ("BC6HEncode", "EncodeBlockCS")):
        yield Job(bc + f + ".hlsl", e, "cs_5_0", (), bc_flags)
        yield Job(bc + f + ".hlsl", e, "cs_4_0", (("EMULATE_F16C", "1"),), bc_flags)
    # BasicCompute11: cs_5_0 or cs_4_0 by feature level, USE_STRUCTURED_BUFFERS defined (TEST_DOUBLE optional)
    for t in ("cs_4_0", "cs_5_0"):
        yield Job("BasicCompute11/BasicCompute11.hlsl", "CSMain", t, (("USE_STRUCTURED_BUFFERS", "1"),), 0)
        yield Job("BasicCompute11/BasicCompute11.hlsl", "CSMain", t, (), 0)
    yield Job("BasicCompute11/BasicCompute11.hlsl", "CSMain", "cs_5_0",
              (("USE_STRUCTURED_BUFFERS", "1"), ("TEST_DOUBLE", "1")), 0)
    # CascadedShadowMaps11: 8 cascade counts x derivative x blend x interval
    cs = "CascadedShadowMaps11/"
    yield Job(cs + "RenderCascadeShadow.hlsl", "VSMain", "vs_4_0", (), STRICT)
    for c in range(1, 9):
        yield Job(cs + "RenderCascadeScene.hlsl", "VSMain", "vs_4_0", (
            ("CASCADE_COUNT_FLAG", str(c)), ("USE_DERIVATIVES_FOR_DEPTH_OFFSET_FLAG", "0"),
            ("BLEND_BETWEEN_CASCADE_LAYERS_FLAG", "0"), ("SELECT_CASCADE_BY_INTERVAL_FLAG", "0")), STRICT)
        for dv in "01":
            for b in "01":
                for i in "01":
                    yield Job(cs + "RenderCascadeScene.hlsl", "PSMain", "ps_4_0", (
                        ("CASCADE_COUNT_FLAG", str(c)), ("USE_DERIVATIVES_FOR_DEPTH_OFFSET_FLAG", dv),
                        ("BLEND_BETWEEN_CASCADE_LAYERS_FLAG", b), ("SELECT_CASCADE_BY_INTERVAL_FLAG", i)), STRICT)
    yield from _simple("ComputeShaderSort11/ComputeShaderSort11.hlsl",
                       [("BitonicSort", "cs_4_0"), ("MatrixTranspose", "cs_4_0")], flags=STRICT)
    for n in range(2, 8):
        p = f"Direct3D11Tutorials/Tutorial0{n}/Tutorial0{n}.fxh"
        yield from _simple(p, [("VS", "vs_4_0"), ("PS", "ps_4_0")] + ([("PSSolid", "ps_4_0")] if n == 6 else []))
    for n in (8, 9, 10):
        p = f"Direct3D11TutorialsDXUT/Tutorial{n:02d}/Tutorial{n:02d}.fx"
        yield from _simple(p, [("VS", "vs_4_0"), ("PS", "ps_4_0")])
    ds = "DynamicShaderLinkage11/"
    yield Job(ds + "DynamicShaderLinkage11_VS.hlsl", "VSMain", "vs_5_0", (), STRICT)
    yield Job(ds + "DynamicShaderLinkage11_PS.hlsl", "PSMain", "ps_5_0", (), STRICT)
    yield Job(ds + "DynamicShaderLinkage11_VS.hlsl", "VSMain", "vs_4_0", (("STATIC_PERMUTE", "1"),), COMPAT)
    yield Job(ds + "DynamicShaderLinkage11_PS.hlsl", "PSMain", "ps_4_0", (("STATIC_PERMUTE", "1"),), COMPAT)
    fl = "FluidCS11/"
    yield from _simple(fl + "FluidRender.hlsl", [("ParticleVS", "vs_4_0"), ("ParticleGS", "gs_4_0"),
                                                 ("ParticlePS", "ps_4_0")])
    for t in ("cs_4_0", "cs_5_0"):  # CSTarget follows the feature level
        yield from _simple(fl + "FluidCS11.hlsl", [(e, t) for e in (
            "IntegrateCS", "DensityCS_Simple", "ForceCS_Simple", "DensityCS_Shared", "ForceCS_Shared",
            "DensityCS_Grid", "ForceCS_Grid", "BuildGridCS", "ClearGridIndicesCS", "BuildGridIndicesCS",
            "RearrangeParticlesCS")])
        yield from _simple(fl + "ComputeShaderSort11.hlsl", [("BitonicSort", t), ("MatrixTranspose", t)])
    hd = "HDRToneMappingCS11/"
    yield from _simple(hd + "ReduceTo1DCS.hlsl", [("CSMain", "cs_4_0")])
    yield from _simple(hd + "ReduceToSingleCS.hlsl", [("CSMain", "cs_4_0")])
    yield from _simple(hd + "FinalPass.hlsl", [("PSFinalPass", "ps_4_0"), ("PSFinalPassForCPUReduction", "ps_4_0"),
                                               ("QuadVS", "vs_4_0")])
    yield from _simple(hd + "PSApproach.hlsl", [(e, "ps_4_0") for e in (
        "DownScale2x2_Lum", "DownScale3x3", "FinalPass", "DownScale3x3_BrightPass", "Bloom")])
    yield from _simple(hd + "BrightPassAndHorizFilterCS.hlsl", [("CSMain", "cs_4_0")])
    yield from _simple(hd + "FilterCS.hlsl", [("CSVerticalFilter", "cs_4_0"), ("CSHorizFilter", "cs_4_0")])
    yield from _simple(hd + "DumpToTexture.hlsl", [("PSDump", "ps_4_0")])
    yield from _simple(hd + "skybox11.hlsl", [("SkyboxVS", "vs_4_0"), ("SkyboxPS", "ps_4_0")])
    mt = "MultithreadedRendering11/"
    yield from _simple(mt + "MultithreadedRendering11_VS.hlsl", [("VSMain", "vs_4_0")])
    yield from _simple(mt + "MultithreadedRendering11_PS.hlsl", [("PSMain", "ps_4_0")])
    nb = "NBodyGravityCS11/"
    yield from _simple(nb + "ParticleDraw.hlsl", [("VSParticleDraw", "vs_4_0"), ("GSParticleDraw", "gs_4_0"),
                                                  ("PSParticleDraw", "ps_4_0")])
    yield from _simple(nb + "NBodyGravityCS11.hlsl", [("CSMain", "cs_4_0")])
    yield from _simple("OIT11/SceneVS.hlsl", [("SceneVS", "vs_5_0")])
    yield from _simple("OIT11/OIT_PS.hlsl", [("FragmentCountPS", "ps_5_0"), ("FillDeepBufferPS", "ps_5_0")])
    yield from _simple("OIT11/OIT_CS.hlsl", [("CreatePrefixSum_Pass0_CS", "cs_5_0"),
                                            ("CreatePrefixSum_Pass1_CS", "cs_5_0"), ("SortAndRenderCS", "cs_5_0")])
    sb = "SimpleBezier11/SimpleBezier11.hlsl"
    yield from _simple(sb, [("BezierVS", "vs_5_0"), ("BezierDS", "ds_5_0"), ("BezierPS", "ps_5_0"),
                            ("SolidColorPS", "ps_5_0")])
    for part in ('"integer"', '"fractional_even"', '"fractional_odd"'):
        yield Job(sb, "BezierHS", "hs_5_0", (("BEZIER_HS_PARTITION", part),), STRICT)
    yield from _simple("SubD11/SubD11.hlsl", [
        ("PatchSkinningVS", "vs_5_0"), ("MeshSkinningVS", "vs_5_0"), ("SubDToBezierHS", "hs_5_0"),
        ("SubDToBezierHS4444", "hs_5_0"), ("BezierEvalDS", "ds_5_0"), ("SmoothPS", "ps_5_0"),
        ("SolidColorPS", "ps_5_0")])
    vs = "VarianceShadows11/"
    yield from _simple(vs + "RenderVarianceShadow.hlsl", [("VSMain", "vs_4_0"), ("PSMain", "ps_4_0")])
    yield from _simple(vs + "2DQuadShaders.hlsl", [("VSMain", "vs_4_0")])
    for k in range(3, 3 + 2 * 7, 2):  # MAXIMUM_BLUR_LEVELS = 7 kernel sizes 3, 5, …, 15
        d = (("SEPERABLE_BLUR_KERNEL_SIZE", str(k)),)
        yield Job(vs + "2DQuadShaders.hlsl", "PSBlurX", "ps_4_0", d, STRICT)
        yield Job(vs + "2DQuadShaders.hlsl", "PSBlurY", "ps_4_0", d, STRICT)
    for c in range(1, 9):
        yield Job(vs + "RenderVarianceScene.hlsl", "VSMain", "vs_4_0", (
            ("CASCADE_COUNT_FLAG", str(c)), ("BLEND_BETWEEN_CASCADE_LAYERS_FLAG", "0"),
            ("SELECT_CASCADE_BY_INTERVAL_FLAG", "0")), STRICT)
        for b in "01":
            for i in "01":
                yield Job(vs + "RenderVarianceScene.hlsl", "PSMain", "ps_4_0", (
                    ("CASCADE_COUNT_FLAG", str(c)), ("BLEND_BETWEEN_CASCADE_LAYERS_FLAG", b),
                    ("SELECT_CASCADE_BY_INTERVAL_FLAG", i)), STRICT)


def level9_jobs() -> Iterator[Job]:
    """The samples' 4_0_level_9_1 compiles; ``#g_strUIEffectFile`` names the HLSL string DXUTgui.cpp embeds
    (compiled with D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, as DXUTgui.cpp does)."""
    yield Job("BasicHLSL11/BasicHLSL11_VS.hlsl", "VSMain", "vs_4_0_level_9_1", (), STRICT)
    yield Job("BasicHLSL11/BasicHLSL11_PS.hlsl", "PSMain", "ps_4_0_level_9_1", (), STRICT)
    yield from _simple("SimpleSample11/SimpleSample.hlsl", [("RenderSceneVS", "vs_4_0_level_9_1"),
                                                           ("RenderScenePS", "ps_4_0_level_9_1")])
    yield from _simple("XAudio2/XAudio2Sound3D/XAudio2Sound3D.fx", [("RenderSceneVS", "vs_4_0_level_9_1"),
                                                                   ("RenderScenePS", "ps_4_0_level_9_1")])
    for entry in ("VS", "PS", "PSUntex"):
        yield Job("DXUT/Optional/DXUTgui.cpp#g_strUIEffectFile", entry,
                  "vs_4_0_level_9_1" if entry == "VS" else "ps_4_0_level_9_1", (), COMPAT)


def embedded_source(root: Path, ref: str) -> str:
    """The C string ``NAME`` a ``file#NAME`` job names: the concatenated literals of ``CHAR NAME[] = …;``."""
    path, name = ref.split("#")
    text = (root / path).read_text(encoding="latin-1")
    m = re.search(r"CHAR\s+" + re.escape(name) + r"\[\]\s*=(.*?);\s*\n", text, re.S)
    if m is None:
        raise ValueError(f"{name} not found in {path}")
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))


#: the effect files' ``CompileShader( profile, Function( … ) )`` — each names an entry point that fxc
#: compiles on its own too (``fxc /T vs_4_0 /E Function file.fx`` ignores the technique blocks)
_COMPILE_SHADER = re.compile(r"CompileShader\s*\(\s*([a-z]s_[45]_[01])\s*,\s*([A-Za-z_]\w*)\s*\(")


#: Stand-alone compiles of effect entry points that fxc refuses, with the error it gives. DynamicShaderLinkageFX11's
#: PSMainUniform takes its lights and material as ``uniform iBaseLight``/``iBaseMaterial`` parameters: its
#: FeatureLevel10/10_1 techniques pass concrete class instances (static specialisation), but compiled alone for
#: ps_4_x nothing is bound, and shader model 4 has no dynamic linkage — "All of the pre-5.0 targets need static
#: specialization since they don't support late binding" (the .fx file's own comment). The expected error is fxc's
#: X3544 (MicrosoftDocs "HLSL errors and warnings": abstract interfaces not supported on the target; the message
#: wording is ours). For ps_5_0 the same entry compiles with the parameters as interface slots.
FXC_REFUSES: dict[tuple[str, str, str], str] = {
    ("DynamicShaderLinkageFX11/DynamicShaderLinkageFX11.fx", "PSMainUniform", "ps_4_0"):
        "X3544",
    ("DynamicShaderLinkageFX11/DynamicShaderLinkageFX11.fx", "PSMainUniform", "ps_4_1"):
        "X3544",
}


def effect_jobs(root: Path) -> Iterator[Job]:
    """The shader entry points named by the samples' effect files (``*.fx``), each at its profile."""
    seen: set[tuple[str, str, str]] = set()
    for fx in sorted(root.rglob("*.fx")):
        rel = fx.relative_to(root).as_posix()
        text = fx.read_text("utf-8", "replace")
        for m in _COMPILE_SHADER.finditer(text):
            key = (rel, m.group(2), m.group(1))
            if key not in seen:
                seen.add(key)
                yield Job(rel, m.group(2), m.group(1), (), STRICT, FXC_REFUSES.get(key))
        if re.search(r"\btechnique1[01]\b", text):  # Effects 10/11 files (technique is fx_2_0 syntax)
            yield Job(rel, "", "fx_5_0", (), STRICT)


def compile_job(root: Path, job: Job) -> str | None:
    """None when the job behaves as fxc does (compiles; or, for a job with ``expect_error``, is refused with that
    error), else the first lines of the error text (or the exception)."""
    err = _compile(root, job)
    if job.expect_error is None:
        return err
    if err is None:
        return f"compiled, but fxc refuses it: {job.expect_error}"
    return None if job.expect_error in err and not err.startswith(("CRASH", "NotSupportedError")) else err


def compile_outcome(compile_call) -> str | None:
    """Run ``compile_call(errors)`` (a D3DCompile* call given the error-message list): None when it succeeds,
    else the HRESULT error with its first 400 characters of compiler text, or ``CRASH …`` for any other
    exception — what the corpus tools (this one and tools/real_corpora) report per entry."""
    from pyd3d11.errors import D3D11Error

    errors: list = []
    try:
        compile_call(errors)
    except D3D11Error as e:
        text = str(getattr(e, "errors", "") or (errors[0] if errors else "") or e)
        return f"{type(e).__name__}: {text.strip()[:400]}"
    except Exception as e:  # noqa: BLE001 - a crash is what these tools exist to report
        return f"CRASH {type(e).__name__}: {e}"
    return None


def _compile(root: Path, job: Job) -> str | None:
    from pyd3d11.shader.compile_api import D3DCompile, D3DCompileFromFile

    if "#" in job.path:
        return compile_outcome(lambda errors: D3DCompile(
            embedded_source(root, job.path), None, "none", list(job.defines), None, job.entry, job.target,
            job.flags, 0, errors))
    return compile_outcome(lambda errors: D3DCompileFromFile(
        str(root / job.path), list(job.defines), D.D3D_COMPILE_STANDARD_FILE_INCLUDE, job.entry, job.target,
        job.flags, 0, errors))


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    root = Path(argv[0])
    verbose = "-v" in argv
    all_jobs = list(jobs()) + list(effect_jobs(root)) + list(level9_jobs())
    missing = sorted({j.path for j in all_jobs if not (root / j.path.split("#")[0]).is_file()})
    if missing:
        print("missing files:", ", ".join(missing))
        return 2
    failed = notimpl = 0
    refused = 0
    for job in all_jobs:
        err = compile_job(root, job)
        refused += bool(job.expect_error and err is None)
        if err and err.startswith("NotSupportedError"):
            notimpl += 1
            print(f"NOTIMPL {job.name()}: {err}")
        elif err:
            failed += 1
            print(f"FAIL {job.name()}: {err}")
        elif verbose:
            print(f"ok   {job.name()}")
    print(f"{len(all_jobs) - failed - notimpl}/{len(all_jobs)} as fxc ({refused} of them refused, as fxc refuses), "
          f"{notimpl} not built (E_NOTIMPL), {failed} fail")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
