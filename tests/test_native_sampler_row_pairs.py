"""The row-pair copy of packed 2D UNORM8 texels (TexData.row_pairs) and the native sampler's one-load-per-lane
bilinear footprint from it (SampleEmitter._fetch_quads, Session 18 K16, issue 12).

Definition (the copy): for a 2D / 2D-array view whose texels are packed 8-bit UNORM codes, word 2 i is texel i of
the view's packed codes and word 2 i + 1 the texel one row below it in the same mip and array slice, 0 after the
last row of each. A bilinear footprint (x0, y0) .. (x0 + 1, y0 + 1) whose columns and rows are neighbours in every
lane of a step is the 16 bytes at word 2 idx(x0, y0); any other footprint (a WRAP / CLAMP / MIRROR / BORDER edge
inside it, a 1-texel axis, a lane in another mip) is read as before. Tests:

* the copy built from the definition per subresource (the storage's own bytes, not the cache's arrays): odd sizes,
  1 x N and N x 1 mip tails, arrays, view mip / slice ranges; no copy for 1D / 3D / cube views or other formats;
* differentials, native against the reference bit for bit, with each step's lanes clustered on one footprint
  anchor (so the fast path applies where the anchor allows): interior anchors, the last two rows and columns of a
  mip, negative anchors, every address mode, array slices, mip tails by explicit LOD, trilinear / bilinear /
  anisotropic filters, an immediate offset;
* the copy is rebuilt for every write: the storage version bump of each write path reaches it;
* mutations (the transposed words swapped, the row or column neighbour check dropped) fail the differentials.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import BORDER, CLAMP, MIRROR, MIRROR_ONCE, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

F32 = np.float32
R8G8B8A8_UNORM, R8G8_UNORM, R8_UNORM, B8G8R8A8_UNORM, R16_UNORM = 28, 49, 61, 87, 56
BPE = {R8G8B8A8_UNORM: 4, R8G8_UNORM: 2, R8_UNORM: 1, B8G8R8A8_UNORM: 4, R16_UNORM: 2}
SRV_1D, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE = 2, 4, 5, 8, 9


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _storage(sdim: int, fmt: int, size: tuple, layers: int, seed: int, mips: int | None = None) -> ResourceStorage:
    w, h, d = size
    if mips is None:
        mips = max(w, h, d).bit_length()
    st = ResourceStorage.create(sdim, fmt, w, h, d, mips, layers, 1, BPE[fmt], 1)
    rng = np.random.default_rng(seed)
    for s in range(layers):
        for m in range(mips):
            sub = st.subresource_index(m, s)
            L = st.layout(sub)
            st.subresource_bytes(sub)[:] = rng.integers(0, 256, L.depth_pitch * L.depth, dtype=np.uint8)
    st.touch()
    return st


def _codes(st: ResourceStorage, fmt: int, mip: int, layer: int) -> np.ndarray:
    """(h, w) uint32 packed codes of one subresource straight from its bytes: byte c = component c (R8G8: B 0,
    A 255; R8: G, B 0, A 255; B8G8R8A8: bytes reordered to RGBA) — §3.2.3.5 plus the missing-component defaults."""
    L = st.layout(st.subresource_index(mip, layer))
    raw = np.frombuffer(bytes(st.subresource_bytes(st.subresource_index(mip, layer))), np.uint8)
    b = BPE[fmt]
    px = np.stack([raw[y * L.row_pitch:y * L.row_pitch + L.width * b] for y in range(L.height)]).reshape(
        L.height, L.width, b)
    rgba = np.zeros((L.height, L.width, 4), np.uint8)
    rgba[..., 3] = 255
    order = {R8G8B8A8_UNORM: (0, 1, 2, 3), B8G8R8A8_UNORM: (2, 1, 0, 3), R8G8_UNORM: (0, 1), R8_UNORM: (0,)}[fmt]
    for byte, comp in enumerate(order):
        rgba[..., comp] = px[..., byte]
    return rgba.view(np.uint32)[..., 0]


def _expected_pairs(st: ResourceStorage, fmt: int, first_mip: int, mips: int, first_slice: int, layers: int):
    out = []
    for m in range(first_mip, first_mip + mips):
        for s in range(first_slice, first_slice + layers):
            c = _codes(st, fmt, m, s)
            h, w = c.shape
            for y in range(h):
                for x in range(w):
                    out += [int(c[y, x]), int(c[y + 1, x]) if y + 1 < h else 0]
    return np.array(out, np.uint32)


# ---- the copy --------------------------------------------------------------------------------------------

LAYOUTS = [  # (format, (w, h), layers, srv dim, first mip, first slice)
    (R8G8B8A8_UNORM, (13, 7), 1, SRV_2D, 0, 0),
    (R8G8B8A8_UNORM, (16, 3), 1, SRV_2D, 0, 0),  # 16x3, 8x1, 4x1, 2x1, 1x1: rows without a row below
    (B8G8R8A8_UNORM, (2, 9), 1, SRV_2D, 0, 0),  # 2x9 .. 1x1: a 1-texel-wide column
    (R8G8_UNORM, (7, 5), 3, SRV_2DARRAY, 0, 0),  # a slice's last row is not followed by the next slice's first
    (R8_UNORM, (12, 10), 4, SRV_2DARRAY, 1, 1),  # view mip and slice ranges
    (R8G8B8A8_UNORM, (1, 1), 1, SRV_2D, 0, 0),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt,size,layers,dim,first_mip,first_slice", LAYOUTS)
def test_row_pair_copy_matches_definition(fmt, size, layers, dim, first_mip, first_slice):
    st = _storage(3, fmt, (*size, 1), layers, seed=sum(size) + layers)
    count = layers - first_slice - (1 if first_slice else 0)
    view = srv(st, fmt, dim, first_mip=first_mip, first_slice=first_slice, slice_count=count)
    got = texture_cache.texture_data(view).row_pairs()
    want = _expected_pairs(st, fmt, first_mip, st.mip_levels - first_mip, first_slice, count)
    assert got is not None and got.dtype == np.uint32
    np.testing.assert_array_equal(got, want)


@pytest.mark.backend_independent
@pytest.mark.parametrize("sdim,vdim,size,layers,fmt", [
    (2, SRV_1D, (16, 1, 1), 1, R8G8B8A8_UNORM),  # 1D: no rows
    (4, SRV_3D, (8, 4, 4), 1, R8G8B8A8_UNORM),  # 3D: not built (2D footprints only)
    (3, SRV_CUBE, (8, 8, 1), 6, R8G8B8A8_UNORM),  # cube: CubeEmitter reads its own footprints
    (3, SRV_2D, (8, 8, 1), 1, R16_UNORM),  # not an 8-bit UNORM format: no packed codes
])
def test_no_row_pair_copy(sdim, vdim, size, layers, fmt):
    st = _storage(sdim, fmt, size, layers, seed=3)
    assert texture_cache.texture_data(srv(st, fmt, vdim)).row_pairs() is None


@pytest.mark.backend_independent
def test_copy_rebuilt_after_write():
    """The copy lives in the decoded entry keyed by the storage version: a write (touch) gives a new one."""
    st = _storage(3, R8G8B8A8_UNORM, (8, 8, 1), 1, seed=5)
    view = srv(st, R8G8B8A8_UNORM, SRV_2D)
    first = texture_cache.texture_data(view).row_pairs().copy()
    sub = st.subresource_index(0, 0)
    st.subresource_bytes(sub)[:] = 7
    st.touch()
    again = texture_cache.texture_data(view).row_pairs()
    assert not np.array_equal(first, again)
    np.testing.assert_array_equal(again, _expected_pairs(st, R8G8B8A8_UNORM, 0, st.mip_levels, 0, 1))


# ---- differentials ---------------------------------------------------------------------------------------

STEP = 32  # lanes clustered per anchor: a whole vector step at every kernel width up to 32


def _shader(dim: str, coords: str, offset: bool) -> str:
    t = f"({dim})(float,float,float,float)"
    off = "_aoffimmi_indexable(1,-1,0)" if offset else "_indexable"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"sample_l{off}{t} o0.xyzw, v0.{coords}, t0.xyzw, s0, v1.w\n"
            f"sample{off}{t} o1.wzyx, v0.{coords}, t0.xyzw, s0\nret\n")


def _anchored(size: tuple, mips: int, anchors: list, layers: int, seed: int) -> np.ndarray:
    """Inputs: per anchor (x0, y0, mip) one step of lanes whose sample_l footprint starts at texel (x0, y0) of
    that mip (coordinate (x0 + 0.5 + f) / w, f in [0, 1)), in quads a hundredth of a texel apart (the implicit
    sample magnifies: mip 0), the slice per step."""
    rng = np.random.default_rng(seed)
    n = STEP * len(anchors)
    v = np.zeros((2, n, 4), F32)
    for i, (x0, y0, m) in enumerate(anchors):
        w, h = max(size[0] >> m, 1), max(size[1] >> m, 1)
        sl = slice(i * STEP, (i + 1) * STEP)
        f = rng.uniform(0.0, 0.98, (STEP, 2))
        v[0, sl, 0] = ((x0 + 0.5 + f[:, 0]) / w).astype(F32)
        v[0, sl, 1] = ((y0 + 0.5 + f[:, 1]) / h).astype(F32)
        v[0, sl, 2] = rng.integers(0, layers) if i % 3 else rng.integers(0, layers, STEP)  # one slice / several
        v[1, sl, 3] = m if i % 4 else m + rng.uniform(0, 0.99)  # trilinear: the next mip's footprint too
    # quads: TR / BL / BR a hundredth of a mip-0 texel right / down of TL (the implicit LOD magnifies: mip 0)
    q = v[0].reshape(-1, 4, 4)
    q[:, 1:, :] = q[:, :1, :]
    q[:, 1::2, 0] += F32(0.01 / size[0])
    q[:, 2:, 1] += F32(0.01 / size[1])
    return v


def _anchors(size: tuple, mips: int) -> list:
    out = []
    for m in range(mips):
        w, h = max(size[0] >> m, 1), max(size[1] >> m, 1)
        xs = sorted({0, w // 2, w - 2, w - 1, -1} - {-2})
        ys = sorted({0, h // 2, h - 2, h - 1, -1} - {-2})
        out += [(x, y, m) for x in xs for y in ys]
    return out


def _run(size, layers, fmt, desc, seed, offset=False, mips=None):
    arrayed = layers > 1
    st = _storage(3, fmt, (*size, 1), layers, seed, mips)
    view = srv(st, fmt, SRV_2DARRAY if arrayed else SRV_2D)
    assert texture_cache.texture_data(view).row_pairs() is not None
    b = Bindings()
    b.srvs[0] = view
    b.samplers[0] = desc
    text = _shader("texture2darray" if arrayed else "texture2d", "xyzx" if arrayed else "xyxx", offset)
    prog = assemble_program(text)
    regs = _anchored(size, st.mip_levels, _anchors(size, st.mip_levels), layers, seed)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == 2, runtime.stats.texture_reasons
    return np.asarray(ref.outputs), np.asarray(nat.outputs)


MODES = [WRAP, CLAMP, MIRROR, BORDER, MIRROR_ONCE]
DIFF = [  # (size, layers, format, filter, mode u, mode v, offset)
    ((16, 16), 1, R8G8B8A8_UNORM, 0x15, WRAP, WRAP, False),
    ((13, 7), 1, R8G8B8A8_UNORM, 0x15, CLAMP, MIRROR, False),
    ((13, 7), 1, B8G8R8A8_UNORM, 0x14, BORDER, BORDER, False),
    ((9, 12), 1, R8G8_UNORM, 0x15, MIRROR_ONCE, WRAP, False),
    ((16, 3), 1, R8_UNORM, 0x15, WRAP, CLAMP, False),  # 1-row mips
    ((3, 16), 1, R8G8B8A8_UNORM, 0x15, MIRROR, MIRROR_ONCE, False),  # 1-column mips
    ((10, 6), 3, R8G8B8A8_UNORM, 0x15, WRAP, WRAP, False),  # array: a slice's last row
    ((10, 6), 4, R8G8B8A8_UNORM, 0x14, CLAMP, BORDER, False),
    ((16, 16), 1, R8G8B8A8_UNORM, 0x15, CLAMP, WRAP, True),  # immediate offset (1, -1)
    ((16, 16), 1, R8G8B8A8_UNORM, 0x55, WRAP, MIRROR, False),  # anisotropic
    ((64, 64), 1, R8G8B8A8_UNORM, 0x15, WRAP, WRAP, False),
]


@pytest.mark.parametrize("size,layers,fmt,filt,mu,mv,offset", DIFF,
                         ids=[f"{s[0]}x{s[1]}x{n}-{f}-{fl:#x}-{u}{v}{'o' if o else ''}" for s, n, f, fl, u, v, o in DIFF])
def test_anchored_footprints_match_reference(size, layers, fmt, filt, mu, mv, offset):
    desc = SamplerDesc(Filter=filt, AddressU=mu, AddressV=mv, MaxAnisotropy=4,
                       BorderColor=(0.25, 1.0, 0.0, 0.5))
    ref, nat = _run(size, layers, fmt, desc, seed=size[0] * 7 + size[1] + layers, offset=offset)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("width", ["8", "16", "64"])
@pytest.mark.parametrize("case", [0, 6])
def test_kernel_widths(monkeypatch, width, case):
    """Steps of 8 / 16 lanes (one group of the transpose, or two) and 64 (two anchors a step: mostly the row
    loads) against the reference; 32 is every other test's."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    monkeypatch.setattr(runtime, "_KERNELS", {})
    size, layers, fmt, filt, mu, mv, offset = DIFF[case]
    ref, nat = _run(size, layers, fmt, SamplerDesc(Filter=filt, AddressU=mu, AddressV=mv), seed=int(width) + case)
    np.testing.assert_array_equal(nat, ref)


def test_row_pairs_off_matches_reference(monkeypatch):
    """``PYD3D11_NATIVE_ROW_PAIRS=0`` (the A/B switch): the row loads, the same results."""
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setattr(sampler_gen, "ROW_PAIRS", False)
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    ref, nat = _run((13, 7), 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=CLAMP), seed=11)
    np.testing.assert_array_equal(nat, ref)


# ---- mutations: each must fail a differential --------------------------------------------------------------

def _mutated_differs(monkeypatch, patch) -> bool:
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    patch(monkeypatch, sampler_gen.SampleEmitter)
    for size, mu, mv in (((13, 7), WRAP, CLAMP), ((10, 6), CLAMP, WRAP)):
        ref, nat = _run(size, 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=mu, AddressV=mv), seed=21)
        if not np.array_equal(ref, nat):
            return True
    return False


def test_mutation_transposed_words_swapped_fails(monkeypatch):
    def patch(mp, se):
        orig = se._transpose4x8
        mp.setattr(se, "_transpose4x8", staticmethod(lambda g, q: orig(g, q)[::-1]))
    assert _mutated_differs(monkeypatch, patch)


@pytest.mark.parametrize("axis", [0, 1])
def test_mutation_neighbour_check_dropped_fails(monkeypatch, axis):
    """The fast path taken where only the columns (axis 0 kept) or only the rows are neighbours everywhere."""
    def patch(mp, se):
        mp.setattr(se, "_quad_neighbours", lambda self, g, xs, ys: self._x_neighbours(g, (xs, ys)[axis]))
    assert _mutated_differs(monkeypatch, patch)


# ---- every write path rebuilds the copy (through the device) ------------------------------------------------

def _api_case(kind: str):
    """(device, context, texture, SRV) after ``kind``'s write; the texture held codes of seed 1 before."""
    from pyd3d11.d3d11 import (
        D3D11_SUBRESOURCE_DATA,
        D3D11_TEXTURE2D_DESC,
        DXGI_SAMPLE_DESC,
        D3D11CreateDevice,
    )

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)
    dynamic = kind == "map"
    mips = 1 if dynamic else 3
    bind = 0x8 | (0 if dynamic else 0x20 | 0x80)  # SRV (+ RT + UAV)
    rng = np.random.default_rng(1)
    init = [rng.integers(0, 256, (8 >> m, 8 >> m, 4), dtype=np.uint8) for m in range(mips)]

    def make(data, usage=0, cpu=0, misc=0):
        return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=8, Height=8, MipLevels=mips, ArraySize=1, Format=R8G8B8A8_UNORM, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
            Usage=usage, BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc),
            [D3D11_SUBRESOURCE_DATA(pSysMem=d, SysMemPitch=d.shape[1] * 4) for d in data])

    tex = make(init, usage=2 if dynamic else 0, cpu=0x10000 if dynamic else 0, misc=1 if kind == "mips" else 0)
    srv = dev.CreateShaderResourceView(tex, None)
    before = texture_cache.texture_data(srv._view).row_pairs().copy()
    new = rng.integers(0, 256, (8, 8, 4), dtype=np.uint8)
    if kind == "update":
        ctx.UpdateSubresource(tex, 0, None, new, 32, 0)
    elif kind == "map":
        m = ctx.Map(tex, 0, 4)  # WRITE_DISCARD
        for y in range(8):
            m.as_array(np.uint8, (8, m.RowPitch))[y, :32] = new[y].reshape(-1)
        ctx.Unmap(tex, 0)
    elif kind in ("copy", "region"):
        src = make([new] + [rng.integers(0, 256, (8 >> m, 8 >> m, 4), dtype=np.uint8) for m in range(1, mips)])
        if kind == "copy":
            ctx.CopyResource(tex, src)
        else:
            ctx.CopySubresourceRegion(tex, 1, 0, 0, 0, src, 1, None)  # mip 1
    elif kind == "clear_rt":
        ctx.ClearRenderTargetView(dev.CreateRenderTargetView(tex, None), (0.25, 0.5, 1.0, 0.0))
    elif kind == "clear_uav":
        ctx.ClearUnorderedAccessViewFloat(dev.CreateUnorderedAccessView(tex, None), (1.0, 0.0, 0.5, 0.75))
    elif kind == "mips":
        ctx.UpdateSubresource(tex, 0, None, new, 32, 0)
        before = texture_cache.texture_data(srv._view).row_pairs().copy()
        ctx.GenerateMips(srv)
    elif kind in ("draw", "dispatch"):
        from pyd3d11.d3dcompiler import D3DCompile

        def blob(src, entry, target):
            return D3DCompile(src, None, None, None, None, entry, target, 0, 0)
        if kind == "draw":
            vs = dev.CreateVertexShader(blob("float4 main(uint i : SV_VertexID) : SV_Position {"
                                             " return float4(i == 2 ? 3 : -1, i == 1 ? 3 : -1, 0, 1); }", "main",
                                             "vs_5_0"), None)
            ps = dev.CreatePixelShader(blob("float4 main(float4 p : SV_Position) : SV_Target {"
                                            " return float4(frac(p.xy / 8), 0.5, 1); }", "main", "ps_5_0"), None)
            from pyd3d11.d3d11 import D3D11_VIEWPORT

            ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
            ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=8, Height=8, MinDepth=0, MaxDepth=1)])
            ctx.IASetPrimitiveTopology(4)
            ctx.VSSetShader(vs)
            ctx.PSSetShader(ps)
            ctx.Draw(3, 0)
        else:
            cs = dev.CreateComputeShader(blob("RWTexture2D<unorm float4> u : register(u0);\n[numthreads(8, 8, 1)]"
                                              " void main(uint3 t : SV_DispatchThreadID) {"
                                              " u[t.xy] = float4(t.x / 8.0, t.y / 8.0, 0.25, 1); }", "main",
                                              "cs_5_0"), None)
            ctx.CSSetShader(cs)
            ctx.CSSetUnorderedAccessViews(0, 1, [dev.CreateUnorderedAccessView(tex, None)], None)
            ctx.Dispatch(1, 1, 1)
        ctx.Flush()
    return tex, srv, before


WRITES = ["update", "map", "copy", "region", "clear_rt", "clear_uav", "mips", "draw", "dispatch"]


@pytest.mark.parametrize("kind", WRITES)
def test_every_write_path_rebuilds_the_copy(kind):
    tex, srv, before = _api_case(kind)
    st = tex._storage
    after = texture_cache.texture_data(srv._view).row_pairs()
    np.testing.assert_array_equal(after, _expected_pairs(st, R8G8B8A8_UNORM, 0, st.mip_levels, 0, 1))
    assert not np.array_equal(after, before)
