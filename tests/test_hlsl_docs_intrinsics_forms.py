"""Issue 15: the argument forms around the intrinsics, executed on both backends: ``out`` arguments written into
swizzles, array elements, struct members and variables of another type (copy-out converts: HLSL "Function
parameters", out = copy on return with the usual conversion); mixed component types and layouts unified as fxc
does (the higher component type, vector truncation to the smaller size with warning X3206, scalar broadcast);
int arguments of float functions (converted); and the reject cases of the brief (noise is not an SM4/5
intrinsic)."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_compare import carried_bits, check_expr
from hlsl_docs_kit import compile_errors

X4 = np.array([[2.75, -2.75, 8.0, 0.375], [-1.5, 100.25, 0.5, -0.125]], np.float32)


def test_out_arguments_into_swizzles_and_elements():
    """sincos / modf / frexp outputs land in a swizzle (reversed order too), an array element and a member."""
    pre = """
    struct P { float2 s; float2 c; };
    float4 f(float4 v) {
        float4 r = 0; float arr[3] = {0, 0, 0}; P p;
        sincos(v.xy, p.s, r.wz);   // cos lands reversed in w, z
        modf(v.z, arr[1]);
        p.c = float2(arr[1], 0);
        return float4(p.s.x + r.z, p.s.y + r.w, p.c.x, r.w);
    }"""
    x = X4.astype(np.float64)
    s, c = np.sin(x[:, :2]), np.cos(x[:, :2])
    exp = np.stack([s[:, 0] + c[:, 1], s[:, 1] + c[:, 0], np.trunc(x[:, 2]), c[:, 0]], axis=1)
    check_expr("f(a)", ["float4"], "float4", [X4], exp, ("abs", 5e-6), prelude=pre)


def test_out_argument_of_another_type_converts_on_copy_out():
    """modf(x, out ip) with an int variable: ip receives the float integral part converted to int; frexp's exponent
    into an int; asuint(double, lo, hi) into vector components."""
    pre = """
    int4 f(float4 v) {
        int ip; float fr = modf(v.x, ip);
        int e; frexp(v.z, e);
        uint2 w; asuint(asdouble(asuint(v.y), 7u), w.y, w.x);
        return int4(ip, e, w.x, w.y);
    }"""
    x = np.array([[-2.75, 1.5, 8.0, 0], [9.5, -0.0, 0.375, 0]], np.float32)
    m, e = np.frexp(x[:, 2].astype(np.float64))
    exp = np.stack([np.trunc(x[:, 0]), e, np.full(2, 7), x[:, 1].view(np.uint32).astype(np.int64)], axis=1)
    # a literal -0.0 is carried as +0 by fxc's optimiser (d3dcompiler_47 10.1 under Wine, session 37): asuint gives 0
    folded = np.stack([exp[:, 0], exp[:, 1], exp[:, 2], carried_bits(x[:, 1].view(np.uint32))], axis=1)
    check_expr("f(a)", ["float4"], "int4", [x], exp, prelude=pre, fold_expect=folded)


def test_interlocked_original_into_a_vector_component_and_array_element():
    """The original value of a groupshared atomic written into a component and an array element."""
    pre = """
    groupshared uint g;
    uint4 f(uint4 v) { return v; }"""
    del pre
    src = """
    RWStructuredBuffer<uint4> o : register(u0);
    groupshared uint g[2];
    [numthreads(1, 1, 1)] void main() {
        g[0] = 5; g[1] = 9;
        uint4 r = 0; uint arr[2] = {0, 0};
        InterlockedAdd(g[0], 3, r.z);
        InterlockedExchange(g[1], 4, arr[1]);
        InterlockedMax(g[0], 100, r.x);
        o[0] = uint4(r.x, arr[1], r.z, g[0] + g[1]);
    }"""
    from api_compute_kit import dispatch_on_structured_uav

    from pyd3d11.d3dcompiler import D3DCompile
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    out = dispatch_on_structured_uav(bytes(cs), 16, 1).view(np.uint32)
    assert out.tolist() == [8, 9, 5, 104]


@pytest.mark.parametrize("expr,types,res,vals,exp", [
    # int with float: the float overload (fxc's X3013 candidates: the higher type)
    ("max(a, b)", ["int", "float"], "float", [[[3]], [[2.5]]], [[3.0]]),
    ("min(a, b)", ["int2", "float2"], "float2", [[[-3, 4]], [[2.5, 4.5]]], [[-3.0, 4.0]]),
    ("lerp(a, b, c)", ["int", "int", "float"], "float", [[[0]], [[10]], [[0.25]]], [[2.5]]),
    ("clamp(a, b, c)", ["float", "int", "int"], "float", [[[7.5]], [[0]], [[5]]], [[5.0]]),
    # scalar broadcast
    ("max(a, b)", ["float", "float3"], "float3", [[[1.0]], [[0.0, 1.5, -2.0]]], [[1.0, 1.5, 1.0]]),
    ("pow(a, b)", ["float3", "float"], "float3", [[[2.0, 3.0, 4.0]], [[2.0]]], [[4.0, 9.0, 16.0]]),
    # vector truncation: the smaller size (warning X3206)
    ("min(a, b)", ["float4", "float2"], "float2", [[[1.0, 5.0, 9.0, 9.0]], [[2.0, 3.0]]], [[1.0, 3.0]]),
    ("dot(a, b)", ["float4", "float3"], "float", [[[1.0, 2.0, 3.0, 100.0]], [[1.0, 1.0, 1.0]]], [[6.0]]),
    ("a * b", ["float4", "float2"], "float2", [[[1.0, 2.0, 3.0, 4.0]], [[3.0, 3.0]]], [[3.0, 6.0]]),
    # dot of bool vectors takes the float overload (d3dcompiler_47 10.1: movc to 1.0 / 0.0, then dp3; session 35
    # INTR): the count of true products, true as a bool when any
    ("dot(a, b)", ["bool3", "bool3"], "bool", [[[1, 1, 1], [1, 0, 0], [0, 1, 0]], [[1, 0, 1], [0, 1, 1], [1, 0, 1]]],
     [[True], [False], [False]]),
    # (converted to int: the count itself)
    ("dot(a, b)", ["bool3", "bool3"], "int", [[[1, 1, 1], [0, 0, 0], [1, 1, 0]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]],
     [[3], [0], [2]]),
    ("(float)dot(a, b)", ["bool2", "bool2"], "float", [[[1, 1]], [[1, 1]]], [[2.0]]),
    ("mul(a, b)", ["bool2", "bool2"], "bool", [[[1, 1], [1, 0]], [[1, 1], [0, 1]]], [[True], [False]]),
    # mad of bools: the float overload, a * b + c of 1.0 / 0.0 (fxc 10.1: true * true + true is 2.0)
    ("mad(a, b, c)", ["bool4", "bool4", "bool4"], "bool4", [[[1, 1, 0, 0]], [[1, 1, 1, 0]], [[1, 0, 0, 1]]],
     [[True, True, False, True]]),
    ("mad(a, b, c)", ["bool2", "bool2", "bool2"], "int2", [[[1, 0]], [[1, 1]], [[1, 0]]], [[2, 0]]),
    # bool comparisons order false < true
    ("a < b", ["bool2", "bool2"], "bool2", [[[0, 1]], [[1, 0]]], [[True, False]]),
    ("a >= b", ["bool2", "bool2"], "bool2", [[[0, 1]], [[1, 0]]], [[False, True]]),
    # saturate / frac / sqrt of ints: converted to float
    ("saturate(a)", ["int3"], "float3", [[[5, -3, 0]]], [[1.0, 0.0, 0.0]]),
    ("sqrt(a)", ["uint"], "float", [[[16]]], [[4.0]]),
    # bool arguments of numeric functions: converted
    # bool arguments of min/max/clamp: false < true (max is or, min is and)
    ("max(a, b)", ["bool2", "bool2"], "bool2", [[[1, 0]], [[0, 0]]], [[True, False]]),
    ("min(a, b)", ["bool4", "bool4"], "bool4", [[[1, 1, 0, 0]], [[1, 0, 1, 0]]], [[True, False, False, False]]),
    ("max(a, b)", ["bool4", "bool4"], "bool4", [[[1, 1, 0, 0]], [[1, 0, 1, 0]]], [[True, True, True, False]]),
    ("clamp(a, b, c)", ["bool3", "bool3", "bool3"], "bool3", [[[0, 1, 0]], [[1, 0, 0]], [[1, 1, 0]]],
     [[True, True, False]]),
    ("abs(a)", ["int2", ], "int2", [[[-5, 5]]], [[5, 5]]),
])
def test_argument_unification_values(expr, types, res, vals, exp):
    check_expr(expr, types, res, [np.array(v) for v in vals], np.array(exp))


@pytest.mark.backend_independent
def test_vector_truncation_warns():
    from pyd3d11.d3dcompiler import D3DCompile
    msgs: list = []
    # a float4 output (a float2 SV_Position is fxc 10.1's X4576 "type must be float32 and mask must be xyzw")
    D3DCompile("float4 main(float4 a : A, float2 b : B) : SV_Position { return min(a, b).xyxy; }", None, "t",
               None, None, "main", "vs_5_0", 0, 0, msgs)
    assert any("X3206" in bytes(m).decode() for m in msgs)


@pytest.mark.backend_independent
@pytest.mark.parametrize("profile", ["vs_4_0", "vs_5_0", "ps_5_0"])
def test_noise_is_not_an_sm4_intrinsic(profile: str):
    """noise (page: "Texture shaders only", tx_1_0) is rejected by every SM4/5 target: d3dcompiler_47 10.1's X4532
    "cannot map expression to <target> instruction set" (session 46)."""
    err = compile_errors("float4 main(float4 a : A) : SV_Position { return noise(a); }"
                         .replace("SV_Position", "SV_Target" if profile.startswith("ps") else "SV_Position"), profile)
    assert err is not None and "X4532" in err and "cannot map expression" in err
