"""Groupshared declarations: only the variables a compute shader uses get a g# register (numbered in
order of use); other stages may declare but not use them."""

from __future__ import annotations

import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.dxbc.disasm import disassemble

#: every test runs on both shader backends (reference and native)
pytestmark = pytest.mark.usefixtures("both_backends")

SRC = """
groupshared float a[64];
groupshared uint b[16];
RWBuffer<uint> o;
[numthreads(16, 1, 1)] void CS(uint i : SV_GroupIndex) { b[i] = i; GroupMemoryBarrierWithGroupSync(); o[i] = b[15 - i]; }
float4 PS(float4 c : C) : SV_Target { return c; }
float4 PSBad(float4 c : C) : SV_Target { return c * a[0]; }
"""


def _decls(entry: str, profile: str) -> list[str]:
    blob = bytes(D3DCompile(SRC, None, "t.hlsl", None, None, entry, profile))
    return [ln for ln in disassemble(blob).splitlines() if ln.startswith("dcl_tgsm")]


def test_only_used_groupshared_variables_are_declared():
    assert _decls("CS", "cs_5_0") == ["dcl_tgsm_structured g0, 4, 16"]
    assert _decls("PS", "ps_5_0") == []


def test_groupshared_use_outside_compute_is_an_error():
    """Outside a compute shader fxc drops ``groupshared`` (warning X3579) and the variable holds nothing until
    written: PSBad reads a[0] unwritten, X4575 (d3dcompiler_47 10.1 under Wine, session 36; the rows below)."""
    with pytest.raises(ShaderCompileError, match="X4575: reading uninitialized value"):
        D3DCompile(SRC, None, "t.hlsl", None, None, "PSBad", "ps_5_0")


#: (program, target, fxc's error or None) -- d3dcompiler_47 10.1 under Wine, session 36; every row warns X3579
OUTSIDE_CS = [
    ("groupshared float a[64]; float4 main(float4 c : C) : SV_Target { return c * a[0]; }", "ps_5_0",
     "X4575: reading uninitialized value"),
    ("groupshared float g; float4 main(float4 c : C) : SV_Target { return c * g; }", "ps_5_0",
     "X4000: variable 'g' used without having been completely initialized"),
    ("groupshared float g; float4 main(float4 c : C) : SV_Position { return c * g; }", "vs_5_0",
     "X4000: variable 'g' used without having been completely initialized"),
    ("groupshared float g; float4 main(float4 c : C) : SV_Target { g = 2; return c * g; }", "ps_5_0", None),
    ("groupshared float a[4]; float4 main(float4 c : C) : SV_Target { a[1] = c.x; return c * a[1]; }", "ps_5_0",
     None),
    ("groupshared float a[4]; float4 main(float4 c : C) : SV_Target { a[(uint)c.y] = c.x; return c * a[1]; }",
     "ps_5_0", None),
    ("groupshared float g; float4 main(float4 c : C) : SV_Target { if (c.x > 0) g = 2; return c * g; }", "ps_5_0",
     None),
    ("groupshared float g = 3; float4 main(float4 c : C) : SV_Target { return c * g; }", "ps_5_0", None),
    # elements read at literal indices after others were written: X4000 naming the array
    ("groupshared float a[4]; float4 main(float4 c : C) : SV_Target { a[1] = c.x; return c * a[2]; }", "ps_5_0",
     "X4000: variable 'a' used without having been completely initialized"),
    ("groupshared float a[4]; groupshared float b[4]; float4 main(float4 c : C) : SV_Target { b[1] = c.x; "
     "return c * b[2]; }", "ps_5_0", "X4000: variable 'b' used without having been completely initialized"),
    # another array written first does not count
    ("groupshared float a[4]; groupshared float b[4]; float4 main(float4 c : C) : SV_Target { a[1] = c.x; "
     "return c * b[2]; }", "ps_5_0", "X4575: reading uninitialized value"),
    # a run-time index: after a write anywhere it compiles; before any write, only the warning X4000
    ("groupshared float4 a[4]; float4 main(float4 c : C) : SV_Target { a[1] = c; return a[(uint)c.x]; }", "ps_5_0",
     None),
    ("groupshared float4 a[4]; float4 main(float4 c : C) : SV_Target { return a[(uint)c.x]; }", "ps_5_0", None),
    # the second array written at a run-time index counts as written, element by element
    ("groupshared float b[4]; groupshared float a[4]; float4 main(float4 c : C) : SV_Target { b[0] = c.z; "
     "a[(uint)c.y] = c.x; return c * a[1] + b[0]; }", "ps_5_0", None),
]


@pytest.mark.parametrize("idx", range(len(OUTSIDE_CS)))
def test_groupshared_outside_compute_holds_nothing_until_written(idx: int):
    src, target, err = OUTSIDE_CS[idx]
    msgs: list = []
    if err is None:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0, msgs)
    else:
        with pytest.raises(ShaderCompileError, match=err):
            D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    assert "warning X3579" in text
    # fxc's warning before X4575, and alone for the unwritten run-time-indexed read
    unknown = "warning X4000: use of potentially uninitialized variable ((unknown))"
    assert (unknown in text) == ((err or "").startswith("X4575") or "return a[(uint)c.x]; }" in src and "a[1]" not in src)


def test_vector_groupshared_is_raw_memory_accessed_four_words_at_a_time():
    import numpy as np

    from pyd3d11.pipeline.compute import dispatch
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    src = """groupshared float4 v[8];
    RWByteAddressBuffer o : register(u0);
    [numthreads(8, 1, 1)] void main(uint i : SV_GroupIndex) {
        v[i] = float4(i, 2 * i, 3 * i, 4 * i);
        GroupMemoryBarrierWithGroupSync();
        o.Store4(16 * i, asuint(v[7 - i] + v[i].wzyx));
    }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0"))
    listing = disassemble(blob)
    assert "dcl_tgsm_raw g0, 128" in listing
    assert any(ln.startswith("ld_raw") and ln.split()[1].rstrip(",").endswith(".xyzw") for ln in listing.splitlines())
    st = ResourceStorage.create(1, 0, 128)
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, st, 39, 1, num_elements=32, element_size=4, flags=1, raw=True)
    dispatch(blob_program(blob), b, 1)
    got = st.data.view(np.float32).reshape(8, 4)
    i = np.arange(8, dtype=np.float32)[:, None]
    v = i * np.float32([1, 2, 3, 4])
    np.testing.assert_array_equal(got, v[::-1] + v[:, ::-1])
