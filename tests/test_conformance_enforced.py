"""The shader-test corpus results are enforced, item by item, against the stored record
(``tests/data/shader_tests_expected.json``, see ``pyd3d11.tools.conformance_expect``): a block, compile or
preprocessor expectation whose outcome differs from the record fails — a regression, or an improvement
the commit did not record. The ``[test]`` blocks run on each shader backend; the compile and preprocessor
expectations, which execute nothing, run once (the conftest's ``backend_independent`` check holds them to it)."""

from __future__ import annotations

import pytest
from conftest import conformance_path

from pyd3d11.tools import conformance_expect as CE

_RECORD = CE.load_record()


def test_record_covers_the_whole_corpus():
    root = conformance_path("shader-tests")
    assert CE.corpus_files(root) == sorted(_RECORD)


def test_record_totals_are_the_documented_figures():
    """The record is not empty and holds every kind of item (guards against a record written by a broken run)."""
    t = CE.totals(_RECORD)
    assert t.get("sm4 passed", 0) > 500 and t.get("sm5 passed", 0) > 500
    assert t.get("compile 4.0 agree", 0) > 800 and t.get("compile 5.0 agree", 0) > 1000
    assert all(t.get(f"compile {m} agree", 0) > 600 for m in ("2.0", "3.0", "4.1", "5.1"))
    assert t.get("preproc agree", 0) > 0


def _check(rel: str, part: str) -> None:
    root = conformance_path("shader-tests")
    got = CE.run_one(rel, root, part)
    changed = CE.diff(CE.part_of(_RECORD[rel], part), got)
    assert not changed, "outcomes differ from tests/data/shader_tests_expected.json (run python -m " \
        "pyd3d11.tools.conformance_expect --update if this is an improvement):\n" + "\n".join(changed)


@pytest.mark.parametrize("rel", sorted(_RECORD))
def test_shader_test_file_blocks_match_record(rel):
    """The ``[test]`` blocks: they execute shaders, so this runs on each backend."""
    _check(rel, "blocks")


@pytest.mark.backend_independent
@pytest.mark.parametrize("rel", sorted(_RECORD))
def test_shader_test_file_compile_expectations_match_record(rel):
    """The compile and preprocessor expectations: compiling executes nothing, so this runs once."""
    _check(rel, "checks")


def test_the_parts_cover_each_record_item_once():
    for items in _RECORD.values():
        blocks, checks = CE.part_of(items, "blocks"), CE.part_of(items, "checks")
        assert blocks.keys() | checks.keys() == items.keys()
        assert blocks.keys() & checks.keys() <= {"error"}
