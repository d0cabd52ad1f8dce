"""DirectXTK's WICTextureLoader for pyd3d11, decoding through Pillow (a Python convenience, not D3D).

Names and semantics of microsoft/DirectXTK ``WICTextureLoader.h`` (wiki page "WICTextureLoader"), out-
parameters returned:

    texture, srv = CreateWICTextureFromFile(device, "seafloor.png")
    texture, srv = CreateWICTextureFromFile(device, context, "seafloor.png")  # + auto-generated mips
    texture, srv = CreateWICTextureFromFileEx(device, "x.jpg", 0, D3D11_USAGE_DEFAULT,
                                              D3D11_BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_FORCE_SRGB)

Only the first frame of a file is loaded into a 2D texture. The DXGI format is the one WIC's decoder pixel
format maps to in DirectXTK's tables (``g_WICFormats`` / ``g_WICConvert``), per Pillow image mode:

| Pillow mode (file kind)                         | WIC pixel format        | DXGI format        |
|-------------------------------------------------|-------------------------|--------------------|
| RGBA, LA, PA (PNG/TIFF/BMP with alpha)          | 32bppBGRA               | B8G8R8A8_UNORM     |
| RGB, YCbCr, CMYK (JPEG, 24-bit PNG/BMP/TIFF)    | 24bppBGR -> 32bppRGBA   | R8G8B8A8_UNORM     |
| RGBX                                            | 32bppBGR                | B8G8R8X8_UNORM     |
| P (GIF, paletted PNG/BMP)                       | 8bppIndexed -> 32bppRGBA| R8G8B8A8_UNORM     |
| L, 1 (greyscale, black and white)               | 8bppGray                | R8_UNORM           |
| I;16 / I (16-bit greyscale PNG/TIFF)            | 16bppGray               | R16_UNORM          |
| F (32-bit float TIFF)                           | 32bppGrayFloat          | R32_FLOAT          |
| 16-bit RGB / RGBA / grey+alpha PNG or TIFF      | 48bppRGB / 64bppRGBA    | R16G16B16A16_UNORM |

``WIC_LOADER_FORCE_RGBA32`` loads everything as R8G8B8A8_UNORM; a format the device cannot use as a 2D
texture also falls back to R8G8B8A8_UNORM. Pillow reduces 16-bit-per-channel colour images to 8 bits, so
16-bit colour PNGs and TIFFs are decoded here (``png16_rgba``, ``tiff16_rgba``; tiled TIFFs, interlaced PNGs and
TIFF compressions other than none/LZW/Deflate/PackBits are NotSupportedError), and 16-bit images are not
resized (NotSupportedError).

sRGB: ``WIC_LOADER_FORCE_SRGB`` makes the format its _SRGB twin; otherwise (unless
``WIC_LOADER_IGNORE_SRGB``) the file's metadata decides: PNG — an sRGB chunk, else a gAMA chunk of exactly
1/2.2 (45455), else the ``WIC_LOADER_SRGB_DEFAULT`` flag; JPEG/TIFF/GIF/others — EXIF ColorSpace (tag
40961) equal to 1, else the flag; BMP has no metadata and is never sRGB.

Size: a ``maxsize`` of 0 means the feature level's 2D limit (2048 at 9_1/9_2, 4096 at 9_3, 8192 at 10_x,
16384 above); a larger image is scaled down keeping its aspect ratio (Pillow's box filter standing in for
WIC's Fant scaler); ``WIC_LOADER_FIT_POW2`` picks power-of-two sizes (LoaderHelpers::FitPowerOf2) and
``WIC_LOADER_MAKE_SQUARE`` makes it square. Mips: with a device context and a view requested, when the format supports
MIP_AUTOGEN, the texture gets a full chain (MipLevels 0, RENDER_TARGET | SHADER_RESOURCE,
RESOURCE_MISC_GENERATE_MIPS) filled by GenerateMips; otherwise one level.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from pyd3d11.errors import E_INVALIDARG, NotSupportedError
from pyd3d11.formats.table import format_value

from . import dds_format as dds
from .dds_loader import as_bytes, fail, read_file, split_context

WIC_LOADER_DEFAULT = 0
WIC_LOADER_FORCE_SRGB = 0x1
WIC_LOADER_IGNORE_SRGB = 0x2
WIC_LOADER_SRGB_DEFAULT = 0x4
WIC_LOADER_FIT_POW2 = 0x20
WIC_LOADER_MAKE_SQUARE = 0x40
WIC_LOADER_FORCE_RGBA32 = 0x80

WINCODEC_ERR_COMPONENTNOTFOUND = 0x88982F50  # no decoder for the data
WINCODEC_ERR_BADIMAGE = 0x88982F60  # a decoder recognised the data but it is corrupt
BIND_SHADER_RESOURCE, BIND_RENDER_TARGET, MISC_GENERATE_MIPS = 0x8, 0x20, 0x1
FORMAT_SUPPORT_TEXTURE2D, FORMAT_SUPPORT_MIP_AUTOGEN = 0x20, 0x2000
EXIF_IFD, EXIF_COLORSPACE = 0x8769, 0xA001

R8G8B8A8_UNORM, B8G8R8A8_UNORM = format_value("R8G8B8A8_UNORM"), format_value("B8G8R8A8_UNORM")
B8G8R8X8_UNORM, R8_UNORM = format_value("B8G8R8X8_UNORM"), format_value("R8_UNORM")
R16_UNORM, R32_FLOAT = format_value("R16_UNORM"), format_value("R32_FLOAT")
R16G16B16A16_UNORM = format_value("R16G16B16A16_UNORM")


def default_maxsize(level: int) -> int:
    """The 2D size limit of the feature level (CreateTextureFromWIC)."""
    if level < 0x9300:
        return 2048
    if level < 0xA000:
        return 4096
    if level < 0xB000:
        return 8192
    return 16384


def fit_power_of_2(width: int, height: int, maxsize: int) -> tuple[int, int]:
    """LoaderHelpers::FitPowerOf2: the longer side becomes the largest power of two not above it (nor
    ``maxsize``); the other side the power of two (up to ``maxsize``) whose ratio is closest to the image's."""
    ar = np.float32(width) / np.float32(height)

    def largest_pow2(limit: int) -> int:
        x = maxsize
        while x > 1 and x > limit:
            x >>= 1
        return x

    def closest(fixed: int, wide: bool) -> int:
        best, best_score, y = 0, np.float32(np.inf), maxsize
        while y > 0:
            ratio = np.float32(fixed) / np.float32(y) if wide else np.float32(y) / np.float32(fixed)
            score = abs(ratio - ar)
            if score < best_score:
                best, best_score = y, score
            y >>= 1
        return best

    if width > height:
        tw = largest_pow2(width)
        return tw, closest(tw, True)
    th = largest_pow2(height)
    return closest(th, False), th


def target_size(width: int, height: int, maxsize: int, flags: int) -> tuple[int, int]:
    """The texture size: WIC_LOADER_FIT_POW2's powers of two, or scaled to fit ``maxsize`` keeping the aspect
    ratio (float32 math, truncated); WIC_LOADER_MAKE_SQUARE then squares it."""
    tw, th = width, height
    if flags & WIC_LOADER_FIT_POW2:
        tw, th = fit_power_of_2(width, height, maxsize)
    elif width > maxsize or height > maxsize:
        ar = np.float32(height) / np.float32(width)
        if width > height:
            tw, th = maxsize, max(1, int(np.float32(maxsize) * ar))
        else:
            th, tw = maxsize, max(1, int(np.float32(maxsize) / ar))
    if flags & WIC_LOADER_MAKE_SQUARE:
        tw = th = max(tw, th)
    return tw, th


def _is_srgb(img: Any, flags: int) -> bool:
    """The sRGB decision of CreateTextureFromWIC from the file's metadata."""
    default = bool(flags & WIC_LOADER_SRGB_DEFAULT)
    kind = (img.format or "").upper()
    if kind == "BMP":
        return False  # WIC has no metadata reader for BMP
    if kind == "PNG":
        if "srgb" in img.info:
            return True
        if "gamma" in img.info:
            return round(float(img.info["gamma"]) * 100000) == 45455
        return default
    try:
        space = img.getexif().get_ifd(EXIF_IFD).get(EXIF_COLORSPACE)
    except Exception:
        space = None
    return space == 1 if space is not None else default


def decode(img: Any, flags: int) -> tuple[Any, int]:
    """(Pillow image in the working mode, DXGI format) for the first frame."""
    mode = img.mode
    if flags & WIC_LOADER_FORCE_RGBA32:
        return img.convert("RGBA"), R8G8B8A8_UNORM
    if mode in ("RGBA", "LA", "PA", "RGBa", "La"):
        return img.convert("RGBA"), B8G8R8A8_UNORM
    if mode == "RGBX":
        return img, B8G8R8X8_UNORM
    if mode in ("1", "L"):
        return img.convert("L"), R8_UNORM
    if mode.startswith("I;16") or mode == "I":
        return img, R16_UNORM
    if mode == "F":
        return img, R32_FLOAT
    if mode == "P" and "transparency" not in img.info:
        return img.convert("RGBA"), R8G8B8A8_UNORM
    # RGB, YCbCr, CMYK, P with transparency: WIC converts to 32bppRGBA
    return img.convert("RGBA"), R8G8B8A8_UNORM


def pixels(img: Any, fmt: int) -> np.ndarray:
    """The texel bytes of ``img`` laid out for ``fmt`` (rows top to bottom, tight)."""
    if fmt in (R8G8B8A8_UNORM, B8G8R8A8_UNORM, B8G8R8X8_UNORM):
        a = np.asarray(img.convert("RGBA") if img.mode != "RGBX" else img, dtype=np.uint8).copy()
        if img.mode == "RGBX":
            a[..., 3] = 255
        if fmt != R8G8B8A8_UNORM:
            a = a[..., [2, 1, 0, 3]]
        return np.ascontiguousarray(a)
    if fmt == R8_UNORM:
        return np.ascontiguousarray(np.asarray(img, dtype=np.uint8))
    if fmt == R16_UNORM:
        return np.ascontiguousarray(np.clip(np.asarray(img).astype(np.int64), 0, 65535).astype("<u2"))
    return np.ascontiguousarray(np.asarray(img, dtype="<f4"))


def png16_rgba(data: bytes) -> np.ndarray | None:
    """(H, W, 4) uint16 RGBA of a 16-bit-per-channel colour PNG (colour types 2, 4, 6), which Pillow would
    reduce to 8 bits; None for any other PNG. Decoded here from the PNG specification: IHDR, the IDAT
    zlib stream, per-row filters 0-4 (None, Sub, Up, Average, Paeth) on bytes, big-endian samples."""
    import struct
    import zlib

    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    pos, idat, ihdr = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if ihdr is None:
        return None
    w, h, depth, ctype, _comp, _filt, interlace = ihdr
    channels = {2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 16 or channels is None:
        return None
    if interlace:
        raise NotSupportedError("interlaced (Adam7) 16-bit PNG files", "CreateWICTextureFromMemory")
    bpp = channels * 2
    stride = w * bpp
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8).reshape(h, stride + 1)
    out = np.zeros((h, stride), np.int64)
    prev = np.zeros(stride, np.int64)
    for y in range(h):
        f, line = int(raw[y, 0]), raw[y, 1:].astype(np.int64)
        if f == 0:
            cur = line
        elif f == 1:  # Sub: each byte adds the one bpp to its left, a running sum per byte lane
            cur = np.cumsum(line.reshape(w, bpp), axis=0).reshape(-1) % 256
        elif f == 2:  # Up
            cur = (line + prev) % 256
        else:  # Average, Paeth: sequential along the row
            cur = np.zeros(stride, np.int64)
            for x in range(stride):
                a = int(cur[x - bpp]) if x >= bpp else 0
                b = int(prev[x])
                if f == 3:
                    cur[x] = (line[x] + (a + b) // 2) % 256
                else:
                    c = int(prev[x - bpp]) if x >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    cur[x] = (line[x] + pred) % 256
        out[y] = cur
        prev = cur
    samples = out.astype(np.uint8).reshape(h, w, channels, 2)
    values = (samples[..., 0].astype(np.uint16) << 8) | samples[..., 1]
    rgba = np.full((h, w, 4), 65535, np.uint16)
    if channels == 2:  # grey + alpha
        rgba[..., 0] = rgba[..., 1] = rgba[..., 2] = values[..., 0]
        rgba[..., 3] = values[..., 1]
    else:
        rgba[..., :channels] = values
    return rgba


def tiff16_rgba(data: bytes) -> np.ndarray | None:
    """(H, W, 4) uint16 RGBA of a 16-bit-per-channel colour TIFF (RGB, RGBA, or grey + alpha), which Pillow would
    reduce to 8 bits; None for any other TIFF. Decoded here from the TIFF 6.0 specification: the first IFD,
    strips (not tiles), chunky or planar samples, compression none / LZW / Deflate / PackBits, the horizontal
    differencing predictor, either byte order."""
    import struct

    if data[:4] not in (b"II*\0", b"MM\0*"):
        return None
    e = "<" if data[:2] == b"II" else ">"
    sizes = {1: 1, 2: 1, 3: 2, 4: 4, 6: 1, 7: 1, 8: 2, 9: 4, 11: 4, 12: 8, 16: 8}
    codes = {1: "B", 2: "B", 3: "H", 4: "I", 6: "b", 7: "B", 8: "h", 9: "i", 11: "f", 12: "d", 16: "Q"}
    (ifd,) = struct.unpack_from(e + "I", data, 4)
    (count,) = struct.unpack_from(e + "H", data, ifd)
    tags: dict[int, list] = {}
    for k in range(count):
        tag, typ, n, val = struct.unpack_from(e + "HHI4s", data, ifd + 2 + 12 * k)
        if typ not in sizes:
            continue
        size = sizes[typ] * n
        raw = val[:size] if size <= 4 else data[struct.unpack(e + "I", val)[0]:][:size]
        tags[tag] = list(struct.unpack(e + codes[typ] * n, raw))
    w, h = tags.get(256, [0])[0], tags.get(257, [0])[0]
    bits = tags.get(258, [1])
    spp = tags.get(277, [1])[0]
    photometric = tags.get(262, [-1])[0]
    if not w or not h or any(b != 16 for b in bits) or spp not in (2, 3, 4) or photometric not in (1, 2):
        return None
    if 322 in tags or 273 not in tags:
        raise NotSupportedError("tiled 16-bit TIFF files", "CreateWICTextureFromMemory")
    compression, predictor = tags.get(259, [1])[0], tags.get(317, [1])[0]
    planar = tags.get(284, [1])[0]
    rows_per_strip = tags.get(278, [h])[0]
    strips = []
    for off, n in zip(tags[273], tags.get(279, [len(data) - tags[273][0]])):
        chunk = data[off:off + n]
        if compression == 1:
            strips.append(chunk)
        elif compression in (8, 32946):
            import zlib

            strips.append(zlib.decompress(chunk))
        elif compression == 5:
            strips.append(_tiff_lzw(chunk))
        elif compression == 32773:
            strips.append(_packbits(chunk))
        else:
            raise NotSupportedError(f"TIFF compression {compression} for 16-bit images", "CreateWICTextureFromMemory")
    planes = 1 if planar == 1 else spp
    per_row = w * (spp if planar == 1 else 1)
    rows = []
    for k, strip in enumerate(strips):
        n_rows = min(rows_per_strip, h - (k % ((len(strips) // planes) or 1)) * rows_per_strip)
        a = np.frombuffer(strip[:n_rows * per_row * 2], e + "u2").reshape(n_rows, per_row).astype(np.uint16)
        if predictor == 2:  # horizontal differencing: each sample adds the previous pixel's (mod 2^16)
            step = spp if planar == 1 else 1
            a = np.cumsum(a.reshape(n_rows, -1, step).astype(np.uint64), axis=1).astype(np.uint16).reshape(n_rows, -1)
        rows.append(a)
    full = np.concatenate(rows)
    if planar == 1:
        samples = full[:h].reshape(h, w, spp)
    else:
        samples = np.stack([full[p * h:(p + 1) * h].reshape(h, w) for p in range(spp)], axis=-1)
    rgba = np.full((h, w, 4), 65535, np.uint16)
    if spp == 2:  # grey + alpha
        rgba[..., 0] = rgba[..., 1] = rgba[..., 2] = samples[..., 0]
        rgba[..., 3] = samples[..., 1]
    else:
        rgba[..., :spp] = samples[..., :spp]
    return rgba


def _tiff_lzw(data: bytes) -> bytes:
    """TIFF's LZW (MSB-first codes of 9–12 bits, ClearCode 256, EndOfInformation 257, code width growing one
    code early, as TIFF 6.0 section 13 specifies)."""
    out = bytearray()
    table: list[bytes] = []
    bitpos, width, prev = 0, 9, b""
    nbits = len(data) * 8

    def reset() -> None:
        table.clear()
        table.extend(bytes([i]) for i in range(256))
        table.extend([b"", b""])

    reset()
    while bitpos + width <= nbits:
        byte = bitpos >> 3
        chunk = int.from_bytes(data[byte:byte + 3].ljust(3, b"\0"), "big")
        code = (chunk >> (24 - width - (bitpos & 7))) & ((1 << width) - 1)
        bitpos += width
        if code == 257:
            break
        if code == 256:
            reset()
            width, prev = 9, b""
            continue
        if code < len(table):
            entry = table[code]
            if prev:
                table.append(prev + entry[:1])
        elif prev:
            entry = prev + prev[:1]
            table.append(entry)
        else:
            raise ValueError("corrupt LZW stream")
        out += entry
        prev = entry
        if len(table) + 1 >= (1 << width) and width < 12:
            width += 1
    return bytes(out)


def _packbits(data: bytes) -> bytes:
    out = bytearray()
    i = 0
    while i < len(data):
        n = data[i] - 256 if data[i] > 127 else data[i]
        i += 1
        if n >= 0:
            out += data[i:i + n + 1]
            i += n + 1
        elif n != -128:
            out += data[i:i + 1] * (1 - n)
            i += 1
    return bytes(out)


def _supports(device: Any, fmt: int, bit: int) -> bool:
    try:
        return bool(int(device.CheckFormatSupport(fmt)) & bit)
    except Exception:
        return False


def create_texture_from_wic(device: Any, context: Any, data: memoryview, maxsize: int, usage: int, bind: int,
                            cpu: int, misc: int, flags: int, want_tex: bool, want_view: bool,
                            method: str) -> tuple[Any, Any]:
    from PIL import Image, UnidentifiedImageError

    if device is None or (not want_tex and not want_view):
        raise fail(E_INVALIDARG, "a device and at least one of texture / textureView are required", method)
    raw = bytes(data)
    maxsize = int(maxsize) or default_maxsize(int(device.GetFeatureLevel()))
    wide = None
    if not flags & WIC_LOADER_FORCE_RGBA32:
        # 48bppRGB / 64bppRGBA (WIC's 16-bit PNG and TIFF decodes) -> R16G16B16A16_UNORM; decoded here before
        # Pillow, which reduces them to 8 bits (or cannot open 16-bit grey + alpha TIFFs at all)
        import struct
        import zlib

        try:
            wide = png16_rgba(raw) if raw[:8] == b"\x89PNG\r\n\x1a\n" else \
                tiff16_rgba(raw) if raw[:4] in (b"II*\0", b"MM\0*") else None
        except (ValueError, IndexError, struct.error, zlib.error) as e:
            raise fail(WINCODEC_ERR_BADIMAGE, f"corrupt 16-bit image data ({e})", method) from None
    if wide is not None:
        h16, w16 = wide.shape[:2]
        tw, th = target_size(w16, h16, maxsize, flags)
        if (tw, th) != (w16, h16):
            raise NotSupportedError("resizing 16-bit-per-channel images (maxsize / WIC_LOADER_FIT_POW2 / "
                                    "WIC_LOADER_MAKE_SQUARE)", method)
        return _create(device, context, wide, R16G16B16A16_UNORM, tw, th, usage, bind, cpu, misc, want_tex,
                       want_view)
    try:
        img = Image.open(io.BytesIO(raw))
        img.seek(0)
        img.load()
    except (UnidentifiedImageError, OSError, ValueError) as e:
        raise fail(WINCODEC_ERR_COMPONENTNOTFOUND, f"no image decoder for the data ({e})", method) from None
    tw, th = target_size(img.width, img.height, maxsize, flags)
    work, fmt = decode(img, flags)
    if flags & WIC_LOADER_FORCE_SRGB:
        fmt = dds.make_srgb(fmt)
    elif not flags & WIC_LOADER_IGNORE_SRGB and _is_srgb(img, flags):
        fmt = dds.make_srgb(fmt)
    if not _supports(device, fmt, FORMAT_SUPPORT_TEXTURE2D):
        work, fmt = img.convert("RGBA"), R8G8B8A8_UNORM
    if (tw, th) != work.size:
        work = work.resize((tw, th), Image.Resampling.BOX)
    texels = pixels(work, dds.MAKE_SRGB_INVERSE.get(fmt, fmt))
    return _create(device, context, texels, fmt, tw, th, usage, bind, cpu, misc, want_tex, want_view)


def _create(device: Any, context: Any, texels: np.ndarray, fmt: int, tw: int, th: int, usage: int, bind: int,
            cpu: int, misc: int, want_tex: bool, want_view: bool) -> tuple[Any, Any]:
    """The texture (and view) of CreateTextureFromWIC, with auto-generated mips when a context is given."""
    from pyd3d11.headers import d3d11_structs as S

    row_pitch = texels.nbytes // th
    autogen = context is not None and want_view and _supports(device, fmt, FORMAT_SUPPORT_MIP_AUTOGEN)
    desc = S.D3D11_TEXTURE2D_DESC(Width=tw, Height=th, MipLevels=0 if autogen else 1, ArraySize=1, Format=fmt,
                                  SampleDesc=S.DXGI_SAMPLE_DESC(Count=1), Usage=usage, CPUAccessFlags=cpu,
                                  BindFlags=(bind | BIND_SHADER_RESOURCE | BIND_RENDER_TARGET) if autogen else bind,
                                  MiscFlags=(misc | MISC_GENERATE_MIPS) if autogen else misc)
    init = S.D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=row_pitch, SysMemSlicePitch=texels.nbytes)
    tex = device.CreateTexture2D(desc, None if autogen else init)
    srv = None
    if want_view:
        vd = S.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt, ViewDimension=4)  # D3D11_SRV_DIMENSION_TEXTURE2D
        vd.Texture2D.MipLevels = 0xFFFFFFFF if autogen else 1
        srv = device.CreateShaderResourceView(tex, vd)
        if autogen:
            context.UpdateSubresource(tex, 0, None, texels, row_pitch, texels.nbytes)
            context.GenerateMips(srv)
    return (tex if want_tex else None), srv


def CreateWICTextureFromMemory(d3dDevice: Any, *args: Any, texture: bool = True,  # noqa: N802,N803
                               textureView: bool = True) -> tuple[Any, Any]:  # noqa: N803
    """([d3dContext,] wicData, wicDataSize=None, maxsize=0) -> (texture, textureView)."""
    m = "CreateWICTextureFromMemory"
    context, rest = split_context(args)
    data, size, maxsize = (list(rest) + [None, None, 0][len(rest):])[:3]
    return create_texture_from_wic(d3dDevice, context, as_bytes(data, size, m), int(maxsize or 0), 0,
                                   BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_DEFAULT, texture, textureView, m)


def CreateWICTextureFromMemoryEx(d3dDevice: Any, *args: Any, texture: bool = True,  # noqa: N802,N803
                                 textureView: bool = True) -> tuple[Any, Any]:  # noqa: N803
    """([d3dContext,] wicData, wicDataSize, maxsize, usage, bindFlags, cpuAccessFlags, miscFlags, loadFlags)
    -> (texture, textureView). ``loadFlags`` may be a bool (True = WIC_LOADER_FORCE_SRGB, the old
    ``forceSRGB`` parameter)."""
    m = "CreateWICTextureFromMemoryEx"
    context, rest = split_context(args)
    if len(rest) != 8:
        raise TypeError(f"{m} takes [d3dContext,] wicData, wicDataSize, maxsize, usage, bindFlags, "
                        "cpuAccessFlags, miscFlags, loadFlags")
    data, size, maxsize, usage, bind, cpu, misc, flags = rest
    return create_texture_from_wic(d3dDevice, context, as_bytes(data, size, m), int(maxsize or 0), int(usage),
                                   int(bind), int(cpu), int(misc), int(flags), texture, textureView, m)


def CreateWICTextureFromFile(d3dDevice: Any, *args: Any, texture: bool = True,  # noqa: N802,N803
                             textureView: bool = True) -> tuple[Any, Any]:  # noqa: N803
    """([d3dContext,] fileName, maxsize=0) -> (texture, textureView)."""
    m = "CreateWICTextureFromFile"
    context, rest = split_context(args)
    if not rest or rest[0] is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    file_name, maxsize = (list(rest) + [0])[:2]
    return create_texture_from_wic(d3dDevice, context, memoryview(read_file(file_name, m)), int(maxsize or 0), 0,
                                   BIND_SHADER_RESOURCE, 0, 0, WIC_LOADER_DEFAULT, texture, textureView, m)


def CreateWICTextureFromFileEx(d3dDevice: Any, *args: Any, texture: bool = True,  # noqa: N802,N803
                               textureView: bool = True) -> tuple[Any, Any]:  # noqa: N803
    """([d3dContext,] fileName, maxsize, usage, bindFlags, cpuAccessFlags, miscFlags, loadFlags)
    -> (texture, textureView)."""
    m = "CreateWICTextureFromFileEx"
    context, rest = split_context(args)
    if len(rest) != 7:
        raise TypeError(f"{m} takes [d3dContext,] fileName, maxsize, usage, bindFlags, cpuAccessFlags, "
                        "miscFlags, loadFlags")
    file_name, maxsize, usage, bind, cpu, misc, flags = rest
    if file_name is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    return create_texture_from_wic(d3dDevice, context, memoryview(read_file(file_name, m)), int(maxsize or 0),
                                   int(usage), int(bind), int(cpu), int(misc), int(flags), texture, textureView, m)
