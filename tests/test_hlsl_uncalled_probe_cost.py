"""The type probes of functions nothing calls (shader/hlsl/uncalled.py) at the cost of one body each (session 28:
ProceduralMaterials.fx, an effect of small noise functions calling each other, took minutes to compile).

fxc type-checks every function body in the file, called or not. The probe generates an uncalled function's body
to find its type errors; a call inside it is checked (overload, arguments) but the callee's body is not generated
again there (its type errors do not depend on the caller: HLSL parameters have fixed types; it is checked where
it is compiled or by its own probe). The outcome of each function's probe is kept for later compiles of the same
source (an effect compiles its file once per shader). What must not change: which error a compile reports."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.hlsl import inlining, uncalled

pytestmark = pytest.mark.backend_independent

_CHAIN = """
float leaf(float x) { return x * 2; }
float mid(float x) { return leaf(x) + leaf(x + 1); }
float top(float x) { return mid(x) * mid(x - 1); }
float4 main(float4 p : POSITION) : SV_Position { return p; }
"""


def _compile(src: str, entry: str = "main", target: str = "vs_5_0"):
    return D3DCompile(src.encode(), None, "t.hlsl", None, None, entry, target)


def test_a_probe_generates_each_uncalled_body_once(monkeypatch):
    """leaf, mid and top are all uncalled: each probe generates its own body only (a ps_5_0 probe each; no error,
    so no cs_5_0 one), not its callees' again (before: top's probe also generated mid twice and leaf four times)."""
    bodies: list[str] = []
    real = inlining.run_inlined_body

    def counting(cg, body, ctx, early, key, func_index):
        if cg.probe_skip is not None:
            bodies.append(key)
        return real(cg, body, ctx, early, key, func_index)

    monkeypatch.setattr(inlining, "run_inlined_body", counting)
    monkeypatch.setattr(uncalled, "_MEMO", {})
    _compile(_CHAIN)
    assert sorted(bodies) == ["leaf", "mid", "top"]


@pytest.mark.parametrize("where", ["leaf", "mid"])
def test_an_error_in_a_callee_is_still_reported(where):
    """The callee's error comes from its own probe, with its own line."""
    bad = {"leaf": ("return x * 2;", "return x.q;"), "mid": ("return leaf(x) + leaf(x + 1);", "return leaf(x).q;")}
    src = _CHAIN.replace(*bad[where])
    line = next(i for i, text in enumerate(src.split("\n"), 1) if ".q" in text)
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    assert "X3018" in str(info.value) and f"t.hlsl({line}," in str(info.value)


def test_a_bad_call_in_an_uncalled_function_is_reported():
    """The call itself is checked: a wrong argument count in top's probe (X3013), callee bodies or not."""
    with pytest.raises(ShaderCompileError) as info:
        _compile(_CHAIN.replace("mid(x) * mid(x - 1)", "mid(x, x) * mid(x - 1)"))
    assert "X3013" in str(info.value)


def test_outcomes_are_kept_for_the_same_source_and_redone_for_another(monkeypatch):
    memo: dict = {}
    monkeypatch.setattr(uncalled, "_MEMO", memo)
    probed: list[tuple] = []
    real = uncalled._both_stages
    monkeypatch.setattr(uncalled, "_both_stages", lambda mk, key, cache: (probed.append(key), real(mk, key, cache))[1])
    _compile(_CHAIN)
    assert sorted(k[0] for k in probed) == ["leaf", "mid", "top"] and len(memo) == 3
    probed.clear()
    _compile(_CHAIN)
    assert probed == [], "the same source: every outcome from the memo"
    _compile(_CHAIN + "\n// another source\n")
    assert sorted(k[0] for k in probed) == ["leaf", "mid", "top"]


def test_a_kept_error_is_reported_by_every_compile_of_the_source(monkeypatch):
    """Two entry points of one file (an effect's shaders): the error of a function neither calls is reported by
    both compiles, the second from the memo, each with its own exception object."""
    monkeypatch.setattr(uncalled, "_MEMO", {})
    src = _CHAIN.replace("return x * 2;", "return x.q;") + \
        "float4 ps(float4 p : SV_Position) : SV_Target { return p; }\n"
    errors = []
    for entry, target in (("main", "vs_5_0"), ("ps", "ps_5_0")):
        with pytest.raises(ShaderCompileError) as info:
            _compile(src, entry, target)
        errors.append(info.value)
    assert all("X3018" in str(e) for e in errors) and errors[0] is not errors[1]


def test_the_entry_name_is_not_taken_from_the_memo(monkeypatch):
    """A function named like this compile's entry point is probed afresh (an effect's program hook may have
    edited it for this compile): an overload of the entry that nothing calls. (Declared first: fxc compiles the
    last-declared overload with a body as the entry -- d3dcompiler_47 10.1, session 36 SEM -- so one declared
    after the chain's ``main`` would be the entry itself.)"""
    memo: dict = {}
    monkeypatch.setattr(uncalled, "_MEMO", memo)
    src = "float4 main(float4 p : POSITION, float k) : SV_Position { return p * k; }\n" + _CHAIN
    _compile(src)
    assert memo and not any(key[0] == "main" for _src, key in memo)


def _function_lists(monkeypatch) -> tuple[dict, list[int]]:
    """The per-source lists (uncalled._FUNCS, emptied) and a count of the file's re-parses to list functions."""
    monkeypatch.setattr(uncalled, "_MEMO", {})
    lists: dict = {}
    monkeypatch.setattr(uncalled, "_FUNCS", lists)
    reparses: list[int] = []
    real = uncalled._functions
    monkeypatch.setattr(uncalled, "_functions", lambda mk: (reparses.append(1), real(mk))[1])
    return lists, reparses


def test_the_function_list_is_made_once_per_source(monkeypatch):
    """Each entry point of one file (DirectXTK compiles its files once per entry) finds the functions to probe in
    the list the first compile made, from its own parse (the file is not parsed again to list them); another
    source makes its own; the outcome is the same."""
    lists, reparses = _function_lists(monkeypatch)
    src = _CHAIN.replace("return x * 2;", "return x.q;") + \
        "float4 ps(float4 p : SV_Position) : SV_Target { return p; }\n"
    for entry, target in (("main", "vs_5_0"), ("ps", "ps_5_0")):
        with pytest.raises(ShaderCompileError, match="X3018"):
            _compile(src, entry, target)
    assert len(lists) == 1
    listed = next(iter(lists.values()))
    assert sorted(key[0] for key, _modelled in listed) == ["leaf", "main", "mid", "ps", "top"]
    _compile(_CHAIN)
    assert len(lists) == 2 and reparses == []


def test_a_hooked_compile_keeps_the_list_per_entry_point(monkeypatch):
    """Where a program hook edits the entry point (the effects compiler binding uniform parameters), the list is
    kept per entry point: the hook's edits belong to that compile."""
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    lists, _reparses = _function_lists(monkeypatch)
    src = _CHAIN + "float4 ps(float4 p : SV_Position) : SV_Target { return p; }\n"
    for entry, target in (("main", "vs_5_0"), ("main", "vs_4_0"), ("ps", "ps_5_0")):
        compile_hlsl(src, "t.hlsl", entry, target, program_hook=lambda prog: None)
    assert len(lists) == 2
