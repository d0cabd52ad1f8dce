"""Every D3D11_BLEND factor and D3D11_BLEND_OP against a numpy reference of the spec table (§17.1),
on a float32 target (no clamping) so the factor arithmetic is seen exactly."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

from pyd3d11.pipeline.output_merger import OMState

SRC = np.array([0.25, 0.5, 0.75, 0.625], np.float32)
SRC1 = SRC[[3, 2, 1, 0]]  # the PS writes o1 = v1.wzyx
DST = np.array([0.5, 0.125, 1.0, 0.375], np.float32)
BF = np.array([0.2, 0.4, 0.6, 0.8], np.float32)

PS_DUAL = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, v1.xyzw
mov o1.xyzw, v1.wzyx
ret
"""

# D3D11_BLEND -> the factor as a function of (src, src1, dst, blend factor), per §17.1.
FACTORS = {
    1: lambda s, s1, d, b: np.zeros(4, np.float32),
    2: lambda s, s1, d, b: np.ones(4, np.float32),
    3: lambda s, s1, d, b: s,
    4: lambda s, s1, d, b: 1 - s,
    5: lambda s, s1, d, b: np.full(4, s[3]),
    6: lambda s, s1, d, b: np.full(4, 1 - s[3]),
    7: lambda s, s1, d, b: np.full(4, d[3]),
    8: lambda s, s1, d, b: np.full(4, 1 - d[3]),
    9: lambda s, s1, d, b: d,
    10: lambda s, s1, d, b: 1 - d,
    11: lambda s, s1, d, b: np.array([min(s[3], 1 - d[3])] * 3 + [1.0]),
    14: lambda s, s1, d, b: b,
    15: lambda s, s1, d, b: 1 - b,
    16: lambda s, s1, d, b: s1,
    17: lambda s, s1, d, b: 1 - s1,
    18: lambda s, s1, d, b: np.full(4, s1[3]),
    19: lambda s, s1, d, b: np.full(4, 1 - s1[3]),
}
ALPHA_OK = {1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19}  # §17.2


def run_blend(src_blend, dest_blend, op, src_a=2, dest_a=1, op_a=1):
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    rt.data.view(np.float32)[:] = np.tile(DST, 4)
    desc = SimpleNamespace(BlendEnable=True, LogicOpEnable=False, SrcBlend=src_blend, DestBlend=dest_blend,
                           BlendOp=op, SrcBlendAlpha=src_a, DestBlendAlpha=dest_a, BlendOpAlpha=op_a,
                           LogicOp=0, RenderTargetWriteMask=0xF)
    blend = SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[desc] * 8)
    a = tuple(SRC)
    verts = np.array([[-1, -1, 0.5, 1, *a], [-1, 3, 0.5, 1, *a], [3, -1, 0.5, 1, *a]], np.float32)
    draw_pos_attr(verts, [rtv(rt)], ps=PS_DUAL, om=OMState(blend=blend, blend_factor=tuple(BF)))
    return read(rt)[0, 0, 0]


@pytest.mark.parametrize("factor", sorted(FACTORS))
def test_each_blend_factor_as_source_colour_factor(factor):
    got = run_blend(factor, 1, 1)
    f = FACTORS[factor](SRC, SRC1, DST, BF).astype(np.float32)
    np.testing.assert_array_equal(got[:3], (SRC * f)[:3].astype(np.float32))


@pytest.mark.parametrize("factor", sorted(ALPHA_OK))
def test_each_alpha_factor_as_destination_alpha_factor(factor):
    got = run_blend(2, 1, 1, src_a=1, dest_a=factor)
    f = FACTORS[factor](SRC, SRC1, DST, BF).astype(np.float32)
    assert got[3] == np.float32(DST[3] * f[3])


@pytest.mark.parametrize("op,fn", [
    (1, lambda a, b: a + b), (2, lambda a, b: a - b), (3, lambda a, b: b - a),
])
def test_blend_ops_with_factors(op, fn):
    got = run_blend(5, 6, op, op_a=op)
    a = (SRC * SRC[3]).astype(np.float32)
    b = (DST * np.float32(1 - SRC[3])).astype(np.float32)
    np.testing.assert_array_equal(got[:3], fn(a, b)[:3].astype(np.float32))


@pytest.mark.parametrize("op,fn", [(4, np.minimum), (5, np.maximum)])
def test_min_max_ops_ignore_factors(op, fn):
    got = run_blend(1, 1, op, src_a=1, dest_a=1, op_a=op)  # factors ZERO would zero everything if applied
    np.testing.assert_array_equal(got, fn(SRC, DST))
