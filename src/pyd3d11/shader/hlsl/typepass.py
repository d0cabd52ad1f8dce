"""fxc's semantic pass over every function body, before the phases that follow it.

fxc type-checks the whole file -- every function body, called or not, the entry point's whole body, the methods
of its classes, the branches a constant condition prunes -- before it generates code: a type error anywhere is
reported ahead of any error of a later phase, wherever that stands in the source (d3dcompiler_47 10.1 under Wine,
session 48: ``void u() { float y = undeclared; }`` beside an entry point whose ``[unroll]`` loop has a run-time
bound is X3004, not X3511; so before a missing output semantic X3503, a recursive call X3500, an ``out`` parameter
never written X3508, a constant integer division by zero X4010, a ``break`` outside a loop X3518, a path without a
return X3507, a UAV below 5.0 X4585; at every target, ps_2_0 to ps_5_1; an entry point's own type error after its
failing loop is X3004 too, and a called function's).

Code generation here walks the entry point and what it calls, and stops at the first error it meets. Where that is
an error of a later phase (or a feature this compiler does not build), every function of the file is probed as
uncalled.py probes the functions nothing calls -- each body generated in a throw-away code generator at ps_5_0 and
cs_5_0, its parameters unknown, loops left as loops, each pruned branch generated too -- and the first type error
found (uncalled.TYPE_RULE_CODES, a void function's value X3079, a bare return X3080) is the compile's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: an error below X3500 that fxc reports after the semantic pass (probes of session 48, each beside an uncalled
#: X3004, which fxc reports instead): an entry point's missing or invalid attribute X3084 (a hull shader's domain /
#: partitioning / outputtopology / outputcontrolpoints / patchconstantfunc, ``[outputcontrolpoints(1.5)]``, a domain
#: shader's domain, as numthreads' is: entryattrs.after_type_rules; ``[unroll(a)]`` of a run-time ``a``)
_LATE_TYPE_CODES = frozenset({3084})


def is_later_phase(exc: BaseException) -> bool:
    """Whether ``exc``, raised while generating the code the entry point reaches, belongs after fxc's semantic
    pass: an error of X3500 and above (a path without a return, X3507; a root signature below 5.0, X4615, too:
    ``[RootSignature("CBV(b0)")]`` at ps_4_0 beside an uncalled X3004 is X3004), X3084, or a feature not built here
    (fxc reports the type error beside ``NonUniformResourceIndex(i)`` outside an index at ps_5_1, beside ``t.Length``
    of a texture array)."""
    if isinstance(exc, NotSupportedError):
        return True
    if not isinstance(exc, HlslError):
        return False
    return exc.code >= 3500 or exc.code in _LATE_TYPE_CODES


def first_type_error(make_codegen: Callable[[str, int, int], CodegenContext], memo_key: tuple | None,
                     entry: str, hooked: bool) -> HlslError | None:
    """The first type error of any function body of the file (the module doc), or None; the probes' own failures
    (a parse that fails, a path not built) prove nothing and give None."""
    from .uncalled import check_uncalled

    try:
        prog = make_codegen("ps", 5, 0).prog
    except Exception:  # noqa: BLE001 - the file does not reach code generation: nothing to add
        return None
    functions = [d for d in prog.decls if isinstance(d, A.FuncDef)]
    types = [d for d in prog.decls if isinstance(d, A.TypeDecl)] + prog.local_types
    try:
        # nothing counts as called: the entry point and the functions it reaches are probed as the others are
        check_uncalled(make_codegen, set(), memo_key, entry, hooked, functions, types)
    except HlslError as exc:
        return exc
    except Exception:  # noqa: BLE001 - the probe's limit, not the program's
        return None
    return None
