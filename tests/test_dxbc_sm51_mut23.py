"""Session 23 (issue 19 item 3): the survivors of a mutation round over ``shader/dxbc/sm51.py`` (the SM5.0 → SM5.1
register-form rewrite), each pinned from its definition.

Definitions: MicrosoftDocs direct3dhlsl "Bytecode changes in SM5.1" (a declaration names a range with
``[ID][lower][upper]``; IDs number each register type's ranges) and "Resource binding in HLSL" (RDEF's bindings and
the declaration instructions are in the same order, the bindings by ID). fxc's objects keep each register type's
declarations together: constant buffers, samplers, SRVs, UAVs (the 5.1 objects quoted by vkd3d's tests).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import NotSupportedError
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.sm51 import Range, is_sm51, to_sm51
from pyd3d11.shader.hlsl.compiler import compile_hlsl

pytestmark = pytest.mark.backend_independent  # compiles and rewrites, runs no shader

# the register type each declaration opcode declares (spec-facts opcode table)
_FILE = {0x59: "cb", 0x5A: "s", 0x58: "t", 0xA1: "t", 0xA2: "t", 0x9C: "u", 0x9D: "u", 0x9E: "u"}

# IDs count (space, lower) per type: t5 space0 is T0 though t0 space1 (T1) has the lower register, so sorting the
# declarations by lower register instead of by ID would reverse them; two samplers, a texture and a UAV of
# other types put the four kinds side by side
PS = """
Texture2D<float4> ta : register(t5);
Texture2D<float4> tb : register(t0, space1);
SamplerState s0 : register(s4);
SamplerState s1 : register(s1, space1);
cbuffer K : register(b2) { float4 k; };
RWTexture2D<float4> u : register(u1);
float4 main(float4 c : COORD) : SV_Target
{
    float4 r = ta.Sample(s0, c.xy) + tb.Sample(s1, c.xy) + k;
    u[uint2(0, 0)] = r;
    return r;
}
"""


def _declarations() -> list[tuple[str, int, int]]:
    prog = compile_hlsl(PS, "t.hlsl", "main", "ps_5_1").program
    return [(_FILE[i.opcode], i.operands[0].indices[0].value, i.operands[0].indices[1].value)
            for i in prog.instructions if i.opcode in _FILE]


def test_declarations_grouped_by_register_type_each_in_id_order():
    """(type, ID, lower) of each declaration: cb, samplers, SRVs, UAVs in turn, IDs ascending within a type."""
    assert _declarations() == [
        ("cb", 0, 2),
        ("s", 0, 4), ("s", 1, 1),   # s4 space0 before s1 space1
        ("t", 0, 5), ("t", 1, 0),   # t5 space0 before t0 space1
        ("u", 0, 1),
    ]


def _rel_decl(indices: list[ir.Index]) -> ir.Program:
    op = ir.Operand(ir.OperandType.RESOURCE, indices=indices)
    return ir.Program(ir.ProgramType.PIXEL, 5, 0, [ir.Instruction(ir.Opcode.DCL_RESOURCE, [op], 3 << 11, [], [0x5555])])


def test_declaration_with_relative_register_refused():
    """A declaration's register must be an immediate: a relatively indexed one names no range."""
    rel = ir.Operand(ir.OperandType.TEMP, 1, ir.SelectionMode.SELECT_1, indices=[ir.Index(ir.IndexRep.IMMEDIATE32, 0)])
    prog = _rel_decl([ir.Index(ir.IndexRep.IMMEDIATE32_PLUS_RELATIVE, 0, rel)])
    ranges = {"t": [Range(0, 0, 0, 0, 0)]}
    with pytest.raises(NotSupportedError, match="immediate register"):
        to_sm51(prog, ranges)


def test_declaration_without_register_refused():
    with pytest.raises(NotSupportedError, match="immediate register"):
        to_sm51(_rel_decl([]), {"t": [Range(0, 0, 0, 0, 0)]})


@pytest.mark.parametrize("major,minor,want", [
    (4, 0, False), (4, 1, False), (5, 0, False), (5, 1, True), (6, 0, True),
])
def test_is_sm51_means_model_5_1_or_later(major, minor, want):
    assert is_sm51(ir.Program(ir.ProgramType.PIXEL, major, minor, [])) is want
