"""Read/write hazard tracking for bound resources (D3D11 runtime binding rules).

D3D11 never lets one subresource be read and written by the pipeline at once:

* binding a resource for *output* (RTV, DSV, UAV, stream-output target) unbinds every overlapping
  *input* binding (SRVs on every stage; vertex/index/constant buffer slots holding the same buffer),
  and every overlapping output binding of the other pipeline (OM outputs vs CS UAVs), with a warning;
* binding an *input* whose resource is currently bound for output is refused: the slot is set to NULL,
  with a warning.

Overlap granularity is the subresource (mip x array slice); buffers are one subresource, so any two
bindings of the same buffer overlap whatever their element ranges. Depth-stencil textures are judged
per plane: a depth-stencil view is an output only for the planes its format has and it does not flag
read-only (D3D11_DSV_READ_ONLY_DEPTH/STENCIL), and an SRV reads one plane (the stencil plane through
X24_TYPELESS_G8_UINT / X32_TYPELESS_G8X24_UINT, else depth); so a depth-only view flagged READ_ONLY_DEPTH
may be bound while its texture is sampled.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress, repeat
from operator import is_not
from typing import Any

from pyd3d11.storage import StorageDimension, ViewKind

DSV_READ_ONLY_DEPTH = 0x1
DSV_READ_ONLY_STENCIL = 0x2

STAGES = ("VS", "HS", "DS", "GS", "PS", "CS")


def bound(slots: list[Any]) -> list[tuple[int, Any]]:
    """(slot, object) for the slots of ``slots`` that hold something. A list with nothing bound (most of a
    stage's 128 shader-resource slots, most stages) is recognised by one C-speed count, not a Python step per
    slot: binding an output scans every stage's inputs, a few times a frame in a typical program."""
    if slots.count(None) == len(slots):
        return []
    # (C-speed selection: a stage's 128 SRV slots with one bound took a Python step per slot)
    return list(compress(enumerate(slots), map(is_not, slots, repeat(None))))


def storage_of(obj: Any) -> Any:
    """The ResourceStorage behind a resource or a view (None when the object has none)."""
    if obj is None:
        return None
    view = getattr(obj, "_view", None)
    if view is not None:
        return view.storage
    return getattr(obj, "_storage", None)


def _root(obj: Any) -> Any:
    """The storage root :func:`overlaps` compares first (None: the object overlaps nothing). The scans below test it
    before calling overlaps: a state setter scans every bound input or output, and most are other resources."""
    st = storage_of(obj)
    return None if st is None else st.root


def subresources_of(obj: Any) -> frozenset[int]:
    """Subresource indices an object touches: a view's range, all of a bare resource, {0} for buffers."""
    st = storage_of(obj)
    if st is None:
        return frozenset()
    if st.dimension == StorageDimension.BUFFER:
        return frozenset((0,))
    view = getattr(obj, "_view", None)
    if view is None:
        return frozenset(range(len(st.subresources)))
    mips = range(view.first_mip, view.first_mip + max(1, view.mip_count))
    if st.dimension == StorageDimension.TEXTURE3D:
        return frozenset(mips)
    slices = range(view.first_slice, view.first_slice + max(1, view.slice_count))
    return frozenset(st.subresource_index(m, a) for a in slices for m in mips)


# Depth/stencil planes (D3D11 judges read-only depth-stencil views per plane).
DEPTH_PLANE, STENCIL_PLANE = 1, 2
ALL_PLANES = DEPTH_PLANE | STENCIL_PLANE
# DXGI formats with a stencil plane (D32_FLOAT_S8X24_UINT, D24_UNORM_S8_UINT) and the SRV formats that
# read only the stencil plane (X32_TYPELESS_G8X24_UINT, X24_TYPELESS_G8_UINT); any other SRV format of a
# depth texture (R32_FLOAT_X8X24_TYPELESS, R24_UNORM_X8_TYPELESS, R32_FLOAT, R16_UNORM) reads the depth plane.
_STENCIL_DSV_FORMATS = frozenset({20, 45})
_STENCIL_SRV_FORMATS = frozenset({22, 47})


def planes_of(obj: Any) -> int:
    """Planes a binding touches: a DSV the planes it may write (those its format has that are not flagged
    read-only), an SRV the plane its format reads, anything else all of them."""
    v = getattr(obj, "_view", None)
    if v is None:
        return ALL_PLANES
    if v.kind == ViewKind.DSV:
        planes = 0 if v.flags & DSV_READ_ONLY_DEPTH else DEPTH_PLANE
        if v.format in _STENCIL_DSV_FORMATS and not v.flags & DSV_READ_ONLY_STENCIL:
            planes |= STENCIL_PLANE
        return planes
    if v.kind == ViewKind.SRV and v.storage.root.format in _DEPTH_TEXTURE_FORMATS:
        return STENCIL_PLANE if v.format in _STENCIL_SRV_FORMATS else DEPTH_PLANE
    return ALL_PLANES


# Typeless/depth formats a depth-stencil texture is created with (R32G8X24/D32S8, R24G8/D24S8, R32/D32,
# R16/D16 typeless groups): SRVs of them are judged per plane.
_DEPTH_TEXTURE_FORMATS = frozenset({19, 20, 44, 45, 39, 40, 53, 55})


def overlaps(a: Any, b: Any) -> bool:
    """True when two bindings touch a common subresource (and plane) of one resource. Views of a video
    resource see one plane of it through their own storage (storage.PlaneStorage); they are compared by the
    resource that owns the bytes and never told apart by plane: the D3D11.1 runtime treats views of different
    parts of one video surface as conflicting (seed 000, CreateShaderResourceView remarks), so luma read
    while chroma is rendered is a hazard like any read of a written subresource."""
    sa, sb = storage_of(a), storage_of(b)
    if sa is None or sb is None or sa.root is not sb.root:
        return False
    return bool(subresources_of(a) & subresources_of(b)) and bool(planes_of(a) & planes_of(b))


def _is_fully_read_only_dsv(view_obj: Any) -> bool:
    """A DSV that writes none of its format's planes is not an output binding."""
    v = getattr(view_obj, "_view", None)
    return v is not None and v.kind == ViewKind.DSV and planes_of(view_obj) == 0


def output_bindings(state: Any, pipeline: str | None = None) -> Iterator[tuple[str, int, Any]]:
    """(binding name, slot, object) for every bound output; pipeline "graphics"/"compute"/None (both)."""
    if pipeline in (None, "graphics"):
        for i, v in bound(state.om_rtvs):
            yield "OMSetRenderTargets", i, v
        if state.om_dsv is not None and not _is_fully_read_only_dsv(state.om_dsv):
            yield "OMSetRenderTargets(DSV)", 0, state.om_dsv
        for i, v in bound(state.om_uavs):
            yield "OMSetRenderTargetsAndUnorderedAccessViews(UAV)", i, v
        for i, v in bound(state.so_targets):
            yield "SOSetTargets", i, v
    if pipeline in (None, "compute"):
        for i, v in bound(state.cs_uavs):
            yield "CSSetUnorderedAccessViews", i, v


def is_bound_for_output(state: Any, obj: Any) -> str | None:
    """Name of an output binding overlapping ``obj`` (None when there is none)."""
    root = _root(obj)
    if root is None:
        return None
    for name, slot, out in output_bindings(state):
        if _root(out) is root and overlaps(obj, out):
            return f"{name} slot {slot}"
    return None


def unbind_inputs(state: Any, new_output: Any, method: str, report: Any, release: Any) -> None:
    """Force to NULL every input binding overlapping ``new_output`` (warning per slot)."""
    root = _root(new_output)
    if root is None:
        return
    for stage in STAGES:
        st = state.stages[stage]
        for i, v in bound(st.srvs):
            if _root(v) is root and overlaps(v, new_output):
                release(v)
                st.srvs[i] = None
                report(f"{method}: Resource being set is still bound on input! Forcing {stage} shader "
                       f"resource slot {i} to NULL.", f"DEVICE_{stage}SETSHADERRESOURCES_HAZARD")
        for i, v in bound(st.cbs):
            if _root(v) is root and overlaps(v, new_output):
                release(v)
                st.cbs[i] = None
                report(f"{method}: Resource being set is still bound on input! Forcing {stage} constant "
                       f"buffer slot {i} to NULL.", f"DEVICE_{stage}SETCONSTANTBUFFERS_HAZARD")
    for i, v in bound(state.ia_vbs):
        if _root(v) is root and overlaps(v, new_output):
            release(v)
            state.ia_vbs[i] = None
            report(f"{method}: Resource being set is still bound on input! Forcing IA vertex buffer slot {i} "
                   "to NULL.", "DEVICE_IASETVERTEXBUFFERS_HAZARD")
    if state.ia_ib is not None and overlaps(state.ia_ib, new_output):
        release(state.ia_ib)
        state.ia_ib = None
        report(f"{method}: Resource being set is still bound on input! Forcing IA index buffer to NULL.",
               "DEVICE_IASETINDEXBUFFER_HAZARD")


def unbind_other_pipeline_outputs(state: Any, new_output: Any, pipeline: str, method: str, report: Any,
                                  release: Any) -> None:
    """OM outputs and CS UAVs may not share a subresource: binding one side unbinds the other."""
    if pipeline == "graphics":
        for i, v in bound(state.cs_uavs):
            if overlaps(v, new_output):
                release(v)
                state.cs_uavs[i] = None
                report(f"{method}: Resource being set is still bound on output! Forcing "
                       f"CSSetUnorderedAccessViews slot {i} to NULL.", "DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD")
    else:
        for lst, name in ((state.om_rtvs, "OM render target"), (state.om_uavs, "OM unordered access view"),
                          (state.so_targets, "SO target")):
            for i, v in bound(lst):
                if overlaps(v, new_output):
                    release(v)
                    lst[i] = None
                    report(f"{method}: Resource being set is still bound on output! Forcing {name} slot {i} "
                           "to NULL.", "DEVICE_OMSETRENDERTARGETS_HAZARD")
        if state.om_dsv is not None and overlaps(state.om_dsv, new_output):
            release(state.om_dsv)
            state.om_dsv = None
            report(f"{method}: Resource being set is still bound on output! Forcing the OM depth-stencil "
                   "view to NULL.", "DEVICE_OMSETRENDERTARGETS_HAZARD")
