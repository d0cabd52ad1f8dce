"""Issue 15: flow control, functions, swizzles and initialisers run on both backends, from MicrosoftDocs
direct3dhlsl "Flow Control" (dx-graphics-hlsl-switch: a case without break falls through to the next label; break /
continue act on the innermost loop; while / do-while / for), "Functions" (dx-graphics-hlsl-function-syntax:
``in`` copies in, ``out`` copies out at return, ``inout`` both; ``static`` locals keep their value and are
initialised once), "Per-Component Math" (scalar swizzles ``x.xxx``, matrix swizzles ``_m01`` zero-based and ``_11``
one-based, several in one swizzle, written as an l-value) and "Variable Syntax" (brace initialisers are flattened
component by component across vectors, arrays and structs)."""

from __future__ import annotations

import pytest
from hlsl_docs_kit import compile_errors
from hlsl_docs_language_kit import Case, run_case


def _switch(x: int) -> int:
    """case 0 adds 1; 1, default and 4 share one block (adds 2); case 2 adds 4 then 8 through a function."""
    return {0: 1, 2: 12}.get(x, 2)


def _nested(n: int) -> tuple[int, int]:
    """sum of i * 10 + j over i < n, j < n, skipping j == 1 (continue), leaving the inner loop at j == 3 (break)."""
    s = count = 0
    for i in range(n):
        for j in range(n):
            if j == 1:
                continue
            if j == 3:
                break
            s += i * 10 + j
            count += 1
    return s, count


CASES = [
    Case("switch_empty_labels_share_block",
         "  int acc = 0;\n  switch (q.x) {\n    case 0: acc += 1; break;\n    case 1:\n    default:\n    case 4: acc += 2; break;\n"
         "    case 2: { acc += 4; return_early(acc); } break;\n  }\n  r = uint4(acc, 0, 0, 0);",
         [[x, 0, 0, 0] for x in range(6)], [[_switch(x), 0, 0, 0] for x in range(6)],
         decls="void return_early(inout int a) { a += 8; }"),
    Case("switch_multiple_labels",
         "  int v = 9;\n  switch (q.x) {\n    case 1: case 3: v = 1; break;\n    case 2: v = 2; break;\n  }\n"
         "  r = uint4(v, 0, 0, 0);",
         [[x, 0, 0, 0] for x in range(5)], [[{1: 1, 3: 1, 2: 2}.get(x, 9), 0, 0, 0] for x in range(5)]),
    Case("nested_loops_break_continue_inner",
         "  int s = 0, c = 0;\n  for (int i = 0; i < q.x; i++) {\n    for (int j = 0; j < q.x; j++) {\n"
         "      if (j == 1) continue;\n      if (j == 3) break;\n      s += i * 10 + j;\n      c++;\n    }\n  }\n"
         "  r = uint4(s, c, 0, 0);",
         [[n, 0, 0, 0] for n in (0, 1, 2, 5)], [[*_nested(n), 0, 0] for n in (0, 1, 2, 5)]),
    Case("while_do_while",
         "  int a = 0, b = 0;\n  while (a < q.x) a += 3;\n  do { b++; } while (b < q.x);\n  r = uint4(a, b, 0, 0);",
         [[0, 0, 0, 0], [7, 0, 0, 0]], [[0, 1, 0, 0], [9, 7, 0, 0]]),
    Case("loop_break_outer_via_flag",
         "  int found = -1;\n  [loop] for (int i = 0; i < 8; i++) {\n    if (i * i > q.x) { found = i; break; }\n  }\n"
         "  r = uint4(asuint(found), 0, 0, 0);",
         [[10, 0, 0, 0], [100, 0, 0, 0]], [[4, 0, 0, 0], [-1, 0, 0, 0]]),
    Case("flow_attributes_keep_meaning",
         "  int s = 0;\n  [unroll] for (int i = 0; i < 4; i++) { if (i == q.x) break; s += i; }\n"
         "  [branch] if (q.y > 0) s += 100;\n  [flatten] if (q.z > 0) s += 1000;\n"
         "  [forcecase] switch (q.w) { case 1: s += 5; break; default: s += 7; break; }\n"
         "  [call] switch (q.w) { case 1: s += 50; break; default: s += 70; break; }\n  r = uint4(s, 0, 0, 0);",
         [[2, 1, 0, 1], [9, 0, 1, 2]], [[0 + 1 + 100 + 5 + 50, 0, 0, 0], [0 + 1 + 2 + 3 + 1000 + 7 + 70, 0, 0, 0]]),
    Case("while_true_and_empty_for_with_break",
         "  int i = 0;\n  while (true) { i++; if (i >= q.x) break; }\n  [loop] for (;;) { i += 10; if (i > 50) break; }\n"
         "  r = uint4(i, 0, 0, 0);", [[3, 0, 0, 0]], [[53, 0, 0, 0]]),
    Case("long_run_time_loop",
         "  uint s = 0;\n  for (uint i = 0; i < asuint(q.x); i++) s += i;\n  r = uint4(s, 0, 0, 0);", [[5000, 0, 0, 0]],
         [[sum(range(5000)), 0, 0, 0]]),
    Case("function_return_inside_its_loop_called_in_loop",
         "  int s = 0;\n  for (int i = 0; i < q.x; i++) s += f(i);\n  r = uint4(s, 0, 0, 0);", [[5, 0, 0, 0]],
         [[sum(min(i, 2) for i in range(5)), 0, 0, 0]],
         decls="int f(int v) { for (int k = 0; k < 10; k++) { if (k == v || k == 2) return k; } return -1; }"),
    Case("switch_labels_negative_hex_octal",
         "  int v = 0;\n  switch (q.x) { case -1: v = 1; break; case 0x10: v = 2; break; case 010: v = 3; break;"
         " default: v = 4; break; }\n  r = uint4(v, 0, 0, 0);",
         [[-1, 0, 0, 0], [16, 0, 0, 0], [8, 0, 0, 0], [10, 0, 0, 0]], [[1, 0, 0, 0], [2, 0, 0, 0], [3, 0, 0, 0], [4, 0, 0, 0]]),
    Case("switch_cases_ending_in_return",
         "  r = uint4(sw(q.x), sw(q.y), sw(q.z), 0);", [[1, 5, 2, 0]], [[10, 99, 20, 0]],
         decls="int sw(int v) { switch (v) { case 1: return 10; case 2: return 20; } return 99; }"),
    # Functions: parameter copy semantics
    Case("in_parameter_is_a_copy",
         "  int a = q.x;\n  int b = twice(a);\n  r = uint4(a, b, 0, 0);",
         [[5, 0, 0, 0]], [[5, 10, 0, 0]], decls="int twice(int v) { v *= 2; return v; }"),
    Case("inout_copy_in_copy_out",
         "  int a = q.x;\n  bump(a, a);\n  r = uint4(a, 0, 0, 0);",
         [[5, 0, 0, 0]], [[5 + 5 + 1, 0, 0, 0]],
         decls="void bump(inout int v, int by) { v += by; v += 1; }"),
    Case("out_written_at_return_not_before",
         "  int a = q.x;\n  int seen = peek(a, a);\n  r = uint4(a, seen, 0, 0);",
         [[5, 0, 0, 0]], [[7, 5, 0, 0]],
         decls="int peek(out int o, int src) { o = 7; return src; }"),
    Case("out_vector_and_struct",
         "  int2 v;\n  S s;\n  fill(q.x, v, s);\n  r = uint4(asuint(v), asuint(s.a), asuint(s.b));",
         [[3, 0, 0, 0]], [[3, 4, 5, 6]],
         decls="struct S { int a; int b; };\n"
               "void fill(int x, out int2 v, out S s) { v = int2(x, x + 1); s.a = x + 2; s.b = x + 3; }"),
    Case("static_local_initialised_once",
         "  int a = next(q.x);\n  int b = next(q.x);\n  int c = next(q.x);\n  r = uint4(a, b, c, 0);",
         [[2, 0, 0, 0]], [[12, 14, 16, 0]],
         decls="int next(int step) { static int c = 10; c += step; return c; }"),
    Case("recursive_style_helper_chain",
         "  r = uint4(sq(add1(q.x)), add1(sq(q.x)), 0, 0);", [[3, 0, 0, 0]], [[16, 10, 0, 0]],
         decls="int add1(int v) { return v + 1; }\nint sq(int v) { return v * v; }"),
    Case("out_to_swizzle_matrix_element_array_element",
         "  int4 v = q;\n  put2(v.yx);\n  int2x2 m = int2x2(q.x, q.y, q.z, q.w);\n  put(m._12);\n"
         "  int a[4] = { 10, 11, 12, 13 };\n  put(a[q.x]);\n  r = uint4(v.x, v.y, m[0][1], a[1] * 100 + a[2]);",
         [[1, 2, 3, 4]], [[8, 7, 9, 9 * 100 + 12]],
         decls="void put2(out int2 o) { o = int2(7, 8); }\nvoid put(out int o) { o = 9; }"),
    Case("inout_struct_member",
         "  S s = { q.x, q.y };\n  add10(s.b);\n  r = uint4(s.a, s.b, 0, 0);", [[1, 2, 0, 0]], [[1, 12, 0, 0]],
         decls="struct S { int a; int b; };\nvoid add10(inout int o) { o += 10; }"),
    Case("static_local_across_loop_calls",
         "  int x = 0;\n  for (int i = 1; i <= q.x; i++) x = acc(i);\n  r = uint4(x, 0, 0, 0);", [[4, 0, 0, 0]],
         [[1 + 2 + 3 + 4, 0, 0, 0]], decls="int acc(int v) { static int t = 0; t += v; return t; }"),
    Case("global_static_written_by_function",
         "  bump(q.x);\n  bump(q.y);\n  r = uint4(g, 0, 0, 0);", [[3, 4, 0, 0]], [[7, 0, 0, 0]],
         decls="static int g = 0;\nvoid bump(int v) { g += v; }"),
    Case("break_in_switch_leaves_switch_only",
         "  int s = 0, n = 0;\n  for (int i = 0; i < q.x; i++) {\n    switch (i) { case 1: break; default: s += 100; break; }\n"
         "    s += i;\n    n++;\n  }\n  r = uint4(s, n, 0, 0);", [[4, 0, 0, 0]], [[0 + 1 + 2 + 3 + 300, 4, 0, 0]]),
    Case("struct_cast_to_smaller_struct_truncates",
         "  A s = { q.x, q.y, q.z, q.w };\n  B t = (B)s;\n  r = uint4(t.x, t.y, 0, 0);", [[1, 2, 3, 4]], [[1, 2, 0, 0]],
         decls="struct A { int a; int b; int c; int d; };\nstruct B { int x; int y; };"),
    Case("struct_member_functions_and_this",
         "  S s;\n  s.a = q.x;\n  s.set(q.y);\n  r = uint4(s.a, s.get(), s.twice(), 0);", [[1, 5, 0, 0]], [[5, 5, 10, 0]],
         decls="struct S { int a; int get() { return a; } void set(int v) { a = v; } "
               "int twice() { return this.a * 2; } };"),
    Case("array_parameters_out_by_value_inout",
         "  int a[2] = { q.x, q.y };\n  int b[2];\n  fill(b, q.z);\n  int t = sum(a);\n  int c[3] = { q.x, q.y, q.z };\n"
         "  rot(c);\n  r = uint4(b[0] * 10 + b[1], t, a[0], c[0] * 100 + c[1] * 10 + c[2]);", [[1, 2, 3, 0]],
         [[34, 3, 1, 231]],
         decls="void fill(out int o[2], int v) { o[0] = v; o[1] = v + 1; }\n"
               "int sum(int v[2]) { v[0] += v[1]; return v[0]; }\n"
               "void rot(inout int v[3]) { int t = v[0]; v[0] = v[1]; v[1] = v[2]; v[2] = t; }"),
    Case("struct_return_and_inout_matrix",
         "  S s = mk(q.x);\n  int2x2 m = int2x2(q.x, q.y, q.z, q.w);\n  tr(m);\n  r = uint4(s.a, s.b, m[0][1], m[1][0]);",
         [[4, 2, 3, 5]], [[4, 8, 3, 2]],
         decls="struct S { int a; int b; };\nS mk(int v) { S s; s.a = v; s.b = 2 * v; return s; }\n"
               "void tr(inout int2x2 m) { m = transpose(m); }"),
    Case("out_argument_converted_back",
         "  float f;\n  int2 v;\n  conv(f, v);\n  r = uint4(asuint(f), asuint(v), 0);", [[0, 0, 0, 0]], [[7.0, 2, 3, 0]],
         decls="void conv(out int a, out float2 b) { a = 7; b = float2(2.9, 3.1); }"),
    # Swizzles
    Case("scalar_swizzle_replicates",
         "  int s = q.y;\n  int3 v = s.xxx;\n  r = uint4(asuint(v), asuint(q.z.r));", [[1, 6, 8, 0]], [[6, 6, 6, 8]]),
    Case("vector_swizzle_reorder_repeat", "  r = asuint(q.wzyx + q.xxyy);", [[1, 2, 3, 4]],
         [[4 + 1, 3 + 1, 2 + 2, 1 + 2]]),
    Case("vector_swizzle_lvalue", "  int4 v = 0;\n  v.zx = q.xy;\n  v.wy = q.zw;\n  r = asuint(v);",
         [[1, 2, 3, 4]], [[2, 4, 1, 3]]),
    Case("matrix_swizzle_zero_based",
         "  int3x3 m = int3x3(q.x, q.y, q.z, q.w, 5, 6, 7, 8, 9);\n  int2 a = m._m01_m10;\n"
         "  int2 b = m._m22_m00;\n  r = asuint(int4(a, b));", [[1, 2, 3, 4]], [[2, 4, 9, 1]]),
    Case("matrix_swizzle_one_based",
         "  int3x3 m = int3x3(q.x, q.y, q.z, q.w, 5, 6, 7, 8, 9);\n  int3 a = m._11_22_33;\n  int b = m._32;\n"
         "  r = asuint(int4(a, b));", [[1, 2, 3, 4]], [[1, 5, 9, 8]]),
    Case("matrix_swizzle_lvalue",
         "  int2x2 m = 0;\n  m._m00_m11 = q.xy;\n  m._12_21 = q.zw;\n  r = asuint(int4(m[0], m[1]));",
         [[1, 2, 3, 4]], [[1, 3, 4, 2]]),
    Case("matrix_row_index_and_swizzle",
         "  int2x3 m = int2x3(q.x, q.y, q.z, q.w, 7, 8);\n  r = asuint(int4(m[1].zyx, m[0][2]));",
         [[1, 2, 3, 4]], [[8, 7, 4, 3]]),
    # Initialisers
    Case("array_brace_init_flattened",
         "  int a[4] = { q.xy, q.zw };\n  r = asuint(int4(a[0], a[1], a[2], a[3]));", [[1, 2, 3, 4]], [[1, 2, 3, 4]]),
    Case("vector_array_brace_init_flattened",
         "  int2 a[2] = { q.x, q.yzw };\n  r = asuint(int4(a[0], a[1]));", [[1, 2, 3, 4]], [[1, 2, 3, 4]]),
    Case("struct_brace_init_flattened",
         "  S s = { q.xy, q.zw };\n  r = asuint(int4(s.a, s.b, s.c));", [[1, 2, 3, 4]], [[1, 2, 3, 4]],
         decls="struct S { int a; int2 b; int c; };"),
    Case("struct_array_brace_init_flattened",
         "  S s[2] = { q.x, q.y, q.z, q.w };\n  r = asuint(int4(s[0].a, s[0].b, s[1].a, s[1].b));",
         [[1, 2, 3, 4]], [[1, 2, 3, 4]], decls="struct S { int a; int b; };"),
    Case("matrix_brace_init_row_major",
         "  int2x2 m = { q.x, q.y, q.z, q.w };\n  r = asuint(int4(m[0][0], m[0][1], m[1][0], m[1][1]));",
         [[1, 2, 3, 4]], [[1, 2, 3, 4]]),
    Case("constructor_mixed_components",
         "  int4 v = int4(q.x, q.yz, 9);\n  float2x2 m = float2x2(q.xy, q.zw);\n  r = uint4(asuint(v.w), asuint(v.z),"
         " asuint(m[1][0]), asuint(m[0][1]));", [[1, 2, 3, 4]], [[9, 3, 3.0, 2.0]]),
    Case("static_global_initialised",
         "  r = uint4(asuint(g), asuint(h[1]), 0, 0);", [[0, 0, 0, 0]], [[5, 7, 0, 0]],
         decls="static int g = 2 + 3;\nstatic const int h[2] = { 6, 7 };"),
]


@pytest.mark.backend_independent
def test_switch_nonempty_fallthrough_is_x3533():
    """fxc (and the sm4 switch instruction's rule: a case that falls through to the next label must be empty)
    rejects code in a case that reaches the next label: X3533; an empty label sharing the next block compiles."""
    body = "int a = 0; switch (i) { case 0: a = 1; case 1: a += 2; break; default: break; } o[0] = a;"
    src = f"RWStructuredBuffer<int> o : register(u0);\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{ {body} }}"
    err = compile_errors(src, "cs_5_0")
    assert err is not None and "X3533" in err
    ok = src.replace("case 0: a = 1; case 1:", "case 0: case 1:")
    assert compile_errors(ok, "cs_5_0") is None


@pytest.mark.backend_independent
def test_continue_in_switch_is_x3708():
    """fxc rejects ``continue`` inside a switch (X3708) even when a loop encloses the switch."""
    body = "int s = 0; for (int k = 0; k < 4; k++) { switch (k) { case 0: continue; default: break; } s += k; } o[0] = s;"
    src = f"RWStructuredBuffer<int> o : register(u0);\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{ {body} }}"
    err = compile_errors(src, "cs_5_0")
    assert err is not None and "X3708" in err


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("fold", [False, True], ids=["runtime", "literal"])
def test_language_flow_function_swizzle_init(case: Case, fold: bool):
    run_case(case, fold)
