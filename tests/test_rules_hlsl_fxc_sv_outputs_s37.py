"""System-interpreted outputs that no path writes, against d3dcompiler_47 10.1 (``uninit.warn_incomplete_outputs``,
the element spellings ``signatures.bind_output`` returns).

``tests/data/sv_outputs_s37_fxc10_1.json``: verdicts recorded from d3dcompiler_47 10.1 under Wine, session 37
(helper OBJ) -- the expected column is the first error number Microsoft's compiler gave, or ``ok``, and for X4580
its message without the position. The rows: vertex-shader outputs (SV_Position in two spellings, clip and cull
distances, the render-target and viewport array indices, SV_InstanceID / SV_VertexID passed along, plain
semantics) as an out parameter and as a struct member, written never / wholly / in one component / under an ``if``
/ under ``if``-``else`` / in a loop, at vs_4_0 and vs_5_0; return values with several returns at vs_4_0-5_1 and
pixel targets; two output values; pixel-shader depth, conservative depth, coverage, stencil and extra targets at
ps_4_0-5_1; domain-shader outputs; hull-shader patch constants (tri, quad; tess factors partly written); semantics
spelled with an index; out-parameter arrays written wholly, partly, under an ``if``, in a loop (4_0, 5_0, level 9);
geometry-shader vertices appended partly written (gs_4_0, gs_5_0).

No page documents X4580 (the "Semantics" page is silent on unwritten outputs); fxc's record is the rule:

* after the X3578 warnings, an output value (return value or out parameter) whose never-written components include
  one of a system-interpreted element is X4580 "Output variable NAME contains a system-interpreted value (SEM)
  which must be written in every execution path of the shader.  Unconditional initialization may help.", SEM the
  value's first such element as spelled (``sv_position`` stays lower case);
* a component any return of the value writes, on any path, is written (X3578 is per return, X4580 per value);
* SV_Target, SV_DepthGreaterEqual / SV_DepthLessEqual and attributes passed along (a vertex shader's
  SV_InstanceID output) are not system-interpreted there; SV_Depth, SV_Coverage, SV_StencilRef, the tess factors
  are;
* an out parameter that is an array is copied out whole: where part of it is never written, X4000 "variable 'a'
  used without having been completely initialized" instead of its X3578, at every target, before any X4580 (an
  array inside a struct is judged as the struct: X3578 / X4580);
* a geometry shader's vertex variable appended with a component no path writes before that Append is X4000
  "variable 'o' used without having been completely initialized" at the Append (``gs.stream_method`` records it;
  a write after an earlier Append does not count for it);
* ps_4_0's coverage output is X4503 "SV_Coverage not supported on ps_4_0" -- after X4580 when nothing writes it.
"""

import json
import re
from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error

ROWS = json.loads((Path(__file__).with_name("data") / "sv_outputs_s37_fxc10_1.json").read_text())["rows"]


def _first_error(src: str, target: str) -> tuple[str, str]:
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
    except D3D11Error as e:
        m = re.search(r"error (X\d{4}): ([^\n]*)", str(e))
        return (m.group(1), m.group(2)) if m else ("-", "")
    return "ok", ""


def test_the_record():
    assert len(ROWS) == 533
    counts = {v: sum(1 for r in ROWS if r[2] == v) for v in {r[2] for r in ROWS}}
    assert counts == {"ok": 346, "X4580": 103, "X4000": 31, "X4502": 49, "X4503": 2, "X3017": 2}


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc,words", ROWS, ids=[f"{i}-{r[1]}-{r[2]}" for i, r in enumerate(ROWS)])
def test_unwritten_system_value_output_as_fxc(src: str, target: str, fxc: str, words: str):
    code, message = _first_error(src, target)
    assert code == fxc
    if fxc in ("X4580", "X4000"):
        assert message == words


@pytest.mark.backend_independent
def test_x4580_follows_every_x3578_warning():
    """fxc 10.1's message blob (recorded): both warnings, then the errors -- the first is raised here."""
    src = "void main(float4 v : V, out float c : SV_ClipDistance, out float4 p : sv_position) { }"
    with pytest.raises(D3D11Error) as e:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "vs_5_0", 0, 0)
    text = str(e.value)
    assert text.count("warning X3578") == 2
    assert text.index("Output value 'p'") < text.index("error X4580: Output variable c contains a system-interpreted "
                                                        "value (SV_ClipDistance)")
