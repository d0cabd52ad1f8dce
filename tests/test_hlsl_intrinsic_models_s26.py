"""Issue 15 (session 26, helper HLG): every intrinsic of the reference list accepted exactly at the shader models
and stages its page documents, from shader model 2 (the D3D9 targets) to 5.1.

The table below is typed from MicrosoftDocs win32 desktop-src/direct3dhlsl: the "Intrinsic Functions" list
(dx-graphics-hlsl-intrinsic-functions.md, its "Minimum shader model" column) and each function's own page (its
"Minimum Shader Model" table: which of Shader Model 1/2/3/4/5 have it, "ps_2_x only", "pixel shader only", and the
Vertex/Hull/Domain/Geometry/Pixel/Compute table of the SM5 pages). It is not read from the compiler's gate table
(shader/hlsl/featuregates.py). Where fxc's recorded behaviour (vkd3d's Windows-verified shader tests) departs from
a page, the row says so and follows the record:

- rcp, countbits, firstbithigh/low, reversebits, f32tof16/f16tof32 are compiled by fxc for 4.0 (rcp.shader_test at
  every model 2.0-5.1; bitwise.shader_test, f32tof16.shader_test at "shader model >= 4.0"); mad and dst, listed
  "5", are accepted at every model: mad's page was corrected to "Shader Model 2 and higher" (MicrosoftDocs
  commit 25055fcf63), dst's page is the vs_1_1+ dst instruction's functionality (session 27; were open).
- the legacy tex* samplers fail at every shader model 4+ target without backwards compatibility (fxc 10.1's X3523
  "DX9-style intrinsics are disabled when not in dx9 compatibility mode", session 35; these cells compile without
  flags).
- the derivative forms ddx/ddy/fwidth and tex*grad need ps_2_x's gradient instructions (the ddx/ddy pages:
  "yes in ps_2_x; unsupported in ps_2_0"; "texldd - ps": "only supported by ps_2_a. It is not supported by
  ps_2_b"); tex*lod is
  shader model 3's texldl ("texldl - vs", "texldl - ps": every sampler type in both stages).

Each cell is one D3DCompile of a small shader calling the intrinsic at a profile; the expectation is accept or
reject (E_FAIL). No cell is left open: abort/errorf/printf below 4.0 (open until session 27) follow their pages'
only row, "Shader Model 4 or later" (their remark, "nothing on devices that do not support it", is about devices,
not compile targets; no fxc record of a D3D9 target either way).
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.hlsl.compiler import compile_hlsl
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent

#: the profiles a vkd3d shader test is compiled at (2.0 ... 5.1) for the vertex and pixel stages, the geometry and
#: compute stages from 4.0, and the D3D9 2_x profiles the pages single out (ps_2_a / ps_2_b are "ps_2_x")
PROFILES = ("vs_2_0", "ps_2_0", "ps_2_a", "ps_2_b", "vs_3_0", "ps_3_0", "vs_4_0", "ps_4_0", "gs_4_0", "cs_4_0",
            "vs_4_1", "ps_4_1", "vs_5_0", "ps_5_0", "gs_5_0", "cs_5_0", "vs_5_1", "ps_5_1", "cs_5_1")

ALL = "all"
OPEN = None


def model(profile: str) -> tuple[int, int]:
    m = profile[3:]
    return (2, 0) if m[0] == "2" else (int(m[0]), int(m[2]))


def ps_2_x(profile: str) -> bool:
    return profile in ("ps_2_a", "ps_2_b")


def gradients(profile: str) -> bool:
    """A pixel profile with gradient instructions: ps_2_a and ps_3_0 of the D3D9 ones ("texldd - ps": 'only
    supported by ps_2_a. It is not supported by ps_2_b'; dsx / dsy share the D3DPS20CAPS_GRADIENTINSTRUCTIONS
    cap), every pixel profile from 4.0."""
    return profile.startswith("ps") and profile not in ("ps_2_0", "ps_2_b")


# Each rule: profile -> True (accepted) / False (rejected) / None (open). Written from the pages' tables.

def every_model(p: str) -> bool:
    """'Shader Model 1/2 (DirectX HLSL) and higher shader models: yes' (every stage)."""
    return True


def sm4_up(p: str) -> bool:
    """'Shader Model 4 and higher: yes; Shader Model 3 / 2 / 1: no' (asfloat, asint, asuint; GetRenderTarget*)."""
    return model(p) >= (4, 0)


def fxc_every_model(p: str) -> bool:
    """asfloat / countbits: their pages say 'Shader Model 4 and higher' / 5, but d3dcompiler_47 10.1 (under Wine,
    sessions 36 and 37) compiles ``asfloat(u)`` and ``countbits(u)`` of a uint uniform at every Direct3D 9 and
    level-9 target (asfloat: the integer's value read as a float, as its own level-9 program does; countbits: 0) --
    fxc's answer wins over the page's."""
    return True


def recorded_sm4_up(p: str) -> bool:
    """Pages: SM5; fxc compiles them at every 4.0+ stage (see the module doc); no SM2/3 instruction or record."""
    return model(p) >= (4, 0)


def sm4_up_only_row(p: str) -> bool:
    """abort / errorf / printf: 'Shader Model 4 (DirectX HLSL) or later: yes' is their tables' only row (no SM1-3
    row); no fxc record of a D3D9 target either way, so the page decides (session 27: were open)."""
    return model(p) >= (4, 0)


def arithmetic_every_model(p: str) -> bool:
    """mad: its page since MicrosoftDocs win32 commit 25055fcf63 (2025-11-18, "Changing minimum Shader Model from
    SM50 to SM20"): 'Shader Model 2 (DirectX HLSL) and higher shader models: yes' (the list's "5" was the
    precise-mad remark's). dst: its page defines it as 'the same functionality as the Vertex Shader instruction
    dst' (vs_1_1 ... vs_3_0 in "dst - vs"); the list's "5" beside mad's is the same stale column. Every model."""
    return True


def pixel_only(p: str) -> bool:
    """clip: 'yes (pixel shader only)' at Shader Model 1, 2, 3 and 4."""
    return p.startswith("ps")


def derivative(p: str) -> bool:
    """ddx / ddy / fwidth: SM3 yes, SM2 'yes in ps_2_x; unsupported in ps_2_0', SM4/5: the pixel stage (deriv_rtx
    / deriv_rty are pixel-shader instructions, D3D11.3 §22.5); of the ps_2_x profiles ps_2_a (gradients)."""
    return gradients(p)


def frexp(p: str) -> bool:
    """frexp: the page says 'Shader Model 3 and higher: yes; Shader Model 2: yes (ps_2_x only); Shader Model 1: no',
    but d3dcompiler_47 10.1 under Wine (session 36) compiles it at vs_2_0 and ps_2_0 too (fxc's verdict wins)."""
    return model(p) >= (2, 0)


def legacy_implicit(p: str) -> bool:
    """tex1D/2D/3D/CUBE (s, t), *bias, *proj: 'yes (pixel shader only)' at SM2 and 3 (texld); shader model 4+
    refuses them without backwards compatibility (fxc 10.1 X3523)."""
    return p.startswith("ps") and model(p) < (4, 0)


def legacy_grad(p: str) -> bool:
    """tex*grad: pixel shader only at SM2/3 with ps_2_a's texldd (not ps_2_0); shader model 4+ refuses it
    without backwards compatibility (fxc 10.1 X3523). The page says ps_2_b has no texldd either, but d3dcompiler_47
    10.1 under Wine (session 45) compiles tex2Dgrad there (fxc's verdict wins; ps_2_0's is its validator's X5190)."""
    if model(p) >= (4, 0):
        return False
    return gradients(p) or p == "ps_2_b"


def legacy_lod(p: str) -> bool:
    """tex*lod: 'Shader Model 3 and higher: yes', 'Shader Model 2: no' (texldl, both stages); shader model 4+ refuses
    it without backwards compatibility (fxc 10.1 X3523)."""
    return (3, 0) <= model(p) < (4, 0)


def sm5(p: str) -> bool:
    """'Shader Model 5 and higher' with every stage in the page's stage table."""
    return model(p) >= (5, 0)


def sm5_pixel(p: str) -> bool:
    """ddx_coarse ... ddy_fine, EvaluateAttribute*: SM5, Pixel only."""
    return model(p) >= (5, 0) and p.startswith("ps")


def sm41_pixel(p: str) -> bool:
    """GetRenderTargetSampleCount / Position: the pages list ps_4_1 (vkd3d rt-get-sample-info: >= 4.1)."""
    return model(p) >= (4, 1) and p.startswith("ps")


def nowhere(p: str) -> bool:
    """noise: 'only valid in texture fill (tx_1_0) shaders'."""
    return False


_EVERY = """abs acos all any asin atan atan2 ceil clamp cos cosh cross D3DCOLORtoUBYTE4 degrees determinant distance
    dot exp exp2 faceforward floor fmod frac isfinite isinf isnan ldexp length lerp lit log log10 log2 max min modf
    mul normalize pow radians reflect refract round rsqrt saturate sign sin sincos sinh smoothstep sqrt step tan tanh
    transpose trunc rcp"""

#: intrinsic -> (call expression, rule). Arguments: float4 a, b, c (a varies per invocation); uint4 u; int4 i;
#: float4 o, o2 locals for out parameters; samplers s1, s2, s3, sc; v the stage's float4 input.
CALLS: dict[str, str] = {
    "abs": "abs(a)", "acos": "acos(a)", "all": "all(a)", "any": "any(a)", "asin": "asin(a)", "atan": "atan(a)",
    "atan2": "atan2(a, b)", "ceil": "ceil(a)", "clamp": "clamp(a, b, c)", "cos": "cos(a)", "cosh": "cosh(a)",
    "cross": "float4(cross(a.xyz, b.xyz), 0)", "D3DCOLORtoUBYTE4": "D3DCOLORtoUBYTE4(a)", "degrees": "degrees(a)",
    "determinant": "determinant(float2x2(a))", "distance": "distance(a, b)", "dot": "dot(a, b)", "exp": "exp(a)",
    "exp2": "exp2(a)", "faceforward": "faceforward(a, b, c)", "floor": "floor(a)", "fmod": "fmod(a, b)",
    "frac": "frac(a)", "isfinite": "isfinite(a)", "isinf": "isinf(a)", "isnan": "isnan(a)", "ldexp": "ldexp(a, b)",
    "length": "length(a)", "lerp": "lerp(a, b, c)", "lit": "lit(a.x, a.y, a.z)", "log": "log(a)",
    "log10": "log10(a)", "log2": "log2(a)", "max": "max(a, b)", "min": "min(a, b)", "modf": "modf(a, o)",
    "mul": "mul(a, float4x4(a, b, c, a))", "normalize": "normalize(a)", "pow": "pow(a, b)",
    "radians": "radians(a)", "reflect": "reflect(a, b)", "refract": "refract(a, b, c.x)", "round": "round(a)",
    "rsqrt": "rsqrt(a)", "saturate": "saturate(a)", "sign": "sign(a)", "sin": "sin(a)",
    "sincos": "(sincos(a, o, o2), o + o2)", "sinh": "sinh(a)", "smoothstep": "smoothstep(a, b, c)",
    "sqrt": "sqrt(a)", "step": "step(a, b)", "tan": "tan(a)", "tanh": "tanh(a)",
    "transpose": "transpose(float4x4(a, b, c, a))[1]", "trunc": "trunc(a)", "rcp": "rcp(a)",
    "noise": "noise(a)", "clip": "(clip(a), a)", "ddx": "ddx(a)", "ddy": "ddy(a)", "fwidth": "fwidth(a)",
    "frexp": "frexp(a, o) + o", "abort": "(abort(), a)", "errorf": '(errorf("e"), a)', "printf": '(printf("p"), a)',
    "asfloat": "asfloat(u)", "asint": "asint(a)", "asuint": "asuint(a)",
    "countbits": "countbits(u)", "firstbithigh": "firstbithigh(u)", "firstbitlow": "firstbitlow(u)",
    "reversebits": "reversebits(u)", "f16tof32": "f16tof32(u)", "f32tof16": "f32tof16(a)",
    "mad": "mad(a, b, c)", "dst": "dst(a, b)", "msad4": "msad4(u.x, u.xy, u)",
    "asdouble": "(float)asdouble(u.x, u.y)", "fma": "(float)fma((double)a.x, (double)b.x, (double)c.x)",
    "ddx_coarse": "ddx_coarse(a)", "ddx_fine": "ddx_fine(a)", "ddy_coarse": "ddy_coarse(a)",
    "ddy_fine": "ddy_fine(a)", "EvaluateAttributeAtSample": "EvaluateAttributeAtSample(v, 0)",
    "EvaluateAttributeCentroid": "EvaluateAttributeCentroid(v)",
    "EvaluateAttributeSnapped": "EvaluateAttributeSnapped(v, int2(0, 0))",
    "GetRenderTargetSampleCount": "GetRenderTargetSampleCount()",
    "GetRenderTargetSamplePosition": "GetRenderTargetSamplePosition(0).xyxy",
    **{f"tex{d}{s}": f"tex{d}{s}({smp}, {arg})" for d, smp, n in (("1D", "s1", 1), ("2D", "s2", 2), ("3D", "s3", 3),
                                                                   ("CUBE", "sc", 3))
       for s, arg in (("", "a.x" if n == 1 else "a." + "xyz"[:n]), ("bias", "a"), ("proj", "a"), ("lod", "a"),
                      ("grad", ", ".join(("a.x", "b.x", "c.x") if n == 1 else
                                         (f"a.{'xyz'[:n]}", f"b.{'xyz'[:n]}", f"c.{'xyz'[:n]}"))))},
}

RULES = {
    **{n: every_model for n in _EVERY.split()},
    **{n: sm4_up for n in ("asint", "asuint")},
    "asfloat": fxc_every_model,
    # countbits: d3dcompiler_47 10.1 (under Wine, session 37) compiles countbits(u) of a uint uniform at every Direct3D 9
    # target too (its value 0 there); the others stay 4.0+ (X3548 / X3704 below)
    "countbits": fxc_every_model,
    **{n: recorded_sm4_up for n in ("firstbithigh", "firstbitlow", "reversebits", "f16tof32", "f32tof16")},
    **{n: sm4_up_only_row for n in ("abort", "errorf", "printf")},
    **{n: arithmetic_every_model for n in ("mad", "dst")},
    "clip": pixel_only, "ddx": derivative, "ddy": derivative, "fwidth": derivative, "frexp": frexp,
    **{f"tex{d}{s}": legacy_implicit for d in ("1D", "2D", "3D", "CUBE") for s in ("", "bias", "proj")},
    **{f"tex{d}grad": legacy_grad for d in ("1D", "2D", "3D", "CUBE")},
    **{f"tex{d}lod": legacy_lod for d in ("1D", "2D", "3D", "CUBE")},
    **{n: sm5 for n in ("msad4", "asdouble", "fma")},
    **{n: sm5_pixel for n in ("ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine", "EvaluateAttributeAtSample",
                              "EvaluateAttributeCentroid", "EvaluateAttributeSnapped")},
    **{n: sm41_pixel for n in ("GetRenderTargetSampleCount", "GetRenderTargetSamplePosition")},
    "noise": nowhere,
}

_DECLS = "float4 a0, b, c; uint4 u; int4 i; sampler1D s1; sampler2D s2; sampler3D s3; samplerCUBE sc;\n"


def source(expr: str, profile: str) -> str:
    stage, sm4 = profile[:2], model(profile) >= (4, 0)
    body = "float4 o = 0, o2 = 0; float4 a = a0 + v;"
    if stage == "ps":
        return _DECLS + (f"float4 main(float4 v : TEXCOORD0) : {'SV_Target' if sm4 else 'COLOR'} "
                         f"{{ {body} return (float4)({expr}); }}")
    if stage == "vs":
        return _DECLS + f"float4 main(float4 v : POSITION) : POSITION {{ {body} return (float4)({expr}); }}"
    if stage == "gs":
        return _DECLS + ("struct G { float4 p : SV_Position; };\n[maxvertexcount(1)] void main(point float4 vs[1] : "
                         f"POSITION, inout PointStream<G> st) {{ float4 v = vs[0]; {body} G g; "
                         f"g.p = (float4)({expr}); st.Append(g); }}")
    return _DECLS + ("RWStructuredBuffer<float4> r;\n[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID) "
                     f"{{ float4 v = (float4)t.xyzx; {body} r[t.x] = (float4)({expr}); }}")


def accepted(src: str, profile: str) -> bool:
    try:
        compile_hlsl(src, "t.hlsl", "main", profile)
    except HlslError:
        return False
    return True


CELLS = [(n, p) for n in CALLS for p in PROFILES if RULES[n](p) is not None]


def test_the_table_covers_the_reference_list():
    # every name of the "Intrinsic Functions" list except the ones needing an object or a stage entry of their own
    # (barriers, Interlocked*, Process*TessFactors*, CheckAccessFullyMapped: tests/test_rules_hlsl_feature_gates.py)
    listed = set(_EVERY.split()) | {"asfloat", "asint", "asuint", "countbits", "firstbithigh", "firstbitlow",
                                    "reversebits", "f16tof32", "f32tof16", "abort", "errorf", "printf", "mad", "dst",
                                    "clip", "ddx", "ddy", "fwidth", "frexp", "msad4", "asdouble", "fma", "noise"}
    assert listed <= set(CALLS) and set(CALLS) == set(RULES)
    assert len(CALLS) == 109 and len(PROFILES) == 19
    assert len(CELLS) == 2071  # no open cell left (session 27: the 30 of abort/errorf/printf/mad/dst below 4.0)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_intrinsic_is_accepted_exactly_at_its_documented_models_and_stages(name: str):
    wrong = []
    for p in PROFILES:
        want = RULES[name](p)
        if want is None:
            continue
        got = accepted(source(CALLS[name], p), p)
        if got != want:
            wrong.append(f"{p}: {'accepted' if got else 'rejected'}, the page says {'yes' if want else 'no'}")
    assert not wrong, f"{name}: " + "; ".join(wrong)
