"""The draw snapshot's reuse of data derived from unchanged state objects (api/context.py ``_draw_memo``: the
input elements of a vertex shader + input layout, the viewports and scissor rectangles) must follow every state
change between draws: a new viewport, scissor rectangle or input layout takes effect at the next draw, and a
caller's struct changed after RSSetViewports changes nothing (the context keeps its own copies, RSSetViewports
remarks). Expected pixels are worked out by hand: a full-viewport quad of one colour on a 4x4 float target."""

from __future__ import annotations

import numpy as np
from test_api_draw import BIND_VB, R32G32B32A32_FLOAT, VS_POS_COLOR, buffer, setup

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader

RED, GREEN = (1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 1.0)


def _quad(color, second=None):
    """Two triangles covering clip space, position then colour (then an optional second colour) per vertex."""
    corners = [(-1, -1), (-1, 1), (1, 1), (-1, -1), (1, 1), (1, -1)]
    return np.array([[x, y, 0.5, 1.0, *color, *(second or ())] for x, y in corners], np.float32)


def _bind(dev, ctx, data):
    vb = buffer(dev, data, BIND_VB)
    ctx.IASetVertexBuffers(0, 1, [vb], [data.shape[1] * 4], [0])
    ctx.IASetPrimitiveTopology(4)


def _columns(ctx, rt):
    img = texture_to_numpy(ctx, rt, 0)
    return [tuple(float(c) for c in img[0, x]) for x in range(4)]


def test_a_new_viewport_takes_effect_at_the_next_draw():
    dev, ctx, rt = setup()
    _bind(dev, ctx, _quad(RED))
    left = D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=2, Height=4, MinDepth=0, MaxDepth=1)  # noqa: F405
    ctx.RSSetViewports(1, [left])
    ctx.Draw(6, 0)
    left.TopLeftX = 2  # the caller's struct: the context holds its own copy
    ctx.Draw(6, 0)
    assert _columns(ctx, rt) == [RED, RED, (0.0,) * 4, (0.0,) * 4]
    _bind(dev, ctx, _quad(GREEN))
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=2, TopLeftY=0, Width=2, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.Draw(6, 0)
    assert _columns(ctx, rt) == [RED, RED, GREEN, GREEN]


def test_a_new_scissor_rectangle_takes_effect_at_the_next_draw():
    dev, ctx, rt = setup()
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(  # noqa: F405
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ScissorEnable=True)))  # noqa: F405
    _bind(dev, ctx, _quad(RED))
    ctx.RSSetScissorRects(1, [D3D11_RECT(0, 0, 1, 4)])  # noqa: F405
    ctx.Draw(6, 0)
    ctx.RSSetScissorRects(1, [D3D11_RECT(3, 0, 4, 4)])  # noqa: F405
    ctx.Draw(6, 0)
    assert _columns(ctx, rt) == [RED, (0.0,) * 4, (0.0,) * 4, RED]


def test_a_new_input_layout_takes_effect_at_the_next_draw():
    """Two layouts of one vertex buffer: colour (TEXCOORD1) read at byte 16, then at byte 32."""
    dev, ctx, rt = setup()
    data = _quad(RED, GREEN)
    _bind(dev, ctx, data)
    vsb = assemble_shader(VS_POS_COLOR)  # the bound vertex shader's text (its input signature)

    def layout(offset):
        els = [D3D11_INPUT_ELEMENT_DESC(SemanticName="TEXCOORD", SemanticIndex=0, Format=R32G32B32A32_FLOAT,  # noqa: F405
                                        InputSlot=0, AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0),
               D3D11_INPUT_ELEMENT_DESC(SemanticName="TEXCOORD", SemanticIndex=1, Format=R32G32B32A32_FLOAT,  # noqa: F405
                                        InputSlot=0, AlignedByteOffset=offset, InputSlotClass=0,
                                        InstanceDataStepRate=0)]
        return dev.CreateInputLayout(els, len(els), vsb)

    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=2, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.IASetInputLayout(layout(16))
    ctx.Draw(6, 0)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=2, TopLeftY=0, Width=2, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.IASetInputLayout(layout(32))
    ctx.Draw(6, 0)
    assert _columns(ctx, rt) == [RED, RED, GREEN, GREEN]
