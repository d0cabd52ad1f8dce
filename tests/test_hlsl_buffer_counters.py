"""HLSL structured-buffer counters compiled and dispatched: Append/Consume, IncrementCounter/
DecrementCounter, their declarations and reflection (D3D11.3 §5.3.10)."""

from __future__ import annotations

import numpy as np
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile, D3DReflect
from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0"))


def _buffer(words, stride: int):
    w = np.asarray(words, np.uint32)
    st = ResourceStorage.create(1, 0, w.nbytes, structure_stride=stride)
    st.data.view(np.uint32)[:] = w
    view = ViewDescriptor(ViewKind.UAV, st, 0, 1, num_elements=st.width // stride, element_size=stride,
                          structured=True)
    return st, view


APPEND_CONSUME = """
struct P { float2 v; uint id; };
ConsumeStructuredBuffer<P> src : register(u0);
AppendStructuredBuffer<P> dst : register(u1);
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    P p = src.Consume();
    p.v *= 2;
    p.id += 100 * i;
    dst.Append(p);
}"""


def test_append_and_consume_move_elements_between_counters():
    blob = _compile(APPEND_CONSUME)
    items = np.zeros((10, 3), np.uint32)
    items[:, 0] = np.float32(np.arange(10)).view(np.uint32)
    items[:, 1] = np.float32(np.arange(10) * 0.5).view(np.uint32)
    items[:, 2] = np.arange(10)
    src_st, src = _buffer(items.ravel(), 12)
    dst_st, dst = _buffer(np.full(30, 0xDEAD), 12)
    b = Bindings()
    b.uavs[0], b.uavs[1] = src, dst
    src.counter[0] = 10
    dst.counter[0] = 2
    dispatch(blob_program(blob), b, 1)
    assert src.counter[0] == 2 and dst.counter[0] == 10
    out = dst_st.data.view(np.uint32).reshape(10, 3)
    assert (out[:2] == 0xDEAD).all()
    # lane i consumed element (9 - i) (post-decrement counts in lane order) and appended it at 2 + i
    for i in range(8):
        k = 9 - i
        assert out[2 + i, 0].view(np.float32) == 2 * k and out[2 + i, 1].view(np.float32) == k
        assert out[2 + i, 2] == k + 100 * i


def test_increment_and_decrement_counter_return_the_index_and_mark_the_uav():
    src = """
    RWStructuredBuffer<uint> u : register(u0);
    RWStructuredBuffer<uint> d : register(u1);
    [numthreads(4, 1, 1)]
    void main(uint i : SV_GroupIndex) {
        uint n = u.IncrementCounter();
        u[n] = 10 + i;
        d[d.DecrementCounter()] = 20 + i;
    }"""
    blob = _compile(src)
    assert "dcl_uav_structured_opc u0, 4" in disassemble(blob)
    refl = D3DReflect(blob)
    assert refl.GetResourceBindingDescByName("u").Type == 11  # D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER
    u_st, u = _buffer(np.zeros(8), 4)
    d_st, d = _buffer(np.zeros(8), 4)
    b = Bindings()
    b.uavs[0], b.uavs[1] = u, d
    u.counter[0], d.counter[0] = 3, 6
    dispatch(blob_program(blob), b, 1)
    assert u.counter[0] == 7 and d.counter[0] == 2
    assert u_st.data.view(np.uint32)[3:7].tolist() == [10, 11, 12, 13]
    assert d_st.data.view(np.uint32)[2:6].tolist() == [23, 22, 21, 20]


def test_append_of_a_consume_consumes_once():
    """``dst.Append(src.Consume())``: the argument is evaluated once (a second evaluation decremented the source
    counter twice); the element moves from the top of src to the bottom of dst."""
    blob = _compile("""
    ConsumeStructuredBuffer<uint> src : register(u0);
    AppendStructuredBuffer<uint> dst : register(u1);
    [numthreads(1, 1, 1)] void main() { dst.Append(src.Consume()); }""")
    assert disassemble(blob).count("imm_atomic_consume") == 1
    src_st, src = _buffer([11, 22, 33, 44], 4)
    dst_st, dst = _buffer([0, 0, 0, 0], 4)
    b = Bindings()
    b.uavs[0], b.uavs[1] = src, dst
    src.counter[0] = 3
    dst.counter[0] = 1
    dispatch(blob_program(blob), b, 1)
    assert src.counter[0] == 2 and dst.counter[0] == 2
    assert dst_st.data.view(np.uint32).tolist() == [0, 33, 0, 0]  # consume hands out the post-decrement count


def test_append_and_consume_buffers_report_their_dimensions():
    """AppendStructuredBuffer/ConsumeStructuredBuffer.GetDimensions(out numStructs, out stride) (their pages)."""
    blob = _compile("""
    struct S { float4 a; uint b; };
    AppendStructuredBuffer<S> ap : register(u0);
    ConsumeStructuredBuffer<uint2> co : register(u1);
    RWByteAddressBuffer o : register(u2);
    [numthreads(1, 1, 1)] void main() { uint n, s, n2, s2; ap.GetDimensions(n, s); co.GetDimensions(n2, s2);
                                        o.Store4(0, uint4(n, s, n2, s2)); }""")
    _ap_st, ap = _buffer(np.zeros(3 * 5), 20)
    _co_st, co = _buffer(np.zeros(2 * 7), 8)
    out = ResourceStorage.create(1, 0, 16)
    b = Bindings()
    b.uavs[0], b.uavs[1] = ap, co
    b.uavs[2] = ViewDescriptor(ViewKind.UAV, out, 0, 1, num_elements=4, element_size=4, raw=True)
    dispatch(blob_program(blob), b, 1)
    assert out.data.view(np.uint32).tolist() == [3, 20, 7, 8]
