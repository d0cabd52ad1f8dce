"""Issue 18, "what it must show": a capture of each example program replays bit-identically in a fresh process.

Each program in examples/ runs unmodified in a subprocess under a capture (frame 2 through its swap chain's
Presents, or — without a swap chain — everything after D3D11CreateDevice); tests/capture_example_driver.py
dumps the bytes of every resource the capture recorded at the moment it stops. A second fresh process opens the
capture file, replays all of it on a new device and dumps every resource (tests/capture_scene.py); every
resource must be identical byte for byte. A guard test keeps the list complete: adding a program to examples/
without a case here fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.debug import Capture

# the programs and the replay run in subprocesses on the reference backend: the module runs once. A capture records
# API calls and resource contents, which no backend choice touches (tests/test_debug_capture.py captures and replays
# in-process on each backend); the reference spares each of the 38 fresh processes its native kernels' compiles
pytestmark = pytest.mark.backend_specific

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")]),
       "PYD3D11_BACKEND": "reference"}
SMALL = ["--frames", "2", "--size", "48", "32"]

#: program -> (capture mode, arguments); demo.py is tested in test_debug_capture.py (in-process)
PROGRAMS = {
    "tutorials/tutorial01.py": ("frame", SMALL),
    "tutorials/tutorial02.py": ("frame", SMALL),
    "tutorials/tutorial03.py": ("frame", SMALL),
    "tutorials/tutorial04.py": ("frame", SMALL),
    "tutorials/tutorial05.py": ("frame", SMALL),
    "tutorials/tutorial06.py": ("frame", SMALL),
    "tutorials/tutorial07.py": ("frame", SMALL),
    "tutorials/basic_compute11.py": ("device", []),
    "effects/tutorial11.py": ("frame", SMALL),
    "samples/simple_bezier11.py": ("frame", SMALL + ["--subdivs", "4"]),
    "samples/nbody_gravity_cs11.py": ("frame", SMALL + ["--particles", "128", "--seed", "7"]),
    # the SDK media these samples load are built by their own tests' writers ({media} below)
    "effects/tutorial12.py": ("frame", SMALL + ["--media", "{media}"]),
    "effects/tutorial13.py": ("frame", SMALL + ["--media", "{media}", "--explode", "5"]),
    "effects/tutorial14.py": ("frame", SMALL + ["--media", "{media}", "--quad", "1"]),
    "effects/basic_hlsl_fx11.py": ("frame", SMALL + ["--media", "{media}", "--lights", "2"]),
    "samples/particles_gs.py": ("frame", SMALL + ["--media", "{media}", "--seed", "11"]),
    "effects/dynamic_shader_linkage_fx11.py": ("frame", SMALL + ["--media", "{media}", "--forcefeaturelevel", "11_0",
                                                                 "--direct-lighting"]),
    "effects/fixed_func_emu_fx11.py": ("frame", SMALL + ["--media", "{media}"]),
    "effects/instancing_fx11.py": ("frame", SMALL + ["--media", "{media}", "--trees", "2", "--grass-coverage", "2"]),
}
#: modules of examples/ that are not programs (shared code)
NOT_PROGRAMS = {"tutorials/winshim.py", "samples/dxut.py", "demo.py"}


def test_every_example_program_has_a_case():
    found = {p.relative_to(ROOT / "examples").as_posix() for p in (ROOT / "examples").rglob("*.py")}
    assert found - NOT_PROGRAMS == set(PROGRAMS)


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_example_capture_replays_bit_identically_in_a_fresh_process(program, tmp_path):
    mode, args = PROGRAMS[program]
    if "{media}" in args:
        from test_examples_dynamic_shader_linkage_fx11 import media as media_dsl
        from test_examples_effects_fx11 import media14
        from test_examples_fixed_func_emu_fx11 import media as media_ffe
        from test_examples_instancing_fx11 import media as media_inst

        media_dir = tmp_path / "media"
        media_dir.mkdir()
        media14(media_dir)
        media_dsl(media_dir)  # Squid and Light Probes for DynamicShaderLinkageFX11
        media_ffe(media_dir)  # BlackHoleRoom and misc for FixedFuncEMUFX11
        media_inst(media_dir)  # CloudBox, IslandScene, trees and data for InstancingFX11
        args = [str(media_dir) if a == "{media}" else a for a in args]
    cap_path, truth, replayed = tmp_path / "c.pyd3dcap", tmp_path / "truth.npz", tmp_path / "replayed.npz"
    env = {**ENV, "PYD3D11_CAPTURE_FRAME": "2", "PYD3D11_CAPTURE_FILE": str(cap_path)} if mode == "frame" else ENV
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "capture_example_driver.py"), mode, str(truth),
                        str(cap_path), str(ROOT / "examples" / program), *args],
                       env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "capture_scene.py"), str(cap_path), str(replayed)],
                       env=ENV, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    want, got = np.load(truth), np.load(replayed)
    ids = set(got.files)
    assert ids and ids <= set(want.files)
    assert not Capture.open(cap_path).unsupported
    for k in sorted(ids):
        assert np.array_equal(got[k], want[k]), f"resource {k} differs after replay"
    # the frame did something: some resource holds more than one distinct byte
    assert any(len(np.unique(got[k])) > 1 for k in ids)
