"""The d3dx11effect.h description structs (microsoft/FX11 inc/d3dx11effect.h), C field names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

D3DX11_EFFECT_VARIABLE_ANNOTATION = 1 << 1
D3DX11_EFFECT_VARIABLE_EXPLICIT_BIND_POINT = 1 << 2
D3DX11_EFFECT_SINGLE_THREADED = 1 << 3
D3DX11_EFFECT_RUNTIME_VALID_FLAGS = 0
D3DX11_EFFECT_CLONE_FORCE_NONSINGLE = 1 << 0
D3DX11_DEFAULT = 0xFFFFFFFF


@dataclass
class D3DX11_EFFECT_DESC:  # noqa: N801
    ConstantBuffers: int = 0
    GlobalVariables: int = 0
    InterfaceVariables: int = 0
    Techniques: int = 0
    Groups: int = 0


@dataclass
class D3DX11_GROUP_DESC:  # noqa: N801
    Name: str | None = None
    Techniques: int = 0
    Annotations: int = 0


@dataclass
class D3DX11_TECHNIQUE_DESC:  # noqa: N801
    Name: str | None = None
    Passes: int = 0
    Annotations: int = 0


@dataclass
class D3DX11_PASS_DESC:  # noqa: N801
    Name: str | None = None
    Annotations: int = 0
    #: the input signature of the pass's vertex shader (of its geometry shader when it has none): a DXBC
    #: container to hand to CreateInputLayout; None when the pass has neither
    pIAInputSignature: bytes | None = None
    IAInputSignatureSize: int = 0
    StencilRef: int = 0
    SampleMask: int = 0
    BlendFactor: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])


@dataclass
class D3DX11_PASS_SHADER_DESC:  # noqa: N801
    pShaderVariable: Any = None
    ShaderIndex: int = 0


@dataclass
class D3DX11_EFFECT_VARIABLE_DESC:  # noqa: N801
    Name: str | None = None
    Semantic: str | None = None
    Flags: int = 0
    Annotations: int = 0
    BufferOffset: int = 0
    ExplicitBindPoint: int = 0


@dataclass
class D3DX11_EFFECT_TYPE_DESC:  # noqa: N801
    TypeName: str | None = None
    Class: int = 0
    Type: int = 0
    Elements: int = 0
    Members: int = 0
    Rows: int = 0
    Columns: int = 0
    PackedSize: int = 0
    UnpackedSize: int = 0
    Stride: int = 0


@dataclass
class D3DX11_EFFECT_SHADER_DESC:  # noqa: N801
    pInputSignature: bytes | None = None
    IsInline: bool = False
    pBytecode: bytes | None = None
    BytecodeLength: int = 0
    SODecls: list = field(default_factory=lambda: [None] * 4)
    RasterizedStream: int = 0
    NumInputSignatureEntries: int = 0
    NumOutputSignatureEntries: int = 0
    NumPatchConstantSignatureEntries: int = 0
