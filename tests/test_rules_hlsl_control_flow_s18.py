"""Control flow at run time (issue 15, session 18, helper HL20). Expected values computed by hand from the rules:

* ``break`` inside a ``switch`` leaves the switch, not the loop around it; ``continue`` directly inside a
  switch is fxc's X3708 (the shared switch.shader_test records it; a loop nested in the case may continue);
  ``return`` inside a switch inside a loop leaves the function (C semantics, which HLSL's statements follow:
  MicrosoftDocs direct3dhlsl "Flow-Control" pages for break, continue, return, switch);
* ``default`` may stand anywhere among the cases and is taken only when no case matches; empty cases fall
  through to the next label (the switch page; a non-empty case without break is fxc's error, recorded in
  the shared switch.shader_test);
* ``for`` variables outlive the loop (fxc's legacy scoping: the loop variable is visible after the
  statement); the ``for`` comma forms ``int i = 0, j = 10`` and ``i++, j--``; ``do { continue; } while
  (false)`` evaluates the condition (C); ``while ((x = x - 1) > 0)`` assigns in the condition;
* ``discard`` and ``clip`` inside loops end the pixel (its render target keeps the clear colour) while the
  other pixels run the loop to its end (MicrosoftDocs discard and clip pages).
"""

from __future__ import annotations

from hlsl_rules_s18_kit import check_rows, cs_rows, probe_failures, shader_test_blocks

DECLS = r"""
int early(int n)
{
    for (int i = 0; i < 10; i++)
    {
        if (i == n)
            return i * 10;
    }
    return -1;
}
int loop_switch(int lim)
{
    int acc = 0;
    for (int i = 0; i < lim; i++)
    {
        switch (i)
        {
            case 1: break;
            case 3: break;
            case 4: acc += 100; break;
            default: acc += i; break;
        }
        if (i == 5)
            break;
        acc += 10;
    }
    return acc;
}
int loop_in_case(int lim)
{
    int acc = 0;
    switch (lim)
    {
        case 4:
            for (int i = 0; i < lim; i++)
            {
                if (i == 1)
                    continue;
                acc += i;
            }
            break;
        default:
            acc = -5;
            break;
    }
    return acc;
}
int mid_default(int x)
{
    int r = -1;
    switch (x)
    {
        case 0: r = 1; break;
        default: r = 2; break;
        case 5: r = 3; break;
        case 6:
        case 7: r = 4; break;
    }
    return r;
}
int while_nested(int n)
{
    int acc = 0, i = 0;
    while (true)
    {
        i++;
        if (i > n) break;
        int j = 0;
        do
        {
            j++;
            if (j == 2) continue;
            if (j > 3) break;
            acc += j;
        } while (j < 5);
    }
    return acc;
}
int sw_in_sw(int a, int b)
{
    int r = 0;
    switch (a)
    {
        case 0:
            switch (b) { case 0: r = 10; break; default: r = 11; break; }
            r += 100;
            break;
        default:
            r = 7;
            break;
    }
    return r;
}
int comma_loop()
{
    int s = 0;
    for (int i = 0, j = 10; i < j; i++, j--)
        s += j - i;
    return s;
}
int do_continue()
{
    int n = 0;
    do
    {
        n++;
        if (n < 5)
            continue;
    } while (false);
    return n;
}
int while_assign(int x)
{
    int c = 0;
    while ((x = x - 1) > 0)
        c += x;
    return c;
}
int ret_in_switch_in_loop(int k)
{
    for (int i = 0; i < 8; i++)
    {
        switch (i)
        {
            case 2:
                if (k == 2) return 200;
                break;
            case 5:
                return 500 + k;
            default:
                break;
        }
    }
    return -1;
}
int nested_break(int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
    {
        for (int j = 0; j < n; j++)
        {
            if (j > i) break;
            if ((i + j) % 2 == 1) continue;
            c += 1;
        }
        if (c > 5) break;
    }
    return c;
}
uint countdown(uint n)
{
    uint s = 0;
    for (uint i = n; i > 0; --i)
        s = s * 2 + i;
    return s;
}
int find2(int a, int b)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
        {
            if (i * j == a * b && i >= a)
                return i * 10 + j;
        }
    return -1;
}
int sumcalls(int n)
{
    int s = 0;
    for (int k = 0; k < n; k++)
    {
        int f = find2(k, 2);
        if (f < 0) continue;
        s += f;
    }
    return s;
}
int sw_loop(int n)
{
    int r = 0;
    for (int i = 0; i < n; i++)
    {
        for (int j = 0; j < 3; j++)
        {
            switch (j)
            {
                case 1:
                    if (i == 1) break;
                    r += 100;
                    break;
                default:
                    r += 1;
                    break;
            }
        }
    }
    return r;
}
"""

PRE = r"""    int lp = 0;
    for (int q = 0; q < 3; q++) { lp += q; }
    int q_after = q;
    int cnt = 0;
    int i0;
    for (i0 = IZ; i0 < 5; i0++, cnt++) { if (i0 == 2) continue; }
    int w = IZ, wc = 0;
    while (w < 5) { w++; if (w == 3) continue; wc += w; }
    int dsum = 0, dk = IZ;
    do { dk++; if (dk & 1) continue; dsum += dk; } while (dk < 6);
    int nest = IZ;
    [loop] for (int a = 0; a < 3; a++) { [unroll] for (int b = 0; b < 3; b++) { if (b == a) break; nest += 1; } }
"""

#: (expression, kind, expected): hand-traced through the rules above
ROWS = [
    ("early(3 * I1)", "u", 30), ("early(12 * I1)", "u", -1), ("early(IZ)", "u", 0),
    # i: 0 → +0 +10; 1 → +10; 2 → +2 +10; 3 → +10; 4 → +100 +10; 5 → +5 then break: 157
    ("loop_switch(6 * I1)", "u", 157), ("loop_switch(3 * I1)", "u", 32), ("loop_switch(IZ)", "u", 0),
    ("loop_in_case(4 * I1)", "u", 5), ("loop_in_case(3 * I1)", "u", -5),
    ("mid_default(5 * I1)", "u", 3), ("mid_default(9 * I1)", "u", 2), ("mid_default(IZ)", "u", 1),
    ("mid_default(6 * I1)", "u", 4), ("mid_default(7 * I1)", "u", 4), ("mid_default(IM1)", "u", 2),
    ("while_nested(2 * I1)", "u", 8), ("while_nested(IZ)", "u", 0),
    ("sw_in_sw(IZ, IZ)", "u", 110), ("sw_in_sw(IZ, I1)", "u", 111), ("sw_in_sw(I1, IZ)", "u", 7),
    ("comma_loop()", "u", 30), ("do_continue()", "u", 1), ("while_assign(4 * I1)", "u", 6),
    ("while_assign(IZ)", "u", 0),
    ("ret_in_switch_in_loop(2 * I1)", "u", 200), ("ret_in_switch_in_loop(3 * I1)", "u", 503),
    ("nested_break(4 * I1)", "u", 6), ("nested_break(2 * I1)", "u", 2), ("countdown(3u * U1)", "u", 17),
    ("lp", "u", 3), ("q_after", "u", 3),
    # continue runs the for's increment (cnt counts 5 steps), skips to a while's / do-while's condition
    ("cnt", "u", 5), ("i0", "u", 5), ("wc", "u", 12), ("dsum", "u", 12), ("nest", "u", 3),
    # return from two nested loops inside a function called in a loop with continue
    ("find2(1 * I1, 2)", "u", 12), ("find2(3 * I1, 3)", "u", 33), ("find2(3 * I1, 2)", "u", 32),
    ("sumcalls(4 * I1)", "u", 0 + 12 + 22 + 32),
    # break inside a switch inside two loops leaves only the switch
    ("sw_loop(3 * I1)", "u", 206),
]


def test_control_flow_rows():
    assert check_rows(ROWS, cs_rows(ROWS, DECLS, PRE)) == []


def test_control_flow_rows_folded():
    """The same functions on literal operands: the compiler's unrolling/folding must agree."""
    assert check_rows(ROWS, cs_rows(ROWS, DECLS, PRE, literal=True)) == []


DISCARD_TEST = """[require]
shader model >= 4.0

[rtv 0]
format r32g32b32a32-float
size (2d, 4, 1)

[pixel shader]
uniform int mode;
float4 main(float4 pos : sv_position) : sv_target
{
    float acc = 0;
    for (int i = 0; i < 4; i++)
    {
        if (mode == 0 && i == (int)pos.x && i >= 2)
            discard;
        if (mode == 1)
            clip(1.5 - pos.x + i * 0.0);
        acc += 1;
    }
    return float4(acc, pos.x, 0, 1);
}

[test]
uniform 0 int 0
clear rtv 0 9.0 9.0 9.0 9.0
draw quad
probe (0, 0) rgba (4.0, 0.5, 0.0, 1.0)
probe (1, 0) rgba (4.0, 1.5, 0.0, 1.0)
probe (2, 0) rgba (9.0, 9.0, 9.0, 9.0)
probe (3, 0) rgba (9.0, 9.0, 9.0, 9.0)

[test]
uniform 0 int 1
clear rtv 0 9.0 9.0 9.0 9.0
draw quad
probe (0, 0) rgba (4.0, 0.5, 0.0, 1.0)
probe (1, 0) rgba (4.0, 1.5, 0.0, 1.0)
probe (2, 0) rgba (9.0, 9.0, 9.0, 9.0)
probe (3, 0) rgba (9.0, 9.0, 9.0, 9.0)
"""


def test_discard_and_clip_inside_loops():
    """mode 0: pixels 2 and 3 discard on iteration 2/3 (pixel x = i), pixels 0, 1 finish all 4 iterations;
    mode 1: clip(1.5 - x) kills the pixels whose centre x is above 1.5 (2.5, 3.5) on the first iteration; a
    zero argument (x = 1.5) keeps the pixel (clip discards below zero)."""
    for sm in ("4", "5"):
        assert probe_failures(shader_test_blocks(DISCARD_TEST, sm)) == []


def test_control_flow_rows_cs_4_0():
    assert check_rows(ROWS, cs_rows(ROWS, DECLS, PRE, profile="cs_4_0")) == []
