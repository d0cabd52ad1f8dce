"""Geometry, hull and domain shaders writing UAVs on the native backend (issue 12), compared with the
reference executor (the oracle): every output word and every UAV byte, append/consume counters, with the
native kernel required to run (0 fallbacks, ``STRICT``).

D3D11.3 §5.3.9 / §22.4 (UAV access from every stage in 11.1): raw, structured and typed stores; atomics and
their immediate forms (the pre-op value returned depends on the order of invocations: the reference runs a
batch's invocations in lane order, and so must the kernel); append/consume counters; stores of many
invocations to one address (racing writes, undefined in D3D — the backends still agree, since one kernel
tile holds the whole batch, runtime._graphics_tile); §22.3.5: a GS lane that reached dcl_maxout stores
nothing more. Batches of several hundred invocations, so a batch spans more than one default tile."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.domain import run_domain_shader
from pyd3d11.pipeline.geometry import run_geometry_shader
from pyd3d11.pipeline.hull import run_hull_shader
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
R32_TYPELESS, R32_UINT, BUFFER = 39, 42, 1


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


class _Views:
    """u0 raw, u1 structured (stride 8) with an append counter, u2 typed R32_UINT buffer — fresh per run."""

    def __init__(self, n_words: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.st = [ResourceStorage.create(1, 0, 4 * n_words) for _ in range(3)]
        for st in self.st:
            st.data.view(U32)[:] = rng.integers(0, 2**32, n_words, dtype=np.uint64).astype(U32)
        self.b = Bindings()
        self.b.uavs[0] = ViewDescriptor(ViewKind.UAV, self.st[0], R32_TYPELESS, BUFFER, num_elements=n_words,
                                        element_size=4, flags=1, raw=True)
        self.b.uavs[1] = ViewDescriptor(ViewKind.UAV, self.st[1], 0, BUFFER, num_elements=n_words // 2,
                                        element_size=8, flags=2, structured=True)
        self.b.uavs[1].counter[0] = 5
        self.b.uavs[2] = ViewDescriptor(ViewKind.UAV, self.st[2], R32_UINT, BUFFER, num_elements=n_words,
                                        element_size=4)
        self.b.set_cbuffer(0, np.array([3, 7, 11, 0], U32))

    def state(self) -> tuple:
        return tuple(bytes(st.data) for st in self.st) + (self.b.uavs[1].counter[0],)


def _both(make, run):
    """run(views) under the native backend (0 fallbacks) and the reference; (native, reference) results
    including every UAV byte and the counter."""
    out = {}
    for backend in ("native", "reference"):
        native.set_backend(backend)
        runtime.stats.reset()
        v = make()
        res = run(v)
        if backend == "native":
            assert runtime.stats.fallbacks == 0, runtime.stats.reasons
            assert runtime.stats.native_runs >= 1
        out[backend] = (res, v.state())
    return out["native"], out["reference"]


def _assert_same(nat, ref):
    (rn, sn), (rr, sr) = nat, ref
    for i, (a, b) in enumerate(zip(sn, sr)):
        assert a == b, f"UAV u{i} differs" if i < 3 else "append counter differs"
    assert len(rn) == len(rr)
    for a, b in zip(rn, rr):
        np.testing.assert_array_equal(a, b)


# ---------------------------------------------------------------------------------------------- GS

GS = """gs_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_uav_raw u0
dcl_uav_structured u1, 8
dcl_uav_typed_buffer (uint,uint,uint,uint) u2
dcl_input v[1][0].xyzw
dcl_input vPrim
dcl_input vGSInstanceID
dcl_temps 4
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_maxout {maxout}
dcl_gsinstances {instances}
ishl r0.x, vPrim, l(2)
store_raw u0.x, r0.x, v[0][0].x
store_raw u0.x, l({race}), v[0][0].y
imm_atomic_iadd r1.x, u0, l({counter}), cb0[0].x
atomic_umax u0, l({umax}), v[0][0].z
and r2.x, v[0][0].w, l(3)
if_nz r2.x
  imm_atomic_alloc r1.y, u1
  store_structured u1.xy, r1.y, l(0), v[0][0].xyxx
else
  imm_atomic_consume r1.y, u1
endif
store_uav_typed u2.xyzw, vPrim.xxxx, vGSInstanceID.xxxx
and r3.x, v[0][0].x, l(7)
mov r3.y, l(0)
loop
  uge r3.z, r3.y, r3.x
  breakc_nz r3.z
  mov o0.xyzw, r1.xyxx
  emit
  iadd r3.y, r3.y, l(1)
endloop
ishl r0.y, vPrim, l(2)
iadd r0.y, r0.y, l(4)
store_raw u0.x, r0.y, r1.x
ret
"""


@pytest.mark.parametrize("P, instances, maxout", [(3, 1, 8), (300, 1, 8), (700, 2, 3), (64, 3, 1)])
def test_gs_uav_stores_atomics_and_counters(P, instances, maxout):
    n_words = 4 * P + 64
    prog = assemble_program(GS.format(maxout=maxout, instances=instances, race=4 * (n_words - 1),
                                      counter=4 * (n_words - 2), umax=4 * (n_words - 3)))
    rng = np.random.default_rng(P)
    vo = rng.integers(0, 2**32, (1, P, 4), dtype=np.uint64).astype(U32)
    vo[0, :, 0] = rng.integers(0, 9, P)  # vertex counts, some beyond maxout (the lane ends: no last store)

    def run(v):
        g = run_geometry_shader(prog, v.b, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
        s = g.streams[0]
        return [g.emitted_vertices, s.outputs, s.rows, s.source_primitive, s.instance]

    _assert_same(*_both(lambda: _Views(n_words, P), run))


# ---------------------------------------------------------------------------------------------- HS / DS

HS = """hs_5_0
hs_decls
dcl_input_control_point_count 1
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(8.000000)
dcl_uav_raw u0
dcl_uav_structured u1, 8
dcl_uav_typed_buffer (uint,uint,uint,uint) u2
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input vPrim
dcl_input v[1][0].xyzw
dcl_output o0.xyzw
dcl_temps 2
imad r0.x, vPrim, l(3), vOutputControlPointID
ishl r0.y, r0.x, l(2)
imm_atomic_iadd r1.x, u0, l(0), l(1)
store_raw u0.x, r0.y, r1.x
store_uav_typed u2.xyzw, r0.xxxx, v[0][0].xxxx
mov o0.xyzw, v[0][0].xyzw
mov o0.w, r1.x
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_input vPrim
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 2
dcl_indexrange o0.x 3
imm_atomic_alloc r0.x, u1
store_structured u1.xy, r0.x, l(0), vPrim.xxxx
mov r1.x, vForkInstanceID.x
and r0.y, r0.x, l(3)
iadd r0.y, r0.y, l(1)
utof o[r1.x + 0].x, r0.y
ret
hs_join_phase
dcl_input vPrim
dcl_output_siv o3.x, finalTriInsideTessFactor
dcl_temps 1
imm_atomic_umax r0.x, u0, l(4), vPrim
store_raw u0.x, l(8), vPrim
utof o3.x, l(2)
ret
"""

DS = """ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_uav_raw u0
dcl_uav_structured u1, 8
dcl_uav_typed_buffer (uint,uint,uint,uint) u2
dcl_input vDomain.xyz
dcl_input vPrim
dcl_input vicp[3][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
imm_atomic_iadd r0.x, u0, l(12), l(1)
and r0.y, r0.x, l(255)
iadd r0.y, r0.y, l(16)
ishl r0.y, r0.y, l(2)
store_raw u0.x, r0.y, vDomain.x
imm_atomic_consume r1.x, u1
ld_structured r1.y, r1.x, l(4), u1.xxxx
store_uav_typed u2.xyzw, vPrim.xxxx, r0.xxxx
mov o0.xyz, vDomain.xyzx
mov o0.w, r1.y
ret
"""


@pytest.mark.parametrize("patches", [2, 90, 400])
def test_hull_and_domain_uav_stores_atomics_and_counters(patches):
    from pyd3d11.pipeline.hull import hull_info
    from pyd3d11.pipeline.tessellator import tessellate_patches

    hs, ds = assemble_program(HS), assemble_program(DS)
    info = hull_info(hs)
    rng = np.random.default_rng(patches)
    cp = rng.integers(0, 2**32, (patches, 1, 1, 4), dtype=np.uint64).astype(U32)
    n_words = max(4 * 3 * patches, 300) + 64

    def run(v):
        h = run_hull_shader(hs, v.b, cp, None)
        t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, h.tess_factors)
        o = run_domain_shader(ds, v.b, t.points, t.point_patch, h.control_points, h.patch_constants)
        return [h.control_points, h.patch_constants, h.tess_factors.view(U32), o]

    _assert_same(*_both(lambda: _Views(n_words, patches), run))


GS_TYPED_ONLY = """gs_5_0
dcl_uav_typed_buffer (uint,uint,uint,uint) u2
dcl_input v[1][0].xyzw
dcl_input vPrim
dcl_temps 2
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_maxout 1
ld_uav_typed r1.xyzw, l(1, 0, 0, 0), u2.xyzw
store_uav_typed u2.xyzw, l(0, 0, 0, 0), vPrim.xxxx
ult r0.x, vPrim, l(10)
if_nz r0.x
  iadd r0.y, vPrim, l(1000)
  store_uav_typed u2.xyzw, l(0, 0, 0, 0), r0.yyyy
  store_uav_typed u2.xyzw, l(1, 0, 0, 0), r0.yyyy
endif
mov o0.xyzw, r1.xyzw
emit
ret
"""


@pytest.mark.parametrize("P", [5, 600])
def test_gs_typed_uav_only_runs_the_batch_in_lane_order(P):
    # Every invocation stores to element 0, then the first ten again: the reference ends with the last of
    # those (the second store runs after the first for the whole batch) and every lane reads element 1 before any store.
    prog = assemble_program(GS_TYPED_ONLY)
    vo = np.zeros((1, P, 4), U32)

    def run(v):
        g = run_geometry_shader(prog, v.b, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
        return [g.emitted_vertices, g.streams[0].outputs]

    nat, ref = _both(lambda: _Views(64, P), run)
    _assert_same(nat, ref)
    assert np.frombuffer(ref[1][2], U32)[0] == 1000 + min(P, 10) - 1
