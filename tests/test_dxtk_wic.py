"""pyd3d11.dxtk WICTextureLoader (through Pillow) and SaveWICTextureToFile.

Images are encoded here by Pillow from numpy arrays (lossless containers, so the texels are known); the
expected DXGI formats are DirectXTK's documented WIC -> DXGI table (WICTextureLoader wiki page), and the
sRGB rules are its metadata rules (PNG sRGB chunk / gAMA 45455 / EXIF ColorSpace 1).
"""

import io
import struct
import zlib

import numpy as np
import pytest

from pyd3d11.d3d11 import *
from pyd3d11.dxgi import *
from pyd3d11.dxtk import *
from pyd3d11.errors import D3D11Error

Image = pytest.importorskip("PIL.Image")
PngImagePlugin = pytest.importorskip("PIL.PngImagePlugin")

RNG = np.random.default_rng(17)
RGB = RNG.integers(0, 256, (3, 5, 3), dtype=np.uint8)
RGBA = RNG.integers(0, 256, (3, 5, 4), dtype=np.uint8)
GREY = RNG.integers(0, 256, (3, 5), dtype=np.uint8)


@pytest.fixture
def dev():
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return device, ctx


def encode(arr, fmt, mode=None, **kw):
    b = io.BytesIO()
    Image.fromarray(arr, mode).save(b, format=fmt, **kw) if mode else Image.fromarray(arr).save(b, format=fmt, **kw)
    return b.getvalue()


def texels(tex, shape, dtype=np.uint8):
    return np.frombuffer(bytes(tex._storage.subresource_bytes(0)), dtype).reshape(shape)


def with_alpha(rgb):
    return np.concatenate([rgb, np.full(rgb.shape[:2] + (1,), 255, np.uint8)], axis=-1)


@pytest.mark.parametrize("container", ["PNG", "BMP", "TIFF"])
def test_rgb_loads_as_r8g8b8a8(dev, container):
    device, _ = dev
    tex, srv = CreateWICTextureFromMemory(device, encode(RGB, container))
    d = tex.GetDesc()
    assert (d.Format, d.Width, d.Height, d.MipLevels) == (DXGI_FORMAT_R8G8B8A8_UNORM, 5, 3, 1)
    assert np.array_equal(texels(tex, (3, 5, 4)), with_alpha(RGB))
    assert srv.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM


def test_rgba_png_loads_as_bgra(dev):
    device, _ = dev
    tex, _ = CreateWICTextureFromMemory(device, encode(RGBA, "PNG"))
    assert tex.GetDesc().Format == DXGI_FORMAT_B8G8R8A8_UNORM  # WIC's PNG decoder gives 32bppBGRA
    assert np.array_equal(texels(tex, (3, 5, 4)), RGBA[..., [2, 1, 0, 3]])
    forced, _ = CreateWICTextureFromMemoryEx(device, encode(RGBA, "PNG"), None, 0, D3D11_USAGE_DEFAULT,
                                             D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_FORCE_RGBA32)
    assert forced.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM and np.array_equal(texels(forced, (3, 5, 4)), RGBA)


def test_grey_16bit_float_and_palette(dev, tmp_path):
    device, _ = dev
    tex, _ = CreateWICTextureFromMemory(device, encode(GREY, "PNG"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8_UNORM and np.array_equal(texels(tex, (3, 5)), GREY)
    g16 = (GREY.astype(np.uint16) * 257 + 3)
    tex, _ = CreateWICTextureFromMemory(device, encode(g16, "PNG"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R16_UNORM and np.array_equal(texels(tex, (3, 5), "<u2"), g16)
    f = RNG.random((3, 5)).astype(np.float32)
    tex, _ = CreateWICTextureFromMemory(device, encode(f, "TIFF"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R32_FLOAT and np.array_equal(texels(tex, (3, 5), "<f4"), f)
    # GIF: 8bppIndexed -> 32bppRGBA
    pal = Image.fromarray(RGB).convert("P", palette=Image.Palette.ADAPTIVE, colors=8)
    b = io.BytesIO()
    pal.save(b, format="GIF")
    tex, _ = CreateWICTextureFromMemory(device, b.getvalue())
    expect = np.asarray(pal.convert("RGBA"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM and np.array_equal(texels(tex, (3, 5, 4)), expect)
    bw = Image.fromarray(GREY > 128).convert("1")
    b = io.BytesIO()
    bw.save(b, format="PNG")
    tex, _ = CreateWICTextureFromMemory(device, b.getvalue())
    assert tex.GetDesc().Format == DXGI_FORMAT_R8_UNORM
    assert set(np.unique(texels(tex, (3, 5)))) <= {0, 255}


def test_jpeg_is_r8g8b8a8(dev):
    device, _ = dev
    flat = np.full((8, 8, 3), (200, 40, 90), np.uint8)
    tex, _ = CreateWICTextureFromMemory(device, encode(flat, "JPEG", quality=100))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM
    assert np.abs(texels(tex, (8, 8, 4))[..., :3].astype(int) - flat).max() <= 3


def png_with_chunk(arr, chunk_type, payload):
    """A PNG with one extra ancillary chunk written by hand after IHDR (PNG spec §5.3 chunk layout)."""
    raw = encode(arr, "PNG")
    ihdr_end = 8 + 8 + 13 + 4
    body = chunk_type + payload
    chunk = struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    return raw[:ihdr_end] + chunk + raw[ihdr_end:]


@pytest.mark.parametrize("chunk, flags, expected", [
    (None, 0, DXGI_FORMAT_R8G8B8A8_UNORM),
    (None, WIC_LOADER_SRGB_DEFAULT, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
    ((b"sRGB", bytes([0])), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
    ((b"gAMA", struct.pack(">I", 45455)), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
    ((b"gAMA", struct.pack(">I", 100000)), WIC_LOADER_SRGB_DEFAULT, DXGI_FORMAT_R8G8B8A8_UNORM),
    ((b"sRGB", bytes([0])), WIC_LOADER_IGNORE_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM),
    (None, WIC_LOADER_FORCE_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
])
def test_png_srgb_metadata(dev, chunk, flags, expected):
    device, _ = dev
    data = encode(RGB, "PNG") if chunk is None else png_with_chunk(RGB, *chunk)
    tex, srv = CreateWICTextureFromMemoryEx(device, data, len(data), 0, D3D11_USAGE_DEFAULT,
                                            D3D11_BIND_SHADER_RESOURCE, 0, 0, flags)
    assert tex.GetDesc().Format == expected and srv.GetDesc().Format == expected


def test_srgb_exif_and_bmp(dev):
    device, _ = dev
    exif = Image.Exif()
    exif.get_ifd(0x8769)[0xA001] = 1
    tex, _ = CreateWICTextureFromMemory(device, encode(RGB, "JPEG", exif=exif))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
    # BMP has no metadata: never sRGB, even with SRGB_DEFAULT
    data = encode(RGB, "BMP")
    tex, _ = CreateWICTextureFromMemoryEx(device, data, len(data), 0, D3D11_USAGE_DEFAULT,
                                          D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_SRGB_DEFAULT)
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM
    # a grey image has no sRGB twin: FORCE_SRGB leaves R8_UNORM
    data = encode(GREY, "PNG")
    tex, _ = CreateWICTextureFromMemoryEx(device, data, len(data), 0, D3D11_USAGE_DEFAULT,
                                          D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_FORCE_SRGB)
    assert tex.GetDesc().Format == DXGI_FORMAT_R8_UNORM


def test_maxsize_and_square(dev):
    device, _ = dev
    img = np.zeros((4, 8, 3), np.uint8)
    img[:, :4] = (255, 0, 0)
    data = encode(img, "PNG")
    tex, _ = CreateWICTextureFromMemory(device, data, len(data), 4)
    d = tex.GetDesc()
    assert (d.Width, d.Height) == (4, 2)  # 8x4 fit into 4 keeping the aspect ratio
    t = texels(tex, (2, 4, 4))
    assert t[0, 0].tolist() == [255, 0, 0, 255] and t[0, 3].tolist() == [0, 0, 0, 255]
    tex, _ = CreateWICTextureFromMemoryEx(device, data, len(data), 4, D3D11_USAGE_DEFAULT,
                                          D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_MAKE_SQUARE)
    assert (tex.GetDesc().Width, tex.GetDesc().Height) == (4, 4)



@pytest.mark.parametrize("w, h, maxsize, expected", [
    (100, 50, 16384, (64, 32)),  # longer side: largest power of two <= 100; the other keeps the 2:1 ratio
    (50, 100, 16384, (32, 64)),
    (400, 100, 256, (256, 64)),  # 256 / 64 = 4 is the 4:1 ratio
    (300, 100, 256, (256, 128)),  # 256 / 128 = 2 and 256 / 64 = 4 are equally far from 3: the first found wins
    (40, 40, 16384, (32, 32)),
    (5, 3, 4, (4, 2)),
])
def test_fit_pow2(dev, w, h, maxsize, expected):
    device, _ = dev
    data = encode(np.zeros((h, w, 3), np.uint8), "PNG")
    tex, _ = CreateWICTextureFromMemoryEx(device, data, len(data), maxsize, D3D11_USAGE_DEFAULT,
                                          D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_FIT_POW2)
    assert (tex.GetDesc().Width, tex.GetDesc().Height) == expected


def test_autogen_mips_with_context(dev, tmp_path):
    device, ctx = dev
    img = np.full((8, 8, 3), 100, np.uint8)
    p = tmp_path / "x.png"
    Image.fromarray(img).save(p)
    tex, srv = CreateWICTextureFromFile(device, ctx, str(p))
    d = tex.GetDesc()
    assert d.MipLevels == 4 and d.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS
    assert d.BindFlags & D3D11_BIND_RENDER_TARGET and d.BindFlags & D3D11_BIND_SHADER_RESOURCE
    last = bytes(tex._storage.subresource_bytes(3))
    assert list(last) == [100, 100, 100, 255]  # a constant image stays constant down the chain
    tex, srv = CreateWICTextureFromFile(device, str(p))
    assert tex.GetDesc().MipLevels == 1


def test_errors(dev, tmp_path):
    device, _ = dev
    with pytest.raises(D3D11Error) as e:
        CreateWICTextureFromMemory(device, b"not an image at all")
    assert e.value.hresult == 0x88982F50  # WINCODEC_ERR_COMPONENTNOTFOUND
    with pytest.raises(D3D11Error) as e:
        CreateWICTextureFromFile(device, str(tmp_path / "none.png"))
    assert e.value.hresult == 0x80070002
    with pytest.raises(D3D11Error) as e:
        CreateWICTextureFromMemory(device, encode(RGB, "PNG"), texture=False, textureView=False)
    assert e.value.hresult == 0x80070057


# -- SaveWICTextureToFile ------------------------------------------------------------------------------

def target(device, ctx, fmt, colour, w=3, h=2):
    tex = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                                      SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                      BindFlags=D3D11_BIND_RENDER_TARGET))
    ctx.ClearRenderTargetView(device.CreateRenderTargetView(tex), colour)
    return tex


def test_save_wic_png_srgb_and_linear(dev, tmp_path):
    device, ctx = dev
    tex = target(device, ctx, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, [0.098, 0.098, 0.439, 0.5])
    SaveWICTextureToFile(ctx, tex, GUID_ContainerFormatPng, tmp_path / "s.png")
    with Image.open(tmp_path / "s.png") as im:
        # screenshots drop alpha (24bppBGR target); sRGB codes as stored; an sRGB chunk
        assert im.mode == "RGB" and im.getpixel((0, 0)) == (88, 88, 177) and "srgb" in im.info
    lin = target(device, ctx, DXGI_FORMAT_R8G8B8A8_UNORM, [1.0, 0.5, 0.0, 0.25])
    SaveWICTextureToFile(ctx, lin, GUID_ContainerFormatPng, tmp_path / "l.png", GUID_WICPixelFormat32bppBGRA)
    with Image.open(tmp_path / "l.png") as im:
        # alpha kept on request; a gAMA of 1.0 (DirectXTK's marking of linear data)
        assert im.mode == "RGBA" and im.getpixel((2, 1)) == (255, 128, 0, 64) and im.info.get("gamma") == 1.0


def test_save_wic_grey_float_and_other_containers(dev, tmp_path):
    device, ctx = dev
    r8 = target(device, ctx, DXGI_FORMAT_R8_UNORM, [0.2, 0, 0, 0])
    SaveWICTextureToFile(ctx, r8, GUID_ContainerFormatBmp, tmp_path / "g.bmp")
    with Image.open(tmp_path / "g.bmp") as im:
        assert im.mode == "L" and im.getpixel((0, 0)) == 51  # 0.2 * 255 + 0.5 = 51.5 -> 51
    f16 = target(device, ctx, DXGI_FORMAT_R16G16B16A16_FLOAT, [0.5, 0.0, 1.0, 1.0])
    SaveWICTextureToFile(ctx, f16, "tiff", tmp_path / "f.tif")
    with Image.open(tmp_path / "f.tif") as im:
        # float data is linear: 0.5 -> sRGB 0.7354 -> 188
        assert im.getpixel((0, 0)) == (188, 0, 255)
    g16 = target(device, ctx, DXGI_FORMAT_R16_UNORM, [0.5, 0, 0, 0])
    SaveWICTextureToFile(ctx, g16, GUID_ContainerFormatPng, tmp_path / "g16.png", GUID_WICPixelFormat16bppGray)
    with Image.open(tmp_path / "g16.png") as im:
        assert im.getpixel((0, 0)) == 32768  # UNORM16 of 0.5: 32767.5 + 0.5 -> 32768


def test_save_wic_unsupported(dev, tmp_path):
    device, ctx = dev
    t = target(device, ctx, DXGI_FORMAT_R32G32_FLOAT, [0, 0, 0, 0])
    with pytest.raises(D3D11Error) as e:
        SaveWICTextureToFile(ctx, t, GUID_ContainerFormatPng, tmp_path / "x.png")
    assert e.value.hresult == 0x80070032


def test_screengrab_round_trips_through_the_loader(dev, tmp_path):
    device, ctx = dev
    src = target(device, ctx, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, [0.098, 0.098, 0.439, 1.0])
    SaveWICTextureToFile(ctx, src, GUID_ContainerFormatPng, tmp_path / "rt.png")
    tex, _ = CreateWICTextureFromFile(device, str(tmp_path / "rt.png"))
    # the sRGB chunk ScreenGrab writes makes the loader pick the _SRGB format; the codes survive
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
    assert bytes(tex._storage.subresource_bytes(0))[:4] == bytes([88, 88, 177, 255])
    SaveWICTextureToFile(ctx, src, GUID_ContainerFormatJpeg, tmp_path / "rt.jpg")
    with Image.open(tmp_path / "rt.jpg") as im:
        assert im.getexif().get_ifd(0x8769).get(0xA001) == 1  # EXIF ColorSpace = sRGB
    tex, _ = CreateWICTextureFromFile(device, str(tmp_path / "rt.jpg"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
    lin = target(device, ctx, DXGI_FORMAT_B8G8R8A8_UNORM, [1.0, 0.0, 0.0, 1.0])
    SaveWICTextureToFile(ctx, lin, GUID_ContainerFormatGif, tmp_path / "rt.gif")
    tex, _ = CreateWICTextureFromFile(device, str(tmp_path / "rt.gif"))
    assert tex.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM  # GIF: 8bppIndexed -> RGBA
    assert bytes(tex._storage.subresource_bytes(0))[:4] == bytes([255, 0, 0, 255])


def png16(values, ctype):
    """A 16-bit PNG written by hand from the PNG specification, rows filtered with types 0-4 in turn (the
    encoder side: Sub/Up/Average/Paeth predictions subtracted byte by byte)."""
    import struct
    import zlib

    h, w, c = values.shape
    raw = values.astype(">u2").tobytes()
    stride, bpp = w * c * 2, c * 2
    rows, prev = [], bytes(stride)
    for y in range(h):
        line = raw[y * stride:(y + 1) * stride]
        f = y % 5
        out = bytearray()
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            cc = prev[x - bpp] if x >= bpp else 0
            if f == 0:
                pred = 0
            elif f == 1:
                pred = a
            elif f == 2:
                pred = b
            elif f == 3:
                pred = (a + b) // 2
            else:
                p = a + b - cc
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - cc)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else cc)
            out.append((line[x] - pred) % 256)
        rows.append(bytes([f]) + bytes(out))
        prev = line

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, ctype, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


@pytest.mark.parametrize("ctype, channels", [(2, 3), (6, 4), (4, 2)])
def test_16_bit_colour_png_loads_as_r16g16b16a16(dev, ctype, channels):
    device, _ = dev
    values = RNG.integers(0, 65536, (6, 5, channels), dtype=np.uint16)
    data = png16(values, ctype)
    tex, _ = CreateWICTextureFromMemory(device, data)
    assert tex.GetDesc().Format == DXGI_FORMAT_R16G16B16A16_UNORM
    got = texels(tex, (6, 5, 4), "<u2")
    if channels == 2:  # grey + alpha -> (g, g, g, a)
        expected = np.stack([values[..., 0]] * 3 + [values[..., 1]], -1)
    else:
        expected = np.concatenate([values, np.full((6, 5, 4 - channels), 65535, np.uint16)], -1)
    assert np.array_equal(got, expected)
    forced, _ = CreateWICTextureFromMemoryEx(device, data, len(data), 0, D3D11_USAGE_DEFAULT,
                                             D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_FORCE_RGBA32)
    assert forced.GetDesc().Format == DXGI_FORMAT_R8G8B8A8_UNORM


def test_save_wic_16_bit_png(dev, tmp_path):
    import zlib

    device, ctx = dev
    t = target(device, ctx, DXGI_FORMAT_R16G16B16A16_UNORM, [0.25, 0.5, 1.0, 0.0])
    SaveWICTextureToFile(ctx, t, GUID_ContainerFormatPng, tmp_path / "w.png")
    raw = (tmp_path / "w.png").read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n" and raw[12:16] == b"IHDR" and raw[24:26] == bytes([16, 2])  # 16-bit RGB
    assert b"gAMA" in raw and b"sRGB" not in raw
    idat = raw.index(b"IDAT")
    n = int.from_bytes(raw[idat - 4:idat], "big")
    rows = np.frombuffer(zlib.decompress(raw[idat + 4:idat + 4 + n]), np.uint8).reshape(2, 1 + 3 * 6)
    assert (rows[:, 0] == 0).all()  # filter type None
    px = rows[:, 1:].copy().view(">u2").reshape(2, 3, 3)
    # UNORM16 of 0.25 is 16384 (16383.75 + 0.5 -> 16384); the texture holds it, the file keeps all 16 bits
    assert px[0, 0].tolist() == [16384, 32768, 65535]


# -- 16-bit colour TIFF (WIC: 48bppRGB / 64bppRGBA -> R16G16B16A16_UNORM), written here from TIFF 6.0 --------

def _lzw_encode(data: bytes) -> bytes:
    """TIFF LZW (MSB-first, Clear 256, EOI 257, early width change), a plain dictionary encoder."""
    codes, table, width, w = [256], {bytes([i]): i for i in range(256)}, 9, b""
    out_codes = []
    nxt = 258

    def emit(c):
        out_codes.append((c, width))

    emit(256)
    for byte in data:
        wc = w + bytes([byte])
        if wc in table:
            w = wc
            continue
        emit(table[w])
        table[wc] = nxt
        nxt += 1
        if nxt + 1 > (1 << width) and width < 12:  # the decoder widens one code early
            width += 1
        if nxt >= 4093:
            emit(256)
            table, nxt, width = {bytes([i]): i for i in range(256)}, 258, 9
        w = bytes([byte])
    if w:
        emit(table[w])
        nxt += 1
        if nxt + 1 > (1 << width) and width < 12:
            width += 1
    emit(257)
    del codes
    acc, nbits, out = 0, 0, bytearray()
    for c, wd in out_codes:
        acc = (acc << wd) | c
        nbits += wd
        while nbits >= 8:
            out.append((acc >> (nbits - 8)) & 0xFF)
            nbits -= 8
    if nbits:
        out.append((acc << (8 - nbits)) & 0xFF)
    return bytes(out)


def _packbits_encode(data: bytes) -> bytes:
    out = bytearray()
    for i in range(0, len(data), 128):  # literal runs only: valid PackBits
        chunk = data[i:i + 128]
        out.append(len(chunk) - 1)
        out += chunk
    return bytes(out)


def tiff16(values: np.ndarray, order: str = "<", compression: int = 1, predictor: int = 1, planar: int = 1,
           rows_per_strip: int = 2) -> bytes:
    h, w, spp = values.shape
    v = values.astype(np.uint16)
    if predictor == 2:
        v = v.copy()
        v[:, 1:] = (values[:, 1:].astype(np.int64) - values[:, :-1].astype(np.int64)) % 65536
    if planar == 1:
        planes = [v.reshape(h, w * spp)]
    else:
        planes = [v[..., p] for p in range(spp)]
    strips = []
    for plane in planes:
        for r in range(0, h, rows_per_strip):
            raw = plane[r:r + rows_per_strip].astype(order + "u2").tobytes()
            if compression == 8:
                raw = zlib.compress(raw)
            elif compression == 5:
                raw = _lzw_encode(raw)
            elif compression == 32773:
                raw = _packbits_encode(raw)
            strips.append(raw)
    head = (b"II*\0" if order == "<" else b"MM\0*") + struct.pack(order + "I", 8)
    n_strips = len(strips)
    entries = [(256, 4, [w]), (257, 4, [h]), (258, 3, [16] * spp), (259, 3, [compression]),
               (262, 3, [2 if spp >= 3 else 1]), (273, 4, None), (277, 3, [spp]), (278, 4, [rows_per_strip]),
               (279, 4, [len(s) for s in strips]), (284, 3, [planar]), (317, 3, [predictor])]
    if spp in (2, 4):
        entries.append((338, 3, [2]))  # unassociated alpha
    entries.sort()
    ifd_size = 2 + 12 * len(entries) + 4
    extra_at = 8 + ifd_size
    extra = bytearray()
    data_at = extra_at + 4 * (3 * spp + 4 * n_strips) + 64
    strip_offsets, pos = [], data_at
    for s_ in strips:
        strip_offsets.append(pos)
        pos += len(s_)
    ifd = struct.pack(order + "H", len(entries))
    for tag, typ, vals in entries:
        vals = strip_offsets if tag == 273 else vals
        fmt = {3: "H", 4: "I"}[typ]
        body = struct.pack(order + fmt * len(vals), *vals)
        if len(body) <= 4:
            ifd += struct.pack(order + "HHI", tag, typ, len(vals)) + body.ljust(4, b"\0")
        else:
            ifd += struct.pack(order + "HHII", tag, typ, len(vals), extra_at + len(extra))
            extra += body
    ifd += struct.pack(order + "I", 0)
    blob = head + ifd + bytes(extra)
    blob = blob.ljust(data_at, b"\0") + b"".join(strips)
    return blob


@pytest.mark.parametrize("order", ["<", ">"])
@pytest.mark.parametrize("compression, predictor", [(1, 1), (8, 2), (5, 1), (5, 2), (32773, 1)])
@pytest.mark.parametrize("spp", [3, 4, 2])
def test_16_bit_colour_tiff_loads_as_r16g16b16a16(dev, order, compression, predictor, spp):
    device, _ = dev
    values = RNG.integers(0, 65536, (7, 5, spp), dtype=np.uint16)
    data = tiff16(values, order, compression, predictor)
    tex, _ = CreateWICTextureFromMemory(device, data)
    assert tex.GetDesc().Format == DXGI_FORMAT_R16G16B16A16_UNORM
    got = texels(tex, (7, 5, 4), "<u2")
    if spp == 2:
        expected = np.stack([values[..., 0]] * 3 + [values[..., 1]], -1)
    else:
        expected = np.concatenate([values, np.full((7, 5, 4 - spp), 65535, np.uint16)], -1)
    assert np.array_equal(got, expected)


def test_16_bit_planar_tiff(dev):
    device, _ = dev
    values = RNG.integers(0, 65536, (6, 4, 3), dtype=np.uint16)
    tex, _ = CreateWICTextureFromMemory(device, tiff16(values, planar=2, rows_per_strip=4))
    got = texels(tex, (6, 4, 4), "<u2")
    assert np.array_equal(got[..., :3], values) and (got[..., 3] == 65535).all()


def test_lzw_handles_long_runs_of_codes(dev):
    # enough distinct data to grow the code width to 12 bits and clear the table
    device, _ = dev
    values = RNG.integers(0, 65536, (64, 64, 3), dtype=np.uint16)
    tex, _ = CreateWICTextureFromMemory(device, tiff16(values, compression=5, rows_per_strip=64))
    assert np.array_equal(texels(tex, (64, 64, 4), "<u2")[..., :3], values)


@pytest.mark.parametrize("cut", [40, 120, -7])
def test_truncated_16_bit_tiff_is_a_wic_error(dev, cut):
    device, _ = dev
    data = tiff16(RNG.integers(0, 65536, (6, 5, 3), dtype=np.uint16), compression=8)
    with pytest.raises(D3D11Error) as e:
        CreateWICTextureFromMemory(device, data[:cut])
    assert e.value.hresult & 0xFFFFFFFF in (0x88982F60, 0x88982F50)
