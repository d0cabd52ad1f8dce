"""The whole-pipeline differential fuzzer (tools/pipeline_fuzz.py), CI-sized: seeded random programs
(tools/program_gen.py) and random pipeline states run through the public API on the reference backend
and on the native one; every render-target, depth, UAV and counter byte and both query results must
agree. The oracle is the reference backend; the fuzzer's own comparison is checked by a mutation (a
native result with flipped bits must be reported) and its fallback accounting by a program the native
backend does not compile. The long run is ``python -m pyd3d11.tools.pipeline_fuzz --cases N``."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program, assemble_shader
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import as_words, decode_program
from pyd3d11.shader.dxbc.validate import UAV_SLOTS_11_1, validate_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime
from pyd3d11.tools import pipeline_fuzz as pf
from pyd3d11.tools.program_gen import random_program

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

CHUNK = 20
#: 80 cases per CI run (session 29: 160 cases cost 146 s of a CI worker's time, LLVM most of it, against the 30-minute
#: budget); the long run is ``python -m pyd3d11.tools.pipeline_fuzz --cases N``
CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_cases_agree(chunk):
    tally = pf.Tally()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        pf.diff_case(pf.make_case(seed), tally)
    assert not tally.failures, tally.failures
    assert "error" not in tally.counts
    # the run compares something natively: most cases are not fallbacks
    assert tally.counts.get("same", 0) + tally.counts.get("nanbits", 0) >= CHUNK // 2, tally.summary()


@pytest.mark.parametrize("stage", ["vs", "ps", "cs"])
def test_generated_programs_are_valid(stage):
    # every generated program passes the device's bytecode validator (what Create*Shader runs), so no
    # case is lost to an invalid program
    for seed in range(40):
        blob = assemble_shader(random_program(np.random.default_rng(seed), stage, 30))
        c = parse_container(blob)
        code = c.get("SHEX") or c.get("SHDR")
        validate_program(decode_program(code), as_words(code), UAV_SLOTS_11_1)


def test_generator_covers_the_instruction_classes():
    text = "\n".join(random_program(np.random.default_rng(s), st, 30) for s in range(60) for st in ("vs", "ps", "cs"))
    for op in ("dadd", "dfma", "ftod", "dtof", "sample_l", "sample_d", "sample_c_lz", "gather4", "gather4_c",
               "gather4_po", "ld", "resinfo", "deriv_rtx", "sample ", "sample_b", "lod", "loop", "switch", "if_",
               "discard", "x0[", "imm_atomic", "store_structured", "sync_g_t"):
        assert op in text, op


def test_derivatives_only_in_uniform_flow():
    # implicit-derivative instructions appear only at nesting depth 0 and before any retc (D3D11.3 §16.9:
    # derivatives in divergent flow are undefined, so such a case would compare undefined values)
    implicit = ("deriv_", "sample ", "sample_aoffimmi", "sample_b", "sample_c ", "lod ")
    for seed in range(80):
        depth, returned = 0, False
        for line in random_program(np.random.default_rng(seed), "ps", 30).splitlines():
            s = line.strip()
            if s.startswith(("if_", "loop", "switch")):
                depth += 1
            elif s.startswith(("endif", "endloop", "endswitch")):
                depth -= 1
            elif s.startswith("retc"):
                returned = True
            elif s.startswith(implicit):
                assert depth == 0 and not returned, (seed, s)


def test_a_native_difference_is_reported(monkeypatch):
    # mutation: flip a high mantissa bit of x of every native vertex-shader output (position and
    # attributes); the draws that show pixels must be reported as differences
    real = runtime._try_native

    def flipped(program, *a, **k):
        res = real(program, *a, **k)
        if res is not None and program.program_type == 1 and res.outputs.shape[0] > 1:
            res.outputs[:, :, 0] ^= np.uint32(0x00400000)  # x of the position and of each attribute
        return res

    monkeypatch.setattr(runtime, "_try_native", flipped)
    statuses = [pf.diff_case(pf.make_case(s, "draw"))[0] for s in range(8)]
    assert statuses.count("diff") >= 5, statuses


def test_fallback_is_counted_not_compared(monkeypatch):
    # a compute program the native backend does not compile (a subroutine calling itself twice, never taken: its
    # inlining passes lower.MAX_INLINED_OPS, with out-of-line calls switched off as PYD3D11_NATIVE_OUTLINE_CALLS=0
    # does), so the case is a fallback (with the reason), not a comparison.
    # (Until session 10 this used a typed UAV store, until session 19 an ld_ms; both compile now:
    # tests/test_native_typed_uav.py, tests/test_native_texel_ms.py.)
    from pyd3d11.shader.native import lower
    from pyd3d11.shader.native.lower import MAX_INLINED_OPS

    monkeypatch.setattr(lower, "OUTLINE_CALLS", False)
    case = pf.make_case(0, "dispatch")
    cs = random_program(np.random.default_rng(5), "cs", 12, textures=False, doubles=False)
    case.programs["cs"] = cs.replace("\nret\n", "\ncall l1\nret\n") + \
        "label l1\nmov r0.w, l(0)\ncallc_nz r0.w, l1\ncallc_nz r0.w, l1\nret\n"
    reason = f"inlined subroutines past {MAX_INLINED_OPS} operations"
    tally = pf.Tally()
    status, detail = pf.diff_case(case, tally)
    assert status == "fallback" and detail == reason, detail
    assert tally.shader_fallbacks == {reason: 1} and tally.counts == {"fallback": 1}


PS_ZERO = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.wzyx
ret
"""


def test_native_run_of_zero_lanes_with_component_major_inputs():
    # Found by the fuzzer: a pixel-shader batch with no lanes (inputs (regs, 4, 0), component-major) made
    # the native runtime hand the inputs to the reference as lane-major; the exception inside the draw
    # was fenced by the API and the draw dropped on the native backend only (its statistics were all 0).
    prog = assemble_program(PS_ZERO)
    inputs = np.zeros((2, 4, 0), np.uint32)
    want = reference.run_program(prog, 0, inputs, inputs_component_major=True)
    native.set_backend("native")
    try:
        got = runtime.run_program(prog, 0, inputs, inputs_component_major=True)
    finally:
        native.set_backend(None)
    assert got.outputs.shape == want.outputs.shape and got.outputs.size == 0


def test_zero_pixel_draw_statistics_equal_reference():
    # the API-level form of the same bug: fuzz case 1 (a point list none of whose points is shaded)
    case = pf.make_case(1)
    assert case.kind == "draw"
    tally = pf.Tally()
    status, detail = pf.diff_case(case, tally)
    assert status in ("same", "nanbits"), detail


CORPUS_FILES = ["gather.shader_test", "sample-grad.shader_test", "ddxddy.shader_test", "multiple-rt.shader_test",
                "uav-atomics.shader_test", "barriers.shader_test", "cast-64-bit.shader_test",
                "texture-load-offset.shader_test"]


def test_shader_test_corpus_blocks_agree():
    # tools/corpus_diff.py on a few shader-test files with draws, dispatches, textures, derivatives,
    # several targets, atomics, barriers and doubles: every executed [test] block's resources are the
    # same bytes on both backends, and most blocks run without a fallback
    from conftest import conformance_path

    from pyd3d11.tools.corpus_diff import CorpusTally, diff_file

    tally = CorpusTally()
    for name in CORPUS_FILES:
        diff_file(conformance_path("shader-tests", "hlsl", name), tally)
    assert not tally.failures, tally.failures
    assert tally.blocks.get("same", 0) >= 20, tally.blocks
    assert tally.blocks.get("same", 0) > 4 * tally.blocks.get("fallback", 0), tally.blocks


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_shader_runner_backend_option(backend, monkeypatch, capsys):
    # shader_runner --backend selects the shader backend for the run (native kernels run only with native)
    from conftest import conformance_path

    from pyd3d11.tools import shader_runner

    f = conformance_path("shader-tests", "hlsl", "gather.shader_test")
    monkeypatch.setenv("PYD3D11_BACKEND", "native" if backend == "reference" else "reference")  # restored after
    before = runtime.stats.native_runs
    try:
        rc = shader_runner.main(["--backend", backend, "--no-compile-check", "--sm", "5", str(f)])
    finally:
        native.set_backend(None)
    assert rc == 0 and "0 failed" in capsys.readouterr().out
    assert (runtime.stats.native_runs > before) == (backend == "native")
