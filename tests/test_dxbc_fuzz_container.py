"""Fuzz: mutated and truncated corpus blobs are either accepted or rejected with InvalidArgError."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.checksum import dxbc_checksum
from pyd3d11.shader.dxbc.container import parse_container

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

N_CASES = 10_000


def test_fuzz_parse_container_and_chunks():
    root = conformance_path("dxbc-corpus", "slimshader")
    # small blobs keep the checksum cost low; the header/offset logic is the same for all
    blobs = sorted((f.read_bytes() for f in root.rglob("*.o")), key=len)[:40]
    rng = np.random.default_rng(1234)
    accepted = rejected = 0
    for i in range(N_CASES):
        src = np.frombuffer(blobs[i % len(blobs)], dtype=np.uint8).copy()
        mode = i % 4
        if mode == 0:  # truncate
            data = src[: int(rng.integers(0, len(src)))]
        elif mode == 1:  # random byte flips in the header / offset table
            pos = rng.integers(0, min(len(src), 64), size=int(rng.integers(1, 4)))
            src[pos] = rng.integers(0, 256, size=len(pos), dtype=np.uint8)
            data = src
        elif mode == 2:  # flips anywhere, then fix the checksum so chunk parsers are exercised
            pos = rng.integers(20, len(src), size=int(rng.integers(1, 8)))
            src[pos] = rng.integers(0, 256, size=len(pos), dtype=np.uint8)
            src[4:20] = np.frombuffer(dxbc_checksum(src.tobytes()), dtype=np.uint8)
            data = src
        else:  # random junk with a DXBC-looking header
            data = np.concatenate([src[:32], rng.integers(0, 256, size=int(rng.integers(0, 200)), dtype=np.uint8)])
        blob = data.tobytes()
        try:
            c = parse_container(blob, verify_checksum=mode != 2 or bool(i % 8))
            # decoded chunk views must also fail cleanly
            c.rdef, c.input_signature, c.output_signature, c.patch_constant_signature, c.stats  # noqa: B018
            _ = c.feature_flags
            accepted += 1
        except InvalidArgError:
            rejected += 1
    assert accepted + rejected == N_CASES
    assert accepted > 100 and rejected > 1000
