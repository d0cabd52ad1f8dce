"""exp/log/sincos/rsq as float32 operation sequences (shader/ops/transcendental.py, issue 12 point 4).

Expected values come from float64 numpy (np.exp2/np.log2/np.sin/np.cos/np.sqrt — an independent
computation) and the D3D11.3 functional spec: the error bounds of 22.10.6 (exp: relative 2^-21), 22.10.8
(log: absolute 2^-21 on [0.5, 2], relative 2^-21 elsewhere), 22.10.19 (rsq: relative 2^-21) and 22.10.20
(sincos: absolute 0.0008 on [-100*pi, 100*pi]) and the special-value tables of the same sections.
ERROR_TABLE also pins the errors measured when the sequences were defined (sincos: redefined in session 16;
docs/features.md gives the table): a change that loses accuracy fails here even while still inside the bound.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from pyd3d11.shader.ops.alu_float import FLOAT_OPS
from pyd3d11.shader.ops.transcendental import COEFFS, SEQUENCES

U32 = np.uint32
F32 = np.float32
pytestmark = pytest.mark.backend_specific  # the sequences themselves; the native comparison selects its backend
INF = float("inf")
NAN_IN = 0x7FC12345  # a NaN with a payload: returned unchanged
DEFAULT_NAN = 0xFFC00000

#: function → (error kind, spec bound, measured maximum over the sweeps below when the sequences were defined)
ERROR_TABLE = {
    "exp": ("relative", 2.0 ** -21, 9.6e-8),
    "log (0.5..2)": ("absolute", 2.0 ** -21, 1.1e-7),
    "log (elsewhere)": ("relative", 2.0 ** -21, 8.3e-8),
    "sin": ("absolute", 0.0008, 1.8e-7),
    "cos": ("absolute", 0.0008, 1.8e-7),
    "rsq": ("relative", 2.0 ** -21, 9.0e-8),
}


def run(name: str, x: np.ndarray) -> np.ndarray:
    """The instruction as the reference executor runs it (flushed input, flushed output), as float64."""
    bits = np.ascontiguousarray(x, F32).view(U32)
    return FLOAT_OPS[name][1](bits).view(F32).astype(np.float64)


def _random_floats(n: int, seed: int, positive: bool = False) -> np.ndarray:
    bits = np.random.default_rng(seed).integers(0, 1 << 32, n, dtype=np.uint64).astype(U32)
    if positive:
        bits &= U32(0x7FFFFFFF)
    x = bits.view(F32)
    normal = np.isfinite(x) & ((np.abs(x) >= F32(2.0 ** -126)) | (x == 0))
    return x[normal]


def _measure() -> dict[str, float]:
    err = {}
    with np.errstate(all="ignore"):
        # exp: every result in the normal range (below it the result is flushed, above it is INF)
        x = np.concatenate([np.linspace(-126, 128, 1_000_001, dtype=np.float64).astype(F32),
                            _random_floats(400_000, 1)])
        want = np.exp2(x.astype(np.float64))
        ok = (want >= 2.0 ** -126) & (want < 2.0 ** 128)
        err["exp"] = (np.abs(run("exp", x[ok]) - want[ok]) / want[ok]).max()
        # log: a dense sweep of [0.5, 2], a geometric sweep over all normal floats, random bit patterns
        x = np.concatenate([np.linspace(0.5, 2, 1_000_001).astype(F32),
                            np.geomspace(2.0 ** -126, 3.0e38, 1_000_001).astype(F32),
                            _random_floats(400_000, 2, positive=True)])
        x = x[x > 0]
        want, got = np.log2(x.astype(np.float64)), run("log", x)
        near = (x >= 0.5) & (x <= 2)
        err["log (0.5..2)"] = np.abs(got[near] - want[near]).max()
        err["log (elsewhere)"] = (np.abs(got[~near] - want[~near]) / np.abs(want[~near])).max()
        # sin/cos over the spec's interval: densely, and the float32 arguments within 16 ulps of each
        # multiple of pi/2 (where the reduction cancels most) and of the interval's ends
        centres = np.concatenate([np.arange(-200, 201) * (np.pi / 2), [-100 * np.pi, 100 * np.pi]])
        near = (centres.astype(F32).view(np.int32)[:, None] + np.arange(-16, 17)[None, :]).ravel()
        near = np.concatenate([near, (centres[centres != 0].astype(F32).view(np.int32) ^ np.int32(-0x80000000))])
        # and every float32 in +-[1.5, 1.6], +-[3.1, 3.2], +-[6.2, 6.3]: |r| near pi/2, the polynomial's edge,
        # where an exhaustive run over +-[1, 8) and +-[256, 100*pi] found both functions' largest errors
        edges = [np.arange(*np.array([lo, hi], F32).view(np.int32)).view(F32) for lo, hi in
                 ((1.5, 1.6), (3.1, 3.2), (6.2, 6.3))]
        edges = np.concatenate(edges + [-e for e in edges])
        x = np.concatenate([np.linspace(-100 * np.pi, 100 * np.pi, 2_000_001).astype(F32), near.view(F32), edges])
        x = x[np.abs(x.astype(np.float64)) <= 100 * np.pi]
        err["sin"] = np.abs(run("sin", x) - np.sin(x.astype(np.float64))).max()
        err["cos"] = np.abs(run("cos", x) - np.cos(x.astype(np.float64))).max()
        # rsq over all positive normal floats
        x = np.concatenate([np.geomspace(2.0 ** -126, 3.0e38, 1_000_001).astype(F32),
                            _random_floats(400_000, 3, positive=True)])
        x = x[x > 0]
        want = 1 / np.sqrt(x.astype(np.float64))
        err["rsq"] = (np.abs(run("rsq", x) - want) / want).max()
    return err


@pytest.fixture(scope="module")
def measured() -> dict[str, float]:
    return _measure()


@pytest.mark.parametrize("name", list(ERROR_TABLE))
def test_error_within_spec_bound_and_recorded_figure(measured, name):
    kind, bound, recorded = ERROR_TABLE[name]
    assert recorded < bound
    assert measured[name] <= recorded, f"{name}: {kind} error {measured[name]:.3g} (recorded {recorded:.3g})"


def test_sincos_beyond_spec_interval_stays_accurate_then_in_range():
    # k*P1 is exact for |k| < 2^16 (sin: |x| up to ~2e5) and h*P1 for |h| < 2^15 (cos: ~1e5); the error grows
    # with k*P2's rounding but stays < 1e-6 to 6000 (beyond the spec's 100*pi); past the exact range, in [-1, 1]
    x = np.linspace(-6000, 6000, 400_001).astype(F32)
    assert np.abs(run("sin", x) - np.sin(x.astype(np.float64))).max() < 1e-6
    assert np.abs(run("cos", x) - np.cos(x.astype(np.float64))).max() < 1e-6
    big = _random_floats(200_000, 4)
    for name in ("sin", "cos"):
        r = run(name, big)
        assert not np.isnan(r).any() and np.abs(r).max() <= 1.0


def test_exactly_representable_results_are_exact():
    # 2^n for integral n, log2 of powers of two, rsq of even powers of two: the sequences are exact there
    n = np.arange(-126, 128).astype(F32)
    assert np.array_equal(run("exp", n), np.exp2(n.astype(np.float64)))
    p = np.exp2(n.astype(np.float64)).astype(F32)
    assert np.array_equal(run("log", p), n.astype(np.float64))
    even = np.exp2(np.arange(-126, 128, 2).astype(np.float64)).astype(F32)
    assert np.array_equal(run("rsq", even), 1 / np.sqrt(even.astype(np.float64)))
    assert run("sin", np.array([0.0], F32))[0] == 0 and run("cos", np.array([0.0], F32))[0] == 1


# Special values, case by case from the spec's tables: (input bits, expected bits); "F" rows are checked
# above. Denormal inputs are flushed to a zero of the same sign first (3.1.3.2).
_NEG_DENORM, _POS_DENORM = 0x807FFFFF, 0x00000001
SPECIALS = {
    # 22.10.6 exp: -inf → 0, ±denorm/±0 → 1, +inf → +inf, NaN → NaN
    "exp": [(0xFF800000, 0x00000000), (_NEG_DENORM, 0x3F800000), (0x80000000, 0x3F800000),
            (0x00000000, 0x3F800000), (_POS_DENORM, 0x3F800000), (0x7F800000, 0x7F800000),
            (NAN_IN, NAN_IN), (0x43000000, 0x7F800000),  # exp(128) overflows
            (0xC2FC0000, 0x00800000), (0xC2FD0000, 0x00000000)],  # 2^-126 normal; 2^-126.5 flushed
    # 22.10.8 log: -inf, -F → NaN; ±denorm, ±0 → -inf; +inf → +inf
    "log": [(0xFF800000, DEFAULT_NAN), (0xBF800000, DEFAULT_NAN), (_NEG_DENORM, 0xFF800000),
            (0x80000000, 0xFF800000), (0x00000000, 0xFF800000), (_POS_DENORM, 0xFF800000),
            (0x7F800000, 0x7F800000), (NAN_IN, NAN_IN), (0x3F800000, 0x00000000)],
    # 22.10.19 rsq: -inf, -F → NaN; -denorm, -0 → -inf; +0, +denorm → +inf; +inf → +0
    "rsq": [(0xFF800000, DEFAULT_NAN), (0xBF800000, DEFAULT_NAN), (_NEG_DENORM, 0xFF800000),
            (0x80000000, 0xFF800000), (0x00000000, 0x7F800000), (_POS_DENORM, 0x7F800000),
            (0x7F800000, 0x00000000), (NAN_IN, NAN_IN)],
    # 22.10.20 sincos: ±inf → NaN; ±denorm, ±0 → sin ±0, cos +1
    "sin": [(0xFF800000, DEFAULT_NAN), (_NEG_DENORM, 0x80000000), (0x80000000, 0x80000000),
            (0x00000000, 0x00000000), (_POS_DENORM, 0x00000000), (0x7F800000, DEFAULT_NAN),
            (NAN_IN, NAN_IN)],
    "cos": [(0xFF800000, DEFAULT_NAN), (_NEG_DENORM, 0x3F800000), (0x80000000, 0x3F800000),
            (0x00000000, 0x3F800000), (_POS_DENORM, 0x3F800000), (0x7F800000, DEFAULT_NAN),
            (NAN_IN, NAN_IN)],
}
_SPECIAL_CASES = [(n, a, b) for n, rows in SPECIALS.items() for a, b in rows]


@pytest.mark.parametrize(("name", "src", "want"), _SPECIAL_CASES,
                         ids=[f"{n}-{a:08x}" for n, a, _ in _SPECIAL_CASES])
def test_special_values(name, src, want):
    got = int(FLOAT_OPS[name][1](np.array([src], U32))[0])
    assert got == want, f"{name}({src:#010x}) = {got:#010x}, want {want:#010x}"


def test_results_never_denormal():
    # outputs are flushed (3.1.3.2): no sweep input gives a denormal result
    x = np.concatenate([_random_floats(200_000, 5), np.linspace(-160, 160, 200_001).astype(F32)])
    for name in SEQUENCES:
        with np.errstate(all="ignore"):
            b = FLOAT_OPS[name][1](x.view(U32))
        assert not (((b & U32(0x7F800000)) == 0) & ((b & U32(0x7FFFFFFF)) != 0)).any(), name


def test_coefficients_are_float32_values_of_the_series():
    # leading terms of each series, independently: ln 2, 2/ln 2, -1/6 (to float32 rounding + fit)
    c = {k: np.array(v, U32).view(F32).astype(np.float64) for k, v in COEFFS.items()}
    assert abs(c["exp2"][0] - np.log(2)) < 1e-7
    assert abs(c["log2"][0] - 2 / np.log(2)) < 1e-6
    assert abs(c["sin"][0] + 1 / 6) < 1e-7


def test_constant_folding_uses_the_same_sequences():
    # the HLSL compiler folds through the same tables, so a folded constant equals the run-time value
    from pyd3d11.shader.hlsl.optimize import fold_alu

    x = _random_floats(10_000, 6).view(U32)
    for name in SEQUENCES:
        with np.errstate(all="ignore"):
            assert np.array_equal(fold_alu(name, [x]), FLOAT_OPS[name][1](x)), name


def test_native_backend_bit_identical_over_sweeps():
    from pyd3d11.shader import native

    if not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.exec import reference
    from pyd3d11.shader.native import runtime

    src = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
           "exp o0.x, v0.x\nlog o0.y, v0.y\nrsq o0.z, v0.z\nsincos o1.x, o1.y, v0.w\nret\n")
    prog = assemble_program(src)
    rng = np.random.default_rng(7)
    sweeps = [rng.integers(0, 1 << 32, 1 << 17, dtype=np.uint64).astype(U32),
              np.linspace(-400, 400, 1 << 17).astype(F32).view(U32),
              np.array([v for rows in SPECIALS.values() for v, _ in rows], U32)]
    for x in sweeps:
        inputs = np.repeat(x[None, :, None], 4, 2)
        before = runtime.stats.native_runs
        a = runtime.run_program(prog, x.size, inputs=inputs)
        assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
        b = reference.run_program(prog, x.size, inputs=inputs)
        assert np.array_equal(a.outputs, b.outputs)


@pytest.mark.parametrize(("dsts", "sequences"), [("o0.x, null", 1), ("null, o0.x", 1), ("o0.x, o0.y", 2)])
def test_sincos_null_destination_costs_nothing_in_the_native_kernel(dsts, sequences):
    # sin and cos are independent sequences (docs/transcendentals.md), so the kernel of a sincos with a null
    # destination holds one: each sequence multiplies by 1/pi once (3EA2F983), and nothing else does
    from pyd3d11.shader import native

    if not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.native import runtime

    prog = assemble_program(f"ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\nsincos {dsts}, v0.x\nret\n")
    k = runtime.get_kernel(prog, 64)
    assert not isinstance(k, str), k
    text = k.ir_text
    if "@kconst" in text:  # x86 hosts: the float constants are read from a table (llvm_gen._constants_from_table)
        table = text.split("@kconst = internal constant", 1)[1].split("\n", 1)[0]
        idx = [int(v) for v in re.findall(r"splat \(i32 (-?\d+)\)", table)].index(0x3EA2F983)
        assert text.count(f"ptr %ktab, i64 {idx}\n") == sequences
    else:
        assert text.count(f"splat (i32 {0x3EA2F983})") == sequences
