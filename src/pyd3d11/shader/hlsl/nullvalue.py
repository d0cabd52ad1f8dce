"""``NULL`` as an expression: fxc's type ``null`` (issue 15, session 41, helper EFX).

d3dcompiler_47 10.1 (under Wine; at ps_4_0 / ps_5_0 and every fx target alike) reads ``NULL`` -- so spelled, no
variable of that name -- as a value of type ``null`` wherever an expression stands: converted to a number it is
X3017 "cannot implicitly convert from 'const null' to 'const float'" (``float g = NULL;``, ``= (NULL)``, the last
operand of a comma), cast X3017 "cannot convert from 'const null' to 'float'", a constructor's argument X3017
"cannot convert from 'object type' to 'numeric type'", the operand of an arithmetic, logical or bit operator
X3022 "scalar, vector, or matrix expected", swizzled X3018 "invalid subscript", indexed X3121, a condition X3020
"conditional must be numeric", an intrinsic's argument X3013 "no matching 1 parameter intrinsic function"; a
brace list's item is one component (``float g = {NULL};`` compiles, ``float2 g = {NULL};`` is X3017 "initializer
does not match type") and the effect keeps no default value for such a list (braced). ``NULL == NULL`` is NotSupportedError (fxc: an internal error at ps_5_0, compiled in an
effect). The MicrosoftDocs HLSL pages do not mention NULL; fxc's answers are the rule
(tests/test_rules_effects_fxc_s41.py, NULL_ROWS).

Built for the initialisers that are not generated as code (initshape.check_initializer: uniform globals, buffer
members, an effect's numeric variables -- fxfuncs). Not built: NULL in a function body, which this compiler
still reports as an undeclared identifier (X3004): there fxc's rule depends on the reader (a user function's
parameter X3017, an unknown function's name X3004 first, ``t.Sample(s, NULL)`` X3013, ``NULL;`` compiles,
``float a[2] = {NULL, 1};`` crashes the DLL), which needs a ``null`` value type in the expression generator.
The state values and shader variables of effects read NULL on their own terms (fxcompile, fx2compile,
check.shader_number_error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError
from .shaderobj import expr_children
from .types import ObjectType
from .values import Val

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .types import Type

IsNull = Callable[[A.Node], bool]

@dataclass(frozen=True, slots=True)
class NullType(ObjectType):
    """fxc's type of NULL in a function body; it names it 'const null' ("cannot implicitly convert from 'const
    null' to 'float'", "cannot convert from 'const null' to 'float4'")."""

    def __str__(self) -> str:
        return "const null"


NULL_TYPE = NullType("null")


def null_value() -> Val:
    """NULL read in a function body: a read-only value of type ``null`` holding nothing; the type rules judge it as
    they judge an effect object (an operand of arithmetic X3022, ``.x`` X3018, ``[0]`` X3121, converted X3017)."""
    return Val(NULL_TYPE, [], readonly=True)


def is_null(e: A.Node, declared: dict | set) -> bool:
    """``e`` is the word NULL and no variable of that name is ``declared``."""
    return isinstance(e, A.Ident) and e.name == "NULL" and e.name not in declared


def use_error(cg: CodegenContext, e: A.Node, null: IsNull) -> HlslError | None:
    """fxc's error for a NULL operand directly inside ``e`` (module doc), or None."""
    from .intrinsics import is_intrinsic

    at = e.pos
    if isinstance(e, A.Binary) and e.op in ("==", "!=") and (null(e.a) or null(e.b)):
        # fxc 10.1: an internal error at ps_5_0, compiled in an effect (with a value not recorded here)
        raise NotSupportedError("NULL compared with '==' / '!='", "D3DCompile")
    if isinstance(e, A.Unary) and null(e.a) or isinstance(e, A.Binary) and (null(e.a) or null(e.b)):
        return cg.err(at, "scalar, vector, or matrix expected", 3022)
    if isinstance(e, A.Member) and null(e.a):
        return cg.err(at, f"invalid subscript '{e.name}'", 3018)
    if isinstance(e, A.Index) and null(e.a):
        return cg.err(at, "array, matrix, vector, or indexable object type expected in index expression", 3121)
    if isinstance(e, A.Ternary) and null(e.cond):
        return cg.err(at, "conditional must be numeric", 3020)
    if isinstance(e, A.Cast) and null(e.a):
        return cg.err(at, f"cannot convert from 'const null' to '{e.type}'", 3017)
    if isinstance(e, A.Construct) and any(null(a) for a in e.args):
        return cg.err(at, "cannot convert from 'object type' to 'numeric type'", 3017)
    if isinstance(e, A.Call) and e.name not in cg.funcs and is_intrinsic(e.name) and \
            any(null(a) for a in e.args):  # (an unknown name stays X3004; a state function takes NULL)
        return cg.err(at, f"'{e.name}': no matching {len(e.args)} parameter intrinsic function", 3013)
    return None


def initializer_error(cg: CodegenContext, init: A.Node, t: Type, pos: object, null: IsNull) -> HlslError | None:
    """The first NULL error of an initialiser that is not generated as code (a uniform global's, a buffer
    member's, an effect's numeric variable's), in evaluation order, or None."""
    def walk(e: A.Node) -> HlslError | None:
        for k in expr_children(e):
            found = walk(k)
            if found is not None:
                return found
        return use_error(cg, e, null)

    last = init.items[-1] if isinstance(init, A.Comma) and init.items else init
    if null(last):
        return cg.err(pos, f"cannot implicitly convert from 'const null' to 'const {t}'", 3017)
    return walk(init)


def null_or_string(null: IsNull) -> IsNull:
    """``null`` widened to a string literal: a numeric brace list's string item is read as its NULL item is -- one
    component, converted to nothing, the list left without a default value (d3dcompiler_47 10.1, session 48 EFX:
    ``float2 g = {0.2f, "s"};``, ``int3 v = {1, "abc", 2};``, ``float g = {"x"};`` compile at ps_4_0 and every fx
    target, with no default at fx_4_x / fx_5_0 and zeros at fx_2_0; ``float g = "s";`` stays X3017)."""
    return lambda e: null(e) or isinstance(e, A.Literal) and isinstance(e.value, str)


def items_as_zero(e: A.Node, null: IsNull) -> A.Node:
    """``e`` with every NULL item of its brace lists (nested ones too) a literal 0; anything else as is."""
    if not isinstance(e, A.InitList):
        return e
    return A.InitList(e.pos, [A.Literal(x.pos, 0, "lit_int") if null(x) else items_as_zero(x, null)
                              for x in e.items])


def braced(e: A.Node, null: IsNull) -> bool:
    """A brace list holding a NULL item (nested lists too): an effect stores no default value for it
    (d3dcompiler_47 10.1, session 41: ``float2 g = {NULL, 1};`` has none at fx_5_0, zeros at fx_2_0), as for a
    brace list holding a shader (fxcompile.braced_shader)."""
    return isinstance(e, A.InitList) and any(null(x) or braced(x, null) for x in e.items)
