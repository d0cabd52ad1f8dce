"""Shader model 3 rules of the D3D9 targets (issue 15, session 11 HL3): ps_3_0's face register (VFACE -> vFace),
and the texture operations shader model 3 has not.

Source: MicrosoftDocs "Registers - ps_3_0" (direct3dhlsl dx9-graphics-reference-asm-ps-registers-ps-3-0): vFace
is a floating-point scalar register that must be declared (``dcl vFace``); in ps_3_0 only its sign is valid --
less than zero is a back face, otherwise front facing; it may be used only as the condition of setp_comp,
if_comp and break_comp. The D3D9 HLSL source declares ``float f : VFACE``. Expected values come from that sign
rule evaluated here with numpy on the HLSL expression (the register's magnitude, the primitive's area, is left
random: a correct program may depend on its sign alone). The program runs on the test-side SM2 interpreter
(tests/sm2_interp.py), whose validator checks the register-use rule. Before ps_3_0 there is no face register.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import Reg

F = np.float32
FACE = (Reg.MISCTYPE, 1)  # D3DSMO_FACE


def compile_(src: str, target: str = "ps_3_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


def _faces(n: int, rng) -> np.ndarray:
    """vFace per lane: areas of both signs and of any magnitude, and both zeros (0 and -0 are not less than
    zero: front facing)."""
    mag = rng.uniform(1e-3, 1e4, n).astype(F)
    sign = np.where(rng.integers(0, 2, n) == 0, F(-1), F(1))
    v = mag * sign
    v[:2] = [0.0, -0.0]
    return np.repeat(v[:, None], 4, axis=1).astype(F)


def _run(src: str, texcoords: dict[int, np.ndarray], faces: np.ndarray, pos: np.ndarray | None = None):
    prog = decode_program(compile_(src))
    assert validate(prog) == [], validate(prog)
    decls = {(i.dst.reg, i.dst.num): i for i in prog.instructions if i.op == "dcl"}
    assert FACE in decls, "vFace needs a declaration"
    regs = {FACE: faces}
    for (reg, num), d in decls.items():
        if reg == Reg.INPUT:  # dcl_texcoordN v#: the value of TEXCOORDN
            assert d.decl & 0xF == 5
            regs[(reg, num)] = texcoords[d.decl >> 16 & 0xF]
    if pos is not None:
        regs[(Reg.MISCTYPE, 0)] = pos
    m = Sm2Machine(prog, len(faces), regs, np.zeros((224, 4), F)).run()
    return prog, m.out(Reg.COLOROUT, 0)


# (source, expected oC0 from (front: bool per lane, t0: TEXCOORD0 values))
PROGRAMS = [
    ("float4 main(float f : VFACE, float4 t : TEXCOORD0) : COLOR { return f > 0 ? t : -t; }",
     lambda front, t: np.where(front[:, None], t, -t)),
    ("float4 main(float f : VFACE, float4 t : TEXCOORD0) : COLOR { return f < 0 ? t * 2 : t; }",
     lambda front, t: np.where(front[:, None], t, t * 2)),
    # two-sided lighting's flip of the normal by the face's sign
    ("float4 main(float4 t : TEXCOORD0, float f : VFACE) : COLOR { return float4(t.xyz * sign(f), 1); }",
     lambda front, t: np.concatenate([t[:, :3] * np.where(front, 1, -1)[:, None], np.ones((len(t), 1))], 1)),
    ("float4 main(float f : VFACE, float4 t : TEXCOORD0) : COLOR {\n"
     "  float4 r = t; if (f >= 0) r = r + 1; else r = r * 3; return r; }",
     lambda front, t: np.where(front[:, None], t + 1, t * 3)),
]


# SV_IsFrontFace / VFACE declared bool, int or uint (a D3D11 program retargeted; session 25): the D3D11 value is
# 0xFFFFFFFF where front facing and 0 where back facing (SV_IsFrontFace), the face is front facing where vFace is
# not less than zero ("Registers - ps_3_0"); so a bool is that truth, an int -1 / 0, a uint 4294967295 / 0. (source, expected oC0 from (front, t0))
# Spelled VFACE: d3dcompiler_47 10.1 refuses an SV_IsFrontFace input a ps_3_0 program reads (X4502 "invalid ps_3_0
# input semantic 'SV_IsFrontFace'"; session 37, tests/test_rules_hlsl_fxc_objects_s37.py) -- these rows spelled it
# SV_IsFrontFace before, inferred; VFACE declared bool / int / uint compiles there.
INTEGER_FACES = [
    ("float4 main(float4 t : TEXCOORD0, bool f : VFACE) : COLOR { return f ? t : -t; }",
     lambda front, t: np.where(front[:, None], t, -t)),
    ("float4 main(bool f : VFACE, float4 t : TEXCOORD0) : COLOR { float4 r = t; if (f) r *= 2; return r; }",
     lambda front, t: np.where(front[:, None], t * 2, t)),
    ("float4 main(bool f : VFACE, float4 t : TEXCOORD0) : COLOR { return !f ? t + 1 : t; }",
     lambda front, t: np.where(front[:, None], t, t + 1)),
    ("float4 main(float4 t : TEXCOORD0, int f : VFACE) : COLOR { return t * f; }",
     lambda front, t: t * np.where(front, -1, 0)[:, None]),
    ("float4 main(float4 t : TEXCOORD0, uint f : VFACE) : COLOR { return t * min(f, 3u); }",
     lambda front, t: t * np.where(front, 3, 0)[:, None]),
]


@pytest.mark.parametrize("idx", range(len(PROGRAMS + INTEGER_FACES)))
def test_vface_sign_selects_front_and_back(idx: int):
    """PROGRAMS: VFACE declared float; INTEGER_FACES: declared bool / int / uint (session 25)."""
    src, expect = (PROGRAMS + INTEGER_FACES)[idx]
    rng = np.random.default_rng(idx)
    n = 64
    faces = _faces(n, rng)
    t0 = rng.uniform(-3, 3, (n, 4)).astype(F)
    prog, got = _run(src, {0: t0}, faces)
    front = ~(faces[:, 0] < 0)
    np.testing.assert_allclose(got, expect(front, t0), rtol=1e-6, atol=1e-6)
    # vFace is read only as a condition (the validator's rule), here by if_comp
    assert [i.op for i in prog.instructions if any((s.reg, s.num) == FACE for s in i.srcs)] == ["ifc"]


def test_vface_declaration_and_input_numbering():
    """vFace and vPos hold no v# register: the texture coordinate after them is v0, declared
    dcl_texcoord0; vFace's declaration is the register alone."""
    src = ("float4 main(float f : VFACE, float2 p : VPOS, float4 t : TEXCOORD0) : COLOR {\n"
           "  return f > 0 ? t : float4(p, 0, 1); }")
    rng = np.random.default_rng(7)
    n = 32
    faces, t0 = _faces(n, rng), rng.uniform(-3, 3, (n, 4)).astype(F)
    pos = rng.uniform(0, 100, (n, 4)).astype(F)
    prog, got = _run(src, {0: t0}, faces, pos)
    dcls = [(i.dst.reg, i.dst.num, i.dst.mask) for i in prog.instructions if i.op == "dcl"]
    assert (Reg.INPUT, 0, 0xF) in dcls and (Reg.MISCTYPE, 1, 0xF) in dcls
    assert not any(r == Reg.INPUT and num > 0 for r, num, _m in dcls)
    front = ~(faces[:, 0] < 0)
    expect = np.where(front[:, None], t0, np.stack([pos[:, 0], pos[:, 1], np.zeros(n), np.ones(n)], 1))
    np.testing.assert_allclose(got, expect, rtol=1e-6)


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_a", "ps_2_b"])
def test_no_face_register_before_ps_3_0(target: str):
    with pytest.raises(D3D11Error, match="X4502"):
        compile_("float4 main(float f : VFACE) : COLOR { return f > 0 ? 1 : 0; }", target)


def test_validator_rejects_vface_outside_a_condition():
    """The validator's own rule, checked on a program that breaks it."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src

    bad = Sm2Program("ps", 3, 0, [Inst("dcl", Dst(Reg.MISCTYPE, 1, 0xF), decl=0),
                                  Inst("mov", Dst(Reg.COLOROUT, 0, 0xF), [Src(Reg.MISCTYPE, 1)])])
    assert any("vFace" in e for e in validate(bad))


# "Minimum Shader Model" of the MicrosoftDocs pages: Load and GetDimensions (texture objects) vs_4_0 / ps_4_0 and
# up; tex2D / tex2Dbias / tex2Dproj / tex2Dgrad "Shader Model 3: yes (pixel shader only)"; tex2Dlod shader model 3
# (texldl, the one vs_3_0 texture instruction). fxc's X4532: an expression the target cannot map.
NOT_IN_SM3 = [
    ("Texture2D t; float4 main(float2 uv : TEXCOORD0) : COLOR { return t.Load(int3(uv, 0)); }", "ps_3_0"),
    ("Texture2D t; float4 main(float4 p : POSITION) : POSITION { return t.Load(int3(p.xy, 0)); }", "vs_3_0"),
    ("sampler2D s; float4 main(float2 uv : TEXCOORD0) : POSITION { return tex2D(s, uv); }", "vs_3_0"),
    ("sampler2D s; float4 main(float4 uv : TEXCOORD0) : POSITION { return tex2Dbias(s, uv); }", "vs_3_0"),
    ("sampler2D s; float4 main(float4 uv : TEXCOORD0) : POSITION { return tex2Dproj(s, uv); }", "vs_3_0"),
    ("sampler2D s; float4 main(float2 uv : TEXCOORD0) : POSITION { return tex2Dgrad(s, uv, uv, uv); }", "vs_3_0"),
]


@pytest.mark.parametrize(("src", "target"), NOT_IN_SM3)
def test_operations_shader_model_3_lacks_are_x4532(src: str, target: str):
    with pytest.raises(D3D11Error, match="X4532"):
        compile_(src, target)


def test_get_dimensions_into_uints_is_the_known_positive_rule_first():
    # d3dcompiler_47 10.1 (session 44): GetDimensions' uint results at ps_3_0 are X3548 "uints can only be used
    # with known-positive values", judged before the method's own X4532
    src = ("Texture2D t; float4 main(float2 uv : TEXCOORD0) : COLOR { uint w, h; t.GetDimensions(w, h);\n"
           "  return float4(w, h, 0, 1); }")
    with pytest.raises(D3D11Error, match="X3548: in ps_3_0 uints can only be used with known-positive values"):
        compile_(src, "ps_3_0")


def test_vertex_texldl_still_compiles():
    prog = decode_program(compile_(
        "sampler2D s; float4 main(float4 uv : TEXCOORD0) : POSITION { return tex2Dlod(s, uv); }", "vs_3_0"))
    assert "texldl" in [i.op for i in prog.instructions]


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
@pytest.mark.parametrize(("regs", "sampler"), [("register(s0) : register(t0)", 0), ("register(t1) : register(s2)", 2),
                                               ("register(s3)", 3)])
def test_a_sampler_with_a_t_reservation_binds_its_s_register(target: str, regs: str, sampler: int):
    """D3D9 binds samplers in s# alone: the 't' half of the sampler / texture pairing (fxc's X3530 text: "sampler
    requires an 's' or 't' register") reserves nothing there; the sampler takes its s# (the corpus's
    constTexCoord.hlsl, compiled by fxc at ps_3_0)."""
    src = f"sampler2D T : {regs};\nfloat4 main(float2 uv : TEXCOORD0) : COLOR0 {{ return tex2D(T, uv); }}"
    prog = decode_program(compile_(src, target))
    assert [i.dst.num for i in prog.instructions if i.op == "dcl" and i.dst.reg == Reg.SAMPLER] == [sampler]
    assert [i.srcs[1].num for i in prog.instructions if i.op == "texld"] == [sampler]


def test_a_sampler_reserved_in_t_alone_is_x4509_when_used():
    """d3dcompiler_47 10.1 (session 41): "invalid register semantic 't0', or variable must be bound to multiple
    register banks (s register binding required)" at ps_2_0 / ps_3_0 / vs_3_0, as at shader model 4-5."""
    with pytest.raises(D3D11Error, match="X4509"):
        compile_("sampler2D T : register(t0);\nfloat4 main(float2 uv : TEXCOORD0) : COLOR0 { return tex2D(T, uv); }")


# --- front-end forms of the DirectX SDK's D3D9 effects (DXDecompiler corpus) that fxc compiles ---------------
def _ps3(src: str, t0: np.ndarray) -> np.ndarray:
    prog = decode_program(compile_(src))
    assert validate(prog) == []
    return Sm2Machine(prog, len(t0), {(Reg.INPUT, 0): t0}, np.zeros((224, 4), F)).run().out(Reg.COLOROUT, 0)


def test_a_vector_constructor_of_lvalues_is_assignable():
    """``float4(a, b) = v`` writes v's components into a's, then b's, in order (ParallaxOcclusionMapping.fx:
    ``float4(dxSize, dx) = ddx(...)``)."""
    src = ("float4 main(float4 t : TEXCOORD0) : COLOR0 {\n"
           "  float2 a, b; float4(a, b) = float4(t.x, t.y * 3, t.z - 1, t.w);\n"
           "  float s; float3 v; float4(v, s) = t.wzyx + 1;\n"
           "  return float4(a.y + b.x, b.y * a.x, v.z, s - v.x); }")
    rng = np.random.default_rng(5)
    t0 = rng.uniform(-3, 3, (32, 4)).astype(F)
    x, y, z, w = (t0[:, k] for k in range(4))
    expect = np.stack([y * 3 + (z - 1), w * x, y + 1, (x + 1) - (w + 1)], 1)
    np.testing.assert_allclose(_ps3(src, t0), expect, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(("lhs", "code"), [
    ("float4(a, 1, 2)", "X3025"),  # a literal designates no storage
    ("float4(a, i)", "X4555"),  # an int2 would need a conversion (a converting cast is no l-value)
    ("float4(a + 1, a)", "X3025"),  # an expression is no l-value
])
def test_constructor_lvalue_refusals(lhs: str, code: str):
    src = ("float4 main(float4 t : TEXCOORD0) : COLOR0 {\n"
           f"  float2 a = 0; int2 i = 0; {lhs} = t; return a.xyxy; }}")
    with pytest.raises(D3D11Error, match=code):
        compile_(src)


@pytest.mark.parametrize("value", ["Texture", "texture"])
def test_d3d9_state_value_texture(value: str):
    """D3DTA_TEXTURE is spelt ``Texture`` in a D3D9 effect's texture-stage states (ConfigSystem main.fx:
    ``ColorArg1[0] = Texture;``): a state value, though ``texture`` is a type keyword."""
    src = ("float4 main() : COLOR0 { return 1; }\n"
           f"technique T {{ pass P {{ ColorArg1[0] = {value}; ColorOp[0] = Modulate; "
           "PixelShader = compile ps_3_0 main(); } }")
    assert decode_program(compile_(src)).kind == "ps"
