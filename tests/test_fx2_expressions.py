"""fx_2_0 state expressions that compute (MicrosoftDocs direct3d9 "Expressions (Direct3D 9)": a state set from an
expression of effect parameters, evaluated by the effect runtime when the pass is applied; fxc stores it as an
FXLC expression program). The expected bytes are fxc's own (its object of DXDecompiler's Internal/
Effect_ShaderArray.fx, ShadersDX9 at 7b48f44^); the meaning of other programs is checked by running them with a
small evaluator written here from the FX 2.0 program layout (version 0x46580200; CTAB, CLIT of doubles, FXLC
instructions: token = component count | opcode << 20 | scalar form << 31, input count, (0, table, offset) per
input then the output; tables 1 literals, 2 parameters, 4 result, 7 temporaries) -- not from the compiler."""

from __future__ import annotations

import math
import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPT, read_fx2
from pyd3d11.errors import NotSupportedError


def fx2(src: str, flags: int = 0):
    blob = D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", flags, 0)
    return read_fx2(bytes(blob.GetBufferPointer()))


# --- fxc's object: Effect_ShaderArray.fx (DXDecompiler ShadersDX9, compiled by fxc 10.1 with no options) --------
SHADER_ARRAY_FX = """int CurNumBones;
float light;
struct VS_OUTPUT {
	float4  Pos     : POSITION;
};
VS_OUTPUT VertSkinning(uniform int iNumBones)
{
	VS_OUTPUT   o;
	o.Pos = iNumBones;
	return o;
}
VertexShader vsArray20[2] = { compile vs_2_0 VertSkinning(1),
								compile vs_2_0 VertSkinning(2) };
technique Technique1 {
	pass {
		VertexShader = (vsArray20[CurNumBones + 1]);
		LightAttenuation0[0] = light;
	}
};
"""
#: the selector's resource: the array's name (12 bytes with padding), then `add sc 1 expr0, CurNumBones, (1)`
FXC_SELECTOR = bytes.fromhex(
    "0c00000076734172726179323000000000025846feff2300435441421c0000005f00000000025846010000001c00000000010000"
    "5c0000003000000002000000010000003c0000004c0000004375724e756d426f6e65730000000200010001000100000000000000"
    "000000000000000000000000000000007478004d6963726f736f66742028522920484c534c2053686164657220436f6d70696c65"
    "722031302e3100abfeff1200434c4954080000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000f03f000000000000000000000000000000000000000000000000feff0f0046584c4301000000010040a002000000"
    "000000000200000000000000000000000100000004000000000000000400000000000000f0f0f0f00f0f0f0fffff0000")
#: `LightAttenuation0[0] = light`: a reference, its CTAB flags 0x20000100 (a state value; no /Gec here)
FXC_LIGHT = bytes.fromhex(
    "00025846feff2200435441421c0000005b00000000025846010000001c0000000001002058000000300000000200000001000000"
    "38000000480000006c6967687400abab00000300010001000100000000000000000000000000000000000000000000007478004d"
    "6963726f736f66742028522920484c534c2053686164657220436f6d70696c65722031302e3100abfeff0200434c495400000000"
    "feff0c0046584c43010000000100001001000000000000000200000000000000000000000400000000000000f0f0f0f00f0f0f0f"
    "ffff0000")


def test_shader_array_selector_and_reference_are_fxcs_bytes():
    eff = fx2(SHADER_ARRAY_FX)
    got = {(r.state, r.usage): r.data for r in eff.resources if r.technique == 0}
    assert got == {(0, 2): FXC_SELECTOR, (1, 0): FXC_LIGHT}


# --- an evaluator of FX 2.0 expression programs, from the layout in the module docstring ----------------------
_OPS = {0x100: lambda a: a, 0x101: lambda a: -a, 0x103: lambda a: 1.0 / a, 0x104: lambda a: a - math.floor(a),
        0x107: lambda a: 1.0 / math.sqrt(a), 0x112: math.sqrt, 0x139: math.floor, 0x13A: math.ceil,
        0x200: min, 0x201: max, 0x202: lambda a, b: float(a < b), 0x203: lambda a, b: float(a >= b),
        0x204: lambda a, b: a + b, 0x205: lambda a, b: a * b, 0x208: lambda a, b: a / b}


def _comments(dw: list[int], i: int) -> dict[bytes, list[int]]:
    out = {}
    while dw[i] & 0xFFFF == 0xFFFE:
        n = dw[i] >> 16
        body = dw[i + 1:i + 1 + n]
        out[struct.pack("<I", body[0])] = body[1:]
        i += 1 + n
    assert dw[i] == 0xFFFF
    return out


def run_program(data: bytes, values: dict[str, list[float]]) -> list[float]:
    """Evaluate an expression program with parameter ``values`` (each a flat list of float4 registers' worth)."""
    dw = list(struct.unpack(f"<{len(data) // 4}I", data))
    assert dw[0] == 0x46580200
    blocks = _comments(dw, 1)
    ctab = struct.pack(f"<{len(blocks[b'CTAB'])}I", *blocks[b"CTAB"])
    n_const, info = struct.unpack_from("<II", ctab, 12)
    regs: list[float] = []
    for k in range(n_const):
        name_off, _set, index, count, _r, _type, _default = struct.unpack_from("<IHHHHII", ctab, info + 20 * k)
        name = ctab[name_off:ctab.index(b"\0", name_off)].decode()
        regs += [0.0] * (4 * (index + count) - len(regs))
        regs[4 * index:4 * index + len(values[name])] = values[name]
    clit = blocks[b"CLIT"]
    lits = [struct.unpack("<d", struct.pack("<II", clit[1 + 2 * k], clit[2 + 2 * k]))[0] for k in range(clit[0])]
    tables: dict[int, list[float]] = {1: lits, 2: regs, 4: [0.0] * 16, 7: [0.0] * 64}
    code = blocks[b"FXLC"]
    j = 1
    for _ in range(code[0]):
        token, n_in = code[j], code[j + 1]
        j += 2
        comps, op, scalar = token & 7, (token >> 20) & 0x7FF, token >> 31
        operands = []
        for _k in range(n_in + 1):
            is_array, table, offset = code[j:j + 3]
            assert is_array == 0
            operands.append((table, offset))
            j += 3
        (ot, oo), ins = operands[-1], operands[:-1]
        for c in range(comps):
            args = []
            for n, (t, o) in enumerate(ins):
                width = 1 if (scalar and n == 0) else comps
                args.append(tables[t][o - o % 4 + (o % 4 + (c if width > 1 else 0)) % 4])
            tables[ot][oo + c] = _OPS[op](*args)
    assert code[j:] == [0xF0F0F0F0, 0x0F0F0F0F]
    return tables[4]


def _state(src: str):
    eff = fx2(src)
    (st,) = eff.techniques[0].passes[0].states
    (res,) = [r for r in eff.resources if r.technique == 0]
    return st, res


@pytest.mark.parametrize("expr,values,expected", [
    ("g_a * 2", {"g_a": [3.0]}, 6.0),
    ("g_a * 2 + g_b", {"g_a": [3.0], "g_b": [0.5]}, 6.5),
    ("g_a - g_b", {"g_a": [3.0], "g_b": [0.5]}, 2.5),
    ("-g_a / 4", {"g_a": [3.0]}, -0.75),
    ("(g_a + 1) * (g_b + 1)", {"g_a": [2.0], "g_b": [3.0]}, 12.0),
    ("max(g_a, g_b) - min(g_a, 1)", {"g_a": [2.0], "g_b": [3.0]}, 2.0),
    ("floor(g_a) + ceil(g_b) + frac(g_a)", {"g_a": [2.25], "g_b": [3.5]}, 6.25),
    ("sqrt(g_a) + rsqrt(g_b) + rcp(g_b)", {"g_a": [9.0], "g_b": [4.0]}, 3.75),
    ("abs(g_a - g_b)", {"g_a": [2.0], "g_b": [3.0]}, 1.0),
    ("g_v.y * 2", {"g_v": [1.0, 5.0, 7.0, 9.0]}, 10.0),
    ("g_arr[2] * g_arr[1]", {"g_arr": [1.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0]}, 12.0),
    ("g_a * K + K", {"g_a": [2.0]}, 9.0),  # a static const folds into a literal
    ("g_a * (K - 1)", {"g_a": [2.0]}, 4.0),
])
def test_float_state_expression_computes_its_value(expr, values, expected):
    src = ("float g_a; float g_b; float4 g_v; float g_arr[3]; static const float K = 3;\n"
           f"technique {{ pass {{ FogStart = {expr}; }} }}")
    st, res = _state(src)
    assert res.usage == 0
    assert run_program(res.data, values)[0] == pytest.approx(expected)
    # the state's value: the expression's type, 1x1, zero-filled
    assert (st.value.type.ptype, st.value.type.rows, st.value.type.cols, st.value.value) == \
        (D3DXPT["FLOAT"], 1, 1, bytes(4))


@pytest.mark.parametrize("expr,a,expected", [
    ("g_a > 0", 1.0, 1.0), ("g_a > 0", 0.0, 0.0), ("g_a < 0", -1.0, 1.0), ("g_a >= 2", 2.0, 1.0),
    ("g_a <= 2", 2.5, 0.0), ("g_a <= 2", 2.0, 1.0),
])
def test_comparison_state_is_a_bool_expression(expr, a, expected):
    st, res = _state(f"float g_a; technique {{ pass {{ ZEnable = ({expr}); }} }}")
    assert run_program(res.data, {"g_a": [a]})[0] == expected
    assert st.value.type.ptype == D3DXPT["BOOL"]


def test_int_arithmetic_is_an_int_state():
    st, res = _state("int g_i; technique { pass { StencilRef = g_i * 2 + 1; } }")
    assert st.value.type.ptype == D3DXPT["INT"]
    assert run_program(res.data, {"g_i": [5.0]})[0] == 11.0


def test_float4_state_from_a_vector_expression():
    st, res = _state("float4 g_c; float g_s; technique { pass { MaterialAmbient = g_c * g_s + 1; } }")
    assert run_program(res.data, {"g_c": [1.0, 2.0, 3.0, 4.0], "g_s": [2.0]})[:4] == [3.0, 5.0, 7.0, 9.0]
    assert (st.value.type.ptype, st.value.type.cols) == (D3DXPT["FLOAT"], 4)


def test_one_component_operations_take_the_scalar_form_and_write_the_result_table():
    _st, res = _state("float g_a; technique { pass { FogStart = g_a * 2; } }")
    dw = struct.unpack(f"<{len(res.data) // 4}I", res.data)
    k = dw.index(struct.unpack("<I", b"FXLC")[0])
    assert dw[k + 1] == 1  # one instruction: mul, scalar form, straight into the result
    assert dw[k + 2] == (0x205 << 20) | 0x80000001
    assert dw[k + 4 + 3 * 2:k + 4 + 3 * 3] == (0, 4, 0)


def test_selector_index_computed_by_an_expression():
    eff = fx2("int n; float4 f(uniform int k) : POSITION { return k; }\n"
              "VertexShader v[3] = { compile vs_2_0 f(0), compile vs_2_0 f(1), compile vs_2_0 f(2) };\n"
              "technique { pass { VertexShader = (v[n * 2 - 1]); } }")
    ((usage, data),) = [(r.usage, r.data) for r in eff.resources if r.technique == 0]
    assert usage == 2 and data[:8] == struct.pack("<I", 4) + b"v\0\0\0"
    assert run_program(data[8:], {"n": [1.0]})[0] == 1.0


def test_element_past_the_array_is_an_error():
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="out of bounds"):
        fx2("float g_arr[3]; technique { pass { FogStart = g_arr[3] * 2; } }")


@pytest.mark.parametrize("expr", [
    "(g_m * 2)._11", "transpose(g_m)._11", "noise(g_a)", "g_arr[g_i] * 2", "g_i & 1", "g_i << 1", "(int2)g_v.xy",
])
def test_expressions_not_built_name_the_feature(expr):
    src = (f"float g_a; float g_b; float4 g_v; int g_i; float4x4 g_m; float g_arr[2];"
           f" technique {{ pass {{ FogStart = {expr}; }} }}")
    with pytest.raises(NotSupportedError) as ei:
        fx2(src)
    assert "fx_2_0 state expression (preshader)" in str(ei.value)
