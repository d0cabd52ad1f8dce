"""Data movement methods of ID3D11DeviceContext1: Map/Unmap, UpdateSubresource(1), copies, resolves and
clears (ID3D11DeviceContext method pages, MicrosoftDocs win32).

This module only validates and builds commands (``api.commands``); the byte work lives in
``pyd3d11.pipeline.copy``. ``void`` methods drop invalid calls with a debug message, leaving state and
storage untouched; Map returns HRESULT failures as exceptions (E_INVALIDARG, ...).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.errors import (
    D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD,
    DXGI_ERROR_DEVICE_REMOVED,
    E_INVALIDARG,
    D3D11Error,
    InvalidArgError,
    NotSupportedError,
)
from pyd3d11.formats import video
from pyd3d11.pipeline import copy as pcopy
from pyd3d11.storage import ResourceStorage, StorageDimension, ViewKind

from . import commands as cmds
from . import device_consts as C
from .context_state import (
    CAT_EXECUTION,
    CAT_RESOURCE_MANIPULATION,
    FL_11_1,
    SEV_ERROR,
    F,
    is_a,
    view_kind,
)
from .mapped import MappedSubresource
from .memory_in import check_source, source_bytes
from .views import plane_storage_of

USAGE_DEFAULT, USAGE_IMMUTABLE, USAGE_DYNAMIC, USAGE_STAGING = 0, 1, 2, 3
BIND_CONSTANT_BUFFER, BIND_SHADER_RESOURCE, BIND_DEPTH_STENCIL = 0x4, 0x8, 0x40
CPU_ACCESS_WRITE, CPU_ACCESS_READ = 0x10000, 0x20000
MAP_READ, MAP_WRITE, MAP_READ_WRITE, MAP_WRITE_DISCARD, MAP_WRITE_NO_OVERWRITE = 1, 2, 3, 4, 5
MAP_FLAG_DO_NOT_WAIT = 0x100000
COPY_NO_OVERWRITE, COPY_DISCARD = 0x1, 0x2
CLEAR_DEPTH, CLEAR_STENCIL = 0x1, 0x2
MISC_GENERATE_MIPS = 0x1

# Map types allowed per usage (D3D11_MAP / D3D11_USAGE pages)
_MAP_NEEDS = {MAP_READ: CPU_ACCESS_READ, MAP_WRITE: CPU_ACCESS_WRITE,
              MAP_READ_WRITE: CPU_ACCESS_READ | CPU_ACCESS_WRITE,
              MAP_WRITE_DISCARD: CPU_ACCESS_WRITE, MAP_WRITE_NO_OVERWRITE: CPU_ACCESS_WRITE}
_MAP_FOR_USAGE = {USAGE_DYNAMIC: (MAP_WRITE_DISCARD, MAP_WRITE_NO_OVERWRITE),
                  USAGE_STAGING: (MAP_READ, MAP_WRITE, MAP_READ_WRITE)}

BIND_RT_SRV = 0x28  # D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE

Box = tuple[int, int, int, int, int, int]


class _GenerateMipsCmd(cmds.Command):
    """GenerateMips as a command (deferred contexts record it; the top mip is read at execution)."""

    __slots__ = ("view",)

    def __init__(self, view: Any) -> None:
        self.view = view

    def execute(self, runtime: Any) -> None:
        from pyd3d11.pipeline.mips import generate_mips

        generate_mips(self.view)


def _desc(res: Any) -> Any:
    return getattr(res, "_desc", None)


def _storage(res: Any) -> ResourceStorage | None:
    return getattr(res, "_storage", None)


def _box(b: Any) -> Box | None:
    if b is None:
        return None
    return tuple(int(F(b, n)) for n in ("left", "top", "front", "right", "bottom", "back"))  # type: ignore[return-value]


def _empty(box: Box) -> bool:
    l, t, f, r, b, k = box
    return l >= r or t >= b or f >= k


class DataMethods:
    """Data-movement half of ID3D11DeviceContext1 (needs ``_submit``, ``_report``, ``_maps``)."""

    _maps: dict[tuple[int, int], Any]

    def _drop(self, method: str, text: str, msg: str = "", category: int = CAT_RESOURCE_MANIPULATION) -> None:
        self._report(SEV_ERROR, category, f"{method}: {text} The call is dropped.", msg or f"{method.upper()}_INVALID")

    def _is_mapped(self, st: ResourceStorage, sub: int | None = None) -> bool:
        return any(k[0] == id(st) and (sub is None or k[1] == sub) for k in self._maps)

    # -- Map / Unmap ---------------------------------------------------------------------------------
    def Map(self, pResource: Any, Subresource: int, MapType: int, MapFlags: int = 0) -> MappedSubresource:  # noqa: N802,N803
        """Map a subresource for CPU access (usage/CPU-access rules of D3D11_MAP and D3D11_USAGE)."""
        m = "Map"
        st, d = _storage(pResource), _desc(pResource)

        def fail(text: str, hr: int = E_INVALIDARG) -> None:
            self._report(SEV_ERROR, CAT_RESOURCE_MANIPULATION, f"Map: {text}", "DEVICE_MAP_INVALIDARG")
            raise InvalidArgError(hr, text, m) if hr == E_INVALIDARG else D3D11Error(hr, text, m)

        if st is None:
            fail("pResource is not a resource.")
        sub, mt, flags = int(Subresource), int(MapType), int(MapFlags)
        if not 0 <= sub < len(st.subresources):
            fail(f"Subresource {sub} is out of range ({len(st.subresources)} subresources).")
        if mt not in _MAP_NEEDS:
            fail(f"MapType {mt} is not a D3D11_MAP value.")
        if flags & ~MAP_FLAG_DO_NOT_WAIT:
            fail(f"MapFlags 0x{flags:X} has bits other than D3D11_MAP_FLAG_DO_NOT_WAIT.")
        if flags and mt in (MAP_WRITE_DISCARD, MAP_WRITE_NO_OVERWRITE):
            fail("D3D11_MAP_FLAG_DO_NOT_WAIT cannot be used with WRITE_DISCARD or WRITE_NO_OVERWRITE.")
        usage, cpu = int(F(d, "Usage")), int(F(d, "CPUAccessFlags"))
        if mt not in _MAP_FOR_USAGE.get(usage, ()):
            fail(f"MapType {mt} is not allowed on a resource of usage {usage}.")
        if (cpu & _MAP_NEEDS[mt]) != _MAP_NEEDS[mt]:
            fail(f"MapType {mt} needs CPUAccessFlags 0x{_MAP_NEEDS[mt]:X}; the resource has 0x{cpu:X}.")
        if mt == MAP_WRITE_NO_OVERWRITE:
            if st.dimension != StorageDimension.BUFFER:
                fail("D3D11_MAP_WRITE_NO_OVERWRITE is only allowed on dynamic buffers.")
            bind = int(F(d, "BindFlags"))
            if bind & (BIND_CONSTANT_BUFFER | BIND_SHADER_RESOURCE) and self._feature_level() < FL_11_1:
                fail("D3D11_MAP_WRITE_NO_OVERWRITE on constant or shader-resource buffers needs feature level 11_1.")
        if (id(st), sub) in self._maps:
            fail(f"Subresource {sub} is already mapped.")
        if getattr(self._device, "_removed_reason", 0) and _MAP_NEEDS[mt] & CPU_ACCESS_READ:
            # Map remarks: a map that allows CPU reads returns DXGI_ERROR_DEVICE_REMOVED on a removed device
            self._report(SEV_ERROR, CAT_RESOURCE_MANIPULATION, "Map: returning DXGI_ERROR_DEVICE_REMOVED, when a "
                         "resource was mapped with READ or READ_WRITE on a removed device.",
                         "RESOURCE_MAP_DEVICEREMOVED_RETURN")
            raise D3D11Error(DXGI_ERROR_DEVICE_REMOVED, "the device was removed", m)
        if self._deferred:
            if mt not in (MAP_WRITE_DISCARD, MAP_WRITE_NO_OVERWRITE):
                fail("a deferred context can only map with WRITE_DISCARD or WRITE_NO_OVERWRITE.")
            if mt == MAP_WRITE_NO_OVERWRITE and (id(st), sub) not in self._discarded:
                fail("the first Map of a resource on a deferred context must use WRITE_DISCARD.",
                     D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD)
            self._discarded.add((id(st), sub))
        shadow = self._shadow.get((id(st), sub)) if self._deferred and mt == MAP_WRITE_NO_OVERWRITE else None
        # a deferred NO_OVERWRITE map continues from what this recording last wrote, not from the
        # immediate context's (not yet updated) storage
        buf = shadow.copy() if shadow is not None else pcopy.read_subresource(st, sub)
        L = st.layout(sub)
        row, depth = (L.size, L.size) if st.dimension == StorageDimension.BUFFER else (L.row_pitch, L.depth_pitch)
        mapped = MappedSubresource(buf, row, depth, self, pResource, sub)
        self._maps[(id(st), sub)] = (mapped, mt, st)
        return mapped

    def Unmap(self, pResource: Any, Subresource: int) -> None:  # noqa: N802,N803
        """Write back a write map (bumping the storage version) and invalidate pData."""
        st = _storage(pResource)
        key = (id(st), int(Subresource))
        if st is None or key not in self._maps:
            self._drop("Unmap", f"subresource {Subresource} is not mapped.", "DEVICE_UNMAP_RESOURCE_NOT_MAPPED")
            return
        mapped, mt, _ = self._maps.pop(key)
        if mt != MAP_READ:
            data = np.array(mapped._buffer, copy=True)
            if self._deferred:
                self._shadow[key] = data
                self._record(cmds.WriteSubresourceCmd(st, int(Subresource), data))
            else:
                pcopy.write_subresource(st, int(Subresource), data)
        try:
            mapped.pData.release()
        except (BufferError, ValueError):  # numpy views of pData still alive: leave it (no effect any more)
            pass
        mapped._context = None

    # -- UpdateSubresource -----------------------------------------------------------------------------
    def UpdateSubresource(self, pDstResource: Any, DstSubresource: int, pDstBox: Any, pSrcData: Any,  # noqa: N802,N803
                          SrcRowPitch: int = 0, SrcDepthPitch: int = 0) -> None:  # noqa: N803
        """Copy CPU memory into a subresource (not IMMUTABLE/DYNAMIC/multisampled/depth-stencil)."""
        self._update("UpdateSubresource", pDstResource, DstSubresource, pDstBox, pSrcData, SrcRowPitch,
                     SrcDepthPitch, 0)

    def UpdateSubresource1(self, pDstResource: Any, DstSubresource: int, pDstBox: Any, pSrcData: Any,  # noqa: N802,N803
                           SrcRowPitch: int = 0, SrcDepthPitch: int = 0, CopyFlags: int = 0) -> None:  # noqa: N803
        """UpdateSubresource with D3D11_COPY_NO_OVERWRITE / D3D11_COPY_DISCARD (same result on a synchronous
        device)."""
        self._update("UpdateSubresource1", pDstResource, DstSubresource, pDstBox, pSrcData, SrcRowPitch,
                     SrcDepthPitch, int(CopyFlags))

    def _update(self, m: str, res: Any, sub: int, box_in: Any, data: Any, row_pitch: int, depth_pitch: int,
                flags: int) -> None:
        st, d = _storage(res), _desc(res)
        if st is None:
            return self._drop(m, "pDstResource is not a resource.")
        if flags & ~(COPY_NO_OVERWRITE | COPY_DISCARD) or flags == (COPY_NO_OVERWRITE | COPY_DISCARD):
            return self._drop(m, f"CopyFlags 0x{flags:X} is invalid.")
        usage, bind = int(F(d, "Usage")), int(F(d, "BindFlags"))
        if usage in (USAGE_IMMUTABLE, USAGE_DYNAMIC):
            return self._drop(m, "the destination cannot be IMMUTABLE or DYNAMIC.")
        if usage == USAGE_STAGING:
            # Windows ignores UpdateSubresource on STAGING resources (write them through Map instead).
            return self._drop(m, "the destination is a STAGING resource; the call is ignored.")
        if st.sample_count > 1 or bind & BIND_DEPTH_STENCIL:
            return self._drop(m, "the destination cannot be multisampled or a depth-stencil resource.")
        sub = int(sub)
        if not 0 <= sub < len(st.subresources):
            return self._drop(m, f"DstSubresource {sub} is out of range.")
        if self._is_mapped(st, sub):
            return self._drop(m, "the destination subresource is mapped.")
        if data is None:
            return self._drop(m, "pSrcData is NULL.")
        is_buffer = st.dimension == StorageDimension.BUFFER
        problem = check_source(data, "pSrcData", None if is_buffer else int(F(d, "Format")), bind if is_buffer else 0)
        if problem:
            return self._drop(m, problem + ".")
        box = _box(box_in)
        L = st.layout(sub)
        if video.is_planar(st.format):
            return self._update_planar(m, st, sub, box, data, int(row_pitch))
        if box is not None:
            if _empty(box):
                return None  # an empty box is a no-op (UpdateSubresource remarks)
            if bind & BIND_CONSTANT_BUFFER:
                # UpdateSubresource cannot update part of a constant buffer (its remarks); UpdateSubresource1
                # can at every level (emulated at 9_x, new drivers at 10_0+: ConstantBufferPartialUpdate), with
                # a box on whole 16-byte constants.
                if m == "UpdateSubresource":
                    return self._drop(m, "pDstBox must be NULL for a constant buffer: UpdateSubresource cannot "
                                      "partially update a shader-constant buffer.")
                if box[0] % 16 or box[3] % 16:
                    return self._drop(m, "a partial constant-buffer update needs a box aligned to 16 bytes.")
            if not self._box_inside(st, sub, box):
                return self._drop(m, f"pDstBox {box} lies outside the subresource.")
        view = memoryview(source_bytes(data, "pSrcData"))
        w = (box[3] - box[0]) if box else L.width
        h = (box[4] - box[1]) if box else L.height
        dd = (box[5] - box[2]) if box else L.depth
        bw, bh = -(-w // st.block_width), -(-h // st.block_height)  # elements: BC 4x4, packed 2x1
        row_bytes = bw * st.bytes_per_block
        # The pitches are used as given: a row pitch of 0 feeds every row from the first source row, a depth
        # pitch of 0 every slice from the first (what Windows does); only the first row/slice is read then.
        rp, dp = int(row_pitch), int(depth_pitch)
        if rp < 0 or dp < 0:
            return self._drop(m, "SrcRowPitch and SrcDepthPitch are unsigned.")
        if st.dimension == StorageDimension.BUFFER:
            rp, dp, need = w, w, w
        else:
            need = (dd - 1) * dp + (bh - 1) * rp + row_bytes
        if len(view) < need:
            return self._drop(m, f"pSrcData holds {len(view)} bytes; {need} are needed.")
        self._submit(cmds.UpdateCmd(st, sub, box, bytes(view[:need]), rp, dp))
        return None

    def _update_planar(self, m: str, st: ResourceStorage, sub: int, box: Box | None, data: Any,
                       row_pitch: int) -> None:
        """UpdateSubresource of a planar video subresource: the source is laid out as the DXGI_FORMAT page gives
        initial data (luma rows at SrcRowPitch, then the chroma rows at that pitch, or half of it for NV11);
        both planes are written (formats/video.py)."""
        name = video.VIDEO_FORMATS[int(st.format)].name
        if box is not None:
            if _empty(box):
                return None
            raise NotSupportedError(f"{m}: a pDstBox on the planar video format DXGI_FORMAT_{name} (only whole "
                                    "subresources, pDstBox NULL, are built)")
        if row_pitch < 0:
            return self._drop(m, "SrcRowPitch is unsigned.")
        L = st.layout(sub)
        src = memoryview(source_bytes(data, "pSrcData")).cast("B")
        need = video.source_bytes_needed(st.format, L.width, L.height, row_pitch)
        if len(src) < need:
            return self._drop(m, f"pSrcData holds {len(src)} bytes; the {name} planes need {need}.")
        tight = video.gather_planes(st.format, L.width, L.height, src, row_pitch)
        self._submit(cmds.WriteSubresourceCmd(st, sub, np.frombuffer(tight, np.uint8)))
        return None

    def _box_inside(self, st: ResourceStorage, sub: int, box: Box) -> bool:
        """Box within the subresource and, for block formats, on block edges (or the mip's edge)."""
        L = st.layout(sub)
        l, t, f, r, b, k = box
        if min(l, t, f) < 0 or r > L.width or b > L.height or k > L.depth:
            return False
        bw, bh = st.block_width, st.block_height
        if (l % bw or t % bh or (r % bw and r != L.width) or (b % bh and b != L.height)):
            return False
        return True

    # -- copies ----------------------------------------------------------------------------------------
    def CopyResource(self, pDstResource: Any, pSrcResource: Any) -> None:  # noqa: N802,N803
        """Whole-resource copy: same type and dimensions, compatible formats, dst not IMMUTABLE, neither
        mapped (CopyResource remarks)."""
        m = "CopyResource"
        dst, src = _storage(pDstResource), _storage(pSrcResource)
        if dst is None or src is None:
            return self._drop(m, "both arguments must be resources.")
        if dst is src:
            return self._drop(m, "source and destination must be different resources.")
        if int(F(_desc(pDstResource), "Usage")) == USAGE_IMMUTABLE:
            return self._drop(m, "the destination is IMMUTABLE.")
        if dst.dimension != src.dimension:
            return self._drop(m, "source and destination must be the same resource type.")
        if self._is_mapped(dst) or self._is_mapped(src):
            return self._drop(m, "a resource is mapped.")
        if dst.dimension == StorageDimension.BUFFER:
            if dst.width != src.width:
                return self._drop(m, "buffers must have the same ByteWidth.")
        else:
            if not pcopy.copy_compatible(src.format, dst.format, self._feature_level()):
                return self._drop(m, f"formats {src.format} and {dst.format} are not copy-compatible.")
            shape = [(L.row_pitch // max(1, s.bytes_per_block), L.depth_pitch // max(1, L.row_pitch), L.depth)
                     for s in (src, dst) for L in s.subresources]
            n = len(src.subresources)
            if (len(dst.subresources) != n or shape[:n] != shape[n:] or src.sample_count != dst.sample_count
                    or src.mip_levels != dst.mip_levels or src.bytes_per_block != dst.bytes_per_block):
                return self._drop(m, "source and destination must have identical dimensions, mips, array size "
                                  "and sample count.")
        self._submit(cmds.CopyResourceCmd(dst, src))
        return None

    def CopySubresourceRegion(self, pDstResource: Any, DstSubresource: int, DstX: int, DstY: int, DstZ: int,  # noqa: N802,N803
                              pSrcResource: Any, SrcSubresource: int, pSrcBox: Any = None) -> None:  # noqa: N803
        """Copy a box of one subresource to a position of another (CopySubresourceRegion remarks)."""
        self._copy_region("CopySubresourceRegion", pDstResource, DstSubresource, DstX, DstY, DstZ,
                          pSrcResource, SrcSubresource, pSrcBox, 0)

    def CopySubresourceRegion1(self, pDstResource: Any, DstSubresource: int, DstX: int, DstY: int,  # noqa: N802,N803
                               DstZ: int, pSrcResource: Any, SrcSubresource: int, pSrcBox: Any = None,  # noqa: N803
                               CopyFlags: int = 0) -> None:  # noqa: N803
        self._copy_region("CopySubresourceRegion1", pDstResource, DstSubresource, DstX, DstY, DstZ,
                          pSrcResource, SrcSubresource, pSrcBox, int(CopyFlags))

    def _copy_region(self, m: str, dres: Any, dsub: int, x: int, y: int, z: int, sres: Any, ssub: int,
                     box_in: Any, flags: int) -> None:
        dst, src = _storage(dres), _storage(sres)
        if dst is None or src is None:
            return self._drop(m, "both arguments must be resources.")
        if flags & ~(COPY_NO_OVERWRITE | COPY_DISCARD) or flags == (COPY_NO_OVERWRITE | COPY_DISCARD):
            return self._drop(m, f"CopyFlags 0x{flags:X} is invalid.")
        dsub, ssub, x, y, z = int(dsub), int(ssub), int(x), int(y), int(z)
        if int(F(_desc(dres), "Usage")) == USAGE_IMMUTABLE:
            return self._drop(m, "the destination is IMMUTABLE.")
        if dst.dimension != src.dimension and StorageDimension.BUFFER in (dst.dimension, src.dimension):
            # Textures of different dimensions copy region to region (a 1D subresource is one row, a 2D one
            # one depth slice: Windows copies 1D rows into 2D textures, 2D slices into 3D ones and 3D boxes
            # back); buffers only copy to buffers.
            return self._drop(m, "a buffer copies only to a buffer.")
        if not (0 <= dsub < len(dst.subresources) and 0 <= ssub < len(src.subresources)):
            return self._drop(m, "a subresource index is out of range.")
        if dst is src and dsub == ssub and m == "CopySubresourceRegion":
            # CopySubresourceRegion1 allows the same subresource and overlapping regions (CopyWithOverlap);
            # the copy command reads the whole source box before writing.
            return self._drop(m, "source and destination must be different subresources.")
        if self._is_mapped(dst, dsub) or self._is_mapped(src, ssub):
            return self._drop(m, "a subresource is mapped.")
        if dst.dimension != StorageDimension.BUFFER and not pcopy.copy_compatible(src.format, dst.format,
                                                                                   self._feature_level()):
            return self._drop(m, f"formats {src.format} and {dst.format} are not copy-compatible.")
        if src.sample_count != dst.sample_count:
            return self._drop(m, "source and destination must have the same sample count.")
        box = _box(box_in)
        if box is not None and _empty(box):
            return None  # empty source box: nothing to copy
        SL, DL = src.layout(ssub), dst.layout(dsub)
        if video.is_planar(src.format) or video.is_planar(dst.format):
            return self._copy_planar(m, dst, dsub, x, y, z, src, ssub, box)
        whole = (src.sample_count > 1 or self._is_depth(sres) or self._is_depth(dres))
        if whole:
            if box is not None or x or y or z:
                return self._drop(m, "depth-stencil and multisampled resources copy whole subresources: pSrcBox "
                                  "must be NULL and DstX/Y/Z 0.")
            if (SL.width, SL.height, SL.depth) != (DL.width, DL.height, DL.depth):
                return self._drop(m, "whole-subresource copy between different sizes.")
        if box is None:
            box = (0, 0, 0, SL.width, SL.height, SL.depth)
        if not self._box_inside(src, ssub, box):
            return self._drop(m, f"pSrcBox {box} is not inside the source subresource (or not block aligned).")
        if dst.dimension == StorageDimension.BUFFER:
            if y or z or x < 0 or x + (box[3] - box[0]) > DL.width:
                return self._drop(m, "the destination range lies outside the buffer.")
        else:
            sbx, sby, dbx, dby = src.block_width, src.block_height, dst.block_width, dst.block_height
            bw, bh, bd = -(-(box[3] - box[0]) // sbx), -(-(box[4] - box[1]) // sby), box[5] - box[2]
            dbw, dbh = -(-DL.width // dbx), -(-DL.height // dby)
            if (x % dbx or y % dby or min(x, y, z) < 0 or x // dbx + bw > dbw or y // dby + bh > dbh
                    or z + bd > DL.depth):
                return self._drop(m, f"the destination region at ({x}, {y}, {z}) lies outside the destination "
                                  "subresource.")
            if src.bytes_per_block != dst.bytes_per_block:
                return self._drop(m, "element sizes differ.")
        self._submit(cmds.CopyRegionCmd(dst, dsub, x, y, z, src, ssub, box))
        return None

    def _copy_planar(self, m: str, dst: ResourceStorage, dsub: int, x: int, y: int, z: int, src: ResourceStorage,
                     ssub: int, box: Box | None) -> None:
        """CopySubresourceRegion of a planar video format (both resources of the one format): the box and the
        destination point are luma texels, each plane moves its part of them (chroma at its subsampling), so they
        must lie on whole chroma samples — the DXGI_FORMAT page's rule for 420_OPAQUE rects (multiples of 2),
        applied to every planar format's subsampling (NV11: x multiples of 4)."""
        SL, DL = src.layout(ssub), dst.layout(dsub)
        l, t, f, r, b, k = box if box is not None else (0, 0, 0, SL.width, SL.height, 1)
        v = video.VIDEO_FORMATS[int(src.format)]
        ax, ay = max(p.x_div for p in v.planes), max(p.y_div for p in v.planes)
        if f != 0 or k != 1 or z != 0:
            return self._drop(m, "a 2D texture's box spans front 0 to back 1 and DstZ is 0.")
        if min(l, t, x, y) < 0 or r > SL.width or b > SL.height:
            return self._drop(m, f"pSrcBox {(l, t, f, r, b, k)} is not inside the source subresource.")
        if x + (r - l) > DL.width or y + (b - t) > DL.height:
            return self._drop(m, f"the destination region at ({x}, {y}) lies outside the destination subresource.")
        if any(c % ax for c in (l, r, x)) or any(c % ay for c in (t, b, y)):
            return self._drop(m, f"the box and DstX/DstY of a DXGI_FORMAT_{v.name} copy must be multiples of "
                              f"{ax} horizontally and {ay} vertically (whole chroma samples).")
        for i, p in enumerate(v.planes):
            pbox = (l // p.x_div, t // p.y_div, 0, r // p.x_div, b // p.y_div, 1)
            self._submit(cmds.CopyRegionCmd(plane_storage_of(dst, i), dsub, x // p.x_div, y // p.y_div, 0,
                                            plane_storage_of(src, i), ssub, pbox))
        return None

    @staticmethod
    def _is_depth(res: Any) -> bool:
        return bool(int(F(_desc(res), "BindFlags")) & BIND_DEPTH_STENCIL)

    def ResolveSubresource(self, pDstResource: Any, DstSubresource: int, pSrcResource: Any,  # noqa: N802,N803
                           SrcSubresource: int, Format: int) -> None:  # noqa: N803
        """Average the samples of a multisampled subresource into a single-sampled one."""
        m = "ResolveSubresource"
        dst, src = _storage(pDstResource), _storage(pSrcResource)
        if dst is None or src is None:
            return self._drop(m, "both arguments must be resources.")
        dsub, ssub, fmt = int(DstSubresource), int(SrcSubresource), int(Format)
        if not (0 <= dsub < len(dst.subresources) and 0 <= ssub < len(src.subresources)):
            return self._drop(m, "a subresource index is out of range.")
        if src.sample_count <= 1 or dst.sample_count != 1:
            return self._drop(m, "the source must be multisampled and the destination single-sampled.")
        if int(F(_desc(pDstResource), "Usage")) == USAGE_IMMUTABLE:
            return self._drop(m, "the destination is IMMUTABLE.")
        SL, DL = src.layout(ssub), dst.layout(dsub)
        if (SL.width, SL.height) != (DL.width, DL.height):
            return self._drop(m, "source and destination must have the same size.")
        info = pcopy.FORMATS.get(fmt)
        if info is None or info.kind not in ("unorm", "snorm", "float", "srgb"):
            return self._drop(m, f"Format {fmt} cannot be resolved (typeless, integer or unknown).")
        for st in (src, dst):
            f = pcopy.FORMATS.get(int(st.format))
            if f is None or f.group != info.group or (f.kind != "typeless" and int(st.format) != fmt):
                return self._drop(m, f"Format {fmt} is not compatible with resource format {st.format}.")
        if self._is_mapped(dst, dsub) or self._is_mapped(src, ssub):
            return self._drop(m, "a subresource is mapped.")
        self._submit(cmds.ResolveCmd(dst, dsub, src, ssub, fmt))
        return None

    # -- clears ----------------------------------------------------------------------------------------
    def ClearRenderTargetView(self, pRenderTargetView: Any, ColorRGBA: Any) -> None:  # noqa: N802,N803
        """Fill the view's subresources with ColorRGBA encoded through the view's format (sRGB applied)."""
        if view_kind(pRenderTargetView) != ViewKind.RTV:
            return self._drop("ClearRenderTargetView", "pRenderTargetView is not a render target view.")
        if not pcopy.encodable(pRenderTargetView._view.format):
            return self._drop("ClearRenderTargetView", f"format {pRenderTargetView._view.format} cannot be cleared.")
        self._submit(cmds.ClearColorCmd(pRenderTargetView._view, tuple(float(c) for c in ColorRGBA)))
        return None

    def ClearDepthStencilView(self, pDepthStencilView: Any, ClearFlags: int, Depth: float,  # noqa: N802,N803
                              Stencil: int) -> None:  # noqa: N803
        """Clear depth (clamped to [0, 1]) and/or stencil, per D3D11_CLEAR_DEPTH / D3D11_CLEAR_STENCIL."""
        m = "ClearDepthStencilView"
        if view_kind(pDepthStencilView) != ViewKind.DSV:
            return self._drop(m, "pDepthStencilView is not a depth-stencil view.")
        flags = int(ClearFlags)
        if flags & ~(CLEAR_DEPTH | CLEAR_STENCIL):
            return self._drop(m, f"ClearFlags 0x{flags:X} is invalid.")
        d = float(Depth)  # clamped to [0, 1] by the clear (method page); NaN clears to 0
        self._submit(cmds.ClearDepthStencilCmd(pDepthStencilView._view, bool(flags & CLEAR_DEPTH),
                                               bool(flags & CLEAR_STENCIL), d, int(Stencil) & 0xFF))
        return None

    def ClearUnorderedAccessViewUint(self, pUnorderedAccessView: Any, Values: Any) -> None:  # noqa: N802,N803
        """Raw bits of Values truncated to each channel's width (raw/structured buffers: Values[0] per word)."""
        if view_kind(pUnorderedAccessView) != ViewKind.UAV:
            return self._drop("ClearUnorderedAccessViewUint", "not an unordered access view.")
        v = pUnorderedAccessView._view
        if not (v.raw or v.structured or v.format == C.FMT_UNKNOWN) and not pcopy.encodable(v.format):
            return self._drop("ClearUnorderedAccessViewUint", f"format {v.format} cannot be cleared.")
        self._submit(cmds.ClearUintCmd(v, tuple(int(x) & 0xFFFFFFFF for x in list(Values)[:4])))
        return None

    def ClearUnorderedAccessViewFloat(self, pUnorderedAccessView: Any, Values: Any) -> None:  # noqa: N802,N803
        """Values converted through the view's FLOAT/UNORM/SNORM format; other views are invalid."""
        m = "ClearUnorderedAccessViewFloat"
        if view_kind(pUnorderedAccessView) != ViewKind.UAV:
            return self._drop(m, "not an unordered access view.")
        v = pUnorderedAccessView._view
        f = pcopy.FORMATS.get(int(v.format))
        if (v.raw or v.structured or f is None or f.kind not in ("float", "unorm", "snorm", "srgb")
                or not pcopy.encodable(v.format)):
            return self._drop(m, "only FLOAT, UNORM and SNORM typed views can be cleared with floats.")
        self._submit(cmds.ClearColorCmd(v, tuple(float(c) for c in list(Values)[:4])))
        return None

    def ClearView(self, pView: Any, Color: Any, pRect: Any = None, NumRects: int = 0) -> None:  # noqa: N802,N803
        """D3D11.1 ClearView: RTVs, UAVs and DSVs of depth-only formats; no 3D textures; integer formats take
        the floats truncated toward zero; rects apply to every array slice (buffers: left/right)."""
        m = "ClearView"
        if self._feature_level() < FL_11_1:
            return self._drop(m, "ClearView needs feature level 11_1 (D3D11_FEATURE_DATA_D3D11_OPTIONS.ClearView).",
                              "DEVICE_CLEARVIEW_NOTSUPPORTED")
        kind = view_kind(pView)
        if kind not in (ViewKind.RTV, ViewKind.UAV, ViewKind.DSV):
            return self._drop(m, "pView must be a render target, unordered access or depth-only depth view.")
        v = pView._view
        if v.storage.dimension == StorageDimension.TEXTURE3D:
            return self._drop(m, "ClearView doesn't support 3D textures.")
        f = pcopy.FORMATS.get(int(v.format))
        if f is None or not pcopy.encodable(v.format) or (kind == ViewKind.DSV and len(f.channels) != 1):
            return self._drop(m, f"format {v.format} cannot be cleared by ClearView.")
        rects = None
        if pRect is not None and NumRects:
            items = list(pRect) if isinstance(pRect, (list, tuple)) else [pRect]
            rects = [tuple(int(F(r, n)) for n in ("left", "top", "right", "bottom")) for r in items[:int(NumRects)]]
            rects = [r for r in rects if r[0] != r[2] and r[1] != r[3]]
            if not rects:
                return None
        color = tuple(float(c) for c in Color)
        if kind == ViewKind.DSV:
            self._submit(cmds.ClearColorCmd(v, color, rects))
        else:
            self._submit(cmds.ClearColorCmd(v, color, rects, "trunc"))
        return None

    # -- misc ------------------------------------------------------------------------------------------
    def SetResourceMinLOD(self, pResource: Any, MinLOD: float) -> None:  # noqa: N802,N803
        st = _storage(pResource)
        if st is None or st.dimension == StorageDimension.BUFFER:
            return self._drop("SetResourceMinLOD", "pResource must be a texture.")
        st.min_lod = float(MinLOD)
        return None

    def GetResourceMinLOD(self, pResource: Any) -> float:  # noqa: N802,N803
        st = _storage(pResource)
        return st.min_lod if st is not None else 0.0

    def DiscardResource(self, pResource: Any) -> None:  # noqa: N802,N803
        """Contents become undefined; this implementation keeps them (a valid choice)."""
        if _storage(pResource) is None:
            self._drop("DiscardResource", "pResource is not a resource.")

    def DiscardView(self, pResourceView: Any) -> None:  # noqa: N802,N803
        if getattr(pResourceView, "_view", None) is None:
            self._drop("DiscardView", "pResourceView is not a view.")

    def DiscardView1(self, pResourceView: Any, pRects: Any = None, NumRects: int = 0) -> None:  # noqa: N802,N803
        self.DiscardView(pResourceView)

    def GenerateMips(self, pShaderResourceView: Any) -> None:  # noqa: N802,N803
        """Fill mips 1.. of the view's range from its top mip (pipeline.mips box filter). Dropped with a
        message unless the view is a texture SRV whose resource has RESOURCE_MISC_GENERATE_MIPS (which
        implies RENDER_TARGET|SHADER_RESOURCE binding) and whose view format supports MIP_AUTOGEN."""
        m = "GenerateMips"
        if view_kind(pShaderResourceView) != ViewKind.SRV:
            return self._drop(m, "not a shader resource view.", category=CAT_EXECUTION)
        res = getattr(pShaderResourceView, "_resource", None)
        vd = pShaderResourceView._view
        if vd.storage.dimension == StorageDimension.BUFFER:
            return self._drop(m, "the view is a buffer view; only texture views have mips.", category=CAT_EXECUTION)
        if not int(F(_desc(res), "MiscFlags")) & MISC_GENERATE_MIPS:
            return self._drop(m, "the resource lacks D3D11_RESOURCE_MISC_GENERATE_MIPS.")
        if int(F(_desc(res), "BindFlags")) & BIND_RT_SRV != BIND_RT_SRV:  # guaranteed by creation; kept as docs say
            return self._drop(m, "the resource must be bound as both render target and shader resource.")
        from .device_formats import FS_MIP_AUTOGEN, format_support

        if not format_support(vd.format, self._feature_level()) & FS_MIP_AUTOGEN:
            return self._drop(m, f"the view format {vd.format} does not support mip generation (MIP_AUTOGEN).")
        if vd.mip_count <= 1:
            return None  # one mip: nothing to generate
        self._submit(_GenerateMipsCmd(vd))
        return None

    def CopyStructureCount(self, pDstBuffer: Any, DstAlignedByteOffset: int, pSrcView: Any) -> None:  # noqa: N802,N803
        """Write the hidden counter of an APPEND/COUNTER UAV as a UINT at a 4-byte aligned offset."""
        m = "CopyStructureCount"
        st = _storage(pDstBuffer)
        if st is None or not is_a(pDstBuffer, "ID3D11Buffer"):
            return self._drop(m, "pDstBuffer is not a buffer.")
        off = int(DstAlignedByteOffset)
        if off % 4 or off + 4 > st.width:
            return self._drop(m, f"DstAlignedByteOffset {off} is unaligned or past the end of the buffer.")
        if view_kind(pSrcView) != ViewKind.UAV or not pSrcView._view.flags & 0x6:
            return self._drop(m, "pSrcView must be a UAV created with APPEND or COUNTER.")
        self._submit(cmds.CopyStructureCountCmd(st, off, pSrcView._view))
        return None
