"""Level-9 translation of what used to be E_NOTIMPL (issue 16 point 2, session 7): shifts by amounts computed
in the shader, integer values whose kind only the whole program shows (kinds.py), subroutines (calls.py).

Definitions and the expected values' sources:
- ishl / ishr / ushr (sm4 - asm): "shifts ... by the amount in the least significant 5 bits of src1"; ishr
  replicates the sign bit (an arithmetic shift = floor(a / 2^k)), ushr shifts in zeros. Expected values here
  are Python's integer shifts of the 32-bit values, independent of both programs.
- Integers at 10Level9 are floats of their values (shader model 2 registers hold floats only); a value's kind
  is decided by the typed instructions that write and read it, across branches and loops.
- call / callc / label / ret (sm4 - asm): a call runs the label's code up to its ret and continues after the
  call; callc_z / callc_nz test the 32-bit value's bits; "Subroutines can nest 32 deep", "If there are already
  32 entries on the return address stack and a call is issued, the call is skipped over", "Recursion is not
  permitted".
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import translated_
from sm2_interp import Sm2Machine, constants_for, int_constants_for, texcoord_index, validate
from test_level9_ints_loops import assert_agree, compile_, run_both

from pyd3d11.errors import D3D11Error, NotSupportedError
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.aon9 import parse_aon9
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.sm2.calls import inline_calls
from pyd3d11.shader.sm2.kinds import Kinds
from pyd3d11.shader.sm2.profile import PROFILES
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg
from pyd3d11.shader.sm2.translate import translate
from pyd3d11.shader.sm2.types import ShaderTypes

F = np.float32
PS_TARGETS = ["ps_4_0_level_9_1", "ps_4_0_level_9_3"]
VS_TARGETS = ["vs_4_0_level_9_1", "vs_4_0_level_9_3"]


def run_sm2(blob: bytes, words: np.ndarray, inputs: dict[int, np.ndarray], n: int) -> Sm2Machine:
    chunk = parse_aon9(parse_container(blob).get("Aon9"))
    prog = decode_program(chunk.program)
    assert validate(prog, set(int_constants_for(chunk, {0: words}))) == []
    kind = TEXTURE if prog.kind == "ps" else Reg.INPUT
    return Sm2Machine(prog, n, {(kind, r): v.astype(F) for r, v in inputs.items()},
                      constants_for(chunk, {0: words}), iconsts=int_constants_for(chunk, {0: words})).run()


def _s32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


# --- shifts by amounts computed in the shader ------------------------------------------------------------------
# fxc refuses ``<<`` / ``>>`` below shader model 4 (X3535 E_NOTIMPL, d3dcompiler_47 10.1), so these programs are
# compiled for ps_4_0 / vs_4_0 and their SM4 code is translated under the level-9 profile (sm2_helpers.translated_):
# the translation of ishl / ishr / ushr is what they test.

SHIFT_PS = """cbuffer C { int a; int s; uint ua; };
float4 main(float4 x : TEXCOORD0) : SV_Target {
  int k = s + (int)x.x;   // computed in the shader
  return float4(a << k, a >> k, ua >> k, (a * 3) << (k + 1)); }"""
SHIFT_VS = """cbuffer C { int a; int s; uint ua; };
struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };
O main(float4 x : POSITION) { O o; o.p = x; int k = s + (int)x.x;
  o.t = float4(a << k, a >> k, ua >> k, (a * 3) << (k + 1)); return o; }"""
# (a, s, ua, x.x): the amounts k = s + x.x cover 0, small, 5 bits wrapping (32 + 3, -28 = 4 mod 32, -1 = 31 for
# a = 0) with every result below 2^24 (where floats hold integers exactly)
SHIFT_CASES = [(5, 0, 1000, 0), (5, 3, 1000, 1), (-7, 2, 77, 1), (1000, 33, 65535, 0), (-1000, -28, 4096, 0),
               (0, 0, 1, -1), (-1, 6, 0xFFFF, 2), (12345, 0, 9, 0), (-3, 10, 1 << 20, 0)]


def _shift_expected(a: int, s: int, ua: int, xx: int) -> list[float]:
    k = (s + xx) & 31
    k1 = (s + xx + 1) & 31
    return [_s32(a << k), a >> k, (ua & 0xFFFFFFFF) >> k, _s32((a * 3) << k1)]


def _shift_words(a: int, s: int, ua: int) -> np.ndarray:
    w = np.zeros((4, 4), np.uint32)
    w[0, :3] = [a & 0xFFFFFFFF, s & 0xFFFFFFFF, ua]
    return w


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize("case", SHIFT_CASES)
def test_shifts_by_amounts_computed_in_the_shader(target: str, case):
    a, s, ua, xx = case
    blob = translated_(SHIFT_PS if target.startswith("ps") else SHIFT_VS, target)
    x = np.tile(np.array([xx, 0, 0, 1], F), (4, 1))
    m = run_sm2(blob, _shift_words(a, s, ua), {0: x}, 4)
    got = m.out(Reg.COLOROUT, 0) if target.startswith("ps") else m.out(Reg.TEXCRDOUT, texcoord_index(1, 0))
    want = np.array(_shift_expected(a, s, ua, xx), F)
    assert (s + xx) & 31 <= 20 or a == 0
    np.testing.assert_array_equal(got[0], want)


def test_a_computed_shift_reads_2_to_the_amount_mod_32_through_exp():
    """The form: k = 32 * frc(n / 32) then exp (shader model 2's 2^x); no E_NOTIMPL."""
    ops = [i.op for i in decode_program(parse_aon9(parse_container(translated_(SHIFT_PS, "ps_4_0_level_9_1"))
                                                   .get("Aon9")).program).instructions]
    assert "exp" in ops and "frc" in ops


@pytest.mark.parametrize("target", PS_TARGETS)
def test_shifts_by_known_amounts_differing_per_lane(target: str):
    src = """cbuffer C { int4 v; }; float4 main(float4 x : TEXCOORD0) : SV_Target {
      return float4(v << int4(0, 1, 4, 9)) + float4(v >> int4(1, 2, 3, 0)); }"""
    vals = [13, -20, 7, -1]
    w = np.zeros((4, 4), np.uint32)
    w[0] = [v & 0xFFFFFFFF for v in vals]
    m = run_sm2(translated_(src, target), w, {0: np.zeros((4, 4), F)}, 4)
    want = [(v << a) + (v >> b) for v, a, b in zip(vals, (0, 1, 4, 9), (1, 2, 3, 0))]
    np.testing.assert_array_equal(m.out(Reg.COLOROUT, 0)[0], np.array(want, F))


# --- integer values known at compile time, written in branches and loops ---------------------------------------

def _kind_cases():
    def c1(x, y, n):
        return np.where(x[:, 0] > 0, 3 + np.trunc(x[:, 1]), 1)

    def c2(x, y, n):
        s = np.ones(len(x))
        for i in range(3):
            s = np.where(x[:, 0] > i, s * 2 + 1, s)
        return s

    def c3(x, y, n):
        s = np.where(x[:, 0] > 0, 6, 2)
        return s + np.where(x[:, 0] > 0, 0.5 * x[:, 1], 0.5) + s * 4

    def c4(x, y, n):
        return np.where(x[:, 0] > 0, n, np.trunc(y[:, 2])) + np.where(x[:, 3] > y[:, 3], n, 0.5)

    def c5(x, y, n):
        s = np.ones(len(x))
        for i in range(4):
            s = s * 2 + (x[:, 0] > i)
        return s

    def c6(x, y, n):
        return np.full(len(x), sum(i * 0.5 for i in range(max(n, 0))))

    return [
        ("int s = 1; if (x.x > 0) s = s * 3 + (int)x.y; return s;", c1),
        ("int s = 1; [unroll] for (int i = 0; i < 3; i++) { if (x.x > i) s = s * 2 + 1; } return s;", c2),
        ("int s = 2; float f = 0.5; if (x.x > 0) { s = s * 3; f = f * x.y; } return s + f + s * 4;", c3),
        ("int m = x.x > 0 ? n : (int)y.z; float g = x.w > y.w ? n : 0.5; return m + g;", c4),
        ("int s = 1; [loop] for (int i = 0; i < 4; i++) { s = s * 2 + (x.x > i ? 1 : 0); } return s;", c5),
        ("float acc = 0; [loop] for (int i = 0; i < n; i++) { acc += i * 0.5; } return acc;", c6),
    ]


KIND_CASES = _kind_cases()


@pytest.mark.parametrize("target", PS_TARGETS)
@pytest.mark.parametrize("idx", range(len(KIND_CASES)))
def test_integers_known_at_compile_time_keep_their_values_through_branches_and_loops(idx: int, target: str):
    body, expect = KIND_CASES[idx]
    src = "cbuffer C { int n; };\nfloat4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {\n" + body + "}"
    try:
        blob = compile_(src, target)
    except Exception as e:  # a dynamic loop where a pixel shader has no flow control: fxc's X3511, nothing else
        # (ps_4_0_level_9_3 too: d3dcompiler_47 10.1 compiles no flow control there, session 44)
        assert target.startswith("ps") and "X3511" in str(e), str(e)
        return
    rng = np.random.default_rng(idx)
    n = 32
    x, y = rng.uniform(-3, 3, (n, 4)).astype(F), rng.uniform(-3, 3, (n, 4)).astype(F)
    for nv in (0, 3, 5):
        w = np.zeros((4, 4), np.uint32)
        w[0, 0] = nv
        got = run_sm2(blob, w, {0: x, 1: y}, n).out(Reg.COLOROUT, 0)[:, 0]
        np.testing.assert_allclose(got, expect(x.astype(np.float64), y.astype(np.float64), nv).astype(F),
                                   rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("target", VS_TARGETS)
@pytest.mark.parametrize("idx", [0, 1, 2, 3])
def test_integers_known_at_compile_time_in_vertex_shaders(idx: int, target: str):
    body, _ = KIND_CASES[idx]
    body = body.replace("return ", "o.t = ").replace("o.t = s;", "o.t = s;")
    src = ("cbuffer C { int n; };\nstruct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
           "O main(float4 x : POSITION, float4 y : TEXCOORD0) { O o; o.p = x;\n" + body + " return o; }")
    for seed in range(2):
        assert_agree(run_both(src, target, 40 + seed, {(0, 0): "int"}))


# --- the kind analysis itself ------------------------------------------------------------------------------------

def _kinds_of(text: str):
    prog = assemble_program("ps_4_0\n" + text)
    body = [i for i in prog.instructions if not (ir.Opcode.DCL_RESOURCE <= i.opcode <= ir.Opcode.DCL_GLOBALFLAGS)]
    return body, Kinds(body)


@pytest.mark.parametrize(("text", "line", "comp", "is_int"), [
    # an untyped move of an immediate takes the kind of the instruction that reads it
    ("mov r0.x, l(1)\niadd r1.x, r0.x, l(2)\nret", 0, 0, True),
    ("mov r0.x, l(1.0)\nadd r1.x, r0.x, l(2.0)\nret", 0, 0, False),
    # the value at a merge: both definitions are one value, typed by the read after the branch
    ("mov r0.x, l(1)\nif_nz v0.x\nmov r0.x, l(5)\nendif\nimul null, r1.x, r0.x, l(3)\nret", 2, 0, True),
    # carried around a loop: the definition before the loop and the one in it are one value
    ("mov r0.x, l(0)\nloop\nige r1.x, r0.x, l(4)\nbreakc_nz r1.x\niadd r0.x, r0.x, l(1)\nendloop\nret", 0, 0, True),
    # a copy is the value it copies
    ("mov r0.x, l(3)\nmov r1.x, r0.x\nitof r2.x, r1.x\nret", 0, 0, True),
    ("mov r0.x, l(3)\nmov r1.x, r0.x\nitof r2.x, r1.x\nret", 1, 0, True),
    # a comparison writes a mask, not a number
    ("lt r0.x, v0.x, l(1.0)\nmovc r1.x, r0.x, l(1.0), l(2.0)\nret", 0, 0, False),
    # a value read both as an integer and as a float (asint / asfloat) is neither
    ("mov r0.x, l(7)\niadd r1.x, r0.x, l(1)\nadd r2.x, r0.x, l(1.0)\nret", 0, 0, False),
    # a register reused for an unrelated value: each definition has its own kind
    ("mov r0.x, l(7)\niadd r1.x, r0.x, l(1)\nmov r0.x, l(2.5)\nadd r2.x, r0.x, l(1.0)\nret", 0, 0, True),
    ("mov r0.x, l(7)\niadd r1.x, r0.x, l(1)\nmov r0.x, l(2.5)\nadd r2.x, r0.x, l(1.0)\nret", 2, 0, False),
    # movc choosing between integers
    ("mov r0.x, l(4)\nmovc r1.x, v0.x, r0.x, l(9)\nishl r2.x, r1.x, l(1)\nret", 1, 0, True),
    # switch: the definitions of every case reach the read after the switch
    ("switch v0.x\ncase l(0)\nmov r0.x, l(1)\nbreak\ndefault\nmov r0.x, l(2)\nbreak\nendswitch\n"
     "ineg r1.x, r0.x\nret", 5, 0, True),
])
def test_kind_analysis_by_definitions_reads_merges_and_copies(text: str, line: int, comp: int, is_int: bool):
    body, kinds = _kinds_of(text)
    assert kinds.is_int(body[line], comp) is is_int


# --- subroutines -----------------------------------------------------------------------------------------------

_HEAD = "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 3\n"
# each (subroutine program, the same computation written without calls); both are run on the same inputs
CALL_CASES = [
    ("mov r0.xyzw, v0.xyzw\ncall l0\ncall l0\nmov o0.xyzw, r0.xyzw\nret\n"
     "label l0\nmul r0.xyzw, r0.xyzw, l(2.0, 2.0, 2.0, 2.0)\nadd r0.xyzw, r0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n",
     lambda x: (x * 2 + 1) * 2 + 1),
    # callc_nz on a comparison mask: the subroutine runs where the mask is set
    ("lt r1.x, l(0.0), v0.x\nmov r0.xyzw, v0.xyzw\ncallc_nz r1.x, l3\nmov o0.xyzw, r0.xyzw\nret\n"
     "label l3\nmul r0.xyzw, r0.xyzw, l(-1.0, -1.0, -1.0, -1.0)\nret\n",
     lambda x: np.where(x[:, :1] > 0, -x, x)),
    ("lt r1.x, l(0.0), v0.x\nmov r0.xyzw, v0.xyzw\ncallc_z r1.x, l3\nmov o0.xyzw, r0.xyzw\nret\n"
     "label l3\nmul r0.xyzw, r0.xyzw, l(-1.0, -1.0, -1.0, -1.0)\nret\n",
     lambda x: np.where(x[:, :1] > 0, x, -x)),
    # nested calls, and a subroutine returning early (to its caller, not out of the program)
    ("mov r0.xyzw, v0.xyzw\ncall l1\nadd o0.xyzw, r0.xyzw, l(10.0, 10.0, 10.0, 10.0)\nret\n"
     "label l1\ncall l2\nlt r1.x, r0.y, l(0.0)\nretc_nz r1.x\nmul r0.xyzw, r0.xyzw, l(3.0, 3.0, 3.0, 3.0)\nret\n"
     "label l2\nadd r0.xyzw, r0.xyzw, l(0.5, 0.5, 0.5, 0.5)\nret\n",
     lambda x: np.where(x[:, 1:2] + 0.5 < 0, x + 0.5, (x + 0.5) * 3) + 10),
]


@pytest.mark.parametrize("target", PS_TARGETS)
@pytest.mark.parametrize("idx", range(len(CALL_CASES)))
def test_subroutines_are_inlined(idx: int, target: str):
    text, expect = CALL_CASES[idx]
    prog = assemble_program("ps_4_0\n" + _HEAD + text)
    tr = translate(prog, PROFILES[target], "t.hlsl", ShaderTypes())
    assert not any(i.op in ("call", "callnz", "label") for i in tr.program.instructions)
    assert validate(tr.program) == []
    x = np.random.default_rng(idx).uniform(-3, 3, (32, 4)).astype(F)
    m = Sm2Machine(tr.program, 32, {(TEXTURE, 0): x}, np.zeros((256, 4), F)).run()
    np.testing.assert_allclose(m.out(Reg.COLOROUT, 0), expect(x.astype(np.float64)).astype(F), rtol=1e-6)


def test_a_call_33_levels_deep_is_skipped_over():
    """32 nested subroutines each add 1; the 33rd call (l32) is skipped: the result is x + 32, not x + 33."""
    subs = "".join(f"label l{k}\nadd r0.x, r0.x, l(1.0)\n{f'call l{k + 1}' if k < 32 else ''}\nret\n"
                   for k in range(33))
    body = [i for i in assemble_program("ps_4_0\n" + _HEAD + "mov r0.x, v0.x\ncall l0\nmov o0.x, r0.x\nret\n"
                                        + subs).instructions if i.opcode >= 0]
    flat = inline_calls([i for i in body if not (ir.Opcode.DCL_RESOURCE <= i.opcode <= ir.Opcode.DCL_GLOBALFLAGS)])
    assert sum(i.opcode == ir.Opcode.ADD for i in flat) == 32


def test_recursion_is_refused_by_name():
    prog = assemble_program("ps_4_0\n" + _HEAD + "call l0\nret\nlabel l0\ncall l0\nret\n")
    with pytest.raises(NotSupportedError, match="recursive"):
        translate(prog, PROFILES["ps_4_0_level_9_3"], "t.hlsl", ShaderTypes())


# --- round_ne / round_z, comparison masks used as integers, and of a mask with a number ---------------------------

ROUND_X = np.array([[0.5, 1.5, 2.5, -0.5], [-1.5, -2.5, 0.49999997, -0.49999997], [3.7, -3.7, -0.0, 8388609.0],
                    [1e9, -2.5000002, 0.50000006, -7.5]], F)


def _run_expr(expr: str, target: str, x: np.ndarray, y: np.ndarray | None = None) -> np.ndarray:
    y = x if y is None else y
    if target.startswith("ps"):
        src = f"float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target {{ return {expr}; }}"
        return run_sm2(compile_(src, target), np.zeros((4, 4), np.uint32), {0: x, 1: y}, len(x)).out(Reg.COLOROUT, 0)
    src = ("struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
           f"O main(float4 x : POSITION, float4 y : TEXCOORD0) {{ O o; o.p = y; o.t = {expr}; return o; }}")
    return run_sm2(compile_(src, target), np.zeros((4, 4), np.uint32), {0: x, 1: y}, len(x)).out(Reg.TEXCRDOUT, texcoord_index(1, 0))


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("fn", "ref"), [("round", np.round), ("trunc", np.trunc)])
def test_round_ne_and_round_z_are_exact(fn: str, ref, target: str):
    """round (round_ne: to nearest, ties to even -- numpy's round) and trunc (round_z), ties and the float32
    neighbours of 0.5 included."""
    np.testing.assert_array_equal(_run_expr(f"{fn}(x)", target, ROUND_X), ref(ROUND_X.astype(np.float64)).astype(F))


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
def test_comparison_masks_read_as_integers_are_minus_one(target: str):
    """sign(x) compiles to ``iadd -(0 < x), (x < 0)`` on the 0xFFFFFFFF masks (-1 as an integer)."""
    x = np.array([[2.0, -3.0, 0.0, -0.0], [1e-20, -1e20, 5.0, -5.0]], F)
    np.testing.assert_array_equal(_run_expr("sign(x)", target, x), np.sign(x).astype(F))
    # bool -> int is 0 / 1 (HLSL conversion; SM4 ``and mask, 1``)
    np.testing.assert_array_equal(_run_expr("(float4)((int4)(x > 0) * 3)", target, x),
                                  np.where(x > 0, 3, 0).astype(F))


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
def test_and_of_a_mask_with_a_number_selects_it(target: str):
    """``and d, mask, v`` = mask ? v : 0 (refract's total-internal-reflection zero is this form)."""
    rng = np.random.default_rng(5)
    x, y = rng.uniform(-1, 1, (16, 4)).astype(F), rng.uniform(-1, 1, (16, 4)).astype(F)
    i = x.astype(np.float64) / np.linalg.norm(x, axis=1, keepdims=True)
    n = y.astype(np.float64) / np.linalg.norm(y, axis=1, keepdims=True)
    eta = 0.5 if target.endswith("9_3") else 1.5
    d = np.sum(i * n, axis=1, keepdims=True)
    k = 1 - eta * eta * (1 - d * d)
    want = np.where(k >= 0, eta * i - (eta * d + np.sqrt(np.maximum(k, 0))) * n, 0)
    got = _run_expr(f"refract(normalize(x), normalize(y), {eta})", target, x, y)
    np.testing.assert_allclose(got, want, atol=2e-4)
    assert eta > 1 and (k < 0).any() or eta < 1  # at eta 1.5 some lanes reflect totally (the zero case)


@pytest.mark.parametrize("target", PS_TARGETS)
def test_a_mask_read_by_unsigned_instructions_is_4294967295(target: str):
    """utof of 0xFFFFFFFF is 2^32 (the nearest float); ult 0xFFFFFFFF < 5 is false, ilt -1 < 5 true."""
    text = (_HEAD + "lt r0.x, l(0.0), v0.x\nutof o0.x, r0.x\nult r1.x, r0.x, l(5)\nmovc o0.y, r1.x, l(1.0), l(2.0)\n"
            "ilt r1.x, r0.x, l(5)\nmovc o0.z, r1.x, l(1.0), l(2.0)\nitof o0.w, r0.x\nret\n")
    tr = translate(assemble_program("ps_4_0\n" + text), PROFILES[target], "t.hlsl", ShaderTypes())
    x = np.array([[1.0, 0, 0, 0], [-1.0, 0, 0, 0]], F)
    got = Sm2Machine(tr.program, 2, {(TEXTURE, 0): x}, np.zeros((256, 4), F)).run().out(Reg.COLOROUT, 0)
    np.testing.assert_array_equal(got, np.array([[2.0 ** 32, 2, 1, -1], [0, 1, 1, 0]], F))


@pytest.mark.parametrize("target", ["ps_4_0_level_9_3", "vs_4_0_level_9_3"])
def test_a_loop_too_long_to_unroll_and_too_long_for_rep_is_fxcs_x3511(target: str):
    """A literal count beyond rep's 255 cannot be a rep loop; unrolled it never ends in a timely manner: fxc
    refuses such loops with "X3511: unable to unroll loop, loop does not appear to terminate in a timely
    manner" (its published logs)."""
    body = "float4 r = x; [loop] for (int i = 0; i < 100000; i++) { r = r * 0.5 + 1; }"
    src = (f"float4 main(float4 x : TEXCOORD0) : SV_Target {{ {body} return r; }}" if target.startswith("ps") else
           "struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
           f"O main(float4 x : POSITION) {{ O o; o.p = x; {body} o.t = r; return o; }}")
    from pyd3d11.errors import D3D11Error
    with pytest.raises(D3D11Error) as info:
        compile_(src, target)
    assert info.value.name == "E_FAIL" and "X3511" in str(info.value) and "timely manner" in str(info.value)


# --- against a published fxc listing ------------------------------------------------------------------------------

def test_constant_and_sampler_mappings_match_a_published_fxc_listing():
    """spacehamster/DXDecompiler's Level9_Test_PS_9_2.asm (fxc 10.1, ps_4_0_level_9_1): three cbuffers, an int3
    array read at elements 2 and 4, a uint4, four textures through two samplers. fxc's tables: c0 cb0 0 1 FLT;
    c1 cb1 0 1 FLT; c2 cb1 3 1 (INT,INT,INT,FLT); c3 cb1 5 1 (INT,INT,INT,FLT); c4 cb1 6 1 UINT; c5 cb2 0 1 FLT;
    samplers s0 <- (s0, t0), s1 <- (s0, t1), s2 <- (s1, t2), s3 <- (s1, t3)."""
    src = """cbuffer A : register(b0) { float4 val1; };
    cbuffer B : register(b1) { float4 val2; int3 vec[5]; uint4 val3; };
    cbuffer C : register(b2) { float4 val4; };
    Texture2D tex0 : register(t0); Texture2D tex1 : register(t1); Texture2D tex2 : register(t2);
    Texture2D tex3 : register(t3); SamplerState samp0 : register(s0); SamplerState samp1 : register(s1);
    float4 main(float4 p : SV_POSITION, float3 n : NORMAL, float4 c : COLOR, float2 uv : TEXCOORD) : SV_TARGET {
      float4 r = val1 + val2 + vec[2].xyzx + vec[4].xyzx + val3 + val4;
      r += tex0.Sample(samp0, 0); r += tex1.Sample(samp0, 0); r += tex2.Sample(samp1, 0); r += tex3.Sample(samp1, 0);
      return r; }"""
    chunk = parse_aon9(parse_container(compile_(src, "ps_4_0_level_9_1")).get("Aon9"))
    assert [tuple(m) for m in chunk.cb_mappings] == [
        (0, 0, 1, 0, (0, 0, 0, 0)), (1, 0, 1, 1, (0, 0, 0, 0)), (1, 3, 1, 2, (2, 2, 2, 0)), (1, 5, 1, 3, (2, 2, 2, 0)),
        (1, 6, 1, 4, (3, 3, 3, 3)), (2, 0, 1, 5, (0, 0, 0, 0))]
    assert sorted(tuple(m) for m in chunk.sampler_mappings) == [(0, 0, 0), (1, 0, 1), (2, 1, 2), (3, 1, 3)]
    assert decode_program(chunk.program).minor == 0  # ps_2_0


def test_texture_coordinate_numbering_matches_a_published_fxc_listing():
    """spacehamster/DXDecompiler's Level9_Test_VS_9_0.asm (fxc 10.1, vs_4_0_level_9_1): outputs SV_POSITION o0,
    NORMAL o1, COLOR o2, TEXCOORD o3 are written as oPos, oT0 (three dp3), oT1 (mov from v2), oT2.xy (mov from
    v3): the position is not counted. Inputs keep their register numbers (dcl_texcoord v0 ... dcl_texcoord3 v3).
    The same rule maps a pixel shader's inputs to t#, so the pixel shader reading that vertex shader's COLOR
    (v2 after SV_Position v0) reads t1 -- the vertex shader's oT1."""
    vs = """cbuffer MyBuffer2 : register(b13) { float4x4 g_mWorldViewProjection; float4x4 g_mWorld;
      float4 g_vObjectColor; };
    struct I { float4 p : POSITION; float3 n : NORMAL; float4 c : COLOR; float2 t : TEXCOORD0; };
    struct O { float4 p : SV_POSITION; float3 n : NORMAL; float4 c : COLOR; float2 t : TEXCOORD0; };
    O main(I i) { O o; o.p = mul(i.p, g_mWorldViewProjection); o.n = mul(i.n, (float3x3)g_mWorld); o.c = i.c;
      o.t = i.t; return o; }"""
    prog = decode_program(parse_aon9(parse_container(compile_(vs, "vs_4_0_level_9_1")).get("Aon9")).program)
    written = {(i.dst.num, i.dst.mask) for i in prog.instructions if i.dst is not None and i.dst.reg == Reg.TEXCRDOUT}
    assert {num for num, _ in written} == {0, 1, 2}
    assert {m for num, m in written if num == 2} == {0x3}  # TEXCOORD's .xy in oT2
    assert any(i.op == "mov" and i.dst.reg == Reg.TEXCRDOUT and i.dst.num == 1 and i.srcs[0].reg == Reg.INPUT
               and i.srcs[0].num == 2 for i in prog.instructions)  # mov oT1, v2
    dcls = sorted((i.dst.num, i.decl >> 16 & 0xF) for i in prog.instructions if i.op == "dcl")
    assert dcls == [(0, 0), (1, 1), (2, 2), (3, 3)]  # dcl_texcoordN vN
    ps = """float4 main(float4 p : SV_POSITION, float3 n : NORMAL, float4 c : COLOR, float2 t : TEXCOORD0)
      : SV_TARGET { return c * 2 + t.x; }"""
    pprog = decode_program(parse_aon9(parse_container(compile_(ps, "ps_4_0_level_9_1")).get("Aon9")).program)
    assert sorted(i.dst.num for i in pprog.instructions if i.op == "dcl") == [1, 2]  # COLOR in t1, TEXCOORD in t2
    nopos = "float4 main(float4 c : COLOR, float2 t : TEXCOORD0) : SV_TARGET { return c * 2 + t.x; }"
    qprog = decode_program(parse_aon9(parse_container(compile_(nopos, "ps_4_0_level_9_1")).get("Aon9")).program)
    assert sorted(i.dst.num for i in qprog.instructions if i.op == "dcl") == [0, 1]  # no position: v# = t#


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("expr", "ref"), [
    ("(x.x > 0 ? (x.y > 0) : false) ? x : -x", lambda x: np.where((x[:, :1] > 0) & (x[:, 1:2] > 0), x, -x)),
    ("(x.x > 0 ? (x.y > 0) : true) ? x : -x", lambda x: np.where((x[:, :1] <= 0) | (x[:, 1:2] > 0), x, -x)),
    ("(x.x > 0 ? (x.y > 0) : (x.z > 1)) ? x : -x",
     lambda x: np.where(np.where(x[:, :1] > 0, x[:, 1:2] > 0, x[:, 2:3] > 1), x, -x)),
])
def test_a_ternary_of_a_comparison_and_a_constant_truth_value(expr: str, ref, target: str):
    """``movc d, c, mask, l(0)`` / ``l(0xFFFFFFFF)``: HLSL's false / true beside a comparison result."""
    x = np.random.default_rng(9).uniform(-2, 2, (32, 4)).astype(F)
    np.testing.assert_array_equal(_run_expr(expr, target, x), ref(x).astype(F))


@pytest.mark.parametrize("target", PS_TARGETS)
@pytest.mark.parametrize("expr", ["(float)(asint(x.x * 2) + 1)", "(float4)(asint(x * 2) >> 3)"])
def test_integer_arithmetic_on_a_float_computed_in_the_shader_is_x3543(expr: str, target: str):
    """asint of a float computed in the shader: fxc refuses asint itself below shader model 4 (X3543 "asint cannot
    be used on <target>", E_FAIL; d3dcompiler_47 10.1 under Wine, session 36), before the ``>>``'s X3535."""
    from pyd3d11.errors import D3D11Error
    src = f"float4 main(float4 x : TEXCOORD0) : SV_Target {{ return {expr}; }}"
    with pytest.raises(D3D11Error) as info:
        compile_(src, target)
    assert info.value.name == "E_FAIL" and f"error X3543: asint cannot be used on {target}" in str(info.value)


# --- bools and integers carried around loops that stay loops (rep) --------------------------------------------------

def _count_true(x, n):
    return sum(((x[:, 0] > i).astype(int) for i in range(max(n, 0))), np.zeros(len(x), int))


LOOP_CARRIED = [
    ("bool t = false; [loop] for (int i = 0; i < n; i++) { t = t || x.x > i; } return t ? x : -x;",
     lambda x, n: np.where((_count_true(x, n) > 0)[:, None], x, -x)),
    ("bool t = true; [loop] for (int i = 0; i < n; i++) { t = t && x.x > i; } return t ? x : -x;",
     lambda x, n: np.where((_count_true(x, n) == max(n, 0))[:, None], x, -x)),
    ("int m = 0; [loop] for (int i = 0; i < n; i++) { m = x.x > i ? m + 2 : m; } return m;",
     lambda x, n: np.repeat((2 * _count_true(x, n))[:, None], 4, axis=1)),
]


@pytest.mark.parametrize("target", ["vs_4_0_level_9_1", "vs_4_0_level_9_3"])
@pytest.mark.parametrize("idx", range(len(LOOP_CARRIED)))
def test_bools_and_integers_carried_around_rep_loops(idx: int, target: str):
    """A bool (comparison mask) or integer that starts as a constant and changes in a loop kept as ``rep``: its
    starting value is stored in the loop's form (1.0 / 0.0, the float of the integer)."""
    body, ref = LOOP_CARRIED[idx]
    if target.startswith("ps"):
        src = f"cbuffer C {{ int n; }};\nfloat4 main(float4 x : TEXCOORD0) : SV_Target {{ {body} }}"
    else:
        src = ("cbuffer C { int n; };\nstruct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
               "float4 f(float4 x) { " + body + " }\nO main(float4 x : POSITION) { O o; o.p = x; o.t = f(x); return o; }")
    blob = compile_(src, target)
    assert "rep" in {i.op for i in decode_program(parse_aon9(parse_container(blob).get("Aon9")).program).instructions}
    x = np.random.default_rng(idx).uniform(-1, 6, (32, 4)).astype(F)
    for nv in (0, 1, 4):
        w = np.zeros((4, 4), np.uint32)
        w[0, 0] = nv
        m = run_sm2(blob, w, {0: x}, 32)
        got = m.out(Reg.COLOROUT, 0) if target.startswith("ps") else m.out(Reg.TEXCRDOUT, texcoord_index(1, 0))
        np.testing.assert_array_equal(got, ref(x, nv).astype(F))


@pytest.mark.parametrize("idx", range(len(LOOP_CARRIED)))
def test_a_pixel_shader_rep_loop_is_fxcs_x3511_at_9_3(idx: int):
    # d3dcompiler_47 10.1 (session 44): ps_4_0_level_9_3 compiles no flow control (as ps_2_a / ps_2_b)
    src = f"cbuffer C {{ int n; }};\nfloat4 main(float4 x : TEXCOORD0) : SV_Target {{ {LOOP_CARRIED[idx][0]} }}"
    with pytest.raises(D3D11Error, match="X3511"):
        compile_(src, "ps_4_0_level_9_3")


def test_a_bool_toggled_in_a_loop_exiting_on_a_shader_value():
    # at vs_4_0_level_9_3 (vs_2_a's dynamic flow control); the pixel shader is fxc's X3511 at 9_3 (session 44)
    src = ("float4 main(float4 x : POSITION) : SV_Position { bool t = false; float4 r = x; [loop] while (r.x < 5) "
           "{ r.x += 1; t = !t; } return t ? r : -r; }")
    with pytest.raises(D3D11Error, match="X3511"):
        compile_(src.replace("POSITION) : SV_Position", "TEXCOORD0) : SV_Target"), "ps_4_0_level_9_3")
    x = np.random.default_rng(3).uniform(-2, 6, (32, 4)).astype(F)
    got = run_sm2(compile_(src, "vs_4_0_level_9_3"), np.zeros((4, 4), np.uint32), {0: x}, 32).out(Reg.RASTOUT, 0)
    want = []
    for row in x.astype(np.float32):
        r, t = row.copy(), False
        while r[0] < 5:
            r[0] = np.float32(r[0] + np.float32(1))
            t = not t
        want.append(r if t else -r)
    np.testing.assert_array_equal(got, np.array(want, F))


@pytest.mark.parametrize("target", PS_TARGETS)
@pytest.mark.parametrize(("text", "what"), [
    ("lt r0.x, l(0.0), v0.x\nmov o0.x, v0.y\nlt o0.y, v0.x, l(1.0)\nret\n", "comparison"),
    ("lt r0.x, l(0.0), v0.x\nftoi r1.x, v0.y\nmovc o0.x, r0.x, r1.x, v0.z\nret\n", "integer and a float"),
    ("lt r0.x, l(0.0), v0.x\nlt r1.x, v0.y, l(0.0)\nmovc r2.x, r0.x, r1.x, v0.z\nmov o0.x, r2.x\nret\n",
     "comparison result and a number"),
])
def test_reinterpreted_bit_patterns_in_moves_are_x4532(text: str, what: str, target: str):
    """A comparison's 0xFFFFFFFF written to a float output, or one movc result that is an integer on one side
    and a float (or a mask and a number) on the other: bit patterns shader model 2's float registers cannot
    hold -- fxc's X4532, as for asfloat / asint."""
    from pyd3d11.shader.hlsl.diagnostics import HlslError
    with pytest.raises(HlslError) as info:
        translate(assemble_program("ps_4_0\n" + _HEAD + text), PROFILES[target], "t.hlsl", ShaderTypes())
    assert "X4532" in str(info.value) and what in str(info.value)
