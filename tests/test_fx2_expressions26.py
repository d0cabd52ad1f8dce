"""fx_2_0 state expressions: the operations session 26 built (== != ! && || ?:, integer / and %, casts, the other
intrinsics, any swizzle, constructors) and the corrections to session 25's opcodes.

The machine's definition, written here independently of the compiler: the D3DX9 effect runtime's expression
operations as Wine's d3dx9 preshader.c defines them from tests of the native runtime (mov neg rcp frc exp=2^x
log=log2|x| (0 for 0) rsq=1/sqrt|x| (INF for 0) sin cos asin acos atan min max lt ge add mul atan2, div always 0
("probably not implemented in native d3dx"), cmp = a >= 0 ? b : c, dot over all the inputs' components),
computed in double with temporaries and results stored as float32; fxc's own forms where its objects show them
(DXDecompiler ShadersDX9 Effect_Expression.fx / BasicHLSL: sqrt as rsq + rcp, floor as a - frc(a), float to int
toward zero, a / b as rcp then mul). Expected values are the HLSL meaning computed in Python (C's truncating
integer division, math.sin...), compared exactly where float32 arithmetic is exact and approximately otherwise.
"""

from __future__ import annotations

import math
import struct

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPT, read_fx2


def fx2(src: str):
    blob = D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0, 0)
    return read_fx2(bytes(blob.GetBufferPointer()))


def _f32(x: float) -> float:
    with np.errstate(all="ignore"):
        return float(np.float32(x))


def _rsq(a):
    a = abs(a)
    return math.inf if a == 0 else 1.0 / math.sqrt(a)


def _log(a):
    a = abs(a)
    return 0.0 if a == 0 else (math.log2(a) if math.isfinite(a) else math.inf)


def _dot(*args):
    n = len(args) // 2
    return sum(args[i] * args[i + n] for i in range(n))


#: the runtime's operations (opcode -> (inputs, function)); ``dot`` applies to all components at once
RUNTIME_OPS = {
    0x100: (1, lambda a: a), 0x101: (1, lambda a: -a), 0x103: (1, lambda a: math.inf if a == 0 else 1.0 / a),
    0x104: (1, lambda a: a - math.floor(a)), 0x105: (1, lambda a: 2.0 ** a), 0x106: (1, _log), 0x107: (1, _rsq),
    0x108: (1, math.sin), 0x109: (1, math.cos), 0x10A: (1, math.asin), 0x10B: (1, math.acos), 0x10C: (1, math.atan),
    0x200: (2, min), 0x201: (2, max), 0x202: (2, lambda a, b: float(a < b)), 0x203: (2, lambda a, b: float(a >= b)),
    0x204: (2, lambda a, b: a + b), 0x205: (2, lambda a, b: a * b), 0x206: (2, math.atan2),
    0x208: (2, lambda a, b: 0.0), 0x300: (3, lambda a, b, c: b if a >= 0 else c), 0x500: (2, _dot),
}


def _comments(dw: list[int], i: int) -> dict[bytes, list[int]]:
    out = {}
    while dw[i] & 0xFFFF == 0xFFFE:
        n = dw[i] >> 16
        out[struct.pack("<I", dw[i + 1])] = dw[i + 2:i + 1 + n]
        i += 1 + n
    assert dw[i] == 0xFFFF
    return out


def run(data: bytes, values: dict[str, list[float]]) -> tuple[list[float], list[int]]:
    """The result table after the program runs with the parameters' float registers ``values``; and the opcodes."""
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
        regs[4 * index:4 * index + len(values[name])] = [_f32(v) for v in values[name]]
    clit = blocks[b"CLIT"]
    lits = [struct.unpack("<d", struct.pack("<II", clit[1 + 2 * k], clit[2 + 2 * k]))[0] for k in range(clit[0])]
    tables: dict[int, list[float]] = {1: lits, 2: regs, 4: [0.0] * 16, 7: [0.0] * 256}
    code = blocks[b"FXLC"]
    j, ops = 1, []
    for _ in range(code[0]):
        token, n_in = code[j], code[j + 1]
        j += 2
        comps, op, scalar = token & 0xFFFF, (token >> 20) & 0x7FF, token >> 31
        ops.append(op)
        operands = []
        for _k in range(n_in + 1):
            rel, table, offset = code[j:j + 3]
            assert rel == 0
            operands.append((table, offset))
            j += 3
        (ot, oo), ins = operands[-1], operands[:-1]
        n, fn = RUNTIME_OPS[op]
        assert n == n_in
        if op == 0x500:  # dot: all components of both inputs, one result
            args = [tables[t][o + c] for t, o in ins for c in range(comps)]
            tables[ot][oo] = _f32(fn(*args))
            continue
        for c in range(comps):
            args = [tables[t][o + (0 if scalar and k == 0 else c)] for k, (t, o) in enumerate(ins)]
            try:
                v = fn(*args)
            except (ValueError, OverflowError, ZeroDivisionError):
                v = math.nan
            tables[ot][oo + c] = _f32(v)
    assert code[j:] == [0xF0F0F0F0, 0x0F0F0F0F]
    return tables[4], ops


DECLS = "float g_a; float g_b; float4 g_v; int g_i; int g_j; bool g_t; bool g_u; static const float K = 3;\n"


def _state_program(expr: str, state: str = "FogStart"):
    eff = fx2(DECLS + f"technique {{ pass {{ {state} = {expr}; }} }}")
    (st,) = eff.techniques[0].passes[0].states
    (res,) = [r for r in eff.resources if r.technique == 0]
    return st, res.data


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


INTS = [-7, -6, -5, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 100]
FLOATS = [-2.75, -2.0, -1.5, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 2.75, 10.0]

# (expression, parameter values, expected) -- exact
EXACT = [
    *[("g_i / g_j", {"g_i": [a], "g_j": [b]}, _trunc_div(a, b)) for a in INTS for b in (-3, -2, -1, 1, 2, 3, 5, 7)],
    *[("g_i % g_j", {"g_i": [a], "g_j": [b]}, a - b * _trunc_div(a, b)) for a in INTS for b in (-3, 2, 5)],
    *[("g_i / 2", {"g_i": [a]}, _trunc_div(a, 2)) for a in INTS],
    *[("(int)g_a", {"g_a": [x]}, math.trunc(x)) for x in FLOATS],
    *[("trunc(g_a)", {"g_a": [x]}, math.trunc(x)) for x in FLOATS],
    *[("floor(g_a)", {"g_a": [x]}, math.floor(x)) for x in FLOATS],
    *[("ceil(g_a)", {"g_a": [x]}, math.ceil(x)) for x in FLOATS],
    *[("g_a == g_b", {"g_a": [x], "g_b": [y]}, float(x == y)) for x in (-1.5, 0.0, 2.0) for y in (-1.5, 0.0, 2.0)],
    *[("g_a != g_b", {"g_a": [x], "g_b": [y]}, float(x != y)) for x in (-1.5, 0.0, 2.0) for y in (-1.5, 0.0, 2.0)],
    *[("!g_a", {"g_a": [x]}, float(not x)) for x in (-2.0, 0.0, 0.5)],
    *[("g_a > 0 && g_b > 0", {"g_a": [x], "g_b": [y]}, float(x > 0 and y > 0)) for x in (-1.0, 1.0)
      for y in (-1.0, 1.0)],
    *[("g_a > 0 || g_b > 0", {"g_a": [x], "g_b": [y]}, float(x > 0 or y > 0)) for x in (-1.0, 1.0)
      for y in (-1.0, 1.0)],
    *[("g_a && g_b", {"g_a": [x], "g_b": [y]}, float(bool(x) and bool(y))) for x in (0.0, -3.0) for y in (0.0, 0.5)],
    *[("g_t || g_u", {"g_t": [x], "g_u": [y]}, float(x or y)) for x in (0.0, 1.0) for y in (0.0, 1.0)],
    *[("g_a > 1 ? g_a * 2 : g_b - 1", {"g_a": [x], "g_b": [4.0]}, x * 2 if x > 1 else 3.0) for x in (0.0, 1.0, 3.0)],
    *[("g_a ? 5 : 6", {"g_a": [x]}, 5.0 if x else 6.0) for x in (0.0, -0.5)],
    *[("g_t ? g_a : g_b", {"g_t": [x], "g_a": [7.0], "g_b": [8.0]}, 7.0 if x else 8.0) for x in (0.0, 1.0)],
    *[("abs(g_a)", {"g_a": [x]}, abs(x)) for x in FLOATS],
    *[("saturate(g_a)", {"g_a": [x]}, min(max(x, 0.0), 1.0)) for x in FLOATS],
    *[("sign(g_a)", {"g_a": [x]}, float((x > 0) - (x < 0))) for x in FLOATS],
    *[("clamp(g_a, -1, 2)", {"g_a": [x]}, min(max(x, -1.0), 2.0)) for x in FLOATS],
    *[("step(1, g_a)", {"g_a": [x]}, float(x >= 1)) for x in FLOATS],
    *[("frac(g_a)", {"g_a": [x]}, x - math.floor(x)) for x in FLOATS],
    ("lerp(g_a, g_b, 0.25)", {"g_a": [2.0], "g_b": [6.0]}, 3.0),
    ("g_a / 4", {"g_a": [3.0]}, 0.75),
    ("g_a / g_b", {"g_a": [3.0], "g_b": [-0.5]}, -6.0),
    ("sqrt(g_a)", {"g_a": [16.0]}, 4.0),
    ("sqrt(g_a)", {"g_a": [0.0]}, 0.0),
    ("exp2(g_a)", {"g_a": [3.0]}, 8.0),
    ("log2(g_a)", {"g_a": [8.0]}, 3.0),
    ("dot(g_v, g_v)", {"g_v": [1.0, 2.0, 3.0, 4.0]}, 30.0),
    ("dot(g_v.xyz, float3(1, 0, 2))", {"g_v": [1.0, 2.0, 3.0, 4.0]}, 7.0),
    ("length(g_v.xy)", {"g_v": [3.0, 4.0, 0.0, 0.0]}, 5.0),
    ("distance(g_v.xy, g_v.zw)", {"g_v": [1.0, 1.0, 4.0, 5.0]}, 5.0),
    ("g_v.w", {"g_v": [1.0, 2.0, 3.0, 4.0]}, 4.0),
    ("g_v.yx.y * 2", {"g_v": [1.0, 2.0, 3.0, 4.0]}, 2.0),
    ("any(g_v)", {"g_v": [0.0, 0.0, -1.0, 0.0]}, 1.0),
    ("any(g_v)", {"g_v": [0.0, 0.0, 0.0, 0.0]}, 0.0),
    ("all(g_v.xy)", {"g_v": [1.0, 0.0, 1.0, 1.0]}, 0.0),
    ("all(g_v.xy)", {"g_v": [1.0, 2.0, 0.0, 0.0]}, 1.0),
    ("fmod(g_a, 2)", {"g_a": [-5.5]}, math.fmod(-5.5, 2)),
    ("fmod(g_a, 2)", {"g_a": [5.5]}, math.fmod(5.5, 2)),
    ("(float)(g_i / 4) + K", {"g_i": [-9.0]}, 1.0),
]


@pytest.mark.parametrize("expr,values,expected", EXACT, ids=[f"{e} {v}" for e, v, _x in EXACT])
def test_exact_values(expr, values, expected):
    _st, data = _state_program(expr)
    out, ops = run(data, values)
    assert out[0] == expected


APPROX = [
    *[("sin(g_a)", {"g_a": [x]}, math.sin(x)) for x in (-7.0, -1.0, 0.0, 0.5, 3.0, 20.0)],
    *[("cos(g_a)", {"g_a": [x]}, math.cos(x)) for x in (-7.0, -1.0, 0.0, 0.5, 3.0, 20.0)],
    ("tan(g_a)", {"g_a": [0.7]}, math.tan(0.7)),
    ("exp(g_a)", {"g_a": [1.5]}, math.exp(1.5)),
    ("log(g_a)", {"g_a": [5.0]}, math.log(5.0)),
    ("log10(g_a)", {"g_a": [50.0]}, math.log10(50.0)),
    ("pow(g_a, g_b)", {"g_a": [2.5], "g_b": [1.7]}, 2.5 ** 1.7),
    ("rsqrt(g_a)", {"g_a": [2.0]}, 1 / math.sqrt(2.0)),
    ("rcp(g_a)", {"g_a": [3.0]}, 1 / 3),
    ("asin(g_a) + acos(g_a) + atan(g_a)", {"g_a": [0.3]}, math.asin(0.3) + math.acos(0.3) + math.atan(0.3)),
    ("atan2(g_a, g_b)", {"g_a": [-1.0], "g_b": [-2.0]}, math.atan2(-1.0, -2.0)),
    ("degrees(g_a) + radians(g_b)", {"g_a": [1.0], "g_b": [90.0]}, math.degrees(1.0) + math.pi / 2),
    ("g_a / 3", {"g_a": [1.0]}, 1 / 3),
]


@pytest.mark.parametrize("expr,values,expected", APPROX, ids=[f"{e} {v}" for e, v, _x in APPROX])
def test_approximate_values(expr, values, expected):
    _st, data = _state_program(expr)
    out, _ops = run(data, values)
    assert out[0] == pytest.approx(expected, rel=2e-6, abs=2e-6)


@pytest.mark.parametrize("expr,values,expected", [
    ("g_v.wzyx", {"g_v": [1.0, 2.0, 3.0, 4.0]}, [4.0, 3.0, 2.0, 1.0]),
    ("g_v.xxyy * 2", {"g_v": [1.0, 2.0, 3.0, 4.0]}, [2.0, 2.0, 4.0, 4.0]),
    ("float4(g_a, 0, g_v.yz)", {"g_a": [9.0], "g_v": [1.0, 2.0, 3.0, 4.0]}, [9.0, 0.0, 2.0, 3.0]),
    ("g_a > 0 ? g_v : g_v * -1", {"g_a": [-1.0], "g_v": [1.0, 2.0, 3.0, 4.0]}, [-1.0, -2.0, -3.0, -4.0]),
    ("g_v / g_a", {"g_a": [2.0], "g_v": [1.0, 2.0, 3.0, 4.0]}, [0.5, 1.0, 1.5, 2.0]),
    ("g_a / g_v", {"g_a": [12.0], "g_v": [1.0, 2.0, 3.0, 4.0]}, [12.0, 6.0, 4.0, 3.0]),
    ("floor(g_v * 1.5)", {"g_v": [1.0, -2.0, 3.0, -4.5]}, [1.0, -3.0, 4.0, -7.0]),
    ("step(g_v, 2)", {"g_v": [1.0, 2.0, 3.0, 4.0]}, [1.0, 1.0, 0.0, 0.0]),
    ("g_v < 2.5", {"g_v": [1.0, 2.0, 3.0, 4.0]}, [1.0, 1.0, 0.0, 0.0]),
    ("saturate(g_v - 2)", {"g_v": [1.0, 2.5, 3.0, 4.0]}, [0.0, 0.5, 1.0, 1.0]),
])
def test_vector_values(expr, values, expected):
    st, data = _state_program(expr, "MaterialAmbient")
    out, _ops = run(data, values)
    assert out[:4] == expected
    assert st.value.type.cols == 4


@pytest.mark.parametrize("expr,ptype", [
    ("g_a == 1", "BOOL"), ("g_a != 1", "BOOL"), ("!g_t", "BOOL"), ("g_t && g_u", "BOOL"), ("g_i / 2", "INT"),
    ("g_i % 3", "INT"), ("(int)g_a", "INT"), ("g_a / 2", "FLOAT"), ("g_t ? 1 : 2", "INT"), ("sin(g_a)", "FLOAT"),
])
def test_state_value_type(expr, ptype):
    st, _data = _state_program(expr, "StencilRef")
    assert st.value.type.ptype == D3DXPT[ptype]


@pytest.mark.parametrize("expr", ["g_a / g_b", "floor(g_a)", "ceil(g_a)", "sqrt(g_a)", "(int)g_a", "g_i / g_j",
                                  "sin(g_a)", "g_a == g_b", "g_a ? 1 : 2", "fmod(g_a, g_b)"])
def test_only_the_runtimes_operations(expr):
    """Every opcode is one of the D3DX9 runtime's (div, which it evaluates as 0, never; nor the FX 4 operations
    sqrt 0x112 / floor 0x139 / ceil 0x13A, which session 25 wrote)."""
    _st, data = _state_program(expr)
    _out, ops = run(data, {"g_a": [1.0], "g_b": [2.0], "g_i": [1.0], "g_j": [2.0]})
    assert set(ops) <= set(RUNTIME_OPS) - {0x208}


def test_division_is_rcp_per_component_then_mul():
    """fxc's form (Effect_Expression.fx: ``rcp r1.x, c3.x`` ... ``rcp r1.w, c3.w``, ``mul r2, r0, r1``)."""
    _st, data = _state_program("g_v / g_v", "MaterialAmbient")
    _out, ops = run(data, {"g_v": [1.0, 2.0, 3.0, 4.0]})
    assert ops == [0x103] * 4 + [0x205]


def test_selector_with_integer_division():
    eff = fx2("int n; float4 f(uniform int k) : POSITION { return k; }\n"
              "VertexShader v[3] = { compile vs_2_0 f(0), compile vs_2_0 f(1), compile vs_2_0 f(2) };\n"
              "technique { pass { VertexShader = (v[n / 2]); } }")
    ((data,),) = [(r.data,) for r in eff.resources if r.technique == 0]
    for n in range(6):
        assert run(data[8:], {"n": [float(n)]})[0][0] == n // 2


# --- matrix parameters read by element and by mul ---------------------------------------------------------------
#: an HLSL 3x4 matrix (3 rows, 4 columns) M[i][j] = 10 * (i + 1) + (j + 1), i.e. _11 = 11, _34 = 34
M34 = [[10.0 * (i + 1) + (j + 1) for j in range(4)] for i in range(3)]


def _registers(m: list[list[float]], row_major: bool) -> list[float]:
    """The parameter's float4 registers (D3D9 constant layout: a column-major matrix one column per register,
    a row_major one one row per register; each padded to four components)."""
    lines = m if row_major else [list(c) for c in zip(*m, strict=True)]
    return [x for line in lines for x in [*line, *[0.0] * (4 - len(line))]]


def _matrix_program(decl: str, expr: str, state: str = "FogStart"):
    eff = fx2(f"{decl} float4 g_v; float3 g_w; technique {{ pass {{ {state} = {expr}; }} }}")
    (res,) = [r for r in eff.resources if r.technique == 0]
    return res.data


@pytest.mark.parametrize("major", ["", "row_major "])
@pytest.mark.parametrize("expr,expected", [
    ("g_m._11", [11.0]), ("g_m._34", [34.0]), ("g_m._m12 * 2", [46.0]), ("g_m._21 + g_m._13", [34.0]),
])
def test_matrix_elements(major, expr, expected):
    data = _matrix_program(f"{major}float3x4 g_m;", expr)
    out, _ops = run(data, {"g_m": _registers(M34, bool(major)), "g_v": [0.0] * 4, "g_w": [0.0] * 3})
    assert out[:len(expected)] == expected


@pytest.mark.parametrize("major", ["", "row_major "])
def test_matrix_rows_and_mul(major):
    v = [1.0, -2.0, 0.5, 3.0]  # float4 for mul(M, v): M is 3x4
    w = [2.0, 1.0, -1.0]  # float3 for mul(w, M)
    regs = {"g_m": _registers(M34, bool(major)), "g_v": v, "g_w": w}
    mv = [sum(M34[i][j] * v[j] for j in range(4)) for i in range(3)]
    wm = [sum(w[i] * M34[i][j] for i in range(3)) for j in range(4)]
    for expr, want in [("float4(mul(g_m, g_v), 1)", [*mv, 1.0]), ("mul(g_w, g_m)", wm),
                       ("g_m[1]", M34[1]), ("g_m[2] * g_m._11", [x * 11 for x in M34[2]]),
                       ("float4(g_m._11_22_33, 0)", [11.0, 22.0, 33.0, 0.0])]:
        data = _matrix_program(f"{major}float3x4 g_m;", expr, "MaterialAmbient")
        out, _ops = run(data, regs)
        assert out[:4] == want, expr


def test_matrix_array_element():
    m2 = [[x + 100 for x in row] for row in M34]
    data = _matrix_program("float3x4 g_ms[2];", "g_ms[1]._23 - g_ms[0]._23")
    out, _ops = run(data, {"g_ms": _registers(M34, False) + _registers(m2, False), "g_v": [0.0] * 4,
                           "g_w": [0.0] * 3})
    assert out[0] == 100.0


@pytest.mark.parametrize("src", [
    "float4x4 g_m; technique { pass { WorldTransform[0] = mul(g_m, g_m); } }",
    "float4x4 g_m; technique { pass { FogStart = (g_m * 2)._11; } }",
    "float4x4 g_m; technique { pass { FogStart = transpose(g_m)._11; } }",
])
def test_matrix_values_not_built(src):
    from pyd3d11.errors import NotSupportedError, ShaderCompileError

    with pytest.raises((NotSupportedError, ShaderCompileError)) as ei:
        fx2(src)
    assert "fx_2_0" in str(ei.value)
