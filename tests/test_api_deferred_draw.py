"""Draws recorded on a deferred context run when the command list executes, with the state and buffer
contents of that moment (ID3D11DeviceContext::FinishCommandList / ExecuteCommandList)."""

from __future__ import annotations

import numpy as np
from test_api_draw import PS_COLOR, R32G32B32A32_FLOAT, VS_POS_COLOR, buffer, verts

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import assemble_shader

BIND_VB, BIND_RT = 0x1, 0x20


def test_deferred_draw_runs_at_execute_time():
    dev, _, imm = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                  Format=R32G32B32A32_FLOAT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                  BindFlags=BIND_RT))
    rtv = dev.CreateRenderTargetView(rt)
    vsb = assemble_shader(VS_POS_COLOR)
    layout = dev.CreateInputLayout([
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, R32G32B32A32_FLOAT, 0, 0, 0, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, R32G32B32A32_FLOAT, 0, 16, 0, 0)], 2, vsb)
    c = (0.25, 0.5, 0.75, 1.0)
    vb = buffer(dev, verts([-1, -1, 0.5, 1, *c], [-1, 3, 0.5, 1, *c], [3, -1, 0.5, 1, *c]), BIND_VB)
    deferred = dev.CreateDeferredContext(0)
    deferred.OMSetRenderTargets(1, [rtv], None)
    deferred.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 4, 4, 0, 1)])
    deferred.IASetInputLayout(layout)
    deferred.IASetVertexBuffers(0, 1, [vb], [32], [0])
    deferred.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    deferred.VSSetShader(dev.CreateVertexShader(vsb))
    deferred.PSSetShader(dev.CreatePixelShader(assemble_shader(PS_COLOR)))
    deferred.Draw(3, 0)
    cl = deferred.FinishCommandList(False)
    assert not texture_to_numpy(imm, rt).any()  # nothing ran while recording
    imm.ExecuteCommandList(cl, False)
    np.testing.assert_array_equal(texture_to_numpy(imm, rt), np.broadcast_to(np.array(c, np.float32), (4, 4, 4)))
