"""A compile's arguments converted to its function's parameters before their count is judged.

d3dcompiler_47 10.1 binds ``compile profile f(args)`` / ``CompileShader(profile, f(args))`` by matching each
argument to the parameter at its position -- every parameter, not only the uniform ones -- and reports an argument
that cannot convert as X3017 "'f': cannot implicitly convert from 'const string' to 'float4'" before the count of
the uniform parameters (X3013), in a pass, a global's initialiser and at fx_2_0 alike (session 48 EFX: ``fun("s", 2,
3)``, ``fun(1, "s", 3)``, ``fun(1, 2, "s")``, ``fun("s")`` of ``fun(uniform float4 a, float4 b, uniform float4 c)``;
``fun(NULL, 2)`` "from 'const null'"; a string global too). More arguments than parameters is the count's X3013
first only where the extra argument comes before any failing one (``fun(1, 2, 3, "s")`` X3013, ``fun("s", 2,
3, 4)`` X3017: the arguments are matched in order). Built for the arguments whose type is plainly no number (a
string, NULL); a numeric argument's shape (``float3`` for a ``float2x2``: X3017 too) and an overloaded function
are left to the count.
"""

from __future__ import annotations

from . import ast as A
from .diagnostics import HlslError
from .types import NumType


def _source_type(a: A.Node, strings: set[str]) -> str | None:
    if isinstance(a, A.Literal) and isinstance(a.value, str) or isinstance(a, A.Ident) and a.name in strings:
        return "const string"
    if isinstance(a, A.Ident) and a.name == "NULL":
        return "const null"
    return None


def conversion_error(compile_call: A.Node, decls: list[A.Node]) -> HlslError | None:
    """X3017 for the first argument of ``compile_call`` (a CompileShader call) that is a string or NULL where its
    function's parameter at that position is a number, or None. ``decls``: the program's declarations so far."""
    args = getattr(compile_call, "args", None)
    if not isinstance(compile_call, A.Call) or compile_call.name != "CompileShader" or not args or len(args) != 2 \
            or not isinstance(args[1], A.Call):
        return None
    call = args[1]
    defs = [d for d in decls if isinstance(d, A.FuncDef) and d.name == call.name and d.body is not None]
    if len(defs) != 1:
        return None  # (overloads: the count's rule here; fxc converts to one of them, not probed to its extent)
    strings = {d.name for d in decls if isinstance(d, A.VarDecl) and str(d.type) == "string"}
    for a, p in zip(call.args, defs[0].params, strict=False):
        src = _source_type(a, strings - {d.name for d in defs[0].params})
        if src is not None and isinstance(p.type, NumType):
            pos = compile_call.pos
            return HlslError(pos.file, pos.line, pos.col, 3017,
                             f"'{call.name}': cannot implicitly convert from '{src}' to '{p.type}'")
    return None


def call_conversion_error(call: A.Call, decls: list[A.Node]) -> HlslError | None:
    """X3017 for the first argument of ``call`` -- a user function's call in an effect state value -- that is a string
    or NULL where the parameter at its position in the function's last declaration above is a number, or None: fxc
    converts the arguments in order before it matches their count, as a compile's (d3dcompiler_47 10.1, session 49
    EFX: ``Filter = addition(NULL);``, ``addition(1, "s", 2)`` of ``addition(float4 a, float4 b)`` X3017; the
    state-value typer, check._sb_type, has the rule for every argument type: sbops.argument_conversion_error)."""
    defs = [d for d in decls if isinstance(d, A.FuncDef) and d.name == call.name]
    if not defs:
        return None
    strings = {d.name for d in decls if isinstance(d, A.VarDecl) and str(d.type) == "string"}
    for a, p in zip(call.args, defs[-1].params, strict=False):
        src = _source_type(a, strings)
        if src is not None and isinstance(p.type, NumType):
            return HlslError(call.pos.file, call.pos.line, call.pos.col, 3017,
                             f"'{call.name}': cannot implicitly convert from '{src}' to '{p.type}'")
    return None
