"""``++``/``--`` (prefix and postfix) and compound assignment on UAV elements and groupshared memory (issue 15).

Rule (MicrosoftDocs direct3dhlsl "Operators": the prefix form yields the value after the step, the postfix form
the value before it; ``a op= b`` is ``a = a op b`` and yields the new value; each acts on an l-value, so on a
UAV or groupshared element it reads the element, computes and writes the result back): the values below are
computed from that rule, one thread running the statements in order. Element kinds: members of a
RWStructuredBuffer element (uint, int, float, a uint2 lane and the whole vector), a typed RWBuffer<uint>
element, groupshared array elements. Runs on every backend. A read-only resource element is X3025 (its
l-value is const), a sampler or texture object under ``+=`` is X3022, and a write of some of a typed UAV
element's components is X4596 "typed UAV stores must write all declared components." (fxc's
ERR_TYPED_UAV_WRITE_MASK_MISMATCH, recorded for ``State[b + 0].z = 0`` on a float4 UAV; ``store_uav_typed``
writes whole elements) while every component in any order, or a scalar element's ``.x``, compiles (checked
without running)."""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import read_buffer_bytes

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

SRC = """
struct S { uint a; int b; float c; uint2 v; };
RWStructuredBuffer<S> rw : register(u0);
RWStructuredBuffer<uint> res : register(u1);
RWBuffer<uint> tb : register(u2);
groupshared uint g[2];
[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {
  rw[i].a = 5;
  res[0] = rw[i].a++;          // 5, a = 6
  res[1] = ++rw[i].a;          // 7
  rw[i].b = -3;
  rw[i].b -= 4;                // -7
  res[2] = (uint)(rw[i].b *= 2);   // -14
  rw[i].c = 1.5;
  rw[i].c++;                   // 2.5
  res[3] = asuint(rw[i].c /= 2);   // 1.25
  rw[i].v = uint2(1, 2);
  rw[i].v.y++;                 // (1, 3)
  rw[i].v += uint2(10, 20);    // (11, 23)
  res[4] = rw[i].v--.x;        // 11, v = (10, 22)
  g[1] = 10;
  res[5] = g[1]--;             // 10, g = 9
  res[6] = --g[1];             // 8
  g[1] <<= 2;                  // 32
  res[7] = (g[1] |= 1);        // 33
  tb[3] = 7;
  tb[3]++;                     // 8
  res[8] = tb[3]++;            // 8, tb = 9
  tb[3] *= 3;                  // 27
  res[9] = ++tb[3];            // 28
  res[10] = tb[3]--;           // 28, tb = 27
  res[11] = g[i + 1]++ + g[1]; // 33 + 34 = 67
  tb[5] = 0;
  tb[6] = 0;                   // (a buffer made without initial data holds undefined values)
  uint k = i;
  tb[5 + k++] += 4;            // the index is evaluated once: k = 1, tb[5] = 4
  ++tb[5 + k--];               // tb[6] = 1, k = 0
  res[12] = k;
}
"""

WANT_RES = [5, 7, (-14) & 0xFFFFFFFF, int(np.float32(1.25).view(np.uint32)), 11, 10, 8, 33, 8, 28, 28, 67, 0]


def _uav(dev, nbytes: int, structured_stride: int | None, fmt: int, count: int):
    misc = d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED if structured_stride else 0
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=nbytes, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=misc, StructureByteStride=structured_stride or 0))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=fmt, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=count)))
    return buf, uav


def test_increments_and_compound_assignments_on_uav_and_groupshared_elements():
    cs = D3DCompile(SRC, None, "t.hlsl", None, None, "main", "cs_5_0")
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    s_buf, s_uav = _uav(dev, 20, 20, d.DXGI_FORMAT_UNKNOWN, 1)
    r_buf, r_uav = _uav(dev, 4 * 16, 4, d.DXGI_FORMAT_UNKNOWN, 16)
    t_buf, t_uav = _uav(dev, 4 * 8, None, d.DXGI_FORMAT_R32_UINT, 8)
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 3, [s_uav, r_uav, t_uav], None)
    ctx.Dispatch(1, 1, 1)
    res = read_buffer_bytes(dev, ctx, r_buf, 64).view(np.uint32)[:len(WANT_RES)].tolist()
    assert res == WANT_RES
    s = read_buffer_bytes(dev, ctx, s_buf, 20)
    a, b, c, v0, v1 = s.view(np.uint32).tolist()
    assert (a, np.int32(np.uint32(b)), s[8:12].view(np.float32)[0], v0, v1) == (7, -14, 1.25, 10, 22)
    assert read_buffer_bytes(dev, ctx, t_buf, 32).view(np.uint32)[3:7].tolist() == [27, 0, 4, 1]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,code", [
    ("Buffer<uint> ro; float4 main() : SV_Target { ro[0]++; return 0; }", 3025),
    ("Buffer<uint> ro; float4 main() : SV_Target { --ro[0]; return 0; }", 3025),
    ("StructuredBuffer<uint> ro; float4 main() : SV_Target { ro[0] += 1; return 0; }", 3025),
    ("Texture2D<float> ro; float4 main() : SV_Target { ro[uint2(0, 0)] *= 2; return 0; }", 3025),
    ("SamplerState s; float4 main() : SV_Target { s += 1; return 0; }", 3022),
    ("Texture2D t; float4 main() : SV_Target { t -= 1; return 0; }", 3022),
    # a typed UAV store writes a whole element: some of its components only is X4596
    ("RWTexture2D<float4> t; float4 main() : SV_Target { t[uint2(0, 0)].x++; return 0; }", 4596),
    ("RWBuffer<float4> b; float4 main() : SV_Target { b[0].yz += 1; return 0; }", 4596),
    ("RWBuffer<uint3> b; float4 main() : SV_Target { b[0].z = 1; return 0; }", 4596),
    ("RWBuffer<float4> b; float4 main() : SV_Target { b[0][2] *= 3; return 0; }", 4596),
])
def test_read_only_elements_and_objects_are_refused(body: str, code: int):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(body, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert f"error X{code}:" in info.value.errors


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", [
    "RWBuffer<float4> b; float4 main(float4 v : V) : SV_Target { b[0].wzyx = v; return 0; }",
    "RWBuffer<float2> b; float4 main() : SV_Target { b[0].yx += 1; return 0; }",
    "RWBuffer<float> b; float4 main() : SV_Target { b[0].x++; return 0; }",
    "RWTexture2D<float4> t; float4 main() : SV_Target { t[uint2(0, 0)] += 1; return 0; }",
    "groupshared float4 g[2]; [numthreads(1, 1, 1)] void main() { g[0].x++; }",  # not a typed UAV
])
def test_whole_typed_elements_and_other_memory_compile(body: str):
    D3DCompile(body, None, "t.hlsl", None, None, "main", "cs_5_0" if "numthreads" in body else "ps_5_0")
