"""``d3d11_x.h`` for Python (opt-in): the Xbox One D3D11.X fast-resource interface of a device context.

Not part of Windows' D3D11: import it explicitly (``from pyd3d11.d3d11_x import *``). A device made with
``D3D11XCreateDeviceX`` is an ``ID3D11DeviceX`` whose immediate and deferred contexts are
``ID3D11DeviceContextX``: every ID3D11DeviceContext1 method plus ``SetFastResources``,
``BeginResourceBatch`` / ``SetFastResourcesIntoBatch`` / ``EndResourceBatch`` / ``SetResourceBatch``.

Rules (the ID3D11DeviceContextX::SetFastResourcesIntoBatch page, the project's seed 002):

- ``SetType`` (D3D11X_SET_FAST) names the stage (VS, HS, DS, GS, PS, CS) or the IA vertex buffers, and
  whether OffsetAndStride carries an offset (the ``_WITH_OFFSET`` variants). The object type decides what is
  set at a stage: an ID3D11Buffer (or D3D11X_DESCRIPTOR_BUFFER_VIEW) is a constant buffer, an
  ID3D11ShaderResourceView (or D3D11X_DESCRIPTOR_TEXTURE_VIEW / _BUFFER_VIEW of a view) a shader resource,
  an ID3D11SamplerState (or D3D11X_DESCRIPTOR_SAMPLER_STATE) a sampler; with the IA types a buffer is a
  vertex buffer.
- Slots: constant buffers 0…13 (D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT - 1), samplers 0…15,
  shader resources 0…127, vertex buffers 0…31.
- pResource is never NULL and never a DYNAMIC resource.
- ``_WITH_OFFSET``: the offset (the low 48 bits of OffsetAndStride, signed) is added to the resource's base
  address; for shader resources only views of textures, with offsets that are multiples of 256. IA_VB types
  take the stride from the high 16 bits (D3D11X_MAKE_STRIDE / D3D11X_MAKE_OFFSET_AND_STRIDE). Every other
  type needs OffsetAndStride 0.
- A call carries one or more parameter sets; within a set, one or more (pResource, OffsetAndStride) pairs.

Its effect is the equivalent ``*SetConstantBuffers`` / ``*SetShaderResources`` / ``*SetSamplers`` /
``IASetVertexBuffers`` call (tests/test_d3d11_x.py proves it draw for draw). A call breaking a rule is dropped
whole with a debug-layer message, like a void D3D11 method.

Inferred (d3d11_x.h and the Xbox documentation of these details are not public):

- The numeric values of D3D11X_SET_FAST are this module's own (stage index 0…6, ``_WITH_OFFSET`` adds
  0x100); use the names. D3D11X_CREATE_DEVICE_PARAMETERS holds only Version and Flags; devices are 11_1.
- The pairs after the first in a parameter set go to the following slots (Slot, Slot + 1, …).
- "Added to the base address" is modelled on the resource's own bytes: a constant buffer or vertex buffer is
  read from byte ``offset`` of the resource (reads outside the resource return 0, as D3D's out-of-bounds
  rules say), so a negative offset reads zeros before the start; constant-buffer offsets must be multiples of
  16 bytes (one constant). A texture view with an offset reads the texture's bytes shifted by ``offset``
  (zeros past the end), taken when a draw is recorded.
- Python cannot tell a parameter set's SetType from an OffsetAndStride integer, so SetType must be a
  D3D11X_SET_FAST member (not a plain int). A batch is recorded into the caller's buffer as a handle (a
  16-byte record naming the batch); EndResourceBatch returns the bytes used, or 0 when BufferSize is smaller
  than needed (the size needed is returned as the second value).
"""

from __future__ import annotations

import copy as _copy
import itertools
import struct
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

import numpy as np

from pyd3d11.api.context import ID3D11DeviceContext1
from pyd3d11.api.context_state import CAT_STATE_SETTING, SEV_ERROR, F, is_a
from pyd3d11.api.device import ID3D11Device1
from pyd3d11.api.views import ID3D11ShaderResourceView
from pyd3d11.storage import ViewDescriptor

__all__ = [
    "D3D11X_SET_FAST", "D3D11X_CREATE_DEVICE_PARAMETERS", "D3D11X_DESCRIPTOR_BUFFER_VIEW",
    "D3D11X_DESCRIPTOR_TEXTURE_VIEW", "D3D11X_DESCRIPTOR_SAMPLER_STATE", "D3D11X_MAKE_OFFSET_AND_STRIDE",
    "D3D11X_MAKE_STRIDE", "D3D11X_MAKE_OFFSET", "D3D11XCreateDeviceX", "ID3D11DeviceX", "ID3D11DeviceContextX",
]

_WITH_OFFSET = 0x100
_STAGES = ("VS", "HS", "DS", "GS", "PS", "CS", "IA")


class D3D11X_SET_FAST(IntEnum):  # noqa: N801 - d3d11_x.h name
    D3D11X_SET_FAST_VS = 0
    D3D11X_SET_FAST_HS = 1
    D3D11X_SET_FAST_DS = 2
    D3D11X_SET_FAST_GS = 3
    D3D11X_SET_FAST_PS = 4
    D3D11X_SET_FAST_CS = 5
    D3D11X_SET_FAST_IA_VB = 6
    D3D11X_SET_FAST_VS_WITH_OFFSET = 0 | _WITH_OFFSET
    D3D11X_SET_FAST_HS_WITH_OFFSET = 1 | _WITH_OFFSET
    D3D11X_SET_FAST_DS_WITH_OFFSET = 2 | _WITH_OFFSET
    D3D11X_SET_FAST_GS_WITH_OFFSET = 3 | _WITH_OFFSET
    D3D11X_SET_FAST_PS_WITH_OFFSET = 4 | _WITH_OFFSET
    D3D11X_SET_FAST_CS_WITH_OFFSET = 5 | _WITH_OFFSET
    D3D11X_SET_FAST_IA_VB_WITH_OFFSET = 6 | _WITH_OFFSET


globals().update(D3D11X_SET_FAST.__members__)
__all__ += list(D3D11X_SET_FAST.__members__)

#: Slot counts (d3d11.h: D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, _SAMPLER_SLOT_COUNT,
#: _INPUT_RESOURCE_SLOT_COUNT, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT).
SLOT_COUNT = {"cb": 14, "sampler": 16, "srv": 128, "vb": 32}
SRV_OFFSET_ALIGNMENT = 256
CB_OFFSET_ALIGNMENT = 16
_OFFSET_MASK = (1 << 48) - 1
USAGE_DYNAMIC = 2
BIND_VERTEX_BUFFER, BIND_CONSTANT_BUFFER = 0x1, 0x4


def D3D11X_MAKE_OFFSET(offset: int) -> int:  # noqa: N802 - macro name
    """The offset in the low 48 bits (two's complement for negative offsets)."""
    return int(offset) & _OFFSET_MASK


def D3D11X_MAKE_STRIDE(stride: int) -> int:  # noqa: N802
    """The vertex stride in the high 16 bits."""
    return (int(stride) & 0xFFFF) << 48


def D3D11X_MAKE_OFFSET_AND_STRIDE(offset: int, stride: int) -> int:  # noqa: N802
    return D3D11X_MAKE_STRIDE(stride) | D3D11X_MAKE_OFFSET(offset)


def _signed_offset(v: int) -> int:
    v = int(v) & _OFFSET_MASK
    return v - (1 << 48) if v & (1 << 47) else v


@dataclass(frozen=True, slots=True)
class D3D11X_CREATE_DEVICE_PARAMETERS:  # noqa: N801
    Version: int = 0
    Flags: int = 0


@dataclass(frozen=True, slots=True)
class D3D11X_DESCRIPTOR_BUFFER_VIEW:  # noqa: N801
    """A buffer descriptor: stands for the buffer (or buffer view) it was made from."""

    pObject: Any


@dataclass(frozen=True, slots=True)
class D3D11X_DESCRIPTOR_TEXTURE_VIEW:  # noqa: N801
    pObject: Any


@dataclass(frozen=True, slots=True)
class D3D11X_DESCRIPTOR_SAMPLER_STATE:  # noqa: N801
    pObject: Any


class _Reject(Exception):
    pass


def _kind_of(obj: Any, ia: bool) -> tuple[str, Any]:
    """('cb' | 'vb' | 'srv' | 'sampler', the D3D object) for a resource argument."""
    if isinstance(obj, D3D11X_DESCRIPTOR_SAMPLER_STATE):
        obj = obj.pObject
    elif isinstance(obj, (D3D11X_DESCRIPTOR_BUFFER_VIEW, D3D11X_DESCRIPTOR_TEXTURE_VIEW)):
        obj = obj.pObject
    if is_a(obj, "ID3D11Buffer"):
        return ("vb" if ia else "cb"), obj
    if is_a(obj, "ID3D11ShaderResourceView") and not ia:
        return "srv", obj
    if is_a(obj, "ID3D11SamplerState") and not ia:
        return "sampler", obj
    raise _Reject(f"{type(obj).__name__} cannot be set with this D3D11X_SET_FAST type")


def _usage(obj: Any) -> int:
    res = getattr(obj, "_resource", obj)
    return int(F(getattr(res, "_desc", None), "Usage"))


def _is_buffer_view(view: Any) -> bool:
    return is_a(getattr(view, "_resource", None), "ID3D11Buffer")


@dataclass(slots=True)
class _Entry:
    stage: str
    kind: str
    slot: int
    obj: Any
    offset: int
    stride: int


def _parse(args: tuple[Any, ...]) -> list[_Entry]:
    """The parameter sets of one call, validated (raises _Reject naming the broken rule)."""
    entries: list[_Entry] = []
    i, n = 0, len(args)
    if n == 0:
        raise _Reject("no parameters")
    while i < n:
        set_type = args[i]
        if not isinstance(set_type, D3D11X_SET_FAST):
            raise _Reject(f"parameter {i} must be a D3D11X_SET_FAST member (got {set_type!r})")
        if i + 3 >= n:
            raise _Reject("a parameter set needs SetType, Slot, pResource and OffsetAndStride")
        slot = args[i + 1]
        if isinstance(slot, D3D11X_SET_FAST) or not isinstance(slot, (int, np.integer)):
            raise _Reject(f"Slot must be an integer (got {slot!r})")
        i += 2
        k = 0
        stage = _STAGES[int(set_type) & 0xFF]
        with_offset = bool(int(set_type) & _WITH_OFFSET)
        while i < n and not isinstance(args[i], D3D11X_SET_FAST):
            if i + 1 >= n or isinstance(args[i + 1], D3D11X_SET_FAST):
                raise _Reject("each pResource must be followed by its OffsetAndStride")
            obj, packed = args[i], int(args[i + 1])
            i += 2
            if obj is None:
                raise _Reject("pResource can never be NULL")
            kind, obj = _kind_of(obj, stage == "IA")
            s = int(slot) + k
            k += 1
            if not 0 <= s < SLOT_COUNT[kind]:
                raise _Reject(f"slot {s} is outside 0…{SLOT_COUNT[kind] - 1} for {kind}")
            if _usage(obj) == USAGE_DYNAMIC:
                raise _Reject("resources cannot be dynamic")
            need = {"cb": BIND_CONSTANT_BUFFER, "vb": BIND_VERTEX_BUFFER}.get(kind, 0)
            if need and not int(F(getattr(obj, "_desc", None), "BindFlags")) & need:
                # checked here so that a call is applied whole or not at all
                raise _Reject(f"the buffer was not created with the bind flag a {kind} needs")
            offset, stride = 0, 0
            if kind == "vb":
                stride = (packed >> 48) & 0xFFFF
                low = packed & _OFFSET_MASK
                if with_offset:
                    offset = _signed_offset(low)
                elif low:
                    raise _Reject("D3D11X_SET_FAST_IA_VB takes only a stride (D3D11X_MAKE_STRIDE)")
            elif with_offset:
                if kind == "sampler":
                    raise _Reject("samplers have no offset (_WITH_OFFSET needs a buffer or a texture view)")
                if packed >> 48:
                    raise _Reject("only the low 48 bits carry the offset")
                offset = _signed_offset(packed)
                if kind == "srv":
                    if _is_buffer_view(obj):
                        raise _Reject("_WITH_OFFSET shader resources must be views of textures, not buffers")
                    if offset % SRV_OFFSET_ALIGNMENT:
                        raise _Reject(f"shader-resource offsets must be multiples of 256 (got {offset})")
                if kind == "cb" and offset % CB_OFFSET_ALIGNMENT:
                    raise _Reject(f"constant-buffer offsets must be multiples of 16 bytes (got {offset})")
            elif packed:
                raise _Reject("OffsetAndStride must be 0 for this D3D11X_SET_FAST type")
            entries.append(_Entry(stage, kind, s, obj, offset, stride))
        if k == 0:
            raise _Reject("a parameter set needs at least one pResource/OffsetAndStride pair")
    return entries


class _ShiftedTextureView(ID3D11ShaderResourceView):
    """A texture SRV read ``offset`` bytes past (or before) the texture's base address: a view of the same
    device and resource (so every Set* and the argument layer take it as the SRV it stands for), whose bytes are
    the shifted ones. Its reference counts are the source view's."""

    def __init__(self, view: Any, offset: int) -> None:  # no IUnknown state of its own
        self._source, self._offset = view, int(offset)
        self._resource = view._resource
        self._device = view._device

    @property
    def _view(self) -> ViewDescriptor:
        d: ViewDescriptor = self._source._view
        st = _copy.copy(d.storage)
        data = np.zeros_like(d.storage.data)
        src = d.storage.data.reshape(-1)
        o, size = self._offset, src.shape[0]
        if o >= 0:
            data.reshape(-1)[: max(size - o, 0)] = src[o:]
        else:
            data.reshape(-1)[-o:] = src[: size + o]
        st.data = data
        return _replace(d, st)

    def _add_int_ref(self) -> int:
        return self._source._add_int_ref()

    def _release_int_ref(self) -> int:
        return self._source._release_int_ref()


def _replace(d: ViewDescriptor, storage: Any) -> ViewDescriptor:
    new = _copy.copy(d)
    new.storage = storage
    return new


class ID3D11DeviceContextX(ID3D11DeviceContext1):
    """ID3D11DeviceContext1 plus the D3D11.X fast-resource methods."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self._batch: list[_Entry] | None = None

    def _fast_drop(self, method: str, why: str) -> None:
        self._report(SEV_ERROR, CAT_STATE_SETTING, f"ID3D11DeviceContextX::{method}: {why}. The call is dropped.")

    def _apply(self, entries: list[_Entry]) -> None:
        """Each entry as the equivalent D3D11 Set* call."""
        for e in entries:
            if e.kind == "vb":
                self.IASetVertexBuffers(e.slot, 1, [e.obj], [e.stride], [e.offset])
            elif e.kind == "cb":
                getattr(self, f"{e.stage}SetConstantBuffers")(e.slot, 1, [e.obj])
                if e.offset and self._state.stages[e.stage].cbs[e.slot] is e.obj:
                    self._state.stages[e.stage].cb_first[e.slot] = e.offset // 16
            elif e.kind == "srv":
                view = _ShiftedTextureView(e.obj, e.offset) if e.offset else e.obj
                getattr(self, f"{e.stage}SetShaderResources")(e.slot, 1, [view])
            else:
                getattr(self, f"{e.stage}SetSamplers")(e.slot, 1, [e.obj])

    def SetFastResources(self, *args: Any) -> None:  # noqa: N802
        """One or more sets (SetType, Slot, pResource, OffsetAndStride[, pResource, OffsetAndStride…])."""
        try:
            entries = _parse(args)
        except _Reject as r:
            return self._fast_drop("SetFastResources", str(r))
        self._apply(entries)
        return None

    def BeginResourceBatch(self, pBuffer: Any = None, BufferSize: int = 0) -> None:  # noqa: N802,N803
        """Start recording SetFastResourcesIntoBatch calls into ``pBuffer``."""
        self._batch = []
        self._batch_buffer = (pBuffer, int(BufferSize))

    def SetFastResourcesIntoBatch(self, *args: Any) -> None:  # noqa: N802
        """As SetFastResources, recorded into the open batch (applied by SetResourceBatch)."""
        if self._batch is None:
            return self._fast_drop("SetFastResourcesIntoBatch", "no batch is open (call BeginResourceBatch)")
        try:
            entries = _parse(args)
        except _Reject as r:
            return self._fast_drop("SetFastResourcesIntoBatch", str(r))
        self._batch.extend(entries)
        return None

    def EndResourceBatch(self, pSizeNeeded: Any = None) -> tuple[int, int]:  # noqa: N802,N803
        """Close the batch: ``(bytes used, bytes needed)``; 0 used when the buffer is too small."""
        entries, self._batch = self._batch or [], None
        buf, size = getattr(self, "_batch_buffer", (None, 0))
        need = _BATCH_RECORD.size
        if buf is None or size < need:
            return 0, need
        bid = next(_BATCH_IDS)
        _BATCHES[bid] = entries
        memoryview(buf).cast("B")[:need] = _BATCH_RECORD.pack(_BATCH_MAGIC, bid, len(entries))
        return need, need

    def SetResourceBatch(self, pBatch: Any, Size: int = 0) -> None:  # noqa: N802,N803
        """Apply a recorded batch (its SetFastResourcesIntoBatch calls, in order)."""
        raw = bytes(memoryview(pBatch).cast("B")[:_BATCH_RECORD.size]) if pBatch is not None else b""
        if len(raw) < _BATCH_RECORD.size:
            return self._fast_drop("SetResourceBatch", "pBatch is not a resource batch")
        magic, bid, _count = _BATCH_RECORD.unpack(raw)
        if magic != _BATCH_MAGIC or bid not in _BATCHES:
            return self._fast_drop("SetResourceBatch", "pBatch is not a resource batch")
        self._apply(_BATCHES[bid])
        return None


_BATCH_RECORD = struct.Struct("<QII")
_BATCH_MAGIC = 0x48435441_42584433  # "3DXBATCH"
_BATCH_IDS = itertools.count(1)
_BATCHES: dict[int, list[_Entry]] = {}


class ID3D11DeviceX(ID3D11Device1):
    """A device made by D3D11XCreateDeviceX: its contexts are ID3D11DeviceContextX."""

    def _make_context(self, deferred: bool) -> Any:
        return ID3D11DeviceContextX(self, deferred=True) if deferred else ID3D11DeviceContextX(self)

    def CreateDeferredContextX(self, ContextFlags: int = 0) -> Any:  # noqa: N802,N803
        return self.CreateDeferredContext(ContextFlags)

    def GetImmediateContextX(self) -> Any:  # noqa: N802
        return self.GetImmediateContext()


def D3D11XCreateDeviceX(pParameters: Any = None) -> tuple[ID3D11DeviceX, ID3D11DeviceContextX]:  # noqa: N802,N803
    """(device, immediate context) at feature level 11_1; ``Flags`` are D3D11_CREATE_DEVICE_* bits."""
    flags = int(F(pParameters, "Flags", 0)) if pParameters is not None else 0
    device = ID3D11DeviceX(0xB100, flags)
    return device, device.GetImmediateContext()
