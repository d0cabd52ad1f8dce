"""HLSL operator precedence and associativity for every pair of binary operators, and the usual
arithmetic conversions between int and uint (HLSL follows C: MicrosoftDocs direct3dhlsl
"Operators" — precedence table — and "Per-component math" / conversions).

``a OP1 b OP2 c`` is compiled for each of the 18×18 operator pairs into one compute shader with a, b, c read
from a constant buffer; the expected value comes from C's precedence table applied here: the pair groups as
``(a OP1 b) OP2 c`` when OP1 binds at least as tightly as OP2 (all binary operators are left-associative),
otherwise as ``a OP1 (b OP2 c)``; each operator evaluated with 32-bit int semantics (wrap-around, division
truncating toward zero, % taking the dividend's sign, shift counts masked to 5 bits, comparisons and
logical operators giving bool 0/1)."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from test_audit_pipeline import _compile, _device, _read_buffer

from pyd3d11.d3d11 import *  # noqa: F403

#: operator -> C precedence level (higher binds tighter)
PREC = {"*": 10, "/": 10, "%": 10, "+": 9, "-": 9, "<<": 8, ">>": 8, "<": 7, ">": 7, "<=": 7, ">=": 7,
        "==": 6, "!=": 6, "&": 5, "^": 4, "|": 3, "&&": 2, "||": 1}
OPS = list(PREC)


def _s32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def apply(op: str, x: int, y: int) -> int:
    """One C operator on 32-bit signed ints (the operands are already int32 values)."""
    if op == "*":
        return _s32(x * y)
    if op == "/":
        q = abs(x) // abs(y)
        return _s32(q if (x >= 0) == (y >= 0) else -q)
    if op == "%":
        r = abs(x) % abs(y)
        return _s32(r if x >= 0 else -r)
    if op == "+":
        return _s32(x + y)
    if op == "-":
        return _s32(x - y)
    if op == "<<":
        return _s32(x << (y & 31))
    if op == ">>":
        return _s32(x >> (y & 31))
    table = {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y, "==": x == y, "!=": x != y,
             "&&": bool(x) and bool(y), "||": bool(x) or bool(y)}
    if op in table:
        return int(table[op])
    return _s32({"&": x & y, "^": x ^ y, "|": x | y}[op])


def expected(op1: str, op2: str, a: int, b: int, c: int) -> int:
    if PREC[op1] >= PREC[op2]:
        return apply(op2, apply(op1, a, b), c)
    return apply(op1, a, apply(op2, b, c))


#: (a, b, c) triples with non-zero divisors wherever a division may land (b, c and every (b op c) below)
TRIPLES = [(7, 3, 2), (-9, 4, 3), (5, -2, 7), (-6, -5, 1)]


def _divisor_ok(op1: str, op2: str, a: int, b: int, c: int) -> bool:
    if PREC[op1] >= PREC[op2]:
        return not (op1 in "/%" and b == 0) and not (op2 in "/%" and c == 0)
    inner = apply(op2, b, c)
    return not (op2 in "/%" and c == 0) and not (op1 in "/%" and inner == 0)


def _run(a: int, b: int, c: int) -> np.ndarray:
    pairs = [(o1, o2) for o1 in OPS for o2 in OPS]
    body = "\n".join(f"    o.Store({4 * i}, asuint((int)(a {o1} b {o2} c)));" for i, (o1, o2) in enumerate(pairs))
    src = f"""cbuffer C : register(b0) {{ int a; int b; int c; }};
RWByteAddressBuffer o : register(u0);
[numthreads(1, 1, 1)] void main() {{
{body}
}}"""
    dev, ctx = _device()
    n = len(pairs)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=struct.pack("<4i", a, b, c, 0)))
    code = _compile(src, "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(code, len(code), None), None, 0)
    ctx.CSSetConstantBuffers(0, 1, [cb])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    return _read_buffer(dev, ctx, out, 4 * n).view(np.int32)


@pytest.mark.parametrize("triple", TRIPLES, ids=[str(t) for t in TRIPLES])
def test_every_operator_pair_groups_by_c_precedence(triple):
    a, b, c = triple
    got = _run(a, b, c)
    bad = []
    for i, (o1, o2) in enumerate((o1, o2) for o1 in OPS for o2 in OPS):
        if not _divisor_ok(o1, o2, a, b, c):
            continue  # division by zero: undefined for int
        want = expected(o1, o2, a, b, c)
        if int(got[i]) != want:
            bad.append(f"a {o1} b {o2} c: got {int(got[i])}, want {want}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("expr,want", [
    ("(int)(-1 < 1u)", 0),                      # -1 converts to uint 0xFFFFFFFF before comparing
    ("(int)(-7 / 2u)", 0x7FFFFFFC),             # unsigned division of 0xFFFFFFF9 by 2
    ("(int)(-7 % 4u)", 1),                      # 0xFFFFFFF9 % 4
    ("(int)((uint)-8 >> 1)", 0x7FFFFFFC),       # logical shift of a uint
    ("(-8 >> 1)", -4),                          # arithmetic shift of an int
    ("(int)(1.5 + 1)", 2),                      # int converts to float; the sum truncates toward zero
    ("(int)(-1.5)", -1),
    ("(int)(true + true)", 2),                  # bool promotes to int
    ("(int)(3 / 2 * 2.0)", 2),                  # left to right: integer division first
    ("(int)(7 - 3 - 2)", 2),                    # left-associative
])
def test_usual_arithmetic_conversions(expr, want):
    src = f"""RWByteAddressBuffer o : register(u0);
[numthreads(1, 1, 1)] void main() {{ o.Store(0, asuint((int)({expr}))); }}"""
    dev, ctx = _device()
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=1, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    code = _compile(src, "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(code, len(code), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    assert int(_read_buffer(dev, ctx, out, 4).view(np.int32)[0]) == want
