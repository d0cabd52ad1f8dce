"""Session 26 (helper MUT): rules of effects/fx2expr.py and effects/fx2asm.py that the seed-28 mutation sample
found unpinned.

Provenance of the expected values:
- FX 2.0 expression programs (FXLC): mov is opcode 0x100 (fxc's own programs in DXDecompiler's ShadersDX9 at
  7b48f44^, e.g. Sdk/Direct3D/StateManager/skybox01_FX.o and LocalDeformablePRT_FX.o, write 0x100 where a value is
  copied); every fxc program there that uses temporaries (table 7) starts them at component 0 (18 programs:
  ShadowMap_FX, reflect_FX, BasicHLSL_FX, PP_ColorToneMap_FX, ...); an array element's register is element * 1
  register of a scalar array, element 0 included (the CTAB register layout); a literal appears once in the literal
  table (the module's documented rule: "a scalar already there is shared").
- D3D9 assembly: "Shader Code Format" / the parameter token pages — the register number is 11 bits (0..2047; the
  float constant count itself is a device cap, D3DCAPS9.MaxVertexShaderConst, "at least 256" — the encoding is the
  only fixed bound), the dcl token's usage index is 4 bits (D3DSP_DCL_USAGEINDEX_MASK 0x000F0000: 0..15); the
  relative-address forms ``c[a0.x + n]``, ``c[n + a0.x]`` and ``cn[a0.x]`` name the same register (Asm Shader
  Reference, "Constant float register": ``c[a0.x + n]``).
"""

from __future__ import annotations

import struct

import pytest
from test_fx2_asm import _asm
from test_fx2_asm import fx2 as fx2_asm
from test_fx2_expressions import _state, run_program

from pyd3d11.errors import NotSupportedError, ShaderCompileError

FXLC = struct.unpack("<I", b"FXLC")[0]
CLIT = struct.unpack("<I", b"CLIT")[0]


def _block(data: bytes, fourcc: int) -> list[int]:
    """The DWORDs of one comment block of an expression program (after its fourcc)."""
    dw = list(struct.unpack(f"<{len(data) // 4}I", data))
    i = 1
    while dw[i] & 0xFFFF == 0xFFFE:
        n = dw[i] >> 16
        if dw[i + 1] == fourcc:
            return dw[i + 2:i + 1 + n]
        i += 1 + n
    raise AssertionError("no such block")


def _instructions(data: bytes) -> list[tuple[int, list[tuple[int, int]]]]:
    """(opcode, [(table, offset) of each input, then the output]) of each FXLC instruction."""
    code = _block(data, FXLC)
    out, j = [], 1
    for _ in range(code[0]):
        token, n_in = code[j], code[j + 1]
        j += 2
        ops = [(code[j + 3 * k + 1], code[j + 3 * k + 2]) for k in range(n_in + 1)]
        j += 3 * (n_in + 1)
        out.append(((token >> 20) & 0x7FF, ops))
    return out


# --- fx2expr ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("swz,k", [("x", 0), ("y", 1), ("z", 2), ("w", 3), ("b", 2)])
def test_a_swizzled_parameter_is_copied_to_the_result_by_mov(swz, k):
    g_v = [1.5, -2.0, 7.25, 9.0]
    _st, res = _state(f"float4 g_v; technique {{ pass {{ FogStart = g_v.{swz}; }} }}")
    assert run_program(res.data, {"g_v": g_v})[0] == g_v[k]
    ((op, ops),) = _instructions(res.data)
    assert op == 0x100 and ops == [(2, k), (4, 0)]  # mov: parameter table component k -> result


def test_element_zero_of_a_parameter_array_is_read():
    vals = [3.0, 0, 0, 0, 5.0, 0, 0, 0, 11.0]
    for k, want in [(0, 6.0), (1, 10.0), (2, 22.0)]:
        _st, res = _state(f"float g_arr[3]; technique {{ pass {{ FogStart = g_arr[{k}] * 2; }} }}")
        assert run_program(res.data, {"g_arr": vals})[0] == want


def test_first_temporary_is_component_zero():
    _st, res = _state("float g_a; float g_b; technique { pass { FogStart = g_a - g_b; } }")
    ins = _instructions(res.data)
    temps = sorted({o for _op, ops in ins for t, o in ops if t == 7})
    assert temps == [0]  # neg b -> r0.x; add a, r0.x -> result
    assert run_program(res.data, {"g_a": [3.0], "g_b": [0.5]})[0] == 2.5


def test_two_temporaries_take_consecutive_registers_from_zero():
    _st, res = _state("float g_a; float g_b; technique { pass { FogStart = (g_a - g_b) * (g_b - g_a); } }")
    temps = sorted({o for _op, ops in _instructions(res.data) for t, o in ops if t == 7})
    assert temps[0] == 0 and all(o % 4 == 0 for o in temps)
    assert run_program(res.data, {"g_a": [3.0], "g_b": [0.5]})[0] == 2.5 * -2.5


def test_a_repeated_literal_is_stored_once():
    _st, res = _state("float g_a; float g_b; technique { pass { FogStart = g_a * 2 + g_b * 2; } }")
    clit = _block(res.data, CLIT)
    lits = [struct.unpack("<d", struct.pack("<II", clit[1 + 2 * k], clit[2 + 2 * k]))[0] for k in range(clit[0])]
    assert lits == [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0]  # the zero register, then 2 at component 4
    assert run_program(res.data, {"g_a": [3.0], "g_b": [0.5]})[0] == 7.0


# --- fx2asm ----------------------------------------------------------------------------------------------------

def test_register_number_2047_is_the_largest_the_token_holds():
    # c2047: number 0x7FF in bits 0-10, type CONST (2) in bits 28-30 -> 0xA0E407FF
    assert _asm("mov r0, c2047", "vs_3_0") == [0x02000001, 0x800F0000, 0xA0E407FF]
    # c2048-c8191 are registers of vs_2_0 / vs_3_0 to d3dcompiler_47 10.1 (session 43: ``vs_2_0 mov oPos, c8191``
    # compiles, c8192 is X2005), encoded as the D3DSPR_CONST2-4 types, which are not built
    with pytest.raises(NotSupportedError):
        _asm("mov r0, c2048", "vs_3_0")


def test_usage_index_15_is_the_largest_the_dcl_token_holds():
    # dcl_texcoord15 v0: usage TEXCOORD (5) | index 15 << 16
    assert _asm("dcl_texcoord15 v0", "vs_3_0") == [0x0200001F, 0x800F0005, 0x900F0000]


@pytest.mark.parametrize("usage", ["dcl_bogus v0", "dcl_positionx v0", "dcl_3 v0"])
def test_an_unknown_declaration_usage_is_an_asm_error(usage):
    with pytest.raises(ShaderCompileError, match="unknown declaration"):
        _asm(usage, "vs_3_0")


@pytest.mark.parametrize("form", ["c[a0.x + 5]", "c[5 + a0.x]", "c5[a0.x]", "c[0x5 + a0.x]"])
def test_relative_address_forms_name_the_same_register(form):
    assert _asm(f"mov r1, {form}") == [0x03000001, 0x800F0001, 0xA0E42005, 0xB0000000]


def test_an_empty_asm_block_is_error_x2001_an_unknown_instruction_x2000():
    # d3dcompiler_47 10.1 (session 35 EFX): "X2001: shader version expected", "X2000: syntax error : unexpected token"
    codes = []
    for src in ["PixelShader p = asm { }; technique {}",
                "PixelShader p = asm { ps_2_0\n frobnicate r0, r1\n }; technique {}"]:
        with pytest.raises(ShaderCompileError) as ei:
            fx2_asm(src)
        codes.append(str(ei.value).split("error ")[1][:5])
    assert codes == ["X2001", "X2000"]
