"""ID3D11Multithread: the device's critical section (d3d11_4.h; MicrosoftDocs "ID3D11Multithread").

One object per device, answered by QueryInterface on the device and on its immediate context (the page
says to query it from the device context; ID3D10Multithread, its model, came from the device). ``Enter`` /
``Leave`` take and release a re-entrant lock that belongs to the device, so application threads can
serialise their use of the device around it; ``SetMultithreadProtected`` records whether the runtime should
protect itself with that lock and returns the previous setting (TRUE unless the device was created with
D3D11_CREATE_DEVICE_SINGLETHREADED, the flag that turns the protection off).
"""

from __future__ import annotations

import threading
from typing import Any

from .com import IUnknown, iid

IID_ID3D11Multithread = iid("ID3D11Multithread", "9b7e4e00-342c-4106-a19f-4f2704f689f0")
CREATE_SINGLETHREADED = 0x1  # D3D11_CREATE_DEVICE_SINGLETHREADED


class ID3D11Multithread(IUnknown):
    """The device's ID3D11Multithread facet (AddRef/Release count on the device, as one COM object)."""

    _iid = IID_ID3D11Multithread

    def __init__(self, device: Any) -> None:
        super().__init__()
        self._device = device
        self._lock = threading.RLock()
        self._protected = not int(getattr(device, "_flags", 0)) & CREATE_SINGLETHREADED

    def _interfaces(self) -> dict[Any, Any]:
        return {IID_ID3D11Multithread: self}

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        mine = super()._interfaces()
        from .com import _guid

        if _guid(riid) in mine or _guid(riid) == IID_ID3D11Multithread:
            self.AddRef()
            return self
        return self._device.QueryInterface(riid)

    def AddRef(self) -> int:  # noqa: N802
        return self._device.AddRef()

    def Release(self) -> int:  # noqa: N802
        return self._device.Release()

    def Enter(self) -> None:  # noqa: N802
        """Enter the device's critical section (blocks while another thread holds it; re-entrant)."""
        self._lock.acquire()

    def Leave(self) -> None:  # noqa: N802
        """Leave the critical section; leaving one this thread does not hold is ignored (as an unmatched
        LeaveCriticalSection is undefined, nothing is released)."""
        try:
            self._lock.release()
        except RuntimeError:
            pass

    def SetMultithreadProtected(self, bMTProtect: bool) -> bool:  # noqa: N802,N803
        """Turn the runtime's protection on or off; returns whether it was on."""
        old, self._protected = self._protected, bool(bMTProtect)
        return old

    def GetMultithreadProtected(self) -> bool:  # noqa: N802
        return self._protected


def multithread_of(device: Any) -> ID3D11Multithread:
    """The device's one ID3D11Multithread object (created on first use)."""
    mt = device.__dict__.get("_multithread")
    if mt is None:
        mt = device.__dict__["_multithread"] = ID3D11Multithread(device)
    return mt
