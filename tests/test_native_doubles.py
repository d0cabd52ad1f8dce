"""Double-precision instructions (D3D11.3 §22.14; spec-facts §1.1 "Doubles") compiled by the native backend.

Two parts:
- the rules themselves, on the reference (the oracle): IEEE results with no denormal flush, computed here
  independently (Python floats, ``fractions``), and the NaN / signed-zero rule this implementation fixes
  where the spec leaves the bits open (alu_double's docstring) — including that a result no longer
  depends on how many lanes run together (numpy's loops answered differently for 8 and 9 lanes);
- differential: every double op in pixel, vertex and compute shaders on both backends over random inputs
  with specials (±0, denormals, ±INF, quiet and signalling NaNs with payloads), every result bit equal and
  no fallback.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import numpy as np
import pytest

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import lower, runtime
from pyd3d11.shader.ops.alu_double import DEFAULT_NAN, DOUBLE_OPS
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind
from pyd3d11.tools.backend_diff import diff_program
from pyd3d11.tools.program_gen import random_program

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32, U64, F64 = np.uint32, np.uint64, np.float64


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)  # a generator error fails the test
    yield
    native.set_backend(None)


def _bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def _dbl(b: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", b))[0]


SNAN_A, QNAN_B, QNAN_C = 0x7FF0000000000123, 0xFFF8000000000456, 0x7FF8000000000789
DENORM, NDENORM = 0x0000000000000001, 0x800FFFFFFFFFFFFF
SPECIALS = [0, 1 << 63, DENORM, NDENORM, _bits(math.inf), _bits(-math.inf), SNAN_A, QNAN_B, QNAN_C,
            _bits(1.0), _bits(-1.0), _bits(2.0 ** 1023), _bits(2.0 ** -1022), _bits(0.5), _bits(1e308),
            _bits(4294967295.5), _bits(-2147483648.75), _bits(2147483647.25), _bits(3.5), 0x7FEFFFFFFFFFFFFF]


def _quiet(b: int) -> int:
    return b | (1 << 51)


def _ref(name: str, *vals: int):
    """DOUBLE_OPS[name] on one lane of bit patterns (double sources) → bits."""
    kinds, out, fn = DOUBLE_OPS[name]
    args = [np.array([v], U64).view(F64) if k == "d" else np.array([v], U32) for k, v in zip(kinds, vals)]
    r = np.asarray(fn(*args))
    return int(r.view(U64)[0]) if out == "d" else int(r.astype(U32)[0])


# ---------------------------------------------------------------------------------------------------
# The rules (reference), expectations from IEEE-754 arithmetic done independently
# ---------------------------------------------------------------------------------------------------

ARITH = [  # (op, a, b, expected bits): §22.14 "IEEE", denormals kept (no flush for doubles)
    ("dadd", _bits(1.0), _bits(2.0 ** -60), _bits(1.0)),  # rounds to nearest even
    ("dadd", DENORM, DENORM, 2),  # denormal inputs and outputs survive
    ("dadd", 1 << 63, 0, 0),  # -0 + +0 = +0
    ("dadd", 1 << 63, 1 << 63, 1 << 63),
    ("dadd", _bits(math.inf), _bits(-math.inf), DEFAULT_NAN),  # invalid, no NaN source: the default NaN
    ("dmul", _bits(2.0 ** -537), _bits(2.0 ** -537), DENORM),  # exactly the smallest denormal
    ("dmul", 0, _bits(math.inf), DEFAULT_NAN),
    ("dmul", 1 << 63, _bits(5.0), 1 << 63),
    ("ddiv", _bits(1.0), 0, _bits(math.inf)),
    ("ddiv", _bits(-1.0), 0, _bits(-math.inf)),
    ("ddiv", 0, 0, DEFAULT_NAN),
    ("ddiv", _bits(1.0), _bits(3.0), _bits(1.0 / 3.0)),
    ("dadd", SNAN_A, QNAN_B, _quiet(SNAN_A)),  # the first NaN source, quieted
    ("dadd", QNAN_B, SNAN_A, QNAN_B),
    ("dmul", _bits(1.0), SNAN_A, _quiet(SNAN_A)),
    ("ddiv", QNAN_C, QNAN_B, QNAN_C),
]


@pytest.mark.parametrize("name,a,b,want", ARITH)
def test_arithmetic_rule_table(name, a, b, want):
    assert _ref(name, a, b) == want


MINMAX = [  # (a, b, dmin, dmax): NaN → the other source; both NaN → the first; min(-0,+0) = -0
    (1 << 63, 0, 1 << 63, 0),
    (0, 1 << 63, 1 << 63, 0),
    (SNAN_A, _bits(2.0), _bits(2.0), _bits(2.0)),
    (_bits(2.0), QNAN_B, _bits(2.0), _bits(2.0)),
    (SNAN_A, QNAN_B, SNAN_A, SNAN_A),  # raw bits of the first: no quieting
    (DENORM, NDENORM, NDENORM, DENORM),  # denormals compare as themselves (no flush)
    (_bits(-math.inf), _bits(3.0), _bits(-math.inf), _bits(3.0)),
]


@pytest.mark.parametrize("a,b,lo,hi", MINMAX)
def test_min_max_rule_table(a, b, lo, hi):
    assert _ref("dmin", a, b) == lo and _ref("dmax", a, b) == hi


def test_rules_do_not_depend_on_the_batch_size():
    """numpy's fmin/add loops commute operands for some lengths; the fixed rule must not."""
    rng = np.random.default_rng(5)
    for name in ("dadd", "dmul", "ddiv", "dmin", "dmax"):
        _, _, fn = DOUBLE_OPS[name]
        a = np.array(rng.choice(SPECIALS, 40), U64).view(F64)
        b = np.array(rng.choice(SPECIALS, 40), U64).view(F64)
        whole = fn(a, b).view(U64)
        for n in (1, 3, 4, 7, 8, 9, 16, 17):
            for i in range(0, 40 - n, n):
                assert np.array_equal(fn(a[i:i + n], b[i:i + n]).view(U64), whole[i:i + n]), (name, n)


CONV = [  # (op, source bits, expected result bits)
    ("dtof", _bits(1.0 + 2.0 ** -24), 0x3F800000),  # ties to even
    ("dtof", _bits(1.0 + 3 * 2.0 ** -24), 0x3F800002),
    ("dtof", _bits(2.0 ** -130), 0),  # float32 denormal result flushed (float32 output rule)
    ("dtof", _bits(-(2.0 ** -130)), 0x80000000),
    ("dtof", _bits(1e300), 0x7F800000),
    ("dtof", QNAN_B, 0xFFC00000 | ((QNAN_B >> 29) & 0x7FFFFF)),  # sign, quiet bit, payload's high bits
    ("dtof", SNAN_A, 0x7FC00000),  # payload below the kept bits: the quiet NaN
    ("ftod", 0x00000001, 0),  # float32 denormal input flushed
    ("ftod", 0x80400000, 1 << 63),
    ("ftod", 0x3FA00000, _bits(1.25)),
    ("ftod", 0x7F800001, 0x7FF8000000000000 | (1 << 29)),
    ("ftod", 0xFFC00002, 0xFFF8000000000000 | (2 << 29)),
    ("dtoi", _bits(-2.75), (-2) & 0xFFFFFFFF),  # toward zero
    ("dtoi", _bits(3e9), 0x7FFFFFFF),
    ("dtoi", _bits(-math.inf), 0x80000000),
    ("dtoi", QNAN_C, 0),
    ("dtou", _bits(4294967295.9), 0xFFFFFFFF),
    ("dtou", _bits(-5.0), 0),
    ("dtou", SNAN_A, 0),
    ("dtou", _bits(2.0 ** 31 + 0.5), 0x80000000),
    ("itod", 0xFFFFFFFF, _bits(-1.0)),
    ("itod", 0x80000000, _bits(-2147483648.0)),
    ("utod", 0xFFFFFFFF, _bits(4294967295.0)),
]


@pytest.mark.parametrize("name,src,want", CONV)
def test_conversion_rule_table(name, src, want):
    assert _ref(name, src) == want


def test_dfma_and_drcp_single_rounding_against_exact_arithmetic():
    rng = np.random.default_rng(9)
    for _ in range(200):
        a, b = float(rng.normal()) * 2.0 ** int(rng.integers(-30, 30)), float(rng.normal())
        c = -a * b * (1 + float(rng.normal()) * 1e-12)
        want = float(Fraction(a) * Fraction(b) + Fraction(c))  # one rounding of the exact value
        assert _ref("dfma", _bits(a), _bits(b), _bits(c)) == _bits(want)
        assert _ref("drcp", _bits(a)) == _bits(float(1 / Fraction(a)))
    assert _ref("dfma", QNAN_C, SNAN_A, QNAN_B) == QNAN_C
    assert _ref("dfma", _bits(1.0), _bits(1.0), SNAN_A) == _quiet(SNAN_A)
    assert _ref("drcp", 1 << 63) == _bits(-math.inf)


# ---------------------------------------------------------------------------------------------------
# Differential: native == reference bit for bit, in every stage the backend compiles
# ---------------------------------------------------------------------------------------------------

def _random_doubles(rng: np.random.Generator, n: int) -> np.ndarray:
    """n double bit patterns: half ordinary (random exponents), half specials and denormals."""
    mant = rng.integers(0, 1 << 52, n, dtype=np.uint64)
    exp = rng.integers(900, 1150, n).astype(U64)
    sign = rng.integers(0, 2, n).astype(U64) << U64(63)
    w = sign | (exp << U64(52)) | mant
    pick = rng.random(n) < 0.5
    w[pick] = rng.choice(np.array(SPECIALS, U64), int(pick.sum()))
    den = rng.random(n) < 0.1
    w[den] = mant[den] | sign[den]
    return w


def _words(rng: np.random.Generator, regs: int, n: int) -> np.ndarray:
    """(regs, n, 4) words: each register holds two random doubles (.xy and .zw)."""
    d = _random_doubles(rng, regs * n * 2).reshape(regs, n, 2)
    return d.view(U32).reshape(regs, n, 4)


OPS_DD = ["dadd", "dmul", "ddiv", "dmin", "dmax"]
LINES = (
    [f"{op} o0.xyzw, v0.xyzw, v1.zwxy" for op in OPS_DD]
    + [f"{op} o0.zw, -v0.xyxy, |v1.zwzw|" for op in OPS_DD]
    + [f"{op}_sat o0.xy, v0.xyzw, -|v1.xyzw|" for op in ("dadd", "dmul", "dmin")]
    + ["dfma o0.xyzw, v0.xyzw, v1.xyzw, v2.zwxy", "dfma_sat o0.zw, -v0.zwzw, v1.xyxy, v2.zwzw",
       "drcp o0.xyzw, v0.zwxy", "drcp o0.xy, -|v1.xyzw|", "dmov o0.xyzw, -v0.zwxy", "dmov_sat o0.xy, v2.zwzw",
       "dmovc o0.xyzw, v2.xzxx, v0.xyzw, v1.zwxy", "dmovc o0.zw, v1.yyyy, v0.xyxy, v1.zwzw",
       "dmovc o0.xyzw, v2.xzxx, |v0.xyzw|, -v1.zwxy", "dmovc_sat o0.xy, v1.yyyy, -|v0.zwzw|, v2.xyxy",
       "dmovc_sat o0.xyzw, v2.wyxx, v0.zwxy, -v1.xyzw",
       "deq o0.xy, v0.xyzw, v1.xyzw", "dne o0.xyzw, v0.xyzw, v0.zwxy", "dlt o0.x, v0.zwzw, -v1.zwzw",
       "dge o0.yz, |v0.xyzw|, v1.zwxy", "dtof o0.xy, v0.xyzw", "dtof o0.z, -v1.zwzw", "dtoi o0.xyzw, v0.xyzw",
       "dtou o0.xy, v1.zwxy", "ftod o0.xyzw, v0.xzxx", "ftod o0.zw, -v1.wwww", "itod o0.xyzw, -v2.yxxx",
       "utod o0.xy, v1.zzzz", "itod o0.zw, |v0.xxxx|"]
)


def _ps(line: str) -> str:
    return ("ps_5_0\n" + "".join(f"dcl_input_ps constant v{i}.xyzw\n" for i in range(3)) +
            "dcl_output o0.xyzw\n" + line + "\nret\n")


def _vs(line: str) -> str:
    return ("vs_5_0\n" + "".join(f"dcl_input v{i}.xyzw\n" for i in range(3)) +
            "dcl_output o0.xyzw\n" + line + "\nret\n")


def _run(src: str, inp: np.ndarray, backend: str):
    native.set_backend(backend)
    prog = assemble_program(src)
    return (runtime.run_program if backend == "native" else reference.run_program)(prog, inp.shape[1], inputs=inp)


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("stage", ["ps", "vs"])
def test_every_double_op_bit_identical(stage, line):
    src = (_ps if stage == "ps" else _vs)(line)
    prog = assemble_program(src)
    assert [op.kind for op in lower.lower(prog).ops] == ["double", "halt"]  # compiled, no host callback
    rng = np.random.default_rng(abs(hash(line)) % 2 ** 32)
    inp = _words(rng, 3, 203)  # not a multiple of 8 or 16: partial vector steps too
    before = (runtime.stats.native_runs, runtime.stats.fallbacks)
    a = _run(src, inp, "native")
    assert (runtime.stats.native_runs, runtime.stats.fallbacks) == (before[0] + 1, before[1])
    b = _run(src, inp, "reference")
    assert np.array_equal(a.outputs, b.outputs), line


def _cs_dispatch(src: str, words: np.ndarray, backend: str) -> np.ndarray:
    native.set_backend(backend)
    n = words.shape[0]
    b = Bindings()
    views = []
    for slot, count in ((0, words.size), (1, n * 4)):
        st = ResourceStorage.create(1, 0, count * 4)
        if slot == 0:
            st.data.view(U32)[:] = words.reshape(-1)
        b.uavs[slot] = ViewDescriptor(ViewKind.UAV, st, 39, 1, num_elements=count, element_size=4, flags=1,
                                      raw=True)
        views.append(st)
    dispatch(assemble_program(src), b, n // 8)
    return views[1].data.view(U32).copy()


@pytest.mark.parametrize("line", LINES[::3])
def test_compute_shaders_with_doubles_run_natively(line):
    """Each thread loads 12 words (v0..v2 of the lines above, renamed r0..r2) and stores o0's 4 words:
    compute kernels compiled doubles only through the callback before, which they do not have."""
    body = line.replace("o0", "r3")
    for i in range(3):
        body = body.replace(f"v{i}", f"r{i}")
    src = ("cs_5_0\ndcl_uav_raw u0\ndcl_uav_raw u1\ndcl_input vThreadID.x\ndcl_temps 5\n"
           "dcl_thread_group 8, 1, 1\nimul null, r4.x, vThreadID.x, l(48)\n"
           "ld_raw r0.xyzw, r4.x, u0.xyzw\niadd r4.y, r4.x, l(16)\nld_raw r1.xyzw, r4.y, u0.xyzw\n"
           "iadd r4.y, r4.x, l(32)\nld_raw r2.xyzw, r4.y, u0.xyzw\nmov r3.xyzw, l(7, 7, 7, 7)\n"
           f"{body}\nishl r4.z, vThreadID.x, l(4)\nstore_raw u1.xyzw, r4.z, r3.xyzw\nret\n")
    rng = np.random.default_rng(11)
    words = _words(rng, 1, 64 * 3).reshape(64, 12)
    before = (runtime.stats.native_runs, runtime.stats.fallbacks)
    a = _cs_dispatch(src, words, "native")
    assert runtime.stats.fallbacks == before[1] and runtime.stats.native_runs > before[0], runtime.stats.reasons
    b = _cs_dispatch(src, words, "reference")
    assert np.array_equal(a, b), line
    assert not np.all(a == 7)


@pytest.mark.parametrize("stage", ["cs", "ps", "vs"])
@pytest.mark.parametrize("seed", range(5))
def test_random_double_programs_bit_identical(stage, seed):
    text = random_program(np.random.default_rng([77, seed]), stage, 28, textures=False)
    status, detail = diff_program(assemble_program(text), seed=seed, ints_only=False)
    assert status == "same", (status, detail, text)


def test_pixel_kernel_calls_back_for_no_double_op():
    src = ("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n"
           "ftod r0.xy, v0.x\ndadd r0.xy, r0.xyxx, r0.xyxx\ndtof o0.x, r0.xyxx\nret\n")
    lw = lower.lower(assemble_program(src))
    assert not lw.host_ops and [op.kind for op in lw.ops] == ["double"] * 3 + ["halt"]


@pytest.mark.parametrize("mask", ["y", "yw", "yzw"])
def test_masks_outside_the_spec_fall_back(mask):
    """§22.14 allows only .xy, .zw and .xyzw for double results; anything else runs on the reference."""
    prog = assemble_program(f"ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\n"
                            f"dadd o0.{mask}, v0.xyzw, v0.xyzw\nret\n")
    with pytest.raises(lower.Unsupported, match="dadd"):
        lower.lower(prog)


def test_dfma_cancellation_bit_identical_and_exact():
    """Inputs where the product's low bits decide the result (c ≈ -a·b) and round-to-odd matters: the
    native emulation must equal the reference and the exactly rounded value."""
    rng = np.random.default_rng(3)
    n = 1000
    a = rng.normal(size=n) * np.exp2(rng.integers(-40, 40, n))
    b = rng.normal(size=n) * np.exp2(rng.integers(-40, 40, n))
    c = -(a * b) * (1 + rng.normal(size=n) * 1e-9)
    c[::5] = -(a[::5] * b[::5])  # exact cancellation of the rounded product: only the error term is left
    # a·b = 2^-53·(1 + 2^-54 + 2^-80): c + a·b lies just above a tie of c's ulp, so the correct result
    # rounds up while separate rounding (a·b → 2^-53, then the tie to even) stays at c; inside the
    # emulation this is the case its round-to-odd step decides (v = 2^-53 exactly, error > 0)
    k = np.arange(40)
    sa, sc = np.where(k % 2, -1.0, 1.0), np.where(k % 4 > 1, -1.0, 1.0)
    scale = np.exp2((k % 7) * 3 - 9.0)
    a[:40] = sa * 2.0 ** -53 * (1 + 2.0 ** -27) * scale
    b[:40] = sc * (1 - 2.0 ** -27 + 2.0 ** -53)
    c[:40] = sa * sc * scale * np.where(k % 3 == 0, 1.0, 1.5)
    inp = np.stack([np.ascontiguousarray(np.stack([x, x], 1)).view(U32) for x in (a, b, c)])  # .xy and .zw the same double
    src = _ps("dfma o0.xyzw, v0.xyzw, v1.xyzw, v2.xyzw")
    got = np.ascontiguousarray(_run(src, inp, "native").outputs[0]).view(F64)[:, 0]
    ref = np.ascontiguousarray(_run(src, inp, "reference").outputs[0]).view(F64)[:, 0]
    assert np.array_equal(got.view(U64), ref.view(U64))
    exact = np.array([float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)])
    assert np.array_equal(got, exact)
    assert (a * b + c != exact).sum() > n // 4  # separate rounding would differ here
