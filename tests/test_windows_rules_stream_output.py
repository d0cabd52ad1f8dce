"""Issue 14 item 13: stream-output declarations validated per feature level as Windows does, and the HLSL
compiler's output signature for multi-stream geometry shaders (one set of elements per stream, each
stream packed from o0, as fxc writes them).

Rules (CreateGeometryShaderWithStreamOutput / D3D11_SO_DECLARATION_ENTRY docs, spec §14.3, written out case
by case below):
- a declaration array with NumEntries 0 is invalid; strides without any entry are accepted;
- before 11_0: only stream 0, RasterizedStream 0 (D3D11_SO_NO_RASTERIZED_STREAM included is refused), at
  most one stride, and a declaration feeds either slot 0 alone or several slots with one entry each (a gap
  counts as an entry);
- with strides given, every fed slot needs a stride at least as large as its entries; one element's
  components may not be output twice in one stream (overlapping ranges).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.container import parse_container

FL_10_0, FL_10_1, FL_11_0 = 0xA000, 0xA100, 0xB000
NO_RAST = 0xFFFFFFFF
VS = """
struct O { float4 p : SV_Position; float4 a : A; float4 b : B; float4 c : C; };
O main(float4 p : POSITION) { O o; o.p = p; o.a = p; o.b = p * 2; o.c = p * 3; return o; }
"""


def _entry(name, count=4, slot=0, start=0, stream=0):
    return D3D11_SO_DECLARATION_ENTRY(Stream=stream, SemanticName=name, SemanticIndex=0,  # noqa: F405
                                      StartComponent=start, ComponentCount=count, OutputSlot=slot)


GAP = None
# (name, entries, strides, rasterized stream, accepted at (10_0, 10_1, 11_0))
CASES = [
    ("one element", [_entry("A")], [16], 0, (True, True, True)),
    ("strides without a declaration", [], [16], 0, (True, True, True)),
    ("no strides at all", [_entry("A")], [], 0, (True, True, True)),
    ("two elements in slot 0", [_entry("A"), _entry("B")], [32], 0, (True, True, True)),
    ("one element per slot, no strides", [_entry("A", slot=0), _entry("B", slot=1)], [], 0, (True, True, True)),
    ("one element per slot, two strides", [_entry("A", slot=0), _entry("B", slot=1)], [16, 16], 0,
     (False, False, True)),
    ("several elements in slot 0 and a second slot", [_entry("A"), _entry("B"), _entry("C", slot=1)], [], 0,
     (False, False, True)),
    ("a gap and an element in slot 0 and a second slot",
     [_entry("A"), _entry(GAP, 2), _entry("C", slot=1)], [], 0, (False, False, True)),
    ("NO_RASTERIZED_STREAM", [_entry("A")], [16], NO_RAST, (False, False, True)),
    ("rasterized stream 1", [_entry("A")], [16], 1, (False, False, True)),
    ("rasterized stream 4", [_entry("A")], [16], 4, (False, False, False)),
    ("stream 1 entry", [_entry("A", stream=1)], [16], 0, (False, False, False)),  # VS outputs are stream 0
    ("fed slot without a stride", [_entry("A", slot=1)], [16], 0, (False, False, False)),
    ("stride smaller than the entries", [_entry("A"), _entry("B")], [16], 0, (False, False, False)),
    ("stride zero for a fed slot", [_entry("A")], [0], 0, (False, False, False)),
    ("stride not a multiple of 4", [_entry("A", 3)], [14], 0, (False, False, False)),
    ("overlapping components", [_entry("A", 2, start=0), _entry("A", 1, start=1)], [], 0,
     (False, False, False)),
    ("disjoint components of one element", [_entry("A", 1, start=0), _entry("A", 1, start=1)], [], 0,
     (True, True, True)),
    ("only gaps in a slot", [_entry("A"), _entry(GAP, 1, slot=1)], [], 0, (False, False, False)),
]


@pytest.mark.parametrize("level_i, level", list(enumerate([FL_10_0, FL_10_1, FL_11_0])))
@pytest.mark.parametrize("name, entries, strides, rs, ok", CASES, ids=[c[0] for c in CASES])
def test_stream_output_declaration_per_level(level_i, level, name, entries, strides, rs, ok):
    dev, _, _ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0)

    def create():
        return dev.CreateGeometryShaderWithStreamOutput(vs, None, entries or None, len(entries), strides or None,
                                                        len(strides), rs, None)
    if ok[level_i]:
        create()
    else:
        with pytest.raises(InvalidArgError):
            create()


def test_declaration_array_with_num_entries_zero_is_invalid():
    dev, _, _ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0)
    with pytest.raises(InvalidArgError):
        dev.CreateGeometryShaderWithStreamOutput(vs, None, [_entry("A")], 0, [16], 1, 0, None)


# --- the compiler's multi-stream output signature ---------------------------------------------------------------

def _osg5(src: str):
    blob = D3DCompile(src, None, None, None, None, "main", "gs_5_0", 0, 0)
    return [(e.semantic_name, e.register, e.mask, e.stream) for e in parse_container(blob).output_signature], blob


def test_same_struct_on_two_streams_lists_its_elements_once_per_stream():
    sig, blob = _osg5("""
    struct V { float4 p : SV_Position; float4 c : COLOR; };
    [maxvertexcount(2)] void main(point V v[1], inout PointStream<V> s0, inout PointStream<V> s1) {
        s0.Append(v[0]); s1.Append(v[0]); }""")
    assert sig == [("SV_Position", 0, 0xF, 0), ("COLOR", 1, 0xF, 0), ("SV_Position", 0, 0xF, 1), ("COLOR", 1, 0xF, 1)]
    text = bytes(D3DDisassemble(blob).GetBufferPointer()).decode()
    lines = [ln.strip() for ln in text.splitlines() if ln.startswith(("dcl_stream", "dcl_output ", "dcl_output_siv"))]
    assert lines == ["dcl_stream m0", "dcl_output_siv o0.xyzw, position", "dcl_output o1.xyzw",
                     "dcl_stream m1", "dcl_output_siv o0.xyzw, position", "dcl_output o1.xyzw"]


def test_each_stream_is_packed_from_register_0():
    sig, _ = _osg5("""
    struct A { float4 p : SV_Position; float2 t : TEXCOORD0; };
    struct B { float3 n : NORMAL; uint k : KIND; };
    [maxvertexcount(2)] void main(point A v[1], inout PointStream<A> s0, inout PointStream<B> s1) {
        s0.Append(v[0]); B b; b.n = v[0].p.xyz; b.k = 3; s1.Append(b); }""")
    assert sig == [("SV_Position", 0, 0xF, 0), ("TEXCOORD", 1, 0x3, 0), ("NORMAL", 0, 0x7, 1), ("KIND", 1, 0x1, 1)]


def test_single_stream_signature_unchanged():
    sig, _ = _osg5("""
    struct V { float4 p : SV_Position; float4 c : COLOR; };
    [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }""")
    assert sig == [("SV_Position", 0, 0xF, 0), ("COLOR", 1, 0xF, 0)]
