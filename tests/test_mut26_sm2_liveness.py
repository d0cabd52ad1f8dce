"""Session 26 (helper MUT): sm2/liveness.py's rule, on SM4 programs written here in assembly: a temp component
written inside a flattened construct needs no select when it is live (read before written on some path:
standard backward liveness) neither at the start of any enclosing construct (the other part of the if, the next
copy of the loop) nor after its end; the components an instruction reads are its write mask's lanes of each
source for a component-wise instruction, every lane of the swizzle for dot products and sampling, and a relative
index reads its register (SM4 "dp4", "mov", "sample" instruction pages)."""

from __future__ import annotations

import pytest

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.sm2.liveness import Locality, _uses_defs

pytestmark = pytest.mark.backend_specific

HEAD = "ps_4_0\ndcl_constantbuffer cb0[4], dynamicIndexed\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n" \
       "dcl_temps 4\n"


def _body(code: str):
    body = assemble_program(HEAD + code + "\nret\n").instructions
    return body[4:]  # past the declarations: body[0] is the first instruction written


def _bits(reg: int, comps) -> int:
    return sum(1 << (4 * reg + c) for c in comps)


@pytest.mark.parametrize("code,use,kill", [
    ("mov r1.xy, r2.yzwx", _bits(2, (1, 2)), _bits(1, (0, 1))),           # lanes x, y of the swizzle .yz
    ("add r1.w, r2.xyzw, r3.wzyx", _bits(2, (3,)) | _bits(3, (0,)), _bits(1, (3,))),
    ("dp4 r1.x, r2.xyzw, r3.xxxx", _bits(2, range(4)) | _bits(3, (0,)), _bits(1, (0,))),  # every lane
    ("mov r1.x, cb0[r2.y + 1].x", _bits(2, (1,)), _bits(1, (0,))),       # a relative index reads its register
    ("mov r1.z, r1.x", _bits(1, (0,)), _bits(1, (2,))),
])
def test_components_read_and_written(code, use, kill):
    (inst,) = _body(code)[:1]
    assert _uses_defs(inst) == (use, kill)


BRANCH = """mov r0.xyzw, v0.xyzw
if_nz v0.x
  mul r1.xyzw, v0.xyzw, v0.xyzw
  add r0.xyzw, r1.xyzw, l(1.0, 1.0, 1.0, 1.0)
  mov r2.xy, r1.xyxx
{else}
endif
mov o0.xyzw, r0.xyzw
{after}"""


@pytest.mark.parametrize("else_part,after,want", [
    ("", "", (True, False, True)),            # r1, r2 local to the branch; r0 read after it
    ("", "mov o0.xy, r2.xyxx", (True, False, False)),     # r2 read after the if
    ("else\n mov o0.x, r1.x", "", (False, False, True)),  # r1.x read in the other part: live at the if
    ("else\n mov o0.x, r1.y", "", (False, False, True)),
])
def test_writes_in_a_branch(else_part, after, want):
    b = _body(BRANCH.format(**{"else": else_part, "after": after}))
    loc = Locality(b)
    assert (loc.unpredicated(b[2], 1, 0xF), loc.unpredicated(b[3], 0, 0xF), loc.unpredicated(b[4], 2, 0x3)) == want


def test_a_component_not_read_again_is_free_while_another_is_not():
    b = _body(BRANCH.format(**{"else": "else\n mov o0.x, r1.z", "after": ""}))
    loc = Locality(b)
    assert [loc.unpredicated(b[2], 1, 1 << c) for c in range(4)] == [True, True, False, True]


LOOP = """mov r0.xyzw, l(0, 0, 0, 0)
mov r3.x, l(0)
loop
  ige r3.y, r3.x, l(4)
  breakc_nz r3.y
  {body}
  iadd r3.x, r3.x, l(1)
endloop
mov o0.xyzw, r0.xyzw"""


def test_writes_in_a_loop():
    # r1 is computed and used within one iteration: free; r0 accumulates (read at the loop's start): selected
    b = _body(LOOP.format(body="mul r1.xyzw, v0.xyzw, l(2.0, 2.0, 2.0, 2.0)\n  add r0.xyzw, r0.xyzw, r1.xyzw"))
    loc = Locality(b)
    mul, add = b[5], b[6]
    assert (loc.unpredicated(mul, 1, 0xF), loc.unpredicated(add, 0, 0xF)) == (True, False)
    # a value read at the start of the next iteration before it is written there
    b = _body(LOOP.format(body="add r0.xyzw, r0.xyzw, r1.xyzw\n  mul r1.xyzw, v0.xyzw, l(2.0, 2.0, 2.0, 2.0)"))
    loc = Locality(b)
    assert loc.unpredicated(b[6], 1, 0xF) is False


def test_nested_constructs_count_every_enclosing_one():
    code = """mov r0.xyzw, v0.xyzw
if_nz v0.x
  mov r2.x, v0.y
  if_nz v0.z
    mov r1.xyzw, v0.xyzw
  endif
  mov o0.x, r1.x
endif
mov o0.xyzw, r0.xyzw"""
    b = _body(code)
    loc = Locality(b)
    # r1 is read after the inner if (but inside the outer one): the inner write needs its select
    assert loc.unpredicated(b[4], 1, 0x1) is False
    assert loc.unpredicated(b[4], 1, 0x2) is True
    assert loc.unpredicated(b[2], 2, 0x1) is True


def test_an_instruction_not_of_the_body_or_a_register_it_does_not_write():
    b = _body(BRANCH.format(**{"else": "", "after": ""}))
    loc = Locality(b)
    other = _body("mov r1.xyzw, v0.xyzw")[0]
    assert loc.unpredicated(other, 1, 0xF) is False
    assert loc.unpredicated(None, 1, 0xF) is False
    assert loc.unpredicated(b[2], 3, 0xF) is False  # mul writes r1, not r3


def test_register_zero_is_no_different():
    code = """mov r3.xyzw, v0.xyzw
if_nz v0.x
  mul r0.xyzw, v0.xyzw, v0.xyzw
  mov o0.xyzw, r0.xyzw
endif
mov o0.xyzw, r3.xyzw"""
    b = _body(code)
    assert Locality(b).unpredicated(b[2], 0, 0xF) is True
