"""D3D11_COMPARISON_FUNC, defined once for every stage that compares (D3D11.3 §17.5 depth/stencil tests,
§7.18.9 sampler comparison filtering): ``a FUNC b`` on numbers, where a NaN operand fails every function but
NOT_EQUAL (IEEE comparison) and NEVER/ALWAYS ignore their operands."""

from __future__ import annotations

import numpy as np

from ..errors import NotSupportedError
from ..headers.d3d11_enums import D3D11_COMPARISON_FUNC as CF

#: the binary predicate of each comparison function other than NEVER / ALWAYS
_PREDICATES = {
    CF.D3D11_COMPARISON_LESS: np.less,
    CF.D3D11_COMPARISON_EQUAL: np.equal,
    CF.D3D11_COMPARISON_LESS_EQUAL: np.less_equal,
    CF.D3D11_COMPARISON_GREATER: np.greater,
    CF.D3D11_COMPARISON_NOT_EQUAL: np.not_equal,
    CF.D3D11_COMPARISON_GREATER_EQUAL: np.greater_equal,
}


def comparison_passes(func: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Boolean array: does ``a func b`` hold, element by element (shapes broadcast)."""
    if func == CF.D3D11_COMPARISON_NEVER:
        return np.zeros(np.broadcast(a, b).shape, bool)
    if func == CF.D3D11_COMPARISON_ALWAYS:
        return np.ones(np.broadcast(a, b).shape, bool)
    pred = _PREDICATES.get(func)
    if pred is None:
        raise NotSupportedError(f"comparison function {func}")
    return pred(a, b)
