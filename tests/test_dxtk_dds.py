"""pyd3d11.dxtk DDSTextureLoader and SaveDDSTextureToFile.

DDS files are built here byte by byte from the format's documentation (MicrosoftDocs "DDS_HEADER",
"DDS_PIXELFORMAT", "DDS_HEADER_DXT10": magic, 124-byte header, 32-byte pixel format at offset 72 of it,
optional 20-byte DX10 header, then per array item its mip chain), independently of the loader's own
header code. Expected formats come from DirectXTK's documented legacy mapping, written out again below.
"""

import struct

import numpy as np
import pytest

from pyd3d11.d3d11 import *
from pyd3d11.dxgi import *
from pyd3d11.dxtk import *
from pyd3d11.errors import D3D11Error, NotSupportedError
from pyd3d11.formats.table import bytes_per_element

MAGIC = b"DDS "
DDPF_ALPHAPIXELS, DDPF_ALPHA, DDPF_FOURCC, DDPF_RGB, DDPF_LUMINANCE, DDPF_BUMPDUDV = 0x1, 0x2, 0x4, 0x40, 0x20000, \
    0x80000
DDSD_TEXTURE = 0x1 | 0x2 | 0x4 | 0x1000  # CAPS | HEIGHT | WIDTH | PIXELFORMAT
DDSD_MIPMAPCOUNT, DDSD_DEPTH, DDSD_PITCH, DDSD_LINEARSIZE = 0x20000, 0x800000, 0x8, 0x80000
CAPS2_CUBE_ALL = 0xFE00
CAPS2_VOLUME = 0x200000

NOT_SUPPORTED, INVALID_DATA, HANDLE_EOF, FILE_NOT_FOUND = 0x80070032, 0x8007000D, 0x80070026, 0x80070002
E_FAIL, E_INVALIDARG = 0x80004005, 0x80070057


def fourcc(s):
    return s.encode() if isinstance(s, str) else s


def cc(s):
    return struct.unpack("<I", fourcc(s))[0]


def dds_file(width, height, pf, data=b"", *, flags=DDSD_TEXTURE, depth=0, mips=0, caps=0x1000, caps2=0, dx10=None):
    """pf = (flags, fourCC, RGBBitCount, R, G, B, A)."""
    out = MAGIC + struct.pack("<7I", 124, flags, height, width, 0, depth, mips) + bytes(44)
    out += struct.pack("<8I", 32, *pf) + struct.pack("<5I", caps, caps2, 0, 0, 0)
    if dx10 is not None:
        out += struct.pack("<5I", *dx10)
    return out + bytes(data)


DX10 = (DDPF_FOURCC, cc("DX10"), 0, 0, 0, 0, 0)


@pytest.fixture
def dev():
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return device, ctx


def hr_of(fn, *a, **k):
    with pytest.raises(D3D11Error) as e:
        fn(*a, **k)
    return e.value.hresult


def sub(tex, i):
    return bytes(tex._storage.subresource_bytes(i))


# -- legacy pixel formats: DirectXTK's GetDXGIFormat, case by case -----------------------------------

MASKED = [
    # (pf flags, bits, R, G, B, A, expected DXGI format or None = no DXGI format)
    (DDPF_RGB | DDPF_ALPHAPIXELS, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000, DXGI_FORMAT_R8G8B8A8_UNORM),
    (DDPF_RGB | DDPF_ALPHAPIXELS, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000, DXGI_FORMAT_B8G8R8A8_UNORM),
    (DDPF_RGB, 32, 0xFF0000, 0xFF00, 0xFF, 0, DXGI_FORMAT_B8G8R8X8_UNORM),
    (DDPF_RGB, 32, 0xFF, 0xFF00, 0xFF0000, 0, None),  # X8B8G8R8
    (DDPF_RGB | DDPF_ALPHAPIXELS, 32, 0x3FF00000, 0xFFC00, 0x3FF, 0xC0000000, DXGI_FORMAT_R10G10B10A2_UNORM),
    (DDPF_RGB | DDPF_ALPHAPIXELS, 32, 0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000, None),  # A2R10G10B10
    (DDPF_RGB, 32, 0xFFFF, 0xFFFF0000, 0, 0, DXGI_FORMAT_R16G16_UNORM),
    (DDPF_RGB, 32, 0xFFFFFFFF, 0, 0, 0, DXGI_FORMAT_R32_FLOAT),
    (DDPF_RGB, 24, 0xFF0000, 0xFF00, 0xFF, 0, None),  # R8G8B8
    (DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0x7C00, 0x3E0, 0x1F, 0x8000, DXGI_FORMAT_B5G5R5A1_UNORM),
    (DDPF_RGB, 16, 0xF800, 0x7E0, 0x1F, 0, DXGI_FORMAT_B5G6R5_UNORM),
    (DDPF_RGB, 16, 0x7C00, 0x3E0, 0x1F, 0, None),  # X1R5G5B5
    (DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0xF00, 0xF0, 0xF, 0xF000, DXGI_FORMAT_B4G4R4A4_UNORM),
    (DDPF_RGB, 16, 0xF00, 0xF0, 0xF, 0, None),  # X4R4G4B4
    (DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0xE0, 0x1C, 0x3, 0xFF00, None),  # A8R3G3B2
    (DDPF_RGB, 8, 0xE0, 0x1C, 0x3, 0, None),  # R3G3B2
    (DDPF_RGB, 8, 0xFF, 0, 0, 0, DXGI_FORMAT_R8_UNORM),  # L8 as NVTT 1.x wrote it
    (DDPF_RGB, 16, 0xFFFF, 0, 0, 0, DXGI_FORMAT_R16_UNORM),  # L16, NVTT 1.x
    (DDPF_RGB | DDPF_ALPHAPIXELS, 16, 0xFF, 0, 0, 0xFF00, DXGI_FORMAT_R8G8_UNORM),  # A8L8, NVTT 1.x
    (DDPF_LUMINANCE, 8, 0xFF, 0, 0, 0, DXGI_FORMAT_R8_UNORM),
    (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 8, 0xF, 0, 0, 0xF0, None),  # A4L4
    (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 8, 0xFF, 0, 0, 0xFF00, DXGI_FORMAT_R8G8_UNORM),  # A8L8 with bitcount 8
    (DDPF_LUMINANCE, 16, 0xFFFF, 0, 0, 0, DXGI_FORMAT_R16_UNORM),
    (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, 16, 0xFF, 0, 0, 0xFF00, DXGI_FORMAT_R8G8_UNORM),
    (DDPF_ALPHA, 8, 0, 0, 0, 0xFF, DXGI_FORMAT_A8_UNORM),
    (DDPF_BUMPDUDV, 16, 0xFF, 0xFF00, 0, 0, DXGI_FORMAT_R8G8_SNORM),
    (DDPF_BUMPDUDV, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000, DXGI_FORMAT_R8G8B8A8_SNORM),
    (DDPF_BUMPDUDV, 32, 0xFFFF, 0xFFFF0000, 0, 0, DXGI_FORMAT_R16G16_SNORM),
    (DDPF_BUMPDUDV | DDPF_ALPHAPIXELS, 32, 0x3FF00000, 0xFFC00, 0x3FF, 0xC0000000, None),  # A2W10V10U10
]


@pytest.mark.parametrize("flags, bits, r, g, b, a, expected", MASKED)
def test_legacy_masked_formats(dev, flags, bits, r, g, b, a, expected):
    device, _ = dev
    w, h = 4, 2
    # the surface size follows the DXGI format (A8L8 files that say 8 bits still hold 16-bit texels)
    data = bytes(range(w * h * (bytes_per_element(expected) if expected else bits // 8)))
    f = dds_file(w, h, (flags, 0, bits, r, g, b, a), data)
    if expected is None:
        assert hr_of(CreateDDSTextureFromMemory, device, f) == NOT_SUPPORTED
        return
    tex, srv = CreateDDSTextureFromMemory(device, f)
    d = tex.GetDesc()
    assert (d.Format, d.Width, d.Height, d.MipLevels, d.ArraySize) == (expected, w, h, 1, 1)
    assert d.Usage == D3D11_USAGE_DEFAULT and d.BindFlags == D3D11_BIND_SHADER_RESOURCE
    assert sub(tex, 0) == data  # surfaces are copied as stored
    assert srv.GetDesc().ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D and srv.GetDesc().Format == expected


FOURCCS = [
    ("DXT1", DXGI_FORMAT_BC1_UNORM, 8), ("DXT2", DXGI_FORMAT_BC2_UNORM, 16), ("DXT3", DXGI_FORMAT_BC2_UNORM, 16),
    ("DXT4", DXGI_FORMAT_BC3_UNORM, 16), ("DXT5", DXGI_FORMAT_BC3_UNORM, 16), ("ATI1", DXGI_FORMAT_BC4_UNORM, 8),
    ("BC4U", DXGI_FORMAT_BC4_UNORM, 8), ("BC4S", DXGI_FORMAT_BC4_SNORM, 8), ("ATI2", DXGI_FORMAT_BC5_UNORM, 16),
    ("BC5U", DXGI_FORMAT_BC5_UNORM, 16), ("BC5S", DXGI_FORMAT_BC5_SNORM, 16),
    (36, DXGI_FORMAT_R16G16B16A16_UNORM, 8), (110, DXGI_FORMAT_R16G16B16A16_SNORM, 8),
    (111, DXGI_FORMAT_R16_FLOAT, 2), (112, DXGI_FORMAT_R16G16_FLOAT, 4), (113, DXGI_FORMAT_R16G16B16A16_FLOAT, 8),
    (114, DXGI_FORMAT_R32_FLOAT, 4), (115, DXGI_FORMAT_R32G32_FLOAT, 8), (116, DXGI_FORMAT_R32G32B32A32_FLOAT, 16),
]


@pytest.mark.parametrize("code, expected, unit", FOURCCS)
def test_legacy_fourcc_formats(dev, code, expected, unit):
    device, _ = dev
    bc = isinstance(code, str)
    w, h = 8, 4
    size = (w // 4) * (h // 4) * unit if bc else w * h * unit
    data = bytes((i * 7) & 0xFF for i in range(size))
    f = dds_file(w, h, (DDPF_FOURCC, cc(code) if bc else code, 0, 0, 0, 0, 0), data)
    tex, _ = CreateDDSTextureFromMemory(device, f)
    assert tex.GetDesc().Format == expected and sub(tex, 0) == data


def test_rgbg_grgb_and_unknown_fourcc(dev):
    device, _ = dev
    data = bytes(range(16))  # 4x2 of 2x1 elements of 4 bytes
    tex, _ = CreateDDSTextureFromMemory(device, dds_file(4, 2, (DDPF_FOURCC, cc("RGBG"), 0, 0, 0, 0, 0), data))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8_B8G8_UNORM and sub(tex, 0) == data
    tex, _ = CreateDDSTextureFromMemory(device, dds_file(4, 2, (DDPF_FOURCC, cc("GRGB"), 0, 0, 0, 0, 0), data))
    assert tex.GetDesc().Format == DXGI_FORMAT_G8R8_G8B8_UNORM
    for bad in ("DXT9", "UYVY"):
        f = dds_file(4, 2, (DDPF_FOURCC, cc(bad), 0, 0, 0, 0, 0), data)
        assert hr_of(CreateDDSTextureFromMemory, device, f) == NOT_SUPPORTED


# -- mips, arrays, cubes, volumes ---------------------------------------------------------------------

def rgba_chain(w, h, mips, seed):
    out = []
    for i in range(mips):
        n = max(1, w >> i) * max(1, h >> i) * 4
        out.append(bytes((seed + 13 * i + k) & 0xFF for k in range(n)))
    return out


def test_legacy_mip_chain(dev):
    device, _ = dev
    chain = rgba_chain(8, 4, 4, 1)  # 8x4, 4x2, 2x1, 1x1
    f = dds_file(8, 4, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), b"".join(chain),
                 flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT, mips=4)
    tex, srv = CreateDDSTextureFromMemory(device, f)
    assert tex.GetDesc().MipLevels == 4 and [sub(tex, i) for i in range(4)] == chain
    assert srv.GetDesc().Texture2D.MipLevels == 4


def test_legacy_cube_map(dev):
    device, _ = dev
    faces = [rgba_chain(4, 4, 3, 40 * f) for f in range(6)]
    f = dds_file(4, 4, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), b"".join(b"".join(c) for c in faces),
                 flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT, mips=3, caps2=CAPS2_CUBE_ALL)
    tex, srv = CreateDDSTextureFromMemory(device, f)
    d = tex.GetDesc()
    assert d.ArraySize == 6 and d.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE and d.MipLevels == 3
    for face in range(6):
        for mip in range(3):
            assert sub(tex, mip + face * 3) == faces[face][mip]
    assert srv.GetDesc().ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE
    partial = dds_file(4, 4, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), bytes(6 * 64),
                       caps2=0x200 | 0x400 | 0x800)  # +X and -X only
    assert hr_of(CreateDDSTextureFromMemory, device, partial) == NOT_SUPPORTED


def test_legacy_volume(dev):
    device, _ = dev
    mip0 = bytes(range(2 * 2 * 4 * 4))  # 2x2x4
    mip1 = bytes(range(100, 100 + 1 * 1 * 2 * 4))  # 1x1x2
    f = dds_file(2, 2, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), mip0 + mip1,
                 flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT | DDSD_DEPTH, depth=4, mips=2, caps2=CAPS2_VOLUME)
    tex, srv = CreateDDSTextureFromMemory(device, f)
    d = tex.GetDesc()
    assert isinstance(tex, ID3D11Texture3D) and (d.Width, d.Height, d.Depth, d.MipLevels) == (2, 2, 4, 2)
    assert sub(tex, 0) == mip0 and sub(tex, 1) == mip1
    assert srv.GetDesc().ViewDimension == D3D11_SRV_DIMENSION_TEXTURE3D


def test_dx10_bc7_srgb_array_with_mips(dev):
    device, _ = dev
    # 8x8 BC7: mip0 2x2 blocks, mip1 1x1, mip2 (2x2 texels) 1 block, mip3 1 block; 16 bytes a block
    items = [[bytes((a * 50 + m * 7 + k) & 0xFF for k in range(n * 16)) for m, n in enumerate((4, 1, 1, 1))]
             for a in range(3)]
    f = dds_file(8, 8, DX10, b"".join(b"".join(i) for i in items), flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT, mips=4,
                 dx10=(DXGI_FORMAT_BC7_UNORM_SRGB, 3, 0, 3, 0))
    tex, srv = CreateDDSTextureFromMemory(device, f)
    d = tex.GetDesc()
    assert (d.Format, d.ArraySize, d.MipLevels) == (DXGI_FORMAT_BC7_UNORM_SRGB, 3, 4)
    for a in range(3):
        for m in range(4):
            assert sub(tex, m + 4 * a) == items[a][m]
    v = srv.GetDesc()
    assert v.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY and v.Texture2DArray.ArraySize == 3


def test_dx10_cube_array_and_1d_array(dev):
    device, _ = dev
    face = bytes(2 * 2 * 4)
    f = dds_file(2, 2, DX10, face * 12, dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0x4, 2, 0))
    tex, srv = CreateDDSTextureFromMemory(device, f)
    assert tex.GetDesc().ArraySize == 12
    v = srv.GetDesc()
    assert v.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY and v.TextureCubeArray.NumCubes == 2
    line = [bytes(range(i, i + 16)) for i in range(3)]  # 4 texels of R8G8B8A8 per item
    f1 = dds_file(4, 1, DX10, b"".join(line), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 2, 0, 3, 0))
    tex1, srv1 = CreateDDSTextureFromMemory(device, f1)
    assert isinstance(tex1, ID3D11Texture1D) and tex1.GetDesc().ArraySize == 3
    assert [sub(tex1, i) for i in range(3)] == line
    assert srv1.GetDesc().ViewDimension == D3D11_SRV_DIMENSION_TEXTURE1DARRAY


def test_misc_texturecube_makes_a_multiple_of_six_a_cube(dev):
    device, _ = dev
    f = dds_file(2, 2, DX10, bytes(16 * 6), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 6, 0))
    tex, srv = CreateDDSTextureFromMemoryEx(device, f, len(f), 0, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                            0, D3D11_RESOURCE_MISC_TEXTURECUBE, False)
    assert tex.GetDesc().MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE
    assert srv.GetDesc().ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE


# -- errors --------------------------------------------------------------------------------------------

def test_header_errors(dev):
    device, _ = dev
    good = dds_file(2, 2, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), bytes(16))
    assert hr_of(CreateDDSTextureFromMemory, device, b"XDS " + good[4:]) == E_FAIL
    assert hr_of(CreateDDSTextureFromMemory, device, good[:100]) == E_FAIL
    bad_size = good[:4] + struct.pack("<I", 100) + good[8:]
    assert hr_of(CreateDDSTextureFromMemory, device, bad_size) == E_FAIL
    bad_pf = good[:4 + 72] + struct.pack("<I", 24) + good[4 + 76:]
    assert hr_of(CreateDDSTextureFromMemory, device, bad_pf) == E_FAIL
    assert hr_of(CreateDDSTextureFromMemory, device, good[:-1]) == HANDLE_EOF
    assert hr_of(CreateDDSTextureFromMemory, device, dds_file(2, 2, DX10)[:-4]) == E_FAIL  # no room for DX10
    assert hr_of(CreateDDSTextureFromMemory, device, good, texture=False, textureView=False) == E_INVALIDARG
    assert hr_of(CreateDDSTextureFromMemory, device, [1, 2, 3]) == E_INVALIDARG


@pytest.mark.parametrize("dx10, flags, height, expected", [
    ((DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 0, 0), DDSD_TEXTURE, 2, INVALID_DATA),  # arraySize 0
    ((DXGI_FORMAT_R8G8B8A8_UNORM, 2, 0, 1, 0), DDSD_TEXTURE, 2, INVALID_DATA),  # 1D with a height of 2
    ((DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, 1, 0), DDSD_TEXTURE, 2, INVALID_DATA),  # 3D without DDSD_DEPTH
    ((DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, 2, 0), DDSD_TEXTURE | DDSD_DEPTH, 2, NOT_SUPPORTED),  # volume array
    ((DXGI_FORMAT_R8G8B8A8_UNORM, 5, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),  # unknown dimension
    ((DXGI_FORMAT_P8, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),
    ((DXGI_FORMAT_A8P8, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),
    ((DXGI_FORMAT_AI44, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),
    ((DXGI_FORMAT_IA44, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),
    ((0, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),  # DXGI_FORMAT_UNKNOWN
    ((200, 3, 0, 1, 0), DDSD_TEXTURE, 2, NOT_SUPPORTED),  # not a DXGI format
])
def test_dx10_errors(dev, dx10, flags, height, expected):
    device, _ = dev
    f = dds_file(2, height, DX10, bytes(256), flags=flags, depth=1, dx10=dx10)
    assert hr_of(CreateDDSTextureFromMemory, device, f) == expected


def test_size_limits(dev):
    device, _ = dev
    pf = (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    assert hr_of(CreateDDSTextureFromMemory, device, dds_file(2, 2, pf, bytes(64), mips=16,
                                                              flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT)) == NOT_SUPPORTED
    assert hr_of(CreateDDSTextureFromMemory, device, dds_file(16385, 1, pf, bytes(8))) == NOT_SUPPORTED
    vol = dds_file(2049, 1, pf, bytes(8), flags=DDSD_TEXTURE | DDSD_DEPTH, depth=1)
    assert hr_of(CreateDDSTextureFromMemory, device, vol) == NOT_SUPPORTED
    arr = dds_file(2, 2, DX10, bytes(8), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 2049, 0))
    assert hr_of(CreateDDSTextureFromMemory, device, arr) == NOT_SUPPORTED


def test_file_variants(dev, tmp_path):
    device, _ = dev
    data = bytes(range(32))
    p = tmp_path / "a.dds"
    p.write_bytes(dds_file(4, 2, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), data))
    tex, srv = CreateDDSTextureFromFile(device, str(p))
    assert sub(tex, 0) == data
    tex, srv = CreateDDSTextureFromFileEx(device, p, 0, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, False,
                                          textureView=False)
    d = tex.GetDesc()
    assert srv is None and d.Usage == D3D11_USAGE_STAGING and d.CPUAccessFlags == D3D11_CPU_ACCESS_READ
    assert hr_of(CreateDDSTextureFromFile, device, str(tmp_path / "missing.dds")) == FILE_NOT_FOUND


# -- options -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt, srgb", [
    (DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
    (DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB),
    (DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_B8G8R8X8_UNORM_SRGB),
    (DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC1_UNORM_SRGB),
    (DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC2_UNORM_SRGB),
    (DXGI_FORMAT_BC3_UNORM, DXGI_FORMAT_BC3_UNORM_SRGB),
    (DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_BC7_UNORM_SRGB),
    (DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_FLOAT),  # no sRGB twin: unchanged
    (DXGI_FORMAT_R8_UNORM, DXGI_FORMAT_R8_UNORM),
])
def test_force_srgb(dev, fmt, srgb):
    device, _ = dev
    f = dds_file(4, 4, DX10, bytes(4 * 4 * 16), dx10=(fmt, 3, 0, 1, 0))
    tex, srv = CreateDDSTextureFromMemoryEx(device, f, len(f), 0, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                            0, 0, True)
    assert tex.GetDesc().Format == srgb and srv.GetDesc().Format == srgb


def test_maxsize_drops_top_mips(dev):
    device, _ = dev
    chain = rgba_chain(8, 8, 4, 3)
    f = dds_file(8, 8, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), b"".join(chain),
                 flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT, mips=4)
    tex, srv = CreateDDSTextureFromMemory(device, f, len(f), 4)
    d = tex.GetDesc()
    assert (d.Width, d.Height, d.MipLevels) == (4, 4, 3) and [sub(tex, i) for i in range(3)] == chain[1:]
    # a single level is kept even when larger than maxsize
    one = dds_file(8, 8, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), chain[0])
    assert CreateDDSTextureFromMemory(device, one, None, 4)[0].GetDesc().Width == 8


def test_context_overload_generates_mips(dev):
    device, ctx = dev
    # 4x4 R8G8B8A8: four 2x2 quadrants of constant colour -> mip 1 is their box average exactly
    img = np.zeros((4, 4, 4), np.uint8)
    img[:2, :2] = (200, 0, 0, 255)
    img[:2, 2:] = (0, 100, 0, 255)
    img[2:, :2] = (0, 0, 50, 255)
    img[2:, 2:] = (10, 20, 30, 40)
    f = dds_file(4, 4, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), img.tobytes())
    tex, srv = CreateDDSTextureFromMemory(device, ctx, f)
    d = tex.GetDesc()
    assert d.MipLevels == 3 and d.BindFlags & D3D11_BIND_RENDER_TARGET
    assert d.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS
    assert sub(tex, 0) == img.tobytes()
    assert np.frombuffer(sub(tex, 1), np.uint8).reshape(2, 2, 4)[1, 1].tolist() == [10, 20, 30, 40]
    # the last level averages the four quadrants: (200+0+0+10)/4 = 52.5 -> 52 or 53 by the filter's rounding
    last = np.frombuffer(sub(tex, 2), np.uint8)
    assert abs(int(last[0]) - 52.5) <= 0.5 and abs(int(last[1]) - 30) <= 1
    # no view requested: no auto-generation
    tex2, srv2 = CreateDDSTextureFromMemory(device, ctx, f, textureView=False)
    assert srv2 is None and tex2.GetDesc().MipLevels == 1


def test_alpha_mode(dev):
    device, _ = dev
    dxt2 = dds_file(4, 4, (DDPF_FOURCC, cc("DXT2"), 0, 0, 0, 0, 0), bytes(16))
    assert CreateDDSTextureFromMemory(device, dxt2, alphaMode=True)[2] == DDS_ALPHA_MODE_PREMULTIPLIED
    assert len(CreateDDSTextureFromMemory(device, dxt2)) == 2
    for mode in (0, 1, 2, 3, 4):
        f = dds_file(1, 1, DX10, bytes(4), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 1, mode))
        assert CreateDDSTextureFromMemory(device, f, alphaMode=True)[2] == mode
    f = dds_file(1, 1, DX10, bytes(4), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 1, 7))
    assert CreateDDSTextureFromMemory(device, f, alphaMode=True)[2] == DDS_ALPHA_MODE_UNKNOWN
    legacy = dds_file(1, 1, (0x41, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000), bytes(4))
    assert CreateDDSTextureFromMemory(device, legacy, alphaMode=True)[2] == DDS_ALPHA_MODE_UNKNOWN


# -- SaveDDSTextureToFile ------------------------------------------------------------------------------

def make_tex(device, fmt, w, h, data, samples=1, bind=D3D11_BIND_SHADER_RESOURCE, pitch=None):
    desc = D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                SampleDesc=DXGI_SAMPLE_DESC(Count=samples), BindFlags=bind)
    init = None if data is None else D3D11_SUBRESOURCE_DATA(pSysMem=data, SysMemPitch=pitch or len(data) // h)
    return device.CreateTexture2D(desc, init)


def parse(path):
    raw = open(path, "rb").read()
    assert raw[:4] == MAGIC
    size, flags, height, width, pitch, depth, mips = struct.unpack_from("<7I", raw, 4)
    pf = struct.unpack_from("<8I", raw, 4 + 72)
    caps = struct.unpack_from("<I", raw, 4 + 104)[0]
    off = 128
    dx10 = None
    if pf[1] & DDPF_FOURCC and pf[2] == cc("DX10"):
        dx10 = struct.unpack_from("<5I", raw, off)
        off += 20
    return dict(size=size, flags=flags, height=height, width=width, pitch=pitch, mips=mips, pf=pf, caps=caps,
                dx10=dx10, body=raw[off:])


def test_save_dds_legacy_rgba(dev, tmp_path):
    device, ctx = dev
    data = bytes(range(24))
    tex = make_tex(device, DXGI_FORMAT_R8G8B8A8_UNORM, 3, 2, data)
    SaveDDSTextureToFile(ctx, tex, tmp_path / "a.dds")
    h = parse(tmp_path / "a.dds")
    assert h["size"] == 124 and h["flags"] == DDSD_TEXTURE | DDSD_MIPMAPCOUNT | DDSD_PITCH
    assert (h["width"], h["height"], h["pitch"], h["mips"], h["caps"]) == (3, 2, 12, 1, 0x1000)
    assert h["pf"] == (32, DDPF_RGB | DDPF_ALPHAPIXELS, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    assert h["dx10"] is None and h["body"] == data
    back, _ = CreateDDSTextureFromFile(device, tmp_path / "a.dds")
    assert back.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM and sub(back, 0) == data


def test_save_dds_srgb_uses_dx10_header_and_bc_linear_size(dev, tmp_path):
    device, ctx = dev
    tex = make_tex(device, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 2, 2, bytes(range(16)))
    SaveDDSTextureToFile(ctx, tex, tmp_path / "s.dds")
    h = parse(tmp_path / "s.dds")
    assert h["dx10"] == (DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 3, 0, 1, 0) and h["body"] == bytes(range(16))
    bc = make_tex(device, DXGI_FORMAT_BC1_UNORM, 8, 4, bytes(range(16)), pitch=16)
    SaveDDSTextureToFile(ctx, bc, tmp_path / "b.dds")
    h = parse(tmp_path / "b.dds")
    assert h["flags"] & DDSD_LINEARSIZE and h["pitch"] == 16 and h["pf"][2] == cc("DXT1")
    f16 = make_tex(device, DXGI_FORMAT_R16G16B16A16_FLOAT, 1, 1, bytes(8))
    SaveDDSTextureToFile(ctx, f16, tmp_path / "f.dds")
    assert parse(tmp_path / "f.dds")["pf"][1:3] == (DDPF_FOURCC, 113)


def test_save_dds_resolves_msaa_and_refuses_3d(dev, tmp_path):
    device, ctx = dev
    ms = make_tex(device, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, None, samples=4, bind=D3D11_BIND_RENDER_TARGET)
    ctx.ClearRenderTargetView(device.CreateRenderTargetView(ms), [1.0, 0.0, 0.0, 1.0])
    SaveDDSTextureToFile(ctx, ms, tmp_path / "m.dds")
    assert parse(tmp_path / "m.dds")["body"] == bytes([255, 0, 0, 255]) * 4
    t3 = device.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=2, Height=2, Depth=2, MipLevels=1,
                                                     Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                                                     BindFlags=D3D11_BIND_SHADER_RESOURCE))
    assert hr_of(SaveDDSTextureToFile, ctx, t3, tmp_path / "x.dds") == NOT_SUPPORTED


def test_planar_surface_sizes():
    """The DXGI_FORMAT page's staging layouts: rowPitch * (height + height / 2) for NV12 / 420_OPAQUE / P010 /
    P016 (luma row W bytes, or 2W for the 16-bit formats), rowPitch * height * 2 for NV11; P208/V208/V408 are not
    D3D11 formats."""
    from pyd3d11.dxtk.dds_format import surface_info

    assert surface_info(8, 4, DXGI_FORMAT_NV12) == (48, 8, 6)
    assert surface_info(8, 4, DXGI_FORMAT_420_OPAQUE) == (48, 8, 6)
    assert surface_info(6, 2, DXGI_FORMAT_P010) == (36, 12, 3)
    assert surface_info(4, 2, DXGI_FORMAT_P016) == (24, 8, 3)
    assert surface_info(8, 3, DXGI_FORMAT_NV11) == (48, 8, 6)
    with pytest.raises(NotSupportedError):
        surface_info(4, 4, DXGI_FORMAT_P208)


def test_load_nv12_dds(dev):
    device, ctx = dev
    rng = np.random.default_rng(3)
    body = rng.integers(0, 256, 48, np.uint8).tobytes()  # 8x4 luma, then 4x2 UV pairs
    f = dds_file(8, 4, DX10, body, dx10=(DXGI_FORMAT_NV12, 3, 0, 1, 0))
    tex, srv = CreateDDSTextureFromMemory(device, f, len(f), textureView=False)
    assert tex.GetDesc().Format == DXGI_FORMAT_NV12 and sub(tex, 0) == body and srv is None
    # a view in the resource's format is no view of a video resource: the loader's CreateShaderResourceView fails
    assert hr_of(CreateDDSTextureFromMemory, device, f, len(f)) == E_INVALIDARG


def test_save_and_reload_planar_dds(dev, tmp_path):
    device, ctx = dev
    rng = np.random.default_rng(4)
    # (format, width, height, luma row pitch, bytes): rowPitch * (height + height / 2), NV11 rowPitch * height * 2
    for fmt, w, h, pitch, size in ((DXGI_FORMAT_NV12, 8, 4, 8, 48), (DXGI_FORMAT_P010, 4, 2, 8, 24),
                                   (DXGI_FORMAT_NV11, 8, 2, 8, 32)):
        body = rng.integers(0, 256, size, np.uint8)
        if fmt == DXGI_FORMAT_NV11:
            body[24:] = 0  # the padding after NV11's chroma rows
        tex = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
            BindFlags=D3D11_BIND_SHADER_RESOURCE), [D3D11_SUBRESOURCE_DATA(pSysMem=body, SysMemPitch=pitch)])
        SaveDDSTextureToFile(ctx, tex, tmp_path / "v.dds")
        assert parse(tmp_path / "v.dds")["body"] == body.tobytes()
        back, _ = CreateDDSTextureFromFile(device, tmp_path / "v.dds", textureView=False)
        assert back.GetDesc().Format == fmt and sub(back, 0) == body.tobytes()


def test_loader_flags_ignore_srgb_and_ignore_mips(dev):
    device, ctx = dev
    f = dds_file(4, 4, DX10, bytes(64), dx10=(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 3, 0, 1, 0))
    tex, srv = CreateDDSTextureFromMemoryEx(device, f, len(f), 0, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                            0, 0, DDS_LOADER_IGNORE_SRGB)
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM and srv.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM
    # two array items with three levels each: IGNORE_MIPS keeps each item's own top level
    items = [rgba_chain(4, 4, 3, 60 * a) for a in range(2)]
    f = dds_file(4, 4, DX10, b"".join(b"".join(c) for c in items), flags=DDSD_TEXTURE | DDSD_MIPMAPCOUNT, mips=3,
                 dx10=(DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, 2, 0))
    tex, _ = CreateDDSTextureFromMemoryEx(device, f, len(f), 0, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                          0, 0, DDS_LOADER_IGNORE_MIPS)
    assert tex.GetDesc().MipLevels == 1 and [sub(tex, 0), sub(tex, 1)] == [items[0][0], items[1][0]]
    # with a context the single level gets an auto-generated chain, items still read at their own offsets
    tex, _ = CreateDDSTextureFromMemoryEx(device, ctx, f, len(f), 0, D3D11_USAGE_DEFAULT,
                                          D3D11_BIND_SHADER_RESOURCE, 0, 0, DDS_LOADER_IGNORE_MIPS)
    assert tex.GetDesc().MipLevels == 3 and sub(tex, 3) == items[1][0]
