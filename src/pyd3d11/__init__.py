"""pyd3d11: Direct3D 11 (11.1) in Python with a software GPU.

Ports of C++ code use the three header modules::

    from pyd3d11.d3d11 import *
    from pyd3d11.dxgi import *
    from pyd3d11.d3dcompiler import *

The package itself exports only Python conveniences that are not part of D3D (loaded on first use, so
``import pyd3d11`` stays cheap): ``texture_to_numpy``, ``save_png``, ``quick_device``, ``memcpy`` and
``cbuffer_dtype`` (a numpy structured dtype of a constant buffer from shader reflection). Further
conveniences live in ``pyd3d11.dxtk`` (DirectXTK's texture loaders and ScreenGrab) and
``pyd3d11.directxmath`` (DirectXMath on numpy).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["texture_to_numpy", "save_png", "quick_device", "memcpy", "cbuffer_dtype", "__version__"]

_CONVENIENCES = frozenset({"texture_to_numpy", "save_png", "quick_device", "memcpy", "cbuffer_dtype"})


def __getattr__(name: str) -> Any:  # PEP 562: lazy exports
    if name == "cbuffer_dtype":
        from pyd3d11.shader.cbuffer_dtype import cbuffer_dtype

        globals()[name] = cbuffer_dtype
        return cbuffer_dtype
    if name in _CONVENIENCES:
        from pyd3d11.api import convenience

        value = getattr(convenience, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pyd3d11' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _CONVENIENCES)
