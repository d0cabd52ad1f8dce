"""Resources: ID3D11Buffer, ID3D11Texture1D/2D/3D and their creation-time validation.

Validation follows the D3D11 runtime (MicrosoftDocs D3D11_BUFFER_DESC / D3D11_TEXTURE*_DESC /
D3D11_USAGE / D3D11_BIND_FLAG / D3D11_RESOURCE_MISC_FLAG pages, spec §5.x resource rules and the
feature-level table). Each resource owns a :class:`pyd3d11.storage.ResourceStorage` (``_storage``) and
a copy of its desc with MipLevels resolved (``_desc``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.formats.video import VIDEO_FORMATS, gather_planes
from pyd3d11.formats.video import subresource_layout as video_subresource_layout
from pyd3d11.storage import ResourceStorage, StorageDimension, SubresourceLayout

from . import device_consts as C
from .caps import FeatureLevelCaps, max_mips
from .com import ID3D11DeviceChild, IDXGIResource, IDXGISurface1, facet, iid
from .device_formats import (
    FS_CPU_LOCKABLE,
    FS_DEPTH_STENCIL,
    FS_MIP,
    FS_MIP_AUTOGEN,
    FS_RENDER_TARGET,
    FS_SHADER_LOAD,
    FS_SHADER_SAMPLE,
    FS_TEXTURE1D,
    FS_TEXTURE2D,
    FS_TEXTURE3D,
    FS_TEXTURECUBE,
    FS_TYPED_UNORDERED_ACCESS_VIEW,
    format_facts,
    format_name,
    format_support,
    is_typeless,
    is_video,
    video_facts,
)
from .device_structs import (
    D3D11_BUFFER_DESC,
    D3D11_TEXTURE1D_DESC,
    D3D11_TEXTURE2D_DESC,
    D3D11_TEXTURE3D_DESC,
    F,
    Reject,
    coerce,
    reject,
)
from .memory_in import source_bytes

_VALID_MISC = (C.MISC_GENERATE_MIPS | C.MISC_SHARED | C.MISC_TEXTURECUBE | C.MISC_DRAWINDIRECT_ARGS
               | C.MISC_BUFFER_ALLOW_RAW_VIEWS | C.MISC_BUFFER_STRUCTURED | C.MISC_RESOURCE_CLAMP
               | C.MISC_SHARED_KEYEDMUTEX | C.MISC_GDI_COMPATIBLE | C.MISC_SHARED_NTHANDLE
               | C.MISC_RESTRICTED_CONTENT | C.MISC_RESTRICT_SHARED_RESOURCE
               | C.MISC_RESTRICT_SHARED_RESOURCE_DRIVER | C.MISC_GUARDED | C.MISC_TILE_POOL | C.MISC_TILED
               | C.MISC_HW_PROTECTED)
_UNSUPPORTED_MISC = C.MISC_TILE_POOL | C.MISC_TILED | C.MISC_HW_PROTECTED | C.MISC_RESTRICTED_CONTENT | \
    C.MISC_RESTRICT_SHARED_RESOURCE | C.MISC_RESTRICT_SHARED_RESOURCE_DRIVER | C.MISC_GUARDED

_USAGE_NAMES = {0: "D3D11_USAGE_DEFAULT", 1: "D3D11_USAGE_IMMUTABLE", 2: "D3D11_USAGE_DYNAMIC",
                3: "D3D11_USAGE_STAGING"}


# ------------------------------------------------------------------------------------------------
# COM objects
# ------------------------------------------------------------------------------------------------


class ID3D11Resource(ID3D11DeviceChild):
    _iid = iid("ID3D11Resource", "dc8e63f3-d12b-4952-b47b-5e45026a862d")
    _dimension = C.RES_DIM_UNKNOWN

    def __init__(self, device: Any, desc: Any, storage: ResourceStorage) -> None:
        super().__init__(device)
        self._desc = desc
        self._storage = storage
        self._eviction_priority = 0x78000000  # DXGI_RESOURCE_PRIORITY_NORMAL

    def GetType(self) -> int:
        """D3D11_RESOURCE_DIMENSION of the resource."""
        return self._dimension

    def SetEvictionPriority(self, EvictionPriority: int) -> None:  # noqa: N803
        self._eviction_priority = int(EvictionPriority) & 0xFFFFFFFF

    def GetEvictionPriority(self) -> int:
        return self._eviction_priority

    def GetDesc(self) -> Any:
        return coerce(type(self._desc), self._desc)

    def _extra_interface(self, key: Any) -> Any:
        from .sharing import extra_interface  # IDXGIResource/IDXGIResource1 facet, IDXGIKeyedMutex

        found = extra_interface(self, key)
        if found is not None:
            return found
        if key == IDXGIResource._iid:
            return facet(self, IDXGIResource)  # cached: one IDXGIResource object per resource
        return None


class ID3D11Buffer(ID3D11Resource):
    _iid = iid("ID3D11Buffer", "48570b85-d1ee-4fcd-a250-eb350722b037")
    _dimension = C.RES_DIM_BUFFER


class ID3D11Texture1D(ID3D11Resource):
    _iid = iid("ID3D11Texture1D", "f8fb5c27-c6b3-4f75-a4c8-439af2ef564c")
    _dimension = C.RES_DIM_TEXTURE1D


class ID3D11Texture2D(ID3D11Resource):
    _iid = iid("ID3D11Texture2D", "6f15aaf2-d208-4e89-9ab4-489535d34f9c")
    _dimension = C.RES_DIM_TEXTURE2D

    def _extra_interface(self, key: Any) -> Any:
        # IDXGISurface exists for single-subresource 2D textures (DXGI surfaces are one image).
        if key in (IDXGISurface1._iid, iid("IDXGISurface", "cafcb56c-6ac3-4889-bf47-9e23bbd260ec")) and \
                self._desc.MipLevels == 1 and self._desc.ArraySize == 1:
            return facet(self, IDXGISurface1)
        return super()._extra_interface(key)

    def _repr_png_(self) -> bytes | None:
        """Jupyter hook (Python convenience, not D3D): subresource 0 as a screen shows it (``save_png``'s
        rules, RGB). None — Jupyter then falls back to the text repr — for what cannot be shown:
        multisampled, typeless, video or depth formats' decode failures, or Pillow absent."""
        from pyd3d11.api.convenience import display_rgba8, png_bytes
        from pyd3d11.errors import NotSupportedError

        try:
            return png_bytes(display_rgba8(None, self, 0))
        except (NotSupportedError, ImportError):
            return None


class ID3D11Texture3D(ID3D11Resource):
    _iid = iid("ID3D11Texture3D", "037e866e-f56d-4357-a8af-9dabbe6e250e")
    _dimension = C.RES_DIM_TEXTURE3D


# ------------------------------------------------------------------------------------------------
# Validation shared by buffers and textures
# ------------------------------------------------------------------------------------------------


def _check_usage(prefix: str, usage: int, bind: int, cpu: int, initial: Any) -> None:
    """Usage/bind/CPU-access combinations (D3D11_USAGE docs, "Resource usage restrictions" table)."""
    if usage not in _USAGE_NAMES:
        raise reject(f"Usage {usage} is not a D3D11_USAGE value", prefix + "UNRECOGNIZEDUSAGE")
    if bind & ~C.BIND_VALID:
        raise reject(f"BindFlags 0x{bind:X} has unknown bits", prefix + "UNRECOGNIZEDBINDFLAGS")
    if cpu & ~(C.CPU_ACCESS_READ | C.CPU_ACCESS_WRITE):
        raise reject(f"CPUAccessFlags 0x{cpu:X} has unknown bits", prefix + "UNRECOGNIZEDCPUACCESSFLAGS")
    uname = _USAGE_NAMES[usage]
    if usage in (C.USAGE_DEFAULT, C.USAGE_IMMUTABLE) and cpu:
        raise reject(f"CPUAccessFlags must be 0 for {uname}", prefix + "INVALIDCPUACCESSFLAGS")
    if usage == C.USAGE_DYNAMIC:
        if cpu != C.CPU_ACCESS_WRITE:
            raise reject("CPUAccessFlags must be exactly D3D11_CPU_ACCESS_WRITE for D3D11_USAGE_DYNAMIC",
                         prefix + "INVALIDCPUACCESSFLAGS")
        bad = bind & (C.BIND_STREAM_OUTPUT | C.BIND_RENDER_TARGET | C.BIND_DEPTH_STENCIL | C.BIND_UNORDERED_ACCESS)
        if bad:
            raise reject(f"BindFlags 0x{bad:X} (SO/RT/DS/UAV) not allowed with D3D11_USAGE_DYNAMIC",
                         prefix + "INVALIDBINDFLAGS")
    if usage in (C.USAGE_IMMUTABLE, C.USAGE_DYNAMIC) and not bind:
        # IMMUTABLE and DYNAMIC resources exist to be read by the pipeline: one bind flag at least
        # (D3D11_USAGE "Resource usage restrictions": only STAGING resources have no bind flags).
        raise reject(f"{uname} resources need at least one BindFlags bit", prefix + "INVALIDBINDFLAGS")
    if usage == C.USAGE_STAGING:
        if bind:
            raise reject("BindFlags must be 0 for D3D11_USAGE_STAGING", prefix + "INVALIDBINDFLAGS")
        if not cpu:
            raise reject("CPUAccessFlags must be READ and/or WRITE for D3D11_USAGE_STAGING",
                         prefix + "INVALIDCPUACCESSFLAGS")
    if usage == C.USAGE_IMMUTABLE:
        if initial is None:
            raise reject("D3D11_USAGE_IMMUTABLE needs pInitialData", prefix + "INVALIDINITIALDATA")
        bad = bind & (C.BIND_STREAM_OUTPUT | C.BIND_RENDER_TARGET | C.BIND_DEPTH_STENCIL | C.BIND_UNORDERED_ACCESS)
        if bad:
            raise reject(f"BindFlags 0x{bad:X} (SO/RT/DS/UAV) not allowed with D3D11_USAGE_IMMUTABLE",
                         prefix + "INVALIDBINDFLAGS")


def _check_misc_common(prefix: str, misc: int) -> None:
    """Misc flags every resource kind shares (D3D11_RESOURCE_MISC_FLAG docs): SHARED and SHARED_KEYEDMUTEX
    are mutually exclusive; SHARED_NTHANDLE qualifies one of them; GDI_COMPATIBLE excludes SHARED_KEYEDMUTEX
    and RESOURCE_CLAMP."""
    if misc & ~_VALID_MISC:
        raise reject(f"MiscFlags 0x{misc:X} has unknown bits", prefix + "UNRECOGNIZEDMISCFLAGS")
    if misc & _UNSUPPORTED_MISC:
        raise reject(f"MiscFlags 0x{misc & _UNSUPPORTED_MISC:X} (tiled/protected resources) not supported by "
                     "this device", prefix + "INVALIDMISCFLAGS")
    if misc & C.MISC_SHARED and misc & C.MISC_SHARED_KEYEDMUTEX:
        raise reject("MISC_SHARED and MISC_SHARED_KEYEDMUTEX are mutually exclusive", prefix + "INVALIDMISCFLAGS")
    if misc & C.MISC_SHARED_NTHANDLE and not misc & (C.MISC_SHARED | C.MISC_SHARED_KEYEDMUTEX):
        raise reject("MISC_SHARED_NTHANDLE needs MISC_SHARED or MISC_SHARED_KEYEDMUTEX", prefix + "INVALIDMISCFLAGS")
    if misc & C.MISC_GDI_COMPATIBLE and misc & (C.MISC_SHARED_KEYEDMUTEX | C.MISC_RESOURCE_CLAMP):
        raise reject("MISC_GDI_COMPATIBLE excludes MISC_SHARED_KEYEDMUTEX and MISC_RESOURCE_CLAMP",
                     prefix + "INVALIDMISCFLAGS")


# Formats a GDI-compatible texture may have (D3D11_RESOURCE_MISC_GDI_COMPATIBLE docs).
_GDI_FORMATS = frozenset({87, 90, 91})  # B8G8R8A8_UNORM, B8G8R8A8_TYPELESS, B8G8R8A8_UNORM_SRGB


def _check_gdi_texture(prefix: str, ndim: int, fmt: int, usage: int, bind: int, mips: int, count: int) -> None:
    """GDI_COMPATIBLE textures: 2D, a BGRA8 format, render target, one mip, DEFAULT usage, one sample."""
    if ndim != 2:
        raise reject("MISC_GDI_COMPATIBLE is only valid on 2D textures", prefix + "INVALIDMISCFLAGS")
    if fmt not in _GDI_FORMATS:
        raise reject(f"MISC_GDI_COMPATIBLE needs B8G8R8A8_UNORM/_TYPELESS/_UNORM_SRGB (got {format_name(fmt)})",
                     prefix + "INVALIDMISCFLAGS")
    if not bind & C.BIND_RENDER_TARGET or mips != 1 or usage != C.USAGE_DEFAULT or count != 1:
        raise reject("MISC_GDI_COMPATIBLE needs BIND_RENDER_TARGET, MipLevels 1, USAGE_DEFAULT and one sample",
                     prefix + "INVALIDMISCFLAGS")


def _mem(data: Any) -> np.ndarray:
    """Bytes of a buffer-protocol object as a flat uint8 array (no copy when possible)."""
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    return np.frombuffer(memoryview(data).cast("B"), np.uint8)


def _subresource_list(initial: Any, count: int) -> list[Any]:
    if isinstance(initial, (list, tuple)):
        items = list(initial)
    else:
        items = [initial]
    if len(items) < count:
        raise reject(f"pInitialData has {len(items)} D3D11_SUBRESOURCE_DATA entries, {count} subresources needed")
    return items


# ------------------------------------------------------------------------------------------------
# Buffers
# ------------------------------------------------------------------------------------------------


def validate_buffer(caps: FeatureLevelCaps, pDesc: Any, pInitialData: Any) -> Any:  # noqa: N803
    """Check a D3D11_BUFFER_DESC; returns the normalised desc copy. Raises :class:`Reject`."""
    P = "CREATEBUFFER_"
    if pDesc is None:
        raise reject("pDesc is NULL", P + "NULLDESC")
    desc = coerce(D3D11_BUFFER_DESC, pDesc)
    width, usage, bind = int(desc.ByteWidth), int(desc.Usage), int(desc.BindFlags)
    cpu, misc, stride = int(desc.CPUAccessFlags), int(desc.MiscFlags), int(desc.StructureByteStride)
    if width == 0:
        raise reject("ByteWidth is 0", P + "INVALIDDIMENSIONS")
    if width > 0xFFFFFFFF:
        raise reject(f"ByteWidth {width} exceeds UINT", P + "INVALIDDIMENSIONS")
    _check_usage(P, usage, bind, cpu, pInitialData)
    _check_misc_common(P, misc)
    if misc & (C.MISC_GENERATE_MIPS | C.MISC_TEXTURECUBE | C.MISC_GDI_COMPATIBLE | C.MISC_RESOURCE_CLAMP):
        raise reject(f"MiscFlags 0x{misc:X}: GENERATE_MIPS/TEXTURECUBE/GDI_COMPATIBLE/RESOURCE_CLAMP are "
                     "texture-only", P + "INVALIDMISCFLAGS")
    # Buffers may be render targets (RTV_DIMENSION_BUFFER); only DEPTH_STENCIL is texture-only
    # (wine test_create_buffer: BIND_RENDER_TARGET succeeds on native).
    if bind & C.BIND_DEPTH_STENCIL:
        raise reject("BindFlags DEPTH_STENCIL is not allowed on buffers", P + "INVALIDBINDFLAGS")
    if bind & C.BIND_CONSTANT_BUFFER:
        if bind & ~C.BIND_CONSTANT_BUFFER:
            raise reject("D3D11_BIND_CONSTANT_BUFFER cannot be combined with other bind flags",
                         P + "INVALIDCONSTANTBUFFERBINDINGS")
        if width % 16:
            raise reject(f"ByteWidth {width} of a constant buffer must be a multiple of 16", P + "INVALIDDIMENSIONS")
        if caps.max_cb_size_16 and width > caps.max_cb_size_16 * 16:
            raise reject(f"ByteWidth {width} of a constant buffer exceeds {caps.max_cb_size_16 * 16} "
                         f"(D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT*16)", P + "INVALIDDIMENSIONS")
        if misc & (C.MISC_BUFFER_STRUCTURED | C.MISC_BUFFER_ALLOW_RAW_VIEWS | C.MISC_DRAWINDIRECT_ARGS):
            raise reject("constant buffers cannot be structured, raw or indirect-args buffers",
                         P + "INVALIDMISCFLAGS")
    if bind & C.BIND_STREAM_OUTPUT and not caps.stream_output:
        raise reject(f"D3D11_BIND_STREAM_OUTPUT needs feature level 10_0 (device is {caps.name})",
                     P + "INVALIDBINDFLAGS")
    if bind & C.BIND_UNORDERED_ACCESS and not caps.cs:
        raise reject(f"D3D11_BIND_UNORDERED_ACCESS is not available at feature level {caps.name}",
                     P + "INVALIDBINDFLAGS")
    if bind & C.BIND_SHADER_RESOURCE and caps.level < C.FL_10_0:
        raise reject(f"D3D11_BIND_SHADER_RESOURCE buffers need feature level 10_0 (device is {caps.name})",
                     P + "INVALIDBINDFLAGS")
    if misc & C.MISC_BUFFER_STRUCTURED:
        if misc & C.MISC_BUFFER_ALLOW_RAW_VIEWS:
            raise reject("BUFFER_STRUCTURED and BUFFER_ALLOW_RAW_VIEWS are exclusive", P + "INVALIDMISCFLAGS")
        if misc & C.MISC_DRAWINDIRECT_ARGS:
            raise reject("BUFFER_STRUCTURED and DRAWINDIRECT_ARGS are exclusive", P + "INVALIDMISCFLAGS")
        if not caps.structured_buffers:
            raise reject(f"structured buffers need feature level 10_0 (device is {caps.name})",
                         P + "INVALIDMISCFLAGS")
        if stride == 0 or stride % 4 or stride > C.REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES:
            raise reject(f"StructureByteStride {stride} must be a non-zero multiple of 4 and <= 2048",
                         P + "INVALIDMISCFLAGS")
        if width % stride:
            raise reject(f"ByteWidth {width} is not a multiple of StructureByteStride {stride}",
                         P + "INVALIDDIMENSIONS")
        if bind & (C.BIND_VERTEX_BUFFER | C.BIND_INDEX_BUFFER | C.BIND_STREAM_OUTPUT):
            raise reject("structured buffers cannot be bound as vertex/index/stream-output buffers",
                         P + "INVALIDBINDFLAGS")
    if misc & C.MISC_BUFFER_ALLOW_RAW_VIEWS:
        if not bind & (C.BIND_SHADER_RESOURCE | C.BIND_UNORDERED_ACCESS):
            raise reject("BUFFER_ALLOW_RAW_VIEWS needs D3D11_BIND_SHADER_RESOURCE or UNORDERED_ACCESS",
                         P + "INVALIDMISCFLAGS")
        if not caps.structured_buffers:
            raise reject(f"raw buffers need feature level 10_0 (device is {caps.name})", P + "INVALIDMISCFLAGS")
    if misc & C.MISC_DRAWINDIRECT_ARGS and caps.level < C.FL_10_0:
        raise reject(f"DRAWINDIRECT_ARGS needs feature level 10_0 (device is {caps.name})", P + "INVALIDMISCFLAGS")
    if pInitialData is not None:
        sub = _subresource_list(pInitialData, 1)[0]
        mem = F(sub, "pSysMem", None)
        if mem is None:
            raise reject("pInitialData->pSysMem is NULL", P + "INVALIDINITIALDATA")
        size = source_bytes(mem, "pInitialData->pSysMem", bind=bind, message_name=P + "INVALIDINITIALDATA").size
        if size < width:
            raise reject(f"pInitialData->pSysMem holds {size} bytes, ByteWidth is {width}",
                         P + "INVALIDINITIALDATA")
    if not misc & C.MISC_BUFFER_STRUCTURED:
        # GetDesc reports StructureByteStride 0 unless the buffer is structured (wine test_create_buffer).
        desc.StructureByteStride = 0
    return desc


# --- resource size limit (D3D11.3 §21 "Resource Limits": min(max(128, 0.25 x VRAM), 2048) MB) -----------

E_OUTOFMEMORY = 0x8007000E


def max_resource_bytes() -> int:
    """D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_{A,B,C}_TERM applied to the adapter's memory: the
    software adapter has no dedicated VRAM, so the memory it reports as shared system memory stands in
    for it (4 GiB -> 1024 MB, which holds one 16384 x 16384 R8G8B8A8 texture)."""
    from .dxgi_factory import SHARED_SYSTEM_MEMORY

    mb = min(max(C_A_TERM, C_B_TERM * (SHARED_SYSTEM_MEMORY >> 20)), C_C_TERM)
    return int(mb) << 20


C_A_TERM, C_B_TERM, C_C_TERM = 128, 0.25, 2048


def texture_bytes(ndim: int, desc: Any, facts: Any) -> int:
    """Bytes of a texture's subresources in the tight layout storage.ResourceStorage allocates."""
    w, h, d, arr, count = texture_storage_shape(ndim, desc)
    if facts.kind == "video":
        return arr * sum(video_subresource_layout(facts.format, max(1, w >> m), max(1, h >> m))[1]
                         for m in range(int(desc.MipLevels)))
    bw, bh = facts.block_width or facts.block_size, facts.block_height or facts.block_size
    total = 0
    for m in range(int(desc.MipLevels)):
        mw, mh = max(1, w >> m), max(1, h >> m) if ndim >= 2 else 1
        md = max(1, d >> m) if ndim == 3 else 1
        total += -(-mw // bw) * facts.bytes_per_block * -(-mh // bh) * md * count
    return total * arr


def _allocate(kind: str, size: int, make: Any) -> ResourceStorage:
    """Refuse what exceeds the resource size limit and turn a failed allocation into E_OUTOFMEMORY
    (what CreateBuffer / CreateTexture*D return when memory runs out) instead of a numpy MemoryError."""
    limit = max_resource_bytes()
    if size > limit:
        raise reject(f"the resource needs {size} bytes, more than the {limit >> 20} MB resource size limit "
                     "(D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_*)", f"CREATE{kind}_LARGEALLOCATION",
                     E_OUTOFMEMORY)
    try:
        return make()
    except MemoryError:
        raise reject(f"allocating {size} bytes failed", f"CREATE{kind}_OUTOFMEMORY_RETURN", E_OUTOFMEMORY) from None


def create_buffer_storage(desc: Any, pInitialData: Any) -> ResourceStorage:  # noqa: N803
    width = int(desc.ByteWidth)
    stride = int(desc.StructureByteStride) if int(desc.MiscFlags) & C.MISC_BUFFER_STRUCTURED else 0
    st = _allocate("BUFFER", width, lambda: ResourceStorage.create(C.RES_DIM_BUFFER, 0, width,
                                                                    structure_stride=stride))
    if pInitialData is not None:
        sub = _subresource_list(pInitialData, 1)[0]
        st.data[:] = _mem(F(sub, "pSysMem"))[:width]
        st.touch()
    return st


# ------------------------------------------------------------------------------------------------
# Textures
# ------------------------------------------------------------------------------------------------

_TEX_DESC = {1: D3D11_TEXTURE1D_DESC, 2: D3D11_TEXTURE2D_DESC, 3: D3D11_TEXTURE3D_DESC}
_TEX_SUPPORT = {1: FS_TEXTURE1D, 2: FS_TEXTURE2D, 3: FS_TEXTURE3D}


def group_support(fmt: int, level: int) -> int:
    """Support bits of ``fmt``; for TYPELESS formats the union over the cast group (views pick the type)."""
    bits = format_support(fmt, level)
    if is_typeless(fmt):
        f = format_facts(fmt)
        for v in range(1, 192):
            g = format_facts(v)
            if g is not None and f is not None and g.group == f.group and v != fmt:
                bits |= format_support(v, level)
    return bits


def validate_texture(caps: FeatureLevelCaps, ndim: int, pDesc: Any, pInitialData: Any,  # noqa: N803
                     msaa_quality_levels: Any = None) -> Any:
    """Check a D3D11_TEXTURE{1,2,3}D_DESC; returns the desc copy with MipLevels resolved."""
    P = f"CREATETEXTURE{ndim}D_"
    if pDesc is None:
        raise reject("pDesc is NULL", P + "NULLDESC")
    desc = coerce(_TEX_DESC[ndim], pDesc)
    w = int(desc.Width)
    h = int(desc.Height) if ndim >= 2 else 1
    d = int(desc.Depth) if ndim == 3 else 1
    arr = int(desc.ArraySize) if ndim <= 2 else 1
    fmt, usage, bind = int(desc.Format), int(desc.Usage), int(desc.BindFlags)
    cpu, misc, mips = int(desc.CPUAccessFlags), int(desc.MiscFlags), int(desc.MipLevels)
    count, quality = 1, 0
    if ndim == 2:
        count, quality = int(F(desc.SampleDesc, "Count")), int(F(desc.SampleDesc, "Quality"))

    facts = video_facts(fmt) if is_video(fmt) else format_facts(fmt)
    if fmt == C.FMT_UNKNOWN or facts is None:
        raise reject(f"Format {format_name(fmt)} is not a valid texture format", P + "UNRECOGNIZEDFORMAT")
    _check_usage(P, usage, bind, cpu, pInitialData)
    _check_misc_common(P, misc)
    if misc & (C.MISC_BUFFER_STRUCTURED | C.MISC_BUFFER_ALLOW_RAW_VIEWS | C.MISC_DRAWINDIRECT_ARGS):
        raise reject("MiscFlags BUFFER_STRUCTURED/ALLOW_RAW_VIEWS/DRAWINDIRECT_ARGS are buffer-only",
                     P + "INVALIDMISCFLAGS")
    if bind & (C.BIND_VERTEX_BUFFER | C.BIND_INDEX_BUFFER | C.BIND_CONSTANT_BUFFER | C.BIND_STREAM_OUTPUT):
        raise reject("BindFlags VERTEX/INDEX/CONSTANT_BUFFER/STREAM_OUTPUT are buffer-only", P + "INVALIDBINDFLAGS")
    if bind & C.BIND_DEPTH_STENCIL and bind & (C.BIND_RENDER_TARGET | C.BIND_UNORDERED_ACCESS):
        raise reject("D3D11_BIND_DEPTH_STENCIL cannot be combined with RENDER_TARGET or UNORDERED_ACCESS",
                     P + "INVALIDBINDFLAGS")

    # dimensions (feature-level table)
    cube = bool(misc & C.MISC_TEXTURECUBE)
    if w < 1 or h < 1 or d < 1 or arr < 1:
        raise reject(f"Width/Height/Depth/ArraySize ({w}, {h}, {d}, {arr}) must be >= 1", P + "INVALIDDIMENSIONS")
    limit = {1: caps.max_texture_1d, 2: caps.max_texture_2d, 3: caps.max_texture_3d}[ndim]
    if cube:
        if ndim != 2:
            raise reject("D3D11_RESOURCE_MISC_TEXTURECUBE is only valid on 2D textures", P + "INVALIDMISCFLAGS")
        limit = caps.max_texture_cube
        # Windows accepts any ArraySize >= 6 for a cube texture (7, 10 succeed; wine d3d11
        # test_create_texture2d); cube views then need NumCubes * 6 slices inside the array.
        if arr < 6:
            raise reject(f"ArraySize {arr} of a cube texture must be at least 6 (not a multiple of 6 necessarily)",
                         P + "INVALIDDIMENSIONS")
        if arr > 6 and not caps.cube_arrays:
            raise reject(f"cube arrays (ArraySize {arr}) need feature level 10_1 (device is {caps.name})",
                         P + "INVALIDDIMENSIONS")
        if w != h:
            raise reject(f"cube textures must be square (Width {w}, Height {h})", P + "INVALIDDIMENSIONS")
    if max(w, h, d) > limit:
        raise reject(f"dimension {max(w, h, d)} exceeds the {limit} allowed at feature level {caps.name}",
                     P + "INVALIDDIMENSIONS")
    max_arr = max(caps.max_array_size, 6 if cube else 1)
    if arr > max_arr:
        raise reject(f"ArraySize {arr} exceeds the {max_arr} allowed at feature level {caps.name}",
                     P + "INVALIDDIMENSIONS")

    # format capabilities
    support = group_support(fmt, caps.level)
    need = FS_TEXTURECUBE if cube else _TEX_SUPPORT[ndim]
    if not support & need:
        raise reject(f"{format_name(fmt)} cannot be used for a "
                     f"{'cube' if cube else f'{ndim}D'} texture at feature level {caps.name}",
                     P + "UNSUPPORTEDFORMAT")
    for flag, bit, what in ((C.BIND_RENDER_TARGET, FS_RENDER_TARGET, "RENDER_TARGET"),
                            (C.BIND_DEPTH_STENCIL, FS_DEPTH_STENCIL, "DEPTH_STENCIL"),
                            (C.BIND_UNORDERED_ACCESS, FS_TYPED_UNORDERED_ACCESS_VIEW, "UNORDERED_ACCESS"),
                            (C.BIND_SHADER_RESOURCE, FS_SHADER_LOAD | FS_SHADER_SAMPLE, "SHADER_RESOURCE")):
        if bind & flag and not support & bit:
            raise reject(f"{format_name(fmt)} does not support D3D11_BIND_{what}", P + "UNSUPPORTEDFORMAT")
    if bind & C.BIND_UNORDERED_ACCESS and not caps.uav_graphics:
        raise reject(f"texture UAVs need feature level 11_0 (device is {caps.name})", P + "INVALIDBINDFLAGS")
    if facts.block_size > 1 and (w % facts.block_size or h % facts.block_size):
        raise reject(f"Width/Height ({w}, {h}) of a block-compressed {format_name(fmt)} texture must be multiples "
                     f"of {facts.block_size}", P + "INVALIDDIMENSIONS")

    if is_video(fmt):
        _check_video_texture(P, fmt, w, h, cpu, support)

    # mips
    full = max_mips(w, h, d)
    if mips == 0:
        mips = full
    if is_video(fmt) and mips > 1 and not support & FS_MIP:
        # the planar and 4:2:2 formats have no "Mip" column in the format spreadsheets: one level only
        raise reject(f"{format_name(fmt)} textures have one mip level (MipLevels {int(desc.MipLevels)} resolves "
                     f"to {mips})", P + "INVALIDMIPLEVELS")
    if mips > full or mips > C.REQ_MIP_LEVELS:
        raise reject(f"MipLevels {int(desc.MipLevels)} exceeds the full chain of {full} for {w}x{h}x{d}",
                     P + "INVALIDMIPLEVELS")
    if usage == C.USAGE_DYNAMIC and (mips != 1 or arr != 1):
        # D3D11_USAGE "Resource Bind Options" note 3: a DYNAMIC resource has a single subresource, so no
        # texture array and no mip chain.
        raise reject(f"a D3D11_USAGE_DYNAMIC texture needs MipLevels 1 and ArraySize 1 (got {mips}, {arr})",
                     P + "INVALIDMIPLEVELS" if mips != 1 else P + "INVALIDDIMENSIONS")
    if misc & C.MISC_GENERATE_MIPS:
        if (bind & (C.BIND_SHADER_RESOURCE | C.BIND_RENDER_TARGET)) != (C.BIND_SHADER_RESOURCE | C.BIND_RENDER_TARGET):
            raise reject("GENERATE_MIPS needs both D3D11_BIND_SHADER_RESOURCE and D3D11_BIND_RENDER_TARGET",
                         P + "INVALIDMISCFLAGS")
        if not support & FS_MIP_AUTOGEN:
            raise reject(f"{format_name(fmt)} does not support mip generation (GENERATE_MIPS)",
                         P + "INVALIDMISCFLAGS")

    # multisampling
    if ndim == 2:
        if count < 1:
            raise reject(f"SampleDesc.Count {count} must be >= 1", P + "INVALIDSAMPLES")
        if count > 1:
            levels = msaa_quality_levels(fmt, count) if msaa_quality_levels else 0
            pattern_ok = quality in (C.STANDARD_MULTISAMPLE_PATTERN, C.CENTER_MULTISAMPLE_PATTERN) and levels > 0
            if not levels or (quality >= levels and not pattern_ok):
                raise reject(f"SampleDesc (Count {count}, Quality {quality}) not supported for {format_name(fmt)}",
                             P + "INVALIDSAMPLES")
            if mips != 1:
                raise reject(f"multisampled textures need MipLevels 1 (got {int(desc.MipLevels)})",
                             P + "INVALIDMIPLEVELS")
            if usage != C.USAGE_DEFAULT:
                raise reject("multisampled textures must be D3D11_USAGE_DEFAULT", P + "INVALIDSAMPLES")
            if not bind & (C.BIND_RENDER_TARGET | C.BIND_DEPTH_STENCIL):
                raise reject("multisampled textures must be bound as RENDER_TARGET or DEPTH_STENCIL",
                             P + "INVALIDBINDFLAGS")
            if bind & C.BIND_UNORDERED_ACCESS:
                raise reject("multisampled textures cannot have D3D11_BIND_UNORDERED_ACCESS", P + "INVALIDBINDFLAGS")
            if cube:
                raise reject("multisampled textures cannot be cube maps", P + "INVALIDMISCFLAGS")
            if pInitialData is not None:
                raise reject("multisampled textures cannot have pInitialData", P + "INVALIDINITIALDATA")
        elif quality != 0:
            raise reject(f"SampleDesc.Quality {quality} must be 0 when Count is 1", P + "INVALIDSAMPLES")
    if misc & C.MISC_GDI_COMPATIBLE:
        _check_gdi_texture(P, ndim, fmt, usage, bind, mips, count)
    desc.MipLevels = mips
    if pInitialData is not None:
        subs = _subresource_list(pInitialData, mips * arr)
        for i in range(mips * arr):
            if F(subs[i], "pSysMem", None) is None:
                raise reject(f"pInitialData[{i}].pSysMem is NULL", P + "INVALIDINITIALDATA")
            source_bytes(F(subs[i], "pSysMem"), f"pInitialData[{i}].pSysMem", fmt=int(desc.Format),
                         message_name=P + "INVALIDINITIALDATA")
    return desc


def _check_video_texture(P: str, fmt: int, w: int, h: int, cpu: int, support: int) -> None:  # noqa: N803
    """The DXGI_FORMAT page's size rules of a video format (even width/height for 4:2:0, even width for 4:2:2,
    width a multiple of 4 for NV11) and CPU access only where the format is CPU-lockable (not 420_OPAQUE,
    whose layout applications cannot see)."""
    v = VIDEO_FORMATS[int(fmt)]
    if w % v.width_multiple or h % v.height_multiple:
        raise reject(f"a {format_name(fmt)} texture needs Width a multiple of {v.width_multiple} and Height a "
                     f"multiple of {v.height_multiple} (got {w}x{h})", P + "INVALIDDIMENSIONS")
    if cpu and not support & FS_CPU_LOCKABLE:
        raise reject(f"{format_name(fmt)} cannot be mapped: CPUAccessFlags must be 0", P + "INVALIDCPUACCESSFLAGS")


def texture_storage_shape(ndim: int, desc: Any) -> tuple[int, int, int, int, int]:
    h = int(desc.Height) if ndim >= 2 else 1
    d = int(desc.Depth) if ndim == 3 else 1
    arr = int(desc.ArraySize) if ndim <= 2 else 1
    count = int(F(desc.SampleDesc, "Count", 1)) if ndim == 2 else 1
    return int(desc.Width), h, d, arr, count


def create_texture_storage(ndim: int, desc: Any, pInitialData: Any) -> ResourceStorage:  # noqa: N803
    """Allocate the storage and copy initial data row by row honouring SysMemPitch/SysMemSlicePitch."""
    if is_video(int(desc.Format)):
        return _create_video_storage(desc, pInitialData)
    facts = format_facts(int(desc.Format))
    w, h, d, arr, count = texture_storage_shape(ndim, desc)
    st = _allocate(f"TEXTURE{ndim}D", texture_bytes(ndim, desc, facts), lambda: ResourceStorage.create(
        ndim + 1, int(desc.Format), w, h, d, int(desc.MipLevels), arr, count, bytes_per_block=facts.bytes_per_block,
        block_size=facts.block_size, block_width=facts.block_width, block_height=facts.block_height))
    if count > 1:  # the pattern the quality level names (validated above): samplepos on views of it reads it
        st.sample_quality = int(F(desc.SampleDesc, "Quality", 0)) & 0xFFFFFFFF
    if pInitialData is None:
        return st
    subs = _subresource_list(pInitialData, len(st.subresources))
    for i in range(len(st.subresources)):
        copy_into_subresource(st, i, subs[i], ndim, f"pInitialData[{i}]")
    st.touch()
    return st


def _create_video_storage(desc: Any, pInitialData: Any) -> ResourceStorage:  # noqa: N803
    """A video texture's storage: each subresource holds its planes in the DXGI_FORMAT page's layout (luma rows,
    then chroma rows at the luma pitch, or half of it for NV11), the layout Map hands out and initial data
    uses (formats/video.py)."""
    fmt = int(desc.Format)
    facts = video_facts(fmt)
    w, h, _, arr, _ = texture_storage_shape(2, desc)
    mips = int(desc.MipLevels)
    layouts, offset = [], 0
    for a in range(arr):
        for m in range(mips):
            mw, mh = max(1, w >> m), max(1, h >> m)
            pitch, size = video_subresource_layout(fmt, mw, mh)
            layouts.append(SubresourceLayout(offset, mw, mh, 1, pitch, size, size, m, a))
            offset += size

    def make() -> ResourceStorage:
        st = ResourceStorage(StorageDimension.TEXTURE2D, fmt, w, h, 1, mips, arr, 1, 0, facts.bytes_per_block, 1,
                             facts.block_width, 1, layouts)
        st.data = np.zeros(offset, np.uint8)
        return st

    st = _allocate("TEXTURE2D", offset, make)
    if pInitialData is None:
        return st
    subs = _subresource_list(pInitialData, len(layouts))
    for i, L in enumerate(layouts):
        src = _mem(F(subs[i], "pSysMem"))
        pitch = int(F(subs[i], "SysMemPitch"))
        if pitch == 0 and L.size == L.row_pitch:
            pitch = L.row_pitch  # one row: the pitch is never used (as for other textures)
        if pitch < L.row_pitch:
            raise reject(f"pInitialData[{i}].SysMemPitch {pitch} is smaller than a row ({L.row_pitch} bytes)")
        try:
            st.data[L.offset:L.offset + L.size] = np.frombuffer(
                gather_planes(fmt, L.width, L.height, src, pitch), np.uint8)
        except ValueError as e:
            raise reject(f"pInitialData[{i}].pSysMem: {e}") from None
    st.touch()
    return st


def copy_into_subresource(st: ResourceStorage, index: int, sub: Any, ndim: int, what: str) -> None:
    """Copy one D3D11_SUBRESOURCE_DATA into the tight layout (vectorised strided view of the source)."""
    L = st.subresources[index]
    src = _mem(F(sub, "pSysMem"))
    row = L.row_pitch
    rows = L.depth_pitch // row if row else 0
    depth = L.depth * st.sample_count
    pitch = int(F(sub, "SysMemPitch")) if ndim >= 2 else row
    if pitch == 0 and rows == 1:
        pitch = row
    slice_pitch = int(F(sub, "SysMemSlicePitch")) if ndim == 3 else pitch * rows
    if slice_pitch == 0 and depth == 1:
        slice_pitch = pitch * rows
    if pitch < row and rows > 1:
        raise reject(f"{what}.SysMemPitch {pitch} is smaller than a row ({row} bytes)")
    if depth > 1 and slice_pitch < pitch * (rows - 1) + row:
        raise reject(f"{what}.SysMemSlicePitch {slice_pitch} is smaller than a slice")
    needed = (depth - 1) * slice_pitch + (rows - 1) * pitch + row
    if src.size < needed:
        raise reject(f"{what}.pSysMem holds {src.size} bytes, {needed} needed")
    view = np.lib.stride_tricks.as_strided(src, shape=(depth, rows, row), strides=(slice_pitch, pitch, 1),
                                           writeable=False)
    st.data[L.offset:L.offset + L.size] = view.reshape(-1)


__all__ = ["ID3D11Resource", "ID3D11Buffer", "ID3D11Texture1D", "ID3D11Texture2D", "ID3D11Texture3D",
           "validate_buffer", "validate_texture", "create_buffer_storage", "create_texture_storage", "Reject"]
