"""Views: ID3D11ShaderResourceView(1), RenderTargetView(1), DepthStencilView, UnorderedAccessView(1).

A view is a :class:`pyd3d11.storage.ViewDescriptor` (``_view``) over its resource's storage plus the
COM object. Validation follows the D3D11 runtime rules (MicrosoftDocs D3D11_*_VIEW_DESC pages,
functional spec §5.2 "resource views"): the view format must be in the resource's cast group (and be
fully typed), the dimension must match the resource, mip/slice ranges must lie inside it, and the
resource must carry the matching bind flag.
"""

from __future__ import annotations

from typing import Any

from pyd3d11.formats.video import VIDEO_FORMATS
from pyd3d11.formats.video import plane_layouts as video_plane_layouts
from pyd3d11.formats.video import view_plane as video_view_plane
from pyd3d11.storage import PlaneStorage, SubresourceLayout, ViewDescriptor, ViewKind

from . import device_consts as C
from .caps import FeatureLevelCaps
from .com import ID3D11DeviceChild, iid
from .device_formats import (
    FS_DEPTH_STENCIL,
    FS_RENDER_TARGET,
    FS_SHADER_LOAD,
    FS_SHADER_SAMPLE,
    FS_TYPED_UNORDERED_ACCESS_VIEW,
    format_facts,
    format_name,
    format_support,
    is_depth,
    is_typeless,
    is_video,
    same_group,
)
from .device_structs import (
    D3D11_DEPTH_STENCIL_VIEW_DESC,
    D3D11_RENDER_TARGET_VIEW_DESC,
    D3D11_RENDER_TARGET_VIEW_DESC1,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC1,
    D3D11_UNORDERED_ACCESS_VIEW_DESC,
    D3D11_UNORDERED_ACCESS_VIEW_DESC1,
    F,
    coerce,
    reject,
)


class ID3D11View(ID3D11DeviceChild):
    """Base of the views. A view holds an internal reference on its resource from creation until its own
    public and internal counts both reach 0 (the runtime's reference, as ReportLiveDeviceObjects shows it on
    Windows: a texture released to 0 while a view of it lives is still listed, with IntRef > 0). The
    resource's public count is untouched by creation; GetResource AddRefs it publicly."""

    _iid = iid("ID3D11View", "839d1216-bb2e-412b-b7f4-a9dbebe08ed1")

    def __init__(self, device: Any, resource: Any, desc: Any, view: ViewDescriptor) -> None:
        super().__init__(device)
        self._resource = resource
        self._desc = desc
        self._view = view
        self._holds_resource = hasattr(resource, "_add_int_ref")
        if self._holds_resource:
            resource._add_int_ref()

    def _final_release(self) -> None:
        # Where C would destroy the view: drop its reference on the resource (once).
        if self._holds_resource:
            self._holds_resource = False
            self._resource._release_int_ref()

    def _public_revived(self) -> None:
        super()._public_revived()
        # A Python caller that kept the object and AddRefs it after its final release brings it back to
        # life: it needs its resource again.
        if not self._holds_resource and hasattr(self._resource, "_add_int_ref"):
            self._holds_resource = True
            self._resource._add_int_ref()

    def GetResource(self) -> Any:  # noqa: N802
        """The viewed resource, AddRef'd (public count +1)."""
        self._resource.AddRef()
        return self._resource

    def GetDesc(self) -> Any:
        return coerce(type(self._desc), self._desc)

    GetDesc1 = GetDesc


class ID3D11ShaderResourceView(ID3D11View):
    _iid = iid("ID3D11ShaderResourceView", "b0e06fe0-8192-4e1a-b1ca-36d7414710b2")


class ID3D11ShaderResourceView1(ID3D11ShaderResourceView):
    _iid = iid("ID3D11ShaderResourceView1", "91308b87-9040-411d-8c67-c39253ce3802")


class ID3D11RenderTargetView(ID3D11View):
    _iid = iid("ID3D11RenderTargetView", "dfdba067-0b8d-4865-875b-d7b4516cc164")


class ID3D11RenderTargetView1(ID3D11RenderTargetView):
    _iid = iid("ID3D11RenderTargetView1", "ffbe2e23-f011-418a-ac56-5ceed7c5b94b")


class ID3D11DepthStencilView(ID3D11View):
    _iid = iid("ID3D11DepthStencilView", "9fdac92a-1876-48c3-afad-25b94f84a9b6")


class ID3D11UnorderedAccessView(ID3D11View):
    _iid = iid("ID3D11UnorderedAccessView", "28acf509-7f5c-48f6-8611-f316010a6380")


class ID3D11UnorderedAccessView1(ID3D11UnorderedAccessView):
    _iid = iid("ID3D11UnorderedAccessView1", "7b3b6153-a886-4544-ab37-6537c8500403")


# ------------------------------------------------------------------------------------------------
# Default descs (pDesc = NULL: whole resource, resource format)
# ------------------------------------------------------------------------------------------------


def _res_info(resource: Any) -> tuple[int, Any, int, int, int, int]:
    """(dimension, desc, mips, array size, sample count, depth) of a resource object."""
    dim = resource.GetType()
    d = resource._desc
    if dim == C.RES_DIM_BUFFER:
        return dim, d, 1, 1, 1, 1
    mips = int(d.MipLevels)
    arr = int(d.ArraySize) if dim != C.RES_DIM_TEXTURE3D else 1
    count = int(F(d.SampleDesc, "Count", 1)) if dim == C.RES_DIM_TEXTURE2D else 1
    depth = int(d.Depth) if dim == C.RES_DIM_TEXTURE3D else 1
    return dim, d, mips, arr, count, depth


def _resource_format(resource: Any, kind: str) -> int:
    dim, d, *_ = _res_info(resource)
    if dim == C.RES_DIM_BUFFER:
        raise reject(f"pDesc is required for a {kind} of a buffer", "INVALIDDESC")
    fmt = int(d.Format)
    if is_typeless(fmt):
        raise reject(f"pDesc is required for a {kind} of a TYPELESS resource ({format_name(fmt)})", "INVALIDFORMAT")
    return fmt


def _check_format(kind: str, fmt: int, resource: Any) -> None:
    dim, d, *_ = _res_info(resource)
    if dim == C.RES_DIM_BUFFER:
        return
    res_fmt = int(d.Format)
    if fmt == C.FMT_UNKNOWN or format_facts(fmt) is None:
        raise reject(f"view Format {format_name(fmt)} is not valid", "INVALIDFORMAT")
    if is_typeless(fmt):
        raise reject(f"view Format {format_name(fmt)} is TYPELESS", "INVALIDFORMAT")
    if fmt != res_fmt and not (is_typeless(res_fmt) and same_group(fmt, res_fmt)):
        raise reject(f"view Format {format_name(fmt)} is not compatible with the resource format "
                     f"{format_name(res_fmt)}", "INVALIDFORMAT")


def _mip_range(most_detailed: int, levels: int, total: int, what: str) -> int:
    if levels in (-1, 0xFFFFFFFF):
        levels = total - most_detailed
    if most_detailed >= total or levels < 1 or most_detailed + levels > total:
        raise reject(f"{what} mips [{most_detailed}, +{levels}) outside the resource's {total} levels",
                     "INVALIDDIMENSIONS")
    return levels


def _slice_range(first: int, size: int, total: int, what: str) -> int:
    if size in (-1, 0xFFFFFFFF):
        size = total - first
    if size < 1 or first >= total or first + size > total:
        raise reject(f"{what} array slices [{first}, +{size}) outside the resource's {total} slices",
                     "INVALIDDIMENSIONS")
    return size


def _buffer_elements(resource: Any, fmt: int, first: int, num: int, raw: bool, what: str) -> tuple[int, bool]:
    """Element size for a buffer view; checks the element range fits in the buffer."""
    d = resource._desc
    structured = bool(int(d.MiscFlags) & C.MISC_BUFFER_STRUCTURED)
    if raw:
        if not int(d.MiscFlags) & C.MISC_BUFFER_ALLOW_RAW_VIEWS:
            raise reject(f"{what}: RAW views need a buffer created with BUFFER_ALLOW_RAW_VIEWS", "INVALIDDESC")
        if fmt != C.FMT_R32_TYPELESS:
            raise reject(f"{what}: RAW views need DXGI_FORMAT_R32_TYPELESS (got {format_name(fmt)})",
                         "INVALIDFORMAT")
        size = 4
    elif structured:
        if fmt != C.FMT_UNKNOWN:
            raise reject(f"{what}: views of a structured buffer need DXGI_FORMAT_UNKNOWN (got {format_name(fmt)})",
                         "INVALIDFORMAT")
        size = int(d.StructureByteStride)
    else:
        f = format_facts(fmt)
        if fmt == C.FMT_UNKNOWN or f is None or is_typeless(fmt) or f.block_size != 1:
            raise reject(f"{what}: buffer view Format {format_name(fmt)} is not a typed element format",
                         "INVALIDFORMAT")
        size = f.bytes_per_block
    if num < 1 or (first + num) * size > int(d.ByteWidth):
        raise reject(f"{what}: elements [{first}, +{num}) of {size} bytes exceed ByteWidth {int(d.ByteWidth)}",
                     "INVALIDDIMENSIONS")
    return size, structured


def _need_bind(resource: Any, flag: int, name: str, what: str) -> None:
    if not int(resource._desc.BindFlags) & flag:
        raise reject(f"{what}: the resource was not created with D3D11_BIND_{name}", "INVALIDRESOURCE")


def _dimension_ok(kind: str, view_dim: int, resource: Any) -> bool:
    dim, d, mips, arr, count, depth = _res_info(resource)
    ms = count > 1
    if dim == C.RES_DIM_BUFFER:
        return view_dim in {"srv": (C.SRV_BUFFER, C.SRV_BUFFEREX), "rtv": (C.RTV_BUFFER,), "dsv": (),
                            "uav": (C.UAV_BUFFER,)}[kind]
    if dim == C.RES_DIM_TEXTURE1D:
        return view_dim in {"srv": (C.SRV_TEXTURE1D, C.SRV_TEXTURE1DARRAY),
                            "rtv": (C.RTV_TEXTURE1D, C.RTV_TEXTURE1DARRAY),
                            "dsv": (C.DSV_TEXTURE1D, C.DSV_TEXTURE1DARRAY),
                            "uav": (C.UAV_TEXTURE1D, C.UAV_TEXTURE1DARRAY)}[kind]
    if dim == C.RES_DIM_TEXTURE3D:
        return view_dim in {"srv": (C.SRV_TEXTURE3D,), "rtv": (C.RTV_TEXTURE3D,), "dsv": (),
                            "uav": (C.UAV_TEXTURE3D,)}[kind]
    cube = bool(int(d.MiscFlags) & C.MISC_TEXTURECUBE)
    if ms:
        return view_dim in {"srv": (C.SRV_TEXTURE2DMS, C.SRV_TEXTURE2DMSARRAY),
                            "rtv": (C.RTV_TEXTURE2DMS, C.RTV_TEXTURE2DMSARRAY),
                            "dsv": (C.DSV_TEXTURE2DMS, C.DSV_TEXTURE2DMSARRAY), "uav": ()}[kind]
    # Windows also accepts the 2DMS / 2DMSARRAY dimensions on single-sample 2D textures (a one-sample
    # "multisampled" view of slice 0 / of a slice range): wine d3d11 test_create_*_view tables.
    allowed = {"srv": (C.SRV_TEXTURE2D, C.SRV_TEXTURE2DARRAY, C.SRV_TEXTURE2DMS, C.SRV_TEXTURE2DMSARRAY)
               + ((C.SRV_TEXTURECUBE, C.SRV_TEXTURECUBEARRAY) if cube else ()),
               "rtv": (C.RTV_TEXTURE2D, C.RTV_TEXTURE2DARRAY, C.RTV_TEXTURE2DMS, C.RTV_TEXTURE2DMSARRAY),
               "dsv": (C.DSV_TEXTURE2D, C.DSV_TEXTURE2DARRAY, C.DSV_TEXTURE2DMS, C.DSV_TEXTURE2DMSARRAY),
               "uav": (C.UAV_TEXTURE2D, C.UAV_TEXTURE2DARRAY)}[kind]
    return view_dim in allowed


def _default_dimension(kind: str, resource: Any) -> int:
    dim, d, mips, arr, count, depth = _res_info(resource)
    if dim == C.RES_DIM_TEXTURE1D:
        return {"srv": (C.SRV_TEXTURE1D, C.SRV_TEXTURE1DARRAY), "rtv": (C.RTV_TEXTURE1D, C.RTV_TEXTURE1DARRAY),
                "dsv": (C.DSV_TEXTURE1D, C.DSV_TEXTURE1DARRAY),
                "uav": (C.UAV_TEXTURE1D, C.UAV_TEXTURE1DARRAY)}[kind][arr > 1]
    if dim == C.RES_DIM_TEXTURE3D:
        return {"srv": C.SRV_TEXTURE3D, "rtv": C.RTV_TEXTURE3D, "dsv": 0, "uav": C.UAV_TEXTURE3D}[kind]
    if kind == "srv" and int(d.MiscFlags) & C.MISC_TEXTURECUBE:
        return C.SRV_TEXTURECUBE if arr == 6 else C.SRV_TEXTURECUBEARRAY
    table = {"srv": (C.SRV_TEXTURE2D, C.SRV_TEXTURE2DARRAY, C.SRV_TEXTURE2DMS, C.SRV_TEXTURE2DMSARRAY),
             "rtv": (C.RTV_TEXTURE2D, C.RTV_TEXTURE2DARRAY, C.RTV_TEXTURE2DMS, C.RTV_TEXTURE2DMSARRAY),
             "dsv": (C.DSV_TEXTURE2D, C.DSV_TEXTURE2DARRAY, C.DSV_TEXTURE2DMS, C.DSV_TEXTURE2DMSARRAY),
             "uav": (C.UAV_TEXTURE2D, C.UAV_TEXTURE2DARRAY, 0, 0)}[kind]
    return table[(arr > 1) + 2 * (count > 1)]


def _fill_default(kind: str, cls: type, resource: Any) -> Any:
    """The desc D3D uses for pDesc = NULL: resource format, whole resource. A structured buffer's SRV/UAV
    views all its structures (Format UNKNOWN, D3D11_*_DIMENSION_BUFFER, FirstElement 0, NumElements
    ByteWidth / StructureByteStride, no UAV flags); other buffers have no default (a format is needed)."""
    if resource.GetType() == C.RES_DIM_BUFFER and kind in ("srv", "uav"):
        d = resource._desc
        stride = int(F(d, "StructureByteStride"))
        if int(F(d, "MiscFlags")) & C.MISC_BUFFER_STRUCTURED and stride > 0:
            desc = cls()
            desc.Format = C.FMT_UNKNOWN
            desc.ViewDimension = C.SRV_BUFFER if kind == "srv" else C.UAV_BUFFER
            desc.Buffer.FirstElement, desc.Buffer.NumElements = 0, int(d.ByteWidth) // stride
            return desc
    fmt = _resource_format(resource, kind.upper())
    dim, d, mips, arr, count, depth = _res_info(resource)
    vd = _default_dimension(kind, resource)
    desc = cls()
    desc.Format = fmt
    desc.ViewDimension = vd
    member = _member_for(kind, vd)
    sub = getattr(desc, member)
    values = {"MostDetailedMip": 0, "MipLevels": mips, "MipSlice": 0, "FirstArraySlice": 0, "ArraySize": arr,
              "First2DArrayFace": 0, "NumCubes": arr // 6, "FirstWSlice": 0, "WSize": depth}
    for name, v in values.items():
        if hasattr(sub, name):
            setattr(sub, name, v)
    return desc


_SRV_MEMBER = {C.SRV_BUFFER: "Buffer", C.SRV_TEXTURE1D: "Texture1D", C.SRV_TEXTURE1DARRAY: "Texture1DArray",
               C.SRV_TEXTURE2D: "Texture2D", C.SRV_TEXTURE2DARRAY: "Texture2DArray",
               C.SRV_TEXTURE2DMS: "Texture2DMS", C.SRV_TEXTURE2DMSARRAY: "Texture2DMSArray",
               C.SRV_TEXTURE3D: "Texture3D", C.SRV_TEXTURECUBE: "TextureCube",
               C.SRV_TEXTURECUBEARRAY: "TextureCubeArray", C.SRV_BUFFEREX: "BufferEx"}
_RTV_MEMBER = {C.RTV_BUFFER: "Buffer", C.RTV_TEXTURE1D: "Texture1D", C.RTV_TEXTURE1DARRAY: "Texture1DArray",
               C.RTV_TEXTURE2D: "Texture2D", C.RTV_TEXTURE2DARRAY: "Texture2DArray",
               C.RTV_TEXTURE2DMS: "Texture2DMS", C.RTV_TEXTURE2DMSARRAY: "Texture2DMSArray",
               C.RTV_TEXTURE3D: "Texture3D"}
_DSV_MEMBER = {C.DSV_TEXTURE1D: "Texture1D", C.DSV_TEXTURE1DARRAY: "Texture1DArray", C.DSV_TEXTURE2D: "Texture2D",
               C.DSV_TEXTURE2DARRAY: "Texture2DArray", C.DSV_TEXTURE2DMS: "Texture2DMS",
               C.DSV_TEXTURE2DMSARRAY: "Texture2DMSArray"}
_UAV_MEMBER = {C.UAV_BUFFER: "Buffer", C.UAV_TEXTURE1D: "Texture1D", C.UAV_TEXTURE1DARRAY: "Texture1DArray",
               C.UAV_TEXTURE2D: "Texture2D", C.UAV_TEXTURE2DARRAY: "Texture2DArray", C.UAV_TEXTURE3D: "Texture3D"}
_MEMBERS = {"srv": _SRV_MEMBER, "rtv": _RTV_MEMBER, "dsv": _DSV_MEMBER, "uav": _UAV_MEMBER}


def _member_for(kind: str, view_dim: int) -> str:
    m = _MEMBERS[kind].get(view_dim)
    if m is None:
        raise reject(f"ViewDimension {view_dim} is not a valid {kind.upper()} dimension", "INVALIDDESC")
    return m


# ------------------------------------------------------------------------------------------------
# Creation (returns (desc copy, ViewDescriptor))
# ------------------------------------------------------------------------------------------------

_KIND = {"srv": ViewKind.SRV, "rtv": ViewKind.RTV, "dsv": ViewKind.DSV, "uav": ViewKind.UAV}
_DESC_CLS = {("srv", 0): D3D11_SHADER_RESOURCE_VIEW_DESC, ("srv", 1): D3D11_SHADER_RESOURCE_VIEW_DESC1,
             ("rtv", 0): D3D11_RENDER_TARGET_VIEW_DESC, ("rtv", 1): D3D11_RENDER_TARGET_VIEW_DESC1,
             ("dsv", 0): D3D11_DEPTH_STENCIL_VIEW_DESC,
             ("uav", 0): D3D11_UNORDERED_ACCESS_VIEW_DESC, ("uav", 1): D3D11_UNORDERED_ACCESS_VIEW_DESC1}
_BIND = {"srv": (C.BIND_SHADER_RESOURCE, "SHADER_RESOURCE"), "rtv": (C.BIND_RENDER_TARGET, "RENDER_TARGET"),
         "dsv": (C.BIND_DEPTH_STENCIL, "DEPTH_STENCIL"), "uav": (C.BIND_UNORDERED_ACCESS, "UNORDERED_ACCESS")}
_FMT_SUPPORT = {"srv": FS_SHADER_LOAD | FS_SHADER_SAMPLE, "rtv": FS_RENDER_TARGET, "dsv": FS_DEPTH_STENCIL,
                "uav": FS_TYPED_UNORDERED_ACCESS_VIEW}


def validate_view(caps: FeatureLevelCaps, kind: str, version: int, resource: Any, pDesc: Any) -> tuple[Any, ViewDescriptor]:  # noqa: N803,E501
    """Validate a view desc against ``resource``; returns (desc copy, descriptor). Raises Reject."""
    what = {"srv": "CreateShaderResourceView", "rtv": "CreateRenderTargetView", "dsv": "CreateDepthStencilView",
            "uav": "CreateUnorderedAccessView"}[kind]
    if resource is None or not hasattr(resource, "_storage"):
        raise reject(f"{what}: pResource is not a resource", "INVALIDRESOURCE")
    cls = _DESC_CLS.get((kind, version)) or _DESC_CLS[(kind, 0)]
    bind, bind_name = _BIND[kind]
    _need_bind(resource, bind, bind_name, what)
    desc = _fill_default(kind, cls, resource) if pDesc is None else coerce(cls, pDesc)
    vd = int(desc.ViewDimension)
    fmt = int(desc.Format)
    if fmt == C.FMT_UNKNOWN and pDesc is not None and resource.GetType() != C.RES_DIM_BUFFER:
        # DXGI_FORMAT_UNKNOWN in a texture view desc means "the resource's format" (a typed one; typeless
        # resources still need an explicit format) — wine d3d11 test_create_{shader_resource,
        # rendertarget,depthstencil}_view, which Windows passes.
        rfmt = int(resource._desc.Format)
        if not is_typeless(rfmt):
            fmt = rfmt
            desc.Format = fmt
    if not _dimension_ok(kind, vd, resource):
        raise reject(f"{what}: ViewDimension {vd} does not match the resource (dimension {resource.GetType()}, "
                     f"{_res_info(resource)[4]} samples)", "INVALIDDESC")
    member = _member_for(kind, vd)
    sub = getattr(desc, member)
    st = resource._storage
    dim, rdesc, mips, arr, count, depth = _res_info(resource)
    view = ViewDescriptor(_KIND[kind], st, fmt, vd)

    if dim == C.RES_DIM_BUFFER:
        flags = int(F(sub, "Flags")) if member in ("BufferEx", "Buffer") and kind in ("srv", "uav") else 0
        raw = bool(flags & 1)  # BUFFEREX_SRV_FLAG_RAW == BUFFER_UAV_FLAG_RAW == 1
        if kind == "srv" and member == "Buffer" and fmt == C.FMT_R32_TYPELESS:
            raise reject(f"{what}: RAW SRVs need D3D11_SRV_DIMENSION_BUFFEREX with the RAW flag", "INVALIDDESC")
        if kind == "srv" and member == "BufferEx" and flags & ~1:
            raise reject(f"{what}: BufferEx.Flags 0x{flags:X} has unknown bits", "INVALIDDESC")
        if kind == "uav":
            if flags & ~7:
                raise reject(f"{what}: Buffer.Flags 0x{flags:X} has unknown bits", "INVALIDDESC")
            if flags & (C.BUFFER_UAV_FLAG_APPEND | C.BUFFER_UAV_FLAG_COUNTER):
                if not int(rdesc.MiscFlags) & C.MISC_BUFFER_STRUCTURED:
                    raise reject(f"{what}: APPEND/COUNTER UAVs need a structured buffer", "INVALIDDESC")
                if flags & C.BUFFER_UAV_FLAG_APPEND and flags & C.BUFFER_UAV_FLAG_COUNTER:
                    raise reject(f"{what}: APPEND and COUNTER are exclusive", "INVALIDDESC")
            if raw and flags & 6:
                raise reject(f"{what}: RAW cannot be combined with APPEND/COUNTER", "INVALIDDESC")
        first, num = int(F(sub, "FirstElement")), int(F(sub, "NumElements"))
        size, structured = _buffer_elements(resource, fmt, first, num, raw, what)
        if not raw and not structured:
            sup = format_support(fmt, caps.level)
            need = {"srv": FS_SHADER_LOAD, "rtv": FS_RENDER_TARGET, "uav": FS_TYPED_UNORDERED_ACCESS_VIEW}[kind]
            if not sup & need:
                raise reject(f"{what}: {format_name(fmt)} cannot be used for this buffer view", "INVALIDFORMAT")
        view.first_element, view.num_elements, view.element_size = first, num, size
        view.structured, view.raw, view.flags = structured and not raw, raw, flags
        view.mip_count = 1
        return desc, view

    if is_video(int(rdesc.Format)):
        return desc, _video_view(caps, kind, what, resource, desc, member, sub, fmt, view)
    _check_format(kind, fmt, resource)
    sup = format_support(fmt, caps.level)
    if not sup & _FMT_SUPPORT[kind]:
        raise reject(f"{what}: {format_name(fmt)} does not support this view type at feature level {caps.name}",
                     "INVALIDFORMAT")
    if kind == "srv" and is_depth(fmt):
        raise reject(f"{what}: depth format {format_name(fmt)} cannot be read through an SRV (use the R* form)",
                     "INVALIDFORMAT")
    if kind in ("srv",):
        most = int(F(sub, "MostDetailedMip"))
        if member in ("Texture2DMS", "Texture2DMSArray"):
            most, levels = 0, 1
        else:
            levels = _mip_range(most, int(F(sub, "MipLevels")), mips, what)
        view.first_mip, view.mip_count = most, levels
        if member in ("Texture1DArray", "Texture2DArray", "Texture2DMSArray"):
            n = _slice_range(int(F(sub, "FirstArraySlice")), int(F(sub, "ArraySize")), arr, what)
            view.first_slice, view.slice_count = int(F(sub, "FirstArraySlice")), n
        elif member == "TextureCube":
            if arr < 6:
                raise reject(f"{what}: TEXTURECUBE view needs 6 slices", "INVALIDDIMENSIONS")
            view.first_slice, view.slice_count = 0, 6
        elif member == "TextureCubeArray":
            if not caps.cube_arrays:
                raise reject(f"{what}: cube-array views need feature level 10_1", "INVALIDDESC")
            first, ncubes = int(F(sub, "First2DArrayFace")), int(F(sub, "NumCubes"))
            if ncubes in (-1, 0xFFFFFFFF):
                ncubes = (arr - first) // 6
            if ncubes < 1 or first + 6 * ncubes > arr:
                raise reject(f"{what}: faces [{first}, +{6 * ncubes}) exceed ArraySize {arr}", "INVALIDDIMENSIONS")
            view.first_slice, view.slice_count = first, 6 * ncubes
        else:
            view.first_slice, view.slice_count = 0, 1
        if member in ("Texture2D", "Texture2DArray") and int(F(sub, "PlaneSlice")) != 0:
            raise reject(f"{what}: PlaneSlice must be 0 for non-planar formats", "INVALIDDESC")
        _write_back_counts(sub, view)
        return desc, view

    # RTV / DSV / UAV: one mip
    mip = int(F(sub, "MipSlice"))
    if member not in ("Texture2DMS", "Texture2DMSArray") and not 0 <= mip < mips:
        raise reject(f"{what}: MipSlice {mip} outside the resource's {mips} levels", "INVALIDDIMENSIONS")
    view.first_mip, view.mip_count = mip, 1
    if member in ("Texture1DArray", "Texture2DArray", "Texture2DMSArray"):
        n = _slice_range(int(F(sub, "FirstArraySlice")), int(F(sub, "ArraySize")), arr, what)
        view.first_slice, view.slice_count = int(F(sub, "FirstArraySlice")), n
    elif member == "Texture3D":
        wdepth = max(1, depth >> mip)
        n = _slice_range(int(F(sub, "FirstWSlice")), int(F(sub, "WSize")), wdepth, what)
        view.first_slice, view.slice_count = int(F(sub, "FirstWSlice")), n
    else:
        view.first_slice, view.slice_count = 0, 1
    if member in ("Texture2D", "Texture2DArray") and int(F(sub, "PlaneSlice")) != 0:
        raise reject(f"{what}: PlaneSlice must be 0 for non-planar formats", "INVALIDDESC")
    if kind == "dsv":
        flags = int(F(desc, "Flags"))
        if flags & ~(C.DSV_READ_ONLY_DEPTH | C.DSV_READ_ONLY_STENCIL):
            raise reject(f"{what}: Flags 0x{flags:X} has unknown bits", "INVALIDDESC")
        if flags and caps.level < C.FL_11_0:
            raise reject(f"{what}: read-only DSV flags need feature level 11_0", "INVALIDDESC")
        if flags & C.DSV_READ_ONLY_STENCIL and fmt not in (C.FMT_D24_UNORM_S8_UINT, C.FMT_D32_FLOAT_S8X24_UINT):
            raise reject(f"{what}: READ_ONLY_STENCIL on {format_name(fmt)}, which has no stencil", "INVALIDDESC")
        view.flags = flags
    if kind == "uav" and count > 1:
        raise reject(f"{what}: multisampled resources cannot have UAVs", "INVALIDRESOURCE")
    _write_back_counts(sub, view)
    return desc, view


def _video_view(caps: FeatureLevelCaps, kind: str, what: str, resource: Any, desc: Any, member: str, sub: Any,
                fmt: int, view: ViewDescriptor) -> ViewDescriptor:
    """A view of a D3D11.1 video resource (the remarks of CreateShaderResourceView / CreateRenderTargetView /
    CreateUnorderedAccessView; the DXGI_FORMAT page per video format): the dimension is TEXTURE2D for a
    Texture2D and TEXTURE2DARRAY for a Texture2DArray, the view format is one the resource format lists for
    this view kind, and that format picks the plane. The descriptor's storage is that plane as an ordinary
    texture of the view format (storage.PlaneStorage), so the pipeline needs no video knowledge."""
    rdesc = resource._desc
    rfmt, arr, mips = int(rdesc.Format), int(rdesc.ArraySize), int(rdesc.MipLevels)
    if kind == "dsv" or member != ("Texture2D" if arr == 1 else "Texture2DArray"):
        raise reject(f"{what}: a view of a video resource ({format_name(rfmt)}, ArraySize {arr}) must use "
                     f"D3D11_{kind.upper()}_DIMENSION_{'TEXTURE2D' if arr == 1 else 'TEXTURE2DARRAY'}",
                     "INVALIDDESC")
    pv = video_view_plane(rfmt, fmt)
    if pv is None or kind not in pv.kinds:
        listed = [format_name(f) for f, p in VIDEO_FORMATS[rfmt].views.items() if kind in p.kinds]
        raise reject(f"{what}: {format_name(fmt)} is not a {kind.upper()} format of a {format_name(rfmt)} video "
                     f"resource (valid: {', '.join(listed) or 'none'})", "INVALIDFORMAT")
    if not format_support(rfmt, caps.level) & _FMT_SUPPORT[kind]:
        raise reject(f"{what}: {format_name(rfmt)} does not support this view type at feature level {caps.name}",
                     "INVALIDFORMAT")
    plane = int(F(sub, "PlaneSlice", 0))
    if plane not in (0, pv.plane):
        raise reject(f"{what}: PlaneSlice {plane} does not match the plane {pv.plane} that {format_name(fmt)} "
                     f"addresses in {format_name(rfmt)}", "INVALIDDESC")
    if kind == "srv":
        most = int(F(sub, "MostDetailedMip"))
        view.first_mip, view.mip_count = most, _mip_range(most, int(F(sub, "MipLevels")), mips, what)
    else:
        mip = int(F(sub, "MipSlice"))
        if not 0 <= mip < mips:
            raise reject(f"{what}: MipSlice {mip} outside the resource's {mips} levels", "INVALIDDIMENSIONS")
        view.first_mip, view.mip_count = mip, 1
    if member == "Texture2DArray":
        first = int(F(sub, "FirstArraySlice"))
        view.first_slice, view.slice_count = first, _slice_range(first, int(F(sub, "ArraySize")), arr, what)
    else:
        view.first_slice, view.slice_count = 0, 1
    view.storage = plane_storage(resource._storage, fmt, pv)
    _write_back_counts(sub, view)
    return view


def _plane_layout(L: SubresourceLayout, p: Any, width: int, height: int) -> SubresourceLayout:
    """Subresource ``L``'s plane ``p`` (formats/video.plane_layouts) as a layout of ``width`` x ``height``
    elements: the plane's offset inside the subresource and its row pitch."""
    size = p.row_pitch * p.height
    return SubresourceLayout(L.offset + p.offset, width, height, 1, p.row_pitch, size, size, L.mip, L.array_slice)


def plane_storage(st: Any, view_format: int, pv: Any) -> PlaneStorage:
    """The plane ``pv`` of every subresource of the video storage ``st`` as an ordinary texture of
    ``view_format``: its elements are the view's texels (YUY2's R8G8_B8G8_UNORM view keeps 2x1 elements)."""
    facts = format_facts(view_format)
    layouts = []
    for L in st.subresources:
        p = video_plane_layouts(st.format, L.width, L.height)[pv.plane]
        layouts.append(_plane_layout(L, p, max(1, L.width // pv.x_div), max(1, L.height // pv.y_div)))
    L0 = layouts[0]
    return PlaneStorage(st, view_format, L0.width, L0.height, facts.bytes_per_block, facts.block_width, layouts)


def plane_storage_of(st: Any, plane: int) -> PlaneStorage:
    """Plane ``plane`` of every subresource of a video storage in its own elements (copies move planes by
    element, whatever view format would read them)."""
    layouts, element = [], 1
    for L in st.subresources:
        p = video_plane_layouts(st.format, L.width, L.height)[plane]
        element = p.element_bytes
        layouts.append(_plane_layout(L, p, p.width, p.height))
    return PlaneStorage(st, st.format, layouts[0].width, layouts[0].height, element, 1, layouts)


def _write_back_counts(sub: Any, view: ViewDescriptor) -> None:
    """GetDesc reports the resolved counts, not -1 ("all remaining"): wine d3d11 test_create_*_view
    expected descs (MipLevels, ArraySize, NumCubes, WSize as Windows returns them)."""
    for name, value in (("MipLevels", view.mip_count), ("ArraySize", view.slice_count),
                        ("NumCubes", view.slice_count // 6), ("WSize", view.slice_count)):
        if hasattr(sub, name):
            setattr(sub, name, value)
