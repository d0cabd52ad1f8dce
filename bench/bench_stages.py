#!/usr/bin/env python3
"""Workloads the native backend took over in session 8 (issue 12): a geometry-shader scene (points expanded to
camera-facing quads, the NBody/ParticlesGS pattern) and a tessellation scene (hull + domain shaders), each
timed per shader backend in process CPU seconds at the stage's pipeline entry point; and whole point and
quadrilateral-line draws (the fused lane). Each prints a check value of the output (the same for every
backend).

    PYTHONPATH=src python bench/bench_stages.py                      # every scene, both backends
    PYTHONPATH=src python bench/bench_stages.py --scenes gs --points 200000 --repeat 3
"""

from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np

U32 = np.uint32

#: point → 4-vertex strip: corner = center + (±1, ±1)·size rotated by a per-point angle, a colour from the
#: input, texcoords; the shape of the SDK's ParticlesGS / NBodyGravity billboard geometry shaders.
BILLBOARD_GS = """gs_4_0
dcl_input v[1][0].xyzw
dcl_input v[1][1].xyzw
dcl_input vPrim
dcl_temps 4
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xy
dcl_maxout 4
sincos r3.x, r3.y, v[0][1].w
mul r2.x, v[0][1].z, l(0.05)
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(4)
  breakc_nz r0.y
  and r1.x, r0.x, l(1)
  ushr r1.y, r0.x, l(1)
  utof r1.xy, r1.xyxx
  mad r1.zw, r1.xxxy, l(0, 0, 2, 2), l(0, 0, -1, -1)
  mul r2.yz, r1.zzwz, r3.yyxy
  add r2.w, r2.y, -r2.z
  mul r2.yz, r1.zzwz, r3.xxyx
  add r2.y, r2.y, r2.z
  mad o0.x, r2.w, r2.x, v[0][0].x
  mad o0.y, r2.y, r2.x, v[0][0].y
  mov o0.zw, v[0][0].zzzw
  mul o1.xyzw, v[0][1].xyzw, l(0.5, 0.75, 1, 1)
  mov o2.xy, r1.xyxx
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
"""


def _check(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:12]


def scene_gs(points: int, repeat: int) -> dict:
    from pyd3d11.pipeline.geometry import run_geometry_shader
    from pyd3d11.shader import native
    from pyd3d11.shader.dxbc.asm import assemble_program

    prog = assemble_program(BILLBOARD_GS)
    rng = np.random.default_rng(1)
    vo = np.zeros((2, points, 4), np.float32)
    vo[0, :, :3] = rng.uniform(-1, 1, (points, 3))
    vo[0, :, 3] = 1
    vo[1] = rng.uniform(0, 1, (points, 4))
    vo = vo.view(U32)
    rows = np.arange(points)[:, None]
    pid = np.arange(points, dtype=U32)
    out = {}
    for backend in ("reference", "native"):
        native.set_backend(backend)
        run_geometry_shader(prog, None, rows[:64], vo, pid[:64])  # compile outside the timing
        best = None
        for _ in range(repeat):
            t0 = time.process_time()
            g = run_geometry_shader(prog, None, rows, vo, pid)
            dt = time.process_time() - t0
            best = dt if best is None else min(best, dt)
        s = g.streams[0]
        out[backend] = (best, _check(s.outputs, s.rows))
    native.set_backend(None)
    return out


PASS_VS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""

COLOR_PS = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mul o0.xyzw, v1.xyzw, l(0.9, 0.8, 0.7, 0.6)
ret
"""


def scene_points_lines(count: int, repeat: int, topology: int) -> dict:
    """``count`` points (topology 1) or quadrilateral lines (2, MultisampleEnable) over a 512x512 R8G8B8A8
    target with alpha blending and a D32 depth test: the whole draw, per backend and with the native
    backend's fused lane off (the path these draws took before it took them)."""
    from types import SimpleNamespace

    from pyd3d11.formats.table import bytes_per_element
    from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
    from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
    from pyd3d11.pipeline.native import fused
    from pyd3d11.pipeline.output_merger import OMState
    from pyd3d11.shader import native
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    rng = np.random.default_rng(4)
    n = count * (2 if topology == 2 else 1)
    verts = np.zeros((n, 8), np.float32)
    verts[:, :2] = rng.uniform(-1, 1, (n, 2))
    if topology == 2:  # short lines: each end near the previous
        verts[1::2, :2] = verts[0::2, :2] + rng.uniform(-0.05, 0.05, (count, 2))
    verts[:, 2] = rng.uniform(0, 1, n)
    verts[:, 3] = 1
    verts[:, 4:] = rng.uniform(0, 1, (n, 4))
    vb = ResourceStorage.create(1, 0, verts.nbytes)
    vb.data[:] = verts.view(np.uint8).ravel()
    vs, ps = assemble_program(PASS_VS), assemble_program(COLOR_PS)
    S = 512

    rt_blend = SimpleNamespace(BlendEnable=True, SrcBlend=5, DestBlend=6, BlendOp=1, SrcBlendAlpha=5,
                               DestBlendAlpha=6, BlendOpAlpha=1, RenderTargetWriteMask=0xF, LogicOpEnable=False,
                               LogicOp=0)
    blend = SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[rt_blend] * 8)
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    depth = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=2, StencilEnable=False, StencilReadMask=0xFF,
                            StencilWriteMask=0xFF, FrontFace=face, BackFace=face)

    def frame() -> bytes:
        rt = ResourceStorage.create(3, 28, S, S, 1, 1, 1, 1, bytes_per_block=bytes_per_element(28))
        ds = ResourceStorage.create(3, 40, S, S, 1, 1, 1, 1, bytes_per_block=bytes_per_element(40))
        ds.data.view(np.float32)[:] = 1.0
        om = OMState()
        om.rtvs = [ViewDescriptor(ViewKind.RTV, rt, 28, 4)] + [None] * 7
        om.dsv = ViewDescriptor(ViewKind.DSV, ds, 40, 3)
        om.blend = blend
        om.depth_stencil = depth
        st = GraphicsState(topology=topology, vertex_buffers=[VertexBufferBinding(vb, 32, 0)],
                           elements=[InputElement(0, 0xF, 2, 0, 0), InputElement(1, 0xF, 2, 0, 16)],
                           vs=StageState(vs), ps=StageState(ps),
                           rasterizer=RasterizerState(CullMode=1, MultisampleEnable=topology == 2),
                           viewports=[Viewport(0, 0, S, S, 0, 1)], om=om, sample_count=1)
        draw(st, DrawArgs(n))
        return bytes(rt.data) + bytes(ds.data)

    out = {}
    for label, backend, enabled in (("reference", "reference", True), ("native, fused lane off", "native", False),
                                    ("native", "native", True)):
        native.set_backend(backend)
        fused.ENABLED = enabled
        frame()  # compile outside the timing
        best = None
        for _ in range(repeat):
            t0 = time.process_time()
            img = frame()
            dt = time.process_time() - t0
            best = dt if best is None else min(best, dt)
        out[label] = (best, _check(np.frombuffer(img, np.uint8)))
    fused.ENABLED = True
    native.set_backend(None)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default="gs,tess,points,lines")
    ap.add_argument("--points", type=int, default=100_000, help="GS scene: input points")
    ap.add_argument("--patches", type=int, default=2_000, help="tessellation scene: patches")
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args(argv)
    for scene in a.scenes.split(","):
        if scene == "gs":
            r = scene_gs(a.points, a.repeat)
            unit = f"{a.points} points → {a.points * 2} triangles"
        elif scene in ("points", "lines"):
            r = scene_points_lines(a.points // 10, a.repeat, 1 if scene == "points" else 2)
            row = ", ".join(f"{k} {v[0]:.3f} s CPU ({v[1]})" for k, v in r.items())
            print(f"{scene}: {a.points // 10} {scene} on 512x512, blend + depth: {row}; fused lane "
                  f"{r['native, fused lane off'][0] / max(r['native'][0], 1e-9):.1f}x over the path before it")
            continue
        elif scene == "tess":
            r = scene_tess(a.patches, a.repeat)
            unit = f"HS over {a.patches} patches + DS over {r['native'][2]} domain points"
        else:
            raise SystemExit(f"unknown scene {scene}")
        ref, nat = r["reference"], r["native"]
        same = "same" if ref[1] == nat[1] else "DIFFERENT"
        print(f"{scene}: {unit}: reference {ref[0]:.3f} s CPU, native {nat[0]:.3f} s CPU, "
              f"{ref[0] / max(nat[0], 1e-9):.1f}x; check {ref[1]} / {nat[1]} ({same})")
        if scene == "tess":
            print(f"tess: the fixed-function tessellator (shared by both backends), factors new to the process "
                  f"{r['tessellator'][0]:.3f} s CPU, repeated {r['tessellator'][1]:.3f} s CPU")
    return 0


#: bicubic-like quad patch: a control-point phase per output point, an instanced fork phase for the edge
#: factors, a join phase for the inside ones (the SDK's SimpleBezier11 / DetailTessellation shape).
TESS_HS = """
hs_5_0
hs_decls
dcl_input_control_point_count 4
dcl_output_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_fractional_odd
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(64.000000)
dcl_constantbuffer cb0[1], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[4][0].xyzw
dcl_input v[4][1].xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
mul o0.xyzw, v[vOutputControlPointID + 0][0].xyzw, cb0[0].yyyw
mov o1.xyzw, v[vOutputControlPointID + 0][1].xyzw
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_input vocp[4][0].xyzw
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 4
mov r0.x, vForkInstanceID.x
mad r0.y, vocp[r0.x + 0][0].z, l(0.5), cb0[0].x
max o[r0.x + 0].x, r0.y, l(1.0)
ret
hs_join_phase
dcl_input vpc0.x
dcl_input vpc1.x
dcl_input vpc2.x
dcl_input vpc3.x
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
max o4.x, vpc0.x, vpc2.x
max o5.x, vpc1.x, vpc3.x
ret
"""

#: bilinear position, a wave displacement, normal-ish and texcoord outputs per domain point
TESS_DS = """
ds_5_0
dcl_input_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[4][0].xyzw
dcl_input vicp[4][1].xyzw
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xy
dcl_temps 4
add r0.xy, -vDomain.xyxx, l(1, 1, 0, 0)
mul r1.xyzw, r0.xxxx, vicp[0][0].xyzw
mad r1.xyzw, vDomain.xxxx, vicp[1][0].xyzw, r1.xyzw
mul r2.xyzw, r0.xxxx, vicp[3][0].xyzw
mad r2.xyzw, vDomain.xxxx, vicp[2][0].xyzw, r2.xyzw
mul r1.xyzw, r1.xyzw, r0.yyyy
mad r1.xyzw, vDomain.yyyy, r2.xyzw, r1.xyzw
mul r3.x, r1.x, l(6.2831855)
sincos r3.y, r3.z, r3.x
mad o0.z, r3.y, l(0.1), r1.z
mov o0.xyw, r1.xyxw
mul r2.xyzw, r0.xxxx, vicp[0][1].xyzw
mad r2.xyzw, vDomain.xxxx, vicp[1][1].xyzw, r2.xyzw
mul o1.xyzw, r2.xyzw, r3.zzzz
mov o2.xy, vDomain.xyxx
ret
"""


def scene_tess(patches: int, repeat: int) -> dict:
    from pyd3d11.pipeline.domain import run_domain_shader
    from pyd3d11.pipeline.hull import hull_info, run_hull_shader
    from pyd3d11.pipeline.tessellator import tessellate_patches
    from pyd3d11.shader import native
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.exec.bindings import Bindings

    hs, ds = assemble_program(TESS_HS), assemble_program(TESS_DS)
    rng = np.random.default_rng(2)
    cp = rng.uniform(0, 1, (patches, 4, 2, 4)).astype(np.float32)
    cp[:, :, 0, 3] = 1
    cp[:, :, 0, 2] = rng.uniform(0, 6, (patches, 4))
    cp = cp.view(U32)
    b = Bindings()
    b.set_cbuffer(0, np.array([5.0, 1.0, 0, 0], np.float32))
    info = hull_info(hs)
    out: dict = {}
    tess_times: list[float] = []
    for backend in ("reference", "native"):
        native.set_backend(backend)
        h = run_hull_shader(hs, b, cp[:2], None)  # compile outside the timing
        t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, h.tess_factors)
        run_domain_shader(ds, b, t.points, t.point_patch, h.control_points, h.patch_constants)
        best = None
        for _ in range(repeat):
            t0 = time.process_time()
            h = run_hull_shader(hs, b, cp, None)
            t1 = time.process_time()
            t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, h.tess_factors)
            t2 = time.process_time()
            tess_times.append(t2 - t1)  # the first one meets factors new to the process (no cache hit)
            o = run_domain_shader(ds, b, t.points, t.point_patch, h.control_points, h.patch_constants)
            t3 = time.process_time()
            stage = (t1 - t0) + (t3 - t2)  # the two shader stages; the tessellator is shared
            best = stage if best is None else min(best, stage)
        out[backend] = (best, _check(h.control_points, h.patch_constants, o), t.points.shape[0])
    native.set_backend(None)
    out["tessellator"] = (tess_times[0], min(tess_times[1:] or tess_times))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
