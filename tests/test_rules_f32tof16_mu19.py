"""f32tof16 (D3D11.3 §22.13.2, conversion by §3.2.2: round toward zero, a finite value past float16's range becomes
the largest finite half) at the two places session 16's hand mutations found unguarded.

1. The overflow edge. Every float32 in [65504, 65536) truncates onto 65504 (0x7BFF) by the mantissa rule itself; from
   2^16 = 65536 on, the rebiased exponent would be 31 (INF's), so the "past the range -> 0x7BFF" rule must start at
   2^16 at the latest. The session-15 table had 65520 and 70000 but nothing in [2^16, 70000): a threshold moved up to
   just past 2^16 (in the reference or in the native integer sequence) turned 65536 into INF unnoticed.
2. Operands the native compiler knows: with literal operands LLVM folds the native sequence at compile time, and a
   logical shift by 32 or more is poison there (LLVM LangRef, ``lshr``), not 0 as x86's vector shift gives at run
   time. The half-denormal path shifts the 24-bit significand right by 126 - e; the rule that clamps that count (to
   25: M < 2^24, so M >> 25 = 0 like any larger shift) only shows with known operands. The session-15 tests passed
   every value through inputs, so dropping the clamp went unnoticed.

Expected codes come from ``spec_f32tof16`` (test_rules_f32tof16.py), which truncates onto the half grid as §3.2.2
says, never from the project's conversion functions."""

from __future__ import annotations

import numpy as np
import pytest
from test_native_backend import _both, _lanes
from test_rules_f32tof16 import CASES, spec_f32tof16

from pyd3d11.formats.numerics import f32_to_f16
from pyd3d11.shader.ops.alu_float import f32tof16

U32 = np.uint32

#: (float32 word, expected half code by §3.2.2, why): the overflow edge, both signs
OVERFLOW_EDGE = [
    (0x477FE000, 0x7BFF, "65504: the largest half, exact"),
    (0x477FEFFF, 0x7BFF, "65504 + a bit less than half an ulp of half"),
    (0x477FF000, 0x7BFF, "65520: RNE's overflow point"),
    (0x477FFFFF, 0x7BFF, "the largest float32 below 2^16: truncates to 65504"),
    (0x47800000, 0x7BFF, "2^16 exactly: its exponent is INF's, the rule gives the largest finite"),
    (0x47800001, 0x7BFF, "2^16 + 1 float32 ulp"),
    (0x47801000, 0x7BFF, "2^16 + 2^-13 * 2^16: would be half 0x7C01 (a NaN) by the bare mantissa rule"),
    (0x47FFFFFF, 0x7BFF, "just below 2^17"),
    (0x48000000, 0x7BFF, "2^17"),
    (0xC7800000, 0xFBFF, "-2^16: the negative largest finite"),
    (0xC7FFFFFF, 0xFBFF, "just above -2^17"),
]


@pytest.mark.backend_independent
def test_the_edge_table_follows_the_rule():
    """The hand-written codes agree with the rule's reading (the half grid): guards the table itself."""
    assert [spec_f32tof16(w) for w, _, _ in OVERFLOW_EDGE] == [c for _, c, _ in OVERFLOW_EDGE]


@pytest.mark.backend_independent
@pytest.mark.parametrize("word,code,why", OVERFLOW_EDGE, ids=[r[2][:40] for r in OVERFLOW_EDGE])
def test_overflow_edge_executor_and_format(word, code, why):
    w = np.array([word], U32)
    assert int(f32tof16(w)[0]) == code, why
    assert int(f32_to_f16(w.view(np.float32))[0]) == code, why


def test_overflow_edge_on_both_backends():
    words = np.array([w for w, _, _ in OVERFLOW_EDGE], U32)
    src = "ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\nf32tof16 o0.xyzw, v0.xyzw\nret\n"
    out = _both(src, _lanes(words))
    assert out[0, :, 0].tolist() == [c for _, c, _ in OVERFLOW_EDGE]


#: every word of both tables, padded to whole groups of four (one immediate vector per instruction)
_WORDS = [w for w, _ in CASES] + [w for w, _, _ in OVERFLOW_EDGE] + [
    0x33000000,  # 2^-25: shift 25 exactly
    0x32FFFFFF,  # just below: shift 26 before the clamp
    0x0C800000,  # 2^-102: shift 102 before the clamp
    0x80800000,  # -FLT_MIN: -0
]
_WORDS += [0] * (-len(_WORDS) % 4)


def test_literal_operands_on_both_backends():
    """Each word as an immediate operand (``l(0x...)``): the native code is folded at compile time, where an
    unclamped shift count (126 - e reaches 126) would be poison. Four words per instruction, one output register
    each, at most eight output registers per shader (a pixel shader has o0..o7)."""
    groups = [_WORDS[i:i + 4] for i in range(0, len(_WORDS), 4)]
    got = []
    for s in range(0, len(groups), 8):
        part = groups[s:s + 8]
        decl = "".join(f"dcl_output o{k}.xyzw\n" for k in range(len(part)))
        body = "".join(f"f32tof16 o{k}.xyzw, l({', '.join(f'0x{w:08x}' for w in g)})\n" for k, g in enumerate(part))
        out = _both(f"ps_5_0\ndcl_input_ps constant v0.xyzw\n{decl}{body}ret\n", _lanes(np.zeros(4, U32)))
        got += [int(out[k, 0, c]) for k in range(len(part)) for c in range(4)]
    assert got == [spec_f32tof16(w) for w in _WORDS]
