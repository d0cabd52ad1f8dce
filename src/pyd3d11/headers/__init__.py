"""The D3D11 / DXGI / d3dcompiler "headers": enums, flags, constants, structs, helper constructors and
GUIDs, with the exact C names and values. Tables, not logic. ``from pyd3d11.headers import *`` gives
everything public; pyd3d11.d3d11 / dxgi / d3dcompiler re-export it."""

from pyd3d11.headers import (
    d3d11_constants,
    d3d11_enums,
    d3d11_helpers,
    d3d11_messages,
    d3d11_structs,
    d3dcommon,
    d3dcompiler_types,
    dxgi_types,
    guids,
)
from pyd3d11.headers._struct import as_struct, is_struct, struct_copy, struct_fields, struct_key
from pyd3d11.headers.d3d11_constants import *
from pyd3d11.headers.d3d11_enums import *
from pyd3d11.headers.d3d11_helpers import *
from pyd3d11.headers.d3d11_messages import *
from pyd3d11.headers.d3d11_structs import *
from pyd3d11.headers.d3dcommon import *
from pyd3d11.headers.d3dcompiler_types import *
from pyd3d11.headers.dxgi_types import *
from pyd3d11.headers.guids import *

__all__ = ["as_struct", "is_struct", "struct_copy", "struct_fields", "struct_key"]
for _m in (guids, d3dcommon, dxgi_types, d3d11_constants, d3d11_enums, d3d11_messages, d3d11_structs, d3d11_helpers,
           d3dcompiler_types):
    __all__ += list(_m.__all__)
del _m
