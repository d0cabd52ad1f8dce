"""HLSL compiler: a ``switch`` on a constant selector keeps only the case it selects, as an ``if`` on a
constant keeps only its taken branch, so a local object assigned there resolves to one resource (DXC's
CodeGenSPIRV legal-examples 13-switch-stmt-const-ok). Expected values come from C switch semantics
(the first matching label, else ``default``, else nothing; empty cases fall through), computed here.
An inlined call whose first return is reached through no run-time branch has a constant result (and an
object it returns is bound on every path), as fxc inlines and folds before it resolves indices and objects
(DXC's dxil_remove_dead_pass switch_index / switch_res, sel_sampler)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

pytestmark = pytest.mark.backend_specific  # compile-time folding: the executors are not under test


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


def _value(src: str) -> int:
    blob = _compile(src)
    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    res = run_program(prog, 1, inputs={0: np.zeros((1, 4), np.uint32)}, bindings=Bindings())
    return int(res.outputs[0][0, 0].view(np.int32))


#: (labels, value the case adds, ends with break); None is ``default``
_CASES = [([0], 10, True), ([1, 2], 20, True), ([-3], 30, True), ([None], 99, True), ([0x7FFFFFFF], 40, True)]


def _switch_src(selector: str, cases=_CASES) -> str:
    parts = []
    for labels, val, brk in cases:
        heads = " ".join("default:" if lab is None else f"case {lab}:" for lab in labels)
        parts.append(f"{heads} r += {val};" + (" break;" if brk else ""))
    return f"""static const int K = {selector};
    int4 main(int4 k : K) : SV_Target {{ int r = 1; switch (K) {{ {' '.join(parts)} }} return int4(r, 0, 0, 0); }}"""


def _expect(value: int, cases=_CASES) -> int:
    """C semantics: the case whose label matches, else ``default``, else nothing; then on until a break."""
    chosen = next((i for i, (labels, _v, _b) in enumerate(cases) if value in labels), None)
    if chosen is None:
        chosen = next((i for i, (labels, _v, _b) in enumerate(cases) if None in labels), None)
    r = 1
    if chosen is None:
        return r
    for _labels, val, brk in cases[chosen:]:
        r += val
        if brk:
            break
    return r


@pytest.mark.parametrize("selector", [0, 1, 2, -3, 7, 5, 0x7FFFFFFF, -1])
def test_constant_switch_selects_the_matching_case_or_default(selector: int):
    src = _switch_src(str(selector))
    assert _value(src) == _expect(selector)


def test_constant_switch_without_a_match_or_default_does_nothing():
    cases = [([0], 10, True), ([1], 20, True)]
    assert _value(_switch_src("4", cases)) == 1
    assert _value(_switch_src("1", cases)) == 21


def test_constant_switch_falls_through_empty_cases_and_keeps_a_nested_break():
    # case 1 is empty and falls into case 2's body; case 3's break sits in an `if`, so the switch is kept
    src = """static const int K = %d;
    int4 main(int4 k : K) : SV_Target { int r = 1;
        switch (K) { case 1: case 2: r = 5; break; case 3: if (k.x == 0) { r = 8; break; } r = 9; break;
                     default: { r = 7; break; } }
        return int4(r, 0, 0, 0); }"""
    assert [_value(src % v) for v in (1, 2, 3, 4)] == [5, 5, 8, 7]


def test_constant_switch_resolves_a_local_object():
    src = """struct S { float4 f; };
    StructuredBuffer<S> a : register(t3);
    StructuredBuffer<S> b : register(t5);
    RWStructuredBuffer<S> o : register(u1);
    static const int K = %d;
    [numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        StructuredBuffer<S> l;
        switch (K) { case 0: l = a; break; default: l = b; break; }
        o[id.x] = l[id.x];
    }"""
    for k, reg in [(0, "t3"), (1, "t5"), (9, "t5")]:
        text = disassemble(_compile(src % k, "cs_5_0"))
        loads = [ln for ln in text.splitlines() if "ld_structured" in ln]
        assert loads and all(reg in ln for ln in loads), (k, loads)


def test_run_time_switch_still_rejects_a_local_object():
    src = """struct S { float4 f; };
    StructuredBuffer<S> a; StructuredBuffer<S> b; RWStructuredBuffer<S> o; int sel;
    [numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        StructuredBuffer<S> l;
        switch (sel) { case 0: l = a; break; default: l = b; break; }
        o[id.x] = l[id.x];
    }"""
    # subscripting it is fxc's X3669 (d3dcompiler_47 10.1, session 35; was X3500 here)
    with pytest.raises(D3D11Error, match="X3669"):
        _compile(src, "cs_5_0")


def test_a_branch_attribute_keeps_the_switch():
    src = """static const int K = 1;
    int4 main(int4 k : K) : SV_Target { int r = 1; [branch] switch (K) { case 1: r = 3; break; default: r = 4; break; }
        return int4(r, 0, 0, 0); }"""
    assert "switch" in disassemble(_compile(src))
    assert _value(src) == 3


# --- inlined calls that return through constant branches ----------------------------------------------
_PICK = """
Texture2D t0 : register(t0); Texture2D t1 : register(t1); Texture2D t2 : register(t2); Texture2D t3 : register(t3);
float by_if(uint i) { if (i == 0) return 1; if (i == 1) return 2; return 3.0; }
uint by_switch(uint i) { switch (i) { case 0: return 3; case 1: return 0; case 2: return 2; } return 1; }
float4 main(uint3 off : OFF) : SV_Target {
    Texture2D textures[] = { t0, t1, t2, t3 };
    return textures[%s].Load(off);
}"""


@pytest.mark.parametrize(("call", "reg"), [
    ("by_if(0)", "t1"), ("by_if(1)", "t2"), ("by_if(7)", "t3"),
    ("by_switch(0)", "t3"), ("by_switch(1)", "t0"), ("by_switch(2)", "t2"), ("by_switch(9)", "t1"),
])
def test_a_call_returning_through_constant_branches_is_a_literal_index(call: str, reg: str):
    """DXC's dxil_remove_dead_pass switch_index: ``textures[foo(3)]`` with foo a switch of returns; fxc
    inlines and folds the call, so the object index is a literal (a float result converts as any index)."""
    text = disassemble(_compile(_PICK % call))
    loads = [ln for ln in text.splitlines() if ln.strip().startswith("ld")]
    assert loads and all(f", {reg}." in ln for ln in loads), (call, loads)


def test_an_index_out_of_bounds_after_folding_is_x3504():
    with pytest.raises(D3D11Error, match="X3504"):
        _compile(_PICK % "by_if(1) + 2")  # DXC's switch_oob


def _value_of(body: str, k: int) -> int:
    src = body + "\nint4 main(int4 k : K) : SV_Target { return int4(f(k.x), 0, 0, 0); }"
    blob = _compile(src)
    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    inputs = np.zeros((1, 4), np.int32)
    inputs[0, 0] = k
    res = run_program(prog, 1, inputs={0: inputs.view(np.uint32)}, bindings=Bindings())
    return int(res.outputs[0][0, 0].view(np.int32))


@pytest.mark.parametrize(("body", "expect"), [
    # a return under a run-time condition comes first: the later straight return is not the only one
    ("int f(int x) { if (x > 0) return 5; return 7; }", {1: 5, -1: 7}),
    # constant conditions around run-time ones: the first return reached straight ends the body
    ("int f(int x) { int a = 1; if (true) { if (x > 2) a = 9; return a + 1; } return 100; }", {3: 10, 0: 2}),
    ("int f(int x) { int r = x; switch (2) { case 2: r += 40; return r; default: break; } return -1; }",
     {1: 41, 5: 45}),
    # returns inside unrolled loops: the first one reached ends the body, later iterations are not generated
    ("int f(int x) { [unroll] for (int i = 0; i < 4; i++) { if (i == 2) return i + x; if (i == 3) return 7; } "
     "return 9; }", {1: 3}),
    ("int f(int x) { int r = 0; for (int i = 0; i < 4; i++) { r += i; if (r >= 3) return r * 10; } return 9; }",
     {1: 30}),
    ("int g(int x) { if (x > 3) return 1; return 2; } int f(int x) { return g(5) * 100 + g(x); }", {1: 102, 9: 101}),
    # statements after the folded return never run (no write to a)
    ("int g(inout int a) { a = 1; if (1 < 2) return 2; a = 3; return 4; }\n"
     "int f(int x) { int a = x; int r = g(a); return a * 10 + r; }", {8: 12}),
])
def test_inlined_returns_keep_their_values(body: str, expect: dict):
    assert {k: _value_of(body, k) for k in expect} == expect


_OBJ = """
Texture2D t0 : register(t0); Texture2D t1 : register(t1); Texture2D t2 : register(t2);
Texture2D pick(uint i) { switch (i) { case 0: return t0; case 1: return t1; } return t2; }
float4 main(uint3 off : OFF) : SV_Target { return pick(%s).Load(off); }"""


@pytest.mark.parametrize(("arg", "reg"), [("0", "t0"), ("1", "t1"), ("7", "t2")])
def test_a_function_returning_an_object_from_a_constant_switch_resolves(arg: str, reg: str):
    """DXC's dxil_remove_dead_pass switch_res / switch_array: the object a case returns is bound on every path."""
    loads = [ln for ln in disassemble(_compile(_OBJ % arg)).splitlines() if ln.strip().startswith("ld")]
    assert loads and all(f", {reg}." in ln for ln in loads), loads


def test_a_function_returning_an_object_from_a_run_time_switch_is_x8000():
    # fxc's validator refuses the run-time object operand: internal error X8000 (d3dcompiler_47 10.1 under Wine,
    # session 44, this source, after warning X4000 for pick; X3500 here before)
    with pytest.raises(D3D11Error, match="X8000"):
        _compile(_OBJ % "off.x")


@pytest.mark.parametrize(("value", "reg"), [("true", "s0"), ("false", "s1")])
def test_a_constant_call_result_selects_an_object(value: str, reg: str):
    """DXC's sel_sampler: ``cond ? s0 : s1`` with ``cond = getCond()``, a function returning a literal."""
    src = f"""bool getCond() {{ return {value}; }}
    SamplerState s0 : register(s0); SamplerState s1 : register(s1); Texture2D<float4> tex : register(t0);
    float4 main(float2 uv : UV) : SV_Target {{ bool cond = getCond(); return tex.Sample(cond ? s0 : s1, uv); }}"""
    samples = [ln for ln in disassemble(_compile(src)).splitlines() if ln.strip().startswith("sample")]
    assert samples and all(f", {reg}" in ln for ln in samples), samples
