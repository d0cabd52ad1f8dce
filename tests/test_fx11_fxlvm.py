"""FXLVM state expressions of the fx_4/fx_5 targets (effects/fxlvm.py, effects/fxexpr.py).

Expected values come from the definitions, computed independently here: each operation of the machine as Wine's
d3d10 evaluator (dlls/d3d10/effect.c preshader_ops) and the HLSL operators define it, with numpy/struct doing
the arithmetic; fxc's own containers (DXDecompiler's EffectExpressions objects) for the byte layout.
"""

from __future__ import annotations

import math
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest

import pyd3d11.d3d11 as d3d
from pyd3d11 import quick_device
from pyd3d11.effects import D3DX11CompileEffectFromMemory
from pyd3d11.effects import fxlvm as L

SLOW_OPS = 0x2  # D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS (fxc /Gdp)
MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")
EFFECTS = "src/DXDecompiler.Tests/Shaders/Internal/Effects"


def f2b(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def b2f(b: int) -> float:
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def run(op: str, *args: int, comps: int = 1, scalar: bool = False) -> list[int]:
    """One instruction over literal inputs (each input `comps` literals), result from the result table."""
    lits: list[int] = []
    ins = []
    for a in args:
        vals = list(a) if isinstance(a, (list, tuple)) else [a] * comps
        ins.append(L.Operand(L.LIT, len(lits)))
        lits += vals
    p = L.Program(literals=lits, code=[L.Instruction(op, comps, tuple(ins), L.Operand(L.OUT, 0), scalar)],
                  result_comps=comps)
    return L.evaluate(p, [])


FLOAT_UNARY = [("neg", lambda x: -x), ("rcp", lambda x: 1 / x), ("frc", lambda x: x - math.floor(x)),
               ("exp", lambda x: 2.0 ** x), ("log", lambda x: math.log2(abs(x))), ("rsq", lambda x: 1 / math.sqrt(x)),
               ("sin", math.sin), ("cos", math.cos), ("asin", math.asin), ("acos", math.acos), ("atan", math.atan),
               ("sqrt", math.sqrt), ("floor", math.floor), ("ceil", math.ceil), ("round", lambda x: float(np.rint(x)))]


#: (op, function, x) over each function's domain: asin / acos are defined on [-1, 1] only, so 2.5 is left out for
#: them rather than skipped (a skip that always skips is a dead one, issue 19 item 5)
FLOAT_UNARY_CASES = [(op, fn, x) for op, fn in FLOAT_UNARY for x in (0.25, 0.5, 0.75, 2.5)
                     if not (op in ("asin", "acos") and abs(x) > 1)]


@pytest.mark.parametrize("op,fn,x", FLOAT_UNARY_CASES, ids=[f"{o}-{x}" for o, _, x in FLOAT_UNARY_CASES])
def test_float_unary(op, fn, x):
    assert b2f(run(op, f2b(x))[0]) == pytest.approx(float(np.float32(fn(x))), rel=1e-6)


FLOAT_BINARY = [("min", min), ("max", max), ("add", lambda a, b: a + b), ("mul", lambda a, b: a * b),
                ("div", lambda a, b: a / b), ("atan2", math.atan2), ("lt", lambda a, b: float(a < b)),
                ("ge", lambda a, b: float(a >= b))]


@pytest.mark.parametrize("op,fn", FLOAT_BINARY, ids=[o for o, _ in FLOAT_BINARY])
@pytest.mark.parametrize("a,b", [(1.5, -2.0), (-3.25, 0.5), (2.0, 2.0)])
def test_float_binary(op, fn, a, b):
    assert b2f(run(op, f2b(a), f2b(b))[0]) == pytest.approx(float(np.float32(fn(a, b))), rel=1e-6)


def s32(x: int) -> int:
    return int(np.int32(np.uint32(x & 0xFFFFFFFF)))


INT_BINARY = [("iadd", lambda a, b: a + b), ("imul", lambda a, b: a * b), ("imin", min), ("imax", max),
              ("bilt", lambda a, b: -1 if a < b else 0), ("bige", lambda a, b: -1 if a >= b else 0),
              ("bieq", lambda a, b: -1 if a == b else 0), ("bine", lambda a, b: -1 if a != b else 0),
              ("ishl", lambda a, b: a << (b % 32)), ("ishr", lambda a, b: a >> (b % 32))]
UINT_BINARY = [("udiv", lambda a, b: a // b), ("umin", min), ("umax", max), ("and", lambda a, b: a & b),
               ("or", lambda a, b: a | b), ("xor", lambda a, b: a ^ b), ("ushr", lambda a, b: a >> (b % 32)),
               ("buge", lambda a, b: 0xFFFFFFFF if a >= b else 0), ("bult", lambda a, b: 0xFFFFFFFF if a < b else 0)]


@pytest.mark.parametrize("op,fn", INT_BINARY, ids=[o for o, _ in INT_BINARY])
@pytest.mark.parametrize("a,b", [(-7, 3), (12, 5), (-1, -1)])
def test_int_binary(op, fn, a, b):
    assert s32(run(op, a & 0xFFFFFFFF, b & 0xFFFFFFFF)[0]) == s32(fn(a, b & 31 if op.startswith("ish") else b))


@pytest.mark.parametrize("op,fn", UINT_BINARY, ids=[o for o, _ in UINT_BINARY])
@pytest.mark.parametrize("a,b", [(0xFFFFFFF9, 3), (12, 5), (7, 7)])
def test_uint_binary(op, fn, a, b):
    assert run(op, a, b)[0] == fn(a, b) & 0xFFFFFFFF


def test_log_of_zero_is_minus_flt_max():
    """Direct3D 9's ``log`` instruction: -FLT_MAX for 0 (so exp(log(0)) is 0, as fxc's folding assumes)."""
    assert b2f(run("log", f2b(0.0))[0]) == float(np.finfo(np.float32).min)


def test_udiv_by_zero_is_all_ones():
    assert run("udiv", 5, 0) == [0xFFFFFFFF]


@pytest.mark.parametrize("op,x,want", [
    ("itof", (-3) & 0xFFFFFFFF, f2b(-3.0)), ("utof", 0xFFFFFFFF, f2b(4294967295.0)), ("ftoi", f2b(-2.75), (-2) & 0xFFFFFFFF),
    ("ftou", f2b(3.9), 3), ("ftob", f2b(0.5), 0xFFFFFFFF), ("ftob", f2b(-0.0), 0), ("itob", 7, 0xFFFFFFFF),
    ("itob", 0, 0), ("btof", 0xFFFFFFFF, f2b(1.0)), ("btoi", 0xFFFFFFFF, 1), ("ineg", 5, (-5) & 0xFFFFFFFF),
    ("not", 0x0F0F0F0F, 0xF0F0F0F0), ("mov", 1234, 1234)])
def test_conversions(op, x, want):
    assert run(op, x) == [want]


def test_movc_cmp_dot_and_scalar_form():
    assert run("movc", 0xFFFFFFFF, 11, 22) == [11] and run("movc", 0, 11, 22) == [22]
    assert run("cmp", f2b(-1.0), 11, 22) == [22] and run("cmp", f2b(0.0), 11, 22) == [11]
    a, b = [f2b(v) for v in (1, 2, 3, 4)], [f2b(v) for v in (5, 6, 7, 8)]
    assert b2f(run("dot", a, b, comps=4)[0]) == 70.0
    # scalar form: input 0 is one component applied to every component of the other
    got = run("add", [f2b(10.0)], [f2b(v) for v in (1, 2, 3)], comps=3, scalar=True)
    assert [b2f(g) for g in got] == [11.0, 12.0, 13.0]


def test_dotswiz_pairs():
    p = L.Program(literals=[f2b(v) for v in (1, 2, 3, 4, 5, 6)], code=[L.Instruction(
        "d3ds_dotswiz", 1, tuple(L.Operand(L.LIT, i) for i in range(6)), L.Operand(L.OUT, 0))])
    assert b2f(L.evaluate(p, [])[0]) == 1 * 4 + 2 * 5 + 3 * 6


def test_every_opcode_has_a_meaning():
    for code, (name, _n, _k) in L.OPS.items():
        assert L.OPCODE[name] == code


# --- compiling ------------------------------------------------------------------------------------------------
def _git(path: str) -> bytes | None:
    if not MIRROR.exists():
        return None
    r = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"7b48f44^:{path}"], capture_output=True)
    return r.stdout if r.returncode == 0 else None


def _containers(blob: bytes) -> list[bytes]:
    out, i = [], 0
    while (i := blob.find(b"DXBC", i)) >= 0:
        size = struct.unpack_from("<I", blob, i - 4)[0]
        if b"FXLC" in blob[i:i + size] and b"FX10" not in blob[i:i + 64]:  # not fx_4's outer container
            out.append(blob[i:i + size])
        i += 4
    return out


@pytest.mark.parametrize("target", ["fx_4_0", "fx_5_0"])
def test_fxc_containers_reencode_byte_equal(target):
    blob = _git(f"{EFFECTS}/EffectExpressions_{target[3]}_0_FX.o")
    if blob is None:
        pytest.skip("no DXDecompiler mirror")
    conts = _containers(blob)
    assert len(conts) == (7 if target == "fx_5_0" else 6)  # fx_4_0 drops the technique11
    for c in conts:
        assert L.encode(L.decode(c), target) == c


@pytest.mark.parametrize("target", ["fx_4_0", "fx_5_0"])
def test_simple_expressions_byte_equal_to_fxc(target):
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile

    src = _git(f"{EFFECTS}/EffectExpressions.fx")
    ref = _git(f"{EFFECTS}/EffectExpressions_{target[3]}_0_FX.o")
    if src is None or ref is None:
        pytest.skip("no DXDecompiler mirror")
    text = src.decode().replace("MipLODBias = func();", "").replace("MinLOD = func2();", "")
    text = text.replace("BorderColor = sin(a * m[2].wyzx) + bar.v5.wyzx;", "")
    ours = blob_bytes(D3DCompile(text, len(text), "e.fx", None, None, None, target, 0, SLOW_OPS, None))
    want = [c for c in _containers(ref) if len(L.decode(c).code) <= 2]
    got = _containers(ours)
    assert len(want) == (4 if target == "fx_5_0" else 3) and all(c in got for c in want)


FX = r"""
int i = 1;
int j = 0;
uint k = 3;
float s = 0.5;
float4 col = float4(0.25, 0.5, 0.75, 1);
bool on = true;
DepthStencilState dss[3] { { DepthFunc = LESS; }, { DepthFunc = EQUAL; }, { DepthFunc = GREATER; } };
DepthStencilState expr_ds { DepthFunc = i + 2; StencilEnable = TRUE; StencilReadMask = k * 16 + 1; };
BlendState expr_bs { BlendEnable[0] = s > 0.25 && on; RenderTargetWriteMask[0] = k ^ 5; };
SamplerState expr_ss { MipLODBias = s * 4 - 1; BorderColor = col * 2 - s; MaxAnisotropy = (i - 7) / 2 + 10; };
RasterizerState expr_rs { DepthBias = -i * 3; SlopeScaledDepthBias = abs(s - 2); };
technique11 T {
    pass P0 { SetDepthStencilState(dss[i * 3 + j - 2], k); SetBlendState(expr_bs, col, 0xFFFFFFFF); }
    pass P1 { SetDepthStencilState(expr_ds, 0); SetRasterizerState(expr_rs); }
}
"""


@pytest.fixture
def fx():
    dev, ctx = quick_device()
    # Effects 11 refuses FXLVM at load (test_fx11_fxlvm_load.py); the evaluator runs behind the opt-in
    eff = D3DX11CompileEffectFromMemory(FX, len(FX), "expr.fx", None, None, 0, SLOW_OPS, dev, evaluate_fxlvm=True)
    return dev, ctx, eff


def test_apply_evaluates_index_expression_with_current_values(fx):
    _dev, ctx, eff = fx
    p = eff.GetTechniqueByName("T").GetPassByName("P0")
    p.Apply(0, ctx)
    ds, ref = ctx.OMGetDepthStencilState()
    assert ds.GetDesc().DepthFunc == d3d.D3D11_COMPARISON_EQUAL and ref == 3  # dss[1*3+0-2]
    eff.GetVariableByName("i").AsScalar().SetInt(0)
    eff.GetVariableByName("j").AsScalar().SetInt(4)
    p.Apply(0, ctx)
    assert ctx.OMGetDepthStencilState()[0].GetDesc().DepthFunc == d3d.D3D11_COMPARISON_GREATER  # dss[2]


def test_apply_evaluates_value_expressions(fx):
    _dev, ctx, eff = fx
    p0, p1 = (eff.GetTechniqueByName("T").GetPassByIndex(n) for n in (0, 1))
    p1.Apply(0, ctx)
    d = ctx.OMGetDepthStencilState()[0].GetDesc()
    assert d.DepthFunc == 3 and d.StencilReadMask == (3 * 16 + 1) & 0xFF
    r = ctx.RSGetState().GetDesc()
    assert r.DepthBias == -3 and r.SlopeScaledDepthBias == 1.5
    eff.GetVariableByName("i").AsScalar().SetInt(5)
    eff.GetVariableByName("s").AsScalar().SetFloat(-1.0)
    p1.Apply(0, ctx)
    assert ctx.OMGetDepthStencilState()[0].GetDesc().DepthFunc == 7
    r = ctx.RSGetState().GetDesc()
    assert r.DepthBias == -15 and r.SlopeScaledDepthBias == 3.0
    p0.Apply(0, ctx)
    bs = ctx.OMGetBlendState()[0].GetDesc()
    assert bs.RenderTarget[0].BlendEnable == 0 and bs.RenderTarget[0].RenderTargetWriteMask == 3 ^ 5
    eff.GetVariableByName("s").AsScalar().SetFloat(0.5)
    p0.Apply(0, ctx)
    assert ctx.OMGetBlendState()[0].GetDesc().RenderTarget[0].BlendEnable == 1


def test_sampler_expressions(fx):
    _dev, _ctx, eff = fx
    samp = eff.GetVariableByName("expr_ss").AsSampler()
    desc = samp.GetBackingStore(0)
    assert desc.MipLODBias == 0.5 * 4 - 1
    assert list(desc.BorderColor) == [0.25 * 2 - 0.5, 0.5, 1.0, 1.5]
    assert desc.MaxAnisotropy == int((1 - 7) / 2) + 10  # HLSL int division truncates: -3
    eff.GetVariableByName("i").AsScalar().SetInt(-4)
    assert samp.GetBackingStore(0).MaxAnisotropy == int((-4 - 7) / 2) + 10  # -11/2 = -5


def test_user_functions_are_inlined_loops_are_not_built():
    from pyd3d11.effects.fxcompile import compile_effect
    from pyd3d11.errors import NotSupportedError

    src = ("int i; int f(int x) { int y = x * 2; if (i > 3) { y += 1; return y; } y -= 5; return y; }"
           "DepthStencilState d { DepthFunc = f(i); };")
    eff = compile_effect(src, "f.fx", "fx_5_0", flags2=SLOW_OPS)
    p = L.decode(eff.objects[0].blocks[0][0].value)
    for i in (-2, 0, 3, 4, 9):
        want = i * 2 + 1 if i > 3 else i * 2 - 5
        assert L.evaluate(p, L.variable_table(p, lambda _n, i=i: struct.pack("<i", i)))[0] == want & 0xFFFFFFFF
    src = "int i; int f() { for (int k = 0; k < i; k++) {} return i; } DepthStencilState d { DepthFunc = f(); };"
    with pytest.raises(NotSupportedError, match="FXLVM"):
        compile_effect(src, "f.fx", "fx_5_0", flags2=SLOW_OPS)


@pytest.mark.parametrize("target", ["fx_4_0", "fx_4_1", "fx_5_0"])
def test_performance_mode_refuses_expressions_in_state_objects(target):
    """D3DCOMPILE_EFFECT constants: "Performance mode disallows mutable state objects by preventing non-literal
    expressions from appearing in state object definitions"; ALLOW_SLOW_OPS (/Gdp) lifts it. A pass is no state
    object: its expressions compile either way."""
    from pyd3d11.effects.fxcompile import compile_effect
    from pyd3d11.shader.hlsl.diagnostics import HlslError

    block = "int i; DepthStencilState d { DepthFunc = i + 2; };"
    with pytest.raises(HlslError, match="ALLOW_SLOW_OPS"):
        compile_effect(block, "f.fx", target)
    assert compile_effect(block, "f.fx", target, flags2=SLOW_OPS).objects[0].blocks[0][0].kind == 6
    tech = "technique10" if target != "fx_5_0" else "technique11"
    pas = f"int i; DepthStencilState d[2]; {tech} t {{ pass p {{ SetDepthStencilState(d[i + 1], i * 2); }} }}"
    kinds = [a.kind for a in compile_effect(pas, "f.fx", target).groups[0].techniques[0].passes[0].assignments]
    assert sorted(kinds) == [5, 6]  # ExpressionIndex, Expression


@pytest.mark.parametrize("target", ["fx_4_0", "fx_4_1"])
def test_child_effects_at_fx_4_are_not_built(target):
    """fxc /Gch at fx_4_x writes a child effect whose shared variables live in the pool (its *_Child objects);
    Effects 11 refuses pools, so pyd3d11 does not write them."""
    from pyd3d11.errors import NotSupportedError
    from pyd3d11.shader.compile_api import D3DCompile

    src = "shared cbuffer S { float4 v; }; technique10 t { pass p { } }"
    with pytest.raises(NotSupportedError, match="child effects"):
        D3DCompile(src, len(src), "c.fx", None, None, None, target, 0, 0x1, None)


def test_child_flag_is_ignored_at_fx_5_0():
    """fxc's AdvancedEffect_5_0_Child and EffectNoTechnique_5_0_Child objects are byte-equal to the plain ones."""
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile

    src = "shared cbuffer S { float4 v = 1; }; shared Texture2D tx; technique11 t { pass p { } }"
    plain, child = (blob_bytes(D3DCompile(src, len(src), "c.fx", None, None, None, "fx_5_0", 0, f2, None))
                    for f2 in (0, 0x1))
    assert plain == child
    for name in ("AdvancedEffect", "EffectNoTechnique"):
        a, b = _git(f"{EFFECTS}/{name}_5_0_FX.o"), _git(f"{EFFECTS}/{name}_5_0_Child_FX.o")
        if a is not None:
            assert a == b


def test_listing_prints_programs_as_fxc():
    """fxc's /Fc listing of EffectExpressions_5_0: ``eval(`` programs with registers, ``expr``, variables with
    their register offsets (``m[3].z``, ``bar[4].w``) and literals; the lines of the states whose code is
    byte-equal must be fxc's lines."""
    from pyd3d11.effects.listing import effect_listing
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile

    src, ref = _git(f"{EFFECTS}/EffectExpressions.fx"), _git(f"{EFFECTS}/EffectExpressions_5_0_FX.asm")
    if src is None or ref is None:
        pytest.skip("no DXDecompiler mirror")
    text = src.decode()
    mine = effect_listing(blob_bytes(D3DCompile(text, len(text), "e.fx", None, None, None, "fx_5_0", 0, SLOW_OPS,
                                                None))).splitlines()
    theirs = set(ref.decode().splitlines())
    start = next(i for i, line in enumerate(mine) if "BorderColor = eval(" in line)
    border = mine[start:start + 9]
    assert border[-1].endswith("bar[4].x);") and all(line in theirs for line in border)
    blend = [line for line in mine if "BlendEnable[0] = eval(" in line]
    assert blend and blend[0] in theirs
    index = [i for i, line in enumerate(mine) if "DepthStencilArray[eval(" in line]
    assert len(index) == 2 and all(mine[i] in theirs and mine[i + 1] in theirs for i in index)
