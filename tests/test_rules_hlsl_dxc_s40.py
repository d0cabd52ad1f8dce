"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 4 (session 40,
helper ACC; issue 15): the corpus differential (``python -m pyd3d11.tools.dxc_corpus --real``) and the per-line
run of DXC's SemaHLSL tests (``python -m pyd3d11.tools.dxc_sema_lines``: every line a test marks as an error
restored alone into a base program fxc compiles, judged by fxc and by this compiler).

Every expected verdict (``ok`` or fxc's first error number) in tests/data/fxc10_verdicts_acc40.json was recorded
from d3dcompiler_47 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below
build; the rows cover each rule's extent, not only the lines that showed it:

* compound bit operators: ``b op= x`` with ``op`` one of ``& | ^ << >>`` checks the operands' common type before
  the bool l-value: ``bools <<= floats`` is X3082 "int or unsigned int type required", ``bools <<= ints`` and
  ``bools += floats`` X3020 "operator cannot be used with a bool lvalue" (DXC scalar-operators-assign).
* ``AddUint64(a, b)`` (no MicrosoftDocs page; fxc 10.1 knows it -- DXC AddUint64, AddUint64Odd): two numeric
  non-matrix arguments made uint vectors, a scalar taking the other's length and two vectors the shorter one's;
  X3535 for a length other than 2 or 4 and below shader model 5 (the latter in unused code too); fxc's code is
  ``uaddc`` and ``iadd`` per 64-bit pair, the values checked below against 64-bit sums (fxc's own objects gave
  the same words on this runtime, session 40).
* ``[RootSignature("...")]`` below shader model 5 (X4615) is judged between fxc's front end and its code
  generation: the type rules (X3004, X3013, X3017, X3018, X3020, X3025), attribute and declaration checks (X3084,
  X3655, X3524, X3076, X3530, a maximum vertex count's X3514) come first; the entry point's signature (X4502,
  X3502, X3503), a geometry shader's parameters (X3513, X3507), X3504, X4010, X3512, X3500, X3660, X3511 and
  cs_4_0's groupshared rule after -- DXC's MiniEngine / RootSignature samples at 4.0 (48 jobs).
* cs_4_x's groupshared rule (a thread stores only at its own element, indexed by SV_GroupIndex) is fxc's X3668
  "stores to group shared memory for cs_4_0 targets must be indexed by an SV_GroupIndex only" (was X3000).
* a function (or class method) given a second body of the same signature is fxc's X3003 "redefinition of 'f'"
  (was X3083 "function already has a body", which fxc 10.1 prints for none of these).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, dll_verdict, named_params

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.tools import wine_d3dcompiler

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc40.json"


def _verdict(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
        return "ok"
    except ShaderCompileError as e:
        m = re.search(r"error (X\d{4})", e.errors or str(e))
        return m.group(1) if m else "fail"


# --- compound bit operators on bool targets --------------------------------------------------------------------
_PS = "float4 main(float4 v : A, int4 iv : B, uint4 uv : C) : SV_Target {{ {body} return v; }}"
_TARGETS = {"bool": "bool t = v.x;", "bool2": "bool2 t = v.xy;", "bool2x2": "bool2x2 t = (bool2x2)v;",
            "int": "int t = iv.x;", "uint2": "uint2 t = uv.xy;", "float": "float t = v.x;"}
_RIGHTS = {"float": "v.y", "half": "(half)v.y", "double": "(double)v.y", "min16float": "min16float(v.y)",
           "lit_float": "1.5", "int": "iv.y", "uint": "uv.y", "bool": "true", "lit_int": "2",
           "float2": "v.xy", "float4": "v", "int2": "iv.xy", "float2x2": "(float2x2)v"}


def compound_rows() -> list[tuple[str, str, str]]:
    rows = []
    for tn, decl in _TARGETS.items():
        for op in ("&=", "|=", "^=", "<<=", ">>=", "+=", "%="):
            for rn, rhs in _RIGHTS.items():
                if tn not in ("bool", "bool2") and rn not in ("float", "int", "lit_float", "float2"):
                    continue
                name = f"compound_{tn}_{op[:-1]}_{rn}".replace("<<", "shl").replace(">>", "shr") \
                    .replace("&", "and").replace("|", "or").replace("^", "xor").replace("+", "add").replace("%", "mod")
                rows.append((name, "ps_5_0", _PS.format(body=f"{decl} t {op} {rhs}; v.x += (float)t;"
                                                    if tn in ("bool", "int", "float") else f"{decl} t {op} {rhs};")))
    # the same statement folded on constants (the l-value is a static const) and in a function nothing calls
    rows += [("compound_static_const_bool_shl_float", "ps_5_0",
              "static const bool k = true; float4 main(float4 v : A) : SV_Target { k <<= 1.5; return v; }"),
             ("compound_uncalled_bool_and_float", "ps_5_0",
              "void f(float x) { bool b = x; b &= x; } float4 main(float4 v : A) : SV_Target { return v; }")]
    return rows


# --- AddUint64 --------------------------------------------------------------------------------------------------
_ADD = "float4 main(uint4 a : A, uint4 b : B, int4 i : I, float4 f : F) : SV_Target {{ {body} }}"
ADD_UINT64 = {
    "u2": "return AddUint64(a.xy, b.xy).xyxy;", "u4": "return AddUint64(a, b);", "u3": "return AddUint64(a.xyz, b.xyz).xyzz;",
    "u1": "return AddUint64(a.x, b.x);", "i2": "return AddUint64(i.xy, i.zw).xyxy;", "f2": "return AddUint64(f.xy, f.zw).xyxy;",
    "u2i2": "return AddUint64(a.xy, i.xy).xyxy;", "u2u4": "return AddUint64(a.xy, b).xyxy;",
    "u4u2": "return AddUint64(a, b.xy).xyxy;", "u3u2": "return AddUint64(a.xyz, b.xy).xyxy;",
    "u4u3": "return AddUint64(a, b.xyz).xyzz;", "u1u2": "return AddUint64(a.x, b.xy).xyxy;",
    "u1u4": "return AddUint64(a.x, b);", "ret_u4": "uint4 r = AddUint64(a.xy, b); return r;",
    "args1": "return AddUint64(a.xy).xyxy;", "args3": "return AddUint64(a.xy, b.xy, a.xy).xyxy;",
    "unused": "AddUint64(a.xy, b.xy); return a;", "unused_u3": "AddUint64(a.xyz, b.xyz); return a;",
    "bool2": "return AddUint64(bool2(a.xy), bool2(b.xy)).xyxy;", "mat": "return AddUint64((uint2x2)a, (uint2x2)b)[0].xyxy;",
    "u1x2": "return AddUint64((uint1x2)a.xy, (uint1x2)b.xy)[0].xyxy;", "half2": "return AddUint64((half2)f.xy, (half2)f.zw).xyxy;",
    "min16u2": "return AddUint64((min16uint2)a.xy, (min16uint2)b.xy).xyxy;", "intlit": "return AddUint64(1, 2).xxxx;",
    "onelit": "return AddUint64(a.xy, uint2(1, 2)).xyxy;", "static_const": "static const uint2 k = uint2(1, 2); "
    "return AddUint64(k, a.xy).xyxy;", "struct": "struct S { uint2 x; } s; s.x = a.xy; return AddUint64(s, s).xyxy;",
    "lowercase": "return adduint64(a.xy, b.xy).xyxy;",
}


def add_uint64_rows() -> list[tuple[str, str, str]]:
    rows = [(f"add64_{n}", "ps_5_0", _ADD.format(body=b)) for n, b in ADD_UINT64.items()]
    for n in ("u2", "u4", "u3", "args1", "mat", "unused"):
        rows.append((f"add64_{n}_ps40", "ps_4_0", _ADD.format(body=ADD_UINT64[n])))
    rows += [("add64_cs40", "cs_4_0", "RWBuffer<uint2> o; [numthreads(1, 1, 1)] void main(uint3 t : "
              "SV_DispatchThreadID) { o[0] = AddUint64(t.xy, t.yz); }"),
             ("add64_vs50", "vs_5_0", "float4 main(uint4 a : A) : SV_Position { return AddUint64(a.xy, a.zw).xyxy; }"),
             ("add64_uncalled_float", "ps_5_0", "float2 g(float2 x) { return AddUint64(x, x); } "
              "float4 main(float4 a : A) : SV_Target { return a; }")]
    return rows


# --- X4615 against the other errors ------------------------------------------------------------------------------
_V = "struct V { float4 p : SV_Position; }; "
#: (name, target, source with ``{R}`` where the attribute goes)
ROOTSIG = [
    ("x3004", "ps_4_0", "{R}float4 main() : SV_Target { return zz; }"),
    ("x3004_called", "ps_4_0", "float f() { return zz; } {R}float4 main() : SV_Target { return f(); }"),
    ("x3013", "ps_4_0", "{R}float4 main() : SV_Target { return dot(1); }"),
    ("x3017", "ps_4_0", "struct S { float a; }; {R}float4 main() : SV_Target { S s = (S)0; float4 v = s; return v; }"),
    ("x3018", "ps_4_0", "{R}float4 main(float4 p : P) : SV_Target { return p.q; }"),
    ("x3020", "ps_4_0", "{R}float4 main(float4 p : P) : SV_Target { bool b = p.x; b += 1; return p; }"),
    ("x3025", "ps_4_0", "float c; {R}float4 main() : SV_Target { c = 1; return c; }"),
    ("x3084", "cs_4_0", "{R}void main() {}"),
    ("x3655", "cs_4_0", "{R}[numthreads(2000,1,1)] void main() {}"),
    ("x3524", "ps_4_0", "{R}[earlydepthstencil][earlydepthstencil] float4 main() : SV_Target { return 0; }"),
    ("x3076", "ps_4_0", "void f() : SV_Target {} {R}float4 main() : SV_Target { f(); return 0; }"),
    ("x3530", "ps_4_0", "Texture2D t : register(b0); {R}float4 main() : SV_Target { return t.Load(int3(0,0,0)); }"),
    ("x3514_maxvc", "gs_4_0", _V + "{R}[maxvertexcount(0)] void main(point V i[1], inout PointStream<V> s) "
     "{ s.Append(i[0]); }"),
    ("x3513", "gs_4_0", _V + "{R}[maxvertexcount(1)] void main(point V i, inout PointStream<V> s) { s.Append(i); }"),
    ("x3507", "gs_4_0", _V + "{R}[maxvertexcount(1)] void main(point V i[1], out V o) { o = i[0]; }"),
    ("x3514_stream", "gs_4_0", _V + "{R}[maxvertexcount(1)] void main(point V i[1], PointStream<V> s) "
     "{ s.Append(i[0]); }"),
    ("x3514_specifier", "gs_4_0", _V + "{R}[maxvertexcount(1)] void main(point line V i[1], inout PointStream<V> s) "
     "{ s.Append(i[0]); }"),
    ("x3503", "ps_4_0", "{R}float4 main() { return 0; }"),
    ("x3502", "ps_4_0", "{R}float4 main(float4 p) : SV_Target { return p; }"),
    ("x4502_in", "ps_4_0", "{R}float4 main(float4 p : SV_Foo) : SV_Target { return p; }"),
    ("x4502_out", "ps_4_0", "{R}float4 main() : SV_Foo { return 0; }"),
    ("x3660", "cs_4_0", "RWByteAddressBuffer b; [numthreads(1,1,1)] {R}void main() { b.InterlockedAdd(0, 1); }"),
    ("x4532", "ps_4_0", "Texture2DArray t; SamplerState s; {R}float4 main(float4 p : P) : SV_Target "
     "{ return t.Gather(s, p.xyz); }"),
    ("groupshared_cs40", "cs_4_0", "groupshared float g[4]; RWStructuredBuffer<float> o; [numthreads(4,1,1)] {R}"
     "void main(uint i : SV_GroupIndex) { g[(i + 1) & 3] = i; o[i] = g[i]; }"),
    ("x3512", "ps_4_0", "Texture2D t[2]; {R}float4 main(uint i : I) : SV_Target { return t[i].Load(int3(0,0,0)); }"),
    ("x4000", "ps_4_0", "{R}float4 main() : SV_Target { float4 v; return v; }"),
    ("x3080", "ps_4_0", "{R}float4 main() : SV_Target { }"),
    ("x3500_recursion", "ps_4_0", "float f(float x); float f(float x) { return x > 0 ? f(x - 1) : 0; } "
     "{R}float4 main(float4 p : P) : SV_Target { return f(p.x); }"),
    ("x4566", "ps_4_0", "Texture2D t; SamplerState s; {R}float4 main(int2 o : O) : SV_Target "
     "{ return t.Sample(s, float2(0,0), o); }"),
    ("x3511", "ps_4_0", "float c; {R}float4 main() : SV_Target { float v = 0; [unroll] for (int i = 0; i < c; i++) "
     "v += i; return v; }"),
    ("x3504", "ps_4_0", "{R}float4 main(float4 p : P) : SV_Target { float a[2] = {1,2}; return a[3]; }"),
    ("x4010", "ps_4_0", "{R}float4 main(uint4 p : P) : SV_Target { return p / 0u; }"),
    ("x3696", "ps_4_0", "{R}float4 main(float4 p : P) : SV_Target { while (true) { p.x += 1; } return p; }"),
    ("x4576", "ps_4_0", "{R}float4 main(centroid uint b : B) : SV_Target { return b; }"),
    ("x4509_uav", "ps_4_0", "RWTexture2D<float> u; {R}float4 main() : SV_Target { u[uint2(0,0)] = 1; return 0; }"),
    ("ok", "ps_4_0", "{R}float4 main() : SV_Target { return 0; }"),
    ("x3503_level9", "ps_4_0_level_9_1", "{R}float4 main() { return 0; }"),
    ("x3503_ps30", "ps_3_0", "{R}float4 main() { return 0; }"),
    ("x4502_vs40", "vs_4_0", "{R}float4 main() : SV_Foo { return 0; }"),
    ("x3503_ps50", "ps_5_0", "{R}float4 main() { return 0; }"),
]


def rootsig_rows() -> list[tuple[str, str, str]]:
    rows = []
    for name, target, src in ROOTSIG:
        rows.append((f"rootsig_{name}", target, src.replace("{R}", '[RootSignature("")] ')))
        rows.append((f"rootsig_{name}_without", target, src.replace("{R}", "")))
    return rows


_GS4 = ("groupshared float g[4]; RWStructuredBuffer<float> o; [numthreads(4,1,1)] void main(uint i : SV_GroupIndex, "
        "uint3 t : SV_GroupThreadID) {{ {b} o[i] = g[i]; }}")
GS4 = {"plus1": "g[(i + 1) & 3] = i;", "lit": "g[0] = 1;", "own": "g[i] = i;", "tid": "g[t.x] = i;",
       "reassigned": "uint j = i; g[j] = 1; j = 0; g[j] = 2;", "cond": "if (i == 0) g[1] = 1;",
       "own2": "g[i] = i; g[i] += 1;"}


def groupshared_rows() -> list[tuple[str, str, str]]:
    return [(f"gs4_{n}_{t}", t, _GS4.format(b=b)) for n, b in GS4.items() for t in ("cs_4_0", "cs_4_1", "cs_5_0")]


_M = " float4 main() : SV_Target { return f(); }"
REDEFINITION = {
    "same": "float f() { return 1; } float f() { return 2; }" + _M,
    "proto_then_two": "float f(); float f() { return 1; } float f() { return 2; }" + _M,
    "param_same": "float f(float x) { return 1; } float f(float x) { return 2; }" + _M.replace("f()", "f(1)"),
    "param_renamed": "float f(float x) { return 1; } float f(float y) { return 2; }" + _M.replace("f()", "f(1)"),
    "return_differs": "float f() { return 1; } int f() { return 2; }" + _M,
    "uncalled": "float h() { return 1; } float h() { return 2; } float4 main() : SV_Target { return 0; }",
    "semantic_differs": "float f() : A { return 1; } float f() { return 2; }" + _M,
    "main_twice": "float4 main() : SV_Target { return 0; } float4 main() : SV_Target { return 1; }",
    "out_twice": "void g(out uint u) { u = 1; } void g(out uint u) { u = 2; } float4 main() : SV_Target { return 0; }",
    "class_method": "class K { float f() { return 1; } float f() { return 2; } }; "
                    "float4 main() : SV_Target { return 0; }",
    "cbuffer_function": "cbuffer C { float4 v; float4 f() { return v; } };\nfloat4 f() { return 2; }" + _M,
    "cbuffer_main": "float4 main() : SV_Target { return 0; }\ncbuffer C { float4 v; float4 main() : SV_Target "
                    "{ return v; } };",
    "inout_and_value": "float f(inout float x) { return 1; } float f(float x) { return 2; }" + _M.replace("f()", "f(1)"),
    "half_and_float": "float f(half x) { return 1; } float f(float x) { return 2; }" + _M.replace("f()", "f(1)"),
}


def redefinition_rows() -> list[tuple[str, str, str]]:
    return [(f"redef_{n}", "ps_5_0", src) for n, src in REDEFINITION.items()]


def all_rows() -> list[tuple[str, str, str]]:
    rows = compound_rows() + add_uint64_rows() + rootsig_rows() + groupshared_rows() + redefinition_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails): fxc raises AddUint64's length error only for a
#: call that survives dead code (``AddUint64(a.xyz, b.xyz);`` alone compiles); intrinsics_extra raises it at the call.
#: fxc compiles an entry point defined again inside a cbuffer (ours: X3003) and finds ``f(1)`` ambiguous between
#: ``f(half)`` and ``f(float)`` (X3067; ours takes f(float))
KNOWN_DIFFERENCES: frozenset[str] = frozenset({"add64_unused_u3", "redef_cbuffer_main", "redef_half_and_float"})


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    return named_params(all_rows(), _recorded(), KNOWN_DIFFERENCES, flags=False)


@pytest.mark.parametrize("src, target, expected", _params())
def test_verdict_matches_fxc(src, target, expected):
    assert _verdict(src, target) == expected


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())


def test_add_uint64_of_constants_is_not_built():
    """fxc 10.1 aborts on two constant arguments ("internal error: compilation aborted unexpectedly", no number)."""
    from pyd3d11.errors import NotSupportedError

    with pytest.raises(NotSupportedError, match="AddUint64"):
        D3DCompile(_ADD.format(body="return AddUint64(uint2(1, 2), uint2(3, 4)).xyxy;"), None, "t.hlsl", None, None,
                   "main", "ps_5_0", 0, 0)


@pytest.mark.parametrize("body", ["return AddUint64(a, b);", "return AddUint64(a.zw, b.yx).xyxy;",
                                  "return AddUint64(a.x, b.zw).xyxy;",
                                  "return AddUint64(a.xy, uint2(0xffffffff, 7)).xyxy;"])
def test_add_uint64_values(body):
    """Each (x, y) pair is the 64-bit number y:x; the sum wraps at 2^64 (carries chosen to cross the low word)."""
    import numpy as np

    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.exec import run_program
    from pyd3d11.tools.optdiff import _program

    src = "uint4 main(uint4 a : A, uint4 b : B) : SV_Target { " + body + " }"
    blob = bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0)))
    rng = np.random.default_rng(40)
    a = rng.integers(0, 2**32, (4, 4), dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, (4, 4), dtype=np.uint64).astype(np.uint32)
    a[0], b[0] = [0xFFFFFFFF, 5, 0xFFFFFFF0, 0xFFFFFFFF], [1, 6, 0x20, 0xFFFFFFFF]
    inputs = np.zeros((32, 4, 4), np.uint32)
    inputs[0], inputs[1] = a, b
    got = run_program(_program(blob), 4, inputs=inputs).outputs[0].astype(np.uint32)

    def add(x: np.ndarray, y: np.ndarray) -> list[int]:
        s = (int(x[0]) | int(x[1]) << 32) + (int(y[0]) | int(y[1]) << 32)
        return [s & 0xFFFFFFFF, (s >> 32) & 0xFFFFFFFF]

    for k in range(4):
        if body == "return AddUint64(a, b);":
            want = add(a[k, :2], b[k, :2]) + add(a[k, 2:], b[k, 2:])
        elif "a.zw" in body:
            want = add(a[k, 2:], b[k, [1, 0]]) * 2
        elif "a.x," in body:
            want = add(a[k, [0, 0]], b[k, 2:]) * 2
        else:
            want = add(a[k, :2], np.array([0xFFFFFFFF, 7], np.uint32)) * 2
        assert [int(x) for x in got[k]] == want


def record(real) -> dict[str, str]:
    """Every row's verdict from the live DLL (``real``: a WineD3DCompiler), to write the recorded table again."""
    return {name: dll_verdict(real.compile(src, target, "main", 0, 0, None, "t.hlsl"), "fail")
            for name, target, src in all_rows()}


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_verdicts_match_the_live_dll():
    """Re-records every row with the live d3dcompiler_47.dll ($PYD3D11_D3DCOMPILER_DLL)."""
    rec = _recorded()
    check_live_table([(src, target, 0, rec.get(name)) for name, target, src in all_rows()], no_number="fail",
                     name="t.hlsl")
