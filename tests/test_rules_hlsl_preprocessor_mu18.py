"""C99 §6.10.3p5 for ``__VA_ARGS__`` and the number the project gives a bad macro definition (seed-18 survivor).

Rule: the identifier ``__VA_ARGS__`` shall occur only in the replacement list of a function-like macro that
uses the ellipsis notation. The project reports every malformed ``#define`` (a duplicate parameter, a misplaced
``__VA_ARGS__``) as error X1500, ERR_PP_SYNTAX of Microsoft's table of fxc's codes ("HLSL errors and warnings"),
and a duplicate parameter as X1511, ERR_DUPLICATEPARAMATER (session 16; earlier the project's own X1007). Expected results below follow from that rule alone.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_MAIN = "\nfloat4 main() : SV_Target { return 0; }\n"


def _errors(src: str) -> str:
    try:
        D3DCompile(src + _MAIN, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    except ShaderCompileError as exc:
        return exc.errors
    return ""


# (definition, error number or None when the definition is valid)
_CASES = [
    # fxc has no variadic macros: __VA_ARGS__ is an ordinary name and the ellipsis X1500 (d3dcompiler_47 10.1,
    # sessions 35-36; C99 §6.10.3p5 is the strict mode's)
    ("#define F(a) a __VA_ARGS__", None),        # function-like, no ellipsis
    ("#define G __VA_ARGS__", None),              # object-like
    ("#define H(a) __VA_ARGS__", None),
    ("#define K(a, b) (a, b, __VA_ARGS__)", None),
    ("#define V(...) __VA_ARGS__", 1500),         # "unexpected token '...'"
    ("#define W(a, ...) a + __VA_ARGS__", 1500),
    ("#define D(a, a) a", 1511),                  # duplicate parameter (§6.10.3p6): ERR_DUPLICATEPARAMATER
]


@pytest.mark.parametrize(("definition", "code"), _CASES)
def test_va_args_only_in_a_variadic_macro(definition: str, code: int | None) -> None:
    err = _errors(definition)
    if code is None:
        assert err == ""
    else:
        assert f"error X{code}:" in err, err
        if "..." in definition:
            assert "unexpected token '...'" in err
