"""Two switch rules of fxc below SM 6, with fxc's numbers and texts (Dawn/Tint's and naga's recorded fxc output):

- ``continue`` whose innermost enclosing loop-or-switch is a switch: "error X3708: continue cannot be used in a
  switch", at the statement (Tint: ``(17,11-19): error X3708`` on the ``continue;`` of ``while (true) { switch (i)
  { case 0: { … continue; } … } }``; naga issue 2287 for ``switch (0) { default: { continue; } }``, a switch a
  constant selector would fold away). A loop inside the case is a new innermost loop; nested switches are not.
  DXC's CodeGenSPIRV cf.break.mixed.hlsl was X3000 "continue is not allowed inside a switch below SM6".
- a non-empty case group that can fall into the next: "error X3533: non-empty case statements must have break
  or return", at the group's first label (Tint: ``(19,7)`` on the ``case 0: {`` line); it said "fall-through
  between case labels is only allowed for empty cases" at the ``switch``.

The tested lines start in column 1: the compiler's columns do not count a line's leading whitespace (fxc's do;
a difference of the preprocessor's output, outside these rules)."""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

pytestmark = pytest.mark.backend_independent


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))


def _error(src: str) -> str:
    with pytest.raises(D3D11Error) as exc:
        _compile(src)
    return str(exc.value)


_LOOP = """float main(int k : K) : SV_Target {{
  int i = 0;
  [loop] while (i < k) {{
    i++;
{body}
}}
  return i;
}}"""

#: (statements inside the loop; the line of the offending ``continue`` is the one holding ``@``)
IN_SWITCH = [
    "switch (k) { case 0: { @continue; } default: break; }",
    "switch (k) { case 0: if (k > 2) @continue; break; default: break; }",
    "switch (k) { case 0: { { @continue; } } default: break; }",
    "switch (k) { case 0: if (k > 2) {} else @continue; break; default: break; }",
    "switch (0) { default: { @continue; } }",                       # a constant selector (folded later)
    "switch (3) { case 3: @continue; case 4: break; }",
    "switch (k) { case 1: switch (i) { default: { @continue; } } break; default: break; }",  # nested switch
    "for (int j = 0; j < k; j++) { switch (j) { case 1: @continue; default: break; } }",
]


@pytest.mark.parametrize("body", IN_SWITCH)
def test_continue_in_a_switch_is_x3708_at_the_statement(body: str):
    col = body.index("@") + 1
    msg = _error(_LOOP.format(body=body.replace("@", "")))
    assert re.search(rf"\(5,{col}\): error X3708: continue cannot be used in a switch", msg), msg


@pytest.mark.parametrize("body", [
    "switch (k) { case 0: for (int j = 0; j < k; j++) { if (j == 2) continue; i += j; } break; default: break; }",
    "switch (k) { case 0: [loop] do { i++; continue; } while (i < 3); break; default: break; }",
    "switch (k) { case 0: i += 2; break; default: break; } if (i > 5) continue;",
    "switch (k) { case 0: break; case 1: return 7; default: break; }",
])
def test_continue_of_a_loop_inside_the_case_or_after_the_switch_compiles(body: str):
    _compile(_LOOP.format(body=body))


def test_continue_in_a_switch_outside_any_loop_stays_x3519():
    msg = _error("float main(int k : K) : SV_Target { switch (k) { case 0: continue; default: break; } return 1; }")
    assert "X3519" in msg


_FALL = """float main(int k : K) : SV_Target {{
  int i = 0;
  switch (k) {{
{cases}
}}
  return i;
}}"""


@pytest.mark.parametrize(("cases", "line", "col"), [
    ("case 0: i = 1;\ncase 1: i = 2; break;", 4, 1),
    ("default: i = 3; break;\ncase 4:\ncase 5: i = 1;\ncase 6: break;", 5, 1),
    ("case 2: break; default: { i = 4; }\ncase 7: i = 2; break;", 4, 16),
    ("case 1: if (k > 3) break;\ncase 2: return 2;", 4, 1),
])
def test_a_non_empty_case_falling_through_is_x3533_at_its_first_label(cases: str, line: int, col: int):
    msg = _error(_FALL.format(cases=cases))
    assert re.search(rf"\({line},{col}\): error X3533: non-empty case statements must have break or return",
                     msg), msg


@pytest.mark.parametrize("cases", [
    "  case 0:\n  case 1: i = 2; break;\n  default: return 4;",
    "  case 0: { i = 1; break; }\n  case 1: if (k > 1) return 3; else break;",
])
def test_empty_cases_and_terminated_cases_compile(cases: str):
    _compile(_FALL.format(cases=cases))
