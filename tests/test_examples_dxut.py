"""examples/samples/dxut.py's device defaults are DXUT's (walbourn/directx-sdk-samples DXUT/Core/DXUT.cpp,
DXUTApplyDefaultDeviceSettings): an R8G8B8A8_UNORM_SRGB back buffer (DXUTDevice11.cpp: "DXUT's preferred mode"),
two buffers, DISCARD, windowed, a D24_UNORM_S8_UINT depth-stencil buffer; the app's ModifyDeviceSettings callback
sees and may change them before the device exists, and returning false cancels the creation.

A clear to Colors.MidnightBlue (0.098039225, 0.098039225, 0.43921572) stored in the sRGB back buffer reads back as
the codes of the IEC 61966-2-1 encoding: (88, 88, 177) — what a screen shows; in UNORM it is (25, 25, 112)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "samples"))

import dxut  # noqa: E402

from pyd3d11 import dxgi as F  # noqa: E402
from pyd3d11.dxgi import MemorySink  # noqa: E402

MIDNIGHT = (0.098039225, 0.098039225, 0.43921572, 1.0)


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(dxut.S, "callbacks", {})
    monkeypatch.setattr(dxut.S, "device", None)
    monkeypatch.setattr(dxut.S, "settings", None)
    yield dxut


def clear_and_present(d):
    sink = MemorySink()
    d.S.swap_chain.set_present_sink(sink)
    d.S.context.ClearRenderTargetView(d.S.rtv, MIDNIGHT)
    d.S.swap_chain.Present(0, 0)
    return tuple(int(v) for v in sink.last[0, 0, :3])


def test_defaults_are_dxut_s(fresh):
    seen = {}

    def modify(settings, ctx):
        sd = settings.d3d11.sd
        seen.update(fmt=sd.BufferDesc.Format, count=sd.BufferCount, w=sd.BufferDesc.Width, h=sd.BufferDesc.Height,
                    ds=settings.d3d11.AutoDepthStencilFormat, auto=settings.d3d11.AutoCreateDepthStencil,
                    windowed=sd.Windowed, fl=settings.MinimumFeatureLevel, effect=sd.SwapEffect)
        return True

    fresh.DXUTSetCallbackDeviceChanging(modify)
    fresh.DXUTCreateDevice(0xB000, True, 64, 48)
    assert seen == dict(fmt=F.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, count=2, w=64, h=48,
                        ds=F.DXGI_FORMAT_D24_UNORM_S8_UINT, auto=True, windowed=True, fl=0xB000, effect=0)
    desc = fresh.S.swap_chain.GetDesc()
    assert desc.BufferDesc.Format == F.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB and desc.BufferCount == 2
    assert fresh.S.rtv.GetDesc().Format == F.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
    assert clear_and_present(fresh) == (88, 88, 177)


def test_modify_device_settings_can_choose_unorm(fresh):
    def modify(settings, ctx):
        settings.d3d11.sd.BufferDesc.Format = F.DXGI_FORMAT_R8G8B8A8_UNORM
        return True

    fresh.DXUTSetCallbackDeviceChanging(modify)
    fresh.DXUTCreateDevice(0xB000, True, 16, 8)
    assert fresh.S.rtv.GetDesc().Format == F.DXGI_FORMAT_R8G8B8A8_UNORM
    assert clear_and_present(fresh) == (25, 25, 112)


def test_modify_device_settings_false_cancels(fresh):
    created = []
    fresh.DXUTSetCallbackDeviceChanging(lambda s, c: False)
    fresh.DXUTSetCallbackD3D11DeviceCreated(lambda *a: created.append(a))
    fresh.DXUTCreateDevice(0xB000, True, 16, 8)
    assert fresh.S.device is None and not created


def test_surface_desc_passed_to_callbacks_is_the_back_buffer_s(fresh):
    got = []
    fresh.DXUTSetCallbackD3D11DeviceCreated(lambda dev, desc, ctx: got.append((desc.Width, desc.Height,
                                                                              desc.Format)))
    fresh.DXUTCreateDevice(0xB000, True, 40, 30)
    assert got == [(40, 30, F.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB)]
    assert np.isclose(40 / 30, fresh.S.width / fresh.S.height)
