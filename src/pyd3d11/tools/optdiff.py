"""Optimiser differential check: compile an HLSL entry point with and without the compiler's optimiser
(shader/hlsl/optimize.py) and run both programs on the same random inputs, constant buffers and texel
values; every output bit must agree (each optimisation keeps the bits each instruction computes).

    python -m pyd3d11.tools.optdiff FILE.hlsl ENTRY TARGET [-D NAME=VALUE ...] [--lanes N] [--seed S]

Vertex and pixel shaders (the stages the reference executor runs alone). Texture reads return a hash of
their coordinates, so a wrong coordinate shows in the output. Prints ``same`` or the first differing
output register and exits 1."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ..pipeline.bindings import Bindings
from ..shader import ir
from ..shader.blob import blob_bytes
from ..shader.dxbc.container import parse_container
from ..shader.dxbc.decoder import decode_program
from ..shader.exec import run_program
from ..shader.hlsl import optimize


class HashSampler:
    """Texels from a hash of the source operand bits (deterministic, coordinate-sensitive)."""

    def sample(self, st, inst, srcs: list[np.ndarray]) -> np.ndarray:
        h = np.full(srcs[0].shape[1], 0x9E3779B9, np.uint32)
        for s in srcs:
            for c in range(s.shape[0]):
                h = (h ^ s[c]) * np.uint32(0x85EBCA6B)
                h ^= h >> np.uint32(13)
        out = np.empty((4, h.size), np.uint32)
        for c in range(4):
            v = (h * np.uint32(2 * c + 1)) >> np.uint32(9)
            out[c] = (v.astype(np.float32) / np.float32(1 << 23)).view(np.uint32)
        return out

    def evaluate(self, st, inst, srcs):  # eval_* : not modelled
        raise NotImplementedError


def compile_both(source: bytes, name: str, entry: str, target: str, defines: dict | None,
                 include=None) -> tuple[bytes, bytes]:
    from ..shader.compile_api import D3DCompile

    saved = optimize.ENABLED
    try:
        optimize.ENABLED = True
        on = bytes(blob_bytes(D3DCompile(source, None, name, defines, include, entry, target)))
        optimize.ENABLED = False
        off = bytes(blob_bytes(D3DCompile(source, None, name, defines, include, entry, target)))
    finally:
        optimize.ENABLED = saved
    return on, off


def _program(blob: bytes) -> ir.Program:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return decode_program(chunk.data)


def _random_words(rng: np.random.Generator, n: int) -> np.ndarray:
    """Half small integers (loop bounds, indices), half floats in [-2, 2)."""
    ints = rng.integers(0, 4, n).astype(np.uint32)
    floats = (rng.random(n, np.float32) * 4 - 2).astype(np.float32).view(np.uint32)
    return np.where(rng.random(n) < 0.5, ints, floats).astype(np.uint32)


def run_same_inputs(on: bytes, off: bytes, lanes: int = 16, seed: int = 0) -> str | None:
    """None when both programs produce the same output bits, else a description of the first difference."""
    pa, pb = _program(on), _program(off)
    rng = np.random.default_rng(seed)
    inputs = _random_words(rng, 32 * lanes * 4).reshape(32, lanes, 4)
    b = Bindings()
    for slot in range(14):
        b.set_cbuffer(slot, _random_words(rng, 4096 * 4))
    ra = run_program(pa, lanes, inputs=inputs, bindings=b, hooks=HashSampler())
    rb = run_program(pb, lanes, inputs=inputs, bindings=b, hooks=HashSampler())
    n = min(ra.outputs.shape[0], rb.outputs.shape[0])
    for r in range(n):
        if not np.array_equal(ra.outputs[r], rb.outputs[r]):
            lane = int(np.argwhere((ra.outputs[r] != rb.outputs[r]).any(axis=1))[0][0])
            return (f"o{r} lane {lane}: optimised {ra.outputs[r][lane].view(np.float32)} "
                    f"unoptimised {rb.outputs[r][lane].view(np.float32)}")
    if not np.array_equal(ra.discarded, rb.discarded):
        return "discard differs"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.optdiff")
    ap.add_argument("file")
    ap.add_argument("entry")
    ap.add_argument("target")
    ap.add_argument("-D", action="append", default=[])
    ap.add_argument("--lanes", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    defines = dict(d.split("=", 1) if "=" in d else (d, "1") for d in a.D)
    path = Path(a.file)

    class _Folder:
        def Open(self, IncludeType, pFileName, pParentData):  # noqa: N802,N803
            files = {p.name.lower(): p for p in path.parent.iterdir()}
            return files[Path(pFileName).name.lower()].read_text(errors="replace")

        def Close(self, pData):  # noqa: N802,N803
            pass

    on, off = compile_both(path.read_bytes(), path.name, a.entry, a.target, defines or None, _Folder())
    diff = run_same_inputs(on, off, a.lanes, a.seed)
    print(diff or "same")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
