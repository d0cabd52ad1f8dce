"""HLSL types: numeric (scalar/vector/matrix), arrays, structs and resource objects (fxc's mapping of
half/min-precision/dword onto the 32-bit base types)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...headers.d3dcommon import D3D_MIN_PRECISION

# scalar base kinds; 'lit_int'/'lit_float' are untyped literals that adopt the other operand's type
BOOL, INT, UINT, FLOAT, DOUBLE, LIT_INT, LIT_FLOAT = "bool", "int", "uint", "float", "double", "lit_int", "lit_float"
_RANK = {BOOL: 0, LIT_INT: 1, INT: 2, UINT: 3, LIT_FLOAT: 4, FLOAT: 5, DOUBLE: 6}

#: spelled scalar name -> base kind (fxc maps half and the min-precision types onto 32-bit ones for SM4/5)
SCALAR_NAMES = {
    "bool": BOOL, "int": INT, "uint": UINT, "dword": UINT, "half": FLOAT, "float": FLOAT, "double": DOUBLE,
    "min16float": FLOAT, "min10float": FLOAT, "min16int": INT, "min12int": INT, "min16uint": UINT,
    "unsigned int": UINT,
}
#: MicrosoftDocs direct3dhlsl "User-Defined Type": "For compatibility with DirectX 8 effects, the following types
#: are automatically defined at super-global scope" -- typedef names (not keywords: a declaration may reuse the
#: name), each to the spelled type it stands for. Other upper-case spellings (INT, UINT, BOOL, HALF...) are not
#: defined and are unknown names.
#: Microsoft's compiler (d3dcompiler_47 10.1 and 6.3.9600, run under Wine in session 35) parts from the page
#: twice, and wins: DWORD is ``uint`` (it reflects as uint, ``DWORD x = -1; x > 5`` holds), and the names are
#: found in any letter case but all-lower-case (the keyword): ``Float``, ``fLOAT``, ``Dword``, ``Vector``,
#: ``tEXTURE`` are these types, ``Float4`` or ``Vector<float, 4>`` are not.
DX8_TYPEDEFS = {"DWORD": "uint", "FLOAT": "float", "VECTOR": "float4", "MATRIX": "float4x4", "STRING": "string",
                "TEXTURE": "texture", "PIXELSHADER": "pixelshader", "VERTEXSHADER": "vertexshader"}


def dx8_typedef(name: str) -> str | None:
    """The DX8_TYPEDEFS key ``name`` spells (any letter case but all-lower-case), else None."""
    key = name.upper()
    return key if key in DX8_TYPEDEFS and name != name.lower() else None
#: 16-bit-or-less spellings (their own types for overload resolution; 32-bit storage in SM4/5)
LOW_PRECISION = {n: n for n in ("half", "min16float", "min10float", "min16int", "min12int", "min16uint")}
#: D3D_MIN_PRECISION of each minimum-precision type (d3dcommon.h), as signatures record it; min12int has no 12-bit
#: value and is recorded as SINT_16, the precision the DXBC operand token gives it (spec-facts §2.3/§2.4). Its keys
#: are the minimum-precision types (``half`` is not one: it is 32-bit float in SM4/5)
MIN_PRECISION = {"min16float": D3D_MIN_PRECISION.D3D_MIN_PRECISION_FLOAT_16,
                 "min10float": D3D_MIN_PRECISION.D3D_MIN_PRECISION_FLOAT_2_8,
                 "min16int": D3D_MIN_PRECISION.D3D_MIN_PRECISION_SINT_16,
                 "min12int": D3D_MIN_PRECISION.D3D_MIN_PRECISION_SINT_16,
                 "min16uint": D3D_MIN_PRECISION.D3D_MIN_PRECISION_UINT_16}
# `dword` is a scalar name only: DXC's SemaHLSL matrix-syntax.hlsl records fxc rejecting `dword3x2` as an
# unexpected token
_VEC_RE = re.compile(r"^(bool|int|uint|half|float|double|min16float|min10float|min16int|min12int|min16uint)"
                     r"([1-4])(?:x([1-4]))?$")

TEXTURE_KINDS = {
    "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS", "Texture2DMSArray", "Texture3D",
    "TextureCube", "TextureCubeArray", "Buffer", "texture", "Texture",
}
RW_KINDS = {"RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D", "RWBuffer"}
BUFFER_KINDS = {"ByteAddressBuffer", "RWByteAddressBuffer", "StructuredBuffer", "RWStructuredBuffer",
                "AppendStructuredBuffer", "ConsumeStructuredBuffer"}
SAMPLER_KINDS = {"SamplerState", "SamplerComparisonState", "sampler", "sampler1D", "sampler2D", "sampler3D",
                 "samplerCUBE", "sampler_state"}
STREAM_KINDS = {"PointStream": "pointlist", "LineStream": "linestrip", "TriangleStream": "trianglestrip"}
PATCH_KINDS = {"InputPatch", "OutputPatch"}
#: effect-framework objects: parsed (with their state blocks) and ignored outside fx profiles
EFFECT_KINDS = {"DepthStencilState", "BlendState", "RasterizerState", "PixelShader", "VertexShader",
                "GeometryShader", "ComputeShader", "HullShader", "DomainShader", "RenderTargetView",
                "DepthStencilView", "pixelshader", "vertexshader", "geometryshader",
                # the effect-fragment objects of fx_2_0 (DXC effects-syntax: `pixelfragment pfrag;` passes fxc)
                "pixelfragment", "vertexfragment"}
OBJECT_KINDS = EFFECT_KINDS | TEXTURE_KINDS | RW_KINDS | BUFFER_KINDS | SAMPLER_KINDS | set(STREAM_KINDS) | PATCH_KINDS


class Type:
    """Base of all types. ``slots`` = number of 32-bit scalar components it flattens to."""

    slots: int = 0

    def is_numeric(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class NumType(Type):
    base: str
    rows: int = 1
    cols: int = 1
    shape: str = "s"  # 's' scalar, 'v' vector, 'm' matrix
    row_major: bool | None = None  # matrices: packing modifier (None = default)
    # spelled low-precision scalar (half, min16float, ...): only overload ranking looks at it; it does not
    # take part in equality, so a half is a float everywhere else (fxc SM4/5)
    prec: str | None = field(default=None, compare=False)
    #: the typedef name the type was spelled with (``typedef float scalar;``): reflection reports it as
    #: the type's name, as fxc does (DXC issue 3969: "scalar" with d3dcompiler, "float" with DXIL)
    alias: str | None = field(default=None, compare=False)

    @property
    def slots(self) -> int:  # type: ignore[override]
        return self.rows * self.cols * (2 if self.base == DOUBLE else 1)

    @property
    def n(self) -> int:
        return self.rows * self.cols

    def is_numeric(self) -> bool:
        return True

    def with_base(self, base: str) -> NumType:
        return NumType(base, self.rows, self.cols, self.shape, self.row_major)

    def __str__(self) -> str:
        b = {LIT_INT: "int", LIT_FLOAT: "float"}.get(self.base, self.base)
        if self.shape == "s":
            return b
        if self.shape == "v":
            return f"{b}{self.cols}"
        return f"{b}{self.rows}x{self.cols}"


def scalar(base: str) -> NumType:
    return NumType(base)


def vector(base: str, n: int) -> NumType:
    """``vector<base, n>``: a vector even for n = 1 (float1 is not float)."""
    return NumType(base, 1, n, "v")


def matrix(base: str, rows: int, cols: int) -> NumType:
    return NumType(base, rows, cols, "m")


@dataclass(frozen=True, slots=True)
class ArrayType(Type):
    elem: Type
    count: int
    #: the typedef name the array type was spelled with (``typedef int A1[1]; A1 a;``): fxc's messages spell
    #: such a type ``typedef int[1]`` (DXC SemaHLSL conversions-between-type-shapes' fxc records); not part of
    #: the type's identity
    alias: str | None = field(default=None, compare=False)

    @property
    def slots(self) -> int:  # type: ignore[override]
        return self.elem.slots * self.count

    def __str__(self) -> str:
        # dimensions in declaration order, outermost first: fxc writes ``int[2][3]`` for ``int a[2][3]``
        # (more-operators.hlsl's X3017 record), whose outer array holds three-element rows
        dims = [self.count]
        t = self.elem
        while isinstance(t, ArrayType) and t.alias is None:
            dims.append(t.count)
            t = t.elem
        text = str(t) + "".join(f"[{d}]" for d in dims)
        return f"typedef {text}" if self.alias is not None else text


@dataclass(eq=False, slots=True)
class StructType(Type):
    name: str
    fields: list[tuple[str, Type, str | None, frozenset]] = field(default_factory=list)  # name, type, semantic, mods
    #: an anonymous struct declared inside struct S: "S::<unnamed>", its reflected name (reflect.rdef_type)
    scoped_name: str | None = None
    #: ``struct B : A``: A, whose fields lead ``fields`` (the layout is the flattened one); reflection shows them
    #: as a ``$super`` member of type A and A as the base class (reflect.rdef_type)
    inherits: StructType | None = None

    @property
    def slots(self) -> int:  # type: ignore[override]
        return sum(f[1].slots for f in self.fields)

    def field_offset(self, name: str) -> tuple[int, Type, str | None] | None:
        """Slot offset, type and semantic of field ``name``; the last one of that name wins, so a derived
        struct's field shadows an inherited one (``struct b : a``)."""
        off = 0
        found = None
        for fname, ftype, sem, _m in self.fields:
            if fname == name:
                found = off, ftype, sem
            off += ftype.slots
        return found

    def __str__(self) -> str:
        return self.name or "<anonymous struct>"


@dataclass(frozen=True, slots=True)
class ObjectType(Type):
    kind: str
    elem: Type | None = None  # template type (float4 default for textures)
    samples: int = 0
    norm: str | None = None  # 'unorm' / 'snorm' element modifier (the resource's return type)
    #: a RasterizerOrdered* object: compiles as its RW form (``kind``), its declaration carrying the
    #: rasterizer-ordered bit (``_rov``); not part of the type's identity
    rov: bool = field(default=False, compare=False)

    @property
    def slots(self) -> int:  # type: ignore[override]
        return 0

    def __str__(self) -> str:
        return f"{self.kind}<{self.elem}>" if self.elem is not None else self.kind


@dataclass(frozen=True, slots=True)
class VoidType(Type):
    def __str__(self) -> str:
        return "void"


VOID = VoidType()
FLOAT4 = NumType(FLOAT, 1, 4, "v")


def numeric_from_name(name: str) -> NumType | None:
    if name in SCALAR_NAMES:
        return NumType(SCALAR_NAMES[name], prec=LOW_PRECISION.get(name))
    m = _VEC_RE.match(name)
    if m:
        base = SCALAR_NAMES[m.group(1)]
        prec = LOW_PRECISION.get(m.group(1))
        if m.group(3):
            return NumType(base, int(m.group(2)), int(m.group(3)), "m", prec=prec)
        return NumType(base, 1, int(m.group(2)), "v", prec=prec)
    return None


def concrete(base: str) -> str:
    return {LIT_INT: INT, LIT_FLOAT: FLOAT}.get(base, base)


def common_base(a: str, b: str) -> str:
    """Component type of a binary arithmetic result (HLSL promotion: bool < int < uint < float < double)."""
    if a == b:
        return a
    # an untyped literal adopts the other side's type when that is of the same family or wider
    # (not bool: bool with an int literal is int, as bool with int)
    if a == LIT_INT and b not in (LIT_FLOAT, BOOL):
        return b
    if b == LIT_INT and a not in (LIT_FLOAT, BOOL):
        return a
    if a == LIT_FLOAT and b in (FLOAT, DOUBLE):
        return b
    if b == LIT_FLOAT and a in (FLOAT, DOUBLE):
        return a
    # a != b here (equal bases returned above): the higher-ranked operand's type, a literal's as its concrete
    # type (concrete leaves a typed base as it is)
    return concrete(a if _RANK[a] >= _RANK[b] else b)


def array_leaf(t: Type) -> Type:
    """Element type below every array dimension (``Texture2D t[2][3]`` -> ``Texture2D``)."""
    while isinstance(t, ArrayType):
        t = t.elem
    return t


def leaf_count(t: Type) -> int:
    """The elements below every array dimension (``Texture2D t[2][3]`` -> 6; 1 for a type that is no array)."""
    n = 1
    while isinstance(t, ArrayType):
        n *= t.count
        t = t.elem
    return n


def stream_elements(t: Type) -> int:
    """How many elements a type holding a stream-output object counts (0: it holds none): each number (a vector or
    matrix too) and each object one, an array its count times its element's. fxc takes only one: a variable, a
    local or a parameter of more is X3128 "stream parameters can only be single-element types" as it is declared
    (d3dcompiler_47 10.1, session 45: ``struct s { TriangleStream<D> so; float4 val; } g;``, a local
    ``TriangleStream<D> v[2];``, an unused function's parameter; the struct's definition, a typedef or a member
    ``so[2]`` alone compile)."""
    def count(u: Type) -> tuple[int, bool]:
        if isinstance(u, ArrayType):
            n, has = count(u.elem)
            return u.count * n, has
        if isinstance(u, StructType):
            parts = [count(f[1]) for f in u.fields]
            return sum(n for n, _ in parts), any(h for _, h in parts)
        return 1, isinstance(u, ObjectType) and u.kind in STREAM_KINDS

    n, has = count(t)
    return n if has else 0
