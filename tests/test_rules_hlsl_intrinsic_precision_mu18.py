"""An intrinsic keeps its arguments' minimum-precision type, and overload resolution sees it (seed-18 survivor in
intrinsics._keep_precision).

Rule (Microsoft Docs, each "same type" intrinsic's page: ``ret max(x, y)`` / ``ret saturate(x)`` return the type
of their parameters, and the "Scalar types" / minimum-precision page: min16float, min16int are types of their own
for overload resolution, a min16float argument matches a min16float parameter exactly and a float one only by
conversion). So ``tag(max(m, m))`` for min16float m calls ``tag(min16float)``; a float operand promotes the result
to float; an untyped literal adapts to the typed operand. The overloads below return distinct tags, and the
listing's stored constant shows which one was chosen.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_DECLS = """min16float m; min16float2 m2; min16int i; min16uint u; float f;
float tag(float x) { return 1; }
float tag(min16float x) { return 2; }
float tag(int x) { return 3; }
float tag(min16int x) { return 4; }
float tag(float2 x) { return 5; }
float tag(min16float2 x) { return 6; }
float tag(uint x) { return 7; }
float tag(min16uint x) { return 8; }
"""

# (argument of tag, the overload's tag by the rule)
_CASES = [
    ("m", 2),
    ("abs(m)", 2),
    ("max(m, m)", 2),
    ("min(m, m)", 2),
    ("saturate(m)", 2),
    ("clamp(m, m, m)", 2),
    ("max(m, 1.0)", 2),       # the untyped literal adapts
    ("max(m, f)", 1),         # min16float with float: float
    ("abs(m2)", 6),
    ("max(m2, m2)", 6),
    ("min(i, i)", 4),
    ("max(i, 3)", 4),
    ("min(u, u)", 8),
    ("max(f, f)", 1),
]


@pytest.mark.parametrize(("arg", "tag"), _CASES)
def test_same_type_intrinsic_result_keeps_min_precision(arg: str, tag: int) -> None:
    src = _DECLS + f"float4 main() : SV_Target {{ return tag({arg}); }}\n"
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    movs = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("mov o0")]
    v = f"{tag}.000000"
    assert movs == [f"mov o0.xyzw, l({v},{v},{v},{v})"], text
