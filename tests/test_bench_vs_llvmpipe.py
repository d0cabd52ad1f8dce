"""bench/vs_llvmpipe.py's verdicts on the two sides' check values (no peer is run here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("vs_llvmpipe", Path(__file__).resolve().parents[1] / "bench"
                                               / "vs_llvmpipe.py")
vs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vs)


def _peer(mean):
    return {"check": {"mean_rgba": mean, "std_rgba": [0, 0, 0, 0]}, "throughput": 1.0}


def _ours(mean):
    return {"check_mean_rgba": mean, "throughput": 1.0}


@pytest.mark.parametrize("scene,peer,ours,verdict", [
    ("S1z", [71.36, 99.96, 106.76, 255.0], [71.36, 99.96, 106.76, 255.0], "yes"),
    ("S3", [127.78, 127.71, 127.67, 127.8], [127.67, 127.6, 127.55, 127.69], "yes"),  # within 0.5
    ("S2", [100.71, 88.1, 75.49, 255.0], [100.71, 88.1, 76.49, 255.0], "NO"),  # one channel 1.0 off
    ("S5", [123.12, 123.12, 123.0, 34.0], [123.04, 123.04, 123.0, 30.0], "yes ("),  # documented alpha difference
    ("S5", [123.12, 123.12, 123.0, 34.0], [123.04, 123.04, 123.0, 31.0], "NO"),  # not the documented one
    ("S1z", [71.36, 99.96, 106.76, 255.0], [71.36, 99.96, 106.76, 251.0], "NO"),  # the exception is S5's only
])
def test_agree(scene, peer, ours, verdict):
    assert vs.agree(scene, _peer(peer), _ours(ours)).startswith(verdict)


def test_compute_checks_and_missing_rows():
    ok = {"check": {"ok": True, "max_abs_err": 0.0}, "throughput": 1.0}
    bad = {"check": {"ok": False, "max_abs_err": 3.0}, "throughput": 1.0}
    assert vs.agree("S4a", ok, ok) == "yes"
    assert vs.agree("S4a", ok, bad) == "NO"
    assert vs.agree("S4a", None, ok) == "-"


def test_missing_peer_is_skipped_with_a_reason(tmp_path):
    exe, why = vs.peer_python(str(tmp_path / "no-python"))
    assert exe is None and "not found" in why
