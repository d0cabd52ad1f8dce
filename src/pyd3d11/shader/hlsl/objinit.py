"""The shape of an effect variable's initialiser when it holds objects (every fx target; issue 15, session 42, EFX).

d3dcompiler_47 10.1 converts an effect global's initialiser to the variable's type while it parses (so in source
order with the function bodies' type errors, fxfuncs.py), counting a brace list by components as it counts a
numeric one (shader/hlsl/initshape.py), with every object -- a compile, ``NULL``, a string, a shader or state
object's name -- one component:

- a brace list whose components do not number the variable's is X3017 "'p': initializer does not match type":
  ``PixelShader p[2] = {NULL};``, ``{NULL, NULL, NULL}``, ``PixelShader p = {NULL, NULL};``, ``string s[2] =
  {"a"};``, ``BlendState b[2] = {NULL};``, ``PixelShader p[2] = {CompileShader(...), float2(1, 2)};`` (three),
  ``float1x4 f = {CompileShader(...)};`` (one of four); nesting is flattened (``{{NULL}, {NULL}}`` is two);
- an array initialised by one value that is no brace list is X3017 "cannot implicitly convert from 'const
  PixelShader' to 'const PixelShader[2]'" (a compile, ``NULL``, another shader variable, a string, a number);
- a number for a single object is X3017 (``Texture2D t = 42;``, ``SamplerState s = 1.5;``, ``BlendState b = 42;``).

Statics too (``static PixelShader p[2] = NULL;``). MicrosoftDocs' "Effect Format" / "Shader Type" pages show only
well-formed initialisers; these answers are the DLL's (tests/test_rules_effects_fxc_s42.py).
"""

from __future__ import annotations

from . import ast as A
from .codegen import component_bases
from .diagnostics import HlslError
from .objects import has_object, leaf_count
from .shaderobj import object_name
from .types import ArrayType, NumType, ObjectType, StructType, Type, array_leaf


def _error(pos, code: int, msg: str) -> HlslError:
    return HlslError(pos.file, pos.line, pos.col, code, msg)


def _flat(init: A.Node) -> list[A.Node]:
    return [x for item in init.items for x in _flat(item)] if isinstance(init, A.InitList) else [init]


def _components(e: A.Node, globals_: dict[str, A.VarDecl]) -> int | None:
    """How many components a brace item holds, where its form shows it (None: unknown, no judgement)."""
    if isinstance(e, A.Literal):
        return 1
    if object_name(e) is not None:
        return 1
    if isinstance(e, A.Ident):
        if e.name.upper() == "NULL" and e.name not in globals_:
            return 1
        d = globals_.get(e.name)
        if d is None:
            return None
        if isinstance(array_leaf(d.type), ObjectType):
            return leaf_count(d.type)
        return len(component_bases(d.type)) if isinstance(d.type, NumType) else None
    t = e.type if isinstance(e, (A.Cast, A.Construct)) else None
    return len(component_bases(t)) if isinstance(t, NumType) else None


def _count(t: Type) -> int | None:
    if isinstance(array_leaf(t), ObjectType):
        return leaf_count(t)
    if isinstance(array_leaf(t), StructType):
        # a struct holding objects counts its members' components, an object one (10.1, session 48 EFX: ``struct {
        # float4 f; PixelShader ps[2]; } a = {1, 2, 3, 4, compile ps_4_0 foo(1)};`` X3017, ``s var = {0};`` of
        # ``struct s { Texture t; float4 f; }`` X3017 at fx_2_0, fx_4_0 and fx_5_0, before "structs holding objects")
        n = t.count if isinstance(t, ArrayType) else 1
        parts = [_count(ft) for _name, ft, _sem, _mods in array_leaf(t).fields]
        return None if None in parts else n * sum(parts)  # type: ignore[arg-type]
    return len(component_bases(t)) if isinstance(array_leaf(t), NumType) else None


def object_initialiser_error(v: A.VarDecl, globals_: dict[str, A.VarDecl]) -> HlslError | None:
    """fxc's X3017 for the initialiser of ``v`` (an object variable, or a number whose brace list holds an
    object), or None. ``globals_``: the globals declared before it."""
    init = v.init
    if init is None:
        return None
    if isinstance(init, A.InitList):
        items = _flat(init)
        if not any(object_name(x) is not None or isinstance(x, A.Ident) and x.name.upper() == "NULL" or
                   isinstance(x, A.Literal) and isinstance(x.value, str) for x in items) and \
                not isinstance(array_leaf(v.type), ObjectType) and not has_object(v.type):
            return None  # a numeric list of numbers: initshape's rules
        counts = [_components(x, globals_) for x in items]
        want = _count(v.type)
        if want is not None and None not in counts and sum(counts) != want:  # type: ignore[arg-type]
            return _error(v.pos, 3017, f"'{v.name}': initializer does not match type")
        return None
    if not isinstance(array_leaf(v.type), ObjectType):
        return None
    if isinstance(v.type, ArrayType):
        return _error(v.pos, 3017, f"cannot implicitly convert from a single value to 'const {v.type}'")
    if isinstance(init, A.Literal) and not isinstance(init.value, str) or \
            isinstance(init, A.Unary) and isinstance(init.a, A.Literal):
        return _error(v.pos, 3017, f"cannot implicitly convert from a number to 'const {v.type}'")
    return None
