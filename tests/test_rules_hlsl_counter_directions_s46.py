"""Issue 15 (session 46, the lead): fxc's X4595 "RWStructuredBuffers may increment or decrement their counters, but
not both." -- one UAV whose generated code both increments (``IncrementCounter``: imm_atomic_alloc) and decrements
(``DecrementCounter``: imm_atomic_consume) its hidden counter, through any function the entry point calls, at the
first operation of the other direction (bufmethods.counter_direction_error). A branch folded away, a function
nothing calls, two buffers and two elements of a buffer array compile. Recorded from d3dcompiler_47 10.1 under Wine.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import D3D11Error

pytestmark = pytest.mark.backend_independent

ROWS = [  # (name, target, source, fxc's first error or "ok")
    ('sum', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main() : SV_Target { return t.IncrementCounter() + t.DecrementCounter(); }', 'X4595'),
    ('branches', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main(float4 p : SV_Position) : SV_Target { if (p.x > 0) return t.IncrementCounter(); return t.DecrementCounter(); }', 'X4595'),
    ('two_buffers', 'ps_5_0',
     'RWStructuredBuffer<uint> t; RWStructuredBuffer<uint> u;\nfloat4 main() : SV_Target { return t.IncrementCounter() + u.DecrementCounter(); }', 'ok'),
    ('same_direction', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main() : SV_Target { return t.IncrementCounter() + t.IncrementCounter(); }', 'ok'),
    ('decrements', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main() : SV_Target { return t.DecrementCounter() + t.DecrementCounter(); }', 'ok'),
    ('folded_branch', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main() : SV_Target { if (false) return t.IncrementCounter(); return t.DecrementCounter(); }', 'ok'),
    ('statements', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main() : SV_Target { t.IncrementCounter(); t.DecrementCounter(); return 0; }', 'X4595'),
    ('cs', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\n[numthreads(1,1,1)] void main() { t.IncrementCounter(); t.DecrementCounter(); }', 'X4595'),
    ('cs_decrement_first', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\n[numthreads(1,1,1)] void main() { t.DecrementCounter(); t[0] = 1; t.IncrementCounter(); }', 'X4595'),
    ('array_elements', 'cs_5_0',
     'RWStructuredBuffer<uint> t[2];\n[numthreads(1,1,1)] void main() { t[0].IncrementCounter(); t[1].DecrementCounter(); }', 'ok'),
    ('array_same_element', 'cs_5_0',
     'RWStructuredBuffer<uint> t[2];\n[numthreads(1,1,1)] void main() { t[1].IncrementCounter(); t[1].DecrementCounter(); }', 'X4595'),
    ('append_consume', 'cs_5_0',
     'AppendStructuredBuffer<uint> a; ConsumeStructuredBuffer<uint> c;\n[numthreads(1,1,1)] void main() { a.Append(c.Consume()); }', 'ok'),
    ('functions', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\nuint f() { return t.IncrementCounter(); }\nuint g() { return t.DecrementCounter(); }\n[numthreads(1,1,1)] void main() { t[0] = f() + g(); }', 'X4595'),
    ('uncalled_function', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\nuint f() { return t.IncrementCounter(); }\nuint g() { return t.DecrementCounter(); }\n[numthreads(1,1,1)] void main() { t[0] = f(); }', 'ok'),
    ('parameter', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\nuint g(RWStructuredBuffer<uint> b) { return b.DecrementCounter(); }\n[numthreads(1,1,1)] void main() { t[0] = t.IncrementCounter() + g(t); }', 'X4595'),
    ('loop', 'cs_5_0',
     'RWStructuredBuffer<uint> t;\n[numthreads(1,1,1)] void main(uint3 i : SV_DispatchThreadID) { [loop] for (uint k = 0; k < i.x; k++) { if (k & 1) t.IncrementCounter(); else t.DecrementCounter(); } }', 'X4595'),
    ('unused_result_runtime_if', 'ps_5_0',
     'RWStructuredBuffer<uint> t;\nfloat4 main(float4 p : SV_Position) : SV_Target { if (p.x > 1) t.IncrementCounter(); if (p.y > 1) t.DecrementCounter(); return 0; }', 'X4595'),
    ('registers_bound', 'cs_5_0',
     'RWStructuredBuffer<uint> t : register(u1); RWStructuredBuffer<uint> u : register(u2);\n[numthreads(1,1,1)] void main() { t.IncrementCounter(); u.DecrementCounter(); }', 'ok'),
    ('cs_51_array_runtime', 'cs_5_1',
     'RWStructuredBuffer<uint> t[2];\n[numthreads(1,1,1)] void main(uint3 i : SV_DispatchThreadID) { t[i.x].IncrementCounter(); t[0].DecrementCounter(); }', 'ok'),
    ('cs_51', 'cs_5_1',
     'RWStructuredBuffer<uint> t;\n[numthreads(1,1,1)] void main() { t.IncrementCounter(); t.DecrementCounter(); }', 'X4595'),
]


@pytest.mark.parametrize(("name", "target", "src", "want"), ROWS, ids=[r[0] for r in ROWS])
def test_counter_directions(name: str, target: str, src: str, want: str):
    assert mutant_verdict(src, target, 0) == want


def test_counter_directions_place():
    """fxc's place: the first operation of the other direction (the decrement called through g, line 3)."""
    src = dict((r[0], r[2]) for r in ROWS)["functions"].encode()
    with pytest.raises(D3D11Error, match=r"t\.hlsl\(3,19-38\): error X4595"):
        dc.D3DCompile(src, len(src), "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
