"""Device mixin: shaders, input layouts, class linkage (filled in below)."""

from __future__ import annotations


class DeviceShadersMixin:
    pass
