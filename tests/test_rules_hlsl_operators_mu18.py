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
