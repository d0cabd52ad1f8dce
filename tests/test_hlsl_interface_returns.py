"""Functions returning an interface (MicrosoftDocs direct3dhlsl "Interfaces and Classes"; SM5 dynamic linkage).

Every function is inlined and an interface value has no storage of its own (test_hlsl_interface_locals), so a
call of a function returning an interface names what its ``return`` gave: a global pointer or constant
pointer-array element (calls then go through that slot) or a class instance (its method is inlined). A return
under run-time control flow chooses at run time: the call dispatches on what the executed return gave. Expected
pixels are the class methods worked out by hand (test_hlsl_interface_params' classes and constants)."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_interface_params import ADD, SCALE, SRC, draw, this_pointer_vars

from pyd3d11.shader.compile_api import D3DCompile

RETURNS = SRC + """
iLight Ptr() { return g_light; }
iLight Elem() { return g_lights[1]; }
iLight Inst() { return g_add; }
iLight Pass(iLight l) { return l; }
float4 PSRetPtr() : SV_Target { return float4(Ptr().Get(g_n.xyz), 1); }
float4 PSRetElem() : SV_Target { iLight l = Elem(); return float4(l.Get(g_n.xyz), 1); }
float4 PSRetInst() : SV_Target { return float4(Inst().Get(g_n.xyz), 1); }
float4 PSRetPass() : SV_Target { return float4(W(Pass(g_lights[0]), g_n.xyz), 1); }
iLight Pick() { if (g_n.w > 0) return g_lights[0]; return g_lights[1]; }
float4 PSRunTime() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }
iLight PickX() { if (g_n.x > 0) return g_lights[0]; return g_lights[1]; }
float4 PSPickTaken() : SV_Target { return float4(PickX().Get(g_n.xyz), 1); }
iLight PickI() { return g_n.y < 1 ? g_lights[1] : g_light; }
float4 PSPickInst() : SV_Target { return float4(PickI().Get(g_n.xyz), 1); }
iLight PickL() { iLight r = g_lights[1];
                 [loop] for (uint i = 0; i < (uint)g_n.x; i++) r = i == 0 ? g_lights[0] : g_light;
                 return r; }
float4 PSPickInst2() : SV_Target { return float4(PickL().Get(g_n.xyz), 1); }
"""


def _compile(entry: str, target: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(RETURNS, None, "t.hlsl", None, None, entry, target))


@pytest.mark.parametrize("instance,want", [("g_scale", SCALE), ("g_add", ADD)])
def test_a_returned_global_pointer_calls_through_its_slot(instance, want):
    blob = _compile("PSRetPtr")
    assert this_pointer_vars(blob) == [("g_light", 0, 1, 0x6)]
    np.testing.assert_array_equal(draw(blob, [instance])[:3], want)


def test_a_returned_array_element_and_a_passed_through_parameter():
    blob = _compile("PSRetElem")
    np.testing.assert_array_equal(draw(blob, ["g_scale", "g_add"])[:3], ADD)
    blob = _compile("PSRetPass")
    np.testing.assert_array_equal(draw(blob, ["g_add", "g_scale"])[:3], ADD)


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_a_returned_class_instance_inlines_its_method(target):
    blob = _compile("PSRetInst", target)
    assert this_pointer_vars(blob) == []
    np.testing.assert_array_equal(draw(blob, [])[:3], ADD)


@pytest.mark.parametrize(("entry", "slots", "want"), [
    ("PSRunTime", ["g_scale", "g_add"], ADD),       # g_n.w = 0: the early return is not taken, g_lights[1]
    ("PSRunTime", ["g_add", "g_scale"], SCALE),
    ("PSPickTaken", ["g_add", "g_scale"], ADD),     # g_n.x > 0: the early return gives g_lights[0]
    ("PSPickInst", ["g_scale", "g_add", "g_scale"], ADD),  # ?: of two pointers: g_lights[1] (g_n.y < 1)
    ("PSPickInst2", ["g_add", "g_add", "g_scale"], SCALE),  # a local set in a [loop]: the last pass's g_light
])
def test_a_return_under_run_time_control_flow_gives_the_value_returned(entry, slots, want):
    """The call's value is the one the executed ``return`` gave (a selector set before each return)."""
    np.testing.assert_array_equal(draw(_compile(entry), slots)[:3], want)
