"""``abort`` and ``debug_break`` (shader model 4/5 debug instructions) run as no-ops in both executors: with no shader
debugger attached they do nothing -- MicrosoftDocs' "abort function": "This operation does nothing on rasterizers that
do not support it"; debug_break only breaks into an attached debugger. A program holding them computes what it
computes without them, bit for bit, on the reference executor and on the native backend (which compiles them)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime

pytestmark = pytest.mark.backend_specific

BODY = "dcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n{a}add r0.xyzw, v0.xyzw, l(1.0, 2.0, 3.0, 4.0)\n" \
       "{b}mul o0.xyzw, r0.xyzw, r0.xyzw\nret\n"


def _outputs(src: str, backend: str) -> np.ndarray:
    prog = assemble_program(src)
    inputs = np.random.default_rng(7).uniform(-4, 4, (1, 64, 4)).astype(np.float32).view(np.uint32)
    if backend == "native":
        native.set_backend("native")
        try:
            before = runtime.stats.native_runs
            out = runtime.run_program(prog, 64, inputs=inputs).outputs
            assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
        finally:
            native.set_backend(None)
        return out
    return reference.run_program(prog, 64, inputs=inputs).outputs


@pytest.mark.parametrize("op", ["abort", "debug_break"])
@pytest.mark.parametrize("backend", ["reference", "native"])
def test_debug_instruction_is_a_no_op(op: str, backend: str):
    if backend == "native" and not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    plain = "ps_5_0\n" + BODY.format(a="", b="")
    marked = "ps_5_0\n" + BODY.format(a=op + "\n", b=op + "\n")
    want = reference.run_program(assemble_program(plain), 64, inputs=np.random.default_rng(7).uniform(
        -4, 4, (1, 64, 4)).astype(np.float32).view(np.uint32)).outputs
    assert np.array_equal(_outputs(marked, backend), want)
