"""DXGI format numbers are named where product code compares with them (issue 19 item 4, one definition of each
rule: the number of a format is defined once, by dxgiformat.h's enum in ``pyd3d11.headers`` and the format table
``formats/table.py``). A comparison such as ``fmt in (40, 20)`` repeats the numbers and hides which formats a rule
means; the scanner below finds comparisons between a format-named value and integer literals."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.backend_independent

SRC = Path(__file__).resolve().parents[1] / "src" / "pyd3d11"
#: names that hold a DXGI_FORMAT value in the product code (``fmt``, ``src_fmt``, ``view.format``, ``desc.Format``)
_FORMAT_NAME = re.compile(r"(^|_)(fmt|fmts|format|formats)$", re.IGNORECASE)
#: the modules that define the numbers: the header enums and the format table
_DEFINITIONS = ("headers", "formats/table.py")


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _int_literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and bool(node.elts) and all(
        isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts)


def format_literals(tree: ast.AST) -> list[int]:
    """Line numbers of comparisons between a format-named value and integer literals."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_FORMAT_NAME.search(_name(s) or "") for s in sides) and any(_int_literal(s) for s in sides):
                lines.append(node.lineno)
    return lines


def test_product_code_compares_formats_by_name():
    bad = []
    for p in sorted(SRC.rglob("*.py")):
        rel = p.relative_to(SRC).as_posix()
        if rel.startswith(_DEFINITIONS):
            continue
        bad += [f"{rel}:{n}" for n in format_literals(ast.parse(p.read_text()))]
    assert bad == []


def test_the_scanner_sees_what_it_guards():
    # each form the product code had (session 33's audit found 17 such comparisons) is reported, a named one not
    for src in ("fmt in (40, 20)", "view.format == 0", "70 <= fmt <= 84", "desc.Format != 98", "src_fmt in [68, 69]"):
        assert format_literals(ast.parse(src)) == [1], src
    for src in ("fmt in (DXGI_FORMAT.DXGI_FORMAT_D32_FLOAT, D32_FLOAT_S8X24_UINT)", "fmt == C.FMT_UNKNOWN",
                "count == 4", "len(formats) > 2"):
        assert format_literals(ast.parse(src)) == [], src
