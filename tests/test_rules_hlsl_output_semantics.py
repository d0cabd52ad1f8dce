"""Semantics on outputs and return values: numbering of arrays, structs and matrices, the SV_Target index
range, and double binding.

Sources: MicrosoftDocs direct3dhlsl "Semantics": SV_Target[n] with 0 <= n <= 7 ("which of the 8 possibly
bound render targets to write to"); "Double Binding Semantics" (the same semantic on more than one
parameter); the numbering rules the file test_rules_hlsl_semantics.py takes for inputs (an array takes
consecutive indices from the one written; a semantic on a struct overrides its members' and numbers them
in order), applied here to outputs and return values. A misuse is fxc's X4502 "invalid ps_5_0 output
semantic 'SV_Target8'".
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))


def _outputs(blob: bytes) -> list[tuple[str, int, int]]:
    r = D3DReflect(blob)
    return [(p.SemanticName, p.SemanticIndex, p.Register) for p in
            (r.GetOutputParameterDesc(i) for i in range(r.GetDesc().OutputParameters))]


def _inputs(blob: bytes) -> list[tuple[str, int, int]]:
    r = D3DReflect(blob)
    return [(p.SemanticName, p.SemanticIndex, p.Register) for p in
            (r.GetInputParameterDesc(i) for i in range(r.GetDesc().InputParameters))]


def _run_ps(blob: bytes) -> list[np.ndarray]:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    res = run_program(decode_program(chunk.data), 1, bindings=Bindings())
    return res.outputs


#: (pixel shader, [(SemanticName, SemanticIndex, Register)], {register: first value written there})
PS_OUTPUTS = [
    ("void main(out float4 o[2] : SV_Target3) { o[0] = 1; o[1] = 2; }",
     [("SV_Target", 3, 3), ("SV_Target", 4, 4)], {3: 1, 4: 2}),
    ("void main(out float4 o[3] : SV_Target) { o[0] = 5; o[1] = 6; o[2] = 7; }",
     [("SV_Target", 0, 0), ("SV_Target", 1, 1), ("SV_Target", 2, 2)], {0: 5, 1: 6, 2: 7}),
    ("struct O { float4 a : SV_Target1; float4 b : SV_Target0; };\nO main() { O o; o.a = 1; o.b = 2; return o; }",
     [("SV_Target", 1, 1), ("SV_Target", 0, 0)], {1: 1, 0: 2}),
    # a semantic on the returned struct overrides the members' and numbers them in order
    ("struct O { float4 a : SV_Target5; float4 b : COLOR; };\nO main() : SV_Target2 { O o; o.a = 3; o.b = 4; return o; }",
     [("SV_Target", 2, 2), ("SV_Target", 3, 3)], {2: 3, 3: 4}),
    ("struct O { float4 a; float4 b[2]; };\nO main() : SV_Target4 { O o; o.a = 1; o.b[0] = 2; o.b[1] = 3; return o; }",
     [("SV_Target", 4, 4), ("SV_Target", 5, 5), ("SV_Target", 6, 6)], {4: 1, 5: 2, 6: 3}),
    ("struct I { float4 x : SV_Target6; };\nstruct O { I i; float4 y : SV_Target0; };\n"
     "O main() { O o; o.i.x = 8; o.y = 9; return o; }",
     [("SV_Target", 6, 6), ("SV_Target", 0, 0)], {6: 8, 0: 9}),
    ("void main(out float4 a : SV_Target7, out float4 b : SV_Target0) { a = 1; b = 2; }",
     [("SV_Target", 7, 7), ("SV_Target", 0, 0)], {7: 1, 0: 2}),
    ("float4 main() : sv_target1 { return 4; }", [("sv_target", 1, 1)], {1: 4}),
]


@pytest.mark.parametrize("src,sig,values", PS_OUTPUTS)
def test_output_numbering(src, sig, values):
    blob = _compile(src)
    assert _outputs(blob) == sorted(sig, key=lambda e: e[2])  # elements listed by register
    outs = _run_ps(blob)
    for reg, v in values.items():
        assert outs[reg].view(np.float32)[0][0] == v


@pytest.mark.parametrize("src,name", [
    ("float4 main() : SV_Target8 { return 1; }", "SV_Target8"),
    ("void main(out float4 o[2] : SV_Target7) { o[0] = 1; o[1] = 2; }", "SV_Target8"),
    ("struct O { float4 a; float4 b; };\nO main() : SV_Target7 { O o; o.a = 1; o.b = 2; return o; }", "SV_Target8"),
    ("void main(out float4 o[9] : SV_Target) { for (int i = 0; i < 9; i++) o[i] = i; }", "SV_Target8"),
])
def test_target_index_past_seven(src, name):
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    assert f"error X4502: invalid ps_5_0 output semantic '{name}'" in info.value.errors, info.value.errors


@pytest.mark.parametrize("src", [
    "void main(out float4 a : SV_Target0, out float4 b : SV_Target0) { a = 1; b = 2; }",
    "void main(out float4 a : SV_Target1, out float4 b[2] : SV_Target0) { a = 1; b[0] = 2; b[1] = 3; }",
    "struct O { float4 a : SV_Target; float4 b : SV_Target0; };\nO main() { O o; o.a = 1; o.b = 2; return o; }",
])
def test_one_target_written_twice(src):
    """fxc 10.1 (under Wine, session 36 SEM): X4574 "Duplicate system value semantic definition" (X4502 here
    before)."""
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    assert "error X4574: Duplicate system value semantic definition" in info.value.errors, info.value.errors


def test_double_binding_reads_one_register():
    """The docs' double binding: two parameters with one semantic read the same input element."""
    blob = _compile("float4 main(float4 a : TEXCOORD2, float4 b : TEXCOORD2) : SV_Position { return a * b; }",
                    "vs_5_0")
    assert _inputs(blob) == [("TEXCOORD", 2, 0)]


@pytest.mark.parametrize("params,writes,sig", [
    ("out float4 t[2] : TEXCOORD1", "t[0] = 1; t[1] = 2;", [("TEXCOORD", 1, 1), ("TEXCOORD", 2, 2)]),
    ("out float4x2 m : M", "m = 1;", [("M", 0, 1), ("M", 1, 2)]),
    ("out float4 a[2] : A, out float4 b : B3", "a[0] = 1; a[1] = 2; b = 3;",
     [("A", 0, 1), ("A", 1, 2), ("B", 3, 3)]),
])
def test_vertex_output_numbering(params, writes, sig):
    src = f"float4 main(float4 p : P, {params}) : SV_Position {{ {writes} return p; }}"
    got = _outputs(_compile(src, "vs_5_0"))
    assert got == [("SV_Position", 0, 0)] + sig
