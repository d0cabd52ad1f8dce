"""Shared helpers of the preprocessor rule tests: an in-memory ID3DInclude and D3DPreprocess's output as tokens."""

from __future__ import annotations

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
    text = " ".join(ln for ln in out.splitlines() if not ln.startswith("#line"))
    return [t for t in tokenize_line(text) if t != " "], "".join(bytes(m).decode() for m in msgs)


def toks(text: str) -> list[str]:
    return [t for t in tokenize_line(text) if t != " "]
