"""``[clipplanes(p0, …)]`` on a vertex shader (MicrosoftDocs "User clip planes on feature level 9 hardware":
up to six float4 plane constants; the shader object runs on every feature level, on 10+ hardware through
SV_ClipDistance). Plane i's clip distance is ``dot(SV_Position, plane_i)`` (the D3D9 user clip plane test
on the clip-space position), and D3D11.3 §15.4 keeps a sample only where every interpolated distance is >= 0.

Executed: a full-screen triangle on an 8x8 target with 1–6 planes; the expected coverage is computed here
from the pixel centres' clip-space coordinates (w = 1, so the distances are affine and exact at the
centres). Compiled: the distances fill SV_ClipDistance0 (planes 0–3) then SV_ClipDistance1 (planes 4–5),
the element layout §15.4 allows (8 distances in two registers)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_audit_pipeline import _device, _draw_ps

from pyd3d11.d3d11 import D3D11_BIND_CONSTANT_BUFFER, D3D11_BUFFER_DESC, D3D11_SUBRESOURCE_DATA
from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.errors import ShaderCompileError

W = H = 8

#: plane sets (a, b, c, d) · (x, y, z, w) >= 0 keeps a point; none of the lines passes through a pixel centre
PLANE_SETS = [
    [(1, 0, 0, 0)],                                     # x >= 0: the right half
    [(1, 0, 0, 0), (0, -1, 0, 0.5)],                    # and y <= 0.5
    [(-1, 0, 0, 0.6), (0, 1, 0, 0.6), (1, 1, 0, 0.1)],  # x <= 0.6, y >= -0.6, x + y >= -0.1
    [(1, 0, 0, 0.8), (-1, 0, 0, 0.8), (0, 1, 0, 0.8), (0, -1, 0, 0.8)],  # a centred square
    [(1, 0, 0, 0.8), (-1, 0, 0, 0.8), (0, 1, 0, 0.8), (0, -1, 0, 0.8), (1, -1, 0, 0.1)],  # and x - y >= -0.1
    [(1, 0, 0, 0.8), (-1, 0, 0, 0.8), (0, 1, 0, 0.8), (0, -1, 0, 0.8), (1, -1, 0, 0.1), (-1, -1, 0, 0.9)],
]

_PS = "float4 main() : SV_Target { return 1; }"


def _vs(n: int) -> str:
    names = ", ".join(f"planes[{i}]" for i in range(n))
    return f"""
cbuffer Planes : register(b0) {{ float4 planes[6]; }};
[clipplanes({names})]
float4 main(uint vid : SV_VertexID) : SV_Position {{
    return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0, 1);
}}"""


def _expected(planes) -> np.ndarray:
    px = (np.arange(W) + 0.5) / W * 2 - 1        # clip-space x of each column's centre
    py = 1 - (np.arange(H) + 0.5) / H * 2        # clip-space y of each row's centre (y up)
    x, y = np.meshgrid(px, py)
    keep = np.ones((H, W), bool)
    for a, b, c, d in planes:
        keep &= a * x + b * y + c * 0 + d * 1 >= 0
    return keep


@pytest.mark.parametrize("planes", PLANE_SETS, ids=lambda p: f"{len(p)}planes")
def test_clip_planes_clip_the_drawn_pixels(planes):
    dev, ctx = _device()
    data = np.zeros((6, 4), np.float32)
    data[:len(planes)] = planes
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=96, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(data.tobytes()))
    ctx.VSSetConstantBuffers(0, 1, [cb])
    got = _draw_ps(dev, ctx, _PS, W, H, vs=_vs(len(planes)))
    assert ((got[..., 0] == 1.0) == _expected(planes)).all()
    assert 0 < _expected(planes).sum() < W * H  # every set clips some pixels and keeps some


def _listing(src: str) -> str:
    blob = D3DCompile(src, len(src), "t", None, None, "main", "vs_5_0", 0, 0)
    d = D3DDisassemble(blob)
    return bytes(d).decode() if not isinstance(d, str) else d


@pytest.mark.parametrize("n", range(1, 7))
def test_clip_distances_fill_two_registers(n):
    text = _listing(_vs(n))
    decls = re.findall(r"dcl_output_siv o\d+\.(\w+), clip_distance", text)
    first, second = min(n, 4), n - min(n, 4)
    assert decls == ["xyzw"[:first]] + (["xyzw"[:second]] if second else [])
    assert len(re.findall(r"^dp[234] o", text, re.M)) == n  # one dot product per plane (z = 0 may shorten it)


def test_clip_planes_without_a_position_output_is_an_error():
    src = """
cbuffer Planes { float4 p; };
[clipplanes(p)]
float4 main(float4 v : V) : TEXCOORD0 { return v; }"""
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, len(src), "t", None, None, "main", "vs_5_0", 0, 0)
    assert "4-component SV_Position" in (e.value.errors or str(e.value))
