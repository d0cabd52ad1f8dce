"""What an annotation's value may name (every effect target).

d3dcompiler_47 10.1 evaluates an annotation's initialiser as a literal expression whose names are the ``static
const`` globals declared before it (session 38, helper EFX; ANNOTATION_SCOPE_ROWS): any other global (a uniform,
a ``const`` without ``static`` -- an external constant, fxc's X3207 --, a ``static`` variable) and an annotation
of the same list are X3011 "'a': value must be a literal expression"; a name outside that scope (an annotation of
another object) is X3004 "undeclared identifier".
"""

from __future__ import annotations

from collections.abc import Iterable

from ..shader.hlsl import ast as A
from ..shader.hlsl.codegen import component_bases, walk
from ..shader.hlsl.constexpr import literal_components
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.foldinit import effect_initial_value, sized_type
from ..shader.hlsl.intrinsics import is_intrinsic
from ..shader.hlsl.sbops import value_type
from ..shader.hlsl.types import SAMPLER_KINDS, ArrayType, NumType, ObjectType, Type, array_leaf
from .fxparse import STATE_BLOCK_VALUE, Annotation


def static_const_names(decls: Iterable[A.Node]) -> dict[str, A.VarDecl]:
    """The globals an annotation may read, by name: ``static const`` variables, a constant buffer's too (an
    ordinary static global to fxc: ``cbuffer c { static const int b = 123; }`` then ``< int a = b; >`` compiles at
    fx_2_0 and fx_5_0, d3dcompiler_47 10.1, session 45 EFX)."""
    out: dict[str, A.VarDecl] = {}
    for d in decls:
        members = d.members if isinstance(d, A.CBufferDecl) else [d]
        out.update((m.name, m) for m in members if isinstance(m, A.VarDecl) and {"static", "const"} <= set(m.mods))
    return out


def global_names(decls: Iterable[A.Node]) -> set[str]:
    """Every global variable's and function's name (constant-buffer members included)."""
    out: set[str] = set()
    for d in decls:
        if isinstance(d, (A.VarDecl, A.FuncDef)):
            out.add(d.name)
        elif isinstance(d, A.CBufferDecl):
            out.update(m.name for m in d.members if isinstance(m, A.VarDecl))
    return out


def check_annotation_names(items: list[Annotation], static_consts: dict[str, A.VarDecl], globals_: set[str],
                           file: str) -> None:
    """Raise fxc's error for the first annotation of a list whose value fails. Each value is judged as fxc reduces
    it (d3dcompiler_47 10.1, session 42 EFX: ANNOTATION_ORDER_ROWS): a name that names nothing (X3004) first, then
    the conversion to the annotation's type (``< int a[2] = 1; >``, ``< int a = 1; string b = a; >``: X3017), then
    the literal-expression rule for the names it may not read (X3011), then the other kind and count errors."""
    earlier: dict[str, Annotation] = {}
    for a in items:
        literal_error: HlslError | None = None
        if a.value is not None and any(_written(n) is not None for n in walk(a.value)):
            # a write is typed where it stands, after the names before it and before anything to its right or the
            # value's conversion (``< int a = 1; int b = ++a + undeclared; >``, ``int b[2] = ++a``: X3025, not
            # X3004 / X3011 / X3017; ``++undeclared`` X3004; d3dcompiler_47 10.1 at every target, session 47 EFX)
            _check_writes(a.value, set(static_consts) | globals_ | set(earlier) | {a.name, "NULL", STATE_BLOCK_VALUE},
                          file)
        names = {k: d.type for k, d in static_consts.items()}
        names.update((k, v.type) for k, v in earlier.items())
        for n in _typed_items(a.value, names):
            if isinstance(n, A.Call) and not is_intrinsic(n.name):
                # fxc: X3004 for a call of no function (``{1, dword2(2, 3), 4}``), X3011 for a user function's, in a
                # left-out technique too
                if n.name not in globals_:
                    raise HlslError(n.pos.file or file, n.pos.line, n.pos.col, 3004,
                                    f"undeclared identifier '{n.name}'")
                literal_error = literal_error or HlslError(n.pos.file or file, n.pos.line, n.pos.col, 3011,
                                                           f"'{a.name}': value must be a literal expression")
                continue
            if not isinstance(n, A.Ident) or n.name in static_consts or n.name in ("NULL", STATE_BLOCK_VALUE):
                continue
            pos = n.pos or a.pos
            where = (pos.file or file, pos.line, pos.col) if pos is not None else (file, 1, 1)
            # (the annotation's own name is in scope in its value: ``< int a = a; >`` is X3011, d3dcompiler_47 10.1,
            # session 44)
            if n.name not in earlier and n.name != a.name and n.name not in globals_:
                raise HlslError(*where, 3004, f"undeclared identifier '{n.name}'")
            literal_error = literal_error or HlslError(*where, 3011, f"'{a.name}': value must be a literal expression")
        converted = _conversion_error(a, earlier, static_consts)
        if converted is not None:
            pos = a.value.pos if a.value is not None and a.value.pos is not None else a.pos
            raise HlslError(pos.file or file, pos.line, pos.col, *converted)
        if literal_error is not None:
            raise literal_error
        earlier[a.name] = a
        found = None if _names_string(a.value, static_consts) else _value_kind_error(a)
        if found is not None:
            pos = a.value.pos if a.value is not None and a.value.pos is not None else a.pos
            raise HlslError(pos.file or file, pos.line, pos.col, *found)


def _typed_items(value: A.Node | None, names: dict):
    """The nodes of ``value`` for check_annotation_names' name checks; a brace list's items one after the other,
    each typed with the compiler's expression rules (sbops.value_type) once its names are checked: fxc types a
    brace item as it reduces it, before the items after it and the list's conversion (d3dcompiler_47 10.1, session
    49 EFX: ``< float4 a = {1, ~float2(2, 3), 4}; >`` X3082, ``{1, -"s", 2, 3}`` X3022, ``{1, float2(1, 2).xyz,
    2}`` X3018, ``{1, max(1), 2, 3}`` X3013, ``{~1.5, undeclared}`` X3082 but ``{undeclared, ~1.5}`` X3004, at every
    fx target and at ps_4_0; were compiled, or fx_2_0's X3011)."""
    if value is None:
        return
    if not isinstance(value, A.InitList):
        yield from walk(value)
        return
    for item in value.items:
        if isinstance(item, A.InitList):
            yield from _typed_items(item, names)
            continue
        yield from walk(item)
        value_type(item, names)


def _written(n: A.Node) -> A.Node | None:
    """The operand ``n`` writes (``++x``, ``x--``, ``x = 1``, ``x += 1``), or None."""
    if isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
        return n.a
    return n.target if isinstance(n, A.Assign) else None


def _check_writes(n: A.Node, known: set[str], file: str) -> None:
    """Type ``n`` in evaluation order (operands left to right, then their operator): a name or a function that
    names nothing ``known`` is X3004, a write X3025 (check_annotation_names)."""
    for child in A.children(n):
        _check_writes(child, known, file)
    pos = n.pos
    if isinstance(n, (A.Ident, A.Call)) and n.name not in known and not (isinstance(n, A.Call) and
                                                                         is_intrinsic(n.name)):
        raise HlslError(pos.file or file, pos.line, pos.col, 3004, f"undeclared identifier '{n.name}'")
    if _written(n) is not None:
        raise HlslError(pos.file or file, pos.line, pos.col, 3025, "l-value specifies const object")


def _typed_conversion_error(a: Annotation, t: Type | None) -> tuple[int, str] | None:
    """X3017 for a typed value of the other kind: a number for an object or a string, a string for a number, a
    vector of fewer components than the annotation's (d3dcompiler_47 10.1 at every target, session 47 EFX:
    ``static const int b = 123;`` then ``< PixelShader a = b; >``, ``< sampler a = -b; >``, ``< int a = s; >`` of a
    static const string; ``< string a = s; >`` compiles)."""
    leaf = array_leaf(a.type)
    if isinstance(t, NumType) and isinstance(leaf, ObjectType):
        return 3017, f"cannot implicitly convert from 'const {t}' to 'const {leaf}'"
    if isinstance(t, ObjectType) and t.kind == "string" and isinstance(leaf, NumType):
        return 3017, f"cannot implicitly convert from 'const string' to 'const {a.type}'"
    if isinstance(t, NumType) and isinstance(leaf, NumType) and 1 < len(component_bases(t)) < \
            len(component_bases(leaf)) and t.shape != "m" and leaf.shape != "m":
        return 3017, f"cannot implicitly convert from 'const {t}' to 'const {a.type}'"
    return None


def _conversion_error(a: Annotation, earlier: dict[str, Annotation],
                      static_consts: dict[str, A.VarDecl] | None = None) -> tuple[int, str] | None:
    """fxc's X3017 for a value that does not convert to the annotation's type whatever it holds: one value that is
    no brace list for an array (sized or not), a string from a numeric annotation of the list, a typed value of
    another kind (:func:`value_type`)."""
    if a.value is None or isinstance(a.value, A.InitList) or is_null_value(a.value):
        return None
    if not isinstance(a.type, ArrayType) and not (isinstance(a.value, A.Ident) and a.value.name == STATE_BLOCK_VALUE):
        names = {k: d.type for k, d in (static_consts or {}).items()}
        names.update((k, v.type) for k, v in earlier.items())
        found = _typed_conversion_error(a, value_type(a.value, names))  # (sbops.value_type)
        if found is not None:
            return found
    if isinstance(a.value, A.Ident) and a.value.name == STATE_BLOCK_VALUE:
        # ``sampler s = sampler_state { ... }`` is a sampler's value (10.1 at the shader targets, session 46 EFX)
        leaf = array_leaf(a.type)
        if isinstance(leaf, ObjectType) and leaf.kind in SAMPLER_KINDS:
            return None
        return 3017, f"cannot implicitly convert from 'const StateBlock' to 'const {a.type}'"
    if isinstance(a.type, ArrayType):
        return 3017, f"cannot convert from a single value to 'const {a.type}'"
    leaf = array_leaf(a.type)
    src = earlier.get(a.value.name) if isinstance(a.value, A.Ident) else None
    if src is not None and isinstance(leaf, ObjectType) and isinstance(array_leaf(src.type), NumType):
        # a string, a sampler, a texture, a shader from a numeric annotation of the list (10.1, sessions 42 and 46)
        return 3017, f"cannot implicitly convert from 'const {src.type}' to 'const {leaf}'"
    if isinstance(leaf, NumType):
        # a vector of fewer components than the annotation's (more truncate, one splats): ``float3 b =
        # float2(1, 2);``, ``float3 b = a;`` of an earlier float2 (10.1 at every target, session 46 EFX)
        have = len(component_bases(src.type)) if src is not None and isinstance(src.type, NumType) else \
            literal_components(a.value) if src is None else None
        if have is not None and 1 < have < len(component_bases(leaf)):
            return 3017, f"cannot implicitly convert to 'const {a.type}'"
    return None


def _names_string(v: A.Node | None, static_consts: dict[str, A.VarDecl]) -> bool:
    """A value that names a ``static const string`` (``< string a = s; >`` compiles: 10.1, session 47 EFX)."""
    d = static_consts.get(v.name) if isinstance(v, A.Ident) else None
    return d is not None and isinstance(d.type, ObjectType) and d.type.kind == "string"


def string_const(v: A.Node, static_consts: dict[str, A.VarDecl]) -> A.Node:
    """A string annotation's value with a ``static const string``'s name replaced by its literal (the string fxc
    stores, 10.1's fx_2_0 objects, session 47 EFX); ``v`` itself otherwise."""
    if _names_string(v, static_consts):
        init = static_consts[v.name].init  # type: ignore[union-attr]
        if isinstance(init, A.Literal) and isinstance(init.value, str):
            return init
    return v


def _unsized(t) -> bool:
    """``float a[] = {…}``: sized by its initialiser."""
    while isinstance(t, ArrayType):
        if t.count == 0:
            return True
        t = t.elem
    return False


def is_null_value(n: A.Node | None) -> bool:
    """An annotation's value that is ``NULL`` itself (an annotation list has no variable of that name)."""
    return isinstance(n, A.Ident) and n.name == "NULL"


def _is_string(n: A.Node) -> bool:
    return isinstance(n, A.Literal) and isinstance(n.value, str)


def _value_kind_error(a: Annotation) -> tuple[int, str] | None:
    """fxc's type error for an annotation value of the wrong kind or count (see the module doc), or None."""
    if a.value is None:
        return None
    if any(isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--") or isinstance(n, A.Assign)
           for n in walk(a.value)):
        return 3025, "l-value specifies const object"
    leaf = array_leaf(a.type)
    items = a.value.items if isinstance(a.value, A.InitList) else [a.value]
    if is_null_value(a.value):
        # NULL is a value of type null (shader/hlsl/nullvalue.py): a string takes it, a number does not
        # (d3dcompiler_47 10.1, session 42 EFX: ``< string s = NULL; >`` compiles, ``< int i = NULL; >`` X3017)
        if isinstance(leaf, NumType):
            return 3017, f"cannot implicitly convert from 'const null' to 'const {a.type}'"
        return None
    if isinstance(leaf, ObjectType):
        if leaf.kind == "string":
            bad = next((x for x in items if not _is_string(x) and not isinstance(x, A.InitList)), None)
            if bad is not None and not isinstance(a.value, A.InitList):
                return 3017, "cannot implicitly convert from 'const int' to 'const string'"
            return None
        if any(isinstance(x, A.Literal) for x in items):
            return 3017, f"cannot implicitly convert from 'int' to 'const {leaf.kind.lower()}'"
        return None
    if not isinstance(leaf, NumType):
        return None
    if isinstance(a.value, A.InitList) and braced_other_kind(a):
        return None  # braces: counted, not type-checked (check.string_braces_error)
    if any(_is_string(n) for n in walk(a.value)):
        return 3017, f"cannot implicitly convert from 'const string' to 'const {leaf}'"
    if isinstance(a.value, A.InitList):
        count, stack = 0, list(a.value.items)
        while stack:
            x = stack.pop()
            if isinstance(x, A.InitList):
                stack.extend(x.items)
                continue
            n = literal_components(x)
            if n is None:
                return None  # judged by the evaluation (a name, an intrinsic)
            count += n
        if _unsized(a.type):
            per = len(component_bases(array_leaf(a.type)))
            if per and count % per:
                return 3075, f"'{a.name}': implicit array type does not match value"
        elif count != len(component_bases(a.type)):
            return 3017, f"'{a.name}': initializer does not match type"
    return None


def braced_other_kind(a: Annotation) -> bool:
    """A brace list of the other kind (strings for a number, numbers for a string): fxc 10.1's front end takes
    ``< float a = {"s"}; >`` and ``< string a = {1}; >`` (session 38 EFX); fx_2_0 stores zeros / an empty string,
    fx_4/fx_5 fail such an annotation of a technique they keep (no error number)."""
    if not isinstance(a.value, A.InitList):
        return False
    leaf = array_leaf(a.type)
    is_string = isinstance(leaf, ObjectType) and leaf.kind == "string"
    return any(_is_string(n) != is_string for n in walk(a.value) if isinstance(n, A.Literal))


def check_local_annotations(parser, file: str) -> None:
    """Read a local variable's annotation list (``parser`` at its ``<``) as fxc does before it reports the local's
    X3040 "local variables cannot have annotations" (d3dcompiler_47 10.1 at every target, session 45 EFX,
    LOCAL_ANNOTATION_ROWS): the list's grammar (a syntax error, X3006 ``extern``, X3012 a missing value, X3003 a
    name twice) and its values' names and types (X3004, X3017, X3011) come first, then the initialiser
    (``= undeclared`` X3004), then X3040 -- before the syntax error of a token after the declarator. The names in
    scope are the program's globals declared so far. Leaves ``parser`` after the list's ``>``."""
    read_annotation_list(parser, file)


def read_annotation_list(parser, file: str) -> None:
    """Read the annotation list at ``parser``'s ``<`` with the effect grammar (fxparse.EffectParser) and judge it
    (:func:`judge_annotations`), the names in scope the program's globals declared so far; leaves ``parser`` after
    the list's ``>``. The shader targets' parser reads every list so (parser.Parser.skip_annotations)."""
    from .fxparse import EffectParser

    sub = EffectParser(parser.toks[parser.i:])
    sub.types.update(parser.types)  # the structs and typedefs declared so far
    sub.annotation_judging = False  # (judged here, against the outer parser's globals)
    sub.skip_annotations()
    parser.i += sub.i
    judge_annotations(sub._last_annotations, list(getattr(parser, "program_decls", None) or []), parser.consts,
                      file)


def judge_annotations(items: list[Annotation], decls: list[A.Node], consts: dict, file: str) -> None:
    """Judge an annotation list as fxc does while it parses, at every target (a global's, a buffer's, a function's,
    a parameter's, a technique's or a pass's list at the shader targets too: d3dcompiler_47 10.1, session 46 EFX,
    ANNOTATION_ROWS): the names its values read among the globals declared so far (``decls``: a ``static const``
    declared below is X3004), their conversions and kinds (check_annotation_names), a numeric constructor's
    component count (X3014), then each numeric value's evaluation."""
    check_annotation_names(items, static_const_names(decls), global_names(decls), file)
    for a in items:
        if a.value is None:
            continue
        for n in walk(a.value):
            found = constructor_count_error(n)
            if found is not None:
                pos = n.pos or a.pos
                raise HlslError(pos.file or file, pos.line, pos.col, 3014, found)
    for a in items:  # a numeric value's own evaluation errors
        if isinstance(array_leaf(a.type), NumType) and a.value is not None and not braced_other_kind(a):
            effect_initial_value(sized_type(a.type, a.value, consts, a.pos), a.value, consts, a.pos)


def member_default_error(name: str, t, value: A.Node, decls: list[A.Node], consts: dict,
                         file: str) -> HlslError | None:
    """A struct member's default value is typed before fxc refuses it (X3009): judged as an annotation's value,
    its X3004 (a name declared nowhere), X3014 (a constructor's count) and X3017 (``Texture t = 1;``, ``float f =
    "a";``) come first (d3dcompiler_47 10.1 at fx_2_0, fx_5_0 and ps_4_0, session 46 EFX); None for the others."""
    try:
        judge_annotations([Annotation(name, t, value, value.pos)], decls, consts, file)
    except HlslError as exc:
        return exc if exc.code in (3004, 3014, 3017) else None
    except Exception:  # noqa: BLE001 - a value the annotation rules cannot judge: the member's own X3009
        return None
    return None


def constructor_count_error(n: A.Node) -> str | None:
    """X3014's text for a numeric constructor of literal arguments whose components do not number its type's
    (``float4(1, 2, 3, 4, 5)``, ``float4x4(1, 2, 3)``, ``{1, float3(2, 3), 4}``; 10.1 at every target)."""
    if not (isinstance(n, A.Construct) and isinstance(n.type, NumType)) or not n.args:
        return None
    counts = [literal_components(x) for x in n.args]
    if any(c is None for c in counts) or sum(counts) == len(component_bases(n.type)):  # type: ignore[arg-type]
        return None
    return "incorrect number of arguments to numeric-type constructor"
