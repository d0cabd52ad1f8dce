"""Typed UAV access compiled natively (issue 12; pipeline/native/uav_gen.py): ld_uav_typed, store_uav_typed and
atomics on typed UAVs, compared with the reference executor (the oracle) byte for byte, with the native kernel
required to run (no fallback, the typed ops compiled: ``stats.texture_native`` moves, no callback).

Definitions the cases come from: D3D11.3 §5.3.9 (typed UAVs; the formats Windows offers typed UAV store on at
feature level 11_0, formats/support.py's TYPED_UAV column: every one the format codecs define is covered), §22.4
(ld_uav_typed: the texel's components converted by the view format, 0 in every component outside the view;
store_uav_typed: all four components converted and written, nothing outside; §19.1.3.3 missing components
(0, 0, 0, 1)); spec-facts §1.9 (out-of-range addresses); atomics on an R32_UINT/R32_SINT typed UAV act on the
texel's 32-bit word, serialised in lane order (the reference's rule, which the backends share). View
geometry: buffer, 1D, 1D array, 2D, 2D array (first slice and slice count), 3D (first W slice and W size),
a mip other than 0. Stored values are random bit patterns mixed with the special values the conversions
treat apart (NaN, ±INF, ±0, denormals, ±1, 0.5, integer extremes); addresses include negative and
past-the-end coordinates and several lanes writing one texel (racing writes: undefined in D3D, identical
here because the kernel walks lanes in the reference's order)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.formats.support import has_capability
from pyd3d11.formats.table import bytes_per_element, format_info
from pyd3d11.pipeline import compute
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32 = np.uint32
FL11_0 = 0xB000
#: every format with typed UAV support at 11_0 that the codecs define (video formats have no codec)
TYPED_UAV_FORMATS = [f for f in range(1, 116)
                     if has_capability(f, FL11_0, "TYPED_UAV") and format_info(f).kind.name != "VIDEO"]
SPECIAL = np.array([0x7FC00000, 0xFFC00001, 0x7F800000, 0xFF800000, 0x00000000, 0x80000000, 0x00000001,
                    0x807FFFFF, 0x3F800000, 0xBF800000, 0x3F000000, 0x7FFFFFFF, 0x80000001, 0xFFFFFFFF,
                    0x0000FFFF, 0x00008000, 0x477FF000, 0x3F7FFFFF, 0xC7000000, 0x00000080, 0x3B808081], U32)
# view dimension (D3D11_UAV_DIMENSION) → (dcl keyword, address components used)
DIMS = {1: ("buffer", 1), 2: ("texture1d", 1), 3: ("texture1darray", 2), 4: ("texture2d", 2),
        5: ("texture2darray", 3), 8: ("texture3d", 3)}


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _random_words(rng, n: int) -> np.ndarray:
    w = rng.integers(0, 2**32, n, dtype=np.uint64).astype(U32)
    pick = rng.random(n) < 0.4
    w[pick] = rng.choice(SPECIAL, int(pick.sum()))
    small = rng.random(n) < 0.2  # small floats (UNORM/SNORM mid-range) and small integers
    w[small] = rng.uniform(-1.5, 1.5, int(small.sum())).astype(np.float32).view(U32)
    return w


def _storage(dim: int, fmt: int, size: tuple, mips: int, slices: int) -> ResourceStorage:
    bpe = bytes_per_element(fmt)
    if dim == 1:
        return ResourceStorage.create(1, 0, bpe * size[0])
    sdim = {2: 2, 3: 2, 4: 3, 5: 3, 8: 4}[dim]
    w, h, d = size
    return ResourceStorage.create(sdim, fmt, w, h if sdim >= 3 else 1, d if sdim == 4 else 1, mips,
                                  slices if sdim != 4 else 1, bytes_per_block=bpe)


def _view(st: ResourceStorage, dim: int, fmt: int, mip: int, first: int, count: int, n_el: int) -> ViewDescriptor:
    if dim == 1:
        return ViewDescriptor(ViewKind.UAV, st, fmt, 1, first_element=first, num_elements=n_el,
                              element_size=bytes_per_element(fmt))
    return ViewDescriptor(ViewKind.UAV, st, fmt, dim, first_mip=mip, mip_count=1, first_slice=first,
                          slice_count=count)


PROGRAM = """cs_5_0
dcl_uav_raw u0
dcl_uav_raw u1
dcl_uav_typed_{kw} ({rt},{rt},{rt},{rt}) u2
dcl_input vThreadIDInGroupFlattened
dcl_temps 4
dcl_thread_group 16, 8, 1
ishl r0.x, vThreadIDInGroupFlattened, l(5)
ld_raw r1.xyzw, r0.x, u1.xyzw
iadd r0.y, r0.x, l(16)
ld_raw r2.xyzw, r0.y, u1.xyzw
{body}
ret
"""
# r1: the address (random small integers, some out of range), r2: the value; u0 receives what was read
LOAD_STORE = """ld_uav_typed r3.xyzw, r1.xyzw, u2.{swz}
store_raw u0.xyzw, r0.x, r3.xyzw
store_uav_typed u2.xyzw, r1.yzwx, r2.xyzw
ld_uav_typed r3.xyzw, r1.xyzw, u2.xyzw
store_raw u0.xyzw, r0.y, r3.xyzw
"""


def _run_both(prog_text: str, make, groups: int = 1):
    """Dispatch under the native backend (required to compile the typed ops) and the reference; every UAV's
    bytes from each."""
    prog = assemble_program(prog_text)
    out = {}
    for backend in ("native", "reference"):
        native.set_backend(backend)
        runtime.stats.reset()
        b, storages = make()
        compute.dispatch(prog, b, groups, 1, 1, hooks=TextureSampler(quad_derivatives=False))
        if backend == "native":
            assert runtime.stats.fallbacks == 0, runtime.stats.reasons
            assert runtime.stats.texture_callbacks == 0, runtime.stats.texture_reasons
            assert runtime.stats.texture_native > 0
        out[backend] = [bytes(s.data) for s in storages]
    return out["native"], out["reference"]


def _case(fmt: int, dim: int, seed: int, swz: str = "xyzw"):
    kw, ncoord = DIMS[dim]
    size = {1: (40, 1, 1), 2: (23, 1, 1), 3: (19, 1, 1), 4: (9, 7, 1), 5: (7, 5, 1), 8: (6, 5, 6)}[dim]
    mips = 1 if dim in (1, 8) else 2
    slices = 4 if dim in (3, 5) else 1
    cls = format_info(fmt).kind.name
    rt = "uint" if cls == "UINT" else "sint" if cls == "SINT" else "float"

    def make():
        rng = np.random.default_rng(seed)
        st = _storage(dim, fmt, size, mips, slices)
        st.data[:] = rng.integers(0, 256, st.data.size, dtype=np.uint8)
        if dim == 1:
            view = _view(st, 1, fmt, 0, 3, 0, size[0] - 7)
            extent = [size[0] - 7]
        elif dim == 8:
            view = _view(st, 8, fmt, 0, 2, 3, 0)  # W slices 2..4
            extent = [size[0], size[1], 3]
        else:
            mip = 1 if dim in (2, 3, 4, 5) and seed % 2 else 0
            w, h = max(1, size[0] >> mip), max(1, size[1] >> mip)
            view = _view(st, dim, fmt, mip, 1 if slices > 1 else 0, 2 if slices > 1 else 1, 0)
            extent = {2: [w], 3: [w, 2], 4: [w, h], 5: [w, h, 2]}[dim]
        lanes = 128
        addr = np.zeros((lanes, 4), np.int64)
        for c in range(4):
            hi = extent[c] if c < ncoord else 3
            addr[:, c] = rng.integers(-2, hi + 2, lanes)
        addr = addr.astype(np.int32).view(U32)
        vals = _random_words(rng, lanes * 4).reshape(lanes, 4)
        src = np.stack([addr, vals], 1).reshape(-1)  # 32 bytes per lane: address then value
        u1s = ResourceStorage.create(1, 0, src.size * 4)
        u1s.data.view(U32)[:] = src
        u0s = ResourceStorage.create(1, 0, lanes * 32)
        b = Bindings()
        b.uavs[0] = ViewDescriptor(ViewKind.UAV, u0s, 39, 1, num_elements=lanes * 8, element_size=4, raw=True)
        b.uavs[1] = ViewDescriptor(ViewKind.UAV, u1s, 39, 1, num_elements=src.size, element_size=4, raw=True)
        b.uavs[2] = view
        return b, [u0s, st]

    text = PROGRAM.format(kw=kw, rt=rt, body=LOAD_STORE.format(swz=swz))
    return text, make


@pytest.mark.parametrize("fmt", TYPED_UAV_FORMATS, ids=[format_info(f).name for f in TYPED_UAV_FORMATS])
def test_every_typed_uav_format_2d(fmt):
    text, make = _case(fmt, 4, fmt)
    nat, ref = _run_both(text, make)
    assert nat[0] == ref[0], "ld_uav_typed results differ"
    assert nat[1] == ref[1], "the typed UAV's bytes differ after store_uav_typed"


@pytest.mark.parametrize("fmt", TYPED_UAV_FORMATS, ids=[format_info(f).name for f in TYPED_UAV_FORMATS])
def test_every_typed_uav_format_buffer(fmt):
    text, make = _case(fmt, 1, 1000 + fmt, "wzyx")
    nat, ref = _run_both(text, make)
    assert nat == ref


@pytest.mark.parametrize("dim", [1, 2, 3, 4, 5, 8], ids=[DIMS[d][0] for d in (1, 2, 3, 4, 5, 8)])
@pytest.mark.parametrize("fmt", [2, 28, 38, 26, 63], ids=["RGBA32F", "RGBA8_UNORM", "RG16_SINT", "R11G11B10",
                                                          "R8_SNORM"])
@pytest.mark.parametrize("seed", [1, 2])
def test_view_dimensions(dim, fmt, seed):
    text, make = _case(fmt, dim, seed * 7 + dim, "yxwz")
    nat, ref = _run_both(text, make)
    assert nat == ref


ATOMICS = """imm_atomic_{op} r3.x, u2, r1.xyzw, {args}
store_raw u0.x, r0.x, r3.x
atomic_{op2} u2, r1.wzyx, {args2}
"""
_ATOMIC_FORMS = [("iadd", "r2.x", "iadd"), ("and", "r2.x", "and"), ("or", "r2.x", "or"), ("xor", "r2.x", "xor"),
                 ("imax", "r2.x", "imax"), ("imin", "r2.x", "imin"), ("umax", "r2.x", "umax"),
                 ("umin", "r2.x", "umin"), ("exch", "r2.x", "iadd"), ("cmp_exch", "r2.z, r2.x", "cmp_store")]
_ARGS2 = {"cmp_store": "r2.z, r2.y"}


@pytest.mark.parametrize("op, args, op2", _ATOMIC_FORMS, ids=[a[0] for a in _ATOMIC_FORMS])
@pytest.mark.parametrize("dim, fmt", [(4, 42), (5, 43), (1, 42), (8, 43), (3, 42)])
def test_typed_atomics(op, args, op2, dim, fmt):
    kw, ncoord = DIMS[dim]
    text0, make0 = _case(fmt, dim, 3 + dim)
    body = ATOMICS.format(op=op, args=args, op2=op2, args2=_ARGS2.get(op2, "r2.y"))
    if op == "cmp_exch":  # compare with values that are often the texel's (a few distinct texel values)
        body = "and r2.z, r2.z, l(3)\n" + body
    text = text0.split("ld_uav_typed")[0] + body + "ret\n"

    def make():
        b, st = make0()
        if op == "cmp_exch":
            st[1].data.view(U32)[:] &= 3
        return b, st

    nat, ref = _run_both(text, make)
    assert nat[0] == ref[0], "returned pre-op values differ"
    assert nat[1] == ref[1], "the typed UAV's words differ"


def test_unbound_typed_uav_reads_zero_and_drops_writes():
    text, make0 = _case(28, 4, 5)
    text = text.replace("store_raw u0.xyzw, r0.y", "imm_atomic_iadd r3.y, u2, r1.xyzw, l(1)\nstore_raw u0.xyzw, r0.y")

    def make():
        b, st = make0()
        b.uavs[2] = None
        return b, st

    nat, ref = _run_both(text, make)
    assert nat == ref
    assert not any(nat[0])  # every ld_uav_typed and atomic result 0 (§5.3.9: unbound UAV reads 0)


def test_format_without_native_codec_falls_back_visibly():
    # B5G6R5: a format the reference encodes but uav_gen compiles too; R9G9B9E5 is not a UAV format, so take a
    # view whose format om_gen does not lay out — the dispatch runs on the reference, counted with the reason
    text, make0 = _case(28, 4, 9)

    def make():
        b, st = make0()
        v = b.uavs[2]
        b.uavs[2] = ViewDescriptor(ViewKind.UAV, v.storage, 67, 4, first_mip=v.first_mip)  # R9G9B9E5_SHAREDEXP
        return b, st

    prog = assemble_program(text)
    native.set_backend("native")
    runtime.stats.reset()
    b, _ = make()
    compute.dispatch(prog, b, 1, 1, 1, hooks=TextureSampler(quad_derivatives=False))
    assert runtime.stats.fallbacks == 1
    (reason,) = runtime.stats.reasons
    assert "R9G9B9E5_SHAREDEXP" in reason and "compute shader" in reason


SMALL_GROUPS = """cs_5_0
dcl_uav_raw u0
dcl_uav_typed_texture2d (uint,uint,uint,uint) u2
dcl_input vThreadID.x
dcl_temps 2
and r0.xy, vThreadID.xxxx, l(3, 1, 0, 0)
imm_atomic_iadd r1.x, u2, r0.xyxx, vThreadID.x
ishl r0.z, vThreadID.x, l(2)
store_raw u0.x, r0.z, r1.x
atomic_umax u2, r0.yxxx, vThreadID.x
ret
"""


@pytest.mark.parametrize("T, groups", [(3, 5), (1, 1), (5, 3), (7, 9)])
def test_typed_atomics_in_dispatches_of_odd_lane_counts(T, groups):
    # groups whose reference batch is not a multiple of 8 lanes: the whole dispatch is one batch, so one kernel
    # tile holding all its lanes keeps the reference's lane order (runtime.compute_tile)
    text = SMALL_GROUPS.replace("dcl_temps 2", f"dcl_temps 2\ndcl_thread_group {T}, 1, 1")

    def make():
        st = _storage(4, 42, (4, 2, 1), 1, 1)
        st.data.view(U32)[:] = np.arange(8, dtype=U32) * 1000
        u0s = ResourceStorage.create(1, 0, 4 * T * groups)
        b = Bindings()
        b.uavs[0] = ViewDescriptor(ViewKind.UAV, u0s, 39, 1, num_elements=T * groups, element_size=4, raw=True)
        b.uavs[2] = _view(st, 4, 42, 0, 0, 1, 0)
        return b, [u0s, st]

    nat, ref = _run_both(text, make, groups)
    assert nat == ref
