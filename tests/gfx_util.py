"""Helpers for graphics-pipeline tests that drive pyd3d11.pipeline.draw directly (no api layer)."""

from __future__ import annotations

import numpy as np

from pyd3d11.formats import codecs
from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

R32G32B32A32_FLOAT = 2
R8G8B8A8_UNORM = 28
D24_UNORM_S8_UINT = 45
D32_FLOAT = 40

# VS: v0 = float4 clip position, v1 = float4 attribute -> o0 position, o1 attribute.
VS_POS_ATTR = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""

PS_ATTR = """ps_4_0
dcl_input_ps {mode} v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""


def texture2d(fmt: int, w: int, h: int, samples: int = 1, array: int = 1) -> ResourceStorage:
    return ResourceStorage.create(3, fmt, w, h, 1, 1, array, samples, bytes_per_block=bytes_per_element(fmt))


def rtv(st: ResourceStorage, fmt: int | None = None) -> ViewDescriptor:
    dim = 6 if st.sample_count > 1 else 4
    return ViewDescriptor(ViewKind.RTV, st, fmt or st.format, dim, slice_count=st.array_size)


def dsv(st: ResourceStorage) -> ViewDescriptor:
    return ViewDescriptor(ViewKind.DSV, st, st.format, 3, slice_count=st.array_size)


def read(st: ResourceStorage, fmt: int | None = None) -> np.ndarray:
    """Decoded (samples, H, W, 4) of subresource 0."""
    L = st.layout(0)
    raw = st.subresource_bytes(0).reshape(st.sample_count, L.height, L.width, st.bytes_per_block)
    return codecs.decode(fmt or st.format, raw)


def vertex_buffer(verts: np.ndarray) -> ResourceStorage:
    verts = np.ascontiguousarray(verts, np.float32)
    vb = ResourceStorage.create(1, 0, verts.nbytes)
    vb.data[:] = verts.view(np.uint8).ravel()
    return vb


def draw_pos_attr(verts: np.ndarray, targets: list[ViewDescriptor], *, ps: str | None = None,
                  mode: str = "linear", topology: int = 4, rasterizer: RasterizerState | None = None,
                  viewport: Viewport | None = None, depth: ViewDescriptor | None = None, om: OMState | None = None,
                  sample_count: int = 1, vs: str = VS_POS_ATTR, args: DrawArgs | None = None,
                  hs: str | None = None, ds: str | None = None, gs: str | None = None, state_out: list | None = None,
                  **state_kw):
    """Draw vertices of (pos float4, attr float4) with the pass-through VS and an attribute PS."""
    vb = vertex_buffer(verts)
    rt0 = targets[0] if targets else depth
    L = rt0.storage.layout(0)
    om = om or OMState()
    om.rtvs = list(targets) + [None] * (8 - len(targets))
    om.dsv = depth
    st = GraphicsState(
        topology=topology,
        vertex_buffers=[VertexBufferBinding(vb, 32, 0)],
        elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0), InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16)],
        vs=StageState(assemble_program(vs)),
        ps=StageState(assemble_program(ps if ps is not None else PS_ATTR.format(mode=mode))),
        rasterizer=rasterizer or RasterizerState(CullMode=1),
        viewports=[viewport or Viewport(0, 0, L.width, L.height, 0, 1)],
        om=om,
        sample_count=sample_count,
        hs=StageState(assemble_program(hs)) if hs else None,
        ds=StageState(assemble_program(ds)) if ds else None,
        gs=StageState(assemble_program(gs)) if gs else None,
        **state_kw,
    )
    if state_out is not None:
        state_out.append(st)
    return draw(st, args or DrawArgs(len(verts)))


def blob_program(blob: bytes):
    """The decoded program (IR) of a compiled shader blob's SHDR/SHEX chunk."""
    return decode_program(next(c for c in parse_container(bytes(blob)).chunks if c.fourcc in ("SHDR", "SHEX")).data)
