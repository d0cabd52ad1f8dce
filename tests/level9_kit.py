"""Test kit for the feature-level tests: a debug device at a chosen level with a drawable scene.

Level-9 shaders: fxc's 4_0_level_9_x targets emit the SM4 program plus an ``Aon9`` chunk holding the
shader-model-2 equivalent. The runtime executes the SM4 program; the kit builds such blobs cheaply by adding
a minimal Aon9 chunk whose program starts with the SM2 version token (vs_2_0 0xFFFE0200 / ps_2_0 0xFFFF0200
for level_9_1, the 2.1 tokens vs_2_x / ps_2_x for level_9_3) to a 4_0 blob; the compiler's real
``*_4_0_level_9_x`` targets are tested in tests/test_level9_profiles.py.
"""

from __future__ import annotations

import struct

import numpy as np

from pyd3d11.api import ID3D11InfoQueue
from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.aon9 import Aon9Chunk, build_aon9
from pyd3d11.shader.dxbc.container import build_container, parse_container

FL = {"9_1": 0x9100, "9_2": 0x9200, "9_3": 0x9300, "10_0": 0xA000, "10_1": 0xA100, "11_0": 0xB000, "11_1": 0xB100}
RGBA32F, RGBA8, R32_UINT, R16_UINT, RGBA16F = 2, 28, 42, 57, 10
BIND_VB, BIND_IB, BIND_CB, BIND_SRV, BIND_SO, BIND_RT, BIND_DS, BIND_UAV = 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x80
POINTLIST, LINELIST, TRIANGLELIST = 1, 2, 4
COLOR = (0.25, 0.5, 0.75, 1.0)

VS = """
struct VOut { float4 pos : SV_Position; float4 col : COLOR0; };
VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.col = col; return o; }
"""
PS = "float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return col; }"


def compile_(src: str, target: str, entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, None, None, None, entry, target, 0, 0))


def level9_blob(blob: bytes, level: str = "9_1") -> bytes:
    """``blob`` (a 4_0 shader) with an Aon9 chunk marking it as 4_0_level_9_1 or _9_3."""
    c = parse_container(blob)
    prog = c.program
    pixel = int.from_bytes(prog[:4], "little") >> 16 == 0
    token = (0xFFFF0000 if pixel else 0xFFFE0000) | 0x0200 | (1 if level == "9_3" else 0)
    # a well-formed chunk (a 36-byte header, then a program of its version token and END): d3dcompiler_47's
    # D3DReflect refuses a shorter chunk (aon9.reflectable)
    aon9 = build_aon9(Aon9Chunk(token, struct.pack("<2I", token, 0x0000FFFF)))
    return build_container([*list(c), ("Aon9", aon9)])


def mid(name: str) -> int:
    return int(getattr(D3D11_MESSAGE_ID, "D3D11_MESSAGE_ID_" + name))  # noqa: F405


class Scene:
    """A debug device at ``level`` with a 4x4 RGBA8 target, a pass-through VS/PS and one triangle."""

    def __init__(self, level: str, shaders: bool = True) -> None:
        self.level = FL[level]
        self.dev, fl, self.ctx = D3D11CreateDevice(None, 1, None, 0x2, [self.level], 1, 7)  # noqa: F405
        assert fl == self.level
        self.queue = self.dev.QueryInterface(ID3D11InfoQueue)
        l9 = self.level < FL["10_0"]
        vsb = compile_(VS, "vs_4_0")
        psb = compile_(PS, "ps_4_0")
        self.vs_blob = level9_blob(vsb) if l9 else vsb
        self.ps_blob = level9_blob(psb) if l9 else psb
        self.rt = self.texture(4, 4, RGBA8, BIND_RT)
        self.rtv = self.dev.CreateRenderTargetView(self.rt)
        if shaders:
            self.vs = self.dev.CreateVertexShader(self.vs_blob, None)
            self.ps = self.dev.CreatePixelShader(self.ps_blob, None)
            self.ctx.VSSetShader(self.vs)
            self.ctx.PSSetShader(self.ps)
            els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=RGBA32F, InputSlot=0,  # noqa: F405
                                            AlignedByteOffset=o, InputSlotClass=0, InstanceDataStepRate=0)
                   for n, o in (("POSITION", 0), ("COLOR", 16))]
            self.ctx.IASetInputLayout(self.dev.CreateInputLayout(els, 2, self.vs_blob))
        self.ctx.OMSetRenderTargets(1, [self.rtv], None)
        self.ctx.RSSetViewports(1, [D3D11_VIEWPORT(Width=4, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
        tri = np.array([[-1, -1, 0.5, 1, *COLOR], [-1, 3, 0.5, 1, *COLOR], [3, -1, 0.5, 1, *COLOR]], np.float32)
        self.vb = self.buffer(tri, BIND_VB)
        self.ctx.IASetVertexBuffers(0, 1, [self.vb], [32], [0])
        self.ctx.IASetPrimitiveTopology(TRIANGLELIST)
        self.ctx.ClearRenderTargetView(self.rtv, (0, 0, 0, 0))
        self.queue.ClearStoredMessages()

    def buffer(self, data: np.ndarray, bind: int, **kw: object) -> object:
        data = np.ascontiguousarray(data)
        return self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, **kw),  # noqa: F405
                                     D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405

    def texture(self, w: int, h: int, fmt: int, bind: int, usage: int = 0, cpu: int = 0, misc: int = 0,
                array: int = 1, mips: int = 1) -> object:
        return self.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(  # noqa: F405
            Width=w, Height=h, MipLevels=mips, ArraySize=array, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
            Usage=usage, BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc))

    def texture3d(self, w: int, fmt: int, bind: int, usage: int = 0, cpu: int = 0, mips: int = 1) -> object:
        return self.dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(  # noqa: F405
            Width=w, Height=w, Depth=w, MipLevels=mips, Format=fmt, Usage=usage, BindFlags=bind,
            CPUAccessFlags=cpu))

    def ids(self) -> list[int]:
        q = self.queue
        return [int(q.GetMessage(i).ID) for i in range(q.GetNumStoredMessages())]

    def texts(self) -> list[str]:
        q = self.queue
        return [str(q.GetMessage(i).pDescription) for i in range(q.GetNumStoredMessages())]

    def level_rule_hit(self) -> bool:
        return any("10Level9 rule" in t for t in self.texts())

    def clear_messages(self) -> None:
        self.queue.ClearStoredMessages()

    def image(self) -> np.ndarray:
        return texture_to_numpy(self.ctx, self.rt)

    def rendered(self) -> bool:
        img = self.image()
        return bool(np.any(img != 0))
