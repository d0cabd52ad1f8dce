"""Removing empty ``if``/``else`` arms keeps every arm that still does something (session 16's optimiser rule).

The rule (shader/hlsl/optimize.py ``_empty_branches``): an ``if`` whose arms hold no instruction goes with its
``else``/``endif``, and an empty ``else`` arm goes; nothing else may. An arm whose only work is a side effect — a
UAV store, an atomic, a ``break`` out of a loop, a ``discard`` — or that becomes empty only on one side (``if (c)
{} else { store }``), must stay and stay conditional: the program's meaning (HLSL's ``if``: the arm runs exactly
for the invocations whose condition holds) cannot change by dropping dead work. Each case below is run on one
thread group of 8 threads; the expected buffer is computed here from the source's meaning, per thread id t.
"""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.shader.compile_api import D3DCompile

N = 8
_HEAD = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) " \
        "{ uint t = id.x; "


def _per_thread(f) -> list[int]:
    return [f(t) for t in range(N)]


def _atomic_odd() -> list[int]:
    out = [0] * N
    out[0] = sum(1 for t in range(N) if t & 1)
    return out


# (name, body, expected buffer)
_CASES = [
    ("then_store_only", "if (t & 1) o[t] = 1;", _per_thread(lambda t: 1 if t & 1 else 0)),
    ("empty_then_else_store", "if (t & 1) {} else o[t] = 2;", _per_thread(lambda t: 0 if t & 1 else 2)),
    ("nested_empty_then_else_store", "if (t & 1) { if (t & 2) {} } else { o[t] = 3; }",
     _per_thread(lambda t: 0 if t & 1 else 3)),
    ("store_then_empty_else", "if (t & 1) { o[t] = 4; } else { }", _per_thread(lambda t: 4 if t & 1 else 0)),
    ("store_then_dead_else", "if (t & 1) { o[t] = 4; } else { uint z = t * 3; }", _per_thread(lambda t: 4 if t & 1 else 0)),
    ("inner_empty_then_inner_else_store", "if (t > 2) { if (t < 6) {} else { o[t] = 5; } }",
     _per_thread(lambda t: 5 if t >= 6 else 0)),
    ("dead_then_work_else_store", "float d = 0; if (t > 3) d = 7; else o[t] = 8;",
     _per_thread(lambda t: 0 if t > 3 else 8)),
    ("dead_local_then_else_store", "if (t > 3) { uint z = t * 2; } else { o[t] = 9; }",
     _per_thread(lambda t: 0 if t > 3 else 9)),
    ("else_if_chain_with_empty_middle", "if (t == 2) { o[t] = 10; } else { if (t == 5) { } else { o[t] = 11; } }",
     _per_thread(lambda t: 10 if t == 2 else 0 if t == 5 else 11)),
    ("atomic_only_arm", "if (t & 1) { InterlockedAdd(o[0], 1); }", _atomic_odd()),
    ("break_only_arm", "uint s = 0; [loop] for (uint i = 0; i < 8; i++) { if (i == t) break; s += 1; } o[t] = s + 20;",
     _per_thread(lambda t: t + 20)),
    ("two_empty_ifs_then_store", "if (t & 1) {} if (t & 2) {} else {} o[t] = 12;", _per_thread(lambda t: 12)),
]


@pytest.mark.parametrize("name,body,want", _CASES, ids=[c[0] for c in _CASES])
def test_arms_with_work_stay_conditional(name: str, body: str, want: list[int]) -> None:
    cs = D3DCompile(_HEAD + body + " }", None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    got = dispatch_on_structured_uav(cs, 4, N).view(np.uint32).tolist()
    assert got == want


def _ops(blob) -> list[str]:
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    return [ln.split()[0] for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("//")]


@pytest.mark.backend_independent
@pytest.mark.parametrize("name,body,want", _CASES, ids=[c[0] for c in _CASES])
def test_the_optimiser_finishes_on_every_arm_shape(name: str, body: str, want: list[int]) -> None:
    """The removal leaves balanced flow control, so the optimiser keeps its result: when a pass leaves an ``if``
    without its ``endif`` (or an ``else`` without its ``if``) the optimiser gives up and returns the code as
    generated, which still runs correctly but keeps ``uint t = id.x`` as a copy of vThreadID that copy
    propagation removes."""
    blob = D3DCompile(_HEAD + body + " }", None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert not [ln for ln in text.splitlines() if ln.split()[:1] == ["mov"] and "vThreadID" in ln]


@pytest.mark.backend_independent
def test_a_discard_only_arm_stays() -> None:
    """``if (c) discard;``: the arm's one instruction is the side effect (a conditional discard in some form)."""
    blob = D3DCompile("float4 main(float4 p : P) : SV_Target { if (p.x > 0) discard; return p; }", None, "t.hlsl",
                      None, None, "main", "ps_5_0", 0, 0)
    ops = _ops(blob)
    assert "discard_nz" in ops or "discard_z" in ops or ("discard" in ops and ("if_nz" in ops or "if_z" in ops))


@pytest.mark.backend_independent
def test_empty_ifs_leave_no_flow_control() -> None:
    """Both arms empty (after their dead work goes): no ``if``, ``else`` or ``endif`` is left; the store stays."""
    blob = D3DCompile(_HEAD + "if (t & 1) { uint z = t; } else { uint y = t + 1; } o[t] = 1; }", None, "t.hlsl",
                      None, None, "main", "cs_5_0", 0, 0)
    ops = _ops(blob)
    assert not {"if_nz", "if_z", "else", "endif"} & set(ops)
    assert "store_structured" in ops
