"""The native merger's FLOAT -> UNORM / SNORM conversion (pipeline/native/om_gen.py ``_Body.round_scaled``) in
integer arithmetic on the float's bits, against the definition (D3D11.3 §3.2.3.4 FLOAT -> SNORM, §3.2.3.6 FLOAT
-> UNORM: NaN -> 0, clamp, scale by 2^n - 1 (2^(n-1) - 1), round half away from zero; numerics.float_to_unorm /
float_to_snorm evaluate it exactly in float64).

Expected codes come from exact rational thresholds (fractions.Fraction, independent of both implementations):
the code of a magnitude a is the number of k >= 1 with a >= (2k - 1) / (2m). Every float32 in [0, 1] is checked
for the 8-bit widths (UNORM and SNORM, both signs); every decision boundary and its float32 neighbours for every
width 1..16 and a sample of 24-bit ones (D24's depth encode takes the same path); special values everywhere.
On a host with fused multiply-add the UNORM widths up to 16 take ``_Body.unorm_fma`` instead, checked the same way;
the UNORM decode (``div_fma`` / ``div_odd``) is run over every code of every width up to 16 bits."""

from __future__ import annotations

import ctypes
from fractions import Fraction

import numpy as np
import pytest

from pyd3d11.formats import numerics as nx
from pyd3d11.shader import native

if not native.available():  # pragma: no cover - depends on the install
    pytest.skip("llvmlite not installed", allow_module_level=True)

from pyd3d11.pipeline.native import om_gen  # noqa: E402
from pyd3d11.pipeline.native.lane_ir import LaneIR  # noqa: E402

pytestmark = pytest.mark.backend_specific  # tests a native code generator directly

_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
_KEEP: dict = {}


def _encoder(kind: str, bits: int, w: int = 8):
    """A compiled ``void enc(float *in, u32 *out, i64 n)`` (n a multiple of ``w``) running lane_ir's encode of one
    channel of ``kind`` / ``bits`` ``w`` lanes at a time."""
    key = (kind, bits, w)
    if key in _KEEP:
        return _KEEP[key][0]
    decls: set[str] = set()
    B = LaneIR(w, "enc", decls)
    x = B.lane_load("%in", "float", 4, "%i")
    code = B.encode(om_gen.Channel(0, 0, 0, bits, kind), x)
    p = B.v("getelementptr i32, ptr %out, i64 %i")
    B.e(f"store <{w} x i32> {code}, ptr {p}, align 4")
    fn = _compile("enc", decls, B.lines, w)
    _KEEP[key] = fn
    return fn[0]


def _compile(name: str, decls: set[str], lines: list[str], w: int):
    """(ctypes function, engine) of ``void NAME(ptr in, ptr out, i64 n)`` looping ``lines`` over ``w`` lanes."""
    from pyd3d11.shader.native import runtime as rt

    text = "\n".join(sorted(decls)) + "\n" + "\n".join([
        f"define void @{name}(ptr noalias %in, ptr noalias %out, i64 %n) {{",
        "entry:", "  br label %h",
        "h:", "  %i = phi i64 [ 0, %entry ], [ %i2, %b ]", "  %c = icmp ult i64 %i, %n", "  br i1 %c, label %b, label %d",
        "b:", *lines, f"  %i2 = add i64 %i, {w}", "  br label %h",
        "d:", "  ret void", "}"])
    llvm = rt._init_llvm()
    mod = llvm.parse_assembly(text)
    mod.verify()
    rt._optimise(llvm, mod)
    engine = llvm.create_mcjit_compiler(mod, rt._target_machine(llvm))
    engine.finalize_object()
    return _FN(engine.get_function_address(name)), engine


def run(kind: str, bits: int, xbits: np.ndarray, w: int = 8) -> np.ndarray:
    n = xbits.size
    pad = (-n) % w
    inp = np.ascontiguousarray(np.concatenate([xbits.astype(np.uint32), np.zeros(pad, np.uint32)]))
    out = np.empty(inp.size, np.uint32)
    _encoder(kind, bits, w)(inp.ctypes.data, out.ctypes.data, inp.size)
    return out[:n]


def thresholds(m: int) -> np.ndarray:
    """uint32 bits of the smallest float32 a >= 0 with a * m >= k - 1/2, for k = 1..m (exact rationals)."""
    out = np.empty(m, np.uint32)
    for k in range(1, m + 1):
        t = Fraction(2 * k - 1, 2 * m)
        f = np.float32(float(t))
        while Fraction(float(f)) < t:
            f = np.nextafter(f, np.float32(2))
        while Fraction(float(np.nextafter(f, np.float32(0)))) >= t:
            f = np.nextafter(f, np.float32(0))
        out[k - 1] = np.array(f, np.float32).view(np.uint32)
    return out


def expected(kind: str, bits: int, xbits: np.ndarray, thr: np.ndarray) -> np.ndarray:
    """The definition: magnitude code = thresholds passed (non-negative float32 bits order like their values),
    clamped to m; NaN -> 0; UNORM negatives -> 0; SNORM sign applied, cut to n bits."""
    a = xbits & 0x7FFFFFFF
    q = np.searchsorted(thr, a, side="right").astype(np.int64)
    q[a > 0x7F800000] = 0
    neg = (xbits >> 31).astype(bool)
    if kind == "unorm":
        q[neg] = 0
        return q.astype(np.uint32)
    q[neg] = -q[neg]
    return (q & ((1 << bits) - 1)).astype(np.uint32)


SPECIALS = np.array([0, 0x80000000, 1, 0x80000001, 0x007FFFFF, 0x00800000, 0x7F800000, 0xFF800000, 0x7FC00000,
                     0xFFC00000, 0x7F800001, 0xFFFFFFFF, 0x7FFFFFFF, 0x3F800000, 0xBF800000, 0x3F800001, 0xBF800001,
                     0x3F7FFFFF, 0xBF7FFFFF, 0x40000000, 0x4B7FFFFF, 0x4F800000, 0x7F7FFFFF, 0xFF7FFFFF,
                     0x3F000000, 0xBF000000, 0x3B000000, 0x3AFFFFFF], np.uint32)


def _boundary_inputs(thr: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each threshold, its float32 neighbours, both signs, the specials and random values in [-2, 2]."""
    t = thr.astype(np.int64)
    near = np.concatenate([t + d for d in (-2, -1, 0, 1, 2)])
    near = near[(near >= 0) & (near <= 0x3F800001)].astype(np.uint32)
    rand = (rng.random(20000, dtype=np.float32) * np.float32(4) - np.float32(2)).view(np.uint32)
    expo = (rng.integers(0, 256, 20000).astype(np.uint32) << 23) | rng.integers(0, 1 << 23, 20000).astype(np.uint32)
    both = np.concatenate([near, near | np.uint32(0x80000000), SPECIALS, rand, expo, expo | np.uint32(0x80000000)])
    return both


# SNORM needs a sign bit: its widths start at 2
@pytest.mark.parametrize("kind,bits", [(k, b) for k in ("unorm", "snorm") for b in range(1 if k == "unorm" else 2, 17)])
def test_every_boundary_of_every_width(kind, bits):
    m = (1 << bits) - 1 if kind == "unorm" else (1 << (bits - 1)) - 1
    thr = thresholds(m)
    xb = _boundary_inputs(thr, np.random.default_rng(bits))
    got = run(kind, bits, xb)
    assert np.array_equal(got, expected(kind, bits, xb, thr))
    x = xb.view(np.float32)
    with np.errstate(invalid="ignore"):
        ref = nx.float_to_unorm(x, bits) if kind == "unorm" else nx.float_to_snorm(x, bits)
    assert np.array_equal(got, ref.astype(np.uint32))  # the reference implements the same definition


@pytest.mark.parametrize("kind", ["unorm", "snorm"])
def test_24_bit_boundaries_sampled(kind):
    """D24_UNORM's depth encode (om_gen encodes depth with a 24-bit UNORM channel) and a wide SNORM: the i64
    branch. Boundaries (2k - 1) / (2m) for sampled k, exact."""
    bits = 24
    m = (1 << bits) - 1 if kind == "unorm" else (1 << (bits - 1)) - 1
    rng = np.random.default_rng(24)
    ks = np.unique(np.concatenate([np.arange(1, 300), rng.integers(1, m + 1, 3000), np.arange(m - 300, m + 1)]))
    xs, want = [], []
    for k in ks:
        t = Fraction(2 * int(k) - 1, 2 * m)
        f = np.float32(float(t))
        for cand in (np.nextafter(np.nextafter(f, np.float32(0)), np.float32(0)), np.nextafter(f, np.float32(0)), f,
                     np.nextafter(f, np.float32(2)), np.nextafter(np.nextafter(f, np.float32(2)), np.float32(2))):
            q = Fraction(float(cand)) * m + Fraction(1, 2)
            code = min(int(q.numerator // q.denominator), m)
            xs.append(np.array(cand, np.float32).view(np.uint32))
            want.append(code)
    xb = np.array(xs, np.uint32)
    got = run(kind, bits, xb)
    assert np.array_equal(got, np.array(want, np.uint32))
    neg = run(kind, bits, xb | np.uint32(0x80000000))
    w = np.array(want, np.int64)
    assert np.array_equal(neg, np.zeros_like(neg) if kind == "unorm" else ((-w) & ((1 << bits) - 1)).astype(np.uint32))


@pytest.mark.parametrize("kind", ["unorm", "snorm"])
def test_every_float_in_unit_interval_8bit(kind):
    """Exhaustive: every float32 bit pattern in [0, 1] (and, for SNORM, its negation) through the native encode
    equals the exact definition — about 1.07e9 inputs per sign, in chunks, the expected codes piecewise constant
    between the exact thresholds."""
    bits = 8
    m = 255 if kind == "unorm" else 127
    thr = thresholds(m).astype(np.int64)
    top = 0x3F800000 + 1
    chunk = 1 << 24
    edges = np.concatenate([[0], thr, [top]])
    fn = _encoder(kind, bits)
    base = np.arange(chunk, dtype=np.uint32)
    inp = np.empty(chunk, np.uint32)
    out = np.empty(chunk, np.uint32)
    exp = np.empty(chunk, np.uint32)
    for sign in ((0, 0x80000000) if kind == "snorm" else (0,)):
        for c0 in range(0, top, chunk):
            c1 = min(c0 + chunk, top)
            n = c1 - c0
            np.add(base, np.uint32(c0 | sign), out=inp)
            fn(inp.ctypes.data, out.ctypes.data, chunk)
            # expected: code k on [edges[k], edges[k+1]) of the magnitude
            k0 = int(np.searchsorted(edges, c0, side="right")) - 1
            k1 = int(np.searchsorted(edges, c1 - 1, side="right")) - 1
            for k in range(k0, k1 + 1):
                lo, hi = max(int(edges[k]), c0), min(int(edges[k + 1]), c1)
                exp[lo - c0:hi - c0] = (-min(k, m)) & 0xFF if sign else min(k, m)
            assert np.array_equal(out[:n], exp[:n]), (kind, sign, c0)


def _decoder(bits: int, w: int = 8):
    """A compiled ``void dec(u32 *in, float *out, i64 n)`` running om_gen's UNORM decode of one channel."""
    key = ("dec", bits, w)
    if key in _KEEP:
        return _KEEP[key][0]
    decls: set[str] = set()
    B = LaneIR(w, "dec", decls)
    c = B.lane_load("%in", "i32", 4, "%i")
    f = B.decode(om_gen.Channel(0, 0, 0, bits, "unorm"), c)
    p = B.v("getelementptr float, ptr %out, i64 %i")
    B.e(f"store <{w} x float> {f}, ptr {p}, align 4")
    _KEEP[key] = _compile("dec", decls, B.lines, w)
    return _KEEP[key][0]


@pytest.mark.parametrize("bits,w", [(b, 8) for b in range(1, 17)] + [(8, 16), (16, 16)])
def test_unorm_decode_every_code(bits, w):
    """om_gen's UNORM decode (div_split where the host has fused multiply-add, else div_odd) for every code of
    every width up to 16 bits: the bits of numerics.unorm_to_float, one float32 division c / (2^n - 1)."""
    m = (1 << bits) - 1
    codes = np.arange(0, m + 1, dtype=np.uint32)
    pad = (-codes.size) % w
    inp = np.ascontiguousarray(np.concatenate([codes, np.zeros(pad, np.uint32)]))
    out = np.empty(inp.size, np.float32)
    _decoder(bits, w)(inp.ctypes.data, out.ctypes.data, inp.size)
    want = nx.unorm_to_float(codes, bits).astype(np.float32)
    assert np.array_equal(out[:codes.size].view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("bits", [2, 5, 8, 10, 16])
def test_unorm_encode_16_lanes(bits):
    """The sixteen-lane merger body (om_gen ``_F``) runs the encode on 16-lane vectors, whose clamps are split into
    eight-lane MAXPS/MINPS (LaneIR.maxps): every boundary of the width against the exact definition."""
    m = (1 << bits) - 1
    thr = thresholds(m)
    xb = _boundary_inputs(thr, np.random.default_rng(100 + bits))
    assert np.array_equal(run("unorm", bits, xb, 16), expected("unorm", bits, xb, thr))


#: the inputs of the min/max rules: signed zeros, NaNs of both signs (quiet, signalling), infinities, the clip
#: bounds and their neighbours, denormals
_MINMAX = np.array([0, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000, 0x3F800000,
                    0x3F7FFFFF, 0x3F800001, 0xBF800000, 0xBF7FFFFF, 0xBF800001, 1, 0x80000001, 0x3F000000,
                    0x40000000, 0xC0000000, 0x007FFFFF], np.uint32)


def _minmax_fn(op: str, w: int):
    """``out[i] = op(a[i], b[i])`` over ``w`` lanes; ``in`` holds a then b (n each), as u32 bits."""
    key = ("mm", op, w)
    if key in _KEEP:
        return _KEEP[key][0]
    decls: set[str] = set()
    B = LaneIR(w, "mm", decls)
    a = B.asf(B.lane_load("%in", "i32", 4, "%i"))
    b = B.asf(B.lane_load("%in", "i32", 4, B.v("add i64 %i, %n")))
    if op == "clip01":
        r = B.clip(a, B.sp("float", 0.0), B.sp("float", 1.0))
    elif op == "clipm11":
        r = B.clip(a, B.sp("float", -1.0), B.sp("float", 1.0))
    else:
        r = getattr(B, op)(a, b)
    p = B.v("getelementptr i32, ptr %out, i64 %i")
    B.e(f"store <{w} x i32> {B.asi(r)}, ptr {p}, align 4")
    _KEEP[key] = _compile("mm", decls, B.lines, w)
    return _KEEP[key][0]


@pytest.mark.parametrize("w", [1, 8, 16])
@pytest.mark.parametrize("op", ["maxps", "minps", "clip01", "clipm11"])
def test_minmax_rules(op, w):
    """LaneIR.maxps / minps are the x86 rules ``a > b ? a : b`` / ``a < b ? a : b`` (ordered: a NaN on either side
    or equal operands give b — so maxps(0, -0) is -0 and maxps(NaN, 1) is 1), and clip is np.clip (NaN and -0
    kept), on every pair of special values, at one, eight and sixteen lanes (the last split into two AVX halves)."""
    a, b = np.meshgrid(_MINMAX, _MINMAX)
    a, b = a.ravel(), b.ravel()
    n = a.size + (-a.size) % 16
    a = np.concatenate([a, np.zeros(n - a.size, np.uint32)])
    b = np.concatenate([b, np.zeros(n - b.size, np.uint32)])
    out = np.empty(n, np.uint32)
    inp = np.ascontiguousarray(np.concatenate([a, b]))
    _minmax_fn(op, w)(inp.ctypes.data, out.ctypes.data, n)
    fa, fb = a.view(np.float32), b.view(np.float32)
    with np.errstate(invalid="ignore"):
        if op == "maxps":
            want = np.where(fa > fb, a, b)
        elif op == "minps":
            want = np.where(fa < fb, a, b)
        else:
            lo = np.float32(0.0 if op == "clip01" else -1.0)
            want = np.clip(fa, lo, np.float32(1.0)).view(np.uint32)
            # np.clip keeps NaN payloads and -0: compare bits, NaNs as a class (the payload is the input's)
            nan = fa != fa
            assert np.array_equal(out[nan], a[nan])
            want = np.where(nan, a, want)
    assert np.array_equal(out, want)
