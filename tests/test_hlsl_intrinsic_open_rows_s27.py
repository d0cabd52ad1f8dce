"""Issue 15 (session 27, helper HLD): the intrinsic rows session 26 (HLG) left open, each settled from the
intrinsic's page (MicrosoftDocs win32 desktop-src/direct3dhlsl), the D3D9 instruction pages, the D3D11.3 spec or
fxc's own words where a public record of them exists. The acceptance cells of abort/errorf/printf/mad/dst at every
profile are in test_hlsl_intrinsic_models_s26.py (no cell left open); this file holds the rest.

- abort / errorf / printf below 4.0: their pages' minimum-model tables have one row, "Shader Model 4 (DirectX
  HLSL) or later: yes" (every 1¹/2 intrinsic's page lists SM1/SM2 rows instead); no fxc record of a D3D9 target
  either way, so the page decides: X4532 at the D3D9 targets, a code-generation error (the argument rules first,
  dead or uncalled code compiles).
- lit(n·l > 0, 0, 0): the page's specular term is n_dot_h ^ m = 0^0, undefined in C's sense of the page; the
  expansion computes exp(m · log(n_dot_h)). At 4.0+ D3D11.3 §22.10 (log: log(0) = -inf, inf · 0 = NaN) makes it NaN;
  at the D3D9 targets "log - vs" / "log - ps" define log(0) = -FLT_MAX, so -FLT_MAX · 0 = -0 and exp(-0) = 1.
  No fxc object of lit was found (DXDecompiler's ShadersDX9 and Shaders trees, the SDK samples).
- atan2(-0, x < 0): fxc's expansion (test_fxc_oracle.py's _fxc_atan2, bit for bit with fxc's listings) ends in
  "negate when min(y, x) < 0 and max(y, x) >= 0"; max(-0, x) = -0 >= -(-0) holds (a compare treats ±0 alike), so
  -0 gives the same +π as +0: the signed-zero case the C library answers with -π is fxc's +π.
- a float InterlockedExchange (and every Interlocked* on a float destination): the SM 6.6 atomics spec
  (microsoft/DirectX-Specs HLSL_SM_6_6_Int64_and_Float_Atomics.md: "Previously, atomic operations have been
  restricted to 32-bit integer values"; float exchange is new there) and fxc's message for a float destination,
  quoted in DXC issue #2483: "cs_5_1 only supports interlocked operations on scalar int or uint data". Its
  number, X3681, recorded from d3dcompiler_47 6.3.9600 and 10.1 under Wine (session 35).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hlsl_docs_kit import run_expr
from sm2_interp import Sm2Machine, validate

from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

#: compile-only and test-side D3D9 interpreter tests never consult the shader backend; the 4.0 values run on both
INDEPENDENT = pytest.mark.backend_independent
F = np.float32
FLT_MAX = F(3.4028235e38)


def _error(src: str, target: str) -> str:
    with pytest.raises(HlslError) as ei:
        compile_hlsl(src, "t.hlsl", "main", target)
    return str(ei.value)


def _ps(body: str, target: str, extra: str = "") -> str:
    out = "SV_Target" if target[3] >= "4" else "COLOR"
    return f"{extra}float4 main(float4 a : TEXCOORD0) : {out} {{ {body} }}"


# --- abort / errorf / printf below 4.0 ------------------------------------------------------------------------------

CALLS = {"abort": "abort();", "printf": 'printf("x %f", a.x);', "errorf": 'errorf("e");'}


@INDEPENDENT
@pytest.mark.parametrize("target", ["vs_2_0", "ps_2_0", "ps_2_b", "vs_3_0", "ps_3_0"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_message_intrinsics_are_sm4_only(name, target):
    if target.startswith("vs"):
        src = f"float4 main(float4 a : POSITION) : POSITION {{ {CALLS[name]} return a; }}"
    else:
        src = _ps(f"{CALLS[name]} return a;", target)
    msg = _error(src, target)
    assert "error X4532" in msg and name in msg, msg


@INDEPENDENT
@pytest.mark.parametrize("name", sorted(CALLS))
def test_message_intrinsics_compile_to_nothing_from_4_0(name):
    for target in ("ps_4_0", "ps_5_0"):
        compile_hlsl(_ps(f"{CALLS[name]} return a;", target), "t.hlsl", "main", target)


@INDEPENDENT
def test_message_intrinsic_type_rules_come_first_and_dead_code_compiles():
    # a wrong argument list is the type rule's X3013 at every model (the page's signature), before the model rule
    assert "error X3013" in _error(_ps("abort(1); return a;", "ps_2_0"), "ps_2_0")
    assert "error X3013" in _error(_ps("printf(a.x); return a;", "ps_3_0"), "ps_3_0")
    # a code-generation error: an uncalled function and a branch folded away keep compiling
    compile_hlsl(_ps("return a;", "ps_2_0", 'void unused() { printf("never"); }\n'), "t.hlsl", "main", "ps_2_0")
    compile_hlsl(_ps("if (false) abort(); return a;", "ps_3_0"), "t.hlsl", "main", "ps_3_0")


# --- lit(x, 0, 0) ----------------------------------------------------------------------------------------------------

class _D3D9Machine(Sm2Machine):
    LOG_ZERO = -FLT_MAX  # "log - vs" / "log - ps": v == 0 gives -FLT_MAX


def _sm2_value(expr: str, target: str, a: np.ndarray) -> np.ndarray:
    if target.startswith("ps"):
        src = f"float4 main(float4 a : TEXCOORD0) : COLOR {{ return {expr}; }}"
    else:
        src = ("struct O { float4 pos : POSITION; float4 t : TEXCOORD0; };\n"
               f"O main(float4 a : TEXCOORD0) {{ O o; o.pos = a; o.t = {expr}; return o; }}")
    prog = decode_program(bytes(compile_hlsl(src, "t.hlsl", "main", target).blob))
    assert validate(prog) == []
    regs = {(TEXTURE, 0): a} if target == "ps_2_0" else {}
    for i in prog.instructions:
        if i.op == "dcl" and i.dst.reg == Reg.INPUT:
            regs[(Reg.INPUT, i.dst.num)] = a
    with np.errstate(all="ignore"):
        m = _D3D9Machine(prog, len(a), regs, np.zeros((256, 4), F)).run()
    if target.startswith("ps"):
        return m.out(Reg.COLOROUT, 0)
    # vs_3_0 declares its outputs (dcl_texcoord o#); vs_2_0 writes TEXCOORD0 to oT0
    out = next((i.dst.num for i in prog.instructions if i.op == "dcl" and i.dst.reg == Reg.TEXCRDOUT
                and i.decl & 0xF == 5), 0)
    return m.out(Reg.TEXCRDOUT, out)


LIT_ARGS = np.array([[0.5, 0.0, 0.0, 0], [2.0, 0.0, 0.0, 0], [0.5, 0.5, 0.0, 0], [0.5, 0.0, 2.0, 0],
                     [-0.5, 0.0, 0.0, 0]], F)
#: page: (1, max(n·l, 0), (n·l < 0 || n·h < 0) ? 0 : n·h ^ m, 1); 0^0 per the model's log (module doc); 0^2 = 0
LIT_SM2 = [[1, 0.5, 1, 1], [1, 2, 1, 1], [1, 0.5, 1, 1], [1, 0.5, 0, 1], [1, 0, 0, 1]]
LIT_SM4_Z = [math.nan, math.nan, 1.0, 0.0, 0.0]


@INDEPENDENT
@pytest.mark.parametrize("target", ["ps_2_0", "vs_2_0", "ps_3_0", "vs_3_0"])
def test_lit_zero_to_the_zero_at_the_d3d9_targets_is_one(target):
    got = _sm2_value("lit(a.x, a.y, a.z)", target, LIT_ARGS)
    np.testing.assert_allclose(got, np.array(LIT_SM2, F), rtol=2 ** -20, atol=0)


def test_lit_zero_to_the_zero_from_4_0_is_nan():
    raw = run_expr("lit(a.x, a.y, a.z)", ["float4"], "float4", [LIT_ARGS.view(np.uint32)], profile="vs_4_0")
    z = raw.view(F)[:, 2]
    assert np.array_equal(np.isnan(z), np.isnan(LIT_SM4_Z)), z
    np.testing.assert_allclose(z[2:], LIT_SM4_Z[2:], rtol=2 ** -20)


# --- atan2(-0, x < 0) ------------------------------------------------------------------------------------------------

def test_atan2_of_a_negative_zero_left_of_the_origin_is_plus_pi():
    y = np.array([[-0.0, 0, 0, 0], [0.0, 0, 0, 0], [-0.0, 0, 0, 0], [-1e-30, 0, 0, 0]], F)
    x = np.array([[-1.0, 0, 0, 0], [-1.0, 0, 0, 0], [-5.0, 0, 0, 0], [-1.0, 0, 0, 0]], F)
    raw = run_expr("atan2(a.x, b.x)", ["float4", "float4"], "float", [y.view(np.uint32), x.view(np.uint32)],
                   profile="vs_4_0")
    got = raw.view(F)[:, 0]
    pi = F(3.14159274)
    # ±0: fxc's final negation sees max(y, x) = ±0 >= ∓0 and min(y, x) = x < 0, flips -π to +π for both zeros; a
    # negative y that is not zero keeps the C library's sign (-π + tiny)
    assert got[0] == pi and got[1] == pi and got[2] == pi, got
    assert got[3] < 0 and abs(got[3] + pi) < 1e-6, got


# --- Interlocked* on a float destination -------------------------------------------------------------------------

FLOAT_DESTS = {
    "RWBuffer<float>": ("RWBuffer<float> d;", "d[0]"),
    "RWTexture2D<float>": ("RWTexture2D<float> d;", "d[uint2(0, 0)]"),
    "groupshared float": ("groupshared float d;", "d"),
    "RWStructuredBuffer<float>": ("RWStructuredBuffer<float> d;", "d[0]"),
}


@pytest.mark.parametrize("dest", sorted(FLOAT_DESTS))
@pytest.mark.parametrize("call", ["InterlockedExchange({d}, 1.0f, o);", "InterlockedAdd({d}, 1.0f);",
                                  "InterlockedCompareExchange({d}, 0.0f, 1.0f, o);"])
@INDEPENDENT
def test_interlocked_on_a_float_destination_is_refused(dest, call):
    decl, lv = FLOAT_DESTS[dest]
    src = f"{decl}\n[numthreads(1, 1, 1)] void main() {{ float o; {call.format(d=lv)} }}"
    msg = _error(src, "cs_5_0")
    assert "error X3681" in msg and "only supports interlocked operations on scalar int or uint data" in msg, msg


@INDEPENDENT
def test_interlocked_exchange_of_integers_and_a_converted_value_compiles():
    # the destination decides (scalar int/uint); a float value converts like any argument (the page's T)
    for decl, lv, t in (("RWBuffer<uint> d;", "d[0]", "uint"), ("groupshared int d;", "d", "int")):
        src = f"{decl}\n[numthreads(1, 1, 1)] void main() {{ {t} o; InterlockedExchange({lv}, 1.5f, o); }}"
        compile_hlsl(src, "t.hlsl", "main", "cs_5_0")
