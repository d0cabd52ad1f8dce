"""Input and output declarations' component masks, and the pixel shader's input order, against d3dcompiler_47 10.1
(``iodecls.narrow_input_decls`` / ``narrow_output_decls`` / ``check_read_inputs``, the X4576 rule in
``signatures.bind_input``).

``tests/data/io_decls_s37_fxc10_1.json``: recorded from d3dcompiler_47 10.1 under Wine, session 37 (helper OBJ) --
each row's expected column is fxc's ``dcl_input*`` / ``dcl_output*`` lines (as this project's disassembler lists
fxc's own object) or, where fxc refused, its first error number. The rows: vertex and pixel inputs of six types
read never / in one component / two / a swizzle / through dot / whole (4_0, 5_0, level 9); the seven pixel
interpolation modes; packed elements, matrices of both majorities, arrays read with constant and run-time indices,
SV_Position / SV_PrimitiveID / SV_IsFrontFace / clip and cull distances / SV_SampleIndex / the array indices /
SV_Coverage / SV_InnerCoverage read or not; struct inputs; SV_VertexID / SV_InstanceID; vertex outputs partly
written (packed, matrices, under ``if``), pixel targets partly written; geometry-shader vertices; compute thread IDs;
domain-shader location, patch constants and control points; the pixel inputs after SV_IsFrontFace / SV_SampleIndex.

The "dcl_input" / "dcl_output" assembly pages do not say which mask a compiler writes; fxc's record is the rule:

* an input element is declared with the components the finished program reads, in its own declaration (two
  elements sharing v1 give ``v1.y`` and ``v1.z``); one read nowhere is not declared -- SV_Position, SV_VertexID,
  SV_Coverage included; the thread IDs and SV_DomainLocation likewise (``dcl_input vThreadID.x``);
* a geometry shader's input vertices stay declared whole, and its SV_PrimitiveID (``vPrim``) declared unread;
* an output element is declared with the components some instruction writes (``dcl_output o1.xz``);
* a pixel shader's clip / cull distance input is ``dcl_input_ps_siv ..., clip_distance``, its render-target /
  viewport array index ``dcl_input_ps_siv constant``;
* SV_IsFrontFace and SV_SampleIndex end a pixel shader's input signature: any element after one is X4576
  "Non system-generated input signature parameter () cannot appear after a system generated value.";
* below ps_5_0 an SV_Coverage / SV_InnerCoverage input is refused (X4502 "SV_Coverage input not supported on
  ps_4_1") only where the program reads it.

Not compared: ``dcl_indexrange`` (fxc indexes an input array read at run time, ``v[r0.x + 0]``; this compiler
selects among the registers, so it declares no range) -- the rows' expected lines leave it out.
"""

import json
from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error

ROWS = json.loads((Path(__file__).with_name("data") / "io_decls_s37_fxc10_1.json").read_text())["rows"]


def _io_lines(src: str, target: str) -> list[str]:
    import re

    from pyd3d11.tools.reflect_diff import declarations

    try:
        blob = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
    except D3D11Error as e:
        return [(re.findall(r"error (X\d{4})", str(e)) or ["-"])[0]]
    return [ln for ln in declarations(bytes(blob.GetBufferPointer())) if ln.startswith(("dcl_input", "dcl_output"))]


def test_the_record():
    assert len(ROWS) == 443
    refused = [r for r in ROWS if r[2] and r[2][0].startswith("X")]
    assert len(refused) == 52 and sum(1 for r in refused if r[2] == ["X4576"]) == 21


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc", ROWS, ids=[f"{i}-{r[1]}" for i, r in enumerate(ROWS)])
def test_io_declarations_as_fxc(src: str, target: str, fxc: list):
    fxc = [ln for ln in fxc if not ln.startswith("dcl_indexrange")]
    assert sorted(_io_lines(src, target)) == sorted(fxc)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,words", [
    # fxc 10.1's words (recorded with the table)
    ("float4 main(float4 c : C, bool f : SV_IsFrontFace, float4 d : D) : SV_Target { return c; }", "ps_5_0",
     "error X4576: Non system-generated input signature parameter () cannot appear after a system generated value."),
    ("float4 main(float4 v : V, uint x : SV_Coverage) : SV_Target { return v + x; }", "ps_4_1",
     "error X4502: SV_Coverage input not supported on ps_4_1"),
    ("float4 main(float4 v : V, uint x : SV_InnerCoverage) : SV_Target { return v + x; }", "ps_4_1",
     "error X4502: SV_InnerCoverage input not supported on ps_4_1"),
])
def test_io_refusal_words(src: str, target: str, words: str):
    with pytest.raises(D3D11Error) as e:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
    assert words in str(e.value)


@pytest.mark.backend_independent
def test_signature_masks_keep_the_declared_components():
    """The signature's Mask stays the element's; ReadWriteMask is what is read (fxc: ``A 0 xyzw 1 NONE float xz``)."""
    from pyd3d11.d3dcompiler import D3DReflect

    src = "float4 main(float4 p : SV_Position, float4 a : A) : SV_Target { return a.x + a.z; }"
    refl = D3DReflect(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "ps_5_0", 0, 0))
    a = refl.GetInputParameterDesc(1)
    assert (a.SemanticName, a.Mask, a.ReadWriteMask) == ("A", 0xF, 0x5)
    assert refl.GetInputParameterDesc(0).ReadWriteMask == 0
