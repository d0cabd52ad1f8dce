"""The HLSL compiler's optimisation pass (src/pyd3d11/shader/hlsl/optimize.py): it must shrink the
generated code (copy propagation, dead code, results written straight into their destination) and
never change what a shader computes: each shader below runs on the reference executor with the pass
on and off over random inputs, and the outputs must agree bit for bit."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.hlsl import optimize, regalloc
from pyd3d11.shader.hlsl.compiler import compile_hlsl

LANES = 64


def compile_listing(src: str, entry: str, target: str, enabled: bool = True, pack: bool | None = None):
    """Compile with the optimisation pass and the component packing of registers on or off."""
    old = optimize.ENABLED, regalloc.PACK_COMPONENTS
    optimize.ENABLED = enabled
    regalloc.PACK_COMPONENTS = enabled if pack is None else pack
    try:
        return compile_hlsl(src, "t.hlsl", entry, target)
    finally:
        optimize.ENABLED, regalloc.PACK_COMPONENTS = old


def body(listing: str) -> list[str]:
    """The instructions of a listing (declarations and the version line left out)."""
    return [ln for ln in listing.splitlines()[1:] if ln and not ln.startswith("dcl_")]


# --- instruction counts ------------------------------------------------------------------------------

VS_MESH = """
cbuffer CBMesh : register(b0) { row_major float4x4 mvp; };
struct MVSIn { float3 pos : POSITION; float3 nrm : NORMAL; };
struct MPSIn { float4 pos : SV_Position; float3 nrm : NORMAL; };
MPSIn VSMesh(MVSIn i) { MPSIn o; o.pos = mul(mvp, float4(i.pos, 1.0)); o.nrm = i.nrm; return o; }
"""


def test_mesh_vs_matches_fxc_shape():
    ins = body(compile_listing(VS_MESH, "VSMesh", "vs_5_0").listing)
    # fxc: mov r0.xyz, v0.xyzx / mov r0.w, l(1.0) / 4 x dp4 o0.? / mov o1.xyz, v1.xyzx / ret
    assert len(ins) <= 8, ins
    assert [i.split()[0] for i in ins].count("dp4") == 4
    assert all(i.split()[1].startswith("o0.") for i in ins if i.startswith("dp4"))
    assert ins[-1] == "ret"


def test_pass_through_is_one_move_per_output():
    src = """struct V { float4 p : POSITION; float2 uv : TEXCOORD0; };
    struct O { float4 p : SV_Position; float2 uv : TEXCOORD0; };
    O main(V i) { O o; o.p = float4(i.p.xy, 0.0, 1.0); o.uv = i.uv; return o; }"""
    ins = body(compile_listing(src, "main", "vs_4_0").listing)
    assert ins[-1] == "ret"
    assert all(i.startswith("mov o") for i in ins[:-1]), ins
    assert len(ins) <= 4, ins  # o0.xy, o0.zw, o1.xy (+ ret)


def test_unused_computation_is_removed():
    src = """float4 main(float4 a : A, float4 b : B) : SV_Target {
        float4 unused = a * b + sin(a);
        float4 t = a + b;
        return t;
    }"""
    on = body(compile_listing(src, "main", "ps_4_0").listing)
    off = body(compile_listing(src, "main", "ps_4_0", enabled=False).listing)
    assert len(on) < len(off)
    assert not any(i.startswith(("sincos", "mul", "mad")) for i in on), on
    assert on == ["add o0.xyzw, v0.xyzw, v1.xyzw", "ret"]


def test_peer_bench_fill_shader_shrinks():
    src = """struct PSIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
    float4 PSFill(PSIn i) : SV_Target {
        float2 p = i.uv * 6.2831853;
        float a = sin(p.x) * cos(p.y);
        float b = sin(p.x * 3.0 + p.y * 2.0);
        float3 c = float3(a, b, a * b) * 0.5 + 0.5;
        float l = dot(c, float3(0.299, 0.587, 0.114));
        c = c * l + float3(0.1, 0.2, 0.3);
        float e = cos(l * 12.0 + i.uv.x * 5.0);
        c = saturate(c * (0.75 + 0.25 * e));
        return float4(c, 1.0);
    }"""
    on = body(compile_listing(src, "PSFill", "ps_5_0").listing)
    off = body(compile_listing(src, "PSFill", "ps_5_0", enabled=False).listing)
    assert len(on) <= len(off) * 2 // 3, (len(on), len(off))
    assert sum(i.startswith("mov") for i in on) <= 3, on


def test_identity_integer_operations_become_copies():
    src = """RWStructuredBuffer<uint> b : register(u0);
    [numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) { b[i * 1u + 0u] = (i << 0u) | 0u; }"""
    ins = body(compile_listing(src, "main", "cs_5_0").listing)
    assert not any(i.startswith(("imul", "iadd", "ishl", "or")) for i in ins), ins


def test_operations_on_constants_fold():
    # normalize() of a literal vector is folded by the front end as fxc folds it (session 18, HL18), so the
    # constant direction is spelled out here for the optimiser to fold
    src = """float4 main(float3 n : N) : SV_Target {
        float3 c = float3(0.3, 0.5, 0.8);
        float3 L = c * rsqrt(dot(c, c));
        return float4(max(dot(normalize(n), L), 0.0).xxx, 1.0);
    }"""
    ins = body(compile_listing(src, "main", "ps_5_0").listing)
    assert [i.split()[0] for i in ins].count("rsq") == 1, ins  # only normalize(n) is computed
    off = body(compile_listing(src, "main", "ps_5_0", enabled=False).listing)
    # the rsq of a constant folds while the code is generated (Codegen.try_fold, as fxc's optimiser folds it in
    # double: instfold.py, session 44), so the optimiser's own folding shows in the dot product and multiply
    assert [i.split()[0] for i in off].count("rsq") == 1
    assert len(off) > len(ins)
    _check_equivalent(src, "main", "ps_5_0", seed=3)


def test_scalar_temps_share_registers():
    src = """cbuffer C { float a; float b; float c; float d; };
    float4 main(float4 p : P) : SV_Target {
        float x = p.x * a, y = p.y * b, z = p.z * c, w = p.w * d;
        return float4(x + y, y * z, z - w, w * x);
    }"""
    def temps(listing: str) -> int:
        return next(int(ln.split()[1]) for ln in listing.splitlines() if ln.startswith("dcl_temps"))

    packed = compile_listing(src, "main", "ps_5_0").listing
    whole = compile_listing(src, "main", "ps_5_0", pack=False).listing
    assert temps(packed) == 1, packed  # x, y, z, w in r0.xyzw as fxc does
    assert temps(whole) >= 4


# --- equivalence: pass on vs off ---------------------------------------------------------------------

PS_SOURCES = {
    "swizzles_structs": """
cbuffer C { float4 k0; float4 k1; float3x3 m; int4 ik; };
struct S { float2 a; float3 b; float c; };
S make(float4 x, float4 y) { S s; s.a = x.wz; s.b = y.zxy * k0.xyz; s.c = dot(x, y); return s; }
float4 main(float4 x : A, float4 y : B, nointerpolation int4 n : N) : SV_Target {
    S s = make(x, y);
    S t = s;
    t.b.yz = s.a.yx + k1.zw;
    float3 r = mul(t.b, m);
    float4 o = float4(r, t.c);
    o.wx = o.xw * s.c;
    o.y += (float)(n.x & ik.y);
    return o;
}""",
    "branches_loops": """
cbuffer C { float4 k; int count; };
float4 main(float4 x : A, nointerpolation int4 n : N) : SV_Target {
    float4 acc = x;
    float4 keep = x.yzwx;
    if (x.x > 0.25) { acc.xy = keep.zw * 2.0; keep = acc; } else { acc.zw = k.xy; }
    [loop] for (int i = 0; i < (n.y & 7); ++i) {
        float4 tmp = acc;
        acc = tmp.yzwx + keep;
        if (acc.x > 100.0) break;
        keep.x = tmp.w;
    }
    switch (n.z & 3) {
        case 0: acc.x = keep.y; break;
        case 1: case 2: acc.z += keep.z; break;
        default: acc = keep; break;
    }
    return acc + keep;
}""",
    "integers_and_multi_dst": """
cbuffer C { uint4 u; };
float4 main(nointerpolation uint4 a : A, nointerpolation uint4 b : B, float4 f : F) : SV_Target {
    uint4 q = a / (b | 1u);
    uint4 r = a % (b | 1u);
    uint4 x = q * r + (a << (b & 7u)) ^ u;
    float s, c;
    sincos(f.x, s, c);
    int4 i = int4(a) * int4(b);
    float4 o = float4(x & 0xFFFFu) + float4(s, c, s * c, 0.0);
    o.w = asfloat(asuint(f.w) ^ x.w);
    return o + float4(i & 255);
}""",
    "dynamic_index_and_arrays": """
cbuffer C { float4 arr[4]; };
float4 main(float4 x : A, nointerpolation uint4 n : N) : SV_Target {
    float4 loc[3] = { x, x.yzwx, x * 2.0 };
    loc[n.x % 3] = arr[n.y & 3];
    float4 v = loc[n.z % 3];
    v.x += v[n.w & 3];
    for (uint k = 0; k < (n.y & 3); ++k) { v[k] = loc[k % 3].y; }  // [loop] would forbid the unroll: X3500
    return v + arr[(n.x + 1) & 3];
}""",
    "saturate_and_modifiers": """
float4 main(float4 x : A, float4 y : B) : SV_Target {
    float4 a = saturate(x * y);
    float4 b = -abs(a.yxwz);
    float4 c = b;
    c.x = -c.y;
    if (any(c < -0.5)) discard;
    return max(c, a) + abs(b);
}""",
}

VS_SOURCES = {
    "mesh": (VS_MESH, "VSMesh"),
    "skin": ("""
cbuffer C { float4x4 world; float4x4 vp; float4 bones[8]; };
struct I { float3 p : POSITION; float3 n : NORMAL; uint4 idx : BLENDINDICES; float4 w : BLENDWEIGHT; };
struct O { float4 p : SV_Position; float3 n : NORMAL; float4 c : COLOR; float2 uv : TEXCOORD; };
O main(I i) {
    O o;
    float4 off = bones[i.idx.x & 7] * i.w.x + bones[i.idx.y & 7] * i.w.y;
    float4 wp = mul(float4(i.p + off.xyz, 1.0), world);
    o.p = mul(wp, vp);
    o.n = normalize(mul(i.n, (float3x3)world));
    o.c = float4(o.n * 0.5 + 0.5, off.w);
    o.uv = wp.xz;
    return o;
}""", "main"),
}


def _random_inputs(rng: np.random.Generator, nregs: int) -> np.ndarray:
    f = rng.uniform(-2.0, 2.0, (nregs, LANES, 4)).astype(np.float32).view(np.uint32)
    ints = rng.integers(0, 1 << 16, (nregs, LANES, 4), dtype=np.uint32)
    pick = rng.random((nregs, LANES, 4)) < 0.3
    return np.where(pick, ints, f).astype(np.uint32)


def _run(res, inputs: np.ndarray, cb: np.ndarray):
    b = Bindings()
    b.set_cbuffer(0, cb)
    return run_program(res.program, LANES, inputs=inputs, bindings=b)


def _check_equivalent(src: str, entry: str, target: str, seed: int, packing_only: bool = False) -> None:
    on = compile_listing(src, entry, target)
    off = compile_listing(src, entry, target, enabled=not packing_only, pack=False)
    assert len(body(on.listing)) <= len(body(off.listing))
    rng = np.random.default_rng(seed)
    cb = np.concatenate([rng.uniform(-2, 2, 64).astype(np.float32).view(np.uint32),
                         rng.integers(0, 64, 64, dtype=np.uint32)])
    for _ in range(3):
        inputs = _random_inputs(rng, 8)
        a, b = _run(on, inputs, cb), _run(off, inputs, cb)
        assert np.array_equal(a.outputs, b.outputs)
        if a.discarded is not None or b.discarded is not None:
            assert np.array_equal(np.asarray(a.discarded), np.asarray(b.discarded))


@pytest.mark.parametrize("name", sorted(PS_SOURCES))
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_pixel_shader_outputs_identical_with_and_without_pass(name: str, target: str):
    _check_equivalent(PS_SOURCES[name], "main", target, seed=zlib.crc32(name.encode()))


@pytest.mark.parametrize("name", sorted(PS_SOURCES))
def test_component_packing_alone_keeps_outputs(name: str):
    _check_equivalent(PS_SOURCES[name], "main", "ps_5_0", seed=zlib.crc32(name.encode()) ^ 1, packing_only=True)


@pytest.mark.parametrize("name", sorted(VS_SOURCES))
def test_vertex_shader_outputs_identical_with_and_without_pass(name: str):
    src, entry = VS_SOURCES[name]
    _check_equivalent(src, entry, "vs_5_0", seed=7)


def test_disabled_pass_leaves_code_as_generated():
    off1 = compile_listing(VS_MESH, "VSMesh", "vs_5_0", enabled=False).listing
    on = compile_listing(VS_MESH, "VSMesh", "vs_5_0").listing
    assert len(body(off1)) > len(body(on))
    assert body(off1).count("ret") == 1


# --- equivalence of compute shaders (through the D3D11 API: UAVs, groupshared memory, atomics) ----------

CS_SOURCES = {
    "reduce": """
RWStructuredBuffer<uint> buf : register(u0);
cbuffer C : register(b0) { uint4 k; };
groupshared float sh[64];
[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint lid : SV_GroupIndex) {
    uint base = gid.x * 64;
    float s = 0.0;
    for (uint j = 0; j < 3; ++j) s += asfloat(buf[(base + j * 17 + lid) & 255] & 0x3fffffffu);
    sh[lid] = s;
    GroupMemoryBarrierWithGroupSync();
    for (uint st = 32; st > 0; st >>= 1) {
        if (lid < st) sh[lid] += sh[lid + st];
        GroupMemoryBarrierWithGroupSync();
    }
    if (lid == 0) buf[256 + gid.x] = asuint(sh[0]);
}""",
    "atomics_and_flow": """
RWStructuredBuffer<uint> buf : register(u0);
cbuffer C : register(b0) { uint4 k; };
[numthreads(32, 2, 1)]
void main(uint3 t : SV_DispatchThreadID, uint3 l : SV_GroupThreadID) {
    uint i = t.x + t.y * 64;
    uint v = buf[i & 255];
    uint acc = v;
    [loop] while ((acc & 7u) != 3u && acc > k.x) { acc = (acc >> 1) ^ (acc * 3u + l.x); }
    uint old;
    InterlockedAdd(buf[300 + (i & 7)], acc & 0xffu, old);
    uint2 p = uint2(v, acc);
    p = p.yx;
    switch (v & 3u) { case 0: p.x += 1; break; case 1: p.y = p.x; break; default: p += k.yz; break; }
    buf[320 + i] = p.x ^ (p.y << 1) ^ (old & 0);
}""",
}


def _run_cs(blob: bytes, data: np.ndarray, cbdata: np.ndarray, groups: tuple[int, int, int]) -> np.ndarray:
    from pyd3d11.d3d11 import (
        D3D11_BIND_CONSTANT_BUFFER,
        D3D11_BIND_UNORDERED_ACCESS,
        D3D11_BUFFER_DESC,
        D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
        D3D11_SDK_VERSION,
        D3D11_SUBRESOURCE_DATA,
        D3D11_UAV_DIMENSION_BUFFER,
        D3D11_UNORDERED_ACCESS_VIEW_DESC,
        D3D_DRIVER_TYPE_HARDWARE,
        DXGI_FORMAT_UNKNOWN,
        D3D11CreateDevice,
    )

    dev, _lvl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                             StructureByteStride=4), D3D11_SUBRESOURCE_DATA(pSysMem=data))
    ud = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER)
    ud.Buffer.NumElements = data.size
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=cbdata.nbytes, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=cbdata))
    ctx.CSSetShader(dev.CreateComputeShader(blob, None))
    ctx.CSSetConstantBuffers(0, 1, [cb])
    ctx.CSSetUnorderedAccessViews(0, 1, [dev.CreateUnorderedAccessView(buf, ud)], None)
    ctx.Dispatch(*groups)
    return np.array(buf._storage.data.view(np.uint32))


@pytest.mark.parametrize("name", sorted(CS_SOURCES))
def test_compute_shader_results_identical_with_and_without_pass(name: str):
    on = compile_listing(CS_SOURCES[name], "main", "cs_5_0")
    off = compile_listing(CS_SOURCES[name], "main", "cs_5_0", enabled=False)
    assert len(body(on.listing)) < len(body(off.listing))
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    data = rng.integers(0, 1 << 32, 512, dtype=np.uint64).astype(np.uint32)
    cbdata = rng.integers(0, 1 << 12, 4, dtype=np.uint32)
    a = _run_cs(on.blob, data, cbdata, (2, 1, 1))
    b = _run_cs(off.blob, data, cbdata, (2, 1, 1))
    assert not np.array_equal(a, data)  # the shader did write
    assert np.array_equal(a, b)


def test_repeated_pure_operations_are_computed_once():
    from pyd3d11.d3dcompiler import D3DCompile as compile_
    from pyd3d11.shader.dxbc.disasm import disassemble as dis

    src = """float4 main(float4 a : A, float4 b : B) : SV_Target {
        float4 x = a * b + 1;
        float4 y = a * b + 2;           // a * b again
        float s = dot(a, b) + dot(a, b);  // the same dot twice
        return x + y + s;
    }"""
    listing = dis(bytes(compile_(src, None, "t.hlsl", None, None, "main", "ps_4_0")))
    ops = [ln.split()[0] for ln in listing.splitlines() if ln and not ln.startswith(("//", "dcl_", "ps_"))]
    assert ops.count("dp4") == 1
    assert ops.count("mul") + ops.count("mad") <= 2  # a * b once (possibly fused into its first use)
