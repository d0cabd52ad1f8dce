"""``dxgi.h`` / ``dxgiformat.h`` for Python: DXGI_FORMAT and the other DXGI enums, structs and constants,
plus the DXGI objects: CreateDXGIFactory/1/2, the factory, adapter, output, device, resource, surface
and swap-chain interfaces, and the headless present sinks."""

from pyd3d11.api.cargs import wrap_module_functions as _wrap_module_functions
from pyd3d11.api.com import (
    IDXGIDevice,
    IDXGIDevice1,
    IDXGIResource,
    IDXGISurface,
    IDXGISurface1,
)
from pyd3d11.api.dxgi_factory import (
    DXGI_CREATE_FACTORY_DEBUG,
    CreateDXGIFactory,
    CreateDXGIFactory1,
    CreateDXGIFactory2,
    IDXGIAdapter,
    IDXGIAdapter1,
    IDXGIAdapter2,
    IDXGIFactory,
    IDXGIFactory1,
    IDXGIFactory2,
    IDXGIObject,
    IDXGIOutput,
    IDXGIOutput1,
)
from pyd3d11.api.dxgi_swapchain import (
    IDXGISwapChain,
    IDXGISwapChain1,
    MemorySink,
    PngSink,
    VideoSink,
    image_to_rgba8,
)
from pyd3d11.errors import *
from pyd3d11.headers.dxgi_types import *

_wrap_module_functions(globals())  # arguments converted to the header's C types (api/cargs.py)
