"""tbuffer (texture buffer) members are read from the buffer bound as a shader resource at the tbuffer's t#
register, one 16-byte element per constant register (D3D10+ "Shader Constants (DirectX HLSL)": a tbuffer is
accessed like a texture; fxc reads it with ld from a dcl_resource_buffer (mixed…) declaration). Before this,
the compiler read tbuffer members through a cb# register, so values bound at t# never reached the shader.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble, D3DReflect

VS = ("float4 main(uint id : SV_VertexID) : SV_Position { float2 uv = float2((id << 1) & 2, id & 2); "
      "return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1); }")


def _render(ps_src: str, profile: str, elements: np.ndarray, slot: int, cb: np.ndarray | None = None):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    ctx.VSSetShader(dev.CreateVertexShader(D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0), None))
    ps = D3DCompile(ps_src, None, None, None, None, "main", profile, 0, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    data = np.ascontiguousarray(elements, np.float32)
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=8),  # noqa: F405
                           D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405
    srv = dev.CreateShaderResourceView(buf, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=2, ViewDimension=1, Buffer=D3D11_BUFFER_SRV(FirstElement=0, NumElements=len(data))))  # noqa: F405
    ctx.PSSetShaderResources(slot, 1, [srv])
    if cb is not None:
        c = np.ascontiguousarray(cb)
        cbuf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=max(16, c.nbytes), BindFlags=4),  # noqa: F405
                                D3D11_SUBRESOURCE_DATA(pSysMem=c.tobytes().ljust(16, b"\0")))  # noqa: F405
        ctx.PSSetConstantBuffers(0, 1, [cbuf])
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 2, 2, 0, 1)])  # noqa: F405
    ctx.IASetPrimitiveTopology(4)
    ctx.Draw(3, 0)
    return texture_to_numpy(ctx, tex)[0, 0], ps


ELEMENTS = np.arange(16, dtype=np.float32).reshape(4, 4) * np.float32(1.5) + 1


@pytest.mark.parametrize("profile", ["ps_4_0", "ps_5_0"])
def test_tbuffer_members_come_from_the_bound_buffer(profile):
    src = "tbuffer T : register(t2) { float4 a; float4 b; float c; };\n" \
          "float4 main() : SV_Target { return a * 2 + b + c; }"
    got, _ = _render(src, profile, ELEMENTS, 2)
    want = ELEMENTS[0] * 2 + ELEMENTS[1] + ELEMENTS[2, 0]
    assert np.array_equal(got, want.astype(np.float32))


@pytest.mark.parametrize("profile", ["ps_4_0", "ps_5_0"])
@pytest.mark.parametrize("i", [0, 1, 2])
def test_tbuffer_array_indexed_at_run_time(profile, i):
    src = "tbuffer T { float4 head; float4 arr[3]; };\ncbuffer C { uint i; };\n" \
          "float4 main() : SV_Target { return arr[i] + head.x; }"
    got, _ = _render(src, profile, ELEMENTS, 0, np.array([i, 0, 0, 0], np.uint32))
    assert np.array_equal(got, (ELEMENTS[1 + i] + ELEMENTS[0, 0]).astype(np.float32))


def test_tbuffer_takes_a_t_register_beside_textures():
    src = "Texture2D tex; SamplerState s;\ntbuffer T { float4 a; };\ncbuffer C { float4 k; };\n" \
          "float4 main(float2 uv : UV) : SV_Target { return tex.Sample(s, uv) + a + k; }"
    blob = D3DCompile(src, None, None, None, None, "main", "ps_5_0", 0, 0)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None).GetBufferPointer()).decode()
    # below 5.1 fxc places an automatic tbuffer before the other t# objects (d3dcompiler_47 10.1 under Wine, session
    # 42: T at t0, tex at t1 for this very source; tests/test_rules_reflect_fxc_s42.py)
    assert "dcl_resource_buffer (mixed,mixed,mixed,mixed) t0" in text
    # the cbuffer keeps b0: a different register set (D3DDisassemble writes d3dcompiler_47 10.1's "CB0" in the
    # declaration, session 37 listing_dialect)
    assert "dcl_constantbuffer CB0[1]" in text
    refl = D3DReflect(blob, len(blob))
    binds = {refl.GetResourceBindingDesc(k).Name: refl.GetResourceBindingDesc(k) for k in
             range(refl.GetDesc().BoundResources)}
    assert binds["T"].BindPoint == 0 and binds["tex"].BindPoint == 1 and binds["C"].BindPoint == 0


@pytest.mark.parametrize("profile", ["ps_4_0", "ps_5_0"])
@pytest.mark.parametrize("body,row", [("return b;", 1), ("return a;", 0), ("float4 r = b; return r;", 1),
                                      ("return c.xxxx;", 2)])
def test_tbuffer_member_returned_as_it_is(profile, body, row):
    """A member copied to the output with no arithmetic: the SM5 load is ``ld`` with its _indexable(buffer)
    suffix, so the pass that drops moves of undefined values sees that the load defines its temp (before,
    ps_5_0 dropped the move and the target kept its clear colour; found comparing with fxc 10.1, session 35)."""
    src = "tbuffer T { float4 a; float4 b; float4 c; };\nfloat4 main() : SV_Target { " + body + " }"
    got, _ = _render(src, profile, ELEMENTS, 0)
    want = ELEMENTS[row] if "xxxx" not in body else np.full(4, ELEMENTS[row, 0])
    assert np.array_equal(got, want.astype(np.float32))
