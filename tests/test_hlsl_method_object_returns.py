"""Struct/class methods that return objects, and those results used as receivers (issue 15, class front end).

Definition (MicrosoftDocs direct3dhlsl "Interfaces and Classes": methods are declared and called as functions
are; "Functions (DirectX HLSL)": every function is inlined, and a resource or sampler object is a compile-time
binding): a method whose return type is an object, or a struct/array holding objects, returns the binding of
the object it returns, exactly as an inlined free function does; ``s.tex().Sample(...)`` and
``b.get().Consume()`` then act on that binding. A binding must resolve at compile time: a return chosen by a
run-time value is an error, as it is for a free function. Expected values are computed here from the buffer
contents the test uploads (element i of buffer k holds 100 * k + i).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.errors import NotSupportedError, ShaderCompileError

_HEAD = """StructuredBuffer<uint> t0 : register(t0); StructuredBuffer<uint> t1 : register(t1);
RWByteAddressBuffer u0 : register(u0);
struct P {
  StructuredBuffer<uint> a() { return t0; }
  StructuredBuffer<uint> b() { return t1; }
  StructuredBuffer<uint> pick(int i) { if (i == 0) return t0; return t1; }
  RWByteAddressBuffer dst() { return u0; }
  uint viaThis(uint k) { return b()[k]; }
};
struct S { StructuredBuffer<uint> t; StructuredBuffer<uint> get() { return t; } };
struct O { S s; S inner() { return s; } };
class K { StructuredBuffer<uint> m; StructuredBuffer<uint> get() { return m; } };
"""


def _value(k: int, i: int) -> int:
    return 100 * k + i


def _run(body: str, n: int = 4) -> list[int]:
    dev, _fl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    srvs = []
    for k in range(2):
        data = np.array([_value(k, i) for i in range(8)], np.uint32)
        buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=32, BindFlags=D3D11_BIND_SHADER_RESOURCE,
                                                 MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                                 StructureByteStride=4),
                               D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))
        srvs.append(dev.CreateShaderResourceView(buf, None))
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    src = _HEAD + "[numthreads(1,1,1)] void main() { " + body + " }"
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetShaderResources(0, 2, srvs)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, out)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:n].tolist()
    ctx.Unmap(staging, 0)
    return words


# (body, expected words 0..3): each method call stands for the object it returns
_CASES = [
    ("P p; u0.Store(0, p.a()[0]); u0.Store(4, p.b()[3]);", [_value(0, 0), _value(1, 3), 0, 0]),
    ("P p; u0.Store(0, p.a().Load(5)); u0.Store(4, p.b().Load(6));", [_value(0, 5), _value(1, 6), 0, 0]),
    # the returned object is a UAV that the call's result writes
    ("P p; p.dst().Store(8, 77); p.dst().Store(12, p.a()[1]);", [0, 0, 77, _value(0, 1)]),
    # early returns chosen by a compile-time argument
    ("P p; u0.Store(0, p.pick(0)[2]); u0.Store(4, p.pick(1)[2]);", [_value(0, 2), _value(1, 2), 0, 0]),
    # a member object assigned before the call; an unqualified call inside a method (this.b())
    ("S s; s.t = t1; u0.Store(0, s.get()[4]); P p; u0.Store(4, p.viaThis(7));", [_value(1, 4), _value(1, 7), 0, 0]),
    # a method returning a struct that holds an object, its result the receiver of the next call
    ("O o; o.s.t = t0; u0.Store(0, o.inner().get()[1]); o.s.t = t1; u0.Store(4, o.inner().get()[1]);",
     [_value(0, 1), _value(1, 1), 0, 0]),
    # a class (not only a struct); the result's GetDimensions
    ("K k; k.m = t1; uint n, s; k.get().GetDimensions(n, s); u0.Store(0, k.get()[0]); u0.Store(4, n);"
     "u0.Store(8, s);", [_value(1, 0), 8, 4, 0]),
]


@pytest.mark.parametrize(("body", "want"), _CASES)
def test_method_returning_an_object_acts_as_that_object(body, want):
    assert _run(body) == want


@pytest.mark.backend_independent
def test_method_result_binds_the_returned_register():
    blob = D3DCompile(_HEAD + "[numthreads(1,1,1)] void main() { P p; u0.Store(0, p.b()[0]); }", None, "t.hlsl",
                      None, None, "main", "cs_5_0")
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert "t1.x" in text and "t0" not in text.replace("dcl_resource_structured t1", "")


@pytest.mark.backend_independent
def test_texture_method_result_samples_in_a_pixel_shader():
    src = """Texture2D g0 : register(t3); SamplerState s0;
struct S { Texture2D tex() { return g0; } };
float4 main(float2 uv : TEXCOORD) : SV_Target { S s; return s.tex().Sample(s0, uv); }"""
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert "sample o0.xyzw, v0.xyyy, t3.xyzw, s0" in text


@pytest.mark.backend_independent
def test_consume_through_a_method_result():
    src = """ConsumeStructuredBuffer<float4> c0 : register(u1); RWByteAddressBuffer o : register(u0);
struct B { ConsumeStructuredBuffer<float4> get() { return c0; } };
[numthreads(1,1,1)] void main() { B b; o.Store(0, asuint(b.get().Consume().x)); }"""
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert "imm_atomic_consume" in text and "u1" in text


@pytest.mark.backend_independent
def test_run_time_choice_of_returned_object_is_an_error_as_for_a_free_function():
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(_HEAD + "[numthreads(1,1,1)] void main() { P p; u0.Store(0, p.pick(u0.Load(0))[0]); }",
                   None, "t.hlsl", None, None, "main", "cs_5_0")
    # subscripting the picked buffer: fxc's X3669 (d3dcompiler_47 10.1, session 35; was X3500 naming P::pick)
    assert "error X3669: Resources being indexed cannot come from conditional expressions" in e.value.errors


@pytest.mark.backend_independent
def test_object_returned_through_an_interface_call_is_not_supported():
    src = _HEAD + """interface I { StructuredBuffer<uint> g(); };
class C : I { StructuredBuffer<uint> g() { return t1; } };
I ip;
[numthreads(1,1,1)] void main() { u0.Store(0, ip.g()[0]); }"""
    with pytest.raises(NotSupportedError, match="interface method returning"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")


@pytest.mark.backend_independent
def test_method_returning_a_never_assigned_member_object_is_x3690():
    """An object member never given a binding has none to return (objects.py) -- DXC's
    spirv.legal.sbuffer.struct.hlsl shape ``c.getU().getSBufferStruct()`` with ``c.u`` unassigned. Subscripted,
    it is fxc's X3690 "Resource being indexed is uninitialized." (d3dcompiler_47 10.1 under Wine, session 44,
    this source; X4000 here before, a method call on it stays X4000)."""
    with pytest.raises(ShaderCompileError, match="X3690"):
        D3DCompile(_HEAD + "[numthreads(1,1,1)] void main() { O o; u0.Store(0, o.inner().get()[1]); }",
                   None, "t.hlsl", None, None, "main", "cs_5_0")
