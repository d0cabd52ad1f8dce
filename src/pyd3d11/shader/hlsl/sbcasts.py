"""A string converted to a number in a state value: fxc's X3017 as it reduces the conversion.

d3dcompiler_47 10.1 types a cast or a constructor of a state value while it parses, in every state block (a
variable's, a sampler's, a pass, a local's block in a function) at the shader and the fx targets (session 48 EFX):
``foo = (int)"s";`` is X3017 "cannot convert from 'const string' to 'int'" (``(float4)"s"``, ``(bool)"s"``,
``(int2)"s"`` alike), ``foo = int("s");`` X3017 "cannot convert from 'object type' to 'numeric type'" -- before a
later call's X3004 (``(int)"s" + undeclaredfn()``) and before the effect's "unrecognized state".
"""

from __future__ import annotations

from . import ast as A
from .diagnostics import HlslError
from .types import NumType


def _is_string(n: A.Node) -> bool:
    return isinstance(n, A.Literal) and isinstance(n.value, str)


def string_conversion_error(n: A.Node) -> HlslError | None:
    """X3017 for node ``n`` of a state value where it converts a string literal to a number, else None."""
    if isinstance(n, A.Cast) and isinstance(n.type, NumType) and _is_string(n.a):
        return HlslError(n.pos.file, n.pos.line, n.pos.col, 3017, f"cannot convert from 'const string' to '{n.type}'")
    if isinstance(n, A.Construct) and isinstance(n.type, NumType) and any(_is_string(a) for a in n.args):
        return HlslError(n.pos.file, n.pos.line, n.pos.col, 3017,
                         "cannot convert from 'object type' to 'numeric type'")
    return None
