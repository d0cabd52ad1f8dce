"""Parse-time constants that are INF or NaN compile or fail with an fxc-style error, never a raw exception.

Found by the HLSL fuzzer (session 16, device run: ``register(c[1 + 1.#INF * 2 * 0])`` raised ValueError from
Python's int()). Where a non-finite value must become an integer — a cast folded at parse time, a case label, an
initialiser of an int/uint constant — it converts as the instructions do (D3D11.3 22.13.3 ftoi / 22.13.4 ftou: NaN → 0,
+INF → the largest value, -INF → the smallest, toward zero), so the folded program means what the executed
one would. A register offset or an unroll count has no such meaning: X3530 / the count is ignored.
"""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.errors import D3D11Error, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.hlsl.constexpr import to_int

INF, NAN = float("inf"), float("nan")


@pytest.mark.backend_independent
@pytest.mark.parametrize("v,base,want", [
    (NAN, "int", 0), (INF, "int", 0x7FFFFFFF), (-INF, "int", -0x80000000),
    (NAN, "uint", 0), (INF, "uint", 0xFFFFFFFF), (-INF, "uint", 0),
    (2.9, "int", 2), (-2.9, "int", -2), (7, "uint", 7),
])
def test_to_int_follows_ftoi_ftou(v: float, base: str, want: int) -> None:
    assert to_int(v, base) == want


def _outcome(src: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    except (ShaderCompileError, D3D11Error) as exc:
        return "error " + str(exc)
    return "ok"


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,want", [
    ("float a : register(c[1 + 1.#INF * 2 * 0]);\nfloat4 main() : SV_Target { return a; }", "X3530"),
    ("float a : register(c[1.#INF]);\nfloat4 main() : SV_Target { return a; }", "X3530"),
    ("float a[(int)(1.#INF * 0) + 2];\nfloat4 main() : SV_Target { return a[1]; }", "ok"),
    ("float4 main(int x : X) : SV_Target { float s = 0; [unroll(1.#INF * 0)] for (int i = 0; i < 4; i++) "
     "s += i; return s; }", "ok"),
])
def test_compile_outcome(src: str, want: str) -> None:
    got = _outcome(src)
    assert got == "ok" if want == "ok" else want in got


_HEAD = "RWStructuredBuffer<uint> o : register(u0);\n"
_RUN = {
    "cast": ("static const int k = (int)(1.#INF);\n[numthreads(1,1,1)] void main() { o[0] = k; }", 0x7FFFFFFF),
    "cast_neg": ("static const int k = (int)(-1.#INF);\n[numthreads(1,1,1)] void main() { o[0] = k; }",
                 0x80000000),
    "uint_init": ("static const uint u = 1.#INF;\n[numthreads(1,1,1)] void main() { o[0] = u; }", 0xFFFFFFFF),
    # x = o[1] = 0 at run time: NaN's case label is 0, INF's is INT_MAX
    "case_nan": ("[numthreads(1,1,1)] void main() { int x = o[1]; switch (x) { case (1.#INF * 0): o[0] = 5; "
                 "break; default: o[0] = 9; break; } }", 5),
    "case_inf": ("[numthreads(1,1,1)] void main() { int x = o[1]; switch (x) { case 1.#INF: o[0] = 5; "
                 "break; default: o[0] = 9; break; } }", 9),
}


@pytest.mark.parametrize("name", sorted(_RUN))
def test_folded_values_run(name: str) -> None:
    """The value the folded constant takes, stored by a one-thread dispatch."""
    src, want = _RUN[name]
    cs = D3DCompile(_HEAD + src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    assert int(dispatch_on_structured_uav(cs, 4, 2).view(np.uint32)[0]) == want
