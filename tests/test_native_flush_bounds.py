"""Output flushes the native generator skips by magnitude bounds (shader/native/magnitude.py; D3D11.3 §3.1.3.2).

Three layers: each bound rule against numpy float32 on operands drawn at, around and far from their bounds
(cancelling pairs included) — a finite nonzero result must be at least 2^bound; the sincos bound against the
float32 sequence (transcendental.evaluate) on inputs next to multiples of pi/2, tiny and huge ones; and kernels
where a flush must stay (the result is a denormal, expected word worked out by hand from §3.1.3 and IEEE 754) or
may go (the count of flush sequences in the IR of a shader like bench S1z's).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import magnitude as mg
from pyd3d11.shader.native import runtime
from pyd3d11.shader.ops import transcendental

U32 = np.uint32
F32 = np.float32


# ---- the rules against float32 arithmetic --------------------------------------------------------------------

def _draw(rng, bound: mg.Bound, n: int) -> np.ndarray:
    """float32 values within ``bound``: magnitudes exactly 2^l, a few ulps above, and spread over 40 binades
    above (capped at float32's range), random signs; zeros where the bound allows them."""
    l, may_zero = bound
    lo = max(l, mg.DENORMAL_MIN)
    base = np.ldexp(1.0, lo)
    ulps = np.ldexp(1.0, max(lo - 23, mg.DENORMAL_MIN))
    parts = [np.full(n // 4, base), base + ulps * rng.integers(1, 8, n // 4),
             np.ldexp(rng.uniform(1.0, 2.0, n // 2), rng.integers(lo, min(lo + 40, 127), n // 2))]
    v = np.concatenate(parts).astype(F32)
    v = v[v >= F32(np.ldexp(1.0, lo))] if lo >= mg.DENORMAL_MIN else v
    v = np.where(rng.integers(0, 2, v.size) == 1, -v, v).astype(F32)
    if may_zero:
        v[: max(1, v.size // 16)] = 0
    return v


def _check(result: np.ndarray, bound: mg.Bound) -> None:
    r = np.abs(result[np.isfinite(result) & (result != 0)].astype(np.float64))
    if bound[0] >= mg.NO_VALUE:
        assert r.size == 0
        return
    assert r.size == 0 or r.min() >= math.ldexp(1.0, bound[0]), (r.min(), bound)


BOUNDS = [(l, z) for l in (-149, -140, -126, -125, -100, -74, -50, -26, -24, -1, 0, 3, 30) for z in (False, True)]


@pytest.mark.backend_independent
@pytest.mark.parametrize("a", BOUNDS, ids=str)
def test_product_bound_holds(a):
    rng = np.random.default_rng([7, a[0] + 200, a[1]])
    with np.errstate(all="ignore"):
        for b in BOUNDS:
            x, y = _draw(rng, a, 64), _draw(rng, b, 64)
            xs, ys = np.meshgrid(x, y)
            _check(np.multiply(xs, ys, dtype=F32), mg.mul(a, b))


@pytest.mark.backend_independent
@pytest.mark.parametrize("a", BOUNDS, ids=str)
def test_sum_bound_holds_with_cancellation(a):
    rng = np.random.default_rng([11, a[0] + 200, a[1]])
    with np.errstate(all="ignore"):
        for b in BOUNDS:
            x, y = _draw(rng, a, 64), _draw(rng, b, 64)
            xs, ys = np.meshgrid(x, y)
            _check(np.add(xs, ys, dtype=F32), mg.add(a, b))
            # y next to -x, where the sum cancels: -x moved by a few of its ulps (kept inside b's bound)
            for k in (-3, -1, 1, 2, 5):
                z = -((np.abs(x).view(np.int32) + k).view(F32) * np.sign(x).astype(F32))
                ok = (np.abs(z) >= F32(np.ldexp(1.0, max(b[0], mg.DENORMAL_MIN)))) & (z != 0) if b[0] < mg.NO_VALUE \
                    else np.zeros(z.shape, bool)
                _check(np.add(x[ok], z[ok], dtype=F32), mg.add(a, b))


@pytest.mark.backend_independent
def test_the_rules_by_hand():
    # worked from the rule statements (magnitude.py), not from the code
    assert mg.constant(0.5) == (-1, False) and mg.constant(0.299) == (-2, False) and mg.constant(3.0) == (1, False)
    assert mg.constant(0.0) == (mg.NO_VALUE, True) and mg.constant(math.inf)[0] == mg.NO_VALUE
    assert mg.flushed_input(mg.UNKNOWN) == (-126, True) and mg.flushed_input((-20, False)) == (-20, False)
    assert mg.mul((-126, True), (1, False)) == (-125, True)  # x * 2: never a denormal
    assert mg.mul((-126, True), (-1, False)) == (-127, True)  # x * 0.5: may be one
    assert mg.mul((-100, False), (-60, False)) == (-149, True)  # may underflow to 0
    assert mg.add((-126, True), (-1, False)) == (-25, True)  # x + 0.5: 0 or at least 2^-25
    assert mg.add((-126, True), (-126, True)) == (-150 + 1, True)  # two flushed values can cancel to 2^-149
    assert mg.add((-27, True), (-28, True)) == (-51, True)
    assert mg.add((mg.NO_VALUE, True), (-40, True)) == (-40, True)  # 0 + y is y
    assert mg.pick((-3, False), (-126, True)) == (-126, True)
    assert mg.saturate((-126, True)) == (-126, True) and mg.saturate((5, False)) == (0, True)
    assert mg.sqrt((-126, True)) == (-63, True) and mg.sqrt((-125, True)) == (-63, True)
    assert mg.sincos((-126, True)) == (-126, True) and mg.sincos((2, False)) == (-74, True)
    assert all(mg.never_denormal(b) for b in ((-126, True), (0, False))) and not mg.never_denormal((-127, True))


@pytest.mark.backend_independent
def test_saturate_sqrt_and_pick_bounds_hold():
    rng = np.random.default_rng(5)
    with np.errstate(all="ignore"):
        for b in BOUNDS:
            x = _draw(rng, b, 256)
            _check(np.clip(np.nan_to_num(x, nan=0.0), 0, 1).astype(F32), mg.saturate(b))
            _check(np.sqrt(np.abs(x), dtype=F32), mg.sqrt(b))
            for c in BOUNDS:
                y = _draw(rng, c, 256)
                _check(np.minimum(x, y), mg.pick(b, c))
        _check(np.arange(-1000, 1000, 7, dtype=np.int32).astype(F32), mg.from_integer())


def _sincos_inputs() -> np.ndarray:
    """Flushed float32 inputs where sin/cos come closest to 0: next to k*pi/2 for k up to 2^14 and a sample of
    larger k (±8 ulps), the least normals, tiny values, powers of two over the whole range, huge values."""
    k = np.concatenate([np.arange(1, 1 << 14), np.unique(np.geomspace(1 << 14, 1e37, 4000).astype(np.float64))])
    centre = (k * (np.pi / 2)).astype(F32).view(np.int32)
    near = (centre[:, None] + np.arange(-8, 9)[None, :]).ravel()
    tiny = np.concatenate([np.arange(0x00800000, 0x00800000 + 4096), np.arange(0x0D000000, 0x0D000000 + 4096)])
    pow2 = (np.arange(1, 255, dtype=np.int32) << 23)
    huge = np.arange(0x7F000000, 0x7F7FFFFF, 4099)
    words = np.concatenate([near, tiny, pow2, huge]).astype(np.int32)
    words = np.concatenate([words, words | np.int32(-0x80000000)])
    x = words.view(F32)
    return x[np.isfinite(x)]


@pytest.mark.backend_independent
@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sincos_results_are_never_denormal(name):
    # magnitude.sincos: every finite nonzero result is at least min(|x|, 2^-74), so at least 2^-126
    x = _sincos_inputs()
    r = transcendental.evaluate(name, x)
    fin = np.isfinite(r) & (r != 0)
    lx = np.floor(np.log2(np.abs(x[fin]).astype(np.float64)))
    floor = np.ldexp(1.0, np.minimum(lx, mg.SINCOS_FLOOR).astype(int))
    assert np.all(np.abs(r[fin].astype(np.float64)) >= floor)
    assert not np.any((r.view(np.int32) & 0x7F800000) == 0) or np.all(r[(r.view(np.int32) & 0x7F800000) == 0] == 0)


# ---- kernels: the flushes that must stay, and those that go --------------------------------------------------

PS = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n")
FLT_MIN, NEG_ZERO = 0x00800000, 0x80000000


def _words(*vals: float) -> int:
    return [int(F32(v).view(U32)) for v in vals]


# (name, body, v0.x word, v1.x word, expected o0.x word): each result is a denormal before its flush (→ ±0) or
# sits exactly at a bound
CASES = [
    ("min_then_half", "min r0.x, v0.x, v1.x\nmul o0.x, r0.x, l(0.5)\n", FLT_MIN, 0x3F800000, 0),
    ("max_then_half", "max r0.x, v0.x, -v1.x\nmul o0.x, r0.x, l(0.5)\n", 0x80800000, 0x00800000, NEG_ZERO),
    ("movc_then_half", "movc r0.x, l(1), v0.x, v1.x\nmul o0.x, r0.x, l(0.5)\n", FLT_MIN, 0, 0),
    ("sat_then_quarter", "mov_sat r0.x, v0.x\nmul o0.x, r0.x, l(0.25)\n", 0x01000000, 0, 0),
    ("sum_cancels", "add o0.x, v0.x, -v1.x\n", 0x00C00000, FLT_MIN, 0),
    ("half_plus_half_cancels", "mul r0.x, v0.x, l(0.5)\nadd o0.x, r0.x, l(-0.5)\n", 0x3F800001, 0,
     0x33800000),  # (1 + 2^-23)/2 - 1/2 = 2^-24: exact, at the 2^-25 bound's side
    ("sin_times_small", "sincos r0.x, null, v0.x\nmul o0.x, r0.x, v1.x\n", 0x0D800000, 0x30800000, 0),
    ("sin_of_tiny_is_tiny", "sincos r0.x, null, v0.x\nadd o0.x, r0.x, l(0.0)\n", FLT_MIN, 0, FLT_MIN),
    # 2^-70 · 2^-70 is a denormal (→ 0) beside 1 · 2^-126: unflushed, the sum would be 2^-126 + 2^-140
    ("dp2_tiny_product", "mov r0.x, v0.x\nmov r0.y, v1.x\ndp2 o0.x, r0.xyxx, l(0x1C800000, 0x00800000, 0, 0)\n",
     0x1C800000, 0x3F800000, FLT_MIN),
    # 1.5·2^-126 - 2^-126: the dot's sum cancels to 2^-127 (→ 0)
    ("dp2_sum_cancels", "dp2 o0.x, v0.xyxx, l(0x00C00000, 0x80800000, 0, 0)\n", 0x3F800000, 0, 0),
    ("mad_tiny", "mad o0.x, v0.x, v1.x, l(0.0)\n", 0x1C800000, 0x1C800000, 0),
    ("sqrt_then_square", "sqrt r0.x, v0.x\nmul r0.x, r0.x, r0.x\nmul o0.x, r0.x, l(0.5)\n", FLT_MIN, 0, 0),
    ("itof_times_tiny", "itof r0.x, v0.x\nmul o0.x, r0.x, l(0x0D800000)\n", 3, 0, _words(3 * 2.0 ** -100)[0]),
    ("itof_zero_times_tiny", "itof r0.x, v0.x\nmul o0.x, r0.x, l(0x0D800000)\n", 0, 0, 0),
]


@pytest.fixture
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _both(src: str, inputs: np.ndarray) -> np.ndarray:
    outs = []
    for be in ("native", "reference"):
        native.set_backend(be)
        prog = assemble_program(src)
        fn = runtime.run_program if be == "native" else reference.run_program
        before = runtime.stats.native_runs
        outs.append(fn(prog, inputs.shape[1], inputs=inputs).outputs)
        if be == "native":
            assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    assert np.array_equal(outs[0], outs[1])
    return outs[0]


@pytest.mark.backend_specific
@pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)")
@pytest.mark.parametrize("width", ["8", ""])
@pytest.mark.parametrize("name,body,v0,v1,want", CASES, ids=[c[0] for c in CASES])
def test_flushes_that_must_stay(_strict, monkeypatch, width, name, body, v0, v1, want):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    inputs = np.stack([np.full((64, 4), v0, U32), np.full((64, 4), v1, U32)])
    out = _both(PS + body + "ret\n", inputs)
    assert out[0, :, 0].tolist() == [want] * 64, hex(int(out[0, 0, 0]))


S1Z_LIKE = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
mul r0.xy, v1.xyxx, l(6.283185, 6.283185, 6.283185, 6.283185)
sincos r0.z, null, r0.x
sincos null, r0.w, r0.y
mul r1.x, r0.z, r0.w
mul r0.z, r0.x, l(3.000000)
mul r0.w, r0.y, l(2.000000)
add r0.x, r0.z, r0.w
sincos r0.y, null, r0.x
mul r0.w, r1.x, r0.y
mov r0.x, r1.xxxx
mov r0.z, r0.yyyy
mul r1.xyz, r0.xzww, l(0.500000, 0.500000, 0.500000, 0.500000)
add r0.xyz, r1.xyzz, l(0.500000, 0.500000, 0.500000, 0.500000)
dp3 r0.w, r0.xyzx, l(0.299000, 0.587000, 0.114000, 0.114000)
mul r1.xyz, r0.xyzx, r0.wwww
add r0.xyz, r1.xyzz, l(0.100000, 0.200000, 0.300000, 0.300000)
mul r1.x, r0.w, l(12.000000)
mul r0.w, v1.x, l(5.000000)
add r1.y, r1.x, r0.w
sincos null, r0.w, r1.y
mul r1.x, l(0.250000), r0.w
add r0.w, l(0.750000), r1.x
mul_sat o0.xyz, r0.xyzx, r0.wwww
mov o0.w, l(0,0,0,1.000000)
ret
"""


@pytest.mark.backend_independent
@pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)")
def test_s1z_shader_keeps_only_the_flushes_its_values_need():
    # By the rules: the inputs v1.x, v1.y (unknown); sin·cos (two values down to 2^-126: the product may be
    # a denormal); r0.z + r0.w (two variables: may cancel); a·b; and the three ·0.5 of a, b, a·b (a flushed value
    # halved). Not: v·2π, ·3, ·2, ·12, ·5 (|c| >= 1), the four sincos results (magnitude.sincos), c·0.5 + 0.5
    # (>= 2^-25), the dp3 products (>= 2^-27) and sums (>= 2^-52), c·l (>= 2^-79), + 0.1.., l·12 + v·5 (>= 2^-73),
    # 0.25·cos (cos of a value >= 2^-73 is >= 2^-74), 0.75 + .., and the final products (>= 2^-50).
    from pyd3d11.shader.native import llvm_gen

    text, _ = llvm_gen.generate(runtime.lowered(assemble_program(S1Z_LIKE)), 64, None, 8)
    flushes = [ln for ln in text.splitlines() if ln.strip().startswith("%") and "= and <8 x i32>" in ln
               and ln.endswith("splat (i32 2139095040)")]
    assert len(flushes) == 9, "\n".join(flushes)  # v1.x is read (and its input flushed) twice
