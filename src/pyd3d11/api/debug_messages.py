"""D3D11 debug-layer message categories and severities, and message ids by name (the D3D11_MESSAGE_ID enum of
headers.d3d11_messages, d3d11sdklayers.h)."""

from __future__ import annotations

from pyd3d11.headers.d3d11_messages import D3D11_MESSAGE_ID

MESSAGE_CATEGORIES = ("APPLICATION_DEFINED", "MISCELLANEOUS", "INITIALIZATION", "CLEANUP", "COMPILATION",
                      "STATE_CREATION", "STATE_SETTING", "STATE_GETTING", "RESOURCE_MANIPULATION", "EXECUTION",
                      "SHADER")
MESSAGE_SEVERITIES = ("CORRUPTION", "ERROR", "WARNING", "INFO", "MESSAGE")

def message_id(name: str) -> int:
    """Value of D3D11_MESSAGE_ID_<name> (d3d11sdklayers.h, headers.d3d11_messages); 0 (UNKNOWN) for a name that
    is no member (message_map.resolve maps the api layer's other names)."""
    member = D3D11_MESSAGE_ID.__members__.get("D3D11_MESSAGE_ID_" + name)
    return int(member) if member is not None else 0


def message_name(value: int) -> str:
    """The D3D11_MESSAGE_ID name of ``value`` without its prefix (the number itself when it is no member)."""
    try:
        return D3D11_MESSAGE_ID(value).name.removeprefix("D3D11_MESSAGE_ID_")
    except ValueError:
        return str(value)
