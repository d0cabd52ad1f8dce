"""fx_4/fx_5 state expressions evaluated by the effect runtime (effects/fxexpr.py compiling, the FXLVM evaluating),
session 27 helper MUT (issue 19 item 3).

Public behaviour only: an effect's RasterizerState whose ``SlopeScaledDepthBias`` (a FLOAT state) or
``DepthBias`` (an INT state) is an expression over effect variables; the backing store's value must be the
HLSL value of the expression for the variables' current values. Expected values are computed here from the HLSL
definitions (MicrosoftDocs direct3dhlsl intrinsic pages: frac(x) = x - floor(x), ceil, round to nearest, exp(x) =
e^x, log(x) = ln x, log10; "Per-Component Math Operations": matrix members ``_m01`` (zero-based) and ``_12``
(one-based) name row and column; arrays index from 0; int / uint mix as uint; an int division truncates), in
float32 where the runtime computes in float32."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pyd3d11 import quick_device
from pyd3d11.effects import D3DX11CompileEffectFromMemory

pytestmark = pytest.mark.backend_independent  # runs no shader

SLOW_OPS = 0x2  # D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS

#: the variables, with their initial values (what the expected values are computed from)
DECLS = """
float s = 1.25;
float t = -2.75;
int i = 7;
int n = -9;
uint u = 5;
float4x4 m = float4x4(1, 2, 3, 4,  5, 6, 7, 8,  9, 10, 11, 12,  13, 14, 15, 16);
float arr[3] = {0.5, 1.5, 2.5};
struct S { float a; float2 b; };
S st = { 3.0, float2(4.0, 5.5) };
float mix(float x) { float2 v = float2(x, x * 2); return v.x + v.y; }
float g(float x) { float y = x * 3; float z = y - 1; return z * y; }
float h(float x) { float y = 0; if (x > 1) y = x; else y = -x * 2; return y; }
"""
S, T, I, N, U = 1.25, -2.75, 7, -9, 5
M = np.arange(1, 17, dtype=np.float32).reshape(4, 4)
ARR = [0.5, 1.5, 2.5]

f32 = np.float32

#: (float expression, expected)
FLOATS = [
    ("frac(s)", S - math.floor(S)), ("frac(t)", T - math.floor(T)),
    ("floor(t)", math.floor(T)), ("ceil(s)", math.ceil(S)), ("ceil(t)", math.ceil(T)),
    ("round(s)", 1.0), ("round(t)", -3.0),
    ("exp(s)", math.exp(S)), ("log(s)", math.log(S)), ("log10(s + 8.75)", 1.0), ("exp2(s)", 2 ** S),
    ("log2(s)", math.log2(S)),
    ("m._m01", M[0, 1]), ("m._m32", M[3, 2]), ("m._12", M[0, 1]), ("m._41", M[3, 0]), ("m._23 + m._m12", M[1, 2] * 2),
    ("m[2].y", M[2, 1]), ("m[0].w", M[0, 3]),
    ("arr[0]", ARR[0]), ("arr[1] + arr[2]", ARR[1] + ARR[2]),
    ("st.a", 3.0), ("st.b.y", 5.5), ("st.b.x + st.a", 7.0),
    ("mix(s)", S + 2 * S), ("g(s)", (3 * S - 1) * (3 * S)), ("h(s)", S), ("h(s - 1)", -(S - 1) * 2),
    ("dot(float2(s, t) * 2, float2(1, s))", f32(2 * S) + f32(2 * T) * f32(S)),
    ("dot(float3(s, t, 1) + 1, float3(s, 1, t) - 1)", (S + 1) * (S - 1) + (T + 1) * 0 + 2 * (T - 1)),
    ("u * s", U * S), ("i / 2 + s", 3 + S), ("n / 2 + s", -4 + S), ("(float)(n % 4)", -1.0),
]


#: (int expression, expected)
INTS = [
    ("i - u", (I - U) & 0xFFFFFFFF), ("n + i", N + I), ("n / 2", -4), ("i / 2", 3), ("(int)t", -2),
    ("(int)s * 3", 3), ("n % 4", -1), ("(int)arr[2]", 2), ("(int)m._44", 16),
]


def _fx(exprs: list[tuple[str, str]]) -> str:
    blocks = "".join(f"RasterizerState r{k} {{ {state} = {e}; }};\n" for k, (state, e) in enumerate(exprs))
    return DECLS + blocks + "technique11 T { pass P { } }\n"


def _stores(exprs, target="fx_5_0"):
    dev, _ctx = quick_device()[:2]
    src = _fx(exprs)
    eff = D3DX11CompileEffectFromMemory(src, len(src), "e.fx", None, None, 0, SLOW_OPS, dev, evaluate_fxlvm=True)
    return [eff.GetVariableByName(f"r{k}").AsRasterizer().GetBackingStore(0) for k in range(len(exprs))]


@pytest.mark.parametrize("target", ["fx_5_0"])
def test_float_state_expressions(target):
    got = _stores([("SlopeScaledDepthBias", e) for e, _ in FLOATS], target)
    for (e, want), desc in zip(FLOATS, got):
        assert desc.SlopeScaledDepthBias == pytest.approx(float(f32(want)), rel=2e-6, abs=1e-7), e


def test_int_state_expressions():
    got = _stores([("DepthBias", e) for e, _ in INTS])
    for (e, want), desc in zip(INTS, got):
        assert desc.DepthBias & 0xFFFFFFFF == want & 0xFFFFFFFF, e
