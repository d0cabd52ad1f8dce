"""Device mixin: Create*Shader, CreateGeometryShaderWithStreamOutput, CreateInputLayout, CreateClassLinkage."""

from __future__ import annotations

from typing import Any

from .debug import CATEGORY_STATE_CREATION, SEVERITY_WARNING
from .debug_messages import message_id
from .shaders import (
    ID3D11ClassLinkage,
    ID3D11ComputeShader,
    ID3D11DomainShader,
    ID3D11GeometryShader,
    ID3D11HullShader,
    ID3D11InputLayout,
    ID3D11PixelShader,
    ID3D11VertexShader,
    parse_shader,
    validate_input_layout,
    validate_stream_output,
)

PS, VS, GS, HS, DS, CS = 0, 1, 2, 3, 4, 5


class DeviceShadersMixin:
    _caps: Any

    def _create_shader(self, method: str, cls: type, ptype: int, msg: str, code: Any, length: Any, linkage: Any,
                       out: Any) -> Any:
        with self._creating(method):
            parsed = parse_shader(self._caps, code, length, (ptype,), msg)
            if not out:
                return None
        return cls(self, parsed, linkage)

    def CreateVertexShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                           ppVertexShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreateVertexShader", ID3D11VertexShader, VS, "CREATEVERTEXSHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppVertexShader)

    def CreatePixelShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                          ppPixelShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreatePixelShader", ID3D11PixelShader, PS, "CREATEPIXELSHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppPixelShader)

    def CreateGeometryShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                             ppGeometryShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreateGeometryShader", ID3D11GeometryShader, GS, "CREATEGEOMETRYSHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppGeometryShader)

    def CreateHullShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                         ppHullShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreateHullShader", ID3D11HullShader, HS, "CREATEHULLSHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppHullShader)

    def CreateDomainShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                           ppDomainShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreateDomainShader", ID3D11DomainShader, DS, "CREATEDOMAINSHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppDomainShader)

    def CreateComputeShader(self, pShaderBytecode: Any, BytecodeLength: Any = None, pClassLinkage: Any = None,  # noqa: N803
                            ppComputeShader: Any = True) -> Any:  # noqa: N803
        return self._create_shader("CreateComputeShader", ID3D11ComputeShader, CS, "CREATECOMPUTESHADER_",
                                   pShaderBytecode, BytecodeLength, pClassLinkage, ppComputeShader)

    def CreateGeometryShaderWithStreamOutput(self, pShaderBytecode: Any, BytecodeLength: Any = None,  # noqa: N803
                                             pSODeclaration: Any = None, NumEntries: Any = None,  # noqa: N803
                                             pBufferStrides: Any = None, NumStrides: Any = None,  # noqa: N803
                                             RasterizedStream: int = 0, pClassLinkage: Any = None,  # noqa: N803
                                             ppGeometryShader: Any = True) -> Any:  # noqa: N803
        """A GS with stream output; a VS or DS blob is accepted too (streams its outputs, as D3D allows)."""
        P = "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_"
        with self._creating("CreateGeometryShaderWithStreamOutput"):
            parsed = parse_shader(self._caps, pShaderBytecode, BytecodeLength, (GS, VS, DS), P)
            sig = parsed.signature("output_signature")
            so = validate_stream_output(self._caps, sig, pSODeclaration, NumEntries, pBufferStrides, NumStrides,
                                        RasterizedStream)
            if not ppGeometryShader:
                return None
        return ID3D11GeometryShader(self, parsed, pClassLinkage, so)

    def CreateInputLayout(self, pInputElementDescs: Any, NumElements: Any = None,  # noqa: N803
                          pShaderBytecodeWithInputSignature: Any = None, BytecodeLength: Any = None,  # noqa: N803
                          ppInputLayout: Any = True) -> Any:  # noqa: N803
        with self._creating("CreateInputLayout"):
            from pyd3d11.errors import InvalidArgError

            from .device_structs import reject
            from .shaders import bytecode_bytes

            blob = bytecode_bytes(pShaderBytecodeWithInputSignature, BytecodeLength)
            try:
                from pyd3d11.shader.dxbc.container import parse_container

                sig = parse_container(blob).input_signature
            except InvalidArgError as e:
                raise reject(f"cannot read the input signature: {e.message}",
                             "CREATEINPUTLAYOUT_UNPARSEABLEINPUTSIGNATURE") from None

            def warn(text: str) -> None:
                self._report(SEVERITY_WARNING, CATEGORY_STATE_CREATION, message_id("CREATEINPUTLAYOUT_TYPE_MISMATCH"),
                             f"ID3D11Device::CreateInputLayout: {text}")

            elements = validate_input_layout(self._caps, pInputElementDescs, NumElements, sig, warn)
            if not ppInputLayout:
                return None
        layout = ID3D11InputLayout(self, elements, sig)
        layout._creation_bytecode = blob  # the frame recorder (pyd3d11.debug.capture) recreates the layout from it
        return layout

    def CreateClassLinkage(self, ppLinkage: Any = True) -> Any:  # noqa: N803
        if self._caps.level < 0xB000:
            from pyd3d11.errors import E_INVALIDARG, error_for

            raise error_for(E_INVALIDARG, "class linkage needs feature level 11_0", "CreateClassLinkage")
        return ID3D11ClassLinkage(self) if ppLinkage else None
