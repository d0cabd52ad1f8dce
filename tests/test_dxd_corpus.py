"""Reflection rules found with fxc 10.1 as the oracle (tools/dxd_corpus.py over DXDecompiler's SM4/5 corpus,
docs/conformance.md "Session 24, helper REF"), each tested from its definition with values computed by hand,
plus a representative subset of the corpus itself when its git mirror is present (a development resource: the
tests skip without it).

Provenance of each rule is given on its test; "inferred from N fxc objects" marks a rule no documentation states.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect
from pyd3d11.tools import dxd_corpus
from pyd3d11.tools.real_corpora import MIRROR, GitTree

BACKCOMPAT = 0x1000  # D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

# -- the corpus itself (a development resource: skipped without the git mirror) ----------------------------------
_TREE = GitTree(MIRROR / dxd_corpus.REPO / "repo", dxd_corpus.REV)
_needs_mirror = pytest.mark.skipif(not _TREE.exists(), reason="no git mirror of spacehamster/DXDecompiler")
#: one compile per rule fixed with this oracle and per kind of stage (reflection equal to fxc's)
_SUBSET = ["Internal/ResourceDefinitions", "Internal/ResourceDefinitions_5_1", "Internal/RasterOrderViews",
           "Internal/Operations/Texture_Legacy", "3Dmigoto/structured_buffers_5", "3Dmigoto/signatures_ps_0",
           "3Dmigoto/signatures_vs", "HlslCrossCompiler/apps/generic/Clipping_VS", "Unity/fog_test_Exp2_VS_50",
           "Unity/fog_test_Exp2_PS_50", "HlslCrossCompiler/ps5/conservative_depth_ge",
           "Internal/General/AdvancedHLSL_VS", "Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_HS",
           "Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_DS", "Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_GS", "Sdk/Direct3D11/NBodyGravityCS11/NBodyGravityCS11",
           "Internal/Level9_Test_PS_9_2"]


@pytest.fixture(scope="module")
def corpus_jobs() -> dict[str, dxd_corpus.Compile]:
    return {j.name: j for j in dxd_corpus.jobs(_TREE)}


@_needs_mirror
@pytest.mark.parametrize("name", _SUBSET)
def test_corpus_reflection_equals_fxc(corpus_jobs, name: str):
    job = corpus_jobs[name]
    blob, err = dxd_corpus._compile(_TREE, job)
    assert err is None
    assert dxd_corpus.compare(dxd_corpus.facts(blob), dxd_corpus.facts(_TREE.read(job.output("o")))) == []


@_needs_mirror
def test_batch_file_forwards_two_options(corpus_jobs):
    """CompileShader.bat hands fxc ``%6 %7`` only: Unity's CALLs name /I, /Gec and three /D, fxc got the first two."""
    job = corpus_jobs["Unity/fog_test_Exp2_VS_25"]
    assert job.defines == () and job.flags == 0x1000  # D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (/Gec)
    assert job.include_dirs == (f"{dxd_corpus.ROOT}/Unity/CGIncludes",)


def test_listing_sections_read_both_resource_tables():
    """fxc 10.1's Resource Bindings rows (``HLSL Bind``/``Count``) and fxc 9.30's (``Slot``/``Elements``) compare
    as the same (name, type, format, dim, slot, count) rows."""
    new = ("// Resource Bindings:\n//\n// Name Type Format Dim HLSL Bind Count\n// ---\n"
           "// tex0                              texture  float4        cube             t0      1 \n//\nps_5_0\n")
    old = ("// Resource Bindings:\n//\n// Name Type Format Dim Slot Elements\n// ---\n"
           "// tex0                              texture  float4        cube    0        1\n//\nps_5_0\n")
    assert dxd_corpus.listing_sections(new) == dxd_corpus.listing_sections(old) == {
        "Resource Bindings": [("tex0", "texture", "float4", "cube", 0, "1")]}


def _reflect(src: str, target: str = "ps_5_0", entry: str = "main", flags: int = 0):
    return D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, entry, target, flags))


def _members(t) -> list[tuple[str, int]]:
    d = t.GetDesc()
    return [(t.GetMemberTypeName(i), t.GetMemberTypeByIndex(i).GetDesc().Offset) for i in range(d.Members)]


# -- structured buffer element layout --------------------------------------------------------------------------
# A structured buffer's element is stored with no 16-byte register rule: each member follows the previous one
# (the buffer's stride is the sum of its 4-byte components). The $Element type of the RDEF bind-info buffer
# reports those offsets (fxc 10.1: 3Dmigoto structured_buffers_4 / _5 / _extra_5, ``float oopsie; float4 m4;``
# puts m4 at 52; the constant-buffer rules would give 64). Offsets below are hand sums of 4-byte components.
_STRUCTURED = [
    # (struct body, [(member, offset)])
    ("float a; float4 b;", [("a", 0), ("b", 4)]),
    ("float3 a; float2 b; float c;", [("a", 0), ("b", 12), ("c", 20)]),
    ("float a; float4x4 m; uint u;", [("a", 0), ("m", 4), ("u", 68)]),
    ("float a[3]; float2 b;", [("a", 0), ("b", 12)]),
    ("int2 a; double d; float f;", [("a", 0), ("d", 8), ("f", 16)]),
    ("float foo; uint bar; snorm float baz; int buz; float4 f4; float4 g4; float oopsie; float4 m4; float4 n4;",
     [("foo", 0), ("bar", 4), ("baz", 8), ("buz", 12), ("f4", 16), ("g4", 32), ("oopsie", 48), ("m4", 52),
      ("n4", 68)]),
]


@pytest.mark.parametrize(("body", "expected"), _STRUCTURED)
def test_structured_element_member_offsets_are_packed(body: str, expected: list[tuple[str, int]]):
    src = f"struct S {{ {body} }};\nStructuredBuffer<S> sb : register(t0);\nRWBuffer<float> o : register(u0);\n" \
          "[numthreads(1,1,1)] void main() { o[0] = (float)sb[0]." + expected[-1][0] + "; }"
    r = _reflect(src, "cs_5_0")
    elem = r.GetConstantBufferByName("sb").GetVariableByIndex(0).GetType()
    assert _members(elem) == expected


def test_structured_nested_struct_offsets_are_relative_and_packed():
    """A member struct's own members are offsets inside that struct, packed as well (fxc: struct_buf_2's
    inner_struct_2.inner_struct_3.m4 at 52 inside its struct foo)."""
    src = """struct In { float x; float4 y; };
struct S { float a; In i; float2 b; };
StructuredBuffer<S> sb : register(t0);
RWBuffer<float> o : register(u0);
[numthreads(1,1,1)] void main() { o[0] = sb[0].b.y; }"""
    elem = _reflect(src, "cs_5_0").GetConstantBufferByName("sb").GetVariableByIndex(0).GetType()
    assert _members(elem) == [("a", 0), ("i", 4), ("b", 24)]
    assert _members(elem.GetMemberTypeByName("i")) == [("x", 0), ("y", 4)]


def test_cbuffer_struct_offsets_keep_the_register_rules():
    """The same struct in a constant buffer keeps the packing rules (a float4 after a float starts a register)."""
    src = "struct S { float a; float4 b; };\ncbuffer c : register(b0) { S s; }\n" \
          "float4 main() : SV_Target { return s.b; }"
    t = _reflect(src).GetConstantBufferByName("c").GetVariableByName("s").GetType()
    assert _members(t) == [("a", 0), ("b", 16)]


# -- type names --------------------------------------------------------------------------------------------------
# An anonymous struct is "<unnamed>"; one declared as a member of struct S is "S::<unnamed>" — inferred from 3 fxc
# 10.1 objects of DXDecompiler's corpus (ResourceDefinitions, AdvancedHLSL_VS, 3Dmigoto structured_buffers_extra_5:
# ``struct bar { struct {..} inner_struct_1; struct {..} inner_struct_2[2]; }`` reflects "bar::<unnamed>" for both,
# the cbuffer-level ``struct {..} anonStruct1`` "<unnamed>"). ``half`` keeps its spelling as the name of a float
# type (Unity fog_test VS/PS: ``half4 unity_SHAr`` is "half4", D3D_SVT_FLOAT). A ``half`` cbuffer member is fxc's
# X3650 at shader model 4+ without D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (Unity's objects were built with it),
# so the fixture compiles with BACKCOMPAT; d3dcompiler_47 10.1 under Wine (session 36) reflects every _NAMES row.
_NAMES_SRC = """struct bar { float a; struct { float x; } inner1; struct { float y; } inner2[2]; };
cbuffer c : register(b0) { bar b; struct { float v; } anon; half h; half3 h3; half2x3 hm; float f; }
float4 main() : SV_Target { return b.a + b.inner1.x + b.inner2[1].y + anon.v + h
                                   + h3.x + hm._m00 + f; }"""
_NAMES = [
    # (path from the cbuffer variable, reflected name, D3D_SVT type)
    (("b",), "bar", 0), (("b", "inner1"), "bar::<unnamed>", 0), (("b", "inner2"), "bar::<unnamed>", 0),
    (("anon",), "<unnamed>", 0), (("h",), "half", 3), (("h3",), "half3", 3), (("hm",), "half2x3", 3),
    (("f",), "float", 3), (("b", "a"), "float", 3),
]


@pytest.fixture(scope="module")
def names_cbuffer():
    return _reflect(_NAMES_SRC, flags=BACKCOMPAT).GetConstantBufferByName("c")


@pytest.mark.parametrize(("path", "name", "vtype"), _NAMES)
def test_reflected_type_names(names_cbuffer, path: tuple[str, ...], name: str, vtype: int):
    t = names_cbuffer.GetVariableByName(path[0]).GetType()
    for member in path[1:]:
        t = t.GetMemberTypeByName(member)
    d = t.GetDesc()
    assert (d.Name, d.Type) == (name, vtype)


# -- shader model 5.1 ----------------------------------------------------------------------------------------------
# D3D_SIF_USERPACKED (d3dcommon.h: "the shader resource was declared with a register") marks every explicitly
# placed binding at 4.x/5.0; at 5.1 fxc keeps it on constant buffers only — inferred from 4 fxc 10.1 objects of
# DXDecompiler's corpus (BasicHLSL_PS_5_1, ResourceDefinitions_5_1, HLSLSample_PS_5_1, RasterOrderViews).
_PLACED = """cbuffer cb : register(b1) { float4 k; }
Texture2D tx : register(t2); SamplerState sm : register(s3); RWTexture2D<float4> uv : register(u4);
Texture2D tauto; SamplerState sauto;
float4 main(float4 p : SV_Position) : SV_Target { uv[uint2(0, 0)] = k; return tx.Sample(sm, p.xy) + tauto.Sample(sauto,
p.xy); }"""
# D3D_SIF_USERPACKED = 1, D3D_SIF_TEXTURE_COMPONENTS = 12 (a float4 texture / typed UAV)
_PLACED_FLAGS = [("cb", 1, 1), ("tx", 13, 12), ("sm", 1, 0), ("uv", 13, 12), ("tauto", 12, 12), ("sauto", 0, 0)]


@pytest.mark.parametrize(("name", "flags50", "flags51"), _PLACED_FLAGS)
def test_userpacked_bind_flag_by_model(name: str, flags50: int, flags51: int):
    for target, expected in (("ps_5_0", flags50), ("ps_5_1", flags51)):
        assert _reflect(_PLACED, target).GetResourceBindingDescByName(name).uFlags == expected, target


def test_ps_5_1_uavs_do_not_start_after_the_render_targets():
    """ps_5_0: an automatically placed UAV takes the first u# after the render targets (Direct3D 11 binds UAVs
    after the RTVs, OMSetRenderTargetsAndUnorderedAccessViews); ps_5_1 (Direct3D 12, UAVs bound apart): u0, as fxc
    10.1's RasterOrderViews.o places rov1 beside an SV_Target."""
    src = "RWBuffer<float> a; RWBuffer<float> b;\nstruct O { float4 c0 : SV_Target0; float4 c1 : SV_Target1; };\n" \
          "O main() { a[0] = 1; b[0] = 2; O o; o.c0 = 0; o.c1 = 1; return o; }"
    for target, first in (("ps_5_0", 2), ("ps_5_1", 0)):
        r = _reflect(src, target)
        assert [r.GetResourceBindingDescByName(n).BindPoint for n in ("a", "b")] == [first, first + 1], target


# D3D11_SHADER_DESC.Flags: the compile's D3DCOMPILE_* flags with NO_PRESHADER (0x100); 5.1 adds 0x400, and
# ENABLE_UNBOUNDED_DESCRIPTOR_TABLES (0x100000) is kept — inferred from the 7 ps/vs_5_1 objects of the corpus
# (0x500, SM51_test.o compiled with /enable_unbounded_descriptor_tables 0x100500) against 0x100 at 4.x/5.0.
_FLAGS = [("ps_5_0", 0, 0x100), ("ps_5_1", 0, 0x500), ("ps_5_1", 0x100000, 0x100500), ("ps_5_0", 0x4, 0x104),
          ("ps_4_0", 0, 0x100)]


@pytest.mark.parametrize(("target", "compile_flags", "expected"), _FLAGS)
def test_shader_desc_flags(target: str, compile_flags: int, expected: int):
    src = "float4 main() : SV_Target { return 1; }"
    assert _reflect(src, target, flags=compile_flags).GetDesc().Flags == expected


# -- D3D9-style samplers at SM4+ -------------------------------------------------------------------------------------
# The texture fxc makes for a legacy sampler bears the sampler's name (fxc 10.1: Texture_Legacy's tex0..tex4, Unity
# fog_test_PS's _MainTex, each a sampler and a texture of one name). Direct3D 9 has no 1D texture (D3DRESOURCETYPE:
# surface, volume, texture, volume texture, cube texture…; tex1D reads a 2D texture), and the texture of a tex1D
# sample is a Texture2D read at v = 0.5 with zero v derivatives (Texture_Legacy: ``sampler1D tex1`` → "2d",
# ``mov r3.y, l(0.5)``). D3D_SRV_DIMENSION: TEXTURE2D 4, TEXTURE3D 8, TEXTURECUBE 9.
_LEGACY = [
    # (declaration, sample expression, texture dimension)
    ("sampler1D s;", "tex1D(s, p.x)", 4), ("sampler1D s;", "tex1Dgrad(s, p.x, p.y, p.z)", 4),
    ("sampler1D s;", "tex1Dproj(s, p)", 4), ("sampler1D s;", "tex1Dlod(s, p)", 4), ("sampler1D s;", "tex1Dbias(s, p)", 4),
    ("sampler2D s;", "tex2D(s, p.xy)", 4), ("sampler3D s;", "tex3D(s, p.xyz)", 8), ("samplerCUBE s;", "texCUBE(s, p.xyz)", 9),
    ("sampler s;", "texCUBE(s, p.xyz)", 9), ("sampler s;", "tex1D(s, p.x)", 4),
]


@pytest.mark.parametrize(("decl", "expr", "dim"), _LEGACY)
def test_legacy_sampler_texture(decl: str, expr: str, dim: int):
    # DX9-style intrinsics need backwards compatibility at shader model 4+ (fxc 10.1's X3523; the corpus objects
    # were built with /Gec)
    r = _reflect(f"{decl}\nfloat4 main(float4 p : TEXCOORD) : SV_Target {{ return {expr}; }}", flags=BACKCOMPAT)
    d = r.GetDesc()
    binds = [r.GetResourceBindingDesc(i) for i in range(d.BoundResources)]
    # D3D_SIT_SAMPLER 3, D3D_SIT_TEXTURE 2
    assert [(b.Name, b.Type) for b in binds] == [("s", 3), ("s", 2)]
    assert binds[1].Dimension == dim
    # the texture's t# is not the source's: no D3D_SIF_USERPACKED (1), only the 4-component flags (12)
    assert binds[1].uFlags == 12


def test_legacy_texture_of_a_placed_sampler_is_not_userpacked():
    """``sampler2D s : register(s3)`` places the sampler (USERPACKED) but not its texture, which takes t0."""
    r = _reflect("sampler2D s : register(s3);\n"
                 "float4 main(float4 p : TEXCOORD) : SV_Target { return tex2D(s, p.xy); }", flags=BACKCOMPAT)
    binds = [r.GetResourceBindingDesc(i) for i in range(r.GetDesc().BoundResources)]
    assert [(b.Type, b.BindPoint, b.uFlags) for b in binds] == [(3, 3, 1), (2, 0, 12)]


def test_legacy_tex1d_reads_row_half():
    """tex1D(s, u) samples (u, 0.5); tex1Dgrad's derivatives are (d, 0): the listing's immediates."""
    from pyd3d11.d3dcompiler import D3DDisassemble

    src = "sampler1D s;\nfloat4 main(float4 p : TEXCOORD) : SV_Target { return tex1Dgrad(s, p.x, p.y, p.z); }"
    text = bytes(D3DDisassemble(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", BACKCOMPAT))).decode()
    lines = [ln for ln in text.splitlines() if not ln.startswith("//")]
    assert "dcl_resource_texture2d (float,float,float,float) t0" in lines
    movs = [ln for ln in lines if ln.startswith("mov ")]
    assert any("l(0,0.500000,0,0)" in ln or "l(0.500000" in ln for ln in movs)
    assert sum("l(0,0,0,0)" in ln for ln in movs) == 2  # the two derivatives' v


# -- output signature: components never written ------------------------------------------------------------------
# D3D11_SIGNATURE_PARAMETER_DESC.ReadWriteMask of an output: the components of its register the shader never
# writes (MicrosoftDocs: "whether a given component is never written (if the signature is an output signature)").
# An output without a register (oDepth, oMask, oDepthGE/LE, oStencilRef; one component, mask 1) stores 0xE: inferred
# from 13 fxc objects of DXDecompiler's and SlimShader's corpora, none of which stores 0.
_REGISTERLESS = [("float", "SV_Depth"), ("float", "SV_DepthGreaterEqual"), ("float", "SV_DepthLessEqual"),
                 ("uint", "SV_Coverage"), ("uint", "SV_StencilRef")]


@pytest.mark.parametrize(("ty", "sem"), _REGISTERLESS)
def test_registerless_output_never_written_mask(ty: str, sem: str):
    # (a conservative depth output beside a position read at the pixel centre is the validator's X8000:
    # hlsl/depthvalid.py -- a centroid position compiles in d3dcompiler_47 10.1)
    where = "centroid " if "Equal" in sem else ""
    src = f"float4 main({where}float4 p : SV_Position, out {ty} d : {sem}) : SV_Target {{ d = ({ty})p.z; return p; }}"
    r = _reflect(src, "ps_5_1" if sem == "SV_StencilRef" else "ps_5_0")
    outs = [r.GetOutputParameterDesc(i) for i in range(r.GetDesc().OutputParameters)]
    d = next(o for o in outs if o.SemanticName == sem)
    assert (d.Register, d.Mask, d.ReadWriteMask) == (0xFFFFFFFF, 1, 0xE)
    t = next(o for o in outs if o.SemanticName == "SV_Target")
    assert (t.Mask, t.ReadWriteMask) == (0xF, 0)  # a register output written in full: none never written


# -- which constant-buffer variables a shader uses ----------------------------------------------------------------
# D3D_SVF_USED (2): the shader reads the variable. A global read only by an overload that another overload of the
# same name calls (Unity's UnityObjectToClipPos(float4) → UnityObjectToClipPos(float3), fog_test VS: fxc 10.1 flags
# unity_ObjectToWorld and unity_MatrixVP used) is used; the overloads were once walked by name, so the second was
# never visited: its globals were flagged unused, and with no other global read the $Globals buffer got no slot
# (the program read ``cb-1[..]`` and did not assemble).
_OVERLOADS = """float4 pad[3]; float4x4 M; float4 unread; float4x4 VP;
inline float4 f(in float3 pos) { return mul(VP, mul(M, float4(pos, 1.0))); }
inline float4 f(float4 pos) { return f(pos.xyz); }
float4 main(float4 p : POSITION) : SV_Position { return f(p); }"""


def test_globals_read_by_an_overload_called_from_its_namesake_are_used():
    cb = _reflect(_OVERLOADS, "vs_5_0").GetConstantBufferByName("$Globals")
    flags = {cb.GetVariableByIndex(i).GetDesc().Name: cb.GetVariableByIndex(i).GetDesc().uFlags for i in range(4)}
    assert flags == {"pad": 0, "M": 2, "unread": 0, "VP": 2}


# -- rasterizer-ordered views and the stencil reference -----------------------------------------------------------
# A RasterizerOrdered* object declares its UAV with the rasterizer-ordered bit (``_rov``; fxc 10.1's
# RasterOrderViews.o: every rov declaration, none of the RW ones), and the shader then requires
# D3D_SHADER_REQUIRES_ROVS (0x1000: "rasterizer ordered views"); writing SV_StencilRef requires
# D3D_SHADER_REQUIRES_STENCIL_REF (0x200: "stencil reference values set by pixel shaders") — d3dcommon.h /
# ID3D11ShaderReflection::GetRequiresFlags.
_ROV_KINDS = [("RasterizerOrderedBuffer<float4>", "dcl_uav_typed_buffer_rov"),
              ("RasterizerOrderedTexture2D<float4>", "dcl_uav_typed_texture2d_rov"),
              ("RasterizerOrderedTexture1DArray<float4>", "dcl_uav_typed_texture1darray_rov"),
              ("RasterizerOrderedByteAddressBuffer", "dcl_uav_raw_rov"),
              ("RasterizerOrderedStructuredBuffer<float4>", "dcl_uav_structured_rov"),
              ("RWTexture2D<float4>", "dcl_uav_typed_texture2d ")]
_ROV_USE = {"RasterizerOrderedByteAddressBuffer": "u.Store(0, 1u)", "RasterizerOrderedStructuredBuffer<float4>":
            "u[0] = 1", "RasterizerOrderedBuffer<float4>": "u[0] = 1", "RasterizerOrderedTexture2D<float4>":
            "u[uint2(0, 0)] = 1", "RasterizerOrderedTexture1DArray<float4>": "u[uint2(0, 0)] = 1",
            "RWTexture2D<float4>": "u[uint2(0, 0)] = 1"}


@pytest.mark.parametrize(("decl", "dcl"), _ROV_KINDS)
def test_rov_declaration_and_requires_flag(decl: str, dcl: str):
    from pyd3d11.d3dcompiler import D3DDisassemble

    src = f"{decl} u : register(u1);\nfloat4 main() : SV_Target {{ {_ROV_USE[decl]}; return 0; }}"
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    text = bytes(D3DDisassemble(blob)).decode()
    assert any(ln.startswith(dcl) for ln in text.splitlines())
    assert bool(D3DReflect(blob).GetRequiresFlags() & 0x1000) == ("_rov" in dcl)


def test_stencil_ref_output_requires_flag():
    with_ref = "float4 main(out uint s : SV_StencilRef) : SV_Target { s = 3; return 0; }"
    without = "float4 main() : SV_Target { return 0; }"
    assert _reflect(with_ref).GetRequiresFlags() & 0x200 == 0x200
    assert _reflect(without).GetRequiresFlags() & 0x200 == 0


# -- signature packing of clip and cull distances ------------------------------------------------------------------
# SV_ClipDistance and SV_CullDistance share a register only with each other — inferred from 5 fxc 10.1 objects of
# DXDecompiler's corpus (Clipping_VS, signatures_vs, signatures_ps_0/1/2); DXC's packer keeps them apart likewise.
# (declarations of a VS output struct after SV_Position, expected (semantic, register, mask) of each)
_CLIP_PACKING = [
    ("float2 t : TEXCOORD1; float c : SV_ClipDistance;", [("TEXCOORD", 1, 0x3), ("SV_ClipDistance", 2, 0x1)]),
    ("float c : SV_ClipDistance; float d : SV_CullDistance; float t : TEXCOORD0;",
     [("SV_ClipDistance", 1, 0x1), ("SV_CullDistance", 1, 0x2), ("TEXCOORD", 2, 0x1)]),
    ("float t : TEXCOORD0; float2 c : SV_ClipDistance; float u : TEXCOORD1;",
     [("TEXCOORD", 1, 0x1), ("TEXCOORD", 1, 0x2), ("SV_ClipDistance", 2, 0x3)]),
    ("float3 t : TEXCOORD0; float c : SV_CullDistance;", [("TEXCOORD", 1, 0x7), ("SV_CullDistance", 2, 0x1)]),
]


@pytest.mark.parametrize(("fields", "expected"), _CLIP_PACKING)
def test_clip_and_cull_distances_pack_apart(fields: str, expected: list[tuple[str, int, int]]):
    names = [f.split()[1] for f in fields.split(";") if f.strip()]
    body = "; ".join(f"o.{n} = 0" for n in names)
    src = f"struct O {{ float4 p : SV_Position; {fields} }};\nO main() {{ O o; o.p = 0; {body}; return o; }}"
    r = _reflect(src, "vs_5_0")
    outs = [r.GetOutputParameterDesc(i) for i in range(1, r.GetDesc().OutputParameters)]
    assert [(d.SemanticName, d.Register, d.Mask) for d in outs] == expected


@pytest.mark.parametrize(("target", "expected"), [("ps_5_0", 0x2), ("ps_4_1", 0), ("ps_4_0", 0)])
def test_earlydepthstencil_is_a_shader_model_5_flag(target: str, expected: int):
    """[earlydepthstencil] sets forceEarlyDepthStencil (GetRequiresFlags D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL, 2)
    from shader model 5; fxc 10.1 ignores it at ps_4_0 (3Dmigoto resource_types_4)."""
    src = "[earlydepthstencil] float4 main() : SV_Target { return 1; }"
    assert _reflect(src, target).GetRequiresFlags() & 0x2 == expected
