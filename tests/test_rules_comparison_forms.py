"""D3D11_COMPARISON_FUNC in every form an executor runs (issue 19 item 4: one definition of each rule).

``pipeline/comparison.py`` holds the one table: numpy's predicate for the reference, LLVM's ``fcmp`` / ``icmp``
predicates for the native generators (om_gen's depth and stencil tests, sampler_gen's comparison filtering), which
until session 33 kept two tables of their own with bare numbers. The expected verdicts come from the definitions:
D3D11.3 §17.5 / the D3D11_COMPARISON_FUNC page ("If the source data is less than the destination data, the
comparison passes", ...; NEVER and ALWAYS ignore the data) with IEEE comparison (a NaN operand is unordered: every
function but NOT_EQUAL fails), and LLVM LangRef's "'fcmp' Instruction" / "'icmp' Instruction" for the IR forms
(``o`` = ordered and, ``u`` = unordered or; ``ult`` etc. compare as unsigned integers)."""

from __future__ import annotations

import itertools
import math
import operator

import numpy as np
import pytest

from pyd3d11.headers.d3d11_enums import D3D11_COMPARISON_FUNC as CF
from pyd3d11.pipeline import comparison

pytestmark = pytest.mark.backend_independent

#: the page's definition of each function, ``source FUNC destination``
DEFINITION = {
    CF.D3D11_COMPARISON_NEVER: lambda a, b: False,
    CF.D3D11_COMPARISON_LESS: operator.lt,
    CF.D3D11_COMPARISON_EQUAL: operator.eq,
    CF.D3D11_COMPARISON_LESS_EQUAL: operator.le,
    CF.D3D11_COMPARISON_GREATER: operator.gt,
    CF.D3D11_COMPARISON_NOT_EQUAL: operator.ne,
    CF.D3D11_COMPARISON_GREATER_EQUAL: operator.ge,
    CF.D3D11_COMPARISON_ALWAYS: lambda a, b: True,
}
#: LangRef's condition codes: the relation, and the answer when either operand is NaN (fcmp only)
_RELATION = {"eq": operator.eq, "ne": operator.ne, "gt": operator.gt, "ge": operator.ge, "lt": operator.lt,
             "le": operator.le}
FLOATS = [-math.inf, -3.5, -1.0, -0.0, 0.0, 1e-45, 0.5, 1.0, 3.5, math.inf, math.nan]
UINTS = [0, 1, 2, 0x7FFFFF, 0x800000, 0xFFFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]


def _fcmp(cond: str, a: float, b: float) -> bool:
    """LangRef: ``o``-predicates yield true if both operands are not a QNAN and the relation holds, ``u``-predicates
    yield true if either operand is a QNAN or the relation holds."""
    unordered = math.isnan(a) or math.isnan(b)
    ordered, rel = cond[0], _RELATION[cond[1:]]
    return (not unordered and rel(a, b)) if ordered == "o" else (unordered or rel(a, b))


def _icmp(cond: str, a: int, b: int) -> bool:
    """LangRef: ``eq`` / ``ne`` compare the bits, ``u``-predicates the operands as unsigned integers."""
    if cond in ("eq", "ne"):
        return _RELATION[cond](a, b)
    assert cond[0] == "u", cond  # the depth codes are unsigned: no signed predicate may appear
    return _RELATION[cond[1:]](a, b)


def test_every_function_is_defined_once():
    assert comparison.FUNCTIONS == set(DEFINITION) == set(range(1, 9))
    for func in DEFINITION:
        constant = comparison.passes_constant(func)
        if func in (CF.D3D11_COMPARISON_NEVER, CF.D3D11_COMPARISON_ALWAYS):
            assert constant is (func == CF.D3D11_COMPARISON_ALWAYS)
            assert func not in comparison.LLVM_FCMP and func not in comparison.LLVM_ICMP
        else:
            assert constant is None and func in comparison.LLVM_FCMP and func in comparison.LLVM_ICMP


@pytest.mark.parametrize("func", sorted(DEFINITION))
def test_reference_form_on_floats(func):
    a, b = np.array(list(itertools.product(FLOATS, FLOATS)), np.float32).T
    want = [DEFINITION[func](float(x), float(y)) for x, y in zip(a, b, strict=True)]
    assert comparison.comparison_passes(func, a, b).tolist() == want


@pytest.mark.parametrize("func", sorted(DEFINITION))
def test_llvm_fcmp_form_gives_the_definition(func):
    constant = comparison.passes_constant(func)
    for a, b in itertools.product(FLOATS, FLOATS):
        got = constant if constant is not None else _fcmp(comparison.LLVM_FCMP[func], a, b)
        assert got == DEFINITION[func](a, b), (func, a, b)


@pytest.mark.parametrize("func", sorted(DEFINITION))
def test_llvm_icmp_form_gives_the_definition_on_unorm_codes(func):
    # UNORM depth codes (16 and 24 bits) and any 32-bit word: the order of the codes is the order of the values
    codes = np.array(list(itertools.product(UINTS, UINTS)), np.uint32).T
    want = comparison.comparison_passes(func, codes[0].astype(np.float64), codes[1].astype(np.float64)).tolist()
    constant = comparison.passes_constant(func)
    got = [constant if constant is not None else _icmp(comparison.LLVM_ICMP[func], int(a), int(b))
           for a, b in codes.T]
    assert got == want == [DEFINITION[func](int(a), int(b)) for a, b in codes.T]


def test_an_undefined_function_is_refused():
    from pyd3d11.errors import NotSupportedError

    for func in (0, 9):
        assert comparison.passes_constant(func) is None
        with pytest.raises(NotSupportedError):
            comparison.comparison_passes(func, np.zeros(1), np.zeros(1))
