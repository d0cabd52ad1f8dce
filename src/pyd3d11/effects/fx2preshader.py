"""Effect expressions of ``fx_2_0`` states: the D3DX9 "FX" preshader that reads a parameter.

A D3D9 effect state can take its value from a parameter (MicrosoftDocs direct3d9 "Expressions (Direct3D 9)":
variable reference ``<variable>`` / ``(variable)``), and a shader state can pick an element of a shader array with
a parameter (``VertexShader = (vsArray[CurNumBones]);``, an array selector). The effect runtime evaluates such an
expression on the CPU whenever the pass is applied: fxc stores it as a preshader program, a resource of the state
(usage 0 on a numeric state; usage 2, after the array's name, on a selector). fxc emits these for state expressions
whatever its preshader flag (D3DXSHADER_NO_PRESHADER only stops it pulling static expressions out of *shaders*; a
state has no shader to compute in).

The program's layout, as fxc writes it (its objects of the DirectX SDK effects in DXDecompiler's ShadersDX9 corpus:
ConfigSystem's ``MinFilter[0] = <g_MinFilter>``, ``LightPosition[0] = <g_vLightPos[0]>``, ``WorldTransform[0] =
<g_mWorld>``, SkinnedMesh's selector), read with the D3DX9 comment-block and constant-table definitions of
MicrosoftDocs (D3DXSHADER_CONSTANTTABLE):

- the version token ``0x46580200`` ("FX" 2.0);
- a ``CTAB`` comment: the parameter as one constant of the FLOAT4 register set (target ``tx``), its type as the
  shader constant tables spell it (a matrix column-major unless declared row_major), registers up to the last one
  read, and its initial value as float4 registers;
- a ``CLIT`` comment: the literal table (here empty);
- an ``FXLC`` comment: the instructions in the encoding of :mod:`.fxlc` (here ``mov`` of each register of the
  parameter: the input (table 2 = the constants, component offset), the output (table 4 = the result, offset));
- the end token ``0x0000FFFF``.

Only a reference to a parameter or an element of a parameter array with a literal index is built here; other
expressions (arithmetic on parameters: ``vsArray[CurNumBones + 1]``) raise NotSupportedError.
"""

from __future__ import annotations

import struct

from ..shader.sm2 import ctab as C
from . import fx2binary as B
from . import fxlc

FX_VERSION = fxlc.FX_EXPRESSION_VERSION
#: the CTAB flags fxc records in its expression programs: NO_PRESHADER and the caller's flags, with 0x20000000 on
#: a state's value program and not on an array selector's index (one object holds both: Effect_ShaderArray's
#: ``LightAttenuation0[0] = light`` 0x20000100, its ``vsArray20[CurNumBones + 1]`` 0x100; ConfigSystem, compiled
#: with /Gec, 0x20001100; SkinnedMesh's and MultiAnimation's selectors 0x100)
_STATE_VALUE_FLAG = C.FLAG_EFFECT


def _registers(t: B.Fx2Type) -> tuple[int, int]:
    """(registers per element, components moved per register) of a numeric parameter: the effect describes a
    matrix in its register layout (fx2compile.fx2_type), one register per row of that description."""
    if t.pclass in (B.D3DXPC_SCALAR, B.D3DXPC_VECTOR):
        return 1, t.cols
    return t.rows, t.cols


def _floats(t: B.Fx2Type, raw: bytes) -> list[float]:
    n = len(raw) // 4
    if t.ptype == B.D3DXPT["FLOAT"]:
        return list(struct.unpack(f"<{n}f", raw))
    return [float(x) for x in struct.unpack(f"<{n}i", raw)]


def _default(t: B.Fx2Type, raw: bytes) -> bytes:
    """The initial value as float4 registers: a vector in .x…, a matrix one register per row of its effect
    description (by columns for a column-major one)."""
    vals = _floats(t, raw)
    per = t.rows * t.cols
    regs, _comps = _registers(t)
    out: list[float] = []
    for e in range(max(1, t.elements)):
        el = vals[e * per:(e + 1) * per]
        for r in range(regs):
            reg = el[r * t.cols:(r + 1) * t.cols]
            out += list(reg) + [0.0] * (4 - len(reg))
    return struct.pack(f"<{len(out)}f", *out)


def param_constant(name: str, param: B.Fx2Param, row_major: bool, base: int, count: int) -> C.Constant:
    """The ``tx`` constant-table entry of a parameter an expression reads: registers ``base`` .. ``base + count``
    (up to the last register read), its HLSL type and its initial value as float4 registers."""
    from ..errors import NotSupportedError

    t = param.type
    if t.pclass not in (B.D3DXPC_SCALAR, B.D3DXPC_VECTOR, B.D3DXPC_MATRIX_ROWS, B.D3DXPC_MATRIX_COLUMNS):
        raise NotSupportedError(f"fx_2_0: an effect expression reading the {t.pclass} parameter '{name}'")
    if t.ptype not in (B.D3DXPT["BOOL"], B.D3DXPT["INT"], B.D3DXPT["FLOAT"]):
        raise NotSupportedError(f"fx_2_0: an effect expression reading '{name}'")
    if t.pclass in (B.D3DXPC_MATRIX_ROWS, B.D3DXPC_MATRIX_COLUMNS):
        # the constant table spells the HLSL type, as a shader's does (a column-major RxC: C registers of R)
        info = C.TypeInfo(C.CLASS_MATRIX_ROWS, t.ptype, t.rows, t.cols, max(1, t.elements)) if row_major else \
            C.TypeInfo(C.CLASS_MATRIX_COLUMNS, t.ptype, t.cols, t.rows, max(1, t.elements))
    else:
        info = C.TypeInfo(t.pclass, t.ptype, t.rows, t.cols, max(1, t.elements))
    return C.Constant(name, C.RegisterSet.FLOAT4, base, count, info, _default(t, param.value))


def encode_program(constants: list[C.Constant], literals: list[float], instructions: list[list[int]],
                   flags: int, selector: bool) -> bytes:
    """An effect expression program (see the module): the ``tx`` constant table, the literal table (doubles)
    and the FXLC instructions, each already encoded as its DWORDs; ``selector`` for an array selector's index."""
    table = C.ConstantTable(FX_VERSION, "tx", constants,
                            flags=(flags & 0xFFFF) | C.D3DCOMPILE_NO_PRESHADER | (0 if selector else _STATE_VALUE_FLAG))
    dwords = fxlc.d3d9_program(FX_VERSION, C.encode_ctab(table), literals, instructions)
    return struct.pack(f"<{len(dwords)}I", *dwords)


def reference_program(name: str, param: B.Fx2Param, element: int | None, row_major: bool, flags: int,
                      selector: bool = False) -> bytes:
    """The preshader that yields parameter ``name`` (element ``element`` of an array), see the module."""
    regs, comps = _registers(param.type)
    first = (element or 0) * regs
    constant = param_constant(name, param, row_major, 0, first + regs)
    code = [fxlc.encode_instruction(fxlc.Instruction("mov", comps, (fxlc.Operand(fxlc.VAR, 4 * (first + r)),),
                                                      fxlc.Operand(fxlc.OUT, 4 * r))) for r in range(regs)]
    return encode_program([constant], [], code, flags, selector)


def selector_resource(array: str, program: bytes) -> bytes:
    """An array selector's resource: the array's name (a DWORD byte count, padded to four) then the program."""
    raw = array.encode() + b"\0"
    raw += b"\0" * (-len(raw) % 4)
    return struct.pack("<I", len(raw)) + raw + program
