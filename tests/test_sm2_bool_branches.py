"""Static branches on bool constants at the Direct3D 9 targets (issue 15, session 21 helper SM2): ``if b#`` /
``else`` / ``endif`` (shader/sm2/static_branch.py).

Sources: "if bool - vs" / "if bool - ps" (the then-part runs when the constant Boolean register b# is true, the
else part otherwise; ``bool`` is a b# register), D3DXREGISTER_SET (D3DXRS_BOOL = 0), "Flow Control Nesting Limits"
(vs_2_0 / vs_2_x: if bool, its else, rep, loop and call count against a static flow count of 16; vs_3_0: static
nesting 24), "Flow Control Limitations" (ps_2_0: no flow control; ps_2_x / ps_3_0: static nesting 24; an if
block cannot straddle a loop block). fxc's form (which branches get ``if b#``): the DXDecompiler corpus listings
-- BasicHLSL ps_3_0 ``if b0`` around tex2D, boolconst vs_2_0 (/Od) ``if b0`` / ``else`` / ``endif``, NdotL vs_2_0
``mul oT0.xy, v2, c8.x`` for an arithmetic branch.

Expected values: the SM4 program of the same HLSL (vs_4_0 / ps_4_0) on pyd3d11's executor with the same bools
(tests/test_hlsl_d3d9_targets._run_both), and numpy with a stand-in texture for the sampling branch; the D3D9
program runs on the test-side interpreter (tests/sm2_interp.py, which now runs ``if b#``) after its validator.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate
from test_hlsl_d3d9_targets import BOOL_SET, FLOAT_SET, _run_both, compile_, read_ctab

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src, decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

F = np.float32
OD = D3DCOMPILE_SKIP_OPTIMIZATION

VS_BRANCH = """bool b; float4 k; struct O { float4 p : POSITION; float4 c : COLOR0; };
O main(float4 p : POSITION) { O o; o.p = p; if (b) o.c = p * k + 1; else o.c = abs(p) - k; return o; }"""
# negated and nested tests of two bools, writes in one part only
PS_NESTED = """bool a; bool b; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 r = x; if (!a) r = r * k; if (b) { r += 1; if (a) r = -r; } else r = r * 2; return r; }"""
# both parts end in a return (SM4: a ret before the else and before the endif)
VS_RETURNS = """bool b; float4 k; float4 main(float4 p : POSITION) : POSITION {
  if (b) return p * k; else return p + k; }"""

# a value known before the branch (a literal) that only the then-part overwrites
PS_KNOWN = """bool b; float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 r = float4(1, 2, 3, 4); if (b) r = x * 2; return r; }"""

CASES = [(VS_BRANCH, t, {"b": v}) for t in ("vs_2_0", "vs_2_a", "vs_3_0") for v in (0, 1)] + [
    (PS_NESTED, "ps_3_0", {"a": a, "b": b}) for a in (0, 1) for b in (0, 1)] + [
    (VS_RETURNS, "vs_2_0", {"b": v}) for v in (0, 1)] + [(PS_KNOWN, "ps_3_0", {"b": v}) for v in (0, 1)]


@pytest.mark.parametrize(("src", "target", "bools"), CASES)
def test_od_bool_branches_are_if_b_and_compute_what_sm4_computes(src: str, target: str, bools: dict):
    prog = decode_program(compile_(src, target, flags=OD))
    ifs = [i for i in prog.instructions if i.op == "if"]
    assert ifs and all(i.srcs[0].reg == Reg.CONSTBOOL for i in ifs)
    for expect, got, name in _run_both(src, target, seed=7, flags=OD, bools=bools):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name} {bools}")


PS_SAMPLE = """bool bTex; sampler2D s; float4 main(float4 c : COLOR0, float2 t : TEXCOORD0) : COLOR {
  if (bTex) return tex2D(s, t) * c; else return c; }"""


@pytest.mark.parametrize("on", [0, 1])
def test_sampling_branch_is_if_b0_as_fxc_lists_it(on: int):
    """fxc's BasicHLSL ps_3_0 form without /Od: ``$bTexture b0`` and ``if b0`` / texld / ``else`` / ``endif``;
    run with a stand-in texture returning (u, v, 0.5, 1)."""
    blob = compile_(PS_SAMPLE, "ps_3_0")
    consts = {c["name"]: c for c in read_ctab(blob)["constants"]}
    assert (consts["bTex"]["set"], consts["bTex"]["index"], consts["bTex"]["count"]) == (BOOL_SET, 0, 1)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode(errors="replace")
    assert "//   bTex         b0       1" in text
    assert "    if b0\n      texld" in text and "\n    else\n" in text and "\n    endif\n" in text
    prog = decode_program(blob)
    assert validate(prog) == []
    rng = np.random.default_rng(3)
    n = 32
    col, tc = rng.uniform(-2, 2, (n, 4)).astype(F), rng.uniform(-1, 1, (n, 4)).astype(F)
    regs = {}
    for i in prog.instructions:  # ps_3_0 inputs are v# declared with their usage (COLOR 10, TEXCOORD 5)
        if i.op == "dcl" and i.dst.reg == Reg.INPUT:
            regs[(Reg.INPUT, i.dst.num)] = col if i.decl & 0xF == 10 else tc

    def sample(_s: int, c: np.ndarray, _how) -> np.ndarray:
        return np.stack([c[:, 0], c[:, 1], np.full(len(c), 0.5, F), np.ones(len(c), F)], 1).astype(F)

    got = Sm2Machine(prog, n, regs, np.zeros((224, 4), F), sample, bconsts={0: on}).run().out(Reg.COLOROUT, 0)
    texel = np.stack([tc[:, 0], tc[:, 1], np.full(n, 0.5, F), np.ones(n, F)], 1)
    np.testing.assert_allclose(got, texel * col if on else col, rtol=1e-6)


def test_arithmetic_bool_branch_is_flattened_when_optimizing():
    """NdotL vs_2_0 (fxc: ``$bTexture c8``, ``mul oT0.xy, v2, c8.x``): no sampling in the parts, no /Od -> the
    bool stays in a float register and no branch is emitted."""
    src = """bool bTexture; struct O { float4 p : POSITION; float2 t : TEXCOORD0; };
    O main(float4 p : POSITION, float2 t : TEXCOORD0) { O o; o.p = p; if (bTexture) o.t = t; else o.t = 0;
    return o; }"""
    blob = compile_(src, "vs_2_0")
    assert all(i.op != "if" for i in decode_program(blob).instructions)
    (c,) = [c for c in read_ctab(blob)["constants"] if c["name"] == "bTexture"]
    assert c["set"] == FLOAT_SET


def test_bool_read_as_a_value_too_stays_in_c():
    """A bool both steering a branch and read as a number cannot live in b# alone: flattened (c#), still exact."""
    src = """bool b; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR {
      float4 r = x * (b ? 2 : 3); if (b) r = r + k; return r; }"""
    blob = compile_(src, "ps_3_0", flags=OD)
    assert all(i.op != "if" for i in decode_program(blob).instructions)
    for v in (0, 1):
        for expect, got, name in _run_both(src, "ps_3_0", seed=2, flags=OD, bools={"b": v}):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{name} {v}")


def test_vs_2_0_static_flow_count_keeps_to_16():
    """Nine if/else branches on nine bools at vs_2_0 (/Od): eight ``if b#`` + ``else`` pairs reach the static
    flow count of 16; the ninth is flattened (its bool in c#). Results as the SM4 program's."""
    decl = "".join(f"bool b{k}; " for k in range(9))
    body = "".join(f"if (b{k}) r = r * 1.5 + {k}; else r = r - {k}; " for k in range(9))
    src = decl + f"float4 main(float4 p : POSITION) : POSITION {{ float4 r = p; {body} return r; }}"
    blob = compile_(src, "vs_2_0", flags=OD)
    ops = [i.op for i in decode_program(blob).instructions]
    assert ops.count("if") == 8 and ops.count("else") == 8
    sets = {c["name"]: c["set"] for c in read_ctab(blob)["constants"]}
    assert sorted(sets.values()).count(BOOL_SET) == 8 and sets["b8"] == FLOAT_SET
    bools = {f"b{k}": k % 2 for k in range(9)}
    for expect, got, name in _run_both(src, "vs_2_0", seed=1, flags=OD, bools=bools):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)


def test_level9_targets_keep_flattened_bool_branches():
    """The Aon9 chunk has no b# mapping (its tables: constant buffers -> c#, loop counts -> i#): the level-9
    program of a sampling bool branch has no ``if``."""
    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container

    src = PS_SAMPLE.replace(": COLOR {", ": SV_Target {").replace("sampler2D s;", "Texture2D tx; SamplerState s;")
    src = src.replace("tex2D(s, t)", "tx.Sample(s, t)")
    blob = compile_(src, "ps_4_0_level_9_3")
    chunk = parse_aon9(parse_container(blob).get("Aon9"))
    ops = [i.op for i in decode_program(chunk.program).instructions]
    assert "texld" in ops and "if" not in ops


def _prog(kind: str, major: int, minor: int, body: list[Inst]) -> Sm2Program:
    return Sm2Program(kind, major, minor, body)


IF_B0 = Inst("if", None, [Src(Reg.CONSTBOOL, 0)])
MOV = Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 0)])


def _pairs(k: int) -> list[Inst]:
    return [IF_B0, MOV, Inst("else"), MOV, Inst("endif")] * k


def _nested(k: int) -> list[Inst]:
    return [IF_B0] * k + [MOV] + [Inst("endif")] * k


# the validator's rules, each from its page (checked on hand-made programs: True = valid)
VALIDATOR = [
    ("if b0 block", "vs", 2, 0, [IF_B0, MOV, Inst("endif")], True),
    ("if on a float register", "vs", 2, 0, [Inst("if", None, [Src(Reg.CONST, 0)]), MOV, Inst("endif")], False),
    ("else without if", "vs", 2, 0, [MOV, Inst("else"), Inst("endif")], False),
    ("two else", "vs", 2, 0, [IF_B0, Inst("else"), Inst("else"), Inst("endif")], False),
    ("if without endif", "vs", 2, 0, [IF_B0, MOV], False),
    ("if straddling a rep", "vs", 2, 0, [Inst("defi", Dst(Reg.CONSTINT, 0), values=[2, 0, 0, 0]), IF_B0,
                                         Inst("rep", None, [Src(Reg.CONSTINT, 0)]), Inst("endif"), Inst("endrep")],
     False),
    ("vs_2_0 static flow count 16", "vs", 2, 0, _pairs(8), True),
    ("vs_2_0 static flow count 18", "vs", 2, 0, _pairs(9), False),
    ("vs_2_x static flow count 17", "vs", 2, 1, _pairs(8) + [IF_B0, MOV, Inst("endif")], False),
    ("vs_2_0 nesting only limited by the count", "vs", 2, 0, _nested(16), True),
    ("ps_3_0 nesting 24", "ps", 3, 0, _nested(24), True),
    ("ps_3_0 nesting 25", "ps", 3, 0, _nested(25), False),
    ("vs_3_0 no static flow count", "vs", 3, 0, _pairs(9), True),
    ("ps_2_0 has no flow control", "ps", 2, 0, [IF_B0, Inst("mov", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0)]),
                                                Inst("endif")], False),
]


@pytest.mark.parametrize(("name", "kind", "major", "minor", "body", "ok"), VALIDATOR, ids=[v[0] for v in VALIDATOR])
def test_validator_static_flow_rules(name: str, kind: str, major: int, minor: int, body: list, ok: bool):
    errs = validate(_prog(kind, major, minor, body))
    assert (errs == []) == ok, errs
