"""The native LOD log2 (sampler_gen.log2_f32): the same float32 bits as the reference's defined sequence
(sampler_lod.log2_f32, the LOD's log2 of D3D11.3 §7.18.11 fixed as one float64 operation sequence rounded once).

The native code takes a short path (8 series terms by Estrin's scheme with fused multiply-adds) and keeps its
result only where an error bound proves it rounds to the defined sequence's float32; elsewhere the vector
takes the defined sequence itself. Tests, expected values from the definition (the reference function and a
test-side copy of its float64 sequence, never from the native code):

* random float32 bit patterns of every class (normal, denormal, zero, ±INF, NaN, negative) through the default
  path, the forced defined sequence and the forced short path;
* inputs whose defined float64 result lies within the proof's margin of a float32 rounding boundary (found by
  sweeping whole binades with the definition; listed below, each re-checked here to be near a boundary): the
  check must send their vectors to the defined sequence (the "probe" build reports the decision), and the
  results must match;
* the margin covers the documented bound of |r_full - r_short| (series tail from Z_MAX, rounding terms);
* nearly every vector of ordinary LOD inputs takes the short path (it is the fast one).
Widths 2, 4 (per-quad log2 at 8 and 16 lanes), 8 and 16.
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from pyd3d11.pipeline import sampler_lod
from pyd3d11.shader import native

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_gen  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402
from pyd3d11.shader.native.ir_text import IrText  # noqa: E402

pytestmark = pytest.mark.backend_specific  # runs the native code directly, once

F32 = np.float32

#: float32 bit patterns whose defined log2 (float64, before rounding) lies within the short path's margin of a
#: float32 rounding boundary: found by sweeping the binades starting at each pattern's top bits with the
#: definition (test-side ``_defined_double``); checked again below
NEAR_TIES = [0x3F95F369, 0x3FA7B667, 0x3FAFA611, 0x3FB4DBE5, 0x3FBAB939, 0x3F2B1D0F, 0x3F312FFA, 0x3F32A8C6,
             0x3F32C669, 0x3F355575, 0x40207AB9, 0x4026A4A6, 0x402C6EDE, 0x410D64DE, 0x3E0D64DE, 0x0048A548,
             0x00914A90, 0x4B554996, 0x3F3A078F, 0x3F442160, 0x3F4A392A, 0x3F59033E]


class _G(IrText):
    """The emission helpers log2_f32 uses, at width ``w``."""

    def __init__(self, w: int) -> None:
        super().__init__()
        self.W = w
        self.VF, self.VI, self.VB = f"<{w} x float>", f"<{w} x i32>", f"<{w} x i1>"
        self.decls: set[str] = set()

    def intr(self, decl: str) -> None:
        self.decls.add(decl)


_BUILT: dict = {}


def _native(x: np.ndarray, w: int, path: str = "auto") -> np.ndarray:
    """log2_f32 as compiled code over ``x`` (a multiple of ``w`` lanes), vector by vector."""
    key = (w, path)
    if key not in _BUILT:
        llvm = runtime._init_llvm()
        g = _G(w)
        VF = g.VF
        g.lines += ["entry:", "  br label %head", "head:",
                    "  %i = phi i64 [ 0, %entry ], [ %i1, %body ]",
                    "  %more = icmp ult i64 %i, %n", "  br i1 %more, label %body, label %out", "body:",
                    "  %px = getelementptr float, ptr %x, i64 %i", f"  %vx = load {VF}, ptr %px, align 4"]
        # the body's last block is whatever log2_f32 leaves open: the loop's back edge comes from there
        r = sampler_gen.log2_f32(g, "%vx", w, path)
        g.lines += ["  %py = getelementptr float, ptr %y, i64 %i", f"  store {VF} {r}, ptr %py, align 4",
                    f"  %i1 = add i64 %i, {w}", "  br label %latch", "latch:", "  br label %head",
                    "out:", "  ret void"]
        body = "\n".join(g.lines).replace("[ %i1, %body ]", "[ %i1, %latch ]")
        text = "\n".join(sorted(g.decls)) + f"\ndefine void @run(ptr %x, ptr %y, i64 %n) {{\n{body}\n}}\n"
        mod = llvm.parse_assembly(text)
        mod.verify()
        engine = llvm.create_mcjit_compiler(mod, runtime._target_machine(llvm))
        engine.finalize_object()
        fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)(engine.get_function_address("run"))
        _BUILT[key] = (engine, fn)
    fn = _BUILT[key][1]
    x = np.ascontiguousarray(x, F32)
    assert x.size % w == 0
    y = np.empty_like(x)
    fn(x.ctypes.data, y.ctypes.data, x.size)
    return y


def _bits(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, F32).view(np.uint32)


def _defined_double(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The definition's float64 value before its rounding to float32 (sampler_lod.log2_f32's module docstring:
    exponent split, atanh series by Horner's rule, IEEE double operations), and its s."""
    d = np.asarray(x, F32).astype(np.float64)
    bits = d.view(np.uint64)
    e = ((bits >> np.uint64(52)) & np.uint64(0x7FF)).astype(np.int64) - 1023
    m = ((bits & np.uint64(0x000FFFFFFFFFFFFF)) | np.uint64(0x3FF0000000000000)).view(np.float64)
    big = m > np.sqrt(2.0)
    m = np.where(big, m * 0.5, m)
    ef = (e + big).astype(np.float64)
    s = (m - 1.0) / (m + 1.0)
    z = s * s
    p = np.full(d.shape, 1.0 / 23.0)
    for k in range(10, -1, -1):
        p = p * z + 1.0 / (2 * k + 1)
    return ((s * p) * 2.0) * (1.0 / np.log(2.0)) + ef, s


def _random_inputs(rng, n: int) -> np.ndarray:
    b = rng.integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32)
    x = b.view(F32).copy()
    # LOD-like values (lengths of texel-space derivatives) and specials in some lanes
    x[: n // 2] = np.abs(x[: n // 2])
    x[n // 4: n // 2] = (2.0 ** rng.uniform(-20, 20, n // 4)).astype(F32)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -1.0, 1e-45, 1.1754942e-38, 1.1754944e-38,
                         3.4028235e38, 1.0, 2.0, 0.5, np.sqrt(2.0), 0.70710677], F32)
    x[n // 2: n // 2 + specials.size] = specials
    x[-specials.size:] = specials[::-1]
    return x


WIDTHS = [2, 4, 8, 16]


@pytest.mark.parametrize("w", WIDTHS)
def test_default_path_equals_the_definition_on_random_inputs(w):
    x = _random_inputs(np.random.default_rng(w), 1 << 16)
    want = _bits(sampler_lod.log2_f32(x))
    assert np.array_equal(_bits(_native(x, w)), want)
    assert np.array_equal(_bits(_native(x, w, "full")), want)  # the defined sequence as compiled


@pytest.mark.parametrize("w", WIDTHS)
def test_short_path_agrees_wherever_its_check_accepts(w):
    x = _random_inputs(np.random.default_rng(100 + w), 1 << 16)
    want = _bits(sampler_lod.log2_f32(x))
    short = _bits(_native(x, w, "short"))
    took = _native(x, w, "probe") == 1.0
    assert np.array_equal(short[took], want[took])
    # the ordinary case: nearly every vector of LOD-like inputs is decided by the short path
    lod_like = (2.0 ** np.random.default_rng(w).uniform(-12, 12, 1 << 14)).astype(F32)
    assert (_native(lod_like, w, "probe") == 1.0).mean() > 0.999


def _tie_distance(x: np.ndarray) -> np.ndarray:
    """|defined float64 value - nearest float32 rounding boundary| / the short path's margin."""
    r, s = _defined_double(x)
    f = r.astype(F32)
    toward = np.where(r > f.astype(np.float64), F32(np.inf), F32(-np.inf))
    boundary = (f.astype(np.float64) + np.nextafter(f, toward).astype(np.float64)) / 2
    margin = np.abs(s) * sampler_gen.LOG2_S_MARGIN + np.abs(r) * sampler_gen.LOG2_R_MARGIN
    return np.abs(r - boundary) / margin


def test_near_ties_are_within_the_margin_by_the_definition():
    x = np.array(NEAR_TIES, np.uint32).view(F32)
    r, _ = _defined_double(x)
    assert np.array_equal(r.astype(F32).view(np.uint32), _bits(sampler_lod.log2_f32(x)))  # the copy is the definition
    dist = _tie_distance(x)
    assert (dist < 1).all()
    assert (dist < 0.5).sum() >= 10  # enough that the check must decline (next test)


@pytest.mark.parametrize("w", WIDTHS)
def test_near_ties_take_the_defined_sequence(w):
    """A defined value within half the margin of a boundary puts the boundary inside the short path's interval
    (|r_short - r_full| is at most half the margin), so the check must decline the vector; ties farther out may
    go either way, and the result is the definition's in every case."""
    rng = np.random.default_rng(7)
    ties = np.array(NEAR_TIES, np.uint32).view(F32)
    must = _tie_distance(ties) < 0.5
    for lane in range(w):  # each tie in every lane position, the other lanes ordinary
        x = (2.0 ** rng.uniform(-8, 8, (ties.size, w))).astype(F32)
        x[:, lane] = ties
        assert (_native(x.ravel(), w, "probe").reshape(x.shape)[must] == 0.0).all()
        assert np.array_equal(_bits(_native(x.ravel(), w)), _bits(sampler_lod.log2_f32(x.ravel())))


def test_margin_covers_the_documented_bound():
    u = 2.0 ** -53
    z_max = sampler_gen.Z_MAX
    assert z_max == pytest.approx(((np.sqrt(2) - 1) / (np.sqrt(2) + 1)) ** 2)
    n = sampler_gen.LOG2_FAST_TERMS
    tail = z_max ** n / (2 * n + 1) / (1 - z_max)  # the series' terms past the short path's, relative to P >= 1
    t_max = 2.0 / np.log(2.0) * (1 + z_max)  # |2 INV_LN2 P| per unit |s| (P <= 1 + z/3 + ... < 1 + z)
    s_term = t_max * (tail + 8 * u)  # 1.06 u + 3 u (reference) + 3.1 u + 2 u (short), rounded up
    r_term = 2 * u  # each path's final add
    assert 2 * s_term <= sampler_gen.LOG2_S_MARGIN
    assert 2 * (r_term + u) <= sampler_gen.LOG2_R_MARGIN  # (+ the rounding of r_c +- margin)


def test_sweep_of_lod_values():
    """A dense sweep over the LOD range of ordinary draws (2^-10 .. 2^12) at the per-quad width."""
    x = np.concatenate([(2.0 ** np.linspace(-10, 12, 4096)).astype(F32),
                        np.array(NEAR_TIES, np.uint32).view(F32), np.zeros(2, F32)])
    x = x[: x.size // 4 * 4]
    assert np.array_equal(_bits(_native(x, 4)), _bits(sampler_lod.log2_f32(x)))
