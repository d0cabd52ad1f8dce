"""NonUniformResourceIndex on every resource-array index of a 5.1 method call, the sampler argument's included.

"Resource binding in HLSL": "If varying the index is required then specify the NonUniformResourceIndex qualifier on
the index", with the page's example ``tex1[NonUniformResourceIndex(myMaterialID)].Sample(samp[NonUniformResourceIndex
(samplerID)], texCoords)``; the mark is the operand's non-uniform bit (listing ``{nonuniform}``, test_hlsl_sm51). A
method's arguments are evaluated once ("Operators": C's rules), so an index with side effects inside the mark is
too."""

from __future__ import annotations

import pytest

from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.hlsl.compiler import compile_hlsl

pytestmark = pytest.mark.backend_independent

DECLS = "Texture2D<float4> tex1[400] : register(t3);\nsampler samp[7] : register(s0);\n"
MAIN = ("float4 main(float2 texCoords : T, nointerpolation uint myMaterialID : M, nointerpolation uint samplerID : S)"
        " : SV_Target {{ {body} }}")


def _sample_line(body: str) -> str:
    text = disassemble(compile_hlsl(DECLS + MAIN.format(body=body), "t.hlsl", "main", "ps_5_1").blob)
    return next(ln.strip() for ln in text.splitlines() if ln.startswith("sample "))


@pytest.mark.parametrize("tex_mark,samp_mark", [(True, True), (False, True), (True, False), (False, False)])
def test_the_mark_on_either_index_of_the_pages_example(tex_mark, samp_mark):
    ti = "NonUniformResourceIndex(myMaterialID)" if tex_mark else "myMaterialID"
    si = "NonUniformResourceIndex(samplerID)" if samp_mark else "samplerID"
    line = _sample_line(f"return tex1[{ti}].Sample(samp[{si}], texCoords);")
    tex_op, samp_op = line.split(", ")[2], line.split(", ")[3]
    assert tex_op.startswith("T0[r") and "+ 3]" in tex_op and tex_op.endswith("{nonuniform}") == tex_mark
    assert samp_op.startswith("S0[r") and samp_op.endswith("{nonuniform}") == samp_mark


def test_a_marked_sampler_index_with_a_side_effect_is_evaluated_once():
    text = disassemble(compile_hlsl(DECLS + MAIN.format(
        body="uint k = samplerID; float4 c = tex1[0].Sample(samp[NonUniformResourceIndex(k++)], texCoords); "
             "return c + k;"), "t.hlsl", "main", "ps_5_1").blob)
    assert text.count("iadd") == 1  # k++ once
    assert "{nonuniform}" in next(ln for ln in text.splitlines() if ln.startswith("sample "))


# "Dynamic indexing using HLSL 5.1": an array element chosen at run time is an operand ``T[rN.c + lower]`` of any
# instruction that names the resource; samplepos (Texture2DMS[Array].GetSamplePosition) names it as the 5.0 form
# does (``tN.xyxx``, test_rules_hlsl_texops), with the non-uniform bit when marked
@pytest.mark.parametrize("kind,index,want", [
    ("Texture2DMS<float4>", "n", "samplepos o0.xy, T0[r0.x + 2].xyxx, l(1)"),
    ("Texture2DMSArray<float4>", "NonUniformResourceIndex(n)", "samplepos o0.xy, T0[r0.x + 2].xyxx {nonuniform}, l(1)"),
    ("Texture2DMS<float4>", "2", "samplepos o0.xy, T0[4].xyxx, l(1)"),
])
def test_get_sample_position_of_an_element_chosen_at_run_time(kind, index, want):
    src = (f"{kind} t[3] : register(t2);\nfloat4 main(nointerpolation uint n : N) : SV_Target "
           f"{{ return float4(t[{index}].GetSamplePosition(1), 0, 0); }}")
    text = disassemble(compile_hlsl(src, "t.hlsl", "main", "ps_5_1").blob)
    assert want in [ln.strip() for ln in text.splitlines()]
