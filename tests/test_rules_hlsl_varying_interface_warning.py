"""fxc's warning X3572 for a call through an interface reference chosen at run time (issue 15).

Source: MicrosoftDocs direct3dhlsl "HLSL errors and warnings": X3572 WAR_VARYING_INTERFACE, "Interface
references must resolve to non-varying objects" -- a warning, so the shader still compiles (ifacelocals.py
dispatches such a call on the local's selector). Rule: each call made through an interface value that is not
known at compile time -- a local given different values under run-time control flow (``if``, ``?:``,
``[loop]``), passed on or copied while so chosen -- warns once, at the call. A value known at compile time
(a global pointer, a constant element, a class instance, a reassignment in straight-line code or under a
constant condition, the same value given under a run-time condition) does not; nor does a pointer-array element chosen by a run-time index, which is the
indexed ``fcall`` the interface slots are for. *Inferred*: the message is the page's description (fxc's exact
text is not recorded) and its position is the called method's name. ``#pragma warning`` acts on it.
"""

from __future__ import annotations

import pytest
from test_hlsl_interface_locals import LOCALS, RUNTIME

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_TEXT = "warning X3572: Interface references must resolve to non-varying objects"


def _warnings(src: str, entry: str) -> list[str]:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, entry, "ps_5_0", 0, 0, msgs)
    return [ln for ln in "".join(bytes(m).decode() for m in msgs).splitlines() if "X3572" in ln]


@pytest.mark.parametrize("entry", ["PSIfTaken", "PSIfNot", "PSElse", "PSTernLocal", "PSTernPtr", "PSNested",
                                   "PSLoop", "PSPassed", "PSCopied"])
def test_call_on_a_value_chosen_at_run_time_warns(entry):
    assert len(_warnings(RUNTIME, entry)) == 1


DYNAMIC_INDEX = LOCALS + """
float4 PSDynIndex() : SV_Target { return float4(g_lights[(uint)g_n.x & 1].Get(g_n.xyz), 1); }
float4 PSDynLocal() : SV_Target { iLight l = g_lights[(uint)g_n.x & 1]; return float4(l.Get(g_n.xyz), 1); }
float4 PSSameValue() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_light; return float4(l.Get(g_n.xyz), 1); }
"""


@pytest.mark.parametrize(("src", "entry"), [
    (RUNTIME, e) for e in ["PSLocalPtr", "PSLocalElem", "PSLocalInst", "PSReassign", "PSLate", "PSConstIf",
                           "PSGlobal", "PSElement", "PSInst", "PSTwo"]
] + [(DYNAMIC_INDEX, "PSDynIndex"), (DYNAMIC_INDEX, "PSDynLocal"), (DYNAMIC_INDEX, "PSSameValue")])
def test_value_known_at_compile_time_or_indexed_slot_does_not_warn(src, entry):
    assert _warnings(src, entry) == []


def test_text_position_and_one_warning_per_call():
    src = LOCALS + ("float4 Two() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_add;\n"
                    "float3 a = l.Get(g_n.xyz);\nfloat3 b = l.Get(a); return float4(a + b, 1); }\n")
    first = LOCALS.count("\n") + 2
    assert _warnings(src, "Two") == [f"t.hlsl({first},14): {_TEXT}", f"t.hlsl({first + 1},14): {_TEXT}"]


def test_pragma_disable_and_error():
    body = "float4 P() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_add; return float4(l.Get(g_n.xyz), 1); }"
    assert _warnings(LOCALS + "#pragma warning(disable: 3572)\n" + body, "P") == []
    with pytest.raises(ShaderCompileError, match="X3572"):
        D3DCompile(LOCALS + "#pragma warning(error: 3572)\n" + body, None, "t.hlsl", None, None, "P", "ps_5_0")
