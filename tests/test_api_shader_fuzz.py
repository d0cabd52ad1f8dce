"""Fuzz: mutated and truncated shader blobs fed to Create*Shader are accepted or raise D3D11Error —
never another exception, never a hang (issue: DXBC robustness)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.api import D3D11CreateDevice
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.checksum import dxbc_checksum

# shader creation only: nothing runs a shader (checked by conftest)
pytestmark = pytest.mark.backend_independent

N_CASES = 10_000
FL_11_0 = 0xB000


def test_fuzz_create_shader():
    root = conformance_path("dxbc-corpus", "slimshader")
    blobs = sorted((f.read_bytes() for f in root.rglob("*.o")), key=len)[:60]
    device, _, _ = D3D11CreateDevice(None, 1, None, 0, [FL_11_0], 1, 7)
    creators = [device.CreateVertexShader, device.CreatePixelShader, device.CreateGeometryShader,
                device.CreateHullShader, device.CreateDomainShader, device.CreateComputeShader]
    rng = np.random.default_rng(2026)
    accepted = rejected = 0
    for i in range(N_CASES):
        src = np.frombuffer(blobs[i % len(blobs)], dtype=np.uint8).copy()
        if i % 5 == 0:
            data = src[: int(rng.integers(0, len(src)))]
        else:
            # Mutate the program and chunk bytes, then repair the checksum so the parsers behind it run.
            pos = rng.integers(32, len(src), size=int(rng.integers(1, 6)))
            src[pos] = rng.integers(0, 256, size=len(pos), dtype=np.uint8)
            src[4:20] = np.frombuffer(dxbc_checksum(src.tobytes()), dtype=np.uint8)
            data = src
        blob = data.tobytes()
        try:
            creators[i % len(creators)](blob, len(blob), None)
            accepted += 1
        except D3D11Error:
            rejected += 1
    assert accepted + rejected == N_CASES
    assert rejected > 1000 and accepted > 100
