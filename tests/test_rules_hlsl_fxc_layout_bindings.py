"""Object arrays' bindings below shader model 5.1, as Microsoft's compiler reflects and declares them.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler), not from this project's output. MicrosoftDocs direct3dhlsl
"Resource binding in HLSL" says an array of objects takes consecutive registers from its first one; fxc then
declares only the elements the program reads, and reflects them at shader model 5.0 one by one (``a[2]``, count
1) and at 4.x as one binding named after the array, counting the elements up to the last one read. A texture,
buffer or UAV array keeps its whole range from later allocation; a sampler array only up to its last element read.
Each row compiles ``KIND a[4] (register) ... after;`` reading the listed elements and ``after``.
"""

from __future__ import annotations

import re

import pytest
from fxc_layout_helpers import compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

_DECL = {"tex": "Texture2D a[4]{reg}; SamplerState s; Texture2D after;",
         "samp": "SamplerState a[4]{reg}; Texture2D t; SamplerState after;",
         "buf": "Buffer<float4> a[4]{reg}; Buffer<float4> after;",
         "uav": "RWBuffer<float> a[4]{reg}; RWBuffer<float> after;"}
_USE = {"tex": ("a[{k}].Sample(s, 0.5)", "after.Sample(s, 0.5)"), "samp": ("t.Sample(a[{k}], 0.5)", "t.Sample(after, 0.5)"),
        "buf": ("a[{k}][{k}]", "after[0]")}

#: (kind, register, elements read, target, fxc's bindings (name, bind point, count) sorted, declared registers)
ARRAYS = [
    ('tex', '', (0,), 'ps_4_0', [('a', 0, 1), ('after', 4, 1), ('s', 0, 1)], [0, 0, 4]),
    ('tex', '', (0,), 'ps_4_1', [('a', 0, 1), ('after', 4, 1), ('s', 0, 1)], [0, 0, 4]),
    ('tex', '', (0,), 'ps_5_0', [('a[0]', 0, 1), ('after', 4, 1), ('s', 0, 1)], [0, 0, 4]),
    ('tex', '', (2,), 'ps_4_0', [('a', 0, 3), ('after', 4, 1), ('s', 0, 1)], [0, 2, 4]),
    ('tex', '', (2,), 'ps_4_1', [('a', 0, 3), ('after', 4, 1), ('s', 0, 1)], [0, 2, 4]),
    ('tex', '', (2,), 'ps_5_0', [('a[2]', 2, 1), ('after', 4, 1), ('s', 0, 1)], [0, 2, 4]),
    ('tex', '', (3,), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 3, 4]),
    ('tex', '', (3,), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 3, 4]),
    ('tex', '', (3,), 'ps_5_0', [('a[3]', 3, 1), ('after', 4, 1), ('s', 0, 1)], [0, 3, 4]),
    ('tex', '', (0, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 0, 3, 4]),
    ('tex', '', (0, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 0, 3, 4]),
    ('tex', '', (0, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[3]', 3, 1), ('after', 4, 1), ('s', 0, 1)], [0, 0, 3, 4]),
    ('tex', '', (1, 2), 'ps_4_0', [('a', 0, 3), ('after', 4, 1), ('s', 0, 1)], [0, 1, 2, 4]),
    ('tex', '', (1, 2), 'ps_4_1', [('a', 0, 3), ('after', 4, 1), ('s', 0, 1)], [0, 1, 2, 4]),
    ('tex', '', (1, 2), 'ps_5_0', [('a[1]', 1, 1), ('a[2]', 2, 1), ('after', 4, 1), ('s', 0, 1)], [0, 1, 2, 4]),
    ('tex', '', (0, 1, 2, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('tex', '', (0, 1, 2, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('tex', '', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[1]', 1, 1), ('a[2]', 2, 1), ('a[3]', 3, 1), ('after', 4, 1), ('s', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('tex', '', (1, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 1, 3, 4]),
    ('tex', '', (1, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('s', 0, 1)], [0, 1, 3, 4]),
    ('tex', '', (1, 3), 'ps_5_0', [('a[1]', 1, 1), ('a[3]', 3, 1), ('after', 4, 1), ('s', 0, 1)], [0, 1, 3, 4]),
    ('tex', ' : register(t5)', (0,), 'ps_4_0', [('a', 5, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5]),
    ('tex', ' : register(t5)', (0,), 'ps_4_1', [('a', 5, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5]),
    ('tex', ' : register(t5)', (0,), 'ps_5_0', [('a[0]', 5, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5]),
    ('tex', ' : register(t5)', (2,), 'ps_4_0', [('a', 5, 3), ('after', 0, 1), ('s', 0, 1)], [0, 0, 7]),
    ('tex', ' : register(t5)', (2,), 'ps_4_1', [('a', 5, 3), ('after', 0, 1), ('s', 0, 1)], [0, 0, 7]),
    ('tex', ' : register(t5)', (2,), 'ps_5_0', [('a[2]', 7, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 7]),
    ('tex', ' : register(t5)', (3,), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 8]),
    ('tex', ' : register(t5)', (3,), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 8]),
    ('tex', ' : register(t5)', (3,), 'ps_5_0', [('a[3]', 8, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 8]),
    ('tex', ' : register(t5)', (0, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 8]),
    ('tex', ' : register(t5)', (0, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 8]),
    ('tex', ' : register(t5)', (0, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[3]', 8, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 8]),
    ('tex', ' : register(t5)', (1, 2), 'ps_4_0', [('a', 5, 3), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 7]),
    ('tex', ' : register(t5)', (1, 2), 'ps_4_1', [('a', 5, 3), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 7]),
    ('tex', ' : register(t5)', (1, 2), 'ps_5_0', [('a[1]', 6, 1), ('a[2]', 7, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 7]),
    ('tex', ' : register(t5)', (0, 1, 2, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('tex', ' : register(t5)', (0, 1, 2, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('tex', ' : register(t5)', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[1]', 6, 1), ('a[2]', 7, 1), ('a[3]', 8, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('tex', ' : register(t5)', (1, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 8]),
    ('tex', ' : register(t5)', (1, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 8]),
    ('tex', ' : register(t5)', (1, 3), 'ps_5_0', [('a[1]', 6, 1), ('a[3]', 8, 1), ('after', 0, 1), ('s', 0, 1)], [0, 0, 6, 8]),
    ('samp', '', (0,), 'ps_4_0', [('a', 0, 1), ('after', 1, 1), ('t', 0, 1)], [0, 0, 1]),
    ('samp', '', (0,), 'ps_4_1', [('a', 0, 1), ('after', 1, 1), ('t', 0, 1)], [0, 0, 1]),
    ('samp', '', (0,), 'ps_5_0', [('a[0]', 0, 1), ('after', 1, 1), ('t', 0, 1)], [0, 0, 1]),
    ('samp', '', (2,), 'ps_4_0', [('a', 0, 3), ('after', 3, 1), ('t', 0, 1)], [0, 2, 3]),
    ('samp', '', (2,), 'ps_4_1', [('a', 0, 3), ('after', 3, 1), ('t', 0, 1)], [0, 2, 3]),
    ('samp', '', (2,), 'ps_5_0', [('a[2]', 2, 1), ('after', 3, 1), ('t', 0, 1)], [0, 2, 3]),
    ('samp', '', (3,), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 3, 4]),
    ('samp', '', (3,), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 3, 4]),
    ('samp', '', (3,), 'ps_5_0', [('a[3]', 3, 1), ('after', 4, 1), ('t', 0, 1)], [0, 3, 4]),
    ('samp', '', (0, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 0, 3, 4]),
    ('samp', '', (0, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 0, 3, 4]),
    ('samp', '', (0, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[3]', 3, 1), ('after', 4, 1), ('t', 0, 1)], [0, 0, 3, 4]),
    ('samp', '', (1, 2), 'ps_4_0', [('a', 0, 3), ('after', 3, 1), ('t', 0, 1)], [0, 1, 2, 3]),
    ('samp', '', (1, 2), 'ps_4_1', [('a', 0, 3), ('after', 3, 1), ('t', 0, 1)], [0, 1, 2, 3]),
    ('samp', '', (1, 2), 'ps_5_0', [('a[1]', 1, 1), ('a[2]', 2, 1), ('after', 3, 1), ('t', 0, 1)], [0, 1, 2, 3]),
    ('samp', '', (0, 1, 2, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('samp', '', (0, 1, 2, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('samp', '', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[1]', 1, 1), ('a[2]', 2, 1), ('a[3]', 3, 1), ('after', 4, 1), ('t', 0, 1)], [0, 0, 1, 2, 3, 4]),
    ('samp', '', (1, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 1, 3, 4]),
    ('samp', '', (1, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1), ('t', 0, 1)], [0, 1, 3, 4]),
    ('samp', '', (1, 3), 'ps_5_0', [('a[1]', 1, 1), ('a[3]', 3, 1), ('after', 4, 1), ('t', 0, 1)], [0, 1, 3, 4]),
    ('samp', ' : register(s5)', (0,), 'ps_4_0', [('a', 5, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5]),
    ('samp', ' : register(s5)', (0,), 'ps_4_1', [('a', 5, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5]),
    ('samp', ' : register(s5)', (0,), 'ps_5_0', [('a[0]', 5, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5]),
    ('samp', ' : register(s5)', (2,), 'ps_4_0', [('a', 5, 3), ('after', 0, 1), ('t', 0, 1)], [0, 0, 7]),
    ('samp', ' : register(s5)', (2,), 'ps_4_1', [('a', 5, 3), ('after', 0, 1), ('t', 0, 1)], [0, 0, 7]),
    ('samp', ' : register(s5)', (2,), 'ps_5_0', [('a[2]', 7, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 7]),
    ('samp', ' : register(s5)', (3,), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 8]),
    ('samp', ' : register(s5)', (3,), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 8]),
    ('samp', ' : register(s5)', (3,), 'ps_5_0', [('a[3]', 8, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 8]),
    ('samp', ' : register(s5)', (0, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 8]),
    ('samp', ' : register(s5)', (0, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 8]),
    ('samp', ' : register(s5)', (0, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[3]', 8, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 8]),
    ('samp', ' : register(s5)', (1, 2), 'ps_4_0', [('a', 5, 3), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 7]),
    ('samp', ' : register(s5)', (1, 2), 'ps_4_1', [('a', 5, 3), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 7]),
    ('samp', ' : register(s5)', (1, 2), 'ps_5_0', [('a[1]', 6, 1), ('a[2]', 7, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 7]),
    ('samp', ' : register(s5)', (0, 1, 2, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('samp', ' : register(s5)', (0, 1, 2, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('samp', ' : register(s5)', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[1]', 6, 1), ('a[2]', 7, 1), ('a[3]', 8, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 5, 6, 7, 8]),
    ('samp', ' : register(s5)', (1, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 8]),
    ('samp', ' : register(s5)', (1, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 8]),
    ('samp', ' : register(s5)', (1, 3), 'ps_5_0', [('a[1]', 6, 1), ('a[3]', 8, 1), ('after', 0, 1), ('t', 0, 1)], [0, 0, 6, 8]),
    ('buf', '', (0,), 'ps_4_0', [('a', 0, 1), ('after', 4, 1)], [0, 4]),
    ('buf', '', (0,), 'ps_4_1', [('a', 0, 1), ('after', 4, 1)], [0, 4]),
    ('buf', '', (0,), 'ps_5_0', [('a[0]', 0, 1), ('after', 4, 1)], [0, 4]),
    ('buf', '', (2,), 'ps_4_0', [('a', 0, 3), ('after', 4, 1)], [2, 4]),
    ('buf', '', (2,), 'ps_4_1', [('a', 0, 3), ('after', 4, 1)], [2, 4]),
    ('buf', '', (2,), 'ps_5_0', [('a[2]', 2, 1), ('after', 4, 1)], [2, 4]),
    ('buf', '', (3,), 'ps_4_0', [('a', 0, 4), ('after', 4, 1)], [3, 4]),
    ('buf', '', (3,), 'ps_4_1', [('a', 0, 4), ('after', 4, 1)], [3, 4]),
    ('buf', '', (3,), 'ps_5_0', [('a[3]', 3, 1), ('after', 4, 1)], [3, 4]),
    ('buf', '', (0, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1)], [0, 3, 4]),
    ('buf', '', (0, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1)], [0, 3, 4]),
    ('buf', '', (0, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[3]', 3, 1), ('after', 4, 1)], [0, 3, 4]),
    ('buf', '', (1, 2), 'ps_4_0', [('a', 0, 3), ('after', 4, 1)], [1, 2, 4]),
    ('buf', '', (1, 2), 'ps_4_1', [('a', 0, 3), ('after', 4, 1)], [1, 2, 4]),
    ('buf', '', (1, 2), 'ps_5_0', [('a[1]', 1, 1), ('a[2]', 2, 1), ('after', 4, 1)], [1, 2, 4]),
    ('buf', '', (0, 1, 2, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1)], [0, 1, 2, 3, 4]),
    ('buf', '', (0, 1, 2, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1)], [0, 1, 2, 3, 4]),
    ('buf', '', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 0, 1), ('a[1]', 1, 1), ('a[2]', 2, 1), ('a[3]', 3, 1), ('after', 4, 1)], [0, 1, 2, 3, 4]),
    ('buf', '', (1, 3), 'ps_4_0', [('a', 0, 4), ('after', 4, 1)], [1, 3, 4]),
    ('buf', '', (1, 3), 'ps_4_1', [('a', 0, 4), ('after', 4, 1)], [1, 3, 4]),
    ('buf', '', (1, 3), 'ps_5_0', [('a[1]', 1, 1), ('a[3]', 3, 1), ('after', 4, 1)], [1, 3, 4]),
    ('buf', ' : register(t5)', (0,), 'ps_4_0', [('a', 5, 1), ('after', 0, 1)], [0, 5]),
    ('buf', ' : register(t5)', (0,), 'ps_4_1', [('a', 5, 1), ('after', 0, 1)], [0, 5]),
    ('buf', ' : register(t5)', (0,), 'ps_5_0', [('a[0]', 5, 1), ('after', 0, 1)], [0, 5]),
    ('buf', ' : register(t5)', (2,), 'ps_4_0', [('a', 5, 3), ('after', 0, 1)], [0, 7]),
    ('buf', ' : register(t5)', (2,), 'ps_4_1', [('a', 5, 3), ('after', 0, 1)], [0, 7]),
    ('buf', ' : register(t5)', (2,), 'ps_5_0', [('a[2]', 7, 1), ('after', 0, 1)], [0, 7]),
    ('buf', ' : register(t5)', (3,), 'ps_4_0', [('a', 5, 4), ('after', 0, 1)], [0, 8]),
    ('buf', ' : register(t5)', (3,), 'ps_4_1', [('a', 5, 4), ('after', 0, 1)], [0, 8]),
    ('buf', ' : register(t5)', (3,), 'ps_5_0', [('a[3]', 8, 1), ('after', 0, 1)], [0, 8]),
    ('buf', ' : register(t5)', (0, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1)], [0, 5, 8]),
    ('buf', ' : register(t5)', (0, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1)], [0, 5, 8]),
    ('buf', ' : register(t5)', (0, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[3]', 8, 1), ('after', 0, 1)], [0, 5, 8]),
    ('buf', ' : register(t5)', (1, 2), 'ps_4_0', [('a', 5, 3), ('after', 0, 1)], [0, 6, 7]),
    ('buf', ' : register(t5)', (1, 2), 'ps_4_1', [('a', 5, 3), ('after', 0, 1)], [0, 6, 7]),
    ('buf', ' : register(t5)', (1, 2), 'ps_5_0', [('a[1]', 6, 1), ('a[2]', 7, 1), ('after', 0, 1)], [0, 6, 7]),
    ('buf', ' : register(t5)', (0, 1, 2, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1)], [0, 5, 6, 7, 8]),
    ('buf', ' : register(t5)', (0, 1, 2, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1)], [0, 5, 6, 7, 8]),
    ('buf', ' : register(t5)', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[1]', 6, 1), ('a[2]', 7, 1), ('a[3]', 8, 1), ('after', 0, 1)], [0, 5, 6, 7, 8]),
    ('buf', ' : register(t5)', (1, 3), 'ps_4_0', [('a', 5, 4), ('after', 0, 1)], [0, 6, 8]),
    ('buf', ' : register(t5)', (1, 3), 'ps_4_1', [('a', 5, 4), ('after', 0, 1)], [0, 6, 8]),
    ('buf', ' : register(t5)', (1, 3), 'ps_5_0', [('a[1]', 6, 1), ('a[3]', 8, 1), ('after', 0, 1)], [0, 6, 8]),
    ('uav', '', (0,), 'ps_5_0', [('a[0]', 1, 1), ('after', 5, 1)], [1, 5]),
    ('uav', '', (2,), 'ps_5_0', [('a[2]', 3, 1), ('after', 5, 1)], [3, 5]),
    ('uav', '', (3,), 'ps_5_0', [('a[3]', 4, 1), ('after', 5, 1)], [4, 5]),
    ('uav', '', (0, 3), 'ps_5_0', [('a[0]', 1, 1), ('a[3]', 4, 1), ('after', 5, 1)], [1, 4, 5]),
    ('uav', '', (1, 2), 'ps_5_0', [('a[1]', 2, 1), ('a[2]', 3, 1), ('after', 5, 1)], [2, 3, 5]),
    ('uav', '', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 1, 1), ('a[1]', 2, 1), ('a[2]', 3, 1), ('a[3]', 4, 1), ('after', 5, 1)], [1, 2, 3, 4, 5]),
    ('uav', '', (1, 3), 'ps_5_0', [('a[1]', 2, 1), ('a[3]', 4, 1), ('after', 5, 1)], [2, 4, 5]),
    ('uav', ' : register(u5)', (0,), 'ps_5_0', [('a[0]', 5, 1), ('after', 1, 1)], [1, 5]),
    ('uav', ' : register(u5)', (2,), 'ps_5_0', [('a[2]', 7, 1), ('after', 1, 1)], [1, 7]),
    ('uav', ' : register(u5)', (3,), 'ps_5_0', [('a[3]', 8, 1), ('after', 1, 1)], [1, 8]),
    ('uav', ' : register(u5)', (0, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[3]', 8, 1), ('after', 1, 1)], [1, 5, 8]),
    ('uav', ' : register(u5)', (1, 2), 'ps_5_0', [('a[1]', 6, 1), ('a[2]', 7, 1), ('after', 1, 1)], [1, 6, 7]),
    ('uav', ' : register(u5)', (0, 1, 2, 3), 'ps_5_0', [('a[0]', 5, 1), ('a[1]', 6, 1), ('a[2]', 7, 1), ('a[3]', 8, 1), ('after', 1, 1)], [1, 5, 6, 7, 8]),
    ('uav', ' : register(u5)', (1, 3), 'ps_5_0', [('a[1]', 6, 1), ('a[3]', 8, 1), ('after', 1, 1)], [1, 6, 8]),
]


def _source(kind: str, reg: str, read: tuple) -> str:
    decl = _DECL[kind].format(reg=reg)
    if kind == "uav":
        body = " ".join(f"a[{k}][{k}] = {k};" for k in read) + " after[0] = 1; return 0;"
    else:
        use, after = _USE[kind]
        body = "return " + " + ".join(use.format(k=k) for k in read) + f" + {after};"
    return f"{decl}\nfloat4 main() : SV_Target {{ {body} }}"


@pytest.mark.parametrize("kind,reg,read,target,binds,declared", ARRAYS)
def test_array_bindings(kind, reg, read, target, binds, declared):
    got = compile_or_error(_source(kind, reg, read), target)
    assert not isinstance(got, str), got
    d = describe(got)
    assert sorted((b["Name"], b["BindPoint"], b["BindCount"]) for b in d["bindings"] if b["Type"] in (2, 3, 4)) == binds
    regs = sorted(int(m) for x in d["dcl"] if x.startswith(("dcl_resource", "dcl_sampler", "dcl_uav"))
                  for m in re.findall(r"[tsu](\d+)(?:,|$)", x)[-1:])
    assert regs == declared


#: (entry parameters, expression returned, target, fxc's bindings (name, bind point, count) in its order)
PARAM_OBJECTS = [
    ('uniform Texture2D t, uniform SamplerState s', 't.Sample(s, 0.5)', 'ps_5_0', [('$s', 0, 1), ('$t', 0, 1)]),
    ('uniform Texture2D t, uniform SamplerState s', 't.Sample(s, 0.5)', 'ps_4_0', [('$s', 0, 1), ('$t', 0, 1)]),
    ('Texture2D t, SamplerState s', 't.Sample(s, 0.5)', 'ps_5_0', [('s', 0, 1), ('t', 0, 1)]),
    ('Texture2D t, SamplerState s', 't.Sample(s, 0.5)', 'ps_4_0', [('s', 0, 1), ('t', 0, 1)]),
    ('uniform Texture2D t[2], uniform SamplerState s', 't[1].Sample(s, 0.5)', 'ps_5_0', [('$s', 0, 1), ('$t[1]', 1, 1)]),
    ('uniform Texture2D t[2], uniform SamplerState s', 't[1].Sample(s, 0.5)', 'ps_4_0', [('$s', 0, 1), ('$t', 0, 2)]),
    ('uniform Texture2D t[3], SamplerState s', 't[0].Sample(s, 0.5) + t[2].Sample(s, 0.5)', 'ps_5_0', [('s', 0, 1), ('$t[0]', 0, 1), ('$t[2]', 2, 1)]),
    ('uniform Texture2D t[3], SamplerState s', 't[0].Sample(s, 0.5) + t[2].Sample(s, 0.5)', 'ps_4_0', [('s', 0, 1), ('$t', 0, 3)]),
    ('uniform Buffer<float4> b, uniform float4 k', 'b[0] + k', 'ps_5_0', [('$b', 0, 1), ('$Params', 0, 1)]),
    ('uniform Buffer<float4> b, uniform float4 k', 'b[0] + k', 'ps_4_0', [('$b', 0, 1), ('$Params', 0, 1)]),
    ('Buffer<float4> b, uniform float4 k', 'b[0] + k', 'ps_5_0', [('b', 0, 1), ('$Params', 0, 1)]),
    ('Buffer<float4> b, uniform float4 k', 'b[0] + k', 'ps_4_0', [('b', 0, 1), ('$Params', 0, 1)]),
    ('uniform SamplerState s[3], Texture2D t', 't.Sample(s[1], 0.5)', 'ps_5_0', [('$s[1]', 1, 1), ('t', 0, 1)]),
    ('uniform SamplerState s[3], Texture2D t', 't.Sample(s[1], 0.5)', 'ps_4_0', [('$s', 0, 2), ('t', 0, 1)]),
]

# Before session 35's fix five of these rows did not compile here (found while recording): a `uniform` array of
# objects was put in $Params (X4000 on reading it), and ``b[0]`` of a Buffer parameter did not count as its use.


@pytest.mark.parametrize("params,body,target,want", PARAM_OBJECTS)
def test_entry_object_parameters(params, body, target, want):
    """An object parameter declared ``uniform`` binds as "$name"; one without the keyword under its own name."""
    got = compile_or_error(f"float4 main({params}) : SV_Target {{ return {body}; }}", target)
    assert not isinstance(got, str), got
    assert [(b["Name"], b["BindPoint"], b["BindCount"]) for b in describe(got)["bindings"]] == want


#: shader model 5.1 constant buffers: (declarations, use, fxc's buffers (name, ((variable, type name, Elements,
#: flags), ...)), fxc's bindings (name, bind point, count, uFlags, space))
CB51 = [
    ('struct S { float4 a; float b; }; ConstantBuffer<S> cbs[3] : register(b0, space2);', 'cbs[1].a + cbs[2].b', (('cbs', (('cbs', 'S', 1, 2),)),), (('cbs', 0, 3, 0, 2),)),
    ('struct S { float4 a; float b; }; ConstantBuffer<S> cbs[3];', 'cbs[1].a', (('cbs', (('cbs', 'S', 1, 2),)),), (('cbs', 0, 3, 0, 0),)),
    ('struct S { float4 a; }; ConstantBuffer<S> cb : register(b1);', 'cb.a', (('cb', (('cb', 'S', 0, 2),)),), (('cb', 1, 1, 0, 0),)),
    ('struct S { float4 a; }; ConstantBuffer<S> cb;', 'cb.a', (('cb', (('cb', 'S', 0, 2),)),), (('cb', 0, 1, 0, 0),)),
    ('cbuffer C : register(b2) { float4 x; }', 'x', (('C', (('x', 'float4', 0, 2),)),), (('C', 2, 1, 1, 0),)),
    ('cbuffer C : register(b2, space1) { float4 x; }', 'x', (('C', (('x', 'float4', 0, 2),)),), (('C', 2, 1, 1, 1),)),
    ('cbuffer C { float4 x; }', 'x', (('C', (('x', 'float4', 0, 2),)),), (('C', 0, 1, 0, 0),)),
    ('struct S { float4 a; }; ConstantBuffer<S> cbs[2] : register(b3);', 'cbs[0].a', (('cbs', (('cbs', 'S', 1, 2),)),), (('cbs', 3, 2, 0, 0),)),
    ('struct S { float4 a; }; ConstantBuffer<S> cbs[2][2] : register(b3);', 'cbs[1][0].a', (('cbs', (('cbs', 'S', 1, 2),)),), (('cbs', 3, 4, 0, 0),)),
    ('struct S { float4 a; }; ConstantBuffer<S> cb : register(b1, space4); cbuffer C : register(b1) { float4 x; }', 'cb.a + x', (('cb', (('cb', 'S', 0, 2),)), ('C', (('x', 'float4', 0, 2),))), (('C', 1, 1, 1, 0), ('cb', 1, 1, 0, 4))),
]


@pytest.mark.parametrize("decl,use,buffers,binds", CB51)
def test_sm51_constant_buffers(decl, use, buffers, binds):
    """At 5.1 a ConstantBuffer<S> never carries D3D_SIF_USERPACKED (a `cbuffer` with register() does), and an
    array of them reflects its variable as one element (Elements 1)."""
    got = compile_or_error(f"{decl}\nfloat4 main() : SV_Target {{ return {use}; }}", "ps_5_1")
    assert not isinstance(got, str), got
    d = describe(got)
    assert tuple((c["name"], tuple((v["name"], v["type"]["name"], v["type"]["elements"], v["flags"])
                                   for v in c["variables"])) for c in d["cbuffers"]) == buffers
    assert tuple((b["Name"], b["BindPoint"], b["BindCount"], b["uFlags"], b["Space"]) for b in d["bindings"]) == binds


#: objects in compound types below shader model 5: (source, fxc's verdict at ps_4_0, ps_4_1, ps_5_0, ps_4_0_level_9_3)
COMPOUND_OBJECTS = [
    ('struct P { Texture2D t; SamplerState s; };\nfloat4 main(P p) : SV_Target { return p.t.Sample(p.s, 0.5); }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct P { Texture2D t; SamplerState s; };\nP g; float4 main() : SV_Target { return g.t.Sample(g.s, 0.5); }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct P { Texture2D t; SamplerState s; };\nP g; float4 main() : SV_Target { return 0; }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct P { Texture2D t; SamplerState s; };\nfloat4 main() : SV_Target { return 0; }', ('ok', 'ok', 'ok', 'ok')),
    ('Texture2D t; SamplerState s; struct P { Texture2D t; SamplerState s; };\nfloat4 main() : SV_Target { P l; l.t = t; l.s = s; return l.t.Sample(l.s, 0.5); }', ('ok', 'ok', 'ok', 'ok')),
    ('struct Q { Texture2D t; }; Texture2D x; float f(Q q) { return 1; } float4 main() : SV_Target { return 0; }', ('ok', 'ok', 'ok', 'ok')),
    ('struct Q { Texture2D t[2]; float k; }; Q g; float4 main() : SV_Target { return g.t[1].Load(0) * g.k; }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct Q { Buffer<float4> b; }; Q g; float4 main() : SV_Target { return g.b[0]; }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct Q { SamplerState s; }; Q g; Texture2D t; float4 main() : SV_Target { return t.Sample(g.s, 0.5); }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct Q { Texture2D t; }; Q g[2]; float4 main() : SV_Target { return g[1].t.Load(0); }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('struct Q { Texture2D t; }; cbuffer C { Q g; float4 k; } float4 main() : SV_Target { return k; }', ('X3090', 'X3090', 'ok', 'X3090')),
    ('Texture2D t[2]; float4 main() : SV_Target { return t[1].Load(0); }', ('ok', 'ok', 'ok', 'X4532')),
    ('struct Q { float4 v; }; Q g; float4 main() : SV_Target { return g.v; }', ('ok', 'ok', 'ok', 'ok')),
    ('struct Q { struct { Texture2D t; } in1; }; Q g; float4 main() : SV_Target { return g.in1.t.Load(0); }', ('X3090', 'X3090', 'ok', 'X3090')),
]


@pytest.mark.parametrize("src,want", COMPOUND_OBJECTS)
def test_objects_in_compound_types_below_sm5(src, want):
    """X3090: below shader model 5 a global (a cbuffer member too) or an entry parameter whose struct holds an
    object fails, used or not; locals, other functions' parameters and arrays of objects compile."""
    for target, expected in zip(("ps_4_0", "ps_4_1", "ps_5_0", "ps_4_0_level_9_3"), want, strict=True):
        got = compile_or_error(src, target)
        assert (got if isinstance(got, str) else "ok") == expected, target
