"""``python -m pyd3d11.tools.retarget [--models 2.0,3.0 | 5.1,4.0,4.1 ...] [--source NAME ...] [-v] [--json FILE]``

Compiles the programs of the project's corpora again at other shader models and classes each outcome —
``compiled``; ``error`` (an fxc-style ``X####`` error, the code kept: fxc may refuse the program as well, so no
finding by itself); ``notimpl`` (NotSupportedError / E_NOTIMPL, the feature named); ``crash`` (any other
exception: always a bug, tallied by its innermost frame); ``hang`` (over the time limit: always a bug). A
development measurement (issue 15), not a test: no corpus is vendored. The one tool for every model; ``python
-m pyd3d11.tools.retarget51`` is this tool with ``--models 5.1,4.0,4.1`` (its 5.1 reflection checks live there).

Models (``--models``, comma-separated; default ``2.0,3.0``): ``2.0``, ``3.0``, ``2.a``, ``2.b`` (Direct3D 9:
vertex and pixel shaders; ``2.b`` pixel only; ``--extra`` adds ``2.a,2.b``), ``4.0``, ``4.1`` (no hull or domain
shaders), ``5.0``, ``5.1``. Each program keeps its stage, entry point, defines, flags and includes; only the
model changes. With a 4.x or 5.1 model, 5.0 is compiled too as the reference verdict (a program fxc compiles at
5.0 almost always compiles at 5.1: MicrosoftDocs direct3dhlsl "Shader Model 5.1" keeps the 5.0 language; 4.0/4.1
must refuse the SM5-only constructs with fxc's errors), each 5.1 verdict is compared with it and each 5.1 object's
reflection is checked (retarget51.reflection_problems).

Sources (``--source``, or ``--corpus``; by default those of the models asked: the first five for Direct3D 9
models, all but ``dx9``/``legacy9`` otherwise):

- ``shader-tests`` (also ``tests``): every HLSL shader section of ../shared/conformance/shader-tests/hlsl/*.shader_test,
  including those whose ``[require]`` keeps them off the model (entry ``main``, the block's ``options:``);
- ``dxc``: tools/dxc_corpus's jobs (DXC's test files, retargeted; files whose RUN lines expect a diagnostic are
  left out);
- ``sdk`` (also ``sdk11``): tools/sdk_samples's stage jobs (the DirectX SDK's Direct3D 11 samples; ``--sdk DIR`` a
  checkout, else read from the walbourn/directx-sdk-samples mirror), each (file, entry, defines) once;
- ``dx9``: DXDecompiler's ShadersDX9 compiles (tools/d3d9_corpus: fxc's own D3D9 command lines) at their own
  targets (``--dx9 DIR``: a checkout's src/DXDecompiler.Tests/ShadersDX9);
- ``legacy9``: the Direct3D 9 effects (``Direct3D/**.fx``) of walbourn/directx-sdk-legacy-samples as ``fx_2_0``
  (each pass's ``compile vs_2_0 …`` is a D3D9 program), read from the git mirror;
- ``dxtk``, ``dxtex``, ``atg``, ``atg12``: tools/real_corpora's corpora (atg12 holds real 5.1 programs).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyd3d11.headers import d3dcompiler_types as D

SHARED_TESTS = Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance" / "shader-tests" / "hlsl"
MIRROR = Path("/work/.mirror")
SDK_MIRROR = MIRROR / "walbourn+directx-sdk-samples" / "repo"
SOURCES = ("shader-tests", "dxc", "sdk", "dx9", "legacy9", "dxtk", "dxtex", "atg", "atg12")
#: the sources of a run at Direct3D 9 models / at 4.x-5.x models when --source is not given
D3D9_SOURCES = ("shader-tests", "dxc", "dx9", "legacy9", "sdk")
SM4_SOURCES = ("shader-tests", "dxc", "sdk", "dxtk", "dxtex", "atg", "atg12")
ALIASES = {"tests": "shader-tests", "sdk11": "sdk"}
STAGES = ("vs", "ps", "gs", "hs", "ds", "cs")
#: the stages each model has a target for (d3dcompiler's profiles: vs/ps_2_0, 2_a, ps_2_b, 3_0; no 4.x hs/ds)
MODEL_STAGES = {"2.0": ("vs", "ps"), "2.a": ("vs", "ps"), "2.b": ("ps",), "3.0": ("vs", "ps"),
                "4.0": ("vs", "ps", "gs", "cs"), "4.1": ("vs", "ps", "gs", "cs"), "5.0": STAGES, "5.1": STAGES}
D3D9_MODELS = ("2.0", "2.a", "2.b", "3.0")
CLASSES = ("compiled", "error", "notimpl", "crash", "hang")
_ERR = re.compile(r"\berror (X\d{4})")

#: a compile: (target) -> the bytecode, raising as D3DCompile raises
CompileFn = Callable[[str], Any]


@dataclass
class Program:
    source: str   #: the corpus
    name: str     #: where it is (file, line or entry point)
    stage: str    #: vs / ps / gs / hs / ds / cs, or the fixed target of an own-target program
    compile: CompileFn
    own_target: str | None = None  #: compiled at this target only (dx9, legacy9), whatever the models


@dataclass(frozen=True)
class Outcome:
    cls: str      #: compiled / error / notimpl / crash / hang
    detail: str   #: the X#### code and text, the feature, or the exception
    blob: bytes | None = None

    @property
    def key(self) -> str:
        """The verdict's kind: the class, with the error code for an error."""
        if self.cls == "error":
            m = _ERR.search(self.detail) or re.match(r"(X\d{4})", self.detail)
            return f"error {m.group(1) if m else '?'}"
        return self.cls


# ---------------------------------------------------------------------------------------------------
# classing one compile

def classify(call: Callable[[], Any], timeout: float = 60.0) -> Outcome:
    """Run one D3DCompile* call under a time limit and class its outcome (dxc_corpus.outcome_result), keeping
    the compiled blob; an E_NOTIMPL that carries an X#### number (X3500 "recursive functions are not allowed")
    is fxc's own refusal, so an error here, not a feature left unbuilt."""
    from pyd3d11.tools.dxc_corpus import outcome_result

    cls, detail, out = outcome_result(call, timeout)
    if cls == "notimpl" and (m := _ERR.search(detail)):
        return Outcome("error", detail[m.start(1):])
    if cls != "compiled":
        return Outcome(cls, _first_line(detail))
    blob = out[0] if isinstance(out, tuple) else out
    data = bytes(blob.GetBufferPointer())[: blob.GetBufferSize()] if hasattr(blob, "GetBufferPointer") \
        else bytes(blob)
    return Outcome("compiled", "", data)


def _first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return (lines[0] if lines else "").strip()[:200]


_POS = re.compile(r"^[^:]*\(\d+(,\d+)?(-\d+)?\):\s*(error\s*)?")


def cause(cls: str, detail: str) -> str:
    """The tally key of one outcome: the error code; the NotSupportedError text without its position, quoted
    names and numbers; the crash's exception type and frame."""
    if cls == "error":
        m = re.search(r"X\d{4}", detail)
        return m.group(0) if m else detail[:40]
    text = _POS.sub("", re.sub(r"^E_NOTIMPL \(0x80004001\): ", "", detail))
    if cls == "notimpl":
        text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
        text = re.sub(r"\b\d+\b", "N", text)
    elif cls == "crash":
        m = re.match(r"(\w+): .*(\[[^\]]+\])$", text)
        text = f"{m.group(1)} {m.group(2)}" if m else text
    return text[:110]


# ---------------------------------------------------------------------------------------------------
# the programs

def shader_test_programs(folder: Path = SHARED_TESTS) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.tools.shader_test_format import Requirements, parse_file_text

    for path in sorted(folder.glob("*.shader_test")):
        try:
            sections = parse_file_text(path.read_text("utf-8", "replace"))
        except Exception:  # noqa: BLE001 - a file the format parser refuses is the runner's finding, not ours
            continue
        req = Requirements()
        for ps in sections:
            if ps.kind == "require":
                req = ps.require or Requirements()
            elif (ps.kind == "shader" and ps.shader is not None and ps.shader.source_format == "hlsl"
                  and ps.shader.stage in STAGES and not ps.error):
                data, flags = ps.source.encode(), req.compile_options
                yield Program("shader-tests", f"{path.name}:L{ps.section.line}", ps.shader.stage,
                              lambda t, data=data, flags=flags, name=path.name: D3DCompile(
                                  data, len(data), name, None, None, "main", t, flags, 0))


def dxc_programs(out: Path | None = None) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompileFromFile
    from pyd3d11.tools import dxc_corpus as X

    out = X.DEFAULT_OUT if out is None else out
    X.extract(X.DEFAULT_REPO, out)
    for rel in X.corpus_files(out):
        path = out / rel
        fj = X.read_jobs(path, rel)
        if fj.expects_error:
            continue
        for job in fj.jobs:
            inc = X.IncludeDirs(path, job.includes) if job.includes else D.D3D_COMPILE_STANDARD_FILE_INCLUDE
            yield Program("dxc", f"{rel}:{job.entry}", job.target[:2],
                          lambda t, path=path, job=job, inc=inc: D3DCompileFromFile(
                              str(path), list(job.defines) or None, inc, job.entry, t, job.flags, 0))


def sdk_programs(root: Path | None = None) -> Iterator[Program]:
    """The SDK samples' stage jobs, each (file, entry, defines, stage) once: from a checkout ``root``, else read
    from the git mirror (its snapshot lacks only large media files, which no shader includes). Jobs whose source
    is embedded in C++ need a checkout."""
    from pyd3d11.shader.compile_api import D3DCompile, D3DCompileFromFile
    from pyd3d11.tools import real_corpora as R
    from pyd3d11.tools import sdk_samples as S

    tree = R.GitTree(SDK_MIRROR) if root is None else None
    seen: set = set()
    for job in S.jobs():
        key = (job.path, job.entry, job.defines, job.target[:2])
        if job.target[:2] not in STAGES or "level_9" in job.target or ("#" in job.path and tree is not None) \
                or key in seen:
            continue
        seen.add(key)
        if tree is not None:
            src = tree.read(job.path)
            if src is None:
                continue

            def call(t: str, job: S.Job = job, src: bytes = src) -> Any:
                return D3DCompile(src, len(src), job.path, list(job.defines), R.GitInclude(tree, job.path),
                                  job.entry, t, job.flags, 0)
        else:
            text = S.embedded_source(root, job.path) if "#" in job.path else None

            def call(t: str, job: S.Job = job, text: str | None = text) -> Any:
                if text is not None:
                    return D3DCompile(text, None, "none", list(job.defines), None, job.entry, t, job.flags, 0)
                return D3DCompileFromFile(str(root / job.path), list(job.defines),
                                          D.D3D_COMPILE_STANDARD_FILE_INCLUDE, job.entry, t, job.flags, 0)
        yield Program("sdk", job.name(), job.target[:2], call)


def dx9_programs(root: str | None) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.tools import d3d9_corpus as d9

    if not root or not Path(root).is_dir():
        return
    for folder, file, out, target, entry, *flags in d9.jobs(root):
        src_path = d9._find(root, folder, file)
        if src_path is None:
            continue
        src = Path(src_path).read_bytes()
        defines = [tuple((x[2:].split("=", 1) + ["1"])[:2]) for x in flags if x.startswith("/D")]
        cflags = D.D3DCOMPILE_SKIP_OPTIMIZATION if "/Od" in flags else 0
        inc = d9._Include(str(Path(src_path).parent))
        yield Program("dx9", f"{folder}/{file}:{out}", target[:2], own_target=target,
                      compile=lambda t, src=src, p=src_path, e=entry, d=defines, f=cflags, inc=inc: D3DCompile(
                          src, len(src), p, d or None, inc, e, t, f, 0))


def legacy9_programs() -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.tools.real_corpora import GitInclude, GitTree

    tree = GitTree(MIRROR / "walbourn+directx-sdk-legacy-samples" / "repo")
    if not tree.exists():
        return
    for name in tree.names():
        if name.startswith("Direct3D/") and name.lower().endswith(".fx"):
            src = tree.read(name) or b""
            yield Program("legacy9", name, "fx", own_target="fx_2_0",
                          compile=lambda t, src=src, name=name: D3DCompile(src, len(src), name, None,
                                                                           GitInclude(tree, name), None, t, 0, 0))


def real_programs(name: str) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.tools import real_corpora as R

    corpus = R.CORPORA[name]
    if not (R.MIRROR / corpus.repo / "repo").is_dir():
        return
    tree, jobs = R.corpus_jobs(corpus)
    for job in jobs:
        if job.target[:2] not in STAGES or "level_9" in job.target:
            continue
        src = tree.read(job.path)
        if src is None:
            continue
        yield Program(name, job.name(), job.target[:2],
                      lambda t, job=job, src=src: D3DCompile(src, len(src), job.path, list(job.defines),
                                                             R.GitInclude(tree, job.path, job.include_dirs),
                                                             job.entry, t, job.flags, 0))


def programs(source: str, sdk_root: Path | None = None, dx9_root: str | None = None) -> Iterator[Program]:
    source = ALIASES.get(source, source)
    if source == "shader-tests":
        return shader_test_programs()
    if source == "dxc":
        return dxc_programs()
    if source == "sdk":
        return sdk_programs(sdk_root)
    if source == "dx9":
        return dx9_programs(dx9_root)
    if source == "legacy9":
        return legacy9_programs()
    return real_programs(source)


# ---------------------------------------------------------------------------------------------------
# the run

def target_of(stage: str, model: str) -> str | None:
    """The profile of ``stage`` at ``model`` (``vs`` at ``2.a`` is ``vs_2_a``), None where the model has none."""
    if stage not in MODEL_STAGES.get(model, ()):
        return None
    return f"{stage}_{model.replace('.', '_')}"


def _model_of(target: str) -> str:
    """An own target's model key (``vs_3_0`` → ``3.0``; ``fx_2_0`` stays ``fx_2_0``)."""
    return target if target.startswith("fx") else target[3:].replace("_", ".")


def run_program(p: Program, models: tuple[str, ...], timeout: float) -> dict[str, Any]:
    """One program's record: each model's verdict [class, detail]; with 5.1, the reflection checks."""
    out: dict[str, Outcome] = {}
    if p.own_target is not None:
        out[_model_of(p.own_target)] = classify(lambda: p.compile(p.own_target), timeout)
    else:
        reference = ("5.0",) if any(m in ("4.0", "4.1", "5.1") for m in models) and "5.0" not in models else ()
        for m in (*reference, *models):
            target = target_of(p.stage, m)
            if target is not None:
                out[m] = classify(lambda target=target: p.compile(target), timeout)
    rec: dict[str, Any] = {"source": p.source, "name": p.name, "stage": p.stage,
                           "models": {m: [o.cls, o.detail] for m, o in out.items()}}
    o50, o51 = out.get("5.0"), out.get("5.1")
    if o51 is not None and o51.cls == "compiled":
        from pyd3d11.tools.retarget51 import reflection_problems

        try:
            rec["reflection"] = reflection_problems(o51.blob, o50.blob if o50 and o50.cls == "compiled" else None)
        except Exception as e:  # noqa: BLE001 - reflecting our own object must not fail
            rec["reflection"] = [f"reflection crashed: {type(e).__name__}: {e}"[:300]]
    return rec


def main(argv: list[str] | None = None, default_models: str = "2.0,3.0", prog: str = "retarget") -> int:
    ap = argparse.ArgumentParser(prog=f"python -m pyd3d11.tools.{prog}", description=__doc__.split("\n\n")[1])
    ap.add_argument("--models", default=default_models, help=f"models compiled (default {default_models})")
    ap.add_argument("--extra", action="store_true", help="also the models 2.a and 2.b")
    ap.add_argument("--source", "--corpus", action="append", choices=SOURCES + tuple(ALIASES),
                    help="corpora (default: those of the models)")
    ap.add_argument("--sdk", type=Path, default=None, help="a checkout of walbourn/directx-sdk-samples")
    ap.add_argument("--dx9", default="/tmp/sm3g_dx9/src/DXDecompiler.Tests/ShadersDX9",
                    help="a checkout's src/DXDecompiler.Tests/ShadersDX9")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--limit", type=int, default=0, help="at most N programs a source (0: all)")
    ap.add_argument("--json", type=Path, default=None, help="write every program's record here (JSON lines, as "
                    "each program is done)")
    ap.add_argument("--every", type=int, default=1, help="only every N-th program of a source (with --offset)")
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--grep", default="", help="only programs whose name contains this")
    ap.add_argument("--show", action="append", default=[], help="print each program of this class")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("-v", action="store_true", help="one line per finding as it comes")
    ap.add_argument("--report", type=Path, default=None, help="only summarise the records of an earlier --json run")
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    models = tuple(m.strip() for m in a.models.split(",") if m.strip()) + (("2.a", "2.b") if a.extra else ())
    unknown = [m for m in models if m not in MODEL_STAGES]
    if unknown:
        ap.error(f"unknown models {unknown} (known: {', '.join(MODEL_STAGES)})")
    if a.report is not None:
        records = load(a.report)
        report(records, tuple(dict.fromkeys(m for r in records for m in r["models"] if m != "5.0")), a.top)
        return 0
    sources = [ALIASES.get(s, s) for s in a.source] if a.source else list(dict.fromkeys(
        (D3D9_SOURCES if any(m in D3D9_MODELS for m in models) else ())
        + (SM4_SOURCES if any(m not in D3D9_MODELS for m in models) else ())))
    records: list[dict[str, Any]] = []
    sink = a.json.open("w") if a.json else None
    for source in sources:
        try:
            listed = list(programs(source, a.sdk, a.dx9))
        except Exception as e:  # noqa: BLE001 - a corpus that cannot be read is reported, the others still run
            print(f"{source}: not read ({type(e).__name__}: {e})"[:300], flush=True)
            continue
        for i, p in enumerate(listed):
            if a.limit and i >= a.limit:
                break
            if i % a.every != a.offset or (a.grep and a.grep not in p.name):
                continue
            rec = run_program(p, models, a.timeout)
            records.append(rec)
            if sink is not None:
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
            _print_findings(rec, a.v, a.show)
    if sink is not None:
        sink.close()
    report(records, tuple(dict.fromkeys(m for r in records for m in r["models"] if m != "5.0")) or models, a.top)
    return 1 if any(v[0] in ("crash", "hang") for r in records for v in r["models"].values()) else 0


def _print_findings(rec: dict[str, Any], verbose: bool, show: list[str]) -> None:
    for m, (cls, detail) in rec["models"].items():
        if cls in show:
            print(f"  {cls:8s} {m} {rec['source']} {rec['name']}: {detail}", flush=True)
    if not verbose:
        return
    bad = [f"{m} {v[0]} {v[1][:100]}" for m, v in rec["models"].items() if v[0] in ("crash", "hang", "notimpl")]
    if "5.1" in rec["models"]:
        from pyd3d11.tools.retarget51 import compare51

        cmp_ = compare51(rec)
        if cmp_ not in ("same", ""):
            bad.append(cmp_)
    if rec.get("reflection"):
        bad.append("reflection: " + "; ".join(rec["reflection"])[:300])
    if bad:
        print(f"{rec['source']} {rec['name']} [{rec['stage']}]: " + " | ".join(bad), flush=True)


def load(path: Path) -> list[dict[str, Any]]:
    """The records a ``--json`` run wrote (one JSON object a line)."""
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]


def report(records: list[dict[str, Any]], models: tuple[str, ...], top: int = 40) -> None:
    """Tallies by model (5.0 first where it was compiled), the 5.1-against-5.0 comparison, the features not
    built and the crashes by model, and the error codes."""
    print(f"programs: {len(records)} (" + ", ".join(f"{s} {n}" for s, n in
                                                   Counter(r['source'] for r in records).items()) + ")")
    shown = (("5.0",) if any("5.0" in r["models"] for r in records) else ()) + tuple(m for m in models if m != "5.0")
    for m in shown:
        c = Counter(r["models"][m][0] for r in records if m in r["models"])
        print(f"  {m}: " + ", ".join(f"{k} {c[k]}" for k in CLASSES))
    if "5.1" in models:
        from pyd3d11.tools.retarget51 import compare51

        c = Counter(compare51(r) for r in records if "5.1" in r["models"])
        print("  5.1 against 5.0:")
        for k, n in c.most_common():
            print(f"    {n:5d}  {k}")
        refl = [r for r in records if r.get("reflection")]
        print(f"  5.1 reflection: {sum('reflection' in r for r in records)} checked, {len(refl)} with problems")
    causes: Counter = Counter()
    errors: Counter = Counter()
    for r in records:
        for m, (cls, detail) in r["models"].items():
            if cls in ("notimpl", "crash", "hang"):
                causes[(m, cls, cause(cls, detail))] += 1
            elif cls == "error":
                errors[cause(cls, detail)] += 1
    if causes:
        print("  not built / crashes (by model and feature):")
        for (m, cls, d), n in causes.most_common(top):
            print(f"    {n:5d}  {m} {cls:8s} {d}")
    if errors:
        print("  errors: " + ", ".join(f"{k} {n}" for k, n in errors.most_common(15)))


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    os.environ.setdefault("PYD3D11_NO_NATIVE_WARN", "1")
    sys.exit(main())
