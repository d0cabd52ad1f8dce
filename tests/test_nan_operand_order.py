"""The NaN rule of float32 add/mul/mad/dp2–dp4 (alu_float.nan_first): the spec leaves NaN bits open
(spec-facts §1.1), but a payload reaches integer results through asuint, so both backends fix one rule —
the x86 one: a NaN first operand comes back quieted; otherwise the operation's own result. numpy commutes
add/mul in its SIMD loops for 17+ lanes and LLVM may commute fadd/fmul, so without the rule the answer
for two NaN operands depended on the batch size and differed between the backends (issue 12's NaN
payload differences in UAV/SO words: the pipeline fuzzer's case 108 fed such a dp4 into ubfe)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime
from pyd3d11.shader.ops.alu_float import FLOAT_OPS, dot

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
SNAN, QNAN, QNAN2 = 0x7F800123, 0xFFC00456, 0x7FC00789
ONE, INF, NINF = 0x3F800000, 0x7F800000, 0xFF800000
#: the default NaN an invalid operation with no NaN source gives is the CPU's (the spec leaves NaN bits open, both
#: backends of one machine agree): x86 0xFFC00000 (sign set), AArch64 0x7FC00000 (qemu-aarch64, session 45)
DEFAULT_NAN = 0xFFC00000 if runtime.machine() in ("x86_64", "amd64") else 0x7FC00000
X86 = ("v", 0)  # the x86 kernels' hiding statements (runtime.VECTOR_REGISTERS); AArch64's: test_native_aarch64.py

# (op, sources, expected word): the first NaN operand quieted (bit 22 set); one NaN: that NaN quieted
TABLE = [
    ("add", (SNAN, QNAN), 0x7FC00123),
    ("add", (QNAN, SNAN), QNAN),
    ("add", (ONE, SNAN), 0x7FC00123),
    ("mul", (QNAN2, QNAN), QNAN2),
    ("mul", (QNAN, QNAN2), QNAN),
    ("mad", (QNAN, QNAN2, SNAN), QNAN),  # a·b is QNAN, then (a·b) + c keeps it
    ("mad", (ONE, ONE, QNAN2), QNAN2),
    ("mad", (0, INF, QNAN2), DEFAULT_NAN),  # 0·INF is the default NaN, the first operand of the add
    ("add", (INF, NINF), DEFAULT_NAN),  # invalid with no NaN source: the CPU's default NaN
]


@pytest.mark.parametrize("name,srcs,want", TABLE)
@pytest.mark.parametrize("n", [1, 8, 16, 17, 33])
def test_reference_rule_for_every_batch_size(name, srcs, want, n):
    args = [np.full(n, s, U32) for s in srcs]
    with np.errstate(all="ignore"):
        got = FLOAT_OPS[name][1](*args)
    assert np.all(got == want), [hex(x) for x in got]


def test_reference_dot_keeps_the_running_sum_first():
    a = [np.full(20, QNAN, U32), np.full(20, ONE, U32)]
    b = [np.full(20, ONE, U32), np.full(20, QNAN2, U32)]
    with np.errstate(all="ignore"):
        assert np.all(dot(a, b) == QNAN)  # QNAN·1 = QNAN; QNAN + (1·QNAN2) keeps the sum's NaN


PROGRAMS = ["add o0.xyzw, v0.xyzw, v1.xyzw", "mul o0.xyzw, v1.xyzw, v0.xyzw", "mad o0.xyzw, v0.xyzw, v1.xyzw, v1.wzyx",
            "dp4 o0.xyzw, v0.xyzw, v1.xyzw", "dp3 o0.xy, v1.xyzw, v0.wzyx", "dp2 o0.x, |v0.xyxx|, -v1.xyxx",
            "add o0.xyzw, v0.xyzw, l(1.0, 0.0, -0.0, 2.0)", "mul o0.xyzw, l(1.0, 1.0, 1.0, 1.0), v1.xyzw",
            "mul o0.xyzw, v1.xyzw, l(1.0, 1.0, 1.0, 1.0)", "add o0.xyzw, l(-0.0, -0.0, -0.0, -0.0), v1.xyzw",
            "mad o0.xyzw, v1.xyzw, l(1.0, 1.0, 1.0, 1.0), l(-0.0, -0.0, -0.0, -0.0)",  # LLVM folds these
            # a product of two literals is a constant LLVM derives (-0·3.5 = -0, 0.1·-0 = -0), then folds the add
            # with it (pipeline fuzzer case 32031: a signalling NaN addend left unquieted)
            "mad o0.xyzw, l(-0.0, 0.1, 1.0, 0.5), l(3.5, -0.0, 1.0, 2.0), v1.xyzw"]


@pytest.mark.parametrize("line", PROGRAMS)
def test_backends_agree_on_nan_operands(line):
    src = ("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\n"
           f"{line}\nret\n")
    prog = assemble_program(src)
    rng = np.random.default_rng(4)
    pool = np.array([SNAN, QNAN, QNAN2, 0xFFFFFFFF, 0x7FC00000, ONE, INF, NINF, 0, 0x80000000, 0x00000001], U32)
    inp = rng.choice(pool, (2, 101, 4)).astype(U32)
    outs = []
    for be in ("native", "reference"):
        native.set_backend(be)
        before = runtime.stats.native_runs
        run = runtime.run_program if be == "native" else reference.run_program
        outs.append(run(prog, 101, inputs=inp).outputs)
        if be == "native":
            assert runtime.stats.native_runs == before + 1
    native.set_backend(None)
    assert np.array_equal(outs[0], outs[1]), line
    both = np.isnan(inp[0].view(np.float32)) & np.isnan(inp[1].view(np.float32))
    assert both.any()  # the case that used to depend on operand order is exercised


# Constants LLVM derives through registers (not literals at the op): an identity factor/addend it may fold
DERIVED = ["mov r0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nmul o0.xyzw, r0.xyzw, v1.xyzw",
           "mov r0.xyzw, l(-0.0, -0.0, -0.0, -0.0)\nadd o0.xyzw, r0.xyzw, v1.xyzw",
           "mul r0.xyzw, l(0.5, 0.5, 0.5, 0.5), l(2.0, 2.0, 2.0, 2.0)\nmul o0.xyzw, r0.xyzw, v0.xyzw",
           "mov r0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nmad o0.xyzw, r0.xyzw, v1.xyzw, r0.wzyx\nmul o0.x, v0.x, r0.y",
           "mov r0.xyzw, l(1.0, 1.0, 1.0, 1.0)\ndp4 o0.x, r0.xyzw, v1.xyzw\ndp2 o0.y, v0.xyxx, r0.xyxx",
           "itof r0.xyzw, l(1, -1, 2, 0)\nmul o0.xyzw, r0.xyzw, v1.xyzw",
           "itof r0.xyzw, l(1, -1, 2, 0)\nadd o0.xyzw, v1.xyzw, r0.wzyx",
           "movc r0.xyzw, v0.xxxx, l(1.0, 1.0, -1.0, -0.0), l(1.0, 1.0, -1.0, -0.0)\nmul o0.xy, r0.xyxx, v1.xyxx\n"
           "add o0.zw, r0.wwww, v1.zzzw"]

# Constants of every kind in either position: the generator takes a plain instruction for a constant that is
# no NaN, zero or ±1 (llvm_gen._plain) and the guarded form for the others
CONSTANTS = ["mul o0.xyzw, v0.xyzw, l(2.0, -2.0, 0.5, -3.0)", "mul o0.xyzw, l(2.0, -2.0, 0.5, -3.0), v1.xyzw",
             "add o0.xyzw, v0.xyzw, l(0.0, 3.0, -7.5, 1.0)", "add o0.xyzw, l(0.0, 3.0, -7.5, -1.0), v1.xyzw",
             "mul o0.xyzw, v0.xyzw, l(0x7f800000, 0xff800000, 0x7f800001, 0x7fc00000)",
             "add o0.xyzw, l(0x7f800000, 0xff800000, 0x7f800001, 0xffc00005), v1.xyzw",
             "mul o0.xyzw, v0.xyzw, l(0.0, -0.0, -1.0, 1.0)", "add o0.xyzw, v0.xyzw, l(-0.0, 0.0, -1.0, 1.0)",
             "mad o0.xyzw, v0.xyzw, l(2.0, -1.0, 0.5, 1.0), l(3.0, -0.0, 0.0, 0.25)",
             "mad o0.xyzw, l(2.0, 0x7f800001, 0.5, 1.0), v1.xyzw, l(3.0, 2.0, 0x7f800002, 0.25)",
             "mad o0.xyzw, l(2.0, 3.0, 0.5, -0.0), l(0.5, 0x7f800001, 4.0, 2.0), v1.xyzw",
             "dp4 o0.x, v0.xyzw, l(2.0, 0.5, -1.0, 3.0)\ndp3 o0.y, l(2.0, 1.0, -0.0, 3.0), v1.xyzx",
             "mul r0.xyzw, l(2.0, 0.5, 3.0, 0x7f800001), l(0.5, 2.0, 0.25, 2.0)\nmul o0.xyzw, r0.xyzw, v0.xyzw"]


def _agree(src: str) -> None:
    prog = assemble_program(src)
    rng = np.random.default_rng(5)
    pool = np.array([SNAN, QNAN, QNAN2, 0xFFFFFFFF, 0x7FC00000, 0xFF800001, ONE, INF, NINF, 0, 0x80000000, 0x00000001,
                     0x40490FDB], U32)
    inp = rng.choice(pool, (2, 203, 4)).astype(U32)
    outs = []
    for be in ("native", "reference"):
        native.set_backend(be)
        before = runtime.stats.native_runs
        run = runtime.run_program if be == "native" else reference.run_program
        try:
            outs.append(run(prog, 203, inputs=inp).outputs)
        finally:
            native.set_backend(None)
        if be == "native":
            assert runtime.stats.native_runs == before + 1
    assert np.array_equal(outs[0], outs[1]), ([hex(x) for x in outs[0].ravel()[:8]],
                                              [hex(x) for x in outs[1].ravel()[:8]])


@pytest.mark.parametrize("width", ["8", "16", "32"])
@pytest.mark.parametrize("line", PROGRAMS + DERIVED + CONSTANTS)
def test_every_width_agrees_with_the_reference(line, width, monkeypatch):
    """Kernels of 8 lanes (compute; AVX2 hosts), 16 (pixel/vertex on AVX-512) and 32 (pixel on AVX2: each opaque
    statement one ymm register of the four), with constants LLVM derives through registers (DERIVED)."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    _agree("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\n"
           f"dcl_temps 1\n{line}\nret\n")


def test_operands_are_opaque_and_the_second_is_the_first_where_it_is_nan():
    """The emitted shape (llvm_gen.Gen.arith): both operands through the empty assembly statement, the
    second replaced by the first in its NaN lanes, then the plain instruction; no repair afterwards."""
    from pyd3d11.shader.native import llvm_gen

    prog = assemble_program("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
                            "dcl_output o0.xyzw\nmul o0.xyzw, v0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n")
    text, _ = llvm_gen.generate(runtime.lowered(prog), 16, None, 8, x86_ops=False, asm_register=X86)
    assert text.count('asm "", "=v,0"') == 8  # a constant ±1: both operands opaque
    assert text.count("fcmp uno") == 4 and text.count("fmul <8 x float>") == 4


def test_a_plain_constant_takes_the_plain_instruction():
    from pyd3d11.shader.native import llvm_gen

    prog = assemble_program("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\n"
                            "mul o0.xyzw, l(2.0, 2.0, 2.0, 2.0), v0.xyzw\nret\n")
    text, _ = llvm_gen.generate(runtime.lowered(prog), 16, None, 8, x86_ops=False, asm_register=X86)
    assert 'asm ""' not in text and "fcmp uno" not in text and text.count("fmul <8 x float>") == 4


@pytest.mark.parametrize("reg_lanes", [8, 16])
@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_opaque_statements_are_one_register_wide(width, reg_lanes):
    """A kernel wider than one register (llvm_gen.Gen.opaque) passes each register-wide part through its own
    statement: an operand of the "v" constraint must fit one register (AVX2: 8 float lanes, AVX-512: 16)."""
    from pyd3d11.shader.native import llvm_gen

    prog = assemble_program("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
                            "dcl_output o0.xyzw\nmul o0.x, v0.x, v1.x\nret\n")
    text, _ = llvm_gen.generate(runtime.lowered(prog), 64, None, width, reg_lanes=reg_lanes, x86_ops=False,
                                asm_register=X86)
    lanes = min(width, reg_lanes)
    assert text.count('asm "", "=v,0"') == max(1, width // reg_lanes)  # x only: v1 is not constant
    assert text.count(f'call <{lanes} x float> asm "", "=v,0"(<{lanes} x float>') == max(1, width // reg_lanes)
