"""Compute kernels at 16 lanes per vector step (AVX-512 hosts; runtime.vector_width) against the reference,
bit for bit: a 16-lane step spans two thread groups of 8 threads, so the group id, the thread-in-group
ids and each lane's groupshared copy are per lane, not per step. Random programs (backend_diff: flow
control, groupshared stores with barriers, raw/structured UAVs) at the default width and at 8, and the
S4b-shaped groupshared tree reduction over several group sizes."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import lower, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite not available")]


def test_width_rule_for_compute():
    cs = lower.lower(assemble_program("cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 8, 1, 1\nret\n"))
    atomic = lower.lower(assemble_program("cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 8, 1, 1\n"
                                          "atomic_iadd u0, l(0), l(1)\nret\n"))
    wide = runtime.vector_width(cs, 256)
    assert wide in (8, 16)
    assert runtime.vector_width(cs, 264) == 8  # a tile that is not a whole number of 16-lane steps
    assert runtime.vector_width(atomic, 256) == 8  # atomics walk lanes one by one


@pytest.mark.parametrize("width", ["8", ""])
@pytest.mark.parametrize("seed", range(10))
def test_random_compute_programs_at_each_width(monkeypatch, width, seed):
    from pyd3d11.tools.backend_diff import diff_program, random_program

    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    text = random_program(np.random.default_rng([8642, seed]), "cs", 26)
    for groups in (2, 5):  # 8 threads a group: 16-lane steps hold two groups; 5 leaves a partial step
        status, detail = diff_program(assemble_program(text), seed=seed, groups=groups)
        assert status in ("same", "nanbits"), f"{status} {detail}\n{text}"


REDUCE = """cs_5_0
dcl_resource_structured t0, 4
dcl_uav_structured u0, 4
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroupFlattened
dcl_temps 3
dcl_tgsm_structured g0, 4, {T}
dcl_thread_group {T}, 1, 1
mov r0.x, vThreadIDInGroupFlattened
imad r1.x, vThreadGroupID.x, l({T}), r0.x
ld_structured r0.w, r1.x, l(0), t0.x
store_structured g0.x, r0.x, l(0), r0.w
sync_g_t
mov r0.y, l({half})
loop
  ult r0.w, l(0), r0.y
  breakc_z r0.w
  ult r0.w, r0.x, r0.y
  if_nz r0.w
    ld_structured r1.x, r0.x, l(0), g0.x
    iadd r0.w, r0.x, r0.y
    ld_structured r2.x, r0.w, l(0), g0.x
    add r0.w, r1.x, r2.x
    store_structured g0.x, r0.x, l(0), r0.w
  endif
  sync_g_t
  ushr r0.y, r0.y, l(1)
endloop
ieq r0.y, r0.x, l(0)
if_nz r0.y
  ld_structured r0.x, l(0), l(0), g0.x
  store_structured u0.x, vThreadGroupID.x, l(0), r0.x
endif
ret
"""


def _buffer(values: np.ndarray) -> ResourceStorage:
    st = ResourceStorage.create(1, 0, values.nbytes, structure_stride=4)
    st.data[:] = np.ascontiguousarray(values).view(np.uint8)
    return st


def _view(kind, st, n):
    return ViewDescriptor(kind, st, 0, 1, first_element=0, num_elements=n, element_size=4, structured=True)


def _reduce(backend: str, T: int, groups: int, x: np.ndarray) -> bytes:
    prog = assemble_program(REDUCE.format(T=T, half=T // 2))
    out = _buffer(np.zeros(groups, np.float32))
    b = Bindings()
    b.srvs[0] = _view(ViewKind.SRV, _buffer(x), x.size)
    b.uavs[0] = _view(ViewKind.UAV, out, groups)
    prev = native.backend()
    native.set_backend(backend)
    try:
        before = runtime.stats.fallbacks
        dispatch(prog, b, groups, 1, 1)
        if backend == "native":
            assert runtime.stats.fallbacks == before
    finally:
        native.set_backend(prev)
    return bytes(out.data)


@pytest.mark.parametrize("width", ["8", ""])
@pytest.mark.parametrize("T, groups", [(8, 37), (16, 20), (32, 9), (64, 5), (256, 3)])
def test_groupshared_tree_reduction_at_each_width(monkeypatch, width, T, groups):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    rng = np.random.default_rng(T)
    x = rng.uniform(-1, 1, T * groups).astype(np.float32)
    want = _reduce("reference", T, groups, x)
    assert _reduce("native", T, groups, x) == want
