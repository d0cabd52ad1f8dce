"""Which overload of the entry name is compiled, against d3dcompiler_47 10.1 (overload.py ``entry_overload``).

``tests/data/entry_overloads_s36_fxc10_1.json``: verdicts recorded from d3dcompiler_47 10.1 under Wine, session 36
(helper SEM). Each row is a pixel shader whose ``main`` has up to three overloads -- ``(float4 a : A)``,
``(float2 b : B)``, ``()``, ``(uint c : C)`` -- written as bodies, prototypes or static bodies in every order of up
to three (85 orders and 15 more: an overload calling another, a void overload, overloads without semantics, an
error in the one not taken), with fxc's first error number (or ``ok``) and the semantic names of the input
signature fxc built, which tell the overload it compiled (``none`` for ``main()``). The "Functions" page says
nothing of overloaded entry points; fxc takes the overload declared last -- ordered by first declaration,
prototypes included -- among those with a body, and never a static one. Session 35 (helper AREA) found the rule;
the first definition was compiled before.
"""

import json
import re
from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error

ROWS = json.loads((Path(__file__).with_name("data") / "entry_overloads_s36_fxc10_1.json").read_text())["rows"]


def _compile(src: str, target: str) -> tuple[str, str]:
    try:
        blob = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
    except D3D11Error as e:
        return (re.findall(r"error (X\d{4})", str(e)) or ["-"])[0], "-"
    refl = dc.D3DReflect(blob)
    names = [refl.GetInputParameterDesc(i).SemanticName for i in range(refl.GetDesc().InputParameters)]
    return "ok", " ".join(names) or "none"


def test_the_record():
    assert len(ROWS) == 100
    assert sum(r[2] == "ok" for r in ROWS) == 93


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc,inputs", ROWS, ids=[f"{i}-{r[2]}-{r[3]}" for i, r in enumerate(ROWS)])
def test_entry_overload_as_fxc(src: str, target: str, fxc: str, inputs: str):
    assert _compile(src, target) == (fxc, inputs)


@pytest.mark.backend_independent
def test_the_chosen_overload_runs():
    """The taken overload's body is the one executed: ``main(float2)`` declared first by its prototype, then
    ``main(float4)`` and ``main(float2)`` bodies -- fxc (recorded above) compiles main(float4), which returns 4."""
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    src = ("float4 main(float2 b : B);\nfloat4 main(float4 a : A) : SV_Target { return 4; }\n"
           "float4 main(float2 b : B) : SV_Target { return 2; }")
    text = compile_hlsl(src, "t.hlsl", "main", "ps_5_0").listing
    assert "l(4.0" in text or "0x40800000" in text
    assert "l(2.0" not in text and "0x40000000" not in text


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,fxc", [
    # fxc 10.1 (recorded under Wine): the entry calling itself after its prototype is recursion (X3500
    # "'main': recursive functions not allowed in ps_5_0"); a uniform parameter declared by a prototype first
    # is the $Params constant buffer's (cb0)
    ("float4 main(float4 a : A);\nfloat4 main(float4 a : A) : SV_Target { return main(a); }", "X3500"),
    ("float4 main(float4 a : A, uniform float4 k);\n"
     "float4 main(float4 a : A, uniform float4 k) : SV_Target { return a * k; }", "ok"),
])
def test_the_entry_body_after_its_prototype(src: str, fxc: str):
    assert _compile(src, "ps_5_0")[0] == fxc
    if fxc == "ok":
        refl = dc.D3DReflect(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "ps_5_0", 0, 0))
        assert refl.GetConstantBufferByIndex(0).GetDesc().Name == "$Params"


@pytest.mark.backend_independent
def test_a_static_body_alone_is_no_entry_point():
    """fxc 10.1 (recorded): ``static float4 main() : SV_Target`` alone is X3501 "'main': entrypoint not found"."""
    assert _compile("static float4 main() : SV_Target { return 1; }", "ps_5_0")[0] == "X3501"
