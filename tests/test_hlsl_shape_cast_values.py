"""Values of casts between matrix, vector, scalar and aggregate shapes (issue 15, helper HL10).

The rules, from MicrosoftDocs direct3dhlsl "Type casting rules" (dx-graphics-hlsl-type-casts): a matrix
becomes a vector of the same size and back component for component, in the logical order ``_11 _12 … _21 …``
(row after row, whatever the ``row_major``/``column_major`` packing, which only lays out registers); a matrix
becomes a smaller matrix by keeping its upper-left part; a vector keeps its left-most components; a matrix
becomes a scalar as its upper-left ``_11``; an array or struct is taken in flattened order. Which shape pairs
compile is checked line by line against fxc's records elsewhere (DXC conversions-between-type-shapes through
the conformance record); this file checks the values, with the run-time ``q`` and folded."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, f32, run_case

PARAMS = [[1, 2, 3, 4], [-5, 7, 100, -9], [0, -1, 2147483647, 8]]

DECLS = """
struct S4 { int a; int b; int c; int d; };
"""


def setup(major: str) -> str:
    """``m22`` = [[x, y], [z, w]], ``m33`` = [[x, y, z], [w, x+10, y+10], [z+10, w+10, 99]], ``m23``, ``m13``,
    ``m31`` the obvious fills; ``major`` packs every matrix one way."""
    return (f"  {major} int2x2 m22 = {{q.x, q.y, q.z, q.w}};\n"
            f"  {major} int3x3 m33 = {{q.x, q.y, q.z, q.w, q.x + 10, q.y + 10, q.z + 10, q.w + 10, 99}};\n"
            f"  {major} int2x3 m23 = {{q.x, q.y, q.z, q.w, 5, 6}};\n"
            f"  {major} int1x3 m13 = {{q.x, q.y, q.z}};\n"
            f"  {major} int3x1 m31 = {{q.x, q.y, q.z}};\n"
            f"  {major} float2x2 f22 = {{q.x, q.y, q.z, q.w}};\n"
            "  int4 v4 = q;\n  int a4[4] = {q.x, q.y, q.z, q.w};\n  S4 s4 = {q.x, q.y, q.z, q.w};\n")


def mats(q):
    x, y, z, w = q
    m33 = [[x, y, z], [w, x + 10, y + 10], [z + 10, w + 10, 99]]
    m23 = [[x, y, z], [w, 5, 6]]
    return [[x, y], [z, w]], m33, m23


#: (name, HLSL expression of type int4 / uint4 words, expected(q) from the rule)
EXPRS = [
    ("m22_to_v4", "(int4)m22", lambda q: list(q)),
    ("v4_to_m22_rows", "int4(((int2x2)v4)[1], ((int2x2)v4)[0])", lambda q: [q[2], q[3], q[0], q[1]]),
    ("v4_to_m22_elem", "int4(((int2x2)v4)._m01, ((int2x2)v4)._m10, ((int2x2)v4)._22, ((int2x2)v4)._11)",
     lambda q: [q[1], q[2], q[3], q[0]]),
    ("m22_to_m12_m21", "int4((int1x2)m22, (int2x1)m22)", lambda q: [q[0], q[1], q[0], q[2]]),
    ("m33_to_m22", "(int4)(int2x2)m33", lambda q: [mats(q)[1][0][0], mats(q)[1][0][1], mats(q)[1][1][0],
                                                   mats(q)[1][1][1]]),
    ("m33_to_m12_and_m21", "int4((int1x2)m33, (int2x1)m33)",
     lambda q: [mats(q)[1][0][0], mats(q)[1][0][1], mats(q)[1][0][0], mats(q)[1][1][0]]),
    ("m23_to_m22", "(int4)(int2x2)m23", lambda q: [q[0], q[1], q[3], 5]),
    ("m23_to_m13_m21", "int4((int1x3)m23, ((int2x1)m23)._21)", lambda q: [q[0], q[1], q[2], q[3]]),
    ("m13_m31_to_v3", "int4((int3)m13 + (int3)m31, 0)", lambda q: [2 * q[0], 2 * q[1], 2 * q[2], 0]),
    ("m13_m31_to_v2", "int4((int2)m13, (int2)m31)", lambda q: [q[0], q[1], q[0], q[1]]),
    ("to_scalar", "int4((int)m22, (int)m23, (int)m33, (int)m31)", lambda q: [q[0]] * 4),
    ("v4_to_m13", "int4((int1x3)v4, 7)", lambda q: [q[0], q[1], q[2], 7]),
    ("v4_to_m14_m41", "(int4)(int1x4)v4 + (int4)(int4x1)v4", lambda q: [2 * v for v in q]),
    ("a4_to_m22", "(int4)(int2x2)a4", lambda q: list(q)),
    ("a4_to_m12", "int4((int1x2)a4, (int1x2)s4)", lambda q: [q[0], q[1], q[0], q[1]]),
    ("s4_to_m22_to_v4", "(int4)(int2x2)s4", lambda q: list(q)),
    ("m22_to_s4", "int4(((S4)m22).a, ((S4)m22).b, ((S4)m22).c, ((S4)m22).d)", lambda q: list(q)),
    ("m22_to_a4", "int4(((int[4])m22)[0], ((int[4])m22)[1], ((int[4])m22)[2], ((int[4])m22)[3])",
     lambda q: list(q)),
    ("roundtrip", "(int4)(int2x2)(int4)m22", lambda q: list(q)),
    ("float_m22_to_v4_bits", "asint((float4)f22)", lambda q: [f32(float(v)) for v in q]),
    ("float_from_int_matrix", "asint((float4)(float2x2)m22)", lambda q: [f32(float(v)) for v in q]),
    ("int_matrix_from_float_vector", "(int4)(int2x2)((float4)q * 0.5 + 0.25)",
     lambda q: [int(np.float32(v) * np.float32(0.5) + np.float32(0.25)) for v in q]),  # float32, toward zero
]


def _cases():
    cases = []
    for major in ("", "row_major", "column_major"):
        for name, e, fn in EXPRS:
            body = setup(major) + f"  r = (uint4)({e});\n"
            cases.append(Case(f"{major or 'default'}_{name}", body, PARAMS, [fn(q) for q in PARAMS], decls=DECLS))
    return cases


CASES = _cases()


@pytest.mark.parametrize("fold", [False, True], ids=["runtime", "folded"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_shape_cast_value(case, fold):
    run_case(case, fold=fold)
