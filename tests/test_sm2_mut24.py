"""Session 24 (helper MUT): rules of the shader-model-2 translation's analyses that the seed-25 mutation sample
found untested (docs/conformance.md, "Session 24, helper MUT").

Expected values come from the instructions' definitions ("iadd", "imul", "ishl (sm4 - asm)": two's-complement
32-bit integers, so the literal 0xFFFFFFFF is -1), worked by hand here, not from the modules' formulas.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.dxbc.asm import assemble_instruction
from pyd3d11.shader.sm2.congruence import Residue, index_residues

pytestmark = pytest.mark.backend_independent  # runs no SM4 shader (checked by tests/conftest.py)


def _scan(lines: list[str]) -> list[Residue]:
    body = [assemble_instruction(t) for t in lines]
    res = index_residues(body)
    return [res.of(ix.rel) for inst in body for o in inst.operands for ix in o.indices if ix.rel is not None]


# --- congruence.py: a negative literal is the two's-complement value -------------------------------------------

@pytest.mark.parametrize(("lines", "want"), [
    # 3 k - 1 = 3 (k - 1) + 2: remainder 2 modulo 3 (the word 0xFFFFFFFF read as -1, not as 2^32 - 1, whose
    # remainder modulo 3 is 0)
    (["imul null, r0.x, cb0[0].x, l(3)", "iadd r0.x, r0.x, l(-1)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(3, 2)]),
    # 5 k - 7 = 5 (k - 2) + 3
    (["imul null, r0.x, cb0[0].x, l(5)", "iadd r0.x, r0.x, l(-7)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(5, 3)]),
    # an exact negative value, and its sum with an exact positive one
    (["mov r0.x, l(-2)", "mov o0.x, x0[r0.x + 4].xxxx"], [Residue(0, -2)]),
    (["mov r0.x, l(-2)", "iadd r0.x, r0.x, l(5)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(0, 3)]),
])
def test_negative_literals_are_twos_complement_values(lines: list[str], want: list[Residue]):
    assert _scan(lines) == want


# --- propagate.py: copy propagation and constant folding ------------------------------------------------------

from test_sm2_propagate import _def, _inst, _run, _text  # noqa: E402  (the helpers of the module's own tests)

from pyd3d11.shader.sm2.propagate import fold_constants  # noqa: E402


@pytest.mark.parametrize(("lines", "target", "want"), [
    # "mov - ps": a write to another register file with the copy's number (oC1 beside r1) leaves the copy intact
    (["mov r1, c0", "mov oC1, t1", "add r2, r1, t0", "mov oC0, r2"], "ps_2_0",
     ["mov oC1, t1", "add r2, c0, t0", "mov oC0, r2"]),
    # a masked destination reads its own lanes' components: lane x of r0.yzxw is r0.y = c0.y ...
    (["mov r1, t1", "mov r0, c0", "add r1.x, r0.yzxw, t0", "mov oC0, r1"], "ps_2_0",
     ["mov r1, t1", "add r1.x, c0.y, t0", "mov oC0, r1"]),
    # ... lane y of r0.yzxw is r0.z = c0.z
    (["mov r1, t1", "mov r0, c0", "add r1.y, r0.yzxw, t0", "mov oC0, r1"], "ps_2_0",
     ["mov r1, t1", "add r1.y, c0.z, t0", "mov oC0, r1"]),
])
def test_copy_propagation_lanes_and_files(lines: list[str], target: str, want: list[str]):
    got, before, after = _run(lines, target)
    assert got == want
    np.testing.assert_array_equal(before, after)


def test_a_copy_of_a_def_stays_a_copy():
    """A ``mov`` already reading a def constant is left as it is (no new def for c0.y alone); a copy of a temp
    holding a def's value reads that def."""
    body = [_def(0, 1.0, 2.0, 3.0, 4.0), _inst("mov r0.x, c0.y"), _inst("mov r1, c0"), _inst("mov r2, r1"),
            _inst("add r2, r2, r0.x"), _inst("mov oC0, r2")]
    out = fold_constants(body, 20)
    assert [_text(i) for i in out if i.op != "def"][:3] == ["mov r0.x, c0.y", "mov r1, c0", "mov r2, c0"]
    assert sorted(i.dst.num for i in out if i.op == "def") == [0, 20]  # the add's result 1+2, 2+2, 3+2, 4+2
    (new,) = [i for i in out if i.op == "def" and i.dst.num == 20]
    assert np.array(new.values, np.uint32).view(np.float32).tolist() == [3.0, 4.0, 5.0, 6.0]


# --- static_branch.py: the limits of ``if b#`` ------------------------------------------------------------------

from sm2_interp import validate  # noqa: E402
from test_hlsl_d3d9_targets import BOOL_SET, FLOAT_SET, compile_, read_ctab  # noqa: E402

from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION  # noqa: E402
from pyd3d11.shader.sm2.program import decode_program  # noqa: E402
from pyd3d11.shader.sm2.tokens import Reg as _Reg  # noqa: E402


def _bool_ifs(blob: bytes) -> tuple[list[str], dict[str, int]]:
    prog = decode_program(blob)
    assert validate(prog) == []
    ops = [i.op for i in prog.instructions if i.op in ("if", "else") and (i.op == "else" or i.srcs[0].reg == _Reg.CONSTBOOL)]
    return ops, {c["name"]: c["set"] for c in read_ctab(blob)["constants"]}


def test_ps_3_0_static_nesting_stops_at_24():
    """"Flow Control Limitations" (ps_3_0): static flow control nests 24 deep. 25 nested bool branches under /Od:
    the outer 24 are ``if b#``, the innermost is flattened (its bool in c#)."""
    n = 25
    decl = "".join(f"bool b{k}; " for k in range(n))
    body = "".join(f"if (b{k}) {{ r = r * 1.5 + {k}; " for k in range(n)) + "}" * n
    src = decl + f"float4 main(float4 x : TEXCOORD0) : COLOR {{ float4 r = x; {body} return r; }}"
    ops, sets = _bool_ifs(compile_(src, "ps_3_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    assert ops == ["if"] * 24
    assert [sets[f"b{k}"] for k in range(n)] == [BOOL_SET] * 24 + [FLOAT_SET]


@pytest.mark.parametrize(("last", "static_last"), [
    # 7 if/else pairs (14) + one if (15): an if/else needs 2 more, past 16 -> flattened
    ("if (b8) r = r * 3; else r = r - 3;", False),
    # a negated test without else is emitted as if b# / else (2): past 16 as well
    ("if (!b8) r = r * 3;", False),
    # a plain if needs 1: exactly 16
    ("if (b8) r = r * 3;", True),
])
def test_vs_2_0_static_flow_count_counts_what_is_emitted(last: str, static_last: bool):
    """"Flow Control Nesting Limits" (vs_2_0): ``if bool`` and its ``else`` count against a static flow count
    of 16."""
    decl = "".join(f"bool b{k}; " for k in range(9))
    body = "".join(f"if (b{k}) r = r * 1.5 + {k}; else r = r - {k}; " for k in range(7)) + "if (b7) r = r + 7; " + last
    src = decl + f"float4 main(float4 p : POSITION) : POSITION {{ float4 r = p; {body} return r; }}"
    ops, sets = _bool_ifs(compile_(src, "vs_2_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    assert ops.count("if") + ops.count("else") == (16 if static_last else 15)
    assert sets["b8"] == (BOOL_SET if static_last else FLOAT_SET)


def _definitely_written_reads(prog) -> list[str]:
    """Temp reads not preceded by a write on every path ("if bool - ps": the then-part or the else part runs, so a
    register is written after the endif only where both parts -- or the code before -- write it). Component-wise
    instructions only (each lane reads the same lane of its sources, after the swizzle)."""
    done: set[tuple[int, int]] = set()
    stack: list[list] = []
    errs = []
    for n, i in enumerate(prog.instructions):
        if i.op in ("def", "dcl", "comment", "end"):
            continue
        if i.op == "if":
            stack.append([set(done), None])
            continue
        if i.op == "else":
            stack[-1][1] = done
            done = set(stack[-1][0])
            continue
        if i.op == "endif":
            entry, then = stack.pop()
            done = done & (then if then is not None else entry)
            continue
        assert i.op in ("mov", "add", "mul", "mad", "cmp"), i.op
        lanes = [k for k in range(4) if i.dst.mask >> k & 1]
        for s in i.srcs:
            if s.reg == _Reg.TEMP:
                errs += [f"{n}: r{s.num}.{'xyzw'[s.swizzle[k]]}" for k in lanes if (s.num, s.swizzle[k]) not in done]
        if i.dst.reg == _Reg.TEMP:
            done |= {(i.dst.num, k) for k in lanes}
    return errs


def test_an_array_element_written_in_one_part_only_is_zeroed_first():
    """a[1] is written only when b is true, a[2] in both parts, and a[i] reads every element (ps_3_0 has no relative
    addressing of r#): the element written in one part must hold a value on the other path too (the SM4 program
    reads 0 there), so every temp read is written on every path before it."""
    src = """bool b; int i; float4 main(float4 x : TEXCOORD0) : COLOR {
      float a[3]; a[0] = x.x; if (b) { a[1] = x.y * 2; a[2] = x.z; } else { a[2] = x.w; } return a[i]; }"""
    prog = decode_program(compile_(src, "ps_3_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    assert [i.op for i in prog.instructions].count("if") == 1
    assert _definitely_written_reads(prog) == []



# --- d3d9.py: a sampler read with a second texture takes a free s# within the target's sampler count --------------

def _pairs_source(n: int) -> str:
    decl = "".join(f"SamplerState s{k} : register(s{k}); Texture2D a{k}; " for k in range(n))
    reads = " + ".join(f"a{k}.Sample(s{k}, uv)" for k in range(n))
    return decl + f"Texture2D b; float4 main(float2 uv : TEXCOORD0) : COLOR {{ return {reads} + b.Sample(s0, uv); }}"


def test_a_second_texture_pair_takes_the_last_free_sampler():
    """"Sampler (Direct3D 9 asm-ps)": ps_2_0 / ps_3_0 have 16 samplers s0-s15. 15 samplers read with one texture each,
    s0 with a second: the second pair takes s15, the last one there is."""
    prog = decode_program(compile_(_pairs_source(15), "ps_3_0"))
    assert sorted(i.dst.num for i in prog.instructions if i.op == "dcl" and i.dst.reg == _Reg.SAMPLER) == \
        list(range(16))


def test_a_texture_pair_past_the_last_sampler_is_x4510():
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError) as ei:
        compile_(_pairs_source(16), "ps_3_0")
    assert "X4510" in str(ei.value)


def _paths(prog) -> list[list]:
    """The two straight-line paths through a program with one ``if b#`` / ``else`` / ``endif``."""
    ins = [i for i in prog.instructions if i.op not in ("def", "dcl", "comment", "end")]
    ops = [i.op for i in ins]
    k_if, k_else, k_end = ops.index("if"), ops.index("else"), ops.index("endif")
    return [ins[:k_if] + ins[k_if + 1:k_else] + ins[k_end + 1:], ins[:k_if] + ins[k_else + 1:k_end] + ins[k_end + 1:]]


def _dead_writes(path: list) -> set[int]:
    """ids of the temp writes on a straight-line path whose every written lane is overwritten before any read."""
    live: set[tuple[int, int]] = set()
    dead = set()
    for i in reversed(path):
        lanes = [k for k in range(4) if i.dst.mask >> k & 1]
        if i.dst.reg == _Reg.TEMP:
            if not any((i.dst.num, k) in live for k in lanes):
                dead.add(id(i))
            live -= {(i.dst.num, k) for k in lanes}
        for s in i.srcs:
            if s.reg == _Reg.TEMP:
                live |= {(s.num, s.swizzle[k]) for k in lanes}
    return dead


def test_an_array_element_written_in_both_parts_is_not_zeroed_first():
    """Only the element written in one part needs a value before the branch: no write before ``if b0`` is dead on
    both paths (an element written in both parts gets no zero write)."""
    src = """bool b; int i; float4 main(float4 x : TEXCOORD0) : COLOR {
      float a[3]; a[0] = x.x; if (b) { a[1] = x.y * 2; a[2] = x.z; } else { a[2] = x.w; } return a[i]; }"""
    prog = decode_program(compile_(src, "ps_3_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    then_path, else_path = _paths(prog)
    ops = [i.op for i in prog.instructions]
    before = {id(i) for i in prog.instructions[:ops.index("if")]}
    assert before & _dead_writes(then_path) & _dead_writes(else_path) == set()
