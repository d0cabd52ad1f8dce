"""Shader model 5.1 targets (``*_5_1``, session 21 issue 15).

Definitions: MicrosoftDocs direct3dhlsl "Bytecode changes in SM5.1" (a declaration names a range with a 3-D operand
[ID][lower][upper] followed by the register space; an instruction names a sampler/SRV/UAV with a 2-D operand
[ID][register], a constant buffer with a 3-D operand [ID][register][element]; no RESOURCE_DIM / RETURN_TYPE extended
opcode tokens on instructions), "Shader Model 5.1" / "Resource binding in HLSL" (register spaces, run-time indexing
of resource arrays, NonUniformResourceIndex), the tokenized program format (spec-facts §2.6: operand token fields)
and fxc's 5.1 objects quoted by vkd3d's tests (the declaration operands are 4-component xyzw). Expected DWORDs are
composed here from the token fields, never read from the encoder.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import D3D11Error, InvalidArgError, NotSupportedError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import as_words, decode_program, decode_program_positions
from pyd3d11.shader.dxbc.disasm import disassemble, instruction_text
from pyd3d11.shader.dxbc.encoder import encode_program
from pyd3d11.shader.dxbc.rdef import parse_rdef
from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

# --- token fields (spec-facts §2.6) --------------------------------------------------------------------------
SAMPLER, RESOURCE, CONSTANT_BUFFER, UAV = 6, 7, 8, 30


def opcode(op: int, length: int, controls: int = 0) -> int:
    return op | controls << 11 | length << 24


def operand(otype: int, dims: int, ncomp: int = 4, swizzle: tuple | None = (0, 1, 2, 3), select: int | None = None,
            reps: tuple = (0, 0, 0), ext: bool = False) -> int:
    """An operand token: component count field [1:0] (0/1/4 -> 0/1/2), selection mode [3:2] (mask 0, swizzle 1,
    select-1 2) with its field [11:4], type [19:12], index dimension [21:20], representations [24:22], [27:25],
    [30:28], extended bit [31]."""
    t = {0: 0, 1: 1, 4: 2}[ncomp] | otype << 12 | dims << 20
    if ncomp == 4:
        if select is not None:
            t |= 2 << 2 | select << 4
        else:
            t |= 1 << 2 | sum(c << (4 + 2 * i) for i, c in enumerate(swizzle))
    for i in range(dims):
        t |= reps[i] << (22 + 3 * i)
    return t | (ext << 31)


XYZW = operand  # the declarations' operands: 4 components, xyzw swizzle


def _compile(src: str, target: str = "ps_5_1", entry: str = "main") -> bytes:
    return compile_hlsl(src, "t.hlsl", entry, target).blob


def _code(blob: bytes) -> list[tuple[list[int], str]]:
    code = parse_container(blob).program
    w = as_words(code)
    return [(w[s:e], instruction_text(inst)) for s, e, inst in decode_program_positions(code)]


PS = """
Texture2D<float4> tex0 : register(t5);
Texture2D<float4> tex2[8] : register(t2, space1);
SamplerState samp : register(s3, space2);
cbuffer K : register(b1, space3) { float4 k; uint n; };
RWTexture2D<float4> out0 : register(u1);
StructuredBuffer<float2> sb : register(t0, space4);
ByteAddressBuffer raw : register(t9);
RWByteAddressBuffer rawu : register(u2, space5);
RWStructuredBuffer<uint> su : register(u3);
float4 main(float4 c : COORD) : SV_Target
{
    float4 r = tex0.Sample(samp, c.xy) + tex2[6].Sample(samp, c.xy) * k + tex2[n].Load(int3(0, 0, 0));
    out0[uint2(0, 0)] = r;
    rawu.Store(0, asuint(sb[1].x) + raw.Load(4) + su[2]);
    return r;
}
"""


@pytest.fixture(scope="module")
def ps_blob() -> bytes:
    return _compile(PS)


def test_declarations_are_ranges_with_id_and_space(ps_blob):
    code = _code(ps_blob)
    decls = {text.split(" ")[0] + " " + str(words[2]) + "/" + str(words[1] >> 12 & 0xFF): words
             for words, text in code if text.startswith("dcl_") and len(words) > 2}
    want = [
        # dcl_constantbuffer (0x59): [ID][lower][upper], size in 16-byte vectors, space
        [opcode(0x59, 7), XYZW(CONSTANT_BUFFER, 3), 0, 1, 1, 2, 3],
        # dcl_sampler (0x5a), mode_default
        [opcode(0x5A, 6), XYZW(SAMPLER, 3), 0, 3, 3, 2],
        # dcl_resource (0x58) texture2d (dimension 3 in [15:11]), return type float x4 (0x5555), space
        [opcode(0x58, 7, 3), XYZW(RESOURCE, 3), 0, 5, 5, 0x5555, 0],
        [opcode(0x58, 7, 3), XYZW(RESOURCE, 3), 2, 2, 9, 0x5555, 1],
        # dcl_resource_structured (0xa2): stride 8; dcl_resource_raw (0xa1)
        [opcode(0xA2, 7), XYZW(RESOURCE, 3), 3, 0, 0, 8, 4],
        [opcode(0xA1, 6), XYZW(RESOURCE, 3), 1, 9, 9, 0],
        # dcl_uav_typed (0x9c) texture2d; dcl_uav_raw (0x9d); dcl_uav_structured (0x9e): stride 4
        [opcode(0x9C, 7, 3), XYZW(UAV, 3), 0, 1, 1, 0x5555, 0],
        [opcode(0x9D, 6), XYZW(UAV, 3), 2, 2, 2, 5],
        [opcode(0x9E, 7), XYZW(UAV, 3), 1, 3, 3, 4, 0],
    ]
    got = [w for w, _t in code if w[0] & 0x7FF in (0x59, 0x5A, 0x58, 0xA1, 0xA2, 0x9C, 0x9D, 0x9E)]
    assert sorted(got) == sorted(want), decls


def test_ids_count_each_register_type_in_space_then_register_order(ps_blob):
    """IDs: per register type, (space, lower register) order — tex0 t5 space0 T0, the raw buffer t9 space0 T1
    (declared after tex2), tex2 t2 space1 T2, sb t0 space4 T3."""
    rdef = parse_rdef(parse_container(ps_blob).get("RDEF"))
    assert rdef.rd11 is not None and rdef.rd11[0] == 0x25441313 and rdef.rd11[3] == 40  # RD11 5.1 magic, size
    rows = {b.name: (b.input_type, b.space, b.bind_point, b.bind_count, b.id) for b in rdef.bindings}
    assert rows == {
        "samp": (3, 2, 3, 1, 0), "tex0": (2, 0, 5, 1, 0), "tex2": (2, 1, 2, 8, 2), "raw": (7, 0, 9, 1, 1),
        "sb": (5, 4, 0, 1, 3), "out0": (4, 0, 1, 1, 0), "su": (6, 0, 3, 1, 1), "rawu": (8, 5, 2, 1, 2),
        "K": (0, 3, 1, 1, 0),
    }
    # the bindings in the declarations' order: samplers, SRVs, UAVs, constant buffers, each by ID
    assert [b.name for b in rdef.bindings] == ["samp", "tex0", "raw", "tex2", "sb", "out0", "su", "rawu", "K"]


def test_instruction_operands_name_id_and_register(ps_blob):
    code = _code(ps_blob)
    samples = [w for w, t in code if w[0] & 0x7FF == 0x45]  # sample
    # no extended opcode token (bit 31 clear): the declaration says the resource's dimension and type
    assert samples and all(not w[0] >> 31 for w in samples)
    res_tex0 = [operand(RESOURCE, 2), 0, 5]  # T0[5].xyzw: [ID][register]
    res_tex2 = [operand(RESOURCE, 2), 2, 8]  # T2[8]: tex2[6] is register t8 of space1 (2 + 6)
    samp = [operand(SAMPLER, 2, ncomp=0), 0, 3]  # S0[3]: a sampler operand has no components
    flat = [w[i:i + 3] for w in samples for i in range(1, len(w) - 2)]
    assert res_tex0 in flat and res_tex2 in flat and samp in flat
    # the constant buffer: [ID][register][element] (K is b1: CB0[1][0])
    cb = [operand(CONSTANT_BUFFER, 3), 0, 1, 0]
    assert any(w[i:i + 4] == cb for w, _t in code for i in range(1, len(w) - 3))
    # the run-time index: T2[rN.x + 2] — representation immediate + relative (3) in the second dimension
    loads = [w for w, t in code if w[0] & 0x7FF == 0x2D]  # ld
    rel_tok = operand(RESOURCE, 2, reps=(0, 3))
    assert any(w[i] == rel_tok and w[i + 1] == 2 and w[i + 2] == 2 for w in loads for i in range(len(w) - 2))


def test_listing_text(ps_blob):
    text = disassemble(ps_blob)
    for line in ("dcl_constantbuffer CB0[1:1][2], immediateIndexed, space=3",
                 "dcl_sampler S0[3:3], mode_default, space=2",
                 "dcl_resource_texture2d (float,float,float,float) T2[2:9], space=1",
                 "dcl_resource_structured T3[0:0], 8, space=4", "dcl_resource_raw T1[9:9], space=0",
                 "dcl_uav_typed_texture2d (float,float,float,float) U0[1:1], space=0",
                 "dcl_uav_raw U2[2:2], space=5", "dcl_uav_structured U1[3:3], 4, space=0",
                 "// Name                                 Type  Format         Dim Space Slot  Elements",
                 "// tex2                              texture  float4          2d     1    2         8"):
        assert line in text.splitlines(), line
    assert "T0[5].xyzw, S0[3]" in text and "CB0[1][0]" in text and "T2[r" in text
    assert "_indexable" not in text  # no resource extended tokens at 5.1
    assert text.splitlines()[[i for i, s in enumerate(text.splitlines()) if s.startswith("ps_")][0]] == "ps_5_1"


def test_round_trip_through_the_toolkit(ps_blob):
    """decode -> encode, and decode -> listing -> assembler -> encode, give the program's bytes back."""
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.dxbc.disasm import disassemble_program

    code = parse_container(ps_blob).program
    program = decode_program(code)
    assert (program.major, program.minor) == (5, 1)
    assert encode_program(program) == bytes(code)
    text = "\n".join(disassemble_program(program))
    assert encode_program(assemble_program(text)) == bytes(code)


def test_nonuniform_resource_index_sets_the_operand_bit():
    src = ("Texture2D t[4] : register(t0, space1);\nSamplerState s;\n"
           "float4 main(float4 c : C, uint i : I) : SV_Target { return t[NonUniformResourceIndex(i)].Sample(s, c.xy); }")
    code = _code(_compile(src))
    # the register index t[i] of a range at t0 is relative with no offset: representation 2, as fxc writes every
    # zero-offset relative index (the slimshader fxc objects: 366 such indices, all representation 2)
    tok = operand(RESOURCE, 2, reps=(0, 2), ext=True)
    # the extended operand token: type 1 (modifier) with the non-uniform bit 17 (spec-facts §2.6)
    assert any(w[i] == tok and w[i + 1] == (1 | 1 << 17) for w, _t in code for i in range(len(w) - 1))
    assert any("{nonuniform}" in t for _w, t in code)


@pytest.mark.parametrize("target,src,entry", [
    ("vs_5_1", "Texture2D t : register(t1, space2);\nfloat4 main(uint i : SV_VertexID) : SV_Position "
               "{ return t.Load(int3(i, 0, 0)); }", "main"),
    ("cs_5_1", "RWBuffer<uint> b : register(u0, space1);\n[numthreads(4, 1, 1)] void main(uint i : "
               "SV_DispatchThreadID) { b[i] = i; }", "main"),
    ("gs_5_1", "struct V { float4 p : SV_Position; };\n[maxvertexcount(1)] void main(point V i[1], "
               "inout PointStream<V> o) { o.Append(i[0]); }", "main"),
    ("ds_5_1", "struct P { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
               "[domain(\"tri\")] float4 main(P p, float3 uvw : SV_DomainLocation) : SV_Position "
               "{ return float4(uvw, 1); }", "main"),
])
def test_each_stage_compiles_at_5_1(target, src, entry):
    program = decode_program(parse_container(_compile(src, target, entry)).program)
    assert (program.major, program.minor) == (5, 1)


@pytest.mark.parametrize("src,ok_at_50", [
    ("float4 ConstantBuffer;\nfloat4 main() : SV_Target { return ConstantBuffer; }", True),  # a 5.1 type name
    # the D3D9 texture/sampler register pairing: X3591 from 5.1 on, used or not
    ("sampler2D unused : register(t0);\nTexture2D t;\nfloat4 main() : SV_Target { return t.Load(0); }", True),
    # a DX9-style intrinsic without backwards compatibility: X3523 at every shader model 4+ target (fxc 10.1)
    ("sampler s;\nfloat4 main() : SV_Target { return tex2D(s, float2(0, 0)); }", False),
    # a run-time index into an array of structs holding objects: no register to read (fails before 6.0)
    ("struct F { Texture2D t; };\nTexture2D tex[2];\nuniform int n;\nfloat4 main() : SV_Target "
     "{ F s[2]; s[0].t = tex[0]; s[1].t = tex[1]; return s[n].t.Load(0); }", False),
])
def test_5_1_rejects(src, ok_at_50):
    with pytest.raises(HlslError):
        _compile(src)
    if ok_at_50:
        _compile(src, "ps_5_0")
    else:
        with pytest.raises(HlslError):
            _compile(src, "ps_5_0")


def test_5_1_accepts():
    """An unused texture reserved in s# and a struct's unused sampler under register(t1) compile at 5.1 (vkd3d
    register-reservations-resources). tex2D under D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, which D3DCompile
    refuses at 5.1 (X3723, fxc 10.1), still compiles through the compiler's own entry (an effect's inner compile)
    and its texture gets a range of its own."""
    _compile("Texture2D unused : register(s0);\nTexture2D t;\nfloat4 main() : SV_Target { return t.Load(0); }")
    _compile("struct { Texture2D tex; sampler sam; } foo : register(t1);\n"
             "float4 main() : SV_Target { return foo.tex.Load(int3(0, 0, 0)); }")
    src = "sampler2D s;\nfloat4 main(float2 t : T) : SV_Target { return tex2D(s, t); }"
    blob = compile_hlsl(src, "t.hlsl", "main", "ps_5_1", flags=0x1000).blob  # ENABLE_BACKWARDS_COMPATIBILITY
    assert "sample o0.xyzw, v0.xyyy, T0[0].xyzw, S0[0]" in disassemble(blob)


@pytest.mark.parametrize("src,what", [
    # (an unbounded array without D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES is fxc's X3596: test_hlsl_sm51_ranges)
    ("interface I { float4 f(); };\nclass A : I { float4 f() { return 1; } };\nI i;\n"
     "float4 main() : SV_Target { return i.f(); }", "interfaces"),
    # (GetSamplePosition at a run-time index: built, test_hlsl_sm51_nonuniform)
    ("Texture2D t[2];\nfloat4 main(uint i : I) : SV_Target { uint j = NonUniformResourceIndex(i); "
     "return t[j].Load(0); }", "NonUniformResourceIndex"),
])
def test_not_built_is_refused_by_name(src, what):
    # unbounded descriptor tables enabled: without them an unbounded array is fxc's X3596 (test_hlsl_sm51_ranges)
    with pytest.raises(NotSupportedError, match=what.replace("<", ".").replace(">", ".")):
        compile_hlsl(src, "t.hlsl", "main", "ps_5_1", flags=0x00100000)  # ENABLE_UNBOUNDED_DESCRIPTOR_TABLES


def test_d3d11_refuses_5_1_bytecode_and_reflection_reports_spaces(ps_blob):
    import pyd3d11.d3dcompiler as dc
    from pyd3d11.api import D3D11CreateDevice
    from pyd3d11.headers.guids import IID_ID3D12ShaderReflection

    dev = D3D11CreateDevice(None, 1, None, 0, [0xB100], 1, 7)[0]
    with pytest.raises(InvalidArgError):  # shader model 5.1 is Direct3D 12's: no D3D11 level takes it
        dev.CreatePixelShader(ps_blob)
    r12 = dc.D3DReflect(ps_blob, None, IID_ID3D12ShaderReflection)
    d = r12.GetResourceBindingDescByName("tex2")
    assert (d.BindPoint, d.BindCount, d.Space, d.uID) == (2, 8, 1, 2)
    d11 = dc.D3DReflect(ps_blob).GetResourceBindingDescByName("samp")
    assert (d11.BindPoint, d11.BindCount) == (3, 1) and not hasattr(d11, "Space")


def test_to_sm51_on_an_assembled_5_0_program():
    """The bytecode pass alone: two registers of one range become one declaration; the RESOURCE_DIM and
    RESOURCE_RETURN_TYPE extended opcode tokens of ``sample_indexable`` are dropped (the SAMPLE_CONTROLS offset
    token stays); a register no range holds is refused by name."""
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.dxbc.encoder import encode_words
    from pyd3d11.shader.dxbc.sm51 import Range, to_sm51

    p = assemble_program(
        "ps_5_0\ndcl_sampler s0, mode_default\n"
        "dcl_resource_texture2d (float,float,float,float) t3\ndcl_resource_texture2d (float,float,float,float) t4\n"
        "dcl_output o0.xyzw\n"
        "sample_aoffimmi_indexable(1,0,0)(texture2d)(float,float,float,float) o0.xyzw, l(0, 0, 0, 0), t4.xyzw, s0\n"
        "ret\n")
    q = to_sm51(p, {"s": [Range(0, 0, 0, 0, 0)], "t": [Range(0, 10, 11, 2, 3)]})
    w = encode_words(q)
    assert w[0] == 0x51  # ps (0) << 16 | 5 << 4 | 1
    assert w[2:8] == [opcode(0x5A, 6), XYZW(SAMPLER, 3), 0, 0, 0, 0]
    assert w[8:15] == [opcode(0x58, 7, 3), XYZW(RESOURCE, 3), 0, 10, 11, 0x5555, 2]
    sample = next(i for i in q.instructions if i.opcode == 0x45)
    assert [t & 0x3F for t in sample.extended] == [1]  # SAMPLE_CONTROLS only
    assert [i.value for i in sample.operands[2].indices] == [0, 11]  # t4 is the range's second register
    with pytest.raises(NotSupportedError, match="t4"):
        to_sm51(p, {"s": [Range(0, 0, 0, 0, 0)], "t": [Range(0, 3, 3, 0, 3)]})


def test_compute_uavs_groupshared_and_binding_order():
    """A counter UAV (RWSTRUCTURED_WITH_COUNTER, input type 11) sorts with the other UAVs by ID; groupshared g#
    operands are no range."""
    src = ("RWByteAddressBuffer rb : register(u1, space3);\nRWStructuredBuffer<uint> sb : register(u0);\n"
           "groupshared uint g[64];\n[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {\n"
           "  g[i] = i; GroupMemoryBarrierWithGroupSync();\n  uint o; rb.InterlockedAdd(0, g[63 - i], o);\n"
           "  sb[sb.IncrementCounter()] = o;\n}\n")
    blob = _compile(src, "cs_5_1")
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    assert [(b.name, b.input_type, b.space, b.id) for b in rdef.bindings] == [("sb", 11, 0, 0), ("rb", 8, 3, 1)]
    text = disassemble(blob)
    assert "imm_atomic_iadd r0.x, U1[1], l(0), r1.x" in text and "imm_atomic_alloc r1.x, U0[0]" in text
    assert "dcl_uav_structured_opc U0[0:0], 4, space=0" in text and "dcl_tgsm_structured g0, 4, 64" in text


def test_constant_buffer_template_is_a_buffer_holding_one_struct():
    """``ConstantBuffer<S> cb : register(b2, space1)`` ("Resource binding in HLSL"): read as cb.member and passed
    as an S; reflected as constant buffer ``cb`` holding the variable ``cb`` of type S; declarations in ID order."""
    src = ("struct S { float4 m; float k; };\nConstantBuffer<S> cb : register(b2, space1);\n"
           "cbuffer other { float4 m2; };\nfloat4 f(S a) { return a.m; }\n"
           "float4 main() : SV_Target { return f(cb) * cb.k + m2; }")
    blob = _compile(src)
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    cb = next(c for c in rdef.constant_buffers if c.name == "cb")
    assert [(v.name, v.start_offset, v.size, v.type.name) for v in cb.variables] == [("cb", 0, 20, "S")]
    assert [(b.name, b.space, b.bind_point, b.id) for b in rdef.bindings] == [("other", 0, 0, 0), ("cb", 1, 2, 1)]
    lines = disassemble(blob).splitlines()
    at = lines.index("dcl_constantbuffer CB0[0:0][1], immediateIndexed, space=0")
    assert lines[at + 1] == "dcl_constantbuffer CB1[2:2][2], immediateIndexed, space=1"
    assert "mul r0.xyzw, CB1[2][0].xyzw, CB1[2][1].xxxx" in lines
    # a local one makes no buffer: a constant S (vkd3d cbuffer.shader_test's fxc record: 1 + 0.1; a write fails)
    local = ("struct S { float4 m; };\nfloat4 main() : SV_Target {\n    ConstantBuffer<S> c = (S)1;\n"
             "    float4 v = 0.1f;\n    v += c.m;\n    return v;\n}")
    assert "mov o0.xyzw, l(1.100000,1.100000,1.100000,1.100000)" in disassemble(_compile(local))
    with pytest.raises(HlslError, match="X3025"):
        _compile(local.replace("    float4 v = 0.1f;", "    c.m = 1.0f;"))
    with pytest.raises(HlslError):  # the name is the buffer's and the variable's: a global of that name clashes
        _compile("struct S { float4 m; };\nfloat4 cb;\nConstantBuffer<S> cb;\nfloat4 main() : SV_Target { return 0; }")


@pytest.mark.parametrize("src", [
    "sampler s;\nfloat4 main() : SV_Target { return tex2D(s, float2(0, 0)); }",
    "sampler1D s;\nfloat4 main() : SV_Target { return tex1D(s, 0.0); }",
    "samplerCUBE s;\nfloat3 c;\nfloat4 main() : SV_Target { return texCUBE(s, c); }",
    "sampler2D s;\nfloat4 g;\nfloat4 main() : SV_Target { return tex2Dgrad(s, float2(0, 0), g.xy, g.zw); }",
])
def test_sampler_only_sampling_fails_at_5_1_even_under_backcompat(src):
    """d3dcompiler_47 10.1 (session 35): at 5.1 the backcompat option itself is X3723 and without it a DX9-style
    intrinsic is X3523 (vkd3d sampler / sample-grad "fail(sm>=5.1)"); each compiles at 5.0 under backcompat."""
    from pyd3d11.d3dcompiler import D3DCompile

    for flags, code in ((0x1000, "X3723"), (0, "X3523")):
        with pytest.raises(D3D11Error, match=code):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_1", flags)
    compile_hlsl(src, "t.hlsl", "main", "ps_5_0", flags=0x1000)


def test_unbounded_array():
    """``Texture2D t[] : register(t3, space1)`` under D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES: the range
    [3:0xFFFFFFFF] (printed ``T1[3:*]``), literal and run-time indices from register 3 of space 1; RDEF bind count 0
    (the listing's "unbounded"); a later register of that space inside the range is an overlap: d3dcompiler_47 10.1's
    X4610 "SRV binding ranges overlap for range T[9:9]" (session 43; X4500 was inferred)."""
    src = ("Texture2D<float4> tex[] : register(t3, space1);\nTexture2D<float4> other : register(t0);\n"
           "SamplerState s;\nfloat4 main(float4 c : C, uint i : I) : SV_Target\n"
           "{ return tex[i].Sample(s, c.xy) + tex[5].Sample(s, c.zw) + other.Sample(s, c.xy); }")
    blob = compile_hlsl(src, "t.hlsl", "main", "ps_5_1", flags=0x100000).blob
    code = _code(blob)
    assert [opcode(0x58, 7, 3), XYZW(RESOURCE, 3), 1, 3, 0xFFFFFFFF, 0x5555, 1] in [w for w, _t in code]
    text = disassemble(blob)
    assert "T1[r0.x + 3].xyzw" in text and "T1[8].xyzw" in text and "T1[3:*], space=1" in text
    assert "// tex                               texture  float4          2d     1    3 unbounded" in text
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    assert [(b.name, b.bind_point, b.bind_count, b.space) for b in rdef.bindings if b.name == "tex"] == \
        [("tex", 3, 0, 1)]
    with pytest.raises(HlslError, match="X4610"):
        compile_hlsl(src.replace("register(t0)", "register(t9, space1)"), "t.hlsl", "main", "ps_5_1",
                     flags=0x100000)
