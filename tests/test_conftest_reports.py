"""tests/conftest.py's one-line report of an expected failure (``_xfail_aware_repr``): an xfailed row's report is
its exception in one line; every other failure keeps pytest's long form."""

from __future__ import annotations

import pytest
from conftest import _xfail_aware_repr

pytestmark = pytest.mark.backend_independent


class _Item:
    def __init__(self, mark) -> None:  # noqa: ANN001
        self.mark = mark

    def get_closest_marker(self, name: str):  # noqa: ANN201
        return self.mark if name == "xfail" else None

    def repr_failure(self, excinfo) -> str:  # noqa: ANN001
        return "LONG FORM"


def _boom():
    with pytest.raises(ValueError) as info:
        raise ValueError("boom")
    return info


def test_an_expected_failure_is_one_line_naming_the_exception():
    got = _xfail_aware_repr(_Item(pytest.mark.xfail(strict=True, reason="r").mark))(_boom())
    assert got.endswith(": ValueError: boom") and "\n" not in got and "test_conftest_reports.py:" in got


def test_a_failure_without_a_mark_keeps_the_long_form():
    assert _xfail_aware_repr(_Item(None))(_boom()) == "LONG FORM"


def test_a_failure_the_mark_does_not_expect_keeps_the_long_form():
    assert _xfail_aware_repr(_Item(pytest.mark.xfail(raises=KeyError).mark))(_boom()) == "LONG FORM"
    assert _xfail_aware_repr(_Item(pytest.mark.xfail(raises=ValueError).mark))(_boom()) != "LONG FORM"


def test_a_run_time_xfail_is_one_line():
    with pytest.raises(pytest.xfail.Exception) as info:
        pytest.xfail("not built")
    assert _xfail_aware_repr(_Item(None))(info) != "LONG FORM"
