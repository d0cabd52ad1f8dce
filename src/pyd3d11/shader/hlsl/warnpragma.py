"""``#pragma warning`` applied from where it stands (MicrosoftDocs direct3dhlsl "warning pragma Directive").

The page's rules, each implemented here:

- ``#pragma warning( specifier : numbers [; specifier : numbers ...] )``; the numbers are a white-space
  separated list; several changes in one pragma are separated by semicolons and act as separate pragmas in
  order.
- specifiers: ``once`` (show the message only once), ``default`` (back to the default behaviour, which also
  turns on a warning that is off by default), ``1``..``4`` (a level; also turns the warning on), ``disable``
  (do not issue), ``error`` (report as an error).
- a number between 0 and 999 means 4000 + the number.
- numbers above 4699 (code generation warnings) are affected only by pragmas outside function definitions:
  inside a function the pragma is ignored for them.
- no ``push`` / ``pop`` ("does not support the push and pop functionality"): such a part changes nothing.

A pragma acts on the warnings raised at positions after it (the source order of the preprocessed text, where
``#line`` markers keep the original files and lines), not on the whole compile. Inferred where the page says
nothing: a specifier the page does not list, and a number no warning has, change nothing; a warning level
(1..4) acts as ``default`` because D3DCompile has no warning-level option to compare it with; ``once`` shows
a number's first message after the pragma and drops its later ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .diagnostics import Pos
from .ppmessage import PRAGMA_MESSAGE

#: the page's specifier table
SPECIFIERS = frozenset({"once", "default", "1", "2", "3", "4", "disable", "error"})
#: "For warning numbers greater than 4699, (those associated with code generation) the warning pragma has
#: effect only when placed outside function definitions."
FIRST_CODEGEN_WARNING = 4700

_PART = re.compile(r"^\s*([A-Za-z_0-9]+)\s*:(.*)$", re.S)


def parse_warning_pragma(text: str) -> list[tuple[str, list[int]]]:
    """The (specifier, warning numbers) changes of one ``#pragma warning`` (``text`` is what follows the
    word ``warning``), in order; numbers below 1000 become 4000 + n. Parts without a listed specifier and a
    colon (``push``, ``pop``, misspellings) are left out."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    out: list[tuple[str, list[int]]] = []
    for part in text.split(";"):
        m = _PART.match(part)
        if m is None or m.group(1).lower() not in SPECIFIERS:
            continue
        nums = [int(n) for n in m.group(2).split() if n.isdigit()]
        out.append((m.group(1).lower(), [n + 4000 if n < 1000 else n for n in nums]))
    return out


def pragma_changes(token_text: str) -> list[tuple[str, list[int]]] | None:
    """The changes of a lexer ``pragma`` token's text, or None for a pragma other than ``warning``."""
    m = re.match(r"#\s*pragma\s+warning\b(.*)$", token_text, re.S)
    return parse_warning_pragma(m.group(1)) if m else None


class WarningPolicy:
    """The ``#pragma warning`` state at each point of one preprocessed text.

    ``toks`` is the lexer's token list of that text (``pragma`` tokens included); ``func_bodies`` the
    (opening brace, closing brace) positions of each function definition the parser met."""

    def __init__(self, toks: Sequence, func_bodies: Sequence[tuple[Pos, Pos]] = ()):
        self.toks = toks
        self.n = len(toks)
        self._exact: dict[tuple[str, int, int], int] | None = None
        self._by_file: dict[str, list[tuple[int, int, int]]] = {}
        events: list[tuple[int, list[tuple[str, list[int]]]]] = []
        for i, t in enumerate(toks):
            if t.kind == "pragma":
                changes = pragma_changes(t.text)
                if changes:
                    events.append((i, changes))
        #: (token index, changes, inside a function definition); without any, nothing below is built (a large
        #: program keeps no position maps)
        self.events: list[tuple[int, list[tuple[str, list[int]]], bool]] = []
        if events:
            bodies = [(self.index_of(a), self.index_of(b)) for a, b in func_bodies]
            self.events = [(i, ch, any(a < i < b for a, b in bodies)) for i, ch in events]

    def _maps(self) -> dict[tuple[str, int, int], int]:
        if self._exact is None:
            self._exact = {}
            for i, t in enumerate(self.toks):
                self._exact.setdefault((t.pos.file, t.pos.line, t.pos.col), i)
                self._by_file.setdefault(t.pos.file, []).append((t.pos.line, t.pos.col, i))
        return self._exact

    def index_of(self, pos: Pos) -> int:
        """The token index a warning at ``pos`` stands at: its own token, else the first token at or after
        it in its file (a line with no token, such as a directive, counts as just before the next token);
        the end of the text when nothing follows or the file is unknown."""
        hit = self._maps().get((pos.file, pos.line, pos.col))
        if hit is not None:
            return hit
        for line, col, i in self._by_file.get(pos.file, ()):
            if (line, col) >= (pos.line, pos.col):
                return i
        return self.n

    def state_at(self, index: int, code: int) -> tuple[str, int]:
        """(``default`` | ``disable`` | ``error`` | ``once``, token index of the pragma that set it or -1) for
        warning ``code`` raised at token ``index`` (pragmas strictly before it act)."""
        state, since = "default", -1
        for i, changes, inside in self.events:
            if i >= index:
                break
            if inside and code >= FIRST_CODEGEN_WARNING:
                continue
            for spec, nums in changes:
                if code in nums:
                    state, since = ("default" if spec in ("1", "2", "3", "4") else spec), i
        return state, since

    def apply(self, warnings: Sequence[tuple[Pos, int, str]], all_errors: bool = False
              ) -> list[tuple[Pos, int, str, bool]]:
        """The warnings still issued, in order, each with whether it is reported as an error
        (``error`` specifier, or ``all_errors``: D3DCOMPILE_WARNINGS_ARE_ERRORS — a disabled warning is not
        issued at all, so it does not become an error either)."""
        out: list[tuple[Pos, int, str, bool]] = []
        shown_once: set[tuple[int, int]] = set()  # (number, its once pragma)
        for pos, code, msg in warnings:
            if code == PRAGMA_MESSAGE:  # (#pragma message's text: no warning, never disabled nor an error)
                out.append((pos, code, msg, False))
                continue
            state, since = self.state_at(self.index_of(pos), code) if self.events else ("default", -1)
            if state == "disable" or (state == "once" and (code, since) in shown_once):
                continue
            if state == "once":
                shown_once.add((code, since))
            out.append((pos, code, msg, all_errors or state == "error"))
        return out
