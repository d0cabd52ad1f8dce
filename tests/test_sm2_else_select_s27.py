"""Issue 15, session 27 helper SM3D: one select for an if / else writing one register at the Direct3D 9 targets,
and copies of input registers read in place (docs/conformance.md, "Session 27, helper SM3D").

Rules, from their definitions; expected values come from the SM4 program run by the executor on the same inputs
(test_hlsl_d3d9_targets._run_both) or from the hand-built program's meaning (the SM2 interpreter before and after
copy propagation), never from the translation itself:

* a flattened branch entered under no other predicate has p.x = c and p.y = 1 - c for its comparison mask c in
  {0, 1}: exactly one is 1, so the else part's select reads p.x with its operands swapped ("cmp - ps": src0 >= 0
  ? src1 : src2), and a then-part select of lanes the else part's select writes again, with nothing between
  reading or writing them, becomes a plain write (the else select chooses between both values); fxc's
  BasicHLSL_PS_2 listing is that form (``mul r0, r0, v0`` / ``cmp r0, -c0.x, v0, r0``);
* a ``mov`` copy of an input register (v#, a pixel shader's t#) is read in place like a copy of a constant
  ("Registers - ps_2_0": inputs are read-only and readable by every arithmetic instruction), within the read
  ports.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import agree as _agree
from sm2_helpers import compile_
from sm2_helpers import ops as _ops

from pyd3d11.shader.sm2.program import decode_program


def _arith(blob: bytes) -> int:
    from pyd3d11.shader.sm2.profile import count_slots

    return count_slots(decode_program(blob))[2]


#: BasicHLSL's RenderScenePS with its texture read replaced by an input (the branch on a bool uniform, which
#: ps_2_0 reads as a float constant 0 / 1)
BOOL_IF = """bool b; float4 main(float4 c : COLOR0, float4 t : TEXCOORD0) : COLOR {
  float4 o; if (b) o = t * c; else o = c; return o; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b"])
@pytest.mark.parametrize("b", [0, 1])
def test_an_if_else_on_a_bool_writing_one_register_selects_once(target: str, b: int):
    """fxc's form: the then value written, one cmp on the bool (mul, cmp, mov oC0: 3 arithmetic slots; 8 before:
    two selects, 1 - b, copies of the bool and of the input)."""
    blob = compile_(BOOL_IF, target)
    assert _ops(blob).count("cmp") == 1
    assert _arith(blob) <= 3
    _agree(BOOL_IF, target, seeds=(3,), bools={"b": b})


#: a branch on a shader value: the comparison mask, then one select
VALUE_IF = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o; if (x.x > y.x) o = x * y; else o = y + x.y; return o; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
def test_an_if_else_on_a_shader_value_selects_once(target: str):
    blob = compile_(VALUE_IF, target)
    assert _ops(blob).count("cmp") <= 2  # the mask and one select (3 before)
    _agree(VALUE_IF, target)


#: the else part reads the entry value of the register the then part wrote: the then select must stay
ELSE_READS = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o = x + 1; if (x.x > y.x) o = x * y; else o = o * y + 2; return o; }"""

#: in a loop o is updated in place: the then part's select writes o's register and the else part reads o's entry
#: value there, so that select must stay (made a plain write, the else lanes would read the then value)
LOOP_ELSE_READS = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o = x; for (int i = 0; i < 3; i++) { if (o.x > y.x) o = o * 0.5; else o = o * y + 2; } return o; }"""

#: the then part writes lanes the else part's select does not: those keep the then value
THEN_WIDER = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o = y; if (x.x > y.x) o = x * y; else o.x = y.x + 1; return o; }"""

#: the then part writes some lanes, the else part all of them
THEN_NARROWER = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o = y; if (x.x > y.x) o.xy = x.xy * y.zw; else o = y + 2; return o; }"""

#: an if / else inside another: the inner predicates are the outer one times c / 1 - c (no complement), the
#: outer part keeps its complement (o keeps 0.5 where the outer test fails)
NESTED = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o = 0.5; float s = 1;
  if (x.x > y.x) { if (x.y > y.y) o = x; else o = y * 2; } else s = x.w; return o * s; }"""

#: two writes in each part, one to an output-bound value and one to a value read after the branch
TWO_WRITES = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 o; float s;
  if (x.z > 0.25) { o = x * y; s = y.w; } else { s = x.w * 3; o = y - x; } return o * s; }"""


@pytest.mark.parametrize("src", [ELSE_READS, LOOP_ELSE_READS, THEN_WIDER, THEN_NARROWER, NESTED, TWO_WRITES],
                         ids=["else-reads", "loop-else-reads", "then-wider", "then-narrower", "nested", "two-writes"])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_if_else_selects_agree(src: str, target: str):
    _agree(src, target, seeds=(3,))


# --- copies of input registers read in place ---------------------------------------------------------------------

@pytest.mark.backend_independent
@pytest.mark.parametrize(("lines", "want"), [
    # a copy of t1 read in place, the copy dropped
    (["mov r0, t1", "add r1, r0, c0", "mov oC0, r1"], ["add r1, t1, c0", "mov oC0, r1"]),
    # swizzles compose as for constants
    (["mov r0, t1.yzxw", "mul r1, r0.yzxw, c0", "mov oC0, r1"], ["mul r1, t1.zxyw, c0", "mov oC0, r1"]),
    # one t# register per instruction ("ps_2_0 Registers": read port limit 1): the copy beside t0 stays
    (["mov r0, t1", "add r1, r0, t0", "mov oC0, r1"], ["mov r0, t1", "add r1, r0, t0", "mov oC0, r1"]),
    # ... and one read of it (the profile's t# row: one port, one read): the copy stays
    (["mov r0, t1", "mul r1, r0, t1.x", "mov oC0, r1"], ["mov r0, t1", "mul r1, r0, t1.x", "mov oC0, r1"]),
    # a mov of t1's copy keeps reading the copy (nothing saved by a mov of t1; the copy's lanes stay one register
    # for the peephole's merges); the arithmetic reading that mov's copy reads the first copy
    (["mov r0, t1", "mov r2, r0", "mul r1, r2, c0", "mov oC0, r1"], ["mov r0, t1", "mul r1, r0, c0", "mov oC0, r1"]),
])
def test_input_copies_read_in_place(lines: list[str], want: list[str]):
    from test_sm2_propagate import _run

    got, before, after = _run(lines, "ps_2_0")
    assert got == want
    np.testing.assert_array_equal(before, after)


# --- selects on a comparison mask read the comparison (sm2/mask_selects.py) ------------------------------------

def _fold(lines: list[str], target: str = "ps_2_0"):
    """(the program after fold_mask_selects, outputs before, outputs after) on the SM2 interpreter, t0 / t1 holding
    0, -0, NaN, +-inf and ordinary values (the comparison's edge cases)."""
    from sm2_interp import Sm2Machine
    from test_sm2_propagate import _inst, _text

    from pyd3d11.shader.sm2.d3d9 import TARGETS
    from pyd3d11.shader.sm2.mask_selects import fold_mask_selects
    from pyd3d11.shader.sm2.program import Inst, Sm2Program

    body = [_inst(t) for t in lines if not t.startswith("def ")]
    for t in lines:  # def cN, a, b, c, d
        if t.startswith("def "):
            name, *vals = [x.strip() for x in t[4:].split(",")]
            words = [int(np.float32(float(v)).view(np.uint32)) for v in vals]
            body.insert(0, Inst("def", _inst(f"mov {name}, {name}").dst, [], 0, None, words))
    before = [Inst(i.op, i.dst, list(i.srcs), 0, None, list(i.values)) for i in body]
    after = fold_mask_selects(body, TARGETS[target].profile)
    edge = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1.5, -2.0, 3.0], np.float32)
    rng = np.random.default_rng(5)
    inputs = {(TEXTURE, k): np.stack([np.roll(edge, k + c) for c in range(4)], 1) * (1 + k) for k in range(2)}
    inputs[(TEXTURE, 2)] = rng.uniform(-4, 4, (8, 4)).astype(np.float32)
    consts = rng.uniform(-4, 4, (32, 4)).astype(np.float32)
    outs = []
    for prog in (before, after):
        m = Sm2Machine(Sm2Program("ps", 2, 0, prog), 8, inputs, consts).run()
        outs.append(m.out(Reg.COLOROUT, 0))
    return [_text(i) for i in after if i.op != "def"], outs[0], outs[1]



from pyd3d11.shader.sm2.tokens import TEXTURE, Reg  # noqa: E402

MASK_CASES = [
    # K0 = 0 (not positive), K1 = 1: the select reads s; the mask, unread now, dropped
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "cmp r3, -r2.x, t2, c0",
      "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r3, r1.x, t2, c0", "mov oC0, r3"]),
    # K0 = 1, K1 = 0: the operands swap
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.y, c5.x", "cmp r3, -r2.x, t2, c0",
      "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r3, r1.x, c0, t2", "mov oC0, r3"]),
    # the mask written over its own comparison: read in place once the mask is gone
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r1.x, r1.x, c5.x, c5.y", "cmp r3, -r1.x, t2, c0",
      "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r3, r1.x, t2, c0", "mov oC0, r3"]),
    # ... but not where something else reads the mask (an add of it): all stays
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r1.x, r1.x, c5.x, c5.y", "cmp r3, -r1.x, t2, c0",
      "add r3, r3, r1.x", "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r1.x, r1.x, c5.x, c5.y", "cmp r3, -r1.x, t2, c0", "add r3, r3, r1.x",
      "mov oC0, r3"]),
    # the comparison overwritten before the select: the select keeps the mask
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "mov r1.x, t2.y",
      "cmp r3, -r2.x, t2, c0", "add r3, r3, r1.x", "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "mov r1.x, t2.y", "cmp r3, -r2.x, t2, c0",
      "add r3, r3, r1.x", "mov oC0, r3"]),
    # K0 and K1 both positive (2 and 1): no comparison to read, left alone
    (["def c5, 2, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "cmp r3, -r2.x, t2, c0",
      "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "cmp r3, -r2.x, t2, c0", "mov oC0, r3"]),
    # the mask read without the negation (p >= 0: always src1 here) is not a select on it: left alone
    (["def c5, 0, 1, 0, 0", "add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "cmp r3, r2.x, t2, c0",
      "mov oC0, r3"],
     ["add r1.x, t1.x, -t0.x", "cmp r2.x, r1.x, c5.x, c5.y", "cmp r3, r2.x, t2, c0", "mov oC0, r3"]),
    # a comparison read through a modifier, two lanes: the select on lane y reads -s lane y, replicated
    (["def c5, 0, 1, 0, 0", "add r1, t1, -t0", "cmp r2.xy, -r1, c5.x, c5.y", "cmp r3, -r2.y, t2, c0",
      "mov oC0, r3"],
     ["add r1, t1, -t0", "cmp r3, -r1.y, t2, c0", "mov oC0, r3"]),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("lines", "want"), MASK_CASES)
def test_selects_on_a_mask_read_the_comparison(lines: list[str], want: list[str]):
    got, before, after = _fold(lines)
    assert got == want
    np.testing.assert_array_equal(before, after)  # NaN in the same places: bit-exact selects
