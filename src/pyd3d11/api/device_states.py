"""Device mixin: CreateBlendState(1), CreateDepthStencilState, CreateRasterizerState(1/2), CreateSamplerState."""

from __future__ import annotations

from typing import Any

from pyd3d11.errors import D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS

from .device_structs import Reject
from .states import (
    ID3D11BlendState1,
    ID3D11DepthStencilState,
    ID3D11RasterizerState2,
    ID3D11SamplerState,
    StateCache,
    validate_blend,
    validate_depth_stencil,
    validate_rasterizer,
    validate_sampler,
)


class DeviceStatesMixin:
    _caps: Any

    def _init_states(self) -> None:
        self._state_caches = {"blend": StateCache(), "depth": StateCache(), "raster": StateCache(),
                              "sampler": StateCache()}

    def _create_state(self, method: str, kind: str, cls: type, desc_fn: Any, out: Any, too_many: str) -> Any:
        with self._creating(method):
            desc = desc_fn()
            cache = self._state_caches[kind]
            key, existing = cache.lookup(desc)
            if existing is not None:
                if not out:
                    return None
                existing.AddRef()
                return existing
            if cache.full():
                raise Reject(D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS,
                             f"more than 4096 unique {kind} state objects", too_many)
            if not out:
                return None
            obj = cls(self, desc)
            cache.add(key, obj)
        return obj

    def CreateBlendState(self, pBlendStateDesc: Any, ppBlendState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateBlendState", "blend", ID3D11BlendState1,
                                  lambda: validate_blend(self._caps, pBlendStateDesc, 0), ppBlendState,
                                  "CREATEBLENDSTATE_TOOMANYOBJECTS")

    def CreateBlendState1(self, pBlendStateDesc: Any, ppBlendState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateBlendState1", "blend", ID3D11BlendState1,
                                  lambda: validate_blend(self._caps, pBlendStateDesc, 1), ppBlendState,
                                  "CREATEBLENDSTATE_TOOMANYOBJECTS")

    def CreateDepthStencilState(self, pDepthStencilDesc: Any, ppDepthStencilState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateDepthStencilState", "depth", ID3D11DepthStencilState,
                                  lambda: validate_depth_stencil(self._caps, pDepthStencilDesc), ppDepthStencilState,
                                  "CREATEDEPTHSTENCILSTATE_TOOMANYOBJECTS")

    def CreateRasterizerState(self, pRasterizerDesc: Any, ppRasterizerState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateRasterizerState", "raster", ID3D11RasterizerState2,
                                  lambda: validate_rasterizer(self._caps, pRasterizerDesc, 0), ppRasterizerState,
                                  "CREATERASTERIZERSTATE_TOOMANYOBJECTS")

    def CreateRasterizerState1(self, pRasterizerDesc: Any, ppRasterizerState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateRasterizerState1", "raster", ID3D11RasterizerState2,
                                  lambda: validate_rasterizer(self._caps, pRasterizerDesc, 1), ppRasterizerState,
                                  "CREATERASTERIZERSTATE_TOOMANYOBJECTS")

    def CreateRasterizerState2(self, pRasterizerDesc: Any, ppRasterizerState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateRasterizerState2", "raster", ID3D11RasterizerState2,
                                  lambda: validate_rasterizer(self._caps, pRasterizerDesc, 2), ppRasterizerState,
                                  "CREATERASTERIZERSTATE_TOOMANYOBJECTS")

    def CreateSamplerState(self, pSamplerDesc: Any, ppSamplerState: Any = True) -> Any:  # noqa: N803
        return self._create_state("CreateSamplerState", "sampler", ID3D11SamplerState,
                                  lambda: validate_sampler(self._caps, pSamplerDesc), ppSamplerState,
                                  "CREATESAMPLERSTATE_TOOMANYOBJECTS")
