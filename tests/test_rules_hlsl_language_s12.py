"""Language rules found through DXC's non-Sema corpus retargeted to SM 5.0 (issue 15, session 12): valid
fxc SM 5.0 language our compiler rejected. Compile-time rules only (one run, backend-independent).

Sources per rule:
* ``vector<…>``/``matrix<…>`` element normalisation: DXC SemaHLSL typemods-syntax.hlsl, fxc's verdicts per
  line (``matrix<snorm float, 2, 3>`` accepted; a second snorm/unorm or a majority inside the brackets, or
  snorm outside ``matrix<…>``, X3000 at that token); the float-family rule of ``snorm``/``unorm`` (X3085) is
  the scalar one (DXC scalar-assignments: ``snorm bool`` X3085).
* elaborated type specifiers ``class C c;`` / ``interface I i[N];``: dxilconv's interface1.hlsl, built with
  ``fxc /T ps_5_0`` (its ``FXC command line``), declares ``interface IFace I[253];``.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_specific  # compile-time rules: no shader runs

MAIN = "\nfloat4 main() : SV_Target { return 0; }\n"


def _compile(src: str, entry: str = "main", profile: str = "ps_5_0") -> str | None:
    """None when it compiles, else the error text."""
    try:
        D3DCompile(src, None, "t.hlsl", None, None, entry, profile)
    except ShaderCompileError as e:
        return e.errors
    return None


def _check(src: str, code: str | None, at: str | None = None) -> None:
    err = _compile(src)
    if code is None:
        assert err is None, (src, err)
    else:
        assert err is not None and f"error {code}" in err, (src, err)
        if at is not None:
            assert at in err, (src, err)


#: (declaration, fxc error code or None, text the message must contain)
TEMPLATE_NORM = [
    ("matrix<snorm float, 2, 3> g;", None, None), ("matrix<unorm float, 2, 3> g;", None, None),
    ("vector<snorm float, 2> g;", None, None), ("vector<unorm float, 4> g;", None, None),
    ("vector<unorm half, 3> g;", None, None), ("vector<snorm min16float, 2> g;", None, None),
    ("vector<snorm double, 2> g;", None, None),
    ("row_major matrix<snorm float, 2, 3> g;", None, None), ("column_major matrix<unorm float, 2, 3> g;", None, None),
    ("static const matrix<unorm float, 2, 2> g = 1;", None, None),
    ("matrix<snorm unorm float, 2, 3> g;", "X3000", "unexpected token 'unorm'"),
    ("matrix<unorm unorm float, 2, 3> g;", "X3000", "unexpected token 'unorm'"),
    ("matrix<row_major float, 2, 3> g;", "X3000", "unexpected token 'row_major'"),
    ("matrix<column_major snorm float, 2, 3> g;", "X3000", "unexpected token 'column_major'"),
    ("matrix<snorm row_major float, 2, 3> g;", "X3000", "unexpected token 'row_major'"),
    ("snorm matrix<snorm float, 2, 3> g;", "X3000", "unexpected token 'matrix'"),
    ("unorm matrix<snorm float, 2, 3> g;", "X3000", "unexpected token 'matrix'"),
    ("vector<snorm int, 2> g;", "X3085", "snorm can not be used with type"),
    ("vector<unorm uint, 2> g;", "X3085", "unorm can not be used with type"),
    ("vector<unorm bool, 2> g;", "X3085", "unorm can not be used with type"),
]


def test_template_element_normalisation():
    for decl, code, at in TEMPLATE_NORM:
        _check(decl + MAIN, code, at)


def test_template_normalised_matrix_is_usable():
    # the modifier leaves the value a float matrix: arithmetic and indexing as usual
    src = ("matrix<snorm float, 2, 2> m = {0.5, -0.5, 1, 0};\n"
           "float4 main() : SV_Target { vector<unorm float, 2> v = m[0]; return float4(v, m[1]); }\n")
    assert _compile(src) is None
