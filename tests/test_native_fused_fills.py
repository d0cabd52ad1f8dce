"""The fused lane's batch function skips clearing the pixel shader's output registers and discard words where the
kernel cannot leave them unwritten (fused_gen FusedKey.o_written / no_discard; issue 12, per-pixel cost).

The rule it implements: a pixel-shader invocation starts with every output register 0 and no discard (the
reference executor's starting state, D3D11.3 §16.9: outputs not written are undefined in the spec, 0 in both
pyd3d11 executors). The lane buffers are reused batch after batch and draw after draw, so a clear may be skipped
only where the kernel overwrites the value in every lane it runs: output components written at the program's top
level before anything that can leave lanes behind (lower.unconditional_outputs), and discard words that no
kernel reads because the shader neither discards nor writes memory.

Part one checks ``unconditional_outputs`` on a table of programs (expected sets read off each program by that
rule). Part two draws sequences of shaders that share one set of lane buffers (one worker thread), each shader
leaving different values behind, on a float target (a stale value shows as itself), against the reference
backend byte for byte.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gfx_util import draw_pos_attr, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402
from pyd3d11.shader.native.lower import lower, unconditional_outputs  # noqa: E402

HEAD = "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_temps 2\n"
ALL0 = {(0, c) for c in range(4)}
ALL1 = {(1, c) for c in range(4)}

# (body, expected set): every top-level ALU write before a conditional return / discard / halt counts
CASES = [
    ("mov o0.xyzw, v1.xyzw\nret\n", ALL0),
    ("mov o0.xy, v1.xyxx\nmov o1.zw, v1.xxxy\nret\n", {(0, 0), (0, 1), (1, 2), (1, 3)}),
    # inside if / loop / switch: not every lane
    ("lt r0.x, v1.x, l(0.5)\nif_nz r0.x\nmov o0.xyzw, v1.xyzw\nendif\nret\n", set()),
    ("lt r0.x, v1.x, l(0.5)\nif_nz r0.x\nmov o0.x, v1.x\nelse\nmov o0.x, v1.y\nendif\nmov o0.yzw, v1.xxx\nret\n",
     {(0, 1), (0, 2), (0, 3)}),
    ("mov r0.x, l(0)\nloop\nbreakc_nz r0.x\nmov o1.xyzw, v1.xyzw\nmov r0.x, l(-1)\nendloop\nmov o0.xyzw, v1.xyzw\n"
     "ret\n", ALL0),
    ("ftoi r0.x, v1.x\nswitch r0.x\ncase l(0)\nmov o0.xyzw, v1.xyzw\nbreak\ndefault\nbreak\nendswitch\nret\n", set()),
    # a conditional return or a discard at the top level: later writes are masked
    ("mov o0.xy, v1.xyxx\nlt r0.x, v1.x, l(0.5)\nretc_nz r0.x\nmov o0.zw, v1.xxxy\nret\n", {(0, 0), (0, 1)}),
    ("mov o1.xyzw, v1.xyzw\nlt r0.x, v1.x, l(0.5)\ndiscard_nz r0.x\nmov o0.xyzw, v1.xyzw\nret\n", ALL1),
    # ... also inside a construct: the lanes that returned skip the writes after it
    ("mov o1.xyzw, v1.xyzw\nlt r0.x, v1.x, l(0.5)\nif_nz r0.x\nret\nendif\nmov o0.xyzw, v1.xyzw\nret\n", ALL1),
    ("mov o1.xyzw, v1.xyzw\nlt r0.x, v1.x, l(0.5)\nif_nz r0.x\ndiscard_nz r0.x\nendif\nmov o0.xyzw, v1.xyzw\n"
     "ret\n", ALL1),
    # a break leaves its loop only
    ("mov r0.x, l(0)\nloop\nbreak\nendloop\nmov o0.xyzw, v1.xyzw\nret\n", ALL0),
    # two-destination operations count both destinations
    ("sincos o0.x, o0.y, v1.x\nmov o0.zw, v1.xxxy\nret\n", ALL0),
    ("swapc o0.xyzw, o1.xyzw, v1.xxxx, v1.xyzw, v1.wzyx\nret\n", ALL0 | ALL1),
    ("udiv o0.xy, o1.xy, v1.xyxx, l(3, 3, 0, 0)\nret\n", {(0, 0), (0, 1), (1, 0), (1, 1)}),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,expected", CASES, ids=[str(i) for i in range(len(CASES))])
def test_unconditional_outputs(body, expected):
    assert unconditional_outputs(lower(assemble_program(HEAD + body))) == frozenset(expected)


@pytest.mark.backend_independent
def test_sampled_and_indexed_outputs_not_counted():
    # a texture instruction (host / injected sampling) and an indexed output destination are left out
    sample = ("ps_4_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
              "dcl_input_ps linear v1.xy\ndcl_output o0.xyzw\nsample o0.xyzw, v1.xyxx, t0.xyzw, s0\nret\n")
    assert unconditional_outputs(lower(assemble_program(sample))) == frozenset()
    indexed = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
               "dcl_indexrange o0.xyzw 2\ndcl_temps 1\nftoi r0.x, v1.x\nmov o[r0.x + 0].xyzw, v1.xyzw\n"
               "mov o1.xy, v1.xyxx\nret\n")
    assert unconditional_outputs(lower(assemble_program(indexed))) == frozenset({(1, 0), (1, 1)})


# --- differential: shaders sharing the lane buffers, against the reference -------------------------------

pytestmark_native = pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")

PS_FULL = "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmul o0.xyzw, v1.wzyx, l(3, 5, 7, 11)\nret\n"
# o0.zw never written: 0 in every lane; o0.xy only where v1.x > 0.5
PS_COND = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\nlt r0.x, l(0.5), v1.x\n"
           "if_nz r0.x\nmov o0.xy, v1.yzyy\nendif\nret\n")
# every component written, but inside an if: the other lanes keep o0 = 0
PS_IF_ALL = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\nlt r0.x, v1.w, l(0.55)\n"
             "if_nz r0.x\nmov o0.xyzw, v1.xzyw\nendif\nret\n")
# lanes returning inside an if keep o0 = 0
PS_IF_RET = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\nlt r0.x, v1.x, l(0.45)\n"
             "if_nz r0.x\nret\nendif\nmov o0.xyzw, v1.ywzx\nret\n")
# lanes leaving early keep o0 = 0
PS_RETC = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\nlt r0.x, v1.y, l(0.4)\n"
           "retc_nz r0.x\nmov o0.xyzw, v1.xyzw\nret\n")
PS_DISCARD = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\nlt r0.x, v1.z, l(0.45)\n"
              "discard_nz r0.x\nmov o0.xyzw, v1.zyxw\nret\n")
PS_DISCARD2 = PS_DISCARD.replace("v1.z, l(0.45)", "l(0.6), v1.w")


def _verts(seed: int, n: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pos = rng.uniform(-1.2, 1.2, (n * 3, 4))
    pos[:, 2] = 0.5
    pos[:, 3] = 1.0
    attr = rng.uniform(0.0, 1.0, (n * 3, 4))
    return np.concatenate([pos, attr], 1).astype(np.float32)


def _sequence(shaders) -> bytes:
    st = texture2d(2, 61, 47)  # R32G32B32A32_FLOAT: a stale lane value is stored as itself
    st.data[:] = np.random.default_rng(3).integers(0, 256, st.data.size, dtype=np.uint8)
    for i, ps in enumerate(shaders):
        draw_pos_attr(_verts(10 + i, 12), [rtv(st)], ps=ps)
    return bytes(st.data)


@pytestmark_native
@pytest.mark.backend_specific
@pytest.mark.parametrize("order", [
    (PS_FULL, PS_COND, PS_FULL, PS_IF_ALL),  # a cleared variant after one that skips the clear
    (PS_FULL, PS_RETC, PS_COND, PS_RETC, PS_FULL, PS_IF_RET),
    (PS_DISCARD, PS_FULL, PS_DISCARD2, PS_FULL, PS_DISCARD),  # discard words left by an earlier discarding draw
], ids=["cond", "retc", "discard"])
def test_shared_lane_buffers_match_reference(order):
    pool.set_threads(1)  # one worker: every draw takes the buffer set the previous one gave back
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            native.set_backend("reference")
            ref = _sequence(order)
            native.set_backend("native")
            before = fused.stats.fused_draws
            got = _sequence(order)
    finally:
        native.set_backend(None)
        pool.set_threads(None)
    assert fused.stats.fused_draws - before == len(order), fused.stats.reasons
    a, b = np.frombuffer(ref, np.uint8), np.frombuffer(got, np.uint8)
    assert np.array_equal(a, b), f"{int((a != b).sum())} bytes differ"


@pytestmark_native
@pytest.mark.backend_specific
def test_keys_skip_the_clears():
    """The variants of the shaders above: the clears are skipped exactly where the rule allows."""
    pool.set_threads(1)
    seen = {}
    orig = fused._variant

    def spy(spec, kernel, *a, **kw):
        got = orig(spec, kernel, *a, **kw)
        seen[kernel.lw.has_discard, len(kernel.lw.ops)] = got[0]
        return got

    fused._variant = spy
    try:
        native.set_backend("native")
        for ps in (PS_FULL, PS_COND, PS_DISCARD):
            _sequence([ps])
    finally:
        fused._variant = orig
        native.set_backend(None)
        pool.set_threads(None)
    keys = sorted(seen.values(), key=lambda k: (k.o_written, k.no_discard))
    assert [(k.o_written, k.no_discard) for k in keys] == [(False, False), (False, True), (True, True)]
