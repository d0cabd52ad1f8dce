"""Scenes whose output bytes pin the fixed-function pipeline's results (issue 12: speed work must be
bit-identical). Each scene returns the raw bytes of its targets; test_pipeline_bit_identity.py holds
the SHA-256 of those bytes as produced by the code *before* the optimisations, and checks them.

Run ``PYTHONPATH=src python tests/bitid_scenes.py`` to print the current hashes (a dict literal).
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.storage import ResourceStorage  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench" / "bench_graphics.py"
PEER = REPO.parent / "shared" / "bench" / "peer_bench.py"

W, H = 48, 40
R32G32B32A32_FLOAT = 2

VS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
mov o2.xyzw, v2.xyzw
ret
"""

# Float targets: o0 = attribute 1, o1 = attribute 2 (dual-source factors read o1).
PS_FLOAT = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, v1.xyzw
mov o1.xyzw, v2.xyzw
ret
"""

# Reads SV_Position (all four components), a centroid and a noperspective input.
PS_POS = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear centroid v1.xyzw
dcl_input_ps linear noperspective v2.xy
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.01, 0.013, 0, 0)
add r0.xy, r0.xyxx, v2.xyxx
mad o0.xy, v1.xyxx, l(0.5, 0.5, 0, 0), r0.xyxx
mul o0.z, v0.z, v1.z
mul o0.w, v0.w, v1.w
ret
"""

# Reads only some components of what the VS writes.
PS_PARTIAL = """ps_4_0
dcl_input_ps linear v1.xz
dcl_input_ps linear v2.y
dcl_output o0.xyzw
mov o0.xy, v1.xzxx
mov o0.z, v2.y
mov o0.w, l(0.75)
ret
"""

# Integer targets: attribute * 1000 -> int.
PS_INT = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
mul r0.xyzw, v1.xyzw, l(1000.0, 1000.0, 1000.0, 1000.0)
ftoi o0.xyzw, r0.xyzw
ret
"""

PS_UINT = PS_INT.replace("ftoi", "ftou")


def _vertices(seed: int, n_tri: int, lo: float = -0.25, hi: float = 1.25, depth: bool = True) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pos = rng.uniform(-1.3, 1.3, (n_tri * 3, 4))
    pos[:, 2] = rng.uniform(-0.1, 1.1, n_tri * 3) if depth else 0.5
    pos[:, 3] = rng.uniform(0.5, 2.0, n_tri * 3)
    pos[:, :3] *= pos[:, 3:4]  # perspective: w varies
    attr = rng.uniform(lo, hi, (n_tri * 3, 8))
    return np.concatenate([pos, attr], 1).astype(np.float32)


def _vb(verts: np.ndarray) -> ResourceStorage:
    vb = ResourceStorage.create(1, 0, verts.nbytes)
    vb.data[:] = np.ascontiguousarray(verts).view(np.uint8).ravel()
    return vb


def _fill(st: ResourceStorage, seed: int) -> None:
    st.data[:] = np.random.default_rng(seed).integers(0, 256, st.data.size, dtype=np.uint8)


def _clear_depth(st: ResourceStorage, depth: float = 1.0, stencil: int = 5) -> None:
    """Fill a depth/stencil target with ``depth`` (the format's encoding) and ``stencil``."""
    if st.format == 45:  # D24_UNORM_S8_UINT
        st.data.view(np.uint32)[:] = (stencil << 24) | round(depth * 0xFFFFFF)
    elif st.format == 40:  # D32_FLOAT
        st.data.view(np.float32)[:] = depth
    elif st.format == 55:  # D16_UNORM
        st.data.view(np.uint16)[:] = round(depth * 0xFFFF)
    else:  # D32_FLOAT_S8X24_UINT: float depth, then the stencil byte
        st.data.view(np.uint32)[:] = 0
        st.data.view(np.float32)[0::2] = depth
        st.data.view(np.uint32)[1::2] = stencil


def _rt_desc(**kw):
    d = dict(BlendEnable=False, SrcBlend=2, DestBlend=1, BlendOp=1, SrcBlendAlpha=2, DestBlendAlpha=1,
             BlendOpAlpha=1, RenderTargetWriteMask=0xF, LogicOpEnable=False, LogicOp=0)
    d.update(kw)
    return SimpleNamespace(**d)


def _blend_desc(rts, a2c=False):
    rts = list(rts) + [_rt_desc()] * (8 - len(rts))
    return SimpleNamespace(AlphaToCoverageEnable=a2c, IndependentBlendEnable=True, RenderTarget=rts)


def _ds_desc(func=2, write=1, stencil=False, **kw):
    face = SimpleNamespace(StencilFailOp=kw.get("sfail", 1), StencilDepthFailOp=kw.get("dfail", 1),
                           StencilPassOp=kw.get("spass", 1), StencilFunc=kw.get("sfunc", 8))
    back = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=4, StencilPassOp=7, StencilFunc=8)
    return SimpleNamespace(DepthEnable=True, DepthWriteMask=write, DepthFunc=func, StencilEnable=stencil,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=back)


def _draw(verts, rts, ps, *, om=None, depth=None, samples=1, cull=1, stencil_ref=0, scissor=None,
          topology=4, fill=3, size=(W, H)):
    om = om or OMState()
    om.rtvs = list(rts) + [None] * (8 - len(rts))
    om.dsv = depth
    om.stencil_ref = stencil_ref
    st = GraphicsState(
        topology=topology,
        vertex_buffers=[VertexBufferBinding(_vb(verts), 48, 0)],
        elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0), InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16),
                  InputElement(2, 0xF, R32G32B32A32_FLOAT, 0, 32)],
        vs=StageState(assemble_program(VS)),
        ps=StageState(assemble_program(ps)) if ps else None,
        rasterizer=RasterizerState(CullMode=cull, FillMode=fill, ScissorEnable=scissor is not None,
                                   MultisampleEnable=samples > 1),
        viewports=[Viewport(0, 0, size[0], size[1], 0, 1)],
        scissors=[scissor] if scissor else [],
        om=om,
        sample_count=samples,
    )
    draw(st, DrawArgs(len(verts)))


def _bytes(*stores: ResourceStorage) -> bytes:
    return b"".join(bytes(s.data) for s in stores)


# DXGI formats of the colour-target scenes (UNORM, sRGB, SNORM, float, packed, small).
FLOAT_FORMATS = {
    "R8G8B8A8_UNORM": 28, "R8G8B8A8_UNORM_SRGB": 29, "B8G8R8A8_UNORM": 87, "B8G8R8A8_UNORM_SRGB": 91,
    "R8G8B8A8_SNORM": 31, "R16G16B16A16_FLOAT": 10, "R16G16B16A16_UNORM": 11, "R16G16B16A16_SNORM": 13,
    "R32G32B32A32_FLOAT": 2, "R10G10B10A2_UNORM": 24, "R11G11B10_FLOAT": 26, "B5G6R5_UNORM": 85,
    "B5G5R5A1_UNORM": 86, "R16G16_FLOAT": 34, "R8_UNORM": 61, "A8_UNORM": 65, "R32_FLOAT": 41,
    "R8G8_SNORM": 51,
}
INT_FORMATS = {"R8G8B8A8_UINT": (30, PS_UINT), "R8G8B8A8_SINT": (32, PS_INT), "R16G16B16A16_UINT": (12, PS_UINT),
               "R32G32B32A32_SINT": (4, PS_INT), "R10G10B10A2_UINT": (25, PS_UINT)}

BLENDS = {
    "alpha": dict(BlendEnable=True, SrcBlend=5, DestBlend=6, SrcBlendAlpha=5, DestBlendAlpha=6),
    "add": dict(BlendEnable=True, SrcBlend=2, DestBlend=2, SrcBlendAlpha=2, DestBlendAlpha=2),
    "sub": dict(BlendEnable=True, SrcBlend=3, DestBlend=9, BlendOp=2, SrcBlendAlpha=7, DestBlendAlpha=8,
                BlendOpAlpha=3),
    "minmax": dict(BlendEnable=True, BlendOp=4, BlendOpAlpha=5),
    "factor": dict(BlendEnable=True, SrcBlend=14, DestBlend=15, SrcBlendAlpha=11, DestBlendAlpha=4),
    "dual": dict(BlendEnable=True, SrcBlend=16, DestBlend=19, SrcBlendAlpha=18, DestBlendAlpha=17),
    "inv_dest": dict(BlendEnable=True, SrcBlend=10, DestBlend=3, SrcBlendAlpha=8, DestBlendAlpha=5),
    "mask_rb": dict(RenderTargetWriteMask=0x5),
    "alpha_mask_ga": dict(BlendEnable=True, SrcBlend=5, DestBlend=6, SrcBlendAlpha=2, DestBlendAlpha=1,
                          RenderTargetWriteMask=0xA),
}


def scene_formats() -> dict[str, bytes]:
    out = {}
    verts = _vertices(1, 10)
    for name, fmt in FLOAT_FORMATS.items():
        for bname, b in [("off", {}), ("alpha", BLENDS["alpha"])]:
            t = texture2d(fmt, W, H)
            _fill(t, fmt)
            om = OMState()
            om.blend = _blend_desc([_rt_desc(**b)])
            _draw(verts, [rtv(t)], PS_FLOAT, om=om)
            out[f"fmt_{name}_{bname}"] = _bytes(t)
    for name, (fmt, ps) in INT_FORMATS.items():
        t = texture2d(fmt, W, H)
        _fill(t, fmt)
        _draw(_vertices(2, 10, -0.5, 2.0), [rtv(t)], ps)
        out[f"fmt_{name}"] = _bytes(t)
    return out


def scene_blends() -> dict[str, bytes]:
    out = {}
    verts = _vertices(3, 12)
    for fmt in (28, 29, 10, 2):
        for name, b in BLENDS.items():
            t = texture2d(fmt, W, H)
            _fill(t, 100 + fmt)
            om = OMState()
            om.blend = _blend_desc([_rt_desc(**b)])
            om.blend_factor = (0.25, 0.5, 0.75, 0.6)
            _draw(verts, [rtv(t)], PS_FLOAT, om=om)
            out[f"blend_{fmt}_{name}"] = _bytes(t)
    # Two render targets with different states, and a logic op on an integer target.
    t0, t1 = texture2d(28, W, H), texture2d(10, W, H)
    _fill(t0, 5)
    _fill(t1, 6)
    om = OMState()
    om.blend = _blend_desc([_rt_desc(**BLENDS["alpha"]), _rt_desc(**BLENDS["add"])])
    _draw(verts, [rtv(t0), rtv(t1)], PS_FLOAT, om=om)
    out["blend_two_rts"] = _bytes(t0, t1)
    for op in (3, 6, 10, 13):
        t = texture2d(30, W, H)
        _fill(t, op)
        om = OMState()
        om.blend = _blend_desc([_rt_desc(LogicOpEnable=True, LogicOp=op)])
        _draw(_vertices(4, 8, 0.0, 0.3), [rtv(t)], PS_UINT, om=om)
        out[f"logic_{op}"] = _bytes(t)
    return out


def scene_depth() -> dict[str, bytes]:
    out = {}
    verts = _vertices(5, 16)
    for fmt in (45, 40, 55, 20):  # D24S8, D32_FLOAT, D16_UNORM, D32_FLOAT_S8X24
        for func in (2, 5, 8):  # LESS, GREATER, ALWAYS
            t, d = texture2d(28, W, H), texture2d(fmt, W, H)
            _fill(t, 7)
            _clear_depth(d, 0.5)
            om = OMState()
            om.depth_stencil = _ds_desc(func=func)
            _draw(verts, [rtv(t)], PS_FLOAT, om=om, depth=dsv(d))
            out[f"depth_{fmt}_{func}"] = _bytes(t, d)
    for fmt in (45, 20):
        t, d = texture2d(28, W, H), texture2d(fmt, W, H)
        _fill(t, 8)
        _clear_depth(d)
        om = OMState()
        om.depth_stencil = _ds_desc(func=2, stencil=True, sfail=3, dfail=4, spass=7, sfunc=6)
        _draw(verts, [rtv(t)], PS_FLOAT, om=om, depth=dsv(d), stencil_ref=3)
        out[f"stencil_{fmt}"] = _bytes(t, d)
    # Depth only (no pixel shader).
    d = texture2d(45, W, H)
    _clear_depth(d)
    om = OMState()
    om.depth_stencil = _ds_desc(func=2)
    _draw(verts, [], None, om=om, depth=dsv(d))
    out["depth_only"] = _bytes(d)
    return out


def scene_msaa() -> dict[str, bytes]:
    out = {}
    verts = _vertices(6, 10)
    for samples in (2, 4, 8):
        for fmt in (28, 29, 10):
            t, d = texture2d(fmt, W, H, samples), texture2d(45, W, H, samples)
            _fill(t, samples)
            _clear_depth(d)
            om = OMState()
            om.depth_stencil = _ds_desc(func=2)
            om.blend = _blend_desc([_rt_desc(**BLENDS["alpha"])])
            _draw(verts, [rtv(t)], PS_FLOAT, om=om, depth=dsv(d), samples=samples)
            out[f"msaa{samples}_{fmt}"] = _bytes(t, d)
        t = texture2d(28, W, H, samples)
        om = OMState()
        om.blend = _blend_desc([_rt_desc()], a2c=True)
        om.sample_mask = 0b1011
        _draw(verts, [rtv(t)], PS_POS, om=om, samples=samples)
        out[f"msaa{samples}_a2c_centroid"] = _bytes(t)
    return out


def scene_inputs() -> dict[str, bytes]:
    out = {}
    verts = _vertices(7, 12, depth=True)
    for name, ps in (("pos", PS_POS), ("partial", PS_PARTIAL)):
        for fmt in (28, 2):
            t = texture2d(fmt, W, H)
            _fill(t, 9)
            _draw(verts, [rtv(t)], ps)
            out[f"inputs_{name}_{fmt}"] = _bytes(t)
    t = texture2d(28, W, H)
    _draw(verts, [rtv(t)], PS_FLOAT, scissor=(5, 3, 40, 30), cull=3)
    out["scissor_cull"] = _bytes(t)
    t = texture2d(28, W, H)
    _draw(verts, [rtv(t)], PS_FLOAT, fill=2)
    out["wireframe"] = _bytes(t)
    for topo in (1, 2, 5):  # points, lines, strip
        t = texture2d(28, W, H)
        _draw(verts, [rtv(t)], PS_FLOAT, topology=topo)
        out[f"topology_{topo}"] = _bytes(t)
    # Many small triangles (the S2 shape) with depth.
    rng = np.random.default_rng(11)
    n = 3000
    c = rng.uniform(-1, 1, (n, 1, 2))
    p = c + rng.uniform(-0.08, 0.08, (n, 3, 2))
    pos = np.concatenate([p, rng.uniform(0, 1, (n, 1, 1)).repeat(3, 1), np.ones((n, 3, 1))], 2).reshape(-1, 4)
    small = np.concatenate([pos, rng.uniform(0, 1, (n * 3, 8))], 1).astype(np.float32)
    t, d = texture2d(28, W * 4, H * 4), texture2d(45, W * 4, H * 4)
    _clear_depth(d)
    om = OMState()
    om.depth_stencil = _ds_desc(func=2)
    _draw(small, [rtv(t)], PS_FLOAT, om=om, depth=dsv(d), size=(W * 4, H * 4))
    out["small_tris"] = _bytes(t, d)
    return out


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench_available() -> bool:
    return PEER.exists()


def scene_bench() -> dict[str, bytes]:
    """bench_graphics.py's scenes, reduced (fewer draws / triangles) to keep the suite fast."""
    bg = _load("bench_graphics_bitid", BENCH)
    peer = bg.load_peer()
    peer.S1_DRAWS, peer.S5_DRAWS = 2, 3
    full = peer.make_s2_mesh
    peer.make_s2_mesh = lambda: full(n=20000)
    out = {}
    for shaders in ("hlsl", "asm"):
        for name in ("S1z", "S2", "S3", "S5"):
            sc = bg.Scene(peer, shaders)
            frame, _, _ = bg.SCENES[name](sc)
            frame()
            out[f"bench_{name}_{shaders}"] = bytes(np.ascontiguousarray(sc.image()).view(np.uint8))
    return out


GROUPS = {"formats": scene_formats, "blends": scene_blends, "depth": scene_depth, "msaa": scene_msaa,
          "inputs": scene_inputs, "bench": scene_bench}


def hashes(group: str) -> dict[str, str]:
    return {k: hashlib.sha256(v).hexdigest()[:24] for k, v in GROUPS[group]().items()}


if __name__ == "__main__":
    print("EXPECTED = {")
    for g in GROUPS:
        print(f"    {g!r}: {{")
        for k, v in hashes(g).items():
            print(f"        {k!r}: {v!r},")
        print("    },")
    print("}")
