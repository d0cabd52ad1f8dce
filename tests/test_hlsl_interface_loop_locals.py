"""Interface locals given new values inside a loop (MicrosoftDocs direct3dhlsl "Interfaces and Classes": a call
through an interface variable goes to the class instance the variable refers to when the call runs).

In a run-time loop the value a local is given late in the body is the value the calls at the top of the next
iteration see, so those calls dispatch over every value the loop can give (fxc accepts such code with warning
X3572, WAR_VARYING_INTERFACE). The rules tested, each against a Python model of the loop written from that
definition (the value a call sees is the most recent assignment in execution order):

* a call before the assignment sees the value from before the loop on the first iteration and the assigned one on
  later iterations — for a global pointer, a constant or run-time-indexed pointer-array element (the index taken
  when the assignment runs), a class instance (its method inlined), ``?:`` of pointers, an assignment under a
  run-time ``if``, in the loop's step expression, in ``while`` / ``do`` loops, in an outer loop around an inner
  one, a copy between two locals that rotate, and a local passed to a function;
* a loop that runs zero times leaves the value from before it; an unrolled loop is straight-line code;
* a local declared inside the loop body starts again each iteration (no dispatch across iterations);
* a value known only once the loop runs (a function returning an interface) given after a read in the same loop
  is named (NotSupportedError), never compiled to the stale value.

Slots are found through reflection (each $ThisPointer variable's first slot), the way an application finds them
(ID3D11ShaderReflection::GetInterfaceSlot semantics): the test does not assume the compiler's numbering."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_interface_params import ADD, CB, SCALE, SRC, N, draw, this_pointer_vars

from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.compile_api import D3DCompile

F32 = np.float32
# cb0: g_scale.c = (1, 2, 3), g_add.d = (10, 20, 30), g_n = (2, 0.5, 0.25, 0): g_n.x = 2 iterations,
# (uint)(g_n.x * 2) = 4, (uint)g_n.w = 0
assert CB[8] == 2 and CB[11] == 0
METHOD = {"g_scale": SCALE, "g_add": ADD}  # iLight::Get(g_n) of each class instance (test_hlsl_interface_params)

LOOPS = SRC + """
iLight PickNow() { if (g_n.y > 0) return g_lights[1]; return g_light; }
float3 Acc(float3 a, float3 v) { return a * 3 + v; }
float4 LPGlobal() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[0]; }
    return float4(a, 1); }
float4 LPRunIndex() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[i % 2]; }
    return float4(a, 1); }
float4 LPInstance() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_add; }
    return float4(a, 1); }
float4 LPTernary() : SV_Target {
    iLight l = g_lights[1]; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) {
        a = Acc(a, l.Get(g_n.xyz)); l = (i & 1) ? g_lights[1] : g_light; }
    return float4(a, 1); }
float4 LPIf() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) { a = Acc(a, l.Get(g_n.xyz)); if (i == 1) l = g_lights[1]; }
    return float4(a, 1); }
float4 LPStep() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); l = g_lights[0], i++) a = Acc(a, l.Get(g_n.xyz));
    return float4(a, 1); }
float4 LPWhile() : SV_Target {
    iLight l = g_light; float3 a = 0; uint i = 0;
    [loop] while (i < (uint)(g_n.x * 2)) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[1]; i++; }
    return float4(a, 1); }
float4 LPDo() : SV_Target {
    iLight l = g_light; float3 a = 0; uint i = 0;
    [loop] do { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[0]; i++; } while (i < (uint)g_n.x);
    return float4(a, 1); }
float4 LPNested() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) {
        [loop] for (uint j = 0; j < (uint)g_n.x; j++) a = Acc(a, l.Get(g_n.xyz));
        l = g_lights[1]; }
    return float4(a, 1); }
float4 LPRotate() : SV_Target {
    iLight l = g_light; iLight m = g_lights[0]; iLight t = g_lights[1]; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) { a = Acc(a, l.Get(g_n.xyz)); t = l; l = m; m = t; }
    return float4(a, 1); }
float4 LPPassed() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) { a = Acc(a, W(l, g_n.xyz)); l = g_lights[1]; }
    return float4(a, 1); }
float4 LPZero() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.w; i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[0]; }
    return float4(Acc(a, l.Get(g_n.xyz)), 1); }
float4 LPAfter() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[0]; }
    return float4(Acc(a, l.Get(g_n.xyz)), 1); }
float4 LPUnrolled() : SV_Target {
    iLight l = g_light; float3 a = 0;
    [unroll] for (uint i = 0; i < 3; i++) { a = Acc(a, l.Get(g_n.xyz)); l = g_lights[i % 2]; }
    return float4(a, 1); }
class cCount { float n; void bump() { n += 1; } };
float4 LPMethodWrite() : SV_Target {
    cCount c; c.n = 0; float3 a = 0;
    [loop] for (uint i = 0; i < (uint)(g_n.x * 2); i++) { a += g_light.Get(g_n.xyz) * c.n; c.bump(); }
    return float4(a, 1); }
float4 LPInner() : SV_Target {
    float3 a = 0;
    [loop] for (uint i = 0; i < (uint)g_n.x; i++) {
        iLight k = g_light; a = Acc(a, k.Get(g_n.xyz)); if (g_n.y > 0) k = g_lights[0]; a = Acc(a, k.Get(g_n.xyz)); }
    return float4(a, 1); }
"""


def _model(seq: list[str], inst: dict[str, str]) -> np.ndarray:
    """Acc folded over the calls' values in order: a = a * 3 + Get of the instance each call reaches
    (``inst`` maps an interface-pointer name, e.g. ``g_lights[1]``, to its bound class instance)."""
    a = np.zeros(3, F32)
    for name in seq:
        v = METHOD[inst.get(name, name)]
        a = (a * F32(3) + v).astype(F32)
    return a


def _run(entry: str, inst: dict[str, str]) -> np.ndarray:
    blob = bytes(D3DCompile(LOOPS, None, "t.hlsl", None, None, entry, "ps_5_0"))
    slots: dict[int, str] = {}
    for name, first, count, _flags in this_pointer_vars(blob):
        for k in range(count):
            slots[first + k] = inst[f"{name}[{k}]" if name == "g_lights" else name]
    assert sorted(slots) == list(range(len(slots)))
    return draw(blob, [slots[k] for k in range(len(slots))])[:3]


# the three pointers' bindings in each case (two kinds of instance, so a wrong choice shows)
BINDINGS = [{"g_light": "g_scale", "g_lights[0]": "g_add", "g_lights[1]": "g_scale"},
            {"g_light": "g_add", "g_lights[0]": "g_scale", "g_lights[1]": "g_add"}]


@pytest.mark.parametrize("inst", BINDINGS, ids=["s-a-s", "a-s-a"])
@pytest.mark.parametrize(("entry", "seq"), [
    # the value each call sees, iteration by iteration (the assignment runs after the call)
    ("LPGlobal", ["g_light", "g_lights[0]"]),
    ("LPRunIndex", ["g_light", "g_lights[0]", "g_lights[1]", "g_lights[0]"]),  # i % 2 of the previous i
    ("LPInstance", ["g_light", "g_add", "g_add", "g_add"]),
    ("LPTernary", ["g_lights[1]", "g_light", "g_lights[1]", "g_light"]),
    ("LPIf", ["g_light", "g_light", "g_lights[1]", "g_lights[1]"]),
    ("LPStep", ["g_light", "g_lights[0]", "g_lights[0]", "g_lights[0]"]),
    ("LPWhile", ["g_light", "g_lights[1]", "g_lights[1]", "g_lights[1]"]),
    ("LPDo", ["g_light", "g_lights[0]"]),
    ("LPNested", ["g_light", "g_light", "g_lights[1]", "g_lights[1]"]),
    ("LPRotate", ["g_light", "g_lights[0]", "g_light", "g_lights[0]"]),  # l and m swap each iteration
    ("LPPassed", ["g_light", "g_lights[1]"]),
    ("LPZero", ["g_light"]),  # no iteration: the call after the loop sees the value from before it
    ("LPAfter", ["g_light", "g_lights[0]", "g_lights[0]"]),
    ("LPUnrolled", ["g_light", "g_lights[0]", "g_lights[1]"]),
    ("LPInner", ["g_light", "g_lights[0]", "g_light", "g_lights[0]"]),  # k starts again each iteration
])
def test_call_sees_the_value_the_loop_gave_last(entry, seq, inst):
    np.testing.assert_array_equal(_run(entry, inst), _model(seq, inst))


@pytest.mark.parametrize("inst", BINDINGS, ids=["s-a-s", "a-s-a"])
def test_loop_regenerated_for_a_member_written_by_a_method_keeps_its_call(inst):
    """c.n counts the iterations (0, 1, 2, 3): a = Get(g_light) * (0 + 1 + 2 + 3). The loop is generated again
    once the method's write of the known c.n = 0 is seen (unroll._emit_loop), which must not keep the first
    pass's call site."""
    want = (METHOD[inst["g_light"]] * F32(6)).astype(F32)
    np.testing.assert_array_equal(_run("LPMethodWrite", inst), want)


def test_the_model_tells_the_bindings_apart():
    """Control: the expected values of a call sequence differ when one call goes elsewhere."""
    inst = BINDINGS[0]
    assert not np.array_equal(_model(["g_light", "g_lights[0]"], inst), _model(["g_light", "g_light"], inst))
    assert N[0] == 2


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_value_known_only_in_the_loop_after_a_read_is_named():
    src = LOOPS + ("float4 Bad() : SV_Target { iLight l = g_light; float3 a = 0;\n"
                   "[loop] for (uint i = 0; i < (uint)g_n.x; i++) { a += l.Get(g_n.xyz); l = PickNow(); }\n"
                   "return float4(a, 1); }")
    with pytest.raises(NotSupportedError, match="interface local 'l' given a value in a loop after a read"):
        D3DCompile(src, None, "t.hlsl", None, None, "Bad", "ps_5_0")


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_value_known_only_in_the_loop_before_any_read_compiles():
    """The same assignment ahead of every read in the loop: each call sees this iteration's value."""
    src = LOOPS + ("float4 Ok() : SV_Target { iLight l = g_light; float3 a = 0;\n"
                   "[loop] for (uint i = 0; i < (uint)g_n.x; i++) { l = PickNow(); a += l.Get(g_n.xyz); }\n"
                   "return float4(a, 1); }")
    assert D3DCompile(src, None, "t.hlsl", None, None, "Ok", "ps_5_0")


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
@pytest.mark.parametrize("entry", ["LPGlobal", "LPRunIndex", "LPRotate", "LPUnrolled", "LPMethodWrite"])
def test_every_declared_function_body_has_its_code(entry):
    """§22.3.49 / §22.7.19: each dcl_function_body has a ``label fb#`` body, and an interface's call-site count
    (the second [] of dcl_interface) is the number of fcall sites of that pointer in the code (a loop generated
    twice must not leave the first pass's bodies and sites behind)."""
    import re

    from pyd3d11.shader.dxbc.disasm import disassemble

    text = disassemble(bytes(D3DCompile(LOOPS, None, "t.hlsl", None, None, entry, "ps_5_0")))
    declared = set(re.findall(r"^dcl_function_body (fb\d+)$", text, re.M))
    labels = set(re.findall(r"^label (fb\d+)$", text, re.M))
    assert declared == labels and declared
    for fp, sites in re.findall(r"^dcl_interface\w* fp(\d+)\[\d+\]\[(\d+)\]", text, re.M):
        used = set(re.findall(rf"fcall fp{fp}\[[^\]]*\]\[(\d+)\]", text))
        assert used == {str(k) for k in range(int(sites))}
