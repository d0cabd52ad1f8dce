"""Target refusals fxc judges after dead-code removal, and the refusals it makes where the code is written (issue 15,
session 36, helper AUD).

Every expected verdict (tests/data/fxc_dead_code_verdicts_s36.json: "ok", or the first error number) was recorded
from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under Wine, session 36
(``pyd3d11.tools.wine_d3dcompiler``), for the sources this file builds. Each construct is compiled three ways in
each stage and model: its value reaching the output ("live"), unused ("dead"), and behind a literal ``false ?:``
("folded"). The rules the table samples:

- an operation the target has no instruction for -- a derivative, ``clip``, an implicit-LOD method (Sample,
  SampleBias, SampleCmp, CalculateLevelOfDetail) outside a pixel shader, Gather at 4.0, GatherCmp below 5.0,
  SampleCmp of a texture array at 4.0, CalculateLevelOfDetail at 4.0, the coarse/fine derivatives below 5.0 --
  is X4532 "cannot map expression to <target> instruction set" only when its instruction survives dead-code
  removal (intrinsics.method, intrinsics.check_pixel_ops_elsewhere); MicrosoftDocs' method pages ("Shader Model 5"
  / ps_4_1 lists) say nothing of unused calls;
- an object the target lacks (TextureCubeArray at 4.0: X4539; a UAV outside cs below 5.0: X4585) is refused only
  when the object is still bound after dead-code removal (compiler._ObjectGate, deadres.py);
- a second UAV in cs_4_x is X4585 "maximum cs_4_0 UAV register index (1) exceeded", before the kinds' rules
  (D3D11.3 §18.7.2.5: a single UAV);
- a typed UAV load of an element that is not one 32-bit component below 5.0 is X3676 "typed UAV loads are only
  allowed for single-component 32-bit element types" where it is written, used or not; fxc 10.1 compiles it at 5.0;
- GatherCmpGreen/Blue/Alpha of a Texture2DArray or TextureCubeArray below 5.0 is X3535 "GatherGreen requires
  shader model 5 or higher" where written (of the other textures, X4532 after dead code);
- a texel offset that is no literal in [-8, 7] is X4566 "offset texture instructions must take offset which can
  resolve to integer literal in the range -8 to 7" only when the access survives, Gather's programmable offset
  below 5.0 X4532 (texops.imm_offset_suffix, texops' gather);
- a store or atomic to groupshared memory that nothing reads back is dead code (adce.py), and so is what feeds it;
- an Interlocked* function or method below shader model 5 is X3660 "<target> does not support interlocked
  operations" in every stage, before the destination's rule (featuregates.INTRINSICS, intrinsics.atomic);
- a uniform global object assigned, incremented or decremented is X3025 "global variables are implicitly constant,
  enable compatibility mode to allow modification", as a uniform value is (exprs.lvalue).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

EXPECTED: dict[str, str] = json.loads((Path(__file__).parent / "data" / "fxc_dead_code_verdicts_s36.json").read_text())

_DECL = "Texture2D t; Texture2DArray ta; TextureCube tc; SamplerState s; SamplerComparisonState sc;\n"
#: each stage's scaffold: {d} declarations, {b} the construct (p a float4 in scope, r its value), {k} what is kept
_SCAFFOLD = {
    "vs": "{d}float4 main(float4 p : P) : SV_Position {{ float4 r = 0; {b} return {k}; }}",
    "ps": "{d}float4 main(float4 p : P) : SV_Target {{ float4 r = 0; {b} return {k}; }}",
    "gs": "{d}struct V {{ float4 p : SV_Position; }};\n[maxvertexcount(1)] void main(point V i[1], inout "
          "PointStream<V> st) {{ float4 p = i[0].p; float4 r = 0; {b} V v; v.p = {k}; st.Append(v); }}",
    "ds": "{d}struct CP {{ float4 p : P; }}; struct PC {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; "
          "}};\n[domain(\"tri\")] float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> op) : "
          "SV_Position {{ float4 p = op[0].p; float4 r = 0; {b} return {k}; }}",
    "cs": "{d}RWStructuredBuffer<float4> o;\n[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{ "
          "float4 p = float4(id, 1); float4 r = 0; {b} o[0] = {k}; }}",
}
_TARGETS = {"vs": ["vs_4_0", "vs_4_1", "vs_5_0"], "ps": ["ps_4_0", "ps_4_1", "ps_5_0"], "gs": ["gs_4_0", "gs_5_0"],
            "ds": ["ds_5_0"], "cs": ["cs_4_0", "cs_4_1", "cs_5_0"]}
_USES = (("live", "p + r"), ("dead", "p"), ("folded", "p + (false ? r : 0)"))
_CALLS = {
    "ddx": "r.x = ddx(p.x);", "fwidth": "r = fwidth(p);", "ddy_fine": "r.y = ddy_fine(p.y);",
    "Sample": "r = t.Sample(s, p.xy);", "SampleBias": "r = t.SampleBias(s, p.xy, 0.5);",
    "SampleCmp": "r.x = t.SampleCmp(sc, p.xy, 0.5);", "SampleCmp_array": "r.x = ta.SampleCmp(sc, p.xyz, 0.5);",
    "CalculateLevelOfDetail": "r.x = t.CalculateLevelOfDetail(s, p.xy);",
    "Gather": "r = t.Gather(s, p.xy);", "GatherRed_cube": "r = tc.GatherRed(s, p.xyz);",
    "GatherCmp": "r = t.GatherCmp(sc, p.xy, 0.5);", "GatherCmpGreen": "r = tc.GatherCmpGreen(sc, p.xyz, 0.5);",
    "GatherCmpAlpha_array": "r = ta.GatherCmpAlpha(sc, p.xyz, 0.5);",
    "GatherCmpRed_array": "r = ta.GatherCmpRed(sc, p.xyz, 0.5);", "SampleLevel": "r = t.SampleLevel(s, p.xy, 0);",
}
#: texel offsets that are no literal in [-8, 7]: X4566 (X4532 for Gather's programmable offset below 5.0) only when
#: the access survives (texops.imm_offset_suffix)
_OFFSET_CALLS = {
    "load_cbuffer_offset": "r = t.Load(int3(0, 0, 0), k);", "load_runtime_offset": "r = t.Load(int3(0, 0, 0), int2(p.xy));",
    "load_offset_9": "r = t.Load(int3(0, 0, 0), int2(9, 0));", "sample_cbuffer_offset": "r = t.SampleLevel(s, p.xy, 0, k);",
    "sample_offset_minus_9": "r = t.SampleLevel(s, p.xy, 0, int2(-9, 0));",
    "gather_runtime_offset": "r = t.Gather(s, p.xy, k);", "gather_offset_8": "r = t.Gather(s, p.xy, int2(8, 0));",
    "load_unrolled_offset": "[unroll] for (int i = 0; i < 2; i++) r += t.Load(int3(0, 0, 0), int2(i, 0));",
    # a loop whose counter is an offset is unrolled first (X3582 "forcing loop to unroll")
    "load_loop_offset": "for (int i = 0; i < 2; i++) r += t.Load(int3(0, 0, 0), int2(i, 0));",
    "gather_loop_offset": "for (int i = 0; i < 2; i++) r += t.Gather(s, p.xy, int2(i, 0));",
    "load_loop_offset_10": "for (int i = 0; i < 10; i++) r += t.Load(int3(0, 0, 0), int2(i, 0));",
}
_OFFSET_TARGETS = {"vs": ["vs_4_0", "vs_5_0"], "ps": ["ps_4_0", "ps_4_1", "ps_5_0"], "cs": ["cs_4_0", "cs_5_0"]}
_OBJECTS = {
    "cubearray": ("TextureCubeArray tca; SamplerState s;\n", "r = tca.SampleLevel(s, p, 0);"),
    "cubearray_dims": ("TextureCubeArray tca;\n", "uint w, h, e; tca.GetDimensions(w, h, e); r.x = w;"),
    "rwstructured": ("RWStructuredBuffer<float4> u : register(u1);\n", "r = u[0];"),
    "rwbuffer_scalar": ("RWBuffer<float> u : register(u1);\n", "r = u[0];"),
    "rwbyteaddress": ("RWByteAddressBuffer u : register(u1);\n", "r.x = asfloat(u.Load(0));"),
}
_ELEMENTS = ("float", "uint", "int", "float2", "float4", "uint4", "min16float4", "unorm float4", "snorm float2")
_TYPED = (("RWBuffer", "0"), ("RWTexture2D", "uint2(0, 0)"), ("RWTexture3D", "uint3(0, 0, 0)"))
_TWO_UAVS = {
    "structured_structured": "RWStructuredBuffer<float> a; RWStructuredBuffer<float> b;",
    "typed_structured": "RWBuffer<float> a; RWStructuredBuffer<float> b;",
    "structured_raw": "RWStructuredBuffer<float> a; RWByteAddressBuffer b;",
    "three": "RWStructuredBuffer<float> a; RWStructuredBuffer<float> b; RWStructuredBuffer<float> c;",
}
_GROUPSHARED = {
    "store": "g[0] = p;", "store_indexed": "g[id.x] = p;", "atomic": "InterlockedAdd(u[0], 1);",
    "atomic_unused_original": "uint q; InterlockedAdd(u[1], 1, q);",
    "ddx_into_store": "g[0] = ddx(p);", "sample_into_store": "g[id.x] = t.Sample(s, p.xy);",
    "ddx_store_read": "g[id.x] = ddx(p); GroupMemoryBarrierWithGroupSync(); r = g[0];",
    "atomic_original_used": "u[id.x] = 0; uint q; InterlockedAdd(u[id.x], 1, q); r.x = q;",
    "two_arrays": "g[0] = ddx(p); h[id.x] = p; GroupMemoryBarrierWithGroupSync(); r = h[0];",
}


#: writes of a uniform global object: X3025 "global variables are implicitly constant" as for a uniform value
#: (exprs.lvalue); a static object may be written
_OBJECT_WRITES = {
    "assign_texture": ("", "g_t = t0;"), "assign_sampler": ("", "g_s = g_s2;"), "post_increment_texture": ("", "g_t++;"),
    "pre_increment_sampler": ("", "++g_s;"), "post_decrement_sampler": ("", "g_s--;"),
    "pre_decrement_texture": ("", "--g_t;"), "assign_static_texture": ("static Texture2D st;", "st = t0; r = st.Load(int3(0, 0, 0));"),
    "compound_sampler": ("", "g_s += 1;"), "assign_uniform_struct": ("struct S { float4 a; }; S gs;", "gs.a = 1;"),
}


#: Interlocked* below shader model 5: X3660 "<target> does not support interlocked operations", before the
#: destination's own rule, in every stage (featuregates.INTRINSICS; X3004 / X3000 before)
_ATOMICS = {
    "groupshared": "InterlockedAdd(g[0], 1);", "groupshared_original": "g[0] = 0; InterlockedOr(g[0], 1, q); r.x = q;",
    "uav": "InterlockedMax(o[0], 1u);", "compare_store": "InterlockedCompareStore(g[1], 1, 2);",
    "raw_method": "rb.InterlockedAdd(0, 1);", "local_destination": "InterlockedAdd(q, 1); r.x = q;",
    "exchange_local": "uint e; InterlockedExchange(q, 2, e); r.x = e;",
}


def _rows() -> list[tuple[str, str, str]]:
    """(row id, source, target) for every recorded row."""
    rows = []
    for name, call in _CALLS.items():
        for stage, targets in _TARGETS.items():
            for use, keep in _USES:
                src = _SCAFFOLD[stage].format(d=_DECL, b=call, k=keep)
                rows += [(f"{name}-{use}-{tg}", src, tg) for tg in targets]
    for name, call in _OFFSET_CALLS.items():
        for stage, targets in _OFFSET_TARGETS.items():
            for use, keep in _USES:
                src = _SCAFFOLD[stage].format(d=_DECL + "int2 k;\n", b=call, k=keep)
                rows += [(f"{name}-{use}-{tg}", src, tg) for tg in targets]
    for name, (d, b) in _OBJECTS.items():
        for stage in ("vs", "ps", "gs", "cs"):
            for use, keep in _USES:
                src = _SCAFFOLD[stage].format(d=d, b=b, k=keep)
                rows += [(f"{name}-{use}-{tg}", src, tg)
                         for tg in _TARGETS[stage][:2] + (["vs_5_0"] if stage == "vs" else [])]
    for elem in _ELEMENTS:
        tag = elem.replace(" ", "_")
        for kind, idx in _TYPED:
            for form, b in (("index", f"r.x = u[{idx}].x;"), ("load", f"r.x = u.Load({idx}).x;"),
                            ("compound", f"u[{idx}] += 1;")):
                src = (f"{kind}<{elem}> u;\n[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{ "
                       f"float4 p = float4(id, 1); float4 r = 0; {b} u[{idx}] = r.x + 2; }}")
                rows += [(f"typedload-{kind}-{tag}-{form}-{tg}", src, tg) for tg in ("cs_4_0", "cs_5_0")]
        for use, keep in _USES[:2]:
            src = _SCAFFOLD["ps"].format(d=f"RWBuffer<{elem}> u : register(u1);\n", b="r.x = u[0].x;", k=keep)
            rows += [(f"typedload-ps-{tag}-{use}-{tg}", src, tg) for tg in ("ps_4_0", "ps_5_0")]
    for name, d in _TWO_UAVS.items():
        uses = "a[0] = 1; " + ("b.Store(0, 1); " if "ByteAddress" in d else "b[0] = 1; ") + \
            ("c[0] = 1;" if "c;" in d else "")
        for dead in (False, True):
            body = uses if not dead else f"a[0] = 1; float4 x = 0; if (false) {{ {uses} }}"
            src = f"{d}\n[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{ {body} }}"
            rows += [(f"uavs-{name}-{'dead' if dead else 'live'}-{tg}", src, tg) for tg in ("cs_4_0", "cs_4_1", "cs_5_0")]
    for name, (d, b) in _OBJECT_WRITES.items():
        src = ("Texture2D t0; SamplerState g_s; SamplerState g_s2; Texture2D g_t;\n" + d +
               f"\nfloat4 main() : SV_Target {{ float4 r = 0; {b} return r; }}")
        rows += [(f"objwrite-{name}-{tg}", src, tg) for tg in ("ps_4_0", "ps_5_0")]
    for name, b in _ATOMICS.items():
        cs = ("groupshared uint g[4]; RWStructuredBuffer<uint> o; RWByteAddressBuffer rb;\n[numthreads(1, 1, 1)] "
              f"void main(uint3 id : SV_DispatchThreadID) {{ uint q = 0; float4 r = 0; {b} o[1] = (uint)r.x; }}")
        # (a local destination at 5.0 is fxc's X3549 "interlocked targets must be groupshared or UAV elements":
        # X3000 here, not built; those rows are left out)
        five = ("cs_5_0",) if "local" not in name else ()
        rows += [(f"atomic-{name}-{tg}", cs, tg) for tg in ("cs_4_0", "cs_4_1", *five)]
        if "g[" not in b:
            ps = ("RWStructuredBuffer<uint> o : register(u1); RWByteAddressBuffer rb : register(u2);\n"
                  f"float4 main(float4 p : P) : SV_Target {{ uint q = 0; float4 r = 0; {b} return p + r; }}")
            rows += [(f"atomic-{name}-{tg}", ps, tg) for tg in ("ps_4_0", *(("ps_5_0",) if five else ()))]
    for name, b in _GROUPSHARED.items():
        src = ("Texture2D t; SamplerState s; groupshared float4 g[4]; groupshared float4 h[4]; groupshared uint u[4];\n"
               "RWStructuredBuffer<float4> o;\n[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { "
               f"float4 p = float4(id, 1); float4 r = 0; {b} o[0] = r; }}")
        rows.append((f"groupshared-{name}-cs_5_0", src, "cs_5_0"))
    return rows


ROWS = _rows()


def _verdict(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        return "ok"
    except D3D11Error as exc:
        codes = re.findall(r"error (X\d+)", getattr(exc, "errors", "") or str(exc))
        return codes[0] if codes else "fail"


def test_every_row_has_its_recorded_verdict() -> None:
    assert sorted(r[0] for r in ROWS) == sorted(EXPECTED)


@pytest.mark.parametrize("rid,src,target", ROWS, ids=[r[0] for r in ROWS])
def test_fxc_dead_code_verdicts(rid: str, src: str, target: str) -> None:
    assert _verdict(src, target) == EXPECTED[rid]


@pytest.mark.parametrize("src,target,words", [
    (_SCAFFOLD["vs"].format(d=_DECL, b=_CALLS["Sample"], k="p + r"), "vs_5_0",
     "error X4532: cannot map expression to vs_5_0 instruction set"),
    (_SCAFFOLD["cs"].format(d=_DECL, b=_CALLS["GatherCmpAlpha_array"], k="p"), "cs_4_1",
     "error X3535: GatherAlpha requires shader model 5 or higher"),
    ("RWStructuredBuffer<float> a; RWStructuredBuffer<float> b;\n[numthreads(1, 1, 1)] void main() { a[0] = 1; "
     "b[0] = 2; }", "cs_4_0", "error X4585: maximum cs_4_0 UAV register index (1) exceeded"),
    ("RWBuffer<float4> u;\n[numthreads(1, 1, 1)] void main() { float4 c = u[0]; }", "cs_4_0",
     "error X3676: typed UAV loads are only allowed for single-component 32-bit element types"),
])
def test_fxc_words(src: str, target: str, words: str) -> None:
    with pytest.raises(D3D11Error) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    assert words in info.value.errors


def test_dead_groupshared_memory_is_not_declared() -> None:
    """fxc 10.1's listing of ``g[0] = p; h[id.x] = p; ... r = h[0];`` declares h alone, as g0 (session 36)."""
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    src = dict((r[0], r[1]) for r in ROWS)["groupshared-two_arrays-cs_5_0"].replace("g[0] = ddx(p); ", "g[0] = p; ")
    listing = compile_hlsl(src, "t.hlsl", "main", "cs_5_0").listing
    assert [ln.split(",")[0] for ln in listing.splitlines() if ln.startswith("dcl_tgsm")] == ["dcl_tgsm_raw g0"]
    assert "g1" not in listing


def test_a_returned_atomic_keeps_the_stores_before_it() -> None:
    """An ``imm_atomic_*`` whose result is used reads its memory: the store before it stays (fxc 10.1's listing of
    ``u[id.x] = 0; InterlockedAdd(u[id.x], 1, q);`` keeps both), while a lone store is dead."""
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    src = dict((r[0], r[1]) for r in ROWS)["groupshared-atomic_original_used-cs_5_0"]
    ops = [ln.split()[0] for ln in compile_hlsl(src, "t.hlsl", "main", "cs_5_0").listing.splitlines()]
    assert ops.index("store_structured") < ops.index("imm_atomic_iadd")
    lone = src.replace("uint q; InterlockedAdd(u[id.x], 1, q); r.x = q;", "")
    assert "dcl_tgsm" not in compile_hlsl(lone, "t.hlsl", "main", "cs_5_0").listing


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs Wine and d3dcompiler_47.dll")
def test_recorded_rows_are_the_live_dll_answers() -> None:
    real = wine_d3dcompiler.shared()
    for rid, src, target in ROWS:
        r = real.compile(src, target, "main", name="t.hlsl")
        found = re.findall(r"error (X\d+)", r.messages)
        assert ("ok" if r.ok else found[0] if found else "fail") == EXPECTED[rid], rid
