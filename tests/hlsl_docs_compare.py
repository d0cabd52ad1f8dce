"""Comparison of executed HLSL results with numpy evaluations of the Microsoft pages' definitions
(tests/test_hlsl_docs_*.py): exact bits where DXBC is exact, a relative or absolute bound otherwise."""

from __future__ import annotations

import numpy as np
from hlsl_docs_kit import fold_expr, parse_type, raw_of, run_expr, value_of


def assert_matches(got_raw: np.ndarray, expect, result: str, tol: tuple[str, float] | None = None,
                   what: str = "") -> None:
    """``expect``: (N, comps) values. ``tol``: None for exact (bits; NaN equals any NaN; float -0 == +0 only when
    the tolerance is given), ("rel", r) or ("abs", a) for floats."""
    base = parse_type(result)[0]
    got = value_of(result, got_raw)
    exp = np.asarray(expect).reshape(got.shape)
    if base in ("float", "half", "double"):
        dt = np.float64 if base == "double" else np.float32
        exp = exp.astype(dt)
        g, e = got.astype(np.float64), exp.astype(np.float64)
        nan_ok = np.isnan(g) == np.isnan(e)
        if tol is None:
            same = (got.view(np.uint64 if base == "double" else np.uint32) ==
                    exp.view(np.uint64 if base == "double" else np.uint32)) | (np.isnan(g) & np.isnan(e))
        else:
            kind, t = tol
            with np.errstate(all="ignore"):
                err = np.abs(g - e)
                bound = t * np.maximum(np.abs(e), 1e-30) if kind == "rel" else np.full_like(e, t)
                same = (err <= bound) | (g == e) | (np.isnan(g) & np.isnan(e))
        bad = ~(same & nan_ok)
    else:
        bad = got != exp.astype(got.dtype)
    if bad.any():
        rows = np.nonzero(bad.any(axis=1))[0][:6]
        lines = [f"  case {r}: got {got[r].tolist()} expected {exp[r].tolist()}" for r in rows]
        raise AssertionError(f"{what}: {int(bad.any(axis=1).sum())} of {len(got)} cases differ\n" + "\n".join(lines))


def check_expr(expr: str, arg_types: list[str], result: str, values: list, expect, tol=None, fold: bool = True,
               profile: str = "vs_5_0", prelude: str = "", fold_expect=None) -> None:
    """Run ``expr`` over ``values`` (per argument, (N, comps) numbers) at run time and, when ``fold``, with literal
    arguments; both must match ``expect`` ((N, comps) values), the literal form as fxc carries it (:func:`carried`),
    or ``fold_expect`` where a test states it (an argument fxc carries as +0 changes a bit-exact result)."""
    raws = [raw_of(t, v) for t, v in zip(arg_types, values, strict=True)]
    got = run_expr(expr, arg_types, result, raws, profile, prelude)
    assert_matches(got, expect, result, tol, f"{expr} over {arg_types} (run time, {profile})")
    if fold:
        got = fold_expr(expr, arg_types, result, raws, profile, prelude)
        assert_matches(got, carried(expect if fold_expect is None else fold_expect, result), result, tol,
                       f"{expr} over {arg_types} (literal arguments, {profile})")


def carried(expect, result: str):
    """``expect`` as fxc's optimiser leaves a folded float constant held in a variable (the kit's ``_r``): -0 and
    values below the normal range are +0. Recorded from d3dcompiler_47 10.1 under Wine in session 37: this kit's
    literal-argument programs compiled by the DLL (``ceil(-0.5)``, ``transpose`` of a -0 element, ``(float)-0.0L``)
    give +0 where the page's definition gives -0; run-time arguments keep the sign (tests/test_hlsl_fxc_zero_bits_s37.py).
    A double's -0 likewise (``split(-0.0L)`` through a double parameter gives the words of +0), not its
    denormals; integers are unchanged.
    A float argument that is -0 or below the normal range is spelled
    ``asfloat(<bits>u)``, which fxc carries as +0 too: :func:`carried_bits` gives such arguments' bits."""
    base = parse_type(result)[0]
    if base == "double":
        e = np.array(expect, np.float64)
        flat = e.reshape(-1).view(np.uint64)
        flat[flat == 0x8000000000000000] = 0  # a double's denormals keep their bits
        return e
    if base not in ("float", "half"):
        return expect
    e = np.array(expect, np.float32)
    flat = e.reshape(-1).view(np.uint32)
    flat[(flat & 0x7F800000) == 0] = 0
    return e


def carried_bits(raw) -> np.ndarray:
    """32-bit float words as fxc carries a constant (:func:`carried`): -0 and values below the normal range +0."""
    r = np.array(raw, np.int64) & 0xFFFFFFFF
    return np.where((r & 0x7F800000) == 0, 0, r)
