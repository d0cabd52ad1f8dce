"""``python -m pyd3d11.tools.retarget51 [--source NAME ...] [--models 5.1,4.0,4.1] [-v] [--limit N] [--json FILE]``

Compiles every program of the project's corpora again at shader models 5.1, 4.0 and 4.1 (and at 5.0, the
reference verdict) and classes each outcome — ``compiled``; ``error`` (an fxc-style ``X####`` error, the code
kept); ``notimpl`` (NotSupportedError / E_NOTIMPL, the feature named); ``crash`` (any other exception: always a
bug); ``hang`` (over the time limit: always a bug). A development tool for the models the shared expectations
test least: a program fxc compiles at 5.0 almost always compiles at 5.1 (MicrosoftDocs direct3dhlsl "Shader
Model 5.1": 5.1 adds register spaces, resource arrays indexed at run time, unbounded arrays and
``ConstantBuffer<T>``, and keeps the 5.0 language), and 4.0/4.1 must refuse the SM5-only constructs with fxc's
errors, never with NotSupportedError or a crash.

Sources (:data:`SOURCES`), each program compiled as its corpus compiles it (entry point, defines, flags,
includes) with only the target's model changed (the stage kept; hull and domain shaders have no 4.x target):

- ``shader-tests``: every HLSL shader section of ../shared/conformance/shader-tests/hlsl/*.shader_test (entry
  ``main``, the block's ``options:`` flags; effect sections are not programs of one stage);
- ``dxc``: tools/dxc_corpus's jobs (DXC's test files, already retargeted to ``*_5_0``);
- ``sdk``: tools/sdk_samples's stage jobs (the DirectX SDK samples; ``--sdk DIR`` a checkout, else the mirror is
  extracted under /tmp);
- ``dxtk``, ``dxtex``, ``atg``, ``atg12``: tools/real_corpora's corpora (atg12 holds real 5.1 programs).

For 5.1 each verdict is compared with the same program's 5.0 verdict (same / 5.1 refuses what 5.0 compiles /
5.1 compiles what 5.0 refuses / another error). Every program compiled at 5.1 is checked for sane reflection
(:func:`reflection_problems`: D3D12 reflection's bindings against the 5.0 object's and against the 5.1
declarations of the disassembly).
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
SDK_MIRROR = Path("/work/.mirror/walbourn+directx-sdk-samples/repo")
SOURCES = ("shader-tests", "dxc", "sdk", "dxtk", "dxtex", "atg", "atg12")
STAGES = ("vs", "ps", "gs", "hs", "ds", "cs")
_ERR = re.compile(r"\berror (X\d{4})")

#: a compile: (target) -> the bytecode, raising as D3DCompile raises
CompileFn = Callable[[str], Any]


@dataclass
class Program:
    source: str   #: the corpus
    name: str     #: where it is (file, line or entry point)
    stage: str    #: vs / ps / gs / hs / ds / cs
    compile: CompileFn


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
                              lambda t, data=data, flags=flags: D3DCompile(data, len(data), None, None, None,
                                                                            "main", t, flags, 0))


def dxc_programs(out: Path = Path("/tmp/dxc_corpus")) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompileFromFile
    from pyd3d11.tools import dxc_corpus as X

    X.extract(X.DEFAULT_REPO, out)
    for rel in X.corpus_files(out):
        path = out / rel
        for job in X.read_jobs(path, rel).jobs:
            inc = X.IncludeDirs(path, job.includes) if job.includes else D.D3D_COMPILE_STANDARD_FILE_INCLUDE
            yield Program("dxc", f"{rel}:{job.entry}", job.target[:2],
                          lambda t, path=path, job=job, inc=inc: D3DCompileFromFile(
                              str(path), list(job.defines) or None, inc, job.entry, t, job.flags, 0))


def sdk_programs(root: Path | None = None) -> Iterator[Program]:
    """The SDK samples' stage jobs: from a checkout ``root``, else read from the git mirror (its snapshot lacks
    only large media files, which no shader includes). Jobs whose source is embedded in C++ need a checkout."""
    from pyd3d11.shader.compile_api import D3DCompile, D3DCompileFromFile
    from pyd3d11.tools import real_corpora as R
    from pyd3d11.tools import sdk_samples as S

    tree = R.GitTree(SDK_MIRROR) if root is None else None
    for job in S.jobs():
        if job.target[:2] not in STAGES or "level_9" in job.target or ("#" in job.path and tree is not None):
            continue
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


def programs(source: str, sdk_root: Path | None = None) -> Iterator[Program]:
    if source == "shader-tests":
        return shader_test_programs()
    if source == "dxc":
        return dxc_programs()
    if source == "sdk":
        return sdk_programs(sdk_root)
    return real_programs(source)


# ---------------------------------------------------------------------------------------------------
# reflection at 5.1

_DCL51 = re.compile(r"^dcl_\w+.*?\b(CB|S|T|U)(\d+)\[(\d+):(\d+|\*)\](?:\[\d+\])?.*\bspace=(\d+)")
#: D3D_SHADER_INPUT_TYPE → the register type of its range (CB constant buffer, S sampler, T SRV, U UAV)
_FILE_OF_TYPE = {0: "CB", 1: "T", 2: "T", 3: "S", 4: "U", 5: "T", 6: "U", 7: "T", 8: "U", 9: "U", 10: "U", 11: "U"}


def _bindings(blob: bytes, d3d12: bool) -> list[Any]:
    from pyd3d11.d3dcompiler import D3DReflect
    from pyd3d11.headers.guids import IID_ID3D11ShaderReflection, IID_ID3D12ShaderReflection

    r = D3DReflect(blob, None, IID_ID3D12ShaderReflection if d3d12 else IID_ID3D11ShaderReflection)
    return [r.GetResourceBindingDesc(i) for i in range(r.GetDesc().BoundResources)]


def _declared_ranges(blob: bytes) -> list[tuple[str, int, int, int | None, int]]:
    """(register type, ID, lower, upper or None when unbounded, space) of each 5.1 range declaration, in the
    listing's order."""
    from pyd3d11.d3dcompiler import D3DDisassemble

    out = D3DDisassemble(blob, None, 0, None)
    out = out[0] if isinstance(out, tuple) else out
    text = bytes(out.GetBufferPointer())[: out.GetBufferSize()].decode("utf-8", "replace") \
        if hasattr(out, "GetBufferPointer") else str(out)
    found = []
    for ln in text.splitlines():
        m = _DCL51.match(ln.strip())
        if m:
            found.append((m.group(1), int(m.group(2)), int(m.group(3)),
                       None if m.group(4) == "*" else int(m.group(4)), int(m.group(5))))
    return found


def _registers(rows: list[tuple]) -> set[tuple]:
    """Bindings as the registers they cover: (array name, register type, register, dimension, return type, samples,
    flags) for each register of each binding. fxc's 5.0 reflection names the elements of some object arrays one by
    one (``tex[0]``, ``tex[1]``, each of count 1) where 5.1 makes the array one range (``tex`` of count 2; "Resource
    Binding in HLSL": resource arrays), and a hidden counter changes one element's type at 5.0 but the whole
    range's at 5.1; the registers each array holds are the same either way. An unbounded range (count 0) is its
    first register."""
    out = set()
    for name, type_, point, count, *rest in rows:
        base = re.sub(r"(\[\d+\])+$", "", name)
        # D3D_SIF_USERPACKED is not compared: fxc 10.1 sets it at 5.1 on constant buffers only (docs/conformance.md
        # "Session 24, helper REF"), so an explicit register(t#) is USERPACKED at 5.0 and not at 5.1
        *rest, flags = rest
        for reg in range(point, point + max(count, 1)):
            out.add((base, _FILE_OF_TYPE.get(type_, "?"), reg, *rest, flags & ~1))
    return out


def reflection_problems(blob51: bytes, blob50: bytes | None) -> list[str]:
    """What is not sane in a 5.1 object's reflection (MicrosoftDocs direct3dhlsl "Resource Binding in HLSL",
    "Bytecode changes in SM5.1"; D3D12_SHADER_INPUT_BIND_DESC): each range's ID unique and its registers disjoint
    from every other range of its register type and space, a bind count of 0 only for an unbounded range, one
    declaration ``[ID][lower][upper], space`` for each binding; and, where the program has no register space or
    array, the same registers for each array or variable (``_registers``) as its 5.0 object."""
    problems: list[str] = []
    b51 = _bindings(blob51, True)
    listed = _declared_ranges(blob51)
    decls = set(listed)
    # "The order of reflection resource bindings … and shader declaration instructions (dcl_*) is the same": of
    # each register type, both in ID order
    for what, ids in (("bindings", [(_FILE_OF_TYPE.get(int(b.Type), "?"), b.uID) for b in b51]),
                      ("declarations", [(d[0], d[1]) for d in listed])):
        for file in sorted({f for f, _ in ids}):
            seq = [i for f, i in ids if f == file]
            if seq != sorted(seq):
                problems.append(f"{what} of {file} not in ID order: {seq}")
    seen_ids: dict[tuple[str, int], str] = {}
    spans: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
    want_decls = set()
    for b in b51:
        file = _FILE_OF_TYPE.get(int(b.Type), "?")
        if (file, b.uID) in seen_ids:
            problems.append(f"uID {file}{b.uID} of {b.Name} also {seen_ids[(file, b.uID)]}")
        seen_ids[(file, b.uID)] = b.Name
        last = None if b.BindCount == 0 else b.BindPoint + b.BindCount - 1
        want_decls.add((file, b.uID, b.BindPoint, last, b.Space))
        for lo, hi, other in spans.get((file, b.Space), []):
            if b.BindPoint <= (hi if hi >= 0 else 1 << 32) and lo <= (last if last is not None else 1 << 32):
                problems.append(f"{b.Name} [{b.BindPoint}:{last}] space {b.Space} overlaps {other}")
        spans.setdefault((file, b.Space), []).append((b.BindPoint, -1 if last is None else last, b.Name))
    if want_decls != decls:
        if want_decls - decls:
            problems.append(f"bindings without a declaration: {sorted(want_decls - decls, key=str)}")
        if decls - want_decls:
            problems.append(f"declarations without a binding: {sorted(decls - want_decls, key=str)}")
    if blob50 is not None:
        def row(b: Any) -> tuple:
            return (b.Name, int(b.Type), b.BindPoint, b.BindCount, int(b.Dimension), int(b.ReturnType),
                    b.NumSamples, b.uFlags)
        r50, r51 = _registers(list(map(row, _bindings(blob50, False)))), _registers(list(map(row, b51)))
        if r50 != r51:
            problems.append(f"registers of 5.0 only {sorted(r50 - r51)[:6]}, of 5.1 only {sorted(r51 - r50)[:6]}")
    return problems


# ---------------------------------------------------------------------------------------------------
# the run

def run_program(p: Program, models: tuple[str, ...], timeout: float) -> dict[str, Any]:
    out: dict[str, Outcome] = {}
    for m in ("5.0", *models):
        if p.stage in ("hs", "ds") and m < "5.0":
            continue
        target = f"{p.stage}_{m.replace('.', '_')}"
        out[m] = classify(lambda target=target: p.compile(target), timeout)
    rec: dict[str, Any] = {"source": p.source, "name": p.name, "stage": p.stage,
                           "models": {m: [o.cls, o.detail] for m, o in out.items()}}
    o50, o51 = out["5.0"], out.get("5.1")
    if o51 is not None and o51.cls == "compiled":
        try:
            rec["reflection"] = reflection_problems(o51.blob, o50.blob if o50.cls == "compiled" else None)
        except Exception as e:  # noqa: BLE001 - reflecting our own object must not fail
            rec["reflection"] = [f"reflection crashed: {type(e).__name__}: {e}"[:300]]
    return rec


def compare51(rec: dict[str, Any]) -> str:
    """The 5.1 verdict against the 5.0 one."""
    m = rec["models"]
    if "5.1" not in m:
        return ""
    k50, k51 = _key(m["5.0"]), _key(m["5.1"])
    if k50 == k51:
        return "same"
    if k50 == "compiled":
        return f"5.1 refuses what 5.0 compiles ({k51})"
    if k51 == "compiled":
        return f"5.1 compiles what 5.0 refuses ({k50})"
    return f"5.0 {k50}, 5.1 {k51}"


def _key(v: list[str]) -> str:
    return Outcome(v[0], v[1]).key


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.retarget51", description=__doc__.split("\n\n")[1])
    ap.add_argument("--source", action="append", choices=SOURCES, help="corpora (default: all)")
    ap.add_argument("--models", default="5.1,4.0,4.1", help="models compiled besides 5.0")
    ap.add_argument("--sdk", type=Path, default=None, help="a checkout of walbourn/directx-sdk-samples")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--limit", type=int, default=0, help="at most N programs a source (0: all)")
    ap.add_argument("--json", type=Path, default=None, help="write every program's record here (JSON lines, as "
                    "each program is done)")
    ap.add_argument("--every", type=int, default=1, help="only every N-th program of a source (with --offset)")
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("-v", action="store_true", help="one line per finding as it comes")
    ap.add_argument("--report", type=Path, default=None, help="only summarise the records of an earlier --json run")
    a = ap.parse_args(argv)
    models = tuple(m.strip() for m in a.models.split(",") if m.strip())
    if a.report is not None:
        records = load(a.report)
        report(records, tuple(m for m in ("5.1", "4.0", "4.1") if any(m in r["models"] for r in records)))
        return 0
    records: list[dict[str, Any]] = []
    sink = a.json.open("w") if a.json else None
    for source in a.source or SOURCES:
        try:
            listed = list(programs(source, a.sdk))
        except Exception as e:  # noqa: BLE001 - a corpus that cannot be read is reported, the others still run
            print(f"{source}: not read ({type(e).__name__}: {e})"[:300], flush=True)
            continue
        for i, p in enumerate(listed):
            if a.limit and i >= a.limit:
                break
            if i % a.every != a.offset:
                continue
            rec = run_program(p, models, a.timeout)
            records.append(rec)
            if sink is not None:
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
            if a.v:
                bad = [f"{m} {v[0]} {v[1][:100]}" for m, v in rec["models"].items() if v[0] in ("crash", "hang",
                                                                                                  "notimpl")]
                cmp_ = compare51(rec)
                if cmp_ not in ("same", ""):
                    bad.append(cmp_)
                if rec.get("reflection"):
                    bad.append("reflection: " + "; ".join(rec["reflection"])[:300])
                if bad:
                    print(f"{rec['source']} {rec['name']} [{rec['stage']}]: " + " | ".join(bad), flush=True)
    if sink is not None:
        sink.close()
    report(records, models)
    return 1 if any(v[0] in ("crash", "hang") for r in records for v in r["models"].values()) else 0


def load(path: Path) -> list[dict[str, Any]]:
    """The records a ``--json`` run wrote (one JSON object a line)."""
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]


def report(records: list[dict[str, Any]], models: tuple[str, ...]) -> None:
    print(f"programs: {len(records)} (" + ", ".join(f"{s} {n}" for s, n in
                                                   Counter(r['source'] for r in records).items()) + ")")
    for m in ("5.0", *models):
        c = Counter(r["models"][m][0] for r in records if m in r["models"])
        print(f"  {m}: " + ", ".join(f"{k} {c[k]}" for k in ("compiled", "error", "notimpl", "crash", "hang")))
    if "5.1" in models:
        c = Counter(compare51(r) for r in records if "5.1" in r["models"])
        print("  5.1 against 5.0:")
        for k, n in c.most_common():
            print(f"    {n:5d}  {k}")
        refl = [r for r in records if r.get("reflection")]
        print(f"  5.1 reflection: {sum('reflection' in r for r in records)} checked, {len(refl)} with problems")
    causes: Counter = Counter()
    for r in records:
        for m, (cls, detail) in r["models"].items():
            if cls in ("notimpl", "crash", "hang"):
                causes[(m, cls, re.sub(r"'[^']*'", "'…'", detail)[:100])] += 1
    if causes:
        print("  not built / crashes (by model and feature):")
        for (m, cls, d), n in causes.most_common(40):
            print(f"    {n:5d}  {m} {cls:8s} {d}")


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    os.environ.setdefault("PYD3D11_NO_NATIVE_WARN", "1")
    sys.exit(main())
