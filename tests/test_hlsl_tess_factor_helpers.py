"""Process{Tri,Quad,2DQuad}TessFactors{Avg,Max,Min} and ProcessIsolineTessFactors, compiled from HLSL into a
hull shader's patch-constant function and run on the executor.

The expectations come from an independent statement of the processing, written here with branches from the
definition (D3D11.3 functional spec §10.10.1 / §11.7.2: the helpers clean up, reduce, scale and round the
factors per [partitioning]; §11.7.1 names the reference tessellator code, whose CHLSLTessellator processing
is the concrete definition; the HLSL reference pages give each helper's parameters):

* an edge factor that is not > 0 (or NaN) culls the patch and every output is 0;
* cleanup clamps each edge to [1, +inf) (NaN -> 1); the reduction (min/max/average) runs over the cleaned
  edges; the inside scale is clamped to [0, 1] (NaN -> 0);
* clamp ranges: integer and pow2 [1, 64], fractional_odd [1, 63], fractional_even [2, 64]; rounding: ceil
  (integer), next power of two (pow2), none (fractional);
* fractional_odd's inside factor below 3 becomes min(3, max of the edges for *Max, their average otherwise)
  ("picture frame"), and a 2D quad's axis below 3 and below the other axis then takes min(other, 3);
* isoline: detail per partitioning, density always integer.

Shader arithmetic flushes denormals (D3D11.3 §3.1.3), so a denormal edge factor counts as 0 and culls."""

from __future__ import annotations

import math

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.pipeline.hull import run_hull_shader

F32, U32 = np.float32, np.uint32
PARTS = ("integer", "pow2", "fractional_odd", "fractional_even")
CLAMP = {"integer": (1.0, 64.0), "pow2": (1.0, 64.0), "fractional_odd": (1.0, 63.0), "fractional_even": (2.0, 64.0)}


# --- the definition, with branches --------------------------------------------------------------------
def _f(x) -> float:
    """float32 rounding, denormals flushed to (signed) zero."""
    v = float(F32(x))
    return math.copysign(0.0, v) if v != 0 and abs(v) < 2.0 ** -126 else v


def _max(a: float, b: float) -> float:
    if math.isnan(b):
        return a
    if math.isnan(a):
        return b
    return a if a >= b else b


def _min(a: float, b: float) -> float:
    if math.isnan(b):
        return a
    if math.isnan(a):
        return b
    return a if a < b else b


def _clean(x: float) -> float:
    return 1.0 if math.isnan(x) or x < 1.0 else x


def _clamp(x: float, part: str) -> float:
    lo, hi = CLAMP[part]
    return _min(hi, _max(x, lo))


def _round_up(x: float, part: str) -> float:
    if part == "integer":
        return float(math.ceil(x)) if math.isfinite(x) else x
    if part == "pow2":
        if math.isinf(x):
            return x
        m, e = math.frexp(x)  # x = m * 2**e, m in [0.5, 1)
        return x if m == 0.5 else 2.0 ** e
    return x


def _scale(s: float) -> float:
    return 0.0 if math.isnan(s) or s < 0 else min(s, 1.0)


def _reduce(kind: str, vals: list[float]) -> float:
    if kind == "min":
        r = vals[0]
        for v in vals[1:]:
            r = _min(r, v)
        return r
    if kind == "max":
        r = vals[0]
        for v in vals[1:]:
            r = _max(r, v)
        return r
    acc = vals[0]
    for v in vals[1:]:
        acc = _f(acc + v)
    return _f(acc / len(vals))


def expected(domain: str, kind: str, part: str, raw: list[float], scale: list[float]):
    """(rounded edges, rounded inside, unrounded inside) — or, for the isoline, (detail, density)."""
    raw = [_f(x) for x in raw]
    scale = [_f(x) for x in scale]
    culled = any(not x > 0 for x in raw)
    rounds = part in ("integer", "pow2")
    if domain == "isoline":
        if culled:
            return [0.0], [0.0]
        detail = _clamp(_clean(raw[0]), part)
        if rounds:
            detail = _round_up(detail, part)
        density = _round_up(_clamp(_clean(raw[1]), "integer"), "integer")
        return [detail], [density]
    n_in = {"tri": 1, "quad": 2, "quad2d": 2}[domain]
    if culled:
        return [0.0] * len(raw), [0.0] * n_in, [0.0] * n_in
    c = [_clean(x) for x in raw]
    edges = [_clamp(_round_up(x, part), part) if rounds else _clamp(x, part) for x in c]
    if domain == "tri":
        groups = [c]
    elif domain == "quad":
        groups = [[c[1], c[3], c[0], c[2]]]
    else:
        groups = [[c[1], c[3]], [c[0], c[2]]]
    inside = [_clamp(_f(_reduce(kind, g) * _scale(s)), part) for g, s in zip(groups, scale, strict=False)]
    unrounded = list(inside)
    if rounds:
        inside = [_round_up(x, part) for x in inside]
        # a rounded odd factor is >= 3 and pow2 factors are even or 1: the picture frame never applies
    elif part == "fractional_odd":
        for a, g in enumerate(groups):
            if inside[a] < 3:
                frame = _min(3.0, _reduce("max" if kind == "max" else "avg", g))
                inside[a] = unrounded[a] = _clamp(frame, part)
        if domain == "quad2d":
            for a in (0, 1):
                if inside[a] < 3 and inside[a] < inside[1 - a]:
                    inside[a] = unrounded[a] = _min(inside[1 - a], 3.0)
    if domain == "quad":
        inside, unrounded = inside * 2, unrounded * 2
    return edges, inside, unrounded


# --- the shaders -------------------------------------------------------------------------------------------
_HELPER = {"tri": "ProcessTriTessFactors", "quad": "ProcessQuadTessFactors", "quad2d": "Process2DQuadTessFactors"}
_DOMAIN_ATTR = {"tri": "tri", "quad": "quad", "quad2d": "quad", "isoline": "isoline"}
_FACTORS = {"tri": "float edge[3] : SV_TessFactor; float inside : SV_InsideTessFactor;",
            "quad": "float edge[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor;",
            "isoline": "float edge[2] : SV_TessFactor;"}


def _source(domain: str, kind: str, part: str) -> str:
    n = {"tri": 3, "quad": 4, "quad2d": 4, "isoline": 2}[domain]
    if domain == "isoline":
        body = """float d, s; ProcessIsolineTessFactors(p[0].e.x, p[0].e.y, d, s);
                  o.r = float4(d, s, 0, 0); o.u = 0;"""
    else:
        ni = 1 if domain == "tri" else 2
        sc = "p[0].s.xy" if domain == "quad2d" else "p[0].s.x"
        body = f"""float{n} re; float{ni} ri, ui;
                  {_HELPER[domain]}{kind.capitalize()}(p[0].e.{'xyzw'[:n]}, {sc}, re, ri, ui);
                  o.r = 0; o.u = 0; o.r.{'xyzw'[:n]} = re; o.u.xy = ri; o.u.zw = ui;"""
    fac = _FACTORS["quad" if domain == "quad2d" else domain]
    sets = " ".join(f"o.edge[{i}] = 1;" for i in range(2 if domain == "isoline" else n))
    if domain == "tri":
        sets += " o.inside = 1;"
    elif domain != "isoline":
        sets += " o.inside[0] = 1; o.inside[1] = 1;"
    topo = "line" if domain == "isoline" else "triangle_cw"
    return f"""
struct CP {{ float4 e : E; float4 s : S; }};
struct PC {{ float4 r : R; float4 u : U; {fac} }};
PC pcf(InputPatch<CP, 1> p) {{ PC o; {body} {sets} return o; }}
[domain("{_DOMAIN_ATTR[domain]}")] [partitioning("{part}")] [outputtopology("{topo}")] [outputcontrolpoints(1)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 1> p, uint i : SV_OutputControlPointID) {{ return p[i]; }}
"""


def _run(domain: str, kind: str, part: str, edges: np.ndarray, scales: np.ndarray) -> np.ndarray:
    prog = blob_program(D3DCompile(_source(domain, kind, part), None, "t.hlsl", None, None, "main", "hs_5_0"))
    p = len(edges)
    cp = np.zeros((p, 1, 2, 4), F32)
    cp[:, 0, 0, :edges.shape[1]] = edges
    cp[:, 0, 1, :scales.shape[1]] = scales
    res = run_hull_shader(prog, None, cp.view(U32))
    # the struct's first two members: R in o0, U in o1 (asserted by the hand-computed cases below)
    return res.patch_constants[:, :2, :].view(F32).reshape(p, 8)


_SPECIALS = [float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1e-45, -1.0, 0.5, 1.0, 1.5, 2.0, 2.5, 2.999,
             3.0, 3.5, 4.0, 4.5, 5.0, 7.25, 8.0, 16.5, 33.0, 62.5, 63.0, 63.5, 64.0, 65.0, 1e30]


def _inputs(n_edges: int, n_scales: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    p = 160
    edges = rng.uniform(-1.0, 70.0, (p, n_edges)).astype(F32)
    low = rng.random((p, n_edges)) < 0.35  # many small factors: the picture-frame and parity cases
    edges[low] = rng.uniform(0.5, 4.0, int(low.sum())).astype(F32)
    pick = rng.random((p, n_edges)) < 0.2
    edges[pick] = np.array(_SPECIALS, F32)[rng.integers(0, len(_SPECIALS), int(pick.sum()))]
    scales = rng.uniform(-0.25, 1.25, (p, n_scales)).astype(F32)
    sp = rng.random((p, n_scales)) < 0.15
    scales[sp] = np.array([float("nan"), 0.0, 1.0, 0.5, -1.0, 2.0, float("inf")], F32)[
        rng.integers(0, 7, int(sp.sum()))]
    return edges, scales


def _same(got: float, want: float) -> bool:
    return (math.isnan(got) and math.isnan(want)) or got == want


_CASES = [(d, k, p) for d in ("tri", "quad", "quad2d") for k in ("avg", "max", "min") for p in PARTS] + \
         [("isoline", "", p) for p in PARTS]


@pytest.mark.parametrize(("domain", "kind", "part"), _CASES)
def test_helper_matches_the_definition(domain: str, kind: str, part: str):
    n_edges = {"tri": 3, "quad": 4, "quad2d": 4, "isoline": 2}[domain]
    n_scales = 2 if domain == "quad2d" else 1
    edges, scales = _inputs(n_edges, n_scales, hash((domain, kind, part)) % 1000)
    out = _run(domain, kind, part, edges, scales)
    for i in range(len(edges)):
        exp = expected(domain, kind, part, edges[i].tolist(), scales[i].tolist())
        if domain == "isoline":
            got = [[out[i, 0]], [out[i, 1]]]
        else:
            ni = 1 if domain == "tri" else 2
            got = [out[i, :n_edges].tolist(), out[i, 4:4 + ni].tolist(), out[i, 6:6 + ni].tolist()]
        for g, w in zip(got, exp, strict=True):
            assert all(_same(float(a), float(b)) for a, b in zip(g, w, strict=True)), \
                (edges[i], scales[i], got, exp)


# hand-computed from the rules above (edges 1.5, 2.2, 3.7: average 7.4/3 = 2.4666667)
_AVG = float(F32(F32(F32(1.5) + F32(2.2)) + F32(3.7)) / F32(3))


@pytest.mark.parametrize(("kind", "part", "scale", "edges", "inside", "unrounded"), [
    ("avg", "integer", 1.0, [2, 3, 4], 3.0, _AVG),
    ("avg", "pow2", 1.0, [2, 4, 4], 4.0, _AVG),
    ("avg", "fractional_even", 1.0, [2, 2.2, 3.7], _AVG, _AVG),
    ("avg", "fractional_odd", 1.0, [1.5, 2.2, 3.7], _AVG, _AVG),
    # scaled below 3 under fractional_odd: the picture frame ignores the scale
    ("avg", "fractional_odd", 0.5, [1.5, 2.2, 3.7], _AVG, _AVG),
    ("max", "fractional_odd", 0.5, [1.5, 2.2, 3.7], 3.0, 3.0),
    ("min", "fractional_odd", 0.5, [1.5, 2.2, 3.7], _AVG, _AVG),  # the Min helpers' frame is the average
    ("max", "integer", 0.5, [2, 3, 4], 2.0, float(F32(3.7) * F32(0.5))),
    ("min", "fractional_even", 0.5, [2, 2.2, 3.7], 2.0, 2.0),  # 0.75 clamps to the even minimum 2
])
def test_tri_hand_computed(kind: str, part: str, scale: float, edges: list, inside: float, unrounded: float):
    out = _run("tri", kind, part, np.array([[1.5, 2.2, 3.7]], F32), np.array([[scale]], F32))
    np.testing.assert_array_equal(out[0, :3], np.array(edges, F32))
    assert out[0, 4] == F32(inside)
    assert out[0, 6] == F32(unrounded)


def test_culled_patch_gives_zeros():
    out = _run("quad2d", "max", "integer", np.array([[4, 0, 4, 4], [4, 4, float("nan"), 4]], F32),
               np.ones((2, 2), F32))
    np.testing.assert_array_equal(out[:, :6], 0)
    np.testing.assert_array_equal(out[:, 6:], 0)


@pytest.mark.parametrize("profile", ["ps_5_0", "vs_5_0", "cs_5_0"])
def test_outside_a_hull_shader_is_rejected(profile: str):
    # the pages' shader-stage table lists Hull only
    src = """float4 main(float4 a : A) : SV_Target { float3 e; float i, u;
             ProcessTriTessFactorsAvg(a.xyz, 1, e, i, u); return float4(e, i); }"""
    if profile == "cs_5_0":
        src = """RWBuffer<float> b; [numthreads(1,1,1)] void main() { float3 e; float i, u;
                 ProcessTriTessFactorsAvg(float3(1,2,3), 1, e, i, u); b[0] = i; }"""
    with pytest.raises(D3D11Error, match="X4532"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", profile)


@pytest.mark.parametrize(("call", "n"), [
    ("ProcessTriTessFactorsAvg(p[0].e.xyz, 1, re, ri)", 4),
    ("ProcessIsolineTessFactors(1, 2, ri)", 3),
    ("ProcessQuadTessFactorsMax(p[0].e, 1, re4, r2, u2, ui)", 6),
])
def test_wrong_argument_count_is_x3013(call: str, n: int):
    src = f"""struct CP {{ float4 e : E; }};
struct PC {{ float edge[3] : SV_TessFactor; float inside : SV_InsideTessFactor; }};
PC pcf(InputPatch<CP, 1> p) {{ PC o; float3 re; float4 re4; float ri, ui; float2 r2, u2; {call};
  o.edge[0] = o.edge[1] = o.edge[2] = o.inside = 1; return o; }}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(1)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 1> p, uint i : SV_OutputControlPointID) {{ return p[i]; }}"""
    with pytest.raises(D3D11Error, match=f"X3013.*no matching {n} parameter"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")


# --- argument conversions (session 10 survivors, mutate.py seed 6) -------------------------------------------------
# Each page declares its parameters' types (Isoline: float, float, out float, out float; Tri: float3, float, out
# float3, out float, out float; Quad: float4, float, out float4, out float2, out float2; 2DQuad: float4, float2,
# out float4, out float2, out float2). Arguments of exactly those types convert nothing, so a call warns of
# nothing; a vector passed for a scalar parameter is the ordinary implicit truncation, fxc's warning X3206
# ("implicit truncation of vector type") — for that argument alone.
def _warnings(src: str) -> str:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0", 0, 0, msgs)
    return "".join(bytes(m).decode() for m in msgs)


@pytest.mark.parametrize(("domain", "kind"), [(d, k) for d in ("tri", "quad", "quad2d") for k in ("avg", "max", "min")]
                         + [("isoline", "")])
@pytest.mark.parametrize("part", PARTS)
def test_exact_argument_types_warn_of_nothing(domain: str, kind: str, part: str):
    assert _warnings(_source(domain, kind, part)) == ""


@pytest.mark.parametrize("args", ["p[0].e.xy, p[0].e.y", "p[0].e.x, p[0].e.yz"])
def test_isoline_vector_argument_is_truncated_with_x3206(args: str):
    src = _source("isoline", "", "integer").replace("ProcessIsolineTessFactors(p[0].e.x, p[0].e.y,",
                                                    f"ProcessIsolineTessFactors({args},")
    text = _warnings(src)
    assert text.count("X3206") == 1 and "implicit truncation" in text, text
