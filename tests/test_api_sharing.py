"""Shared resources between devices of one process (issue 16 item 6): flag validation from the
D3D11_RESOURCE_MISC_FLAG page, handles (GetSharedHandle / CreateSharedHandle), OpenSharedResource /
OpenSharedResource1 / OpenSharedResourceByName giving the same bytes on another device, and IDXGIKeyedMutex
(AcquireSync / ReleaseSync with keys and timeouts)."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.api.sharing import IID_IDXGIKeyedMutex, IID_IDXGIResource1, close_handle
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import D3D11Error, InvalidArgError

SHARED, KEYEDMUTEX, NTHANDLE, GDI = 0x2, 0x100, 0x800, 0x200
RGBA8, BGRA8 = 28, 87
BIND_SRV, BIND_RT = 0x8, 0x20
READ, WRITE = 0x80000000, 0x1
IID_Texture2D = ID3D11Texture2D  # noqa: F405


def _device(level=0xB100):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    return dev, ctx


def _tex(dev, misc, fmt=RGBA8, mips=1, array=1, usage=0, cpu=0, bind=BIND_SRV | BIND_RT, data=None):
    desc = D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=mips, ArraySize=array, Format=fmt,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=usage, BindFlags=bind,  # noqa: F405
                                CPUAccessFlags=cpu, MiscFlags=misc)
    init = D3D11_SUBRESOURCE_DATA(pSysMem=data, SysMemPitch=16) if data is not None else None  # noqa: F405
    return dev.CreateTexture2D(desc, init)


# --- creation flags -------------------------------------------------------------------------------------

@pytest.mark.parametrize("misc", [SHARED | KEYEDMUTEX, NTHANDLE, SHARED | KEYEDMUTEX | NTHANDLE,
                                  KEYEDMUTEX | GDI])
def test_invalid_flag_combinations_are_e_invalidarg(misc):
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        _tex(dev, misc, fmt=BGRA8)


@pytest.mark.parametrize("misc", [SHARED, KEYEDMUTEX, SHARED | NTHANDLE, KEYEDMUTEX | NTHANDLE])
def test_valid_flag_combinations_create(misc):
    dev, _ = _device()
    assert _tex(dev, misc) is not None


@pytest.mark.parametrize("kw", [dict(mips=2), dict(array=2), dict(usage=3, cpu=0x20000, bind=0),
                                dict(usage=2, cpu=0x10000, bind=BIND_SRV)])
def test_only_default_2d_non_mipmapped_textures_share(kw):
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        _tex(dev, SHARED, **kw)


def test_shared_buffer_refused():
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1, MiscFlags=SHARED))  # noqa: F405


@pytest.mark.parametrize("fmt", [RGBA8, 29])
def test_rgba8_never_shared_at_9_x(fmt):
    dev, _ = _device(0x9300)
    with pytest.raises(InvalidArgError):
        _tex(dev, SHARED, fmt=fmt)
    assert _tex(dev, SHARED, fmt=BGRA8) is not None


# --- handles and opening ----------------------------------------------------------------------------------

def test_open_shared_resource_same_bytes_on_another_device():
    a, actx = _device()
    b, bctx = _device()
    data = np.arange(64, dtype=np.uint8)
    tex = _tex(a, SHARED, data=data.tobytes())
    h = tex.QueryInterface(IDXGIResource).GetSharedHandle()  # noqa: F405
    opened = b.OpenSharedResource(h, IID_Texture2D)
    assert opened.GetDevice() is b
    assert np.array_equal(texture_to_numpy(bctx, opened), texture_to_numpy(actx, tex))
    # a write through one device is seen by the other
    bctx.ClearRenderTargetView(b.CreateRenderTargetView(opened), (1.0, 0.0, 0.0, 1.0))
    assert np.all(texture_to_numpy(actx, tex)[..., 0] == 1.0)
    d = opened.GetDesc()
    assert (d.Width, d.Height, d.Format, d.MiscFlags) == (4, 4, RGBA8, SHARED)


def test_get_shared_handle_refused_for_unshared_and_nt_resources():
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        _tex(dev, 0).QueryInterface(IDXGIResource).GetSharedHandle()  # noqa: F405
    with pytest.raises(InvalidArgError):
        _tex(dev, SHARED | NTHANDLE).QueryInterface(IDXGIResource).GetSharedHandle()  # noqa: F405


def test_open_unknown_handle_is_e_invalidarg():
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        dev.OpenSharedResource(0x1234, IID_Texture2D)


def test_nt_handle_opens_with_open_shared_resource1_only():
    a, actx = _device()
    b, bctx = _device()
    tex = _tex(a, SHARED | NTHANDLE)
    r1 = tex.QueryInterface(IID_IDXGIResource1)
    h = r1.CreateSharedHandle(None, READ | WRITE, None)
    opened = b.OpenSharedResource1(h, IID_Texture2D)
    assert opened._storage is tex._storage
    with pytest.raises(InvalidArgError):
        b.OpenSharedResource(h, IID_Texture2D)
    close_handle(h)
    with pytest.raises(InvalidArgError):
        b.OpenSharedResource1(h, IID_Texture2D)


def test_create_shared_handle_needs_nthandle():
    dev, _ = _device()
    with pytest.raises(InvalidArgError):
        _tex(dev, SHARED).QueryInterface(IID_IDXGIResource1).CreateSharedHandle(None, READ, None)


def test_open_by_name_and_access_rights():
    a, _ = _device()
    b, _ = _device()
    tex = _tex(a, KEYEDMUTEX | NTHANDLE)
    r1 = tex.QueryInterface(IID_IDXGIResource1)
    name = f"pyd3d11-test-{id(tex)}"
    h = r1.CreateSharedHandle(None, READ, name)
    assert b.OpenSharedResourceByName(name, READ, IID_Texture2D)._storage is tex._storage
    with pytest.raises(D3D11Error) as e:
        b.OpenSharedResourceByName(name, READ | WRITE, IID_Texture2D)
    assert e.value.hresult == 0x80070005  # E_ACCESSDENIED
    other = _tex(a, SHARED | NTHANDLE).QueryInterface(IID_IDXGIResource1)
    with pytest.raises(D3D11Error) as e:
        other.CreateSharedHandle(None, READ, name)
    assert e.value.hresult == 0x887A002C  # DXGI_ERROR_NAME_ALREADY_EXISTS
    with pytest.raises(InvalidArgError):
        b.OpenSharedResourceByName(name + "-missing", READ, IID_Texture2D)
    close_handle(h)


def test_open_rgba8_on_9_x_device_refused():
    a, _ = _device()
    b, _ = _device(0x9300)
    h = _tex(a, SHARED).QueryInterface(IDXGIResource).GetSharedHandle()  # noqa: F405
    with pytest.raises(InvalidArgError):
        b.OpenSharedResource(h, IID_Texture2D)


# --- IDXGIKeyedMutex ----------------------------------------------------------------------------------------

def _mutex_pair():
    a, _ = _device()
    b, _ = _device()
    tex = _tex(a, KEYEDMUTEX)
    opened = b.OpenSharedResource(tex.QueryInterface(IDXGIResource).GetSharedHandle(), IID_Texture2D)  # noqa: F405
    return tex.QueryInterface(IID_IDXGIKeyedMutex), opened.QueryInterface(IID_IDXGIKeyedMutex)


def test_keyed_mutex_only_on_keyedmutex_resources():
    dev, _ = _device()
    with pytest.raises(D3D11Error):
        _tex(dev, SHARED).QueryInterface(IID_IDXGIKeyedMutex)


def test_keyed_mutex_hands_over_by_key():
    ma, mb = _mutex_pair()
    assert ma.AcquireSync(0, 0) == 0  # created released with key 0
    assert mb.AcquireSync(0, 0) == 0x102  # WAIT_TIMEOUT: held by a
    ma.ReleaseSync(1)
    assert mb.AcquireSync(0, 10) == 0x102  # released with key 1, not 0
    assert mb.AcquireSync(1, 0) == 0
    mb.ReleaseSync(0)
    assert ma.AcquireSync(0, 0) == 0


def test_keyed_mutex_errors():
    ma, mb = _mutex_pair()
    with pytest.raises(D3D11Error) as e:
        mb.ReleaseSync(0)  # not owned
    assert e.value.hresult == 0x80004005
    ma.AcquireSync(0, 0)
    with pytest.raises(D3D11Error):
        ma.AcquireSync(0, 0)  # already owned by this device


def test_keyed_mutex_timeout_waits_then_gives_up():
    ma, mb = _mutex_pair()
    ma.AcquireSync(0, 0)
    t0 = time.monotonic()
    assert mb.AcquireSync(0, 50) == 0x102
    assert time.monotonic() - t0 >= 0.045


def test_keyed_mutex_infinite_wait_wakes_on_release():
    ma, mb = _mutex_pair()
    ma.AcquireSync(0, 0)
    got = []
    t = threading.Thread(target=lambda: got.append(mb.AcquireSync(7, 0xFFFFFFFF)))
    t.start()
    time.sleep(0.05)
    assert got == []
    ma.ReleaseSync(7)
    t.join(5)
    assert got == [0]


def test_keyed_mutex_abandoned_when_owner_destroyed():
    a, _ = _device()
    b, _ = _device()
    tex = _tex(a, KEYEDMUTEX)
    opened = b.OpenSharedResource(tex.QueryInterface(IDXGIResource).GetSharedHandle(), IID_Texture2D)  # noqa: F405
    ma = opened.QueryInterface(IID_IDXGIKeyedMutex)
    assert ma.AcquireSync(0, 0) == 0
    ma.Release()
    opened.Release()  # destroyed while holding the mutex
    mb = tex.QueryInterface(IID_IDXGIKeyedMutex)
    assert mb.AcquireSync(5, 0) == 0x80  # WAIT_ABANDONED, and now owned
    mb.ReleaseSync(0)
    assert mb.AcquireSync(0, 0) == 0
