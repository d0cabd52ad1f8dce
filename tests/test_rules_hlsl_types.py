"""HLSL type rules from the language definition, compiled by D3DCompile and run on the reference executor.

Sources: MicrosoftDocs/win32 direct3dhlsl "Scalar Types" (bool < int < uint < half < float < double; half maps to
float on Direct3D 10+ targets), "Per-Component Math Operations" (binary operators on mixed types promote to the
higher type, scalar operands broadcast, vectors of different sizes truncate to the smaller with warning X3206,
matrix-scalar operations are per component) and "Casting" / implicit conversions (C rules: float→int truncates
toward zero; bool from any type is ``!= 0``; bool→number is 0/1), D3D11.3 functional spec §22.11 (ftoi/ftou:
NaN→0, out-of-range clamps, so a negative float converted to uint is 0).

The result *type* of an expression is observed through overload resolution on a family of ``tag`` functions,
one per scalar/vector type (an exact match is always chosen, so ``tag(e)`` names e's type); the result *value* is
stored bit for bit. Expected types and values are computed here from the rules above, in numpy."""

from __future__ import annotations

import re
import struct

import numpy as np
import pytest
from test_audit_pipeline import _device, _read_buffer

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

#: type code used by the tag overloads; half is absent: on SM4/5 targets it *is* float
BASES = {"bool": 1, "int": 2, "uint": 3, "float": 4, "double": 5}
RANK = {"bool": 0, "int": 1, "uint": 2, "half": 3, "float": 4, "double": 5}

TAGS = "\n".join(f"uint tag({b}{'' if n == 1 else n} x) {{ return {10 * c + n}; }}"
                 for b, c in BASES.items() for n in (1, 2, 3, 4))
#: matrix tags, declared only where needed: fxc finds tag(float4) ambiguous against tag(float2x2) (a vector and
#: a matrix of as many components convert both ways), so matrix results are tagged through mtag()
MTAGS = "\n".join(f"uint tag(float{r}x{c} x) {{ return {100 + 10 * r + c}; }}"
                         for r in (2, 3, 4) for c in (2, 3, 4))
MATRIX_TAGS = "\n".join(f"uint mtag(float{r}x{c} x) {{ return {100 + 10 * r + c}; }}"
                         for r in (1, 2, 3, 4) for c in (1, 2, 3, 4))

#: cbuffer operands: each type's first value is chosen so the promoted type shows in the result's value. A
#: constant-buffer member may not be typed half below shader model 6 (X3650 in d3dcompiler_47 10.1, session
#: 35), so the buffer holds float H0_/H1_ (the same 32-bit layout) and run_words' main copies them into half
#: locals H0/H1
CB_DECL = """cbuffer C : register(b0) {
    bool B0; bool B1; int I0; int I1;
    uint U0; uint U1; float H0_; float H1_;
    float F0; float F1; float F2; float F3;
    double D0; double D1;
};
"""
HALF_LOCALS = "    half H0 = H0_; half H1 = H1_;"
VALS = {"B0": True, "B1": True, "I0": -7, "I1": 2, "U0": 3, "U1": 5, "H0": 1.0 / 3.0, "H1": -0.25,
        "F0": -2.5, "F1": 4.0, "F2": 0.5, "F3": 1e-3, "D0": 1.0 / 3.0, "D1": -3.0}
CB_BYTES = struct.pack("<4I4I4f2d", 1, 1, -7 & 0xFFFFFFFF, 2, 3, 5,
                       *struct.unpack("<2I", struct.pack("<2f", 1.0 / 3.0, -0.25)),
                       -2.5, 4.0, 0.5, 1e-3, 1.0 / 3.0, -3.0)
FIRST = {"bool": "B0", "int": "I0", "uint": "U0", "half": "H0", "float": "F0", "double": "D0"}
SECOND = {"bool": "B1", "int": "I1", "uint": "U1", "half": "H1", "float": "F1", "double": "D1"}


def run_words(exprs: list[str], decls: str = "", msgs: list | None = None, cb1: bytes | None = None) -> np.ndarray:
    """Compiles one cs_5_0 shader storing ``(uint)``-valued ``exprs`` in order; returns the words. ``cb1`` is
    bound at b1 for a ``cbuffer ... : register(b1)`` that ``decls`` declares."""
    body = "\n".join(f"    o.Store({4 * i}, {e});" for i, e in enumerate(exprs))
    src = f"""{CB_DECL}
{TAGS}
{decls}
RWByteAddressBuffer o : register(u0);
[numthreads(1, 1, 1)] void main() {{
{HALF_LOCALS}
{body}
}}"""
    dev, ctx = _device()
    n = max(len(exprs), 1)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=len(CB_BYTES), BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=CB_BYTES))
    code = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0, msgs)
    ctx.CSSetShader(dev.CreateComputeShader(code, len(code), None), None, 0)
    ctx.CSSetConstantBuffers(0, 1, [cb])
    if cb1 is not None:
        ctx.CSSetConstantBuffers(1, 1, [dev.CreateBuffer(
            D3D11_BUFFER_DESC(ByteWidth=len(cb1), BindFlags=D3D11_BIND_CONSTANT_BUFFER),
            D3D11_SUBRESOURCE_DATA(pSysMem=cb1))])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    return _read_buffer(dev, ctx, out, 4 * n).view(np.uint32)


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", float(np.float32(x))))[0]


def value_expr(e: str, typ: str, comp: str = "") -> str:
    """HLSL giving the bits of e (component ``comp``) as a uint: integers by (uint), floats as float32 bits."""
    sel = f"({e}){comp}"
    if typ in ("bool", "int", "uint"):
        return f"(uint)({sel})"
    return f"asuint((float)({sel}))"


def value_bits(v, typ: str) -> int:
    if typ in ("bool", "int", "uint"):
        return int(v) & 0xFFFFFFFF
    return f32_bits(v)


# --- 1. binary operators: the promotion lattice --------------------------------------------------------------
def promote(t1: str, t2: str) -> str:
    """Per-Component Math: the operand of lower rank converts to the higher; bool, half arithmetic as int, float."""
    t = max(t1, t2, key=RANK.__getitem__)
    return {"bool": "int", "half": "float"}[t] if t in ("bool", "half") else t


def as_type(v, typ: str):
    if typ == "int":
        return int(v) if not isinstance(v, float) else int(v)
    if typ == "uint":
        return int(v) & 0xFFFFFFFF
    if typ == "float":
        return np.float32(v)
    return float(np.float32(v)) if isinstance(v, np.float32) else float(v)


def load(name: str):
    """The value as the shader reads it: half and float are float32 in the constant buffer, bool is 0/1."""
    v = VALS[name]
    if name[0] in "HF":
        return np.float32(v)
    if name[0] == "B":
        return int(v)
    return v


def apply_op(op: str, x, y, typ: str):
    if typ in ("int", "uint"):
        x, y = as_type(x, typ), as_type(y, typ)
        if op == "/":
            q = abs(x) // abs(y)
            r = q if (x >= 0) == (y >= 0) else -q
        elif op == "%":
            r = abs(x) % abs(y)
            r = r if x >= 0 else -r
        else:
            r = {"+": x + y, "-": x - y, "*": x * y}[op]
        return r & 0xFFFFFFFF
    if typ in ("float", "half"):  # half is float32 below shader model 6; its % lowers as float's does
        # (d3dcompiler_47 10.1's own code for half % int, run here, gives 0x3eaaaaac for (1/3) % -7: session 35)
        x, y = np.float32(x), np.float32(y)
        if op == "%":
            # float % is not fmod-exact: fxc lowers it to t = (x * y >= -(x * y)) ? y : -y; frac(x * (1 / t)) * t
            # (d3dcompiler_47 10.1's listing: mul, ge, movc, div 1/t, mul, frc, mul), so a quotient that rounds
            # to an integer gives 0 (1 % (1/3) is 0, not 0.333) and (1/3) % -7 is 0x3eaaaaac, not 1/3's bits
            t = y if np.float32(x * y) >= -np.float32(x * y) else -y
            q = np.float32(x * np.float32(np.float32(1) / t))
            return np.float32(np.float32(q - np.floor(q)) * t)
        return x / y if op == "/" else {"+": x + y, "-": x - y, "*": x * y}[op]
    x, y = float(x), float(y)
    return {"+": x + y, "-": x - y, "*": x * y}[op]


TYPES = list(RANK)
LATTICE = [(t1, t2, op) for t1 in TYPES for t2 in TYPES for op in "+-*/%"
           if not (op in "/%" and "double" in (t1, t2))]  # SM5 has no double divide / remainder


def test_binary_operator_promotion_lattice():
    exprs, wants, names = [], [], []
    for t1, t2, op in LATTICE:
        a, b = FIRST[t1], (SECOND[t2] if t1 == t2 else FIRST[t2])
        p = promote(t1, t2)
        e = f"({a} {op} {b})"
        exprs += [f"tag{e}", value_expr(e, p)]
        wants += [10 * BASES[p] + 1, value_bits(apply_op(op, load(a), load(b), p), p)]
        names += [f"type of {t1} {op} {t2}", f"value of {t1} {op} {t2}"]
    got = run_words(exprs)
    bad = [f"{n}: got {int(g):#x}, want {w:#x}" for n, g, w in zip(names, got, wants) if int(g) != w]
    assert not bad, "\n".join(bad)


VEC_SECOND = {"bool": "false", "int": "I1", "uint": "U1", "half": "H1", "float": "F1", "double": "D1"}
VEC_VALS = {"false": 0}


def test_binary_operator_promotion_lattice_on_vectors():
    """The same lattice on 2-component vectors (T2(a, b) op U2(c, d)): promotion is per component."""
    exprs, wants, names = [], [], []
    for t1, t2, op in LATTICE:
        if op in "/%" and ("bool" in (t1, t2)):
            continue  # the second bool component is false: a zero divisor
        a = (FIRST[t1], VEC_SECOND[t1])
        b = (SECOND[t2], VEC_SECOND[t2]) if t1 == t2 else (FIRST[t2], VEC_SECOND[t2])
        if t1 == t2 and t1 != "bool":
            b = (SECOND[t2], FIRST[t2])
        p = promote(t1, t2)
        e = f"({t1}2({a[0]}, {a[1]}) {op} {t2}2({b[0]}, {b[1]}))"
        exprs.append(f"tag{e}")
        wants.append(10 * BASES[p] + 2)
        names.append(f"type of {t1}2 {op} {t2}2")
        for k in range(2):
            x = VEC_VALS[a[k]] if a[k] in VEC_VALS else load(a[k])
            y = VEC_VALS[b[k]] if b[k] in VEC_VALS else load(b[k])
            if op in "/%" and p in ("int", "uint") and as_type(y, p) == 0:
                continue
            exprs.append(value_expr(e, p, "." + "xy"[k]))
            wants.append(value_bits(apply_op(op, x, y, p), p))
            names.append(f"value {k} of {t1}2 {op} {t2}2")
    got = run_words(exprs)
    bad = [f"{n}: got {int(g):#x}, want {w:#x}" for n, g, w in zip(names, got, wants) if int(g) != w]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("op", ["&", "|", "^"])
def test_bitwise_operators_promote_int_and_uint(op):
    """Bitwise operators take integer operands with the usual conversions: int op uint is uint."""
    f = {"&": lambda x, y: x & y, "|": lambda x, y: x | y, "^": lambda x, y: x ^ y}[op]
    cases = [("I0", "I1", "int"), ("I0", "U1", "uint"), ("U0", "I0", "uint"), ("U0", "U1", "uint")]
    exprs, wants = [], []
    for a, b, p in cases:
        exprs += [f"tag({a} {op} {b})", f"(uint)({a} {op} {b})"]
        wants += [10 * BASES[p] + 1, f(VALS[a] & 0xFFFFFFFF, VALS[b] & 0xFFFFFFFF)]
    got = run_words(exprs)
    assert [int(g) for g in got] == wants


@pytest.mark.parametrize("expr", ["F0 & I0", "I0 | F1", "F0 ^ F1", "~F0", "F0 << 1", "I0 >> F1"])
def test_integer_only_operators_refuse_floating_operands(expr):
    """&, |, ^, ~, <<, >> need integer operands (fxc: error X3082)."""
    src = CB_DECL + f"float4 main() : SV_Target {{ return (float)({expr}); }}"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0")
    assert "error X3082" in ei.value.errors, ei.value.errors


@pytest.mark.parametrize("op", ["<", "<=", ">", ">=", "==", "!=", "&&", "||"])
def test_comparison_and_logical_results_are_bool(op):
    """Comparisons convert both operands to the promoted type and give bool; so -7 < 3u is false (uint)."""
    exprs, wants = [], []
    for t1 in TYPES:
        for t2 in TYPES:
            a, b = FIRST[t1], FIRST[t2]
            p = promote(t1, t2)
            x, y = load(a), load(b)
            if op in ("&&", "||"):
                r = (bool(x) and bool(y)) if op == "&&" else (bool(x) or bool(y))
            else:
                x, y = as_type(x, p), as_type(y, p)
                r = {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
            exprs += [f"tag({a} {op} {b})", f"(uint)({a} {op} {b})"]
            wants += [11, int(r)]
    got = run_words(exprs)
    assert [int(g) for g in got] == wants


def test_vector_operands_broadcast_and_truncate():
    """Scalar op vector broadcasts; vectors of different sizes truncate to the smaller (X3206 is a warning)."""
    cases = [  # expr, type, components
        ("F0 + float3(1, 2, 3)", "float", [-1.5, -0.5, 0.5], 3),
        ("int2(1, 2) * I0", "int", [-7, -14], 2),
        ("int2(-1, 2) + U0", "uint", [2, 5], 2),
        ("uint3(1, 2, 3) - float3(0.5, 0.5, 0.5)", "float", [0.5, 1.5, 2.5], 3),
        ("float4(1, 2, 3, 4) + float2(10, 20)", "float", [11, 22], 2),
        ("int3(7, 8, 9) / int2(2, -3)", "int", [3, -2], 2),
        ("bool2(true, false) + bool2(true, true)", "int", [2, 1], 2),
        ("float4(1, 2, 3, 4) * int3(2, 2, 2)", "float", [2, 4, 6], 3),
        ("(I0 < int4(-8, -7, 0, 9))", "bool", [0, 0, 1, 1], 4),
    ]
    exprs, wants = [], []
    for e, typ, comps, n in cases:
        exprs.append(f"tag({e})")
        wants.append(10 * BASES[typ] + n)
        for k, v in enumerate(comps):
            exprs.append(value_expr(e, typ, "." + "xyzw"[k]))
            wants.append(value_bits(v, typ))
    msgs: list = []
    got = run_words(exprs, msgs=msgs)
    assert [int(g) for g in got] == wants
    text = bytes(msgs[0]).decode() if msgs else ""
    assert len(re.findall(r"warning X3206", text)) >= 3, text


def test_matrix_scalar_is_per_component():
    decl = "static const float2x2 M = float2x2(1, 2, 3, 4);"
    cases = [("M * F0", [-2.5, -5, -7.5, -10]), ("M + I1", [3, 4, 5, 6]), ("U1 - M", [4, 3, 2, 1]),
             ("M / F2", [2, 4, 6, 8]), ("M * M", [1, 4, 9, 16])]  # * on matrices is per component, not mul
    exprs, wants = [], []
    for e, comps in cases:
        for k, v in enumerate(comps):
            exprs.append(value_expr(e, "float", f"._m{k // 2}{k % 2}"))
            wants.append(f32_bits(v))
    got = run_words(exprs, decl)
    assert [int(g) for g in got] == wants


def test_matrix_scalar_result_type_is_the_matrix():
    """A matrix with a scalar keeps the matrix type (Per-Component Math); among matrix overloads the exact
    shape wins over the truncating ones (float2x2 -> float1x2/float2x1/float1x1)."""
    decl = "static const float2x2 M = float2x2(1, 2, 3, 4); static const float3x2 N = (float3x2)0;"
    got = run_words(["mtag(M)", "mtag(M * F0)", "mtag(I1 + M)", "mtag(N - U1)"], decl + MATRIX_TAGS)
    assert [int(g) for g in got] == [122, 122, 122, 132]


def test_half_is_float_on_sm5():
    """half maps to float on D3D10+ targets: 4 bytes in a cbuffer, float32 precision, tag(float) matches it."""
    exprs = ["asuint(H0)", "tag(H0 + H1)", "asuint((half)(1.0 / 3.0))", "tag((half)1)", "asuint(H1)"]
    got = run_words(exprs)
    assert [int(g) for g in got] == [f32_bits(1 / 3), 41, f32_bits(np.float32(1) / np.float32(3)), 41,
                                     f32_bits(-0.25)]


def test_half_declared_values_are_float_typed():
    got = run_words(["tag(H0)", "tag(hh(F2))", "tag(half2(F2, F1))"], "half hh(float x) { half h = x; return h; }")
    assert [int(g) for g in got] == [41, 41, 42]


# --- 2. implicit conversions ----------------------------------------------------------------------------------
FLOAT_SAMPLES = [2.75, -2.75, 0.5, -0.5, 0.0, -0.0, 1e10, -1e10, 3e9, float("nan"), float("inf")]


def _ftoi(x: float) -> int:
    if x != x:
        return 0
    return int(max(-2 ** 31, min(2 ** 31 - 1, np.trunc(x) if abs(x) != float("inf") else np.sign(x) * 2 ** 40)))


def _ftou(x: float) -> int:
    if x != x:
        return 0
    return int(max(0, min(2 ** 32 - 1, np.trunc(x) if abs(x) != float("inf") else np.sign(x) * 2 ** 40)))


def _flit(x: float) -> str:
    return f"asfloat({f32_bits(x):#x}u + (uint)I1 - 2u)"  # not foldable: I1 == 2 at run time


@pytest.mark.parametrize("x", FLOAT_SAMPLES, ids=str)
def test_scalar_assignment_and_argument_conversions(x):
    """float→int truncates toward zero, float→uint: negatives 0 (ftou clamps), bool is != 0; the same through
    a function argument of the destination type."""
    decls = "int as_i(int v) { return v; } uint as_u(uint v) { return v; } bool as_b(bool v) { return v; }"
    lit = _flit(x)
    exprs = []
    for kind in ("int", "uint", "bool"):
        exprs.append(f"(uint)as_{kind[0]}({lit})")
    got = [int(g) for g in run_words(exprs, decls)]
    want = [_ftoi(x) & 0xFFFFFFFF, _ftou(x), int(x != 0)]
    assert got == want


def test_integer_and_bool_conversions():
    decls = """float as_f(float v) { return v; } bool as_b(bool v) { return v; } uint as_u(uint v) { return v; }
int as_i(int v) { return v; } double as_d(double v) { return v; }"""
    cases = [
        ("asuint(as_f(I0))", f32_bits(-7)),                   # int→float exact
        ("asuint(as_f(as_u(I0)))", f32_bits(4294967289.0)),   # int→uint keeps bits, then uint→float
        ("(uint)as_i(as_u(I0))", (-7) & 0xFFFFFFFF),
        ("asuint(as_f(as_b(I0)))", f32_bits(1.0)),            # int→bool→float is 1.0
        ("asuint(as_f(as_b(I0 + 7)))", f32_bits(0.0)),
        ("(uint)as_i(as_b(U1))", 1),
        ("(uint)as_b(-0.0 * F1)", 0),                         # -0.0 == 0: false
        ("asuint(as_f(as_d(D0)))", f32_bits(1.0 / 3.0)),      # double→float rounds to nearest
        ("(uint)as_i(as_d(D1))", (-3) & 0xFFFFFFFF),
        ("(uint)as_i(as_d(F0))", (-2) & 0xFFFFFFFF),          # double→int truncates toward zero
        ("(uint)as_u(B0)", 1),                                # bool→uint is 1
    ]
    got = run_words([c for c, _ in cases], decls)
    assert [int(g) for g in got] == [w for _, w in cases]


def test_vector_scalar_and_truncation_conversions():
    decls = """float2 v2(float2 v) { return v; } float4 v4(float4 v) { return v; } float s(float v) { return v; }
float2x2 m22(float2x2 m) { return m; } float3x2 m32(float3x2 m) { return m; }
static const float4 V = float4(1.5, -2, 3, 4);
static const float3x3 M = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);"""
    cases = [
        ("asuint(s(V * F2))", f32_bits(0.75)),               # vector→scalar takes .x (X3206)
        ("asuint(v4(F0).w)", f32_bits(-2.5)),                # scalar→vector broadcasts
        ("asuint(v4(I0).y)", f32_bits(-7)),
        ("asuint(v2(V).y)", f32_bits(-2)),                   # vector truncation keeps the leading components
        ("asuint(m22(M)._m10)", f32_bits(4)),                # matrix truncation keeps the upper-left block
        ("asuint(m22(M)._m11)", f32_bits(5)),
        ("asuint(m32(M)._m21)", f32_bits(8)),
        ("asuint(m22(F1)._m01)", f32_bits(4)),               # scalar→matrix broadcasts
        ("(uint)(int2)(V * F0).y", 5),                        # -2*-2.5 = 5 truncated per component
    ]
    msgs: list = []
    got = run_words([c for c, _ in cases], decls, msgs)
    assert [int(g) for g in got] == [w for _, w in cases]
    assert "X3206" in (bytes(msgs[0]).decode() if msgs else "")


def test_compound_assignment_return_and_initialiser_conversions():
    """Compound assignment converts the result back to the left operand's type (i += 2.7 truncates); a return
    value converts to the declared return type; a vector initialiser list converts each element."""
    decls = """int add_f(int i, float f) { i += f; return i; }
uint mul_f(uint u, float f) { u *= f; return u; }
int2 ret_i2(float4 v) { return v; }
float3 init(int a, uint b, bool c) { float3 r = {a, b, c}; return r; }
bool cmp(bool b, float f) { return b == f; }"""
    cases = [
        ("(uint)add_f(I1, 2.7)", 4),              # 2 + 2.7 = 4.7 -> 4
        ("(uint)add_f(I1, F0)", 0),               # 2 - 2.5 = -0.5 -> 0 (toward zero)
        ("(uint)add_f(I0, F0)", (-9) & 0xFFFFFFFF),
        ("mul_f(U1, F2)", 2),                     # 5 * 0.5 = 2.5 -> 2
        ("mul_f(U1, F0)", 0),                     # 5 * -2.5 = -12.5 -> 0 (ftou clamps)
        ("(uint)ret_i2(float4(F0, F1, 9, 9)).x", (-2) & 0xFFFFFFFF),
        ("(uint)ret_i2(float4(F0, F1, 9, 9)).y", 4),
        ("asuint(init(I0, U0, B0).x)", f32_bits(-7)),
        ("asuint(init(I0, U0, B0).z)", f32_bits(1)),
        ("(uint)cmp(B0, F1)", 0),                 # bool == float compares as float: 1.0 != 4.0
        ("(uint)cmp(B0, 1.0)", 1),
    ]
    msgs: list = []
    got = run_words([c for c, _ in cases], decls, msgs)
    assert [int(g) for g in got] == [w for _, w in cases]
    assert "X3206" in (bytes(msgs[0]).decode() if msgs else "")  # float4 returned as int2


@pytest.mark.parametrize("src", [
    "float4 f(float4 v) { return v; } float4 main() : SV_Target { return f(float2(1, 2)); }",
    "float4 main() : SV_Target { float2 a = 1; float4 b = a; return b; }",
    "float4 main() : SV_Target { float3x3 m = (float2x2)1; return m[0].xyzz; }",
], ids=["arg-vec2-to-vec4", "assign-vec2-to-vec4", "assign-mat2-to-mat3"])
def test_widening_conversions_are_refused(src):
    """A vector or matrix never converts to a larger one: fxc reports X3017 (cannot implicitly convert) for an
    assignment and for an argument (d3dcompiler_47 10.1, session 43: "'f': cannot implicitly convert from 'const
    float2' to 'float4'"; this row expected X3013 before, an answer the DLL does not give)."""
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0")
    assert "error X3017" in ei.value.errors, ei.value.errors


@pytest.mark.parametrize("arg", ["float4(1, 2, 3, 4)", "float2x2(1, 2, 3, 4)"])
def test_vector_and_same_size_matrix_overloads_are_ambiguous(arg):
    """fxc: f(float4) and f(float2x2) are both exact for a float4 (and for a float2x2) argument: X3067.
    Windows-verified (vkd3d function-overload test: "Some matrices are implicitly compatible with vectors and
    will ambiguate with them", a [pixel shader fail] calling func(float4) with func(float2x2) declared)."""
    src = ("float4 f(float2x2 x) { return 2.0; } float4 f(float4 x) { return 1.0; }\n"
           f"float4 main() : SV_Target {{ return f({arg}); }}")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0")
    assert "error X3067" in ei.value.errors, ei.value.errors


def test_half_promotes_to_float_before_double():
    """Promotions prefer the nearest wider type: a half argument picks f(float) over f(double), a float one
    f(double) over the narrowing f(half)."""
    src = ("float f(half x) { return 1; } float f(float x) { return 2; } float f(double x) { return 3; }\n"
           "float g(half x) { return 1; } float g(double x) { return 3; }\n")
    assert [int(w) for w in run_words(["(uint)f(H0)", "(uint)g(F0)", "(uint)g(H0)"], src)] == [1, 3, 1]


@pytest.mark.parametrize(("stream", "topology"), [("PointStream", "pointlist"), ("LineStream", "linestrip"),
                                                  ("TriangleStream", "trianglestrip")])
def test_stream_output_object_sets_the_output_topology(stream, topology):
    """MicrosoftDocs "Stream-Output Object": PointStream, LineStream, TriangleStream output points, line strips
    and triangle strips — the geometry shader's declared output topology (dcl_outputtopology)."""
    from pyd3d11.d3dcompiler import D3DDisassemble

    src = (f"struct G {{ float4 p : SV_Position; }};\n[maxvertexcount(3)] void main(point float4 i[1] : P, "
           f"inout {stream}<G> s) {{ G g; g.p = i[0]; s.Append(g); }}")
    blob = D3DCompile(src, None, "g.hlsl", None, None, "main", "gs_4_0")
    text = bytes(D3DDisassemble(blob).GetBufferPointer()).decode()
    assert f"dcl_outputtopology {topology}" in text
