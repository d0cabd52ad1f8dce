"""mul() of vectors and matrices in both majorities: results against numpy, and the fxc code shapes
(dp# when the dot operand is one register, else a mul/mad combination of the matrix registers)."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def _cbuffer_words(m: np.ndarray, row_major: bool) -> np.ndarray:
    """A rows x cols float matrix as fxc stores it: one register per row (row_major) or per column."""
    regs = m if row_major else m.T
    out = np.zeros((regs.shape[0], 4), np.float32)
    out[:, :regs.shape[1]] = regs
    return out.ravel()


@pytest.mark.parametrize("row_major", [True, False])
@pytest.mark.parametrize("vector_left", [True, False])
@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (3, 4), (4, 3), (3, 3), (2, 4)])
def test_mul_vector_matrix_matches_numpy(row_major: bool, vector_left: bool, rows: int, cols: int):
    rng = np.random.default_rng(rows * 10 + cols + 100 * row_major + 1000 * vector_left)
    m = rng.normal(size=(rows, cols)).astype(np.float32)
    k = rows if vector_left else cols
    n = cols if vector_left else rows
    vecs = rng.normal(size=(16, 4)).astype(np.float32)
    major = "row_major" if row_major else "column_major"
    expr = f"mul(v.{'xyzw'[:k]}, M)" if vector_left else f"mul(M, v.{'xyzw'[:k]})"
    src = f"""cbuffer C {{ {major} float{rows}x{cols} M; }};
    float4 main(float4 v : V) : SV_Target {{ float4 r = 0; r.{'xyzw'[:n]} = {expr}; return r; }}"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0"))
    b = Bindings()
    b.set_cbuffer(0, _cbuffer_words(m, row_major))
    prog = blob_program(blob)
    got = run_program(prog, 16, inputs={0: vecs.view(np.uint32)}, bindings=b).outputs[0].view(np.float32)
    v = vecs[:, :k].astype(np.float64)
    expect = v @ m.astype(np.float64) if vector_left else v @ m.T.astype(np.float64)
    np.testing.assert_allclose(got[:, :n], expect, rtol=1e-5, atol=1e-5)
    listing = disassemble(blob)
    # fxc's shapes: a dot per result when its operand is a register, else register combinations
    if vector_left != row_major:
        assert "dp" in listing and "mad" not in listing
    else:
        assert "dp" not in listing and "mad" in listing
