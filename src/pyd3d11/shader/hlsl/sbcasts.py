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
from .types import NumType, ObjectType

#: the names fxc's messages give the state-object types
_OBJECT_NAMES = {"BlendState": "Blend", "RasterizerState": "Rasterizer", "DepthStencilState": "DepthStencil"}


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


def object_cast_error(n: A.Node) -> HlslError | None:
    """X3017 for a cast of a state value to an object type (one no state word names: those are names there,
    parse_effects.state_word), or None: fxc converts it (10.1, session 48 EFX: ``foo = (string)1;`` "cannot convert
    from 'int' to 'string'", ``(SamplerState)foo`` from 'const int', ``(BlendState)1`` to 'Blend', ``(Buffer)1`` to
    'Buffer<float4>', ``(sampler2D)1``, ``(SamplerComparisonState)1.5`` from 'float', at ps_4_0 and fx_5_0); NULL
    converts to any object and a string to a string (``(BlendState)NULL``, ``(string)"s"`` compile at ps_4_0)."""
    if not (isinstance(n, A.Cast) and isinstance(n.type, ObjectType)):
        return None
    a = n.a
    if isinstance(a, A.Ident) and a.name == "NULL" or _is_string(a) and n.type.kind == "string":
        return None
    if isinstance(a, A.Literal):
        src = "const string" if _is_string(a) else "bool" if isinstance(a.value, bool) else \
            "int" if isinstance(a.value, int) else "float"
    else:
        src = "const int"  # (a name of the state block: an unknown one is a state constant)
    kind = n.type.kind
    dst = _OBJECT_NAMES.get(kind) or ("Buffer<float4>" if kind == "Buffer" and not str(n.type).endswith(">") else
                                      str(n.type))
    return HlslError(n.pos.file, n.pos.line, n.pos.col, 3017, f"cannot convert from '{src}' to '{dst}'")
