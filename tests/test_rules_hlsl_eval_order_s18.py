"""Evaluation order and side effects within one expression (issue 15, session 18, helper HL20).

Rules and their sources:

* ``&&``, ``||`` and ``?:`` never short-circuit: "Unlike short-circuit evaluation of &&, ||, and ?: in C, HLSL
  expressions never short-circuit an evaluation because they are vector operations. All sides of the
  expression are always evaluated." (MicrosoftDocs direct3dhlsl "Operators", Boolean Math Operators); a
  vector condition selects per component (the same page, and the conditional operator's component rule);
* function arguments are evaluated left to right (fxc; C leaves it unspecified — the rows only use
  arguments whose side effects commute except ``argsum``, which records fxc's order);
* out and inout arguments: the argument is an l-value evaluated once, before the call; after the call the
  parameter is written back to that l-value, parameters in order left to right, so ``f(x, x)`` with two
  out parameters leaves the last one (clang's HLSL FunctionCalls design, DXC's copy-in/copy-out test
  copyin-copyout.hlsl). **Bug fixed here**: the index of an out argument was evaluated after the call,
  so ``f(i, a[i])`` with ``inout int i`` wrote the element of ``i``'s new value; likewise an index read
  from a static global the callee changes, and through a class method;
* ``++``/``--`` and compound assignment on a swizzle act per component and yield the old value (postfix)
  / the new value (prefix); ``a[k++] = v`` steps k once (C);
* a swizzle naming a component twice is no l-value: assignment, compound assignment, ``++`` and an out
  argument through it are fxc's X3025 "l-value specifies const object" (the shared function.shader_test
  records ``func(x.yy)`` with an inout parameter failing).
"""

from __future__ import annotations

import pytest
from hlsl_rules_s18_kit import check_rows, cs_rows

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

DECLS = r"""
static int cnt = 0;
int inc() { cnt += 1; return cnt; }
int bump(int k) { cnt += k; return k; }
static uint marks = 0;
uint w1() { marks |= 1; return 10; }
uint w2() { marks |= 2; return 20; }
uint w4() { marks |= 4; return 1; }
uint w8() { marks |= 8; return 0; }
void two_outs(out int a, out int b) { a = 1; b = 2; }
void bump_idx(inout int idx, out int v) { v = 50 + idx; idx = idx + 2; }
void bump_first(out int v, inout int idx) { v = 60 + idx; idx = idx + 1; }
static int g = 1;
void step_g(out int v) { v = 70 + g; g = 3; }
void swz(inout float2 p) { p = float2(p.x * 10, p.y + 1); }
int times10(int a) { return a * 10; }
struct P { int arr[4]; };
class C
{
    int base;
    void put(inout int k, out int v) { v = base + k; k = 0; }
};
"""

PRE = r"""    int t_both = (O > 0) ? inc() : inc() * 100;
    int after_t = cnt;
    cnt = 0;
    bool sc1 = (O > 0) || (inc() > 0);
    bool sc2 = (Z > 0) && (inc() > 0);
    int after_sc = cnt;
    cnt = 0;
    int argsum = bump(1) * 10 + bump(2);
    int after_args = cnt;
    uint t = (O > 0) ? w1() : w2();
    uint m1 = marks; marks = 0;
    uint2 tv = bool2(O > 0, Z > 0) ? uint2(w1(), w1()) : uint2(w2(), w2());
    uint m3 = marks; marks = 0;
    if ((Z > 0) && (w4() > 0)) marks |= 16;
    uint m4 = marks; marks = 0;
    float2 sel = bool2(O > 0, M > 0) ? float2(10, 20) : float2(30, 40);
    int3 isel = int3(I1, IZ, 2 * I1) ? int3(10, 20, 30) : int3(40, 50, 60);
    float3 mixed = bool3(true, false, O > 0) ? 1.0 : float3(7, 8, 9);
    float4 vinc = float4(1, 2, 3, 4) * O;
    vinc.yw++;
    float4 vpre = float4(1, 2, 3, 4) * O;
    float2 old = vpre.zx++;
    float4 vpre2 = float4(1, 2, 3, 4) * O;
    float2 nw = ++vpre2.wy;
    int arr0[4] = {0, 0, 0, 0};
    int k0 = IZ;
    arr0[k0++] = 5;
    arr0[k0] += 7;
    int pp = I1;
    int post = pp++ * 10 + pp;
    float4 sw4 = float4(1, 2, 3, 4) * O;
    sw4.wx += float2(10, 20);
    sw4.zy *= float2(2, 3);
    int3 ivv = int3(1, 2, 3) * I1;
    ivv.zx <<= 1;
    ivv.y /= 2;
    int x0 = 5 * I1;
    two_outs(x0, x0);
    int arr[4] = {0, 0, 0, 0};
    int ix = I1;
    bump_idx(ix, arr[ix]);
    int brr[4] = {0, 0, 0, 0};
    int j = I1;
    bump_first(brr[j], j);
    int grr[4] = {0, 0, 0, 0};
    step_g(grr[g]);
    P p;
    p.arr[0] = 0; p.arr[1] = 0; p.arr[2] = 0; p.arr[3] = 0;
    int k = 2 * I1;
    bump_idx(k, p.arr[k]);
    C c;
    c.base = 90;
    int crr[4] = {0, 0, 0, 0};
    int m = 3 * I1;
    c.put(m, crr[m]);
    float4 sv = float4(1, 2, 3, 4) * O;
    swz(sv.zx);
    int xf = I1;
    xf = times10(xf++);
    int yf = I1;
    int zf = times10(yf++) + yf;
"""

ROWS = [
    # ?: evaluates both sides; && and || evaluate their right operand whatever the left gives
    ("t_both", "u", 1), ("after_t", "u", 2), ("(uint)sc1", "u", 1), ("(uint)sc2", "u", 0), ("after_sc", "u", 2),
    ("t", "u", 10), ("m1", "u", 3), ("tv.x", "u", 10), ("tv.y", "u", 20), ("m3", "u", 3), ("m4", "u", 4),
    # vector conditions select per component
    ("sel.x", "f", 10.0), ("sel.y", "f", 40.0), ("isel.x", "u", 10), ("isel.y", "u", 50), ("isel.z", "u", 30),
    ("mixed.x", "f", 1.0), ("mixed.y", "f", 8.0), ("mixed.z", "f", 1.0),
    # arguments left to right: bump(1) then bump(2)
    ("argsum", "u", 12), ("after_args", "u", 3),
    # ++ and compound assignment on swizzles
    ("vinc.x", "f", 1.0), ("vinc.y", "f", 3.0), ("vinc.z", "f", 3.0), ("vinc.w", "f", 5.0),
    ("old.x", "f", 3.0), ("old.y", "f", 1.0), ("vpre.x", "f", 2.0), ("vpre.z", "f", 4.0), ("vpre.y", "f", 2.0),
    ("nw.x", "f", 5.0), ("nw.y", "f", 3.0), ("vpre2.w", "f", 5.0), ("vpre2.x", "f", 1.0),
    ("sw4.x", "f", 21.0), ("sw4.w", "f", 14.0), ("sw4.z", "f", 6.0), ("sw4.y", "f", 6.0),
    ("ivv.x", "u", 2), ("ivv.y", "u", 1), ("ivv.z", "u", 6),
    ("arr0[0]", "u", 5), ("arr0[1]", "u", 7), ("k0", "u", 1), ("post", "u", 12), ("pp", "u", 2),
    # out / inout: copy-back left to right, to the l-value named at the call
    ("x0", "u", 2),
    ("arr[1]", "u", 51), ("arr[3]", "u", 0), ("ix", "u", 3),
    ("brr[1]", "u", 61), ("brr[2]", "u", 0), ("j", "u", 2),
    ("grr[1]", "u", 71), ("grr[3]", "u", 0), ("g", "u", 3),
    ("p.arr[2]", "u", 52), ("p.arr[0]", "u", 0), ("k", "u", 4),
    ("crr[3]", "u", 93), ("crr[0]", "u", 0), ("m", "u", 0),
    ("sv.z", "f", 30.0), ("sv.x", "f", 2.0), ("sv.y", "f", 2.0), ("sv.w", "f", 4.0),
    # x = f(x++): the argument is the old value, the step happens before the call, the assignment last
    ("xf", "u", 10), ("zf", "u", 12), ("yf", "u", 2),
]


def test_evaluation_order_rows():
    assert check_rows(ROWS, cs_rows(ROWS, DECLS, PRE)) == []


#: statements on ``float4 x`` (and a helper with out/inout parameters): fxc's X3025 for a repeated component
REPEATED_COMPONENT_LVALUES = [
    "x.xx = 1;", "x.xx += 1;", "x.xyx = float3(1, 2, 3);", "x.xx++;", "++x.yy;", "x.wzw -= 1;",
    "f_out(x.xx);", "f_inout(x.zz);",
]
VALID_SWIZZLE_LVALUES = ["x.yx = 1;", "x.wz += 1;", "x.xyz = float3(1, 2, 3);", "x.zy++;", "++x.yw;",
                         "f_out(x.wx);", "f_inout(x.zy);"]


def _compile(stmt: str) -> str | None:
    src = ("float4 v;\nvoid f_out(out float2 a) { a = 1; }\nvoid f_inout(inout float2 a) { a += 1; }\n"
           f"float4 main() : sv_target\n{{\n    float4 x = v;\n    {stmt}\n    return x;\n}}\n")
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    except ShaderCompileError as e:
        return e.errors
    return None


@pytest.mark.backend_independent
@pytest.mark.parametrize("stmt", REPEATED_COMPONENT_LVALUES)
def test_repeated_component_swizzle_is_no_lvalue(stmt):
    err = _compile(stmt)
    assert err is not None and "X3025" in err, err


@pytest.mark.backend_independent
@pytest.mark.parametrize("stmt", VALID_SWIZZLE_LVALUES)
def test_distinct_component_swizzle_is_an_lvalue(stmt):
    assert _compile(stmt) is None


def test_evaluation_order_rows_cs_4_0():
    assert check_rows(ROWS, cs_rows(ROWS, DECLS, PRE, profile="cs_4_0")) == []


INTERFACE_OUT_ARG = """interface I { void put(inout int k, out float v); };
class C : I { float base; void put(inout int k, out float v) { v = base + k; k = 0; } };
I obj;
int start;
float4 main() : sv_target
{
    float arr[4] = {0, 0, 0, 0};
    int m = start;
    obj.put(m, arr[m]);
    return float4(arr[0], arr[1], arr[2], arr[3]);
}
"""


@pytest.mark.backend_independent
def test_interface_call_pins_out_argument_index():
    """Through an interface pointer the body runs behind ``fcall``: the copy-back's index register is written
    before the call and by no function body (the body zeroes ``k``, which must not move the element)."""
    import re

    from pyd3d11.d3dcompiler import D3DDisassemble

    blob = D3DCompile(INTERFACE_OUT_ARG, None, "t.hlsl", None, None, "main", "ps_5_0")
    text = bytes(D3DDisassemble(blob).GetBufferPointer()).decode(errors="replace").replace("\0", "")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("//")]
    call = next(i for i, ln in enumerate(lines) if ln.startswith("fcall"))
    at = next(i for i in range(call + 1, len(lines)) if re.match(r"mov x0\[r\d+\.[xyzw] \+ 0\]", lines[i]))
    reg, comp = re.match(r"mov x0\[(r\d+)\.([xyzw])", lines[at]).groups()
    dst = re.compile(rf"^\w+ {reg}\.[xyzw]*{comp}[xyzw]*,")
    body = lines[lines.index("label fb0"):]
    assert any(dst.match(ln) for ln in lines[:call]), lines
    assert not any(dst.match(ln) for ln in lines[call + 1:at]), lines  # not re-read from k after the call
    assert not any(dst.match(ln) for ln in body), body
