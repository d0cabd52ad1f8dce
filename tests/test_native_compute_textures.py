"""Texture access in native compute kernels (issue 12): the pipeline's native sampler plan
(pipeline/native/sampler_gen.py, texel_gen.py) is compiled into compute kernels as it is into vertex and
pixel kernels. Each texture instruction class runs natively (the texture counter moves, no fallback) and
gives the reference backend's bytes; an instruction the plan does not compile sends the dispatch to the
reference, counted with its reason. In a compute shader implicit-LOD instructions use LOD 0 (D3D11.3 §18.4:
threads are not in quads), the reference's rule, so ``sample``/``sample_b``/``sample_c`` are in the table."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import runtime
from pyd3d11.tools import pipeline_fuzz as pf

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

HEAD = """cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[16], immediateIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t4
dcl_resource_texture2d (float,float,float,float) t5
dcl_resource_texture2darray (float,float,float,float) t6
dcl_resource_texturecube (float,float,float,float) t7
dcl_resource_texture3d (float,float,float,float) t8
dcl_uav_raw u0
dcl_input vThreadID.xy
dcl_temps 4
dcl_thread_group 8, 2, 1
utof r0.xyzw, vThreadID.xyxy
mad r0.xyzw, r0.xyzw, l(0.13, 0.21, 0.37, 0.05), l(-0.3, -0.2, 0.1, 0.0)
and r3.xyzw, vThreadID.xyxy, l(7, 7, 1, 1)
"""
TAIL = """imad r2.x, vThreadID.y, l(256), vThreadID.x
ishl r2.x, r2.x, l(4)
store_raw u0.xyzw, r2.x, r1.xyzw
ret
"""

# (name, instruction) — one per texture instruction class and view dimension
OPS = [
    ("sample_l 2D", "sample_l r1.xyzw, r0.xyzw, t4.xyzw, s0, r0.w"),
    ("sample_l 2D offset", "sample_l_aoffimmi(1,-2,0) r1.xyzw, r0.xyzw, t4.xyzw, s0, l(0.5)"),
    ("sample_l 2D array", "sample_l r1.xyzw, r0.xyzw, t6.xyzw, s0, r0.w"),
    ("sample_l cube", "sample_l r1.xyzw, r0.xyzw, t7.xyzw, s0, r0.w"),
    ("sample_l 3D", "sample_l r1.xyzw, r0.xyzw, t8.xyzw, s0, r0.w"),
    ("sample_d 2D", "sample_d r1.xyzw, r0.xyzw, t4.xyzw, s0, r0.zwzw, r0.wzwz"),
    ("sample (LOD 0 in CS)", "sample r1.xyzw, r0.xyzw, t4.xyzw, s0"),
    ("sample_b (LOD 0 + bias)", "sample_b r1.xyzw, r0.xyzw, t4.xyzw, s0, l(1.5)"),
    ("sample_c_lz", "sample_c_lz r1.xyzw, r0.xyzw, t5.xyzw, s1, r0.z"),
    ("sample_c (LOD 0)", "sample_c r1.xyzw, r0.xyzw, t5.xyzw, s1, r0.z"),
    ("gather4 red", "gather4 r1.xyzw, r0.xyzw, t4.xyzw, s0.x"),
    ("gather4 alpha offset", "gather4_aoffimmi(-1,1,0) r1.xyzw, r0.xyzw, t4.xyzw, s0.w"),
    ("gather4 2D array", "gather4 r1.xyzw, r0.xyzw, t6.xyzw, s0.y"),
    ("gather4_c", "gather4_c r1.xyzw, r0.xyzw, t5.xyzw, s1.x, r0.z"),
    ("gather4_po", "gather4_po r1.xyzw, r0.xyzw, r3.zwzw, t4.xyzw, s0.x"),
    ("gather4_po_c", "gather4_po_c r1.xyzw, r0.xyzw, r3.zwzw, t5.xyzw, s1.x, r0.z"),
    ("ld 2D", "ld r1.xyzw, r3.xyww, t4.xyzw"),
    ("ld 2D offset", "ld_aoffimmi(1,1,0) r1.xyzw, r3.xyww, t4.xyzw"),
    ("ld 3D", "ld r1.xyzw, r3.xyzw, t8.xyzw"),
    ("resinfo float", "resinfo r1.xyzw, l(1), t6.xyzw"),
    ("resinfo rcp", "resinfo_rcpFloat r1.xyzw, l(0), t8.xyzw"),
    ("resinfo uint", "resinfo_uint r1.xyzw, r3.z, t7.xyzw"),
]


def _case(text: str, seed: int, fmt: int = 28, filt: int = 0x15) -> pf.Case:
    case = pf.make_case(seed, "dispatch")
    case.programs["cs"] = HEAD + text + "\n" + TAIL
    case.state["groups"] = (2, 1, 1)
    case.data["u0"] = np.zeros(8192, np.uint8)  # one 16-byte record per thread, rows of 256 threads
    case.state["textures"] = {"t4": dict(fmt=fmt, w=8, h=8, mips=0, arr=1),
                              "t5": dict(fmt=41, w=8, h=8, mips=0, arr=1),
                              "t6": dict(fmt=10, w=8, h=4, mips=2, arr=3),
                              "t7": dict(fmt=28, w=4, h=4, mips=0, arr=6, cube=True),
                              "t8": dict(fmt=24, w=4, h=4, d=4, mips=0)}
    for i, name in enumerate(case.state["textures"]):
        case.data[name] = [seed * 16 + i]
    case.state["samplers"][0].update(Filter=filt, AddressU=1, AddressV=3, AddressW=2, MinLOD=0.0, MaxLOD=3.4e38)
    return case


@pytest.mark.parametrize("name, op", OPS, ids=[o[0] for o in OPS])
@pytest.mark.parametrize("seed", [3, 11])
def test_texture_op_native_in_compute(name, op, seed):
    before = (runtime.stats.texture_native, runtime.stats.fallbacks)
    status, detail = pf.diff_case(_case(op, seed))
    assert status == "same", detail
    assert runtime.stats.fallbacks == before[1]  # compiled, not sent to the reference
    assert runtime.stats.texture_native > before[0]


@pytest.mark.parametrize("filt", [0x0, 0x1, 0x4, 0x10, 0x14, 0x55])
def test_filters_native_in_compute(filt):
    status, detail = pf.diff_case(_case("sample_l r1.xyzw, r0.xyzw, t4.xyzw, s0, r0.w", 5, filt=filt))
    assert status == "same", detail


@pytest.mark.parametrize("fmt", [2, 10, 24, 26, 29, 61, 87, 71, 77, 98])
def test_formats_native_in_compute(fmt):
    # float, UNORM, sRGB and block-compressed formats (the texel cache decodes them)
    status, detail = pf.diff_case(_case("sample_l r1.xyzw, r0.xyzw, t4.xyzw, s0, r0.w", 7, fmt=fmt))
    assert status == "same", detail


def test_uncompiled_texture_op_falls_back_with_reason():
    # a texture instruction the native backend does not compile sends the whole dispatch to the reference,
    # counted with its reason. Until session 18 this case was ld from a block-compressed view, then gather on an
    # integer cube, then sample_info, then (session 21) a sample from an unbound SRV (all compiled now:
    # tests/test_native_ld_block.py, the integer-cube cases below, tests/test_native_texel_ms.py,
    # tests/test_native_last_fallbacks.py); a comparison sample on an integer format (R8G8B8A8_UINT) is not
    tally = pf.Tally()
    status, detail = pf.diff_case(_case("sample_c_lz r1.xyzw, r0.xyzw, t4.xyzw, s1, r0.z", 2, fmt=30), tally)
    assert status == "fallback"
    assert "comparison on an integer format" in detail


def test_sample_from_an_unbound_srv_compiles_in_compute():
    # the visible-fallback case until session 21: reads of an unbound SRV return 0, compiled as a zero store
    before = (runtime.stats.fallbacks, runtime.stats.texture_native)
    case = _case("sample_l r1.xyzw, r0.xyzw, t9.xyzw, s0, r0.w", 2)
    case.programs["cs"] = case.programs["cs"].replace(
        "dcl_uav_raw u0", "dcl_resource_texture2d (float,float,float,float) t9\ndcl_uav_raw u0")
    status, detail = pf.diff_case(case)
    assert status == "same", detail
    assert runtime.stats.fallbacks == before[0] and runtime.stats.texture_native > before[1]


def test_ld_block_compressed_compiles_in_compute():
    before = runtime.stats.fallbacks
    status, detail = pf.diff_case(_case("ld r1.xyzw, r3.xyww, t4.xyzw", 2, fmt=71))
    assert status == "same", detail
    assert runtime.stats.fallbacks == before


def test_threaded_dispatch_with_textures_equals_serial():
    # compute groups spread over the worker threads: texture reads are pure, so the bytes do not depend on
    # the thread count (the fuzzer's dispatches run on one worker; this runs on several)
    from pyd3d11.shader.native import pool

    case = _case("sample_l r1.xyzw, r0.xyzw, t6.xyzw, s0, r0.w", 9)
    case.state["groups"] = (16, 1, 1)
    native.set_backend("native")
    try:
        outs = []
        for n in (1, 2, 4):
            pool.set_threads(n)
            outs.append(pf.run_case(case)["u0"])
    finally:
        native.set_backend(None)
        pool.set_threads(None)
    assert outs[0] == outs[1] == outs[2]


# gather on integer cube maps (session 18): a footprint corner outside the cube's three faces at a corner takes
# the other three texels' average (sampler._gather: float32 sum in tap order × float32(1/3), converted back to the
# integer type); the coordinates r0 reach cube corners (|x| = |y| = |z| lanes)
@pytest.mark.parametrize("fmt", [30, 32, 42, 43, 57, 59, 3, 4])  # (U|S)INT 8, 16, 32-bit, 4x32
@pytest.mark.parametrize("comp", ["x", "y", "w"])
def test_gather_on_integer_cubes_native_in_compute(fmt, comp):
    case = _case(f"mov r0.xyz, r0.xxx\nmovc r0.y, r3.z, -r0.y, r0.y\ngather4 r1.xyzw, r0.xyzw, t7.xyzw, s0.{comp}",
                 4)
    case.state["textures"]["t7"]["fmt"] = fmt
    before = runtime.stats.fallbacks
    status, detail = pf.diff_case(case)
    assert status == "same", detail
    assert runtime.stats.fallbacks == before


def test_gather_integer_cube_corner_average_extremes():
    """uint32 / int32 texels near the range ends: the average of three (converted to float32) can round past
    the type's range; the native conversion follows numpy's on x86-64 (the reference)."""
    for fmt, fill in ((42, (0xFF,) * 4), (43, (0xFF, 0xFF, 0xFF, 0x7F)), (43, (0, 0, 0, 0x80)), (43, (0x7F,) * 4)):
        case = _case("mov r0.xyz, r0.xxx\ngather4 r1.xyzw, r0.xyzw, t7.xyzw, s0.x", 6)
        case.state["textures"]["t7"]["fmt"] = fmt
        orig = pf._bits
        pf._bits = lambda rng, n, fill=fill: np.resize(np.array(fill, np.uint8), n)  # every texel one word
        try:
            status, detail = pf.diff_case(case)
        finally:
            pf._bits = orig
        assert status == "same", (fmt, fill, detail)
