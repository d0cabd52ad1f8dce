"""D3DReflect and the ID3D11ShaderReflection* interfaces (d3d11shader.h), built on the DXBC chunks.

Lookups that fail behave as d3dcompiler_47 does: the *ByIndex/*ByName getters of buffers,
variables and member types hand back a shared "invalid" object whose GetDesc raises E_FAIL (C returns a
dummy interface, never NULL; the invalid objects' own getters return invalid objects, as DXC's
CInvalidSR* classes do); GetMemberTypeName past the members returns None (C's NULL); the *Desc getters
with an out-of-range index or unknown name raise E_INVALIDARG.
"""

from __future__ import annotations

import struct
from typing import Any

from pyd3d11.api.com import IUnknown, iid
from pyd3d11.errors import (
    D3DERR_INVALIDCALL,
    E_FAIL,
    E_INVALIDARG,
    D3D11Error,
    InvalidArgError,
    error_for,
)
from pyd3d11.headers.d3d11_structs import (
    D3D11_SHADER_BUFFER_DESC,
    D3D11_SHADER_DESC,
    D3D11_SHADER_INPUT_BIND_DESC,
    D3D11_SHADER_TYPE_DESC,
    D3D11_SHADER_VARIABLE_DESC,
    D3D11_SIGNATURE_PARAMETER_DESC,
    D3D12_SHADER_INPUT_BIND_DESC,
)
from pyd3d11.headers.guids import GUID, IID_ID3D11ShaderReflection, IID_ID3D12ShaderReflection

from .dxbc.container import (
    INPUT_SIGNATURE_FOURCCS,
    OUTPUT_SIGNATURE_FOURCCS,
    PROGRAM_FOURCCS,
    DxbcContainer,
)
from .dxbc.rdef import Rdef, RdefConstantBuffer, RdefType, RdefVariable
from .dxbc.signature import Signature, SignatureElement
from .dxbc.stat import ShaderStats

__all__ = [
    "D3D11Reflect",
    "D3DReflect",
    "ID3D11ShaderReflection",
    "ID3D11ShaderReflectionConstantBuffer",
    "ID3D11ShaderReflectionVariable",
    "ID3D11ShaderReflectionType",
]

OPCODE_CUSTOMDATA = 53
OPCODE_DCL_THREAD_GROUP = 155
OPCODE_DCL_GLOBAL_FLAGS = 106
# D3D_FEATURE_LEVEL values (d3dcommon.h) by shader model.
_FL_9_1, _FL_10_0, _FL_10_1, _FL_11_0, _FL_11_1 = 0x9100, 0xA000, 0xA100, 0xB000, 0xB100
#: SFI0 bits that raise GetMinFeatureLevel (D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE, _64_UAVS)
_SFI0_UAVS_AT_EVERY_STAGE, _SFI0_64_UAVS = 0x4, 0x8
D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL = 0x2  # d3d11shader.h
_SM4_DEFAULT_SLOTS = (0xFFFFFFFF, 0, 0xFFFFFFFF, 0)


def _fail(method: str) -> D3D11Error:
    return D3D11Error(E_FAIL, "invalid reflection object", method)


def _in_range(index: Any, count: int) -> bool:
    """``index`` names one of ``count`` items. The C parameter is a UINT: a negative number is a huge one and
    anything but an integer (None, a string) is no index at all -- both out of range, never a Python error."""
    return isinstance(index, int) and 0 <= index < count


def _invalid_arg(method: str, msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, msg, method)


# -- types ------------------------------------------------------------------------------------


class ID3D11ShaderReflectionType:
    """A variable or member type. ``offset`` is the member offset (0 for a variable's type)."""

    def __init__(self, t: RdefType | None, offset: int = 0) -> None:
        self._t = t
        self._offset = offset
        # the related types handed out, each made once: d3dcompiler_47 answers a second lookup of a member
        # (by index or by name), the subtype, the base class or an interface with the same object (the
        # reflection dump of tools/api_diff compares pointers; session 37)
        self._related: dict[Any, ID3D11ShaderReflectionType] = {}

    def _once(self, key: Any, make: Any) -> ID3D11ShaderReflectionType:
        if key not in self._related:
            self._related[key] = make()
        return self._related[key]

    def _valid(self, method: str) -> RdefType:
        if self._t is None:
            raise _fail(f"ID3D11ShaderReflectionType::{method}")
        return self._t

    def GetDesc(self) -> D3D11_SHADER_TYPE_DESC:  # noqa: N802
        t = self._valid("GetDesc")
        return D3D11_SHADER_TYPE_DESC(Class=t.var_class, Type=t.var_type, Rows=t.rows, Columns=t.columns,
                                      Elements=t.elements, Members=len(t.members), Offset=self._offset,
                                      Name=t.name or None)

    def GetMemberTypeByIndex(self, Index: int) -> ID3D11ShaderReflectionType:  # noqa: N802,N803
        """The member's type; an index past the members (or any index of the invalid type) gives the invalid
        type, whose GetDesc fails with E_FAIL -- never NULL (DXC's CShaderReflectionType, which keeps
        d3dcompiler's convention: "return &g_InvalidSRType")."""
        t = self._t
        if t is None or not _in_range(Index, len(t.members)):
            return _INVALID_TYPE
        m = t.members[Index]
        return self._once(("member", Index), lambda: ID3D11ShaderReflectionType(m.type, m.offset))

    def GetMemberTypeByName(self, Name: str | None) -> ID3D11ShaderReflectionType:  # noqa: N802,N803
        """The member named ``Name``; no such member, or a NULL name, gives the invalid type (the convention
        of every reflection lookup by name)."""
        for i, m in enumerate(self._t.members if self._t and Name is not None else ()):
            if m.name == Name:
                return self.GetMemberTypeByIndex(i)
        return _INVALID_TYPE

    def GetMemberTypeName(self, Index: int) -> str | None:  # noqa: N802,N803
        """The member's name; past the members NULL (None); the invalid type answers "$Invalid" whatever the
        index (DXC's CInvalidSRType and Wine's d3dcompiler_47 agree)."""
        t = self._t
        if t is None:
            return "$Invalid"
        if not _in_range(Index, len(t.members)):
            return None
        return t.members[Index].name

    def IsEqual(self, pType: ID3D11ShaderReflectionType) -> bool:  # noqa: N802,N803
        """S_OK (True) when ``pType`` is the same type, S_FALSE (False) otherwise; asked of the invalid type,
        E_FAIL (raised)."""
        self._valid("IsEqual")
        return pType is not None and pType._t is not None and self._t.key() == pType._t.key()

    # The invalid type answers GetSubType / GetBaseClass / GetInterfaceByIndex with itself (DXC's
    # CInvalidSRType); a valid type without one answers NULL (None).
    def GetSubType(self) -> ID3D11ShaderReflectionType | None:  # noqa: N802
        if self._t is None:
            return _INVALID_TYPE
        t = self._t.sub_type
        return self._once("sub", lambda: ID3D11ShaderReflectionType(t)) if t else None

    def GetBaseClass(self) -> ID3D11ShaderReflectionType | None:  # noqa: N802
        if self._t is None:
            return _INVALID_TYPE
        t = self._t.base_class
        return self._once("base", lambda: ID3D11ShaderReflectionType(t)) if t else None

    def GetNumInterfaces(self) -> int:  # noqa: N802
        return len(self._t.interfaces) if self._t else 0

    def GetInterfaceByIndex(self, uIndex: int) -> ID3D11ShaderReflectionType | None:  # noqa: N802,N803
        if self._t is None:
            return _INVALID_TYPE
        if not _in_range(uIndex, len(self._t.interfaces)):
            return None
        t = self._t.interfaces[uIndex]
        return self._once(("interface", uIndex), lambda: ID3D11ShaderReflectionType(t))

    def _lineage(self) -> list[RdefType]:
        """This type and its base classes, nearest first."""
        out, t = [], self._t
        while t is not None and len(out) < 64:
            out.append(t)
            t = t.base_class
        return out

    def IsOfType(self, pType: ID3D11ShaderReflectionType | None) -> bool:  # noqa: N802,N803
        """ID3D11ShaderReflectionType::IsOfType: S_OK (True) when this type is ``pType`` or inherits from it,
        S_FALSE (False) otherwise; a missing or invalid ``pType`` is no type's; asked of the invalid type, E_FAIL
        (raised, as DXC's CInvalidSRType answers)."""
        self._valid("IsOfType")
        if pType is None or pType._t is None:
            return False
        key = pType._t.key()
        return any(t.key() == key for t in self._lineage())

    def ImplementsInterface(self, pBase: ID3D11ShaderReflectionType | None) -> bool:  # noqa: N802,N803
        """ID3D11ShaderReflectionType::ImplementsInterface: True when this class, or a class it derives
        from, lists the interface ``pBase`` among the interfaces it implements; asked of the invalid type, E_FAIL
        (raised)."""
        self._valid("ImplementsInterface")
        if pBase is None or pBase._t is None:
            return False
        key = pBase._t.key()
        return any(i.key() == key for t in self._lineage() for i in t.interfaces)


_INVALID_TYPE = ID3D11ShaderReflectionType(None)


# -- variables / constant buffers -------------------------------------------------------------


class ID3D11ShaderReflectionVariable:
    def __init__(self, v: RdefVariable | None, cb: ID3D11ShaderReflectionConstantBuffer | None, sm5: bool) -> None:
        self._v = v
        self._cb = cb
        self._sm5 = sm5
        self._type: ID3D11ShaderReflectionType | None = None

    def GetDesc(self) -> D3D11_SHADER_VARIABLE_DESC:  # noqa: N802
        v = self._v
        if v is None:
            raise _fail("ID3D11ShaderReflectionVariable::GetDesc")
        slots = (v.start_texture, v.texture_size, v.start_sampler, v.sampler_size) if self._sm5 else _SM4_DEFAULT_SLOTS
        return D3D11_SHADER_VARIABLE_DESC(Name=v.name, StartOffset=v.start_offset, Size=v.size, uFlags=v.flags,
                                          DefaultValue=v.default_value, StartTexture=slots[0],
                                          TextureSize=slots[1], StartSampler=slots[2], SamplerSize=slots[3])

    def GetType(self) -> ID3D11ShaderReflectionType:  # noqa: N802
        """The variable's type, the same object on every call (as d3dcompiler_47 answers)."""
        if self._v is None:
            return _INVALID_TYPE
        if self._type is None:
            self._type = ID3D11ShaderReflectionType(self._v.type)
        return self._type

    def GetBuffer(self) -> ID3D11ShaderReflectionConstantBuffer:  # noqa: N802
        return self._cb if self._cb is not None else _INVALID_CB

    def GetInterfaceSlot(self, uArrayIndex: int) -> int:  # noqa: N802,N803
        """Interface slot of element ``uArrayIndex`` (interface pointers start at their offset)."""
        v = self._v
        if v is None or v.type.var_class != 7 or not _in_range(uArrayIndex, max(1, v.type.elements)):
            return 0xFFFFFFFF
        return v.start_offset + uArrayIndex


class ID3D11ShaderReflectionConstantBuffer:
    def __init__(self, cb: RdefConstantBuffer | None, sm5: bool = True) -> None:
        self._cb = cb
        self._vars = [ID3D11ShaderReflectionVariable(v, self, sm5) for v in cb.variables] if cb else []

    def GetDesc(self) -> D3D11_SHADER_BUFFER_DESC:  # noqa: N802
        cb = self._cb
        if cb is None:
            raise _fail("ID3D11ShaderReflectionConstantBuffer::GetDesc")
        return D3D11_SHADER_BUFFER_DESC(Name=cb.name, Type=cb.type, Variables=len(cb.variables), Size=cb.size,
                                        uFlags=cb.flags)

    def GetVariableByIndex(self, Index: int) -> ID3D11ShaderReflectionVariable:  # noqa: N802,N803
        return self._vars[Index] if _in_range(Index, len(self._vars)) else _INVALID_VAR

    def GetVariableByName(self, Name: str) -> ID3D11ShaderReflectionVariable:  # noqa: N802,N803
        for v in self._vars:
            if v._v is not None and v._v.name == Name:
                return v
        return _INVALID_VAR


_INVALID_CB = ID3D11ShaderReflectionConstantBuffer(None)
_INVALID_VAR = ID3D11ShaderReflectionVariable(None, None, True)


# -- the shader -------------------------------------------------------------------------------


def _param_desc(e: SignatureElement) -> D3D11_SIGNATURE_PARAMETER_DESC:
    return D3D11_SIGNATURE_PARAMETER_DESC(SemanticName=e.semantic_name, SemanticIndex=e.semantic_index,
                                          Register=e.register, SystemValueType=e.d3d_name,
                                          ComponentType=e.component_type, Mask=e.mask, ReadWriteMask=e.rw_mask,
                                          Stream=e.stream, MinPrecision=e.min_precision)


def _program_tokens(program: bytes | None) -> tuple[int, ...]:
    if not program or len(program) < 8:
        return ()
    return struct.unpack(f"<{len(program) // 4}I", program[: len(program) // 4 * 4])


def _find_instruction(tokens: tuple[int, ...], opcode: int) -> int | None:
    """Token index of the first instruction with ``opcode``, found by walking opcode lengths (spec-facts
    §2.6); None if absent."""
    i = 2
    while i < len(tokens):
        tok = tokens[i]
        op = tok & 0x7FF
        if op == opcode:
            return i
        if op == OPCODE_CUSTOMDATA:
            length = tokens[i + 1] if i + 1 < len(tokens) else 0
        else:
            length = (tok >> 24) & 0x7F
        if length <= 0:
            break
        i += length
    return None


def thread_group_size(program: bytes | None) -> tuple[int, int, int]:
    """dcl_thread_group operands; (0,0,0) if absent."""
    tokens = _program_tokens(program)
    i = _find_instruction(tokens, OPCODE_DCL_THREAD_GROUP)
    if i is None or i + 3 >= len(tokens):
        return 0, 0, 0
    return tokens[i + 1], tokens[i + 2], tokens[i + 3]


def global_flags(program: bytes | None) -> int:
    """dcl_globalFlags' flags (opcode-token bits 11-23), 0 if absent."""
    tokens = _program_tokens(program)
    i = _find_instruction(tokens, OPCODE_DCL_GLOBAL_FLAGS)
    return (tokens[i] >> 11) & 0x1FFF if i is not None else 0


class ID3D11ShaderReflection(IUnknown):
    _iid = iid("ID3D11ShaderReflection", "8d536ca1-0cca-4956-a837-786963755584")

    def __init__(self, container: DxbcContainer, d3d12: bool = False) -> None:
        super().__init__()
        self._c = container
        self._d3d12 = d3d12  # created for IID_ID3D12ShaderReflection: D3D12 binding descriptions
        self._rdef: Rdef = container.rdef or Rdef()
        self._stats: ShaderStats = container.stats or ShaderStats()
        self._in: Signature = container.input_signature or Signature()
        self._out: Signature = container.output_signature or Signature("OSGN")
        self._pc: Signature = container.patch_constant_signature or Signature("PCSG")
        tokens = _program_tokens(container.program)
        self._version = tokens[0] if tokens else ((self._rdef.program_type & 0xFFFF) << 16
                                                    | self._rdef.major << 4 | self._rdef.minor)
        sm5 = self._rdef.is_sm5
        self._cbs = [ID3D11ShaderReflectionConstantBuffer(cb, sm5) for cb in self._rdef.constant_buffers]

    def GetDesc(self) -> D3D11_SHADER_DESC:  # noqa: N802
        st = self._stats
        d = D3D11_SHADER_DESC(Version=self._version, Creator=self._rdef.creator or None, Flags=self._rdef.flags,
                              ConstantBuffers=len(self._rdef.constant_buffers),
                              BoundResources=len(self._rdef.bindings), InputParameters=len(self._in),
                              OutputParameters=len(self._out), PatchConstantParameters=len(self._pc))
        for name in ("InstructionCount", "TempRegisterCount", "TempArrayCount", "DefCount", "DclCount",
                     "TextureNormalInstructions", "TextureLoadInstructions", "TextureCompInstructions",
                     "TextureBiasInstructions", "TextureGradientInstructions", "FloatInstructionCount",
                     "IntInstructionCount", "UintInstructionCount", "StaticFlowControlCount",
                     "DynamicFlowControlCount", "MacroInstructionCount", "ArrayInstructionCount",
                     "CutInstructionCount", "EmitInstructionCount", "GSOutputTopology", "GSMaxOutputVertexCount",
                     "InputPrimitive", "cGSInstanceCount", "cControlPoints", "HSOutputPrimitive", "HSPartitioning",
                     "TessellatorDomain", "cBarrierInstructions", "cInterlockedInstructions",
                     "cTextureStoreInstructions"):
            setattr(d, name, getattr(st, name))
        return d

    def GetConstantBufferByIndex(self, Index: int) -> ID3D11ShaderReflectionConstantBuffer:  # noqa: N802,N803
        return self._cbs[Index] if _in_range(Index, len(self._cbs)) else _INVALID_CB

    def GetConstantBufferByName(self, Name: str) -> ID3D11ShaderReflectionConstantBuffer:  # noqa: N802,N803
        for cb in self._cbs:
            if cb._cb.name == Name:
                return cb
        return _INVALID_CB

    def GetVariableByName(self, Name: str) -> ID3D11ShaderReflectionVariable:  # noqa: N802,N803
        for cb in self._cbs:
            v = cb.GetVariableByName(Name)
            if v is not _INVALID_VAR:
                return v
        return _INVALID_VAR

    def GetResourceBindingDesc(self, ResourceIndex: int) -> D3D11_SHADER_INPUT_BIND_DESC:  # noqa: N802,N803
        if not _in_range(ResourceIndex, len(self._rdef.bindings)):
            raise _invalid_arg("ID3D11ShaderReflection::GetResourceBindingDesc",
                               f"resource index {ResourceIndex} out of range")
        b = self._rdef.bindings[ResourceIndex]
        fields = dict(Name=b.name, Type=b.input_type, BindPoint=b.bind_point, BindCount=b.bind_count, uFlags=b.flags,
                      ReturnType=b.return_type, Dimension=b.dimension, NumSamples=b.num_samples)
        if self._d3d12:  # below shader model 5.1 the space is 0 and the ID the bind point (rdef.py)
            return D3D12_SHADER_INPUT_BIND_DESC(**fields, Space=b.space, uID=b.id)
        return D3D11_SHADER_INPUT_BIND_DESC(**fields)

    def _extra_interface(self, key: Any) -> Any:
        """QueryInterface(IID_ID3D12ShaderReflection) answers with this object, as d3dcompiler_47's does."""
        return self if key == GUID(IID_ID3D12ShaderReflection) else None

    def GetResourceBindingDescByName(self, Name: str) -> D3D11_SHADER_INPUT_BIND_DESC:  # noqa: N802,N803
        for i, b in enumerate(self._rdef.bindings):
            if b.name == Name:
                return self.GetResourceBindingDesc(i)
        raise _invalid_arg("ID3D11ShaderReflection::GetResourceBindingDescByName", f"no resource named {Name!r}")

    def _param(self, sig: Signature, index: int, method: str) -> D3D11_SIGNATURE_PARAMETER_DESC:
        if not _in_range(index, len(sig.elements)):
            raise _invalid_arg(f"ID3D11ShaderReflection::{method}", f"parameter index {index} out of range")
        return _param_desc(sig.elements[index])

    def GetInputParameterDesc(self, ParameterIndex: int) -> D3D11_SIGNATURE_PARAMETER_DESC:  # noqa: N802,N803
        return self._param(self._in, ParameterIndex, "GetInputParameterDesc")

    def GetOutputParameterDesc(self, ParameterIndex: int) -> D3D11_SIGNATURE_PARAMETER_DESC:  # noqa: N802,N803
        return self._param(self._out, ParameterIndex, "GetOutputParameterDesc")

    def GetPatchConstantParameterDesc(self, ParameterIndex: int) -> D3D11_SIGNATURE_PARAMETER_DESC:  # noqa: N802,N803
        return self._param(self._pc, ParameterIndex, "GetPatchConstantParameterDesc")

    def GetMovInstructionCount(self) -> int:  # noqa: N802
        return self._stats.MovInstructionCount

    def GetMovcInstructionCount(self) -> int:  # noqa: N802
        return self._stats.MovcInstructionCount

    def GetConversionInstructionCount(self) -> int:  # noqa: N802
        return self._stats.ConversionInstructionCount

    def GetBitwiseInstructionCount(self) -> int:  # noqa: N802
        return self._stats.BitwiseInstructionCount

    def GetGSInputPrimitive(self) -> int:  # noqa: N802
        return self._stats.InputPrimitive

    def IsSampleFrequencyShader(self) -> bool:  # noqa: N802
        return bool(self._stats.IsSampleFrequencyShader)

    def GetNumInterfaceSlots(self) -> int:  # noqa: N802
        """Interface slot count: the last dword of the SM5 RD11 header (0 for SM4)."""
        rd11 = self._rdef.rd11
        return rd11[7] if rd11 else 0

    def GetMinFeatureLevel(self) -> int:  # noqa: N802
        """D3D_FEATURE_LEVEL the bytecode needs: for 4_0_level_9_x blobs the level of the Aon9 chunk's program
        token (9_1 for vs/ps_2_0, 9_3 for vs/ps_2_x; fxc writes 2.0 in the chunk's header at both levels, and
        the DLL's reflection reads the program's: aon9.program_level), a token the DLL refuses E_INVALIDARG (one
        it maps to no level gives aon9.LEVEL_UNKNOWN, where the DLL answers that level with S_FALSE); else by
        model; then raised by two of the SFI0 chunk's bits, whatever the model (d3dcompiler_47 10.1, every bit of
        the chunk's two words patched into fxc's objects of ten shader models and stages and two level-9 ones):
        64 UAV slots (0x8) to 11_1, UAVs at every stage (0x4) to 11_0; no other bit moves it (doubles, minimum
        precision, the 11.1 extensions, tiled resources, ROVs ... leave the model's level)."""
        level = self._model_level()
        flags = self._c.feature_flags
        if flags & _SFI0_64_UAVS:
            return _FL_11_1
        if flags & _SFI0_UAVS_AT_EVERY_STAGE:
            return max(level, _FL_11_0)
        return level

    def _model_level(self) -> int:
        if "Aon9" in self._c:
            from .dxbc.aon9 import program_level

            level = program_level(self._c.get("Aon9"))
            if level is None:
                raise _invalid_arg("GetMinFeatureLevel", "the Aon9 program's version token names no shader model")
            return level
        major, minor = (self._version >> 4) & 0xF, self._version & 0xF
        if major >= 5:
            return _FL_11_0
        return _FL_10_1 if minor >= 1 else _FL_10_0

    def GetRequiresFlags(self) -> int:  # noqa: N802
        """D3D_SHADER_REQUIRES_* flags: the SFI0 chunk's, except bit 0x2, which in the chunk is the
        "raw and structured buffers via shader 4.x" feature (stat.SFI0_RAW_STRUCTURED_VIA_4_X) and here
        D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL, set from dcl_globalFlags forceEarlyDepthStencil (DXC's
        DxilShaderReflection::GetRequiresFlags resolves the collision this way)."""
        from .dxbc.stat import GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL, SFI0_RAW_STRUCTURED_VIA_4_X

        flags = self._c.feature_flags & ~SFI0_RAW_STRUCTURED_VIA_4_X
        if global_flags(self._c.program) & GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL:
            flags |= D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL
        return flags

    def GetThreadGroupSize(self) -> tuple[int, int, int, int]:  # noqa: N802
        """(total, x, y, z): C returns the product and writes the three sizes."""
        x, y, z = thread_group_size(self._c.program)
        return x * y * z, x, y, z


def D3DReflect(pSrcData: Any, SrcDataSize: int | None = None,  # noqa: N802,N803
               pInterface: Any = IID_ID3D11ShaderReflection) -> ID3D11ShaderReflection:
    """d3dcompiler's D3DReflect: parse a DXBC blob into an ID3D11ShaderReflection.

    ``SrcDataSize`` may be omitted (the whole buffer is used). As d3dcompiler_47 checks, in order: no
    data or fewer than 32 bytes, or a header total size other than the size passed, D3DERR_INVALIDCALL;
    an IID other than IID_ID3D11ShaderReflection or (d3dcompiler_47) IID_ID3D12ShaderReflection
    E_INVALIDARG (d3dcompiler_46+; older versions returned E_NOINTERFACE); then bad bytecode E_FAIL (not a
    DXBC container) or E_INVALIDARG. The D3D12 interface is the same object, its GetResourceBindingDesc*
    answering D3D12_SHADER_INPUT_BIND_DESC (Space, uID) -- Wine's d3dcompiler_47 reproduces both.
    """
    if isinstance(SrcDataSize, (GUID, str)) and not isinstance(SrcDataSize, int):
        pInterface, SrcDataSize = SrcDataSize, None
    from .blob import blob_bytes, read_container

    data = b"" if pSrcData is None else blob_bytes(pSrcData)  # NULL data: no data (D3DERR_INVALIDCALL below)
    size = len(data) if SrcDataSize is None else SrcDataSize
    if size < 32 or size > len(data) or int.from_bytes(data[24:28], "little") != size:
        raise error_for(D3DERR_INVALIDCALL, f"{len(data)} bytes of data do not hold the DXBC container their "
                        "header describes", "D3DReflect")
    d3d12 = GUID(pInterface) == GUID(IID_ID3D12ShaderReflection)
    if GUID(pInterface) != GUID(IID_ID3D11ShaderReflection) and not d3d12:
        raise InvalidArgError(E_INVALIDARG, f"D3DReflect cannot create {GUID(pInterface)}", "D3DReflect")
    container = read_container(data, size, "D3DReflect")[1]
    # d3dcompiler_47 10.1 reflects only a program with both its signatures: without an SHDR/SHEX, an input or
    # an output signature chunk E_INVALIDARG (recorded under Wine, session 37; RDEF and STAT may be missing)
    for need in (PROGRAM_FOURCCS, INPUT_SIGNATURE_FOURCCS, OUTPUT_SIGNATURE_FOURCCS):
        if container.get_first(need) is None:
            raise InvalidArgError(E_INVALIDARG, f"the container has no {'/'.join(need)} chunk", "D3DReflect")
    if "Aon9" in container:
        from .dxbc.aon9 import reflectable

        if not reflectable(container.get("Aon9")):
            raise InvalidArgError(E_INVALIDARG, "the Aon9 chunk's header names no program", "D3DReflect")
    try:
        container.rdef, container.input_signature, container.output_signature  # noqa: B018
        container.patch_constant_signature, container.stats  # noqa: B018
    except InvalidArgError as exc:
        raise InvalidArgError(E_INVALIDARG, exc.message, "D3DReflect") from exc
    return ID3D11ShaderReflection(container, d3d12)


def D3D11Reflect(pSrcData: Any, SrcDataSize: int | None = None) -> ID3D11ShaderReflection:  # noqa: N802,N803
    """D3D11Reflect (D3DCompiler.inl; direct3dhlsl "D3D11Reflect function"): the inline wrapper of D3DReflect that
    asks for IID_ID3D11ShaderReflection and nothing else -- the same object, the same HRESULTs."""
    return D3DReflect(pSrcData, SrcDataSize, IID_ID3D11ShaderReflection)
