"""Issue 14 item 3: input and output signatures may list elements a shader never declares (fxc keeps them,
e.g. a clip distance packed in another register, or an input the shader does not read). The input
assembler, the stage linkage and every stage must accept any such valid signature: undeclared registers
carry undefined data (read as 0 here), elements a stage never reads do not take part in linkage.
Blobs are built by adding elements to compiled shaders' ISGN/OSGN chunks, as fxc's extra elements look.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, assemble_shader
from pyd3d11.shader.dxbc.container import build_container, parse_container
from pyd3d11.shader.dxbc.signature import SignatureElement, parse_signature

FLOAT = 3  # D3D_REGISTER_COMPONENT_FLOAT32
CLIP = 2  # D3D_NAME_CLIP_DISTANCE


def _with_elements(blob: bytes, fourcc: str, *elements: SignatureElement, replace: bool = False) -> bytes:
    out = []
    for c in parse_container(blob):
        if c.fourcc == fourcc:
            sig = parse_signature(c.data, fourcc)
            sig.elements = list(elements) if replace else sig.elements + list(elements)
            out.append((fourcc, sig.to_bytes()))
        else:
            out.append((c.fourcc, c.data))
    return build_container(out)


def _compile(src, target):
    return D3DCompile(src, None, None, None, None, "main", target, 0, 0)


VS = "float4 main(float4 p : POSITION) : SV_Position { return p; }"
PS = "float4 main() : SV_Target { return float4(0.25, 0.5, 0.75, 1); }"
TRI = np.array([[-1, -1, 0, 1], [-1, 3, 0, 1], [3, -1, 0, 1]], np.float32)


def _draw(vs: bytes, ps: bytes, extra_layout: tuple[str, ...] = (), gs: bytes | None = None):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    if gs is not None:
        ctx.GSSetShader(dev.CreateGeometryShader(gs, None))
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=2, InputSlot=0,  # noqa: F405
                                    AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
           for n in ("POSITION",) + extra_layout]
    ctx.IASetInputLayout(dev.CreateInputLayout(els, len(els), vs))
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=TRI.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=TRI.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [16], [0])
    ctx.IASetPrimitiveTopology(4)
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=2,  # noqa: F405
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=4, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.Draw(3, 0)
    return texture_to_numpy(ctx, rt)


COLOR = np.float32([0.25, 0.5, 0.75, 1])


@pytest.mark.parametrize("register", [1, 5, 15])
def test_vertex_shader_input_signature_element_never_declared(register):
    vs = _with_elements(_compile(VS, "vs_4_0"), "ISGN", SignatureElement("EXTRA", 0, 0, FLOAT, register, 0xF, 0))
    img = _draw(vs, _compile(PS, "ps_4_0"), ("EXTRA",))
    assert np.all(img == COLOR)


@pytest.mark.parametrize("register", [1, 4, 7])
def test_clip_distance_output_and_input_never_declared(register):
    clip_out = SignatureElement("SV_ClipDistance", 0, CLIP, FLOAT, register, 0x1, 0xE)
    clip_in = SignatureElement("SV_ClipDistance", 0, CLIP, FLOAT, register, 0x1, 0)
    vs = _with_elements(_compile(VS, "vs_4_0"), "OSGN", clip_out)
    ps = _with_elements(_compile(PS, "ps_4_0"), "ISGN", clip_in)
    assert np.all(_draw(vs, ps) == COLOR)


def test_pixel_shader_input_the_vertex_shader_lists_but_never_writes_reads_zero():
    vs = _with_elements(_compile(VS, "vs_4_0"), "OSGN", SignatureElement("EXTRA", 0, 0, FLOAT, 4, 0xF, 0))
    ps = assemble_shader("ps_4_0\ndcl_input_ps linear v4.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v4.xyzw\nret\n")
    ps = _with_elements(ps, "ISGN", SignatureElement("SV_Position", 0, 1, FLOAT, 0, 0xF, 0),
                        SignatureElement("EXTRA", 0, 0, FLOAT, 4, 0xF, 0xF), replace=True)
    assert np.all(_draw(vs, ps) == 0)


def test_unread_pixel_shader_input_missing_upstream_still_links():
    ps = _with_elements(_compile(PS, "ps_4_0"), "ISGN", SignatureElement("TEXCOORD", 3, 0, FLOAT, 2, 0xF, 0))
    assert np.all(_draw(_compile(VS, "vs_4_0"), ps) == COLOR)


def test_geometry_shader_input_signature_with_undeclared_element():
    gs_src = """
    struct V { float4 p : SV_Position; };
    [maxvertexcount(3)] void main(triangle V v[3], inout TriangleStream<V> s) {
        s.Append(v[0]); s.Append(v[1]); s.Append(v[2]); }"""
    vs = _with_elements(_compile(VS, "vs_4_0"), "OSGN", SignatureElement("EXTRA", 0, 0, FLOAT, 3, 0xF, 0))
    gs = _with_elements(_compile(gs_src, "gs_4_0"), "ISGN", SignatureElement("EXTRA", 0, 0, FLOAT, 3, 0xF, 0))
    assert np.all(_draw(vs, _compile(PS, "ps_4_0"), gs=gs) == COLOR)
