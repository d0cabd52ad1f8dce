"""Out-of-line subroutines on the native backend (issue 12, session 21): a program whose inlined calls would not end
(a body calling itself twice doubles per level: 2^32 copies at the 32-deep limit) compiles each body once, entered
through a per-tile stack of return sites (lower.outline_bodies, llvm_flow.emit_call_frames); native == reference
bit for bit, counted as native runs with no fallback, and equal to values computed here from the definitions:

- call / callc (D3D11.3 §22.7.5-6; the call asm page): the body runs for the calling lanes (those passing the
  condition); ``ret`` returns them to the instruction after the call; registers are global (the body writes the
  caller's r#). "If there are already 32 entries on the return address stack and a call is issued, the call is
  skipped over."
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import compute
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import lower, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind
from pyd3d11.tools.backend_diff import diff_program

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

M32 = 0xFFFFFFFF
LANES = 24

INIT = "mov r1.xyzw, l(0,0,0,0)\nmov r4.xyzw, l(0,0,0,0)\n"
HEAD = ("cs_5_0\ndcl_uav_raw u0\ndcl_input vThreadIDInGroupFlattened\ndcl_temps 8\ndcl_thread_group 24, 1, 1\n"
        "mov r0.xyzw, vThreadIDInGroupFlattened.xxxx\n" + INIT)
TAIL = "ishl r7.x, vThreadIDInGroupFlattened.x, l(4)\nstore_raw u0.xyzw, r7.x, r1.xyzw\nret\n"
# (main program after INIT, the bodies); r0 holds per-lane integers
# fib-shaped: a lane with limit n = r0.x & 7 runs 2^(n+1) - 1 bodies; r1.y folds the depth after each first call
FIB = ("and r2.w, r0.x, l(7)\ncall l1\nmov r1.z, r4.x\nmov r1.w, r2.w\n",
       "label l1\niadd r1.x, r1.x, l(1)\nult r3.x, r4.x, r2.w\nif_nz r3.x\niadd r4.x, r4.x, l(1)\ncall l1\n"
       "imad r1.y, r1.y, l(3), r4.x\ncall l1\niadd r4.x, r4.x, l(-1)\nendif\nret\n")
# linear recursion to limit 3·r0.x in a body that also calls itself a second time, never taken (r5.x = 0): the
# calls past 32 active ones are skipped, so r1.x = min(limit + 1, 32)
DEEP = ("imul null, r2.w, r0.x, l(3)\nmov r5.x, l(0)\ncall l1\nmov r1.z, r4.x\n",
        "label l1\niadd r1.x, r1.x, l(1)\nult r3.x, r4.x, r2.w\nif_nz r3.x\niadd r4.x, r4.x, l(1)\ncall l1\n"
        "iadd r4.x, r4.x, l(-1)\nendif\ncallc_nz r5.x, l1\ncallc_nz r5.x, l1\nret\n")
# two bodies calling each other twice (mutual recursion), a loop with break and a retc inside: l1 adds k = r2.x to
# r1.x over a loop of k rounds that breaks at 5, returns early when k is odd or 0, else calls l2 twice; l2 calls l1
# twice with k - 1; lanes 20 and up do not call (callc_nz)
MUTUAL = ("and r2.x, r0.x, l(7)\nult r3.x, r0.x, l(20)\ncallc_nz r3.x, l1\nmov r1.w, r2.x\n",
          "label l1\nmov r6.x, l(0)\nloop\nuge r3.y, r6.x, r2.x\nbreakc_nz r3.y\nieq r3.z, r6.x, l(5)\n"
          "breakc_nz r3.z\niadd r1.x, r1.x, r2.x\niadd r6.x, r6.x, l(1)\nendloop\nand r3.w, r2.x, l(1)\nretc_nz r3.w\n"
          "ieq r3.x, r2.x, l(0)\nretc_nz r3.x\niadd r1.y, r1.y, l(1)\ncall l2\ncall l2\nret\n"
          "label l2\niadd r1.z, r1.z, l(1)\niadd r2.x, r2.x, l(-1)\ncall l1\ncall l1\niadd r2.x, r2.x, l(1)\nret\n")


def _cs(parts: tuple[str, str]) -> str:
    return HEAD + parts[0] + TAIL + parts[1]


def _fib_model(n: int) -> list[int]:
    r = {"x": 0, "y": 0, "d": 0}

    def body() -> None:
        r["x"] += 1
        if r["d"] < n:
            r["d"] += 1
            body()
            r["y"] = (r["y"] * 3 + r["d"]) & M32
            body()
            r["d"] -= 1

    body()
    return [r["x"], r["y"], r["d"], n]


def _mutual_model(k0: int) -> list[int]:
    r = {"x": 0, "y": 0, "z": 0, "k": k0}

    def l1() -> None:
        k = r["k"]
        for i in range(k):
            if i == 5:
                break
            r["x"] += k
        if k & 1 or k == 0:
            return
        r["y"] += 1
        l2()
        l2()

    def l2() -> None:
        r["z"] += 1
        r["k"] -= 1
        l1()
        l1()
        r["k"] += 1

    l1()
    return [r["x"] & M32, r["y"], r["z"], r["k"]]


def _dispatch(prog, backend: str) -> np.ndarray:
    buf = ResourceStorage.create(1, 0, LANES * 16)
    uav = ViewDescriptor(ViewKind.UAV, buf, 39, 1, num_elements=LANES * 4, element_size=4, raw=True)
    native.set_backend(backend)
    try:
        compute.dispatch(prog, Bindings.of(uavs=[uav]), 1, 1, 1)
    finally:
        native.set_backend(None)
    return buf.data.view(np.uint32).reshape(LANES, 4).copy()


def _native_and_reference(src: str) -> np.ndarray:
    prog = assemble_program(src)
    assert lower.lower(prog).call_bodies, "the program must take the out-of-line form"
    before = (runtime.stats.native_runs, runtime.stats.fallbacks)
    got = _dispatch(prog, "native")
    assert runtime.stats.fallbacks == before[1], runtime.stats.reasons
    assert runtime.stats.native_runs > before[0]
    np.testing.assert_array_equal(got, _dispatch(prog, "reference"))
    return got


def test_doubly_recursive_body_from_the_definition():
    got = _native_and_reference(_cs(FIB))
    for t in range(LANES):
        assert got[t].tolist() == _fib_model(t & 7), t


def test_calls_past_32_active_ones_are_skipped():
    got = _native_and_reference(_cs(DEEP))
    for t in range(LANES):
        assert got[t].tolist()[:3] == [min(3 * t + 1, 32), 0, 0], t


def test_mutual_recursion_with_loops_and_early_returns():
    got = _native_and_reference(_cs(MUTUAL))
    for t in range(LANES):
        assert got[t].tolist() == (_mutual_model(t & 7) if t < 20 else [0, 0, 0, t & 7]), t


def test_out_of_line_calls_in_a_pixel_kernel():
    """The mutually recursive bodies in a PS over random integer inputs (tools.backend_diff): native == reference
    (vertex kernels share the generator; the fused-lane draw below is the other graphics path)."""
    head = "ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 8\nftou r0.xyzw, v0.xyzw\n"
    for main, bodies in (MUTUAL,):
        prog = assemble_program(head + INIT + main + "mov o0.xyzw, r1.xyzw\nret\n" + bodies)
        assert lower.lower(prog).call_bodies
        before = (runtime.stats.native_runs, runtime.stats.fallbacks)
        status, detail = diff_program(prog, lanes=LANES)
        assert status == "same", detail
        assert runtime.stats.fallbacks == before[1] and runtime.stats.native_runs > before[0]


def test_inlined_form_kept_below_the_cap():
    """Programs whose inlining stays under MAX_INLINED_OPS keep the inlined form (no call stack)."""
    src = HEAD + "call l1\n" + TAIL + "label l1\niadd r1.x, r1.x, l(1)\ncall l2\ncall l2\nret\nlabel l2\n" \
        "iadd r1.y, r1.y, l(1)\nret\n"
    lw = lower.lower(assemble_program(src))
    assert not lw.call_bodies and not any(op.kind == "callsite" for op in lw.ops)


def test_pixel_shader_on_the_fused_lane():
    """tests/test_native_fused_fallback_rules.py's doubly recursive PS (the fallback example there, with out-of-line
    calls switched off) draws on the fused lane with them on, the same bytes as the reference."""
    import warnings

    from test_native_fused_fallback_rules import PS_CALL, _scene

    from pyd3d11.pipeline.native import fused

    assert lower.lower(assemble_program(PS_CALL)).call_bodies
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            native.set_backend("reference")
            ref = _scene()
            native.set_backend("native")
            drawn, fallbacks = fused.stats.fused_draws, runtime.stats.fallbacks
            got = _scene()
        finally:
            native.set_backend(None)
    assert fused.stats.fused_draws > drawn and runtime.stats.fallbacks == fallbacks, fused.stats.reasons
    assert got == ref
