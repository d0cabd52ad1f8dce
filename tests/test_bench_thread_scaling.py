"""bench/thread_scaling.py's ``--variant`` settings (no benchmark is run here)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("thread_scaling", Path(__file__).resolve().parents[1] / "bench"
                                               / "thread_scaling.py")
ts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ts)

pytestmark = pytest.mark.backend_independent  # (no shader runs)


@pytest.mark.parametrize("text, name, env", [
    ("off:", "off", {}),
    ("one-pass:PYD3D11_PARALLEL_FRONT_END=1", "one-pass", {"PYD3D11_PARALLEL_FRONT_END": "1"}),
    ("by-chunk:PYD3D11_PARALLEL_FRONT_END=1,PYD3D11_ONE_TILE_PASS=0", "by-chunk",
     {"PYD3D11_PARALLEL_FRONT_END": "1", "PYD3D11_ONE_TILE_PASS": "0"}),
    ("x:A=,B=2", "x", {"A": "", "B": "2"}),
])
def test_parse_variant(text, name, env):
    assert ts.parse_variant(text) == (name, env)


def test_parse_variant_rejects_a_setting_without_value():
    with pytest.raises(SystemExit):
        ts.parse_variant("bad:PYD3D11_ONE_TILE_PASS")


def test_measure_sets_and_restores_the_environment(monkeypatch):
    """The runner's subprocesses see PYD3D11_THREADS and the variant's variables; afterwards the environment is
    as before (a variable absent before is absent again)."""
    seen = {}

    def fake_run(src, scenes, runs, warmup):
        seen.update({k: os.environ.get(k) for k in ("PYD3D11_THREADS", "PYD3D11_ONE_TILE_PASS", "K19_PROBE")})
        return {}

    monkeypatch.setattr(ts, "run_pyd3d11", fake_run)
    monkeypatch.setenv("PYD3D11_THREADS", "5")
    monkeypatch.delenv("PYD3D11_ONE_TILE_PASS", raising=False)
    monkeypatch.delenv("K19_PROBE", raising=False)
    ts.measure(16, ["S2"], 1, "src", {"PYD3D11_ONE_TILE_PASS": "0", "K19_PROBE": "x"})
    assert seen == {"PYD3D11_THREADS": "16", "PYD3D11_ONE_TILE_PASS": "0", "K19_PROBE": "x"}
    assert os.environ["PYD3D11_THREADS"] == "5"
    assert "PYD3D11_ONE_TILE_PASS" not in os.environ and "K19_PROBE" not in os.environ
