"""Expression rules of the HLSL compiler that no other table pinned (found as survivors of exprs.py's mutation run,
scripts/mutate.py): constant indices into vectors, matrix swizzles and rows at the edge of the matrix, ``&&``/``||``
with one constant operand, ``return`` before the end of an inlined function, and dynamic indexing compiled as one
relatively-addressed read.

Sources, per table: MicrosoftDocs direct3dhlsl "Per-Component Math Operations" (a vector is indexed like an array:
``v[i]`` is component i; matrix members ``_m<r><c>`` zero-based and ``_<r><c>`` one-based, up to four in one
swizzle, one style at a time; ``m[i]`` is row i) with fxc's verdicts as DXC SemaHLSL records them (matrix-syntax:
``_m04`` and ``_m00_11`` are X3018 "invalid subscript"; array-index-out-of-bounds: a constant index past the end is
X3504); "Operators" (``&&`` and ``||`` on scalars: C's truth tables, a bool result; HLSL evaluates both sides, so a
constant operand decides the result alone only when it is the absorbing value); "return Statement" (``return``
ends the function: statements after it do not run); D3D11.3 functional spec §4.3 (temps, indexable temps ``x#[r#.c
+ n]``, ``cb#[r#.c + n]`` constant-buffer and input-vertex relative addressing: an index known only at run time
addresses the register directly, so the compiled code does not grow with the array's length)."""

from __future__ import annotations

import struct

import pytest
from test_rules_hlsl_types import run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

#: constant buffer at b1: uint4 V[4] with V[r][c] = 4r + c; row_major uint3x2 M32 (rows in registers 4..6) with
#: M32[r][c] = 10r + c + 1; row_major uint2x3 M23 (registers 7..8) with M23[r][c] = 100 + 10r + c + 1
CB_DECLS = """cbuffer D : register(b1) { uint4 V[4]; row_major uint3x2 M32; row_major uint2x3 M23; };
"""
CB = struct.pack("<16I", *range(16)) + b"".join(struct.pack("<4I", 10 * r + 1, 10 * r + 2, 0, 0) for r in range(3)) + \
    b"".join(struct.pack("<4I", 100 + 10 * r + 1, 100 + 10 * r + 2, 100 + 10 * r + 3, 0) for r in range(2))


def _m32(r: int, c: int) -> int:
    return 10 * r + c + 1


def _m23(r: int, c: int) -> int:
    return 100 + 10 * r + c + 1


# --- constant indices into vectors ---------------------------------------------------------------------------------
VECTOR_INDEX = [(f"V[{r}][{c}]", 4 * r + c) for r in range(4) for c in range(4)] + [
    ("uint4(5, 6, 7, 8)[2]", 7),
    ("uint2(9, 4)[1]", 4),
    ("(uint)double2(1.5, 2.5)[1]", 2),     # a double component is a register pair
    ("M32[2][1]", _m32(2, 1)),             # a matrix row, then a component of it
]


def test_constant_vector_index():
    out = run_words([e for e, _ in VECTOR_INDEX], CB_DECLS, cb1=CB)
    assert [int(w) for w in out] == [v for _, v in VECTOR_INDEX]


@pytest.mark.parametrize("expr", ["uint4(1, 2, 3, 4)[4]", "uint2(1, 2)[2]", "V[0][5]"])
def test_constant_vector_index_past_the_end_is_x3504(expr):
    with pytest.raises(ShaderCompileError) as ei:
        run_words([expr], CB_DECLS, cb1=CB)
    assert "X3504" in ei.value.errors


# --- matrix swizzles and rows at the edges ---------------------------------------------------------------------------
def _swizzle_cases():
    out = []
    for mat, rows, cols, val in (("M32", 3, 2, _m32), ("M23", 2, 3, _m23)):
        for r in range(4):
            for c in range(4):
                ok = r < rows and c < cols
                out.append((f"{mat}._m{r}{c}", val(r, c) if ok else None))
                out.append((f"{mat}._{r + 1}{c + 1}", val(r, c) if ok else None))
    return out


SWIZZLES = _swizzle_cases()


def test_matrix_members_inside_the_matrix():
    valid = [(e, v) for e, v in SWIZZLES if v is not None]
    out = run_words([e for e, _ in valid], CB_DECLS, cb1=CB)
    assert [int(w) for w in out] == [v for _, v in valid]


@pytest.mark.parametrize("expr", [e for e, v in SWIZZLES if v is None] +
                         ["M32._m0", "M32._m00_11", "M32._m04", "M32._1", "M32._m00_m01_m10_m11_m20"])
def test_matrix_members_outside_the_matrix_are_x3018(expr):
    with pytest.raises(ShaderCompileError) as ei:
        run_words([f"{expr}.x"], CB_DECLS, cb1=CB)
    assert "X3018" in ei.value.errors


ROWS = [(f"M32[{r}].y", _m32(r, 1)) for r in range(3)] + [(f"M23[{r}].z", _m23(r, 2)) for r in range(2)]


def test_matrix_rows_by_constant_index():
    out = run_words([e for e, _ in ROWS], CB_DECLS, cb1=CB)
    assert [int(w) for w in out] == [v for _, v in ROWS]


@pytest.mark.parametrize("expr", ["M32[3].x", "M23[2].x", "M23[5].x"])
def test_matrix_row_past_the_end_is_x3504(expr):
    with pytest.raises(ShaderCompileError) as ei:
        run_words([expr], CB_DECLS, cb1=CB)
    assert "X3504" in ei.value.errors


# --- && and || with one constant operand ----------------------------------------------------------------------------
def _logic_cases():
    out = []
    for op in ("&&", "||"):
        for k in (False, True):
            for x_true in (False, True):
                x = "(I1 > 0)" if x_true else "(I1 < 0)"  # I1 = 2
                lit = "true" if k else "false"
                want = int((x_true and k) if op == "&&" else (x_true or k))
                out.append((f"(uint)({x} {op} {lit})", want))
                out.append((f"(uint)({lit} {op} {x})", want))
    return out


LOGIC = _logic_cases()


def test_logical_operators_with_a_constant_operand():
    out = run_words([e for e, _ in LOGIC])
    assert [int(w) for w in out] == [v for _, v in LOGIC]


# --- return ends the function, also in an inlined call ----------------------------------------------------------------
RETURN_DECLS = """int g(inout int a) { a = 1; return 5; a = 7; }
uint gg() { int x = 0; int r = g(x); return (uint)(x * 100 + r); }
void h(inout int a) { a = 3; return; a = 9; }
uint hh() { int x = 0; h(x); return (uint)x; }
int k(inout int a) { a = 2; if (I1 > 0) { return 4; } a = 8; return 6; }
uint kk() { int x = 0; int r = k(x); return (uint)(x * 100 + r); }
"""
RETURNS = [("gg()", 105), ("hh()", 3), ("kk()", 204)]


def test_statements_after_return_do_not_run():
    out = run_words([e for e, _ in RETURNS], RETURN_DECLS)
    assert [int(w) for w in out] == [v for _, v in RETURNS]


# --- dynamic indices address the register: the code does not grow with the array --------------------------------------
RELATIVE = [
    # (target, source, most instructions: the index load, one relative read per register, the stores, ret)
    ("ps_5_0", "cbuffer C { float4 arr[64]; uint I; }; float4 main() : SV_Target { return arr[I]; }", 4),
    ("ps_5_0", "cbuffer C { float2 arr[48]; uint I; }; float4 main() : SV_Target { return arr[I].y; }", 4),
    # the loop filling the indexable temp takes about eight more
    ("ps_5_0", "float4 main(float4 v : A, nointerpolation uint i : I) : SV_Target { float4 a[32]; "
               "for (int k = 0; k < 32; k++) a[k] = v * k; return a[i]; }", 14),
    ("gs_5_0", "struct V { float4 p : SV_Position; float4 c : COLOR; }; cbuffer C { uint I; };\n"
               "[maxvertexcount(1)] void main(triangle V v[3], inout PointStream<V> s) { V o = v[I]; s.Append(o); }", 6),
    ("gs_5_0", "struct V { float4 p : SV_Position; }; cbuffer C { uint I; };\n"
               "[maxvertexcount(1)] void main(lineadj V v[4], inout PointStream<V> s) { V o = v[I]; s.Append(o); }", 5),
]


@pytest.mark.parametrize("target,src,most", RELATIVE)
def test_dynamic_index_is_one_relative_read(target, src, most):
    """A select chain instead would need one movc per element and register read (63 for the first case)."""
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    assert D3DReflect(blob).GetDesc().InstructionCount <= most


# --- session 10 survivors (mutate.py seed 6) -------------------------------------------------------------------------
# fxc's X3018 for a member an object does not have (DXC SemaHLSL indexing-operator.hlsl: ``g_b.mips[offset]`` on
# Buffer, StructuredBuffer, Texture2DMS, TextureCube, each "X3018: invalid subscript 'mips'"); the same number for
# a member of an array or a sampler, which have none ("Per-Component Math Operations": swizzles are for vectors)
SUBSCRIPT_DECLS = ("Buffer<float4> g_b; StructuredBuffer<float4> g_sb; Texture2DMS<float4, 8> g_t2dms; "
                   "TextureCube g_tc; Texture2D g_t2d; SamplerState g_ss; float4 g_arr[2];\n")


@pytest.mark.parametrize(("expr", "member"), [
    ("g_b.mips[i]", "mips"), ("g_sb.mips[i]", "mips"), ("g_t2dms.mips[i]", "mips"), ("g_tc.mips[i]", "mips"),
    ("g_t2d.foo", "foo"), ("g_arr.x", "x"), ("g_ss.x", "x"), ("g_b.x", "x"),
])
def test_member_an_object_does_not_have_is_x3018(expr, member):
    src = SUBSCRIPT_DECLS + f"float4 main(uint i : I) : SV_Target {{ return {expr}; }}"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3018" in ei.value.errors and f"'{member}'" in ei.value.errors


# A swizzled write into UAV memory: a component named twice cannot be assigned (the rule for any swizzled
# l-value, fxc's X3025 "l-value specifies const object"); distinct components in any order can, and only they
# change ("Per-Component Math Operations": the write mask names the components written)
@pytest.mark.parametrize("stmt", ["g_rws[0].zz = 1;", "g_rws[i].xyx = 1;", "g_rws[i].ww = float2(1, 2);"])
def test_swizzle_writing_a_uav_component_twice_is_x3025(stmt):
    src = f"RWStructuredBuffer<float4> g_rws; float4 main(uint i : I) : SV_Target {{ {stmt} return 0; }}"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3025" in ei.value.errors


def test_swizzle_writing_distinct_memory_components():
    # groupshared memory takes the same read-modify-write path as a UAV element
    decls = """groupshared uint4 g_mem[2];
uint swz(uint k) { g_mem[1] = uint4(1, 2, 3, 4); g_mem[1].wx = uint2(50, 60); g_mem[1].zy = 7; return g_mem[1][k]; }
"""
    out = run_words([f"swz({k})" for k in range(4)], decls)
    assert [int(w) for w in out] == [60, 7, 7, 50]


# Inside a loop this compiler writes ``v[k]`` with a run-time k by selecting per component (fxc unrolls the loop
# instead); either way component k of the vector is the one assigned ("Per-Component Math Operations": ``v[i]``
# is component i)
LOOP_DECLS = """uint4 fill(int n) { uint4 v = 0; for (int k = 0; k < n; k++) { v[k] = 10 + k; } return v; }
uint4 bump(int n) { uint4 v = uint4(1, 2, 3, 4); for (int k = 0; k < n; k++) { v[k] += 100; } return v; }
"""


def test_dynamic_component_write_in_a_loop():
    # I1 is 2 at run time (test_rules_hlsl_types' constant buffer): the loop runs for k = 0, 1
    exprs = [f"fill(I1).{c}" for c in "xyzw"] + [f"bump(I1).{c}" for c in "xyzw"] + \
            [f"fill(I1 + 2).{c}" for c in "xyzw"]
    out = run_words(exprs, LOOP_DECLS)
    assert [int(w) for w in out] == [10, 11, 0, 0, 101, 102, 3, 4, 10, 11, 12, 13]
