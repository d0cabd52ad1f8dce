"""The scalar type of every constant-buffer component and shader input a level-9 translation reads (data
from the blob's RDEF and ISGN chunks).

Shader model 2 has only float registers. A 10Level9 runtime therefore converts integer and bool constants
when it copies a constant buffer into c# registers -- the Aon9 chunk's constant-buffer mappings carry one
data conversion per component (FLT 0, BOOL 1, INT 2, UINT 3; aon9.py) -- and the input assembler delivers
integer vertex elements as floats of the same value (the D3D9 vertex declaration types behind the 9_x
integer vertex formats, UBYTE4 / SHORT2 / SHORT4, are read as floats). The translation emulates integers in
floats of the same value, exact below 2^24 (translate.py, ``intf``); bools become 1.0 / 0.0, its comparison
masks. Integer vertex outputs are written as floats of their value; a pixel shader reads an integer input
(constant over the primitive in SM4) as the interpolated float rounded to the nearest integer, exact while the
interpolation error stays below 0.5.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FLT, BOOL, INT, UINT = 0, 1, 2, 3  # the Aon9 data conversions
# D3D_SHADER_VARIABLE_TYPE / D3D_SHADER_VARIABLE_CLASS values used here
#: D3D_SVT_BOOL, D3D_SVT_INT, D3D_SVT_UINT, D3D_SVT_MIN12INT / MIN16INT / MIN16UINT (everything else: float); the
#: minimum-precision integers are integers of the same value here (``min16int g[2]; return g[1];`` compiles at
#: ps_2_0 and level 9: d3dcompiler_47 10.1, session 47)
_SVT = {1: BOOL, 2: INT, 19: UINT, 55: INT, 56: INT, 57: UINT}
_SVC_MATRIX_ROWS, _SVC_MATRIX_COLUMNS, _SVC_STRUCT = 2, 3, 5
# D3D_REGISTER_COMPONENT_TYPE of signature elements
_COMPONENT = {1: UINT, 2: INT}


@dataclass
class ShaderTypes:
    """``cb``: (buffer, register, component) -> conversion of every non-float constant component;
    ``inputs`` / ``outputs``: (register, component) -> INT / UINT of every integer input / output component."""

    cb: dict[tuple[int, int, int], int] = field(default_factory=dict)
    inputs: dict[tuple[int, int], int] = field(default_factory=dict)
    outputs: dict[tuple[int, int], int] = field(default_factory=dict)
    #: the input registers of the SV_Position and SV_IsFrontFace elements (None: none): the pixel shader's t#
    #: numbering leaves them out even where the program neither reads nor declares them (fxc declares only the
    #: inputs a program reads, hlsl/iodecls.py)
    position_in: int | None = None
    face_in: int | None = None

    def conversions(self, buf: int, reg: int) -> tuple[int, int, int, int]:
        return tuple(self.cb.get((buf, reg, c), FLT) for c in range(4))  # type: ignore[return-value]


def _size(t) -> int:
    """Bytes one element of ``t`` spans in a constant buffer (packing rules: each array element, struct and
    matrix row / column starts a new 16-byte register)."""
    if t.var_class == _SVC_STRUCT:
        end = max((m.offset + _array_size(m.type) for m in t.members), default=0)
        return end
    if t.var_class == _SVC_MATRIX_COLUMNS:
        return 16 * (t.columns - 1) + 4 * t.rows
    if t.var_class == _SVC_MATRIX_ROWS:
        return 16 * (t.rows - 1) + 4 * t.columns
    return 4 * max(t.columns, 1)


def _array_size(t) -> int:
    one = _size(t)
    if t.elements <= 1:
        return one
    return (one + 15) // 16 * 16 * (t.elements - 1) + one


def _mark(out: dict, buf: int, t, offset: int) -> None:
    stride = (_size(t) + 15) // 16 * 16
    for e in range(max(t.elements, 1)):
        base = offset + e * stride
        if t.var_class == _SVC_STRUCT:
            for m in t.members:
                _mark(out, buf, m.type, base + m.offset)
            continue
        conv = _SVT.get(t.var_type, FLT)
        if conv == FLT:
            continue
        for byte in range(base, base + _size(t), 4):  # padding inside matrices is never read
            out[(buf, byte // 16, byte // 4 % 4)] = conv


def shader_types(rdef, isgn, osgn=None) -> ShaderTypes:
    """The types of ``rdef``'s constant buffers (by bind point) and of ``isgn``'s / ``osgn``'s elements (any
    may be None)."""
    out = ShaderTypes()
    if rdef is not None:
        slots = {b.name: b.bind_point for b in rdef.bindings if b.input_type == 0}  # D3D_SIT_CBUFFER
        for cb in rdef.constant_buffers:
            if cb.type != 0 or cb.name not in slots:  # D3D_CT_CBUFFER only (tbuffers are read with ld)
                continue
            for v in cb.variables:
                _mark(out.cb, slots[cb.name], v.type, v.start_offset)
    for el in isgn or ():
        if el.system_value == 1:  # D3D_NAME_POSITION
            out.position_in = el.register
        elif el.system_value == 9:  # D3D_NAME_IS_FRONT_FACE
            out.face_in = el.register
    for sig, table in ((isgn, out.inputs), (osgn, out.outputs)):
        for el in sig or ():
            conv = _COMPONENT.get(el.component_type)
            if conv is not None and el.system_value == 0:
                for c in range(4):
                    if el.mask >> c & 1:
                        table[(el.register, c)] = conv
    return out
