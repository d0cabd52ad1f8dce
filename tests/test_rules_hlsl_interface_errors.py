"""Where interfaces may appear: fxc's numbered errors from MicrosoftDocs "HLSL errors and warnings" (the codes and
their descriptions are the page's; the message wordings are inferred):

* X3110 ERR_NO_INTERFACES_AS_MEMBERS "Interfaces can't be members" (of a struct or a class, arrays too);
* X3132 ERR_NO_INTERFACES_IN_BUFFERS "Interfaces can't be declared in buffers";
* X3118 ERR_INTERFACE_OUT "Interfaces can only be inputs" (out and inout parameters);
* X3119 ERR_MULTI_DIM_POINTER_ARRAY "Interface arrays can't be multi-dimensional";
* X3131 ERR_NO_STATIC_INTERFACE_INIT "Static interfaces can't have initializers";
* X3544 ERR_NO_INTERFACE_SUPPORT: abstract interfaces on a target without them (shader model 4).

Each row has a control that differs only in the construct and compiles."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compile-time rules: nothing runs

BASE = "interface IF { float foo(); };\nclass A : IF { float f; float foo() { return f; } };\nA a;\n"

ROWS = [
    # (code, failing source, control that compiles, profile)
    ("X3110", "struct S { IF i; float x; };\nfloat main() : SV_Target { return a.foo(); }",
     "struct S { A i; float x; };\nfloat main() : SV_Target { return a.foo(); }", "ps_5_0"),
    ("X3110", "struct S { float x; IF i[2]; };\nfloat main() : SV_Target { return a.foo(); }",
     "struct S { float x; A i[2]; };\nfloat main() : SV_Target { return a.foo(); }", "ps_5_0"),
    ("X3110", "class B { IF i; float x; };\nfloat main() : SV_Target { return a.foo(); }",
     "class B { A i; float x; };\nfloat main() : SV_Target { return a.foo(); }", "ps_5_0"),
    ("X3132", "cbuffer C { IF ci; };\nfloat main() : SV_Target { return ci.foo(); }",
     "cbuffer C { A ci; };\nfloat main() : SV_Target { return ci.foo(); }", "ps_5_0"),
    ("X3132", "tbuffer T { IF ti[2]; };\nfloat main() : SV_Target { return ti[0].foo(); }",
     "tbuffer T { float4 tv; };\nIF ti[2];\nfloat main() : SV_Target { return ti[0].foo() + tv.x; }", "ps_5_0"),
    ("X3118", "void O(out IF l) { l = a; }\nfloat main() : SV_Target { IF x; O(x); return x.foo(); }",
     "float O(IF l) { return l.foo(); }\nfloat main() : SV_Target { IF x = a; return O(x); }", "ps_5_0"),
    ("X3118", "float O(inout IF l) { return l.foo(); }\nfloat main() : SV_Target { IF x = a; return O(x); }",
     "float O(in IF l) { return l.foo(); }\nfloat main() : SV_Target { IF x = a; return O(x); }", "ps_5_0"),
    ("X3118", "float main(out IF l) : SV_Target { return 0; }",
     "float main(IF l) : SV_Target { return l.foo(); }", "ps_5_0"),
    ("X3119", "IF g2[2][2];\nfloat main() : SV_Target { return g2[0][1].foo(); }",
     "IF g2[4];\nfloat main() : SV_Target { return g2[1].foo(); }", "ps_5_0"),
    ("X3131", "static IF si = a;\nfloat main() : SV_Target { return si.foo(); }",
     "static IF si;\nfloat main() : SV_Target { IF l = a; return l.foo(); }", "ps_5_0"),
    ("X3544", "IF g;\nfloat main() : SV_Target { return g.foo(); }",
     "IF g;\nfloat main() : SV_Target { IF l = a; return l.foo(); }", "ps_4_0"),
]


def _compile(src: str, profile: str) -> bytes:
    return bytes(D3DCompile(BASE + src, None, "t.hlsl", None, None, "main", profile))


@pytest.mark.parametrize(("code", "bad", "good", "profile"), ROWS)
def test_interface_placement_errors(code, bad, good, profile):
    with pytest.raises(ShaderCompileError, match=code):
        _compile(bad, profile)
    assert _compile(good, profile)
