"""tools/retarget51: the outcome classes, the 5.1-against-5.0 comparison and the 5.1 reflection checks.

Expected values come from the definitions the tool states: an fxc-style error is a ShaderCompileError carrying an
X#### code (E_FAIL, or E_NOTIMPL for fxc's own X3500), NotSupportedError is "not built", anything else a crash;
5.1's bindings are ranges ("Resource Binding in HLSL"), each with an ID unique in its register type, declared once
as ``[ID][lower][upper], space`` ("Bytecode changes in SM5.1")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import retarget51 as R

pytestmark = pytest.mark.backend_independent


def _raise(exc):
    def call():
        raise exc
    return call


@pytest.mark.parametrize("call,cls,key", [
    (lambda: b"DXBC", "compiled", "compiled"),
    (_raise(ShaderCompileError("s(1,2): error X3004: undeclared identifier 'x'\n", 0x80004005)), "error",
     "error X3004"),
    # fxc's own E_NOTIMPL refusal carries its X number: an fxc-style error, not a feature left unbuilt
    (_raise(ShaderCompileError("s(8,5): error X3500: 'f': recursive functions are not allowed\n", 0x80004001)),
     "error", "error X3500"),
    (_raise(NotSupportedError("shader model 5.1: interfaces")), "notimpl", "notimpl"),
    (_raise(ShaderCompileError("something without a number\n", 0x80004005)), "crash", "crash"),
    (_raise(KeyError("k")), "crash", "crash"),
    (_raise(RecursionError("deep")), "crash", "crash"),
])
def test_classify_outcomes(call, cls, key):
    o = R.classify(call, timeout=30)
    assert (o.cls, o.key) == (cls, key)
    assert (o.blob is not None) == (cls == "compiled")


def test_classify_hang():
    def spin():
        while True:
            pass
    assert R.classify(spin, timeout=0.2).cls == "hang"


@pytest.mark.parametrize("m50,m51,want", [
    (["compiled", ""], ["compiled", ""], "same"),
    (["error", "X3004: a"], ["error", "X3004: b"], "same"),
    (["compiled", ""], ["error", "X3591: s"], "5.1 refuses what 5.0 compiles (error X3591)"),
    (["compiled", ""], ["notimpl", "feature"], "5.1 refuses what 5.0 compiles (notimpl)"),
    (["error", "X3530: space"], ["compiled", ""], "5.1 compiles what 5.0 refuses (error X3530)"),
    (["error", "X3530: a"], ["error", "X4500: b"], "5.0 error X3530, 5.1 error X4500"),
])
def test_compare51(m50, m51, want):
    assert R.compare51({"models": {"5.0": m50, "5.1": m51}}) == want
    assert R.compare51({"models": {"5.0": m50}}) == ""


def test_registers_of_bindings_whatever_their_split():
    # 5.0 names elements one by one; 5.1 gives the array one range: the registers are the same
    by_element = [("tex[0]", 2, 3, 1, 4, 5, -1, 12), ("tex[1]", 2, 4, 1, 4, 5, -1, 12), ("s", 3, 0, 1, 0, 0, 0, 0)]
    as_range = [("tex", 2, 3, 2, 4, 5, -1, 12), ("s", 3, 0, 1, 0, 0, 0, 0)]
    assert R._registers(by_element) == R._registers(as_range) == {
        ("tex", "T", 3, 4, 5, -1, 12), ("tex", "T", 4, 4, 5, -1, 12), ("s", "S", 0, 0, 0, 0, 0)}
    # a struct member's array: the element index of the member is kept, the trailing one dropped
    assert R._registers([("g[1].t[0]", 2, 5, 1, 4, 5, -1, 12)]) == {("g[1].t", "T", 5, 4, 5, -1, 12)}
    # a counter changes the type, not the register type; a range one register longer differs
    assert R._registers([("u", 11, 0, 2, 1, 6, 4, 0)]) == R._registers([("u", 6, 0, 1, 1, 6, 4, 0),
                                                                         ("u", 11, 1, 1, 1, 6, 4, 0)])
    assert R._registers([("tex", 2, 3, 3, 4, 5, -1, 12)]) != R._registers(as_range[:1])


def _blob(src: str, target: str, flags: int = 0) -> bytes:
    out = D3DCompile(src.encode(), None, None, None, None, "main", target, flags, 0)
    out = out[0] if isinstance(out, tuple) else out
    return bytes(out.GetBufferPointer())[: out.GetBufferSize()] if hasattr(out, "GetBufferPointer") else bytes(out)


_PROGRAM = """Texture2D t[3] : register(t2); SamplerState s : register(s1); cbuffer C : register(b3) { float4 a; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return t[0].Sample(s, uv) + t[2].Sample(s, uv) * a; }"""


def test_reflection_of_a_5_0_program_at_5_1_is_sane():
    assert R.reflection_problems(_blob(_PROGRAM, "ps_5_1"), _blob(_PROGRAM, "ps_5_0")) == []


def test_declared_ranges_read_from_the_listing():
    src = "Texture2D t[4] : register(t2, space1); float4 main() : SV_Target { return t[1].Load(0); }"
    assert R._declared_ranges(_blob(src, "ps_5_1")) == [("T", 0, 2, 5, 1)]


def _bind(name, type_, point, count, space, uid):
    return SimpleNamespace(Name=name, Type=type_, BindPoint=point, BindCount=count, Space=space, uID=uid,
                           Dimension=0, ReturnType=0, NumSamples=0, uFlags=0)


@pytest.mark.parametrize("bindings,decls,problem", [
    # two ranges of one register type with one ID
    ([_bind("a", 2, 0, 1, 0, 0), _bind("b", 2, 1, 1, 0, 0)], {("T", 0, 0, 0, 0), ("T", 0, 1, 1, 0)}, "uID T0"),
    # a sampler and a texture may share ID 0: IDs are per register type
    ([_bind("a", 2, 0, 1, 0, 0), _bind("s", 3, 0, 1, 0, 0)], {("T", 0, 0, 0, 0), ("S", 0, 0, 0, 0)}, None),
    # registers shared by two ranges of one type and space
    ([_bind("a", 2, 0, 4, 0, 0), _bind("b", 2, 3, 1, 0, 1)], {("T", 0, 0, 3, 0), ("T", 1, 3, 3, 0)}, "overlaps"),
    # the same registers in another space do not overlap
    ([_bind("a", 2, 0, 4, 0, 0), _bind("b", 2, 3, 1, 1, 1)], {("T", 0, 0, 3, 0), ("T", 1, 3, 3, 1)}, None),
    # an unbounded range (count 0) holds every later register of its space
    ([_bind("a", 2, 2, 0, 0, 0), _bind("b", 2, 9, 1, 0, 1)], {("T", 0, 2, None, 0), ("T", 1, 9, 9, 0)}, "overlaps"),
    # a binding whose range the program does not declare, and a declaration with no binding
    ([_bind("a", 0, 1, 1, 0, 0)], {("CB", 0, 1, 1, 2)}, "without a declaration"),
    ([_bind("a", 0, 1, 1, 0, 0)], {("CB", 0, 1, 1, 0), ("U", 0, 0, 0, 0)}, "declarations without a binding"),
    # bindings and declarations of one register type in ID order ("Bytecode changes in SM5.1")
    ([_bind("b", 2, 5, 1, 0, 1), _bind("a", 2, 0, 1, 0, 0)], [("T", 0, 0, 0, 0), ("T", 1, 5, 5, 0)],
     "bindings of T not in ID order"),
    ([_bind("a", 2, 0, 1, 0, 0), _bind("b", 2, 5, 1, 0, 1)], [("T", 1, 5, 5, 0), ("T", 0, 0, 0, 0)],
     "declarations of T not in ID order"),
    ([_bind("a", 2, 0, 1, 0, 0), _bind("s", 3, 0, 1, 0, 0), _bind("b", 2, 5, 1, 0, 1)],
     [("S", 0, 0, 0, 0), ("T", 0, 0, 0, 0), ("T", 1, 5, 5, 0)], None),
])
def test_reflection_problems_from_the_range_rules(bindings, decls, problem, monkeypatch):
    monkeypatch.setattr(R, "_bindings", lambda blob, d3d12: bindings)
    monkeypatch.setattr(R, "_declared_ranges", lambda blob: sorted(decls, key=str) if isinstance(decls, set)
                        else decls)
    got = R.reflection_problems(b"", None)
    if problem is None:
        assert got == []
    else:
        assert any(problem in p for p in got), got


def test_report_of_an_earlier_json_run(tmp_path, capsys):
    import json

    recs = [{"source": "x", "name": "a", "stage": "ps", "models": {"5.0": ["compiled", ""], "5.1": ["compiled", ""],
                                                                  "4.0": ["error", "X3004: y"]}, "reflection": []},
            {"source": "x", "name": "b", "stage": "hs", "models": {"5.0": ["compiled", ""],
                                                                  "5.1": ["notimpl", "shader model 5.1: f"]}}]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    assert R.load(path) == recs
    assert R.main(["--report", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5.1: compiled 1, error 0, notimpl 1, crash 0, hang 0" in out
    assert "4.0: compiled 0, error 1, notimpl 0" in out
    assert "1  5.1 refuses what 5.0 compiles (notimpl)" in out and "1  same" in out
