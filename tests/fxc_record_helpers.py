"""Shared by the tests that hold d3dcompiler_47 10.1's recorded answers (session 35)."""

import re

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error


def first_error(src: str, target: str, flags: int = 0) -> str:
    """Our compile's first error number ('X####'), '-' for an error without one, 'ok' where it compiles."""
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as e:
        return (re.findall(r"X\d{4}", str(e)) or ["-"])[0]
    return "ok"
