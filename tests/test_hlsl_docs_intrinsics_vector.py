"""Issue 15: the vector and matrix intrinsics of SM4/5 (MicrosoftDocs direct3dhlsl pages: dot, cross, length,
distance, normalize, reflect, refract, faceforward, lit, dst, transpose, determinant and mul's nine overloads),
compiled and run on both backends with run-time and literal arguments; expectations are numpy evaluations of each
page's formula (exact for integer arithmetic and data movement, a float32 rounding bound otherwise)."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_compare import check_expr
from hlsl_docs_kit import parse_type

RNG = np.random.default_rng(1515)


def _vals(t: str, n: int = 4, lo: float = -4, hi: float = 4) -> np.ndarray:
    base, r, c, _ = parse_type(t)
    if base in ("int", "uint"):
        v = RNG.integers(0 if base == "uint" else -50, 50, size=(n, r * c))
        return v.astype(np.int64)
    if base == "bool":
        return RNG.integers(0, 2, size=(n, r * c)).astype(np.int64)
    # quarters: products and sums of a few of them are exact in float32
    return (np.round(RNG.uniform(lo, hi, size=(n, r * c)) * 4) / 4).astype(np.float32)


VEC = ["1", "2", "3", "4"]


@pytest.mark.parametrize("base", ["float", "int", "uint"])
@pytest.mark.parametrize("k", VEC)
def test_dot_sums_the_products(base: str, k: str):
    """dot(x, y) = sum of x[i]*y[i] (page); float, int (wrapping) and uint."""
    t = f"{base}{k}"
    a, b = _vals(t), _vals(t)
    exp = (a.astype(np.float64) * b).sum(axis=1, keepdims=True)
    check_expr("dot(a, b)", [t, t], base, [a, b], exp)


def test_dot_of_a_scalar_and_a_vector_broadcasts():
    a = np.array([[2.0]], np.float32)
    b = np.array([[1.0, 2.0, 3.0]], np.float32)
    check_expr("dot(a, b)", ["float", "float3"], "float", [a, b], [[12.0]])


def test_cross():
    """cross(x, y) = (x.y*y.z - x.z*y.y, x.z*y.x - x.x*y.z, x.x*y.y - x.y*y.x) (page)."""
    a, b = _vals("float3", 6), _vals("float3", 6)
    check_expr("cross(a, b)", ["float3", "float3"], "float3", [a, b], np.cross(a.astype(np.float64), b))


@pytest.mark.parametrize("k", VEC)
def test_length_distance_normalize(k: str):
    t = f"float{k}"
    a, b = _vals(t, 6, 0.5, 4), _vals(t, 6, -4, -0.5)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    n = np.linalg.norm(a64, axis=1, keepdims=True)
    check_expr("length(a)", [t], "float", [a], n, ("rel", 5e-7))
    check_expr("distance(a, b)", [t, t], "float", [a, b], np.linalg.norm(a64 - b64, axis=1, keepdims=True),
               ("rel", 5e-7))
    check_expr("normalize(a)", [t], t, [a], a64 / n, ("rel", 1e-6))


@pytest.mark.parametrize("k", ["2", "3", "4"])
def test_reflect_and_faceforward(k: str):
    """reflect(i, n) = i - 2 n dot(i, n); faceforward(n, i, ng) = -n * sign(dot(i, ng)) (pages)."""
    t = f"float{k}"
    i, n, ng = _vals(t, 6), _vals(t, 6), _vals(t, 6)
    i64, n64, ng64 = (v.astype(np.float64) for v in (i, n, ng))
    d = (i64 * n64).sum(axis=1, keepdims=True)
    check_expr("reflect(a, b)", [t, t], t, [i, n], i64 - 2 * n64 * d, ("abs", 1e-5))
    s = np.sign((i64 * ng64).sum(axis=1, keepdims=True))
    keep = s[:, 0] != 0
    check_expr("faceforward(a, b, c)", [t, t, t], t, [n[keep], i[keep], ng[keep]], (-n64 * s)[keep])


@pytest.mark.parametrize("k", ["2", "3", "4"])
def test_refract_each_vector_size(k: str):
    """refract(i, n, eta) (page): k = 1 - eta^2 (1 - dot(n, i)^2); 0 when k < 0, else eta i - (eta dot(n, i) +
    sqrt(k)) n."""
    t = f"float{k}"
    i = _vals(t, 8, -1, 1).astype(np.float64)
    n = _vals(t, 8, -1, 1).astype(np.float64)
    i /= np.maximum(np.linalg.norm(i, axis=1, keepdims=True), 1e-3)
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-3)
    i, n = i.astype(np.float32), n.astype(np.float32)
    eta = np.linspace(0.4, 2.2, 8).reshape(8, 1).astype(np.float32)
    d = (i.astype(np.float64) * n).sum(axis=1, keepdims=True)
    kk = 1 - eta.astype(np.float64) ** 2 * (1 - d * d)
    exp = np.where(kk >= 0, eta * i - (eta * d + np.sqrt(np.maximum(kk, 0))) * n, 0)
    check_expr("refract(a, b, c)", [t, t, "float"], t, [i, n, eta], exp, ("abs", 3e-5))


def test_lit():
    """lit(n_dot_l, n_dot_h, m) (page): (1, diffuse, specular, 1); diffuse = 0 when n.l < 0 else n.l; specular
    = 0 when n.l < 0 or n.h < 0 else (n.h)^m."""
    ndl = np.array([[0.5], [-0.5], [0.8], [0.3], [1.0]], np.float32)
    ndh = np.array([[0.5], [0.7], [-0.2], [0.9], [0.25]], np.float32)
    m = np.array([[2.0], [3.0], [4.0], [10.0], [0.5]], np.float32)
    diff = np.where(ndl < 0, 0, ndl)
    spec = np.where((ndl < 0) | (ndh < 0), 0, np.power(ndh.astype(np.float64), m))
    exp = np.concatenate([np.ones_like(ndl), diff, spec, np.ones_like(ndl)], axis=1)
    check_expr("lit(a, b, c)", ["float"] * 3, "float4", [ndl, ndh, m], exp, ("abs", 2e-6))


def test_dst():
    """dst(src0, src1) (page): (1, src0.y * src1.y, src0.z, src1.w)."""
    a, b = _vals("float4", 4), _vals("float4", 4)
    exp = np.stack([np.ones(4), a[:, 1] * b[:, 1], a[:, 2], b[:, 3]], axis=1)
    check_expr("dst(a, b)", ["float4", "float4"], "float4", [a, b], exp)


MATS = [f"{r}x{c}" for r in range(1, 5) for c in range(1, 5)]


@pytest.mark.parametrize("shape", MATS)
@pytest.mark.parametrize("base", ["float", "int", "bool"])
def test_transpose_every_shape(shape: str, base: str):
    r, c = int(shape[0]), int(shape[2])
    m = _vals(f"{base}{shape}", 2)
    exp = m.reshape(2, r, c).transpose(0, 2, 1).reshape(2, r * c)
    check_expr("transpose(a)", [f"{base}{shape}"], f"{base}{c}x{r}", [m], exp)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_determinant(n: int):
    m = _vals(f"float{n}x{n}", 6, -2, 2)
    exp = np.linalg.det(m.reshape(6, n, n).astype(np.float64)).reshape(6, 1)
    check_expr("determinant(a)", [f"float{n}x{n}"], "float", [m], exp, ("abs", 1e-4))


def _layout(base: str, code: str) -> str:
    if code == "S":
        return base
    if code[0] == "V":
        return f"{base}{code[1:]}"
    return f"{base}{code[1:]}"


def _as_array(code: str, v: np.ndarray) -> np.ndarray:
    n = len(v)
    if code == "S":
        return v.reshape(n)
    if code[0] == "V":
        return v.reshape(n, int(code[1:]))
    return v.reshape(n, int(code[1]), int(code[3]))


MUL = [("S", "S"), ("S", "V3"), ("S", "M2x3"), ("V4", "S"), ("V3", "V3"), ("V2", "M2x4"), ("M3x2", "S"),
       ("M3x2", "V2"), ("M2x3", "M3x4"), ("V4", "M4x4"), ("M4x4", "V4"), ("M1x4", "M4x1"), ("V1", "M1x3"),
       ("M4x4", "M4x4"), ("M3x3", "M3x3"), ("V3", "M3x2"), ("M2x2", "V2")]


def _mul_expect(x, y, xc, yc):
    if xc == "S" or yc == "S":
        xs = x if xc != "S" else x.reshape((-1,) + (1,) * (y.ndim - 1))
        ys = y if yc != "S" else y.reshape((-1,) + (1,) * (x.ndim - 1))
        return xs * ys
    if xc[0] == "V" and yc[0] == "V":
        return (x * y).sum(axis=1)
    if xc[0] == "V":
        return np.einsum("ni,nij->nj", x, y)
    if yc[0] == "V":
        return np.einsum("nij,nj->ni", x, y)
    return np.einsum("nij,njk->nik", x, y)


def _res_layout(base, xc, yc):
    if xc == "S":
        return _layout(base, yc)
    if yc == "S":
        return _layout(base, xc)
    if xc[0] == "V" and yc[0] == "V":
        return base
    if xc[0] == "V":
        return f"{base}{yc[3]}"
    if yc[0] == "V":
        return f"{base}{xc[1]}"
    return f"{base}{xc[1]}x{yc[3]}"


@pytest.mark.parametrize("xc,yc", MUL)
@pytest.mark.parametrize("base", ["float", "int"])
def test_mul_every_overload(xc: str, yc: str, base: str):
    """mul(x, y) (page, nine overloads): scalar products component-wise, vector.vector a dot product, a vector on
    the left a row vector (x M), on the right a column vector (M x), matrix products; float and int."""
    tx, ty = _layout(base, xc), _layout(base, yc)
    x, y = _vals(tx, 3), _vals(ty, 3)
    exp = _mul_expect(_as_array(xc, x).astype(np.float64), _as_array(yc, y).astype(np.float64), xc, yc)
    res = _res_layout(base, xc, yc)
    # quarters: every product and sum is exact; a one-term "sum" may keep the product's -0.0 (numpy's sum adds +0)
    check_expr("mul(a, b)", [tx, ty], res, [x, y], exp.reshape(3, -1), ("abs", 0.0) if base == "float" else None)


def test_matrix_times_matrix_operator_is_component_wise():
    """``*`` on matrices multiplies component by component (unlike mul)."""
    x, y = _vals("float3x3", 3), _vals("float3x3", 3)
    check_expr("a * b", ["float3x3", "float3x3"], "float3x3", [x, y], x.astype(np.float64) * y)
