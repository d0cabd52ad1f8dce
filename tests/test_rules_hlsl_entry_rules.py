"""Return paths, [numthreads], [maxtessfactor], tessellation factors per domain, and the text of a failed
compile (issue 15, session 7 leftovers).

Sources:
- MicrosoftDocs "HLSL errors and warnings" (fxc's error numbers): ERR_RETURN_VALUE 3080 "function must return
  a value", ERR_RETURN 3507, ERR_THREAD_GROUP_SIZE_INVALID 3655, ERR_THREAD_GROUP_SIZE_MISSING 3656,
  ERR_HSATTRIBUTE_INVALID 3657 ("the maximum tesselation factor must be in the range [1,64]"),
  ERR_INVALID_TESS_FACTOR_SEMANTIC 3685 ("out of order", "conflicting quad/tri/isoline tessfactor semantic",
  "tessfactor semantics must be in the same component"), WAR_UNKNOWN_ATTRIBUTE 3554, ERR_ATTRIBUTE 3084.
- DXC SemaHLSL varmods-syntax.hlsl: fxc reports X3080 "'foo_gro': function must return a value" for functions
  that nothing calls, so return paths are checked on every body.
- MicrosoftDocs "numthreads": cs_4_x Z = 1 and X*Y*Z <= 768; cs_5_0 Z <= 64, X*Y*Z <= 1024; D3D11.3 §18.6.2
  X, Y <= 1024 (768 at cs_4_x).
- MicrosoftDocs SV_TessFactor / SV_InsideTessFactor: float[4]/float[2] for quads, float[3]/float for tris,
  float[2]/unused for isolines; "must be declared as an array; they cannot be packed into a single vector";
  required outputs of the hull shader. D3D11.3 §10.10: each group "in the same component of consecutive
  registers", in a fixed order.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _fail(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return info.value.errors


def _listing(src: str, target: str) -> str:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


def _codes(text: str) -> list[str]:
    return re.findall(r"error (X\d+):", text)


PS = "float4 main() : SV_Target { return 0; }\n"


# --- return paths --------------------------------------------------------------------------------------
# Verdicts recorded from d3dcompiler_47 10.1 under Wine (session 35): a function nothing calls is not judged
# for its return paths (these rows said X3080 / X3507 for it, after DXC's varmods-syntax annotations), and a
# called one with no return at all is X3507, not X3080 (tests/test_rules_hlsl_fxc_return_paths_s35.py has
# the whole table)
@pytest.mark.parametrize("func", [
    "float f(float x) { }",  # no return statement at all
    "float f(float x) { x += 1; }",
    "float f(float x) { if (x > 0) return 1; }",  # some paths only
    "float f(float x) { if (x > 0) return 1; else x = 2; }",
    "float f(float x) { for (int i = 0; i < 4; i++) { if (x > i) return i; } }",
    "float f(uint x) { switch (x) { case 0: return 1; } }",  # no default
    "float2 f(float x) { while (x > 0) { return 1; } }",
])
def test_missing_returns_in_uncalled_functions(func):
    D3DCompile(func + "\n" + PS, None, "t.hlsl", None, None, "main", "ps_5_0")  # not judged
    # and the same function called with a run-time argument from the entry point
    called = func + "\nfloat4 main(float a : A) : SV_Target { f(a); return 0; }"
    assert _codes(_fail(called)) == ["X3507"]


def test_missing_return_names_the_function():
    text = _fail("float4 main() : SV_Target { }")  # X3507, not X3080: d3dcompiler_47 10.1 (session 35)
    assert "error X3507: 'main': Not all control paths return a value" in text


# --- [numthreads] ---------------------------------------------------------------------------------------
CS = "static const uint N = 8; static const float F = 2.0; uint U;\n%s void main() {}"


@pytest.mark.parametrize("attr,target,dims", [
    ("[numthreads(1, 1, 1)]", "cs_5_0", (1, 1, 1)),
    ("[numthreads(N, N / 2, 1)]", "cs_5_0", (8, 4, 1)),  # static const expressions, as the other attributes
    ("[numthreads(1024, 1, 1)]", "cs_5_0", (1024, 1, 1)),
    ("[numthreads(1, 1024, 1)]", "cs_5_0", (1, 1024, 1)),
    ("[numthreads(1, 1, 64)]", "cs_5_0", (1, 1, 64)),
    ("[numthreads(16, 16, 4)]", "cs_5_0", (16, 16, 4)),
    ("[numthreads(0x10, 2u, 1)]", "cs_5_0", (16, 2, 1)),
    ("[numthreads(768, 1, 1)]", "cs_4_0", (768, 1, 1)),
    ("[numthreads(16, 48, 1)]", "cs_4_1", (16, 48, 1)),
])
def test_numthreads_valid(attr, target, dims):
    m = re.search(r"dcl_thread_group (\d+), (\d+), (\d+)", _listing(CS % attr, target))
    assert m is not None and tuple(int(g) for g in m.groups()) == dims


@pytest.mark.parametrize("attr,target,code", [
    ("[numthreads(0, 1, 1)]", "cs_5_0", "X3655"),
    ("[numthreads(1, 0, 1)]", "cs_5_0", "X3655"),
    ("[numthreads(1, 1, 0)]", "cs_5_0", "X3655"),
    ("[numthreads(1025, 1, 1)]", "cs_5_0", "X3655"),
    ("[numthreads(1, 1025, 1)]", "cs_5_0", "X3655"),
    ("[numthreads(1, 1, 65)]", "cs_5_0", "X3655"),
    ("[numthreads(32, 32, 2)]", "cs_5_0", "X3655"),  # 2048 threads
    ("[numthreads(769, 1, 1)]", "cs_4_0", "X3655"),
    ("[numthreads(1, 1, 65)]", "cs_4_0", "X3655"),  # fxc: the last dimension is at most 64 at every model
    ("[numthreads(32, 32, 1)]", "cs_4_1", "X3655"),  # 1024 > 768
    # a missing size is fxc's X3084 (6.3.9600 and 10.1 under Wine, session 35), not the error list's 3656
    ("", "cs_5_0", "X3084"),  # missing
    ("[numthreads(1, 1)]", "cs_5_0", "X3084"),  # wrong count: X3554, ignored
    ("[numthreads(1, 1, 1, 1)]", "cs_5_0", "X3084"),
    ("[numthreads(1.0, 1, 1)]", "cs_5_0", "X3084"),  # float: X3554, ignored
    ("[numthreads(1, F, 1)]", "cs_5_0", "X3084"),
    ("[numthreads(-1, 1, 1)]", "cs_5_0", "X3084"),
    ("[numthreads(1, U, 1)]", "cs_5_0", "X3084"),  # not constant
])
def test_numthreads_invalid(attr, target, code):
    assert _codes(_fail(CS % attr, target)) == [code]


def test_numthreads_float_argument_warnings_come_with_the_error():
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(CS % "[numthreads(1, F, 1)]", None, "t.hlsl", None, None, "main", "cs_5_0")
    lines = info.value.errors.strip().split("\n")
    # fxc prints every message in emission order: the attribute's two X3554 warnings, then the error
    assert [re.search(r"(warning|error) (X\d+)", ln).group(2) for ln in lines] == ["X3554", "X3554", "X3084"]
    assert "parameter 2 is expected to be of type int" in lines[0]


# --- [maxtessfactor] ------------------------------------------------------------------------------------
HS = """struct CP { float4 p : POSITION; };
struct PC { %s };
static const float MTF = 12.0; float UF;
PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)0; return o; }
[domain("%s")] [partitioning("integer")] [outputtopology("%s")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")] %s
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }"""
TRI = ("float e[3] : SV_TessFactor; float i : SV_InsideTessFactor;", "tri", "triangle_cw")


@pytest.mark.parametrize("attr,value", [
    ("[maxtessfactor(15.0)]", 15.0), ("[maxtessfactor(64.0)]", 64.0), ("[maxtessfactor(1.0)]", 1.0),
    ("[maxtessfactor(MTF)]", 12.0), ("[maxtessfactor(MTF / 2)]", 6.0), ("[maxtessfactor(7.5f)]", 7.5),
])
def test_maxtessfactor_valid(attr, value):
    m = re.search(r"dcl_hs_max_tessfactor l\(([^)]*)\)", _listing(HS % (*TRI, attr), "hs_5_0"))
    assert m is not None and float(m.group(1)) == value


@pytest.mark.parametrize("attr,code", [
    ("[maxtessfactor(0.5)]", "X3657"), ("[maxtessfactor(64.5)]", "X3657"), ("[maxtessfactor(0.0)]", "X3657"),
    ("[maxtessfactor(-MTF)]", "X3657"), ("[maxtessfactor(UF)]", "X3084"),
])
def test_maxtessfactor_invalid(attr, code):
    assert _codes(_fail(HS % (*TRI, attr), "hs_5_0")) == [code]


@pytest.mark.parametrize("attr", ["[maxtessfactor(64)]", "[maxtessfactor(0)]", "[maxtessfactor(100)]",
                                  "[maxtessfactor(true)]"])
def test_maxtessfactor_of_an_integer_is_ignored(attr):
    """An integer or bool argument is two X3554 warnings and no declaration, whatever its value
    (d3dcompiler_47 10.1 under Wine, session 49; the rows were X3657 / a declaration, inferred from the docs)."""
    assert "dcl_hs_max_tessfactor" not in _listing(HS % (*TRI, attr), "hs_5_0")


def test_maxtessfactor_without_argument_is_ignored():
    assert "dcl_hs_max_tessfactor" not in _listing(HS % (*TRI, "[maxtessfactor]"), "hs_5_0")


# --- tessellation factors per domain ------------------------------------------------------------------
_TOPO = {"quad": "triangle_cw", "tri": "triangle_cw", "isoline": "line"}

#: (domain, patch-constant struct body, expected): None = compiles; the table follows the documented
#: factor counts per domain (rows for every domain x semantic x too few / exact / too many / vector); the numbers
#: are d3dcompiler_47 10.1's (session 44, hs.factor_errors: X3502 missing, X4502 index, X4555 vector, X3685 order;
#: X3685 for all was inferred)
TESS_CASES = [
    ("quad", "float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor;", None),
    ("quad", "float i[2] : SV_InsideTessFactor; float e[4] : SV_TessFactor;", None),
    ("quad", "float e0 : SV_TessFactor0; float e1 : SV_TessFactor1; float e2 : SV_TessFactor2; "
             "float e3 : SV_TessFactor3; float i0 : SV_InsideTessFactor0; float i1 : SV_InsideTessFactor1;", None),
    ("quad", "float e[3] : SV_TessFactor; float i[2] : SV_InsideTessFactor;", "X3502"),
    ("quad", "float e[5] : SV_TessFactor; float i[2] : SV_InsideTessFactor;", "X4502"),
    ("quad", "float e[4] : SV_TessFactor; float i : SV_InsideTessFactor;", "X3502"),
    ("quad", "float e[4] : SV_TessFactor; float i[3] : SV_InsideTessFactor;", "X4502"),
    ("quad", "float e[4] : SV_TessFactor;", "X3502"),
    ("quad", "float i[2] : SV_InsideTessFactor;", "X3502"),
    ("quad", "float4 e : SV_TessFactor; float2 i : SV_InsideTessFactor;", "X4555"),
    ("quad", "float e[4] : SV_TessFactor; float2 i : SV_InsideTessFactor;", "X4555"),
    ("quad", "float e1 : SV_TessFactor1; float e0 : SV_TessFactor0; float e2 : SV_TessFactor2; "
             "float e3 : SV_TessFactor3; float i[2] : SV_InsideTessFactor;", "X3685"),  # out of order
    ("tri", "float e[3] : SV_TessFactor; float i : SV_InsideTessFactor;", None),
    ("tri", "float e[3] : SV_TessFactor; float i[1] : SV_InsideTessFactor;", None),
    ("tri", "float e[2] : SV_TessFactor; float i : SV_InsideTessFactor;", "X3502"),
    ("tri", "float e[4] : SV_TessFactor; float i : SV_InsideTessFactor;", "X4502"),
    ("tri", "float e[3] : SV_TessFactor; float i[2] : SV_InsideTessFactor;", "X4502"),
    ("tri", "float e[3] : SV_TessFactor;", "X3502"),
    ("tri", "float i : SV_InsideTessFactor;", "X3502"),
    ("tri", "float3 e : SV_TessFactor; float i : SV_InsideTessFactor;", "X4555"),
    ("isoline", "float e[2] : SV_TessFactor;", None),
    ("isoline", "float e[2] : SV_TessFactor; float4 x : EXTRA;", None),
    ("isoline", "float e : SV_TessFactor;", "X3502"),
    ("isoline", "float e[3] : SV_TessFactor;", "X4502"),
    ("isoline", "float e[2] : SV_TessFactor; float i : SV_InsideTessFactor;", "X4502"),
    ("isoline", "float2 e : SV_TessFactor;", "X4555"),
    ("isoline", "float4 x : EXTRA;", "X3502"),
]


@pytest.mark.parametrize("domain,body,code", TESS_CASES)
def test_tess_factors_per_domain(domain, body, code):
    src = HS % (body, domain, _TOPO[domain], "")
    if code is None:
        listing = _listing(src, "hs_5_0")
        assert "hs_fork_phase" in listing
    else:
        assert _codes(_fail(src, "hs_5_0")) == [code]


@pytest.mark.parametrize("domain,names", [
    ("quad", ["finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor", "finalQuadUeq1EdgeTessFactor",
              "finalQuadVeq1EdgeTessFactor", "finalQuadUInsideTessFactor", "finalQuadVInsideTessFactor"]),
    ("tri", ["finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor", "finalTriWeq0EdgeTessFactor",
             "finalTriInsideTessFactor"]),
    ("isoline", ["finalLineDensityTessFactor", "finalLineDetailTessFactor"]),
])
def test_tess_factor_system_values_in_order(domain, names):
    """D3D11.3 §10.10: each factor its own register in a fixed order (edge order U==0, V==0, ...)."""
    body = next(b for d, b, c in TESS_CASES if d == domain and c is None)
    listing = _listing(HS % (body, domain, _TOPO[domain], ""), "hs_5_0")
    found = re.findall(r"dcl_output_siv o(\d+)\.(\w), (\w+)", listing)
    assert {f[2] for f in found} == set(names)
    edges = [f for f in found if "Edge" in f[2] or "Line" in f[2]]
    assert [int(f[0]) for f in sorted(edges, key=lambda f: names.index(f[2]))] == \
        sorted(int(f[0]) for f in edges)  # consecutive registers in the documented order
    assert len({f[1] for f in edges}) == 1  # the same component


# --- the text of a failed compile -------------------------------------------------------------------------
def test_failed_compile_text_lists_earlier_warnings_first():
    src = "float4 main(float4 p : P) : SV_Target { float2 t = p; return undeclared; }"
    text = _fail(src)
    lines = text.strip().split("\n")
    assert re.search(r"warning X3206: implicit truncation of vector type", lines[0])
    assert re.search(r"error X3004: undeclared identifier 'undeclared'", lines[-1])


def test_failed_compile_error_blob_matches_exception_text():
    msgs: list = []
    src = "float4 main(float4 p : P) : SV_Target { float2 t = p; return undeclared; }"
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    assert bytes(msgs[0]).decode() == info.value.errors
    assert "warning X3206" in info.value.errors


# --- static object variables alias their initialiser ------------------------------------------------------
# A static variable has no register ("Variable Syntax": static globals are not visible to the application),
# so `static Texture2D t = h;` names the uniform global h: the binding and the reflected resource are h's.
def _bindings(src: str) -> tuple[list[str], str]:
    text = _listing(src, "ps_5_0")
    names = re.findall(r"^// (\w+(?:\[\d+\])?)\s+texture\s", text, re.M)
    sample = re.search(r"^\s*sample \S+, \S+, (t\d+)", text, re.M)
    assert sample is not None
    return names, sample.group(1)


@pytest.mark.parametrize("src,names,reg", [
    ("Texture2D g; Texture2D h; SamplerState s; static Texture2D t = h;\n"
     "float4 main(float2 uv : UV) : SV_Target { return t.Sample(s, uv); }", ["h"], "t0"),
    ("Texture2D g; Texture2D h; SamplerState s; static Texture2D t = h;\n"
     "float4 main(float2 uv : UV) : SV_Target { return t.Sample(s, uv) + g.Sample(s, uv); }", ["g", "h"], "t1"),
    ("Texture2D h : register(t5); SamplerState s; static Texture2D t = h;\n"
     "float4 main(float2 uv : UV) : SV_Target { return t.Sample(s, uv); }", ["h"], "t5"),
    ("Texture2D g[2]; SamplerState s; static Texture2D t = g[1];\n"
     "float4 main(float2 uv : UV) : SV_Target { return t.Sample(s, uv); }", ["g[1]"], "t1"),  # fxc 10.1: g[1] alone
])
def test_static_object_aliases_its_global(src, names, reg):
    got_names, got_reg = _bindings(src)
    assert got_names == names and "t" not in got_names
    assert got_reg == reg  # the first sample is t's: the aliased global's register
