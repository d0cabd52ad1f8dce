"""Compute dispatch: system values, groupshared memory with barriers, raw/structured/typed UAVs,
atomics under contention, append/consume counters and DispatchIndirect (D3D11.3 ch. 18, 22.17-22.19)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import InvalidArgError
from pyd3d11.pipeline.compute import dispatch, dispatch_indirect
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.exec.memory import serial_atomic
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

#: every test runs on both shader backends (reference and native)
pytestmark = pytest.mark.usefixtures("both_backends")


def buf(words, structured_stride=0):
    w = np.asarray(words, np.uint32)
    st = ResourceStorage.create(1, 0, w.nbytes, structure_stride=structured_stride)
    st.data.view(np.uint32)[:] = w
    return st


def raw_view(st, kind=ViewKind.UAV):
    return ViewDescriptor(kind, st, 39, 1, num_elements=st.width // 4, element_size=4, flags=1, raw=True)


def struct_view(st, stride, kind=ViewKind.UAV):
    return ViewDescriptor(kind, st, 0, 1, num_elements=st.width // stride, element_size=stride, structured=True)


def words(st):
    return st.data.view(np.uint32)


def test_system_values_for_every_thread():
    prog = assemble_program("""cs_5_0
dcl_uav_structured u0, 16
dcl_input vThreadID.xyz
dcl_input vThreadGroupID.xyz
dcl_input vThreadIDInGroup.xyz
dcl_input vThreadIDInGroupFlattened
dcl_temps 1
dcl_thread_group 4, 2, 3
mov r0.x, vThreadIDInGroupFlattened.x
imad r0.y, vThreadGroupID.y, l(3), vThreadGroupID.x
imad r0.y, vThreadGroupID.z, l(6), r0.y
imad r0.x, r0.y, l(24), r0.x
store_structured u0.xyzw, r0.x, l(0), vThreadID.xyzw
ret
""")
    gx, gy, gz = 3, 2, 2
    n = gx * gy * gz * 24
    out = buf(np.zeros(n * 4))
    b = Bindings()
    b.uavs[0] = struct_view(out, 16)
    assert dispatch(prog, b, gx, gy, gz) == n
    got = words(out).reshape(n, 4)
    for g in range(gx * gy * gz):
        G = (g % 3, (g // 3) % 2, g // 6)
        for t in range(24):
            L = (t % 4, (t // 4) % 2, t // 8)
            assert got[g * 24 + t, :3].tolist() == [G[i] * (4, 2, 3)[i] + L[i] for i in range(3)]


PREFIX = """cs_5_0
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_input vThreadGroupID.x
dcl_temps 3
dcl_tgsm_raw g0, 256
dcl_thread_group 64, 1, 1
imad r0.x, vThreadGroupID.x, l(64), vThreadIDInGroupFlattened.x
ishl r0.x, r0.x, l(2)
ld_raw r0.y, r0.x, u0.xxxx
ishl r0.z, vThreadIDInGroupFlattened.x, l(2)
store_raw g0.x, r0.z, r0.y
sync_g_t
mov r1.x, l(1)
loop
  uge r1.y, r1.x, l(64)
  breakc_nz r1.y
  mov r1.z, l(0)
  uge r1.w, vThreadIDInGroupFlattened.x, r1.x
  if_nz r1.w
    iadd r2.x, vThreadIDInGroupFlattened.x, -r1.x
    ishl r2.x, r2.x, l(2)
    ld_raw r1.z, r2.x, g0.xxxx
  endif
  sync_g_t
  ld_raw r2.y, r0.z, g0.xxxx
  iadd r2.y, r2.y, r1.z
  store_raw g0.x, r0.z, r2.y
  sync_g_t
  ishl r1.x, r1.x, l(1)
endloop
ld_raw r0.y, r0.z, g0.xxxx
store_raw u0.x, r0.x, r0.y
ret
"""


@pytest.mark.parametrize("max_lanes", [64, 1 << 20])
def test_prefix_sum_with_groupshared_and_barriers(max_lanes):
    rng = np.random.default_rng(3)
    data = rng.integers(0, 1000, 64 * 5).astype(np.uint32)
    st = buf(data)
    b = Bindings()
    b.uavs[0] = raw_view(st)
    dispatch(assemble_program(PREFIX), b, 5, 1, 1, max_lanes=max_lanes)
    want = np.concatenate([np.cumsum(data[g * 64:(g + 1) * 64]) for g in range(5)])
    assert words(st).tolist() == want.tolist()


def test_imm_atomic_iadd_contention_returns_lane_ordered_pre_values():
    prog = assemble_program("""cs_5_0
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_temps 1
dcl_thread_group 256, 1, 1
iadd r0.x, vThreadIDInGroupFlattened.x, l(1)
imm_atomic_iadd r0.y, u0, l(0), r0.x
ishl r0.z, vThreadIDInGroupFlattened.x, l(2)
iadd r0.z, r0.z, l(4)
store_raw u0.x, r0.z, r0.y
ret
""")
    st = buf(np.zeros(1 + 256))
    words(st)[0] = 5
    b = Bindings()
    b.uavs[0] = raw_view(st)
    dispatch(prog, b, 1)
    w = words(st)
    assert w[0] == 5 + 256 * 257 // 2
    pre = w[1:]
    assert len(set(pre.tolist())) == 256  # every lane saw a distinct pre-value
    assert pre.tolist() == [5 + i * (i + 1) // 2 for i in range(256)]


def test_serial_atomic_ops_match_a_sequential_reference():
    rng = np.random.default_rng(11)
    n = 500
    addr = rng.integers(0, 7, n)
    val = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    cmpv = rng.integers(0, 3, n).astype(np.uint32)
    for op in ["add", "and", "or", "xor", "umin", "umax", "imin", "imax", "exch", "cmp"]:
        mem = rng.integers(0, 3, 7).astype(np.uint32)
        ref = mem.astype(np.int64).copy()
        want = []
        for a, v, c in zip(addr, val.astype(np.int64), cmpv.astype(np.int64)):
            old = ref[a]
            want.append(old)
            s = lambda x: x - 2**32 if x >= 2**31 else x  # noqa: E731
            new = {"add": (old + v) % 2**32, "and": old & v, "or": old | v, "xor": old ^ v, "umin": min(old, v),
                   "umax": max(old, v), "imin": min(old, v, key=s), "imax": max(old, v, key=s), "exch": v,
                   "cmp": v if old == c else old}[op]
            ref[a] = new
        got = serial_atomic(mem, addr, op, val, cmpv if op == "cmp" else None)
        assert got.tolist() == want, op
        assert mem.tolist() == ref.tolist(), op


def test_cmp_exch_only_first_lane_wins():
    prog = assemble_program("""cs_5_0
dcl_uav_raw u0
dcl_input vThreadIDInGroupFlattened
dcl_temps 1
dcl_thread_group 64, 1, 1
iadd r0.x, vThreadIDInGroupFlattened.x, l(100)
imm_atomic_cmp_exch r0.y, u0, l(0), l(0), r0.x
ishl r0.z, vThreadIDInGroupFlattened.x, l(2)
iadd r0.z, r0.z, l(4)
store_raw u0.x, r0.z, r0.y
atomic_umax u0, l(260), vThreadIDInGroupFlattened.x
ret
""")
    st = buf(np.zeros(66))
    b = Bindings()
    b.uavs[0] = raw_view(st)
    dispatch(prog, b, 1)
    w = words(st)
    assert w[0] == 100 and w[1:65].tolist() == [0] + [100] * 63 and w[65] == 63


def test_append_consume_counters():
    prog = assemble_program("""cs_5_0
dcl_uav_structured u0, 4
dcl_uav_structured u1, 4
dcl_input vThreadIDInGroupFlattened
dcl_temps 1
dcl_thread_group 32, 1, 1
and r0.x, vThreadIDInGroupFlattened.x, l(1)
if_nz r0.x
  imm_atomic_alloc r0.y, u0
  store_structured u0.x, r0.y, l(0), vThreadIDInGroupFlattened.x
else
  imm_atomic_consume r0.z, u1
  ld_structured r0.w, r0.z, l(0), u1.xxxx
  store_structured u1.x, r0.z, l(0), l(0xFFFFFFFF)
endif
ret
""")
    a = buf(np.zeros(32))
    c = buf(np.arange(32) + 1000)
    b = Bindings()
    b.uavs[0] = struct_view(a, 4)
    b.uavs[1] = struct_view(c, 4)
    b.uavs[0].counter[0] = 3
    b.uavs[1].counter[0] = 20
    dispatch(prog, b, 1)
    assert b.uavs[0].counter[0] == 3 + 16 and b.uavs[1].counter[0] == 20 - 16
    assert words(a)[3:19].tolist() == list(range(1, 32, 2))
    assert (words(c)[4:20] == 0xFFFFFFFF).all() and words(c)[:4].tolist() == [1000, 1001, 1002, 1003]


def test_structured_srv_to_raw_uav_with_out_of_bounds_reads_zero():
    prog = assemble_program("""cs_5_0
dcl_resource_structured t0, 8
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 8, 1, 1
ld_structured r0.xy, vThreadID.x, l(0), t0.yxxx
ishl r0.z, vThreadID.x, l(3)
store_raw u0.xy, r0.z, r0.xyxx
ret
""")
    src = buf(np.arange(12) + 1, structured_stride=8)  # 6 elements of (a, b)
    dst = buf(np.full(16, 7))
    b = Bindings()
    b.srvs[0] = struct_view(src, 8, ViewKind.SRV)
    b.uavs[0] = raw_view(dst)
    dispatch(prog, b, 1)
    want = []
    for i in range(8):
        want += [2 * i + 2, 2 * i + 1] if i < 6 else [0, 0]
    assert words(dst).tolist() == want


def test_typed_uav_store_and_load_r32_float():
    prog = assemble_program("""cs_5_0
dcl_uav_typed_texture2d (float,float,float,float) u0
dcl_input vThreadID.xy
dcl_temps 1
dcl_thread_group 4, 4, 1
utof r0.x, vThreadID.x
utof r0.y, vThreadID.y
mad r0.x, r0.y, l(10.0), r0.x
store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xxxx
ret
""")
    tex = ResourceStorage.create(3, 41, 8, 4, bytes_per_block=4)
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, tex, 41, 4)
    dispatch(prog, b, 2, 1, 1)
    got = tex.data.view(np.float32).reshape(4, 8)
    yy, xx = np.mgrid[0:4, 0:8]
    assert got.tolist() == (yy * 10.0 + xx).tolist()


def test_dispatch_indirect_and_zero_dims():
    prog = assemble_program("""cs_5_0
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
atomic_iadd u0, l(0), l(1)
ret
""")
    st = buf(np.zeros(1))
    b = Bindings()
    b.uavs[0] = raw_view(st)
    args = buf([9, 9, 2, 3, 4])
    dispatch_indirect(prog, b, args, 8)
    assert words(st)[0] == 24
    assert dispatch(prog, b, 0, 5, 5) == 0 and words(st)[0] == 24
    with pytest.raises(InvalidArgError):
        dispatch_indirect(prog, b, args, 2)


def test_tiny_group_of_four_threads_gets_its_ids():
    prog = assemble_program("""cs_5_0
dcl_uav_raw u0
dcl_input vThreadIDInGroup.xy
dcl_temps 1
dcl_thread_group 2, 2, 1
imad r0.x, vThreadIDInGroup.y, l(2), vThreadIDInGroup.x
ishl r0.y, r0.x, l(2)
imad r0.z, vThreadIDInGroup.x, l(10), vThreadIDInGroup.y
store_raw u0.x, r0.y, r0.z
ret
""")
    st = buf(np.zeros(4))
    b = Bindings()
    b.uavs[0] = raw_view(st)
    dispatch(prog, b, 1)
    assert words(st).tolist() == [0, 10, 1, 11]
