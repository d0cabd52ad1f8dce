"""State objects: blend, depth-stencil, rasterizer, sampler (with de-duplication).

Identical descs return the same object (AddRef'd) — also one whose public count fell to 0 while a context
still binds it (the binding's internal reference keeps it alive; wine test_state_refcounting) — and at
most 4096 unique objects of each kind may
live (D3D11_REQ_*_OBJECT_COUNT_PER_DEVICE → D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS), as the D3D11
runtime does. Each object keeps its desc in the most extended form (``_desc``: D3D11_BLEND_DESC1,
D3D11_DEPTH_STENCIL_DESC, D3D11_RASTERIZER_DESC2, D3D11_SAMPLER_DESC) for the pipeline.
Validation: MicrosoftDocs D3D11_*_DESC pages and spec-facts §1.9–§1.10.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from . import device_consts as C
from .caps import FeatureLevelCaps
from .com import ID3D11DeviceChild, iid
from .device_structs import (
    D3D11_BLEND_DESC,
    D3D11_BLEND_DESC1,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_DEPTH_STENCILOP_DESC,
    D3D11_RASTERIZER_DESC,
    D3D11_RASTERIZER_DESC1,
    D3D11_RASTERIZER_DESC2,
    D3D11_SAMPLER_DESC,
    F,
    astuple_deep,
    coerce,
    reject,
)

MAX_UNIQUE_STATE_OBJECTS = 4096


class _StateObject(ID3D11DeviceChild):
    def __init__(self, device: Any, desc: Any) -> None:
        super().__init__(device)
        self._desc = desc

    def GetDesc(self) -> Any:
        return coerce(self._base_desc, self._desc)

    _base_desc: type = object


class ID3D11BlendState(_StateObject):
    _iid = iid("ID3D11BlendState", "75b68faa-347d-4159-8f45-a0640f01cd9a")
    _base_desc = D3D11_BLEND_DESC


class ID3D11BlendState1(ID3D11BlendState):
    _iid = iid("ID3D11BlendState1", "cc86fabe-da55-401d-85e7-e3c9de2877e9")

    def GetDesc1(self) -> Any:
        return coerce(D3D11_BLEND_DESC1, self._desc)


class ID3D11DepthStencilState(_StateObject):
    _iid = iid("ID3D11DepthStencilState", "03823efb-8d8f-4e1c-9aa2-f64bb2cbfdf1")
    _base_desc = D3D11_DEPTH_STENCIL_DESC


class ID3D11RasterizerState(_StateObject):
    _iid = iid("ID3D11RasterizerState", "9bb4ab81-ab1a-4d8f-b506-fc04200b6ee7")
    _base_desc = D3D11_RASTERIZER_DESC


class ID3D11RasterizerState1(ID3D11RasterizerState):
    _iid = iid("ID3D11RasterizerState1", "1217d7a6-5039-418c-b042-9cbe256afd6e")

    def GetDesc1(self) -> Any:
        return coerce(D3D11_RASTERIZER_DESC1, self._desc)


class ID3D11RasterizerState2(ID3D11RasterizerState1):
    _iid = iid("ID3D11RasterizerState2", "6fbd02fb-209f-46c4-b059-2ed15586a6ac")

    def GetDesc2(self) -> Any:
        return coerce(D3D11_RASTERIZER_DESC2, self._desc)


class ID3D11SamplerState(_StateObject):
    _iid = iid("ID3D11SamplerState", "da6fea51-564c-4487-9810-f0d0f9b4e3a5")
    _base_desc = D3D11_SAMPLER_DESC


# ------------------------------------------------------------------------------------------------
# Defaults: what binding None means (D3D11 "default state" tables on each desc's docs page)
# ------------------------------------------------------------------------------------------------

def _default_blend() -> Any:
    d = D3D11_BLEND_DESC1()
    for rt in d.RenderTarget:
        rt.BlendEnable, rt.LogicOpEnable = 0, 0
        rt.SrcBlend, rt.DestBlend, rt.BlendOp = C.BLEND_ONE, C.BLEND_ZERO, C.BLEND_OP_ADD
        rt.SrcBlendAlpha, rt.DestBlendAlpha, rt.BlendOpAlpha = C.BLEND_ONE, C.BLEND_ZERO, C.BLEND_OP_ADD
        rt.LogicOp, rt.RenderTargetWriteMask = C.LOGIC_OP_NOOP, C.COLOR_WRITE_ENABLE_ALL
    return d


def _default_depth_stencil() -> Any:
    face = dict(StencilFailOp=C.STENCIL_OP_KEEP, StencilDepthFailOp=C.STENCIL_OP_KEEP,
                StencilPassOp=C.STENCIL_OP_KEEP, StencilFunc=C.COMPARISON_ALWAYS)
    return coerce(D3D11_DEPTH_STENCIL_DESC, dict(
        DepthEnable=1, DepthWriteMask=C.DEPTH_WRITE_MASK_ALL, DepthFunc=C.COMPARISON_LESS, StencilEnable=0,
        StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=dict(face), BackFace=dict(face)))


def _default_rasterizer() -> Any:
    return coerce(D3D11_RASTERIZER_DESC2, dict(
        FillMode=C.FILL_SOLID, CullMode=C.CULL_BACK, FrontCounterClockwise=0, DepthBias=0, DepthBiasClamp=0.0,
        SlopeScaledDepthBias=0.0, DepthClipEnable=1, ScissorEnable=0, MultisampleEnable=0,
        AntialiasedLineEnable=0, ForcedSampleCount=0, ConservativeRaster=0))


def _default_sampler() -> Any:
    return coerce(D3D11_SAMPLER_DESC, dict(
        Filter=C.FILTER_MIN_MAG_MIP_LINEAR, AddressU=C.ADDRESS_CLAMP, AddressV=C.ADDRESS_CLAMP,
        AddressW=C.ADDRESS_CLAMP, MipLODBias=0.0, MaxAnisotropy=1, ComparisonFunc=C.COMPARISON_NEVER,
        BorderColor=[1.0, 1.0, 1.0, 1.0], MinLOD=-C.FLOAT32_MAX, MaxLOD=C.FLOAT32_MAX))


DEFAULT_BLEND_DESC = _default_blend()
DEFAULT_DEPTH_STENCIL_DESC = _default_depth_stencil()
DEFAULT_RASTERIZER_DESC = _default_rasterizer()
DEFAULT_SAMPLER_DESC = _default_sampler()
DEFAULT_BLEND_FACTOR = (1.0, 1.0, 1.0, 1.0)
DEFAULT_SAMPLE_MASK = 0xFFFFFFFF


# ------------------------------------------------------------------------------------------------
# Validation
# ------------------------------------------------------------------------------------------------


def validate_blend(caps: FeatureLevelCaps, pDesc: Any, version: int) -> Any:  # noqa: N803
    """D3D11_BLEND_DESC(1) rules: valid factors/ops when enabled, no *_COLOR factor for alpha, logic ops
    (11.1) only without blending and without independent blend, write mask 4 bits."""
    P = "CREATEBLENDSTATE_"
    if pDesc is None:
        raise reject("pBlendStateDesc is NULL", P + "NULLDESC")
    desc = coerce(D3D11_BLEND_DESC1, pDesc)
    for rt in desc.RenderTarget:
        if version == 0:  # D3D11_BLEND_DESC has no logic-op fields: they mean "off"
            rt.LogicOpEnable = 0
        if not rt.LogicOpEnable:  # canonical form, so BLEND_DESC and BLEND_DESC1 descs share objects
            rt.LogicOp = C.LOGIC_OP_NOOP
    independent = bool(desc.IndependentBlendEnable)
    if independent and not caps.mrt_independent_blend:
        raise reject(f"IndependentBlendEnable needs feature level 10_0 (device is {caps.name})", P + "NULLDESC")
    count = 8 if independent else 1
    for i in range(count):
        rt = desc.RenderTarget[i]
        where = f"RenderTarget[{i}]"
        if int(rt.RenderTargetWriteMask) & ~0xF:
            raise reject(f"{where}.RenderTargetWriteMask 0x{int(rt.RenderTargetWriteMask):X} has bits above 0xF",
                         P + "INVALIDRENDERTARGETWRITEMASK")
        if rt.LogicOpEnable:
            if not caps.logic_ops:
                raise reject(f"{where}.LogicOpEnable needs feature level 11_1 (device is {caps.name})",
                             P + "NULLDESC")
            if rt.BlendEnable:
                raise reject(f"{where}: LogicOpEnable and BlendEnable cannot both be set", P + "NULLDESC")
            if independent:
                raise reject(f"{where}: logic ops need IndependentBlendEnable FALSE", P + "NULLDESC")
            if not 0 <= int(rt.LogicOp) <= C.LOGIC_OP_OR_INVERTED:
                raise reject(f"{where}.LogicOp {int(rt.LogicOp)} is not a D3D11_LOGIC_OP", P + "NULLDESC")
        if not rt.BlendEnable:
            continue
        for name, allowed, mid in (("SrcBlend", C.VALID_BLENDS, "INVALIDSRCBLEND"),
                                   ("DestBlend", C.VALID_BLENDS, "INVALIDDESTBLEND"),
                                   ("SrcBlendAlpha", C.VALID_BLENDS - C.COLOR_BLENDS, "INVALIDSRCBLENDALPHA"),
                                   ("DestBlendAlpha", C.VALID_BLENDS - C.COLOR_BLENDS, "INVALIDDESTBLENDALPHA")):
            v = int(getattr(rt, name))
            if v not in allowed:
                extra = " (*_COLOR factors are not allowed for alpha)" if v in C.COLOR_BLENDS else ""
                raise reject(f"{where}.{name} {v} is not a valid D3D11_BLEND{extra}", P + mid)
        for name, mid in (("BlendOp", "INVALIDBLENDOP"), ("BlendOpAlpha", "INVALIDBLENDOPALPHA")):
            v = int(getattr(rt, name))
            if not C.BLEND_OP_ADD <= v <= C.BLEND_OP_MAX:
                raise reject(f"{where}.{name} {v} is not a D3D11_BLEND_OP", P + mid)
    if not independent:  # only RenderTarget[0] matters: the runtime copies it to the others
        for i in range(1, 8):
            desc.RenderTarget[i] = coerce(type(desc.RenderTarget[0]), desc.RenderTarget[0])
    # Windows stores a target with blending off with the default factors and ops (GetDesc reports
    # ONE/ZERO/ADD for colour and alpha whatever was passed); they have no effect, so such descs share
    # one object. The write mask and logic op stay as given.
    d = DEFAULT_BLEND_DESC.RenderTarget[0]
    for rt in desc.RenderTarget:
        if not rt.BlendEnable:
            rt.SrcBlend, rt.DestBlend, rt.BlendOp = d.SrcBlend, d.DestBlend, d.BlendOp
            rt.SrcBlendAlpha, rt.DestBlendAlpha, rt.BlendOpAlpha = d.SrcBlendAlpha, d.DestBlendAlpha, d.BlendOpAlpha
    return desc


def _check_face(P: str, face: Any, which: str) -> None:  # noqa: N803
    for name, mid in (("StencilFailOp", "FAILOP"), ("StencilDepthFailOp", "ZFAILOP"), ("StencilPassOp", "PASSOP")):
        v = int(F(face, name))
        if not C.STENCIL_OP_KEEP <= v <= C.STENCIL_OP_DECR:
            raise reject(f"{which}.{name} {v} is not a D3D11_STENCIL_OP",
                         P + f"INVALID{which.upper()}STENCIL{mid}")
    v = int(F(face, "StencilFunc"))
    if not C.COMPARISON_NEVER <= v <= C.COMPARISON_ALWAYS:
        raise reject(f"{which}.StencilFunc {v} is not a D3D11_COMPARISON_FUNC", P + f"INVALID{which.upper()}STENCILFUNC")


def validate_depth_stencil(caps: FeatureLevelCaps, pDesc: Any) -> Any:  # noqa: N803
    P = "CREATEDEPTHSTENCILSTATE_"
    if pDesc is None:
        raise reject("pDepthStencilDesc is NULL", P + "NULLDESC")
    desc = coerce(D3D11_DEPTH_STENCIL_DESC, pDesc)
    if int(desc.DepthWriteMask) not in (C.DEPTH_WRITE_MASK_ZERO, C.DEPTH_WRITE_MASK_ALL):
        raise reject(f"DepthWriteMask {int(desc.DepthWriteMask)} is not a D3D11_DEPTH_WRITE_MASK",
                     P + "INVALIDDEPTHWRITEMASK")
    if desc.DepthEnable and not C.COMPARISON_NEVER <= int(desc.DepthFunc) <= C.COMPARISON_ALWAYS:
        raise reject(f"DepthFunc {int(desc.DepthFunc)} is not a D3D11_COMPARISON_FUNC", P + "INVALIDDEPTHFUNC")
    if desc.StencilEnable:
        _check_face(P, desc.FrontFace, "FrontFace")
        _check_face(P, desc.BackFace, "BackFace")
    if not 0 <= int(desc.StencilReadMask) <= 0xFF or not 0 <= int(desc.StencilWriteMask) <= 0xFF:
        raise reject("StencilReadMask/StencilWriteMask are UINT8", P + "NULLDESC")
    if not isinstance(desc.FrontFace, D3D11_DEPTH_STENCILOP_DESC):  # pragma: no cover - header mismatch
        desc.FrontFace = coerce(D3D11_DEPTH_STENCILOP_DESC, desc.FrontFace)
    # Windows stores disabled parts as their defaults (wine test_create_depthstencil_state): depth off
    # reports DepthWriteMask ALL / DepthFunc LESS, stencil off reports 0xFF masks and KEEP/ALWAYS faces.
    # The disabled parts have no effect, so identical normalised descs share one object.
    d = DEFAULT_DEPTH_STENCIL_DESC
    if not desc.DepthEnable:
        desc.DepthWriteMask, desc.DepthFunc = d.DepthWriteMask, d.DepthFunc
    if not desc.StencilEnable:
        desc.StencilReadMask, desc.StencilWriteMask = d.StencilReadMask, d.StencilWriteMask
        desc.FrontFace = copy.deepcopy(d.FrontFace)
        desc.BackFace = copy.deepcopy(d.BackFace)
    return desc


def validate_rasterizer(caps: FeatureLevelCaps, pDesc: Any, version: int) -> Any:  # noqa: N803
    P = "CREATERASTERIZERSTATE_"
    if pDesc is None:
        raise reject("pRasterizerDesc is NULL", P + "NULLDESC")
    desc = coerce(D3D11_RASTERIZER_DESC2, pDesc)
    if version < 1:
        desc.ForcedSampleCount = 0
    if version < 2:
        desc.ConservativeRaster = 0
    if int(desc.FillMode) not in (C.FILL_WIREFRAME, C.FILL_SOLID):
        raise reject(f"FillMode {int(desc.FillMode)} is not a D3D11_FILL_MODE", P + "INVALIDFILLMODE")
    if not C.CULL_NONE <= int(desc.CullMode) <= C.CULL_BACK:
        raise reject(f"CullMode {int(desc.CullMode)} is not a D3D11_CULL_MODE", P + "INVALIDCULLMODE")
    if math.isnan(float(desc.DepthBiasClamp)):
        raise reject("DepthBiasClamp is NaN", P + "INVALIDDEPTHBIASCLAMP")
    if math.isnan(float(desc.SlopeScaledDepthBias)):
        raise reject("SlopeScaledDepthBias is NaN", P + "INVALIDSLOPESCALEDDEPTHBIAS")
    fsc = int(desc.ForcedSampleCount)
    if fsc not in (0, 1, 2, 4, 8, 16):
        raise reject(f"ForcedSampleCount {fsc} must be 0, 1, 2, 4, 8 or 16", P + "NULLDESC")
    if fsc and caps.level < C.FL_11_1:
        raise reject(f"ForcedSampleCount needs feature level 11_1 (device is {caps.name})", P + "NULLDESC")
    if fsc > 1 and desc.MultisampleEnable:  # MultisampleEnable must be FALSE with forced sample counts > 1
        raise reject("ForcedSampleCount > 1 requires MultisampleEnable FALSE", P + "NULLDESC")
    if int(desc.ConservativeRaster) not in (0, 1):
        raise reject(f"ConservativeRaster {int(desc.ConservativeRaster)} is not a "
                     "D3D11_CONSERVATIVE_RASTERIZATION_MODE", P + "NULLDESC")
    if desc.ConservativeRaster:
        raise reject("conservative rasterization is not supported (ConservativeRasterizationTier 0)",
                     P + "NULLDESC")
    return desc


def _valid_filter(f: int, caps: FeatureLevelCaps) -> bool:
    reduction = f >> 7
    if f & ~0x1D5 or reduction > 1:  # MINIMUM_/MAXIMUM_ filters need MinMaxFiltering (not supported)
        return False
    base = f & 0x7F
    return base in (0x00, 0x01, 0x04, 0x05, 0x10, 0x11, 0x14, 0x15, 0x55)


def validate_sampler(caps: FeatureLevelCaps, pDesc: Any) -> Any:  # noqa: N803
    P = "CREATESAMPLERSTATE_"
    if pDesc is None:
        raise reject("pSamplerDesc is NULL", P + "NULLDESC")
    desc = coerce(D3D11_SAMPLER_DESC, pDesc)
    desc.BorderColor = [float(x) for x in list(desc.BorderColor)[:4]]
    f = int(desc.Filter)
    if not _valid_filter(f, caps):
        raise reject(f"Filter 0x{f:X} is not a supported D3D11_FILTER", P + "INVALIDFILTER")
    for axis in "UVW":
        v = int(getattr(desc, "Address" + axis))
        if not C.ADDRESS_WRAP <= v <= C.ADDRESS_MIRROR_ONCE:
            raise reject(f"Address{axis} {v} is not a D3D11_TEXTURE_ADDRESS_MODE", P + f"INVALIDADDRESS{axis}")
        if v == C.ADDRESS_MIRROR_ONCE and caps.level < C.FL_9_2:
            raise reject(f"Address{axis} MIRROR_ONCE needs feature level 9_2", P + f"INVALIDADDRESS{axis}")
    bias = float(desc.MipLODBias)
    if not -16.0 <= bias <= 15.99:
        raise reject(f"MipLODBias {bias} outside [-16, 15.99]", P + "INVALIDMIPLODBIAS")
    if f & 0x40:  # anisotropic
        a = int(desc.MaxAnisotropy)
        if not 1 <= a <= caps.max_anisotropy:
            raise reject(f"MaxAnisotropy {a} outside [1, {caps.max_anisotropy}] for an anisotropic filter",
                         P + "INVALIDMAXANISOTROPY")
    elif not 0 <= int(desc.MaxAnisotropy) <= 16:
        raise reject(f"MaxAnisotropy {int(desc.MaxAnisotropy)} outside [0, 16]", P + "INVALIDMAXANISOTROPY")
    if f & 0x80 and not C.COMPARISON_NEVER <= int(desc.ComparisonFunc) <= C.COMPARISON_ALWAYS:
        raise reject(f"ComparisonFunc {int(desc.ComparisonFunc)} is not a D3D11_COMPARISON_FUNC",
                     P + "INVALIDCOMPARISONFUNC")
    if math.isnan(float(desc.MinLOD)):
        raise reject("MinLOD is NaN", P + "INVALIDMINLOD")
    if math.isnan(float(desc.MaxLOD)):
        raise reject("MaxLOD is NaN", P + "INVALIDMAXLOD")
    # Windows stores the desc with unused fields cleared (wine test_create_sampler_state): MaxAnisotropy
    # only for anisotropic filters, ComparisonFunc only for comparison filters (NEVER otherwise), and
    # BorderColor only when some address mode is BORDER. Identical normalised descs share one object.
    if not f & 0x40:
        desc.MaxAnisotropy = 0
    if (f >> 7) & 3 != 1:  # D3D11_DECODE_FILTER_REDUCTION != COMPARISON
        desc.ComparisonFunc = C.COMPARISON_NEVER
    if C.ADDRESS_BORDER not in (int(desc.AddressU), int(desc.AddressV), int(desc.AddressW)):
        desc.BorderColor = [0.0, 0.0, 0.0, 0.0]
    return desc


class StateCache:
    """Per-kind de-duplication: canonical desc -> live object. An object leaves the cache once neither a
    public nor an internal (binding) reference is left."""

    def __init__(self) -> None:
        self._objects: dict[Any, Any] = {}

    def _prune(self) -> None:
        dead = [k for k, o in self._objects.items() if not o._alive()]
        for k in dead:
            del self._objects[k]

    def lookup(self, desc: Any) -> tuple[Any, Any]:
        """(key, existing object or None)."""
        self._prune()
        key = astuple_deep(desc)
        return key, self._objects.get(key)

    def full(self) -> bool:
        return len(self._objects) >= MAX_UNIQUE_STATE_OBJECTS

    def add(self, key: Any, obj: Any) -> None:
        self._objects[key] = obj

    def __len__(self) -> int:
        self._prune()
        return len(self._objects)
