"""X4603 ERR_VARYING_INDEXED_INTERFACE, "Interface calls can't be indexed with varying values" (MicrosoftDocs
"HLSL errors and warnings"), from D3D11.3 §22.7.19 (fcall) restriction (1): a dynamically indexed interface
call whose index differs between adjacent invocations is undefined, and the compiler disallows it; flow control
alone is fine ("simply inactive due to flow control").

Varying, by that definition: shader inputs and system values (a pixel's position, a compute thread's ID) --
not SV_GroupID, one value per thread group --, memory other invocations write (UAVs), a texture read at a
varying address, values computed from these, and variables given values under control flow such a value
decides (an ``if``, a loop's trip count). Uniform: constant buffers, literals, texture reads at a uniform
address. fxc's wording and its exact analysis are not recorded: the code only is pinned (inferred)."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compile-time rules: nothing runs (checked by tests/conftest.py)

BASE = """
interface IShade { float4 shade(); };
class cA : IShade { float4 k; float4 shade() { return k; } };
IShade g[4]; uint gi; Texture2D<uint> tx; RWStructuredBuffer<uint> ub;
"""
PS = "float4 main(float4 p : SV_Position, uint i : IDX) : SV_Target { %s }"
CS = "[numthreads(4, 1, 1)] void main(uint3 t : SV_DispatchThreadID, uint3 gid : SV_GroupID) { %s }"

CASES = [  # (name, stage, body, varying)
    ("constant buffer", PS, "return g[gi].shade();", False),
    ("literal", PS, "return g[2].shade();", False),
    ("input", PS, "return g[i].shade();", True),
    ("position", PS, "return g[(uint)p.x & 3].shade();", True),
    ("computed from an input", PS, "uint k = gi; k += i; return g[k].shade();", True),
    ("assigned under a varying if", PS, "uint k = gi; if (p.x > 2) k = 1; return g[k].shade();", True),
    ("uniform index inside a varying if", PS, "float4 r = 0; if (i > 2) r = g[gi].shade(); return r;", False),
    ("texture at a uniform address", PS, "return g[tx.Load(int3(0, 0, 0))].shade();", False),
    ("texture at a varying address", PS, "return g[tx.Load(int3(p.xy, 0))].shade();", True),
    ("UAV element", PS, "return g[ub[0]].shade();", True),
    ("counted by a varying loop", PS,
     "uint k = 0; [loop] for (uint j = 0; j < i; j++) k++; return g[k & 3].shade();", True),
    ("counted by a uniform loop", PS,
     "uint k = 0; [loop] for (uint j = 0; j < gi; j++) k++; return g[k & 3].shade();", False),
    ("another component of the vector varies", PS,
     "uint2 k = uint2(gi, i); return g[k.x].shade() + (float)k.y;", False),
    ("thread ID", CS, "ub[t.x] = (uint)g[t.x & 3].shade().x;", True),
    ("group ID", CS, "ub[t.x] = (uint)g[gid.x & 3].shade().x;", False),
    ("constant buffer in a compute shader", CS, "ub[t.x] = (uint)g[gi].shade().x;", False),
]


@pytest.mark.parametrize(("name", "stage", "body", "varying"), CASES, ids=[c[0] for c in CASES])
def test_indexed_interface_call_with_a_varying_index_is_x4603(name, stage, body, varying):
    target = "cs_5_0" if stage is CS else "ps_5_0"
    src = BASE + stage % body
    if varying:
        with pytest.raises(ShaderCompileError, match="X4603"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    else:
        assert D3DCompile(src, None, "t.hlsl", None, None, "main", target)


HS = """
interface iF { float f(float x); };
class cOne : iF { float k; float f(float x) { return x * k; } };
iF g_f[2];
uint g_k;
struct V { float4 p : P; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pc(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = g_f[PCINDEX].f(ip[0].p.x); o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { V o = ip[i]; o.p.y = g_f[CPINDEX].f(o.p.y); return o; }
"""


@pytest.mark.parametrize(("cp", "pc", "varying"), [
    ("g_k", "g_k", False),
    ("i & 1", "g_k", True),  # the control-point phase: SV_OutputControlPointID differs per invocation
    ("g_k", "(uint)ip[0].p.x & 1", True),  # the patch-constant phase: an input control point's data
])
def test_hull_shader_phases_are_checked(cp, pc, varying):
    src = HS.replace("CPINDEX", cp).replace("PCINDEX", pc)
    if varying:
        with pytest.raises(ShaderCompileError, match="X4603"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")
    else:
        assert D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")
