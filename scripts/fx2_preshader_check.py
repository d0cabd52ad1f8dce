"""Differential check of generated PRES preshaders on real effects (docs/conformance.md "Session 32, helper PRE").

Every fx_2_0 effect of the legacy DirectX SDK's Direct3D 9 samples (the git mirror tools/legacy_samples reads) and,
given a directory, of DXDecompiler's ShadersDX9 corpus (tools/d3d9_effects' jobs) is compiled with preshaders and
with D3DXSHADER_NO_PRESHADER; every shader that got a preshader is checked with tests/test_fx2_preshader_gen.py's
pieces: the test-side validator (read ports, texld coordinates, registers read after written) and both shaders run
by the test-side SM2 interpreter on random parameters and inputs (the preshader by that file's D3DX9-runtime
evaluator), outputs compared to 1e-3. Prints one line per difference, invalid program or skipped shader (an
instruction the interpreter does not model) and the counts.

Usage: PYTHONPATH=src python scripts/fx2_preshader_check.py [--dxdecompiler DIR]
"""

from __future__ import annotations

import argparse
import collections
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

import numpy as np  # noqa: E402
import test_fx2_preshader_gen as T  # noqa: E402
from sm2_interp import validate  # noqa: E402

from pyd3d11.effects.fx2binary import read_fx2  # noqa: E402
from pyd3d11.shader.compile_api import D3DCompile  # noqa: E402
from pyd3d11.shader.sm2.ctab import RegisterSet  # noqa: E402
from pyd3d11.shader.sm2.program import decode_program  # noqa: E402
from pyd3d11.tools.d3d9_effects import _shader_slots  # noqa: E402


def _legacy():
    """(name, compile(flags) -> effect bytes) of every legacy D3D9 sample job without /Op."""
    from pyd3d11.tools import legacy_samples as ls
    from pyd3d11.tools.real_corpora import MIRROR, GitInclude, GitTree

    tree = GitTree(MIRROR / ls.REPO / "repo")
    if not tree.exists():
        return
    for job in ls.d3d9_jobs(tree):
        if job.flags & 0x100:
            continue
        src = tree.read(job.path)
        inc = GitInclude(tree, job.path, ())
        yield job.name(), lambda f, src=src, job=job, inc=inc: D3DCompile(
            src, len(src), job.path, list(job.defines), inc, None, "fx_2_0", job.flags | f, 0)


def _dxdecompiler(root: str):
    from pyd3d11.tools import d3d9_effects as de
    from pyd3d11.tools.d3d9_corpus import _find, _Include

    for folder, file, out, *flags in de.jobs(root):
        path = _find(root, folder, file)
        if path is None:
            continue
        with open(path, "rb") as fh:
            src = fh.read()
        defines = [tuple((x[2:].split("=", 1) + ["1"])[:2]) for x in flags if x.startswith("/D")] or None
        base = 0x1000 if "/Gec" in flags else 0
        yield out, lambda f, src=src, path=path, defines=defines, base=base: D3DCompile(
            src, len(src), path, defines, _Include(os.path.dirname(path)), None, "fx_2_0", base | f, 0)


def check(jobs, tally: collections.Counter) -> None:
    for name, compile_ in jobs:
        try:
            with_pres, without = (read_fx2(bytes(compile_(f))) for f in (0, 0x100))
        except Exception:  # noqa: BLE001 -- effects that do not compile are tools/legacy_samples' business
            tally["effects not compiled"] += 1
            continue
        others = _shader_slots(without)
        for key, a in _shader_slots(with_pres).items():
            tally["shaders"] += 1
            if T._pres_blocks(a) is None:
                continue
            tally["with a preshader"] += 1
            b = others[key]
            ints = {c.register_index for c in T._shader_ctab(a).constants if c.register_set == RegisterSet.INT4}
            errs = validate(decode_program(a), ints)
            if errs and not validate(decode_program(b), ints):
                tally["invalid"] += 1
                print("INVALID", name, key, errs[:3])
            names = T._names_types(a, b)
            try:
                for seed in (1, 2):
                    rng = np.random.default_rng(100 + seed)
                    inputs = {r: rng.uniform(-1, 1, (8, 4)).astype(np.float32) for r in T._input_registers(b)}
                    values = {k: v * np.float32(0.5) for k, v in T._values(names, seed).items()}
                    got, want = T.execute(a, values, inputs, 8), T.execute(b, values, inputs, 8)
                    assert got.keys() == want.keys()
                    for k in want:
                        np.testing.assert_allclose(got[k], want[k], rtol=1e-3, atol=1e-3, equal_nan=True)
                tally["same outputs"] += 1
            except AssertionError as e:
                if "does not model" in str(e):
                    tally["skipped (not modelled)"] += 1
                    print("SKIP", name, key, str(e).splitlines()[0][:120])
                else:
                    tally["different outputs"] += 1
                    print("DIFFER", name, key, str(e)[:300])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dxdecompiler", help="a checkout's src/DXDecompiler.Tests/ShadersDX9 (7b48f44^)")
    args = ap.parse_args()
    for label, jobs in (("legacy D3D9 samples", _legacy()),
                        ("DXDecompiler ShadersDX9", _dxdecompiler(args.dxdecompiler) if args.dxdecompiler else [])):
        tally: collections.Counter = collections.Counter()
        check(jobs, tally)
        print(label + ":", ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))


if __name__ == "__main__":
    main()
