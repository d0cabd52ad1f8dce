"""State-block values inside a function body see the function's locals and parameters (issue 15).

Verdicts recorded from d3dcompiler_47 10.1 under Wine, session 37 (the lead; first error number where fxc refuses):
a state block declared in a function (``float b { foo = z++; };``) may read and write the locals and parameters
declared before it in an open block — plain, static, arrays, struct members, out/in parameters, a for-loop's
variable after its loop — while a const local is X3025 "l-value specifies const object" unless the write is an
``op=`` (which fxc folds away), and a local of a closed block, of another function or declared later is an unknown
name, a state constant, X3025 as well. Swizzles and members of such locals are checked against their types (X3018).
vkd3d's state-block-syntax.shader_test (its L151 program) writes ``zero++`` so.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

ROWS = [  # (name, source, fxc's verdict at ps_4_0, at ps_3_0): "ok" or the first error number
    ("local++", "float4 main() : sv_target { float z = 0; float b { foo = z++; }; return z; }", "ok", "ok"),
    ("local=", "float4 main() : sv_target { float z = 0; float b { foo = (z = 3); }; return z; }", "ok", "ok"),
    ("local+=", "float4 main() : sv_target { float z = 0; float b { foo = (z += 3); }; return z; }", "ok", "ok"),
    ("param++", "float4 main(float p : P) : sv_target { float b { foo = p++; }; return p; }", "ok", "X4502"),
    ("undeclared++", "float4 main() : sv_target { float b { foo = nothere++; }; return 0; }", "X3025", "X3025"),
    ("const local++", "float4 main() : sv_target { const float z = 0; float b { foo = z++; }; return z; }",
     "X3025", "X3025"),
    ("static local++", "float4 main() : sv_target { static float z = 0; float b { foo = z++; }; return z; }",
     "ok", "ok"),
    ("uniform global", "float z; sampler s { Filter = z++; }; float4 main() : sv_target { return 0; }",
     "X3025", "X3025"),
    ("static global", "static float z; sampler s { Filter = z++; }; float4 main() : sv_target { return 0; }",
     "ok", "ok"),
    ("state constant++", "sampler s { Filter = ANISOTROPIC++; }; float4 main() : sv_target { return 0; }",
     "X3025", "X3025"),
    ("local declared later", "float4 main() : sv_target { float b { foo = z++; }; float z = 0; return z; }",
     "X3025", "X3025"),
    ("local array", "float4 main() : sv_target { float z[2] = {0,0}; float b { foo = z[1]++; }; return z[1]; }",
     "ok", "ok"),
    ("local struct", "struct S {float a;}; float4 main() : sv_target { S z = (S)0; float b { foo = z.a++; }; "
     "return z.a; }", "ok", "ok"),
    ("shadowing local", "float z; float4 main() : sv_target { float z = 0; float b { foo = z++; }; return z; }",
     "ok", "ok"),
    ("const local +=", "float4 main() : sv_target { const float z = 0; float b { foo = (z += 1); }; return z; }",
     "ok", "ok"),
    ("static const local +=", "float4 main() : sv_target { static const float z = 0; float b { foo = (z += 1); }; "
     "return z; }", "ok", "ok"),
    ("local bad swizzle", "float4 main() : sv_target { float2 z = 0; float b { foo = z.xyz; }; return z.x; }",
     "X3018", "X3018"),
    ("local good swizzle", "float4 main() : sv_target { float2 z = 0; float b { foo = z.yx; }; return z.x; }",
     "ok", "ok"),
    ("local struct bad member", "struct S {float a;}; float4 main() : sv_target { S z = (S)0; float b { foo = z.q; "
     "}; return z.a; }", "X3018", "X3018"),
    ("other function's local", "float g() { float z = 1; return z; } float4 main() : sv_target { float b { foo = "
     "z++; }; return 0; }", "X3025", "X3025"),
    ("in parameter write", "float4 main(in float p : P) : sv_target { float b { foo = (p = 2); }; return p; }",
     "ok", "X4502"),
    ("out parameter write, state block last", "void main(out float4 o : sv_target) { o = 0; float b { foo = "
     "(o = 2); }; }", "ok", "ok"),
    ("closed block's local", "float4 main() : sv_target { float r = 0; { float z = 1; r = z; } float b { foo = "
     "z++; }; return r; }", "X3025", "X3025"),
    ("for variable after its loop", "float4 main() : sv_target { float r = 0; for (int i = 0; i < 2; i++) r += i; "
     "float b { foo = i++; }; return r; }", "ok", None),
    ("for variable in its body", "float4 main() : sv_target { float r = 0; for (int i = 0; i < 2; i++) { float b { "
     "foo = i++; }; r += i; } return r; }", "ok", None),
    ("vkd3d state-block-syntax L151", "float u : register(c1) {};\nfloat4 main() : sv_target\n{\n    float zero = 0;\n"
     "    float a {};\n    float b\n    {\n        foo = bar;\n        foo = bar;\n        foo = (int)2;\n"
     "        foo = (int)bar;\n        foo = float4(bar, baz, qux, xyzzy);\n        foo = zero++;\n    };\n"
     "    float c {}, d = 1, e;\n    struct {int a;} s {foo = bar;};\n    return float4(0, 1, zero, 1);\n}\n",
     "ok", "ok"),
]


def _verdict(src: str, target: str) -> str:
    try:
        D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as e:
        m = re.search(r"error (X\d+)", str(e))
        return m.group(1) if m else "fail"


CASES = [(name, src, target, want) for name, src, a, b in ROWS
         for target, want in (("ps_4_0", a), ("ps_3_0", b)) if want is not None]


@pytest.mark.parametrize("name,src,target,want", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_state_block_locals_as_fxc(name: str, src: str, target: str, want: str) -> None:
    assert _verdict(src, target) == want
