"""The ternary operator's shape rule (seed-18 survivor in exprs.py).

Rule (Microsoft Docs, HLSL "Operators": the conditional operator is evaluated per component; the condition and
the operands must agree in shape): a vector condition cannot select between matrices, nor a matrix condition
between vectors; fxc reports the mismatch as error X3020 (its type-mismatch number, as the project records it in
docs/conformance.md). A scalar condition, or a one-row matrix where a vector is expected, is no mismatch.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _errors(src: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    except ShaderCompileError as exc:
        return exc.errors
    return ""


# (condition type, operand type, result expression from r, True when an X3020 error is expected)
_CASES = [
    ("float2", "float2x2", "r[0].xyxy", True),
    ("bool4", "float2x2", "r[0].xyxy", True),
    ("float2x2", "float2", "r.xyxy", True),
    ("bool2x2", "float4", "r", True),
    ("float", "float2x2", "r[0].xyxy", False),   # a scalar condition selects whole operands
    ("float2x2", "float2x2", "r[0].xyxy", False),
    ("float2", "float2", "r.xyxy", False),
    ("float1x2", "float2", "r.xyxy", False),      # a one-row matrix behaves as a vector here
]


@pytest.mark.parametrize(("ct", "ot", "ret", "bad"), _CASES)
def test_ternary_condition_shape(ct: str, ot: str, ret: str, bad: bool) -> None:
    src = (f"{ct} c; {ot} a; {ot} b;\n"
           f"float4 main() : SV_Target {{ {ot} r = c ? a : b; return {ret}; }}\n")
    err = _errors(src)
    if bad:
        assert "error X3020:" in err, err
    else:
        assert err == "", err


# Logical operators on values known at compile time (exprs._fold_logical). Rule (Microsoft Docs, HLSL
# "Operators", Boolean math operators: ``&&`` and ``||`` work per component on vectors, a nonzero operand is true,
# the result is bool; HLSL evaluates both sides). Each case: component values of the two int4 locals.
_LOGIC = [
    ((0, 0, 1, 1), (0, 1, 0, 1)),
    ((3, -1, 0, 7), (5, 0, 0, -2)),
    ((1, 1, 1, 1), (1, 1, 1, 1)),
    ((0, 0, 0, 0), (0, 0, 0, 0)),
]


def _listing_body(body: str) -> str:
    from pyd3d11.d3dcompiler import D3DDisassemble

    blob = D3DCompile("float4 main() : SV_Target { " + body + " }", None, "t.hlsl", None, None, "main", "ps_5_0")
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


def _lit(vals: list[float]) -> str:
    return "l(" + ",".join("0" if v == 0 else f"{v:.6f}" for v in vals) + ")"


@pytest.mark.parametrize(("a", "b"), _LOGIC)
@pytest.mark.parametrize("op", ["&&", "||"])
def test_logical_operators_on_known_values(a: tuple, b: tuple, op: str) -> None:
    want = [float((x != 0 and y != 0) if op == "&&" else (x != 0 or y != 0)) for x, y in zip(a, b)]
    body = (f"int4 a = int4{a}; int4 b = int4{b}; "
            f"return float4(a {op} b);")
    text = _listing_body(body)
    assert f"mov o0.xyzw, {_lit(want)}" in text, text


@pytest.mark.parametrize(("x", "y"), [(0, 0), (0, 1), (1, 0), (1, 1), (4, -3)])
@pytest.mark.parametrize("op", ["&&", "||"])
def test_logical_scalar_condition_on_known_values(x: int, y: int, op: str) -> None:
    truth = (x != 0 and y != 0) if op == "&&" else (x != 0 or y != 0)
    text = _listing_body(f"int x = {x}; int y = {y}; return (x {op} y) ? 1 : 2;")
    v = 1.0 if truth else 2.0
    assert f"mov o0.xyzw, {_lit([v] * 4)}" in text, text
