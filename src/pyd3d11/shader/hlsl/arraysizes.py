"""Arrays declared without a size (``T name[]``), as d3dcompiler_47 10.1 judges them (issue 15, session 35).

C's rule, which HLSL keeps: an array declared with empty brackets takes its size from its initialiser, so
without one it has none. fxc reports, before code generation and whether or not the program uses the name:

* a variable (global, ``static``, local, a cbuffer/tbuffer member) with no initialiser: X3074 "'a': implicit
  array missing initial value" (MicrosoftDocs direct3dhlsl "HLSL errors and warnings" lists
  ERR_IMPLICIT_ARRAY_MISSING_INIT 3074);
* a function parameter: X3072 "'t': array dimensions of function parameters must be explicit".

Shader model 5.1 allows unbounded resource arrays (MicrosoftDocs "Resource binding in HLSL": ``Texture2D
t[]``), globals and parameters alike (sm51.py builds them). Rows recorded from fxc:
tests/test_rules_hlsl_fxc_verdicts_acc.py (UNSIZED_ARRAY_ROWS)."""

from __future__ import annotations

from . import ast as A
from .diagnostics import HlslError
from .types import EFFECT_KINDS, ArrayType, ObjectType, array_leaf


def _unsized(t: object) -> bool:
    return isinstance(t, ArrayType) and t.count == 0


def _resource_array(t: object) -> bool:
    leaf = array_leaf(t)
    return isinstance(leaf, ObjectType) and leaf.kind != "string" and leaf.kind not in EFFECT_KINDS


def _missing_init(d: A.VarDecl) -> HlslError:
    return HlslError(d.pos.file, d.pos.line, d.pos.col, 3074, f"'{d.name}': implicit array missing initial value")


def check_unsized_arrays(prog: A.Program, sm51: bool) -> None:
    """Raise the first unsized-array error of ``prog`` (in declaration order; see the module docstring)."""
    from .codegen import walk

    for d in prog.decls:
        if isinstance(d, A.VarDecl) and _unsized(d.type) and d.init is None and \
                not (sm51 and _resource_array(d.type)):
            raise _missing_init(d)
        if isinstance(d, A.CBufferDecl):
            for m in d.members:
                if _unsized(m.type) and m.init is None:
                    raise _missing_init(m)
        if isinstance(d, A.FuncDef):
            for p in d.params:
                if _unsized(p.type) and not (sm51 and _resource_array(p.type)):
                    raise HlslError(p.pos.file, p.pos.line, p.pos.col, 3072,
                                    f"'{p.name}': array dimensions of function parameters must be explicit")
            if d.body is None:
                continue
            locals_ = [v for s in walk(d.body) if isinstance(s, A.DeclStmt) for v in s.decls]
            for v in sorted(locals_, key=lambda v: (v.pos.line, v.pos.col)):
                if _unsized(v.type) and v.init is None:
                    raise _missing_init(v)
