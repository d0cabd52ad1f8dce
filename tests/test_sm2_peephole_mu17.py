"""The D3D9 targets' peephole rewrites (shader/sm2/peephole.py) around ``dp2add``, pinned by the session-14
seed-17 mutation round (helper MU4).

"dp2add - ps": dst = src0.x * src1.x + src0.y * src1.y + src2.replicate — it reads two components (after the
swizzle) of src0 and src1 and one of src2. A rewrite that fuses or forwards a temp (mul + add -> mad, an
instruction writing t + ``mov d, t``) must see a later dp2add's read of either component as a use. Each program
here keeps a temp's component alive only through dp2add's first component; the D3D9 program (on the test's
interpreter) must compute what the SM4 program computes (pyd3d11's executor), as tests/test_hlsl_d3d9_targets.py
checks for the other rewrites."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_d3d9_targets import _run_both

pytestmark = pytest.mark.backend_specific

SOURCES = {
    "mad_fusion": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float4 p = a * b;
        float s = p.z + b.w;
        return float4(s, dot(p.xz, b.yx) + a.w, 1, 1); }""",
    "mov_forward": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float4 p = a + b;
        float4 q = p.zyxw;
        return float4(q.x, q.y, dot(p.xw, a.yz) + b.x, 1); }""",
    "forward_x": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float2 p = a.xy + b.xy;
        return float4(p.x, dot(p, b.zw) + a.z, 1, 1); }""",
    "forward_x_late": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float2 p = a.xy * b.yx;
        float4 o = float4(p.x, 0, 1, 1);
        o.y = dot(p, a.zw) + b.z;
        return o; }""",
    "forward_scalar": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float q = a.z + b.w;
        float p = a.x * b.y;
        float4 o = float4(p, 0, 1, 1);
        o.y = dot(float2(p, q), a.zw) + b.z;
        return o; }""",
    "swizzled": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float4 p = a * b;
        float s = p.y + a.x;
        return float4(s, dot(p.wy, b.xz) + a.z, dot(p.xw, a.zz) + b.y, 1); }""",
}


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_dp2add_reads_both_components_of_its_first_two_sources(name, target):
    for expect, got, el in _run_both(SOURCES[name], target, seed=17):
        np.testing.assert_allclose(got, expect, rtol=2e-6, atol=2e-6, err_msg=el)
