"""Issue 15, session 25 helper SM3: loops unrolled at the Direct3D 9 targets (docs/conformance.md, "Session 25,
helper SM3").

Each rule from its definition; expected values come from the SM4 program run by the executor on the same
inputs (test_hlsl_d3d9_targets._run_both) or from counts read off the source, never from the translation:

* an out-of-range indexable-temporary access is undefined, so fxc assumes no lane reaches one: a loop left only
  at run time (``i < n - 1``, n a uniform) that indexes a ``float[N]`` is unrolled N times and no more (its
  ShadersDX9 listings SkinnedMesh_VS / LocalDeformablePRT_VS: four copies over float[4]);
* a temp written inside flattened flow control needs no select where no lane that skips the write reads the
  register again (live neither at the start nor after the end of any enclosing construct; sm2/liveness.py);
* a vertex-shader select whose old value is itself a select's result (finite) needs no clamp of it;
* straight-line code: a write to a register none of whose components is live starts a new value, which may
  share a register with any value not live at the same time (optimize._split_webs).
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import agree as _agree
from sm2_helpers import compile_

from pyd3d11.shader.sm2.optimize import allocate_registers
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src
from pyd3d11.shader.sm2.tokens import Reg

INDEPENDENT = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _program(blob: bytes):
    from pyd3d11.shader.sm2.program import decode_program

    return decode_program(blob)


# --- 1. unrolling ends where an array index would leave the array ---------------------------------------------

#: n is an int constant (the test's constants are 0 .. 6), so ``i < n - BIAS`` is left at run time; BIAS keeps
#: the SM4 program inside the array too (at most SIZE iterations), so both programs compute the same
SKIN = """int n; float4 k;
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 w : TEXCOORD2, float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  float a[SIZE] = (float[SIZE])INIT;
  float4 s = 0; float last = 0;
  for (int i = 0; i < n - BIAS; i++) { last += a[i]; s += x * a[i] + k; }
  O o; o.p = y; o.t = s + (1 - last); return o; }"""


def _skin(size: int) -> str:
    init = {3: "w.xyz", 4: "w", 2: "w.xy"}[size]
    return SKIN.replace("SIZE", str(size)).replace("INIT", init).replace("BIAS", str(6 - size))


@pytest.mark.parametrize("size", [2, 3, 4])
@pytest.mark.parametrize("target", ["vs_2_0", "ps_2_0"])
def test_a_uniform_bounded_loop_over_an_array_unrolls_as_many_copies_as_the_array_has(target: str, size: int):
    """fxc's SkinnedMesh_VS listing: ``for (iBone = 0; iBone < NumBones - 1; iBone++)`` over float[4] has four
    copies. Each copy adds k once: the program reads k's register once per element of the array, no more
    (before: the copy at i = SIZE read past the array, NotSupportedError)."""
    src = _skin(size)
    if target.startswith("ps"):
        src = src.replace("struct O { float4 p : POSITION; float4 t : TEXCOORD0; };", "struct O { float4 t : COLOR0; };")
        src = src.replace("O o; o.p = y; o.t", "O o; o.t")
    blob = compile_(src, target)
    from test_hlsl_d3d9_targets import read_ctab

    (kreg,) = [c["index"] for c in read_ctab(blob)["constants"] if c["name"] == "k"]
    reads = [i for i in _program(blob).instructions if any(s.reg == Reg.CONST and s.num == kreg for s in i.srcs)]
    assert len(reads) == size
    _agree(src, target)


@INDEPENDENT
def test_a_compile_time_bounded_loop_past_the_array_is_still_refused():
    """Only a loop left at run time ends at the array's bound: ``i < 5`` over float[4] reads a[4] in the SM4
    program itself (the HLSL front end's X3504 / the translation's named error), never a silently shorter
    loop."""
    src = """float4 main(float4 w : TEXCOORD0, float4 x : TEXCOORD1) : COLOR {
      float a[4] = (float[4])w; float4 s = 0; int j = (int)x.w;
      for (int i = 0; i < 5; i++) s += a[min(i + j, 4)]; return s; }"""
    with pytest.raises(Exception):  # noqa: B017 - the front end's or the translation's refusal, either named
        compile_(src, "ps_2_0")


# --- 2. writes no skipping lane reads again (liveness.py) ------------------------------------------------------

BRANCH_LOCAL = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 r = y;
  if (x.x > 0) { float4 t = x * y + 1; float4 u = t * t - y; r = u * 0.5 + t; }
  return r; }"""

#: t is written in the then part and read in the else part: live at the if, so its write stays a select
ELSE_READS = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 t = x * 2; float4 r;
  [branch] if (x.y > 0.5) { t = y + 1; r = t * t; } else { r = t * 3 - y; }
  return r + t; }"""

#: t is read after the loop by lanes that left it: live after the loop, so its writes stay selects (vs_2_0: the
#: loop is left at run time, n - 2 < 5 copies)
EXIT_READS = """int n; float4 k;
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  float4 s = 0; float4 t = y; float a[4] = (float[4])y;
  for (int i = 0; i < n - 2; i++) { t = x * a[i] + k; s += t; }
  O o; o.p = y; o.t = s + t * 2; return o; }"""

#: a continue: lanes that continued read w again in the next iteration (live at the loop's start)
CONTINUE_READS = """int n; float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float4 s = 0; float4 w = y;
  for (int i = 0; i < n; i++) { if (w.x > x.x) { s += w; continue; } w = w * 0.5 + x; s -= w; }
  return s; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_values_local_to_a_flattened_branch_are_not_selected(target: str):
    """Only r is read after the branch: one cmp in all -- r's select, reading the comparison x.x > 0 itself
    (session 27, sm2/mask_selects.py; two before, the 0 / 1 mask computed by a cmp of its own); t and u are
    computed in place (before session 25: a select per write, 5 cmp)."""
    blob = compile_(BRANCH_LOCAL, target)
    ops = [i.op for i in _program(blob).instructions]
    assert ops.count("cmp") == 1, ops
    _agree(BRANCH_LOCAL, target)


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
def test_values_the_other_part_reads_stay_selected(target: str):
    # ps_2_0 / ps_2_b have no branching: their `[branch]` is fxc's X3528 (d3dcompiler_47 10.1, session 44), so they
    # flatten the plain if
    _agree(ELSE_READS if target == "ps_3_0" else ELSE_READS.replace("[branch] ", ""), target, seeds=(1, 2, 3))


def test_values_a_continued_lane_reads_again_stay_selected():
    """ps_3_0: a loop left at run time is a rep loop whose continue predicates the rest of the iteration."""
    _agree(CONTINUE_READS, "ps_3_0", seeds=(1, 2, 3))


@pytest.mark.parametrize("target", ["vs_2_0", "vs_3_0"])
def test_values_read_after_a_loop_a_lane_left_stay_selected(target: str):
    _agree(EXIT_READS, target, seeds=(1, 2, 3))


# --- 3. vs selects of finite old values ------------------------------------------------------------------------

ACCUMULATE = """int n; float4 k;
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  float4 s = y; float a[4] = (float[4])x;
  for (int i = 0; i < n - 2; i++) s = s * 0.5 + a[i] * k;
  O o; o.p = y; o.t = s; return o; }"""


def test_a_vs_accumulator_selected_again_needs_no_clamp_of_its_old_value():
    """vs_2_0: the first copy's select clamps both values (max + min each: the old one, y, may be anything);
    later copies select into s whose old value is the last copy's select (finite), so they clamp only the new
    value: 2 (max, min) per later copy instead of 4, and the results agree."""
    prog = _program(compile_(ACCUMULATE, "vs_2_0"))
    ops = [i.op for i in prog.instructions]
    # four copies: the first clamps 2 values, the three later ones 1 each (max + min per clamp; max also
    # updates the "left the loop" register once per copy, min is the clamps' alone)
    assert ops.count("min") == 2 + 3, ops
    _agree(ACCUMULATE, "vs_2_0", seeds=(1, 2, 3))


# --- 4. values in registers of their own (optimize._split_webs) ------------------------------------------------

def _mov(d: int, s: Src) -> Inst:
    return Inst("mov", Dst(Reg.TEMP, d), [s])


@INDEPENDENT
def test_a_register_reused_for_unrelated_values_shares_registers_by_value():
    """r0's first value is read by r1 .. r11; r12 then lives with r1 .. r11 (12 values), and r0's second value
    with r1 .. r11 again (12): no more than 12 values are ever live at once, but r0 as one interval from its
    first write to its last read overlaps all 12 others (13 registers)."""
    c = [Src(Reg.CONST, k) for k in range(16)]
    body = [_mov(0, c[0])]
    body += [Inst("add", Dst(Reg.TEMP, k), [Src(Reg.TEMP, 0), c[k]]) for k in range(1, 12)]
    body += [_mov(12, c[12]), Inst("add", Dst(Reg.TEMP, 1), [Src(Reg.TEMP, 1), Src(Reg.TEMP, 12)])]
    body += [_mov(0, c[13])]  # r0's second value, while r1 .. r11 are live
    acc = Src(Reg.TEMP, 0)
    for k in range(1, 12):
        body.append(Inst("add", Dst(Reg.TEMP, 0), [acc, Src(Reg.TEMP, k)]))
    body.append(Inst("mov", Dst(Reg.RASTOUT, 0), [acc]))
    prog = Sm2Program("vs", 2, 0, body)
    plain = allocate_registers(prog)
    split = allocate_registers(prog, 12)

    def count(p):
        return 1 + max(r.num for i in p.instructions for r in [i.dst, *i.srcs] if r is not None and r.reg == Reg.TEMP)

    assert count(plain) == 13 and count(split) == 12
    # both compute the same: run each on the test's D3D9 interpreter
    from sm2_interp import Sm2Machine

    consts = np.random.default_rng(1).uniform(-2, 2, (256, 4)).astype(np.float32)
    outs = [Sm2Machine(p, 4, {}, consts).run().out(Reg.RASTOUT, 0) for p in (prog, split)]
    np.testing.assert_array_equal(outs[0], outs[1])


INFINITE_OLD = """int n; float4 k;
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  float4 s = 1 / max(x, 0); float a[4] = (float[4])y;
  for (int i = 0; i < n - 2; i++) s = s * 0.5 + a[i] * k;
  O o; o.p = y; o.t = s; return o; }"""


def test_an_old_value_not_from_a_select_is_still_clamped():
    """s = 1 / max(x, 0) is +inf where x <= 0 ("rcp - vs": 1 / 0 = +inf) and no select wrote it, so the first
    copy's select must clamp it: where SM4 holds +-inf the D3D9 program holds a finite value of the same sign,
    +-FLT_MAX halved once per later copy that ran (the documented difference: a select clamps to +-FLT_MAX;
    at most 4 copies), never the NaN of 0 * inf; elsewhere both programs agree."""
    from test_hlsl_d3d9_targets import _run_both

    for seed in (1, 2):
        for expect, got, name in _run_both(INFINITE_OLD, "vs_2_0", seed=seed):
            assert not np.isnan(got).any(), name
            inf = np.isinf(expect)
            big = np.float32(3.4028234663852886e38)
            assert np.isfinite(got[inf]).all() and (np.sign(got[inf]) == np.sign(expect[inf])).all(), name
            assert (np.abs(got[inf]) >= big / 16).all(), name
            np.testing.assert_allclose(got[~inf], expect[~inf], rtol=2e-5, atol=2e-5, err_msg=name)


# --- 5. a switch inside a loop left at run time (fxc: switch.shader_test L545 / L585 fail(sm<4)) -----------------

#: the selector is known to be at least 0 (abs): below shader model 4 fxc makes a switch selector a uint and refuses
#: one that may be negative (X3548, d3dcompiler_47 10.1 under Wine, session 38: this program switched on (int)v.x,
#: which fxc refuses at every target below 4.0, so its verdicts were never fxc's)
SWITCH_IN_LOOP = """float4 v;
float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 c = x;
  for (int i = 0; i < BOUND; i++) {
    switch ((int)abs(v.x)) {
      case 0: c += 1.0f; break;
      case 1: c -= 2.0f; break;
      default: c *= 0.5f; break;
    }
  }
  return c; }"""


@pytest.mark.xfail(strict=True, reason="d3dcompiler_47 10.1 compiles this program at ps_3_0 (session 38); here it "
                   "is X3511")
def test_a_switch_in_a_run_time_loop_compiles_at_ps_3_0():
    """fxc's answer at ps_3_0 (d3dcompiler_47 10.1 under Wine, session 38: it compiles; the test below expected
    X3511 there too, an inference made while the selector was one fxc refuses with X3548)."""
    assert compile_(SWITCH_IN_LOOP.replace("BOUND", "v.z"), "ps_3_0")


@pytest.mark.parametrize("target", ["ps_2_a", "ps_2_b"])
def test_a_switch_in_a_loop_left_at_run_time_is_refused(target: str):
    """The loop's bound is a uniform: the loop stays a loop (rep) and fxc refuses the switch inside it (the
    shader tests mark both such programs fail(sm<4)); X3511 as for the other loops fxc cannot unroll."""
    from pyd3d11.errors import D3D11Error

    with pytest.raises(D3D11Error, match="X3511"):
        compile_(SWITCH_IN_LOOP.replace("BOUND", "v.z"), target)


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_a_switch_in_a_loop_of_literal_bounds_compiles(target: str):
    """switch.shader_test L405's shape: the loop is unrolled, the switch flattened in each copy."""
    _agree(SWITCH_IN_LOOP.replace("BOUND", "2"), target, seeds=(1,))


@pytest.mark.backend_independent  # compiling only (checked by conftest)
def test_a_switch_in_a_run_time_loop_at_level_9_is_x3511():
    # met in session 44: ps_4_0_level_9_3 compiles no flow control (shader/sm2/profile.py), so the loop is unrolled
    """fxc's answer at ps_4_0_level_9_3 (d3dcompiler_47 10.1 under Wine, session 38: X3511; this test expected the
    program to compile, an inference made while the selector was one fxc refuses with X3548)."""
    from pyd3d11.errors import D3D11Error

    src = SWITCH_IN_LOOP.replace("BOUND", "v.z").replace(") : COLOR", ") : SV_Target")
    with pytest.raises(D3D11Error, match="X3511"):
        compile_(src, "ps_4_0_level_9_3")


# --- 6. values folded inside a part of a flattened branch (translate._fold / forget_folded) --------------------

#: a counted loop inside a branch on a shader value: its counter is known in each unrolled copy (for the lanes
#: that run the branch), so the x# writes at the counter name one element each (X3500 before: the counter was
#: not folded under the branch's predicate, so the write's index looked like a run-time one)
LOOP_IN_BRANCH = """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
  float4 v[3]; v[0] = a; v[1] = b; v[2] = a * b; int k = (int)(b.y * 4);
  if (a.x > 0) { for (int i = 0; i < 3; i++) v[i] *= b.w; k = 2; }
  else { k = k + 5; }
  return v[0] + v[1] * 2 + v[2] * 3 + k; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_a_counted_loop_in_a_flattened_branch_indexes_its_array_per_copy(target: str):
    """k is 2 after the then part and (int)(b.y * 4) + 5 after the else part: the value folded in one part is not what the
    other part reads nor the one after the branch (each lane gets its part's k), and v[i] is scaled only where
    a.x > 0."""
    _agree(LOOP_IN_BRANCH, target, seeds=(1, 2, 3))


# --- 7. one mova per index ("mova - vs": a0 keeps its value until the next mova) ------------------------------

ROWS = """float4x4 m[6];
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  int j = (int)abs(y.x) % 5;
  O o; o.p = mul(x, m[j]); o.t = mul(y, m[j]); return o; }"""


def test_reads_at_one_index_share_one_mova():
    """Every read above is at row 4 j (plus the row's offset): a0.x = 4 j once serves both products' eight dp4
    rows (before: one mova per row, 8); the results agree with the SM4 program."""
    ops = [i.op for i in _program(compile_(ROWS, "vs_2_0")).instructions]
    assert ops.count("mova") == 1, ops
    _agree(ROWS, "vs_2_0", seeds=(1, 2))


CHANGED_INDEX = """float4 k[8];
struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
O main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) {
  int j = (int)abs(y.x) % 3; float4 a = k[j]; j = j + (int)abs(y.y) % 3; float4 b = k[j];
  O o; o.p = x; o.t = a * 2 + b; return o; }"""


def test_a_changed_index_gets_its_own_mova():
    """j is rewritten between the reads: the second needs a0.x loaded again."""
    ops = [i.op for i in _program(compile_(CHANGED_INDEX, "vs_2_0")).instructions]
    assert ops.count("mova") == 2, ops
    _agree(CHANGED_INDEX, "vs_2_0", seeds=(1, 2))
