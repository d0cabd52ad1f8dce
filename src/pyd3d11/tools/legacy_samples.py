"""``python -m pyd3d11.tools.legacy_samples [--mirror DIR] [--d3d9] [-v]``

Compiles the Direct3D 10 effect files of Microsoft's legacy DirectX SDK samples (the public repository
walbourn/directx-sdk-legacy-samples, read at run time from its git mirror; nothing of it is part of this
repository) as the samples' C++ builds them: each ``D3DX10CreateEffectFromFile`` call compiles an ``.fx`` file for
the ``fx_4_0`` / ``fx_4_1`` target its call names, with the ``D3D10_SHADER_ENABLE_STRICTNESS`` or
``_BACKWARDS_COMPATIBILITY`` flag its ``dwShaderFlags`` start from, and with the ``D3D10_SHADER_MACRO`` defines
the C++ passes — read by hand from the samples' sources into :data:`DEFINES` where the C++ fills them at run time
(``sprintf_s`` of a constant, a value chosen by the device's feature level or format support: every value the
program can choose is a job of its own).

Jobs are found in the sources: a C++ file that calls ``D3DX10CreateEffectFromFile`` names its effect files as
``L"name.fx"`` literals and its targets as ``"fx_4_x"`` literals; each named file is compiled for each target the
file names (a sample that picks ``fx_4_1`` on a 10.1 device names both). Effect pools (EffectPools10: child
effects) are not built (E_NOTIMPL) and counted apart.

``--d3d9`` compiles the Direct3D 9 samples' effects instead (:func:`d3d9_jobs`): every ``.fx`` file under
``Direct3D/`` for ``fx_2_0``, the target ``D3DXCreateEffectFromFile`` compiles for, with the ``D3DXSHADER_*`` flags
and ``D3DXMACRO`` defines the C++ passes (:data:`D3D9_DEFINES`, :data:`D3D9_FLAGS`, read by hand). The samples'
``dwShaderFlags`` start from ``D3DXFX_NOT_CLONEABLE``, an effect-creation flag that is no compiler flag; release
builds add no ``D3DXSHADER_DEBUG``.

Prints one line per failing compile and ``N/M as fxc``; exit code 1 when any fails.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import PurePosixPath

from pyd3d11.headers import d3dcompiler_types as D
from pyd3d11.tools.real_corpora import MIRROR, GitInclude, GitTree
from pyd3d11.tools.sdk_samples import compile_outcome

REPO = "walbourn+directx-sdk-legacy-samples"
ROOT = "Direct3D10"

#: (sample-relative .fx path, target) -> every define set the C++ can pass (read by hand from the samples)
_POINT_CUBE = [{"USE_POINT_CUBE_SAMPLING": "0"}, {"USE_POINT_CUBE_SAMPLING": "1"}]  # by format support
DEFINES: dict[tuple[str, str], list[dict[str, str]]] = {
    ("ContentStreaming/ContentStreaming.fx", "fx_4_0"): [{"D3D10": "TRUE"}],
    ("DDSWithoutD3DX/DDSWithoutD3DX.fx", "fx_4_0"): [{"D3D10": "1"}],
    ("MultiStreamRendering/MultiStreamRendering.fx", "fx_4_0"): [{"D3D10": "TRUE"}],
    # sprintf_s of the C++ constants MAX_FLASH_LIGHTS 8, MAX_INSTANCES 200 / NUM_SLIDERS 4 / MAX_POINTS 32,
    # PATCH_STRIDE 16 (SubDMesh.h)
    ("DeferredParticles/DeferredParticles.fx", "fx_4_0"): [{"MAX_GLOWLIGHTS": "8", "MAX_INSTANCES": "200"}],
    ("ProceduralMaterials/ProceduralMaterials.fx", "fx_4_0"): [{"NUM_SLIDERS": "4"}],
    ("SubD10/SubDtoBezier.fx", "fx_4_0"): [{"MAX_POINTS": "32", "PATCH_STRIDE": "16"}],
    ("SubD10/SubD10.fx", "fx_4_0"): [{"PATCH_STRIDE": "16"}],
    ("HDRFormats10/HDRFormats10.fx", "fx_4_0"): _POINT_CUBE,
    ("HDRFormats10/skybox10.fx", "fx_4_0"): _POINT_CUBE,
    ("SparseMorphTargets/lightprobe.fx", "fx_4_0"): _POINT_CUBE,
    ("SparseMorphTargets/SparseMorphTargets.fx", "fx_4_0"): _POINT_CUBE,
    # a 10.1 device: fx_4_1 with DX10_1_ENABLED (TransparencyAA adds its MSAA sample count), else fx_4_0 bare
    ("HDAO10.1/HDAO10.1.fx", "fx_4_1"): [{"DX10_1_ENABLED": "1"}],
    ("HDAO10.1/Sprite.fx", "fx_4_1"): [{"DX10_1_ENABLED": "1"}],
    ("TransparencyAA10.1/Sprite.fx", "fx_4_1"): [{"DX10_1_ENABLED": "1"}],
    ("TransparencyAA10.1/TransparencyAA10.1.fx", "fx_4_1"): [{"DX10_1_ENABLED": "1", "MSAA_SAMPLES": str(n)}
                                                             for n in (1, 2, 4, 8)],
}
#: files the samples build as effect pools or their children (D3DX10CreateEffectPoolFromFile): not built here
POOLS = ("EffectPools/",)

#: Direct3D 9: sample-relative .fx path -> every define set the C++ passes (read by hand from the samples)
_PRT = [{"NUM_CLUSTERS": "1", "NUM_PCA": "24"}]  # sprintf_s of the PRT options' defaults (PRTOptionsDlg.cpp)
D3D9_DEFINES: dict[str, list[dict[str, str]]] = {
    "PRTDemo/prt.fx": _PRT,
    "IrradianceVolume/PRT.fx": _PRT,
    # MultiAnimationLib.cpp: MATRIX_PALETTE_SIZE_DEFAULT 35 on a vs_2_0 device, no macros on a vs_1_1 one
    "MultiAnimation/MultiAnimation.fx": [{"MATRIX_PALETTE_SIZE_DEFAULT": "35"}, {}],
}
#: Direct3D 9: sample folder -> every compiler flag set its C++ passes (default: none)
D3D9_FLAGS: dict[str, list[int]] = {
    "StateManager": [D.D3DCOMPILE_NO_PRESHADER],  # renderables.cpp: D3DXSHADER_NO_PRESHADER
    "BasicHLSL": [0, D.D3DCOMPILE_NO_PRESHADER],  # the "Enable preshaders" check box
}
D3D9_ROOT = "Direct3D"

_CALL = "D3DX10CreateEffectFromFile"
_FX_NAME = re.compile(r'L"([^"%]+\.fx)"', re.I)
_TARGET = re.compile(r'"(fx_4_[01])"')


@dataclass(frozen=True)
class Job:
    path: str  #: repository path of the .fx file
    target: str
    defines: tuple[tuple[str, str], ...]
    flags: int

    def name(self) -> str:
        d = ",".join(f"{k}={v}" for k, v in self.defines)
        f = " /Op" if self.flags & D.D3DCOMPILE_NO_PRESHADER else ""
        return f"{self.path} {self.target}" + (f" /D {d}" if d else "") + f


def jobs(tree: GitTree) -> list[Job]:
    """Every compile the Direct3D 10 samples' C++ makes (see the module docstring), in path order."""
    fx_files = {n.lower(): n for n in tree.names() if n.startswith(ROOT + "/") and n.lower().endswith(".fx")}
    out: list[Job] = []
    for cpp in sorted(n for n in tree.names() if n.startswith(ROOT + "/") and n.endswith(".cpp")):
        text = (tree.read(cpp) or b"").decode("latin-1")
        if _CALL not in text:
            continue
        folder = PurePosixPath(cpp).parent
        flags = D.D3DCOMPILE_ENABLE_STRICTNESS if "D3D10_SHADER_ENABLE_STRICTNESS" in text else 0
        if "D3D10_SHADER_ENABLE_BACKWARDS_COMPATIBILITY" in text:
            flags |= D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
        targets = sorted(set(_TARGET.findall(text))) or ["fx_4_0"]
        for name in sorted(set(_FX_NAME.findall(text))):
            path = fx_files.get(str(folder / name).lower())
            if path is None:
                continue  # a D3D9 file of the same sample, or one DXUT finds in the media folder
            rel = path[len(ROOT) + 1:]
            for target in targets:
                for defs in DEFINES.get((rel, target), [{}]):
                    out.append(Job(path, target, tuple(sorted(defs.items())), flags))
    return out


def d3d9_jobs(tree: GitTree) -> list[Job]:
    """Every fx_2_0 compile of the Direct3D 9 samples (see the module docstring), in path order."""
    out: list[Job] = []
    for path in sorted(n for n in tree.names() if n.startswith(D3D9_ROOT + "/") and n.lower().endswith(".fx")):
        rel = path[len(D3D9_ROOT) + 1:]
        for flags in D3D9_FLAGS.get(rel.split("/")[0], [0]):
            for defs in D3D9_DEFINES.get(rel, [{}]):
                out.append(Job(path, "fx_2_0", tuple(sorted(defs.items())), flags))
    return out


def compile_job(tree: GitTree, job: Job) -> str | None:
    """None when the effect compiles, else the error (``CRASH …`` for an exception that is no HRESULT)."""
    from pyd3d11.shader.compile_api import D3DCompile

    src = tree.read(job.path)
    if src is None:
        return f"missing {job.path}"
    include = GitInclude(tree, job.path, ())  # the including file's folder first, as D3DX10's handler searches
    return compile_outcome(lambda errors: D3DCompile(src, len(src), job.path, list(job.defines), include, None,
                                                     job.target, job.flags, 0, errors))


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.legacy_samples")
    ap.add_argument("--mirror", default=str(MIRROR))
    ap.add_argument("--d3d9", action="store_true", help="the Direct3D 9 samples' effects (fx_2_0)")
    ap.add_argument("-v", action="store_true", help="list every job")
    args = ap.parse_args(argv)
    from pathlib import Path

    tree = GitTree(Path(args.mirror) / REPO / "repo")
    todo = d3d9_jobs(tree) if args.d3d9 else jobs(tree)
    ok = notimpl = 0
    for job in todo:
        err = compile_job(tree, job)
        if err is None:
            ok += 1
        elif err.startswith("NotSupportedError") and job.path.startswith(tuple(ROOT + "/" + p for p in POOLS)):
            notimpl += 1
        else:
            print(f"FAIL {job.name()}: {err}")
            continue
        if args.v:
            print(f"ok   {job.name()}")
    print(f"{ok}/{len(todo)} as fxc, {notimpl} not built (effect pools)")
    return 0 if ok + notimpl == len(todo) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
