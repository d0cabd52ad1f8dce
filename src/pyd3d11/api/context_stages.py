"""The per-stage binding methods of ID3D11DeviceContext (d3d11.h: ``VSSetConstantBuffers`` … ``CSGetShader``),
written out one by one so that each can be found by name; every one hands its stage to the shared
implementation in ``context_state.StateMethods`` (``_set_cbs``, ``_set_srvs``, ``_set_samplers``,
``_set_shader`` and their getters). C parameter names are kept (DESIGN §1: a port passes them by keyword)."""

from __future__ import annotations

from typing import Any

# ruff: noqa: N802, N803 - D3D11 method and parameter names


class StageMethods:
    """``{VS,HS,DS,GS,PS,CS}{Set,Get}{ConstantBuffers,ConstantBuffers1,ShaderResources,Samplers,Shader}``."""

    # -- vertex shader ------------------------------------------------------------------------------
    def VSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("VS", "VSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def VSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("VS", StartSlot, NumBuffers)

    def VSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("VS", "VSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def VSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("VS", StartSlot, NumBuffers, True)

    def VSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("VS", "VSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def VSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("VS", StartSlot, NumViews)

    def VSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("VS", "VSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def VSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("VS", StartSlot, NumSamplers)

    def VSSetShader(self, pVertexShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("VS", "VSSetShader", pVertexShader, ppClassInstances, NumClassInstances)

    def VSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("VS", pNumClassInstances)

    # -- hull shader ------------------------------------------------------------------------------
    def HSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("HS", "HSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def HSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("HS", StartSlot, NumBuffers)

    def HSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("HS", "HSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def HSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("HS", StartSlot, NumBuffers, True)

    def HSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("HS", "HSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def HSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("HS", StartSlot, NumViews)

    def HSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("HS", "HSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def HSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("HS", StartSlot, NumSamplers)

    def HSSetShader(self, pHullShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("HS", "HSSetShader", pHullShader, ppClassInstances, NumClassInstances)

    def HSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("HS", pNumClassInstances)

    # -- domain shader ------------------------------------------------------------------------------
    def DSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("DS", "DSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def DSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("DS", StartSlot, NumBuffers)

    def DSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("DS", "DSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def DSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("DS", StartSlot, NumBuffers, True)

    def DSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("DS", "DSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def DSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("DS", StartSlot, NumViews)

    def DSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("DS", "DSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def DSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("DS", StartSlot, NumSamplers)

    def DSSetShader(self, pDomainShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("DS", "DSSetShader", pDomainShader, ppClassInstances, NumClassInstances)

    def DSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("DS", pNumClassInstances)

    # -- geometry shader ------------------------------------------------------------------------------
    def GSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("GS", "GSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def GSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("GS", StartSlot, NumBuffers)

    def GSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("GS", "GSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def GSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("GS", StartSlot, NumBuffers, True)

    def GSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("GS", "GSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def GSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("GS", StartSlot, NumViews)

    def GSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("GS", "GSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def GSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("GS", StartSlot, NumSamplers)

    def GSSetShader(self, pGeometryShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("GS", "GSSetShader", pGeometryShader, ppClassInstances, NumClassInstances)

    def GSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("GS", pNumClassInstances)

    # -- pixel shader ------------------------------------------------------------------------------
    def PSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("PS", "PSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def PSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("PS", StartSlot, NumBuffers)

    def PSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("PS", "PSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def PSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("PS", StartSlot, NumBuffers, True)

    def PSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("PS", "PSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def PSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("PS", StartSlot, NumViews)

    def PSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("PS", "PSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def PSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("PS", StartSlot, NumSamplers)

    def PSSetShader(self, pPixelShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("PS", "PSSetShader", pPixelShader, ppClassInstances, NumClassInstances)

    def PSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("PS", pNumClassInstances)

    # -- compute shader ------------------------------------------------------------------------------
    def CSSetConstantBuffers(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None) -> None:
        self._set_cbs("CS", "CSSetConstantBuffers", StartSlot, NumBuffers, ppConstantBuffers)

    def CSGetConstantBuffers(self, StartSlot: int, NumBuffers: int) -> list[Any]:
        return self._get_cbs("CS", StartSlot, NumBuffers)

    def CSSetConstantBuffers1(self, StartSlot: int, NumBuffers: int, ppConstantBuffers: Any = None,
                              pFirstConstant: Any = None, pNumConstants: Any = None) -> None:
        self._set_cbs1("CS", "CSSetConstantBuffers1", StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant,
                       pNumConstants)

    def CSGetConstantBuffers1(self, StartSlot: int, NumBuffers: int) -> Any:
        return self._get_cbs("CS", StartSlot, NumBuffers, True)

    def CSSetShaderResources(self, StartSlot: int, NumViews: int, ppShaderResourceViews: Any = None) -> None:
        self._set_srvs("CS", "CSSetShaderResources", StartSlot, NumViews, ppShaderResourceViews)

    def CSGetShaderResources(self, StartSlot: int, NumViews: int) -> list[Any]:
        return self._get_srvs("CS", StartSlot, NumViews)

    def CSSetSamplers(self, StartSlot: int, NumSamplers: int, ppSamplers: Any = None) -> None:
        self._set_samplers("CS", "CSSetSamplers", StartSlot, NumSamplers, ppSamplers)

    def CSGetSamplers(self, StartSlot: int, NumSamplers: int) -> list[Any]:
        return self._get_samplers("CS", StartSlot, NumSamplers)

    def CSSetShader(self, pComputeShader: Any = None, ppClassInstances: Any = None, NumClassInstances: int = 0) -> None:
        self._set_shader("CS", "CSSetShader", pComputeShader, ppClassInstances, NumClassInstances)

    def CSGetShader(self, pNumClassInstances: Any = None) -> Any:
        return self._get_shader("CS", pNumClassInstances)
