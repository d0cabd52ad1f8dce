"""``python -m pyd3d11.tools.dxc_corpus [--repo DXC_GIT_DIR] [--out DIR] [-v] [-j N] [--timeout S] [files…]``

Compiles the HLSL test files of microsoft/DirectXShaderCompiler outside SemaHLSL (HLSLFileCheck,
CodeGenSPIRV, CodeGenHLSL, CodeGenDXIL, DXILValidation, HLSL, DXC, dxilconv's dxbc2dxil …; fetched
separately, never part of this repository) with our D3DCompile, as an SM 5.0 compiler must once the
shaders are retargeted: each file's ``RUN: %dxc`` lines give entry point (``-E``), profile (``-T``),
defines (``-D``) and flags (``-Zpr``/``-Zpc``/``-Gec``/``-Od``); dxilconv's sources carry the fxc command
line that built their ``.dxbc`` (``// FXC command line: fxc /T ps_5_0 …``) and are the corpus's direct
evidence of what fxc accepts.

What is skipped, and why (each marker names the feature and the page that gives it a shader model or
language version after SM 5.0 — :data:`SOURCE_MARKERS`, :data:`OPTION_MARKERS`): library targets
(``lib_*``: linking is not built and fxc's ``lib_5_0`` differs from DXIL libraries), mesh/amplification/
ray-tracing/node stages, SPIR-V-only syntax (``vk::``), HLSL 2021 (``-HV 2021``: templates, operator
overloads), 16-bit and 64-bit integer types, wave/quad intrinsics (SM 6.0), SM 6.x resource types and
methods, descriptor heaps (SM 6.6) …. Every other job is retargeted to ``<stage>_5_0`` (``--model 4_0``, ``4_1``
or ``5_1`` picks another shader model; hull and domain jobs have none below 5.0) and compiled.

Classes: ``compiled``; ``error`` (an fxc-style ``X####`` error, the code tallied); ``notimpl``
(NotSupportedError / E_NOTIMPL); ``crash`` (any other exception — always a bug); ``hang`` (over the time
limit — always a bug). Files whose RUN lines expect DXC to fail (``not %dxc``, ``-verify`` with
``expected-error``, ``CHECK: … error``) are tallied apart ("dxc expects an error"): a rejection there is no
finding, a crash still is.

``--real`` (session 35) puts Microsoft's own d3dcompiler_47.dll beside each job (run under Wine by
:mod:`pyd3d11.tools.wine_d3dcompiler`; needs ``$PYD3D11_D3DCOMPILER_DLL``): the same source, entry point,
defines and flags at the same ``<stage>_5_0`` target, and tallies the verdict differential (:func:`verdict_class`):
both compile; both reject with the same error number; both reject with different numbers; we reject what fxc
compiles; we compile what fxc rejects; not built here. ``--json FILE`` writes one record per job (ours and, with
``--real``, fxc's class, error number and first message) for triage. ``--fxc-cache FILE`` keeps fxc's answers
(by file, entry point, target, defines and flags) in a JSON file and reuses them: fxc's verdicts do not change with
our tree, so a re-measurement compiles only our side.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyd3d11.headers import d3dcompiler_types as D

DEFAULT_REPO = Path("/work/.mirror/microsoft+DirectXShaderCompiler/repo")
DEFAULT_OUT = Path("/tmp/dxc_corpus")
#: the trees extracted (SemaHLSL is tools/dxc_sema's, by fxc's own per-line verdicts)
TREES = ("tools/clang/test", "projects/dxilconv/test")
STAGES = ("vs", "ps", "gs", "hs", "ds", "cs")

_DOCS = "MicrosoftDocs/win32 desktop-src/direct3dhlsl/"
#: (regex over the source without comments, feature, where its shader model / language version is given)
SOURCE_MARKERS: tuple[tuple[str, str, str], ...] = (
    (r"\bWave(Get|Is|Active|Prefix|Read|Match|MultiPrefix)\w*\s*\(", "wave intrinsics (SM 6.0)",
     _DOCS + "hlsl-shader-model-6-0-features-for-direct3d-12.md"),
    (r"\bQuad(ReadAcross\w*|ReadLaneAt|Swap\w*|Any|All)\s*\(", "quad intrinsics (SM 6.0; QuadAny/All 6.7)",
     _DOCS + "hlsl-shader-model-6-0-features-for-direct3d-12.md"),
    (r"\b(u?int(16|32|64)_t|float(16|32|64)_t|u?int8_t\d*_packed)(\d(x\d)?)?\b", "explicit-width and packed "
     "types (DXC's int32_t/uint32_t; int64 SM 6.0, 16-bit SM 6.2, packed SM 6.6)",
     _DOCS + "hlsl-shader-model-6-2-features-for-direct3d-12.md"),
    (r"\.\s*(Load|Store)\s*<", "templated ByteAddressBuffer Load<T>/Store<T> (SM 6.2)",
     "DXC wiki ByteAddressBuffer-Load-Store-Additions"),
    (r"\bTextureBuffer\s*<", "TextureBuffer<T> (SM 5.1, like ConstantBuffer<T>)", _DOCS + "dx-graphics-hlsl-sm5-1.md"),
    (r"\bstruct\b[^{;]*\{[^}]*:\s*\d+\s*;", "bit fields (HLSL 2021)", "microsoft/hlsl-specs proposals 0002 (HLSL 2021)"),
    (r"\btemplate\s*<|\boperator\s*[^\s\w(]|\boperator\s*\(\)", "templates / operator overloading (HLSL 2021)",
     "microsoft/hlsl-specs proposals 0002 (HLSL 2021)"),
    (r"\b(RaytracingAccelerationStructure|TraceRay|RayDesc|ReportHit|CallShader|AcceptHitAndEndSearch|"
     r"IgnoreHit|RayQuery|BuiltInTriangleIntersectionAttributes|DispatchRaysIndex|HitObject|"
     r"RaytracingPipelineConfig\w*|TriangleHitGroup|ProceduralPrimitiveHitGroup|StateObjectConfig|"
     r"SubobjectToExportsAssociation|LocalRootSignature|GlobalRootSignature)\b",
     "DirectX ray tracing (SM 6.3/6.5)", _DOCS + "hlsl-shader-model-6-3-features-for-direct3d-12.md"),
    (r"\[\s*shader\s*\(", "library entry attribute [shader(...)] (SM 6.3 libraries)",
     _DOCS + "hlsl-shader-model-6-3-features-for-direct3d-12.md"),
    (r"\b(DispatchMesh|SetMeshOutputCounts|payload|vertices|indices|primitives)\b\s*(\(|[A-Za-z_<])",
     "mesh / amplification shaders (SM 6.5)", _DOCS + "hlsl-shader-model-6-5-features-for-direct3d-12.md"),
    (r"\bvk\s*::|\[\[\s*vk|\bspirv\b|\bSubpassInput\w*\b", "Vulkan / SPIR-V-only syntax", "DXC docs/SPIR-V.rst"),
    (r"\bdx\s*::|\b(ResourceDescriptorHeap|SamplerDescriptorHeap)\b", "dx:: namespace / descriptor heaps "
     "(SM 6.6)", _DOCS + "hlsl-shader-model-6-6-features-for-direct3d-12.md"),
    (r"\b(IsHelperLane|pack_(s|u|clamp)\w*|unpack_(s|u)\w*|InterlockedCompareStoreFloatBitwise|"
     r"InterlockedCompareExchangeFloatBitwise|GetAttributeAtVertex|dot4add_\w+|dot2add|"
     r"SampleCmpLevel|SampleCmpBias|SampleCmpGrad|WriteSamplerFeedback\w*|Barrier|"
     r"GetRemainingRecursionLevels|AllocateRayQuery|CalculateLevelOfDetailUnclamped_disabled)\s*\(",
     "SM 6.1–6.8 intrinsics and methods", _DOCS + "hlsl-shader-model-6-6-features-for-direct3d-12.md"),
    (r"\b(FeedbackTexture2D\w*|RWTexture2DMS\w*|Node(Input|Output)\w*|\w+NodeInputRecord|"
     r"\w+NodeOutputRecords?|EmptyNode\w*|ThreadNodeOutputRecords|GroupNodeOutputRecords)\b", "SM 6.5–6.8 resource types (feedback maps, RW MS textures, work graphs)",
     _DOCS + "hlsl-shader-model-6-8-features-for-direct3d-12.md"),
    (r"\bSV_(ViewID|Barycentrics|ShadingRate|CullPrimitive|StartVertexLocation|StartInstanceLocation)\b",
     "SM 6.1–6.8 system values", _DOCS + "dx-graphics-hlsl-semantics.md"),
    (r"\[\s*(WaveSize|wavesize|NodeDispatch|NodeLaunch|NodeMaxDispatchGrid|NodeIsProgramEntry|NodeID|"
     r"NodeLocalRootArgumentsTableIndex|NodeShareInputOf|NodeDispatchGrid|NodeMaxRecursionDepth|"
     r"NodeTrackRWInputSharing)\b",
     "SM 6.6+ / DXIL-only entry attributes", _DOCS + "hlsl-shader-model-6-6-features-for-direct3d-12.md"),
    (r"\b(enum|namespace|using|static_assert|constexpr|__decltype|decltype|sizeof|printf|errorf|"
     r"abort|select|__builtin_\w+|export)\b\s*[\w({<:]",
     "DXC-only language (enums, namespaces, sizeof, select/and/or of HLSL 2021, export, printf)",
     "microsoft/hlsl-specs (HLSL 2021 and DXC extensions); fxc's grammar has none of these"),
    (r"\b(and|or)\s*\(", "HLSL 2021 and()/or() intrinsics", "microsoft/hlsl-specs proposals 0002 (HLSL 2021)"),
    (r"\bConstantBuffer\s*<|\bspace\d+\b|\bNonUniformResourceIndex\b|\bRasterizerOrdered\w+",
     "SM 5.1 resources (ConstantBuffer<T>, register spaces, NonUniformResourceIndex, ROVs)",
     _DOCS + "dx-graphics-hlsl-sm5-1.md / resource-binding-in-hlsl.md"),
)
#: (option, feature, source): RUN-line options that select what SM 5.0 HLSL does not have
OPTION_MARKERS: tuple[tuple[str, str, str], ...] = (
    ("-enable-16bit-types", "native 16-bit types (SM 6.2)", _DOCS + "hlsl-shader-model-6-2-features-for-direct3d-12.md"),
    ("-HV 2021", "HLSL 2021", "microsoft/hlsl-specs proposals 0002"),
    ("-HV 202x", "HLSL 202x", "microsoft/hlsl-specs"),
    ("-enable-payload-qualifiers", "ray payload access qualifiers (SM 6.6)",
     _DOCS + "hlsl-shader-model-6-6-features-for-direct3d-12.md"),
    ("-enable-lifetime-markers", "DXIL lifetime markers", "DXC option"),
    ("-ast-dump", "AST dump (no compile)", "DXC option"),
    ("-P", "preprocess only (no compile)", "DXC option"),
    ("-verify", "clang -verify (a SemaHLSL-style diagnostic test)", "DXC option"),
    ("-rootsig-define", "root signatures", _DOCS + "../direct3d12/specifying-root-signatures-in-hlsl.md"),
)

_RUN = re.compile(r"//\s*RUN:\s*(.*)$")
_FXC = re.compile(r"//\s*FXC command line:\s*fxc\s+(.*)$", re.I)
_ERR = re.compile(r"\berror (X\d{4})")


@dataclass(frozen=True)
class Job:
    entry: str
    target: str
    defines: tuple[tuple[str, str], ...] = ()
    flags: int = 0
    includes: tuple[str, ...] = ()  # -I folders, %S (the file's folder) already substituted


@dataclass
class FileJobs:
    path: str
    jobs: list[Job] = field(default_factory=list)
    skip: str = ""           # why the file is not compiled ("" when it is)
    expects_error: bool = False  # DXC's RUN/CHECK lines expect a diagnostic


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _parse_options(toks: list[str]) -> tuple[dict, list[str]]:
    """DXC's (and fxc's ``/X``) options of one command: entry, profile, defines and the flags we map."""
    opt: dict = {"E": None, "T": None, "D": [], "I": [], "flags": 0, "HV": None}
    seen: list[str] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.startswith("/") and len(t) > 1 and not t.startswith("//") and t[1:2].isalpha() and len(t) < 24:
            t = "-" + t[1:]
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        if t in ("-E", "-T", "-D", "-HV", "-I"):
            val, i = nxt, i + 2
            key = t[1:]
        elif t[:2] in ("-E", "-T", "-D", "-I") and len(t) > 2 and not t.startswith("-Od"):
            key, val, i = t[1], t[2:], i + 1
        elif t.startswith("-HV") and len(t) > 3:
            key, val, i = "HV", t[3:], i + 1
        else:
            key, val, i = None, None, i + 1
            seen.append(t)
            if t == "-Zpr":
                opt["flags"] |= D.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR
            elif t == "-Zpc":
                opt["flags"] |= D.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR
            elif t == "-Gec":
                opt["flags"] |= D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
            elif t == "-Ges":
                opt["flags"] |= D.D3DCOMPILE_ENABLE_STRICTNESS
            elif t in ("-Od", "-O0"):
                opt["flags"] |= D.D3DCOMPILE_SKIP_OPTIMIZATION
            elif t == "-Gfa":
                opt["flags"] |= D.D3DCOMPILE_AVOID_FLOW_CONTROL
            elif t == "-Gfp":
                opt["flags"] |= D.D3DCOMPILE_PREFER_FLOW_CONTROL
            elif t == "-WX":  # fxc /WX: warnings are errors
                opt["flags"] |= D.D3DCOMPILE_WARNINGS_ARE_ERRORS
            continue
        if key == "D":
            name, _, value = val.partition("=")
            opt["D"].append((name, value if _ else "1"))
        elif key == "I":
            opt["I"].append(val)
        elif key in ("E", "T", "HV"):
            opt[key] = val
        seen.append("-" + key + " " + val if key == "HV" else "-" + key)
    return opt, seen


#: the shader models a job may be retargeted to (``--model``); hull and domain shaders exist from 5.0 on
MODELS = ("4_0", "4_1", "5_0", "5_1")


def _retarget(profile: str, model: str = "5_0") -> str | None:
    m = re.fullmatch(r"(vs|ps|gs|hs|ds|cs)_\d+_(\d+|x)", profile or "")
    if m is None or (model.startswith("4") and m.group(1) in ("hs", "ds")):
        return None
    return f"{m.group(1)}_{model}"


def read_jobs(path: Path, rel: str, max_jobs: int = 4, model: str = "5_0") -> FileJobs:
    text = path.read_text("utf-8", "replace")
    fj = FileJobs(rel)
    lines = text.splitlines()
    runs = [m.group(1) for ln in lines if (m := _RUN.search(ln))]
    fxc = [m.group(1) for ln in lines if (m := _FXC.search(ln))]
    commands: list[str] = []
    for r in runs:
        r = r.strip()
        if r.startswith("not "):
            fj.expects_error = True
            r = r[4:].strip()
        for piece in r.split("|"):
            piece = piece.strip()
            if piece.startswith(("%dxc", "dxc ")) and not piece.startswith(("%dxc_", "%dxcv")):
                commands.append(piece.split(None, 1)[1] if " " in piece else "")
    commands += fxc
    if re.search(r"expected-error|CHECK[-\w]*:\s*[^\n]*\berror\b", text):
        fj.expects_error = True
    if not commands:
        fj.skip = "no dxc/fxc RUN line"
        return fj
    code = _strip_comments(text)
    for pat, feature, _src in SOURCE_MARKERS:
        if re.search(pat, code):
            fj.skip = feature
            return fj
    for cmd in commands:
        try:
            toks = shlex.split(cmd.replace("%s", "").replace("%t", "t").replace("%S", str(path.parent)))
        except ValueError:
            toks = cmd.split()
        opt, seen = _parse_options(toks)
        if any(t.endswith((".hlsl", ".hlsli")) for t in seen):  # the command compiles another input file
            continue
        joined = " ".join(seen)
        marker = next((feat for o, feat, _ in OPTION_MARKERS
                       if (o in seen) or (o.startswith("-HV ") and o in joined)), None)
        if marker is not None:
            if not fj.jobs:
                fj.skip = marker
            continue
        dvals = " ".join(v for _, v in opt["D"])  # a define may carry the marked name (-DObjType=RasterizerOrdered…)
        dmark = next((feat for pat, feat, _ in SOURCE_MARKERS if re.search(pat, dvals)), None)
        if dmark is not None:
            fj.skip = fj.skip or dmark
            continue
        prof = opt["T"] or ""
        if prof.startswith("lib_"):
            fj.skip = fj.skip or "library target (lib_*)"
            continue
        target = _retarget(prof, model)
        if target is None:
            fj.skip = fj.skip or f"profile {prof or '(none)'} has no SM {model.replace('_', '.')} stage"
            continue
        job = Job(opt["E"] or "main", target, tuple(opt["D"]), opt["flags"], tuple(opt["I"]))
        if job not in fj.jobs and len(fj.jobs) < max_jobs:
            fj.jobs.append(job)
    if fj.jobs:
        fj.skip = ""
    return fj


class IncludeDirs:
    """An ID3DInclude (``Open(IncludeType, FileName, ParentData)``) searching as DXC's ``-I`` does: the
    including file's folder first, then each ``-I`` folder in order (DXC's options: ``-I <value>`` "Add
    directory to include search path"). The including file is known by the text Open returned for it."""

    def __init__(self, source: Path, dirs: tuple[str, ...]) -> None:
        self.source = source
        self.dirs = [Path(d) for d in dirs]
        self.parents: dict[int, Path] = {}

    def Open(self, kind: int, name: str, parent: object) -> str:  # noqa: N802 - the COM method's name
        here = self.parents.get(id(parent), self.source).parent
        for base in (here, *self.dirs):
            cand = base / name
            if cand.is_file():
                text = cand.read_bytes().decode("utf-8", "replace").lstrip("\ufeff")
                self.parents[id(text)] = cand
                return text
        raise FileNotFoundError(name)

    def Close(self, data: object) -> None:  # noqa: N802
        self.parents.pop(id(data), None)


class _Timeout(BaseException):
    """Raised by the alarm: BaseException, so the compiler's own ``except Exception`` cannot swallow it."""


def _on_alarm(signum, frame):  # noqa: ARG001
    raise _Timeout()


def compile_job(path: Path, job: Job, timeout: float = 60.0) -> tuple[str, str]:
    """(class, detail): compiled / error X#### / notimpl / crash / hang."""
    from pyd3d11.shader.compile_api import D3DCompileFromFile

    def call() -> None:
        inc = IncludeDirs(path, job.includes) if job.includes else D.D3D_COMPILE_STANDARD_FILE_INCLUDE
        D3DCompileFromFile(str(path), list(job.defines) or None, inc, job.entry, job.target, job.flags, 0)
    return outcome(call, timeout)


def outcome(call, timeout: float = 60.0) -> tuple[str, str]:
    """Run ``call()`` (one D3DCompile*) under a time limit → (class, detail): ``compiled``; ``error`` (the fxc
    text from the X#### code on); ``notimpl`` (NotSupportedError / E_NOTIMPL, its first line); ``crash`` (any
    other exception, with its innermost frame); ``hang`` (over ``timeout`` seconds)."""
    return outcome_result(call, timeout)[:2]


def outcome_result(call, timeout: float = 60.0) -> tuple[str, str, Any]:
    """:func:`outcome` and what ``call()`` returned (None unless compiled)."""
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        return _outcome(call, timeout)
    except _Timeout:  # the alarm fired as the compile ended, before it was cancelled
        return "hang", f"over {timeout:g} s", None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _outcome(call, timeout: float) -> tuple[str, str, Any]:
    from pyd3d11.errors import NotSupportedError, ShaderCompileError

    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return "compiled", "", call()
    except _Timeout:
        return "hang", f"over {timeout:g} s", None
    except NotSupportedError as e:
        return "notimpl", str(e).splitlines()[0][:200] if str(e) else "", None
    except ShaderCompileError as e:
        text = e.errors or str(e)
        if e.hresult == 0x80004001 and not _ERR.search(text):
            # E_NOTIMPL with an X#### error is fxc's own answer for some errors (X4532, X3500 recursion, X3535:
            # d3dcompiler_47 10.1 returns E_NOTIMPL for them too); without one it is "not built here"
            first = next((ln for ln in text.splitlines() if "error" in ln), text)
            return "notimpl", first.strip()[:200], None
        m = _ERR.search(text)
        if m is None:
            return "crash", "error without an X#### code: " + text.strip().splitlines()[0][:200], None
        first = next(ln for ln in text.splitlines() if m.group(0) in ln)
        # "file(l,c): error X####: text", or without a position (a signature error) "error X####: text"; the
        # number's offset is taken in that line (a warning may come first in the text: session 38)
        return "error", first[first.index(m.group(0)) + 6:].strip()[:200], None
    except RecursionError as e:
        return "crash", f"RecursionError: {e}"[:200], None
    except Exception as e:  # noqa: BLE001 - a raw exception is the finding
        import traceback
        tb = traceback.extract_tb(e.__traceback__)[-1]
        return "crash", f"{type(e).__name__}: {e} [{Path(tb.filename).name}:{tb.lineno}]"[:300], None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def real_outcome(real, path: Path, job: Job, target: str | None = None) -> tuple[str, str]:
    """fxc's (class, detail) for ``job``: ``compiled``, ``error`` (its first ``X####: text``), ``failed`` (a
    failure without an error number) or ``hang`` (no answer in the driver's time limit). ``real`` is a
    :class:`pyd3d11.tools.wine_d3dcompiler.WineD3DCompiler`; includes resolve beside the source, as fxc's
    standard include handler does (``-I`` folders are not passed)."""
    from pyd3d11.tools.wine_d3dcompiler import windows_path

    data = path.read_bytes()
    # a UTF-8 byte-order mark is no source text: D3DCompile refuses it ("X3000: Illegal character in shader file"),
    # fxc.exe and our D3DCompileFromFile read the file without it (11 files of the corpus carry one; session 38)
    data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        r = real.compile(data, target or job.target, job.entry, job.flags, 0, dict(job.defines), windows_path(path))
    except (TimeoutError, RuntimeError) as e:
        return "hang", str(e)[:200]
    if r.ok:
        return "compiled", ""
    m = re.search(r"error (X\d{4}): ?(.*)", r.messages)
    return ("error", f"{m.group(1)}: {m.group(2).strip()}"[:200]) if m else ("failed", r.messages.strip()[:200])


#: the classes of :func:`verdict_class`, in the order the summary prints them
VERDICTS = ("both compile", "both reject, same number", "both reject, numbers differ", "we reject, fxc compiles",
            "we compile, fxc rejects", "not built here", "fxc fails without a number")


def verdict_class(ours: tuple[str, str], fxc: tuple[str, str]) -> str:
    """One job's place in the differential (ours and fxc's (class, detail) pairs)."""
    if ours[0] == "notimpl":
        return "not built here"
    if fxc[0] in ("failed", "hang"):
        return "fxc fails without a number"
    we_ok, fxc_ok = ours[0] == "compiled", fxc[0] == "compiled"
    if we_ok and fxc_ok:
        return "both compile"
    if we_ok:
        return "we compile, fxc rejects"
    if fxc_ok:
        return "we reject, fxc compiles"
    same = ours[0] == "error" and ours[1].split(":")[0] == fxc[1].split(":")[0]
    return "both reject, same number" if same else "both reject, numbers differ"


def extract(repo: Path, out: Path) -> None:
    """Every file of :data:`TREES` at the mirror's HEAD into ``out`` (``git archive``; idempotent)."""
    if (out / TREES[0]).is_dir():
        return
    out.mkdir(parents=True, exist_ok=True)
    arch = subprocess.run(["git", "-C", str(repo), "archive", "HEAD", *TREES], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=arch, check=True)


def corpus_files(out: Path) -> list[str]:
    files = []
    for tree in TREES:
        for p in sorted((out / tree).rglob("*.hlsl")):
            rel = p.relative_to(out).as_posix()
            if "/SemaHLSL/" not in rel:
                files.append(rel)
    return files


def run_file(out: Path, rel: str, timeout: float = 60.0,
             model: str = "5_0") -> tuple[FileJobs, list[tuple[Job, str, str]]]:
    fj = read_jobs(out / rel, rel, model=model)
    results = [(job, *compile_job(out / rel, job, timeout)) for job in fj.jobs]
    return fj, results


def file_class(results: list[tuple[Job, str, str]]) -> str:
    """The file's class: its worst job (hang > crash > notimpl > error > compiled)."""
    order = ("hang", "crash", "notimpl", "error", "compiled")
    return min((r[1] for r in results), key=order.index)


def _worker(args):
    out, rel, timeout, model = args
    fj, results = run_file(Path(out), rel, timeout, model)
    return fj, results


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="dxc_corpus", description=__doc__.split("\n\n")[1])
    ap.add_argument("--repo", type=Path, default=DEFAULT_REPO)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("-v", action="store_true", help="one line per file")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--under", default="", help="only files whose path contains this")
    ap.add_argument("--real", action="store_true", help="the verdict differential against d3dcompiler_47.dll")
    ap.add_argument("--json", type=Path, default=None, help="write one record per job to this file")
    ap.add_argument("--fxc-cache", type=Path, default=None, help="with --real: reuse and extend fxc's answers kept here")
    ap.add_argument("--model", choices=MODELS, default="5_0",
                    help="retarget every job to <stage>_MODEL (default 5_0; at 4_x hull/domain jobs are skipped)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv)
    extract(a.repo, a.out)
    files = corpus_files(a.out)
    if a.files:
        files = [f for f in files if any(f.endswith(x) for x in a.files)]
    if a.under:
        files = [f for f in files if a.under in f]
    work = [(str(a.out), f, a.timeout, a.model) for f in files]
    if a.j > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(a.j, maxtasksperchild=50) as pool:
            it = pool.imap(_worker, work, chunksize=4)
            done = list(_report(it, a.v))
    else:
        done = list(_report(map(_worker, work), a.v))
    classes: Counter = Counter()
    classes_err: Counter = Counter()
    skips: Counter = Counter()
    causes: Counter = Counter()
    for fj, results in done:
        if not results:
            skips[fj.skip] += 1
            continue
        c = file_class(results)
        (classes_err if fj.expects_error else classes)[c] += 1
        for _job, cls, detail in results:
            if cls in ("error", "notimpl", "crash", "hang") and not (fj.expects_error and cls == "error"):
                key = detail.split(":")[0] if cls == "error" else detail[:90]
                causes[(cls, key)] += 1
    print(f"files {len(done)}: skipped {sum(skips.values())}, compiled-as-SM5 {sum(classes.values())}, "
          f"dxc-expects-error {sum(classes_err.values())}")
    print("  tally: " + ", ".join(f"{k} {classes[k]}" for k in ("compiled", "error", "notimpl", "crash", "hang")))
    print("  dxc expects an error: " + ", ".join(f"{k} {classes_err[k]}"
                                                 for k in ("compiled", "error", "notimpl", "crash", "hang")))
    print("  skipped by marker:")
    for k, n in skips.most_common():
        print(f"    {n:5d}  {k}")
    print("  causes (jobs):")
    for (cls, key), n in causes.most_common(60):
        print(f"    {n:5d}  {cls:8s} {key}")
    if a.real or a.json:
        _differential(a.out, done, a.real, a.json, a.v, a.fxc_cache)
    return 1 if classes["crash"] or classes["hang"] or classes_err["crash"] or classes_err["hang"] else 0


def _cache_key(path: str, job: Job) -> str:
    return "|".join((path, job.entry, job.target, ",".join(f"{k}={v}" for k, v in job.defines), str(job.flags)))


class _CachedReal:
    """fxc's answers from a JSON file (``--fxc-cache``), the live DLL started only for a job not in it."""

    def __init__(self, cache: Path) -> None:
        import json

        self.cache = cache
        self.answers: dict[str, list[str]] = json.loads(cache.read_text()) if cache.is_file() else {}
        self.real = None
        self.added = 0

    def outcome(self, out: Path, rel: str, job: Job) -> tuple[str, str]:
        key = _cache_key(rel, job)
        if key not in self.answers:
            if self.real is None:
                from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

                self.real = WineD3DCompiler(timeout_s=20.0)
            self.answers[key] = list(real_outcome(self.real, out / rel, job))
            self.added += 1
        return tuple(self.answers[key])  # type: ignore[return-value]

    def close(self) -> None:
        import json

        if self.real is not None:
            self.real.close()
        if self.added:
            self.cache.write_text(json.dumps(self.answers, indent=0))


def _differential(out: Path, done, real_on: bool, json_path: Path | None, verbose: bool,
                  cache: Path | None = None) -> None:
    """fxc's verdict beside ours for every job (``--real``), the tally by :data:`VERDICTS` and the
    disagreements grouped by fxc's and our first error number; ``--json`` keeps the records."""
    import json

    real = None
    if real_on:
        real = _CachedReal(cache or Path(os.devnull))
    records = []
    tally: Counter = Counter()
    groups: Counter = Counter()
    for fj, results in done:
        for job, cls, detail in results:
            rec = {"path": fj.path, "entry": job.entry, "target": job.target, "defines": job.defines,
                   "flags": job.flags, "dxc_expects_error": fj.expects_error, "ours": [cls, detail]}
            if real is not None:
                fxc = real.outcome(out, fj.path, job)
                verdict = verdict_class((cls, detail), fxc)
                rec["fxc"], rec["verdict"] = list(fxc), verdict
                tally[verdict] += 1
                if verdict not in ("both compile", "both reject, same number"):
                    groups[(verdict, fxc[1].split(":")[0], detail.split(":")[0] if cls == "error" else cls)] += 1
                    if verbose:
                        print(f"{fj.path} {job.entry}/{job.target}: {verdict}: ours {cls} {detail[:80]} | fxc {fxc[1][:80]}")
            records.append(rec)
    if real is not None:
        real.close()
        print(f"verdicts against d3dcompiler_47 ({sum(tally.values())} jobs): "
              + ", ".join(f"{k} {tally[k]}" for k in VERDICTS))
        for (verdict, fxc_code, ours_code), n in groups.most_common(60):
            print(f"    {n:5d}  {verdict:28s} fxc {fxc_code or '-':6s} ours {ours_code}")
    if json_path is not None:
        json_path.write_text(json.dumps(records, indent=0))


def _report(it, verbose: bool):
    for fj, results in it:
        if verbose:
            if not results:
                print(f"{fj.path}: skipped ({fj.skip})", flush=True)
            for job, cls, detail in results:
                tag = " [dxc expects error]" if fj.expects_error else ""
                print(f"{fj.path} {job.entry}/{job.target}"
                      + (f" {','.join(k + '=' + v for k, v in job.defines)}" if job.defines else "")
                      + f": {cls}{tag} {detail}", flush=True)
        yield fj, results


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    os.environ.setdefault("PYD3D11_NO_NATIVE_WARN", "1")
    sys.exit(main(sys.argv[1:]))
