"""Issue 15, session 34 helper D9SZ2: the rules of "Session 34, helper D9SZ" that its tests left unguarded
(docs/conformance.md, "follow-up (helper D9SZ2)"); each test below fails under one of that section's surviving
mutants.

Expected values come from the D3D9 instruction pages (MicrosoftDocs direct3dhlsl), fxc's listings of
DXDecompiler's ShadersDX9 corpus (fxc 10.1, 7b48f44^), the test-side SM2 interpreter and validator
(tests/sm2_interp.py) run against numpy, or the SM4 program on the executor (test_hlsl_d3d9_targets._run_both):

3. *texld reads its texture's coordinates* ("texld - ps_2_0 and up": "If src1 is declared as a 2D sampler, then
   src0 must contain .xy coordinates"): a temporary written on .xy is read in place, in a program with flow
   control (a rep loop, where the D3D9 rewrites do not run) and where the coordinate is swizzled (ps_3_0,
   fxc's ps_tex2d_swizzle: ``add r0.xy`` / ``texld r0, r0, s0``). "texldd - ps" states no such count (src0
   "provides the texture coordinates"), so texldd reads a whole coordinate.
4. *Rewrites on values, registers coloured after*: the form on values is kept when it costs no more slots;
   ``_recoloured`` drops copies of a register into itself ("mov - vs": each written lane from itself changes
   nothing) and colours a program over the target's r# count, with flow control too.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import compile_
from sm2_interp import Sm2Machine, validate

from pyd3d11.shader.sm2.d3d9 import TARGETS, _recoloured
from pyd3d11.shader.sm2.profile import count_slots
from pyd3d11.shader.sm2.program import Inst, Sm2Program, decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg


def _code(prog: Sm2Program) -> list[Inst]:
    return [i for i in prog.instructions if i.op not in ("comment", "dcl", "def")]


def _run_ps(blob: bytes, x: np.ndarray, consts: dict[int, np.ndarray], ints: dict[int, int] | None = None):
    """The D3D9 pixel program run with a 2D texture whose texel at (u, v) is (u, v, 1, 1) (what it read is what
    it returns); ``x``: TEXCOORD0 per lane; ``consts``: c# by register; ``ints``: i#.x by register."""
    prog = decode_program(blob)

    def sample(_s: int, coords: np.ndarray, *_how) -> np.ndarray:
        out = np.ones((coords.shape[0], 4), np.float32)
        out[:, :2] = coords[:, :2]
        return out

    c = np.zeros((32, 4), np.float32)
    for r, v in consts.items():
        c[r] = v
    inp = (Reg.INPUT, 0) if prog.major >= 3 else (TEXTURE, 0)  # ps_3_0 reads v#, ps_2_x t#
    iconsts = {r: np.array([n, 0, 0, 0], np.int32) for r, n in (ints or {}).items()}
    return Sm2Machine(prog, x.shape[0], {inp: x}, c, sample=sample, iconsts=iconsts).run().out(Reg.COLOROUT, 0)


def _valid(blob: bytes) -> list[str]:
    """The validator's complaints, the i# registers the constant table maps counted as set (a rep's count)."""
    from test_hlsl_d3d9_targets import INT_SET, read_ctab

    ints = frozenset(c["index"] for c in read_ctab(blob)["constants"] if c["set"] == INT_SET)
    return validate(decode_program(blob), ints)


def _written_before(code: list[Inst], n: int, num: int) -> int:
    mask = 0
    for i in code[:n]:
        if i.dst is not None and i.dst.reg == Reg.TEMP and i.dst.num == num:
            mask |= i.dst.mask
    return mask


# --- rule 3: texld reads its texture's coordinates ------------------------------------------------------------

#: a 2D lookup at a computed coordinate, then a rep loop (a uniform count: ``rep i0``); with flow control the
#: D3D9 rewrites do not run, so a copy the translation made of the coordinate would stay
TEX_THEN_LOOP = """sampler2D s; float4 k; int n; float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 c = tex2D(s, x.xy + k.xy);
  for (int i = 0; i < n; i++) c = c * x + k;
  return c; }"""


def test_a_coordinate_on_xy_is_read_in_place_in_a_program_with_flow_control():
    blob = compile_(TEX_THEN_LOOP, "ps_3_0")
    prog = decode_program(blob)
    assert _valid(blob) == []
    code = _code(prog)
    assert "rep" in [i.op for i in code]
    n = next(k for k, i in enumerate(code) if i.op == "texld")
    coord = code[n].srcs[0]
    assert coord.reg == Reg.TEMP
    assert code[n - 1].dst.num == coord.num and code[n - 1].op == "add"  # the sum is the coordinate itself
    assert _written_before(code, n, coord.num) == 0x3  # .xy: a 2D texture's u, v, and nothing else
    rng = np.random.default_rng(11)
    x = rng.uniform(-2, 2, (16, 4)).astype(np.float32)
    k = rng.uniform(-2, 2, 4).astype(np.float32)
    for count in (0, 1, 3):
        want = np.ones((16, 4), np.float32)
        want[:, :2] = x[:, :2] + k[:2]
        for _ in range(count):
            want = want * x + k
        got = _run_ps(blob, x, {0: k}, {0: count})
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


#: DXDecompiler ShadersDX9 HLSLDecompiler/ps_tex2d_swizzle.fx; fxc's ps_3_0 listing: ``add r0.xy, v0.yxzw,
#: v0.yxzw`` / ``texld r0, r0, s0`` / ``mov oC0, r0.wzyx`` ("approximately 3 instruction slots used")
TEX_SWIZZLE = """sampler sampler0;
float4 main(float2 texcoord : TEXCOORD) : COLOR { return tex2D(sampler0, 2 * texcoord.yx).wzyx; }"""


def test_a_swizzled_coordinate_is_read_in_place_as_fxc_does():
    blob = compile_(TEX_SWIZZLE, "ps_3_0")
    prog = decode_program(blob)
    assert _valid(blob) == []
    code = _code(prog)
    assert [i.op for i in code][1:] == ["texld", "mov"]
    assert code[0].dst.mask == 0x3 and code[1].srcs[0].num == code[0].dst.num
    assert count_slots(prog)[0] <= 3  # fxc's count
    x = np.random.default_rng(5).uniform(-2, 2, (16, 4)).astype(np.float32)
    got = _run_ps(blob, x, {})
    want = np.stack([np.ones(16), np.ones(16), 2 * x[:, 0], 2 * x[:, 1]], axis=1)  # (2y, 2x, 1, 1).wzyx
    np.testing.assert_allclose(got, want, rtol=1e-6)


#: tex2Dgrad is texldd ("texldd - ps": ps_2_a and ps_3_0), whose page counts no coordinates by texture type
GRAD = """sampler2D s; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR {
  return tex2Dgrad(s, x.xy + k.xy, x.zw, k.zw); }"""


#: the same lookup, then a rep loop (ps_3_0: ps_2_a has no loop on a uniform count, X3511 as fxc)
GRAD_LOOP = GRAD.replace("float4 k;", "float4 k; int n;").replace(
    "return tex2Dgrad(s, x.xy + k.xy, x.zw, k.zw);",
    "float4 c = tex2Dgrad(s, x.xy + k.xy, x.zw, k.zw); for (int i = 0; i < n; i++) c = c * x + k; return c;")


@pytest.mark.parametrize("src,target", [(GRAD, "ps_2_a"), (GRAD, "ps_3_0"), (GRAD_LOOP, "ps_3_0")])
def test_texldd_reads_a_whole_coordinate(src: str, target: str):
    blob = compile_(src, target)
    prog = decode_program(blob)
    assert _valid(blob) == []
    code = _code(prog)
    n = next(k for k, i in enumerate(code) if i.op == "texldd")
    coord = code[n].srcs[0]
    assert coord.reg != Reg.TEMP or _written_before(code, n, coord.num) == 0xF
    x = np.random.default_rng(9).uniform(-2, 2, (16, 4)).astype(np.float32)
    k = np.random.default_rng(10).uniform(-2, 2, 4).astype(np.float32)
    got = _run_ps(blob, x, {0: k}, {0: 0})
    np.testing.assert_allclose(got[:, :2], x[:, :2] + k[:2], rtol=1e-6)


#: an SM4 program sampling a 2D texture at r0.xy after writing r0 on ``{mask}`` (translated directly: the
#: HLSL compiler packs a variable's lanes, so a coordinate register written on x, y and w alone comes from asm)
SAMPLE_ASM = ("ps_4_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
              "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n"
              "add r0.{mask}, v0.{mask}, v0.{mask}\n{op}\nmul o0.xyzw, r1.xyzw, r0.xxxx\nret\n")
SAMPLE = "sample r1.xyzw, r0.xyxx, t0.xyzw, s0"
SAMPLE_D = "sample_d r1.xyzw, r0.xyxx, t0.xyzw, s0, v0.zwzz, v0.wzww"


@pytest.mark.parametrize("target,op,mask,in_place", [
    # "texld - ps_2_0 and up": a 2D sampler's texld reads .xy, so r0 is its coordinate once x and y are written
    ("ps_2_a", SAMPLE, "xy", True), ("ps_2_a", SAMPLE, "xyw", True), ("ps_2_a", SAMPLE, "xyzw", True),
    # "texldd - ps" counts no coordinates by texture type: r0 in place only when every lane is written
    ("ps_2_a", SAMPLE_D, "xy", False), ("ps_2_a", SAMPLE_D, "xyw", False), ("ps_2_a", SAMPLE_D, "xyzw", True),
    # the level-9 programs keep a whole coordinate (test_sm2_size_s34: the flag's targets)
    ("ps_4_0_level_9_1", SAMPLE, "xy", False), ("ps_4_0_level_9_1", SAMPLE, "xyw", False),
    ("ps_4_0_level_9_1", SAMPLE, "xyzw", True),
])
def test_which_written_lanes_make_a_temporary_the_coordinate(target: str, op: str, mask: str, in_place: bool):
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.sm2.profile import PROFILES
    from pyd3d11.shader.sm2.translate import translate
    from pyd3d11.shader.sm2.types import ShaderTypes

    prof = TARGETS[target].profile if target in TARGETS else PROFILES[target]
    tr = translate(assemble_program(SAMPLE_ASM.format(mask=mask, op=op)), prof, "t.hlsl", ShaderTypes())
    assert validate(tr.program) == []
    code = _code(tr.program)
    add = next(i for i in code if i.op == "add")
    tex = next(i for i in code if i.op in ("texld", "texldd"))
    assert ((tex.srcs[0].reg, tex.srcs[0].num) == (Reg.TEMP, add.dst.num)) is in_place


# --- rule 4: on values, coloured after ------------------------------------------------------------------------

#: two matrix-vector products, the second of abs(): on the translation's colouring the abs result is copied
#: into another register (the register it was computed in is written again), on values it is read in place
TWO_PRODUCTS = """float4x4 m; struct O { float4 p : POSITION; float4 c : TEXCOORD0; };
O main(float4 p : POSITION) { O o; o.c = mul(m, p); o.p = mul(m, abs(p.yxzw)); return o; }"""


@pytest.mark.parametrize("target", ["vs_2_0", "vs_3_0"])
def test_the_form_on_values_is_kept_where_it_costs_fewer_slots(target: str):
    from test_hlsl_d3d9_targets import _run_both

    prog = decode_program(compile_(TWO_PRODUCTS, target))
    code = _code(prog)
    # fxc's form (its vs_matrix44_vector4_multiply listing): each product a mul and three mads, no copy between
    # temporaries; here 2 x 4, the abs, and the mov writing the position from its temporary
    assert not [i for i in code if i.op == "mov" and i.dst.reg == Reg.TEMP and i.srcs[0].reg == Reg.TEMP]
    assert count_slots(prog)[0] <= 10
    for seed in (1, 2):
        for expect, got, name in _run_both(TWO_PRODUCTS, target, seed=seed):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name}")


def _asm(text: str) -> list[Inst]:
    """The instructions of a vs_2_0 assembly text (effects/fx2asm.py, through an effect's asm block), assembled
    as vs_2_sw: the test builds programs over vs_2_0's register limits on purpose, which vs_2_0's assembler
    refuses (X2005, as fxc's; the software version has the parameter token's limits)."""
    from test_fx2_asm import fx2

    eff = fx2("technique { pass { VertexShader = asm {\nvs_2_sw\ndcl_position v0\n" + text + "\n}; } }")
    ((_usage, data),) = [(r.usage, r.data) for r in eff.resources]
    return decode_program(data).instructions


def _run_vs(body: list[Inst], bool0: bool) -> np.ndarray:
    prog = Sm2Program("vs", 2, 0, body)
    x = np.random.default_rng(3).uniform(-2, 2, (8, 4)).astype(np.float32)
    consts = np.random.default_rng(4).uniform(-2, 2, (16, 4)).astype(np.float32)
    return Sm2Machine(prog, 8, {(Reg.INPUT, 0): x}, consts, bconsts={0: bool0}).run().out(Reg.RASTOUT, 0)


def _temps(body: list[Inst]) -> set[int]:
    return {r.num for i in body for r in [i.dst, *i.srcs] if r is not None and r.reg == Reg.TEMP}


#: copies in a program with flow control (if b0): two of each written lane from itself, two that change lanes
SELF_COPIES = """mov r0, v0
mul r1, v0, c0
if b0
  mov r1.xy, r1
  add r1, r1, c1
  mov r1.zw, r1.xyzw
  mov r1.xy, r1.yxzw
  mov r0.w, -r0
endif
add r0, r0, r1
mov oPos, r0"""


def test_a_copy_of_a_register_into_itself_is_dropped_with_flow_control():
    body = _asm(SELF_COPIES)
    out = _recoloured(list(body), TARGETS["vs_2_0"].profile, False)
    movs = [(i.dst.num, i.dst.mask, i.srcs[0].swizzle, i.srcs[0].mod) for i in out if i.op == "mov"
            and i.dst.reg == Reg.TEMP and i.srcs[0].reg == Reg.TEMP]
    # "mov - vs": the two identity copies change nothing and go; the swap and the negation stay
    assert len(movs) == 2 and len(out) == len(body) - 2
    assert {m[0] for m in movs} == {0, 1}
    for b in (False, True):
        np.testing.assert_array_equal(_run_vs(out, b), _run_vs(body, b))


#: thirteen temporaries (one past vs_2_0's 12: "Registers - vs_2_0"), never more than three live at once, and
#: an if b0 block: the registers are coloured into fewer
OVER_TEMPS = "\n".join(["mov r0, v0", "mul r1, r0, c0"] + [f"add r{n}, r{n - 1}, c{n % 16}" for n in range(2, 13)] + [
    "if b0", "  mul r12, r12, v0", "endif", "add r0, r12, r0", "mov oPos, r0"])


def test_a_program_with_flow_control_over_the_target_temporaries_is_coloured():
    body = _asm(OVER_TEMPS)
    assert max(_temps(body)) == 12
    prof = TARGETS["vs_2_0"].profile
    out = _recoloured(list(body), prof, False)
    assert max(_temps(out)) < prof.temps == 12
    assert validate(Sm2Program("vs", 2, 0, out)) == []
    for b in (False, True):
        np.testing.assert_array_equal(_run_vs(out, b), _run_vs(body, b))
