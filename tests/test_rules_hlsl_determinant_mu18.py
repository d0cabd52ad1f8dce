"""determinant() of a square matrix: its value, and no diagnostic (seed-18 survivor intrinsics#303, the 3x3 case
that goes through cross()).

Rule (Microsoft Docs, "determinant": ``float determinant(x)``, x a square float matrix, returns its determinant;
nothing is truncated, so no X3206 "implicit truncation" warning). Expected values: Laplace expansion along the
first row, computed below in Python on exact small integers (every intermediate is exact in float32).
"""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.d3dcompiler import D3DCompile


def _det(m: list[list[int]]) -> int:
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** c * m[0][c] * _det([row[:c] + row[c + 1:] for row in m[1:]]) for c in range(len(m)))


_MATS = [
    [[3, 8], [4, 6]],
    [[2, 0, 1], [1, 3, 2], [1, 1, 1]],
    [[6, 1, 1], [4, -2, 5], [2, 8, 7]],
    [[1, 2, 3], [4, 5, 6], [7, 8, 9]],
    [[1, 0, 2, -1], [3, 0, 0, 5], [2, 1, 4, -3], [1, 0, 5, 0]],
]


def _src(m: list[list[int]]) -> str:
    n = len(m)
    vals = ", ".join(f"{v}.0 + z" for row in m for v in row)   # z = 0 at run time: nothing folds
    return (f"RWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\n"
            f"void main(uint gi : SV_GroupIndex) {{ float z = gi; float{n}x{n} m = float{n}x{n}({vals}); "
            f"o[0] = determinant(m); }}\n")


@pytest.mark.backend_independent
@pytest.mark.parametrize("m", _MATS, ids=lambda m: f"{len(m)}x{len(m)}")
def test_determinant_compiles_without_a_warning(m: list[list[int]]) -> None:
    msgs: list = []
    D3DCompile(_src(m), None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0, msgs)
    assert [bytes(x).decode() for x in msgs] == []


@pytest.mark.parametrize("m", _MATS, ids=lambda m: f"{len(m)}x{len(m)}")
def test_determinant_value(m: list[list[int]]) -> None:
    cs = D3DCompile(_src(m), None, "t.hlsl", None, None, "main", "cs_5_0")
    got = dispatch_on_structured_uav(cs, 4, 1).view(np.float32)[0]
    assert got == _det(m)
