"""Level-9 isinf / isfinite / tanh (issue 16 point 2, session 8 item 1).

MicrosoftDocs' intrinsic pages give isinf, isfinite and isnan "Shader Model 2 (DirectX HLSL) and higher: yes"
and tanh minimum shader model 1, so fxc compiles them for shader model 2 -- the Aon9 program of a
``*_4_0_level_9_x`` target. Their SM4 forms read a float's bits (``and x, 0x7FFFFFFF`` then an integer
comparison with +inf's bits); the level-9 program decides the same with float operations (rewrite.float_sign_bits). Expected values from numpy on
values including 0, -0, denormals, +-FLT_MAX and +-inf. NaN is left out: shader model 2's float rules do not
define it (and the D3D9 ``cmp`` the comparisons become has no NaN case). Integers' bit patterns stay X4532.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, constants_for, validate

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.aon9 import parse_aon9
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.rewrite import float_sign_bits
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

F = np.float32
TARGETS = ["ps_4_0_level_9_1", "ps_4_0_level_9_3", "vs_4_0_level_9_1", "vs_4_0_level_9_3"]
FMAX = np.finfo(F).max
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 1e-40, -1e-40, FMAX, -FMAX, np.inf, -np.inf, 1e38, -3.5, 2.0 ** -126,
                    123456.0], F)


def _sm2_run(body: str, target: str, x: np.ndarray) -> np.ndarray:
    if target.startswith("ps"):
        src = f"float4 main(float4 x : TEXCOORD0) : SV_Target {{ return {body}; }}"
    else:
        src = f"""struct O {{ float4 p : SV_Position; float4 t : TEXCOORD0; }};
        O main(float4 x : POSITION) {{ O o; o.p = x; o.t = {body}; return o; }}"""
    blob = bytes(D3DCompile(src, None, None, None, None, "main", target, 0, 0))
    chunk = parse_aon9(parse_container(blob).get("Aon9"))
    sm2 = decode_program(chunk.program)
    assert validate(sm2) == []
    assert not any(i.op == "def" and any(v in (0x7F800000, 0xFF800000) for v in i.values) for i in sm2.instructions)
    with np.errstate(all="ignore"):
        if target.startswith("ps"):
            return Sm2Machine(sm2, len(x), {(TEXTURE, 0): x}, constants_for(chunk, {})).run().out(Reg.COLOROUT, 0)
        return Sm2Machine(sm2, len(x), {(Reg.INPUT, 0): x}, constants_for(chunk, {})).run().out(Reg.TEXCRDOUT, 0)


def _inputs(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((64, 4)) * 10.0 ** rng.integers(-3, 38, (64, 4))).astype(F)
    x[:len(SPECIAL)] = SPECIAL[:, None]
    x[len(SPECIAL):2 * len(SPECIAL), 1:] = SPECIAL[::-1, None]
    return x


def _cube(x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return x * x * x


# fxc takes a shader input for finite and folds isfinite(x) to 1 (d3dcompiler_47 10.1 at ps/vs_4_0_level_9_x too,
# session 36, nanprops.py): the translation of isfinite is tested on a product of three, which it does not assume
# finite
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("fn,ref", [("isinf(x)", np.isinf), ("isfinite(x * x * x)", lambda x: np.isfinite(_cube(x)))])
def test_isinf_and_isfinite(target: str, fn: str, ref):
    x = _inputs(1)
    got = _sm2_run(fn, target, x)
    np.testing.assert_array_equal(got, ref(x).astype(F))


@pytest.mark.parametrize("target", TARGETS)
def test_isinf_of_a_swizzled_negated_operand_in_a_condition(target: str):
    x = _inputs(2)
    got = _sm2_run("isinf(-x.wzyx) ? 3.0 : x * 0.5", target, x)
    want = np.where(np.isinf(x[:, ::-1]), 3.0, x * F(0.5))
    # a vertex shader's select multiplies by the condition, so an infinite value, selected or not,
    # arrives as +-FLT_MAX there (the documented level-9 difference): compare the finite results
    keep = np.isfinite(want) if target.startswith("vs") else np.ones_like(want, bool)
    np.testing.assert_array_equal(got[keep], want[keep])


@pytest.mark.parametrize("target", TARGETS)
def test_tanh_saturates_with_the_sign_of_x(target: str):
    """fxc's expansion, (2^t - 2^-t) · rcp(2^t + 2^-t) with t = x·log2 e, is ±1 within an ulp from |x| ≈ 9 until 2^t
    overflows, and NaN past |x| ≈ 88.7 (inf · 0): d3dcompiler_47 10.1's own Aon9 program of ``tanh(x)`` gives these
    NaNs on the SM2 machine at all four targets (session 37, helper MRUN; this test asked ±1 there before)."""
    rng = np.random.default_rng(3)
    x = rng.uniform(-120, 120, (64, 4)).astype(F)
    x[:8, 0] = [44.5, -44.5, 1e30, -1e30, 0.25, -0.25, 43.0, -43.0]
    got = _sm2_run("tanh(x)", target, x)
    small = np.abs(x) < 80
    want = np.tanh(x.astype(np.float64))
    np.testing.assert_allclose(got[small], want[small], atol=2e-6, rtol=1e-5)
    big = small & (np.abs(x) > 44)
    np.testing.assert_allclose(got[big], np.sign(x[big]), rtol=0, atol=1.2e-7)  # 1 - 2^-24 or 1
    assert np.isnan(got[np.abs(x) > 89]).all()


def test_integer_bits_are_refused():
    """fxc refuses both programs (d3dcompiler_47 10.1 under Wine, session 36: X3548 "uints can only be used with
    known-positive values" each time); this project answers the ``&``'s X3535 (the known-positive analysis behind
    X3548 is not built)."""
    for src in ("float4 main(float4 x : TEXCOORD0) : SV_Target { uint i = (uint)x.x; "
                "return (i & 0x7fffffffu) == 0x7f800000u; }",
                "float4 main(float4 x : TEXCOORD0) : SV_Target { int i = (int)x.x; "
                "return (i & 0x7fffffff) == 0x7f800000; }"):
        with pytest.raises(D3D11Error):
            D3DCompile(src, None, None, None, None, "main", "ps_4_0_level_9_3", 0, 0)


# --- the rewrite's conditions -----------------------------------------------------------------------------
def _t(reg: int, mask: int = 0xF, swz=None) -> ir.Operand:
    if swz is None:
        return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.MASK, mask=mask, indices=[ir.Index(value=reg)])
    return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.SWIZZLE, swizzle=swz, indices=[ir.Index(value=reg)])


def _imm(v: int) -> ir.Operand:
    return ir.Operand(ir.OperandType.IMMEDIATE32, 1, values=[v])


OP = ir.Opcode
ABS = ir.Instruction(OP.AND, [_t(0), _t(1, swz=(0, 1, 2, 3)), _imm(0x7FFFFFFF)])
SGN = ir.Instruction(OP.AND, [_t(0), _t(1, swz=(0, 1, 2, 3)), _imm(0x80000000)])
T0 = _t(0, swz=(0, 1, 2, 3))


@pytest.mark.parametrize("body,ops", [
    ([ABS, ir.Instruction(OP.IEQ, [_t(2), T0, _imm(0x7F800000)])], [OP.MOV, OP.LT]),
    ([ABS, ir.Instruction(OP.ULT, [_t(2), T0, _imm(0x7F800000)])], [OP.MOV, OP.GE]),
    ([ABS, ir.Instruction(OP.INE, [_t(2), T0, _imm(0x7F800000)])], [OP.MOV, OP.NE]),
    ([ABS, ir.Instruction(OP.IEQ, [_t(2), T0, _imm(0x3F800000)])], [OP.MOV, OP.EQ]),
    ([ABS, ir.Instruction(OP.UGE, [_t(2), T0, _imm(0x7F800000)])], None),  # NaN would differ
    ([ABS, ir.Instruction(OP.IEQ, [_t(2), T0, _imm(0x7FC00000)])], None),  # a NaN's bits
    ([ABS, ir.Instruction(OP.IEQ, [_t(2), T0, _imm(0xBF800000)])], None),  # a negative float's bits
    ([ABS, ir.Instruction(OP.IEQ, [_t(2), _t(3, swz=(0, 1, 2, 3)), _imm(0x7F800000)])], None),  # another register
    ([SGN, ir.Instruction(OP.OR, [_t(2), T0, _imm(0x3F800000)])], [OP.GE, OP.MOVC]),
    ([SGN, ir.Instruction(OP.OR, [_t(2), T0, _imm(0x3F800000)]), ir.Instruction(OP.MOV, [_t(3), T0])], None),
    ([SGN, ir.Instruction(OP.OR, [_t(2), T0, _imm(0x7F800000)])], None),  # copysign(inf): no inf constant
    ([SGN, ir.Instruction(OP.XOR, [_t(2), T0, _imm(0x3F800000)])], None),
])
def test_float_sign_bits_rule(body, ops):
    out = float_sign_bits(list(body))
    if ops is None:
        assert out == list(body)
    else:
        assert [i.opcode for i in out] == ops


@pytest.mark.parametrize("target", TARGETS)
def test_isinf_and_isfinite_of_negated_and_absolute_operands(target: str):
    x = _inputs(4)
    got = _sm2_run("isinf(-abs(x)) * 2 + isfinite(-(x * x * x))", target, x)  # fxc folds isfinite(-x) (above)
    np.testing.assert_array_equal(got, (np.isinf(x) * 2 + np.isfinite(_cube(x))).astype(F))


@pytest.mark.parametrize("mod", list(ir.Modifier))
def test_abs_bits_of_any_source_modifier_is_abs(mod):
    """|x|'s bits are the same for x, -x, |x| and -|x|: the rewritten move reads |x| whatever the modifier."""
    src = _t(1, swz=(0, 1, 2, 3))
    src.modifier = mod
    body = [ir.Instruction(OP.AND, [_t(0), src, _imm(0x7FFFFFFF)]),
            ir.Instruction(OP.IEQ, [_t(2), T0, _imm(0x7F800000)])]
    out = float_sign_bits(body)
    assert out[0].opcode == OP.MOV and out[0].operands[1].modifier == ir.Modifier.ABS


# --- frexp: "Shader Model 2 (DirectX HLSL): yes (ps_2_x only)" (MicrosoftDocs frexp page); fxc: every target ----
FREXP_PS = """float4 main(float4 x : TEXCOORD0) : SV_Target { float4 e; float4 m = frexp(x, e); return %s; }"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "vs_4_0_level_9_1", "vs_4_0_level_9_3", "ps_2_0", "vs_2_0"])
def test_frexp_compiles_where_the_docs_give_only_ps_2_x(target: str):
    """The page says ps_2_x only; d3dcompiler_47 10.1 under Wine (session 36) compiles frexp at each of these."""
    src = FREXP_PS % "m + e" if target.startswith("ps") else (
        "float4 main(float4 x : POSITION) : SV_Position { float4 e; return frexp(x, e) + e; }")
    D3DCompile(src, None, None, None, None, "main", target, 0, 0)


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
@pytest.mark.parametrize("part", ["m", "e"])
def test_frexp_below_shader_model_4_is_fxcs_log_form(part: str, target: str):
    """fxc's own sequence at every level-9 / Direct3D 9 target (its ps_2_0, ps_2_x, ps_3_0 and vs_2_0 listings,
    d3dcompiler_47 10.1 under Wine, session 36): e = ceil(log2(|x| + (x == 0))), m = x / 2^e -- so a power of two
    gives m = +-1, not the page's 0.5. Expected values from numpy, in the SM2 program (test interpreter) and the
    SM4 program of the same blob (the executor)."""
    from pyd3d11.shader.dxbc.decoder import decode_program as decode_sm4
    from pyd3d11.shader.exec import run_program

    rng = np.random.default_rng(6)
    x = (rng.uniform(0.5, 1, (64, 4)) * 2.0 ** rng.integers(-60, 60, (64, 4)) * rng.choice([-1, 1], (64, 4)))
    x = x.astype(F)
    x[:8, 0] = [0, -0.0, 1, -1, 0.5, 2, 0.75, 3]
    ax = np.abs(x.astype(np.float64))
    e = np.ceil(np.log2(ax + (ax == 0)))
    want = (x / 2.0 ** e if part == "m" else e).astype(F)
    blob = bytes(D3DCompile(FREXP_PS % part, None, None, None, None, "main", target, 0, 0))
    c = parse_container(blob)
    chunk = parse_aon9(c.get("Aon9"))
    sm2 = decode_program(chunk.program)
    assert validate(sm2) == []
    got = Sm2Machine(sm2, len(x), {(TEXTURE, 0): x}, constants_for(chunk, {})).run().out(Reg.COLOROUT, 0)
    np.testing.assert_array_equal(got, want)
    sm4 = run_program(decode_sm4(c.program), len(x), inputs=x.view(np.uint32)[None]).outputs[0].view(F)
    np.testing.assert_array_equal(sm4, want)
