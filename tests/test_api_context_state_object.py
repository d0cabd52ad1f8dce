"""ID3D11Device1::CreateDeviceContextState and ID3D11DeviceContext1::SwapDeviceContextState.

Rules from MicrosoftDocs (CreateDeviceContextState / SwapDeviceContextState pages) and wine-mirror/wine
dlls/d3d11/tests/d3d11.c test_device_context_state; expected values written out by hand.
"""

import uuid

import numpy as np
import pytest

from pyd3d11.api.context_state import IID_ID3D10Device, IID_ID3D10Device1, IID_ID3D11Device, IID_ID3D11Device1
from pyd3d11.api.create_device import D3D11CreateDevice
from pyd3d11.errors import E_INVALIDARG, D3D11Error

SDK = 7
FL_9_3, FL_10_0, FL_10_1, FL_11_0, FL_11_1 = 0x9300, 0xA000, 0xA100, 0xB000, 0xB100


def make(level=FL_11_0, flags=0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, [level], 1, SDK)
    return dev, ctx


def get_refcount(obj) -> int:
    obj.AddRef()
    return obj.Release()


def hresult(fn) -> int:
    try:
        fn()
    except D3D11Error as e:
        return e.hresult
    return 0


def sampler_desc():
    return dict(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, ComparisonFunc=8, BorderColor=(0.0, 1.0, 0.0, 1.0),
                MaxLOD=16.0)


# -- CreateDeviceContextState validation ------------------------------------------------------------

@pytest.mark.parametrize("args", [
    (0x2, [FL_11_0], 1, SDK, IID_ID3D11Device),  # unknown flag bit
    (0, None, 0, SDK, IID_ID3D11Device),  # no default feature-level list
    (0, [FL_11_0], 0, SDK, IID_ID3D11Device),  # FeatureLevels must be > 0
    (0, [FL_11_0], 2, SDK, IID_ID3D11Device),  # more than the array holds
    (0, [FL_11_0], 1, 6, IID_ID3D11Device),  # SDKVersion must be D3D11_SDK_VERSION
    (0, [FL_11_0], 1, SDK, uuid.UUID("00000000-0000-0000-c000-000000000046")),  # IUnknown is not a device
    (0, [0x1234], 1, SDK, IID_ID3D11Device),  # not a D3D_FEATURE_LEVEL
    (0, [FL_11_0, FL_11_1], 2, SDK, IID_ID3D10Device),  # D3D10 devices stop at 10_1
])
def test_create_rejects_invalid_arguments(args):
    dev, _ = make()
    base = get_refcount(dev)
    assert hresult(lambda: dev.CreateDeviceContextState(*args)) == E_INVALIDARG
    assert get_refcount(dev) == base  # nothing was created


def test_singlethreaded_device_needs_the_singlethreaded_flag():
    dev, _ = make(flags=0x1)  # D3D11_CREATE_DEVICE_SINGLETHREADED
    assert hresult(lambda: dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device)) == E_INVALIDARG
    level, state = dev.CreateDeviceContextState(0x1, [FL_11_0], 1, SDK, IID_ID3D11Device)
    assert level == FL_11_0 and state is not None


def test_chosen_level_is_the_first_acceptable_entry():
    dev, _ = make()
    assert dev.CreateDeviceContextState(0, [FL_10_0, FL_11_0], 2, SDK, IID_ID3D11Device1)[0] == FL_10_0
    # for the D3D10 interfaces levels above 10_1 are skipped
    assert dev.CreateDeviceContextState(0, [FL_11_0, FL_10_1, FL_10_0], 3, SDK, IID_ID3D10Device1)[0] == FL_10_1


def test_validate_only_and_refcounts():
    # wine test_device_context_state: a new state object has one reference; it is a device child (device +1).
    dev, _ = make()
    base = get_refcount(dev)
    assert dev.CreateDeviceContextState(0, [FL_10_1], 1, SDK, IID_ID3D10Device, None) == (FL_10_1, None)
    assert get_refcount(dev) == base
    level, state = dev.CreateDeviceContextState(0, [FL_10_1], 1, SDK, IID_ID3D10Device)
    assert level == FL_10_1 and get_refcount(state) == 1 and get_refcount(dev) == base + 1
    assert state.GetDevice() is dev
    dev.Release()
    assert state.Release() == 0 and get_refcount(dev) == base


def test_device_feature_level_rises_to_the_highest_state_object():
    # SwapDeviceContextState remarks: the device runs at the maximum of all created state objects' levels.
    dev, ctx = make(FL_10_0)
    assert dev.CreateDeviceContextState(0, [FL_11_1], 1, SDK, IID_ID3D11Device1, None)[0] == FL_11_1
    assert dev.GetFeatureLevel() == FL_10_0  # validate-only creates nothing
    dev.CreateDeviceContextState(0, [FL_11_1], 1, SDK, IID_ID3D11Device1)
    assert dev.GetFeatureLevel() == FL_11_1
    dev.CreateDeviceContextState(0, [FL_9_3], 1, SDK, IID_ID3D11Device1)
    assert dev.GetFeatureLevel() == FL_11_1  # never lowered
    # the immediate context keeps its own (creation) level until a state object is swapped in
    ctx.IASetVertexBuffers(20, 1, [dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))], [16], [0])
    assert ctx.IAGetVertexBuffers(20, 1)[0] == [None]  # 10_0: 16 vertex-buffer slots


# -- SwapDeviceContextState -------------------------------------------------------------------------

def test_wine_device_context_state_sequence():
    # wine test_device_context_state, step by step.
    dev, ctx = make()
    sampler = dev.CreateSamplerState(sampler_desc())
    ctx.PSSetSamplers(0, 1, [sampler])
    tmp = ctx.PSGetSamplers(0, 1)[0]
    assert tmp is sampler
    tmp.Release()

    level, state = dev.CreateDeviceContextState(0, [min(FL_11_0, FL_10_1)], 1, SDK, IID_ID3D10Device)
    assert get_refcount(state) == 1
    previous = ctx.SwapDeviceContextState(state)  # enable ID3D10Device behaviour
    assert previous is not None and previous is not state
    assert state.Release() == 0  # the context keeps it active through an internal reference

    ctx.PSSetSamplers(0, 1, [sampler])  # ID3D11DeviceContext methods are off: no effect, nothing handed out
    assert ctx.PSGetSamplers(0, 1) is None

    back = ctx.SwapDeviceContextState(previous)
    assert back is state
    assert back.Release() == 0 and previous.Release() == 0

    tmp = ctx.PSGetSamplers(0, 1)[0]  # the state object retained the previous state
    assert tmp is sampler
    tmp.Release()
    ctx.PSSetSamplers(0, 1, [None])
    assert ctx.PSGetSamplers(0, 1) == [None]
    ctx.PSSetSamplers(0, 1, [sampler])
    tmp = ctx.PSGetSamplers(0, 1)[0]
    assert tmp is sampler
    tmp.Release()

    sampler.Release()
    ctx.Release()
    assert dev.Release() == 0


def test_swap_exchanges_the_whole_pipeline_state():
    dev, ctx = make()
    cb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    ib = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=2))
    rs = dev.CreateRasterizerState(dict(FillMode=2, CullMode=1, DepthClipEnable=1))
    ctx.VSSetConstantBuffers(3, 1, [cb])
    ctx.IASetIndexBuffer(ib, 42, 4)
    ctx.IASetPrimitiveTopology(4)
    ctx.RSSetState(rs)
    ctx.RSSetViewports(1, [dict(Width=8, Height=4, MaxDepth=1)])
    ctx.OMSetBlendState(None, [0.5, 0.5, 0.5, 0.5], 0xF)
    counts = [(get_refcount(o), o._intref) for o in (cb, ib, rs)]
    assert counts == [(1, 1)] * 3

    _, fresh = dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device1)
    saved = ctx.SwapDeviceContextState(fresh)
    # a fresh state object holds the cleared state
    assert ctx.VSGetConstantBuffers(3, 1) == [None]
    assert ctx.IAGetIndexBuffer() == (None, 0, 0)
    assert ctx.IAGetPrimitiveTopology() == 0
    assert ctx.RSGetState() is None and ctx.RSGetViewports() == []
    assert ctx.OMGetBlendState() == (None, [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF)
    # the saved objects keep their internal reference (held by the inactive state object), public unchanged
    assert [(get_refcount(o), o._intref) for o in (cb, ib, rs)] == [(1, 1)] * 3
    ctx.IASetPrimitiveTopology(1)  # changes land in the fresh object's state ...

    assert ctx.SwapDeviceContextState(saved) is fresh
    got = ctx.VSGetConstantBuffers(3, 1)[0]
    assert got is cb
    got.Release()
    assert ctx.IAGetIndexBuffer()[1:] == (42, 4) and ctx.IAGetPrimitiveTopology() == 4
    vp = ctx.RSGetViewports()
    assert len(vp) == 1 and (vp[0].Width, vp[0].Height) == (8, 4)
    assert ctx.OMGetBlendState()[1:] == ([0.5, 0.5, 0.5, 0.5], 0xF)

    assert ctx.SwapDeviceContextState(fresh) is saved
    assert ctx.IAGetPrimitiveTopology() == 1  # ... and are still there when it is swapped back in


def test_swap_null_same_and_deferred():
    dev, ctx = make()
    ctx.IASetPrimitiveTopology(4)
    assert ctx.SwapDeviceContextState(None) is None  # NULL: the call has no effect
    assert ctx.IAGetPrimitiveTopology() == 4
    _, st = dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device)
    default = ctx.SwapDeviceContextState(st)
    again = ctx.SwapDeviceContextState(st)  # swapping the active object in again keeps the state
    assert again is st and get_refcount(st) == 2 and ctx.IAGetPrimitiveTopology() == 0
    deferred = dev.CreateDeferredContext(0)
    deferred.IASetPrimitiveTopology(5)
    assert deferred.SwapDeviceContextState(default) is None  # not supported on a deferred context
    assert deferred.IAGetPrimitiveTopology() == 5
    assert ctx.IAGetPrimitiveTopology() == 0


def test_limits_follow_the_active_state_level():
    dev, ctx = make(FL_11_0)
    vb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    _, low = dev.CreateDeviceContextState(0, [FL_10_0], 1, SDK, IID_ID3D11Device)
    default = ctx.SwapDeviceContextState(low)
    ctx.IASetVertexBuffers(20, 1, [vb], [16], [0])  # 10_0: slots 0..15 only, the call is dropped
    assert ctx.IAGetVertexBuffers(20, 1)[0] == [None]
    ctx.SwapDeviceContextState(default)
    ctx.IASetVertexBuffers(20, 1, [vb], [16], [0])  # 11_0: 32 slots
    got = ctx.IAGetVertexBuffers(20, 1)[0][0]
    assert got is vb
    got.Release()


@pytest.mark.parametrize("emulated", [IID_ID3D10Device, IID_ID3D10Device1])
def test_d3d10_mode_turns_off_context_methods_but_not_map(emulated):
    dev, ctx = make()
    staging = dev.CreateBuffer(dict(ByteWidth=16, Usage=3, CPUAccessFlags=0x30000))
    src = dev.CreateBuffer(dict(ByteWidth=16), dict(pSysMem=np.arange(4, dtype=np.uint32).tobytes()))
    _, st = dev.CreateDeviceContextState(0, [FL_10_1], 1, SDK, emulated)
    default = ctx.SwapDeviceContextState(st)
    ctx.CopyResource(staging, src)  # disabled: nothing copied
    mapped = ctx.Map(staging, 0, 1, 0)  # Map/Unmap stay on
    assert np.frombuffer(bytes(mapped.pData[:16]), np.uint32).tolist() == [0, 0, 0, 0]
    ctx.Unmap(staging, 0)
    assert ctx.GetType() is None and ctx.GetContextFlags() == 0
    ctx.SwapDeviceContextState(default)  # D3D11 behaviour again
    assert ctx.GetType() == 0
    ctx.CopyResource(staging, src)
    mapped = ctx.Map(staging, 0, 1, 0)
    assert np.frombuffer(bytes(mapped.pData[:16]), np.uint32).tolist() == [0, 1, 2, 3]
    ctx.Unmap(staging, 0)


def test_final_release_of_an_inactive_state_object_drops_its_bindings():
    dev, ctx = make()
    s = dev.CreateSamplerState(sampler_desc())
    ctx.PSSetSamplers(0, 1, [s])
    assert s.Release() == 0 and s._intref == 1
    _, fresh = dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device1)
    default = ctx.SwapDeviceContextState(fresh)  # the sampler binding now lives in `default`
    assert s._intref == 1
    assert fresh.Release() == 0  # active: kept by the context, its (empty) state untouched
    assert dev.CreateSamplerState(sampler_desc()) is s  # still referenced by the saved state
    assert s.Release() == 0
    assert default.Release() == 0  # inactive and unreferenced: its bindings are released
    assert s._intref == 0
    assert dev.CreateSamplerState(sampler_desc()) is not s


def test_null_previous_and_private_data():
    # wine test_device_context_state (newer): pState NULL hands out NULL; private data lives on the state object;
    # ppPreviousState NULL takes nothing.
    dev, ctx = make()
    _, st = dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device)
    assert ctx.SwapDeviceContextState(None) is None
    previous = ctx.SwapDeviceContextState(st)
    assert previous is not None
    g = uuid.UUID("fdb37466-428f-4edf-a37f-9b1df488c5fc")
    st.SetPrivateData(g, 4, b"\x01\x02\x03\x04")
    assert st.Release() == 0
    st2 = ctx.SwapDeviceContextState(previous)
    assert st2 is st and st2.GetPrivateData(g) == b"\x01\x02\x03\x04"
    assert ctx.SwapDeviceContextState(st, None) is None
    assert get_refcount(st) == 1  # only the reference handed out by the swap above
    assert ctx.GetType() == 0


def test_state_objects_keep_one_state_per_context_across_devices():
    # wine test_device_context_state (newer): "context states may be used with other devices instances too,
    # but they track a distinct state on each context". Constant buffers stand in for wine's vertex shaders.
    dev, ctx = make()
    cb1 = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    _, st = dev.CreateDeviceContextState(0, [FL_11_0], 1, SDK, IID_ID3D11Device)
    previous = ctx.SwapDeviceContextState(st)
    ctx.VSSetConstantBuffers(0, 1, [cb1])
    dev2, ctx2 = make()
    cb2 = dev2.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    default2 = ctx2.SwapDeviceContextState(st)
    assert default2 is not None and ctx2.VSGetConstantBuffers(0, 1) == [None]  # distinct state on ctx2
    ctx2.VSSetConstantBuffers(0, 1, [cb2])
    got = ctx.VSGetConstantBuffers(0, 1)[0]
    assert got is cb1  # ctx unaffected
    got.Release()
    back = ctx2.SwapDeviceContextState(default2)
    assert back is st and default2.Release() == 0 and back.Release() == 1
    assert ctx2.VSGetConstantBuffers(0, 1) == [None]  # ctx2's default state had nothing bound
    assert ctx2.SwapDeviceContextState(st) is default2 and default2.Release() == 0  # now released for good
    got = ctx2.VSGetConstantBuffers(0, 1)[0]
    assert got is cb2  # st kept ctx2's state separately from ctx's
    got.Release()
    ctx.VSSetConstantBuffers(0, 1, [None])
    got = ctx2.VSGetConstantBuffers(0, 1)[0]
    assert got is cb2  # clearing on ctx has no side effect on ctx2
    got.Release()
    ctx2.SwapDeviceContextState(previous, None)  # ctx's default state object used on ctx2
    assert ctx.VSGetConstantBuffers(0, 1) == [None]
    assert cb2.Release() == 0  # still bound in st's state for ctx2: internal reference only
    assert ctx2.Release() == 0 and dev2.Release() == 0
    # the device's own count is untouched by the other device's use of its state objects
    back = ctx.SwapDeviceContextState(previous)
    assert back is st and previous.Release() == 0 and back.Release() == 1 and st.Release() == 0
