"""Native multisample texel access (pipeline/native/texel_ms.py, session 19): rules the mutants of session 21 (helper
MUT, issue 19) showed untested by tests/test_native_texel_ms.py. From the definitions:

- ld2dms / samplepos (the asm pages; D3D11.3 §22.4): the sample index is the FIRST component of the sampleIndex
  operand as written — with a swizzle such as ``r1.yxxx`` that is r1.y, never r1.x (the reference executor reads
  ``components()[0]`` too). texel_ms #37 / #81 read the second.
- texel_ms._ld_ms_support: a multisample view of 2^29 texels or more (slices · samples · width · height) is not
  compiled (its reason string), one texel fewer is (#48-#53: the bound, its factors, its comparison).
- texel_ms.ms_texels: the decoded planes are cached per storage version — the same unchanged view gives the same
  array object, a write (storage.touch) a new one (#8: the cache never hit).
- texel_ms._query_count (memory._sampleinfo's rule): the rasterizer's count is the bindings' ``sample_count``, 1 when
  it is 0 or missing or there are no bindings; a resource's is its storage's count, 0 when unbound (#73-#75).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
import test_native_texel_ms as base

from pyd3d11.pipeline.native import texel_ms
from pyd3d11.pipeline.texture_cache import SRV_2DMS, SRV_2DMSARRAY
from pyd3d11.shader import ir, native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

U32 = np.uint32
S = 4
# per thread of an 8x5x4 group: address (x-1, y-1), sample index ((7x + 3y + z) mod 18) - 1 in r1.y; r1.x = 1, a
# valid sample that the second component would pick; record 0: ld_ms, record 1: samplepos
CS = f"""cs_5_0
dcl_resource_texture2dms({S}) (float,float,float,float) t0
dcl_uav_raw u0
dcl_input vThreadIDInGroup.xyz
dcl_input vThreadIDInGroupFlattened
dcl_temps 5
dcl_thread_group 8, 5, 4
iadd r0.xyzw, vThreadIDInGroup.xyzz, l(-1, -1, -1, -2)
imad r1.y, vThreadIDInGroup.x, l(7), vThreadIDInGroup.z
imad r1.y, vThreadIDInGroup.y, l(3), r1.y
udiv null, r1.y, r1.y, l(18)
iadd r1.y, r1.y, l(-1)
mov r1.x, l(1)
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
ldms r2.xyzw, r0.xyzw, t0.xyzw, r1.yxxx
store_raw u0.xyzw, r3.x, r2.xyzw
samplepos r4.xyzw, t0.xyzw, r1.yxxx
iadd r3.y, r3.x, l(16)
store_raw u0.xyzw, r3.y, r4.xyzw
ret
"""


def test_sample_index_is_the_operands_first_component():
    st = base._texture(28, S, 77)
    srvs = [base._views(st, 28)[0]]
    prog = assemble_program(CS)
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks, runtime.stats.texture_native)
    got = base._dispatch(prog, srvs, "native")
    assert runtime.stats.fallbacks == before[0], runtime.stats.reasons  # the dispatch ran natively
    assert runtime.stats.texture_callbacks == before[1]
    assert runtime.stats.texture_native >= before[2] + 2  # the ld_ms and the samplepos compiled
    want = np.zeros_like(got)
    for i, (tx, ty, tz) in enumerate(base.THREADS):
        x, y, s = tx - 1, ty - 1, (7 * tx + 3 * ty + tz) % 18 - 1
        if 0 <= x < base.W and 0 <= y < base.H and 0 <= s < S:
            want[i, 0] = base._texel(st, 28, 0, s, x, y)
        px, py = base.STD[S][s] if 0 <= s < S else (0, 0)
        want[i, 1] = [np.float32(px / 16).view(U32), np.float32(py / 16).view(U32), 0, 0]
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got, base._dispatch(prog, srvs, "reference"))


def _stub_view(arrayed: bool, layers: int, samples: int, w: int, h: int):
    layout = SimpleNamespace(width=w, height=h)
    st = SimpleNamespace(sample_count=samples, layout=lambda i: layout, subresource_index=lambda m, s: 0)
    return SimpleNamespace(storage=st, dimension=SRV_2DMSARRAY if arrayed else SRV_2DMS, first_mip=0,
                           first_slice=0, slice_count=layers)


@pytest.mark.parametrize("arrayed,layers,samples,w,h,compiled", [
    (False, 1, 16, 1 << 13, 1 << 12, False),  # 2^29 texels
    (False, 1, 16, 1 << 13, (1 << 12) - 1, True),
    (False, 1, 8, (1 << 13) - 1, 1 << 13, True),
    (True, 2, 8, 1 << 13, 1 << 12, False),
    (True, 3, 8, 1 << 13, 1 << 11, True),  # 3 · 2^27 texels
    (True, 5, 2, 1 << 14, 1 << 12, False),  # 5 · 2^27
    (True, 1, 2, 1 << 13, 1 << 13, True),  # 2^27
])
def test_views_of_2_to_the_29_texels_or_more_are_not_compiled(monkeypatch, arrayed, layers, samples, w, h,
                                                              compiled):
    """Stub views (the bound is checked before any texel is decoded; ms_texels is stubbed for the compiled ones)."""
    decoded = []
    monkeypatch.setattr(texel_ms, "ms_texels", lambda view: decoded.append(view) or np.zeros((1, 4), U32))
    view = _stub_view(arrayed, layers, samples, w, h)
    t = SimpleNamespace(t=0, sel=(0, 1, 2, 3), offsets=(0, 0, 0))
    r = texel_ms._ld_ms_support(None, t, SimpleNamespace(srvs=[view]), 0)
    assert (not isinstance(r, str)) == compiled, r
    assert decoded == ([view] if compiled else [])


def test_decoded_planes_are_cached_per_storage_version():
    st = base._texture(28, S, 5)
    view = base._views(st, 28)[1]
    a = texel_ms.ms_texels(view)
    assert texel_ms.ms_texels(view) is a
    st.touch()
    b = texel_ms.ms_texels(view)
    assert b is not a and texel_ms.ms_texels(view) is b


def _query(rasterizer: bool):
    """A sampleinfo's texture-op record: operands (destination, rasterizer | t3)."""
    res = SimpleNamespace(type=ir.OperandType.RASTERIZER if rasterizer else ir.OperandType.RESOURCE, register=3)
    return SimpleNamespace(inst=SimpleNamespace(operands=[None, res]))


@pytest.mark.parametrize("bindings,count,quality", [
    (SimpleNamespace(sample_count=4), 4, 0), (SimpleNamespace(sample_count=0), 1, 0), (SimpleNamespace(), 1, 0),
    (None, 1, 0), (SimpleNamespace(sample_count=4, sample_quality=0xFFFFFFFF), 4, 0xFFFFFFFF),
])
def test_rasterizer_count(bindings, count, quality):
    """(sample count, quality level) of the rasterizer: the bindings' plain values, 1 sample when unset."""
    assert texel_ms._query_count(_query(True), bindings) == (count, quality)


def test_resource_count():
    st = SimpleNamespace(sample_count=8, sample_quality=0xFFFFFFFE)
    srvs = [None] * 3 + [SimpleNamespace(storage=st)]
    assert texel_ms._query_count(_query(False), SimpleNamespace(srvs=srvs, sample_count=2)) == (8, 0xFFFFFFFE)
    assert texel_ms._query_count(_query(False), SimpleNamespace(srvs=[None] * 4, sample_count=2)) == (0, 0)
