"""Compiler diagnostics in fxc's format: ``file(line,col): error X####: message``."""

from __future__ import annotations


class HlslError(Exception):
    """One compile error; :meth:`text` renders it the way fxc prints it."""

    def __init__(self, file: str, line: int, col: int, code: int, message: str, notimpl: bool = False):
        super().__init__(message)
        self.file, self.line, self.col, self.code, self.message = file, line, col, code, message
        #: fxc reports some errors (recursion) with E_NOTIMPL instead of E_FAIL
        self.notimpl = notimpl
        #: the warnings fxc printed before this error, rendered (its message blob lists every message in
        #: the order it was emitted, so a failed compile's text carries the earlier warnings too)
        self.warnings: list[str] = []

    def text(self) -> str:
        if not self.file:
            # an error of the compile as a whole (X3501 "entrypoint not found") has no source position: fxc
            # prints it bare, which Visual Studio's build shows as "FXC : error X3501: ..." (its form for a
            # message without a file)
            return f"error X{self.code}: {self.message}"
        return f"{self.file}({self.line},{self.col}): error X{self.code}: {self.message}"

    def report(self) -> str:
        """The whole message text of the failed compile: earlier warnings, then this error."""
        return "\n".join([*self.warnings, self.text()])

    def __str__(self) -> str:
        return self.text()


class Pos:
    """A source position (file, line, column; 1-based)."""

    __slots__ = ("file", "line", "col")

    def __init__(self, file: str = "", line: int = 0, col: int = 0):
        self.file, self.line, self.col = file, line, col

    def error(self, message: str, code: int = 3000) -> HlslError:
        return HlslError(self.file, self.line, self.col, code, message)

    def __repr__(self) -> str:
        return f"{self.file}({self.line},{self.col})"
