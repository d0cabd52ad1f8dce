"""Bound pipeline state of a device context and every state Set*/Get* method (DESIGN §1, §2).

``BoundState`` is plain data (lists of bound COM objects plus scalars); ``StateMethods`` is the mixin of
``ID3D11DeviceContext1`` that validates and applies the IA/VS/HS/DS/GS/SO/RS/PS/OM/CS Set*/Get* calls
(ID3D11DeviceContext method pages, MicrosoftDocs win32). Invalid calls are dropped whole with a debug
message (``void`` methods never raise). Binding takes an *internal* reference (``bind``/``unbind``): the
public refcount of a bound object does not change, and an object released to 0 while bound stays bound
(wine d3d11 test_state_refcounting). Getters AddRef what they hand out (public), as in C.

The per-stage methods (``VSSetConstantBuffers`` … ``CSGetSamplers``) are generated from one template per
method family, with the C parameter names.
"""

from __future__ import annotations

import copy as _copy
import functools
import struct
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from itertools import chain
from operator import attrgetter
from typing import Any

from pyd3d11.storage import ViewKind

from . import hazards
from .com import ID3D11DeviceChild, iid
from .context_stages import StageMethods

STAGES = hazards.STAGES
SHADER_CLASS = {"VS": "ID3D11VertexShader", "HS": "ID3D11HullShader", "DS": "ID3D11DomainShader",
                "GS": "ID3D11GeometryShader", "PS": "ID3D11PixelShader", "CS": "ID3D11ComputeShader"}
SHADER_PARAM = {"VS": "pVertexShader", "HS": "pHullShader", "DS": "pDomainShader", "GS": "pGeometryShader",
                "PS": "pPixelShader", "CS": "pComputeShader"}

# Limits and values (D3D11Constants.dat / d3d11.h; spec-facts §1.16, §3). Plain ints on purpose.
CB_SLOTS = 14  # D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
SRV_SLOTS = 128
SAMPLER_SLOTS = 16
VB_SLOTS = 32
SO_SLOTS = 4
RT_SLOTS = 8
VIEWPORT_SLOTS = 16
MAX_CLASS_INSTANCES = 253  # D3D11_SHADER_MAX_INTERFACES
UAV_SLOTS_11_1 = 64
UAV_SLOTS_11_0 = 8
CB_MAX_CONSTANTS = 4096  # D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT
KEEP = 0xFFFFFFFF  # D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL / D3D11_KEEP_UNORDERED_ACCESS_VIEWS
FL_9_3, FL_10_0, FL_10_1, FL_11_0, FL_11_1 = 0x9300, 0xA000, 0xA100, 0xB000, 0xB100


def _viewport_bounds(level: int) -> tuple[float, float]:
    """Viewport extents RSSetViewports accepts (D3D11_VIEWPORT remarks): 11_0 and up
    D3D11_VIEWPORT_BOUNDS_MIN/MAX (-32768, 32767); 10_1 and below D3D10_VIEWPORT_BOUNDS (-16384, 16383);
    at 9_x the runtime keeps the extents as unsigned integers, so a negative top-left corner fails."""
    if level >= FL_11_0:
        return -32768.0, 32767.0
    if level >= FL_10_0:
        return -16384.0, 16383.0
    return 0.0, 16383.0
FORMAT_R16_UINT, FORMAT_R32_UINT = 57, 42
BIND_VERTEX_BUFFER, BIND_INDEX_BUFFER, BIND_CONSTANT_BUFFER = 0x1, 0x2, 0x4
BIND_STREAM_OUTPUT = 0x10
UAV_FLAG_APPEND, UAV_FLAG_COUNTER = 0x2, 0x4
TOPOLOGY_MAX = 64  # 33..64 = n-control-point patch lists
_VALID_TOPOLOGIES = frozenset([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, *range(33, 65)])

SEV_ERROR, SEV_WARNING, SEV_INFO = 1, 2, 3
CAT_STATE_SETTING, CAT_STATE_GETTING, CAT_RESOURCE_MANIPULATION, CAT_EXECUTION = 6, 7, 8, 9


def _slots(n: int, value: Any = None) -> list[Any]:
    return [value] * n


@dataclass(slots=True, eq=False)
class StageState:
    """One shader stage's bindings."""

    shader: Any = None
    class_instances: list[Any] = field(default_factory=list)
    cbs: list[Any] = field(default_factory=lambda: _slots(CB_SLOTS))
    cb_first: list[int] = field(default_factory=lambda: _slots(CB_SLOTS, 0))  # in 16-byte constants
    cb_num: list[int] = field(default_factory=lambda: _slots(CB_SLOTS, CB_MAX_CONSTANTS))
    srvs: list[Any] = field(default_factory=lambda: _slots(SRV_SLOTS))
    samplers: list[Any] = field(default_factory=lambda: _slots(SAMPLER_SLOTS))


def _copy_lists(obj: Any) -> Any:
    """A shallow copy of a dataclass whose list fields are new lists (found from the fields, so a list
    field added later is never shared between a context and the commands it recorded)."""
    new = _copy.copy(obj)
    for f in fields(obj):
        v = getattr(obj, f.name)
        if isinstance(v, list):
            setattr(new, f.name, list(v))
    return new


def _default_stages() -> dict[str, StageState]:
    return {s: StageState() for s in STAGES}


@dataclass(slots=True, eq=False)
class BoundState:
    """Everything a context binds (the defaults are ClearState's)."""

    stages: dict[str, StageState] = field(default_factory=_default_stages)
    ia_layout: Any = None
    ia_vbs: list[Any] = field(default_factory=lambda: _slots(VB_SLOTS))
    ia_strides: list[int] = field(default_factory=lambda: _slots(VB_SLOTS, 0))
    ia_offsets: list[int] = field(default_factory=lambda: _slots(VB_SLOTS, 0))
    ia_ib: Any = None
    ia_ib_format: int = 0
    ia_ib_offset: int = 0
    ia_topology: int = 0
    so_targets: list[Any] = field(default_factory=lambda: _slots(SO_SLOTS))
    so_offsets: list[int] = field(default_factory=lambda: _slots(SO_SLOTS, 0))
    rs_state: Any = None
    rs_viewports: list[Any] = field(default_factory=list)
    rs_scissors: list[Any] = field(default_factory=list)
    om_rtvs: list[Any] = field(default_factory=lambda: _slots(RT_SLOTS))
    om_dsv: Any = None
    om_uavs: list[Any] = field(default_factory=lambda: _slots(UAV_SLOTS_11_1))
    om_blend: Any = None
    om_blend_factor: list[float] = field(default_factory=lambda: [1.0, 1.0, 1.0, 1.0])
    om_sample_mask: int = 0xFFFFFFFF
    om_ds: Any = None
    om_stencil_ref: int = 0
    cs_uavs: list[Any] = field(default_factory=lambda: _slots(UAV_SLOTS_11_1))
    predicate: Any = None
    predicate_value: bool = False

    def snapshot(self) -> BoundState:
        """A copy whose lists are independent (objects shared): what commands and restore points hold."""
        new = _copy_lists(self)
        new.stages = {k: _copy_lists(s) for k, s in self.stages.items()}
        return new

    def objects(self) -> list[Any]:
        """Every bound COM object (with repeats), for AddRef/Release bookkeeping."""
        out: list[Any] = []
        for s in self.stages.values():
            out += [s.shader, *s.class_instances, *s.cbs, *s.srvs, *s.samplers]
        out += [self.ia_layout, *self.ia_vbs, self.ia_ib, *self.so_targets, self.rs_state, *self.om_rtvs,
                self.om_dsv, *self.om_uavs, self.om_blend, self.om_ds, *self.cs_uavs, self.predicate]
        return [o for o in out if o is not None]


# -------------------------------------------------------------------------------------------------
# small helpers
# -------------------------------------------------------------------------------------------------

_VIEWPORT_FIELDS = ("TopLeftX", "TopLeftY", "Width", "Height", "MinDepth", "MaxDepth")
_RECT_FIELDS = ("left", "top", "right", "bottom")


@functools.cache
def _field_getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    return attrgetter(*names)


def _same_rectangles(old: list[Any], new: list[Any], names: tuple[str, ...]) -> bool:
    """Whether two lists of viewports or scissor rectangles hold the same values, floats bit for bit (a viewport
    at -0.0 is not the one at +0.0): setting the bound values again changes no binding, so the context keeps its
    list — the draw plan compares these lists by identity (api/draw_plan.py), and a program that sets its
    viewport every frame would otherwise rebuild its draws' plans every frame."""
    if len(old) != len(new):
        return False
    t = type(new[0]) if new else None
    if t is not None and hasattr(t, "__struct_fields__") and all(type(r) is t for r in old + new):
        # (header structs, as the setters build them: their fields read at C speed; a field the struct holds as
        # None -- not built by the setters -- fails the pack and is read by F below)
        get = _field_getter(names)
        a = list(chain.from_iterable(map(get, old)))
        b = list(chain.from_iterable(map(get, new)))
        try:
            return struct.pack(f"{len(a)}d", *a) == struct.pack(f"{len(b)}d", *b)
        except struct.error:
            pass
    a = [F(r, n) for r in old for n in names]
    b = [F(r, n) for r in new for n in names]
    if any(type(x) is float for x in a + b):
        return struct.pack(f"{len(a)}d", *a) == struct.pack(f"{len(b)}d", *b)
    return a == b


def F(obj: Any, name: str, default: Any = 0) -> Any:  # noqa: N802 - struct field accessor
    """Field of a struct, attribute object or dict (``default`` when missing or None)."""
    if obj is None:
        return default
    v = obj.get(name, default) if isinstance(obj, dict) else getattr(obj, name, default)
    return default if v is None else v


def is_a(obj: Any, class_name: str) -> bool:
    """Duck-typed interface check by class name in the MRO (the device side defines the classes); decided once per
    (class, name): every bind of a state setter asks it."""
    if obj is None:
        return False
    key = (type(obj), class_name)
    got = _IS_A.get(key)
    if got is None:
        if len(_IS_A) > 4096:  # (classes made at run time, e.g. by tests: bounded)
            _IS_A.clear()
        got = _IS_A[key] = any(c.__name__ == class_name for c in type(obj).__mro__)
    return got


_IS_A: dict[tuple[type, str], bool] = {}


def view_kind(obj: Any) -> Any:
    v = getattr(obj, "_view", None)
    return None if v is None else v.kind


def addref(obj: Any) -> Any:
    """Public AddRef of what a getter hands out (None passes through)."""
    if obj is not None and hasattr(obj, "AddRef"):
        obj.AddRef()
    return obj


def bind(obj: Any) -> Any:
    """Take the runtime's internal reference on a newly bound object (public count unchanged)."""
    if obj is not None and hasattr(obj, "_add_int_ref"):
        obj._add_int_ref()
    return obj


def unbind(obj: Any) -> None:
    """Drop the internal reference of a binding that is replaced or cleared."""
    if obj is not None and hasattr(obj, "_release_int_ref"):
        obj._release_int_ref()


release = unbind  # what the hazard helpers call when they force a binding to NULL


def slot_range(start: Any, num: Any, slots: int) -> range:
    """The slots a getter reads: [StartSlot, StartSlot + Num) clamped to the slot count (the documented
    range of every Get* is 0 .. SLOT_COUNT - StartSlot), so NumX = 0xFFFFFFFF returns the existing slots
    instead of materialising four billion entries. UINT arguments wrap like C's (-1 is 0xFFFFFFFF)."""
    s = int(start) & 0xFFFFFFFF
    n = int(num) & 0xFFFFFFFF
    return range(s, min(s + n, slots)) if s < slots else range(0)


def _items(seq: Any, n: int) -> list[Any]:
    """First ``n`` entries of a C array argument (None -> NULLs; short lists padded with None)."""
    if seq is None:
        return [None] * n
    if not isinstance(seq, (list, tuple)):
        seq = [seq] if n == 1 else list(seq)
    items = list(seq)[:n]
    return items + [None] * (n - len(items))


def _header_struct(name: str) -> Any:
    import pyd3d11.headers as h

    return getattr(h, name)


def viewport_cls() -> Any:
    return _header_struct("D3D11_VIEWPORT")


def rect_cls() -> Any:
    return _header_struct("D3D11_RECT")


# -------------------------------------------------------------------------------------------------
# the mixin
# -------------------------------------------------------------------------------------------------

class StateMethods(StageMethods):
    """State-setting half of ID3D11DeviceContext1 (needs ``_state``, ``_device``, ``_report``)."""

    _state: BoundState
    _device: Any
    #: The active ID3DDeviceContextState (None until the first SwapDeviceContextState: the device's own level).
    _ctx_state: Any = None

    # -- per-stage bodies the methods of context_stages.py share ---------------------------------
    def _set_cbs1(self, stage: str, method: str, StartSlot: Any, NumBuffers: Any, ppConstantBuffers: Any,  # noqa: N803
                  pFirstConstant: Any, pNumConstants: Any) -> None:
        if (pFirstConstant is None) != (pNumConstants is None):
            self._report(1, 6, f"{method}: pFirstConstant and pNumConstants must both be NULL or both "
                         "non-NULL. The call is dropped.", f"{stage}SETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT")
            return
        self._set_cbs(stage, method, StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant, pNumConstants)

    def _get_srvs(self, stage: str, StartSlot: int, NumViews: int) -> list[Any]:  # noqa: N803
        st = self._state.stages[stage]
        return [addref(st.srvs[i]) for i in slot_range(StartSlot, NumViews, SRV_SLOTS)]

    def _get_samplers(self, stage: str, StartSlot: int, NumSamplers: int) -> list[Any]:  # noqa: N803
        st = self._state.stages[stage]
        return [addref(st.samplers[i]) for i in slot_range(StartSlot, NumSamplers, SAMPLER_SLOTS)]

    # -- limits ------------------------------------------------------------------------------------
    def _feature_level(self) -> int:
        """The level the context's limits follow: the active context state object's, else the device's
        (SwapDeviceContextState remarks: the state object's level controls the immediate context)."""
        if self._ctx_state is not None:
            return self._ctx_state._level
        created = self.__dict__.get("_device_level")  # (the device's level is fixed at creation: read once)
        if created is not None:
            return created
        created = getattr(self._device, "_created_level", None)
        if created is not None:
            self.__dict__["_device_level"] = int(created)
            return int(created)
        get = getattr(self._device, "GetFeatureLevel", None)
        return int(get()) if get is not None else FL_11_1

    def _vb_slots(self) -> int:
        return VB_SLOTS if self._feature_level() >= FL_10_1 else 16

    def _uav_slots(self) -> int:
        return UAV_SLOTS_11_1 if self._feature_level() >= FL_11_1 else UAV_SLOTS_11_0

    def _rt_slots(self) -> int:
        fl = self._feature_level()
        return RT_SLOTS if fl >= FL_10_0 else (4 if fl >= FL_9_3 else 1)

    def _range_ok(self, method: str, start: int, num: int, limit: int, what: str) -> bool:
        if start < 0 or num < 0 or start + num > limit:
            self._report(SEV_ERROR, CAT_STATE_SETTING,
                         f"{method}: StartSlot + Num{what} ({start} + {num}) exceeds the {limit} available "
                         "slots. The call is dropped.", f"DEVICE_{method.upper()}_{what.upper()}_OVERFLOW")
            return False
        return True

    def _hazard_report(self, method: str) -> Any:
        def rep(text: str, msg: str) -> None:
            self._report(SEV_WARNING, CAT_STATE_SETTING, text, msg)
        return rep

    def _assign(self, lst: list[Any], i: int, obj: Any) -> None:
        old = lst[i]
        if old is not obj:
            bind(obj)
            unbind(old)
        lst[i] = obj

    # -- generic stage methods ----------------------------------------------------------------------
    def _set_cbs(self, stage: str, method: str, start: int, num: int, bufs: Any,
                 first: Any = None, count: Any = None) -> None:
        if not self._range_ok(method, start, num, CB_SLOTS, "Buffers"):
            return
        items = _items(bufs, num)
        firsts = _items(first, num) if first is not None else [0] * num
        counts = _items(count, num) if count is not None else [CB_MAX_CONSTANTS] * num
        for i, b in enumerate(items):
            if b is None:
                continue
            if not is_a(b, "ID3D11Buffer") or not (int(F(getattr(b, "_desc", None), "BindFlags")) &
                                                   BIND_CONSTANT_BUFFER):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: the buffer at index {i} was not created "
                             "with D3D11_BIND_CONSTANT_BUFFER. The call is dropped.",
                             f"{stage}SETCONSTANTBUFFERS_INVALIDBUFFER")
                return
            if first is not None or count is not None:
                f, c = int(firsts[i] or 0), int(counts[i] if counts[i] is not None else 0)
                # Offsets are available at every level: the runtime emulates them at 9_x and new drivers have
                # them at 10_0+ (VSSetConstantBuffers1 remarks); ConstantBufferOffsetting reports 1.
                if f % 16 or c % 16 or c > CB_MAX_CONSTANTS or c == 0:
                    self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: pFirstConstant[{i}]={f} and "
                                 f"pNumConstants[{i}]={c} must be multiples of 16, with 0 < NumConstants <= 4096. "
                                 "The call is dropped.", f"{stage}SETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT")
                    return
                # pFirstConstant may lie past the buffer's end: the shader sees the intersection of the
                # buffer and the window, so such a binding reads zeros (VSSetConstantBuffers1 remarks).
        st = self._state.stages[stage]
        for i, b in enumerate(items):
            if b is not None and (where := hazards.is_bound_for_output(self._state, b)):
                self._report(SEV_WARNING, CAT_STATE_SETTING, f"{method}: Resource being set to constant buffer "
                             f"slot {start + i} is still bound on output ({where})! Forcing to NULL.",
                             f"DEVICE_{stage}SETCONSTANTBUFFERS_HAZARD")
                b = None
            self._assign(st.cbs, start + i, b)
            st.cb_first[start + i] = int(firsts[i] or 0) if b is not None else 0
            st.cb_num[start + i] = (int(counts[i]) if (count is not None and b is not None)
                                    else CB_MAX_CONSTANTS)

    def _get_cbs(self, stage: str, start: int, num: int, with_ranges: bool = False) -> Any:
        st = self._state.stages[stage]
        rng = slot_range(start, num, CB_SLOTS)
        bufs = [addref(st.cbs[i]) for i in rng]
        if not with_ranges:
            return bufs
        firsts = [st.cb_first[i] for i in rng]
        nums = [st.cb_num[i] if st.cbs[i] is not None else 0 for i in rng]
        return bufs, firsts, nums

    def _set_srvs(self, stage: str, method: str, start: int, num: int, views: Any) -> None:
        if not self._range_ok(method, start, num, SRV_SLOTS, "Views"):
            return
        items = _items(views, num)
        for i, v in enumerate(items):
            if v is not None and view_kind(v) != ViewKind.SRV:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: entry {i} is not a shader resource view. "
                             "The call is dropped.", "DEVICE_SETSHADERRESOURCES_INVALIDVIEW")
                return
        st = self._state.stages[stage]
        for i, v in enumerate(items):
            if v is not None and (where := hazards.is_bound_for_output(self._state, v)):
                self._report(SEV_WARNING, CAT_STATE_SETTING, f"{method}: Resource being set to {stage} shader "
                             f"resource slot {start + i} is still bound on output ({where})! Forcing to NULL.",
                             f"DEVICE_{stage}SETSHADERRESOURCES_HAZARD")
                v = None
            self._assign(st.srvs, start + i, v)

    def _set_samplers(self, stage: str, method: str, start: int, num: int, samplers: Any) -> None:
        if not self._range_ok(method, start, num, SAMPLER_SLOTS, "Samplers"):
            return
        items = _items(samplers, num)
        for i, s in enumerate(items):
            if s is not None and not is_a(s, "ID3D11SamplerState"):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: entry {i} is not a sampler state. "
                             "The call is dropped.", "DEVICE_SETSAMPLERS_INVALIDSAMPLER")
                return
        st = self._state.stages[stage]
        for i, s in enumerate(items):
            self._assign(st.samplers, start + i, s)

    def _set_shader(self, stage: str, method: str, shader: Any, instances: Any, num_instances: int) -> None:
        if shader is not None and not is_a(shader, SHADER_CLASS[stage]):
            self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: the shader is not an {SHADER_CLASS[stage]}. "
                         "The call is dropped.", f"DEVICE_{stage}SETSHADER_INVALIDSHADER")
            return
        if stage in ("HS", "DS") and shader is not None and self._feature_level() < FL_11_0:
            self._report(SEV_ERROR, CAT_STATE_SETTING, f"{method}: hull/domain shaders need feature level 11_0. "
                         "The call is dropped.", f"DEVICE_{stage}SETSHADER_UNSUPPORTED")
            return
        st = self._state.stages[stage]
        bind(shader)
        unbind(st.shader)
        st.shader = shader
        new = [bind(c) for c in _items(instances, int(num_instances or 0))]
        for c in st.class_instances:
            unbind(c)
        st.class_instances = new
        from .shaders import set_shader_problems

        # reported, the call kept: the draw links what it can and reports unbound slots (shaders.stage_program)
        for msg, text in set_shader_problems(method, shader, new, int(num_instances or 0)):
            self._report(SEV_ERROR, CAT_STATE_SETTING, text, msg)

    def _get_shader(self, stage: str, num_instances: Any = None) -> tuple[Any, list[Any]]:
        st = self._state.stages[stage]
        inst = st.class_instances
        if num_instances is not None:  # at most D3D11_SHADER_MAX_INTERFACES entries exist
            inst = _items(inst, min(int(num_instances) & 0xFFFFFFFF, MAX_CLASS_INSTANCES))
        return addref(st.shader), [addref(c) for c in inst]

    # -- IA ------------------------------------------------------------------------------------------
    def IASetInputLayout(self, pInputLayout: Any) -> None:  # noqa: N802,N803
        if pInputLayout is not None and not is_a(pInputLayout, "ID3D11InputLayout"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "IASetInputLayout: not an input layout. The call is dropped.",
                         "DEVICE_IASETINPUTLAYOUT_INVALID")
            return
        bind(pInputLayout)
        unbind(self._state.ia_layout)
        self._state.ia_layout = pInputLayout

    def IAGetInputLayout(self) -> Any:  # noqa: N802
        return addref(self._state.ia_layout)

    def IASetVertexBuffers(self, StartSlot: int, NumBuffers: int, ppVertexBuffers: Any,  # noqa: N802,N803
                           pStrides: Any = None, pOffsets: Any = None) -> None:
        m = "IASetVertexBuffers"
        if not self._range_ok(m, StartSlot, NumBuffers, self._vb_slots(), "Buffers"):
            return
        bufs = _items(ppVertexBuffers, NumBuffers)
        strides = [int(x or 0) for x in _items(pStrides, NumBuffers)]
        offsets = [int(x or 0) for x in _items(pOffsets, NumBuffers)]
        for i, b in enumerate(bufs):
            if b is None:
                continue
            if not is_a(b, "ID3D11Buffer") or not int(F(b._desc, "BindFlags")) & BIND_VERTEX_BUFFER:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: the buffer at index {i} was not created with "
                             "D3D11_BIND_VERTEX_BUFFER. The call is dropped.", "DEVICE_IASETVERTEXBUFFERS_INVALIDBUFFER")
                return
            if strides[i] > 2048:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: stride {strides[i]} exceeds 2048. The call is "
                             "dropped.", "DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE")
                return
        s = self._state
        for i, b in enumerate(bufs):
            if b is not None and (where := hazards.is_bound_for_output(s, b)):
                self._report(SEV_WARNING, CAT_STATE_SETTING, f"{m}: Resource being set to vertex buffer slot "
                             f"{StartSlot + i} is still bound on output ({where})! Forcing to NULL.",
                             "DEVICE_IASETVERTEXBUFFERS_HAZARD")
                b = None
            self._assign(s.ia_vbs, StartSlot + i, b)
            s.ia_strides[StartSlot + i] = strides[i]
            s.ia_offsets[StartSlot + i] = offsets[i]

    def IAGetVertexBuffers(self, StartSlot: int, NumBuffers: int) -> tuple[list, list, list]:  # noqa: N802,N803
        s = self._state
        rng = slot_range(StartSlot, NumBuffers, VB_SLOTS)
        return ([addref(s.ia_vbs[i]) for i in rng], [s.ia_strides[i] for i in rng], [s.ia_offsets[i] for i in rng])

    def IASetIndexBuffer(self, pIndexBuffer: Any, Format: int, Offset: int) -> None:  # noqa: N802,N803
        m = "IASetIndexBuffer"
        if pIndexBuffer is not None:
            if not is_a(pIndexBuffer, "ID3D11Buffer") or not int(F(pIndexBuffer._desc, "BindFlags")) & BIND_INDEX_BUFFER:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: the buffer was not created with "
                             "D3D11_BIND_INDEX_BUFFER. The call is dropped.", "DEVICE_IASETINDEXBUFFER_INVALIDBUFFER")
                return
            if int(Format) not in (FORMAT_R16_UINT, FORMAT_R32_UINT):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: Format {int(Format)} is not R16_UINT or R32_UINT. "
                             "The call is dropped.", "DEVICE_IASETINDEXBUFFER_FORMAT_INVALID")
                return
            if int(Offset) % (2 if int(Format) == FORMAT_R16_UINT else 4):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: Offset {Offset} is not aligned to the index "
                             "size. The call is dropped.", "DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED")
                return
            if where := hazards.is_bound_for_output(self._state, pIndexBuffer):
                self._report(SEV_WARNING, CAT_STATE_SETTING, f"{m}: Resource being set to the index buffer is "
                             f"still bound on output ({where})! Forcing to NULL.", "DEVICE_IASETINDEXBUFFER_HAZARD")
                pIndexBuffer = None
        s = self._state
        bind(pIndexBuffer)
        unbind(s.ia_ib)
        s.ia_ib = pIndexBuffer
        s.ia_ib_format = int(Format) if pIndexBuffer is not None else int(Format or 0)
        s.ia_ib_offset = int(Offset or 0)

    def IAGetIndexBuffer(self) -> tuple[Any, int, int]:  # noqa: N802
        s = self._state
        return addref(s.ia_ib), s.ia_ib_format, s.ia_ib_offset

    def IASetPrimitiveTopology(self, Topology: int) -> None:  # noqa: N802,N803
        if int(Topology) not in _VALID_TOPOLOGIES:
            self._report(SEV_ERROR, CAT_STATE_SETTING, f"IASetPrimitiveTopology: Topology {int(Topology)} is not a "
                         "valid D3D11_PRIMITIVE_TOPOLOGY. The call is dropped.", "DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNRECOGNIZED")
            return
        if int(Topology) >= 33 and self._feature_level() < FL_11_0:
            self._report(SEV_ERROR, CAT_STATE_SETTING, "IASetPrimitiveTopology: patch lists need feature level "
                         "11_0. The call is dropped.", "DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNRECOGNIZED")
            return
        self._state.ia_topology = int(Topology)

    def IAGetPrimitiveTopology(self) -> int:  # noqa: N802
        return self._state.ia_topology

    # -- SO ------------------------------------------------------------------------------------------
    def SOSetTargets(self, NumBuffers: int, ppSOTargets: Any, pOffsets: Any = None) -> None:  # noqa: N802,N803
        m = "SOSetTargets"
        if not self._range_ok(m, 0, NumBuffers, SO_SLOTS, "Buffers"):
            return
        if self._feature_level() < FL_10_0:
            self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: stream output needs feature level 10_0. The call is "
                         "dropped.", "DEVICE_SOSETTARGETS_UNSUPPORTED")
            return
        bufs = _items(ppSOTargets, NumBuffers)
        offs = [int(x or 0) & 0xFFFFFFFF for x in _items(pOffsets, NumBuffers)]
        for i, b in enumerate(bufs):
            if b is not None and (not is_a(b, "ID3D11Buffer") or not int(F(b._desc, "BindFlags")) & BIND_STREAM_OUTPUT):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: the buffer at index {i} was not created with "
                             "D3D11_BIND_STREAM_OUTPUT. The call is dropped.", "DEVICE_SOSETTARGETS_INVALIDBUFFER")
                return
        s = self._state
        rep = self._hazard_report(m)
        for i in range(SO_SLOTS):
            b = bufs[i] if i < NumBuffers else None
            if b is not None:
                hazards.unbind_inputs(s, b, m, rep, release)
                hazards.unbind_other_pipeline_outputs(s, b, "graphics", m, rep, release)
            self._assign(s.so_targets, i, b)
            s.so_offsets[i] = offs[i] if i < NumBuffers else 0
            if b is not None:
                self._so_bind_offset(b, s.so_offsets[i])

    def _so_bind_offset(self, buf: Any, offset: int) -> None:
        """Offset -1 appends at the current filled size; any other value sets it (spec 14)."""
        if offset != 0xFFFFFFFF:
            st = getattr(buf, "_storage", None)
            if st is not None:
                self._so_filled[id(st)] = offset

    def SOGetTargets(self, NumBuffers: int) -> list[Any]:  # noqa: N802,N803
        return [addref(self._state.so_targets[i]) for i in slot_range(0, NumBuffers, SO_SLOTS)]

    # -- RS ------------------------------------------------------------------------------------------
    def RSSetState(self, pRasterizerState: Any) -> None:  # noqa: N802,N803
        if pRasterizerState is not None and not is_a(pRasterizerState, "ID3D11RasterizerState"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "RSSetState: not a rasterizer state. The call is dropped.",
                         "DEVICE_RSSETSTATE_INVALID")
            return
        bind(pRasterizerState)
        unbind(self._state.rs_state)
        self._state.rs_state = pRasterizerState

    def RSGetState(self) -> Any:  # noqa: N802
        return addref(self._state.rs_state)

    def RSSetViewports(self, NumViewports: int, pViewports: Any = None) -> None:  # noqa: N802,N803
        m = "RSSetViewports"
        if not self._range_ok(m, 0, NumViewports, VIEWPORT_SLOTS, "Viewports"):
            return
        cls = viewport_cls()
        vps = []
        lo, hi = _viewport_bounds(self._feature_level())
        for i, v in enumerate(_items(pViewports, NumViewports)):
            vals = [float(F(v, n, 0.0)) for n in _VIEWPORT_FIELDS]
            x, y, w, h, mn, mx = vals
            if (w < 0 or h < 0 or x < lo or y < lo or x + w > hi or y + h > hi
                    or not (0.0 <= mn <= 1.0) or not (0.0 <= mx <= 1.0) or mn > mx):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: viewport {i} is out of range ({vals}). The call "
                             "is dropped.", "DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT")
                return
            if lo == 0.0:
                # 9_x keeps the extents as unsigned integers (RSSetViewports remarks): fractions are dropped.
                vals[:4] = [float(int(v)) for v in vals[:4]]
            vps.append(cls(*vals))
        if _same_rectangles(self._state.rs_viewports, vps, _VIEWPORT_FIELDS):
            return  # the bound viewports again: the list stays, and with it a draw plan made from it (draw_plan.py)
        self._state.rs_viewports = vps

    def RSGetViewports(self, pNumViewports: int | None = None) -> list[Any]:  # noqa: N802,N803
        vps = [_copy.copy(v) for v in self._state.rs_viewports]
        if pNumViewports is None:
            return vps
        # unused elements are zeros, up to the 16 viewports a pipeline has
        n = len(slot_range(0, pNumViewports, VIEWPORT_SLOTS))
        return vps[:n] + [viewport_cls()() for _ in range(max(0, n - len(vps)))]

    def RSSetScissorRects(self, NumRects: int, pRects: Any = None) -> None:  # noqa: N802,N803
        if not self._range_ok("RSSetScissorRects", 0, NumRects, VIEWPORT_SLOTS, "Rects"):
            return
        cls = rect_cls()
        rects = [cls(*[int(F(r, n)) for n in _RECT_FIELDS]) for r in _items(pRects, NumRects)]
        if not _same_rectangles(self._state.rs_scissors, rects, _RECT_FIELDS):
            self._state.rs_scissors = rects

    def RSGetScissorRects(self, pNumRects: int | None = None) -> list[Any]:  # noqa: N802,N803
        rects = [_copy.copy(r) for r in self._state.rs_scissors]
        if pNumRects is None:
            return rects
        n = len(slot_range(0, pNumRects, VIEWPORT_SLOTS))
        return rects[:n] + [rect_cls()() for _ in range(max(0, n - len(rects)))]

    # -- OM ------------------------------------------------------------------------------------------
    def OMSetBlendState(self, pBlendState: Any, BlendFactor: Any = None,  # noqa: N802,N803
                        SampleMask: int = 0xFFFFFFFF) -> None:
        if pBlendState is not None and not is_a(pBlendState, "ID3D11BlendState"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "OMSetBlendState: not a blend state. The call is dropped.",
                         "DEVICE_OMSETBLENDSTATE_INVALID")
            return
        s = self._state
        bind(pBlendState)
        unbind(s.om_blend)
        s.om_blend = pBlendState
        # NULL BlendFactor means {1, 1, 1, 1} (OMSetBlendState remarks)
        s.om_blend_factor = [1.0] * 4 if BlendFactor is None else [float(x) for x in list(BlendFactor)[:4]]
        s.om_sample_mask = int(SampleMask) & 0xFFFFFFFF

    def OMGetBlendState(self) -> tuple[Any, list[float], int]:  # noqa: N802
        s = self._state
        return addref(s.om_blend), list(s.om_blend_factor), s.om_sample_mask

    def OMSetDepthStencilState(self, pDepthStencilState: Any, StencilRef: int = 0) -> None:  # noqa: N802,N803
        if pDepthStencilState is not None and not is_a(pDepthStencilState, "ID3D11DepthStencilState"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "OMSetDepthStencilState: not a depth-stencil state. The "
                         "call is dropped.", "DEVICE_OMSETDEPTHSTENCILSTATE_INVALID")
            return
        s = self._state
        bind(pDepthStencilState)
        unbind(s.om_ds)
        s.om_ds = pDepthStencilState
        s.om_stencil_ref = int(StencilRef) & 0xFFFFFFFF

    def OMGetDepthStencilState(self) -> tuple[Any, int]:  # noqa: N802
        return addref(self._state.om_ds), self._state.om_stencil_ref

    def _check_rtvs_dsv(self, m: str, rtvs: list[Any], dsv: Any) -> bool:
        seen: list[Any] = []
        dims = []
        for i, v in enumerate(rtvs):
            if v is None:
                continue
            if view_kind(v) != ViewKind.RTV:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: entry {i} is not a render target view. The call "
                             "is dropped.", "DEVICE_OMSETRENDERTARGETS_INVALIDVIEW")
                return False
            if any(hazards.overlaps(v, o) for o in seen):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: render target {i} overlaps another bound render "
                             "target. The call is dropped.", "DEVICE_OMSETRENDERTARGETS_DUPLICATE")
                return False
            seen.append(v)
            dims.append((i, _view_extent(v)))
        if dsv is not None:
            if view_kind(dsv) != ViewKind.DSV:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: pDepthStencilView is not a depth-stencil view. "
                             "The call is dropped.", "DEVICE_OMSETRENDERTARGETS_INVALIDVIEW")
                return False
            dims.append((-1, _view_extent(dsv)))
        if len({d for _i, d in dims}) > 1:
            self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: render targets and depth-stencil view must have the "
                         f"same dimensions and sample count ({dims}). The call is dropped.",
                         "OMSETRENDERTARGETS_INVALIDVIEW")
            return False
        return True

    def _bind_rtvs_dsv(self, m: str, num: int, rtvs: list[Any], dsv: Any) -> None:
        s = self._state
        rep = self._hazard_report(m)
        for i in range(RT_SLOTS):
            v = rtvs[i] if i < num else None
            if v is not None:
                hazards.unbind_inputs(s, v, m, rep, release)
                hazards.unbind_other_pipeline_outputs(s, v, "graphics", m, rep, release)
            self._assign(s.om_rtvs, i, v)
        if dsv is not None:
            hazards.unbind_inputs(s, dsv, m, rep, release)  # per plane: read-only planes unbind nothing
            hazards.unbind_other_pipeline_outputs(s, dsv, "graphics", m, rep, release)
        bind(dsv)
        unbind(s.om_dsv)
        s.om_dsv = dsv

    def OMSetRenderTargets(self, NumViews: int, ppRenderTargetViews: Any,  # noqa: N802,N803
                           pDepthStencilView: Any = None) -> None:
        m = "OMSetRenderTargets"
        if not self._range_ok(m, 0, NumViews, self._rt_slots(), "Views"):
            return
        rtvs = _items(ppRenderTargetViews, NumViews)
        if not self._check_rtvs_dsv(m, rtvs, pDepthStencilView):
            return
        self._bind_rtvs_dsv(m, NumViews, rtvs, pDepthStencilView)
        for i in range(NumViews):  # RTV and OM UAV slots are shared: the RTVs win
            self._assign(self._state.om_uavs, i, None)

    def OMSetRenderTargetsAndUnorderedAccessViews(  # noqa: N802
            self, NumRTVs: int, ppRenderTargetViews: Any, pDepthStencilView: Any,  # noqa: N803
            UAVStartSlot: int, NumUAVs: int, ppUnorderedAccessViews: Any,  # noqa: N803
            pUAVInitialCounts: Any = None) -> None:  # noqa: N803
        """D3D11_KEEP_* (0xFFFFFFFF) for NumRTVs / NumUAVs keeps those bindings; otherwise
        UAVStartSlot >= NumRTVs and UAVStartSlot + NumUAVs <= the UAV slot count, and every UAV slot
        outside the new range is unbound (method page remarks)."""
        m = "OMSetRenderTargetsAndUnorderedAccessViews"
        keep_rt = int(NumRTVs) & 0xFFFFFFFF == KEEP
        keep_uav = int(NumUAVs) & 0xFFFFFFFF == KEEP
        limit = self._uav_slots()
        rtvs: list[Any] = []
        if not keep_rt:
            if not self._range_ok(m, 0, NumRTVs, self._rt_slots(), "RTVs"):
                return
            rtvs = _items(ppRenderTargetViews, NumRTVs)
            if not self._check_rtvs_dsv(m, rtvs, pDepthStencilView):
                return
        uavs: list[Any] = []
        counts: list[Any] = []
        if not keep_uav:
            if self._feature_level() < FL_11_0 and NumUAVs:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: pixel-shader UAVs need feature level 11_0. The "
                             "call is dropped.", "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_UNSUPPORTED")
                return
            n_rt = sum(1 for v in self._state.om_rtvs if v is not None) if keep_rt else int(NumRTVs)
            if NumUAVs and not self._range_ok(m, UAVStartSlot, NumUAVs, limit, "UAVs"):
                return
            if NumUAVs and UAVStartSlot < n_rt:
                # The method page says UAVStartSlot "should" equal the RTV count; the runtime binds anyway
                # (the vkd3d shader tests, verified on Windows, rely on it). The shader's declarations keep
                # o# below u# (spec 5.3.9), so the overlap is only in the bindings.
                self._report(SEV_WARNING, CAT_STATE_SETTING, f"{m}: UAVStartSlot ({UAVStartSlot}) is below "
                             f"NumRTVs ({n_rt}); the UAVs are bound from slot {UAVStartSlot}.",
                             "OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_INVALIDUAVSTARTSLOT")
            uavs = _items(ppUnorderedAccessViews, NumUAVs)
            counts = _items(pUAVInitialCounts, NumUAVs)
            if not self._check_uavs(m, uavs):
                return
        if not keep_rt:
            self._bind_rtvs_dsv(m, NumRTVs, rtvs, pDepthStencilView)
        if not keep_uav:
            s = self._state
            rep = self._hazard_report(m)
            for i in range(UAV_SLOTS_11_1):
                j = i - UAVStartSlot
                v = uavs[j] if 0 <= j < NumUAVs else None
                if v is not None:
                    hazards.unbind_inputs(s, v, m, rep, release)
                    hazards.unbind_other_pipeline_outputs(s, v, "graphics", m, rep, release)
                self._assign(s.om_uavs, i, v)
            self._set_uav_counters(uavs, counts)

    def _check_uavs(self, m: str, uavs: list[Any]) -> bool:
        seen: list[Any] = []
        for i, v in enumerate(uavs):
            if v is None:
                continue
            if view_kind(v) != ViewKind.UAV:
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: entry {i} is not an unordered access view. The "
                             "call is dropped.", "DEVICE_SETUNORDEREDACCESSVIEWS_INVALIDVIEW")
                return False
            if any(hazards.overlaps(v, o) for o in seen):
                self._report(SEV_ERROR, CAT_STATE_SETTING, f"{m}: UAV {i} overlaps another UAV of the same call. "
                             "The call is dropped.", "DEVICE_SETUNORDEREDACCESSVIEWS_DUPLICATE")
                return False
            seen.append(v)
        return True

    def _set_uav_counters(self, uavs: list[Any], counts: list[Any]) -> None:
        """pUAVInitialCounts: -1 (0xFFFFFFFF) keeps the hidden counter; only APPEND/COUNTER UAVs have one."""
        sets = []
        for v, c in zip(uavs, counts):
            if v is None or c is None:
                continue
            c = int(c) & 0xFFFFFFFF
            if c != 0xFFFFFFFF and v._view.flags & (UAV_FLAG_APPEND | UAV_FLAG_COUNTER):
                sets.append((v._view, c))
        if sets:
            self._run_uav_counter_command(sets)

    def OMGetRenderTargets(self, NumViews: int) -> tuple[list[Any], Any]:  # noqa: N802,N803
        s = self._state
        return [addref(s.om_rtvs[i]) for i in slot_range(0, NumViews, RT_SLOTS)], addref(s.om_dsv)

    def OMGetRenderTargetsAndUnorderedAccessViews(self, NumRTVs: int, UAVStartSlot: int,  # noqa: N802,N803
                                                  NumUAVs: int) -> tuple[list[Any], Any, list[Any]]:  # noqa: N803
        rtvs, dsv = self.OMGetRenderTargets(NumRTVs)
        s = self._state
        uavs = [addref(s.om_uavs[i]) for i in slot_range(UAVStartSlot, NumUAVs, UAV_SLOTS_11_1)]
        return rtvs, dsv, uavs

    # -- CS UAVs -------------------------------------------------------------------------------------
    def CSSetUnorderedAccessViews(self, StartSlot: int, NumUAVs: int, ppUnorderedAccessViews: Any,  # noqa: N802,N803
                                  pUAVInitialCounts: Any = None) -> None:  # noqa: N803
        m = "CSSetUnorderedAccessViews"
        limit = self._uav_slots() if self._feature_level() >= FL_11_0 else 1
        if not self._range_ok(m, StartSlot, NumUAVs, limit, "UAVs"):
            return
        uavs = _items(ppUnorderedAccessViews, NumUAVs)
        if not self._check_uavs(m, uavs):
            return
        s = self._state
        rep = self._hazard_report(m)
        for i, v in enumerate(uavs):
            if v is not None:
                hazards.unbind_inputs(s, v, m, rep, release)
                hazards.unbind_other_pipeline_outputs(s, v, "compute", m, rep, release)
                for j, o in enumerate(s.cs_uavs):  # the same subresource in another CS slot is unbound
                    if o is not None and not (StartSlot <= j < StartSlot + NumUAVs) and hazards.overlaps(o, v):
                        self._assign(s.cs_uavs, j, None)
                        rep(f"{m}: Resource being set to CS UAV slot {StartSlot + i} is still bound on output! "
                            f"Forcing CS UAV slot {j} to NULL.", "DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD")
            self._assign(s.cs_uavs, StartSlot + i, v)
        self._set_uav_counters(uavs, _items(pUAVInitialCounts, NumUAVs))

    def CSGetUnorderedAccessViews(self, StartSlot: int, NumUAVs: int) -> list[Any]:  # noqa: N802,N803
        limit = self._uav_slots() if self._feature_level() >= FL_11_0 else 1  # the slots CSSetUnorderedAccessViews has
        return [addref(self._state.cs_uavs[i]) for i in slot_range(StartSlot, NumUAVs, limit)]

    # -- predication ---------------------------------------------------------------------------------
    def SetPredication(self, pPredicate: Any, PredicateValue: bool) -> None:  # noqa: N802,N803
        if pPredicate is not None and not is_a(pPredicate, "ID3D11Predicate"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "SetPredication: not a predicate. The call is dropped.",
                         "DEVICE_SETPREDICATION_INVALIDPREDICATE")
            return
        s = self._state
        bind(pPredicate)
        unbind(s.predicate)
        s.predicate = pPredicate
        s.predicate_value = bool(PredicateValue)

    def GetPredication(self) -> tuple[Any, bool]:  # noqa: N802
        return addref(self._state.predicate), self._state.predicate_value

    # -- ClearState ----------------------------------------------------------------------------------
    def ClearState(self) -> None:  # noqa: N802
        """Every binding back to its default (NULL objects, zero viewports, blend factor 1, mask ~0)."""
        for o in self._state.objects():
            unbind(o)
        self._state = BoundState()
        plans = self.__dict__.get("_draw_plans")  # api/draw_plan.py: let go of the unbound objects it names
        if plans is not None:
            plans.drop()


    # -- ID3DDeviceContextState ---------------------------------------------------------------------
    def _swap_device_context_state(self, pState: Any, want_previous: bool = True) -> Any:  # noqa: N803
        """ID3D11DeviceContext1::SwapDeviceContextState: make ``pState`` the active state object and return
        the previously active one (AddRef'd; the first call hands out the context's default state object);
        ``want_previous`` False is ppPreviousState NULL (nothing handed out, nothing AddRef'd).

        The whole bound pipeline state moves into the previous object and the state ``pState`` saved for
        *this* context (a state object not used here before: the cleared state) becomes the context's. A state
        object keeps one saved state per context and may be used with other devices' contexts too (wine
        test_device_context_state). Bound objects keep their internal references (the inactive state object
        holds them). NULL ``pState``: no effect, nothing returned. Not supported on deferred contexts (dropped
        with a message). A state object emulating ID3D10Device(1) turns off the ID3D11DeviceContext methods
        except Begin/End/GetData/Map/Unmap/GetContextFlags (CreateDeviceContextState remarks).
        MicrosoftDocs ID3D11DeviceContext1::SwapDeviceContextState.
        """
        if getattr(self, "_deferred", False):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "SwapDeviceContextState: not supported on a deferred "
                         "context. The call is dropped.", "")
            return None
        if pState is None:
            return None
        if not is_a(pState, "ID3DDeviceContextState"):
            self._report(SEV_ERROR, CAT_STATE_SETTING, "SwapDeviceContextState: pState is not an "
                         "ID3DDeviceContextState. The call is dropped.", "")
            return None
        prev = self._ctx_state
        if prev is None:  # the implicit default state object (device level, ID3D11Device1 behaviour)
            prev = ID3DDeviceContextState(self._device, StateMethods._feature_level(self), IID_ID3D11Device1, 0)
            prev._add_int_ref()  # the context's reference on its active state object
            if not want_previous:
                prev.Release()
        elif want_previous:
            prev.AddRef()
        if pState is prev:
            return prev if want_previous else None
        prev._saved[self] = self._state
        saved = pState._saved.pop(self, None)
        self._state = saved if saved is not None else BoundState()
        pState._add_int_ref()
        self._ctx_state = pState
        self._set_d3d10_mode(pState._emulated in D3D10_INTERFACES)
        prev._release_int_ref()
        return prev if want_previous else None

    def _set_d3d10_mode(self, on: bool) -> None:
        base = getattr(type(self), "_d3d10_base", None)
        if on and base is None:
            self.__class__ = _d3d10_mode_class(type(self))
        elif not on and base is not None:
            self.__class__ = base


def _view_extent(v: Any) -> tuple[int, int, int]:
    """(width, height, samples) of a view's top mip, for the RT/DSV compatibility rule."""
    d = v._view
    L = d.storage.layout(d.storage.subresource_index(d.first_mip, 0))
    return L.width, L.height, d.storage.sample_count


# -------------------------------------------------------------------------------------------------
# generated per-stage methods
# -------------------------------------------------------------------------------------------------



# -------------------------------------------------------------------------------------------------
# ID3DDeviceContextState
# -------------------------------------------------------------------------------------------------

IID_ID3D10Device = iid("ID3D10Device", "9b7e4c0f-342c-4106-a19f-4f2704f689f0")
IID_ID3D10Device1 = iid("ID3D10Device1", "9b7e4c8f-342c-4106-a19f-4f2704f689f0")
IID_ID3D11Device = iid("ID3D11Device", "db6f6ddb-ac77-4e88-8253-819df9bbf140")
IID_ID3D11Device1 = iid("ID3D11Device1", "a04bfb29-08ef-43d6-a49c-a9bdbdcbe686")
D3D10_INTERFACES = frozenset({IID_ID3D10Device, IID_ID3D10Device1})
EMULATED_INTERFACES = frozenset({IID_ID3D11Device, IID_ID3D11Device1}) | D3D10_INTERFACES


class ID3DDeviceContextState(ID3D11DeviceChild):
    """A context state object (ID3D11Device1::CreateDeviceContextState): a feature level, an emulated
    interface and the bound pipeline state it saved for each context where it is not active (``_saved``,
    context -> BoundState; a context without an entry starts from the cleared state)."""

    _iid = iid("ID3DDeviceContextState", "5c1e0d8a-7c23-48f9-8c59-a92958ceff11")

    def __init__(self, device: Any, level: int, emulated: Any, flags: int) -> None:
        super().__init__(device)
        self._level = int(level)
        self._emulated = emulated
        self._flags = int(flags)
        self._saved: dict[Any, BoundState] = {}

    def _final_release(self) -> None:
        """Last reference gone while inactive: drop the internal references of the saved bindings (what
        destroying the object does on Windows), so that e.g. a state object bound only there can leave the
        device's state cache."""
        saved, self._saved = self._saved, {}
        for state in saved.values():
            for o in state.objects():
                unbind(o)


# Methods that stay on while a D3D10-emulating state object is active (CreateDeviceContextState remarks:
# Begin, End, GetContextFlags, GetData, Map, Unmap), plus IUnknown / device-child basics and the swap.
_D3D10_MODE_ACTIVE = frozenset({
    "Begin", "End", "GetContextFlags", "GetData", "Map", "Unmap", "QueryInterface", "AddRef", "Release",
    "GetDevice", "GetPrivateData", "SetPrivateData", "SetPrivateDataInterface", "SwapDeviceContextState"})
_D3D10_MODE_CLASSES: dict[type, type] = {}


def _disabled_method(name: str) -> Any:
    def disabled(self: Any, *args: Any, **kw: Any) -> None:
        """Turned off while a D3D10-emulating context state object is active: does nothing and hands out
        nothing (CreateDeviceContextState remarks)."""
        return None
    disabled.__name__ = disabled.__qualname__ = name
    return disabled


def _d3d10_mode_class(cls: type) -> type:
    """``cls`` with every ID3D11DeviceContext method not in _D3D10_MODE_ACTIVE turned off (cached)."""
    sub = _D3D10_MODE_CLASSES.get(cls)
    if sub is None:
        ns: dict[str, Any] = {"_d3d10_base": cls, "__module__": cls.__module__, "__qualname__": cls.__qualname__}
        for name in dir(cls):
            attr = getattr(cls, name, None)
            if name[:1].isupper() and name not in _D3D10_MODE_ACTIVE and callable(attr) and not isinstance(attr, type):
                ns[name] = _disabled_method(name)
        sub = _D3D10_MODE_CLASSES[cls] = type(cls.__name__, (cls,), ns)
    return sub
