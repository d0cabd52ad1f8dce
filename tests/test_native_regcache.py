"""The native kernel's register cache and flush elision (issue 12, the pixel kernel made fast).

Inside a run of ALU ops (shader/native/llvm_gen.py, ``Gen.build``) register components live in SSA values
instead of memory, and the input flush of a float op (D3D11.3 §3.1.3: float32 denormals are flushed to
sign-preserving zero on input and output of arithmetic) is skipped on values already flushed in the
run's active lanes. Neither may change a result bit. Each case below is a program where a wrong elision
or a wrong cache would change the result; the expected words are worked out by hand from §3.1.3 and IEEE
754 (not taken from either executor), and both backends must produce them.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
ONE, TWO, THREE = 0x3F800000, 0x40000000, 0x40400000
DEN, NDEN = 0x00000001, 0x80400000  # a positive and a negative float32 denormal


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _run(src: str, inputs: np.ndarray, backend: str):
    native.set_backend(backend)
    prog = assemble_program(src)
    fn = runtime.run_program if backend == "native" else reference.run_program
    return fn(prog, inputs.shape[1], inputs=inputs)


def _both(src: str, inputs: np.ndarray) -> np.ndarray:
    before = runtime.stats.native_runs
    a = _run(src, inputs, "native")
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    b = _run(src, inputs, "reference")
    assert np.array_equal(a.outputs, b.outputs)
    return a.outputs


def _inputs(*cols, n: int = 8) -> np.ndarray:
    """(regs, n, 4): register i holds word cols[i] in every lane and component."""
    return np.stack([np.full((n, 4), c, U32) for c in cols])


PS = "ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n" \
     "dcl_output o1.xyzw\ndcl_temps 2\n"

# (name, body, v0 word, v1 word, expected o0.x word)
CASES = [
    # mov keeps a denormal's bits (§3.1.3: mov is not arithmetic); the add that reads it flushes it
    ("mov_then_add", "mov r0.x, v0.x\nadd o0.x, r0.x, l(0.0)\n", DEN, 0, 0),
    ("mov_neg_then_add", "mov r0.x, -v0.x\nadd o0.x, r0.x, l(0.0)\n", DEN, 0, 0),
    # a denormal immediate: flushed on input (-0 + +0 = +0 in round to nearest)
    ("denormal_immediate", "mov r0.x, l(0x80000001)\nadd o0.x, r0.x, l(0.0)\n", 0, 0, 0),
    # mul of denormals is flushed, then reused twice within the run
    ("flushed_result_reused", "mul r0.x, v0.x, l(1.0)\nadd r0.y, r0.x, r0.x\nadd o0.x, r0.y, v1.x\n",
     NDEN, ONE, ONE),
    # a saturated denormal keeps its bits (sat clamps, it does not flush); the next add flushes it
    ("sat_keeps_then_add", "mov_sat r0.x, v0.x\nmul o0.x, r0.x, l(2.0)\n", 0x00400000, 0, 0),
    # integer ops build a denormal from bits of a flushed value: the float add must flush again
    ("int_rebuilds_denormal", "add r0.x, v1.x, l(0.0)\nand r0.x, r0.x, l(0x007FFFFF)\n"
     "iadd r0.x, r0.x, l(1)\nadd o0.x, r0.x, l(0.0)\n", 0, ONE, 0),
    # movc selecting a denormal from a register that was flushed elsewhere in the run
    ("movc_denormal", "add r0.x, v1.x, l(0.0)\nmovc r0.y, l(1), v0.x, r0.x\nadd o0.x, r0.y, l(0.0)\n",
     DEN, ONE, 0),
    # output flushes the generator elides (llvm_gen._never_denormal_product / _far_from_zero) and the cases
    # just outside their rules, where the flush must happen: min normal * 0.5 is a denormal (→ +0) ...
    ("mul_by_half_flushes", "mul o0.x, v0.x, l(0.5)\n", 0x00800000, 0, 0),
    ("mul_by_two", "mul o0.x, v0.x, l(2.0)\n", 0x00800000, 0, 0x01000000),
    ("mul_by_minus_one", "mul o0.x, v0.x, l(-1.0)\n", 0x00800000, 0, 0x80800000),
    # ... 1.5 * 2^-126 + (-2^-126) = 2^-127, a denormal (→ +0); the addend 2^-126 is below the 2^-100 bound
    ("add_tiny_constant_flushes", "add o0.x, v0.x, l(0x80800000)\n", 0x00C00000, 0, 0),
    ("mad_tiny_constant_flushes", "mad o0.x, v0.x, l(1.0), l(0x80800000)\n", 0x00C00000, 0, 0),
    ("mad_product_denormal_plus_constant", "mad o0.x, v0.x, l(0.5), l(1.0)\n", 0x00800000, 0, ONE),
    ("add_constant", "add o0.x, v0.x, l(1.0)\n", 0x00000001, 0, ONE),
    # write, overwrite and read of one component within a run: the last write wins
    ("overwrite", "mov r0.x, l(1.0)\nmov r0.x, l(2.0)\nadd o0.x, r0.x, l(1.0)\n", 0, 0, THREE),
]


@pytest.mark.parametrize("name,body,v0,v1,want", CASES, ids=[c[0] for c in CASES])
def test_flush_rules_inside_a_run(name, body, v0, v1, want):
    out = _both(PS + body + "ret\n", _inputs(v0, v1))
    assert out[0, :, 0].tolist() == [want] * 8


def test_temps_cross_flow_control():
    # r0 is written in the first run, kept across the if (written back to memory), read after it
    body = ("mul r0.x, v0.x, l(2.0)\nlt r1.x, v1.x, l(0.5)\nif_nz r1.x\nadd r0.x, r0.x, l(1.0)\nendif\n"
            "mov o0.x, r0.x\n")
    v1 = np.where(np.arange(8) % 2 == 0, 0, ONE).astype(U32)  # even lanes take the branch
    inp = _inputs(ONE, 0)
    inp[1] = v1[:, None]
    out = _both(PS + body + "ret\n", inp)
    assert out[0, :, 0].tolist() == [THREE if i % 2 == 0 else TWO for i in range(8)]


@pytest.mark.parametrize("fill", [0xDEADBEEF, DEN, 0x7FC00000])
def test_unwritten_temp_reads_the_fill_word(monkeypatch, fill):
    # a temp read before any write holds the executor's fill word (reference.TEMP_FILL); both the
    # cached single-run kernel and the reference must see it (mov: the bits; add: flushed on input)
    monkeypatch.setattr(reference, "TEMP_FILL", fill)
    out = _both(PS + "mov o0.x, r1.z\nadd o0.y, r1.w, l(0.0)\nret\n", _inputs(0, 0))
    assert out[0, :, 0].tolist() == [fill] * 8
    flushed = fill & 0x80000000 if (fill & 0x7F800000) == 0 else fill
    if (fill & 0x7F800000) == 0x7F800000 and fill & 0x7FFFFF:
        return  # NaN + 0: a NaN (payload bits are not asserted)
    assert out[0, :, 1].tolist() == [(flushed if flushed != 0x80000000 else 0)] * 8


def test_indexed_output_writes_see_the_runs_direct_writes():
    # o[r0.x] with r0.x = 1 is o1: a direct write before it is overwritten, one after it wins
    src = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_temps 1\n"
           "dcl_indexrange o0.xyzw 2\n"
           "mov r0.x, l(1)\nmov o1.x, l(1.0)\nmov o[r0.x + 0].x, l(2.0)\nmov o0.x, l(3.0)\n"
           "mov o[r0.x + 0].y, l(2.0)\nmov o1.y, l(3.0)\nret\n")
    out = _both(src, _inputs(0))
    assert out[1, :, 0].tolist() == [TWO] * 8
    assert out[0, :, 0].tolist() == [THREE] * 8
    assert out[1, :, 1].tolist() == [THREE] * 8


def test_partial_batches_keep_inactive_lanes():
    # 13 lanes: the last 8-lane step has 3 inactive lanes, whose register values must not leak
    body = "mul r0.x, v0.x, l(2.0)\nadd o0.x, r0.x, v1.x\n"
    out = _both(PS + body + "ret\n", _inputs(ONE, ONE, n=13))
    assert out[0, :13, 0].tolist() == [THREE] * 13


# ---------------------------------------------------------------------------------------------------
# Vector width: 16 lanes per step on AVX-512 hosts (runtime.vector_width), 8 elsewhere; same bits
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("avx512", [True, False])
def test_width_rule(monkeypatch, avx512):
    # the rule for each kind of host (runtime._AVX512 stands for the CPU's features): pixel programs PIXEL_WIDTH (64)
    # lanes per step on AVX-512 hosts and PIXEL_WIDTH_AVX2 (32) on AVX2 hosts where the tile holds it; vertex and
    # compute programs 16 on AVX-512, 8 on AVX2; PYD3D11_NATIVE_WIDTH sets it where the program and tile allow
    from pyd3d11.shader.native import lower

    ps = lower.lower(assemble_program(PS + "mov o0.x, v0.x\nret\n"))
    vs = lower.lower(assemble_program("vs_5_0\ndcl_input v0.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v0.xyzw\nret\n"))
    cs = lower.lower(assemble_program("cs_5_0\ndcl_thread_group 16, 1, 1\nret\n"))
    monkeypatch.setattr(runtime, "_AVX512", avx512)
    monkeypatch.delenv("PYD3D11_NATIVE_WIDTH", raising=False)
    assert runtime.PIXEL_WIDTH == 64 and runtime.PIXEL_WIDTH_AVX2 == 32
    assert runtime.register_lanes() == (16 if avx512 else 8)
    assert runtime.vector_width(ps, 8) == 8  # a tile of 8 lanes cannot hold a 16-lane step
    assert runtime.vector_width(ps, 256) == (64 if avx512 else 32)
    assert runtime.vector_width(vs, 256) == (16 if avx512 else 8)
    assert runtime.vector_width(cs, 256) == (16 if avx512 else 8)  # compute: test_native_compute_width.py
    assert runtime.vector_width(ps, 32) == 32  # the widest step the tile holds
    assert runtime.vector_width(ps, 48) == 16
    for env, expect in (("8", 8), ("16", 16), ("32", 32), ("64", 64)):
        monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", env)
        assert runtime.vector_width(ps, 256) == expect
        assert runtime.vector_width(vs, 256) == min(expect, 64)
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", "64")
    assert runtime.vector_width(cs, 256) == 16 and runtime.vector_width(ps, 32) == 32


def test_fused_batches_hold_the_widest_step():
    # the fused lane rounds a batch's lane count to LANE_QUANTUM and the pixel kernel's loop to its width
    from pyd3d11.pipeline.native import fused_gen

    assert fused_gen.LANE_QUANTUM % runtime.PIXEL_WIDTH == 0


@pytest.mark.parametrize("width", ["8", "16", "32", ""])
@pytest.mark.parametrize("seed", range(8))
def test_random_pixel_programs_at_each_width(monkeypatch, width, seed):
    # random PS programs (derivatives, flow control, discard, sincos, integer ops) at 12, 40 and 200 lanes (the
    # default width is 64 on AVX-512: 200 lanes are three full steps and a partial one)
    from pyd3d11.tools.backend_diff import diff_program, random_program

    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    text = random_program(np.random.default_rng([4321, seed]), "ps", 28)
    for lanes in (12, 40, 200):
        status, detail = diff_program(assemble_program(text), lanes=lanes, seed=seed)
        assert status in ("same", "nanbits"), f"{status} {detail}\n{text}"


@pytest.mark.parametrize("width", ["8", "16", "32", ""])
def test_quad_derivatives_at_each_width(monkeypatch, width):
    # deriv_rtx/rty per quad: lanes 4q..4q+3 form quad q at any vector width (each of 16 lanes: 4 quads)
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    n = 136
    x = (np.arange(n) % 2).astype(np.float32)  # quad layout: lanes (0,1,2,3) = TL, TR, BL, BR
    y = ((np.arange(n) // 2) % 2).astype(np.float32)
    val = (x * 3 + y * 5 + (np.arange(n) // 4) * 100).astype(np.float32)
    inp = np.stack([np.repeat(val.view(U32)[:, None], 4, 1), np.zeros((n, 4), U32)])
    src = PS + "deriv_rtx_coarse o0.x, v0.x\nderiv_rty_coarse o0.y, v0.x\nret\n"
    out = _both(src, inp)
    assert out[0, :, 0].view(np.float32).tolist() == [3.0] * n  # d/dx of 3x + 5y + 100q
    assert out[0, :, 1].view(np.float32).tolist() == [5.0] * n
