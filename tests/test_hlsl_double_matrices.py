"""HLSL double matrices (``double2x2`` .. ``double4x4``, ``matrix<double, R, C>``) on SM5: construction,
component access, arithmetic, ``mul``, ``transpose``, float <-> double matrix casts and constant-buffer
packing.

Expected values are computed independently in Python floats (IEEE binary64): ``mul`` is the sum over the
inner index in index order of correctly rounded products, as the compiler's dmul/dadd sequence defines it.
The constant-buffer layout follows the SM4/5 packing rules ("Packing Rules for Constant Variables": every
row (row_major) or column of a matrix starts a register, nothing straddles a 16-byte boundary unless it is
longer than one), with DXC's d3dreflect cb_sizes.hlsl figures for double3x4 (120 bytes) as a check."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.reflection import D3DReflect

D3D_SVT_DOUBLE, D3D_SVC_MATRIX_ROWS, D3D_SVC_MATRIX_COLUMNS = 39, 2, 3


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


def _run_targets(src: str, cb: np.ndarray) -> np.ndarray:
    """One pixel-shader lane; every SV_Target<i> (uint4) read back as two doubles -> flat float64 array."""
    b = Bindings()
    b.set_cbuffer(0, np.ascontiguousarray(cb, np.uint32))
    res = run_program(blob_program(_compile(src)), 1, bindings=b)
    return np.ascontiguousarray(res.outputs[:, 0, :], np.uint32).view(np.float64).reshape(-1)


def _matmul(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    k = min(len(a[0]), len(b))
    out = []
    for i in range(len(a)):
        row = []
        for j in range(len(b[0])):
            acc = a[i][0] * b[0][j]
            for x in range(1, k):
                acc = acc + a[i][x] * b[x][j]
            row.append(acc)
        out.append(row)
    return out


# --- constant-buffer layout: a table from the packing rule --------------------------------------------------
def _expected_layout(rows: int, cols: int, row_major: bool) -> tuple[int, list[tuple[int, int]]]:
    """(size in bytes, (register, lane) of the low word of each element in row-major element order)."""
    vecs, length = (rows, cols) if row_major else (cols, rows)
    stride = 16 if length <= 2 else 32
    size = stride * (vecs - 1) + 8 * length
    where = []
    for r in range(rows):
        for c in range(cols):
            v, k = (r, c) if row_major else (c, r)
            byte = v * stride + 8 * k
            where.append((byte // 16, byte % 16 // 4))
    return size, where


@pytest.mark.backend_independent
def test_the_layout_table_matches_dxc_cb_sizes():
    assert _expected_layout(3, 4, False)[0] == 120  # DXC d3dreflect cb_sizes.hlsl: double3x4 d3x4, Size 120


_SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5)]


@pytest.mark.parametrize("row_major", [False, True], ids=["column_major", "row_major"])
def test_constant_buffer_packing_and_reflection_of_every_double_matrix(row_major: bool):
    """One shader per packing: a float marker, then every double matrix; reflection reports the table's
    offsets and sizes, D3D_SVT_DOUBLE and the matrix class, and reading each element returns the value
    stored at the table's position."""
    mod = "row_major" if row_major else "column_major"
    # each matrix at its own register (packoffset): whether a small matrix may share a register with what
    # precedes it is not what this test is about
    regs, reg = [], 1
    for r, c in _SHAPES:
        regs.append(reg)
        reg += -(-_expected_layout(r, c, row_major)[0] // 16)
    decls = "\n".join(f"  {mod} double{r}x{c} m{r}{c} : packoffset(c{g});" for (r, c), g in zip(_SHAPES, regs))
    sums = " + ".join(f"m{r}{c}[{r - 1}][{c - 1}]" for r, c in _SHAPES)
    src = f"cbuffer C {{\n  float marker : packoffset(c0);\n{decls}\n}};\n" \
          f"uint4 main() : SV_Target {{ double s = {sums}; uint4 o = 0; asuint(s, o.x, o.y); return o; }}"
    blob = _compile(src)
    refl = D3DReflect(blob)
    cbuf = refl.GetConstantBufferByIndex(0)
    off = 16
    cb = np.zeros(4096, np.uint32)
    expect_sum = 0.0
    for i, (r, c) in enumerate(_SHAPES):
        size, where = _expected_layout(r, c, row_major)
        var = cbuf.GetVariableByIndex(i + 1)
        d, td = var.GetDesc(), var.GetType().GetDesc()
        assert (d.StartOffset, d.Size) == (off, size), (r, c)
        assert (td.Type, td.Rows, td.Columns) == (D3D_SVT_DOUBLE, r, c)
        assert td.Class == (D3D_SVC_MATRIX_ROWS if row_major else D3D_SVC_MATRIX_COLUMNS)
        assert td.Name == f"double{r}x{c}"
        reg0 = off // 16
        for e, (reg, lane) in enumerate(where):
            val = float(100 * r + 10 * c + e) + 0.1  # not representable in float32
            cb[4 * (reg0 + reg) + lane:4 * (reg0 + reg) + lane + 2] = np.array([val], np.float64).view(np.uint32)
            if e == len(where) - 1:
                expect_sum = val if i == 0 else expect_sum + val
        off = (off + size + 15) // 16 * 16
    assert cbuf.GetDesc().Size == off
    got = _run_targets(src, cb[:off // 4])
    assert got[0] == expect_sum


# --- arithmetic, mul, transpose, access, casts ----------------------------------------------------------------
_VALS = np.array([1.0 + 2.0 ** -40, -3.25, 1e-300, 7.0 / 3.0, 2.0 ** 60 + 1.0, -0.1, 5e-324, 0.3,
                  1.0 / 3.0, -2.0, 1e10 + 0.5, 0.7, -4.5e-5, 9.0, 123.456, -0.0], np.float64)

_ARITH = """
cbuffer C { double4x4 A; row_major double4x4 B; double4 v; };
#define OUT(i, d2) { uint4 o; asuint((d2).x, o.x, o.y); asuint((d2).y, o.z, o.w); r.t[i] = o; }
struct R { uint4 t[8] : SV_Target; };
R main() {
  R r;
  double3x2 a = (double3x2)A;                              // upper-left part of A
  row_major double2x3 b = (double2x3)B;
  double3x3 p = mul(a, b);                                  // 3x2 * 2x3
  double2 q = mul(v.xyz, a);                                // row vector * 3x2
  double3 w = mul(a, v.zw);                                 // 3x2 * column vector
  double2x3 t = transpose(a);
  double3x2 s = a * 2.5 - a / 4.0 + (-a);
  double2x2 m = double2x2(v.x, 1.5f, v.w, 2) + double2x2(q, q.yx);
  m[1] = m[1] * m[0];
  m._m01 = t._m12;
  float3x2 f = (float3x2)a;                                 // dtof per element
  double3x2 g = f;                                          // ftod back
  OUT(0, double2(p._m00, p[2][2]))
  OUT(1, double2(p[1].y, p._m20))
  OUT(2, q)
  OUT(3, w.xz)
  OUT(4, double2(t[1][2], s._m21))
  OUT(5, m[1])
  OUT(6, double2(m._11_12.y, g[2].x))
  OUT(7, double2(mul(v, A).w, dot(v.xy, s[0])))
  return r;
}
"""


def _cbuffer_for_arith() -> tuple[np.ndarray, list[list[float]], list[list[float]], list[float]]:
    vals = [float(x) for x in _VALS]
    a_m = [[vals[(4 * r + c) % 16] for c in range(4)] for r in range(4)]
    b_m = [[vals[(5 * r + 3 * c + 1) % 16] for c in range(4)] for r in range(4)]
    v = [0.5 + 2.0 ** -30, -1.25, 3.0 + 2.0 ** -45, 1e-3]
    cb = np.zeros(4 * 18, np.uint32)

    def put(reg: int, lane: int, x: float) -> None:
        cb[4 * reg + lane:4 * reg + lane + 2] = np.array([x], np.float64).view(np.uint32)
    for r in range(4):
        for c in range(4):
            # A column-major from c0: column c in c(2c), c(2c+1); B row-major from c8: row r likewise
            put(2 * c + r // 2, 2 * (r % 2), a_m[r][c])
            put(8 + 2 * r + c // 2, 2 * (c % 2), b_m[r][c])
    for k in range(4):
        put(16 + k // 2, 2 * (k % 2), v[k])
    return cb, a_m, b_m, v


def test_double_matrix_arithmetic_mul_transpose_and_casts():
    cb, am, bm, v = _cbuffer_for_arith()
    got = _run_targets(_ARITH, cb)
    a = [row[:2] for row in am[:3]]
    b = [row[:3] for row in bm[:2]]
    p = _matmul(a, b)
    q = _matmul([v[:3]], a)[0]
    w = [x[0] for x in _matmul(a, [[v[2]], [v[3]]])]
    t = [[a[r][c] for r in range(3)] for c in range(2)]
    s = [[(x * 2.5 - x / 4.0) + (-x) for x in row] for row in a]
    m = [[v[0] + q[0], float(np.float32(1.5)) + q[1]], [v[3] + q[1], 2.0 + q[0]]]
    m[1] = [m[1][0] * m[0][0], m[1][1] * m[0][1]]
    m[0][1] = t[1][2]
    g20 = float(np.float64(np.float32(a[2][0])))
    mv = _matmul([v], am)[0]
    dot = v[0] * s[0][0] + v[1] * s[0][1]
    expect = [p[0][0], p[2][2], p[1][1], p[2][0], q[0], q[1], w[0], w[2], t[1][2], s[2][1], m[1][0], m[1][1],
              m[0][1], g20, mv[3], dot]
    np.testing.assert_array_equal(got.view(np.uint64), np.array(expect, np.float64).view(np.uint64))


def test_double_matrix_element_writes_and_dynamic_rows():
    src = """
cbuffer C { double2x3 M; uint k; };
uint4 main() : SV_Target {
  double2x3 a = M;
  a[1] = double3(1, 2, 3);
  a[0][2] = 5.0;
  a._m10_m01 = double2(7, 8);
  a[0].x += 0.25;
  double3 row = k ? a[1] : a[0];  // a[k] is X3512 in d3dcompiler_47 10.1 (session 39 GEN: a run-time index into
                                  // a double matrix; test_hlsl_fxc_gen_s39.py), so the row is picked by a select
  uint4 o; asuint(row.x, o.x, o.y); asuint(row.z + a._12, o.z, o.w);
  return o;
}"""
    base = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]
    for k in (0, 1):
        cb = np.zeros(4 * 4, np.uint32)
        for r in range(2):
            for c in range(3):  # column-major: column c at c(c), rows in .xy / .zw
                cb[4 * c + 2 * r:4 * c + 2 * r + 2] = np.array([base[r][c]], np.float64).view(np.uint32)
        cb[12] = k
        got = _run_targets(src, cb)
        a = [[base[0][0] + 0.25, 8.0, 5.0], [7.0, 2.0, 3.0]]
        assert list(got[:2]) == [a[k][0], a[k][2] + a[0][1]]


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "float4 main(double2x2 m : M) : SV_Position { return float4(m._m11, 0, 0, 1); }",
    "struct V { double3 c : C; }; float4 main(V v) : SV_Position { return float4(v.c.z, 0, 0, 1); }",
    "double2 main() : SV_Target { return 1; }",
])
def test_double_signature_elements_are_fxc_x3687(src: str):
    """A double shader input/output is d3dcompiler_47 10.1's X3687 "doubles cannot be used as shader inputs or
    outputs" (recorded under Wine, session 36; NotSupportedError before)."""
    from pyd3d11.errors import D3D11Error

    with pytest.raises(D3D11Error, match="X3687"):
        _compile(src, "ps_5_0" if "SV_Target" in src else "vs_5_0")


@pytest.mark.backend_independent
def test_double_matrices_need_shader_model_5():
    from pyd3d11.errors import D3D11Error

    with pytest.raises(D3D11Error, match="X3651"):  # d3dcompiler_47 10.1: "ps_4_0 does not support doubles"
        _compile("float4 main(float4 p : P) : SV_Target { double2x2 m = double2x2(p); return (float)m._m11; }",
                 "ps_4_0")


def _run_structured(src: str, stride: int, count: int) -> np.ndarray:
    from api_compute_kit import dispatch_on_structured_uav

    return dispatch_on_structured_uav(_compile(src, "cs_5_0"), stride, count).view(np.float64).reshape(count, -1)


@pytest.mark.parametrize("packing", ["", "row_major"])
def test_structured_buffer_layout_of_double_matrices(packing: str):
    """A structured buffer stores a matrix as the constant buffer orders it (column by column unless row_major,
    as fxc stores float matrices): each element a whole double; element writes, loads and stores of whole
    matrices use that order."""
    src = f"""typedef {packing} double2x3 M;
RWStructuredBuffer<M> rw : register(u0);
[numthreads(1, 1, 1)] void main() {{
  M m = double2x3(1.5, 2, 3, 4, 5, 6.25);
  rw[0] = m; rw[1] = m; rw[2] = m;
  rw[1][1][0] = 9; rw[1]._m02 = -1;
  rw[2] = rw[1] * 2;
}}"""
    got = _run_structured(src, 48, 3)
    m = np.array([[1.5, 2, 3], [4, 5, 6.25]])
    m1 = m.copy()
    m1[1, 0], m1[0, 2] = 9, -1

    def flat(a: np.ndarray) -> list[float]:
        return a.reshape(-1).tolist() if packing else a.T.reshape(-1).tolist()
    assert got.tolist() == [flat(m), flat(m1), flat(m1 * 2)]


def test_double_matrix_comparisons_selection_and_increment():
    src = """
cbuffer C { double2x2 A; double2x2 B; };
#define OUT(i, d2) { uint4 o; asuint((d2).x, o.x, o.y); asuint((d2).y, o.z, o.w); r.t[i] = o; }
struct R { uint4 t[3] : SV_Target; };
R main() {
  R r;
  bool2x2 lt = A < B;
  double2x2 lo = lt ? A : B;                 // per-element select (dmovc)
  double2x2 inc = A;
  inc++;
  double2x2 neq = (A != B) ? 1.0 : 0.0;
  OUT(0, lo[0])
  OUT(1, lo[1])
  OUT(2, double2(inc._m01, neq._m11 + neq._m00 * 10))
  return r;
}"""
    a = [[1.0 + 2.0 ** -50, -3.0], [0.25, 7.0]]
    b = [[1.0, -2.0], [0.25, -7.5]]
    cb = np.zeros(16, np.uint32)
    for r in range(2):
        for c in range(2):  # column-major: A in c0-c1, B in c2-c3, column c, row r at lanes 2r
            cb[4 * c + 2 * r:4 * c + 2 * r + 2] = np.array([a[r][c]], np.float64).view(np.uint32)
            cb[8 + 4 * c + 2 * r:8 + 4 * c + 2 * r + 2] = np.array([b[r][c]], np.float64).view(np.uint32)
    got = _run_targets(src, cb)
    lo = [[min(a[r][c], b[r][c]) if a[r][c] < b[r][c] else b[r][c] for c in range(2)] for r in range(2)]
    neq = [[1.0 if a[r][c] != b[r][c] else 0.0 for c in range(2)] for r in range(2)]
    assert got.tolist() == [lo[0][0], lo[0][1], lo[1][0], lo[1][1], a[0][1] + 1.0, neq[1][1] + neq[0][0] * 10]
