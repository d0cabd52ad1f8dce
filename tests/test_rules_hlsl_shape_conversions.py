"""Implicit conversions and binary-operator shapes over every pair of numeric shapes: scalar, vector1..4 and
matrix RxC (R, C in 1..4) × the same, for assignment, argument passing, return and the binary operators.

The rules, written out here and applied to all 21 × 21 shape pairs (sources: MicrosoftDocs direct3dhlsl
"Per-Component Math Operations" — a one-component operand is promoted to the other's shape, otherwise the
result takes the smaller operand's size with warning X3206 "implicit truncation of vector type"; "Type
Casts"/"Data Types (Conversions)" — a conversion never adds components; and fxc's verdicts recorded in DXC's
SemaHLSL ``binop-dims.hlsl`` (every pair of float, float1, float2, float4 and floatRxC, R, C in 1, 2, 4, as
``l = l + r``, ``l += r`` and with a cast) and ``conversions-between-type-shapes.hlsl`` (argument passing
between scalar, vector, matrix, array and struct shapes), which pin the cases the prose leaves open):

A value of *n* components is **vector-like** when it is a scalar, a vector or a matrix with one row or one
column (1xN, Nx1); a **true matrix** has R > 1 and C > 1.

Implicit conversion ``src -> dst`` (assignment, argument, return value):

1. ``src`` of one component (float, float1, float1x1) converts to every shape (broadcast), silently.
2. ``dst`` of one component takes the first component of anything: X3206 when ``src`` has more.
3. matrix -> matrix (both written as matrices, 1xN and Nx1 included): ``dst`` must fit inside ``src``
   (dst.R <= src.R and dst.C <= src.C) and takes its upper-left part, X3206 when smaller; else X3017.
4. otherwise, when either side is a true matrix: the component counts must be equal (float4 <-> float2x2,
   silently); else X3017.
5. otherwise (vector-like on both sides): ``dst`` takes the first components, X3206 when fewer; a ``dst`` with
   more components than ``src`` is X3017. A vector truncated into a column matrix (float4 -> float2x1) is
   X3206 as an argument (fxc's record ``to_m2x1(v4)``); in an assignment, a return and a cast fxc's type check
   takes it (DXC's binop-dims records the cast ``(float2x1)f4`` passing it) and its code generation fails with the
   numberless "internal error: invalid sequence/cast expression" (d3dcompiler_47 10.1 under Wine, session 40,
   every pair of these tables; the shader-test corpus' Windows verdict refuses such a cast): "error" below.

Binary operator ``a OP b`` (result shape; the operands then convert to it by the rules above, silently):

1. a one-component operand takes the other's shape.
2. two matrices: one must fit inside the other (both dimensions); the result is the smaller, X3206 when they
   differ; matrices that do not nest (2x1 + 1x2, 4x1 + 2x2) are X3020 "type mismatch".
3. a vector and a true matrix: equal component counts only (the matrix's shape); else X3020.
4. otherwise (vectors, row/column matrices): the smaller count, X3206 when they differ.

An argument that cannot convert to its (only) parameter between numeric shapes is X3017 as an assignment is
("'f': cannot implicitly convert from 'float2' to 'float3'": d3dcompiler_47 10.1 under Wine, session 43; an
earlier inference had X3013 "no matching 1 parameter function" here, an answer the DLL does not give).

Each case compiles one ps_5_0 shader and checks fxc's verdict (accept / warning X3206 / error code) on the
case's line. Compilation does not depend on the shader backend: the tests run once.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: (kind, rows, cols): "s" scalar, "v" vector of ``cols``, "m" matrix rows x cols
SHAPES = [("s", 1, 1)] + [("v", 1, n) for n in range(1, 5)] + [("m", r, c) for r in range(1, 5) for c in range(1, 5)]


def spell(shape) -> str:
    kind, r, c = shape
    return "float" if kind == "s" else f"float{c}" if kind == "v" else f"float{r}x{c}"


def count(shape) -> int:
    return shape[1] * shape[2]


def true_matrix(shape) -> bool:
    return shape[0] == "m" and shape[1] > 1 and shape[2] > 1


def implicit(src, dst, context: str = "assignment") -> str:
    """Verdict of the implicit conversion src -> dst: "ok", "X3206" (a warning) or "X3017"."""
    ns, nd = count(src), count(dst)
    if src[0] != "m" and dst[0] == "m" and dst[1] > 1 and 1 < nd < ns and context != "argument":
        return "error"  # a vector truncated into a column matrix: fxc's internal error (module docstring, rule 5)
    if ns == 1:
        return "ok"
    if nd == 1:
        return "X3206"
    if src[0] == "m" and dst[0] == "m":
        if dst[1] <= src[1] and dst[2] <= src[2]:
            return "ok" if nd == ns else "X3206"
        return "X3017"
    if true_matrix(src) or true_matrix(dst):
        return "ok" if ns == nd else "X3017"
    return "ok" if nd == ns else "X3206" if nd < ns else "X3017"


def binop(a, b):
    """(result shape or None for X3020, whether X3206 is reported) of ``a + b``."""
    if count(a) == 1:
        return b, False
    if count(b) == 1:
        return a, False
    if a[0] == "m" and b[0] == "m":
        if a[1] <= b[1] and a[2] <= b[2]:
            return a, a != b
        if b[1] <= a[1] and b[2] <= a[2]:
            return b, True
        return None, False
    if true_matrix(a) or true_matrix(b):
        m = a if true_matrix(a) else b
        return (m, False) if count(a) == count(b) else (None, False)
    n = min(count(a), count(b))
    return ("v", 1, n), count(a) != count(b)


def binop_verdict(a, b) -> str:
    res, warn = binop(a, b)
    return "X3020" if res is None else "X3206" if warn else "ok"


def _compile(src: str) -> tuple[str | None, str]:
    """(first error code or None, the whole message text)."""
    msgs: list = []
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    except ShaderCompileError as e:
        codes = re.findall(r"error (X\d+)", e.errors)
        return (codes[0] if codes else "error"), e.errors
    return None, bytes(msgs[0].GetBufferPointer()).decode() if msgs else ""


def _verdict(src: str, line: int) -> str:
    err, text = _compile(src)
    if err is not None:
        return err
    return "X3206" if re.search(rf"\({line},\d+(?:-\d+)?\): warning X3206", text) else "ok"


# Each program: the case on line 3 (the checked line), its operands declared before it.
def _assignment(src, dst) -> str:
    return (f"float4 main() : SV_Target {{\n  {spell(src)} s = ({spell(src)})1;\n"
            f"  {spell(dst)} d = s;\n  return 0; }}")


def _argument(src, dst) -> str:
    return (f"void f({spell(dst)} p) {{ }}\nfloat4 main() : SV_Target {{ {spell(src)} s = ({spell(src)})1;\n"
            f"  f(s);\n  return 0; }}")


def _return(src, dst) -> str:
    return (f"{spell(dst)} g({spell(src)} s)\n{{\n  return s; }}\n"
            f"float4 main() : SV_Target {{ g(({spell(src)})1); return 0; }}")


def _binary(a, b) -> str:
    return (f"float4 main() : SV_Target {{ {spell(a)} a = ({spell(a)})1; {spell(b)} b = ({spell(b)})2;\n"
            f"  float x = 0;\n  x = (float)(a + b);\n  return x; }}")


CONTEXTS = {"assignment": _assignment, "argument": _argument, "return": _return}


@pytest.mark.parametrize("src", SHAPES, ids=spell)
@pytest.mark.parametrize("context", list(CONTEXTS))
def test_implicit_conversion_of_every_shape_pair(context, src):
    make = CONTEXTS[context]
    got = {spell(d): _verdict(make(src, d), 3) for d in SHAPES}
    want = {spell(d): implicit(src, d, context) for d in SHAPES}
    assert got == want


@pytest.mark.parametrize("a", SHAPES, ids=spell)
def test_binary_operator_shape_of_every_pair(a):
    got = {spell(b): _verdict(_binary(a, b), 3) for b in SHAPES}
    want = {spell(b): binop_verdict(a, b) for b in SHAPES}
    assert got == want


@pytest.mark.parametrize("a", SHAPES, ids=spell)
def test_compound_assignment_of_every_pair(a):
    """``a += b`` is ``a = a + b``: the operator's verdict, then the result converted to ``a``'s shape (fxc
    binop-dims records ``l += r`` and ``l = l + r`` alike)."""
    def want(b):
        res, warn = binop(a, b)
        if res is None:
            return "X3020"
        conv = implicit(res, a)
        return conv if conv == "X3017" else "X3206" if warn or conv == "X3206" else "ok"

    def prog(b):
        return (f"float4 main() : SV_Target {{ {spell(a)} a = ({spell(a)})1; {spell(b)} b = ({spell(b)})2;\n"
                f"  float x = 0;\n  a += b;\n  return (float)a; }}")
    got = {spell(b): _verdict(prog(b), 3) for b in SHAPES}
    assert got == {spell(b): want(b) for b in SHAPES}
