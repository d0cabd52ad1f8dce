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
