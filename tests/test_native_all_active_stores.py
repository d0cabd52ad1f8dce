"""A run's write-back without execution-mask selects in all-active steps (issue 12, S5's pixel kernel).

``Gen.rc_writeback`` (shader/native/llvm_gen.py) stores a run's registers raw in a vector step whose lanes are all
active and keeps the deferred selects (inactive lanes keep the register's value from before the run) in every
other step. The rule it must keep is the reference's: a masked write changes active lanes only. The cases mix,
in one call of more lanes than a few vector steps (32 lanes a step on AVX2 hosts, 64 on AVX-512), steps that are
all active, steps with one inactive lane at either end, steps with no active lane and a partial tail step; the
programs write outputs and temps in one run, after a discard (the mask changes inside the program), inside both
arms of an ``if`` (each run's mask is partial where the condition differs in a step) and in a loop. The reference
executor is the oracle, and inactive lanes' outputs are checked to be the untouched 0 directly.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import llvm_gen, lower, runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
N = 64 * 3 + 21  # three whole 64-lane steps (six of 32) and a partial tail


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _inputs() -> np.ndarray:
    lanes = np.arange(N, dtype=np.float32)
    v0 = np.stack([lanes * 0.5 + 1, lanes * -0.25 + 3, (lanes % 7) - 3, lanes + 0.125], axis=1)
    v1 = np.stack([lanes % 3, lanes % 5, np.ones(N), (lanes % 4 == 1)], axis=1).astype(np.float32)
    return np.stack([v0, v1]).view(U32)


def _mask(kind: str) -> np.ndarray:
    i = np.arange(N)
    if kind == "all":
        return np.ones(N, bool)
    if kind == "one_off_each_end":  # steps 0 and 1 (32-lane) miss their first / last lane; the others full
        return (i != 0) & (i != 63)
    if kind == "one_empty_step":  # lanes 32-63 inactive: an idle step between full ones
        return (i < 32) | (i >= 64)
    if kind == "alternate_steps":  # every other 32-lane step has every lane active, the others one quad
        return ((i // 32) % 2 == 0) | (i % 32 < 4)
    raise AssertionError(kind)


MASKS = ["all", "one_off_each_end", "one_empty_step", "alternate_steps"]

HEAD = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\ndcl_temps 3\n")

PROGRAMS = {
    # S5's shape: outputs from inputs and constants in the program's only run
    "copy_and_constants": "mov o0.xy, v0.xyxx\nmov o0.zw, l(0, 0, 0.5, 0.1)\nmov o1.xyzw, v1.xyzw\n",
    # arithmetic through a temp, an output read back after its write
    "temps_and_read_back": "mul r0.x, v0.x, v0.y\nadd r0.y, r0.x, v1.x\nmov o0.x, r0.y\n"
                           "add o0.y, o0.x, l(1.0)\nmul o1.x, o0.y, v0.z\nmov o1.y, r0.x\n",
    # a discard: the runs after it have a mask with holes where lanes were discarded (v1.w = 1 on lanes 4k+1)
    "discard_then_write": "mov o0.x, v0.w\ndiscard_nz v1.w\nmul o0.y, v0.x, l(2.0)\nmov o1.xyzw, v0.zyxw\n",
    # both arms of an if: in each run only the lanes taking that arm are active (v0.z < 0 on lanes 7k..7k+2)
    "if_else": "lt r0.x, v0.z, l(0.0)\nif_nz r0.x\nmov o0.x, l(1.0)\nmul o0.y, v0.x, l(3.0)\nelse\n"
               "mov o0.x, l(2.0)\nadd o0.y, v0.y, l(-1.0)\nendif\nmov o0.z, r0.x\n",
    # a loop whose trip count differs per lane (v1.y = lane % 5): later iterations run with partial masks
    "loop": "ftou r1.x, v1.y\nmov r0.x, l(0)\nmov o0.x, l(0.0)\nloop\nuge r0.y, r0.x, r1.x\nbreakc_nz r0.y\n"
            "add o0.x, o0.x, v0.x\niadd r0.x, r0.x, l(1)\nendloop\nmov o0.y, o0.x\n",
}


def _both(src: str, active: np.ndarray):
    prog = assemble_program(src)
    before = runtime.stats.native_runs
    native.set_backend("native")
    a = runtime.run_program(prog, N, inputs=_inputs(), active=active.copy())
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    native.set_backend("reference")
    b = reference.run_program(prog, N, inputs=_inputs(), active=active.copy())
    return a, b


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_matches_reference_and_keeps_inactive_lanes(name, mask):
    m = _mask(mask)
    a, b = _both(HEAD + PROGRAMS[name], m)
    assert np.array_equal(a.outputs, b.outputs), np.nonzero((a.outputs != b.outputs).any(axis=(0, 2)))
    assert not a.outputs[:, ~m].any()  # inactive lanes keep their starting 0


def test_all_active_values_by_definition():
    """Every lane active: o0 = (v0.x, v0.y, 0.5, 0.1) and o1 = v1 in each lane, words copied exactly."""
    a, _ = _both(HEAD + PROGRAMS["copy_and_constants"], np.ones(N, bool))
    iv = _inputs()
    assert np.array_equal(a.outputs[0, :, 0], iv[0, :, 0])
    assert np.array_equal(a.outputs[0, :, 1], iv[0, :, 1])
    assert np.all(a.outputs[0, :, 2].view(np.float32) == np.float32(0.5))
    assert np.all(a.outputs[0, :, 3].view(np.float32) == np.float32(0.1))
    assert np.array_equal(a.outputs[1], iv[1])


@pytest.mark.backend_independent
def test_fast_path_is_generated():
    """The write-back branches on the whole step's mask (the path the tests above exercise exists)."""
    lw = lower.lower(assemble_program(HEAD + PROGRAMS["copy_and_constants"]))
    text, _ = llvm_gen.generate(lw, 256, width=32)
    assert "@llvm.vector.reduce.and.v32i1" in text and "Wf" in text
