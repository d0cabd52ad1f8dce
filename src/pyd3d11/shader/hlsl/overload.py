"""User-function overload resolution as fxc does it (HLSL: "Functions", overloading).

A declaration is *viable* when the call's argument count fits (trailing defaults) and every argument
converts implicitly to its parameter. Each argument's conversion is summarised as a set of costs, worst
first: component-count narrowing > component-class change (bool/int/float) > component-type change >
component-type narrowing (bit width) > component-count widening > a promotion past the nearest wider
type (half -> double where half -> float exists: promotions prefer the smaller type). A vector and a
matrix of as many components convert both ways at no cost, so ``f(float4)`` and ``f(float2x2)`` are
ambiguous for either argument (Windows-verified vkd3d function-overload test "Some matrices are
implicitly compatible with vectors and will ambiguate with them"). A candidate beats another when it is no
worse for any argument and better for one; when neither wins that way, the union of costs over all
arguments decides; what is still tied is ambiguous (X3067). Untyped integer literals have no exact type
(``f(3)`` with ``f(int)``/``f(uint)`` is ambiguous); ``half`` and the min-precision types are their own
16-bit types here although they are stored as 32-bit values on SM4/5.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import ast as A
from .objcompat import objects_compatible
from .types import (
    DOUBLE,
    LIT_FLOAT,
    LIT_INT,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
)

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .diagnostics import HlslError

# conversion cost bits (a larger value is a worse conversion)
TYPE_RAISING = 1  # int -> uint (a typed int; an untyped literal is as far from either), below a narrowing: fxc takes
#                   f(uint) before f(min16int) for an int
FAR_PROMOTION = 2  # a 16-bit float promoted past float to double (half -> double loses to half -> float)
COUNT_WIDENING = 4
TYPE_NARROWING = 8
TYPE_MISMATCH = 16
CLASS_MISMATCH = 32
CLASS_RAISING = 64  # to a later class of bool < int < float: int -> float costs more than float -> int
COUNT_NARROWING = 128

_CLASS = {"bool": "b", "int": "i", "uint": "i", "float": "f", "double": "f", LIT_INT: "i", LIT_FLOAT: "f"}
_CLASS_RANK = {"b": 0, "i": 1, "f": 2}
_SAMPLERS = frozenset({"SamplerState", "sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE",
                       "sampler_state"})
_GENERIC = frozenset({"texture", "Texture", "sampler"})


def _ident(t: NumType) -> str:
    """The component type as overload ranking sees it (the spelled low-precision name when there is one)."""
    if t.base in (LIT_INT, LIT_FLOAT):
        # untyped: equally far from int and uint, and from float and double (DXC's SemaHLSL const-expr.hlsl
        # records fxc's X3067 for `overload1(1.5)` over float, double, int, uint and min12int overloads)
        return t.base
    return t.prec or concrete(t.base)


def _width(t: NumType) -> int:
    if t.prec is not None:
        return 16
    return 64 if t.base == DOUBLE else 32


def _is_scalar(t: NumType) -> bool:
    return t.rows == 1 and t.cols == 1


def numeric_compatible(src: NumType, dst: NumType) -> bool:
    """Implicit conversion between numeric shapes (broadcast, truncation, matrix/vector rules)."""
    if _is_scalar(src) or _is_scalar(dst):
        return True
    sm, dm = src.shape == "m", dst.shape == "m"
    if sm and dm:
        return src.rows >= dst.rows and src.cols >= dst.cols
    if sm or dm:
        if src.n == dst.n:
            return True
        line_s = not sm or src.rows == 1 or src.cols == 1
        line_d = not dm or dst.rows == 1 or dst.cols == 1
        return line_s and line_d and src.n >= dst.n
    return src.n >= dst.n


def flat_components(t: Type | None, component: Callable[[NumType], Any] | None = None) -> list | None:
    """The component types of ``t`` in order (None when it holds an object): each numeric part's concrete base, or
    what ``component`` makes of it."""
    return _flat(t, component)


def _flat(t: Type | None, component: Callable[[NumType], Any] | None = None) -> list | None:
    if isinstance(t, NumType):
        return [concrete(t.base) if component is None else component(t)] * t.n
    if isinstance(t, ArrayType):
        e = _flat(t.elem, component)
        return None if e is None else e * t.count
    if isinstance(t, StructType):
        out: list = []
        for f in t.fields:
            e = _flat(f[1], component)
            if e is None:
                return None
            out += e
        return out
    return None


def _object_compatible(a: ObjectType, p: ObjectType) -> bool:
    if not objects_compatible(a, p):  # two D3D10+ resources of another kind or element type (objcompat.py)
        return False
    if a.kind == p.kind or a.kind in _GENERIC or p.kind in _GENERIC:
        return p.kind not in ("InputPatch", "OutputPatch") or not a.samples or a.samples == p.samples
    return a.kind in _SAMPLERS and p.kind in _SAMPLERS


def compatible(at: Type, pt: Type) -> bool:
    """Whether an argument of type ``at`` converts implicitly to a parameter of type ``pt``."""
    from .classes import ClassType, InterfaceType

    if isinstance(pt, InterfaceType) or isinstance(at, InterfaceType):
        # an interface parameter takes the same interface or an instance of a class implementing it
        return at is pt or isinstance(pt, InterfaceType) and isinstance(at, ClassType) and at.implements(pt)
    if isinstance(pt, NumType) or isinstance(at, NumType):
        return isinstance(pt, NumType) and isinstance(at, NumType) and numeric_compatible(at, pt)
    if isinstance(pt, ObjectType):
        if pt.kind in ("InputPatch", "OutputPatch") and isinstance(at, ArrayType):
            return pt.samples == at.count
        # NULL passes for any object: an unassigned one (fxc 10.1, session 45: ``f(NULL)`` of ``f(SamplerState s)``
        # compiles while ``s`` is unused, X3538 once it samples)
        return isinstance(at, ObjectType) and (at.kind == "null" or _object_compatible(at, pt))
    if isinstance(at, ObjectType):
        return False
    if at is pt or str(at) == str(pt) and type(at) is type(pt) and not isinstance(at, StructType):
        return True
    fa, fp = _flat(at), _flat(pt)
    return fa is not None and fa == fp


def cost(at: Type, pt: Type) -> int:
    """Conversion cost bits of one argument (0 for non-numeric arguments, which match exactly or not)."""
    if not (isinstance(at, NumType) and isinstance(pt, NumType)):
        return 0
    c = 0
    if at.n > pt.n:
        c |= COUNT_NARROWING
    if _CLASS[at.base] != _CLASS[pt.base]:
        c |= CLASS_MISMATCH
        if _CLASS_RANK[_CLASS[at.base]] < _CLASS_RANK[_CLASS[pt.base]]:
            # fxc ranks a conversion toward bool below one toward float: ``f(float)`` beside ``f(bool)`` takes
            # the bool one for an int argument or literal; bool -> int and bool -> float stay tied (X3067), and
            # float -> int beside float -> bool (d3dcompiler_47 10.1 listings, session 48)
            c |= CLASS_RAISING
    elif at.base == "int" and pt.base == "uint":
        c |= TYPE_RAISING  # ``f(uint)`` beside ``f(out uint)`` takes the out one for an int (uint -> int back)
    if _ident(at) != _ident(pt):
        c |= TYPE_MISMATCH
    if _width(at) > _width(pt):
        c |= TYPE_NARROWING
    if at.n < pt.n:
        c |= COUNT_WIDENING
    if _width(at) == 16 and _CLASS[at.base] == "f" and pt.base == DOUBLE:
        c |= FAR_PROMOTION
    return c


def viable(f: A.FuncDef, arg_types: list[Type], stores: list[bool] | None = None, outputs: bool = True) -> bool:
    """``stores``: whether each argument designates storage (:func:`designates_storage`; None: all do);
    ``outputs``: whether an out / inout parameter must fit its argument (:func:`_output_fits`)."""
    if len(arg_types) > len(f.params) or len(arg_types) < sum(1 for p in f.params if p.default is None):
        return False
    return all(compatible(a, p.type) and (not outputs or _output_fits(a, p)) and
               (stores is None or stores[k] or _usage(p) == "in")
               for k, (a, p) in enumerate(zip(arg_types, f.params, strict=False)))


def designates_storage(node: A.Node) -> bool:
    """Whether an argument may stand for an out / inout parameter when fxc ranks overloads: a name, member, element
    or swizzle, a cast of one (``(int)r``, ``int(i)``: X4555 later where it converts), or a bare number literal
    (refused later, X3025); an expression, a call or a cast of a literal is none, and an overload with an output
    there is not viable (``func(i + 1)``, ``func(-1)``, ``func(int(0))``, ``func(float2(1, 2))`` take the ``in``
    one beside ``func(out ...)``, ``func(0)`` and ``func(i)`` the out one: d3dcompiler_47 10.1 listings, session
    48)."""
    if isinstance(node, A.Literal):
        return node.base != "string"
    while isinstance(node, A.Cast) or isinstance(node, A.Construct) and len(node.args) == 1:
        node = node.a if isinstance(node, A.Cast) else node.args[0]
    while isinstance(node, (A.Member, A.Index)):
        node = node.a
    return isinstance(node, A.Ident)


def _output_fits(at: Type, p: A.Param) -> bool:
    """An out / inout parameter takes only an argument of its own component count: fxc writes no splat or
    truncation back (alone, ``g(out float)`` called with a float2 is X3017 "cannot convert output parameter"),
    and beside an ``in`` overload of the same type the call takes that one (``f(float)`` / ``f(out float)``
    called with a float2 or an int2, ``f(float2)`` / ``f(out float2)`` with a float: d3dcompiler_47 10.1
    listings, session 48)."""
    if _usage(p) == "in" or not (isinstance(at, NumType) and isinstance(p.type, NumType)):
        return True
    return at.n == p.type.n


def param_cost(at: Type, p: A.Param) -> int:
    """One argument's cost for parameter ``p``: an ``in`` parameter's conversion from the argument, an ``out``
    one's back to it (``f(float)`` beside ``f(out float)`` takes the out one for an int variable, a bool, 1u or
    the literal 1 -- float -> int is the cheaper way --, then refuses a literal: X3025), an ``inout`` one's both
    (d3dcompiler_47 10.1 listings and verdicts, session 48)."""
    usage = _usage(p)
    if usage == "in":
        return cost(at, p.type)
    back = cost(p.type, at)
    return back if usage == "out" else back | cost(at, p.type)


def _literal_within_class(at: Type, pt: Type) -> bool:
    """An untyped literal given to a parameter of its own class (``1`` to int / uint, ``1.0`` to float): no
    conversion for the in / out / inout tie-break (``f(int)`` / ``f(out int)`` called ``f(1)``, ``f(float)`` /
    ``f(out float)`` or ``f(inout float)`` called ``f(1.0)``: fxc 10.1's X3067)."""
    return isinstance(at, NumType) and isinstance(pt, NumType) and at.base in (LIT_INT, LIT_FLOAT) and \
        _CLASS[at.base] == _CLASS.get(concrete(pt.base))


def _compare(cand: list[int], ref: list[int]) -> int:
    """>0: ``cand`` is the better match, <0: worse, 0: tie."""
    better = any(c < r for c, r in zip(cand, ref, strict=True))
    worse = any(c > r for c, r in zip(cand, ref, strict=True))
    if better != worse:
        return 1 if better else -1
    cm = rm = 0
    for c in cand:
        cm |= c
    for r in ref:
        rm |= r
    return (cm < rm) - (cm > rm)


def best(cands: list[A.FuncDef], arg_types: list[Type], arg_nodes: list[A.Node] | None = None,
         outputs: bool = True) -> list[A.FuncDef]:
    """The best viable declarations (more than one: the call is ambiguous; none: no match)."""
    top: list[tuple[A.FuncDef, list[int]]] = []
    stores = None if arg_nodes is None or len(arg_nodes) != len(arg_types) else \
        [designates_storage(n) for n in arg_nodes]
    for f in cands:
        if not viable(f, arg_types, stores, outputs):
            continue
        costs = [param_cost(a, p) for a, p in zip(arg_types, f.params, strict=False)]
        if top:
            c = _compare(costs, top[0][1])
            if c < 0:
                continue
            if c > 0:
                top = []
        top.append((f, costs))
    if len(top) > 1:
        # declarations that differ only in parameter usage (in / out / inout are distinct overloads): for a
        # converted argument `in` ranks before `out` before `inout` (the order DXC's SemaHLSL functions.hlsl
        # states for these calls); an exact match stays ambiguous (there fxc's X3067 for `fn_uint_oload(u)`
        # over `(uint)` and `(out uint)`)
        def conversions(f: A.FuncDef, costs: list[int]) -> int:
            rank = {"in": 1, "out": 2, "inout": 3}
            return sum(rank[_usage(p)] for c, p, a in zip(costs, f.params, arg_types, strict=False)
                       if c and not _literal_within_class(a, p.type))

        counts = [conversions(f, c) for f, c in top]
        top = [t for t, n in zip(top, counts, strict=True) if n == min(counts)]
    return [f for f, _ in top]


def _type_key(t: Type) -> str:
    if isinstance(t, NumType) and t.shape == "m" and t.row_major is not None:
        # an explicit majority is part of the parameter's type: a prototype with a plain float2x3 and a
        # definition with column_major float2x3 are two overloads, and a call matching both is ambiguous
        # (DXC SemaHLSL typemods-syntax: fxc's X3067 for foo_col_missing_in_decl / _in_def, whatever the
        # argument's majority)
        return ("row_major " if t.row_major else "column_major ") + _type_key(
            NumType(t.base, t.rows, t.cols, t.shape, None, prec=t.prec))
    if isinstance(t, NumType) and t.prec is not None:
        if t.alias is not None:
            # a typedef of a min-precision type is a parameter type of its own: DXC SemaHLSL functions.hlsl
            # records fxc passing fn_redef4(min16int) beside fn_redef4(My16Int), My16Int a typedef of
            # min16int (inferred: fxc keeps the two apart rather than reporting a second body, X3083)
            return f"{t.alias}={t.with_base(t.prec)}"
        return str(t.with_base(t.prec))
    if isinstance(t, ObjectType) and t.kind in ("InputPatch", "OutputPatch"):
        # the control-point count is part of a patch's type: DXC's SimpleHs10/SimpleHs11 define
        # HSPerPatchFunc(InputPatch<T, 32>) and HSPerPatchFunc(InputPatch<T, 3>) side by side, recording that
        # fxc keeps both and takes the later one as the patch-constant function
        return f"{t.kind}<{t.elem}, {t.samples}>"
    return str(t)


def _usage(p: A.Param) -> str:
    out = "out" in p.mods or "inout" in p.mods
    inp = "in" in p.mods or "inout" in p.mods or not out
    return ("in" if inp else "") + ("out" if out else "")


def signature(f: A.FuncDef) -> tuple:
    """Parameter types and usages that tell overloads apart (``half`` and ``float`` are different overloads;
    so are ``uint``, ``out uint`` and ``inout uint``: DXC's SemaHLSL functions.hlsl records fxc accepting
    ``fn_uint_oload(uint)`` beside ``fn_uint_oload(out uint)``). A parameter's ``const``, ``uniform`` and
    ``precise`` count too: ``int f(int a)`` beside ``int f(const int a)`` are two overloads and a call of them is
    ambiguous (fxc 10.1, session 42: X3067; DXC spec.hlsl), where ``in`` is the plain parameter (X3003)."""
    return tuple((_type_key(p.type), _usage(p), frozenset(p.mods) & _SIGNATURE_MODS) for p in f.params)


#: parameter modifiers that make another overload (fxc 10.1, session 42)
_SIGNATURE_MODS = frozenset({"const", "uniform", "precise"})


def resolve(cg: CodegenContext, e: A.Call, cands: list[A.FuncDef], arg_types: list[Type],
            arg_nodes: list[A.Node] | None = None) -> A.FuncDef:
    """The overload a call of ``cands`` takes (``arg_nodes``: the arguments, for the refusal of the last overload
    declared, :func:`judged_refusal`)."""
    # (an argument naming no storage or of another component count rules the out overloads out only where another
    # is viable: a lone ``func(inout float)`` called ``func(x + 1)`` is fxc's X3025 "out parameters require l-value
    # arguments", ``addition(inout float4, ...)`` given a constant int X3025 too)
    found = best(cands, arg_types, arg_nodes) or best(cands, arg_types, outputs=False)
    if not found:
        # no candidate viable: fxc names the argument it cannot convert (X3017 with the function's name; DXC SemaHLSL
        # conversions-between-type-shapes' fxc records, e.g. 'to_s1': cannot convert from 'int' to 'struct S1');
        # otherwise X3013 -- also for a user function named like an intrinsic, which only overloads it: the caller
        # then falls back to the intrinsic
        from .intrinsics import is_intrinsic

        if cands and not is_intrinsic(e.name):
            refused = judged_refusal(cg, e.name, e.pos, cands[-1], arg_types, arg_nodes)
            if refused is not None:
                raise refused
        raise cg.err(e.pos, f"'{e.name}': no matching {len(arg_types)} parameter function", 3013)
    if len(found) > 1:
        raise cg.err(e.pos, f"'{e.name}': ambiguous function call", 3067)
    return found[0]


def judged_refusal(cg: CodegenContext, name: str, pos, f: A.FuncDef, arg_types: list[Type],
                   arg_nodes: list[A.Node] | None) -> HlslError | None:
    """A call of ``name`` no overload takes: fxc judges one of them -- a free or static function's last declared, an
    instance method's first (classes.pick_method) --, whatever the others and whatever its parameter count, argument
    by argument from the left over the parameters it has (d3dcompiler_47 10.1: session 43, helper
    ACC -- ``f(float3)`` then ``f(float4)`` called with a float2 is "cannot implicitly convert from 'float2' to
    'float4'", the other order names float3; DXC more-operators' ``into_out_i3(i2)`` --; session 47 for another
    count: ``f(s, 1)`` of ``f(float2)`` with a struct is X3017, ``f(1, 2)`` of ``f(out float)`` X3025, ``f(a, 1)``
    of ``f(out float2)`` with a float "cannot convert output parameter", while ``f(a, 2)`` of ``f(out float)``, all
    its arguments fitting, is X3013). An input argument that does not convert is X3017; an output's shape
    (inlining._check_output_shape) or type is X3017 "cannot convert output parameter", then a number literal given
    to it X3025 "l-value specifies const object" (other unwritable arguments: overload.out_argument_first). None:
    every argument fits, X3013."""
    for i, (at, p) in enumerate(zip(arg_types, f.params, strict=False)):
        out = "out" in p.mods or "inout" in p.mods
        if ("inout" in p.mods or not out) and not compatible(at, p.type):
            how = _argument_refusal(at, p.type)
            return cg.err(pos, f"'{name}': {how} from '{type_spelling(at)}' to '{type_spelling(p.type)}'", 3017)
        if not out:
            continue
        if isinstance(p.type, NumType) and isinstance(at, NumType) and p.type.n != at.n or not compatible(p.type, at):
            how = "cannot implicitly convert" if isinstance(p.type, NumType) and isinstance(at, NumType) and \
                1 < p.type.n < at.n else "cannot convert"
            return cg.err(pos, f"'{name}': {how} output parameter from '{type_spelling(p.type)}' to "
                               f"'{type_spelling(at)}'", 3017)
        if arg_nodes is not None and i < len(arg_nodes) and _number_literal(arg_nodes[i]):
            return cg.err(pos, "l-value specifies const object", 3025)
    return None


def _number_literal(node: A.Node) -> bool:
    """A bare number literal, parenthesised or not (``1``, ``1.5f``, ``true``): refused when an output stores it."""
    return isinstance(node, A.Literal) and node.base != "string"


def _aggregate(t: Type) -> bool:
    from .classes import ClassType

    return isinstance(t, ArrayType) or isinstance(t, StructType) and not isinstance(t, ClassType)


def _argument_refusal(arg: Type, param: Type) -> str:
    """fxc's wording of an argument's X3017 (every record of DXC SemaHLSL conversions-between-type-shapes):
    "cannot implicitly convert" when a true matrix (both dimensions above 1) stands on either side and the
    component counts differ (``to_a1(m2x2)``, ``to_m2x2(a5)``), "cannot convert" otherwise — also for a
    matrix and an aggregate of as many components (``to_a4(m2x2)``, ``to_m2x2(a4)``)."""
    from .codegen import flat_numeric

    if not (_aggregate(arg) or _aggregate(param)):  # two numeric shapes (session 43)
        return "cannot implicitly convert"
    if not (_true_matrix(arg) or _true_matrix(param)):
        return "cannot convert"
    a, b = flat_numeric(arg), flat_numeric(param)
    return "cannot implicitly convert" if a is not None and b is not None and len(a) != len(b) else "cannot convert"


def _true_matrix(t: Type) -> bool:
    return isinstance(t, NumType) and t.shape == "m" and t.rows > 1 and t.cols > 1


def type_spelling(t: Type) -> str:
    """A type as fxc spells it in conversion messages: structs as ``struct S``, a one-row matrix as the vector
    of its columns (``int1x1`` is ``int1``, ``int1x2`` is ``int2``: conversions-between-type-shapes' records
    ``'to_m1x2': cannot convert from 'typedef int[2]' to 'int2'``, ``cannot convert from 'int3x1' to 'int2'``
    for ``(int1x2)m3x1``); an Nx1 matrix keeps its spelling (``int2x1``)."""
    if isinstance(t, StructType):
        return f"struct {t.name}"
    if isinstance(t, NumType) and t.shape == "m" and t.rows == 1:
        return str(NumType(t.base, 1, t.cols, "v"))
    return str(t)


def entry_overload(decls: list[A.FuncDef]) -> tuple[A.FuncDef, A.FuncDef]:
    """The entry point among the declarations of its name (prototypes and bodies, in source order) and that
    overload's first declaration (whose attributes fxc keeps). d3dcompiler_47 10.1 (recorded under Wine, session
    36; tests/test_rules_hlsl_fxc_entry_overloads_s36.py) takes the overload declared last -- overloads ordered by
    their first declaration, a prototype's included -- of those that have a body: ``main(float2); main(float4)
    {…} main(float2) {…}`` compiles main(float4). The "Functions" page says nothing of overloaded entry points.
    A static function is never the entry point (X3501 where no other body is)."""
    name = decls[0].name if decls else ""
    decls = [f for f in decls if "static" not in f.mods]
    order: list[tuple] = []
    for f in decls:
        if signature(f) not in order:
            order.append(signature(f))
    defined = {signature(f): f for f in decls if f.body is not None}
    chosen = next((defined[s] for s in reversed(order) if s in defined), None)
    if chosen is None:
        from .diagnostics import HlslError

        raise HlslError("", 1, 1, 3501, f"'{name}': entrypoint not found")
    return chosen, next(f for f in decls if signature(f) == signature(chosen))


def entry_definition(cg: CodegenContext) -> A.FuncDef | None:
    """The body compiled as the entry point (``entry_overload``; a static function is never one), or None."""
    decls = [f for f in cg.funcs.get(cg.entry, []) if "static" not in f.mods]
    if not any(f.body is not None for f in decls):
        return None
    return entry_overload(decls)[0]


def out_argument_first(cg: CodegenContext, e: A.Call, f: A.FuncDef, arg_nodes: list[A.Node],
                       arg_types: list[Type] | None = None) -> HlslError | None:
    """X3025 "out parameters require l-value arguments" for an ``out`` (not ``inout``) parameter of ``f`` given an
    argument that names no writable storage -- a const local, a uniform global or cbuffer member, a const entry
    input, a static const, ``c + 1``, ``float2(1, 2)``, ``v.xx`` (methodsig.unwritable_out_argument) -- judged before
    the conversions of the call's arguments (X3017: ``f(c)`` of a const float2 for ``out float4``, also an output's
    shape, ``out float2`` given a const float4) and whichever overload fxc judges (the chosen one, else the last
    declared, also for a wrong argument count); the arguments are judged left to right, so an earlier argument that
    does not convert is X3017 first (``arg_types`` given: the call matched no overload); an ``inout`` parameter
    converts first (``f(NULL)``, ``f(u)`` of a uniform float2 are X3017), and a bare number literal (a string is
    X3025 here) is refused only when stored, after the output's shape (d3dcompiler_47 10.1, session 45, helper ACC). None when every out argument
    before the first that does not convert is writable."""
    from .methodsig import unwritable_out_argument

    for i, (p, node) in enumerate(zip(f.params, arg_nodes, strict=False)):
        if "out" in p.mods and "inout" not in p.mods and (unwritable_out_argument(cg, node) or
                                                           isinstance(node, A.Literal) and node.base == "string"):
            return cg.err(e.pos, "out parameters require l-value arguments" + _implicitly_const(cg, node), 3025)
        if arg_types is not None and len(arg_nodes) <= len(f.params) and not compatible(arg_types[i], p.type):
            return None
    return None


def _implicitly_const(cg: CodegenContext, node: A.Node) -> str:
    """fxc's note after X3025 for an argument rooted in a uniform global or a buffer member (not a static)."""
    from .constprop import root_name

    name = root_name(node)
    if name is None or any(name in sc for sc in cg.scopes):
        return ""
    g = cg.globals.get(name)
    if g is None or isinstance(g, tuple) and g[0] in ("staticval", "static", "tgsm"):
        return ""
    return " (given argument is implicitly const, such as a global)"
