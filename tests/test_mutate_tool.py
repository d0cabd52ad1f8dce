"""scripts/mutate.py's ``--function`` selection (session 21, helper MUT, issue 19): the mutation points of the named
functions or methods only — a bare name matches every function and method of that name, ``Class.method`` only
that method — so that a large module's rules can be mutated where they are (runtime.py's small-first points)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.backend_independent  # runs no shader

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "scripts" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("mutate_tool", mutate)  # (its dataclasses look their module up there)
_spec.loader.exec_module(mutate)

MODULE = "pipeline/native/chunk_tiles.py"


def _defs() -> dict[str, tuple[int, int]]:
    tree = ast.parse((mutate.SRC / MODULE).read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TilePass")
    return {f"TilePass.{f.name}": (f.lineno, f.end_lineno) for f in cls.body if isinstance(f, ast.FunctionDef)}


@pytest.mark.parametrize("names,want", [
    (["TilePass.add"], ["TilePass.add"]),
    (["launch"], ["TilePass.launch"]),
    (["TilePass.add", "launch"], ["TilePass.add", "TilePass.launch"]),
    (["add.finish"], []),  # (a nested function is named by its own qualified name: TilePass.add.finish)
    (["nothing"], []),
])
def test_function_ranges(names, want):
    defs = _defs()
    assert sorted(mutate.function_ranges(MODULE, names)) == sorted(defs[w] for w in want)


def test_nested_function_by_its_qualified_name():
    (lo, hi), = mutate.function_ranges(MODULE, ["TilePass.add.finish"])
    add_lo, add_hi = _defs()["TilePass.add"]
    assert add_lo < lo <= hi < add_hi


def test_selected_points_lie_in_the_function():
    pts = mutate.points(MODULE)
    (lo, hi), = mutate.function_ranges(MODULE, ["TilePass.add"])
    inside = [i for i, (line, _) in enumerate(pts) if lo <= line <= hi]
    assert inside and len(inside) < len(pts)


# --- session 23: ``--tests FILE`` chooses the test files that judge a module's mutants --------------------------
UNLISTED = "shader/ops/fold.py"  # (not in MODULES when this was written; any module works with --tests)


def test_tests_option_replaces_the_guard_list(monkeypatch):
    seen = []
    monkeypatch.setattr(mutate, "run_mutant", lambda m, tests, timeout: (seen.append(tests), m)[1])
    assert mutate.main(["--module", "pipeline/blend.py", "--index", "0", "--tests", "test_hlsl_sm51.py",
                        "--tests", "test_mutate_tool.py::test_nested_function_by_its_qualified_name"]) == 0
    assert seen == [["test_hlsl_sm51.py", "test_mutate_tool.py::test_nested_function_by_its_qualified_name"]]


def test_without_tests_option_the_module_list_guards(monkeypatch):
    seen = []
    monkeypatch.setattr(mutate, "run_mutant", lambda m, tests, timeout: (seen.append(tests), m)[1])
    assert mutate.main(["--module", "pipeline/blend.py", "--index", "0"]) == 0
    assert seen == [mutate.MODULES["pipeline/blend.py"]]


@pytest.mark.parametrize("args", [
    ["--module", UNLISTED, "--index", "0"],                             # no guard list and no --tests
    ["--module", UNLISTED, "--index", "0", "--tests", "test_nothing_here.py"],  # a guard file that is missing
])
def test_unguarded_or_missing_guards_refused(args, monkeypatch):
    monkeypatch.setattr(mutate, "run_mutant", lambda m, tests, timeout: pytest.fail("ran a mutant"))
    with pytest.raises(SystemExit):
        mutate.main(args)
