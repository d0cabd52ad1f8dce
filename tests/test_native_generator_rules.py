"""Rules of the native shader generator (shader/native/llvm_gen.py) that its mutation survivors showed untested.

Each rule is checked twice: against the value computed here from its definition, and bit for bit against the
reference executor, with the native kernel required to run (``STRICT``: a compile error fails instead of
falling back to the reference).

- Quad derivatives (D3D11.3 16.8 "Derivatives"; `deriv_rtx_coarse/fine`, `deriv_rty_coarse/fine`, 22.5): a
  2x2 quad's lanes are 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. Fine: each row (column) its own
  difference — ddx = right − left of the pixel's row, ddy = bottom − top of its column. Coarse: one value per
  quad; pyd3d11 (both executors) takes the top row for ddx and the left column for ddy.
- Compute system values (D3D11.3 18.6.5, "Compute Shader System Values"): for Dispatch(gx, gy, gz) and
  numthreads(tx, ty, tz), SV_GroupID is the group's (x, y, z), SV_GroupThreadID the thread's position in its
  group, SV_DispatchThreadID = SV_GroupID * numthreads + SV_GroupThreadID, SV_GroupIndex = tz' * tx * ty +
  ty' * tx + tx'.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import pool, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32, F32 = np.uint32, np.float32


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)
    pool.set_threads(None)


# ------------------------------------------------------------------------------------------ derivatives

_DERIV_PS = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"
             "deriv_rtx_fine o0.x, v0.x\nderiv_rty_fine o0.y, v0.x\n"
             "deriv_rtx_coarse o0.z, v0.x\nderiv_rty_coarse o0.w, v0.x\nret\n")


def _deriv_expected(v: np.ndarray) -> np.ndarray:
    q = v.reshape(-1, 4).astype(np.float64)  # TL, TR, BL, BR; small integers: every difference is exact
    tl, tr, bl, br = q.T
    fx = np.stack([tr - tl, tr - tl, br - bl, br - bl], 1)
    fy = np.stack([bl - tl, br - tr, bl - tl, br - tr], 1)
    cx = np.repeat((tr - tl)[:, None], 4, 1)
    cy = np.repeat((bl - tl)[:, None], 4, 1)
    return np.stack([a.reshape(-1) for a in (fx, fy, cx, cy)], 1).astype(F32)


def _run_natively_and_compare(prog, n: int, inputs):
    """Run ``prog`` on the native backend (it must not fall back) and on the reference; the outputs must be equal
    bit for bit. Returns the native result."""
    before = runtime.stats.native_runs
    a = runtime.run_program(prog, n, inputs=inputs)
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    b = reference.run_program(prog, n, inputs=inputs)
    assert np.array_equal(a.outputs, b.outputs)
    return a


@pytest.mark.parametrize("width", ["8", ""])  # "": 16 lanes per step where the CPU has AVX-512
def test_fine_and_coarse_derivatives_per_quad(monkeypatch, width):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    n = 64
    # values with no linear structure: every lane's own integer, so rows and columns of a quad all differ
    v = np.random.default_rng(5).permutation(n * 7)[:n].astype(F32)
    inputs = np.repeat(v.view(U32)[None, :, None], 4, 2)
    prog = assemble_program(_DERIV_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32).view(F32)
    assert np.array_equal(got, _deriv_expected(v))


# ------------------------------------------------------------------------------------- compute system values

def _cs(tx: int, ty: int, tz: int, dx: int, dy: int) -> str:
    return ("cs_5_0\ndcl_uav_structured u0, 16\ndcl_uav_structured u1, 16\n"
            "dcl_input vThreadGroupID.xyz\ndcl_input vThreadIDInGroup.xyz\ndcl_input vThreadID.xyz\n"
            "dcl_input vThreadIDInGroupFlattened\ndcl_temps 3\n"
            f"dcl_thread_group {tx}, {ty}, {tz}\n"
            f"imad r0.x, vThreadID.z, l({dy}), vThreadID.y\n"
            f"imad r0.x, r0.x, l({dx}), vThreadID.x\n"
            "mov r1.xyz, vThreadGroupID.xyzx\nmov r1.w, vThreadIDInGroupFlattened.x\n"
            "mov r2.xyz, vThreadIDInGroup.xyzx\nmov r2.w, l(7)\n"
            "store_structured u0.xyzw, r0.x, l(0), r1.xyzw\n"
            "store_structured u1.xyzw, r0.x, l(0), r2.xyzw\nret\n")


def _uav(n: int) -> tuple[ResourceStorage, ViewDescriptor]:
    st = ResourceStorage.create(1, 0, n * 16, structure_stride=16)
    st.data[:] = 0xEE
    return st, ViewDescriptor(ViewKind.UAV, st, 0, 1, first_element=0, num_elements=n, element_size=16,
                              structured=True)


def _expected_ids(t: tuple[int, int, int], g: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    (tx, ty, tz), (gx, gy, gz) = t, g
    dx, dy, dz = gx * tx, gy * ty, gz * tz
    z, y, x = np.meshgrid(np.arange(dz), np.arange(dy), np.arange(dx), indexing="ij")
    x, y, z = x.reshape(-1), y.reshape(-1), z.reshape(-1)  # element i = x + dx * (y + dy * z)
    ix, iy, iz = x % tx, y % ty, z % tz
    ids = np.stack([x // tx, y // ty, z // tz, iz * tx * ty + iy * tx + ix], 1).astype(U32)
    local = np.stack([ix, iy, iz, np.full_like(ix, 7)], 1).astype(U32)
    return ids, local


@pytest.mark.parametrize("backend", ["native", "reference"])
@pytest.mark.parametrize("threads", [(8, 1, 1), (4, 2, 1), (2, 4, 1), (3, 2, 4), (1, 1, 1)])
def test_compute_ids_over_a_three_dimensional_dispatch(backend, threads):
    groups = (3, 2, 5)  # unequal counts on every axis: a swap of two axes cannot map the ids onto themselves
    tx, ty, tz = threads
    n = tx * ty * tz * groups[0] * groups[1] * groups[2]
    prog = assemble_program(_cs(tx, ty, tz, groups[0] * tx, groups[1] * ty))
    s0, v0 = _uav(n)
    s1, v1 = _uav(n)
    b = Bindings()
    b.uavs[0], b.uavs[1] = v0, v1
    native.set_backend(backend)
    before = runtime.stats.native_runs
    dispatch(prog, b, *groups)
    if backend == "native":
        assert runtime.stats.native_runs > before, runtime.stats.reasons
    ids, local = _expected_ids(threads, groups)
    assert np.array_equal(s0.data.view(U32).reshape(n, 4), ids)
    assert np.array_equal(s1.data.view(U32).reshape(n, 4), local)


# ------------------------------------------------------------------------- 8-lane texture emitters in any kernel

@pytest.mark.parametrize("width", ["8", ""])
@pytest.mark.parametrize("case", [0, 5])
def test_cube_sampling_at_each_vector_width(monkeypatch, width, case):
    # the cube emitter works on 8 lanes: a 16-lane kernel calls it once per half (llvm_gen.Gen.emit_tex), an
    # 8-lane one directly; both bit-identical to the reference sampler
    import test_native_sampler_cube as cube

    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    cube.test_cube_filters(*cube.CASES[case])


# ------------------------------------------------------------------------------------- bit scans (22.7)

_FIRSTBIT_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\n"
                "firstbit_hi o0.x, v0.x\nfirstbit_lo o0.y, v0.x\nfirstbit_shi o0.z, v0.x\nmov o0.w, v0.x\nret\n")


def _leading_zeros(x: int) -> int:
    return 32 - x.bit_length()


def _firstbit_expected(x: int) -> tuple[int, int, int]:
    """D3D11.3 22.7 firstbit_hi: the first set bit counted from the MSB (0xFFFFFFFF when none); firstbit_lo: from
    the LSB; firstbit_shi: the first bit from the MSB that differs from the sign bit (none for 0 and -1)."""
    none = 0xFFFFFFFF
    hi = none if x == 0 else _leading_zeros(x)
    lo = none if x == 0 else (x & -x).bit_length() - 1
    s = (~x & 0xFFFFFFFF) if x & 0x80000000 else x
    shi = none if s == 0 else _leading_zeros(s)
    return hi, lo, shi


def test_firstbit_hi_lo_and_signed_hi():
    vals = [0, 1, 2, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE, 0x00F00000, 0x7FFFFFFF, 0x80000001, 0xC0000000,
            0x00000100, 0xFFFF0000, 0x40000000, 0x12345678, 0xEDCBA987, 3]
    n = 16
    inputs = np.repeat(np.array(vals, U32)[None, :, None], 4, 2)
    prog = assemble_program(_FIRSTBIT_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32)[:, :3].tolist()
    assert got == [list(_firstbit_expected(x)) for x in vals]


# ------------------------------------------------------------------------------- indexable temps (x#)

# Two indexable arrays addressed with static indices: x1 lives after x0's two registers; a read past an array's
# declared size gives 0 (D3D11.3 7.2 indexable temps: out-of-range reads return 0).
_XTEMP_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\n"
             "dcl_indexableTemp x0[2], 4\ndcl_indexableTemp x1[3], 4\n"
             "mov x0[0].x, l(11)\nmov x0[1].x, l(12)\n"
             "mov x1[0].x, l(21)\nmov x1[1].x, l(22)\nmov x1[2].x, v0.x\n"
             "mov o0.x, x1[2].x\nmov o0.y, x0[1].x\nmov o0.z, x1[0].x\nmov o0.w, x0[0].x\nret\n")


def test_indexable_temps_with_static_indices_are_separate_arrays():
    n = 8
    v = np.arange(100, 100 + n, dtype=U32)
    inputs = np.repeat(v[None, :, None], 4, 2)
    prog = assemble_program(_XTEMP_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32)
    assert got.tolist() == [[int(x), 12, 21, 11] for x in v]


# Static writes to an indexable array followed by a dynamically indexed read of it: the read sees every write.
_XTEMP_DYN_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\ndcl_temps 1\n"
                 "dcl_indexableTemp x0[3], 4\n"
                 "mov x0[0].x, l(7)\nmov x0[1].x, v0.x\nmov x0[2].x, l(9)\n"
                 "and r0.x, v0.x, l(1)\nmov o0.x, x0[r0.x + 0].x\nmov o0.y, x0[r0.x + 1].x\n"
                 "mov o0.zw, l(0, 0, 0, 0)\nret\n")


def test_indexed_read_sees_static_writes_to_the_same_array():
    n = 16
    v = np.arange(40, 40 + n, dtype=U32)
    inputs = np.repeat(v[None, :, None], 4, 2)
    prog = assemble_program(_XTEMP_DYN_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32)[:, :2].tolist()
    table = lambda x: [7, int(x), 9]  # noqa: E731
    assert got == [[table(x)[x & 1], table(x)[(x & 1) + 1]] for x in v]


# Run-time indices past an array's declared size (dcl_indexableTemp x0[2]: registers 0 and 1): the write is
# dropped and the read gives 0 (the rule the comment above cites), so the declared size, not the component count
# or any rounding of it, bounds the array.
_XTEMP_RANGE_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\ndcl_temps 2\n"
                   "dcl_indexableTemp x0[2], 4\n"
                   "and r0.x, v0.x, l(3)\niadd r1.x, v0.x, l(1)\nmov x0[r0.x + 0].x, r1.x\n"
                   "mov o0.x, x0[r0.x + 0].x\nmov o0.yzw, l(0, 0, 0, 0)\nret\n")


def test_indexable_temp_indices_past_the_declared_size():
    n = 16
    v = np.arange(60, 60 + n, dtype=U32)
    inputs = np.repeat(v[None, :, None], 4, 2)
    prog = assemble_program(_XTEMP_RANGE_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32)[:, 0].tolist()
    assert got == [int(x) + 1 if (x & 3) < 2 else 0 for x in v]


# Static writes to output registers, then an indexed write into the same range: both kinds of write land.
_O_DYN_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
             "dcl_indexRange o0.xyzw 2\ndcl_temps 1\n"
             "mov o1.xyzw, l(3, 3, 3, 3)\nmov o0.xyzw, l(1, 1, 1, 1)\n"
             "and r0.x, v0.x, l(1)\nmov o[r0.x + 0].xyzw, v0.xxxx\nret\n")


def test_indexed_output_write_keeps_the_static_writes():
    n = 16
    v = np.arange(40, 40 + n, dtype=U32)
    inputs = np.repeat(v[None, :, None], 4, 2)
    prog = assemble_program(_O_DYN_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    o0, o1 = np.asarray(a.outputs[0], U32)[:, 0].tolist(), np.asarray(a.outputs[1], U32)[:, 0].tolist()
    assert o0 == [int(x) if x & 1 == 0 else 1 for x in v]
    assert o1 == [3 if x & 1 == 0 else int(x) for x in v]


# ------------------------------------------------------------------------------------- rounding modes

# D3D11.3 22.10.x: round_ne rounds to the nearest integer, ties to even; round_ni toward -inf (floor); round_pi
# toward +inf (ceil); round_z toward zero (trunc).
_ROUND_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\n"
             "round_ne o0.x, v0.x\nround_ni o0.y, v0.x\nround_pi o0.z, v0.x\nround_z o0.w, v0.x\nret\n")


def test_each_rounding_mode():
    vals = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -1.25, 1.75, 3.0, -7.5, 0.49999997, 1e10, -3.75, 6.5, 2.25,
                     -0.25], F32)
    n = vals.shape[0]
    inputs = np.repeat(vals.view(U32)[None, :, None], 4, 2)
    prog = assemble_program(_ROUND_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32).view(F32)
    want = np.stack([np.rint(vals), np.floor(vals), np.ceil(vals), np.trunc(vals)], 1).astype(F32)
    assert np.array_equal(got, want), (got, want)


# ------------------------------------------------------------------------------ denormal literal operands

# Float32 arithmetic flushes denormal inputs to zero (sign kept), immediates included (D3D11.3 3.1.3.1 / spec-facts
# §1.1): a literal 3 * 2^-149 times 2^100 is 0, not ~3.7e-15; 0 < that literal is false.
_DENORM_PS = ("ps_5_0\ndcl_input_ps constant v0.xy\ndcl_output o0.xyzw\n"
              "mul o0.x, v0.x, l(0x00000003)\nlt o0.y, v0.y, l(0x00000003)\nlt o0.z, v0.y, l(0x80000003)\n"
              "add o0.w, v0.y, l(0x00400000)\nret\n")


def test_denormal_literals_are_flushed_like_any_float_input():
    n = 8
    inputs = np.zeros((1, n, 4), U32)
    inputs[0, :, 0] = np.float32(2.0 ** 100).view(U32)
    inputs[0, :, 1] = 0  # +0
    prog = assemble_program(_DENORM_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32)
    assert got.tolist() == [[0, 0, 0, 0]] * n


# --------------------------------------------------------------------------- loops after returned lanes

# A lane that returned (retc) stays inactive for the rest of the program (22.7.x ret): a later loop must not bring it
# back, whatever an earlier, finished if/else left in the mask storage the loop reuses. Lanes with bit 1 of v0.x set
# return before the loop with o0 = 0; the others run the loop three times: o0 = (3, 3, 0, 0).
_RET_LOOP_PS = ("ps_5_0\ndcl_input_ps constant v0.x\ndcl_output o0.xyzw\ndcl_temps 2\n"
                "mov o0.xyzw, l(0, 0, 0, 0)\n"
                "and r0.x, v0.x, l(1)\n"
                "if_nz r0.x\nmov r1.y, l(5)\nelse\nmov r1.y, l(6)\nendif\n"
                "and r0.y, v0.x, l(2)\n"
                "retc_nz r0.y\n"
                "mov r1.x, l(0)\n"
                "loop\niadd r1.x, r1.x, l(1)\nmov o0.y, r1.x\nuge r0.z, r1.x, l(3)\nbreakc_nz r0.z\nendloop\n"
                "mov o0.x, r1.x\nret\n")


@pytest.mark.parametrize("width", ["8", ""])
def test_loop_does_not_revive_returned_lanes(monkeypatch, width):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    n = 32
    v = np.arange(n, dtype=U32)
    inputs = np.repeat(v[None, :, None], 4, 2)
    prog = assemble_program(_RET_LOOP_PS)
    a = _run_natively_and_compare(prog, n, inputs)
    got = np.asarray(a.outputs[0], U32).tolist()
    assert got == [[0, 0, 0, 0] if x & 2 else [3, 3, 0, 0] for x in v]
