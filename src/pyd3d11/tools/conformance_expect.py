"""The stored per-item results of the shader-test corpus, enforced in CI.

Every ``[test]`` block (per execution pass), compile expectation (per shader model) and preprocessor
expectation of ``../shared/conformance/shader-tests`` has one recorded outcome in
``tests/data/shader_tests_expected.json``. ``tests/test_conformance_enforced.py`` runs each file and
requires the outcomes to equal the record: a regression fails, and so does an improvement until the
record is updated in the same commit (``python -m pyd3d11.tools.conformance_expect --update``), so the
file is always the project's exact current figure.

Usage::

    python -m pyd3d11.tools.conformance_expect --diff      # what changed against the record
    python -m pyd3d11.tools.conformance_expect --update    # rewrite the record (-j N for processes)
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .shader_runner import FileResult, run_file

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "conformance" / "shader-tests"
RECORD = REPO / "tests" / "data" / "shader_tests_expected.json"
#: seconds per block or compile; generous so that a slow CI machine does not turn a pass into a timeout
TIMEOUT = 120.0


def outcomes(fr: FileResult) -> dict[str, str]:
    """One entry per item of a file: ``"sm4 L12" -> "passed"``, ``"compile 5.0 ps L3" -> "agree"``, …"""
    out: dict[str, str] = {}
    for name, blocks in fr.passes.items():
        for b in blocks:
            out[f"sm{name} L{b.line}"] = b.status
    for c in fr.compile_checks:
        out[f"compile {c.model} {c.stage} L{c.line}"] = "agree" if c.agree else "disagree"
    for c in fr.preproc_checks:
        out[f"preproc L{c.line}"] = "agree" if c.agree else "disagree"
    if fr.error:
        out["error"] = fr.error
    return out


def corpus_files(root: Path = CORPUS) -> list[str]:
    """Corpus files as paths relative to the corpus folder (the record's keys)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.shader_test"))


#: what :func:`run_one` runs: every item; the ``[test]`` blocks only (they execute shaders: the part that depends
#: on the shader backend); the compile and preprocessor expectations only (compiling never executes a shader)
PARTS = ("all", "blocks", "checks")


def run_one(rel: str, root: Path = CORPUS, part: str = "all") -> dict[str, str]:
    """The outcomes of one corpus file's items of ``part`` (:data:`PARTS`)."""
    if part not in PARTS:
        raise ValueError(f"part {part!r}: one of {PARTS}")
    fr = run_file(root / rel, timeout=TIMEOUT, check_compile=part != "blocks", compile_only=part == "checks")
    return outcomes(fr)


def part_of(items: dict[str, str], part: str) -> dict[str, str]:
    """The entries of a file's record that :func:`run_one` reports for ``part`` (an ``error`` entry: every part)."""
    if part == "all":
        return dict(items)
    blocks = part == "blocks"
    return {k: v for k, v in items.items() if k == "error" or k.startswith("sm") == blocks}


def load_record(path: Path = RECORD) -> dict[str, dict[str, str]]:
    return json.loads(path.read_text(encoding="utf-8"))


def diff(want: dict[str, str], got: dict[str, str]) -> list[str]:
    """Lines naming every item whose outcome differs (``item: recorded -> now``)."""
    keys = sorted(set(want) | set(got))
    return [f"{k}: {want.get(k, '-')} -> {got.get(k, '-')}" for k in keys if want.get(k) != got.get(k)]


def totals(record: dict[str, dict[str, str]]) -> dict[str, int]:
    """Counts of each (kind, outcome) over a record, e.g. ``{"sm4 passed": 539, …}``."""
    out: dict[str, int] = {}
    for items in record.values():
        for key, val in items.items():
            kind = key.split(" ")[0] + (" " + key.split(" ")[1] if key.startswith("compile") else "")
            out[f"{kind} {val}"] = out.get(f"{kind} {val}", 0) + 1
    return dict(sorted(out.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.conformance_expect", description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--update", action="store_true", help="run the corpus and rewrite the record")
    g.add_argument("--diff", action="store_true", help="run the corpus and list the items that changed")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    if not CORPUS.exists():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 2
    files = corpus_files()
    with ProcessPoolExecutor(max(1, a.jobs)) as ex:
        got = dict(zip(files, ex.map(run_one, files)))
    old = load_record() if RECORD.exists() else {}
    changed = {f: diff(old.get(f, {}), got[f]) for f in sorted(set(old) | set(got))}
    for f, lines in changed.items():
        for line in lines:
            print(f"{f}: {line}")
    if a.update:
        RECORD.parent.mkdir(parents=True, exist_ok=True)
        RECORD.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for k, v in totals(got).items():
        print(f"{k}: {v}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
