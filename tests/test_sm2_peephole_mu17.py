"""The D3D9 targets' peephole rewrites (shader/sm2/peephole.py) around ``dp2add``, pinned by the session-14
seed-17 mutation round (helper MU4).

"dp2add - ps": dst = src0.x * src1.x + src0.y * src1.y + src2.replicate — it reads two components (after the
swizzle) of src0 and src1 and one of src2. A rewrite that fuses or forwards a temp (mul + add -> mad, an
instruction writing t + ``mov d, t``) must see a later dp2add's read of either component as a use. Each program
here keeps a temp's component alive only through one component dp2add reads.

- HLSL programs through the D3D9 targets: the D3D9 program (on the test's interpreter) computes what the SM4
  program computes (pyd3d11's executor), as tests/test_hlsl_d3d9_targets.py checks for the other rewrites (the
  compiler's register layout puts realigning movs before a dp2, so these do not reach the case below);
- hand-written SM2 bodies (the cases and runner of tests/test_sm2_peephole_rules.py): a product (mul) or an
  instruction followed by a copy whose temp component is read only by a later dp2add's first component must
  stay, and so must one read only by its second; one read only by a component dp2add does not read (src2's
  .y) is dead, and the rewrite happens."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_d3d9_targets import _run_both
from test_sm2_peephole import LOADS, PS20, PS30, X, _copy, _run, d, r

from pyd3d11.shader.sm2.peephole import optimize
from pyd3d11.shader.sm2.program import Inst
from pyd3d11.shader.sm2.tokens import Reg

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
    "vector_halves": """float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD1) : COLOR {
        float2 v;
        v.y = a.z + b.w;
        v.x = a.x * b.y;
        float4 o = float4(v.x, 0, 1, 1);
        o.y = dot(v, a.zw) + b.z;
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


OUT = d(0, reg=Reg.COLOROUT)
YXZW = (1, 0, 2, 3)

# (name, program after LOADS (r10..r13 = t0..t3), expected ops after the rewrites (loads left out))
UNIT_CASES = [
    # r1.x is the product; dp2add's first source r1 (.xyzw) reads r1.x in its first component: no mad
    ("dp2add src0 first component keeps the product", [
        Inst("mov", d(1), [r(13)]), Inst("mul", d(1, 0x1), [r(10), r(11)]), Inst("add", d(2), [r(1, X), r(12)]),
        Inst("dp2add", d(3, 0x1), [r(1), r(13), r(12, X)]), Inst("add", d(4), [r(2), r(3, X)]),
        Inst("mov", OUT, [r(4)])], ["mov", "mul", "add", "dp2add", "add", "mov"]),
    # the product in r1.y, read by dp2add's second component only
    ("dp2add src0 second component keeps the product", [
        Inst("mov", d(1), [r(13)]), Inst("mul", d(1, 0x2), [r(10), r(11)]), Inst("add", d(2), [r(1, (1,) * 4), r(12)]),
        Inst("dp2add", d(3, 0x1), [r(1), r(13), r(12, X)]), Inst("add", d(4), [r(2), r(3, X)]),
        Inst("mov", OUT, [r(4)])], ["mov", "mul", "add", "dp2add", "add", "mov"]),
    # the same through the second source, swizzled .yxzw: its first component reads r1.y, the product
    ("dp2add src1 first component keeps the product", [
        Inst("mov", d(1), [r(13)]), Inst("mul", d(1, 0x2), [r(10), r(11)]), Inst("add", d(2), [r(1, (1,) * 4), r(12)]),
        Inst("dp2add", d(3, 0x1), [r(13), r(1, YXZW), r(12, X)]), Inst("add", d(4), [r(2), r(3, X)]),
        Inst("mov", OUT, [r(4)])], ["mov", "mul", "add", "dp2add", "add", "mov"]),
    # an instruction writing r1.x, copied to r2.x; dp2add then reads r1.x in its first component: no retarget
    ("dp2add first component keeps a copied temp", [
        Inst("mov", d(1), [r(13)]), Inst("add", d(1, 0x1), [r(10), r(11)]), Inst("mov", d(2, 0x1), [r(1, X)]),
        Inst("mov", d(2, 0xE), [r(12)]),
        Inst("dp2add", d(3, 0x1), [r(1), r(12), r(13, X)]), Inst("add", d(4), [r(2), r(3, X)]),
        Inst("mov", OUT, [r(4)])], None),
    # src2 is read in one component (its swizzle's first): a product read only through src2's .y is dead
    ("dp2add src2 reads one component", [
        Inst("mov", d(1), [r(13)]), Inst("mul", d(1, 0x2), [r(10), r(11)]), Inst("add", d(2), [r(1, (1,) * 4), r(12)]),
        Inst("dp2add", d(3, 0x1), [r(12), r(13), r(1, (0, 1, 1, 1))]), Inst("add", d(4), [r(2), r(3, X)]),
        Inst("mov", OUT, [r(4)])], ["mov", "mad", "dp2add", "add", "mov"]),
]


@pytest.mark.parametrize("prof", [PS20, PS30], ids=["ps_2_0", "ps_3_0"])
@pytest.mark.parametrize(("name", "insts", "ops"), UNIT_CASES, ids=[c[0] for c in UNIT_CASES])
def test_dp2add_lanes_in_the_rewrites(name, insts, ops, prof):
    insts = LOADS + insts
    after = optimize(_copy(insts), prof)
    if ops is not None:
        assert [i.op for i in after if not (i.op == "mov" and i.dst.num >= 10)] == ops
    for seed in range(3):
        np.testing.assert_array_equal(_run(after, seed), _run(insts, seed))
