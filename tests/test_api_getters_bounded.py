"""Getters with NumX = 0xFFFFFFFF (or -1, the same UINT) return the existing slots, not four billion
entries (issue 13 item 4). Each getter's documented range is StartSlot 0 .. SLOT_COUNT - 1 and
NumX 0 .. SLOT_COUNT - StartSlot; the slot counts are the D3D11 constants (D3D11_COMMONSHADER_*,
D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT 32, D3D11_SO_BUFFER_SLOT_COUNT 4,
D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT 8, D3D11_1_UAV_SLOT_COUNT 64,
D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE 16, D3D11_SHADER_MAX_INTERFACES 253)."""

from __future__ import annotations

import pytest

from pyd3d11.api import D3D11CreateDevice

HUGE = (0xFFFFFFFF, -1)
STAGES = ("VS", "HS", "DS", "GS", "PS", "CS")


def _ctx():
    return D3D11CreateDevice(None, 1, None, 0, [0xB100], 1, 7)[2]


CASES = [(f"{s}GetShaderResources", 128) for s in STAGES] + [(f"{s}GetSamplers", 16) for s in STAGES] + \
    [(f"{s}GetConstantBuffers", 14) for s in STAGES]


@pytest.mark.parametrize(("name", "slots"), CASES)
@pytest.mark.parametrize("num", HUGE)
def test_stage_getters_clamp(name, slots, num):
    ctx = _ctx()
    out = getattr(ctx, name)(0, num)
    assert len(out) == slots and all(v is None for v in out)
    assert len(getattr(ctx, name)(slots - 2, num)) == 2
    assert getattr(ctx, name)(slots, num) == []
    assert getattr(ctx, name)(0xFFFFFFFF, num) == []
    assert len(getattr(ctx, name)(1, 3)) == 3  # in-range requests unchanged


@pytest.mark.parametrize("stage", STAGES)
def test_constant_buffers1_clamp(stage):
    bufs, firsts, nums = getattr(_ctx(), f"{stage}GetConstantBuffers1")(0, 0xFFFFFFFF)
    assert len(bufs) == len(firsts) == len(nums) == 14


@pytest.mark.parametrize("num", HUGE)
def test_other_getters_clamp(num):
    ctx = _ctx()
    bufs, strides, offsets = ctx.IAGetVertexBuffers(0, num)
    assert len(bufs) == len(strides) == len(offsets) == 32
    assert len(ctx.SOGetTargets(num)) == 4
    rtvs, dsv = ctx.OMGetRenderTargets(num)
    assert len(rtvs) == 8 and dsv is None
    rtvs, dsv, uavs = ctx.OMGetRenderTargetsAndUnorderedAccessViews(num, 0, num)
    assert len(rtvs) == 8 and len(uavs) == 64
    assert len(ctx.CSGetUnorderedAccessViews(0, num)) == 64
    assert len(ctx.CSGetUnorderedAccessViews(60, num)) == 4
    # unused viewport/scissor entries are zero-filled up to the pipeline's 16
    assert len(ctx.RSGetViewports(num)) == 16
    assert len(ctx.RSGetScissorRects(num)) == 16
    for s in STAGES:
        shader, instances = getattr(ctx, f"{s}GetShader")(num)
        assert shader is None and len(instances) == 253
