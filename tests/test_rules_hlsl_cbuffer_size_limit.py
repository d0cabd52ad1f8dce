"""A constant buffer holds at most 4096 16-byte entries (D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT; the D3D10
limit is the same). fxc refuses a larger one with "error X4601: the size of constant buffer Data is 4097 16-byte
entries, which exceeds maximum allowed size of 4096 entries" (DXC issue 1919, fxc's output quoted for
``cbuffer Data { float4 Foo[4097]; }`` read at a run-time index). DXC added the same check in PR 3507 with the
tests HLSLFileCheck/hlsl/objects/CbufferLegacy/cbufferSize1-6 (1, 3, 5, 6 exceed the limit by one entry; 2 and 4
fill exactly 4096 entries and compile); those shapes are the rows below.

The size is the buffer's legacy layout (HLSL "Packing Rules for Constant Variables": array elements start a
16-byte register, a member that would straddle one moves to the next; packoffset places a member), rounded up
to whole entries. Inferred, not recorded: the check is on the buffer as reflected (a buffer the program does not
reference is stripped by fxc and has no size in the output), and it is a constant-buffer rule only (a tbuffer
is a buffer shader-resource view, which has no 4096-entry limit)."""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

pytestmark = pytest.mark.backend_independent

PS = "float4 main(uint i : I) : SV_Target {{ return {ret}; }}"


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(D3D11Error) as exc:
        _compile(src, target)
    return str(exc.value)


#: (declarations, returned expression, buffer name, entries): each buffer is one entry past the limit
TOO_LARGE = [
    ("cbuffer Data { float4 Foo[4097]; };", "Foo[i]", "Data", 4097),                      # DXC issue 1919
    ("cbuffer Foo1 : register(b5) { float arr[4097]; };", "arr[4096]", "Foo1", 4097),     # cbufferSize3
    ("cbuffer Foo1 : register(b5) { float arr[4096]; float3 after_array; float overflow; };",
     "float4(arr[4095] + overflow, after_array)", "Foo1", 4097),                          # cbufferSize5
    ("cbuffer Foo1 : register(b5) { float arr[4096] : packoffset(c1); };", "arr[4095]", "Foo1", 4097),  # 6
    ("cbuffer M { float4x4 m[1025]; };", "m[i][0]", "M", 4100),
    ("struct S { float4 a; float2 b; }; cbuffer C { S s[2049]; };", "s[i].a", "C", 4098),
    ("cbuffer C { float4 a[4000]; float4 b[97]; };", "b[0]", "C", 4097),                  # only the tail read
    ("float4 g[5000];", "g[i]", "$Globals", 5000),                                        # the default buffer
    ("cbuffer C { float4 pad[4096]; float last; };", "last", "C", 4097),
]


@pytest.mark.parametrize("target", ["ps_5_0", "ps_4_0"])
def test_a_packoffset_past_c4095_is_x3541(target: str) -> None:
    """DXC's cbufferSize1 (``packoffset(c4096)``) is no size error in fxc: d3dcompiler_47 10.1 refuses the location
    itself, X3541 "invalid packoffset location 'c4096'" (session 43, helper MUT; bufregs.py)."""
    err = _error("cbuffer Foo1 : register(b5) { float4 g1 : packoffset(c4096); float4 g2 : packoffset(c0); };\n" +
                 PS.format(ret="g1 + g2"), target)
    assert "error X3541: invalid packoffset location 'c4096'" in err, err


@pytest.mark.parametrize(("decls", "ret", "name", "entries"), TOO_LARGE)
@pytest.mark.parametrize("target", ["ps_5_0", "ps_4_0"])
def test_a_constant_buffer_over_4096_entries_is_x4601(decls: str, ret: str, name: str, entries: int,
                                                       target: str):
    err = _error(decls + "\n" + PS.format(ret=ret), target)
    assert re.search(r"error X4601: the size of constant buffer (\S+) is (\d+) 16-byte entries, which exceeds "
                     r"maximum allowed size of 4096 entries", err), err
    m = re.search(r"constant buffer (\S+) is (\d+) ", err)
    assert (m.group(1), int(m.group(2))) == (name, entries)


def test_the_limit_holds_in_every_stage():
    src_vs = "cbuffer C { float4 a[4097]; };\nfloat4 main(uint i : I) : SV_Position { return a[i]; }"
    assert "X4601" in _error(src_vs, "vs_5_0")
    assert "X4601" in _error(src_vs, "vs_4_0")
    src_cs = ("cbuffer C { float4 a[4097]; };\nRWBuffer<float4> o;\n"
              "[numthreads(1,1,1)] void main(uint i : SV_GroupIndex) { o[i] = a[i]; }")
    assert "X4601" in _error(src_cs, "cs_5_0")


#: buffers of exactly 4096 entries, or over-sized ones the program never references, compile
FITS = [
    "cbuffer Data { float4 Foo[4096]; };\n" + PS.format(ret="Foo[i]"),
    "cbuffer Foo1 : register(b5) { float arr[4096]; };\n" + PS.format(ret="arr[4095]"),            # cbufferSize2
    "cbuffer Foo1 : register(b5) { float arr[4096]; float3 after_array; };\n"
    + PS.format(ret="float4(arr[4095], after_array)"),                                            # cbufferSize4
    "cbuffer Foo1 { float4 g1 : packoffset(c4095); };\n" + PS.format(ret="g1"),
    "cbuffer C { float4x4 m[1024]; };\n" + PS.format(ret="m[i][0]"),
    "float4 g[4096];\n" + PS.format(ret="g[i]"),
    # never referenced: not in the program (inferred)
    "cbuffer Big { float4 big[5000]; };\ncbuffer C { float4 c; };\n" + PS.format(ret="c"),
    "float4 unused_global[5000];\n" + PS.format(ret="float4(i, 0, 0, 1)"),
    # a texture buffer is a shader-resource view, not a constant buffer (inferred)
    "tbuffer T { float4 t[5000]; };\n" + PS.format(ret="t[i]"),
]


@pytest.mark.parametrize("src", FITS)
def test_buffers_within_the_limit_or_not_in_the_program_compile(src: str):
    assert _compile(src)[:4] == b"DXBC"
