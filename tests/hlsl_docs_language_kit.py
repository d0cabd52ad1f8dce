"""Language-construct cases for issue 15's docs-driven hunt (tests/test_hlsl_docs_language_*.py): each case is a
compute-shader body run one thread per parameter row through ``hlsl_docs_objects_kit.run_threads`` (the row is the
run-time ``int4 q``, so the compiler cannot fold it), and the expected ``uint4 r`` is written from the Microsoft
page's rule in Python — never from the compiler's output."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from hlsl_docs_objects_kit import device, run_threads


@dataclass(frozen=True)
class Case:
    """``body`` assigns ``uint4 r`` from ``int4 q``; ``expect[i]``: four values per row of ``params`` (a Python
    int is taken modulo 2**32, a float is stored as its float32 bits)."""

    name: str
    body: str
    params: list
    expect: list
    decls: str = ""
    reason: str = field(default="", compare=False)


def f32(x: float) -> int:
    """The raw bits of ``x`` rounded to float32."""
    return int(np.array([x], np.float32).view(np.uint32)[0])


def to_words(values) -> np.ndarray:
    return np.array([[f32(v) if isinstance(v, float) else v & 0xFFFFFFFF for v in row] for row in values],
                    np.uint32)


def run_case(case: Case) -> None:
    dev, ctx = device()
    got = run_threads(dev, ctx, case.decls, case.body, np.array(case.params, np.int32))
    np.testing.assert_array_equal(got, to_words(case.expect), err_msg=case.name)
