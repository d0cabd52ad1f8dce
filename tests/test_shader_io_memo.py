"""pipeline/shader_io.py remembers a program's declarations per program object (every draw asks for them):
the memo must never serve an answer for a different instruction list, and callers' copies are their own."""

from __future__ import annotations

from pyd3d11.pipeline import shader_io
from pyd3d11.shader.dxbc.asm import assemble_program

PS = "ps_4_0\ndcl_input_ps linear v0.xy\ndcl_output o0.xyzw\nmov o0.xy, v0.xyxx\nmov o0.zw, l(0, 0, 0, 1.0)\n"
PS2 = "ps_4_0\ndcl_input_ps linear v1.z\ndcl_output o0.xyzw\nmov o0.xyzw, v1.zzzz\n"


def test_appended_instruction_is_seen():
    prog = assemble_program(PS)
    first = shader_io.input_decls(prog)
    assert [(d.register, d.mask) for d in first] == [(0, 0x3)]
    extra = assemble_program(PS2).instructions[0]  # dcl_input_ps linear v1.z
    prog.instructions.insert(1, extra)
    assert [(d.register, d.mask) for d in shader_io.input_decls(prog)] == [(0, 0x3), (1, 0x4)]


def test_replaced_instruction_list_is_seen():
    prog = assemble_program(PS)
    assert shader_io.read_input_components(prog) == {0: 0x3}
    prog.instructions = list(assemble_program(PS2).instructions)
    assert shader_io.read_input_components(prog) == {1: 0x4}
    assert [d.register for d in shader_io.input_decls(prog)] == [1]


def test_callers_copies_are_their_own():
    prog = assemble_program(PS)
    a = shader_io.input_decls(prog)
    a.clear()
    r = shader_io.read_input_components(prog)
    r[7] = 0xF
    assert len(shader_io.input_decls(prog)) == 1
    assert shader_io.read_input_components(prog) == {0: 0x3}
    assert [d.register for d in shader_io.output_decls(prog)] == [0]


def test_memo_computes_once_per_program():
    prog = assemble_program(PS)
    calls = []

    def compute(p):
        calls.append(p)
        return len(p.instructions)

    assert shader_io.memo(prog, "n", compute) == shader_io.memo(prog, "n", compute) == len(prog.instructions)
    assert len(calls) == 1
    other = assemble_program(PS)
    assert shader_io.memo(other, "n", compute) == len(other.instructions)
    assert len(calls) == 2
