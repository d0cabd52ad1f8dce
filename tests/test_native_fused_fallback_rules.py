"""The fused lane (pipeline/native/fused.py) with a pixel shader the native backend does not lower: the draw falls
back to the reference visibly (its reason counted as "pixel shader not compiled: ...") and its bytes are the
reference backend's. A subroutine calling itself twice is one such program: the native lowering inlines calls
(session 18) and stops past lower.MAX_INLINED_OPS operations (session 19; until then a 33-deep chain was refused,
now its 33rd call is skipped by both executors); the calls here are conditional on a zero register, so the
reference skips them."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.shader import native  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

# a body calling itself twice (never taken: r1.x is 0): inlining passes lower.MAX_INLINED_OPS (refused with out-of-line
# calls switched off, lower.OUTLINE_CALLS; compiled otherwise since session 21)
PS_CALL = ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\nmov r0.xyzw, l(0,0,0,0)\n"
           "mov r1.xyzw, l(0,0,0,0)\ncall l1\nmul o0.xyzw, r0.wzyx, l(0.5, 0.25, 0.125, 0.25)\nret\n"
           "label l1\nadd r0.xyzw, r0.xyzw, v1.xyzw\ncallc_nz r1.x, l1\ncallc_nz r1.x, l1\nret\n")


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _scene() -> bytes:
    t = texture2d(28, 24, 20)
    bs._fill(t, 3)
    bs._draw(bs._vertices(2, 6), [rtv(t)], PS_CALL, size=(24, 20))
    return bs._bytes(t)


def test_pixel_shader_the_backend_does_not_lower_falls_back_visibly(monkeypatch):
    from pyd3d11.shader.native import lower

    monkeypatch.setattr(lower, "OUTLINE_CALLS", False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = _scene()
        native.set_backend("native")
        before = dict(fused.stats.reasons)
        drawn = fused.stats.fused_draws
        got = _scene()
    grown = {k for k, v in fused.stats.reasons.items() if v > before.get(k, 0)}
    assert any(k.startswith("pixel shader not compiled: ") for k in grown), fused.stats.reasons
    assert fused.stats.fused_draws == drawn
    assert got == ref
