"""DXGI factory / adapter / output / IDXGIDevice (api/dxgi_factory.py, api/com.py).

Expected values come from the DXGI docs and wine's dxgi tests (dlls/dxgi/tests/dxgi.c, which checks
Windows): EnumAdapters/EnumOutputs past the end give DXGI_ERROR_NOT_FOUND (test_adapter_desc /
test_output), the parent chain device -> IDXGIDevice -> adapter -> factory (test_device_interfaces,
test_create_swapchain), IDXGIDevice1 frame latency default 3 / max 16 (test_maximum_frame_latency).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import D3D11CreateDevice, ID3D11Device
from pyd3d11.dxgi import (
    CreateDXGIFactory,
    CreateDXGIFactory1,
    CreateDXGIFactory2,
    IDXGIAdapter,
    IDXGIDevice,
    IDXGIDevice1,
    IDXGIFactory,
    IDXGIFactory1,
    IDXGIFactory2,
    IDXGIResource,
    IDXGISurface,
)
from pyd3d11.errors import (
    DXGI_ERROR_INVALID_CALL,
    DXGI_ERROR_NOT_FOUND,
    DXGI_ERROR_UNSUPPORTED,
    E_INVALIDARG,
    D3D11Error,
    NoInterfaceError,
)
from pyd3d11.headers import D3D11_BUFFER_DESC, D3D11_TEXTURE2D_DESC, DXGI_MODE_DESC, DXGI_SAMPLE_DESC

DRIVER_UNKNOWN, DRIVER_HARDWARE = 0, 1


def hr_of(fn, *a):
    with pytest.raises(D3D11Error) as e:
        fn(*a)
    return e.value.hresult


def test_factory_versions_answer_each_other():
    f = CreateDXGIFactory()
    assert f.QueryInterface(IDXGIFactory1) is f and f.QueryInterface(IDXGIFactory2) is f
    assert CreateDXGIFactory1(IDXGIFactory).QueryInterface(IDXGIFactory2) is not None
    with pytest.raises(NoInterfaceError):
        CreateDXGIFactory(ID3D11Device)


def test_create_factory2_flags():
    assert CreateDXGIFactory2(1) is not None  # DXGI_CREATE_FACTORY_DEBUG
    assert hr_of(CreateDXGIFactory2, 0x2) == E_INVALIDARG


def test_one_software_adapter_like_warp():
    f = CreateDXGIFactory1()
    a = f.EnumAdapters1(0)
    d = a.GetDesc1()
    assert d.Description == "pyd3d11 software adapter"
    assert (d.VendorId, d.DeviceId) == (0x1414, 0x8C)  # Microsoft Basic Render Driver ids
    assert d.Flags & 0x2  # DXGI_ADAPTER_FLAG_SOFTWARE
    assert a.GetDesc().VendorId == 0x1414 and a.GetDesc2().Flags == 0x2
    assert hr_of(f.EnumAdapters, 1) == DXGI_ERROR_NOT_FOUND
    assert hr_of(f.EnumAdapters1, 1) == DXGI_ERROR_NOT_FOUND
    assert a.GetParent(IDXGIFactory) is f
    # two factories see the same physical adapter (same LUID)
    other = CreateDXGIFactory1().EnumAdapters(0).GetDesc().AdapterLuid
    assert (other.LowPart, other.HighPart) == (d.AdapterLuid.LowPart, d.AdapterLuid.HighPart)


def test_check_interface_support_is_unsupported_for_d3d11():
    a = CreateDXGIFactory1().EnumAdapters(0)
    assert hr_of(a.CheckInterfaceSupport, ID3D11Device._iid) == DXGI_ERROR_UNSUPPORTED


def test_one_output_then_not_found():
    a = CreateDXGIFactory1().EnumAdapters(0)
    o = a.EnumOutputs(0)
    assert o.GetDesc().AttachedToDesktop and o.GetDesc().DeviceName == "\\\\.\\DISPLAY1"
    assert hr_of(a.EnumOutputs, 1) == DXGI_ERROR_NOT_FOUND
    assert o.GetParent(IDXGIAdapter) is a
    modes = o.GetDisplayModeList(28)
    assert modes and all(m.Format == 28 for m in modes)
    assert [m.Width * m.Height for m in modes] == sorted(m.Width * m.Height for m in modes)
    assert o.GetDisplayModeList(2) == []  # R32G32B32A32_FLOAT is not scanned out
    best = o.FindClosestMatchingMode(DXGI_MODE_DESC(Width=1000, Height=700, Format=28))
    assert (best.Width, best.Height) == (1024, 768)
    assert hr_of(o.FindClosestMatchingMode, DXGI_MODE_DESC(Width=800, Height=600)) == DXGI_ERROR_INVALID_CALL


def test_make_window_association_flags():
    f = CreateDXGIFactory1()
    f.MakeWindowAssociation("w", 0x7)
    assert f.GetWindowAssociation() == "w"
    assert hr_of(f.MakeWindowAssociation, "w", 0x8) == DXGI_ERROR_INVALID_CALL


def test_device_parent_chain():
    dev, _, _ = D3D11CreateDevice(None, DRIVER_HARDWARE, None, 0, None, 0, 7)
    dxgi = dev.QueryInterface(IDXGIDevice)
    assert dev.QueryInterface(IDXGIDevice1) is dxgi  # one object per interface (COM identity)
    adapter = dxgi.GetAdapter()
    assert dxgi.GetParent(IDXGIAdapter) is adapter
    factory = adapter.GetParent(IDXGIFactory1)
    assert factory.EnumAdapters(0) is adapter
    assert dxgi.QueryInterface(ID3D11Device) is dev


def test_device_created_on_an_adapter_reports_it():
    adapter = CreateDXGIFactory1().EnumAdapters1(0)
    dev, _, _ = D3D11CreateDevice(adapter, DRIVER_UNKNOWN, None, 0, None, 0, 7)
    assert dev.QueryInterface(IDXGIDevice).GetAdapter() is adapter
    assert hr_of(D3D11CreateDevice, adapter, DRIVER_HARDWARE, None, 0, None, 0, 7) == E_INVALIDARG
    assert hr_of(D3D11CreateDevice, object(), DRIVER_UNKNOWN, None, 0, None, 0, 7) == E_INVALIDARG


def test_maximum_frame_latency():
    dev, _, _ = D3D11CreateDevice(None, DRIVER_HARDWARE, None, 0, None, 0, 7)
    d = dev.QueryInterface(IDXGIDevice1)
    assert d.GetMaximumFrameLatency() == 3
    d.SetMaximumFrameLatency(16)
    assert d.GetMaximumFrameLatency() == 16
    d.SetMaximumFrameLatency(0)  # 0 restores the default
    assert d.GetMaximumFrameLatency() == 3
    assert hr_of(d.SetMaximumFrameLatency, 17) == E_INVALIDARG


def test_resource_usage_and_surface():
    dev, _, ctx = D3D11CreateDevice(None, DRIVER_HARDWARE, None, 0, None, 0, 7)
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=2, BindFlags=0x8, CPUAccessFlags=0x10000))
    r = buf.QueryInterface(IDXGIResource)
    assert r is buf.QueryInterface(IDXGIResource)
    assert r.GetUsage() == 0x10 | 1  # SHADER_INPUT | DXGI_CPU_ACCESS_DYNAMIC
    desc = D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=28,
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=3, BindFlags=0,
                                CPUAccessFlags=0x30000)
    staging = dev.CreateTexture2D(desc)
    surf = staging.QueryInterface(IDXGISurface)
    assert surf.GetDesc().Width == 2 and surf.GetParent(ID3D11Device) is dev
    rect = surf.Map(0x2)  # DXGI_MAP_WRITE
    assert rect.Pitch == 8
    rect.pBits[:4] = bytes([1, 2, 3, 4])
    surf.Unmap()
    assert list(staging._storage.data[:4]) == [1, 2, 3, 4]
    assert hr_of(surf.Map, 0) == E_INVALIDARG
