"""Reflection of minimum-precision variables (issue 15).

Sources: d3dcommon.h / MicrosoftDocs "D3D_SHADER_VARIABLE_TYPE": D3D_SVT_MIN8FLOAT = 52, D3D_SVT_MIN10FLOAT = 53,
D3D_SVT_MIN16FLOAT = 54, D3D_SVT_MIN12INT = 55, D3D_SVT_MIN16INT = 56, D3D_SVT_MIN16UINT = 57 (the numbers
after D3D_SVT_CONSUME_STRUCTURED_BUFFER = 51; D3D_SVT_UINT16 = 59 follows); "Scalar Types" (``half`` is a
32-bit float on SM4/5, the min-precision types are minimum precisions stored in 32 bits in constant buffers).

Rule: a constant-buffer variable (or struct member, array, matrix) declared with a minimum-precision type
reflects with that type's D3D_SVT value and name (``min16float4``), size and offsets as 32-bit values;
``half`` reflects as float (D3D_SVT_FLOAT) named ``half4`` (fxc 10.1, tests/test_dxd_corpus.py); a typedef keeps its own name. ``cbuffer_dtype`` maps each to a 32-bit field
(float32 / int32 / uint32). The disassembly's Buffer Definitions print the type names."""

from __future__ import annotations

import numpy as np
import pytest

import pyd3d11
from pyd3d11.d3dcompiler import D3DCompile, D3DReflect
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
from pyd3d11.shader.dxbc.disasm import disassemble

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

SVT = {"min10float": 53, "min16float": 54, "min12int": 55, "min16int": 56, "min16uint": 57,
       "float": 3, "int": 2, "uint": 19, "half": 3}
#: D3D_SHADER_VARIABLE_CLASS
SCALAR, VECTOR, MATRIX_ROWS, MATRIX_COLUMNS = 0, 1, 2, 3


def _reflect_var(decl: str, name: str = "v"):
    src = f"cbuffer c {{ {decl}; float pad; }}\nfloat4 main() : SV_Target {{ return (float){name}" \
          f"{'' if '[' not in decl else '[0]'}{'._m00' if 'x' in decl.split()[0][-3:] else ''}; }}"
    # a ``half`` global is fxc's X3650 at shader model 4+ unless D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY is
    # given; with it d3dcompiler_47 10.1 under Wine (session 36) reflects half / half3 / half2x3 as the rows say
    flags = D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY if decl.startswith("half") else 0
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags))
    var = D3DReflect(blob).GetConstantBufferByName("c").GetVariableByName(name)
    return var.GetDesc(), var.GetType().GetDesc(), blob


@pytest.mark.parametrize("t", sorted(SVT))
@pytest.mark.parametrize("dims,cls,rows,cols", [("", SCALAR, 1, 1), ("3", VECTOR, 1, 3),
                                                ("2x3", MATRIX_COLUMNS, 2, 3)])
def test_numeric_variables_reflect_their_own_type(t: str, dims: str, cls: int, rows: int, cols: int):
    vd, td, _ = _reflect_var(f"{t}{dims} v")
    spelled = t + dims
    if spelled == "uint":  # fxc's RDEF name for the scalar uint (SlimShader corpus, test_rules_reflection_s23)
        spelled = "dword"
    assert (td.Type, td.Class, td.Rows, td.Columns, td.Name) == (SVT[t], cls, rows, cols, spelled)
    # 32-bit storage: a column-major 2x3 takes three registers of two components (last one 8 bytes)
    assert vd.Size == {"": 4, "3": 12, "2x3": 40}[dims]


def test_arrays_struct_members_and_typedefs():
    src = """
typedef min16int4 myint4;
struct S { min16uint2 u; min10float f; };
cbuffer c { min16float a[3]; S s; myint4 t; }
float4 main() : SV_Target { return a[1] + s.u.x + s.f + t.x; }
"""
    r = D3DReflect(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))).GetConstantBufferByName("c")
    a = r.GetVariableByName("a")
    assert (a.GetType().GetDesc().Type, a.GetType().GetDesc().Elements, a.GetDesc().Size) == (54, 3, 36)
    st = r.GetVariableByName("s").GetType()
    assert [st.GetMemberTypeByIndex(i).GetDesc().Type for i in range(2)] == [57, 53]
    assert [st.GetMemberTypeByIndex(i).GetDesc().Name for i in range(2)] == ["min16uint2", "min10float"]
    td = r.GetVariableByName("t").GetType().GetDesc()
    assert (td.Type, td.Name) == (56, "myint4")


def test_listing_and_cbuffer_dtype():
    src = "typedef min16int2 myint2;\ncbuffer c { min16float4 k; min16int j; min16uint u; min12int w; myint2 t; }\n" \
          "float4 main() : SV_Target { return k + j + u + w + t.y; }"
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    text = disassemble(blob)
    # the listing spells a type from its D3D_SVT value (a typedef's too, as for float types)
    for line in ("min16float4 k;", "min16int j;", "min16uint u;", "min12int w;", "min16int2 t;"):
        assert line in text
    dt = pyd3d11.cbuffer_dtype(D3DReflect(blob), "c")
    assert [dt[n].base for n in ("k", "j", "u", "w")] == [np.dtype("<f4"), np.dtype("<i4"), np.dtype("<u4"),
                                                          np.dtype("<i4")]
    # min12int is a precision class of its own: it starts a register after min16uint, and the min16int2 after it
    # another (fxc 10.1 under Wine, session 35: w at 32, t at 48; tests/test_rules_hlsl_fxc_layout_minprec.py)
    assert [dt.fields[n][1] for n in ("k", "j", "u", "w", "t")] == [0, 16, 20, 32, 48]
