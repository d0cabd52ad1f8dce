"""Every SM4/5 intrinsic's overload set, generated from the table in tests/hlsl_intrinsic_table.py (written from
the MicrosoftDocs direct3dhlsl pages and DXC's intrinsic templates, fxc's recorded verdicts where they differ):
each intrinsic x component type (bool, int, uint, float) x layout (scalar, vector1..4, matrix 1x1..4x4) with
all arguments of that type, checking acceptance or fxc's X3013, and the result type; every intrinsic with one
argument too many and one too few (X3013 "no matching N parameter intrinsic function"); the argument-shape
unification of the ``$type1`` families (scalar broadcast, vector truncation with X3206, the smaller matrix,
matrix with vector X3013, int with float); mul's nine overload shapes; the fixed signatures.

The result type is observed at compile time: assigned to a struct no numeric value converts to, the call's type
is named by the X3017 message (fxc's "cannot convert from 'float2' to 'struct Bad'"). Cells the table leaves open (no recorded
verdict) are not asserted. Compile-only: runs once, not per shader backend."""

from __future__ import annotations

import re

import pytest
from hlsl_intrinsic_table import (
    BASES,
    FIXED,
    INTRINSICS,
    MUL,
    SHAPES,
    comp_ok,
    fxc_spelling,
    result_type,
    shape_ok,
    type_name,
)

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: a struct no numeric value converts to (more components than a 4x4 matrix)
_BAD = "struct Bad { float x[17]; };"
_CONV = re.compile(r"X3017: cannot (?:implicitly )?convert from '(?:const )?([^']+)' to '(?:struct )?Bad'")


def _compile(src: str, msgs: list | None = None) -> str | None:
    """None when it compiles, else the error text."""
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
        return None
    except D3D11Error as exc:
        return str(exc)


def _decls(types: list[str]) -> str:
    return "\n".join(f"{t} a{i};" for i, t in enumerate(types))


def _call(name: str, n: int) -> str:
    return f"{name}({', '.join(f'a{i}' for i in range(n))})"


def result_of(name: str, arg_types: list[str]) -> tuple[str | None, str]:
    """(the call's type, "") when it compiles, else (None, the error)."""
    src = f"{_BAD}\n{_decls(arg_types)}\nfloat4 main() : SV_Target {{ Bad k = {_call(name, len(arg_types))}; return 0; }}"
    err = _compile(src) or ""
    m = _CONV.search(err)
    return (m.group(1), "") if m else (None, err)


def check(name: str, arg_types: list[str], expected: str | None) -> str | None:
    """None when the verdict matches: ``expected`` a type name (accepted with that result type) or None
    (X3013). Else a description of the disagreement."""
    got, err = result_of(name, arg_types)
    call = _call(name, len(arg_types))
    if expected is not None:
        return None if got == expected else f"{call} over {arg_types}: expected {expected}, got {got or err}"
    if got is None and "X3013" in err:
        return None
    return f"{call} over {arg_types}: expected X3013, got {got or err}"


def _grid_cases(name: str):
    row = INTRINSICS[name]
    for base in BASES:
        c = comp_ok(row.comp, base)
        for shape in SHAPES:
            s = shape_ok(row.shape, shape)
            if c is None or s is None:
                continue
            t = type_name(base, shape)
            yield [t] * row.arity, (result_type(row, base, shape) if c and s else None)


@pytest.mark.parametrize("name", sorted(INTRINSICS))
def test_component_type_and_layout_grid(name: str):
    bad = [m for args, exp in _grid_cases(name) if (m := check(name, args, exp)) is not None]
    assert not bad, "\n".join(bad[:12]) + f"\n({len(bad)} disagreements)"


_ARITY = {n: r.arity for n, r in INTRINSICS.items()} | {n: len(a) for n, (a, _) in FIXED.items()}


@pytest.mark.parametrize("name", sorted(_ARITY))
def test_argument_count(name: str):
    n = _ARITY[name]
    counts = [n + 1] + ([n - 1] if n > 1 else [])
    if name == "asuint":
        counts = [2, 4]  # asuint(x) and asuint(double, out uint, out uint) exist
    for k in counts:
        src = f"{_decls(['float4'] * k)}\nfloat4 main() : SV_Target {{ {_call(name, k)}; return 0; }}"
        err = _compile(src)
        assert err is not None and "X3013" in err and f"no matching {k} parameter" in err, (name, k, err)


@pytest.mark.parametrize("name", sorted(FIXED))
def test_fixed_signature(name: str):
    args, res = FIXED[name]
    assert check(name, list(args), res) is None


#: the ``$type1`` families: every argument is converted to the first argument's unified type
_UNIFY = ["min", "max", "pow", "atan2", "fmod", "step", "ldexp", "lerp", "clamp", "mad", "smoothstep"]


def _unify_cases():
    # (argument layouts of the first two arguments, the rest copy the second; expected result or None = X3013;
    # whether X3206 implicit truncation is warned)
    yield ["float3", "float"], "float3", False  # scalar broadcast
    yield ["float", "float3"], "float3", False
    yield ["float4", "float2"], "float2", True  # the shorter vector, with a truncation warning
    yield ["float2", "float4"], "float2", True
    yield ["float3x3", "float2x2"], "float2x2", True  # the smaller matrix in each dimension
    yield ["float3x3", "float3"], None, False  # a matrix with a vector
    yield ["float3", "float3x3"], None, False
    yield ["int3", "float3"], "float3", False  # int with float: float
    yield ["float2", "int"], "float2", False


@pytest.mark.parametrize("name", _UNIFY)
def test_argument_unification(name: str):
    row = INTRINSICS[name]
    for (a, b), exp, warns in _unify_cases():
        args = [a] + [b] * (row.arity - 1)
        assert check(name, args, exp) is None, (name, args, exp, check(name, args, exp))
        if exp is not None:
            msgs: list = []
            src = f"{_decls(args)}\nfloat4 main() : SV_Target {{ {_call(name, len(args))}; return 0; }}"
            assert _compile(src, msgs) is None
            text = " ".join(str(m) for m in msgs)
            assert ("X3206" in text) == warns, (name, args, text)


def _layout(base: str, code: str) -> str:
    return type_name(base, code)


@pytest.mark.parametrize(("x", "y", "res"), MUL)
@pytest.mark.parametrize("base", ["float", "int"])
def test_mul_overloads(x: str, y: str, res: str, base: str):
    # the result as fxc names it: mul(float1x4, float4x1) is a 1x1 matrix, spelled 'float1' (fxc_spelling)
    assert check("mul", [_layout(base, x), _layout(base, y)], fxc_spelling(_layout(base, res))) is None


_PS_ONLY = sorted(n for n, r in INTRINSICS.items() if r.stage == "ps")


@pytest.mark.parametrize("name", _PS_ONLY)
@pytest.mark.parametrize("profile", ["vs_5_0", "gs_5_0", "cs_5_0"])
def test_pixel_shader_only_intrinsics(name: str, profile: str):
    """The derivative intrinsics' pages list the pixel stage only (D3D11.3 §22.5: deriv_rt* are pixel-shader
    instructions); fxc's X4532 "cannot map expression to <profile> instruction set"."""
    body = {"vs_5_0": "float4 main(float4 p : P) : SV_Position { return %s; }",
            "gs_5_0": "struct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V i[1], "
                      "inout PointStream<V> s) { V o; o.p = %s; s.Append(o); }",
            "cs_5_0": "RWBuffer<float4> b; [numthreads(1, 1, 1)] void main() { b[0] = %s; }"}[profile]
    arg = "i[0].p" if profile == "gs_5_0" else ("p" if profile == "vs_5_0" else "b[1]")
    try:
        D3DCompile(body % f"{name}({arg})", None, "t.hlsl", None, None, "main", profile)
        err = None
    except D3D11Error as exc:
        err = str(exc)
    assert err is not None and "X4532" in err, err
    D3DCompile(f"float4 main(float4 p : P) : SV_Target {{ return {name}(p); }}", None, "t.hlsl", None, None,
               "main", "ps_5_0")


def test_grid_size():
    """The table covers every SM4/5 numeric intrinsic family; the grid asserts this many cells."""
    cells = sum(1 for n in INTRINSICS for _ in _grid_cases(n))
    assert len(INTRINSICS) == 67 and cells == 3983, (len(INTRINSICS), cells)
