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
from pyd3d11.tools import wine_d3dcompiler

RETURNS = SRC + """
iLight Ptr() { return g_light; }
iLight Elem() { return g_lights[1]; }
iLight Inst() { return g_add; }
iLight PassOn(iLight l) { return l; }
float4 PSRetPtr() : SV_Target { return float4(Ptr().Get(g_n.xyz), 1); }
float4 PSRetElem() : SV_Target { iLight l = Elem(); return float4(l.Get(g_n.xyz), 1); }
float4 PSRetInst() : SV_Target { return float4(Inst().Get(g_n.xyz), 1); }
float4 PSRetPass() : SV_Target { return float4(W(PassOn(g_lights[0]), g_n.xyz), 1); }
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


# A value chosen at run time: d3dcompiler_47 10.1 under Wine (session 36) refuses a call through an interface
# value a run-time ``return``, a ``[loop]``, a ``switch`` or an if/else that gives it on every path chose ("interface
# references must resolve to non-varying objects", printed without an error number), and every ``?:`` of two
# interface values (X3020 "type mismatch between conditional values", even of one pointer with itself); it
# compiles a call after an ``if`` that may replace an initialised local (the listing calls the first value), a
# return whose condition is a constant, a local returned from a function, a pointer-array element with a run-time
# index, an unrolled loop, and a loop whose value no call reads. Each row: the program's text after HEAD and
# fxc's verdict (None: compiles; else a word of its message).
VARYING = "interface references must resolve to non-varying objects"
CHOICE_ROWS = [
    ("iLight Pick() { if (g_n.w > 0) return g_lights[0]; return g_lights[1]; }\n"
     "float4 main() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }", VARYING),
    ("iLight Pick() { if (g_n.w > 0) return g_lights[0]; else return g_lights[1]; }\n"
     "float4 main() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }", VARYING),
    ("iLight Pick() { [branch] if (g_n.w > 0) return g_lights[0]; return g_lights[1]; }\n"
     "float4 main() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }", VARYING),
    ("iLight Pick() { if (1 > 0) return g_lights[0]; return g_lights[1]; }\n"
     "float4 main() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }", None),
    ("iLight Pick() { if (g_n.w > 0) return g_lights[0]; return g_lights[1]; }\n"
     "float4 main() : SV_Target { Pick(); return 1; }", None),
    ("iLight Pick() { iLight l = g_lights[1]; if (g_n.w > 0) l = g_lights[0]; return l; }\n"
     "float4 main() : SV_Target { return float4(Pick().Get(g_n.xyz), 1); }", None),
    ("float4 main() : SV_Target { iLight l; if (g_n.x > 0) l = g_lights[1]; else l = g_light;\n"
     "return float4(l.Get(g_n.xyz), 1); }", VARYING),
    ("float4 main() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_lights[1];\n"
     "return float4(l.Get(g_n.xyz), 1); }", None),
    ("float4 main() : SV_Target { iLight l = g_n.x > 0 ? g_lights[0] : g_lights[1];\n"
     "return float4(l.Get(g_n.xyz), 1); }", "X3020"),
    ("float4 main() : SV_Target { iLight l = g_n.x > 0 ? g_light : g_light; return float4(l.Get(g_n.xyz), 1); }",
     "X3020"),
    ("float4 main() : SV_Target { iLight l = g_n.x > 0 ? g_scale : g_add; return float4(l.Get(g_n.xyz), 1); }",
     "X3020"),
    ("iLight PickI() { return g_n.y < 1 ? g_lights[1] : g_light; }\n"
     "float4 main() : SV_Target { return float4(PickI().Get(g_n.xyz), 1); }", "X3020"),
    ("float4 main() : SV_Target { return float4(g_lights[(uint)g_n.x].Get(g_n.xyz), 1); }", None),
    ("float4 main() : SV_Target { iLight r = g_lights[1];\n"
     "[loop] for (uint i = 0; i < (uint)g_n.x; i++) r = g_lights[0]; return float4(r.Get(g_n.xyz), 1); }", VARYING),
    ("float4 main() : SV_Target { iLight r = g_lights[1];\n"
     "[loop] for (uint i = 0; i < (uint)g_n.x; i++) r = g_lights[1]; return float4(r.Get(g_n.xyz), 1); }", VARYING),
    ("float4 main() : SV_Target { iLight r = g_lights[1];\n"
     "[loop] for (uint i = 0; i < (uint)g_n.x; i++) r = g_lights[0]; return 1; }", None),
    ("float4 main() : SV_Target { iLight r = g_lights[1];\n"
     "[unroll] for (uint i = 0; i < 2; i++) r = g_lights[i]; return float4(r.Get(g_n.xyz), 1); }", None),
    ("float4 main() : SV_Target { iLight r = g_lights[1]; switch ((int)g_n.x) { case 0: r = g_lights[0]; break;\n"
     "default: break; } return float4(r.Get(g_n.xyz), 1); }", VARYING),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("idx", range(len(CHOICE_ROWS)))
def test_an_interface_value_chosen_at_run_time_is_fxcs_verdict(idx):
    from pyd3d11.errors import ShaderCompileError
    body, verdict = CHOICE_ROWS[idx]
    src = SRC + body
    if verdict is None:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        return
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert verdict.lower() in str(info.value).lower()


@pytest.mark.backend_independent
@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no d3dcompiler_47.dll under Wine")
def test_the_choice_rows_are_the_live_dlls_verdicts():
    real = wine_d3dcompiler.shared()
    for body, verdict in CHOICE_ROWS:
        r = real.compile(SRC + body, "ps_5_0", "main")
        assert r.ok == (verdict is None), body
        if verdict is not None:
            assert verdict.lower() in r.messages.lower(), (body, r.messages)
