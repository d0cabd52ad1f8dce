"""HLSL attributes from their definitions (session 21, issue 15 sweep C): which statement takes which
attribute, side effects in attribute arguments, GS instancing's output limit, [clipplanes].

Sources, each expected verdict computed from them (never from this compiler):

* MicrosoftDocs direct3dhlsl "for Statement", "while Statement", "do Statement" (attributes unroll, loop,
  fastopt, allow_uav_condition), "if Statement" (branch, flatten), "switch Statement" (flatten, branch,
  forcecase, call); any other statement takes none. fxc ignores an attribute its statement does not take
  with warning X3554 "unknown attribute <name>, or attribute invalid for this statement", for a loop
  followed by ", valid attributes are: loop, fastopt, unroll, allow_uav_condition" (DXC's SemaHLSL
  attributes.hlsl records that text, and ``[loop]`` before ``return`` drawing the warning).
* attributes.hlsl's fxc texts for an entry point's attribute arguments: X3682 "expressions with side effects
  are illegal as attribute parameters" (a call of a user function); for [clipplanes] X3084 "Clip plane
  attribute parameters must be non-literal constants" (a literal or static const anywhere, ``?:``, a binary
  operator) and X3084 "Indexed expressions are illegal as attribute parameters" (an index that is no literal).
* "dcl_input vGSInstanceID (sm5 - asm)": the instance count (at most 32) times dcl_maxOutputVertexCount must
  be <= 1024 (D3D11_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES).
* "User clip planes on feature level 9 hardware": [clipplanes] on any vs_4_0+ target. The planes are not
  built here, so a valid attribute must be NotSupportedError, never an unclipped draw.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _warnings(src: str, target: str = "ps_5_0", entry: str = "main") -> list[str]:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, entry, target, 0, 0, msgs)
    text = "".join(bytes(m).decode() if not isinstance(m, str) else m for m in msgs)
    return [ln for ln in text.splitlines() if "warning" in ln]


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return e.value.errors


# --- which statement takes which attribute -----------------------------------------------------------------
LOOPS = {"loop", "unroll", "fastopt", "allow_uav_condition"}
TAKES = {"for": LOOPS, "while": LOOPS, "do": LOOPS, "if": {"branch", "flatten"},
         "switch": {"flatten", "branch", "forcecase", "call"}, "block": set(), "expression": set(),
         "declaration": set(), "return": set()}
#: each statement with ``@`` where the attribute goes
STATEMENTS = {
    "for": "@ for (int k = 0; k < 4; k++) { v *= 2; }",
    "while": "int k = 0; @ while (k < 4) { v *= 2; k++; }",
    "do": "int k = 0; @ do { v *= 2; k++; } while (k < 4);",
    "if": "@ if (g.x > 0) v = 1;",
    "switch": "@ switch (i) { case 0: v = 1; break; default: v = 2; break; }",
    "block": "@ { v = 3; }",
    "expression": "@ v = 4;",
    "declaration": "@ float w = v; v += w;",
    "return": "@ return v;",
}
ATTRIBUTES = ["loop", "unroll", "unroll(2)", "fastopt", "allow_uav_condition", "branch", "flatten", "forcecase",
              "call"]
LOOP_LIST = ", valid attributes are: loop, fastopt, unroll, allow_uav_condition"


@pytest.mark.parametrize("attr", ATTRIBUTES)
@pytest.mark.parametrize("stmt", STATEMENTS)
def test_an_attribute_the_statement_does_not_take_is_ignored_with_x3554(stmt, attr):
    src = ("float4 g; int i; float4 main() : SV_Target { float v = g.x; " +
           STATEMENTS[stmt].replace("@", f"[{attr}]") + " return v; }")
    warnings = [w for w in _warnings(src) if "X3554" in w]
    name = attr.split("(")[0]
    if name in TAKES[stmt]:
        assert warnings == []
    else:
        tail = LOOP_LIST if stmt in ("for", "while", "do") else ""
        assert len(warnings) == 1 and warnings[0].endswith(
            f"warning X3554: unknown attribute {name}, or attribute invalid for this statement{tail}"), warnings


def test_an_ignored_attribute_leaves_the_others():
    """[branch] on a loop is dropped; the loop's own [unroll] still unrolls it (no loop instruction)."""
    from pyd3d11.d3dcompiler import D3DDisassemble
    from pyd3d11.shader.blob import blob_bytes

    src = ("float4 g; float4 main() : SV_Target { float v = g.x; [branch][unroll] "
           "for (int k = 0; k < 4; k++) { v *= g.y; } return v; }")
    code = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert not re.search(r"^\s*loop\b", blob_bytes(D3DDisassemble(code)).decode(), re.M)


def test_a_float_unroll_count_draws_both_warnings():
    src = "float4 g; float4 main() : SV_Target { float v = g.x; [unroll(1.5)] for (int k = 0; k < 4; k++) v *= 2; " \
          "return v; }"
    texts = [w[w.index("warning"):] for w in _warnings(src)]
    assert texts == ["warning X3554: cannot match attribute unroll, parameter 1 is expected to be of type int",
                     "warning X3554: unknown attribute unroll, or attribute invalid for this statement" + LOOP_LIST]


# --- side effects in an entry point's attribute arguments -------------------------------------------------
CS = "static int x = 1; int f() { return 1; }\n[numthreads(%s, 1, 1)] void main() {}"


@pytest.mark.parametrize("arg", ["x++", "++x", "x--", "(x = 2)", "(x += 1)", "f()"])
def test_side_effects_in_attribute_arguments_are_x3682(arg):
    err = _error(CS % arg, "cs_5_0")
    assert "error X3682: expressions with side effects are illegal as attribute parameters" in err, err


@pytest.mark.parametrize("arg", ["uint(1)", "1 + 1", "(2)"])
def test_constant_arguments_are_no_side_effects(arg):
    D3DCompile(CS % arg, None, "t.hlsl", None, None, "main", "cs_5_0")


def test_attributes_of_other_functions_are_not_evaluated():
    src = ("static int x = 1;\n[numthreads(++x, 1, 1)] void func() {}\n"
           "[bogus(++x)] [numthreads(1, 1, 1)] void main() { func(); }")
    D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")


# --- [instance] x [maxvertexcount] ------------------------------------------------------------------------
GS = """struct V {{ float p : P; }};
[maxvertexcount({n})] [instance({i})]
void main(point V v[1], inout PointStream<V> s) {{ s.Append(v[0]); }}"""


@pytest.mark.parametrize("n,i", [(32, 32), (33, 32), (1024, 1), (512, 2), (513, 2), (64, 16), (65, 16), (1, 32),
                                 (341, 3), (342, 3)])
def test_instances_times_max_vertex_count_is_not_limited(n, i):
    # D3D11_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES (1024) is no compile error: d3dcompiler_47 10.1 compiles
    # every pair, 33 x 32 and 342 x 3 too (Wine, session 42; X4571 was inferred from the constant)
    src = GS.format(n=n, i=i)
    D3DCompile(src, None, "t.hlsl", None, None, "main", "gs_5_0")


# --- [clipplanes] ------------------------------------------------------------------------------------------
CLIP_DECLS = """float4 cp4[2]; float4 cp5; float4x4 m4; float f; bool b; int clip_index; float4 f4;
struct global_struct { float4 cp5[5]; }; global_struct gs;
float4 myexpr() { return cp5; }
static const float4 f4_const = float4(1, 2, 3, 4);
"""
NONLITERAL = "error X3084: Clip plane attribute parameters must be non-literal constants"


@pytest.mark.parametrize("args,expect", [
    ("float4(1, 2, f, 4)", NONLITERAL),
    ("f4_const", NONLITERAL),
    ("b ? cp4[clip_index] : cp4[clip_index]", NONLITERAL),
    ("cp5 + cp5", NONLITERAL),
    ("f4, cp5 * f", NONLITERAL),
    ("cp4[clip_index]", "error X3084: Indexed expressions are illegal as attribute parameters"),
    ("myexpr()", "error X3682: expressions with side effects are illegal as attribute parameters"),
    ("f4", None), ("cp4[0]", None), ("gs.cp5[2]", None), ("f4, cp4[0], gs.cp5[2]", None), ("cp4[0].xyzw", None),
    ("cp4[0][0].xxxx", None), ("m4[0]", None), ("float4(f, f, f, f)", None), ("f.xxxx", None),
])
@pytest.mark.parametrize("target", ["vs_4_0_level_9_1", "vs_5_0"])
def test_clipplanes_arguments(args, expect, target):
    src = CLIP_DECLS + f"[clipplanes({args})] float4 main(float4 p : POSITION) : SV_Position {{ return p; }}"
    if expect is not None:
        assert expect in _error(src, target)
    elif "level_9" in target:  # the 9_x part's clip planes are not built
        with pytest.raises(NotSupportedError, match="clipplanes"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    else:  # valid planes compile (their clip distances: test_hlsl_clipplanes.py)
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def test_clipplanes_on_other_functions_is_not_read():
    src = CLIP_DECLS + ("[clipplanes(f4)] float4 g(float4 p) { return p; }\n"
                        "float4 main(float4 p : POSITION) : SV_Position { return g(p); }")
    D3DCompile(src, None, "t.hlsl", None, None, "main", "vs_5_0")


# --- duplicates ---------------------------------------------------------------------------------------------
# MicrosoftDocs "HLSL errors and warnings": ERR_DUPLICATE_ATTRIBUTE 3524, "Specific attributes can't be used
# together, like loop and unroll, or a duplicate attribute was supplied".
@pytest.mark.parametrize("attrs,stmt,text", [
    ("[loop][loop]", "for (int k = 0; k < 4; k++) v *= 2;", "duplicate attribute loop"),
    ("[fastopt][fastopt]", "while (v < 4) v *= 2;", "duplicate attribute fastopt"),
    ("[branch][branch]", "if (g.x > 0) v = 1;", "duplicate attribute branch"),
    ("[branch][flatten]", "if (g.x > 0) v = 1;", "can't use branch and flatten attributes together"),
    # a switch's own words (d3dcompiler_47 10.1 under Wine, session 38; the row had the if's text), its double space kept
    ("[flatten][branch]", "switch (i) { default: v = 1; break; }",
     "can't use branch, flatten, call  or case attributes together"),
    ("[call][call]", "switch (i) { default: v = 1; break; }", "duplicate attribute call"),
])
def test_a_statement_attribute_twice_or_a_contradictory_pair_is_x3524(attrs, stmt, text):
    src = "float4 g; int i; float4 main() : SV_Target { float v = g.x; " + attrs + " " + stmt + " return v; }"
    assert f"error X3524: {text}" in _error(src)


@pytest.mark.parametrize("attrs", ["[numthreads(1, 1, 1)][numthreads(2, 1, 1)]",
                                   "[numthreads(1, 1, 1)][numthreads(1, 1, 1)]"])
def test_an_entry_attribute_twice_is_x3524(attrs):
    assert "error X3524: duplicate attribute numthreads" in _error(attrs + " void main() {}", "cs_5_0")


@pytest.mark.parametrize("src, name", [
    ("[foo][foo][numthreads(1, 1, 1)] void main() {}", "foo"),
    ("[numthreads(1, 1, 1)][numthreads(2, 1, 1)] void f() {}\n[numthreads(1, 1, 1)] void main() { f(); }", "numthreads"),
])
def test_duplicates_of_unknown_attributes_and_in_called_functions(src, name):
    # rewritten to d3dcompiler_47 10.1's answer (under Wine, session 38; these rows had them compile): an unknown
    # attribute twice on the entry point, and any attribute twice on a function the entry point calls, are X3524
    # (the first warned X3554 as unknown); a function nothing calls is not judged (test_rules_hlsl_fxc_verdicts_acc38)
    assert f"error X3524: duplicate attribute {name}" in _error(src, "cs_5_0")


# --- hull/domain attribute values ---------------------------------------------------------------------------
# MicrosoftDocs "domain", "partitioning", "outputtopology" attributes: tri/quad/isoline; integer, fractional_even,
# fractional_odd, pow2; point, line, triangle_cw, triangle_ccw. ERR_HSATTRIBUTE_INVALID 3657 ("Expected the specified
# parameter to be a certain value but got the specified value. Or, line or triangle output topologies are only
# available with isoline domains" -- lines with isolines, triangles with tri/quad, points with any).
PC = {"tri": "float e[3] : SV_TessFactor; float i : SV_InsideTessFactor;",
      "quad": "float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor;",
      "isoline": "float e[2] : SV_TessFactor;"}
HS = """struct CP {{ float4 p : POSITION; }};
struct PC {{ {pc} }};
PC pcf(InputPatch<CP, 3> ip) {{ PC o = (PC)0; return o; }}
[domain("{domain}")] [partitioning("{part}")] [outputtopology("{topo}")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) {{ return ip[id]; }}"""


@pytest.mark.parametrize("topo", ["point", "line", "triangle_cw", "triangle_ccw"])
@pytest.mark.parametrize("domain", ["tri", "quad", "isoline"])
def test_output_topology_against_the_domain(domain, topo):
    src = HS.format(pc=PC[domain], domain=domain, part="integer", topo=topo)
    if topo == "point" or (topo == "line") == (domain == "isoline"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")
    else:
        assert "error X3657:" in _error(src, "hs_5_0")


@pytest.mark.parametrize("domain,part,topo", [
    ("triangle", "integer", "triangle_cw"), ("tri", "fractional", "triangle_cw"), ("tri", "integer", "triangle"),
    ("tri", "integer", "cw"), ("isoline", "pow3", "line"),
])
def test_an_attribute_value_outside_its_list_is_x3657(domain, part, topo):
    src = HS.format(pc=PC.get(domain, PC["tri"]), domain=domain, part=part, topo=topo)
    assert "error X3657:" in _error(src, "hs_5_0")


@pytest.mark.parametrize("part", ["integer", "fractional_even", "fractional_odd", "pow2"])
def test_every_documented_partitioning_compiles(part):
    D3DCompile(HS.format(pc=PC["tri"], domain="tri", part=part, topo="triangle_cw"), None, "t.hlsl", None, None,
               "main", "hs_5_0")


def test_a_domain_shader_domain_outside_the_list_is_x3657():
    src = """struct CP { float4 p : POSITION; }; struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("triangle")] float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> op) : SV_Position
{ return op[0].p * uvw.x; }"""
    assert "error X3657:" in _error(src, "ds_5_0")
