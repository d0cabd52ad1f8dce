"""DirectXTK's DDSTextureLoader for pyd3d11 (a Python convenience, not part of D3D).

Names and semantics of microsoft/DirectXTK ``DDSTextureLoader.h`` (wiki page "DDSTextureLoader"); the
out-parameters become return values:

    texture, srv = CreateDDSTextureFromFile(device, "seafloor.dds")
    texture, srv = CreateDDSTextureFromFile(device, context, "seafloor.dds")   # may auto-generate mips
    texture, srv = CreateDDSTextureFromMemoryEx(device, data, len(data), 0, D3D11_USAGE_DEFAULT,
                                                D3D11_BIND_SHADER_RESOURCE, 0, 0, True)  # forceSRGB
    texture, srv, mode = CreateDDSTextureFromFile(device, "x.dds", alphaMode=True)  # + DDS_ALPHA_MODE

``texture=False`` / ``textureView=False`` ask for only one object (the other is returned as None); asking
for neither is E_INVALIDARG, as in C++. An optional device context as second argument selects the C++
overload that auto-generates mips (a file with one mip, a shader-resource view requested, and a format with
D3D11_FORMAT_SUPPORT_MIP_AUTOGEN: the texture gets a full mip chain, RENDER_TARGET binding and
RESOURCE_MISC_GENERATE_MIPS, its top level is uploaded with UpdateSubresource and GenerateMips fills the
rest; never for volume textures below feature level 10_0).

Rules (DDSTextureLoader.cpp): DX10 header: arraySize 0, a 1D texture whose header sets a height other than
1, or a 3D texture without DDSD_DEPTH -> HRESULT_FROM_WIN32(ERROR_INVALID_DATA); AI44/IA44/P8/A8P8, an
unknown DXGI format or resource dimension, a volume array -> ERROR_NOT_SUPPORTED. Legacy header: a pixel
format without a DXGI equivalent or a partial cube map -> ERROR_NOT_SUPPORTED. More than 15 mips or sizes
beyond the D3D11 limits -> ERROR_NOT_SUPPORTED; too little data -> ERROR_HANDLE_EOF; a header that is
not a DDS header -> E_FAIL. ``maxsize`` drops the top mips larger than it (only when the file has mips);
when creation fails without ``maxsize`` on a file with mips, the loader retries with the feature level's
size limit. ``forceSRGB`` (DDS_LOADER_FORCE_SRGB) turns the formats with an _SRGB twin into it
(LoaderHelpers::MakeSRGB), DDS_LOADER_IGNORE_SRGB the reverse (MakeLinear), DDS_LOADER_IGNORE_MIPS loads the
top level only (DirectXTK then reads each array item as if it had one level; here the file's other levels
are stepped over, so arrays with mips load their own top levels). A
RESOURCE_MISC_TEXTURECUBE in ``miscFlags`` makes a 2D array whose size is a multiple of 6 a cube.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from pyd3d11.errors import E_FAIL, E_INVALIDARG, error_for

from . import dds_format as dds

ERROR_FILE_NOT_FOUND, ERROR_PATH_NOT_FOUND, ERROR_INVALID_DATA = 2, 3, 13
ERROR_HANDLE_EOF, ERROR_NOT_SUPPORTED, ERROR_ARITHMETIC_OVERFLOW = 38, 50, 534


def HRESULT_FROM_WIN32(code: int) -> int:  # noqa: N802 - the winerror.h macro
    return code if code <= 0 else (code & 0xFFFF) | 0x80070000


# DDS_LOADER_FLAGS (DDSTextureLoader.h); the older API's bool forceSRGB is DDS_LOADER_FORCE_SRGB
DDS_LOADER_DEFAULT, DDS_LOADER_FORCE_SRGB, DDS_LOADER_IGNORE_SRGB, DDS_LOADER_IGNORE_MIPS = 0, 0x1, 0x2, 0x20

USAGE_DEFAULT, BIND_SHADER_RESOURCE, BIND_RENDER_TARGET = 0, 0x8, 0x20
MISC_GENERATE_MIPS, MISC_TEXTURECUBE = 0x1, 0x4
FORMAT_SUPPORT_MIP_AUTOGEN = 0x2000
FL_10_0 = 0xA000
RES_DIM_1D, RES_DIM_2D, RES_DIM_3D = 2, 3, 4
SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY = 2, 3, 4, 5, 8, 9, 10

# D3D11 size limits (d3d11.h D3D11_REQ_*)
MAX_MIPS, MAX_1D, MAX_2D, MAX_CUBE, MAX_3D, MAX_ARRAY = 15, 16384, 16384, 16384, 2048, 2048


def fail(hr: int, text: str, method: str) -> Exception:
    return error_for(hr, text, method)


def split_context(args: tuple[Any, ...]) -> tuple[Any, tuple[Any, ...]]:
    """The C++ overloads take an optional ID3D11DeviceContext after the device."""
    if args and hasattr(args[0], "GenerateMips") and hasattr(args[0], "UpdateSubresource"):
        return args[0], args[1:]
    return None, args


def read_file(fileName: Any, method: str) -> bytes:  # noqa: N803
    try:
        with open(os.fspath(fileName), "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise fail(HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND), f"cannot open '{fileName}'", method) from None
    except OSError as e:
        raise fail(HRESULT_FROM_WIN32(ERROR_PATH_NOT_FOUND), f"cannot read '{fileName}': {e}", method) from None


def as_bytes(data: Any, size: int | None, method: str) -> memoryview:
    if data is None:
        raise fail(E_INVALIDARG, "ddsData is NULL", method)
    try:
        mv = memoryview(np.ascontiguousarray(data) if isinstance(data, np.ndarray) else data).cast("B")
    except TypeError:
        raise fail(E_INVALIDARG, f"ddsData must be bytes-like (bytes, memoryview, numpy), not "
                   f"{type(data).__name__}", method) from None
    if size is not None:
        mv = mv[:int(size)]
    return mv


def _limits_for_level(level: int, res_dim: int, cube: bool) -> int:
    """The retry maxsize of CreateTextureFromDDS by feature level."""
    if level < 0x9300:  # 9_1, 9_2
        return 512 if cube else (256 if res_dim == RES_DIM_3D else 2048)
    if level < 0xA000:  # 9_3
        return 256 if res_dim == RES_DIM_3D else 4096
    return 2048 if res_dim == RES_DIM_3D else 8192


def _fill_init_data(width: int, height: int, depth: int, mips: int, array: int, fmt: int, maxsize: int,
                    bits: memoryview, method: str, file_mips: int | None = None) -> tuple[int, int, int, int, list[Any]]:
    """FillInitData: (width, height, depth, skipped mips, subresource data) with the mips above maxsize
    dropped (only when there is more than one mip). ``file_mips`` (> ``mips`` with DDS_LOADER_IGNORE_MIPS) is
    the chain length stored per item, whose extra levels are stepped over."""
    from pyd3d11.headers.d3d11_structs import D3D11_SUBRESOURCE_DATA

    file_mips = max(mips, file_mips or mips)
    subs: list[Any] = []
    tw = th = td = 0
    skip = 0
    pos = 0
    for item in range(array):
        w, h, d = width, height, depth
        for level in range(file_mips):
            num_bytes, row_bytes, _rows = dds.surface_info(w, h, fmt)
            if level >= mips:
                pass  # a level beyond those loaded (DDS_LOADER_IGNORE_MIPS): stepped over
            elif mips <= 1 or not maxsize or (w <= maxsize and h <= maxsize and d <= maxsize):
                if not tw:
                    tw, th, td = w, h, d
                if pos + num_bytes * d > len(bits):
                    raise fail(HRESULT_FROM_WIN32(ERROR_HANDLE_EOF), "the file holds fewer bytes than its "
                               "surfaces need", method)
                subs.append(D3D11_SUBRESOURCE_DATA(pSysMem=bits[pos:pos + num_bytes * d], SysMemPitch=row_bytes,
                                                   SysMemSlicePitch=num_bytes))
            elif item == 0:
                skip += 1
            if pos + num_bytes * d > len(bits):
                raise fail(HRESULT_FROM_WIN32(ERROR_HANDLE_EOF), "the file holds fewer bytes than its surfaces "
                           "need", method)
            pos += num_bytes * d
            w, h, d = max(1, w >> 1), max(1, h >> 1), max(1, d >> 1)
    if not subs:
        raise fail(E_FAIL, "no mip level fits maxsize", method)
    return tw, th, td, skip, subs


def create_d3d_resources(device: Any, res_dim: int, width: int, height: int, depth: int, mips: int, array: int,
                         fmt: int, usage: int, bind: int, cpu: int, misc: int, load_flags: int, cube: bool,
                         init: list[Any] | None, want_view: bool) -> tuple[Any, Any]:
    """CreateD3DResources: the texture of the right dimension and (when asked) its full SRV."""
    from pyd3d11.headers import d3d11_structs as S

    if load_flags & DDS_LOADER_FORCE_SRGB:
        fmt = dds.make_srgb(fmt)
    elif load_flags & DDS_LOADER_IGNORE_SRGB:
        fmt = dds.MAKE_SRGB_INVERSE.get(int(fmt), int(fmt))
    sample = S.DXGI_SAMPLE_DESC(Count=1, Quality=0)
    view = S.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt)
    view_mips = 0xFFFFFFFF if not mips else mips
    if res_dim == RES_DIM_1D:
        desc = S.D3D11_TEXTURE1D_DESC(Width=width, MipLevels=mips, ArraySize=array, Format=fmt, Usage=usage,
                                      BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc & ~MISC_TEXTURECUBE)
        tex = device.CreateTexture1D(desc, init)
        if array > 1:
            view.ViewDimension = SRV_1DARRAY
            view.Texture1DArray.MipLevels, view.Texture1DArray.ArraySize = view_mips, array
        else:
            view.ViewDimension = SRV_1D
            view.Texture1D.MipLevels = view_mips
    elif res_dim == RES_DIM_2D:
        desc = S.D3D11_TEXTURE2D_DESC(Width=width, Height=height, MipLevels=mips, ArraySize=array, Format=fmt,
                                      SampleDesc=sample, Usage=usage, BindFlags=bind, CPUAccessFlags=cpu,
                                      MiscFlags=(misc | MISC_TEXTURECUBE) if cube else (misc & ~MISC_TEXTURECUBE))
        tex = device.CreateTexture2D(desc, init)
        if cube and array > 6:
            view.ViewDimension = SRV_CUBEARRAY
            view.TextureCubeArray.MipLevels, view.TextureCubeArray.NumCubes = view_mips, array // 6
        elif cube:
            view.ViewDimension = SRV_CUBE
            view.TextureCube.MipLevels = view_mips
        elif array > 1:
            view.ViewDimension = SRV_2DARRAY
            view.Texture2DArray.MipLevels, view.Texture2DArray.ArraySize = view_mips, array
        else:
            view.ViewDimension = SRV_2D
            view.Texture2D.MipLevels = view_mips
    else:
        desc = S.D3D11_TEXTURE3D_DESC(Width=width, Height=height, Depth=depth, MipLevels=mips, Format=fmt,
                                      Usage=usage, BindFlags=bind, CPUAccessFlags=cpu,
                                      MiscFlags=misc & ~MISC_TEXTURECUBE)
        tex = device.CreateTexture3D(desc, init)
        view.ViewDimension = SRV_3D
        view.Texture3D.MipLevels = view_mips
    srv = device.CreateShaderResourceView(tex, view) if want_view else None
    return tex, srv


def _format_supports(device: Any, fmt: int, bit: int) -> bool:
    try:
        return bool(int(device.CheckFormatSupport(fmt)) & bit)
    except Exception:  # E_FAIL: the device does not support the format at all
        return False


def create_texture_from_dds(device: Any, context: Any, data: memoryview, maxsize: int, usage: int, bind: int,
                            cpu: int, misc: int, load_flags: int, want_tex: bool, want_view: bool,
                            method: str) -> tuple[Any, Any, int]:
    """CreateTextureFromDDS: (texture, view, alpha mode)."""
    if device is None or (not want_tex and not want_view):
        raise fail(E_INVALIDARG, "a device and at least one of texture / textureView are required", method)
    parsed = dds.parse_header(data)
    if parsed is None:
        raise fail(E_FAIL, "not a DDS file (magic, header size or pixel-format size)", method)
    hdr, offset = parsed
    bits = data[offset:]
    width, height, depth = hdr.width, hdr.height, hdr.depth
    file_mips = hdr.mipMapCount or 1
    mips = 1 if load_flags & DDS_LOADER_IGNORE_MIPS else file_mips
    array, cube = 1, False
    if hdr.dx10 is not None:
        fmt, res_dim, misc_flag, array, _ = hdr.dx10
        if array == 0:
            raise fail(HRESULT_FROM_WIN32(ERROR_INVALID_DATA), "DX10 header with arraySize 0", method)
        if fmt in dds.VIDEO_REFUSED:
            raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "video/palettized formats are not loaded", method)
        if dds.bits_per_pixel(fmt) == 0:
            raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), f"unknown DXGI format {fmt}", method)
        if res_dim == RES_DIM_1D:
            if hdr.flags & dds.DDSD_HEIGHT and height != 1:
                raise fail(HRESULT_FROM_WIN32(ERROR_INVALID_DATA), "a 1D texture with a height other than 1",
                           method)
            height = depth = 1
        elif res_dim == RES_DIM_2D:
            if misc_flag & dds.DDS_RESOURCE_MISC_TEXTURECUBE:
                array *= 6
                cube = True
            depth = 1
        elif res_dim == RES_DIM_3D:
            if not hdr.flags & dds.DDS_HEADER_FLAGS_VOLUME:
                raise fail(HRESULT_FROM_WIN32(ERROR_INVALID_DATA), "a 3D texture without DDSD_DEPTH", method)
            if array > 1:
                raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "volume textures are not arrays", method)
        else:
            raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), f"unknown resource dimension {res_dim}", method)
    else:
        fmt = dds.legacy_dxgi_format(hdr.ddspf)
        if not fmt:
            raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "a legacy DDS pixel format with no DXGI format",
                       method)
        if hdr.flags & dds.DDS_HEADER_FLAGS_VOLUME:
            res_dim = RES_DIM_3D
        else:
            if hdr.caps2 & dds.DDSCAPS2_CUBEMAP:
                if hdr.caps2 & dds.DDSCAPS2_CUBEMAP_ALLFACES != dds.DDSCAPS2_CUBEMAP_ALLFACES:
                    raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "partial cube maps are not supported",
                               method)
                array, cube = 6, True
            depth = 1
            res_dim = RES_DIM_2D
    if misc & MISC_TEXTURECUBE and res_dim == RES_DIM_2D and array % 6 == 0:
        cube = True
    if mips > MAX_MIPS:
        raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), f"{mips} mip levels (D3D11 allows 15)", method)
    too_big = {
        RES_DIM_1D: array > MAX_ARRAY or width > MAX_1D,
        RES_DIM_2D: array > MAX_ARRAY or width > (MAX_CUBE if cube else MAX_2D) or height > (MAX_CUBE if cube
                                                                                              else MAX_2D),
        RES_DIM_3D: array > 1 or width > MAX_3D or height > MAX_3D or depth > MAX_3D,
    }[res_dim]
    if too_big:
        raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "resource dimensions too large for Direct3D 11", method)

    autogen = False
    if mips == 1 and context is not None and want_view and \
            _format_supports(device, fmt, FORMAT_SUPPORT_MIP_AUTOGEN):
        autogen = res_dim != RES_DIM_3D or int(device.GetFeatureLevel()) >= FL_10_0
    if autogen:
        tex, srv = create_d3d_resources(device, res_dim, width, height, depth, 0, array, fmt, usage,
                                        bind | BIND_RENDER_TARGET, cpu, misc | MISC_GENERATE_MIPS, load_flags,
                                        cube, None, True)
        num_bytes, row_bytes, _ = dds.surface_info(width, height, fmt)
        if num_bytes > len(bits):
            raise fail(HRESULT_FROM_WIN32(ERROR_HANDLE_EOF), "the file holds fewer bytes than its top level",
                       method)
        levels = int(tex.GetDesc().MipLevels)
        slice_bytes = num_bytes * (depth if res_dim == RES_DIM_3D else 1)
        # each item's top level; with IGNORE_MIPS the file's other levels of the item are stepped over
        item_bytes = sum(dds.surface_info(max(1, width >> k), max(1, height >> k), fmt)[0]
                         * (max(1, depth >> k) if res_dim == RES_DIM_3D else 1) for k in range(file_mips))
        for item in range(array):
            start = item * item_bytes
            if start + slice_bytes > len(bits):
                raise fail(HRESULT_FROM_WIN32(ERROR_HANDLE_EOF), "the file holds fewer bytes than its items",
                           method)
            context.UpdateSubresource(tex, item * levels, None, bits[start:start + slice_bytes], row_bytes, num_bytes)
        context.GenerateMips(srv)
        return (tex if want_tex else None), srv, dds.alpha_mode(hdr)

    tw, th, td, skip, init = _fill_init_data(width, height, depth, mips, array, fmt, maxsize, bits, method,
                                             file_mips)
    try:
        tex, srv = create_d3d_resources(device, res_dim, tw, th, td, mips - skip, array, fmt, usage, bind, cpu,
                                        misc, load_flags, cube, init, want_view)
    except Exception:
        if maxsize or mips <= 1:
            raise
        maxsize = _limits_for_level(int(device.GetFeatureLevel()), res_dim, cube)
        tw, th, td, skip, init = _fill_init_data(width, height, depth, mips, array, fmt, maxsize, bits, method,
                                                 file_mips)
        tex, srv = create_d3d_resources(device, res_dim, tw, th, td, mips - skip, array, fmt, usage, bind, cpu,
                                        misc, load_flags, cube, init, want_view)
    return (tex if want_tex else None), srv, dds.alpha_mode(hdr)


def _result(tex: Any, srv: Any, mode: int, want_alpha: bool) -> tuple[Any, ...]:
    return (tex, srv, mode) if want_alpha else (tex, srv)


def CreateDDSTextureFromMemory(d3dDevice: Any, *args: Any, texture: bool = True, textureView: bool = True,  # noqa: N802,N803
                               alphaMode: bool = False) -> tuple[Any, ...]:
    """([d3dContext,] ddsData, ddsDataSize=None, maxsize=0) -> (texture, textureView[, alphaMode])."""
    m = "CreateDDSTextureFromMemory"
    context, rest = split_context(args)
    data, size, maxsize = (list(rest) + [None, None, 0][len(rest):])[:3]
    r = create_texture_from_dds(d3dDevice, context, as_bytes(data, size, m), int(maxsize or 0), USAGE_DEFAULT,
                                BIND_SHADER_RESOURCE, 0, 0, DDS_LOADER_DEFAULT, texture, textureView, m)
    return _result(*r, alphaMode)


def CreateDDSTextureFromMemoryEx(d3dDevice: Any, *args: Any, texture: bool = True, textureView: bool = True,  # noqa: N802,N803
                                 alphaMode: bool = False) -> tuple[Any, ...]:
    """([d3dContext,] ddsData, ddsDataSize, maxsize, usage, bindFlags, cpuAccessFlags, miscFlags, forceSRGB)
    -> (texture, textureView[, alphaMode]). ``forceSRGB`` is the old bool or the newer DDS_LOADER_FLAGS
    (FORCE_SRGB 0x1, IGNORE_SRGB 0x2: the _SRGB formats load as their UNORM twin, IGNORE_MIPS 0x20: only the
    top level of each item)."""
    m = "CreateDDSTextureFromMemoryEx"
    context, rest = split_context(args)
    if len(rest) != 8:
        raise TypeError(f"{m} takes [d3dContext,] ddsData, ddsDataSize, maxsize, usage, bindFlags, "
                        "cpuAccessFlags, miscFlags, forceSRGB")
    data, size, maxsize, usage, bind, cpu, misc, force = rest
    r = create_texture_from_dds(d3dDevice, context, as_bytes(data, size, m), int(maxsize or 0), int(usage),
                                int(bind), int(cpu), int(misc), int(force), texture, textureView, m)
    return _result(*r, alphaMode)


def CreateDDSTextureFromFile(d3dDevice: Any, *args: Any, texture: bool = True, textureView: bool = True,  # noqa: N802,N803
                             alphaMode: bool = False) -> tuple[Any, ...]:
    """([d3dContext,] fileName, maxsize=0) -> (texture, textureView[, alphaMode])."""
    m = "CreateDDSTextureFromFile"
    context, rest = split_context(args)
    if not rest:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    file_name, maxsize = (list(rest) + [0])[:2]
    if file_name is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    data = memoryview(read_file(file_name, m))
    r = create_texture_from_dds(d3dDevice, context, data, int(maxsize or 0), USAGE_DEFAULT, BIND_SHADER_RESOURCE,
                                0, 0, DDS_LOADER_DEFAULT, texture, textureView, m)
    return _result(*r, alphaMode)


def CreateDDSTextureFromFileEx(d3dDevice: Any, *args: Any, texture: bool = True, textureView: bool = True,  # noqa: N802,N803
                               alphaMode: bool = False) -> tuple[Any, ...]:
    """([d3dContext,] fileName, maxsize, usage, bindFlags, cpuAccessFlags, miscFlags, forceSRGB or loadFlags)
    -> (texture, textureView[, alphaMode])."""
    m = "CreateDDSTextureFromFileEx"
    context, rest = split_context(args)
    if len(rest) != 7:
        raise TypeError(f"{m} takes [d3dContext,] fileName, maxsize, usage, bindFlags, cpuAccessFlags, "
                        "miscFlags, forceSRGB")
    file_name, maxsize, usage, bind, cpu, misc, force = rest
    if file_name is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    data = memoryview(read_file(file_name, m))
    r = create_texture_from_dds(d3dDevice, context, data, int(maxsize or 0), int(usage), int(bind), int(cpu),
                                int(misc), int(force), texture, textureView, m)
    return _result(*r, alphaMode)
