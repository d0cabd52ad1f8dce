"""An array of objects inside a local struct, assigned element by element (issue 19: objects.py #100 of the seed-21
round survived — no test wrote into an object array reached through a struct member).

HLSL objects in locals are references to the global they were last assigned (the "Variable Syntax" page: objects
are not copied by value; fxc resolves every use to its register). So after ``s.t[0] = A; s.t[1] = B;`` a load
through ``s.t[1]`` reads B's register and one through ``s.t[0]`` reads A's, and the struct's numeric member beside
the array keeps its own value."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compiles only (checked by tests/conftest.py)

_SRC = """struct S {{ Texture2D<float4> t[{n}]; float k; }};
Texture2D<float4> A : register(t0); Texture2D<float4> B : register(t1); Texture2D<float4> C : register(t2);
float4 main(float4 p : SV_Position) : SV_Target {{
    S s; s.k = 2; {assign}
    return {reads}; }}"""


def _loads(n: int, order: list[str]) -> list[str]:
    assign = " ".join(f"s.t[{i}] = {g};" for i, g in enumerate(order))
    reads = " + ".join(f"s.k * s.t[{i}].Load(int3({i}, 0, 0))" for i in range(n))
    blob = D3DCompile(_SRC.format(n=n, assign=assign, reads=reads), None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).rstrip(b"\0").decode()
    return [ln.strip() for ln in text.splitlines() if ln.strip().startswith("ld ")]


@pytest.mark.parametrize("order", [["A", "B"], ["B", "A"], ["C", "A", "B"], ["B", "B", "C"]])
def test_each_element_reads_the_global_it_was_given(order: list[str]) -> None:
    reg = {"A": "t0", "B": "t1", "C": "t2"}
    loads = _loads(len(order), order)
    assert len(loads) == len(order), loads
    for i, g in enumerate(order):  # the Load of element i (its texel x = i) names the register of what it holds
        assert any(f"l({i}, 0, 0, 0), {reg[g]}.xyzw" in ln for ln in loads), (i, g, loads)
