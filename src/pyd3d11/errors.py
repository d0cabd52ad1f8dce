"""HRESULT values and the exception hierarchy (DESIGN §1).

A C method that returns a failing HRESULT raises a :class:`D3D11Error` subclass here. The table is
data: ``HRESULT_NAMES`` maps each value to its C name and ``_EXCEPTION_FOR`` picks the subclass.
Values come from winerror.h / the DXGI and D3D11 return-code pages (spec-facts.md §3).
"""

from __future__ import annotations

from typing import Any

S_OK = 0x00000000
S_FALSE = 0x00000001
E_NOTIMPL = 0x80004001
E_NOINTERFACE = 0x80004002
E_POINTER = 0x80004003
E_ABORT = 0x80004004
E_FAIL = 0x80004005
E_UNEXPECTED = 0x8000FFFF
E_ACCESSDENIED = 0x80070005
E_HANDLE = 0x80070006
E_OUTOFMEMORY = 0x8007000E
E_INVALIDARG = 0x80070057

DXGI_ERROR_INVALID_CALL = 0x887A0001
DXGI_ERROR_NOT_FOUND = 0x887A0002
DXGI_ERROR_MORE_DATA = 0x887A0003
DXGI_ERROR_UNSUPPORTED = 0x887A0004
DXGI_ERROR_DEVICE_REMOVED = 0x887A0005
DXGI_ERROR_DEVICE_HUNG = 0x887A0006
DXGI_ERROR_DEVICE_RESET = 0x887A0007
DXGI_ERROR_WAS_STILL_DRAWING = 0x887A000A
DXGI_ERROR_FRAME_STATISTICS_DISJOINT = 0x887A000B
DXGI_ERROR_GRAPHICS_VIDPN_SOURCE_IN_USE = 0x887A000C
DXGI_ERROR_DRIVER_INTERNAL_ERROR = 0x887A0020
DXGI_ERROR_NONEXCLUSIVE = 0x887A0021
DXGI_ERROR_NOT_CURRENTLY_AVAILABLE = 0x887A0022
DXGI_ERROR_REMOTE_CLIENT_DISCONNECTED = 0x887A0023
DXGI_ERROR_REMOTE_OUTOFMEMORY = 0x887A0024
DXGI_ERROR_ACCESS_LOST = 0x887A0026
DXGI_ERROR_WAIT_TIMEOUT = 0x887A0027
DXGI_ERROR_SESSION_DISCONNECTED = 0x887A0028
DXGI_ERROR_RESTRICT_TO_OUTPUT_STALE = 0x887A0029
DXGI_ERROR_CANNOT_PROTECT_CONTENT = 0x887A002A
DXGI_ERROR_ACCESS_DENIED = 0x887A002B
DXGI_ERROR_NAME_ALREADY_EXISTS = 0x887A002C
DXGI_ERROR_SDK_COMPONENT_MISSING = 0x887A002D
DXGI_STATUS_OCCLUDED = 0x087A0001

D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS = 0x887C0001
D3D11_ERROR_FILE_NOT_FOUND = 0x887C0002
D3D11_ERROR_TOO_MANY_UNIQUE_VIEW_OBJECTS = 0x887C0003
D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD = 0x887C0004

D3DERR_INVALIDCALL = 0x8876086C
D3DERR_WASSTILLDRAWING = 0x8876021C
#: d3dx9.h's D3DXERR_INVALIDDATA: d3dcompiler_47 returns it for the Direct3D 9 validator's errors and a few others
D3DXERR_INVALIDDATA = 0x88760B59

HRESULT_NAMES: dict[int, str] = {
    value: name
    for name, value in dict(globals()).items()
    if name.isupper() and isinstance(value, int) and not name.startswith("_")
}


def SUCCEEDED(hr: int) -> bool:  # noqa: N802 - C macro name
    return (hr & 0xFFFFFFFF) < 0x80000000


def FAILED(hr: int) -> bool:  # noqa: N802 - C macro name
    return not SUCCEEDED(hr)


def hresult_name(hr: int) -> str:
    hr &= 0xFFFFFFFF
    return HRESULT_NAMES.get(hr, f"HRESULT 0x{hr:08X}")


class D3D11Error(Exception):
    """A failing HRESULT returned by a D3D11/DXGI/d3dcompiler method."""

    def __init__(self, hresult: int, message: str = "", method: str = "", messages: list[Any] | None = None):
        self.hresult = hresult & 0xFFFFFFFF
        self.name = hresult_name(self.hresult)
        self.method = method
        self.messages = list(messages or [])
        text = f"{method + ': ' if method else ''}{self.name} (0x{self.hresult:08X})"
        if message:
            text += f": {message}"
        super().__init__(text)
        self.message = message


class InvalidArgError(D3D11Error, ValueError):
    """E_INVALIDARG."""


class OutOfMemoryError(D3D11Error, MemoryError):
    """E_OUTOFMEMORY."""


class NoInterfaceError(D3D11Error, TypeError):
    """E_NOINTERFACE."""


class NotSupportedError(D3D11Error, NotImplementedError):
    """E_NOTIMPL: also raised for any feature pyd3d11 has not built yet, naming it exactly."""

    def __init__(self, message: str = "", method: str = "", hresult: int = E_NOTIMPL, **kw: Any):
        super().__init__(hresult, message, method, **kw)


class DeviceRemovedError(D3D11Error):
    """DXGI_ERROR_DEVICE_REMOVED / HUNG / RESET."""


class WasStillDrawingError(D3D11Error):
    """DXGI_ERROR_WAS_STILL_DRAWING (Map with DO_NOT_WAIT, GetData)."""


class InvalidCallError(D3D11Error):
    """DXGI_ERROR_INVALID_CALL."""


class ShaderCompileError(D3D11Error):
    """D3DCompile failure (E_FAIL); ``errors`` holds fxc-format text ``file(line,col): error X####: …``."""

    def __init__(self, errors: str, hresult: int = E_FAIL, method: str = "D3DCompile"):
        self.errors = errors
        super().__init__(hresult, errors.strip(), method)


_EXCEPTION_FOR: dict[int, type[D3D11Error]] = {
    E_INVALIDARG: InvalidArgError,
    E_OUTOFMEMORY: OutOfMemoryError,
    E_NOINTERFACE: NoInterfaceError,
    E_NOTIMPL: NotSupportedError,
    DXGI_ERROR_UNSUPPORTED: NotSupportedError,
    DXGI_ERROR_DEVICE_REMOVED: DeviceRemovedError,
    DXGI_ERROR_DEVICE_HUNG: DeviceRemovedError,
    DXGI_ERROR_DEVICE_RESET: DeviceRemovedError,
    DXGI_ERROR_WAS_STILL_DRAWING: WasStillDrawingError,
    DXGI_ERROR_INVALID_CALL: InvalidCallError,
}


def error_for(hresult: int, message: str = "", method: str = "", messages: list[Any] | None = None) -> D3D11Error:
    """Build the exception of the right subclass for ``hresult``."""
    hresult &= 0xFFFFFFFF
    cls = _EXCEPTION_FOR.get(hresult, D3D11Error)
    if cls is NotSupportedError:
        return NotSupportedError(message, method, hresult=hresult, messages=messages)
    return cls(hresult, message, method, messages)


def throw(hresult: int, message: str = "", method: str = "") -> None:
    """Raise the exception for a failing ``hresult`` (no-op for success codes)."""
    if FAILED(hresult):
        raise error_for(hresult, message, method)
