"""Brace lists outside initialisers and struct constructors, in called and uncalled functions.

Source: fxc's verdicts in DXC's SemaHLSL struct-assignments.hlsl (the file's `main` is not the entry point
fxc compiles, so these are reported for a function nothing calls): `(s_f2){ float2(1, 2) }` and
`(s_f2)({ float2(1, 2) })` are X3000 "syntax error: unexpected token '{'", `s_f2(0.1f, 0.2f)` is X3037
"constructors only defined for numeric base types"; brace lists stay valid as (nested) initialisers.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

S = "struct s_f2 { float2 f; };\n"


@pytest.mark.parametrize("stmt,code", [
    ("s_f2 x = (s_f2){ float2(1, 2) };", "X3000: syntax error: unexpected token '{'"),
    ("s_f2 x = (s_f2)({ float2(1, 2) });", "X3000: syntax error: unexpected token '{'"),
    ("float2 v = 1 + { 1, 2 };", "X3000: syntax error: unexpected token '{'"),
    ("s_f2 x = s_f2(0.1f, 0.2f);", "X3037"),
])
@pytest.mark.parametrize("called", [True, False])
def test_rejected_in_called_and_uncalled_functions(stmt, code, called):
    src = S + f"void g() {{ {stmt} }}\nfloat4 main() : SV_Target {{ {'g(); ' if called else ''}return 0; }}"
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert f"t.hlsl(2," in info.value.errors and f"error {code}" in info.value.errors, info.value.errors


@pytest.mark.parametrize("stmt", ["s_f2 x = { float2(1, 2) };", "s_f2 x = { 1, 2 };",
                                  "s_f2 y[2] = { { 1, 2 }, { 3, 4 } };", "float4 v = { 1, { 2, 3 }, 4 };",
                                  "s_f2 z = (s_f2)1;"])
def test_initialisers_stay_valid(stmt):
    D3DCompile(S + f"float4 main() : SV_Target {{ {stmt} return 0; }}", None, "t.hlsl", None, None, "main", "ps_5_0")
