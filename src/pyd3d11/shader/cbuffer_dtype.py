"""``cbuffer_dtype(reflection, "cbName")``: a numpy structured dtype laid out like a constant buffer.

A Python convenience (not part of D3D) built only from shader reflection (ID3D11ShaderReflection:
GetConstantBufferByName -> variables -> their type descs), so the HLSL packing rules (MicrosoftDocs
"Packing rules for constant variables": 16-byte registers, a variable never straddles a register, arrays,
matrices and structures start on a register boundary, every array element occupies its own register(s))
come from the compiler and need not be copied by hand.

Field shapes follow the register layout where the packing leaves gaps:

* scalars -> a scalar field; vectors -> shape (columns,); ``bool`` is a 4-byte int32, ``double`` float64;
  min-precision types (``min16float``…) occupy 32 bits in constant buffers and map to float32/int32/uint32;
* arrays of scalars/vectors -> shape (elements, 4) for 32-bit types ((elements, 2) for doubles): one
  register per element; the used components are ``[..., :columns]``;
* matrices -> (registers, 4): a ``row_major`` matrix has one register per row, a ``column_major`` one
  (HLSL's default) one register per column — so a column-major ``float4x4`` receives the transposed matrix,
  exactly like ``XMMatrixTranspose`` before the copy in C++; arrays of matrices add a leading axis;
* structures -> nested structured dtypes with their members' offsets; arrays of structures have an element
  stride rounded up to a whole register.

The dtype's itemsize is the buffer's size (a multiple of 16). Register-layout fields may overlap a
variable packed into the unused tail of their last register; write only the used components there
(``cb["m"][:, :3] = ...``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.errors import E_INVALIDARG, InvalidArgError
from pyd3d11.headers.d3dcommon import D3D_SHADER_VARIABLE_TYPE as SVT

# D3D_SHADER_VARIABLE_CLASS / D3D_SHADER_VARIABLE_TYPE (d3dcommon.h)
SVC_SCALAR, SVC_VECTOR, SVC_MATRIX_ROWS, SVC_MATRIX_COLUMNS, SVC_STRUCT = 0, 1, 2, 3, 5
_BASE = {1: "<i4", 2: "<i4", 3: "<f4", 19: "<u4", 39: "<f8",  # BOOL INT FLOAT UINT DOUBLE
         # the minimum-precision types: 32 bits each in a constant buffer
         **{int(v): "<u4" if v.name.endswith("UINT") else "<i4" if v.name.endswith("INT") else "<f4"
            for v in SVT if v.name.startswith("D3D_SVT_MIN")}}


def _round16(n: int) -> int:
    return (n + 15) & ~15


def _type_dtype(t: Any, size: int | None = None) -> np.dtype:
    """The dtype of one variable (or member) of reflection type ``t``."""
    d = t.GetDesc()
    cls, elements = int(d.Class), int(d.Elements)
    if cls == SVC_STRUCT:
        names, formats, offsets = [], [], []
        for i in range(int(d.Members)):
            mt = t.GetMemberTypeByIndex(i)
            names.append(t.GetMemberTypeName(i))
            formats.append(_type_dtype(mt))
            offsets.append(int(mt.GetDesc().Offset))
        extent = max((o + f.itemsize for o, f in zip(offsets, formats)), default=0)
        one = np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": extent})
        if elements:
            stride = _round16(extent)
            padded = np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": stride})
            return np.dtype((padded, (elements,)))
        return one
    base = _BASE.get(int(d.Type))
    if base is None:
        raise InvalidArgError(E_INVALIDARG, f"cbuffer_dtype: variable type {int(d.Type)} has no numpy equivalent",
                              "cbuffer_dtype")
    per_register = 16 // np.dtype(base).itemsize
    rows, cols = int(d.Rows), int(d.Columns)
    if cls in (SVC_MATRIX_ROWS, SVC_MATRIX_COLUMNS):
        registers = rows if cls == SVC_MATRIX_ROWS else cols
        shape: tuple[int, ...] = (registers, per_register)
        if elements:
            shape = (elements,) + shape
        return np.dtype((base, shape))
    if elements:
        return np.dtype((base, (elements, per_register)))
    if cls == SVC_VECTOR:
        return np.dtype((base, (cols,)))
    return np.dtype(base)


def cbuffer_dtype(reflection: Any, name: str | int) -> np.dtype:
    """A structured dtype for the constant buffer ``name`` (or index) of ``reflection`` (D3DReflect's result)."""
    cb = reflection.GetConstantBufferByIndex(name) if isinstance(name, int) else \
        reflection.GetConstantBufferByName(name)
    try:
        desc = cb.GetDesc()
    except Exception:
        raise InvalidArgError(E_INVALIDARG, f"the shader has no constant buffer {name!r}", "cbuffer_dtype") from None
    names, formats, offsets = [], [], []
    for i in range(int(desc.Variables)):
        v = cb.GetVariableByIndex(i)
        vd = v.GetDesc()
        names.append(vd.Name)
        formats.append(_type_dtype(v.GetType()))
        offsets.append(int(vd.StartOffset))
    return np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": int(desc.Size)})
