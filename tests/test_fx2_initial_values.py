"""Effect initial values come from one evaluator (issue 15; docs/conformance.md "Session 26, helper FX9").

An ``fx_2_0`` parameter's, annotation's and static constant's value, and an Effects 11 constant buffer default, is
what the initialiser computes at run time (shader.hlsl.foldinit). An implicitly sized array (``float a[] = {1, 2};``)
is sized by its initialiser as the compiler sizes a variable's (the variable-syntax page: an unsized array takes
its size from its initialiser); only a double (64-bit, which the 32-bit register path leaves out) takes the parser's
``const_value``. Every expected value here is computed in the test from the definitions: numpy float32 for one
IEEE operation (a product of two float32 values rounded once), fxc's effect layout for matrices (a column-major
RxC matrix described as C rows of R, D3DXPC_MATRIX_ROWS: session 23's rule from fxc's objects; its value in source
order, as d3dcompiler_47 10.1 and 6.3 both write it -- session 38 EFX corrected the rows that stored it by columns).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPC_MATRIX_ROWS, D3DXPC_SCALAR, D3DXPC_STRUCT, D3DXPC_VECTOR, read_fx2
from pyd3d11.errors import ShaderCompileError


def _effect(src: str):
    return read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0").GetBufferPointer()))


def f32(*xs) -> bytes:
    return struct.pack(f"<{len(xs)}f", *xs)


def i32(*xs) -> bytes:
    return struct.pack(f"<{len(xs)}i", *xs)


def mul32(a: float, b: float) -> float:
    """One float32 multiply (IEEE round to nearest even)."""
    return float(np.float32(a) * np.float32(b))


def add32(a: float, b: float) -> float:
    return float(np.float32(a) + np.float32(b))


# (declarations, the first parameter's (class, rows, cols, elements), its value bytes)
PARAMS = [
    # scalars and vectors of each base type
    ("float p = 1.5 * 4;", (D3DXPC_SCALAR, 1, 1, 0), f32(6.0)),
    ("int p = -7 / 2;", (D3DXPC_SCALAR, 1, 1, 0), i32(-3)),  # C division truncates toward zero
    ("int p = -7 % 2;", (D3DXPC_SCALAR, 1, 1, 0), i32(-1)),  # the dividend's sign
    ("bool p = 2 > 1;", (D3DXPC_SCALAR, 1, 1, 0), struct.pack("<I", 1)),
    ("float3 p = float3(1, 2, 3) * 0.5;", (D3DXPC_VECTOR, 1, 3, 0), f32(0.5, 1.0, 1.5)),
    ("float4 p = 2;", (D3DXPC_VECTOR, 1, 4, 0), f32(2, 2, 2, 2)),  # a scalar splat
    ("float4 p = {1, float2(2, 3), 4};", (D3DXPC_VECTOR, 1, 4, 0), f32(1, 2, 3, 4)),
    # matrices: initialiser order is by rows; column-major stored by columns (C rows of R), row-major by rows
    ("float2x3 p = {1, 2, 3, 4, 5, 6};", (D3DXPC_MATRIX_ROWS, 3, 2, 0), f32(1, 2, 3, 4, 5, 6)),
    ("row_major float2x3 p = {1, 2, 3, 4, 5, 6};", (D3DXPC_MATRIX_ROWS, 2, 3, 0), f32(1, 2, 3, 4, 5, 6)),
    ("float2x2 p = float2x2(1, 2, 3, 4) * 2;", (D3DXPC_MATRIX_ROWS, 2, 2, 0), f32(2, 4, 6, 8)),
    # arrays, sized and unsized
    ("float2 p[2] = {1, 2, 3, 4};", (D3DXPC_VECTOR, 1, 2, 2), f32(1, 2, 3, 4)),
    ("float p[] = {1, 2, 3};", (D3DXPC_SCALAR, 1, 1, 3), f32(1, 2, 3)),
    ("float2 p[] = {1, 2, 3, 4, 5, 6};", (D3DXPC_VECTOR, 1, 2, 3), f32(1, 2, 3, 4, 5, 6)),
    ("int p[] = {1, 2};", (D3DXPC_SCALAR, 1, 1, 2), i32(1, 2)),
    # items whose size needs their type (a call, a constant's name): sized by the code generator
    ("float p[] = {sqrt(4), float2(5, 6)};", (D3DXPC_SCALAR, 1, 1, 3), f32(2, 5, 6)),
    ("static const float2 K = {7, 8}; float p[] = {K, 1};", (D3DXPC_SCALAR, 1, 1, 3), f32(7, 8, 1)),
    ("float2x2 p[] = {1, 2, 3, 4};", (D3DXPC_MATRIX_ROWS, 2, 2, 1), f32(1, 2, 3, 4)),
    # structs
    ("struct S { float a; int b; float2 c; }; S p = {1.5, 2, 3, 4};", (D3DXPC_STRUCT, 0, 0, 0),
     f32(1.5) + i32(2) + f32(3, 4)),
    ("struct S { float a; int b; }; S p[] = {1, 2, 3, 4};", (D3DXPC_STRUCT, 0, 0, 2), f32(1) + i32(2) + f32(3) + i32(4)),
    # intrinsics (correctly rounded operations: the float32 value is the exactly rounded one)
    ("float p = sqrt(2.0);", (D3DXPC_SCALAR, 1, 1, 0), f32(float(np.sqrt(np.float32(2.0))))),
    ("float2 p = max(float2(1, 5), 3) + abs(-1.5);", (D3DXPC_VECTOR, 1, 2, 0), f32(4.5, 6.5)),
    ("int p = min(-3, 2) * 2;", (D3DXPC_SCALAR, 1, 1, 0), i32(-6)),
    # static constants read by later static constants, in float32 as at run time: 0.3 * 3 is 0x3F666667 in float32
    # arithmetic (0x3F666666 in double rounded once; the parser's evaluator gave that before)
    ("static const float A = 0.3; static const float B = A * 3; float p = B;", (D3DXPC_SCALAR, 1, 1, 0),
     f32(mul32(0.3, 3))),
    ("static const float A = 0.1; static const float B = A * 0.1; static const float C = B + A; float p = C;",
     (D3DXPC_SCALAR, 1, 1, 0), f32(add32(mul32(0.1, 0.1), 0.1))),
    ("static const float A = 0.3; float p = A * 7;", (D3DXPC_SCALAR, 1, 1, 0), f32(mul32(0.3, 7))),
    ("static const int N = 5; static const int M = N * N - 1; int p[] = {M, N};", (D3DXPC_SCALAR, 1, 1, 2),
     i32(24, 5)),
    # a static double is no parameter and computes as the others do
    ("static const double K = 0.5; static const double K2 = K * 3; float2 p = {K2, K};", (D3DXPC_VECTOR, 1, 2, 0),
     f32(1.5, 0.5)),
]


@pytest.mark.parametrize("decl", ["double p = 0.5;", "double p[] = {1, 2};", "double2 p = double2(1, 2) / 4;",
                                  "double p[2] = {double2(1, 2) * 3};",
                                  "struct S { float a; double b; int c; }; S p = {1, 0.25, 3};"])
def test_double_parameters_are_refused(decl):
    """fx_2_0 has no double parameter: d3dcompiler_47 10.1 fails each of these ("ID3DXEffectCompiler: Unexpected
    component type", session 35; they were stored as FLOAT before)."""
    with pytest.raises(ShaderCompileError, match="unexpected component type"):
        _effect(decl + "\ntechnique T { pass P { } }")


@pytest.mark.parametrize("decl,shape,raw", PARAMS, ids=[p[0] for p in PARAMS])
def test_parameter_initial_values(decl, shape, raw):
    eff = _effect(decl + "\ntechnique T { pass P { } }")
    p = eff.parameters[-1]
    t = p.type
    if shape[0] == D3DXPC_STRUCT:
        assert (t.pclass, t.elements) == (shape[0], shape[3])
    else:
        assert (t.pclass, t.rows, t.cols, t.elements) == shape
    assert p.value == raw
    # the value's size is what the type describes (no element left out)
    assert len(p.value) == 4 * t.scalars() * max(1, t.elements)


ANNOTATIONS = [
    ("float a[] = {1, 2};", (D3DXPC_SCALAR, 1, 1, 2), f32(1, 2)),  # effect-annotations-fx_2.shader_test L34
    ("float2 a[] = {1, 2, 3, 4};", (D3DXPC_VECTOR, 1, 2, 2), f32(1, 2, 3, 4)),
    ("int a[] = {1 + 2, -4 / 3};", (D3DXPC_SCALAR, 1, 1, 2), i32(3, -1)),
    ("float4 a = {1, {{{2, {3}}, 4}}};", (D3DXPC_VECTOR, 1, 4, 0), f32(1, 2, 3, 4)),
    # (a row_major annotation is described as C rows of R too: d3dcompiler_47 10.1's objects, session 46 EFX)
    ("row_major float3x2 m = {1, 2, 3, 4, 5, 6};", (D3DXPC_MATRIX_ROWS, 2, 3, 0), f32(1, 2, 3, 4, 5, 6)),
    ("float3x2 m = {1, 2, 3, 4, 5, 6};", (D3DXPC_MATRIX_ROWS, 2, 3, 0), f32(1, 2, 3, 4, 5, 6)),
    ("float a = K * 3;", (D3DXPC_SCALAR, 1, 1, 0), f32(mul32(0.3, 3))),
    ("float a = sqrt(K2);", (D3DXPC_SCALAR, 1, 1, 0), f32(float(np.sqrt(np.float32(mul32(0.3, 3)))))),
]


@pytest.mark.parametrize("decl,shape,raw", ANNOTATIONS, ids=[a[0] for a in ANNOTATIONS])
def test_annotation_values(decl, shape, raw):
    eff = _effect("static const float K = 0.3; static const float K2 = K * 3;\n"
                  f"technique < {decl} > {{ pass < {decl} > {{ }} }}")
    for a in (eff.techniques[0].annotations[0], eff.techniques[0].passes[0].annotations[0]):
        assert (a.type.pclass, a.type.rows, a.type.cols, a.type.elements) == shape
        assert a.value == raw


def test_static_const_value_reaches_uniform_arguments_and_states():
    """A static constant's float32 value is the one every reader sees: an annotation and a state value."""
    eff = _effect("static const float A = 0.3; static const float B = A * 3;\n"
                  "technique T < float a = B; > { pass P { FogStart = B; } }")
    assert eff.techniques[0].annotations[0].value == f32(mul32(0.3, 3))
    assert eff.techniques[0].passes[0].states[0].value.value == f32(mul32(0.3, 3))


@pytest.mark.parametrize("src", [
    "float p[]; technique T { pass P { } }",  # no initialiser list: nothing sizes the array
    "float4 c; float p[] = {c.x, 1}; technique T { pass P { } }",  # a parameter's value is no constant
])
def test_unsized_without_a_constant_list_is_an_error(src):
    with pytest.raises(ShaderCompileError):
        _effect(src)


def test_effects11_defaults_take_the_same_path():
    """fx_5_0: a constant buffer default is the run-time value too (float32 arithmetic on static constants);
    an implicitly sized cbuffer array is sized by its initialiser."""
    from pyd3d11.effects.binary import read_effect

    src = ("static const float A = 0.3; cbuffer K { float v = A * 3; float a[] = {1, 2}; };"
           "technique11 T { pass P { } }")
    eff = read_effect(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_5_0").GetBufferPointer()))
    v, a = eff.cbuffers[0].variables
    assert v.default == f32(mul32(0.3, 3))
    assert (a.type.elements, a.default) == (2, f32(1, 2))  # two elements (the default tightly packed)


@pytest.mark.parametrize("assign,ptype,raw", [
    # an INT state takes an integer exactly (0xFFFFFFFF is no float)
    ("FogColor = 0xFFFFFFFF;", 2, struct.pack("<I", 0xFFFFFFFF)),
    ("StencilRef = 7 / 2;", 2, i32(3)),
    # static constants summed in float32 as the code computes them: 1 + 5e-8 is 1 in float32, twice (a double sum
    # rounded once would be 0x3F800001)
    ("FogStart = A + B + B;", 3, f32(add32(add32(1.0, 5e-8), 5e-8))),
    ("FogEnd = sqrt(A * 4);", 3, f32(2.0)),
    ("MaterialAmbient = float4(A, B * 0, 0.5, 1);", 3, f32(1.0, 0.0, 0.5, 1.0)),
])
def test_state_literal_values(assign, ptype, raw):
    """A state's constant value is computed by the same path as an initial value (foldinit), in the state's type."""
    eff = _effect(f"static const float A = 1; static const float B = 5e-8;\ntechnique T {{ pass P {{ {assign} }} }}")
    st = eff.techniques[0].passes[0].states[0]
    assert (st.value.type.ptype, st.value.value) == (ptype, raw)


@pytest.mark.parametrize("profile,tech", [("fx_5_0", "technique11"), ("fx_4_0", "technique10")])
def test_effects11_annotation_values(profile, tech):
    """Effects 10/11 annotations take the same path: an unsized array sized by its initialiser (before: an
    E_INVALIDARG from the writer), intrinsics and integer division computed as at run time."""
    from pyd3d11.effects.binary import read_effect

    src = (f"static const float A = 0.3; static const float B = A * 3; {tech} T < float a[] = {{1, 2}};"
           " int b = 7 / 2; float c = sqrt(4); float d = B; > { pass P { } }")
    eff = read_effect(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", profile).GetBufferPointer()))
    t = eff.techniques[0] if getattr(eff, "techniques", None) else eff.groups[0].techniques[0]
    got = {a.name: (a.type.elements, a.value) for a in t.annotations}
    assert got == {"a": (2, f32(1, 2)), "b": (0, i32(3)), "c": (0, f32(2)), "d": (0, f32(mul32(0.3, 3)))}
