"""fxc's departures from C99 in the preprocessor that are properties of tokens and definitions (preprocessor.py
applies them in fxc's mode): the gap that keeps a macro name uninvoked, the argument list split after replacement,
the identical redefinition, the name an #if identifier keeps. Each was recorded from d3dcompiler_47.dll 10.1 under
Wine (session 35; tests/test_rules_hlsl_fxc_preprocess*.py).
"""

from __future__ import annotations

from typing import Protocol


class _Definition(Protocol):
    params: list[str] | None
    body: list[str]


class Gap(str):
    """White space that held a comment or a new-line: fxc invokes a function-like macro only when its ``(`` follows
    the name on the same line with nothing but blanks between (d3dcompiler_47 10.1, session 35: ``F /**/ (1)``,
    ``F`` then ``(1)`` on the next line, even through a line splice, leave ``F`` as it is; inside a macro's
    arguments ``F/**/(1)`` is still invoked). It equals ``" "`` everywhere else."""


GAP = Gap(" ")
#: what fxc's mode writes for a comment before tokenizing (a blank that remembers it was a comment)
COMMENT_MARK = "\x01"


class IdentifierZero(str):
    """The 0 an identifier left in an #if expression stands for (C99 §6.10.1p4); ``ident`` keeps its name, which
    fxc's syntax errors name ("unexpected token 'x'", d3dcompiler_47 10.1)."""

    ident: str


def identifier_zero(name: str) -> str:
    zero = IdentifierZero("0")
    zero.ident = str(name)
    return zero


def same_definition(old: _Definition, params: list[str] | None, body: list[str]) -> bool:
    """fxc's identical redefinition (no X1519): the same kind and parameter count, and the same replacement tokens
    with white space ignored and parameters compared by position (d3dcompiler_47 10.1, session 35: ``1 + 2`` then
    ``1+2``, ``F(x) x`` then ``F(y) y`` are silent; C99 §6.10.3p2 wants the white space and the names too)."""
    if (old.params is None) != (params is None) or len(old.params or ()) != len(params or ()):
        return False

    def shape(ps: list[str] | None, toks: list[str]) -> list[object]:
        return [(ps.index(t),) if ps and t in ps else t for t in toks if t != " "]
    return shape(old.params, old.body) == shape(params, body)


def split_args(toks: list[str]) -> list[list[str]]:
    """An argument list's tokens split at the commas no parenthesis, bracket or brace holds (fxc's reading, see
    ``preprocessor.Preprocessor._collect_args``), each argument trimmed of white space."""
    args: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}") and depth:
            depth -= 1
        elif t == "," and depth == 0:
            args.append([])
            continue
        args[-1].append(t)
    return [_trim(a) for a in args]


def gap_between(toks: list[str], a: int, b: int) -> bool:
    """A ``Gap`` among ``toks[a + 1:b]``."""
    return any(t.__class__ is Gap for t in toks[a + 1:b])


def _trim(a: list[str]) -> list[str]:
    while a and a[0] == " ":
        a = a[1:]
    while a and a[-1] == " ":
        a = a[:-1]
    return a
