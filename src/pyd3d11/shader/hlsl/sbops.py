"""The operators of an effect state-block value, typed as fxc types them (check._sb_type's operator part).

d3dcompiler_47 10.1 type-checks a state value (a sampler's, a state object's or a pass's entry, a state function's
argument) with the expression rules of a function body before the effect compiler reads the state (session 46, EFX;
tests/test_rules_effects_fxc_s46.py SB_OPERATOR_ROWS), at the shader targets and the fx targets alike:

* ``~`` and the bitwise operators (``&``, ``|``, ``^``, ``<<``, ``>>``) take integers: a float, a string or an
  object operand is X3082 "int or unsigned int type required" (``~1.5``, ``1.5 & 2``, ``~g`` of a float global,
  ``~sin(1)``, ``depth & 1`` of a DepthStencilState; ``~true``, ``~abs(1)``, ``1.5 % 2`` compile);
* the other unary and arithmetic operators take numbers: a string or an object is X3022 "scalar, vector, or matrix
  expected" (``-depth``, ``!depth``, ``s + 1``); comparisons and the comma take anything (``depth == depth``);
* the result of an operator, an intrinsic of the float family and a conditional carries its base on
  (``~(g + 1)``, ``~(gi + 1.5)``, ``~(1, 1.5)``, ``~length(1)`` X3082; ``~(gi * 2)``, ``~(gi < 1)`` compile);
* an effect object or a string has no member (``depth.x`` X3018) and no element (``depth[0]`` X3121); a condition
  that is no number, or an object arm beside a number, is X3020.
A name that is no earlier global stays a ``const int`` (check._sb_type).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError
from .types import BOOL, EFFECT_KINDS, INT, LIT_INT, UINT, NumType, ObjectType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_INTEGER_BASES = {BOOL, INT, UINT, LIT_INT}
BITWISE = {"&", "|", "^", "<<", ">>"}
_COMPARE = {"<", ">", "<=", ">=", "==", "!="}
#: intrinsics whose result is a float whatever their numeric arguments (``~sin(1)`` is X3082; ``abs`` and ``max``
#: keep an integer argument's type: ``~abs(1)`` compiles)
FLOAT_INTRINSICS = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2",
                    "log", "log2", "log10", "sqrt", "rsqrt", "rcp", "pow", "frac", "floor", "ceil", "round", "trunc",
                    "saturate", "lerp", "smoothstep", "degrees", "radians", "normalize", "fmod", "ldexp"}
_SCALAR_FLOAT_INTRINSICS = {"length", "distance"}


def _integer(t: NumType) -> bool:
    return t.base in _INTEGER_BASES


def _need_integer(cg: CodegenContext, e: A.Node, t: Type | None) -> None:
    if t is not None and not (isinstance(t, NumType) and _integer(t)):
        raise cg.err(e.pos, "int or unsigned int type required", 3082)


def _need_number(cg: CodegenContext, e: A.Node, t: Type | None) -> None:
    if t is not None and not isinstance(t, NumType):
        raise cg.err(e.pos, "scalar, vector, or matrix expected", 3022)


def _promote(a: NumType, b: NumType, base: str | None = None) -> NumType | None:
    """The type of an elementwise operation of ``a`` and ``b`` (None where the shapes do not say it simply)."""
    if base is None:
        if _integer(a) and _integer(b):
            base = UINT if UINT in (a.base, b.base) else INT
        else:
            base = next((x.base for x in (a, b) if not _integer(x)), "float")
    if a.shape == "s" or a.n == 1:
        return b.with_base(base)
    if b.shape == "s" or b.n == 1:
        return a.with_base(base)
    if a.shape == b.shape == "v":
        return NumType(base, 1, min(a.cols, b.cols), "v")
    return a.with_base(base) if a == b.with_base(a.base) else None


def unary_type(cg: CodegenContext, e: A.Unary, t: Type | None) -> Type | None:
    """``-x``, ``+x``, ``!x``, ``~x`` of an operand of type ``t`` (None: unknown)."""
    if e.op == "~":
        _need_integer(cg, e, t)
    else:
        _need_number(cg, e, t)
    if not isinstance(t, NumType):
        return None
    return t.with_base(BOOL) if e.op == "!" else t


def binary_type(cg: CodegenContext, e: A.Binary, a: Type | None, b: Type | None) -> Type | None:
    """``a op b``: the operand errors (the left operand's first), then the result's type."""
    if e.op in _COMPARE:
        return a.with_base(BOOL) if isinstance(a, NumType) and isinstance(b, NumType) and \
            _promote(a, b) is not None else None
    if e.op in BITWISE:
        _need_integer(cg, e, a)
        _need_integer(cg, e, b)
    else:
        _need_number(cg, e, a)
        _need_number(cg, e, b)
    if not (isinstance(a, NumType) and isinstance(b, NumType)):
        return None
    return _promote(a, b, BOOL if e.op in ("&&", "||") else None)


def ternary_type(cg: CodegenContext, e: A.Ternary, cond: Type | None, a: Type | None,
                 b: Type | None) -> Type | None:
    """``c ? a : b``: a condition that is no number is X3020 "conditional must be numeric" (``depth ? 1 : 2``, a
    string, a texture), an object arm beside a number X3020 "type mismatch between conditional values"; else the
    arms' common type."""
    if cond is not None and not isinstance(cond, NumType):
        raise cg.err(e.pos, "conditional must be numeric", 3020)
    if a is not None and b is not None and isinstance(a, NumType) != isinstance(b, NumType):
        raise cg.err(e.pos, "type mismatch between conditional values", 3020)
    return _promote(a, b) if isinstance(a, NumType) and isinstance(b, NumType) else None


def effect_object(t: Type | None) -> bool:
    """An effect object or a string: no member, no element (``depth.x`` X3018, ``depth[0]`` X3121; a texture's
    element is another rule, X3120)."""
    return isinstance(t, ObjectType) and (t.kind in EFFECT_KINDS or t.kind == "string")


def intrinsic_type(name: str, args: list[Type | None]) -> Type | None:
    """The result type of an intrinsic of the float family over numeric arguments (None for the others)."""
    if not args or not all(isinstance(a, NumType) for a in args):
        return None
    first = args[0]
    assert isinstance(first, NumType)
    if name in _SCALAR_FLOAT_INTRINSICS:
        return NumType("float")
    if name in FLOAT_INTRINSICS:
        return first.with_base("float")
    return None


def constant_conditional_error(v: A.Node) -> HlslError | None:
    """A state value fxc folds while it parses -- no name and no call in it -- that holds a conditional: fxc fails
    such a fold with X3093 "out of memory while parsing" (``(1 ? 1 : 2)``, ``~(true ? 1 : 2)``, ``1 + (0 ? 1 : 2)``,
    ``float2(1 ? 1 : 2, 3).x``; ``(1 ? gi : 2)`` and ``gi + (1 ? 1 : 2)`` are no such fold: d3dcompiler_47 10.1 at
    ps_4_0 and every fx target, session 47 EFX), after the value's calls' errors (parse_effects, fxparse) and its
    own type errors (``~(1 ? 1.5 : 2)`` X3082: :func:`value_type`). None for any other value."""
    from .ast import walk

    nodes = list(walk(v))
    if not any(isinstance(n, A.Ternary) for n in nodes) or any(isinstance(n, (A.Ident, A.Call)) for n in nodes):
        return None
    try:
        value_type(v, {})
    except HlslError as exc:
        return exc
    return HlslError(v.pos.file, v.pos.line, v.pos.col, 3093, "out of memory while parsing")


def value_type(n: A.Node, names: dict[str, Type]) -> Type | None:
    """The type of a value fxc types while it parses -- an annotation's (effects/fxannot.py), a constant state value
    (:func:`constant_conditional_error`) -- with the compiler's expression rules (this module's operators,
    check._sb_swizzle's swizzles, statecalls.COUNTS' intrinsic counts) over ``names`` (an annotation's static consts
    and earlier annotations); None where it is not told here (a call of a function, an index)."""
    from .check import _sb_swizzle
    from .codegen import Codegen
    from .intrinsics import is_intrinsic

    if isinstance(n, A.Literal):
        if isinstance(n.value, str):
            return ObjectType("string")
        return NumType("bool" if isinstance(n.value, bool) else "int" if isinstance(n.value, int) else "float")
    if isinstance(n, A.Ident):
        return names.get(n.name)
    if isinstance(n, A.Construct) and not isinstance(n.type, NumType):
        # ``S(1)`` of a struct (10.1 at every target, session 47 EFX; as in a function body)
        raise Codegen.err(n.pos, "constructors only defined for numeric base types", 3037)
    if isinstance(n, (A.Construct, A.Cast)):
        return n.type if isinstance(n.type, NumType) else None
    if isinstance(n, A.Call) and is_intrinsic(n.name):
        # an intrinsic's argument count, as a state value's call has it (statecalls.COUNTS: ``max(1)`` X3013)
        from .statecalls import COUNTS

        counts = COUNTS.get(n.name)
        if counts is not None and len(n.args) not in counts:
            raise Codegen.err(n.pos, f"'{n.name}': no matching {len(n.args)} parameter intrinsic function", 3013)
        return intrinsic_type(n.name, [value_type(x, names) for x in n.args])
    if isinstance(n, A.Unary) and n.op in ("-", "+", "!", "~"):
        return unary_type(Codegen, n, value_type(n.a, names))
    if isinstance(n, A.Binary) and n.op != ",":
        return binary_type(Codegen, n, value_type(n.a, names), value_type(n.b, names))
    if isinstance(n, A.Ternary):
        return ternary_type(Codegen, n, value_type(n.cond, names), value_type(n.a, names), value_type(n.b, names))
    if isinstance(n, A.Member):
        t = value_type(n.a, names)
        return _sb_swizzle(Codegen, t, n.name, n.pos) if isinstance(t, NumType) else None
    return None


def index_bounds(cg: CodegenContext, e: A.Index, t: Type | None) -> None:
    """A constant index past the end of a ``static const`` global's array, vector or matrix rows is X3030 "array
    index out of bounds" in a state value (``arr[3]`` of ``const static float4 arr[3]``, ``arr[-1]``, ``v[4]`` of a
    float4; a uniform's or a non-const static's index is not checked: d3dcompiler_47 10.1 at ps_4_0 and fx_5_0,
    session 47 EFX)."""
    from .check import _declared_before, _sb_local
    from .constexpr import eval_const
    from .types import ArrayType

    root = e.a
    if not isinstance(root, A.Ident) or _sb_local(cg, root.name, root.pos) is not None:
        return
    d = next((v for d in cg.prog.decls for v in (d.members if isinstance(d, A.CBufferDecl) else [d])
              if isinstance(v, A.VarDecl) and v.name == root.name), None)
    if d is None or not {"static", "const"} <= set(d.mods) or not _declared_before(
            ((d.pos.line, d.pos.col), d.type, d.pos.file), root.pos):
        return
    count = t.count if isinstance(t, ArrayType) else t.rows if isinstance(t, NumType) and t.shape == "m" else \
        t.n if isinstance(t, NumType) else None
    try:
        idx = eval_const(e.index, {})  # (a literal index; a name in it is not folded here)
    except Exception:  # noqa: BLE001 - not a constant: nothing to check
        return
    if count and isinstance(idx, (int, float)) and not 0 <= int(idx) < count:
        raise cg.err(e.pos, "array index out of bounds", 3030)


def argument_conversion_error(cg: CodegenContext, e: A.Call, cands: list[A.FuncDef], args: list[Type | None]) -> None:
    """A user function's call in a state value converts its arguments in order to the parameters at their positions
    of the function's last declaration, before the argument count is matched: NULL or an object (a string, a
    sampler, a shader) for a numeric parameter is X3017 (d3dcompiler_47 10.1, session 49 EFX: ``addition(foo, NULL,
    p + q, p / q)`` of ``addition(float4 a, float4 b)`` "cannot implicitly convert from 'const null' to 'float4'",
    ``addition(NULL)``, ``addition("s", 1, 2)``; ``ov(NULL)`` beside ``ov(float)`` and ``ov(float2, float)``
    names 'float2'; ``addition(1, 2, NULL)`` stays the count's X3013; at ps_4_0 and every fx target). An overload
    of the argument count that takes an object where each such argument stands is the call's (``ov2(NULL)`` beside
    ``ov2(Texture2D t)`` compiles at ps_4_0)."""
    def takes_objects(f: A.FuncDef) -> bool:
        return len(f.params) == len(e.args) and all(
            not isinstance(p.type, NumType) for x, t, p in zip(e.args, args, f.params, strict=True)
            if isinstance(x, A.Ident) and x.name == "NULL" or isinstance(t, ObjectType))

    if any(takes_objects(f) for f in cands):
        return
    for x, t, p in zip(e.args, args, cands[-1].params, strict=False):
        null = isinstance(x, A.Ident) and x.name == "NULL"
        if isinstance(p.type, NumType) and (null or isinstance(t, ObjectType)):
            src = "null" if null else str(t)
            raise cg.err(e.pos, f"'{e.name}': cannot implicitly convert from 'const {src}' to '{p.type}'", 3017)
