"""D3DReflectLibrary and ID3D11LibraryReflection / ID3D11FunctionReflection / ID3D11FunctionParameterReflection
(d3d11shader.h; the MicrosoftDocs pages of these interfaces and of D3D11_LIBRARY_DESC, D3D11_FUNCTION_DESC and
D3D11_PARAMETER_DESC), over the library blobs of hlsl/library.py.

Lookups that miss behave as the shader-reflection ones do (reflection.py): GetFunctionByIndex past the
functions, and GetFunctionParameter past the parameters (or D3D_RETURN_PARAMETER_INDEX of a void function), hand
back an invalid object whose GetDesc fails with E_FAIL (DXC's CInvalidFunction / CInvalidFunctionParameter,
the same shape as d3dcompiler's invalid reflection objects); constant-buffer getters hand back the invalid
constant buffer; GetResourceBindingDesc(ByName) out of range raises E_INVALIDARG.

A function's Version is ``0xFFF0 << 16 | major << 4 | minor``: D3D11_SHVER_RESERVED0 (0xFFF0) is the
program type d3d11shader.h reserves beside the six shader types, which library functions carry. The counts of
D3D11_FUNCTION_DESC are those of the function's wrapper program (hlsl/library.py), this compiler's code for it.
"""

from __future__ import annotations

from typing import Any

from pyd3d11.api.com import IUnknown, iid
from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, E_INVALIDARG, D3D11Error, InvalidArgError, error_for
from pyd3d11.headers.d3d11_enums import D3D11_SHADER_VERSION_TYPE
from pyd3d11.headers.d3d11_structs import (
    D3D11_FUNCTION_DESC,
    D3D11_LIBRARY_DESC,
    D3D11_PARAMETER_DESC,
    D3D11_SHADER_INPUT_BIND_DESC,
)
from pyd3d11.headers.guids import GUID, IID_ID3D11LibraryReflection

from .blob import blob_bytes
from .hlsl.library import LibraryData, LibraryFunction, read_library
from .reflection import _INVALID_CB, ID3D11ShaderReflection, ID3D11ShaderReflectionConstantBuffer

__all__ = ["D3D_RETURN_PARAMETER_INDEX", "D3DReflectLibrary", "ID3D11FunctionParameterReflection",
           "ID3D11FunctionReflection", "ID3D11LibraryReflection"]

#: d3d11shader.h: the parameter index naming a function's return value
D3D_RETURN_PARAMETER_INDEX = -1
D3D11_SHVER_RESERVED0 = int(D3D11_SHADER_VERSION_TYPE.D3D11_SHVER_RESERVED0)  # 0xFFF0
_FL_9_1, _FL_9_3, _FL_10_0, _FL_10_1, _FL_11_0 = 0x9100, 0x9300, 0xA000, 0xA100, 0xB000


def _level(level9: str | None, major: int, minor: int) -> int:
    """D3D_FEATURE_LEVEL a function needs: the library's 10Level9 level, else the shader model's."""
    if level9 is not None:
        return _FL_9_1 if level9 == "9_1" else _FL_9_3
    return _FL_11_0 if major >= 5 else _FL_10_1 if minor else _FL_10_0


class ID3D11FunctionParameterReflection(IUnknown):
    _iid = iid("ID3D11FunctionParameterReflection", "42757488-334f-47fe-982e-1a65d08cc462")

    def __init__(self, desc: dict[str, Any] | None) -> None:
        super().__init__()
        self._desc = desc

    def GetDesc(self) -> D3D11_PARAMETER_DESC:  # noqa: N802
        if self._desc is None:
            raise D3D11Error(E_FAIL, "invalid function parameter reflection", "ID3D11FunctionParameterReflection::GetDesc")
        return D3D11_PARAMETER_DESC(**self._desc)


_INVALID_PARAM = ID3D11FunctionParameterReflection(None)


class ID3D11FunctionReflection(IUnknown):
    _iid = iid("ID3D11FunctionReflection", "207bcecb-d683-4a06-a8a3-9b149b9f73a4")

    def __init__(self, lib: LibraryData | None, fn: LibraryFunction | None) -> None:
        super().__init__()
        self._lib, self._fn = lib, fn
        self._shader = ID3D11ShaderReflection(_container(fn.blob)) if fn is not None else None
        #: the library's source slot of each resource, by name (hlsl/library.py)
        self._slots = {b["name"]: b["slot"] for b in lib.bindings} if lib is not None else {}

    def _valid(self, method: str) -> ID3D11ShaderReflection:
        if self._shader is None:
            raise D3D11Error(E_FAIL, "invalid function reflection", f"ID3D11FunctionReflection::{method}")
        return self._shader

    def GetDesc(self) -> D3D11_FUNCTION_DESC:  # noqa: N802
        """D3D11_FUNCTION_DESC: the wrapper program's counts, the library's creator and compile flags, the
        function's name, parameter count (the return value not counted) and whether it returns a value."""
        sh = self._valid("GetDesc")
        assert self._lib is not None and self._fn is not None
        d = sh.GetDesc()
        major, minor = self._lib.model
        # Flags: the compile flags with D3DCOMPILE_NO_PRESHADER, as a shader's RDEF holds them (fxc's record:
        # Debug|NoPreshader for a /Zi library)
        out = D3D11_FUNCTION_DESC(Version=D3D11_SHVER_RESERVED0 << 16 | major << 4 | minor, Creator=self._lib.creator,
                                  Flags=d.Flags, ConstantBuffers=d.ConstantBuffers,
                                  BoundResources=d.BoundResources, Name=self._fn.name,
                                  FunctionParameterCount=len(self._fn.params), HasReturn=self._fn.ret is not None,
                                  MinFeatureLevel=_level(self._lib.level9, major, minor),
                                  Has10Level9VertexShader=self._fn.level9_vs,
                                  Has10Level9PixelShader=self._fn.level9_ps,
                                  RequiredFeatureFlags=sh.GetRequiresFlags())
        for name in ("InstructionCount", "TempRegisterCount", "TempArrayCount", "DefCount", "DclCount",
                     "TextureNormalInstructions", "TextureLoadInstructions", "TextureCompInstructions",
                     "TextureBiasInstructions", "TextureGradientInstructions", "FloatInstructionCount",
                     "IntInstructionCount", "UintInstructionCount", "StaticFlowControlCount",
                     "DynamicFlowControlCount", "MacroInstructionCount", "ArrayInstructionCount"):
            setattr(out, name, getattr(d, name))
        out.MovInstructionCount = sh.GetMovInstructionCount()
        out.MovcInstructionCount = sh.GetMovcInstructionCount()
        out.ConversionInstructionCount = sh.GetConversionInstructionCount()
        out.BitwiseInstructionCount = sh.GetBitwiseInstructionCount()
        return out

    def GetConstantBufferByIndex(self, BufferIndex: int) -> ID3D11ShaderReflectionConstantBuffer:  # noqa: N802,N803
        return self._shader.GetConstantBufferByIndex(BufferIndex) if self._shader is not None else _INVALID_CB

    def GetConstantBufferByName(self, Name: str) -> ID3D11ShaderReflectionConstantBuffer:  # noqa: N802,N803
        return self._shader.GetConstantBufferByName(Name) if self._shader is not None else _INVALID_CB

    def GetVariableByName(self, Name: str) -> Any:  # noqa: N802,N803
        """The variable of a constant buffer the function uses; None on the invalid function (DXC's
        CInvalidFunction returns NULL)."""
        return self._shader.GetVariableByName(Name) if self._shader is not None else None

    def _library_slot(self, d: D3D11_SHADER_INPUT_BIND_DESC) -> D3D11_SHADER_INPUT_BIND_DESC:
        """The binding with the library's source slot (the one ID3D11ModuleInstance::Bind* rebinds from)."""
        d.BindPoint = self._slots.get(d.Name, d.BindPoint)
        return d

    def GetResourceBindingDesc(self, ResourceIndex: int) -> D3D11_SHADER_INPUT_BIND_DESC:  # noqa: N802,N803
        sh = self._valid("GetResourceBindingDesc")
        try:
            return self._library_slot(sh.GetResourceBindingDesc(ResourceIndex))
        except InvalidArgError as exc:
            raise InvalidArgError(E_INVALIDARG, exc.message, "ID3D11FunctionReflection::GetResourceBindingDesc") from None

    def GetResourceBindingDescByName(self, Name: str) -> D3D11_SHADER_INPUT_BIND_DESC:  # noqa: N802,N803
        sh = self._valid("GetResourceBindingDescByName")
        try:
            return self._library_slot(sh.GetResourceBindingDescByName(Name))
        except InvalidArgError as exc:
            raise InvalidArgError(E_INVALIDARG, exc.message,
                                  "ID3D11FunctionReflection::GetResourceBindingDescByName") from None

    def GetFunctionParameter(self, ParameterIndex: int) -> ID3D11FunctionParameterReflection:  # noqa: N802,N803
        """Parameter ``ParameterIndex`` (0-based), or with D3D_RETURN_PARAMETER_INDEX (-1) the return value
        (named after the function, its semantic, D3D_PF_OUT); anything else the invalid parameter."""
        fn = self._fn
        if fn is None or not isinstance(ParameterIndex, int):
            return _INVALID_PARAM
        if ParameterIndex == D3D_RETURN_PARAMETER_INDEX:
            return ID3D11FunctionParameterReflection(fn.ret) if fn.ret is not None else _INVALID_PARAM
        if 0 <= ParameterIndex < len(fn.params):
            return ID3D11FunctionParameterReflection(fn.params[ParameterIndex])
        return _INVALID_PARAM


_INVALID_FUNCTION = ID3D11FunctionReflection(None, None)


class ID3D11LibraryReflection(IUnknown):
    _iid = iid("ID3D11LibraryReflection", "54384f1b-5b3e-4bb7-ae01-60ba3097cbb6")

    def __init__(self, lib: LibraryData) -> None:
        super().__init__()
        self._lib = lib
        self._functions = [ID3D11FunctionReflection(lib, f) for f in lib.functions]

    def GetDesc(self) -> D3D11_LIBRARY_DESC:  # noqa: N802
        """Creator (the compiler's name), Flags and FunctionCount (the exported functions). Flags is 0 whatever
        the compile flags: d3dcompiler_47's record (thindx's documentation of ID3D11LibraryReflection::GetDesc:
        ``Compile::None`` for a library compiled with D3DCOMPILE_DEBUG); the functions carry the flags."""
        return D3D11_LIBRARY_DESC(Creator=self._lib.creator, Flags=0, FunctionCount=len(self._functions))

    def GetFunctionByIndex(self, FunctionIndex: int) -> ID3D11FunctionReflection:  # noqa: N802,N803
        if isinstance(FunctionIndex, int) and 0 <= FunctionIndex < len(self._functions):
            return self._functions[FunctionIndex]
        return _INVALID_FUNCTION


def _container(blob: bytes):
    from .dxbc.container import parse_container

    return parse_container(blob, verify_checksum=False)


def check_size(data: bytes, method: str) -> None:
    if len(data) < 32 or int.from_bytes(data[24:28], "little") != len(data):
        raise error_for(D3DERR_INVALIDCALL, f"{len(data)} bytes of data do not hold the DXBC container their "
                        "header describes", method)


def library_from(data: bytes, method: str) -> LibraryData:
    """The library in ``data``, with D3DReflect's checks: too little data or a header size other than the
    data's, D3DERR_INVALIDCALL; a blob that is not a library (a shader, say), E_FAIL."""
    from .blob import check_dxbc_header

    check_size(data, method)
    check_dxbc_header(data, method)
    lib = read_library(data)
    if lib is None:
        raise error_for(E_FAIL, "the data is not a shader library (compile it for a lib_* target)", method)
    return lib


def D3DReflectLibrary(pSrcData: Any, SrcDataSize: int | None = None,  # noqa: N802,N803
                      riid: Any = IID_ID3D11LibraryReflection) -> ID3D11LibraryReflection:
    """d3dcompiler's D3DReflectLibrary: an ID3D11LibraryReflection of a library blob (riid must be
    IID_ID3D11LibraryReflection: another IID is E_NOINTERFACE's sibling E_INVALIDARG, as D3DReflect answers)."""
    if isinstance(SrcDataSize, (GUID, str)) and not isinstance(SrcDataSize, int):
        riid, SrcDataSize = SrcDataSize, None
    data = blob_bytes(pSrcData) if pSrcData is not None else b""
    if SrcDataSize is not None:
        data = data[:SrcDataSize]
    check_size(data, "D3DReflectLibrary")
    if GUID(riid) != GUID(IID_ID3D11LibraryReflection):
        raise InvalidArgError(E_INVALIDARG, f"D3DReflectLibrary cannot create {GUID(riid)}", "D3DReflectLibrary")
    return ID3D11LibraryReflection(library_from(data, "D3DReflectLibrary"))
