"""The code generator's value and binding records (HLSL values as slot lists, resources, constant
buffers, signature elements) and the system-value tables they use; see :mod:`.codegen`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import ast as A
from .operands import is_imm
from .types import BOOL, DOUBLE, FLOAT, INT, UINT, ObjectType, Type

#: False while a constant's words are computed for the reflection's DefaultValue (foldinit.initializer_bits): fxc
#: records the literal's own bits there (``float v = 1e-40;`` in a cbuffer is 0x000116c2 in its RDEF; session 37)
CARRY_CONSTANTS = [True]


def f2b(x: float) -> int:
    """float32 bits of ``x`` as fxc converts a literal or a folded constant: beyond the float32 range it rounds to
    infinity, below the normal range it is a zero of its sign (d3dcompiler_47 10.1 under Wine, session 37:
    ``asuint(1e-40)`` and ``asuint(1.1754942e-38)`` are 0 also at /Od, ``asuint(-1e-40)`` is 0x80000000, while
    ``1e-40 * 1e30`` folds in double precision first; tests/test_hlsl_fxc_zero_bits_s37.py)."""
    with np.errstate(over="ignore", under="ignore"):
        b = int(np.array(x, np.float32).view(np.uint32))
    return b & 0x80000000 if b & 0x7F800000 == 0 and CARRY_CONSTANTS[0] else b


def b2f(b: int) -> float:
    return float(np.array(b & 0xFFFFFFFF, np.uint32).view(np.float32))


@dataclass(eq=False)
class Val:
    type: Type
    slots: list = field(default_factory=list)
    obj: Any = None  # resource binding for object values
    lv: Any = None  # memory lvalue descriptor (UAV/TGSM element) when assignable there
    readonly: bool = False  # const locals / statics: not an l-value (X3025)
    param: bool = False  # a function's parameter: no compile-time constant to fxc's front end (exprs.py)
    literal: Any = None  # a const variable's literal value, as fxc's front end substitutes it (constlit.py)
    #: (base, slots) of the integer constants a folded int -> float conversion read (Codegen.convert_base): a cast
    #: back to that base is them, as fxc's optimiser cancels the pair before it folds constants
    int_source: Any = None

    @property
    def const(self) -> bool:
        return bool(self.slots) and all(is_imm(s) for s in self.slots)


#: shader model 5.1: a register reserved in space N > 0 is numbered N * SPACE_STRIDE + register inside the compiler,
#: so registers of different spaces never meet (overlap checks, the SM5.0-form program); the bytecode and RDEF
#: get the register and space back (hlsl/sm51.py)
SPACE_STRIDE = 1 << 20


@dataclass(eq=False)
class Resource:
    name: str
    type: ObjectType
    file: str  # 't', 's', 'u'
    reg: int = -1
    decl_order: int = 0
    used: bool = False
    explicit: bool = False
    stride: int = 0
    counter: bool = False  # RWStructuredBuffer whose hidden counter is used (IncrementCounter/DecrementCounter)
    #: declared ``globallycoherent``: the UAV declaration carries D3D11_SB_GLOBALLY_COHERENT_ACCESS (``_glc``)
    coherent: bool = False
    pos: Any = None  # the declaration's source position (register-overlap errors)
    space: int = 0  # register space (shader model 5.1)
    #: the D3D9-style sampler this texture was made for (``tex2D(s, uv)`` at SM4+: legacytex.py); it bears the
    #: sampler's name
    legacy_sampler: Any = None


@dataclass(eq=False)
class CbVar:
    decl: A.VarDecl
    cb: CBuf
    offset: int = 0  # bytes
    used: bool = False


@dataclass(eq=False)
class CBuf:
    name: str
    kind: str
    reg: int | None
    vars: list[CbVar] = field(default_factory=list)
    size: int = 0
    used: bool = False
    slot: int = -1
    explicit: bool = False
    pos: object = None  # the declaration's position (errors about the buffer as a whole)
    space: int = 0  # register space (shader model 5.1)
    decl_order: int = 0  # the resource declaration order at this buffer (a tbuffer's t# follows it)


@dataclass(eq=False)
class SigElem:
    name: str
    index: int
    sv: int  # D3D_NAME
    ctype: int  # 1 uint, 2 sint, 3 float
    reg: int
    mask: int
    interp: str = ""
    stream: int = 0  # GS output stream (OSG5)
    min_precision: int = 0  # D3D_MIN_PRECISION of a min-precision element (ISG1/OSG1/PSG1)
    #: the declared base type ('float', 'int', 'uint', 'bool'; '' unknown) where ``ctype`` is the system value's own
    #: (svtypes.py checks it as fxc does)
    declared: str = ""
    #: an integer input declared centroid / noperspective / sample (svtypes.check_signature_types: X4576)
    bad_interp: bool = False


#: scalar system-value registers written without a component selector (fxc: ``vPrim``, not ``vPrim.x``)
_NO_SWIZZLE = frozenset({"vThreadIDInGroupFlattened", "vPrim", "vCoverage", "vInnerCoverage", "vGSInstanceID",
                         "vOutputControlPointID", "vForkInstanceID"})


class ReturnSignal(Exception):
    pass


_SV_NAMES = {  # upper semantic -> (D3D_NAME, bytecode name)
    "SV_POSITION": (1, "position"), "SV_CLIPDISTANCE": (2, "clip_distance"), "SV_CULLDISTANCE": (3, "cull_distance"),
    "SV_RENDERTARGETARRAYINDEX": (4, "rendertarget_array_index"),
    "SV_VIEWPORTARRAYINDEX": (5, "viewport_array_index"), "SV_VERTEXID": (6, "vertex_id"),
    "SV_PRIMITIVEID": (7, "primitive_id"), "SV_INSTANCEID": (8, "instance_id"),
    "SV_ISFRONTFACE": (9, "is_front_face"), "SV_SAMPLEINDEX": (10, "sampleIndex"),
}
_CANON = {"SV_POSITION": "SV_Position", "SV_TARGET": "SV_Target", "SV_DEPTH": "SV_Depth",
          "SV_VERTEXID": "SV_VertexID", "SV_INSTANCEID": "SV_InstanceID", "SV_ISFRONTFACE": "SV_IsFrontFace",
          "SV_PRIMITIVEID": "SV_PrimitiveID", "SV_SAMPLEINDEX": "SV_SampleIndex", "SV_COVERAGE": "SV_Coverage",
          "SV_CLIPDISTANCE": "SV_ClipDistance", "SV_CULLDISTANCE": "SV_CullDistance",
          "SV_RENDERTARGETARRAYINDEX": "SV_RenderTargetArrayIndex", "SV_VIEWPORTARRAYINDEX": "SV_ViewportArrayIndex",
          "SV_DEPTHGREATEREQUAL": "SV_DepthGreaterEqual", "SV_DEPTHLESSEQUAL": "SV_DepthLessEqual",
          "SV_STENCILREF": "SV_StencilRef"}
_CS_SV = {"SV_DISPATCHTHREADID": "vThreadID", "SV_GROUPID": "vThreadGroupID", "SV_GROUPTHREADID": "vThreadIDInGroup",
          "SV_GROUPINDEX": "vThreadIDInGroupFlattened"}
_PS_SPECIAL_OUT = {"SV_DEPTH": "oDepth", "SV_COVERAGE": "oMask", "SV_DEPTHGREATEREQUAL": "oDepthGE",
                   "SV_DEPTHLESSEQUAL": "oDepthLE", "SV_STENCILREF": "oStencilRef"}
_RET_TYPE = {FLOAT: "float", INT: "sint", UINT: "uint", BOOL: "uint", DOUBLE: "double"}
_DIM = {"Texture1D": ("texture1d", 1), "Texture1DArray": ("texture1darray", 2), "Texture2D": ("texture2d", 2),
        "Texture2DArray": ("texture2darray", 3), "Texture3D": ("texture3d", 3), "TextureCube": ("texturecube", 3),
        "TextureCubeArray": ("texturecubearray", 4), "Texture2DMS": ("texture2dms", 2),
        "Texture2DMSArray": ("texture2dmsarray", 3), "Buffer": ("buffer", 1), "texture": ("texture2d", 2),
        "Texture": ("texture2d", 2)}


def scoped(scopes: list[dict], name: str) -> Any:
    """The innermost variable ``name`` of ``scopes`` (a generator's ``cg.scopes``, innermost last), None where no scope
    holds it: a look-up with none of ``Codegen.lookup``'s checks or object resolution."""
    return next((sc[name] for sc in reversed(scopes) if name in sc), None)


def split_semantic(sem: str) -> tuple[str, int]:
    i = len(sem)
    while i > 0 and sem[i - 1].isdigit():
        i -= 1
    return sem[:i], int(sem[i:]) if i < len(sem) else 0
