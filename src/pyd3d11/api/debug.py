"""Debug layer: ID3D11InfoQueue (message storage, filters, break-on) and ID3D11Debug.

Messages are stored only when the device was created with D3D11_CREATE_DEVICE_DEBUG (as on Windows,
where the info queue exists only on debug devices), but every report is always logged to
``logging.getLogger("pyd3d11")`` at DEBUG level (at its severity's level on debug devices, unless
SetMuteDebugOutput). Break-on-severity/category/ID raises :class:`DebugBreakError` at the caller.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from pyd3d11.errors import E_ABORT, E_INVALIDARG, D3D11Error, InvalidArgError
from pyd3d11.headers import D3D11_INFO_QUEUE_FILTER, D3D11_INFO_QUEUE_FILTER_DESC, D3D11_MESSAGE

from .com import IUnknown, iid
from .debug_messages import MESSAGE_CATEGORIES, message_id, message_name
from .device_structs import F

logger = logging.getLogger("pyd3d11")

# D3D11_MESSAGE_SEVERITY / CATEGORY values
SEVERITY_CORRUPTION, SEVERITY_ERROR, SEVERITY_WARNING, SEVERITY_INFO, SEVERITY_MESSAGE = 0, 1, 2, 3, 4
CATEGORY_APPLICATION_DEFINED, CATEGORY_MISCELLANEOUS, CATEGORY_INITIALIZATION, CATEGORY_CLEANUP = 0, 1, 2, 3
CATEGORY_COMPILATION, CATEGORY_STATE_CREATION, CATEGORY_STATE_SETTING, CATEGORY_STATE_GETTING = 4, 5, 6, 7
CATEGORY_RESOURCE_MANIPULATION, CATEGORY_EXECUTION, CATEGORY_SHADER = 8, 9, 10
MESSAGE_ID_STRING_FROM_APPLICATION = 11
DEFAULT_MESSAGE_COUNT_LIMIT = 1024  # D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT
UNLIMITED = 0xFFFFFFFFFFFFFFFF

_LOG_LEVEL = {SEVERITY_CORRUPTION: logging.CRITICAL, SEVERITY_ERROR: logging.ERROR,
              SEVERITY_WARNING: logging.WARNING, SEVERITY_INFO: logging.INFO, SEVERITY_MESSAGE: logging.DEBUG}
_SEV_TEXT = {SEVERITY_CORRUPTION: "CORRUPTION", SEVERITY_ERROR: "ERROR", SEVERITY_WARNING: "WARNING",
             SEVERITY_INFO: "INFO", SEVERITY_MESSAGE: "MESSAGE"}


class DebugBreakError(D3D11Error):
    """Raised at the offending call when the info queue is set to break on its message."""

    def __init__(self, message: Any):
        self.d3d11_message = message
        super().__init__(E_ABORT, str(F(message, "pDescription", "")), "ID3D11InfoQueue break")





@dataclass(slots=True)
class _FilterSet:
    """A filter as sets: allow-lists (empty = everything) and deny-lists per dimension."""

    allow_cat: set[int] = field(default_factory=set)
    allow_sev: set[int] = field(default_factory=set)
    allow_id: set[int] = field(default_factory=set)
    deny_cat: set[int] = field(default_factory=set)
    deny_sev: set[int] = field(default_factory=set)
    deny_id: set[int] = field(default_factory=set)

    def copy(self) -> _FilterSet:
        return _FilterSet(*(set(s) for s in (self.allow_cat, self.allow_sev, self.allow_id, self.deny_cat,
                                             self.deny_sev, self.deny_id)))

    def add(self, flt: Any) -> None:
        for side, (cat, sev, ids) in (("AllowList", (self.allow_cat, self.allow_sev, self.allow_id)),
                                      ("DenyList", (self.deny_cat, self.deny_sev, self.deny_id))):
            d = F(flt, side, None)
            cat.update(int(x) for x in _list(d, "pCategoryList", "NumCategories"))
            sev.update(int(x) for x in _list(d, "pSeverityList", "NumSeverities"))
            ids.update(int(x) for x in _list(d, "pIDList", "NumIDs"))

    def passes(self, category: int, severity: int, message_id: int) -> bool:
        if category in self.deny_cat or severity in self.deny_sev or message_id in self.deny_id:
            return False
        if self.allow_cat and category not in self.allow_cat:
            return False
        if self.allow_sev and severity not in self.allow_sev:
            return False
        return not (self.allow_id and message_id not in self.allow_id)

    def to_struct(self) -> Any:
        def desc(c: set[int], s: set[int], i: set[int]) -> Any:
            return D3D11_INFO_QUEUE_FILTER_DESC(NumCategories=len(c), pCategoryList=sorted(c),
                                                NumSeverities=len(s), pSeverityList=sorted(s),
                                                NumIDs=len(i), pIDList=sorted(i))
        return D3D11_INFO_QUEUE_FILTER(AllowList=desc(self.allow_cat, self.allow_sev, self.allow_id),
                                       DenyList=desc(self.deny_cat, self.deny_sev, self.deny_id))


def _list(desc: Any, list_name: str, count_name: str) -> list[int]:
    items = list(F(desc, list_name, []) or [])
    n = F(desc, count_name, None)
    return items if n is None or n == 0 and items else items[:n]


class ID3D11InfoQueue(IUnknown):
    """The device's message queue (d3d11sdklayers.h ID3D11InfoQueue)."""

    _iid = iid("ID3D11InfoQueue", "6543dbb6-1b48-42f5-ab82-e97ec74326f6")

    def __init__(self, device: Any, enabled: bool) -> None:
        super().__init__()
        self._device = device
        self._enabled = enabled  # store messages (debug device)
        self._messages: list[Any] = []
        self._limit = DEFAULT_MESSAGE_COUNT_LIMIT
        self._allowed = 0
        self._denied = 0
        self._discarded = 0
        self._storage: list[_FilterSet] = [_FilterSet()]
        self._retrieval: list[_FilterSet] = [_FilterSet()]
        self._break_sev: set[int] = set()
        self._break_cat: set[int] = set()
        self._break_id: set[int] = set()
        self._mute = False
        self._mute_breaks = False  # D3D11 has no such switch; kept False

    # -- reporting (internal) ------------------------------------------------------------------
    def _report(self, severity: int, category: int, message_id: int, text: str) -> None:
        severity, category, message_id = int(severity), int(category), int(message_id)
        name = message_name(message_id)
        cat = MESSAGE_CATEGORIES[category] if 0 <= category < len(MESSAGE_CATEGORIES) else str(category)
        sev = _SEV_TEXT.get(severity, str(severity))
        full = f"{text} [ {cat} {sev} #{message_id}: {name} ]"
        if not self._enabled:
            logger.debug("D3D11 %s: %s", sev, full)
            return
        if not self._mute:
            logger.log(_LOG_LEVEL.get(severity, logging.DEBUG), "D3D11 %s: %s", sev, full)
        msg = D3D11_MESSAGE(Category=category, Severity=severity, ID=message_id, pDescription=full,
                            DescriptionByteLength=len(full.encode("utf-8")) + 1)
        if self._storage[-1].passes(category, severity, message_id):
            self._allowed += 1
            # At the limit new messages push the oldest out (SetMessageCountLimit docs); each pushed-out
            # message counts in GetNumMessagesDiscardedByMessageCountLimit.
            self._messages.append(msg)
            self._trim()
        else:
            self._denied += 1
        if severity in self._break_sev or category in self._break_cat or message_id in self._break_id:
            raise DebugBreakError(msg)

    # -- ID3D11InfoQueue -----------------------------------------------------------------------
    def AddMessage(self, Category: int, Severity: int, ID: int, pDescription: str) -> None:  # noqa: N803
        self._report(Severity, Category, ID, str(pDescription))

    def AddApplicationMessage(self, Severity: int, pDescription: str) -> None:  # noqa: N803
        if not 0 <= int(Severity) <= SEVERITY_MESSAGE:
            raise InvalidArgError(E_INVALIDARG, f"Severity {Severity} is not a D3D11_MESSAGE_SEVERITY",
                                  "AddApplicationMessage")
        self._report(Severity, CATEGORY_APPLICATION_DEFINED, MESSAGE_ID_STRING_FROM_APPLICATION, str(pDescription))

    def _visible(self) -> list[Any]:
        f = self._retrieval[-1]
        return [m for m in self._messages if f.passes(m.Category, m.Severity, m.ID)]

    def GetMessage(self, MessageIndex: int) -> Any:  # noqa: N803
        """The MessageIndex-th stored message that passes the retrieval filter."""
        visible = self._visible()
        if not 0 <= MessageIndex < len(visible):
            raise InvalidArgError(E_INVALIDARG, f"MessageIndex {MessageIndex} out of range ({len(visible)})",
                                  "GetMessage")
        m = visible[MessageIndex]
        return D3D11_MESSAGE(Category=m.Category, Severity=m.Severity, ID=m.ID, pDescription=m.pDescription,
                             DescriptionByteLength=m.DescriptionByteLength)

    def GetNumStoredMessages(self) -> int:
        return len(self._messages)

    def GetNumStoredMessagesAllowedByRetrievalFilter(self) -> int:
        return len(self._visible())

    def GetNumMessagesAllowedByStorageFilter(self) -> int:
        return self._allowed

    def GetNumMessagesDeniedByStorageFilter(self) -> int:
        return self._denied

    def GetNumMessagesDiscardedByMessageCountLimit(self) -> int:
        return self._discarded

    def ClearStoredMessages(self) -> None:
        self._messages.clear()

    def _trim(self) -> None:
        if self._limit != UNLIMITED and len(self._messages) > self._limit:
            n = len(self._messages) - self._limit
            del self._messages[:n]
            self._discarded += n

    def SetMessageCountLimit(self, MessageCountLimit: int) -> None:  # noqa: N803
        """UINT64 limit, -1 (0xFFFFFFFFFFFFFFFF) for none; a lower limit pushes the oldest messages out."""
        self._limit = int(MessageCountLimit) & UNLIMITED
        self._trim()

    def GetMessageCountLimit(self) -> int:
        return self._limit

    # storage / retrieval filter stacks
    def _stack(self, which: str) -> list[_FilterSet]:
        return self._storage if which == "storage" else self._retrieval

    def _add_entries(self, which: str, pFilter: Any) -> None:  # noqa: N803
        self._stack(which)[-1].add(pFilter)

    def AddStorageFilterEntries(self, pFilter: Any) -> None:  # noqa: N803
        self._add_entries("storage", pFilter)

    def AddRetrievalFilterEntries(self, pFilter: Any) -> None:  # noqa: N803
        self._add_entries("retrieval", pFilter)

    def GetStorageFilter(self) -> Any:
        return self._storage[-1].to_struct()

    def GetRetrievalFilter(self) -> Any:
        return self._retrieval[-1].to_struct()

    def ClearStorageFilter(self) -> None:
        self._storage[-1] = _FilterSet()

    def ClearRetrievalFilter(self) -> None:
        self._retrieval[-1] = _FilterSet()

    def PushEmptyStorageFilter(self) -> None:
        self._storage.append(_FilterSet())

    def PushEmptyRetrievalFilter(self) -> None:
        self._retrieval.append(_FilterSet())

    def PushCopyOfStorageFilter(self) -> None:
        self._storage.append(self._storage[-1].copy())

    def PushCopyOfRetrievalFilter(self) -> None:
        self._retrieval.append(self._retrieval[-1].copy())

    def PushStorageFilter(self, pFilter: Any) -> None:  # noqa: N803
        self.PushEmptyStorageFilter()
        self.AddStorageFilterEntries(pFilter)

    def PushRetrievalFilter(self, pFilter: Any) -> None:  # noqa: N803
        self.PushEmptyRetrievalFilter()
        self.AddRetrievalFilterEntries(pFilter)

    def PopStorageFilter(self) -> None:
        if len(self._storage) > 1:
            self._storage.pop()
        else:
            self._storage[0] = _FilterSet()

    def PopRetrievalFilter(self) -> None:
        if len(self._retrieval) > 1:
            self._retrieval.pop()
        else:
            self._retrieval[0] = _FilterSet()

    def GetStorageFilterStackSize(self) -> int:
        return len(self._storage)

    def GetRetrievalFilterStackSize(self) -> int:
        return len(self._retrieval)

    # break-on
    @staticmethod
    def _toggle(s: set[int], key: int, enable: Any) -> None:
        (s.add if enable else s.discard)(int(key))

    def SetBreakOnCategory(self, Category: int, bEnable: Any) -> None:  # noqa: N803
        self._toggle(self._break_cat, Category, bEnable)

    def SetBreakOnSeverity(self, Severity: int, bEnable: Any) -> None:  # noqa: N803
        self._toggle(self._break_sev, Severity, bEnable)

    def SetBreakOnID(self, ID: int, bEnable: Any) -> None:  # noqa: N803
        self._toggle(self._break_id, ID, bEnable)

    def GetBreakOnCategory(self, Category: int) -> bool:  # noqa: N803
        return int(Category) in self._break_cat

    def GetBreakOnSeverity(self, Severity: int) -> bool:  # noqa: N803
        return int(Severity) in self._break_sev

    def GetBreakOnID(self, ID: int) -> bool:  # noqa: N803
        return int(ID) in self._break_id

    def SetMuteDebugOutput(self, bMute: Any) -> None:  # noqa: N803
        self._mute = bool(bMute)

    def GetMuteDebugOutput(self) -> bool:
        return self._mute


#: Interface (first match along the object's class hierarchy) -> the name the Windows debug layer prints
#: in its live-object report and the D3D11_MESSAGE_ID of that line (d3d11sdklayers.h LIVE_* ids; contexts
#: print as "ID3D11Context", samplers as "ID3D11Sampler").
LIVE_OBJECTS: dict[str, tuple[str, str]] = {
    "ID3D11DeviceContext": ("ID3D11Context", "LIVE_CONTEXT"),
    "ID3D11DeviceContext1": ("ID3D11Context", "LIVE_CONTEXT"),
    "ID3DDeviceContextState": ("ID3DDeviceContextState", "LIVE_DEVICECONTEXTSTATE"),
    "ID3D11CommandList": ("ID3D11CommandList", "LIVE_COMMANDLIST"),
    "ID3D11Buffer": ("ID3D11Buffer", "LIVE_BUFFER"),
    "ID3D11Texture1D": ("ID3D11Texture1D", "LIVE_TEXTURE1D"),
    "ID3D11Texture2D": ("ID3D11Texture2D", "LIVE_TEXTURE2D"),
    "ID3D11Texture3D": ("ID3D11Texture3D", "LIVE_TEXTURE3D"),
    "ID3D11ShaderResourceView": ("ID3D11ShaderResourceView", "LIVE_SHADERRESOURCEVIEW"),
    "ID3D11RenderTargetView": ("ID3D11RenderTargetView", "LIVE_RENDERTARGETVIEW"),
    "ID3D11DepthStencilView": ("ID3D11DepthStencilView", "LIVE_DEPTHSTENCILVIEW"),
    "ID3D11UnorderedAccessView": ("ID3D11UnorderedAccessView", "LIVE_UNORDEREDACCESSVIEW"),
    "ID3D11VertexShader": ("ID3D11VertexShader", "LIVE_VERTEXSHADER"),
    "ID3D11HullShader": ("ID3D11HullShader", "LIVE_HULLSHADER"),
    "ID3D11DomainShader": ("ID3D11DomainShader", "LIVE_DOMAINSHADER"),
    "ID3D11GeometryShader": ("ID3D11GeometryShader", "LIVE_GEOMETRYSHADER"),
    "ID3D11PixelShader": ("ID3D11PixelShader", "LIVE_PIXELSHADER"),
    "ID3D11ComputeShader": ("ID3D11ComputeShader", "LIVE_COMPUTESHADER"),
    "ID3D11InputLayout": ("ID3D11InputLayout", "LIVE_INPUTLAYOUT"),
    "ID3D11ClassInstance": ("ID3D11ClassInstance", "LIVE_CLASSINSTANCE"),
    "ID3D11ClassLinkage": ("ID3D11ClassLinkage", "LIVE_CLASSLINKAGE"),
    "ID3D11SamplerState": ("ID3D11Sampler", "LIVE_SAMPLER"),
    "ID3D11BlendState": ("ID3D11BlendState", "LIVE_BLENDSTATE"),
    "ID3D11DepthStencilState": ("ID3D11DepthStencilState", "LIVE_DEPTHSTENCILSTATE"),
    "ID3D11RasterizerState": ("ID3D11RasterizerState", "LIVE_RASTERIZERSTATE"),
    "ID3D11Predicate": ("ID3D11Predicate", "LIVE_PREDICATE"),
    "ID3D11Counter": ("ID3D11Counter", "LIVE_COUNTER"),
    "ID3D11Query": ("ID3D11Query", "LIVE_QUERY"),
}


def live_object_name(obj: Any) -> tuple[str, str]:
    """(printed interface name, LIVE_* message name) of a device child."""
    for cls in type(obj).__mro__:
        hit = LIVE_OBJECTS.get(cls.__name__)
        if hit is not None:
            return hit
    return type(obj).__name__, "LIVE_OBJECT_SUMMARY"


# D3D11_RLDO_FLAGS
RLDO_SUMMARY, RLDO_DETAIL, RLDO_IGNORE_INTERNAL = 0x1, 0x2, 0x4


class ID3D11Debug(IUnknown):
    """ID3D11Debug of a debug device: live-object report and the (no-op) validation helpers."""

    _iid = iid("ID3D11Debug", "79cf2233-7536-4948-9d36-1e4692dc5760")

    def __init__(self, device: Any) -> None:
        super().__init__()
        self._device = device
        self._feature_mask = 0
        self._delay = 0
        self._swap_chain = None

    def SetFeatureMask(self, Mask: int) -> None:  # noqa: N803
        if int(Mask) & ~0xDF:
            raise InvalidArgError(E_INVALIDARG, f"unknown D3D11_DEBUG_FEATURE bits 0x{int(Mask):X}",
                                  "SetFeatureMask")
        self._feature_mask = int(Mask)

    def GetFeatureMask(self) -> int:
        return self._feature_mask

    def SetPresentPerRenderOpDelay(self, Milliseconds: int) -> None:  # noqa: N803
        self._delay = int(Milliseconds)

    def GetPresentPerRenderOpDelay(self) -> int:
        return self._delay

    def SetSwapChain(self, pSwapChain: Any) -> None:  # noqa: N803
        self._swap_chain = pSwapChain

    def GetSwapChain(self) -> Any:
        return self._swap_chain

    def ValidateContext(self, pContext: Any) -> None:  # noqa: N803
        """Run the draw-time checks on the context's current state now (api/draw_validation.py); the
        checks that need a draw's counts (buffer sizes) are skipped."""
        from .draw_validation import validate_draw

        validate_draw(pContext, "ValidateContext", None, prefix="ID3D11Debug")

    def ValidateContextForDispatch(self, pContext: Any) -> None:  # noqa: N803
        """Run the dispatch-time checks on the context's current compute state now."""
        from .draw_validation import validate_dispatch

        validate_dispatch(pContext, "ValidateContextForDispatch", prefix="ID3D11Debug")

    def ReportLiveDeviceObjects(self, Flags: int = RLDO_DETAIL) -> str:  # noqa: N803
        """Report the device and its live children through the info queue (one LIVE_* warning each).

        A child is live while it has a public or an internal reference (a context binding keeps an object
        released to 0 alive); each child line gives both counts as the Windows debug layer does,
        ``Refcount: <public>, IntRef: <internal>``. RLDO_IGNORE_INTERNAL leaves out objects held only
        internally; RLDO_SUMMARY without RLDO_DETAIL lists just the number of live objects
        ("Live Object : N", LIVE_OBJECT_SUMMARY). Returns the report text as well (a Python extra).
        """
        dev = self._device
        flags = int(Flags)
        children = [c for c in dev._live_children() if c._alive()]
        if flags & RLDO_IGNORE_INTERNAL:
            children = [c for c in children if c._refcount > 0]
        entries: list[tuple[str, str]] = [("LIVE_DEVICE", f"Live ID3D11Device at 0x{id(dev):X}, Refcount: {dev._refcount}")]
        if not flags & RLDO_SUMMARY or flags & RLDO_DETAIL:
            for c in children:
                name = c._debug_name()
                shown, msg = live_object_name(c)
                entries.append((msg, f"\tLive {shown} at 0x{id(c):X}"
                                f"{', Name: ' + name if name else ''}, Refcount: {c._refcount}, IntRef: {c._intref}"))
        else:
            entries.append(("LIVE_OBJECT_SUMMARY", f"\tLive Object : {len(children)}"))
        for msg, line in entries:
            dev._report(SEVERITY_WARNING, CATEGORY_STATE_CREATION, message_id(msg), line.strip())
        return "\n".join(line for _m, line in entries)
