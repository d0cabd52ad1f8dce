"""The D3D11 object model (device side): COM base, device creation, resources, views, states, shaders,
queries, feature-level caps and the debug layer. The device context lives in ``api.context``."""

from pyd3d11.api.com import ID3D11DeviceChild, IDXGIResource, IDXGISurface, IDXGISurface1, IUnknown
from pyd3d11.api.create_device import D3D11CreateDevice, D3D11CreateDeviceAndSwapChain
from pyd3d11.api.debug import DebugBreakError, ID3D11Debug, ID3D11InfoQueue
from pyd3d11.api.device import ID3D11Device, ID3D11Device1
from pyd3d11.api.queries import ID3D11Asynchronous, ID3D11Counter, ID3D11Predicate, ID3D11Query, ID3D11Query1
from pyd3d11.api.resources import ID3D11Buffer, ID3D11Resource, ID3D11Texture1D, ID3D11Texture2D, ID3D11Texture3D
from pyd3d11.api.states import (
    DEFAULT_BLEND_DESC,
    DEFAULT_DEPTH_STENCIL_DESC,
    DEFAULT_RASTERIZER_DESC,
    DEFAULT_SAMPLER_DESC,
    ID3D11BlendState,
    ID3D11BlendState1,
    ID3D11DepthStencilState,
    ID3D11RasterizerState,
    ID3D11RasterizerState1,
    ID3D11RasterizerState2,
    ID3D11SamplerState,
)
from pyd3d11.api.views import (
    ID3D11DepthStencilView,
    ID3D11RenderTargetView,
    ID3D11RenderTargetView1,
    ID3D11ShaderResourceView,
    ID3D11ShaderResourceView1,
    ID3D11UnorderedAccessView,
    ID3D11UnorderedAccessView1,
    ID3D11View,
)

__all__ = [
    "IUnknown", "ID3D11DeviceChild", "IDXGIResource", "IDXGISurface", "IDXGISurface1",
    "D3D11CreateDevice", "D3D11CreateDeviceAndSwapChain", "DebugBreakError", "ID3D11Debug", "ID3D11InfoQueue",
    "ID3D11Device", "ID3D11Device1", "ID3D11Asynchronous", "ID3D11Counter", "ID3D11Predicate", "ID3D11Query",
    "ID3D11Query1", "ID3D11Buffer", "ID3D11Resource", "ID3D11Texture1D", "ID3D11Texture2D", "ID3D11Texture3D",
    "DEFAULT_BLEND_DESC", "DEFAULT_DEPTH_STENCIL_DESC", "DEFAULT_RASTERIZER_DESC", "DEFAULT_SAMPLER_DESC",
    "ID3D11BlendState", "ID3D11BlendState1", "ID3D11DepthStencilState", "ID3D11RasterizerState",
    "ID3D11RasterizerState1", "ID3D11RasterizerState2", "ID3D11SamplerState", "ID3D11DepthStencilView",
    "ID3D11RenderTargetView", "ID3D11RenderTargetView1", "ID3D11ShaderResourceView", "ID3D11ShaderResourceView1",
    "ID3D11UnorderedAccessView", "ID3D11UnorderedAccessView1", "ID3D11View",
]

from pyd3d11.api.threading_model import ID3D11Multithread  # noqa: E402

__all__ += ["ID3D11Multithread"]

from pyd3d11.api import level_rules as _level_rules  # noqa: E402
from pyd3d11.api.cargs import install_all as _install_all  # noqa: E402 - after every interface class exists
from pyd3d11.api.cargs import wrap_module_functions as _wrap_module_functions  # noqa: E402
from pyd3d11.api.context import ID3D11DeviceContext1 as _ID3D11DeviceContext1  # noqa: E402

_install_all()
# The 10Level9 table (and its 10_x rows) gates the context methods it names: outside the argument layer, since a
# method the level lacks is dropped whatever its arguments (e.g. CSSetShader at 9_x, where the only shader that
# could be passed is another device's); a rule that limits a call hands the layer a genuine view.
_level_rules.install(_ID3D11DeviceContext1)
_wrap_module_functions(globals())  # D3D11CreateDevice / D3D11CreateDeviceAndSwapChain
