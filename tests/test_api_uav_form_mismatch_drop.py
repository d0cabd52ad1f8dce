"""A UAV bound in a form its declaration cannot use drops the Dispatch, with or without the debug layer.

D3D11 leaves the results undefined when a typed UAV declaration (``RWBuffer``) meets a structured view, or a
texture declaration meets a buffer view (the debug layer's DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH /
DIMENSION_MISMATCH errors). Dispatch is a void method: the call is dropped and the memory left untouched —
never an exception out of Dispatch (which is what happened without the debug layer before session 16: an
E_INVALIDARG from the pipeline's format codec). A view of the declared form still runs (the control).
"""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import read_buffer_bytes

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile

_TYPED = "RWBuffer<uint> b : register(u0);\n[numthreads(1,1,1)] void main() { b[0] = 5; }"
_TEX = "RWTexture2D<uint> t : register(u0);\n[numthreads(1,1,1)] void main() { t[uint2(0, 0)] = 5; }"


def _run(src: str, view: str, debug: bool) -> tuple[np.ndarray, list[int]]:
    flags = d.D3D11_CREATE_DEVICE_DEBUG if debug else 0
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, flags, None, d.D3D11_SDK_VERSION)
    structured = view == "structured"
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(
        ByteWidth=16, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
        MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED if structured else 0,
        StructureByteStride=4 if structured else 0))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN if structured else d.DXGI_FORMAT_R32_UINT,
        ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER, Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=4)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    ids: list[int] = []
    if debug:
        q = dev.QueryInterface(d.ID3D11InfoQueue)
        ids = [q.GetMessage(i).ID for i in range(q.GetNumStoredMessages())]
    return read_buffer_bytes(dev, ctx, buf, 16).view(np.uint32), ids


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("src,view,message", [
    (_TYPED, "structured", "DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH"),
    (_TEX, "typed", "DEVICE_UNORDEREDACCESSVIEW_DIMENSION_MISMATCH"),
])
def test_the_dispatch_is_dropped(src: str, view: str, message: str, debug: bool) -> None:
    words, ids = _run(src, view, debug)
    assert list(words) == [0, 0, 0, 0]
    if debug:
        assert getattr(d, f"D3D11_MESSAGE_ID_{message}") in ids


@pytest.mark.parametrize("debug", [False, True])
def test_a_view_of_the_declared_form_runs(debug: bool) -> None:
    words, ids = _run(_TYPED, "typed", debug)
    assert list(words) == [5, 0, 0, 0]
    assert ids == []
