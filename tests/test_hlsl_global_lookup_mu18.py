"""Reading globals that the code generator keeps as values rather than as cbuffer members or statics in scope
(seed-18 survivor codegen#577: ``lookup_global_rest``'s "staticval" case).

Rules: (1) with D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (fxc /Gec) a shader may write a uniform global; the
name then designates a writable copy initialised from the constant buffer (Microsoft Docs, D3DCOMPILE constants:
"enable older shaders to compile to 5_0 targets"; the project's compatwrite.py), so later reads see the written
value and the constant buffer is only read for the initial one. (2) A ``string`` global has no storage and no
register; a function may still name it (DXC's string.hlsl test: ``str = s_global2``), which compiles.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _body(src: str, flags: int = 0) -> list[str]:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode().rstrip("\x00")  # the blob's terminator
    return [ln.strip() for ln in text.splitlines()
            if ln.strip() and not ln.strip().startswith(("//", "dcl_", "ps_"))]


# (statements on the uniform float u, the value returned as an expression of the cbuffer's u and p.x)
@pytest.mark.parametrize(("stmts", "want_ops"), [
    ("u = u * 2; return u + p.x;", ["mul", "add"]),
    ("u = 5; return u + p.x;", ["add"]),           # the written constant replaces the cbuffer read
    ("u += p.x; u += p.x; return u;", ["add", "add"]),
])
def test_written_uniform_reads_its_copy_under_gec(stmts: str, want_ops: list[str]) -> None:
    src = f"float u;\nfloat4 main(float4 p : SV_Position) : SV_Target {{ {stmts} }}"
    body = _body(src, D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)
    assert [ln.split(" ")[0] for ln in body] == [*want_ops, "ret"], body
    reads_cb = any("cb0[0].x" in ln for ln in body)
    assert reads_cb == (stmts != "u = 5; return u + p.x;"), body
    if stmts.startswith("u = 5"):
        assert body[0].startswith("add o0.xyzw, ") and "l(5.000000)" in body[0], body


def test_string_global_named_in_a_function_compiles() -> None:
    src = 'string s_global2 = "x";\nfloat4 main() : SV_Target { string str = s_global2; return 1; }'
    assert _body(src) == ["mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)", "ret"]
