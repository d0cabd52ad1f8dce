"""Both shader backends over the shader corpora, compared byte for byte (issue 12).

* ``--shader-tests PATH...``: every ``.shader_test`` file (../shared/conformance/shader-tests) runs its two
  execution passes (tools/shader_runner.py: HLSL compiled by our compiler, resources, draws and dispatches
  through the public API) once on the reference backend and once on the native one. After every ``[test]``
  block the bytes of every resource the file declared (render targets, depth, UAVs, buffers) and the
  block's outcome are recorded; the two runs must agree block by block. A block during which the native
  backend sent a shader to the reference executor is counted as ``fallback`` (not compared natively).
  When native and reference differ, the native run is repeated on one worker thread: a block that then
  agrees is ``race`` (racing writes of different thread groups, undefined in D3D11), not a failure.
* ``--dxbc PATH...``: every DXBC object (``.o``, ``.dxbc``, ``.cso``) through tools/backend_diff.py's
  executor-level comparison.

    python -m pyd3d11.tools.corpus_diff --shader-tests ../shared/conformance/shader-tests [-v]
    python -m pyd3d11.tools.corpus_diff --dxbc ../shared/conformance/dxbc-corpus

Exit status 1 when any block or object differs.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..shader import native
from ..shader.native import pool, runtime
from .shader_runner import PASSES, collect_files, run_pass
from .shader_test_format import parse_file_text


@dataclass
class BlockRecord:
    line: int
    status: str
    resources: dict
    fallbacks: dict  # native fallback reasons during the block (empty on the reference)


@dataclass
class CorpusTally:
    blocks: dict = field(default_factory=dict)  # status → count
    reasons: dict = field(default_factory=dict)  # fallback reason → blocks
    failures: list = field(default_factory=list)  # (file, pass, line, detail)

    def add(self, status: str) -> None:
        self.blocks[status] = self.blocks.get(status, 0) + 1


def _snapshot(h: Any) -> dict:
    out = {}
    for key, res in h.state.resources.items():
        st = getattr(res.obj, "_storage", None)
        if st is not None:
            out[key] = st.data.tobytes()
        view = getattr(res.view, "_view", None)
        if view is not None and getattr(view, "flags", 0) & 0x6:  # APPEND / COUNTER: the hidden counter
            out[(key, "counter")] = repr(list(view.counter)).encode()
    return out


def _run(sections: list, name: str, backend: str, threads: int | None, timeout: float) -> list[BlockRecord]:
    records: list[BlockRecord] = []
    mark = [dict(runtime.stats.reasons)]

    def after(h: Any, block: Any) -> None:
        now = dict(runtime.stats.reasons)
        delta = {k: v - mark[0].get(k, 0) for k, v in now.items() if v != mark[0].get(k, 0)}
        mark[0] = now
        records.append(BlockRecord(block.line, block.status, _snapshot(h), delta))

    prev, prev_threads = native.backend(), pool._override
    try:
        native.set_backend(backend)
        pool.set_threads(threads)
        lo, hi = PASSES[name]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            run_pass(sections, lo, hi, timeout, after_block=after)
    finally:
        native.set_backend(prev)
        pool.set_threads(prev_threads)
    return records


def _compare(a: BlockRecord, b: BlockRecord) -> str:
    if a.status != b.status:
        return f"block {a.status} on the reference, {b.status} natively"
    bad = [k for k in a.resources if a.resources[k] != b.resources.get(k)]
    if bad:
        return "resources differ: " + ", ".join(str(k) for k in bad)
    return ""


def diff_file(path: Path, tally: CorpusTally, passes: tuple[str, ...] = ("4", "5"), timeout: float = 60.0,
              verbose: bool = False) -> None:
    try:
        sections = parse_file_text(path.read_text(encoding="utf-8", errors="replace"))
    except Exception as e:  # a file the parser refuses: nothing to compare
        tally.add("unparsed")
        if verbose:
            print(f"{path}: unparsed ({e})")
        return
    for name in passes:
        ref = _run(sections, name, "reference", None, timeout)
        nat = _run(sections, name, "native", None, timeout)
        serial = None
        for i, (a, b) in enumerate(zip(ref, nat, strict=False)):
            if a.status == "skipped":
                tally.add("skipped")
                continue
            d = _compare(a, b)
            status = "same"
            if b.fallbacks:
                status = "fallback"
                for k in b.fallbacks:
                    tally.reasons[k] = tally.reasons.get(k, 0) + 1
            if d:
                if serial is None:
                    serial = _run(sections, name, "native", 1, timeout)
                if i < len(serial) and not _compare(a, serial[i]):
                    status = "race"
                else:
                    status = "diff" if status == "same" else "diff-with-fallback"
                    tally.failures.append((str(path), name, a.line, d))
            tally.add(status)
            if verbose or status.startswith("diff") or status == "race":
                print(f"{path}:{a.line} sm{name}: {status} {d}", flush=True)
        if len(ref) != len(nat):
            tally.add("diff")
            tally.failures.append((str(path), name, 0, f"{len(ref)} blocks ran on the reference, {len(nat)} natively"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shader-tests", nargs="*", default=[], help=".shader_test files or folders")
    ap.add_argument("--dxbc", nargs="*", default=[], help="DXBC objects or folders")
    ap.add_argument("--sm", choices=("4", "5", "both"), default="both")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not native.available():
        print("the native backend (llvmlite) is not available")
        return 2
    bad = 0
    t0 = time.process_time()
    if args.shader_tests:
        tally = CorpusTally()
        passes = ("4", "5") if args.sm == "both" else (args.sm,)
        files = collect_files(args.shader_tests)
        for f in files:
            diff_file(f, tally, passes, args.timeout, args.verbose)
        print(f"shader tests: {len(files)} files; blocks " + " ".join(f"{k}={v}" for k, v in sorted(tally.blocks.items())))
        if tally.reasons:
            print("native fallbacks (blocks): " + "; ".join(f"{k}: {v}" for k, v in sorted(tally.reasons.items())))
        bad += len(tally.failures)
    if args.dxbc:
        from .backend_diff import main as dxbc_main

        files = []
        for a in args.dxbc:
            p = Path(a)
            files += sorted(x for x in p.rglob("*") if x.suffix in (".o", ".dxbc", ".cso")) if p.is_dir() else [p]
        bad += dxbc_main(["--files", *map(str, files)])
    print(f"{time.process_time() - t0:.1f} s of process CPU time")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
