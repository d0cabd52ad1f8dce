"""Storage-class and interpolation modifier rules per declaration kind, as fxc (SM4/5) applies them.

HLSL reference: MicrosoftDocs direct3dhlsl "Variable Syntax" (storage classes extern, nointerpolation,
precise, shared, groupshared, static, uniform, volatile; type modifiers const, row_major, column_major),
"Function Parameters" (in, out, inout, uniform; interpolation modifiers), "Function Syntax" (a
function's storage class: static or inline). The verdicts and error numbers are fxc's, as recorded per
combination in DXC's SemaHLSL varmods-syntax test (its ``fxc-error`` annotations):

* globals: extern with static, or uniform with static, X3007; groupshared with extern or uniform X3010;
  volatile X3008; a groupshared const without initialiser X3012 (missing initial value; a static const
  global without one is accepted, Windows-verified vkd3d cf-cond-types test);
* locals: uniform X3047, then extern X3006, groupshared X3010, shared X3054; a const that is not static
  needs an initialiser (X3012);
* struct members: (unless static) const X3035, then uniform X3047, extern X3006, groupshared X3010, shared X3054,
  volatile X3008 (static or not: varmods-syntax's ``static volatile float2 f_sta_vol`` is X3008); a static member
  is X3103 "'S::name': variable declared but not defined" until an out-of-class definition gives it storage;
* functions: uniform X3047, extern X3006; precise with const X3025 (the precise return value would be
  written through a const);
* ``inline`` belongs to functions (checked first): on a global, local, loop variable or struct member it is X3055 "... cannot be
  declared 'inline'", on a parameter or a typedef a syntax error (d3dcompiler_47 10.1 under Wine, session 37);
* loop variables (a ``for`` initialiser's): the local rules, static X3007 before them, volatile X3008 after
  them (session 37);
* parameters: static, extern, groupshared and shared are syntax errors (X3000 at the modifier);
* typedefs: only const, precise, volatile, row_major/column_major, sample and center are allowed, any other
  modifier is a syntax error (X3000 at the modifier);
* type modifiers (DXC typemods-syntax): row_major/column_major on a non-matrix X3077, both on a matrix
  X3048; snorm with unorm X3000 at the second; snorm/unorm on a typedef name, or on a type outside the float family
  (double belongs to it), X3085, and in front of the ``matrix<…>``/``vector<…>`` templates X3000 at the template; a type
  modifier written after the type X3000;
* everywhere: nointerpolation with linear, noperspective or centroid X3048; in/out/inout only on
  parameters (X3000 elsewhere).

Each rule table is an ordered list: fxc reports the first rule that matches.
"""

from __future__ import annotations

from collections.abc import Callable

#: (applies(mods), code, message template with {name} and {what})
Rule = tuple[Callable[[frozenset], bool], int, str]

_IN_OUT = ("in", "out", "inout")
_CONST_INTERP_CONFLICTS = ("linear", "noperspective", "centroid")


def _has(*names: str) -> Callable[[frozenset], bool]:
    return lambda m: all(n in m for n in names)


def _has_not(name: str, *names: str) -> Callable[[frozenset], bool]:
    return lambda m: all(n in m for n in names) and name not in m


# The tables' order is fxc's whatever order the words are written in (d3dcompiler_47 10.1 under Wine, session 44:
# every ordered pair of the ten storage words and every triple of the global conflicts, in both orders, gave one
# answer): inline first, then a loop variable's static, a member's const, uniform, extern, groupshared, shared,
# volatile last -- the same sequence in every declaration kind, each kind checking the words it forbids.
GLOBAL_RULES: list[Rule] = [
    (_has("inline"), 3055, "'{name}': global variables cannot be declared 'inline'"),
    (_has("extern", "static"), 3007, "'{name}': extern global variables cannot be declared 'static'"),
    (_has("uniform", "static"), 3007, "'{name}': uniform global variables cannot be declared 'static'"),
    (_has("extern", "groupshared"), 3010, "'{name}': extern global variables cannot be declared 'groupshared'"),
    (_has("uniform", "groupshared"), 3010, "'{name}': uniform global variables cannot be declared 'groupshared'"),
    (_has("volatile"), 3008, "'{name}': global variables cannot be declared 'volatile'"),
]
LOCAL_RULES: list[Rule] = [
    (_has("inline"), 3055, "'{name}': local variables cannot be declared 'inline'"),
    (_has("uniform"), 3047, "'{name}': local variables cannot be declared 'uniform'"),
    (_has("extern"), 3006, "'{name}': local variables cannot be declared 'extern'"),
    (_has("groupshared"), 3010, "'{name}': local variables cannot be declared 'groupshared'"),
    (_has("shared"), 3054, "'{name}': local variables cannot be declared 'shared'"),
]
#: a ``for`` statement's own variables: the local rules in fxc's words for them, and static, volatile and inline
#: too (d3dcompiler_47 10.1 under Wine, session 37: ``for (static int i = 0; ...)`` X3007, ``volatile`` X3008,
#: ``inline`` X3055, where a local may be static or volatile; tests/test_rules_hlsl_fxc_mutants_s37.py)
LOOP_RULES: list[Rule] = [
    (_has("inline"), 3055, "'{name}': loop variables cannot be declared 'inline'"),
    (_has("static"), 3007, "'{name}': loop variables cannot be declared 'static'"),
    (_has("uniform"), 3047, "'{name}': loop variables cannot be declared 'uniform'"),
    (_has("extern"), 3006, "'{name}': loop variables cannot be declared 'extern'"),
    (_has("groupshared"), 3010, "'{name}': loop variables cannot be declared 'groupshared'"),
    (_has("shared"), 3054, "'{name}': loop variables cannot be declared 'shared'"),
    (_has("volatile"), 3008, "'{name}': loop variables cannot be declared 'volatile'"),
]
FIELD_RULES: list[Rule] = [
    (_has("inline"), 3055, "'{name}': struct/class members cannot be declared 'inline'"),
    (_has_not("static", "const"), 3035, "'{name}': struct/class members cannot be declared 'const'"),
    (_has("uniform"), 3047, "'{name}': struct/class members cannot be declared 'uniform'"),
    (_has("extern"), 3006, "'{name}': struct/class members cannot be declared 'extern'"),
    (_has("groupshared"), 3010, "'{name}': struct/class members cannot be declared 'groupshared'"),
    (_has("shared"), 3054, "'{name}': struct/class members cannot be declared 'shared'"),
    (_has("volatile"), 3008, "'{name}': struct/class members cannot be declared 'volatile'"),
]
FUNCTION_RULES: list[Rule] = [
    (_has("uniform"), 3047, "'{name}': functions cannot be declared 'uniform'"),
    (_has("extern"), 3006, "'{name}': functions cannot be declared 'extern'"),
    (_has("precise", "const"), 3025, "l-value specifies const object"),
]
#: modifiers that are a syntax error on a parameter / in a typedef (fxc's grammar has no place for them)
#: the words the parser reads as modifiers before a declaration's type (MicrosoftDocs "Variable Syntax", "Function
#: Parameters", interpolation modifiers, the geometry-shader primitive types)
MODIFIER_WORDS = {
    "const", "static", "uniform", "extern", "volatile", "groupshared", "precise", "row_major", "column_major",
    "nointerpolation", "linear", "centroid", "noperspective", "sample", "in", "out", "inout", "inline", "shared",
    "snorm", "unorm", "globallycoherent", "point", "line", "triangle", "lineadj", "triangleadj", "export",
    "single", "center",  # center: the default sampling location, which fxc accepts as a no-op modifier
}
#: modifiers that are also identifiers where no type or modifier follows. DXC's ParseDecl.cpp keeps fxc's
#: behaviour ("'precise', 'globallycoherent', 'center' and 'sample' are keywords when used as modifiers, but in
#: FXC they can also be used as identifiers": ``float precise = 1;``); point/line/triangle then fail as names
#: (PRIMITIVE_MODIFIERS, rejected by ``ident``)
CONTEXTUAL_MODIFIERS = frozenset({"sample", "point", "line", "triangle", "single", "center", "precise",
                                   "globallycoherent"})

PARAM_SYNTAX_ERRORS = ("groupshared", "extern", "static", "shared", "inline")
TYPEDEF_ALLOWED = frozenset({"const", "precise", "volatile", "row_major", "column_major", "sample", "center",
                             "snorm", "unorm"})
#: the order fxc's grammar meets typedef modifiers in: the first disallowed one is the unexpected token
TYPEDEF_SYNTAX_ORDER = ("groupshared", "extern", "static", "uniform", "shared", "nointerpolation", "linear",
                        "noperspective", "centroid", "in", "out", "inout", "inline")


def first_violation(rules: list[Rule], mods: frozenset, name: str) -> tuple[int, str] | None:
    """The first rule of ``rules`` that ``mods`` breaks: (error number, message), or None."""
    for applies, code, msg in rules:
        if applies(mods):
            return code, msg.format(name=name)
    return None


def interpolation_conflict(mods: frozenset) -> tuple[int, str] | None:
    """nointerpolation (fxc: 'constinterp') excludes the other interpolation modes (X3048); sample and
    center combine with anything."""
    if "nointerpolation" in mods and any(m in mods for m in _CONST_INTERP_CONFLICTS):
        return 3048, "constinterp usage cannot be used with linear, noperspective, or centroid usage"
    return None


def misplaced_in_out(mods: frozenset) -> str | None:
    """in/out/inout outside a parameter list: the modifier fxc's parser stops at."""
    return next((m for m in _IN_OUT if m in mods), None)


def needs_initializer(kind: str, mods: frozenset, has_init: bool) -> bool:
    """X3012 (missing initial value): a groupshared const global (a uniform const comes from the
    application; fxc takes a static const global without initialiser as zero), or a local const that is
    not static."""
    if has_init or "const" not in mods:
        return False
    if kind == "global":
        return "groupshared" in mods
    return kind in ("local", "loop") and "static" not in mods


def object_initializer(kind: str, mods: frozenset, t, name: str, has_init: bool) -> tuple[int, str] | None:
    """X3012 (missing initial value) of an object declared without an initialiser, as fxc's parser reports it at
    the declaration (d3dcompiler_47 10.1, session 40): a local InputPatch / OutputPatch or an array of them
    (called or not), and a ``static const`` texture, sampler, buffer or UAV, global or local. A static const
    number compiles (zero); the effect objects and strings are another rule's (X3007)."""
    from .types import EFFECT_KINDS, PATCH_KINDS, ObjectType, array_leaf

    leaf = array_leaf(t)
    if has_init or not isinstance(leaf, ObjectType) or leaf.kind in EFFECT_KINDS or leaf.kind == "string":
        return None
    if leaf.kind in PATCH_KINDS and kind in ("local", "loop") or "static" in mods and "const" in mods:
        return 3012, f"'{name}': missing initial value"
    return None


def resource_mix(kind: str, mods: frozenset, t, name: str, has_init: bool) -> tuple[int, str] | None:
    """A ``static`` variable without an initialiser, global, local (a function nothing calls too) or a cbuffer's,
    whose struct type holds both objects (textures, samplers, UAVs, at any depth, in arrays of structs too) and
    numbers is X3007 at its name, as fxc's parser reports it (before a later line's syntax or type error); a
    struct of objects alone may be static, and one with an initialiser compiles (``static S s = g;``, ``= { 1, t
    }``). A ``groupshared`` global holding an object, alone, in an array or a struct, in a cbuffer too, is X3010
    (d3dcompiler_47 10.1 under Wine, session 48, at ps_4_0 / ps_5_0 / ps_5_1 / cs_5_0)."""
    from .objects import has_object
    from .types import StructType, array_leaf

    if kind not in ("global", "local") or not has_object(t):
        return None
    if "groupshared" in mods and kind == "global":
        return 3010, f"'{name}': groupshared variables cannot hold resources"
    if "static" in mods and not has_init and isinstance(array_leaf(t), StructType) and _holds_numbers(t):
        return 3007, (f"'{name}': variables containing textures, samplers and UAVs can only be declared 'static' if "
                      "the variable only contains resources")
    return None


def _holds_numbers(t) -> bool:
    from .types import ArrayType, NumType, StructType

    if isinstance(t, ArrayType):
        return _holds_numbers(t.elem)
    if isinstance(t, StructType):
        return any(_holds_numbers(f[1]) for f in t.fields)
    return isinstance(t, NumType)


#: fxc's warning X3207, word for word as DXC's varmods-syntax.hlsl records it
CONST_GLOBAL_INITIALIZER = ("Initializer used on a global 'const' variable. This requires setting an external "
                            "constant. If a literal is desired, use 'static const' instead.")


def const_global_initializer(mods: frozenset, has_init: bool) -> bool:
    """X3207: a global ``const`` with an initialiser that is neither ``static`` nor ``groupshared`` — its value is
    the application's constant, the initialiser only a default (DXC SemaHLSL varmods-syntax.hlsl's fxc records:
    ``const``, ``uniform const``, ``precise const``, ``extern const`` and their combinations warn; ``static
    const``, ``groupshared const`` and globals without ``const`` do not)."""
    return has_init and "const" in mods and "static" not in mods and "groupshared" not in mods


#: modifiers that may only precede the type (X3000 at the modifier when written after it)
TYPE_MODIFIERS = ("row_major", "column_major", "snorm", "unorm", "in", "out", "inout")


def type_modifier_violation(mods: frozenset, elem, kind: str) -> tuple[int, str] | None:
    """Majority and normalisation modifiers against the declared element type ``elem`` (a types.Type;
    ``kind``: 'typedef' when spelled through a typedef name, 'template' for ``matrix<…>``/``vector<…>``,
    else 'plain'). (3000, '') means a syntax error at the type's first token."""
    from .types import DOUBLE, FLOAT, NumType, ObjectType, VoidType

    # snorm / unorm are judged before the majority (d3dcompiler_47 10.1, session 44: ``row_major column_major snorm
    # matrix<float, 2, 3>`` is X3000 at ``matrix``, ``column_major unorm RM`` of a typedef'd row_major matrix and
    # ``row_major snorm S`` X3085, not X3048 / X3077; DXC typemods-syntax)
    norm = next((m for m in ("snorm", "unorm") if m in mods), None)
    if norm is not None:
        if kind == "template" or isinstance(elem, (ObjectType, VoidType)):
            # (``unorm Texture2D``, ``unorm SamplerState``, ``unorm string``, ``unorm void``: fxc's syntax error at
            # the type's word, d3dcompiler_47 10.1, session 48; a struct or typedef name is X3085 below)
            return 3000, ""
        # the float family, double included (fxc-pass for ``snorm double`` in DXC scalar-assignments)
        if kind == "typedef" or not (isinstance(elem, NumType) and elem.base in (FLOAT, DOUBLE)):
            return 3085, f"{norm} can not be used with type"
    major = [m for m in ("row_major", "column_major") if m in mods]
    if major and not (isinstance(elem, NumType) and elem.shape == "m"):
        # a struct or object too (d3dcompiler_47 10.1, session 35: ``row_major S s;`` of a struct holding a
        # matrix, ``row_major Texture2D t;``, ``(row_major float4)v`` are X3077)
        return 3077, "non-matrix types cannot be declared 'row_major' or 'column_major'"
    if major and isinstance(elem, NumType):
        # a typedef keeps the majority it was declared with: the other one conflicts like both written
        if len(major) == 2 or kind == "typedef" and elem.row_major is not None and \
                elem.row_major != (major[0] == "row_major"):
            return 3048, "matrix types cannot be both column_major and row_major"
    return None


#: statement attributes fxc knows (MicrosoftDocs "for"/"while"/"do"/"if"/"switch" Statement pages)
STATEMENT_ATTRIBUTES = frozenset({"loop", "unroll", "fastopt", "allow_uav_condition", "branch", "flatten",
                                  "forcecase", "call"})
#: pairs fxc refuses on one statement: X3524 ERR_DUPLICATE_ATTRIBUTE, "Specific attributes can't be used
#: together, like loop and unroll, or a duplicate attribute was supplied" (MicrosoftDocs "HLSL errors and
#: warnings"); the text "can't use A and B attributes together" as DXC's attributes test records it for
#: loop/unroll and fastopt/unroll; branch/flatten (if, switch) are the other contradictory pair
EXCLUSIVE_STATEMENT_ATTRIBUTES = (("loop", "unroll"), ("fastopt", "unroll"), ("branch", "flatten"))
#: the attributes each statement takes (MicrosoftDocs direct3dhlsl "for"/"while"/"do" Statement: unroll, loop,
#: fastopt, allow_uav_condition; "if Statement": branch, flatten; "switch Statement": flatten, branch,
#: forcecase, call); any other statement takes none
_LOOP_ATTRIBUTES = frozenset({"loop", "unroll", "fastopt", "allow_uav_condition"})
_STATEMENT_ATTRIBUTES_BY_KEYWORD = {"for": _LOOP_ATTRIBUTES, "while": _LOOP_ATTRIBUTES, "do": _LOOP_ATTRIBUTES,
                                    "if": frozenset({"branch", "flatten"}),
                                    "switch": frozenset({"flatten", "branch", "forcecase", "call"})}


#: a switch takes at most one of these (fxc 10.1: "can't use branch, flatten, call  or case attributes together",
#: its double space kept; session 38)
_SWITCH_MODES = frozenset({"branch", "flatten", "call", "forcecase"})


def statement_attribute_conflict(spelled: list, valid: frozenset, keyword: str) -> tuple | None:
    """X3524 for a statement's attribute list ``spelled`` ((token, name as written) in order), as (position,
    message), or None. d3dcompiler_47 10.1 (session 38, tests/test_rules_hlsl_fxc_verdicts_acc38.py): first any
    attribute written twice, case-sensitively ([Unroll] [unroll] compiles: fxc knows only the lower-case names), whether the statement takes it or
    not ("duplicate attribute unroll" on an ``if``); then, among the attributes the statement takes, two of a
    switch's branch / flatten / call / forcecase, or an exclusive pair of a loop's or an ``if``'s
    (EXCLUSIVE_STATEMENT_ATTRIBUTES; ``[branch] [flatten]`` on a loop is ignored, not refused). fxc judges the
    list only where the statement is compiled: not in a function nothing calls, nor in a branch a constant
    condition leaves out."""
    seen: set[str] = set()
    for tok, raw in spelled:
        if raw in seen:
            return tok.pos, f"duplicate attribute {raw}"
        seen.add(raw)
    taken = [(tok, raw) for tok, raw in spelled if raw in valid]
    names = {n for _, n in taken}
    if keyword == "switch":
        modes = [tok for tok, n in taken if n in _SWITCH_MODES]
        if len(modes) > 1:
            return modes[1].pos, "can't use branch, flatten, call  or case attributes together"
        return None
    pair = next((pr for pr in EXCLUSIVE_STATEMENT_ATTRIBUTES if names >= set(pr)), None)
    if pair is not None:
        last = max((tok for tok, n in taken if n in pair), key=lambda t: (t.pos.line, t.pos.col))
        return last.pos, f"can't use {pair[0]} and {pair[1]} attributes together"
    return None


def statement_attributes(keyword: str) -> tuple[frozenset, str]:
    """(the attributes a statement starting with ``keyword`` takes, the tail fxc adds to its X3554 warning).
    fxc's text for a loop, "…, valid attributes are: loop, fastopt, unroll, allow_uav_condition", is
    recorded in DXC's attributes.hlsl; for if/switch the list is not recorded and is left out."""
    valid = _STATEMENT_ATTRIBUTES_BY_KEYWORD.get(keyword, frozenset())
    listed = ", valid attributes are: loop, fastopt, unroll, allow_uav_condition" if valid is _LOOP_ATTRIBUTES else ""
    return valid, listed
