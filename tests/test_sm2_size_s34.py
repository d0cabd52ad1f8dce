"""Issue 15, session 34 helper D9SZ: Direct3D 9 programs within fxc's instruction-slot limits (docs/conformance.md,
"Session 34, helper D9SZ").

Rules, each from its definition; expected values come from the rule's meaning (liveness written out by hand), the
SM4 program run by the executor on the same inputs (test_hlsl_d3d9_targets._run_both), or numpy on the same inputs,
never from the translation itself:

1. *An if is flattened then part first* (sm2/liveness.py): a lane that skips a then-part write runs the else part
   next, so the write needs a select only where its register is live at the else part's start (the end, without
   an else part); a lane that skips an else-part write ran the then part already and reads next after the end.
2. *Literals read in place once packed* (d3d9._rewrite): a literal copied into a temporary because it sat in
   another def register than its instruction's other literal ("Registers - ps_2_0": one c# register per
   instruction, two reads of it) is read in place once the defs share a register, which frees the comparison a
   select reads (mask_selects.py).
3. *texld reads its texture's coordinates* ("texld - ps_2_0 and up": 2D u, v; cube / volume u, v, w): at the
   D3D9 pixel targets a temporary written on those lanes is the coordinate itself (fxc: ``add r0.xy, t0, c0`` /
   ``texld r0, r0, s0``); texldb (its bias in w), texldd and the level-9 programs keep a whole coordinate.
4. *Rewrites on values, registers coloured after* (d3d9._rewrite / _recoloured): straight-line code is rewritten
   with one register per value (optimize._split_webs) and coloured after the rewrites; copies of a register into
   itself ("mov - ps": changes nothing) are dropped.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import agree as _agree
from sm2_helpers import compile_
from sm2_helpers import ops as _ops

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.sm2.liveness import Locality
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import Reg

HEAD = "ps_4_0\ndcl_constantbuffer cb0[4], dynamicIndexed\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n" \
       "dcl_temps 4\n"


def _body(code: str):
    return assemble_program(HEAD + code + "\nret\n").instructions[4:]


# --- rule 1: the parts of a flattened if ----------------------------------------------------------------------

IF_ELSE = """mov r0.xyzw, v0.xyzw
if_nz v0.x
  mul r1.xyzw, v0.xyzw, v0.xyzw
  add r2.xyzw, r1.xyzw, l(1.0, 1.0, 1.0, 1.0)
else
  {else_part}
endif
{after}"""


@pytest.mark.parametrize("else_part,after,want", [
    # r2 read after the if, written by the else part: an else lane overwrites the then value (new: unpredicated)
    ("mov r2.xyzw, v0.xyzw", "mov o0.xyzw, r2.xyzw", (True, True)),
    # r2 read after the if and not written by the else part: the else lane needs its old value
    ("mov r3.xyzw, v0.xyzw", "mov o0.xyzw, r2.xyzw", (True, False)),
    # r1 read at the else part's start: the then write is seen by the else lanes
    ("mov r2.xyzw, r1.xyzw", "mov o0.xyzw, r2.xyzw", (False, True)),
    # r1 read after the else part wrote it: its then write is overwritten on every else lane
    ("mov r1.xyzw, v0.yyyy", "mov o0.xyzw, r1.xyzw", (True, True)),
    # the else part writes r1 partly: the lanes it leaves (y, z, w) read after the end
    ("mov r1.x, v0.y", "mov o0.xyzw, r1.xyzw", (False, True)),
])
def test_a_then_part_write_needs_a_select_where_live_at_the_else_start(else_part, after, want):
    b = _body(IF_ELSE.format(else_part=else_part, after=after))
    loc = Locality(b)
    assert (loc.unpredicated(b[2], 1, 0xF), loc.unpredicated(b[3], 2, 0xF)) == want


def test_a_lane_partly_live_at_the_else_start():
    b = _body(IF_ELSE.format(else_part="mov r1.x, v0.y", after="mov o0.xyzw, r1.xyzw"))
    loc = Locality(b)
    # r1.x is written by the else part; y, z, w reach the end from the entry on else lanes
    assert [loc.unpredicated(b[2], 1, 1 << c) for c in range(4)] == [True, False, False, False]


@pytest.mark.parametrize("then_reads,after,want", [
    # an else-part write of a register the then part read: the then lanes do not run the then part again
    ("mov o0.xyzw, r3.xyzw", "", True),
    # read after the end: the then lanes keep their value there
    ("", "mov o0.xyzw, r3.xyzw", False),
])
def test_an_else_part_write_needs_a_select_where_live_after_the_end(then_reads, after, want):
    code = f"""mov r3.xyzw, v0.xyzw
if_nz v0.x
  {then_reads or 'mov r0.xyzw, v0.xyzw'}
else
  mul r3.xyzw, v0.xyzw, v0.xyzw
  mov o0.xyzw, r3.xyzw
endif
{after}"""
    b = _body(code)
    assert Locality(b).unpredicated(b[4], 3, 0xF) is want


def test_an_if_without_else_reads_after_the_end():
    code = """mov r1.xyzw, v0.xyzw
if_nz v0.x
  mul r1.xyzw, v0.xyzw, v0.xyzw
endif
mov o0.xyzw, r1.xyzw"""
    b = _body(code)
    assert Locality(b).unpredicated(b[2], 1, 0xF) is False


def test_an_if_in_a_loop():
    # r2 is written by both parts and read after the if, inside the iteration: the then part's write needs no
    # select (the else part writes r2 on its lanes), the else part's does (the then lanes read theirs after the
    # if); r1 accumulates (read at the loop's next copy and after it): its write keeps its select
    code = """mov r1.xyzw, l(0, 0, 0, 0)
mov r3.x, l(0)
loop
  ige r3.y, r3.x, l(3)
  breakc_nz r3.y
  if_nz v0.x
    mul r2.xyzw, v0.xyzw, v0.xyzw
  else
    mov r2.xyzw, v0.yyyy
  endif
  add r1.xyzw, r1.xyzw, r2.xyzw
  iadd r3.x, r3.x, l(1)
endloop
mov o0.xyzw, r1.xyzw"""
    b = _body(code)
    mul, mov, add = b[6], b[8], b[10]
    loc = Locality(b)
    assert (loc.unpredicated(mul, 2, 0xF), loc.unpredicated(mov, 2, 0xF), loc.unpredicated(add, 1, 0xF)) == (
        True, False, False)
    b2 = _body(code.replace("    mov r2.xyzw, v0.yyyy\n", "    mov r0.xyzw, v0.yyyy\n"))
    assert Locality(b2).unpredicated(b2[6], 2, 0xF) is False  # the else lanes read their own r2 after the if


#: ShadowMap's scene shader in small: scratch values in the then part, one result both parts write, the then
#: part reusing registers the code before the if wrote
REUSED = """float4 k; float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  float3 v = normalize(x.xyz - k.xyz); float4 d;
  if (dot(v, y.xyz) > k.w) { float2 t = 0.5 * y.xy / y.w + 0.5; t.y = 1 - t.y; float2 f = frac(t * 8);
    d = float4(f, t) * dot(-v, y.xyz) + k; }
  else { d = k * x; }
  return d * y; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "vs_2_0"])
def test_a_flattened_if_else_agrees(target: str):
    src = REUSED if target[:2] == "ps" else REUSED.replace("COLOR {", "POSITION {").replace(
        "TEXCOORD1", "NORMAL").replace("TEXCOORD0", "POSITION")
    _agree(src, target)


def test_a_flattened_if_else_selects_only_its_result():
    ops = _ops(compile_(REUSED, "ps_2_0"))
    # the comparison and one select of d (the then part's scratch values are written plainly)
    assert ops.count("cmp") <= 2


# --- rule 2: literals read in place once their defs share a register ------------------------------------------

LT_SELECT = """float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {
  return (x.x + 0.5 < y.x) ? 0.0 : 1.0; }"""


def test_a_select_of_two_literals_reads_the_comparison():
    blob = compile_(LT_SELECT, "ps_2_0")
    ops = _ops(blob)
    assert ops.count("cmp") == 1  # fxc's ShadowMap form: cmp on the difference, 1 / 0 from one def register
    cmp = next(i for i in decode_program(blob).instructions if i.op == "cmp")
    assert cmp.srcs[1].reg == cmp.srcs[2].reg == Reg.CONST and cmp.srcs[1].num == cmp.srcs[2].num
    _agree(LT_SELECT, "ps_2_0")


# --- rule 3: texld reads its texture's coordinates ------------------------------------------------------------

def _sampled(blob: bytes, x: np.ndarray, k: np.ndarray) -> tuple[np.ndarray, list]:
    """The D3D9 program run with a texture whose texel at (u, v, w) is (u, v, w, 1): the coordinates it read."""
    from sm2_interp import Sm2Machine

    from pyd3d11.shader.sm2.tokens import TEXTURE

    prog = decode_program(blob)
    dims = {i.dst.num: 2 if (i.decl >> 27 & 0xF) == 2 else 3 for i in prog.instructions
            if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER}
    seen: list = []

    def sample(s: int, coords: np.ndarray, _how) -> np.ndarray:
        out = np.ones((coords.shape[0], 4), np.float32)
        out[:, : dims[s]] = coords[:, : dims[s]]
        seen.append(dims[s])
        return out

    consts = np.zeros((32, 4), np.float32)
    consts[0] = k
    m = Sm2Machine(prog, x.shape[0], {(TEXTURE, 0): x}, consts, sample=sample).run()
    return m.out(Reg.COLOROUT, 0), seen


@pytest.mark.parametrize("sampler,expr,dims", [
    ("sampler2D", "tex2D(s, x.xy + k.xy)", 2),
    ("samplerCUBE", "texCUBE(s, x.xyz * k.xyz)", 3),
    ("sampler3D", "tex3D(s, x.xyz - k.xyz)", 3),
])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b"])
def test_a_coordinate_written_on_its_texture_lanes_is_read_in_place(sampler, expr, dims, target):
    from sm2_interp import validate

    src = f"{sampler} s; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR {{ return {expr}; }}"
    blob = compile_(src, target)
    prog = decode_program(blob)
    assert validate(prog) == []
    body = [i for i in prog.instructions if i.op not in ("comment", "dcl", "def")]
    assert body[0].op in ("add", "mul") and body[1].op == "texld"
    assert body[1].srcs[0].reg == Reg.TEMP and body[0].dst.num == body[1].srcs[0].num
    assert body[0].dst.mask == (1 << dims) - 1  # only the texture's lanes written
    rng = np.random.default_rng(7)
    x, k = rng.uniform(-2, 2, (16, 4)).astype(np.float32), rng.uniform(-2, 2, 4).astype(np.float32)
    got, seen = _sampled(blob, x, k)
    want = {"+": x + k, "*": x * k, "-": x - k}[next(c for c in "+*-" if c in expr)]
    np.testing.assert_allclose(got[:, :dims], want[:, :dims], rtol=1e-6)
    assert seen == [dims]


@pytest.mark.parametrize("src", [
    "sampler2D s; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { return tex2Dbias(s, float4(x.xy + k.xy, 0, "
    "x.w)); }",
])
def test_texldb_reads_a_whole_coordinate(src):
    from sm2_interp import validate

    prog = decode_program(compile_(src, "ps_2_0"))
    assert validate(prog) == []
    tex = next(i for i in prog.instructions if i.op == "texld")
    assert tex.controls != 0
    n = prog.instructions.index(tex)
    written = 0
    for i in prog.instructions[:n]:
        if i.dst is not None and i.dst.reg == Reg.TEMP and i.dst.num == tex.srcs[0].num:
            written |= i.dst.mask
    assert written == 0xF  # the bias in w: every lane written


def test_the_level9_programs_keep_a_whole_coordinate():
    from pyd3d11.shader.sm2.profile import PROFILES

    assert not any(p.coords_by_dimension for p in PROFILES.values())
    from pyd3d11.shader.sm2.d3d9 import TARGETS

    assert {t for t, spec in TARGETS.items() if spec.profile.coords_by_dimension} == {
        "ps_2_0", "ps_2_a", "ps_2_b", "ps_3_0"}


# --- rule 4: rewrites on values, registers coloured after -----------------------------------------------------

#: DepthOfField's blur in small: an unrolled loop of texture reads and lerps (its registers passed r11 when the
#: translation's colouring came before the rewrites)
BLUR = """sampler2D s; float2 o[12];
float4 main(float2 uv : TEXCOORD0) : COLOR { float4 c = tex2D(s, uv); float3 b = 0;
  for (int i = 0; i < 12; i++) { float4 t = tex2D(s, uv + o[i]); b += lerp(c.rgb, t.rgb, saturate(c.a * t.a)); }
  return float4(b / 12, 1); }"""


def test_an_unrolled_blur_fits_ps_2_0():
    from pyd3d11.shader.sm2.profile import count_slots

    blob = compile_(BLUR, "ps_2_0")
    prog = decode_program(blob)
    temps = 1 + max(r.num for i in prog.instructions for r in [i.dst, *i.srcs] if r is not None and r.reg == Reg.TEMP)
    assert temps <= 12
    assert count_slots(prog)[2] <= 64


@pytest.mark.parametrize("src,target", [
    (BLUR, "ps_2_0"), (BLUR, "ps_2_b"), (REUSED, "ps_2_0"), (LT_SELECT, "ps_2_0"),
    ("""float4x4 m; float4 l; struct O { float4 p : POSITION; float4 c : COLOR0; };
    O main(float4 p : POSITION, float3 n : NORMAL) { O o; o.p = mul(p, m); float3 w = normalize(mul(n, (float3x3)m));
    o.c = saturate(dot(w, l.xyz)) * l + frac(o.p); return o; }""", "vs_2_0"),
])
def test_no_register_is_copied_into_itself(src, target):
    for i in decode_program(compile_(src, target)).instructions:
        if i.op == "mov" and i.dst is not None and i.dst.reg == Reg.TEMP:
            s = i.srcs[0]
            assert not (s.reg == Reg.TEMP and s.num == i.dst.num and not s.mod
                        and all(s.swizzle[k] == k for k in range(4) if i.dst.mask >> k & 1)), i


def test_a_straight_line_vertex_program_rewritten_on_values_agrees():
    _agree("""float4x4 m; float4 l; struct O { float4 p : POSITION; float4 c : COLOR0; };
    O main(float4 p : POSITION, float3 n : NORMAL) { O o; o.p = mul(p, m); float3 w = normalize(mul(n, (float3x3)m));
    o.c = saturate(dot(w, l.xyz)) * l + frac(o.p); return o; }""", "vs_2_0")
