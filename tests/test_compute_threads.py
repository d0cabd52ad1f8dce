"""Compute dispatches on all cores (shader/native/runtime.dispatch over pool.parallel_for, issue 12 point 3).

Thread groups run in parallel unless they can observe each other's order in a way D3D defines (UAV atomics
and counters; globallycoherent UAV reads in a dispatch that writes UAVs — D3D11.3 7.14.4). Results must be
the same for 1, 2 and 4 worker threads, and equal to values computed here with numpy from the shader's
definition (not from either executor).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import lower, pool, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
F32 = np.float32


@pytest.fixture(autouse=True)
def _native(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    native.set_backend("native")
    yield
    native.set_backend(None)
    pool.set_threads(None)


def _buffer(words: np.ndarray) -> ResourceStorage:
    st = ResourceStorage.create(1, 0, words.nbytes, structure_stride=4)
    st.data[:] = np.ascontiguousarray(words).view(np.uint8)
    return st


def _view(kind: ViewKind, st: ResourceStorage, n: int) -> ViewDescriptor:
    return ViewDescriptor(kind, st, 0, 1, first_element=0, num_elements=n, element_size=4, structured=True)


# saxpy in place (each thread reads and writes its own element) and a per-group groupshared sum
SAXPY = """cs_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_resource_structured t0, 4
dcl_uav_structured u0, 4
dcl_uav_structured u1, 4
dcl_input vThreadID.x
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroupFlattened
dcl_temps 2
dcl_tgsm_structured g0, 4, 64
dcl_thread_group 64, 1, 1
ld_structured r0.y, vThreadID.x, l(0), t0.xxxx
ld_structured r1.x, vThreadID.x, l(0), u0.xxxx
mad r0.y, cb0[0].x, r0.y, r1.x
store_structured u0.x, vThreadID.x, l(0), r0.y
store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), vThreadID.x
sync_g_t
if_z vThreadIDInGroupFlattened.x
  mov r0.z, l(0)
  mov r0.w, l(0)
  loop
    uge r1.y, r0.w, l(64)
    breakc_nz r1.y
    ld_structured r1.z, r0.w, l(0), g0.xxxx
    iadd r0.z, r0.z, r1.z
    iadd r0.w, r0.w, l(1)
  endloop
  store_structured u1.x, vThreadGroupID.x, l(0), r0.z
endif
ret
"""

ATOMIC = """cs_5_0
dcl_uav_raw u0
dcl_uav_structured u1, 4
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 32, 1, 1
imm_atomic_iadd r0.x, u0, l(0), l(1)
store_structured u1.x, vThreadID.x, l(0), r0.x
ret
"""


def _run_saxpy(groups: int, threads: int, max_lanes: int = 1 << 20):
    n = groups * 64
    rng = np.random.default_rng(11)
    x, y = rng.random(n, dtype=F32), rng.random(n, dtype=F32)
    xs, ys, sums = _buffer(x.view(U32)), _buffer(y.view(U32)), _buffer(np.zeros(groups, U32))
    b = Bindings()
    b.set_cbuffer(0, np.array([3.0, 0, 0, 0], F32))
    b.srvs[0] = _view(ViewKind.SRV, xs, n)
    b.uavs[0] = _view(ViewKind.UAV, ys, n)
    b.uavs[1] = _view(ViewKind.UAV, sums, groups)
    pool.set_threads(threads)
    before = runtime.stats.native_runs
    dispatch(assemble_program(SAXPY), b, groups, 1, 1, max_lanes=max_lanes)
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    return x, y, ys.data.view(F32).copy(), sums.data.view(U32).copy()


@pytest.mark.parametrize("groups", [1, 3, 37, 1000])
def test_results_independent_of_thread_count(groups):
    outs = {t: _run_saxpy(groups, t) for t in (1, 2, 4)}
    x, y, got, sums = outs[1]
    assert np.array_equal(got, F32(3.0) * x + y)  # float32 multiply, then add (no fusion)
    lanes = np.arange(groups * 64, dtype=np.uint64).reshape(groups, 64)
    assert np.array_equal(sums, (lanes.sum(1) & 0xFFFFFFFF).astype(U32))
    for t in (2, 4):
        assert np.array_equal(outs[t][2], got) and np.array_equal(outs[t][3], sums)


def test_parallel_dispatch_uses_the_pool(monkeypatch):
    calls = []
    real = pool.parallel_for
    monkeypatch.setattr(pool, "parallel_for", lambda n, fn, workers=None: (calls.append(n), real(n, fn, workers)))
    _run_saxpy(1000, 4)
    assert calls and calls[0] > 1
    calls.clear()
    _run_saxpy(1000, 1)  # one thread: no split
    assert not calls


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_atomic_dispatch_runs_in_group_order(monkeypatch, threads):
    # imm_atomic_iadd return values depend on the order: the dispatch stays serial in the reference's
    # lane order, so thread i of the dispatch receives i (lane-ordered pre-values, as the reference)
    calls = []
    real = pool.parallel_for
    monkeypatch.setattr(pool, "parallel_for", lambda n, fn, workers=None: (calls.append(n), real(n, fn, workers)))
    n = 32 * 200
    counter, out = _buffer(np.zeros(1, U32)), _buffer(np.zeros(n, U32))
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, counter, 0, 1, first_element=0, num_elements=1, element_size=4,
                               raw=True)
    b.uavs[1] = _view(ViewKind.UAV, out, n)
    pool.set_threads(threads)
    dispatch(assemble_program(ATOMIC), b, 200, 1, 1, max_lanes=1024)
    assert not calls
    assert counter.data.view(U32)[0] == n
    assert np.array_equal(out.data.view(U32), np.arange(n, dtype=U32))


_DECL = {"plain": "dcl_uav_raw u0", "glc": "dcl_uav_raw_glc u0"}
_BODY = {"read": "ld_raw r0.x, l(0), u0.x\n", "write": "store_raw u0.x, l(0), l(1)\n",
         "atomic": "atomic_iadd u0, l(0), l(1)\n"}


@pytest.mark.parametrize(("decl", "ops", "bound"), [
    ("plain", ("write",), False),
    ("plain", ("read",), False),
    ("plain", ("read", "write"), False),  # cross-group read-after-write undefined without glc (7.14.4)
    ("glc", ("read",), False),  # nothing written: nothing to communicate
    ("glc", ("write",), False),
    ("glc", ("read", "write"), True),  # groups may communicate through the coherent UAV
    ("plain", ("atomic",), True),
    ("glc", ("atomic",), True),
])
def test_order_bound_rule(decl, ops, bound):
    src = (f"cs_5_0\n{_DECL[decl]}\ndcl_temps 1\ndcl_thread_group 8, 1, 1\n" + "".join(_BODY[o] for o in ops)
           + "ret\n")
    assert runtime.order_bound(lower.lower(assemble_program(src))) is bound


@pytest.mark.parametrize(("groups", "tile_groups", "threads"), [(1, 4, 2), (7, 4, 2), (1000, 4, 2),
                                                                  (1000, 4, 16), (65536, 1, 3)])
def test_group_ranges_cover_every_group_once_in_whole_tiles(groups, tile_groups, threads):
    items = runtime.group_ranges(groups, tile_groups, threads)
    covered = np.concatenate([np.arange(g, g + c) for g, c in items])
    assert np.array_equal(covered, np.arange(groups))
    assert all(g % tile_groups == 0 for g, _ in items)
    assert len(items) <= max(1, threads * runtime.ITEMS_PER_THREAD)
