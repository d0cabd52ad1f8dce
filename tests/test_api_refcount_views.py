"""Reference counts of views on their resources and of swap-chain back buffers (Windows' runtime behaviour).

A view holds an internal reference on its resource for its lifetime; GetResource AddRefs the resource
publicly. A swap chain holds its buffers internally (GetBuffer then Release gives 0, wine dxgi
test_swapchain_resize), and ResizeBuffers fails while a buffer has a direct or indirect reference
(MicrosoftDocs IDXGISwapChain::ResizeBuffers). Expected counts are written out by hand.
"""

import uuid

import pytest

from pyd3d11.api.create_device import D3D11CreateDevice
from pyd3d11.api.debug import ID3D11Debug
from pyd3d11.d3d11 import ID3D11Texture2D
from pyd3d11.dxgi import IDXGIDevice, IDXGIFactory, IDXGISurface
from pyd3d11.errors import DXGI_ERROR_INVALID_CALL, D3D11Error
from pyd3d11.headers import DXGI_MODE_DESC, DXGI_SAMPLE_DESC, DXGI_SWAP_CHAIN_DESC

WKPDID_NAME = uuid.UUID("429b8c22-9188-4b0c-8742-acb0bf85c200")
BIND_SRV, BIND_RTV = 0x8, 0x20
DISCARD, FLIP_DISCARD = 0, 4


def make(flags=0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, [0xB000], 1, 7)
    return dev, ctx


def get_refcount(obj) -> int:
    obj.AddRef()
    return obj.Release()


def tex2d(dev, bind=BIND_SRV | BIND_RTV):
    return dev.CreateTexture2D(dict(Width=8, Height=8, MipLevels=1, ArraySize=1, Format=28,
                                    SampleDesc=dict(Count=1), Usage=0, BindFlags=bind))


def live_line(dbg, name):
    """The ReportLiveDeviceObjects line of the object named ``name``, or None."""
    return next((x for x in dbg.ReportLiveDeviceObjects(2).splitlines() if f"Name: {name}," in x), None)


# -- views ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("create", ["CreateShaderResourceView", "CreateRenderTargetView"])
def test_view_creation_and_get_resource_counts(create):
    dev, _ = make()
    tex = tex2d(dev)
    dev_before = get_refcount(dev)
    view = getattr(dev, create)(tex)
    assert get_refcount(tex) == 1  # creating a view leaves the resource's public count alone
    assert tex._intref == 1  # ... and takes an internal reference instead
    assert get_refcount(dev) == dev_before + 1  # the view's own device reference
    res = view.GetResource()
    assert res is tex and get_refcount(tex) == 2  # GetResource AddRefs publicly
    assert res.Release() == 1
    view2 = getattr(dev, create)(tex)
    assert tex._intref == 2  # one per view
    assert view2.Release() == 0 and tex._intref == 1
    assert view.Release() == 0 and tex._intref == 0
    assert get_refcount(dev) == dev_before
    assert tex.Release() == 0


def test_released_texture_lives_on_through_its_view():
    dev, _ = make(flags=0x2)
    dbg = dev.QueryInterface(ID3D11Debug)
    tex = tex2d(dev)
    tex.SetPrivateData(WKPDID_NAME, 4, b"texa")
    srv = dev.CreateShaderResourceView(tex)
    assert tex.Release() == 0
    line = live_line(dbg, "texa")
    assert line is not None and "Refcount: 0, IntRef: 1" in line
    got = srv.GetResource()  # the public count comes back from 0
    assert got is tex and get_refcount(tex) == 1
    assert got.Release() == 0
    assert srv.Release() == 0  # the view's final release drops its reference on the texture
    assert tex._intref == 0 and live_line(dbg, "texa") is None


def test_bound_view_keeps_its_resource():
    dev, ctx = make(flags=0x2)
    dbg = dev.QueryInterface(ID3D11Debug)
    tex = tex2d(dev)
    tex.SetPrivateData(WKPDID_NAME, 4, b"texb")
    rtv = dev.CreateRenderTargetView(tex)
    tex.Release()
    ctx.OMSetRenderTargets(1, [rtv], None)
    assert rtv.Release() == 0  # alive through the binding only
    assert tex._intref == 1 and "Refcount: 0, IntRef: 1" in live_line(dbg, "texb")
    ctx.OMSetRenderTargets(0, None, None)  # the view's last reference goes, and with it the texture's
    assert rtv._intref == 0 and tex._intref == 0 and live_line(dbg, "texb") is None


def test_view_kept_in_python_and_addrefed_again_takes_its_resource_again():
    dev, _ = make()
    tex = tex2d(dev)
    srv = dev.CreateShaderResourceView(tex)
    srv.Release()
    assert tex._intref == 0
    srv.AddRef()
    assert tex._intref == 1
    srv.Release()
    assert tex._intref == 0


# -- swap-chain back buffers -------------------------------------------------------------------------


def chain_setup(flags=0):
    dev, ctx = make(flags)
    factory = dev.QueryInterface(IDXGIDevice).GetAdapter().GetParent(IDXGIFactory)
    return dev, ctx, factory


def sc_desc(count, effect, w=4, h=4):
    return DXGI_SWAP_CHAIN_DESC(BufferDesc=DXGI_MODE_DESC(Width=w, Height=h, Format=28),
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BufferUsage=0x20, BufferCount=count,
                                OutputWindow="window", Windowed=1, SwapEffect=effect, Flags=0)


@pytest.mark.parametrize("count", [2, 4])
def test_swap_chain_buffers_add_one_device_reference_in_all(count):
    dev, _, factory = chain_setup()
    before = get_refcount(dev)
    sc = factory.CreateSwapChain(dev, sc_desc(count, FLIP_DISCARD))
    assert get_refcount(dev) == before + 1  # the chain's device reference, none per buffer
    assert all(b._refcount == 0 and b._intref == 1 for b in sc._buffers)
    surface = sc.GetBuffer(0, IDXGISurface)
    assert get_refcount(dev) == before + 2  # a handed-out buffer holds the device like any child
    assert surface.Release() == 0  # wine test_swapchain_resize: no references left after the app's Release
    assert get_refcount(dev) == before + 1
    assert sc.Release() == 0
    assert get_refcount(dev) == before


def test_resize_buffers_refuses_while_a_buffer_or_view_is_referenced():
    dev, ctx, factory = chain_setup()
    sc = factory.CreateSwapChain(dev, sc_desc(2, FLIP_DISCARD))
    tex = sc.GetBuffer(0, ID3D11Texture2D)
    surface = sc.GetBuffer(0, IDXGISurface)
    for hold in (tex, surface):  # each direct reference on its own blocks the resize
        other = surface if hold is tex else tex
        other.Release()
        with pytest.raises(D3D11Error) as e:
            sc.ResizeBuffers(0, 8, 8, 0, 0)
        assert e.value.hresult == DXGI_ERROR_INVALID_CALL
        other.AddRef()
    rtv = dev.CreateRenderTargetView(tex)
    tex.Release()
    surface.Release()
    with pytest.raises(D3D11Error) as e:  # a live view is an indirect reference
        sc.ResizeBuffers(0, 8, 8, 0, 0)
    assert e.value.hresult == DXGI_ERROR_INVALID_CALL
    ctx.OMSetRenderTargets(1, [rtv], None)
    rtv.Release()
    with pytest.raises(D3D11Error) as e:  # so is a view bound to the context
        sc.ResizeBuffers(0, 8, 8, 0, 0)
    assert e.value.hresult == DXGI_ERROR_INVALID_CALL
    ctx.OMSetRenderTargets(0, None, None)
    sc.ResizeBuffers(0, 8, 8, 0, 0)
    assert sc.GetDesc().BufferDesc.Width == 8


def test_resize_buffers_releases_the_old_buffers():
    dev, _, factory = chain_setup(flags=0x2)
    dbg = dev.QueryInterface(ID3D11Debug)
    sc = factory.CreateSwapChain(dev, sc_desc(2, FLIP_DISCARD))
    old = list(sc._buffers)
    for i, b in enumerate(old):
        b.SetPrivateData(WKPDID_NAME, 5, f"oldb{i}".encode())
    assert all(live_line(dbg, f"oldb{i}") is not None for i in range(2))
    before = get_refcount(dev)
    sc.ResizeBuffers(4, 8, 8, 0, 0)
    assert all(b._refcount == 0 and b._intref == 0 for b in old)
    assert all(live_line(dbg, f"oldb{i}") is None for i in range(2))
    assert len(sc._buffers) == 4 and all(b._intref == 1 and b._refcount == 0 for b in sc._buffers)
    assert get_refcount(dev) == before  # four new buffers, still no device reference of their own


def test_discard_chain_back_buffer_get_release():
    dev, _, factory = chain_setup()
    sc = factory.CreateSwapChain(dev, sc_desc(1, DISCARD))
    tex = sc.GetBuffer(0, ID3D11Texture2D)
    assert get_refcount(tex) == 1
    again = sc.GetBuffer(0, ID3D11Texture2D)
    assert again is tex and get_refcount(tex) == 2
    assert again.Release() == 1 and tex.Release() == 0
    sc.ResizeBuffers(1, 16, 16, 0, 0)
    assert sc.GetDesc().BufferDesc.Width == 16
