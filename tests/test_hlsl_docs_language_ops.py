"""Issue 15: operators and type casts run on both backends, from MicrosoftDocs direct3dhlsl "Operators"
(dx-graphics-hlsl-operators: arithmetic, modulus keeps the dividend's sign (C truncation) on ints and floats, `*`
on matrices is per component, bitwise ops on ints only, comparison / logical / ternary are per component, and
"HLSL expressions never short-circuit an evaluation because they are vector operations") and "Type casting rules"
(dx-graphics-hlsl-type-casting: scalar -> vector/matrix/struct replicates, vector/matrix truncation keeps the
leading components / upper-left block, vector <-> matrix of equal size fills row-major, float -> int truncates,
any -> bool is != 0, bool -> number is 0/1)."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, f32, run_case


def _tdiv(a: int, b: int) -> int:
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _tmod(a: int, b: int) -> int:
    """C remainder: a - b * trunc(a / b), the sign of the dividend."""
    return a - b * _tdiv(a, b)


def _fmod_fxc(a: float, b: float) -> float:
    """Float ``a % b`` as fxc lowers it (d3dcompiler_47 10.1's ps_5_0 listing under Wine, session 36): ``s = a * b >=
    -(a * b) ? b : -b; frc(a * (1 / s)) * s`` in float32 -- the sign of the dividend, like C's fmod, but through a
    reciprocal, so 3.5 % 1.5 is 0.50000024, not fmod's 0.5."""
    a32, b32 = np.float32(a), np.float32(b)
    p = np.float32(a32 * b32)
    s = b32 if p >= -p else -b32
    t = np.float32(np.float32(np.float32(1) / s) * a32)
    return float(np.float32(np.float32(t - np.floor(t)) * s))


_SIGNS = [[7, 3, 0, 0], [-7, 3, 0, 0], [7, -3, 0, 0], [-7, -3, 0, 0], [6, 3, 0, 0], [-1, 5, 0, 0]]

CASES = [
    Case("int_div_mod_truncate", "  r = uint4(asuint(q.x / q.y), asuint(q.x % q.y), 0, 0);", _SIGNS,
         [[_tdiv(a, b), _tmod(a, b), 0, 0] for a, b, _, _ in _SIGNS]),
    Case("uint_div_mod", "  uint a = asuint(q.x), b = asuint(q.y);\n  r = uint4(a / b, a % b, 0, 0);",
         [[7, 3, 0, 0], [-7, 3, 0, 0], [100, 7, 0, 0]],
         [[7 // 3, 7 % 3, 0, 0], [(2**32 - 7) // 3, (2**32 - 7) % 3, 0, 0], [100 // 7, 100 % 7, 0, 0]]),
    Case("float_mod_sign_of_dividend",
         "  float a = q.x * 0.5f, b = q.y * 0.5f;\n  r = uint4(asuint(a % b), asuint(-a % b), asuint(a % -b), 0);",
         [[15, 4, 0, 0], [7, 3, 0, 0], [-9, 4, 0, 0]],
         [[_fmod_fxc(a / 2, b / 2), _fmod_fxc(-a / 2, b / 2), _fmod_fxc(a / 2, -b / 2), 0]
          for a, b in [(15, 4), (7, 3), (-9, 4)]]),
    Case("int_vector_mod_componentwise", "  int2 v = q.xy % q.zw;\n  r = uint4(asuint(v), 0, 0);",
         [[-9, 9, 4, -4]], [[_tmod(-9, 4), _tmod(9, -4), 0, 0]]),
    Case("matrix_mul_operator_per_component",
         "  float2x2 m = float2x2(q.x, q.y, q.z, q.w), n = float2x2(q.w, q.z, q.y, q.x);\n"
         "  float2x2 p = m * n;\n  r = uint4(asuint(p[0]), asuint(p[1]));",
         [[1, 2, 3, 4]], [[4.0, 6.0, 6.0, 4.0]]),
    Case("matrix_add_div_per_component",
         "  int2x2 m = int2x2(q.x, q.y, q.z, q.w);\n  int2x2 p = m + m / 2;\n  r = uint4(asuint(p[0]), asuint(p[1]));",
         [[5, -5, 9, -9]], [[5 + _tdiv(5, 2), -5 + _tdiv(-5, 2), 9 + _tdiv(9, 2), -9 + _tdiv(-9, 2)]]),
    Case("int_shift_arithmetic_uint_logical",
         "  int a = q.x;\n  uint b = asuint(q.x);\n  r = uint4(asuint(a >> 2), b >> 2, asuint(a << 3), 0);",
         [[-16, 0, 0, 0], [-1, 0, 0, 0], [40, 0, 0, 0]],
         [[-4, (2**32 - 16) >> 2, -128, 0], [-1, (2**32 - 1) >> 2, -8, 0], [10, 10, 320, 0]]),
    Case("bitwise_ops", "  int a = q.x, b = q.y;\n  r = uint4(asuint(a & b), asuint(a | b), asuint(a ^ b), asuint(~a));",
         [[0x0FF0, 0x00FF, 0, 0], [-2, 5, 0, 0]],
         [[0x00F0, 0x0FFF, 0x0F0F, ~0x0FF0], [-2 & 5, -2 | 5, -2 ^ 5, ~-2]]),
    Case("uint_negate_wraps", "  uint a = asuint(q.x);\n  r = uint4(-a, a - 2u, a * 0xFFFFFFFFu, 0);",
         [[1, 0, 0, 0], [0, 0, 0, 0]], [[2**32 - 1, 2**32 - 1, 2**32 - 1, 0], [0, 2**32 - 2, 0, 0]]),
    Case("int_overflow_wraps", "  int a = q.x;\n  r = uint4(asuint(a + 1), asuint(a * 2), asuint(-a), 0);",
         [[2**31 - 1, 0, 0, 0]], [[-(2**31), -2, -(2**31 - 1), 0]]),
    Case("compare_vector_componentwise",
         "  bool4 c = q > int4(0, 0, 0, 0);\n  r = (uint4)c;",
         [[1, -1, 0, 5]], [[1, 0, 0, 1]]),
    Case("logical_and_or_vector_componentwise",
         "  bool2 a = bool2(q.x, q.y), b = bool2(q.z, q.w);\n  r = uint4((uint2)(a && b), (uint2)(a || b));",
         [[1, 0, 1, 1], [0, 0, 0, 2]], [[1, 0, 1, 1], [0, 0, 0, 1]]),
    Case("logical_not_vector", "  r = (uint4)(!q);", [[0, 3, -1, 0]], [[1, 0, 0, 1]]),
    Case("ternary_vector_componentwise", "  int2 v = (q.xy > 0) ? q.zw : -q.zw;\n  r = uint4(asuint(v), 0, 0);",
         [[1, -1, 5, 6]], [[5, -6, 0, 0]]),
    Case("no_short_circuit_or",
         "  int k = 0;\n  bool t = (q.x > 0) || (++k > 0);\n  r = uint4(t, k, 0, 0);",
         [[1, 0, 0, 0], [0, 0, 0, 0]], [[1, 1, 0, 0], [1, 1, 0, 0]]),
    Case("no_short_circuit_and",
         "  int k = 0;\n  bool t = (q.x > 0) && (++k > 0);\n  r = uint4(t, k, 0, 0);",
         [[1, 0, 0, 0], [0, 0, 0, 0]], [[1, 1, 0, 0], [0, 1, 0, 0]]),
    Case("no_short_circuit_ternary",
         "  int a = 0, b = 0;\n  int v = (q.x > 0) ? ++a : ++b;\n  r = uint4(v, a, b, 0);",
         [[1, 0, 0, 0], [0, 0, 0, 0]], [[1, 1, 1, 0], [1, 1, 1, 0]]),
    Case("increment_prefix_postfix",
         "  int a = q.x;\n  int b = a++;\n  int c = ++a;\n  int d = a--;\n  r = uint4(asuint(int4(a, b, c, d)));",
         [[5, 0, 0, 0]], [[6, 5, 7, 7]]),
    Case("compound_assignment_vector_scalar",
         "  int4 v = q;\n  v *= 3;\n  v -= q.x;\n  v /= 2;\n  v %= 5;\n  r = asuint(v);",
         [[2, 4, -6, 9]], [[_tmod(_tdiv(3 * x - 2, 2), 5) for x in (2, 4, -6, 9)]]),
    Case("compound_bitwise_shift",
         "  uint4 v = asuint(q);\n  v <<= 2u;\n  v |= 1u;\n  v ^= 3u;\n  v >>= 1u;\n  r = v;",
         [[1, 2, 3, 4]], [[((((x << 2) | 1) ^ 3) >> 1) for x in (1, 2, 3, 4)]]),
    Case("precedence_c_rules",
         "  int a = q.x, b = q.y, c = q.z;\n"
         "  r = uint4(asuint(a + b * c), asuint(a & b == c), asuint(a << 1 + b), asuint(a - b - c));",
         [[3, 4, 5, 0], [6, 2, 2, 0]],
         [[3 + 20, 3 & (4 == 5), 3 << 5, 3 - 4 - 5], [6 + 4, 6 & 1, 6 << 3, 6 - 2 - 2]]),
    Case("comma_operator", "  int a = 0;\n  int b = (a = q.x, a + 1);\n  r = uint4(a, b, 0, 0);",
         [[4, 0, 0, 0]], [[4, 5, 0, 0]]),
    # operators on matrices and unsigned vectors
    Case("matrix_compare_gives_bool_matrix",
         "  int2x2 m = int2x2(q.x, q.y, q.z, q.w), n = int2x2(1, 0, 3, 0);\n  bool2x2 b = m == n;\n"
         "  r = uint4((uint2)b[0], (uint2)b[1]);", [[1, 2, 3, 4]], [[1, 0, 1, 0]]),
    Case("matrix_negate_and_not",
         "  int2x2 m = int2x2(q.x, 0, q.z, -q.w);\n  int2x2 n = -m;\n  bool2x2 b = !m;\n"
         "  r = uint4(asuint(n[0].x), asuint(n[1].y), (uint2)b[0]);", [[1, 2, 3, 4]], [[-1, 4, 0, 1]]),
    Case("matrix_increment_and_float_mod",
         "  float2x2 m = float2x2(q.x, q.y, q.z, q.w) * 0.5f;\n  m++;\n  float2x2 k = m % 1.0f;\n"
         "  r = uint4(asuint(m[0]), asuint(k[1]));", [[1, 2, 3, 4]], [[1.5, 2.0, 0.5, 0.0]]),
    Case("uint_vector_shift_by_vector_and_not",
         "  uint4 v = asuint(q);\n  uint4 s = v << uint4(1, 2, 3, 31);\n  r = ~s;", [[1, 2, 3, 4]],
         [[~2, ~8, ~24, ~0]]),
    Case("uint_matrix_wraps", "  uint2x2 m = uint2x2(asuint(q));\n  uint2x2 n = m * m - 1u;\n  r = uint4(n[0], n[1]);",
         [[1, 2, 3, 0]], [[0, 3, 8, -1]]),
    Case("int_matrix_divide_truncates",
         "  int2x2 m = int2x2(q.x, q.y, q.z, q.w);\n  int2x2 d = m / -2;\n  r = asuint(int4(d[0], d[1]));",
         [[5, -5, 7, 1]], [[_tdiv(5, -2), _tdiv(-5, -2), _tdiv(7, -2), _tdiv(1, -2)]]),
    Case("uint_vector_mod_scalar", "  uint3 v = asuint(q.xyz) % 3u;\n  r = uint4(v, 0);", [[5, 7, 9, 0]],
         [[2, 1, 0, 0]]),
    Case("bool_matrix_any_all_elements",
         "  bool2x2 b = bool2x2(q.x, 0, q.z, 1);\n  r = uint4(any(b), all(b), (uint)b[1][0], (uint)b._m01);",
         [[1, 2, 3, 4]], [[1, 0, 1, 0]]),
    Case("matrix_ternary_per_component",
         "  float2x2 m = float2x2(q.x, q.y, q.z, q.w);\n  float2x2 n = (m > 2.0f) ? m : -m;\n"
         "  r = asuint(float4(n[0], n[1]));", [[1, 2, 3, 4]], [[-1.0, -2.0, 3.0, 4.0]]),
    # Type casting rules
    Case("float_to_int_truncates",
         "  float4 f = float4(q) * 0.25f;\n  r = asuint((int4)f);", [[11, -11, 3, -3]],
         [[int(11 / 4), int(-11 / 4), 0, 0]]),
    Case("float_to_uint_truncates", "  float2 f = float2(q.xy) * 0.25f;\n  r = uint4((uint2)f, 0, 0);",
         [[11, 399, 0, 0]], [[2, 99, 0, 0]]),
    Case("int_to_float_exact", "  r = asuint((float4)q);", [[-3, 16777216, 7, 0]],
         [[-3.0, 16777216.0, 7.0, 0.0]]),
    Case("any_to_bool_nonzero",
         "  float f = q.x * 0.5f;\n  r = uint4((bool)q.y, (bool)f, (bool)asuint(q.z), 0);",
         [[1, -5, 0, 0], [0, 0, 8, 0]], [[1, 1, 0, 0], [0, 0, 1, 0]]),
    Case("bool_to_number_one", "  bool b = q.x != 0;\n  r = uint4((uint)b, asuint((float)b), asuint((int)b), 0);",
         [[3, 0, 0, 0], [0, 0, 0, 0]], [[1, f32(1.0), 1, 0], [0, 0, 0, 0]]),
    Case("scalar_to_vector_replicates", "  int4 v = q.y;\n  r = asuint(v);", [[1, -2, 3, 4]], [[-2] * 4]),
    Case("scalar_to_matrix_replicates", "  int2x2 m = (int2x2)q.z;\n  r = asuint(int4(m[0], m[1]));",
         [[1, 2, 9, 4]], [[9] * 4]),
    Case("vector_truncation_keeps_leading",
         "  int2 a = (int2)q;\n  int3 b = q;\n  r = uint4(asuint(a), asuint(b.z), asuint(b.x));",
         [[1, 2, 3, 4]], [[1, 2, 3, 1]]),
    Case("matrix_truncation_upper_left",
         "  int3x3 m = int3x3(q.x, q.y, q.z, q.w, q.x + 10, q.y + 10, q.z + 10, q.w + 10, 99);\n"
         "  int2x2 s = (int2x2)m;\n  r = asuint(int4(s[0], s[1]));",
         [[1, 2, 3, 4]], [[1, 2, 4, 11]]),
    Case("vector_to_matrix_row_major", "  int2x2 m = (int2x2)q;\n  r = asuint(int4(m[0][0], m[0][1], m[1][0], m[1][1]));",
         [[1, 2, 3, 4]], [[1, 2, 3, 4]]),
    Case("matrix_to_vector_row_major", "  int2x2 m = int2x2(q.x, q.y, q.z, q.w);\n  r = asuint((int4)m);",
         [[5, 6, 7, 8]], [[5, 6, 7, 8]]),
    Case("scalar_to_struct_replicates",
         "  S s = (S)q.w;\n  r = uint4(asuint(s.a), asuint(s.b), asuint(s.c));",
         [[1, 2, 3, -4]], [[-4, -4, -4, f32(-4.0)]], decls="struct S { int a; int2 b; float c; };"),
    Case("vector_to_struct_flattened",
         "  S s = (S)q;\n  r = uint4(asuint(s.a), asuint(s.b), asuint(s.c));",
         [[1, 2, 3, 4]], [[1, 2, 3, f32(4.0)]], decls="struct S { int a; int2 b; float c; };"),
    Case("struct_to_struct_flattened",
         "  S s = { q.x, q.y, q.z, q.w };\n  T t = (T)s;\n  r = uint4(asuint(t.p), asuint(t.u));",
         [[1, 2, 3, 4]], [[1, 2, 3, 4]], decls="struct S { int a; int b; int c; int d; };\n"
                                               "struct T { int3 p; int u; };"),
    Case("array_to_vector_flattened",
         "  int a[4] = { q.w, q.z, q.y, q.x };\n  r = asuint((int4)a);", [[1, 2, 3, 4]], [[4, 3, 2, 1]]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("fold", [False, True], ids=["runtime", "literal"])
def test_language_operator_or_cast(case: Case, fold: bool):
    run_case(case, fold)
