"""Shared by the tests that hold d3dcompiler_47 10.1's recorded answers (session 35; the mutant tables' verdict and
live re-check, session 40)."""

import re

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error as mutant_first_error


def first_error(src: str, target: str, flags: int = 0) -> str:
    """Our compile's first error number ('X####'), '-' for an error without one, 'ok' where it compiles."""
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as e:
        return (re.findall(r"X\d{4}", str(e)) or ["-"])[0]
    return "ok"


def mutant_verdict(src: str, target: str, flags: int, encoding: str = "utf-8", entry: str | None = "main") -> str:
    """The mutant tables' column (tools/shader_test_mutants): our first error number, warnings skipped, or "ok".
    ``encoding``: how the source's characters become the bytes compiled ("latin-1": one byte per character, the
    bytes WineD3DCompiler hands the DLL for a str); ``entry``: None for a library target (NULL)."""
    data = src.encode(encoding)
    try:
        dc.D3DCompile(data, len(data), None, None, None, entry, target, flags, 0)
    except D3D11Error as exc:
        return mutant_first_error(str(exc))
    return "ok"


def _plain(row):
    return tuple(row.values) if hasattr(row, "values") else row


def dll_verdict(result, no_number: str = "-") -> str:
    """A WineD3DCompiler result as the tables record it: "ok", fxc's first error number (warnings skipped), or
    ``no_number`` for an error without one (some tables of sessions 36-40 write "fail" there)."""
    if result.ok:
        return "ok"
    got = mutant_first_error(result.messages)
    return no_number if got == "-" else got


def live_mismatches(rows, no_number: str = "-", verdict=None, name: str | None = None) -> list[str]:
    """The (source, target, flags, expected) rows -- pytest.param rows too -- whose expected verdict is not what
    the DLL answers today (``verdict``: a table's own reading of a result, instead of :func:`dll_verdict`)."""
    real = wine_d3dcompiler.shared()
    bad = []
    for src, target, flags, expected in map(_plain, rows):
        r = real.compile(src, target, "main", flags1=flags, name=name)
        got = verdict(r) if verdict is not None else dll_verdict(r, no_number)
        if got != expected:
            bad.append(f"{target} {src!r}: recorded {expected}, DLL {got}")
    return bad


def check_live_table(rows, no_number: str = "-", verdict=None, name: str | None = None) -> None:
    """Every (source, target, flags, expected) row -- pytest.param rows too -- is what the DLL answers today."""
    bad = live_mismatches(rows, no_number, verdict, name)
    assert not bad, "\n".join(bad)


def named_params(rows, recorded: dict[str, str], known: frozenset[str] | set[str], flags: bool = True) -> list:
    """The pytest params of a table of named programs -- ``rows`` as (name, target, source), ``recorded`` the DLL's
    verdict per name -- with the ``known`` names as strict xfails: (source, target, [0,] expected) per row (``flags``:
    whether the test takes a flags column, 0)."""
    out = []
    for name, target, src in rows:
        marks = [pytest.mark.xfail(strict=True, reason="known difference")] if name in known else []
        values = (src, target, 0) if flags else (src, target)
        out.append(pytest.param(*values, recorded.get(name, "?"), id=name, marks=marks))
    return out


def message_places(messages: str, folder: str | None = None) -> tuple[tuple[str, str, str], ...]:
    """Each message of a blob as (file, line, number) -- the number ``warning X####`` for a warning, ``-`` for
    ``#error``'s numberless one; ``("", "", number)`` for a message printed with no place -- the ``folder`` written
    ``<DIR>``, its separators as Windows writes them (the tables of session 48 record the DLL's so)."""
    if folder:
        messages = messages.replace(wine_d3dcompiler.windows_path(folder), "<DIR>").replace(folder, "<DIR>")
    out = []
    for ln in messages.replace("/", "\\").splitlines():
        m = re.match(r"(.*?)\((\d+),[\d-]+\): (error|warning) (X\d+)", ln)
        if m:
            out.append((m.group(1), m.group(2), ("warning " if m.group(3) == "warning" else "") + m.group(4)))
            continue
        m = re.match(r"(.*?)\((\d+),[\d-]+\): error:", ln)
        if m:
            out.append((m.group(1), m.group(2), "-"))
            continue
        m = re.match(r"(error|warning) (X\d+)", ln)
        if m:
            out.append(("", "", ("warning " if m.group(1) == "warning" else "") + m.group(2)))
        elif ln.startswith("error:"):
            out.append(("", "", "-"))
    return tuple(out)
