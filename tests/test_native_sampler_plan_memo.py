"""The native texture plan's per-entry memo (pipeline/native/sampler_plan._sample_support, Session 25): a sample
op's compile facts and binder are kept on the decoded texture entry under the values they are derived from — the
sampler state's fields (D3D11_SAMPLER_DESC: Filter, AddressU/V/W, MipLODBias, MaxAnisotropy, ComparisonFunc,
BorderColor, MinLOD, MaxLOD), the op, the view's and the resource's min-LOD clamps (§5.8), the quad flag and the
switches. Changing any of them between runs of one program over the same bindings — a sampler state object or dict
changed in place, SetResourceMinLOD, the texture's contents (a new entry) — must give the reference's result for
the new values, bit for bit; the same values reuse the entry's result."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_native_sampler_2d import _bindings, _diff, _inputs, _shader, _texture
from test_sampler_helpers import BORDER, CLAMP, MIRROR, RGBA8, RGBA32F, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.shader import native

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_plan  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

SRV_2D = 4

# each step: (field, value) of the sampler state changed in place before the next run
STEPS = [("AddressU", WRAP), ("AddressV", BORDER), ("BorderColor", (0.25, 1.0, 0.0, 0.5)), ("Filter", 0x14),
         ("MipLODBias", 1.5), ("MinLOD", 1.0), ("MaxLOD", 0.5), ("Filter", 0x01), ("AddressU", MIRROR),
         ("BorderColor", (1.0, 0.0, 0.75, 0.0))]


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


@pytest.mark.parametrize("as_dict", [False, True])
@pytest.mark.parametrize("fmt", [RGBA32F, RGBA8])
def test_sampler_state_changed_in_place(as_dict, fmt):
    rng = np.random.default_rng(7 + as_dict + fmt)
    st = _texture(fmt, 16, 8, 1, rng, specials=False)
    view = srv(st, fmt, SRV_2D)
    desc = SamplerDesc(Filter=0x15, AddressU=CLAMP, AddressV=CLAMP)
    if as_dict:
        desc = dataclasses.asdict(desc)
    b = _bindings(view, desc)
    regs = _inputs(256, rng, (16, 8))
    for field, value in [(None, None)] + STEPS:
        if field is not None:
            if as_dict:
                desc[field] = value
            else:
                setattr(desc, field, value)
        ref, nat = _diff(_shader("2d"), b, regs)
        np.testing.assert_array_equal(nat, ref, err_msg=f"after {field}={value}")


def test_resource_min_lod_and_contents_changed():
    rng = np.random.default_rng(11)
    st = _texture(RGBA32F, 32, 16, 1, rng, specials=False)
    view = srv(st, RGBA32F, SRV_2D)
    b = _bindings(view, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=MIRROR))
    regs = _inputs(256, rng, (32, 16))
    for res_min in (0.0, 2.0, 1.0, 0.0):
        st.min_lod = res_min  # ID3D11DeviceContext::SetResourceMinLOD
        ref, nat = _diff(_shader("2d"), b, regs)
        np.testing.assert_array_equal(nat, ref, err_msg=f"resource min LOD {res_min}")
    # new contents: a new decoded entry (texture_cache keys on the storage version), its own memo
    st.data[:] = rng.integers(0, 256, st.data.shape, dtype=np.uint8)
    st.touch()
    ref, nat = _diff(_shader("2d"), b, regs)
    np.testing.assert_array_equal(nat, ref)


def test_same_values_reuse_the_entry_result(monkeypatch):
    """Runs with unchanged values take the memoised facts (no new support computation); one field changed
    computes them once more."""
    rng = np.random.default_rng(3)
    st = _texture(RGBA32F, 16, 16, 1, rng, specials=False)
    desc = SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP)
    b = _bindings(srv(st, RGBA32F, SRV_2D), desc)
    calls = []
    real = sampler_plan._sample_support_tex
    monkeypatch.setattr(sampler_plan, "_sample_support_tex", lambda *a: (calls.append(1), real(*a))[1])
    regs = _inputs(64, rng, (16, 16))
    _diff(_shader("2d"), b, regs)
    first = len(calls)
    assert first == 5  # the shader's five sample ops
    _diff(_shader("2d"), b, regs)
    assert len(calls) == first
    desc.AddressV = CLAMP
    _diff(_shader("2d"), b, regs)
    assert len(calls) == 2 * first
    tex = texture_cache.texture_data(b.srvs[0])
    assert tex.support is not None and len(tex.support) == 2 * first
