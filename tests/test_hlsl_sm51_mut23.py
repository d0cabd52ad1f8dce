"""Session 23 (issue 19 item 3): the survivors of a mutation round over ``shader/hlsl/sm51.py`` (5.1 register ranges
and RDEF bindings), each pinned from its definition.

Definitions: MicrosoftDocs direct3dhlsl "Bytecode changes in SM5.1" (IDs number each register type's ranges; the
reflection's bindings and the declarations are in one order), "Resource binding in HLSL" (an array of objects is
one range of consecutive registers), D3D_SHADER_INPUT_TYPE (d3dcommon.h: 9 D3D_SIT_UAV_APPEND_STRUCTURED,
10 D3D_SIT_UAV_CONSUME_STRUCTURED, 11 D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER) and fxc's binding table order
(samplers, SRVs, UAVs, constant buffers).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.rdef import parse_rdef
from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent  # compiles, runs no shader


def _bindings(src: str, target: str = "ps_5_1", flags: int = 0) -> list[tuple]:
    blob = compile_hlsl(src, "t.hlsl", "main", target, flags=flags).blob
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    return [(b.name, b.input_type, b.bind_point, b.bind_count, b.space, b.id) for b in rdef.bindings]


def test_bindings_by_kind_then_id():
    """Two samplers and two textures: every sampler (by ID) before any SRV, whatever their IDs."""
    src = """
Texture2D<float4> ta : register(t5);
Texture2D<float4> tb : register(t0, space1);
SamplerState s0 : register(s4);
SamplerState s1 : register(s1, space1);
cbuffer K : register(b2) { float4 k; };
float4 main(float4 c : COORD) : SV_Target { return ta.Sample(s0, c.xy) + tb.Sample(s1, c.xy) + k; }
"""
    # input types: 3 sampler, 2 texture, 0 cbuffer; IDs count (space, lower) per type
    assert _bindings(src) == [
        ("s0", 3, 4, 1, 0, 0), ("s1", 3, 1, 1, 1, 1),
        ("ta", 2, 5, 1, 0, 0), ("tb", 2, 0, 1, 1, 1),
        ("K", 0, 2, 1, 0, 0),
    ]


def test_append_consume_and_counter_uavs_are_ranges():
    """The UAV input types 9, 10 and 11 are ranges of the u type (IDs 0, 1, 2 in register order)."""
    src = """
AppendStructuredBuffer<uint> app : register(u1);
ConsumeStructuredBuffer<uint> con : register(u2);
RWStructuredBuffer<uint> cnt : register(u3, space2);
[numthreads(1, 1, 1)]
void main() { app.Append(con.Consume() + cnt.IncrementCounter()); }
"""
    assert sorted(_bindings(src, "cs_5_1")) == [
        ("app", 9, 1, 1, 0, 0), ("cnt", 11, 3, 1, 2, 2), ("con", 10, 2, 1, 0, 1),
    ]


@pytest.mark.parametrize("reg", [0, 3])
def test_array_of_objects_is_one_range_from_its_register(reg):
    """``Texture2D a[2] : register(tN)`` with both elements used: one range N..N+1 (register 0 included); a
    one-element array is a range of one."""
    src = f"""
Texture2D<float4> a[2] : register(t{reg});
Texture2D<float4> b[1] : register(t{reg + 4});
SamplerState s;
float4 main(float4 c : COORD) : SV_Target {{ return a[0].Sample(s, c.xy) + a[1].Sample(s, c.zw) + b[0].Sample(s, c.xy); }}
"""
    got = [row for row in _bindings(src) if row[1] == 2]
    assert got == [("a", 2, reg, 2, 0, 0), ("b", 2, reg + 4, 1, 0, 1)]


_UNBOUNDED = """
Texture2D<float4> t[] : register(t0, space1);
SamplerState s;
float4 main(float4 c : COORD) : SV_Target {{ return t[{i}].Sample(s, c.xy); }}
"""


def test_unbounded_literal_index_limit():
    """This implementation's documented limit (features.md, sm51.UNBOUNDED_LITERAL_LIMIT's docstring): literal
    indices 0..4095 into an unbounded array are built, 4096 is refused by name."""
    compile_hlsl(_UNBOUNDED.format(i=4095), "t.hlsl", "main", "ps_5_1", flags=0x100000)
    with pytest.raises(NotSupportedError, match="4096"):
        compile_hlsl(_UNBOUNDED.format(i=4096), "t.hlsl", "main", "ps_5_1", flags=0x100000)


def test_unused_constant_buffer_takes_no_id():
    """An unread cbuffer is neither bound nor declared (fxc strips it), so it numbers no range: B (b1) is the only
    constant-buffer range, ID 0."""
    src = """
cbuffer A : register(b0) { float4 a; };
cbuffer B : register(b1) { float4 b; };
float4 main() : SV_Target { return b; }
"""
    assert _bindings(src) == [("B", 0, 1, 1, 0, 0)]


def test_static_array_of_global_objects_binds_the_globals():
    """``static Texture2D arr[2] = {ta, tb};`` names two globals: the bindings (and ranges) are ta and tb, one
    register each, not a range called arr, even though their registers are consecutive."""
    src = """
Texture2D<float4> ta : register(t0);
Texture2D<float4> tb : register(t1);
static Texture2D<float4> arr[2] = {ta, tb};
SamplerState s;
float4 main(float4 c : COORD) : SV_Target { return arr[0].Sample(s, c.xy) + arr[1].Sample(s, c.zw); }
"""
    # d3dcompiler_47 10.1 under Wine (session 38): ps_5_0 compiles it; ps_5_1 refuses the brace list of two objects,
    # X3017 "'arr': initializer does not match type" (this test compiled it at ps_5_1 before session 38's rule)
    assert [row[:4] for row in _bindings(src, "ps_5_0") if row[1] == 2] == [("ta", 2, 0, 1), ("tb", 2, 1, 1)]
    with pytest.raises(HlslError) as ei:
        _bindings(src)
    assert ei.value.code == 3017
