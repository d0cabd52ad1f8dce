"""HLSL rules that seed-20 mutants of session 16's compiler modules showed unguarded (docs/conformance.md, "Session 17,
helper MU7: the seed-20 round").

- A component of a swizzle of a memory row picked at run time (``sb[k].m[i].zx[1] = v``): the swizzle is a vector of
  as many components as it names (MicrosoftDocs "Per-Component Math Operations": a swizzle selects components, the
  result may be indexed like any vector); its index ``j`` names the swizzle's j-th component, and an index past the
  swizzle's last component is out of bounds — fxc's X3504 "array index out of bounds", as for the same index into a
  row (tests/test_hlsl_mem_component_lvalues.py). (exprs.py #896: `>=` → `>` let the index equal to the length
  through, an IndexError inside the compiler.)
- A user function named like an intrinsic joins that name's overload set (hlsl-specs [Overload]: a name declared
  with two or more different declarations in one scope is overloaded; the intrinsics are declarations of the global
  scope): a call the user declarations do not match still resolves to the intrinsic, and a call only they match
  goes to the user function. (inlining.py #5: the fallback to the intrinsic after the user overloads' X3013 was lost.)
- Non-finite parse-time uint constants convert as ftou (D3D11.3 22.13.4), in case labels and in array dimensions
  (constexpr.py ``_num`` without its base: hand mutation).
- X4603's varying analysis: uniform if/switch conditions, the second of two indexable temps (ifacevarying.py #19, #11).
"""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import dispatch_on_structured_uav
from test_hlsl_mem_component_lvalues import _HEAD, _run, _store_matrix

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

# (matrix type, statement with i = SV_GroupIndex = 0 on sb[2].m (zeroed first), components in row order)
_SWIZZLE_INDEX = [
    # row 1 of a uint2x3, its swizzle .zx = (m[1][2], m[1][0]); [1] is m[1][0]
    ("uint2x3", "sb[2].m[i + 1].zx[1] = 5;", [0, 0, 0, 5, 0, 0]),
    ("uint2x3", "sb[2].m[i].zy[0] = 6;", [0, 0, 6, 0, 0, 0]),
    ("row_major uint2x3", "sb[2].m[i + 1].yx[0] = 4;", [0, 0, 0, 0, 4, 0]),
    ("uint3x2", "sb[2].m[i + 2].yxy[1] = 9;", [0, 0, 0, 0, 9, 0]),
]


@pytest.mark.parametrize("mtype,stmt,expected", _SWIZZLE_INDEX)
def test_index_into_a_swizzle_of_a_run_time_row_names_that_component(mtype, stmt, expected):
    rows, cols = int(mtype[-3]), int(mtype[-1])
    src = (_HEAD % (mtype, 16 - rows * cols) + "[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {\n"
           f"  {mtype} z = ({mtype})0; sb[2].m = z;\n  {stmt}\n  {_store_matrix('sb[2].m', rows, cols)}\n}}")
    assert _run(src, rows * cols) == expected


@pytest.mark.backend_independent
@pytest.mark.parametrize("stmt", [
    "sb[2].m[i].zx[2] = 1;",  # .zx has components 0 and 1
    "sb[2].m[i + 1].xyz[3] = 1;",
    "sb[2].m[i].y[1] = 1;",  # a one-component swizzle has component 0 only
])
def test_index_past_the_swizzle_is_x3504(stmt):
    src = (_HEAD % ("uint2x3", 10) + "[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {\n" + stmt + "\n}")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "error X3504: array index out of bounds" in ei.value.errors


_OUT = "RWStructuredBuffer<uint> o : register(u0);\nstruct S { uint a; };\n"

# (user declarations, the stored expressions (o[0], o[1], ...), expected values)
_OVERLOADS = [
    # arity: the user's three-argument max does not match max(a, b), which is the intrinsic
    ("uint max(uint a, uint b, uint c) { return 100 + a; }", ["max(3u, 7u)", "max(1u, 2u, 3u)"], [7, 101]),
    ("float min(float a, float b, float c, float d) { return 50; }", ["(uint)min(4.0, 9.0)", "(uint)min(1, 2, 3, 4)"],
     [4, 50]),
    # a struct argument only the user's declaration takes; a uint only the intrinsic's
    ("uint countbits(S s) { return 77 + s.a; }", ["countbits(5u)", "countbits(s)"], [2, 78]),
    ("uint abs(S s) { return s.a * 3; }", ["(uint)abs(-6)", "abs(s)"], [6, 3]),
]


@pytest.mark.parametrize("decl,exprs,want", _OVERLOADS, ids=[d.split("(")[0] for d, _e, _w in _OVERLOADS])
def test_user_functions_named_like_intrinsics_only_add_overloads(decl, exprs, want):
    body = "".join(f"o[{k}] = {e}; " for k, e in enumerate(exprs))
    src = _OUT + decl + "\n[numthreads(1, 1, 1)] void main() { S s; s.a = 1; " + body + "}"
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    got = dispatch_on_structured_uav(cs, 4, len(exprs)).view(np.uint32).tolist()
    assert got == want


_CASE_HEAD = "RWStructuredBuffer<uint> o : register(u0);\n"

# A parse-time uint constant that is non-finite converts as ftou does (D3D11.3 22.13.4: +INF -> 0xFFFFFFFF, -INF
# and NaN -> 0), not as ftoi (+INF -> 0x7FFFFFFF): the case label is that uint. x = o[1] + k at run time (o[1] = 0).
_UINT_LABELS = [
    ("static const uint u = 1.#INF;", "u", "- 1", 5),  # x = 0xFFFFFFFF
    ("static const uint u = 1.#INF;", "u", "+ 0x7FFFFFFF", 9),  # x = 0x7FFFFFFF is not the label
    ("", "(uint)(-1.#INF)", "+ 0", 5),  # x = 0
    ("", "(uint)(1.#INF)", "- 1", 5),
    ("static const uint2 v = uint2(1.#INF, -1.#INF);", "v.y", "+ 0", 5),
]


@pytest.mark.parametrize("decl,label,offset,want", _UINT_LABELS)
def test_non_finite_uint_constants_are_ftou(decl, label, offset, want):
    src = (_CASE_HEAD + decl + "\n[numthreads(1, 1, 1)] void main() { uint x = o[1] " + offset + "; switch (x) { case "
           + label + ": o[0] = 5; break; default: o[0] = 9; break; } }")
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    assert int(dispatch_on_structured_uav(cs, 4, 2).view(np.uint32)[0]) == want


# The same conversion where the constant sizes an array (the parse-time evaluator's path, not the case label's):
# ftou(-INF) = 0 and ftou(+INF) = 0xFFFFFFFF, so u + 2 = 2 and 0xFFFFFFFF / 0x7FFFFFFF = 2 elements
@pytest.mark.parametrize("decl,dim", [
    ("static const uint u = -1.#INF;", "u + 2"),
    ("static const uint u = 1.#INF;", "u / 2147483647"),
    ("static const uint2 v = uint2(1.#INF, -1.#INF); static const uint u = v.y;", "u + 2"),
])
def test_non_finite_uint_constants_size_arrays_as_ftou(decl, dim):
    src = (_CASE_HEAD + decl + f"\nstatic const uint a[{dim}] = {{7, 8}};\n"
           "[numthreads(1, 1, 1)] void main() { o[0] = a[1]; }")
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    assert int(dispatch_on_structured_uav(cs, 4, 2).view(np.uint32)[0]) == 8


# X4603 (D3D11.3 §22.7.19 fcall restriction (1); tests/test_rules_hlsl_varying_interface_index.py states the rule):
# a variable assigned under flow control that a *uniform* value decides stays uniform (every invocation takes the
# same arm); a local array spilled to an indexable temp carries the variance of what was stored in it, whichever
# array it is. (ifacevarying.py #19 treated every if/switch as varying; #11 looked up the element number as the
# array number.)
_IFACE_BASE = """
interface IShade { float4 shade(); };
class cA : IShade { float4 k; float4 shade() { return k; } };
IShade g[4]; uint gi;
"""
_IFACE_PS = "float4 main(float4 p : SV_Position, uint i : IDX) : SV_Target { %s }"


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,varying", [
    ("uint k = gi; if (gi > 2) k = 1; return g[k].shade();", False),
    ("uint k = 0; switch (gi) { case 1: k = 2; break; default: k = 3; break; } return g[k].shade();", False),
    ("uint k = 0; switch (i) { case 1: k = 2; break; default: k = 3; break; } return g[k].shade();", True),
    # two arrays indexed at run time (x0 = b, x1 = a): the varying one is the second
    ("uint b[4] = {gi, 1, 2, 3}; uint a[4] = {i, 1, 2, 3}; return g[(a[gi] + b[gi]) & 3].shade();", True),
    ("uint b[4] = {gi, 1, 2, 3}; uint a[4] = {gi, 2, 1, 3}; return g[(a[gi] + b[gi]) & 3].shade();", False),
    ("uint b[4] = {i, 1, 2, 3}; uint a[4] = {gi, 2, 1, 3}; return g[a[gi] & 3].shade() + (float)b[gi];", False),
])
def test_varying_interface_index_flow_and_arrays(body, varying):
    src = _IFACE_BASE + _IFACE_PS % body
    if varying:
        with pytest.raises(ShaderCompileError, match="X4603"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    else:
        assert D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
