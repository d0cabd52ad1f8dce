"""The vs_1_1 compile target (issue 15, session 33 helper VS11): D3DCompile(..., "vs_1_1") and fx_2_0's
``compile vs_1_1``.

Each rule is the documentation's (MicrosoftDocs win32 desktop-src/direct3dhlsl): "Instructions - vs_1_1" (the
instruction set and its slots), "Vertex Shader Differences" (128 slots; abs, crs, lrp, mova, nrm, pow, sgn,
sincos, defb / defi and flow control new in vs_2_0), "Registers - vs_1_1" (r0-r11, v0-v15, c# at least 96, a0
with .x only, one constant and one input register per instruction), "Address Register" / "mov - vs" (vs_1_1
writes a0.x with mov, round to nearest), "expp - vs" (vs_1_1: the fraction in .y), "frc - vs" (.y / .xy),
"Vertex Shader Source Register Modifiers" (negate only), "Instruction Token" / "Shader Relative Addressing" (no
instruction length and no relative-addressing token before version 2_0). The checks below are this file's own
(:func:`vs11_problems`); the values are checked by running each program on the test interpreter
(tests/sm2_interp.py) against pyd3d11's SM4 executor running the same HLSL as vs_4_0 (test_hlsl_d3d9_targets
._run_both).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest
from sm2_interp import Sm2Machine
from test_hlsl_d3d9_targets import FLOAT_SET, _run_both, compile_, read_ctab

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src, decode_program, encode_program
from pyd3d11.shader.sm2.tokens import Reg, SrcMod

F = np.float32
TARGET = "vs_1_1"

#: "Instructions - vs_1_1" (setup and arithmetic) and their slots
VS11_SET = {"add": 1, "dcl": 0, "def": 0, "dp3": 1, "dp4": 1, "dst": 1, "exp": 10, "expp": 1, "frc": 3, "lit": 1,
            "log": 10, "logp": 1, "m3x2": 2, "m3x3": 3, "m3x4": 4, "m4x3": 3, "m4x4": 4, "mad": 1, "max": 1,
            "min": 1, "mov": 1, "mul": 1, "nop": 1, "rcp": 1, "rsq": 1, "sge": 1, "slt": 1, "sub": 1}
SCALAR = {"exp", "expp", "log", "logp", "rcp", "rsq"}  # their sources take a replicate swizzle


def vs11_problems(prog: Sm2Program) -> list[str]:
    """Every vs_1_1 rule ``prog`` breaks."""
    errs = []
    if (prog.kind, prog.major, prog.minor) != ("vs", 1, 1):
        errs.append(f"version {prog.kind}_{prog.major}_{prog.minor}")
    slots = 0
    for n, inst in enumerate(prog.instructions):
        if inst.op == "comment":
            continue
        if inst.op not in VS11_SET:
            errs.append(f"{n}: {inst.op} is not a vs_1_1 instruction")
            continue
        slots += VS11_SET[inst.op]
        d = inst.dst
        if inst.predicated:
            errs.append(f"{n}: predicated")
        if d is not None and d.mod:
            errs.append(f"{n}: result modifier {d.mod}")
        if d is not None and d.reg == Reg.TEMP and d.num > 11:
            errs.append(f"{n}: r{d.num} (r0-r11)")
        if d is not None and d.reg == Reg.ADDR and (inst.op != "mov" or d.mask != 1):
            errs.append(f"{n}: a0 written by {inst.op} mask {d.mask}")
        if inst.op == "frc" and d.mask not in (2, 3):
            errs.append(f"{n}: frc mask {d.mask}")
        consts, inputs = set(), set()
        for s in inst.srcs:
            if s.mod not in (SrcMod.NONE, SrcMod.NEG):
                errs.append(f"{n}: source modifier {s.mod}")
            if s.rel is not None and (s.reg != Reg.CONST or s.rel.reg != Reg.ADDR or s.rel.swizzle[0] != 0):
                errs.append(f"{n}: relative addressing other than c[a0.x + n]")
            if s.reg == Reg.CONST:
                consts.add((s.num, s.rel is not None))
                if s.num > 95:
                    errs.append(f"{n}: c{s.num} beyond c95")
            if s.reg == Reg.INPUT:
                inputs.add(s.num)
                if s.num > 15:
                    errs.append(f"{n}: v{s.num}")
            if s.reg == Reg.TEMP and s.num > 11:
                errs.append(f"{n}: r{s.num}")
            if inst.op in SCALAR and len(set(s.swizzle)) != 1:
                errs.append(f"{n}: {inst.op} without a replicate swizzle")
        if len(consts) > 1 or len(inputs) > 1:
            errs.append(f"{n}: read ports: constants {consts}, inputs {inputs}")
        if d is not None and d.reg in (Reg.ATTROUT, Reg.TEXCRDOUT) and d.num > (1 if d.reg == Reg.ATTROUT else 7):
            errs.append(f"{n}: output register {d.reg} {d.num}")
    if slots > 128:
        errs.append(f"{slots} slots")
    return errs


def _prog(src: str) -> Sm2Program:
    return decode_program(compile_(src, TARGET))


def _ops(src: str) -> list[str]:
    return [i.op for i in _prog(src).instructions if i.op != "comment"]


def _check_values(src: str, seed: int = 0, atol: float = 2e-5) -> None:
    for expect, got, name in _run_both(src, TARGET, seed=seed):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=atol, err_msg=name)


# --- the bytecode: version token, CTAB, shader-model-1 tokens ----------------------------------------------
def test_version_token_and_constant_table():
    blob = compile_("float4 k; float4 main(float4 p : POSITION) : POSITION { return p * k; }", TARGET)
    assert struct.unpack_from("<I", blob)[0] == 0xFFFE0101  # "Version Token": 0xFFFE vertex, 1.1
    ctab = read_ctab(blob)
    assert ctab["target"] == "vs_1_1"
    assert [(c["name"], c["set"], c["index"], c["count"]) for c in ctab["constants"]] == [("k", FLOAT_SET, 0, 1)]


def _token_walk(blob: bytes) -> list[tuple[int, list[int]]]:
    """(instruction token, parameter tokens) by the shader-model-1 rule: the parameters are the tokens with
    bit 31 set that follow (a def's four values excepted), comments skipped."""
    words = struct.unpack(f"<{len(blob) // 4}I", blob)
    out, i = [], 1
    while words[i] != 0xFFFF:
        tok = words[i]
        if tok & 0xFFFF == 0xFFFE:
            i += 1 + (tok >> 16)
            continue
        n = 5 if tok & 0xFFFF == 81 else 0
        j = i + 1
        if not n:
            while j < len(words) and words[j] >> 31:
                j += 1
        else:
            j += n
        out.append((tok, list(words[i + 1: j])))
        i = j
    return out


def test_instruction_tokens_carry_no_length_and_relative_reads_no_extra_token():
    """"Instruction Token": bits 24-27 (length) and 28 (predication) are reserved, 0, before version 2_0;
    "Shader Relative Addressing": the relative-addressing token follows only from vs_2_0 on."""
    src = """float4 k[8]; float4 main(float4 p : POSITION, float4 i : TEXCOORD1) : POSITION {
      return p * k[(int)abs(i.x * 2.5)]; }"""
    blob = compile_(src, TARGET)
    walk = _token_walk(blob)
    assert walk and all(tok >> 24 & 0x1F == 0 for tok, _ in walk)
    rel = [p for _, params in walk for p in params if p >> 13 & 1 and p >> 31]
    assert rel, "the a0-relative read of k"
    for tok, params in walk:
        if tok & 0xFFFF == 5:  # mul: destination and exactly two sources, the relative one included
            assert len(params) == 3
    prog = decode_program(blob)
    assert decode_program(struct.pack(f"<{len(encode_program(prog))}I", *encode_program(prog))) == prog
    assert decode_program(compile_(src, "vs_2_0")).major == 2  # (vs_2_0 keeps its length fields)


def test_shader_model_1_encoder_round_trip():
    prog = Sm2Program("vs", 1, 1, [
        Inst("def", Dst(Reg.CONST, 3), values=[0x3F800000, 0, 0, 0x40000000]),
        Inst("dcl", Dst(Reg.INPUT, 0), decl=0),
        Inst("mov", Dst(Reg.ADDR, 0, 1), [Src(Reg.INPUT, 0, (0, 0, 0, 0))]),
        Inst("mad", Dst(Reg.RASTOUT, 0), [Src(Reg.INPUT, 0), Src(Reg.CONST, 1, rel=Src(Reg.ADDR, 0, (0,) * 4)),
                                          Src(Reg.INPUT, 0, mod=SrcMod.NEG)]),
    ])
    words = encode_program(prog)
    assert words[0] == 0xFFFE0101 and words[-1] == 0xFFFF
    assert len(words) == 1 + 6 + 3 + 3 + 5 + 1  # def 1+5, dcl 1+2, mov 1+2, mad 1+4 (no relative token), end
    assert decode_program(words) == prog


# --- the instruction set: what vs_2_0 has and vs_1_1 has not ------------------------------------------------
PROGRAMS = {
    "abs": """float4 k; float4 main(float4 p : POSITION) : POSITION { return abs(p - k); }""",
    "lerp": """float4 k; struct O { float4 p : POSITION; float4 c : COLOR0; };
      O main(float4 p : POSITION, float4 q : TEXCOORD0) { O o; o.p = p; o.c = lerp(p, q, k.x); return o; }""",
    "frac": """float4 k; struct O { float4 p : POSITION; float4 t : TEXCOORD0; float2 u : TEXCOORD1; };
      O main(float4 p : POSITION) { O o; o.p = p; o.t = frac(p * k); o.u = frac(p.yx); return o; }""",
    "normalize": """struct O { float4 p : POSITION; float3 n : TEXCOORD0; };
      O main(float4 p : POSITION, float3 n : NORMAL) { O o; o.p = p; o.n = normalize(n); return o; }""",
    "array": """float4 k[8]; float4 m[8]; struct O { float4 p : POSITION; float4 c : COLOR0; };
      O main(float4 p : POSITION, float4 i : TEXCOORD1) { O o; o.p = p * k[(int)abs(i.x * 2.5)];
      o.c = m[(int)abs(i.y * 2.5)] + k[(int)abs(i.z * 2.5)]; return o; }""",
    "loop": """float4 k; float4 main(float4 p : POSITION) : POSITION { float4 r = p;
      for (int i = 0; i < 5; i++) r = r * 0.75 + k * i; return r; }""",
    "branch": """float4 k; struct O { float4 p : POSITION; float4 c : COLOR0; };
      O main(float4 p : POSITION) { O o; o.p = p; if (p.x > k.x) o.c = p * 2; else o.c = k - p; return o; }""",
    "pow40": """float4 k; struct O { float4 p : POSITION; float4 c : COLOR0; };
      O main(float4 p : POSITION) { O o; o.p = p; o.c = pow(max(0, p.x * 0.4), 40.0) + pow(abs(p.y), 3.0);
      return o; }""",
    "skinning": """float4x3 bones[20]; float4x4 vp; struct O { float4 p : POSITION; float3 n : TEXCOORD0; };
      O main(float4 p : POSITION, float3 n : NORMAL, float4 w : TEXCOORD2, float4 i : TEXCOORD1) {
      O o; float3 acc = 0; float3 nn = 0;
      for (int b = 0; b < 2; b++) { int j = (int)abs(i[b] * 6); acc += mul(p, bones[j]) * w[b];
        nn += mul(n, (float3x3)bones[j]) * w[b]; }
      o.p = mul(float4(acc, 1), vp); o.n = nn; return o; }""",
}
#: vs_2_0 instructions each program would need: none of them is in the vs_1_1 program
VS20_ONLY = {"abs", "lrp", "sincos", "mova", "nrm", "pow", "sgn", "crs", "rep", "endrep", "loop", "endloop", "if",
             "else", "endif", "call", "callnz", "label", "ret", "defi", "defb"}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_programs_keep_to_vs_1_1_and_compute_what_the_sm4_program_computes(name: str):
    prog = _prog(PROGRAMS[name])
    assert vs11_problems(prog) == []
    assert not VS20_ONLY & {i.op for i in prog.instructions}
    _check_values(PROGRAMS[name], seed=len(name), atol=2e-5 if name != "pow40" else 1e-4)


def test_abs_is_max_of_x_and_its_negation():
    body = [i for i in _prog(PROGRAMS["abs"]).instructions if i.op not in ("comment", "dcl", "def")]
    maxes = [i for i in body if i.op == "max"]
    assert len(maxes) == 1
    a, b = maxes[0].srcs
    assert (a.reg, a.num, a.swizzle, a.mod, b.mod) == (b.reg, b.num, b.swizzle, SrcMod.NONE, SrcMod.NEG)


def test_lerp_is_an_add_and_a_mad():
    ops = [o for o in _ops(PROGRAMS["lerp"]) if o not in ("dcl", "def")]
    assert "lrp" not in ops and ops.count("mad") >= 1 and ops.count("add") >= 1


def test_frac_takes_the_fraction_from_expp_y():
    """"expp - vs": vs_1_1's expp returns v - floor(v) in .y; frc itself writes .y / .xy only."""
    prog = _prog(PROGRAMS["frac"])
    expps = [i for i in prog.instructions if i.op == "expp"]
    assert len(expps) == 6  # four components of o.t, two of o.u
    assert all(i.dst.mask == 2 and len(set(i.srcs[0].swizzle)) == 1 for i in expps)


def test_loops_are_unrolled_and_branches_flattened():
    for name in ("loop", "branch", "skinning"):
        ops = set(_ops(PROGRAMS[name]))
        assert not ops & {"rep", "loop", "if", "ifc", "call", "callnz", "break", "breakc"}, name
    assert _ops(PROGRAMS["loop"]).count("mad") + _ops(PROGRAMS["loop"]).count("mul") >= 5  # five copies


def test_a_loop_on_a_uniform_count_cannot_unroll():
    """A count read from a constant needs rep (vs_2_0's static flow control): fxc's X3511."""
    src = """int n; float4 k; float4 main(float4 p : POSITION) : POSITION { float4 r = p;
      for (int i = 0; i < n; i++) r = r * 0.75 + k; return r; }"""
    with pytest.raises(D3D11Error, match="X3511"):
        compile_(src, TARGET)
    compile_(src, "vs_2_0")


def test_a0_is_written_by_mov_on_x_and_read_as_a0_x():
    prog = _prog(PROGRAMS["array"])
    writes = [i for i in prog.instructions if i.dst is not None and i.dst.reg == Reg.ADDR]
    assert writes and all(i.op == "mov" and i.dst.mask == 1 for i in writes)
    rel = [s for i in prog.instructions for s in i.srcs if s.rel is not None]
    assert len(rel) == 3 and all(s.rel.swizzle == (0, 0, 0, 0) for s in rel)
    listing = bytes(D3DDisassemble(compile_(PROGRAMS["array"], TARGET))).decode()
    assert "[a0.x]" in listing and "mova" not in listing


def test_a0_rounds_to_the_nearest_integer():
    """"mov - vs": a float moved into a0.x is rounded to the nearest integer (the interpreter's rule, checked
    here on its own), so the programs' indices are exact integers before the mov."""
    prog = Sm2Program("vs", 1, 1, [Inst("mov", Dst(Reg.ADDR, 0, 1), [Src(Reg.INPUT, 0, (0,) * 4)]),
                                   Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.CONST, 2, rel=Src(Reg.ADDR, 0, (0,) * 4))])])
    x = np.array([[0.4, 0, 0, 0], [0.6, 0, 0, 0], [1.49, 0, 0, 0], [2.5, 0, 0, 0], [-1.6, 0, 0, 0]], F)
    consts = np.arange(8 * 4, dtype=F).reshape(8, 4)
    m = Sm2Machine(prog, 5, {(Reg.INPUT, 0): x}, consts).run()
    np.testing.assert_array_equal(m.out(Reg.TEMP, 0)[:, 0], consts[[2, 3, 3, 5, 0], 0])
    # fractional indices in the HLSL truncate (SM4 ftoi) before the round-to-nearest mov: 2.7 -> k[2]
    src = """float4 k[8]; float4 main(float4 p : POSITION, float4 i : TEXCOORD1) : POSITION {
      return k[(int)abs(i.x * 2.5)]; }"""
    _check_values(src, seed=5)


def test_sin_and_cos_are_fxcs_polynomial_within_its_error():
    """fxc's vs_1_1 sin / cos (its CompiledEffect listing): the angle's fraction of a turn from expp .y, then a
    degree-10 polynomial of cos on [-pi, pi) whose error is below 1e-4 there (9.4e-5 measured with its
    constants; float32 range reduction of |x| <= 3 adds far less)."""
    src = """struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
      O main(float4 p : POSITION) { O o; o.p = p; o.t = float4(sin(p.x), cos(p.y), sin(p.z * 3), cos(p.w) * 2);
      return o; }"""
    prog = _prog(src)
    assert vs11_problems(prog) == [] and "sincos" not in {i.op for i in prog.instructions}
    values = {tuple(struct.unpack("<4f", struct.pack("<4I", *i.values))) for i in prog.instructions
              if i.op == "def"}
    poly = (-2.52398507e-07, 2.47609005e-05, -0.00138883968, 0.0416666418)
    assert any(np.allclose(v, poly, rtol=1e-6) for v in values)
    x = np.random.default_rng(1).uniform(-3, 3, (48, 4)).astype(F)
    m = Sm2Machine(prog, 48, {(Reg.INPUT, 0): x}, np.zeros((96, 4), F)).run()
    want = np.stack([np.sin(x[:, 0]), np.cos(x[:, 1]), np.sin(x[:, 2] * F(3)), np.cos(x[:, 3]) * 2], axis=1)
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 0), want, atol=2.5e-4)
    assert np.abs(m.out(Reg.TEXCRDOUT, 0) - want).max() > 1e-7  # (a polynomial, not the interpreter's sin)
    _check_values(src, seed=7, atol=2.5e-4)


def test_a_component_nothing_reads_is_not_computed():
    """sin alone: 9 slots of the cos part are left out (the vs_2_0 sincos writes both)."""
    src = "float4 main(float4 p : POSITION) : POSITION { return sin(p.x); }"
    prog = _prog(src)
    assert sum(i.op == "expp" for i in prog.instructions) == 2  # the range reduction's frc and the expansion's


def test_integer_powers_are_multiplications():
    ops = _ops(PROGRAMS["pow40"])
    assert "log" not in ops and "exp" not in ops  # 20 slots each pair otherwise
    assert ops.count("mul") >= 6 + 2  # x^40: 6 squarings and multiplications; |y|^3: 2


# --- the limits -------------------------------------------------------------------------------------------
def test_slot_limit_is_128():
    src = """float4 k; float4 main(float4 p : POSITION) : POSITION { float4 r = p;
      [unroll] for (int i = 0; i < 40; i++) r = r * k + frac(r); return r; }"""
    with pytest.raises(D3D11Error) as info:
        compile_(src, TARGET)
    assert "X5609" in str(info.value) and "Max. allowed by the target (vs_1_1) is 128" in str(info.value)
    compile_(src, "vs_2_0")  # within vs_2_0's 256 slots


def test_full_precision_exp_and_log_take_ten_slots():
    src = """float4 main(float4 p : POSITION) : POSITION { return exp2(p.x) + log2(abs(p.y)); }"""
    listing = bytes(D3DDisassemble(compile_(src, TARGET))).decode()
    ops = _ops(src)
    assert "exp" in ops and "log" in ops
    n = sum(VS11_SET[o] for o in ops)
    assert f"// approximately {n} instruction slots used" in listing and n >= 20
    _check_values(src, seed=9)


def test_constant_registers_end_at_c95():
    """"Registers - vs_1_1" guarantees 96 constant registers, but d3dcompiler_47 10.1 allocates vs_1_1's constants
    in its 8192 slots like vs_2_0's (session 40: ``k[97]`` read at k[96] and ``register(c1000)`` compile; X4509 from
    c8192 on, sm2/d3d9.constant_slots)."""
    ok = "float4 k[96]; float4 main(float4 p : POSITION) : POSITION { return p * k[95]; }"
    assert read_ctab(compile_(ok, TARGET))["constants"][0]["count"] == 96
    big = "float4 k[97]; float4 main(float4 p : POSITION) : POSITION { return p * k[96]; }"
    assert read_ctab(compile_(big, TARGET))["constants"][0]["count"] == 97
    compile_(big, "vs_2_0")
    with pytest.raises(D3D11Error, match="X4509"):
        compile_("float4 k : register(c8192); float4 main(float4 p : POSITION) : POSITION { return p * k; }", TARGET)


def test_what_vs_1_1_cannot_express_is_x4532():
    """A texture lookup: vs_1_1 has no texture instruction, fxc's back end X4545 "vs_1_1 target does not support
    texture lookups" (d3dcompiler_47 10.1, session 40; tests/test_rules_hlsl_d3d9_s40.py vertex_lookups)."""
    src = """sampler2D s; float4 main(float4 p : POSITION) : POSITION { return tex2Dlod(s, p); }"""
    with pytest.raises(D3D11Error, match="X4545: vs_1_1 target does not support texture lookups"):
        compile_(src, TARGET)


# --- the listing and effects ----------------------------------------------------------------------------
def test_disassembly_names_vs_1_1():
    listing = bytes(D3DDisassemble(compile_(PROGRAMS["normalize"], TARGET))).decode()
    lines = [ln.strip() for ln in listing.splitlines()]
    assert "vs_1_1" in lines and "dcl_normal v1" in lines
    assert lines[-1].startswith("// approximately") or lines[-2].startswith("// approximately")


EFFECT = """float4x4 wvp; float4 tint;
struct VO { float4 p : POSITION; float4 c : COLOR0; };
VO VS(float4 p : POSITION, float3 n : NORMAL) { VO o; o.p = mul(p, wvp); o.c = abs(n.xyzz) * tint; return o; }
float4 PS(float4 c : COLOR0) : COLOR { return c; }
technique T { pass P { VertexShader = compile vs_1_1 VS(); PixelShader = compile ps_2_0 PS(); } }
"""


def test_fx_2_0_compiles_a_vs_1_1_shader():
    blob = bytes(D3DCompile(EFFECT, None, "e.fx", None, None, None, "fx_2_0", 0, 0))
    assert struct.pack("<I", 0xFFFE0101) in blob
    start = blob.index(struct.pack("<I", 0xFFFE0101))
    end = blob.index(struct.pack("<I", 0xFFFF), start) + 4
    while (end - start) % 4:
        end = blob.index(struct.pack("<I", 0xFFFF), end) + 4
    assert vs11_problems(decode_program(blob[start:end])) == []


# --- the expansions one by one, on hand-written vs_2_0 bodies (sm2/vs11.lower) ----------------------------
def _lowered_run(body: list[Inst], inputs: dict, consts: np.ndarray, n: int) -> Sm2Machine:
    from pyd3d11.shader.sm2.vs11 import check, lower

    out = lower(body, first_const=len(consts), file="t.hlsl")
    check(out, "t.hlsl")
    prog = Sm2Program("vs", 1, 1, out)
    assert vs11_problems(prog) == []
    table = np.zeros((96, 4), F)
    table[: len(consts)] = consts
    return Sm2Machine(prog, n, inputs, table).run()


def _r(num: int, swz=(0, 1, 2, 3), mod=SrcMod.NONE) -> Src:
    return Src(Reg.TEMP, num, swz, mod)


def test_sincos_writing_its_own_angle_register():
    """``sincos r0.xy, r0.x``: the cosine written to r0.x must not change the angle the sine reads."""
    x = np.linspace(-3.1, 3.1, 32, dtype=F)[:, None].repeat(4, 1)
    # r1 lives across the sincos: the expansion's scratch register must be another one
    body = [Inst("mov", Dst(Reg.TEMP, 1), [Src(Reg.INPUT, 0, mod=SrcMod.NEG)]),
            Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.INPUT, 0)]),
            Inst("sincos", Dst(Reg.TEMP, 0, 3), [_r(0, (0,) * 4), Src(Reg.CONST, 0), Src(Reg.CONST, 1)]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 0), [_r(0)]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 1), [_r(1)])]
    m = _lowered_run(body, {(Reg.INPUT, 0): x}, np.zeros((2, 4), F), 32)
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 1), -x)
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 0)[:, :2], np.stack([np.cos(x[:, 0]), np.sin(x[:, 0])], 1),
                               atol=1e-4)


def test_mova_of_two_components_reads_each_through_a0_x():
    """vs_2_0's ``mova a0.xy`` and reads through a0.y and a0.x: vs_1_1 moves each value into a0.x before its
    read (vs_1_1 has a0.x only)."""
    idx = np.array([[1, 4, 0, 0], [3, 0, 0, 0], [6, 2, 0, 0]], F)
    consts = np.arange(10 * 4, dtype=F).reshape(10, 4)
    a0 = Src(Reg.ADDR, 0, (1,) * 4)
    body = [Inst("mova", Dst(Reg.ADDR, 0, 3), [Src(Reg.INPUT, 0)]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 0), [Src(Reg.CONST, 1, rel=a0)]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 1), [Src(Reg.CONST, 0, rel=Src(Reg.ADDR, 0, (0,) * 4))]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 2), [Src(Reg.CONST, 2, rel=a0)])]
    m = _lowered_run(body, {(Reg.INPUT, 0): idx}, consts, 3)
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 0), consts[[5, 1, 3]])
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 1), consts[[1, 3, 6]])
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 2), consts[[6, 2, 4]])


def test_lrp_abs_frc_and_pow_expansions():
    rng = np.random.default_rng(3)
    a, b, c = (rng.uniform(-3, 3, (16, 4)).astype(F) for _ in range(3))
    consts = np.array([[3, 40, 0.5, 0]], F)
    body = [Inst("def", Dst(Reg.CONST, 0), values=list(consts[0].view(np.uint32))),
            Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.INPUT, 0)]),
            Inst("mov", Dst(Reg.TEMP, 4), [Src(Reg.INPUT, 2)]),  # one input register per instruction
            Inst("lrp", Dst(Reg.TEXCRDOUT, 0), [_r(0), Src(Reg.INPUT, 1), _r(4)]),
            Inst("abs", Dst(Reg.TEXCRDOUT, 1), [_r(0, mod=SrcMod.NEG)]),
            Inst("frc", Dst(Reg.TEXCRDOUT, 2, 0xB), [_r(0, (3, 2, 1, 0))]),
            # pow(r0.x, 3) and pow(r0.y, 40) as the translation writes them: log, mul by the literal, exp
            Inst("log", Dst(Reg.TEMP, 1, 1), [_r(0, (0,) * 4)]),
            Inst("mul", Dst(Reg.TEMP, 1, 1), [_r(1, (0,) * 4), Src(Reg.CONST, 0, (0,) * 4)]),
            Inst("exp", Dst(Reg.TEXCRDOUT, 3, 1), [_r(1, (0,) * 4)]),
            Inst("log", Dst(Reg.TEMP, 2, 2), [_r(0, (1,) * 4)]),
            Inst("mul", Dst(Reg.TEMP, 2, 2), [Src(Reg.CONST, 0, (1,) * 4), _r(2, (1,) * 4)]),
            Inst("exp", Dst(Reg.TEXCRDOUT, 3, 2), [_r(2, (1,) * 4)])]
    x = a * F(0.3)  # |x| < 1: x^40 stays well inside float range
    m = _lowered_run(body, {(Reg.INPUT, 0): x, (Reg.INPUT, 1): b, (Reg.INPUT, 2): c}, consts, 16)
    ops = {i.op for i in m.prog.instructions}
    assert not ops & {"lrp", "abs", "log", "exp"} and "frc" not in ops
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 0), x * (b - c) + c, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 1), np.abs(x))
    frac = x[:, ::-1] - np.floor(x[:, ::-1])
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 2)[:, [0, 1, 3]], frac[:, [0, 1, 3]], atol=1e-7)
    # "log - vs" reads |x|: the odd power is one of |x|
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 3)[:, 0], np.abs(x[:, 0]) ** 3, rtol=1e-5)
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 3)[:, 1], x[:, 1].astype(np.float64) ** 40, rtol=1e-4,
                               atol=1e-30)


def test_frc_of_a_temporary_y_is_one_expp():
    """"expp - vs": vs_1_1's expp writes the exact fraction in .y, so frc into a temporary's .y alone is that one
    instruction, in place (one slot; frc itself costs 3, "Instructions - vs_1_1")."""
    from pyd3d11.shader.sm2.vs11 import lower

    body = [Inst("frc", Dst(Reg.TEMP, 1, 0x2), [_r(0, (2,) * 4)])]
    out = [i for i in lower(body, 0, "t.hlsl") if i.op != "def"]
    assert [(i.op, i.dst.reg, i.dst.num, i.dst.mask) for i in out] == [("expp", Reg.TEMP, 1, 0x2)]
    assert out[0].srcs[0].swizzle == (2,) * 4


def test_vs_2_0_instructions_without_an_expansion_are_x4532():
    from pyd3d11.shader.hlsl.diagnostics import HlslError
    from pyd3d11.shader.sm2.vs11 import lower

    for op, srcs in (("sgn", [_r(0), _r(1), _r(2)]), ("crs", [_r(0), _r(1)]), ("rep", [])):
        body = [Inst(op, Dst(Reg.TEMP, 3) if op != "rep" else None, srcs)]
        with pytest.raises(HlslError) as info:
            lower(body, 0, "t.hlsl")
        assert info.value.code == 4532 and "vs_1_1" in str(info.value)
        assert op != "rep" or "no flow control" in str(info.value)


def test_the_final_check_refuses_what_vs_1_1_lacks():
    """vs11.check, the guard after the expansions: frc masks other than .y / .xy ("frc - vs"), a0 written by
    anything but mov a0.x, source modifiers other than negation."""
    from pyd3d11.shader.hlsl.diagnostics import HlslError
    from pyd3d11.shader.sm2.vs11 import check

    bad = [Inst("frc", Dst(Reg.TEMP, 0, 1), [_r(1)]), Inst("mova", Dst(Reg.ADDR, 0, 1), [_r(1)]),
           Inst("mov", Dst(Reg.ADDR, 0, 3), [_r(1)]), Inst("mov", Dst(Reg.TEMP, 0), [_r(1, mod=SrcMod.ABS)])]
    for inst in bad:
        with pytest.raises(HlslError, match="X4532|cannot map"):
            check([inst], "t.hlsl")
    check([Inst("frc", Dst(Reg.TEMP, 0, 3), [_r(1)]), Inst("mov", Dst(Reg.ADDR, 0, 1), [_r(1, (2,) * 4)])], "t.hlsl")


def test_pow_keeps_log_and_exp_where_the_logarithm_is_read_again():
    x = np.random.default_rng(4).uniform(0.1, 2, (8, 4)).astype(F)
    consts = np.array([[3, 0, 0, 0]], F)
    body = [Inst("def", Dst(Reg.CONST, 0), values=list(consts[0].view(np.uint32))),
            Inst("mov", Dst(Reg.TEMP, 0), [Src(Reg.INPUT, 0)]),
            Inst("log", Dst(Reg.TEMP, 1, 1), [_r(0, (0,) * 4)]),
            Inst("mul", Dst(Reg.TEMP, 1, 2), [_r(1, (0,) * 4), Src(Reg.CONST, 0, (0,) * 4)]),
            Inst("exp", Dst(Reg.TEXCRDOUT, 0, 1), [_r(1, (1,) * 4)]),
            Inst("mov", Dst(Reg.TEXCRDOUT, 1, 1), [_r(1, (0,) * 4)])]
    m = _lowered_run(body, {(Reg.INPUT, 0): x}, consts, 8)
    assert [i.op for i in m.prog.instructions].count("log") == 1
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 0)[:, 0], x[:, 0] ** 3, rtol=1e-5)
    np.testing.assert_allclose(m.out(Reg.TEXCRDOUT, 1)[:, 0], np.log2(x[:, 0]), rtol=1e-5)
