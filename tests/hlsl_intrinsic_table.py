"""The HLSL intrinsic functions of shader models 4 and 5 as data: one row per intrinsic, written from the
MicrosoftDocs direct3dhlsl reference (dx-graphics-hlsl-intrinsic-functions.md and each function's page: the
parameters' template type (scalar / vector / matrix), component type and size, the return type, the minimum
shader model and the shader stages) with DXC's intrinsic table (utils/hct/gen_intrin_main.txt: ``$type1`` =
the result is the first argument's type, ``float_like<>`` any layout of floats, ``numeric<c>`` a vector, ...)
for the component/layout templates, checked against fxc's recorded verdicts where those differ (fxc converts
int/uint arguments of the float functions to float; fxc's X3013 candidate lists name countbits(uint),
firstbithigh(int|uint), firstbitlow(uint): DXC SemaHLSL literals.hlsl).

This module is the test oracle of tests/test_rules_hlsl_intrinsic_overloads.py; it is not imported by the
compiler (its expectations must not come from the code under test).

Each row: ``arity`` (argument count), ``shape`` (which layouts the template argument accepts), ``comp`` (which
component types), ``result`` (how the result type follows), ``stage`` ("" for every stage or "ps"). Shapes:
``any`` scalar, vector and matrix; ``vec`` scalar or vector (a matrix of more than one component is X3013);
``vec_open`` scalar or vector (matrices left open); ``mat`` matrix (a vector is X3013); ``sq`` square matrix; ``v3``/``v4`` exactly that vector. Components:
``float`` float (int/uint convert to float; bool's verdict is not recorded and is left open), ``numeric``
int/uint/float each kept, ``int`` int/uint, ``any`` bool/int/uint/float, ``reinterp`` int/uint/float
(bool is X3013). Results: ``same`` the argument's type, ``float`` float in the argument's layout, ``bool`` /
``int`` / ``uint`` that component type in the argument's layout, ``scalar`` a scalar of the argument's
component type, ``fscalar`` a float scalar, ``bool1`` a bool scalar, ``fvec`` float in the argument's layout, a scalar's as float1,
``keep_int`` the argument's layout in its
int / uint component type, else float, ``T`` transposed matrix, ``void``, or a
fixed type name."""

from __future__ import annotations

from typing import NamedTuple


class Row(NamedTuple):
    arity: int
    shape: str
    comp: str
    result: str
    stage: str = ""


def _rows(names: str, row: Row) -> dict[str, Row]:
    return {n: row for n in names.split()}


INTRINSICS: dict[str, Row] = {
    # component-wise float functions: x (scalar, vector or matrix; float) -> same layout, float
    **_rows("acos asin atan ceil cos cosh degrees exp exp2 floor frac log log10 log2 radians round rsqrt "
            "saturate sin sinh sqrt tan tanh trunc rcp", Row(1, "any", "float", "float")),
    **_rows("ddx ddy ddx_coarse ddx_fine ddy_coarse ddy_fine fwidth", Row(1, "any", "float", "float", "ps")),
    **_rows("isnan isinf isfinite", Row(1, "any", "float", "bool")),
    **_rows("atan2 fmod pow step ldexp", Row(2, "any", "float", "float")),
    **_rows("lerp smoothstep", Row(3, "any", "float", "float")),
    # numeric functions keep the component type (abs, min, max, clamp, mad pages: float, int; uint by the table)
    "abs": Row(1, "any", "numeric", "same"),
    **_rows("min max", Row(2, "any", "numeric", "same")),
    **_rows("clamp mad", Row(3, "any", "numeric", "same")),
    "sign": Row(1, "any", "numeric", "int"),
    # any / all: any layout and component -> bool
    **_rows("any all", Row(1, "any", "any", "bool1")),
    # bit functions (int or uint). fxc's X3013 candidate lists (DXC SemaHLSL literals.hlsl) are countbits(uint),
    # firstbitlow(uint) — an int converts, the result is uint — and firstbithigh(int|uint), whose page gives
    # "int firstbithigh(int value)"; d3dcompiler_47 10.1 (session 35, INTR) names a uint result for an int
    # argument too (DXC's table agrees), so the page's int is not followed
    **_rows("countbits firstbitlow firstbithigh", Row(1, "vec_open", "int", "uint")),
    # reinterpretation: same layout, the named component type
    "asfloat": Row(1, "any", "reinterp", "float"),
    "asint": Row(1, "any", "reinterp", "int"),
    "asuint": Row(1, "any", "reinterp", "uint"),
    # vector functions (each page: "vector" template; a scalar is a 1-vector)
    "dot": Row(2, "vec", "numeric", "scalar"),
    "length": Row(1, "vec", "float", "fscalar"),
    "distance": Row(2, "vec", "float", "fscalar"),
    # normalize / reflect / faceforward: d3dcompiler_47 10.1 (under Wine, session 37) names a scalar argument's result
    # a one-component vector, float1 (refract too; its FIXED row below takes float3 only)
    "normalize": Row(1, "vec", "float", "fvec"),
    "reflect": Row(2, "vec", "float", "fvec"),
    "faceforward": Row(3, "vec", "float", "fvec"),
    "cross": Row(2, "v3", "float", "float"),
    # matrix functions
    # the page says square; fxc takes a non-square matrix's leading square block (Windows-verified vkd3d
    # determinant test, tests/test_rules_hlsl_intrinsics.py) — every matrix is accepted
    "determinant": Row(1, "mat", "float", "fscalar"),
    "transpose": Row(1, "mat", "any", "T"),
    # fixed signatures
    "D3DCOLORtoUBYTE4": Row(1, "v4", "float", "int"),
    # dst: d3dcompiler_47 10.1 (under Wine, session 37) keeps int4 / uint4 arguments' component type (computed with
    # imul) and makes bool / float arguments float4; the page's float4-only signature is not followed
    "dst": Row(2, "v4", "float", "keep_int"),
}

#: intrinsics with fixed parameter lists: (argument types, result type)
FIXED: dict[str, tuple[tuple[str, ...], str]] = {
    "lit": (("float", "float", "float"), "float4"),
    "msad4": (("uint", "uint2", "uint4"), "uint4"),
    "refract": (("float3", "float3", "float"), "float3"),
    "f16tof32": (("uint4",), "float4"),
    "f32tof16": (("float4",), "uint4"),
    "asdouble": (("uint2", "uint2"), "double2"),
}

#: mul (the mul page's nine overloads): (x layout, y layout) -> result layout; ``S`` scalar, ``Vn``, ``MrXc``
MUL: list[tuple[str, str, str]] = [
    ("S", "S", "S"), ("S", "V3", "V3"), ("S", "M2x3", "M2x3"), ("V4", "S", "V4"), ("V3", "V3", "S"),
    ("V2", "M2x4", "V4"), ("M3x2", "S", "M3x2"), ("M3x2", "V2", "V3"), ("M2x3", "M3x4", "M2x4"),
    ("V4", "M4x4", "V4"), ("M4x4", "V4", "V4"), ("M1x4", "M4x1", "M1x1"), ("V1", "M1x3", "V3"),
]

BASES = ("bool", "int", "uint", "float")
SHAPES = ["S"] + [f"V{n}" for n in range(1, 5)] + [f"M{r}x{c}" for r in range(1, 5) for c in range(1, 5)]


def type_name(base: str, shape: str) -> str:
    if shape == "S":
        return base
    if shape[0] == "V":
        return f"{base}{shape[1:]}"
    return f"{base}{shape[1:]}"


def shape_ok(rule: str, shape: str) -> bool | None:
    """True: the layout is accepted; False: X3013; None: no recorded verdict (not asserted)."""
    is_mat = shape[0] == "M"
    n = 1 if shape == "S" else (int(shape[1]) if not is_mat else int(shape[1]) * int(shape[3]))
    if rule == "any":
        return True
    if rule == "vec":
        if is_mat:
            return None if n == 1 else False
        return True
    if rule == "vec_open":  # scalars and vectors; matrices not recorded
        return None if is_mat else True
    if rule == "mat":
        return True if is_mat else (False if shape[0] == "V" else None)
    if rule == "sq":
        if not is_mat:
            return None
        return shape[1] == shape[3]
    if rule == "v3":
        return True if shape == "V3" else None
    if rule == "v4":
        return True if shape == "V4" else None
    raise ValueError(rule)


def comp_ok(rule: str, base: str) -> bool | None:
    if rule == "any":
        return True
    if rule in ("float", "numeric"):
        return None if base == "bool" else True
    if rule == "int":
        return True if base in ("int", "uint") else None
    if rule == "reinterp":
        return base != "bool"
    raise ValueError(rule)


def fxc_spelling(name: str) -> str:
    """A type as fxc 10.1 names it in X3017 messages: a one-row matrix as the vector of its columns
    (``float1x4`` is ``float4``, ``int1x1`` is ``int1``; recorded session 35, INTR, for every intrinsic)."""
    for base in BASES:
        if name.startswith(base + "1x"):
            return base + name[len(base) + 2:]
    return name


def result_type(row: Row, base: str, shape: str) -> str:
    return fxc_spelling(_result_type(row, base, shape))


def _result_type(row: Row, base: str, shape: str) -> str:
    r = row.result
    if r == "same":
        return type_name(base, shape)
    if r in ("float", "bool", "int", "uint"):
        return type_name(r, shape)
    if r == "fvec":
        return type_name("float", "V1" if shape == "S" else shape)
    if r == "keep_int":
        return type_name(base if base in ("int", "uint") else "float", shape)
    if r == "scalar":
        return base
    if r == "fscalar":
        return "float"
    if r == "bool1":
        return "bool"
    if r == "T":
        return type_name(base, f"M{shape[3]}x{shape[1]}")
    raise ValueError(r)
