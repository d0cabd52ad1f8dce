"""Geometry shaders on the native backend (issue 12): every output word, primitive row, source primitive,
instance, PrimitiveID and emit count of :func:`pyd3d11.pipeline.geometry.run_geometry_shader` is compared bit
for bit with the reference executor (the oracle), with the native kernel required to run (no fallback,
``STRICT``: a compile error fails). The programs cover D3D11.3 §13 / §22.8: emit, cut, emitThenCut and their
``_stream`` forms over several streams (§13.5), dcl_maxout ending an invocation inside loops and branches
(§22.3.5), instancing with SV_GSInstanceID (§22.3.7, §13.2), every input primitive kind including adjacency
(§22.3.6), vPrim and an SV_PrimitiveID output (§22.3.33), relative vertex indices, float specials.
Independent expectations of the same rules live in tests/test_geometry_shader.py (run there under both
backends)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.geometry import gs_info, run_geometry_shader
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import runtime, staged

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _run(backend: str, prog, rows, vo, pid, bindings=None):
    native.set_backend(backend)
    runtime.stats.reset()
    out = run_geometry_shader(prog, bindings, rows, vo, pid)
    if backend == "native":
        assert runtime.stats.fallbacks == 0, runtime.stats.reasons
        assert runtime.stats.native_runs >= 1
    return out


def differential(prog, rows, vo, pid, bindings=None):
    """Run both backends and require the same GSOutput, word for word; returns the native one."""
    nat = _run("native", prog, rows, vo, pid, bindings)
    ref = _run("reference", prog, rows, vo, pid, bindings)
    assert nat.invocations == ref.invocations
    np.testing.assert_array_equal(nat.emitted_vertices, ref.emitted_vertices)
    assert sorted(nat.streams) == sorted(ref.streams)
    for s in ref.streams:
        a, b = nat.streams[s], ref.streams[s]
        assert (a.topology, a.topology_class) == (b.topology, b.topology_class)
        for name in ("outputs", "rows", "source_primitive", "instance", "source_primitive_id", "primitive_id"):
            x, y = getattr(a, name), getattr(b, name)
            assert x.shape == y.shape, name
            assert x.dtype == y.dtype, name
            np.testing.assert_array_equal(x, y, err_msg=f"stream {s} {name}")
    return nat


def _words(rng, shape):
    """Random words with float specials mixed in (NaN payloads, ±0, denormals, ±inf, small integers)."""
    w = rng.integers(0, 2**32, shape, dtype=np.uint64).astype(U32)
    specials = np.array([0x7FC00001, 0x7F800001, 0x80000000, 0, 1, 0x807FFFFF, 0x7F800000, 0xFF800000, 3, 0x3F800000],
                        U32)
    pick = rng.random(shape) < 0.3
    w[pick] = specials[rng.integers(0, specials.size, int(pick.sum()))]
    return w


# Point in → a strip of n vertices (n = v[0][0].x & 15), a cut after vertex c (v[0][0].y & 15), emitThenCut
# when the vertex number equals v[0][0].w & 15, vertex data computed with float ops from the inputs.
VARYING = """gs_4_0
dcl_input v[1][0].xyzw
dcl_input v[1][1].xyzw
dcl_input vPrim
dcl_temps 3
dcl_inputprimitive point
dcl_outputtopology {topo}
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xy
dcl_maxout {maxout}
and r2.xyw, v[0][0].xyxw, l(15, 15, 0, 15)
mov r0.x, l(0)
loop
  uge r0.y, r0.x, r2.x
  breakc_nz r0.y
  utof r1.x, r0.x
  mad o0.xyzw, v[0][1].xyzw, r1.xxxx, v[0][1].wzyx
  div o1.x, v[0][1].x, r1.x
  mul o1.y, v[0][1].y, v[0][1].z
  mov o1.z, vPrim
  mov o1.w, r0.x
  mov o2.xy, v[0][0].zyzz
  ieq r1.y, r0.x, r2.w
  if_nz r1.y
    emit_then_cut
  else
    emit
  endif
  ieq r1.x, r0.x, r2.y
  if_nz r1.x
    cut
  endif
  iadd r0.x, r0.x, l(1)
endloop
ret
"""


@pytest.mark.parametrize("topo", ["trianglestrip", "linestrip", "pointlist"])
@pytest.mark.parametrize("maxout", [1, 3, 4, 7, 16])
def test_varying_strips_cuts_and_maxout(topo, maxout):
    prog = assemble_program(VARYING.format(topo=topo, maxout=maxout))
    rng = np.random.default_rng(maxout * 7 + len(topo))
    P = 300  # more than one 256-lane tile
    vo = _words(rng, (2, P, 4))
    vo[0, :, :2] = rng.integers(0, 12, (P, 2))
    vo[0, :, 3] = rng.integers(0, 12, P)
    pid = rng.integers(0, 2**32, P, dtype=np.uint64).astype(U32)
    rows = rng.permutation(P)[:, None]
    out = differential(prog, rows, vo, pid)
    assert out.emitted_vertices.max() == min(maxout, 11)


def test_maxout_zero_emits_nothing():
    prog = assemble_program(VARYING.format(topo="trianglestrip", maxout=0))
    P = 20
    vo = np.zeros((2, P, 4), U32)
    vo[0, :, 0] = 5
    out = differential(prog, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    assert out.primitives == 0


# A triangle pass-through with a relative vertex index (fxc's form for a loop over the input array).
PASS_THROUGH = """gs_4_0
dcl_input v[{k}][0].xyzw
dcl_input v[{k}][1].xyzw
dcl_input vPrim
dcl_temps 1
dcl_inputprimitive {prim}
dcl_outputtopology {topo}
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_sgv o2.x, primitive_id
dcl_maxout {k}
mov r0.x, l(0)
loop
  ige r0.y, r0.x, l({k})
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  add o1.xyzw, v[r0.x + 0][1].xyzw, v[{last}][0].wzyx
  iadd o2.x, vPrim, r0.x
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
"""


@pytest.mark.parametrize("prim,k,topo", [("point", 1, "pointlist"), ("line", 2, "linestrip"),
                                         ("triangle", 3, "trianglestrip"), ("lineadj", 4, "linestrip"),
                                         ("triangleadj", 6, "trianglestrip"), ("triangle", 3, "pointlist"),
                                         ("triangleadj", 6, "linestrip")])
def test_every_input_primitive_relative_vertex_index_and_primitive_id(prim, k, topo):
    prog = assemble_program(PASS_THROUGH.format(prim=prim, k=k, topo=topo, last=k - 1))
    assert gs_info(prog).input_vertices == k
    rng = np.random.default_rng(k)
    V, P = 50, 90
    vo = _words(rng, (2, V, 4))
    rows = rng.integers(0, V, (P, k))
    pid = rng.integers(0, 2**32, P, dtype=np.uint64).astype(U32)
    out = differential(prog, rows, vo, pid)
    assert out.emitted_vertices.tolist() == [k] * P


INSTANCED = """gs_5_0
dcl_input v[1][0].xyzw
dcl_input vPrim
dcl_input vGSInstanceID
dcl_temps 2
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_maxout 4
dcl_gsinstances {n}
and r0.y, vGSInstanceID, l(1)
iadd r0.y, r0.y, l(2)
mov r0.x, l(0)
loop
  uge r1.x, r0.x, r0.y
  breakc_nz r1.x
  mov o0.x, vPrim
  mov o0.y, vGSInstanceID
  mov o0.z, r0.x
  mul o0.w, v[0][0].x, v[0][0].y
  emit
  iadd r0.x, r0.x, l(1)
endloop
ret
"""


@pytest.mark.parametrize("n", [1, 2, 5, 32])
def test_instancing(n):
    prog = assemble_program(INSTANCED.format(n=n))
    rng = np.random.default_rng(n)
    P = 70
    vo = _words(rng, (1, P, 4))
    pid = np.arange(P, dtype=U32) * 3
    out = differential(prog, np.arange(P)[:, None], vo, pid)
    assert out.invocations == P * n


STREAMS = """gs_5_0
dcl_input v[1][0].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_stream m1
dcl_outputtopology pointlist
dcl_output o0.xy
dcl_output o1.x
dcl_stream m2
dcl_outputtopology pointlist
dcl_output o1.yz
dcl_stream m3
dcl_outputtopology pointlist
dcl_output o0.w
dcl_maxout 6
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, v[0][0].wzyx
emit_stream m0
and r0.x, v[0][0].x, l(3)
if_z r0.x
  emit_stream m1
  cut_stream m1
  emit_stream m2
else
  ieq r0.y, r0.x, l(1)
  if_nz r0.y
    emit_then_cut_stream m3
  endif
  emit_stream m2
endif
iadd o0.x, v[0][0].x, l(1)
emit_then_cut_stream m1
emit_stream m0
emit_stream m3
ret
"""


def test_multiple_streams_declared_components_and_shared_maxout():
    prog = assemble_program(STREAMS)
    rng = np.random.default_rng(3)
    P = 260
    vo = _words(rng, (1, P, 4))
    out = differential(prog, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    assert sorted(out.streams) == [0, 1, 2, 3]


# Nested loop and switch: the emit reaching dcl_maxout must leave every frame (§22.3.5), like ret.
NESTED = """gs_4_0
dcl_input v[2][0].xyzw
dcl_temps 3
dcl_inputprimitive line
dcl_outputtopology linestrip
dcl_output o0.xyzw
dcl_maxout 5
mov r0.x, l(0)
loop
  uge r1.x, r0.x, l(4)
  breakc_nz r1.x
  and r2.x, v[0][0].x, l(3)
  switch r2.x
    case l(0)
      mov r0.z, l(0)
      loop
        uge r1.y, r0.z, v[1][0].y
        breakc_nz r1.y
        mov o0.xyzw, r0.xzxz
        emit
        iadd r0.z, r0.z, l(1)
      endloop
      break
    case l(1)
      mov o0.xyzw, v[1][0].xyzw
      emit_then_cut
      break
    default
      mov o0.xyzw, r0.xxxx
      emit
      emit
      break
  endswitch
  iadd r0.x, r0.x, l(1)
endloop
mov o0.xyzw, l(9, 9, 9, 9)
emit
ret
"""


def test_maxout_inside_nested_loops_and_switch():
    prog = assemble_program(NESTED)
    rng = np.random.default_rng(11)
    V, P = 40, 120
    vo = _words(rng, (1, V, 4))
    vo[0, :, 1] = rng.integers(0, 4, V)
    rows = rng.integers(0, V, (P, 2))
    out = differential(prog, rows, vo, np.arange(P, dtype=U32))
    assert set(out.emitted_vertices.tolist()) <= set(range(6))


def test_batches_larger_than_one_tile_and_empty_draws():
    prog = assemble_program(VARYING.format(topo="trianglestrip", maxout=6))
    rng = np.random.default_rng(5)
    for P in (0, 1, 7, 8, 9, 255, 256, 257, 1000):
        vo = _words(rng, (2, max(P, 1), 4))
        vo[0, :, :2] = rng.integers(0, 8, (max(P, 1), 2))
        if P == 0:
            native.set_backend("native")
            out = run_geometry_shader(prog, None, np.zeros((0, 1), np.int64), vo, np.zeros(0, U32))
            assert out.primitives == 0
            continue
        differential(prog, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))


# The only exit of this loop is dcl_maxout (the emit sits in an `if`, whose endif would bring a lane back if
# the emit that reached the limit left only the current mask): the invocation must end (§22.3.5).
ENDLESS = """gs_4_0
dcl_input v[1][0].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_maxout 3
mov r0.x, l(0)
loop
  iadd r0.x, r0.x, l(1)
  and r0.y, r0.x, v[0][0].x
  if_nz r0.y
    mov o0.xyzw, r0.xxxx
    emit
  endif
endloop
ret
"""


def test_maxout_is_the_only_exit_of_a_loop():
    from pyd3d11.shader import watchdog

    prog = assemble_program(ENDLESS)
    P = 40
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = np.arange(P) % 7 + 1
    with watchdog.watch(20.0):
        out = differential(prog, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    assert out.emitted_vertices.tolist() == [3] * P


# --- the whole-pipeline fuzzer's geometry-shader cases (tools/program_gen.py 'gs') -------------------------

@pytest.mark.parametrize("seed", range(12))
def test_generated_geometry_shaders_are_valid(seed):
    """Every generated GS passes CreateGeometryShader's bytecode validation and links VS → GS → PS."""
    from pyd3d11 import d3d11 as D
    from pyd3d11.shader.dxbc.asm import assemble_shader
    from pyd3d11.tools.program_gen import GS_INPUTS, random_gs_shape, random_program

    rng = np.random.default_rng([0x65, seed])
    shape = random_gs_shape(rng)
    text = random_program(rng, "gs", 12, textures=bool(seed % 2), doubles=bool(seed % 3), gs=shape)
    info = gs_info(assemble_program(text))
    assert info.input_vertices == GS_INPUTS[shape["prim"]][0] and info.max_vertices == shape["maxout"]
    dev, _, _ = D.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    code = assemble_shader(text)
    assert dev.CreateGeometryShader(code, len(code), None) is not None


@pytest.mark.parametrize("seed", [16, 47, 49])
def test_fuzz_geometry_cases_agree(seed):
    from pyd3d11.tools.pipeline_fuzz import diff_case, make_case

    case = make_case(seed)
    assert "gs" in case.programs
    runs = []
    orig = staged.run_geometry

    def counting(*a, **k):
        r = orig(*a, **k)
        runs.append(r is not None)
        return r

    staged.run_geometry = counting
    try:
        status, detail = diff_case(case)
    finally:
        staged.run_geometry = orig
    assert status == "same", detail
    assert runs and all(runs)
