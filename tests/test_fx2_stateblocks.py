"""fx_2_0 state blocks: ``stateblock NAME = stateblock_state { states };`` and a pass's ``StateBlock = <NAME>;``
(HLSL keywords stateblock / stateblock_state, MicrosoftDocs "Keywords"). Expected values: fxc's object of
DXDecompiler's Internal/Effect_StateBlock.fx (ShadersDX9 at 7b48f44^, fxc 10.1): the effect has no parameter for
the block; the pass holds the block's states in order -- CullMode (operation 8) = NONE (D3DCULL_NONE 1, INT),
ZWriteEnable (3) = false (INT 0), VertexShader (146) object 1, PixelShader (147) object 2 -- and 3 objects."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPT, read_fx2
from pyd3d11.errors import NotSupportedError, ShaderCompileError


def fx2(src: str):
    blob = D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0, 0)
    return read_fx2(bytes(blob.GetBufferPointer()))


STATE_BLOCK_FX = """struct VS_OUTPUT {
    float4 Pos : POSITION;
};
VS_OUTPUT Object_VS(float4 Pos : POSITION, float3 Normal : NORMAL)
{
    VS_OUTPUT Out;
    Out.Pos = Pos;
    return Out;
}

float4 Object_PS( VS_OUTPUT In , uniform bool bVal) : COLOR0
{
    float4 Color;

    if(bVal){
        Color = In.Pos;
    }else{
        Color = 6;
    }
    return Color;
}
stateblock objectState = stateblock_state
{
    CullMode = NONE;
    ZWriteEnable = false;
    VertexShader = compile vs_2_0 Object_VS();
    PixelShader  = compile ps_2_0 Object_PS(false);
};
technique Tech1 {
    pass {
        StateBlock = <objectState>;
    }
}
"""


def _states(pass_) -> list[tuple]:
    return [(s.operation, s.index, s.value.type.ptype, struct.unpack("<I", s.value.value)[0]) for s in pass_.states]


def test_state_block_is_written_into_the_pass_as_fxc_does():
    eff = fx2(STATE_BLOCK_FX)
    assert eff.parameters == []
    assert _states(eff.techniques[0].passes[0]) == [
        (8, 0, D3DXPT["INT"], 1), (3, 0, D3DXPT["INT"], 0),
        (146, 0, D3DXPT["VERTEXSHADER"], 1), (147, 0, D3DXPT["PIXELSHADER"], 2)]
    assert eff.object_count == 3
    assert sorted((r.state, r.usage) for r in eff.resources) == [(2, 0), (3, 0)]


def test_state_block_between_other_states_keeps_the_order_and_serves_two_passes():
    eff = fx2("stateblock sb = stateblock_state { CullMode = CW; ZEnable = true; };\n"
              "technique t { pass a { FillMode = WIREFRAME; StateBlock = sb; ZWriteEnable = false; }\n"
              "  pass b { StateBlock = <sb>; } }")
    a, b = eff.techniques[0].passes
    # FillMode (operation 1 of fxc's table, D3DFILL_WIREFRAME 2), CullMode CW (D3DCULL_CW 2), ZEnable true
    assert [s[0] for s in _states(a)][1:3] == [8, 0] and _states(a)[1][3] == 2 and _states(a)[2][3] == 1
    assert _states(b) == _states(a)[1:3]


def test_shader_targets_read_a_state_block_for_syntax():
    src = STATE_BLOCK_FX.encode()
    blob = D3DCompile(src, len(src), "t.fx", None, None, "Object_VS", "vs_2_0", 0, 0)
    assert bytes(blob.GetBufferPointer())[:4] == struct.pack("<I", 0xFFFE0200)


@pytest.mark.parametrize("src", [
    "technique { pass { StateBlock = <nothing>; } }",
    "stateblock sb = stateblock_state { CullMode = CW; }; technique { pass { StateBlock = 1; } }",
    "stateblock sb = stateblock_state { CullMode = CW; }; stateblock sb = stateblock_state { ZEnable = 1; };"
    " technique {}",
    "float4 x = stateblock_state { CullMode = CW; }; technique {}",
    "technique { pass { CullMode = stateblock_state { ZEnable = 1; }; } }",  # assigned to another state
    "stateblock sb = stateblock_state { CullMode = CW; ; technique {}",
    "stateblock sb = stateblock_state { Unknown = 1; }; technique { pass { StateBlock = sb; } }",
])
def test_state_block_errors(src):
    with pytest.raises(ShaderCompileError):
        fx2(src)


def test_nested_state_blocks_expand_in_order():
    # MicrosoftDocs direct3d9 "Expressions": state blocks can be nested
    eff = fx2("stateblock inner = stateblock_state { ZEnable = true; };\n"
              "stateblock outer = stateblock_state { CullMode = CW; StateBlock = <inner>; ZWriteEnable = false; };\n"
              "technique { pass { StateBlock = <outer>; } }")
    assert [(s[0], s[3]) for s in _states(eff.techniques[0].passes[0])] == [(8, 2), (0, 1), (3, 0)]


def test_inline_state_block_assigned_to_the_stateblock_state():
    # "State blocks must be assigned to the STATEBLOCK effect state": the expression form in a pass, and nested
    eff = fx2("stateblock outer = stateblock_state { StateBlock = stateblock_state { ZEnable = true; }; };\n"
              "technique { pass { CullMode = CW; StateBlock = stateblock_state { ZWriteEnable = false; }; }\n"
              "  pass { StateBlock = outer; } }")
    a, b = eff.techniques[0].passes
    assert [(s[0], s[3]) for s in _states(a)] == [(8, 2), (3, 0)]
    assert [(s[0], s[3]) for s in _states(b)] == [(0, 1)]
    assert eff.parameters == []


def test_shader_targets_read_an_inline_state_block_for_syntax():
    src = (b"technique { pass { StateBlock = stateblock_state { CullMode = CW; }; } }\n"
           b"float4 main() : COLOR { return 1; }")
    blob = D3DCompile(src, len(src), "t.fx", None, None, "main", "ps_2_0", 0, 0)
    assert bytes(blob.GetBufferPointer())[:4] == struct.pack("<I", 0xFFFF0200)


@pytest.mark.parametrize("src", [
    "stateblock a = stateblock_state { StateBlock = <a>; }; technique { pass { StateBlock = <a>; } }",
    "stateblock a = stateblock_state { StateBlock = <b>; }; stateblock b = stateblock_state { StateBlock = <a>; };"
    " technique { pass { StateBlock = <a>; } }",
])
def test_circular_state_blocks_are_errors(src):
    # "... but cannot contain circular references"
    with pytest.raises(ShaderCompileError):
        fx2(src)


def test_state_block_variable_without_initializer_is_not_built():
    with pytest.raises(NotSupportedError) as ei:
        fx2("stateblock sb; technique {}")
    assert "stateblock" in str(ei.value)
