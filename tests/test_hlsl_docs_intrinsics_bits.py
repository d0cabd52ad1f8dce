"""Issue 15: the bit and reinterpretation intrinsics of SM4/5 (MicrosoftDocs direct3dhlsl pages: countbits,
firstbithigh, firstbitlow, reversebits, asuint/asint/asfloat/asdouble, asuint(double, out, out), f16tof32,
f32tof16, msad4, D3DCOLORtoUBYTE4, any/all, fma and the double forms), compiled and run on both backends with
run-time and literal arguments; expectations computed here bit by bit from each page's definition."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hlsl_docs_compare import carried_bits, check_expr
from hlsl_docs_kit import comps, value_of

NAN, INF = float("nan"), float("inf")

WORDS = np.array([0, 1, 0x80000000, 0xFFFFFFFF, 0x12345678, 0x0F0F0F0F, 0x00010000, 0x7FFFFFFF, 6, 0xF0000000,
                  0x00000100, 0xAAAAAAAA], np.int64)


def _grid(t: str, n: int = 3) -> np.ndarray:
    k = {"": 1, "1": 1, "2": 2, "3": 3, "4": 4}[t[len(t.rstrip("1234")):]]
    return WORDS[(np.arange(n * k) * 5) % len(WORDS)].reshape(n, k)


def _countbits(v):
    return np.vectorize(lambda x: bin(int(x) & 0xFFFFFFFF).count("1"))(v)


def _firstbitlow(v):
    def f(x):
        x = int(x) & 0xFFFFFFFF
        return 0xFFFFFFFF if x == 0 else (x & -x).bit_length() - 1
    return np.vectorize(f)(v)


def _firstbithigh_u(v):
    return np.vectorize(lambda x: 0xFFFFFFFF if (int(x) & 0xFFFFFFFF) == 0 else (int(x) & 0xFFFFFFFF).bit_length() - 1)(v)


def _firstbithigh_i(v):
    """Signed (page: "for a negative number, the first 0 bit"): -1 when there is no such bit (0 and -1)."""
    def f(x):
        x = int(x) & 0xFFFFFFFF
        if x & 0x80000000:
            x = ~x & 0xFFFFFFFF
        return 0xFFFFFFFF if x == 0 else x.bit_length() - 1
    return np.vectorize(f)(v)


def _reversebits(v):
    return np.vectorize(lambda x: int(f"{int(x) & 0xFFFFFFFF:032b}"[::-1], 2))(v)


@pytest.mark.parametrize("layout", ["uint", "uint2", "uint3", "uint4"])
def test_countbits_firstbitlow_reversebits(layout: str):
    x = _grid(layout)
    check_expr("countbits(a)", [layout], layout, [x], _countbits(x))
    check_expr("firstbitlow(a)", [layout], layout, [x], _firstbitlow(x))
    check_expr("reversebits(a)", [layout], layout, [x], _reversebits(x))


@pytest.mark.parametrize("layout", ["uint", "uint3", "uint4"])
def test_firstbithigh_unsigned(layout: str):
    x = _grid(layout)
    check_expr("firstbithigh(a)", [layout], layout, [x], _firstbithigh_u(x))


@pytest.mark.parametrize("layout", ["int", "int2", "int4"])
def test_firstbithigh_signed_finds_the_first_bit_unlike_the_sign(layout: str):
    x = _grid(layout)
    xi = x.astype(np.uint32).view(np.int32).astype(np.int64)
    check_expr("firstbithigh(a)", [layout], layout, [xi], _firstbithigh_i(x).astype(np.uint32).view(np.int32))


def test_countbits_and_firstbitlow_of_int_arguments():
    """fxc's candidates are countbits(uint), firstbitlow(uint): an int converts (bits kept), the result is uint."""
    x = np.array([[-1, -8, 0, 12]], np.int64)
    check_expr("countbits(a)", ["int4"], "uint4", [x], [[32, 29, 0, 2]])
    check_expr("firstbitlow(a)", ["int4"], "uint4", [x], [[0, 3, 0xFFFFFFFF, 2]])


# --------------------------------------------------------------------------- reinterpretation

FBITS = np.array([[0x3F800000, 0xBF800000, 0x7F800000, 0x7FC00001], [0x00000001, 0x80000000, 0x7F7FFFFF,
                                                                      0xFF800000]], np.int64)


@pytest.mark.parametrize("src,dst", [("uint", "float"), ("int", "float"), ("float", "uint"), ("float", "int"),
                                     ("int", "uint"), ("uint", "int"), ("float", "float"), ("uint", "uint")])
@pytest.mark.parametrize("shape", ["", "4", "2x2"])
def test_as_functions_keep_every_bit(src: str, dst: str, shape: str):
    """asfloat/asint/asuint reinterpret the bits (pages): NaN payloads and denormals unchanged."""
    n = 1 if shape == "" else 4
    raw = FBITS.reshape(-1)[: 2 * n].reshape(2, n)
    srcv = value_of(f"{src}{shape}", raw.astype(np.uint32))
    expect = value_of(f"{dst}{shape}", raw.astype(np.uint32))
    # with literal arguments a float's -0 and denormal words are carried as +0 by fxc's optimiser (d3dcompiler_47
    # 10.1 under Wine, session 37: this program compiled by the DLL gives asuint(asfloat(1u)) == 0)
    folded = value_of(f"{dst}{shape}", carried_bits(raw).astype(np.uint32)) if src == "float" else None
    check_expr(f"as{dst}(a)", [f"{src}{shape}"], f"{dst}{shape}", [srcv], expect, fold_expect=folded)


def test_asdouble_joins_low_and_high_words():
    """asdouble(lowbits, highbits) (page): one double per pair, vector form too."""
    d = np.array([1.5, -2.0**-1030, 1e300, -0.0], np.float64)
    w = d.view(np.uint32).reshape(4, 2).astype(np.int64)
    check_expr("asdouble(a, b)", ["uint", "uint"], "double", [w[:, :1], w[:, 1:]], d.reshape(4, 1))
    lo = w[:, 0].reshape(2, 2)
    hi = w[:, 1].reshape(2, 2)
    check_expr("asdouble(a, b)", ["uint2", "uint2"], "double2", [lo, hi], d.reshape(2, 2))


def test_asuint_of_a_double_splits_it():
    d = np.array([[1.5], [-2.0**-1030], [1e300], [-0.0]], np.float64)
    w = d.view(np.uint32).reshape(4, 2)
    # a literal -0.0L held in the parameter is carried as +0 by fxc (d3dcompiler_47 10.1 under Wine, session 37)
    folded = np.where(d.view(np.uint64) == 1 << 63, 0, d.view(np.uint64)).view(np.uint32).reshape(4, 2)
    check_expr("split(a)", ["double"], "uint2", [d], w, fold_expect=folded,
               prelude="uint2 split(double v) { uint lo, hi; asuint(v, lo, hi); return uint2(lo, hi); }")


# --------------------------------------------------------------------------- float16 conversions

def _f16_to_f32(h):
    return (np.asarray(h, np.uint32) & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float32)


H16 = np.array([[0x3C00, 0xC000, 0x0001, 0x03FF], [0x7C00, 0xFC00, 0x7E00, 0x8000], [0x7BFF, 0x0400, 0x3555,
                                                                                     0x13C00]], np.int64)


@pytest.mark.parametrize("layout", ["uint", "uint2", "uint4"])
def test_f16tof32_is_exact_including_half_denormals_inf_and_nan(layout: str):
    """f16tof32 (page, 22.13.1): the low 16 bits as a half, exactly (half denormals are normal floats); the upper
    16 bits are ignored (0x13C00 is 1.0)."""
    k = {"uint": 1, "uint2": 2, "uint4": 4}[layout]
    x = H16.reshape(-1)[: 3 * k].reshape(3, k)
    res = layout.replace("uint", "float")
    check_expr("f16tof32(a)", [layout], res, [x], _f16_to_f32(x))


def test_f32tof16_of_exactly_representable_values_and_specials():
    """f32tof16 (22.13.2): the half's bits in the low 16 bits, upper bits 0; values a half holds exactly convert
    exactly (half denormals too), inf stays inf, NaN stays a NaN (exponent all ones, mantissa nonzero), a float32
    denormal becomes a zero of its sign (3.2.2)."""
    x = np.array([[1.0, -2.0, 2.0**-24, -(2.0**-15)], [65504.0, 0.5, -0.0, 1.0 / 1024]], np.float32)
    h = x.astype(np.float16).view(np.uint16).astype(np.int64)
    # a literal -0.0 argument is carried as +0 by fxc (d3dcompiler_47 10.1 under Wine, session 37): f32tof16 gives 0
    folded = np.where(x == 0, 0, h)
    check_expr("f32tof16(a)", ["float4"], "uint4", [x], h, fold_expect=folded)
    s = np.array([[INF, -INF, 1e-40, -1e-40]], np.float32)
    check_expr("f32tof16(a)", ["float4"], "uint4", [s], [[0x7C00, 0xFC00, 0, 0x8000]], fold=False)
    check_expr("(f32tof16(a) & 0x7C00u) == 0x7C00u && (f32tof16(a) & 0x3FFu) != 0u && f32tof16(a) < 0x10000u",
               ["float"], "bool", [np.array([[NAN]], np.float32)], [[True]], fold=False)


def test_f32tof16_round_trip_of_every_half_exponent():
    hs = np.array([(e << 10) | m for e in range(31) for m in (0, 1, 0x200, 0x3FF)], np.int64)
    x = _f16_to_f32(hs).reshape(-1, 4)
    check_expr("f32tof16(a)", ["float4"], "uint4", [x], hs.reshape(-1, 4), fold=False)


# --------------------------------------------------------------------------- packed byte functions

def _msad(ref: int, src2: tuple[int, int], acc: int) -> list[int]:
    out = []
    for shift in range(4):
        src = ((src2[0] | (src2[1] << 32)) >> (8 * shift)) & 0xFFFFFFFF
        a = acc[shift]
        for b in range(4):
            r = (ref >> (8 * b)) & 0xFF
            if r:
                a += abs(r - ((src >> (8 * b)) & 0xFF))
        out.append(min(a, 0xFFFFFFFF))
    return out


def test_msad4_each_byte_offset():
    """msad4(reference, source, accum) (page): for each of the four byte offsets of the 64-bit source, the sum of
    the absolute byte differences where the reference byte is nonzero, added to accum."""
    rng = np.random.default_rng(15)
    ref = rng.integers(0, 2**32, size=(6, 1)).astype(np.int64) & 0xFF00FFFF
    src = rng.integers(0, 2**32, size=(6, 2)).astype(np.int64)
    acc = rng.integers(0, 5000, size=(6, 4)).astype(np.int64)
    expect = [_msad(int(ref[i, 0]), (int(src[i, 0]), int(src[i, 1])), acc[i]) for i in range(6)]
    check_expr("msad4(a, b, c)", ["uint", "uint2", "uint4"], "uint4", [ref, src, acc], expect)


def test_d3dcolortoubyte4_swizzles_and_scales():
    """D3DCOLORtoUBYTE4(c) (page): the bgra order, times 255.001953 and truncated to int."""
    c = np.array([[1.0, 0.5, 0.0, 1.0], [0.2, 0.4, 0.6, 0.8], [0.999, 0.001, 1.0, 0.0]], np.float32)
    expect = np.trunc(c[:, [2, 1, 0, 3]].astype(np.float32) * np.float32(255.001953)).astype(np.int64)
    check_expr("D3DCOLORtoUBYTE4(a)", ["float4"], "int4", [c], expect)


# --------------------------------------------------------------------------- any / all

@pytest.mark.parametrize("t", ["float4", "int3", "uint2", "bool4", "float2x2", "int", "float"])
def test_any_and_all(t: str):
    """any: some component nonzero; all: every component nonzero (pages), for each component type and layout
    (-0.0 is zero; NaN is nonzero)."""
    k = comps(t)
    base = t.rstrip("1234x")
    pool = {"float": [0.0, -0.0, NAN, 2.5, 0.0, 1.0], "int": [0, -1, 5, 0, 0, 7], "uint": [0, 1, 0, 0, 2**31, 3],
            "bool": [0, 1, 0, 0, 1, 1]}[base]
    rows = [[pool[(i + j * 3) % 6] for j in range(k)] for i in range(6)]
    rows += [[pool[0]] * k, [pool[3] if base != "bool" else 1] * k]
    v = np.array(rows, np.float64)
    nz = (v != 0) | np.isnan(v)
    check_expr("any(a)", [t], "bool", [v], nz.any(axis=1, keepdims=True))
    check_expr("all(a)", [t], "bool", [v], nz.all(axis=1, keepdims=True))


# --------------------------------------------------------------------------- doubles

DOUBLES = np.array([[1.5, -2.25], [1e300, -1e-300], [3.0, 0.1], [-0.0, 7.0]], np.float64)


def test_fma_double_is_fused():
    """fma(a, b, c) (page; double only): a*b + c with one rounding — the case (1+2^-30)(1-2^-30) - 1 = -2^-60
    differs from the separately rounded -0; 1e200 * 1e200 is finite before rounding, so adding -inf gives -inf
    (not the NaN of inf - inf), and big * big - 1.7e308 is back in range though big * big rounds to inf."""
    big = 2.0**512 * 1.0000001
    a = np.array([[1 + 2.0**-30], [2.0], [1e200], [big]], np.float64)
    b = np.array([[1 - 2.0**-30], [3.0], [1e200], [big]], np.float64)
    c = np.array([[-1.0], [0.5], [-np.inf], [-1.7e308]], np.float64)
    exact = float(Fraction(big) * Fraction(big) - Fraction(1.7e308))
    check_expr("fma(a, b, c)", ["double"] * 3, "double", [a, b, c], [[-(2.0**-60)], [6.5], [-np.inf], [exact]])


def test_double_arithmetic_and_intrinsics():
    """double add/mul/div, min/max, abs, saturate, comparisons and conversions (D3D11.3 22.14: correctly rounded;
    ddiv/drcp on SM5 with the 11.1 double extensions)."""
    a, b = DOUBLES[:, :1], DOUBLES[:, 1:]
    check_expr("a * b + a", ["double", "double"], "double", [a, b], a * b + a)
    check_expr("min(a, b)", ["double", "double"], "double", [a, b], np.minimum(a, b))
    check_expr("max(a, b)", ["double", "double"], "double", [a, b], np.maximum(a, b))
    check_expr("abs(a)", ["double"], "double", [b], np.abs(b))
    check_expr("saturate(a)", ["double"], "double", [a], np.clip(a, 0, 1), ("abs", 0.0))  # -0.0: either zero
    check_expr("(float)a", ["double"], "float", [a], a.astype(np.float32))
    check_expr("(int)a", ["double"], "int", [a[[0, 2, 3]]], np.trunc(a[[0, 2, 3]]).astype(np.int64))
    check_expr("a < b", ["double", "double"], "bool", [a, b], a < b)
