"""Copy propagation on D3D9 programs (shader/sm2/propagate.py).

Sources: "mov - ps" (the destination's masked components take the source's, swizzled), "Source Register
Swizzling" (ps_2_0 accepts a replicate or the full swizzles .xyzw .yzxw .zxyw .wzyx; ps_2_a any), "Registers -
ps_2_0" (one constant register per instruction, two reads), "texld - ps_2_0" (its coordinate is a t# or r#,
never a constant). Each program is also run before and after on the test-side SM2 interpreter (sm2_interp.py)
with random registers: the outputs must be equal.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.sm2.ctab import decode_ctab
from pyd3d11.shader.sm2.d3d9 import TARGETS, _rewrite
from pyd3d11.shader.sm2.profile import count_slots
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src, decode_program
from pyd3d11.shader.sm2.propagate import eliminate_common, fold_constants, propagate_copies
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg, SrcMod

pytestmark = pytest.mark.backend_independent  # runs no SM4 shader (checked by tests/conftest.py)

_FILES = {"r": Reg.TEMP, "c": Reg.CONST, "t": TEXTURE, "oC": Reg.COLOROUT, "s": Reg.SAMPLER}
_LANES = "xyzw"


def _reg(text: str) -> tuple[int, int, str]:
    name = text.rstrip("0123456789.xyzw")
    rest = text[len(name):]
    num, _, comp = rest.partition(".")
    return _FILES[name], int(num), comp


def _inst(line: str) -> Inst:
    op, _, rest = line.partition(" ")
    args = [a.strip() for a in rest.split(",")]
    reg, num, comp = _reg(args[0])
    dst = Dst(reg, num, sum(1 << _LANES.index(c) for c in comp) if comp else 0xF)
    srcs = []
    for a in args[1:]:
        neg = a.startswith("-")
        reg, num, comp = _reg(a.lstrip("-"))
        comp = comp or "xyzw"
        comp = comp + comp[-1] * (4 - len(comp))
        srcs.append(Src(reg, num, tuple(_LANES.index(c) for c in comp), SrcMod.NEG if neg else 0))
    return Inst(op, dst, srcs)


def _text(inst: Inst) -> str:
    names = {v: k for k, v in _FILES.items()}

    def one(reg, num, mod, swz=None, mask=None):
        s = f"{'-' if mod == SrcMod.NEG else ''}{names[reg]}{num}"
        if swz is not None and len(set(swz)) == 1:
            s += "." + _LANES[swz[0]]
        elif swz is not None and swz != (0, 1, 2, 3):
            s += "." + "".join(_LANES[k] for k in swz)
        if mask is not None and mask != 0xF:
            s += "." + "".join(_LANES[k] for k in range(4) if mask >> k & 1)
        return s
    d = inst.dst
    return f"{inst.op} " + ", ".join([one(d.reg, d.num, 0, mask=d.mask)] + [one(s.reg, s.num, s.mod, s.swizzle)
                                                                          for s in inst.srcs])


def _run(lines: list[str], target: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    body = [_inst(t) for t in lines]
    before = [Inst(i.op, i.dst, list(i.srcs)) for i in body]
    after = propagate_copies(body, TARGETS[target].profile)
    rng = np.random.default_rng(7)
    consts = rng.uniform(-4, 4, (32, 4)).astype(np.float32)
    inputs = {(TEXTURE, k): rng.uniform(-4, 4, (5, 4)).astype(np.float32) for k in range(4)}
    outs = []
    for prog in (before, after):
        m = Sm2Machine(Sm2Program("ps", 2, 0, prog), 5, inputs, consts).run()
        outs.append(m.out(Reg.COLOROUT, 0))
    return [_text(i) for i in after], outs[0], outs[1]


# (program, target, the program after propagation)
CASES = [
    # a copied constant read directly; the copy dropped
    (["mov r0.x, c0.x", "add r1.x, r0.x, t0.x", "mov oC0, r1.x"], "ps_2_0",
     ["add r1.x, c0.x, t0.x", "mov oC0, r1.x"]),
    # a copy of a temp, read twice by one instruction
    (["add r7.x, t0.x, t1.x", "mov r6.x, r7.x", "mul r6.x, r6.x, r6.x", "mov oC0, r6.x"], "ps_2_0",
     ["add r7.x, t0.x, t1.x", "mul r6.x, r7.x, r7.x", "mov oC0, r6.x"]),
    # the reader's own modifier stays
    (["mov r0, c1", "add r1, -r0, t0", "mov oC0, r1"], "ps_2_0", ["add r1, -c1, t0", "mov oC0, r1"]),
    # swizzles compose: c0.yzxw read .yzxw is c0.zxyw, a ps_2_0 swizzle
    (["mov r0, c0.yzxw", "add r1, r0.yzxw, t0", "mov oC0, r1"], "ps_2_0", ["add r1, c0.zxyw, t0", "mov oC0, r1"]),
    # c0.wzyx read .yzxw is c0.zywx: not a ps_2_0 swizzle (kept), any swizzle at ps_2_a
    (["mov r0, c0.wzyx", "add r1, r0.yzxw, t0", "mov oC0, r1"], "ps_2_0",
     ["mov r0, c0.wzyx", "add r1, r0.yzxw, t0", "mov oC0, r1"]),
    (["mov r0, c0.wzyx", "add r1, r0.yzxw, t0", "mov oC0, r1"], "ps_2_a", ["add r1, c0.zywx, t0", "mov oC0, r1"]),
    # one constant register per instruction: c0 beside c1 is not allowed, the copy stays
    (["mov r0.x, c0.x", "add r1.x, r0.x, c1.x", "mov oC0, r1.x"], "ps_2_0",
     ["mov r0.x, c0.x", "add r1.x, r0.x, c1.x", "mov oC0, r1.x"]),
    # the copy's source overwritten before the read: the read keeps the copy
    # (the later copy of c0 into r1 is read in place; r1 is computed first, not a copy of t1, which is read in
    # place since session 27)
    (["mul r1, t1, t1", "mov r0, r1", "mov r1, c0", "add r2, r0, r1", "mov oC0, r2"], "ps_2_0",
     ["mul r1, t1, t1", "mov r0, r1", "add r2, r0, c0", "mov oC0, r2"]),
    # one lane of the copy overwritten: a read of all four lanes is not the copy's
    (["mov r0, c0", "mov r0.y, t1.x", "add r2, r0, t0", "mov oC0, r2"], "ps_2_0",
     ["mov r0, c0", "mov r0.y, t1.x", "add r2, r0, t0", "mov oC0, r2"]),
    # ... while a read of the lanes still copied is rewritten (the copy stays for the other read)
    (["mov r0, c0", "mov r0.y, t1.x", "add r2.x, r0.x, t0.x", "add r3, r0, t0", "add r2, r2.x, r3",
      "mov oC0, r2"], "ps_2_0",
     ["mov r0, c0", "mov r0.y, t1.x", "add r2.x, c0.x, t0.x", "add r3, r0, t0", "add r2, r2.x, r3", "mov oC0, r2"]),
    # a copy with a source modifier is not propagated
    (["mov r0, -c0", "add r1, r0, t0", "mov oC0, r1"], "ps_2_0", ["mov r0, -c0", "add r1, r0, t0", "mov oC0, r1"]),
]


@pytest.mark.parametrize(("lines", "target", "want"), CASES)
def test_copy_propagation_rules(lines: list[str], target: str, want: list[str]):
    got, before, after = _run(lines, target)
    assert got == want
    np.testing.assert_array_equal(before, after)


def test_texld_coordinates_are_left_alone():
    body = [_inst("mov r0, c0"), Inst("texld", Dst(Reg.TEMP, 1), [Src(Reg.TEMP, 0), Src(Reg.SAMPLER, 0)]),
            _inst("mov oC0, r1")]
    out = propagate_copies(body, TARGETS["ps_2_0"].profile)
    assert [i.op for i in out] == ["mov", "texld", "mov"] and out[1].srcs[0].reg == Reg.TEMP


def test_flow_control_programs_are_left_alone():
    body = [_inst("mov r0, c0"), Inst("rep", None, [Src(Reg.CONSTINT, 0)]), _inst("add r1, r0, t0"),
            Inst("endrep"), _inst("mov oC0, r1")]
    assert propagate_copies(list(body), TARGETS["ps_3_0"].profile) == body


def test_array_copies_fit_ps_2_0():
    """A 2-D array filled from constants and read at run-time indices: the copies of the constants are read
    in place, so the program keeps within ps_2_0's 64 arithmetic slots (it is refused without the rewrite)."""
    src = """float x[6]; uint4 i;
    float4 main() : COLOR {
        float z[3][2];
        z[0][0] = x[0]; z[1][0] = x[1]; z[2][0] = x[2]; z[0][1] = x[1]; z[1][1] = x[3]; z[2][1] = x[5];
        float4 r;
        r.x = z[i.x][0]; r.y = z[i.y][1];
        z[0][1] = x[4]; z[1][1] = x[2]; z[2][1] = x[0];
        r.z = z[i.z][1]; r.w = z[2][i.w];
        return r;
    }"""
    prog = decode_program(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0)))
    _, _, arith = count_slots(prog)
    assert arith <= 64
    comment = next(i for i in prog.instructions if i.op == "comment")
    (x,) = [c for c in decode_ctab(list(comment.values)).constants if c.name == "x"]
    xs = range(x.register_index, x.register_index + x.register_count)
    # no instruction copies an element of x into a temp any more: the selects read x's registers
    assert not [i for i in prog.instructions if i.op == "mov" and i.dst.reg == Reg.TEMP
                and i.srcs[0].reg == Reg.CONST and i.srcs[0].num in xs]
    assert {s.num for i in prog.instructions if i.op == "cmp" for s in i.srcs if s.reg == Reg.CONST} == set(xs)


# --- constant folding and common subexpressions --------------------------------------------------------------

def _def(num: int, *vals: float) -> Inst:
    return Inst("def", Dst(Reg.CONST, num), [], values=[int(w) for w in np.array(vals, np.float32).view(np.uint32)])


def _run_fold(body: list[Inst]) -> tuple[list[Inst], np.ndarray, np.ndarray]:
    before = [Inst(i.op, i.dst, list(i.srcs), values=list(i.values)) for i in body]
    after = eliminate_common(fold_constants(body, 20))
    rng = np.random.default_rng(3)
    inputs = {(TEXTURE, k): rng.uniform(-4, 4, (5, 4)).astype(np.float32) for k in range(2)}
    outs = []
    for prog in (before, after):
        consts = rng.uniform(-4, 4, (32, 4)).astype(np.float32)
        for i in prog:
            if i.op == "def":
                consts[i.dst.num] = np.array(i.values, np.uint32).view(np.float32)
        outs.append(Sm2Machine(Sm2Program("ps", 2, 0, [i for i in prog if i.op != "def"]), 5, inputs,
                               consts).run().out(Reg.COLOROUT, 0))
    return after, outs[0], outs[1]


@pytest.mark.parametrize(("line", "want"), [
    # "add - ps" .. "sge - vs": each lane computed from the def constants' values (want: the new def's lanes)
    ("add r1, c0, -c1", [1.5 - 0.25, -2.0 - 0.5, 3.0 - 4.0, 0.0 - 8.0]),
    ("mul r1, c0, c1.x", [1.5 * 0.25, -2.0 * 0.25, 3.0 * 0.25, 0.0]),
    ("max r1, c0, c1", [1.5, 0.5, 4.0, 8.0]),
    ("min r1, c0, c1", [0.25, -2.0, 3.0, 0.0]),
    ("cmp r1, c0, c1, -c1", [0.25, -0.5, 4.0, 8.0]),  # src0 >= 0 (0 included) selects src1
    ("slt r1, c0, c1", [0.0, 1.0, 1.0, 1.0]),
    ("sge r1, c0, c1", [1.0, 0.0, 0.0, 0.0]),
])
def test_def_constant_arithmetic_is_folded(line: str, want: list[float]):
    body = [_def(0, 1.5, -2.0, 3.0, 0.0), _def(1, 0.25, 0.5, 4.0, 8.0), _inst(line), _inst("mov oC0, r1")]
    after, before_out, after_out = _run_fold(body)
    (new,) = [i for i in after if i.op == "def" and i.dst.num >= 20]
    assert np.array(new.values, np.uint32).view(np.float32).tolist() == want
    assert [i.op for i in after if i.op != "def"] == ["mov", "mov"]
    np.testing.assert_array_equal(before_out, after_out)


def test_a_temp_copied_from_a_def_is_known_and_an_input_is_not():
    body = [_def(0, 2.0, 2.0, 2.0, 2.0), _def(1, 0.5, 0.5, 0.5, 0.5), _inst("mov r0, c0"), _inst("mul r1, r0, c1"),
            _inst("add r2, r1, t0"), _inst("mov r0.x, t1.x"), _inst("mul r3, r0, c1"), _inst("add r2, r2, r3"),
            _inst("mov oC0, r2")]
    after, before_out, after_out = _run_fold(body)
    ops = [_text(i) for i in after if i.op != "def"]
    assert ops[1] == "mov r1, c20"  # 2 * 0.5 from the copy of c0
    assert ops[4] == "mul r3, r0, c1"  # r0.x was overwritten by an input: not known
    np.testing.assert_array_equal(before_out, after_out)


def test_repeated_computations_are_computed_once():
    body = [_inst("mul r0.x, t0.x, t1.y"), _inst("add r1, r0.x, t0"), _inst("mul r0.x, t0.x, t1.y"),
            _inst("mul r2.x, t0.x, t1.y"), _inst("add r1, r1, r2.x"), _inst("mov r3, t1"),
            _inst("mul r4.x, t0.x, r3.y"), _inst("mov r3, t0"), _inst("mul r5.x, t0.x, r3.y"),
            _inst("add r1, r1, r4.x"), _inst("add r1, r1, r5.x"), _inst("mov oC0, r1")]
    after, before_out, after_out = _run_fold(body)
    got = [_text(i) for i in after]
    assert got[:4] == ["mul r0.x, t0.x, t1.y", "add r1, r0.x, t0", "mov r2.x, r0", "add r1, r1, r2.x"]
    # r3 a copy of t1: t0.x * r3.y is r0.x's value (session 34 D9SZ2: values, not registers); r3 rewritten to t0
    # before the second read of r3.y: that multiply is another value, computed again
    assert "mov r4.x, r0" in got and got.count("mul r5.x, t0.x, r3.y") == 1
    np.testing.assert_array_equal(before_out, after_out)


def test_a_source_written_in_between_is_not_a_common_computation():
    body = [_inst("add r0.x, t0.x, t1.x"), _inst("mov r1, t0"),
            _inst("add r2.x, r1.x, t1.x"), _inst("mov r1.x, t1.z"), _inst("add r3.x, r1.x, t1.x"),
            _inst("add r4, r2.x, r3.x"), _inst("add r4, r4, r0.x"), _inst("mov oC0, r4")]
    after, before_out, after_out = _run_fold(body)
    # r1 a copy of t0: r1.x + t1.x is r0.x's value (session 34 D9SZ2); r1.x rewritten to t1.z: computed again
    assert sum(i.op == "add" and i.srcs[0].reg == Reg.TEMP and i.srcs[0].num == 1 for i in after) == 1
    assert [_text(i) for i in after][2] == "mov r2.x, r0"
    np.testing.assert_array_equal(before_out, after_out)


def test_an_overwritten_result_is_not_reused():
    body = [_inst("mul r0.x, t0.x, t1.y"), _inst("add r1, r0.x, t0"), _inst("mov r0.x, t1.z"),
            _inst("mul r2.x, t0.x, t1.y"), _inst("add r1, r1, r2.x"), _inst("add r1, r1, r0.x"), _inst("mov oC0, r1")]
    after, before_out, after_out = _run_fold(body)
    assert [_text(i) for i in after][3] == "mul r2.x, t0.x, t1.y"
    np.testing.assert_array_equal(before_out, after_out)


def _fold_case(repeat: int) -> list[Inst]:
    """c0, c1: defs also read elsewhere; r0 * c1 with r0 = c0 folds into a third def, which the add beside the
    uniform c2 cannot read in place (one constant register per instruction)."""
    body = [_def(0, 2.0, 2.0, 2.0, 2.0), _def(1, 0.5, 0.5, 0.5, 0.5), _inst("mov r0, c0"), _inst("mov r5, t0")]
    for _ in range(repeat):
        body += [_inst("mul r1, r0, c1"), _inst("add r2, r1, c2"), _inst("add r3, r0, t0"), _inst("mul r4, c1, t0"),
                 _inst("add r5, r5, r2"), _inst("add r5, r5, r3"), _inst("add r5, r5, r4")]
    return body + [_inst("mov oC0, r5")]


@pytest.mark.parametrize(("repeat", "folded"), [(1, False), (9, True)])
def test_folding_adds_constants_only_where_the_program_needs_it(repeat: int, folded: bool):
    """Folding r0 * c1 costs a def register; taken only when the program without it passes ps_2_0's 64
    arithmetic slots (9 copies: 7 * 9 + 2 = 65 without, fewer with the repeated computations reused)."""
    prof = TARGETS["ps_2_0"].profile
    plain_slots = count_slots(Sm2Program("ps", 2, 0, _fold_case(repeat)))[2]
    assert (plain_slots > 64) == folded
    out = _rewrite(_fold_case(repeat), prof, {2}, False)
    # the folded product 2 * 0.5 = 1 held by a def (session 26: defs are packed and renumbered after folding, so
    # a def numbered past c2 is no longer a sign of folding)
    one = int(np.float32(1.0).view(np.uint32))
    new_defs = [i for i in out if i.op == "def" and one in [w & 0xFFFFFFFF for w in i.values]]
    assert bool(new_defs) == folded
    if folded:
        assert count_slots(Sm2Program("ps", 2, 0, out))[2] <= 64
