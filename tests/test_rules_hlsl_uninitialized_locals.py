"""fxc's error X4000 for numeric locals read before any path defines them (issue 15).

Sources: MicrosoftDocs direct3dhlsl "HLSL errors and warnings" (X4000 ERR_READ_BEFORE_WRITE, "the specified
variable is used without having been completely initialized"); fxc's records in DXC issue 2419 and PR 2424:
``uint sum; sum++; return sum;`` and an uninitialised local passed to a function that shifts it are
``error X4000: variable 'sum' used without having been completely initialized``; a local read only in its own
initialiser and returned, and a struct returned with members never assigned, compile with warning X3578 only;
a conditionally initialised local gets no diagnostic. DXC issue 5040 / vs_5_0 records: an uninitialised local
used as a buffer index is rejected.

Rule (uninit.check_uninitialized_reads): on the code after copies are folded and dead code removed, a
component of a numeric local declared without an initialiser that no path from the start defines, read by an
operation other than a plain copy (arithmetic, a condition, an address, a stored value), is X4000 naming the
local; copies carry the undefined value on — except an address of a memory access, which is X4575 after the
warning X4000 (DXC issue 5040's record; tests/test_hlsl_diag_s19.py). The position is fxc's range of the
expression whose operation is the first such read (diagnostics.py). *Inferred*:
values a later loop iteration defines are not X4000 (fxc's own test orders instructions linearly, unrecorded).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_MSG = "error X4000: variable '{}' used without having been completely initialized"


def _errors(src: str, target: str, flags: int = 0) -> str:
    """The compiler's error text ('' when the shader compiles)."""
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0)
    except ShaderCompileError as exc:
        return exc.errors
    return ""


# (source, target, the local X4000 names)
_ERROR = [
    ("uint main() : OUT { uint sum; sum++; return sum; }", "vs_5_0", "sum"),  # DXC issue 2419, scenario 1
    ("uint foo(uint s) { s = s << 4; return s; }\nuint main(uint i : IN) : OUT { uint sum; return foo(sum); }",
     "vs_5_0", "sum"),  # scenario 2: through a parameter (a copy) into a shift
    ("uint main() : OUT { uint s; s += 2; return s; }", "vs_4_0", "s"),
    ("float4 main(float4 a : A) : SV_Target { float x; return a * x; }", "ps_5_0", "x"),
    ("float4 main(float4 a : A) : SV_Target { int x; int y = x; return y * 2; }", "ps_5_0", "x"),  # via a copy
    ("float4 main(float4 a : A) : SV_Target { float4 v; v.xy = a.xy; return dot(v, v); }", "ps_5_0", "v"),
    ("struct S { float a; float b; };\nfloat4 main(float4 v : A) : SV_Target { S s; s.a = v.x; "
     "return s.a + s.b; }", "ps_5_0", "s"),
    ("float4 main(float4 a : A) : SV_Target { bool b; if (b) a *= 2; return a; }", "ps_5_0", "b"),
    ("float4 main(float4 a : A) : SV_Target { float2x2 m; m[0] = a.xy; return mul(m, a.zw).xyxy; }", "ps_5_0",
     "m"),
    ("RWBuffer<uint> b;\n[numthreads(1,1,1)] void main() { uint x; b[0] = x; }", "cs_5_0", "x"),  # stored
    # defined on no path: the assignment is after the read and nothing loops back
    ("float4 main(float4 a : A) : SV_Target { float x; float y = x + 1; x = 2; return y; }", "ps_5_0", "x"),
]

# every read component is defined on some path, or the undefined value is only copied (to an output: X3578)
_SILENT = [
    ("uint main() : OUT { uint sum = sum; return sum; }", "vs_5_0"),  # DXC issue 2419, scenario 3
    ("struct M { float a; int b; };\nM main() : OUT { M val; return val; }", "vs_5_0"),  # scenario 4
    ("uint main(uint c : C) : OUT { uint s; if (c) s = 1; return s + 1; }", "vs_5_0"),  # scenario 5
    ("float4 main(float4 a : A) : SV_Target { float x; if (a.x > 0) x = 1; else x = 2; return a * x; }",
     "ps_5_0"),
    ("float4 main(float4 a : A) : SV_Target { float4 v; v.xy = a.xy; return v.xyxy * 2; }", "ps_5_0"),
    ("float4 main(float4 a : A) : SV_Target { float x; x = a.y; return a * x; }", "ps_5_0"),
    ("void f(out float x) { x = 3; }\nfloat4 main(float4 a : A) : SV_Target { float v; f(v); return a * v; }",
     "ps_5_0"),
    ("float4 main(float4 a : A) : SV_Target { static float s; s += 1; return a * s; }", "ps_5_0"),  # zeroed
    ("float4 main(float4 a : A) : SV_Target { float x; switch ((int)a.w) { case 0: x = 1; break; "
     "default: x = 2; break; } return a * x; }", "ps_5_0"),
    ("float4 main(float4 a : A) : SV_Target { float v; [loop] for (int i = 0; i < (int)a.w; i++) "
     "{ if (i > 0) a.x += v; v = a.y; } return a; }", "ps_5_0"),  # defined by an earlier iteration
    ("float4 main(float4 a : A) : SV_Target { float x; float unused = x * 2; return a; }", "ps_5_0"),  # dead
    ("float4 main(float4 a : A) : SV_Target { float4 r; r.xyz = a.xyz; return r; }", "ps_5_0"),  # X3578 only
]


@pytest.mark.parametrize("src,target,name", _ERROR)
def test_a_value_no_path_defines_is_x4000(src: str, target: str, name: str):
    assert _MSG.format(name) in _errors(src, target)


@pytest.mark.parametrize("src,target", _SILENT)
def test_defined_or_only_copied_is_not_x4000(src: str, target: str):
    assert "X4000" not in _errors(src, target)


def test_the_position_is_the_range_of_the_expression_that_reads():
    # `a.x += x` spans columns 5-12 (fxc's inclusive range, diagnostics.py)
    src = "float4 main(float4 a : A) : SV_Target\n{\n    float x;\n    a.y = 1;\n    a.x += x;\n    return a;\n}"
    assert _errors(src, "ps_5_0").startswith("t.hlsl(5,5-12): " + _MSG.format("x"))


# an undefined memory address: X4000 below 5.1, X4575 after the warning at 5.1 (d3dcompiler_47 10.1, session 45;
# test_hlsl_diag_s19.py has the rule's table)
@pytest.mark.parametrize("line,span", [
    ("    return b.Load(X);", "12-20"),  # DXC issue 5040's line and fxc's range (7,12-20)
    ("    return 2 * (float)b.Load(X);", "23-31"),  # the product reads the load's result, not X: the load does
    ("\treturn (float)b.Load(X) + b.Load(X);", "16-24"),  # the first reading operation
])
def test_the_position_follows_fxcs_range(line: str, span: str):
    src = f"ByteAddressBuffer b;\nfloat main(uint a : A) : SV_Target\n{{\n    uint X;\n{line}\n}}\n"
    assert _errors(src, "ps_5_1") == (f"t.hlsl(5,{span}): warning X4000: use of potentially uninitialized variable (X)\n"
                                      f"t.hlsl(5,{span}): error X4575: reading uninitialized value\n")
    assert _errors(src, "ps_5_0") == f"t.hlsl(5,{span}): " + _MSG.format("X") + "\n"


def test_reported_once_for_the_first_read_in_program_order():
    src = "float4 main(float4 a : A) : SV_Target { float p; float q; a.x += q; a.y += p; return a; }"
    text = _errors(src, "ps_5_0")
    assert _MSG.format("q") in text and "'p'" not in text


# /Od keeps the copies: the undefined value must be followed through them (the same verdicts as optimised)
@pytest.mark.parametrize("src,target,name", [_ERROR[1], _ERROR[4], _ERROR[0]])
def test_unoptimised_code_follows_the_value_through_copies(src: str, target: str, name: str):
    assert _MSG.format(name) in _errors(src, target, D3DCOMPILE_SKIP_OPTIMIZATION)


@pytest.mark.parametrize("src,target", _SILENT[:7])
def test_unoptimised_code_copies_are_not_uses(src: str, target: str):
    assert "X4000" not in _errors(src, target, D3DCOMPILE_SKIP_OPTIMIZATION)


def test_the_position_survives_the_optimiser_rewriting_the_reading_instruction():
    # `mul` retargeted straight into the output register keeps the expression's position
    src = "float4 main(float4 a : A) : SV_Target\n{\n    float x;\n    return a * x;\n}"
    assert _errors(src, "ps_5_0").startswith("t.hlsl(4,12-16): " + _MSG.format("x"))
