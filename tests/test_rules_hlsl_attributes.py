"""Statement attributes ([loop], [unroll(n)], [fastopt], [allow_uav_condition], [branch], [flatten],
[forcecase], [call]) and attribute syntax: conflicts, argument validation, unknown attributes.

Sources: MicrosoftDocs direct3dhlsl "for Statement" / "while" / "do" / "if Statement" / "switch Statement"
(the attribute lists); fxc's verdicts and numbers as DXC's SemaHLSL attributes test records them
(X3524 can't use loop/fastopt and unroll together, X3084 a negative unroll count, warning X3554 for an
unknown attribute or an unroll count that is not an int, X3000 for an empty argument list).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _compile(src: str) -> list[str]:
    """Compiles a pixel shader; returns the warning lines."""
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    text = "".join(bytes(m).decode() if not isinstance(m, str) else m for m in msgs)
    return [ln for ln in text.splitlines() if "warning" in ln]


def _error(src: str) -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return ei.value.errors


def _loop(attrs: str) -> str:
    return ("float4 g; float4 main() : SV_Target { float v = g.x; " + attrs +
            " for (int k = 0; k < 4; k++) { v *= 2; } return v; }")


@pytest.mark.parametrize("attrs", ["[loop]", "[unroll]", "[unroll(2)]", "[unroll(4)]", "[fastopt]",
                                   "[allow_uav_condition]", "[loop][fastopt]", "[loop][allow_uav_condition]",
                                   "[fastopt][allow_uav_condition]"])
def test_loop_attributes_accepted(attrs):
    assert not [w for w in _compile(_loop(attrs)) if "X3554" in w]


@pytest.mark.parametrize("attrs", ["[LOOP]", "[Unroll(2)]"])
def test_loop_attributes_are_known_by_their_lower_case_names(attrs):
    # d3dcompiler_47 10.1 under Wine (session 38; an older row here took them as accepted): compiled, with "warning
    # X3554: unknown attribute LOOP, or attribute invalid for this statement, valid attributes are: loop, ..."
    name = attrs[1:].split("]")[0].split("(")[0]
    assert [w for w in _compile(_loop(attrs)) if f"X3554: unknown attribute {name}," in w]


@pytest.mark.parametrize("attrs,msg", [
    ("[loop][unroll]", "can't use loop and unroll attributes together"),
    ("[unroll][loop]", "can't use loop and unroll attributes together"),
    ("[fastopt][unroll]", "can't use fastopt and unroll attributes together"),
    ("[unroll(2)][fastopt]", "can't use fastopt and unroll attributes together"),
])
def test_loop_attribute_conflicts(attrs, msg):
    assert f"error X3524: {msg}" in _error(_loop(attrs))


@pytest.mark.parametrize("attrs", ["[loop][loop]", "[unroll][unroll]", "[branch][flatten]"])
def test_duplicate_or_conflicting_attributes(attrs):
    """MicrosoftDocs "HLSL errors and warnings": ERR_DUPLICATE_ATTRIBUTE 3524, "Specific attributes can't be used
    together, like loop and unroll, or a duplicate attribute was supplied" (session 21; was X3000)."""
    src = _loop(attrs) if "branch" not in attrs else \
        "float4 g; float4 main() : SV_Target { float v = 0; " + attrs + " if (g.x > 0) v = 1; return v; }"
    assert "error X3524" in _error(src)


def test_negative_unroll_count():
    assert "error X3084: cannot match attribute unroll, non-uint parameters found" in _error(_loop("[unroll(-1)]"))


@pytest.mark.parametrize("attrs", ['[unroll(1.5)]', '[unroll("2")]'])
def test_non_int_unroll_count_is_ignored_with_a_warning(attrs):
    warnings = _compile(_loop(attrs))
    assert any("warning X3554: cannot match attribute unroll, parameter 1 is expected to be of type int" in w
               for w in warnings), warnings


@pytest.mark.parametrize("attrs", ["[unknown]", "[unknown(1)]", "[noinline]"])
def test_unknown_statement_attribute_is_a_warning(attrs):
    warnings = _compile(_loop(attrs))
    name = attrs[1:].split("(")[0].rstrip("]")
    assert any(f"warning X3554: unknown attribute {name}" in w for w in warnings), warnings


@pytest.mark.parametrize("attr", ["[domain()]", "[partitioning()]", "[numthreads()]"])
def test_empty_attribute_arguments_are_a_syntax_error(attr):
    err = _error(attr + " int f() { return 1; }\nfloat4 main() : SV_Target { return 0; }")
    assert "error X3000: syntax error: unexpected token ')'" in err, err


@pytest.mark.parametrize("attrs", ["[branch]", "[flatten]"])
def test_if_attributes(attrs):
    _compile("float4 g; float4 main() : SV_Target { float v = 0; " + attrs + " if (g.x > 0) v = 1; return v; }")


@pytest.mark.parametrize("attrs", ["[branch]", "[flatten]", "[forcecase]", "[call]"])
def test_switch_attributes(attrs):
    _compile("int g; float4 main() : SV_Target { float v = 0; " + attrs +
             " switch (g) { case 0: v = 1; break; default: v = 2; break; } return v; }")


def test_unroll_count_from_a_named_constant_is_kept():
    """A static const count is an int constant: no warning, the loop unrolls as asked."""
    src = ("static const int N = 4; float4 g; float4 main() : SV_Target { float v = g.x; [unroll(N)] "
           "for (int k = 0; k < 4; k++) { v *= 2; } return v; }")
    assert not [w for w in _compile(src) if "X3554" in w]
