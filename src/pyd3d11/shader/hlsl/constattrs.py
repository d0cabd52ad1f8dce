"""The attributes of an ``if`` whose condition is a constant pass to the statements it keeps (X3524).

d3dcompiler_47 10.1 (session 38, helper GEN; found by tools/hlsl_gen programs, then probed): when the condition of
an ``if`` is a constant expression (literals, ``!false``, ``1 > 0``, ``const`` / ``static const`` variables; not a
plain variable known to hold a constant, ``bool k = true; if (k)``, nor ``i * 0 == 0``), its
``[branch]`` / ``[flatten]`` go to every ``if`` and ``switch`` of the part it keeps -- through plain blocks and
through further constant ``if`` statements, not into loops, switch cases or the parts of an ``if`` whose
condition is not constant. Each such statement's attribute list is then judged with the inherited names in front
(the statement's own list is judged by the parser): ``[flatten] if (true) { [flatten] if (c) … }`` is "duplicate attribute
flatten", ``[branch] if (true) { [flatten] if (c) … }`` "can't use branch and flatten attributes together",
``[flatten] if (true) { [branch] switch (i) … }`` "can't use branch, flatten, call  or case attributes together",
each at the inner statement's attribute. The part left out is not judged, and an ``if`` whose condition is not
constant passes nothing on (``[flatten] if (c) { [branch] if (d) … }`` compiles). MicrosoftDocs ("if Statement",
"switch Statement") document the attributes, not this; "HLSL errors and warnings" lists X3524 without a rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from . import modifiers as M

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: the attributes an ``if`` takes, the ones it passes on when its condition is constant
_IF_MODES = ("branch", "flatten")


class _At:
    """The inner statement's place, for every name of the list judged there (modifiers reports a token's)."""

    __slots__ = ("pos",)

    def __init__(self, pos) -> None:
        self.pos = pos


def _conflict(inherited: list[str], node: A.If | A.Switch) -> str | None:
    """fxc's X3524 text for ``node``'s attributes with the ``inherited`` names in front, or None: the parser's
    rule for one statement's list (modifiers.statement_attribute_conflict: a name twice, then two modes of a
    switch, then branch with flatten on an ``if``) applied to the merged list."""
    keyword = "switch" if isinstance(node, A.Switch) else "if"
    at = _At(node.pos)
    names = inherited + [n for n in node.attrs if not n.startswith("$")]
    found = M.statement_attribute_conflict([(at, n) for n in names], M.statement_attributes(keyword)[0], keyword)
    return None if found is None else found[1]


#: the intrinsics whose call of constant arguments is itself a constant expression here (d3dcompiler_47 10.1, session
#: 39 GEN, found by gen7013 vs_5_0 v2: ``[branch] if (any(uint2(2u, 25u) <= uint2(0u, 0x80000000u)))``; 62 probes):
#: the math of the Direct3D 9 intrinsic set. Not: ``asfloat`` / ``asint`` / ``asuint`` / ``asdouble``, the bit
#: intrinsics (``countbits``, ``firstbithigh`` / ``firstbitlow``, ``reversebits``, ``msad4``), ``f32tof16`` /
#: ``f16tof32``, ``rcp``, ``trunc``, ``mad``, ``fma``, nor a user function
FOLDED_INTRINSICS = frozenset({
    "abs", "acos", "all", "any", "asin", "atan", "atan2", "ceil", "clamp", "cos", "cosh", "cross", "degrees",
    "determinant", "distance", "dot", "dst", "exp", "exp2", "faceforward", "floor", "fmod", "frac", "isfinite",
    "isinf", "ldexp", "length", "lerp", "lit", "log", "log10", "log2", "max", "min", "mul", "normalize", "pow",
    "radians", "reflect", "refract", "round", "rsqrt", "saturate", "sign", "sin", "sinh", "smoothstep", "sqrt",
    "step", "tan", "tanh", "transpose"})


def _constant_expression(cg: CodegenContext, e: A.Node) -> bool:
    """Whether ``e`` reads only literals and ``const`` variables (their values are readonly in the scopes), through
    operators, casts, constructors and the calls of :data:`FOLDED_INTRINSICS`."""
    if isinstance(e, A.Ident):
        for sc in reversed(cg.scopes):
            if e.name in sc:
                return bool(getattr(sc[e.name], "readonly", False))
        return False
    if isinstance(e, A.Call) and e.name in FOLDED_INTRINSICS and not _user_function(cg, e.name):
        pass  # judged by its arguments below
    elif isinstance(e, (A.Call, A.MethodCall, A.Assign, A.Postfix)):
        return False
    kids = [v for v in vars(e).values() if isinstance(v, A.Node)]
    kids += [x for v in vars(e).values() if isinstance(v, list) for x in v if isinstance(x, A.Node)]
    return all(_constant_expression(cg, k) for k in kids)


def _user_function(cg: CodegenContext, name: str) -> bool:
    """A function of the program that hides the intrinsic of its name (its call is no constant)."""
    return bool(cg.funcs.get(name))


def pass_on(cg: CodegenContext, s: A.If, kept: A.Node | None) -> None:
    """``s``'s condition folded to a constant and ``s`` keeps ``kept``: where the condition is a constant
    expression, judge every ``if`` / ``switch`` it reaches with the attributes ``s`` took or inherited in front of
    its own, and record them for the ``if`` statements among them."""
    if not _constant_expression(cg, s.cond):
        return
    merged = cg.inherited_if_attributes.get(id(s), []) + [n for n in s.attrs if n in _IF_MODES]
    if merged and kept is not None:
        _reach(cg, kept, merged)


def _reach(cg: CodegenContext, node: A.Node, merged: list) -> None:
    if isinstance(node, A.Block):
        for st in node.stmts:
            _reach(cg, st, merged)
        return
    if not isinstance(node, (A.If, A.Switch)):
        return
    conflict = _conflict(merged, node)
    if conflict is not None:
        raise cg.err(node.pos, conflict, 3524)
    if isinstance(node, A.If):
        cg.inherited_if_attributes[id(node)] = merged  # passed further if its own condition is constant too
