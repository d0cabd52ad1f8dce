"""Effects 10/11 targets (fx_4_0, fx_4_1, fx_5_0) as fxc compiles them: a sweep over the effect definition.

Sources of the expected values (never the code under test):

* microsoft/FX11 ``Binary/EffectStates11.h`` (``g_lvGeneral``: state names, index counts, ``m_VectorScalar``) and
  ``Binary/EffectBinaryFormat.h`` (EScalarType, ECompilerAssignmentType, EObjectType numbers), written out by hand
  below;
* fxc's own objects and listings kept by spacehamster/DXDecompiler (``Internal/Effects``): AdvancedEffect_4_0/4_1/5_0
  (``SrcBlend = SRC_ALPHA;`` is one assignment at fx_4_0 and eight at fx_4_1/fx_5_0; ``DepthBias = 5`` is EST_Int,
  ``RenderTargetWriteMask[0] = 0x0F`` EST_UInt, ``CullMode = BACK`` and ``DepthEnable = TRUE`` EST_Int, Tutorial14's
  ``DepthEnable = false`` EST_Bool; plain CompileShader in a pass is ECAT_InlineShader; fx_4_x leaves technique11,
  fxgroup, vs_5_0 shader variables (NULL) and ComputeShader/ByteAddressBuffer/RWByteAddressBuffer variables out;
  objects carry no explicit bind point; ``Buffer<float4>`` is typed "Buffer");
* vkd3d's Windows-verified effect-pass-states-fx_5 (``SetRasterizerState(1-1)``, ``SetGeometryShader(0u)`` compile as
  NULL) and effect-variables-fx_4_1 (indexed SrcBlend needs fx_4_1);
* MicrosoftDocs "Effect Format", "Shader Type", "Effect State Groups", "Stream Out Syntax" for the syntax forms.

The last test compares every fx_5_0 effect of the DXDecompiler corpus with fxc's object (skipped without the mirror).
"""

from __future__ import annotations

import pytest

from pyd3d11.effects import model as M
from pyd3d11.effects import states as S
from pyd3d11.effects.fxcompile import compile_effect
from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

TARGETS = ("fx_4_0", "fx_4_1", "fx_5_0")
VS = ("float4 vs(float4 p : POSITION) : SV_Position { return p; }\n"
      "float4 ps() : SV_Target { return 1; }\n"
      "[maxvertexcount(1)] void gs(point float4 p[1] : SV_Position, inout PointStream<float4> s) { }\n")

# -- FX11 facts, by hand -------------------------------------------------------------------------------------
EST_FLOAT, EST_INT, EST_UINT, EST_BOOL = 1, 2, 3, 4  # EScalarType
ECAT_CONSTANT, ECAT_VARIABLE, ECAT_INLINE, ECAT_INLINE5 = 1, 2, 7, 8  # ECompilerAssignmentType
#: g_lvGeneral rows whose m_VectorScalar is true (a value without an index sets every render target)
VECTOR_SCALAR = ("SrcBlend", "DestBlend", "BlendOp", "SrcBlendAlpha", "DestBlendAlpha", "BlendOpAlpha")
EOT = {"PixelShader": 5, "VertexShader": 6, "GeometryShader": 7, "GeometryShaderSO": 8, "PixelShader5": 25,
       "VertexShader5": 26, "GeometryShader5": 27, "ComputeShader5": 28, "HullShader5": 29, "DomainShader5": 30}


def build(body: str, target: str = "fx_5_0", flags: int = 0) -> M.FxEffect:
    return compile_effect(VS + body, "t.fx", target, flags=flags)


def outcome(body: str, target: str) -> str:
    try:
        build(body, target)
        return "ok"
    except HlslError:
        return "error"
    except NotSupportedError:
        return "notimpl"


def block(eff: M.FxEffect, name: str) -> list[tuple[str, int, int, object]]:
    var = next(o for o in eff.objects if o.name == name)
    return [(S.LVALUES[a.state].name, a.index, a.kind, a.value) for a in var.blocks[0]]


def pass_states(eff: M.FxEffect) -> list[tuple[str, int, int, object]]:
    p = eff.groups[0].techniques[0].passes[0]
    return [(S.LVALUES[a.state].name, a.index, a.kind, a.value) for a in p.assignments]


# -- 1. vector/scalar blend states ---------------------------------------------------------------------------
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("state", VECTOR_SCALAR)
def test_unindexed_blend_state_sets_every_target_from_fx_4_1(state, target):
    value = "ADD" if "Op" in state else "ONE"
    got = block(build(f"BlendState b {{ {state} = {value}; }};", target), "b")
    want_indices = [0] if target == "fx_4_0" else list(range(8))
    assert [(n, i) for n, i, _k, _v in got] == [(state, i) for i in want_indices]


# fx_4_0 takes no index at all (d3dcompiler_47 10.1: `SrcBlend[0] = ONE;` fails "State 'SrcBlend' is not indexed")
@pytest.mark.parametrize("target,index,ok", [("fx_4_0", 0, False), ("fx_4_0", 1, False), ("fx_4_0", 7, False),
                                             ("fx_4_1", 7, True), ("fx_5_0", 7, True), ("fx_5_0", 8, False)])
@pytest.mark.parametrize("state", VECTOR_SCALAR)
def test_indexed_blend_state_per_target(state, target, index, ok):
    value = "ADD" if "Op" in state else "ONE"
    body = f"BlendState b {{ {state}[{index}] = {value}; }};"
    assert outcome(body, target) == ("ok" if ok else "error")
    if ok:
        assert [(n, i) for n, i, _k, _v in block(build(body, target), "b")] == [(state, index)]


@pytest.mark.parametrize("state", ["BlendEnable", "RenderTargetWriteMask"])
@pytest.mark.parametrize("target", TARGETS)
def test_per_target_arrays_take_eight_indices_at_every_target(state, target):
    assert outcome(f"BlendState b {{ {state}[7] = 1; }};", target) == "ok"
    assert outcome(f"BlendState b {{ {state}[8] = 1; }};", target) == "error"


# -- 2. the scalar type each constant keeps (SBinaryConstant.Type) --------------------------------------------
CONSTANT_KINDS = [
    ("RasterizerState", "DepthBias = 5", [(EST_INT, 5)]),  # decimal literal: Int (fxc: DepthBias = 5)
    ("DepthStencilState", "StencilReadMask = 0xFF", [(EST_UINT, 255)]),  # hex literal: UInt (fxc: 0xFF)
    ("DepthStencilState", "StencilWriteMask = 0xFFFFFFFF", [(EST_UINT, 0xFFFFFFFF)]),  # stored unmasked by fxc
    ("RasterizerState", "DepthBias = 5u", [(EST_UINT, 5)]),
    ("RasterizerState", "DepthBiasClamp = 5.5", [(EST_FLOAT, 5.5)]),  # fxc: DepthBiasClamp = 5.5
    ("RasterizerState", "DepthBiasClamp = 1", [(EST_INT, 1)]),  # fxc: RasterizerArray's DepthBiasClamp = 1
    ("RasterizerState", "CullMode = BACK", [(EST_INT, 3)]),  # named value: Int (fxc)
    ("RasterizerState", "CullMode = back", [(EST_INT, 3)]),  # names without regard to case
    ("DepthStencilState", "DepthEnable = TRUE", [(EST_INT, 1)]),  # FX11's g_rvBOOL name: Int (fxc)
    ("DepthStencilState", "DepthEnable = false", [(EST_BOOL, 0)]),  # HLSL literal: Bool (fxc: Tutorial14)
    ("RasterizerState", "DepthBias = -3", [(EST_INT, -3)]),
    ("RasterizerState", "DepthBias = 2 + 0x1", [(EST_UINT, 3)]),  # int op uint: uint
    ("RasterizerState", "DepthBiasClamp = 1 + 0.5", [(EST_FLOAT, 1.5)]),  # int op float: float
    ("SamplerState", "BorderColor = float4(2.0f, 3.0f, 4.0f, 5.0f)", [(EST_FLOAT, v) for v in (2.0, 3.0, 4.0, 5.0)]),
    ("SamplerState", "BorderColor = float4(1, 2, 3, 4)", [(EST_FLOAT, v) for v in (1.0, 2.0, 3.0, 4.0)]),
    ("SamplerState", "Filter = MIN_MAG_MIP_LINEAR", [(EST_INT, 0x15)]),
]


@pytest.mark.parametrize("kind,assign,want", CONSTANT_KINDS)
def test_constant_keeps_fxc_scalar_type(kind, assign, want):
    [(_n, _i, cat, value)] = block(build(f"{kind} s {{ {assign}; }};"), "s")
    assert cat == ECAT_CONSTANT
    assert value == want


def test_pass_function_values_keep_their_types():
    """fxc's AdvancedEffect: ``SetBlendState(NoBlending, float4(0.0f, …), 0xFFFFFFFF)`` and
    ``SetDepthStencilState(DisableDepth, 5)`` store AB_BlendFactor floats, AB_SampleMask UInt and DS_StencilRef Int,
    values before their object."""
    eff = build("BlendState nb { }; DepthStencilState dd { };\ntechnique10 t { pass p { "
                "SetBlendState(nb, float4(0.0f, 0.0f, 0.0f, 0.0f), 0xFFFFFFFF); SetDepthStencilState(dd, 5); } }")
    assert pass_states(eff) == [
        ("AB_BlendFactor", 0, ECAT_CONSTANT, [(EST_FLOAT, 0.0)] * 4), ("AB_SampleMask", 0, ECAT_CONSTANT,
                                                                       [(EST_UINT, 0xFFFFFFFF)]),
        ("BlendState", 0, ECAT_VARIABLE, "nb"), ("DS_StencilRef", 0, ECAT_CONSTANT, [(EST_INT, 5)]),
        ("DepthStencilState", 0, ECAT_VARIABLE, "dd")]


# -- 3. object states: NULL and integer zero -------------------------------------------------------------------
# a function's argument spells NULL exactly (10.1: `SetVertexShader(null)` fails "Unrecognized token null")
NULL_FORMS = [("NULL", True), ("null", False), ("0", True), ("1-1", True), ("0u", True), ("2*0", True),
              ("1", False), ("2-1", False), ("0x1", False)]


@pytest.mark.parametrize("call", ["SetRasterizerState({})", "SetDepthStencilState({}, 4)",
                                  "SetBlendState({}, float4(5, 6, 7, 8), 0xf0)", "SetVertexShader({})",
                                  "SetPixelShader({})", "SetGeometryShader({})",
                                  # a pass sets both tessellation stages or neither (10.1)
                                  "SetHullShader({}); SetDomainShader(NULL)", "SetDomainShader({}); SetHullShader(NULL)",
                                  "SetComputeShader({})", "OMSetRenderTargets({}, {})"])
@pytest.mark.parametrize("spelling,ok", NULL_FORMS)
def test_object_state_null_is_an_integer_zero(call, spelling, ok):
    body = f"technique11 t {{ pass p {{ {call.format(spelling, spelling)}; }} }}"
    assert outcome(body, "fx_5_0") == ("ok" if ok else "error")
    if ok:
        objects = [v for n, _i, _k, v in pass_states(build(body)) if n in (
            "RasterizerState", "DepthStencilState", "BlendState", "VertexShader", "PixelShader", "GeometryShader",
            "HullShader", "DomainShader", "ComputeShader", "RenderTargetView", "DepthStencilView")]
        # the zero keeps its type: an unsigned one is UInt 0 at fx_5_0 (d3dcompiler_47 10.1's objects, session 42
        # EFX: test_rules_effects_fxc_s42.OBJECT_ROWS)
        zero = EST_UINT if spelling == "0u" else EST_INT
        # (the tessellation rows set the other stage to NULL: Int 0)
        assert objects and all(v in ([(zero, 0)], [(EST_INT, 0)]) for v in objects) and [(zero, 0)] in objects


# -- 4. a state assigned twice keeps its last assignment -------------------------------------------------------
def test_reassigned_state_keeps_the_last_assignment_in_its_place():
    got = block(build("BlendState b { AlphaToCoverageEnable = TRUE; BlendEnable[0] = TRUE; "
                      "AlphaToCoverageEnable = FALSE; BlendEnable[1] = TRUE; };"), "b")
    assert [(n, i, v) for n, i, _k, v in got] == [("BlendEnable", 0, [(EST_INT, 1)]),
                                                  ("AlphaToCoverageEnable", 0, [(EST_INT, 0)]),
                                                  ("BlendEnable", 1, [(EST_INT, 1)])]


def test_reassigned_pass_state_keeps_the_last_assignment():
    eff = build("technique10 t { pass p { SetVertexShader(NULL); SetPixelShader(NULL); "
                "SetVertexShader(CompileShader(vs_4_0, vs())); } }")
    assert [n for n, _i, _k, _v in pass_states(eff)] == ["PixelShader", "VertexShader"]


# -- 5. shader assignment forms and their records ----------------------------------------------------------------
SHADER_FORMS = [
    "VertexShader = compile vs_4_0 vs();", "VertexShader = CompileShader(vs_4_0, vs());",
    "SetVertexShader(compile vs_4_0 vs());", "SetVertexShader(CompileShader(vs_4_0, vs()));",
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("form", SHADER_FORMS)
def test_inline_shader_forms_are_plain_inline_shaders(form, target):
    [(name, _i, cat, sh)] = pass_states(build(f"technique10 t {{ pass p {{ {form} }} }}", target))
    assert (name, cat, bool(sh.bytecode)) == ("VertexShader", ECAT_INLINE, True)


def test_inline_multi_stream_gs_is_the_fx5_record():
    eff = build('technique11 t { pass p { SetGeometryShader(ConstructGSWithSO(CompileShader(gs_5_0, gs()), '
                '"0:SV_Position.xyzw", "1:SV_Position.xy", NULL, NULL, 1)); } }')
    [(_n, _i, cat, sh)] = pass_states(eff)
    assert (cat, sh.so_decls[:2], sh.rasterized_stream) == (ECAT_INLINE5, ["0:SV_Position.xyzw",
                                                                           "1:SV_Position.xy"], 1)


SHADER_VARIABLES = [  # (declaration, target, EObjectType name)
    ("VertexShader v = CompileShader(vs_4_0, vs());", "fx_5_0", "VertexShader"),
    ("PixelShader v = CompileShader(ps_5_0, ps());", "fx_5_0", "PixelShader"),
    ("GeometryShader v = CompileShader(gs_5_0, gs());", "fx_5_0", "GeometryShader"),
    # the two-argument form stays GeometryShaderSO at fx_5_0 (d3dcompiler_47 10.1's object, session 35); the fx_5 form
    # with four declarations and a stream is GeometryShader5
    ('GeometryShader v = ConstructGSWithSO(CompileShader(vs_4_0, vs()), "SV_Position.xyzw");', "fx_5_0",
     "GeometryShaderSO"),
    ('GeometryShader v = ConstructGSWithSO(CompileShader(vs_4_0, vs()), "SV_Position.xyzw", NULL, NULL, NULL, -1);',
     "fx_5_0", "GeometryShader5"),
    ('GeometryShader v = ConstructGSWithSO(CompileShader(vs_4_0, vs()), "SV_Position.xyzw");', "fx_4_0",
     "GeometryShaderSO"),
    ("VertexShader v = CompileShader(vs_4_0, vs());", "fx_4_0", "VertexShader"),
]


@pytest.mark.parametrize("decl,target,eot", SHADER_VARIABLES)
def test_shader_variable_object_type(decl, target, eot):
    var = next(o for o in build(decl, target).objects if o.name == "v")
    assert var.type.object_type == EOT[eot]


# -- 6. what each target keeps ------------------------------------------------------------------------------
def test_fx4_leaves_out_technique11_and_fxgroup():
    body = ("technique10 a { pass { } }\ntechnique11 b { pass { SetHullShader(NULL); SetDomainShader(NULL); } }\n"
            "fxgroup g { technique11 c { pass { } } }\ntechnique d { pass { } }")
    for target, want in (("fx_4_0", ["a"]), ("fx_4_1", ["a"]), ("fx_5_0", ["a", "b", "c"])):
        names = [t.name for g in build(body, target).groups for t in g.techniques]
        assert names == want, target


@pytest.mark.parametrize("decl,kept_at_fx4", [
    ("ComputeShader x;", False), ("HullShader x;", False), ("DomainShader x;", False),
    ("ByteAddressBuffer x;", False), ("RWByteAddressBuffer x;", False), ("StructuredBuffer<float> x;", False),
    ("RWStructuredBuffer<float> x;", False), ("RWTexture2D<float4> x;", False), ("RWBuffer<float> x;", False),
    ("AppendStructuredBuffer<float> x;", False), ("ConsumeStructuredBuffer<float> x;", False),
    ("Texture2D x;", True), ("Buffer<float4> x;", True), ("SamplerState x;", True), ("BlendState x;", True),
    ("RenderTargetView x;", True), ("DepthStencilView x;", True), ("string x = \"s\";", True),
    ("VertexShader x;", True), ("GeometryShader x;", True),
])
def test_fx5_only_object_kinds_are_left_out_of_fx4(decl, kept_at_fx4):
    for target in TARGETS:
        names = [o.name for o in build(decl, target).objects]
        assert names == (["x"] if kept_at_fx4 or target == "fx_5_0" else []), target


def test_fx4_shader_variable_of_a_5_0_profile_is_null():
    for target in ("fx_4_0", "fx_4_1"):
        var = next(o for o in build("VertexShader v = CompileShader(vs_5_0, vs());", target).objects)
        assert var.shaders[0].bytecode == b"", target
    var = next(o for o in build("VertexShader v = CompileShader(vs_5_0, vs());", "fx_5_0").objects)
    assert var.shaders[0].bytecode


def test_object_variables_carry_no_bind_point_and_no_template_name():
    eff = build("Buffer<float4> b : register(t10); Texture2D t : register(t3);\n"
                "cbuffer c : register(b5) { float4 f; }\nstruct { float a; } anon;")
    assert [(o.name, o.type.name, o.bind_point) for o in eff.objects] == [("b", "Buffer", 0xFFFFFFFF),
                                                                          ("t", "Texture2D", 0xFFFFFFFF)]
    assert next(c for c in eff.cbuffers if c.name == "c").bind_point == 5
    anon = next(v for c in eff.cbuffers for v in c.variables if v.name == "anon")
    assert anon.type.name == "<unnamed>"


# -- 7. syntax acceptance per target -------------------------------------------------------------------------
ACCEPTANCE = [  # (body, outcome at fx_4_0, fx_4_1, fx_5_0)
    ("technique10 t { pass p { VertexShader = NULL; PixelShader = null; GeometryShader = 0; } }", "ok", "ok", "ok"),
    ("technique10 t { pass p { setvertexshader(NULL); } }", "error", "error", "error"),  # functions match case
    ("technique10 t { pass p { SetBlendState(NULL, float4(1, 1, 1, 1)); } }", "error", "error", "error"),
    ("technique10 t { pass p { SetDepthStencilState(NULL); } }", "error", "error", "error"),
    ("RenderTargetView r; technique10 t { pass p { OMSetRenderTargets(r); } }", "error", "error", "error"),
    ("RenderTargetView r[8]; DepthStencilView d; technique10 t { pass p { OMSetRenderTargets(r[0], r[1], r[2], "
     "r[3], r[4], r[5], r[6], r[7], d); } }", "ok", "ok", "ok"),
    ("technique10 t { pass p { SetHullShader(NULL); SetDomainShader(NULL); } }", "error", "error", "ok"),
    ("technique10 t { pass p { SetHullShader(NULL); } }", "error", "error", "error"),  # both or neither (10.1)
    ("technique10 t { pass p { Foo = 1; } }", "error", "error", "error"),
    ("BlendState b { FillMode = SOLID; };", "error", "error", "error"),  # a state of another block
    ("BlendState b { SrcBlend = BOGUS; };", "error", "error", "error"),
    ("BlendState b { srcblend = one; };", "ok", "ok", "ok"),  # state names and values without regard to case
    ("SamplerState s { BorderColor = float3(1, 1, 1); };", "error", "error", "error"),  # 4 components
    ("SamplerState s { BorderColor = 1; };", "error", "error", "error"),  # no splat (10.1: dimensionality)
    ("SamplerState s { BorderColor = (1).xxxx; };", "ok", "ok", "ok"),
    ("Texture2D tx; SamplerState s { Texture = <tx>; };", "ok", "ok", "ok"),
    ("BlendState b; DepthStencilState d; technique10 t { pass p { RasterizerState = b; } }",
     "error", "error", "error"),
    ("technique10 t < int a = 1; string s = \"x\"; float2 f = {1, 2}; > { pass p < bool b = true; > { } }",
     "ok", "ok", "ok"),
    ("Texture2D tex; technique10 t < Texture2D a = tex; > { pass p { } }", "error", "error", "error"),
    ("technique10 t { pass p { } } technique11 t { pass q { } }", "error", "error", "error"),
    ('GeometryShader g = ConstructGSWithSO(CompileShader(vs_4_0, vs()), "SV_Position.xyzw", NULL, NULL, NULL, 0);',
     "error", "error", "ok"),  # fx_4: shader and one declaration
    ('technique10 t { pass p { GeometryShader = ConstructGSWithSO(CompileShader(vs_4_0, vs()), '
     '"SV_Position.xyzw"); } }', "ok", "ok", "ok"),
    ("interface I { float f(); }; class C : I { float f() { return 1; } }; C c; I i = c;", "error", "error", "ok"),
    # FXLVM code (session 26, helper FX11: built, user functions inlined; test_fx11_fxlvm.py); in a state object
    # only under D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS (performance mode refuses it), in a pass always
    ("uint d; DepthStencilState s { DepthFunc = d + 2; };", "error", "error", "error"),
    ("uint d; uint f() { return d; } DepthStencilState s[2]; technique10 t { pass p { "
     "SetDepthStencilState(s[f()], d * 2); } }", "ok", "ok", "ok"),  # inlined
    ("uint d; uint f() { for (;;) {} return d; } technique10 t { pass p { SetDepthStencilState(NULL, f()); } }",
     "notimpl", "notimpl", "notimpl"),  # loops in an inlined function: not built
]


@pytest.mark.parametrize("body,o40,o41,o50", ACCEPTANCE)
def test_effect_syntax_per_target(body, o40, o41, o50):
    assert [outcome(body, t) for t in TARGETS] == [o40, o41, o50]


def test_backwards_compatibility_drops_direct3d9_states():
    """fxc /Gec (D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY) on ContentStreaming.fx: ``MipFilter = Linear;`` in a
    sampler_state is read and not written; without /Gec it is an unknown state."""
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as GEC

    body = "Texture2D tx; sampler2D s = sampler_state { Texture = (tx); MipFilter = Linear; AddressU = WRAP; };"
    assert [n for n, _i, _k, _v in block(build(body, "fx_4_0", GEC), "s")] == ["Texture", "AddressU"]
    assert outcome(body, "fx_4_0") == "error"
    assert outcome(body.replace("MipFilter", "NoSuchState"), "fx_4_0") == "error"


# -- 8. fxc's objects ---------------------------------------------------------------------------------------
def test_fx5_effects_equal_fxc_objects():
    from pyd3d11.tools import dxd_corpus
    from pyd3d11.tools.real_corpora import MIRROR, GitTree

    tree = GitTree(MIRROR / dxd_corpus.REPO / "repo", dxd_corpus.REV)
    if not tree.exists():
        pytest.skip("no git mirror of spacehamster/DXDecompiler")
    res = dxd_corpus.run(tree, "*Effects/*5*FX")
    t = res["tally"]
    assert t["fx_5_0 effects"] >= 10
    # session 26 (helper FX11): EffectExpressions compiles; its two states computed by user functions (func(),
    # func2(): fxc's optimiser orders and folds that code its own way) are FXLVM programs that compute what
    # fxc's do (test_fx11_fxlvm.py runs both), not the same bytes; every other item of every object is equal
    for job, diffs in res["differing"].items():
        assert job.startswith("Internal/Effects/EffectExpressions_5_0"), (job, diffs)
        assert sorted(d[1].split(",")[3].strip() for d in diffs) == ["'MinLOD'", "'MipLODBias'"], (job, diffs)
    assert t["fx_5_0 effects equal"] == t["fx_5_0 effects"] - len(res["differing"])
