"""``ld`` from block-compressed (BC1–BC7) and 2x1 subsampled (R8G8_B8G8, G8R8_G8B8) views on the native
backend (issue 12 item 2), compared with the reference executor byte for byte, in compute, vertex and pixel
shaders, with the texture instruction required to compile (no dispatch fallback, no texture callback).

The rule (D3D11.3 §19.5 block formats, §22.4 ld / spec-facts §1.9): ld addresses one texel of the mip by its
integer coordinates; a block format stores it inside the 4x4 (BC) or 2x1 (subsampled) block at
(x / block width, y / block height), decoded by the format's codec; coordinates, array slice or mip outside
the view's logical (not block-padded) extent return 0 in every component; immediate offsets add to the
address first. The reference implements that per lane (memory._texel_offsets / _block_texels); the native
kernel reads the decoded texel cache (texture_cache.texture_data: each subresource decoded to its logical
size), so the two agree only if both read the same texel and apply the same bounds — the mip chains here
reach mips narrower than a block (3x2, 1x1) and the coordinates run past every edge."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import runtime
from pyd3d11.tools import pipeline_fuzz as pf

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

# BC1 UNORM/SRGB, BC2, BC3 SRGB, BC4 U/S, BC5 U/S, BC6H UF16/SF16, BC7 UNORM/SRGB, R8G8_B8G8, G8R8_G8B8
BLOCK_FORMATS = [71, 72, 74, 78, 80, 81, 83, 84, 95, 96, 98, 99, 68, 69]
SUBSAMPLED = (68, 69)

CS = """cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_texture2d (float,float,float,float) t4
dcl_resource_texture2darray (float,float,float,float) t6
dcl_resource_texture3d (float,float,float,float) t8
dcl_uav_raw u0
dcl_input vThreadID.xy
dcl_temps 4
dcl_thread_group 16, 16, 1
xor r3.w, vThreadID.x, vThreadID.y
and r3.w, r3.w, l({mips})
ushr r2.xy, vThreadID.xyxx, r3.wwww
iadd r3.xy, r2.xyxx, l(-1, -1, 0, 0)
and r3.z, vThreadID.x, l(3)
imad r2.x, vThreadID.y, l(16), vThreadID.x
imul null, r2.x, r2.x, l(64)
{op4} r0.xyzw, r3.xyzw, t4.xyzw
store_raw u0.xyzw, r2.x, r0.xyzw
{op6} r0.xyzw, r3.xyzw, t6.{sw}
iadd r2.y, r2.x, l(16)
store_raw u0.xyzw, r2.y, r0.xyzw
{op8} r0.xyzw, r3.xyzw, t8.xyzw
iadd r2.y, r2.x, l(32)
store_raw u0.xyzw, r2.y, r0.xyzw
ld r0.xyzw, r3.xyzw, t4.wzyx
iadd r2.y, r2.x, l(48)
store_raw u0.xyzw, r2.y, r0.xyzw
ret
"""


def _textures(fmt: int) -> dict:
    # 12x8 top level: mips 12x8, 6x4, 3x2, 1x1 (the last two narrower than a BC block)
    tex = {"t4": dict(fmt=fmt, w=12, h=8, mips=0, arr=1),
           "t6": dict(fmt=fmt, w=8, h=4, mips=0, arr=3)}
    # 3D textures take BC formats (§19.5) but not the subsampled ones
    tex["t8"] = dict(fmt=28 if fmt in SUBSAMPLED else fmt, w=8, h=8, d=2, mips=0)
    return tex


def _cs_case(fmt: int, seed: int, op: str = "ld", sw: str = "xyzw", mips: int = 7) -> pf.Case:
    """mips: the mask on (thread x ^ thread y) that picks each lane's mip (0: every lane reads mip 0)."""
    case = pf.make_case(seed, "dispatch")
    case.programs["cs"] = CS.format(op4=op, op6=op, op8=op, sw=sw, mips=mips)
    case.state["groups"] = (1, 1, 1)
    case.data["u0"] = np.zeros(256 * 64, np.uint8)
    case.state["textures"] = _textures(fmt)
    for i, name in enumerate(case.state["textures"]):
        case.data[name] = [seed * 16 + i]
    return case


def _compiled(case: pf.Case) -> None:
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks, runtime.stats.texture_native)
    status, detail = pf.diff_case(case)
    assert status == "same", detail
    assert runtime.stats.fallbacks == before[0]  # the dispatch / draw ran natively
    assert runtime.stats.texture_callbacks == before[1]  # and its ld did not call back into the reference
    assert runtime.stats.texture_native > before[2]


@pytest.mark.parametrize("fmt", BLOCK_FORMATS)
@pytest.mark.parametrize("seed", [1, 2])
def test_ld_block_formats_native_in_compute(fmt, seed):
    _compiled(_cs_case(fmt, seed))


@pytest.mark.parametrize("op", ["ld_aoffimmi(1,-2,0)", "ld_aoffimmi(-3,1,1)", "ld_aoffimmi(7,7,-8)"])
@pytest.mark.parametrize("fmt", [71, 98, 68])
def test_ld_block_formats_with_offsets_native_in_compute(fmt, op):
    _compiled(_cs_case(fmt, 3, op))


def test_ld_block_formats_swizzled_resource_native_in_compute():
    _compiled(_cs_case(77, 4, sw="zxwy"))


def _bc1_block(idx) -> bytes:
    """A BC1 block, colour0 = white (0xFFFF) > colour1 = black (0x0000): four-colour mode, index 0 = white,
    index 1 = black (§19.5.2); idx is 16 two-bit indices, texel (x, y) at bits 2·(4y + x)."""
    bits = sum(int(v) << (2 * i) for i, v in enumerate(idx))
    return (0xFFFF).to_bytes(2, "little") + (0).to_bytes(2, "little") + bits.to_bytes(4, "little")


def _ld_grid(case: pf.Case, fill, backend: str) -> np.ndarray:
    """Run ``case`` with t4's bytes replaced by ``fill(storage bytes)``; u0's first ld record per thread."""
    orig = pf._texture

    def texture(dev, spec, seed):
        tex, srv = orig(dev, spec, seed)
        if spec is case.state["textures"]["t4"]:
            data = tex._storage.data
            data[...] = fill(data.size).reshape(data.shape)
        return tex, srv

    prev = native.backend()
    pf._texture = texture
    native.set_backend(backend)
    try:
        out = pf.run_case(case)
    finally:
        pf._texture = orig
        native.set_backend(prev)
    return np.frombuffer(out["u0"], np.float32).reshape(16, 16, 16)[:, :, :4]


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_ld_bc1_texels_from_the_block_definition(backend):
    """Expected values from the BC1 definition, not from either executor: each texel of the 12x8 level is
    white (index 0) or black (index 1) by a pattern; alpha is 1 (four-colour mode); outside 12x8 all 0."""
    rng = np.random.default_rng(18)
    pattern = rng.integers(0, 2, (8, 12))  # (y, x) → BC1 index
    blocks = b"".join(_bc1_block([pattern[by * 4 + i // 4, bx * 4 + i % 4] for i in range(16)])
                      for by in range(2) for bx in range(3))

    def fill(n):
        data = rng.integers(0, 256, n, dtype=np.uint8)  # smaller mips: random blocks (not checked here)
        data[:len(blocks)] = np.frombuffer(blocks, np.uint8)
        return data

    case = _cs_case(71, 6, mips=0)
    before = runtime.stats.fallbacks
    got = _ld_grid(case, fill, backend)
    assert runtime.stats.fallbacks == before
    checked = 0
    for ty in range(16):
        for tx in range(16):
            # every lane reads mip 0 at x = tx - 1, y = ty - 1
            x, y = tx - 1, ty - 1
            want = [0.0] * 4
            if 0 <= x < 12 and 0 <= y < 8:
                c = 1.0 if pattern[y, x] == 0 else 0.0
                want = [c, c, c, 1.0]
            assert got[ty, tx].tolist() == want, (x, y)
            checked += 1
    assert checked == 256


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_ld_r8g8_b8g8_texels_from_the_format_definition(backend):
    """R8G8_B8G8_UNORM (§19.5, 2x1 subsampled): a 32-bit block holds R, G0, B, G1 for two texels; texel 0
    is (R, G0, B, 1), texel 1 is (R, G1, B, 1), each byte / 255."""
    rng = np.random.default_rng(19)
    raw = rng.integers(0, 256, 4096, dtype=np.uint8)
    case = _cs_case(68, 8, mips=0)
    before = runtime.stats.fallbacks
    got = _ld_grid(case, lambda n: raw[:n].copy(), backend)
    assert runtime.stats.fallbacks == before
    f = np.float32
    for ty in range(16):
        for tx in range(16):
            x, y = tx - 1, ty - 1
            want = [0.0] * 4
            if 0 <= x < 12 and 0 <= y < 8:
                r, g0, b, g1 = raw[(y * 6 + x // 2) * 4:(y * 6 + x // 2) * 4 + 4]
                g = g0 if x % 2 == 0 else g1
                want = [float(f(r) / f(255)), float(f(g) / f(255)), float(f(b) / f(255)), 1.0]
            assert got[ty, tx].tolist() == want, (x, y)


# ---- vertex and pixel shaders ------------------------------------------------------------------------------
VS = """vs_5_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_input v3.xyzw
dcl_resource_texture2d (float,float,float,float) t4
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 2
mov o0.xyzw, v0.xyzw
mul r0.xyzw, v1.xyzw, l(4.0, 3.0, 1.0, 1.5)
ftoi r0.xyzw, r0.xyzw
ld{off} r1.xyzw, r0.xyzw, t4.xyzw
mov o1.xyzw, r1.xyzw
mov o2.xyzw, v2.xyzw
mov o3.xyzw, v3.xyzw
ret
"""

PS = """ps_5_0
dcl_resource_texture2d (float,float,float,float) t4
dcl_resource_texture2darray (float,float,float,float) t6
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear centroid v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_input_ps linear v3.xyzw
dcl_output o0.xyzw
dcl_temps 3
ftoi r0.xy, v0.xyxx
iadd r0.xy, r0.xyxx, l(-2, -2, 0, 0)
and r0.z, r0.x, l(3)
ushr r0.w, r0.y, l(3)
ld{off} r1.xyzw, r0.xyzw, t4.xyzw
ld r2.xyzw, r0.xywz, t6.xyzw
add r1.xyzw, r1.xyzw, r2.wzyx
ishl r2.xyzw, r2.xyzw, l(0, 0, 0, 0)
mov o0.xyzw, r1.xyzw
ret
"""


def _draw_case(fmt: int, seed: int, off: str = "") -> pf.Case:
    case = pf.make_case(seed, "draw")
    case.programs["vs"] = VS.format(off=off)
    case.programs["ps"] = PS.format(off=off)
    case.programs.pop("gs", None)
    st = case.state
    st["rt"] = [2]  # R32G32B32A32_FLOAT: the shader's bits reach the target unchanged
    st["samples"] = 1
    st["ds"] = None
    st["so"] = None
    st["size"] = (24, 20)
    st["textures"] = _textures(fmt)
    for i, name in enumerate(st["textures"]):
        case.data[name] = [seed * 16 + i]
    for d in st["draws"]:
        d["topology"] = 4  # triangle lists
        d["blend"] = dict(AlphaToCoverageEnable=False, IndependentBlendEnable=False,
                          rts=[dict(RenderTargetWriteMask=15)])
        d["raster"].update(FillMode=3, CullMode=1, ScissorEnable=False)
        d["depth"]["DepthEnable"] = False
        d["depth"]["StencilEnable"] = False
        d["viewport"] = [0.0, 0.0, 24.0, 20.0, 0.0, 1.0]
    return case


@pytest.mark.parametrize("fmt", [71, 74, 80, 84, 95, 96, 98, 68, 69])
@pytest.mark.parametrize("off", ["", "_aoffimmi(-1,2,0)"])
def test_ld_block_formats_native_in_vs_and_ps(fmt, off):
    _compiled(_draw_case(fmt, 7 + fmt, off))


def test_ld_on_multisampled_view_still_counted():
    """What stays uncompiled is still visible: a plain 2D view over multisampled storage (no view D3D11 makes, so
    no compiled path) keeps a counted callback / fallback with its reason (plain ``ld`` on 2DMS views compiles
    since session 23: test_native_ld_plain_ms.py)."""
    from pyd3d11.pipeline.native.texel_gen import _ld_support

    class _T:
        inst = None
        t = 0
        offsets = (0, 0, 0)
        sel = (0, 1, 2, 3)

    class _St:
        sample_count = 4
        block_width = block_height = 1

    class _V:
        dimension = 4  # SRV_2D
        storage = _St()

    class _B:
        srvs = [_V()]

    why = _ld_support(None, _T(), _B(), 0)
    assert isinstance(why, str) and why.startswith("ld:")
