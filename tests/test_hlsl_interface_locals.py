"""Local variables of interface type (MicrosoftDocs direct3dhlsl "Interfaces and Classes": an interface
instance names a class instance the application picks at run time through the shader's interface slots).

A local interface variable holds no storage of its own: it is a name for the global pointer (or constant
pointer-array element) or the class instance it was given, so calls through it go through that pointer's
slot, or inline the class's method. The rules tested here follow from that definition:

* ``I l = g_ptr; l.f()`` calls through ``g_ptr``'s slot (the application's instance answers);
* ``I l = g_instance;`` calls the instance's class method (no slot; shader model 4 too);
* a later ``l = other`` at the same control level names ``other`` from there on;
* a value that is neither the interface nor a class implementing it cannot convert (X3017; wording
  inferred); a call through a local never given an instance is X4000 (as for object locals);
* a value chosen at run time (``c ? a : b``, an assignment under a non-constant ``if``, in a ``[loop]``)
  calls the object the local holds when the call runs (a switch on the local's selector); a loop that
  calls through the local before giving it a value known only once the loop runs is named (NotSupportedError;
  the values known before it are built: test_hlsl_interface_loop_locals.py).

Expected pixels are the class methods worked out by hand (test_hlsl_interface_params' classes and
constants)."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_interface_params import ADD, SCALE, SRC, draw, this_pointer_vars

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

LOCALS = SRC + """
float4 PSLocalPtr() : SV_Target { iLight l = g_light; return float4(l.Get(g_n.xyz), 1); }
float4 PSLocalElem() : SV_Target { iLight l = g_lights[1]; return float4(l.Get(g_n.xyz), 1); }
float4 PSLocalInst() : SV_Target { iLight l = g_add; return float4(l.Get(g_n.xyz), 1); }
float4 PSReassign() : SV_Target {
    iLight l = g_scale; float3 a = l.Get(g_n.xyz);
    l = g_light; return float4(a + l.Get(g_n.xyz) * 10, 1); }
float4 PSLate() : SV_Target { iLight l; l = g_lights[0]; return float4(W(l, g_n.xyz), 1); }
float4 PSConstIf() : SV_Target { iLight l = g_scale; if (1 > 0) l = g_add; return float4(l.Get(g_n.xyz), 1); }
"""


def _compile(entry: str, target: str = "ps_5_0", src: str = LOCALS) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


@pytest.mark.parametrize("instance,want", [("g_scale", SCALE), ("g_add", ADD)])
def test_local_named_after_a_global_pointer_calls_through_its_slot(instance, want):
    blob = _compile("PSLocalPtr")
    assert this_pointer_vars(blob) == [("g_light", 0, 1, 0x6)]
    np.testing.assert_array_equal(draw(blob, [instance])[:3], want)


def test_local_named_after_a_constant_array_element():
    blob = _compile("PSLocalElem")
    np.testing.assert_array_equal(draw(blob, ["g_scale", "g_add"])[:3], ADD)
    np.testing.assert_array_equal(draw(blob, ["g_add", "g_scale"])[:3], SCALE)


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_local_given_a_class_instance_inlines_its_method(target):
    blob = _compile("PSLocalInst", target)
    assert this_pointer_vars(blob) == []
    np.testing.assert_array_equal(draw(blob, [])[:3], ADD)


@pytest.mark.parametrize("instance,want", [("g_scale", SCALE), ("g_add", ADD)])
def test_reassigned_local_names_the_new_value_from_there_on(instance, want):
    blob = _compile("PSReassign")
    np.testing.assert_array_equal(draw(blob, [instance])[:3], SCALE + want * np.float32(10))


def test_local_assigned_after_its_declaration_and_passed_on():
    blob = _compile("PSLate")
    assert D3DReflect(blob).GetNumInterfaceSlots() == 2
    np.testing.assert_array_equal(draw(blob, ["g_add", "g_scale"])[:3], ADD)


def test_assignment_under_a_constant_condition_is_straight_line_code():
    np.testing.assert_array_equal(draw(_compile("PSConstIf"), [])[:3], ADD)


# a pointer of another interface is not the interface either (HLSL interfaces do not convert into each other)
@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
@pytest.mark.parametrize("body", ["iLight l = g_not;", "iLight l = g_n;", "iLight l = g_light; l = g_not;",
                                  "iLight l = g_other;", "iLight l = g_light; l = g_other;"])
def test_value_that_is_not_the_interface_cannot_convert(body):
    src = LOCALS + ("interface iOther { float3 Get(float3 n); };\niOther g_other;\n"
                    f"cNot g_not;\nfloat4 Bad() : SV_Target {{ {body} return 0; }}")
    with pytest.raises(ShaderCompileError, match="X3017"):
        _compile("Bad", src=src)


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_call_through_a_local_never_given_an_instance_is_x4000():
    src = LOCALS + "float4 Bad() : SV_Target { iLight l; return float4(l.Get(g_n.xyz), 1); }"
    with pytest.raises(ShaderCompileError, match="X4000"):
        _compile("Bad", src=src)


# --- values chosen at run time: the call goes to the object the local holds when it runs ----------------
# g_n = (2, 0.5, 0.25): g_n.x > 0 holds, g_n.y > 1 does not
RUNTIME = LOCALS + """
float4 PSIfTaken() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_lights[0]; return float4(l.Get(g_n.xyz), 1); }
float4 PSIfNot() : SV_Target { iLight l = g_light; if (g_n.x < 0) l = g_lights[0]; return float4(l.Get(g_n.xyz), 1); }
float4 PSElse() : SV_Target {
    iLight l; if (g_n.y > 1) l = g_add; else l = g_lights[1]; return float4(l.Get(g_n.xyz), 1); }
float4 PSTernLocal() : SV_Target {
    iLight a = g_add; iLight l = g_n.y < 1 ? g_light : g_lights[0]; return float4(l.Get(g_n.xyz), 1); }
float4 PSTernPtr() : SV_Target { iLight l = g_n.y > 1 ? g_light : g_lights[1]; return float4(l.Get(g_n.xyz), 1); }
float4 PSNested() : SV_Target {
    iLight l = g_n.x > 3 ? g_light : (g_n.z > 0 ? g_lights[1] : g_lights[0]); return float4(l.Get(g_n.xyz), 1); }
float4 PSLoop() : SV_Target {
    iLight l = g_light;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) l = i == 0 ? g_lights[0] : g_lights[1];
    return float4(l.Get(g_n.xyz), 1); }
float4 PSPassed() : SV_Target { iLight l = g_light; if (g_n.x > 0) l = g_add; return float4(W(l, g_n.xyz), 1); }
float4 PSCopied() : SV_Target {
    iLight l = g_light; if (g_n.x > 0) l = g_scale; iLight m = g_add; if (g_n.z > 0) m = l;
    return float4(m.Get(g_n.xyz), 1); }
"""


@pytest.mark.parametrize(("entry", "slots", "want"), [
    ("PSIfTaken", ["g_scale", "g_add", "g_scale"], ADD),   # g_light, g_lights[0], g_lights[1]
    ("PSIfTaken", ["g_add", "g_scale", "g_add"], SCALE),
    ("PSIfNot", ["g_scale", "g_add", "g_add"], SCALE),      # the if is not taken: g_light
    ("PSElse", ["g_scale", "g_add"], ADD),                   # g_lights[1] (slots 0-1)
    ("PSElse", ["g_add", "g_scale"], SCALE),
    ("PSTernLocal", ["g_scale", "g_add", "g_add"], SCALE),   # g_light (g_lights[0] not taken)
    ("PSTernPtr", ["g_scale", "g_scale", "g_add"], ADD),     # g_lights[1] (slots: g_light 0, g_lights 1-2)
    ("PSNested", ["g_add", "g_add", "g_scale"], SCALE),      # inner ?: picks g_lights[1]
    ("PSLoop", ["g_scale", "g_scale", "g_add"], ADD),        # two passes: the last gives g_lights[1]
    ("PSPassed", ["g_scale"], ADD),                          # passed on while chosen at run time
    ("PSCopied", ["g_add"], SCALE),                          # m = l copies l's run-time choice
])
def test_value_chosen_at_run_time_calls_the_object_held(entry, slots, want):
    blob = _compile(entry, src=RUNTIME)
    assert D3DReflect(blob).GetNumInterfaceSlots() == len(slots)
    np.testing.assert_array_equal(draw(blob, slots)[:3], want)


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
@pytest.mark.parametrize("init", ["g_n.y < 1 ? g_add : g_light", "g_n.y < 1 ? g_light : g_scale",
                                  "g_n.y < 1 ? g_add : g_scale"])
def test_conditional_with_a_class_instance_operand_is_x3020(init):
    """A class instance is a struct value: ?: takes none (fxc's X3020 for UDT operands, exprs.select)."""
    src = LOCALS + f"float4 Bad() : SV_Target {{ iLight l = {init}; return float4(l.Get(g_n.xyz), 1); }}"
    with pytest.raises(ShaderCompileError, match="X3020"):
        _compile("Bad", src=src)


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_value_known_at_compile_time_emits_no_dispatch():
    """Selector writes nothing reads are dead code: a local given its values unconditionally compiles as
    before (no switch, no selector)."""
    from pyd3d11.shader.dxbc.disasm import disassemble

    lines = disassemble(_compile("PSReassign")).splitlines()
    assert not any(x.startswith("switch") for x in lines)
    assert sum(x.startswith("fcall") for x in lines) == 1  # g_scale is inlined, g_light called


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_loop_that_calls_before_it_reassigns_a_value_known_only_in_the_loop_is_named():
    """Values known before the loop runs are dispatched over (test_hlsl_interface_loop_locals.py); a function's
    interface result given after a read in the same loop is not built."""
    src = LOCALS + ("iLight Pick() { if (g_n.y > 0) return g_lights[1]; return g_light; }\n"
                    "float4 Bad() : SV_Target { iLight l = g_light; float3 a = 0;\n"
                    "[loop] for (int i = 0; i < (int)g_n.x; i++) { a += l.Get(g_n.xyz);"
                    " if (g_n.y > 0) l = Pick(); }\n return float4(a, 1); }")
    with pytest.raises(NotSupportedError, match="given a value in a loop after a read"):
        _compile("Bad", src=src)
