"""Issue 15: implicit type rules, conversions at the edges and indexing, run on both backends with run-time and
literal operands. From MicrosoftDocs direct3dhlsl "Type casting rules" / "Operators" (binary operands convert to
the wider type: bool -> int -> uint -> float, so int op uint is uint and ``-1 < 1u`` is false; bool in arithmetic is
0/1), "Variable Syntax" and "for statement" (fxc scopes a ``for`` initialiser's variable to the enclosing block, so
it is visible after the loop), "Functions" (out / inout arguments are copied back at return in parameter order, so
the same variable passed twice ends with the last parameter's value), "Variable Syntax" again (a global without ``static`` is a
``$Globals`` constant whose initialiser D3D11 does not apply: an unbound buffer reads 0; ``half`` is float and
``min16int`` at least 16-bit int), and the D3D11.3 functional spec's exact
conversions (§3.2.4.1 / ftoi, ftou: truncation, NaN -> 0, out of range saturates; udiv by 0 gives 0xFFFFFFFF for
quotient and remainder; shift counts use the low 5 bits; IEEE NaN compares unordered)."""

from __future__ import annotations

import pytest
from hlsl_docs_kit import compile_errors
from hlsl_docs_language_kit import Case, f32, run_case

NAN, INF, NINF = 0x7FC00000, 0x7F800000, 0xFF800000

CASES = [
    Case("int_uint_compare_converts_to_uint",
         "  uint u = asuint(q.y);\n  r = uint4(q.x < u, q.x + u, (q.x < q.y), 0);",
         [[-1, 1, 0, 0], [0, 1, 0, 0]], [[0, 0, 1, 0], [1, 1, 1, 0]]),
    Case("bool_arithmetic_is_zero_one",
         "  bool b = q.x != 0;\n  int v = b + b;\n  float f = b * 2.5f;\n  r = uint4(asuint(v), asuint(f), asuint(b - 3), 0);",
         [[5, 0, 0, 0], [0, 0, 0, 0]], [[2, 2.5, -2, 0], [0, 0.0, -3, 0]]),
    Case("int_division_before_float_promotion",
         "  r = uint4(asuint(q.x / 2 * 1.0f), asuint(q.x / 2.0f), asuint(q.x * 1.0f / 2), asuint(q.x / q.y));",
         [[7, 2, 0, 0], [-7, 2, 0, 0]], [[3.0, 3.5, 3.5, 3], [-3.0, -3.5, -3.5, -3]]),
    Case("integer_literal_forms",
         "  r = uint4(asuint(010 + q.x), asuint(0x1F + q.x), 4000000000u / asuint(q.y), asuint(07 * q.y));",
         [[0, 2, 0, 0]], [[8, 31, 2000000000, 14]]),
    Case("integer_and_float_literal_suffixes",
         "  uint a = 072u + asuint(q.x);\n  int b = 5l + q.x;\n  uint c = 0xABCu + asuint(q.x);\n"
         "  float d = 1.5h + 2.25F + 1e1f + .5 + 3. + q.x;\n  r = uint4(a, asuint(b), c, asuint(d));",
         [[1, 0, 0, 0]], [[0o72 + 1, 6, 0xABC + 1, 1.5 + 2.25 + 10 + 0.5 + 3 + 1]]),
    Case("scalar_vector_logical_broadcast",
         "  bool2 a = q.x && q.yz;\n  bool2 b = q.x || q.yz;\n  r = uint4((uint2)a, (uint2)b);",
         [[1, 0, 2, 0], [0, 0, 2, 0]], [[0, 1, 1, 1], [0, 0, 0, 1]]),
    Case("global_initialiser_not_applied_static_is",
         "  r = uint4(g, h, s, q.x);", [[1, 0, 0, 0]], [[0, 0, 5, 1]],
         decls="int g = 5;\nuniform int h = 7;\nstatic int s = 5;"),  # g, h: $Globals members, no buffer bound
    Case("half_is_float_min16int_is_int",
         "  half h = 0.1;\n  min16int a = q.x, b = q.y;\n"
         "  r = uint4(asuint((float)h), asuint(h * q.x), asuint((int)(a + b)), asuint((int)(a - b)));",
         [[1, 2, 0, 0]], [[0.1, 0.1, 3, -1]]),
    Case("double_compare_add_mul",
         "  double a = q.x, b = q.z;\n  r = uint4(a < b, (a + b) == 4.0L, a > b, (uint)(float)(a * b));",
         [[1, 0, 3, 0]], [[1, 1, 0, 3]]),
    Case("uint_divide_by_zero_all_ones", "  uint a = asuint(q.x), b = asuint(q.y);\n  r = uint4(a / b, a % b, 0, 0);",
         [[7, 0, 0, 0]], [[0xFFFFFFFF, 0xFFFFFFFF, 0, 0]],
         runtime_only="a literal divisor of 0 is fxc's compile error X4010 (test_uint_literal_divide_by_zero_x4010)"),
    Case("float_divide_by_zero_infinity",
         "  float a = q.x, z = q.y;\n  r = uint4(asuint(a / z), asuint(-a / z), 0, 0);",
         [[1, 0, 0, 0]], [[INF, NINF, 0, 0]]),
    Case("nan_compares_unordered",
         "  float n = asfloat(asuint(q.x));\n  r = uint4(n == n, n != n, n < 1.0f, n >= 1.0f);",
         [[NAN, 0, 0, 0], [f32(2.0), 0, 0, 0]], [[0, 1, 0, 0], [1, 0, 0, 1]]),
    Case("float_to_int_saturates_nan_zero",
         "  float4 f = asfloat(asuint(q));\n  r = asuint((int4)f);",
         [[INF, NINF, NAN, f32(3e9)], [f32(-3e9), f32(-0.9), f32(2147483520.0), f32(-2147483648.0)]],
         [[2**31 - 1, -(2**31), 0, 2**31 - 1], [-(2**31), 0, 2147483520, -(2**31)]]),
    Case("float_to_uint_saturates_nan_zero",
         "  float4 f = asfloat(asuint(q));\n  r = (uint4)f;",
         [[INF, NINF, NAN, f32(5e9)], [f32(-1.0), f32(4e9), f32(0.99), f32(-0.0)]],
         [[0xFFFFFFFF, 0, 0, 0xFFFFFFFF], [0, 4000000000, 0, 0]]),
    Case("shift_count_low_five_bits",
         "  int a = q.x;\n  uint b = asuint(q.x);\n  r = uint4(asuint(a << q.y), asuint(a >> q.y), b >> asuint(q.y), 0);",
         [[-64, 33, 0, 0], [1, 32, 0, 0]], [[-128, -32, (2**32 - 64) >> 1, 0], [1, 1, 1, 0]]),
    Case("for_initialiser_visible_after_loop",
         "  int s = 0;\n  for (int i = 0; i < q.x; i++) { s += i; }\n  r = uint4(s, i, 0, 0);",
         [[4, 0, 0, 0], [0, 0, 0, 0]], [[6, 4, 0, 0], [0, 0, 0, 0]]),
    Case("out_aliased_twice_last_wins",
         "  int x = q.x;\n  two(x, x);\n  r = uint4(x, 0, 0, 0);", [[3, 0, 0, 0]], [[2, 0, 0, 0]],
         decls="void two(out int a, out int b) { a = 1; b = 2; }"),
    Case("inout_aliased_copies_in_both",
         "  int x = q.x;\n  two(x, x);\n  r = uint4(x, 0, 0, 0);", [[3, 0, 0, 0]], [[13, 0, 0, 0]],
         decls="void two(inout int a, inout int b) { a += 1; b += 10; }"),
    Case("argument_truncated_to_parameter",
         "  r = uint4(asuint(sum2(q)), asuint(first(q.zw)), 0, 0);", [[1, 2, 3, 4]], [[3, 3, 0, 0]],
         decls="int sum2(int2 v) { return v.x + v.y; }\nint first(int v) { return v; }"),
    Case("chained_assignment_value",
         "  int a, b;\n  a = b = q.x + 1;\n  int c = (a += 2);\n  r = uint4(a, b, c, 0);", [[4, 0, 0, 0]], [[7, 5, 7, 0]]),
    Case("array_assignment_copies",
         "  int a[2] = { q.x, q.y };\n  int b[2] = a;\n  b[0] = 9;\n  r = uint4(a[0], a[1], b[0], b[1]);",
         [[1, 2, 0, 0]], [[1, 2, 9, 2]]),
    Case("struct_assignment_copies",
         "  S s = { q.x, q.y };\n  S t = s;\n  t.a = 9;\n  r = uint4(s.a, s.b, t.a, t.b);", [[1, 2, 0, 0]], [[1, 2, 9, 2]],
         decls="struct S { int a; int b; };"),
    Case("dynamic_local_array_index",
         "  int a[4] = { 10, 11, 12, 13 };\n  a[q.y] = 20;\n  r = uint4(a[q.x], a[q.y], a[0], a[3]);",
         [[2, 3, 0, 0], [1, 0, 0, 0]], [[12, 20, 10, 20], [11, 20, 20, 13]]),
    Case("dynamic_vector_component_read",
         "  int4 v = int4(5, 6, 7, 8) + q.z;\n  r = uint4(v[q.x], v[q.y], v.x, v.w);",
         [[2, 1, 0, 0], [3, 0, 10, 0]], [[7, 6, 5, 8], [18, 15, 15, 18]]),
    Case("dynamic_matrix_read",
         "  int3x3 m = int3x3(1, 2, 3, 4, 5, 6, 7, 8, 9) * (q.z + 1);\n  int3 row = m[q.y];\n"
         "  r = uint4(row, m[q.x][q.y]);",
         [[1, 2, 0, 0], [2, 0, 1, 0]], [[7, 8, 9, 6], [2, 4, 6, 14]]),
    Case("indexed_writes_inside_loops",
         "  int4 v = 0;\n  for (int i = 0; i < q.x; i++) v[i] = i * 2 + 1;\n  int3x3 m = 0;\n"
         "  for (int k = 0; k < 3; k++) for (int j = 0; j < 3; j++) m[k][j] = k * 10 + j + q.y;\n"
         "  r = uint4(v.x * 100 + v.y * 10 + v.z, v.w, m[1][2], m[2][1]);", [[3, 0, 0, 0]], [[135, 0, 12, 21]]),
    Case("array_of_vectors_and_structs_in_loops",
         "  int2 a[3] = { q.xy, q.zw, q.xx };\n  for (int i = 0; i < 3; i++) a[i].y = a[i].x + i;\n  S s[3];\n"
         "  for (int k = 0; k < 3; k++) { s[k].a = k; s[k].v = int2(k, -k); }\n"
         "  r = uint4(a[1].y * 10 + a[2].y, a[q.w - 3].x, s[q.x].a, asuint(s[q.y].v.y));", [[1, 2, 3, 4]],
         [[43, 3, 1, -2]], decls="struct S { int a; int2 v; };"),
    Case("nested_struct_array_init",
         "  O o = { q.x, { q.y, q.z }, q.w, 5 };\n  r = uint4(o.a, o.i[0].v, o.i[1].v, o.i[1].w);",
         [[1, 2, 3, 4]], [[1, 2, 4, 5]],
         decls="struct I { int v; int w; };\nstruct O { int a; I i[2]; };"),
    Case("double_swizzle_and_scalar_literal_swizzle",
         "  int2 a = q.x.xx.yx;\n  float3 b = (2.5f).xxx;\n  r = uint4(asuint(a), asuint(b.z), asuint(q.zw.y));",
         [[1, 2, 3, 4]], [[1, 1, 2.5, 4]]),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body, code", [
    ("uint a = 7u / 0u;", "X4010"),       # fxc folds a literal unsigned division by zero into an error
    ("int4 v = 0; v[i] = 1;", "X3500"),   # a local vector is not addressable by a run-time index (outside a loop)
])
def test_language_compile_errors(body: str, code: str):
    src = f"RWStructuredBuffer<int> o : register(u0);\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{ {body} }}"
    err = compile_errors(src, "cs_5_0")
    assert err is not None and code in err


@pytest.mark.parametrize("fold", [False, True], ids=["runtime", "literal"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_language_type_rule(case: Case, fold: bool):
    run_case(case, fold)
