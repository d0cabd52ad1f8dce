"""HLSL declaration grammar rules that no other table pinned (found as survivors of the parser's mutation run,
scripts/mutate.py): the matrix template's dimension range, redefinitions, the case-insensitive ``technique``
keyword, rasterizer-ordered views, out-of-class method definitions.

Sources, per table: MicrosoftDocs direct3dhlsl "Matrix type" (``matrix<type, rows, columns>``, each dimension 1 to 4)
and "Vector type" (``vector<type, size>``, 1 to 4); fxc's verdicts as DXC's SemaHLSL tests record them —
effects-syntax.hlsl (``Technique`` in any letter case is fxc-pass), typemods-syntax.hlsl (a second typedef of a name
is X3003 "redefinition"), packreg.hlsl (``RasterizerOrderedBuffer`` bound to a non-``u`` register is X3530 "UAV
requires a 'u' register", so fxc knows the type as a UAV); C's rule, which HLSL keeps, that a name is defined once
per scope (fxc's code for it is X3003, as recorded for typedefs); MicrosoftDocs "Rasterizer Order Views" (the
RasterizerOrdered* objects are the RW* objects with a rasterization-order guarantee)."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcommon import D3D_SIT_UAV_RWBYTEADDRESS, D3D_SIT_UAV_RWTYPED
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

PS = "\nfloat4 main(float4 v : A) : SV_Target { return v; }"


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as ei:
        _compile(src, target)
    return ei.value.errors


# --- vector<T, n> / matrix<T, r, c>: every dimension 1..4 ----------------------------------------------------
TEMPLATE_DIMS = [(r, c) for r in range(0, 6) for c in range(0, 6)]


@pytest.mark.parametrize("rows,cols", TEMPLATE_DIMS)
def test_matrix_template_dimensions(rows, cols):
    """``matrix<float, r, c>``: accepted exactly when 1 <= r <= 4 and 1 <= c <= 4 (X3053 otherwise); the accepted
    type has r * c components (the reflected variable's size: a column-major matrix takes c registers of r
    components, the last one packed: 16 * (c - 1) + 4 * r bytes)."""
    src = f"cbuffer C {{ matrix<float, {rows}, {cols}> m; }};\nfloat4 main() : SV_Target {{ return m._m00; }}"
    if 1 <= rows <= 4 and 1 <= cols <= 4:
        refl = D3DReflect(_compile(src))
        var = refl.GetConstantBufferByIndex(0).GetVariableByIndex(0).GetDesc()
        assert var.Size == 16 * (cols - 1) + 4 * rows
    else:
        assert "X3053" in _error(src)


@pytest.mark.parametrize("n", range(0, 6))
def test_vector_template_dimension(n):
    """``vector<float, n>``: 1 <= n <= 4, else X3052."""
    src = f"cbuffer C {{ vector<float, {n}> v; }};\nfloat4 main() : SV_Target {{ return v.x; }}"
    if 1 <= n <= 4:
        var = D3DReflect(_compile(src)).GetConstantBufferByIndex(0).GetVariableByIndex(0).GetDesc()
        assert var.Size == 4 * n
    else:
        assert "X3052" in _error(src)


# --- redefinitions: X3003 --------------------------------------------------------------------------------------
REDEFINITIONS = [
    ("typedef float2 T; typedef float2 T;", "'T'"),            # even of the same type (typemods-syntax)
    ("typedef float2 T; typedef float3 T;", "'T'"),
    ("struct S { float a; }; struct S { float b; };", "'S'"),   # a struct tag defined twice at file scope
    ("struct S { float a; }; struct S { float a; };", "'S'"),
]


@pytest.mark.parametrize("decls,name", REDEFINITIONS)
def test_redefinition_is_x3003(decls, name):
    err = _error(decls + PS)
    assert "X3003" in err and name in err


def test_struct_defined_once_per_file_scope_is_accepted():
    """The accept side: one definition, then uses of the tag."""
    _compile("struct S { float a; }; S make(float x) { S s; s.a = x; return s; }"
             "\nfloat4 main(float4 v : A) : SV_Target { return make(v.x).a; }")


# --- technique: a keyword in any letter case (effects-syntax: `Technique { pass {} }` is fxc-pass) --------------
@pytest.mark.parametrize("kw", ["technique", "Technique", "TECHNIQUE", "tEcHnIqUe"])
def test_technique_keyword_in_any_case(kw):
    _compile(f"{kw} T0 {{ pass {{}} }}\n{kw} {{ pass {{}} }}" + PS)


# --- rasterizer-ordered views: UAV types like their RW counterparts ---------------------------------------------
ROV_DECLS = [
    ("RasterizerOrderedBuffer<float4>", "r[0] = v;"),
    ("RasterizerOrderedByteAddressBuffer", "r.Store(0, asuint(v.x));"),
    ("RasterizerOrderedTexture1D<float4>", "r[0] = v;"),
    ("RasterizerOrderedTexture2D<float4>", "r[uint2(0, 0)] = v;"),
    ("RasterizerOrderedTexture2DArray<float4>", "r[uint3(0, 0, 0)] = v;"),
    ("RasterizerOrderedTexture3D<float4>", "r[uint3(0, 0, 0)] = v;"),
]


@pytest.mark.parametrize("decl,use", ROV_DECLS)
def test_rasterizer_ordered_views_bind_to_u(decl, use):
    """Each ROV type compiles bound to a u register and is reflected as a UAV at that slot; bound to t it is
    X3530 "UAV requires a 'u' register" (packreg.hlsl)."""
    def src(reg: str) -> str:
        return f"{decl} r : register({reg});\nfloat4 main(float4 v : SV_Position) : SV_Target {{ {use} return v; }}"
    bd = D3DReflect(_compile(src("u2"))).GetResourceBindingDescByName("r")
    assert bd.BindPoint == 2
    assert bd.Type in (D3D_SIT_UAV_RWTYPED, D3D_SIT_UAV_RWBYTEADDRESS)
    assert "X3530" in _error(src("t1"))


# --- methods defined outside their struct ----------------------------------------------------------------------
OUT_OF_CLASS = [
    # (declarations, value returned for v = (3, 5, 7, 9))
    ("struct S { float x; float f(); }; float S::f() { return x * 2; }", "S s; s.x = v.y; return s.f();", 10.0),
    ("struct S { float x; float g(float k); }; float S::g(float k) { return x + k; }",
     "S s; s.x = v.x; return s.g(v.w);", 12.0),
    # a static data member next to the method: `T S::name = init;` is the member, `T S::name(...)` the method
    ("struct S { static float k; float f(); }; float S::k = 4; float S::f() { return S::k; }",
     "S s; return s.f();", 4.0),
]


@pytest.mark.parametrize("decls,body,expected", OUT_OF_CLASS)
def test_out_of_class_method_definition(decls, body, expected):
    src = decls + f"\nfloat main(float4 v : A) : SV_Target {{ {body} }}"
    out = run_ps(src, {0: np.array([[3.0, 5.0, 7.0, 9.0]], np.float32)}, 1)[0].view(np.float32)
    assert out[0, 0] == expected
