"""Issue 15 (session 35, helper INTR): the intrinsic rules that Microsoft's compiler showed, case by case.

Verdicts and result types recorded from d3dcompiler_47 10.1 under Wine, session 35 (tools/wine_d3dcompiler.py);
run-time values follow the instructions of fxc's own listing of each call (D3DDisassemble of its object, quoted per
case). The broad table is tests/test_rules_hlsl_fxc_verdicts_intrinsics.py; this file names each rule's cases so
that breaking one rule fails a named test (and runs fast enough for mutation testing).

Rules:

1. only a scalar broadcasts among an intrinsic's template arguments; a ``float1`` is a vector and a ``float1x1`` a
   matrix (``atan2(float1, float4)`` is a ``float1``), vectors truncate to the shortest, matrices to the common
   leading block (fxc spells a one-row matrix as a vector: ``float1x1`` is named ``float1``);
2. a vector beside a matrix (any, 1x1 included) in a component-wise function, or any matrix in a vector function
   (dot, length, normalize, distance, reflect, refract, faceforward), matches no overload: X3013;
3. the numeric functions (abs, min, max, clamp, mad, dot) have no bool overload: bools meet as float;
4. firstbithigh takes the signed overload for every argument but a uint, and returns uint;
5. fixed scalar/vector parameters (msad4, cross, lit, D3DCOLORtoUBYTE4, dst): a scalar fits any, a vector only a
   vector parameter of no more components;
6. asfloat/asint/asuint take 32-bit int/uint/float (half as float), not bool, double or min-precision; asdouble
   only uint; asuint's three-argument form converts any number to double;
7. out arguments share the template: a vector beside a matrix X3013, a scalar out for a vector result X3017;
8. doubles below shader model 5: X3651 at 4.x, X3684 at 4_0_level_9_x and the Direct3D 9 targets;
9. an initializer without braces converts as an assignment: no number to struct/array or back.
"""

from __future__ import annotations

import re
import struct

import numpy as np
import pytest
from test_audit_pipeline import _device, _read_buffer

from pyd3d11.d3d11 import (
    D3D11_BIND_CONSTANT_BUFFER,
    D3D11_BIND_UNORDERED_ACCESS,
    D3D11_BUFFER_DESC,
    D3D11_BUFFER_UAV,
    D3D11_BUFFER_UAV_FLAG_RAW,
    D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
    D3D11_SUBRESOURCE_DATA,
    D3D11_UAV_DIMENSION_BUFFER,
    D3D11_UNORDERED_ACCESS_VIEW_DESC,
    DXGI_FORMAT_R32_TYPELESS,
)
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

COMPILE_ONLY = pytest.mark.backend_independent  # these compile, and run nothing
_TYPE = re.compile(r"cannot (?:implicitly )?convert from '(?:const )?([^']+)' to 'struct S_'")
_ERROR = re.compile(r"error (X\d+)")

DECLS = ("float f; float1 f1; float2 f2; float3 f3; float4 f4; float1x1 m11; float2x2 m22; float2x3 m23; "
         "float3x2 m32; float1x4 m14; float4x1 m41; bool b; bool2 b2; bool3 b3; int3 i3; uint3 u3; int i; uint u; "
         "uint1 u1; uint2 u2; uint3 uu3; uint4 u4; uint2x2 um22; double d; half3 h3; min16float mf; min16uint mu; "
         "int2x2 i22;")


def probe(expr: str, target: str = "ps_5_0", stmt: str | None = None) -> str:
    """``T:<type>`` (the call's type, named by X3017 when assigned to a struct), ``ok`` or the first error."""
    body = stmt if stmt is not None else f"S_ r = {expr};"
    src = ("struct S_ { float a; float b; };\nfloat4 main() : SV_Target { " + DECLS.replace(";", " = 0;") +
           " " + body + " return 0; }\n")
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        text = str(exc)
    m = _TYPE.search(text)
    errors = _ERROR.findall(text)
    if m and errors and errors[0] == "X3017":
        return "T:" + m.group(1)
    return errors[0] if errors else "fail"


# --- 1. only scalars broadcast ---------------------------------------------------------------------------
SHAPES = [
    ("atan2(f1, f4)", "T:float1"), ("atan2(f4, f1)", "T:float1"), ("lerp(f1, f3, f)", "T:float1"),
    ("max(f, f3)", "T:float3"), ("max(f3, f)", "T:float3"), ("pow(f4, f2)", "T:float2"),
    ("max(m11, m22)", "T:float1"), ("min(m41, m22)", "T:float2x1"), ("max(m23, m32)", "T:float2x2"),
    ("fmod(m14, m41)", "T:float1"), ("clamp(f, m23, m32)", "T:float2x2"), ("step(f, m41)", "T:float4x1"),
    ("smoothstep(f1, f2, f3)", "T:float1"), ("ldexp(m22, f)", "T:float2x2"), ("mad(f2, f3, f4)", "T:float2"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), SHAPES)
def test_only_a_scalar_broadcasts(expr: str, want: str):
    assert probe(expr) == want


# --- 2. vector beside matrix, matrix in a vector function ------------------------------------------------
MIXED = [
    ("max(f1, m11)", "X3013"), ("lerp(f1, m11, f1)", "X3013"), ("atan2(f4, m14)", "X3013"),
    ("clamp(m22, f2, f2)", "X3013"), ("min(m41, f4)", "X3013"), ("dot(m11, m11)", "X3013"),
    ("dot(m11, f)", "X3013"), ("length(m14)", "X3013"), ("normalize(m11)", "X3013"), ("distance(m41, m41)", "X3013"),
    ("reflect(m22, m22)", "X3013"), ("faceforward(m11, m11, m11)", "X3013"),
    ("max(f, m11)", "T:float1"), ("dot(f1, f)", "T:float"), ("length(f1)", "T:float"), ("dot(f, f)", "T:float"),
    # transpose takes matrices (a scalar as a 1x1), no vector
    ("transpose(f3)", "X3013"), ("transpose(f1)", "X3013"), ("transpose(f)", "T:float1"),
    ("transpose(m23)", "T:float3x2"), ("transpose(m41)", "T:float4"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), MIXED)
def test_vector_and_matrix_do_not_mix(expr: str, want: str):
    assert probe(expr) == want


# --- 3. bools meet as float in the numeric functions -----------------------------------------------------
BOOLS = [
    ("max(b3, b3)", "T:float3"), ("min(b, b)", "T:float"), ("abs(b2)", "T:float2"), ("dot(b3, b3)", "T:float"),
    ("mad(b, b, b)", "T:float"), ("clamp(b3, b3, b3)", "T:float3"), ("max(b3, i3)", "T:int3"),
    ("min(b3, u3)", "T:uint3"), ("dot(b3, i3)", "T:int"), ("mad(b3, b3, i3)", "T:int3"), ("sign(b3)", "T:int3"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), BOOLS)
def test_bools_meet_as_float(expr: str, want: str):
    assert probe(expr) == want


# --- 4. firstbithigh ---------------------------------------------------------------------------------------
@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), [("firstbithigh(i)", "T:uint"), ("firstbithigh(i3)", "T:uint3"),
                                            ("firstbithigh(u)", "T:uint"), ("firstbithigh(f3)", "T:uint3"),
                                            ("firstbithigh(b)", "T:uint")])
def test_firstbithigh_returns_uint(expr: str, want: str):
    assert probe(expr) == want


# --- 5. fixed scalar / vector parameters -------------------------------------------------------------------
FIXED = [
    ("msad4(u, u2, u4)", "T:uint4"), ("msad4(u, u4, u4)", "T:uint4"), ("msad4(u, u, u)", "T:uint4"),
    ("msad4(f, f2, f4)", "T:uint4"), ("msad4(u1, u2, u4)", "X3013"), ("msad4(u2, u2, u4)", "X3013"),
    ("msad4(u, u2, uu3)", "X3013"), ("msad4(u, u2, um22)", "X3013"), ("msad4(u, u1, u4)", "X3013"),
    ("cross(f3, f4)", "T:float3"), ("cross(f4, f4)", "T:float3"), ("cross(f, f3)", "T:float3"),
    ("cross(f2, f3)", "X3013"), ("cross(f3, m11)", "X3013"), ("lit(f, f, f)", "T:float4"), ("lit(f1, f, f)", "X3013"),
    ("lit(f, f, f2)", "X3013"), ("D3DCOLORtoUBYTE4(f4)", "T:int4"), ("D3DCOLORtoUBYTE4(f)", "T:int4"),
    ("D3DCOLORtoUBYTE4(f3)", "X3013"), ("D3DCOLORtoUBYTE4(m22)", "X3013"), ("dst(f4, f4)", "T:float4"),
    ("dst(f, f4)", "T:float4"), ("dst(f3, f4)", "X3013"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), FIXED)
def test_fixed_vector_parameters(expr: str, want: str):
    assert probe(expr) == want


# --- 6. reinterpretation ----------------------------------------------------------------------------------
REINTERPRET = [
    ("asfloat(mf)", "X3013"), ("asint(mf)", "X3013"), ("asuint(mu)", "X3013"), ("asfloat(b)", "X3013"),
    ("asfloat(1.0L)", "X3013"), ("asuint(d)", "X3013"), ("asuint(h3)", "T:uint3"), ("asfloat(i22)", "T:float2x2"),
    ("asint(1.0)", "T:int"), ("asfloat(1)", "T:float"),
    ("asdouble(u, u)", "T:double"), ("asdouble(u, 1)", "T:double"), ("asdouble(u1, u2)", "T:double1"),
    ("asdouble(i, u)", "X3013"), ("asdouble(f, u)", "X3013"), ("asdouble(u, b)", "X3013"),
    ("asdouble(u4, um22)", "X3013"), ("asdouble(u1, um22)", "X3013"), ("asdouble(um22, u1)", "X3013"),
    ("asdouble(um22, um22)", "T:double2x2"), ("asdouble(u2, u4)", "T:double2"),
    # rcp of a double stays double (fxc's drcp)
    ("rcp(d)", "T:double"), ("rcp(f)", "T:float"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("expr", "want"), REINTERPRET)
def test_reinterpretation_overloads(expr: str, want: str):
    assert probe(expr) == want


@COMPILE_ONLY
@pytest.mark.parametrize(("arg", "want"), [("f", "ok"), ("b", "ok"), ("i", "ok"), ("d", "ok"), ("1", "ok"),
                                          ("1.0h", "ok"), ("1.0", "X3543")])
def test_asuint_three_arguments_converts_to_double(arg: str, want: str):
    """Any number converts to double but an untyped float literal: "asuint can only be used on double values"."""
    assert probe("", stmt=f"uint lo, hi; asuint({arg}, lo, hi);") == want


# --- 7. out arguments share the template -------------------------------------------------------------------
OUTS = [
    ("frexp(f3, f)", "X3017"), ("frexp(f3, f1)", "ok"), ("frexp(f, f3)", "ok"), ("frexp(f3, m23)", "X3013"),
    ("modf(m22, m22)", "ok"), ("modf(m11, f)", "ok"), ("modf(f3, m22)", "X3013"), ("sincos(f3, f, f3)", "X3017"),
    ("sincos(f3, f3, f3)", "ok"), ("sincos(f, f, f)", "ok"),
    # the outs join the template: a scalar input with a float3 out makes a float3 result the scalar out cannot take
    ("sincos(f, f3, f)", "X3017"), ("sincos(f, f, f3)", "X3017"), ("frexp(f2, f)", "X3017"), ("modf(f, f)", "ok"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("call", "want"), OUTS)
def test_out_arguments_share_the_template(call: str, want: str):
    # the outs are locals the call writes; the probe's struct assignment is left out
    assert probe("", stmt=f"{call};") == want


# --- 8. doubles below shader model 5 ----------------------------------------------------------------------
@COMPILE_ONLY
@pytest.mark.parametrize(("target", "want"), [("ps_4_0", "X3651"), ("ps_4_1", "X3651"), ("vs_4_0", "X3651"),
                                              ("ps_4_0_level_9_1", "X3684"), ("ps_4_0_level_9_3", "X3684"),
                                              ("ps_3_0", "X3684"), ("vs_2_0", "X3684"), ("ps_5_0", "ok")])
def test_double_refusal_names_the_target_family(target: str, want: str):
    sem = "SV_Position" if target.startswith("vs") else "SV_Target"
    src = f"float4 G; float4 main() : {sem} {{ double x = G.x; return (float)(x * 3.0L); }}"
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        got = "ok"
    except D3D11Error as exc:
        got = _ERROR.findall(str(exc))[0]
        assert target in str(exc)
    assert got == want


# --- 9. initializers without braces -----------------------------------------------------------------------
INITS = [
    ("S_ r = f2;", "T:float2"), ("S_ r = f3;", "T:float3"), ("S_ r = f;", "T:float"),
    ("float a[2] = f2;", "X3017"), ("S_ s = (S_)0; float2 r = s;", "X3017"), ("float a[2] = {1, 2}; float2 r = a;",
                                                                                   "X3017"),
    ("float a[2] = {1, 2}; S_ r = a;", "ok"), ("S_ r = {f2};", "ok"), ("S_ r = (S_)f2;", "ok"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("stmt", "want"), INITS)
def test_initializer_converts_as_an_assignment(stmt: str, want: str):
    assert probe("", stmt=stmt) == want


# --- run-time values (fxc's listing of each call) -----------------------------------------------------------
_CB = "cbuffer K : register(b1) { uint4 KU; int4 KI; float4 KF; };"
_CB_BYTES = struct.pack("<4I4i4f", 0x80000000, 0, 7, 1, 0, -1, -5, 1 << 20, -5.0, 2.5, 0.0, 3.0)


def _f(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


VALUES = [
    # fxc: movc r0, cb, l(1.0), l(0.0); dp4 — four trues give 4.0, not a bool
    ("asuint(dot((bool4)KU.zwzw, (bool4)KU.zwzw))", _f(4.0)),
    ("asuint(dot((bool4)KU, (bool4)KU))", _f(3.0)),
    # fxc: movc to 2.0 for true * true + true
    ("asuint(mad((bool)KU.z, (bool)KU.z, (bool)KU.z))", _f(2.0)),
    ("asuint(abs((bool)KU.y))", _f(0.0)),
    ("asuint((float)max((bool)KU.z, (bool)KU.y))", _f(1.0)),
    # fxc: ult 0, x — a uint's sign is 1 or 0, even above 0x7FFFFFFF
    ("asuint(sign(KU.x))", 1), ("asuint(sign(KU.y))", 0), ("asuint(sign(KU.z))", 1),
    ("asuint(sign(KI.y))", 0xFFFFFFFF), ("asuint(sign(KI.z))", 0xFFFFFFFF), ("asuint(sign((int)KU.w))", 1),
    ("asuint(sign(KI.x))", 0), ("asuint(sign(KF.x))", 0xFFFFFFFF), ("asuint(sign(KF.y))", 1), ("asuint(sign(KF.z))", 0),
    # fxc: firstbit_shi of the int (ftoi of a float), 31 - n, 0xFFFFFFFF where none; a uint result
    ("firstbithigh(KI.x)", 0xFFFFFFFF), ("firstbithigh(KI.y)", 0xFFFFFFFF), ("firstbithigh(KI.z)", 2),
    ("firstbithigh(KI.w)", 20), ("firstbithigh(KF.x)", 2), ("firstbithigh(KF.z)", 0xFFFFFFFF),
    ("asuint((float)firstbithigh(KI.x))", _f(4294967296.0)),
    ("firstbithigh(KU.x)", 31), ("firstbithigh(KU.z)", 2),
    # only scalars broadcast: atan2(float1, float4) is a float1, whose one value fills a float4
    ("asuint(((float4)atan2((float1)KF.w, KF)).w)", _f(float(np.arctan2(np.float32(3.0), np.float32(-5.0))))),
    # clamp with a double third argument computes in double: min(max(-5, 2.5), 0) = 0
    ("asuint((float)clamp(KF.x, KF.y, (double)KF.z))", _f(0.0)),
    ("asuint((float)clamp(KI.z, KI.y, (double)KF.w))", _f(-1.0)),
]


def values_source(exprs: list[str]) -> str:
    body = "\n".join(f"    o.Store({4 * i}, {e});" for i, e in enumerate(exprs))
    return f"{_CB}\nRWByteAddressBuffer o : register(u0);\n[numthreads(1, 1, 1)] void main() {{\n{body}\n}}\n"


def run_code(code: bytes, n: int) -> np.ndarray:
    """Run a cs_5_0 object storing ``n`` words, with ``_CB_BYTES`` at b1; the words."""
    dev, ctx = _device()
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=len(_CB_BYTES), BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=_CB_BYTES))
    ctx.CSSetShader(dev.CreateComputeShader(code, len(code), None), None, 0)
    ctx.CSSetConstantBuffers(1, 1, [cb])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    return _read_buffer(dev, ctx, out, 4 * n).view(np.uint32)


def test_values_follow_fxc_instruction_choice():
    src = values_source([e for e, _ in VALUES]).encode()
    words = run_code(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0, []), len(VALUES))
    bad = []
    for (e, want), got in zip(VALUES, words, strict=True):
        if e.startswith("asuint(((float4)atan2"):
            # atan2's float32 sequence is the project's own: compare within the documented bound, not bits
            g = struct.unpack("<f", struct.pack("<I", int(got)))[0]
            w = struct.unpack("<f", struct.pack("<I", want))[0]
            if abs(g - w) > 1e-3:
                bad.append(f"{e}: {g} want {w}")
        elif int(got) != want:
            bad.append(f"{e}: {int(got):#x} want {want:#x}")
    assert not bad, "\n".join(bad)


# --- 10. minimum precision at the Direct3D 9 targets ---------------------------------------------------------
MIN_PRECISION_LOCALS = [("ps_3_0", "min16float", "X3703"), ("ps_2_0", "min16int3", "X3703"),
                        ("vs_3_0", "min10float2", "X3703"), ("ps_3_0", "min16uint", "X3703"),
                        ("ps_4_0_level_9_1", "min16float", "ok"), ("ps_4_0_level_9_3", "min12int", "ok"),
                        ("ps_3_0", "half", "ok")]


@COMPILE_ONLY
@pytest.mark.parametrize(("target", "type_name", "want"), MIN_PRECISION_LOCALS)
def test_min_precision_local_at_a_d3d9_target(target: str, type_name: str, want: str):
    """A local of a minimum-precision type: "'x': ps_3_0 does not support minimum-precision data" (X3703)."""
    sem = "SV_Position" if target.startswith("vs") else "SV_Target"
    src = f"float4 G; float4 main() : {sem} {{ {type_name} x = ({type_name})G.x; return (float)x; }}"
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        got = "ok"
    except D3D11Error as exc:
        got = _ERROR.findall(str(exc))[0]
        if type_name != "min16uint":  # fxc words that one "ps_3_0 does not support 16-bit uint minimum-precision data"
            assert f"'x': {target} does not support minimum-precision data" in str(exc)
    assert got == want
