"""Issue 15, session 26 helper SM3C: smaller flattened flow control at the Direct3D 9 targets (docs/conformance.md,
"Session 26, helper SM3C").

Each rule from its definition; expected values come from the SM4 program run by the executor on the same inputs
(test_hlsl_d3d9_targets._run_both) or from the hand-built program's meaning (the SM2 interpreter on the program
before and after a rewrite), never from the translation itself:

* a write under several 0/1 factors (a flattened branch, lanes still running after a return / break) reads their
  product, computed once while no factor changes (before: once per write);
* "still running" is one register component y, updated by one ``mad y, -c, y, y`` (y * (1 - c), exact for 0 / 1)
  per break / return / continue (before: max of a "left" flag, then 1 - flag); a nested unrolled loop's y starts
  as the product of the factors around it and stands for them;
* component-wise instructions writing disjoint lanes of one register with combinable sources become one
  (sm2/vectorize.py): same register with one legal swizzle, or def constants packed into one def.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import agree as _agree
from sm2_helpers import compile_
from sm2_helpers import ops as _ops

from pyd3d11.shader.sm2.d3d9 import TARGETS
from pyd3d11.shader.sm2.program import Dst, Inst, Src, decode_program
from pyd3d11.shader.sm2.tokens import Reg, SrcMod
from pyd3d11.shader.sm2.vectorize import merge_lanes

INDEPENDENT = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _arith(blob: bytes) -> int:
    from pyd3d11.shader.sm2.profile import count_slots

    return count_slots(decode_program(blob))[2]


# --- the early return from two nested loops (vkd3d function-return.shader_test's last program) -----------------

#: o doubles per outer iteration; the first f[j].x below o returns 0.2 (o as it was), else o = 0 and 0.3
NESTED_RETURN = """uniform float4 f[3];
float func(out float o) {
  int i, j; o = 0.1;
  for (i = 0; i < 3; ++i) { for (j = 0; j < 3; ++j) { if (o > f[j].x) return 0.2; } o *= 2; }
  o = 0; return 0.3; }
float4 main(float4 x : TEXCOORD0) : COLOR { float4 ret; ret.x = func(ret.y); ret.zw = 0.5; ret += 0.1;
  return ret + x * 0; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
def test_an_early_return_from_nested_unrolled_loops_fits_and_agrees(target: str):
    """9 copies of the inner test, each under "still running" factors of both loops: the product is made once
    per copy and the inner loop's y stands for the outer one's, so ps_2_0's 64 arithmetic slots hold it (fxc
    compiles the shared test's program at ps_2_0; ours took 101 slots before)."""
    blob = compile_(NESTED_RETURN, target)
    assert _arith(blob) <= 64
    assert "max" not in _ops(blob)  # no "left" flag: y alone, one mad per break
    _agree(NESTED_RETURN, target)


#: a break in a loop bounded by a uniform (left at run time): copies until the array's bound, one break each
BREAKS = """float4 k[4]; float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 s = 0;
  for (int i = 0; i < 4; i++) { if (dot(x, k[i]) > y.x) break; s += k[i] * x; s.w += y.y; }
  return s; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b"])
def test_breaks_keep_one_running_flag(target: str):
    """Each break is one ``mad y, -c, y, y``; no max / 1 - x pair (before: two instructions per break)."""
    blob = compile_(BREAKS, target)
    assert "max" not in _ops(blob)
    _agree(BREAKS, target)


#: three writes in one part of a branch inside a loop some lanes left: one product of the factors for all three
SEVERAL_WRITES = """float4 k[3]; float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 a = 0, b = 1, c = 2;
  for (int i = 0; i < 3; i++) {
    if (x.w > k[i].w) break;
    if (y.x > k[i].x) { a += x; b *= y; c -= k[i]; } }
  return a + b * c; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
def test_writes_under_the_same_factors_share_one_product(target: str):
    """In each copy after the first break, the part's three selects read one product of (branch predicate,
    still running): at most one mul per copy for it, so the program has fewer muls than selects."""
    blob = compile_(SEVERAL_WRITES, target)
    ops = _ops(blob)
    assert ops.count("mul") < ops.count("cmp")
    _agree(SEVERAL_WRITES, target)


# --- merged lanes (sm2/vectorize.py), hand-built programs run before and after ----------------------------------

def _def(num: int, *vals: float) -> Inst:
    return Inst("def", Dst(Reg.CONST, num), [], values=[int(np.float32(v).view(np.uint32)) for v in vals])


_EVAL = {"mov": lambda a: a[0], "add": lambda a: a[0] + a[1], "mul": lambda a: a[0] * a[1],
         "mad": lambda a: a[0] * a[1] + a[2], "cmp": lambda a: np.where(a[0] >= 0, a[1], a[2])}


def _run(body: list[Inst], r_in: np.ndarray) -> np.ndarray:
    """r0 after the body, r0 .. r2 loaded with ``r_in``: a direct evaluation of the component-wise ops used."""
    regs = {("r", n): r_in[n].copy() for n in range(len(r_in))}
    consts = {}
    for i in body:
        if i.op == "def":
            consts[i.dst.num] = np.array(i.values, np.uint32).view(np.float32)

    def read(s: Src) -> np.ndarray:
        v = (consts[s.num] if s.reg == Reg.CONST else regs[("r", s.num)])[list(s.swizzle)]
        return -v if s.mod == SrcMod.NEG else v

    for i in body:
        if i.op == "def":
            continue
        a = [read(s) for s in i.srcs]
        v = _EVAL[i.op](a)
        d = regs.setdefault(("r", i.dst.num), np.zeros(4, np.float32))
        for k in range(4):
            if i.dst.mask >> k & 1:
                d[k] = v[k]
    return regs[("r", 0)]


PS20 = TARGETS["ps_2_0"].profile

TWO_SELECTS = [_def(5, 0.2, 0.2, 0.2, 0.2), _def(7, 1, 0, 0, 0),
               Inst("cmp", Dst(Reg.TEMP, 0, 0x4), [Src(Reg.TEMP, 1, (0,) * 4, SrcMod.NEG), Src(Reg.TEMP, 0), Src(Reg.CONST, 5, (2,) * 4)]),
               Inst("cmp", Dst(Reg.TEMP, 0, 0x1), [Src(Reg.TEMP, 1, (0,) * 4, SrcMod.NEG), Src(Reg.TEMP, 0), Src(Reg.CONST, 7, (0,) * 4)])]


@INDEPENDENT
def test_two_selects_of_one_predicate_become_one_with_a_packed_def():
    out = merge_lanes(list(TWO_SELECTS), PS20, 8)
    code = [i for i in out if i.op != "def"]
    assert len(code) == 1 and code[0].op == "cmp" and code[0].dst.mask == 0x5
    rng = np.random.default_rng(1)
    for p in (0.0, 1.0):
        r = rng.normal(size=(3, 4)).astype(np.float32)
        r[1, 0] = p
        np.testing.assert_array_equal(_run(out, r), _run(TWO_SELECTS, r))


@INDEPENDENT
def test_no_merge_when_an_instruction_between_reads_the_first_lanes():
    body = TWO_SELECTS[:3] + [Inst("add", Dst(Reg.TEMP, 2, 0x1), [Src(Reg.TEMP, 0, (2,) * 4), Src(Reg.TEMP, 1)])] + TWO_SELECTS[3:]
    out = merge_lanes(list(body), PS20, 8)
    assert sum(i.op == "cmp" for i in out) == 2


@INDEPENDENT
def test_no_merge_when_the_second_reads_the_first_lanes():
    body = TWO_SELECTS[:3] + [Inst("cmp", Dst(Reg.TEMP, 0, 0x1), [Src(Reg.TEMP, 1, (0,) * 4, SrcMod.NEG), Src(Reg.TEMP, 0, (2,) * 4),
                                                                  Src(Reg.CONST, 7, (0,) * 4)])]
    out = merge_lanes(list(body), PS20, 8)
    assert sum(i.op == "cmp" for i in out) == 2


@INDEPENDENT
def test_ps20_merges_only_into_legal_swizzles():
    """mov r0.x, r1.y + mov r0.y, r1.x wants r1.yx..: no ps_2_0 swizzle (a replicate, .xyzw, .yzxw, .zxyw or
    .wzyx) reads it; vs_2_0 (arbitrary swizzles) merges; r1.z then r1.x is ps_2_0's .zxyw and merges."""
    body = [Inst("mov", Dst(Reg.TEMP, 0, 0x1), [Src(Reg.TEMP, 1, (1,) * 4)]),
            Inst("mov", Dst(Reg.TEMP, 0, 0x2), [Src(Reg.TEMP, 1, (0,) * 4)])]
    assert len(merge_lanes(list(body), PS20, 8)) == 2
    merged = merge_lanes(list(body), TARGETS["vs_2_0"].profile, 8)
    assert len(merged) == 1
    r = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(_run(merged, r)[:2], _run(body, r)[:2])
    body[0].srcs[0] = Src(Reg.TEMP, 1, (2,) * 4)
    merged = merge_lanes(list(body), PS20, 8)
    assert len(merged) == 1 and merged[0].srcs[0].swizzle == (2, 0, 1, 3)
    np.testing.assert_array_equal(_run(merged, r)[:2], _run(body, r)[:2])


# --- def packing (sm2/defpack.py) ---------------------------------------------------------------------------------


from pyd3d11.shader.sm2.defpack import pack_defs  # noqa: E402

#: 20 steps, 40 distinct scalar literals: 40 splatted defs pass ps_2_0's 32 constant registers (X4507 before);
#: packed four to a register they take 10
LITERALS = "float4 main(float4 x : TEXCOORD0) : COLOR { float4 s = x;" + "".join(
    f" s = s * {1.0 + k / 8:.4f} + {0.25 + k / 16:.4f};" for k in range(20)) + " return s; }"


@pytest.mark.parametrize("target", ["ps_2_0", "vs_2_0"])
def test_forty_scalar_literals_fit_the_constant_registers(target: str):
    src = LITERALS
    if target.startswith("vs"):
        src = src.replace(": COLOR {", ": TEXCOORD0 {").replace(
            "float4 main(", "float4 main(float4 p : POSITION, out float4 q : POSITION, ").replace(
            "float4 s = x;", "float4 s = x; q = p;")
    blob = compile_(src, target)
    defs = [i for i in decode_program(blob).instructions if i.op == "def"]
    assert len(defs) <= 11
    _agree(src, target)


SCALAR_DEFS = [_def(4, 2, 2, 2, 2), _def(5, 3, 3, 3, 3), _def(6, 0.5, 7, 0.5, 0.5),
               Inst("mul", Dst(Reg.TEMP, 0), [Src(Reg.TEMP, 1), Src(Reg.CONST, 4, (0, 1, 2, 3))]),
               Inst("mad", Dst(Reg.TEMP, 0, 0x3), [Src(Reg.TEMP, 0), Src(Reg.CONST, 5, (1,) * 4),
                                                   Src(Reg.CONST, 6, (0,) * 4, SrcMod.NEG)]),
               Inst("add", Dst(Reg.TEMP, 0, 0x4), [Src(Reg.TEMP, 0), Src(Reg.CONST, 6, (1,) * 4)])]


@INDEPENDENT
def test_scalar_reads_share_one_def_and_compute_the_same():
    """Three defs, each read as one word (c4 through .xyzw: every lane the same word), become one; the mad's
    two words stay in one register (one constant register per instruction)."""
    out = pack_defs(list(SCALAR_DEFS), 8, False)
    defs = [i for i in out if i.op == "def"]
    assert len(defs) == 1
    for inst in out:
        assert len({s.num for s in inst.srcs if s.reg == Reg.CONST}) <= 1
        assert all(len(set(s.swizzle)) == 1 for s in inst.srcs if s.reg == Reg.CONST)
    r = np.random.default_rng(2).normal(size=(3, 4)).astype(np.float32)
    np.testing.assert_array_equal(_run(out, r), _run(SCALAR_DEFS, r))


@INDEPENDENT
def test_a_def_read_in_several_words_moves_only_with_arbitrary_swizzles():
    """``mul r0, r1, c6`` reads 0.5, 7, 0.5, 0.5: ps_2_0 keeps c6 (a packed read would need a free swizzle);
    a vertex shader packs it with the others and reads it re-swizzled, computing the same."""
    body = SCALAR_DEFS[:3] + [Inst("mul", Dst(Reg.TEMP, 0), [Src(Reg.TEMP, 1), Src(Reg.CONST, 6)])] + SCALAR_DEFS[3:]
    ps = pack_defs(list(body), 8, False)
    assert any(i.op == "def" and i.dst.num == 6 for i in ps)
    vs = pack_defs(list(body), 8, True)
    assert sum(i.op == "def" for i in vs) == 1
    r = np.random.default_rng(3).normal(size=(3, 4)).astype(np.float32)
    np.testing.assert_array_equal(_run(vs, r), _run(body, r))
    np.testing.assert_array_equal(_run(ps, r), _run(body, r))


@INDEPENDENT
def test_a_def_table_read_a0_relative_is_left_alone():
    body = SCALAR_DEFS[:3] + [Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 4, (0, 1, 2, 3), 0,
                                                                 Src(Reg.ADDR, 0, (0,) * 4))])]
    assert pack_defs(list(body), 8, True) == body


#: returns at two depths and a break in the inner loop: the inner loop's y starts from the factors around it
RETURNS_AT_TWO_DEPTHS = """uniform float4 f[3];
float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 r = x;
  for (int i = 0; i < 2; i++) {
    if (x.x > f[i].y) return r + 1;
    for (int j = 0; j < 3; j++) {
      if (x.y > f[j].x) break;
      if (x.z > f[j].z) return r * 2;
      r += f[j] * x.w; } }
  return r; }"""


@pytest.mark.parametrize("target", ["ps_2_b", "ps_3_0"])
def test_returns_at_two_loop_depths_agree(target: str):
    _agree(RETURNS_AT_TWO_DEPTHS, target, seeds=(3, 4, 5))
