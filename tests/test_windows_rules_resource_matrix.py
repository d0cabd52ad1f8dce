"""Issue 14 item 9: the usage x bind flags x CPU access x misc flags matrix of CreateBuffer / CreateTexture*.

The rules, written out from the D3D11_USAGE "resource usage restrictions" table, D3D11_BIND_FLAG,
D3D11_CPU_ACCESS_FLAG and D3D11_RESOURCE_MISC_FLAG docs:
- DEFAULT: no CPU access;  IMMUTABLE: no CPU access, initial data, at least one bind flag, no output binds
  (STREAM_OUTPUT, RENDER_TARGET, DEPTH_STENCIL, UNORDERED_ACCESS);  DYNAMIC: CPU access exactly WRITE, at least
  one bind flag, no output binds;  STAGING: no bind flags, some CPU access.
- buffers: no DEPTH_STENCIL; CONSTANT_BUFFER alone. Textures: no VERTEX/INDEX/CONSTANT/STREAM_OUTPUT.
- GENERATE_MIPS needs SHADER_RESOURCE | RENDER_TARGET and a format with MIP_AUTOGEN support (never integer,
  depth or block-compressed formats); SHARED and SHARED_KEYEDMUTEX are exclusive; SHARED_NTHANDLE needs one
  of them; GDI_COMPATIBLE needs a 2D BGRA8 render target with one mip, DEFAULT usage, one sample, and
  excludes SHARED_KEYEDMUTEX and RESOURCE_CLAMP.
- CheckMultisampleQualityLevels: a value that is not a DXGI_FORMAT is E_INVALIDARG; a format that cannot be
  multisampled answers 0.
Every combination below is checked at feature level 11_0 against ``_expected`` (the rules above, by hand).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import D3D11Error, InvalidArgError

DEFAULT, IMMUTABLE, DYNAMIC, STAGING = 0, 1, 2, 3
VB, IB, CB, SRV, SO, RT, DS, UAV = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80
READ, WRITE = 0x20000, 0x10000
OUTPUT_BINDS = SO | RT | DS | UAV
GEN_MIPS, SHARED, CUBE, CLAMP, KEYEDMUTEX, GDI, NTHANDLE = 0x1, 0x2, 0x4, 0x20, 0x100, 0x200, 0x800


def _device(level=0xB000):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    return dev


def _usage_ok(usage: int, bind: int, cpu: int) -> bool:
    if usage == DEFAULT:
        return cpu == 0
    if usage == IMMUTABLE:
        return cpu == 0 and bind != 0 and not bind & OUTPUT_BINDS
    if usage == DYNAMIC:
        return cpu == WRITE and bind != 0 and not bind & OUTPUT_BINDS
    return bind == 0 and cpu != 0  # STAGING


BUFFER_BINDS = [0, VB, IB, CB, SRV, SO, RT, UAV, DS, VB | IB, VB | SO, SRV | UAV, CB | VB, SRV | RT]
CPU = [0, READ, WRITE, READ | WRITE]
USAGES = [DEFAULT, IMMUTABLE, DYNAMIC, STAGING]


def _buffer_ok(usage, bind, cpu):
    if bind & DS or (bind & CB and bind != CB):
        return False
    return _usage_ok(usage, bind, cpu)


@pytest.mark.parametrize("usage", USAGES)
@pytest.mark.parametrize("bind", BUFFER_BINDS)
def test_buffer_usage_bind_cpu_matrix(usage, bind):
    dev = _device()
    for cpu in CPU:
        desc = D3D11_BUFFER_DESC(ByteWidth=64, Usage=usage, BindFlags=bind, CPUAccessFlags=cpu)  # noqa: F405
        init = D3D11_SUBRESOURCE_DATA(pSysMem=bytes(64))  # noqa: F405
        try:
            dev.CreateBuffer(desc, init)
            ok = True
        except InvalidArgError:
            ok = False
        assert ok == _buffer_ok(usage, bind, cpu), (usage, hex(bind), hex(cpu))


TEXTURE_BINDS = [0, SRV, RT, UAV, SRV | RT, SRV | UAV, RT | UAV, SRV | RT | UAV, VB, CB, SO]


@pytest.mark.parametrize("usage", USAGES)
@pytest.mark.parametrize("bind", TEXTURE_BINDS)
def test_texture2d_usage_bind_cpu_matrix(usage, bind):
    dev = _device()
    for cpu in CPU:
        desc = D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=28,  # noqa: F405
                                    SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=usage, BindFlags=bind,  # noqa: F405
                                    CPUAccessFlags=cpu)
        init = D3D11_SUBRESOURCE_DATA(pSysMem=bytes(64), SysMemPitch=16)  # noqa: F405
        try:
            dev.CreateTexture2D(desc, init)
            ok = True
        except InvalidArgError:
            ok = False
        want = not bind & (VB | IB | CB | SO) and _usage_ok(usage, bind, cpu)
        assert ok == want, (usage, hex(bind), hex(cpu))


def _create(dev, kind: str, usage: int, bind: int, cpu: int):
    init = D3D11_SUBRESOURCE_DATA(pSysMem=bytes(4096), SysMemPitch=64, SysMemSlicePitch=1024)  # noqa: F405
    common = dict(Usage=usage, BindFlags=bind, CPUAccessFlags=cpu)
    if kind == "buffer":
        return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, **common), init)  # noqa: F405
    if kind == "texture1d":
        return dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=16, MipLevels=1, ArraySize=1, Format=28,  # noqa: F405
                                                        **common), init)
    if kind == "texture2d":
        return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=16, Height=16, MipLevels=1, ArraySize=1,  # noqa: F405
                                                        Format=28, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                        **common), init)
    return dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=16, Height=16, Depth=4, MipLevels=1, Format=28,  # noqa: F405
                                                    **common), init)


@pytest.mark.parametrize("usage, cpu", [(IMMUTABLE, 0), (DYNAMIC, WRITE)])
@pytest.mark.parametrize("kind", ["buffer", "texture1d", "texture2d", "texture3d"])
def test_immutable_and_dynamic_need_a_bind_flag(usage, cpu, kind):
    dev = _device()
    _create(dev, kind, usage, SRV, cpu)
    with pytest.raises(InvalidArgError):
        _create(dev, kind, usage, 0, cpu)


# formats by name: MIP_AUTOGEN support of the D3D11 format-support tables (render-target colour formats that
# filter), and the classes that never have it
AUTOGEN = {28: "R8G8B8A8_UNORM", 29: "R8G8B8A8_UNORM_SRGB", 31: "R8G8B8A8_SNORM", 10: "R16G16B16A16_FLOAT",
           11: "R16G16B16A16_UNORM", 2: "R32G32B32A32_FLOAT", 41: "R32_FLOAT", 61: "R8_UNORM", 87: "B8G8R8A8_UNORM",
           24: "R10G10B10A2_UNORM", 26: "R11G11B10_FLOAT", 54: "R16_FLOAT", 65: "A8_UNORM"}
NO_AUTOGEN = {30: "R8G8B8A8_UINT", 32: "R8G8B8A8_SINT", 3: "R32G32B32A32_UINT", 4: "R32G32B32A32_SINT",
              12: "R16G16B16A16_UINT", 14: "R16G16B16A16_SINT", 42: "R32_UINT", 43: "R32_SINT", 57: "R16_UINT",
              59: "R16_SINT", 62: "R8_UINT", 64: "R8_SINT", 25: "R10G10B10A2_UINT", 17: "R32G32_UINT",
              36: "R16G16_UINT", 50: "R8G8_UINT"}


@pytest.mark.parametrize("fmt", sorted(AUTOGEN) + sorted(NO_AUTOGEN),
                         ids=[{**AUTOGEN, **NO_AUTOGEN}[f] for f in sorted(AUTOGEN) + sorted(NO_AUTOGEN)])
def test_generate_mips_per_format(fmt):
    dev = _device()
    desc = D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=0, ArraySize=1, Format=fmt,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=SRV | RT, MiscFlags=GEN_MIPS)  # noqa: F405
    if fmt in AUTOGEN:
        dev.CreateTexture2D(desc)
    else:
        with pytest.raises(InvalidArgError):
            dev.CreateTexture2D(desc)


@pytest.mark.parametrize("bind, ok", [(SRV | RT, True), (SRV, False), (RT, False), (SRV | RT | UAV, True)])
def test_generate_mips_bind_flags(bind, ok):
    dev = _device()
    desc = D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=0, ArraySize=1, Format=28,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind, MiscFlags=GEN_MIPS)  # noqa: F405
    try:
        dev.CreateTexture2D(desc)
        got = True
    except InvalidArgError:
        got = False
    assert got == ok


# (misc flags, format, bind, mips, expected) for 2D textures
SHARED_CASES = [
    (SHARED, 28, SRV | RT, 1, True),
    (KEYEDMUTEX, 28, SRV | RT, 1, True),
    (SHARED | KEYEDMUTEX, 28, SRV | RT, 1, False),
    (NTHANDLE, 28, SRV | RT, 1, False),
    (SHARED | NTHANDLE, 28, SRV | RT, 1, True),
    (KEYEDMUTEX | NTHANDLE, 28, SRV | RT, 1, True),
    (GDI, 87, SRV | RT, 1, True),
    (GDI, 90, RT, 1, True),
    (GDI, 91, RT, 1, True),
    (GDI, 28, SRV | RT, 1, False),  # not BGRA8
    (GDI, 87, SRV, 1, False),  # not a render target
    (GDI, 87, SRV | RT, 2, False),  # mips
    (GDI | KEYEDMUTEX, 87, SRV | RT, 1, False),
    (GDI | CLAMP, 87, SRV | RT, 1, False),
    (GDI | SHARED, 87, SRV | RT, 1, True),
]


@pytest.mark.parametrize("misc, fmt, bind, mips, ok", SHARED_CASES)
def test_shared_and_gdi_flag_combinations(misc, fmt, bind, mips, ok):
    dev = _device()
    desc = D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=mips, ArraySize=1, Format=fmt,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind, MiscFlags=misc)  # noqa: F405
    try:
        dev.CreateTexture2D(desc)
        got = True
    except InvalidArgError:
        got = False
    assert got == ok


@pytest.mark.parametrize("kind", ["texture1d", "texture3d"])
def test_gdi_compatible_only_on_2d_textures(kind):
    dev = _device()
    with pytest.raises(InvalidArgError):
        if kind == "texture1d":
            dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=8, MipLevels=1, ArraySize=1, Format=87,  # noqa: F405
                                                     BindFlags=RT, MiscFlags=GDI))
        else:
            dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=8, Height=8, Depth=2, MipLevels=1, Format=87,  # noqa: F405
                                                     BindFlags=RT, MiscFlags=GDI))


@pytest.mark.parametrize("fmt", [0, 116, 131, 200, 0xFFFF, 0x7FFFFFFF])
@pytest.mark.parametrize("count", [1, 2, 4])
def test_check_multisample_quality_levels_of_a_non_format(fmt, count):
    dev = _device()
    with pytest.raises(InvalidArgError):
        dev.CheckMultisampleQualityLevels(fmt, count)


@pytest.mark.parametrize("fmt, count, levels", [(28, 1, 1), (28, 4, 1), (71, 4, 0), (28, 3, 0), (45, 4, 1),
                                                (98, 2, 0)])
def test_check_multisample_quality_levels_of_formats(fmt, count, levels):
    assert (_device().CheckMultisampleQualityLevels(fmt, count) > 0) == bool(levels)


@pytest.mark.parametrize("count", [0, 33, 64])
def test_check_multisample_quality_levels_bad_count(count):
    with pytest.raises(D3D11Error):
        _device().CheckMultisampleQualityLevels(28, count)



# D3D11_USAGE "Resource Bind Options" note 3: a DYNAMIC resource has a single subresource
@pytest.mark.parametrize("kind, mips, arr, ok", [
    ("texture2d", 1, 1, True), ("texture2d", 2, 1, False), ("texture2d", 0, 1, False), ("texture2d", 1, 2, False),
    ("texture1d", 1, 1, True), ("texture1d", 3, 1, False), ("texture1d", 1, 4, False),
    ("texture3d", 1, 1, True), ("texture3d", 2, 1, False),
])
def test_dynamic_textures_have_one_subresource(kind, mips, arr, ok):
    dev = _device()
    common = dict(MipLevels=mips, Format=28, Usage=DYNAMIC, BindFlags=SRV, CPUAccessFlags=WRITE)
    if kind == "texture1d":
        call = dev.CreateTexture1D
        desc = D3D11_TEXTURE1D_DESC(Width=16, ArraySize=arr, **common)  # noqa: F405
    elif kind == "texture2d":
        call = dev.CreateTexture2D
        desc = D3D11_TEXTURE2D_DESC(Width=16, Height=16, ArraySize=arr,  # noqa: F405
                                    SampleDesc=DXGI_SAMPLE_DESC(Count=1), **common)  # noqa: F405
    else:
        call = dev.CreateTexture3D
        desc = D3D11_TEXTURE3D_DESC(Width=16, Height=16, Depth=4, **common)  # noqa: F405
    if ok:
        call(desc)
    else:
        with pytest.raises(InvalidArgError):
            call(desc)
