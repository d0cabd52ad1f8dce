"""The ``backend_independent`` mark (tests/conftest.py) is checked, not trusted: a marked test runs once and
fails when it asks which shader backend is selected. Checked here by running pytest on two small marked
tests in a subprocess: one that only compiles (passes, runs once) and one that executes a shader through
the api (its draw consults the backend, so the mark must make it fail)."""

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


def test_marked_tests_run_once_and_one_that_consults_the_backend_fails(tmp_path):
    tests = Path(__file__).resolve().parent
    (tmp_path / "conftest.py").write_text((tests / "conftest.py").read_text())
    (tmp_path / "test_cases.py").write_text(CASES)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(tests.parent / "src"),
                                                                      os.environ.get("PYTHONPATH", "")])))
    env.pop("PYD3D11_BACKEND", None)
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                          "-o", "addopts=", "-rA", str(tmp_path)], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=300).stdout
    assert "PASSED test_cases.py::test_compiles_only\n" in out, out  # one run, no backend id
    assert "ERROR test_cases.py::test_runs_a_shader - " in out and "consulted the shader backend" in out, out
    assert "[native]" not in out and "[reference]" not in out, out
