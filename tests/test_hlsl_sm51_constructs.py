"""Shader model 5.1 language constructs (``*_5_1`` targets): which compile, which fail with which error, and the
shape of the instructions they emit.

Sources of the expectations:
- MicrosoftDocs direct3dhlsl "Resource binding in HLSL" (register spaces written after the register,
  ``ConstantBuffer<T>``, arrays and unbounded arrays of resources and of constant buffers), "Dynamic indexing
  using HLSL 5.1" (run-time indices into resource arrays, NonUniformResourceIndex), "Bytecode changes in SM5.1"
  (a declaration names ``[ID][lower:upper]`` and the space; an instruction names ``[ID][register]`` with the
  register counted from the start of the space, so an index ``i`` into a range starting at register ``L`` reads
  ``[rN.c + L]``);
- fxc's verdicts recorded by vkd3d's Windows-run shader tests in ../shared (cbuffer, object-references,
  register-reservations-space, state-block-syntax, unbounded-array-5.1) and by DXC's HLSL spec.hlsl, run with
  ``fxc /T ps_5_1`` (``int arr[];`` X3074 "implicit array missing initial value", ``typedef int UNKA[];``
  X3072).

Direct3D 11 runs no 5.1 bytecode (test_hlsl_sm51: CreatePixelShader refuses it), so these are compile tests.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import as_words, decode_program_positions
from pyd3d11.shader.dxbc.disasm import disassemble, instruction_text
from pyd3d11.shader.dxbc.rdef import parse_rdef
from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

UNBOUNDED_TABLES = 0x00100000  # D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES
CS = "[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID) {{ {body} }}"
PS = "float4 main() : SV_Target {{ {body} }}"


def _compile(src: str, target: str = "ps_5_1", flags: int = 0) -> bytes:
    return compile_hlsl(src, "t.hlsl", "main", target, flags=flags).blob


def _rel(file_id: str, base: int) -> str:
    """A regex for ``U0[rN.x + base]``: the element register read through a temp holding the index."""
    return re.escape(file_id) + r"\[r\d+\.x \+ " + str(base) + r"\]"


#: vkd3d object-parameters: a uniform struct parameter's sampler array binds up to its last used element; the
#: parameter ``samp`` takes the register after it, inside the array's whole range (fxc 5.1: X4609)
STRUCT_SAMPLERS = ("Texture2D tex;\nstruct apple { sampler unused0; sampler sam[3]; sampler unused1; };\n"
                   "float4 main(struct apple input, sampler samp) : SV_Target\n"
                   "{ return tex.Sample(samp, float2(0.3, 0.3)) + tex.Sample(input.sam[1], float2(0.5, 0.5)); }")

TEX_2D = "Texture2D t[2][3] : register(t4);\n"
PS2 = "float4 main(nointerpolation uint i : I, nointerpolation uint j : J) : SV_Target {{ {body} }}"

# --- constructs that compile: (name, target, source, the listing lines / regexes that must appear) ----------------
RW_T = "RWTexture2D<float4> t[3] : register(u2, space1);\n"
RAW = "RWByteAddressBuffer rb[2] : register(u0);\n"
SB = "RWStructuredBuffer<uint> sb[3] : register(u4);\n"
TYPED_BUF = "RWBuffer<uint> b[4] : register(u1);\n"

#: the stores of a value that differs between threads at a literal address sit under a thread-dependent ``if``:
#: without it d3dcompiler_47 10.1 refuses them as races (X3694 "race condition writing to shared resource
#: detected", whatever the resource index; session 39 ACC, shader/hlsl/races.py)
ACCEPTED = [
    ("uav typed store, run-time index", "cs_5_1", RW_T + CS.format(body="t[i][uint2(0, 0)] = 1;"),
     ["dcl_uav_typed_texture2d (float,float,float,float) U0[2:4], space=1",
      re.compile(r"store_uav_typed " + _rel("U0", 2) + r"\.xyzw, ")]),
    ("uav typed load, run-time index", "cs_5_1", TYPED_BUF + CS.format(body="if (i != 3) b[0][0] = b[i][i];"),
     ["dcl_uav_typed_buffer (uint,uint,uint,uint) U0[1:4], space=0",
      re.compile(r"ld_uav_typed r\d+\.xyzw, vThreadID\.x+, " + _rel("U0", 1))]),
    ("raw store, run-time index, register 0", "cs_5_1", RAW + CS.format(body="if (i != 3) rb[i].Store(0, i);"),
     ["dcl_uav_raw U0[0:1], space=0", re.compile(r"store_raw " + _rel("U0", 0) + r"\.x, l\(0\), vThreadID\.x")]),
    ("raw load, run-time index", "cs_5_1", RAW + SB + CS.format(body="if (i != 3) sb[0][0] = rb[i].Load(8);"),
     [re.compile(r"ld_raw r\d+\.x, l\(8\), " + _rel("U0", 0) + r"\.x")]),
    ("structured store, run-time index", "cs_5_1", SB + CS.format(body="if (i != 3) sb[i][1] = i;"),
     ["dcl_uav_structured U0[4:6], 4, space=0",
      re.compile(r"store_structured " + _rel("U0", 4) + r"\.x, l\(1\), l\(0\), vThreadID\.x")]),
    ("raw atomic, run-time index", "cs_5_1", RAW + SB + CS.format(body="uint o; rb[i].InterlockedAdd(0, 1, o); "
                                                                       "if (i != 3) sb[0][0] = o;"),
     [re.compile(r"imm_atomic_iadd r\d+\.x, " + _rel("U0", 0) + r", l\(0\), l\(1\)")]),
    ("counter, run-time index", "cs_5_1", SB + CS.format(body="sb[i].IncrementCounter();"),
     ["dcl_uav_structured_opc U0[4:6], 4, space=0", re.compile(r"imm_atomic_alloc r\d+\.x, " + _rel("U0", 4))]),
    ("NonUniformResourceIndex on a UAV array", "cs_5_1", RAW + CS.format(
        body="if (i != 3) rb[NonUniformResourceIndex(i)].Store(0, i);"), [re.compile(r"store_raw .*\{nonuniform\}")]),
    # an array of arrays is one range of its elements in row-major order: t[i][j] of t[2][3] at t4 reads
    # [rN.x + 4] with rN.x = i * 3 + j (the flat element number, counted from the range's first register)
    ("run-time indices into an array of arrays", "ps_5_1", TEX_2D + PS2.format(body="return t[i][j].Load(0);"),
     ["dcl_resource_texture2d (float,float,float,float) T0[4:9], space=0", re.compile(r"imul null, r\d+\.x, v\d\.x, l\(3\)"),
      re.compile(r"ld \w+\.xyzw, l\(0, 0, 0, 0\), " + _rel("T0", 4))]),
    ("run-time row, literal column", "ps_5_1", TEX_2D + PS2.format(body="return t[i][2].Load(0);"),
     [re.compile(r"iadd r\d+\.x, r\d+\.x, l\(2\)"), re.compile(_rel("T0", 4))]),
    ("literal row, run-time column: register 4 + 3", "ps_5_1", TEX_2D + PS2.format(body="return t[1][j].Load(0);"),
     [re.compile(_rel("T0", 7))]),
    ("NonUniformResourceIndex on the row", "ps_5_1", TEX_2D + PS2.format(
        body="return t[NonUniformResourceIndex(i)][j].Load(0);"), [re.compile(_rel("T0", 4) + r".*\{nonuniform\}")]),
    ("tbuffer: a one-register SRV range", "ps_5_1",
     "tbuffer tb : register(t3, space1) { float4 a; float4 b; };\n" + PS.format(body="return a + b;"),
     ["dcl_resource_buffer (mixed,mixed,mixed,mixed) T0[3:3], space=1",
      re.compile(r"ld r\d+\.xyzw, l\(1, 0, 0, 0\), T0\[3\]\.xyzw")]),
    ("ConstantBuffer<S> parameter reads the buffer", "ps_5_1",
     "struct S { float4 m; };\nConstantBuffer<S> cb : register(b1, space2);\n"
     "float4 f(ConstantBuffer<S> p) { return p.m; }\n" + PS.format(body="return f(cb);"),
     ["dcl_constantbuffer CB0[1:1][1], immediateIndexed, space=2", "mov o0.xyzw, CB0[1][0].xyzw"]),
    ("unused array of ConstantBuffer<S> beside a cbuffer of its name", "ps_5_1",
     "struct s { float4 m; };\nfloat4 var;\nConstantBuffer<s> cb[2][3] : register(b1);\ncbuffer cb { float4 m2; };\n"
     + PS.format(body="return 0;"), ["mov o0.xyzw, l(0,0,0,0)"]),
    ("class declarations (no interface variable)", "ps_5_1",
     "interface I { float4 f(); };\nclass A : I { float4 v; float4 f() { return v; } };\n"
     + PS.format(body="A a; a.v = 3; return a.f();"), ["mov o0.xyzw, l(3.000000,3.000000,3.000000,3.000000)"]),
    ("one state block for an array of samplers", "ps_5_1", "sampler sams[2]\n{\n    {\n    }\n};\n"
     + PS.format(body="return 0;"), []),
    ("struct member array whose tail reaches nothing", "ps_5_1",
     STRUCT_SAMPLERS.replace("float4 main(struct apple input, sampler samp)", "sampler samp;\n"
                             "float4 main(struct apple input)"), []),
    ("the same below 5.1", "ps_5_0", STRUCT_SAMPLERS, []),
    ("an implicit array sized by its initialiser", "ps_5_1", "static const float f[] = { 1, 2 };\n"
     + PS.format(body="return f[1];"), []),
]


@pytest.mark.parametrize("name,target,src,want", ACCEPTED, ids=[r[0] for r in ACCEPTED])
def test_accepted_and_instruction_shape(name, target, src, want):
    text = disassemble(_compile(src, target))
    lines = [ln.strip() for ln in text.splitlines()]
    for w in want:
        if isinstance(w, str):
            assert w in lines, (w, text)
        else:
            assert any(w.search(ln) for ln in lines), (w.pattern, text)


#: "Resource binding in HLSL", "Bytecode changes in SM5.1": its example, compiled with unbounded tables
DOCS_EXAMPLE = """Texture2D<float4> tex0          : register(t5,  space0);
Texture2D<float4> tex1[][5][3]  : register(t10, space0);
Texture2D<float4> tex2[8]       : register(t0,  space1);
SamplerState samp0              : register(s5, space0);

float4 main(float4 coord : COORD) : SV_TARGET
{
    float4 r = coord;
    r += tex0.Sample(samp0, r.xy);
    r += tex2[r.x].Sample(samp0, r.xy);
    r += tex1[r.x][r.y][r.z].Sample(samp0, r.xy);
    return r;
}
"""
UNB_2D = "Texture2D<float4> tex1[][5][3] : register(t10);\n"

UNBOUNDED = [
    # the page's listing: three ranges, the unbounded one [10:*]; tex2's index counted from space1's t0 (+ 0),
    # tex1's flattened (x * 15 + y * 3 + z) from t10 (+ 10)
    ("the page's example", DOCS_EXAMPLE,
     ["dcl_sampler S0[5:5], mode_default, space=0", "dcl_resource_texture2d (float,float,float,float) T0[5:5], space=0",
      "dcl_resource_texture2d (float,float,float,float) T1[10:*], space=0",
      "dcl_resource_texture2d (float,float,float,float) T2[0:7], space=1",
      re.compile(r"sample r\d+\.xyzw, r\d+\.xyyy, " + _rel("T2", 0)), re.compile(r"imul null, r\d+\.\w, r\d+\.\w, l\(15\)"),
      re.compile(r"imul null, r\d+\.\w, r\d+\.\w, l\(3\)"), re.compile(_rel("T1", 10))]),
    # the page's unbounded ConstantBuffer<Stuff> myStuff[][3][8] at b2 of space3: [1][2][3] is buffer 24 + 16 + 3
    # = 43 (register 45); [x][y][z] is x * 24 + y * 8 + z from register 2
    ("unbounded array of ConstantBuffer<S>", "struct Stuff { float2 factor; uint drawID; };\n"
     "ConstantBuffer<Stuff> myStuff[][3][8] : register(b2, space3);\nfloat4 main(nointerpolation uint3 i : I) : "
     "SV_Target { return float4(myStuff[1][2][3].factor, myStuff[i.x][i.y][i.z].drawID, 0); }",
     ["dcl_constantbuffer CB0[2:*][1], immediateIndexed, space=3", re.compile(r"CB0\[45\]\[0\]\.xy"),
      re.compile(r"imul null, r\d+\.\w, v0\.x, l\(24\)"), re.compile(r"imul null, r\d+\.\w, v0\.y, l\(8\)"),
      re.compile(r"CB0\[r\d+\.\w \+ 2\]\[0\]\.z")]),
    ("a first dimension of 0 is unbounded", "Texture2D t[0] : register(t3);\n" + PS.format(body="return t[2].Load(0);"),
     ["dcl_resource_texture2d (float,float,float,float) T0[3:*], space=0", "ld o0.xyzw, l(0, 0, 0, 0), T0[5].xyzw"]),
    # tex1[2][1][0]: 10 + 2 * 15 + 1 * 3 = 43; tex1[2][j][1]: row 2 starts at 10 + 30 = 40, then j * 3 + 1
    ("literal indices into an unbounded array of arrays", UNB_2D + PS2.format(
        body="return tex1[2][1][0].Load(0) + tex1[2][j][1].Load(0);"),
     [re.compile(r"ld r\d+\.xyzw, l\(0, 0, 0, 0\), T0\[43\]\.xyzw"), re.compile(r"imul null, r\d+\.x, v\d\.\w, l\(3\)"),
      re.compile(r"iadd r\d+\.x, r\d+\.x, l\(1\)"), re.compile(_rel("T0", 40))]),
]


@pytest.mark.parametrize("name,src,want", UNBOUNDED, ids=[r[0] for r in UNBOUNDED])
def test_unbounded_arrays(name, src, want):
    text = disassemble(_compile(src, "ps_5_1", UNBOUNDED_TABLES))
    lines = [ln.strip() for ln in text.splitlines()]
    for w in want:
        if isinstance(w, str):
            assert w in lines, (w, text)
        else:
            assert any(w.search(ln) for ln in lines), (w.pattern, text)


#: "Resource binding in HLSL", "Constant Buffers": ``myCB1`` of type Foo and size 6 at b2 of space1
CB_ARRAY = ("struct Foo { float4 a; int2 b; };\nConstantBuffer<Foo> myCB1[2][3] : register(b2, space1);\n"
            "ConstantBuffer<Foo> myCB2 : register(b0, space1);\n")


def test_constant_buffer_array_literal_indices():
    """``myCB1[i][j]`` (literal) is buffer ``i * 3 + j`` of the range b2-b7 (row-major, as resource arrays flatten): the 3-D
    operand ``[ID][register][element]`` names register 2 + 5 for ``myCB1[1][2]``, 2 + 1 for ``myCB1[0][1]``; the
    range is declared once with the most registers any element is read at (``b`` is register 1 of Foo); RDEF has one
    constant buffer ``myCB1`` (its variable used) and one binding of 6 in space 1."""
    blob = _compile(CB_ARRAY + PS.format(body="return myCB1[1][2].a + myCB2.b.yyyy + myCB1[0][1].b.xxxx;"))
    lines = [ln.strip() for ln in disassemble(blob).splitlines()]
    assert "dcl_constantbuffer CB1[2:7][2], immediateIndexed, space=1" in lines
    assert any("CB1[7][0].xyzw" in ln for ln in lines) and any("CB1[3][1].xxxx" in ln for ln in lines)
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    assert [(c.name, [(v.name, v.flags & 2) for v in c.variables]) for c in rdef.constant_buffers] == \
        [("myCB1", [("myCB1", 2)]), ("myCB2", [("myCB2", 2)])]
    assert [(b.name, b.bind_point, b.bind_count, b.space) for b in rdef.bindings] == \
        [("myCB2", 0, 1, 1), ("myCB1", 2, 6, 1)]
    with pytest.raises(HlslError, match="X3504"):
        _compile(CB_ARRAY + PS.format(body="return myCB1[2][0].a;"))


def test_constant_buffer_array_run_time_indices():
    """``myCB1[i][j].a``: buffer ``i * 3 + j``, the operand's buffer index relative and counted from the space's
    start (``CB0[rN.x + 2][0]``: myCB2 is not read, so myCB1 is range 0; "Bytecode changes in SM5.1": [ID][index of
    the constant buffer][offset]);
    ``myCB1[1][j].b``: row 1 starts at buffer 3, register 2 + 3 = 5, element 1. The listing assembles back to the
    same bytes."""
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.dxbc.disasm import disassemble_program
    from pyd3d11.shader.dxbc.encoder import encode_program

    blob = _compile(CB_ARRAY + PS2.format(body="return myCB1[i][j].a + myCB1[1][j].b.x;"))
    lines = [ln.strip() for ln in disassemble(blob).splitlines()]
    assert "dcl_constantbuffer CB0[2:7][2], immediateIndexed, space=1" in lines  # b: register 1 of any buffer
    assert any(re.search(r"imul null, r\d+\.x, v\d\.\w, l\(3\)", ln) for ln in lines), lines
    assert any(re.search(r"CB0\[r\d+\.\w \+ 2\]\[0\]\.xyzw", ln) for ln in lines), lines
    assert any(re.search(r"CB0\[r\d+\.\w \+ 5\]\[1\]\.xxxx", ln) for ln in lines), lines
    code = parse_container(blob).program
    text = "\n".join(disassemble_program(decode_program(code)))
    assert encode_program(assemble_program(text)) == bytes(code)


def test_constant_buffer_array_first_hole_fits():
    """Without register(), an array of ConstantBuffer<S> takes the first hole of space0 its whole length fits in
    ("Resource binding in HLSL": the compiler's "first-hole-fits heuristic"): with b1 and b3 reserved and c1 placed
    at b0, ``arr[2]`` does not fit at b2 (b3 is taken) and goes to b4-b5; the next buffer takes the hole at b2."""
    src = ("struct Foo { float4 a; };\ncbuffer c0 : register(b1) { float4 x; };\n"
           "cbuffer c3 : register(b3) { float4 w; };\ncbuffer c1 { float4 y; };\n"
           "ConstantBuffer<Foo> arr[2];\ncbuffer c2 { float4 z; };\n"
           + PS2.format(body="return x + y + z + w + arr[i].a + arr[1].a;"))
    rdef = parse_rdef(parse_container(_compile(src)).get("RDEF"))
    assert sorted((b.name, b.bind_point, b.bind_count) for b in rdef.bindings) == \
        [("arr", 4, 2), ("c0", 1, 1), ("c1", 0, 1), ("c2", 2, 1), ("c3", 3, 1)]


def test_tbuffer_reflection_at_5_1():
    """A tbuffer is a D3D_SIT_TBUFFER (1) binding of its space and register."""
    blob = _compile("tbuffer tb : register(t3, space1) { float4 a; };\n" + PS.format(body="return a;"))
    rdef = parse_rdef(parse_container(blob).get("RDEF"))
    assert [(b.name, b.input_type, b.space, b.bind_point, b.bind_count) for b in rdef.bindings] == \
        [("tb", 1, 1, 3, 1)]


# --- constructs that fail: (name, target, source, fxc's error number or None where no record gives it) ----------
REJECTED = [
    ("numeric implicit array", "ps_5_1", "float f[];\n" + PS.format(body="return 0;"), 3074),
    ("string implicit array", "ps_5_1", "STRING s[];\n" + PS.format(body="return 0;"), 3074),
    ("struct implicit array", "ps_5_1", "struct S { float a; };\nS s[];\n" + PS.format(body="return 0;"), 3074),
    ("implicit typedef array", "ps_5_1", "typedef int UNKA[];\n" + PS.format(body="return 0;"), 3072),
    ("implicit secondary dimension", "ps_5_1", "SamplerState s[2][];\n" + PS.format(body="return 0;"), 3073),
    ("space before the register", "ps_5_1", "Texture2D t : register(space0, t1);\n"
     + PS.format(body="return t.Load(int3(0, 0, 0));"), None),
    ("ConstantBuffer<S> return type", "ps_5_1", "struct s { float4 m; };\nConstantBuffer<s> func(s arg) "
     "{ return arg; }\n" + PS.format(body="return 0;"), None),
    ("write to a ConstantBuffer<S> parameter", "ps_5_1", "struct S { float4 m; };\nConstantBuffer<S> cb;\n"
     "float4 f(ConstantBuffer<S> p) { p.m = 1; return p.m; }\n" + PS.format(body="return f(cb);"), 3025),
    ("two state blocks for four samplers", "ps_5_1", "sampler sams[2][2]\n{\n    {\n    },\n    {\n    }\n};\n"
     + PS.format(body="return 0;"), None),
    # X3017 "'sams': initializer does not match type" (d3dcompiler_47 10.1 under Wine, session 38; was 3000 here)
    ("one state block for an array below 5.1", "ps_5_0", "sampler sams[2]\n{\n    {\n    }\n};\n"
     + PS.format(body="return 0;"), 3017),
    ("struct member array whose tail reaches another sampler", "ps_5_1", STRUCT_SAMPLERS, 4609),
    ("a first dimension of 0 below 5.1", "ps_5_0", "Texture2D t[0] : register(t3);\n" + PS.format(body="return 0;"),
     3059),
    ("a first dimension of 0 of numbers", "ps_5_1", "float f[0];\n" + PS.format(body="return 0;"), 3059),
    # a store through it is X3500 "array reference cannot be used as an l-value; not natively addressable", a read
    # X3512 (d3dcompiler_47 10.1 under Wine, session 45; the store was 3512 here)
    ("run-time UAV array index below 5.1", "ps_5_0", "RWTexture2D<float4> tex[3];\nuniform int n;\n"
     + PS.format(body="tex[n][int2(0, 0)] = 0.6; return 0;"), 3500),
    ("run-time UAV array index read below 5.1", "ps_5_0", "RWTexture2D<float4> tex[3];\nuniform int n;\n"
     + PS.format(body="return tex[n][int2(0, 0)];"), 3512),
]


@pytest.mark.parametrize("name,target,src,code", REJECTED, ids=[r[0] for r in REJECTED])
def test_rejected(name, target, src, code):
    with pytest.raises(HlslError) as ei:
        _compile(src, target)
    if code is not None:
        assert ei.value.code == code, str(ei.value)


# --- constructs not built here: NotSupportedError naming the feature ------------------------------------------
NOT_BUILT = [
    ("interface I { float4 f(); };\nclass A : I { float4 f() { return 1; } };\nI i;\n"
     + PS.format(body="return i.f();"), "dynamic class linkage"),
    (TEX_2D + "float4 f(Texture2D r[3]) { return r[1].Load(0); }\n" + PS2.format(body="return f(t[i]);"),
     "a row of a resource array chosen at run time"),
    ("struct S { float4 m; };\nstruct T { ConstantBuffer<S> c; };\n" + PS.format(body="return 0;"),
     "ConstantBuffer<T> here"),
    ("struct S { float4 m; };\ntypedef ConstantBuffer<S> CB;\n" + PS.format(body="return 0;"),
     "ConstantBuffer<T> here"),
]


@pytest.mark.parametrize("src,what", NOT_BUILT, ids=[r[1] for r in NOT_BUILT])
def test_not_built(src, what):
    # with unbounded descriptor tables enabled: without them an unbounded array is fxc's X3596 (test_hlsl_sm51_ranges)
    with pytest.raises(NotSupportedError, match=re.escape(what)):
        _compile(src, flags=UNBOUNDED_TABLES)


def _store_raw_words(space: int) -> list[int]:
    blob = _compile(f"RWByteAddressBuffer rb[2] : register(u0, space{space});\n" + CS.format(
        body="if (i != 3) rb[i].Store(0, i);"), "cs_5_1")
    code = parse_container(blob).program
    w = as_words(code)
    return next(w[s:e] for s, e, inst in decode_program_positions(code)
                if instruction_text(inst).startswith("store_raw"))


def test_relative_register_index_encodes_alike_in_every_space():
    """An instruction names ``[ID][register in its space]`` ("Bytecode changes in SM5.1"), so ``rb[i]`` of a range
    at u0 of space0 and at u0 of space1 is one operand, ``U0[r0.x + 0]``: the second index relative with no
    offset (representation 2, bits [27:25] of the operand token, spec-facts §2.6), the relative operand ``r0.x``.
    fxc writes every zero-offset relative index so: the 366 in ../shared's slimshader fxc objects are all
    representation 2 (the 334 with an offset representation 3)."""
    uav = 30 << 12 | 2 << 20 | 0 << 22 | 2 << 25  # UAV, 2-D, index 0 immediate32, index 1 relative
    mask_x = 0 << 2 | 1 << 4 | 2  # 4-component, mask mode, .x
    temp_x = 0 << 12 | 1 << 20 | 2 << 2 | 0 << 4 | 2  # r#, 1-D, select-1 .x
    for space in (0, 1):
        w = _store_raw_words(space)
        assert w[1:5] == [uav | mask_x, 0, temp_x, 0], (space, [hex(x) for x in w])
