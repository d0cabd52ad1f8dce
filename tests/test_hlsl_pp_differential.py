"""The preprocessor against an independent implementation of C99 §6.10: GCC's ``cpp``.

Seeds 0..999 of ``tools/pp_diff.py`` (random programs of object- and function-like macros, nested and
recursive expansion, ``#``/``##`` with empty arguments, rescanning, invocations over several lines, comments
and splices in odd places, directives among arguments, ``#if`` arithmetic and ``defined``, nested
conditionals, ``#undef``, ``__LINE__``, ``__FILE__``, ``#line`` with and without a file name, ``#``/``##``
through helper macros, literals that look like comments). Our verdicts (with C99's ``##``: fxc's
differs and is tested in test_hlsl_lang_preprocessor.py) are compared with ``tests/data/pp_cpp_expected.json``,
cpp's verdicts stored once by
``python -m pyd3d11.tools.pp_diff 0 1000 --store tests/data/pp_cpp_expected.json`` (never our output); with
cpp installed, every fifth seed is run through cpp again to confirm the stored verdict is cpp's.
The preprocessor does not depend on the shader backend: the test runs once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyd3d11.tools import pp_diff

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_STORED = json.loads((Path(__file__).parent / "data" / "pp_cpp_expected.json").read_text())
_CHUNK = 100


@pytest.mark.parametrize("first", range(0, 1000, _CHUNK))
def test_matches_cpp(first):
    bad = []
    live = pp_diff.have_cpp()
    for seed in range(first, first + _CHUNK):
        src = pp_diff.generate(seed)
        stored = _STORED["expected"][str(seed)]
        if live and seed % 5 == 0:
            ref = pp_diff.run_cpp(src)
            # the stored expectations are cpp's (a regenerated generator needs --store again)
            assert pp_diff.digest(ref) == stored, f"seed {seed}: stored expectation is not cpp's"
        if stored is None:
            continue  # outside C99's definition (an invalid ## result)
        got = pp_diff.digest(pp_diff.run_ours(src))
        if got != stored:
            bad.append(seed)
    assert not bad, f"disagree with cpp: seeds {bad} (python -m pyd3d11.tools.pp_diff SEED 1 -v)"


def test_generator_covers_the_features():
    """The seed range exercises what the brief lists (a generator change that lost one would go unnoticed)."""
    text = "".join(pp_diff.generate(s) for s in range(0, 1000))
    for needle in ("##", "#p", "#undef", "#elif", "#else", "#ifdef", "#ifndef", "defined", "__LINE__", "#line",
                   "/* c */", "\\\n", "\n#undef OA\n#define OD 7\n", "FC()", "'\\n'", "u", "?", "<<",
                   "# define", "DEF", "__FILE__", "#line 1", "STR(", "CAT("):
        assert needle in text, needle
    skipped = sum(v is None for v in _STORED["expected"].values())
    failing = sum(v == [False] for v in _STORED["expected"].values())
    # most programs are defined and preprocess; a share fails (wrong argument counts, #elif after #else ...)
    assert skipped < 120 and 20 < failing < 400, (skipped, failing)


_IF32 = json.loads((Path(__file__).parent / "data" / "pp_if32_expected.json").read_text())


def test_if_arithmetic_is_32_bit_as_c_computes_it():
    """#if evaluates in 32-bit signed long / unsigned long with C++'s conversions (the HLSL #if page; int is
    long, unsigned int is unsigned long). 1,000 random expressions over constants at the 32-bit edges; the
    expected values are C's own, compiled by gcc with int32_t/uint32_t constants and -fwrapv
    (``pp_diff.store_if``), stored in tests/data/pp_if32_expected.json — never our output."""
    import shutil
    exprs = pp_diff.if_exprs(_IF32["seed"], _IF32["count"])
    values = _IF32["values"]
    if shutil.which("gcc"):
        assert pp_diff.run_gcc_if(exprs[::10]) == values[::10], "the stored values are not gcc's"
    bad = [(e, v) for e, v in zip(exprs, values, strict=True) if pp_diff.run_ours_if(e) != v]
    assert not bad, bad[:3]
    assert sum(v < 0 for v in values) > 30 and sum(v >= 1 << 31 for v in values) > 30  # both edges exercised
    if pp_diff.have_cpp():
        # where cpp's 64-bit intmax_t gives another truth value, the 32 bits hold (C99 would follow cpp)
        wide = pp_diff.run_cpp_if(exprs)
        differ = [i for i in range(len(exprs)) if wide[i] != bool(values[i])]
        assert len(differ) > 20


_VARIADIC = json.loads((Path(__file__).parent / "data" / "pp_cpp_variadic.json").read_text())


def test_variadic_macros_match_cpp():
    """Seeds 0..299 of ``pp_diff.generate_variadic`` (C99 §6.10.3p12: ``...``, ``__VA_ARGS__``, ``#__VA_ARGS__``,
    variable arguments passed on to another variadic macro) against cpp's verdicts, stored by
    ``python -m pyd3d11.tools.pp_diff 0 300 --variadic --store tests/data/pp_cpp_variadic.json``; every fifth seed
    is re-run through cpp when it is installed."""
    bad = []
    live = pp_diff.have_cpp()
    for seed in range(300):
        src = pp_diff.generate_variadic(seed)
        stored = _VARIADIC["expected"][str(seed)]
        if live and seed % 5 == 0:
            assert pp_diff.digest(pp_diff.run_cpp(src)) == stored, f"seed {seed}: stored expectation is not cpp's"
        if pp_diff.digest(pp_diff.run_ours(src)) != stored:
            bad.append(seed)
    assert not bad, f"disagree with cpp: seeds {bad} (python -m pyd3d11.tools.pp_diff SEED 1 --variadic -v)"
    # both outcomes are exercised: programs that expand and programs both sides reject
    assert 150 < sum(v is not None and v[0] for v in _VARIADIC["expected"].values()) < 300
