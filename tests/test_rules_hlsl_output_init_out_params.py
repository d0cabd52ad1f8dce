"""fxc's warning X3578 for an entry point's out parameters (issue 15; HL4 built it for the return value).

Source: OpenSubdiv issue 354 records fxc compiling a domain shader declared ``void ds_main_patches(…,\\n    out
OutputVertex output )`` with ``…(1450,22-27): warning X3578: Output value 'output' is not completely
initialized``: the parameter's name (columns 22-27 are ``output`` on that line, four blanks of indentation
counted) and its position. DXC issue 2419 records the return-value form (``Output value 'main'``).

Rule (uninit.warn_incomplete_outputs): each output value of the entry point — the return value, named after
the entry and placed at it, and every ``out`` parameter, named and placed at the parameter's name — whose
components include one the shader never defines (never assigned, or copied only from such components) warns
once. An ``inout`` parameter starts defined (its input); a component defined on some path is not this warning.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_VERTEX = "struct OutputVertex { float4 positionOut : SV_Position; float3 normal : NORMAL; };\n"


def _warnings(src: str, target: str) -> list[str]:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0, msgs)
    return [ln for ln in "".join(bytes(m).decode() for m in msgs).splitlines() if "X3578" in ln]


def _text(name: str) -> str:
    return f"warning X3578: Output value '{name}' is not completely initialized"


def test_the_opensubdiv_record():
    # (the quad's tessfactor inputs added: without them d3dcompiler_47 10.1 refuses a domain shader, X3502 "ds_5_0
    # tessfactor inputs missing" -- session 44; the DLL prints this warning at the same place for this text)
    src = (_VERTEX + "struct F { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; }; [domain(\"quad\")]\n"
           "void main(\n    in float2 uv : SV_DomainLocation, in F f,\n"
           "    out OutputVertex output )\n{\n    output.positionOut = float4(uv, 0, 1);\n}\n")
    # the record's own range: (1450,22-27) spans the six letters of `output` (diagnostics.py)
    assert _warnings(src, "ds_5_0") == [f"t.hlsl(5,22-27): {_text('output')}"]


# (source, target, names warned in order)
_CASES = [
    ("void main(out float4 c : SV_Target) { c.xy = 1; }", "ps_5_0", ["c"]),
    ("void main(out float4 c : SV_Target0, out float4 d : SV_Target1) { c.x = 1; d.w = 2; }", "ps_5_0",
     ["c", "d"]),
    ("float4 main(out float4 c : SV_Target1) : SV_Target0 { float4 r; r.x = 1; c.yz = 2; return r; }", "ps_5_0",
     ["main", "c"]),
    (_VERTEX + "void main(float4 p : P, out OutputVertex o) { o.positionOut = p; }", "vs_5_0", ["o"]),
    (_VERTEX + "void main(float4 p : P, out OutputVertex o) { OutputVertex t; t.positionOut = p; o = t; }",
     "vs_5_0", ["o"]),  # copied from a member never assigned
    # several returns: still one warning per value
    ("void main(float4 v : V, out float4 c : SV_Target) { c.x = 1; if (v.x > 0) return; c.y = 2; }", "ps_5_0",
     ["c"]),
    ("float4 main(float4 v : V) : SV_Target { float4 r; r.x = 1; if (v.x > 0) return r; r.y = 2; return r; }",
     "ps_5_0", ["main"]),
    # silent
    ("void main(out float4 c : SV_Target) { c = 1; }", "ps_5_0", []),
    ("void f(out float4 x) { x = 3; }\nvoid main(out float4 c : SV_Target) { f(c); }", "ps_5_0", []),
    ("void main(float4 v : V, out float4 c : SV_Target) { if (v.x > 0) c = 1; }", "ps_5_0", []),
    ("void main(inout float4 c : COLOR) { c.x += 1; }", "vs_5_0", []),
    (_VERTEX + "void main(float4 p : P, out OutputVertex o) { o = (OutputVertex)0; o.positionOut = p; }",
     "vs_5_0", []),
]


@pytest.mark.parametrize("src,target,names", _CASES)
def test_each_incomplete_output_value_warns_once_by_its_name(src: str, target: str, names: list[str]):
    got = _warnings(src, target)
    assert [ln.split(": ", 1)[1] for ln in got] == [_text(n) for n in names]


def test_the_position_is_the_parameter_name():
    src = "void main(float4 v : V,\n\t\tout   float4 result : SV_Target)\n{\n    result.x = v.x;\n}\n"
    start = len(chr(9) * 2 + 'out   float4 ') + 1
    assert _warnings(src, "ps_5_0") == [f"t.hlsl(2,{start}-{start + len('result') - 1}): {_text('result')}"]


# hull shaders: the control-point function's value (named after the entry) and the patch-constant function's
# (named after that function) are judged like any entry output; X4000 is judged phase by phase
_HS_HEAD = ("struct V { float4 p : P; };\nstruct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; "
            "float4 extra : EXTRA; };\n")
_HS_ATTRS = ("[domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")] "
             "[outputcontrolpoints(3)] [patchconstantfunc(\"pcf\")]\n")
_PCF_FULL = "PC pcf(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 2; o.i = 2; o.extra = 1; return o; }\n"
_PCF_PART = "PC pcf(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 2; o.i = 2; o.extra.x = 1; return o; }\n"
_CP_FULL = "V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }\n"
_CP_PART = "V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { V o; o.p.xy = ip[i].p.xy; return o; }\n"


@pytest.mark.parametrize("pcf,cp,names", [
    (_PCF_FULL, _CP_FULL, []),
    (_PCF_PART, _CP_FULL, ["pcf"]),
    (_PCF_FULL, _CP_PART, ["main"]),
    (_PCF_PART, _CP_PART, ["main", "pcf"]),
])
def test_hull_shader_phases(pcf: str, cp: str, names: list[str]):
    got = _warnings(_HS_HEAD + pcf + _HS_ATTRS + cp, "hs_5_0")
    assert sorted(ln.split(": ", 1)[1] for ln in got) == sorted(_text(n) for n in names)


@pytest.mark.parametrize("pcf,cp,name", [
    ("PC pcf(InputPatch<V, 3> ip) { PC o; float t; o.e[0] = o.e[1] = o.e[2] = t * 2; o.i = 2; o.extra = 1; "
     "return o; }\n", _CP_FULL, "t"),
    (_PCF_FULL, "V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { V o; float s; "
     "o.p = ip[i].p * s; return o; }\n", "s"),
])
def test_hull_shader_phases_x4000(pcf: str, cp: str, name: str):
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(_HS_HEAD + pcf + _HS_ATTRS + cp, None, "t.hlsl", None, None, "main", "hs_5_0", 0, 0)
    assert f"error X4000: variable '{name}' used without having been completely initialized" in info.value.errors
