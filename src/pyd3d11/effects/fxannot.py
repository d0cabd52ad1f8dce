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
from ..shader.hlsl.codegen import walk
from ..shader.hlsl.diagnostics import HlslError
from .fxparse import Annotation


def static_const_names(decls: Iterable[A.Node]) -> set[str]:
    """The globals an annotation may read: ``static const`` variables."""
    return {d.name for d in decls if isinstance(d, A.VarDecl) and {"static", "const"} <= set(d.mods)}


def global_names(decls: Iterable[A.Node]) -> set[str]:
    """Every global variable's name (constant-buffer members included)."""
    out: set[str] = set()
    for d in decls:
        if isinstance(d, A.VarDecl):
            out.add(d.name)
        elif isinstance(d, A.CBufferDecl):
            out.update(m.name for m in d.members if isinstance(m, A.VarDecl))
    return out


def check_annotation_names(items: list[Annotation], static_consts: set[str], globals_: set[str], file: str) -> None:
    """Raise fxc's error for the first name an annotation list's values may not read."""
    earlier: set[str] = set()
    for a in items:
        for n in walk(a.value) if a.value is not None else ():
            if not isinstance(n, A.Ident) or n.name in static_consts:
                continue
            pos = n.pos or a.pos
            where = (pos.file or file, pos.line, pos.col) if pos is not None else (file, 1, 1)
            if n.name in earlier or n.name in globals_:
                raise HlslError(*where, 3011, f"'{a.name}': value must be a literal expression")
            raise HlslError(*where, 3004, f"undeclared identifier '{n.name}'")
        earlier.add(a.name)
