"""A bool stage output is written as the register holds the bool: 0 for false, 0xFFFFFFFF for true (issue 15).

Evidence: fxc's own object for ``bool main(float a : A, float b : B) : SV_TARGET { return a == b; }`` (DXC's
projects/dxilconv/test/dxbc2dxil/cmp1.hlsl, built by ``fxc /T ps_5_0``): its converted reference (cmp1.ref) stores
``sext(fcmp oeq a, b)`` to the output — the comparison's 0 / 0xFFFFFFFF (D3D11.3 §22.10: SM4 comparisons write
0xFFFFFFFF for true) straight into o0, with no conversion to 0/1. HLSL bools in registers are that same 0 / ~0 (every
comparison, `!`, and `(bool)` of a number), so every bool output — a literal `true`, a constant-buffer bool, a
vertex-shader output read by the next stage — carries 0xFFFFFFFF for true. The expected words below come from that
record, never from this compiler; before session 17 the compiler wrote `and o#, r#, l(1)` (true = 1).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11 import d3d11 as d
from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.shader.compile_api import D3DCompile

TRUE = 0xFFFFFFFF

_VS = """struct V { float4 p : SV_Position; float2 ab : AB; nointerpolation bool2 flags : F; };
V main(uint id : SV_VertexID) {
    V v;
    v.p = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1);
    v.ab = float2(id, 0);
    v.flags = bool2(true, id > 7);   // flat: the provoking vertex 0 gives (true, false)
    return v;
}"""


def _draw(dev, ctx, ps_src: str, w: int = 4, vs_src: str = _VS) -> np.ndarray:
    """Draw one full-screen triangle into a w x 1 R32G32B32A32_UINT target; the raw words per pixel."""
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=1, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32G32B32A32_UINT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_RENDER_TARGET))
    vs = D3DCompile(vs_src, None, "vs.hlsl", None, None, "main", "vs_5_0")
    ps = D3DCompile(ps_src, None, "ps.hlsl", None, None, "main", "ps_5_0")
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=1, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.IASetInputLayout(None)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    return np.asarray(texture_to_numpy(ctx, tex)).reshape(w, 4).astype(np.uint32)


@pytest.fixture
def device():
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, d.D3D11_SDK_VERSION)
    return dev, ctx


def test_comparison_output_is_all_ones(device) -> None:
    """cmp1's shape: x == 1 per pixel (pixel centres x + 0.5 → floor); true only at pixel 1."""
    dev, ctx = device
    px = _draw(dev, ctx, "bool4 main(float4 pos : SV_Position) : SV_Target {\n"
               "    float x = floor(pos.x);\n"
               "    return bool4(x == 1, x != 1, x < 2, x >= 3);\n}")
    x = np.arange(4)
    want = np.stack([x == 1, x != 1, x < 2, x >= 3], axis=1).astype(np.uint32) * TRUE
    np.testing.assert_array_equal(px, want)


@pytest.mark.parametrize("expr, want", [
    ("true", TRUE), ("false", 0), ("!false", TRUE), ("(bool)7", TRUE), ("(bool)0.0", 0), ("(bool)-0.5", TRUE),
])
def test_constant_bools(device, expr: str, want: int) -> None:
    dev, ctx = device
    px = _draw(dev, ctx, f"bool main(float4 pos : SV_Position) : SV_Target {{ return {expr}; }}")
    np.testing.assert_array_equal(px[:, 0], np.full(4, want, np.uint32))


def test_bool_from_a_number_at_run_time(device) -> None:
    """`bool b = x` of an int / float (a conversion: != 0) per pixel."""
    dev, ctx = device
    px = _draw(dev, ctx, "bool2 main(float4 pos : SV_Position) : SV_Target {\n"
                         "    int i = (int)pos.x - 2;  float f = pos.x - 1.5;\n"
                         "    bool2 b = bool2(i, f);\n    return b;\n}")
    x = np.arange(4)
    np.testing.assert_array_equal(px[:, 0], (x - 2 != 0).astype(np.uint32) * TRUE)
    np.testing.assert_array_equal(px[:, 1], ((x + 0.5) - 1.5 != 0).astype(np.uint32) * TRUE)


def test_vertex_bool_output_reaches_the_pixel_shader_as_all_ones(device) -> None:
    """The VS writes bool2(true, false) flat; the PS reads the element as uint2 (the same register bits)."""
    dev, ctx = device
    px = _draw(dev, ctx, "uint4 main(float4 p : SV_Position, float2 ab : AB, nointerpolation uint2 f : F)"
                         " : SV_Target { return uint4(f, 0, 0); }")
    np.testing.assert_array_equal(px[:, :2], np.tile(np.array([TRUE, 0], np.uint32), (4, 1)))


@pytest.mark.backend_independent
def test_listing_writes_the_comparison_straight_to_the_output() -> None:
    """cmp1.hlsl compiled here: the comparison's destination is o0 itself (fxc's object: no conversion after it)."""
    src = "bool main(float a : A, float b : B) : SV_TARGET { return a == b; }"
    blob = D3DCompile(src, None, "cmp1.hlsl", None, None, "main", "ps_5_0", 0, 0)
    body = [ln.strip() for ln in bytes(D3DDisassemble(blob, len(blob), 0, None)).rstrip(b"\0").decode().splitlines()
            if ln.strip() and not ln.startswith("//") and not ln.strip().startswith(("ps_", "dcl_"))]
    assert body == ["eq o0.x, v0.x, v0.y", "ret"], body
