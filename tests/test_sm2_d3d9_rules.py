"""D3D9 targets (shader/sm2/d3d9.py): rules the corpus-shaped tests of test_hlsl_d3d9_targets.py leave open.

Sources: the "Registers - ps_3_0" page (ten input registers v0-v9; "Input Registers" of ps_3_0), the D3D9
semantic ``_centroid`` suffix as the DirectX SDK's AntiAlias sample uses it (``TEXCOORDn_centroid``: texture
coordinate n with the centroid modifier; "dcl_centroid t0.xy" in fxc's listing), the "Vertex Shader
Differences" of D3D9 and D3D10 (D3D9 applies no half-pixel position offset, so the position is written as the
shader computes it: fxc's listings write oPos with one ``mov`` / ``dp4``s, never a fix-up)."""

from __future__ import annotations

import pytest
from sm2_helpers import compile_

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


@pytest.mark.parametrize("index", [1, 2, 7])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_centroid_suffix_keeps_the_semantic_index(target: str, index: int):
    src = f"sampler2D s; float4 main(float2 t : TEXCOORD{index}_centroid) : COLOR0 {{ return tex2D(s, t); }}"
    (dcl,) = [i for i in decode_program(compile_(src, target)).instructions
              if i.op == "dcl" and i.dst.reg != Reg.SAMPLER]
    assert dcl.dst.mod & 4  # D3DSPDM_MSAMPCENTROID
    if target == "ps_2_0":
        assert (dcl.dst.reg, dcl.dst.num) == (TEXTURE, index)  # TEXCOORDn is tn
    else:
        assert dcl.dst.reg == Reg.INPUT and dcl.decl == 5 | index << 16  # D3DDECLUSAGE_TEXCOORD, usage index n


@pytest.mark.parametrize(("count", "ok"), [(9, True), (10, True), (11, False)])
def test_ps_3_0_takes_ten_input_registers(count: int, ok: bool):
    params = ", ".join(f"float4 t{k} : TEXCOORD{k}" for k in range(count))
    body = " + ".join(f"t{k}" for k in range(count))
    src = f"float4 main({params}) : COLOR0 {{ return {body}; }}"
    if ok:
        blob = compile_(src, "ps_3_0")
        assert sum(i.op == "dcl" and i.dst.reg == Reg.INPUT for i in decode_program(blob).instructions) == count
        return
    with pytest.raises(D3D11Error, match="X4510"):
        compile_(src, "ps_3_0")


@pytest.mark.parametrize("target", ["vs_2_0", "vs_2_a"])
@pytest.mark.parametrize("body", ["return p;", "return mul(p, m);", "return p * p.x + m[1];"])
def test_position_is_written_once_without_a_fix_up(target: str, body: str):
    src = f"float4x4 m; float4 main(float4 p : POSITION) : POSITION {{ {body} }}"
    writes = [i for i in decode_program(compile_(src, target)).instructions
              if i.dst is not None and (i.dst.reg, i.dst.num) == (Reg.RASTOUT, 0)]
    assert sum(bin(i.dst.mask).count("1") for i in writes) == 4, [(i.op, i.dst.mask) for i in writes]


_SWITCH = """{decl} v;
float4 main() : sv_target
{{
    float4 c = 1;
    switch ({sel}) {{ case 2: c += 0.1f; break; case 1: c += 0.2f; break; }}
    return c;
}}"""


@pytest.mark.parametrize(("decl", "sel", "ok"), [
    ("float4", "v.x", False), ("float4", "(half)v.x", False), ("uint4", "v.x", True),
    ("int4", "v.x", False), ("float4", "(int)v.x", False), ("int4", "abs(v.x)", True), ("int4", "max(v.x, 0)", True),
    ("float4", "(uint)abs(v.y)", True),
    # ``(uint)v.y`` is fxc's X3548 below SM4 (a value not known to be positive made a uint: d3dcompiler_47 10.1,
    # session 36; tests/test_rules_hlsl_uint_known_positive.py), whatever the switch
])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0", "vs_3_0", "level9"])
def test_d3d9_switch_selector_is_an_integer(target: str, decl: str, sel: str, ok: bool):
    """Below SM 4 fxc makes the selector a uint, so the known-positive rule judges it (X3548), level 9 included
    (d3dcompiler_47 10.1 under Wine, session 37; this test expected X3020 "switch statement expression must be an
    integer" for a float selector and level 9 to compile every row); an int selector is judged so too (session 38:
    ``v.x`` of an int4 refused, ``abs(v.x)`` compiles). vkd3d switch.shader_test's float selector failing below
    SM 4 and a uint one compiling are this rule's cases."""
    src = _SWITCH.format(decl=decl, sel=sel)
    if target == "level9":
        target = "ps_4_0_level_9_3"
    if target.startswith("vs"):
        src = src.replace("sv_target", "sv_position")
    if ok:
        compile_(src, target)
    else:
        with pytest.raises(D3D11Error, match="X3548"):
            compile_(src, target)


# register() reservations of numeric globals below SM 4, case by case from the rules vkd3d's Windows-verified
# register-reservations-numeric.shader_test states in its comments: overlapping c# reservations are judged on
# the registers each variable's program reads ("bind count"), a variable read as a float constant needs a c#
# reservation beside any i# / b# one, and trailing characters after the index are accepted except after b.
_PS = "float4 main() : sv_target {{ return {ret}; }}"


#: (declarations, value returned, verdict at ps_2_0/ps_3_0, verdict at ps_4_0): "ok" or fxc's first error number,
#: recorded from d3dcompiler_47 10.1 under Wine (session 35; overlaps were X3530 here before: X4500 at D3D9 targets,
#: X4019 at 4.0)
@pytest.mark.parametrize(("decls", "ret", "d3d9", "sm4"), [
    ("float a : register(c0); float b : register(c0);", "a + b", "X4500", "X4019"),
    ("float4 a : register(c3); float4 b : register(c3);", "b", "ok", "X4019"),
    ("float4 a : register(c3); float4 b : register(c3);", "42", "ok", "ok"),
    ("float4 a[2] : register(c3); float4 b : register(c4);", "a[0] + b", "ok", "X4019"),
    ("float4 a[2] : register(c3); float4 b : register(c4);", "a[1] + b", "X4500", "X4019"),
    ("float4 a[2] : register(c3); float4 b : register(c5);", "a[1] + b", "ok", "ok"),
    ("int k : register(i0);", "k", "X4509", "ok"),  # session 40: met (check.d3d9_other_set_reservations)
    ("int k : register(i0) : register(c1);", "k", "ok", "ok"),
    ("bool k : register(b0);", "k", "X4509", "ok"),  # session 40: met (check.d3d9_other_set_reservations)
    ("float a : register(banana);", "a", "X3530", "ok"),
    ("float a : register(b1x);", "a", "X4509", "ok"),  # session 40: met (check.d3d9_other_set_reservations)
    ("float a : register(c1manymanyletters);", "a", "ok", "ok"),
    ("float a : register(i2abc) : register(c0);", "a", "ok", "ok"),
])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_d3d9_numeric_register_reservations(target: str, decls: str, ret: str, d3d9: str, sm4: str):
    src = decls + "\n" + _PS.format(ret=ret)
    for t, want in ((target, d3d9), ("ps_4_0", sm4)):
        if want == "ok":
            compile_(src, t)
        else:
            with pytest.raises(D3D11Error, match=want):
                compile_(src, t)


def test_d3d9_reservation_reads_place_the_constants():
    """Two reservations sharing c3, one read: the constant table gives the read one c3 (nothing aliases)."""
    src = "float4 a : register(c3); float4 b : register(c3);\n" + _PS.format(ret="b")
    words = compile_(src, "ps_2_0")
    assert b"b\x00" in words


# "Registers - ps_3_0", Position Register: vPos holds the pixel's (x, y); (z, w) are undefined and the
# register is declared with .x, .y or .xy only, so a read of z or w has no D3D9 register (d3dcompiler_47 10.1 under
# Wine, session 42: its validator's X5631 "z or w components of vPos register are not available"; X4502 was inferred)
@pytest.mark.parametrize(("sem", "read", "ok"), [
    ("VPOS", "p.x", True), ("VPOS", "p.y", True), ("VPOS", "p.xy", True), ("VPOS", "p.yx", True),
    ("VPOS", "p.z", False), ("VPOS", "p.w", False), ("VPOS", "p.xyz", False), ("SV_Position", "p", False),
    ("SV_Position", "p.xy", True), ("SV_Position", "p.zw", False),
])
def test_ps_3_0_position_reads_x_and_y_only(sem: str, read: str, ok: bool):
    src = f"float4 main(float4 p : {sem}) : COLOR0 {{ float4 r = 0; r.x = dot({read}, 1); return r; }}"
    if ok:
        blob = compile_(src, "ps_3_0")
        (dcl,) = [i for i in decode_program(blob).instructions if i.op == "dcl" and i.dst.reg == Reg.MISCTYPE]
        assert dcl.dst.num == 0 and dcl.dst.mask in (1, 2, 3)  # vPos, declared .x / .y / .xy
        return
    with pytest.raises(D3D11Error, match="X5631"):
        compile_(src, "ps_3_0")


# a member of the input struct the program does not read is no D3D9 input: its semantic is not judged (the SDK's
# PIXGameDebugging.fx compiles its CausticPS at ps_2_0 beside an unread `float Fog : FOG`); a read one is (X4502)
@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b"])
@pytest.mark.parametrize("body,ok", [("return IN.c;", True), ("return IN.c * IN.f;", False),
                                     ("return IN.c + IN.n.x;", False), ("return IN.c * 2;", True)])
def test_unread_inputs_are_not_judged(target: str, body: str, ok: bool):
    src = ("struct S { float4 c : COLOR0; float f : FOG; float3 n : NORMAL; };\n"
           "float4 main(S IN) : COLOR { " + body + " }")
    if ok:
        prog = decode_program(compile_(src, target))
        assert [i.dst.reg for i in prog.instructions if i.op == "dcl" and i.dst is not None
                and i.dst.reg in (Reg.INPUT, TEXTURE)] == [Reg.INPUT]  # COLOR0 only
    else:
        with pytest.raises(D3D11Error, match="X4502"):
            compile_(src, target)


# def constants take the lowest registers no read constant holds: fxc's listing of the SDK's Instancing
# VS_ShaderInstancing puts its defs in c12-c15, between register(c#) reservations (c0-c11, c16-c255) and over two
# declared but unread variables (c13, c14)
@pytest.mark.parametrize("target", ["vs_2_0", "vs_3_0", "ps_2_0"])
def test_defs_fill_the_lowest_free_registers(target: str):
    sem = "POSITION" if target.startswith("vs") else "TEXCOORD0"
    out = "POSITION" if target.startswith("vs") else "COLOR"
    src = ("float4 a : register(c0); float4 unread : register(c1); float4 b : register(c3);\n"
           f"float4 main(float4 p : {sem}) : {out} {{ return p * a + b * float4(0.5, 2, 3, 4); }}")
    prog = decode_program(compile_(src, target))
    defs = [i.dst.num for i in prog.instructions if i.op == "def"]
    assert defs and defs[0] == 1
