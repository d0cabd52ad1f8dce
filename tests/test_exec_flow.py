"""Flow control with divergent lanes, subroutines, indexable temps, icb, relative cb indexing, discard,
derivatives and the sampling hook (D3D11.3 spec 22.7). Expected values are computed per lane in Python."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

#: every test runs on both shader backends (reference and native)
pytestmark = pytest.mark.usefixtures("both_backends")

HEAD = "ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n"


def run(body: str, xs, cb=None, head=HEAD):
    prog = assemble_program(head + body)
    v = np.zeros((1, len(xs), 4), np.uint32)
    v[0, :, 0] = np.asarray(xs, np.int64).astype(np.uint32)
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, np.asarray(cb, np.uint32))
    return run_program(prog, len(xs), inputs=v, bindings=b)


def test_if_else_divergent():
    xs = list(range(8))
    o = run("""ult r0.x, v0.x, l(3)
if_nz r0.x
  mov o0.x, l(100)
else
  iadd o0.x, v0.x, l(7)
endif
mov o0.y, l(5)
ret
""", xs).outputs[0]
    assert o[:, 0].tolist() == [100 if x < 3 else x + 7 for x in xs] and (o[:, 1] == 5).all()


def test_loop_with_per_lane_trip_counts_and_continue():
    xs = [0, 1, 5, 9, 3, 17, 2, 4]
    o = run("""mov r0.x, l(0)
mov r0.y, l(0)
loop
  uge r1.x, r0.x, v0.x
  breakc_nz r1.x
  iadd r0.x, r0.x, l(1)
  and r1.y, r0.x, l(1)
  continuec_nz r1.y
  iadd r0.y, r0.y, r0.x
endloop
mov o0.x, r0.x
mov o0.y, r0.y
ret
""", xs).outputs[0]
    assert o[:, 0].tolist() == xs
    assert o[:, 1].tolist() == [sum(i for i in range(1, x + 1) if i % 2 == 0) for x in xs]


def test_switch_with_fall_through_and_default():
    xs = [0, 1, 2, 3, 7, 0xFFFFFFFF]
    o = run("""mov r0.x, l(0)
switch v0.x
  case l(0)
    iadd r0.x, r0.x, l(1)
  case l(1)
  case l(2)
    iadd r0.x, r0.x, l(10)
    break
  default
    iadd r0.x, r0.x, l(100)
  case l(3)
    iadd r0.x, r0.x, l(1000)
    break
endswitch
mov o0.x, r0.x
ret
""", xs).outputs[0]

    def ref(x):
        return {0: 11, 1: 10, 2: 10, 3: 1000}.get(x, 1100)

    assert o[:, 0].tolist() == [ref(x) for x in xs]


def test_nested_loop_break_inside_switch_and_if():
    xs = [0, 1, 2, 3]
    o = run("""mov r0.x, l(0)
mov r0.y, l(0)
loop
  ige r1.x, r0.y, l(4)
  breakc_nz r1.x
  switch v0.x
    case l(1)
      iadd r0.x, r0.x, l(1)
      break
    default
      ult r1.y, r0.y, v0.x
      if_nz r1.y
        iadd r0.x, r0.x, l(10)
      endif
      break
  endswitch
  iadd r0.y, r0.y, l(1)
endloop
mov o0.x, r0.x
ret
""", xs).outputs[0]
    assert o[:, 0].tolist() == [4 if x == 1 else 10 * min(x, 4) for x in xs]


def test_call_ret_and_retc_in_subroutine():
    xs = [0, 1, 2, 3, 4, 5]
    o = run("""mov r0.x, v0.x
mov r0.y, l(0)
call l0
ult r1.x, v0.x, l(2)
callc_nz r1.x, l1
mov o0.x, r0.y
ret
label l0
iadd r0.y, r0.y, l(1)
ieq r1.z, r0.x, l(3)
retc_nz r1.z
iadd r0.y, r0.y, l(10)
ret
label l1
iadd r0.y, r0.y, l(1000)
ret
""", xs).outputs[0]
    assert o[:, 0].tolist() == [(1 if x == 3 else 11) + (1000 if x < 2 else 0) for x in xs]


def test_indexable_temp_icb_and_relative_cb():
    xs = [0, 1, 2, 3]
    cb = np.arange(16, dtype=np.uint32) * 3  # cb0[i] = (12i, 12i+3, 12i+6, 12i+9)
    o = run("""dcl_immediateConstantBuffer { { 5, 6, 7, 8 }, { 50, 60, 70, 80 }, { 500, 600, 700, 800 }, { 9, 9, 9, 9 } }
dcl_indexableTemp x0[4], 4
mov x0[0].x, l(11)
mov x0[1].x, l(22)
mov x0[2].x, l(33)
mov x0[3].x, l(44)
mov r0.x, v0.x
mov o0.x, x0[r0.x + 0].x
mov o0.y, icb[r0.x + 0].y
mov o0.z, cb0[r0.x + 0].w
ret
""", xs, cb=cb, head=HEAD.replace("dcl_temps 4\n", "dcl_temps 4\ndcl_constantbuffer cb0[4], dynamicIndexed\n")).outputs[0]
    assert o[:, 0].tolist() == [11, 22, 33, 44]
    assert o[:, 1].tolist() == [6, 60, 600, 9]
    assert o[:, 2].tolist() == [12 * x + 9 for x in xs]


def test_relative_dest_into_indexable_temp_per_lane():
    xs = [3, 0, 2, 1]
    o = run("""dcl_indexableTemp x0[4], 4
mov x0[0].x, l(0)
mov x0[1].x, l(0)
mov x0[2].x, l(0)
mov x0[3].x, l(0)
mov r0.x, v0.x
mov x0[r0.x + 0].x, l(7)
mov o0.x, x0[0].x
mov o0.y, x0[1].x
mov o0.z, x0[2].x
mov o0.w, x0[3].x
ret
""", xs).outputs[0]
    assert o.tolist() == [[7 if i == x else 0 for i in range(4)] for x in xs]


def test_discard_marks_lanes_and_execution_continues():
    xs = [0, 1, 0, 1]
    r = run("discard_nz v0.x\nmov o0.x, l(9)\nret\n", xs)
    assert r.discarded.tolist() == [False, True, False, True]
    assert r.outputs[0][:, 0].tolist() == [9, 9, 9, 9]


def test_derivatives_on_2x2_quads():
    # quad lanes TL, TR, BL, BR carry f = 2*x + 5*y + x*y (x,y in {0,1})
    vals = np.array([0.0, 2.0, 5.0, 8.0, 1.0, 4.0, 7.0, 13.0], np.float32)
    prog = assemble_program("ps_5_0\ndcl_input_ps linear v0.x\ndcl_output o0.xyzw\n"
                            "deriv_rtx_fine o0.x, v0.x\nderiv_rty_fine o0.y, v0.x\n"
                            "deriv_rtx_coarse o0.z, v0.x\nderiv_rty_coarse o0.w, v0.x\nret\n")
    v = np.zeros((1, 8, 4), np.uint32)
    v[0, :, 0] = vals.view(np.uint32)
    o = run_program(prog, 8, inputs=v).outputs[0].view(np.float32)
    q = vals.reshape(2, 4)
    for k in range(2):
        tl, tr, bl, br = q[k]
        assert o[4 * k:4 * k + 4, 0].tolist() == [tr - tl, tr - tl, br - bl, br - bl]
        assert o[4 * k:4 * k + 4, 1].tolist() == [bl - tl, br - tr, bl - tl, br - tr]
        assert o[4 * k:4 * k + 4, 2].tolist() == [tr - tl] * 4
        assert o[4 * k:4 * k + 4, 3].tolist() == [bl - tl] * 4


def test_sampling_without_graphics_hook_raises_named_error():
    prog = assemble_program("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
                            "dcl_input_ps linear v0.xy\ndcl_output o0.xyzw\n"
                            "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0\nret\n")
    with pytest.raises(NotSupportedError, match="sample: texture sampling lands with the graphics pipeline"):
        run_program(prog, 4)


def test_sampling_hook_is_used_and_swizzled():
    prog = assemble_program("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
                            "dcl_input_ps linear v0.xy\ndcl_output o0.xyzw\n"
                            "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.wzyx, s0\nret\n")

    class Hooks:
        def sample(self, st, inst, srcs):
            return np.array([[1], [2], [3], [4]], np.uint32) + srcs[0][:1] * 0

    o = run_program(prog, 4, hooks=Hooks()).outputs[0]
    assert o.tolist() == [[4, 3, 2, 1]] * 4
