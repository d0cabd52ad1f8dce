"""fxc's warning X3578 "Output value '<entry>' is not completely initialized" (issue 15).

Sources: MicrosoftDocs direct3dhlsl "HLSL errors and warnings" (X3578 among fxc's warnings); fxc's wording as
recorded for DXC issue 2419 (``uint sum = sum; return sum;`` compiles with only this warning, naming 'main').
Rule (uninit.warn_incomplete_outputs): a component of the entry point's return value (a vector lane, a struct
member's lane) that the shader never defines — never assigned, or copied only from components never assigned
— makes fxc warn once, at the entry point's name. A value defined on every path, or on some path, is not this
warning. *Inferred*: the position (the entry's name); entry out parameters are not judged. ``#pragma warning``
acts on it as on any warning (warning pragma page): ``disable`` silences it, ``error`` makes it an error.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_OUT = "struct O { float4 p : SV_Position; float4 c : COLOR; };\n"


def _warnings(src: str, target: str = "ps_5_0", flags: int = 0) -> list[str]:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    return [ln for ln in text.splitlines() if "warning X3578" in ln]


# (source, target): some returned component is never defined
_WARN = [
    ("uint main() : SV_Target { uint sum = sum; return sum; }", "ps_5_0"),  # DXC issue 2419's record
    ("float4 main() : SV_Target { float4 r; return r; }", "ps_5_0"),
    ("float4 main() : SV_Target { float4 r; r.xyz = 1; return r; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.xw = v.xw; return r; }", "ps_4_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; return o; }", "vs_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; o.c.xy = v.xy; return o; }", "vs_5_0"),
    # an undefined member travels through a copy
    (_OUT + "O main(float4 v : POSITION) { O a; a.p = v; O b = a; return b; }", "vs_5_0"),
    # a component left undefined on every path
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r.x = 1; else r.x = 2; return r; }",
     "ps_5_0"),
]

# every returned component is defined (on every path, or at least on one)
_SILENT = [
    ("float4 main() : SV_Target { return 1; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { return v; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.xy = v.xy; r.zw = 0; return r; }", "ps_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; o.c = v * 2; return o; }", "vs_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o = (O)0; o.p = v; return o; }", "vs_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r = 1; else r = v; return r; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r = 1; return r; }", "ps_5_0"),
    ("void f(out float4 r) { r = 3; }\nfloat4 main() : SV_Target { float4 r; f(r); return r; }", "ps_5_0"),
    ("void main(out float4 o : SV_Target) { o = 1; }", "ps_5_0"),
]


@pytest.mark.parametrize(("src", "target"), _WARN)
def test_undefined_returned_component_warns_once(src, target):
    assert len(_warnings(src, target)) == 1


@pytest.mark.parametrize(("src", "target"), _SILENT)
def test_defined_outputs_do_not_warn(src, target):
    assert _warnings(src, target) == []


def test_text_and_position_name_the_entry():
    src = "\n\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }"
    assert _warnings(src) == ["t.hlsl(3,8): warning X3578: Output value 'main' is not completely initialized"]


def test_pragma_disable_silences_it():
    src = "#pragma warning(disable: 3578)\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }"
    assert _warnings(src) == []
    # a pragma after the entry does not reach back
    src = "float4 main() : SV_Target { float4 r; r.x = 1; return r; }\n#pragma warning(disable: 3578)\n"
    assert len(_warnings(src)) == 1


def test_pragma_error_and_warnings_are_errors_fail_the_compile():
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile("#pragma warning(error: 3578)\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }",
                   None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3578" in e.value.errors
    with pytest.raises(ShaderCompileError):
        D3DCompile("float4 main() : SV_Target { float4 r; r.x = 1; return r; }", None, "t.hlsl", None, None,
                   "main", "ps_5_0", D3DCOMPILE_WARNINGS_ARE_ERRORS)
