"""Fuzz: mutated / truncated corpus programs into decode_program never raise anything but InvalidArgError
and never hang (spec-facts §2.6 layouts; DESIGN §4 bad input)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path
from test_dxbc_program import read_chunks

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.encoder import encode_program

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

N_CASES = 12000


def _seeds() -> list[np.ndarray]:
    root = conformance_path("dxbc-corpus", "slimshader")
    out = []
    for f in sorted(root.rglob("*.o")):
        ch = read_chunks(f.read_bytes())
        code = ch.get("SHEX") or ch["SHDR"]
        w = np.frombuffer(code, dtype="<u4").copy()
        if len(w) <= 600:  # small programs keep the run fast while covering every token form
            out.append(w)
    return out


def test_fuzz_decoder_only_invalidarg():
    seeds = _seeds()
    rng = np.random.default_rng(1234)
    ok = bad = 0
    for case in range(N_CASES):
        w = seeds[case % len(seeds)].copy()
        kind = case % 4
        if kind == 0:  # flip random bits
            for _ in range(int(rng.integers(1, 4))):
                i = int(rng.integers(0, len(w)))
                w[i] ^= np.uint32(1 << int(rng.integers(0, 32)))
        elif kind == 1:  # truncate (keeping the header's length claim)
            w = w[: int(rng.integers(0, len(w)))]
        elif kind == 2:  # random dword replacement
            i = int(rng.integers(0, len(w)))
            w[i] = np.uint32(rng.integers(0, 2**32))
        else:  # truncate and fix up the length so the instruction stream itself is cut
            n = int(rng.integers(2, len(w) + 1))
            w = w[:n].copy()
            w[1] = n
        data = w.tobytes()
        try:
            prog = decode_program(data)
        except InvalidArgError:
            bad += 1
            continue
        ok += 1
        # whatever decodes must re-encode and decode again to the same IR
        again = decode_program(encode_program(prog))
        assert again == prog
    assert ok > 100 and bad > 100
