"""``PYD3D11_NATIVE_NO_AVX512=1``: an AVX-512 host generates code as an AVX2 host does (bench A/B against
llvmpipe's 256-bit vectors; runtime.NO_AVX512). The feature string loses every ``+avx512*`` flag and nothing else,
so the target machine, the lane widths (runtime.register_lanes) and the disk cache's key all see an AVX2 host."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pyd3d11.shader.native import runtime

pytestmark = pytest.mark.backend_independent

HOST = "+sse4.2,+avx,+avx2,+fma,+avx512f,+avx512bw,-avx512fp16,+avx512vl,-amx-tile,+avxvnni"


def test_mask_off_keeps_the_string(monkeypatch):
    monkeypatch.setattr(runtime, "NO_AVX512", False)
    assert runtime._masked_features(HOST) == HOST


def test_mask_turns_off_only_the_avx512_family(monkeypatch):
    monkeypatch.setattr(runtime, "NO_AVX512", True)
    out = runtime._masked_features(HOST).split(",")
    assert out == ["+sse4.2", "+avx", "+avx2", "+fma", "-avx512f", "-avx512bw", "-avx512fp16", "-avx512vl",
                   "-amx-tile", "+avxvnni"]


@pytest.mark.skipif(not runtime.available(), reason="the native backend (llvmlite) is not installed")
def test_process_sees_an_avx2_host():
    code = ("from pyd3d11.shader.native import runtime as rt\n"
            "f = rt.host_features()\n"
            "print(any(x.startswith('+avx512') for x in f), rt.register_lanes())\n")
    env = dict(os.environ, PYD3D11_NATIVE_NO_AVX512="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "8"]
