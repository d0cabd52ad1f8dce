"""float16 <-> float32 conversions as LLVM IR, in integer arithmetic: the one native definition of the rules
``formats.numerics.f32_to_f16`` / ``f16_to_f32`` state (D3D11.3 3.2.2 via 22.13.2/22.13.1: round toward zero,
a too-large value becomes the largest finite half, NaN keeps the top 10 payload bits or gets 0x200; decode
exact). The shader instructions (llvm_arith), the R16_FLOAT / R11G11B10 codecs (pipeline/native/lane_ir) and
the sampler's float16 reference quantisation (pipeline/native/sampler_gen) all emit these sequences.

Each function takes ``v`` (emits one SSA instruction, returns its name), the lane count ``w`` and an
``<w x i32>`` operand, and returns an ``<w x i32>`` value.
"""

from __future__ import annotations

from collections.abc import Callable

Emit = Callable[[str], str]


def _c(n: int) -> str:
    return f"splat (i32 {n})"


def f32_to_f16(v: Emit, w: int, b: str) -> str:
    """float32 bits → float16 code in the low 16 bits. A float32 denormal gives a signed zero: its
    significand (< 2^24) shifted by the clamped 25 is 0, so no prior flush is needed."""
    VI, VB = f"<{w} x i32>", f"<{w} x i1>"
    sg = v(f"and {VI} {v(f'lshr {VI} {b}, {_c(16)}')}, {_c(0x8000)}")
    a = v(f"and {VI} {b}, {_c(0x7FFFFFFF)}")
    # normal halves: the exponent rebiased (127 - 15 = 112 = 0x38000000 >> 23), the mantissa truncated; at or
    # above 65520 (0x477FE000) truncation would reach the INF code, so the largest finite half instead
    nm = v(f"lshr {VI} {v(f'sub {VI} {a}, {_c(0x38000000)}')}, {_c(13)}")
    big = v(f"icmp uge {VI} {a}, {_c(0x477FE000)}")
    nm = v(f"select {VB} {big}, {VI} {_c(0x7BFF)}, {VI} {nm}")
    # half denormals (|x| < 2^-14): the 24-bit significand shifted right by 126 - e, at most 25; for larger
    # e the unsigned difference wraps and is clamped too, but those lanes take ``nm``
    e = v(f"lshr {VI} {a}, {_c(23)}")
    sh = v(f"sub {VI} {_c(126)}, {e}")
    sh = v(f"select {VB} {v(f'icmp ugt {VI} {sh}, {_c(25)}')}, {VI} {_c(25)}, {VI} {sh}")
    m = v(f"or {VI} {v(f'and {VI} {a}, {_c(0x7FFFFF)}')}, {_c(0x800000)}")
    sub = v(f"lshr {VI} {m}, {sh}")
    r = v(f"select {VB} {v(f'icmp ult {VI} {a}, {_c(0x38800000)}')}, {VI} {sub}, {VI} {nm}")
    pl = v(f"and {VI} {v(f'lshr {VI} {a}, {_c(13)}')}, {_c(0x3FF)}")
    pl = v(f"select {VB} {v(f'icmp eq {VI} {pl}, zeroinitializer')}, {VI} {_c(0x200)}, {VI} {pl}")
    nan = v(f"or {VI} {pl}, {_c(0x7C00)}")
    r = v(f"select {VB} {v(f'icmp eq {VI} {a}, {_c(0x7F800000)}')}, {VI} {_c(0x7C00)}, {VI} {r}")
    r = v(f"select {VB} {v(f'icmp ugt {VI} {a}, {_c(0x7F800000)}')}, {VI} {nan}, {VI} {r}")
    return v(f"or {VI} {r}, {sg}")


def f16_to_f32(v: Emit, w: int, h: str) -> str:
    """float16 code in the low 16 bits (higher bits ignored) → float32 bits, exact, payloads kept."""
    VI, VB, VF = f"<{w} x i32>", f"<{w} x i1>", f"<{w} x float>"
    sign = v(f"shl {VI} {v(f'and {VI} {h}, {_c(0x8000)}')}, {_c(16)}")
    e = v(f"and {VI} {v(f'lshr {VI} {h}, {_c(10)}')}, {_c(31)}")
    m = v(f"and {VI} {h}, {_c(0x3FF)}")
    ms = v(f"shl {VI} {m}, {_c(13)}")
    # normal: (e + 112) << 23 | m << 13; e == 31: INF / NaN with the payload moved up
    ne = v(f"shl {VI} {v(f'add {VI} {e}, {_c(112)}')}, {_c(23)}")
    normal = v(f"or {VI} {ne}, {ms}")
    special = v(f"or {VI} {ms}, {_c(0x7F800000)}")
    # e == 0: m * 2^-24, exact in float32
    sub = v(f"fmul {VF} {v(f'uitofp {VI} {m} to {VF}')}, splat (float 0x3E70000000000000)")
    sub = v(f"bitcast {VF} {sub} to {VI}")
    r = v(f"select {VB} {v(f'icmp eq {VI} {e}, {_c(31)}')}, {VI} {special}, {VI} {normal}")
    r = v(f"select {VB} {v(f'icmp eq {VI} {e}, zeroinitializer')}, {VI} {sub}, {VI} {r}")
    return v(f"or {VI} {r}, {sign}")
