"""Shared by the run-time value tables (tests/test_rules_hlsl_values_s43 ... s47): rows of (text before the entry
point, body of a cs_5_0 entry storing ``u[0]``, flags, d3dcompiler_47 10.1's stored word), run in programs of up to
:data:`CHUNK` bodies on the reference executor (tools/optdiff); NaN = NaN."""

from __future__ import annotations

from collections.abc import Callable, Collection

import numpy as np

from pyd3d11.tools import optdiff
from pyd3d11.tools.fxc_oracle import _reference_backend

Row = tuple[str, str, int, int]
CHUNK = 48  # stores per program (the executor's structured buffer holds 48 elements)


def nan_word(w: int) -> bool:
    return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)


def words_agree(a: int, b: int) -> bool:
    return a == b or (nan_word(a) and nan_word(b))


def store_source(bodies: list[str], pre: str = "", elem: str = "float") -> str:
    """One cs_5_0 program running ``bodies`` in order, the k-th storing into ``u[k]`` instead of ``u[0]``."""
    blocks = "\n".join("    { " + b.replace("u[0]", f"u[{i}]") + " }" for i, b in enumerate(bodies))
    return f"RWStructuredBuffer<{elem}> u : register(u0);\n{pre}\n[numthreads(1, 1, 1)] void main()\n{{\n{blocks}\n}}\n"


def stored_words(blob: bytes, n: int, cbuffer_seed: int = 0) -> list[int]:
    """The first ``n`` words the program ``blob`` stores, run once on the reference executor (optdiff's cbuffer
    words of ``cbuffer_seed``)."""
    with _reference_backend():
        res = optdiff._run_all([blob], 4, cbuffer_seed, 1, False)[0]
    return [int(w) for w in np.asarray(res["UAV#0 word"]).ravel().view(np.uint32)[:n]]


def row_groups(rows: list[Row], alone: Callable[[Row], bool] = lambda r: False) -> list[list[Row]]:
    """The rows in programs of up to CHUNK stores, one text before the entry point and one flag set each; a row
    ``alone`` picks (a body that writes another element than ``u[0]``) in a program of its own."""
    out: list[list[Row]] = []
    for key in sorted({(p, f) for p, _, f, _ in rows}):
        same = [r for r in rows if (r[0], r[2]) == key]
        single = [r for r in same if alone(r)]
        same = [r for r in same if not alone(r)]
        out += [same[i:i + CHUNK] for i in range(0, len(same), CHUNK)] + [[r] for r in single]
    return out


def group_mismatches(rows: list[Row], name: str, cb: str = "", cbuffer_seed: int = 0,
                     not_built: Collection[tuple[str, str]] = ()) -> tuple[list, list]:
    """Compile one group (:func:`row_groups`) with this compiler and run it: (the rows whose word is not fxc's,
    the ``not_built`` (pre, body) rows that now agree)."""
    pre, flags = rows[0][0], rows[0][2]
    src = store_source([b for _, b, _, _ in rows], pre + cb)
    blob = optdiff._compile(src.encode(), name, "main", "cs_5_0", None, None, flags, True)
    got = stored_words(blob, len(rows), cbuffer_seed)
    bad = [(p, b, f, f"{g:08x}", f"{w:08x}") for (p, b, f, w), g in zip(rows, got, strict=True)
           if not words_agree(g, w) and (p, b) not in not_built]
    met = [b for (p, b, _, w), g in zip(rows, got, strict=True) if words_agree(g, w) and (p, b) in not_built]
    return bad, met
