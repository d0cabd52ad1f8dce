"""Direct3D 11.1 video resource formats: creation constraints, plane layout and view formats (data only).

Sources (facts, restated): MicrosoftDocs sdk-api ``ne-dxgiformat-dxgi_format.md`` (one paragraph per video
format: the valid view formats of each plane, which view kinds exist, the width/height multiples, the
``rowPitch * (height + height / 2)`` layout of NV12/P010/P016/420_OPAQUE staging and initial data and the
``rowPitch * height * 2`` layout of NV11 with its chroma rows at half the pitch); the D3D11.1 remarks of
``CreateShaderResourceView`` / ``CreateRenderTargetView`` / ``CreateUnorderedAccessView`` (seed 000: views of
video resources are Texture2D / Texture2DArray views whose format selects the plane).

A *plane* here is a rectangle of ordinary elements inside each subresource: the luma plane at offset 0 and,
for the planar formats, the chroma plane right after it. A view of a video resource is an ordinary view of
one plane in an ordinary format (``R8_UNORM`` over NV12's luma, ``R8G8_UNORM`` over its chroma at half size,
``R8G8B8A8_UNORM`` over YUY2's macropixels at half width); :func:`view_plane` gives that mapping, and
:func:`subresource_layout` the byte layout the storage, Map, UpdateSubresource and the initial data share.
"""

from __future__ import annotations

from dataclasses import dataclass

SRV, RTV, UAV = "srv", "rtv", "uav"

# DXGI_FORMAT values used below (dxgiformat.h)
R16G16B16A16_UNORM, R16G16B16A16_UINT = 11, 12
R10G10B10A2_UNORM, R10G10B10A2_UINT = 24, 25
R8G8B8A8_UNORM, R8G8B8A8_UINT = 28, 30
R16G16_UNORM, R16G16_UINT = 35, 36
R32_UINT = 42
R8G8_UNORM, R8G8_UINT = 49, 50
R16_UNORM, R16_UINT = 56, 57
R8_UNORM, R8_UINT = 61, 62
R8G8_B8G8_UNORM = 68

AYUV, Y410, Y416, NV12, P010, P016, OPAQUE_420 = 100, 101, 102, 103, 104, 105, 106
YUY2, Y210, Y216, NV11, AI44, IA44, P8, A8P8 = 107, 108, 109, 110, 111, 112, 113, 114
P208, V208, V408 = 130, 131, 132


@dataclass(frozen=True, slots=True)
class Plane:
    """One plane of a subresource: its size is the resource size divided by (x_div, y_div), in elements of
    ``element_bytes`` (a packed 4:2:2 format's element is one 2x1 macropixel)."""

    x_div: int
    y_div: int
    element_bytes: int


@dataclass(frozen=True, slots=True)
class PlaneView:
    """What a view format addresses: ``plane``, the view's texel grid (resource size divided by
    (x_div, y_div)), and the view kinds the documentation lists for it."""

    plane: int
    x_div: int
    y_div: int
    kinds: frozenset[str]


@dataclass(frozen=True, slots=True)
class VideoFormat:
    name: str
    planes: tuple[Plane, ...]
    width_multiple: int  # "Width must be even" / "a multiple of 4"
    height_multiple: int  # "height must be even"
    views: dict[int, PlaneView]  # view format -> plane view; empty: no view of this format exists
    rows_factor: tuple[int, int] = (0, 0)  # (num, den): subresource bytes = row pitch * height * num / den
    opaque: bool = False  # 420_OPAQUE: layout hidden from applications (no CPU map, no shaders)


_ALL = frozenset((SRV, RTV, UAV))
_SU = frozenset((SRV, UAV))
_U = frozenset((UAV,))
_S = frozenset((SRV,))


def _pv(plane: int, x_div: int, y_div: int, kinds: frozenset[str], *formats: int) -> dict[int, PlaneView]:
    return {f: PlaneView(plane, x_div, y_div, kinds) for f in formats}


VIDEO_FORMATS: dict[int, VideoFormat] = {
    # 4:4:4 packed: one view over the whole surface; R32_UINT is the extra UAV format (read + write).
    AYUV: VideoFormat("AYUV", (Plane(1, 1, 4),), 1, 1,
                      {**_pv(0, 1, 1, _ALL, R8G8B8A8_UNORM, R8G8B8A8_UINT), **_pv(0, 1, 1, _U, R32_UINT)}),
    Y410: VideoFormat("Y410", (Plane(1, 1, 4),), 1, 1,
                      {**_pv(0, 1, 1, _SU, R10G10B10A2_UNORM, R10G10B10A2_UINT), **_pv(0, 1, 1, _U, R32_UINT)}),
    Y416: VideoFormat("Y416", (Plane(1, 1, 8),), 1, 1, _pv(0, 1, 1, _SU, R16G16B16A16_UNORM, R16G16B16A16_UINT)),
    # 4:2:0 planar: luma plane, then the interleaved UV plane at half width and half height.
    NV12: VideoFormat("NV12", (Plane(1, 1, 1), Plane(2, 2, 2)), 2, 2,
                      {**_pv(0, 1, 1, _ALL, R8_UNORM, R8_UINT), **_pv(1, 2, 2, _ALL, R8G8_UNORM, R8G8_UINT)},
                      (3, 2)),
    P010: VideoFormat("P010", (Plane(1, 1, 2), Plane(2, 2, 4)), 2, 2,
                      {**_pv(0, 1, 1, _ALL, R16_UNORM, R16_UINT), **_pv(1, 2, 2, _ALL, R16G16_UNORM, R16G16_UINT),
                       **_pv(1, 2, 2, _U, R32_UINT)}, (3, 2)),
    P016: VideoFormat("P016", (Plane(1, 1, 2), Plane(2, 2, 4)), 2, 2,
                      {**_pv(0, 1, 1, _ALL, R16_UNORM, R16_UINT), **_pv(1, 2, 2, _ALL, R16G16_UNORM, R16G16_UINT),
                       **_pv(1, 2, 2, _U, R32_UINT)}, (3, 2)),
    OPAQUE_420: VideoFormat("420_OPAQUE", (Plane(1, 1, 1), Plane(2, 2, 2)), 2, 2, {}, (3, 2), opaque=True),
    # 4:2:2 packed: a 2x1 macropixel per element; the RGBA view sees one texel per macropixel (half width).
    # R8G8_B8G8_UNORM is YUY2's legacy full-width view that rebuilds RGBA on read (an SRV format only).
    YUY2: VideoFormat("YUY2", (Plane(2, 1, 4),), 2, 1,
                      {**_pv(0, 2, 1, _SU, R8G8B8A8_UNORM, R8G8B8A8_UINT), **_pv(0, 2, 1, _U, R32_UINT),
                       **_pv(0, 1, 1, _S, R8G8_B8G8_UNORM)}),
    Y210: VideoFormat("Y210", (Plane(2, 1, 8),), 2, 1, _pv(0, 2, 1, _SU, R16G16B16A16_UNORM, R16G16B16A16_UINT)),
    Y216: VideoFormat("Y216", (Plane(2, 1, 8),), 2, 1, _pv(0, 2, 1, _SU, R16G16B16A16_UNORM, R16G16B16A16_UINT)),
    # 4:1:1 planar: UV plane at a quarter of the width, full height, rows at half the luma pitch; the
    # subresource is padded to twice the luma plane.
    NV11: VideoFormat("NV11", (Plane(1, 1, 1), Plane(4, 1, 2)), 4, 1,
                      {**_pv(0, 1, 1, _ALL, R8_UNORM, R8_UINT), **_pv(1, 4, 1, _ALL, R8G8_UNORM, R8G8_UINT)},
                      (2, 1)),
    # Palettized formats (video-processor input): storage only, no view format is documented.
    AI44: VideoFormat("AI44", (Plane(1, 1, 1),), 1, 1, {}),
    IA44: VideoFormat("IA44", (Plane(1, 1, 1),), 1, 1, {}),
    P8: VideoFormat("P8", (Plane(1, 1, 1),), 1, 1, {}),
    A8P8: VideoFormat("A8P8", (Plane(1, 1, 2),), 1, 1, {}),
}

# Formats D3D11 does not offer (D3D12-era additions absent from the D3D11.3 format spreadsheets): creating
# a texture of them fails as for any unsupported format, and no layout is defined here.
D3D12_ONLY = frozenset({P208, V208, V408})


def is_video_format(fmt: int) -> bool:
    return int(fmt) in VIDEO_FORMATS


def is_planar(fmt: int) -> bool:
    v = VIDEO_FORMATS.get(int(fmt))
    return v is not None and len(v.planes) > 1


@dataclass(frozen=True, slots=True)
class PlaneLayout:
    offset: int  # bytes from the start of the subresource
    width: int  # in elements
    height: int
    row_pitch: int
    element_bytes: int


def plane_layouts(fmt: int, width: int, height: int) -> tuple[PlaneLayout, ...]:
    """Where each plane lies in one tight subresource of ``width`` x ``height`` texels."""
    v = VIDEO_FORMATS[int(fmt)]
    out, offset = [], 0
    for p in v.planes:
        w, h = max(1, width // p.x_div), max(1, height // p.y_div)
        pitch = w * p.element_bytes
        out.append(PlaneLayout(offset, w, h, pitch, p.element_bytes))
        offset += pitch * h
    return tuple(out)


def subresource_layout(fmt: int, width: int, height: int) -> tuple[int, int]:
    """(row pitch, bytes) of one tight subresource: the luma row pitch, and the planes together (NV11 padded
    to ``rowPitch * height * 2``, as its staging memory is)."""
    planes = plane_layouts(fmt, width, height)
    pitch = planes[0].row_pitch
    size = sum(p.row_pitch * p.height for p in planes)
    num, den = VIDEO_FORMATS[int(fmt)].rows_factor
    if num:
        size = max(size, pitch * height * num // den)
    return pitch, size


def gather_planes(fmt: int, width: int, height: int, src: bytes | memoryview, src_pitch: int) -> bytes:
    """The tight subresource bytes of application memory laid out with ``src_pitch`` (initial data,
    UpdateSubresource): each plane's rows follow the previous plane's, the chroma rows at the luma pitch
    (4:2:0) or half of it (NV11). Raises ValueError when ``src`` is too short."""
    mem = memoryview(src).cast("B")
    planes = plane_layouts(fmt, width, height)
    luma = planes[0].row_pitch
    out = bytearray(subresource_layout(fmt, width, height)[1])
    at = 0
    for p in planes:
        pitch = src_pitch * p.row_pitch // luma if p is not planes[0] else src_pitch
        need = at + (p.height - 1) * pitch + p.row_pitch
        if len(mem) < need:
            raise ValueError(f"{len(mem)} bytes hold less than the {need} the planes need")
        for r in range(p.height):
            s = at + r * pitch
            d = p.offset + r * p.row_pitch
            out[d:d + p.row_pitch] = mem[s:s + p.row_pitch]
        at += pitch * p.height
    return bytes(out)


def source_bytes_needed(fmt: int, width: int, height: int, src_pitch: int) -> int:
    """Bytes :func:`gather_planes` reads with ``src_pitch``."""
    planes = plane_layouts(fmt, width, height)
    luma, at, need = planes[0].row_pitch, 0, 0
    for p in planes:
        pitch = src_pitch * p.row_pitch // luma if p is not planes[0] else src_pitch
        need = at + (p.height - 1) * pitch + p.row_pitch
        at += pitch * p.height
    return need


def view_plane(fmt: int, view_format: int) -> PlaneView | None:
    """The plane and texel grid ``view_format`` addresses in a resource of video format ``fmt`` (None when the
    documentation lists no such view format)."""
    v = VIDEO_FORMATS.get(int(fmt))
    return None if v is None else v.views.get(int(view_format))
