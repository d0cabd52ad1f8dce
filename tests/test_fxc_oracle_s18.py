"""Session 18 (issue 15): more fxc objects as the oracle, and the rules they decided.

* the fxc ``/Fh`` header corpora (DirectXTK Src/Shaders/Compiled, DirectXTex's BC6H/BC7 encoders and DDSView):
  the header's byte array, the CompileShaders.cmd jobs, the interface compared where fxc stripped reflection;
* pow(x, k) for k = 2..5 as fxc's multiplies (grouping from its objects), other exponents log/mul/exp;
* a dot product's terms whose factor is a known zero dropped (refactoring allowed), as fxc's DirectXTK
  VSBasicOneLight object does for a matrix's zero rows;
* ``Texture`` (a caseless spelling of the d3d9 ``texture`` type, not a keyword) naming a variable;
* a vertex shader's SV_Position input recorded without a system value (NONE), as fxc's DirectXTK objects do.

Expected values come from the definitions (numpy float32 with the D3D denormal flush, the spec's rules), never
from the compiler's output; the corpus pairs skip when the mirrors are absent."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_fxc_oracle import F32, U32, _op, _same_bits

from pyd3d11.shader.blob import blob_bytes
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.tools import fxc_oracle

D3DCOMPILE_SKIP_OPTIMIZATION = 1 << 2
D3DCOMPILE_IEEE_STRICTNESS = 1 << 13


def _blob(src: str, target: str = "ps_4_0", flags: int = 0, entry: str = "main") -> bytes:
    return bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target, flags)))


def _code(blob: bytes) -> list[str]:
    return [ln for ln in disassemble(blob).splitlines()
            if ln and not ln.startswith(("//", "dcl_", "ps_", "vs_", "cs_"))]


def _run(blob: bytes, cols: list[np.ndarray]) -> np.ndarray:
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    n = cols[0].size
    inp = np.zeros((1, n, 4), U32)
    for k, c in enumerate(cols):
        inp[0, :, k] = np.asarray(c, F32).view(U32)
    return run_program(prog, n, inputs=inp).outputs[0]


# --- pow(x, k) ------------------------------------------------------------------------------------------------------
_VALUES = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, -7.25, 1e-3, 1e10, -1e10, 1e30, 2e-20, 1e-38,
                    math.inf, -math.inf, math.nan, 0.70710677, 1.0000001, 123.456, -2.0], F32)


def _fxc_pow(x: np.ndarray, k: int) -> np.ndarray:
    """fxc's multiplies: x·x; x·(x·x); (x·x)·(x·x); x·((x·x)·(x·x)) (each product rounded and flushed)."""
    sq = _op(np.multiply, x, x)
    if k == 2:
        return sq
    if k == 3:
        return _op(np.multiply, x, sq)
    q = _op(np.multiply, sq, sq)
    return q if k == 4 else _op(np.multiply, x, q)


@pytest.mark.backend_specific  # the reference executor directly (run_program)
@pytest.mark.parametrize(("spelling", "k"), [("2", 2), ("2.0", 2), ("3", 3), ("3.0f", 3), ("4", 4), ("4.0", 4),
                                             ("5.f", 5), ("5", 5), ("float2(3, 3)", 3)])
def test_pow_by_a_small_integer_is_fxcs_multiplies(spelling, k):
    blob = _blob(f"float2 main(float2 a : A) : SV_Target {{ return pow(a, {spelling}); }}")
    assert not any(ln.startswith(("log", "exp")) for ln in _code(blob))
    rng = np.random.default_rng(k)
    x = np.concatenate([_VALUES, (rng.standard_normal(200) * 8).astype(F32)])
    got = _run(blob, [x, -x])
    _same_bits(got[:, 0], _fxc_pow(x, k))
    _same_bits(got[:, 1], _fxc_pow(-x, k))


@pytest.mark.backend_independent
# 6, 1 and -2 were here until session 40: d3dcompiler_47 10.1 writes pow(float2, 6) as three multiplies, pow(x, 1)
# as x and pow(x, -2) as 1 / (x * x) (refactor.pow_by_multiplies; tests/test_rules_hlsl_values_s40.py); 64 and -16
# of a float2 and 7.5 are log/mul/exp in its listings
@pytest.mark.parametrize("spelling", ["100", "64", "-16", "7.5", "2.5", "float2(2, 3)", "b"])
def test_pow_by_other_exponents_keeps_log_mul_exp(spelling):
    blob = _blob(f"float2 main(float2 a : A, float2 b : B) : SV_Target {{ return pow(a, {spelling}); }}")
    ops = [ln.split()[0] for ln in _code(blob)]
    assert "log" in ops and "exp" in ops, ops


@pytest.mark.backend_independent
@pytest.mark.parametrize("flags", [D3DCOMPILE_IEEE_STRICTNESS, D3DCOMPILE_SKIP_OPTIMIZATION])
def test_pow_multiplies_need_refactoring_allowed(flags):
    blob = _blob("float main(float a : A) : SV_Target { return pow(a, 3); }", flags=flags)
    assert "log" in [ln.split()[0] for ln in _code(blob)]
    blob = _blob("float main(float a : A) : SV_Target { precise float r = pow(a, 3); return r; }")
    assert "log" in [ln.split()[0] for ln in _code(blob)]


# --- a dot product's zero terms ------------------------------------------------------------------------------------
#: mul(a, m) with m's rows: the nonzero rows named; the expected value is the sum of a[i]·row[i] over those rows only
ZERO_ROWS = [((0,), "m[0] = r;"), ((1,), "m[1] = r;"), ((0, 2), "m[0] = r; m[2] = r * 2;"), ((), "")]


@pytest.mark.backend_specific  # the reference executor directly (run_program)
@pytest.mark.parametrize(("rows", "body"), ZERO_ROWS)
def test_dot_products_drop_terms_with_a_zero_factor(rows, body):
    src = f"float3 main(float3 a : A, float3 r : B) : SV_Target {{ float3x3 m = 0; {body} return mul(a, m); }}"
    blob = _blob(src)
    rng = np.random.default_rng(len(rows))
    a = np.stack([rng.standard_normal(64).astype(F32) for _ in range(3)], 1)
    a[:4] = [[math.inf, math.nan, -math.inf], [math.nan, 1, 2], [1, math.inf, 3], [-math.inf, 2, math.nan]]
    r = np.stack([rng.standard_normal(64).astype(F32) for _ in range(3)], 1)
    inp = np.zeros((1, 64, 4), U32)
    got = _run_two(blob, a, r)
    want = np.zeros((64, 3), F32)
    for c in range(3):
        terms = [_op(np.multiply, a[:, i], r[:, c] * (F32(2) if i == 2 else F32(1))) for i in rows]
        acc = terms[0] if terms else np.zeros(64, F32)
        for t in terms[1:]:
            acc = _op(np.add, acc, t)
        want[:, c] = acc
    del inp
    for c in range(3):
        _same_bits(got[:, c], want[:, c])


def _run_two(blob: bytes, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    n = a.shape[0]
    inp = np.zeros((2, n, 4), U32)
    inp[0, :, :3] = a.view(U32)
    inp[1, :, :3] = b.view(U32)
    return run_program(prog, n, inputs=inp).outputs[0][:, :3]


@pytest.mark.backend_independent
def test_dot_product_zero_terms_stay_under_ieee_strictness():
    src = "float3 main(float3 a : A, float3 r : B) : SV_Target { float3x3 m = 0; m[0] = r; return mul(a, m); }"
    assert any(ln.startswith("dp3") for ln in _code(_blob(src, flags=D3DCOMPILE_IEEE_STRICTNESS)))
    assert not any(ln.startswith("dp") for ln in _code(_blob(src)))


# --- Texture as a name; SV_Position as a vertex input ----------------------------------------------------------------
@pytest.mark.backend_independent
@pytest.mark.parametrize("name", ["Texture", "teXture", "TEXTURE"])
def test_caseless_texture_spelling_names_a_variable(name):
    src = (f"Texture2D<float4> {name} : register(t3);\nsampler S : register(s1);\n"
           f"float4 main(float2 t : T) : SV_Target {{ return {name}.Sample(S, t); }}")
    listing = disassemble(_blob(src))
    assert "dcl_resource_texture2d (float,float,float,float) t3" in listing
    assert any(ln.startswith("sample ") and "t3" in ln and "s1" in ln for ln in listing.splitlines())


@pytest.mark.backend_independent
def test_lowercase_texture_is_still_a_keyword():
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X3000"):
        _blob("Texture2D texture;\nfloat4 main() : SV_Target { return 0; }")


@pytest.mark.backend_independent
def test_texture_type_before_a_variable_takes_the_name():
    # the d3d9 texture type keeps its ``Texture`` spelling until a variable is declared with it
    src = "Texture t1;\ntexture t2;\nfloat4 main() : SV_Target { return 1; }"
    assert _code(_blob(src))


#: (target, source, input system values by semantic, output system values): D3D_NAME values (0 NONE, 1 POSITION,
#: 6 VERTEX_ID, 8 INSTANCE_ID); §8 generates only VertexID/InstanceID for a vertex shader's inputs
SV_INPUTS = [
    ("vs_4_0", "float4 main(float4 p : SV_Position) : SV_Position { return p; }", {"SV_Position": 0},
     {"SV_Position": 1}),
    ("vs_4_0_level_9_1", "float4 main(float4 p : SV_Position, float2 t : T) : SV_Position { return p + t.x; }",
     {"SV_Position": 0, "T": 0}, {"SV_Position": 1}),
    ("vs_5_0", "float4 main(float4 p : SV_POSITION, uint v : SV_VertexID, uint i : SV_InstanceID) : SV_Position "
     "{ return p + v + i; }", {"SV_POSITION": 0, "SV_VertexID": 6, "SV_InstanceID": 8}, {"SV_Position": 1}),
    ("ps_4_0", "float4 main(float4 p : SV_Position) : SV_Target { return p; }", {"SV_Position": 1}, {"SV_Target": 64}),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("target", "src", "ins", "outs"), SV_INPUTS)
def test_vertex_shader_sv_position_input_is_an_attribute(target, src, ins, outs):
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(_blob(src, target))
    d = r.GetDesc()
    got_in = {p.SemanticName: p.SystemValueType for p in map(r.GetInputParameterDesc, range(d.InputParameters))}
    got_out = {p.SemanticName: p.SystemValueType for p in map(r.GetOutputParameterDesc, range(d.OutputParameters))}
    assert got_in == ins
    assert got_out == outs


# --- the header corpora's plumbing ------------------------------------------------------------------------------------
@pytest.mark.backend_independent
def test_header_bytes():
    text = "#if 0\n// ps_4_0 { listing }\n#endif\n\nconst BYTE g_x[] =\n{\n     68,  88, 66,\n 0x43, 1\n};\n"
    assert fxc_oracle.header_bytes(text) == bytes([68, 88, 66, 0x43, 1])


@pytest.mark.backend_independent
def test_cmd_jobs():
    cmd = ("set FXCOPTS=/nologo /WX\r\ncall :CompileShader%1 Basic vs VSBasic\r\ncall :CompileShaderSM4%1 PBR ps PSOne\r\n"
           "call :CompileShaderHLSL%1 DGSL ps main\r\ncall :CompileShaderCS Enc TryCS\r\nexit /b\r\n"
           ":CompileShader\r\nset fxc=%PCFXC% %1.fx %FXCOPTS% /T%2_4_0_level_9_1 /E%3 /FhCompiled\\%1_%3.inc /Vn%1_%3\r\n"
           ":CompileShaderSM4\r\nset fxc=%PCFXC% %1.fx %FXCOPTS% /T%2_4_0 /E%3 /FhCompiled\\%1_%3.inc\r\n"
           ":CompileShaderHLSL\r\nset fxc=%PCFXC% %1.hlsl %FXCOPTS% /T%2_4_0_level_9_1 /E%3 /FhCompiled\\%1_%3.inc\r\n"
           ":CompileShaderCS\r\nset fxc=%PCFXC% %1.hlsl %FXCOPTS% /Tcs_4_0 /E%2 /FhCompiled\\%1_%2.inc\r\n"
           ":CompileShaderxbox\r\nset fxc=%XBOXFXC% %1.fx /T%2_5_0 /E%3 /FhCompiled\\XboxOne%1_%3.inc\r\n")
    jobs = fxc_oracle.cmd_jobs(cmd)
    assert [(s, fh) for s, _a, fh in jobs] == [("Basic.fx", "Compiled/Basic_VSBasic.inc"),
                                               ("PBR.fx", "Compiled/PBR_PSOne.inc"),
                                               ("DGSL.hlsl", "Compiled/DGSL_main.inc"),
                                               ("Enc.hlsl", "Compiled/Enc_TryCS.inc")]
    assert fxc_oracle._fxc_target(jobs[0][1].split()) == "vs_4_0_level_9_1"
    assert fxc_oracle.parse_fxc_command(jobs[1][1])[0] == "PSOne"


@pytest.mark.backend_independent
def test_lone_cbuffer_declarations_do_not_make_pairs_incomparable():
    a = ("dcl_constantbuffer cb0", "dcl_resource_texture1d (float,float,float,float) t0")
    b = ("dcl_resource_texture1d (float,float,float,float) t0",)
    assert fxc_oracle._without_lone_cbuffers(a, b) == fxc_oracle._without_lone_cbuffers(b, a)
    c = ("dcl_resource_texture2d (float,float,float,float) t0",)
    assert fxc_oracle._without_lone_cbuffers(a, c) != fxc_oracle._without_lone_cbuffers(c, a)


def _mirror_pairs(label: str) -> dict:
    for lab, repo, commit, folder in fxc_oracle.FXC_HEADER_CORPORA + fxc_oracle.FH_CORPORA:
        if lab == label:
            git = fxc_oracle.MIRROR / repo / "repo"
            if not git.exists():
                pytest.skip(f"no mirror at {git}")
            read = fxc_oracle.fh_pairs if lab in [c[0] for c in fxc_oracle.FH_CORPORA] else fxc_oracle.fxc_header_pairs
            return {p.label: p for p in read(git, commit, folder)}
    raise KeyError(label)


#: pairs whose outcome a rule of this session decided (before: the outcome at the session's start)
CORPUS = {
    ("directxtk", "AlphaTestEffect:VSAlphaTest"): "same",  # before: nocompile (Texture), then incomparable (SV_Position)
    ("directxtk", "BasicEffect:VSBasicOneLight"): "same",  # before: diff (zero rows of the light matrices)
    ("directxtk", "AlphaTestEffect:PSAlphaTestEqNe"): "same",
    ("ddsview", "ddsview:PS_1D"): "same",  # before: incomparable (fxc 9.29 declares an unused cbuffer)
    ("directxtex", "BC7Encode:TryMode02CS"): "same",  # before: incomparable (raw g# in cs_4_0)
}


@pytest.mark.backend_specific
@pytest.mark.parametrize(("corpus", "label"), sorted(CORPUS))
def test_header_corpus_pair_against_fxc(corpus, label):
    pair = _mirror_pairs(corpus)[label]
    outcome, detail = fxc_oracle.run_pair(pair, seeds=(0,), timeout=120, compile_timeout=300)
    assert outcome == CORPUS[corpus, label], detail


# --- a local that shadows a global does not read it ------------------------------------------------------------------
#: (body, whether $Globals is kept): ``bool b1;`` at file scope; C scoping of the body's declarations
SHADOWS = [
    ("bool b1 = a.x == 1; return b1;", False),  # DXC dxbc2dxil double3: fxc's object has no constant buffer
    ("return a.x == 1;", False),
    ("return b1;", True),
    ("bool r = b1; bool b1 = a.x == 1; return b1 && r;", True),  # read before the local is declared
    ("{ bool b1 = a.x == 1; } return b1;", True),  # the inner block's local is gone
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("body", "kept"), SHADOWS)
def test_a_shadowing_local_does_not_keep_the_global(body, kept):
    listing = disassemble(_blob(f"bool b1;\nbool main(uint2 a : AAA) : SV_Target {{ {body} }}", "ps_5_0"))
    assert ("dcl_constantbuffer cb0[1]" in listing) == kept
    assert ("$Globals" in listing) == kept


@pytest.mark.backend_independent
def test_an_initialiser_reading_its_own_local_reads_no_global():
    # C scoping: the initialiser's b1 is the local being declared, undefined there, not the global -- fxc 10.1's
    # X4000 "variable 'b1' used without having been completely initialized" (session 44)
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X4000: variable 'b1' used without having been completely"):
        _blob("bool b1;\nbool main(uint2 a : AAA) : SV_Target { bool b1 = b1 && a.x == 1; return b1; }", "ps_5_0")


@pytest.mark.backend_independent
def test_a_parameter_shadows_a_global():
    listing = disassemble(_blob("float g;\nfloat f(float g) { return g * 2; }\n"
                                "float main(float a : A) : SV_Target { return f(a); }"))
    assert "dcl_constantbuffer" not in listing


# --- SV_InnerCoverage: a register, not a signature element ----------------------------------------------------------
@pytest.mark.backend_independent
def test_inner_coverage_input_is_the_vinnercoverage_register():
    """fxc's DXC dxbc2dxil input2 object: SV_InnerCoverage has no input-signature element, the program declares
    ``dcl_input vInnerCoverage`` and the listing notes "PS Inner Coverage" (SFI0 0x400), as SV_Coverage reads
    vCoverage. (input2 reads no SV_Coverage: sv-innercoverage.md "This input is mutually exclusive with
    SV_Coverage - both cannot be used", test_rules_hlsl_sv_stages.py.)"""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.reflection import D3DReflect

    blob = _blob("float4 main(float4 a : A, uint ic : SV_InnerCoverage) : SV_Target "
                 "{ return a + ic; }", "ps_5_0")
    r = D3DReflect(blob)
    names = [r.GetInputParameterDesc(i).SemanticName for i in range(r.GetDesc().InputParameters)]
    assert names == ["A"]
    listing = disassemble(blob)
    assert "dcl_input vInnerCoverage" in listing and "dcl_input vCoverage" not in listing
    assert "dcl_input vCoverage" in disassemble(_blob("float4 main(float4 a : A, uint c : SV_Coverage) : SV_Target "
                                                      "{ return a + c; }", "ps_5_0"))
    assert "PS Inner Coverage" in listing
    sfi0 = parse_container(blob).get("SFI0")
    assert int.from_bytes(sfi0[:4], "little") & 0x400
    assert "PS Inner Coverage" not in disassemble(_blob("float4 main(uint c : SV_Coverage) : SV_Target "
                                                        "{ return c; }", "ps_5_0"))


# --- fxc's folding of pow and normalize with literal arguments -------------------------------------------------------
def _literal_words(blob: bytes) -> list[int]:
    """The words of ``mov o0.xyz, l(…)`` (the folded result) of a pixel shader returning a constant."""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    prog = decode_program(parse_container(blob).program)
    ins = next(i for i in prog.instructions if len(i.operands) == 2 and getattr(i.operands[1], "values", None))
    return list(ins.operands[1].values)


def _w(v) -> int:
    return int(np.asarray(v, F32).view(U32))


#: (base, exponent): SubD11's ColorGamma colours and a few more
POW_FOLDS = [((1.0, 0.964, 0.706), 2.2), ((0.446, 0.641, 1.0), 2.2), ((0.405, 0.63, 0.862), 2.2),
             ((0.5, 3.0, 1e-3), 0.45), ((0.0, 2.0, 7.5), 6.0)]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("base", "k"), POW_FOLDS)
def test_pow_of_literals_folds_in_double(base, k):
    """d3dcompiler_47 10.1 under Wine (session 42, helper MRUN; these rows re-checked at the DLL): pow of literals
    folds as the C runtime's pow in double of the literals' decimal values, rounded to float32 once. (Session 18
    fitted a stepwise float32 log2 / mul / exp2 model to SlimShader's objects, built by an older compiler.)"""
    src = f"float3 main() : SV_Target {{ return pow(float3{base}, {k!r}f); }}"
    got = _literal_words(_blob(src))[:3]
    want = [_w(F32(float(b) ** float(k))) for b in base]
    assert got == want
    assert [_w(F32(0.964) ** np.float64(F32(2.2)))] != [_w(np.exp2(np.float64(F32(np.float64(F32(np.log2(
        np.float64(F32(0.706))))) * np.float64(F32(2.2))))))]  # the two roundings differ on SubD11's colours


@pytest.mark.backend_independent
@pytest.mark.parametrize("v", [(-63.345150, -58.043934, 27.785097), (23.652107, -17.391443, 54.972504),
                               (20.470509, -22.939510, -33.929531), (-31.003685, 24.242104, -41.352859),
                               (3.0, 4.0, 0.0), (1e-3, 2e-3, -5e-4)])
def test_normalize_of_literals_folds_in_double(v):
    got = _literal_words(_blob(f"float3 main() : SV_Target {{ return normalize(float3{v}); }}"))[:3]
    x = np.array(v, F32).astype(np.float64)
    assert got == [_w(c) for c in x / np.sqrt(np.sum(x * x))]


@pytest.mark.backend_independent
def test_literal_calls_fold_under_skip_optimization_too():
    """d3dcompiler_47 10.1 folds intrinsic calls on literals while it parses, /Od included (its /Od object of this
    source is the same four instructions as the optimised one: session 42, re-checked at the DLL). normalize of
    literals is litfold's since session 44 (was a strict xfail: it was left to the optimiser)."""
    listing = _code(_blob("float3 main() : SV_Target { return pow(float3(0.5, 0.25, 2), 2.2f) + "
                          "normalize(float3(1, 2, 3)); }", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    assert not any(ln.startswith(("log", "exp", "rsq", "dp3")) for ln in listing)


@pytest.mark.backend_specific
def test_subd11_smoothps_against_fxc():
    """SubD11_PS (SlimShader): diff by one ulp before the pow/normalize folding, the same words after."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / ".." / "shared" / "conformance" / "dxbc-corpus" / "slimshader"
    if not root.exists():
        pytest.skip("no SlimShader corpus")
    entries, defines = fxc_oracle._slim_tables(Path(__file__).resolve().parent)
    pair = next(p for p in fxc_oracle.slimshader_pairs(root, entries, defines) if p.label.endswith("SubD11_PS.o"))
    outcome, detail = fxc_oracle.run_pair(pair, seeds=(0,), timeout=120)
    assert outcome == "same", detail


@pytest.mark.backend_independent
@pytest.mark.parametrize(("msg", "refusal"), [
    ("t.fx(1,1): error X4509: vs_2_0: the program needs 15 temporary registers", True),
    ("t.fx(1,1): error X5608: Compiled shader code uses too many arithmetic instruction slots", True),
    ("E_NOTIMPL: 4_0_level_9_x (Aon9 shader model 2) translation of integer arithmetic", True),
    ("t.fx(8,19): error X3000: syntax error: unexpected token 'Texture'", False),
])
def test_level9_refusals_fall_back_to_the_4_0_program(msg, refusal):
    assert fxc_oracle._level9_refusal(Exception(msg)) == refusal


@pytest.mark.backend_specific  # the reference executor directly (run_program)
@pytest.mark.parametrize(("body", "fn"), [("p = p * 2;", lambda x: x * F32(2)), ("p.x = 5;", None), ("", lambda x: x)])
def test_entry_inout_parameter_output_is_what_the_body_wrote(body, fn):
    """DirectXTK SpriteVertexShader (``inout float4 position : SV_Position``, ``position = mul(position, M)``):
    fxc's object writes the product; ours wrote the input back (the working copy's writes were lost)."""
    blob = _blob(f"void main(inout float4 p : P) {{ {body} }}", "vs_4_0")
    x = np.array([1.5, -2.0, 3.25, 0.5], F32)
    got = _run(blob, [x[:1], x[1:2], x[2:3], x[3:4]])[0].view(F32)
    want = x.copy() if fn is None else fn(x)
    if fn is None:
        want[0] = F32(5)
    np.testing.assert_array_equal(got, want)
