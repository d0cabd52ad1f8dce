"""Shared helpers of the preprocessor rule tests: an in-memory ID3DInclude and D3DPreprocess's output as tokens."""

from __future__ import annotations

import os

from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.preprocessor import tokenize_line


class MemoryInclude:
    """An ID3DInclude over a dict of file texts; records what was opened."""

    def __init__(self, files: dict[str, str]):
        self.files = files
        self.opened: list[str] = []

    def Open(self, kind, name, parent):  # noqa: N802
        self.opened.append(name)
        return self.files[name].encode()

    def Close(self, data):  # noqa: N802
        pass


def run(src: str, files: dict[str, str] | None = None) -> tuple[list[str], str]:
    """(the output's tokens without line markers, the ppErrorMsgs text)."""
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude(files or {}), msgs)).decode()
    # read as a compiler reads the text: a line splice joins its lines (fxc's text keeps the splice of a string
    # literal continued on the next line: d3dcompiler_47 10.1, session 36)
    out = out.replace("\\\n", "")
    text = " ".join(ln for ln in out.splitlines() if not ln.startswith("#line"))
    return [t for t in tokenize_line(text) if t != " "], "".join(bytes(m).decode() for m in msgs)


def main_file(name: str = "t.hlsl") -> str:
    """``__FILE__`` of a main file named ``name`` (relative) as D3DPreprocess replaces it: fxc writes its full path, the
    current directory on Wine's Z: drive (d3dcompiler_47 10.1, session 38: ``Z:\\work\\main\\t.hlsl`` for
    ``t.hlsl``), as a string literal, backslashes doubled. Spelled here from the current directory alone."""
    full = "Z:" + os.getcwd().replace("/", "\\") + "\\" + name
    return '"' + full.replace("\\", "\\\\") + '"'


def toks(text: str) -> list[str]:
    return [t for t in tokenize_line(text) if t != " "]


def numbered_lines(text: str) -> list[tuple[str, int, str]]:
    """(file, line, text) of each output line that is no ``#line`` marker, numbered the way the D3DPreprocess page
    says its markers relate output to input: a ``#line N "f"`` marker makes the next line line N of f, and every
    other line (``#pragma`` lines too) is one more than the line before it."""
    res: list[tuple[str, int, str]] = []
    file, line = "", 1
    for raw in text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"):
        s = raw.strip()
        if s.startswith("#line"):
            parts = s.split(None, 2)
            line = int(parts[1])
            if len(parts) > 2:
                file = parts[2].strip('"').replace("\\\\", "\\")  # (the marker's name is a literal: \\ is \)
            continue
        res.append((file, line, raw))
        line += 1
    return res


class TokenText(str):
    """Preprocessed text that compares token by token: the white space between tokens is layout (a line keeps its
    tokens at their source columns where it can, session 16), not part of the preprocessor's result (C99 5.1.1.2:
    phase 7 reads tokens; only whether white space separates tokens inside a ``#`` operand matters, and that is
    inside the string)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and toks(self) == toks(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


def fxc_errors(src: str, files: dict[str, str] | None = None) -> str:
    """The errors of preprocessing ``src`` as fxc gives them: D3DPreprocess's failure text (#error, a file that does
    not open), or the errors its message blob holds when it returns S_OK -- d3dcompiler_47 10.1 (under Wine,
    session 35) goes on after every other preprocessor error and returns its text, and a compile of the source
    fails on them. An AssertionError when there is none."""
    from pyd3d11.errors import ShaderCompileError

    msgs: list = []
    try:
        D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude(files or {}), msgs)
    except ShaderCompileError as exc:
        return exc.errors
    text = "".join(bytes(m).decode() for m in msgs)
    assert "error" in text, (src, text)
    return "\n".join(ln for ln in text.splitlines() if ": error" in ln)
