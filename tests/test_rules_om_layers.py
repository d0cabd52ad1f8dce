"""Output-merger rules that the mutation survivors of pipeline/output_merger.py showed untested.

- Fragments of one draw reach each pixel in primitive order (D3D11.3 §17.1: blending combines the fragment with
  what the target holds, fragment after fragment), also on targets past 65,536 pixels where fragments of one
  pixel are far apart in the fragment stream.
- [earlydepthstencil] (§16.12, `forceEarlyDepthStencil`): the depth test runs per sample before the shader, on
  the samples the primitive covers AND the SampleMask (§17.18: the mask applies to every sample-level operation);
  a draw with one covered pixel tests that pixel.
- Render-target views: a Texture1D RTV (D3D11_RTV_DIMENSION_TEXTURE1D = 2) is a target like any other; a buffer
  RTV (D3D11_RTV_DIMENSION_BUFFER = 1) is not built and says so (NotSupportedError).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from gfx_util import D32_FLOAT, R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

from pyd3d11.errors import NotSupportedError
from pyd3d11.pipeline.draw import Viewport
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind


def V(x, y, z=0.5, a=(0.25, 0.25, 0.25, 0.25)):
    return [x, y, z, 1.0, *a]


def full(z=0.5, a=(0.25, 0.25, 0.25, 0.25)):
    return [V(-1, -1, z, a), V(-1, 3, z, a), V(3, -1, z, a)]


def _additive():
    rt = SimpleNamespace(BlendEnable=True, SrcBlend=2, DestBlend=2, BlendOp=1, SrcBlendAlpha=2, DestBlendAlpha=2,
                         BlendOpAlpha=1, LogicOpEnable=False, LogicOp=0, RenderTargetWriteMask=0xF)
    return SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[rt] * 8)


@pytest.mark.parametrize(("w", "h"), [(8, 8), (512, 256), (300, 700)])
def test_overlapping_fragments_of_one_draw_all_blend(w, h):
    # two full-screen triangles in one draw, ONE + ONE: every pixel receives both fragments -> 0.5
    rt = texture2d(R32G32B32A32_FLOAT, w, h)
    verts = np.array(full() + full(), np.float32)
    draw_pos_attr(verts, [rtv(rt)], om=OMState(blend=_additive()))
    img = read(rt)[0]
    assert np.all(img == np.float32(0.5)), np.unique(img)


def _ds_desc():
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    return SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=2, StencilEnable=False,  # LESS
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)


PS_EARLY = """ps_5_0
dcl_globalFlags forceEarlyDepthStencil
dcl_output o0.xyzw
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
ret
"""


@pytest.mark.parametrize("mask", [0b1010, 0b0111, 0b1111, 0b0001])
def test_early_depth_tests_only_covered_samples_in_the_sample_mask(mask):
    S, N = 4, 4
    rt = texture2d(R32G32B32A32_FLOAT, N, N, samples=S)
    ds = texture2d(D32_FLOAT, N, N, samples=S)
    ds.data.view(np.float32)[:] = 0.5
    dsv = ViewDescriptor(ViewKind.DSV, ds, D32_FLOAT, 5)  # D3D11_DSV_DIMENSION_TEXTURE2DMS
    draw_pos_attr(np.array(full(0.25), np.float32), [rtv(rt)], ps=PS_EARLY, depth=dsv,
                  om=OMState(depth_stencil=_ds_desc(), sample_mask=mask), sample_count=S)
    depth = ds.data.view(np.float32).reshape(S, N, N)
    colour = read(rt)[..., 3]  # (S, N, N)
    for s in range(S):
        on = bool(mask >> s & 1)
        assert np.all(depth[s] == np.float32(0.25 if on else 0.5)), (mask, s)
        assert np.all(colour[s] == (1.0 if on else 0.0)), (mask, s)


def test_early_depth_with_a_single_covered_pixel():
    # a triangle covering only pixel (0, 0) of an 8x8 target: one fragment reaches the early test
    px = 2 / 8
    verts = np.array([V(-1, 1, 0.25), V(-1 + 1.5 * px, 1, 0.25), V(-1, 1 - 1.5 * px, 0.25)], np.float32)
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    ds = texture2d(D32_FLOAT, 8, 8)
    ds.data.view(np.float32)[:] = 0.5
    dsv = ViewDescriptor(ViewKind.DSV, ds, D32_FLOAT, 3)
    draw_pos_attr(verts, [rtv(rt)], ps=PS_EARLY, depth=dsv, om=OMState(depth_stencil=_ds_desc()))
    depth = ds.data.view(np.float32).reshape(8, 8)
    want = np.full((8, 8), np.float32(0.5))
    want[0, 0] = 0.25
    assert np.array_equal(depth, want)
    lit = read(rt)[0, ..., 3] == 1.0
    assert lit[0, 0] and lit.sum() == 1


def test_texture1d_render_target_view_is_drawn():
    st = ResourceStorage.create(2, R32G32B32A32_FLOAT, 16, bytes_per_block=16)  # Texture1D
    view = ViewDescriptor(ViewKind.RTV, st, R32G32B32A32_FLOAT, 2)  # D3D11_RTV_DIMENSION_TEXTURE1D
    draw_pos_attr(np.array(full(), np.float32), [view])
    got = st.data.view(np.float32).reshape(16, 4)
    assert np.all(got == np.float32(0.25))


def test_buffer_render_target_view_is_not_built():
    st = ResourceStorage.create(1, 0, 16 * 16)
    view = ViewDescriptor(ViewKind.RTV, st, R32G32B32A32_FLOAT, 1, num_elements=16, element_size=16)
    with pytest.raises(NotSupportedError, match="buffer"):
        draw_pos_attr(np.array(full(), np.float32), [view],
                      viewport=Viewport(0, 0, 16, 1, 0, 1))


# Logic ops are defined for UINT targets (§17.7); on SINT targets the spec leaves rendering undefined (§17.7.2 b).
# pyd3d11 applies them to the stored two's-complement bits of each channel, like UINT: INVERT of 37 (0x25) in an
# 8-bit channel stores 0xDA = -38; COPY stores the shader's value converted to the format (-5 stays -5).
PS_SINT = """ps_4_0
dcl_output o0.xyzw
mov o0.xyzw, l(-5, 100, -128, 7)
ret
"""


@pytest.mark.parametrize(("op", "want"), [(5, [-38, -1, 127, -8]), (2, [-5, 100, -128, 7]), (3, [4, -101, 127, -8]),
                                          (14, [-5, -1, -1, -1])])
def test_logic_ops_on_sint_targets_work_on_the_stored_bits(op, want):
    R8G8B8A8_SINT = 32
    rt = texture2d(R8G8B8A8_SINT, 4, 4)
    rt.data.view(np.int8)[:] = np.tile(np.array([37, 0, -128, 7], np.int8), 16)
    b = SimpleNamespace(BlendEnable=False, SrcBlend=2, DestBlend=1, BlendOp=1, SrcBlendAlpha=2, DestBlendAlpha=1,
                        BlendOpAlpha=1, LogicOpEnable=True, LogicOp=op, RenderTargetWriteMask=0xF)
    blend = SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[b] * 8)
    draw_pos_attr(np.array(full(), np.float32), [rtv(rt)], ps=PS_SINT, om=OMState(blend=blend))
    got = rt.data.view(np.int8).reshape(16, 4)
    assert np.all(got == np.array(want, np.int8)), (op, got[0])
