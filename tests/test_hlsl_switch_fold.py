"""HLSL compiler: a ``switch`` on a constant selector keeps only the case it selects, as an ``if`` on a
constant keeps only its taken branch, so a local object assigned there resolves to one resource (DXC's
CodeGenSPIRV legal-examples 13-switch-stmt-const-ok). Expected values come from C switch semantics
(the first matching label, else ``default``, else nothing; empty cases fall through), computed here."""

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
    with pytest.raises(D3D11Error, match="X3500"):
        _compile(src, "cs_5_0")


def test_a_branch_attribute_keeps_the_switch():
    src = """static const int K = 1;
    int4 main(int4 k : K) : SV_Target { int r = 1; [branch] switch (K) { case 1: r = 3; break; default: r = 4; break; }
        return int4(r, 0, 0, 0); }"""
    assert "switch" in disassemble(_compile(src))
    assert _value(src) == 3
