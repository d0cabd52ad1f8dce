"""Deferred execution-mask selects in the native kernel's register cache (issue 12, the pixel kernel).

Within a run of ALU ops the native generator (shader/native/llvm_gen.py, ``Gen.rc_pend``) keeps a written
register's raw result for the run's lane-wise readers and applies the execution mask (inactive lanes keep
the register's value from before the run, as the reference's masked writes do) only where the register
becomes visible elsewhere: when it is written back, when a cross-lane reader (a derivative) or a
memory-addressing reader (a load, a relative index) reads it, or when a store under a narrower mask
follows. Every case below runs with a partial active mask so that inactive lanes' values would differ if
a select were lost; the reference executor is the oracle (both backends must give the same words, temps
included), and the expected inactive-lane words are also checked directly where they follow from the rule
that inactive lanes are untouched (outputs start at 0).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
N = 16


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _inputs() -> np.ndarray:
    """(2, N, 4) float words: v0 = lane-dependent values, v1 = small integers as floats."""
    lanes = np.arange(N, dtype=np.float32)
    v0 = np.stack([lanes * 0.5 + 1, lanes * -0.25 + 3, lanes * 1.5 - 4, lanes + 0.125], axis=1)
    v1 = np.stack([lanes % 3, lanes % 5, np.ones(N), np.zeros(N)], axis=1).astype(np.float32)
    return np.stack([v0, v1]).view(U32)


def _both(src: str, active: np.ndarray) -> tuple:
    prog = assemble_program(src)
    before = runtime.stats.native_runs
    native.set_backend("native")
    a = runtime.run_program(prog, N, inputs=_inputs(), active=active.copy())
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    native.set_backend("reference")
    b = reference.run_program(prog, N, inputs=_inputs(), active=active.copy())
    assert np.array_equal(a.outputs, b.outputs), (a.outputs[..., 0], b.outputs[..., 0])
    return a, b


MASKS = {
    "alternate": np.arange(N) % 2 == 0,
    "first_lane_off": np.arange(N) != 0,
    "one_quad": (np.arange(N) >= 4) & (np.arange(N) < 8),
    "none_but_last": np.arange(N) == N - 1,
}

PS = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
      "dcl_output o1.xyzw\ndcl_temps 3\n")

# (name, body): each body writes registers in one run and then exposes them to a different kind of reader
PROGRAMS = [
    # written twice in the run, then only the outputs see it (write-back of o and r)
    ("write_twice", "mul r0.x, v0.x, v0.y\nadd r0.x, r0.x, v1.x\nmov o0.x, r0.x\nmov o0.y, r0.x\n"
     "add o0.z, r0.x, l(1.0)\nmov o0.w, v0.w\n"),
    # an output read back in the run after its write
    ("output_read_back", "mul o0.x, v0.x, l(2.0)\nadd o0.y, o0.x, v0.y\nmul o1.x, o0.y, o0.x\n"),
    # coarse and fine derivatives of a register written in the same run: inactive neighbours contribute the
    # register's value from before the run, not the op's raw result
    ("deriv_coarse_x", "mul r0.x, v0.x, v0.z\nderiv_rtx_coarse o0.x, r0.x\nderiv_rty_coarse o0.y, r0.x\n"),
    ("deriv_fine", "add r0.x, v0.x, v0.y\nmul r0.y, r0.x, r0.x\nderiv_rtx_fine o0.x, r0.y\n"
     "deriv_rty_fine o0.y, r0.y\nmov o0.z, r0.y\n"),
    # a derivative of a temp written, read lane-wise, and written again before the derivative
    ("deriv_after_rewrite", "mul r1.x, v0.x, l(3.0)\nadd r1.y, r1.x, l(1.0)\nmul r1.x, r1.y, v0.z\n"
     "deriv_rtx_coarse o0.x, r1.x\nmov o0.y, r1.y\n"),
    # integer and select ops on raw values, then the result stored under the mask
    ("int_and_movc", "ftoi r0.x, v0.z\niadd r0.y, r0.x, l(7)\nilt r0.z, r0.x, l(0)\n"
     "movc o0.x, r0.z, r0.y, r0.x\nitof o0.y, r0.y\n"),
    # a register read after being written before the run's derivative, and a sincos pair
    ("sincos_then_deriv", "sincos r0.x, r0.y, v0.x\nadd r0.z, r0.x, r0.y\nderiv_rtx_fine o0.x, r0.z\n"
     "mov o0.y, r0.x\n"),
]

IDX = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
       "dcl_temps 2\ndcl_indexableTemp x0[4], 4\n")


@pytest.mark.parametrize("mask", list(MASKS), ids=list(MASKS))
@pytest.mark.parametrize("name,body", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_partial_mask_matches_reference(name, body, mask):
    a, _ = _both(PS + body, MASKS[mask].astype(bool))
    off = ~MASKS[mask]
    # inactive lanes' outputs are untouched: they keep the value they started with (0)
    assert not a.outputs[:, off].any()


@pytest.mark.parametrize("mask", list(MASKS), ids=list(MASKS))
@pytest.mark.parametrize("name,body", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_temps_written_back_between_runs(name, body, mask):
    """The run's temps are written back (a flow op ends the run; the next run reads them): o1 copies
    r0.x-r0.z and r1.x-r1.y after an ``if`` that every lane takes (v1.z = 1)."""
    tail = ("if_nz v1.z\nmov o1.x, r0.x\nmov o1.y, r0.y\nmov o1.z, r0.z\nmov o1.w, r1.x\nendif\n"
            "if_nz v1.z\nadd o1.w, r1.y, o1.w\nendif\n")
    a, _ = _both(PS + body + tail, MASKS[mask].astype(bool))
    assert not a.outputs[:, ~MASKS[mask]].any()


@pytest.mark.parametrize("mask", list(MASKS), ids=list(MASKS))
def test_relative_index_from_run_value(mask):
    """A relative index computed in the run (inactive lanes' raw value may be any word): the indexed reads
    and writes stay in bounds and inactive lanes are untouched."""
    body = ("mov x0[0].x, l(1.0)\nmov x0[1].x, l(2.0)\nmov x0[2].x, l(3.0)\nmov x0[3].x, l(4.0)\n"
            "ftou r0.x, v1.x\nmul r1.x, x0[r0.x + 0].x, v0.x\nmov x0[r0.x + 1].x, r1.x\n"
            "mov o0.x, r1.x\nmov o0.y, x0[1].x\n")
    a, _ = _both(IDX + body, MASKS[mask].astype(bool))
    assert not a.outputs[:, ~MASKS[mask]].any()


def test_all_lanes_active_values():
    """With every lane active the deferred path gives the plain result: o0.x = v0.x * v0.y + v1.x per lane
    (float32, the products and sums exact here)."""
    a, _ = _both(PS + PROGRAMS[0][1], np.ones(N, bool))
    iv = _inputs().view(np.float32)
    want = iv[0, :, 0] * iv[0, :, 1] + iv[1, :, 0]
    assert np.array_equal(a.outputs[0, :, 0].view(np.float32), want)
