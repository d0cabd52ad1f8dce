"""Software prefetch on the native backend's contiguous compute buffer loads (llvm_gen.PREFETCH, issue s23):
a hint that reads no value, so the results must be the reference's bit for bit with the switch on and off —
including lanes whose structured index is past the view (D3D11.3 functional spec §5.3.9.2 / ld_structured:
an out-of-bounds read returns 0) and buffers so short that the prefetched address lies far past their end.
Expected values are computed independently with numpy (float32 multiply then add, per lane)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import llvm_gen, lower, runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite not available")]

SAXPY = """cs_5_0
dcl_resource_structured t0, 4
dcl_resource_structured t1, 4
dcl_uav_structured u0, 4
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 64, 1, 1
ld_structured r0.x, vThreadID.x, l(0), t0.x
ld_structured r1.x, vThreadID.x, l(0), t1.x
mul r0.x, r0.x, l(2.0)
add r0.x, r0.x, r1.x
store_structured u0.x, vThreadID.x, l(0), r0.x
ret
"""


def _buffer(values: np.ndarray) -> ResourceStorage:
    st = ResourceStorage.create(1, 0, values.nbytes, structure_stride=4)
    st.data[:] = np.ascontiguousarray(values).view(np.uint8)
    return st


def _view(kind, st, n):
    return ViewDescriptor(kind, st, 0, 1, first_element=0, num_elements=n, element_size=4, structured=True)


def _run(backend: str, x: np.ndarray, y: np.ndarray, n: int) -> bytes:
    out = _buffer(np.zeros(n, np.float32))
    b = Bindings()
    b.srvs[0] = _view(ViewKind.SRV, _buffer(x), x.size)
    b.srvs[1] = _view(ViewKind.SRV, _buffer(y), y.size)
    b.uavs[0] = _view(ViewKind.UAV, out, n)
    prev = native.backend()
    native.set_backend(backend)
    try:
        before = runtime.stats.fallbacks
        dispatch(assemble_program(SAXPY), b, n // 64, 1, 1)
        if backend == "native":
            assert runtime.stats.fallbacks == before
    finally:
        native.set_backend(prev)
    return bytes(out.data)


def _expected(x: np.ndarray, y: np.ndarray, n: int) -> bytes:
    xs = np.zeros(n, np.float32)
    xs[: min(n, x.size)] = x[:n]  # past the view: 0 (§5.3.9.2)
    ys = np.zeros(n, np.float32)
    ys[: min(n, y.size)] = y[:n]
    return (xs * np.float32(2.0) + ys).astype(np.float32).tobytes()


@pytest.mark.parametrize("prefetch", [True, False])
@pytest.mark.parametrize("n, nx, ny", [
    (4096, 4096, 4096),  # whole stream in bounds
    (4096, 4000, 4096),  # t0 ends inside a vector step: its last lanes read 0
    (4096, 4096, 100),  # t1 far shorter than the dispatch
    (256, 3, 1),  # tiny buffers: every prefetch lies past their end
    (1024, 0, 1024),  # an empty view: every read 0
])
def test_saxpy_stream_matches_reference_and_spec(monkeypatch, prefetch, n, nx, ny):
    monkeypatch.setattr(llvm_gen, "PREFETCH", prefetch)
    rng = np.random.default_rng([n, nx, ny])
    x = rng.uniform(-1, 1, max(nx, 1)).astype(np.float32)[:nx]
    y = rng.uniform(-1, 1, max(ny, 1)).astype(np.float32)[:ny]
    want = _expected(x, y, n)
    assert _run("reference", x, y, n) == want
    assert _run("native", x, y, n) == want


@pytest.mark.parametrize("prefetch, expect", [(True, 2), (False, 0)])
def test_switch_controls_the_prefetch_hint(monkeypatch, prefetch, expect):
    """The two buffer loads get one prefetch each when the switch is on; none when it is off."""
    monkeypatch.setattr(llvm_gen, "PREFETCH", prefetch)
    text, _ = llvm_gen.generate(lower.lower(assemble_program(SAXPY)), 256)
    assert text.count("call void @llvm.prefetch.p0") == expect


def test_groupshared_loads_get_no_prefetch():
    """Groupshared memory is the group's own small array (in cache): its loads are not prefetched."""
    prog = assemble_program("cs_5_0\ndcl_uav_structured u0, 4\ndcl_input vThreadIDInGroupFlattened\ndcl_temps 1\n"
                            "dcl_tgsm_structured g0, 4, 64\ndcl_thread_group 64, 1, 1\n"
                            "store_structured g0.x, vThreadIDInGroupFlattened, l(0), l(1)\nsync_g_t\n"
                            "ld_structured r0.x, vThreadIDInGroupFlattened, l(0), g0.x\n"
                            "store_structured u0.x, vThreadIDInGroupFlattened, l(0), r0.x\nret\n")
    text, _ = llvm_gen.generate(lower.lower(prog), 256)
    assert "llvm.prefetch" not in text
