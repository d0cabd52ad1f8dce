"""Entry-point attribute arguments and attributes on ordinary functions (issue 15, attributes).

Sources: MicrosoftDocs direct3dhlsl "maxvertexcount" / "Geometry-Shader Object" ([instance(n)], 1..32 GS
instances), "Hull Shader" attributes (outputcontrolpoints 0..32); fxc's verdicts as DXC's SemaHLSL
attributes.hlsl records them, with fxc's messages quoted there: a ``static const`` or an expression of
them is a valid count (``sc_count + 3``, ``sc_count4.w``); ``-12`` is X3084 "cannot match attribute
maxvertexcount, non-uint parameters found"; a uniform int is X3084 "non-literal parameter(s) found for
attribute maxvertexcount"; a float (literal, static const or uniform) draws two X3554 warnings and the
attribute is ignored, so the entry point then lacks its count: X3514 "'name' must have a max vertex count".
On functions that are not the entry point fxc reads no attribute (``[domain("blerch")]``,
``[outputcontrolpoints(-1)]``, ``[numthreads]`` without arguments all pass).
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

GS = """struct V { float4 p : SV_Position; };
static const int sc_count = 12; static const int4 sc4 = int4(3, 6, 9, 12); static const float sc_float = 1.5;
static const uint sc_u = 7u;
int i_count; float f_count;
%s
void main(triangle V v[3], inout TriangleStream<V> s) { s.Append(v[0]); }"""


def _listing(src: str, target: str) -> str:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


def _dcl(listing: str, name: str) -> int | None:
    m = re.search(rf"^\s*{name} (\d+)$", listing, re.M)
    return int(m.group(1)) if m else None


@pytest.mark.parametrize("arg,count", [("3", 3), ("sc_count", 12), ("sc_count + 3", 15), ("sc4.w", 12),
                                       ("sc4.x * 2", 6), ("sc_u", 7), ("(int)4.0", 4), ("0x10", 16),
                                       ("256", 256)])
def test_maxvertexcount_constant_expressions(arg, count):
    assert _dcl(_listing(GS % f"[maxvertexcount({arg})]", "gs_5_0"), "dcl_maxout") == count


def _gs_error(attrs: str) -> tuple[str, list[str]]:
    msgs: list = []
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(GS % attrs, None, "t.hlsl", None, None, "main", "gs_5_0", 0, 0, msgs)
    return info.value.errors, [bytes(m).decode() for m in msgs]


@pytest.mark.parametrize("arg,code,text", [
    ("-12", "X3084", "cannot match attribute maxvertexcount, non-uint parameters found"),
    ("-sc_count", "X3084", "cannot match attribute maxvertexcount, non-uint parameters found"),
    ("i_count", "X3084", "non-literal parameter(s) found for attribute maxvertexcount"),
    ("1.5", "X3514", "'main' must have a max vertex count"),
    ("sc_float", "X3514", "'main' must have a max vertex count"),
    ("f_count", "X3514", "'main' must have a max vertex count"),
    # recorded from d3dcompiler_47 10.1 (session 35): 0 is X3514, over 1024 the bytecode validator's X8000
    ("0", "X3514", "'main' must have a max vertex count greater then 0"),
    ("1025", "X8000", "D3D11 Internal Compiler Error: Invalid Bytecode: GS output vertex count declaration can't "
                      "be more than 1024 vertices (1025 specified)."),
])
def test_maxvertexcount_rejections(arg, code, text):
    err, _ = _gs_error(f"[maxvertexcount({arg})]")
    assert f"error {code}: {text}" in err, err


@pytest.mark.parametrize("arg", ["1.5", "sc_float", "f_count"])
def test_float_instance_count_is_ignored_with_fxc_warnings(arg):
    msgs: list = []
    blob = D3DCompile(GS % f"[maxvertexcount(3)] [instance({arg})]", None, "t.hlsl", None, None, "main", "gs_5_0",
                      0, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    assert "warning X3554: cannot match attribute instance, parameter 1 is expected to be of type int" in text
    assert "warning X3554: unknown attribute instance, or attribute invalid for this statement" in text
    assert _dcl(bytes(D3DDisassemble(blob, len(blob), 0, None)).decode(), "dcl_gsinstances") is None


def test_missing_maxvertexcount():
    err, _ = _gs_error("")
    assert "error X3514: 'main' must have a max vertex count" in err


@pytest.mark.parametrize("arg,count", [("2", 2), ("sc4.x", 3), ("sc_count * 2 + 8", 32)])
def test_instance_count(arg, count):
    assert _dcl(_listing(GS % f"[maxvertexcount(3)] [instance({arg})]", "gs_5_0"), "dcl_gsinstances") == count


# numbers and texts from d3dcompiler_47 10.1 under Wine (session 36): 0 is X3514 "GS instance count must be at least
# 1", 33 X3514 "gs_5_0 only allows up to 32 instances" (32 and 1 compile)
@pytest.mark.parametrize("arg,code", [("-1", "X3084"), ("i_count", "X3084"),
                                      ("33", "X3514: gs_5_0 only allows up to 32 instances"),
                                      ("0", "X3514: GS instance count must be at least 1")])
def test_instance_rejections(arg, code):
    err, _ = _gs_error(f"[maxvertexcount(3)] [instance({arg})]")
    assert f"error {code}" in err, err


HS = """struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
static const int n_cp = 3; int u_cp;
PC pc(InputPatch<CP, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(%s)] [patchconstantfunc("pc")]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[0]; }"""


def test_outputcontrolpoints_from_a_static_const():
    assert _dcl(_listing(HS % "n_cp", "hs_5_0"), "dcl_output_control_point_count") == 3


# 33: ERR_CONTROL_POINT_COUNT_EXCEEDED 4589 (MicrosoftDocs "HLSL errors and warnings"; the generic X3000 until session 19)
@pytest.mark.parametrize("arg,code", [("-1", "X3084"), ("u_cp", "X3084"), ("33", "X4589")])
def test_outputcontrolpoints_rejections(arg, code):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(HS % arg, None, "t.hlsl", None, None, "main", "hs_5_0")
    assert f"error {code}" in info.value.errors, info.value.errors


#: attributes on a function that is not the entry point: fxc does not read them (DXC attributes.hlsl)
ORDINARY = ['[domain] ', '[domain("blerch")] ', '[domain(1)] ', '[domain("quad","quad")] ', '[instance] ',
            '[maxtessfactor] ', '[numthreads] ', '[outputcontrolpoints] ', '[outputtopology] ', '[partitioning] ',
            '[patchconstantfunc] ', '[domain(123)] [outputtopology("not_triangle_cw")] [outputcontrolpoints(-1)] '
            '[patchconstantfunc("PatchFoo", "ExtraArgument")] ', '[numthreads(0, 0, 0)] ', '[maxvertexcount(-3)] ',
            '[instance(99)] ', '[earlydepthstencil] ', '[maxvertexcount(1.5)] ']


@pytest.mark.parametrize("attrs", ORDINARY)
def test_attributes_on_ordinary_functions_are_not_read(attrs):
    src = attrs + "int f() { return 1; }\nfloat4 main() : SV_Target { return f(); }"
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


def test_empty_attribute_argument_list_is_a_syntax_error():
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile('[domain()] int f() { return 1; }\nfloat4 main() : SV_Target { return f(); }', None, "t.hlsl",
                   None, None, "main", "ps_5_0")
    assert "error X3000: syntax error: unexpected token ')'" in info.value.errors
