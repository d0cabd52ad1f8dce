"""Per-feature-level rules of the ID3D11DeviceContext methods, as one table applied from one place.

Source: MicrosoftDocs win32 desktop-src/direct3d11/d3d11-graphics-reference-10level9-context.md
("10Level9 ID3D11DeviceContext Methods"; the project's seed 001 is its Chinese translation). Each row of
that page names a method, the feature levels it concerns and a behaviour difference; ``RULES`` holds one
``LevelRule`` per concrete statement. ``install`` wraps each named method of the context class once, so
every call first runs the rules of its method at the context's current feature level: a violated *drop*
rule drops the call whole (void methods never raise) with the debug-layer message Windows uses (the
D3D10L9 range of D3D11_MESSAGE_ID where one exists), a *limit* rule rewrites the arguments as the row says.

Rows for which d3d11sdklayers.h has no message of their own (CopyStructureCount, ClearUnorderedAccessView*, the
CS/HS/DS bindings, the indirect draws, the draw limits, PSSetShaderResources, SetPredication, the level-9 shader
profiles) report D3D11_MESSAGE_ID_UNKNOWN (0) with a text naming the row.

Binding NULL to an unsupported stage is allowed (it changes nothing a 9_x device has, and frameworks unbind
every stage this way); binding an object there is dropped.

The statement "Textures cannot repeat over one primitive more than N times" (Draw rows) depends on the
texture coordinates a shader computes per pixel: it is a hardware limit of the D3D9 class of GPUs, not an
API check, and is not enforced here (the reference rasterizer has no such limit).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyd3d11.storage import StorageDimension, ViewDescriptor

from .context_state import CAT_EXECUTION, CAT_RESOURCE_MANIPULATION, CAT_STATE_SETTING, SEV_ERROR, F, _items
from .device_consts import FL_9_1, FL_9_2, FL_9_3, FL_10_0, FL_10_1
from .views import ID3D11RenderTargetView

L9 = frozenset({FL_9_1, FL_9_2, FL_9_3})
L9_10 = L9 | {FL_10_0, FL_10_1}
L9_1_2 = frozenset({FL_9_1, FL_9_2})

#: Draw rows: most primitives per draw and largest index value, per 10Level9 level.
MAX_PRIMITIVES = {FL_9_1: 65535, FL_9_2: 1048575, FL_9_3: 1048575}
MAX_INDEX_VALUE = {FL_9_1: 65534, FL_9_2: 1048575, FL_9_3: 1048575}
#: PSSetConstantBuffers / VSSetConstantBuffers rows: constants (16-byte registers) a shader may use.
MAX_SHADER_CONSTANTS = {"PS": 32, "VS": 255}
PS_SRV_SLOTS_9 = 8  # PSSetShaderResources row
SAMPLER_SLOTS_9 = 16  # PSSetSamplers row

R16_UINT, R32_UINT = 57, 42
USAGE_STAGING = 3
BIND_SHADER_RESOURCE = 0x8
KEEP = 0xFFFFFFFF
ADJACENCY_TOPOLOGIES = frozenset({10, 11, 12, 13})
POINTLIST = 1

Check = Callable[[Any, dict[str, Any]], "str | None"]


@dataclass(frozen=True, slots=True)
class LevelRule:
    """One statement of the 10Level9 table: at ``levels``, a call of ``method`` for which ``check`` returns
    a reason is dropped with ``message`` (a D3D11_MESSAGE_ID name); ``limit`` rows rewrite the arguments."""

    method: str
    levels: frozenset[int]
    statement: str  # the row's statement (English page)
    check: Check | None = None
    message: str = ""
    category: int = CAT_STATE_SETTING
    limit: Callable[[Any, dict[str, Any]], None] | None = None


# -------------------------------------------------------------------------------------------------
# predicates (each returns why the call breaks the row, or None)
# -------------------------------------------------------------------------------------------------

def _always(reason: str) -> Check:
    return lambda ctx, a: reason


def _binds(param: str, count: str | None = None) -> Check:
    """The call binds a non-NULL object through ``param`` (an array of ``count`` entries, or one object)."""
    def check(ctx: Any, a: dict[str, Any]) -> str | None:
        if count is None:
            return "binds an object to a stage this feature level does not have" if a.get(param) is not None else None
        n = int(a.get(count) or 0)
        if n & 0xFFFFFFFF == KEEP:
            return None
        if any(o is not None for o in _items(a.get(param), max(n, 0))):
            return "binds objects to a stage this feature level does not have"
        return None
    return check


def _more_than(count: str, limit: int, start: str | None = None) -> Check:
    def check(ctx: Any, a: dict[str, Any]) -> str | None:
        first = int(a.get(start) or 0) if start else 0
        n = int(a.get(count) or 0)
        if first + n > limit:
            return f"{'StartSlot + ' if start else ''}{count} ({first + n}) exceeds the {limit} this feature level has"
        return None
    return check


def _index_format(ctx: Any, a: dict[str, Any]) -> str | None:
    if a.get("pIndexBuffer") is not None and int(a.get("Format") or 0) != R16_UINT:
        return "only DXGI_FORMAT_R16_UINT index buffers are allowed at feature level 9_1"
    return None


def _adjacency(ctx: Any, a: dict[str, Any]) -> str | None:
    if int(a.get("Topology") or 0) in ADJACENCY_TOPOLOGIES:
        return "topologies with adjacency are not supported"
    return None


def _sample_mask_zero(ctx: Any, a: dict[str, Any]) -> str | None:
    return "SampleMask cannot be 0" if int(a.get("SampleMask", KEEP)) & 0xFFFFFFFF == 0 else None


def _negative_viewport(ctx: Any, a: dict[str, Any]) -> str | None:
    for i, v in enumerate(_items(a.get("pViewports"), max(int(a.get("NumViewports") or 0), 0))):
        if v is not None and (float(F(v, "TopLeftX", 0.0)) < 0 or float(F(v, "TopLeftY", 0.0)) < 0):
            return (f"viewport {i} has a negative top-left corner; 9_x converts it to an unsigned integer "
                    "and overflows")
    return None


def _bits_per_pixel(view: Any) -> int:
    from pyd3d11.formats.table import FORMATS

    f = FORMATS.get(int(view._view.format))
    return int(f.bits_per_pixel) if f is not None else 0


def _differing_bit_depths(ctx: Any, a: dict[str, Any]) -> str | None:
    n = int(a.get("NumViews", a.get("NumRTVs", 0)) or 0)
    if n & 0xFFFFFFFF == KEEP:
        return None
    rtvs = [v for v in _items(a.get("ppRenderTargetViews"), max(n, 0)) if v is not None and hasattr(v, "_view")]
    depths = {_bits_per_pixel(v) for v in rtvs}
    return "all render targets must have the same bit depth" if len(depths) > 1 else None


def _too_many_rts(limit: int) -> Check:
    def check(ctx: Any, a: dict[str, Any]) -> str | None:
        n = int(a.get("NumViews", a.get("NumRTVs", 0)) or 0)
        if n & 0xFFFFFFFF != KEEP and n > limit:
            return f"only {limit} render target{'s are' if limit > 1 else ' is'} supported"
        return None
    return check


def _aon9_level(shader: Any) -> int | None:
    """The 10Level9 level a 4_0_level_9_x shader targets (shader/dxbc/aon9.py); None without an Aon9 chunk."""
    from pyd3d11.shader.dxbc.aon9 import aon9_level

    container = getattr(shader, "_container", None)
    return aon9_level(container.get("Aon9") if container is not None and "Aon9" in container else None)


def _shader_profile(param: str, kind: str) -> Check:
    def check(ctx: Any, a: dict[str, Any]) -> str | None:
        sh = a.get(param)
        if sh is None:
            return None
        lvl = _aon9_level(sh)
        fl = ctx._feature_level()
        if lvl is None:
            return f"only {kind}_4_0_level_9_x shaders run at feature level 9_x"
        if lvl > fl and not (fl == FL_9_2 and lvl == FL_9_1):
            return f"only {kind}_4_0_level_9_1{' or _9_3' if fl == FL_9_3 else ''} shaders run at this feature level"
        return None
    return check


def _prims(topology: int, count: int) -> int:
    if topology == 1:
        return count
    if topology == 2:
        return count // 2
    if topology == 3:
        return max(count - 1, 0)
    if topology == 4:
        return count // 3
    if topology == 5:
        return max(count - 2, 0)
    return 0


def _draw_limits(count_param: str, indexed: bool) -> Check:
    def check(ctx: Any, a: dict[str, Any]) -> str | None:
        fl = ctx._feature_level()
        s = ctx._state
        n = int(a.get(count_param) or 0)
        prims = _prims(s.ia_topology, n)
        if prims > MAX_PRIMITIVES[fl]:
            return f"the draw has {prims} primitives; at most {MAX_PRIMITIVES[fl]} are allowed"
        for stage in ("VS", "PS"):
            sh = s.stages[stage].shader
            if sh is not None:
                from .draw_validation import shader_facts

                used = sum(shader_facts(sh).cb_sizes.values()) // 16
                if used > MAX_SHADER_CONSTANTS[stage]:
                    return (f"the {stage} uses {used} constants; at most {MAX_SHADER_CONSTANTS[stage]} are "
                            "allowed")
        if indexed:
            hi = _largest_index(s, int(a.get("StartIndexLocation") or 0), n)
            if hi is not None and hi > MAX_INDEX_VALUE[fl]:
                return f"index value {hi} exceeds {MAX_INDEX_VALUE[fl]}"
        return None
    return check


def _largest_index(s: Any, start: int, count: int) -> int | None:
    ib = s.ia_ib
    st = getattr(ib, "_storage", None)
    if st is None or count <= 0:
        return None
    size = 2 if s.ia_ib_format == R16_UINT else 4
    lo = s.ia_ib_offset + start * size
    raw = bytes(np.asarray(st.data, dtype=np.uint8).reshape(-1)[lo: lo + count * size])
    raw = raw[: len(raw) // size * size]
    if not raw:
        return None
    return int(np.frombuffer(raw, dtype="<u2" if size == 2 else "<u4").max())


def _indexed_points(ctx: Any, a: dict[str, Any]) -> str | None:
    return "indexed point lists are not supported" if ctx._state.ia_topology == POINTLIST else None


def _storage(res: Any) -> Any:
    return getattr(res, "_storage", None)


def _is_staging(res: Any) -> bool:
    return int(F(getattr(res, "_desc", None), "Usage")) == USAGE_STAGING


def _copy_rules(region: bool) -> list[tuple[str, Check, str]]:
    """The CopyResource / CopySubresourceRegion rows (dst, src argument names differ by method only)."""
    def args(a: dict[str, Any]) -> tuple[Any, Any]:
        return a.get("pDstResource"), a.get("pSrcResource")

    def gpu_copy(ctx: Any, a: dict[str, Any]) -> str | None:
        dst, src = args(a)
        d, s = _storage(dst), _storage(src)
        if d is None or s is None or _is_staging(dst) or _is_staging(src):
            return None
        if s.dimension not in (StorageDimension.TEXTURE2D, StorageDimension.BUFFER):
            return "only Texture2D and buffers may be copied within GPU-accessible memory"
        return None

    def readback_3d(ctx: Any, a: dict[str, Any]) -> str | None:
        dst, src = args(a)
        s = _storage(src)
        if s is not None and _is_staging(dst) and not _is_staging(src) and s.dimension == StorageDimension.TEXTURE3D:
            return "Texture3D cannot be copied from GPU-accessible memory to CPU-accessible memory"
        return None

    def readback_srv_only(ctx: Any, a: dict[str, Any]) -> str | None:
        dst, src = args(a)
        if (src is not None and _is_staging(dst) and not _is_staging(src)
                and int(F(getattr(src, "_desc", None), "BindFlags")) == BIND_SHADER_RESOURCE):
            return ("a resource with only D3D11_BIND_SHADER_RESOURCE cannot be copied from GPU-accessible memory "
                    "to CPU-accessible memory")
        return None

    def mipmapped_volume(ctx: Any, a: dict[str, Any]) -> str | None:
        for r in args(a):
            st = _storage(r)
            if st is not None and st.dimension == StorageDimension.TEXTURE3D and st.mip_levels > 1:
                return "mipmapped volume textures cannot be copied"
        return None

    out = [("Only Texture2D and buffers may be copied within GPU-accessible memory.", gpu_copy,
            "COPYRESOURCE_ONLY_TEXTURE_2D_WITHIN_GPU_MEMORY"),
           ("Texture3D cannot be copied from GPU-accessible memory to CPU-accessible memory.", readback_3d,
            "COPYRESOURCE_NO_TEXTURE_3D_READBACK"),
           ("Any resource that has only D3D10_BIND_SHADER_RESOURCE cannot be copied from GPU-accessible memory "
            "to CPU-accessible memory.", readback_srv_only, "COPYRESOURCE_NO_TEXTURE_ONLY_READBACK")]
    if region:
        out.append(("You can't copy mipmapped volume textures.", mipmapped_volume,
                    "COPYSUBRESOURCEREGION_INVALIDSOURCE"))
    return out


# -------------------------------------------------------------------------------------------------
# the ClearRenderTargetView limit
# -------------------------------------------------------------------------------------------------

class _FirstSliceView(ID3D11RenderTargetView):
    """An RTV of the same device and resource covering only its view's first array slice (what a 9_x clear
    reaches); the argument layer takes it as the RTV it stands for. No IUnknown state of its own."""

    def __init__(self, view: Any) -> None:
        d: ViewDescriptor = view._view
        self._source = view
        self._device = view._device
        self._view = ViewDescriptor(kind=d.kind, storage=d.storage, format=d.format, dimension=d.dimension,
                                    first_mip=d.first_mip, mip_count=d.mip_count, first_slice=d.first_slice,
                                    slice_count=1)


def _first_slice_only(ctx: Any, a: dict[str, Any]) -> None:
    v = a.get("pRenderTargetView")
    if v is not None and getattr(getattr(v, "_view", None), "slice_count", 1) > 1:
        a["pRenderTargetView"] = _FirstSliceView(v)


# -------------------------------------------------------------------------------------------------
# the table
# -------------------------------------------------------------------------------------------------

_NOT_9 = "Not supported on any 9.* feature level."
_NOT_9_10 = "Not supported on any 9.* or 10.* feature level."


def _stage_rows(stage: str, levels: frozenset[int], statement: str) -> list[LevelRule]:
    shader_param = {"CS": "pComputeShader", "GS": "pGeometryShader", "HS": "pHullShader",
                    "DS": "pDomainShader"}[stage]
    msg = {"GS": "GEOMETRY_SHADER_NOT_SUPPORTED"}.get(stage, "")
    return [
        LevelRule(f"{stage}SetConstantBuffers", levels, statement, _binds("ppConstantBuffers", "NumBuffers"), msg),
        LevelRule(f"{stage}SetConstantBuffers1", levels, statement, _binds("ppConstantBuffers", "NumBuffers"), msg),
        LevelRule(f"{stage}SetSamplers", levels, statement, _binds("ppSamplers", "NumSamplers"), msg),
        LevelRule(f"{stage}SetShader", levels, statement, _binds(shader_param), msg),
        LevelRule(f"{stage}SetShaderResources", levels, statement, _binds("ppShaderResourceViews", "NumViews"), msg),
    ]


RULES: tuple[LevelRule, ...] = (
    *[LevelRule("CopySubresourceRegion", L9, s, c, m, CAT_RESOURCE_MANIPULATION) for s, c, m in _copy_rules(True)],
    *[LevelRule("CopySubresourceRegion1", L9, s, c, m, CAT_RESOURCE_MANIPULATION) for s, c, m in _copy_rules(True)],
    *[LevelRule("CopyResource", L9, s, c, m, CAT_RESOURCE_MANIPULATION) for s, c, m in _copy_rules(False)],
    LevelRule("CopyStructureCount", L9, _NOT_9, _always("not supported at feature level 9_x"), "",
              CAT_RESOURCE_MANIPULATION),
    LevelRule("ClearUnorderedAccessViewFloat", L9, _NOT_9, _always("not supported at feature level 9_x"), "",
              CAT_RESOURCE_MANIPULATION),
    LevelRule("ClearUnorderedAccessViewUint", L9, _NOT_9, _always("not supported at feature level 9_x"), "",
              CAT_RESOURCE_MANIPULATION),
    LevelRule("ClearRenderTargetView", L9, "Only the first array slice will be cleared.",
              limit=_first_slice_only),
    *_stage_rows("CS", L9, _NOT_9),
    LevelRule("CSSetUnorderedAccessViews", L9, _NOT_9, _binds("ppUnorderedAccessViews", "NumUAVs")),
    LevelRule("Dispatch", L9, _NOT_9, _always("compute shaders are not supported at feature level 9_x"),
              "DEVICE_DISPATCH_UNSUPPORTED", CAT_EXECUTION),
    LevelRule("DispatchIndirect", L9, _NOT_9, _always("compute shaders are not supported at feature level 9_x"),
              "DEVICE_DISPATCHINDIRECT_UNSUPPORTED", CAT_EXECUTION),
    LevelRule("Draw", L9, "Number of primitives may not exceed 65535 (9_1) / 1048575 (9_2, 9_3).",
              _draw_limits("VertexCount", False), "", CAT_EXECUTION),
    LevelRule("DrawAuto", L9, _NOT_9, _always("DrawAuto needs stream output"), "STREAM_OUT_NOT_SUPPORTED",
              CAT_EXECUTION),
    LevelRule("DrawIndexed", L9, "Indexed point lists not supported.", _indexed_points,
              "DRAWINDEXED_POINTLIST_UNSUPPORTED", CAT_EXECUTION),
    LevelRule("DrawIndexed", L9, "Number of primitives may not exceed 65535/1048575; index values cannot exceed "
              "65534 (9_1) / 1048575 (9_2, 9_3).", _draw_limits("IndexCount", True), "", CAT_EXECUTION),
    LevelRule("DrawIndexedInstanced", L9_1_2, "Not supported", _always("instancing needs feature level 9_3"),
              "DRAWINDEXEDINSTANCED_NOT_SUPPORTED_BELOW_9_3", CAT_EXECUTION),
    LevelRule("DrawIndexedInstanced", frozenset({FL_9_3}), "Number of primitives may not exceed 1048575. Index "
              "values cannot exceed 1048575.", _draw_limits("IndexCountPerInstance", True), "", CAT_EXECUTION),
    LevelRule("DrawIndexedInstanced", frozenset({FL_9_3}), "Indexed point lists not supported.", _indexed_points,
              "DRAWINDEXED_POINTLIST_UNSUPPORTED", CAT_EXECUTION),
    LevelRule("DrawIndexedInstancedIndirect", L9_10, _NOT_9_10, _always("indirect draws need feature level 11_0"),
              "", CAT_EXECUTION),
    LevelRule("DrawInstanced", L9, _NOT_9, _always("DrawInstanced is not supported at feature level 9_x"),
              "DRAWINSTANCED_NOT_SUPPORTED", CAT_EXECUTION),
    LevelRule("DrawInstancedIndirect", L9_10, _NOT_9_10, _always("indirect draws need feature level 11_0"),
              "", CAT_EXECUTION),
    *_stage_rows("DS", L9_10, _NOT_9_10),
    *_stage_rows("GS", L9, _NOT_9),
    *_stage_rows("HS", L9_10, _NOT_9_10),
    LevelRule("IASetIndexBuffer", frozenset({FL_9_1}), "Only allows index buffers with the DXGI_FORMAT_R16_UINT "
              "format.", _index_format, "DEVICE_IASETINDEXBUFFER_FORMAT_INVALID"),
    LevelRule("IASetPrimitiveTopology", L9, "Does not support topologies with adjacency.", _adjacency,
              "DEVICE_IASETPRIMITIVETOPOLOGY_ADJACENCY_UNSUPPORTED"),
    LevelRule("OMSetBlendState", L9, "SampleMask cannot be zero.", _sample_mask_zero,
              "SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO"),
    LevelRule("OMSetRenderTargets", L9_1_2, "Only one render target supported.", _too_many_rts(1),
              "OMSETRENDERTARGETS_TOO_MANY_RENDER_TARGETS"),
    LevelRule("OMSetRenderTargets", frozenset({FL_9_3}), "Only four render targets supported.", _too_many_rts(4),
              "OMSETRENDERTARGETS_TOO_MANY_RENDER_TARGETS"),
    LevelRule("OMSetRenderTargets", frozenset({FL_9_3}), "All bound resources must have the same bit depth.",
              _differing_bit_depths, "OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS"),
    LevelRule("OMSetRenderTargetsAndUnorderedAccessViews", L9, _NOT_9,
              _binds("ppUnorderedAccessViews", "NumUAVs")),
    LevelRule("PSSetSamplers", L9, "Cannot exceed 16 sampler bindings.",
              _more_than("NumSamplers", SAMPLER_SLOTS_9, "StartSlot"), "PSSETSAMPLERS_TOO_MANY_SAMPLERS"),
    LevelRule("PSSetShader", L9, "Only ps_4_0_level_9_1 (9_1, 9_2); ps_4_0_level_9_3 or ps_4_0_level_9_1 (9_3).",
              _shader_profile("pPixelShader", "ps")),
    LevelRule("PSSetShaderResources", L9, "No more than 8 simultaneously bound shader resources.",
              _more_than("NumViews", PS_SRV_SLOTS_9, "StartSlot")),
    LevelRule("RSSetScissorRects", L9, "Only the zeroth scissor rect is available.", _more_than("NumRects", 1),
              "DEVICE_RSSETSCISSORRECTS_TOO_MANY_SCISSORS"),
    LevelRule("RSSetViewports", L9, "Only the zeroth viewport is available.", _more_than("NumViewports", 1),
              "DEVICE_RSSETVIEWPORTS_TOO_MANY_VIEWPORTS"),
    LevelRule("RSSetViewports", L9, "A negative upper-left corner fails at 9_x (the float is converted to an "
              "unsigned integer).", _negative_viewport, "DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT"),
    LevelRule("SetPredication", L9, _NOT_9, _binds("pPredicate")),
    LevelRule("SOSetTargets", L9, _NOT_9, _binds("ppSOTargets", "NumBuffers"), "STREAM_OUT_NOT_SUPPORTED"),
    LevelRule("VSSetSamplers", L9, _NOT_9, _binds("ppSamplers", "NumSamplers"), "VSSETSAMPLERS_NOT_SUPPORTED"),
    LevelRule("VSSetShader", L9, "Only vs_4_0_level_9_1 (9_1, 9_2); vs_4_0_level_9_3 or vs_4_0_level_9_1 (9_3).",
              _shader_profile("pVertexShader", "vs")),
    LevelRule("VSSetShaderResources", L9, _NOT_9, _binds("ppShaderResourceViews", "NumViews"),
              "VSSHADERRESOURCES_NOT_SUPPORTED"),
)


def rules_for(method: str) -> list[LevelRule]:
    return [r for r in RULES if r.method == method]


def _level_names(levels: frozenset[int]) -> str:
    from .caps import feature_level_name

    return ", ".join(feature_level_name(lv) for lv in sorted(levels))


def _wrap(fn: Any, rules: list[LevelRule]) -> Any:
    sig = inspect.signature(fn)
    levels = frozenset().union(*(r.levels for r in rules))

    @functools.wraps(fn)
    def gated(self: Any, *args: Any, **kw: Any) -> Any:
        fl = self._feature_level()
        if fl not in levels:  # the common case (10_x/11_x devices): no rule, no argument binding
            return fn(self, *args, **kw)
        try:
            bound = sig.bind(self, *args, **kw)
        except TypeError:
            return fn(self, *args, **kw)  # the method reports its own argument errors
        bound.apply_defaults()
        a = dict(bound.arguments)
        changed = False
        for rule in rules:
            if fl not in rule.levels:
                continue
            try:
                if rule.limit is not None:
                    rule.limit(self, a)
                    changed = True
                    continue
                reason = rule.check(self, a) if rule.check is not None else None
            except (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError):
                # arguments C could not express: the argument layer inside refuses them with its own message
                return fn(self, *args, **kw)
            if reason:
                self._report(SEV_ERROR, rule.category, f"ID3D11DeviceContext::{rule.method}: {reason} "
                             f"(10Level9 rule for {_level_names(rule.levels)}: {rule.statement}) The call is "
                             "dropped.", rule.message)
                return None
        if changed:
            a.pop(next(iter(sig.parameters)))
            return fn(self, **a)
        return fn(self, *args, **kw)

    gated._level_rules = rules  # type: ignore[attr-defined]
    return gated


def install(cls: type) -> None:
    """Wrap every method of ``cls`` that the table names (once)."""
    for method in sorted({r.method for r in RULES}):
        fn = getattr(cls, method, None)
        if fn is None or getattr(fn, "_level_rules", None) is not None:
            continue
        setattr(cls, method, _wrap(fn, rules_for(method)))
