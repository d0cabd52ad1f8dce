"""Per-feature-level rules of the ID3D11Device methods (10Level9 reference), as one table applied from one place.

Source: MicrosoftDocs win32 desktop-src/direct3d11/d3d11-graphics-reference-10level9-device.md ("10Level9
ID3D11Device Methods"). Each concrete statement of a row is one ``DeviceRule``; ``install`` wraps each named
Create* method so that, at the levels a row names, a description breaking it fails the call with
E_INVALIDARG and the debug-layer message of the D3D10L9 range (reported like every other creation failure,
plus the method's *_INVALIDARG_RETURN), before the method's own validation runs.

Rows already enforced elsewhere from the caps table (texture sizes and array sizes, Texture1D, UAVs and
shader stages at 9_x, MaxAnisotropy, MIRROR_ONCE at 9_1, occlusion queries at 9_1) stay there; the informative
rows (CheckCounter, CheckFormatSupport, CheckMultisampleQualityLevels: "use the Check* method") need no rule.
Inferred where the page is terse: with IndependentBlendEnable at 9_x the first four render-target blends must
agree apart from the write masks (D3D9 has one blend state; message CREATEBLENDSTATE_NO_MRT_BLEND), and the
"exactly one of VERTEX/INDEX/CONSTANT_BUFFER" buffer rule applies to buffers the GPU reads (not STAGING).
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .context_state import F
from .device_consts import FL_9_1, FL_9_2, FL_9_3

L9 = frozenset({FL_9_1, FL_9_2, FL_9_3})
L9_1_2 = frozenset({FL_9_1, FL_9_2})

BIND_VB, BIND_IB, BIND_CB, BIND_SRV, BIND_RT, BIND_DS = 0x1, 0x2, 0x4, 0x8, 0x20, 0x40
USAGE_DEFAULT, USAGE_IMMUTABLE, USAGE_STAGING = 0, 1, 3
MISC_TEXTURECUBE = 0x4
BLEND_SRC_ALPHA_SAT = 11
DUAL_SOURCE_BLENDS = frozenset({16, 17, 18, 19})  # D3D11_BLEND_SRC1_COLOR … INV_SRC1_ALPHA
FLT_MAX = 3.402823466e38
#: CreateQuery rows: the queries each 10Level9 level has (event; occlusion from 9_2; timestamps optional,
#: offered here).
QUERY_EVENT, QUERY_OCCLUSION, QUERY_TIMESTAMP, QUERY_TIMESTAMP_DISJOINT = 0, 1, 2, 3
QUERIES_9 = {FL_9_1: {QUERY_EVENT, QUERY_TIMESTAMP, QUERY_TIMESTAMP_DISJOINT},
             FL_9_2: {QUERY_EVENT, QUERY_OCCLUSION, QUERY_TIMESTAMP, QUERY_TIMESTAMP_DISJOINT},
             FL_9_3: {QUERY_EVENT, QUERY_OCCLUSION, QUERY_TIMESTAMP, QUERY_TIMESTAMP_DISJOINT}}
RTV_DIMENSION_TEXTURE2D = frozenset({4, 5, 6, 7})  # TEXTURE2D, 2DARRAY, 2DMS, 2DMSARRAY
INPUT_PER_VERTEX_DATA, INPUT_PER_INSTANCE_DATA = 0, 1

Check = Callable[[Any, dict[str, Any]], "str | None"]


@dataclass(frozen=True, slots=True)
class DeviceRule:
    method: str
    levels: frozenset[int]
    statement: str
    check: Check
    message: str  # D3D11_MESSAGE_ID name
    return_id: str = ""  # the method's *_INVALIDARG_RETURN message


def _pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _desc(a: dict[str, Any], name: str) -> Any:
    return a.get(name)


# -- CreateBlendState -------------------------------------------------------------------------------------

def _blend_rts(a: dict[str, Any]) -> list[Any]:
    d = a.get("pBlendStateDesc")
    if d is None:
        return []
    rts = list(F(d, "RenderTarget", []) or [])
    return rts[:4] if F(d, "IndependentBlendEnable") else rts[:1]


def _no_a2c(dev: Any, a: dict[str, Any]) -> str | None:
    return "AlphaToCoverageEnable must be FALSE" if F(a.get("pBlendStateDesc"), "AlphaToCoverageEnable") else None


def _same(field: str, what: str) -> Check:
    def check(dev: Any, a: dict[str, Any]) -> str | None:
        vals = {bool(F(rt, field)) if field == "BlendEnable" else int(F(rt, field)) for rt in _blend_rts(a)}
        return f"the first four {what} must all have the same value" if len(vals) > 1 else None
    return check


def _same_blend(dev: Any, a: dict[str, Any]) -> str | None:
    names = ("SrcBlend", "DestBlend", "BlendOp", "SrcBlendAlpha", "DestBlendAlpha", "BlendOpAlpha")
    enabled = [rt for rt in _blend_rts(a) if F(rt, "BlendEnable")]
    if len({tuple(int(F(rt, n)) for n in names) for rt in enabled}) > 1:
        return "the first four render targets must use the same blend (one blend state at 9_x)"
    return None


def _blend_factor(banned: frozenset[int], what: str) -> Check:
    def check(dev: Any, a: dict[str, Any]) -> str | None:
        for i, rt in enumerate(_blend_rts(a)):
            if F(rt, "BlendEnable") and any(int(F(rt, n)) in banned for n in
                                            ("SrcBlend", "DestBlend", "SrcBlendAlpha", "DestBlendAlpha")):
                return f"RenderTarget[{i}] uses {what}, which is not supported"
        return None
    return check


# -- CreateBuffer -----------------------------------------------------------------------------------------

def _buffer_rt(dev: Any, a: dict[str, Any]) -> str | None:
    return "buffers can't have render target views" if int(F(a.get("pDesc"), "BindFlags")) & BIND_RT else None


def _buffer_one_bind(dev: Any, a: dict[str, Any]) -> str | None:
    d = a.get("pDesc")
    if d is None or int(F(d, "Usage")) == USAGE_STAGING:
        return None
    kinds = int(F(d, "BindFlags")) & (BIND_VB | BIND_IB | BIND_CB)
    if bin(kinds).count("1") != 1:
        return "buffers must have exactly one of D3D11_BIND_VERTEX_BUFFER, D3D11_BIND_INDEX_BUFFER or " \
               "D3D11_BIND_CONSTANT_BUFFER"
    return None


# -- states -----------------------------------------------------------------------------------------------

def _two_sided_stencil(dev: Any, a: dict[str, Any]) -> str | None:
    d = a.get("pDepthStencilDesc")
    if d is None or not F(d, "StencilEnable"):
        return None
    names = ("StencilFailOp", "StencilDepthFailOp", "StencilPassOp", "StencilFunc")
    front = tuple(int(F(F(d, "FrontFace"), n)) for n in names)
    back = tuple(int(F(F(d, "BackFace"), n)) for n in names)
    return "two-sided stencil is not supported (FrontFace and BackFace differ)" if front != back else None


def _depth_clip(dev: Any, a: dict[str, Any]) -> str | None:
    d = a.get("pRasterizerDesc")
    return "DepthClipEnable must be TRUE" if d is not None and not F(d, "DepthClipEnable", True) else None


def _bias_clamp(dev: Any, a: dict[str, Any]) -> str | None:
    d = a.get("pRasterizerDesc")
    return "DepthBiasClamp must be 0" if d is not None and float(F(d, "DepthBiasClamp", 0.0)) != 0.0 else None


def _sampler(test: Callable[[Any], bool], text: str) -> Check:
    def check(dev: Any, a: dict[str, Any]) -> str | None:
        d = a.get("pSamplerDesc")
        return text if d is not None and test(d) else None
    return check


def _border(d: Any) -> bool:
    if 4 not in (int(F(d, "AddressU")), int(F(d, "AddressV")), int(F(d, "AddressW"))):
        return False  # the border colour is only used with D3D11_TEXTURE_ADDRESS_BORDER
    return any(not 0.0 <= float(c) <= 1.0 for c in (F(d, "BorderColor", (0, 0, 0, 0)) or (0, 0, 0, 0)))


def _frac_min_lod(d: Any) -> bool:
    v = float(F(d, "MinLOD", 0.0))
    return math.isfinite(v) and v != math.floor(v)


def _max_lod(d: Any) -> bool:
    return float(F(d, "MaxLOD", FLT_MAX)) < FLT_MAX * (1 - 1e-7)


# -- queries ----------------------------------------------------------------------------------------------

def _query_kind(dev: Any, a: dict[str, Any]) -> str | None:
    q = int(F(a.get("pQueryDesc"), "Query"))
    lv = dev._caps.level
    return None if q in QUERIES_9[lv] else f"D3D11_QUERY {q} is not supported at this 10Level9 level"


def _never(text: str) -> Check:
    return lambda dev, a: text


# -- views ------------------------------------------------------------------------------------------------

def _rtv_texture2d_only(dev: Any, a: dict[str, Any]) -> str | None:
    res = a.get("pResource")
    dim = int(getattr(res, "_dimension", 0) or 0)
    return None if res is None or dim == 3 else "only render target views of Texture2D objects are supported"


def _srv_desc(a: dict[str, Any]) -> tuple[Any, Any]:
    return a.get("pResource"), a.get("pDesc") if "pDesc" in a else a.get("pDesc1")


def _srv_lowest_lod(dev: Any, a: dict[str, Any]) -> str | None:
    res, d = _srv_desc(a)
    if d is None or res is None:
        return None
    total = int(F(getattr(res, "_desc", None), "MipLevels", 1))
    for name in ("Texture2D", "TextureCube", "Texture2DArray", "Texture3D"):
        sub = F(d, name, None)
        if sub is None or int(F(d, "ViewDimension")) not in _SRV_DIMS[name]:
            continue
        most, levels = int(F(sub, "MostDetailedMip")), int(F(sub, "MipLevels"))
        if levels in (-1, 0xFFFFFFFF):
            return None
        if most + levels < total:
            return "MostDetailedMip + MipLevels must include the lowest LOD (the smallest subresource)"
    return None


_SRV_DIMS = {"Texture2D": (4,), "Texture2DArray": (5,), "Texture3D": (8,), "TextureCube": (9,)}


def _srv_all_slices(dev: Any, a: dict[str, Any]) -> str | None:
    res, d = _srv_desc(a)
    if d is None or res is None or int(F(d, "ViewDimension")) != 5:
        return None
    sub = F(d, "Texture2DArray")
    arr = int(F(getattr(res, "_desc", None), "ArraySize", 1))
    if int(F(sub, "FirstArraySlice")) != 0 or int(F(sub, "ArraySize")) != arr:
        return "the view must include all resource array elements"
    return None


# -- textures ---------------------------------------------------------------------------------------------

def _tex(a: dict[str, Any]) -> Any:
    return a.get("pDesc")


def _np2_mips(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is None or int(F(d, "MipLevels", 1)) == 1:
        return None
    if not (_pow2(int(F(d, "Width"))) and _pow2(int(F(d, "Height", 1)))):
        return "with MipLevels other than 1 the dimensions must be integral powers of two"
    return None


def _np2_cube(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is not None and int(F(d, "MiscFlags")) & MISC_TEXTURECUBE and not _pow2(int(F(d, "Width"))):
        return "cube texture dimensions must be powers of two"
    return None


def _np2_3d(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is not None and not all(_pow2(int(F(d, n, 1))) for n in ("Width", "Height", "Depth")):
        return "3D texture dimensions must be powers of two"
    return None


def _bind_not_zero(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is not None and int(F(d, "Usage")) in (USAGE_DEFAULT, USAGE_IMMUTABLE) and not int(F(d, "BindFlags")):
        return "DEFAULT and IMMUTABLE textures need non-zero BindFlags"
    return None


def _ds_one_mip(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is not None and int(F(d, "BindFlags")) & BIND_DS and int(F(d, "MipLevels", 1)) != 1:
        return "depth-stencil textures must have MipLevels 1"
    return None


def _srv_single_sample(dev: Any, a: dict[str, Any]) -> str | None:
    d = _tex(a)
    if d is not None and int(F(d, "BindFlags")) & BIND_SRV and int(F(F(d, "SampleDesc"), "Count", 1)) != 1:
        return "shader-resource textures must have SampleDesc.Count 1"
    return None


# -- input layouts and shaders ----------------------------------------------------------------------------

def _elements(a: dict[str, Any]) -> list[Any]:
    els = a.get("pInputElementDescs")
    if els is None:
        return []
    els = list(els) if isinstance(els, (list, tuple)) else [els]
    n = a.get("NumElements")
    return els[: int(n)] if n is not None else els


def _no_instance_data(dev: Any, a: dict[str, Any]) -> str | None:
    if any(int(F(e, "InputSlotClass")) == INPUT_PER_INSTANCE_DATA for e in _elements(a)):
        return "D3D11_INPUT_PER_INSTANCE_DATA is not supported"
    return None


def _slot0_per_vertex(dev: Any, a: dict[str, Any]) -> str | None:
    els = _elements(a)
    if any(int(F(e, "InputSlotClass")) == INPUT_PER_VERTEX_DATA for e in els) and any(
            int(F(e, "InputSlot")) == 0 and int(F(e, "InputSlotClass")) != INPUT_PER_VERTEX_DATA for e in els):
        return "vertex stream zero must have D3D11_INPUT_PER_VERTEX_DATA when any stream is per-vertex"
    return None


def _profile(kind: str) -> Check:
    def check(dev: Any, a: dict[str, Any]) -> str | None:
        from pyd3d11.shader.dxbc.container import parse_container

        from .level_rules import _aon9_level

        try:
            container = parse_container(bytes(memoryview(a.get("pShaderBytecode")).cast("B")))
        except Exception:
            return None  # malformed bytecode: the method's own validation reports it

        class _Holder:
            _container = container

        lvl = _aon9_level(_Holder)
        fl = dev._caps.level
        if lvl is None:
            return f"must use {kind}_4_0_level_9_1{' or _9_3' if fl == FL_9_3 else ''}"
        if lvl == FL_9_3 and fl != FL_9_3:
            return f"must use {kind}_4_0_level_9_1 (a {kind}_4_0_level_9_3 shader was given)"
        return None
    return check


# -------------------------------------------------------------------------------------------------
# the table
# -------------------------------------------------------------------------------------------------

RULES: tuple[DeviceRule, ...] = (
    DeviceRule("CreateBlendState", L9, "AlphaToCoverageEnable must be FALSE.", _no_a2c,
               "CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE"),
    DeviceRule("CreateBlendState", L9, "The first four BlendEnables must all have the same value.",
               _same("BlendEnable", "BlendEnables"), "CREATEBLENDSTATE_NO_INDEPENDENT_BLEND_ENABLE"),
    DeviceRule("CreateBlendState", frozenset({FL_9_2}), "The first four RenderTargetWriteMasks must all have "
               "the same value.", _same("RenderTargetWriteMask", "RenderTargetWriteMasks"),
               "CREATEBLENDSTATE_NO_INDEPENDENT_WRITE_MASKS"),
    DeviceRule("CreateBlendState", L9, "(inferred) One blend for the first four render targets.", _same_blend,
               "CREATEBLENDSTATE_NO_MRT_BLEND"),
    DeviceRule("CreateBlendState", L9, "D3D11_BLEND_SRC_ALPHASAT not supported.",
               _blend_factor(frozenset({BLEND_SRC_ALPHA_SAT}), "D3D11_BLEND_SRC_ALPHA_SAT"),
               "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),
    DeviceRule("CreateBlendState", L9, "Dual-source color blend not supported.",
               _blend_factor(DUAL_SOURCE_BLENDS, "a dual-source (SRC1) factor"),
               "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),
    DeviceRule("CreateBlendState1", L9, "Unsupported.", _never("CreateBlendState1 is not supported at 9_x"),
               "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),
    DeviceRule("CreateBuffer", L9, "Buffers can't have render target views.", _buffer_rt,
               "CREATERESOURCE_ONLY_VB_IB_FOR_BUFFERS"),
    DeviceRule("CreateBuffer", L9, "Buffers must have exactly one of D3D11_BIND_VERTEX_BUFFER, "
               "D3D11_BIND_INDEX_BUFFER, or D3D11_BIND_CONSTANT_BUFFER.", _buffer_one_bind,
               "CREATERESOURCE_NO_VB_AND_IB_BIND"),
    DeviceRule("CreateDepthStencilState", L9, "Does not support two-sided stencil.", _two_sided_stencil,
               "CREATEDEPTHSTENCILSTATE_STENCIL_NO_TWO_SIDED"),
    DeviceRule("CreateInputLayout", L9_1_2, "Does not support D3D11_INPUT_PER_INSTANCE_DATA.", _no_instance_data,
               "CREATEINPUTLAYOUT_INVALIDINPUTSLOTCLASS"),
    DeviceRule("CreateInputLayout", frozenset({FL_9_3}), "Vertex stream zero must have D3D11_INPUT_PER_VERTEX_DATA, "
               "if any streams have D3D11_INPUT_PER_VERTEX_DATA.", _slot0_per_vertex,
               "SLOT_ZERO_MUST_BE_D3D10_INPUT_PER_VERTEX_DATA"),
    DeviceRule("CreatePixelShader", L9, "Must use ps_4_0_level_9_1 (9_1, 9_2); ps_4_0_level_9_3 or "
               "ps_4_0_level_9_1 (9_3).", _profile("ps"), "CREATEPIXELSHADER_INVALIDSHADERBYTECODE"),
    DeviceRule("CreateVertexShader", L9, "Must use vs_4_0_level_9_1 (9_1, 9_2); vs_4_0_level_9_3 or "
               "vs_4_0_level_9_1 (9_3).", _profile("vs"), "CREATEVERTEXSHADER_INVALIDSHADERBYTECODE"),
    DeviceRule("CreatePredicate", L9, "Not supported on any 9.* feature level.",
               _never("predicates are not supported at 9_x"), "CREATEQUERYORPREDICATE_INVALIDQUERY"),
    DeviceRule("CreateQuery", L9, "Event queries (9_1); event and occlusion queries (9_2, 9_3); timestamp queries "
               "optional.", _query_kind, "CREATEQUERYORPREDICATE_INVALIDQUERY"),
    DeviceRule("CreateQuery1", L9, "Event queries (9_1); event and occlusion queries (9_2, 9_3); timestamp "
               "queries optional.", _query_kind, "CREATEQUERYORPREDICATE_INVALIDQUERY"),
    DeviceRule("CreateRasterizerState", L9, "DepthClipEnable must be TRUE.", _depth_clip,
               "CREATERASTERIZERSTATE_DepthClipEnable_MUST_BE_TRUE"),
    DeviceRule("CreateRasterizerState", L9, "DepthBiasClamp must be set to 0.", _bias_clamp,
               "CREATERASTERIZERSTATE_DepthBiasClamp_NOT_SUPPORTED"),
    DeviceRule("CreateRenderTargetView", L9, "Can only support render target views of Texture2D objects.",
               _rtv_texture2d_only, "CREATERESOURCE_NOT_BINDABLE_AS_RENDER_TARGET"),
    DeviceRule("CreateSamplerState", L9, "Comparison filter is not supported.",
               _sampler(lambda d: 0x80 <= int(F(d, "Filter")) < 0x100, "comparison filters are not supported"),
               "CREATESAMPLERSTATE_NO_COMPARISON_SUPPORT"),
    DeviceRule("CreateSamplerState", L9, "Border color must be within [0,1].",
               _sampler(_border, "BorderColor must be within [0, 1]"), "CREATESAMPLERSTATE_BORDER_OUT_OF_RANGE"),
    DeviceRule("CreateSamplerState", L9, "Min LOD cannot be fractional.",
               _sampler(_frac_min_lod, "MinLOD cannot be fractional"),
               "CREATESAMPLERSTATE_MINLOD_MUST_NOT_BE_FRACTIONAL"),
    DeviceRule("CreateSamplerState", L9, "Max LOD must be FLT_MAX.",
               _sampler(_max_lod, "MaxLOD must be FLT_MAX"), "CREATESAMPLERSTATE_MAXLOD_MUST_BE_FLT_MAX"),
    DeviceRule("CreateShaderResourceView", L9, "MostDetailedMip plus MipLevels must include lowest LOD.",
               _srv_lowest_lod, "CREATESHADERRESOURCEVIEW_MUST_USE_LOWEST_LOD"),
    DeviceRule("CreateShaderResourceView", L9, "View must include all resource array elements.",
               _srv_all_slices, "CREATESHADERRESOURCEVIEW_FIRSTARRAYSLICE_MUST_BE_ZERO"),
    DeviceRule("CreateTexture2D", L9, "If MipCount > 1, dimensions must be integral power of two.", _np2_mips,
               "CREATERESOURCE_NON_POW_2_MIPMAP"),
    DeviceRule("CreateTexture2D", L9, "Cube textures dimensions must be power of two.", _np2_cube,
               "CREATERESOURCE_NON_POW_2_MIPMAP"),
    DeviceRule("CreateTexture2D", L9, "When using D3D11_USAGE_DEFAULT or D3D11_USAGE_IMMUTABLE, BindFlags cannot "
               "be zero.", _bind_not_zero, "CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE"),
    DeviceRule("CreateTexture2D", L9, "When using D3D11_BIND_DEPTH_STENCIL, MipLevels must be 1.", _ds_one_mip,
               "CREATERESOURCE_ONLY_SINGLE_MIP_LEVEL_DEPTH_STENCIL_SUPPORTED"),
    DeviceRule("CreateTexture2D", L9, "When using D3D11_BIND_SHADER_RESOURCE, SampleDesc.Count must be 1.",
               _srv_single_sample, "CREATERESOURCE_MSAA_PRECLUDES_SHADER_RESOURCE"),
    DeviceRule("CreateTexture3D", L9, "Dimensions must be power of two.", _np2_3d,
               "CREATERESOURCE_NON_POW_2_MIPMAP"),
    DeviceRule("CreateTexture3D", L9, "If resource is D3D11_USAGE_DEFAULT or D3D11_USAGE_IMMUTABLE, BindFlags "
               "cannot be zero.", _bind_not_zero, "CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE"),
)

_RETURN_IDS = {"CreateBlendState": "", "CreateBuffer": "CREATEBUFFER_INVALIDARG_RETURN",
               "CreateTexture2D": "CREATETEXTURE2D_INVALIDARG_RETURN",
               "CreateTexture3D": "CREATETEXTURE3D_INVALIDARG_RETURN",
               "CreateShaderResourceView": "CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN",
               "CreateRenderTargetView": "CREATERENDERTARGETVIEW_INVALIDARG_RETURN"}


def rules_for(method: str) -> list[DeviceRule]:
    return [r for r in RULES if r.method == method]


def _wrap(fn: Any, method: str, rules: list[DeviceRule]) -> Any:
    sig = inspect.signature(fn)
    levels = frozenset().union(*(r.levels for r in rules))

    @functools.wraps(fn)
    def gated(self: Any, *args: Any, **kw: Any) -> Any:
        if self._caps.level not in levels:
            return fn(self, *args, **kw)
        try:
            bound = sig.bind(self, *args, **kw)
        except TypeError:
            return fn(self, *args, **kw)
        a = dict(bound.arguments)
        level = self._caps.level
        for rule in rules:
            if level not in rule.levels:
                continue
            reason = rule.check(self, a)
            if reason:
                from .device_structs import reject

                with self._creating(method, _RETURN_IDS.get(method, "")):
                    raise reject(f"{reason} (10Level9 rule: {rule.statement})", rule.message)
        return fn(self, *args, **kw)

    gated._level_rules = rules  # type: ignore[attr-defined]
    return gated


def install(cls: type) -> None:
    """Wrap every method of ``cls`` that the table names (once)."""
    for method in sorted({r.method for r in RULES}):
        fn = cls.__dict__.get(method) or getattr(cls, method, None)
        if fn is None or getattr(fn, "_level_rules", None) is not None:
            continue
        setattr(cls, method, _wrap(fn, method, rules_for(method)))
