"""Effect variables: ID3DX11EffectVariable and its typed interfaces (microsoft/FX11 inc/d3dx11effect.h,
behaviour of EffectVariable.inl).

A lookup that finds nothing, or an ``As*`` on a variable of another kind, returns the *invalid variable*
of the requested interface (``IsValid()`` False; every HRESULT method raises E_FAIL) instead of None, as
FX11 does, so chained calls like ``GetVariableByName("x").AsMatrix().SetMatrix(m)`` never dereference
null. Scalar conversions follow FX11: bool variables store -1/0, float<->int truncate; arrays of
scalars/vectors take one 16-byte register per element. Matrices: ``SetMatrix`` takes a row-major 4x4
(16 floats, XMMATRIX order) and stores it in the variable's packing; ``SetMatrixTranspose`` stores its
transpose."""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from ..errors import E_FAIL, E_INVALIDARG, error_for
from ..headers.d3dcommon import D3D_SHADER_VARIABLE_CLASS as _SVC
from ..headers.d3dcommon import D3D_SHADER_VARIABLE_TYPE as _SVT
from . import model as M
from .descs import D3DX11_EFFECT_TYPE_DESC, D3DX11_EFFECT_VARIABLE_ANNOTATION, D3DX11_EFFECT_VARIABLE_DESC

_F32 = struct.Struct("<f")
_I32 = struct.Struct("<i")


def _fail(method: str, why: str = "invalid variable") -> Exception:
    return error_for(E_FAIL, f"{method}: {why}", method)


def _badarg(method: str, why: str) -> Exception:
    return error_for(E_INVALIDARG, f"{method}: {why}", method)


class _Store:
    """Bytes a numeric variable lives in: a constant buffer's backing store (``cb`` set: writes mark it
    dirty) or an annotation's own unpacked value (read-only)."""

    def __init__(self, data: bytearray, cb: Any = None) -> None:
        self.data = data
        self.cb = cb

    def dirty(self) -> None:
        if self.cb is not None:
            self.cb.dirty = True


def unpack_default(t: M.FxType, packed: bytes) -> bytearray:
    """FX11 UnpackData: packed default bytes -> the register layout (each element/row on its own
    register; column-major matrices transposed into columns)."""
    out = bytearray((max(1, t.elements) * t.stride) or t.total_size)
    _unpack(t, packed, 0, out, 0)
    return out


def _unpack(t: M.FxType, src: bytes, si: int, dst: bytearray, di: int) -> int:
    n = max(1, t.elements)
    if t.var_type == M.EVT_Struct:
        for e in range(n):
            for _name, _sem, off, mt in t.members:
                si = _unpack(mt, src, si, dst, di + e * t.stride + off)
        return si
    for e in range(n):
        base = di + e * t.stride
        if t.column_major:
            vals = [src[si + 4 * k:si + 4 * k + 4] for k in range(t.rows * t.cols)]
            for c in range(t.cols):
                for r in range(t.rows):
                    dst[base + 16 * c + 4 * r:base + 16 * c + 4 * r + 4] = vals[r * t.cols + c]
            si += 4 * t.rows * t.cols
        else:
            for r in range(t.rows):
                dst[base + 16 * r:base + 16 * r + 4 * t.cols] = src[si:si + 4 * t.cols]
                si += 4 * t.cols
    return si


def _values(data: Any) -> list:
    if isinstance(data, (int, float, bool, np.generic)):
        return [data]
    return list(np.asarray(data).ravel().tolist())


def _type_desc(t: M.FxType) -> D3DX11_EFFECT_TYPE_DESC:
    if t.var_type == M.EVT_Numeric:
        cls = {M.ENL_Scalar: _SVC.D3D_SVC_SCALAR, M.ENL_Vector: _SVC.D3D_SVC_VECTOR}.get(
            t.layout, _SVC.D3D_SVC_MATRIX_COLUMNS if t.column_major else _SVC.D3D_SVC_MATRIX_ROWS)
        typ = {M.EST_Float: _SVT.D3D_SVT_FLOAT, M.EST_Int: _SVT.D3D_SVT_INT, M.EST_UInt: _SVT.D3D_SVT_UINT,
               M.EST_Bool: _SVT.D3D_SVT_BOOL}[t.scalar]
        rows, cols = t.rows, t.cols
    elif t.var_type == M.EVT_Struct:
        # FX11 EffectReflection: a class implementing an interface is D3D_SVC_INTERFACE_CLASS
        cls = _SVC.D3D_SVC_INTERFACE_CLASS if t.is_class_instance else _SVC.D3D_SVC_STRUCT
        typ, rows, cols = _SVT.D3D_SVT_VOID, 1, 1
    elif t.var_type == M.EVT_Interface:
        cls, typ, rows, cols = _SVC.D3D_SVC_INTERFACE_POINTER, _SVT.D3D_SVT_INTERFACE_POINTER, 0, 0
    else:
        cls, rows, cols = _SVC.D3D_SVC_OBJECT, 0, 0
        typ = _OBJECT_SVT.get(M.EOT_NAME.get(t.object_type, ""), _SVT.D3D_SVT_VOID)
    unpacked = t.total_size if t.var_type != M.EVT_Object else 0
    return D3DX11_EFFECT_TYPE_DESC(t.name, int(cls), int(typ), t.elements, len(t.members), rows, cols,
                                   t.packed_size, unpacked, t.stride)


_OBJECT_SVT = {
    "String": _SVT.D3D_SVT_STRING, "Blend": _SVT.D3D_SVT_BLEND, "DepthStencil": _SVT.D3D_SVT_DEPTHSTENCIL,
    "Rasterizer": _SVT.D3D_SVT_RASTERIZER, "PixelShader": _SVT.D3D_SVT_PIXELSHADER,
    "VertexShader": _SVT.D3D_SVT_VERTEXSHADER, "GeometryShader": _SVT.D3D_SVT_GEOMETRYSHADER,
    "GeometryShaderSO": _SVT.D3D_SVT_GEOMETRYSHADER, "Texture": _SVT.D3D_SVT_TEXTURE,
    "Texture1D": _SVT.D3D_SVT_TEXTURE1D, "Texture1DArray": _SVT.D3D_SVT_TEXTURE1DARRAY,
    "Texture2D": _SVT.D3D_SVT_TEXTURE2D, "Texture2DArray": _SVT.D3D_SVT_TEXTURE2DARRAY,
    "Texture2DMS": _SVT.D3D_SVT_TEXTURE2DMS, "Texture2DMSArray": _SVT.D3D_SVT_TEXTURE2DMSARRAY,
    "Texture3D": _SVT.D3D_SVT_TEXTURE3D, "TextureCube": _SVT.D3D_SVT_TEXTURECUBE,
    "RenderTargetView": _SVT.D3D_SVT_RENDERTARGETVIEW, "DepthStencilView": _SVT.D3D_SVT_DEPTHSTENCILVIEW,
    "Sampler": _SVT.D3D_SVT_SAMPLER, "Buffer": _SVT.D3D_SVT_BUFFER,
    "TextureCubeArray": _SVT.D3D_SVT_TEXTURECUBEARRAY, "PixelShader5": _SVT.D3D_SVT_PIXELSHADER,
    "VertexShader5": _SVT.D3D_SVT_VERTEXSHADER, "GeometryShader5": _SVT.D3D_SVT_GEOMETRYSHADER,
    "ComputeShader5": _SVT.D3D_SVT_COMPUTESHADER, "HullShader5": _SVT.D3D_SVT_HULLSHADER,
    "DomainShader5": _SVT.D3D_SVT_DOMAINSHADER, "RWTexture1D": _SVT.D3D_SVT_RWTEXTURE1D,
    "RWTexture1DArray": _SVT.D3D_SVT_RWTEXTURE1DARRAY, "RWTexture2D": _SVT.D3D_SVT_RWTEXTURE2D,
    "RWTexture2DArray": _SVT.D3D_SVT_RWTEXTURE2DARRAY, "RWTexture3D": _SVT.D3D_SVT_RWTEXTURE3D,
    "RWBuffer": _SVT.D3D_SVT_RWBUFFER, "ByteAddressBuffer": _SVT.D3D_SVT_BYTEADDRESS_BUFFER,
    "RWByteAddressBuffer": _SVT.D3D_SVT_RWBYTEADDRESS_BUFFER, "StructuredBuffer": _SVT.D3D_SVT_STRUCTURED_BUFFER,
    "RWStructuredBuffer": _SVT.D3D_SVT_RWSTRUCTURED_BUFFER,
    "RWStructuredBufferAlloc": _SVT.D3D_SVT_RWSTRUCTURED_BUFFER,
    "RWStructuredBufferConsume": _SVT.D3D_SVT_RWSTRUCTURED_BUFFER,
    "AppendStructuredBuffer": _SVT.D3D_SVT_APPEND_STRUCTURED_BUFFER,
    "ConsumeStructuredBuffer": _SVT.D3D_SVT_CONSUME_STRUCTURED_BUFFER,
}


class ID3DX11EffectType:
    """The type of an effect variable (GetType)."""

    def __init__(self, t: M.FxType | None) -> None:
        self._t = t

    def IsValid(self) -> bool:  # noqa: N802
        return self._t is not None

    def GetDesc(self) -> D3DX11_EFFECT_TYPE_DESC:  # noqa: N802
        if self._t is None:
            raise _fail("ID3DX11EffectType::GetDesc")
        return _type_desc(self._t)

    def _member(self, pred) -> ID3DX11EffectType:
        for m in (self._t.members if self._t is not None else []):
            if pred(m):
                return ID3DX11EffectType(m[3])
        return ID3DX11EffectType(None)

    def GetMemberTypeByIndex(self, Index: int) -> ID3DX11EffectType:  # noqa: N802,N803
        ms = self._t.members if self._t is not None else []
        return ID3DX11EffectType(ms[Index][3] if 0 <= Index < len(ms) else None)

    def GetMemberTypeByName(self, Name: str) -> ID3DX11EffectType:  # noqa: N802,N803
        return self._member(lambda m: m[0] == Name)

    def GetMemberTypeBySemantic(self, Semantic: str) -> ID3DX11EffectType:  # noqa: N802,N803
        return self._member(lambda m: m[1] is not None and m[1].lower() == str(Semantic).lower())

    def GetMemberName(self, Index: int) -> str | None:  # noqa: N802,N803
        ms = self._t.members if self._t is not None else []
        return ms[Index][0] if 0 <= Index < len(ms) else None

    def GetMemberSemantic(self, Index: int) -> str | None:  # noqa: N802,N803
        ms = self._t.members if self._t is not None else []
        return ms[Index][1] if 0 <= Index < len(ms) else None


class ID3DX11EffectVariable:
    """Base of every effect variable. ``_store``/``_offset`` locate numeric data; ``_slots``/``_first``
    locate object values (a list shared with the effect, one entry per array element)."""

    _iface = "ID3DX11EffectVariable"

    def __init__(self, effect: Any = None, name: str | None = None, ftype: M.FxType | None = None, *,
                 semantic: str | None = None, store: _Store | None = None, offset: int = 0,
                 slots: list | None = None, first: int = 0, annotations: list | None = None,
                 bind_point: int = 0xFFFFFFFF, cb: Any = None, annotation: bool = False, valid: bool = True,
                 flags: int = 0) -> None:
        self._effect, self._name, self._t, self._semantic = effect, name, ftype, semantic
        self._store, self._offset, self._slots, self._first = store, offset, slots, first
        self._annotations = annotations or []
        self._bind_point, self._cb, self._is_annotation, self._valid = bind_point, cb, annotation, valid
        self._flags = flags

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._name!r}{'' if self._valid else ' (invalid)'}>"

    # --- validity ---------------------------------------------------------------------------------------
    def IsValid(self) -> bool:  # noqa: N802
        return self._valid

    def _check(self, method: str) -> None:
        if not self._valid:
            raise _fail(f"{self._iface}::{method}")

    def _check_set(self, method: str) -> None:
        self._check(method)
        if self._is_annotation:
            raise _fail(f"{self._iface}::{method}", "annotations are read-only")

    # --- reflection -------------------------------------------------------------------------------------
    def GetType(self) -> ID3DX11EffectType:  # noqa: N802
        return ID3DX11EffectType(self._t if self._valid else None)

    def GetDesc(self) -> D3DX11_EFFECT_VARIABLE_DESC:  # noqa: N802
        self._check("GetDesc")
        flags = self._flags | (D3DX11_EFFECT_VARIABLE_ANNOTATION if self._is_annotation else 0)
        return D3DX11_EFFECT_VARIABLE_DESC(self._name, self._semantic, flags, len(self._annotations),
                                           self._offset if self._store is not None and not self._is_annotation
                                           else 0, self._bind_point)

    def GetAnnotationByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if self._valid and 0 <= Index < len(self._annotations):
            return self._annotations[Index]
        return invalid(ID3DX11EffectVariable)

    def GetAnnotationByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if self._valid:
            for a in self._annotations:
                if a._name == Name:
                    return a
        return invalid(ID3DX11EffectVariable)

    def _members(self) -> list:
        return self._t.members if self._valid and self._t is not None and not self._t.elements else []

    def _member_var(self, i: int) -> ID3DX11EffectVariable:
        name, sem, off, mt = self._t.members[i]
        return make_variable(self._effect, name, mt, semantic=sem, store=self._store, offset=self._offset + off,
                             annotation=self._is_annotation, cb=self._cb, member=True)

    def GetMemberByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if 0 <= Index < len(self._members()):
            return self._member_var(Index)
        return invalid(ID3DX11EffectVariable)

    def GetMemberByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        for i, m in enumerate(self._members()):
            if m[0] == Name:
                return self._member_var(i)
        return invalid(ID3DX11EffectVariable)

    def GetMemberBySemantic(self, Semantic: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        for i, m in enumerate(self._members()):
            if m[1] is not None and m[1].lower() == str(Semantic).lower():
                return self._member_var(i)
        return invalid(ID3DX11EffectVariable)

    def GetElement(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if not self._valid or self._t is None or not 0 <= Index < self._t.elements:
            return invalid(ID3DX11EffectVariable)
        et = self._t.element()
        if self._t.var_type == M.EVT_Object:
            return make_variable(self._effect, self._name, et, semantic=self._semantic, slots=self._slots,
                                 first=self._first + Index, annotation=self._is_annotation,
                                 bind_point=self._bind_point)
        return make_variable(self._effect, self._name, et, semantic=self._semantic, store=self._store,
                             offset=self._offset + Index * self._t.stride, annotation=self._is_annotation,
                             cb=self._cb, element=Index, member=getattr(self, "_member", False))

    def GetParentConstantBuffer(self) -> Any:  # noqa: N802
        if self._valid and self._cb is not None:
            return self._cb.variable
        return invalid(ID3DX11EffectConstantBuffer)

    # --- As* --------------------------------------------------------------------------------------------
    def _as(self, cls: type) -> Any:
        return self if self._valid and isinstance(self, cls) else invalid(cls)

    def AsScalar(self) -> ID3DX11EffectScalarVariable:  # noqa: N802
        return self._as(ID3DX11EffectScalarVariable)

    def AsVector(self) -> ID3DX11EffectVectorVariable:  # noqa: N802
        return self._as(ID3DX11EffectVectorVariable)

    def AsMatrix(self) -> ID3DX11EffectMatrixVariable:  # noqa: N802
        return self._as(ID3DX11EffectMatrixVariable)

    def AsString(self) -> ID3DX11EffectStringVariable:  # noqa: N802
        return self._as(ID3DX11EffectStringVariable)

    def AsClassInstance(self) -> ID3DX11EffectClassInstanceVariable:  # noqa: N802
        """FX11: valid for a global (or element of a global) class instance outside a tbuffer; members of
        structs or classes are not class instance variables."""
        if self._valid and isinstance(self, ID3DX11EffectClassInstanceVariable) and self._global_ci:
            return self
        return invalid(ID3DX11EffectClassInstanceVariable)

    def AsInterface(self) -> ID3DX11EffectInterfaceVariable:  # noqa: N802
        return self._as(ID3DX11EffectInterfaceVariable)

    def AsShaderResource(self) -> ID3DX11EffectShaderResourceVariable:  # noqa: N802
        return self._as(ID3DX11EffectShaderResourceVariable)

    def AsUnorderedAccessView(self) -> ID3DX11EffectUnorderedAccessViewVariable:  # noqa: N802
        return self._as(ID3DX11EffectUnorderedAccessViewVariable)

    def AsRenderTargetView(self) -> ID3DX11EffectRenderTargetViewVariable:  # noqa: N802
        return self._as(ID3DX11EffectRenderTargetViewVariable)

    def AsDepthStencilView(self) -> ID3DX11EffectDepthStencilViewVariable:  # noqa: N802
        return self._as(ID3DX11EffectDepthStencilViewVariable)

    def AsConstantBuffer(self) -> ID3DX11EffectConstantBuffer:  # noqa: N802
        return self._as(ID3DX11EffectConstantBuffer)

    def AsShader(self) -> ID3DX11EffectShaderVariable:  # noqa: N802
        return self._as(ID3DX11EffectShaderVariable)

    def AsBlend(self) -> ID3DX11EffectBlendVariable:  # noqa: N802
        return self._as(ID3DX11EffectBlendVariable)

    def AsDepthStencil(self) -> ID3DX11EffectDepthStencilVariable:  # noqa: N802
        return self._as(ID3DX11EffectDepthStencilVariable)

    def AsRasterizer(self) -> ID3DX11EffectRasterizerVariable:  # noqa: N802
        return self._as(ID3DX11EffectRasterizerVariable)

    def AsSampler(self) -> ID3DX11EffectSamplerVariable:  # noqa: N802
        return self._as(ID3DX11EffectSamplerVariable)

    # --- raw data ---------------------------------------------------------------------------------------
    def _size(self) -> int:
        return self._t.total_size if self._t is not None else 0

    def SetRawValue(self, pData: Any, ByteOffset: int, ByteCount: int) -> None:  # noqa: N802,N803
        self._check_set("SetRawValue")
        if self._store is None:
            raise _fail(f"{self._iface}::SetRawValue", "not a numeric variable")
        data = bytes(pData) if not isinstance(pData, np.ndarray) else pData.tobytes()
        if ByteOffset < 0 or ByteCount < 0 or ByteOffset + ByteCount > self._size() or ByteCount > len(data):
            raise _badarg(f"{self._iface}::SetRawValue", "range outside the variable")
        o = self._offset + ByteOffset
        self._store.data[o:o + ByteCount] = data[:ByteCount]
        self._store.dirty()

    def GetRawValue(self, *args: Any) -> bytes:  # noqa: N802
        """``GetRawValue(ByteOffset, ByteCount)`` -> bytes, or C-style ``GetRawValue(pData, ByteOffset,
        ByteCount)`` (also fills a writable ``pData``)."""
        self._check("GetRawValue")
        p, off, count = (None, *args) if len(args) == 2 else args
        if self._store is None:
            raise _fail(f"{self._iface}::GetRawValue", "not a numeric variable")
        if off < 0 or count < 0 or off + count > self._size():
            raise _badarg(f"{self._iface}::GetRawValue", "range outside the variable")
        out = bytes(self._store.data[self._offset + off:self._offset + off + count])
        _fill(p, np.frombuffer(out, np.uint8))
        return out

    # --- numeric helpers ------------------------------------------------------------------------------
    def _put(self, byte_off: int, value: Any, src: str) -> None:
        """Store one source scalar (``src`` 'f' float, 'i' int, 'b' bool) converted to the variable's
        scalar type (FX11 CopyScalarValue)."""
        sc = self._t.scalar
        d = self._store.data
        o = self._offset + byte_off
        if sc == M.EST_Float:
            d[o:o + 4] = _F32.pack(float(bool(value)) if src == "b" else float(value))
        elif sc == M.EST_Bool:
            d[o:o + 4] = _I32.pack(-1 if value else 0)
        else:
            v = (1 if value else 0) if src == "b" else int(value)
            d[o:o + 4] = struct.pack("<I", v & 0xFFFFFFFF)

    def _get(self, byte_off: int, dst: str) -> Any:
        sc = self._t.scalar
        raw = bytes(self._store.data[self._offset + byte_off:self._offset + byte_off + 4])
        if sc == M.EST_Float:
            v: Any = _F32.unpack(raw)[0]
        elif sc == M.EST_UInt:
            v = struct.unpack("<I", raw)[0]
        else:
            v = _I32.unpack(raw)[0]
        if dst == "f":
            return (1.0 if v else 0.0) if sc == M.EST_Bool else float(v)
        if dst == "i":
            return int(v) if sc != M.EST_Bool else (1 if v else 0)
        return bool(v)

    def _range(self, method: str, offset: int, count: int) -> None:
        if offset < 0 or count < 0 or offset + count > max(1, self._t.elements):
            raise _badarg(f"{self._iface}::{method}", f"invalid range (Offset {offset}, Count {count})")


def _fill(p: Any, values: Any) -> None:
    """Copy ``values`` into a caller's buffer (numpy array or list) for the C-style getters."""
    if p is None:
        return
    vals = np.asarray(values).ravel()
    if isinstance(p, np.ndarray):
        p.reshape(-1)[:vals.size] = vals[:p.size]
    elif isinstance(p, list):
        p[:len(vals)] = vals.tolist()


def _args(args: tuple, names: int) -> tuple:
    """Getter arguments with or without the leading C output pointer."""
    return (None, *args) if len(args) == names else args


class ID3DX11EffectScalarVariable(ID3DX11EffectVariable):
    _iface = "ID3DX11EffectScalarVariable"

    def _set_array(self, method: str, data: Any, offset: int, count: int, src: str) -> None:
        self._check_set(method)
        self._range(method, offset, count)
        vals = _values(data)
        if len(vals) < count:
            raise _badarg(f"{self._iface}::{method}", "fewer values than Count")
        for j in range(count):
            self._put((offset + j) * 16, vals[j], src)
        self._store.dirty()

    def _get_array(self, method: str, args: tuple, dst: str) -> list:
        self._check(method)
        p, offset, count = _args(args, 2)
        self._range(method, offset, count)
        out = [self._get((offset + j) * 16, dst) for j in range(count)]
        _fill(p, out)
        return out

    def SetFloat(self, Value: float) -> None:  # noqa: N802,N803
        self._set_array("SetFloat", [Value], 0, 1, "f")

    def GetFloat(self) -> float:  # noqa: N802
        return self._get_array("GetFloat", (0, 1), "f")[0]

    def SetFloatArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_array("SetFloatArray", pData, Offset, Count, "f")

    def GetFloatArray(self, *args: Any) -> list[float]:  # noqa: N802
        return self._get_array("GetFloatArray", args, "f")

    def SetInt(self, Value: int) -> None:  # noqa: N802,N803
        self._set_array("SetInt", [Value], 0, 1, "i")

    def GetInt(self) -> int:  # noqa: N802
        return self._get_array("GetInt", (0, 1), "i")[0]

    def SetIntArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_array("SetIntArray", pData, Offset, Count, "i")

    def GetIntArray(self, *args: Any) -> list[int]:  # noqa: N802
        return self._get_array("GetIntArray", args, "i")

    def SetBool(self, Value: bool) -> None:  # noqa: N802,N803
        self._set_array("SetBool", [Value], 0, 1, "b")

    def GetBool(self) -> bool:  # noqa: N802
        return self._get_array("GetBool", (0, 1), "b")[0]

    def SetBoolArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_array("SetBoolArray", pData, Offset, Count, "b")

    def GetBoolArray(self, *args: Any) -> list[bool]:  # noqa: N802
        return self._get_array("GetBoolArray", args, "b")


class ID3DX11EffectVectorVariable(ID3DX11EffectVariable):
    """Vectors: each Set/Get moves the variable's component count; the caller's data is 4 per element."""

    _iface = "ID3DX11EffectVectorVariable"

    def _set(self, method: str, data: Any, offset: int, count: int, src: str) -> None:
        self._check_set(method)
        self._range(method, offset, count)
        vals = _values(data)
        if len(vals) < 4 * (count - 1) + self._t.cols:
            raise _badarg(f"{self._iface}::{method}", "fewer values than the vectors need")
        for j in range(count):
            for c in range(self._t.cols):
                self._put((offset + j) * 16 + 4 * c, vals[4 * j + c], src)
        self._store.dirty()

    def _getv(self, method: str, args: tuple, dst: str, single: bool) -> list:
        self._check(method)
        if single:
            p, offset, count = (args[0] if args else None), 0, 1
        else:
            p, offset, count = _args(args, 2)
        self._range(method, offset, count)
        out: list = []
        for j in range(count):
            vec = [self._get((offset + j) * 16 + 4 * c, dst) for c in range(self._t.cols)]
            out += vec + [0.0 if dst == "f" else (False if dst == "b" else 0)] * (4 - self._t.cols)
        if p is not None:
            # only the variable's components are written into the caller's buffer (FX11)
            cur = list(np.asarray(p).ravel().tolist()) if not isinstance(p, list) else list(p)
            for j in range(count):
                for c in range(self._t.cols):
                    if 4 * j + c < len(cur):
                        cur[4 * j + c] = out[4 * j + c]
            _fill(p, cur)
        return out

    def SetFloatVector(self, pData: Any) -> None:  # noqa: N802,N803
        self._set("SetFloatVector", pData, 0, 1, "f")

    def SetIntVector(self, pData: Any) -> None:  # noqa: N802,N803
        self._set("SetIntVector", pData, 0, 1, "i")

    def SetBoolVector(self, pData: Any) -> None:  # noqa: N802,N803
        self._set("SetBoolVector", pData, 0, 1, "b")

    def GetFloatVector(self, *args: Any) -> list[float]:  # noqa: N802
        return self._getv("GetFloatVector", args, "f", True)

    def GetIntVector(self, *args: Any) -> list[int]:  # noqa: N802
        return self._getv("GetIntVector", args, "i", True)

    def GetBoolVector(self, *args: Any) -> list[bool]:  # noqa: N802
        return self._getv("GetBoolVector", args, "b", True)

    def SetFloatVectorArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set("SetFloatVectorArray", pData, Offset, Count, "f")

    def SetIntVectorArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set("SetIntVectorArray", pData, Offset, Count, "i")

    def SetBoolVectorArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set("SetBoolVectorArray", pData, Offset, Count, "b")

    def GetFloatVectorArray(self, *args: Any) -> list[float]:  # noqa: N802
        return self._getv("GetFloatVectorArray", args, "f", False)

    def GetIntVectorArray(self, *args: Any) -> list[int]:  # noqa: N802
        return self._getv("GetIntVectorArray", args, "i", False)

    def GetBoolVectorArray(self, *args: Any) -> list[bool]:  # noqa: N802
        return self._getv("GetBoolVectorArray", args, "b", False)


class ID3DX11EffectMatrixVariable(ID3DX11EffectVariable):
    """Matrices (FX11 DoMatrixArrayInternal): the caller's matrix is 16 floats, row-major. When the
    variable's packing already matches the requested orientation the registers are copied as one span
    (padding lanes included, as FX11's fast path does); otherwise entry by entry."""

    _iface = "ID3DX11EffectMatrixVariable"

    def _move(self, method: str, data: Any, offset: int, count: int, transpose: bool, setting: bool) -> list:
        (self._check_set if setting else self._check)(method)
        self._range(method, offset, count)
        t = self._t
        d = self._store.data
        if setting:
            flat = np.asarray(data, dtype=np.float32).ravel() if not isinstance(data, (list, tuple)) or (
                data and not isinstance(data[0], np.ndarray)) else np.concatenate(
                [np.asarray(m, np.float32).ravel() for m in data])
            if flat.size < 16 * count:
                raise _badarg(f"{self._iface}::{method}", "fewer than 16 floats per matrix")
        out = np.zeros(16 * count, np.float32)
        fast = t.column_major == transpose
        for i in range(count):
            base = self._offset + t.stride * (i + offset)
            if fast:
                n = (t.cols - 1) * 4 + t.rows if transpose else (t.rows - 1) * 4 + t.cols
                if setting:
                    d[base:base + 4 * n] = flat[16 * i:16 * i + n].astype("<f4").tobytes()
                else:
                    out[16 * i:16 * i + n] = np.frombuffer(bytes(d[base:base + 4 * n]), "<f4")
                continue
            regs, entries = (t.rows, t.cols) if transpose else (t.cols, t.rows)
            for r in range(regs):
                for e in range(entries):
                    o = base + 16 * r + 4 * e
                    if setting:
                        d[o:o + 4] = _F32.pack(float(flat[16 * i + e * 4 + r]))
                    else:
                        out[16 * i + e * 4 + r] = _F32.unpack(bytes(d[o:o + 4]))[0]
        if setting:
            self._store.dirty()
        return out

    def SetMatrix(self, pData: Any) -> None:  # noqa: N802,N803
        self._move("SetMatrix", pData, 0, 1, False, True)

    def GetMatrix(self, pData: Any = None) -> np.ndarray:  # noqa: N802,N803
        out = self._move("GetMatrix", None, 0, 1, False, False).reshape(4, 4)
        _fill(pData, out)
        return out

    def SetMatrixArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._move("SetMatrixArray", pData, Offset, Count, False, True)

    def GetMatrixArray(self, *args: Any) -> np.ndarray:  # noqa: N802
        p, off, count = _args(args, 2)
        out = self._move("GetMatrixArray", None, off, count, False, False).reshape(count, 4, 4)
        _fill(p, out)
        return out

    def SetMatrixPointerArray(self, ppData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._move("SetMatrixPointerArray", list(ppData)[:Count], Offset, Count, False, True)

    def SetMatrixTranspose(self, pData: Any) -> None:  # noqa: N802,N803
        self._move("SetMatrixTranspose", pData, 0, 1, True, True)

    def GetMatrixTranspose(self, pData: Any = None) -> np.ndarray:  # noqa: N802,N803
        out = self._move("GetMatrixTranspose", None, 0, 1, True, False).reshape(4, 4)
        _fill(pData, out)
        return out

    def SetMatrixTransposeArray(self, pData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._move("SetMatrixTransposeArray", pData, Offset, Count, True, True)

    def GetMatrixTransposeArray(self, *args: Any) -> np.ndarray:  # noqa: N802
        p, off, count = _args(args, 2)
        out = self._move("GetMatrixTransposeArray", None, off, count, True, False).reshape(count, 4, 4)
        _fill(p, out)
        return out

    def SetMatrixTransposePointerArray(self, ppData: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._move("SetMatrixTransposePointerArray", list(ppData)[:Count], Offset, Count, True, True)


class _ObjectVariable(ID3DX11EffectVariable):
    """Object variables: values live in ``_slots[_first + i]``."""

    def _count(self) -> int:
        return max(1, self._t.elements) if self._t is not None else 0

    def _obj_range(self, method: str, offset: int, count: int) -> None:
        self._check(method)
        if offset < 0 or count < 0 or offset + count > self._count():
            raise _badarg(f"{self._iface}::{method}", f"invalid range (Offset {offset}, Count {count})")

    def _set_objs(self, method: str, objs: Any, offset: int, count: int) -> None:
        self._check_set(method)
        self._obj_range(method, offset, count)
        items = list(objs) if objs is not None else [None] * count
        for j in range(count):
            self._slots[self._first + offset + j] = items[j] if j < len(items) else None

    def _get_objs(self, method: str, args: tuple) -> list:
        p, offset, count = _args(args, 2)
        self._obj_range(method, offset, count)
        out = [self._slots[self._first + offset + j] for j in range(count)]
        if isinstance(p, list):
            p[:count] = out
        return out


class ID3DX11EffectStringVariable(_ObjectVariable):
    _iface = "ID3DX11EffectStringVariable"

    def GetString(self) -> str:  # noqa: N802
        self._check("GetString")
        return self._slots[self._first]

    def GetStringArray(self, *args: Any) -> list[str]:  # noqa: N802
        return self._get_objs("GetStringArray", args)


class ID3DX11EffectShaderResourceVariable(_ObjectVariable):
    _iface = "ID3DX11EffectShaderResourceVariable"

    def SetResource(self, pResource: Any) -> None:  # noqa: N802,N803
        self._set_objs("SetResource", [pResource], 0, 1)

    def GetResource(self) -> Any:  # noqa: N802
        return self._get_objs("GetResource", (0, 1))[0]

    def SetResourceArray(self, ppResources: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_objs("SetResourceArray", ppResources, Offset, Count)

    def GetResourceArray(self, *args: Any) -> list:  # noqa: N802
        return self._get_objs("GetResourceArray", args)


class ID3DX11EffectUnorderedAccessViewVariable(_ObjectVariable):
    _iface = "ID3DX11EffectUnorderedAccessViewVariable"

    def SetUnorderedAccessView(self, pResource: Any) -> None:  # noqa: N802,N803
        self._set_objs("SetUnorderedAccessView", [pResource], 0, 1)

    def GetUnorderedAccessView(self) -> Any:  # noqa: N802
        return self._get_objs("GetUnorderedAccessView", (0, 1))[0]

    def SetUnorderedAccessViewArray(self, ppResources: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_objs("SetUnorderedAccessViewArray", ppResources, Offset, Count)

    def GetUnorderedAccessViewArray(self, *args: Any) -> list:  # noqa: N802
        return self._get_objs("GetUnorderedAccessViewArray", args)


class ID3DX11EffectRenderTargetViewVariable(_ObjectVariable):
    _iface = "ID3DX11EffectRenderTargetViewVariable"

    def SetRenderTarget(self, pResource: Any) -> None:  # noqa: N802,N803
        self._set_objs("SetRenderTarget", [pResource], 0, 1)

    def GetRenderTarget(self) -> Any:  # noqa: N802
        return self._get_objs("GetRenderTarget", (0, 1))[0]

    def SetRenderTargetArray(self, ppResources: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_objs("SetRenderTargetArray", ppResources, Offset, Count)

    def GetRenderTargetArray(self, *args: Any) -> list:  # noqa: N802
        return self._get_objs("GetRenderTargetArray", args)


class ID3DX11EffectDepthStencilViewVariable(_ObjectVariable):
    _iface = "ID3DX11EffectDepthStencilViewVariable"

    def SetDepthStencil(self, pResource: Any) -> None:  # noqa: N802,N803
        self._set_objs("SetDepthStencil", [pResource], 0, 1)

    def GetDepthStencil(self) -> Any:  # noqa: N802
        return self._get_objs("GetDepthStencil", (0, 1))[0]

    def SetDepthStencilArray(self, ppResources: Any, Offset: int, Count: int) -> None:  # noqa: N802,N803
        self._set_objs("SetDepthStencilArray", ppResources, Offset, Count)

    def GetDepthStencilArray(self, *args: Any) -> list:  # noqa: N802
        return self._get_objs("GetDepthStencilArray", args)


class ID3DX11EffectShaderVariable(_ObjectVariable):
    """Shader variables (values: runtime shader blocks)."""

    _iface = "ID3DX11EffectShaderVariable"

    def _block(self, method: str, index: int) -> Any:
        self._obj_range(method, index, 1)
        return self._slots[self._first + index]

    def GetShaderDesc(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._block("GetShaderDesc", ShaderIndex).desc()

    def _typed(self, method: str, index: int, stage: str) -> Any:
        b = self._block(method, index)
        if b.stage not in (stage, None):
            raise _fail(f"{self._iface}::{method}", f"this shader variable is not a {stage} shader")
        return b.shader if b.stage == stage else None

    def GetVertexShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetVertexShader", ShaderIndex, "VS")

    def GetGeometryShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetGeometryShader", ShaderIndex, "GS")

    def GetPixelShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetPixelShader", ShaderIndex, "PS")

    def GetHullShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetHullShader", ShaderIndex, "HS")

    def GetDomainShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetDomainShader", ShaderIndex, "DS")

    def GetComputeShader(self, ShaderIndex: int) -> Any:  # noqa: N802,N803
        return self._typed("GetComputeShader", ShaderIndex, "CS")

    def _sig(self, method: str, index: int, element: int, which: str) -> Any:
        b = self._block(method, index)
        if b.reflection is None:
            raise _fail(f"{self._iface}::{method}", "NULL shader")
        getter = {"in": b.reflection.GetInputParameterDesc, "out": b.reflection.GetOutputParameterDesc,
                  "pc": b.reflection.GetPatchConstantParameterDesc}[which]
        try:
            return getter(element)
        except Exception:
            raise _badarg(f"{self._iface}::{method}", f"no signature element {element}") from None

    def GetInputSignatureElementDesc(self, ShaderIndex: int, Element: int) -> Any:  # noqa: N802,N803
        return self._sig("GetInputSignatureElementDesc", ShaderIndex, Element, "in")

    def GetOutputSignatureElementDesc(self, ShaderIndex: int, Element: int) -> Any:  # noqa: N802,N803
        return self._sig("GetOutputSignatureElementDesc", ShaderIndex, Element, "out")

    def GetPatchConstantSignatureElementDesc(self, ShaderIndex: int, Element: int) -> Any:  # noqa: N802,N803
        return self._sig("GetPatchConstantSignatureElementDesc", ShaderIndex, Element, "pc")


class _StateVariable(_ObjectVariable):
    """State-object variables (values: runtime state blocks, runtime.StateBlock)."""

    _kind = ""

    def _blk(self, method: str, index: int) -> Any:
        self._obj_range(method, index, 1)
        return self._slots[self._first + index]

    def _get_state(self, method: str, index: int) -> Any:
        return self._blk(method, index).d3d_object(self._effect)

    def _set_state(self, method: str, index: int, state: Any) -> None:
        self._check_set(method)
        self._blk(method, index).user = state

    def _undo(self, method: str, index: int) -> None:
        self._check_set(method)
        self._blk(method, index).user = None

    def GetBackingStore(self, Index: int) -> Any:  # noqa: N802,N803
        return self._blk("GetBackingStore", Index).desc(self._effect)


class ID3DX11EffectBlendVariable(_StateVariable):
    _iface = "ID3DX11EffectBlendVariable"

    def GetBlendState(self, Index: int) -> Any:  # noqa: N802,N803
        return self._get_state("GetBlendState", Index)

    def SetBlendState(self, Index: int, pState: Any) -> None:  # noqa: N802,N803
        self._set_state("SetBlendState", Index, pState)

    def UndoSetBlendState(self, Index: int) -> None:  # noqa: N802,N803
        self._undo("UndoSetBlendState", Index)


class ID3DX11EffectDepthStencilVariable(_StateVariable):
    _iface = "ID3DX11EffectDepthStencilVariable"

    def GetDepthStencilState(self, Index: int) -> Any:  # noqa: N802,N803
        return self._get_state("GetDepthStencilState", Index)

    def SetDepthStencilState(self, Index: int, pState: Any) -> None:  # noqa: N802,N803
        self._set_state("SetDepthStencilState", Index, pState)

    def UndoSetDepthStencilState(self, Index: int) -> None:  # noqa: N802,N803
        self._undo("UndoSetDepthStencilState", Index)


class ID3DX11EffectRasterizerVariable(_StateVariable):
    _iface = "ID3DX11EffectRasterizerVariable"

    def GetRasterizerState(self, Index: int) -> Any:  # noqa: N802,N803
        return self._get_state("GetRasterizerState", Index)

    def SetRasterizerState(self, Index: int, pState: Any) -> None:  # noqa: N802,N803
        self._set_state("SetRasterizerState", Index, pState)

    def UndoSetRasterizerState(self, Index: int) -> None:  # noqa: N802,N803
        self._undo("UndoSetRasterizerState", Index)


class ID3DX11EffectSamplerVariable(_StateVariable):
    _iface = "ID3DX11EffectSamplerVariable"

    def GetSampler(self, Index: int) -> Any:  # noqa: N802,N803
        return self._get_state("GetSampler", Index)

    def SetSampler(self, Index: int, pSampler: Any) -> None:  # noqa: N802,N803
        self._set_state("SetSampler", Index, pSampler)

    def UndoSetSampler(self, Index: int) -> None:  # noqa: N802,N803
        self._undo("UndoSetSampler", Index)


class ID3DX11EffectConstantBuffer(ID3DX11EffectVariable):
    """A cbuffer/tbuffer of the effect; its members are its variables (runtime.EffectCB holds the data)."""

    _iface = "ID3DX11EffectConstantBuffer"

    def _members(self) -> list:
        return []

    def GetMemberByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        vs = self._cb.variables if self._valid else []
        return vs[Index] if 0 <= Index < len(vs) else invalid(ID3DX11EffectVariable)

    def GetMemberByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        for v in (self._cb.variables if self._valid else []):
            if v._name == Name:
                return v
        return invalid(ID3DX11EffectVariable)

    def GetMemberBySemantic(self, Semantic: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        for v in (self._cb.variables if self._valid else []):
            if v._semantic is not None and v._semantic.lower() == str(Semantic).lower():
                return v
        return invalid(ID3DX11EffectVariable)

    def GetParentConstantBuffer(self) -> Any:  # noqa: N802
        return invalid(ID3DX11EffectConstantBuffer)

    def SetConstantBuffer(self, pConstantBuffer: Any) -> None:  # noqa: N802,N803
        self._check("SetConstantBuffer")
        if self._cb.model.flags & 1:
            raise _fail(f"{self._iface}::SetConstantBuffer", "this is a tbuffer")
        self._cb.user_buffer = pConstantBuffer

    def UndoSetConstantBuffer(self) -> None:  # noqa: N802
        self._check("UndoSetConstantBuffer")
        self._cb.user_buffer = None

    def GetConstantBuffer(self) -> Any:  # noqa: N802
        self._check("GetConstantBuffer")
        if self._cb.model.flags & 1:
            raise _fail(f"{self._iface}::GetConstantBuffer", "this is a tbuffer")
        return self._cb.user_buffer if self._cb.user_buffer is not None else self._cb.buffer(self._effect)

    def SetTextureBuffer(self, pTextureBuffer: Any) -> None:  # noqa: N802,N803
        self._check("SetTextureBuffer")
        if not self._cb.model.flags & 1:
            raise _fail(f"{self._iface}::SetTextureBuffer", "this is a cbuffer")
        self._cb.user_srv = pTextureBuffer

    def UndoSetTextureBuffer(self) -> None:  # noqa: N802
        self._check("UndoSetTextureBuffer")
        self._cb.user_srv = None

    def GetTextureBuffer(self) -> Any:  # noqa: N802
        self._check("GetTextureBuffer")
        if not self._cb.model.flags & 1:
            raise _fail(f"{self._iface}::GetTextureBuffer", "this is a cbuffer")
        return self._cb.user_srv if self._cb.user_srv is not None else self._cb.srv(self._effect)


_INVALID: dict[type, Any] = {}


def invalid(cls: type) -> Any:
    """The invalid-variable singleton of an interface (FX11's g_InvalidXVariable)."""
    v = _INVALID.get(cls)
    if v is None:
        v = _INVALID[cls] = cls(valid=False)
    return v


class ID3DX11EffectClassInstanceVariable(ID3DX11EffectVariable):
    """A class instance in a constant buffer (a struct variable whose class implements an interface): its data
    members are ordinary members; ``GetClassInstance`` is the ID3D11ClassInstance the effect's class linkage
    gives for the variable's name and element (FX11 BindToDevice: GetClassInstance, or CreateClassInstance by
    type name for a class without data, which the compiler leaves out of the shader)."""

    _iface = "ID3DX11EffectClassInstanceVariable"

    def __init__(self, *a: Any, element: int = 0, member: bool = False, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self._element, self._member = element, member

    @property
    def _global_ci(self) -> bool:
        return not self._member and self._cb is not None and not self._cb.model.flags & 1

    def GetClassInstance(self) -> Any:  # noqa: N802
        self._check("GetClassInstance")
        if not self._global_ci:
            raise _fail(f"{self._iface}::GetClassInstance", "not a global class instance")
        return self._effect._class_instance(self._name, self._element, self._t)

    def _key(self) -> tuple[str, int]:
        return self._name, self._element


class ID3DX11EffectInterfaceVariable(ID3DX11EffectVariable):
    """An interface variable: each element holds the class instance variable bound to it
    (``SetClassInstance``; FX11 does not check that the class implements the interface — the debug layer
    reports a mismatch when the shader is set)."""

    _iface = "ID3DX11EffectInterfaceVariable"

    def __init__(self, *a: Any, element: int = 0, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self._element = element

    def SetClassInstance(self, pEffectClassInstance: Any) -> None:  # noqa: N802,N803
        self._check_set("SetClassInstance")
        if pEffectClassInstance is not None and not isinstance(pEffectClassInstance,
                                                               ID3DX11EffectClassInstanceVariable):
            raise _badarg(f"{self._iface}::SetClassInstance", "not an ID3DX11EffectClassInstanceVariable")
        self._slots[self._first + self._element] = pEffectClassInstance

    def GetClassInstance(self) -> Any:  # noqa: N802
        self._check("GetClassInstance")
        return self._slots[self._first + self._element]

    def GetElement(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if not self._valid or self._t is None or not 0 <= Index < self._t.elements:
            return invalid(ID3DX11EffectVariable)
        return ID3DX11EffectInterfaceVariable(self._effect, self._name, self._t.element(), slots=self._slots,
                                              first=self._first + Index, annotation=self._is_annotation)


def variable_class(t: M.FxType) -> type:
    if t.var_type == M.EVT_Interface:
        return ID3DX11EffectInterfaceVariable
    if t.var_type == M.EVT_Struct and t.is_class_instance:
        return ID3DX11EffectClassInstanceVariable
    if t.var_type == M.EVT_Numeric:
        return {M.ENL_Scalar: ID3DX11EffectScalarVariable, M.ENL_Vector: ID3DX11EffectVectorVariable,
                M.ENL_Matrix: ID3DX11EffectMatrixVariable}[t.layout]
    if t.var_type == M.EVT_Object:
        eot = t.object_type
        if eot == M.EOT["String"]:
            return ID3DX11EffectStringVariable
        if eot in M.SRV_EOTS:
            return ID3DX11EffectShaderResourceVariable
        if eot in M.UAV_EOTS:
            return ID3DX11EffectUnorderedAccessViewVariable
        if eot == M.EOT["RenderTargetView"]:
            return ID3DX11EffectRenderTargetViewVariable
        if eot == M.EOT["DepthStencilView"]:
            return ID3DX11EffectDepthStencilViewVariable
        if eot in M.SHADER_EOTS:
            return ID3DX11EffectShaderVariable
        return {M.EOT["Blend"]: ID3DX11EffectBlendVariable, M.EOT["DepthStencil"]: ID3DX11EffectDepthStencilVariable,
                M.EOT["Rasterizer"]: ID3DX11EffectRasterizerVariable,
                M.EOT["Sampler"]: ID3DX11EffectSamplerVariable}.get(eot, ID3DX11EffectVariable)
    return ID3DX11EffectVariable


def make_variable(effect: Any, name: str | None, t: M.FxType, **kw: Any) -> ID3DX11EffectVariable:
    cls = variable_class(t)
    if not issubclass(cls, (ID3DX11EffectClassInstanceVariable, ID3DX11EffectInterfaceVariable)):
        kw.pop("element", None)
    if cls is not ID3DX11EffectClassInstanceVariable:
        kw.pop("member", None)
    return cls(effect, name, t, **kw)


def annotation_variables(effect: Any, items: list[M.FxAnnotation]) -> list[ID3DX11EffectVariable]:
    out = []
    for a in items:
        if isinstance(a.value, list):
            out.append(make_variable(effect, a.name, a.type, slots=list(a.value), annotation=True))
        else:
            store = _Store(unpack_default(a.type, a.value))
            out.append(make_variable(effect, a.name, a.type, store=store, annotation=True))
    return out
