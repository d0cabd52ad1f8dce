"""An effect object's initialiser names only what is declared above it.

d3dcompiler_47 10.1 resolves every name of a global's initialiser as it reduces it, for an object variable of an
effect as for a number (session 48 EFX, at fx_2_0, fx_4_0 and fx_5_0): ``Texture2D t = foo;``, ``sampler s = foo;``,
``SamplerState s = null;``, ``string s = {"a", foo};``, ``Texture2D t[2] = {NULL, foo};``, ``s var = {NULL, 1, 2, 3, foo};`` of a struct holding
a texture, ``Texture2D t =
(Texture2D)foo;``, ``Texture2D t = sin(foo);`` are X3004 "undeclared identifier" at the name -- a variable or a
function declared below it too (``Texture2D t = q; Texture2D q;``, ``Texture2D t = f(); float4 f() …``) -- before
the initialiser's conversion (X3017), its literal rule (X3011) or the effect compiler's own errors. The variable
names itself (``PixelShader p = p;`` is X3011). A compile's, a stream-output declaration's and an interface
binding's arguments keep their own rules (fxfuncs.check_compile_arguments, fxcompile)."""

from __future__ import annotations

from ..shader.hlsl import ast as A
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.intrinsics import is_intrinsic
from ..shader.hlsl.objects import has_object

#: the effect calls whose arguments are no values of the initialiser
_SHADER_CALLS = frozenset({"CompileShader", "CompileFragment", "ConstructGSWithSO", "BindInterfaces"})


def _first_undeclared(n: A.Node, names: set[str], funcs: set[str]) -> A.Node | None:
    """The first name ``n`` reads that is neither in ``names`` nor ``funcs``, in the order fxc reduces them (a
    call's arguments before the call's name)."""
    if isinstance(n, A.Call):
        if n.name in _SHADER_CALLS:
            return None
        for a in n.args:
            found = _first_undeclared(a, names, funcs)
            if found is not None:
                return found
        return None if n.name in funcs or is_intrinsic(n.name) else n
    if isinstance(n, A.Ident):
        # (a function's name is a name: X3005 "identifier represents a function", check.shader_number_error)
        return None if n.name in names or n.name in funcs or n.name == "NULL" else n
    if isinstance(n, A.AsmBlock):
        return None
    for c in A.children(n):
        found = _first_undeclared(c, names, funcs)
        if found is not None:
            return found
    return None


def undeclared_name_error(v: A.VarDecl, names: set[str], funcs: set[str]) -> HlslError | None:
    """X3004 for the first undeclared name of object variable ``v``'s initialiser (``names``: the variables declared
    above it, ``funcs``: the functions), or None."""
    if v.init is None or not has_object(v.type):  # (an object, or a struct holding one)
        return None
    found = _first_undeclared(v.init, names | {v.name}, funcs)
    if found is None:
        return None
    name = found.name  # type: ignore[attr-defined]
    return HlslError(found.pos.file, found.pos.line, found.pos.col, 3004, f"undeclared identifier '{name}'")


def first_undeclared_name(prog: A.Program) -> tuple[HlslError, int] | None:
    """The first object variable's X3004 of ``prog`` (undeclared_name_error, in source order) and the index of its
    declaration in ``prog.decls``, or None."""
    names: set[str] = set()
    funcs: set[str] = set()
    for i, d in enumerate(prog.decls):
        if isinstance(d, A.FuncDef):
            funcs.add(d.name)
        elif isinstance(d, A.VarDecl):
            err = undeclared_name_error(d, names, funcs)
            if err is not None:
                return err, i
            names.add(d.name)
        elif isinstance(d, A.CBufferDecl):
            names.update(m.name for m in d.members if isinstance(m, A.VarDecl))
    return None
