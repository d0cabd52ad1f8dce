"""Device mixin: CreateBuffer, CreateTexture1D/2D/3D and the Create*View methods."""

from __future__ import annotations

from typing import Any

from .resources import (
    ID3D11Buffer,
    ID3D11Texture1D,
    ID3D11Texture2D,
    ID3D11Texture3D,
    create_buffer_storage,
    create_texture_storage,
    validate_buffer,
    validate_texture,
)
from .sharing import on_created, validate_shared
from .views import (
    ID3D11DepthStencilView,
    ID3D11RenderTargetView1,
    ID3D11ShaderResourceView1,
    ID3D11UnorderedAccessView1,
    validate_view,
)

_TEX_CLASS = {1: ID3D11Texture1D, 2: ID3D11Texture2D, 3: ID3D11Texture3D}


class DeviceResourcesMixin:
    _caps: Any

    def CreateBuffer(self, pDesc: Any, pInitialData: Any = None, ppBuffer: Any = True) -> Any:  # noqa: N803
        """ID3D11Device::CreateBuffer. Returns the ID3D11Buffer (None when ppBuffer is None: validate only)."""
        with self._creating("CreateBuffer", "CREATEBUFFER_INVALIDARG_RETURN"):
            desc = validate_buffer(self._caps, pDesc, pInitialData)
            validate_shared(self._caps, 0, desc, "CREATEBUFFER_")
            if not ppBuffer:
                return None
            storage = create_buffer_storage(desc, pInitialData)
        return ID3D11Buffer(self, desc, storage)

    def _create_texture(self, ndim: int, pDesc: Any, pInitialData: Any, out: Any) -> Any:  # noqa: N803
        with self._creating(f"CreateTexture{ndim}D", f"CREATETEXTURE{ndim}D_INVALIDARG_RETURN"):
            desc = validate_texture(self._caps, ndim, pDesc, pInitialData, self._msaa_levels)
            validate_shared(self._caps, ndim, desc, f"CREATETEXTURE{ndim}D_")
            if not out:
                return None
            storage = create_texture_storage(ndim, desc, pInitialData)
        tex = _TEX_CLASS[ndim](self, desc, storage)
        on_created(tex)  # shared resources get their handle (api/sharing.py)
        return tex

    def CreateTexture1D(self, pDesc: Any, pInitialData: Any = None, ppTexture1D: Any = True) -> Any:  # noqa: N803
        return self._create_texture(1, pDesc, pInitialData, ppTexture1D)

    def CreateTexture2D(self, pDesc: Any, pInitialData: Any = None, ppTexture2D: Any = True) -> Any:  # noqa: N803
        return self._create_texture(2, pDesc, pInitialData, ppTexture2D)

    def CreateTexture3D(self, pDesc: Any, pInitialData: Any = None, ppTexture3D: Any = True) -> Any:  # noqa: N803
        return self._create_texture(3, pDesc, pInitialData, ppTexture3D)

    def _create_view(self, kind: str, version: int, cls: type, method: str, msg: str, pResource: Any,  # noqa: N803
                     pDesc: Any, out: Any) -> Any:
        with self._creating(method, msg + "_INVALIDARG_RETURN"):
            try:
                desc, view = validate_view(self._caps, kind, version, pResource, pDesc)
            except Exception as e:
                if hasattr(e, "message_name") and e.message_name and not e.message_name.startswith(msg):
                    e.message_name = f"{msg}_{e.message_name}"
                raise
            if not out:
                return None
        return cls(self, pResource, desc, view)

    def CreateShaderResourceView(self, pResource: Any, pDesc: Any = None, ppSRView: Any = True) -> Any:  # noqa: N803
        return self._create_view("srv", 0, ID3D11ShaderResourceView1, "CreateShaderResourceView",
                                 "CREATESHADERRESOURCEVIEW", pResource, pDesc, ppSRView)

    def CreateShaderResourceView1(self, pResource: Any, pDesc1: Any = None, ppSRView1: Any = True) -> Any:  # noqa: N803
        return self._create_view("srv", 1, ID3D11ShaderResourceView1, "CreateShaderResourceView1",
                                 "CREATESHADERRESOURCEVIEW", pResource, pDesc1, ppSRView1)

    def CreateRenderTargetView(self, pResource: Any, pDesc: Any = None, ppRTView: Any = True) -> Any:  # noqa: N803
        return self._create_view("rtv", 0, ID3D11RenderTargetView1, "CreateRenderTargetView",
                                 "CREATERENDERTARGETVIEW", pResource, pDesc, ppRTView)

    def CreateRenderTargetView1(self, pResource: Any, pDesc1: Any = None, ppRTView1: Any = True) -> Any:  # noqa: N803
        return self._create_view("rtv", 1, ID3D11RenderTargetView1, "CreateRenderTargetView1",
                                 "CREATERENDERTARGETVIEW", pResource, pDesc1, ppRTView1)

    def CreateDepthStencilView(self, pResource: Any, pDesc: Any = None, ppDepthStencilView: Any = True) -> Any:  # noqa: N803
        return self._create_view("dsv", 0, ID3D11DepthStencilView, "CreateDepthStencilView",
                                 "CREATEDEPTHSTENCILVIEW", pResource, pDesc, ppDepthStencilView)

    def CreateUnorderedAccessView(self, pResource: Any, pDesc: Any = None, ppUAView: Any = True) -> Any:  # noqa: N803
        return self._create_view("uav", 0, ID3D11UnorderedAccessView1, "CreateUnorderedAccessView",
                                 "CREATEUNORDEREDACCESSVIEW", pResource, pDesc, ppUAView)

    def CreateUnorderedAccessView1(self, pResource: Any, pDesc1: Any = None, ppUAView1: Any = True) -> Any:  # noqa: N803
        return self._create_view("uav", 1, ID3D11UnorderedAccessView1, "CreateUnorderedAccessView1",
                                 "CREATEUNORDEREDACCESSVIEW", pResource, pDesc1, ppUAView1)
