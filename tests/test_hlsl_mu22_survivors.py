"""Rules behind seed-22 mutation survivors (the lead's device round of session 18), each test failing under its
mutant.

- ID3DInclude::Open's IncludeType: D3D_INCLUDE_LOCAL (0) for ``#include "file"``, D3D_INCLUDE_SYSTEM (1) for
  ``#include <file>`` (MicrosoftDocs d3dcommon "D3D_INCLUDE_TYPE": local — a user file, #include "file";
  system — a system file, #include <file>), as written (fxc replaces no macro in #include, session 35)
  (C99 §6.10.2p4). Preprocessor #482 passed 2 for the angle form.
- A literal interface-array index past the end is X3504 (linkage #69); array sizes from constant divisions
  (constexpr #39); the return-path rule for loops (check #4, X3507). Linkage #277 (D3D_SVF_INTERFACE_PARAMETER's bit) was already caught by
  test_hlsl_interface_params.py, missing from the module's guard list.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile

D3D_INCLUDE_LOCAL, D3D_INCLUDE_SYSTEM = 0, 1


class _Recorder:
    def __init__(self):
        self.kinds: list[tuple[int, str]] = []

    def Open(self, kind, name, parent):  # noqa: N802
        self.kinds.append((kind, name))
        return b"float4 f() { return 1; }\n"

    def Close(self, data):  # noqa: N802
        pass


@pytest.mark.backend_independent
@pytest.mark.parametrize("line, kind", [
    ('#include "inc.h"', D3D_INCLUDE_LOCAL),
    ("#include <inc.h>", D3D_INCLUDE_SYSTEM),
])
def test_include_type_passed_to_open(line: str, kind: int):
    rec = _Recorder()
    src = f"{line}\nfloat4 main() : SV_Target {{ return f(); }}\n"
    D3DCompile(src, None, "t.hlsl", None, rec, "main", "ps_5_0")
    assert rec.kinds == [(kind, "inc.h")]


IFACE = """
interface iLight { float3 Get(float3 n); };
class cScale : iLight { float3 c; float3 Get(float3 n) { return c * n.x; } };
iLight g_l[2];
float4 main(float3 n : N) : SV_Target { return float4(g_l[INDEX].Get(n), 1); }
"""


@pytest.mark.backend_independent
@pytest.mark.parametrize("index, ok", [(0, True), (1, True), (2, False), (5, False)])
def test_literal_interface_array_index_past_the_end_is_x3504(index: int, ok: bool):
    """A literal index past an interface-pointer array's end is fxc's X3504 "array index out of bounds", as for
    any array (linkage #69 changed the number); indices inside the array compile."""
    src = IFACE.replace("INDEX", str(index))
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        return
    with pytest.raises(Exception) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3504" in str(e.value) and "out of bounds" in str(e.value)


@pytest.mark.backend_independent
@pytest.mark.parametrize("expr, n", [("(int)(7.0 / 2.0)", 3), ("(int)(9.0 / 4.5)", 2), ("(int)(1.0 / 0.25)", 4),
                                     ("7 / 2", 3), ("-7 / -2", 3)])
def test_array_size_from_a_constant_division(expr: str, n: int):
    """An array size is a constant expression (MicrosoftDocs "Variable Syntax": "[Array_Size] … a literal or
    a constant expression"); float division, then the cast's truncation toward zero (the conversion rules);
    integer division truncates toward zero. constexpr #39 multiplied instead of dividing floats."""
    from pyd3d11.d3dcompiler import D3DReflect

    src = f"cbuffer C {{ float4 a[{expr}]; }}; float4 main() : SV_Target {{ return a[0]; }}"
    r = D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    assert r.GetConstantBufferByIndex(0).GetVariableByIndex(0).GetType().GetDesc().Elements == n


@pytest.mark.backend_independent
@pytest.mark.parametrize("body, returns", [
    ("while (x > 0) { return 1; }", False),  # the loop may run zero times
    ("for (; x > 0;) { return 1; }", False),
    ("while (true) { if (x > 1) break; return 1; }", False),  # a break leaves without a value
    ("for (;;) { if (x > 1) break; return x; }", False),
    ("while (true) { return 1; }", True),  # only a return leaves the loop
    ("for (;;) { return x; }", True),
    ("do { return x; } while (x > 0);", True),  # the body runs at least once
])
def test_loops_and_the_return_path_rule(body: str, returns: bool):
    """A function with a return type must return on every path: fxc's X3507 "not all control paths return a
    value". A loop counts as returning only when its condition is constant true and no break leaves it
    (check #4 turned the ``and`` into ``or``, accepting the first four)."""
    src = f"float f(float x) {{ {body} }} float4 main(float a : A) : SV_Target {{ return f(a); }}"
    if returns:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        return
    with pytest.raises(Exception) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3507" in str(e.value)


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", ["texture2D t;", "textureCUBE t;", "texture1D t;", "texture3D t;",
                                  "static texture2D t2;", "pixelShader p;", "PIXELSHADER p;", "vertexShader v;"])
def test_d3d9_texture_spellings_and_caseless_shader_types_start_a_declaration(decl: str):
    """``texture1D/2D/3D/CUBE`` are the D3D9 spellings of the texture types (MicrosoftDocs "Keywords"), and the
    shader object types are found in any letter case where a type is expected (vkd3d's Windows-verified
    effect-shader-objects-fx_5 and effects-syntax, cited at parser._CASELESS_TYPES): each declares a global.
    Parser #39 (``or`` → ``and`` in is_type_start) refused them."""
    D3DCompile(decl + " float4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None, "main", "ps_4_0")
