"""A plain ``ld`` (not ld2dms) on Texture2DMS / Texture2DMSArray views on the native backend (session 23,
pipeline/native/texel_ms.ld_plain_ms_support).

The reference executor (shader/exec/memory._texel_offsets) defines it as ld2dms of sample 0: address .xy the texel,
.z the array slice of a 2DMS array view, .w ignored (a multisample view has one mip: the ld2dms page's "srcAddress.a
is always ignored", applied to every multisample kind), immediate offsets on .xy only, 0 outside the view. The
kernel must compile it (no dispatch fallback, no texture callback) and agree with the reference bit for bit and with
values read here from the storage's sample-0 plane (test_native_texel_ms._texel: the codec on the element at
``offset + y * row_pitch + x * bpe``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_native_texel_ms as tm  # noqa: E402

from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

U32 = np.uint32
# per thread (x, y, z) of an 8x5x4 group: address (x-1, y-1, z-1, w = 3z - 4: a "mip" that must be ignored);
# records of 16 bytes: ld t0 (2DMS), ld t1 (2DMS array, swizzled), ld t0 with offsets (1, -1), a fourth zero
CS = """cs_5_0
dcl_resource_texture2dms({S}) (float,float,float,float) t0
dcl_resource_texture2dmsarray({S}) (float,float,float,float) t1
dcl_uav_raw u0
dcl_input vThreadIDInGroup.xyz
dcl_input vThreadIDInGroupFlattened
dcl_temps 4
dcl_thread_group 8, 5, 4
iadd r0.xyz, vThreadIDInGroup.xyzx, l(-1, -1, -1, 0)
imad r0.w, vThreadIDInGroup.z, l(3), l(-4)
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
ld r2.xyzw, r0.xyzw, t0.xyzw
store_raw u0.xyzw, r3.x, r2.xyzw
ld r2.xyzw, r0.xyzw, t1.wzyx
iadd r3.y, r3.x, l(16)
store_raw u0.xyzw, r3.y, r2.xyzw
ld_aoffimmi(1,-1,0) r2.xyzw, r0.xyzw, t0.xyzw
iadd r3.y, r3.x, l(32)
store_raw u0.xyzw, r3.y, r2.xyzw
ret
"""


def _expected(st, fmt: int) -> np.ndarray:
    out = np.zeros((len(tm.THREADS), 4, 4), U32)
    for i, (tx, ty, tz) in enumerate(tm.THREADS):
        x, y, z = tx - 1, ty - 1, tz - 1
        if 0 <= x < tm.W and 0 <= y < tm.H:
            out[i, 0] = tm._texel(st, fmt, 0, 0, x, y)
            if 0 <= z < 2:  # t1 views slices 1..2
                out[i, 1] = tm._texel(st, fmt, 1 + z, 0, x, y)[[3, 2, 1, 0]]
        if 0 <= x + 1 < tm.W and 0 <= y - 1 < tm.H:
            out[i, 2] = tm._texel(st, fmt, 0, 0, x + 1, y - 1)
    return out


@pytest.mark.parametrize("S,fmt", [(1, 28), (2, 28), (4, 28), (8, 2), (4, 41), (4, 43), (16, 10)])
def test_plain_ld_on_multisample_views_is_native_and_reads_sample_0(S, fmt):
    prog = assemble_program(CS.format(S=S))
    st = tm._texture(fmt, S, 300 + S + fmt)
    srvs = list(tm._views(st, fmt))
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks, runtime.stats.texture_native)
    got = tm._dispatch(prog, srvs, "native")
    assert runtime.stats.fallbacks == before[0], runtime.stats.reasons  # the dispatch ran natively
    assert runtime.stats.texture_callbacks == before[1], runtime.stats.texture_reasons  # no ld called back
    assert runtime.stats.texture_native >= before[2] + 3  # the three ld compiled
    np.testing.assert_array_equal(got, _expected(st, fmt))
    np.testing.assert_array_equal(got, tm._dispatch(prog, srvs, "reference"))
