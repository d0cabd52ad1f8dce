"""Reference executor ALU rules (spec-facts §1.1, §1.15; D3D11.3 ch. 22), written in assembly.
Each test feeds per-lane inputs through v0/v1 and checks every lane against an independent formula."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from test_rules_f32tof16 import spec_f32tof16

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

#: every test runs on both shader backends (reference and native)
pytestmark = pytest.mark.usefixtures("both_backends")

F = np.float32


def f2u(*vals) -> list[int]:
    return [struct.unpack("<I", struct.pack("<f", v))[0] for v in vals]


def run(body: str, v0, v1=None, v2=None, cb=None, target="ps_5_0", temps=4) -> np.ndarray:
    """Run ``body`` with per-lane inputs v0..v2 ((N,4) uint32); returns o0 as (N,4) uint32."""
    text = f"{target}\ndcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
    text += "dcl_output o0.xyzw\ndcl_output o1.xyzw\n" + f"dcl_temps {temps}\n" + body + "\nret\n"
    prog = assemble_program(text)
    v0 = np.asarray(v0, np.uint32).reshape(-1, 4)
    n = v0.shape[0]
    regs = [v0] + [np.zeros((n, 4), np.uint32) if v is None else np.asarray(v, np.uint32).reshape(n, 4)
                   for v in (v1, v2)]
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, np.asarray(cb, np.uint32))
    return run_program(prog, n, inputs=np.stack(regs), bindings=b).outputs[0]


def lanes(*cols) -> np.ndarray:
    """Columns (x values, y values, ...) → (N, 4) uint32."""
    cols = [np.asarray(c, np.uint32) for c in cols]
    out = np.zeros((cols[0].size, 4), np.uint32)
    for i, c in enumerate(cols):
        out[:, i] = c
    return out


DENORM = 0x00000001
NDENORM = 0x80000010
NAN = 0x7FC00000
INF = 0x7F800000
NINF = 0xFF800000


def test_denormals_flushed_by_arithmetic_not_by_mov():
    v = lanes([DENORM, NDENORM, 0x3F800000], [0, 0, DENORM])
    o = run("add o0.x, v0.x, v0.y\nmov o0.y, v0.x\nmul o0.z, v0.x, l(1.0)\nmovc o0.w, l(1), v0.y, v0.x", v)
    # add: denorm flushed to sign-preserving zero, then -0 + +0 = +0 (IEEE)
    assert o[:, 0].tolist() == [0, 0, 0x3F800000]
    assert o[:, 1].tolist() == [DENORM, NDENORM, 0x3F800000]  # mov keeps bits
    assert o[:, 2].tolist() == [0, 0x80000000, 0x3F800000]  # x*1.0 flushed, sign kept
    assert o[:, 3].tolist() == [0, 0, DENORM]  # movc keeps bits


def test_denormal_results_are_flushed():
    tiny = f2u(1e-30)[0]
    o = run("mul o0.x, v0.x, v0.x\nmul o0.y, -v0.x, v0.x", lanes([tiny]))
    assert o[0, 0] == 0 and o[0, 1] == 0x80000000


def test_min_max_return_the_non_nan_operand_and_compares_with_nan():
    v = lanes([NAN, f2u(1.0)[0], NAN], [f2u(2.0)[0], NAN, NAN])
    o = run("min o0.x, v0.x, v0.y\nmax o0.y, v0.x, v0.y\neq o0.z, v0.x, v0.y\nne o0.w, v0.x, v0.y", v)
    assert o[0, :2].tolist() == f2u(2.0, 2.0) and o[1, :2].tolist() == f2u(1.0, 1.0)
    assert np.isnan(o[2, :2].view(F)).all()
    assert o[:, 2].tolist() == [0, 0, 0] and o[:, 3].tolist() == [0xFFFFFFFF] * 3


def test_compare_zero_signs_equal_and_lt_ge():
    v = lanes(f2u(0.0, -1.0, 3.0), f2u(-0.0, 2.0, 3.0))
    o = run("eq o0.x, v0.x, v0.y\nlt o0.y, v0.x, v0.y\nge o0.z, v0.x, v0.y", v)
    assert o[:, 0].tolist() == [0xFFFFFFFF, 0, 0xFFFFFFFF]
    assert o[:, 1].tolist() == [0, 0xFFFFFFFF, 0]
    assert o[:, 2].tolist() == [0xFFFFFFFF, 0, 0xFFFFFFFF]


def test_ftoi_ftou_saturate_truncate_nan_to_zero():
    xs = [3.7, -3.7, 3e9, -3e9, float("inf"), float("-inf"), float("nan"), 4294967296.0 * 2]
    v = lanes(f2u(*xs))
    o = run("ftoi o0.x, v0.x\nftou o0.y, v0.x", v)
    want_i = [3, -3, 2**31 - 1, -(2**31), 2**31 - 1, -(2**31), 0, 2**31 - 1]
    want_u = [3, 0, 3000000000, 0, 2**32 - 1, 0, 0, 2**32 - 1]
    assert o[:, 0].view(np.int32).tolist() == want_i
    assert o[:, 1].tolist() == want_u


def test_itof_utof_round_to_nearest_even():
    ints = [16777217, -16777219, 0x7FFFFFFF, 0x80000000]
    v = lanes(np.array(ints, np.int64).astype(np.uint32))
    o = run("itof o0.x, v0.x\nutof o0.y, v0.x", v)
    want_i = [float(np.float32(np.int32(np.int64(i).astype(np.uint32).view(np.int32)))) for i in ints]
    assert o[:, 0].view(F).tolist() == [16777216.0, -16777220.0, 2147483648.0, -2147483648.0]
    assert o[:, 0].view(F).tolist() == want_i
    # utof of 2**32 - 16777219 = 4278190077 rounds to 4278190080 (nearest even of the 2**8 grid)
    assert o[:, 1].view(F).tolist() == [16777216.0, 4278190080.0, 2147483648.0, 2147483648.0]


def test_rcp_rsq_sqrt_log_exp_specials():
    xs = [0.0, -0.0, float("inf"), -1.0, 4.0]
    v = lanes(f2u(*xs))
    o = run("rcp o0.x, v0.x\nrsq o0.y, v0.x\nsqrt o0.z, v0.x\nlog o0.w, v0.x", v).view(F)
    assert o[:, 0].tolist()[:3] == [float("inf"), float("-inf"), 0.0] and o[4, 0] == 0.25
    assert o[0, 1] == float("inf") and o[1, 1] == float("-inf") and o[2, 1] == 0.0 and np.isnan(o[3, 1])
    assert o[4, 1] == 0.5
    assert np.signbit(o[1, 2]) and o[1, 2] == 0 and np.isnan(o[3, 2]) and o[4, 2] == 2.0
    assert o[0, 3] == float("-inf") and o[1, 3] == float("-inf") and np.isnan(o[3, 3]) and o[4, 3] == 2.0
    e = run("exp o0.x, v0.x", lanes(f2u(3.0, float("-inf"), 0.5))).view(F)[:, 0]
    assert e[0] == 8.0 and e[1] == 0.0 and abs(e[2] - np.float32(2 ** 0.5)) <= np.spacing(np.float32(1.4))


def test_frc_and_rounding_modes():
    xs = [2.5, -2.5, 1.75, -1.25]
    o = run("frc o0.x, v0.x\nround_ne o0.y, v0.x\nround_ni o0.z, v0.x\nround_pi o0.w, v0.x", lanes(f2u(*xs))).view(F)
    assert o[:, 0].tolist() == [0.5, 0.5, 0.75, 0.75]
    assert o[:, 1].tolist() == [2.0, -2.0, 2.0, -1.0]
    assert o[:, 2].tolist() == [2.0, -3.0, 1.0, -2.0]
    assert o[:, 3].tolist() == [3.0, -2.0, 2.0, -1.0]
    z = run("round_z o0.x, v0.x", lanes(f2u(*xs))).view(F)[:, 0]
    assert z.tolist() == [2.0, -2.0, 1.0, -1.0]


def test_saturate_clamps_and_maps_nan_to_zero():
    o = run("add_sat o0.x, v0.x, l(0.0)\nmov_sat o0.y, v0.x", lanes(f2u(2.0, -1.0, float("nan"), 0.25))).view(F)
    assert o[:, 0].tolist() == [1.0, 0.0, 0.0, 0.25] and o[:, 1].tolist() == [1.0, 0.0, 0.0, 0.25]


def test_sincos_with_null_destination():
    xs = np.array([0.0, 1.0, -2.0, 3.14159], np.float32)
    o = run("sincos null, o0.y, v0.x\nsincos o0.x, null, v0.x", lanes(xs.view(np.uint32))).view(F)
    assert np.allclose(o[:, 0], np.sin(xs.astype(np.float64)), atol=2e-7)
    assert np.allclose(o[:, 1], np.cos(xs.astype(np.float64)), atol=2e-7)


def test_dot_products():
    a = np.array([[1, 2, 3, 4], [0.5, -1, 2, 8]], np.float32)
    b = np.array([[4, 3, 2, 1], [2, 2, 2, 0.5]], np.float32)
    o = run("dp2 o0.x, v0.xyzw, v1.xyzw\ndp3 o0.y, v0.xyzw, v1.xyzw\ndp4 o0.z, v0.xyzw, v1.xyzw",
            a.view(np.uint32), b.view(np.uint32)).view(F)
    assert o[:, 0].tolist() == [10.0, -1.0] and o[:, 1].tolist() == [16.0, 3.0] and o[:, 2].tolist() == [20.0, 7.0]


U = [0, 1, 5, 0x80000000, 0xFFFFFFFF, 0x12345678, 0xDEADBEEF, 77]
W = [3, 0, 7, 2, 0xFFFFFFFF, 0x1000, 1, 40]


def test_integer_arithmetic_against_python_ints():
    v = lanes(U, W)
    o = run("iadd o0.x, v0.x, v0.y\nineg o0.y, v0.x\niadd o0.z, -v0.x, l(0)\nimad o0.w, v0.x, v0.y, l(3)", v)
    for i, (a, b) in enumerate(zip(U, W)):
        assert o[i, 0] == (a + b) & 0xFFFFFFFF
        assert o[i, 1] == (-a) & 0xFFFFFFFF and o[i, 2] == (-a) & 0xFFFFFFFF
        assert o[i, 3] == (a * b + 3) & 0xFFFFFFFF


def _s(x):
    return x - (1 << 32) if x & 0x80000000 else x


def test_two_destination_ops():
    v = lanes(U, W)
    o = run("imul o0.x, o0.y, v0.x, v0.y\numul o0.z, o0.w, v0.x, v0.y", v)
    d = run("udiv o0.x, o0.y, v0.x, v0.y\nuaddc o0.z, o0.w, v0.x, v0.y", v)
    s = run("usubb o0.x, o0.y, v0.x, v0.y\nudiv null, o0.z, v0.x, v0.y", v)
    for i, (a, b) in enumerate(zip(U, W)):
        p = _s(a) * _s(b)
        assert (o[i, 0], o[i, 1]) == ((p >> 32) & 0xFFFFFFFF, p & 0xFFFFFFFF)
        q = a * b
        assert (o[i, 2], o[i, 3]) == (q >> 32, q & 0xFFFFFFFF)
        want = (0xFFFFFFFF, 0xFFFFFFFF) if b == 0 else (a // b, a % b)
        assert (d[i, 0], d[i, 1]) == want and s[i, 2] == want[1]
        assert (d[i, 2], d[i, 3]) == ((a + b) & 0xFFFFFFFF, (a + b) >> 32)
        assert (s[i, 0], s[i, 1]) == ((a - b) & 0xFFFFFFFF, int(a < b))


def test_shifts_use_low_five_bits_and_compares():
    v = lanes(U, W)
    o = run("ishl o0.x, v0.x, v0.y\nushr o0.y, v0.x, v0.y\nishr o0.z, v0.x, v0.y\nilt o0.w, v0.x, v0.y", v)
    m = run("ult o0.x, v0.x, v0.y\nimin o0.y, v0.x, v0.y\numax o0.z, v0.x, v0.y\nige o0.w, v0.x, v0.y", v)
    for i, (a, b) in enumerate(zip(U, W)):
        sh = b & 31
        assert o[i, 0] == (a << sh) & 0xFFFFFFFF and o[i, 1] == a >> sh
        assert o[i, 2] == (_s(a) >> sh) & 0xFFFFFFFF
        assert o[i, 3] == (0xFFFFFFFF if _s(a) < _s(b) else 0) and m[i, 3] == (0xFFFFFFFF if _s(a) >= _s(b) else 0)
        assert m[i, 0] == (0xFFFFFFFF if a < b else 0)
        assert m[i, 1] == min(_s(a), _s(b)) & 0xFFFFFFFF and m[i, 2] == max(a, b)


def _ubfe(w, o, s):
    w, o = w & 31, o & 31
    if w == 0:
        return 0
    if w + o < 32:
        return ((s << (32 - w - o)) & 0xFFFFFFFF) >> (32 - w)
    return s >> o


def _ibfe(w, o, s):
    w, o = w & 31, o & 31
    if w == 0:
        return 0
    if w + o < 32:
        return (_s((s << (32 - w - o)) & 0xFFFFFFFF) >> (32 - w)) & 0xFFFFFFFF
    return (_s(s) >> o) & 0xFFFFFFFF


def _bfi(w, o, ins, base):
    w, o = w & 31, o & 31
    mask = (((1 << w) - 1) << o) & 0xFFFFFFFF
    return ((ins << o) & mask) | (base & ~mask & 0xFFFFFFFF)


def test_bitfield_ops_follow_spec_pseudocode():
    rng = np.random.default_rng(5)
    n = 64
    w = rng.integers(0, 40, n).astype(np.uint32)
    off = rng.integers(0, 40, n).astype(np.uint32)
    s = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    o = run("ubfe o0.x, v0.x, v0.y, v0.z\nibfe o0.y, v0.x, v0.y, v0.z\nbfi o0.z, v0.x, v0.y, v0.z, v0.w",
            lanes(w, off, s, b))
    for i in range(n):
        a = (int(w[i]), int(off[i]), int(s[i]))
        assert o[i, 0] == _ubfe(*a) and o[i, 1] == _ibfe(*a) and o[i, 2] == _bfi(*a, int(b[i]))


def test_bit_counting_ops():
    vals = [0, 1, 0x80000000, 0xFFFFFFFF, 0x00F00000, 0xFFFF0000, 0x7FFFFFFF, 6]
    o = run("countbits o0.x, v0.x\nfirstbit_hi o0.y, v0.x\nfirstbit_lo o0.z, v0.x\nfirstbit_shi o0.w, v0.x",
            lanes(vals))
    r = run("bfrev o0.x, v0.x\nnot o0.y, v0.x", lanes(vals))
    for i, x in enumerate(vals):
        assert o[i, 0] == bin(x).count("1")
        assert o[i, 1] == (0xFFFFFFFF if x == 0 else 31 - (x.bit_length() - 1))
        assert o[i, 2] == (0xFFFFFFFF if x == 0 else (x & -x).bit_length() - 1)
        y = x ^ 0xFFFFFFFF if x & 0x80000000 else x
        assert o[i, 3] == (0xFFFFFFFF if y == 0 else 31 - (y.bit_length() - 1))
        assert r[i, 0] == int(f"{x:032b}"[::-1], 2) and r[i, 1] == x ^ 0xFFFFFFFF


def test_msad():
    rng = np.random.default_rng(1)
    ref = rng.integers(0, 2**32, 16, dtype=np.uint64).astype(np.uint32)
    ref[0] = 0x00FF0000  # zero bytes are skipped
    src = rng.integers(0, 2**32, 16, dtype=np.uint64).astype(np.uint32)
    acc = rng.integers(0, 1000, 16).astype(np.uint32)
    o = run("msad o0.x, v0.x, v0.y, v0.z", lanes(ref, src, acc))
    for i in range(16):
        t = int(acc[i])
        for k in range(4):
            r, s = (int(ref[i]) >> 8 * k) & 255, (int(src[i]) >> 8 * k) & 255
            t += 0 if r == 0 else abs(r - s)
        assert o[i, 0] == t & 0xFFFFFFFF


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_f16_conversions():
    xs = np.array([1.0, -2.5, 65504.0, 1e-7, 70000.0, 0.333], np.float32)
    o = run("f32tof16 o0.x, v0.x\nf16tof32 o0.y, v0.y", lanes(xs.view(np.uint32),
                                                               xs.astype(np.float16).view(np.uint16)))
    # f32tof16 rounds toward zero, 70000 -> the largest finite half (§3.2.2; test_rules_f32tof16.py has the table)
    assert o[:, 0].tolist() == [spec_f32tof16(w) for w in xs.view(np.uint32)]
    assert o[:, 1].view(F).tolist() == xs.astype(np.float16).astype(np.float32).tolist()


def test_swapc_and_movc():
    v = lanes([0, 1, 0xFFFFFFFF], [10, 11, 12], [20, 21, 22])
    o = run("swapc o0.xy, o0.zw, v0.xxxx, v0.yyyy, v0.zzzz", v)
    assert o[:, 0].tolist() == [10, 21, 22] and o[:, 1].tolist() == [10, 21, 22]
    assert o[:, 2].tolist() == [20, 11, 12] and o[:, 3].tolist() == [20, 11, 12]
    m = run("movc o0.x, v0.x, v0.y, v0.z", v)
    assert m[:, 0].tolist() == [20, 11, 12]


def test_doubles_not_flushed_and_conversions():
    d = np.array([5e-324, 1.5, -2.25], np.float64)  # a double denormal survives
    w = d.view(np.uint32).reshape(-1, 2)
    v = lanes(w[:, 0], w[:, 1], w[:, 0], w[:, 1])
    o = run("dadd o0.xy, v0.xyxy, v0.zwzw\ndtof o0.z, v0.xyxy\ndtoi o0.w, v0.xyxy", v)
    got = o[:, :2].copy().view(np.float64)[:, 0]
    assert got.tolist() == (d + d).tolist()
    assert o[:, 2].view(F).tolist() == [0.0, 1.5, -2.25]
    assert o[:, 3].view(np.int32).tolist() == [0, 1, -2]


@pytest.mark.parametrize("src,want", [("-v0.x", 0x80000000 | 0x3F800000), ("|v0.x|", 0x3F800000)])
def test_float_source_modifiers_on_mov(src, want):
    o = run(f"mov o0.x, {src}", lanes([0xBF800000 if "|" in src else 0x3F800000]))
    assert o[0, 0] == want
