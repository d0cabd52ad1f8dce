"""Minimum-precision types (min16float, min10float, min16int, min12int, min16uint) in compiled shaders.

Sources: MicrosoftDocs direct3dhlsl "Scalar Types" (the five types, minimum precisions the hardware may exceed;
``half`` is float on SM4/5) and "Using HLSL minimum precision" (D3D11.1, Windows 8: usable at every feature
level including 9.x; the device reports what it runs through D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT);
d3dcommon.h D3D_SHADER_REQUIRES_MINIMUM_PRECISION (0x10) and D3D_MIN_PRECISION (FLOAT_16 1, FLOAT_2_8 2,
SINT_16 4, UINT_16 5); D3D11.3 §22.3.2 global flags (enableMinimumPrecision, D3D11.1); spec-facts §2.3: the
D3D11.1 signature chunks ISG1/OSG1/PSG1 are the ones that record an element's minimum precision.

What is asserted: a shader whose reachable code uses one of the types declares ``enableMinimumPrecision`` and
reports the requirement (GetRequiresFlags), at every SM4/5 profile including 4_0_level_9_x; ``half`` and
unused declarations do not; a signature element of such a type carries its D3D_MIN_PRECISION in an ISG1/OSG1
chunk (float elements stay 0, shaders without one keep ISGN/OSGN); such shaders link and draw on the device, and
the arithmetic is 32-bit (this device reports full precision only)."""

from __future__ import annotations

import numpy as np
import pytest
from test_windows_rules_signatures import _draw

from pyd3d11.d3dcompiler import D3DCompile, D3DReflect
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.disasm import disassemble

REQUIRES_MINIMUM_PRECISION = 0x10
#: D3D_MIN_PRECISION per type (min12int has no 12-bit value: SINT_16)
MIN_PRECISION = {"min16float": 1, "min10float": 2, "min16int": 4, "min12int": 4, "min16uint": 5}
PROFILES = ["ps_4_0", "ps_4_1", "ps_5_0", "ps_4_0_level_9_1", "ps_4_0_level_9_3"]


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


def _flagged(blob: bytes) -> tuple[bool, bool]:
    """(dcl_globalFlags has enableMinimumPrecision, GetRequiresFlags has the minimum-precision bit)."""
    text = disassemble(blob)
    return ("enableMinimumPrecision" in text,
            bool(D3DReflect(blob).GetRequiresFlags() & REQUIRES_MINIMUM_PRECISION))


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("t", sorted(MIN_PRECISION))
def test_a_local_of_a_min_precision_type_sets_the_flag(t: str, profile: str):
    src = f"float4 main(float4 a : A) : SV_Target {{ {t}4 m = ({t}4)a; return (float4)(m + m); }}"
    if t == "min16uint" and "level_9" in profile:
        # level 9 has no 16-bit uint minimum precision: d3dcompiler_47 10.1 under Wine (session 36) refuses this
        # program at both level-9 targets, X3703 "<target> does not support 16-bit uint minimum-precision data"
        with pytest.raises(ShaderCompileError, match=f"X3703: {profile} does not support 16-bit uint"):
            _compile(src, profile)
        return
    assert _flagged(_compile(src, profile)) == (True, True)


@pytest.mark.parametrize("src", [
    "float4 main(float4 a : A) : SV_Target { half4 h = a; return h * 2; }",  # half is float on SM4/5
    "float4 main(float4 a : A) : SV_Target { return a * 2; }",
    "min16float4 unused; float4 main(float4 a : A) : SV_Target { return a; }",  # declared, never used
    "min16float f(min16float x) { return x; } float4 main(float4 a : A) : SV_Target { return a; }",  # uncalled
    # only converted, never computed with: no flag (d3dcompiler_47 10.1 under Wine, session 38; once expected set)
    "float4 main(float4 a : A) : SV_Target { return (min10float4)a; }",  # a cast
    "struct S { min16int i; }; float4 main(float4 a : A) : SV_Target { S s; s.i = (int)a.x; return s.i; }",
])
def test_no_min_precision_no_flag(src: str):
    assert _flagged(_compile(src)) == (False, False)


@pytest.mark.parametrize("src", [
    "min16float4 c; float4 main(float4 a : A) : SV_Target { return a * c; }",  # a used global
    "min16float f(min16float x) { return x * 2; } float4 main(float4 a : A) : SV_Target { return f(a.x); }",
])
def test_used_anywhere_sets_the_flag(src: str):
    assert _flagged(_compile(src)) == (True, True)


def test_compute_and_vertex_shaders_too():
    cs = "RWBuffer<uint> b; [numthreads(1, 1, 1)] void main() { min16uint u = b[0]; b[1] = u + 1; }"
    vs = "float4 main(float4 p : P) : SV_Position { min16float4 q = p; return q * q; }"
    assert _flagged(_compile(cs, "cs_5_0")) == (True, True)
    assert _flagged(_compile(vs, "vs_4_0")) == (True, True)
    # a value only converted sets none (d3dcompiler_47 10.1 under Wine, session 38; ``return q;`` was expected to)
    assert _flagged(_compile(vs.replace("q * q", "q"), "vs_4_0")) == (False, False)


@pytest.mark.parametrize("t", sorted(MIN_PRECISION))
def test_signature_elements_record_their_precision(t: str):
    ps = _compile(f"{t}4 main({t}4 a : A, float4 b : B) : SV_Target {{ return a + ({t}4)b; }}")
    fourccs = [c.fourcc for c in parse_container(ps).chunks]
    assert "ISG1" in fourccs and "OSG1" in fourccs and "ISGN" not in fourccs and "OSGN" not in fourccs
    r = D3DReflect(ps)
    ins = {r.GetInputParameterDesc(i).SemanticName: r.GetInputParameterDesc(i) for i in range(2)}
    assert ins["A"].MinPrecision == MIN_PRECISION[t]
    assert ins["B"].MinPrecision == 0
    assert r.GetOutputParameterDesc(0).MinPrecision == MIN_PRECISION[t]


def test_full_precision_signatures_keep_the_sm4_chunks():
    fourccs = [c.fourcc for c in parse_container(_compile(
        "float4 main(float4 a : A) : SV_Target { min16float4 m = a; return m; }")).chunks]
    assert "ISGN" in fourccs and "OSGN" in fourccs and "ISG1" not in fourccs


def test_min_precision_varyings_link_and_draw_at_full_precision():
    vs = _compile("""struct O { float4 p : SV_Position; min16float4 c : COLOR; };
        O main(float4 p : POSITION) { O o; o.p = p; o.c = min16float4(1.0 / 3.0, 0.5, 0.25, 1); return o; }""",
                  "vs_5_0")
    ps = _compile("float4 main(float4 p : SV_Position, min16float4 c : COLOR) : SV_Target { return c; }")
    img = _draw(vs, ps)
    # the render target is R32G32B32A32_FLOAT (format 2): 1/3 arrives as float32, not as a 16-bit value
    np.testing.assert_array_equal(img.reshape(-1, 4)[0], np.float32([1.0 / 3.0, 0.5, 0.25, 1]))
