"""The 4_0_level_9_x compile targets: the SM4 program plus the ``Aon9`` chunk holding its shader-model-2
equivalent (issue 16 point 2).

Sources: MicrosoftDocs "Specifying Compiler Targets" (the level-9 targets and their limits), the D3D9 token
pages ("Shader Code Format", "Instruction Token", "Destination/Source Parameter Token", "Version Token"),
"ps_2_0 Instructions" / "Instructions - vs_2_0" (slot counts), and the 10Level9 ID3D11Device table
(Create*Shader at 9_x). The SM2 program is proven to mean the SM4 program by running both on random inputs:
SM4 through pyd3d11's executor, SM2 through the test's own interpreter (tests/sm2_interp.py).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest
from sm2_helpers import compile_
from sm2_interp import Sm2Machine, constants_for, position_register, texcoord_index, validate

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble, D3DReflect
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.aon9 import Aon9Chunk, build_aon9, parse_aon9
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program as decode_sm4
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.sm2.profile import PROFILES, dependent_read_depth, limit_errors, profile_errors
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src, decode_program, encode_program, to_bytes
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg, SrcMod

F = np.float32
TARGETS = ["vs_4_0_level_9_1", "vs_4_0_level_9_3", "ps_4_0_level_9_1", "ps_4_0_level_9_3"]


def _listing(blob: bytes) -> str:
    return bytes(D3DDisassemble(blob, None, 0, None)).decode().rstrip("\0")


def aon9_of(blob: bytes) -> Aon9Chunk:
    return parse_aon9(parse_container(blob).get("Aon9"))


def sm2_of(blob: bytes) -> Sm2Program:
    return decode_program(aon9_of(blob).program)


VS_BASIC = """
cbuffer M : register(b0) { float4x4 wvp; float4 tint; };
struct VOut { float4 pos : SV_Position; float4 col : COLOR0; float2 uv : TEXCOORD0; };
VOut main(float4 pos : POSITION, float4 col : COLOR, float2 uv : TEXCOORD) {
  VOut o; o.pos = mul(pos, wvp); o.col = col * tint + 0.5; o.uv = uv * 2; return o; }
"""
PS_BASIC = """
Texture2D t : register(t0); SamplerState s : register(s0);
float4 main(float4 pos : SV_Position, float4 col : COLOR0, float2 uv : TEXCOORD0) : SV_Target {
  return t.Sample(s, uv) * col; }
"""


# --- the targets compile, with the documented version tokens ------------------------------------------------

@pytest.mark.parametrize("target", TARGETS)
def test_level9_target_emits_aon9_with_its_shader_model_2_version(target: str):
    src = VS_BASIC if target.startswith("vs") else PS_BASIC
    blob = compile_(src, target)
    c = parse_container(blob)
    fourccs = [ch.fourcc for ch in c]
    assert fourccs[0] == "Aon9" and "SHDR" in fourccs
    sm4 = decode_sm4(c.program)
    assert (sm4.major, sm4.minor) == (4, 0)  # the runtime runs the SM4 program: vs_4_0 / ps_4_0
    # version token: 0xFFFE (vs) / 0xFFFF (ps) << 16 | major << 8 | minor; level_9_1 -> 2.0, level_9_3 -> 2.1 (2_x)
    prefix = 0xFFFE if target.startswith("vs") else 0xFFFF
    minor = 1 if target.endswith("9_3") else 0
    chunk = aon9_of(blob)
    assert chunk.version == prefix << 16 | 0x0200 | minor
    words = struct.unpack(f"<{len(chunk.program) // 4}I", chunk.program)
    assert words[0] == chunk.version and words[-1] == 0x0000FFFF  # version token first, end token last
    expect = 0x9300 if target.endswith("9_3") else 0x9100
    assert D3DReflect(blob).GetMinFeatureLevel() == expect
    assert validate(decode_program(chunk.program)) == []


# programs breaking one D3D9 rule each: the validator the equivalence tests rely on is not vacuous
_R0 = Dst(Reg.TEMP, 0)
VALIDATOR_ROWS = [
    Sm2Program("ps", 2, 0, [Inst("mov", _R0, [Src(Reg.TEMP, 1)])]),  # uninitialised read
    Sm2Program("ps", 2, 0, [Inst("add", _R0, [Src(Reg.CONST, 0), Src(Reg.CONST, 1)])]),  # 2 constants, 1 port
    Sm2Program("ps", 2, 0, [Inst("mul", _R0, [Src(TEXTURE, 0), Src(TEXTURE, 0)])]),  # t#: one read
    Sm2Program("ps", 2, 0, [Inst("mov", _R0, [Src(TEXTURE, 0, (1, 0, 2, 3))])]),  # .yxzw needs 2_x
    Sm2Program("vs", 2, 0, [Inst("mov", Dst(Reg.TEMP, 0, 0xF, 1), [Src(Reg.INPUT, 0)])]),  # vs _sat
    Sm2Program("vs", 2, 0, [Inst("cmp", _R0, [Src(Reg.INPUT, 0)] * 3)]),  # cmp is ps only
    Sm2Program("vs", 2, 0, [Inst("mov", Dst(Reg.TEXCRDOUT, 0), [Src(Reg.INPUT, 0)]),
                            Inst("mov", _R0, [Src(Reg.TEXCRDOUT, 0)])]),  # oT# is write-only
    Sm2Program("ps", 2, 0, [Inst("rcp", _R0, [Src(TEXTURE, 0)])]),  # rcp needs a replicate swizzle
]


@pytest.mark.parametrize("prog", VALIDATOR_ROWS)
def test_the_test_validator_rejects_each_broken_rule(prog: Sm2Program):
    assert len(validate(prog)) >= 1
    assert validate(Sm2Program("ps", 2, 1, [Inst("mov", _R0, [Src(TEXTURE, 0, (1, 0, 2, 3))])])) == []


def test_level9_vertex_shader_maps_constants_after_the_position_offset():
    chunk = aon9_of(compile_(VS_BASIC, "vs_4_0_level_9_1"))
    # cb0 registers 0..4 (wvp rows + tint) land in c1.. ; c0 is the runtime's "Vertex Shader position offset"
    assert chunk.cb_mappings == [(0, 0, 5, 1, (0, 0, 0, 0))]
    assert chunk.runtime_constants == [(0, 0)]


def test_level9_pixel_shader_maps_texture_and_sampler_to_one_sm2_sampler():
    chunk = aon9_of(compile_(PS_BASIC, "ps_4_0_level_9_1"))
    assert chunk.sampler_mappings == [(0, 0, 0)]
    prog = decode_program(chunk.program)
    dcl = [i for i in prog.instructions if i.op == "dcl" and i.dst.reg == Reg.SAMPLER]
    assert len(dcl) == 1 and dcl[0].decl >> 27 == 2  # D3DSTT_2D
    assert [i.op for i in prog.instructions if i.op == "texld"] == ["texld"]


# --- token format, from the D3D9 token documentation --------------------------------------------------------

def test_tokens_match_the_documented_layout():
    prog = Sm2Program("ps", 2, 0, [
        Inst("dcl", Dst(Reg.SAMPLER, 0), decl=2 << 27),
        Inst("add", Dst(Reg.TEMP, 0, 0x3), [Src(Reg.CONST, 3, (1, 2, 0, 3), SrcMod.NEG), Src(Reg.INPUT, 1)]),
        Inst("texld", Dst(Reg.TEMP, 1), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)]),
        Inst("mov", Dst(Reg.COLOROUT, 0), [Src(Reg.TEMP, 1)]),
    ])
    assert encode_program(prog) == [
        0xFFFF0200,  # ps_2_0
        0x0200001F, 0x90000000, 0xA00F0800,  # dcl (2 params), D3DSTT_2D usage token, s0 (type 10 split 2|1<<3)
        0x03000002, 0x80030000, 0xA1C90003, 0x90E40001,  # add r0.xy, -c3.yzxw, v1 (identity swizzle 0xE4)
        0x03000042, 0x800F0001, 0xB0E40000, 0xA0E40800,  # texld r1, t0, s0
        0x02000001, 0x800F0800, 0x80E40001,  # mov oC0 (type 8 = 0 | 1 << 3), r1
        0x0000FFFF,
    ]


@pytest.mark.parametrize("target", TARGETS)
def test_compiled_aon9_program_round_trips(target: str):
    src = VS_BASIC if target.startswith("vs") else PS_BASIC
    chunk = aon9_of(compile_(src, target))
    prog = decode_program(chunk.program)
    assert to_bytes(encode_program(prog)) == chunk.program
    assert decode_program(encode_program(prog)) == prog
    assert build_aon9(parse_aon9(build_aon9(chunk))) == build_aon9(chunk)


def test_decoder_rejects_malformed_streams():
    for bad in ([], [0x12345678], [0xFFFF0200, 0x0300_0002], [0xFFFF0200, 0x0000_0077, 0xFFFF]):
        with pytest.raises(ValueError):
            decode_program(bad)


def test_comment_tokens_are_kept_and_skipped():
    toks = [0xFFFE0200, 0x0002FFFE, 0x11111111, 0x22222222, 0x0000FFFF]
    prog = decode_program(toks)
    assert prog.instructions[0].op == "comment" and prog.instructions[0].values == [0x11111111, 0x22222222]
    assert encode_program(prog) == toks


# --- disassembly --------------------------------------------------------------------------------------------

def test_disassembly_lists_the_level9_program_before_the_sm4_code():
    blob = compile_("float4 main(float4 c : COLOR0) : SV_Target { return c * 2; }", "ps_4_0_level_9_1")
    text = _listing(blob)
    lines = [ln.strip() for ln in text.splitlines()]
    i = lines.index("// Level9 shader bytecode:")
    body = lines[i + 2: i + 7]
    assert body == ["ps_2_0", "dcl t0", "def c0, 2, 2, 2, 2", "mul r0, t0, c0", "mov oC0, r0"]
    # rewritten to d3dcompiler_47 10.1's answer (session 40, D3DDisassemble under Wine): a pixel program with no
    # texture slot gets no "(0 texture, N arithmetic)" split (was expected with it)
    assert "// approximately 2 instruction slots used" in lines
    assert lines.index("ps_4_0") > i


def test_disassembly_prints_the_mapping_tables():
    text = _listing(compile_(VS_BASIC, "vs_4_0_level_9_3"))
    assert "// Constant buffer to DX9 shader constant mappings:" in text
    assert "// c1         cb0             0         5  ( FLT, FLT, FLT, FLT)" in text
    assert "Vertex Shader position offset" in text
    assert "    vs_2_x" in text and "mad oPos.xy" in text


# --- the SM2 program means the SM4 program (random inputs) ------------------------------------------------

ALU_VS = [
    """cbuffer M { float4x4 m; float4 k; };
    struct O { float4 p : SV_Position; float4 a : TEXCOORD0; float3 b : TEXCOORD1; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0, float3 y : NORMAL) {
      O o; o.p = mul(p, m); o.a = x * k.x + k.yzwx - x.wzyx; o.b = cross(y, x.xyz) + dot(y, x.zyx); return o; }""",
    """cbuffer M { float4 k; };
    struct O { float4 p : SV_Position; float4 a : TEXCOORD0; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0) {
      O o; o.p = p; float4 ax = abs(x) + 0.25;
      o.a = float4(rsqrt(ax.x), sqrt(ax.y), exp2(x.z * 0.5), log2(ax.w));
      o.a += floor(x * 3) - ceil(x.yzwx * 2) + frac(x) + saturate(x * k) + x / ax.zwxy;
      o.a += (x < k ? 1.0 : 0.25) + (x >= k.w ? x : k) + max(x, k) - min(x, 0.5); return o; }""",
    """struct O { float4 p : SV_Position; float4 a : TEXCOORD0; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0) {
      O o; o.p = p; float s, c; sincos(x.y * 5, s, c); o.a = float4(sin(x.xz * 3), cos(x.w), s + c); return o; }""",
    """struct O { float4 p : SV_Position; float2 a : TEXCOORD3; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0) {
      O o; o.p = p.wzyx * 2; o.a = dot(x.xy, p.zw) + float2(x.x == p.x, x.y != p.y); return o; }""",
]
FLOW_PS = [  # branches on shader values are flattened, constant loops unrolled, constant conditions decided
    """cbuffer P { float4 k; };
    float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {
      float4 r = y;
      if (x.x > k.x) { r = x * 2; r.y += 1; if (y.y < 0) r.z = 5; } else { r.w = x.y * 3; }
      for (int i = 0; i < 3; i++) { r += k * i; if (i == 1) r.x -= 0.5; }
      return r; }""",
    """float4 main(float4 x : TEXCOORD0) : SV_Target {
      float4 r = 0;
      [unroll] for (int i = 1; i <= 4; i++) { if (x[i - 1] > 0) r += x * i; else r -= 1; }
      if (x.w < -2) discard;
      return r; }""",
]
FLOW_VS = [
    """cbuffer M { float4 k; };
    struct O { float4 p : SV_Position; float4 a : TEXCOORD0; float2 b : TEXCOORD1; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0) {
      O o; o.p = p; o.b = x.xy;
      if (x.x < k.y) { o.a = x + k; o.b.y = 3; } else { o.a = x * k; if (x.z >= 0) o.p.x += 1; }
      for (int i = 0; i < 2; i++) o.a.w += i; return o; }""",
]

ALU_PS = [
    """cbuffer P { float4 k; float4 j; };
    float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {
      float4 ax = abs(x) + 0.5;
      float4 r = x.yzwx * k + y.xxyy - j.w;
      r += float4(rsqrt(ax.x), sqrt(ax.y), exp2(x.z), log2(ax.w)) + frac(y) + floor(x) + ceil(y);
      return r + saturate(x * y) + x / ax.wzyx; }""",
    """cbuffer P { float4 k; float4 j; };
    float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {
      float4 r = (x.x < y.y ? k : j) + (x >= y) * 0.5;
      r.xy += dot(x.xy, y.zw) + dot(x.xyz, y.xyz);
      return r + (x != k) + (y == j) + (x.zwxy > 0 && y < 0.5) + (x < -1 || y.x > 0) + !(x > j); }""",
    """float4 main(float4 x : TEXCOORD0) : SV_Target { return float4(sin(x.x * 7), cos(x.y), 0.5, sin(x.w) * cos(x.w)); }""",
    """float4 main(float4 x : TEXCOORD2, float3 n : TEXCOORD5) : SV_Target {
      float3 v = normalize(n + 2.5); return float4(v * x.w, length(n) + max(x.x, x.y)); }""",
]


def _rand(rng, n: int, shape=4) -> np.ndarray:
    return rng.uniform(-3, 3, (n, shape)).astype(F)


def _inputs_sm4(n: int, regs: dict[int, np.ndarray]) -> np.ndarray:
    # a program that reads no input declares none (fxc's declarations, session 37: hlsl/iodecls.py)
    top = max(regs, default=0) + 1
    arr = np.zeros((top, n, 4), np.uint32)
    for r, v in regs.items():
        arr[r] = v.view(np.uint32)
    return arr


def _input_regs(program) -> list[int]:
    from pyd3d11.shader import ir

    return [i.operands[0].register for i in program.instructions
            if i.opcode in (ir.Opcode.DCL_INPUT, ir.Opcode.DCL_INPUT_PS)]


def _output_regs(program) -> list[tuple[int, int]]:
    """(register, declared mask) of every output: only the declared components are compared."""
    from pyd3d11.shader import ir

    return [(i.operands[0].register, i.operands[0].mask) for i in program.instructions
            if i.opcode in (ir.Opcode.DCL_OUTPUT, ir.Opcode.DCL_OUTPUT_SIV)]


def _run_both(src: str, target: str, seed: int) -> list[tuple[np.ndarray, np.ndarray, int]]:
    rng = np.random.default_rng(seed)
    n = 64
    blob = compile_(src, target)
    c = parse_container(blob)
    sm4 = decode_sm4(c.program)
    chunk = parse_aon9(c.get("Aon9"))
    sm2 = decode_program(chunk.program)
    assert validate(sm2) == []  # the D3D9 rules hold: read ports, swizzles, instruction set, no uninitialised reads
    regs = {r: _rand(rng, n) for r in _input_regs(sm4)}
    cbs = {0: rng.uniform(-2, 2, (32, 4)).astype(F)}
    b = Bindings()
    b.set_cbuffer(0, cbs[0].view(np.uint32).reshape(-1))
    res = run_program(sm4, n, inputs=_inputs_sm4(n, regs), bindings=b)
    in_type = Reg.INPUT if sm2.kind == "vs" else TEXTURE
    pos_in = position_register(sm4, False)
    m = Sm2Machine(sm2, n, {(in_type, r if sm2.kind == "vs" else texcoord_index(r, pos_in)): v
                            for r, v in regs.items()}, constants_for(chunk, cbs)).run()
    pairs = []
    pos = next((i.operands[0].register for i in sm4.instructions if i.opcode == 103), None)  # dcl_output_siv
    for r, mask in _output_regs(sm4):
        if sm2.kind == "vs":
            got = m.out(Reg.RASTOUT, 0) if r == pos else m.out(Reg.TEXCRDOUT, texcoord_index(r, pos))
        else:
            got = m.out(Reg.COLOROUT, r)
        lanes = [c for c in range(4) if mask >> c & 1]
        pairs.append((res.outputs[r].view(F)[:, lanes], got[:, lanes], r))
    return pairs


@pytest.mark.parametrize("level", ["9_1", "9_3"])
@pytest.mark.parametrize("idx", range(len(ALU_VS)))
def test_aon9_vertex_program_computes_what_the_sm4_program_computes(idx: int, level: str):
    for expect, got, r in _run_both(ALU_VS[idx], f"vs_4_0_level_{level}", seed=idx):
        m = ~np.isnan(expect)
        np.testing.assert_allclose(got[m], expect[m], rtol=2e-5, atol=2e-5, err_msg=f"o{r}")


@pytest.mark.parametrize("level", ["9_1", "9_3"])
@pytest.mark.parametrize("idx", range(len(ALU_PS)))
def test_aon9_pixel_program_computes_what_the_sm4_program_computes(idx: int, level: str):
    for expect, got, r in _run_both(ALU_PS[idx], f"ps_4_0_level_{level}", seed=10 + idx):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"o{r}")


@pytest.mark.parametrize("level", ["9_1", "9_3"])
@pytest.mark.parametrize("idx", range(len(FLOW_PS)))
def test_aon9_flattened_flow_control_computes_what_the_sm4_program_computes(idx: int, level: str):
    for expect, got, r in _run_both(FLOW_PS[idx], f"ps_4_0_level_{level}", seed=20 + idx):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"o{r}")
    prog = sm2_of(compile_(FLOW_PS[idx], f"ps_4_0_level_{level}"))
    assert not {i.op for i in prog.instructions} & {"if", "ifc", "loop", "rep", "else", "endif"}


FLOW_VS.append(  # the branch not taken computes log2 of negatives / 1 / 0 on its lanes: inf and NaN
    """struct O { float4 p : SV_Position; float4 a : TEXCOORD0; };
    O main(float4 p : POSITION, float4 x : TEXCOORD0) {
      O o; o.p = p; o.a = x.x > 0 ? 1 / max(x.xxxx, 0) : x; if (x.y < 0) o.a.y = 1 / min(x.y, 0);
      o.a.z = x.z <= 0 ? log2(max(x.z, 0)) : 2; return o; }""")


@pytest.mark.parametrize("level", ["9_1", "9_3"])
@pytest.mark.parametrize("idx", range(2))
def test_aon9_flattened_vertex_branches(level: str, idx: int):
    for expect, got, r in _run_both(FLOW_VS[idx], f"vs_4_0_level_{level}", seed=30):
        finite = np.isfinite(expect)  # a taken branch's own inf / NaN becomes +-FLT_MAX in SM2 (documented)
        np.testing.assert_allclose(got[finite], expect[finite], rtol=2e-5, atol=2e-5, err_msg=f"o{r}")


def test_aon9_discard_inside_a_branch_kills_only_where_the_branch_runs():
    src = ("float4 main(float4 x : TEXCOORD0) : SV_Target {\n"
           " if (x.x > 0) { if (x.y > 0.5) discard; x *= 2; } return x; }")
    rng = np.random.default_rng(5)
    n = 64
    blob = compile_(src, "ps_4_0_level_9_1")
    c = parse_container(blob)
    chunk = parse_aon9(c.get("Aon9"))
    x = _rand(rng, n)
    m = Sm2Machine(decode_program(chunk.program), n, {(TEXTURE, 0): x}, constants_for(chunk, {})).run()
    assert m.killed.tolist() == ((x[:, 0] > 0) & (x[:, 1] > 0.5)).tolist()


INT_PS = [  # integer arithmetic on shader values, in floats of the same value (no shifts: below shader model 4 a
    # bitwise operator is fxc 10.1's X3535, tests/test_rules_d3dcompiler_targets_s35.py)
    """float4 main(float4 x : TEXCOORD0) : SV_Target {
      int q = (int)(x.x * 3); int p = (int)(x.y * 5) - q;
      uint u = (uint)(abs(x.z) * 4);
      float4 r = float4(q * 2 + 1, (p - 1) * 3, q * 4 + (int)u, (float)max(q, p));
      r.w += (q < p ? 2 : -3) + (u >= 3 ? 1.5 : 0.25) + (q == p);
      return r; }""",
]
INDEXED = [  # constants indexed by unrolled loop counters (ps) and by values computed in a vertex shader
    ("""cbuffer C { float4 a[4]; float4 k; };
    static const float4 t[3] = { {1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12} };
    float4 main(float4 x : TEXCOORD0) : SV_Target {
      float4 r = k; for (int i = 0; i < 3; i++) r += a[i + 1] * x + t[i]; return r; }""", "ps_4_0_level_9_1"),
    ("""cbuffer B { float4x4 bones[6]; float4 k; };
    static const float4 tint[4] = { {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1} };
    struct O { float4 p : SV_Position; float4 c : TEXCOORD0; };
    O main(float4 p : POSITION, float4 w : TEXCOORD0) {
      int i = clamp((int)(abs(w.x) * 2), 0, 5); int j = clamp((int)(abs(w.y) * 2), 0, 3);
      O o; o.p = mul(p, bones[i]); o.c = tint[j] * k + bones[5 - i][1]; return o; }""", "vs_4_0_level_9_1"),
]


@pytest.mark.parametrize("level", ["9_1", "9_3"])
def test_aon9_integer_arithmetic_agrees(level: str):
    for expect, got, r in _run_both(INT_PS[0], f"ps_4_0_level_{level}", seed=40):
        np.testing.assert_allclose(got, expect, rtol=1e-6, atol=1e-6, err_msg=f"o{r}")


@pytest.mark.parametrize(("src", "target"), INDEXED)
def test_aon9_indexed_constants_agree(src: str, target: str):
    for expect, got, r in _run_both(src, target, seed=41):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"o{r}")
    if target.startswith("vs"):
        assert "mova" in {i.op for i in sm2_of(compile_(src, target)).instructions}


def test_aon9_texkill_discards_the_pixels_clip_discards():
    src = "float4 main(float4 x : TEXCOORD0) : SV_Target { clip(x.y); clip(1 - x.x); return x; }"
    rng = np.random.default_rng(3)
    n = 64
    blob = compile_(src, "ps_4_0_level_9_1")
    c = parse_container(blob)
    sm4 = decode_sm4(c.program)
    chunk = parse_aon9(c.get("Aon9"))
    x = _rand(rng, n)
    res = run_program(sm4, n, inputs=_inputs_sm4(n, {0: x}), bindings=Bindings())
    m = Sm2Machine(decode_program(chunk.program), n, {(TEXTURE, 0): x}, constants_for(chunk, {})).run()
    expect = (x[:, 1] < 0) | (x[:, 0] > 1)  # HLSL clip / discard, independently
    assert res.discarded.tolist() == expect.tolist()
    assert m.killed.tolist() == expect.tolist()


def test_aon9_texld_samples_the_mapped_sampler_with_the_coordinates():
    rng = np.random.default_rng(4)
    n = 16
    chunk = aon9_of(compile_(PS_BASIC, "ps_4_0_level_9_1"))
    col, uv = _rand(rng, n), _rand(rng, n)
    seen = {}

    def sample(s, coords, controls):
        seen["s"], seen["uv"] = s, coords[:, :2].copy()
        return np.stack([coords[:, 0], coords[:, 1], coords[:, 0] * 2, np.ones(n, F)], axis=1)

    m = Sm2Machine(decode_program(chunk.program), n, {(TEXTURE, texcoord_index(1, 0)): col, (TEXTURE, texcoord_index(2, 0)): uv},
                   constants_for(chunk, {}), sample).run()
    assert seen["s"] == 0 and np.array_equal(seen["uv"], uv[:, :2])
    texel = np.stack([uv[:, 0], uv[:, 1], uv[:, 0] * 2, np.ones(n, F)], axis=1)
    np.testing.assert_allclose(m.out(Reg.COLOROUT, 0), texel * col, rtol=1e-6)


# --- the level-9 profile rules --------------------------------------------------------------------------------

def _ps(ops: list[Inst], minor: int = 0) -> Sm2Program:
    return Sm2Program("ps", 2, minor, ops)


def _arith(n: int, reg: int = 0) -> list[Inst]:
    return [Inst("add", Dst(Reg.TEMP, reg), [Src(Reg.TEMP, reg), Src(Reg.CONST, 0)]) for _ in range(n)]


def _tex(n: int) -> list[Inst]:
    return [Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)]) for _ in range(n)]


def _chain(levels: int) -> list[Inst]:
    ops = [Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)])]
    for _ in range(levels - 1):
        ops += [Inst("mul", Dst(Reg.TEMP, 1), [Src(Reg.TEMP, 0), Src(Reg.CONST, 0)]),
                Inst("texld", Dst(Reg.TEMP, 0), [Src(Reg.TEMP, 1), Src(Reg.SAMPLER, 0)])]
    return ops


# (profile, program, expected error numbers): the documented limits of each target, one row per rule side
LIMIT_ROWS = [
    ("ps_4_0_level_9_1", _ps(_arith(64)), []),  # ps_2_0: 64 arithmetic slots
    ("ps_4_0_level_9_1", _ps(_arith(65)), [5608]),
    ("ps_4_0_level_9_1", _ps(_tex(32)), []),  # ... and 32 texture slots
    ("ps_4_0_level_9_1", _ps(_tex(33)), [5607]),
    ("ps_4_0_level_9_1", _ps([Inst("sincos", Dst(Reg.TEMP, 0, 3), [Src(Reg.TEMP, 0)] * 3)] * 8), []),  # 8 slots each
    ("ps_4_0_level_9_1", _ps([Inst("sincos", Dst(Reg.TEMP, 0, 3), [Src(Reg.TEMP, 0)] * 3)] * 9), [5608]),
    ("ps_4_0_level_9_3", _ps(_arith(65), 1), []),  # ps_4_0_level_9_3: 512 instructions, no texture limit
    ("ps_4_0_level_9_3", _ps(_tex(33), 1), []),
    ("ps_4_0_level_9_3", _ps(_arith(512), 1), []),
    ("ps_4_0_level_9_3", _ps(_arith(513), 1), [5609]),
    ("vs_4_0_level_9_1", Sm2Program("vs", 2, 0, _arith(256)), []),  # vs: 256 instructions
    ("vs_4_0_level_9_1", Sm2Program("vs", 2, 0, _arith(257)), [5609]),
    ("vs_4_0_level_9_3", Sm2Program("vs", 2, 1, _arith(257)), [5609]),
    ("ps_4_0_level_9_1", _ps(_arith(1, reg=11)), []),  # 12 temporaries at 9_1
    ("ps_4_0_level_9_1", _ps(_arith(1, reg=12)), [4509]),
    ("ps_4_0_level_9_3", _ps(_arith(1, reg=31), 1), []),  # 32 at 9_3
    ("ps_4_0_level_9_3", _ps(_arith(1, reg=32), 1), [4509]),
    ("vs_4_0_level_9_1", Sm2Program("vs", 2, 0, _arith(1, reg=12)), [4509]),
    ("vs_4_0_level_9_3", Sm2Program("vs", 2, 1, _arith(1, reg=31)), []),
    ("ps_4_0_level_9_1", _ps([Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 31)])]), []),  # ps_2_0: c0-c31
    ("ps_4_0_level_9_1", _ps([Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 32)])]), [4507]),
    ("vs_4_0_level_9_1", Sm2Program("vs", 2, 0, [Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 255)])]), []),
    ("vs_4_0_level_9_1", Sm2Program("vs", 2, 0, [Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 256)])]), [4507]),
    ("ps_4_0_level_9_1", _ps(_chain(4)), []),  # 4 levels of dependent reads at 9_1
    ("ps_4_0_level_9_1", _ps(_chain(5)), [4121]),
    ("ps_4_0_level_9_3", _ps(_chain(5), 1), []),  # no dependent-read limit at 9_3
    ("ps_4_0_level_9_1", _ps([Inst("dsx", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0)])]), [4532]),  # gradients: 9_3 only
    ("ps_4_0_level_9_3", _ps([Inst("dsx", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0)])], 1), []),
]


def _cube_dcl() -> Inst:
    return Inst("dcl", Dst(Reg.SAMPLER, 1), decl=3 << 27)


# "ps_2_x Instructions" with D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT (ps_4_0_level_9_3): texture slot counts
PS2X_SLOT_ROWS = [
    ([Inst("texkill", Dst(Reg.TEMP, 0))], 2),
    ([Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)])], 1),
    ([_cube_dcl(), Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 1)])], 4),
    ([Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)], 2)], 6),  # texldb
    ([Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0)], 1)], 3),  # texldp
    ([_cube_dcl(), Inst("texld", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 1)], 1)], 4),
    ([Inst("texldd", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0), Src(Reg.SAMPLER, 0), Src(TEXTURE, 1), Src(TEXTURE, 2)])], 3),
    ([Inst("dsx", Dst(Reg.TEMP, 0), [Src(TEXTURE, 0)])], 2),
]


@pytest.mark.parametrize(("ops", "slots"), PS2X_SLOT_ROWS)
def test_ps_2_x_slot_counts_without_a_texture_instruction_limit(ops: list[Inst], slots: int):
    from pyd3d11.shader.sm2.profile import count_slots

    assert count_slots(Sm2Program("ps", 2, 1, ops))[0] == slots
    if all(i.op in ("dcl", "texld", "texkill") for i in ops):  # ps_2_0: every texture instruction is 1 slot
        assert count_slots(Sm2Program("ps", 2, 0, ops))[0] == 1


@pytest.mark.parametrize(("target", "prog", "codes"), LIMIT_ROWS)
def test_level9_profile_limits(target: str, prog: Sm2Program, codes: list[int]):
    assert [c for c, _ in profile_errors(prog, PROFILES[target])] == codes


def test_slot_error_message_is_fxcs():
    (code, msg), = limit_errors(_ps(_arith(77)), PROFILES["ps_4_0_level_9_1"])
    assert (code, msg) == (5608, "Compiled shader code uses too many arithmetic instruction slots (77). "
                                 "Max. allowed by the target (ps_2_0) is 64.")


def test_dependent_read_depth_counts_texture_results_through_arithmetic():
    assert dependent_read_depth(_ps(_chain(3))) == 3
    assert dependent_read_depth(_ps(_tex(5))) == 1  # coordinates straight from t0: never dependent


def _compile_err(src: str, target: str) -> D3D11Error:
    with pytest.raises(D3D11Error) as info:
        compile_(src, target)
    return info.value


LONG_PS = "cbuffer C { float4 k; }; float4 main(float4 x : TEXCOORD0) : SV_Target { float4 r = x;\n" + "".join(
    f"r = r * x.{'xyzw'[i % 4]} + k;\n" for i in range(70)) + "return r; }"

# (HLSL, target that refuses it, target that takes it or None, what the message names)
HLSL_RULES = [
    (LONG_PS, "ps_4_0_level_9_1", "ps_4_0_level_9_3", "X5608"),
    ("float4 main(float4 x : TEXCOORD0) : SV_Target { return ddx(x) + ddy(x); }", "ps_4_0_level_9_1",
     "ps_4_0_level_9_3", "ps_4_0_level_9_3"),
    ("float4 main(uint id : SV_VertexID) : SV_Position { return id; }", "vs_4_0_level_9_1", None, "SV_VertexID"),
    ("float4 main(uint id : SV_InstanceID) : SV_Position { return id; }", "vs_4_0_level_9_3", None,
     "SV_InstanceID semantic cannot be used with 10Level9"),
    ("struct O { float4 p : SV_Position; float c : SV_ClipDistance; };\n"
     "O main(float4 p : POSITION) { O o; o.p = p; o.c = p.x; return o; }", "vs_4_0_level_9_3", None, "SV_Position"),
    ("Texture2DArray t; SamplerState s; float4 main(float3 u : TEXCOORD0) : SV_Target { return t.Sample(s, u); }",
     "ps_4_0_level_9_3", None, "X4545: Unsupported texture type for ps_4_0_level_9_3"),  # fxc 10.1's words
    ("Texture2D t; float4 main(float4 u : TEXCOORD0) : SV_Target { return t.Load(int3(u.xyz)); }",
     "ps_4_0_level_9_3", None, "ld"),
    ("Texture2D t; SamplerState s; float4 main(float2 u : TEXCOORD0) : SV_Target { return t.SampleLevel(s, u, 0); }",
     "ps_4_0_level_9_1", None, "sample_l"),
    ("float4 main(float4 p : SV_Position) : SV_Target { return p; }", "ps_4_0_level_9_1", None, "SV_Position"),
    ("Texture2D t; SamplerState s; float4 main(float2 u : TEXCOORD0) : SV_Target { return t.Sample(s, u, int2(1, 0)); }",
     "ps_4_0_level_9_3", None, "offset"),
]


#: d3dcompiler_47 10.1's HRESULT for the rows it answers with X4532 "cannot map expression" (E_NOTIMPL; the others
#: E_FAIL) -- recorded under Wine, session 35: ddx/ddy at 9_1, Load at 9_3, SampleLevel at 9_1, a texel offset at 9_3
NOTIMPL_ROWS = {1, 6, 7, 9}


@pytest.mark.parametrize(("row", "src", "bad", "good", "names"), [(i, *r) for i, r in enumerate(HLSL_RULES)])
def test_level9_hlsl_rules(row: int, src: str, bad: str, good: str | None, names: str):
    err = _compile_err(src, bad)
    assert err.name == ("E_NOTIMPL" if row in NOTIMPL_ROWS else "E_FAIL") and names.lower() in str(err).lower()
    if good is not None:
        compile_(src, good)


# --- the device: Create*Shader at each level -------------------------------------------------------------------

def _dev(level: int):
    from pyd3d11.d3d11 import D3D11CreateDevice

    dev, fl, ctx = D3D11CreateDevice(None, 1, None, 0x2, [level], 1, 7)
    assert fl == level
    return dev


_VS_SRC = "float4 main(float4 p : POSITION) : SV_Position { return p; }"
_PS_SRC = "float4 main(float4 c : COLOR0) : SV_Target { return c; }"

# (device level, profile suffix or None for plain 4_0, accepted): the 10Level9 ID3D11Device rows
DEVICE_ROWS = [(lv, prof, ok) for lv, rows in {
    0x9100: [("4_0_level_9_1", True), ("4_0_level_9_3", False), (None, False)],
    0x9200: [("4_0_level_9_1", True), ("4_0_level_9_3", False), (None, False)],
    0x9300: [("4_0_level_9_1", True), ("4_0_level_9_3", True), (None, False)],
    0xA000: [("4_0_level_9_1", True), ("4_0_level_9_3", True), (None, True)],
    0xB000: [("4_0_level_9_1", True), ("4_0_level_9_3", True), (None, True)],
}.items() for prof, ok in rows]


@pytest.mark.parametrize(("level", "prof", "ok"), DEVICE_ROWS)
@pytest.mark.parametrize("stage", ["vs", "ps"])
def test_create_shader_needs_a_fitting_aon9_chunk_at_9_x(level: int, prof: str | None, ok: bool, stage: str):
    dev = _dev(level)
    blob = compile_(_VS_SRC if stage == "vs" else _PS_SRC, f"{stage}_{prof or '4_0'}")
    create = dev.CreateVertexShader if stage == "vs" else dev.CreatePixelShader
    from pyd3d11.api import ID3D11InfoQueue

    queue = dev.QueryInterface(ID3D11InfoQueue)
    queue.ClearStoredMessages()
    if ok:
        assert create(blob, None) is not None
        assert queue.GetNumStoredMessages() == 0
    else:
        with pytest.raises(D3D11Error) as info:
            create(blob, None)
        assert info.value.name == "E_INVALIDARG"
        ids = [int(queue.GetMessage(i).ID) for i in range(queue.GetNumStoredMessages())]
        name = "CREATEVERTEXSHADER" if stage == "vs" else "CREATEPIXELSHADER"
        assert _mid(f"{name}_INVALIDSHADERBYTECODE") in ids


def _mid(name: str) -> int:
    from pyd3d11.d3d11 import D3D11_MESSAGE_ID

    return int(getattr(D3D11_MESSAGE_ID, "D3D11_MESSAGE_ID_" + name))


def test_legacy_shader_blob_part_is_the_aon9_chunk():
    from pyd3d11.d3dcompiler import D3D_BLOB_LEGACY_SHADER, D3DGetBlobPart

    blob = compile_(PS_BASIC, "ps_4_0_level_9_3")
    part = bytes(D3DGetBlobPart(blob, len(blob), D3D_BLOB_LEGACY_SHADER, 0))
    assert parse_aon9(part).version == 0xFFFF0201


def test_level9_shaders_draw_at_9_1():
    """The runtime executes the SM4 program of a compiled level-9 shader pair."""
    from level9_kit import PS, VS, Scene

    s = Scene("9_1", shaders=False)
    vsb, psb = compile_(VS, "vs_4_0_level_9_1"), compile_(PS, "ps_4_0_level_9_1")
    s.ctx.VSSetShader(s.dev.CreateVertexShader(vsb, None))
    s.ctx.PSSetShader(s.dev.CreatePixelShader(psb, None))
    from pyd3d11.d3d11 import D3D11_INPUT_ELEMENT_DESC

    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=2, InputSlot=0, AlignedByteOffset=o,
                                    InputSlotClass=0, InstanceDataStepRate=0) for n, o in (("POSITION", 0), ("COLOR", 16))]
    s.ctx.IASetInputLayout(s.dev.CreateInputLayout(els, 2, vsb))
    s.ctx.Draw(3, 0)
    img = s.image()
    assert img.shape[:2] == (4, 4) and tuple(np.round(img[1, 1] * 255)) == (64, 128, 191, 255)  # COLOR in UNORM8


# --- real-world level-9 shaders: the DirectX SDK samples' 4_0_level_9_1 compiles ------------------------------

_SDK = __import__("os").environ.get("PYD3D11_SDK_SAMPLES")


@pytest.mark.skipif(not _SDK or not __import__("pathlib").Path(_SDK, "BasicHLSL11").is_dir(),
                    reason="set PYD3D11_SDK_SAMPLES to a checkout of walbourn/directx-sdk-samples")
def test_every_sdk_sample_level9_compile_builds_a_valid_aon9_program():
    from pathlib import Path

    from pyd3d11.headers import d3dcompiler_types as DT
    from pyd3d11.shader.compile_api import D3DCompileFromFile
    from pyd3d11.tools import sdk_samples

    root = Path(_SDK)
    jobs = list(sdk_samples.level9_jobs())
    assert len(jobs) == 9
    for job in jobs:
        if "#" in job.path:
            blob = D3DCompile(sdk_samples.embedded_source(root, job.path), None, "none", None, None, job.entry,
                              job.target, job.flags, 0)
        else:
            blob = D3DCompileFromFile(str(root / job.path), None, DT.D3D_COMPILE_STANDARD_FILE_INCLUDE, job.entry,
                                      job.target, job.flags, 0)
        prog = sm2_of(bytes(blob))
        assert (prog.major, prog.minor) == (2, 0) and validate(prog) == [], job.name()


# --- random shaders: the SM2 program means the SM4 program for generated HLSL ------------------------------------

def _random_expr(rng, depth: int) -> str:
    """A random float4 HLSL expression over x, y (inputs) and k, j (constants) that stays finite on [-3, 3]."""
    if depth == 0 or rng.random() < 0.2:
        leaf = str(rng.choice(["x", "y", "k", "j"]))
        if rng.random() < 0.5:
            leaf += "." + "".join(rng.choice(list("xyzw"), 4))
        return leaf if rng.random() < 0.8 else f"{rng.uniform(-2, 2):.3f}"
    a = _random_expr(rng, depth - 1)
    b = _random_expr(rng, depth - 1)
    form = int(rng.integers(0, 18))
    return [
        f"({a} + {b})", f"({a} - {b})", f"({a} * {b})", f"({a} / (abs({b}) + 0.5))", f"min({a}, {b})",
        f"max({a}, {b})", f"abs({a})", f"frac({a})", f"floor({a})", f"ceil({a})", f"saturate({a})",
        f"dot({a}, {b})", f"(({a}) < ({b}) ? {a} : {b} * 0.5)", f"sqrt(abs({a}))",
        f"sin({a})", f"log2(abs({a}) + 0.5) + exp2(clamp({b}, -3, 3))",
        f"(float4)((int4)({a}) * 2 - (int4)({b}))", f"(float4)(max((int4)({a} * 3) - 1, (int4)({b})))",
    ][form]


def _random_vertex_shader(rng) -> str:
    body = f"O o; o.p = {_random_expr(rng, 2)}; o.a = {_random_expr(rng, 3)};\n"
    if rng.random() < 0.5:
        body += f"if (o.a.y < ((float4)({_random_expr(rng, 1)})).x) o.a.xz = ((float4)({_random_expr(rng, 2)})).yw;\n"
    return ("cbuffer P { float4 k; float4 j; };\nstruct O { float4 p : SV_Position; float4 a : TEXCOORD0; };\n"
            "O main(float4 x : POSITION, float4 y : TEXCOORD0) {\n" + body + "return o; }")


def _random_shader(rng) -> str:
    body = f"float4 r = {_random_expr(rng, 3)};\n"
    if rng.random() < 0.5:
        body += (f"if (r.x > ((float4)({_random_expr(rng, 1)})).y) r = {_random_expr(rng, 2)};"
                 f" else r.zw = ((float4)({_random_expr(rng, 1)})).xy;\n")
    if rng.random() < 0.3:
        body += f"for (int i = 0; i < 3; i++) r += {_random_expr(rng, 1)} * i;\n"
    return ("cbuffer P { float4 k; float4 j; };\n"
            "float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {\n" + body + "return r; }")


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("stage", ["ps", "vs"])
def test_random_level9_shaders_agree_with_their_sm4_program(seed: int, stage: str):
    rng = np.random.default_rng(1000 + seed + (500 if stage == "vs" else 0))
    src = _random_shader(rng) if stage == "ps" else _random_vertex_shader(rng)
    ran = 0
    for target in (f"{stage}_4_0_level_9_1", f"{stage}_4_0_level_9_3"):
        try:
            pairs = _run_both(src, target, seed)
        except D3D11Error as e:  # a 9_1 slot/register limit: the documented refusal, not a wrong answer
            assert e.name == "E_FAIL" and target.endswith("9_1"), src
            continue
        ran += 1
        for expect, got, r in pairs:
            scale = np.maximum(1, np.abs(expect))
            assert np.all(np.abs(got - expect) <= 1e-4 * scale), (src, target, r)
    assert ran >= 1


SHADOW_PS = """Texture2D<float> sm : register(t1); SamplerComparisonState cmp : register(s2);
float4 main(float4 uv : TEXCOORD0) : SV_Target { return sm.SampleCmpLevelZero(cmp, uv.xy, uv.z) * uv.w; }"""


def test_level9_samplecmp_is_the_shadow_texld_and_requires_9_x_comparison_filtering():
    """D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT: SampleCmp / SampleCmpLevelZero compile for 9.x (d3dcompiler_44+);
    the blob then requires 10Level9 comparison filtering, which this device reports at 10_0 and above only."""
    from pyd3d11.headers.d3dcommon import D3D_SHADER_REQUIRES_LEVEL_9_COMPARISON_FILTERING as REQ

    blob = compile_(SHADOW_PS, "ps_4_0_level_9_1")
    assert D3DReflect(blob).GetRequiresFlags() & REQ
    chunk = aon9_of(blob)
    assert chunk.sampler_mappings == [(1, 2, 1)]
    n = 16
    uv = _rand(np.random.default_rng(6), n)
    seen = {}

    def sample(s, coords, controls):
        seen["s"], seen["c"] = s, coords.copy()
        return np.repeat((coords[:, 2] > 0).astype(F)[:, None], 4, axis=1)  # a stand-in comparison result

    prog = decode_program(chunk.program)
    assert validate(prog) == []
    m = Sm2Machine(prog, n, {(TEXTURE, 0): uv}, constants_for(chunk, {}), sample).run()
    assert seen["s"] == 1 and np.array_equal(seen["c"][:, :3], uv[:, :3])  # (u, v, reference)
    np.testing.assert_allclose(m.out(Reg.COLOROUT, 0)[:, 0], (uv[:, 2] > 0) * uv[:, 3], rtol=1e-6)
    for level, ok in ((0x9100, False), (0x9300, False), (0xA000, True)):
        dev = _dev(level)
        if ok:
            dev.CreatePixelShader(blob, None)
        else:
            with pytest.raises(D3D11Error):
                dev.CreatePixelShader(blob, None)


def test_level9_samplegrad_is_texldd_at_9_3_only():
    src = ("Texture2D t; SamplerState s;\n"
           "float4 main(float4 uv : TEXCOORD0) : SV_Target { return t.SampleGrad(s, uv.xy, uv.zw * 2, uv.yx); }")
    # d3dcompiler_47 10.1 emits texldd there and its validator refuses it (session 45)
    assert "error X5190: Instruction not supported by version ps_2_0 pixel shader" in str(
        _compile_err(src, "ps_4_0_level_9_1"))
    chunk = aon9_of(compile_(src, "ps_4_0_level_9_3"))
    prog = decode_program(chunk.program)
    assert validate(prog) == [] and [i.op for i in prog.instructions if i.op.startswith("texld")] == ["texldd"]
    n = 8
    uv = _rand(np.random.default_rng(7), n)
    seen = {}

    def sample(s, coords, controls, ddx=None, ddy=None):
        seen.update(c=coords[:, :2].copy(), dx=ddx[:, :2].copy(), dy=ddy[:, :2].copy())
        return coords

    Sm2Machine(prog, n, {(TEXTURE, 0): uv}, constants_for(chunk, {}), sample).run()
    assert np.array_equal(seen["c"], uv[:, :2]) and np.allclose(seen["dx"], uv[:, 2:] * 2)
    assert np.array_equal(seen["dy"], uv[:, [1, 0]])


def test_malformed_aon9_data_is_a_value_error_never_a_crash():
    """Disassembly and the runtime's level check read Aon9 data from any blob: damage gives ValueError only
    (D3DDisassemble turns it into E_FAIL)."""
    from pyd3d11.shader.dxbc.aon9 import aon9_level, format_aon9
    from pyd3d11.shader.sm2.disasm import disassemble as sm2_listing

    data = bytes(parse_container(compile_(VS_BASIC, "vs_4_0_level_9_1")).get("Aon9"))
    rng = np.random.default_rng(8)
    for _ in range(800):
        d = bytearray(data)
        for _ in range(int(rng.integers(1, 5))):
            d[int(rng.integers(0, len(d)))] = int(rng.integers(0, 256))
        if rng.random() < 0.2:
            d = d[: int(rng.integers(0, len(d)))]
        aon9_level(bytes(d))
        try:
            chunk = parse_aon9(bytes(d))
            format_aon9(chunk)
            sm2_listing(decode_program(chunk.program))
        except ValueError:
            pass


def test_dead_code_removal_and_register_allocation_keep_the_results():
    from pyd3d11.shader.sm2.optimize import allocate_registers, remove_dead_code

    r = lambda n, m=0xF: Dst(Reg.TEMP, n, m)  # noqa: E731
    prog = Sm2Program("ps", 2, 0, [
        Inst("def", Dst(Reg.CONST, 0), values=[0x3F800000, 0x40000000, 0, 0]),
        Inst("add", r(5), [Src(TEXTURE, 0), Src(Reg.CONST, 0)]),
        Inst("mul", r(7), [Src(TEXTURE, 0), Src(Reg.CONST, 0)]),  # dead: r7 is never read
        Inst("mul", r(6, 0x3), [Src(Reg.TEMP, 5), Src(Reg.TEMP, 5)]),
        Inst("mov", r(9), [Src(Reg.TEMP, 5, (3, 2, 1, 0))]),  # r5's last read: r9 may take its register
        Inst("mov", r(9, 0x3), [Src(Reg.TEMP, 6)]),
        Inst("texkill", r(9)),
        Inst("mov", Dst(Reg.COLOROUT, 0), [Src(Reg.TEMP, 9)]),
    ])
    opt = allocate_registers(remove_dead_code(prog))
    assert [i.op for i in opt.instructions] == ["def", "add", "mul", "mov", "mov", "texkill", "mov"]
    assert max(i.dst.num for i in opt.instructions if i.dst is not None and i.dst.reg == Reg.TEMP) == 1
    assert validate(opt) == []
    n = 16
    x = _rand(np.random.default_rng(9), n)
    a = Sm2Machine(prog, n, {(TEXTURE, 0): x}, np.zeros((4, 4), F)).run()
    b = Sm2Machine(opt, n, {(TEXTURE, 0): x}, np.zeros((4, 4), F)).run()
    assert np.array_equal(a.out(Reg.COLOROUT, 0), b.out(Reg.COLOROUT, 0)) and np.array_equal(a.killed, b.killed)
