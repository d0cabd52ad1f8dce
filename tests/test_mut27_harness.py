"""scripts/mutate.py's verdicts (session 27, helper MUT, issue 19 item 3): a timeout is no kill.

A mutant is killed when its guard tests fail and survives when they pass; a run past the limit gave no verdict.
On a loaded host the unchanged guards can run past the limit (session 26: 13 of 32 sm2 mutants counted as
"killed" that way), so a timed-out mutant is run once more with a longer limit, and a second timeout is
reported as ``timeout`` — its own column in the table, never among the kills."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.backend_independent  # runs no shader

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "scripts" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("mutate_tool", mutate)  # (its dataclasses look their module up there)
_spec.loader.exec_module(mutate)


class _Runs:
    """A stand-in for subprocess.run: each call takes the next outcome (an exit status, or "timeout")."""

    def __init__(self, outcomes):
        self.outcomes = list(outcomes)
        self.limits = []

    def __call__(self, cmd, *, timeout, **kw):
        self.limits.append(timeout)
        out = self.outcomes.pop(0)
        if out == "timeout":
            raise subprocess.TimeoutExpired(cmd, timeout)
        return subprocess.CompletedProcess(cmd, out, b"", b"")


@pytest.mark.parametrize("outcomes,status,runs", [
    ([0], "survived", 1),
    ([1], "killed", 1),
    ([2], "killed", 1),                       # (pytest's "interrupted": an error while collecting, still a failure)
    (["timeout", 0], "survived", 2),          # the retry passes: the mutant survived, it was not killed
    (["timeout", 1], "killed", 2),            # the retry fails: a real kill
    (["timeout", "timeout"], "timeout", 2),   # no verdict at all: neither killed nor survived
])
def test_verdicts(outcomes, status, runs, monkeypatch):
    fake = _Runs(outcomes)
    monkeypatch.setattr(mutate.subprocess, "run", fake)
    m = mutate.Mutant("shader/hlsl/objcompat.py", 0, 1, "x")
    assert mutate.run_mutant(m, ["test_mutate_tool.py"], 10.0).status == status
    assert len(fake.limits) == runs
    assert fake.limits[0] == 10.0
    if runs == 2:
        assert fake.limits[1] > fake.limits[0]  # the second run gets a longer limit


def test_table_has_a_timeout_column_not_counted_as_killed():
    done = [mutate.Mutant("a.py", i, 1, "x", s) for i, s in
            enumerate(["killed", "killed", "timeout", "survived", "timeout", "killed"])]
    done.append(mutate.Mutant("b.py", 0, 1, "x", "survived"))
    head, a, b = mutate.table(["a.py", "b.py"], done).splitlines()
    assert head.split()[1:] == ["killed", "timeout", "survived", "/", "total"]
    assert a.split() == ["a.py", "3", "2", "1", "/", "6"]
    assert b.split() == ["b.py", "0", "0", "1", "/", "1"]


def test_main_reports_timeouts_apart(monkeypatch, capsys):
    def fake(m, tests, timeout):
        m.status = "timeout"
        return m
    monkeypatch.setattr(mutate, "run_mutant", fake)
    assert mutate.main(["--module", "pipeline/blend.py", "--index", "0", "--index", "1"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("pipeline/blend.py"))
    assert row.split() == ["pipeline/blend.py", "0", "2", "0", "/", "2"]
    assert out.count("  timeout: pipeline/blend.py") == 2
