"""PRES preshaders generated for the shaders of fx_2_0 effects (shader/sm2/preshader.py, docs/conformance.md
"Session 32, helper PRE").

Each effect is compiled twice: with preshaders (fxc's default inside an effect) and with D3DXSHADER_NO_PRESHADER
(/Op, 0x100). The preshader is run by an evaluator written here from the D3DX9 runtime's definition (Wine
dlls/d3dx9_36/preshader.c, read for its semantics: operations computed in double, temporaries and constants
float32; the scalar form reads input 0's first component for every component; ``dot`` writes one component; rsq
and log of |x|, rsq(0) = +inf, log(0) = 0; min / max as fmin / fmax; cmp selects input 1 where input 0 >= 0; lt /
ge give 1 or 0; ``div`` returns 0), its results written into the shader's float constants (table 4), and both
shaders run on the same random parameters and vertex / pixel inputs by the test interpreter tests/sm2_interp.py:
their outputs must agree to float32 rounding. Structural tests check the block fxc's objects show (PRSI, CLIT,
CTAB, the opcode set) and where no preshader is written (/Op, a stand-alone compile, a shader with nothing
parameter-only).
"""

from __future__ import annotations

import math
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import read_fx2
from pyd3d11.effects.fx2pres import find_preshader, listing, read_program
from pyd3d11.shader.sm2.ctab import RegisterSet, decode_ctab
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

pytestmark = pytest.mark.backend_independent

F = np.float32
NO_PRESHADER = 0x100
_OUTPUT_FILES = {Reg.RASTOUT, Reg.ATTROUT, Reg.TEXCRDOUT, Reg.COLOROUT, Reg.DEPTHOUT}


def _fourcc(text: bytes) -> int:
    return struct.unpack("<I", text)[0]


# --- reading a shader's blocks -----------------------------------------------------------------------------------
def _words(data: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(data) // 4}I", data[: len(data) // 4 * 4]))


def _comments(dw: list[int], i: int) -> dict[int, list[int]]:
    """fourcc -> the comment's words from the fourcc on, for the comment blocks starting at ``i``."""
    out = {}
    while i < len(dw) and dw[i] & 0xFFFF == 0xFFFE:
        n = dw[i] >> 16 & 0x7FFF
        out.setdefault(dw[i + 1], dw[i + 1:i + 1 + n])
        i += 1 + n
    return out


def _shader_ctab(data: bytes):
    return decode_ctab(_comments(_words(data), 1)[_fourcc(b"CTAB")])


def _pres_blocks(data: bytes) -> dict[int, list[int]] | None:
    pres = _comments(_words(data), 1).get(_fourcc(b"PRES"))
    if pres is None:
        return None
    assert pres[1] == 0x46580201  # FX 2.1
    return _comments(pres, 2)


# --- the D3DX9 runtime's preshader machine, from Wine's preshader.c ------------------------------------------------
_OPS = {  # opcode -> (name, inputs, function of the input values)
    0x100: ("mov", 1, lambda a: a), 0x101: ("neg", 1, lambda a: -a),
    0x103: ("rcp", 1, lambda a: math.copysign(math.inf, a) if a == 0 else 1.0 / a),
    0x104: ("frc", 1, lambda a: a - math.floor(a)), 0x105: ("exp", 1, lambda a: 2.0 ** a),
    0x106: ("log", 1, lambda a: 0.0 if a == 0 else math.log2(abs(a))),
    0x107: ("rsq", 1, lambda a: math.inf if a == 0 else 1.0 / math.sqrt(abs(a))),
    0x108: ("sin", 1, math.sin), 0x109: ("cos", 1, math.cos),
    0x10A: ("asin", 1, math.asin), 0x10B: ("acos", 1, math.acos), 0x10C: ("atan", 1, math.atan),
    0x200: ("min", 2, lambda a, b: b if math.isnan(a) else a if math.isnan(b) else min(a, b)),
    0x201: ("max", 2, lambda a, b: b if math.isnan(a) else a if math.isnan(b) else max(a, b)),
    0x202: ("lt", 2, lambda a, b: 1.0 if a < b else 0.0), 0x203: ("ge", 2, lambda a, b: 1.0 if a >= b else 0.0),
    0x204: ("add", 2, lambda a, b: a + b), 0x205: ("mul", 2, lambda a, b: a * b),
    0x206: ("atan2", 2, math.atan2), 0x208: ("div", 2, lambda a, b: 0.0),
    0x300: ("cmp", 3, lambda a, b, c: b if a >= 0 else c),
    0x500: ("dot", 2, None),
}


def _decode_fxlc(words: list[int]) -> list[tuple]:
    """(opcode, components, scalar, inputs, output) per instruction; an operand is (table, component offset), a
    relative one (table, component offset, (index table, index component offset)); the output is never relative
    (Wine refuses it)."""
    pos, out = 1, []
    for _ in range(words[0]):
        token, nin = words[pos], words[pos + 1]
        pos += 2
        ops = []
        for _k in range(nin + 1):
            if words[pos] == 1:  # (1, index table, index offset, table, offset)
                ops.append((words[pos + 3], words[pos + 4], (words[pos + 1], words[pos + 2])))
                pos += 5
                continue
            assert words[pos] == 0, f"relative-addressing flag {words[pos]}"
            ops.append((words[pos + 1], words[pos + 2]))
            pos += 3
        assert len(ops[-1]) == 2, "a relative output"
        out.append(((token >> 20) & 0x7FF, token & 0xFFFF, bool(token >> 31), ops[:-1], ops[-1]))
    assert words[pos:pos + 2] == [0xF0F0F0F0, 0x0F0F0F0F]
    return out


def _parameter_table_size(blocks: dict[int, list[int]]) -> int | None:
    """The runtime's size of the parameter table: one past the last register of the preshader's constant table
    (Wine: update_table_sizes_consts over the table's RegisterIndex + RegisterCount)."""
    if _fourcc(b"CTAB") not in blocks:
        return None
    return max((c.register_index + c.register_count for c in decode_ctab(blocks[_fourcc(b"CTAB")]).constants),
               default=0)


def relative_component(index: float, offset: int, size: int) -> int | None:
    """The component offset a relative read of the parameter table reaches (Wine's exec_get_arg): the index
    register's value rounded to the nearest integer, ties to even (``lrint``), as a 32-bit unsigned register
    count added to the operand's component offset; a register past the table (``size`` registers) wraps modulo
    the power of two at or above the size, and one still past it reads 0 (None here)."""
    base = round(index) & 0xFFFFFFFF  # lrint; a negative index as the unsigned int the runtime keeps it in
    comp = (4 * base + offset) & 0xFFFFFFFF
    reg = comp >> 2
    if reg < size:
        return comp
    wrap = 1
    while wrap < size:
        wrap <<= 1
    reg %= wrap
    return None if reg >= size else 4 * reg + comp % 4


def run_preshader(blocks: dict[int, list[int]], inputs: np.ndarray, outputs: np.ndarray) -> None:
    """Runs the program on ``inputs`` (its constant table's registers, float32 (n, 4)), writing the shader
    constants ``outputs`` (float32 (n, 4)) in place."""
    clit = blocks[_fourcc(b"CLIT")]
    lits = [struct.unpack("<d", struct.pack("<2I", clit[2 + 2 * k], clit[3 + 2 * k]))[0] for k in range(clit[1])]
    temps = np.zeros(4 * 64, F)
    ins_flat, out_flat = inputs.reshape(-1), outputs.reshape(-1)
    size = _parameter_table_size(blocks)
    size = len(inputs) if size is None else size

    def read(table: int, off: int, rel: tuple[int, int] | None = None) -> float:
        if rel is not None:
            assert table == 2, "a relative read of a table other than the parameters'"
            comp = relative_component(read(*rel), off, size)
            return 0.0 if comp is None else float(ins_flat[comp])
        if table == 1:
            return lits[off]
        if table == 2:
            return float(ins_flat[off])
        if table == 4:
            return float(out_flat[off])
        assert table == 7, f"table {table}"
        return float(temps[off])

    def write(table: int, off: int, v: float) -> None:
        (out_flat if table == 4 else temps)[off] = F(v)  # float32 registers
        assert table in (4, 7)

    for opcode, comps, scalar, ins, (otable, ooff) in _decode_fxlc(blocks[_fourcc(b"FXLC")][1:]):
        name, nin, fn = _OPS[opcode]
        assert len(ins) == nin and 1 <= comps <= 4
        def arg(j: int, k: int, ins=ins, scalar=scalar) -> float:  # component k of input j (scalar form: its first)
            t, o, *rel = ins[j]
            return read(t, o if scalar and j == 0 else o + k, *rel)

        if name == "dot":
            a = [arg(0, k) for k in range(comps)]
            b = [arg(1, k) for k in range(comps)]
            write(otable, ooff, sum(x * y for x, y in zip(a, b, strict=True)))
            continue
        assert ooff // 4 == (ooff + comps - 1) // 4, "an output spanning two registers (Wine refuses it)"
        vals = [fn(*(arg(j, k) for j in range(len(ins)))) for k in range(comps)]
        for k, v in enumerate(vals):
            write(otable, ooff + k, v)


# --- compiling and running ---------------------------------------------------------------------------------------
def shaders(src: str, flags: int = 0) -> list[bytes]:
    eff = read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", flags).GetBufferPointer()))
    return [r.data for r in eff.resources if r.data[2:4] in (b"\xfe\xff", b"\xff\xff")]


def _values(names_types: dict[str, int], seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    out = {}
    for name, typ in sorted(names_types.items()):
        if typ == 1:  # bool
            out[name] = rng.integers(0, 2, (256, 4)).astype(F)
        elif typ == 2:  # int
            out[name] = rng.integers(-3, 4, (256, 4)).astype(F)
        else:
            out[name] = rng.uniform(-2, 2, (256, 4)).astype(F)
    return out


def _load(table, values: dict, consts: np.ndarray, iconsts: dict, bconsts: dict) -> None:
    for c in table.constants:
        v = values[c.name]
        for i in range(c.register_count):
            if c.register_set == RegisterSet.FLOAT4:
                consts[c.register_index + i] = v[i]
            elif c.register_set == RegisterSet.INT4:
                iconsts[c.register_index + i] = [int(v[i][0]) % 4, 0, 1, 0]
            elif c.register_set == RegisterSet.BOOL:
                bconsts[c.register_index + i] = bool(v[i][0])


def _sample(s: int, coords: np.ndarray, controls, *grads) -> np.ndarray:
    x, y = coords[:, 0], coords[:, 1]
    return np.stack([np.sin(3 * x + s), np.cos(2 * y), x * y, F(0.5) + 0 * x], axis=1).astype(F)


def execute(data: bytes, values: dict, inputs: dict, n: int) -> dict:
    """The shader's outputs: its constants from ``values`` by its CTAB, its preshader (if any) run first."""
    table = _shader_ctab(data)
    consts, iconsts, bconsts = np.zeros((256, 4), F), {}, {}
    _load(table, values, consts, iconsts, bconsts)
    blocks = _pres_blocks(data)
    if blocks is not None:
        pres_ctab = decode_ctab(blocks[_fourcc(b"CTAB")])
        pres_in = np.zeros((256, 4), F)
        _load(pres_ctab, values, pres_in, {}, {})
        run_preshader(blocks, pres_in, consts)
    prog = decode_program(data)
    m = Sm2Machine(prog, n, dict(inputs), consts, _sample, iconsts, bconsts).run()
    return {k: v for k, v in m.regs.items() if k[0] in _OUTPUT_FILES}


def _input_registers(data: bytes) -> list[tuple[int, int]]:
    prog = decode_program(data)
    return [(i.dst.reg, i.dst.num) for i in prog.instructions
            if i.op == "dcl" and i.dst is not None and i.dst.reg in (Reg.INPUT, TEXTURE)]


def _names_types(*datas: bytes) -> dict[str, int]:
    out = {}
    for d in datas:
        tables = [_shader_ctab(d)]
        blocks = _pres_blocks(d)
        if blocks is not None:
            tables.append(decode_ctab(blocks[_fourcc(b"CTAB")]))
        for t in tables:
            for c in t.constants:
                out[c.name] = c.type.type
    return out


def assert_same_results(src: str, seeds=(1, 2, 3), n: int = 16) -> list[bytes]:
    """Every shader of the effect gives the same outputs with its preshader as without; returns the shaders
    compiled with preshaders."""
    with_pres, without = shaders(src), shaders(src, NO_PRESHADER)
    assert len(with_pres) == len(without)
    for a, b in zip(with_pres, without, strict=True):
        # the shader with its preshader is a valid D3D9 program (read ports, texld coordinates, registers read
        # after they are written: a moved value read beside per-vertex ones is put back first)
        ints = {c.register_index for c in _shader_ctab(a).constants if c.register_set == RegisterSet.INT4}
        assert validate(decode_program(a), ints) == []
        names = _names_types(a, b)
        for seed in seeds:
            rng = np.random.default_rng(100 + seed)
            inputs = {r: rng.uniform(-2, 2, (n, 4)).astype(F) for r in _input_registers(b)}
            values = _values(names, seed)
            got, want = execute(a, values, inputs, n), execute(b, values, inputs, n)
            assert got.keys() == want.keys()
            for k in want:
                np.testing.assert_allclose(got[k], want[k], rtol=2e-4, atol=2e-4, equal_nan=True, err_msg=str(k))
    return with_pres


# --- programs ------------------------------------------------------------------------------------------------------
HEADER = """
float4x4 W; float4x4 VP; float4 Amb; float4 MatAmb; float t; float3 L; float4 Diff;
float4 a; float4 b; float k; float m; int n; bool flag; float4 arr[16]; float4x4 mats[3];
texture tex; sampler S = sampler_state { Texture = <tex>; };
struct VO { float4 p : POSITION; float4 d : COLOR0; float2 uv : TEXCOORD0; };
"""


def _vs(body: str, profile: str = "vs_2_0") -> str:
    return HEADER + ("VO f(float4 p : POSITION, float3 nrm : NORMAL, float2 uv : TEXCOORD0) { VO o; "
                     f"{body} return o; }}\ntechnique T {{ pass P {{ VertexShader = compile {profile} f(); }} }}")


def _ps(body: str, profile: str = "ps_2_0") -> str:
    return HEADER + ("float4 f(float2 uv : TEXCOORD0, float4 c : COLOR0) : COLOR { "
                     f"{body} }}\ntechnique T {{ pass P {{ PixelShader = compile {profile} f(); }} }}")


BASIC_VS = _vs("float4 q = p + float4(nrm, 0) * (sin(t + 5.5) + 0.5) * 5; o.p = mul(q, mul(W, VP));"
               " float3 nw = normalize(mul(nrm, (float3x3)W));"
               " o.d.rgb = Diff.rgb * max(0, dot(nw, normalize(L))) + MatAmb.rgb * Amb.rgb; o.d.a = 1; o.uv = uv;")

PROGRAMS = {
    "basic_vs": BASIC_VS,
    "arith_ps": _ps("float4 mm = a * b + k; float s = saturate(k * 0.5 + a.x);"
                    " return c * mm / (b.y + 2) + s * lerp(a, b, k) + pow(abs(a.z) + 1, b.w);"),
    "compare_ps": _ps("float4 v = a.x > b.x ? a : b; float f = (k >= 0.5) ? 1 : -1;"
                      " return c * v * f + step(a, b) + frac(a * 3) + min(a, b) + max(a, k);"),
    "transcendental_ps": _ps("return c * (exp2(b.x) + log2(abs(a.y) + 1) + rsqrt(abs(b.z) + 1)) + abs(a)"
                             " + sqrt(abs(b)) * c.x;"),
    "mixed_registers_vs": _vs("float4 q; q.xy = p.xy * 2; q.zw = a.zw * b.zw + k; o.p = q * m + p;"
                              " o.d = p * (a * b) + b * k; o.uv = uv * a.xy;"),
    "texcoord_ps": _ps("return tex2D(S, a.xy * b.xy + k) * c + tex2D(S, uv + a.zw * m);"),
    "dots_ps": _ps("return c * dot(a.xyz, b.zyx) + dot(a, b) + dot(a.xy, b.yx) * c.y;"),
    "trig_vs": _vs("o.p = p * sin(k) + cos(a.x) * float4(nrm, 1); o.d = sin(b * m); o.uv = uv + cos(m);"),
    "unrolled_vs": _vs("float4 s = 0; for (int i = 0; i < 3; i++) s += a * (i + k) * p + b * i;"
                       " o.p = s; o.d = a * m; o.uv = uv;"),
    "bool_branch_vs": _vs("float4 r = a * b; if (flag) r = p * k; o.p = r + p; o.d = a + b * m; o.uv = uv;"),
    "matrix_vs": _vs("float4x4 M = mul(W, VP); o.p = mul(p, M); o.d = mul(a, W) * k; o.uv = uv;"),
    "scalars_vs_2_a": _vs("o.p = p * (k * m + 1) + a.x * b.y; o.d = (a + 1) / (abs(b) + 1); o.uv = uv * k;",
                          "vs_2_a"),
    "ps_2_a": _ps("return c * (a * b + k) / (abs(m) + 1) + tex2D(S, uv * (k + 1));", "ps_2_a"),
    "ps_3_0": _ps("return c * (a * b + k) / (abs(m) + 1) + frac(a * m);", "ps_3_0"),
    "vs_3_0": _vs("o.p = mul(p, mul(W, VP)); o.d = a * k + b; o.uv = uv * m;", "vs_3_0"),
    "comparisons_vs": _vs("o.p = p * (float4)(a < b) + (float4)(b >= k) + (float4)(int4)(a * 3); o.d = p;"
                          " o.uv = uv;"),
    # flow control kept: a value moved before the block and written in it is put back before the block
    "rep_vs": _vs("float4 s = a * b; for (int i = 0; i < n; i++) s = s * k + p; o.p = s; o.d = a; o.uv = uv;"),
    "branch_ps_3_0": _ps("float4 r = a * b; if (flag) r = tex2D(S, uv) * k; return r + c;", "ps_3_0"),
    # a value put back inside a branch is not in its register after the block (the branch may not run)
    "put_back_in_branch_ps_3_0": _ps("float4 u = a * b + k; float4 r = c; if (flag) r = tex2D(S, u.xy) * m;"
                                     " return r + tex2D(S, u.xy);", "ps_3_0"),
    "put_back_in_branch_2_ps_3_0": _ps("float4 u = a * b + k; float4 r = c; if (flag) r = tex2D(S, uv) * u + a;"
                                       " return r + u * c;", "ps_3_0"),
    # relative reads (vs: c#[a0.x]) at an index of parameters move (fxc's Effect_ArrayIndex ``mov c0, c0[c10.x]``);
    # the int n is -3..3 here, so every index is inside its array (HLSL leaves one outside undefined)
    "relative_vs": _vs("o.p = p + arr[n + 3]; o.d = arr[n + 4] * k + mats[1][2]; o.uv = uv;"),
    # an index from moved code: the relative operand's index is a preshader temporary (fxc's Effect_Structs
    # ``c0[r0.x]``); matrices: an element of four registers
    "relative_temp_index_vs": _vs("o.p = p + arr[n * 2 + 7] * arr[n + n + 6]; o.d = mul(a, mats[clamp(n, 0, 2)]);"
                                  " o.uv = uv;"),
    # float indices between elements: HLSL's conversion to int truncates them before the read (k, m in -2..2)
    "relative_between_vs": _vs("o.p = p * arr[k * 2 + 4]; o.d = arr[m * 3 + 7] + arr[(k + 2) * 3.5]; o.uv = uv;"),
    # a relative read beside a vertex input stays: its mova is put back, reading the moved index
    "relative_stays_vs": _vs("o.p = p * arr[n * 2 + 7]; o.d = mul(p, mats[clamp(n + 1, 0, 2)]) * k; o.uv = uv;"),
    # code inside flow control: a loop's parameter-only body moves, read at each iteration as a constant
    "loop_body_vs": _vs("float4 s = p; for (int i = 0; i < n; i++) s += a * b * k + p; o.p = s; o.d = a;"
                        " o.uv = uv;"),
    # a value the loop computes and the code after it reads: put back before the loop's end and its break
    "loop_break_vs_3_0": _vs("float4 s = 0; float4 u = 0; for (int i = 0; i < n; i++) { u = a * m + b;"
                             " s += u * p; if (s.x > 1) break; } o.p = s; o.d = u; o.uv = uv;", "vs_3_0"),
    "loop_relative_vs": _vs("float4 s = p; for (int i = 0; i < n; i++) s += arr[k * 2 + 4] * p + arr[m + 5] * k;"
                            " o.p = s; o.d = a; o.uv = uv;"),
    # a parameter's component in a vector built from parts (fxc's skybox: color.a = g_fAlpha)
    "vector_parts_ps": _ps("float4 r = tex2D(S, uv) * k; r.a = m; return r;"),
    # the parameter lanes of an output whose other lanes stay (fxc's SHIrradianceEnvMap: Diffuse.a = 1;
    # Diffuse *= MaterialDiffuseColor)
    "output_lanes_vs": _vs("o.p = p; o.d.rgb = p.xyz * nrm; o.d.a = 1; o.d *= Diff; o.uv = uv;"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_preshader_and_shader_compute_what_the_shader_alone_computes(name):
    with_pres = assert_same_results(PROGRAMS[name])
    assert any(_pres_blocks(d) is not None for d in with_pres), "no preshader written"


#: fxc's forms that need as many slots as the shader alone: the parameter copied through the preshader (skybox) and
#: an output's lanes moved apart (SHIrradianceEnvMap)
_SAME_COST = {"vector_parts_ps", "output_lanes_vs"}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_preshader_costs_no_instruction_slots(name):
    """A preshader is kept only where the shader needs no more instruction slots with it (inferred rule); these
    programs all need fewer, but for fxc's forms of the same cost."""
    from pyd3d11.shader.sm2.profile import count_slots

    for a, b in zip(shaders(PROGRAMS[name]), shaders(PROGRAMS[name], NO_PRESHADER), strict=True):
        if _pres_blocks(a) is not None:
            ours, alone = count_slots(decode_program(a))[0], count_slots(decode_program(b))[0]
            assert ours <= alone if name in _SAME_COST else ours < alone


# --- the block's form ----------------------------------------------------------------------------------------------
def _outputs_written(blocks) -> set[int]:
    return {o[1] // 4 for _op, _c, _s, _i, o in _decode_fxlc(blocks[_fourcc(b"FXLC")][1:]) if o[0] == 4}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_block_has_fxcs_form(name):
    for data in shaders(PROGRAMS[name]):
        blocks = _pres_blocks(data)
        if blocks is None:
            continue
        # the comments in fxc's order: CTAB, PRSI, CLIT, FXLC, then the end token
        pres = _comments(_words(data), 1)[_fourcc(b"PRES")]
        order, i = [], 2
        while pres[i] & 0xFFFF == 0xFFFE:
            order.append(pres[i + 1])
            i += 1 + (pres[i] >> 16)
        assert order == [_fourcc(x) for x in (b"CTAB", b"PRSI", b"CLIT", b"FXLC")]
        assert pres[i:] == [0x0000FFFF]
        ctab = decode_ctab(blocks[_fourcc(b"CTAB")])
        assert (ctab.version, ctab.target, ctab.flags) == (0x46580201, "tx", 0x20000100)
        assert blocks[_fourcc(b"CLIT")][1] % 4 == 0  # Wine refuses another literal count
        code = _decode_fxlc(blocks[_fourcc(b"FXLC")][1:])
        assert {op for op, *_ in code} <= set(_OPS) - {0x208}  # the runtime's operations, never div
        # temporaries reused as fxc's are (its 60 preshaders use r0-r6)
        assert all(o[1] < 4 * 7 for *_x, ins, out in code for o in (*ins, out) if o[0] == 7)
        # PRSI: first output, 0, 0, span, 0, 0, runs, (first, count) per run, 0, 0 (all 60 of fxc's corpus)
        outs = sorted(_outputs_written(blocks))
        runs: list[list[int]] = []
        for r in outs:
            if runs and sum(runs[-1]) == r:
                runs[-1][1] += 1
            else:
                runs.append([r, 1])
        assert blocks[_fourcc(b"PRSI")][1:] == [outs[0], 0, 0, outs[-1] - outs[0] + 1, 0, 0, len(runs),
                                                *(x for run in runs for x in run), 0, 0]
        # the outputs are registers of their own: no parameter of the shader, no def constant
        held = {c.register_index + k for c in _shader_ctab(data).constants
                if c.register_set == RegisterSet.FLOAT4 for k in range(c.register_count)}
        defs = {i.dst.num for i in decode_program(data).instructions if i.op == "def"}
        assert not set(outs) & (held | defs)
        # the project's reader lists it as fxc's listings do
        lines = listing(read_program(find_preshader(data)))
        assert lines[0] == "preshader" and len(lines) == 1 + len(code)


def test_parameters_only_the_preshader_reads_leave_the_shaders_table():
    """BasicHLSL's g_fTime (sin(g_fTime + 5.5) + 0.5) is in fxc's preshader table, not in its shader's."""
    (with_pres,), (without,) = shaders(BASIC_VS), shaders(BASIC_VS, NO_PRESHADER)
    names = {c.name for c in _shader_ctab(with_pres).constants}
    pres_names = {c.name for c in decode_ctab(_pres_blocks(with_pres)[_fourcc(b"CTAB")]).constants}
    assert "t" in {c.name for c in _shader_ctab(without).constants}
    assert "t" not in names and "t" in pres_names
    assert {"MatAmb", "Amb"} <= pres_names


def test_no_preshader_flag_keeps_every_instruction():
    for data in shaders(BASIC_VS, NO_PRESHADER):
        assert _pres_blocks(data) is None and find_preshader(data) is None
        assert _shader_ctab(data).flags & 0x100


def test_effect_shaders_carry_fxcs_table_flags():
    """fxc's effect shaders: CTAB flags 0x20000000 (all 248 of the corpus), stand-alone ones 0x100."""
    (data,) = shaders(BASIC_VS)
    assert _shader_ctab(data).flags == 0x20000000


def test_nothing_parameter_only_no_preshader():
    src = _ps("return c * a + tex2D(S, uv);")
    (data,) = shaders(src)
    assert _pres_blocks(data) is None


def test_a_stand_alone_compile_has_no_preshader():
    src = HEADER + "float4 f(float4 p : POSITION) : POSITION { return p * (a * b + k); }"
    blob = bytes(D3DCompile(src, len(src), "t.hlsl", None, None, "f", "vs_2_0").GetBufferPointer())
    assert _pres_blocks(blob) is None and _shader_ctab(blob).flags & 0x100


def test_the_evaluator_follows_the_runtime():
    """The test machine itself, on words written by hand: scalar form, dot, cmp, div = 0, float32 results."""
    lit = [2.0, 0.1, 0.0, 0.0]
    clit = [_fourcc(b"CLIT"), 4, *(w for x in lit for w in struct.unpack("<2I", struct.pack("<d", x)))]

    def ins(op, comps, scalar, ins_, out):
        return [op << 20 | comps | (1 << 31 if scalar else 0), len(ins_),
                *(w for t, o in (*ins_, out) for w in (0, t, o))]

    code = [*ins(0x205, 4, True, [(1, 0), (2, 0)], (7, 0)),  # r0 = 2 * c0 (scalar literal)
            *ins(0x500, 3, False, [(2, 0), (2, 4)], (4, 0)),  # o0.x = dot(c0.xyz, c1.xyz)
            *ins(0x300, 1, False, [(2, 1), (1, 1), (7, 0)], (4, 1)),  # o0.y = c0.y >= 0 ? 0.1 : r0.x
            *ins(0x208, 1, False, [(2, 0), (2, 4)], (4, 2))]  # div: 0
    fxlc = [_fourcc(b"FXLC"), 4, *code, 0xF0F0F0F0, 0x0F0F0F0F]
    inputs = np.array([[1, -1, 3, 0], [2, 2, 2, 0]], F)
    outputs = np.full((1, 4), 9, F)
    run_preshader({_fourcc(b"CLIT"): clit, _fourcc(b"FXLC"): fxlc}, inputs, outputs)
    assert outputs[0].tolist() == [6.0, 2.0, 0.0, 9.0]
    outputs[0, 1] = 5
    inputs[0, 1] = 1
    run_preshader({_fourcc(b"CLIT"): clit, _fourcc(b"FXLC"): fxlc}, inputs, outputs)
    assert outputs[0, 1] == F(0.1)


# --- a real program: the DirectX SDK's BasicHLSL.fx (fxc's object has a 9-instruction preshader) ---------------
_MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")


@pytest.mark.skipif(not _MIRROR.exists(), reason="the DXDecompiler mirror is not on this machine")
def test_basic_hlsl_runs_as_without_preshader():
    path = "src/DXDecompiler.Tests/ShadersDX9/Sdk/Direct3D/BasicHLSL/BasicHLSL.fx"
    src = subprocess.run(["git", "--git-dir", str(_MIRROR), "show", f"7b48f44^:{path}"], check=True,
                         capture_output=True).stdout.decode("latin-1")
    with_pres = assert_same_results(src, seeds=(1,), n=8)
    # fxc moves g_MaterialAmbientColor * g_LightAmbient out of every vertex shader, and sin(g_fTime + 5.5) + 0.5
    # out of the three animated ones (RenderSceneVS(n, true, true); the fourth passes bAnimate false)
    vertex = [d for d in with_pres if d[2:4] == b"\xfe\xff"]
    assert len(vertex) == 4 and all(_pres_blocks(d) is not None for d in vertex)
    timed = 0
    for d in vertex:
        pres_names = {c.name for c in decode_ctab(_pres_blocks(d)[_fourcc(b"CTAB")]).constants}
        assert {"g_MaterialAmbientColor", "g_LightAmbient"} <= pres_names
        assert "g_fTime" not in {c.name for c in _shader_ctab(d).constants}
        timed += "g_fTime" in pres_names
    assert timed == 3


# --- the moving rule on hand-written programs (shader/sm2/preshader.hoist) ---------------------------------------
def _hoist(body):
    from pyd3d11.shader.sm2.peephole import _swizzle
    from pyd3d11.shader.sm2.preshader import hoist

    return hoist(body, {}, {0, 1}, 10, lambda srcs: sum(s.reg == Reg.CONST for s in srcs) <= 1,
                 lambda lanes: _swizzle(lanes, True))


def _texld(dst: int, coord: int):
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    return Inst("texld", Dst(Reg.TEMP, dst, 0xF), [Src(Reg.TEMP, coord), Src(Reg.SAMPLER, 0)])


def test_a_value_put_back_inside_a_branch_is_put_back_again_after_it():
    """mul r0, c0, c1 moves; texld reads r0 (no constant there) inside ``if b0`` and after ``endif``: the mov
    that puts r0 back inside the branch does not run when the branch is skipped, so another follows endif."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    body = [Inst("mul", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.CONST, 0), Src(Reg.CONST, 1)]),
            Inst("if", None, [Src(Reg.CONSTBOOL, 0)]), _texld(1, 0), Inst("endif"), _texld(2, 0),
            Inst("add", Dst(Reg.COLOROUT, 0, 0xF), [Src(Reg.TEMP, 1), Src(Reg.TEMP, 2)])]
    out, plan = _hoist(body)
    ops = [(i.op, i.dst.reg if i.dst is not None else None, i.dst.num if i.dst is not None else None) for i in out]
    assert ops == [("if", None, None), ("mov", Reg.TEMP, 0), ("texld", Reg.TEMP, 1), ("endif", None, None),
                   ("mov", Reg.TEMP, 0), ("texld", Reg.TEMP, 2), ("add", Reg.COLOROUT, 0)]
    assert [s.op for s in plan.steps] == ["mul"] and len(plan.outputs) == 1


def test_a_value_a_loop_overwrites_is_put_back_before_it():
    """rep: the second iteration reads what the first wrote, so the moved value is in r0 before the loop."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    body = [Inst("mul", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.CONST, 0), Src(Reg.CONST, 1)]),
            Inst("rep", None, [Src(Reg.CONSTINT, 0)]),
            Inst("add", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.TEMP, 0), Src(Reg.INPUT, 0)]), Inst("endrep"),
            Inst("mov", Dst(Reg.RASTOUT, 0, 0xF), [Src(Reg.TEMP, 0)])]
    out, _plan = _hoist(body)
    assert [i.op for i in out] == ["mov", "rep", "add", "endrep", "mov"]
    assert out[0].dst.reg == Reg.TEMP and out[0].srcs[0].reg == Reg.CONST and out[0].srcs[0].num == 10
    assert out[2].srcs[0].reg == Reg.TEMP  # read in the loop from its register, not the constant


def test_an_instruction_reading_a_vertex_input_stays():
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    body = [Inst("mul", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.CONST, 0), Src(Reg.INPUT, 0)]),
            Inst("mov", Dst(Reg.RASTOUT, 0, 0xF), [Src(Reg.TEMP, 0)])]
    assert _hoist(body) is None


# --- listings: D3DDisassemble prints the preshader before the shader, as fxc's /Fc listing does -----------------
def test_disassembly_prints_the_preshader_first():
    from pyd3d11.d3dcompiler import D3DDisassemble

    (data,) = shaders(BASIC_VS)
    text = bytes(D3DDisassemble(data, len(data), 0, None).GetBufferPointer()).decode().rstrip("\0")
    lines = text.splitlines()
    assert lines[:2] == ["//", "// Generated by Microsoft (R) HLSL Shader Compiler 10.1"]
    first = lines.index("    preshader")
    count = next(n for n in range(first, len(lines)) if lines[n].startswith("// approximately"))
    assert lines[count] == f"// approximately {count - first - 2} instructions used"
    assert "    vs_2_0" in lines[count:]


def _asm_blocks(text: str) -> list[list[str]]:
    lines, blocks, i = text.splitlines(), [], 0
    while i < len(lines):
        if lines[i].strip() == "asm {":
            ind, j = len(lines[i]) - len(lines[i].lstrip()), i + 1
            while lines[j].strip() != "};":
                j += 1
            blocks.append([ln[ind:] for ln in lines[i + 1:j]])
            i = j
        i += 1
    return blocks


@pytest.mark.skipif(not _MIRROR.exists(), reason="the DXDecompiler mirror is not on this machine")
def test_fxcs_preshaders_disassemble_as_its_listings():
    """The preshaders of fxc's objects in the corpus (60) print as fxc's /Fc listings print them: the preshader's
    table, ``preshader``, the instructions and the count, line for line -- all but the four of ConfigSystem's
    vs_1_1 shaders (shader model 1 is not decoded) and Effect_Structs' two, whose tables hold struct parameters
    (fxc spells their members out in the Parameters section; ctab.format_ctab prints ``struct name;``)."""
    from pyd3d11.shader.sm2.disasm import d3d9_listing

    rev, root = "7b48f44^", "src/DXDecompiler.Tests/ShadersDX9"

    def git(*args: str) -> bytes:
        return subprocess.run(["git", "--git-dir", str(_MIRROR), *args], check=True, capture_output=True).stdout

    names = git("ls-tree", "-r", "--name-only", rev, root).decode().split()
    seen = equal = model1 = 0
    for obj in (n for n in names if n.endswith(".o") and n[:-2] + ".asm" in names):
        try:
            eff = read_fx2(git("show", f"{rev}:{obj}"))
        except ValueError:
            continue
        blocks = _asm_blocks(git("show", f"{rev}:{obj[:-2]}.asm").decode("latin-1"))
        for d in [r.data for r in eff.resources] + list(eff.blobs.values()):
            if len(d) < 4 or d[2:4] not in (b"\xfe\xff", b"\xff\xff") or find_preshader(d) is None:
                continue
            seen += 1
            if d[1] == 1:  # vs_1_1
                model1 += 1
                continue
            ours = d3d9_listing(d).splitlines()
            end = next(n for n, ln in enumerate(ours) if ln.startswith("// approximately")) + 1
            equal += any(b[:end] == ours[:end] for b in blocks)
    assert (seen, model1, equal) == (60, 4, 54)


# --- outputs written with parameter values; the constant registers running out -------------------------------------
def test_an_output_of_parameter_values_comes_from_the_preshader():
    """fxc's ShadowVolume ``return float4(g_vShadowColor.xyz, 0.1)``: the preshader ``mov c0.xyz, c0.xyz`` /
    ``mov c0.w, (0.100000001)``, the shader ``mov oC0, c0`` and no parameter in its table."""
    src = ("float4 g_vShadowColor; float4 f() : COLOR { return float4(g_vShadowColor.xyz, 0.1); }\n"
           "technique T { pass P { PixelShader = compile ps_2_0 f(); } }")
    (data,) = shaders(src)
    assert listing(read_program(find_preshader(data))) == ["preshader", "mov c0.xyz, c0.xyz",
                                                           "mov c0.w, (0.100000001)"]
    insts = [i for i in decode_program(data).instructions if i.op not in ("comment", "dcl")]
    assert [(i.op, i.dst.reg, i.srcs[0].reg, i.srcs[0].num) for i in insts] == [("mov", Reg.COLOROUT, Reg.CONST, 0)]
    assert _shader_ctab(data).constants == []
    assert_same_results(src)


def test_outputs_that_do_not_fit_the_constant_registers_leave_the_code_in_the_shader():
    """ps_2_0 has 32 float constants: 30 taken by A, the four values of a and b would need four registers where
    a and b took two (X4507 with the preshader), so the shader computes them itself."""
    src = ("float4 A[30]; float4 a; float4 b;\nfloat4 f(float4 c : COLOR0) : COLOR { float4 s = c;"
           " for (int i = 0; i < 30; i++) s += A[i] * c.x;"
           " return s * (a * b) + (a + b) * c.y + (a * b.yzwx) * c.z + (b - a) * c.w; }\n"
           "technique T { pass P { PixelShader = compile ps_2_0 f(); } }")
    (data,) = shaders(src)
    assert _pres_blocks(data) is None and _shader_ctab(data).flags == 0x20000000


def test_a_moved_value_beside_another_constant_is_put_back_in_its_register():
    """"Registers - vs_2_0": one constant register per instruction. mad reads the moved r0 beside c5: r0 is put
    back (mov r0, c10) rather than read as c10, as fxc's BasicHLSL does (mov r1.xyz, c10 before its mad)."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    body = [Inst("mul", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.CONST, 0), Src(Reg.CONST, 1)]),
            Inst("mad", Dst(Reg.ATTROUT, 0, 0xF), [Src(Reg.TEMP, 0), Src(Reg.CONST, 5), Src(Reg.INPUT, 0)])]
    out, _plan = _hoist(body)
    assert [(i.op, i.dst.reg, [s.reg for s in i.srcs]) for i in out] == [
        ("mov", Reg.TEMP, [Reg.CONST]), ("mad", Reg.ATTROUT, [Reg.TEMP, Reg.CONST, Reg.INPUT])]
    body[1] = Inst("mad", Dst(Reg.ATTROUT, 0, 0xF), [Src(Reg.TEMP, 0), Src(Reg.INPUT, 1), Src(Reg.INPUT, 0)])
    out, _plan = _hoist(body)
    assert [(i.op, [(s.reg, s.num) for s in i.srcs]) for i in out] == [
        ("mad", [(Reg.CONST, 10), (Reg.INPUT, 1), (Reg.INPUT, 0)])]


def test_a_register_bound_parameter_is_no_preshader_input():
    """fxc's NdotL (LightsDir : register(c10) times g_mWorldInv) and Instancing (g_BoxInstance_Position :
    register(c13)) keep that code in their shaders: the application may set a bound register itself (D3DX9's
    pSkipConstants must be register-bound)."""
    src = ("float4 a : register(c10); float4 b; float4 d;\n"
           "float4 f(float4 p : POSITION) : POSITION { return p * (a * b) + p.x * (b * d); }\n"
           "technique T { pass P { VertexShader = compile vs_2_0 f(); } }")
    (data,) = shaders(src)
    pres = decode_ctab(_pres_blocks(data)[_fourcc(b"CTAB")])
    assert {c.name for c in pres.constants} == {"b", "d"}
    assert {c.name for c in _shader_ctab(data).constants} >= {"a", "b"}
    assert_same_results(src)


def test_a_replicated_operation_is_computed_once():
    """rcp r0.xy, c0.x: both components are the same reciprocal -- one 1-component rcp, read by both lanes; the
    one value is an output register's .x, read with the replicate swizzle (fxc's scalar outputs: 41 of the
    corpus's single-component outputs are at .x, the others are parts of vectors)."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    body = [Inst("rcp", Dst(Reg.TEMP, 0, 0x3), [Src(Reg.CONST, 0, (0, 0, 0, 0))]),
            Inst("mul", Dst(Reg.ATTROUT, 0, 0x3), [Src(Reg.TEMP, 0), Src(Reg.INPUT, 0)])]
    out, plan = _hoist(body)
    assert [(s.op, s.comps) for s in plan.steps] == [("rcp", 1)]
    assert plan.outputs == [[plan.steps[0].output, None, None, None]]
    assert (out[0].srcs[0].reg, out[0].srcs[0].num, out[0].srcs[0].swizzle) == (Reg.CONST, 10, (0, 0, 0, 0))


# --- relative reads (session 34, helper FXPRE) ------------------------------------------------------------------
def _code(data: bytes) -> list[str]:
    from pyd3d11.shader.sm2.disasm import instruction_text

    prog = decode_program(data)
    return [instruction_text(i, prog.kind).strip() for i in prog.instructions
            if i.op not in ("comment", "dcl", "def", "defi", "defb")]


def test_a_relative_read_at_a_parameter_index_is_fxcs_effect_array_index():
    """fxc's Effect_ArrayIndex (DXDecompiler ShadersDX9/Internal): ``oPos = 0; oPos += array[index];`` is the
    preshader ``mov c0, c0[c10.x]`` (array c0, 10 registers; index c10) and the shader ``mov oPos, c0``."""
    src = ("float4 array[10];\nint index;\nvoid VertScene(out float4 oPos : POSITION) { oPos = 0; "
           "oPos += array[index]; }\ntechnique RenderScene { pass P0 { VertexShader = compile vs_2_0 VertScene(); } }")
    (data,) = shaders(src)
    assert listing(read_program(find_preshader(data))) == ["preshader", "mov c0, c0[c10.x]"]
    assert _code(data) == ["mov oPos, c0"]
    table = decode_ctab(_pres_blocks(data)[_fourcc(b"CTAB")])
    assert [(c.name, c.register_index, c.register_count) for c in table.constants] == [("array", 0, 10),
                                                                                        ("index", 10, 1)]
    assert_same_results(src)


@pytest.mark.parametrize(("name", "index_table"), [("relative_vs", 7), ("relative_temp_index_vs", 7),
                                                   ("relative_between_vs", 7), ("loop_relative_vs", 7)])
def test_relative_reads_move_with_their_index(name, index_table):
    """The moved read is a relative operand of the parameter table (2) indexed by a preshader temporary (table 7:
    fxc's Effect_Structs ``c0[r0.x]``; by a parameter, table 2: the Effect_ArrayIndex test above)."""
    (data,) = shaders(PROGRAMS[name])
    code = _decode_fxlc(_pres_blocks(data)[_fourcc(b"FXLC")][1:])
    rel = [o for *_x, ins, _out in code for o in ins if len(o) == 3]
    assert rel and all(o[0] == 2 for o in rel) and index_table in {o[2][0] for o in rel}


def test_a_relative_read_beside_a_vertex_input_keeps_its_mova():
    """``p * arr[n * 2 + 7]``: the index moves, the read stays, a0 loaded from the moved index (an output
    register) right before it."""
    (data,) = shaders(PROGRAMS["relative_stays_vs"])
    code = _code(data)
    movas = [n for n, line in enumerate(code) if line.startswith("mova a0.x, c")]
    assert movas and all("[a0.x]" in code[n + 1] for n in movas)


def test_the_runtimes_relative_rule_on_hand_written_words():
    """The evaluator's relative operand, from Wine's d3dx9 preshader.c exec_get_arg: the index register's value
    rounded by lrint (nearest, ties to even), the register = index + the operand's register as 32-bit unsigned;
    past the table (11 registers here: the array c0-c9 and the index c10) it wraps modulo 16 (the power of two at
    or above the size) and reads 0 where it is still past the table. Expected registers worked out by hand."""
    clit = [_fourcc(b"CLIT"), 0]
    mov = [0x100 << 20 | 4, 1, 1, 2, 40, 2, 0, 0, 4, 0]  # mov o0, c0[c10.x]
    fxlc = [_fourcc(b"FXLC"), 1, *mov, 0xF0F0F0F0, 0x0F0F0F0F]
    cases = {3.0: 3, 2.4: 2, 2.6: 3, 2.5: 2, 3.5: 4, -0.4: 0, 9.0: 9, 10.0: 10, 11.0: None, 15.0: None, 16.0: 0,
             17.0: 1, 26.0: 10, -1.0: None, -6.0: 10, -16.0: 0}
    for index, reg in cases.items():
        inputs = np.array([[r, 10 * r + 1, 10 * r + 2, 10 * r + 3] for r in range(10)] + [[index, 0, 0, 0]], F)
        outputs = np.full((1, 4), 99, F)
        run_preshader({_fourcc(b"CLIT"): clit, _fourcc(b"FXLC"): fxlc}, inputs, outputs)
        want = [0, 0, 0, 0] if reg is None else inputs[reg].tolist()
        assert outputs[0].tolist() == want, index


@pytest.mark.parametrize("k", [0.0, 0.3, 0.25, -0.3, 1.75, -1.9, 1.999])
def test_float_indices_at_and_between_elements(k):
    """arr[k * 2 + 4], arr[m * 3 + 7], arr[(k + 2) * 3.5]: HLSL converts the float index to int by truncation
    (at an element: k = 0; between: 0.3 -> 4.6 -> 4; at the half: 0.25 -> 4.5 -> 4; -0.3 -> 3.4 -> 3), which the
    preshader computes before its relative read; the shader alone gives the same outputs."""
    src = PROGRAMS["relative_between_vs"]
    a, b = shaders(src)[0], shaders(src, NO_PRESHADER)[0]
    values = _values(_names_types(a, b), 1)
    values["k"] = np.full((256, 4), k, F)
    values["m"] = np.full((256, 4), -k / 2, F)
    rng = np.random.default_rng(7)
    inputs = {r: rng.uniform(-2, 2, (4, 4)).astype(F) for r in _input_registers(b)}
    got, want = execute(a, values, inputs, 4), execute(b, values, inputs, 4)
    for key in want:
        np.testing.assert_allclose(got[key], want[key], rtol=2e-4, atol=2e-4, err_msg=str(key))


# --- code inside flow control -------------------------------------------------------------------------------------
def _inside_blocks(data: bytes) -> int:
    """How many instructions run inside if / rep / loop blocks."""
    depth, count = 0, 0
    for i in decode_program(data).instructions:
        depth -= i.op in ("endif", "endrep", "endloop")
        count += depth > 0 and i.dst is not None
        depth += i.op in ("if", "ifc", "rep", "loop")
    return count


@pytest.mark.parametrize("name", ["loop_body_vs", "loop_break_vs_3_0"])
def test_a_loops_parameter_only_body_leaves_the_loop(name):
    """a * b * k, a * m + b inside ``for (i < n)``: computed in the loop by the shader alone (a mov and two
    arithmetic instructions), by the preshader once; the loop keeps only a read of the result (one mov put back
    before the break where the value is read after the loop)."""
    (with_pres,), (without,) = shaders(PROGRAMS[name]), shaders(PROGRAMS[name], NO_PRESHADER)
    assert _inside_blocks(with_pres) <= _inside_blocks(without) - 2


def _hoist_at(body, params, defs=None, split=True):
    from pyd3d11.shader.sm2.peephole import _swizzle
    from pyd3d11.shader.sm2.preshader import hoist

    return hoist(body, defs or {}, set(params), 10, lambda srcs: sum(s.reg == Reg.CONST for s in srcs) <= 1,
                 lambda lanes: _swizzle(lanes, True), split)


def _ops(out) -> list[tuple]:
    return [(i.op, (i.dst.reg, i.dst.num) if i.dst is not None else None,
             [(s.reg, s.num) for s in i.srcs]) for i in out]


def _inst(op, dst=None, *srcs, mask=0xF):
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    return Inst(op, Dst(dst[0], dst[1], mask) if dst is not None else None,
                [s if isinstance(s, Src) else Src(s[0], s[1]) for s in srcs])


T0, T1, T2 = (Reg.TEMP, 0), (Reg.TEMP, 1), (Reg.TEMP, 2)
C0, C1, V0 = (Reg.CONST, 0), (Reg.CONST, 1), (Reg.INPUT, 0)
B0, I0, OPOS = (Reg.CONSTBOOL, 0), (Reg.CONSTINT, 0), (Reg.RASTOUT, 0)


def test_a_branchs_values_go_into_their_registers_at_its_else():
    """mul r0 moves before ``if b0``; the then-part's mul r0 moves too. r0 is read after the block, so its value
    goes into the register before the block (the else path) and before ``else`` (the then path); the else part
    starts from the state before the block, and after endif r0 is read from its register."""
    body = [_inst("mul", T0, C0, C1), _inst("if", None, B0), _inst("mul", T0, C0, C0), _inst("else"),
            _inst("endif"), _inst("mul", OPOS, T0, V0)]
    out, plan = _hoist_at(body, {0, 1})
    assert _ops(out) == [("mov", T0, [(Reg.CONST, 10)]), ("if", None, [B0]), ("mov", T0, [(Reg.CONST, 11)]),
                         ("else", None, []), ("endif", None, []), ("mul", OPOS, [T0, V0])]
    assert [s.op for s in plan.steps] == ["mul", "mul"]


def test_a_loops_value_read_only_inside_it_is_not_put_back():
    """``rep``: mul r1 moves; add reads it as a constant; nothing after the loop and no later iteration reads r1
    before writing it, so no mov at endrep. Read after the loop: put back before endrep."""
    loop = [_inst("mov", T0, V0), _inst("rep", None, I0), _inst("mul", T1, C0, C1), _inst("add", T0, T0, T1),
            _inst("endrep")]
    out, _plan = _hoist_at([*loop, _inst("mov", OPOS, T0)], {0, 1})
    assert _ops(out) == [("mov", T0, [V0]), ("rep", None, [I0]), ("add", T0, [T0, (Reg.CONST, 10)]),
                         ("endrep", None, []), ("mov", OPOS, [T0])]
    out, _plan = _hoist_at([*loop, _inst("add", OPOS, T0, T1)], {0, 1})
    assert _ops(out)[3:5] == [("mov", T1, [(Reg.CONST, 10)]), ("endrep", None, [])]


def test_a_loops_value_read_by_the_next_iteration_is_put_back():
    """add r0, r0, r1 before mul r1 in the body: the next iteration reads the r1 this one computed."""
    body = [_inst("mov", T0, V0), _inst("mov", T1, V0), _inst("rep", None, I0), _inst("add", T0, T0, T1),
            _inst("mul", T1, C0, C1), _inst("endrep"), _inst("mov", OPOS, T0)]
    out, _plan = _hoist_at(body, {0, 1})
    assert _ops(out)[3:6] == [("add", T0, [T0, T1]), ("mov", T1, [(Reg.CONST, 10)]), ("endrep", None, [])]


def test_a_write_inside_a_later_block_does_not_end_a_loops_value():
    """r1, computed in the loop, is read after it past an ``if b0`` that may overwrite it: still put back."""
    body = [_inst("mov", T0, V0), _inst("rep", None, I0), _inst("mul", T1, C0, C1), _inst("add", T0, T0, T1),
            _inst("endrep"), _inst("if", None, B0), _inst("mov", T1, V0), _inst("endif"), _inst("add", OPOS, T0, T1)]
    out, _plan = _hoist_at(body, {0, 1})
    assert _ops(out)[3:5] == [("mov", T1, [(Reg.CONST, 10)]), ("endrep", None, [])]


def test_the_else_part_reads_the_values_before_the_block():
    """The then-part's mul r0, c0, c0 moves; the else part reads r0 as it was before the block (c0 * c1)."""
    body = [_inst("mul", T0, C0, C1), _inst("if", None, B0), _inst("mul", T0, C0, C0), _inst("mov", OPOS, T0),
            _inst("else"), _inst("add", OPOS, T0, V0), _inst("endif")]
    out, plan = _hoist_at(body, {0, 1})
    assert [i.op for i in out] == ["if", "mov", "else", "add", "endif"]
    before, then = plan.steps[0].output, plan.steps[1].output
    assert plan.outputs[out[1].srcs[0].num - 10][0] == then
    assert plan.outputs[out[3].srcs[0].num - 10][0] == before


def test_a_loops_value_is_put_back_before_a_break():
    body = [_inst("mov", T0, V0), _inst("rep", None, I0), _inst("mul", T1, C0, C1), _inst("break"),
            _inst("endrep"), _inst("add", OPOS, T0, T1)]
    out, _plan = _hoist_at(body, {0, 1})
    assert _ops(out) == [("mov", T0, [V0]), ("rep", None, [I0]), ("mov", T1, [(Reg.CONST, 10)]),
                         ("break", None, []), ("endrep", None, []), ("add", OPOS, [T0, T1])]


def test_a_mova_of_a_parameter_moves_with_the_reads_at_it():
    """mova a0.x, c0.x; mov r0, c4[a0.x]: the preshader reads ("r", 4, index c0.x); a read that stays (beside v0)
    has the mova put back right before it, reading c0 in place."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    mova = Inst("mova", Dst(Reg.ADDR, 0, 1), [Src(Reg.CONST, 0, (0, 0, 0, 0))])
    rel = Src(Reg.CONST, 4, rel=Src(Reg.ADDR, 0, (0, 0, 0, 0)))
    out, plan = _hoist_at([mova, Inst("mov", Dst(Reg.TEMP, 0, 0xF), [rel]), _inst("mov", OPOS, T0)],
                          {0, 4, 5, 6, 7})
    assert _ops(out) == [("mov", OPOS, [(Reg.CONST, 10)])]
    assert plan.outputs == [[("r", 4, ("p", 0, 0), c) for c in range(4)]]
    out, plan = _hoist_at([mova, Inst("mul", Dst(Reg.RASTOUT, 0, 0xF), [Src(Reg.INPUT, 0), rel])], {0, 4, 5, 6, 7})
    assert plan.outputs == [] and _ops(out)[0] == ("mova", (Reg.ADDR, 0), [C0])  # no output: d3d9 writes no PRES
    body = [mova, _inst("mul", T1, C0, C1), Inst("mul", Dst(Reg.TEMP, 0, 0xF), [Src(Reg.INPUT, 0), rel]),
            _inst("add", OPOS, T0, T1)]
    out, _plan = _hoist_at(body, {0, 1, 4, 5, 6, 7})
    assert [(i.op, [(s.reg, s.num) for s in i.srcs]) for i in out[:2]] == [
        ("mova", [C0]), ("mul", [V0, (Reg.CONST, 4)])]


def test_a_mova_that_stays_ends_what_a0_held():
    """mova a0.x, c0.x moves; mova a0.x, v0.x stays and overwrites it: the read at a0 is per-vertex, it stays."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    rel = Src(Reg.CONST, 4, rel=Src(Reg.ADDR, 0, (0, 0, 0, 0)))
    body = [Inst("mova", Dst(Reg.ADDR, 0, 1), [Src(Reg.CONST, 0, (0, 0, 0, 0))]),
            Inst("mova", Dst(Reg.ADDR, 0, 1), [Src(Reg.INPUT, 0, (0, 0, 0, 0))]),
            Inst("mov", Dst(Reg.TEMP, 0, 0xF), [rel]), _inst("mov", OPOS, T0)]
    out, plan = _hoist_at(body, {0, 4, 5, 6, 7})
    assert plan.outputs == [] and [i.op for i in out] == ["mova", "mov", "mov"]
    assert out[1].srcs[0].rel is not None


def test_a_literal_or_vertex_index_keeps_the_read():
    """A mova of a vertex input or of literals: a0 holds nothing the preshader knows, the read stays."""
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    rel = Src(Reg.CONST, 4, rel=Src(Reg.ADDR, 0, (0, 0, 0, 0)))
    for src in (Src(Reg.INPUT, 0), Src(Reg.CONST, 20)):
        body = [Inst("mova", Dst(Reg.ADDR, 0, 1), [src]), Inst("mov", Dst(Reg.TEMP, 0, 0xF), [rel]),
                _inst("mov", OPOS, T0)]
        assert _hoist_at(body, {4, 5, 6, 7}, {20: [2.0, 0, 0, 0]}) is None


# --- plain parameter components (fxc's skybox, SHIrradianceEnvMap) ----------------------------------------------
def test_a_parameter_component_beside_computed_lanes_goes_through_the_preshader():
    """skybox: ``color = texCUBE(...) * g_fScale; color.a = g_fAlpha;`` is fxc's preshader ``mov c1.x, c0.x`` and
    the shader's ``mov r0.w, c1.x``: the put-back of a lane beside lanes the shader computed reads an output
    register (the value at .x); a put-back of every lane read (read ports) reads the parameter in place."""
    body = [_inst("texld", T0, (TEXTURE, 0), (Reg.SAMPLER, 0)), _inst("mov", T0, C0, mask=8),
            _inst("mul", T1, T0, V0), _inst("mov", (Reg.COLOROUT, 0), T1)]
    body[1].srcs[0].swizzle = (0, 0, 0, 0)
    out, plan = _hoist_at(body, {0})
    assert plan.outputs == [[("p", 0, 0), None, None, None]]
    assert (out[1].op, out[1].dst.reg, out[1].dst.mask, out[1].srcs[0].num, out[1].srcs[0].swizzle) == (
        "mov", Reg.TEMP, 8, 10, (0, 0, 0, 0))
    body = [_inst("mov", T0, C0), _inst("mad", (Reg.ATTROUT, 0), T0, (Reg.CONST, 5), V0),
            _inst("mul", T1, C0, C1), _inst("add", OPOS, T1, V0)]
    out, _plan = _hoist_at(body, {0, 1, 5})
    assert _ops(out)[0] == ("mov", T0, [C0])


def test_an_outputs_parameter_lanes_move_apart_from_its_other_lanes():
    """SHIrradianceEnvMap: r1.w = 1 (a def), ``mul oD0, r1, c5``: lane w is 1 * c5.w, a parameter's component --
    the preshader's ``mov c10.x, c5.w`` (x * 1 is x: fxc's ``mov c12.x, c0.w``), the shader's ``mov oD0.w,
    c10.x`` and ``mul oD0.xyz, r1, c5``; without splitting nothing moves."""
    body = [_inst("mov", T1, V0, mask=7), _inst("mov", T1, (Reg.CONST, 13), mask=8),
            _inst("mul", (Reg.ATTROUT, 0), T1, (Reg.CONST, 5))]
    out, plan = _hoist_at(body, {5}, {13: [0.0, 0.0, 0.0, 1.0]})
    assert plan.outputs == [[("p", 5, 3), None, None, None]] and plan.steps == [] and plan.split
    assert [(i.op, i.dst.reg, i.dst.mask) for i in out[2:]] == [("mov", Reg.ATTROUT, 8), ("mul", Reg.ATTROUT, 7)]
    assert out[2].srcs[0].swizzle == (0, 0, 0, 0)
    assert _hoist_at(body, {5}, {13: [0.0, 0.0, 0.0, 1.0]}, split=False) is None


def test_a_split_that_costs_a_slot_is_not_made():
    """q = float4(p.xyz, 1) read by two outputs: moving the parameter lane of ``q * Diff`` adds a mov and frees
    nothing (q.w stays for oPos), so the instruction stays whole (d3d9._with_preshader compares both), while the
    product a * Amb moves."""
    src = _vs("float4 q = float4(p.xyz, 1); o.d = q * Diff; o.p = q * (a * Amb); o.uv = uv;")
    (data,) = shaders(src)
    assert _pres_blocks(data) is not None and not any(line.startswith("mov oD0.w") for line in _code(data))
    assert_same_results(src)


@pytest.mark.parametrize(("name", "shader_line"), [("vector_parts_ps", r"mov (r\d|oC0)\.w, c\d+\.x"),
                                                   ("output_lanes_vs", r"mov oD0\.w, c\d+\.x")])
def test_fxcs_forms_of_parameter_copies(name, shader_line):
    import re

    (data,) = shaders(PROGRAMS[name])
    lines = listing(read_program(find_preshader(data)))
    assert len(lines) == 2 and re.fullmatch(r"mov c\d+\.x, c\d+\.[xw]", lines[1])
    assert any(re.fullmatch(shader_line, line) for line in _code(data))


# --- from the mutation round's survivors ------------------------------------------------------------------------------
def _rel(base: int):
    from pyd3d11.shader.sm2.program import Src

    return Src(Reg.CONST, base, rel=Src(Reg.ADDR, 0, (0, 0, 0, 0)))


def _mova(src):
    from pyd3d11.shader.sm2.program import Dst, Inst, Src

    return Inst("mova", Dst(Reg.ADDR, 0, 1), [Src(src[0], src[1], (0, 0, 0, 0))])


def test_a_relative_read_of_a_def_array_stays():
    """The base c20 is a def (literals), not a parameter: the read at a parameter index stays in the shader."""
    from pyd3d11.shader.sm2.program import Dst, Inst

    body = [_mova(C0), Inst("mov", Dst(Reg.TEMP, 0, 0xF), [_rel(20)]), _inst("mul", T1, C0, C1),
            _inst("add", OPOS, T0, T1)]
    out, plan = _hoist_at(body, {0, 1}, {20: [1.0, 2.0, 3.0, 4.0]})
    assert [i.op for i in out] == ["mova", "mov", "add"] and out[1].srcs[0].rel is not None
    assert all(r[0] != "r" for o in plan.outputs for r in o if r is not None)


def test_a0_loaded_in_a_loop_is_put_back_for_a_read_after_it():
    """mova a0.x, c0.x moves inside ``rep``; the relative read after the loop stays (beside v0): a0 is loaded
    before endrep (after the loop a0 holds whatever the last iteration loaded, read from the register)."""
    from pyd3d11.shader.sm2.program import Dst, Inst

    body = [_inst("mov", T0, V0), _inst("rep", None, I0), _mova(C0), _inst("mul", T1, C0, C1),
            _inst("add", T0, T0, T1), _inst("endrep"),
            Inst("mul", Dst(Reg.RASTOUT, 0, 0xF), [_rel(4), _inst("mov", T0, T0).srcs[0]])]
    out, _plan = _hoist_at(body, {0, 1, 4, 5, 6, 7})
    ops = [i.op for i in out]
    assert ops[ops.index("endrep") - 1] == "mova" and "mova" not in ops[ops.index("endrep") + 1:]


def test_the_else_part_of_a_block_around_a_loop_does_not_end_its_value():
    """``if b0 { rep { r1 = c0 * c1 } } else { r1 = v0 }``, r1 read after endif: the else part's write runs on the
    other path only, so r1 is put back before endrep."""
    body = [_inst("if", None, B0), _inst("rep", None, I0), _inst("mul", T1, C0, C1), _inst("endrep"),
            _inst("else"), _inst("mov", T1, V0), _inst("endif"), _inst("mov", OPOS, T1)]
    out, _plan = _hoist_at(body, {0, 1})
    assert _ops(out)[:4] == [("if", None, [B0]), ("rep", None, [I0]), ("mov", T1, [(Reg.CONST, 10)]),
                             ("endrep", None, [])]


def test_a_write_inside_a_branch_of_the_loop_does_not_end_the_next_iterations_read():
    """Loop body: ``if b0 { r1 = v0 }``, then r0 += r1, then r1 = c0 * c1 (moved): the next iteration reads this
    one's r1 when the branch is not taken, so r1 is put back before endrep."""
    body = [_inst("mov", T0, V0), _inst("mov", T1, V0), _inst("rep", None, I0), _inst("if", None, B0),
            _inst("mov", T1, V0), _inst("endif"), _inst("add", T0, T0, T1), _inst("mul", T1, C0, C1),
            _inst("endrep"), _inst("mov", OPOS, T0)]
    out, _plan = _hoist_at(body, {0, 1})
    ops = _ops(out)
    assert ops[ops.index(("endrep", None, [])) - 1] == ("mov", T1, [(Reg.CONST, 10)])


def test_a_break_in_a_nested_loop_keeps_what_the_outer_loop_reads():
    """An inner loop's value read by the outer loop's next iteration (before it is written there) is put back
    before the inner loop's break."""
    body = [_inst("mov", T0, V0), _inst("mov", T1, V0), _inst("rep", None, I0), _inst("add", T0, T0, T1),
            _inst("rep", None, I0), _inst("mul", T1, C0, C1), _inst("break"), _inst("endrep"), _inst("endrep"),
            _inst("mov", OPOS, T0)]
    out, _plan = _hoist_at(body, {0, 1})
    ops = _ops(out)
    assert ops[ops.index(("break", None, [])) - 1] == ("mov", T1, [(Reg.CONST, 10)])


def test_one_value_read_twice_takes_one_output_register():
    """rcp r0.x, c0.x read by two instructions: one output register, its .x, read by both."""
    body = [_inst("rcp", T0, C0, mask=1), _inst("mul", OPOS, V0, T0), _inst("mul", (Reg.ATTROUT, 0), T0, V0)]
    for i in body:
        for s in i.srcs:
            s.swizzle = (0, 0, 0, 0) if s.reg in (Reg.TEMP, Reg.CONST) else s.swizzle
    out, plan = _hoist_at(body, {0})
    assert len(plan.outputs) == 1 and {s.num for i in out for s in i.srcs if s.reg == Reg.CONST} == {10}


def test_a_value_put_back_is_still_known_to_moved_code():
    """mul r0 moves; texld reads r0 (put back: mov r0, c10); add r1, r0, c1 after it still moves, reading the
    product: the preshader's add reads the mul's result."""
    body = [_inst("mul", T0, C0, C1), _inst("texld", T2, T0, (Reg.SAMPLER, 0)), _inst("add", T1, T0, C1),
            _inst("mul", (Reg.COLOROUT, 0), T1, T2)]
    out, plan = _hoist_at(body, {0, 1})
    assert [s.op for s in plan.steps] == ["mul", "add"] and plan.steps[1].inputs[0] == plan.steps[0].output
    assert [i.op for i in out] == ["mov", "texld", "mul"]


def test_texkill_after_a_loop_reads_the_loops_value():
    """texkill r0 after ``rep { r0 = c0 * c1 }``: texkill reads r0's four components, so r0 is put back before
    endrep."""
    body = [_inst("mov", T0, V0), _inst("rep", None, I0), _inst("mul", T0, C0, C1), _inst("endrep"),
            _inst("texkill", T0), _inst("mov", (Reg.COLOROUT, 0), V0)]
    out, _plan = _hoist_at(body, {0, 1})
    assert _ops(out)[1:4] == [("rep", None, [I0]), ("mov", T0, [(Reg.CONST, 10)]), ("endrep", None, [])]
