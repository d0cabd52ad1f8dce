"""Resource-object methods and subscripts, from their definitions (issue 15, objects).

Sources:
- MicrosoftDocs win32 desktop-src/direct3dhlsl, one page per method and object: GetDimensions (the outputs
  of each object; with a mip level the sizes are those of that level and the last output is the level
  count), Load (location = address + mip level for textures with mips; multisampled textures add a sample
  index; an optional offset; an optional ``out uint status``), Sample/SampleBias/SampleCmp/SampleGrad
  (optional offset, clamp, status), SampleLevel/SampleCmpLevelZero (offset, status), Gather* (one offset or,
  for the channel forms, four; status), cube textures without offsets; CalculateLevelOfDetail (location
  without the array index); Operator[] of each object.
- D3D11.3 functional spec: mip level sizes are max(1, size >> level) (§5.3.3 mipmaps); ``ld`` reads texel
  (x + offset) of the level (§22.4.6); a multisampled texture's operator[] reads sample 0.
- fxc's verdicts recorded in DXC's SemaHLSL indexing-operator.hlsl and intrinsic-examples.hlsl: the
  operator[] address is a scalar for a one-dimensional address and otherwise a vector of exactly the address
  width (X3120), cube textures and byte-address buffers have no operator[] (X3121), subscripts of read-only
  objects are const (X3025); a byte-address Load takes a scalar address (X3013).
Expected values are computed here from those definitions.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.errors import ShaderCompileError


def _device():
    dev, _fl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return dev, ctx


def _errors(src: str, target: str = "cs_5_0") -> str:
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return e.value.errors


def _listing(src: str, target: str = "cs_5_0") -> str:
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


def _run_cs(dev, ctx, src: str, srvs: list, n_words: int, uavs: tuple = ()) -> np.ndarray:
    """Runs ``main`` (one thread) with ``srvs`` at t0… and a raw output buffer at u0 (``uavs`` from u1)."""
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n_words, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n_words, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    if srvs:
        ctx.CSSetShaderResources(0, len(srvs), list(srvs))
    ctx.CSSetUnorderedAccessViews(0, 1 + len(uavs), [uav, *uavs], None)
    ctx.Dispatch(1, 1, 1)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n_words, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, out)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:n_words].copy()
    ctx.Unmap(staging, 0)
    return words


def _mip(size: int, level: int) -> int:
    return max(1, size >> level)


# --- GetDimensions: every object, with and without a mip level, uint and float outputs -------------------------
_F4 = DXGI_FORMAT_R8G8B8A8_UNORM
_SRV = D3D11_BIND_SHADER_RESOURCE


def _tex1d(dev, w, mips, arr):
    return dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=w, MipLevels=mips, ArraySize=arr, Format=_F4, BindFlags=_SRV))


def _tex2d(dev, w, h, mips, arr, misc=0, samples=1):
    bind = _SRV | (D3D11_BIND_RENDER_TARGET if samples > 1 else 0)
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=mips, ArraySize=arr, Format=_F4,
                                                    SampleDesc=DXGI_SAMPLE_DESC(Count=samples), BindFlags=bind,
                                                    MiscFlags=misc))


def _tex3d(dev, w, h, d, mips):
    return dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=w, Height=h, Depth=d, MipLevels=mips, Format=_F4,
                                                    BindFlags=_SRV))


# (HLSL type, resource factory, view desc or None, sizes at level 0 in GetDimensions' output order, levels)
DIM_CASES = [
    ("Texture1D", lambda d: _tex1d(d, 13, 3, 1), None, (13,), 3),
    ("Texture1DArray", lambda d: _tex1d(d, 13, 3, 4), None, (13, 4), 3),
    ("Texture2D", lambda d: _tex2d(d, 5, 3, 3, 1), None, (5, 3), 3),
    ("Texture2DArray", lambda d: _tex2d(d, 9, 6, 2, 3), None, (9, 6, 3), 2),
    ("Texture3D", lambda d: _tex3d(d, 8, 5, 6, 4), None, (8, 5, 6), 4),
    ("TextureCube", lambda d: _tex2d(d, 8, 8, 3, 6, D3D11_RESOURCE_MISC_TEXTURECUBE), None, (8, 8), 3),
    ("TextureCubeArray", lambda d: _tex2d(d, 4, 4, 2, 12, D3D11_RESOURCE_MISC_TEXTURECUBE),
     D3D11_SHADER_RESOURCE_VIEW_DESC(Format=_F4, ViewDimension=D3D11_SRV_DIMENSION_TEXTURECUBEARRAY,
                                     TextureCubeArray=D3D11_TEXCUBE_ARRAY_SRV(MostDetailedMip=0, MipLevels=2,
                                                                              First2DArrayFace=0, NumCubes=2)),
     (4, 4, 2), 2),
]
#: which outputs shrink with the mip level (array sizes do not)
_SHRINKS = {"Texture1D": (True,), "Texture1DArray": (True, False), "Texture2D": (True, True),
            "Texture2DArray": (True, True, False), "Texture3D": (True, True, True), "TextureCube": (True, True),
            "TextureCubeArray": (True, True, False)}


@pytest.mark.parametrize("kind,make,desc,sizes,levels", DIM_CASES, ids=[c[0] for c in DIM_CASES])
@pytest.mark.parametrize("mip", [0, 1])
@pytest.mark.parametrize("out_type", ["uint", "float"])
def test_get_dimensions_of_textures(kind, make, desc, sizes, levels, mip, out_type):
    dev, ctx = _device()
    srv = dev.CreateShaderResourceView(make(dev), desc)
    n = len(sizes)
    names = ", ".join(f"o{i}" for i in range(n))
    decl = " ".join(f"{out_type} o{i}, q{i};" for i in range(n))
    to_bits = "asuint" if out_type == "float" else ""
    src = f"""
    {kind} t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {{
        {decl} {out_type} lv, z;
        t.GetDimensions({mip}, {names}, lv);
        t.GetDimensions({", ".join(f"q{i}" for i in range(n))});
        {"".join(f"o.Store({4 * i}, {to_bits}(o{i})); o.Store({4 * (n + 1 + i)}, {to_bits}(q{i}));" for i in range(n))}
        o.Store({4 * n}, {to_bits}(lv));
    }}"""
    if kind == "TextureCubeArray" and out_type == "float":
        # the float overload has no element count: d3dcompiler_47 10.1 refuses the read count (X4598 "The array
        # element count of GetDimensions on TextureCubeArray objects is unavailable on cs_5_0"; session 37,
        # recorded in tests/test_rules_hlsl_fxc_objects_s37.py -- this case ran before, an inferred overload)
        with pytest.raises(ShaderCompileError, match="X4598"):
            _run_cs(dev, ctx, src, [srv], 2 * n + 1)
        return
    got = _run_cs(dev, ctx, src, [srv], 2 * n + 1)
    if out_type == "float":
        got = got.view(np.float32)
    want = [_mip(s, mip) if shrink else s for s, shrink in zip(sizes, _SHRINKS[kind], strict=True)]
    assert got[:n].tolist() == want
    assert got[n] == levels
    assert got[n + 1:].tolist() == list(sizes)  # the overload without a level reports level 0


def test_get_dimensions_of_a_mip_level_of_a_5x3_texture():
    """The docs' example shape: 5x3 with 3 levels; at level 1 it is 2x1, at level 2 1x1 (max(1, size >> level))."""
    dev, ctx = _device()
    srv = dev.CreateShaderResourceView(_tex2d(dev, 5, 3, 3, 1), None)
    src = """
    Texture2D t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint w, h, n, w2, h2;
        t.GetDimensions(1, w, h, n);
        t.GetDimensions(2, w2, h2, n);
        o.Store4(0, uint4(w, h, n, w2)); o.Store(16, h2);
    }"""
    assert _run_cs(dev, ctx, src, [srv], 5).tolist() == [2, 1, 3, 1, 1]


def test_get_dimensions_of_multisampled_textures():
    dev, ctx = _device()
    ms = dev.CreateShaderResourceView(_tex2d(dev, 6, 4, 1, 1, samples=4), None)
    msa = dev.CreateShaderResourceView(_tex2d(dev, 6, 4, 1, 3, samples=4), None)
    src = """
    Texture2DMS<float4> a : register(t0);
    Texture2DMSArray<float4> b : register(t1);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint w, h, s, w2, h2, e2, s2;
        a.GetDimensions(w, h, s);
        b.GetDimensions(w2, h2, e2, s2);
        o.Store4(0, uint4(w, h, s, w2)); o.Store3(16, uint3(h2, e2, s2));
    }"""
    assert _run_cs(dev, ctx, src, [ms, msa], 7).tolist() == [6, 4, 4, 6, 4, 3, 4]


def test_get_dimensions_of_buffers():
    dev, ctx = _device()
    typed = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=_SRV))
    tv = dev.CreateShaderResourceView(typed, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_R32G32_FLOAT, ViewDimension=D3D11_SRV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_SRV(FirstElement=1, NumElements=5)))
    structured = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=120, BindFlags=_SRV, StructureByteStride=12,
                                                    MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
    sv = dev.CreateShaderResourceView(structured, None)
    raw = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=96, BindFlags=_SRV,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    rv = dev.CreateShaderResourceView(raw, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_SRV_DIMENSION_BUFFEREX,
        BufferEx=D3D11_BUFFEREX_SRV(FirstElement=0, NumElements=24, Flags=D3D11_BUFFEREX_SRV_FLAG_RAW)))
    src = """
    struct S { float3 v; };
    Buffer<float2> b : register(t0);
    StructuredBuffer<S> s : register(t1);
    ByteAddressBuffer r : register(t2);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint n, count, stride, bytes;
        b.GetDimensions(n);
        s.GetDimensions(count, stride);
        r.GetDimensions(bytes);
        o.Store4(0, uint4(n, count, stride, bytes));
    }"""
    # elements of the view; structures of the buffer and their stride; bytes of the raw view
    assert _run_cs(dev, ctx, src, [tv, sv, rv], 4).tolist() == [5, 10, 12, 96]


#: (object, argument count) pairs GetDimensions has no overload for — X3013
GETDIM_BAD = [("Texture2D", 1), ("Texture2D", 3), ("Texture2D", 5), ("Texture1D", 2), ("Texture1D", 4),
              ("Texture3D", 4), ("Texture2DMS<float4>", 2), ("Texture2DMS<float4>", 4), ("Buffer", 2),
              ("StructuredBuffer<float>", 1), ("StructuredBuffer<float>", 3), ("ByteAddressBuffer", 2),
              ("RWTexture2D<float>", 4), ("TextureCube", 1), ("TextureCubeArray", 4)]


@pytest.mark.parametrize("obj,n", GETDIM_BAD)
def test_get_dimensions_argument_counts_without_an_overload(obj, n):
    args = ", ".join(f"a{i}" for i in range(n))
    src = f"{obj} t; RWBuffer<uint> u; [numthreads(1,1,1)] void main() {{ uint a0, a1, a2, a3, a4; " \
          f"t.GetDimensions({args}); u[0] = a0; }}"
    assert "X3013" in _errors(src)


# --- operator[]: address shapes ----------------------------------------------------------------------------
#: object -> the width of its operator[] address (None: no operator[])
INDEX_WIDTH = {"Buffer<float4>": 1, "StructuredBuffer<float4>": 1, "Texture1D": 1, "Texture1DArray": 2,
               "Texture2D": 2, "Texture2DArray": 3, "Texture3D": 3, "Texture2DMS<float4>": 2,
               "Texture2DMSArray<float4>": 3, "TextureCube": None, "TextureCubeArray": None,
               "ByteAddressBuffer": None, "RWBuffer<float>": 1, "RWStructuredBuffer<float4>": 1,
               "RWTexture1D<float>": 1, "RWTexture1DArray<float>": 2, "RWTexture2D<float>": 2,
               "RWTexture2DArray<float>": 3, "RWTexture3D<float>": 3, "RWByteAddressBuffer": None}
INDEX_TYPES = {"uint": 1, "uint2": 2, "uint3": 3, "uint4": 4}


@pytest.mark.parametrize("obj", list(INDEX_WIDTH))
@pytest.mark.parametrize("itype", list(INDEX_TYPES))
def test_operator_index_address_shape(obj, itype):
    width = INDEX_WIDTH[obj]
    src = f"{obj} t; RWBuffer<float4> o; [numthreads(1,1,1)] void main() {{ {itype} i = 0; o[0] = t[i]; }}"
    if width is None:
        assert "X3121" in _errors(src)
    elif INDEX_TYPES[itype] != width:
        assert "X3120" in _errors(src)
    else:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")


@pytest.mark.parametrize("obj,idx", [("Buffer<float4>", "0"), ("Texture2D", "uint2(0, 0)"),
                                     ("StructuredBuffer<float4>", "0"), ("Texture2DMS<float4>", "uint2(0, 0)"),
                                     ("Texture3D", "uint3(0, 0, 0)")])
def test_read_only_operator_index_is_const(obj, idx):
    src = f"{obj} t; [numthreads(1,1,1)] void main() {{ t[{idx}] = 1; }}"
    assert "X3025" in _errors(src)


@pytest.mark.parametrize("lhs", ["t.mips[0][uint2(0, 0)]", "t.mips[1]", "m.sample[0][uint2(0, 0)]", "m.sample[2]"])
def test_mips_and_sample_subscripts_are_const(lhs):
    src = f"Texture2D t; Texture2DMS<float4> m; [numthreads(1,1,1)] void main() {{ {lhs} = 1; }}"
    assert "X3025" in _errors(src)


@pytest.mark.parametrize("expr", ["t.mips[0][0]", "t.mips[0][uint3(0, 0, 0)]", "m.sample[0][0]",
                                  "a.mips[0][uint2(0, 0)]"])
def test_mips_and_sample_addresses_have_the_address_width(expr):
    src = f"Texture2D t; Texture2DMS<float4> m; Texture2DArray a; RWBuffer<float4> o;" \
          f"[numthreads(1,1,1)] void main() {{ o[0] = {expr}; }}"
    assert "X3120" in _errors(src)


@pytest.mark.parametrize("expr", ["c.mips[0][uint3(0, 0, 0)]", "b.mips[0][0]", "t.sample[0][uint2(0, 0)]",
                                  "u.mips[0][uint2(0, 0)]"])
def test_subscript_members_only_where_documented(expr):
    src = f"Texture2D t; TextureCube c; Buffer<float4> b; RWTexture2D<float4> u; RWBuffer<float4> o;" \
          f"[numthreads(1,1,1)] void main() {{ o[0] = {expr}; }}"
    assert "X3018" in _errors(src)


def test_operator_index_reads_and_writes_through_the_api():
    """Texture1DArray[uint2(x, slice)], Texture2DMS[uint2] (sample 0) and RWTexture2D writes."""
    dev, ctx = _device()
    rows = np.arange(12, dtype=np.uint32).reshape(3, 4) * 7 + 1  # 3 slices of 4 texels
    t1a = dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=4, MipLevels=1, ArraySize=3, Format=DXGI_FORMAT_R32_UINT,
                                                   BindFlags=_SRV),
                              [D3D11_SUBRESOURCE_DATA(pSysMem=rows[i].copy(), SysMemPitch=16) for i in range(3)])
    ms = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,
                                                  Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=4),
                                                  BindFlags=_SRV | D3D11_BIND_RENDER_TARGET))
    ctx.ClearRenderTargetView(dev.CreateRenderTargetView(ms, None), [0.5, 1.5, 2.5, 3.5])
    rwt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,
                                                   Format=DXGI_FORMAT_R32_UINT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                   BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    src = """
    Texture1DArray<uint> a : register(t0);
    Texture2DMS<float4> m : register(t1);
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<uint> w : register(u1);
    [numthreads(1, 1, 1)] void main() {
        o.Store3(0, uint3(a[uint2(3, 0)], a[uint2(1, 2)], a[uint2(0, 1)]));
        o.Store4(12, asuint(m[uint2(1, 1)]));
        w[uint2(1, 0)] = 77;
        o.Store(28, w[uint2(1, 0)]);
    }"""
    got = _run_cs(dev, ctx, src, [dev.CreateShaderResourceView(t1a, None), dev.CreateShaderResourceView(ms, None)],
                  8, (dev.CreateUnorderedAccessView(rwt, None),))
    assert got[:3].tolist() == [rows[0, 3], rows[2, 1], rows[1, 0]]
    assert got[3:7].view(np.float32).tolist() == [0.5, 1.5, 2.5, 3.5]
    assert got[7] == 77
    assert "ldms" in _listing(src.replace("RWByteAddressBuffer", "RWByteAddressBuffer"))


# --- Load: offsets and the texel it reads ------------------------------------------------------------------
def test_load_with_offset_reads_the_offset_texel_of_the_level():
    dev, ctx = _device()
    mip0 = (np.arange(32, dtype=np.uint32) * 3).reshape(4, 8)
    mip1 = (np.arange(8, dtype=np.uint32) + 500).reshape(2, 4)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=8, Height=4, MipLevels=2, ArraySize=1, Format=DXGI_FORMAT_R32_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=_SRV),
        [D3D11_SUBRESOURCE_DATA(pSysMem=mip0, SysMemPitch=32), D3D11_SUBRESOURCE_DATA(pSysMem=mip1, SysMemPitch=16)])
    src = """
    Texture2D<uint> t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store4(0, uint4(t.Load(int3(2, 1, 0)), t.Load(int3(2, 1, 0), int2(3, 2)), t.Load(int3(1, 0, 1), int2(-1, 1)),
                          t.Load(int3(5, 3, 0), int2(-5, -3))));
    }"""
    got = _run_cs(dev, ctx, src, [dev.CreateShaderResourceView(tex, None)], 4)
    assert got.tolist() == [mip0[1, 2], mip0[3, 5], mip1[1, 0], mip0[0, 0]]


#: (object, method call with N arguments) -> accepted?  From each method page's overload list; cube textures
#: have no offset argument; the clamp and status arguments come after the offset.
OVERLOADS = [
    # Sample(s, loc [, off [, clamp [, status]]])
    ("Texture2D", "Sample(s, float2(0, 0))", True),
    ("Texture2D", "Sample(s, float2(0, 0), int2(1, 0))", True),
    ("Texture2D", "Sample(s, float2(0, 0), int2(1, 0), 0.5)", True),
    ("Texture2D", "Sample(s, float2(0, 0), int2(1, 0), 0.5, st)", True),
    ("Texture2D", "Sample(s, float2(0, 0), int2(1, 0), 0.5, st, st)", False),
    ("TextureCube", "Sample(s, float3(0, 0, 1), 0.5)", True),  # the third argument of a cube Sample is the clamp
    ("TextureCube", "Sample(s, float3(0, 0, 1), 0.5, st)", True),
    ("TextureCube", "Sample(s, float3(0, 0, 1), 0.5, st, st)", False),
    # SampleLevel(s, loc, lod [, off [, status]]): no clamp
    ("Texture2D", "SampleLevel(s, float2(0, 0), 0, int2(0, 0), st)", True),
    ("Texture2D", "SampleLevel(s, float2(0, 0), 0, int2(0, 0), 0.5, st)", False),
    ("TextureCube", "SampleLevel(s, float3(0, 0, 1), 0, st)", True),
    ("TextureCube", "SampleLevel(s, float3(0, 0, 1), 0, st, st)", False),
    # SampleGrad(s, loc, ddx, ddy [, off [, clamp [, status]]])
    ("Texture2D", "SampleGrad(s, float2(0, 0), float2(0, 0), float2(0, 0), int2(0, 0), 1.0, st)", True),
    ("Texture2D", "SampleGrad(s, float2(0, 0), float2(0, 0))", False),
    # SampleCmpLevelZero(s, loc, cmp [, off [, status]])
    ("Texture2D", "SampleCmpLevelZero(c, float2(0, 0), 0.5, int2(0, 0), st)", True),
    ("Texture2D", "SampleCmpLevelZero(c, float2(0, 0), 0.5, int2(0, 0), 0.5, st)", False),
    # Gather(s, loc [, off [, status]]); the channel forms also take four offsets [, status]
    ("Texture2D", "Gather(s, float2(0, 0), int2(0, 0), st)", True),
    ("Texture2D", "GatherRed(s, float2(0, 0), int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1))", True),
    ("Texture2D", "GatherAlpha(s, float2(0, 0), int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), st)", True),
    ("Texture2D", "GatherCmpGreen(c, float2(0, 0), 0.5, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), st)", True),
    ("Texture2D", "Gather(s, float2(0, 0), int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1))", False),
    ("Texture2D", "GatherGreen(s, float2(0, 0), int2(0, 0), int2(1, 0))", False),
    ("Texture2D", "GatherCmpAlpha(c, float2(0, 0), 0.5, int2(0, 0), st)", True),
    ("TextureCube", "GatherBlue(s, float3(0, 0, 1), st)", True),
    ("TextureCube", "GatherBlue(s, float3(0, 0, 1), int3(0, 0, 0), st)", False),
    # Load: textures (loc [, off [, status]]); buffers and RW textures (loc [, status])
    ("Texture2D", "Load(int3(0, 0, 0), int2(0, 0), st)", True),
    ("Texture2D", "Load(int3(0, 0, 0), int2(0, 0), st, st)", False),
    ("Buffer<float4>", "Load(0, st)", True),
    ("Buffer<float4>", "Load(0, 0, st)", False),
    ("RWTexture2D<float>", "Load(int2(0, 0), st).xxxx", True),
    ("RWTexture2D<float>", "Load(int2(0, 0), int2(0, 0), st).xxxx", False),
]


@pytest.mark.parametrize("obj,call,ok", OVERLOADS, ids=[f"{o}.{c}" for o, c, _ in OVERLOADS])
def test_method_overloads_by_argument_count(obj, call, ok):
    src = f"{obj} t; SamplerState s; SamplerComparisonState c;\n" \
          f"float4 main() : SV_Target {{ uint st = 0; return t.{call} + st; }}"
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    else:
        assert "error X" in _errors(src, "ps_5_0")


@pytest.mark.parametrize("call", ["Sample(s, float2(0, 0), int2(0, 0), 0.5)", "Load(int3(0, 0, 0), int2(0, 0), st)",
                                  "Gather(s, float2(0, 0), int2(0, 0), st)"])
def test_clamp_and_status_overloads_need_shader_model_5(call):
    """fxc 10.1 (under Wine, session 35): "Texture2D Sample method for tiled resources requires shader model 5 or
    higher" (X3535; Gather spelled GatherRed); Load's status form, its status read, fails in fxc's validator with
    X8000 (session 36 SEM built it; X3013 here before)."""
    src = f"Texture2D t; SamplerState s;\nfloat4 main() : SV_Target {{ uint st = 0; return t.{call} + st; }}"
    if call.startswith("Load"):
        assert "X8000" in _errors(src, "ps_4_1") and "ld_s instruction requires shader model 5" in _errors(src, "ps_4_1")
    else:
        name = "GatherRed" if call.startswith("Gather") else call.split("(")[0]
        assert f"X3535: Texture2D {name} method for tiled resources requires shader model 5 or higher" in \
            _errors(src, "ps_4_1")


@pytest.mark.parametrize("call,op", [
    ("Sample(s, float2(0, 0), int2(0, 0), 0.5)", "sample_cl_s"),
    ("SampleBias(s, float2(0, 0), 1, int2(0, 0), 0.5, st)", "sample_b_cl_s"),
    ("SampleGrad(s, float2(0, 0), float2(0, 0), float2(0, 0), int2(0, 0), 0.5, st)", "sample_d_cl_s"),
    ("SampleLevel(s, float2(0, 0), 0, int2(0, 0), st)", "sample_l_s"),
    ("SampleCmp(c, float2(0, 0), 0.5, int2(0, 0), 0.5, st).xxxx", "sample_c_cl_s"),
    ("SampleCmpLevelZero(c, float2(0, 0), 0.5, int2(0, 0), st).xxxx", "sample_c_lz_s"),
    ("Gather(s, float2(0, 0), int2(0, 0), st)", "gather4_s"),
    ("GatherCmpRed(c, float2(0, 0), 0.5, int2(0, 0), st)", "gather4_c_s"),
])
def test_clamp_and_status_overloads_use_the_residency_instructions(call, op):
    src = f"Texture2D t; SamplerState s; SamplerComparisonState c;\n" \
          f"float4 main(float4 p : SV_Position) : SV_Target {{ uint st = 0; return t.{call} + st; }}"
    listing = _listing(src, "ps_5_0")
    assert any(ln.strip().split(" ")[0].split("_aoffimmi")[0] == op for ln in listing.splitlines()), listing


def test_four_offset_gather_with_status_combines_the_four_statuses():
    """GatherRed(s, loc, o1..o4, status): four residency gathers (texel i from the gather at offset i) and
    one status that CheckAccessFullyMapped reports mapped only when all four were: the AND of the four."""
    src = """Texture2D t; SamplerState s;
    float4 main(float4 p : SV_Position) : SV_Target {
        uint st; float4 r = t.GatherRed(s, p.xy, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), st);
        return r + CheckAccessFullyMapped(st); }"""
    lines = [ln.strip() for ln in _listing(src, "ps_5_0").splitlines()]
    gathers = [ln for ln in lines if ln.startswith("gather4_s_aoffimmi")]
    assert [g.split(" ")[0] for g in gathers] == ["gather4_s_aoffimmi(0,0,0)", "gather4_s_aoffimmi(1,0,0)",
                                                   "gather4_s_aoffimmi(0,1,0)", "gather4_s_aoffimmi(1,1,0)"]
    statuses = {g.split(" ")[2].rstrip(",") for g in gathers}  # the second destination of each
    assert len(statuses) == 4
    combined = set()
    for ln in lines:
        if ln.startswith("and "):
            combined |= {x.rstrip(",") for x in ln.split(" ")[2:]}
    assert statuses <= combined


def test_structured_load_with_status_of_a_wide_element():
    """StructuredBuffer<S>.Load(i, status) of a 36-byte S: one ld_structured_s per 16 bytes (offsets 0, 16,
    32) and the caller's status the AND of the three."""
    src = """struct S { float4 a; float4 b; uint c; };
    StructuredBuffer<S> sb; RWStructuredBuffer<float4> o;
    [numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        uint st; S v = sb.Load(id.x, st); o[id.x] = v.a + v.b + v.c + CheckAccessFullyMapped(st); }"""
    lines = [ln.strip() for ln in _listing(src, "cs_5_0").splitlines()]
    loads = [ln for ln in lines if ln.startswith("ld_structured")]
    assert [ln.split(" ")[0] for ln in loads] == ["ld_structured_s"] * 3
    assert [ln.split(", ")[3] for ln in loads] == ["l(0)", "l(16)", "l(32)"]
    statuses = {ln.split(" ")[2].rstrip(",") for ln in loads}
    combined = set()
    for ln in lines:
        if ln.startswith("and "):
            combined |= {x.rstrip(",") for x in ln.split(" ")[2:]}
    assert len(statuses) == 3 and statuses <= combined


def test_byte_address_load_takes_a_scalar_address():
    # fxc's record (DXC intrinsic-examples.hlsl): RWByteAddressBuffer.Load(uint2) has no overload
    src = "RWByteAddressBuffer b; [numthreads(1,1,1)] void main() { uint2 a = 0; b.Store(0, b.Load(a)); }"
    assert "X3013" in _errors(src)
    for bad in ("b.Store(0)", "b.Store2(0, uint2(0, 0), 1)", "b.Load3()"):
        assert "X3013" in _errors(f"RWByteAddressBuffer b; [numthreads(1,1,1)] void main() {{ {bad}; }}")


def test_calculate_level_of_detail_location_has_no_array_index():
    """Texture2DArray takes a float2 location, TextureCubeArray a float3 (fxc-compiled DXC dxbc2dxil calc_lod)."""
    src = """
    SamplerState s; Texture2DArray a; TextureCubeArray c;
    float4 main(float4 v : A) : SV_Target {
        return a.CalculateLevelOfDetail(s, v.xy) + c.CalculateLevelOfDetailUnclamped(s, v.xyz);
    }"""
    import re

    listing = _listing(src, "ps_5_0")
    assert re.search(r"^\s*lod r\d\.xyzw, v0\.xyyy, t0\.xyzw, s0", listing, re.M), listing  # two components
    assert re.search(r"^\s*lod r\d\.xyzw, v0\.xyzz, t1\.xyzw, s0", listing, re.M), listing  # three components


# --- objects compared ------------------------------------------------------------------------------------
def test_object_equality_is_the_same_binding():
    dev, ctx = _device()
    src = """
    SamplerState a; SamplerState b;
    Texture2D t0; Texture2D t1;
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        SamplerState l = a;
        Texture2D x = t1;
        o.Store4(0, uint4(a == a, l == a, l != b, a == b));
        o.Store2(16, uint2(x == t1, x == t0));
    }"""
    assert _run_cs(dev, ctx, src, [], 6).tolist() == [1, 1, 1, 0, 1, 0]


@pytest.mark.parametrize("expr", ["a == t", "a == 1", "a < a", "a + a"])
def test_object_operators_other_than_equality_are_errors(expr):
    src = f"SamplerState a; Texture2D t; RWBuffer<uint> o; [numthreads(1,1,1)] void main() {{ o[0] = {expr}; }}"
    assert "error X" in _errors(src)


@pytest.mark.parametrize("stmt", ["f = m;", "i = m;", "m3 = m;"])
def test_aggregates_with_objects_convert_only_to_the_same_components(stmt):
    src = f"""struct M {{ float3 f; SamplerState s; }}; struct F3 {{ float3 f; }};
    SamplerState g; RWBuffer<float> o;
    [numthreads(1,1,1)] void main() {{ M m; m.f = 0; m.s = g; float f; int i; F3 m3; {stmt} o[0] = 0; }}"""
    assert "X3017" in _errors(src)


#: methods an object does not have (each object's page lists its methods): fxc 10.1's X3088 "<T> object does not have
#: method 'M'" (recorded under Wine, session 35; X3018 before)
MISSING_METHODS = [("TextureCube", "Load(int4(0, 0, 0, 0))"), ("TextureCubeArray", "Load(int4(0, 0, 0, 0))"),
                   ("Texture1D", "Gather(s, 0.5)"), ("Texture3D", "Gather(s, float3(0, 0, 0))"),
                   ("Texture2DMS<float4>", "Sample(s, float2(0, 0))"), ("Texture2DMS<float4>", "Gather(s, float2(0, 0))"),
                   ("Texture2D", "GetSamplePosition(0).xyxy"), ("Buffer<float4>", "Sample(s, 0.5)"),
                   ("RWTexture2D<float>", "Sample(s, float2(0, 0)).xxxx"),
                   ("Texture2DMSArray<float4>", "CalculateLevelOfDetail(s, float2(0, 0)).xxxx")]


@pytest.mark.parametrize("obj,call", MISSING_METHODS)
def test_methods_an_object_does_not_have(obj, call):
    src = f"{obj} t; SamplerState s;\nfloat4 main() : SV_Target {{ return t.{call}; }}"
    assert "X3088" in _errors(src, "ps_5_0")


# --- stages: implicit-LOD sampling only in pixel shaders --------------------------------------------------
#: D3D11.3 §22.4: sample, sample_b, sample_c and lod are Pixel Shader instructions; sample_l, sample_d,
#: sample_c_lz and gather4 run in every stage
STAGE_CALLS = [("Sample(s, float2(0, 0))", False), ("SampleBias(s, float2(0, 0), 1)", False),
               ("SampleCmp(c, float2(0, 0), 0.5).xxxx", False), ("CalculateLevelOfDetail(s, float2(0, 0)).xxxx", False),
               ("CalculateLevelOfDetailUnclamped(s, float2(0, 0)).xxxx", False),
               ("SampleLevel(s, float2(0, 0), 0)", True), ("SampleGrad(s, float2(0, 0), float2(0, 0), float2(0, 0))", True),
               ("SampleCmpLevelZero(c, float2(0, 0), 0.5).xxxx", True), ("Gather(s, float2(0, 0))", True),
               ("Load(int3(0, 0, 0))", True)]


@pytest.mark.parametrize("call,anywhere", STAGE_CALLS)
@pytest.mark.parametrize("stage", ["vs", "gs", "cs", "ps"])
def test_implicit_lod_methods_only_in_pixel_shaders(call, anywhere, stage):
    body = f"t.{call}"
    head = "Texture2D t; SamplerState s; SamplerComparisonState c; RWBuffer<float4> o;\n"
    src = {"vs": f"float4 main() : SV_Position {{ return {body}; }}",
           "ps": f"float4 main() : SV_Target {{ return {body}; }}",
           "gs": f"struct V {{ float4 p : SV_Position; }};\n[maxvertexcount(1)] void main(point V i[1], "
                 f"inout PointStream<V> st) {{ V v; v.p = {body}; st.Append(v); }}",
           "cs": f"[numthreads(1, 1, 1)] void main() {{ o[0] = {body}; }}"}[stage]
    if anywhere or stage == "ps":
        D3DCompile(head + src, None, "t.hlsl", None, None, "main", f"{stage}_5_0")
    else:
        assert "X4532" in _errors(head + src, f"{stage}_5_0")


# --- object variables: returned from functions, NULL ---------------------------------------------------
def _sample_registers(src: str) -> list[int]:
    import re

    return [int(t) for t in re.findall(r"^\s*sample\S* .*?, t(\d+)\.\w+, s\d+", _listing(src, "ps_5_0"), re.M)]


def test_functions_return_objects_and_structs_holding_them():
    """An object return value carries its binding (functions are inlined): pick(h) samples h's register."""
    src = """
    Texture2D g : register(t0); Texture2D h : register(t3); SamplerState s;
    struct P { Texture2D t; float k; };
    Texture2D pick(Texture2D a) { return a; }
    P make(Texture2D a, float k) { P p; p.t = a; p.k = k; return p; }
    SamplerState samp() { return s; }
    float4 main() : SV_Target {
        P p = make(g, 2);
        return pick(h).Sample(samp(), float2(0, 0)) + p.t.Sample(s, float2(0, 0)) * p.k;
    }"""
    assert _sample_registers(src) == [3, 0]


def test_null_object_locals():
    """NULL initialises or clears an object variable (the "Keywords" page); it must be bound before a use."""
    ok = """Texture2D g : register(t2); SamplerState s;
    float4 main() : SV_Target { Texture2D t = NULL; t = g; return t.Sample(s, float2(0, 0)); }"""
    assert _sample_registers(ok) == [2]
    cleared = """Texture2D g; SamplerState s;
    float4 main() : SV_Target { Texture2D t = g; t = NULL; return t.Sample(s, float2(0, 0)); }"""
    assert "X4000" in _errors(cleared, "ps_5_0")


# --- patches are read-only ---------------------------------------------------------------------------------
_GS_PATCH = """struct V { float4 p : SV_Position; float4 n[2] : NORMAL; };
[maxvertexcount(1)] void main(InputPatch<V, 2> ip, inout PointStream<V> st) { BODY }"""
_HS_PATCH = """struct C { float4 p : P; }; struct K { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
K pc(InputPatch<C, 3> ip, OutputPatch<C, 3> op) { PCBODY K k; k.e[0] = k.e[1] = k.e[2] = k.i = 1; return k; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")] C main(InputPatch<C, 3> ip, uint i : SV_OutputControlPointID) { BODY return ip[i]; }"""


@pytest.mark.parametrize("src,target", [
    (_GS_PATCH.replace("BODY", "ip[0].n[0] = 1; st.Append(ip[0]);"), "gs_5_0"),
    (_GS_PATCH.replace("BODY", "ip[1].p.x += 1; st.Append(ip[0]);"), "gs_5_0"),
    (_HS_PATCH.replace("PCBODY", "").replace("BODY", "ip[0].p = 0;"), "hs_5_0"),
    (_HS_PATCH.replace("PCBODY", "op[1].p = 0;").replace("BODY", ""), "hs_5_0"),
    (_HS_PATCH.replace("PCBODY", "ip[2].p.y = 0;").replace("BODY", ""), "hs_5_0"),
])
def test_patch_elements_are_read_only(src, target):
    # fxc's record in DXC's InputPatch-const.hlsl: X3025 l-value specifies const object
    assert "X3025" in _errors(src, target)


def test_a_copy_of_a_patch_element_is_writable():
    D3DCompile(_GS_PATCH.replace("BODY", "V v = ip[1]; v.p.x += 1; st.Append(v);"), None, "t.hlsl", None, None,
               "main", "gs_5_0")


# --- Interlocked*: argument counts per the Interlocked* pages, destinations --------------------------------
#: (call, accepted): intrinsic forms take (dest, value [, out original]), Exchange (dest, value, out original),
#: CompareExchange (dest, compare, value, out original), CompareStore (dest, compare, value); the
#: RWByteAddressBuffer methods take a byte address in place of dest
ATOMIC_CALLS = [
    ("InterlockedAdd(u[0], 1)", True), ("InterlockedAdd(u[0], 1, o)", True), ("InterlockedAdd(u[0])", False),
    ("InterlockedMax(u[0], 1, o, o)", False), ("InterlockedExchange(u[0], 1, o)", True),
    ("InterlockedExchange(u[0], 1)", False), ("InterlockedCompareExchange(u[0], 1, 2, o)", True),
    ("InterlockedCompareExchange(u[0], 1, 2)", False), ("InterlockedCompareStore(g, 1, 2)", True),
    ("InterlockedCompareStore(g, 1, 2, o)", False), ("InterlockedOr(g, 1, o)", True),
    ("b.InterlockedAdd(0, 1)", True), ("b.InterlockedAdd(0, 1, o)", True), ("b.InterlockedAdd(0)", False),
    ("b.InterlockedXor(0, 1, o, o)", False), ("b.InterlockedExchange(0, 1, o)", True),
    ("b.InterlockedExchange(0, 1)", False), ("b.InterlockedCompareExchange(0, 1, 2, o)", True),
    ("b.InterlockedCompareExchange(0, 1, 2)", False), ("b.InterlockedCompareStore(0, 1, 2)", True),
    ("b.InterlockedCompareStore(0, 1)", False), ("b.InterlockedAdd(uint2(0, 0), 1)", False),
]


@pytest.mark.parametrize("call,ok", ATOMIC_CALLS)
def test_interlocked_argument_counts(call, ok):
    src = f"RWByteAddressBuffer b; RWBuffer<uint> u; groupshared uint g;\n" \
          f"[numthreads(1, 1, 1)] void main() {{ uint o; {call}; }}"
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    else:
        assert "X3013" in _errors(src)


@pytest.mark.parametrize("call", ["InterlockedAdd(t[0], 1)", "InterlockedExchange(t[1], 1, o)", "r.InterlockedAdd(0, 1)"])
def test_interlocked_on_a_read_only_resource(call):
    src = f"Buffer<uint> t; ByteAddressBuffer r;\n[numthreads(1, 1, 1)] void main() {{ uint o; {call}; }}"
    assert "error X" in _errors(src)


# --- the sampler argument ----------------------------------------------------------------------------------
#: (call, accepted): SampleCmp*/GatherCmp* take a SamplerComparisonState, the other sampling methods a
#: SamplerState (or a D3D9-style sampler); anything else has no overload (X3013)
SAMPLER_ARGS = [("Sample(s, uv)", True), ("Sample(c, uv)", False), ("Sample(x, uv)", True), ("Sample(t, uv)", False),
                ("SampleLevel(c, uv, 0)", False), ("SampleGrad(c, uv, uv, uv)", False), ("SampleBias(s, uv, 1)", True),
                ("SampleCmp(c, uv, 0.5).xxxx", True), ("SampleCmp(s, uv, 0.5).xxxx", False),
                ("SampleCmpLevelZero(s, uv, 0.5).xxxx", False), ("Gather(c, uv)", False), ("Gather(s, uv)", True),
                ("GatherCmp(s, uv, 0.5)", False), ("GatherCmpRed(c, uv, 0.5)", True),
                ("CalculateLevelOfDetail(c, uv).xxxx", False), ("CalculateLevelOfDetail(s, uv).xxxx", True)]


@pytest.mark.parametrize("call,ok", SAMPLER_ARGS)
def test_sampler_argument_kind(call, ok):
    src = f"Texture2D t; SamplerState s; SamplerComparisonState c; sampler x;\n" \
          f"float4 main(float2 uv : UV) : SV_Target {{ return t.{call}; }}"
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    else:
        assert "X3013" in _errors(src, "ps_5_0")
