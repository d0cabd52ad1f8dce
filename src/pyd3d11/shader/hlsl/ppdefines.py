"""The definitions a compile is given (D3D_SHADER_MACRO, fxc's /D) read as fxc reads them.

d3dcompiler_47 10.1 (under Wine, session 44) reads a definition's text as source text of its own, on line 1 of a
file with no name: a backslash-new-line splices, a comment is a blank (a block comment may run over new-lines),
the first new-line outside a comment (``\\n``, or ``\\r\\n``; a lone ``\\r`` is a blank) ends the definition
(``1\\n2`` is ``1``), and a block comment or a string left open at its end is an error at ``(1,1)`` -- X1001 "comment
continues past end of file", X1006 "string continues past end of file" -- that stops D3DPreprocess (no text) and is
D3DCompile's first error, whether or not the macro is used. A character constant left open is no error (``'x`` is
the tokens ``'`` ``x``).
"""

from __future__ import annotations

from .diagnostics import HlslError, place
from .pplex import tokenize_line


class DefinitionError(HlslError):
    """An error reading a definition: fxc names no file but gives the place, ``(1,1): error X1006: ...`` (an
    HlslError with no file is printed bare, as fxc prints the errors of a compile as a whole)."""

    def text(self) -> str:
        return f"({place(self.line, self.col, self.end)}): error X{self.code}: {self.message}"

ERR_COMMENTEOF = 1001
ERR_STRINGEOL = 1005
ERR_STRINGEOF = 1006


def _open_quote(text: str) -> int | None:
    """The index of a quote in ``text`` that opens a string never closed, or None."""
    i = 0
    while i < len(text):
        if text[i] == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= len(text):
                return i
            i = j
        i += 1
    return None


def definition_text(value: str) -> tuple[str, HlslError | None]:
    """The replacement text fxc reads from a definition ``value``, and the error that reading reports (or None)."""
    text = value.replace("\\\r\n", "").replace("\\\n", "")
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":  # (of \r\n too: the \r before it is a blank)
            break
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                return "".join(out), DefinitionError("", 1, 1, ERR_COMMENTEOF, "comment continues past end of file")
            out.append(" ")
            i = end + 2
            continue
        if text.startswith("//", i):
            break
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if j < n and text[j] == "\n":
                # a string the new-line cuts: X1005, and the reader goes on over the rest as the same line, where a
                # quote left open is X1006 at its column ("ab / cd" is X1005 at (1,1), X1006 at (1,7))
                err = DefinitionError("", 1, 1, ERR_STRINGEOL, "string continues past end of line")
                rest = text[j + 1:]
                k = _open_quote(rest)
                if k is not None:
                    err.followed_by = [DefinitionError("", 1, j + 2 + k, ERR_STRINGEOF, "string continues past end of file")]
                return "".join(out), err
            if j >= n or text[j] != '"':
                return "".join(out), DefinitionError("", 1, 1, ERR_STRINGEOF, "string continues past end of file")
            out.append(text[i:j + 1])
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out), None


class Definitions(dict):
    """The definitions a compile is given, by name, the last of a name standing; ``redefined``: the names given
    again with another replacement, in order, one per repetition -- fxc warns of each as the file's ``#define``
    does, X1519 "'X' : macro redefinition" at ``(1,..)``, no file named (d3dcompiler_47 10.1, session 48: ``X=1``,
    ``X=2`` warns once and ``X`` is 2; ``X=1``, ``X=1`` is silent; ``X=1``, ``X=2``, ``X=3`` warns twice)."""

    def __init__(self) -> None:
        super().__init__()
        self.redefined: list[str] = []

    def give(self, name: str, value: str) -> None:
        if name in self and _tokens(self[name]) != _tokens(value):
            self.redefined.append(name)
        self[name] = value


def _tokens(value: str) -> list[str]:
    """A definition's tokens, white space aside (fxc's identical redefinition: ppfxc.same_definition)."""
    return [t for t in tokenize_line(definition_text(value)[0].strip()) if t != " "]
