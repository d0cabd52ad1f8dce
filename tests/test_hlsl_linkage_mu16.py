"""A name that hides a global interface variable is not an interface call (seed-16 mutation round over
shader/hlsl/linkage.py, issue 19).

The rule: HLSL scopes names as C does (MicrosoftDocs direct3dhlsl "Variable Syntax": a variable declared in a
function is local to it; "Functions (DirectX HLSL)": parameters are the function's locals; "Interfaces and
Classes": a method's body sees its class's members), so a parameter, a local or a class data member named like
a global interface variable hides it inside its scope: ``g_p.pick()`` there calls ``pick`` on that value,
inlined, and no ``fcall`` through the interface's slots is made (D3D11.3 §22.7.19 fcall is how a call
through an interface pointer is compiled; a call on a class value is a plain call).

linkage.interface_ref looked for hiding names in every scope after the globals; a mutant skipping the
first of them (the entry function's or an inlined function's parameters, or a method's members) survived the
seed-16 round (linkage.py #23): each case below then compiled an ``fcall`` through the global instead.
Expected values are worked out from the sources (cLocal::pick doubles its member).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_hlsl_features import run_ps  # noqa: E402

from pyd3d11.shader.compile_api import D3DCompile  # noqa: E402
from pyd3d11.shader.dxbc.disasm import disassemble  # noqa: E402

F32 = np.float32

HEAD = """
interface IPick { float4 pick(); };
class cA : IPick { float4 pick() { return float4(9, 9, 9, 9); } };
class cLocal { float4 v; float4 pick() { return v * 2; } };
"""

#: (name, source after HEAD, pixel-shader input v0, expected colour)
CASES = [
    ("inlined function parameter", """
IPick g_p;
float4 helper(cLocal g_p) { return g_p.pick(); }
float4 main() : SV_Target { cLocal c; c.v = float4(1, 2, 3, 4); return helper(c); }
""", None, [2, 4, 6, 8]),
    ("parameter array", """
IPick g_p[2];
float4 helper(cLocal g_p[2]) { return g_p[1].pick(); }
float4 main() : SV_Target { cLocal c[2]; c[0].v = 1; c[1].v = float4(1, 2, 3, 4); return helper(c); }
""", None, [2, 4, 6, 8]),
    ("class data member", """
class cHold { cLocal g_p; float4 run() { return g_p.pick() + 1; } };
IPick g_p;
float4 main() : SV_Target { cHold h; h.g_p.v = float4(1, 2, 3, 4); return h.run(); }
""", None, [3, 5, 7, 9]),
    ("entry function parameter", """
IPick g_p;
float4 main(cLocal g_p : TEXCOORD0) : SV_Target { return g_p.pick(); }
""", [0.5, -1, 3, 4], [1, -2, 6, 8]),
    ("local in a block", """
IPick g_p;
float4 main() : SV_Target { cLocal g_p; g_p.v = float4(1, 2, 3, 4); return g_p.pick(); }
""", None, [2, 4, 6, 8]),
]


@pytest.mark.parametrize(("src", "v0", "want"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hiding_name_calls_its_own_method(src, v0, want):
    inputs = {0: np.array([v0], F32)} if v0 is not None else {}
    out = run_ps(HEAD + src, inputs, 1)
    np.testing.assert_array_equal(out[0, 0].view(F32), np.array(want, F32))


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_hiding_name_compiles_no_interface_call(src):
    blob = bytes(D3DCompile(HEAD + src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    code = [ln.strip() for ln in disassemble(blob).splitlines() if not ln.startswith("//")]
    assert not any(ln.startswith(("fcall", "dcl_interface", "label fb")) for ln in code)
