"""Native kernels' float add/mul as x86 instructions (llvm_arith.ArithMixin.x86_arith, issue 12 / session 19 K21).

Rules, from their definitions:
- alu_float.nan_first (the project's NaN rule for add, mul and mad's / dp's steps): where the first operand is a
  NaN, that NaN quieted (bit 22 set, payload and sign kept); else the IEEE result, a NaN second operand quieted,
  the default NaN 0xFFC00000 for an invalid operation (INF - INF, 0 * INF). On AVX2 hosts the generator emits
  ``{vex3} vaddps/vmulps`` with x as the first source, which is that rule in hardware (Intel SDM Vol. 1 §4.8.3.5).
  The ``{vex3}`` prefix is part of the rule: without it LLVM's assembler swaps the two sources of a commutative VEX
  instruction whose second source is ymm8-15 (a shorter encoding), which made y the first source.
- transcendental.sin / cos (22.10.20): +-INF gives the default NaN, a NaN input comes back unchanged, the result
  lies in [-1, 1]. With x86 instructions the +-INF select is left out (llvm_seq.LlvmOps.inf_gives_default_nan):
  the reduction's INF - INF already is that NaN.

Every expected value here is written from those definitions (tables of bit patterns), and each native result is
also compared bit for bit with the reference executor.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import llvm_gen, runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
SNAN, QNAN, QNAN2, NNAN = 0x7F800123, 0xFFC00456, 0x7FC00789, 0xFFFFFFFF
ONE, TWO, INF, NINF, DEFAULT_NAN = 0x3F800000, 0x40000000, 0x7F800000, 0xFF800000, 0xFFC00000

_HEAD = "ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 4\n"


def _x86_host() -> bool:
    return runtime.x86_ops()


def _run_both(src: str, inp: np.ndarray, width: str, monkeypatch) -> tuple[np.ndarray, np.ndarray]:
    """(native, reference) outputs of ``src``; the native kernel must run (no fallback)."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    prog = assemble_program(src)
    n = inp.shape[1]
    native.set_backend("native")
    try:
        before = runtime.stats.native_runs
        a = runtime.run_program(prog, n, inputs=inp).outputs
        assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    finally:
        native.set_backend(None)
    with np.errstate(all="ignore"):
        b = reference.run_program(prog, n, inputs=inp).outputs
    return np.asarray(a, U32), np.asarray(b, U32)


# (x, y, x + y, x * y) from the rule: the first NaN operand quieted; one NaN: it quieted; invalid: default NaN
ARITH = [
    (SNAN, QNAN, 0x7FC00123, 0x7FC00123), (QNAN, SNAN, QNAN, QNAN), (NNAN, QNAN, NNAN, NNAN),
    (QNAN2, NNAN, QNAN2, QNAN2), (ONE, SNAN, 0x7FC00123, 0x7FC00123), (SNAN, ONE, 0x7FC00123, 0x7FC00123),
    (INF, NINF, DEFAULT_NAN, NINF), (0, INF, INF, DEFAULT_NAN), (ONE, TWO, 0x40400000, TWO),
    (0x80000000, 0, 0, 0x80000000),
]


@pytest.mark.parametrize("width", ["8", "32"])
def test_first_nan_operand_in_every_register(width, monkeypatch):
    """Sixteen independent adds and muls, all live (four output registers): a 32-lane step holds their operands in
    all sixteen ymm registers, so sources land in ymm8-15 too, where the VEX commute happened; every lane of every
    result against the table."""
    head = ("ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
            + "".join(f"dcl_output o{k}.xyzw\n" for k in range(4)))
    body = ""
    for k in range(4):
        a, b = "xyzw"[k], "wzyx"[k]
        body += (f"add o{k}.x, v0.{a}, v1.{a}\nmul o{k}.y, v0.{a}, v1.{a}\n"
                 f"add o{k}.z, v0.{b}, v1.{b}\nmul o{k}.w, v0.{b}, v1.{b}\n")
    rows = len(ARITH)
    n = 64
    inp = np.zeros((2, n, 4), U32)
    for lane in range(n):
        for c in range(4):
            x, y, *_ = ARITH[(lane + c) % rows]
            inp[0, lane, c], inp[1, lane, c] = x, y
    a, b = _run_both(head + body + "ret\n", inp, width, monkeypatch)
    for k in range(4):
        ca, cb = k, 3 - k
        want = np.array([[ARITH[(lane + ca) % rows][2], ARITH[(lane + ca) % rows][3],
                          ARITH[(lane + cb) % rows][2], ARITH[(lane + cb) % rows][3]] for lane in range(n)], U32)
        assert np.array_equal(a[k], want), (k, [hex(v) for v in a[k].ravel()[:8]])
    assert np.array_equal(a, b)


@pytest.mark.parametrize("width", ["8", "16", "32"])
@pytest.mark.parametrize("op,col", [("add", 2), ("mul", 3)])
def test_guarded_op_table(op, col, width, monkeypatch):
    """o0 = v0 op v1 and o0 = v1 op v0 (either operand first), every row of the table in every component."""
    rows = len(ARITH)
    n = 4 * rows
    inp = np.zeros((2, n, 4), U32)
    want = np.zeros((n, 4), U32)
    for lane in range(n):
        for c in range(4):
            r = ARITH[(lane + c) % rows]
            inp[0, lane, c], inp[1, lane, c] = r[0], r[1]
            want[lane, c] = r[col]
    a, b = _run_both(_HEAD + f"{op} o0.xyzw, v0.xyzw, v1.xyzw\nret\n", inp, width, monkeypatch)
    assert np.array_equal(a[0], want) and np.array_equal(a, b)
    swapped = inp[::-1].copy()
    a, b = _run_both(_HEAD + f"{op} o0.xyzw, v1.xyzw, v0.xyzw\nret\n", swapped, width, monkeypatch)
    assert np.array_equal(a[0], want) and np.array_equal(a, b)


# sin / cos special values (22.10.20) and a few ordinary ones whose float32 results the definition fixes exactly
SINCOS = [
    (INF, DEFAULT_NAN, DEFAULT_NAN), (NINF, DEFAULT_NAN, DEFAULT_NAN), (SNAN, SNAN, SNAN), (QNAN, QNAN, QNAN),
    (NNAN, NNAN, NNAN), (0, 0, ONE), (0x80000000, 0x80000000, ONE), (0x00000001, 0, ONE),  # a denormal: flushed
    (0x807FFFFF, 0x80000000, ONE),
]


@pytest.mark.parametrize("width", ["8", "32"])
def test_sincos_special_values(width, monkeypatch):
    n = 8 * len(SINCOS)
    inp = np.zeros((2, n, 4), U32)
    inp[0, :, 0] = [SINCOS[i % len(SINCOS)][0] for i in range(n)]
    # large finite inputs too (the reduction degrades there but the result stays a float in [-1, 1] or the
    # same NaN as the reference): compared with the reference only
    inp[0, :, 1] = np.resize(np.array([0x7F7FFFFF, 0xFF7FFFFF, 0x4F000000, 0x5F000000, 0x40490FDB, 0x3FC90FDB], U32),
                             n)
    src = _HEAD + "sincos o0.x, o0.y, v0.x\nsincos o0.z, o0.w, v0.y\nret\n"
    a, b = _run_both(src, inp, width, monkeypatch)
    want_s = np.array([SINCOS[i % len(SINCOS)][1] for i in range(n)], U32)
    want_c = np.array([SINCOS[i % len(SINCOS)][2] for i in range(n)], U32)
    assert np.array_equal(a[0, :, 0], want_s), [hex(v) for v in a[0, :9, 0]]
    assert np.array_equal(a[0, :, 1], want_c), [hex(v) for v in a[0, :9, 1]]
    assert np.array_equal(a, b)
    f = a[0, :, 2:].view(np.float32)
    assert np.all((np.abs(f) <= 1) | np.isnan(f))


@pytest.mark.backend_independent
@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_x86_form_one_statement_per_register(width):
    """The emitted shape (generation only): each guarded add/mul one ``{vex3}`` statement per 8-lane register
    part, x as $1 (the first source), no NaN compare; sincos without its INF compare; the portable form otherwise."""
    prog = assemble_program(_HEAD + "mul o0.x, v0.x, v1.x\nadd o0.y, v1.y, v0.y\nsincos o0.z, null, v0.z\nret\n")
    lw = runtime.lowered(prog)
    text, _ = llvm_gen.generate(lw, 64, None, width, reg_lanes=8, x86_ops=True)
    parts = width // 8
    assert text.count('asm "{vex3} vmulps $2, $1, $0", "=x,x,x"(<8 x float>') == parts
    assert text.count('asm "{vex3} vaddps $2, $1, $0", "=x,x,x"(<8 x float>') == parts
    assert "fcmp uno" in text  # sincos keeps its NaN-input select
    assert text.count("fcmp uno") == 1 and "fcmp oeq" not in text  # ... but no +-INF compare
    plain, _ = llvm_gen.generate(lw, 64, None, width, reg_lanes=8, x86_ops=False)
    assert "vex3" not in plain and plain.count("fcmp uno") == 3 and "fcmp oeq" in plain


@pytest.mark.backend_independent
def test_no_x86_form_for_sixteen_lane_registers():
    """AVX-512 targets (16-lane registers) keep the portable form (the statements are VEX ymm forms)."""
    prog = assemble_program(_HEAD + "mul o0.x, v0.x, v1.x\nret\n")
    text, _ = llvm_gen.generate(runtime.lowered(prog), 64, None, 16, reg_lanes=16, x86_ops=True)
    assert "vex3" not in text and "fcmp uno" in text


def test_host_decision():
    """runtime.x86_ops: an x86 host with AVX and without AVX-512, unless PYD3D11_NATIVE_X86_OPS=0."""
    feats = runtime.host_features()
    import platform

    expect = platform.machine().lower() in ("x86_64", "amd64") and "+avx" in feats and "+avx512f" not in feats
    assert runtime.x86_ops() == (expect and runtime.X86_OPS)


# S1z's pixel shader (bench/bench_graphics.py PS_FILL, the peer benchmark's fill shader): four sin/cos, products,
# dot, saturate — the kernel these forms were made for, natively against the reference over a grid of inputs
def _bench_module(name: str):
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "bench" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


#: the S1z benchmark's pixel shader, as bench/bench_graphics.py draws it
_PS_FILL = _bench_module("bench_graphics").PS_FILL


@pytest.mark.parametrize("width", ["8", "32"])
def test_fill_shader_matches_the_reference(width, monkeypatch):
    g = (np.arange(64, dtype=np.float32) + 0.5) / 64
    u, v = np.meshgrid(g, g)
    extra = np.array([[0, 0], [1, 1], [-1e30, 1e30], [np.inf, -np.inf], [np.nan, 0.25], [1e-40, -1e-40]], np.float32)
    uv = np.concatenate([np.stack([u.ravel(), v.ravel()], 1), extra])
    inp = np.zeros((2, uv.shape[0], 4), np.float32)
    inp[1, :, :2] = uv
    a, b = _run_both(_PS_FILL, inp.view(U32), width, monkeypatch)
    assert np.array_equal(a, b)


@pytest.mark.backend_independent
def test_float_constants_come_from_the_table():
    """x86 form: the kernel function holds no float constant vector (each is a load from @kconst through %ktab), the
    table holds each distinct constant once, in first-use order; the portable form keeps them inline."""
    lw = runtime.lowered(assemble_program(_PS_FILL))
    text, _ = llvm_gen.generate(lw, 256, None, 32, reg_lanes=8, x86_ops=True)
    kernel = text[text.index("define void @kernel"):]
    assert "to <32 x float>" not in "\n".join(ln for ln in kernel.splitlines() if "bitcast <32 x i32> splat" in ln)
    table = text.split("@kconst = internal constant", 1)[1].split("\n", 1)[0]
    words = [int(w) for w in re.findall(r"splat \(i32 (-?\d+)\)", table)]
    assert len(words) == len(set(words)) and 0x3EA2F983 in words  # 1/pi, the sin/cos reduction's factor
    plain, _ = llvm_gen.generate(lw, 256, None, 32, reg_lanes=8, x86_ops=False)
    assert "@kconst" not in plain and f"splat (i32 {0x3EA2F983}) to <32 x float>" in plain
