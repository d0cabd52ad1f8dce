"""D3D11_COMPARISON_FUNC, defined once for every stage that compares (D3D11.3 §17.5 depth/stencil tests,
§7.18.9 sampler comparison filtering): ``a FUNC b`` on numbers, where a NaN operand fails every function but
NOT_EQUAL (IEEE comparison) and NEVER/ALWAYS ignore their operands."""

from __future__ import annotations

import numpy as np

from ..errors import NotSupportedError
from ..headers.d3d11_enums import D3D11_COMPARISON_FUNC as CF

NEVER = CF.D3D11_COMPARISON_NEVER
ALWAYS = CF.D3D11_COMPARISON_ALWAYS

#: each comparison function other than NEVER / ALWAYS, in the three forms the executors run: numpy's predicate
#: (the reference), LLVM's ``fcmp`` predicate on floats and its ``icmp`` predicate on unsigned integers (the native
#: generators; UNORM depth codes compare as unsigned integers). LLVM's ordered predicates (``o*``) are false when
#: an operand is NaN and ``une`` is true, which is IEEE's rule above (LLVM LangRef, "'fcmp' Instruction").
_FORMS = {
    CF.D3D11_COMPARISON_LESS: (np.less, "olt", "ult"),
    CF.D3D11_COMPARISON_EQUAL: (np.equal, "oeq", "eq"),
    CF.D3D11_COMPARISON_LESS_EQUAL: (np.less_equal, "ole", "ule"),
    CF.D3D11_COMPARISON_GREATER: (np.greater, "ogt", "ugt"),
    CF.D3D11_COMPARISON_NOT_EQUAL: (np.not_equal, "une", "ne"),
    CF.D3D11_COMPARISON_GREATER_EQUAL: (np.greater_equal, "oge", "uge"),
}
_PREDICATES = {f: forms[0] for f, forms in _FORMS.items()}
#: D3D11_COMPARISON_FUNC -> LLVM fcmp / icmp predicate (NEVER and ALWAYS are constants: ``passes_constant``)
LLVM_FCMP = {f: forms[1] for f, forms in _FORMS.items()}
LLVM_ICMP = {f: forms[2] for f, forms in _FORMS.items()}
#: every defined comparison function, NEVER (1) to ALWAYS (8)
FUNCTIONS = frozenset(CF)


def passes_constant(func: int) -> bool | None:
    """The verdict of NEVER (False) and ALWAYS (True), which ignore their operands; None for the others."""
    if func == NEVER:
        return False
    if func == ALWAYS:
        return True
    return None


def comparison_passes(func: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Boolean array: does ``a func b`` hold, element by element (shapes broadcast)."""
    constant = passes_constant(func)
    if constant is not None:
        return np.full(np.broadcast(a, b).shape, constant)
    pred = _PREDICATES.get(func)
    if pred is None:
        raise NotSupportedError(f"comparison function {func}")
    return pred(a, b)
