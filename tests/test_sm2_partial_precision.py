"""D3DCOMPILE_PARTIAL_PRECISION at the D3D9 targets (shader/sm2/d3d9.py, _partial_precision).

Sources: the D3DCOMPILE constants page (D3DCOMPILE_PARTIAL_PRECISION, 1 << 5: "Directs the compiler to perform
all computations with partial precision"); "Modifiers for ps_2_0 and Above" (``_pp``, D3DSPDM_PARTIALPRECISION,
destination-modifier bit 1 << 21 of the destination token, i.e. 2 in the 4-bit modifier field, may be on any
pixel-shader instruction including texture loads; implementations may ignore it); the vertex-shader modifier
pages list no ``_pp`` (vs_2_0 / vs_3_0 have ``_sat`` only), so a vertex shader is unchanged.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.sm2.program import decode_program

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

PARTIAL_PRECISION = 1 << 5
_PP = 2  # D3DSPDM_PARTIALPRECISION >> D3DSP_DSTMOD_SHIFT
#: no computed result: declarations, constants, texkill's tested register
_NOT_COMPUTED = {"dcl", "def", "defi", "defb", "comment", "texkill"}

PS = """sampler2D s; float4 k;
float4 main(float2 t : TEXCOORD0) : COLOR0
{ float4 c = tex2D(s, t); clip(c.a - 0.5); return c * k + sqrt(abs(c.x)); }"""
VS = """float4x4 m;
struct O { float4 p : POSITION; float4 c : COLOR0; };
O main(float4 p : POSITION) { O o; o.p = mul(p, m); o.c = p * 0.5; return o; }"""


def _prog(src: str, target: str, flags: int):
    return decode_program(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0)))


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_a", "ps_2_b", "ps_3_0"])
def test_every_pixel_shader_computation_is_partial_precision(target: str):
    full, part = _prog(PS, target, 0), _prog(PS, target, PARTIAL_PRECISION)
    computed = [i for i in part.instructions if i.dst is not None and i.op not in _NOT_COMPUTED]
    assert computed and all(i.dst.mod & _PP for i in computed)
    assert any(i.op.startswith("texld") for i in computed)  # texture loads too
    assert not any(i.dst.mod & _PP for i in part.instructions if i.dst is not None and i.op in _NOT_COMPUTED)
    assert not any(i.dst is not None and i.dst.mod & _PP for i in full.instructions)  # only under the flag
    # the modifier is the only difference: an implementation may ignore it
    strip = [(i.op, i.dst and (i.dst.reg, i.dst.num, i.dst.mask, i.dst.mod & ~_PP), i.srcs) for i in part.instructions
             if i.op != "comment"]
    assert strip == [(i.op, i.dst and (i.dst.reg, i.dst.num, i.dst.mask, i.dst.mod), i.srcs) for i in full.instructions
                     if i.op != "comment"]


@pytest.mark.parametrize("target", ["vs_2_0", "vs_2_a", "vs_3_0"])
def test_vertex_shaders_take_no_partial_precision(target: str):
    part = _prog(VS, target, PARTIAL_PRECISION)
    assert not any(i.dst is not None and i.dst.mod & _PP for i in part.instructions)
