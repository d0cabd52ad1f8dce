"""Write tests/data/backend_free_tests.txt: the backend-parametrized test functions none of whose runs consults the
shader backend, so that the suite runs them once (tests/conftest.py treats them as ``backend_independent``).

Every choice between the native and the reference backend goes through ``pyd3d11.shader.native.backend()``; a test
that never calls it computes the same thing under either selection, and its second run repeats the first. This runs
the reference half of every backend-parametrized test with ``PYD3D11_BACKEND_USE_LOG`` set (conftest.py counts the
calls per test) and lists the functions whose every item counted none. The list is checked, not trusted: in a normal
run a listed test that consults the backend fails. Run it again after adding tests (new functions are parametrized
until listed)::

    PYTHONPATH=src:tests python scripts/backend_free.py -n 2
    PYTHONPATH=src:tests python scripts/backend_free.py -n 2 tests/test_new_table.py ...   # those files only

Given test files, only they run, and the list keeps its entries of every other file (merged_list).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "tests" / "data" / "backend_free_tests.txt"
HEADER = ("# test functions that never consult the shader backend: they run once (tests/conftest.py BACKEND_FREE).\n"
          "# Written by scripts/backend_free.py from a recorded run; a listed test that consults the backend fails.\n")


def free_functions(log_lines: list[str]) -> list[str]:
    """Function ids all of whose logged runs counted no backend query (``id<TAB>count`` lines)."""
    asked: dict[str, int] = {}
    for line in log_lines:
        key, _, count = line.rstrip("\n").partition("\t")
        if key:
            asked[key] = asked.get(key, 0) + int(count or 0)
    return sorted(k for k, n in asked.items() if n == 0)


def merged_list(old: list[str], run_files: set[str], free: list[str]) -> list[str]:
    """The list after a run of ``run_files`` only: the old entries of the other files, and the run's findings."""
    return sorted({k for k in old if k.split("::")[0] not in run_files} | set(free))


def main(argv: list[str]) -> int:
    files = [a for a in argv if a.startswith("tests/") and a.endswith(".py")]
    opts = [a for a in argv if a not in files]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "use.tsv"
        env = {**os.environ, "PYD3D11_BACKEND_USE_LOG": str(log)}
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *opts, *(files or ["tests"])],
                           cwd=REPO, env=env)
        if r.returncode != 0:
            print("the recording run failed: the list is left as it was", file=sys.stderr)
            return r.returncode
        free = free_functions(log.read_text().splitlines() if log.exists() else [])
    if files:
        old = [ln.strip() for ln in OUT.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
        free = merged_list(old, set(files), free)
    OUT.write_text(HEADER + "".join(f"{k}\n" for k in free))
    print(f"{len(free)} functions listed in {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
