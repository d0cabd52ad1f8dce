"""Integer literal typing (issue 15, helper HL10), from its definition:

* MicrosoftDocs direct3dhlsl "Grammar": an integer constant is decimal, ``0``-octal or ``0x``-hex, with an
  optional suffix ``u U l L``;
* fxc (shader models 4 and 5) types an unsuffixed decimal literal as a 32-bit signed int holding the literal's
  low 32 bits (a hexadecimal or octal one is a uint, and ``-x`` of a uint above 2^31 is 0x80000000: session 45,
  the DLL's answers, hlsl/intfold.py): vkd3d's initializer-numeric.shader_test records ``3000000000`` as -1294967296 below SM6 and
  ``3000000000U`` as 3000000000; ``l``/``L`` changes nothing (``3L`` assigns like ``3``), ``u``/``U`` makes it
  a uint;
* a literal wider than 32 bits is fxc's syntax error at the token after it, and ``4ULL`` at its second ``L``
  (DXC SemaHLSL scalar-assignments.hlsl's fxc records).

Each value goes through an operation that tells int from uint — division, remainder, right shift, comparison,
conversion to float — against the run-time ``q`` and folded; the expected words are computed here in Python
with C's rules on 32-bit two's complement values."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, f32, run_case

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

PARAMS = [[5, -7, 3, 1], [-6, 3, 31, 2], [2147483647, -2147483648, 0, 0]]


def i32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def cmod(a: int, b: int) -> int:
    return a - cdiv(a, b) * b


def lit(text: str) -> tuple[int, bool]:
    """(value as the shader holds it, is_uint) of an integer literal, from the definition above."""
    t = text.lower()
    # a hexadecimal or octal literal is a uint to fxc unless it has an ``l`` suffix without ``u`` or spells zero
    # in octal (d3dcompiler_47 10.1, session 45 MRUN: ``0x80000000 / 2`` is 0x40000000, ``-0x1 > 0``)
    unsigned = "u" in t or (len(t.rstrip("ul")) > 1 and t[0] == "0" and not t.endswith("l")
                            and (t.startswith("0x") or t.rstrip("ul").strip("0") != ""))
    t = t.rstrip("ul")
    v = int(t, 16) if t.startswith("0x") else int(t, 8) if len(t) > 1 and t[0] == "0" else int(t)
    return (v & 0xFFFFFFFF, True) if unsigned else (i32(v), False)


LITERALS = ["3000000000", "3000000000u", "3000000000U", "3000000000l", "3000000000L", "3000000000ul",
            "3000000000LU", "0x80000000", "0xFFFFFFFF", "0xffffffffu", "0xFFFFFFF0", "037777777777",
            "020000000000", "2147483648", "2147483647", "4294967295", "0x7FFFFFFF", "17", "017", "0x11",
            "7L", "7u"]


def neg(v: int, unsigned: bool) -> int:
    """``-x`` of a literal as fxc's front end folds it: a uint above 2^31 through a signed 32-bit conversion of the
    double -x, the conversion's 0x80000000 (d3dcompiler_47 10.1, session 45 MRUN: ``-3000000000u`` is 0x80000000,
    ``-0xFFFFFFFF`` too; hlsl/intfold.py); otherwise the two's complement negation."""
    return 0x80000000 if unsigned and v > 0x80000000 else -v


def _row(text: str, q: list[int]) -> list:
    v, u = lit(text)
    x = q[0]
    if u:
        ux = x & 0xFFFFFFFF
        div = ux // v if v else 0
        rem = ux % v if v else 0
        shr = v >> (q[2] & 31)
        lt = int(ux < v)
    else:
        div = cdiv(x, v) if v else 0
        rem = cmod(x, v) if v else 0
        shr = v >> (q[2] & 31)  # Python's >> on a negative int is the arithmetic shift (ishr)
        lt = int(x < v)
    return [div, rem, shr, lt]


def _cases():
    cases = []
    for text in LITERALS:
        v, u = lit(text)
        if v == 0:
            continue
        body = (f"  r.x = q.x / {text};\n  r.y = q.x % {text};\n  r.z = {text} >> q.z;\n"
                f"  r.w = q.x < {text} ? 1 : 0;\n")
        cases.append(Case(f"ops_{text}", body, PARAMS, [_row(text, q) for q in PARAMS]))
        # the literal's own value: as float (int vs uint conversion), negated, and halved (literal folding)
        half = (v // 2) if u else cdiv(v, 2)
        body = (f"  r.x = asuint((float){text});\n  r.y = -{text};\n  r.z = {text} / 2;\n"
                f"  r.w = ({text} > 0) ? 1 : 0;\n")
        cases.append(Case(f"value_{text}", body, PARAMS,
                          [[f32(float(v)), neg(v, u), half, int(v > 0)] for _ in PARAMS]))
    # a negated literal is the negation of its 32-bit value: -3000000000 is 1294967296 (fxc-pass, no error)
    body = "  r.x = -3000000000;\n  r.y = -2147483648;\n  r.z = asuint((float)-3000000000);\n  r.w = -0x80000000 / q.w;\n"
    exp = []
    for q in PARAMS:
        w = 0x80000000 // q[3] if q[3] else 0  # -0x80000000 is a uint (hexadecimal): unsigned division
        exp.append([1294967296, -2147483648, f32(1294967296.0), w])
    cases.append(Case("negated", body, [p for p in PARAMS if p[3]], [e for e, p in zip(exp, PARAMS) if p[3]]))
    return cases


CASES = _cases()


@pytest.mark.parametrize("fold", [False, True], ids=["runtime", "folded"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_integer_literal_type_and_value(case, fold):
    run_case(case, fold=fold)


CS = ("RWStructuredBuffer<uint4> R;\n[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID) {{ uint4 r = 0;\n"
      "{body}\n R[t.x] = r; }}")

#: (source statement, the token fxc's X3000 names)
BAD = [
    ("r.x = 10000000000;", "';'"),
    ("r.x = 4294967296;", "';'"),
    ("r.x = 0x100000000;", "';'"),
    ("r.x = -10000000000;", "';'"),
    ("r.x = 4ULL;", "'L'"),
    ("r.x = 1uu;", "'u'"),
    ("r.x = 1LL;", "'L'"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("stmt", "token"), BAD, ids=[b[0] for b in BAD])
def test_literal_beyond_32_bits_is_a_syntax_error(stmt, token):
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(CS.format(body=stmt), None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "X3000" in e.value.errors and f"unexpected token {token}" in e.value.errors, e.value.errors


@pytest.mark.backend_independent
@pytest.mark.parametrize("stmt", ["r.x = 4294967295;", "r.x = 0xFFFFFFFF;", "r.x = 3L;", "r.x = 2U;",
                                  "r.x = -3000000000;", "r.x = 0xFFFFFFFFu;", "r.x = 037777777777;"])
def test_literal_within_32_bits_compiles(stmt):
    D3DCompile(CS.format(body=stmt), None, "t.hlsl", None, None, "main", "cs_5_0")


@pytest.mark.backend_independent
def test_model_matches_the_recorded_values():
    """The definition's two recorded values (vkd3d initializer-numeric, SM < 6)."""
    assert float(np.float32(lit("3000000000")[0])) == -1294967296.0
    assert lit("3000000000U") == (3000000000, True)


@pytest.mark.backend_independent
@pytest.mark.parametrize("digits", ["08", "09", "018", "0779"])
def test_an_octal_literal_takes_octal_digits_only(digits):
    # "Grammar (DirectX HLSL)": an integer literal starting with 0 is octal, digits 0-7 (C's octal-constant,
    # C99 6.4.4.1); two-digit forms too (parse_exprs read "08" as decimal 8 under a length bound off by one)
    with pytest.raises(ShaderCompileError, match="X3000"):
        D3DCompile(CS.format(body=f"r.x = {digits};"), None, "t.hlsl", None, None, "main", "cs_5_0")
