"""Interface rules of d3dcompiler_47 (fxc 10.1) found with DXDecompiler's corpus as the oracle (tools/dxd_corpus.py,
docs/conformance.md "Session 25, helper REF"). Expected values are fxc's recorded objects and listings (the file is
named on each test: ``src/DXDecompiler.Tests/Shaders/…`` at spacehamster/DXDecompiler 7b48f44^) or the
documentation, never this compiler's output.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.headers.d3dcompiler_types import D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS
from pyd3d11.shader.blob import blob_bytes
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect
from pyd3d11.tools import dxd_corpus
from pyd3d11.tools.real_corpora import MIRROR, GitTree

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

D3D_NAME_PRIMITIVE_ID = 7  # d3dcommon.h
D3D_REGISTER_COMPONENT_UINT32 = 1


def _compile(src: str, profile: str, entry: str = "main") -> bytes:
    data = src.encode()
    return blob_bytes(D3DCompile(data, len(data), "t.hlsl", None, None, entry, profile, 0, 0, None))


def _sig(blob: bytes, which: str = "in") -> list[tuple]:
    r = D3DReflect(blob)
    d = r.GetDesc()
    count, get = {"in": (d.InputParameters, r.GetInputParameterDesc),
                  "out": (d.OutputParameters, r.GetOutputParameterDesc)}[which]
    out = []
    for i in range(count):
        p = get(i)
        out.append((p.SemanticName, p.SemanticIndex, p.Register, p.SystemValueType, p.ComponentType, p.Mask,
                    p.ReadWriteMask, p.Stream))
    return out


def _listing(blob: bytes) -> list[str]:
    text = bytes(D3DDisassemble(blob, len(blob), D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS, None)).decode("latin-1")
    return [line.rstrip() for line in text.splitlines()]


# -- a geometry shader's SV_PrimitiveID is an input-signature element without a register ------------------------

_GS = """
struct O {{ float4 pos : SV_Position; float4 c : TEXCOORD0; }};
[maxvertexcount(1)]
void main(triangle float4 ipos[3] : SV_Position, inout PointStream<O> s, uint prim : SV_PrimitiveID)
{{
    O o = (O)0;
    o.pos = ipos[0];
    o.c = {value};
    s.Append(o);
}}
"""


@pytest.mark.parametrize("profile", ["gs_4_0", "gs_5_0"])
def test_gs_primitive_id_is_a_registerless_input_element(profile: str):
    """3Dmigoto/signatures_gs.o (gs_4_0) and signatures_gs5.o (gs_5_0): after the vertex elements, the element
    (SV_PrimitiveID, 0, Register 0xFFFFFFFF, D3D_NAME_PRIMITIVE_ID, uint, Mask x, read x); the value itself is
    read from vPrim (``dcl_input vPrim``)."""
    blob = _compile(_GS.format(value="prim"), profile)
    assert _sig(blob) == [("SV_Position", 0, 0, 1, 3, 0xF, 0xF, 0),
                          ("SV_PrimitiveID", 0, 0xFFFFFFFF, D3D_NAME_PRIMITIVE_ID, D3D_REGISTER_COMPONENT_UINT32,
                           1, 1, 0)]
    assert D3DReflect(blob).GetDesc().InputParameters == 2


def test_gs_primitive_id_before_the_vertices_still_lists_last():
    """fxc lists signature elements by register (sigpack.signature_order); 0xFFFFFFFF sorts after every v#, so the
    parameter's place in the list does not move the element (the corpus declares it last: the order of a first
    declaration is this rule's consequence, not a separate record)."""
    src = """
struct O { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(uint prim : SV_PrimitiveID, point float4 ipos[1] : SV_Position, inout PointStream<O> s)
{
    O o;
    o.pos = ipos[0] + prim;
    s.Append(o);
}
"""
    sig = _sig(_compile(src, "gs_5_0"))
    assert [e[0] for e in sig] == ["SV_Position", "SV_PrimitiveID"]
    assert sig[0][2] == 0 and sig[1][2] == 0xFFFFFFFF


def test_gs_primitive_id_unread_has_no_read_mask():
    """An input's ReadWriteMask holds the components read (D3D11_SIGNATURE_PARAMETER_DESC); the parameter unread
    leaves the element with mask x and nothing read."""
    sig = _sig(_compile(_GS.format(value="0"), "gs_5_0"))
    assert sig[1][:6] == ("SV_PrimitiveID", 0, 0xFFFFFFFF, D3D_NAME_PRIMITIVE_ID, 1, 1)
    assert sig[1][6] == 0


def test_hs_primitive_id_has_no_element():
    """3Dmigoto/signatures_hs.o reads vPrim in its control-point phase (``utof o0.x, vPrim``) and its input
    signature holds only the control-point elements (WORLDPOS, TEXCOORD, TANGENT): no SV_PrimitiveID."""
    src = """
struct CP { float3 p : WORLDPOS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID, uint id : SV_PrimitiveID)
{ CP o; o.p = ip[i].p + id; return o; }
"""
    assert [e[0] for e in _sig(_compile(src, "hs_5_0"))] == ["WORLDPOS"]


def test_gs_primitive_id_listing_row():
    """The row fxc 10.1 prints for it (3Dmigoto/signatures_gs5.asm, trailing blanks aside)."""
    rows = _listing(_compile(_GS.format(value="prim"), "gs_5_0"))
    assert "// SV_PrimitiveID           0    N/A   primID   PRIMID    uint    YES" in rows


# -- a multi-stream geometry shader's output rows name their stream -------------------------------------------

_STREAMS = """
struct A {{ float3 p : OUT_POSITION; }};
struct B {{ int3 p : OUT_POSITION; }};
[maxvertexcount(1)]
void main(point float4 v[1] : SV_Position, inout PointStream<A> s0{second})
{{
    A a; a.p = v[0].xyz; s0.Append(a);
    {append}
}}
"""


def test_multistream_output_rows_carry_their_stream():
    """HlslCrossCompiler gs5/stream.asm: ``// m0:OUT_POSITION          0   xyz         0     NONE   float   xyz``
    and ``// m1:OUT_POSITION          0   xyz         0     NONE     int   xyz`` (the same semantic in two streams,
    each at register 0 of its stream)."""
    src = _STREAMS.format(second=", inout PointStream<B> s1", append="B b; b.p = (int3)v[0].xyz; s1.Append(b);")
    blob = _compile(src, "gs_5_0")
    rows = _listing(blob)
    assert "// m0:OUT_POSITION          0   xyz         0     NONE   float   xyz" in rows
    assert "// m1:OUT_POSITION          0   xyz         0     NONE     int   xyz" in rows
    assert [(e[0], e[7]) for e in _sig(blob, "out")] == [("OUT_POSITION", 0), ("OUT_POSITION", 1)]


def test_single_stream_output_rows_are_bare():
    """Every single-stream gs_5_0 listing of the corpus (3Dmigoto geometry.asm, gs5/instance.asm, Particle_GS.asm…)
    prints bare names."""
    rows = _listing(_compile(_STREAMS.format(second="", append=""), "gs_5_0"))
    assert "// OUT_POSITION             0   xyz         0     NONE   float   xyz" in rows
    assert not any("m0:" in r for r in rows)


def test_multistream_rows_read_back():
    """The listing reader (rebuilding signatures from fxc text) takes the ``mN:`` prefix as the stream."""
    from pyd3d11.shader.dxbc.listing_header import _parse_sig_row

    e = _parse_sig_row("// m1:SV_RenderTargetArrayIndex     0    y          3  RTINDEX    uint    y  ", True)
    assert (e.semantic_name, e.stream, e.register, e.mask, e.system_value) == ("SV_RenderTargetArrayIndex", 1, 3,
                                                                                 2, 4)
    p = _parse_sig_row("// SV_PrimitiveID           0    N/A   primID   PRIMID    uint    YES", False)
    assert (p.register, p.system_value, p.mask, p.rw_mask) == (0xFFFFFFFF, 7, 1, 1)


# -- STAT counting (D3D11_SHADER_DESC's statistics) as d3dcompiler_47 does it ----------------------------------

def _stats(body: str, decls: str = "", version: str = "ps_5_0", compiler: int | None = None):
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.dxbc.stat import program_stats

    prog = assemble_program(f"{version}\n{decls}dcl_temps 4\n{body}\nret\n")
    return program_stats(prog) if compiler is None else program_stats(prog, compiler)


def test_one_mad_is_one_float_instruction():
    """HlslCrossCompiler/vs5/mad_imm.o (fxc 10.1): the program is one ``mad`` and a ``ret``, its STAT
    FloatInstructionCount 1 (InstructionCount 2). A source written with the mad intrinsic (one mad here too)
    reports the same through GetDesc."""
    src = """float4 main(float4 a : A, float4 b : B) : SV_Position { return mad(b, float4(0.1, 0.2, 0.3, 0.4), a); }"""
    d = D3DReflect(_compile(src, "vs_5_0")).GetDesc()
    assert (d.InstructionCount, d.FloatInstructionCount) == (2, 1)


def test_d3dcompiler_46_counts_no_mad():
    """The SlimShader corpus's mad_imm.o of the same source (fxc 9.30.9200 = d3dcompiler_46): Float 0 — the
    version switch program_stats(…, D3DCOMPILER_46) keeps that counting for comparisons with 9.30 objects."""
    from pyd3d11.shader.dxbc.stat import D3DCOMPILER_46

    assert _stats("mad r0, r1, r2, r3", compiler=D3DCOMPILER_46).FloatInstructionCount == 0
    assert _stats("mad r0, r1, r2, r3").FloatInstructionCount == 1


def test_imad_is_an_int_instruction():
    """Sdk TessellatorCS40_TessellateIndicesCS.o: fxc 10.1's Int 389 is fxc 9.30's 338 plus the program's 51
    ``imad``; one imad beside one iadd counts 2."""
    st = _stats("imad r0.x, r1.x, r2.x, r3.x\niadd r0.y, r1.y, r2.y")
    assert st.IntInstructionCount == 2


def test_derivatives_are_float_instructions():
    """fxc 10.1's TransparencyAA10_1_PS.o and fxc 9.30's POM_PS.o / RenderVarianceScene_PS.o count their two
    derivative instructions among the float ones."""
    st = _stats("deriv_rtx_coarse r0.xy, r1.xyxx\nderiv_rty_coarse r0.zw, r1.xxxy", "dcl_input_ps linear v0.xy\n")
    assert st.FloatInstructionCount == 2


def test_double_arithmetic_counts_in_no_float_counter():
    """3Dmigoto/double_precision.o (fxc 10.1): its dmul, ddiv, drcp, dfma, dmin, dmax, deq, dne, dge, dlt are
    not in FloatInstructionCount, and its dmovc not in MovcInstructionCount."""
    st = _stats("dmul r0.xy, r1.xyxy, r2.xyxy\ndmax r0.zw, r1.xyxy, r2.xyxy\ndeq r3.x, r1.xyxy, r2.xyxy\n"
                "dmovc r0.xy, r3.xx, r1.xyxy, r2.xyxy\nadd r3.y, r3.z, r3.w", "dcl_globalFlags enableDoublePrecisionFloatOps\n")
    assert (st.FloatInstructionCount, st.MovcInstructionCount) == (1, 0)


_TILED_DECLS = "dcl_sampler s0, mode_default\ndcl_sampler s1, mode_comparison\ndcl_resource_texture2d (float,float,float,float) t0\n"


def test_tiled_resource_forms_count_with_their_operation():
    """Internal/Operations/Texture_Texture2D.o (fxc 10.1): each ``*_cl_s`` sample form counts with its plain
    operation (TextureNormal 7 = sample 3 + sample_cl_s 4; Bias, Gradient, Comp alike), ``ld_s`` as a load."""
    st = _stats("sample_cl_s r0, r1, r1.xyxx, t0, s0, r1.z\nsample_b_cl_s r0, r1, r1.xyxx, t0, s0, r1.z, r1.w\n"
                "sample_l_s r0, r1, r1.xyxx, t0, s0, r1.z\nld_s r0, r1, r2, t0", _TILED_DECLS)
    assert (st.TextureNormalInstructions, st.TextureBiasInstructions, st.TextureLoadInstructions) == (1, 1, 2)


def test_gather_counter_takes_every_feedback_gather():
    """Texture_Texture2D.o: GatherInstructions 83 = gather4 15 + gather4_s 10 + gather4_po 16 + gather4_po_s 16 +
    gather4_c_s 10 + gather4_po_c_s 16 — the comparison forms count only in their feedback form (gather4_c and
    gather4_po_c, 15 + 16, do not)."""
    st = _stats("gather4 r0, r1.xyxx, t0, s0.x\ngather4_c r0, r1.xyxx, t0, s1.x, r1.z\n"
                "gather4_c_s r0, r2, r1.xyxx, t0, s1.x, r1.z\ngather4_s r0, r2, r1.xyxx, t0, s0.x", _TILED_DECLS)
    assert st.GatherInstructions == 3


# -- a tbuffer's automatic t# register -------------------------------------------------------------------------

def _bindings(blob: bytes) -> dict[tuple[str, int], int]:
    r = D3DReflect(blob)
    out = {}
    for i in range(r.GetDesc().BoundResources):
        b = r.GetResourceBindingDesc(i)
        out[(b.Name, b.Type)] = b.BindPoint
    return out


D3D_SIT_TBUFFER, D3D_SIT_TEXTURE, D3D_SIT_STRUCTURED = 1, 2, 5  # d3dcommon.h D3D_SHADER_INPUT_TYPE


def test_tbuffer_declared_first_takes_the_first_texture_register():
    """Internal/DynamicIndexing.o (fxc 10.1): ``tbuffer tbuffer1`` then ``StructuredBuffer<foo> tex``, both read —
    tbuffer1 at t0, tex at t1 (DuplicateNames.o alike: tbuffer Test t0, StructuredBuffer TestBuffer t1)."""
    src = """
tbuffer tb { float4 tv[5]; };
struct S { float4 v[5]; };
StructuredBuffer<S> sb;
cbuffer c { int i; };
float4 main() : SV_Target { return tv[i] + sb.Load(i).v[1]; }
"""
    assert _bindings(_compile(src, "ps_5_0")) == {("tb", D3D_SIT_TBUFFER): 0, ("sb", D3D_SIT_STRUCTURED): 1,
                                                  ("c", 0): 0}


def test_tbuffer_before_the_textures():
    """The rule behind those objects, as d3dcompiler_47 10.1 under Wine answers for this very source (session 42,
    REFL; it was inferred as declaration order before, no corpus object declaring a texture first): below 5.1
    an automatic tbuffer takes its t# before every other t# object -- tb t0, a t1, b t2."""
    src = """
Texture2D a;
tbuffer tb { float4 tv; };
Texture2D b;
float4 main() : SV_Target { return a.Load(int3(0, 0, 0)) + tv + b.Load(int3(0, 0, 0)); }
"""
    got = _bindings(_compile(src, "ps_5_0"))
    assert (got[("a", D3D_SIT_TEXTURE)], got[("tb", D3D_SIT_TBUFFER)], got[("b", D3D_SIT_TEXTURE)]) == (1, 0, 2)


def test_tbuffer_skips_reserved_texture_registers():
    """Automatic placement takes the lowest free register: an explicit t0 pushes the tbuffer to t1."""
    src = """
tbuffer tb { float4 tv; };
Texture2D a : register(t0);
float4 main() : SV_Target { return a.Load(int3(0, 0, 0)) + tv; }
"""
    got = _bindings(_compile(src, "ps_4_0"))
    assert (got[("tb", D3D_SIT_TBUFFER)], got[("a", D3D_SIT_TEXTURE)]) == (1, 0)


# -- listing text as d3dcompiler_47's disassembler prints it ---------------------------------------------------

@pytest.mark.parametrize(("decl", "dim"), [("AppendStructuredBuffer<float4> u", "append"),
                                           ("ConsumeStructuredBuffer<float4> u", "consume"),
                                           ("RWStructuredBuffer<float4> u", "r/w+cnt")])
def test_counter_uav_rows_name_their_use(decl: str, dim: str):
    """Internal/Operations/UAV_AppendStructuredBuffer.asm / _Consume… / UAV_RWStructuredBuffer.asm (fxc 10.1):
    the Dim column of a structured UAV with a hidden counter reads append, consume or r/w+cnt (the last for a
    RWStructuredBuffer whose IncrementCounter is called)."""
    use = {"append": "u.Append(1);", "consume": "o = u.Consume();", "r/w+cnt": "u[u.IncrementCounter()] = 1;"}[dim]
    src = f"{decl};\nfloat4 main() : SV_Target {{ float4 o = 0; {use} return o; }}"
    rows = [r for r in _listing(_compile(src, "ps_5_0")) if r.startswith("// u ")]
    assert rows and rows[0].split()[2:5] == ["UAV", "struct", dim]


def test_counter_clockwise_spelling():
    """Internal/HullShaders/HullShader_QuadCCW.asm: ``// Counter-Clockwise Triangles    Integer``."""
    src = """
struct CP { float3 p : P; };
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
PC pcf() { PC o = (PC)1; return o; }
[domain("quad")] [partitioning("integer")] [outputtopology("triangle_ccw")] [outputcontrolpoints(4)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"""
    assert "// Counter-Clockwise Triangles    Integer" in _listing(_compile(src, "hs_5_0"))


def test_long_default_values_wrap_four_words_a_line():
    """Internal/General/AdvancedHLSL_GS.asm: a matrix's 16 default words print as ``//      = `` and three
    ``//        `` continuation lines of four words each (column-major, the default, so the words follow the source:
    fxc reads a matrix's initializer list column by column, which a row_major matrix would print transposed --
    d3dcompiler_47 10.1 under Wine, session 35, tests/test_rules_hlsl_fxc_layout_defaults.py)."""
    src = """
float4x4 m = { -1, 1, 0, 2,  1, 1, 0, 3,  -1, -1, 0, 4,  1, -1, 0, 5 };
float4 main(float4 p : P) : SV_Position { return mul(p, m); }
"""
    rows = _listing(_compile(src, "vs_5_0"))
    at = rows.index("//      = 0xbf800000 0x3f800000 0x00000000 0x40000000")
    assert rows[at + 1:at + 4] == ["//        0x3f800000 0x3f800000 0x00000000 0x40400000",
                                   "//        0xbf800000 0xbf800000 0x00000000 0x40800000",
                                   "//        0x3f800000 0xbf800000 0x00000000 0x40a00000"]


def test_wrapped_default_values_read_back():
    """The listing reader joins the continuation lines into one default value."""
    from pyd3d11.shader.dxbc.listing_header import _parse_block

    lines = ["//   float4x4 m;                        // Offset:    0 Size:    64",
             "//      = 0x00000001 0x00000002 0x00000003 0x00000004",
             "//        0x00000005 0x00000006 0x00000007 0x00000008", "// }"]
    out, _ = _parse_block(lines, 0, True)
    import struct
    assert struct.unpack("<8I", out[0][5]) == tuple(range(1, 9))


def test_stencil_ref_row():
    """Internal/RasterOrderViews.asm: ``// SV_StencilRef            0    N/A    oStencilRef STENCILREF    uint
    YES`` (four blanks before oStencilRef)."""
    src = "uint main() : SV_StencilRef { return 1; }"
    assert ("// SV_StencilRef            0    N/A    oStencilRef STENCILREF    uint    YES"
            in _listing(_compile(src, "ps_5_0")))


def test_min_precision_format_column():
    """3Dmigoto/signatures_vs.asm: a min16float element's Format column reads min16f (min16int min16i,
    min16uint min16u)."""
    src = """
struct O { float4 p : SV_Position; min16float a : TEXCOORD0; min16int b : TEXCOORD1; min16uint c : TEXCOORD2; };
O main(float4 p : P) { O o; o.p = p; o.a = p.x; o.b = (min16int)p.y; o.c = (min16uint)p.z; return o; }
"""
    rows = _listing(_compile(src, "vs_5_0"))
    fmts = {r.split()[1] + r.split()[2]: r.split()[-2] for r in rows if r.startswith("// TEXCOORD")}
    assert fmts == {"TEXCOORD0": "min16f", "TEXCOORD1": "min16i", "TEXCOORD2": "min16u"}


def test_pow2_partitioning_spelling():
    """Internal/HullShaders/HullShader_PartitioningPow2.asm: ``// Clockwise Triangles            Integer Power of 2``."""
    src = """
struct CP { float3 p : P; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf() { PC o = (PC)1; return o; }
[domain("tri")] [partitioning("pow2")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"""
    assert "// Clockwise Triangles            Integer Power of 2" in _listing(_compile(src, "hs_5_0"))


# -- the corpus compiles this session's rules made equal (skipped without the git mirror) -------------------------

_TREE = GitTree(MIRROR / dxd_corpus.REPO / "repo", dxd_corpus.REV)
_S25 = ["Internal/DynamicIndexing", "Internal/DuplicateNames", "3Dmigoto/signatures_gs5",
        "Sdk/Direct3D11/SubD11/SubD11_PS", "Sdk/Direct3D11/SubD11/SubD11_DS",
        "Sdk/Direct3D11/DetailTessellation11/Particle_PS"]


@pytest.mark.skipif(not _TREE.exists(), reason="no git mirror of spacehamster/DXDecompiler")
@pytest.mark.parametrize("name", _S25)
def test_corpus_reflection_and_header_equal_fxc10(name: str):
    """Reflection field by field and the listing header's sections equal fxc 10.1's for the compiles the rules above
    fixed (GS primitive id, tbuffer order, unused constant buffers)."""
    job = {j.name: j for j in dxd_corpus.jobs(_TREE)}[name]
    blob, err = dxd_corpus._compile(_TREE, job)
    assert err is None
    assert dxd_corpus.compare(dxd_corpus.facts(blob), dxd_corpus.facts(_TREE.read(job.output("o")))) == []
    mine = dxd_corpus.listing_sections("\n".join(_listing(blob)))
    fxc = dxd_corpus.listing_sections(_TREE.read(job.output("asm")).decode("latin-1"))
    assert mine == fxc


def test_hull_temp_count_is_the_largest_phase():
    """Every hull shader of both fxc corpora (30 objects: SubD11_HS's phases declare 7, 1, …, 14 temps and its STAT
    says 14; HullShader_QuadCCW.asm's two fork phases 1 each, STAT 1): TempRegisterCount is the largest phase's
    dcl_temps, not their sum."""
    text = ("hs_5_0\nhs_decls\ndcl_input_control_point_count 1\ndcl_output_control_point_count 1\n"
            "dcl_tessellator_domain domain_isoline\ndcl_tessellator_partitioning partitioning_integer\n"
            "dcl_tessellator_output_primitive output_line\n"
            "hs_fork_phase\ndcl_output_siv o0.x, finalLineDetailTessFactor\ndcl_temps 2\nmov r1.x, l(1.0)\n"
            "mov o0.x, r1.x\nret\n"
            "hs_fork_phase\ndcl_output_siv o1.x, finalLineDensityTessFactor\ndcl_temps 3\nmov r2.x, l(1.0)\n"
            "mov o1.x, r2.x\nret\n")
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.dxbc.stat import program_stats

    assert program_stats(assemble_program(text)).TempRegisterCount == 3
