"""Shared by tests/test_rules_hlsl_fxc_layout_*.py: compile with this project and answer in the shape the
tables recorded from Microsoft's d3dcompiler_47 10.1 (under Wine, session 35) use -- the error number of a
rejected program, or the interface read back through D3DReflect (tools/reflect_diff.describe)."""

from __future__ import annotations

import re

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools.reflect_diff import describe


def compile_or_error(src: str, target: str = "ps_5_0", flags: int = 0) -> bytes | str:
    """The object, or ``"X####"``: the first error number of the messages (``"fail"`` without one)."""
    msgs: list = []
    try:
        return bytes(D3DCompile(src, len(src), "t.hlsl", None, None, "main", target, flags, 0, msgs)
                     .GetBufferPointer())
    except D3D11Error:
        text = "".join(bytes(m.GetBufferPointer()).decode("latin-1") for m in msgs)
        found = re.findall(r"error (X\d+)", text)
        return found[0] if found else "fail"


def cbuffer_members(src: str, target: str = "ps_5_0", flags: int = 0, index: int = 0) -> tuple | str:
    """((name, offset, size), ...) of constant buffer ``index``, or the error number."""
    got = compile_or_error(src, target, flags)
    if isinstance(got, str):
        return got
    cb = describe(got)["cbuffers"][index]
    return tuple((v["name"], v["offset"], v["size"]) for v in cb["variables"])


def cbuffers(src: str, target: str = "ps_5_0", flags: int = 0) -> tuple | str:
    """((buffer name, size, ((name, offset, size), ...)), ...) of every constant buffer, or the error number."""
    got = compile_or_error(src, target, flags)
    if isinstance(got, str):
        return got
    return tuple((cb["name"], cb["size"], tuple((v["name"], v["offset"], v["size"]) for v in cb["variables"]))
                 for cb in describe(got)["cbuffers"])
