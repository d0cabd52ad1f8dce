"""Compiler diagnostics in fxc's format: ``file(line,col): error X####: message``, or
``file(line,col-endcol): …`` where the diagnosed construct spans several characters of one line.

The range rule (fxc's records): the end column is the last character of the construct, inclusive, and the range
is printed only when it is longer than one character — DXC issue 5040 ``    return b.Load(X);`` at ``(7,12-20)``
(``b`` to ``)``), 10x issue 2034 ``(8,16-21): error X3004: undeclared identifier 'vertex'`` (six letters), OpenSubdiv
issue 354 ``(1450,22-27): warning X3578: Output value 'output'`` (six letters). Syntax errors print the start
column alone (HL18's fxc record ``(8,19): error X3000: syntax error: unexpected token 'Texture'``), so a range is
given only where a diagnostic names one (``Pos.end``)."""

from __future__ import annotations


class HlslError(Exception):
    """One compile error; :meth:`text` renders it the way fxc prints it."""

    def __init__(self, file: str, line: int, col: int, code: int, message: str, notimpl: bool = False,
                 end: int = 0):
        super().__init__(message)
        self.file, self.line, self.col, self.code, self.message = file, line, col, code, message
        #: the last column of the diagnosed construct on ``line`` (0: none; printed only when past ``col``)
        self.end = end
        #: fxc reports some errors (recursion) with E_NOTIMPL instead of E_FAIL
        self.notimpl = notimpl
        #: the warnings fxc printed before this error, rendered (its message blob lists every message in
        #: the order it was emitted, so a failed compile's text carries the earlier warnings too)
        self.warnings: list[str] = []

    def text(self) -> str:
        if not has_place(self.file):
            # an error of the compile as a whole (X3501 "entrypoint not found") has no source position: fxc
            # prints it bare, which Visual Studio's build shows as "FXC : error X3501: ..." (its form for a
            # message without a file)
            return f"error X{self.code}: {self.message}"
        if self.code == 0:  # fxc's numberless "internal error: l-value expected" (assign.designated_argument)
            return f"{located(self.file, self.line, self.col, self.end)}internal error: {self.message}"
        return f"{located(self.file, self.line, self.col, self.end)}error X{self.code}: {self.message}"

    def report(self) -> str:
        """The whole message text of the failed compile: earlier warnings, then this error."""
        return "\n".join([*self.warnings, self.text()])

    def __str__(self) -> str:
        return self.text()


class DirectiveError(HlslError):
    """``#error``'s report as fxc writes it: ``file(line,col-end): error: text`` -- no number, the columns those of
    the word ``error``, the text as the line wrote it after that word and its blanks (d3dcompiler_47 10.1, session
    38). ``code`` stays 1003, this project's number for it (an error that stops the preprocessor)."""

    def text(self) -> str:
        return f"{located(self.file, self.line, self.col, self.end)}error: {self.message}"


def place(line: int, col: int, end: int = 0) -> str:
    """``line,col`` or fxc's ``line,col-end`` (see the module docstring)."""
    return f"{line},{col}-{end}" if end > col else f"{line},{col}"


class _EmptyName(str):
    """The name ``#line N ""`` gives: empty, yet a name -- fxc prints its messages' places, ``(5,1): error ...``
    (d3dcompiler_47 10.1, session 48), where an error of the compile as a whole, with no file, has none."""


EMPTY_NAME = _EmptyName("")


def has_place(file: str) -> bool:
    """A message of this file names its place: any name, ``#line``'s empty one too (``EMPTY_NAME``)."""
    return bool(file) or file.__class__ is _EmptyName


#: the line fxc's 32-bit line counter holds for "no line" (``#line 4294967295``, its -1)
_NO_LINE = 0xFFFFFFFF


def located(file: str, line: int, col: int, end: int = 0) -> str:
    """The ``file(line,col): `` a message begins with, as fxc prints it after a ``#line``: its line counter is 32
    bits (a line past 2^32 - 1 wraps), line 0 is printed as 1, and 4294967295 -- its -1 -- prints no place, the
    file's name neither (d3dcompiler_47 10.1, session 48: ``#line 0`` / ``#bogus`` is ``(1,2-6)``, ``#line
    4294967295`` / ``#bogus`` is ``error X1504: ...`` bare, the line after it ``(1,..)``, ``#line 4294967294`` /
    ``#if 1 +`` / ``#endif`` bare for the #endif; the preprocessor's, #error's, the compiler's messages and warnings
    alike)."""
    shown = line & 0xFFFFFFFF
    if shown == _NO_LINE:
        return ""
    return f"{file}({place(shown or 1, col, end)}): "


class Pos:
    """A source position (file, line, column; 1-based); ``end``: the last column of the construct it names on
    the same line (0: none)."""

    __slots__ = ("file", "line", "col", "end")

    def __init__(self, file: str = "", line: int = 0, col: int = 0, end: int = 0):
        self.file, self.line, self.col, self.end = file, line, col, end

    def error(self, message: str, code: int = 3000) -> HlslError:
        return HlslError(self.file, self.line, self.col, code, message, end=self.end)

    def __repr__(self) -> str:
        return f"{self.file}({self.line},{self.col})"
