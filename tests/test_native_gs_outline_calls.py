"""Geometry shaders with out-of-line subroutines on the native backend (session 23: lower.outline_bodies,
llvm_flow.retire_after_call).

A GS whose body calls itself twice (its inlined form would double per level up to the 32-deep limit) compiles each
body once behind a per-tile call stack, as compute and pixel kernels do (tests/test_native_outline_calls.py). The GS
rule that needs more: an emit that reaches dcl_maxout ends the invocation as if the program had ended (D3D11.3
§22.3.5, the reference's EmitRecorder), so a lane retired inside a call must not come back in any frame of its
callers — not after the call returns, not when an enclosing if / loop of the caller restores its saved mask.

The program emits once per body entry; a lane with limit n = v[0][0].x & 3 runs 2^(n+1) - 1 bodies per call and
calls twice (a loop, the call inside an if), so it wants W = 2 (2^(n+1) - 1) vertices. Each lane counts the calls
that returned to the main program and stores the count at the end (u0 word vPrim). From the rule: it emits
min(W, maxout) vertices; a lane with W >= maxout ended at its maxout-th emit, so it stores nothing (the word keeps
its 0); any other lane stores 2. The native run must agree with that and with the reference bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.geometry import run_geometry_shader
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import lower, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

U32 = np.uint32
R32_TYPELESS, BUFFER = 39, 1

GS = """gs_5_0
dcl_uav_raw u0
dcl_input v[1][0].xyzw
dcl_input vPrim
dcl_temps 8
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_maxout {maxout}
and r2.w, v[0][0].x, l(3)
mov r1.xyzw, l(0,0,0,0)
mov r4.x, l(0)
mov r6.x, l(0)
loop
  uge r3.y, r6.x, l(2)
  breakc_nz r3.y
  ult r3.z, r6.x, l(2)
  if_nz r3.z
    call l1
    iadd r1.w, r1.w, l(1)
  endif
  iadd r6.x, r6.x, l(1)
endloop
ishl r7.x, vPrim, l(2)
store_raw u0.x, r7.x, r1.w
ret
label l1
iadd r1.x, r1.x, l(1)
mov o0.xyzw, r1.xyzw
emit
ult r3.x, r4.x, r2.w
if_nz r3.x
  iadd r4.x, r4.x, l(1)
  call l1
  imad r1.y, r1.y, l(3), r4.x
  call l1
  iadd r4.x, r4.x, l(-1)
endif
ret
"""


def _run(prog, backend: str, vo: np.ndarray):
    P = vo.shape[1]
    st = ResourceStorage.create(1, 0, 4 * P)
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, st, R32_TYPELESS, BUFFER, num_elements=P, element_size=4, flags=1,
                               raw=True)
    native.set_backend(backend)
    runtime.stats.reset()
    try:
        g = run_geometry_shader(prog, b, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    finally:
        native.set_backend(None)
    if backend == "native":
        assert runtime.stats.fallbacks == 0, runtime.stats.reasons
        assert runtime.stats.native_runs >= 1
    return g, st.data.view(U32).copy()


@pytest.mark.parametrize("maxout", [1, 4, 7, 13, 30, 31])
def test_gs_out_of_line_calls_retire_lanes_at_maxout(maxout):
    prog = assemble_program(GS.format(maxout=maxout))
    assert lower.lower(prog).call_bodies, "the program must take the out-of-line form"
    P = 300  # more than one 256-lane tile
    rng = np.random.default_rng(maxout)
    vo = rng.integers(0, 2**32, (1, P, 4), dtype=np.uint64).astype(U32)
    nat, nat_words = _run(prog, "native", vo)
    ref, ref_words = _run(prog, "reference", vo)
    # from the rule (module docstring)
    want = 2 * (2 ** ((vo[0, :, 0] & 3).astype(np.int64) + 1) - 1)
    np.testing.assert_array_equal(nat.emitted_vertices, np.minimum(want, maxout))
    np.testing.assert_array_equal(nat_words, np.where(want >= maxout, 0, 2).astype(U32))
    # and the reference, word for word
    np.testing.assert_array_equal(nat_words, ref_words)
    np.testing.assert_array_equal(nat.emitted_vertices, ref.emitted_vertices)
    a, b = nat.streams[0], ref.streams[0]
    for name in ("outputs", "rows", "source_primitive", "primitive_id"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
