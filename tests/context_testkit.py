"""Minimal device stand-in for the context tests (resources/views built straight from storage).

TODO(integration): switch to pyd3d11.api.create_device.D3D11CreateDevice once the device side imports;
the helpers below keep the call sites unchanged (they only need ``_storage``/``_desc``/``_view``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pyd3d11.api.com import ID3D11DeviceChild, IUnknown
from pyd3d11.api.context import ID3D11DeviceContext1
from pyd3d11.pipeline.copy import fmt
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind


class FakeDevice(IUnknown):
    def __init__(self, level: int = 0xB100) -> None:
        super().__init__()
        self.level = level
        self.messages: list[tuple[int, int, int, str]] = []
        self._debug = None  # no debug layer: draws and dispatches skip the state validation

    def GetFeatureLevel(self) -> int:  # noqa: N802
        return self.level

    def _report(self, severity: int, category: int, message_id: int, text: str) -> None:
        self.messages.append((severity, category, message_id, text))


@dataclass
class Desc:
    ByteWidth: int = 0
    Width: int = 0
    Height: int = 1
    Depth: int = 1
    MipLevels: int = 1
    ArraySize: int = 1
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0
    StructureByteStride: int = 0
    Query: int = 0


class ID3D11Resource(ID3D11DeviceChild):
    def __init__(self, device: Any, desc: Desc, storage: ResourceStorage) -> None:
        super().__init__(device)
        self._desc = desc
        self._storage = storage


class ID3D11Buffer(ID3D11Resource):
    pass


class ID3D11Texture1D(ID3D11Resource):
    pass


class ID3D11Texture2D(ID3D11Resource):
    pass


class ID3D11Texture3D(ID3D11Resource):
    pass


class ID3D11View(ID3D11DeviceChild):
    def __init__(self, device: Any, resource: Any, view: ViewDescriptor) -> None:
        super().__init__(device)
        self._resource = resource
        self._view = view


class ID3D11ShaderResourceView(ID3D11View):
    pass


class ID3D11RenderTargetView(ID3D11View):
    pass


class ID3D11DepthStencilView(ID3D11View):
    pass


class ID3D11UnorderedAccessView(ID3D11View):
    pass


def _state_cls(name: str) -> type:
    def init(self: Any, device: Any, desc: Any = None) -> None:
        ID3D11DeviceChild.__init__(self, device)
        self._desc = desc
    return type(name, (ID3D11DeviceChild,), {"__init__": init})


ID3D11SamplerState = _state_cls("ID3D11SamplerState")
ID3D11BlendState = _state_cls("ID3D11BlendState")
ID3D11DepthStencilState = _state_cls("ID3D11DepthStencilState")
ID3D11RasterizerState = _state_cls("ID3D11RasterizerState")
ID3D11InputLayout = _state_cls("ID3D11InputLayout")
ID3D11Query = _state_cls("ID3D11Query")
ID3D11Predicate = type("ID3D11Predicate", (ID3D11Query,), {})


def _shader_cls(name: str) -> type:
    def init(self: Any, device: Any, program: Any = None) -> None:
        ID3D11DeviceChild.__init__(self, device)
        self._program = program
    return type(name, (ID3D11DeviceChild,), {"__init__": init})


SHADERS = {s: _shader_cls(n) for s, n in (("VS", "ID3D11VertexShader"), ("HS", "ID3D11HullShader"),
                                          ("DS", "ID3D11DomainShader"), ("GS", "ID3D11GeometryShader"),
                                          ("PS", "ID3D11PixelShader"), ("CS", "ID3D11ComputeShader"))}


def make(level: int = 0xB100) -> tuple[FakeDevice, ID3D11DeviceContext1]:
    dev = FakeDevice(level)
    return dev, ID3D11DeviceContext1(dev)


def buffer(dev: Any, size: int, bind: int = 0, usage: int = 0, cpu: int = 0, misc: int = 0, stride: int = 0,
           data: Any = None) -> ID3D11Buffer:
    st = ResourceStorage.create(1, 0, size, structure_stride=stride)
    if data is not None:
        st.data[:] = np.frombuffer(memoryview(data).cast("B"), np.uint8)
    return ID3D11Buffer(dev, Desc(ByteWidth=size, Usage=usage, BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc,
                                  StructureByteStride=stride), st)


def texture(dev: Any, w: int, h: int = 1, format: int = 28, mips: int = 1, array: int = 1, samples: int = 1,
            bind: int = 0x8, usage: int = 0, cpu: int = 0, depth: int = 1, dim: int = 3,
            misc: int = 0) -> ID3D11Resource:
    f = fmt(format)
    st = ResourceStorage.create(dim, format, w, h, depth, mips, array, samples, f.bpb, f.block)
    cls = {2: ID3D11Texture1D, 3: ID3D11Texture2D, 4: ID3D11Texture3D}[dim]
    return cls(dev, Desc(Width=w, Height=h, Depth=depth, MipLevels=mips, ArraySize=array, Format=format,
                         Usage=usage, BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc), st)


_VIEW_CLS = {ViewKind.SRV: ID3D11ShaderResourceView, ViewKind.RTV: ID3D11RenderTargetView,
             ViewKind.DSV: ID3D11DepthStencilView, ViewKind.UAV: ID3D11UnorderedAccessView}


def view(dev: Any, kind: ViewKind, res: Any, format: int | None = None, first_mip: int = 0, mips: int | None = None,
         first_slice: int = 0, slices: int | None = None, first_element: int = 0, num_elements: int | None = None,
         element_size: int = 4, flags: int = 0, raw: bool = False, structured: bool = False) -> ID3D11View:
    st = res._storage
    if format is None:
        format = st.format
    if mips is None:
        mips = 1 if kind in (ViewKind.RTV, ViewKind.DSV, ViewKind.UAV) else st.mip_levels - first_mip
    if slices is None:
        slices = (st.depth if st.dimension == 4 else st.array_size) - first_slice
    if num_elements is None:
        num_elements = st.width // element_size - first_element if st.dimension == 1 else 0
    d = ViewDescriptor(kind, st, format, 0, first_mip, mips, first_slice, slices, first_element, num_elements,
                       element_size, flags, structured, raw)
    return _VIEW_CLS[kind](dev, res, d)


def msgs(dev: Any) -> list[str]:
    return [m[3] for m in dev.messages]
