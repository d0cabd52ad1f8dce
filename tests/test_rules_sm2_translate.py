"""SM4 -> shader model 2 translation rules of shader/sm2/translate.py (session 12 mutation round), run on the
test-side SM2 interpreter (tests/sm2_interp.py) from the level-9 targets' Aon9 programs.

- dp4 reads all four components of its sources and dp3 three, whatever the destination mask (one here) (D3D9 asm
  reference, dp4 / dp3); ps_2_0 allows only the swizzles .xyzw .yzxw .zxyw .wzyx and replicates, so any other
  swizzle of a dp source is copied component by component first (the components the instruction reads).
- Dynamic indexing of a local array (an SM4 indexable temp) reads element i for an index i in range (HLSL
  arrays; D3D9 has no r# indexing, so the translation selects among the elements).
- switch: the case whose label equals the value, default otherwise (HLSL switch statement page).
Expected values are computed here with numpy."""

from __future__ import annotations

import numpy as np
import pytest
from level9_kit import compile_
from sm2_interp import texcoord_index
from test_level9_kinds import PS_TARGETS, VS_TARGETS, _run_expr, run_sm2

from pyd3d11.shader.sm2.tokens import Reg

F = np.float32
X = np.array([[1, 2, 3, 4], [-0.5, 8, 0.25, -16]], F)
Y = np.array([[10, 100, 1000, 10000], [3, -2, 5, 7]], F)

def _run_src(src: str, target: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    m = run_sm2(compile_(src, target), np.zeros((4, 4), np.uint32), {0: x, 1: y}, len(x))
    return m.out(Reg.COLOROUT, 0) if target.startswith("ps") else m.out(Reg.TEXCRDOUT, texcoord_index(1, 0))


pytestmark = pytest.mark.backend_specific  # the SM2 interpreter runs them: no shader backend involved


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("expr", "ref"), [
    ("dot(x.yxzw, y)", lambda x, y: (x[:, [1, 0, 2, 3]] * y).sum(1)),
    ("dot(x.wxzy, y)", lambda x, y: (x[:, [3, 0, 2, 1]] * y).sum(1)),
    ("dot(x.yxz, y.xyz)", lambda x, y: (x[:, [1, 0, 2]] * y[:, :3]).sum(1)),
    ("dot(x.zzx, y.wyx)", lambda x, y: (x[:, [2, 2, 0]] * y[:, [3, 1, 0]]).sum(1)),
    ("dot(x, float4(1, 2, 3, 4))", lambda x, y: x @ [1, 2, 3, 4]),
    ("dot(x.xyz, float3(5, 6, 7))", lambda x, y: x[:, :3] @ [5, 6, 7]),
])
def test_dot_products_read_every_component_of_swizzled_sources(expr, ref, target):
    # the product alone in .x: the dp's destination mask is one component
    got = _run_expr(f"float4({expr}, x.w, y.z, 1)", target, X, Y)
    want = np.stack([ref(X.astype(np.float64), Y.astype(np.float64)).astype(F), X[:, 3], Y[:, 2], np.ones(2, F)], 1)
    np.testing.assert_array_equal(got, want)


# the selector is known to be at least 0 (abs): below shader model 4 fxc makes a switch selector a uint and refuses
# one that may be negative (X3548, d3dcompiler_47 10.1 under Wine, session 38; this program switched on (int)x.x,
# which fxc refuses); the key -1 still reaches default (abs gives 1, no case)
SWITCH = """int k = (int)abs(x.x); float r = 0;
    switch (k) { case 0: r = y.x; break; case 2: case 3: r = y.y; break; default: r = y.z; break; }"""


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
def test_switch_with_default_selects_the_case_of_the_value(target):
    """A switch on a value computed in the shader: the matching case, several labels sharing one case, and
    default for every other value (HLSL switch; level 9 has no switch instruction, so the translation
    flattens it into selects)."""
    keys = np.array([0, 1, 2, 3, -1, 7], F)
    xs = np.stack([keys, np.zeros(6, F), np.zeros(6, F), np.zeros(6, F)], 1)
    ys = np.tile(np.array([[10, 20, 30, 40]], F), (6, 1))
    if target.startswith("ps"):
        src = f"float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {{ {SWITCH} return r; }}"
    else:
        src = ("struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
               f"O main(float4 x : POSITION, float4 y : TEXCOORD0) {{ O o; o.p = y; {SWITCH} o.t = r; return o; }}")
    got = _run_src(src, target, xs, ys)
    want = np.array([10, 30, 20, 20, 30, 30], F)
    np.testing.assert_array_equal(got, np.repeat(want[:, None], 4, 1))


BRANCHES = """bool b; if (x.x > 0) b = x.z > 1; else b = x.z < 1;
    float r = 0; if (x.x > 0) r = 3; else r = b;"""


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
def test_bool_set_on_both_branches_stays_a_bool(target):
    """A bool given a comparison on each branch of an if / else is a bool after it (selects on it are
    legal), and a float that one branch sets to a number and the other to that bool is a number (HLSL: bool
    converts to 1.0 / 0.0)."""
    x = np.array([[1, 0, 0, 0], [-1, 0, 2, 0], [-1, 0, 0, 0], [2, 0, 5, 0]], F)
    if target.startswith("ps"):
        src = f"float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {{ {BRANCHES} return b ? r + 1 : r; }}"
    else:
        src = ("struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
               f"O main(float4 x : POSITION, float4 y : TEXCOORD0) {{ O o; o.p = y; {BRANCHES} o.t = b ? r + 1 : r; "
               "return o; }")
    want = []
    for xx, _, xz, _ in x:
        b = xz > 1 if xx > 0 else xz < 1
        r = 3.0 if xx > 0 else float(b)
        want.append(r + 1 if b else r)
    np.testing.assert_array_equal(_run_src(src, target, x, x), np.repeat(np.array(want, F)[:, None], 4, 1))


_KNOWN_TEMP_DP = """ps_4_0
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 1
mov r0.xyzw, l(1.0, 2.0, 3.0, 4.0)
dp4 o0.x, r0.xyzw, v0.xyzw
dp3 o0.y, r0.xyzw, v0.xyzw
dp4 o0.z, r0.wzyx, v0.xyzw
mov o0.w, l(0)
ret
"""


@pytest.mark.parametrize("target", PS_TARGETS)
def test_dot_products_of_a_temp_of_known_constants_read_its_components(target):
    """The same dp4 / dp3 rule when the source is a temp the translation knows the constants of (an SM4 program
    that moves literals into a temp first, as fxc's unoptimised output does; assembled here from the listing):
    the temp becomes a def constant, which must carry every component the instruction reads (dp4: w too)."""
    from pyd3d11.shader.dxbc.asm import assemble_program, assemble_shader
    from pyd3d11.shader.hlsl.compiler import add_level9_chunk

    blob = add_level9_chunk(assemble_shader(_KNOWN_TEMP_DP), assemble_program(_KNOWN_TEMP_DP), target, "t")
    x = np.array([[1, 10, 100, 1000], [0.5, -2, 3, 7], [-1, 0.25, 8, -3]], F)
    m = run_sm2(blob, np.zeros((4, 4), np.uint32), {0: x}, len(x))
    c = np.array([1, 2, 3, 4], np.float64)
    xd = x.astype(np.float64)
    want = np.stack([(xd @ c).astype(F), (xd[:, :3] @ c[:3]).astype(F), (xd @ c[::-1]).astype(F),
                     np.zeros(len(x), F)], 1)
    np.testing.assert_array_equal(m.out(Reg.COLOROUT, 0), want)


LONG_AND_BOTH_USES = """int n; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x;
     for (int i = 0; i < n; i++) r = r * 0.75 + k;
     for (int j = 0; j < 200; j++) r = r * 0.5 + k * r.yzwx;
     return r / (n + 1); }"""


@pytest.mark.parametrize("target", ["ps_3_0", "vs_3_0"])
def test_a_count_that_is_also_a_value_beside_a_loop_too_long_to_unroll(target: str):
    """Two loops on the D3D9 targets with dynamic flow control: one bounded by ``n``, which is also divided by (so
    the loop keeps its own exit test against n's float register: rep + break_comp), and one of 200 iterations,
    which unrolled would pass the 512 instruction slots ("ps_3_0" / "vs_3_0": 512 minimum) — so both become rep
    loops (the translation's second pass). The program must compile and compute what the SM4 program computes."""
    from test_hlsl_d3d9_targets import _run_both

    src = LONG_AND_BOTH_USES if target[:2] == "ps" else LONG_AND_BOTH_USES.replace("TEXCOORD0) : COLOR",
                                                                                 "POSITION) : POSITION")
    for expect, got, name in _run_both(src, target, seed=4):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)
