"""Integer arguments of entry-point attributes (``[maxvertexcount(n)]``, ``[instance(n)]``,
``[outputcontrolpoints(n)]``) read as fxc reads them.

An argument is any expression fxc folds to a constant — a literal, arithmetic on literals, a ``static const``
variable or a component of one (DXC's SemaHLSL attributes test: ``[maxvertexcount(sc_count + 3)]`` and
``[maxvertexcount(sc_count4.w)]`` pass fxc). fxc's verdicts there for an argument that is not a non-negative
integer constant:

- a negative integer: ``error X3084: cannot match attribute maxvertexcount, non-uint parameters found``;
- an integer that is not constant (a uniform): ``error X3084: non-literal parameter(s) found for attribute
  maxvertexcount``;
- a float (literal, ``static const`` or uniform): two ``warning X3554`` ("cannot match attribute …, parameter 1
  is expected to be of type int" and "unknown attribute …, or attribute invalid for this statement") and the
  attribute is ignored, so a required one is then missing (``X3514 … must have a max vertex count``).

Attributes of functions other than the entry point are not read at all (the same test: fxc accepts
``[domain("blerch")]``, ``[outputcontrolpoints(-1)]``, ``[numthreads]`` on ordinary functions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import ast as A
from .diagnostics import Pos
from .types import BOOL, INT, UINT, NumType, concrete

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def uint_attribute(cg: CodegenContext, name: str, args: list[A.Node], pos: Pos) -> int | None:
    """The value of the one integer argument of entry attribute ``name``; None when fxc ignores the
    attribute (a float argument, with its warnings). Raises fxc's X3084 for a negative or non-constant
    integer."""
    v = cg.expr(args[0])
    t = v.type
    integral = isinstance(t, NumType) and concrete(t.base) in (INT, UINT, BOOL)
    if not integral or not v.const or len(v.slots) < 1:
        if integral:
            raise cg.err(pos, f"non-literal parameter(s) found for attribute {name}", 3084)
        cg.warn(pos, 3554, f"cannot match attribute {name}, parameter 1 is expected to be of type int")
        cg.warn(args[0].pos, 3554, f"unknown attribute {name}, or attribute invalid for this statement")
        return None
    bits = v.slots[0][3]
    base = concrete(t.base)
    value = (1 if bits else 0) if base == BOOL else int(bits) if base == UINT else \
        int(np.array(bits, np.uint32).view(np.int32))
    if value < 0:
        raise cg.err(pos, f"cannot match attribute {name}, non-uint parameters found", 3084)
    return value
