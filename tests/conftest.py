"""Shared fixtures. External conformance data lives in ../shared/conformance (never copied here);
tests that need it skip when it is absent (an end user's clone) and run in CI, where it is present; in CI
(``CI`` set) its absence is a failure, so that no test silently drops out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CONFORMANCE = REPO.parent / "shared" / "conformance"


def conformance_path(*parts: str) -> Path:
    """Path inside the conformance folder; skips the calling test when it is absent."""
    p = CONFORMANCE.joinpath(*parts)
    if not p.exists():
        if os.environ.get("CI"):
            pytest.fail(f"conformance data missing in CI: {p}")
        pytest.skip(f"conformance data not present: {p}")
    return p


@pytest.fixture
def conformance() -> Path:
    return conformance_path()


@pytest.fixture(params=["native", "reference"])
def both_backends(request):
    """Run a test once on each shader backend (pyd3d11.shader.native): modules whose programs are cheap
    to compile use it through ``pytestmark = pytest.mark.usefixtures("both_backends")``."""
    from pyd3d11.shader import native

    if request.param == "native" and not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    native.set_backend(request.param)
    yield request.param
    native.set_backend(None)
