"""Run-time row/element index into a LOCAL matrix as an assignment destination (issue 15, helper HL9).

HLSL's ``m[i]`` names the logical row ``i`` of a matrix whatever its packing (row_major/column_major only change
the register layout), and ``m[i][j]`` its component ``j``. HL9 took fxc to compile a write through a run-time
``i``/``j`` inside a loop; Microsoft's d3dcompiler_47 10.1 (run under Wine in session 35) refuses every one of these
shaders with X3511 "forced to unroll loop, but unrolling failed": it must unroll the loop to make the index a
literal, and a loop bounded by the run-time ``q.w`` whose copies keep a run-time index never ends. The cases are
kept as that verdict (the values below are what the writes would give, kept for a loop fxc can unroll). Each shader fills a local matrix, writes it through indices taken from the run-time ``int4 q`` in a
loop whose bound is ``q.w``, then reads it back; the expected values are computed here in Python."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.errors import ShaderCompileError

PARAMS = [[0, 1, 0, 1], [1, 0, 0, 2], [2, 2, 0, 3], [0, 2, 0, 0]]  # q.x row, q.y col, q.w loop count


def init(rows: int, cols: int) -> np.ndarray:
    return np.array([[10 * r + c for c in range(cols)] for r in range(rows)], np.int64)


def expect_row(rows, cols, q):
    """Loop k < q.w: m[(q.x + k) % rows] = row of (100 + k)."""
    m = init(rows, cols)
    for k in range(q[3]):
        m[(q[0] + k) % rows] = 100 + k
    return m


def expect_elem(rows, cols, q, compound=False):
    """Loop k < q.w: m[(q.x + k) % rows][(q.y + k) % cols] = 200 + k (or += 200 + k; then ++)."""
    m = init(rows, cols)
    for k in range(q[3]):
        r, c = (q[0] + k) % rows, (q[1] + k) % cols
        if compound:
            m[r][c] += 200 + k
            m[r][c] += 1
        else:
            m[r][c] = 200 + k
    return m


def expect_fixed_col(rows, cols, q):
    """Loop k < q.w: m[(q.x + k) % rows][1] = 300 + k; m[(q.x + k) % rows] += 1 (a row compound)."""
    m = init(rows, cols)
    for k in range(q[3]):
        r = (q[0] + k) % rows
        m[r][1] = 300 + k
        m[r] += 1
    return m


def decl(tn: str, major: str, rows: int, cols: int) -> str:
    vals = ", ".join(str(10 * r + c) for r in range(rows) for c in range(cols))
    return f"  {major} {tn}{rows}x{cols} m = {{{vals}}};\n"


def readout(tn: str, rows: int, cols: int, picks):
    """``r`` from four components of ``m`` read with run-time indices (the read side) and literal ones."""
    parts = []
    for n, (r, c) in enumerate(picks):
        parts.append(f"  r[{n}] = (uint)(m[(q.w + {r}) % {rows}][{c}] + 0.25 * 0);\n" if n % 2 else
                     f"  r[{n}] = (uint)m[{r}][{c}];\n")
    return "".join(parts)


def make_cases():
    cases = []
    for tn, rows, cols in (("float", 2, 3), ("float", 3, 3), ("int", 4, 4)):
        for major in ("", "row_major", "column_major"):
            picks = [(r, c) for r in range(rows) for c in range(cols)]
            for kind in ("row", "elem", "compound", "col1"):
                if kind == "row":
                    loop = f"    m[(q.x + k) % {rows}] = ({tn})(100 + k);\n"
                    fn = expect_row
                elif kind == "elem":
                    loop = f"    m[(q.x + k) % {rows}][(q.y + k) % {cols}] = ({tn})(200 + k);\n"
                    fn = expect_elem
                elif kind == "compound":
                    loop = (f"    m[(q.x + k) % {rows}][(q.y + k) % {cols}] += ({tn})(200 + k);\n"
                            f"    m[(q.x + k) % {rows}][(q.y + k) % {cols}]++;\n")
                    fn = lambda R, C, q: expect_elem(R, C, q, compound=True)  # noqa: E731
                else:
                    loop = (f"    m[(q.x + k) % {rows}][1] = ({tn})(300 + k);\n"
                            f"    m[(q.x + k) % {rows}] += ({tn})1;\n")
                    fn = expect_fixed_col
                # read four components: two with literal indices, two with run-time ones (row (q.w + r) % rows)
                sel = [picks[0], picks[len(picks) // 2], picks[-1], picks[len(picks) // 3]]
                body = (decl(tn, major, rows, cols) + "  for (int k = 0; k < q.w; k++) {\n" + loop + "  }\n"
                        + readout(tn, rows, cols, sel))
                expect = []
                for q in PARAMS:
                    m = fn(rows, cols, q)
                    row = []
                    for n, (r, c) in enumerate(sel):
                        rr = (q[3] + r) % rows if n % 2 else r
                        row.append(int(m[rr][c]))
                    expect.append(row)
                cases.append(Case(f"{major or 'default'}_{tn}{rows}x{cols}_{kind}", body, PARAMS, expect,
                                  runtime_only="the loop bound is the point"))
    return cases


CASES = make_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_local_matrix_dynamic_destination(case):
    """fxc's verdict (d3dcompiler_47 10.1, recorded session 35): X3511 for all 36."""
    with pytest.raises(ShaderCompileError) as e:
        run_case(case)
    assert "X3511" in e.value.errors, e.value.errors
