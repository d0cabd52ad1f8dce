"""``dxgi.h`` / ``dxgiformat.h`` for Python: DXGI_FORMAT and the other DXGI enums, structs and constants."""

from pyd3d11.errors import *
from pyd3d11.headers.dxgi_types import *
