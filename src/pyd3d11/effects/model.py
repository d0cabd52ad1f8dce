"""The content of an Effects 11 binary as plain data: what the effect compiler produces, what
``binary.py`` writes in microsoft/FX11's layout (Binary/EffectBinaryFormat.h) and reads back, and what
the runtime (``runtime.py``) builds its objects from."""

from __future__ import annotations

from dataclasses import dataclass, field

# --- EVarType / EScalarType / ENumericLayout ----------------------------------------------------------------
EVT_Numeric, EVT_Object, EVT_Struct, EVT_Interface = 1, 2, 3, 4
EST_Float, EST_Int, EST_UInt, EST_Bool = 1, 2, 3, 4
ENL_Scalar, ENL_Vector, ENL_Matrix = 1, 2, 3

# --- EObjectType ----------------------------------------------------------------------------------------------
EOT = {name: i for i, name in enumerate((
    "Invalid", "String", "Blend", "DepthStencil", "Rasterizer", "PixelShader", "VertexShader", "GeometryShader",
    "GeometryShaderSO", "Texture", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS",
    "Texture2DMSArray", "Texture3D", "TextureCube", "ConstantBuffer", "RenderTargetView", "DepthStencilView",
    "Sampler", "Buffer", "TextureCubeArray", "Count", "PixelShader5", "VertexShader5", "GeometryShader5",
    "ComputeShader5", "HullShader5", "DomainShader5", "RWTexture1D", "RWTexture1DArray", "RWTexture2D",
    "RWTexture2DArray", "RWTexture3D", "RWBuffer", "ByteAddressBuffer", "RWByteAddressBuffer", "StructuredBuffer",
    "RWStructuredBuffer", "RWStructuredBufferAlloc", "RWStructuredBufferConsume", "AppendStructuredBuffer",
    "ConsumeStructuredBuffer"))}
EOT_NAME = {v: k for k, v in EOT.items()}

SHADER_EOTS = {EOT[n] for n in ("PixelShader", "VertexShader", "GeometryShader", "GeometryShaderSO", "PixelShader5",
                                "VertexShader5", "GeometryShader5", "ComputeShader5", "HullShader5", "DomainShader5")}
SRV_EOTS = {EOT[n] for n in ("Texture", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS",
                             "Texture2DMSArray", "Texture3D", "TextureCube", "TextureCubeArray", "Buffer",
                             "StructuredBuffer", "ByteAddressBuffer")}
UAV_EOTS = {EOT[n] for n in ("RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D",
                             "RWBuffer", "RWByteAddressBuffer", "RWStructuredBuffer", "RWStructuredBufferAlloc",
                             "RWStructuredBufferConsume", "AppendStructuredBuffer", "ConsumeStructuredBuffer")}
STATE_EOTS = {EOT["Blend"]: "Blend", EOT["DepthStencil"]: "DepthStencil", EOT["Rasterizer"]: "Rasterizer",
              EOT["Sampler"]: "Sampler"}

# --- ECompilerAssignmentType ----------------------------------------------------------------------------------
ECAT_Constant, ECAT_Variable, ECAT_ConstIndex, ECAT_VariableIndex = 1, 2, 3, 4
ECAT_ExpressionIndex, ECAT_Expression, ECAT_InlineShader, ECAT_InlineShader5 = 5, 6, 7, 8

#: SBinaryHeader.Tag of each effect target (EffectBinaryFormat.h g_EffectVersions)
VERSION_TAGS = {"fx_4_0": 0xFEFF1001, "fx_4_1": 0xFEFF1011, "fx_5_0": 0xFEFF2001}


@dataclass
class FxType:
    name: str
    var_type: int
    elements: int = 0
    total_size: int = 0
    stride: int = 0
    packed_size: int = 0
    layout: int = 0
    scalar: int = 0
    rows: int = 0
    cols: int = 0
    column_major: bool = False
    object_type: int = 0
    #: struct members: (name, semantic or None, byte offset, type)
    members: list = field(default_factory=list)
    #: fx_5_0 classes (SBinaryTypeInheritance): the base class type and the interface types implemented
    base: FxType | None = None
    interfaces: list = field(default_factory=list)

    @property
    def is_class_instance(self) -> bool:
        """FX11 SType::IsClassInstance: a struct implementing an interface (itself or through a base)."""
        t: FxType | None = self
        while t is not None:
            if t.var_type == EVT_Struct and t.interfaces:
                return True
            t = t.base
        return False

    def element(self) -> FxType:
        """The type of one element of an array type (itself for a non-array)."""
        if not self.elements:
            return self
        return FxType(self.name, self.var_type, 0, self.stride if self.var_type != EVT_Numeric else
                      _elem_size(self), self.stride, self.packed_size // self.elements, self.layout, self.scalar,
                      self.rows, self.cols, self.column_major, self.object_type, self.members, self.base,
                      self.interfaces)

    def key(self) -> tuple:
        return (self.name, self.var_type, self.elements, self.total_size, self.stride, self.packed_size, self.layout,
                self.scalar, self.rows, self.cols, self.column_major, self.object_type,
                tuple((m[0], m[1], m[2], m[3].key()) for m in self.members),
                self.base.key() if self.base is not None else None, tuple(i.key() for i in self.interfaces))


def _elem_size(t: FxType) -> int:
    if t.layout == ENL_Matrix:
        return 16 * (t.cols - 1) + 4 * t.rows if t.column_major else 16 * (t.rows - 1) + 4 * t.cols
    return 4 * t.cols


@dataclass
class FxAnnotation:
    name: str
    type: FxType
    #: numeric: the packed default bytes; string: list of str
    value: bytes | list


@dataclass
class FxNumericVar:
    name: str
    type: FxType
    semantic: str | None
    offset: int
    default: bytes | None
    flags: int = 0
    annotations: list[FxAnnotation] = field(default_factory=list)


@dataclass
class FxConstantBuffer:
    name: str
    size: int
    flags: int = 0
    bind_point: int = 0xFFFFFFFF
    annotations: list[FxAnnotation] = field(default_factory=list)
    variables: list[FxNumericVar] = field(default_factory=list)


@dataclass
class FxShader:
    """A shader block: DXBC bytecode (empty for NULL), stream-output declaration strings, rasterized stream,
    and whether it is stored with the fx_5_0 extended record (SBinaryShaderData5)."""

    bytecode: bytes
    so_decls: list[str | None] = field(default_factory=list)  # None: a NULL declaration (written as offset 0)
    rasterized_stream: int = 0
    shader5: bool = True
    #: BindInterfaces(shader, a, b[2], ...): per interface parameter, (variable name, element or 0xFFFFFFFF)
    #: (SBinaryInterfaceInitializer)
    interface_bindings: list = field(default_factory=list)


@dataclass
class FxAssignment:
    """``state`` indexes states.LVALUES; ``value`` by kind: Constant -> [(EST, number)], Variable -> name,
    ConstIndex -> (array name, index), VariableIndex -> (array name, index variable name),
    InlineShader(5) -> FxShader, Expression -> the FXLVM container (bytes, effects/fxlvm.py), ExpressionIndex ->
    (array name, FXLVM container computing the index)."""

    state: int
    index: int
    kind: int
    value: object


@dataclass
class FxObjectVar:
    name: str
    type: FxType
    semantic: str | None = None
    bind_point: int = 0xFFFFFFFF
    #: state-block objects: one assignment list per element; shaders: one FxShader per element; strings:
    #: one str per element
    blocks: list[list[FxAssignment]] = field(default_factory=list)
    shaders: list[FxShader] = field(default_factory=list)
    strings: list[str | None] = field(default_factory=list)  # None: a null string (offset 0)
    annotations: list[FxAnnotation] = field(default_factory=list)


@dataclass
class FxInterfaceVar:
    """An interface variable (SBinaryInterfaceVariable): one pointer per element, each optionally initialised
    to a class instance (name, element index or 0xFFFFFFFF)."""

    name: str
    type: FxType
    defaults: list | None = None
    flags: int = 0
    annotations: list[FxAnnotation] = field(default_factory=list)


@dataclass
class FxPass:
    name: str | None
    annotations: list[FxAnnotation] = field(default_factory=list)
    assignments: list[FxAssignment] = field(default_factory=list)


@dataclass
class FxTechnique:
    name: str | None
    annotations: list[FxAnnotation] = field(default_factory=list)
    passes: list[FxPass] = field(default_factory=list)


@dataclass
class FxGroup:
    name: str | None
    annotations: list[FxAnnotation] = field(default_factory=list)
    techniques: list[FxTechnique] = field(default_factory=list)


@dataclass
class FxEffect:
    target: str
    cbuffers: list[FxConstantBuffer] = field(default_factory=list)
    objects: list[FxObjectVar] = field(default_factory=list)
    interfaces: list[FxInterfaceVar] = field(default_factory=list)
    groups: list[FxGroup] = field(default_factory=list)
