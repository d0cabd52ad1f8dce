"""``python -m pyd3d11.tools.retarget [--corpus NAME ...] [--extra] [--show CLASS] [-v]``

Compiles many programs at the Direct3D 9 targets (vs_2_0 / ps_2_0 / vs_3_0 / ps_3_0; with ``--extra`` also
vs_2_a / ps_2_a / ps_2_b) and classes each outcome as the DXC corpus tool does (:func:`dxc_corpus.outcome`):
``compiled``; ``error`` (an fxc-style X#### error: fxc may refuse the program as well, so no finding by itself);
``notimpl`` (NotSupportedError / E_NOTIMPL: a feature the compiler does not build, tallied by name); ``crash``
(any other exception: always a bug, tallied by its innermost frame); ``hang``. A development measurement for
issue 15 (docs/conformance.md, session 24 helper SM3G), not a test: no corpus is vendored.

Corpora (``--corpus``, all by default):

* ``tests`` — every vertex / pixel shader section of ../shared/conformance/shader-tests/hlsl/*.shader_test,
  including those whose ``[require]`` keeps them off shader model 2-3 (samples of what unseen tests hold),
  compiled with the section's compile options.
* ``dxc`` — the vs / ps jobs of the DXC test corpus (:mod:`dxc_corpus`, its skip markers applied), retargeted.
* ``dx9`` — DXDecompiler's ShadersDX9 compiles (:mod:`d3d9_corpus`: fxc's own D3D9 command lines), at their
  own targets (``--dx9 DIR``: a checkout's src/DXDecompiler.Tests/ShadersDX9).
* ``legacy9`` — the Direct3D 9 effects (``Direct3D/**.fx``) of walbourn/directx-sdk-legacy-samples as
  ``fx_2_0`` (each pass's ``compile vs_2_0 …`` is a D3D9 program), read from the git mirror.
* ``sdk11`` — the vs / ps jobs of the DirectX SDK's Direct3D 11 samples (:mod:`sdk_samples`), retargeted,
  read from the walbourn/directx-sdk-samples mirror.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pyd3d11.tools.dxc_corpus import outcome

TARGETS = {"vs": ("vs_2_0", "vs_3_0"), "ps": ("ps_2_0", "ps_3_0")}
EXTRA = {"vs": ("vs_2_a",), "ps": ("ps_2_a", "ps_2_b")}
TESTS = Path(__file__).resolve().parents[3] / "../shared/conformance/shader-tests/hlsl"
MIRROR = Path("/work/.mirror")
CLASSES = ("compiled", "error", "notimpl", "crash", "hang")


@dataclass(frozen=True)
class Program:
    corpus: str
    name: str  #: where it comes from (file, line or entry)
    target: str
    call: Callable[[], object]  #: one D3DCompile* call


def _targets(stage: str, extra: bool) -> tuple[str, ...]:
    return TARGETS.get(stage, ()) + (EXTRA.get(stage, ()) if extra else ())


def _compile(source: bytes, name: str, entry: str | None, target: str, flags: int = 0,
             defines: tuple = (), include: object = None) -> Callable[[], object]:
    from pyd3d11.shader.compile_api import D3DCompile

    return lambda: D3DCompile(source, len(source), name, list(defines) or None, include, entry, target, flags, 0)


def test_programs(extra: bool, root: Path = TESTS) -> Iterator[Program]:
    from pyd3d11.tools.shader_test_format import Requirements, parse_file_text

    for path in sorted(root.glob("*.shader_test")):
        req = Requirements()
        for ps in parse_file_text(path.read_text("utf-8", "replace")):
            if ps.kind == "require":
                req = ps.require or Requirements()
            elif ps.kind == "shader" and ps.shader is not None and ps.shader.source_format == "hlsl" \
                    and not ps.error:
                for t in _targets(ps.shader.stage, extra):
                    yield Program("tests", f"{path.name}:{ps.section.line}", t,
                                  _compile(ps.source.encode(), path.name, "main", t, req.compile_options))


def dxc_programs(extra: bool) -> Iterator[Program]:
    from pyd3d11.shader.compile_api import D3DCompileFromFile
    from pyd3d11.tools import dxc_corpus as dx

    dx.extract(dx.DEFAULT_REPO, dx.DEFAULT_OUT)
    for rel in dx.corpus_files(dx.DEFAULT_OUT):
        path = dx.DEFAULT_OUT / rel
        fj = dx.read_jobs(path, rel)
        if fj.expects_error:
            continue
        for job in fj.jobs:
            for t in _targets(job.target[:2], extra):
                def call(job=job, t=t, path=path) -> None:
                    inc = dx.IncludeDirs(path, job.includes) if job.includes else dx.D.D3D_COMPILE_STANDARD_FILE_INCLUDE
                    D3DCompileFromFile(str(path), list(job.defines) or None, inc, job.entry, t, job.flags, 0)
                yield Program("dxc", f"{rel}:{job.entry}", t, call)


def dx9_programs(root: str | None, extra: bool) -> Iterator[Program]:  # noqa: ARG001 - own targets
    from pyd3d11.tools import d3d9_corpus as d9

    if not root:
        return
    for folder, file, out, target, entry, *flags in d9.jobs(root):
        src_path = d9._find(root, folder, file)
        if src_path is None:
            continue
        src = Path(src_path).read_bytes()
        defines = tuple(tuple((x[2:].split("=", 1) + ["1"])[:2]) for x in flags if x.startswith("/D"))
        yield Program("dx9", f"{folder}/{file}:{out}", target,
                      _compile(src, src_path, entry, target, 4 if "/Od" in flags else 0, defines,
                               d9._Include(str(Path(src_path).parent))))


def legacy9_programs(extra: bool) -> Iterator[Program]:  # noqa: ARG001 - each pass names its target
    from pyd3d11.tools.real_corpora import GitInclude, GitTree

    tree = GitTree(MIRROR / "walbourn+directx-sdk-legacy-samples" / "repo")
    if not tree.exists():
        return
    for name in tree.names():
        if name.startswith("Direct3D/") and name.lower().endswith(".fx"):
            src = tree.read(name) or b""
            yield Program("legacy9", name, "fx_2_0", _compile(src, name, None, "fx_2_0", 0, (),
                                                             GitInclude(tree, name)))


def sdk11_programs(extra: bool) -> Iterator[Program]:
    from pyd3d11.tools import sdk_samples
    from pyd3d11.tools.real_corpora import GitInclude, GitTree

    tree = GitTree(MIRROR / "walbourn+directx-sdk-samples" / "repo")
    if not tree.exists():
        return
    seen: set = set()
    for job in sdk_samples.jobs():
        key = (job.path, job.entry, job.defines)
        if "#" in job.path or job.target[:2] not in TARGETS or key in seen:
            continue
        seen.add(key)
        src = tree.read(job.path)
        if src is None:
            continue
        for t in _targets(job.target[:2], extra):
            yield Program("sdk11", f"{job.path}:{job.entry}", t,
                          _compile(src, job.path, job.entry, t, job.flags, job.defines, GitInclude(tree, job.path)))


_POS = re.compile(r"^[^:]*\(\d+(,\d+)?(-\d+)?\):\s*(error\s*)?")


def cause(cls: str, detail: str) -> str:
    """The tally key of one outcome: the error code; the NotSupportedError text without its position and
    numbers; the crash's exception type and frame."""
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


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="retarget", description=__doc__.split("\n\n")[1])
    ap.add_argument("--corpus", action="append", choices=("tests", "dxc", "dx9", "legacy9", "sdk11"))
    ap.add_argument("--dx9", default="/tmp/sm3g_dx9/src/DXDecompiler.Tests/ShadersDX9")
    ap.add_argument("--extra", action="store_true", help="also vs_2_a / ps_2_a / ps_2_b")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--show", action="append", default=[], help="print each program of this class")
    ap.add_argument("--grep", default="", help="only programs whose name contains this")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--every", type=int, default=1, help="only every N-th program of each corpus (a sample)")
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    sources = {"tests": lambda: test_programs(a.extra), "dxc": lambda: dxc_programs(a.extra),
               "dx9": lambda: dx9_programs(a.dx9 if Path(a.dx9).is_dir() else None, a.extra),
               "legacy9": lambda: legacy9_programs(a.extra), "sdk11": lambda: sdk11_programs(a.extra)}
    bad = False
    for corpus in a.corpus or list(sources):
        tally: Counter = Counter()
        causes: Counter = Counter()
        for n, prog in enumerate(sources[corpus]()):
            if a.grep and a.grep not in prog.name or n % a.every:
                continue
            cls, detail = outcome(prog.call, a.timeout)
            tally[cls] += 1
            tally[(prog.target, cls)] += 1
            if cls != "compiled":
                causes[(cls, cause(cls, detail))] += 1
            if cls in a.show:
                print(f"  {cls:8s} {prog.target} {prog.name}: {detail}", flush=True)
        bad |= bool(tally["crash"] or tally["hang"])
        total = sum(tally[c] for c in CLASSES)
        print(f"{corpus}: {total} compiles: " + ", ".join(f"{c} {tally[c]}" for c in CLASSES))
        for t in sorted({k[0] for k in tally if isinstance(k, tuple)}):
            print(f"  {t}: " + ", ".join(f"{c} {tally[(t, c)]}" for c in CLASSES if tally[(t, c)]))
        for (cls, key), n in causes.most_common(a.top):
            if cls != "error":
                print(f"  {n:5d}  {cls:8s} {key}")
        errs = [(k, n) for (c, k), n in causes.items() if c == "error"]
        print("  errors: " + ", ".join(f"{k} {n}" for k, n in sorted(errs, key=lambda x: -x[1])[:15]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
