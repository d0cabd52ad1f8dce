"""Language-construct cases for issue 15's docs-driven hunt (tests/test_hlsl_docs_language_*.py): each case is a
compute-shader body run one thread per parameter row through ``hlsl_docs_objects_kit.run_threads`` (the row is the
run-time ``int4 q``, so the compiler cannot fold it), and the expected ``uint4 r`` is written from the Microsoft
page's rule in Python — never from the compiler's output."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from hlsl_docs_objects_kit import device, run_threads

from pyd3d11.errors import ShaderCompileError


@dataclass(frozen=True)
class Case:
    """``body`` assigns ``uint4 r`` from ``int4 q``; ``expect[i]``: four values per row of ``params`` (a Python
    int is taken modulo 2**32, a float is stored as its float32 bits)."""

    name: str
    body: str
    params: list
    expect: list
    decls: str = ""
    runtime_only: str = field(default="", compare=False)  # why a literal form is not a valid program
    #: the literal form's own expectation where fxc's answer differs from the run time's (a -0 or denormal float
    #: constant held in a variable is carried as +0 by fxc's optimiser; d3dcompiler_47 10.1 under Wine, session 37)
    folded_expect: list | None = field(default=None, compare=False)


def f32(x: float) -> int:
    """The raw bits of ``x`` rounded to float32."""
    return int(np.array([x], np.float32).view(np.uint32)[0])


def to_words(values) -> np.ndarray:
    return np.array([[f32(v) if isinstance(v, float) else v & 0xFFFFFFFF for v in row] for row in values],
                    np.uint32)


def folded_body(case: Case) -> str:
    """The case's body with each row's ``q`` written as a literal (a ``const int4`` shadowing the run-time one in
    a branch per thread), so the compiler's constant folder computes what it can."""
    out = []
    for i, row in enumerate(case.params):
        signed = np.array(row, np.int64).astype(np.uint32).view(np.int32)
        lit = ", ".join(f"({int(v)})" if v != -2**31 else "(-2147483647 - 1)" for v in signed)
        out.append(f"  {'else ' if i else ''}if (_i == {i}u) {{\n  const int4 q = int4({lit});\n{case.body}\n  }}")
    return "\n".join(out)


def run_case(case: Case, fold: bool = False) -> None:
    """Run ``case`` with run-time parameters, or (``fold``) with literal ones."""
    dev, ctx = device()
    body = folded_body(case) if fold else case.body
    params = np.array(case.params, np.int64).astype(np.uint32).view(np.int32)
    if fold and case.runtime_only:
        # the literal form is no valid program (``runtime_only`` says why): its compile is refused, which is
        # asserted, not skipped (issue 19 item 5)
        with pytest.raises(ShaderCompileError):
            run_threads(dev, ctx, case.decls, body, params)
        return
    got = run_threads(dev, ctx, case.decls, body, params)
    want = case.folded_expect if fold and case.folded_expect is not None else case.expect
    np.testing.assert_array_equal(got, to_words(want), err_msg=case.name)
