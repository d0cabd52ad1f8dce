"""Session 19 (issue 15): rules read from fxc's objects — the register layout of local matrices and the lane
placement of vectors in ps_4_0_level_9_1 programs, which made our level-9 translation refuse DirectXTK shaders
fxc fits (X5608 arithmetic slots, X4509 temporaries); and the oracle's own uninitialised-read reference compile.

Evidence (fxc's ``/Fh`` headers of microsoft/DirectXTK ``Src/Shaders/Compiled``, commit ``cd29a780^``):

* ``BasicEffect_PSBasicPixelLighting.inc`` (ps_4_0_level_9_1), Lighting.fxh ``float3x3 lightDiffuse`` whose rows
  are written from ``LightDiffuseColor[i]``: ``mul(diffuse, lightDiffuse)`` is ``mul r1.xyz, r2.yyyy,
  cb0[7].xyzx; mad r1.xyz, r2.xxxx, cb0[6].xyzx, r1.xyzx; mad r1.xyz, r2.zzzz, cb0[8].xyzx, r1.xyzx`` — each row
  of the local is a register of its own, read straight from the constant buffer;
* the same object keeps every vector at the low lanes (``mul r1.xyz, r1.wwww, r1.xyzx``), and its Aon9 program
  fits in "approximately 51 instruction slots" where our translation needed 129 (vectors placed at ``.yzw`` /
  ``.xzw`` need a move per lane at each ps_2_0 read: "Source Register Swizzling" allows only .xyzw, .yzxw,
  .zxyw, .wzyx and replicates in ps_2_0).

Expected values are computed with numpy in float64 from the definition of ``mul`` (the Intrinsic Functions
page), never from the code under test."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def _compile(src: str, target: str = "ps_4_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))


def _code(listing: str) -> list[str]:
    return [ln.strip() for ln in listing.splitlines() if ln.strip() and not ln.lstrip().startswith(("//", "dcl_"))]


def _local_matrix_source(rows: int, cols: int, vector_left: bool) -> str:
    k = rows if vector_left else cols
    n = cols if vector_left else rows
    expr = f"mul(v.{'xyzw'[:k]}, m)" if vector_left else f"mul(m, v.{'xyzw'[:k]})"
    return f"""cbuffer C : register(b0) {{ float{cols} R[{rows}]; }};
    float4 main(float4 v : V) : SV_Target {{
        float{rows}x{cols} m = 0;
        [unroll] for (int i = 0; i < {rows}; i++) {{ m[i] = R[i]; }}
        float4 r = 0; r.{'xyzw'[:n]} = {expr}; return r; }}"""


_SHAPES = [(3, 3), (2, 3), (3, 2), (4, 3), (2, 2), (4, 2)]


@pytest.mark.backend_independent
@pytest.mark.parametrize("vector_left", [True, False])
@pytest.mark.parametrize(("rows", "cols"), _SHAPES)
def test_local_matrix_rows_are_registers(rows: int, cols: int, vector_left: bool):
    """A local matrix keeps a row per register (fxc's PSBasicPixelLighting): ``mul(v, m)`` is a mul + mad
    combination of the rows and ``mul(m, v)`` a dot product per row, both reading the constant-buffer rows
    the local was filled from, with no gathering ``mov`` (before: the 3×3's nine components packed four to a
    register, and every row or column straddled registers)."""
    code = _code(disassemble(_compile(_local_matrix_source(rows, cols, vector_left))))
    body = [ln for ln in code if not ln.startswith(("ps_", "ret", "mov o0"))]
    assert not [ln for ln in body if ln.startswith("mov") and "cb0" in ln], body
    if vector_left:
        assert body[0].startswith("mul") and "cb0[1]" in body[0] and "v0.yyyy" in body[0], body  # y term first
        assert sum(ln.startswith("mad") for ln in body) == rows - 1, body
        assert not any(ln.startswith("dp") for ln in body), body
    else:
        dots = [ln for ln in body if ln.startswith("dp")]
        assert [re.search(r"cb0\[(\d)\]", ln).group(1) for ln in dots] == [str(i) for i in range(rows)], body


@pytest.mark.parametrize(("rows", "cols", "vector_left"), [(3, 3, True), (3, 3, False), (2, 3, True), (4, 2, False)])
def test_local_matrix_values(rows: int, cols: int, vector_left: bool):
    """The new layout computes ``mul`` as defined: against numpy in float64 (reference executor)."""
    rng = np.random.default_rng(rows * 7 + cols + vector_left)
    m = rng.normal(size=(rows, cols)).astype(np.float32)
    vecs = rng.normal(size=(16, 4)).astype(np.float32)
    cb = np.zeros((rows, 4), np.float32)
    cb[:, :cols] = m
    b = Bindings()
    b.set_cbuffer(0, cb.ravel())
    prog = blob_program(_compile(_local_matrix_source(rows, cols, vector_left)))
    got = run_program(prog, 16, inputs={0: vecs.view(np.uint32)}, bindings=b).outputs[0].view(np.float32)
    k, n = (rows, cols) if vector_left else (cols, rows)
    v = vecs[:, :k].astype(np.float64)
    expect = v @ m.astype(np.float64) if vector_left else v @ m.T.astype(np.float64)
    np.testing.assert_allclose(got[:, :n], expect, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(got[:, n:], 0)


def test_local_matrix_negated_rows_and_sums():
    """Component-wise operations on a local matrix work a row at a time (one instruction per row, the row
    kept in one register): ``-m`` and ``m + m`` of a 3×3 are three instructions each; values by numpy."""
    src = """cbuffer C : register(b0) { float3 R[3]; };
    float4 main(float3 d : V) : SV_Target {
        float3x3 m = 0;
        [unroll] for (int i = 0; i < 3; i++) { m[i] = R[i]; }
        return float4(mul(-m, d) + mul(d, m + m), 1); }"""
    blob = _compile(src)
    code = _code(disassemble(blob))
    assert sum(ln.startswith("mov") and "-cb0" in ln for ln in code) == 3, code
    assert sum(ln.startswith("add") and re.search(r"cb0\[\d\]\.xyzx, cb0\[\d\]\.xyzx", ln) is not None
               for ln in code) == 3, code
    rng = np.random.default_rng(5)
    m = rng.normal(size=(3, 3)).astype(np.float32)
    d = rng.normal(size=(16, 4)).astype(np.float32)
    cb = np.zeros((3, 4), np.float32)
    cb[:, :3] = m
    b = Bindings()
    b.set_cbuffer(0, cb.ravel())
    got = run_program(blob_program(blob), 16, inputs={0: d.view(np.uint32)}, bindings=b).outputs[0].view(np.float32)
    x = d[:, :3].astype(np.float64)
    expect = x @ -m.T.astype(np.float64) + x @ (2 * m.astype(np.float64))
    np.testing.assert_allclose(got[:, :3], expect, rtol=1e-5, atol=1e-5)


_LANES_SOURCE = """cbuffer C : register(b0) { float3 E; float3 L[3]; float P; };
float4 main(float3 pos : P, float3 nrm : N) : SV_Target {
    float3 eye = normalize(E - pos);
    float3 n = normalize(nrm);
    float3 acc = 0;
    [unroll] for (int i = 0; i < 3; i++) {
        float3 h = normalize(eye - L[i]);
        acc += pow(max(dot(h, n), 0), P) * L[i];
    }
    return float4(acc, 1); }"""


def _multi_lane_masks(listing: str) -> list[str]:
    masks = []
    for ln in _code(listing):
        m = re.match(r"\w+\s+r\d+\.([xyzw]+)", ln)
        if m and len(m.group(1)) > 1:
            masks.append(m.group(1))
    return masks


@pytest.mark.backend_independent
def test_level9_1_vectors_start_at_x():
    """ps_4_0_level_9_1: a temp of several components is allocated from lane x on (fxc's objects keep
    vectors at ``.xyz``; ps_2_0 reads only .xyzw/.yzxw/.zxyw/.wzyx or replicates), while ps_4_0 still packs
    it into any free lanes (the same source there writes a vector at scattered lanes)."""
    l9 = _multi_lane_masks(disassemble(_compile(_LANES_SOURCE, "ps_4_0_level_9_1")))
    assert l9 and all("xyzw".startswith(m) for m in l9), l9
    sm4 = _multi_lane_masks(disassemble(_compile(_LANES_SOURCE, "ps_4_0")))
    assert any(not "xyzw".startswith(m) for m in sm4), sm4


def _aon9_slots(blob: bytes) -> int:
    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.sm2.profile import count_slots
    from pyd3d11.shader.sm2.program import decode_program

    a = parse_aon9(parse_container(blob).get("Aon9"))
    return count_slots(decode_program(a.program))[0]


_DXTK = Path("/work/.mirror/microsoft+DirectXTK/repo")
#: the DirectXTK level-9 shaders our translation refused at the session's start (fxc_oracle ``--corpus
#: directxtk``, the real compile, not the oracle's reference compile): X5608 (arithmetic slots) for the pixel
#: lighting shaders, X4509 (temporaries) for the skinned vertex lighting ones
_REFUSED_BEFORE = (
    "BasicEffect:PSBasicPixelLighting", "EnvironmentMapEffect:PSEnvMapPixelLighting",
    "SkinnedEffect:VSSkinnedVertexLightingOneBone", "EnvironmentMapEffect:PSEnvMapSpherePixelLightingFresnel",
)


@pytest.fixture(scope="module")
def dxtk_pairs():
    if not _DXTK.exists():
        pytest.skip("the DirectXTK mirror is not here")
    from pyd3d11.tools import fxc_oracle

    return {p.label: p for p in fxc_oracle.fxc_header_pairs(_DXTK, "cd29a780^", "Src/Shaders")}


@pytest.mark.backend_independent
@pytest.mark.parametrize("label", _REFUSED_BEFORE)
def test_dxtk_level9_fits(dxtk_pairs, label: str):
    """The shaders fxc fitted into its level-9 limits now fit ours as well (compile only)."""
    from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE

    p = dxtk_pairs[label]
    blob = bytes(D3DCompile(p.source, None, p.name, dict(p.defines) or None, D3D_COMPILE_STANDARD_FILE_INCLUDE,
                            p.entry, p.profile, p.flags))
    assert _aon9_slots(blob) <= (64 if p.profile.startswith("ps") else 256)


@pytest.mark.backend_independent
@pytest.mark.parametrize(("profile", "sm4"), [("ps_4_0_level_9_1", "ps_4_0"), ("vs_4_0_level_9_3", "vs_4_0"),
                                              ("ps_4_0", "ps_4_0"), ("cs_5_0", "cs_5_0")])
def test_oracle_reference_profile(profile: str, sm4: str):
    """The oracle's reference compile (every temp its own register, unoptimised: only to find reads of
    never-written temps in the SM4 program) is built for the SM4 profile a level-9 target carries."""
    from pyd3d11.tools import fxc_oracle

    assert fxc_oracle.sm4_profile(profile) == sm4


@pytest.mark.backend_independent
def test_oracle_reference_compile_of_level9_pair(dxtk_pairs):
    """DGSLUnlit ``main`` (ps_4_0_level_9_1): the unoptimised, unshared program reads SV_Position, which the
    level-9 translation refuses (X4502) although the real compile drops that read — the oracle counted the pair
    "nocompile" (8 DGSL pairs at the session's start). Built for ps_4_0 it compiles."""
    from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
    from pyd3d11.tools import fxc_oracle, optdiff

    p = dxtk_pairs["DGSLUnlit:main"]
    args = (p.source, p.name, p.entry)
    rest = (dict(p.defines) or None, D3D_COMPILE_STANDARD_FILE_INCLUDE, p.flags)
    with pytest.raises(Exception, match="X4502"):
        optdiff.compile_unshared(*args, p.profile, *rest)
    assert optdiff.compile_unshared(*args, fxc_oracle.sm4_profile(p.profile), *rest)[:4] == b"DXBC"


def _immediates(blob: bytes) -> list[int]:
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    prog = decode_program(parse_container(blob).program)
    return [v for ins in prog.instructions for o in ins.operands for v in o.values]


def _f32_bits(x: float) -> int:
    return int(np.array(x, np.float32).view(np.uint32))


#: (HLSL literal expression, its value in exact decimal arithmetic as a Python float — double precision, the
#: literals' decimal values, one rounding to float32 at the end). The first row is DirectXTK Utilities.fxh
#: ``LinearToSRGBEst``: ``pow(abs(color), 1/2.2f)``, fxc's ToneMap PS_SRGB object ``mul r0.xyz, r0.xyzx,
#: l(0.454545, …)`` with the word 0x3ee8ba2f (float32(1/2.2); 1/float32(2.2f) rounds to 0x3ee8ba2e).
_LITERAL_FOLDS = [
    ("1/2.2f", 1 / 2.2),
    ("1.0f / 2.2f", 1 / 2.2),
    ("1.0 / 0.1593017578f", 1 / 0.1593017578),
    ("0.1f * 3", 0.1 * 3),
    ("0.1f + 0.2f", 0.1 + 0.2),
    ("2.2f - 0.1f", 2.2 - 0.1),
    ("-(1 / 2.2f)", -(1 / 2.2)),
    ("1.0f / 3.0f", 1 / 3),
    ("(0.1f + 0.2f) * 3.3f", (0.1 + 0.2) * 3.3),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("expr", "value"), _LITERAL_FOLDS)
def test_literal_arithmetic_folds_once(expr: str, value: float):
    """Arithmetic of float literals folds in double precision from the literals' decimal values and rounds
    to float32 once (fxc's ToneMap objects), not a float32 rounding per literal and per operation."""
    src = f"float4 main() : SV_Target {{ return {expr}; }}"
    words = _immediates(_compile(src))  # the listing prints 6 digits: the words themselves
    assert words and words[0] == _f32_bits(value), (expr, [hex(w) for w in words], hex(_f32_bits(value)))


@pytest.mark.backend_independent
@pytest.mark.parametrize(("expr", "word"), [("1/2", 0), ("7/2 * 0.5f", _f32_bits(1.5)), ("2.2f", _f32_bits(2.2))])
def test_literal_folds_keep_integer_division(expr: str, word: int):
    """An integer subexpression keeps integer arithmetic (7/2 is 3 before the float product); a single
    literal is its float32 rounding."""
    words = _immediates(_compile(f"float4 main() : SV_Target {{ return {expr}; }}"))
    assert words and words[0] == word, (expr, [hex(w) for w in words])


def _mad_chain(n: int) -> str:
    body = "".join(f"v = v * w + D[{i}]; v = v * u + D[{i}];\n" for i in range(n))
    return (f"cbuffer K {{ float4 D[{n}]; }};\nfloat4 main(float4 v : TEXCOORD0, float4 w : TEXCOORD1, "
            f"float4 u : TEXCOORD2) : SV_Target {{ {body} return v; }}")


@pytest.mark.parametrize(("n", "mads"), [(3, 0), (20, 40)])
def test_level9_mad_fusion_when_over_the_limit(n: int, mads: int):
    """A ps_4_0_level_9_1 program over ps_2_0's 64 arithmetic slots is retried with the D3D9 targets'
    peepholes (``mul`` + ``add`` -> ``mad``, one slot: "ps_2_0 Instructions"), as fxc's level-9 code uses mad
    (EnvironmentMapEffect PSEnvMapSpherePixelLightingFresnel, 47 arithmetic slots). 20 × 2 multiply-adds are
    80 slots as mul + add (X5608 before) and 40 fused; a program that fits keeps its mul + add form. The SM2
    program is validated and run by the test interpreter against the SM4 program on random inputs."""
    from sm2_interp import Sm2Machine, constants_for, validate

    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.sm2.program import decode_program
    from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

    blob = _compile(_mad_chain(n), "ps_4_0_level_9_1")
    c = parse_container(blob)
    chunk = parse_aon9(c.get("Aon9"))
    sm2 = decode_program(chunk.program)
    assert validate(sm2) == []
    assert sum(i.op == "mad" for i in sm2.instructions) == mads
    rng = np.random.default_rng(n)
    lanes = 16
    x = [rng.uniform(-1, 1, (lanes, 4)).astype(np.float32) for _ in range(3)]
    d = rng.uniform(-1, 1, (n, 4)).astype(np.float32)
    b = Bindings()
    b.set_cbuffer(0, d.ravel())
    arr = np.stack([v.view(np.uint32) for v in x])
    want = run_program(blob_program(blob), lanes, inputs=arr, bindings=b).outputs[0].view(np.float32)
    m = Sm2Machine(sm2, lanes, {(TEXTURE, k): x[k] for k in range(3)}, constants_for(chunk, {0: d.ravel()})).run()
    np.testing.assert_array_equal(m.out(Reg.COLOROUT, 0), want)
