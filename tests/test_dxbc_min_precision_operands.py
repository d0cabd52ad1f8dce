"""Minimum-precision operand tokens in the DXBC assembler and disassembler (issue 15).

Sources: D3D11.3 functional spec / d3d11tokenizedprogramformat.hpp: the extended operand token (type 1,
modifier) carries the operand's minimum precision in bits 14-16 (D3D11_SB_OPERAND_MIN_PRECISION: DEFAULT 0,
FLOAT_16 1, FLOAT_2_8 2, SINT_16 4, UINT_16 5); fxc's listing syntax as quoted by 3Dmigoto's assembler:
``mad r2.xyzw {min16f}, |r2.xyzw {min16f}|, l(-4.000000, …) {def32 as min16f}, l(1.000000, …) {def32 as
min16f}``, and the forms ``{min16f as def32}``, ``{min16u as min16i}``, ``{def32 as min16u}``.

Rule (disasm.format_operand / instruction_text): an operand of a minimum precision prints ``{name}`` after its
register, inside the bars of an absolute value; a source whose precision differs from the instruction's (its
destination's) prints ``{own as instruction's}`` with ``def32`` for the default; an instruction with no
minimum-precision operand prints no tag. The assembler reads every form back (the operand's own precision is
the first name) and encodes the extended token."""

from __future__ import annotations

import pytest

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.disasm import disassemble_program

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_HEAD = ["ps_5_0", "dcl_globalFlags refactoringAllowed | enableMinimumPrecision", "dcl_input_ps linear v1.xyzw",
         "dcl_output o0.xyzw", "dcl_temps 3"]

# (line, the precision of each operand as encoded)
_LINES = [
    ("mad r2.xyzw {min16f}, |r2.xyzw {min16f}|, l(-4.000000, -4.000000, -4.000000, -4.000000) {def32 as min16f}, "
     "l(1.000000, 1.000000, 1.000000, 1.000000) {def32 as min16f}", [1, 1, 0, 0]),
    ("mov o0.xyzw, r2.xyzw {min16f as def32}", [0, 1]),
    ("iadd r1.x {min16i}, r0.x {min16u as min16i}, -r0.y {min16i}", [4, 5, 4]),
    ("mul r1.xy {min2_8f}, -|v1.xyxx {min2_8f}|, r0.zwzz {min16f as min2_8f}", [2, 2, 1]),
    ("add r0.xy, v1.xyxx, v1.zwzz", [0, 0, 0]),  # all default: no tags
]
#: a conversion's and a comparison's source keep their own tag only: d3dcompiler_47 10.1's listings write no
#: ``as`` part there (session 40, helper REFL; these rows were inferred before): (line in, line out, precisions)
_NO_AS = [
    ("utof r0.x {min16f}, r1.y {min16u as min16f}", "utof r0.x {min16f}, r1.y {min16u}", [1, 5]),
    ("ult r0.x, r1.x {min16u as def32}, l(3)", "ult r0.x, r1.x {min16u}, l(3)", [0, 5, 0]),
]


@pytest.mark.parametrize("line,out,precisions", _NO_AS)
def test_conversion_and_comparison_sources_print_no_as_part(line: str, out: str, precisions: list[int]):
    prog = assemble_program("\n".join(_HEAD + [line, "ret"]) + "\n")
    assert [o.min_precision for o in prog.instructions[-2].operands] == precisions
    assert disassemble_program(prog)[-2] == out


@pytest.mark.parametrize("line,precisions", _LINES)
def test_operand_precisions_round_trip(line: str, precisions: list[int]):
    prog = assemble_program("\n".join(_HEAD + [line, "ret"]) + "\n")
    inst = prog.instructions[-2]
    assert [o.min_precision for o in inst.operands] == precisions
    assert disassemble_program(prog)[-2] == line


def test_a_source_matching_the_instruction_prints_its_own_tag_only():
    prog = assemble_program("\n".join(_HEAD + ["mul r0.x {min16f}, r1.x {min16f as min16f}, r1.y {min16f}",
                                               "ret"]) + "\n")
    assert disassemble_program(prog)[-2] == "mul r0.x {min16f}, r1.x {min16f}, r1.y {min16f}"


def test_resources_and_samplers_take_no_as_tag():
    src = _HEAD[:2] + ["dcl_sampler s0, mode_default", "dcl_resource_texture2d (float,float,float,float) t0",
                       "dcl_input_ps linear v1.xy", "dcl_output o0.xyzw", "dcl_temps 1",
                       "sample_indexable(texture2d)(float,float,float,float) r0.xyzw {min16f}, v1.xyxx {def32 as "
                       "min16f}, t0.xyzw, s0", "ret"]
    assert disassemble_program(assemble_program("\n".join(src) + "\n"))[-2].endswith(
        "v1.xyxx {def32 as min16f}, t0.xyzw, s0")


@pytest.mark.parametrize("bad", ["{min16x}", "{min16f as fp32}", "{def32}x"])
def test_unknown_annotations_are_refused(bad: str):
    from pyd3d11.errors import InvalidArgError

    with pytest.raises(InvalidArgError):
        assemble_program("\n".join(_HEAD + [f"mov r0.x, r1.x {bad}", "ret"]) + "\n")
