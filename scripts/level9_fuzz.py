"""Random level-9 compiles (issue 16 point 2): every shader of tests/test_level9_ints_loops.py's generator, plus
the pieces that reach computed shifts, ternaries over ints and floats, loop-carried values and helper
functions, compiled for vs/ps_4_0_level_9_1 and _9_3 and run through both programs (the SM4 executor and the
test-side SM2 interpreter). Prints the outcome counts and every E_NOTIMPL / disagreement message.

Usage: PYTHONPATH=src python scripts/level9_fuzz.py [--count N] [--seed S] [--extended] [--math]
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

import numpy as np  # noqa: E402
from test_level9_ints_loops import random_level9_shader, random_outcome  # noqa: E402

from pyd3d11.errors import NotSupportedError  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--extended", action="store_true", help="the generator's kind-mixing / shift / call pieces")
    ap.add_argument("--math", action="store_true", help="the session-8 pieces: signed division, tan, tanh, isinf")
    args = ap.parse_args()
    counts: collections.Counter = collections.Counter()
    notes: collections.Counter = collections.Counter()
    for k in range(args.count):
        stage = "ps" if k % 2 == 0 else "vs"
        rng = np.random.default_rng(args.seed * 1_000_003 + k)
        src = random_level9_shader(rng, stage, extended=args.extended, math=args.math)
        for lv in (1, 3):
            target = f"{stage}_4_0_level_9_{lv}"
            try:
                out = random_outcome(src, target, k)
            except NotSupportedError as e:  # not raised: random_outcome maps it
                out = f"not built: {e}"
            except AssertionError as e:
                out = "disagree"
                notes[f"disagree {target}: {str(e)[:200]}"] += 1
                print(src, file=sys.stderr)
            counts[out.split(":")[0]] += 1
            if out.startswith("not built"):
                notes[out] += 1
    total = sum(counts.values())
    print(f"{total} compiles: " + ", ".join(f"{v} {k}" for k, v in counts.most_common()))
    for msg, v in notes.most_common():
        print(f"  {v:5d}  {msg}")


if __name__ == "__main__":
    main()
