"""The context behind the real device: GetImmediateContext, debug messages in the info queue."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def real():
    from pyd3d11.api import create_device as cd
    from pyd3d11.api import debug as dbg

    dev, _level, ctx = cd.D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)
    return dev, ctx, dev.QueryInterface(dbg.ID3D11InfoQueue)


def test_immediate_context_type(real):
    from pyd3d11.api.context import ID3D11DeviceContext1

    dev, ctx, _q = real
    assert isinstance(ctx, ID3D11DeviceContext1) and ctx.GetDevice() is dev


def test_dropped_call_reaches_info_queue_and_state_untouched(real):
    dev, ctx, q = real
    b = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=0x4))
    n = q.GetNumStoredMessages()
    ctx.PSSetConstantBuffers(14, 1, [b])
    assert q.GetNumStoredMessages() == n + 1 and "dropped" in q.GetMessage(n).pDescription
    assert ctx.PSGetConstantBuffers(13, 1) == [None]


def test_clear_and_read_back(real):
    from pyd3d11.api.convenience import texture_to_numpy

    dev, ctx, _q = real
    t = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=28,
                                 SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.ClearRenderTargetView(dev.CreateRenderTargetView(t, None), [0, 1, 0, 1])
    assert np.array_equal(texture_to_numpy(ctx, t)[1, 1], np.float32([0, 1, 0, 1]))
