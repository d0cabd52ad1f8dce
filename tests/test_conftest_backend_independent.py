"""The ``backend_independent`` mark (tests/conftest.py) is checked, not trusted: a marked test runs once and
fails when it asks which shader backend is selected. Checked here by running pytest on two small marked
tests in a subprocess: one that only compiles (passes, runs once) and one that executes a shader through
the api (its draw consults the backend, so the mark must make it fail). The same for functions listed in
``tests/data/backend_free_tests.txt`` (scripts/backend_free.py) instead of marked, beside an unlisted one that
runs on each backend; and the script's reading of a recorded run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.backend_specific

CASES = '''
import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.dxbc.asm import assemble_program

pytestmark = pytest.mark.backend_independent


def test_compiles_only():
    D3DCompile("float4 main() : SV_Target { return 1; }", None, "t.hlsl", None, None, "main", "ps_5_0")


def test_runs_a_shader():
    prog = assemble_program("""vs_4_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.0, 2.0, 3.0, 4.0)
ret
""")
    run_program(prog, 1)
'''

LISTED = '''
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program

SRC = "float4 main() : SV_Target { return 1; }"


def test_listed_compiles_only():
    D3DCompile(SRC, None, "t.hlsl", None, None, "main", "ps_5_0")


def test_listed_runs_a_shader():
    run_program(assemble_program("vs_4_0\\ndcl_output o0.xyzw\\nmov o0.xyzw, l(1.0, 2.0, 3.0, 4.0)\\nret\\n"), 1)


def test_unlisted_compiles_only():
    D3DCompile(SRC, None, "t.hlsl", None, None, "main", "ps_5_0")
'''


def test_marked_tests_run_once_and_one_that_consults_the_backend_fails(tmp_path):
    out = _pytest_in(tmp_path, {"test_cases.py": CASES})
    assert "PASSED test_cases.py::test_compiles_only\n" in out, out  # one run, no backend id
    assert "ERROR test_cases.py::test_runs_a_shader - " in out and "consulted the shader backend" in out, out
    assert "[native]" not in out and "[reference]" not in out, out


def _pytest_in(tmp_path: Path, files: dict[str, str]) -> str:
    tests = Path(__file__).resolve().parent
    (tmp_path / "conftest.py").write_text((tests / "conftest.py").read_text())
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(tests.parent / "src"),
                                                                      os.environ.get("PYTHONPATH", "")])))
    env.pop("PYD3D11_BACKEND", None)
    # the inner run is a made-up project, not the CI run: its copied conftest finds no ../shared beside tmp_path,
    # which conftest.missing_shared_data refuses when CI is set
    env.pop("CI", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "-o", "addopts=", "-rA", str(tmp_path)], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300).stdout


def test_listed_functions_run_once_and_one_that_consults_the_backend_fails(tmp_path):
    from pyd3d11.shader import native

    out = _pytest_in(tmp_path, {"test_listed.py": LISTED, "data/backend_free_tests.txt":
                                "# listed\ntest_listed.py::test_listed_compiles_only\n"
                                "test_listed.py::test_listed_runs_a_shader\n"})
    assert "PASSED test_listed.py::test_listed_compiles_only\n" in out, out
    assert "ERROR test_listed.py::test_listed_runs_a_shader - " in out and "consulted the shader backend" in out, out
    backends = ["native", "reference"] if native.available() else ["reference"]
    for b in backends:  # the unlisted function keeps one run per backend
        assert f"PASSED test_listed.py::test_unlisted_compiles_only[{b}]" in out, out


def test_the_script_lists_functions_none_of_whose_runs_asked():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    try:
        from backend_free import free_functions
    finally:
        sys.path.pop(0)
    log = ["t.py::a\t0", "t.py::b\t0", "t.py::b\t2", "t.py::c\t0", "t.py::c\t0", "t.py::d\t1", ""]
    assert free_functions(log) == ["t.py::a", "t.py::c"]


def test_a_partial_run_replaces_only_its_own_files_entries():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    try:
        from backend_free import merged_list
    finally:
        sys.path.pop(0)
    old = ["tests/a.py::x", "tests/a.py::y", "tests/b.py::z"]
    # a.py ran: y now consults the backend (dropped), w is new; b.py did not run (kept)
    assert merged_list(old, {"tests/a.py"}, ["tests/a.py::w", "tests/a.py::x"]) == [
        "tests/a.py::w", "tests/a.py::x", "tests/b.py::z"]
