"""Storage classes, modifiers and semantics as Microsoft's compiler decides them (issue 15, areas 4-5; session
35 AREA).

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35: each table's
expected column is what that DLL answered for the row's program (tools/wine_d3dcompiler.py), not this
compiler's output. Generated from MicrosoftDocs direct3dhlsl "Variable Syntax" (Storage_Class, Type_Modifier,
Interpolation Modifiers), "Function Parameters" (in / out / inout / uniform) and "Semantics" (system-value
semantics, which stage reads or writes each): the 18 storage classes and modifiers alone and in every pair
(171) at 9 sites (global, local, parameter, entry input, struct member, cbuffer member, return type, typedef,
vertex output member); each modifier written twice at 4 sites; 41 semantics as an input and as an output of
vs_5_0, ps_5_0, vs_4_0, ps_4_0, vs_3_0 and ps_3_0; and 68 struct / array parameter and return cases (member
semantics, a parameter's semantic overriding its members', nesting, arrays and arrays of structs, duplicates,
missing semantics, numbering), compared through the signatures each object reflects.

fxc's rules these record beside the pages: a cbuffer member follows the global variables' storage-class
rules (``in``/``out`` X3000, ``volatile`` X3008, ``uniform static`` X3007); any modifier written twice is
X3048; ``uniform out`` / ``uniform inout`` parameters are X3062, ``const out`` X3046 (``const inout``
compiles); a called function that leaves a component of an ``out`` parameter unwritten is X3508 (an array
or inout parameter is not judged); ``groupshared`` outside a compute shader is dropped with warning X3579;
a pixel shader's outputs (SV_Target*, SV_Depth*, SV_StencilRef) are no input anywhere, SV_VertexID is no
vertex output nor pixel input, a vertex shader may take SV_ClipDistance / SV_CullDistance as input, and
SV_Position takes index 0 only (an array or an expanded struct past it is X4502 "Legal indices are in [0,0]").
A live re-check against the DLL runs where Wine and the DLL are present.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import wine_d3dcompiler

#: compile-only tests run once (tests/conftest.py checks that they never consult the shader backend)
compile_only = pytest.mark.backend_independent

#: where MODIFIER_VERDICTS puts ``{m}`` (vsout compiles for vs_5_0, the rest for ps_5_0)
MODIFIER_SITES = {
    'global':
        '{m} float g = 1;\nfloat4 main() : SV_Target {{ return g; }}\n',
    'local':
        'float4 main() : SV_Target {{ {m} float g = 1; return g; }}\n',
    'param':
        'float f({m} float g) {{ return g; }}\nfloat4 main() : SV_Target {{ float x = 1; return f(x); }}\n',
    'input':
        'float4 main({m} float4 g : TEXCOORD0) : SV_Target {{ return g; }}\n',
    'member':
        'struct S {{ {m} float g; }};\nfloat4 main() : SV_Target {{ S s; s.g = 1; return s.g; }}\n',
    'cbuffer':
        'cbuffer C {{ {m} float g; }}\nfloat4 main() : SV_Target {{ return g; }}\n',
    'return':
        '{m} float f() {{ return 1; }}\nfloat4 main() : SV_Target {{ return f(); }}\n',
    'typedef':
        'typedef {m} float T;\nfloat4 main() : SV_Target {{ T x = 1; return x; }}\n',
    'vsout':
        'struct O {{ {m} float4 p : SV_Position; }};\nO main() {{ O o; o.p = 1; return o; }}\n',
}
#: where TWICE_VERDICTS puts ``{m} {m}``
TWICE_SITES = {
    'global':
        '{m} {m} float4x4 g;\nfloat4 main() : SV_Target {{ return 0; }}\n',
    'local':
        'float4 main() : SV_Target {{ {m} {m} float4x4 g = 1; return g[0]; }}\n',
    'param':
        'float4 f({m} {m} float4x4 g) {{ return g[0]; }}\nfloat4 main() : SV_Target {{ float4x4 x = 1; return f(x); }}\n',
    'input':
        'float4 main({m} {m} float4 g : TEXCOORD) : SV_Target {{ return g; }}\n',
}
#: the targets SEMANTIC_VERDICTS covers
SV_STAGES = ['vs_5_0', 'ps_5_0', 'vs_4_0', 'ps_4_0', 'vs_3_0', 'ps_3_0']
#: the type each semantic is declared with
SV_TYPES = {
    'SV_Position': 'float4', 'SV_Target': 'float4', 'SV_Target1': 'float4', 'SV_Target7': 'float4',
    'SV_Target8': 'float4', 'SV_Depth': 'float', 'SV_DepthGreaterEqual': 'float', 'SV_DepthLessEqual': 'float',
    'SV_Coverage': 'uint', 'SV_IsFrontFace': 'bool', 'SV_VertexID': 'uint', 'SV_InstanceID': 'uint',
    'SV_PrimitiveID': 'uint', 'SV_SampleIndex': 'uint', 'SV_ClipDistance0': 'float', 'SV_CullDistance0': 'float',
    'SV_RenderTargetArrayIndex': 'uint', 'SV_ViewportArrayIndex': 'uint', 'SV_StencilRef': 'uint',
    'SV_InnerCoverage': 'uint', 'SV_DispatchThreadID': 'uint3', 'SV_GroupID': 'uint3', 'SV_GroupIndex': 'uint',
    'SV_GroupThreadID': 'uint3', 'POSITION': 'float4', 'POSITION1': 'float4', 'COLOR': 'float4', 'COLOR1': 'float4',
    'TEXCOORD0': 'float4', 'TEXCOORD15': 'float4', 'VPOS': 'float2', 'VFACE': 'float', 'DEPTH': 'float',
    'PSIZE': 'float', 'FOG': 'float', 'NORMAL': 'float3', 'sv_position': 'float4', 'Sv_Target': 'float4',
    'SV_Foo': 'float4', 'SV_ClipDistance': 'float', 'SV_Target0': 'float4',
}

def semantic_source(stage, sem, t, where):
    """The program that puts ``sem`` (of type ``t``) on the entry point's input (``where`` "in") or output."""
    if stage.startswith("vs"):
        pos_sem = "SV_Position" if not stage.endswith("3_0") else "POSITION"
        if where == "in":
            return f"float4 main({t} x : {sem}) : {pos_sem} {{ return (float4)(float)x.x; }}\n" if t.endswith(("2", "3", "4")) else \
                   f"float4 main({t} x : {sem}) : {pos_sem} {{ return (float)x; }}\n"
        return f"{t} main(float4 p : POSITION) : {sem} {{ return ({t})p.x; }}\n"
    tgt = "SV_Target" if not stage.endswith("3_0") else "COLOR"
    if where == "in":
        return f"float4 main({t} x : {sem}) : {tgt} {{ return (float4)(float)x{'.x' if t.endswith(('2','3','4')) else ''}; }}\n"
    return f"{t} main(float4 p : TEXCOORD0) : {sem} {{ return ({t})p.x; }}\n"


#: modifier(s) -> fxc's verdicts at MODIFIER_SITES in order
MODIFIER_VERDICTS = {
    'uniform': 'YnYYnYnnn', 'static': 'YYnnnYYnn', 'const': 'YYYYnYYYn', 'extern': 'YnnnnYnnn',
    'volatile': 'nYYYnnYYn', 'shared': 'YnnnnYYnn', 'groupshared': 'YnnnnYYnn', 'in': 'nnYYnnnnn',
    'out': 'nnnnnnnnn', 'inout': 'nnYnnnnnn', 'nointerpolation': 'YYYYYYYnY', 'linear': 'YYYYYYYnY',
    'centroid': 'YYYYYYYnY', 'noperspective': 'YYYYYYYnY', 'sample': 'YYYYYYYYY', 'precise': 'YYYYYYYYY',
    'unorm': 'YYYYYYYYY', 'snorm': 'YYYYYYYYY', 'uniform static': 'nnnnnnnnn', 'uniform const': 'YnYYnYnnn',
    'uniform extern': 'YnnnnYnnn', 'uniform volatile': 'nnYYnnnnn', 'uniform shared': 'YnnnnYnnn',
    'uniform groupshared': 'nnnnnnnnn', 'uniform in': 'nnYYnnnnn', 'uniform out': 'nnnnnnnnn',
    'uniform inout': 'nnnnnnnnn', 'uniform nointerpolation': 'YnYYnYnnn', 'uniform linear': 'YnYYnYnnn',
    'uniform centroid': 'YnYYnYnnn', 'uniform noperspective': 'YnYYnYnnn', 'uniform sample': 'YnYYnYnnn',
    'uniform precise': 'YnYYnYnnn', 'uniform unorm': 'YnYYnYnnn', 'uniform snorm': 'YnYYnYnnn',
    'static const': 'YYnnnYYnn', 'static extern': 'nnnnnnnnn', 'static volatile': 'nYnnnnYnn',
    'static shared': 'YnnnnYYnn', 'static groupshared': 'YnnnnYYnn', 'static in': 'nnnnnnnnn',
    'static out': 'nnnnnnnnn', 'static inout': 'nnnnnnnnn', 'static nointerpolation': 'YYnnnYYnn',
    'static linear': 'YYnnnYYnn', 'static centroid': 'YYnnnYYnn', 'static noperspective': 'YYnnnYYnn',
    'static sample': 'YYnnnYYnn', 'static precise': 'YYnnnYYnn', 'static unorm': 'YYnnnYYnn',
    'static snorm': 'YYnnnYYnn', 'const extern': 'YnnnnYnnn', 'const volatile': 'nYYYnnYYn',
    'const shared': 'YnnnnYYnn', 'const groupshared': 'YnnnnnYnn', 'const in': 'nnYYnnnnn',
    'const out': 'nnnnnnnnn', 'const inout': 'nnYnnnnnn', 'const nointerpolation': 'YYYYnYYnn',
    'const linear': 'YYYYnYYnn', 'const centroid': 'YYYYnYYnn', 'const noperspective': 'YYYYnYYnn',
    'const sample': 'YYYYnYYYn', 'const precise': 'YYYYnYnYn', 'const unorm': 'YYYYnYYYn',
    'const snorm': 'YYYYnYYYn', 'extern volatile': 'nnnnnnnnn', 'extern shared': 'YnnnnYnnn',
    'extern groupshared': 'nnnnnnnnn', 'extern in': 'nnnnnnnnn', 'extern out': 'nnnnnnnnn',
    'extern inout': 'nnnnnnnnn', 'extern nointerpolation': 'YnnnnYnnn', 'extern linear': 'YnnnnYnnn',
    'extern centroid': 'YnnnnYnnn', 'extern noperspective': 'YnnnnYnnn', 'extern sample': 'YnnnnYnnn',
    'extern precise': 'YnnnnYnnn', 'extern unorm': 'YnnnnYnnn', 'extern snorm': 'YnnnnYnnn',
    'volatile shared': 'nnnnnnYnn', 'volatile groupshared': 'nnnnnnYnn', 'volatile in': 'nnYYnnnnn',
    'volatile out': 'nnnnnnnnn', 'volatile inout': 'nnYnnnnnn', 'volatile nointerpolation': 'nYYYnnYnn',
    'volatile linear': 'nYYYnnYnn', 'volatile centroid': 'nYYYnnYnn', 'volatile noperspective': 'nYYYnnYnn',
    'volatile sample': 'nYYYnnYYn', 'volatile precise': 'nYYYnnYYn', 'volatile unorm': 'nYYYnnYYn',
    'volatile snorm': 'nYYYnnYYn', 'shared groupshared': 'YnnnnYYnn', 'shared in': 'nnnnnnnnn',
    'shared out': 'nnnnnnnnn', 'shared inout': 'nnnnnnnnn', 'shared nointerpolation': 'YnnnnYYnn',
    'shared linear': 'YnnnnYYnn', 'shared centroid': 'YnnnnYYnn', 'shared noperspective': 'YnnnnYYnn',
    'shared sample': 'YnnnnYYnn', 'shared precise': 'YnnnnYYnn', 'shared unorm': 'YnnnnYYnn',
    'shared snorm': 'YnnnnYYnn', 'groupshared in': 'nnnnnnnnn', 'groupshared out': 'nnnnnnnnn',
    'groupshared inout': 'nnnnnnnnn', 'groupshared nointerpolation': 'YnnnnYYnn', 'groupshared linear': 'YnnnnYYnn',
    'groupshared centroid': 'YnnnnYYnn', 'groupshared noperspective': 'YnnnnYYnn',
    'groupshared sample': 'YnnnnYYnn', 'groupshared precise': 'YnnnnYYnn', 'groupshared unorm': 'YnnnnYYnn',
    'groupshared snorm': 'YnnnnYYnn', 'in out': 'nnYnnnnnn', 'in inout': 'nnnnnnnnn',
    'in nointerpolation': 'nnYYnnnnn', 'in linear': 'nnYYnnnnn', 'in centroid': 'nnYYnnnnn',
    'in noperspective': 'nnYYnnnnn', 'in sample': 'nnYYnnnnn', 'in precise': 'nnYYnnnnn', 'in unorm': 'nnYYnnnnn',
    'in snorm': 'nnYYnnnnn', 'out inout': 'nnnnnnnnn', 'out nointerpolation': 'nnnnnnnnn',
    'out linear': 'nnnnnnnnn', 'out centroid': 'nnnnnnnnn', 'out noperspective': 'nnnnnnnnn',
    'out sample': 'nnnnnnnnn', 'out precise': 'nnnnnnnnn', 'out unorm': 'nnnnnnnnn', 'out snorm': 'nnnnnnnnn',
    'inout nointerpolation': 'nnYnnnnnn', 'inout linear': 'nnYnnnnnn', 'inout centroid': 'nnYnnnnnn',
    'inout noperspective': 'nnYnnnnnn', 'inout sample': 'nnYnnnnnn', 'inout precise': 'nnYnnnnnn',
    'inout unorm': 'nnYnnnnnn', 'inout snorm': 'nnYnnnnnn', 'nointerpolation linear': 'nnnnnnnnn',
    'nointerpolation centroid': 'nnnnnnnnn', 'nointerpolation noperspective': 'nnnnnnnnn',
    'nointerpolation sample': 'YYYYYYYnY', 'nointerpolation precise': 'YYYYYYYnY',
    'nointerpolation unorm': 'YYYYYYYnY', 'nointerpolation snorm': 'YYYYYYYnY', 'linear centroid': 'YYYYYYYnY',
    'linear noperspective': 'YYYYYYYnY', 'linear sample': 'YYYYYYYnY', 'linear precise': 'YYYYYYYnY',
    'linear unorm': 'YYYYYYYnY', 'linear snorm': 'YYYYYYYnY', 'centroid noperspective': 'YYYYYYYnY',
    'centroid sample': 'YYYYYYYnY', 'centroid precise': 'YYYYYYYnY', 'centroid unorm': 'YYYYYYYnY',
    'centroid snorm': 'YYYYYYYnY', 'noperspective sample': 'YYYYYYYnY', 'noperspective precise': 'YYYYYYYnY',
    'noperspective unorm': 'YYYYYYYnY', 'noperspective snorm': 'YYYYYYYnY', 'sample precise': 'YYYYYYYYY',
    'sample unorm': 'YYYYYYYYY', 'sample snorm': 'YYYYYYYYY', 'precise unorm': 'YYYYYYYYY',
    'precise snorm': 'YYYYYYYYY', 'unorm snorm': 'nnnnnnnnn',
}
#: modifier written twice -> fxc's verdicts at TWICE_SITES in order
TWICE_VERDICTS = {
    'static': 'nnnn', 'const': 'nnnn', 'uniform': 'nnnn', 'extern': 'nnnn', 'volatile': 'nnnn', 'precise': 'nnnn',
    'nointerpolation': 'nnnn', 'linear': 'nnnn', 'centroid': 'nnnn', 'noperspective': 'nnnn', 'sample': 'nnnn',
    'shared': 'nnnn', 'groupshared': 'nnnn', 'row_major': 'nnnn', 'column_major': 'nnnn', 'inline': 'nnnn',
    'in': 'nnnn', 'out': 'nnnn', 'inout': 'nnnn', 'snorm': 'nnnn', 'unorm': 'nnnn', 'globallycoherent': 'nnnn',
}
#: semantic -> fxc's verdicts as an input, then an output, at each of SV_STAGES in order
SEMANTIC_VERDICTS = {
    'SV_Position': 'YY Yn YY Yn YY Yn', 'SV_Target': 'nn nY nn nY nn nY', 'SV_Target1': 'nn nY nn nY nn nn',
    'SV_Target7': 'nn nY nn nY nn nn', 'SV_Target8': 'nn nn nn nn nn nn', 'SV_Depth': 'nn nY nn nY nn Yn',
    'SV_DepthGreaterEqual': 'nn nY nn nn nn nn', 'SV_DepthLessEqual': 'nn nY nn nn nn nn',
    'SV_Coverage': 'nn YY nn nn nn nn', 'SV_IsFrontFace': 'nn Yn nn Yn nn nn', 'SV_VertexID': 'Yn nn Yn nn nn nn',
    'SV_InstanceID': 'YY Yn YY Yn nn nn', 'SV_PrimitiveID': 'nn Yn nn Yn nn nn',
    'SV_SampleIndex': 'nn Yn nn nn nn nn', 'SV_ClipDistance0': 'YY Yn YY Yn nn nn',
    'SV_CullDistance0': 'YY Yn YY Yn nn nn', 'SV_RenderTargetArrayIndex': 'YY Yn YY Yn nn nn',
    'SV_ViewportArrayIndex': 'YY Yn YY Yn nn nn', 'SV_StencilRef': 'nn nY nn nn nn nn',
    'SV_InnerCoverage': 'nn Yn nn nn nn nn', 'SV_DispatchThreadID': 'nn nn nn nn nn nn',
    'SV_GroupID': 'nn nn nn nn nn nn', 'SV_GroupIndex': 'nn nn nn nn nn nn',
    'SV_GroupThreadID': 'nn nn nn nn nn nn', 'POSITION': 'YY Yn YY Yn YY nn', 'POSITION1': 'YY Yn YY Yn Yn Yn',
    'COLOR': 'YY Yn YY Yn Yn YY', 'COLOR1': 'YY Yn YY Yn Yn Yn', 'TEXCOORD0': 'YY Yn YY Yn Yn Yn',
    'TEXCOORD15': 'YY Yn YY Yn Yn Yn', 'VPOS': 'YY Yn YY Yn nn Yn', 'VFACE': 'YY Yn YY Yn nn Yn',
    'DEPTH': 'YY Yn YY Yn Yn Yn', 'PSIZE': 'YY Yn YY Yn Yn nn', 'FOG': 'YY Yn YY Yn Yn Yn',
    'NORMAL': 'YY Yn YY Yn Yn Yn', 'sv_position': 'YY Yn YY Yn YY Yn', 'Sv_Target': 'nn nY nn nY nn nY',
    'SV_Foo': 'nn nn nn nn nn nn', 'SV_ClipDistance': 'YY Yn YY Yn nn nn', 'SV_Target0': 'nn nY nn nY nn nY',
}
#: rows this compiler does not yet decide as fxc does (16 of session 35's 17 Direct3D 9 rows agree since session 36:
#: d3d9outputs.py, sm2/d3d9.py's ps_3_0 input usages; the last, a ps_3_0 shader reading SV_IsFrontFace, which fxc
#: refuses under that spelling, since session 37: OBJ's read-only refusal)
SEMANTIC_GAPS: set[tuple[str, str, str]] = set()


def _verdict(src: str, target: str) -> tuple[bool, str]:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    except ShaderCompileError as e:
        return False, e.errors
    return True, ""


def _modifier_rows():
    """((table, site, modifiers), source, target, fxc's verdict)."""
    for m, verdicts in MODIFIER_VERDICTS.items():
        for site, want in zip(MODIFIER_SITES, verdicts, strict=True):
            yield ("pairs", site, m), MODIFIER_SITES[site].format(m=m), "vs_5_0" if site == "vsout" else "ps_5_0", want
    for m, verdicts in TWICE_VERDICTS.items():
        for site, want in zip(TWICE_SITES, verdicts, strict=True):
            yield ("twice", site, m), TWICE_SITES[site].format(m=m), "ps_5_0", want


def _semantic_rows():
    for sem, verdicts in SEMANTIC_VERDICTS.items():
        for stage, two in zip(SV_STAGES, verdicts.split(), strict=True):
            for where, want in zip(("in", "out"), two, strict=True):
                yield (stage, where, sem), semantic_source(stage, sem, SV_TYPES[sem], where), stage, want


@compile_only
@pytest.mark.parametrize("table,site", [*(("pairs", s) for s in MODIFIER_SITES), *(("twice", s) for s in TWICE_SITES)])
def test_storage_classes_and_modifiers(table, site):
    bad = [f"{key} {t}: fxc {'compiles' if want == 'Y' else 'fails'}" for key, src, t, want in _modifier_rows()
           if key[:2] == (table, site) and _verdict(src, t)[0] != (want == "Y")]
    assert not bad, "\n".join(bad)


@compile_only
@pytest.mark.parametrize("stage", SV_STAGES)
def test_system_values_per_stage_and_direction(stage):
    bad = []
    for key, src, t, want in _semantic_rows():
        if key[0] != stage:
            continue
        got = _verdict(src, t)[0]
        if key in SEMANTIC_GAPS:
            if got == (want == "Y"):
                bad.append(f"{key} agrees now: drop it from SEMANTIC_GAPS")
        elif got != (want == "Y"):
            bad.append(f"{key}: fxc {'compiles' if want == 'Y' else 'fails'}")
    assert not bad, "\n".join(bad)


#: (function, the call's argument declaration, fxc 10.1's verdict)
OUT_WRITES = [
    ("void f(out float g) { }", "float x", False),
    ("void f(out float2 g) { g.x = 1; }", "float2 x", False),
    ("struct S { float a; float b; }; void f(out S g) { g.a = 1; }", "S x", False),
    ("void f(out float g) { return; g = 1; }", "float x", False),
    ("void f(out float g) { if (k) g = 1; }", "float x", True),
    ("void f(out float g[2]) { g[0] = 1; }", "float x[2]", True),
    ("void f(inout float g) { }", "float x = 1", True),
    ("void f(out float g) { sincos(1, g, g); }", "float x", True),
]


@pytest.mark.parametrize("func,decl,compiles", OUT_WRITES)
def test_out_parameter_left_unwritten(func, decl, compiles):
    """X3508 "'f': output parameter 'g' not completely initialized" where the called body leaves a component
    of an out parameter unwritten on every path."""
    ok, err = _verdict(f"bool k;\n{func}\nfloat4 main() : SV_Target {{ {decl}; f(x); return 0; }}", "ps_5_0")
    assert ok == compiles, err
    if not compiles:
        assert "error X3508: 'f': output parameter 'g' not completely initialized" in err


def test_an_uncalled_function_is_not_judged():
    assert _verdict("void f(out float g) { }\nfloat4 main() : SV_Target { return 0; }", "ps_5_0")[0]


def test_groupshared_outside_compute_is_a_static_with_a_warning():
    from pyd3d11 import d3dcompiler as dc

    src = b"groupshared float g = 2;\nfloat4 main() : SV_Target { g += 1; return g; }"
    msgs: list = []
    dc.D3DCompile(src, len(src), "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    text = "".join(bytes(m.GetBufferPointer()).decode("latin-1") for m in msgs)
    assert "warning X3579: ps_5_0 does not support groupshared, groupshared ignored" in text


_LIVE = wine_d3dcompiler.unavailable_reason()


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47 re-check: {_LIVE}")
def test_recorded_verdicts_match_the_live_dll():
    real = wine_d3dcompiler.shared()
    bad = [k for k, s, t, w in [*_modifier_rows(), *_semantic_rows()] if real.compile(s, t, "main").ok != (w == "Y")]
    assert not bad, bad


#: struct / array parameters and returns: (case, target, program, fxc's signatures or None where it fails) -- each
#: element (semantic, index, register, D3D_NAME system value, component type, mask), inputs then outputs
SIGNATURE_CASES = [
    ('struct_members', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b : TEXCOORD1; };\nfloat4 main(I i) : SV_Target { return i.a + i.b.x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('struct_param_semantic_overrides', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b : TEXCOORD1; };\nfloat4 main(I i : COLOR3) : SV_Target { return i.a + i.b.x; }\n',
     ((('COLOR', 3, 0, 0, 3, 15), ('COLOR', 4, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('struct_no_member_semantics_param_sem', 'ps_5_0',
     'struct I { float4 a; float2 b; };\nfloat4 main(I i : TEXCOORD2) : SV_Target { return i.a + i.b.x; }\n',
     ((('TEXCOORD', 2, 0, 0, 3, 15), ('TEXCOORD', 3, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('struct_missing_member_semantic', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b; };\nfloat4 main(I i) : SV_Target { return i.a + i.b.x; }\n',
     None),
    ('struct_nested', 'ps_5_0',
     'struct J { float2 c : TEXCOORD5; };\nstruct I { float4 a : TEXCOORD0; J j; };\nfloat4 main(I i) : SV_Target { return i.a + i.j.c.x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 5, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('struct_nested_param_sem', 'ps_5_0',
     'struct J { float2 c; };\nstruct I { float4 a; J j; };\nfloat4 main(I i : TEXCOORD1) : SV_Target { return i.a + i.j.c.x; }\n',
     ((('TEXCOORD', 1, 0, 0, 3, 15), ('TEXCOORD', 2, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_param', 'ps_5_0',
     'float4 main(float4 a[2] : TEXCOORD0) : SV_Target { return a[0] + a[1]; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_param_index3', 'ps_5_0',
     'float4 main(float4 a[3] : TEXCOORD4) : SV_Target { return a[0] + a[2]; }\n',
     ((('TEXCOORD', 4, 0, 0, 3, 15), ('TEXCOORD', 5, 1, 0, 3, 15), ('TEXCOORD', 6, 2, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_param_no_index', 'ps_5_0',
     'float4 main(float2 a[2] : COLOR) : SV_Target { return a[0].x + a[1].y; }\n',
     ((('COLOR', 0, 0, 0, 3, 3), ('COLOR', 1, 1, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_member', 'ps_5_0',
     'struct I { float4 a[2] : TEXCOORD0; float b : TEXCOORD2; };\nfloat4 main(I i) : SV_Target { return i.a[1] + i.b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15), ('TEXCOORD', 2, 2, 0, 3, 1)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_member_overlap', 'ps_5_0',
     'struct I { float4 a[2] : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i) : SV_Target { return i.a[1] + i.b; }\n',
     None),
    ('array_of_struct', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i[2] : COLOR) : SV_Target { return i[1].a + i[0].b; }\n',
     ((('COLOR', 0, 0, 0, 3, 15), ('COLOR', 1, 1, 0, 3, 3), ('COLOR', 2, 2, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('array_of_struct_no_sem', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i[2]) : SV_Target { return i[1].a + i[0].b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 1)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('dup_input', 'ps_5_0',
     'float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD0) : SV_Target { return a + b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15),), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('dup_input_struct', 'ps_5_0',
     'struct I { float4 a : TEXCOORD0; float4 b : TEXCOORD0; };\nfloat4 main(I i) : SV_Target { return i.a + i.b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15),), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('dup_output', 'ps_5_0',
     'struct O { float4 a : SV_Target0; float4 b : SV_Target0; };\nO main() { O o; o.a = 1; o.b = 2; return o; }\n',
     None),
    ('dup_output_vs', 'ps_5_0',
     'struct O { float4 p : SV_Position; float4 a : TEXCOORD0; float4 b : TEXCOORD0; };\nO main() { O o; o.p = 0; o.a = 1; o.b = 2; return o; }\n',
     None),
    ('output_struct_return_sem', 'ps_5_0',
     'struct O { float4 a : SV_Target0; float4 b : SV_Target1; };\nO main() : SV_Target2 { O o; o.a = 1; o.b = 2; return o; }\n',
     ((), (('SV_Target', 2, 2, 64, 3, 15), ('SV_Target', 3, 3, 64, 3, 15)))),
    ('output_struct_no_sem', 'ps_5_0',
     'struct O { float4 a; };\nO main() { O o; o.a = 1; return o; }\n',
     None),
    ('output_struct_ret_sem_nomember', 'ps_5_0',
     'struct O { float4 a; float4 b; };\nO main() : SV_Target0 { O o; o.a = 1; o.b = 2; return o; }\n',
     ((), (('SV_Target', 0, 0, 64, 3, 15), ('SV_Target', 1, 1, 64, 3, 15)))),
    ('output_array_return', 'ps_5_0',
     'typedef float4 A2[2];\nA2 main() : SV_Target0 { A2 a = {1,2,3,4,5,6,7,8}; return a; }\n',
     ((), (('SV_Target', 0, 0, 64, 3, 15), ('SV_Target', 1, 1, 64, 3, 15)))),
    ('out_param_array', 'ps_5_0',
     'void main(out float4 o[2] : SV_Target0) { o[0] = 1; o[1] = 2; }\n',
     ((), (('SV_Target', 0, 0, 64, 3, 15), ('SV_Target', 1, 1, 64, 3, 15)))),
    ('out_param_struct', 'ps_5_0',
     'struct O { float4 a : SV_Target0; float4 b : SV_Target1; };\nvoid main(out O o) { o.a = 1; o.b = 2; }\n',
     ((), (('SV_Target', 0, 0, 64, 3, 15), ('SV_Target', 1, 1, 64, 3, 15)))),
    ('missing_param_sem', 'ps_5_0',
     'float4 main(float4 a) : SV_Target { return a; }\n',
     None),
    ('missing_return_sem', 'ps_5_0',
     'float4 main(float4 a : A) { return a; }\n',
     None),
    ('semantic_numbered_big', 'ps_5_0',
     'float4 main(float4 a : TEXCOORD31, float4 b : TEXCOORD32) : SV_Target { return a + b; }\n',
     ((('TEXCOORD', 31, 0, 0, 3, 15), ('TEXCOORD', 32, 1, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('semantic_trailing_digits', 'ps_5_0',
     'float4 main(float4 a : TEX007) : SV_Target { return a; }\n',
     ((('TEX', 7, 0, 0, 3, 15),), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('semantic_case_dup', 'ps_5_0',
     'float4 main(float4 a : texcoord0, float4 b : TEXCOORD0) : SV_Target { return a + b; }\n',
     ((('texcoord', 0, 0, 0, 3, 15),), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('sv_position_array', 'ps_5_0',
     'float4 main(float4 p[2] : SV_Position) : SV_Target { return p[0]; }\n',
     None),
    ('sv_target_array_out', 'ps_5_0',
     'void main(out float4 t[3] : SV_Target1) { t[0] = 1; t[1] = 2; t[2] = 3; }\n',
     ((), (('SV_Target', 1, 1, 64, 3, 15), ('SV_Target', 2, 2, 64, 3, 15), ('SV_Target', 3, 3, 64, 3, 15)))),
    ('sv_target_array_over', 'ps_5_0',
     'void main(out float4 t[8] : SV_Target1) { for (int i = 0; i < 8; i++) t[i] = i; }\n',
     None),
    ('struct_with_sv_and_user', 'ps_5_0',
     'struct I { float4 p : SV_Position; float4 c : COLOR0; };\nfloat4 main(I i) : SV_Target { return i.p + i.c; }\n',
     ((('SV_Position', 0, 0, 1, 3, 15), ('COLOR', 0, 1, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('two_structs_same_sem', 'ps_5_0',
     'struct I { float4 c : COLOR0; };\nfloat4 main(I a, I b) : SV_Target { return a.c + b.c; }\n',
     ((('COLOR', 0, 0, 0, 3, 15),), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('matrix_param', 'ps_5_0',
     'float4 main(float4x4 m : TEXCOORD0) : SV_Target { return m[3]; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15), ('TEXCOORD', 2, 2, 0, 3, 15), ('TEXCOORD', 3, 3, 0, 3, 15)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('matrix_param_rowmajor', 'ps_5_0',
     'float4 main(row_major float3x2 m : TEXCOORD0) : SV_Target { return m[2].x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 3), ('TEXCOORD', 1, 1, 0, 3, 3), ('TEXCOORD', 2, 2, 0, 3, 3)), (('SV_Target', 0, 0, 64, 3, 15),))),
    ('matrix_member_overlap', 'ps_5_0',
     'struct I { float2x2 m : TEXCOORD0; float4 x : TEXCOORD1; };\nfloat4 main(I i) : SV_Target { return i.m[0].x + i.x; }\n',
     None),
    ('struct_members@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b : TEXCOORD1; };\nfloat4 main(I i) : SV_Position { return i.a + i.b.x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('struct_param_semantic_overrides@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b : TEXCOORD1; };\nfloat4 main(I i : COLOR3) : SV_Position { return i.a + i.b.x; }\n',
     ((('COLOR', 3, 0, 0, 3, 15), ('COLOR', 4, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('struct_no_member_semantics_param_sem@vs', 'vs_5_0',
     'struct I { float4 a; float2 b; };\nfloat4 main(I i : TEXCOORD2) : SV_Position { return i.a + i.b.x; }\n',
     ((('TEXCOORD', 2, 0, 0, 3, 15), ('TEXCOORD', 3, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('struct_missing_member_semantic@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float2 b; };\nfloat4 main(I i) : SV_Position { return i.a + i.b.x; }\n',
     None),
    ('struct_nested@vs', 'vs_5_0',
     'struct J { float2 c : TEXCOORD5; };\nstruct I { float4 a : TEXCOORD0; J j; };\nfloat4 main(I i) : SV_Position { return i.a + i.j.c.x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 5, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('struct_nested_param_sem@vs', 'vs_5_0',
     'struct J { float2 c; };\nstruct I { float4 a; J j; };\nfloat4 main(I i : TEXCOORD1) : SV_Position { return i.a + i.j.c.x; }\n',
     ((('TEXCOORD', 1, 0, 0, 3, 15), ('TEXCOORD', 2, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_param@vs', 'vs_5_0',
     'float4 main(float4 a[2] : TEXCOORD0) : SV_Position { return a[0] + a[1]; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_param_index3@vs', 'vs_5_0',
     'float4 main(float4 a[3] : TEXCOORD4) : SV_Position { return a[0] + a[2]; }\n',
     ((('TEXCOORD', 4, 0, 0, 3, 15), ('TEXCOORD', 5, 1, 0, 3, 15), ('TEXCOORD', 6, 2, 0, 3, 15)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_param_no_index@vs', 'vs_5_0',
     'float4 main(float2 a[2] : COLOR) : SV_Position { return a[0].x + a[1].y; }\n',
     ((('COLOR', 0, 0, 0, 3, 3), ('COLOR', 1, 1, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_member@vs', 'vs_5_0',
     'struct I { float4 a[2] : TEXCOORD0; float b : TEXCOORD2; };\nfloat4 main(I i) : SV_Position { return i.a[1] + i.b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15), ('TEXCOORD', 2, 2, 0, 3, 1)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_member_overlap@vs', 'vs_5_0',
     'struct I { float4 a[2] : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i) : SV_Position { return i.a[1] + i.b; }\n',
     None),
    ('array_of_struct@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i[2] : COLOR) : SV_Position { return i[1].a + i[0].b; }\n',
     ((('COLOR', 0, 0, 0, 3, 15), ('COLOR', 1, 1, 0, 3, 1), ('COLOR', 2, 2, 0, 3, 15), ('COLOR', 3, 3, 0, 3, 1)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('array_of_struct_no_sem@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float b : TEXCOORD1; };\nfloat4 main(I i[2]) : SV_Position { return i[1].a + i[0].b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 1)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('dup_input@vs', 'vs_5_0',
     'float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD0) : SV_Position { return a + b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15),), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('dup_input_struct@vs', 'vs_5_0',
     'struct I { float4 a : TEXCOORD0; float4 b : TEXCOORD0; };\nfloat4 main(I i) : SV_Position { return i.a + i.b; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15),), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('dup_output@vs', 'vs_5_0',
     'struct O { float4 a : SV_Position0; float4 b : SV_Position0; };\nO main() { O o; o.a = 1; o.b = 2; return o; }\n',
     None),
    ('dup_output_vs@vs', 'vs_5_0',
     'struct O { float4 p : SV_Position; float4 a : TEXCOORD0; float4 b : TEXCOORD0; };\nO main() { O o; o.p = 0; o.a = 1; o.b = 2; return o; }\n',
     None),
    ('output_struct_no_sem@vs', 'vs_5_0',
     'struct O { float4 a; };\nO main() { O o; o.a = 1; return o; }\n',
     None),
    ('output_struct_ret_sem_nomember@vs', 'vs_5_0',
     'struct O { float4 a; float4 b; };\nO main() : SV_Position0 { O o; o.a = 1; o.b = 2; return o; }\n',
     None),
    ('output_array_return@vs', 'vs_5_0',
     'typedef float4 A2[2];\nA2 main() : SV_Position0 { A2 a = {1,2,3,4,5,6,7,8}; return a; }\n',
     None),
    ('out_param_array@vs', 'vs_5_0',
     'void main(out float4 o[2] : SV_Position0) { o[0] = 1; o[1] = 2; }\n',
     None),
    ('missing_param_sem@vs', 'vs_5_0',
     'float4 main(float4 a) : SV_Position { return a; }\n',
     None),
    ('missing_return_sem@vs', 'vs_5_0',
     'float4 main(float4 a : A) { return a; }\n',
     None),
    ('semantic_numbered_big@vs', 'vs_5_0',
     'float4 main(float4 a : TEXCOORD31, float4 b : TEXCOORD32) : SV_Position { return a + b; }\n',
     ((('TEXCOORD', 31, 0, 0, 3, 15), ('TEXCOORD', 32, 1, 0, 3, 15)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('semantic_trailing_digits@vs', 'vs_5_0',
     'float4 main(float4 a : TEX007) : SV_Position { return a; }\n',
     ((('TEX', 7, 0, 0, 3, 15),), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('semantic_case_dup@vs', 'vs_5_0',
     'float4 main(float4 a : texcoord0, float4 b : TEXCOORD0) : SV_Position { return a + b; }\n',
     ((('texcoord', 0, 0, 0, 3, 15),), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('sv_position_array@vs', 'vs_5_0',
     'float4 main(float4 p[2] : SV_Position) : SV_Position { return p[0]; }\n',
     None),
    ('struct_with_sv_and_user@vs', 'vs_5_0',
     'struct I { float4 p : SV_Position; float4 c : COLOR0; };\nfloat4 main(I i) : SV_Position { return i.p + i.c; }\n',
     ((('SV_Position', 0, 0, 0, 3, 15), ('COLOR', 0, 1, 0, 3, 15)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('two_structs_same_sem@vs', 'vs_5_0',
     'struct I { float4 c : COLOR0; };\nfloat4 main(I a, I b) : SV_Position { return a.c + b.c; }\n',
     ((('COLOR', 0, 0, 0, 3, 15),), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('matrix_param@vs', 'vs_5_0',
     'float4 main(float4x4 m : TEXCOORD0) : SV_Position { return m[3]; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 15), ('TEXCOORD', 1, 1, 0, 3, 15), ('TEXCOORD', 2, 2, 0, 3, 15), ('TEXCOORD', 3, 3, 0, 3, 15)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('matrix_param_rowmajor@vs', 'vs_5_0',
     'float4 main(row_major float3x2 m : TEXCOORD0) : SV_Position { return m[2].x; }\n',
     ((('TEXCOORD', 0, 0, 0, 3, 3), ('TEXCOORD', 1, 1, 0, 3, 3), ('TEXCOORD', 2, 2, 0, 3, 3)), (('SV_Position', 0, 0, 1, 3, 15),))),
    ('matrix_member_overlap@vs', 'vs_5_0',
     'struct I { float2x2 m : TEXCOORD0; float4 x : TEXCOORD1; };\nfloat4 main(I i) : SV_Position { return i.m[0].x + i.x; }\n',
     None),
]
#: a case this compiler does not yet lay out as fxc does: an array of structs' scalar members (fxc merges i[0].b and
#: i[1].b into one two-component COLOR1)
SIGNATURE_GAPS = {"array_of_struct"}


def _signatures(blob: bytes) -> tuple:
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(blob)
    d = r.GetDesc()

    def one(get, n: int) -> tuple:
        return tuple((p.SemanticName, p.SemanticIndex, p.Register, p.SystemValueType, p.ComponentType, p.Mask)
                     for p in (get(i) for i in range(n)))
    return one(r.GetInputParameterDesc, d.InputParameters), one(r.GetOutputParameterDesc, d.OutputParameters)


@compile_only
@pytest.mark.parametrize("name,target,src,want", SIGNATURE_CASES, ids=[f"{c[0]}-{c[1]}" for c in SIGNATURE_CASES])
def test_struct_and_array_semantics(name, target, src, want):
    try:
        got = _signatures(D3DCompile(src, None, "t.hlsl", None, None, "main", target))
    except ShaderCompileError:
        got = None
    if name in SIGNATURE_GAPS:
        assert got != want, "agrees now: drop it from SIGNATURE_GAPS"
    else:
        assert got == want
