"""pyd3d11: Direct3D 11 (11.1) in Python with a software GPU.

Ports of C++ code use the three header modules::

    from pyd3d11.d3d11 import *
    from pyd3d11.dxgi import *
    from pyd3d11.d3dcompiler import *

The package itself exports only Python conveniences that are not part of D3D (loaded on first use, so
``import pyd3d11`` stays cheap): ``texture_to_numpy``, ``save_png``, ``quick_device``.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["texture_to_numpy", "save_png", "quick_device", "__version__"]

_CONVENIENCES = frozenset({"texture_to_numpy", "save_png", "quick_device"})


def __getattr__(name: str) -> Any:  # PEP 562: lazy exports
    if name in _CONVENIENCES:
        from pyd3d11.api import convenience

        value = getattr(convenience, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyd3d11' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _CONVENIENCES)
