"""Every debug-layer message carries a Windows D3D11_MESSAGE_ID (issue 13 item 8): the table from the
names the api layer reports under to d3d11sdklayers.h ids, for the names that are not themselves members
of D3D11_MESSAGE_ID.

Resolution order (:func:`resolve`): a member name as given; an alias below; a per-method default for
calls dropped without a specific name (the method is the text before the first ``:``); the rules for
name families (``DEVICE_<METHOD>_<WHAT>_OVERFLOW`` range errors). A dropped call whose argument is not an
object of the expected interface is reported by the Windows runtime as a corrupt parameter
(CORRUPTED_PARAMETER<n>, n = the parameter's position), which the aliases follow.
"""

from __future__ import annotations

from .debug_messages import message_id

_STAGES = ("VS", "HS", "DS", "GS", "PS", "CS")

#: internal name -> D3D11_MESSAGE_ID member name
ALIASES: dict[str, str] = {
    "DEVICE_IASETINPUTLAYOUT_INVALID": "CORRUPTED_PARAMETER1",
    "DEVICE_RSSETSTATE_INVALID": "CORRUPTED_PARAMETER1",
    "DEVICE_OMSETBLENDSTATE_INVALID": "CORRUPTED_PARAMETER1",
    "DEVICE_OMSETDEPTHSTENCILSTATE_INVALID": "CORRUPTED_PARAMETER1",
    "DEVICE_SETPREDICATION_INVALIDPREDICATE": "CORRUPTED_PARAMETER1",
    "DEVICE_SOSETTARGETS_UNSUPPORTED": "SOSETTARGETS_INVALIDBUFFER",
    "DEVICE_SOSETTARGETS_INVALIDBUFFER": "SOSETTARGETS_INVALIDBUFFER",
    "DEVICE_IASETVERTEXBUFFERS_INVALIDBUFFER": "IASETVERTEXBUFFERS_INVALIDBUFFER",
    "DEVICE_IASETINDEXBUFFER_INVALIDBUFFER": "IASETINDEXBUFFER_INVALIDBUFFER",
    "DEVICE_SETSHADERRESOURCES_INVALIDVIEW": "CORRUPTED_PARAMETER3",
    "DEVICE_SETSAMPLERS_INVALIDSAMPLER": "CORRUPTED_PARAMETER3",
    "DEVICE_OMSETRENDERTARGETS_INVALIDVIEW": "OMSETRENDERTARGETS_INVALIDVIEW",
    "DEVICE_OMSETRENDERTARGETS_DUPLICATE": "OMSETRENDERTARGETS_INVALIDVIEW",
    "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_UNSUPPORTED":
        "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_NUMUAVS_INVALIDRANGE",
    "OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_INVALIDUAVSTARTSLOT":
        "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_NUMUAVS_INVALIDRANGE",
    "DEVICE_SETUNORDEREDACCESSVIEWS_INVALIDVIEW": "DEVICE_CSSETUNORDEREDACCESSVIEWS_INVALIDVIEW",
    "DEVICE_SETUNORDEREDACCESSVIEWS_DUPLICATE": "DEVICE_CSSETUNORDEREDACCESSVIEWS_INVALIDVIEW",
    "DEVICE_MAP_INVALIDARG": "RESOURCE_MAP_INVALIDMAPTYPE",
    "DEVICE_UNMAP_RESOURCE_NOT_MAPPED": "RESOURCE_UNMAP_NOTMAPPED",
    "CREATEBUFFER_UNSUPPORTEDFORMAT": "CREATEBUFFER_UNRECOGNIZEDFORMAT",
    "DEVICE_IASETVERTEXBUFFERS_BUFFERS_OVERFLOW": "DEVICE_IASETVERTEXBUFFERS_INVALIDRANGE",
    "DEVICE_CSSETUNORDEREDACCESSVIEWS_UAVS_OVERFLOW": "DEVICE_CSSETUNORDEREDACCESSVIEWS_TOOMANYVIEWS",
    "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_UAVS_OVERFLOW":
        "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_NUMUAVS_INVALIDRANGE",
    "DEVICE_OMSETRENDERTARGETS_VIEWS_OVERFLOW": "OMSETRENDERTARGETS_TOO_MANY_RENDER_TARGETS",
    **{f"DEVICE_{s}SETCONSTANTBUFFERS_INVALIDBUFFER": f"{s}SETCONSTANTBUFFERS_INVALIDBUFFER" for s in _STAGES},
    **{f"DEVICE_{s}SETCONSTANTBUFFERS1_INVALIDRANGE": f"{s}SETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"
       for s in _STAGES},
    **{f"DEVICE_{s}SETCONSTANTBUFFERS1_NOT11_1": f"{s}SETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"
       for s in _STAGES},
}

#: method -> message of a call dropped without a more specific name
METHOD_DEFAULT: dict[str, str] = {
    "UpdateSubresource": "UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE",
    "UpdateSubresource1": "UPDATESUBRESOURCE1_INVALIDCOPYFLAGS",
    "CopyResource": "COPYRESOURCE_INVALIDSOURCE",
    "CopySubresourceRegion": "COPYSUBRESOURCEREGION_INVALIDSOURCE",
    "CopySubresourceRegion1": "COPYSUBRESOURCEREGION1_INVALIDCOPYFLAGS",
    "ResolveSubresource": "DEVICE_RESOLVESUBRESOURCE_SOURCE_INVALID",
    "ClearRenderTargetView": "CORRUPTED_PARAMETER1",
    "ClearDepthStencilView": "CLEARDEPTHSTENCILVIEW_INVALID",
    "ClearUnorderedAccessViewUint": "CORRUPTED_PARAMETER1",
    "ClearUnorderedAccessViewFloat": "CLEARUNORDEREDACCESSVIEWFLOAT_INVALIDFORMAT",
    "ClearView": "DEVICE_CLEARVIEW_INVALIDVIEW",
    "SetResourceMinLOD": "DEVICE_SETRESOURCEMINLOD_INVALIDRESOURCE",
    "DiscardResource": "CORRUPTED_PARAMETER1",
    "DiscardView": "DEVICE_DISCARDVIEW_INVALIDVIEW",
    "DiscardView1": "DEVICE_DISCARDVIEW_INVALIDVIEW",
    "GenerateMips": "DEVICE_GENERATEMIPS_RESOURCE_INVALID",
    "SwapDeviceContextState": "SWAPDEVICECONTEXTSTATE_NOTSUPPORTED",
    "DrawAuto": "DEVICE_DRAW_VERTEX_BUFFER_NOT_SET",
    "Map": "RESOURCE_MAP_INVALIDMAPTYPE",
    "Unmap": "RESOURCE_UNMAP_NOTMAPPED",
    "CreateInputLayout": "CREATEINPUTLAYOUT_TYPE_MISMATCH",
    "CopyStructureCount": "COPYSTRUCTURECOUNT_INVALIDSOURCESTATE",
}
# Class-linkage problems found at draw/dispatch time (no class instance bound for an interface slot).
for _m in ("Draw", "DrawIndexed", "DrawInstanced", "DrawIndexedInstanced", "DrawInstancedIndirect",
           "DrawIndexedInstancedIndirect", "Dispatch", "DispatchIndirect"):
    METHOD_DEFAULT[_m] = "DEVICE_SETSHADER_UNBOUND_INSTANCE_DATA"


_member = message_id  # a D3D11_MESSAGE_ID member's value by name (0 when none)


def _method_of(text: str) -> str:
    head = text.split(":", 1)[0].strip()
    return head.rsplit("::", 1)[-1].rsplit(".", 1)[-1]


def resolve(name: str, text: str = "") -> int:
    """The D3D11_MESSAGE_ID value of a report named ``name`` (see the module docstring); 0 only when
    neither the name nor the method is known."""
    if name:
        mid = _member(name)
        if mid:
            return mid
        alias = ALIASES.get(name)
        if alias:
            return _member(alias)
        if name.endswith("_OVERFLOW") and name.startswith("DEVICE_"):
            # StartSlot + NumX past the slot count: the runtime reports the count parameter as corrupt
            return _member("CORRUPTED_PARAMETER2")
    default = METHOD_DEFAULT.get(_method_of(text))
    return _member(default) if default else 0
