"""A pixel-shader input the previous stage does not write (a linkage error the debug layer reports) reads 0;
the draw still runs and no Python exception escapes the void Draw call."""

from __future__ import annotations

import numpy as np
from level9_kit import Scene, compile_, mid


def test_pixel_input_not_written_by_the_previous_stage_reads_zero():
    s = Scene("11_1")  # the kit's PS reads COLOR0
    s.ctx.VSSetShader(s.dev.CreateVertexShader(compile_(
        "float4 main(float4 p : POSITION) : SV_Position { return p; }", "vs_5_0"), None))
    s.ctx.PSSetShader(s.dev.CreatePixelShader(compile_(
        "float4 main(float4 p : SV_Position, float4 c : COLOR0) : SV_Target { return c + float4(0, 0, 0, 1); }",
        "ps_5_0"), None))
    s.ctx.Draw(3, 0)
    assert mid("DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND") in s.ids()
    img = s.image()
    assert np.all(img[..., :3] == 0) and np.all(img[..., 3] == 1)
