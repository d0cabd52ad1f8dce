"""Names fxc resolves as it reads a declaration (d3dcompiler_47 10.1, session 42, helper ACC; DXC SemaHLSL
wavesize_range / dispatchgrid_diags / invalid-longvec-decls): an attribute's argument and a global's template count
naming nothing declared so far are X3004 "undeclared identifier" where the parser meets them, before the
declaration's later errors; a template count of no constant value has its template's own number and words."""

from __future__ import annotations

from typing import Any

from . import ast as A
from .diagnostics import HlslError

#: a template count that is no constant (``int n; vector<float, n>``): fxc 10.1's number and words by template
#: (session 42); the X3058 "expected a literal integer expression" stays for the other counts
COUNT_ERRORS = {"vector": (3060, "vector dimension must be a literal scalar expression"),
                "matrix": (3061, "matrix dimensions must be literal scalar expressions"),
                "samples": (3020, "non-numeric sample count"), "patch": (3020, "non-numeric vertex count")}


def check_names(p: Any, e: A.Node, members: bool = False, local: bool = False) -> None:
    """A function attribute's argument naming nothing declared so far is fxc's X3004 "undeclared identifier"
    as the attribute is read, any attribute (``[WaveSize(4, 8, node07)]``, ``[Foo(y)]``), before the
    function's parameters and whether the function is used or not; a function's name is X3005 (d3dcompiler_47
    10.1, session 42; DXC wavesize_range / dispatchgrid_diags). Also a global's template count (const_int) and
    a statement attribute's argument (``[unroll(N)]``), where the locals and parameters seen so far count too."""
    from .intrinsics import known_intrinsic

    if (p.block_depth or p._struct_stack and not members) and not local:
        return
    stack = [e]
    while stack:
        n = stack.pop()
        if local and isinstance(n, (A.Ident, A.Call)) and n.name in p.ns_locals:
            stack.extend(A.children(n))
            continue
        if isinstance(n, A.Call) and n.name not in p.global_kinds and not known_intrinsic(n.name):
            raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3004, f"undeclared identifier '{n.name}'")
        if isinstance(n, A.Ident) and n.name not in p.consts and n.name not in p.types:
            if n.name not in p.global_kinds:
                raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3004, f"undeclared identifier '{n.name}'")
            if p.global_kinds[n.name] == "function":  # a function's name (X3005 as in any expression)
                raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3005,
                                f"'{n.name}': identifier represents a function, not a variable")
        stack.extend(A.children(n))


def _components(e: A.Node) -> int | None:
    """The component count of a template count's operand where its form alone gives it: a literal 1, a numeric
    constructor or cast its type's, a swizzle its letters'; None where a name or a call would need the types."""
    from .types import NumType

    if isinstance(e, A.Literal):
        return 1
    if isinstance(e, (A.Construct, A.Cast)) and isinstance(e.type, NumType):
        return e.type.slots
    if isinstance(e, A.Member) and isinstance(e.a, (A.Literal, A.Construct, A.Cast)) and e.name.isalpha():
        return len(e.name)
    return None


def check_constructors(e: A.Node) -> None:
    """A template count type-checks as any expression before its template's own rule: a numeric constructor of the
    wrong number of components is X3014 "incorrect number of arguments to numeric-type constructor" as the count is
    read (d3dcompiler_47 10.1, session 46: ``Texture2DMS<float4, float4(2)>``, ``vector<float, int3(2, 1)>``,
    ``InputPatch<D, float4(2).x>`` -- were the template's X3020 / X3060 / X3061 or compiled)."""
    from .types import NumType

    for n in A.walk(e):
        if isinstance(n, A.Construct) and isinstance(n.type, NumType):
            parts = [_components(a) for a in n.args]
            if None not in parts and sum(parts) != n.type.slots:  # type: ignore[arg-type]
                raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3014,
                                "incorrect number of arguments to numeric-type constructor")
