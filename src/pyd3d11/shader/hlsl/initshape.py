"""The shape of initialisers that are not run as code: uniform globals, constant-buffer members and parameter
defaults (X3017).

A static or local variable's initialiser is generated as code (codegen.init_value), which refuses a brace list
whose component count differs from the type's (X3017 "initializer does not match type"). fxc applies the same
rule to the initialisers it only records -- a uniform global's or a cbuffer member's default value, and every
function parameter's default argument, in a function that is called or not (d3dcompiler_47 10.1 under Wine,
session 37, at ps_2_0 to ps_5_1; recorded in tests/test_rules_hlsl_fxc_mutants_s37.py): ``uniform float4 x =
{0};``, ``float4 f(float4 b = {1, 2})`` and ``cbuffer c { float4 x = {1, 2}; }`` are X3017 like ``static
float4 x = {0};``. An object takes a brace list of one literal per element (``Texture2D t = {1};``, ``Texture2D
t[2] = {1, 2};`` compile; ``{1, 2}`` and ``{1}`` for the array are X3017), and a bare number is no object
(X3017 "cannot implicitly convert from 'int' to 'const Texture2D<float4>'"). The MicrosoftDocs "Variable
Syntax" page says only that an initialiser sets the default value; fxc's answer is the rule.

Such an initialiser must also be a literal expression (X3011 "initial value must be a literal expression"; for a
parameter fxc prints "'b': (null) must be a literal expression"): literals, ``static const`` globals, operators,
conditionals, casts, constructors and intrinsic calls over them compile; another uniform (a global ``const``
without ``static`` is one), a non-const static, a user function's result and a method call are X3011.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from . import nullvalue, shaderobj
from .diagnostics import HlslError
from .types import EFFECT_KINDS, ArrayType, NumType, ObjectType, StructType, array_leaf

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .types import Type


def _numeric(t: Type) -> bool:
    """A scalar, vector or matrix, or an array or struct made only of them."""
    if isinstance(t, NumType):
        return True
    if isinstance(t, ArrayType):
        return _numeric(t.elem)
    if isinstance(t, StructType):
        return all(_numeric(f[1]) for f in t.fields)
    return False


def _flat_items(init: A.Node) -> list[A.Node]:
    """A brace list's items with the nesting flattened (``{{1}, 2}`` is two items)."""
    if not isinstance(init, A.InitList):
        return [init]
    return [x for item in init.items for x in _flat_items(item)]


def _numeric_value(cg: CodegenContext, e: A.Node, globals_: dict[str, A.VarDecl]) -> bool:
    """Whether ``e`` is plainly a number (an object initialised with it is X3017): a literal, a numeric cast or
    constructor, an operator's result, a swizzle of a number, a numeric global (``static const`` ones too), an
    intrinsic of numbers. Names of objects, ``sampler_state`` blocks, compile expressions and user functions'
    results are not (their own rules judge them)."""
    if isinstance(e, A.Literal):
        return not isinstance(e.value, str)
    if isinstance(e, (A.Cast, A.Construct)):
        return _numeric(e.type)
    if isinstance(e, (A.Unary, A.Binary, A.Comma)):
        return True
    if isinstance(e, A.Member):
        return _numeric_value(cg, e.a, globals_)
    if isinstance(e, A.Ident):
        d = globals_.get(e.name)
        return d is not None and _numeric(d.type)
    if isinstance(e, A.Call) and e.name not in cg.funcs and shaderobj.object_name(e) is None:
        return bool(e.args) and all(_numeric_value(cg, a, globals_) for a in e.args)
    return False


def _check_object_source(cg: CodegenContext, name: str, t: Type, init: A.Node, pos: object,
                         globals_: dict[str, A.VarDecl], static: bool) -> None:
    """An object initialised from a name or a call (d3dcompiler_47 10.1, session 39 MUT): an undeclared name is
    X3004; an object of another type, or a user function's number, X3017; an object of the same type (a global, a
    cast, a function's result) is no literal expression for a uniform, X3011 (a static takes it)."""
    if isinstance(t, ObjectType) and t.kind in EFFECT_KINDS:
        return  # shader and state objects: check.check_compile_shader
    if isinstance(init, A.Ternary):
        from .stringarms import MISMATCH, declared_kind, string_kind

        def ident_kind(n: str) -> str | None:
            d = globals_.get(n)
            return declared_kind(set(d.mods)) if d is not None and str(d.type) == "string" else None

        if str(t) == "string" and string_kind(init, ident_kind) == MISMATCH:  # a literal and a variable (stringarms)
            raise cg.err(init.pos, "type mismatch between conditional values", 3020)
        # each arm judged as the initialiser (fxc 10.1, session 45: ``string s4 = true ? s1 : s1;`` of a uniform
        # string X3011, ``true ? "a" : "b"`` compiles)
        for arm in (init.a, init.b):
            _check_object_source(cg, name, t, arm, pos, globals_, static)
        from .codegen import walk

        uniform = [n for n in walk(init.cond) if isinstance(n, A.Ident) and n.name in globals_ and
                   not {"static", "const"} <= set(globals_[n.name].mods)]
        if uniform and not static:  # a uniform condition is no literal expression either (``f ? "a" : "b"``)
            raise cg.err(pos, f"'{name}': initial value must be a literal expression", 3011)
        return
    base = init.a if isinstance(init, A.Cast) else init
    if isinstance(init, A.Cast) and isinstance(init.type, ObjectType) and _numeric_value(cg, base, globals_):
        # a number cast to an object (10.1, session 48 EFX: ``Texture2D t = (Texture2D)0;`` at fx_5_0 and ps_4_0)
        src_name = base.base if isinstance(base, A.Literal) and base.base in ("int", "uint", "float", "bool") else \
            "int" if isinstance(base, A.Literal) and base.base == "lit_int" else "float"
        raise cg.err(init.pos, f"cannot convert from '{src_name}' to '{init.type}'", 3017)
    src: Type | None = init.type if isinstance(init, A.Cast) else None
    if src is None and isinstance(base, A.Ident):
        d = globals_.get(base.name)
        if d is None and base.name == name and not static:
            src = t  # the variable names itself (10.1, session 48 EFX: ``sampler s = s;`` X3011 at ps_4_0 and fx_2_0)
        elif d is None:
            if base.name not in cg.funcs and base.name != "NULL":
                raise cg.err(base.pos, f"undeclared identifier '{base.name}'", 3004)
            return
        else:
            if {"static", "const"} <= set(d.mods):
                static = True  # a static const is a literal expression
            src = d.type
    elif src is None and isinstance(base, A.Call) and base.name in cg.funcs:
        src = next((f.ret for f in cg.funcs[base.name]), None)
    if src is None:
        return
    if str(src) != str(t) and not (isinstance(src, ObjectType) and isinstance(t, ObjectType) and
                                   src.kind.lower() == t.kind.lower()):
        raise cg.err(pos, f"cannot implicitly convert from 'const {src}' to 'const {t}'", 3017)
    if not static:
        raise cg.err(pos, f"'{name}': initial value must be a literal expression", 3011)


def _check_object(cg: CodegenContext, name: str, t: Type, init: A.Node, pos: object,
                  globals_: dict[str, A.VarDecl], static: bool = False) -> None:
    from .objects import leaf_count

    for x in _flat_items(init) if isinstance(init, A.InitList) else [init]:
        if isinstance(x, A.Ident) and x.name.upper() == "NULL" and x.name != "NULL" and x.name not in globals_:
            # only ``NULL`` is the null object: ``null`` / ``Null`` name nothing (d3dcompiler_47 10.1, session 47
            # EFX: ``Texture3D t = null;``, ``{null, NULL}``, ``BlendState b = null;`` X3004 at ps_4_0 and fx_5_0)
            raise cg.err(x.pos, f"undeclared identifier '{x.name}'", 3004)
    if isinstance(init, A.Literal) and init.base in ("lit_int", "lit_float", "int", "uint", "float", "bool"):
        src = {"lit_int": "int", "lit_float": "float"}.get(init.base, init.base)
        raise cg.err(pos, f"cannot implicitly convert from '{src}' to 'const {t}'", 3017)
    if not isinstance(init, A.InitList):
        if isinstance(init, (A.Unary, A.Binary, A.Ternary, A.Index, A.Member)) and _self_contained(cg, init):
            # the operand's own type error first (d3dcompiler_47 10.1, session 44: ``string s = s1 + s2;`` and
            # ``string s = -s1;`` X3022, ``string s = "a" + q;`` X3004; DXC subobjects-syntax)
            _type_check(cg, init)
        # any other number is no object either (d3dcompiler_47 10.1, session 39 MUT: ``SamplerState s =
        # (float4)1;``, ``Texture2D t = K;`` of a static const, ``= -1``, ``= abs(-1)``: "cannot implicitly convert
        # from 'const float4' to 'const SamplerState'")
        if _numeric_value(cg, init, globals_):
            raise cg.err(pos, f"cannot implicitly convert from a numeric value to 'const {t}'", 3017)
        _check_object_source(cg, name, t, init, pos, globals_, static)
        return  # a sampler_state block, a compile expression: their own rules
    items = _flat_items(init)
    counts = [_components(x, globals_) for x in items]
    if all(n is not None for n in counts) and sum(counts) != leaf_count(t):  # type: ignore[arg-type]
        # one number per object, counted by components (``{K}`` of a scalar compiles, ``{(float4)1}`` is four)
        raise cg.err(pos, f"'{name}': initializer does not match type", 3017)


def _components(e: A.Node, globals_: dict[str, A.VarDecl]) -> int | None:
    """How many numbers a brace list's item holds, where its form shows it (None: not plainly a number)."""
    from .codegen import component_bases

    if isinstance(e, A.Literal):
        return None if isinstance(e.value, str) else 1
    t = e.type if isinstance(e, (A.Cast, A.Construct)) else \
        getattr(globals_.get(e.name), "type", None) if isinstance(e, A.Ident) else None
    return len(component_bases(t)) if isinstance(t, NumType) else None


def _check_numeric(cg: CodegenContext, name: str, t: Type, init: A.Node, pos: object,
                   type_errors: bool = False) -> None:
    """Generate the initialiser as a local's would be, keep only its X3017 (``type_errors``: every type rule's
    error, uncalled.is_type_error), and undo what generating did."""
    from .foldinit import _restore, _snapshot
    from .uncalled import is_type_error

    snap = _snapshot(cg)
    try:
        cg.init_value(init, t, pos)
    except HlslError as e:
        if e.code == 3017:
            if isinstance(init, A.InitList):
                raise cg.err(pos, f"'{name}': initializer does not match type", 3017) from None
            raise
        if type_errors and is_type_error(e):
            raise
    except Exception:  # noqa: BLE001 -- anything else (a value read from a buffer...) is judged elsewhere
        pass
    finally:
        _restore(cg, snap)


def _type_check(cg: CodegenContext, e: A.Node) -> None:
    """Generate ``e`` for its type errors alone (uncalled.is_type_error), undoing what generating did."""
    from .exprs import expr
    from .foldinit import _restore, _snapshot
    from .uncalled import is_type_error

    snap = _snapshot(cg)
    try:
        expr(cg, e)
    except HlslError as err:
        if is_type_error(err):
            raise
    except Exception:  # noqa: BLE001 -- anything else is judged by the later checks, as in _check_numeric
        pass
    finally:
        _restore(cg, snap)


def _literal(e: A.Node, funcs: dict, globals_: dict[str, A.VarDecl]) -> bool:
    """Whether ``e`` is a literal expression for fxc's X3011: literals and ``static const`` globals, combined by
    operators, conditionals, casts, constructors, brace lists, swizzles, indexing and intrinsic calls. A uniform
    (``const`` alone included), a non-const static, a function's result or a method's is not. A name that is no
    global is left to the other checks (X3004)."""
    if isinstance(e, A.Literal):
        return True
    if isinstance(e, A.Ident):
        d = globals_.get(e.name)
        return d is None or ("static" in d.mods and "const" in d.mods)
    if isinstance(e, (A.Cast, A.Member)):
        return _literal(e.a, funcs, globals_)
    if isinstance(e, A.Unary):
        return e.op not in ("++", "--") and _literal(e.a, funcs, globals_)
    if isinstance(e, A.Binary):
        return _literal(e.a, funcs, globals_) and _literal(e.b, funcs, globals_)
    if isinstance(e, A.Ternary):
        return all(_literal(x, funcs, globals_) for x in (e.cond, e.a, e.b))
    if isinstance(e, A.Index):
        return _literal(e.a, funcs, globals_) and _literal(e.index, funcs, globals_)
    if isinstance(e, A.Construct):
        return all(_literal(x, funcs, globals_) for x in e.args)
    if isinstance(e, A.InitList):
        return all(_literal(x, funcs, globals_) for x in e.items)
    if isinstance(e, A.Call) and e.name == "CompileShader":  # ``compile ps_2_0 f()`` (fxc compiles it in a list)
        return True
    if isinstance(e, A.Call):
        return e.name not in funcs and all(_literal(x, funcs, globals_) for x in e.args)
    return False


def check_initializer(cg: CodegenContext, name: str, t: Type, init: A.Node, pos: object,
                      globals_: dict[str, A.VarDecl], param: bool = False, type_errors: bool = False) -> None:
    """X3017 for an initialiser of the wrong shape for ``t``, then X3011 for one that is not a literal expression
    (see the module). ``param``: a parameter's default, whose X3011 text names it "(null)" as fxc's does;
    ``type_errors``: the initialiser's other type errors too (an undeclared name's X3004: an effect's numeric
    variables, whose initialisers no code generator prepares -- effects/fxfuncs.py)."""
    if isinstance(array_leaf(t), ObjectType):
        _check_object(cg, name, t, init, pos, globals_)
    elif _numeric(t):
        if isinstance(init, A.AsmBlock):  # (10.1: ``float4 f = asm { ps_2_0 … };`` X3017, once assembled)
            raise cg.err(pos, f"cannot implicitly convert from 'const {shaderobj.asm_object_name(init)}' to "
                              f"'const {t}'", 3017)
        misused = shaderobj.initializer_error(init, t)  # ``{1, -compile ps_4_0 f()}`` (shaderobj.py)
        if misused is not None:
            raise misused
        misused = nullvalue.initializer_error(cg, init, t, pos, lambda e: nullvalue.is_null(e, globals_))
        if misused is not None:
            raise misused
        init = nullvalue.items_as_zero(init, nullvalue.null_or_string(lambda e: nullvalue.is_null(e, globals_)))
        _check_numeric(cg, name, t, init, pos, type_errors)
        if not _literal(init, cg.funcs, globals_):
            what = "(null)" if param else "initial value"
            raise cg.err(pos, f"'{name}': {what} must be a literal expression", 3011)


def _self_contained(cg: CodegenContext, init: A.Node) -> bool:
    """Whether ``init`` names no groupshared global and holds no shader expression: its type errors are then its own
    (10.1: ``float2 f = {1, nothere};`` X3004, ``{1, sin(1, 2)}`` X3013 at ps_5_0); a compile inside braces is the
    shader-expression rules' (shaderobj.py), so those initialisers keep the shape rules alone here. A uniform
    global, a cbuffer member or an object is bound by now, a numeric static declared earlier stands in as a zero
    of its type (check_initializer_shapes): the initialiser's type errors come before X3011 as fxc's do
    (d3dcompiler_47 10.1, session 44: ``float g = u.q;`` X3018, ``float g = s1 + 1;`` of a string X3022, ``int g
    = u << 1;`` X3082, ``static float2 u; float g = u.q;`` X3018; DXC subobjects-syntax)."""
    from .codegen import walk

    names = {d.name for d in cg.prog.decls if isinstance(d, A.VarDecl) and "groupshared" in d.mods}
    return not any(isinstance(n, A.Ident) and n.name in names or shaderobj.object_name(n) is not None or
                   isinstance(n, A.AsmBlock) for n in walk(init))


def check_initializer_shapes(cg: CodegenContext) -> None:
    """Every uniform global's and cbuffer member's initialiser and every function parameter's default, in
    source order (statics and locals are checked where their code is generated)."""
    globals_: dict[str, A.VarDecl] = {}
    stand_ins: dict = {}  # the statics seen so far (prepared only after this check): zeros of their types
    try:
        _check_in_order(cg, globals_, stand_ins)
    finally:
        cg.globals.update(stand_ins)


def _check_in_order(cg: CodegenContext, globals_: dict[str, A.VarDecl], stand_ins: dict) -> None:
    from .objinit import object_initialiser_error
    from .operands import imm
    from .values import Val

    for d in cg.prog.decls:
        if isinstance(d, A.FuncDef):
            for p in d.params:
                if p.default is not None:
                    check_initializer(cg, p.name, p.type, p.default, p.pos, globals_, param=True,
                                      type_errors=_self_contained(cg, p.default))
            continue
        decls = [d] if isinstance(d, A.VarDecl) else d.members if isinstance(d, A.CBufferDecl) else []
        for v in decls:
            # an initialiser holding effect objects is counted as an effect's is, statics too (objinit.py: 10.1
            # ``PixelShader p[2] = {NULL};`` and ``Texture2D t[2] = NULL;`` are X3017 at ps_5_0 as at fx_5_0)
            shaped = object_initialiser_error(v, globals_)
            if shaped is not None:
                raise shaped
            shaderobj.assemble_braced(v.init)
            if v.init is not None and "static" not in v.mods and "groupshared" not in v.mods:
                check_initializer(cg, v.name, v.type, v.init, v.pos, globals_, type_errors=_self_contained(cg, v.init))
            elif v.init is not None and "static" in v.mods and isinstance(array_leaf(v.type), ObjectType) and \
                    not isinstance(v.init, A.InitList):
                _check_object(cg, v.name, v.type, v.init, v.pos, globals_, static=True)  # ``static SamplerState s = -1``
            globals_.setdefault(v.name, v)
            prepared = cg.globals.get(v.name)
            if "static" in v.mods and _numeric(v.type) and isinstance(prepared, tuple) and prepared[:1] == ("static",):
                stand_ins.setdefault(v.name, prepared)
                cg.globals[v.name] = ("staticval", Val(v.type, [imm(0)] * v.type.slots))
