"""Semantics on struct and array parameters (numbering) and system values per stage and shader model.

Sources: MicrosoftDocs direct3dhlsl "Semantics" (an array parameter takes consecutive semantic indices from
the one written; the System-Value Semantics table: which stage reads or writes each SV_ value, SV_Target0-7,
SV_Coverage input from ps_5_0 and output from ps_4_1, SV_SampleIndex from ps_4_1, SV_DepthGreaterEqual /
SV_DepthLessEqual / SV_StencilRef from ps_5_0, the compute-shader-only thread IDs); a semantic written on a
struct overrides its members' and numbers them consecutively (fxc; DXC reproduces it, PR 831: "all fields
will inherit the semantic attached to the struct, with index increasing sequentially").
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect


def _inputs(src: str, target: str = "vs_5_0") -> list[tuple[str, int, int]]:
    r = D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, "main", target))
    d = r.GetDesc()
    return [(p.SemanticName, p.SemanticIndex, p.Register) for p in
            (r.GetInputParameterDesc(i) for i in range(d.InputParameters))]


S = "struct S { float4 a : A; float2 b[2] : B; };\nstruct T { S s; float c : C; };\n"


@pytest.mark.parametrize("params,want", [
    ("float4 p[3] : TEX1", [("TEX", 1, 0), ("TEX", 2, 1), ("TEX", 3, 2)]),
    ("float4 p[2] : TEX", [("TEX", 0, 0), ("TEX", 1, 1)]),
    ("S s", [("A", 0, 0), ("B", 0, 1), ("B", 1, 2)]),
    ("S s : X", [("X", 0, 0), ("X", 1, 1), ("X", 2, 2)]),
    ("S s : Y3", [("Y", 3, 0), ("Y", 4, 1), ("Y", 5, 2)]),
    ("T t", [("A", 0, 0), ("B", 0, 1), ("B", 1, 2), ("C", 0, 3)]),
    ("T t : X", [("X", 0, 0), ("X", 1, 1), ("X", 2, 2), ("X", 3, 3)]),
    ("float4x2 m : M", [("M", 0, 0), ("M", 1, 1)]),
    ("float4 p : P, S s : X2", [("P", 0, 0), ("X", 2, 1), ("X", 3, 2), ("X", 4, 3)]),
])
def test_semantic_numbering(params, want):
    uses = {"p": "p[0]" if "p[" in params else "p", "s": "s.a", "t": "t.s.a + t.c", "m": "m[0].xyxy"}
    body = " + ".join(uses[n] for n in ("p", "s", "t", "m") if f" {n} " in params + " " or f" {n}[" in params
                      or f" {n} :" in params)
    src = S + f"float4 main({params}) : SV_Position {{ return {body}; }}"
    assert _inputs(src) == want


def _error(src: str, target: str) -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return ei.value.errors


#: (target, source, accepted?)
SV_CASES = [
    ("vs_5_0", "float4 main() : SV_Target { return 0; }", False),
    ("vs_5_0", "float4 main() : SV_Depth { return 0; }", False),
    ("vs_4_0", "float4 main(float4 p : P, out float d : SV_DepthGreaterEqual) : SV_Position { d = 0; return p; }",
     False),
    ("ps_5_0", "float4 main(uint3 t : SV_DispatchThreadID) : SV_Target { return 0; }", False),
    ("vs_5_0", "float4 main(uint t : SV_GroupIndex) : SV_Position { return t; }", False),
    ("ps_4_0", "float4 main(uint c : SV_Coverage) : SV_Target { return c; }", False),
    ("ps_4_1", "float4 main(uint c : SV_Coverage) : SV_Target { return c; }", False),
    ("ps_5_0", "float4 main(uint c : SV_Coverage) : SV_Target { return c; }", True),
    ("ps_4_0", "float4 main(uint c : SV_SampleIndex) : SV_Target { return c; }", False),
    ("ps_4_1", "float4 main(uint c : SV_SampleIndex) : SV_Target { return c; }", True),
    ("ps_4_0", "float4 main(out uint c : SV_Coverage) : SV_Target { c = 1; return 0; }", False),
    ("ps_4_1", "float4 main(out uint c : SV_Coverage) : SV_Target { c = 1; return 0; }", True),
    ("ps_4_1", "float4 main(out float d : SV_DepthGreaterEqual) : SV_Target { d = 0; return 0; }", False),
    ("ps_5_0", "float4 main(out float d : SV_DepthGreaterEqual) : SV_Target { d = 0; return 0; }", True),
    ("ps_5_0", "float4 main(out float d : SV_DepthLessEqual) : SV_Target { d = 0; return 0; }", True),
    ("ps_4_0", "float4 main(out float d : SV_Depth) : SV_Target { d = 0; return 0; }", True),
    ("ps_5_0", "float4 main(out uint s : SV_StencilRef) : SV_Target { s = 0; return 0; }", True),
    ("ps_4_1", "float4 main(out uint s : SV_StencilRef) : SV_Target { s = 0; return 0; }", False),
    ("ps_5_0", "float4 main() : SV_Target7 { return 0; }", True),
    ("ps_5_0", "float4 main() : SV_Target8 { return 0; }", False),
    ("cs_5_0", "[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID, uint g : SV_GroupIndex) { }", True),
    ("vs_5_0", "float4 main(uint v : SV_VertexID, uint i : SV_InstanceID) : SV_Position { return v + i; }", True),
]


@pytest.mark.parametrize("target,src,ok", SV_CASES)
def test_system_values_per_stage(target, src, ok):
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    elif target == "ps_4_0" and "out uint c : SV_Coverage)" in src:
        # d3dcompiler_47 10.1's X4503 (session 37, tests/test_rules_hlsl_fxc_sv_outputs_s37.py; X4502 was inferred)
        assert "error X4503: SV_Coverage not supported on ps_4_0" in _error(src, target)
    else:
        assert "error X4502" in _error(src, target)
