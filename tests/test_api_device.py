"""Device creation, COM basics, caps and CheckFeatureSupport (device side of the object model)."""

from __future__ import annotations

import uuid

import pytest

from pyd3d11.api import (
    D3D11CreateDevice,
    ID3D11Buffer,
    ID3D11Debug,
    ID3D11Device,
    ID3D11Device1,
    ID3D11DeviceChild,
    ID3D11InfoQueue,
    ID3D11Resource,
    IDXGIResource,
    IDXGISurface,
)
from pyd3d11.api.create_device import D3D11CreateDeviceAndSwapChain
from pyd3d11.errors import (
    DXGI_ERROR_MORE_DATA,
    DXGI_ERROR_NOT_FOUND,
    D3D11Error,
    InvalidArgError,
    NoInterfaceError,
    NotSupportedError,
)

HARDWARE, REFERENCE, NULL, SOFTWARE, WARP = 1, 2, 3, 4, 5
FL91, FL93, FL100, FL101, FL110, FL111 = 0x9100, 0x9300, 0xA000, 0xA100, 0xB000, 0xB100
DEBUG = 0x2
WKPDID_NAME = uuid.UUID("429b8c22-9188-4b0c-8742-acb0bf85c200")


def make(levels=None, flags=0):
    return D3D11CreateDevice(None, HARDWARE, None, flags, levels, len(levels) if levels else 0, 7)


# -- D3D11CreateDevice ---------------------------------------------------------------------------

def test_default_levels_pick_11_0_not_11_1():
    dev, level, ctx = make()
    assert level == FL110 and dev.GetFeatureLevel() == FL110
    assert ctx is not None


def test_design_six_argument_form():
    dev, level, ctx = D3D11CreateDevice(None, HARDWARE, None, DEBUG, None, 7)
    assert level == FL110 and dev.GetCreationFlags() == DEBUG


def test_explicit_11_1_and_first_supported_wins():
    assert make([FL111, FL110])[1] == FL111
    assert make([FL93, FL111])[1] == FL93
    assert make([0xC000, FL101])[1] == FL101  # 12_0 is known but not supported here: skipped


@pytest.mark.parametrize("driver", [HARDWARE, REFERENCE, WARP, NULL])
def test_driver_types(driver):
    dev, level, _ = D3D11CreateDevice(None, driver, None, 0, None, 0, 7)
    assert level == FL110
    assert dev._null_device == (driver == NULL)


@pytest.mark.parametrize("kwargs,field", [
    (dict(SDKVersion=6), "SDKVersion"),
    (dict(DriverType=9), "DriverType"),
    (dict(DriverType=SOFTWARE), "Software"),
    (dict(Flags=0x4), "Flags"),  # SWITCH_TO_REF is not valid for D3D11
    (dict(Flags=0x10000), "Flags"),
    (dict(pFeatureLevels=[0x1234], FeatureLevels=1), "D3D_FEATURE_LEVEL"),
    (dict(pFeatureLevels=[FL110], FeatureLevels=0), "FeatureLevels"),
    (dict(DriverType=0), "pAdapter"),
])
def test_create_device_invalid_args(kwargs, field):
    args = dict(pAdapter=None, DriverType=HARDWARE, Software=None, Flags=0, pFeatureLevels=None,
                FeatureLevels=0, SDKVersion=7)
    args.update(kwargs)
    with pytest.raises(InvalidArgError) as e:
        D3D11CreateDevice(**args)
    assert e.value.hresult == 0x80070057 and field in str(e.value)


def test_validate_only_returns_level():
    dev, level, ctx = D3D11CreateDevice(None, HARDWARE, None, 0, [FL100], 1, 7, ppDevice=None)
    assert dev is None and ctx is None and level == FL100


def test_swap_chain_creation_needs_desc():
    with pytest.raises(InvalidArgError):
        D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, 7, None)
    sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, 7, None, ppSwapChain=None)
    assert sc is None and level == FL110


# -- COM ------------------------------------------------------------------------------------------

def test_device_and_device1_are_one_object():
    dev = make()[0]
    assert isinstance(dev, ID3D11Device1)
    d0 = dev.QueryInterface(ID3D11Device)
    d1 = d0.QueryInterface(ID3D11Device1)
    assert d0 is dev and d1 is dev
    # 1 (the device) + 1 held by the immediate context make() returned (wine test_get_immediate_context: getting
    # the immediate context raises the device's refcount by one) + 2 QueryInterface AddRefs.
    assert dev._refcount == 4
    assert dev.Release() == 3 and dev.AddRef() == 4


def test_query_interface_by_guid_and_failure():
    dev = make()[0]
    assert dev.QueryInterface(uuid.UUID("db6f6ddb-ac77-4e88-8253-819df9bbf140")) is dev
    assert dev.QueryInterface("{a04bfb29-08ef-43d6-a49c-a9bdbdcbe686}") is dev
    with pytest.raises(NoInterfaceError) as e:
        dev.QueryInterface(ID3D11Buffer)
    assert e.value.hresult == 0x80004002


def test_info_queue_and_debug_only_on_debug_device():
    plain = make()[0]
    with pytest.raises(NoInterfaceError):
        plain.QueryInterface(ID3D11InfoQueue)
    with pytest.raises(NoInterfaceError):
        plain.QueryInterface(ID3D11Debug)
    dbg = make(flags=DEBUG)[0]
    assert isinstance(dbg.QueryInterface(ID3D11InfoQueue), ID3D11InfoQueue)
    assert isinstance(dbg.QueryInterface(ID3D11Debug), ID3D11Debug)


def test_resource_interfaces_and_get_device():
    dev = make()[0]
    buf = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    assert buf.QueryInterface(ID3D11Resource) is buf
    assert buf.QueryInterface(ID3D11DeviceChild) is buf
    assert buf.GetDevice() is dev
    dxgi = buf.QueryInterface(IDXGIResource)
    assert dxgi.QueryInterface(ID3D11Buffer) is buf
    with pytest.raises(NoInterfaceError):
        buf.QueryInterface(IDXGISurface)  # buffers are not surfaces
    tex = dev.CreateTexture2D(dict(Width=8, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                   SampleDesc=dict(Count=1), BindFlags=8))
    surf = tex.QueryInterface(IDXGISurface)
    d = surf.GetDesc()
    assert (d.Width, d.Height, d.Format) == (8, 4, 28)
    mipped = dev.CreateTexture2D(dict(Width=8, Height=4, MipLevels=2, ArraySize=1, Format=28,
                                      SampleDesc=dict(Count=1), BindFlags=8))
    with pytest.raises(NoInterfaceError):
        mipped.QueryInterface(IDXGISurface)


def test_private_data_semantics():
    dev = make()[0]
    buf = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    g = uuid.UUID("01234567-89ab-cdef-0123-456789abcdef")
    with pytest.raises(D3D11Error) as e:
        buf.GetPrivateData(g)
    assert e.value.hresult == DXGI_ERROR_NOT_FOUND
    buf.SetPrivateData(g, 5, b"hello")
    assert buf.GetPrivateData(g) == b"hello"
    assert buf.GetPrivateData(g, 5) == b"hello"
    with pytest.raises(D3D11Error) as e:
        buf.GetPrivateData(g, 4)
    assert e.value.hresult == DXGI_ERROR_MORE_DATA
    buf.SetPrivateData(g, 0, None)  # removes
    with pytest.raises(D3D11Error):
        buf.GetPrivateData(g)
    other = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    buf.SetPrivateDataInterface(g, other)
    assert other._refcount == 2 and buf.GetPrivateData(g) is other
    buf.SetPrivateData(WKPDID_NAME, 4, b"vbuf")
    assert buf._debug_name() == "vbuf" and "vbuf" in repr(buf)


# -- device misc ---------------------------------------------------------------------------------

def test_exception_mode_and_removed_reason():
    dev = make()[0]
    assert dev.GetDeviceRemovedReason() == 0
    dev.SetExceptionMode(1)
    assert dev.GetExceptionMode() == 1
    with pytest.raises(InvalidArgError):
        dev.SetExceptionMode(2)


def test_immediate_context_is_shared_and_addrefd():
    dev, _, ctx = make()
    again = dev.GetImmediateContext()
    assert again is ctx and dev.GetImmediateContext1() is ctx
    assert ctx.GetDevice() is dev


def test_deferred_context_flags():
    dev = make()[0]
    with pytest.raises(InvalidArgError):
        dev.CreateDeferredContext(1)
    assert dev.CreateDeferredContext(0, None) is None


# -- CheckFeatureSupport / formats / MSAA -------------------------------------------------------

def test_check_feature_support_structs():
    dev = make([FL111])[0]
    t = dev.CheckFeatureSupport(0)
    assert t.DriverConcurrentCreates == 1 and t.DriverCommandLists == 0
    o = dev.CheckFeatureSupport(5)
    assert o.OutputMergerLogicOp == 1 and o.ConstantBufferOffsetting == 1
    assert make([FL110])[0].CheckFeatureSupport(5).OutputMergerLogicOp == 0
    hw = make([FL100])[0].CheckFeatureSupport(4)
    assert hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x == 1
    for f in range(0, 21):
        assert dev.CheckFeatureSupport(f, dict(InFormat=28)) is not None
    with pytest.raises(InvalidArgError):
        dev.CheckFeatureSupport(99)


def test_format_support_through_feature_and_method():
    dev = make()[0]
    fs = dev.CheckFeatureSupport(2, dict(InFormat=28))  # R8G8B8A8_UNORM
    RT, TEX2D, DS = 0x4000, 0x20, 0x10000
    assert fs.InFormat == 28 and fs.OutFormatSupport & RT and fs.OutFormatSupport & TEX2D
    assert dev.CheckFormatSupport(28) == fs.OutFormatSupport
    assert dev.CheckFormatSupport(45) & DS  # D24_UNORM_S8_UINT
    assert not dev.CheckFormatSupport(45) & RT
    with pytest.raises(D3D11Error) as e:
        dev.CheckFormatSupport(130)  # P208: video format the device does not support
    assert e.value.hresult == 0x80004005
    fs2 = dev.CheckFeatureSupport(3, dict(InFormat=42))  # R32_UINT: all UAV atomics
    assert fs2.OutFormatSupport2 & 0x3F == 0x3F


def test_multisample_quality_levels():
    dev = make()[0]
    assert dev.CheckMultisampleQualityLevels(28, 1) == 1
    assert dev.CheckMultisampleQualityLevels(28, 4) >= 1
    assert dev.CheckMultisampleQualityLevels(28, 3) == 0
    assert dev.CheckMultisampleQualityLevels(71, 4) == 0  # BC1 cannot be an MSAA target
    with pytest.raises(D3D11Error):
        dev.CheckMultisampleQualityLevels(28, 0)


def test_counters_are_absent():
    dev = make()[0]
    info = dev.CheckCounterInfo()
    assert info.LastDeviceDependentCounter == 0
    with pytest.raises(NotSupportedError) as e:
        dev.CreateCounter(dict(Counter=0x40000000))
    assert e.value.hresult == 0x887A0004
    with pytest.raises(InvalidArgError):
        dev.CreateCounter(dict(Counter=5))
