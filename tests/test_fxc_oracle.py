"""fxc's own bytecode as the oracle of code generation (issue 15, tools/fxc_oracle).

* dmovc's source modifiers and _sat, the rule the oracle found (fxc's dxbc2dxil ``double2`` object writes
  ``dmovc r0.xy, cb0[0].xxxx, |r0.xyxy|, r0.xyxy`` for ``b ? abs(t) : t``): expected words computed here
  from the sm5 asm reference page (dmovc: "modifiers on src1 and src2, other than swizzle, assume the data
  is double; with no modifier the data moves unaltered"; ``dmovc[_sat]``), on both backends;
* the harness's pieces: the fxc command line, the ``flushed`` / ``nanbits`` classes, the inputs a pixel
  shader can get (is_front_face 0 / ~0), lod's hashed coordinates;
* a few corpus pairs (DXC's dxilconv dxbc2dxil sources and fxc's objects, read from the mirror at test
  time; skipped when absent) whose classification the fixes above changed."""

from __future__ import annotations

import math
import struct

import numpy as np
import pytest

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.tools import fxc_oracle

U32 = np.uint32


def _bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def _val(w: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", w))[0]


NAN_PAYLOAD = 0x7FF4_0000_0000_0123  # a signalling NaN: moved as bits, never quieted by dmovc
DENORM = 0x0000_0000_0000_0005
SIGN = 1 << 63


def _modified(w: int, mod: str) -> int:
    """The sm5 reference's rule: a modifier acts on the double (its sign bit); no modifier: bits unaltered."""
    if mod == "-":
        return w ^ SIGN
    if mod == "|":
        return w & ~SIGN
    if mod == "-|":
        return w | SIGN
    return w


def _saturated(w: int) -> int:
    """_sat of a double: clamped to [0, 1], NaN → 0 (the double rule, D3D11.3 22.14)."""
    x = _val(w)
    if math.isnan(x) or x <= 0:
        return 0
    return _bits(min(x, 1.0))


def _wrap(mod: str, reg: str) -> str:
    return {"": reg, "-": f"-{reg}", "|": f"|{reg}|", "-|": f"-|{reg}|"}[mod]


VALUES = [_bits(1.5), _bits(-2.25), SIGN, NAN_PAYLOAD, DENORM | SIGN, _bits(math.inf), _bits(0.75), _bits(7.0)]
#: (modifier of src1, modifier of src2, _sat)
CASES = [("", "", False), ("|", "", False), ("", "-", False), ("-|", "|", False), ("-", "-|", False),
         ("", "", True), ("|", "-", True), ("-", "", True)]


@pytest.mark.parametrize(("ma", "mb", "sat"), CASES)
def test_dmovc_modifiers_and_saturate(ma: str, mb: str, sat: bool):
    lanes = len(VALUES) * 2
    a = [VALUES[i % len(VALUES)] for i in range(lanes)]
    b = [VALUES[(i * 3 + 1) % len(VALUES)] for i in range(lanes)]
    a2 = [VALUES[(i + 5) % len(VALUES)] for i in range(lanes)]
    b2 = [VALUES[(i * 5 + 2) % len(VALUES)] for i in range(lanes)]
    words = np.zeros((3, lanes, 4), U32)
    for i in range(lanes):
        words[0, i] = [a[i] & 0xFFFFFFFF, a[i] >> 32, a2[i] & 0xFFFFFFFF, a2[i] >> 32]
        words[1, i] = [b[i] & 0xFFFFFFFF, b[i] >> 32, b2[i] & 0xFFFFFFFF, b2[i] >> 32]
        words[2, i] = [(i & 1) * 0x80, (i >> 1 & 1) * 0xFFFFFFFF, 0, 0]  # any set bit is true
    src = ("ps_5_0\n" + "".join(f"dcl_input_ps constant v{k}.xyzw\n" for k in range(3)) + "dcl_output o0.xyzw\n"
           f"dmovc{'_sat' if sat else ''} o0.xyzw, v2.xyxx, {_wrap(ma, 'v0.xyzw')}, {_wrap(mb, 'v1.xyzw')}\nret\n")
    out = run_program(assemble_program(src), lanes, inputs=words).outputs[0]
    for i in range(lanes):
        for n, (x, y) in enumerate(((a[i], b[i]), (a2[i], b2[i]))):
            pick = _modified(x, ma) if words[2, i, n] else _modified(y, mb)
            want = _saturated(pick) if sat else pick
            got = int(out[i, 2 * n]) | int(out[i, 2 * n + 1]) << 32
            assert got == want, (i, n, hex(got), hex(want))


def test_dmovc_from_hlsl_select_of_abs_keeps_the_sign_rule():
    """The corpus case: ``b ? abs(t) : t`` on a double gives |t| when b is set, t otherwise."""
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.exec.bindings import Bindings

    src = ("bool b1; uint2 main(uint2 a : A) : SV_Target { double t = asdouble(a.x, a.y);"
           " t = b1 ? abs(t) : t; uint2 r; asuint(t, r.x, r.y); return r; }")
    blob = bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    vals = [_bits(-3.5), SIGN, NAN_PAYLOAD | SIGN, DENORM | SIGN]
    inp = np.zeros((1, len(vals), 4), U32)
    for i, w in enumerate(vals):
        inp[0, i, :2] = [w & 0xFFFFFFFF, w >> 32]
    for flag in (0, 1):
        b = Bindings()
        b.cbuffers[0] = np.array([flag, 0, 0, 0], U32)
        out = run_program(prog, len(vals), inputs=inp, bindings=b).outputs[0]
        got = [int(out[i, 0]) | int(out[i, 1]) << 32 for i in range(len(vals))]
        assert got == [w & ~SIGN if flag else w for w in vals]


# --- the harness ----------------------------------------------------------------------------------------------------
@pytest.mark.backend_independent
@pytest.mark.parametrize(("line", "want"), [
    ("/T ps_5_0 %s /Fo %t.dxbc", ("main", (), 0)),
    ("/T vs_5_0 /Od %s /Fo %t.dxbc", ("main", (), 4)),
    ("/T cs_5_0 /E CSMain /D N=4 /D FLAG %s", ("CSMain", (("N", "4"), ("FLAG", "1")), 0)),
    ("/T ps_5_0 /EPSMain /Zpr %s", ("PSMain", (), 16)),
])
def test_fxc_command_line(line, want):
    assert fxc_oracle.parse_fxc_command(line) == want


def _res(*words: int) -> dict[str, np.ndarray]:
    return {"o0": np.array([words], U32)}


@pytest.mark.backend_independent
@pytest.mark.parametrize(("a", "b", "flushed"), [
    ((0x00000001, 0x3F800000), (0x00000000, 0x3F800000), True),     # a denormal copied / flushed to +0
    ((0x80000005, 0), (0x80000000, 0), True),                         # sign kept by the flush
    ((0x00000001, 0), (0x3F800000, 0), False),                        # a denormal against a normal number
    ((0x00000000, 0x3F800000), (0x00000000, 0x40000000), False),      # ordinary difference
    ((0x7FC00000, 0), (0x00000000, 0), False),                        # NaN against zero
])
def test_flushed_class(a, b, flushed):
    assert fxc_oracle._only_flushed(_res(*a), _res(*b)) is flushed


@pytest.mark.backend_independent
def test_front_face_inputs_are_booleans():
    from pyd3d11.tools import optdiff

    prog = assemble_program("ps_5_0\ndcl_input_ps linear v0.xy\ndcl_input_ps_sgv v1.y, is_front_face\n"
                            "dcl_output o0.x\nmov o0.x, v1.y\nret\n")
    rng = np.random.default_rng(3)
    inputs = rng.integers(0, 1 << 32, (4, 64, 4), dtype=np.uint64).astype(U32)
    before = inputs.copy()
    optdiff._front_face_words([prog], inputs)
    assert set(np.unique(inputs[1, :, 1]).tolist()) == {0, 0xFFFFFFFF}
    assert (inputs[1, :, 1] != 0).tolist() == (before[1, :, 1] & 1 != 0).tolist()
    inputs[1, :, 1] = before[1, :, 1]
    assert np.array_equal(inputs, before)  # nothing else touched


@pytest.mark.backend_independent
def test_lod_hashes_coordinates_without_the_array_index():
    """lod on a cube array reads x, y, z: a different .w must not change the hashed result."""
    from pyd3d11.shader import ir
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools import optdiff

    prog = assemble_program("ps_5_0\ndcl_sampler s0, mode_default\n"
                            "dcl_resource_texturecubearray (float,float,float,float) t0\n"
                            "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\nlod o0.xyzw, v0.xyzw, t0.xyzw, s0\nret\n")
    inst = next(i for i in prog.instructions if i.opcode == ir.Opcode.LOD)

    class St:
        bindings = Bindings()

    St.bindings.srvs[0] = type("V", (), {"dimension": 10})()
    c = np.arange(12, dtype=U32).reshape(4, 3)
    c2 = c.copy()
    c2[3] += 7
    c3 = c.copy()
    c3[2] += 7
    h = optdiff.HashSampler()
    assert np.array_equal(h.sample(St, inst, [c]), h.sample(St, inst, [c2]))
    assert not np.array_equal(h.sample(St, inst, [c]), h.sample(St, inst, [c3]))


# --- corpus pairs ---------------------------------------------------------------------------------------------------
#: dxbc2dxil pairs and their outcome against fxc's object (each was ``diff`` before the fix named)
CORPUS = {
    "double2.hlsl": "same",    # dmovc's |src| modifier (executors)
    "calc_lod.hlsl": "same",   # lod hashed without the cube array's index (harness)
    "output1.hlsl": "same",    # is_front_face inputs 0 / ~0 (harness)
    "getdim.hlsl": "same",     # the pixel shader's UAV at u1 beside SV_Target0 (was incomparable)
    "bufinfo.hlsl": "same",    # likewise
}


@pytest.fixture(scope="module")
def dxbc2dxil():
    if not fxc_oracle.DEFAULT_DXC_REPO.exists():
        pytest.skip(f"no DirectXShaderCompiler mirror at {fxc_oracle.DEFAULT_DXC_REPO}")
    return {p.label: p for p in fxc_oracle.dxbc2dxil_pairs()}


@pytest.mark.backend_specific
@pytest.mark.parametrize(("label", "want"), sorted(CORPUS.items()))
def test_corpus_pair_against_fxc(dxbc2dxil, label, want):
    outcome, detail = fxc_oracle.run_pair(dxbc2dxil[label], seeds=(0,))
    assert outcome == want, detail


def _compiled(body: str) -> bytes:
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile

    src = "float main(float a : A, float b : B) : SV_Target { " + body + " }"
    return bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))


@pytest.mark.backend_specific
@pytest.mark.parametrize(("body_a", "body_b", "want"), [
    ("return a;", "return a;", "same"),
    ("return a;", "return max(a, -1e30);", "flushed"),  # max flushes the inputs' denormals (small integers' bits)
    ("return a;", "return a + b;", "diff"),
])
def test_classify(body_a, body_b, want):
    a, b = _compiled(body_a), _compiled(body_b)
    assert fxc_oracle.classify(a, b, a, seeds=(0, 1))[0] == want


# --- atan2 / atan as fxc expands them -------------------------------------------------------------------------------
F32 = np.float32


def _ftz(v) -> np.ndarray:
    """float32 with denormals flushed to a zero of their sign (D3D11.3 3.1.3.2, every float op)."""
    v = np.asarray(v, F32)
    return np.where(np.abs(v) < F32(2.0 ** -126), np.copysign(F32(0), v), v).astype(F32)


def _op(fn, *args) -> np.ndarray:
    with np.errstate(all="ignore"):
        return _ftz(fn(*[_ftz(a) for a in args]))


def _mn(a, b):  # D3D min/max: a NaN operand gives the other one
    return _op(np.fmin, a, b)


def _mx(a, b):
    return _op(np.fmax, a, b)


def _mad(a, b, c):  # the executors' mad: the product rounded, then the sum
    return _op(np.add, _op(np.multiply, a, b), c)


def _mask_and(cond, v):  # ``and r, cmp, l(c)``: the compare's ~0 / 0 mask keeps the value or gives +0
    return np.where(cond, _ftz(v), F32(0)).astype(F32)


_POLY = [F32(0.0208350997), F32(-0.0851330012), F32(0.180141002), F32(-0.330299497), F32(0.999866009)]
_HALF_PI, _MINUS_PI = F32(1.57079637), F32(-3.14159274)


def _fxc_atan2(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """fxc's atan2(y, x), instruction by instruction as its listings write it (constants as float32)."""
    ax, ay = np.abs(x), np.abs(y)
    t = _op(np.multiply, _mn(ay, ax), _op(np.divide, F32(1), _mx(ay, ax)))
    t2 = _op(np.multiply, t, t)
    p = _mad(t2, _POLY[0], _POLY[1])
    for c in _POLY[2:]:
        p = _mad(t2, p, c)
    q = _op(np.multiply, t, p)
    r = _mad(t, p, _mask_and(ax < ay, _mad(q, F32(-2), _HALF_PI)))
    r = _op(np.add, r, _mask_and(x < -x, _MINUS_PI))
    lo, hi = _mn(y, x), _mx(y, x)
    return np.where((lo < -lo) & (hi >= -hi), -r, r).astype(F32)


def _fxc_atan(x: np.ndarray) -> np.ndarray:
    """fxc's atan(x): the atan2 sequence with 1 for x, folded (decompiled fxc listings)."""
    one = F32(1)
    t = _op(np.multiply, _op(np.divide, one, _mx(np.abs(x), one)), _mn(np.abs(x), one))
    t2 = _op(np.multiply, t, t)
    p = _mad(t2, _POLY[0], _POLY[1])
    for c in _POLY[2:]:
        p = _mad(t2, p, c)
    r = _mad(t, p, _mask_and(one < np.abs(x), _mad(_op(np.multiply, p, t), F32(-2), _HALF_PI)))
    lo = _mn(x, one)
    return np.where(lo < -lo, -r, r).astype(F32)


_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, -7.25, 1e-3, -1e30, 1e30, 2e-38, math.inf, -math.inf, math.nan,
            0.70710677, -1.0000001, 123.456]


def _run_ps(body: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    src = "float main(float a : A, float b : B) : SV_Target { " + body + " }"
    blob = bytes(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    inp = np.zeros((1, a.size, 4), U32)  # a and b share v0 (v0.x, v0.y)
    inp[0, :, 0], inp[0, :, 1] = a.view(U32), b.view(U32)
    return run_program(prog, a.size, inputs=inp).outputs[0][:, 0]


def _same_bits(got: np.ndarray, want: np.ndarray) -> None:
    w = want.view(U32)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got.view(F32)), nan)
    bad = np.flatnonzero((got != w) & ~nan)
    assert bad.size == 0, [(int(i), hex(int(got[i])), hex(int(w[i]))) for i in bad[:8]]


def test_atan2_is_fxc_sequence_bit_for_bit():
    rng = np.random.default_rng(15)
    grid = np.array(_SPECIAL, F32)
    y = np.concatenate([np.repeat(grid, grid.size), (rng.standard_normal(300) * 10).astype(F32)])
    x = np.concatenate([np.tile(grid, grid.size), (rng.standard_normal(300) * 10).astype(F32)])
    _same_bits(_run_ps("return atan2(a, b);", y, x), _fxc_atan2(y, x))


def test_atan2_nan_beside_a_negative_argument_follows_fxc():
    """HL13's open case (one argument NaN, the other negative): min/max drop the NaN, so fxc's sequence
    computes with the other argument alone — atan2(NaN, -2) = atan(1) - π, not a NaN, and the sign flip
    sees only the negative argument (the former expansion gave the opposite sign)."""
    y = np.array([math.nan, -2.0, math.nan, -0.5, 3.0], F32)
    x = np.array([-2.0, math.nan, -0.5, math.nan, math.nan], F32)
    want = _fxc_atan2(y, x)
    _same_bits(_run_ps("return atan2(a, b);", y, x), want)


def test_atan_is_fxc_sequence_bit_for_bit():
    rng = np.random.default_rng(16)
    x = np.concatenate([np.array(_SPECIAL, F32), (rng.standard_normal(400) * 4).astype(F32)])
    _same_bits(_run_ps("return atan(a);", x, x), _fxc_atan(x))
    assert _fxc_atan(np.array([math.nan], F32))[0] == F32(_fxc_atan(np.array([1.0], F32))[0])  # fxc: atan(NaN) = π/4


_ACOS_POLY = [F32(-0.0187292993), F32(0.0742610022), F32(-0.212114394), F32(1.57072878)]


def _fxc_acos(x: np.ndarray) -> np.ndarray:
    """fxc's acos(x), instruction by instruction as its (decompiled) listings write it."""
    ax = np.abs(x)
    s = _op(np.sqrt, _op(np.add, -ax, F32(1)))
    p = _mad(ax, _ACOS_POLY[0], _ACOS_POLY[1])
    p = _mad(p, ax, _ACOS_POLY[2])
    p = _mad(p, ax, _ACOS_POLY[3])
    q = _mad(_op(np.multiply, p, s), F32(-2), F32(3.14159274))
    return _mad(p, s, _mask_and(x < -x, q))


def _fxc_asin(x: np.ndarray) -> np.ndarray:
    """fxc's asin(x): -acos(x) + π/2."""
    return _op(np.add, -_fxc_acos(x), _HALF_PI)


@pytest.mark.parametrize(("name", "model"), [("acos", _fxc_acos), ("asin", _fxc_asin)])
def test_acos_asin_are_fxc_sequences_bit_for_bit(name, model):
    rng = np.random.default_rng(17)
    x = np.concatenate([np.array(_SPECIAL, F32), rng.uniform(-1, 1, 500).astype(F32),
                        np.array([1e-30, -1e-30, 0.9999999, -0.9999999], F32)])
    _same_bits(_run_ps(f"return {name}(a);", x, x), model(x))


@pytest.mark.parametrize("c", [3.0, 7.0, 10.0, -0.3, 1e-3])
def test_division_by_a_constant_is_a_multiply_by_its_reciprocal(c):
    """fxc: ``x / c`` for a constant c is ``mul x, l(1/c)`` (the VarianceShadows11 blur object: ``dep /= 3.0``
    is ``mul o0.xy, r0.xyxx, l(0.333333, …)``): the product with the float32 reciprocal, not the quotient."""
    rng = np.random.default_rng(18)
    x = np.concatenate([(rng.standard_normal(400) * 50).astype(F32), np.array(_SPECIAL, F32)])
    want = _op(np.multiply, x, _op(np.divide, F32(1), F32(c)))
    _same_bits(_run_ps(f"return a / {c!r};", x, x), want)


@pytest.mark.backend_independent
def test_gather_offsets_hash_alike_immediate_or_in_a_register():
    """fxc unrolls a loop of gathers into ``gather4_c_aoffimmi(u,v,0)``; we may keep ``gather4_po_c`` with the
    offset in a register: the hashed texels must not tell the two forms apart (ContactHardeningShadows11_PS)."""
    from pyd3d11.shader import ir
    from pyd3d11.tools import optdiff

    head = ("ps_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\n")
    imm = assemble_program(head + "gather4_c_aoffimmi(1,-2,0) o0.xyzw, v0.xyzw, t0.xyzw, s0.x, v0.z\nret\n")
    po = assemble_program(head + "gather4_po_c o0.xyzw, v0.xyzw, v1.xyzw, t0.xyzw, s0.x, v0.z\nret\n")
    pick = [next(i for i in p.instructions if i.opcode in (ir.Opcode.GATHER4_C, ir.Opcode.GATHER4_PO_C))
            for p in (imm, po)]
    rng = np.random.default_rng(5)
    coord = rng.integers(0, 1 << 32, (4, 16), dtype=np.uint64).astype(U32)
    ref = rng.integers(0, 1 << 32, (4, 16), dtype=np.uint64).astype(U32)
    off = np.zeros((4, 16), U32)
    off[0], off[1] = 1, np.uint32(-2 & 0xFFFFFFFF)
    h = optdiff.HashSampler()
    a = h.sample(None, pick[0], [coord, ref])
    assert np.array_equal(a, h.sample(None, pick[1], [coord, off, ref]))
    off[1] = 2
    assert not np.array_equal(a, h.sample(None, pick[1], [coord, off, ref]))


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "slot"), [
    ("RWTexture2D<float4> u; void main() { u[uint2(0, 0)] = 1; }", 0),                       # no render target
    ("RWTexture2D<float4> u; float4 main() : SV_Target { u[uint2(0, 0)] = 1; return 0; }", 1),
    ("RWTexture2D<float4> u; struct O { float4 a : SV_Target0; float4 b : SV_Target2; };"
     " O main() { u[uint2(0, 0)] = 1; O o = (O)0; return o; }", 3),
    ("RWTexture2D<float4> u; void main(out float4 c[2] : SV_Target) { u[uint2(0, 0)] = 1; c[0] = 0; c[1] = 0; }", 2),
    ("RWTexture2D<float4> u; float4 main(float4 p : SV_Position) : SV_Target1 { u[uint2(0, 0)] = 1; return p; }", 2),
    # a semantic on the returned struct numbers its members SV_Target0, SV_Target1 (the signature's rule)
    ("RWTexture2D<float4> u; struct O { float4 a; float4 b; };"
     " O main() : SV_Target { u[uint2(0, 0)] = 1; O o = (O)0; return o; }", 2),
])
def test_pixel_shader_uavs_are_numbered_after_the_render_targets(src, slot):
    """fxc's dxbc2dxil objects (getdim, raw_buf1, struct_buf1, bufinfo): beside SV_Target0 the first
    unreserved RW resource is u1 — render targets and UAVs share the pixel shader's output slots."""
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    assert [r.GetResourceBindingDesc(i).BindPoint for i in range(r.GetDesc().BoundResources)] == [slot]


@pytest.mark.backend_independent
def test_a_pixel_shader_uav_placed_at_u0_beside_sv_target_is_x4509():
    """d3dcompiler_47 10.1 under Wine (session 36): "UAV registers live in the same name space as outputs, so they
    must be bound to at least u1, manual bind to slot u0 failed" (E_FAIL); without the render target u0 is free."""
    from pyd3d11.errors import ShaderCompileError
    from pyd3d11.shader.compile_api import D3DCompile

    with pytest.raises(ShaderCompileError, match="X4509"):
        D3DCompile("RWTexture2D<float4> u : register(u0); float4 main() : SV_Target { u[uint2(0, 0)] = 1; "
                   "return 0; }", None, "t.hlsl", None, None, "main", "ps_5_0")
    D3DCompile("RWTexture2D<float4> u : register(u0); void main() { u[uint2(0, 0)] = 1; }", None, "t.hlsl", None,
               None, "main", "ps_5_0")


@pytest.mark.backend_independent
def test_compute_shader_uavs_start_at_zero():
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(D3DCompile("RWBuffer<float> b; [numthreads(1,1,1)] void main() { b[0] = 1; }", None, "t.hlsl",
                              None, None, "main", "cs_5_0"))
    assert r.GetResourceBindingDesc(0).BindPoint == 0
